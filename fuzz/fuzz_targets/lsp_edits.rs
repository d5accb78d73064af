//! The language server under a random stream of incremental edits with random requests in between,
//! driven in-process through real JSON-RPC (the test suite's client, `server/lsp/tests/it/lsp_support`):
//! no request panics or hangs, and the server's copy of the document is the client's at the end.
//! The document's URI is spelt as clients spell them: percent-encoded, with raw non-ASCII
//! characters and a space, or raw with those characters (or every character of each URI) written
//! as JSON `\uXXXX` escapes, in every URI field sent (documents, workspace folders, watched
//! files); every URI the server sends back is in the client's spelling.
#![no_main]

#[allow(dead_code, unused_imports)]
#[path = "../../server/lsp/tests/it/lsp_support/mod.rs"]
mod lsp_support;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use lsp_support::view::{ClientDoc, Enc, line_spans};
use lsp_support::{TestClient, capabilities, escaped_json, plain_json};
use serde_json::{Value, json};

const STARTS: &[(&str, &str)] = &[
    ("walker.elem", include_str!("../../examples/walker.elem")),
    ("broken.elem", include_str!("../../examples/broken.elem")),
    ("hero_ske.json", include_str!("../../tests/e2e/fixtures/hero_ske.json")),
    ("hero_tex.json", include_str!("../../tests/e2e/fixtures/hero_tex.json")),
];

const REQUESTS: &[&str] = &[
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/documentHighlight",
    "textDocument/prepareRename",
    "textDocument/rename",
    "textDocument/documentSymbol",
    "textDocument/foldingRange",
    "textDocument/selectionRange",
    "textDocument/semanticTokens/full",
    "textDocument/documentColor",
    "textDocument/codeAction",
    "textDocument/inlayHint",
    "textDocument/formatting",
    "textDocument/rangeFormatting",
];

/// Operations per session: 32 since round 8 (64 before; FUZZING.md).
const OPS: usize = 32;

#[derive(Arbitrary, Debug)]
enum Op {
    /// Replaces `len` bytes at `at` (per mille of the text) with `text`.
    Edit { at: u16, len: u8, text: String },
    /// Requests `REQUESTS[kind]` at a position near the text ([`near_position`]).
    Request { kind: u8, line: u16, character: u16 },
    /// Several edits in one `didChange`.
    Batch(Vec<(u16, u8, String)>),
    /// `workspace/didChangeWatchedFiles` for the document's file (1 created, 2 changed, 3 deleted).
    Watched(u8),
}

#[derive(Arbitrary, Debug)]
struct Session {
    start: u8,
    encoding: u8,
    crlf: bool,
    /// How the client spells URIs ([`spelling`]).
    spelling: u8,
    ops: Vec<Op>,
}

/// The folder of the document as the client spells it, and how it writes its JSON.
fn spelling(choice: u8) -> (&'static str, fn(&Value) -> Vec<u8>) {
    match choice % 4 {
        0 => ("file:///fuzz", plain_json),
        1 => ("file:///fuzz/歩行 𠮷", plain_json),
        2 => ("file:///fuzz/歩行 𠮷", |m| escaped_json(m, false)),
        _ => ("file:///fuzz/歩行 𠮷", |m| escaped_json(m, true)),
    }
}

/// Every URI the server sends (values of `uri`/`…Uri` members and the keys of a workspace edit's
/// `changes`) that names a file of the session is in the client's spelling of `folder`.
fn uris_as_spelt(what: &str, value: &Value, folder: &str) {
    let check = |uri: &str| {
        if uri.starts_with("file:///fuzz/") {
            assert!(
                uri.starts_with(&format!("{folder}/")),
                "{what}: `{uri}` is not spelt as the client spells `{folder}`"
            );
        }
    };
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                match child {
                    Value::String(uri) if key == "uri" || key.ends_with("Uri") => check(uri),
                    Value::Object(edits) if key == "changes" => {
                        edits.keys().for_each(|uri| check(uri));
                        uris_as_spelt(what, child, folder);
                    }
                    _ => uris_as_spelt(what, child, folder),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| uris_as_spelt(what, item, folder)),
        _ => {}
    }
}

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap())
}

/// A byte offset of `doc` from a per-mille position: on a character boundary, not inside a CRLF
/// pair or the BOM.
fn snap(doc: &ClientDoc, per_mille: u16) -> usize {
    let text = &doc.text;
    let mut at = (text.len() * (per_mille as usize % 1001)) / 1000;
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    if at > 0 && text.as_bytes()[at - 1] == b'\r' && text.as_bytes().get(at) == Some(&b'\n') {
        at -= 1;
    }
    if text.starts_with('\u{feff}') {
        at = at.max(3);
    }
    at
}

/// A position from a request's numbers: on one of the document's lines or one or two past the
/// last, at one of that line's columns or up to three past its end (where the server clamps),
/// half a surrogate pair included. Read so, without libFuzzer's comparison tracing (it is
/// built without: FUZZING.md, round 10), every input's positions land where the clamping is,
/// which raw numbers reached only when the traced comparisons copied line lengths into them.
fn near_position(doc: &ClientDoc, line: u16, character: u16) -> Value {
    let lines = line_spans(&doc.text);
    let line = usize::from(line) % (lines.len() + 2);
    let width: usize =
        lines.get(line).map_or(0, |&(start, end)| doc.text[start..end].chars().map(|c| doc.enc.width(c)).sum());
    json!({"line": line, "character": usize::from(character) % (width + 4)})
}

