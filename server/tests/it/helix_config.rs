//! `editors/helix/languages.toml`, the Helix configuration rigls ships (no Helix binary can be had
//! offline to run it): it parses, starts `rigls --stdio`, and gives rigls the same files the VS
//! Code extension does (`.elem`; `*_ske.json` and `*_tex.json` under a language of their own, with
//! Helix's JSON grammar and queries that inherit its JSON ones).

use std::path::{Path, PathBuf};

use toml::{Table, Value};

fn helix_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../editors/helix")
}

fn languages() -> Table {
    let text = std::fs::read_to_string(helix_dir().join("languages.toml")).expect("editors/helix/languages.toml");
    text.parse::<Table>().expect("languages.toml is TOML")
}

fn language<'t>(config: &'t Table, name: &str) -> &'t Table {
    config["language"]
        .as_array()
        .expect("[[language]] entries")
        .iter()
        .filter_map(Value::as_table)
        .find(|l| l["name"].as_str() == Some(name))
        .unwrap_or_else(|| panic!("no [[language]] named {name}"))
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().expect("an array").iter().map(|v| v.as_str().expect("a string").to_owned()).collect()
}

/// The file types of a language: plain extensions as they are, globs as `glob:…`.
fn file_types(lang: &Table) -> Vec<String> {
    lang["file-types"]
        .as_array()
        .expect("file-types")
        .iter()
        .map(|t| match t {
            Value::String(ext) => ext.clone(),
            Value::Table(glob) => format!("glob:{}", glob["glob"].as_str().expect("{ glob = … }")),
            other => panic!("unexpected file type {other}"),
        })
        .collect()
}

/// What the VS Code extension contributes for a language id: its extensions and file name patterns.
fn vscode_files(id: &str) -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../editors/vscode/package.json"))
        .expect("editors/vscode/package.json");
    let manifest: serde_json::Value = serde_json::from_str(&text).expect("package.json is JSON");
    let lang = manifest["contributes"]["languages"]
        .as_array()
        .expect("contributes.languages")
        .iter()
        .find(|l| l["id"] == id)
        .unwrap_or_else(|| panic!("VS Code has no language {id}"));
    let list = |key: &str| {
        lang[key].as_array().cloned().unwrap_or_default().into_iter().map(|v| v.as_str().unwrap().to_owned())
    };
    list("extensions")
        .map(|e| e.trim_start_matches('.').to_owned())
        .chain(list("filenamePatterns").map(|p| format!("glob:{p}")))
        .collect()
}

#[test]
fn the_server_is_rigls_on_stdio() {
    let config = languages();
    let server = config["language-server"]["rigls"].as_table().expect("[language-server.rigls]");
    assert_eq!(server["command"].as_str(), Some("rigls"));
    assert_eq!(strings(&server["args"]), ["--stdio"]);
}

#[test]
fn elem_files_go_to_rigls_with_tab_indentation() {
    let config = languages();
    let elem = language(&config, "elem");
    assert_eq!(file_types(elem), ["elem"]);
    assert_eq!(file_types(elem), vscode_files("elem"));
    assert_eq!(strings(&elem["language-servers"]), ["rigls"]);
    assert_eq!(elem["indent"]["unit"].as_str(), Some("\t"));
    assert_eq!(strings(&elem["roots"]), ["rigls.toml"]);
}

#[test]
fn dragonbones_files_are_json_served_by_rigls_alone() {
    let config = languages();
    let bones = language(&config, "dragonbones");
    assert_eq!(file_types(bones), ["glob:*_ske.json", "glob:*_tex.json"]);
    assert_eq!(file_types(bones), vscode_files("dragonbones"));
    assert_eq!(bones["grammar"].as_str(), Some("json"));
    assert_eq!(strings(&bones["language-servers"]), ["rigls"]);
    for query in ["highlights", "indents", "textobjects"] {
        let path = helix_dir().join(format!("runtime/queries/dragonbones/{query}.scm"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(text.lines().next(), Some("; inherits: json"), "{}", path.display());
    }
}

#[test]
fn the_helix_version_stated_reads_glob_file_types() {
    // Glob `file-types` (`{ glob = "*_ske.json" }`) came with Helix 24.03; 23.10 rejects the file.
    let config = languages();
    let dragonbones = language(&config, "dragonbones");
    let globs = dragonbones["file-types"].as_array().unwrap().iter().filter(|t| t.get("glob").is_some()).count();
    assert_eq!(globs, 2);
    let toml = std::fs::read_to_string(helix_dir().join("languages.toml")).unwrap();
    assert!(toml.starts_with("# rigls for Helix (24.03 or later: glob file-types)"), "{}", &toml[..80]);
    let readme = std::fs::read_to_string(helix_dir().join("README.md")).unwrap();
    assert!(readme.contains("[Helix](https://helix-editor.com) 24.03 or later"), "the README states 24.03");
    assert!(!readme.contains("23.10") && !toml.contains("23.10"));
}
