//! Hover, completion, definition, references, highlights and rename.

use expect_test::expect;
use serde_json::{Value, json};

use crate::lsp_elem::{Case, Servers, WALKER, edit};
use crate::lsp_support::TestClient;

async fn request(client: &TestClient, method: &str, params: Value) -> Value {
    client.request(method, params).await.unwrap_or_else(|e| panic!("{method} failed: {e}"))
}

async fn hover(servers: &mut Servers, marker: &str) -> String {
    servers
        .each(Some(marker), async |client, case| {
            case.doc.render(&request(client, "textDocument/hover", case.at_cursor()).await)
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hover_on_keys_scopes_names_counts_indices_and_colours() {
    let mut s = Servers::start("hover", WALKER, |_| {}).await;
    // A key.
    expect![[r#"
        contents:
          kind: "markdown"
          value: |
            **`LoadType`** · key in `Setting`

            Data type of the file. Only one value exists and readers ignore it.

            - Type: quoted string
        range: 4:1-4:9 "LoadType"
    "#]]
    .assert_eq(&hover(&mut s, "Loa$0dType=").await);
    // A scope tag.
    expect![[r#"
        contents:
          kind: "markdown"
          value: |
            **`BoneNames`** · list in `MeshContainer`

            Names of the bones the container uses, one quoted name per line; line i is transform-palette index i. `BoneCount` lines.

            - Lines: one quoted name per line

            **Here:** 2 lines
        range: 18:2-18:13 "BoneNames {"
    "#]].assert_eq(&hover(&mut s, "Bone$0Names {").await);
    // A bone name, after Japanese text on its line.
    expect![[r#"
        contents:
          kind: "markdown"
          value: |
            **bone** `腰`

            - Bone 0 of `歩行ロボ` ([line 20](<doc>#L20,4))
            - Node **`腰`** ([line 91, column 12](<doc>#L91,12)); children `頭`
        range: 55:14-55:17 "\"腰\""
    "#]]
    .assert_eq(&hover(&mut s, "BoneName=\"腰$0\"").await);
    // A clip name, between two Japanese characters.
    expect![[r#"
        contents:
          kind: "markdown"
          value: |
            **animation** `うなずき`

            - Animation clip ([line 112](<doc>#L112,2))
            - 1000 ms at 30 fps, loops
            - 1 bone part, 0 UV parts
        range: 112:16-112:22 "\"うなずき\""
    "#]]
    .assert_eq(&hover(&mut s, "AnimationName=\"うな$0ずき\"").await);
    // A count key, with the counts it checks.
    expect![[r#"
        contents:
          kind: "markdown"
          value: |
            **`VertexCount`** · key in `Mesh`

            Number of vertices: the lines in `Positions`, `Normals`, `Diffuse` and every `Texture*UV` list.

            - Type: integer ≥ 0
            - Required

            **Counted:** Positions 4 · Normals 4 · TextureUV 4 (matches ✓)
        range: 39:3-39:14 "VertexCount"
    "#]]
    .assert_eq(&hover(&mut s, "Vertex$0Count=4").await);
    // An index: the bone a `TransformIndex` designates.
    expect![[r#"
        contents:
          kind: "markdown"
          value: "**`TransformIndex`** 1 → bone `頭` of `歩行ロボ` ([line 21](<doc>#L21,4))"
        range: 66:20-66:21 "1"
    "#]]
    .assert_eq(&hover(&mut s, "TransformIndex=1$0").await);
    // A vertex index in a face.
    expect![[r#"
        contents:
          kind: "markdown"
          value: "**Face 0**, corner → vertex 2 of `胴体` at `0.500000:1.500000:0.000000`"
        range: 80:10-80:11 "2"
    "#]]
    .assert_eq(&hover(&mut s, "4,0:3:$02:1").await);
    // A colour.
    expect![[r#"
        contents:
          kind: "markdown"
          value: |
            **`Diffuse`** colour

            ⬜ `#B3B8BF` · light grey · opaque

            red 0.700 · green 0.720 · blue 0.750 · alpha 1.000
        range: 30:12-30:47 "1.000000:0.700000:0.720000:0.750000"
    "#]]
    .assert_eq(&hover(&mut s, "Diffuse=1.000000:0.7$00").await);
    // Nothing.
    expect![[r#"
        null
    "#]]
    .assert_eq(&hover(&mut s, "File Version 1.00$0").await);
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
        // The edit must replace text on the cursor's line, around the cursor.
        let range = &item["textEdit"]["range"];
        assert_eq!(range["start"]["line"], range["end"]["line"], "{item}");
        let (start, end) = case.doc.offsets(range);
        assert!(start <= case.offset && case.offset <= end, "the edit does not cover the cursor: {item}");
    }
    case.doc.render(&items)
}

async fn completion(servers: &mut Servers, marker: &str) -> String {
    servers
        .each(Some(marker), async |client, case| {
            render_completions(case, &request(client, "textDocument/completion", case.at_cursor()).await)
        })
        .await
}

/// How many items there are, and those whose label starts with `prefix` (as an editor filters).
async fn completion_starting(servers: &mut Servers, marker: &str, prefix: &str) -> String {
    servers
        .each(Some(marker), async |client, case| {
            let items = request(client, "textDocument/completion", case.at_cursor()).await;
            let all = items.as_array().unwrap();
            let matching: Vec<Value> =
                all.iter().filter(|i| i["label"].as_str().unwrap().starts_with(prefix)).cloned().collect();
            format!("{} items, starting with {prefix:?}:\n{}", all.len(), render_completions(case, &json!(matching)))
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn completion_of_keys_values_and_names() {
    // A half-typed key in a material, entry of `VertexFormat` and scope in a mesh.
    let typing = edit(WALKER, "\t\t\t\tSpecularSharpness=20.000000\n", "\t\t\t\tSpecularSh\n");
    let typing = edit(&typing, "\t\t\t\"Texture1\"\n", "\t\t\t\"Tex\n");
    let typing = edit(&typing, "\t\t\tFaceCount=1\n", "\t\t\tFaceCount=1\n\t\t\tDiff\n");
    let mut s = Servers::start("complete-typing", &typing, |_| {}).await;
    expect![[r#"
        - detail: "number ≥ 0"
          documentation:
            kind: "markdown"
            value: "**`SpecularSharpness`** · key in `Material` …"
          filterText: "SpecularSharpness"
          insertTextFormat: 2
          kind: 10
          label: "SpecularSharpness"
          sortText: "1005"
          textEdit:
            newText: "SpecularSharpness=${1:10.000000}"
            range: 34:4-34:14 "SpecularSh"
        - detail: "quoted file path (relative to the .elem file)"
          documentation:
            kind: "markdown"
            value: "**`TextureFilename`** · key in `Material` …"
          filterText: "TextureFilename"
          insertTextFormat: 2
          kind: 10
          label: "TextureFilename"
          sortText: "1006"
          textEdit:
            newText: "TextureFilename=\"${1:body.png}\""
            range: 34:4-34:14 "SpecularSh"
    "#]]
    .assert_eq(&completion(&mut s, "SpecularSh$0").await);
    expect![[r#"
        - detail: "vertex component"
          filterText: "\"Diffuse\""
          insertTextFormat: 1
          kind: 20
          label: "\"Diffuse\""
          sortText: "0000"
          textEdit:
            newText: "\"Diffuse\""
            range: 16:3-16:7 "\"Tex"
        - detail: "vertex component"
          filterText: "\"Texture\""
          insertTextFormat: 1
          kind: 20
          label: "\"Texture\""
          sortText: "0001"
          textEdit:
            newText: "\"Texture\""
            range: 16:3-16:7 "\"Tex"
        - detail: "vertex component"
          filterText: "\"Texture1\""
          insertTextFormat: 1
          kind: 20
          label: "\"Texture1\""
          sortText: "0002"
          textEdit:
            newText: "\"Texture1\""
            range: 16:3-16:7 "\"Tex"
        - detail: "vertex component"
          filterText: "\"Texture2\""
          insertTextFormat: 1
          kind: 20
          label: "\"Texture2\""
          sortText: "0003"
          textEdit:
            newText: "\"Texture2\""
            range: 16:3-16:7 "\"Tex"
        - detail: "vertex component"
          filterText: "\"Texture3\""
          insertTextFormat: 1
          kind: 20
          label: "\"Texture3\""
          sortText: "0004"
          textEdit:
            newText: "\"Texture3\""
            range: 16:3-16:7 "\"Tex"
        - detail: "vertex component"
          filterText: "\"Texture4\""
          insertTextFormat: 1
          kind: 20
          label: "\"Texture4\""
          sortText: "0005"
          textEdit:
            newText: "\"Texture4\""
            range: 16:3-16:7 "\"Tex"
        - detail: "vertex component"
          filterText: "\"Texture5\""
          insertTextFormat: 1
          kind: 20
          label: "\"Texture5\""
          sortText: "0006"
          textEdit:
            newText: "\"Texture5\""
            range: 16:3-16:7 "\"Tex"
        - detail: "vertex component"
          filterText: "\"Texture6\""
          insertTextFormat: 1
          kind: 20
          label: "\"Texture6\""
          sortText: "0007"
          textEdit:
            newText: "\"Texture6\""
            range: 16:3-16:7 "\"Tex"
        - detail: "vertex component"
          filterText: "\"Texture7\""
          insertTextFormat: 1
          kind: 20
          label: "\"Texture7\""
          sortText: "0008"
          textEdit:
            newText: "\"Texture7\""
            range: 16:3-16:7 "\"Tex"
        - detail: "vertex component"
          filterText: "\"Texture8\""
          insertTextFormat: 1
          kind: 20
          label: "\"Texture8\""
          sortText: "0009"
          textEdit:
            newText: "\"Texture8\""
            range: 16:3-16:7 "\"Tex"
    "#]]
    .assert_eq(&completion(&mut s, "\"Tex$0").await);
    // Scopes are snippets over several lines, in the document's line breaks and indentation.
    expect![[r#"
        10 items, starting with "Diff":
        - detail: "list: a:r:g:b per line, 0.0 … 1.0"
          documentation:
            kind: "markdown"
            value: "**`Diffuse`** · list in `Mesh` …"
          filterText: "Diffuse"
          insertTextFormat: 2
          kind: 22
          label: "Diffuse"
          sortText: "20020"
          textEdit:
            newText: |
              Diffuse {
              				$0
              			}
            range: 41:3-41:7 "Diff"
    "#]]
    .assert_eq(&completion_starting(&mut s, "FaceCount=1\n\t\t\tDiff$0", "Diff").await);
    s.shutdown().await;

    // A name being typed: empty quotes (as an editor closes them), an unclosed quote after
    // Japanese text, and a list entry.
    let typing = edit(WALKER, "BoneName=\"腰\"", "BoneName=\"\"");
    let typing = edit(&typing, "BoneName=\"頭\"", "BoneName=\"頭");
    let typing = edit(&typing, "RenderingMeshName=\"胴体\"", "RenderingMeshName=\"胴");
    let mut s = Servers::start("complete-name", &typing, |_| {}).await;
    expect![[r#"
        - detail: "bone 0"
          filterText: "\"腰\""
          insertTextFormat: 1
          kind: 18
          label: "\"腰\""
          sortText: "0000"
          textEdit:
            newText: "\"腰\""
            range: 55:14-55:16 "\"\""
        - detail: "bone 1"
          filterText: "\"頭\""
          insertTextFormat: 1
          kind: 18
          label: "\"頭\""
          sortText: "0001"
          textEdit:
            newText: "\"頭\""
            range: 55:14-55:16 "\"\""
    "#]]
    .assert_eq(&completion(&mut s, "BoneName=\"$0\"").await);
    expect![[r#"
        - detail: "bone 0"
          filterText: "\"腰\""
          insertTextFormat: 1
          kind: 18
          label: "\"腰\""
          sortText: "0000"
          textEdit:
            newText: "\"腰\""
            range: 65:14-65:16 "\"頭"
        - detail: "bone 1"
          filterText: "\"頭\""
          insertTextFormat: 1
          kind: 18
          label: "\"頭\""
          sortText: "0001"
          textEdit:
            newText: "\"頭\""
            range: 65:14-65:16 "\"頭"
    "#]]
    .assert_eq(&completion(&mut s, "BoneName=\"頭$0").await);
    expect![[r#"
        - detail: "mesh"
          filterText: "\"胴体\""
          insertTextFormat: 1
          kind: 18
          label: "\"胴体\""
          sortText: "0000"
          textEdit:
            newText: "\"胴体\""
            range: 101:20-101:22 "\"胴"
    "#]]
    .assert_eq(&completion(&mut s, "RenderingMeshName=\"胴$0").await);
    s.shutdown().await;

    let mut s = Servers::start("complete-value", WALKER, |_| {}).await;
    // A boolean, in place of the one written.
    expect![[r#"
        - filterText: "True"
          insertTextFormat: 1
          kind: 20
          label: "True"
          sortText: "0000"
          textEdit:
            newText: "True"
            range: 117:7-117:11 "True"
        - filterText: "False"
          insertTextFormat: 1
          kind: 20
          label: "False"
          sortText: "0001"
          textEdit:
            newText: "False"
            range: 117:7-117:11 "True"
    "#]]
    .assert_eq(&completion(&mut s, "Loop=Tr$0ue").await);
    // Names inside quotes, after Japanese text.
    expect![[r#"
        - detail: "bone 0"
          filterText: "\"腰\""
          insertTextFormat: 1
          kind: 18
          label: "\"腰\""
          sortText: "0000"
          textEdit:
            newText: "\"腰\""
            range: 65:14-65:17 "\"頭\""
        - detail: "bone 1"
          filterText: "\"頭\""
          insertTextFormat: 1
          kind: 18
          label: "\"頭\""
          sortText: "0001"
          textEdit:
            newText: "\"頭\""
            range: 65:14-65:17 "\"頭\""
    "#]]
    .assert_eq(&completion(&mut s, "BoneName=\"頭$0\"").await);
    // The real count behind a count key.
    expect![[r#"
        - detail: "lines in VertexIndices, lines in Attributes"
          filterText: "1"
          insertTextFormat: 1
          kind: 12
          label: "1"
          sortText: "0000"
          textEdit:
            newText: "1"
            range: 40:13-40:14 "1"
    "#]]
    .assert_eq(&completion(&mut s, "FaceCount=$01").await);
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn definition_as_locations_and_links() {
    let mut s = Servers::start("definition", WALKER, |_| {}).await;
    let definition = async |s: &mut Servers, marker: &str| {
        s.each(Some(marker), async |client, case| {
            case.doc.render(&request(client, "textDocument/definition", case.at_cursor()).await)
        })
        .await
    };
    // A bone name: its `BoneNames` entry.
    expect![[r#"
        - range: 19:3-19:6 "\"腰\""
          uri: "<doc>"
    "#]]
    .assert_eq(&definition(&mut s, "BoneName=\"腰$0\"").await);
    // An index: the bone it designates.
    expect![[r#"
        - range: 20:3-20:6 "\"頭\""
          uri: "<doc>"
    "#]]
    .assert_eq(&definition(&mut s, "TransformIndex=$01").await);
    s.shutdown().await;

    let mut s = Servers::start("definition-links", WALKER, |caps| {
        caps["textDocument"]["definition"] = json!({"linkSupport": true});
    })
    .await;
    expect![[r#"
        - targetRange: 92:2-95:3 "Node {"⏎…2 lines…⏎"\t\t}"
          targetSelectionRange: 93:12-93:15 "\"頭\""
          targetUri: "<doc>"
    "#]]
    .assert_eq(&definition(&mut s, "NodeName=\"頭$0\"").await);
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn references_and_highlights_of_a_joint() {
    let mut s = Servers::start("references", WALKER, |_| {}).await;
    let marker = Some("NodeName=\"頭$0\"");
    for include_declaration in [true, false] {
        let rendered = s
            .each(marker, async |client, case| {
                let mut params = case.at_cursor();
                params["context"] = json!({"includeDeclaration": include_declaration});
                case.doc.render(&request(client, "textDocument/references", params).await)
            })
            .await;
        if include_declaration {
            expect![[r#"
                - range: 20:3-20:6 "\"頭\""
                  uri: "<doc>"
                - range: 65:14-65:17 "\"頭\""
                  uri: "<doc>"
                - range: 93:12-93:15 "\"頭\""
                  uri: "<doc>"
                - range: 105:3-105:6 "\"頭\""
                  uri: "<doc>"
                - range: 125:13-125:16 "\"頭\""
                  uri: "<doc>"
            "#]]
            .assert_eq(&rendered);
        } else {
            expect![[r#"
                - range: 65:14-65:17 "\"頭\""
                  uri: "<doc>"
                - range: 105:3-105:6 "\"頭\""
                  uri: "<doc>"
                - range: 125:13-125:16 "\"頭\""
                  uri: "<doc>"
            "#]]
            .assert_eq(&rendered);
        }
    }
    let highlights = s
        .each(marker, async |client, case| {
            case.doc.render(&request(client, "textDocument/documentHighlight", case.at_cursor()).await)
        })
        .await;
    expect![[r#"
        - kind: 3
          range: 20:3-20:6 "\"頭\""
        - kind: 2
          range: 65:14-65:17 "\"頭\""
        - kind: 3
          range: 93:12-93:15 "\"頭\""
        - kind: 2
          range: 105:3-105:6 "\"頭\""
        - kind: 2
          range: 125:13-125:16 "\"頭\""
    "#]]
    .assert_eq(&highlights);
    s.shutdown().await;
}

/// `prepareRename`, then `rename` to `new_name`: the range, and the edited lines or the refusal.
async fn rename(servers: &mut Servers, marker: &str, new_name: &str) -> String {
    servers
        .each(Some(marker), async |client, case| {
            let prepared = request(client, "textDocument/prepareRename", case.at_cursor()).await;
            let mut params = case.at_cursor();
            params["newName"] = json!(new_name);
            let outcome = match client.request("textDocument/rename", params).await {
                Ok(edit) => {
                    let edits = case.doc.workspace_edits(&edit);
                    format!("{}{}", case.doc.render(&edit), case.doc.diff(&case.doc.apply(&edits)))
                }
                Err(error) => format!("refused: {error}\n"),
            };
            format!("prepared: {}{outcome}", case.doc.render(&prepared))
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rename_a_joint_or_refuse_an_existing_name() {
    let mut s = Servers::start("rename", WALKER, |_| {}).await;
    expect![[r#"
        prepared: 65:15-65:16 "頭"
        changes:
          <doc>:
            - newText: "首"
              range: 20:4-20:5 "頭"
            - newText: "首"
              range: 65:15-65:16 "頭"
            - newText: "首"
              range: 93:13-93:14 "頭"
            - newText: "首"
              range: 105:4-105:5 "頭"
            - newText: "首"
              range: 125:14-125:15 "頭"
        @@ -21 +21 @@
        -			"頭"
        +			"首"
        @@ -66 +66 @@
        -					BoneName="頭"
        +					BoneName="首"
        @@ -94 +94 @@
        -			NodeName="頭"
        +			NodeName="首"
        @@ -106 +106 @@
        -			"頭"
        +			"首"
        @@ -126 +126 @@
        -				NodeName="頭"
        +				NodeName="首"
    "#]]
    .assert_eq(&rename(&mut s, "BoneName=\"頭$0\"", "首").await);
    // The mesh, from the middle of its name.
    expect![[r#"
        prepared: 101:21-101:23 "胴体"
        changes:
          <doc>:
            - newText: "胴"
              range: 38:9-38:11 "胴体"
            - newText: "胴"
              range: 101:21-101:23 "胴体"
        @@ -39 +39 @@
        -			Name="胴体"
        +			Name="胴"
        @@ -102 +102 @@
        -		RenderingMeshName="胴体"
        +		RenderingMeshName="胴"
    "#]]
    .assert_eq(&rename(&mut s, "RenderingMeshName=\"胴$0体\"", "胴").await);
    expect![[r#"
        prepared: 93:13-93:14 "頭"
        refused: {"code":-32803,"message":"a bone or node named `腰` already exists (line 20)"}
    "#]]
    .assert_eq(&rename(&mut s, "NodeName=\"頭$0\"", "腰").await);
    // Not a name.
    let refused = s
        .each(Some("Vertex$0Count"), async |client, case| {
            let error = client.request("textDocument/prepareRename", case.at_cursor()).await.unwrap_err();
            format!("{error}")
        })
        .await;
    expect![[r#"{"code":-32803,"message":"nothing to rename here: place the cursor on a quoted name"}"#]]
        .assert_eq(&refused);
    s.shutdown().await;

    // A client taking versioned document changes.
    let mut s = Servers::start("rename-versioned", WALKER, |caps| {
        caps["workspace"]["workspaceEdit"] = json!({"documentChanges": true});
    })
    .await;
    expect![[r#"
        prepared: 9:8-9:12 "歩行ロボ"
        documentChanges:
          - edits:
              - newText: "ロボ"
                range: 9:8-9:12 "歩行ロボ"
            textDocument:
              uri: "<doc>"
              version: 1
        @@ -10 +10 @@
        -		Name="歩行ロボ"
        +		Name="ロボ"
    "#]]
    .assert_eq(&rename(&mut s, "Name=\"歩行$0ロボ\"", "ロボ").await);
    s.shutdown().await;
}

/// As an editor filters: what remains of the list after the text typed so far (issue 12, item 2:
/// `Tex` then omni completion in Neovim listed every key and inserted `Diffuse`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn completion_is_filtered_by_what_was_typed() {
    let typing = edit(WALKER, "\t\t\tFaceCount=1\n", "\t\t\tFaceCount=1\n\t\t\tTex\n");
    let typing = edit(&typing, "\t\t\t\"Texture1\"\n", "\t\t\t\"Tex\n");
    let typing = edit(&typing, "\t\tLoop=True", "\t\tLoop=T");
    let typing = edit(&typing, "\t\t\t\t\tBoneName=\"頭\"", "\t\t\t\t\tBoneName=\"頭");
    let mut s = Servers::start("complete-filtered", &typing, |_| {}).await;
    let mut filtered = async |marker: &str| {
        s.each(Some(marker), async |client, case| {
            let items = request(client, "textDocument/completion", case.at_cursor()).await;
            crate::lsp_support::view::filtered(case.doc, case.offset, &items)
        })
        .await
    };
    expect![[r#"
        typed "Tex", 8 of 10 items:
        Texture1UV → "Texture1UV {\n\t\t\t\t$0\n\t\t\t}"
        Texture2UV → "Texture2UV {\n\t\t\t\t$0\n\t\t\t}"
        Texture3UV → "Texture3UV {\n\t\t\t\t$0\n\t\t\t}"
        Texture4UV → "Texture4UV {\n\t\t\t\t$0\n\t\t\t}"
        Texture5UV → "Texture5UV {\n\t\t\t\t$0\n\t\t\t}"
        Texture6UV → "Texture6UV {\n\t\t\t\t$0\n\t\t\t}"
        Texture7UV → "Texture7UV {\n\t\t\t\t$0\n\t\t\t}"
        Texture8UV → "Texture8UV {\n\t\t\t\t$0\n\t\t\t}"
    "#]]
    .assert_eq(&filtered("\t\t\tTex$0\n").await);
    expect![[r#"
        typed "\"Tex", 9 of 10 items:
        "Texture" → "\"Texture\""
        "Texture1" → "\"Texture1\""
        "Texture2" → "\"Texture2\""
        "Texture3" → "\"Texture3\""
        "Texture4" → "\"Texture4\""
        "Texture5" → "\"Texture5\""
        "Texture6" → "\"Texture6\""
        "Texture7" → "\"Texture7\""
        "Texture8" → "\"Texture8\""
    "#]]
    .assert_eq(&filtered("\t\t\t\"Tex$0\n").await);
    expect![[r#"
        typed "T", 1 of 2 items:
        True → "True"
    "#]]
    .assert_eq(&filtered("\t\tLoop=T$0").await);
    expect![[r#"
        typed "\"頭", 1 of 2 items:
        "頭" → "\"頭\""
    "#]]
    .assert_eq(&filtered("BoneName=\"頭$0").await);
    s.shutdown().await;
}
