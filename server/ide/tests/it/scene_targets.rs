//! The scene a preview draws follows the target picked (issue 29): the runtime a document is
//! checked for by default, any target of its format on request, another format's refused; an
//! `.elem` model under `danmakufu-ph3` is drawn as Danmakufu's loader reads and poses it.

use std::path::Path;

use rigls_diagnostic::env::RealFs;
use rigls_diagnostic::{FileFormat, Target, Targets};
use rigls_ide::pose::{Pose, PoseError, PoseRequest, pose};
use rigls_ide::scene::{Scene, SceneContent, SceneRequest, scenes_at};
use rigls_ide::{Analysis, AnalysisOptions};

fn fixture(path: &str) -> (std::path::PathBuf, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures").join(path);
    let text = std::fs::read_to_string(&path).expect("fixture");
    (path, text)
}

fn analysed(path: &Path, text: String, targets: &[Target]) -> Analysis {
    let options = AnalysisOptions { targets: Targets::of(targets), ..AnalysisOptions::default() };
    Analysis::with_options(Some(path), text, &RealFs, options)
}

fn scene(analysis: &Analysis, animation: Option<&str>, time: f64, target: Option<Target>) -> Result<Scene, PoseError> {
    let request = SceneRequest { armature: None, animation: animation.map(str::to_owned), time, target };
    scenes_at(analysis, &request, &[time]).map(|mut s| s.remove(0))
}

const SKELETON: &str = r#"{"name": "hero", "version": "5.5", "frameRate": 24,
 "armature": [{"name": "hero", "bone": [{"name": "root"}], "slot": [{"name": "s", "parent": "root"}]}]}"#;

#[test]
fn a_skeleton_is_drawn_as_its_first_target_and_offers_every_dragonbones_target() {
    let path = Path::new("hero_ske.json");
    let every: Vec<Target> = Target::of_format(FileFormat::DragonBones).collect();
    let plain = analysed(path, SKELETON.to_owned(), &[]);
    let drawn = scene(&plain, None, 0.0, None).expect("a scene");
    assert_eq!((drawn.target, &drawn.targets), (Some(Target::DragonBonesJs), &every));
    let godot = analysed(path, SKELETON.to_owned(), &[Target::DanmakufuPh3, Target::Godot, Target::Unity]);
    assert_eq!(scene(&godot, None, 0.0, None).expect("a scene").target, Some(Target::Godot));
    assert_eq!(scene(&godot, None, 0.0, Some(Target::Flutter)).expect("a scene").target, Some(Target::Flutter));
    let Err(PoseError::NoPose(why)) = scene(&plain, None, 0.0, Some(Target::DanmakufuPh3)) else {
        panic!("another format's target is refused")
    };
    assert_eq!(
        why,
        "`danmakufu-ph3` is not a target of this format (its targets: dragonbones-js, egret, cocos-creator-2, cocos-creator-3, dragonbones-cpp, godot, unity, flutter)"
    );
}

#[test]
fn an_elem_model_is_drawn_by_rigls_unless_danmakufu_is_picked() {
    let (path, text) = fixture("elem/danmakufu/walker_triangles.elem");
    let analysis = analysed(&path, text, &[]);
    let own = scene(&analysis, Some("うなずき"), 0.5, None).expect("a scene");
    assert_eq!((own.target, own.targets.as_slice()), (None, &[Target::DanmakufuPh3][..]));
    let drawn = scene(&analysis, Some("うなずき"), 0.5, Some(Target::DanmakufuPh3)).expect("a scene");
    assert_eq!(drawn.target, Some(Target::DanmakufuPh3));
    let request = PoseRequest {
        armature: None,
        animation: Some("うなずき".into()),
        time: 0.5,
        target: Some(Target::DanmakufuPh3),
    };
    let Ok(Pose::Elem(posed)) = pose(&analysis, &request) else { panic!("Danmakufu's pose") };
    let SceneContent::Solid(solid) = &drawn.content else { panic!("a 3-D scene") };
    let nodes: Vec<(&str, [f64; 16])> = solid.nodes.iter().map(|n| (n.name.as_str(), n.matrix)).collect();
    let expected: Vec<(&str, [f64; 16])> = posed.nodes.iter().map(|n| (n.name.as_str(), n.matrix)).collect();
    assert_eq!(nodes, expected);
    let meshes: Vec<(&str, &Vec<f64>)> = solid.meshes.iter().map(|m| (m.name.as_str(), &m.positions)).collect();
    let expected: Vec<(&str, &Vec<f64>)> = posed.meshes.iter().map(|m| (m.mesh.as_str(), &m.vertices)).collect();
    assert_eq!(meshes, expected);
    // Danmakufu poses in single precision: not rigls's numbers.
    let SceneContent::Solid(ours) = &own.content else { panic!("a 3-D scene") };
    assert_ne!(ours.meshes[0].positions, solid.meshes[0].positions);
    assert_eq!(drawn.notes, Vec::<String>::new());
}

#[test]
fn danmakufu_draws_the_last_mesh_container_only() {
    let (path, text) = fixture("elem/danmakufu/walker_triangles.elem");
    let start = text.find("\tMeshContainer {").expect("a container");
    let end = text.find("\n}\nHierarchyList").expect("the end of MeshDatas");
    let second = text[start..end].replacen("Name=\"歩行ロボ\"", "Name=\"予備\"", 1);
    let text = format!("{}\n{second}{}", &text[..end], &text[end..]).replacen(
        "MeshContainerCount=1",
        "MeshContainerCount=2",
        1,
    );
    let analysis = analysed(&path, text, &[Target::DanmakufuPh3]);
    let drawn = scene(&analysis, Some("うなずき"), 0.0, None).expect("a scene");
    assert_eq!(drawn.target, Some(Target::DanmakufuPh3));
    let SceneContent::Solid(solid) = &drawn.content else { panic!("a 3-D scene") };
    let meshes: Vec<(&str, &str)> = solid.meshes.iter().map(|m| (m.container.as_str(), m.name.as_str())).collect();
    assert_eq!(meshes, [("予備", "胴体")]);
    assert_eq!(drawn.notes, ["Danmakufu does not draw the mesh \"胴体\" of \"歩行ロボ\" (its diagnostics say why)"]);
}

#[test]
fn a_model_danmakufu_does_not_load_has_no_danmakufu_scene() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/walker.elem");
    let text = std::fs::read_to_string(&path).expect("the example");
    let analysis = analysed(&path, text, &[]);
    assert!(scene(&analysis, None, 0.0, None).is_ok());
    let Err(PoseError::Broken(why)) = scene(&analysis, None, 0.0, Some(Target::DanmakufuPh3)) else {
        panic!("no scene")
    };
    assert_eq!(
        why,
        [
            "line 81: Danmakufu does not load the file: a face of 4 corners, and the loader reads triangles only: split it into two triangles"
        ]
    );
}
