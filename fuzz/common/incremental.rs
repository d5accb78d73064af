//! Incremental analysis against a fresh one: after every edit, [`Analysis::reanalyse`] of the
//! previous version must give what [`Analysis::new`] gives of the same text — the syntax tree,
//! the model, every diagnostic, symbol, fold and semantic token (also as the splice of the
//! previous version's tokens the server makes of them). Shared by the property test
//! (`server/ide/tests/it/incremental.rs`) and the `analysis_incremental` fuzz target.
#![allow(dead_code)]

use std::cell::OnceCell;
use std::fmt::{self, Debug};
use std::path::Path;

use rigls_diagnostic::env::FileSystem;
use rigls_diagnostic::{Code, Diagnostic};
use rigls_ide::{self as ide, Analysis, Fold, ParsedFile, SemanticToken, Symbol};

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

/// A version's analysis and its semantic tokens, computed once when first asked for (they are
/// compared, and the next version's splice is applied to them).
pub struct Version {
    pub analysis: Analysis,
    tokens: OnceCell<Vec<SemanticToken>>,
}

impl Version {
    pub fn new(analysis: Analysis) -> Version {
        Version { analysis, tokens: OnceCell::new() }
    }

    fn tokens(&self) -> &[SemanticToken] {
        self.tokens.get_or_init(|| ide::semantic_tokens(&self.analysis))
    }
}

/// A fresh analysis of a text: what the incremental analyses of that text are compared with,
/// each part computed once however many versions are compared with it (an edit undone returns
/// to a text already analysed fresh).
pub struct Fresh {
    pub version: Version,
    shown: OnceCell<Shown>,
}

