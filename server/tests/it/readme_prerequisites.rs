//! The README's prerequisites tell the truth: the Rust version it names is `Cargo.toml`'s
//! `rust-version`, which no locked dependency exceeds, and the Node.js version is the one
//! `tests/run-all.sh` requires for the VS Code test.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(repo().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The README's "Prerequisites" section.
fn prerequisites() -> String {
    let readme = read("README.md");
    let start = readme.find("\n## Prerequisites\n").expect("README.md has a ## Prerequisites section");
    let rest = &readme[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    rest[..end].to_owned()
}

/// `1.88` or `1.88.0` as `[1, 88, 0]`.
fn version(text: &str) -> Vec<u64> {
    let mut parts: Vec<u64> =
        text.split('.').map(|p| p.parse().unwrap_or_else(|_| panic!("a version: {text}"))).collect();
    parts.resize(3, 0);
    parts
}

/// `rust-version` of the workspace (`[workspace.package]`).
fn declared_rust_version() -> String {
    let manifest: toml::Table = read("Cargo.toml").parse().expect("Cargo.toml is TOML");
    manifest["workspace"]["package"]["rust-version"].as_str().expect("[workspace.package] rust-version").to_owned()
}

#[test]
fn the_readme_names_the_declared_rust_version() {
    let rust = declared_rust_version();
    let section = prerequisites();
    assert!(
        section.contains(&format!("**Rust {rust} or later**")),
        "the prerequisites do not say Rust {rust} or later:\n{section}"
    );
}

#[test]
fn no_locked_dependency_needs_a_newer_rust() {
    let declared = version(&declared_rust_version());
    let output = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked", "--manifest-path"])
        .arg(repo().join("Cargo.toml"))
        .output()
        .expect("cargo metadata runs");
    assert!(output.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&output.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON");
    let newer: Vec<String> = metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .filter_map(|p| Some((p["name"].as_str()?, p["version"].as_str()?, p["rust_version"].as_str()?)))
        .filter(|(_, _, needs)| version(needs) > declared)
        .map(|(name, v, needs)| format!("{name} {v} needs Rust {needs}"))
        .collect();
    assert!(newer.is_empty(), "rust-version is {declared:?}, but {newer:?}");
}

#[test]
fn the_readme_names_the_node_version_the_vscode_test_requires() {
    let run_all = read("tests/run-all.sh");
    // `if [[ "$(node -p 'process.versions.node.split(".")[0]' …)" != 20 ]]`
    let line = run_all
        .lines()
        .find(|l| l.contains("process.versions.node"))
        .expect("tests/run-all.sh checks the Node.js version");
    let required =
        line.split("!= ").nth(1).and_then(|rest| rest.split_whitespace().next()).expect("a `!= N` comparison");
    let section = prerequisites();
    assert!(
        section.contains(&format!("**Node.js {required}**")),
        "the prerequisites do not say Node.js {required}:\n{section}"
    );
}
