//! Elfreina Extension Model files (`.elem`): lexer, recovering parser, schema, model, evaluation
//! (poses, [`eval`]) and rules.

pub mod eval;
pub mod lexer;
pub mod model;
pub mod parser;
pub mod rules;
pub mod schema;
pub mod syntax;
pub mod values;

use std::path::Path;

use crate::diagnostic::Diagnostic;
use crate::env::FileSystem;
use crate::text::LineIndex;

/// A parsed `.elem` file: its syntax tree and the names it defines and uses.
#[derive(Debug)]
pub struct ElemFile {
    pub tree: syntax::SyntaxTree,
    pub model: model::Model,
}

impl ElemFile {
    pub fn parse(text: &str) -> ElemFile {
        let tree = parser::parse(text);
        let model = model::Model::build(text, &tree);
        ElemFile { tree, model }
    }

    /// Syntax errors and every rule's findings, unsorted.
    pub fn diagnostics(
        &self,
        text: &str,
        lines: &LineIndex,
        path: Option<&Path>,
        fs: &dyn FileSystem,
    ) -> Vec<Diagnostic> {
        let mut out = self.tree.errors.clone();
        out.extend(rules::check(text, &self.tree, &self.model, lines, path, fs));
        out
    }
}
