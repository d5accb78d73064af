//! `rigls rules`, `--list-rules` and the generated `docs/rules.md`.

use crate::cli_support;

use std::path::Path;

use cli_support::Scratch;
use rigls_diagnostic::RULES;

#[test]
fn docs_rules_md_is_up_to_date() {
    let run = Scratch::new().run(&["rules", "--format", "markdown"]);
    run.expect_code(0);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/rules.md");
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&path, &run.stdout).expect("write docs/rules.md");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == run.stdout,
        "docs/rules.md is out of date with the rule catalogue; regenerate it from the repository root with\n    \
         cargo run -p rigls -- rules --format markdown > docs/rules.md\n(or run this test with UPDATE_EXPECT=1)"
    );
}

#[test]
fn rules_lists_every_code_with_its_severity_and_summary() {
    let run = Scratch::new().run(&["rules"]);
    run.expect_code(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), RULES.len());
    for (line, rule) in lines.iter().zip(RULES) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[0], rule.code.as_str());
        assert_eq!(fields[1], rule.severity.as_str());
        let other = rule.other_severities().map(|o| format!(" [{o}]")).unwrap_or_default();
        assert!(line.ends_with(&format!("{}{other}", rule.summary)), "{line}");
        assert_eq!(fields[2] == "safe", rule.fixable, "{line}");
    }
    assert!(run.stdout.contains(
        "\ncount-mismatch              error        safe  A count key disagrees with the number of items it counts. \
         [3 DragonBones JSON cases: warning]\n"
    ));
    assert!(
        run.stdout.contains("\nout-of-range                error              A number outside its documented range")
    );
    assert!(
        run.stdout.contains("counts ≥ 0…). [DragonBones JSON: warning; 1 DragonBones JSON case: error]\n"),
        "{}",
        run.stdout
    );
    let list = Scratch::new().run(&["--list-rules"]);
    assert_eq!((list.code, list.stdout.as_str()), (0, run.stdout.as_str()), "--list-rules is the same list");
}

#[test]
fn rules_as_json_carry_the_whole_catalogue() {
    let run = Scratch::new().run(&["rules", "--format", "json"]);
    let rules: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let rules = rules.as_array().expect("array");
    assert_eq!(rules.len(), RULES.len());
    assert_eq!(rules[2]["code"], "count-mismatch");
    assert_eq!(rules[2]["fixable"], true);
    assert_eq!(rules[2]["formats"], serde_json::json!(["elem", "dragonbones"]));
    assert!(rules.iter().all(|r| r["why"].as_str().is_some_and(|w| !w.is_empty())));
}

#[test]
fn the_markdown_documents_every_code_with_both_examples() {
    let markdown = Scratch::new().run(&["rules", "--format", "markdown"]).stdout;
    for rule in RULES {
        let section = markdown.split(&format!("\n## {}\n", rule.code)).nth(1).expect("section");
        let section = section.split("\n## ").next().unwrap_or(section);
        assert!(section.contains(&format!("- **Severity:** {}\n", rule.severity.as_str())), "{}", rule.code);
        assert!(section.contains(rule.why), "{}", rule.code);
        assert!(section.contains(rule.bad.trim_end()) && section.contains(rule.good.trim_end()), "{}", rule.code);
    }
}
