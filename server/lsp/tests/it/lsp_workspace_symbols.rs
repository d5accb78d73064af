//! `workspace/symbol` through the server: the open documents' symbols as edited, then those of
//! the models and skeletons under the workspace folders (read from disk, again once changed).

use crate::lsp_support;

use lsp_support::{TempDir, TestClient, capabilities, file_uri};
use rigls_lsp::Options;
use serde_json::json;

/// A 5.5 skeleton: a Japanese armature name before the bone, so UTF-16 and UTF-8 columns differ.
const SKELETON: &str = "{\"version\": \"5.5\", \"name\": \"勇者\", \"armature\": [{\"name\": \"勇者\",\r\n  \"bone\": [{\"name\": \"右腕\"}, {\"name\": \"hand_L\", \"parent\": \"右腕\"}]}]}\r\n";
const MODEL: &str =
    "Elfreina Extension Model File\nFile Version 1.00\nHierarchyList {\n\tNode {\n\t\tNodeName=\"右腕\"\n\t}\n}\n";

async fn start(root: &str, encoding: &str) -> TestClient {
    let client = TestClient::start(Options::default());
    let params = json!({
        "processId": null,
        "rootUri": root,
        "workspaceFolders": [{"uri": root, "name": "project"}],
        "capabilities": capabilities(Some(&[encoding])),
    });
    let init = client.request("initialize", params).await.expect("initialize");
    assert_eq!(init["capabilities"]["workspaceSymbolProvider"], true);
    client.notify("initialized", json!({})).await;
    client
}

/// `name in container at uri line:col-line:col` per symbol, sorted (open documents come first,
/// the order within each is the files').
async fn query(client: &TestClient, query: &str) -> Vec<String> {
    let answer = client.request("workspace/symbol", json!({"query": query})).await.expect("workspace/symbol");
    let mut found: Vec<String> = answer
        .as_array()
        .expect("a list")
        .iter()
        .map(|s| {
            let (l, r) = (&s["location"], &s["location"]["range"]);
            format!(
                "{} ({}) in {} at {} {}:{}-{}:{}",
                s["name"].as_str().unwrap(),
                s["kind"],
                s["containerName"].as_str().unwrap_or("-"),
                l["uri"].as_str().unwrap().rsplit('/').next().unwrap(),
                r["start"]["line"],
                r["start"]["character"],
                r["end"]["line"],
                r["end"]["character"]
            )
        })
        .collect();
    found.sort();
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_on_disk_and_open_documents_are_searched() {
    let dir = TempDir::new("workspace-symbols");
    dir.write("hero_ske.json", SKELETON);
    std::fs::create_dir(dir.path().join("sub")).expect("mkdir");
    dir.write("sub/robot.elem", MODEL);
    dir.write("package.json", "{\"name\": \"game\"}");
    // A binary is searched only in its open view: a position in that view is no place in the file.
    let binary = include_bytes!("../../../tests/fixtures/dragonbones/binary/dragon_boy_ske.dbbin");
    std::fs::write(dir.path().join("dragon_boy_ske.dbbin"), binary).expect("write");
    let root = file_uri(dir.path());
    // Columns of the names in UTF-16 and in UTF-8 (three bytes a kanji).
    for (encoding, [a, b, c, d]) in [("utf-16", [20, 24, 36, 40]), ("utf-8", [20, 28, 40, 48])] {
        dir.write("sub/robot.elem", MODEL);
        let mut client = start(&root, encoding).await;
        let (elem_end, elem_edited_end) = if encoding == "utf-16" { (15, 16) } else { (19, 20) };
        assert_eq!(
            query(&client, "腕").await,
            [
                format!("右腕 (5) in - at robot.elem 4:11-4:{elem_end}"),
                format!("右腕 (5) in 勇者 at hero_ske.json 1:{a}-1:{b}"),
            ],
            "{encoding}"
        );
        assert_eq!(query(&client, "HL").await, [format!("hand_L (5) in 右腕 at hero_ske.json 1:{c}-1:{}", c + 8)]);
        let everything = query(&client, "").await;
        assert_eq!(everything.len(), 4, "{everything:?}");
        // Open, the skeleton answers as edited (the bone renamed, not saved); a file changed on
        // disk is read again.
        let uri = file_uri(&dir.path().join("hero_ske.json"));
        client.open(&uri, "json", 1, &SKELETON.replace("\"hand_L\"", "\"左腕\"")).await;
        client.diagnostics(&uri).await;
        dir.write("sub/robot.elem", &MODEL.replace("右腕", "左腕2"));
        assert_eq!(
            query(&client, "左腕").await,
            [
                format!("左腕 (5) in 右腕 at hero_ske.json 1:{c}-1:{d}"),
                format!("左腕2 (5) in - at robot.elem 4:11-4:{elem_edited_end}"),
            ],
            "{encoding}"
        );
        client.shutdown().await;
    }
}
