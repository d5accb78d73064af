//! `rigls pose FILE.elem [--animation NAME] [--time SECONDS] [--format json|text]`, as scripts call
//! it: the exact JSON (Japanese names; LF, CRLF and BOM files alike), the text table, and every
//! case that exits with 2. Fixture: `tests/fixtures/elem/pose/chain.elem`.

use crate::cli_support;

use std::path::{Path, PathBuf};

use cli_support::{Run, Scratch};
use expect_test::expect;

const CHAIN: &str = include_str!("../fixtures/elem/pose/chain.elem");

fn scratch_with(name: &str, text: &str) -> Scratch {
    let scratch = Scratch::new();
    scratch.write(name, text);
    scratch
}

fn pose(text: &str, args: &[&str]) -> Run {
    let scratch = scratch_with("chain.elem", text);
    let mut all = vec!["pose", "chain.elem"];
    all.extend_from_slice(args);
    scratch.run(&all)
}

/// The same command on the LF fixture and on its CRLF, BOM and BOM + CRLF copies: one output.
fn pose_every_variant(args: &[&str]) -> String {
    let crlf = CHAIN.replace('\n', "\r\n");
    let variants = [CHAIN.to_owned(), crlf.clone(), format!("\u{feff}{CHAIN}"), format!("\u{feff}{crlf}")];
    let runs: Vec<Run> = variants.iter().map(|text| pose(text, args)).collect();
    for run in &runs {
        run.expect_code(0);
        assert_eq!(run.stderr, "");
        assert_eq!(run.stdout, runs[0].stdout, "a line-ending or BOM variant poses differently");
    }
    runs[0].stdout.clone()
}

