//! `syntaxes/elem.tmLanguage.json` colours known keys and scope tags differently from unknown
//! ones; its two lists must be exactly the schema's (`elem::schema::KEYS` and `SCOPES`).
//! With `UPDATE_EXPECT=1` the test rewrites the lists in the grammar.

use std::collections::BTreeSet;

use rigls_elem::schema::{KEYS, SCOPES};

fn grammar_path() -> std::path::PathBuf {
    rigls_test_support::server_dir().join("../syntaxes/elem.tmLanguage.json")
}

/// Every key name of the schema, sorted.
fn schema_keys() -> BTreeSet<String> {
    KEYS.iter().map(|k| k.name.to_owned()).collect()
}

/// Every scope tag and alias of the schema, with `Texture1UV`…`Texture8UV` spelled out.
fn schema_scopes() -> BTreeSet<String> {
    let mut tags: BTreeSet<String> = SCOPES
        .iter()
        .flat_map(|s| std::iter::once(s.tag).chain(s.aliases.iter().copied()))
        .map(str::to_owned)
        .collect();
    tags.extend((1..=8).map(|n| format!("Texture{n}UV")));
    tags
}

/// The alternation the grammar uses for a list: longest names first, so that a name is never
/// cut short by a prefix of it (`Texture1UV` vs `Texture`).
fn alternation(names: &BTreeSet<String>) -> String {
    let mut names: Vec<&String> = names.iter().collect();
    names.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    names.iter().map(|n| n.as_str()).collect::<Vec<_>>().join("|")
}

/// The list of a repository rule: its `match` is `\b(?:A|B|…)\b(?=…)`.
fn list_in<'g>(grammar: &'g serde_json::Value, rule: &str) -> &'g str {
    let pattern = grammar["repository"][rule]["match"].as_str().unwrap_or_else(|| panic!("rule {rule} has a match"));
    let start = pattern.find("(?:").unwrap_or_else(|| panic!("{rule}: no (?: group")) + "(?:".len();
    let end = start + pattern[start..].find(')').expect("closing parenthesis");
    &pattern[start..end]
}

#[test]
fn grammar_lists_match_the_schema() {
    let path = grammar_path();
    let text = std::fs::read_to_string(&path).expect("syntaxes/elem.tmLanguage.json");
    let grammar: serde_json::Value = serde_json::from_str(&text).expect("the grammar is JSON");
    let mut updated = text.clone();
    let mut stale = Vec::new();
    for (rule, names) in [("known-key", schema_keys()), ("known-scope", schema_scopes())] {
        let actual = list_in(&grammar, rule);
        let expected = alternation(&names);
        if actual != expected {
            stale.push(format!("{rule}:\n  grammar: {actual}\n  schema:  {expected}"));
            updated = updated.replacen(&format!("(?:{actual})"), &format!("(?:{expected})"), 1);
        }
    }
    if !stale.is_empty() && std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&path, updated).expect("rewrite the grammar");
        return;
    }
    assert!(
        stale.is_empty(),
        "the grammar's lists differ from the schema (rerun with UPDATE_EXPECT=1 to update):\n{}",
        stale.join("\n")
    );
}
