//! The one-way layers of DEVELOPERS.md, checked on the sources: no module imports a layer above
//! its own.
//!
//! `text` → `lexing` → per format (`elem`, `dragonbones`): syntax (`lexer`, `parser`, `reparse`,
//! `syntax`, `values`, `schema`) → `model` (and `atlas`) → `eval` → `rules` → the format's own items
//! (`ElemFile`, `DragonBonesFile`) → `ide` → `lsp` and `cli`, which do not import each other.
//! The formats do not import each other either. `diagnostic`, `suggest`, `env`, `config` and
//! `cancel` are shared: every layer may import them, and they import only `text` and each other.
//!
//! Every path naming a module of the crate counts: `use` trees (`crate::`, `super::`, `self::` and
//! child modules) and paths in code (`crate::cancel::check()`), comments and strings aside.

use std::fmt;
use std::path::{Path, PathBuf};

const SHARED: [&str; 5] = ["diagnostic", "suggest", "env", "config", "cancel"];

/// The stages of one format, lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Syntax,
    Model,
    Eval,
    Rules,
    /// The format module's own items (`ElemFile`: parse and check a file).
    Root,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layer {
    Text,
    Lexing,
    Format(&'static str, Stage),
    Ide,
    Lsp,
    Cli,
    Shared(&'static str),
}

impl Layer {
    /// Higher layers may import lower ones (`Shared` is outside the order).
    fn rank(self) -> usize {
        match self {
            Layer::Text => 0,
            Layer::Lexing => 1,
            Layer::Format(_, stage) => 2 + stage as usize,
            Layer::Ide => 7,
            Layer::Lsp | Layer::Cli => 8,
            Layer::Shared(_) => usize::MAX,
        }
    }
}

impl fmt::Display for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Layer::Text => f.write_str("text"),
            Layer::Lexing => f.write_str("lexing"),
            Layer::Format(format, Stage::Root) => write!(f, "{format} (the module's own items)"),
            Layer::Format(format, stage) => write!(f, "{format} {}", format!("{stage:?}").to_lowercase()),
            Layer::Ide => f.write_str("ide"),
            Layer::Lsp => f.write_str("lsp"),
            Layer::Cli => f.write_str("cli"),
            Layer::Shared(name) => write!(f, "{name} (shared)"),
        }
    }
}

/// The layer of a module or item, named by its path from the crate root. `None` for what is in
/// no layer: the crate root, and a format's submodule this test does not know yet.
fn layer_of(path: &[String], is_module: impl Fn(&[String]) -> bool) -> Option<Layer> {
    let first = path.first()?.as_str();
    Some(match first {
        "text" => Layer::Text,
        "lexing" => Layer::Lexing,
        "ide" => Layer::Ide,
        "lsp" => Layer::Lsp,
        "cli" => Layer::Cli,
        "elem" | "dragonbones" => {
            let format = if first == "elem" { "elem" } else { "dragonbones" };
            let stage = match path.get(1).map(String::as_str) {
                Some("lexer" | "parser" | "reparse" | "syntax" | "values" | "schema") => Stage::Syntax,
                Some("model" | "atlas") => Stage::Model,
                Some("eval") => Stage::Eval,
                Some("rules") => Stage::Rules,
                // The format's own items, in a file of their own (`DragonBonesFile::reading`).
                Some("reading") => Stage::Root,
                // A submodule must be placed above before it can be checked.
                Some(_) if is_module(&path[..2]) => return None,
                _ => Stage::Root,
            };
            Layer::Format(format, stage)
        }
        _ => Layer::Shared(SHARED.into_iter().find(|s| *s == first)?),
    })
}

/// Why `from` may not import `to`, when it may not.
fn violation(from: Layer, to: Layer) -> Option<String> {
    let allowed = match (from, to) {
        (_, Layer::Shared(_)) => true,
        (Layer::Shared(_), to) => to == Layer::Text,
        (Layer::Format(a, _), Layer::Format(b, _)) if a != b => false,
        (Layer::Lsp, Layer::Cli) | (Layer::Cli, Layer::Lsp) => false,
        (from, to) => to.rank() <= from.rank(),
    };
    (!allowed).then(|| format!("{from} imports {to}"))
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Ident(String),
    PathSep,
    Open,
    Close,
    Comma,
    Semi,
    Star,
    Other,
}

