//! Diagnostics, pushed and pulled, and the code actions that fix them.

use std::fmt::Write as _;

use expect_test::expect;
use serde_json::{Value, json};

use crate::lsp_elem::outline::WIDE;
use crate::lsp_elem::{BROKEN, Servers, WALKER, edit};
use crate::lsp_support::view::ClientDoc;

/// The shipped broken example with a second wrong name, `頭部` (did you mean `頭`?).
fn broken() -> String {
    edit(BROKEN, "\t\t\t\t\tBoneName=\"首\"\n", "\t\t\t\t\tBoneName=\"頭部\"\n")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn published_diagnostics() {
    for (name, text, expected) in [
        (
            "walker",
            WALKER.to_owned(),
            expect![[r#"
                diagnostics: []
                uri: "<doc>"
                version: 1
            "#]],
        ),
        (
            "broken",
            broken(),
            expect![[r#"
            diagnostics:
              - code: "count-mismatch"
                data:
                  index: 0
                  version: 1
                message: "VertexCount is 5 but Positions, Normals and TextureUV have 4 entries"
                range: 39:3-39:14 "VertexCount"
                relatedInformation:
                  - location:
                      range: 41:3-41:12 "Positions"
                      uri: "<doc>"
                    message: "Positions has 4 entries"
                  - location:
                      range: 47:3-47:10 "Normals"
                      uri: "<doc>"
                    message: "Normals has 4 entries"
                  - location:
                      range: 73:3-73:12 "TextureUV"
                      uri: "<doc>"
                    message: "TextureUV has 4 entries"
                severity: 1
                source: "rigls"
              - code: "unknown-bone"
                data:
                  index: 1
                  version: 1
                message: "unknown bone `頭部`: not found in this MeshContainer's BoneNames; did you mean `頭`?"
                range: 65:14-65:18 "\"頭部\""
                severity: 1
                source: "rigls"
              - code: "invalid-value"
                data:
                  index: 2
                  version: 1
                message: "`Loop` must be `True` or `False` (capitalised, unquoted), found `Yes`"
                range: 117:7-117:10 "Yes"
                severity: 1
                source: "rigls"
            uri: "<doc>"
            version: 1
        "#]],
        ),
        (
            "wide",
            WIDE.to_owned(),
            expect![[r#"
            diagnostics:
              - code: "missing-key"
                data:
                  index: 0
                  version: 1
                message: "`MeshContainer` is missing a `OffsetMatrices` list (BoneCount is 2)"
                range: 4:1-4:14 "MeshContainer"
                severity: 1
                source: "rigls"
              - code: "count-mismatch"
                data:
                  index: 1
                  version: 1
                message: "BoneCount is 2 but BoneNames has 1 entry"
                range: 6:2-6:11 "BoneCount"
                relatedInformation:
                  - location:
                      range: 8:2-8:11 "BoneNames"
                      uri: "<doc>"
                    message: "BoneNames has 1 entry"
                severity: 1
                source: "rigls"
              - code: "syntax"
                data:
                  index: 2
                  version: 1
                message: "unexpected `\"頭\"`: separate values with `:` or `,`"
                range: 9:7-9:10 "\"頭\""
                severity: 1
                source: "rigls"
              - code: "syntax"
                data:
                  index: 3
                  version: 1
                message: "unexpected `Diffuse`: separate values with `:` or `,`"
                range: 14:16-14:23 "Diffuse"
                severity: 1
                source: "rigls"
            uri: "<doc>"
            version: 1
        "#]],
        ),
    ] {
        let mut s = Servers::start(name, &text, |_| {}).await;
        let published = s.each(None, async |_, case| case.doc.render(case.published)).await;
        expected.assert_eq(&published);
        s.shutdown().await;
    }
}

/// A client that pulls gets the same diagnostics as one that is pushed them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pulled_diagnostics_are_the_published_ones() {
    let text = broken();
    let mut pushed = Servers::start("pushed", &text, |_| {}).await;
    let published = pushed.each(None, async |_, case| case.doc.render(&case.published["diagnostics"])).await;
    pushed.shutdown().await;

    let mut s = Servers::start("pulled", &text, |caps| caps["textDocument"]["diagnostic"] = json!({})).await;
    let pulled = s
        .each(None, async |client, case| {
            assert_eq!(case.init["capabilities"]["diagnosticProvider"]["identifier"], "rigls");
            let report = client.request("textDocument/diagnostic", case.document()).await.unwrap();
            assert_eq!(report["kind"], "full");
            case.doc.render(&report["items"])
        })
        .await;
    assert_eq!(pulled, published);
    // Nothing was pushed.
    for session in &mut s.sessions {
        let pushed = session.client.drain(std::time::Duration::from_millis(100)).await;
        assert!(pushed.iter().all(|m| m["method"] != "textDocument/publishDiagnostics"), "{pushed:?}");
    }
    s.shutdown().await;
}

/// Each action: title, kind, whether preferred and the codes it fixes, then the lines it changes.
fn render_actions(doc: &ClientDoc, sent: &[Value], actions: &Value) -> String {
    let mut out = String::new();
    for action in actions.as_array().expect("a list of actions") {
        let fixes: Vec<&str> = match action.get("diagnostics").and_then(Value::as_array) {
            Some(list) => {
                // The client's own diagnostics, returned as they were sent.
                assert!(list.iter().all(|d| sent.contains(d)), "{action}");
                list.iter().map(|d| d["code"].as_str().unwrap()).collect()
            }
            None => Vec::new(),
        };
        let preferred = if action["isPreferred"] == true { " preferred" } else { "" };
        let fixes = if fixes.is_empty() { String::new() } else { format!(", fixes {}", fixes.join(", ")) };
        writeln!(
            out,
            "{:?} [{}]{preferred}{fixes}",
            action["title"].as_str().unwrap(),
            action["kind"].as_str().unwrap()
        )
        .unwrap();
        let edited = doc.apply(&doc.workspace_edits(&action["edit"]));
        for line in doc.diff(&edited).lines() {
            writeln!(out, "    {line}").unwrap();
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_fixes_of_each_diagnostic_and_fix_all() {
    let mut s = Servers::start("actions", &broken(), |_| {}).await;
    let actions = s
        .each(None, async |client, case| {
            let mut out = String::new();
            for diagnostic in case.published["diagnostics"].as_array().unwrap() {
                let params = json!({
                    "textDocument": {"uri": case.doc.uri},
                    "range": diagnostic["range"],
                    "context": {"diagnostics": [diagnostic], "triggerKind": 1},
                });
                let actions = client.request("textDocument/codeAction", params).await.unwrap();
                writeln!(out, "at {}:", case.doc.describe_range(&diagnostic["range"])).unwrap();
                out.push_str(&render_actions(case.doc, std::slice::from_ref(diagnostic), &actions));
            }
            out
        })
        .await;
    expect![[r#"
        at 39:3-39:14 "VertexCount":
        "Set VertexCount to 4" [quickfix] preferred, fixes count-mismatch
            @@ -40 +40 @@
            -			VertexCount=5
            +			VertexCount=4
        "Fix 1 safe problem" [source.fixAll]
            @@ -40 +40 @@
            -			VertexCount=5
            +			VertexCount=4
        at 65:14-65:18 "\"頭部\"":
        "Replace with `頭`" [quickfix] preferred, fixes unknown-bone
            @@ -66 +66 @@
            -					BoneName="頭部"
            +					BoneName="頭"
        "Fix 1 safe problem" [source.fixAll]
            @@ -40 +40 @@
            -			VertexCount=5
            +			VertexCount=4
        at 117:7-117:10 "Yes":
        "Write `True`" [quickfix], fixes invalid-value
            @@ -118 +118 @@
            -		Loop=Yes
            +		Loop=True
        "Fix 1 safe problem" [source.fixAll]
            @@ -40 +40 @@
            -			VertexCount=5
            +			VertexCount=4
    "#]]
    .assert_eq(&actions);

    // What an editor asks on save: only the source action fixing everything safe.
    let fix_all = s
        .each(None, async |client, case| {
            let params = json!({
                "textDocument": {"uri": case.doc.uri},
                "range": {"start": case.at, "end": case.at},
                "context": {"diagnostics": [], "only": ["source.fixAll"], "triggerKind": 2},
            });
            let actions = client.request("textDocument/codeAction", params).await.unwrap();
            render_actions(case.doc, &[], &actions)
        })
        .await;
    expect![[r#"
        "Fix 1 safe problem" [source.fixAll]
            @@ -40 +40 @@
            -			VertexCount=5
            +			VertexCount=4
    "#]]
    .assert_eq(&fix_all);
    s.shutdown().await;
}

/// An unknown bone one edit from two bones: both are offered, best first (the first preferred),
/// each an edit of the name's text, and neither is a safe fix (fix-all leaves the name alone).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_name_offers_each_close_name() {
    let text = edit(BROKEN, "\t\t\t\t\tBoneName=\"首\"\n", "\t\t\t\t\tBoneName=\"頭腰\"\n");
    let mut s = Servers::start("suggestions", &text, |_| {}).await;
    let actions = s
        .each(None, async |client, case| {
            let diagnostics = case.published["diagnostics"].as_array().unwrap();
            let diagnostic = diagnostics.iter().find(|d| d["code"] == "unknown-bone").expect("unknown-bone");
            let params = json!({
                "textDocument": {"uri": case.doc.uri},
                "range": diagnostic["range"],
                "context": {"diagnostics": [diagnostic], "triggerKind": 1},
            });
            let actions = client.request("textDocument/codeAction", params).await.unwrap();
            format!(
                "at {}: {}\n{}",
                case.doc.describe_range(&diagnostic["range"]),
                diagnostic["message"],
                render_actions(case.doc, std::slice::from_ref(diagnostic), &actions)
            )
        })
        .await;
    expect![[r#"
        at 65:14-65:18 "\"頭腰\"": "unknown bone `頭腰`: not found in this MeshContainer's BoneNames; did you mean `腰`?"
        "Replace with `腰`" [quickfix] preferred, fixes unknown-bone
            @@ -66 +66 @@
            -					BoneName="頭腰"
            +					BoneName="腰"
        "Replace with `頭`" [quickfix], fixes unknown-bone
            @@ -66 +66 @@
            -					BoneName="頭腰"
            +					BoneName="頭"
        "Fix 1 safe problem" [source.fixAll]
            @@ -40 +40 @@
            -			VertexCount=5
            +			VertexCount=4
    "#]].assert_eq(&actions);
    s.shutdown().await;
}

/// The shipped broken example as it is: `首` is close to no bone's name, and the fix offered is
/// the bone its `TransformIndex` names.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_shipped_example_is_offered_the_bone_its_transform_index_names() {
    let mut s = Servers::start("implied", BROKEN, |_| {}).await;
    let actions = s
        .each(None, async |client, case| {
            let mut out = String::new();
            for diagnostic in case.published["diagnostics"].as_array().unwrap() {
                if diagnostic["code"] != "unknown-bone" {
                    continue;
                }
                let params = json!({
                    "textDocument": {"uri": case.doc.uri},
                    "range": diagnostic["range"],
                    "context": {"diagnostics": [diagnostic], "only": ["quickfix"], "triggerKind": 1},
                });
                let actions = client.request("textDocument/codeAction", params).await.unwrap();
                writeln!(out, "at {}: {}", case.doc.describe_range(&diagnostic["range"]), diagnostic["message"])
                    .unwrap();
                out.push_str(&render_actions(case.doc, std::slice::from_ref(diagnostic), &actions));
            }
            out
        })
        .await;
    expect![[r#"
        at 65:14-65:17 "\"首\"": "unknown bone `首`: not found in this MeshContainer's BoneNames; TransformIndex 1 is `頭`"
        "Replace with `頭` (TransformIndex 1)" [quickfix] preferred, fixes unknown-bone
            @@ -66 +66 @@
            -					BoneName="首"
            +					BoneName="頭"
    "#]]
    .assert_eq(&actions);
    s.shutdown().await;
}
