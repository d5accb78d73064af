//! Every input the fuzzers (`fuzz/`, see FUZZING.md) ever crashed on, kept in
//! `tests/fuzz_regressions/` and run through the same checks as the fuzz target that found it
//! (`fuzz/common/mod.rs`): `.elem` files as `analysis_elem` and `format_elem`, `.json` files as
//! `analysis_json` and `upgrade`, `.dbbin` files as `binary_read`.

#[path = "../../../fuzz/common/mod.rs"]
mod common;

use std::path::Path;

#[test]
fn every_input_that_ever_crashed_a_fuzzer_is_sound_now() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut inputs: Vec<_> = std::fs::read_dir(&dir).expect("regressions folder").flatten().map(|e| e.path()).collect();
    inputs.sort();
    let mut checked = 0;
    for path in &inputs {
        let data = std::fs::read(path).expect("readable input");
        if path.extension().is_some_and(|e| e == "dbbin") {
            eprintln!("{}", path.display());
            common::check_binary(&data, common::Breadth::All);
            checked += 1;
            continue;
        }
        let text = String::from_utf8_lossy(&data).into_owned();
        let as_path = match path.extension().and_then(|e| e.to_str()) {
            Some("elem") => "fuzz.elem",
            Some("json") => "fuzz_ske.json",
            _ => continue,
        };
        eprintln!("{}", path.display());
        if as_path == "fuzz.elem" && std::str::from_utf8(&data).is_ok() {
            common::check_formatting(&text);
        }
        if as_path == "fuzz_ske.json" {
            common::check_upgrade(&text, false);
            common::check_upgrade(&text, true);
        }
        common::check_everything(as_path, text, &data);
        checked += 1;
    }
    assert!(checked > 0, "no regression inputs in {}", dir.display());
}
