//! Incremental analysis equals a fresh one (`common/incremental.rs`): a starting document (an
//! example model, a test skeleton or atlas, LF or CRLF), then edits (typing, pasting, deleting,
//! breaking structure and restoring it); after each, `Analysis::reanalyse` of the previous
//! version must give what `Analysis::new` gives of the same text.
#![no_main]

#[path = "../common/incremental.rs"]
mod incremental;

use std::path::Path;

use arbitrary::Arbitrary;
use incremental::{Edit, Fresh, Version, compare};
use libfuzzer_sys::fuzz_target;
use rigls_diagnostic::env::MemoryFs;
use rigls_ide::Analysis;

const STARTS: &[(&str, &str)] = &[
    ("hero_ske.json", include_str!("../../tests/e2e/fixtures/hero_ske.json")),
    ("hero_tex.json", include_str!("../../tests/e2e/fixtures/hero_tex.json")),
    ("勇者_ske.json", include_str!("../../server/tests/fixtures/dragonbones/勇者_ske.json")),
    ("ロボ_ske.json", include_str!("../../server/tests/fixtures/dragonbones/ロボ_ske.json")),
    ("竜_ske.json", include_str!("../../server/tests/fixtures/dragonbones/竜_ske.json")),
    ("walker.elem", include_str!("../../examples/walker.elem")),
];

/// Steps (edits, each possibly undone) per execution: 4 since round 8 (8 before; FUZZING.md).
/// Longer edit streams are the property test's (`server/ide/tests/it/incremental.rs`, up to 9 steps).
const STEPS: usize = 4;

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
    let path = Some(Path::new(path));
    let text = if session.crlf { text.replace('\n', "\r\n") } else { text.to_owned() };
    let fs = MemoryFs::default();
    // The fresh analysis of the current text, and its incremental one (none yet: the starting
    // version is the fresh analysis itself). An undone edit returns to the current text, whose
    // fresh analysis is kept for it rather than made again.
    let mut fresh = Fresh::new(path, text, &fs);
    let mut current: Option<Version> = None;
    for step in session.steps.into_iter().take(STEPS) {
        let previous = current.as_ref().unwrap_or(&fresh.version);
        let before = previous.analysis.text.clone();
        let from = before.len() * step.at as usize / u16::MAX as usize;
        let edit = Edit { from, to: from + (step.removed % 16) as usize, with: step.with };
        let edited = edit.apply(&before);
        let fresh_edited = Fresh::new(path, edited.clone(), &fs);
        let next = compare(&fresh_edited, Analysis::reanalyse(&previous.analysis, edited, &fs), previous);
        if step.undo {
            let back = Analysis::reanalyse(&next.analysis, before, &fs);
            current = Some(compare(&fresh, back, &next));
        } else {
            current = Some(next);
            fresh = fresh_edited;
        }
    }
});