/// The tokens that matter for paths, without comments, strings, characters and lifetimes.
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '"'), else a lifetime ('a, 'static).
            if at(i + 1) == '\\' {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
            }
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            // Raw strings: r"…", r#"…"#, br"…".
            if matches!(word.as_str(), "r" | "br" | "cr") && matches!(at(i), '"' | '#') {
                let hashes = chars[i..].iter().take_while(|&&c| c == '#').count();
                i += hashes + 1;
                let closing: Vec<char> = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
                while i < chars.len() && !chars[i..].starts_with(&closing) {
                    i += 1;
                }
                i += closing.len();
            } else {
                out.push(Token::Ident(word));
            }
        } else {
            out.push(match c {
                ':' if at(i + 1) == ':' => {
                    i += 1;
                    Token::PathSep
                }
                '{' => Token::Open,
                '}' => Token::Close,
                ',' => Token::Comma,
                ';' => Token::Semi,
                '*' => Token::Star,
                c if c.is_whitespace() => {
                    i += 1;
                    continue;
                }
                _ => Token::Other,
            });
            i += 1;
        }
    }
    out
}

/// Parses the use tree at `i` under `prefix` into its paths; returns where it ends.
fn use_tree(tokens: &[Token], mut i: usize, mut prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    loop {
        match tokens.get(i) {
            Some(Token::Ident(name)) => {
                prefix.push(name.clone());
                i += 1;
                if tokens.get(i) == Some(&Token::PathSep) {
                    i += 1;
                    continue;
                }
                if tokens.get(i) == Some(&Token::Ident("as".into())) {
                    i += 2;
                }
                out.push(prefix);
                return i;
            }
            Some(Token::PathSep) => i += 1,
            Some(Token::Star) => {
                out.push(prefix);
                return i + 1;
            }
            Some(Token::Open) => {
                i += 1;
                while !matches!(tokens.get(i), Some(Token::Close) | None) {
                    i = use_tree(tokens, i, prefix.clone(), out);
                    if tokens.get(i) == Some(&Token::Comma) {
                        i += 1;
                    }
                }
                return i + 1;
            }
            _ => return i,
        }
    }
}

/// A path as written in module `current`, from the crate root; `None` when it is not the crate's
/// (`std::…`, another crate). Only `use` paths may start with a child module's name.
fn resolve(
    current: &[String],
    path: &[String],
    in_use: bool,
    is_module: &impl Fn(&[String]) -> bool,
) -> Option<Vec<String>> {
    let mut path: Vec<String> = path.to_vec();
    // `{self, …}` names the module itself.
    let mut i = 1;
    while i < path.len() {
        if path[i] == "self" {
            path.remove(i);
        } else {
            i += 1;
        }
    }
    match path.first()?.as_str() {
        "crate" => Some(path[1..].to_vec()),
        "self" => Some([current, &path[1..]].concat()),
        "super" => {
            let ups = path.iter().take_while(|s| *s == "super").count();
            let base = current.get(..current.len().checked_sub(ups)?)?;
            Some([base, &path[ups..]].concat())
        }
        _ if in_use && is_module(&[current, &path[..1]].concat()) => Some([current, &path[..]].concat()),
        _ => None,
    }
}

