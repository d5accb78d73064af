//! Symbols, folding and selection ranges, semantic tokens, colours, inlay hints and formatting.

use std::fmt::Write as _;

use expect_test::expect;
use serde_json::{Value, json};

use crate::lsp_elem::{Servers, WALKER, cursor, edit};
use crate::lsp_support::TestClient;
use crate::lsp_support::view::{ClientDoc, line_spans};

async fn request(client: &TestClient, method: &str, params: Value) -> Value {
    client.request(method, params).await.unwrap_or_else(|e| panic!("{method} failed: {e}"))
}

/// A small broken model where tokens and diagnostics follow Japanese text and an astral
/// character (two UTF-16 units, four UTF-8 bytes) on their lines.
pub const WIDE: &str = "Elfreina Extension Model File
File Version 1.00
MeshDatas {
	MeshContainerCount=1
	MeshContainer {
		Name=\"歩行ロボ\"
		BoneCount=2
		MeshCount=0
		BoneNames {
			\"腰\" \"頭\"
		}
		Materials {
			MaterialCount=1
			Material {
				Name=\"装甲😀\" Diffuse=1.0:0.5:0.5:0.5
			}
		}
	}
}
";

/// The outline, one symbol per line: name, detail, kind, range and selection range.
fn render_symbols(doc: &ClientDoc, symbols: &Value) -> String {
    fn walk(doc: &ClientDoc, symbols: &Value, depth: usize, out: &mut String) {
        for s in symbols.as_array().expect("a list of symbols") {
            let (range, selection) = (doc.offsets(&s["range"]), doc.offsets(&s["selectionRange"]));
            assert!(range.0 <= selection.0 && selection.1 <= range.1, "selection outside the range: {s}");
            let detail = s.get("detail").map(|d| format!(" ({})", d.as_str().unwrap())).unwrap_or_default();
            writeln!(
                out,
                "{}{}{detail} [{}] {}, selects {}",
                "  ".repeat(depth),
                s["name"].as_str().unwrap(),
                s["kind"],
                doc.describe_range(&s["range"]),
                doc.describe_range(&s["selectionRange"])
            )
            .unwrap();
            if let Some(children) = s.get("children") {
                walk(doc, children, depth + 1, out);
            }
        }
    }
    let mut out = String::new();
    walk(doc, symbols, 0, &mut out);
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn document_symbols() {
    let mut s = Servers::start("symbols", WALKER, |_| {}).await;
    let symbols = s
        .each(None, async |client, case| {
            render_symbols(case.doc, &request(client, "textDocument/documentSymbol", case.document()).await)
        })
        .await;
    expect![[r#"
        Setting [3] 2:0-5:1 "Setting {"⏎…2 lines…⏎"}", selects 2:0-2:9 "Setting {"
        MeshDatas [3] 6:0-87:1 "MeshDatas {"⏎…80 lines…⏎"}", selects 6:0-6:11 "MeshDatas {"
          歩行ロボ (MeshContainer) [2] 8:1-86:2 "MeshContainer {"⏎…77 lines…⏎"\t}", selects 9:7-9:13 "\"歩行ロボ\""
            VertexFormat [18] 12:2-17:3 "VertexFormat {"⏎…4 lines…⏎"\t\t}", selects 12:2-12:16 "VertexFormat {"
            BoneNames [18] 18:2-21:3 "BoneNames {"⏎…2 lines…⏎"\t\t}", selects 18:2-18:13 "BoneNames {"
              腰 (bone 0) [8] 19:3-19:6 "\"腰\"", selects 19:3-19:6 "\"腰\""
              頭 (bone 1) [8] 20:3-20:6 "\"頭\"", selects 20:3-20:6 "\"頭\""
            OffsetMatrices [18] 22:2-25:3 "OffsetMatrices {"⏎…2 lines…⏎"\t\t}", selects 22:2-22:18 "OffsetMatrices {"
            Materials [3] 26:2-36:3 "Materials {"⏎…9 lines…⏎"\t\t}", selects 26:2-26:13 "Materials {"
              装甲 (Material) [19] 28:3-35:4 "Material {"⏎…6 lines…⏎"\t\t\t}", selects 29:9-29:13 "\"装甲\""
            胴体 (Mesh) [23] 37:2-85:3 "Mesh {"⏎…47 lines…⏎"\t\t}", selects 38:8-38:12 "\"胴体\""
              Positions [18] 41:3-46:4 "Positions {"⏎…4 lines…⏎"\t\t\t}", selects 41:3-41:14 "Positions {"
              Normals [18] 47:3-52:4 "Normals {"⏎…4 lines…⏎"\t\t\t}", selects 47:3-47:12 "Normals {"
              BlendList [3] 53:3-72:4 "BlendList {"⏎…18 lines…⏎"\t\t\t}", selects 53:3-53:14 "BlendList {"
                腰 (BlendPart) [8] 54:4-63:5 "BlendPart {"⏎…8 lines…⏎"\t\t\t\t}", selects 55:14-55:17 "\"腰\""
                  VertexBlend [18] 57:5-62:6 "VertexBlend {"⏎…4 lines…⏎"\t\t\t\t\t}", selects 57:5-57:18 "VertexBlend {"
                頭 (BlendPart) [8] 64:4-71:5 "BlendPart {"⏎…6 lines…⏎"\t\t\t\t}", selects 65:14-65:17 "\"頭\""
                  VertexBlend [18] 67:5-70:6 "VertexBlend {"⏎…2 lines…⏎"\t\t\t\t\t}", selects 67:5-67:18 "VertexBlend {"
              TextureUV [18] 73:3-78:4 "TextureUV {"⏎…4 lines…⏎"\t\t\t}", selects 73:3-73:14 "TextureUV {"
              VertexIndices [18] 79:3-81:4 "VertexIndices {"⏎…1 lines…⏎"\t\t\t}", selects 79:3-79:18 "VertexIndices {"
              Attributes [18] 82:3-84:4 "Attributes {"⏎…1 lines…⏎"\t\t\t}", selects 82:3-82:15 "Attributes {"
        HierarchyList [3] 88:0-97:1 "HierarchyList {"⏎…8 lines…⏎"}", selects 88:0-88:15 "HierarchyList {"
          腰 (Node) [5] 89:1-96:2 "Node {"⏎…6 lines…⏎"\t}", selects 90:11-90:14 "\"腰\""
            頭 (Node) [5] 92:2-95:3 "Node {"⏎…2 lines…⏎"\t\t}", selects 93:12-93:15 "\"頭\""
        RenderingMeshList [3] 98:0-108:1 "RenderingMeshList {"⏎…9 lines…⏎"}", selects 98:0-98:19 "RenderingMeshList {"
          胴体 (RenderingMesh) [23] 100:1-107:2 "RenderingMesh {"⏎…6 lines…⏎"\t}", selects 101:20-101:24 "\"胴体\""
            HierarchyNames [18] 103:2-106:3 "HierarchyNames {"⏎…2 lines…⏎"\t\t}", selects 103:2-103:18 "HierarchyNames {"
        AnimationList [3] 109:0-149:1 "AnimationList {"⏎…39 lines…⏎"}", selects 109:0-109:15 "AnimationList {"
          うなずき (AnimationData) [12] 111:1-148:2 "AnimationData {"⏎…36 lines…⏎"\t}", selects 112:16-112:22 "\"うなずき\""
            BoneAnimation [3] 118:2-147:3 "BoneAnimation {"⏎…28 lines…⏎"\t\t}", selects 118:2-118:17 "BoneAnimation {"
              TimeKeys [18] 119:3-123:4 "TimeKeys {"⏎…3 lines…⏎"\t\t\t}", selects 119:3-119:13 "TimeKeys {"
              頭 (AnimationPart) [24] 124:3-146:4 "AnimationPart {"⏎…21 lines…⏎"\t\t\t}", selects 125:13-125:16 "\"頭\""
                TimeKeys [18] 126:4-130:5 "TimeKeys {"⏎…3 lines…⏎"\t\t\t\t}", selects 126:4-126:14 "TimeKeys {"
                TransKeys [18] 131:4-135:5 "TransKeys {"⏎…3 lines…⏎"\t\t\t\t}", selects 131:4-131:15 "TransKeys {"
                RotateKeys [18] 136:4-140:5 "RotateKeys {"⏎…3 lines…⏎"\t\t\t\t}", selects 136:4-136:16 "RotateKeys {"
                ScaleKeys [18] 141:4-145:5 "ScaleKeys {"⏎…3 lines…⏎"\t\t\t\t}", selects 141:4-141:15 "ScaleKeys {"
    "#]].assert_eq(&symbols);
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn folding_ranges_are_whole_lines_in_every_line_ending() {
    let mut s = Servers::start("folding", WALKER, |_| {}).await;
    let folds = s
        .each(None, async |client, case| {
            let folds = request(client, "textDocument/foldingRange", case.document()).await;
            let lines: Vec<&str> = line_spans(&case.doc.text).into_iter().map(|(s, e)| &case.doc.text[s..e]).collect();
            let mut out = String::new();
            for fold in folds.as_array().unwrap() {
                let keys: Vec<&str> = fold.as_object().unwrap().keys().map(String::as_str).collect();
                assert!(keys.iter().all(|k| ["startLine", "endLine", "kind"].contains(k)), "{fold}");
                let (start, end) = (fold["startLine"].as_u64().unwrap(), fold["endLine"].as_u64().unwrap());
                let kind = fold.get("kind").map(|k| format!(" {k}")).unwrap_or_default();
                let text = |line: u64| lines[line as usize].trim_start_matches('\u{feff}').trim();
                writeln!(out, "{start}-{end}{kind}: {} … {}", text(start), text(end)).unwrap();
            }
            out
        })
        .await;
    expect![[r#"
        2-4: Setting { … LoadType="View"
        6-86: MeshDatas { … }
        8-85: MeshContainer { … }
        12-16: VertexFormat { … "Texture1"
        18-20: BoneNames { … "頭"
        22-24: OffsetMatrices { … 1.000000:0.000000:0.000000:0.000000:0.000000:1.000000:0.000000:0.000000:0.000000:0.000000:1.000000:0.000000:0.000000:-1.000000:0.000000:1.000000
        26-35: Materials { … }
        28-34: Material { … SpecularSharpness=20.000000
        37-84: Mesh { … }
        41-45: Positions { … -0.500000:1.500000:0.000000
        47-51: Normals { … 0.000000:0.000000:-1.000000
        53-71: BlendList { … }
        54-62: BlendPart { … }
        57-61: VertexBlend { … 3,0.400000
        64-70: BlendPart { … }
        67-69: VertexBlend { … 3,0.600000
        73-77: TextureUV { … 0.000000:0.000000
        79-80: VertexIndices { … 4,0:3:2:1
        82-83: Attributes { … 0
        88-96: HierarchyList { … }
        89-95: Node { … }
        92-94: Node { … InitPostureMatrix=1.000000:0.000000:0.000000:0.000000:0.000000:1.000000:0.000000:0.000000:0.000000:0.000000:1.000000:0.000000:0.000000:1.000000:0.000000:1.000000
        98-107: RenderingMeshList { … }
        100-106: RenderingMesh { … }
        103-105: HierarchyNames { … "頭"
        109-148: AnimationList { … }
        111-147: AnimationData { … }
        118-146: BoneAnimation { … }
        119-122: TimeKeys { … 1.000000
        124-145: AnimationPart { … }
        126-129: TimeKeys { … 1.000000
        131-134: TransKeys { … 0.000000:0.000000:0.000000
        136-139: RotateKeys { … 0.000000:0.000000:0.000000:1.000000
        141-144: ScaleKeys { … 1.000000:1.000000:1.000000
    "#]].assert_eq(&folds);
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn selection_ranges_grow_from_a_name_and_a_number() {
    let mut s = Servers::start("selection", WALKER, |_| {}).await;
    for (marker, expected) in [
        (
            "BoneName=\"腰$0\"",
            expect![[r#"
            55:15-55:16 "腰"
            55:14-55:17 "\"腰\""
            55:5-55:17 "BoneName=\"腰\""
            55:5-62:6 "BoneName=\"腰\""⏎…6 lines…⏎"\t\t\t\t\t}"
            54:4-63:5 "BlendPart {"⏎…8 lines…⏎"\t\t\t\t}"
            54:4-71:5 "BlendPart {"⏎…16 lines…⏎"\t\t\t\t}"
            53:3-72:4 "BlendList {"⏎…18 lines…⏎"\t\t\t}"
            38:3-84:4 "Name=\"胴体\""⏎…45 lines…⏎"\t\t\t}"
            37:2-85:3 "Mesh {"⏎…47 lines…⏎"\t\t}"
            9:2-85:3 "Name=\"歩行ロボ\""⏎…75 lines…⏎"\t\t}"
            8:1-86:2 "MeshContainer {"⏎…77 lines…⏎"\t}"
            7:1-86:2 "MeshContainerCount=1"⏎…78 lines…⏎"\t}"
            6:0-87:1 "MeshDatas {"⏎…80 lines…⏎"}"
            0:0-150:0 "Elfreina Extension Model File"⏎…149 lines…⏎""
        "#]],
        ),
        (
            "Diffuse=1.000000:0.7$00",
            expect![[r#"
            30:21-30:29 "0.700000"
            30:12-30:47 "1.000000:0.700000:0.720000:0.750000"
            30:4-30:47 "Diffuse=1.000000:0.700000:0.720000:0.750000"
            29:4-34:31 "Name=\"装甲\""⏎…4 lines…⏎"\t\t\t\tSpecularSharpness=20.000000"
            28:3-35:4 "Material {"⏎…6 lines…⏎"\t\t\t}"
            27:3-35:4 "MaterialCount=1"⏎…7 lines…⏎"\t\t\t}"
            26:2-36:3 "Materials {"⏎…9 lines…⏎"\t\t}"
            9:2-85:3 "Name=\"歩行ロボ\""⏎…75 lines…⏎"\t\t}"
            8:1-86:2 "MeshContainer {"⏎…77 lines…⏎"\t}"
            7:1-86:2 "MeshContainerCount=1"⏎…78 lines…⏎"\t}"
            6:0-87:1 "MeshDatas {"⏎…80 lines…⏎"}"
            0:0-150:0 "Elfreina Extension Model File"⏎…149 lines…⏎""
        "#]],
        ),
    ] {
        let chain = s
            .each(Some(marker), async |client, case| {
                let params = json!({"textDocument": {"uri": case.doc.uri}, "positions": [case.at]});
                let answer = request(client, "textDocument/selectionRange", params).await;
                let mut out = String::new();
                let mut next = Some(&answer[0]);
                while let Some(range) = next {
                    writeln!(out, "{}", case.doc.describe_range(&range["range"])).unwrap();
                    next = range.get("parent");
                }
                out
            })
            .await;
        expected.assert_eq(&chain);
    }
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn semantic_tokens_are_measured_in_the_negotiated_units() {
    let mut s = Servers::start("tokens-wide", WIDE, |_| {}).await;
    let tokens = s
        .each(None, async |client, case| {
            let tokens = request(client, "textDocument/semanticTokens/full", case.document()).await;
            case.doc.decode_tokens(&tokens["data"], case.legend())
        })
        .await;
    expect![[r#"
        0:0-0:8 "Elfreina" keyword
        0:9-0:18 "Extension" keyword
        0:19-0:24 "Model" keyword
        0:25-0:29 "File" keyword
        1:0-1:4 "File" keyword
        1:5-1:12 "Version" keyword
        1:13-1:17 "1.00" number
        2:0-2:9 "MeshDatas" namespace
        3:1-3:19 "MeshContainerCount" property
        3:20-3:21 "1" number
        4:1-4:14 "MeshContainer" namespace
        5:2-5:6 "Name" property
        5:7-5:13 "\"歩行ロボ\"" variable +declaration +definition
        6:2-6:11 "BoneCount" property
        6:12-6:13 "2" number
        7:2-7:11 "MeshCount" property
        7:12-7:13 "0" number
        8:2-8:11 "BoneNames" namespace
        9:3-9:6 "\"腰\"" string
        9:7-9:10 "\"頭\"" string
        11:2-11:11 "Materials" namespace
        12:3-12:16 "MaterialCount" property
        12:17-12:18 "1" number
        13:3-13:11 "Material" namespace
        14:4-14:8 "Name" property
        14:9-14:15 "\"装甲😀\"" string
        14:24-14:27 "1.0" number
        14:28-14:31 "0.5" number
        14:32-14:35 "0.5" number
        14:36-14:39 "0.5" number
    "#]]
    .assert_eq(&tokens);
    s.shutdown().await;

    // The whole example decodes to the same tokens in every encoding; shown: those on lines with
    // Japanese text.
    let mut s = Servers::start("tokens", WALKER, |_| {}).await;
    let tokens = s
        .each(None, async |client, case| {
            let tokens = request(client, "textDocument/semanticTokens/full", case.document()).await;
            let decoded = case.doc.decode_tokens(&tokens["data"], case.legend());
            let count = decoded.lines().count();
            let wide: Vec<&str> = decoded.lines().filter(|l| !l.is_ascii()).collect();
            format!("{count} tokens; on lines with Japanese:\n{}\n", wide.join("\n"))
        })
        .await;
    expect![[r#"
        279 tokens; on lines with Japanese:
        9:7-9:13 "\"歩行ロボ\"" variable +declaration +definition
        19:3-19:6 "\"腰\"" variable +declaration +definition
        20:3-20:6 "\"頭\"" variable +declaration +definition
        29:9-29:13 "\"装甲\"" variable +declaration +definition
        38:8-38:12 "\"胴体\"" variable +declaration +definition
        55:14-55:17 "\"腰\"" variable
        65:14-65:17 "\"頭\"" variable
        90:11-90:14 "\"腰\"" variable +declaration +definition
        93:12-93:15 "\"頭\"" variable +declaration +definition
        101:20-101:24 "\"胴体\"" variable
        104:3-104:6 "\"腰\"" variable
        105:3-105:6 "\"頭\"" variable
        112:16-112:22 "\"うなずき\"" variable +declaration +definition
        125:13-125:16 "\"頭\"" variable
    "#]]
    .assert_eq(&tokens);
    s.shutdown().await;
}

/// Presenting each colour of the document as it is gives back its text unchanged.
async fn presenting_each_colour_as_it_is_changes_nothing(client: &TestClient, doc: &ClientDoc, colours: &Value) {
    for info in colours.as_array().unwrap() {
        let params = json!({"textDocument": {"uri": doc.uri}, "range": info["range"], "color": info["color"]});
        let same = request(client, "textDocument/colorPresentation", params).await;
        let (start, end) = doc.offsets(&info["range"]);
        assert_eq!(same[0]["textEdit"]["newText"], doc.text[start..end], "{same}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn colours_and_presentations_round_trip() {
    let mut s = Servers::start("colours", WALKER, |_| {}).await;
    let colours = s
        .each(None, async |client, case| {
            let colours = request(client, "textDocument/documentColor", case.document()).await;
            let mut out = case.doc.render(&colours);
            presenting_each_colour_as_it_is_changes_nothing(client, case.doc, &colours).await;
            // A new colour for the first one.
            let params = json!({
                "textDocument": {"uri": case.doc.uri},
                "range": colours[0]["range"],
                "color": {"red": 0.25, "green": 0.5, "blue": 1.0, "alpha": 0.125},
            });
            let picked = request(client, "textDocument/colorPresentation", params).await;
            out.push_str(&case.doc.render(&picked));
            let edit = &picked[0];
            let mut edits = vec![edit["textEdit"].clone()];
            edits.extend(edit.get("additionalTextEdits").and_then(Value::as_array).cloned().unwrap_or_default());
            out + &case.doc.diff(&case.doc.apply(&edits))
        })
        .await;
    expect![[r#"
        - color:
            alpha: 1.0
            blue: 0.75
            green: 0.7200000286102295
            red: 0.699999988079071
          range: 30:12-30:47 "1.000000:0.700000:0.720000:0.750000"
        - color:
            alpha: 1.0
            blue: 0.30000001192092896
            green: 0.30000001192092896
            red: 0.30000001192092896
          range: 31:12-31:47 "1.000000:0.300000:0.300000:0.300000"
        - color:
            alpha: 1.0
            blue: 0.0
            green: 0.0
            red: 0.0
          range: 32:13-32:48 "1.000000:0.000000:0.000000:0.000000"
        - color:
            alpha: 1.0
            blue: 0.5
            green: 0.5
            red: 0.5
          range: 33:13-33:48 "1.000000:0.500000:0.500000:0.500000"
        - label: "0.125000:0.250000:0.500000:1.000000"
          textEdit:
            newText: "0.125000:0.250000:0.500000:1.000000"
            range: 30:12-30:47 "1.000000:0.700000:0.720000:0.750000"
        @@ -31 +31 @@
        -				Diffuse=1.000000:0.700000:0.720000:0.750000
        +				Diffuse=0.125000:0.250000:0.500000:1.000000
    "#]]
    .assert_eq(&colours);
    s.shutdown().await;

    // Written in other notations: more decimals than a 32-bit float keeps (LSP colours are
    // 32-bit), mixed decimals, and a value out of range (shown clamped).
    let text = edit(WALKER, "Diffuse=1.000000:0.700000:0.720000:0.750000", "Diffuse=1:0.123456789:0.5:0.25");
    let text = edit(&text, "Ambient=1.000000:0.300000:0.300000:0.300000", "Ambient=1.0:0.3:0.3:1.5");
    let mut s = Servers::start("colours-written", &text, |_| {}).await;
    s.each(None, async |client, case| {
        let colours = request(client, "textDocument/documentColor", case.document()).await;
        presenting_each_colour_as_it_is_changes_nothing(client, case.doc, &colours).await;
        String::new()
    })
    .await;
    s.shutdown().await;
}

/// Each hint as its position, label and other fields, then its line with the label written in.
fn render_hints(doc: &ClientDoc, hints: &Value) -> String {
    let mut out = String::new();
    for hint in hints.as_array().unwrap() {
        let at = doc.offset(&hint["position"]);
        let (line_start, line_end) = {
            let start = doc.text[..at].rfind(['\n', '\r']).map_or(0, |i| i + 1);
            let end = doc.text[at..].find(['\n', '\r']).map_or(doc.text.len(), |i| at + i);
            (start, end)
        };
        let mut fields = hint.as_object().unwrap().clone();
        fields.remove("position");
        let label = fields.remove("label").unwrap();
        let line = format!("{}⟨{}⟩{}", &doc.text[line_start..at], label.as_str().unwrap(), &doc.text[at..line_end]);
        writeln!(out, "{} {}", doc.describe_position(&hint["position"]), Value::Object(fields)).unwrap();
        writeln!(out, "    {}", line.trim_start_matches('\u{feff}').trim()).unwrap();
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn inlay_hints_in_the_whole_document_and_in_a_range() {
    let mut s = Servers::start("inlay", WALKER, |_| {}).await;
    let everywhere = s
        .each(None, async |client, case| {
            let end = case.doc.position(case.doc.text.len());
            let params = json!({"textDocument": {"uri": case.doc.uri}, "range": {"start": case.at, "end": end}});
            render_hints(case.doc, &request(client, "textDocument/inlayHint", params).await)
        })
        .await;
    expect![[r#"
        19:3 {"kind":2,"paddingLeft":false,"paddingRight":true,"tooltip":"bone 0"}
            ⟨[0]⟩"腰"
        20:3 {"kind":2,"paddingLeft":false,"paddingRight":true,"tooltip":"bone 1"}
            ⟨[1]⟩"頭"
        23:3 {"kind":2,"paddingLeft":false,"paddingRight":true,"tooltip":"offset matrix of bone 0 \"腰\""}
            ⟨[0]⟩1.000000:0.000000:0.000000:0.000000:0.000000:1.000000:0.000000:0.000000:0.000000:0.000000:1.000000:0.000000:0.000000:0.000000:0.000000:1.000000
        24:3 {"kind":2,"paddingLeft":false,"paddingRight":true,"tooltip":"offset matrix of bone 1 \"頭\""}
            ⟨[1]⟩1.000000:0.000000:0.000000:0.000000:0.000000:1.000000:0.000000:0.000000:0.000000:0.000000:1.000000:0.000000:0.000000:-1.000000:0.000000:1.000000
        28:3 {"kind":2,"paddingLeft":false,"paddingRight":true,"tooltip":"material 0"}
            ⟨[0]⟩Material {
        56:21 {"kind":1,"paddingLeft":true,"paddingRight":false,"tooltip":"bone 0 \"腰\""}
            TransformIndex=0⟨→ 腰⟩
        66:21 {"kind":1,"paddingLeft":true,"paddingRight":false,"tooltip":"bone 1 \"頭\""}
            TransformIndex=1⟨→ 頭⟩
        83:5 {"kind":1,"paddingLeft":true,"paddingRight":false,"tooltip":"material 0 \"装甲\""}
            0⟨→ 装甲⟩
        120:12 {"kind":1,"paddingLeft":true,"paddingRight":false,"tooltip":"0 × AnimationTime 1000 ms"}
            0.000000⟨0 ms⟩
        121:12 {"kind":1,"paddingLeft":true,"paddingRight":false,"tooltip":"0.5 × AnimationTime 1000 ms"}
            0.500000⟨500 ms⟩
        122:12 {"kind":1,"paddingLeft":true,"paddingRight":false,"tooltip":"1 × AnimationTime 1000 ms"}
            1.000000⟨1000 ms⟩
        127:13 {"kind":1,"paddingLeft":true,"paddingRight":false,"tooltip":"0 × AnimationTime 1000 ms"}
            0.000000⟨0 ms⟩
        128:13 {"kind":1,"paddingLeft":true,"paddingRight":false,"tooltip":"0.5 × AnimationTime 1000 ms"}
            0.500000⟨500 ms⟩
        129:13 {"kind":1,"paddingLeft":true,"paddingRight":false,"tooltip":"1 × AnimationTime 1000 ms"}
            1.000000⟨1000 ms⟩
    "#]].assert_eq(&everywhere);
    // From just after a Japanese name to the end of the next line.
    let in_range = s
        .each(Some("BoneName=\"頭$0\""), async |client, case| {
            let next_line_end = cursor(&case.doc.text[case.offset..], "TransformIndex=1$0") + case.offset;
            let range = case.doc.range(case.offset, next_line_end);
            let params = json!({"textDocument": {"uri": case.doc.uri}, "range": range});
            render_hints(case.doc, &request(client, "textDocument/inlayHint", params).await)
        })
        .await;
    expect![[r#"
        66:21 {"kind":1,"paddingLeft":true,"paddingRight":false,"tooltip":"bone 1 \"頭\""}
            TransformIndex=1⟨→ 頭⟩
    "#]]
    .assert_eq(&in_range);
    s.shutdown().await;
}

/// The example with its layout spoilt: spaces for tabs and around `=` and `,`, trailing blanks
/// after Japanese text, a blank line after `{` and `Mesh{`.
fn messy_walker() -> String {
    let text = edit(WALKER, "\t\tName=\"歩行ロボ\"\n", "    Name = \"歩行ロボ\"   \n");
    let text = edit(&text, "\t\t\tName=\"胴体\"\n", "\t\t\tName=\"胴体\"\t\n");
    let text = edit(&text, "\tLoadType=\"View\"\n", "  LoadType= \"View\"\n");
    let text = edit(&text, "\t\tMesh {\n", "\t\tMesh{\n");
    let text = edit(&text, "MeshDatas {\n", "MeshDatas {\n\n");
    let text = edit(&text, "\t\t\t\t\t\t2,0.600000\n", "\t\t\t\t\t\t2 , 0.600000\n");
    edit(&text, "\t\tAnimationName=\"うなずき\"\n", "\t\tAnimationName=\"うなずき\"  \n")
}

/// "Format Selection": from just after a Japanese name (`Name = "歩行ロボ"` spoilt) to the start of
/// the `Mesh{` line, the lines touched and no other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn range_formatting_changes_the_selected_lines_only() {
    let mut s = Servers::start("format-range", &messy_walker(), |_| {}).await;
    let formatted = s
        .each(Some("Name = \"歩行ロボ$0\""), async |client, case| {
            let end = cursor(&case.doc.text, "$0\t\tMesh{");
            let range = case.doc.range(case.offset, end);
            let params = json!({"textDocument": {"uri": case.doc.uri}, "range": range, "options": {"tabSize": 4, "insertSpaces": false}});
            let edits = request(client, "textDocument/rangeFormatting", params).await;
            let edits = edits.as_array().expect("edits");
            let result = case.doc.apply(edits);
            format!("{} edits\n{}", edits.len(), case.doc.diff(&result))
        })
        .await;
    expect![[r#"
        1 edits
        @@ -11 +11 @@
        -    Name = "歩行ロボ"···
        +		Name="歩行ロボ"
    "#]]
    .assert_eq(&formatted);
    s.shutdown().await;
}

/// A client that registers formatting dynamically (VS Code, Neovim) gets it for `.elem`
/// documents only, so that a JSON file keeps its one formatter (VS Code asks which to use when a
/// language has two, and formats nothing); other clients get it announced in the capabilities.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn formatting_is_registered_for_elem_documents_where_the_client_registers() {
    let mut caps = crate::lsp_support::capabilities(None);
    caps["textDocument"]["formatting"] = json!({"dynamicRegistration": true});
    caps["textDocument"]["rangeFormatting"] = json!({"dynamicRegistration": true});
    let (mut client, result) = TestClient::initialized(rigls_lsp::Options::default(), caps, Value::Null).await;
    let announced = &result["capabilities"];
    assert_eq!(
        (&announced["documentFormattingProvider"], &announced["documentRangeFormattingProvider"]),
        (&Value::Null, &Value::Null)
    );
    let registration = client.receive("a registration", |m| m["method"] == "client/registerCapability").await;
    let selector = json!({"documentSelector": [{"language": "elem"}, {"pattern": "**/*.elem"}]});
    assert_eq!(
        registration["params"],
        json!({"registrations": [
            {"id": "rigls/formatting", "method": "textDocument/formatting", "registerOptions": selector},
            {"id": "rigls/range-formatting", "method": "textDocument/rangeFormatting", "registerOptions": selector},
        ]})
    );
    client.shutdown().await;
    let (client, result) =
        TestClient::initialized(rigls_lsp::Options::default(), crate::lsp_support::capabilities(None), Value::Null)
            .await;
    let announced = &result["capabilities"];
    assert_eq!(
        (&announced["documentFormattingProvider"], &announced["documentRangeFormattingProvider"]),
        (&json!(true), &json!(true))
    );
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn formatting_restores_the_example_keeping_line_breaks_and_bom() {
    let mut s = Servers::start("format", &messy_walker(), |_| {}).await;
    let formatted = s
        .each(None, async |client, case| {
            let params =
                json!({"textDocument": {"uri": case.doc.uri}, "options": {"tabSize": 4, "insertSpaces": true}});
            let edits = request(client, "textDocument/formatting", params).await;
            let edits = edits.as_array().expect("edits");
            let result = case.doc.apply(edits);
            assert_eq!(result, case.variant.text(WALKER), "formatting gives the example back exactly");
            format!("{} edits\n{}", edits.len(), case.doc.diff(&result))
        })
        .await;
    expect![[r#"
        7 edits
        @@ -5 +5 @@
        -  LoadType= "View"
        +	LoadType="View"
        @@ -8 +7,0 @@
        -
        @@ -11 +10 @@
        -    Name = "歩行ロボ"···
        +		Name="歩行ロボ"
        @@ -39,2 +38,2 @@
        -		Mesh{
        -			Name="胴体"→
        +		Mesh {
        +			Name="胴体"
        @@ -70 +69 @@
        -						2 , 0.600000
        +						2,0.600000
        @@ -114 +113 @@
        -		AnimationName="うなずき"··
        +		AnimationName="うなずき"
    "#]]
    .assert_eq(&formatted);
    s.shutdown().await;

    // A formatted file needs no edits; a file with syntax errors is not formatted.
    for (name, text, expected) in [("formatted", WALKER, json!([])), ("syntax", WIDE, Value::Null)] {
        let mut s = Servers::start(name, text, |_| {}).await;
        s.each(None, async |client, case| {
            let params =
                json!({"textDocument": {"uri": case.doc.uri}, "options": {"tabSize": 4, "insertSpaces": false}});
            assert_eq!(request(client, "textDocument/formatting", params).await, expected, "{name}");
            String::new()
        })
        .await;
        s.shutdown().await;
    }
}
