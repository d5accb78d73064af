//! Properties over many files: formatting is idempotent and keeps every token; every quick fix
//! removes the diagnostic it is offered for.

use proptest::prelude::*;
use rigls_elem::lexer::{Lexer, TokenKind};
use rigls_ide::{self as ide, Analysis, text_edit};

use super::MODEL;
use crate::ide_elem::support::analyse;

// ---- formatting ------------------------------------------------------------------------------

/// Every token but whitespace and line breaks, as text.
fn tokens(text: &str) -> Vec<String> {
    Lexer::new(text)
        .filter(|t| !matches!(t.kind, TokenKind::Whitespace | TokenKind::Newline))
        .map(|t| t.range.slice(text).to_owned())
        .collect()
}

/// Formats `text` and checks the properties; returns the formatted text.
fn check_format(text: &str) -> String {
    let analysis = analyse("test.elem", text, &[]);
    assert!(!analysis.diagnostics.iter().any(|d| d.code == "syntax"), "fixture has syntax errors:\n{text}");
    let edits = ide::format(&analysis).expect("a file without syntax errors is formatted");
    let formatted = text_edit::apply(text, &edits);
    assert_eq!(tokens(&formatted), tokens(text), "formatting changed the data:\n{formatted}");
    assert_eq!(formatted.starts_with('\u{feff}'), text.starts_with('\u{feff}'), "BOM changed");
    if text.contains("\r\n") {
        assert!(!formatted.replace("\r\n", "").contains('\n'), "line endings changed");
    }
    let again = analyse("test.elem", &formatted, &[]);
    assert_eq!(ide::format(&again), Some(Vec::new()), "formatting is not idempotent:\n{formatted}");
    formatted
}

fn corpus_files() -> Vec<(String, Option<String>)> {
    let root = rigls_test_support::server_dir();
    // `shared/` sits beside the repository (`../shared` from a checkout, one level further up
    // from a worktree under `wt/`).
    let robot = ["../../shared", "../../../shared"]
        .iter()
        .map(|s| root.join(s).join("corpus/elem/robot.elem"))
        .find(|p| p.exists())
        .unwrap_or_else(|| root.join("../../shared/corpus/elem/robot.elem"));
    let mut files = vec![robot];
    let mut examples: Vec<_> = std::fs::read_dir(root.join("../examples"))
        .map(|dir| dir.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "elem")).collect())
        .unwrap_or_default();
    examples.sort();
    files.extend(examples);
    files.into_iter().map(|p| (p.display().to_string(), std::fs::read_to_string(&p).ok())).collect()
}

#[test]
fn formatting_the_corpus_and_examples_keeps_them() {
    for (name, text) in corpus_files() {
        let Some(text) = text else {
            println!("SKIPPED: {name} is absent");
            continue;
        };
        let formatted = check_format(&text);
        assert_eq!(formatted, text, "{name} is written in the canonical layout and must stay as it is");
        check_format(&scramble(&text, &[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9]));
    }
}

/// The rule tests' valid fixtures, some laid out differently (no indentation at all).
#[test]
fn formatting_the_valid_fixtures_is_idempotent() {
    let dir = rigls_test_support::server_dir().join("tests/fixtures/elem/valid");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let text = std::fs::read_to_string(entry.path()).unwrap();
        let formatted = check_format(&text);
        let tabs = text.lines().any(|l| l.starts_with('\t'));
        // Files indented with tabs are already canonical; the others only change layout.
        if tabs {
            assert_eq!(formatted, text, "{}", entry.path().display());
        }
        checked += 1;
    }
    println!("{checked} valid fixtures formatted");
}

/// Re-lays out a well-formed file without touching its data, driven by `choices`: random
/// indentation (each `}` lined up with its tag, as the parser's recovery expects), spaces around
/// `=`, `:` and `,`, trailing whitespace and `Tag{` without a space.
fn scramble(text: &str, choices: &[u8]) -> String {
    let mut pick = choices.iter().cycle().copied();
    let mut next = move |n: u8| pick.next().unwrap_or(0) % n;
    let nl = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let (bom, body) = match text.strip_prefix('\u{feff}') {
        Some(rest) => ("\u{feff}", rest),
        None => ("", text),
    };
    let mut out = String::from(bom);
    let mut open_indents: Vec<String> = Vec::new();
    let indents = ["", "\t", "  ", "\t\t\t", "    ", " \t"];
    for line in body.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        let indent = if trimmed == "}" {
            open_indents.pop().unwrap_or_default()
        } else {
            indents[next(indents.len() as u8) as usize].to_owned()
        };
        let content = if let Some(tag) = trimmed.strip_suffix('{') {
            open_indents.push(indent.clone());
            format!("{}{}{{", tag.trim_end(), [" ", "", "   "][next(3) as usize])
        } else if trimmed == "}" || !trimmed.contains(['=', ':', ',']) {
            trimmed.to_owned()
        } else {
            spaced(trimmed, &mut next)
        };
        let trailing = ["", " ", "\t "][next(3) as usize];
        out.push_str(&format!("{indent}{content}{trailing}{nl}"));
    }
    out
}

