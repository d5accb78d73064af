//! Checks shared by the fuzz targets: an analysis of any text never panics, and every range it or
//! a feature hands out lies inside the text, on character boundaries; formatting `.elem` keeps
//! every value and the diagnostics, and is idempotent.
#![allow(dead_code)]

use std::path::Path;

use rigls_diagnostic::env::MemoryFs;
use rigls_elem::lexer::{Lexer, TokenKind};
use rigls_ide::{self as ide, Analysis, text_edit};
use rigls_text::{LineCol, PositionEncoding, TextRange};

pub fn in_text(text: &str, range: TextRange, what: &str) {
    assert!(range.start <= range.end, "{what}: inverted range {range:?}");
    assert!(range.end as usize <= text.len(), "{what}: {range:?} past the end ({})", text.len());
    assert!(text.is_char_boundary(range.start as usize), "{what}: {range:?} starts inside a character");
    assert!(text.is_char_boundary(range.end as usize), "{what}: {range:?} ends inside a character");
}

/// Offsets spread over the text, from the fuzzer's bytes, as the language server hands them to
/// features: inside the text, on character boundaries ([`rigls_text::LineIndex::offset`] clamps
/// and snaps every client position so).
pub fn offsets(text: &str, seed: &[u8]) -> Vec<u32> {
    let len = text.len();
    let mut out = vec![0, len / 2, len];
    out.extend(seed.iter().take(4).map(|&b| len * b as usize / 255));
    out.into_iter()
        .map(|mut at| {
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            at as u32
        })
        .collect()
}

/// How much one check asks of an analysis beyond the whole-document features.
#[derive(Clone, Copy, Debug)]
pub enum Breadth {
    /// Every offset of [`offsets`] and the first three fixes (the regression test).
    All,
    /// The fuzz targets' share of it, chosen by the input's last byte (`pick`): one of the
    /// offsets `0`, `len / 2`, `len` and one taken from the input, and one fix in two executions,
    /// any of the first 128 fixes: features at two offsets instead of seven, and half a fixed
    /// text analysed instead of three. A mutation of the last byte moves the choice, so every
    /// check stays reachable.
    Sampled { pick: u8 },
}

impl Breadth {
    /// The fuzz targets' breadth for `data`.
    pub fn sampled(data: &[u8]) -> Breadth {
        Breadth::Sampled { pick: data.last().copied().unwrap_or(0) }
    }
}

/// Analyses `text` as `path` for every target, checks the diagnostics and their fixes, converts
/// their positions, and runs every editor feature at a few offsets.
pub fn check_everything(path: &str, text: String, seed: &[u8]) -> Analysis {
    check(path, text, seed, Breadth::All)
}

/// [`check_everything`], asking as much as `breadth` says.
pub fn check(path: &str, text: String, seed: &[u8], breadth: Breadth) -> Analysis {
    // Checked for every target, so that the target rules (`docs/targets.md`) run too.
    let options = ide::AnalysisOptions {
        targets: rigls_diagnostic::Targets::of(rigls_diagnostic::Target::ALL),
        ..Default::default()
    };
    let alone = matches!(breadth, Breadth::All | Breadth::Sampled { pick: 0..64 });
    let cpp_alone = (alone && path.ends_with(".json")).then(|| text.clone());
    let analysis = Analysis::with_options(Some(Path::new(path)), text, &MemoryFs::default(), options);
    check_analysis(&analysis, path, seed, breadth);
    if let Some(text) = cpp_alone {
        // The C++ targets alone: `non-finite-pose` then poses their reading
        // (`rules/target_poses.rs`).
        let cpp = [rigls_diagnostic::Target::DragonBonesCpp, rigls_diagnostic::Target::Godot];
        let options = ide::AnalysisOptions { targets: rigls_diagnostic::Targets::of(&cpp), ..Default::default() };
        let named = Analysis::with_options(Some(Path::new(path)), text, &MemoryFs::default(), options);
        for d in &named.diagnostics {
            in_text(&named.text, d.range, d.code.as_str());
        }
    }
    analysis
}

