//! JSON that is not DragonBones data: no diagnostics and an empty answer to every request.

use serde_json::{Value, json};

use crate::lsp_dragonbones::request;
use crate::lsp_support::view::{ClientDoc, Enc};
use crate::lsp_support::{TestClient, capabilities};
use rigls_lsp::Options;

const SETTINGS: &str =
    "{\n\t\"name\": \"設定\",\n\t\"parent\": \"head\",\n\t\"color\": {\"aM\": 50},\n\t\"items\": [1, 2, 3]\n}\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_request_answers_nothing() {
    for enc in [Enc::Utf16, Enc::Utf8] {
        let (mut client, _) =
            TestClient::initialized(Options::default(), capabilities(Some(&[enc.name()])), Value::Null).await;
        let doc = ClientDoc::new("file:///tmp/rigls-e2e-db/other/hero_ske.json", 1, SETTINGS, enc);
        client.open(&doc.uri, "json", 1, &doc.text).await;
        let document = json!({"textDocument": {"uri": doc.uri}});
        for (offset, _) in SETTINGS.char_indices() {
            let at = json!({"textDocument": {"uri": doc.uri}, "position": doc.position(offset)});
            for method in ["textDocument/hover", "textDocument/definition", "textDocument/documentHighlight"] {
                assert_eq!(request(&client, method, at.clone()).await, Value::Null, "{method} at {offset}");
            }
            let completion = request(&client, "textDocument/completion", at.clone()).await;
            assert!(completion.is_null() || completion == json!([]), "completion at {offset}: {completion}");
            let mut references = at.clone();
            references["context"] = json!({"includeDeclaration": true});
            let found = request(&client, "textDocument/references", references).await;
            assert!(found.is_null() || found == json!([]), "references at {offset}: {found}");
            assert!(client.request("textDocument/prepareRename", at.clone()).await.is_ok_and(|v| v.is_null()));
        }
        for method in ["textDocument/documentSymbol", "textDocument/foldingRange", "textDocument/documentColor"] {
            let answer = request(&client, method, document.clone()).await;
            assert!(answer.is_null() || answer == json!([]), "{method}: {answer}");
        }
        let tokens = request(&client, "textDocument/semanticTokens/full", document.clone()).await;
        assert!(tokens.is_null() || tokens["data"] == json!([]), "{tokens}");
        let mut hints = document.clone();
        hints["range"] = doc.range(0, SETTINGS.len());
        let answer = request(&client, "textDocument/inlayHint", hints).await;
        assert!(answer.is_null() || answer == json!([]), "{answer}");
        let mut actions = document.clone();
        actions["range"] = doc.range(0, SETTINGS.len());
        actions["context"] = json!({"diagnostics": []});
        let answer = request(&client, "textDocument/codeAction", actions).await;
        assert!(answer.is_null() || answer == json!([]), "{answer}");
        assert_eq!(
            request(
                &client,
                "textDocument/formatting",
                json!({"textDocument": {"uri": doc.uri}, "options": {"tabSize": 4, "insertSpaces": true}})
            )
            .await,
            Value::Null
        );
        // Any diagnostics would have arrived while the requests above were answered.
        for message in client.drain(std::time::Duration::from_millis(100)).await {
            let diagnostics = &message["params"]["diagnostics"];
            assert!(diagnostics.is_null() || *diagnostics == json!([]), "{message}");
        }
        client.shutdown().await;
    }
}