#[test]
fn setup_pose_as_json() {
    expect![[r#"
        {"animation":null,"time":0,"nodes":[{"name":"腰","matrix":[1,0,0,0,0,1,0,0,0,0,1,0,0,1,0,1]},{"name":"胸","matrix":[0,1,0,0,-1,0,0,0,0,0,1,0,0,2,0,1]},{"name":"頭","matrix":[0,2,0,0,-2,0,0,0,0,0,2,0,0,3,0,1]}],"meshes":[{"container":"ロボ","mesh":"胴体","vertices":[0,1,0,1,2.5,0]},{"container":"帽子入れ","mesh":"帽子","vertices":[0,3.5,0]}]}
    "#]]
    .assert_eq(&pose_every_variant(&["--format", "json"]));
}

#[test]
fn animation_at_a_time_as_json() {
    // 250 ms into the looping 1000 ms clip, asked for as 1.25 s: one loop later, the same pose.
    let json = pose_every_variant(&["--animation", "うなずき", "--time", "0.25", "--format", "json"]);
    expect![[r#"
        {"animation":"うなずき","time":0.25,"nodes":[{"name":"腰","matrix":[1,0,0,0,0,1,0,0,0,0,1,0,0,1,0,1]},{"name":"胸","matrix":[0,1.5,0,0,-1.5,0,0,0,0,0,1.5,0,0,2,0.5,1]},{"name":"頭","matrix":[0,3,0,0,-2.1213199123739757,0,2.121321,0,2.121321,0,2.1213199123739757,0,0,3.5,0.5,1]}],"meshes":[{"container":"ロボ","mesh":"胴体","vertices":[0,1,0,1.170494967140241,2.75,-0.295495375]},{"container":"帽子入れ","mesh":"帽子","vertices":[0,4.25,0.5]}]}
    "#]]
    .assert_eq(&json);
    let later = pose(CHAIN, &["--animation", "うなずき", "--time", "1.25", "--format", "json"]);
    assert_eq!(later.stdout, json.replace("\"time\":0.25", "\"time\":1.25"));
    let value: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    assert_eq!(value["nodes"].as_array().map(Vec::len), Some(3));
}

#[test]
fn values_that_are_not_finite_are_null() {
    let text = CHAIN.replacen("1:0:0:0:0:1:0:0:0:0:1:0:0:1:0:1", "1:0:0:0:0:1:0:0:0:0:1:0:0:1e999:0:1", 1);
    let run = pose(&text, &["--format", "json"]);
    run.expect_code(0);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).expect("valid JSON");
    assert_eq!(value["nodes"][0]["matrix"][13], serde_json::Value::Null);
    assert_eq!(value["nodes"][0]["matrix"][12].as_f64(), Some(0.0));
    assert_eq!(value["meshes"][0]["vertices"][1], serde_json::Value::Null);
}

#[test]
fn text_is_a_readable_table() {
    let run = pose(CHAIN, &["--animation", "うなずき", "--time", "0.25"]);
    run.expect_code(0);
    expect![[r#"
        animation "うなずき", time 0.25s (clip time 250 ms)

        nodes (world matrix, row major, rows separated by |)
          腰           1       0       0       0 |       0       1       0       0 |       0       0       1       0 |       0       1       0       1
          胸           0     1.5       0       0 |    -1.5       0       0       0 |       0       0     1.5       0 |       0       2     0.5       1
          頭           0       3       0       0 | -2.1213       0  2.1213       0 |  2.1213       0  2.1213       0 |       0     3.5     0.5       1

        meshes (skinned positions x y z)
          ロボ / 胴体  2 vertices
               0        0       1       0
               1   1.1705    2.75 -0.2955
          帽子入れ / 帽子  1 vertex
               0     0 4.25  0.5

        uv animation (translation u v, rotation radians, scale u v)
          ロボ / 顔  0.25 0.125  0.7854  1.25 1.25
    "#]]
    .assert_eq(&run.stdout);
    expect![[r#"
        setup pose, time 0s

        nodes (world matrix, row major, rows separated by |)
          腰      1  0  0  0 |  0  1  0  0 |  0  0  1  0 |  0  1  0  1
          胸      0  1  0  0 | -1  0  0  0 |  0  0  1  0 |  0  2  0  1
          頭      0  2  0  0 | -2  0  0  0 |  0  0  2  0 |  0  3  0  1

        meshes (skinned positions x y z)
          ロボ / 胴体  2 vertices
               0    0   1   0
               1    1 2.5   0
          帽子入れ / 帽子  1 vertex
               0    0 3.5   0
    "#]]
    .assert_eq(&pose(CHAIN, &[]).stdout);
}

/// Exit 2, nothing on stdout, and this on stderr.
fn fails(run: &Run) -> String {
    run.expect_code(2);
    assert_eq!(run.stdout, "");
    run.stderr.clone()
}

#[test]
fn an_unknown_animation_lists_the_known_ones() {
    expect![[r#"
        error: chain.elem: no animation named "歩く" (animations: "うなずき", "落下")
    "#]]
    .assert_eq(&fails(&pose(CHAIN, &["--animation", "歩く"])));
}

#[test]
fn values_that_cannot_be_read_make_the_pose_meaningless() {
    let text = CHAIN
        .replace("InitPostureMatrix=2:0:0:0:0:2", "InitPostureMatrix=2:x:0:0:0:2")
        .replace("\t\t\t\t1:2.5:0\n", "\t\t\t\t1:2.5\n")
        .replace("\t\t\t\t\t\t1,0.25\n", "\t\t\t\t\t\t7,0.25\n");
    expect![[r#"
        error: `chain.elem` has 3 errors, so it is not posed (`rigls --check` shows them in full):
          39:5: `Positions` is `x:y:z`: expected 3 values, found 2 [arity]
          53:7: VertexBlend vertex 7 is out of range: this Mesh has 2 vertices (0..1) [index-out-of-range]
          97:25: `InitPostureMatrix` must be a number, found `x` [invalid-value]
    "#]]
    .assert_eq(&fails(&pose(&text, &[])));
}

#[test]
fn a_key_list_that_disagrees_with_its_time_keys_is_an_error_that_stops_every_pose() {
    let text = CHAIN.replace("\t\t\t\t\t0.707107:0:0:0.707107\n", "");
    expect![[r#"
        error: `chain.elem` has an error, so it is not posed (`rigls --check` shows them in full):
          148:5: RotateKeys has 2 keys but TimeKeys has 3 keys [count-mismatch]
    "#]]
    .assert_eq(&fails(&pose(&text, &["--animation", "うなずき"])));
    // One rule for both formats: a file with errors is not posed, whichever animation is asked.
    pose(&text, &[]).expect_code(2);
    pose(&text, &["--animation", "落下"]).expect_code(2);
}

#[test]
fn a_clip_with_keys_needs_a_length() {
    let text = CHAIN.replace("AnimationTime=500", "AnimationTime=0");
    expect![[r#"
        error: `chain.elem` has an error, so it is not posed (`rigls --check` shows them in full):
          208:17: `AnimationTime` must be at least 1, found 0 [out-of-range]
    "#]]
    .assert_eq(&fails(&pose(&text, &["--animation", "落下", "--time", "0.1"])));
}

#[test]
fn other_exit_2_cases() {
    expect![[r#"
        error: chain.elem: no armature named "本体" (armatures: none)
    "#]]
    .assert_eq(&fails(&pose(CHAIN, &["--armature", "本体"])));
    expect![[r#"
        error: --time must be a finite number of seconds
    "#]]
    .assert_eq(&fails(&pose(CHAIN, &["--animation", "落下", "--time", "inf"])));
    let scratch = scratch_with("notes.txt", "just words\n");
    expect![[r#"
        error: notes.txt: not a model rigls can pose: expected an `.elem` model or a DragonBones skeleton
    "#]]
    .assert_eq(&fails(&scratch.run(&["pose", "notes.txt"])));
    let missing = fails(&scratch.run(&["pose", "missing.elem"]));
    assert_eq!(missing, "error: cannot read `missing.elem`: no such file or directory\n");
}

/// Every key time of every animation, and the setup pose, give exit 0 and finite numbers.
fn poses_cleanly(path: &Path) {
    let text = std::fs::read_to_string(path).expect("readable");
    let rig = rigls_elem::eval::ElemRig::read(&text, &rigls_elem::ElemFile::parse(&text).tree);
    let dir = path.parent().expect("a folder");
    let name = path.file_name().and_then(|n| n.to_str()).expect("a name");
    let run_json = |args: &[&str]| {
        let mut command = std::process::Command::new(cli_support::BIN);
        command.current_dir(dir).args(["pose", name, "--format", "json"]).args(args);
        let output = command.output().expect("run rigls");
        assert_eq!(output.status.code(), Some(0), "{name} {args:?}: {}", String::from_utf8_lossy(&output.stderr));
        let pose: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
        let numbers =
            pose["nodes"].as_array().into_iter().flatten().flat_map(|n| n["matrix"].as_array().unwrap().clone());
        let vertices =
            pose["meshes"].as_array().into_iter().flatten().flat_map(|m| m["vertices"].as_array().unwrap().clone());
        for v in numbers.chain(vertices) {
            assert!(v.is_number(), "{name} {args:?}: a value is not finite\n{pose}");
        }
    };
    run_json(&[]);
    for clip in &rig.clips {
        let clip_name = clip.name.clone().expect("named clips");
        for ms in clip.key_times_ms() {
            run_json(&["--animation", &clip_name, "--time", &(ms / 1000.0).to_string()]);
        }
    }
}

#[test]
fn the_shipped_example_poses_without_errors() {
    poses_cleanly(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/walker.elem"));
}

/// `../shared/corpus/elem/robot.elem` beside the repository (one level further up from a
/// worktree kept in a subfolder).
fn corpus_robot() -> Option<PathBuf> {
    let server = Path::new(env!("CARGO_MANIFEST_DIR"));
    server.ancestors().skip(2).take(2).map(|a| a.join("shared/corpus/elem/robot.elem")).find(|p| p.is_file())
}

#[test]
fn the_corpus_robot_poses_without_errors() {
    let Some(path) = corpus_robot() else {
        eprintln!("SKIPPED: ../shared/corpus/elem/robot.elem is absent (it exists only beside the CI checkout)");
        return;
    };
    poses_cleanly(&path);
}
