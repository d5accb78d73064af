//! `rigls/scene`: the scene of the server's copy of the skeleton, with its elements' ranges in the
//! client's positions, after edits, and the errors a preview shows in a banner.

use std::fmt::Write as _;

use expect_test::expect;
use serde_json::{Value, json};

use crate::lsp_dragonbones::{ATLAS, SKELETON, Servers, request};
use crate::lsp_support::scene::{render_answer, scene_params};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scene_of_the_buffer_with_positions_of_its_elements() {
    let mut s = Servers::start("scene", SKELETON, ATLAS).await;
    let answer = s
        .each(None, async |client, case| {
            let params = scene_params(case.doc, json!({"animation": "待機", "time": 0.25}));
            render_answer(case.doc, &request(client, "rigls/scene", params).await)
        })
        .await;
    expect![[r#"
        documentVersion: 1
        elements:
          - bytes: bytes 6:2-68:3 "{"⏎…61 lines…⏎"\t\t}"
            index: 0
            kind: "armature"
            name: "勇者"
            nameBytes: bytes 7:11-7:15 "\"勇者\""
            nameRange: 7:11-7:15 "\"勇者\""
            range: 6:2-68:3 "{"⏎…61 lines…⏎"\t\t}"
          - bytes: bytes 48:4-65:5 "{"⏎…16 lines…⏎"\t\t\t\t}"
            index: 0
            kind: "animation"
            name: "待機"
            nameBytes: bytes 49:13-49:17 "\"待機\""
            nameRange: 49:13-49:17 "\"待機\""
            range: 48:4-65:5 "{"⏎…16 lines…⏎"\t\t\t\t}"
          - bytes: bytes 11:4-11:19 "{ \"name\": \"根\" }"
            index: 0
            kind: "bone"
            name: "根"
            nameBytes: bytes 11:14-11:17 "\"根\""
            nameRange: 11:14-11:17 "\"根\""
            range: 11:4-11:19 "{ \"name\": \"根\" }"
          - bytes: bytes 12:4-12:48 "{ \"name\": \"体\", \"parent\": \"根\", \"length\": 40 }"
            index: 1
            kind: "bone"
            name: "体"
            nameBytes: bytes 12:14-12:17 "\"体\""
            nameRange: 12:14-12:17 "\"体\""
            range: 12:4-12:48 "{ \"name\": \"体\", \"parent\": \"根\", \"length\": 40 }"
          - bytes: bytes 13:4-13:61 "{ \"name\": \"頭\", \"parent\": \"体\", \"transform\": { \"y\": -40 } }"
            index: 2
            kind: "bone"
            name: "頭"
            nameBytes: bytes 13:14-13:17 "\"頭\""
            nameRange: 13:14-13:17 "\"頭\""
            range: 13:4-13:61 "{ \"name\": \"頭\", \"parent\": \"体\", \"transform\": { \"y\": -40 } }"
          - bytes: bytes 14:4-14:34 "{ \"name\": \"腕\", \"parent\": \"体\" }"
            index: 3
            kind: "bone"
            name: "腕"
            nameBytes: bytes 14:14-14:17 "\"腕\""
            nameRange: 14:14-14:17 "\"腕\""
            range: 14:4-14:34 "{ \"name\": \"腕\", \"parent\": \"体\" }"
          - bytes: bytes 17:4-17:88 "{ \"name\": \"体\", \"parent\": \"体\", \"color\": { \"aM\": 50, \"rM\": 100, \"gM\": 80, \"bM\": 80 } }"
            index: 0
            kind: "slot"
            name: "体"
            nameBytes: bytes 17:14-17:17 "\"体\""
            nameRange: 17:14-17:17 "\"体\""
            range: 17:4-17:88 "{ \"name\": \"体\", \"parent\": \"体\", \"color\": { \"aM\": 50, \"rM\": 100, \"gM\": 80, \"bM\": 80 } }"
          - bytes: bytes 18:4-18:53 "{ \"name\": \"頭\", \"parent\": \"頭\", \"displayIndex\": 1 }"
            index: 1
            kind: "slot"
            name: "頭"
            nameBytes: bytes 18:14-18:17 "\"頭\""
            nameRange: 18:14-18:17 "\"頭\""
            range: 18:4-18:53 "{ \"name\": \"頭\", \"parent\": \"頭\", \"displayIndex\": 1 }"
          - bytes: bytes 19:4-19:36 "{ \"name\": \"マント\", \"parent\": \"体\" }"
            index: 2
            kind: "slot"
            name: "マント"
            nameBytes: bytes 19:14-19:19 "\"マント\""
            nameRange: 19:14-19:19 "\"マント\""
            range: 19:4-19:36 "{ \"name\": \"マント\", \"parent\": \"体\" }"
          - bytes: bytes 26:50-26:90 "{ \"name\": \"頭_怒り\", \"path\": \"parts/頭_怒り\" }"
            index: 0
            kind: "display"
            name: "頭_怒り"
            nameBytes: null
            nameRange: null
            range: 26:50-26:90 "{ \"name\": \"頭_怒り\", \"path\": \"parts/頭_怒り\" }"
          - bytes: bytes 30:8-40:9 "{"⏎…9 lines…⏎"\t\t\t\t\t\t\t\t}"
            index: 1
            kind: "display"
            name: "マント"
            nameBytes: null
            nameRange: null
            range: 30:8-40:9 "{"⏎…9 lines…⏎"\t\t\t\t\t\t\t\t}"
          - bytes: bytes 25:33-25:67 "{ \"name\": \"体\", \"path\": \"parts/体\" }"
            index: 2
            kind: "display"
            name: "体"
            nameBytes: null
            nameRange: null
            range: 25:33-25:67 "{ \"name\": \"体\", \"path\": \"parts/体\" }"
          - bytes: bytes 55:37-55:87 "{ \"duration\": 10, \"tweenEasing\": 0, \"rotate\": 10 }"
            index: 0
            kind: "keyFrame"
            name: "待機"
            nameBytes: null
            nameRange: null
            range: 55:37-55:87 "{ \"duration\": 10, \"tweenEasing\": 0, \"rotate\": 10 }"
            time: 0.0
          - bytes: bytes 55:89-55:120 "{ \"duration\": 10, \"rotate\": 0 }"
            index: 1
            kind: "keyFrame"
            name: "待機"
            nameBytes: null
            nameRange: null
            range: 55:89-55:120 "{ \"duration\": 10, \"rotate\": 0 }"
            time: 0.4166666666666667
          - bytes: bytes 60:24-60:54 "{ \"duration\": 10, \"value\": 1 }"
            index: 2
            kind: "keyFrame"
            name: "待機"
            nameBytes: null
            nameRange: null
            range: 60:24-60:54 "{ \"duration\": 10, \"value\": 1 }"
            time: 0.0
          - bytes: bytes 60:56-60:86 "{ \"duration\": 10, \"value\": 0 }"
            index: 3
            kind: "keyFrame"
            name: "待機"
            nameBytes: null
            nameRange: null
            range: 60:56-60:86 "{ \"duration\": 10, \"value\": 0 }"
            time: 0.4166666666666667
          - bytes: bytes 61:22-61:73 "{ \"duration\": 20, \"value\": { \"rM\": 50, \"rO\": 40 } }"
            index: 4
            kind: "keyFrame"
            name: "待機"
            nameBytes: null
            nameRange: null
            range: 61:22-61:73 "{ \"duration\": 20, \"value\": { \"rM\": 50, \"rO\": 40 } }"
            time: 0.0
          - bytes: bytes 64:55-64:93 "{ \"duration\": 20, \"vertices\": [1, 1] }"
            index: 5
            kind: "keyFrame"
            name: "待機"
            nameBytes: null
            nameRange: null
            range: 64:55-64:93 "{ \"duration\": 20, \"vertices\": [1, 1] }"
            time: 0.0
        error: null
        scenes:
          - animation: "待機"
            animations:
              - duration: 0.8333333333333334
                frameCount: 20.0
                frameRate: 24.0
                name: "待機"
                nameRange: bytes 49:13-49:17 "\"待機\""
                playTimes: 0.0
                range: bytes 48:4-65:5 "{"⏎…16 lines…⏎"\t\t\t\t}"
            armature: "勇者"
            armatures:
              - frameRate: 24.0
                name: "勇者"
                nameRange: bytes 7:11-7:15 "\"勇者\""
                range: bytes 6:2-68:3 "{"⏎…61 lines…⏎"\t\t}"
            atlases:
              - "<dir>/hero_tex.json"
            bones:
              - instance: 0
                length: 0.0
                matrix:
                  - 1.0
                  - 0.0
                  - 0.0
                  - 1.0
                  - 0.0
                  - 0.0
                name: "根"
                nameRange: bytes 11:14-11:17 "\"根\""
                parent: null
                range: bytes 11:4-11:19 "{ \"name\": \"根\" }"
              - instance: 0
                length: 40.0
                matrix:
                  - 1.0
                  - 0.0
                  - 0.0
                  - 1.0
                  - 0.0
                  - 0.0
                name: "体"
                nameRange: bytes 12:14-12:17 "\"体\""
                parent: 0
                range: bytes 12:4-12:48 "{ \"name\": \"体\", \"parent\": \"根\", \"length\": 40 }"
              - instance: 0
                length: 0.0
                matrix:
                  - 0.9975640504014937
                  - 0.06975647171815808
                  - -0.06975647171815808
                  - 0.9975640504014937
                  - 0.0
                  - -40.0
                name: "頭"
                nameRange: bytes 13:14-13:17 "\"頭\""
                parent: 1
                range: bytes 13:4-13:61 "{ \"name\": \"頭\", \"parent\": \"体\", \"transform\": { \"y\": -40 } }"
              - instance: 0
                length: 0.0
                matrix:
                  - 6.123233995736766e-17
                  - -1.0
                  - 1.0
                  - 6.123233995736766e-17
                  - 0.0
                  - 0.0
                name: "腕"
                nameRange: bytes 14:14-14:17 "\"腕\""
                parent: 1
                range: bytes 14:4-14:34 "{ \"name\": \"腕\", \"parent\": \"体\" }"
            boundingBoxes: []
            bounds:
              maxX: 32.0
              maxY: 48.0
              minX: -32.0
              minY: -65.61569253087164
            defaultAnimation: "待機"
            drawables:
              - alpha: 1.0
                blendMode: "normal"
                color:
                  alphaMultiplier: 1.0
                  alphaOffset: 0.0
                  blueMultiplier: 1.0
                  blueOffset: 0.0
                  greenMultiplier: 1.0
                  greenOffset: 0.0
                  redMultiplier: 0.5
                  redOffset: 40.0
                display:
                  name: "頭_怒り"
                  path: "parts/頭_怒り"
                  range: bytes 26:50-26:90 "{ \"name\": \"頭_怒り\", \"path\": \"parts/頭_怒り\" }"
                imageMatrix:
                  - 0.9975640504014937
                  - 0.06975647171815808
                  - -0.06975647171815808
                  - 0.9975640504014937
                  - -133.99455553336736
                  - -73.42841736330534
                kind: "image"
                region:
                  height: 48.0
                  rotated: false
                  width: 48.0
                  x: 112.0
                  y: 0.0
                slot: 1
                texture: 0
                triangles:
                  - 0
                  - 1
                  - 2
                  - 0
                  - 2
                  - 3
                uvs:
                  - 112.0
                  - 0.0
                  - 160.0
                  - 0.0
                  - 160.0
                  - 48.0
                  - 112.0
                  - 48.0
                vertices:
                  - -22.267381888400053
                  - -65.61569253087164
                  - 25.61569253087164
                  - -62.26738188840005
                  - 22.267381888400053
                  - -14.384307469128359
                  - -25.61569253087164
                  - -17.732618111599947
              - alpha: 1.0
                blendMode: "normal"
                color:
                  alphaMultiplier: 1.0
                  alphaOffset: 0.0
                  blueMultiplier: 1.0
                  blueOffset: 0.0
                  greenMultiplier: 1.0
                  greenOffset: 0.0
                  redMultiplier: 1.0
                  redOffset: 0.0
                display:
                  name: "マント"
                  path: "parts/マント"
                  range: bytes 30:8-40:9 "{"⏎…9 lines…⏎"\t\t\t\t\t\t\t\t}"
                imageMatrix: null
                kind: "mesh"
                region:
                  height: 64.0
                  rotated: true
                  width: 64.0
                  x: 0.0
                  y: 96.0
                slot: 2
                texture: 0
                triangles:
                  - 0
                  - 1
                  - 2
                uvs:
                  - 64.0
                  - 96.0
                  - 64.0
                  - 160.0
                  - 0.0
                  - 96.0
                vertices:
                  - 1.0
                  - 1.0
                  - 5.0
                  - -5.0
                  - 10.0
                  - 6.123233995736766e-16
              - alpha: 1.0
                blendMode: "normal"
                color:
                  alphaMultiplier: 0.5
                  alphaOffset: 0.0
                  blueMultiplier: 0.8
                  blueOffset: 0.0
                  greenMultiplier: 0.8
                  greenOffset: 0.0
                  redMultiplier: 1.0
                  redOffset: 0.0
                display:
                  name: "体"
                  path: "parts/体"
                  range: bytes 25:33-25:67 "{ \"name\": \"体\", \"path\": \"parts/体\" }"
                imageMatrix:
                  - 1.0
                  - 0.0
                  - 0.0
                  - 1.0
                  - -32.0
                  - -48.0
                kind: "image"
                region:
                  height: 96.0
                  rotated: false
                  width: 64.0
                  x: 0.0
                  y: 0.0
                slot: 0
                texture: 0
                triangles:
                  - 0
                  - 1
                  - 2
                  - 0
                  - 2
                  - 3
                uvs:
                  - 0.0
                  - 0.0
                  - 64.0
                  - 0.0
                  - 64.0
                  - 96.0
                  - 0.0
                  - 96.0
                vertices:
                  - -32.0
                  - -48.0
                  - 32.0
                  - -48.0
                  - 32.0
                  - 48.0
                  - -32.0
                  - 48.0
            format: "dragonbones"
            instances:
              - animation: "待機"
                armature: "勇者"
                matrix:
                  - 1.0
                  - 0.0
                  - 0.0
                  - 1.0
                  - 0.0
                  - 0.0
                range: bytes 6:2-68:3 "{"⏎…61 lines…⏎"\t\t}"
                slot: null
                time: 0.25
            kind: "2d"
            notes:
              - "the atlas image 勇者_tex.png (the imagePath of hero_tex.json) is missing: its displays are drawn as outlines"
            slots:
              - bone: 1
                displayIndex: 0
                instance: 0
                matrix:
                  - 1.0
                  - 0.0
                  - 0.0
                  - 1.0
                  - 0.0
                  - 0.0
                name: "体"
                nameRange: bytes 17:14-17:17 "\"体\""
                range: bytes 17:4-17:88 "{ \"name\": \"体\", \"parent\": \"体\", \"color\": { \"aM\": 50, \"rM\": 100, \"gM\": 80, \"bM\": 80 } }"
                zOrder: 2
              - bone: 2
                displayIndex: 1
                instance: 0
                matrix:
                  - 0.9975640504014937
                  - 0.06975647171815808
                  - -0.06975647171815808
                  - 0.9975640504014937
                  - 0.0
                  - -40.0
                name: "頭"
                nameRange: bytes 18:14-18:17 "\"頭\""
                range: bytes 18:4-18:53 "{ \"name\": \"頭\", \"parent\": \"頭\", \"displayIndex\": 1 }"
                zOrder: 0
              - bone: 1
                displayIndex: 0
                instance: 0
                matrix:
                  - 1.0
                  - 0.0
                  - 0.0
                  - 1.0
                  - 0.0
                  - 0.0
                name: "マント"
                nameRange: bytes 19:14-19:19 "\"マント\""
                range: bytes 19:4-19:36 "{ \"name\": \"マント\", \"parent\": \"体\" }"
                zOrder: 1
            target: "dragonbones-js"
            targets:
              - name: "dragonbones-js"
                title: "DragonBonesJS 5.7 (Pixi, Phaser 3, Three.js)"
              - name: "egret"
                title: "Egret (DragonBonesJS 5.7 with the Egret renderer)"
              - name: "cocos-creator-2"
                title: "Cocos Creator 2.x (DragonBonesJS 5.6 bundled)"
              - name: "cocos-creator-3"
                title: "Cocos Creator 3.x (@cocos/dragonbones-js, its own renderer)"
              - name: "dragonbones-cpp"
                title: "DragonBonesCPP 5.5 (cocos2d-x, SFML)"
              - name: "godot"
                title: "Godot (Godot-DragonBones for Godot 4, gddragonbones; the C++ 5.5 core)"
              - name: "unity"
                title: "Unity (DragonBonesCSharp)"
              - name: "flutter"
                title: "Flutter (dragonbones_flutter)"
            textures:
              - atlas: "<dir>/hero_tex.json"
                height: 256.0
                image: "<dir>/勇者_tex.png"
                width: 256.0
            time: 0.25
            version: 2
        times:
          - 0.25
        version: 2
    "#]]
    .assert_eq(&answer);
    s.shutdown().await;
}

/// `name: [a, b, c, d, tx, ty]` per bone of each scene, and the display each slot shows.
fn poses(answer: &Value) -> String {
    let mut out = format!("documentVersion {} times {}\n", answer["documentVersion"], answer["times"]);
    for scene in answer["scenes"].as_array().unwrap() {
        writeln!(out, "at {}:", scene["time"]).unwrap();
        for bone in scene["bones"].as_array().unwrap() {
            let m: Vec<String> =
                bone["matrix"].as_array().unwrap().iter().map(|v| format!("{:.3}", v.as_f64().unwrap())).collect();
            writeln!(out, "  bone {} [{}]", bone["name"], m.join(", ")).unwrap();
        }
        for d in scene["drawables"].as_array().unwrap() {
            writeln!(out, "  slot {} shows {}", d["slot"], d["display"]["name"]).unwrap();
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_times_at_once_and_the_edited_buffer() {
    let mut s = Servers::start("scene-times", SKELETON, ATLAS).await;
    let answers = s
        .each(None, async |client, case| {
            let params = scene_params(case.doc, json!({"animation": "待機", "times": [0.0, 0.5]}));
            let before = poses(&request(client, "rigls/scene", params.clone()).await);
            // The buffer, not the disk (there is no file on disk): 頭 moves up 20 more pixels.
            let edited = case.doc.text.replacen("\"y\": -40", "\"y\": -60", 1);
            client.change(&case.doc.uri, 2, json!([{"text": edited}])).await;
            let after = poses(&request(client, "rigls/scene", params).await);
            format!("{before}--- edited:\n{after}")
        })
        .await;
    expect![[r#"
        documentVersion 1 times [0.0,0.5]
        at 0.0:
          bone "根" [1.000, 0.000, 0.000, 1.000, 0.000, 0.000]
          bone "体" [1.000, 0.000, 0.000, 1.000, 0.000, 0.000]
          bone "頭" [0.985, 0.174, -0.174, 0.985, 0.000, -40.000]
          bone "腕" [0.000, -1.000, 1.000, 0.000, 0.000, 0.000]
          slot 1 shows "頭_怒り"
          slot 2 shows "マント"
          slot 0 shows "体"
        at 0.5:
          bone "根" [1.000, 0.000, 0.000, 1.000, 0.000, 0.000]
          bone "体" [1.000, 0.000, 0.000, 1.000, 0.000, 0.000]
          bone "頭" [1.000, 0.000, -0.000, 1.000, 0.000, -40.000]
          bone "腕" [0.000, -1.000, 1.000, 0.000, 0.000, 0.000]
          slot 0 shows "体"
          slot 1 shows "頭"
          slot 2 shows "マント"
        --- edited:
        documentVersion 2 times [0.0,0.5]
        at 0.0:
          bone "根" [1.000, 0.000, 0.000, 1.000, 0.000, 0.000]
          bone "体" [1.000, 0.000, 0.000, 1.000, 0.000, 0.000]
          bone "頭" [0.985, 0.174, -0.174, 0.985, 0.000, -60.000]
          bone "腕" [0.000, -1.000, 1.000, 0.000, 0.000, 0.000]
          slot 1 shows "頭_怒り"
          slot 2 shows "マント"
          slot 0 shows "体"
        at 0.5:
          bone "根" [1.000, 0.000, 0.000, 1.000, 0.000, 0.000]
          bone "体" [1.000, 0.000, 0.000, 1.000, 0.000, 0.000]
          bone "頭" [1.000, 0.000, -0.000, 1.000, 0.000, -60.000]
          bone "腕" [0.000, -1.000, 1.000, 0.000, 0.000, 0.000]
          slot 0 shows "体"
          slot 1 shows "頭"
          slot 2 shows "マント"
    "#]]
    .assert_eq(&answers);
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_a_preview_shows_in_its_banner() {
    let mut s = Servers::start("scene-errors", SKELETON, ATLAS).await;
    let answers = s
        .each(None, async |client, case| {
            let mut out = String::new();
            let ask = async |params: Value| match client.request("rigls/scene", params).await {
                Ok(answer) => render_answer(case.doc, &answer),
                Err(error) => format!("error {}: {}\n", error["code"], error["message"].as_str().unwrap()),
            };
            out += &ask(scene_params(case.doc, json!({"animation": "走る"}))).await;
            out += &ask(scene_params(case.doc, json!({"armature": "竜"}))).await;
            out += &ask(scene_params(case.doc, json!({"version": 3}))).await;
            out += &ask(scene_params(case.doc, json!({"times": vec![0.0; 1001]}))).await;
            out += &ask(json!({"textDocument": {"uri": case.doc.uri}})).await;
            out += &ask(scene_params(case.atlas, json!({}))).await;
            let closed = case.doc.uri.replace("hero_ske", "closed_ske");
            out += &format!(
                "closed: {}\n",
                client.request("rigls/scene", json!({"textDocument": {"uri": closed}, "version": 1})).await.unwrap()
            );
            // A syntax error: the last closing bracket of the bone list goes.
            let broken = case.doc.text.replacen("\"parent\": \"体\" }\n", "\"parent\": \"体\" \n", 1).replacen(
                "\"parent\": \"体\" }\r\n",
                "\"parent\": \"体\" \r\n",
                1,
            );
            client.change(&case.doc.uri, 2, json!([{"text": broken}])).await;
            out += &ask(scene_params(case.doc, json!({}))).await;
            out
        })
        .await;
    expect![[r#"
        documentVersion: 1
        elements: []
        error:
          kind: "unknownAnimation"
          known:
            - "待機"
          message: "no animation named \"走る\" (animations: \"待機\")"
        scenes: []
        times:
          - 0.0
        version: 2
        documentVersion: 1
        elements: []
        error:
          kind: "unknownArmature"
          known:
            - "勇者"
          message: "no armature named \"竜\" (armatures: \"勇者\")"
        scenes: []
        times:
          - 0.0
        version: 2
        error -32602: rigls/scene: scene version 3 is not supported (this server writes versions 1 and 2)
        error -32602: rigls/scene: 1001 times asked for, at most 1000 are answered at once
        error -32602: missing field `version`
        documentVersion: 1
        elements: []
        error:
          kind: "noScene"
          message: "a texture atlas has no scene of its own: preview its skeleton (`*_ske.json`)"
        scenes: []
        times:
          - 0.0
        version: 2
        closed: null
        documentVersion: 2
        elements: []
        error:
          kind: "broken"
          message: |
            the file has errors that make its pose meaningless:
              16:4: missing `}` before `]` to close the object opened on line 15 (JSON.parse rejects the file)
        scenes: []
        times:
          - 0.0
        version: 2
    "#]]
    .assert_eq(&answers);
    s.shutdown().await;
}
