//! Clients other than the full-featured one: a minimal client, a plain-text client, VS Code's
//! completion settings, and every way of offering position encodings. Answers must degrade to
//! what each client can take, with ranges valid in the encoding it negotiated.

use std::fmt::Write as _;

use expect_test::expect;
use serde_json::{Value, json};

use crate::lsp_elem::outline::WIDE;
use crate::lsp_elem::{Case, Servers, VARIANTS, WALKER, edit};
use crate::lsp_support::view::{ClientDoc, Enc, line_spans};
use crate::lsp_support::{TestClient, capabilities};

async fn request(client: &TestClient, method: &str, params: Value) -> Value {
    client.request(method, params).await.unwrap_or_else(|e| panic!("{method} failed: {e}"))
}

/// Only document sync, hover formats and completion without snippets; positions in UTF-16 (no
/// `positionEncodings`), or UTF-8 when it offers both.
fn minimal(encodings: Option<&[&str]>) -> Value {
    let mut caps = json!({
        "textDocument": {
            "synchronization": {"dynamicRegistration": false, "willSave": false, "didSave": false},
            "hover": {"contentFormat": ["markdown", "plaintext"]},
            "completion": {"completionItem": {"snippetSupport": false}},
        },
    });
    if let Some(encodings) = encodings {
        caps["general"] = json!({"positionEncodings": encodings});
    }
    caps
}

/// A model being typed: a half-typed key in a material and a half-typed scope in a mesh.
fn typing() -> String {
    let text = edit(WALKER, "\t\t\t\tSpecularSharpness=20.000000\n", "\t\t\t\tSpecularSh\n");
    edit(&text, "\t\t\tFaceCount=1\n", "\t\t\tFaceCount=1\n\t\t\tDiff\n")
}

const DIFF: &str = "FaceCount=1\n\t\t\tDiff$0";

