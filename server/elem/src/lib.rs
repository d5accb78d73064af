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
pub mod target;
pub mod values;

use std::path::Path;
use std::sync::OnceLock;

use rigls_diagnostic::Diagnostic;
use rigls_diagnostic::env::FileSystem;
use rigls_text::{LineIndex, TextRange};

/// A parsed `.elem` file: its syntax tree and the names it defines and uses.
#[derive(Debug)]
pub struct ElemFile {
    pub tree: syntax::SyntaxTree,
    pub model: model::Model,
    /// The evaluated rig, read once when first asked for (by the rules, else by whoever needs a
    /// pose, a scene or a hover): see [`ElemFile::rig`]. Boxed: an analysis holds the file inline.
    rig: OnceLock<Box<eval::ElemRig>>,
    /// The values rule's findings once [`ElemFile::diagnostics`] ran: a later version that
    /// reparsed one scope reuses those outside it (the rule reads each line alone).
    values_findings: OnceLock<Vec<Diagnostic>>,
}

/// The earlier version a file was reparsed from: scope `old` of its text became `new`.
#[derive(Clone, Copy)]
pub struct ElemPrevious<'a> {
    pub file: &'a ElemFile,
    pub old: TextRange,
    pub new: TextRange,
}

impl ElemFile {
    pub fn parse(text: &str) -> ElemFile {
        ElemFile::of_tree(text, parser::parse(text))
    }

    /// The file whose syntax tree is `tree` (of `text`: [`reparse`] makes one from an earlier
    /// version's).
    pub fn of_tree(text: &str, tree: syntax::SyntaxTree) -> ElemFile {
        let model = model::Model::build(text, &tree);
        ElemFile { tree, model, rig: OnceLock::new(), values_findings: OnceLock::new() }
    }

    /// Syntax errors and every rule's findings, unsorted; with `previous`, the values rule's
    /// findings outside the reparsed scope are the previous version's, moved.
    pub fn diagnostics(
        &self,
        text: &str,
        lines: &LineIndex,
        path: Option<&Path>,
        fs: &dyn FileSystem,
        previous: Option<ElemPrevious<'_>>,
    ) -> Vec<Diagnostic> {
        let reuse = previous.and_then(|p| {
            let findings = p.file.values_findings.get()?;
            Some(rules::ValuesReuse { previous: findings, old: p.old, new: p.new })
        });
        let mut out = self.tree.errors.clone();
        let rig = || self.rig(text);
        let (tree, model) = (&self.tree, &self.model);
        let ctx = rules::ElemCheck { text, tree, model, rig: &rig, lines, path, fs, out: Vec::new() };
        let (found, values) = rules::check(ctx, reuse);
        out.extend(found);
        let _ = self.values_findings.set(values);
        out
    }

    /// What every pose of this version is made from (hierarchy, skins, clips), read once and
    /// shared by the rules, hovers, poses and scenes. `text` must be the text this file was
    /// parsed from.
    pub fn rig(&self, text: &str) -> &eval::ElemRig {
        self.rig.get_or_init(|| Box::new(eval::ElemRig::read(text, &self.tree)))
    }

    /// What the `targets` of `.elem` files do with `text` that the other rules do not say
    /// ([`rules::targets`]); nothing when none is named.
    pub fn target_diagnostics(&self, text: &str, targets: rigls_diagnostic::Targets) -> Vec<Diagnostic> {
        rules::targets::check(text, targets)
    }
}
