//! What every command does with the file it is given: `--check` decides what a named file is by
//! its name and content (as directory walks do) and says when it skips one; `pose` and `render`
//! follow one rule for files with errors in both formats; `--time` needs `--animation`; and every
//! command says it cannot read a file in the same words.

use crate::cli_support;

use std::path::{Path, PathBuf};

use cli_support::Scratch;

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples").join(name)
}

/// A scratch directory with copies of the shipped examples `names` (paths under `examples/`),
/// each under its file name.
fn with_examples(names: &[&str]) -> Scratch {
    let scratch = Scratch::new();
    for name in names {
        let file = Path::new(name).file_name().expect("a file name");
        std::fs::copy(example(name), scratch.path().join(file)).expect("copy an example");
    }
    scratch
}

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

#[test]
fn a_named_file_rigls_does_not_handle_is_skipped_not_linted() {
    let scratch = with_examples(&["walker.elem"]);
    scratch.write("README.md", "# A game\n\nSee `walker.elem`.\n");
    std::fs::write(scratch.path().join("walker.png"), PNG).unwrap();
    scratch.write("package.json", r#"{"name": "game", "version": "1.0.0"}"#);

    let run = scratch.run(&["--check", "README.md"]);
    run.expect_code(0);
    assert_eq!(run.stdout, "Skipped 1 file; nothing was checked.\n");
    assert_eq!(run.stderr, "note: skipped `README.md`: it is neither an `.elem` model nor DragonBones JSON\n");

    let run = scratch.run(&["--check", "walker.png", "walker.elem", "package.json"]);
    run.expect_code(0);
    assert_eq!(run.stdout, "Checked 1 file: no problems found; skipped 2 files.\n");
    assert_eq!(
        run.stderr,
        "note: skipped `walker.png`: it is neither an `.elem` model nor DragonBones JSON\n\
         note: skipped `package.json`: it is neither an `.elem` model nor DragonBones JSON\n"
    );

    // The other formats print their (empty) report; the note is on stderr; --quiet drops it.
    let run = scratch.run(&["--check", "--format", "json", "README.md"]);
    run.expect_code(0);
    assert_eq!((run.stdout.as_str(), run.stderr.lines().count()), ("[]\n", 1));
    let run = scratch.run(&["--check", "--quiet", "README.md", "walker.png"]);
    run.expect_code(0);
    assert_eq!((run.stdout.as_str(), run.stderr.as_str()), ("", ""));

    // Unread and skipped together.
    let run = scratch.run(&["--check", "README.md", "gone.elem"]);
    run.expect_code(2);
    assert_eq!(run.stdout, "Could not read 1 file; skipped 1 file; nothing was checked.\n");
}

#[test]
fn stdin_is_told_by_its_name_when_it_has_one() {
    let scratch = Scratch::new();
    let run = scratch.run_with_stdin(&["--check", "--stdin-filename", "README.md", "-"], Some("# A game\n"));
    run.expect_code(0);
    assert_eq!(run.stdout, "Skipped 1 file; nothing was checked.\n");
    assert_eq!(run.stderr, "note: skipped `README.md`: it is neither an `.elem` model nor DragonBones JSON\n");
    // Without a name (an editor's unsaved buffer), what is not JSON is read as `.elem`.
    let run = scratch.run_with_stdin(&["--check", "--format", "json", "-"], Some("Setting {\n\tLoadTyp=\"View\"\n}\n"));
    run.expect_code(1);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let codes: Vec<&str> = json.as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["header", "unknown-key"]);
}

