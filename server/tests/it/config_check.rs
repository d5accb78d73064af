//! `rigls --check` reads the same `rigls.toml` as the language server, so editor and CI agree.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

const BROKEN: &str = "Elfreina Extension Model File\nFile Version 1.00\nSetting {\n\tLoadTyp=\"View\"\n}\nMeshDatas {\n\tMeshContainerCount=1\n\tMeshContainer {\n\t\tName=\"歩行ロボ\"\n\t\tMeshCount=1\n\t\tMesh {\n\t\t\tName=\"胴体\"\n\t\t\tVertexCount=3\n\t\t\tPositions {\n\t\t\t\t0:0:0\n\t\t\t\t1:0:0\n\t\t\t}\n\t\t}\n\t}\n}\n";

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rigls-config-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("models")).unwrap();
    dir
}

/// `(code, severity)` of each reported diagnostic, the exit status and stderr.
fn check(path: &PathBuf) -> (Vec<(String, String)>, i32, String) {
    let output =
        Command::new(env!("CARGO_BIN_EXE_rigls")).args(["--check", "--format", "json"]).arg(path).output().unwrap();
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let codes = report
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["code"].as_str().unwrap().to_owned(), d["severity"].as_str().unwrap().to_owned()))
        .collect();
    (codes, output.status.code().unwrap(), String::from_utf8(output.stderr).unwrap())
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected.iter().map(|&(c, s)| (c.to_owned(), s.to_owned())).collect()
}

#[test]
fn the_nearest_rigls_toml_sets_severities() {
    let dir = temp_dir("severity");
    let model = dir.join("models/model.elem");
    std::fs::write(&model, BROKEN).unwrap();
    let (codes, status, _) = check(&model);
    assert_eq!(codes, pairs(&[("unknown-key", "warning"), ("count-mismatch", "error")]));
    assert_eq!(status, 1);

    std::fs::write(dir.join("rigls.toml"), "[severity]\nunknown-key = \"off\"\ncount-mismatch = \"warning\"\n")
        .unwrap();
    let (codes, status, stderr) = check(&model);
    assert_eq!(codes, pairs(&[("count-mismatch", "warning")]));
    assert_eq!(status, 0, "no errors left: {stderr}");

    std::fs::write(dir.join("rigls.toml"), "[severity]\ncount-mismatch = \"loud\"\n").unwrap();
    let (codes, status, stderr) = check(&model);
    assert_eq!(codes, pairs(&[("unknown-key", "warning"), ("count-mismatch", "error")]));
    assert_eq!(status, 1);
    let toml = dir.join("rigls.toml");
    assert_eq!(
        stderr.lines().next().unwrap(),
        format!(
            "warning: {}: `count-mismatch`: `loud` is not a level (expected off, hint, information, warning or error)",
            toml.display()
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_broken_rigls_toml_is_an_error() {
    let dir = temp_dir("broken");
    let model = dir.join("models/model.elem");
    std::fs::write(&model, BROKEN).unwrap();
    std::fs::write(dir.join("rigls.toml"), "[severity\n").unwrap();
    let (codes, status, stderr) = check(&model);
    assert_eq!(codes.len(), 2, "still checked, without the file's severities");
    assert_eq!(status, 2);
    assert!(stderr.starts_with(&format!("error: {}: ", dir.join("rigls.toml").display())), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `check` with more arguments before the path.
fn check_with(args: &[&str], path: &PathBuf) -> (Vec<(String, String)>, i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_rigls"))
        .args(["--check", "--format", "json"])
        .args(args)
        .arg(path)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let codes = report
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["code"].as_str().unwrap().to_owned(), d["severity"].as_str().unwrap().to_owned()))
        .collect();
    (codes, output.status.code().unwrap(), String::from_utf8(output.stderr).unwrap())
}

#[test]
fn targets_come_from_rigls_toml_and_the_command_line() {
    let dir = temp_dir("targets");
    let model = dir.join("models/model.elem");
    let quad = include_str!("../../../examples/walker.elem");
    std::fs::write(&model, quad).unwrap();
    let (codes, status, _) = check(&model);
    assert_eq!((codes, status), (Vec::new(), 0), "no target: the quad is fine");
    let (codes, status, _) = check_with(&["--target", "danmakufu-ph3"], &model);
    assert_eq!((codes, status), (pairs(&[("target-load-failure", "error")]), 1));

    std::fs::write(dir.join("rigls.toml"), "[elem]\ntargets = [\"danmakufu-ph3\"]\n").unwrap();
    let (codes, _, _) = check(&model);
    assert_eq!(codes, pairs(&[("target-load-failure", "error")]), "from rigls.toml");
    // A DragonBones target on the command line leaves the file's `.elem` targets alone.
    let (codes, _, _) = check_with(&["--target", "godot"], &model);
    assert_eq!(codes, pairs(&[("target-load-failure", "error")]));
    std::fs::write(
        dir.join("rigls.toml"),
        "[elem]\ntargets = [\"danmakufu-ph3\"]\n[severity]\ntarget-load-failure = \"off\"\n",
    )
    .unwrap();
    let (codes, status, _) = check(&model);
    assert_eq!((codes, status), (Vec::new(), 0), "a target code's severity is set like any other's");

    std::fs::write(dir.join("rigls.toml"), "[elem]\ntargets = [\"danmakufu-ph\"]\n").unwrap();
    let (codes, _, stderr) = check(&model);
    assert!(codes.is_empty());
    assert!(
        stderr.contains("rigls.toml: [elem] unknown target `danmakufu-ph`; did you mean `danmakufu-ph3`?"),
        "{stderr}"
    );
    let usage =
        Command::new(env!("CARGO_BIN_EXE_rigls")).args(["--check", "--target", "godo"]).arg(&model).output().unwrap();
    assert_eq!(usage.status.code(), Some(2));
    let stderr = String::from_utf8(usage.stderr).unwrap();
    assert!(stderr.contains("unknown target `godo`; did you mean `godot`?"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}
