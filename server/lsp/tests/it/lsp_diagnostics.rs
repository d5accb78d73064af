//! Diagnostics through the server: published and pulled, configured by settings and rigls.toml,
//! fixed by code actions, and renewed when a file the rules read changes.

use crate::lsp_support;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use lsp_support::{TempDir, TestClient, capabilities, file_uri, range};
use rigls_diagnostic::env::FileSystem;
use rigls_ide::{Analysis, SharedText};
use rigls_lsp::{Features, Options};
use serde_json::{Value, json};

const MODEL: &str = "file:///tmp/rigls-test/model.elem";

/// A BOM, CRLF line breaks, a Japanese key (a syntax error), a misspelt key and a wrong count.
const BROKEN: &str = "\u{feff}Elfreina Extension Model File\r\nFile Version 1.00\r\nSetting {\r\n\t読込種別=\"View\"\r\n\tLoadTyp=\"View\"\r\n}\r\nMeshDatas {\r\n\tMeshContainerCount=1\r\n\tMeshContainer {\r\n\t\tName=\"歩行ロボ\"\r\n\t\tMeshCount=1\r\n\t\tMesh {\r\n\t\t\tName=\"胴体\"\r\n\t\t\tVertexCount=3\r\n\t\t\tPositions {\r\n\t\t\t\t0:0:0\r\n\t\t\t\t1:0:0\r\n\t\t\t}\r\n\t\t}\r\n\t}\r\n}\r\n";

/// The diagnostics of [`BROKEN`] at `uri`, analysed as `version`; `syntax_end` is where the
/// Japanese key ends on its line (5 in UTF-16, 13 in UTF-8).
fn broken_diagnostics(uri: &str, version: i32, syntax_end: u32) -> Value {
    json!([
        {
            "range": range((3, 1), (3, syntax_end)),
            "severity": 1,
            "code": "syntax",
            "source": "rigls",
            "message": "expected `Key=Value`: a key is one name without spaces",
            "data": {"version": version, "index": 0},
        },
        {
            "range": range((4, 1), (4, 8)),
            "severity": 2,
            "code": "unknown-key",
            "source": "rigls",
            "message": "unknown key `LoadTyp` in `Setting`; did you mean `LoadType`?",
            "data": {"version": version, "index": 1},
        },
        {
            "range": range((13, 3), (13, 14)),
            "severity": 1,
            "code": "count-mismatch",
            "source": "rigls",
            "message": "VertexCount is 3 but Positions has 2 entries",
            "relatedInformation": [
                {"location": {"uri": uri, "range": range((14, 3), (14, 12))}, "message": "Positions has 2 entries"},
            ],
            "data": {"version": version, "index": 2},
        },
    ])
}

/// `(code, severity)` of each diagnostic of a publication.
fn codes(published: &Value) -> Vec<(String, u64)> {
    published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["code"].as_str().unwrap().to_owned(), d["severity"].as_u64().unwrap()))
        .collect()
}

fn pairs(expected: &[(&str, u64)]) -> Vec<(String, u64)> {
    expected.iter().map(|&(c, s)| (c.to_owned(), s)).collect()
}

