//! Clients that write raw (unescaped) non-ASCII characters and spaces in `file:` URIs are served
//! like the others, and see their own spelling in every answer.

use crate::lsp_support;

use lsp_support::{TempDir, TestClient, capabilities, pos};
use rigls_lsp::Options;
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_raw_japanese_uri_gets_diagnostics_and_answers_under_its_own_spelling() {
    let dir = TempDir::new("raw uri");
    let raw = format!("file://{}/歩行 ロボ.elem", dir.path().display());
    let (mut client, _) = TestClient::initialized(Options::default(), capabilities(None), Value::Null).await;
    let text = "Elfreina Extension Model File\nFile Version 1.00\nSetting {\n\tLoadTyp=\"頭\"\n}\n";
    client.open(&raw, "elem", 1, text).await;
    let published = client.diagnostics(&raw).await;
    assert_eq!(published["uri"], json!(raw));
    assert_eq!(published["version"], 1);
    assert_eq!(published["diagnostics"][0]["code"], "unknown-key");

    let hover = client
        .request("textDocument/hover", json!({"textDocument": {"uri": raw}, "position": pos(2, 2)}))
        .await
        .unwrap();
    assert!(hover["contents"]["value"].as_str().unwrap_or_default().contains("Setting"), "{hover}");

    let edits = client
        .request(
            "textDocument/codeAction",
            json!({
                "textDocument": {"uri": raw},
                "range": {"start": pos(3, 2), "end": pos(3, 2)},
                "context": {"diagnostics": published["diagnostics"], "only": ["quickfix"]},
            }),
        )
        .await
        .unwrap();
    let changes = &edits[0]["edit"]["changes"];
    assert!(changes.get(raw.as_str()).is_some(), "the edit names the client's URI: {changes}");
    client.shutdown().await;
}
