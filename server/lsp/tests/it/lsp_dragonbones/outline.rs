//! Document symbols, folding and selection ranges, semantic tokens, colours and inlay hints.

use std::fmt::Write as _;

use expect_test::expect;
use serde_json::{Value, json};

use crate::lsp_dragonbones::{ATLAS, SKELETON, Servers, minified, request};
use crate::lsp_support::view::ClientDoc;

pub fn render_symbols(doc: &ClientDoc, symbols: &Value) -> String {
    fn walk(doc: &ClientDoc, symbols: &Value, depth: usize, out: &mut String) {
        for s in symbols.as_array().unwrap() {
            let (start, end) = doc.offsets(&s["range"]);
            let (sel_start, sel_end) = doc.offsets(&s["selectionRange"]);
            assert!(start <= sel_start && sel_end <= end, "selection outside the range: {s}");
            let detail = s["detail"].as_str().map(|d| format!(" ({d})")).unwrap_or_default();
            writeln!(
                out,
                "{}{}{detail} {}",
                "  ".repeat(depth),
                s["name"].as_str().unwrap(),
                doc.describe(sel_start, sel_end)
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
async fn symbols_and_folding() {
    let mut s = Servers::start("outline", SKELETON, ATLAS).await;
    let symbols = s
        .each(None, async |client, case| {
            render_symbols(case.doc, &request(client, "textDocument/documentSymbol", case.document()).await)
        })
        .await;
    expect![[r#"
        勇者 (armature) 7:11-7:15 "\"勇者\""
          bone (4 bones) 10:3-10:9 "\"bone\""
            根 11:14-11:17 "\"根\""
              体 (on 根) 12:14-12:17 "\"体\""
                頭 (on 体) 13:14-13:17 "\"頭\""
                腕 (on 体) 14:14-14:17 "\"腕\""
          slot (3 slots) 16:3-16:9 "\"slot\""
            体 (on 体) 17:14-17:17 "\"体\""
            頭 (on 頭) 18:14-18:17 "\"頭\""
            マント (on 体) 19:14-19:19 "\"マント\""
          skin (1 skin) 21:3-21:9 "\"skin\""
            default (skin) 22:4-22:5 "{"
              体 (skin slot) 25:16-25:19 "\"体\""
                体 (image) 25:43-25:46 "\"体\""
              頭 (skin slot) 26:16-26:19 "\"頭\""
                頭 (image) 26:43-26:46 "\"頭\""
                頭_怒り (image) 26:60-26:66 "\"頭_怒り\""
              マント (skin slot) 28:15-28:20 "\"マント\""
                マント (mesh) 32:17-32:22 "\"マント\""
          ik (1 constraint) 46:3-46:7 "\"ik\""
            腕IK (IK constraint) 46:20-46:25 "\"腕IK\""
          animation (1 animation) 47:3-47:14 "\"animation\""
            待機 (20 frames) 49:13-49:17 "\"待機\""
              (action timeline) (1 key frame) 52:5-52:12 "\"frame\""
              (zOrder timeline) (2 key frames) 53:5-53:13 "\"zOrder\""
              頭 (bone timeline · 2 key frames) 55:16-55:19 "\"頭\""
              頭 (slot timeline · 3 key frames) 59:15-59:18 "\"頭\""
              マント (deform timeline · 1 key frame) 64:23-64:28 "\"マント\""
    "#]]
    .assert_eq(&symbols);
    let atlas = s
        .each(None, async |client, case| {
            let params = json!({"textDocument": {"uri": case.atlas.uri}});
            render_symbols(case.atlas, &request(client, "textDocument/documentSymbol", params).await)
        })
        .await;
    expect![[r#"
        勇者 (atlas 勇者_tex.png) 1:9-1:13 "\"勇者\""
          parts/体 (64×96 at (0, 0)) 6:12-6:21 "\"parts/体\""
          頭 (48×48 at (64, 0)) 7:12-7:15 "\"頭\""
          parts/頭_怒り (48×48 at (112, 0)) 8:12-8:24 "\"parts/頭_怒り\""
          parts/マント (64×64 at (0, 96)) 9:12-9:23 "\"parts/マント\""
    "#]]
    .assert_eq(&atlas);
    let folds = s
        .each(None, async |client, case| {
            let folds = request(client, "textDocument/foldingRange", case.document()).await;
            folds.as_array().unwrap().iter().map(|f| format!("{}-{}\n", f["startLine"], f["endLine"])).collect()
        })
        .await;
    expect![[r#"
        0-69
        5-68
        6-67
        10-14
        16-19
        21-44
        22-43
        24-42
        27-41
        29-40
        30-39
        47-65
        48-64
        54-55
        57-62
        58-61
    "#]]
    .assert_eq(&folds);
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_minified_skeleton_has_symbols_but_no_folds() {
    let mut s = Servers::start("outline-minified", &minified(), ATLAS).await;
    let answer = s
        .each(None, async |client, case| {
            let symbols = request(client, "textDocument/documentSymbol", case.document()).await;
            let folds = request(client, "textDocument/foldingRange", case.document()).await;
            let first = &symbols[0]["children"][0]["children"][0];
            format!("{} {}\nfolds: {folds}\n", first["name"], case.doc.describe_range(&first["selectionRange"]))
        })
        .await;
    expect![[r#"
        "根" 0:552-0:555 "\"根\""
        folds: []
    "#]]
    .assert_eq(&answer);
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn selection_ranges_grow_from_a_name() {
    let mut s = Servers::start("selection", SKELETON, ATLAS).await;
    let ranges = s
        .each(Some("\"parent\": \"根$0\", \"length\""), async |client, case| {
            let params = json!({"textDocument": {"uri": case.doc.uri}, "positions": [case.at]});
            let mut answer = request(client, "textDocument/selectionRange", params).await[0].clone();
            let mut out = String::new();
            for _ in 0..6 {
                writeln!(out, "{}", case.doc.describe_range(&answer["range"])).unwrap();
                answer = answer["parent"].clone();
            }
            out
        })
        .await;
    expect![[r#"
        12:30-12:31 "根"
        12:29-12:32 "\"根\""
        12:19-12:32 "\"parent\": \"根\""
        12:6-12:46 "\"name\": \"体\", \"parent\": \"根\", \"length\": 40"
        12:4-12:48 "{ \"name\": \"体\", \"parent\": \"根\", \"length\": 40 }"
        11:4-14:34 "{ \"name\": \"根\" },"⏎…2 lines…⏎"\t\t\t\t{ \"name\": \"腕\", \"parent\": \"体\" }"
    "#]]
    .assert_eq(&ranges);
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn semantic_tokens_in_the_negotiated_units() {
    let mut s = Servers::start("tokens", SKELETON, ATLAS).await;
    let tokens = s
        .each(None, async |client, case| {
            let answer = request(client, "textDocument/semanticTokens/full", case.document()).await;
            let decoded = case.doc.decode_tokens(&answer["data"], case.legend());
            // The bones' lines.
            decoded.lines().filter(|l| l.starts_with("11:") || l.starts_with("12:")).map(|l| format!("{l}\n")).collect()
        })
        .await;
    expect![[r#"
        11:6-11:12 "\"name\"" property
        11:14-11:17 "\"根\"" variable +declaration +definition
        12:6-12:12 "\"name\"" property
        12:14-12:17 "\"体\"" variable +declaration +definition
        12:19-12:27 "\"parent\"" property
        12:29-12:32 "\"根\"" variable
        12:34-12:42 "\"length\"" property
        12:44-12:46 "40" number
    "#]]
    .assert_eq(&tokens);
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn colours_and_a_picked_colour_written_back() {
    let mut s = Servers::start("colours", SKELETON, ATLAS).await;
    let colours = s
        .each(None, async |client, case| {
            let colours = request(client, "textDocument/documentColor", case.document()).await;
            let mut out = case.render(&colours);
            let params = json!({
                "textDocument": {"uri": case.doc.uri},
                "range": colours[1]["range"],
                "color": {"red": 1.0, "green": 0.2, "blue": 0.4, "alpha": 0.5},
            });
            let presentations = request(client, "textDocument/colorPresentation", params).await;
            let p = &presentations[0];
            let mut edits = vec![p["textEdit"].clone()];
            edits.extend(p["additionalTextEdits"].as_array().cloned().unwrap_or_default());
            writeln!(out, "picked: {}", p["label"]).unwrap();
            out.push_str(&case.doc.diff(&case.doc.apply(&edits)));
            out
        })
        .await;
    expect![[r#"
        - color:
            alpha: 1.0
            blue: 0.0
            green: 0.501960813999176
            red: 1.0
          range: 9:69-9:77 "16744448"
        - color:
            alpha: 0.5
            blue: 0.800000011920929
            green: 0.800000011920929
            red: 1.0
          range: 17:43-17:86 "{ \"aM\": 50, \"rM\": 100, \"gM\": 80, \"bM\": 80 }"
        - color:
            alpha: 1.0
            blue: 1.0
            green: 1.0
            red: 0.656862735748291
          range: 61:49-61:71 "{ \"rM\": 50, \"rO\": 40 }"
        picked: "{\"aM\": 50, \"rM\": 100, \"gM\": 20, \"bM\": 40}"
        @@ -18 +18 @@
        -				{ "name": "体", "parent": "体", "color": { "aM": 50, "rM": 100, "gM": 80, "bM": 80 } },
        +				{ "name": "体", "parent": "体", "color": { "aM": 50, "rM": 100, "gM": 20, "bM": 40 } },
    "#]]
    .assert_eq(&colours);
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn inlay_hints_of_a_range() {
    let mut s = Servers::start("inlay", SKELETON, ATLAS).await;
    let hints = s
        .each(Some("\"weights\"$0"), async |client, case| {
            let end = case.doc.text[case.offset..].find("\"slotPose\"").unwrap() + case.offset;
            let params = json!({"textDocument": {"uri": case.doc.uri}, "range": case.doc.range(case.offset, end)});
            let hints = request(client, "textDocument/inlayHint", params).await;
            hints
                .as_array()
                .unwrap()
                .iter()
                .map(|h| format!("{} {}\n", case.doc.describe_position(&h["position"]), h["label"]))
                .collect()
        })
        .await;
    expect![[r#"
        37:25 "→ 体"
        37:34 "→ 体"
        37:42 "→ 腕"
        37:53 "→ 腕"
    "#]]
    .assert_eq(&hints);
    s.shutdown().await;
}
