//! The VS Code extension's `rigls.severity` setting (`editors/vscode/package.json`) offers every
//! code of the catalogue, each described with the severities rigls reports it with, so what the
//! settings editor says is what is reported. Regenerate the block with `UPDATE_EXPECT=1`.

use std::path::Path;

use rigls_diagnostic::{RULES, Rule};
use serde_json::{Value, json};

const LEVELS: [&str; 5] = ["off", "hint", "information", "warning", "error"];

/// What the settings editor says about a code.
fn description(rule: &Rule) -> String {
    let other = rule.other_severities().map(|o| format!(" ({o})")).unwrap_or_default();
    format!("Reported as {}{other}. {}", rule.severity, rule.summary)
}

/// The `properties` of `rigls.severity`: one per code, in catalogue order.
fn expected() -> Vec<(&'static str, Value)> {
    RULES
        .iter()
        .map(|r| {
            let schema = json!({ "type": "string", "enum": LEVELS, "markdownDescription": description(r) });
            (r.code.as_str(), schema)
        })
        .collect()
}

/// The block as package.json writes it, indented for its place in the file.
fn render(properties: &[(&str, Value)], indent: &str) -> String {
    let mut out = String::from("{\n");
    for (i, (code, schema)) in properties.iter().enumerate() {
        let levels = LEVELS.iter().map(|l| format!("\"{l}\"")).collect::<Vec<_>>().join(", ");
        let text = serde_json::to_string(&schema["markdownDescription"]).unwrap();
        let comma = if i + 1 < properties.len() { "," } else { "" };
        out.push_str(&format!(
            "{indent}  \"{code}\": {{\n{indent}    \"type\": \"string\",\n{indent}    \"enum\": [{levels}],\n{indent}    \"markdownDescription\": {text}\n{indent}  }}{comma}\n"
        ));
    }
    out.push_str(indent);
    out.push('}');
    out
}

/// The byte range of the JSON value that starts at `start` (an object), strings skipped.
fn object_at(text: &str, start: usize) -> std::ops::Range<usize> {
    let bytes = text.as_bytes();
    let (mut depth, mut i, mut in_string) = (0, start, false);
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            b'{' if !in_string => depth += 1,
            b'}' if !in_string => {
                depth -= 1;
                if depth == 0 {
                    return start..i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    panic!("unbalanced package.json");
}

#[test]
fn the_vscode_severity_setting_lists_every_code_with_its_severities() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../editors/vscode/package.json");
    let text = std::fs::read_to_string(&path).expect("package.json");
    let package: Value = serde_json::from_str(&text).expect("package.json is JSON");
    let setting = &package["contributes"]["configuration"]["properties"]["rigls.severity"];
    let expected = expected();
    let expected_value: Value =
        expected.iter().map(|(c, s)| (c.to_string(), s.clone())).collect::<serde_json::Map<_, _>>().into();
    if setting["properties"] != expected_value && std::env::var_os("UPDATE_EXPECT").is_some() {
        let head = text.find("\"rigls.severity\": {").expect("the setting") + "\"rigls.severity\": ".len();
        let setting_range = object_at(&text, head);
        let at =
            text[setting_range.clone()].find("\"properties\": {").expect("a properties block") + setting_range.start;
        let block = object_at(&text, at + "\"properties\": ".len());
        let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
        let indent = &text[line_start..at];
        let updated = format!("{}{}{}", &text[..block.start], render(&expected, indent), &text[block.end..]);
        std::fs::write(&path, updated).expect("write package.json");
        return;
    }
    assert!(
        setting["properties"] == expected_value,
        "editors/vscode/package.json: `rigls.severity` does not list the catalogue's codes and severities; \
         run this test with UPDATE_EXPECT=1 to regenerate them"
    );
    // Codes a newer server knows are still accepted.
    assert_eq!(setting["additionalProperties"]["enum"], json!(LEVELS));
    let about = setting["markdownDescription"].as_str().unwrap_or_default();
    assert!(about.contains("every case"), "the setting says what an entry replaces: {about}");
}

#[test]
fn descriptions_state_the_other_severities() {
    let arity = rigls_diagnostic::Code::Arity.rule();
    assert_eq!(
        description(arity),
        "Reported as error (5 DragonBones JSON cases: warning). A line or array has the wrong number of values \
         (positions 3, colours 4, UVs 2, matrices 16…)."
    );
    let text = render(&expected()[..1], "  ");
    assert!(text.starts_with("{\n    \"syntax\": {\n      \"type\": \"string\",\n"), "{text}");
}

#[test]
fn the_vscode_targets_setting_offers_every_target() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../editors/vscode/package.json");
    let package: Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("package.json")).expect("JSON");
    let setting = &package["contributes"]["configuration"]["properties"]["rigls.targets"];
    let names: Vec<&str> = rigls_diagnostic::Target::ALL.iter().map(|t| t.as_str()).collect();
    let titles: Vec<&str> = rigls_diagnostic::Target::ALL.iter().map(|t| t.title()).collect();
    assert_eq!(setting["type"], "array");
    assert_eq!(
        setting["items"]["enum"],
        json!(names),
        "editors/vscode/package.json: `rigls.targets` lists other targets"
    );
    assert_eq!(setting["items"]["enumDescriptions"], json!(titles), "`rigls.targets` describes the targets otherwise");
}
