//! A binary skeleton (`.dbbin`) in an editor: `rigls/binaryView` gives the JSON view of the file,
//! which the client opens under the view's `rigls-dbbin:` URI (VS Code) or the file's own URI
//! (Neovim); diagnostics, hovers, the outline and definitions then answer in that view, in every
//! position encoding. The view is the server's text (LF, no BOM): the binary of the Japanese
//! skeleton `勇者_ske.json`, converted, beside its atlas.

use expect_test::expect;
use serde_json::{Value, json};

use crate::lsp_dragonbones::outline::render_symbols;
use crate::lsp_dragonbones::{ATLAS, SKELETON, cursor, request};
use crate::lsp_support::view::{ClientDoc, Enc};
use crate::lsp_support::{TempDir, TestClient, capabilities, file_uri};
use rigls_lsp::Options;

/// A folder with `hero_ske.dbbin` (the skeleton's binary) and `hero_tex.json`; the binary's bytes.
fn binary_folder(name: &str) -> (TempDir, Vec<u8>) {
    let dir = TempDir::new(name);
    let bytes = rigls_ide::convert::json_to_binary(SKELETON).expect("the fixture converts").bytes;
    std::fs::write(dir.path().join("hero_ske.dbbin"), &bytes).unwrap();
    dir.write("hero_tex.json", ATLAS);
    (dir, bytes)
}

fn view_uri(file: &str) -> String {
    file.replacen("file://", "rigls-dbbin:", 1)
}

