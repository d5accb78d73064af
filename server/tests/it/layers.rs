//! What the compiler cannot see of the layers (DEVELOPERS.md).
//!
//! Each layer is a crate, so a crate cannot import one it does not depend on; what remains is
//! that the manifests declare only dependencies below each crate, and that inside a format's
//! crate the stages stay one-way: syntax (`lexer`, `parser`, `reparse`, `syntax`, `values`,
//! `schema`, `binary`, and `target`, the target profiles) → `model` (and `atlas`) → `eval` → `rules`
//! → the crate's own items (`lib`, `reading`, `convert`, `binary_view`).

use std::path::{Path, PathBuf};

const SERVER: &str = env!("CARGO_MANIFEST_DIR");

/// Each crate of the workspace with the rigls crates it may depend on.
const CRATES: [(&str, &[&str]); 10] = [
    ("text", &[]),
    ("diagnostic", &["text"]),
    ("elem", &["text", "diagnostic"]),
    ("dragonbones", &["text", "diagnostic"]),
    ("ide", &["text", "diagnostic", "elem", "dragonbones"]),
    ("protocol", &["text", "diagnostic", "ide"]),
    ("lsp", &["text", "diagnostic", "ide", "protocol"]),
    ("cli", &["text", "diagnostic", "ide", "protocol"]),
    (".", &["cli", "lsp"]),
    // The repository's root package: the same binary, for pre-commit.
    ("..", &["cli", "lsp"]),
];

/// The rigls crates a manifest's `[dependencies]` (any target) name, without the `rigls-` prefix.
fn rigls_dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).unwrap_or_else(|e| panic!("{}: {e}", manifest.display()));
    let doc: toml::Table = text.parse().expect("manifest is TOML");
    let mut tables: Vec<&toml::Table> = doc.get("dependencies").and_then(|d| d.as_table()).into_iter().collect();
    if let Some(targets) = doc.get("target").and_then(|t| t.as_table()) {
        tables.extend(targets.values().filter_map(|t| t.get("dependencies")?.as_table()));
    }
    let mut names: Vec<String> =
        tables.iter().flat_map(|t| t.keys()).filter_map(|k| k.strip_prefix("rigls-")).map(str::to_owned).collect();
    names.sort();
    names
}

#[test]
fn crates_depend_only_on_layers_below() {
    let mut wrong = Vec::new();
    for (dir, allowed) in CRATES {
        for dependency in rigls_dependencies(&Path::new(SERVER).join(dir).join("Cargo.toml")) {
            if !allowed.contains(&dependency.as_str()) {
                wrong.push(format!("server/{dir} depends on rigls-{dependency}"));
            }
        }
    }
    assert!(wrong.is_empty(), "dependencies against the layers:\n{}", wrong.join("\n"));
}

/// The stage of a module of a format crate, by its first component; `None` for the crate's own
/// items (`lib.rs`, `reading.rs`), which may use every stage.
fn stage(module: &str) -> Option<usize> {
    Some(match module {
        // `target`: the target profiles, data the evaluation and the rules read.
        "lexer" | "parser" | "reparse" | "syntax" | "values" | "schema" | "binary" | "target" => 0,
        "model" | "atlas" => 1,
        "eval" => 2,
        "rules" => 3,
        "upgrade" => 4,
        "lib" | "reading" | "convert" | "binary_view" => return None,
        other => panic!("module `{other}` has no stage: add it to layers.rs"),
    })
}

/// The crate's modules a source file names with `crate::X` in code (comments aside).
fn named_modules(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                out.push(name);
            }
        }
    }
    out
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("source directory") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn format_stages_import_only_lower_stages() {
    let mut wrong = Vec::new();
    for format in ["elem", "dragonbones"] {
        let src = Path::new(SERVER).join(format).join("src");
        let mut files = Vec::new();
        sources(&src, &mut files);
        for file in files {
            let relative = file.strip_prefix(&src).expect("under src");
            let first = relative.components().next().expect("a path").as_os_str().to_string_lossy();
            let Some(from) = stage(first.trim_end_matches(".rs")) else { continue };
            let text = std::fs::read_to_string(&file).expect("source");
            for module in named_modules(&text) {
                if let Some(to) = stage(&module).filter(|to| *to > from) {
                    wrong.push(format!(
                        "{format}/src/{} (stage {from}) uses crate::{module} (stage {to})",
                        relative.display()
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the stages:\n{}", wrong.join("\n"));
}

#[test]
fn the_scanner_sees_code_and_skips_comments() {
    let text =
        "use crate::model::Model;\n// crate::rules is named here only\nlet x = crate::eval::run(); // crate::rules\n";
    assert_eq!(named_modules(text), ["model", "eval"]);
}
