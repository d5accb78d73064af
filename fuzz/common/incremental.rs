//! Incremental analysis against a fresh one: after every edit, [`Analysis::reanalyse`] of the
//! previous version must give what [`Analysis::new`] gives of the same text — the syntax tree,
//! the model, every diagnostic, symbol, fold and semantic token (also as the splice of the
//! previous version's tokens the server makes of them). Shared by the property test
//! (`server/tests/incremental.rs`) and the `analysis_incremental` fuzz target.
#![allow(dead_code)]

use std::path::Path;

use rigls::env::FileSystem;
use rigls::ide::{self, Analysis, ParsedFile};

/// One edit: `text[from..to]` replaced by `with` (offsets are moved back to character
/// boundaries, and clamped).
#[derive(Clone, Debug)]
pub struct Edit {
    pub from: usize,
    pub to: usize,
    pub with: String,
}

impl Edit {
    pub fn apply(&self, text: &str) -> String {
        let boundary = |mut at: usize| {
            at = at.min(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            at
        };
        let (a, b) = (boundary(self.from), boundary(self.to));
        let (a, b) = (a.min(b), a.max(b));
        format!("{}{}{}", &text[..a], self.with, &text[b..])
    }
}

/// Everything an analysis offers that an edit could get wrong, written out for comparison.
pub fn observed(analysis: &Analysis) -> Vec<(&'static str, String)> {
    // Models are compared apart (`same_model`): they hold hash maps, whose order is random.
    // Written out on one line (`{:?}`): the indented form took a third of each fuzz execution.
    let parsed = match &analysis.parsed {
        ParsedFile::Elem(file) => format!("{:?}", file.tree),
        ParsedFile::DragonBones(file) => format!("{:?}\n{:?}", file.tree, file.atlases),
        ParsedFile::Other => "other".to_owned(),
    };
    vec![
        ("kind", format!("{:?}", analysis.kind())),
        ("lines", format!("{:?}", analysis.lines)),
        ("parse", parsed),
        ("diagnostics", format!("{:?}", analysis.diagnostics)),
        ("symbols", format!("{:?}", ide::document_symbols(analysis))),
        ("folds", format!("{:?}", ide::folding_ranges(analysis))),
        ("tokens", format!("{:?}", ide::semantic_tokens(analysis))),
    ]
}

/// Reanalyses `text` from `previous` and checks it against a fresh analysis; returns the
/// incremental one (the next edit's previous version). Panics, naming what differs, otherwise.
pub fn reanalyse_and_compare(previous: &Analysis, text: String, fs: &dyn FileSystem) -> Analysis {
    let fresh = Analysis::new(previous.path.as_deref(), text.clone(), fs);
    let incremental = Analysis::reanalyse(previous, text, fs);
    let same_model = match (&fresh.parsed, &incremental.parsed) {
        (ParsedFile::Elem(a), ParsedFile::Elem(b)) => a.model == b.model,
        (ParsedFile::DragonBones(a), ParsedFile::DragonBones(b)) => a.model == b.model,
        (a, b) => std::mem::discriminant(a) == std::mem::discriminant(b),
    };
    assert!(same_model, "incremental analysis differs from a fresh one in its model\ntext: {:?}", fresh.text);
    for ((what, want), (_, got)) in observed(&fresh).into_iter().zip(observed(&incremental)) {
        if want != got {
            let diff = first_difference(&want, &got);
            panic!("incremental analysis differs from a fresh one in its {what}:\n{diff}\ntext: {:?}", fresh.text);
        }
    }
    // The tokens as the server computes them after such an edit: the previous version's with
    // those of the reparsed part replaced.
    if let Some(splice) = ide::semantic_tokens_splice(&incremental) {
        assert_eq!(splice.replaced.previous, previous.id, "a splice of another version's tokens");
        let (want, got) = (ide::semantic_tokens(&fresh), splice.apply(&ide::semantic_tokens(previous)));
        if want != got {
            let diff = first_difference(&format!("{want:#?}"), &format!("{got:#?}"));
            panic!("spliced semantic tokens differ from a fresh analysis's:\n{diff}\ntext: {:?}", fresh.text);
        }
    }
    incremental
}

/// Applies `edits` one after the other to `text`, analysed as `path`, comparing after each.
pub fn check_edit_stream(path: &str, text: String, edits: &[Edit], fs: &dyn FileSystem) {
    let mut analysis = Analysis::new(Some(Path::new(path)), text, fs);
    for edit in edits {
        let text = edit.apply(&analysis.text);
        analysis = reanalyse_and_compare(&analysis, text, fs);
    }
}

/// The text around the first difference of two one-line write-ups.
fn first_difference(want: &str, got: &str) -> String {
    let at = want.bytes().zip(got.bytes()).position(|(a, b)| a != b).unwrap_or(want.len().min(got.len()));
    let show = |s: &str| {
        let mut from = at.saturating_sub(200).min(s.len());
        while !s.is_char_boundary(from) {
            from -= 1;
        }
        s[from..].chars().take(400).collect::<String>()
    };
    format!("fresh (from byte {at}, 200 before it):\n  {}\nincremental:\n  {}", show(want), show(got))
}
