//! Any bytes as a DragonBones skeleton (`*_ske.json`): the JSON parser, the model and the rules
//! never panic, and every range they hand out is inside the text; the parser's fast path gives
//! the tree and errors of its state machine alone.
#![no_main]

#[path = "../common/mod.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    let (fast, tokens) = (rigls_dragonbones::parser::parse(&text), rigls_dragonbones::parser::parse_by_tokens(&text));
    assert!(fast.nodes == tokens.nodes && fast.errors == tokens.errors, "the fast path's tree differs");
    common::check("fuzz_ske.json", text, data, common::Breadth::sampled(data));
});
