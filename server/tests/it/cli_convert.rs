//! `rigls convert` between JSON and `.dbbin`, and the other commands on a `.dbbin`: `--check`
//! reports in its JSON view with the bytes concerned, `pose` poses it, `--fix` leaves it alone.

use std::path::{Path, PathBuf};

use super::cli_support::Scratch;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dragonbones")
}

/// A scratch directory with the Japanese-named skeleton `勇者_ske.json`.
fn scratch_with_skeleton() -> Scratch {
    let scratch = Scratch::new();
    let text = std::fs::read_to_string(fixtures().join("勇者_ske.json")).expect("fixture");
    scratch.write("勇者_ske.json", &text);
    scratch
}

#[test]
fn json_converts_to_a_binary_and_back_to_the_same_poses() {
    let scratch = scratch_with_skeleton();
    scratch.run(&["convert", "勇者_ske.json", "-o", "勇者_ske.dbbin"]).expect_code(0);
    let bytes = std::fs::read(scratch.path().join("勇者_ske.dbbin")).expect("written");
    assert_eq!(&bytes[..8], b"DBDT\0\0\0\x03");
    let pose = |file: &str| {
        scratch
            .run(&["pose", file, "--animation", "待機", "--time", "0.2", "--format", "json"])
            .expect_code(0)
            .stdout
            .clone()
    };
    assert_eq!(pose("勇者_ske.dbbin"), pose("勇者_ske.json"));
    let back = scratch.run(&["convert", "勇者_ske.dbbin", "-o", "-"]);
    back.expect_code(0);
    assert!(back.stdout.starts_with("{\n  \"name\": \"勇者\",\n  \"version\": \"5.5\","), "{}", back.stdout);
    scratch.write("back_ske.json", &back.stdout);
    assert_eq!(pose("back_ske.json"), pose("勇者_ske.json"));
    assert_eq!(scratch.listing(), ["back_ske.json", "勇者_ske.dbbin", "勇者_ske.json"]);
}

#[test]
fn what_the_runtime_cannot_read_is_not_converted() {
    let scratch = Scratch::new();
    scratch.write("old_ske.json", r#"{"name": "old", "version": "2.3", "armature": [{"name": "a"}]}"#);
    let run = scratch.run(&["convert", "old_ske.json", "-o", "old_ske.dbbin"]);
    run.expect_code(1);
    expect_test::expect![[r#"
        error: old_ske.json was not converted:
          data version "2.3" (compatibleVersion ""): the runtimes read 4.0–5.6 only; upgrade the file first (`rigls upgrade`)
    "#]]
    .assert_eq(&run.stderr);
    scratch.write("broken.dbbin", "DBDT\0\0\0\x03\x10\0\0\0{\"armature\": []}");
    let run = scratch.run(&["convert", "broken.dbbin", "-o", "broken_ske.json"]);
    run.expect_code(1);
    expect_test::expect![[r#"
        error: broken.dbbin was not converted:
          2:3: bytes 12–27: the header has no root `offset`: the runtime cannot find the arrays (it throws) [binary-offset]
    "#]]
    .assert_eq(&run.stderr);
    assert_eq!(scratch.listing(), ["broken.dbbin", "old_ske.json"]);
    scratch.run(&["convert", "missing.json", "-o", "x.dbbin"]).expect_code(2);
}

#[test]
fn check_reports_a_binary_in_its_json_view_with_the_bytes_concerned() {
    let scratch = Scratch::new();
    let ubbie = fixtures().join("binary/mecha_1406_ske.dbbin");
    let mut bytes = std::fs::read(&ubbie).expect("fixture");
    // The first animation's first timeline list loses its last offset.
    let header_len = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize;
    let header = String::from_utf8(bytes[12..12 + header_len].to_vec()).expect("UTF-8");
    let damaged = header.replacen("\"shouder_l\":[11,0,12,9]", "\"shouder_l\":[11,0,12]  ", 1);
    assert_ne!(damaged, header);
    bytes.splice(12..12 + header_len, damaged.bytes());
    std::fs::write(scratch.path().join("mecha_1406_ske.dbbin"), &bytes).expect("write");
    let run = scratch.run(&["--check", "mecha_1406_ske.dbbin"]);
    run.expect_code(1);
    expect_test::expect![[r#"
        error[binary-timeline]: bytes 5089–5097: the timelines of `shouder_l` must be [type, offset] pairs; this list has 3 numbers, so the runtime pairs the last type with no offset (the official converter writes 4.5–5.5 deform timelines so, and their animation is lost)
           --> mecha_1406_ske.dbbin:502:11
            |
        502 |           "name": "idle",
            |           ^^^^^^^^^^^^^^

        Checked 1 file: 1 error.
    "#]]
    .assert_eq(&run.stdout);
    let fixed = scratch.run(&["--check", "--fix", "mecha_1406_ske.dbbin"]);
    assert!(fixed.stdout.contains("Checked 1 file: 1 error."), "{}", fixed.stdout);
    assert_eq!(std::fs::read(scratch.path().join("mecha_1406_ske.dbbin")).expect("read"), bytes);
}

#[test]
fn a_directory_check_includes_binaries() {
    let scratch = Scratch::new();
    let bytes = std::fs::read(fixtures().join("binary/dragon_boy_ske.dbbin")).expect("fixture");
    std::fs::write(scratch.path().join("dragon_boy_ske.dbbin"), bytes).expect("write");
    scratch.write("notes.txt", "not checked");
    let run = scratch.run(&["--check", "."]);
    run.expect_code(0);
    assert_eq!(run.stdout, "Checked 1 file: no problems found.\n");
}
