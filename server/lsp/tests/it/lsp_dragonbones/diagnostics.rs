//! Published diagnostics (with related information in the atlas) and the quick fixes of each.

use std::fmt::Write as _;

use expect_test::expect;
use serde_json::json;

use crate::lsp_dragonbones::{ATLAS, Case, SKELETON, Servers, edit};
use crate::lsp_support::TestClient;

/// The skeleton with four mistakes: an unknown parent bone `頭部`, a multiplier of 150, a key typo
/// and a texture missing from the atlas.
pub fn broken() -> String {
    let text = edit(SKELETON, "{ \"name\": \"頭\", \"parent\": \"頭\"", "{ \"name\": \"頭\", \"parent\": \"頭部\"");
    let text = edit(&text, "\"aM\": 50", "\"aM\": 150");
    let text = edit(&text, "\"playTimes\": 0", "\"playTime\": 0");
    edit(&text, "\"path\": \"parts/体\"", "\"path\": \"parts/休\"")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn published_diagnostics_point_into_the_atlas() {
    let mut s = Servers::start("diagnostics", &broken(), ATLAS).await;
    let published = s.each(None, async |_, case| case.render(case.published)).await;
    expect![[r#"
        diagnostics:
          - code: "out-of-range"
            data:
              index: 0
              version: 1
            message: "`aM` is 150 but must be between 0 and 100 (default 100)"
            range: 17:51-17:54 "150"
            severity: 2
            source: "rigls"
          - code: "unknown-bone"
            data:
              index: 1
              version: 1
            message: "unknown bone `頭部`: armature `勇者` has no bone of this name (building the armature throws); did you mean `頭`?"
            range: 18:29-18:33 "\"頭部\""
            severity: 1
            source: "rigls"
          - code: "unknown-texture"
            data:
              index: 2
              version: 1
            message: "unknown texture `parts/休`: atlas `hero_tex.json` has no SubTexture of this name (the display shows nothing); did you mean `parts/体`?"
            range: 25:56-25:65 "\"parts/休\""
            relatedInformation:
              - location:
                  range: 6:12-6:21 "\"parts/体\""
                  uri: "<atlas>"
                message: "`parts/体` is defined here"
            severity: 2
            source: "rigls"
          - code: "unknown-key"
            data:
              index: 3
              version: 1
            message: "unknown key `playTime` in an animation; did you mean `playTimes`?"
            range: 51:5-51:15 "\"playTime\""
            severity: 2
            source: "rigls"
        uri: "<doc>"
        version: 1
    "#]].assert_eq(&published);
    s.shutdown().await;
}

/// The code actions offered for each published diagnostic (with its message when `messages`): title,
/// kind, whether preferred, and the lines each changes.
async fn actions_of_each_diagnostic(client: &mut TestClient, case: &Case<'_>, messages: bool) -> String {
    let mut out = String::new();
    for diagnostic in case.published["diagnostics"].as_array().unwrap() {
        let params = json!({
            "textDocument": {"uri": case.doc.uri},
            "range": diagnostic["range"],
            "context": {"diagnostics": [diagnostic], "triggerKind": 1},
        });
        let actions = client.request("textDocument/codeAction", params).await.unwrap();
        let message = if messages { format!(" {}", diagnostic["message"]) } else { String::new() };
        writeln!(out, "at {}:{message}", case.doc.describe_range(&diagnostic["range"])).unwrap();
        for action in actions.as_array().unwrap() {
            let preferred = if action["isPreferred"] == true { " preferred" } else { "" };
            writeln!(out, "{} [{}]{preferred}", action["title"], action["kind"].as_str().unwrap()).unwrap();
            let edited = case.doc.apply(&case.doc.workspace_edits(&action["edit"]));
            for line in case.doc.diff(&edited).lines() {
                writeln!(out, "    {line}").unwrap();
            }
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_fixes_of_each_diagnostic_and_fix_all() {
    let mut s = Servers::start("actions", &broken(), ATLAS).await;
    let actions = s.each(None, async |client, case| actions_of_each_diagnostic(client, case, false).await).await;
    expect![[r#"
        at 17:51-17:54 "150":
        "Clamp to 100" [quickfix]
            @@ -18 +18 @@
            -				{ "name": "体", "parent": "体", "color": { "aM": 150, "rM": 100, "gM": 80, "bM": 80 } },
            +				{ "name": "体", "parent": "体", "color": { "aM": 100, "rM": 100, "gM": 80, "bM": 80 } },
        "Fix 1 safe problem" [source.fixAll]
            @@ -52 +52 @@
            -					"playTime": 0,
            +					"playTimes": 0,
        at 18:29-18:33 "\"頭部\"":
        "Replace with `頭`" [quickfix] preferred
            @@ -19 +19 @@
            -				{ "name": "頭", "parent": "頭部", "displayIndex": 1 },
            +				{ "name": "頭", "parent": "頭", "displayIndex": 1 },
        "Fix 1 safe problem" [source.fixAll]
            @@ -52 +52 @@
            -					"playTime": 0,
            +					"playTimes": 0,
        at 25:56-25:65 "\"parts/休\"":
        "Replace with `parts/体`" [quickfix] preferred
            @@ -26 +26 @@
            -						{ "name": "体", "display": [{ "name": "体", "path": "parts/休" }] },
            +						{ "name": "体", "display": [{ "name": "体", "path": "parts/体" }] },
        "Fix 1 safe problem" [source.fixAll]
            @@ -52 +52 @@
            -					"playTime": 0,
            +					"playTimes": 0,
        at 51:5-51:15 "\"playTime\"":
        "Replace with `playTimes`" [quickfix] preferred
            @@ -52 +52 @@
            -					"playTime": 0,
            +					"playTimes": 0,
        "Fix 1 safe problem" [source.fixAll]
            @@ -52 +52 @@
            -					"playTime": 0,
            +					"playTimes": 0,
    "#]]
    .assert_eq(&actions);
    s.shutdown().await;
}

/// A skeleton without mistakes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clean_skeleton_has_none() {
    let mut s = Servers::start("clean", SKELETON, ATLAS).await;
    let published = s.each(None, async |_, case| case.render(&case.published["diagnostics"])).await;
    assert_eq!(published, "[]\n");
    s.shutdown().await;
}

/// Unknown names one edit from several: each close name is offered, best first (the first
/// preferred), replacing the whole string; none is safe (fix-all does not touch them).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_names_offer_each_close_name() {
    let text = edit(SKELETON, "\"target\": \"頭\"", "\"target\": \"頭体\"");
    let text = edit(&text, "\"path\": \"parts/頭_怒り\"", "\"path\": \"parts/頭_怒\"");
    let mut s = Servers::start("suggestions", &text, ATLAS).await;
    let actions = s.each(None, async |client, case| actions_of_each_diagnostic(client, case, true).await).await;
    expect![[r#"
        at 26:76-26:87 "\"parts/頭_怒\"": "unknown texture `parts/頭_怒`: atlas `hero_tex.json` has no SubTexture of this name (the display shows nothing); did you mean `parts/頭_怒り`?"
        "Replace with `parts/頭_怒り`" [quickfix] preferred
            @@ -27 +27 @@
            -						{ "name": "頭", "display": [{ "name": "頭" }, { "name": "頭_怒り", "path": "parts/頭_怒" }] },
            +						{ "name": "頭", "display": [{ "name": "頭" }, { "name": "頭_怒り", "path": "parts/頭_怒り" }] },
        "Replace with `parts/体`" [quickfix]
            @@ -27 +27 @@
            -						{ "name": "頭", "display": [{ "name": "頭" }, { "name": "頭_怒り", "path": "parts/頭_怒" }] },
            +						{ "name": "頭", "display": [{ "name": "頭" }, { "name": "頭_怒り", "path": "parts/体" }] },
        "Replace with `parts/マント`" [quickfix]
            @@ -27 +27 @@
            -						{ "name": "頭", "display": [{ "name": "頭" }, { "name": "頭_怒り", "path": "parts/頭_怒" }] },
            +						{ "name": "頭", "display": [{ "name": "頭" }, { "name": "頭_怒り", "path": "parts/マント" }] },
        at 46:50-46:54 "\"頭体\"": "unknown bone `頭体`: armature `勇者` has no bone of this name (runtimes drop the constraint); did you mean `体`?"
        "Replace with `体`" [quickfix] preferred
            @@ -47 +47 @@
            -			"ik": [{ "name": "腕IK", "bone": "腕", "target": "頭体" }],
            +			"ik": [{ "name": "腕IK", "bone": "腕", "target": "体" }],
        "Replace with `頭`" [quickfix]
            @@ -47 +47 @@
            -			"ik": [{ "name": "腕IK", "bone": "腕", "target": "頭体" }],
            +			"ik": [{ "name": "腕IK", "bone": "腕", "target": "頭" }],
    "#]].assert_eq(&actions);
    s.shutdown().await;
}

/// A slot's parent that no bone's name is close to: the fix offered is the bone the slot is named
/// after (as in examples/dragonbones/broken_ske.json).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_slot_parent_is_offered_the_bone_named_like_the_slot() {
    let text = edit(SKELETON, "{ \"name\": \"頭\", \"parent\": \"頭\"", "{ \"name\": \"頭\", \"parent\": \"帽子\"");
    let mut s = Servers::start("implied", &text, ATLAS).await;
    let actions = s.each(None, async |client, case| actions_of_each_diagnostic(client, case, true).await).await;
    expect![[r#"
        at 18:29-18:33 "\"帽子\"": "unknown bone `帽子`: armature `勇者` has no bone of this name (building the armature throws); the bone named like slot `頭` is `頭`"
        "Replace with `頭` (the bone named like slot `頭`)" [quickfix] preferred
            @@ -19 +19 @@
            -				{ "name": "頭", "parent": "帽子", "displayIndex": 1 },
            +				{ "name": "頭", "parent": "頭", "displayIndex": 1 },
    "#]]
    .assert_eq(&actions);
    s.shutdown().await;
}

/// A 2.3 skeleton: the quick fix on its version upgrades it to 5.5 in one edit of the skeleton
/// (the image placed with the size the open atlas gives its texture; the atlas untouched).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_23_skeleton_is_upgraded_by_the_quick_fix_on_its_version() {
    let skeleton = r#"{"armature": [{"name": "竜", "bone": [{"name": "胴", "transform": {"x": 5}}],
"skin": [{"slot": [{"name": "胴", "parent": "胴", "z": 0, "display": [{"name": "parts/体", "transform": {"pX": 8, "pY": 2}}]}]}],
"animation": [{"name": "待機", "duration": 2, "timeline": [{"name": "胴", "frame": [{"duration": 2, "transform": {"x": 6}}]}]}]}],
"version": "2.3", "name": "勇者", "frameRate": 24}
"#;
    let mut s = Servers::start("upgrade", skeleton, ATLAS).await;
    let actions = s.each(None, async |client, case| actions_of_each_diagnostic(client, case, true).await).await;
    expect![[r#"
        at 3:11-3:16 "\"2.3\"": "data version 2.3 is rejected by current runtimes (DragonBonesJS 5.1 and later, C++, C#): upgrade it to 5.5 with `rigls upgrade` or the quick fix"
        "Upgrade to DragonBones 5.5" [quickfix]
            @@ -1,4 +1,62 @@
            -{"armature": [{"name": "竜", "bone": [{"name": "胴", "transform": {"x": 5}}],
            -"skin": [{"slot": [{"name": "胴", "parent": "胴", "z": 0, "display": [{"name": "parts/体", "transform": {"pX": 8, "pY": 2}}]}]}],
            -"animation": [{"name": "待機", "duration": 2, "timeline": [{"name": "胴", "frame": [{"duration": 2, "transform": {"x": 6}}]}]}]}],
            -"version": "2.3", "name": "勇者", "frameRate": 24}
            +{
            +  "armature": [{
            +    "name": "竜",
            +    "bone": [{
            +      "name": "胴",
            +      "inheritScale": false,
            +      "transform": {
            +        "x": 5
            +      }
            +    }],
            +    "slot": [{
            +      "name": "胴",
            +      "parent": "胴"
            +    }],
            +    "skin": [{
            +      "slot": [{
            +        "name": "胴",
            +        "display": [{
            +          "name": "parts/体",
            +          "transform": {
            +            "x": 24,
            +            "y": 46
            +          }
            +        }]
            +      }]
            +    }],
            +    "animation": [{
            +      "name": "待機",
            +      "duration": 2,
            +      "bone": [{
            +        "name": "胴",
            +        "translateFrame": [{
            +          "duration": 2,
            +          "tweenEasing": 0,
            +          "x": 1
            +        }],
            +        "rotateFrame": [{
            +          "duration": 2,
            +          "tweenEasing": 0
            +        }],
            +        "scaleFrame": [{
            +          "duration": 2,
            +          "tweenEasing": 0
            +        }]
            +      }],
            +      "slot": [{
            +        "name": "胴",
            +        "displayFrame": [{
            +          "duration": 2
            +        }],
            +        "colorFrame": [{
            +          "duration": 2,
            +          "tweenEasing": 0
            +        }]
            +      }]
            +    }]
            +  }],
            +  "version": "5.5",
            +  "compatibleVersion": "5.5",
            +  "name": "勇者",
            +  "frameRate": 24
            +}
    "#]].assert_eq(&actions);
    s.shutdown().await;
}

/// A quick fix whose edit is large (the upgrade of a 2.3 skeleton of 300 bones) is sent without
/// it to a client that resolves actions, and `codeAction/resolve` gives the edit another client
/// gets inline.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_large_quick_fix_waits_for_resolve() {
    let bones: Vec<String> =
        (0..300).map(|i| format!(r#"{{"name": "骨{i}", "parent": "胴", "transform": {{"x": {i}}}}}"#)).collect();
    let skeleton = format!(
        r#"{{"armature": [{{"name": "竜", "bone": [{{"name": "胴"}}, {}]}}], "version": "2.3", "name": "勇者", "frameRate": 24}}"#,
        bones.join(", ")
    );
    let uri = "file:///tmp/rigls-e2e-db/large-fix/hero_ske.json";
    let mut edits = Vec::new();
    for resolves in [false, true] {
        let mut caps = crate::lsp_support::capabilities(Some(&["utf-16"]));
        if resolves {
            caps["textDocument"]["codeAction"] =
                json!({"dataSupport": true, "resolveSupport": {"properties": ["edit"]}});
        }
        let (mut client, _) = TestClient::initialized(rigls_lsp::Options::default(), caps, json!(null)).await;
        client.open(uri, "json", 1, &skeleton).await;
        let published = client.diagnostics(uri).await;
        let version = published["diagnostics"].as_array().unwrap().iter().find(|d| d["code"] == "legacy-version");
        let version = version.expect("the version is reported").clone();
        let params =
            json!({"textDocument": {"uri": uri}, "range": version["range"], "context": {"diagnostics": [version]}});
        let actions = client.request("textDocument/codeAction", params).await.unwrap();
        let upgrade = actions.as_array().unwrap().iter().find(|a| a["title"] == "Upgrade to DragonBones 5.5");
        let mut upgrade = upgrade.expect("the upgrade is offered").clone();
        assert_eq!(upgrade["edit"].is_null(), resolves, "{upgrade}");
        if resolves {
            assert_eq!(upgrade["data"]["title"], "Upgrade to DragonBones 5.5");
            assert_eq!(upgrade["data"]["diagnostic"], version["data"]["index"], "the diagnostic it fixes");
            upgrade = client.request("codeAction/resolve", upgrade).await.unwrap();
        }
        let edit = upgrade["edit"]["changes"][uri].clone();
        assert!(edit[0]["newText"].as_str().unwrap().len() > 16 << 10, "{edit}");
        edits.push(edit);
        client.shutdown().await;
    }
    assert_eq!(edits[0], edits[1]);
}
