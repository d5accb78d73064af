//! Any bytes as a binary skeleton (`*_ske.dbbin`): the reader, the evaluation, the JSON view, its
//! rules and editor features, poses and both conversions never panic (`common::check_binary`).
#![no_main]

#[path = "../common/mod.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    common::check_binary(data, common::Breadth::sampled(data));
});