/// Any bytes as a binary skeleton (`fuzz_ske.dbbin`): the reader, the evaluation, the JSON view
/// and its rules never panic, every range is inside the view, every editor feature answers on
/// it, a pose answers or refuses, and what `rigls convert` writes of it is JSON without a syntax
/// error that converts back to a binary (or is refused) without panicking.
pub fn check_binary(data: &[u8], breadth: Breadth) -> Analysis {
    let path = "fuzz_ske.dbbin";
    let analysis = Analysis::of_binary(Some(Path::new(path)), data, &MemoryFs::default());
    check_analysis(&analysis, path, data, breadth);
    // Every target's rules (the C++ runtime's read the header itself) and its reading's poses.
    let targets = rigls_diagnostic::Targets::of(rigls_diagnostic::Target::ALL);
    let named = Analysis::of_binary_for(Some(Path::new(path)), data, &MemoryFs::default(), targets);
    for d in &named.diagnostics {
        in_text(&named.text, d.range, d.code.as_str());
    }
    for target in [None, Some(rigls_diagnostic::Target::DragonBonesCpp)] {
        let request = ide::pose::PoseRequest { armature: None, animation: None, time: 0.0, target };
        let _ = ide::pose::pose(&analysis, &request);
        if let Some(first) = analysis.dragonbones().and_then(|f| f.evaluation(&analysis.text).data()?.armatures.first())
        {
            for animation in first.animations.iter().take(2) {
                let request = ide::pose::PoseRequest {
                    armature: None,
                    animation: Some(animation.name.clone()),
                    time: 0.25,
                    target,
                };
                let _ = ide::pose::pose(&analysis, &request);
            }
        }
    }
    if let Ok(json) = ide::convert::binary_to_json(data) {
        let text = String::from_utf8(json.bytes).expect("the JSON view is UTF-8");
        assert_eq!(text, *analysis.text, "convert writes the view");
        let tree = rigls_dragonbones::parser::parse(&text);
        assert!(tree.errors.is_empty(), "the JSON written has syntax errors: {:?}\n{text}", tree.errors);
        let _ = ide::convert::json_to_binary(&text);
    }
    analysis
}

/// The checks of [`check`] on an analysis made already.
fn check_analysis(analysis: &Analysis, path: &str, seed: &[u8], breadth: Breadth) {
    let text = analysis.text.as_str();
    for d in &analysis.diagnostics {
        in_text(text, d.range, d.code.as_str());
        for r in d.related.iter().filter(|r| r.file.is_none()) {
            in_text(text, r.range, "related");
        }
        for e in d.fixes.iter().flat_map(|f| &f.edits) {
            in_text(text, e.range, "fix");
        }
        for encoding in [PositionEncoding::Utf8, PositionEncoding::Utf16, PositionEncoding::Utf32] {
            let at = analysis.lines.line_col(d.range.start, encoding);
            let back = analysis.lines.offset(LineCol { line: at.line, col: at.col }, encoding);
            assert!(back <= analysis.lines.len());
        }
    }
    // A few fixes applied: the fixed text is analysed again without panicking.
    let fixes = analysis.diagnostics.iter().flat_map(|d| &d.fixes);
    let (skip, take) = match breadth {
        Breadth::All => (0, 3),
        Breadth::Sampled { pick } if pick % 2 == 0 => ((pick / 2) as usize % fixes.clone().count().max(1), 1),
        Breadth::Sampled { .. } => (0, 0),
    };
    for fix in fixes.skip(skip).take(take).filter(|_| !analysis.is_binary()) {
        let fixed = text_edit::apply(text, &fix.edits);
        let _ = Analysis::new(Some(Path::new(path)), fixed, &MemoryFs::default());
    }
    let len = text.len() as u32;
    for s in ide::semantic_tokens(analysis) {
        in_text(text, s.range, "semantic token");
    }
    for f in ide::folding_ranges(analysis) {
        in_text(text, f.range, "fold");
    }
    let _ = ide::document_symbols(analysis);
    let _ = ide::document_colors(analysis);
    if let Some(edits) = ide::format(analysis) {
        for e in &edits {
            in_text(text, e.range, "format");
        }
    }
    let _ = ide::inlay_hints(analysis, TextRange::new(0, len));
    let mut at = offsets(text, seed);
    if let Breadth::Sampled { pick } = breadth {
        // `offsets` gives three spread offsets, then up to four from the input.
        let spread = at[pick as usize % 3];
        let inputs = at.len() - 3;
        let from_input = (inputs > 0).then(|| at[3 + (pick / 3) as usize % inputs]);
        at = std::iter::once(spread).chain(from_input).collect();
    }
    for offset in at {
        if let Some(h) = ide::hover(analysis, offset) {
            in_text(text, h.range, "hover");
        }
        for c in ide::completions(analysis, offset) {
            in_text(text, c.replace_range, "completion");
        }
        let _ = ide::goto_definition(analysis, offset);
        let _ = ide::references(analysis, offset, true);
        let _ = ide::highlights(analysis, offset);
        let _ = ide::prepare_rename(analysis, offset);
        let _ = ide::rename(analysis, offset, "新しい名前");
        for r in ide::selection_ranges(analysis, offset) {
            in_text(text, r, "selection");
        }
        let at = offset.min(len);
        for action in ide::code_actions(analysis, TextRange::new(at, at)) {
            for e in action.edits.iter().filter(|e| e.file.is_none()).flat_map(|e| &e.edits) {
                in_text(text, e.range, "code action");
            }
        }
    }
}

