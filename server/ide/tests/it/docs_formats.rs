//! The format references in `docs/formats/` stay complete: every `.elem` key and scope of the
//! schema is named in `elem.md`, and the DragonBones key tables of `dragonbones.md` are the
//! schema's own (between the `keys` markers; `UPDATE_EXPECT=1 cargo test -p rigls-ide --test it docs_formats`
//! rewrites them). Product docs that cite the shared specification say it is outside the repository.

use rigls_dragonbones::schema::{self as db, Version};
use rigls_elem::schema as elem;

fn doc(name: &str) -> (std::path::PathBuf, String) {
    let path = rigls_test_support::server_dir().join("../docs/formats").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (path, text)
}

#[test]
fn the_elem_reference_names_every_key_and_scope() {
    let (_, text) = doc("elem.md");
    let mut missing: Vec<&str> =
        elem::KEYS.iter().map(|k| k.name).filter(|k| !text.contains(&format!("`{k}`"))).collect();
    missing
        .extend(elem::SCOPES.iter().map(|s| s.tag).filter(|t| *t != "TextureNUV" && !text.contains(&format!("`{t}`"))));
    missing.dedup();
    assert_eq!(missing, Vec::<&str>::new(), "keys and scopes docs/formats/elem.md does not name");
}

/// `2.3–4.5`, `4.5+`, or `all` for a key of every data version.
fn versions(since: Version, until: Version) -> String {
    match (since == Version::V2_3, until == Version::V5_6) {
        (true, true) => "all".to_owned(),
        (false, true) => format!("{since}+"),
        (true, false) => format!("up to {until}"),
        (false, false) if since == until => since.to_string(),
        (false, false) => format!("{since}–{until}"),
    }
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// The key tables of every DragonBones object, from the schema.
fn dragonbones_key_tables() -> String {
    let mut out = String::new();
    for object in db::object_defs() {
        if object.keys.is_empty() {
            continue;
        }
        out.push_str(&format!("\n### {}\n\n{}\n\n", object.name, cell(object.doc)));
        out.push_str("| key | versions | default | meaning |\n|---|---|---|---|\n");
        for key in object.keys {
            let mut meaning = cell(key.doc);
            if key.required {
                meaning.push_str(" **Required.**");
            }
            if key.ignored {
                meaning.push_str(" *Read by no current runtime.*");
            }
            let default = key.default.map_or_else(String::new, |d| format!("`{}`", cell(d)));
            out.push_str(&format!("| `{}` | {} | {default} | {meaning} |\n", key.name, versions(key.since, key.until)));
        }
    }
    out
}

#[test]
fn the_dragonbones_reference_has_the_schemas_key_tables() {
    const START: &str = "<!-- keys: generated from the schema by server/ide/tests/it/docs_formats.rs -->\n";
    const END: &str = "<!-- /keys -->";
    let (path, text) = doc("dragonbones.md");
    let start = text.find(START).expect("the start marker") + START.len();
    let end = start + text[start..].find(END).expect("the end marker");
    let tables = dragonbones_key_tables();
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&path, format!("{}{tables}\n{}", &text[..start], &text[end..])).unwrap();
        return;
    }
    assert!(
        text[start..end] == format!("{tables}\n"),
        "docs/formats/dragonbones.md's key tables are stale: UPDATE_EXPECT=1 cargo test -p rigls-ide --test it docs_formats"
    );
}

#[test]
fn product_docs_cite_the_shared_specification_only_as_a_source() {
    let root = rigls_test_support::server_dir().join("..");
    for name in [
        "README.md",
        "docs/formats/elem.md",
        "docs/formats/dragonbones.md",
        "docs/formats/elem-evaluation.md",
        "docs/formats/dragonbones-evaluation.md",
        "docs/formats/dragonbones-upgrade.md",
        "docs/rules.md",
        "docs/scene.md",
        "editors/schemas/README.md",
    ] {
        let text = std::fs::read_to_string(root.join(name)).unwrap();
        if text.contains("shared/spec") {
            assert!(
                text.contains("outside this repository"),
                "{name} points at the shared specification without saying a clone does not have it"
            );
        }
    }
}
