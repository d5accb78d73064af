//! 100,000 nested scopes or brackets through every layer above the parsers (the engines' own tests
//! cover parsing and rules): every editor feature, and the language server's answers, on a thread
//! with the 2 MiB stack the server's worker threads have.

use crate::lsp_support;
use rigls_test_support::fixture as support;

use rigls_ide::{self as ide, Analysis};
use rigls_text::TextRange;
use serde_json::json;

use lsp_support::{TestClient, capabilities};

const DEPTH: usize = 100_000;

fn deep_elem(closed: bool) -> String {
    let mut text = String::from("Elfreina Extension Model File\nFile Version 1.00\nHierarchyList {\n");
    for i in 0..DEPTH {
        text.push_str(&format!("Node {{\nNodeName=\"n{i}\"\n"));
    }
    if closed {
        text.push_str(&"}\n".repeat(DEPTH + 1));
    }
    text
}

fn deep_skeleton() -> String {
    format!(
        "{{\"name\": \"deep\", \"version\": \"5.5\", \"armature\": [{{\"name\": \"a\", \"userData\": {}{}}}]}}",
        "[".repeat(DEPTH),
        "]".repeat(DEPTH)
    )
}

/// Runs `f` on a thread with a 2 MiB stack, as tokio's worker and blocking threads have.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(2 << 20).spawn(f).unwrap().join().expect("no stack overflow or panic")
}

fn every_feature(analysis: &Analysis) -> usize {
    let len = analysis.text.len() as u32;
    let deepest = analysis.text.rfind("NodeName").map_or(len / 2, |i| i as u32);
    // Not `ide::document_symbols`: its `Symbol` tree would be dropped recursively here. The server
    // takes it apart without recursion (`the_server_answers_about_100000_nested_scopes`).
    let mut answers = ide::folding_ranges(analysis).len()
        + ide::semantic_tokens(analysis).len()
        + ide::document_colors(analysis).len()
        + ide::inlay_hints(analysis, TextRange::new(0, len)).len();
    for offset in [0, deepest, len] {
        answers += ide::selection_ranges(analysis, offset).len()
            + ide::completions(analysis, offset).len()
            + ide::references(analysis, offset, true).len()
            + ide::highlights(analysis, offset).len()
            + ide::goto_definition(analysis, offset).len()
            + ide::code_actions(analysis, TextRange::new(offset, offset)).len()
            + usize::from(ide::hover(analysis, offset).is_some());
    }
    // One tab per level would make 5 GB of indentation at this depth: not formatted (the server
    // says why, `the_server_answers_about_100000_nested_scopes`).
    assert_eq!(ide::format(analysis), None);
    answers
}

#[test]
fn editor_features_on_100000_nested_scopes() {
    for closed in [true, false] {
        let answers = on_small_stack(move || {
            let analysis = support::analyse("deep.elem", &deep_elem(closed), &[]);
            assert_eq!(analysis.kind(), ide::FileKind::Elem);
            every_feature(&analysis)
        });
        assert!(answers > DEPTH, "features answered: {answers}");
    }
    on_small_stack(|| every_feature(&support::analyse("deep_ske.json", &deep_skeleton(), &[])));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_answers_about_100000_nested_scopes() {
    let (mut client, _) =
        TestClient::initialized(rigls_lsp::Options::default(), capabilities(None), serde_json::Value::Null).await;
    for (uri, language, text) in [
        ("file:///deep/deep.elem", "elem", deep_elem(true)),
        ("file:///deep/unclosed.elem", "elem", deep_elem(false)),
        ("file:///deep/deep_ske.json", "json", deep_skeleton()),
    ] {
        client.open(uri, language, 1, &text).await;
        client.diagnostics(uri).await;
        let document = json!({"uri": uri});
        let middle = json!({"line": DEPTH, "character": 3});
        for (method, params) in [
            ("textDocument/documentSymbol", json!({"textDocument": document})),
            ("textDocument/foldingRange", json!({"textDocument": document})),
            ("textDocument/semanticTokens/full", json!({"textDocument": document})),
            ("textDocument/selectionRange", json!({"textDocument": document, "positions": [middle]})),
            ("textDocument/hover", json!({"textDocument": document, "position": middle})),
        ] {
            let answer = client.request(method, params).await;
            assert!(answer.is_ok(), "{method} on {uri}: {answer:?}");
        }
    }
    let formatting = client
        .request(
            "textDocument/formatting",
            json!({"textDocument": {"uri": "file:///deep/deep.elem"}, "options": {"tabSize": 4, "insertSpaces": false}}),
        )
        .await
        .expect_err("too deep to format");
    assert_eq!(formatting["code"], -32803, "{formatting}");
    assert!(formatting["message"].as_str().unwrap().starts_with("the document is nested too deeply to format"));
    let hover = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": "file:///deep/deep.elem"}, "position": {"line": 2, "character": 2}}),
        )
        .await
        .expect("the server still answers");
    assert!(hover["contents"].to_string().contains("HierarchyList"), "{hover}");
    client.shutdown().await;
}
