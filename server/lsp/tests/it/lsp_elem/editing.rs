//! Editing as a user does: typing a mistake one character at a time, then taking the quick fix.

use std::time::Duration;

use expect_test::expect;
use serde_json::{Value, json};

use crate::lsp_elem::{VARIANTS, Variant, WALKER, cursor};
use crate::lsp_support::view::{ClientDoc, Enc};
use crate::lsp_support::{TestClient, capabilities};
use rigls_lsp::Options;

/// Waits for the publication of `version`; every publication before it must be for an earlier
/// version, in order.
async fn published(client: &mut TestClient, uri: &str, version: i32) -> Value {
    let mut last = 0;
    loop {
        let published = client.diagnostics(uri).await;
        let got = published["version"].as_i64().unwrap();
        assert!(got >= last && got <= i64::from(version), "version {got} published after {last}");
        last = got;
        if got == i64::from(version) {
            return published;
        }
    }
}

/// No diagnostics arrive for an older version once `version`'s are out.
async fn nothing_stale(client: &mut TestClient, uri: &str, version: i32) {
    for message in client.drain(Duration::from_millis(300)).await {
        if message["method"] == "textDocument/publishDiagnostics" && message["params"]["uri"] == uri {
            assert_eq!(message["params"]["version"], version, "stale diagnostics: {message}");
        }
    }
}

/// After `BoneName="頭`, type `部` and `😀`, then delete the `😀` (two UTF-16 units, four UTF-8
/// bytes): `頭部` is an unknown bone, did you mean `頭`? Take the fix: the example is back, clean.
async fn type_a_mistake_and_fix_it(enc: Enc, variant: Variant) -> String {
    let (mut client, _) =
        TestClient::initialized(Options::default(), capabilities(Some(&[enc.name()])), Value::Null).await;
    let uri = format!("file:///tmp/rigls-e2e/typing-{}.elem", variant.name);
    let original = variant.text(WALKER);
    let mut doc = ClientDoc::new(&uri, 1, &original, enc);
    client.open(&uri, "elem", 1, &doc.text).await;
    assert_eq!(published(&mut client, &uri, 1).await["diagnostics"], json!([]));

    let at = variant.offset(WALKER, cursor(WALKER, "BoneName=\"頭$0\""));
    let typed = [
        doc.replace(at, at, "部"),
        doc.replace(at + "部".len(), at + "部".len(), "😀"),
        doc.replace(at + "部".len(), at + "部😀".len(), ""),
    ];
    for (version, change) in (2..).zip(typed) {
        client.change(&uri, version, json!([change])).await;
    }
    let latest = published(&mut client, &uri, 4).await;
    nothing_stale(&mut client, &uri, 4).await;
    assert_eq!(client.document_text(&uri).await, Some((4, doc.text.clone())));
    doc.version = 4;
    let mut out = doc.render(&latest);

    let diagnostic = &latest["diagnostics"][0];
    let params = json!({
        "textDocument": {"uri": uri},
        "range": diagnostic["range"],
        "context": {"diagnostics": [diagnostic]},
    });
    let actions = client.request("textDocument/codeAction", params).await.unwrap();
    let fix = &actions[0];
    out.push_str(&format!("applying {}\n", fix["title"]));
    let changes = doc.changes_for(&doc.workspace_edits(&fix["edit"]));
    client.change(&uri, 5, Value::Array(changes)).await;
    assert_eq!(published(&mut client, &uri, 5).await["diagnostics"], json!([]));
    assert_eq!(doc.text, original);
    assert_eq!(client.document_text(&uri).await, Some((5, original)));
    client.shutdown().await;
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typing_a_mistake_then_taking_its_quick_fix() {
    let mut first: Option<String> = None;
    for enc in Enc::ALL {
        for variant in [VARIANTS[0], VARIANTS[3], VARIANTS[4]] {
            let rendered = type_a_mistake_and_fix_it(enc, variant).await;
            match &first {
                None => first = Some(rendered),
                Some(expected) => assert_eq!(&rendered, expected, "{} {}", enc.name(), variant.name),
            }
        }
    }
    expect![[r#"
        diagnostics:
          - code: "unknown-bone"
            data:
              index: 0
              version: 4
            message: "unknown bone `頭部`: not found in this MeshContainer's BoneNames; did you mean `頭`?"
            range: 65:14-65:18 "\"頭部\""
            severity: 1
            source: "rigls"
        uri: "<doc>"
        version: 4
        applying "Replace with `頭`"
    "#]]
    .assert_eq(&first.unwrap());
}
