//! `rigls pose --target danmakufu-ph3` against golden poses: what Touhou Danmakufu ph3 computes for
//! the fixtures of `tests/fixtures/elem/danmakufu/`, at its setup chain and at every frame of each
//! clip from −1 to one loop and three frames on. The goldens were written by an independent port of
//! Danmakufu's loader and maths (Python, binary32 rounding of every operation, Wine's D3DX), kept
//! out of the repository; rigls must give the same numbers, bit for bit.
//!
//! `walker_triangles.elem` is `examples/walker.elem` with its quad split in two triangles.
//! `quirks.elem` has Danmakufu's quirks: a node named after no bone (it takes over bone 0's
//! posture), a part whose first key is after 0 and whose last is at 0.4 (extrapolated),
//! near-parallel keys with a sign flip (blended without renormalising), duplicate key times,
//! five influences on a vertex (the fifth bone replaces the first's), weights summing to 1.2 and
//! to 0.5 (the rest to bone 0), a vertex without weights, non-unit quaternions and a 60 fps clip
//! whose frames fall between milliseconds.

use std::path::Path;

use rigls_diagnostic::Target;
use rigls_diagnostic::env::RealFs;
use rigls_ide::Analysis;
use rigls_ide::pose::{Pose, PoseRequest, pose};
use serde_json::Value;

fn check(name: &str) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/elem/danmakufu");
    let model = dir.join(format!("{name}.elem"));
    let text = std::fs::read_to_string(&model).expect("fixture");
    let analysis = Analysis::new(Some(&model), text, &RealFs);
    let golden: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(format!("{name}.danmakufu.json"))).expect("golden"))
            .expect("JSON");
    let poses = golden["poses"].as_array().expect("poses");
    for case in poses {
        let request = PoseRequest {
            armature: None,
            animation: case["animation"].as_str().map(str::to_owned),
            time: case["time"].as_f64().expect("time"),
            target: Some(Target::DanmakufuPh3),
        };
        let what = format!("{name}: {:?} at {} s", request.animation, request.time);
        let Ok(Pose::Elem(ours)) = pose(&analysis, &request) else { panic!("{what}: no pose") };
        let nodes = case["nodes"].as_array().expect("nodes");
        assert_eq!(ours.nodes.len(), nodes.len(), "{what}: nodes");
        for (node, expected) in ours.nodes.iter().zip(nodes) {
            assert_eq!(node.name, expected["name"].as_str().unwrap_or_default(), "{what}");
            let matrix: Vec<f64> = expected["matrix"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
            assert_eq!(node.matrix.to_vec(), matrix, "{what}: node {}", node.name);
        }
        let meshes = case["meshes"].as_array().expect("meshes");
        assert_eq!(ours.meshes.len(), meshes.len(), "{what}: meshes");
        for (mesh, expected) in ours.meshes.iter().zip(meshes) {
            assert_eq!(mesh.mesh, expected["mesh"].as_str().unwrap_or_default(), "{what}");
            assert_eq!(mesh.container, expected["container"].as_str().unwrap_or_default(), "{what}");
            let vertices: Vec<f64> =
                expected["vertices"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
            assert_eq!(mesh.vertices, vertices, "{what}: mesh {}", mesh.mesh);
        }
    }
    poses.len()
}

#[test]
fn the_walker_is_posed_as_danmakufu_poses_it() {
    assert_eq!(check("walker_triangles"), 36);
}

#[test]
fn danmakufu_s_quirks_are_reproduced() {
    assert_eq!(check("quirks"), 71);
}

#[test]
fn times_between_frames_and_what_danmakufu_cannot_pose() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/elem/danmakufu");
    let model = dir.join("quirks.elem");
    let analysis = Analysis::new(Some(&model), std::fs::read_to_string(&model).expect("fixture"), &RealFs);
    let at = |animation: Option<&str>, time: f64| {
        let request = PoseRequest {
            armature: None,
            animation: animation.map(str::to_owned),
            time,
            target: Some(Target::DanmakufuPh3),
        };
        pose(&analysis, &request)
    };
    let Ok(Pose::Elem(between)) = at(Some("once"), 0.0105) else { panic!("a pose") };
    assert_eq!(between.clip_ms, 10.0);
    assert_eq!(
        between.notes,
        ["0.0105 s is no whole frame at 60 frames per second: posed at 10 ms, as no frame of Danmakufu's shows it"]
    );
    let Ok(Pose::Elem(frame)) = at(Some("once"), 1.0 / 60.0) else { panic!("a pose") };
    assert_eq!((frame.clip_ms, frame.notes.len()), (16.0, 0), "frame 1 of a 60 fps clip is 16 ms, not 16.67");
    let Ok(Pose::Elem(setup)) = at(None, 0.0) else { panic!("a pose") };
    assert_eq!(
        setup.notes,
        [
            "Danmakufu has no setup pose (it draws a model only through a clip): this is the `InitPostureMatrix` chain alone"
        ]
    );
    assert_eq!(
        at(Some("walk"), 0.0).unwrap_err().to_string(),
        "no animation named \"walk\" (animations: \"swing\", \"once\")"
    );
    let quad = include_str!("../../../../examples/walker.elem");
    let analysis = Analysis::new(Some(Path::new("walker.elem")), quad.to_owned(), &RealFs);
    let request = PoseRequest {
        animation: Some("うなずき".to_owned()),
        target: Some(Target::DanmakufuPh3),
        ..PoseRequest::default()
    };
    assert_eq!(
        pose(&analysis, &request).unwrap_err().to_string(),
        "the file has errors that make its pose meaningless:\n  line 81: Danmakufu does not load the file: a face of 4 corners, and the loader reads triangles only: split it into two triangles"
    );
}
