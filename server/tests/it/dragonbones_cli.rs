//! `rigls --check` with DragonBones files: a directory walk lints `.elem` files, skeletons and
//! atlases together and skips other JSON; a named non-DragonBones `.json` gives nothing and exit 0.

use std::path::{Path, PathBuf};
use std::process::Command;

struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("rigls-dragonbones-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn check(args: &[&Path]) -> (i32, serde_json::Value) {
    let output = Command::new(env!("CARGO_BIN_EXE_rigls"))
        .arg("--check")
        .arg("--format")
        .arg("json")
        .args(args)
        .output()
        .unwrap();
    let json = serde_json::from_slice(&output.stdout).unwrap_or(serde_json::Value::Null);
    (output.status.code().unwrap_or(-1), json)
}

const SKELETON: &str = r#"{"name": "hero", "version": "5.5", "compatibleVersion": "5.5", "armature": [{"name": "hero",
  "bone": [{"name": "root"}], "slot": [{"name": "head", "parent": "root"}],
  "skin": [{"slot": [{"name": "head", "display": [{"name": "head", "path": "parts/haed"}]}]}]}]}
"#;
const ATLAS: &str = r#"{"name": "hero", "imagePath": "hero_tex.png", "SubTexture": [{"name": "parts/head", "width": 4, "height": 4}, {"name": "parts/head"}]}"#;
const ELEM: &str = "Elfreina Extension Model File\nFile Version 1.00\nSetting {\n\tLoadTyp=\"View\"\n}\n";

#[test]
fn a_directory_checks_elem_skeletons_and_atlases_and_skips_other_json() {
    let dir = TempDir::new("walk");
    dir.write("model.elem", ELEM);
    dir.write("hero/hero_ske.json", SKELETON);
    dir.write("hero/hero_tex.json", ATLAS);
    dir.write("package.json", r#"{"name": "game", "version": "1.0.0", "oops": [1, 2"#);
    dir.write("hero/notes.json", "// not json at all {");
    let (status, json) = check(&[&dir.0]);
    assert_eq!(status, 1, "{json}");
    let mut found: Vec<(String, String)> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let file = Path::new(d["file"].as_str().unwrap()).file_name().unwrap().to_string_lossy().into_owned();
            (file, d["code"].as_str().unwrap().to_owned())
        })
        .collect();
    found.sort();
    let expected =
        [("hero_ske.json", "unknown-texture"), ("hero_tex.json", "duplicate-name"), ("model.elem", "unknown-key")];
    let expected: Vec<(String, String)> = expected.iter().map(|(f, c)| (f.to_string(), c.to_string())).collect();
    assert_eq!(found, expected);
}

#[test]
fn a_named_non_dragonbones_json_file_gives_nothing() {
    let dir = TempDir::new("named");
    let broken = dir.write("package.json", r#"{"name": "game", "version": "1.0.0", "oops": [1, 2"#);
    let (status, json) = check(&[&broken]);
    assert_eq!(status, 0);
    assert_eq!(json, serde_json::json!([]));
}

#[test]
fn a_named_skeleton_is_checked_with_its_atlas() {
    let dir = TempDir::new("skeleton");
    let skeleton = dir.write("hero_ske.json", SKELETON);
    dir.write("hero_tex.json", ATLAS);
    let (status, json) = check(&[&skeleton]);
    assert_eq!(status, 0, "a missing texture is a warning");
    let d = &json[0];
    assert_eq!(d["code"], "unknown-texture");
    assert_eq!(d["severity"], "warning");
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(3), Some(76)));
    assert_eq!(d["fix"], "Replace with `parts/head`");
}

#[test]
fn json_that_is_not_utf8_is_reported_only_when_it_is_dragonbones() {
    let dir = TempDir::new("utf8");
    std::fs::write(dir.0.join("other.json"), b"{\"name\": \"\x93\xaa\", \"list\": []}").unwrap();
    std::fs::write(dir.0.join("hero_ske.json"), b"{\"name\": \"\x93\xaa\", \"version\": \"5.5\", \"armature\": []}")
        .unwrap();
    let (status, json) = check(&[&dir.0]);
    assert_eq!(status, 1);
    let codes: Vec<(&str, &str)> =
        json.as_array().unwrap().iter().map(|d| (d["file"].as_str().unwrap(), d["code"].as_str().unwrap())).collect();
    assert_eq!(codes.len(), 1, "{codes:?}");
    assert!(codes[0].0.ends_with("hero_ske.json") && codes[0].1 == "encoding", "{codes:?}");
}
