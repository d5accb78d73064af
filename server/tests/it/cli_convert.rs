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

/// A binary whose key frames are out of order: the official converter's of this skeleton, whose
/// first duration is negative (`translateFrame` of bone `腕`, durations -2, 4, 4 and 0, x 0, 10,
/// 20 and 30, in an animation `振る` of 6 frames), stored at frames 0, -2, 2 and 6. DragonBonesJS
/// shows them at frames 0, 1, 2 and 6, and the JSON written keeps those frames (durations 1, 1, 4,
/// 0). Before, it wrote the stored distances (0, 4, 4, 0): the 0 counted a frame, pushed the last
/// key frame past the end, and the runtime tweened into it from garbage. From frame 2 on, where
/// the binary's positions are in order, the two pose alike.
#[test]
fn a_binary_with_key_frames_out_of_order_converts_to_the_frames_shown() {
    let scratch = Scratch::new();
    let binary = std::fs::read(fixtures().join("binary/converter/逆行_ske.dbbin")).expect("fixture");
    std::fs::write(scratch.path().join("逆行_ske.dbbin"), binary).expect("written");
    let run = scratch.run(&["convert", "逆行_ske.dbbin", "-o", "back_ske.json"]);
    run.expect_code(0);
    expect_test::expect![[r#"
        note: 逆行_ske.dbbin: 31:15: bytes 412–413: key frame 1 starts at frame -2, not after key frame 0 (frame 0): the runtime shows key frame 0 at frame 0 only and key frame 1 from frame 1 (DragonBonesCPP, reading frame -2 unsigned, shows key frame 0 to the animation's end) [binary-timeline]
    "#]].assert_eq(&run.stderr);
    let back: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(scratch.path().join("back_ske.json")).expect("written"))
            .expect("JSON");
    let durations: Vec<i64> = back["armature"][0]["animation"][0]["bone"][0]["translateFrame"]
        .as_array()
        .expect("key frames")
        .iter()
        .map(|f| f["duration"].as_i64().expect("a duration"))
        .collect();
    assert_eq!(durations, [1, 1, 4, 0]);
    scratch.run(&["--check", "--quiet", "--deny-warnings", "back_ske.json"]).expect_code(0);
    let x = |file: &str, time: &str| {
        let out = scratch.run(&["pose", file, "--animation", "振る", "--time", time, "--format", "json"]);
        let pose: serde_json::Value = serde_json::from_str(&out.expect_code(0).stdout).expect("JSON");
        pose["bones"][1]["matrix"][4].as_f64().expect("x")
    };
    for time in ["0.0834", "0.125", "0.25"] {
        assert_eq!(x("back_ske.json", time), x("逆行_ske.dbbin", time), "at {time} s");
    }
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

/// Unity projects keep binaries as `*.bytes` `TextAsset`s, beside other `.bytes` data: those
/// starting `DBDT` are checked, the rest left alone.
#[test]
fn a_directory_check_includes_unity_binaries_named_bytes() {
    let scratch = Scratch::new();
    let mut bytes = std::fs::read(fixtures().join("binary/dragon_boy_ske.dbbin")).expect("fixture");
    std::fs::write(scratch.path().join("dragon_boy_ske.bytes"), &bytes).expect("write");
    scratch.write("level.bytes", "\u{0}\u{1} other data");
    let run = scratch.run(&["--check", "--format", "json", "."]);
    run.expect_code(0);
    assert_eq!(run.stdout.trim(), "[]");
    // A broken one is reported under its own name.
    bytes.truncate(40);
    std::fs::write(scratch.path().join("dragon_boy_ske.bytes"), &bytes).expect("write");
    let run = scratch.run(&["--check", "."]);
    run.expect_code(1);
    assert!(run.stdout.starts_with("error[binary-truncated]: bytes 8–11: the header length (bytes 8–11) is 8572, but the file has 28 bytes after the header's start\n --> ./dragon_boy_ske.bytes:1:17\n"), "{}", run.stdout);
    assert!(run.stdout.ends_with("Checked 1 file: 2 errors.\n"), "{}", run.stdout);
}