/// Completion items as `label [kind] (format, mode): "newText" replacing range`, with the
/// documentation's form, and a check that the client's text after taking each is what it must be.
fn render_items(case: &Case<'_>, items: &Value) -> String {
    let mut out = String::new();
    for item in items.as_array().unwrap() {
        let edit = &item["textEdit"];
        let documentation = match &item["documentation"] {
            Value::String(s) => format!(" doc: {:?}…", s.lines().next().unwrap_or_default()),
            Value::Object(m) => format!(" doc: {}", m["kind"]),
            _ => String::new(),
        };
        let new_text = edit["newText"].as_str().unwrap();
        case.doc.check_line_breaks(new_text, "a newText");
        let mode = item.get("insertTextMode").map(|m| format!(", mode {m}")).unwrap_or_default();
        writeln!(
            out,
            "{} [{}] (format {}{mode}): {:?} replacing {}{documentation}",
            item["label"].as_str().unwrap(),
            item["kind"],
            item["insertTextFormat"],
            new_text.replace(case.doc.line_break(), "\n"),
            case.doc.describe_range(&edit["range"]),
        )
        .unwrap();
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_minimal_client_gets_answers_it_can_take() {
    let clients = [(Enc::Utf16, minimal(None)), (Enc::Utf8, minimal(Some(&["utf-8", "utf-16"])))];
    let mut s = Servers::start_with("minimal", &typing(), &clients, &VARIANTS).await;
    let init = s
        .each(None, async |_, case| {
            let caps = &case.init["capabilities"];
            assert!(caps.get("diagnosticProvider").is_none(), "the client does not pull");
            assert!(case.published["diagnostics"].is_array(), "diagnostics are pushed");
            format!("renameProvider: {}\n", caps["renameProvider"])
        })
        .await;
    expect![[r#"
        renameProvider: true
    "#]]
    .assert_eq(&init);

    // Plain text, not snippets: keys with their example value, scopes with their braces.
    let keys = s
        .each(Some("SpecularSh$0"), async |client, case| {
            render_items(case, &request(client, "textDocument/completion", case.at_cursor()).await)
        })
        .await;
    expect![[r#"
        SpecularSharpness [10] (format 1): "SpecularSharpness=10.000000" replacing 34:4-34:14 "SpecularSh" doc: "SpecularSharpness · key in Material"…
        TextureFilename [10] (format 1): "TextureFilename=\"body.png\"" replacing 34:4-34:14 "SpecularSh" doc: "TextureFilename · key in Material"…
    "#]].assert_eq(&keys);
    let scopes = s
        .each(Some(DIFF), async |client, case| {
            let items = request(client, "textDocument/completion", case.at_cursor()).await;
            let diffuse: Vec<Value> =
                items.as_array().unwrap().iter().filter(|i| i["label"] == "Diffuse").cloned().collect();
            render_items(case, &json!(diffuse))
        })
        .await;
    expect![[r#"
        Diffuse [22] (format 1): "Diffuse {\n\t\t\t\t\n\t\t\t}" replacing 41:3-41:7 "Diff" doc: "Diffuse · list in Mesh"…
    "#]].assert_eq(&scopes);

    // A flat outline, definitions as locations, renames as a map of changes.
    let flat = s
        .each(None, async |client, case| {
            let symbols = request(client, "textDocument/documentSymbol", case.document()).await;
            let mut out = String::new();
            for symbol in symbols.as_array().unwrap().iter().take(8) {
                assert_eq!(symbol["location"]["uri"], case.doc.uri);
                let container = symbol.get("containerName").map(|c| format!(" in {c}")).unwrap_or_default();
                let range = case.doc.describe_range(&symbol["location"]["range"]);
                writeln!(out, "{} [{}]{container} {range}", symbol["name"].as_str().unwrap(), symbol["kind"]).unwrap();
            }
            out
        })
        .await;
    expect![[r#"
        Setting [3] 2:0-5:1 "Setting {"⏎…2 lines…⏎"}"
        MeshDatas [3] 6:0-88:1 "MeshDatas {"⏎…81 lines…⏎"}"
        歩行ロボ [2] in "MeshDatas" 8:1-87:2 "MeshContainer {"⏎…78 lines…⏎"\t}"
        VertexFormat [18] in "歩行ロボ" 12:2-17:3 "VertexFormat {"⏎…4 lines…⏎"\t\t}"
        BoneNames [18] in "歩行ロボ" 18:2-21:3 "BoneNames {"⏎…2 lines…⏎"\t\t}"
        腰 [8] in "BoneNames" 19:3-19:6 "\"腰\""
        頭 [8] in "BoneNames" 20:3-20:6 "\"頭\""
        OffsetMatrices [18] in "歩行ロボ" 22:2-25:3 "OffsetMatrices {"⏎…2 lines…⏎"\t\t}"
    "#]]
    .assert_eq(&flat);
    let navigation = s
        .each(Some("BoneName=\"頭$0\""), async |client, case| {
            let definition = request(client, "textDocument/definition", case.at_cursor()).await;
            let mut params = case.at_cursor();
            params["newName"] = json!("首");
            let rename = request(client, "textDocument/rename", params).await;
            assert!(rename.get("documentChanges").is_none());
            format!("{}{}", case.doc.render(&definition), case.doc.render(&rename))
        })
        .await;
    expect![[r#"
        - range: 20:3-20:6 "\"頭\""
          uri: "<doc>"
        changes:
          <doc>:
            - newText: "首"
              range: 20:4-20:5 "頭"
            - newText: "首"
              range: 66:15-66:16 "頭"
            - newText: "首"
              range: 94:13-94:14 "頭"
            - newText: "首"
              range: 106:4-106:5 "頭"
            - newText: "首"
              range: 126:14-126:15 "頭"
    "#]]
    .assert_eq(&navigation);
    s.shutdown().await;
}

/// A client that keeps diagnostics without their `data` still gets their quick fixes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_fixes_for_diagnostics_sent_back_without_data() {
    let text = edit(WIDE, "\t\tBoneCount=2\n", "\t\tBoneCount=2\n\t\tBoneCont=1\n");
    let clients = [(Enc::Utf16, minimal(None)), (Enc::Utf8, minimal(Some(&["utf-8"])))];
    let mut s = Servers::start_with("without-data", &text, &clients, &VARIANTS).await;
    let fixes = s
        .each(None, async |client, case| {
            let mut out = String::new();
            for diagnostic in case.published["diagnostics"].as_array().unwrap() {
                let mut kept = diagnostic.clone();
                kept.as_object_mut().unwrap().remove("data");
                let params = json!({
                    "textDocument": {"uri": case.doc.uri},
                    "range": kept["range"],
                    "context": {"diagnostics": [kept], "only": ["quickfix"]},
                });
                let actions = request(client, "textDocument/codeAction", params).await;
                for action in actions.as_array().unwrap() {
                    assert_eq!(action["diagnostics"], json!([kept]));
                    let edited = case.doc.apply(&case.doc.workspace_edits(&action["edit"]));
                    write!(out, "{} {}:\n{}", diagnostic["code"], action["title"], case.doc.diff(&edited)).unwrap();
                }
            }
            out
        })
        .await;
    expect![[r#"
        "count-mismatch" "Set BoneCount to 1":
        @@ -7 +7 @@
        -		BoneCount=2
        +		BoneCount=1
        "unknown-key" "Replace with `BoneCount`":
        @@ -8 +8 @@
        -		BoneCont=1
        +		BoneCount=1
    "#]]
    .assert_eq(&fixes);
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plain_text_client_gets_no_markup() {
    let mut s = Servers::start("plain", &typing(), |caps| {
        caps["textDocument"]["hover"] = json!({"contentFormat": ["plaintext"]});
        caps["textDocument"]["completion"]["completionItem"]["documentationFormat"] = json!(["plaintext"]);
    })
    .await;
    let hover = s
        .each(Some("Vertex$0Count=4"), async |client, case| {
            case.doc.render(&request(client, "textDocument/hover", case.at_cursor()).await)
        })
        .await;
    expect![[r#"
        contents:
          kind: "plaintext"
          value: |
            VertexCount · key in Mesh

            Number of vertices: the lines in Positions, Normals, Diffuse and every Texture*UV list.

            - Type: integer ≥ 0
            - Required

            Counted: Positions 4 · Normals 4 · TextureUV 4 (matches ✓)
        range: 39:3-39:14 "VertexCount"
    "#]]
    .assert_eq(&hover);
    let documentation = s
        .each(Some("SpecularSh$0"), async |client, case| {
            let items = request(client, "textDocument/completion", case.at_cursor()).await;
            case.doc.render(&items[0]["documentation"])
        })
        .await;
    expect![[r#"
        |
          SpecularSharpness · key in Material

          Sharpness (power) of the specular highlight, ≥ 0.

          - Type: number ≥ 0

          Example:

          SpecularSharpness=10.000000
    "#]]
    .assert_eq(&documentation);
    s.shutdown().await;
}

/// The document after the client takes `item` as VS Code does: snippet tab stops dropped and,
/// unless the item says `insertTextMode: asIs`, later lines given the cursor line's indentation.
fn take(doc: &ClientDoc, item: &Value) -> String {
    let edit = &item["textEdit"];
    let (start, end) = doc.offsets(&edit["range"]);
    let mut text = edit["newText"].as_str().unwrap().replace("$0", "");
    if item["insertTextMode"] != 1 {
        let line_start = line_spans(&doc.text).into_iter().map(|(s, _)| s).filter(|&s| s <= start).max().unwrap();
        let indentation: String = doc.text[line_start..start].chars().take_while(|c| *c == '\t' || *c == ' ').collect();
        let line_break = doc.line_break();
        text = text.replace(line_break, &format!("{line_break}{indentation}"));
    }
    let mut edited = doc.text.clone();
    edited.replace_range(start..end, &text);
    edited
}

/// VS Code indents the later lines of a completion like the cursor line unless told not to; the
/// scope snippets carry their own indentation, so they must end up indented once, not twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn multi_line_completions_are_indented_once() {
    let vscode = |caps: &mut Value| {
        caps["textDocument"]["completion"]["completionItem"]["insertTextModeSupport"] = json!({"valueSet": [1, 2]});
        caps["textDocument"]["completion"]["insertTextMode"] = json!(2);
    };
    // Without `insertTextModeSupport`: the server cannot say "as is".
    let adjusting = |caps: &mut Value| caps["textDocument"]["completion"]["insertTextMode"] = json!(2);
    let expected = edit(&typing(), "\t\t\tDiff\n", "\t\t\tDiffuse {\n\t\t\t\t\n\t\t\t}\n");
    for (name, adjust) in [("vscode", &vscode as &dyn Fn(&mut Value)), ("adjusting", &adjusting)] {
        let mut s = Servers::start(name, &typing(), adjust).await;
        s.each(Some(DIFF), async |client, case| {
            let items = request(client, "textDocument/completion", case.at_cursor()).await;
            let item = items.as_array().unwrap().iter().find(|i| i["label"] == "Diffuse").unwrap();
            assert_eq!(take(case.doc, item), case.variant.text(&expected), "{name}: {item}");
            String::new()
        })
        .await;
        s.shutdown().await;
    }
}

/// The encoding the server picks from each offer, and the same answers in its units: a hover
/// after Japanese text and a diagnostic after an astral character (two UTF-16 units, four UTF-8
/// bytes, one UTF-32 unit).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn position_encodings_are_negotiated_and_spoken() {
    let text = format!("{WIDE}AnimationList {{\n\tAnimationData {{\n\t\tAnimationName=\"うなずき\"\n\t}}\n}}\n");
    let mut out = String::new();
    for offered in
        [None, Some(&["utf-16"][..]), Some(&["utf-8", "utf-16"]), Some(&["utf-32"]), Some(&["utf-32", "utf-16"])]
    {
        let (mut client, init) =
            TestClient::initialized(rigls_lsp::Options::default(), capabilities(offered), Value::Null).await;
        let uri = "file:///tmp/rigls-e2e/encodings.elem";
        client.open(uri, "elem", 1, &text).await;
        let published = client.diagnostics(uri).await;
        let after_astral = &published["diagnostics"][3]["range"];
        // `うな|ずき`, as the client counts.
        let character = match init["capabilities"]["positionEncoding"].as_str().unwrap() {
            "utf-8" => 16 + 1 + 6,
            _ => 16 + 1 + 2,
        };
        let params = json!({"textDocument": {"uri": uri}, "position": {"line": 21, "character": character}});
        let hover = client.request("textDocument/hover", params).await.unwrap();
        writeln!(
            out,
            "{offered:?} → {}: diagnostic {}, hover {}",
            init["capabilities"]["positionEncoding"], after_astral, hover["range"]
        )
        .unwrap();
        client.shutdown().await;
    }
    expect![[r#"
        None → "utf-16": diagnostic {"end":{"character":23,"line":14},"start":{"character":16,"line":14}}, hover {"end":{"character":22,"line":21},"start":{"character":16,"line":21}}
        Some(["utf-16"]) → "utf-16": diagnostic {"end":{"character":23,"line":14},"start":{"character":16,"line":14}}, hover {"end":{"character":22,"line":21},"start":{"character":16,"line":21}}
        Some(["utf-8", "utf-16"]) → "utf-8": diagnostic {"end":{"character":29,"line":14},"start":{"character":22,"line":14}}, hover {"end":{"character":30,"line":21},"start":{"character":16,"line":21}}
        Some(["utf-32"]) → "utf-32": diagnostic {"end":{"character":22,"line":14},"start":{"character":15,"line":14}}, hover {"end":{"character":22,"line":21},"start":{"character":16,"line":21}}
        Some(["utf-32", "utf-16"]) → "utf-16": diagnostic {"end":{"character":23,"line":14},"start":{"character":16,"line":14}}, hover {"end":{"character":22,"line":21},"start":{"character":16,"line":21}}
    "#]].assert_eq(&out);
}

/// Diagnostics and locations name a document exactly as the client spelt its URI: percent-encoded
/// Japanese (as VS Code sends, or in lower case), an encoded drive colon, an untitled document.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uris_come_back_as_the_client_wrote_them() {
    let (mut client, _) = TestClient::initialized(rigls_lsp::Options::default(), capabilities(None), Value::Null).await;
    let broken = edit(WALKER, "VertexCount=4", "VertexCount=5");
    for uri in [
        "file:///tmp/rigls-e2e/%E6%AD%A9%E8%A1%8C.elem",
        "file:///tmp/rigls-e2e/%e6%ad%a9%e8%a1%8c%20two.elem",
        "file:///c%3A/Users/me/model.elem",
        "untitled:Untitled-1",
    ] {
        client.open(uri, "elem", 1, &broken).await;
        let published = client.diagnostics(uri).await;
        assert_eq!(published["uri"], uri);
        let related = &published["diagnostics"][0]["relatedInformation"][0]["location"]["uri"];
        assert_eq!(related, uri);
        let params = json!({"textDocument": {"uri": uri}, "position": {"line": 55, "character": 15}, "context": {"includeDeclaration": true}});
        let references = client.request("textDocument/references", params).await.unwrap();
        assert!(references.as_array().unwrap().iter().all(|l| l["uri"] == uri), "{references}");
        client.close(uri).await;
    }
    client.shutdown().await;
}