/// Spaces around the separators of a `Key=Value` or list line, outside strings.
fn spaced(line: &str, next: &mut impl FnMut(u8) -> u8) -> String {
    let mut out = String::new();
    let mut in_string = false;
    for c in line.chars() {
        if c == '"' {
            in_string = !in_string;
        }
        if !in_string && matches!(c, '=' | ':' | ',') {
            out.push_str(&" ".repeat(next(3) as usize));
            out.push(c);
            out.push_str(&" ".repeat(next(2) as usize));
        } else {
            out.push(c);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn scrambled_models_format_back_to_the_original(choices in prop::collection::vec(any::<u8>(), 1..64), crlf in any::<bool>(), bom in any::<bool>()) {
        let mut original = MODEL.to_owned();
        if crlf {
            original = crate::ide_elem::support::crlf(&original);
        }
        if bom {
            original = crate::ide_elem::support::bom(&original);
        }
        let formatted = check_format(&scramble(&original, &choices));
        prop_assert_eq!(formatted, original);
    }

    #[test]
    fn random_files_format_idempotently_and_keep_their_tokens(file in random_file()) {
        let analysis = analyse("test.elem", &file, &[]);
        prop_assume!(!analysis.diagnostics.iter().any(|d| d.code == "syntax"));
        check_format(&file);
    }
}

/// One line of a generated file, before layout.
#[derive(Clone, Debug)]
enum Gen {
    Open(String),
    Close,
    Key(String, Vec<String>),
    Entry(Vec<String>),
    Blank,
}

fn atom() -> impl Strategy<Value = String> {
    prop_oneof![
        (-1000i32..1000).prop_map(|n| n.to_string()),
        (-1000i32..1000, 0u32..1_000_000).prop_map(|(a, b)| format!("{a}.{b:06}")),
        prop::sample::select(vec!["\"腰\"", "\"ルーン 2\"", "\"a b\"", "\"\"", "\"x{y}\"", "\"Position\""])
            .prop_map(str::to_owned),
        prop::sample::select(vec!["True", "False", "name_1"]).prop_map(str::to_owned),
    ]
}

/// Atoms joined by `:` and `,`, with random spaces around the separators.
fn value() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec((atom(), prop::sample::select(vec![":", ",", " : ", ", ", " :"])), 1..5).prop_map(|parts| {
        let mut out = Vec::new();
        for (i, (a, sep)) in parts.iter().enumerate() {
            if i > 0 {
                out.push((*sep).to_owned());
            }
            out.push(a.clone());
        }
        out
    })
}

/// A scope tree of made-up tags (so the parser's schema-driven recovery never applies).
fn tree() -> impl Strategy<Value = Vec<Gen>> {
    let leaf = prop_oneof![
        (prop::sample::select(vec!["Key", "Name", "Count_2", "x"]), value())
            .prop_map(|(k, v)| vec![Gen::Key(k.to_owned(), v)]),
        value().prop_map(|v| vec![Gen::Entry(v)]),
        Just(vec![Gen::Blank]),
    ];
    leaf.prop_recursive(4, 40, 6, |inner| {
        (prop::sample::select(vec!["Foo", "Bar", "Custom_1"]), prop::collection::vec(inner, 0..6)).prop_map(
            |(tag, children)| {
                let mut lines = vec![Gen::Open(tag.to_owned())];
                lines.extend(children.into_iter().flatten());
                lines.push(Gen::Close);
                lines
            },
        )
    })
}

prop_compose! {
    fn random_file()(
        scopes in prop::collection::vec(tree(), 1..4),
        indents in prop::collection::vec(prop::sample::select(vec!["", "\t", "  ", " \t ", "\t\t"]), 64),
        eq_spaces in prop::collection::vec(prop::sample::select(vec!["=", " =", "= ", " = "]), 64),
        crlf in any::<bool>(),
        bom in any::<bool>(),
        final_newline in any::<bool>(),
    ) -> String {
        let nl = if crlf { "\r\n" } else { "\n" };
        let mut out = String::new();
        if bom {
            out.push('\u{feff}');
        }
        out.push_str(&format!("Elfreina Extension Model File{nl}File Version 1.00{nl}"));
        let mut open: Vec<String> = Vec::new();
        let lines: Vec<Gen> = scopes.into_iter().flatten().collect();
        for (i, line) in lines.iter().enumerate() {
            let indent = indents[i % indents.len()];
            // The scope trees are closed at top level: `}` lines up with its tag.
            let text = match line {
                Gen::Open(tag) => {
                    open.push(indent.to_owned());
                    format!("{indent}{tag} {{")
                }
                Gen::Close => format!("{}}}", open.pop().unwrap_or_default()),
                Gen::Key(key, value) => format!("{indent}{key}{}{}", eq_spaces[i % eq_spaces.len()], value.concat()),
                Gen::Entry(value) => format!("{indent}{}", value.concat()),
                Gen::Blank => indent.to_owned(),
            };
            out.push_str(&text);
            if i + 1 < lines.len() || final_newline {
                out.push_str(nl);
            }
        }
        out
    }
}

// ---- quick fixes -----------------------------------------------------------------------------

/// Applies each diagnostic's fix on its own and checks that the diagnostic is gone afterwards
/// (fewer diagnostics with the same code and message than before).
fn check_fixes(text: &str) -> usize {
    let analysis: Analysis = analyse("test.elem", text, &[]);
    let mut checked = 0;
    for (i, d) in analysis.diagnostics.iter().enumerate() {
        let Some(fix) = d.fixes.first() else { continue };
        let actions = ide::code_actions(&analysis, d.range);
        let offered: Vec<&str> = actions.iter().filter(|a| a.diagnostic == Some(i)).map(|a| a.title.as_str()).collect();
        let titles: Vec<&str> = d.fixes.iter().map(|f| f.title.as_str()).collect();
        assert_eq!(offered, titles, "every fix is offered as a code action, in order");
        let action = actions.iter().find(|a| a.diagnostic == Some(i)).expect("the first fix is offered");
        let edits: Vec<_> = action.edits.iter().flat_map(|e| e.edits.iter().cloned()).collect();
        assert_eq!(edits, fix.edits);
        let fixed = text_edit::apply(text, &edits);
        let after = analyse("test.elem", &fixed, &[]);
        let same = |list: &[rigls_diagnostic::Diagnostic]| {
            list.iter().filter(|x| x.code == d.code && x.message == d.message).count()
        };
        assert!(
            same(&after.diagnostics) < same(&analysis.diagnostics),
            "`{}` did not remove {}: {}\n--- fixed text\n{fixed}",
            fix.title,
            d.code,
            d.message
        );
        checked += 1;
    }
    checked
}

#[test]
fn every_quick_fix_in_the_examples_removes_its_diagnostic() {
    let mut checked = 0;
    for (name, text) in corpus_files() {
        match text {
            Some(text) => checked += check_fixes(&text),
            None => println!("SKIPPED: {name} is absent"),
        }
    }
    assert!(checked > 0, "broken.elem has fixable problems");
}

/// Ways to break the shared model, each giving diagnostics with fixes.
fn mutations() -> Vec<(&'static str, &'static str)> {
    vec![
        ("VertexCount=3", "VertexCount=7"),
        ("MaterialCount=2", "MaterialCount=1"),
        ("HierarchyNamesCount=2", "HierarchyNamesCount=0"),
        ("\t\tMeshCount=1", "\t\tMeshCont=1"),
        ("\t\tBoneNames {", "\t\tBoneNamez {"),
        ("BoneName=\"頭\"", "BoneName=\"頭頭\""),
        ("RenderingMeshName=\"胴体\"", "RenderingMeshName=\"胴休\""),
        ("MaterialName=\"顔\"", "MaterialName=\"顔x\""),
        ("Loop=True", "Loop=yes"),
        ("Loop=True", "Loop=\"True\""),
        ("\t\t\t\t0.25\n", "\t\t\t\t2.5E-1\n"),
        ("\t\t\t\t0.25\n", "\t\t\t\t1.25\n"),
        ("Ambient=1.000000:0.300000", "Ambient=1.000000:1.300000"),
        ("\t\t\t\t1.0:0.0:1.0:0.0", "\t\t\t\t1.0:0.0:-1.0:0.0"),
        ("\t\t\t\t3,0:1:2", "\t\t\t\t4,0:1:2"),
        ("\t\t\t\t\t\t1,1.0", "\t\t\t\t\t\t1,1.5"),
        ("\t\t\t\t\t\t1,1.0", "\t\t\t\t\t\t1.0,1.0"),
        ("\"Position\"", "Position"),
        ("\"Diffuse\"\n", "\"Difuse\"\n"),
        ("LoadType=\"View\"", "LoadType=View"),
        ("AnimationTime=1200", "AnimationTime=0"),
        ("Elfreina Extension Model File\n", ""),
        ("File Version 1.00\n", ""),
        ("Elfreina Extension Model File", "Elfreina Extension Model Fiel"),
        ("\t}\n}\nAnimationList", "\t}\n}\n}\nAnimationList"),
        ("\t\t\t\t}\n\t\t\t\tTransKeys {\n\t\t\t\t\t0:0:0", "\t\t\t\tTransKeys {\n\t\t\t\t\t0:0:0"),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn every_quick_fix_removes_its_diagnostic(picked in prop::sample::subsequence(mutations(), 1..4), crlf in any::<bool>()) {
        let mut text = MODEL.to_owned();
        for (from, to) in picked {
            text = text.replacen(from, to, 1);
        }
        if crlf {
            text = crate::ide_elem::support::crlf(&text);
        }
        check_fixes(&text);
    }
}

#[test]
fn each_mutation_alone_offers_a_fix_that_works() {
    for (from, to) in mutations() {
        assert!(MODEL.contains(from), "mutation `{from}` does not apply");
        let text = MODEL.replacen(from, to, 1);
        assert!(check_fixes(&text) > 0, "`{from}` → `{to}` gives no fixable diagnostic");
    }
}

// ---- robustness ------------------------------------------------------------------------------

/// Runs every feature at `offset` (and over `range`), for the no-panic property.
fn exercise(analysis: &Analysis, offset: u32, range: rigls_text::TextRange) {
    crate::ide_support::check_completions_and_hover(analysis, offset);
    let _ = ide::goto_definition(analysis, offset);
    let _ = ide::references(analysis, offset, true);
    let _ = ide::highlights(analysis, offset);
    let _ = ide::prepare_rename(analysis, offset);
    let _ = ide::rename(analysis, offset, "新しい");
    let _ = ide::selection_ranges(analysis, offset);
    let _ = ide::inlay_hints(analysis, range);
    let _ = ide::code_actions(analysis, range);
    let _ = ide::color_presentations(analysis, range, ide::Rgba { red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4 });
}

fn exercise_file(text: &str) {
    let analysis = analyse("test.elem", text, &[]);
    let _ = ide::document_symbols(&analysis);
    let _ = ide::folding_ranges(&analysis);
    let tokens = ide::semantic_tokens(&analysis);
    assert!(tokens.windows(2).all(|w| w[0].range.end <= w[1].range.start), "tokens overlap");
    let _ = ide::document_colors(&analysis);
    if let Some(edits) = ide::format(&analysis) {
        let formatted = text_edit::apply(text, &edits);
        assert_eq!(tokens_of(&formatted), tokens_of(text));
    }
    let len = text.len() as u32;
    for (offset, _) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        let offset = offset as u32;
        let range = rigls_text::TextRange::new(offset, (offset + 7).min(len));
        exercise(&analysis, offset, range);
    }
}

fn tokens_of(text: &str) -> Vec<String> {
    tokens(text)
}

/// Text made of the format's own pieces, in any order: braces, quotes, separators, line breaks,
/// keys and tags of the schema, numbers and Japanese.
fn soup() -> impl Strategy<Value = String> {
    let pieces = vec![
        "{",
        "}",
        "\"",
        "=",
        ":",
        ",",
        "\n",
        "\r\n",
        "\r",
        "\t",
        " ",
        "Mesh",
        "Material",
        "Name",
        "BoneNames",
        "BoneName",
        "NodeName",
        "Node",
        "HierarchyNames",
        "TransformIndex",
        "Attributes",
        "Diffuse",
        "TimeKeys",
        "AnimationData",
        "AnimationTime",
        "MeshContainer",
        "MaterialName",
        "1",
        "-0.5",
        "1e5",
        "True",
        "腰",
        "ルーン",
        "\u{feff}",
        "Elfreina Extension Model File\n",
        "File Version 1.00\n",
    ];
    prop::collection::vec(prop::sample::select(pieces), 0..60).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn no_feature_panics_on_any_text(text in soup()) {
        exercise_file(&text);
    }
}

proptest! {
    // Each case runs every feature at every offset of the whole model.
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn no_feature_panics_on_a_damaged_model(cut in 0usize..MODEL.len(), len in 0usize..40, insert in soup()) {
        let mut text = MODEL.to_owned();
        let start = (0..=cut).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
        let end = (start + len..=text.len()).find(|&i| text.is_char_boundary(i)).unwrap_or(text.len());
        text.replace_range(start..end, &insert);
        exercise_file(&text);
    }
}
