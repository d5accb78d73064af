//! DragonBones skeleton (`*_ske.json`) and texture-atlas (`*_tex.json`) files: JSON lexer,
//! recovering parser, schema, model and rules.

pub mod lexer;
pub mod parser;
pub mod syntax;
