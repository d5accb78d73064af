//! Semantic tokens after edits of a DragonBones skeleton and of an `.elem` model, as an editor
//! follows them: each edit's delta asked the moment its diagnostics arrive and applied to the
//! tokens held. The server splices each version's tokens into the previous version's (the
//! reparsed container's or scope's tokens alone are computed); what the client ends up holding
//! must be a fresh server's full answer, in every position encoding, on Japanese names, CRLF and
//! a BOM.

use crate::lsp_support;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use lsp_support::{TestClient, apply_token_edits, capabilities};
use rigls_ide::{self as ide, Analysis};
use rigls_lsp::{Features, Options};
use serde_json::{Value, json};

const URI: &str = "file:///tmp/rigls-test/hero_ske.json";
const SKELETON: &str = include_str!("../../../tests/fixtures/dragonbones/勇者_ske.json");
const ELEM_URI: &str = "file:///tmp/rigls-test/walker.elem";
const MODEL: &str = include_str!("../../../tests/fixtures/elem/valid/walker.elem");

/// Counts whole token walks and splices; the features are the real ones.
#[derive(Default)]
struct TokenPaths {
    whole: AtomicUsize,
    spliced: AtomicUsize,
}

impl Features for TokenPaths {
    fn semantic_tokens(&self, a: &Analysis) -> Vec<ide::SemanticToken> {
        self.whole.fetch_add(1, Ordering::SeqCst);
        ide::semantic_tokens(a)
    }
    fn semantic_tokens_splice(&self, a: &Analysis) -> Option<ide::TokenSplice> {
        let splice = ide::semantic_tokens_splice(a);
        self.spliced.fetch_add(usize::from(splice.is_some()), Ordering::SeqCst);
        splice
    }
}

fn client_capabilities(encoding: &str, multiline: bool) -> Value {
    let mut caps = capabilities(Some(&[encoding]));
    caps["textDocument"]["semanticTokens"] = json!({
        "requests": {"full": {"delta": true}, "range": true},
        "tokenTypes": [], "tokenModifiers": [], "formats": ["relative"],
        "multilineTokenSupport": multiline,
    });
    caps
}

/// The full answer of a server that opens `text` fresh.
async fn fresh_tokens(text: &str, encoding: &str, multiline: bool) -> Vec<Value> {
    fresh_tokens_of(URI, "json", text, encoding, multiline).await
}

async fn fresh_tokens_of(uri: &str, language: &str, text: &str, encoding: &str, multiline: bool) -> Vec<Value> {
    let (mut client, _) =
        TestClient::initialized(Options::default(), client_capabilities(encoding, multiline), Value::Null).await;
    client.open(uri, language, 1, text).await;
    client.diagnostics(uri).await;
    let full = client.request("textDocument/semanticTokens/full", json!({"textDocument": {"uri": uri}})).await;
    client.shutdown().await;
    full.unwrap()["data"].as_array().expect("tokens").clone()
}

/// `text` with the first `what` (after `after`) replaced by `with`.
fn replace_after(text: &str, after: &str, what: &str, with: &str) -> String {
    let from = text.find(after).expect(after);
    let at = from + text[from..].find(what).expect(what);
    format!("{}{with}{}", &text[..at], &text[at + what.len()..])
}

