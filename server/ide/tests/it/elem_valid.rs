//! Valid `.elem` files give no diagnostics at all, whatever their line endings, BOM or
//! indentation.

use rigls_test_support::fixture as support;

use std::path::PathBuf;

use support::{analyse, bom, crlf};

fn fixtures() -> Vec<(String, String)> {
    let dir = rigls_test_support::server_dir().join("tests/fixtures/elem/valid");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let examples = rigls_test_support::server_dir().join("../examples/walker.elem");
    files.push(examples);
    files.into_iter().map(|p| (p.display().to_string(), std::fs::read_to_string(&p).unwrap())).collect()
}

fn variants(text: &str) -> Vec<(&'static str, String)> {
    let untabbed: String = text.lines().map(|l| l.trim_start_matches('\t')).collect::<Vec<_>>().join("\n") + "\n";
    let spaces = text.replace('\t', "    ");
    vec![
        ("as written", text.to_owned()),
        ("CRLF", crlf(text)),
        ("BOM", bom(text)),
        ("BOM + CRLF", bom(&crlf(text))),
        ("no indentation", untabbed),
        ("spaces", spaces),
        ("no final newline", text.trim_end().to_owned()),
    ]
}

fn assert_clean(name: &str, text: &str) {
    for (variant, text) in variants(text) {
        let analysis = analyse("model.elem", &text, &[]);
        let found: Vec<String> =
            analysis.diagnostics.iter().map(|d| format!("{} {:?} {}", d.code, d.range, d.message)).collect();
        assert!(found.is_empty(), "{name} ({variant}) should be clean, got:\n{}", found.join("\n"));
    }
}

#[test]
fn own_valid_fixtures_are_clean() {
    let files = fixtures();
    assert!(files.len() >= 4);
    for (name, text) in files {
        assert_clean(&name, &text);
    }
}

#[test]
fn corpus_robot_is_clean() {
    let path = rigls_test_support::server_dir().join("../../shared/corpus/elem/robot.elem");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("SKIPPED: {} is absent (it exists only beside the CI checkout)", path.display());
        return;
    };
    assert_clean("robot.elem", &text);
}

#[test]
fn a_texture_present_beside_the_model_is_found() {
    let text =
        std::fs::read_to_string(rigls_test_support::server_dir().join("tests/fixtures/elem/valid/two_containers.elem"))
            .unwrap();
    let analysis = analyse("dir/model.elem", &text, &[("dir/textures/skin.png", ""), ("dir/textures/other.png", "")]);
    assert!(analysis.diagnostics.is_empty(), "{:?}", analysis.diagnostics);
}