/// What the comparison reads of an analysis besides its model and tokens: the parts whose types
/// have no `PartialEq` written out with `{:?}` (on one line: the indented form took a third of
/// each fuzz execution), the rest as values.
struct Shown {
    written: [(&'static str, String); 3],
    symbols: Vec<Symbol>,
    folds: Vec<Fold>,
}

impl Fresh {
    pub fn new(path: Option<&Path>, text: String, fs: &dyn FileSystem) -> Fresh {
        Fresh::of(Analysis::new(path, text, fs))
    }

    pub fn of(analysis: Analysis) -> Fresh {
        Fresh { version: Version::new(analysis), shown: OnceCell::new() }
    }

    fn shown(&self) -> &Shown {
        self.shown.get_or_init(|| {
            let analysis = &self.version.analysis;
            let written = WRITTEN.map(|(what, write)| {
                let mut out = String::new();
                write(analysis, &mut out).expect("a String takes any write-up");
                (what, out)
            });
            Shown { written, symbols: ide::document_symbols(analysis), folds: ide::folding_ranges(analysis) }
        })
    }
}

type WriteUp = fn(&Analysis, &mut dyn fmt::Write) -> fmt::Result;

/// The parts compared as their `{:?}` write-ups (their types have no `PartialEq`; models are
/// compared apart, as values: they hold hash maps, whose order is random). The syntax trees are
/// compared as values too ([`same_tree`]), their write-ups made only to show a difference.
const WRITTEN: [(&str, WriteUp); 3] = [
    ("kind", |a, out| write!(out, "{:?}", a.kind())),
    ("lines", |a, out| write!(out, "{:?}", a.lines)),
    ("paired atlases", |a, out| match &a.parsed {
        ParsedFile::DragonBones(file) => write!(out, "{:?}", file.atlases),
        _ => Ok(()),
    }),
];

fn write_tree(analysis: &Analysis) -> String {
    match &analysis.parsed {
        ParsedFile::Elem(file) => format!("{:?}", file.tree),
        ParsedFile::DragonBones(file) => format!("{:?}", file.tree),
        ParsedFile::Other => "other".to_owned(),
    }
}

/// Whether two analyses have the same syntax tree: every field of it compared, as its `{:?}`
/// write-up shows it (the patterns name every field and variant, so one added to the trees'
/// types does not compile here until it is compared).
fn same_tree(a: &ParsedFile, b: &ParsedFile) -> bool {
    use rigls_dragonbones::syntax::Tree;
    use rigls_elem::syntax::{Entry, Item, KeyLine, Scope, SyntaxTree};
    fn same_scope(a: &Scope, b: &Scope) -> bool {
        let Scope { kind, tag, open, close, range, parent, indent, modes, items } = a;
        *kind == b.kind
            && *tag == b.tag
            && *open == b.open
            && *close == b.close
            && *range == b.range
            && *parent == b.parent
            && *indent == b.indent
            && *modes == b.modes
            && items.len() == b.items.len()
            && items.iter().zip(&b.items).all(|(x, y)| match x {
                Item::Key(KeyLine { key, value, ok }) => {
                    matches!(y, Item::Key(y) if *key == y.key && *value == y.value && *ok == y.ok)
                }
                Item::Entry(Entry { range, ok }) => matches!(y, Item::Entry(y) if *range == y.range && *ok == y.ok),
                Item::Scope(id) => matches!(y, Item::Scope(y) if id == y),
            })
    }
    match (a, b) {
        (ParsedFile::Elem(a), ParsedFile::Elem(b)) => {
            let SyntaxTree { scopes, errors } = &a.tree;
            *errors == b.tree.errors
                && scopes.len() == b.tree.scopes.len()
                && scopes.iter().zip(&b.tree.scopes).all(|(x, y)| same_scope(x, y))
        }
        (ParsedFile::DragonBones(a), ParsedFile::DragonBones(b)) => {
            // `Node` is compared as its packed fields: kind, range, flags and next, all it shows.
            let Tree { nodes, errors } = &a.tree;
            *nodes == b.tree.nodes && *errors == b.tree.errors
        }
        (ParsedFile::Other, ParsedFile::Other) => true,
        _ => false,
    }
}

/// Reanalyses `text` from `previous` and checks it against a fresh analysis; returns the
/// incremental one (the next edit's previous version). Panics, naming what differs, otherwise.
///
/// Every other text (by the parity of its length) is reanalysed in two steps, as the server does
/// ([`Analysis::reanalyse_in_steps`]), and its first step checked too ([`check_first_step`]).
pub fn reanalyse_and_compare(previous: &Analysis, text: String, fs: &dyn FileSystem) -> Analysis {
    let fresh = Fresh::new(previous.path.as_deref(), text.clone(), fs);
    if text.len().is_multiple_of(2) {
        let incremental = Analysis::reanalyse(previous, text, fs);
        return compare_with(&fresh, incremental, previous, &ide::semantic_tokens(previous)).analysis;
    }
    let first = std::sync::Mutex::new(Vec::new());
    let early = |step: ide::FirstStep<'_>| first.lock().expect("not poisoned").push(step.diagnostics);
    let incremental = Analysis::reanalyse_in_steps(previous, text, fs, false, Some(&early));
    let analysis = compare_with(&fresh, incremental, previous, &ide::semantic_tokens(previous)).analysis;
    check_first_step(previous, &analysis, first.into_inner().expect("not poisoned"));
    analysis
}

/// The codes the runtime's rules report: what the first step of an analysis in two steps may
/// lack or hold from the previous version.
pub const RUNTIME_CODES: [Code; 6] = [
    Code::NonFinitePose,
    Code::IkCycle,
    Code::ArmatureCycle,
    Code::InvalidValue,
    Code::UnknownDisplay,
    Code::ArrayOverflow,
];

/// Checks the first steps `first` of the analysis in two steps `analysis` of a later version of
/// `previous`: one step for a DragonBones skeleton (no binary), none otherwise; in reading order;
/// every diagnostic the analysis's own, or the previous version's moved past the edit; and what
/// it lacks only of the runtime's codes.
pub fn check_first_step(previous: &Analysis, analysis: &Analysis, first: Vec<Vec<Diagnostic>>) {
    let text = &analysis.text;
    let in_steps = analysis.kind() == ide::FileKind::DragonBonesSkeleton && !analysis.is_binary();
    assert_eq!(first.len(), usize::from(in_steps), "first steps of a {:?}\ntext: {text:?}", analysis.kind());
    let Some(first) = first.first() else { return };
    let mut sorted = first.clone();
    rigls_diagnostic::sort(&mut sorted);
    assert_eq!(&sorted, first, "the first step is not in reading order\ntext: {text:?}");
    let change = rigls_text::TextChange::between(&previous.text, text);
    let carried = |d: &Diagnostic| {
        previous
            .diagnostics
            .iter()
            .any(|p| p.code == d.code && p.message == d.message && change.map(p.range) == Some(d.range))
    };
    for d in first {
        assert!(
            analysis.diagnostics.contains(d) || (RUNTIME_CODES.contains(&d.code) && carried(d)),
            "the first step holds a diagnostic neither the analysis nor the previous version has: {d:?}\ntext: {text:?}"
        );
    }
    for d in &analysis.diagnostics {
        assert!(
            first.contains(d) || RUNTIME_CODES.contains(&d.code),
            "the first step lacks a diagnostic the runtime's rules do not report: {d:?}\ntext: {text:?}"
        );
    }
}

/// Checks `incremental`, the reanalysis of `previous`, against `fresh`, the fresh analysis of the
/// same text; returns it as the next edit's previous version. Panics, naming what differs,
/// otherwise.
pub fn compare(fresh: &Fresh, incremental: Analysis, previous: &Version) -> Version {
    compare_with(fresh, incremental, &previous.analysis, previous.tokens())
}

fn compare_with(
    fresh: &Fresh,
    incremental: Analysis,
    previous: &Analysis,
    previous_tokens: &[SemanticToken],
) -> Version {
    let want = &fresh.version.analysis;
    assert_eq!(want.text, incremental.text, "compared with a fresh analysis of another text");
    let same_model = match (&want.parsed, &incremental.parsed) {
        (ParsedFile::Elem(a), ParsedFile::Elem(b)) => a.model == b.model,
        (ParsedFile::DragonBones(a), ParsedFile::DragonBones(b)) => a.model == b.model,
        (a, b) => std::mem::discriminant(a) == std::mem::discriminant(b),
    };
    assert!(same_model, "incremental analysis differs from a fresh one in its model\ntext: {:?}", want.text);
    let shown = fresh.shown();
    for ((what, written), (_, write)) in shown.written.iter().zip(WRITTEN) {
        // Written out and matched as it is written, byte for byte.
        let mut matching = Matching { want: written, at: 0 };
        if write(&incremental, &mut matching).is_err() || matching.at != written.len() {
            let mut got = String::new();
            write(&incremental, &mut got).expect("a String takes any write-up");
            differs(what, written, &got, &want.text);
        }
    }
    if !same_tree(&want.parsed, &incremental.parsed) {
        differs("parse", &write_tree(want), &write_tree(&incremental), &want.text);
    }
    // Compared as values (derived `PartialEq`, no floating-point fields): equal exactly when
    // their `{:?}` write-ups are.
    same("diagnostics", &want.diagnostics, &incremental.diagnostics, &want.text);
    same("symbols", &shown.symbols, &ide::document_symbols(&incremental), &want.text);
    same("folds", &shown.folds, &ide::folding_ranges(&incremental), &want.text);
    let incremental = Version::new(incremental);
    same("tokens", fresh.version.tokens(), incremental.tokens(), &want.text);
    // The tokens as the server computes them after such an edit: the previous version's with
    // those of the reparsed part replaced.
    if let Some(splice) = ide::semantic_tokens_splice(&incremental.analysis) {
        assert_eq!(splice.replaced.previous, previous.id, "a splice of another version's tokens");
        let (want_tokens, got) = (fresh.version.tokens(), splice.apply(previous_tokens));
        if want_tokens != got {
            let diff = first_difference(&format!("{want_tokens:#?}"), &format!("{got:#?}"));
            panic!("spliced semantic tokens differ from a fresh analysis's:\n{diff}\ntext: {:?}", want.text);
        }
    }
    incremental
}

/// A write-up checked against `want` as it is written, without keeping it: an error as soon as
/// it departs from `want` (which also stops the writing).
struct Matching<'a> {
    want: &'a str,
    at: usize,
}

impl fmt::Write for Matching<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.at + s.len();
        if self.want.as_bytes().get(self.at..end) != Some(s.as_bytes()) {
            return Err(fmt::Error);
        }
        self.at = end;
        Ok(())
    }
}

fn same<T: PartialEq + Debug + ?Sized>(what: &str, want: &T, got: &T, text: &str) {
    if want != got {
        differs(what, &format!("{want:?}"), &format!("{got:?}"), text);
    }
}

fn differs(what: &str, want: &str, got: &str, text: &str) -> ! {
    let diff = first_difference(want, got);
    panic!("incremental analysis differs from a fresh one in its {what}:\n{diff}\ntext: {text:?}");
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
