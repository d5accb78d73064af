//! Formatting `.elem` is idempotent and value-preserving: the formatted text has the same tokens
//! (whitespace and line breaks aside), the same diagnostic codes, and formats to itself.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use rigls::elem::lexer::{Lexer, TokenKind};
use rigls::env::MemoryFs;
use rigls::ide::{self, Analysis, text_edit};

fn tokens(text: &str) -> Vec<&str> {
    Lexer::new(text)
        .filter(|t| !matches!(t.kind, TokenKind::Whitespace | TokenKind::Newline))
        .map(|t| t.range.slice(text))
        .collect()
}

fn codes(analysis: &Analysis) -> Vec<&'static str> {
    let mut codes: Vec<_> = analysis.diagnostics.iter().map(|d| d.code).collect();
    codes.sort_unstable();
    codes
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let path = Path::new("fuzz.elem");
    let analysis = Analysis::new(Some(path), text.to_owned(), &MemoryFs::default());
    let Some(edits) = ide::format(&analysis) else { return };
    let formatted = text_edit::apply(text, &edits);
    assert_eq!(tokens(&formatted), tokens(text), "formatting changed a value:\n{formatted:?}");
    let again = Analysis::new(Some(path), formatted.clone(), &MemoryFs::default());
    assert_eq!(codes(&again), codes(&analysis), "formatting changed the diagnostics:\n{formatted:?}");
    assert_eq!(ide::format(&again), Some(Vec::new()), "formatting is not idempotent:\n{formatted:?}");
});
