//! `rigls targets`, the generated `docs/targets.md`, and `--target` on the command line.

use crate::cli_support;

use std::path::Path;

use cli_support::Scratch;
use rigls_diagnostic::Target;

#[test]
fn docs_targets_md_is_up_to_date() {
    let run = Scratch::new().run(&["targets", "--format", "markdown"]);
    run.expect_code(0);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/targets.md");
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&path, &run.stdout).expect("write docs/targets.md");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == run.stdout,
        "docs/targets.md is out of date with the target profiles; regenerate it from the repository root with\n    \
         cargo run -p rigls -- targets --format markdown > docs/targets.md\n(or run this test with UPDATE_EXPECT=1)"
    );
}

#[test]
fn targets_lists_every_profile_with_facts_and_evidence() {
    let run = Scratch::new().run(&["targets", "--format", "json"]);
    run.expect_code(0);
    let targets: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let targets = targets.as_array().expect("array");
    let names: Vec<&str> = targets.iter().map(|t| t["name"].as_str().unwrap_or_default()).collect();
    assert_eq!(names, Target::ALL.iter().map(|t| t.as_str()).collect::<Vec<_>>());
    for t in targets {
        let facts = t["facts"].as_array().expect("facts");
        assert!(facts.len() >= 5, "{}: {} facts", t["name"], facts.len());
        for f in facts {
            let evidence = f["evidence"].as_array().expect("evidence");
            assert!(!evidence.is_empty(), "{}: `{}` cites no evidence", t["name"], f["aspect"]);
        }
    }
    let cpp = &targets[4];
    assert_eq!(cpp["format"], "dragonbones");
    assert_eq!(cpp["facts"][0]["text"], "4.0, 4.5, 5.0, 5.5 (`version`, else `compatibleVersion`)");
    let text = Scratch::new().run(&["targets"]);
    text.expect_code(0);
    assert!(text.stdout.starts_with(
        "dragonbones-js  (DragonBones JSON) DragonBonesJS 5.7 (Pixi, Phaser 3, Three.js)\n  Data versions: 4.0, 4.5, 5.0, 5.5, 5.6 (`version`, else `compatibleVersion`)\n"
    ), "{}", text.stdout);
    assert!(
        text.stdout
            .contains("\ndanmakufu-ph3  (.elem) Touhou Danmakufu ph3 (its Elfreina mesh loader)\n  Scopes read: ")
    );
}
