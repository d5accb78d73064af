//! Checks shared by the fuzz targets: an analysis of any text never panics, and every range it or
//! a feature hands out lies inside the text, on character boundaries; formatting `.elem` keeps
//! every value and the diagnostics, and is idempotent.
#![allow(dead_code)]

use std::path::Path;

use rigls::elem::lexer::{Lexer, TokenKind};
use rigls::env::MemoryFs;
use rigls::ide::{self, Analysis, text_edit};
use rigls::text::{LineCol, PositionEncoding, TextRange};

pub fn in_text(text: &str, range: TextRange, what: &str) {
    assert!(range.start <= range.end, "{what}: inverted range {range:?}");
    assert!(range.end as usize <= text.len(), "{what}: {range:?} past the end ({})", text.len());
    assert!(text.is_char_boundary(range.start as usize), "{what}: {range:?} starts inside a character");
    assert!(text.is_char_boundary(range.end as usize), "{what}: {range:?} ends inside a character");
}

/// Offsets spread over the text, from the fuzzer's bytes, as the language server hands them to
/// features: inside the text, on character boundaries ([`rigls::text::LineIndex::offset`] clamps
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

/// Analyses `text` as `path`, checks the diagnostics and their fixes, converts their positions,
/// and runs every editor feature at a few offsets.
pub fn check_everything(path: &str, text: String, seed: &[u8]) -> Analysis {
    let analysis = Analysis::new(Some(Path::new(path)), text, &MemoryFs::default());
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
    for fix in analysis.diagnostics.iter().flat_map(|d| &d.fixes).take(3) {
        let fixed = text_edit::apply(text, &fix.edits);
        let _ = Analysis::new(Some(Path::new(path)), fixed, &MemoryFs::default());
    }
    let len = text.len() as u32;
    for s in ide::semantic_tokens(&analysis) {
        in_text(text, s.range, "semantic token");
    }
    for f in ide::folding_ranges(&analysis) {
        in_text(text, f.range, "fold");
    }
    let _ = ide::document_symbols(&analysis);
    let _ = ide::document_colors(&analysis);
    if let Some(edits) = ide::format(&analysis) {
        for e in &edits {
            in_text(text, e.range, "format");
        }
    }
    let _ = ide::inlay_hints(&analysis, TextRange::new(0, len));
    for offset in offsets(text, seed) {
        if let Some(h) = ide::hover(&analysis, offset) {
            in_text(text, h.range, "hover");
        }
        for c in ide::completions(&analysis, offset) {
            in_text(text, c.replace_range, "completion");
        }
        let _ = ide::goto_definition(&analysis, offset);
        let _ = ide::references(&analysis, offset, true);
        let _ = ide::highlights(&analysis, offset);
        let _ = ide::prepare_rename(&analysis, offset);
        let _ = ide::rename(&analysis, offset, "新しい名前");
        for r in ide::selection_ranges(&analysis, offset) {
            in_text(text, r, "selection");
        }
        let at = offset.min(len);
        for action in ide::code_actions(&analysis, TextRange::new(at, at)) {
            for e in action.edits.iter().filter(|e| e.file.is_none()).flat_map(|e| &e.edits) {
                in_text(text, e.range, "code action");
            }
        }
    }
    analysis
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
}
