//! A file on one long line (minified skeletons are) costs time in proportion to its length: the
//! analysis, position conversions at the end of the line and the language server's requests and
//! edits there. Sizes stay moderate (2 MB) and the bound is generous, so the test never flakes
//! yet catches anything quadratic, which would take hours here. `cargo bench -p rigls --bench
//! perf -- scaling` measures the 1 MiB against 4 MiB ratio.

use crate::lsp_support;
use rigls_test_support::fixture as support;
use rigls_test_support::generate;

use std::time::{Duration, Instant};

use rigls_text::{LineCol, PositionEncoding};
use serde_json::{Value, json};

use lsp_support::{TestClient, capabilities};

const BOUND: Duration = Duration::from_secs(60);

/// One `.elem` list line of 2 MB: a Positions entry with 250,000 numbers, after Japanese text.
fn long_elem_line() -> String {
    let numbers: Vec<String> = (0..250_000).map(|i| format!("{}.5", i % 1000)).collect();
    format!(
        "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {{\nMeshContainer {{\nName=\"長い\"\nMesh {{\nName=\"行\"\nPositions {{\n{}\n}}\n}}\n}}\n}}\n",
        numbers.join(":")
    )
}

#[test]
fn analysis_and_conversions_at_the_end_of_a_2_mb_line() {
    let skeleton = generate::dragonbones::skeleton(2_000_000, false);
    assert_eq!(skeleton.trim_end().lines().count(), 1);
    for (name, text) in [("army_ske.json", skeleton), ("long.elem", long_elem_line())] {
        let start = Instant::now();
        let analysis = support::analyse(name, &text, &[]);
        let end = analysis.lines.len() - 1;
        let mut sum = 0u64;
        for i in 0..100_000u32 {
            for encoding in [PositionEncoding::Utf16, PositionEncoding::Utf8] {
                let at = analysis.lines.line_col(end - i % 1000, encoding);
                sum += u64::from(analysis.lines.offset(LineCol { line: at.line, col: at.col }, encoding));
            }
        }
        assert!(sum > 0);
        assert!(start.elapsed() < BOUND, "{name}: {:?}", start.elapsed());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_and_edits_at_the_end_of_a_2_mb_line() {
    let (mut client, _) = TestClient::initialized(rigls_lsp::Options::default(), capabilities(None), Value::Null).await;
    let skeleton = generate::dragonbones::skeleton(2_000_000, false);
    for (uri, language, text) in
        [("file:///long/army_ske.json", "json", skeleton), ("file:///long/long.elem", "elem", long_elem_line())]
    {
        let start = Instant::now();
        client.open(uri, language, 1, &text).await;
        client.diagnostics(uri).await;
        // The end of the longest line, in UTF-16 (the text is ASCII there).
        let (line, longest) = text.lines().enumerate().max_by_key(|(_, l)| l.len()).unwrap();
        let end = json!({"line": line, "character": longest.chars().map(char::len_utf16).sum::<usize>() - 2});
        for version in 2..12 {
            let change = json!([{"range": {"start": end, "end": end}, "text": ""}]);
            client.change(uri, version, change).await;
        }
        let published = client
            .receive("diagnostics of the last edit", |m| {
                m["method"] == "textDocument/publishDiagnostics"
                    && m["params"]["uri"] == uri
                    && m["params"]["version"] == 11
            })
            .await;
        assert_eq!(published["params"]["version"], 11);
        let document = json!({"uri": uri});
        for (method, params) in [
            ("textDocument/hover", json!({"textDocument": document, "position": end})),
            ("textDocument/completion", json!({"textDocument": document, "position": end})),
            ("textDocument/definition", json!({"textDocument": document, "position": end})),
            ("textDocument/selectionRange", json!({"textDocument": document, "positions": [end]})),
            ("textDocument/semanticTokens/full", json!({"textDocument": document})),
        ] {
            client.request(method, params).await.unwrap_or_else(|e| panic!("{method}: {e}"));
        }
        assert!(start.elapsed() < BOUND, "{uri}: {:?}", start.elapsed());
    }
    client.shutdown().await;
}