/// Versions of the document: digits and names changed inside containers (spliced), lines
/// added in one, a bracket broken (a whole parse) and restored, a member added to a bone.
fn versions(text: &str) -> Vec<String> {
    let mut out = vec![text.to_owned()];
    let mut next = |f: &dyn Fn(&str) -> String| {
        let v = f(out.last().unwrap());
        out.push(v);
    };
    next(&|t| replace_after(t, "\"頭\", \"parent\"", "-40", "-4000.5"));
    next(&|t| replace_after(t, "\"bone\"", "\"腕\"", "\"腕😀\""));
    next(&|t| replace_after(t, "\"length\": 40", "40", "40,\r\n\t\t\t\t\"x\":\n 12"));
    next(&|t| replace_after(t, "\"slot\"", "\"displayIndex\": 1", "\"displayIndex\": 1, \"名\": \"新\""));
    next(&|t| replace_after(t, "\"bone\"", "{ \"name\": \"根\" }", "\"name\": \"根\" }"));
    next(&|t| replace_after(t, "\"bone\"", "\"name\": \"根\" }", "{ \"name\": \"根\", \"length\": 3 }"));
    next(&|t| replace_after(t, "\"勇者\"", "24", "30"));
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deltas_after_edits_reproduce_a_fresh_servers_tokens() {
    let documents =
        [SKELETON.replace('\n', "\r\n"), format!("\u{feff}{SKELETON}"), SKELETON.split(['\n', '\t']).collect()];
    for (text, (encoding, multiline)) in documents.iter().zip([("utf-16", false), ("utf-8", true), ("utf-32", false)]) {
        let paths = Arc::new(TokenPaths::default());
        let options = Options { features: paths.clone(), ..Options::default() };
        let (mut client, _) =
            TestClient::initialized(options, client_capabilities(encoding, multiline), Value::Null).await;
        let versions = versions(text);
        client.open(URI, "json", 1, &versions[0]).await;
        client.diagnostics(URI).await;
        let full = client.request("textDocument/semanticTokens/full", json!({"textDocument": {"uri": URI}})).await;
        let full = full.unwrap();
        let (mut held, mut id) = (full["data"].as_array().unwrap().clone(), full["resultId"].clone());
        assert_eq!(held, fresh_tokens(&versions[0], encoding, multiline).await);
        for (i, version) in versions.iter().enumerate().skip(1) {
            client.change(URI, i as i32 + 1, json!([{"text": version}])).await;
            client.diagnostics(URI).await;
            let params = json!({"textDocument": {"uri": URI}, "previousResultId": id});
            let delta = client.request("textDocument/semanticTokens/full/delta", params).await.unwrap();
            held = apply_token_edits(&held, &delta["edits"]);
            id = delta["resultId"].clone();
            assert_eq!(held, fresh_tokens(version, encoding, multiline).await, "{encoding}, version {}", i + 1);
        }
        // Every version but the broken one, the one restoring it and the root's edit was spliced;
        // those three and the first were walked whole.
        assert_eq!(paths.spliced.load(Ordering::SeqCst), versions.len() - 4, "{encoding}");
        assert_eq!(paths.whole.load(Ordering::SeqCst), 4, "{encoding}");
        client.shutdown().await;
    }
}

/// Versions of the model: a digit and a name changed inside scopes (spliced), lines added to a
/// list (spliced), a brace broken (a whole parse) and restored (whole: the earlier tree has an
/// error), a tag renamed (whole: the change is on a tag line).
fn model_versions(text: &str) -> Vec<String> {
    let mut out = vec![text.to_owned()];
    let mut next = |f: &dyn Fn(&str) -> String| {
        let v = f(out.last().unwrap());
        out.push(v);
    };
    next(&|t| replace_after(t, "Positions {", "0.500000:1.500000", "0.5:1.75"));
    next(&|t| replace_after(t, "Material {", "\"装甲\"", "\"装甲の板\""));
    next(&|t| replace_after(t, "Positions {", "-0.500000:0.000000:0.000000", "-0.5:0:0\r\n\t\t\t\t-0.25:0:0"));
    next(&|t| replace_after(t, "Normals {", "Normals {", "Normals "));
    next(&|t| replace_after(t, "Mesh {", "Normals ", "Normals {"));
    next(&|t| replace_after(t, "Material {", "SpecularSharpness=20", "SpecularSharpness=25"));
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn elem_deltas_after_edits_reproduce_a_fresh_servers_tokens() {
    let documents = [MODEL.replace('\n', "\r\n"), format!("\u{feff}{MODEL}"), MODEL.replace('\t', "")];
    for (text, (encoding, multiline)) in documents.iter().zip([("utf-16", false), ("utf-8", true), ("utf-32", false)]) {
        let paths = Arc::new(TokenPaths::default());
        let options = Options { features: paths.clone(), ..Options::default() };
        let (mut client, _) =
            TestClient::initialized(options, client_capabilities(encoding, multiline), Value::Null).await;
        let versions = model_versions(text);
        client.open(ELEM_URI, "elem", 1, &versions[0]).await;
        client.diagnostics(ELEM_URI).await;
        let params = json!({"textDocument": {"uri": ELEM_URI}});
        let full = client.request("textDocument/semanticTokens/full", params).await.unwrap();
        let (mut held, mut id) = (full["data"].as_array().unwrap().clone(), full["resultId"].clone());
        assert_eq!(held, fresh_tokens_of(ELEM_URI, "elem", &versions[0], encoding, multiline).await);
        for (i, version) in versions.iter().enumerate().skip(1) {
            client.change(ELEM_URI, i as i32 + 1, json!([{"text": version}])).await;
            client.diagnostics(ELEM_URI).await;
            let params = json!({"textDocument": {"uri": ELEM_URI}, "previousResultId": id});
            let delta = client.request("textDocument/semanticTokens/full/delta", params).await.unwrap();
            held = apply_token_edits(&held, &delta["edits"]);
            id = delta["resultId"].clone();
            let fresh = fresh_tokens_of(ELEM_URI, "elem", version, encoding, multiline).await;
            assert_eq!(held, fresh, "{encoding}, version {}", i + 1);
        }
        // The brace broken and restored were walked whole, as was the first version.
        assert_eq!(paths.spliced.load(Ordering::SeqCst), versions.len() - 3, "{encoding}");
        assert_eq!(paths.whole.load(Ordering::SeqCst), 3, "{encoding}");
        client.shutdown().await;
    }
}
