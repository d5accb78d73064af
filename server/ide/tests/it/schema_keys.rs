//! The typed keys (`elem::schema::key`, `dragonbones::schema::key`) and the schema tables agree:
//! every constant names a key the table defines, every key of the table has a constant, and each
//! constant is named after its key (`displayIndex` → `DISPLAY_INDEX`).

use std::collections::BTreeSet;

use rigls_dragonbones as dragonbones;
use rigls_elem as elem;

/// `displayIndex` → `DISPLAY_INDEX`, `scXOffset` → `SC_X_OFFSET`, `inheritFFD` → `INHERIT_FFD`.
fn screaming_snake(key: &str) -> String {
    let chars: Vec<char> = key.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let after_lower = i > 0 && !chars[i - 1].is_uppercase();
        let starts_word = i > 0 && chars.get(i + 1).is_some_and(|n| n.is_lowercase());
        if c.is_uppercase() && (after_lower || starts_word) {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

fn agree(format: &str, table: BTreeSet<&str>, constants: &[(&str, &str)]) {
    let named: BTreeSet<&str> = constants.iter().map(|(_, k)| *k).collect();
    let missing: Vec<_> = table.difference(&named).collect();
    let unknown: Vec<_> = named.difference(&table).collect();
    assert!(missing.is_empty(), "{format}: keys of the schema without a constant in schema/key.rs: {missing:?}");
    assert!(unknown.is_empty(), "{format}: constants in schema/key.rs that name no key of the schema: {unknown:?}");
    assert_eq!(named.len(), constants.len(), "{format}: a key has two constants");
    for (constant, key) in constants {
        assert_eq!(*constant, screaming_snake(key), "{format}: the constant for `{key}`");
    }
}

#[test]
fn dragonbones_key_constants_are_the_keys_of_the_schema() {
    let table = dragonbones::schema::object_defs().flat_map(|o| o.keys.iter().map(|k| k.name)).collect();
    agree("DragonBones", table, dragonbones::schema::key::ALL);
    assert_eq!(dragonbones::schema::key::SC_X_OFFSET, "scXOffset");
}

#[test]
fn elem_key_constants_are_the_keys_of_the_schema() {
    let table = elem::schema::KEYS.iter().map(|k| k.name).collect();
    agree(".elem", table, elem::schema::key::ALL);
    assert_eq!(elem::schema::key::TEXTURE_FILENAME, "TextureFilename");
}

#[test]
fn constant_names_split_words_like_the_keys() {
    for (key, constant) in [("x", "X"), ("aM", "A_M"), ("inheritFFD", "INHERIT_FFD"), ("SubTexture", "SUB_TEXTURE")] {
        assert_eq!(screaming_snake(key), constant);
    }
}

/// Callees whose string arguments are words for people (`plural(n, "bone", "bones")`), not keys.
const WORD_CALLEES: &[&str] =
    &["plural", "bone_or_slot", "map_or", "unwrap_or", "object", "Some", "eq_ignore_ascii_case", "ends_with"];

/// The key-name literals of one line of code that look a key up: a call argument (except to
/// [`WORD_CALLEES`]), a comparison operand or a match pattern.
fn lookups_in<'a>(line: &'a str, keys: &BTreeSet<&str>) -> Vec<&'a str> {
    let bytes = line.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while let Some(start) = line[i..].find('"').map(|s| s + i) {
        let Some(len) = line[start + 1..].find('"') else { break };
        let end = start + 1 + len;
        i = end + 1;
        let word = &line[start + 1..end];
        let escaped = start > 0 && bytes[start - 1] == b'\\';
        if escaped || !keys.contains(word) {
            continue;
        }
        let before = line[..start].trim_end();
        // A match pattern may close tuples before its `=>`.
        let after = line[end + 1..].trim_start_matches([')', ' ']);
        let compared = before.ends_with("==") || before.ends_with("!=");
        let pattern = after.starts_with("=>") || after.starts_with('|') && !after.starts_with("||");
        let argument = (before.ends_with('(') || before.ends_with(',')) && {
            // The callee: the word before the innermost `(` still open before the literal.
            let mut depth = 0;
            let open = before.char_indices().rev().find(|&(_, c)| {
                depth += match c {
                    ')' => 1,
                    '(' => -1,
                    _ => 0,
                };
                depth < 0
            });
            let callee = open.map_or("", |(at, _)| {
                let head = &before[..at];
                let from = head.rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |p| p + 1);
                &head[from..]
            });
            !callee.is_empty() && !WORD_CALLEES.contains(&callee)
        };
        if compared || pattern || argument {
            found.push(word);
        }
    }
    found
}

/// `.rs` files under `dir`.
fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Model, rules, eval and editor code outside the schemas names keys by constant
/// (`key::DISPLAY_INDEX`), never by a string literal: a typo in a literal would compile and find
/// nothing.
#[test]
fn no_key_is_looked_up_by_a_string_literal() {
    let src = rigls_test_support::server_dir();
    let dragonbones: BTreeSet<&str> = dragonbones::schema::key::ALL.iter().map(|(_, k)| *k).collect();
    let elem: BTreeSet<&str> = elem::schema::key::ALL.iter().map(|(_, k)| *k).collect();
    let mut problems = Vec::new();
    for (dirs, keys) in
        [(["dragonbones/src", "ide/src/dragonbones"], &dragonbones), (["elem/src", "ide/src/elem"], &elem)]
    {
        let mut files = Vec::new();
        for dir in dirs {
            sources(&src.join(dir), &mut files);
        }
        assert!(files.len() > 10, "only {} sources under {dirs:?}", files.len());
        for file in files.iter().filter(|f| !f.components().any(|c| c.as_os_str() == "schema")) {
            let text = std::fs::read_to_string(file).expect("sources are UTF-8");
            // Unit tests may spell keys out in their inputs.
            let code = text.split("\n#[cfg(test)]").next().unwrap_or_default();
            for (n, line) in code.lines().enumerate() {
                if line.trim_start().starts_with("//") {
                    continue;
                }
                for word in lookups_in(line, keys) {
                    let shown = file.strip_prefix(src).unwrap_or(file).display();
                    problems.push(format!("server/{shown}:{}: \"{word}\": {}", n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "keys looked up by string literal (use the schema's `key::` constants):\n{}",
        problems.join("\n")
    );
}

#[test]
fn literal_lookups_are_told_from_words() {
    let keys: BTreeSet<&str> = ["displayIndex", "bone", "name", "frame"].into();
    assert_eq!(
        lookups_in(r#"ctx.get(slot, "displayIndex").and_then(|d| x(d, "name"))"#, &keys),
        ["displayIndex", "name"]
    );
    assert_eq!(lookups_in(r#"if key == "frame" { (ObjectKind::Bone, "bone") => 1 }"#, &keys), ["frame", "bone"]);
    assert_eq!(lookups_in(r#"plural(n, "bone", "bones"), Some("bone".to_owned())"#, &keys), Vec::<&str>::new());
    assert_eq!(lookups_in(r#"format!("{x}\"name\"") + "bone""#, &keys), Vec::<&str>::new());
}
