//! Any bytes as a DragonBones skeleton, upgraded (`rigls upgrade`, with and without `--force` as
//! the last byte says): it never panics, and what it writes parses without a syntax error, says
//! 5.5 and upgrades to itself.
#![no_main]

#[path = "../common/mod.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    common::check_upgrade(&text, data.last().is_some_and(|b| b % 2 == 1));
});
