//! Every editor feature on deeply nested text, on a test thread's 2 MB stack (the language
//! server's workers have as much): arrays nested 200,000 deep in a skeleton, Node scopes nested
//! 20,000 deep in an `.elem` model. Recursion as deep as the text overflowed it.

use rigls_ide::Analysis;
use rigls_test_support::fixture as support;
use rigls_text::TextRange;

fn every_feature(analysis: &Analysis, text: &str) {
    let end = text.len() as u32;
    let middle = end / 2;
    for offset in [0, middle, end.saturating_sub(3)] {
        let _ = rigls_ide::hover(analysis, offset);
        let _ = rigls_ide::completions(analysis, offset);
        let _ = rigls_ide::goto_definition(analysis, offset);
        let _ = rigls_ide::references(analysis, offset, true);
        let _ = rigls_ide::highlights(analysis, offset);
        let _ = rigls_ide::prepare_rename(analysis, offset);
        let _ = rigls_ide::selection_ranges(analysis, offset);
    }
    let whole = TextRange::new(0, end);
    let _ = rigls_ide::document_symbols(analysis);
    let _ = rigls_ide::folding_ranges(analysis);
    let _ = rigls_ide::semantic_tokens(analysis);
    let _ = rigls_ide::document_colors(analysis);
    let _ = rigls_ide::inlay_hints(analysis, whole);
    let _ = rigls_ide::code_actions(analysis, whole);
    let _ = rigls_ide::format(analysis);
}

#[test]
fn a_skeleton_with_arrays_nested_200000_deep() {
    let text = rigls_test_support::generate::dragonbones::nested_user_data(200_000);
    let analysis = support::analyse("深_ske.json", &text, &[]);
    every_feature(&analysis, &text);
    // Unclosed, too.
    let open = &text[..text.len() / 2];
    every_feature(&support::analyse("深_ske.json", open, &[]), open);
}

#[test]
fn a_model_with_node_scopes_nested_20000_deep() {
    let depth = 20_000;
    let open: String = (0..depth).map(|i| format!("Node {{\nNodeName=\"n{i}\"\n")).collect();
    let text = format!(
        "Elfreina Extension Model File\nFile Version 1.00\nHierarchyList {{\n{open}{}}}\n",
        "}\n".repeat(depth)
    );
    let analysis = support::analyse("深.elem", &text, &[]);
    every_feature(&analysis, &text);
    // The outline nests 63 levels (the HierarchyList and 62 Nodes); the last lists the other
    // 19,938 Nodes flat, in order, as a 64th.
    let outline = rigls_ide::document_symbols(&analysis);
    let mut level = &outline[0];
    let mut nested = 1;
    while let [only] = level.children.as_slice() {
        level = only;
        nested += 1;
    }
    assert_eq!((nested, level.name.as_str(), level.children.len()), (63, "n61", depth - 62));
    assert!(level.children.iter().all(|s| s.children.is_empty()));
    assert_eq!((level.children[0].name.as_str(), level.children[depth - 63].name.as_str()), ("n62", "n19999"));
    let open = &text[..text.len() / 2];
    every_feature(&support::analyse("深.elem", open, &[]), open);
}
