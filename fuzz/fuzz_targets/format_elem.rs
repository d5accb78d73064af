//! Formatting `.elem` is idempotent and value-preserving: the formatted text has the same tokens
//! (whitespace and line breaks aside), the same diagnostic codes, and formats to itself.
#![no_main]

#[path = "../common/mod.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    common::check_formatting(text);
});