/// Every path of the crate that module `module` (whose source is `text`) names, in order.
fn imports(module: &[String], text: &str, is_module: impl Fn(&[String]) -> bool) -> Vec<Vec<String>> {
    let tokens = tokens(text);
    let mut out = Vec::new();
    // Inline modules (`mod tests { … }`) change what `super` and `self` mean.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        let current: Vec<String> = module.iter().cloned().chain(inline.iter().map(|(m, _)| m.clone())).collect();
        match &tokens[i] {
            Token::Ident(word) if word == "mod" => {
                if let (Some(Token::Ident(name)), Some(Token::Open)) = (tokens.get(i + 1), tokens.get(i + 2)) {
                    depth += 1;
                    inline.push((name.clone(), depth));
                    i += 3;
                    continue;
                }
            }
            Token::Ident(word) if word == "use" => {
                let mut raw = Vec::new();
                i = use_tree(&tokens, i + 1, Vec::new(), &mut raw);
                out.extend(raw.iter().filter_map(|p| resolve(&current, p, true, &is_module)));
                continue;
            }
            Token::Ident(word)
                if matches!(word.as_str(), "crate" | "super" | "self")
                    && tokens.get(i + 1) == Some(&Token::PathSep)
                    && (i == 0 || tokens[i - 1] != Token::PathSep) =>
            {
                let mut path = vec![word.clone()];
                let mut j = i + 1;
                while let (Some(Token::PathSep), Some(Token::Ident(next))) = (tokens.get(j), tokens.get(j + 1)) {
                    path.push(next.clone());
                    j += 2;
                }
                out.extend(resolve(&current, &path, false, &is_module));
                i = j;
                continue;
            }
            Token::Open => depth += 1,
            Token::Close => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth -= 1;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// `.rs` files under `dir`, sorted.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> =
        std::fs::read_dir(dir).expect("src is readable").flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `src/dragonbones/rules/mod.rs` → `["dragonbones", "rules"]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).expect("under src").with_extension("");
    let mut segments: Vec<String> = relative.iter().map(|s| s.to_string_lossy().into_owned()).collect();
    if segments.last().is_some_and(|s| s == "mod") {
        segments.pop();
    }
    segments
}

#[test]
fn no_layer_imports_one_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    // Whether a path from the crate root is a module with its own file.
    let is_module = |module: &[String]| {
        let dir = module.iter().fold(src.clone(), |p, s| p.join(s));
        dir.with_extension("rs").is_file() || dir.join("mod.rs").is_file()
    };
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut problems = Vec::new();
    let mut checked = 0;
    for file in &files {
        let module = module_of(&src, file);
        // The crate root and the binary sit above every layer.
        if matches!(module.as_slice(), [m] if m == "lib" || m == "main") {
            continue;
        }
        let shown = file.strip_prefix(src.parent().unwrap()).unwrap_or(file).display().to_string();
        let Some(from) = layer_of(&module, is_module) else {
            problems.push(format!("{shown}: in no layer (place it in tests/layers.rs and DEVELOPERS.md)"));
            continue;
        };
        let text = std::fs::read_to_string(file).expect("sources are UTF-8");
        for path in imports(&module, &text, is_module) {
            checked += 1;
            if let Some(why) = layer_of(&path, is_module).and_then(|to| violation(from, to)) {
                problems.push(format!("{shown}: {why} (crate::{})", path.join("::")));
            }
        }
    }
    assert!(checked > 1000, "only {checked} paths found: the scanner is broken");
    assert!(problems.is_empty(), "imports against the layers:\n{}", problems.join("\n"));
}

/// The scanner and the rules on sources written to break them, so the test above can fail.
#[test]
fn the_scanner_finds_every_kind_of_path() {
    let known = |m: &[String]| {
        let joined = m.join("/");
        ["elem/rules/values", "elem/model", "elem/eval", "elem/rules", "dragonbones/model"].contains(&joined.as_str())
    };
    let source = r##"
        //! crate::lsp in a comment is no import; /* nor */ in a block.
        use super::{model::Model, eval};
        use crate::{diagnostic::{self, Diagnostic}, ide::Analysis as A};
        use values::Inner;
        use std::fmt;
        mod inline {
            use super::super::super::dragonbones::model::Bone;
        }
        fn f<'a>(x: &'a str) -> &'static str {
            let _ = crate::lsp::serve;
            let c = '"';
            let r = r#"crate::cli::run"#;
            "crate::cli::run"
        }
        pub(crate) fn g() { self::f(""); }
    "##;
    let module: Vec<String> = ["elem", "rules"].map(String::from).to_vec();
    let found: Vec<String> = imports(&module, source, known).iter().map(|p| p.join("::")).collect();
    assert_eq!(
        found,
        [
            "elem::model::Model",
            "elem::eval",
            "diagnostic",
            "diagnostic::Diagnostic",
            "ide::Analysis",
            "elem::rules::values::Inner",
            "dragonbones::model::Bone",
            "lsp::serve",
            "elem::rules::f",
        ]
    );
    let layer = |p: &str| layer_of(&p.split("::").map(String::from).collect::<Vec<_>>(), known).unwrap();
    let rules = layer("elem::rules::values");
    assert_eq!(rules.to_string(), "elem rules");
    assert_eq!(violation(rules, layer("elem::model::Model")), None);
    assert_eq!(violation(rules, layer("elem::eval")), None);
    assert_eq!(violation(rules, layer("diagnostic")), None);
    let against = |from: &str, to: &str| violation(layer(from), layer(to));
    assert_eq!(against("elem::rules", "elem::ElemFile").unwrap(), "elem rules imports elem (the module's own items)");
    assert_eq!(against("elem::rules", "ide::Analysis").unwrap(), "elem rules imports ide");
    assert_eq!(against("elem::rules", "dragonbones::model::Bone").unwrap(), "elem rules imports dragonbones model");
    assert_eq!(against("elem::model", "elem::eval").unwrap(), "elem model imports elem eval");
    assert_eq!(against("lsp", "cli").unwrap(), "lsp imports cli");
    assert_eq!(against("diagnostic", "lexing").unwrap(), "diagnostic (shared) imports lexing");
    assert_eq!(against("lexing", "diagnostic"), None);
    assert_eq!(against("cli", "ide"), None);
}
