//! `rigls/scene` on `.elem` models: the 3-D scene of the server's copy, posed mid-animation, with
//! its nodes', meshes' and materials' ranges in the client's positions (every encoding and line
//! ending, with and without a BOM).

use expect_test::expect;
use serde_json::{Value, json};

use crate::lsp_elem::{BROKEN, Servers, WALKER, edit};
use crate::lsp_support::scene::{render_answer, scene_params};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_3d_scene_mid_animation() {
    let mut s = Servers::start("scene", WALKER, |_| {}).await;
    let answer = s
        .each(None, async |client, case| {
            let params = scene_params(case.doc, json!({"animation": "うなずき", "time": 0.5}));
            render_answer(case.doc, &client.request("rigls/scene", params).await.unwrap())
        })
        .await;
    expect![[r#"
        documentVersion: 1
        elements:
          - bytes: bytes 111:1-148:2 "AnimationData {"⏎…36 lines…⏎"\t}"
            index: 0
            kind: "animation"
            name: "うなずき"
            nameBytes: bytes 112:16-112:22 "\"うなずき\""
            nameRange: 112:16-112:22 "\"うなずき\""
            range: 111:1-148:2 "AnimationData {"⏎…36 lines…⏎"\t}"
          - bytes: bytes 89:1-96:2 "Node {"⏎…6 lines…⏎"\t}"
            index: 0
            kind: "node"
            name: "腰"
            nameBytes: bytes 90:11-90:14 "\"腰\""
            nameRange: 90:11-90:14 "\"腰\""
            range: 89:1-96:2 "Node {"⏎…6 lines…⏎"\t}"
          - bytes: bytes 92:2-95:3 "Node {"⏎…2 lines…⏎"\t\t}"
            index: 1
            kind: "node"
            name: "頭"
            nameBytes: bytes 93:12-93:15 "\"頭\""
            nameRange: 93:12-93:15 "\"頭\""
            range: 92:2-95:3 "Node {"⏎…2 lines…⏎"\t\t}"
          - bytes: bytes 37:2-85:3 "Mesh {"⏎…47 lines…⏎"\t\t}"
            index: 0
            kind: "mesh"
            name: "胴体"
            nameBytes: bytes 38:8-38:12 "\"胴体\""
            nameRange: 38:8-38:12 "\"胴体\""
            range: 37:2-85:3 "Mesh {"⏎…47 lines…⏎"\t\t}"
          - bytes: bytes 28:3-35:4 "Material {"⏎…6 lines…⏎"\t\t\t}"
            index: 0
            kind: "material"
            name: "装甲"
            nameBytes: bytes 29:9-29:13 "\"装甲\""
            nameRange: 29:9-29:13 "\"装甲\""
            range: 28:3-35:4 "Material {"⏎…6 lines…⏎"\t\t\t}"
          - bytes: bytes 127:5-127:13 "0.000000"
            index: 0
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 127:5-127:13 "0.000000"
            time: 0.0
          - bytes: bytes 128:5-128:13 "0.500000"
            index: 1
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 128:5-128:13 "0.500000"
            time: 0.5
          - bytes: bytes 129:5-129:13 "1.000000"
            index: 2
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 129:5-129:13 "1.000000"
            time: 1.0
          - bytes: bytes 132:5-132:31 "0.000000:0.000000:0.000000"
            index: 3
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 132:5-132:31 "0.000000:0.000000:0.000000"
            time: 0.0
          - bytes: bytes 133:5-133:31 "0.000000:0.000000:0.000000"
            index: 4
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 133:5-133:31 "0.000000:0.000000:0.000000"
            time: 0.5
          - bytes: bytes 134:5-134:31 "0.000000:0.000000:0.000000"
            index: 5
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 134:5-134:31 "0.000000:0.000000:0.000000"
            time: 1.0
          - bytes: bytes 137:5-137:40 "0.000000:0.000000:0.000000:1.000000"
            index: 6
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 137:5-137:40 "0.000000:0.000000:0.000000:1.000000"
            time: 0.0
          - bytes: bytes 138:5-138:40 "0.258819:0.000000:0.000000:0.965926"
            index: 7
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 138:5-138:40 "0.258819:0.000000:0.000000:0.965926"
            time: 0.5
          - bytes: bytes 139:5-139:40 "0.000000:0.000000:0.000000:1.000000"
            index: 8
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 139:5-139:40 "0.000000:0.000000:0.000000:1.000000"
            time: 1.0
          - bytes: bytes 142:5-142:31 "1.000000:1.000000:1.000000"
            index: 9
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 142:5-142:31 "1.000000:1.000000:1.000000"
            time: 0.0
          - bytes: bytes 143:5-143:31 "1.000000:1.000000:1.000000"
            index: 10
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 143:5-143:31 "1.000000:1.000000:1.000000"
            time: 0.5
          - bytes: bytes 144:5-144:31 "1.000000:1.000000:1.000000"
            index: 11
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 144:5-144:31 "1.000000:1.000000:1.000000"
            time: 1.0
        error: null
        scenes:
          - animation: "うなずき"
            animations:
              - duration: 1.0
                frameCount: 30.0
                frameRate: 30.0
                name: "うなずき"
                nameRange: bytes 112:16-112:22 "\"うなずき\""
                playTimes: 0.0
                range: bytes 111:1-148:2 "AnimationData {"⏎…36 lines…⏎"\t}"
            armature: null
            armatures: []
            bounds:
              max:
                - 0.5
                - 1.4598076351434002
                - 0.1500000008364
              min:
                - -0.5
                - 0.0
                - 0.0
            defaultAnimation: "うなずき"
            format: "elem"
            kind: "3d"
            materials:
              - ambient:
                  - 0.3
                  - 0.3
                  - 0.3
                  - 1.0
                container: "歩行ロボ"
                diffuse:
                  - 0.7
                  - 0.72
                  - 0.75
                  - 1.0
                emissive:
                  - 0.0
                  - 0.0
                  - 0.0
                  - 1.0
                name: "装甲"
                nameRange: bytes 29:9-29:13 "\"装甲\""
                range: bytes 28:3-35:4 "Material {"⏎…6 lines…⏎"\t\t\t}"
                specular:
                  - 0.5
                  - 0.5
                  - 0.5
                  - 1.0
                specularSharpness: 20.0
                texture: null
                texturePath: null
                uvTransform:
                  rotation: 0.0
                  scale:
                    - 1.0
                    - 1.0
                  translation:
                    - 0.0
                    - 0.0
            meshes:
              - colors: null
                container: "歩行ロボ"
                digest: "99d234b0de75e6ca"
                groups:
                  - count: 2
                    material: 0
                    start: 0
                name: "胴体"
                nameRange: bytes 38:8-38:12 "\"胴体\""
                normals:
                  - 0.0
                  - 0.0
                  - -1.0
                  - 0.0
                  - 0.0
                  - -1.0
                  - 0.0
                  - 0.3101378381252289
                  - -0.9506915807723999
                  - 0.0
                  - 0.3101378381252289
                  - -0.9506915807723999
                positions:
                  - -0.5
                  - 0.0
                  - 0.0
                  - 0.5
                  - 0.0
                  - 0.0
                  - 0.5
                  - 1.4598076343536377
                  - 0.15000000596046448
                  - -0.5
                  - 1.4598076343536377
                  - 0.15000000596046448
                range: bytes 37:2-85:3 "Mesh {"⏎…47 lines…⏎"\t\t}"
                triangles:
                  - 0
                  - 3
                  - 2
                  - 0
                  - 2
                  - 1
                uvs:
                  - 0.0
                  - 1.0
                  - 1.0
                  - 1.0
                  - 1.0
                  - 0.0
                  - 0.0
                  - 0.0
                vertexCount: 4
            nodes:
              - matrix:
                  - 1.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 1.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 1.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 1.0
                name: "腰"
                nameRange: bytes 90:11-90:14 "\"腰\""
                parent: null
                range: bytes 89:1-96:2 "Node {"⏎…6 lines…⏎"\t}"
              - matrix:
                  - 1.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 0.866025450478
                  - 0.500000002788
                  - 0.0
                  - 0.0
                  - -0.500000002788
                  - 0.866025450478
                  - 0.0
                  - 0.0
                  - 1.0
                  - 0.0
                  - 1.0
                name: "頭"
                nameRange: bytes 93:12-93:15 "\"頭\""
                parent: 0
                range: bytes 92:2-95:3 "Node {"⏎…2 lines…⏎"\t\t}"
            notes: []
            rightHanded: false
            target: null
            targets:
              - name: "danmakufu-ph3"
                title: "Touhou Danmakufu ph3 (its Elfreina mesh loader)"
            time: 0.5
            version: 2
        times:
          - 0.5
        version: 2
    "#]]
    .assert_eq(&answer);
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_broken_model_says_why() {
    let mut s = Servers::start("scene-broken", BROKEN, |_| {}).await;
    let answer = s
        .each(None, async |client, case| {
            let mut out = String::new();
            for extra in [json!({}), json!({"armature": "x"})] {
                let params = scene_params(case.doc, extra);
                out += &render_answer(case.doc, &client.request("rigls/scene", params).await.unwrap());
            }
            out
        })
        .await;
    expect![[r#"
        documentVersion: 1
        elements:
          - bytes: bytes 111:1-148:2 "AnimationData {"⏎…36 lines…⏎"\t}"
            index: 0
            kind: "animation"
            name: "うなずき"
            nameBytes: bytes 112:16-112:22 "\"うなずき\""
            nameRange: 112:16-112:22 "\"うなずき\""
            range: 111:1-148:2 "AnimationData {"⏎…36 lines…⏎"\t}"
          - bytes: bytes 89:1-96:2 "Node {"⏎…6 lines…⏎"\t}"
            index: 0
            kind: "node"
            name: "腰"
            nameBytes: bytes 90:11-90:14 "\"腰\""
            nameRange: 90:11-90:14 "\"腰\""
            range: 89:1-96:2 "Node {"⏎…6 lines…⏎"\t}"
          - bytes: bytes 92:2-95:3 "Node {"⏎…2 lines…⏎"\t\t}"
            index: 1
            kind: "node"
            name: "頭"
            nameBytes: bytes 93:12-93:15 "\"頭\""
            nameRange: 93:12-93:15 "\"頭\""
            range: 92:2-95:3 "Node {"⏎…2 lines…⏎"\t\t}"
          - bytes: bytes 37:2-85:3 "Mesh {"⏎…47 lines…⏎"\t\t}"
            index: 0
            kind: "mesh"
            name: "胴体"
            nameBytes: bytes 38:8-38:12 "\"胴体\""
            nameRange: 38:8-38:12 "\"胴体\""
            range: 37:2-85:3 "Mesh {"⏎…47 lines…⏎"\t\t}"
          - bytes: bytes 28:3-35:4 "Material {"⏎…6 lines…⏎"\t\t\t}"
            index: 0
            kind: "material"
            name: "装甲"
            nameBytes: bytes 29:9-29:13 "\"装甲\""
            nameRange: 29:9-29:13 "\"装甲\""
            range: 28:3-35:4 "Material {"⏎…6 lines…⏎"\t\t\t}"
          - bytes: bytes 127:5-127:13 "0.000000"
            index: 0
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 127:5-127:13 "0.000000"
            time: 0.0
          - bytes: bytes 128:5-128:13 "0.500000"
            index: 1
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 128:5-128:13 "0.500000"
            time: 0.5
          - bytes: bytes 129:5-129:13 "1.000000"
            index: 2
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 129:5-129:13 "1.000000"
            time: 1.0
          - bytes: bytes 132:5-132:31 "0.000000:0.000000:0.000000"
            index: 3
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 132:5-132:31 "0.000000:0.000000:0.000000"
            time: 0.0
          - bytes: bytes 133:5-133:31 "0.000000:0.000000:0.000000"
            index: 4
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 133:5-133:31 "0.000000:0.000000:0.000000"
            time: 0.5
          - bytes: bytes 134:5-134:31 "0.000000:0.000000:0.000000"
            index: 5
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 134:5-134:31 "0.000000:0.000000:0.000000"
            time: 1.0
          - bytes: bytes 137:5-137:40 "0.000000:0.000000:0.000000:1.000000"
            index: 6
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 137:5-137:40 "0.000000:0.000000:0.000000:1.000000"
            time: 0.0
          - bytes: bytes 138:5-138:40 "0.258819:0.000000:0.000000:0.965926"
            index: 7
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 138:5-138:40 "0.258819:0.000000:0.000000:0.965926"
            time: 0.5
          - bytes: bytes 139:5-139:40 "0.000000:0.000000:0.000000:1.000000"
            index: 8
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 139:5-139:40 "0.000000:0.000000:0.000000:1.000000"
            time: 1.0
          - bytes: bytes 142:5-142:31 "1.000000:1.000000:1.000000"
            index: 9
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 142:5-142:31 "1.000000:1.000000:1.000000"
            time: 0.0
          - bytes: bytes 143:5-143:31 "1.000000:1.000000:1.000000"
            index: 10
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 143:5-143:31 "1.000000:1.000000:1.000000"
            time: 0.5
          - bytes: bytes 144:5-144:31 "1.000000:1.000000:1.000000"
            index: 11
            kind: "keyFrame"
            name: "うなずき"
            nameBytes: null
            nameRange: null
            range: 144:5-144:31 "1.000000:1.000000:1.000000"
            time: 1.0
        error: null
        scenes:
          - animation: null
            animations:
              - duration: 1.0
                frameCount: 30.0
                frameRate: 30.0
                name: "うなずき"
                nameRange: bytes 112:16-112:22 "\"うなずき\""
                playTimes: 1.0
                range: bytes 111:1-148:2 "AnimationData {"⏎…36 lines…⏎"\t}"
            armature: null
            armatures: []
            bounds:
              max:
                - 0.5
                - 1.5
                - 0.0
              min:
                - -0.5
                - 0.0
                - 0.0
            defaultAnimation: "うなずき"
            format: "elem"
            kind: "3d"
            materials:
              - ambient:
                  - 0.3
                  - 0.3
                  - 0.3
                  - 1.0
                container: "歩行ロボ"
                diffuse:
                  - 0.7
                  - 0.72
                  - 0.75
                  - 1.0
                emissive:
                  - 0.0
                  - 0.0
                  - 0.0
                  - 1.0
                name: "装甲"
                nameRange: bytes 29:9-29:13 "\"装甲\""
                range: bytes 28:3-35:4 "Material {"⏎…6 lines…⏎"\t\t\t}"
                specular:
                  - 0.5
                  - 0.5
                  - 0.5
                  - 1.0
                specularSharpness: 20.0
                texture: null
                texturePath: null
                uvTransform:
                  rotation: 0.0
                  scale:
                    - 1.0
                    - 1.0
                  translation:
                    - 0.0
                    - 0.0
            meshes:
              - colors: null
                container: "歩行ロボ"
                digest: "99d234b0de75e6ca"
                groups:
                  - count: 2
                    material: 0
                    start: 0
                name: "胴体"
                nameRange: bytes 38:8-38:12 "\"胴体\""
                normals:
                  - 0.0
                  - 0.0
                  - -1.0
                  - 0.0
                  - 0.0
                  - -1.0
                  - 0.0
                  - 0.0
                  - -1.0
                  - 0.0
                  - 0.0
                  - -1.0
                positions:
                  - -0.5
                  - 0.0
                  - 0.0
                  - 0.5
                  - 0.0
                  - 0.0
                  - 0.5
                  - 1.5
                  - 0.0
                  - -0.5
                  - 1.5
                  - 0.0
                range: bytes 37:2-85:3 "Mesh {"⏎…47 lines…⏎"\t\t}"
                triangles:
                  - 0
                  - 3
                  - 2
                  - 0
                  - 2
                  - 1
                uvs:
                  - 0.0
                  - 1.0
                  - 1.0
                  - 1.0
                  - 1.0
                  - 0.0
                  - 0.0
                  - 0.0
                vertexCount: 4
            nodes:
              - matrix:
                  - 1.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 1.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 1.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 1.0
                name: "腰"
                nameRange: bytes 90:11-90:14 "\"腰\""
                parent: null
                range: bytes 89:1-96:2 "Node {"⏎…6 lines…⏎"\t}"
              - matrix:
                  - 1.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 1.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 0.0
                  - 1.0
                  - 0.0
                  - 0.0
                  - 1.0
                  - 0.0
                  - 1.0
                name: "頭"
                nameRange: bytes 93:12-93:15 "\"頭\""
                parent: 0
                range: bytes 92:2-95:3 "Node {"⏎…2 lines…⏎"\t\t}"
            notes: []
            rightHanded: false
            target: null
            targets:
              - name: "danmakufu-ph3"
                title: "Touhou Danmakufu ph3 (its Elfreina mesh loader)"
            time: 0.0
            version: 2
        times:
          - 0.0
        version: 2
        documentVersion: 1
        elements: []
        error:
          kind: "unknownArmature"
          known: []
          message: "no armature named \"x\" (armatures: none)"
        scenes: []
        times:
          - 0.0
        version: 2
    "#]]
    .assert_eq(&answer);
    s.shutdown().await;
}

/// What an answer wrote of each mesh of each scene, and whether it has elements.
fn packing(answer: &Value) -> String {
    let changes = &answer["elementChanges"];
    let elements = match answer["elements"].as_array() {
        Some(e) => format!("{} written", e.len()),
        None if changes.is_object() => format!(
            "{} of {} changed since version {}",
            changes["changed"].as_array().unwrap().len(),
            changes["length"],
            changes["from"]
        ),
        None => "left out".to_owned(),
    };
    let mut out =
        format!("version {} documentVersion {}, elements {elements}\n", answer["version"], answer["documentVersion"]);
    for (i, scene) in answer["scenes"].as_array().unwrap().iter().enumerate() {
        for mesh in scene["meshes"].as_array().unwrap() {
            let keys: Vec<&str> = ["positions", "normals", "uvs", "colors", "triangles", "groups"]
                .into_iter()
                .filter(|k| mesh.get(*k).is_some())
                .collect();
            out += &format!(
                "  scene {i} at {}: mesh {} digest {} vertexCount {}: {}\n",
                scene["time"],
                mesh["name"],
                mesh["digest"],
                mesh["vertexCount"],
                keys.join(" ")
            );
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_viewer_is_not_sent_what_it_holds() {
    let mut s = Servers::start("scene-held", WALKER, |_| {}).await;
    let answer = s
        .each(None, async |client, case| {
            let ask = async |client: &mut crate::lsp_support::TestClient, extra: Value| {
                let params = scene_params(case.doc, extra);
                client.request("rigls/scene", params).await.unwrap()
            };
            // The first time, everything: the fixed parts in the first scene only.
            let first = ask(client, json!({"animation": "うなずき", "times": [0.0, 0.5]})).await;
            let digests: Vec<Value> =
                first["scenes"][0]["meshes"].as_array().unwrap().iter().map(|m| m["digest"].clone()).collect();
            // Holding them and this version's elements: only what the pose changes.
            let held = json!({"animation": "うなずき", "time": 0.25, "meshes": digests, "elementsOf": 1});
            let second = ask(client, held).await;
            // Holding another mesh, or another version's elements: sent again.
            let other = json!({"time": 0.25, "meshes": ["0123456789abcdef", "not a digest"], "elementsOf": 7});
            let third = ask(client, other).await;
            // Version 1 packs nothing and ignores what the viewer holds.
            let plain = ask(client, json!({"version": 1, "meshes": digests, "elementsOf": 1})).await;
            let plain_mesh = &plain["scenes"][0]["meshes"][0];
            format!(
                "{}{}{}version 1: positions {}, digest {}, elements {}",
                packing(&first),
                packing(&second),
                packing(&third),
                plain_mesh["positions"].as_array().map_or(0, Vec::len),
                plain_mesh.get("digest").is_some(),
                plain["elements"].as_array().map_or(0, Vec::len),
            )
        })
        .await;
    expect![[r#"
        version 2 documentVersion 1, elements 17 written
          scene 0 at 0.0: mesh "胴体" digest "99d234b0de75e6ca" vertexCount 4: positions normals uvs colors triangles groups
          scene 1 at 0.5: mesh "胴体" digest "99d234b0de75e6ca" vertexCount 4: positions normals
        version 2 documentVersion 1, elements left out
          scene 0 at 0.25: mesh "胴体" digest "99d234b0de75e6ca" vertexCount 4: positions normals
        version 2 documentVersion 1, elements 17 written
          scene 0 at 0.25: mesh "胴体" digest "99d234b0de75e6ca" vertexCount 4: positions normals uvs colors triangles groups
        version 1: positions 12, digest false, elements 17"#]].assert_eq(&answer);
    s.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edit_of_what_no_pose_changes_changes_the_digest() {
    let mut s = Servers::start("scene-edited", WALKER, |_| {}).await;
    let answer = s
        .each(None, async |client, case| {
            let ask = async |client: &mut crate::lsp_support::TestClient, extra: Value| {
                client.request("rigls/scene", scene_params(case.doc, extra)).await.unwrap()
            };
            let first = ask(client, json!({})).await;
            let held = json!({"meshes": [first["scenes"][0]["meshes"][0]["digest"]], "elementsOf": 1});
            // A position moves: the fixed part is the same, still held.
            let moved = edit(&case.doc.text, "-0.500000:0.000000:0.000000", "-0.600000:0.000000:0.000000");
            client.change(&case.doc.uri, 2, json!([{"text": moved}])).await;
            let second = ask(client, held.clone()).await;
            // A texture coordinate changes: a new digest, written although the old one is held.
            let retextured = edit(&moved, "\t0.000000:1.000000", "\t0.250000:1.000000");
            client.change(&case.doc.uri, 3, json!([{"text": retextured}])).await;
            let third = ask(client, held).await;
            // Back to the original text for the next check.
            client.change(&case.doc.uri, 4, json!([{"text": case.doc.text}])).await;
            format!("{}{}{}", packing(&first), packing(&second), packing(&third))
        })
        .await;
    expect![[r#"
        version 2 documentVersion 1, elements 17 written
          scene 0 at 0.0: mesh "胴体" digest "99d234b0de75e6ca" vertexCount 4: positions normals uvs colors triangles groups
        version 2 documentVersion 2, elements 0 of 17 changed since version 1
          scene 0 at 0.0: mesh "胴体" digest "99d234b0de75e6ca" vertexCount 4: positions normals
        version 2 documentVersion 3, elements 17 written
          scene 0 at 0.0: mesh "胴体" digest "972379887965d9fa" vertexCount 4: positions normals uvs colors triangles groups
    "#]].assert_eq(&answer);
    s.shutdown().await;
}

/// The elements a viewer holding `held` makes of `changes` (docs/scene.md, `elementChanges`).
fn with_changes(held: &[Value], changes: &Value) -> Vec<Value> {
    let moved = &changes["moved"];
    let n = |v: &Value, k: &str| v[k].as_i64().unwrap();
    let position = |p: &Value| {
        let (line, character) = (n(p, "line"), n(p, "character"));
        let (at_line, at_character) = (n(moved, "line"), n(moved, "character"));
        if (line, character) < (at_line, at_character) {
            p.clone()
        } else if line == at_line {
            json!({"line": n(moved, "toLine"), "character": character - at_character + n(moved, "toCharacter")})
        } else {
            json!({"line": line - at_line + n(moved, "toLine"), "character": character})
        }
    };
    let range = |r: &Value| {
        if r.is_null() { r.clone() } else { json!({"start": position(&r["start"]), "end": position(&r["end"])}) }
    };
    let byte = |b: i64| if b < n(moved, "bytes") { b } else { b + n(moved, "by") };
    let bytes = |b: &Value| match b.as_array() {
        Some(pair) => json!([byte(pair[0].as_i64().unwrap()), byte(pair[1].as_i64().unwrap())]),
        None => b.clone(),
    };
    let mut list: Vec<Value> = held
        .iter()
        .map(|e| {
            let mut e = e.clone();
            if !moved.is_null() {
                e["range"] = range(&e["range"]);
                e["nameRange"] = range(&e["nameRange"]);
                e["bytes"] = bytes(&e["bytes"]);
                e["nameBytes"] = bytes(&e["nameBytes"]);
            }
            e
        })
        .collect();
    for change in changes["changed"].as_array().unwrap() {
        list[change["at"].as_u64().unwrap() as usize] = change["element"].clone();
    }
    list
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_viewer_holding_an_earlier_version_is_sent_the_elements_that_changed() {
    let mut s = Servers::start("scene-changes", WALKER, |_| {}).await;
    let answer = s
        .each(None, async |client, case| {
            let ask = async |client: &mut crate::lsp_support::TestClient, extra: Value| {
                client.request("rigls/scene", scene_params(case.doc, extra)).await.unwrap()
            };
            let t = &case.doc.text;
            let nl = if t.contains("\r\n") {
                "\r\n"
            } else if t.contains('\r') {
                "\r"
            } else {
                "\n"
            };
            let mut held = ask(client, json!({})).await["elements"].as_array().unwrap().clone();
            let mut out = String::new();
            let mut text = case.doc.text.clone();
            // A key time shortened (its key lines' times and ranges change, every place after it
            // moves back), a line break added (every line after it moves down), a name lengthened.
            let edits = [
                (format!("\t\t\t\t\t0.500000{nl}"), format!("\t\t\t\t\t0.25{nl}")),
                ("Loop=True".to_owned(), format!("Loop=True{nl}")),
                ("Name=\"胴体\"".to_owned(), "Name=\"胴体の前\"".to_owned()),
            ];
            for (version, (from, to)) in (2..).zip(edits) {
                text = edit(&text, &from, &to);
                client.change(&case.doc.uri, version, json!([{"text": text}])).await;
                let answer = ask(client, json!({"elementsOf": version - 1})).await;
                out += packing(&answer).lines().next().unwrap();
                for change in answer["elementChanges"]["changed"].as_array().unwrap() {
                    let e = &change["element"];
                    out += &format!("; {} {} {} at {}", change["at"], e["kind"], e["name"], e["time"]);
                }
                let whole = ask(client, json!({"elementsOf": null})).await["elements"].as_array().unwrap().clone();
                out += &format!("; as the whole list: {}\n", with_changes(&held, &answer["elementChanges"]) == whole);
                held = whole;
            }
            // A viewer holding another version than the server wrote last gets the whole list.
            let other = ask(client, json!({"elementsOf": 2})).await;
            out += packing(&other).lines().next().unwrap();
            client.change(&case.doc.uri, 5, json!([{"text": case.doc.text}])).await;
            out
        })
        .await;
    expect![[r#"
        version 2 documentVersion 2, elements 4 of 17 changed since version 1; 6 "keyFrame" "うなずき" at 0.25; 9 "keyFrame" "うなずき" at 0.25; 12 "keyFrame" "うなずき" at 0.25; 15 "keyFrame" "うなずき" at 0.25; as the whole list: true
        version 2 documentVersion 3, elements 0 of 17 changed since version 2; as the whole list: true
        version 2 documentVersion 4, elements 1 of 17 changed since version 3; 3 "mesh" "胴体の前" at null; as the whole list: true
        version 2 documentVersion 4, elements 17 written"#]].assert_eq(&answer);
    s.shutdown().await;
}
