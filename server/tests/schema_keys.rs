//! The typed keys (`elem::schema::key`, `dragonbones::schema::key`) and the schema tables agree:
//! every constant names a key the table defines, every key of the table has a constant, and each
//! constant is named after its key (`displayIndex` → `DISPLAY_INDEX`).

use std::collections::BTreeSet;

use rigls::{dragonbones, elem};

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
