//! `rigls upgrade FILE... [--to 5.5] (-o OUT | --write | --diff) [--force]`: what it writes, where,
//! what it prints and its exit statuses (0 written, 1 nothing to do or refused, 2 unreadable).

use crate::cli_support;

use std::path::PathBuf;

use cli_support::Scratch;
use expect_test::expect;

fn upgrade_fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dragonbones/upgrade").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The upgraded text a fixture's `.upgraded` file holds (after its notes; `␍` is a carriage return).
fn expected_upgrade(stem: &str) -> String {
    let shown = upgrade_fixture(&format!("{stem}.upgraded"));
    shown.split_once("---\n").expect("notes, then the text").1.replace('␍', "\r")
}

#[test]
fn output_writes_the_upgrade_and_leaves_the_input() {
    let scratch = Scratch::new();
    scratch.write("man_ske.json", &upgrade_fixture("pretty_4.0_ske.json"));
    let run = scratch.run(&["upgrade", "man_ske.json", "-o", "man_5.5_ske.json"]);
    run.expect_code(0);
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr, "man_ske.json: upgraded from 4.0 to 5.5 into man_5.5_ske.json\n");
    assert_eq!(scratch.read("man_5.5_ske.json"), expected_upgrade("pretty_4.0_ske"));
    assert_eq!(scratch.read("man_ske.json"), upgrade_fixture("pretty_4.0_ske.json"));
}

