//! Incremental analysis equals a fresh one (`common/incremental.rs`): a starting document (an
//! example model, a test skeleton or atlas, LF or CRLF), then edits (typing, pasting, deleting,
//! breaking structure and restoring it); after each, `Analysis::reanalyse` of the previous
//! version must give what `Analysis::new` gives of the same text.
#![no_main]

#[path = "../common/incremental.rs"]
mod incremental;

use arbitrary::Arbitrary;
use incremental::{Edit, reanalyse_and_compare};
use libfuzzer_sys::fuzz_target;
use rigls::env::MemoryFs;
use rigls::ide::Analysis;

const STARTS: &[(&str, &str)] = &[
    ("hero_ske.json", include_str!("../../tests/e2e/fixtures/hero_ske.json")),
    ("hero_tex.json", include_str!("../../tests/e2e/fixtures/hero_tex.json")),
    ("勇者_ske.json", include_str!("../../server/tests/fixtures/dragonbones/勇者_ske.json")),
    ("ロボ_ske.json", include_str!("../../server/tests/fixtures/dragonbones/ロボ_ske.json")),
    ("竜_ske.json", include_str!("../../server/tests/fixtures/dragonbones/竜_ske.json")),
    ("walker.elem", include_str!("../../examples/walker.elem")),
];

#[derive(Arbitrary, Debug)]
struct Step {
    /// Where (per 65,535 of the text), how many bytes go, and what comes in their place.
    at: u16,
    removed: u8,
    with: String,
    /// The next step undoes this one (structure broken, then restored).
    undo: bool,
}

#[derive(Arbitrary, Debug)]
struct Session {
    start: u8,
    crlf: bool,
    steps: Vec<Step>,
}

fuzz_target!(|session: Session| {
    let (path, text) = STARTS[session.start as usize % STARTS.len()];
    let text = if session.crlf { text.replace('\n', "\r\n") } else { text.to_owned() };
    let fs = MemoryFs::default();
    let mut analysis = Analysis::new(Some(std::path::Path::new(path)), text, &fs);
    for step in session.steps.into_iter().take(8) {
        let before = analysis.text.clone();
        let from = before.len() * step.at as usize / u16::MAX as usize;
        let edit = Edit { from, to: from + (step.removed % 16) as usize, with: step.with };
        analysis = reanalyse_and_compare(&analysis, edit.apply(&before), &fs);
        if step.undo {
            analysis = reanalyse_and_compare(&analysis, before, &fs);
        }
    }
});