/// The tokens of an `.elem` text, whitespace and line breaks aside.
fn elem_tokens(text: &str) -> Vec<&str> {
    Lexer::new(text)
        .filter(|t| !matches!(t.kind, TokenKind::Whitespace | TokenKind::Newline))
        .map(|t| t.range.slice(text))
        .collect()
}

fn codes(analysis: &Analysis) -> Vec<&'static str> {
    let mut codes: Vec<_> = analysis.diagnostics.iter().map(|d| d.code.as_str()).collect();
    codes.sort_unstable();
    codes
}

/// Formatting `text` as `.elem` (when the formatter takes it) keeps its tokens and diagnostic
/// codes, and formatting the result changes nothing.
pub fn check_formatting(text: &str) {
    let path = Path::new("fuzz.elem");
    let analysis = Analysis::new(Some(path), text.to_owned(), &MemoryFs::default());
    let Some(edits) = ide::format(&analysis) else { return };
    let formatted = text_edit::apply(text, &edits);
    assert_eq!(elem_tokens(&formatted), elem_tokens(text), "formatting changed a value:\n{formatted:?}");
    let again = Analysis::new(Some(path), formatted.clone(), &MemoryFs::default());
    assert_eq!(codes(&again), codes(&analysis), "formatting changed the diagnostics:\n{formatted:?}");
    assert_eq!(ide::format(&again), Some(Vec::new()), "formatting is not idempotent:\n{formatted:?}");
    // Format Selection: some of the whole formatting's edits, after which formatting the whole
    // gives the same text.
    let boundary = |at: usize| (at..=text.len()).find(|&i| text.is_char_boundary(i)).unwrap_or(text.len());
    for (from, to) in [(0, text.len() / 2), (text.len() / 3, 2 * text.len() / 3), (text.len(), text.len())] {
        let range = TextRange::new(boundary(from) as u32, boundary(to) as u32);
        let part = ide::format_range(&analysis, range).expect("a formatted document formats in part");
        assert!(part.iter().all(|e| edits.contains(e)), "a range's edit is not the whole's: {range:?}\n{text:?}");
        let partly = text_edit::apply(text, &part);
        let rest = Analysis::new(Some(path), partly.clone(), &MemoryFs::default());
        let finished = ide::format(&rest).map(|e| text_edit::apply(&partly, &e));
        assert_eq!(finished.as_ref(), Some(&formatted), "formatting {range:?} first gives another text:\n{text:?}");
    }
}

/// `rigls upgrade` of any text: no panic; an upgrade is a skeleton without syntax errors saying
/// 5.5, which upgrades to itself; a refusal with notes inside the text.
pub fn check_upgrade(text: &str, force: bool) {
    use rigls_dragonbones::DragonBonesFile;
    use rigls_dragonbones::upgrade::{Options, Outcome};
    let Some(file) = DragonBonesFile::parse(text) else { return };
    match file.upgrade(text, Options { force }) {
        Outcome::Upgraded { text: upgraded, notes, .. } => {
            for note in &notes {
                in_text(text, note.range, "upgrade note");
            }
            let again = DragonBonesFile::parse(&upgraded).expect("the upgrade is DragonBones data");
            assert!(again.tree.errors.is_empty(), "the upgrade has syntax errors: {:?}\n{upgraded}", again.tree.errors);
            let version = again.model.version.as_ref().map(|v| v.text.as_str());
            assert_eq!(version, Some("5.5"), "the upgrade's version\n{upgraded}");
            let twice = again.upgrade(&upgraded, Options { force });
            assert!(matches!(twice, Outcome::Current), "upgrading the upgrade changes it: {twice:?}\n{upgraded}");
        }
        Outcome::Refused { notes, .. } => {
            for note in &notes {
                in_text(text, note.range, "upgrade note");
            }
        }
        Outcome::Current | Outcome::Unreadable(_) => {}
    }
}