async fn start(encodings: Option<&[&str]>, initialization_options: Value) -> TestClient {
    TestClient::initialized(Options::default(), capabilities(encodings), initialization_options).await.0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_broken_model_gets_exact_diagnostics_with_its_version_in_utf16() {
    let mut client = start(None, Value::Null).await;
    client.open(MODEL, "elem", 1, BROKEN).await;
    let published = client.diagnostics(MODEL).await;
    assert_eq!(published, json!({"uri": MODEL, "version": 1, "diagnostics": broken_diagnostics(MODEL, 1, 5)}));

    // Fix the count: version 2 has the two other diagnostics, ranges unchanged.
    client.change(MODEL, 2, json!([{"range": range((13, 15), (13, 16)), "text": "2"}])).await;
    let published = client.diagnostics(MODEL).await;
    let mut expected = broken_diagnostics(MODEL, 2, 5);
    expected.as_array_mut().unwrap().pop();
    assert_eq!(published, json!({"uri": MODEL, "version": 2, "diagnostics": expected}));

    client.close(MODEL).await;
    assert_eq!(client.diagnostics(MODEL).await, json!({"uri": MODEL, "diagnostics": []}));
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_broken_model_gets_exact_diagnostics_in_utf8() {
    let mut client = start(Some(&["utf-8"]), Value::Null).await;
    client.open(MODEL, "elem", 7, BROKEN).await;
    let published = client.diagnostics(MODEL).await;
    assert_eq!(published, json!({"uri": MODEL, "version": 7, "diagnostics": broken_diagnostics(MODEL, 7, 13)}));
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_pulls_diagnostics_is_not_pushed_any() {
    let mut caps = capabilities(None);
    caps["textDocument"]["diagnostic"] = json!({"dynamicRegistration": false});
    caps["workspace"]["diagnostics"] = json!({"refreshSupport": true});
    let (mut client, result) = TestClient::initialized(Options::default(), caps, Value::Null).await;
    assert_eq!(
        result["capabilities"]["diagnosticProvider"],
        json!({"identifier": "rigls", "interFileDependencies": true, "workspaceDiagnostics": false})
    );
    client.open(MODEL, "elem", 1, BROKEN).await;
    let pull = || client.request("textDocument/diagnostic", json!({"textDocument": {"uri": MODEL}}));
    assert_eq!(pull().await, Ok(json!({"kind": "full", "items": broken_diagnostics(MODEL, 1, 5)})));

    // New settings: the client is asked to pull again, and gets them applied.
    let settings = json!({"settings": {"rigls": {"severity": {"syntax": "off", "unknown-key": "off"}}}});
    client.notify("workspace/didChangeConfiguration", settings).await;
    client.receive("a refresh request", |m| m["method"] == "workspace/diagnostic/refresh").await;
    let report = client.request("textDocument/diagnostic", json!({"textDocument": {"uri": MODEL}})).await.unwrap();
    assert_eq!(report["items"], json!([broken_diagnostics(MODEL, 1, 5)[2]]));

    let received = client.drain(Duration::from_millis(200)).await;
    assert!(!received.iter().any(|m| m["method"] == "textDocument/publishDiagnostics"), "{received:#?}");
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_change_severities_and_turn_codes_off() {
    let options = json!({"rigls": {"severity": {"unknown-key": "off", "count-mismatch": "hint", "nope": "off"}}});
    let mut client = start(None, options).await;
    let shown = client.receive("a settings warning", |m| m["method"] == "window/showMessage").await;
    assert_eq!(shown["params"], json!({"type": 2, "message": "rigls: settings: unknown diagnostic code `nope`"}));
    client.open(MODEL, "elem", 1, BROKEN).await;
    assert_eq!(codes(&client.diagnostics(MODEL).await), pairs(&[("syntax", 1), ("count-mismatch", 4)]));

    // Without the `rigls` wrapper, replacing the whole table.
    let settings = json!({"settings": {"severity": {"count-mismatch": "warning", "syntax": "information"}}});
    client.notify("workspace/didChangeConfiguration", settings).await;
    let published = client.diagnostics(MODEL).await;
    assert_eq!(published["version"], 1, "re-published for the same version");
    assert_eq!(codes(&published), pairs(&[("syntax", 3), ("unknown-key", 2), ("count-mismatch", 2)]));

    // A mistake in the settings is shown once, and the rest still applies.
    let settings = json!({"settings": {"rigls": {"severity": {"unknow-key": "off", "syntax": "off"}}}});
    client.notify("workspace/didChangeConfiguration", settings).await;
    let shown = client.receive("a settings warning", |m| m["method"] == "window/showMessage").await;
    assert_eq!(
        shown["params"],
        json!({"type": 2, "message": "rigls: settings: unknown diagnostic code `unknow-key`; did you mean `unknown-key`?"})
    );
    assert_eq!(codes(&client.diagnostics(MODEL).await), pairs(&[("unknown-key", 2), ("count-mismatch", 1)]));
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_are_pulled_with_workspace_configuration() {
    let client = TestClient::start(Options::default());
    *client.configuration.lock().unwrap() = json!({"severity": {"syntax": "off"}});
    let mut caps = capabilities(None);
    caps["workspace"]["configuration"] = json!(true);
    client.initialize(caps, Value::Null).await;
    let mut client = client;
    client.open(MODEL, "elem", 1, BROKEN).await;
    // The first publication may come before the settings arrive; one without `syntax` must follow.
    loop {
        let published = client.diagnostics(MODEL).await;
        if codes(&published) == pairs(&[("unknown-key", 2), ("count-mismatch", 1)]) {
            break;
        }
    }
    // Forget the first pull and any publication it caused.
    client.drain(Duration::from_millis(200)).await;
    *client.configuration.lock().unwrap() = json!({"severity": {"syntax": "hint"}});
    client.notify("workspace/didChangeConfiguration", json!({"settings": null})).await;
    let request = client.receive("a configuration request", |m| m["method"] == "workspace/configuration").await;
    assert_eq!(request["params"], json!({"items": [{"section": "rigls"}]}));
    let published = client.diagnostics(MODEL).await;
    assert_eq!(codes(&published), pairs(&[("syntax", 4), ("unknown-key", 2), ("count-mismatch", 1)]));
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rigls_toml_applies_and_editor_settings_override_it() {
    let dir = TempDir::new("toml");
    dir.write("rigls.toml", "[severity]\nunknown-key = \"off\"\ncount-mismatch = \"information\"\n");
    std::fs::create_dir(dir.path().join("models")).unwrap();
    let model = file_uri(&dir.path().join("models/model.elem"));
    let mut client = start(None, Value::Null).await;
    client.open(&model, "elem", 1, BROKEN).await;
    assert_eq!(codes(&client.diagnostics(&model).await), pairs(&[("syntax", 1), ("count-mismatch", 3)]));

    let settings = json!({"settings": {"rigls": {"severity": {"count-mismatch": "error", "syntax": "off"}}}});
    client.notify("workspace/didChangeConfiguration", settings).await;
    assert_eq!(codes(&client.diagnostics(&model).await), pairs(&[("count-mismatch", 1)]));

    // An open rigls.toml counts with its unsaved text.
    let toml = file_uri(&dir.path().join("rigls.toml"));
    client.open(&toml, "toml", 1, "[severity]\nunknown-key = \"hint\"\n").await;
    assert_eq!(codes(&client.diagnostics(&model).await), pairs(&[("unknown-key", 4), ("count-mismatch", 1)]));

    // A broken file is reported and ignored.
    client.change(&toml, 2, json!([{"text": "[severity\n"}])).await;
    let shown = client.receive("a config error", |m| m["method"] == "window/showMessage").await;
    let message = shown["params"]["message"].as_str().unwrap();
    let prefix = format!("rigls: {}: ", dir.path().join("rigls.toml").display());
    assert!(message.starts_with(&prefix) && message.contains("line 1"), "{message}");
    assert_eq!(codes(&client.diagnostics(&model).await), pairs(&[("unknown-key", 2), ("count-mismatch", 1)]));
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fix_is_found_from_the_diagnostic_data() {
    let mut caps = capabilities(None);
    caps["workspace"]["workspaceEdit"] = json!({"documentChanges": true});
    let (mut client, _) = TestClient::initialized(Options::default(), caps, Value::Null).await;
    client.open(MODEL, "elem", 3, BROKEN).await;
    let published = client.diagnostics(MODEL).await;
    let unknown_key = published["diagnostics"][1].clone();
    let request = |diagnostic: &Value, only: Value| {
        json!({
            "textDocument": {"uri": MODEL},
            "range": range((4, 2), (4, 2)),
            "context": {"diagnostics": [diagnostic], "only": only},
        })
    };
    let actions = client.request("textDocument/codeAction", request(&unknown_key, json!(["quickfix"]))).await.unwrap();
    assert_eq!(
        actions,
        json!([{
            "title": "Replace with `LoadType`",
            "kind": "quickfix",
            "diagnostics": [unknown_key],
            "edit": {"documentChanges": [{
                "textDocument": {"uri": MODEL, "version": 3},
                "edits": [{"range": range((4, 1), (4, 8)), "newText": "LoadType"}],
            }]},
            "isPreferred": true,
        }])
    );
    let refactors = client.request("textDocument/codeAction", request(&unknown_key, json!(["refactor"]))).await;
    assert_eq!(refactors, Ok(json!([])));
    // The source action fixes every safe problem of the document at once.
    let fix_all =
        client.request("textDocument/codeAction", request(&unknown_key, json!(["source.fixAll"]))).await.unwrap();
    assert_eq!(
        fix_all,
        json!([{
            "title": "Fix all 2 safe problems",
            "kind": "source.fixAll",
            "edit": {"documentChanges": [{
                "textDocument": {"uri": MODEL, "version": 3},
                "edits": [
                    {"range": range((4, 1), (4, 8)), "newText": "LoadType"},
                    {"range": range((13, 15), (13, 16)), "newText": "2"},
                ],
            }]},
        }])
    );
    // A diagnostic of another version (or without `data`) is matched by range, code and message:
    // the same problem in this version gets this version's fix; one that is not there gets none
    // (its fix would land in the wrong place).
    let mut stale = unknown_key.clone();
    stale["data"]["version"] = json!(2);
    let actions = client.request("textDocument/codeAction", request(&stale, json!(["quickfix"]))).await.unwrap();
    assert_eq!(actions[0]["title"], "Replace with `LoadType`");
    assert_eq!(actions[0]["diagnostics"], json!([stale]));
    stale["range"] = range((5, 1), (5, 8));
    assert_eq!(client.request("textDocument/codeAction", request(&stale, json!(["quickfix"]))).await, Ok(json!([])));
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fix_without_document_changes_is_a_map_of_changes() {
    let mut client = start(None, Value::Null).await;
    client.open(MODEL, "elem", 1, BROKEN).await;
    let count = client.diagnostics(MODEL).await["diagnostics"][2].clone();
    let params =
        json!({"textDocument": {"uri": MODEL}, "range": range((13, 3), (13, 3)), "context": {"diagnostics": [count]}});
    let actions = client.request("textDocument/codeAction", params).await.unwrap();
    assert_eq!(actions[0]["title"], "Set VertexCount to 2");
    assert_eq!(actions[0]["edit"], json!({"changes": {MODEL: [{"range": range((13, 15), (13, 16)), "newText": "2"}]}}));
    client.shutdown().await;
}

const TEXTURED: &str = "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {\n\tMeshContainerCount=1\n\tMeshContainer {\n\t\tName=\"歩行ロボ\"\n\t\tMeshCount=0\n\t\tMaterials {\n\t\t\tMaterialCount=1\n\t\t\tMaterial {\n\t\t\t\tName=\"装甲\"\n\t\t\t\tTextureFilename=\"b.png\"\n\t\t\t}\n\t\t}\n\t}\n}\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_the_rules_read_come_from_open_documents_first() {
    let dir = TempDir::new("overlay");
    dir.write("a.png", "");
    let model = file_uri(&dir.path().join("model.elem"));
    let texture = file_uri(&dir.path().join("b.png"));
    let mut client = start(None, Value::Null).await;
    client.open(&model, "elem", 1, TEXTURED).await;
    let missing = |published: &Value| codes(published).iter().any(|(c, _)| c == "missing-file");
    assert!(missing(&client.diagnostics(&model).await));

    // Opening b.png in the editor makes it exist for the rules: the model is analysed again.
    client.open(&texture, "plaintext", 1, "").await;
    let published = client.diagnostics(&model).await;
    assert!(!missing(&published), "{published:#}");
    assert_eq!(published["version"], 1);

    client.close(&texture).await;
    assert!(missing(&client.diagnostics(&model).await));
    client.shutdown().await;
}

/// The real server links a material's texture to its file once the file is on disk.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_texture_links_to_its_file_once_it_exists() {
    let dir = TempDir::new("links");
    let model = file_uri(&dir.path().join("model.elem"));
    let client = start(None, Value::Null).await;
    client.open(&model, "elem", 1, TEXTURED).await;
    let links = || client.request("textDocument/documentLink", json!({"textDocument": {"uri": model}}));
    assert_eq!(links().await, Ok(json!([])));
    let texture = file_uri(&dir.write("b.png", ""));
    assert_eq!(
        links().await,
        Ok(json!([{"range": range((11, 21), (11, 26)), "target": texture, "tooltip": "Open the texture"}]))
    );
    client.shutdown().await;
}

/// The real server completes a texture's file name from the images beside the model.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_texture_name_completes_from_the_images_on_disk() {
    let dir = TempDir::new("file-completion");
    dir.write("a.png", "");
    dir.write("notes.txt", "");
    let model = file_uri(&dir.path().join("model.elem"));
    let client = start(None, Value::Null).await;
    client.open(&model, "elem", 1, TEXTURED).await;
    let at = json!({"textDocument": {"uri": model}, "position": {"line": 11, "character": 21}});
    let items = client.request("textDocument/completion", at).await.unwrap();
    let files: Vec<(Value, Value, Value)> = items
        .as_array()
        .expect("a list")
        .iter()
        .filter(|i| i["kind"] == 17)
        .map(|i| (i["label"].clone(), i["textEdit"]["range"].clone(), i["textEdit"]["newText"].clone()))
        .collect();
    assert_eq!(files, vec![(json!("\"a.png\""), range((11, 20), (11, 27)), json!("\"a.png\""))]);
    client.shutdown().await;
}

/// Slow to analyse some versions, so analyses finish out of order.
struct Uneven;

impl Features for Uneven {
    fn analyse(
        &self,
        _: Option<&Analysis>,
        path: Option<&Path>,
        text: SharedText,
        fs: &dyn FileSystem,
        _: rigls_diagnostic::Targets,
    ) -> Analysis {
        std::thread::sleep(Duration::from_millis(if text.len().is_multiple_of(2) { 60 } else { 5 }));
        Analysis::new(path, text, fs)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn diagnostics_never_go_back_to_an_older_version() {
    let options = Options { features: Arc::new(Uneven), ..Options::default() };
    let (mut client, _) = TestClient::initialized(options, capabilities(None), Value::Null).await;
    client.open(MODEL, "elem", 1, BROKEN).await;
    for version in 2..=12 {
        client.change(MODEL, version, json!([{"range": range((1, 0), (1, 0)), "text": "x"}])).await;
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let mut versions = Vec::new();
    while versions.last() != Some(&12) {
        versions.push(client.diagnostics(MODEL).await["version"].as_i64().unwrap());
    }
    assert!(versions.is_sorted(), "published out of order: {versions:?}");
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_pulls_is_asked_to_pull_again_when_a_file_read_changes() {
    let dir = TempDir::new("overlay-pull");
    dir.write("a.png", "");
    let model = file_uri(&dir.path().join("model.elem"));
    let mut caps = capabilities(None);
    caps["textDocument"]["diagnostic"] = json!({});
    caps["workspace"]["diagnostics"] = json!({"refreshSupport": true});
    let (mut client, _) = TestClient::initialized(Options::default(), caps, Value::Null).await;
    client.open(&model, "elem", 1, TEXTURED).await;
    let pull = json!({"textDocument": {"uri": model}});
    let missing = |report: &Value| report["items"].as_array().unwrap().iter().any(|d| d["code"] == "missing-file");
    assert!(missing(&client.request("textDocument/diagnostic", pull.clone()).await.unwrap()));

    client.open(&file_uri(&dir.path().join("b.png")), "plaintext", 1, "").await;
    client.receive("a refresh request", |m| m["method"] == "workspace/diagnostic/refresh").await;
    assert!(!missing(&client.request("textDocument/diagnostic", pull).await.unwrap()));
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changes_on_disk_reported_by_the_client_renew_diagnostics() {
    let dir = TempDir::new("watched");
    dir.write("a.png", "");
    let model = file_uri(&dir.path().join("model.elem"));
    let mut caps = capabilities(None);
    caps["workspace"]["didChangeWatchedFiles"] = json!({"dynamicRegistration": true});
    caps["workspace"]["didChangeConfiguration"] = json!({"dynamicRegistration": true});
    let (mut client, _) = TestClient::initialized(Options::default(), caps, Value::Null).await;
    let registration = client.receive("a registration", |m| m["method"] == "client/registerCapability").await;
    assert_eq!(
        registration["params"],
        json!({"registrations": [
            {"id": "rigls/configuration", "method": "workspace/didChangeConfiguration"},
            {"id": "rigls/watched-files", "method": "workspace/didChangeWatchedFiles",
             "registerOptions": {"watchers": [{"globPattern": "**/*"}]}},
        ]})
    );
    client.open(&model, "elem", 1, TEXTURED).await;
    let missing = |published: &Value| codes(published).iter().any(|(c, _)| c == "missing-file");
    assert!(missing(&client.diagnostics(&model).await));

    let texture = dir.write("b.png", "");
    let created = json!({"changes": [{"uri": file_uri(&texture), "type": 1}]});
    client.notify("workspace/didChangeWatchedFiles", created).await;
    assert!(!missing(&client.diagnostics(&model).await));

    // Deleted again, and a rigls.toml appears, in one notification.
    std::fs::remove_file(&texture).unwrap();
    let toml = dir.write("rigls.toml", "[severity]\nmissing-file = \"hint\"\n");
    let changes = json!({"changes": [{"uri": file_uri(&texture), "type": 3}, {"uri": file_uri(&toml), "type": 1}]});
    client.notify("workspace/didChangeWatchedFiles", changes).await;
    loop {
        // Renewing the analysis and re-reading the settings may publish twice.
        let published = client.diagnostics(&model).await;
        if codes(&published) == pairs(&[("missing-file", 4)]) {
            break;
        }
        assert!(codes(&published).iter().all(|(c, _)| c == "missing-file"), "{published:#}");
    }
    client.shutdown().await;
}

/// An unsaved buffer has no path: it is recognised by its header, and no rigls.toml applies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_untitled_document_is_analysed_without_a_path() {
    let mut client = start(None, Value::Null).await;
    let uri = "untitled:Untitled-1";
    client.open(uri, "elem", 1, BROKEN).await;
    let published = client.diagnostics(uri).await;
    assert_eq!(published, json!({"uri": uri, "version": 1, "diagnostics": broken_diagnostics(uri, 1, 5)}));
    client.shutdown().await;
}

/// A model Danmakufu ph3 does not load: a face of 4 corners.
const QUAD: &str = "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {\n\tMeshContainerCount=1\n\tMeshContainer {\n\t\tName=\"歩行ロボ\"\n\t\tMeshCount=1\n\t\tMaterials {\n\t\t\tMaterialCount=1\n\t\t\tMaterial {\n\t\t\t\tName=\"肌\"\n\t\t\t}\n\t\t}\n\t\tMesh {\n\t\t\tName=\"胴体\"\n\t\t\tVertexCount=4\n\t\t\tFaceCount=1\n\t\t\tPositions {\n\t\t\t\t0:0:0\n\t\t\t\t1:0:0\n\t\t\t\t1:1:0\n\t\t\t\t0:1:0\n\t\t\t}\n\t\t\tVertexIndices {\n\t\t\t\t4,0:1:2:3\n\t\t\t}\n\t\t\tAttributes {\n\t\t\t\t0\n\t\t\t}\n\t\t}\n\t}\n}\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn targets_from_settings_and_rigls_toml_run_their_rules() {
    let dir = TempDir::new("targets");
    std::fs::create_dir(dir.path().join("models")).unwrap();
    let model = file_uri(&dir.path().join("models/model.elem"));
    let mut client = start(None, json!({"rigls": {"targets": ["danmakufu-ph3", "unty"]}})).await;
    let shown = client.receive("a settings warning", |m| m["method"] == "window/showMessage").await;
    assert!(
        shown["params"]["message"]
            .as_str()
            .unwrap()
            .starts_with("rigls: settings: unknown target `unty`; did you mean `unity`?"),
        "{shown}"
    );
    client.open(&model, "elem", 1, QUAD).await;
    let published = client.diagnostics(&model).await;
    assert_eq!(
        published["diagnostics"],
        json!([{
            "range": range((24, 4), (24, 13)),
            "severity": 1,
            "code": "target-load-failure",
            "source": "rigls",
            "message": "danmakufu-ph3 does not load the file: a face of 4 corners, and the loader reads triangles only: split it into two triangles",
            "data": {"version": 1, "index": 0},
        }])
    );
    // No target any more: the document is analysed again, without the target's rule.
    client.notify("workspace/didChangeConfiguration", json!({"settings": {"rigls": {"targets": []}}})).await;
    loop {
        if codes(&client.diagnostics(&model).await).is_empty() {
            break;
        }
    }
    // rigls.toml names it for `.elem` files.
    dir.write("rigls.toml", "[elem]\ntargets = [\"danmakufu-ph3\"]\n");
    let toml = file_uri(&dir.path().join("rigls.toml"));
    client.open(&toml, "toml", 1, "[elem]\ntargets = [\"danmakufu-ph3\"]\n").await;
    loop {
        if codes(&client.diagnostics(&model).await) == pairs(&[("target-load-failure", 1)]) {
            break;
        }
    }
    client.shutdown().await;
}
