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
