//! Hover, completion, definition (into the atlas too), references, highlights and rename, on the
//! pretty-printed skeleton and on the same data minified to one line.

use expect_test::expect;
use serde_json::{Value, json};

use crate::lsp_dragonbones::{ATLAS, Case, SKELETON, Servers, edit, minified, request};

async fn at_cursor(s: &mut Servers, marker: &str, method: &'static str) -> String {
    s.each(Some(marker), async |client, case| case.render(&request(client, method, case.at_cursor()).await)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hover_on_keys_names_indices_and_colours() {
    let mut s = Servers::start("hover", SKELETON, ATLAS).await;
    expect![[r#"
        contents:
          kind: "markdown"
          value: |
            **`playTimes`** · key of an animation

            How many times it plays: 0 = loop forever.

            - Type: whole number
            - Range: at least 0
            - Default: `1`
            - Data versions: 4.0 and later
        range: 51:5-51:16 "\"playTimes\""
    "#]]
    .assert_eq(&at_cursor(&mut s, "\"play$0Times\"", "textDocument/hover").await);
    expect![[r#"
        contents:
          kind: "markdown"
          value: |
            **bone** `体`

            - Bone 1 of armature `勇者` ([line 13, column 15](<doc>#L13,15))
            - Parent chain: `根` › `体`
            - Children: `頭`, `腕`
            - Slots: `体`, `マント`
            - **At the setup pose** (as the DragonBones runtime computes it, in armature space): position (0, 0) · rotation 0° · scale (1, 1)
        range: 12:14-12:17 "\"体\""
    "#]]
    .assert_eq(&at_cursor(&mut s, "{ \"name\": \"体$0\", \"parent\": \"根\"", "textDocument/hover").await);
    expect![[r#"
        contents:
          kind: "markdown"
          value: |
            **texture** `parts/頭_怒り`

            - SubTexture of atlas [`hero_tex.json`](<atlas>#L9,13)
            - Region 48×48 at (112, 0)
        range: 26:76-26:88 "\"parts/頭_怒り\""
    "#]]
    .assert_eq(&at_cursor(&mut s, "\"path\": \"parts/頭_$0怒り\"", "textDocument/hover").await);
    expect![[r#"
        contents:
          kind: "markdown"
          value: "**Display 1** → `頭_怒り` ([line 27, column 61](<doc>#L27,61)) of slot `頭` in the default skin · image, path `parts/頭_怒り`"
        range: 18:50-18:51 "1"
    "#]]
    .assert_eq(&at_cursor(&mut s, "\"displayIndex\": 1$0", "textDocument/hover").await);
    expect![[r#"
        contents:
          kind: "markdown"
          value: |
            **Colour transform** (on a white source)

            🟥 `#FFCCCC` · light red · alpha 0.50

            multipliers red 100% green 80% blue 80% alpha 50%

            ---

            **`gM`** · key of a colour transform

            Green multiplier in percent (0–100).

            - Type: number
            - Range: between 0 and 100
            - Default: `100`
            - Data versions: all versions
        range: 17:72-17:74 "80"
    "#]]
    .assert_eq(&at_cursor(&mut s, "\"gM\": 8$00", "textDocument/hover").await);
    s.shutdown().await;
}

/// Completion items with their documentation cut to its first line.
fn render_completions(case: &Case<'_>, items: &Value) -> String {
    let mut items = items.clone();
    for item in items.as_array_mut().expect("a list of items") {
        if let Some(doc) = item.pointer_mut("/documentation/value") {
            let first = doc.as_str().unwrap().lines().next().unwrap_or_default().to_owned();
            *doc = json!(format!("{first} …"));
        }
        let range = &item["textEdit"]["range"];
        let (start, end) = case.doc.offsets(range);
        assert!(start <= case.offset && case.offset <= end, "the edit does not cover the cursor: {item}");
    }
    case.render(&items)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn completion_of_keys_bone_names_and_textures() {
    let typing = edit(
        SKELETON,
        "{ \"name\": \"腕\", \"parent\": \"体\" }",
        "{ \"name\": \"腕\", \"parent\": \"\", \"inheritR }",
    );
    let typing = edit(&typing, "\"path\": \"parts/体\"", "\"path\": \"parts/");
    let mut s = Servers::start("complete", &typing, ATLAS).await;
    let keys = s
        .each(Some("\"inheritR$0 }"), async |client, case| {
            render_completions(case, &request(client, "textDocument/completion", case.at_cursor()).await)
        })
        .await;
    expect![[r#"
        - detail: "number · at least 0 · default 0"
          documentation:
            kind: "markdown"
            value: "**`length`** · key of a bone …"
          filterText: "\"length\""
          insertTextFormat: 2
          kind: 10
          label: "length"
          sortText: "1002"
          textEdit:
            newText: "\"length\": ${1:0}"
            range: 14:33-14:42 "\"inheritR"
        - detail: "transform object"
          documentation:
            kind: "markdown"
            value: "**`transform`** · key of a bone …"
          filterText: "\"transform\""
          insertTextFormat: 2
          kind: 10
          label: "transform"
          sortText: "1003"
          textEdit:
            newText: "\"transform\": {$1}"
            range: 14:33-14:42 "\"inheritR"
        - detail: "boolean (true/false; runtimes also read 0/1) · default true"
          documentation:
            kind: "markdown"
            value: "**`inheritTranslation`** · key of a bone …"
          filterText: "\"inheritTranslation\""
          insertTextFormat: 2
          kind: 10
          label: "inheritTranslation"
          sortText: "1004"
          textEdit:
            newText: "\"inheritTranslation\": ${1:true}"
            range: 14:33-14:42 "\"inheritR"
        - detail: "boolean (true/false; runtimes also read 0/1) · default true"
          documentation:
            kind: "markdown"
            value: "**`inheritRotation`** · key of a bone …"
          filterText: "\"inheritRotation\""
          insertTextFormat: 2
          kind: 10
          label: "inheritRotation"
          sortText: "1005"
          textEdit:
            newText: "\"inheritRotation\": ${1:true}"
            range: 14:33-14:42 "\"inheritR"
        - detail: "boolean (true/false; runtimes also read 0/1) · default true"
          documentation:
            kind: "markdown"
            value: "**`inheritScale`** · key of a bone …"
          filterText: "\"inheritScale\""
          insertTextFormat: 2
          kind: 10
          label: "inheritScale"
          sortText: "1006"
          textEdit:
            newText: "\"inheritScale\": ${1:true}"
            range: 14:33-14:42 "\"inheritR"
        - detail: "boolean (true/false; runtimes also read 0/1) · default true"
          documentation:
            kind: "markdown"
            value: "**`inheritReflection`** · key of a bone …"
          filterText: "\"inheritReflection\""
          insertTextFormat: 2
          kind: 10
          label: "inheritReflection"
          sortText: "1007"
          textEdit:
            newText: "\"inheritReflection\": ${1:true}"
            range: 14:33-14:42 "\"inheritR"
        - detail: "one of \"bone\", \"surface\" (case-insensitive), or its index · default \"bone\""
          documentation:
            kind: "markdown"
            value: "**`type`** · key of a bone …"
          filterText: "\"type\""
          insertTextFormat: 2
          kind: 10
          label: "type"
          sortText: "1008"
          textEdit:
            newText: "\"type\": \"$1\""
            range: 14:33-14:42 "\"inheritR"
        - detail: "whole number · at least 0 · default 0"
          documentation:
            kind: "markdown"
            value: "**`segmentX`** · key of a bone …"
          filterText: "\"segmentX\""
          insertTextFormat: 2
          kind: 10
          label: "segmentX"
          sortText: "1009"
          textEdit:
            newText: "\"segmentX\": ${1:0}"
            range: 14:33-14:42 "\"inheritR"
        - detail: "whole number · at least 0 · default 0"
          documentation:
            kind: "markdown"
            value: "**`segmentY`** · key of a bone …"
          filterText: "\"segmentY\""
          insertTextFormat: 2
          kind: 10
          label: "segmentY"
          sortText: "1010"
          textEdit:
            newText: "\"segmentY\": ${1:0}"
            range: 14:33-14:42 "\"inheritR"
        - detail: "array of numbers"
          documentation:
            kind: "markdown"
            value: "**`vertices`** · key of a bone …"
          filterText: "\"vertices\""
          insertTextFormat: 2
          kind: 10
          label: "vertices"
          sortText: "1011"
          textEdit:
            newText: "\"vertices\": [$1]"
            range: 14:33-14:42 "\"inheritR"
        - detail: "anything"
          documentation:
            kind: "markdown"
            value: "**`userData`** · key of a bone …"
          filterText: "\"userData\""
          insertTextFormat: 2
          kind: 10
          label: "userData"
          sortText: "1012"
          textEdit:
            newText: "\"userData\": {$1}"
            range: 14:33-14:42 "\"inheritR"
    "#]]
    .assert_eq(&keys);
    let bones = s
        .each(Some("\"parent\": \"$0\", \"inheritR"), async |client, case| {
            render_completions(case, &request(client, "textDocument/completion", case.at_cursor()).await)
        })
        .await;
    expect![[r#"
        - detail: "bone"
          filterText: "\"根\""
          insertTextFormat: 1
          kind: 18
          label: "\"根\""
          textEdit:
            newText: "\"根\""
            range: 14:29-14:31 "\"\""
        - detail: "bone"
          filterText: "\"体\""
          insertTextFormat: 1
          kind: 18
          label: "\"体\""
          textEdit:
            newText: "\"体\""
            range: 14:29-14:31 "\"\""
        - detail: "bone"
          filterText: "\"頭\""
          insertTextFormat: 1
          kind: 18
          label: "\"頭\""
          textEdit:
            newText: "\"頭\""
            range: 14:29-14:31 "\"\""
    "#]]
    .assert_eq(&bones);
    let textures = s
        .each(Some("\"path\": \"parts/$0"), async |client, case| {
            let items = request(client, "textDocument/completion", case.at_cursor()).await;
            let labels: Vec<&str> = items.as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap()).collect();
            format!("{}\n{}", labels.join(" "), case.doc.describe_range(&items[0]["textEdit"]["range"]))
        })
        .await;
    expect![[r#"
        "parts/体" "頭" "parts/頭_怒り" "parts/マント"
        25:56-25:63 "\"parts/""#]]
    .assert_eq(&textures);
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn definition_in_the_file_and_in_the_atlas() {
    let mut s = Servers::start("definition", SKELETON, ATLAS).await;
    expect![[r#"
        - range: 13:14-13:17 "\"頭\""
          uri: "<doc>"
    "#]]
    .assert_eq(&at_cursor(&mut s, "\"parent\": \"頭$0\", \"displayIndex\"", "textDocument/definition").await);
    expect![[r#"
        - range: 9:12-9:23 "\"parts/マント\""
          uri: "<atlas>"
    "#]]
    .assert_eq(&at_cursor(&mut s, "\"path\": \"parts/マ$0ント\"", "textDocument/definition").await);
    expect![[r#"
        - range: 12:14-12:17 "\"体\""
          uri: "<doc>"
    "#]]
    .assert_eq(&at_cursor(&mut s, "\"bonePose\": [1$0,", "textDocument/definition").await);
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn references_and_highlights() {
    let mut s = Servers::start("references", SKELETON, ATLAS).await;
    let references = s
        .each(Some("\"path\": \"parts/頭_$0怒り\""), async |client, case| {
            let mut params = case.at_cursor();
            params["context"] = json!({"includeDeclaration": true});
            case.render(&request(client, "textDocument/references", params).await)
        })
        .await;
    expect![[r#"
        - range: 8:12-8:24 "\"parts/頭_怒り\""
          uri: "<atlas>"
        - range: 26:76-26:88 "\"parts/頭_怒り\""
          uri: "<doc>"
    "#]]
    .assert_eq(&references);
    expect![[r#"
        - kind: 3
          range: 13:14-13:17 "\"頭\""
        - kind: 2
          range: 18:29-18:32 "\"頭\""
        - kind: 2
          range: 46:50-46:53 "\"頭\""
        - kind: 2
          range: 55:16-55:19 "\"頭\""
    "#]]
    .assert_eq(&at_cursor(&mut s, "{ \"name\": \"頭$0\", \"parent\": \"体\"", "textDocument/documentHighlight").await);
    s.shutdown().await;
}

/// The lines a workspace edit changes in each document (the skeleton, then the atlas).
fn render_rename(case: &Case<'_>, edit: &Value) -> String {
    let mut out = String::new();
    let changes = edit["changes"].as_object().cloned().unwrap_or_default();
    let by_uri: Vec<(String, Vec<Value>)> = match edit.get("documentChanges").and_then(Value::as_array) {
        Some(list) => list
            .iter()
            .map(|c| (c["textDocument"]["uri"].as_str().unwrap().to_owned(), c["edits"].as_array().unwrap().clone()))
            .collect(),
        None => changes.into_iter().map(|(uri, edits)| (uri, edits.as_array().unwrap().clone())).collect(),
    };
    for (label, doc) in [("<doc>", case.doc), ("<atlas>", case.atlas)] {
        let edits: Vec<Value> = by_uri.iter().filter(|(u, _)| *u == doc.uri).flat_map(|(_, e)| e.clone()).collect();
        if edits.is_empty() {
            continue;
        }
        out.push_str(&format!("{label}:\n{}", doc.diff(&doc.apply(&edits))));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rename_a_bone_and_a_texture_across_files() {
    let mut s = Servers::start("rename", SKELETON, ATLAS).await;
    let prepared = at_cursor(&mut s, "{ \"name\": \"体$0\", \"parent\": \"根\"", "textDocument/prepareRename").await;
    expect![[r#"
        12:15-12:16 "体"
    "#]]
    .assert_eq(&prepared);
    for (marker, new_name, expected) in [
        (
            "{ \"name\": \"体$0\", \"parent\": \"根\"",
            "胴体",
            expect![[r#"
            <doc>:
            @@ -13,3 +13,3 @@
            -				{ "name": "体", "parent": "根", "length": 40 },
            -				{ "name": "頭", "parent": "体", "transform": { "y": -40 } },
            -				{ "name": "腕", "parent": "体" }
            +				{ "name": "胴体", "parent": "根", "length": 40 },
            +				{ "name": "頭", "parent": "胴体", "transform": { "y": -40 } },
            +				{ "name": "腕", "parent": "胴体" }
            @@ -18 +18 @@
            -				{ "name": "体", "parent": "体", "color": { "aM": 50, "rM": 100, "gM": 80, "bM": 80 } },
            +				{ "name": "体", "parent": "胴体", "color": { "aM": 50, "rM": 100, "gM": 80, "bM": 80 } },
            @@ -20 +20 @@
            -				{ "name": "マント", "parent": "体" }
            +				{ "name": "マント", "parent": "胴体" }
            @@ -53 +53 @@
            -					"frame": [{ "duration": 20, "events": [{ "name": "足音", "bone": "体" }] }],
            +					"frame": [{ "duration": 20, "events": [{ "name": "足音", "bone": "胴体" }] }],
        "#]],
        ),
        (
            "\"path\": \"parts/マ$0ント\"",
            "parts/外套",
            expect![[r#"
            <doc>:
            @@ -34 +34 @@
            -									"path": "parts/マント",
            +									"path": "parts/外套",
            <atlas>:
            @@ -10 +10 @@
            -		{ "name": "parts/マント", "x": 0, "y": 96, "width": 64, "height": 64, "rotated": true }
            +		{ "name": "parts/外套", "x": 0, "y": 96, "width": 64, "height": 64, "rotated": true }
        "#]],
        ),
    ] {
        let renamed = s
            .each(Some(marker), async |client, case| {
                let mut params = case.at_cursor();
                params["newName"] = json!(new_name);
                render_rename(case, &request(client, "textDocument/rename", params).await)
            })
            .await;
        expected.assert_eq(&renamed);
    }
    // A name that exists: refused with the reason.
    let refused = s
        .each(Some("{ \"name\": \"体$0\", \"parent\": \"根\""), async |client, case| {
            let mut params = case.at_cursor();
            params["newName"] = json!("頭");
            let error = client.request("textDocument/rename", params).await.expect_err("a refusal");
            format!("{}\n", error["message"])
        })
        .await;
    expect![[r#"
        "a bone named `頭` already exists in this armature (line 14)"
    "#]]
    .assert_eq(&refused);
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_minified_skeleton_on_one_line() {
    let one_line = minified();
    assert!(!one_line.contains('\n'));
    let mut s = Servers::start("minified", &one_line, ATLAS).await;
    expect![[r#"
        - range: 0:603-0:606 "\"頭\""
          uri: "<doc>"
    "#]]
    .assert_eq(&at_cursor(&mut s, "\"name\":\"頭\",\"parent\":\"頭$0\"}", "textDocument/definition").await);
    expect![[r#"
        - range: 9:12-9:23 "\"parts/マント\""
          uri: "<atlas>"
    "#]]
    .assert_eq(&at_cursor(&mut s, "\"path\":\"parts/マ$0ント\"", "textDocument/definition").await);
    let hover = at_cursor(&mut s, "\"weights\":[1,1$0,", "textDocument/hover").await;
    expect![[r#"
        contents:
          kind: "markdown"
          value: "**Bone 1** → `体` ([line 1, column 578](<doc>#L1,578))"
        range: 0:1209-0:1210 "1"
    "#]]
    .assert_eq(&hover);
    s.shutdown().await;
}

/// As an editor filters: what remains of the list after the text typed so far, a key typed with
/// or without its opening quote and a quoted name (issue 12, item 2).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn completion_is_filtered_by_what_was_typed() {
    let typing =
        edit(SKELETON, "{ \"name\": \"腕\", \"parent\": \"体\" }", "{ \"name\": \"腕\", \"parent\": \"体\", \"inh }");
    let typing = edit(&typing, "{ \"name\": \"頭\", \"parent\": \"体\"", "{ \"name\": \"頭\", \"parent\": \"体\", len");
    let typing = edit(&typing, "\"parent\": \"頭\"", "\"parent\": \"頭");
    let mut s = Servers::start("complete-filtered", &typing, ATLAS).await;
    let mut filtered = async |marker: &str| {
        s.each(Some(marker), async |client, case| {
            let items = request(client, "textDocument/completion", case.at_cursor()).await;
            crate::lsp_support::view::filtered(case.doc, case.offset, &items)
        })
        .await
    };
    expect![[r#"
        typed "\"inh", 4 of 11 items:
        inheritTranslation → "\"inheritTranslation\": ${1:true}"
        inheritRotation → "\"inheritRotation\": ${1:true}"
        inheritScale → "\"inheritScale\": ${1:true}"
        inheritReflection → "\"inheritReflection\": ${1:true}"
    "#]]
    .assert_eq(&filtered("\"inh$0 }").await);
    expect![[r#"
        typed "len", 1 of 10 items:
        length → "\"length\": ${1:0}"
    "#]]
    .assert_eq(&filtered(", len$0").await);
    expect![[r#"
        typed "\"頭", 1 of 4 items:
        "頭" → "\"頭\""
    "#]]
    .assert_eq(&filtered("\"parent\": \"頭$0").await);
    s.shutdown().await;
}