#[test]
fn write_replaces_the_file_and_a_second_run_has_nothing_to_do() {
    let scratch = Scratch::new();
    scratch.write("events_ske.json", &upgrade_fixture("events_ske.json"));
    let run = scratch.run(&["upgrade", "--write", "events_ske.json"]);
    run.expect_code(0);
    expect![[r#"
        events_ske.json:1:1521: note: this key frame starts at frame 13, after the animation's end (12): runtimes never fire its events and actions; they were left out
        events_ske.json:1:1696: note: `pX` of a key frame's transform: no 4.0 or later runtime reads it; it was left out
        events_ske.json: upgraded from 4.5 to 5.5
    "#]]
    .assert_eq(&run.stderr);
    assert_eq!(scratch.read("events_ske.json"), expected_upgrade("events_ske"));
    assert_eq!(scratch.listing(), ["events_ske.json"], "no temporary file is left");
    let again = scratch.run(&["upgrade", "--to", "5.5", "--write", "events_ske.json"]);
    again.expect_code(1);
    assert_eq!(again.stderr, "events_ske.json: already DragonBones 5.5; nothing to do\n");
}

#[test]
fn diff_prints_the_changes_and_writes_nothing() {
    let scratch = Scratch::new();
    let original = "{\n  \"version\": \"5.0\",\n  \"name\": \"n\",\n  \"armature\": []\n}\n";
    scratch.write("n_ske.json", original);
    let run = scratch.run(&["upgrade", "--diff", "n_ske.json"]);
    run.expect_code(0);
    assert_eq!(run.stderr, "");
    expect![[r#"
        --- n_ske.json
        +++ n_ske.json
        @@ -1,5 +1,6 @@
         {
        -  "version": "5.0",
        +  "version": "5.5",
        +  "compatibleVersion": "5.5",
           "name": "n",
           "armature": []
         }
    "#]]
    .assert_eq(&run.stdout);
    assert_eq!(scratch.read("n_ske.json"), original);
}

#[test]
fn several_files_go_into_a_directory() {
    let scratch = Scratch::new();
    scratch.write("a_ske.json", &upgrade_fixture("pretty_4.0_ske.json"));
    scratch.write("b_ske.json", &upgrade_fixture("tabs_crlf_bom_ske.json"));
    scratch.write("c_ske.json", r#"{"version":"5.5","compatibleVersion":"5.5","armature":[]}"#);
    let refused = scratch.run(&["upgrade", "a_ske.json", "b_ske.json", "-o", "one.json"]);
    refused.expect_code(2);
    assert_eq!(refused.stderr, "error: -o one.json names one file, but 2 files are upgraded: give a directory\n");
    std::fs::create_dir(scratch.path().join("out")).expect("mkdir");
    let run = scratch.run(&["upgrade", "a_ske.json", "b_ske.json", "c_ske.json", "-o", "out"]);
    // Written where there was something to do; the file already 5.5 does not make it fail.
    run.expect_code(0);
    expect![[r#"
        a_ske.json: upgraded from 4.0 to 5.5 into out/a_ske.json
        b_ske.json: upgraded from 5.0 to 5.5 into out/b_ske.json
        c_ske.json: already DragonBones 5.5; nothing to do
    "#]]
    .assert_eq(&run.stderr);
    assert_eq!(scratch.read("out/b_ske.json"), expected_upgrade("tabs_crlf_bom_ske"));
}

#[test]
fn what_cannot_be_upgraded_exits_with_2_and_what_is_refused_with_1() {
    let scratch = Scratch::new();
    scratch.write("broken_ske.json", r#"{"version":"4.5","armature":[{"name":}]}"#);
    scratch.write("atlas_tex.json", r#"{"imagePath":"a.png","SubTexture":[]}"#);
    scratch.write("new_ske.json", r#"{"version":"6.0","name":"n","armature":[]}"#);
    let run = scratch.run(&["upgrade", "--diff", "broken_ske.json", "atlas_tex.json", "missing_ske.json"]);
    run.expect_code(2);
    assert_eq!(run.stdout, "");
    expect![[r#"
        error: broken_ske.json: cannot upgrade: it has a syntax error; fix it first
        error: atlas_tex.json: cannot upgrade: it is a texture atlas, not a skeleton
        error: cannot read `missing_ske.json`: no such file or directory
    "#]]
    .assert_eq(&run.stderr);
    let run = scratch.run(&["upgrade", "--diff", "new_ske.json"]);
    run.expect_code(1);
    assert_eq!(run.stderr, "new_ske.json: not upgraded: its data version `6.0` is none rigls knows (2.3–5.6)\n");
}

#[test]
fn the_mode_and_target_are_required_as_the_contract_says() {
    let scratch = Scratch::new();
    scratch.write("a_ske.json", r#"{"version":"4.5","armature":[]}"#);
    let none = scratch.run(&["upgrade", "a_ske.json"]);
    none.expect_code(2);
    assert!(none.stderr.contains("--output <OUT>|--write|--diff"), "{}", none.stderr);
    let both = scratch.run(&["upgrade", "a_ske.json", "--write", "--diff"]);
    both.expect_code(2);
    let target = scratch.run(&["upgrade", "a_ske.json", "--to", "5.6", "--diff"]);
    target.expect_code(2);
    assert!(target.stderr.contains("[possible values: 5.5]"), "{}", target.stderr);
}

#[cfg(unix)]
#[test]
fn a_read_only_file_is_not_replaced() {
    use std::os::unix::fs::PermissionsExt;
    let scratch = Scratch::new();
    let path = scratch.write("a_ske.json", r#"{"version":"4.5","armature":[]}"#);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let run = scratch.run(&["upgrade", "--write", "a_ske.json"]);
    run.expect_code(2);
    assert_eq!(run.stderr, "error: a_ske.json: cannot write the upgrade: the file is read-only\n");
    assert_eq!(scratch.read("a_ske.json"), r#"{"version":"4.5","armature":[]}"#);
}

#[test]
fn features_of_5_6_that_5_5_lacks_are_reported_and_written_only_with_force() {
    let scratch = Scratch::new();
    let text = r#"{"version":"5.6","name":"n","armature":[{"name":"a","bone":[{"name":"b"}],"slot":[{"name":"s","parent":"b","alpha":0.5,"zIndex":0},{"name":"t","parent":"b","alpha":0.25}],"animation":[{"name":"x","duration":2,"timeline":[{"type":24,"name":"s","frame":[{"duration":2,"value":0.5}]}]}]}]}"#;
    scratch.write("n_ske.json", text);
    let refused = scratch.run(&["upgrade", "n_ske.json", "-o", "out_ske.json"]);
    refused.expect_code(1);
    expect![[r#"
        n_ske.json:1:108: warning: 5.5 has no slot alpha (`alpha`) (and 1 more place)
        n_ske.json:1:120: note: a slot's `zIndex` of 0: 5.5 assumes it; it was left out
        n_ske.json:1:222: warning: 5.5 has no slot alpha timelines (type 24)
        n_ske.json: not upgraded: 3 features of 5.6 that 5.5 lacks would be lost (--force writes it without them)
    "#]]
    .assert_eq(&refused.stderr);
    assert_eq!(scratch.listing(), ["n_ske.json"], "nothing is written");
    let forced = scratch.run(&["upgrade", "n_ske.json", "-o", "out_ske.json", "--force"]);
    forced.expect_code(0);
    assert!(forced.stderr.ends_with("n_ske.json: upgraded from 5.6 to 5.5 into out_ske.json\n"), "{}", forced.stderr);
    assert_eq!(
        scratch.read("out_ske.json"),
        r#"{"version":"5.5","compatibleVersion":"5.5","name":"n","armature":[{"name":"a","bone":[{"name":"b"}],"slot":[{"name":"s","parent":"b"},{"name":"t","parent":"b"}],"animation":[{"name":"x","duration":2}]}]}"#
    );
}