fn span(doc: &ClientDoc, at: u16, len: u8) -> (usize, usize) {
    let start = snap(doc, at);
    let mut end = (start + len as usize).min(doc.text.len());
    while !doc.text.is_char_boundary(end) {
        end += 1;
    }
    if end > 0 && doc.text.as_bytes()[end - 1] == b'\r' && doc.text.as_bytes().get(end) == Some(&b'\n') {
        end += 1;
    }
    (start, end)
}

fn no_panic(what: &str, result: &Result<Value, Value>, folder: &str) {
    match result {
        Err(error) => assert!(!error.to_string().contains("panicked"), "{what}: {error}"),
        Ok(answer) => uris_as_spelt(what, answer, folder),
    }
}

/// The servers of earlier inputs, one per encoding and URI spelling, reused (a server per input
/// took most of an execution): each input opens its own document, in a folder of its own, and
/// closes it at the end; what a server keeps of closed documents is then fuzzed as well.
fn servers() -> &'static Mutex<HashMap<(usize, u8), TestClient>> {
    static SERVERS: OnceLock<Mutex<HashMap<(usize, u8), TestClient>>> = OnceLock::new();
    SERVERS.get_or_init(Default::default)
}

async fn session(s: Session) {
    let encoding = s.encoding as usize % 3;
    let enc = [Enc::Utf16, Enc::Utf8, Enc::Utf32][encoding];
    let (name, text) = STARTS[s.start as usize % STARTS.len()];
    let text = if s.crlf { text.replace('\n', "\r\n") } else { text.to_owned() };
    let (folder, writes) = spelling(s.spelling);
    let key = (encoding, s.spelling % 4);
    let pooled = servers().lock().unwrap().remove(&key);
    let mut client = match pooled {
        Some(client) => client,
        None => {
            let mut client = TestClient::start(rigls_lsp::Options::default());
            client.writes = writes;
            client.initialize(capabilities(Some(&[enc.name()])), Value::Null).await;
            let added = json!({"event": {"added": [{"uri": folder, "name": "fuzz"}], "removed": []}});
            client.notify("workspace/didChangeWorkspaceFolders", added).await;
            client
        }
    };
    static SESSIONS: AtomicU64 = AtomicU64::new(0);
    let n = SESSIONS.fetch_add(1, Ordering::Relaxed);
    let uri = format!("{folder}/{n}/{name}");
    let language = if name.ends_with(".json") { "json" } else { "elem" };
    let mut doc = ClientDoc::new(&uri, 1, &text, enc);
    client.open(&uri, language, 1, &text).await;
    for op in s.ops.into_iter().take(OPS) {
        match op {
            Op::Edit { at, len, text } => {
                let (start, end) = span(&doc, at, len);
                let change = doc.replace(start, end, &text);
                doc.version += 1;
                client.change(&uri, doc.version, json!([change])).await;
            }
            Op::Batch(edits) => {
                let changes: Vec<Value> = edits
                    .into_iter()
                    .take(8)
                    .map(|(at, len, text)| {
                        let (start, end) = span(&doc, at, len);
                        doc.replace(start, end, &text)
                    })
                    .collect();
                doc.version += 1;
                client.change(&uri, doc.version, Value::Array(changes)).await;
            }
            Op::Watched(kind) => {
                let changes = json!({"changes": [{"uri": uri, "type": 1 + kind % 3}]});
                client.notify("workspace/didChangeWatchedFiles", changes).await;
            }
            Op::Request { kind, line, character } => {
                let method = REQUESTS[kind as usize % REQUESTS.len()];
                let position = near_position(&doc, line, character);
                let range = json!({"start": {"line": 0, "character": 0}, "end": position});
                let document = json!({"uri": uri});
                let params = match method {
                    "textDocument/documentSymbol"
                    | "textDocument/foldingRange"
                    | "textDocument/semanticTokens/full"
                    | "textDocument/documentColor" => json!({"textDocument": document}),
                    "textDocument/formatting" => {
                        json!({"textDocument": document, "options": {"tabSize": 4, "insertSpaces": false}})
                    }
                    "textDocument/selectionRange" => json!({"textDocument": document, "positions": [position]}),
                    "textDocument/codeAction" => {
                        json!({"textDocument": document, "range": range, "context": {"diagnostics": []}})
                    }
                    "textDocument/inlayHint" => json!({"textDocument": document, "range": range}),
                    "textDocument/rangeFormatting" => json!({"textDocument": document, "range": range,
                        "options": {"tabSize": 4, "insertSpaces": false}}),
                    "textDocument/references" => json!({"textDocument": document, "position": position,
                        "context": {"includeDeclaration": true}}),
                    "textDocument/rename" => json!({"textDocument": document, "position": position, "newName": "名前"}),
                    _ => json!({"textDocument": document, "position": position}),
                };
                no_panic(method, &client.request(method, params).await, folder);
            }
        }
    }
    // Both asked at once (the server answers the copy at once, the hover once the last version is
    // analysed): one wait instead of two.
    let final_hover = json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}});
    let (copy, hover) = tokio::join!(client.document_text(&uri), client.request("textDocument/hover", final_hover));
    let (version, server_text) = copy.expect("the document is open");
    assert_eq!(version, i64::from(doc.version));
    assert_eq!(server_text, doc.text, "the server's copy differs from the client's");
    no_panic("final hover", &hover, folder);
    for message in client.drain(Duration::ZERO).await {
        assert!(!message.to_string().contains("panicked"), "{message}");
        uris_as_spelt("a message from the server", &message, folder);
    }
    client.close(&uri).await;
    servers().lock().unwrap().insert(key, client);
}

fuzz_target!(|s: Session| {
    runtime().block_on(async {
        tokio::time::timeout(Duration::from_secs(60), session(s)).await.expect("the session hung");
    });
});
