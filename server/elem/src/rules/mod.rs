//! `.elem` rules: each file checks one family of problems over the tree, the model and the schema.

mod counts;
mod files;
mod finite;
mod geometry;
mod header;
mod indices;
mod names;
mod structure;
pub mod targets;
mod values;

pub use values::ValuesReuse;

use std::path::Path;

use super::eval::ElemRig;
use super::model::Model;
use super::schema::{self, ScopeKind};
use super::syntax::{ScopeId, SyntaxTree};
use super::values::{Atom, Values};
use rigls_diagnostic::env::FileSystem;
use rigls_diagnostic::{Code, Diagnostic, FileFormat};
use rigls_text::{LineIndex, TextRange};

/// One run of the rules over a file: what they read, and the diagnostics found so far.
pub struct ElemCheck<'a> {
    pub text: &'a str,
    pub tree: &'a SyntaxTree,
    pub model: &'a Model,
    /// The evaluated rig, read when a rule first asks for it ([`crate::ElemFile::rig`]).
    pub rig: Rig<'a>,
    pub lines: &'a LineIndex,
    /// The checked file, when it has one (stdin and unsaved buffers may not).
    pub path: Option<&'a Path>,
    pub fs: &'a dyn FileSystem,
    pub out: Vec<Diagnostic>,
}

impl<'a> ElemCheck<'a> {
    /// The same inputs, with no findings yet.
    pub fn fresh(&self) -> ElemCheck<'a> {
        ElemCheck { out: Vec::new(), ..*self }
    }

    pub fn slice(&self, range: TextRange) -> &str {
        range.slice(self.text)
    }

    pub fn tag(&self, id: ScopeId) -> &str {
        self.tree.scope(id).tag.slice(self.text)
    }

    pub fn push(&mut self, d: Diagnostic) {
        self.out.push(d);
    }

    pub fn line_no(&self, offset: u32) -> u32 {
        self.lines.line_of(offset) + 1
    }

    /// The value of `key` in scope `id` as an integer, when it is one.
    pub fn int_key(&self, id: ScopeId, key: &str) -> Option<(i64, TextRange)> {
        let line = self.tree.key(self.text, id, key).filter(|l| l.ok)?;
        let values = Values::read(self.text, line.value);
        match values.atoms.as_slice() {
            [atom] => Some((atom.as_i64(self.text)?, line.key)),
            _ => None,
        }
    }

    /// The number of items a count names: the declared count when valid, and the length of every
    /// list it counts. Index checks use the largest, so one wrong count is reported once (as
    /// `count-mismatch`) rather than again on every index it would invalidate.
    pub fn bound(&self, id: ScopeId, count_key: &str, lists: &[ScopeKind]) -> Option<i64> {
        let declared = self.int_key(id, count_key).map(|(n, _)| n).filter(|&n| n >= 0);
        let lengths = lists
            .iter()
            .flat_map(|&k| self.tree.children_of(id, k).collect::<Vec<_>>())
            .map(|c| self.tree.entry_count(c) as i64);
        declared.into_iter().chain(lengths).max()
    }

    /// Each entry of a list scope with its atoms, skipping lines with syntax errors.
    pub fn each_entry(&self, list: ScopeId, mut f: impl FnMut(usize, TextRange, &[Atom], &Values)) {
        rigls_text::cancel::check();
        let mut values = Values::default();
        for (i, entry) in self.tree.entries(list).enumerate() {
            if entry.ok {
                values.fill(self.text, entry.range);
                f(i, entry.range, &values.atoms, &values);
            }
        }
    }

    /// Scopes of a kind, anywhere, in document order.
    pub fn scopes_of(&self, kind: ScopeKind) -> Vec<ScopeId> {
        self.tree.preorder().into_iter().filter(|&s| self.tree.kind(s) == kind).collect()
    }
}

/// A diagnostic of `code` with the severity the catalogue gives it in `.elem`; a case it lists
/// as milder is reported with [`Diagnostic::of_case`].
pub fn report(code: Code, range: TextRange, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(code, FileFormat::Elem, range, message)
}