/// Diagnostics, hovers, definitions and symbols of one opened view, rendered in its text.
async fn features(client: &mut TestClient, doc: &ClientDoc) -> String {
    let published = client.diagnostics(&doc.uri).await;
    let mut out = format!("diagnostics:\n{}", doc.render(&published["diagnostics"]));
    let at =
        |marker: &str| json!({"textDocument": {"uri": doc.uri}, "position": doc.position(cursor(&doc.text, marker))});
    let hover = request(client, "textDocument/hover", at("\"name\": \"体$0\",\n          \"parent\"")).await;
    out += &format!("hover on the bone 体:\n{}", doc.render(&hover));
    let definition =
        request(client, "textDocument/definition", at("\"name\": \"マント\",\n          \"parent\": \"体$0\"")).await;
    out += &format!("definition of the slot マント's parent:\n{}", doc.render(&definition));
    let symbols = request(client, "textDocument/documentSymbol", json!({"textDocument": {"uri": doc.uri}})).await;
    out += &format!("symbols:\n{}", render_symbols(doc, &symbols));
    // The preview draws the binary.
    let scene = request(client, "rigls/scene", json!({"textDocument": {"uri": doc.uri}, "version": 2})).await;
    let bones = scene["scenes"][0]["bones"].as_array().map_or(0, Vec::len);
    out += &format!("scene: error {}, {bones} bones\n", scene["error"]);
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_binary_opens_as_its_json_view_with_diagnostics_hovers_definitions_and_symbols() {
    let (dir, bytes) = binary_folder("binary-view");
    let file = file_uri(&dir.path().join("hero_ske.dbbin"));
    let mut first: Option<String> = None;
    for enc in Enc::ALL {
        let caps = capabilities(Some(&[enc.name()]));
        let (mut client, _) = TestClient::initialized(Options::default(), caps, Value::Null).await;
        let view = request(&client, "rigls/binaryView", json!({"textDocument": {"uri": file}})).await;
        let text = view["text"].as_str().expect("the view's text").to_owned();
        assert_eq!(text, rigls_ide::convert::binary_view(&bytes));
        // The view's own URI names the same file.
        let again = request(&client, "rigls/binaryView", json!({"textDocument": {"uri": view_uri(&file)}})).await;
        assert_eq!(again["text"], text);

        let doc = ClientDoc::new(&view_uri(&file), 1, &text, enc);
        client.open(&doc.uri, "json", 1, &doc.text).await;
        let rendering = features(&mut client, &doc).await;
        match &first {
            None => first = Some(rendering),
            Some(expected) => assert_eq!(&rendering, expected, "{} renders differently", enc.name()),
        }
        client.shutdown().await;
    }
    expect![[r#"
        diagnostics:
        []
        hover on the bone 体:
        contents:
          kind: "markdown"
          value: |
            **bone** `体`

            - Bone 1 of armature `勇者` ([line 22, column 19](<doc>#L22,19))
            - Parent chain: `根` › `体`
            - Children: `頭`, `腕`
            - Slots: `体`, `マント`
            - **At the setup pose** (as the DragonBones runtime computes it, in armature space): position (0, 0) · rotation 0° · scale (1, 1)
        range: 21:18-21:21 "\"体\""
        definition of the slot マント's parent:
        - range: 21:18-21:21 "\"体\""
          uri: "<doc>"
        symbols:
        勇者 (armature) 7:14-7:18 "\"勇者\""
          bone (4 bones) 16:6-16:12 "\"bone\""
            根 18:18-18:21 "\"根\""
              体 (on 根) 21:18-21:21 "\"体\""
                頭 (on 体) 26:18-26:21 "\"頭\""
                腕 (on 体) 33:18-33:21 "\"腕\""
          slot (3 slots) 37:6-37:12 "\"slot\""
            体 (on 体) 39:18-39:21 "\"体\""
            頭 (on 頭) 49:18-49:21 "\"頭\""
            マント (on 体) 54:18-54:23 "\"マント\""
          skin (1 skin) 58:6-58:12 "\"skin\""
            default (skin) 59:8-59:9 "{"
              体 (skin slot) 63:22-63:25 "\"体\""
                体 (image) 66:26-66:29 "\"体\""
              頭 (skin slot) 72:22-72:25 "\"頭\""
                頭 (image) 75:26-75:29 "\"頭\""
                頭_怒り (image) 78:26-78:32 "\"頭_怒り\""
              マント (skin slot) 84:22-84:27 "\"マント\""
                マント (mesh) 88:26-88:31 "\"マント\""
          ik (1 constraint) 102:6-102:10 "\"ik\""
            腕IK (IK constraint) 104:18-104:23 "\"腕IK\""
          animation (1 animation) 109:6-109:17 "\"animation\""
            待機 (20 frames) 111:18-111:22 "\"待機\""
              (action timeline) (1 key frame) 114:10-114:17 "\"frame\""
              (zOrder timeline) (2 key frames) 125:10-125:18 "\"zOrder\""
              頭 (bone timeline · 2 key frames) 138:22-138:25 "\"頭\""
              頭 (slot timeline · 3 key frames) 154:22-154:25 "\"頭\""
              マント (deform timeline · 1 key frame) 178:22-178:27 "\"マント\""
        scene: error null, 4 bones
    "#]].assert_eq(&first.unwrap());
}

/// Unity's exports name the binary `*_ske.bytes` (a `TextAsset`): its view answers as the
/// `.dbbin`'s does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_unity_bytes_binary_opens_as_the_same_view() {
    let (dir, bytes) = binary_folder("unity-binary-view");
    std::fs::write(dir.path().join("hero_ske.bytes"), &bytes).unwrap();
    let mut renderings = Vec::new();
    for name in ["hero_ske.dbbin", "hero_ske.bytes"] {
        let file = file_uri(&dir.path().join(name));
        let (mut client, _) =
            TestClient::initialized(Options::default(), capabilities(Some(&["utf-16"])), Value::Null).await;
        let view = request(&client, "rigls/binaryView", json!({"textDocument": {"uri": view_uri(&file)}})).await;
        let doc = ClientDoc::new(&view_uri(&file), 1, view["text"].as_str().expect("the view's text"), Enc::Utf16);
        client.open(&doc.uri, "json", 1, &doc.text).await;
        renderings.push(features(&mut client, &doc).await);
        client.shutdown().await;
    }
    assert!(renderings[0].contains("scene: error null, 4 bones"), "{}", renderings[0]);
    assert_eq!(renderings[1], renderings[0]);
}

/// A `.bytes` file may hold the JSON skeleton itself: the view is that text, analysed as JSON.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bytes_file_holding_json_is_shown_as_its_text() {
    let dir = TempDir::new("unity-json-view");
    dir.write("hero_ske.bytes", SKELETON);
    dir.write("hero_tex.json", ATLAS);
    let file = file_uri(&dir.path().join("hero_ske.bytes"));
    let (mut client, _) =
        TestClient::initialized(Options::default(), capabilities(Some(&["utf-16"])), Value::Null).await;
    let view = request(&client, "rigls/binaryView", json!({"textDocument": {"uri": view_uri(&file)}})).await;
    assert_eq!(view["text"], SKELETON);
    let doc = ClientDoc::new(&view_uri(&file), 1, SKELETON, Enc::Utf16);
    client.open(&doc.uri, "json", 1, &doc.text).await;
    let published = client.diagnostics(&doc.uri).await;
    assert_eq!(published["diagnostics"], json!([]));
    let at =
        json!({"textDocument": {"uri": doc.uri}, "position": doc.position(cursor(SKELETON, "\"name\": \"体$0\""))});
    let hover = request(&client, "textDocument/hover", at).await;
    let text = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(text.starts_with("**bone** `体`"), "{text}");
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_binary_shows_its_problems_in_the_view_under_the_file_uri() {
    let (dir, bytes) = binary_folder("damaged-binary-view");
    let path = dir.path().join("hero_ske.dbbin");
    // The last key frames cut off: the arrays end before the header says they do.
    std::fs::write(&path, &bytes[..bytes.len() - 8]).unwrap();
    let file = file_uri(&path);
    let (mut client, _) =
        TestClient::initialized(Options::default(), capabilities(Some(&["utf-16"])), Value::Null).await;
    let view = request(&client, "rigls/binaryView", json!({"textDocument": {"uri": file}})).await;
    let doc = ClientDoc::new(&file, 1, view["text"].as_str().unwrap(), Enc::Utf16);
    client.open(&doc.uri, "json", 1, &doc.text).await;
    let published = client.diagnostics(&doc.uri).await;
    expect![[r#"
        - code: "binary-truncated"
          data:
            index: 0
            version: 1
          message: "bytes 1424–1495: the timelineArray should be bytes 1424–1503 of the file, but the file has 1496 bytes: the runtime throws"
          range: 1:2-1:14 "\"name\": \"勇者\""
          severity: 1
          source: "rigls"
    "#]].assert_eq(&doc.render(&published["diagnostics"]));
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_view_the_file_no_longer_matches_is_analysed_as_the_json_it_is() {
    let (dir, _) = binary_folder("stale-binary-view");
    let file = file_uri(&dir.path().join("hero_ske.dbbin"));
    let (mut client, _) =
        TestClient::initialized(Options::default(), capabilities(Some(&["utf-16"])), Value::Null).await;
    let view = request(&client, "rigls/binaryView", json!({"textDocument": {"uri": file}})).await;
    // The view of an older version of the file, in which the bone 頭 was named 首.
    let stale = view["text"].as_str().unwrap().replace("\"頭\"", "\"首\"");
    let doc = ClientDoc::new(&view_uri(&file), 1, &stale, Enc::Utf16);
    client.open(&doc.uri, "json", 1, &doc.text).await;
    client.diagnostics(&doc.uri).await;
    let at = json!({"textDocument": {"uri": doc.uri}, "position": doc.position(cursor(&stale, "\"name\": \"首$0\""))});
    let hover = request(&client, "textDocument/hover", at).await;
    expect![[r#"
        contents:
          kind: "markdown"
          value: |
            **bone** `首`

            - Bone 2 of armature `勇者` ([line 27, column 19](<doc>#L27,19))
            - Parent chain: `根` › `体` › `首`
            - Slots: `首`
            - **At the setup pose** (as the DragonBones runtime computes it, in armature space): position (0, -40) · rotation 0° · scale (1, 1)
        range: 26:18-26:21 "\"首\""
    "#]].assert_eq(&doc.render(&hover));
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_view_of_a_missing_file_is_refused() {
    let dir = TempDir::new("missing-binary-view");
    let file = file_uri(&dir.path().join("gone_ske.dbbin"));
    let (client, _) = TestClient::initialized(Options::default(), capabilities(None), Value::Null).await;
    let error = client.request("rigls/binaryView", json!({"textDocument": {"uri": file}})).await.unwrap_err();
    assert_eq!(error["code"], -32602);
    let message = error["message"].as_str().unwrap().replace(&dir.path().display().to_string(), "<dir>");
    expect!["rigls/binaryView: cannot read `<dir>/gone_ske.dbbin`: No such file or directory (os error 2)"]
        .assert_eq(&message);
    let untitled = client.request("rigls/binaryView", json!({"textDocument": {"uri": "untitled:Untitled-1"}})).await;
    expect![[r#""rigls/binaryView: `untitled:Untitled-1` names no file""#]]
        .assert_eq(&untitled.unwrap_err()["message"].to_string());
    client.shutdown().await;
}