#[test]
fn a_named_file_is_told_by_its_content_when_its_name_does_not_say() {
    let scratch = with_examples(&["broken.elem"]);
    // An `.elem` model under another extension: its header says what it is.
    std::fs::copy(scratch.path().join("broken.elem"), scratch.path().join("broken.txt")).unwrap();
    let run = scratch.run(&["--check", "--format", "json", "broken.txt"]);
    run.expect_code(1);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let codes: Vec<&str> = json.as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["count-mismatch", "unknown-bone", "invalid-value"]);
    // DragonBones JSON under another extension: its root says what it is.
    std::fs::copy(example("dragonbones/broken_ske.json"), scratch.path().join("hero.skeleton")).unwrap();
    let run = scratch.run(&["--check", "--format", "json", "hero.skeleton"]);
    run.expect_code(1);
    assert!(run.stdout.contains(r#""code": "unknown-bone""#), "{}", run.stdout);
    // Not UTF-8 but an `.elem` by name: reported, not skipped.
    std::fs::write(scratch.path().join("sjis.elem"), b"Elfreina Extension Model File\n\x93\xaa\n").unwrap();
    let run = scratch.run(&["--check", "sjis.elem"]);
    run.expect_code(1);
    assert!(run.stdout.starts_with("error[encoding]: the file is not valid UTF-8 (byte 30)"), "{}", run.stdout);
}

#[test]
fn time_and_frame_need_an_animation() {
    let scratch = with_examples(&["walker.elem"]);
    for args in [
        &["pose", "walker.elem", "--time", "0.5"][..],
        &["render", "walker.elem", "--time", "0.5", "-o", "a.png"],
        &["render", "walker.elem", "--frame", "3", "-o", "a.png"],
    ] {
        let run = scratch.run(args);
        run.expect_code(2);
        assert!(
            run.stderr
                .starts_with("error: the following required arguments were not provided:\n  --animation <NAME>\n"),
            "{args:?}: {}",
            run.stderr
        );
    }
    assert!(!scratch.path().join("a.png").exists());
    scratch.run(&["pose", "walker.elem", "--animation", "うなずき", "--time", "0.5"]).expect_code(0);
}

const BROKEN_ELEM: &str = "error: `broken.elem` has 3 errors, so it is not posed (`rigls --check` shows them in full):
  40:4: VertexCount is 5 but Positions, Normals and TextureUV have 4 entries [count-mismatch]
  66:15: unknown bone `首`: not found in this MeshContainer's BoneNames; TransformIndex 1 is `頭` [unknown-bone]
  118:8: `Loop` must be `True` or `False` (capitalised, unquoted), found `Yes` [invalid-value]
";

/// The skeleton's error is one the runtime loads past, but building the armature throws: the
/// pose says so itself.
const BROKEN_SKELETON: &str = "error: broken_ske.json: the file has errors that make its pose meaningless:
  19:5: slot \"hat\" has no parent bone: building the armature throws
";

#[test]
fn pose_and_render_refuse_a_file_with_errors_in_either_format() {
    let scratch = with_examples(&["broken.elem", "dragonbones/broken_ske.json"]);
    for command in [&["pose"][..], &["render", "-o", "out.png"]] {
        for (file, stderr) in [("broken.elem", BROKEN_ELEM), ("broken_ske.json", BROKEN_SKELETON)] {
            let mut args = command.to_vec();
            args.insert(1, file);
            let run = scratch.run(&args);
            run.expect_code(2);
            assert_eq!(run.stderr, stderr, "{args:?}");
            assert_eq!(run.stdout, "");
        }
    }
    assert!(!scratch.path().join("out.png").exists());
    // Errors turned into warnings by rigls.toml are not in the way (as with --check).
    scratch.write(
        "rigls.toml",
        "[severity]\ncount-mismatch = \"warning\"\nunknown-bone = \"warning\"\ninvalid-value = \"warning\"\n",
    );
    let run = scratch.run(&["pose", "broken.elem"]);
    run.expect_code(0);
    assert!(run.stdout.starts_with("setup pose, time 0s\n"), "{}", run.stdout);
    // The skeleton's error is the runtime's: the armature cannot be built, whatever its severity.
    let run = scratch.run(&["pose", "broken_ske.json"]);
    run.expect_code(2);
    assert_eq!(
        run.stderr,
        "error: broken_ske.json: the file has errors that make its pose meaningless:\n  19:5: slot \"hat\" has no parent bone: building the armature throws\n"
    );
}

#[test]
fn the_help_states_the_rule_for_files_with_errors() {
    let scratch = Scratch::new();
    for command in ["pose", "render"] {
        let help = scratch.run(&[command, "--help"]);
        let text = help.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            text.contains(
                "A file with errors that make its pose meaningless (as `--check` reports them, after rigls.toml)"
            ),
            "{command}: {text}"
        );
        assert!(text.contains("its errors are listed on stderr and the exit status is 2"));
    }
}

#[test]
fn every_command_says_it_cannot_read_a_file_in_the_same_words() {
    let scratch = Scratch::new();
    std::fs::create_dir(scratch.path().join("folder_ske.json")).unwrap();
    std::fs::write(scratch.path().join("sjis.elem"), b"Elfreina Extension Model File\n\x93\xaa\n").unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["--check", "nosuch.elem"], "error: cannot read `nosuch.elem`: no such file or directory\n"),
        (&["pose", "nosuch.elem"], "error: cannot read `nosuch.elem`: no such file or directory\n"),
        (
            &["render", "nosuch_ske.json", "-o", "a.png"],
            "error: cannot read `nosuch_ske.json`: no such file or directory\n",
        ),
        (&["preview", "nosuch_ske.json"], "error: cannot read `nosuch_ske.json`: no such file or directory\n"),
        (&["pose", "folder_ske.json"], "error: cannot read `folder_ske.json`: it is a directory\n"),
        (&["render", "folder_ske.json", "-o", "a.png"], "error: cannot read `folder_ske.json`: it is a directory\n"),
        (&["preview", "folder_ske.json"], "error: cannot read `folder_ske.json`: it is a directory\n"),
        (
            &["upgrade", "--diff", "nosuch_ske.json"],
            "error: cannot read `nosuch_ske.json`: no such file or directory\n",
        ),
        (
            &["upgrade", "--diff", "sjis.elem"],
            "error: cannot read `sjis.elem`: it is not valid UTF-8 (byte 30); save it as UTF-8\n",
        ),
        (&["pose", "sjis.elem"], "error: cannot read `sjis.elem`: it is not valid UTF-8 (byte 30); save it as UTF-8\n"),
        (
            &["render", "sjis.elem", "-o", "a.png"],
            "error: cannot read `sjis.elem`: it is not valid UTF-8 (byte 30); save it as UTF-8\n",
        ),
    ];
    for (args, stderr) in cases {
        let run = scratch.run(args);
        run.expect_code(2);
        assert_eq!(&run.stderr, stderr, "{args:?}");
    }
}
