//! Elfreina Extension Model files (`.elem`): lexer, recovering parser, schema, model, evaluation
//! (poses, [`eval`]) and rules.

pub mod eval;
pub mod lexer;
pub mod model;
pub mod parser;
pub mod reparse;
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
        ElemFile::of_tree(text, parser::parse(text))
    }

    /// The file whose syntax tree is `tree` (of `text`: [`reparse`] makes one from an earlier
    /// version's).
    pub fn of_tree(text: &str, tree: syntax::SyntaxTree) -> ElemFile {
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