/// One family of checks over the file.
type Rule = fn(&mut ElemCheck);

/// The file's evaluated rig, read on first call (on whichever thread asks first).
pub type Rig<'a> = &'a (dyn Fn() -> &'a ElemRig + Sync);

/// Runs every rule over `ctx` (no findings yet); also returns the values rule's own findings (for
/// [`ValuesReuse`]).
pub fn check(ctx: ElemCheck<'_>, reuse: Option<ValuesReuse<'_>>) -> (Vec<Diagnostic>, Vec<Diagnostic>) {
    let parallel = ctx.text.len() >= rigls_text::parallel::PARALLEL_ABOVE;
    check_on_threads(ctx, reuse, parallel)
}

/// [`check`], on one thread or on several (`parallel`): the same findings either way (which the
/// rule tests check on every fixture).
pub fn check_on_threads(
    mut ctx: ElemCheck<'_>,
    reuse: Option<ValuesReuse<'_>>,
    parallel: bool,
) -> (Vec<Diagnostic>, Vec<Diagnostic>) {
    let inputs = ctx.fresh();
    // Their findings in this order (the sort after it keeps the order of equal findings).
    let (before, after): ([Rule; 2], [Rule; 6]) = (
        [header::check, structure::check],
        [counts::check, indices::check, names::check, files::check, geometry::check, finite::check],
    );
    let found = |rule: Rule| {
        rigls_text::cancel::check();
        let mut own = inputs.fresh();
        rule(&mut own);
        own.out
    };
    let values = || {
        rigls_text::cancel::check();
        values::check(&inputs, reuse, parallel)
    };
    let (before_found, values, after_found): ([Vec<Diagnostic>; 2], _, [Vec<Diagnostic>; 6]) = if !parallel {
        (before.map(found), values(), after.map(found))
    } else {
        // A large model's rules on two cores, in two groups of about equal work, each of which
        // reads the numbers of every list once: `finite` poses the meshes (reading the rig), the
        // values rule reads every line (in two halves, the second free for the other core), and
        // `indices` and `geometry` read the faces and the weights again.
        let [header, structure] = before;
        let [counts, indices, names, files, geometry, finite] = after;
        let small = || [header, structure, counts, names, files].map(found);
        let ((finite, small), ((indices, geometry), values)) = rigls_text::parallel::join(
            || rigls_text::parallel::join(|| found(finite), small),
            || rigls_text::parallel::join(|| (found(indices), found(geometry)), values),
        );
        let [header, structure, counts, names, files] = small;
        ([header, structure], values, [counts, indices, names, files, geometry, finite])
    };
    ctx.out.extend(before_found.into_iter().flatten());
    ctx.out.extend(values.iter().cloned());
    ctx.out.extend(after_found.into_iter().flatten());
    (ctx.out, values)
}

/// `1 entry`, `2 entries`.
pub fn plural(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Name of a scope kind for messages (`Mesh`, `Texture2UV`).
pub fn kind_name(kind: ScopeKind) -> String {
    schema::tag_of(kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rigls_diagnostic::env::MemoryFs;

    #[test]
    fn a_cancelled_check_on_several_threads_stops() {
        let text = include_str!("../../../../examples/walker.elem");
        let tree = crate::parser::parse(text);
        let model = Model::build(text, &tree);
        let rig = ElemRig::read(text, &tree);
        let lines = LineIndex::new(text);
        let fs = MemoryFs::default();
        let token = rigls_text::cancel::Token::default();
        token.cancel();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let ctx = ElemCheck {
                text,
                tree: &tree,
                model: &model,
                rig: &|| &rig,
                lines: &lines,
                path: None,
                fs: &fs,
                out: Vec::new(),
            };
            rigls_text::cancel::run(&token, || check_on_threads(ctx, None, true))
        }));
        assert!(outcome.is_err_and(|p| rigls_text::cancel::is_cancelled(&*p)));
    }
}
