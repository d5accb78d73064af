//! The scene protocol's JSON: the keys of a scene in the order docs/scene.md gives them, plain
//! (version 1) and packed (version 2), through the answer a viewer gets.

use rigls_diagnostic::env::RealFs;
use rigls_ide::Analysis;
use rigls_ide::scene::{Scene, SceneRequest};
use rigls_protocol::{SceneAnswer, SceneJson, SceneQuery};

fn analysis_of(name: &str) -> Analysis {
    let path = rigls_test_support::server_dir().join("tests/fixtures/render").join(name);
    let text = std::fs::read_to_string(&path).expect("fixture");
    Analysis::new(Some(&path), text, &RealFs)
}

fn scene_of(analysis: &Analysis, animation: Option<&str>) -> Scene {
    let request = SceneRequest { armature: None, animation: animation.map(str::to_owned), time: 0.5, target: None };
    rigls_ide::scene::scene(analysis, &request).expect("a scene")
}

/// The keys of the first JSON object `json` opens, in order (its own, not those of the objects
/// inside it).
fn top_keys(json: &str) -> String {
    let mut keys = Vec::new();
    let (mut depth, mut in_string, mut escaped, mut start) = (0, false, false, 0);
    for (i, c) in json.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' if in_string => {
                in_string = false;
                if depth == 1 && json[i + 1..].starts_with(':') {
                    keys.push(&json[start..i]);
                }
            }
            '"' => (in_string, start) = (true, i + 1),
            '{' | '[' if !in_string => depth += 1,
            '}' | ']' if !in_string => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
    }
    keys.join(" ")
}

#[test]
fn a_plain_scene_writes_its_keys_in_the_order_of_docs_scene_md() {
    let scene = scene_of(&analysis_of("atlas_ske.json"), Some("wave"));
    let json = serde_json::to_string(&SceneJson::plain(&scene)).unwrap();
    assert_eq!(
        top_keys(&json),
        "version format armatures animations defaultAnimation armature animation time notes target targets kind \
         instances bones \
         slots drawables boundingBoxes textures atlases bounds"
    );
    assert!(json.starts_with(r#"{"version":1,"format":"dragonbones","#) && json.contains(r#""kind":"2d""#));
    let bone = &json[json.find(r#""bones":[{"#).unwrap() + 9..];
    assert_eq!(top_keys(bone), "instance name parent matrix length range nameRange");
}

#[test]
fn a_packed_answer_writes_meshes_as_buffers_and_elements_with_bytes() {
    let analysis = analysis_of("sign.elem");
    let ask: SceneQuery = serde_json::from_str(r#"{"version": 2, "times": [0, 0.5]}"#).unwrap();
    let ask = ask.request().unwrap();
    let built = rigls_ide::scene::scenes_at(&analysis, &ask.request, &ask.times);
    let json = serde_json::to_string(&SceneAnswer::new(7, ask, built, None)).unwrap();
    assert_eq!(top_keys(&json), "version documentVersion times scenes elements error");
    let scene = &json[json.find(r#""scenes":[{"#).unwrap() + 10..];
    assert_eq!(
        top_keys(scene),
        "version format armatures animations defaultAnimation armature animation time notes target targets kind \
         nodes meshes \
         materials rightHanded bounds"
    );
    let mesh = &scene[scene.find(r#""meshes":[{"#).unwrap() + 10..];
    assert_eq!(
        top_keys(mesh),
        "container name range nameRange digest vertexCount positions normals uvs colors triangles groups"
    );
    // The second scene leaves every mesh's fixed part out.
    let second = &scene[scene.find(r#"},{"version":2"#).unwrap() + 2..];
    let mesh = &second[second.find(r#""meshes":[{"#).unwrap() + 10..];
    assert_eq!(top_keys(mesh), "container name range nameRange digest vertexCount positions normals");
    let element = &json[json.find(r#""elements":[{"#).unwrap() + 12..];
    assert_eq!(top_keys(element), "kind index name bytes nameBytes");
}
