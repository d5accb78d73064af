//! The server through real JSON-RPC framing: initialization, document sync, robustness.

use crate::lsp_support;

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use lsp_support::{TestClient, capabilities, pos, range};
use rigls_diagnostic::env::FileSystem;
use rigls_ide::{self as ide, Analysis, SharedText};
use rigls_lsp::{Features, Options};
use rigls_text::TextRange;
use serde_json::{Value, json};

const MODEL: &str = "file:///tmp/rigls-test/model.elem";

/// Counts analyses; panics in the analysis when the text says `PANIC`, in hover when asked to;
/// sleeps in the analysis for `slow`. Hover answers with the offset it was given.
#[derive(Default)]
struct Fake {
    analyses: Arc<AtomicUsize>,
    slow: Duration,
    panic_in_hover: bool,
    panic_in_every_feature: bool,
}

impl Features for Fake {
    fn analyse(
        &self,
        _: Option<&Analysis>,
        path: Option<&Path>,
        text: SharedText,
        fs: &dyn FileSystem,
        _: rigls_diagnostic::Targets,
    ) -> Analysis {
        self.analyses.fetch_add(1, Ordering::SeqCst);
        assert!(!text.contains("PANIC"), "fake analysis failure");
        std::thread::sleep(self.slow);
        Analysis::new(path, text, fs)
    }

    fn hover(&self, _: &Analysis, offset: u32) -> Option<ide::Hover> {
        assert!(!self.panic_in_hover && !self.panic_in_every_feature, "fake hover failure");
        Some(ide::Hover { range: TextRange::empty(offset), markdown: format!("offset {offset}") })
    }

    fn completions(&self, _: &Analysis, _: u32) -> Vec<ide::CompletionItem> {
        assert!(!self.panic_in_every_feature, "features must not run");
        Vec::new()
    }

    fn document_symbols(&self, _: &Analysis) -> Vec<ide::Symbol> {
        assert!(!self.panic_in_every_feature, "features must not run");
        Vec::new()
    }

    fn semantic_tokens(&self, _: &Analysis) -> Vec<ide::SemanticToken> {
        assert!(!self.panic_in_every_feature, "features must not run");
        Vec::new()
    }

    fn folding_ranges(&self, _: &Analysis) -> Vec<ide::Fold> {
        assert!(!self.panic_in_every_feature, "features must not run");
        Vec::new()
    }

    fn code_actions(&self, _: &Analysis, _: TextRange) -> Vec<ide::CodeAction> {
        assert!(!self.panic_in_every_feature, "features must not run");
        Vec::new()
    }
}

fn with_fake(fake: Fake) -> Options {
    Options { features: Arc::new(fake), ..Options::default() }
}

