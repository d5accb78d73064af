//! Every position of the lines with Japanese text: each request that takes a position answers the
//! same in every encoding and line ending, with ranges that are valid where they land.

use std::time::Instant;

use serde_json::{Value, json};

use crate::lsp_elem::outline::WIDE;
use crate::lsp_elem::{BROKEN, Case, Servers, VARIANTS};
use crate::lsp_support::view::Enc;
use crate::lsp_support::{TestClient, capabilities};

const METHODS: [&str; 7] = [
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/documentHighlight",
    "textDocument/prepareRename",
    "textDocument/selectionRange",
];

/// Every answer at the cursor, rendered; errors (a refused rename) are rendered too.
async fn everything_at(client: &mut TestClient, case: &Case<'_>) -> String {
    let mut out = String::new();
    for method in METHODS {
        let mut params = case.at_cursor();
        match method {
            "textDocument/references" => params["context"] = json!({"includeDeclaration": true}),
            "textDocument/selectionRange" => {
                params = json!({"textDocument": {"uri": case.doc.uri}, "positions": [case.at]});
            }
            _ => {}
        }
        let answer = match client.request(method, params).await {
            Ok(answer) => case.doc.render(&answer),
            Err(error) => format!("error {}\n", error["message"]),
        };
        out.push_str(method);
        out.push('\n');
        out.push_str(&answer);
    }
    let params = json!({
        "textDocument": {"uri": case.doc.uri},
        "range": {"start": case.at, "end": case.at},
        "context": {"diagnostics": case.published["diagnostics"]},
    });
    let actions: Value = client.request("textDocument/codeAction", params).await.unwrap();
    for action in actions.as_array().unwrap() {
        let edited = case.doc.apply(&case.doc.workspace_edits(&action["edit"]));
        out.push_str(&format!("action {}\n{}", action["title"], case.doc.diff(&edited)));
    }
    out
}

/// The byte offsets to try in the LF text: every character boundary of lines with non-ASCII text
/// (and the end of each).
fn offsets(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches('\n');
        if !content.is_ascii() {
            out.extend(content.char_indices().map(|(i, _)| start + i));
            out.push(start + content.len());
        }
        start += line.len();
    }
    out
}

/// Run on three variants (the others differ from these in nothing new) to keep it quick.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_position_answers_the_same_in_every_encoding_and_line_ending() {
    let variants = [VARIANTS[0], VARIANTS[3], VARIANTS[4]];
    for (name, text) in [("sweep-wide", WIDE), ("sweep-broken", BROKEN)] {
        let started = Instant::now();
        let clients = Enc::ALL.map(|enc| (enc, capabilities(Some(&[enc.name()]))));
        let mut s = Servers::start_with(name, text, &clients, &variants).await;
        let offsets = offsets(text);
        for &offset in &offsets {
            s.each_at(offset, everything_at).await;
        }
        s.shutdown().await;
        println!("{name}: {} positions in {:?}", offsets.len(), started.elapsed());
    }
}