async fn start(options: Options, encodings: Option<&[&str]>) -> TestClient {
    TestClient::initialized(options, capabilities(encodings), Value::Null).await.0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_position_encoding_is_negotiated() {
    let cases: [(Option<&[&str]>, &str); 5] = [
        (Some(&["utf-16", "utf-8"]), "utf-8"),
        (None, "utf-16"),
        (Some(&[]), "utf-16"),
        (Some(&["utf-32"]), "utf-32"),
        (Some(&["utf-32", "utf-16"]), "utf-16"),
    ];
    for (offered, chosen) in cases {
        let (client, result) = TestClient::initialized(Options::default(), capabilities(offered), Value::Null).await;
        assert_eq!(result["capabilities"]["positionEncoding"], chosen, "offered {offered:?}");
        client.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn initialize_announces_the_features() {
    let (client, result) = TestClient::initialized(Options::default(), capabilities(None), Value::Null).await;
    let caps = &result["capabilities"];
    assert_eq!(result["serverInfo"], json!({"name": "rigls", "version": env!("CARGO_PKG_VERSION")}));
    assert_eq!(caps["textDocumentSync"], json!({"openClose": true, "change": 2}));
    for provider in [
        "hoverProvider",
        "definitionProvider",
        "referencesProvider",
        "documentHighlightProvider",
        "documentSymbolProvider",
        "foldingRangeProvider",
        "selectionRangeProvider",
        "colorProvider",
        "inlayHintProvider",
        "documentFormattingProvider",
    ] {
        assert_eq!(caps[provider], true, "{provider}");
    }
    assert_eq!(caps["renameProvider"], json!({"prepareProvider": true}));
    assert_eq!(caps["documentLinkProvider"], json!({"resolveProvider": false}));
    assert_eq!(caps["completionProvider"], json!({"triggerCharacters": ["=", "\"", "/"]}));
    assert_eq!(
        caps["codeActionProvider"],
        json!({"codeActionKinds": ["quickfix", "refactor", "source.fixAll"], "resolveProvider": true})
    );
    assert_eq!(
        caps["semanticTokensProvider"],
        json!({
            "legend": {
                "tokenTypes": ["namespace", "type", "class", "enum", "struct", "parameter", "variable", "property",
                    "enumMember", "event", "function", "keyword", "string", "number", "operator", "comment"],
                "tokenModifiers": ["declaration", "definition", "readonly", "deprecated", "defaultLibrary"],
            },
            "full": {"delta": true},
            "range": true,
        })
    );
    assert!(caps.get("diagnosticProvider").is_none(), "no pull diagnostics for a client that does not pull");
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_change_close() {
    let client = start(Options::default(), None).await;
    client.open(MODEL, "elem", 1, "a\nb\n").await;
    assert_eq!(client.document_text(MODEL).await, Some((1, "a\nb\n".to_owned())));
    client.change(MODEL, 2, json!([{"range": range((1, 0), (1, 1)), "text": "頭"}])).await;
    assert_eq!(client.document_text(MODEL).await, Some((2, "a\n頭\n".to_owned())));
    client.change(MODEL, 3, json!([{"text": "whole\r\nnew"}])).await;
    assert_eq!(client.document_text(MODEL).await, Some((3, "whole\r\nnew".to_owned())));
    client.close(MODEL).await;
    assert_eq!(client.document_text(MODEL).await, None);
    client.shutdown().await;
}

const JAPANESE: &str = "\u{feff}Name=\"歩行ロボ\"\r\nBone=\"😀頭\"\r\nEnd\r\n";
const JAPANESE_EDITED: &str = "\u{feff}Name=\"歩行ろぼっと\"\r\nBone=\"x😀腰頭\"End\r\n";

/// Four edits in one notification, each against the text the previous one left: replace ロボ,
/// insert 腰 after 😀, join lines 1 and 2 across their CRLF, and insert at a column between the
/// halves of 😀's surrogate pair (or inside its UTF-8 bytes), which snaps to the character's start.
/// `cols` are the columns of those edits in `encoding`.
async fn edit_japanese_lines(encoding: &str, cols: [u32; 5]) {
    let [ro, bo_end, after_emoji, line_end, inside_emoji] = cols;
    let client = start(Options::default(), Some(&[encoding])).await;
    client.open(MODEL, "elem", 1, JAPANESE).await;
    let changes = json!([
        {"range": range((0, ro), (0, bo_end)), "text": "ろぼっと"},
        {"range": range((1, after_emoji), (1, after_emoji)), "text": "腰"},
        {"range": range((1, line_end), (2, 0)), "text": ""},
        {"range": range((1, inside_emoji), (1, inside_emoji)), "text": "x"},
    ]);
    client.change(MODEL, 2, changes).await;
    assert_eq!(client.document_text(MODEL).await, Some((2, JAPANESE_EDITED.to_owned())), "{encoding}");
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn incremental_edits_on_japanese_lines_in_utf16() {
    edit_japanese_lines("utf-16", [8, 10, 8, 11, 7]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn incremental_edits_on_japanese_lines_in_utf8() {
    edit_japanese_lines("utf-8", [12, 18, 10, 17, 8]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn out_of_range_positions_are_clamped() {
    let client = start(Options::default(), None).await;
    client.open(MODEL, "elem", 1, "頭\r\n").await;
    // Lines past the end: the end of the text.
    client.change(MODEL, 2, json!([{"range": range((5, 0), (9, 9)), "text": "X"}])).await;
    assert_eq!(client.document_text(MODEL).await.unwrap().1, "頭\r\nX");
    // A column past the end of its line: the end of the line, before its CRLF.
    client.change(MODEL, 3, json!([{"range": range((0, 99), (0, u32::MAX)), "text": "!"}])).await;
    assert_eq!(client.document_text(MODEL).await.unwrap().1, "頭!\r\nX");
    // An inverted range is the range between its ends.
    client.change(MODEL, 4, json!([{"range": range((1, 1), (0, 1)), "text": ""}])).await;
    assert_eq!(client.document_text(MODEL).await, Some((4, "頭".to_owned())));
    // Requests with such positions are answered, not crashed on.
    let hover =
        client.request("textDocument/hover", json!({"textDocument": {"uri": MODEL}, "position": pos(7, 99)})).await;
    assert_eq!(hover, Ok(Value::Null));
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_json_file_that_is_not_dragonbones_gets_nothing() {
    let fake = Fake { panic_in_every_feature: true, ..Fake::default() };
    let mut client = start(with_fake(fake), None).await;
    let uri = "file:///tmp/rigls-test/package.json";
    client.open(uri, "json", 1, r#"{"name": "x", "version": "1.0.0"}"#).await;
    let document = json!({"uri": uri});
    let at = json!({"textDocument": document, "position": pos(0, 3)});
    let whole = range((0, 0), (0, 10));
    for (method, params) in [
        ("textDocument/hover", at.clone()),
        ("textDocument/completion", at.clone()),
        ("textDocument/documentSymbol", json!({"textDocument": document})),
        ("textDocument/semanticTokens/full", json!({"textDocument": document})),
        ("textDocument/foldingRange", json!({"textDocument": document})),
        ("textDocument/formatting", json!({"textDocument": document, "options": {"tabSize": 4, "insertSpaces": true}})),
        ("textDocument/codeAction", json!({"textDocument": document, "range": whole, "context": {"diagnostics": []}})),
        ("textDocument/inlayHint", json!({"textDocument": document, "range": whole})),
    ] {
        assert_eq!(client.request(method, params).await, Ok(Value::Null), "{method}");
    }
    let colors = client.request("textDocument/documentColor", json!({"textDocument": document})).await;
    assert_eq!(colors, Ok(json!([])));
    let received = client.drain(Duration::from_millis(300)).await;
    assert!(
        !received.iter().any(|m| m["method"] == "textDocument/publishDiagnostics"),
        "diagnostics for a file that is not ours: {received:#?}"
    );
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_handler_is_answered_with_an_error_and_the_server_keeps_running() {
    let mut client = start(with_fake(Fake { panic_in_hover: true, ..Fake::default() }), None).await;
    client.open(MODEL, "elem", 1, "Elfreina Extension Model File\n").await;
    let at = json!({"textDocument": {"uri": MODEL}, "position": pos(0, 3)});
    let error = client.request("textDocument/hover", at).await.unwrap_err();
    assert_eq!(error["code"], -32603);
    assert_eq!(error["message"], "rigls: textDocument/hover: panicked: fake hover failure");
    let logged = client.receive("the error logged", |m| m["method"] == "window/logMessage").await;
    assert_eq!(
        logged["params"],
        json!({"type": 1, "message": "rigls: textDocument/hover: panicked: fake hover failure"})
    );
    // Still serving.
    let symbols = client.request("textDocument/documentSymbol", json!({"textDocument": {"uri": MODEL}})).await;
    assert_eq!(symbols, Ok(json!([])));
    assert_eq!(client.document_text(MODEL).await.unwrap().0, 1);
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_analysis_is_an_error_until_the_next_version() {
    let client = start(with_fake(Fake::default()), None).await;
    client.open(MODEL, "elem", 1, "PANIC\n").await;
    let at = json!({"textDocument": {"uri": MODEL}, "position": pos(0, 3)});
    let error = client.request("textDocument/hover", at.clone()).await.unwrap_err();
    assert_eq!(error["message"], "rigls: textDocument/hover: the analysis panicked: fake analysis failure");
    client.change(MODEL, 2, json!([{"range": range((0, 0), (0, 5)), "text": "fine"}])).await;
    let hover = client.request("textDocument/hover", at).await.unwrap();
    assert_eq!(hover["contents"]["value"], "offset 3");
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_version_is_analysed_once_for_every_request() {
    let fake = Fake { slow: Duration::from_millis(100), ..Fake::default() };
    let analyses = fake.analyses.clone();
    let client = start(with_fake(fake), None).await;
    client.open(MODEL, "elem", 1, "x\n").await;
    let at = json!({"textDocument": {"uri": MODEL}, "position": pos(0, 1)});
    let hovers = futures_join(&client, &at).await;
    assert!(hovers.iter().all(|h| h.as_ref().unwrap()["contents"]["value"] == "offset 1"), "{hovers:?}");
    assert_eq!(analyses.load(Ordering::SeqCst), 1);
    client.change(MODEL, 2, json!([{"range": range((0, 0), (0, 0)), "text": "y"}])).await;
    let _ = futures_join(&client, &at).await;
    assert_eq!(analyses.load(Ordering::SeqCst), 2);
    client.shutdown().await;
}

async fn futures_join(client: &TestClient, at: &Value) -> [Result<Value, Value>; 3] {
    let hover = || client.request("textDocument/hover", at.clone());
    let (a, b, c) = tokio::join!(hover(), hover(), hover());
    [a, b, c]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn large_documents_are_analysed_after_a_pause_in_typing() {
    let fake = Fake::default();
    let analyses = fake.analyses.clone();
    let options = Options { debounce_above: 4, debounce: Duration::from_millis(600), ..with_fake(fake) };
    let mut client = start(options, None).await;
    client.open(MODEL, "elem", 1, "Elfreina\n").await;
    for version in 2..=6 {
        client.change(MODEL, version, json!([{"range": range((1, 0), (1, 0)), "text": "x"}])).await;
    }
    let published = client.diagnostics(MODEL).await;
    assert_eq!(published["version"], 6);
    assert_eq!(analyses.load(Ordering::SeqCst), 1, "only the version typing paused on is analysed");
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_analysis_shows_progress() {
    let fake = Fake { slow: Duration::from_millis(500), ..Fake::default() };
    let options = Options { progress_after: Duration::from_millis(50), ..with_fake(fake) };
    let mut caps = capabilities(None);
    caps["window"]["workDoneProgress"] = json!(true);
    let (mut client, _) = TestClient::initialized(options, caps, Value::Null).await;
    client.open(MODEL, "elem", 1, "Elfreina Extension Model File\n").await;
    let create = client.receive("progress creation", |m| m["method"] == "window/workDoneProgress/create").await;
    let token = create["params"]["token"].clone();
    let begin = client.receive("progress begin", |m| m["method"] == "$/progress").await;
    assert_eq!(
        begin["params"],
        json!({"token": token, "value": {"kind": "begin", "title": "Analysing model.elem", "cancellable": false}})
    );
    let end = client.receive("progress end", |m| m["method"] == "$/progress").await;
    assert_eq!(end["params"], json!({"token": token, "value": {"kind": "end"}}));
    client.diagnostics(MODEL).await;
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quick_analysis_shows_no_progress() {
    let mut caps = capabilities(None);
    caps["window"]["workDoneProgress"] = json!(true);
    let (mut client, _) = TestClient::initialized(Options::default(), caps, Value::Null).await;
    client.open(MODEL, "elem", 1, "Elfreina Extension Model File\n").await;
    client.diagnostics(MODEL).await;
    let received = client.drain(Duration::from_millis(100)).await;
    assert!(!received.iter().any(|m| m["method"] == "$/progress"), "{received:#?}");
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn file_kind_says_which_format_a_document_is_by_its_content() {
    let client = start(Options::default(), None).await;
    let skeleton = include_str!("../../../tests/fixtures/dragonbones/勇者_ske.json");
    let atlas = include_str!("../../../tests/fixtures/dragonbones/勇者_tex.json");
    let model = include_str!("../../../tests/fixtures/elem/valid/walker.elem");
    // Named as older exports name them: only the content says what they are.
    let documents = [
        ("file:///tmp/rigls-test/kinds/skeleton.json", "json", skeleton, "dragonbonesSkeleton"),
        ("file:///tmp/rigls-test/kinds/texture.json", "json", atlas, "dragonbonesAtlas"),
        ("file:///tmp/rigls-test/kinds/模型.elem", "elem", model, "elem"),
        ("file:///tmp/rigls-test/kinds/package.json", "json", r#"{"name": "x"}"#, "other"),
    ];
    for (uri, language, text, _) in documents {
        client.open(uri, language, 1, text).await;
    }
    for (uri, _, _, kind) in documents {
        let answer = client.request("rigls/fileKind", json!({"textDocument": {"uri": uri}})).await;
        assert_eq!(answer, Ok(json!(kind)), "{uri}");
    }
    let closed =
        client.request("rigls/fileKind", json!({"textDocument": {"uri": "file:///tmp/rigls-test/kinds/none.json"}}));
    assert_eq!(closed.await, Ok(Value::Null));
    client.shutdown().await;
}
