//! rigls poses skeletons as the official DragonBones runtime does. The expected poses were
//! computed by DragonBonesJS 5.7 (HEAD) run headless — build the armature, then
//! `gotoAndPlayByTime(animation, time, 1)` and `advanceTime(0)` — and are kept as data beside the
//! skeletons (`tests/fixtures/dragonbones/poses/*.poses.json`; `poses/corpus/` for the real
//! exports of `../shared/corpus`, whose tests are skipped when it is absent).
//!
//! Tolerances as the runtime comparison asks: every global matrix value within 1e-3 (relative,
//! at least 1e-3 absolute), mesh vertices within 0.01 px, display indices and draw order exact.

use std::path::{Path, PathBuf};

use rigls_diagnostic::env::RealFs;
use rigls_ide::Analysis;
use rigls_ide::pose::{Pose, PoseRequest, pose};
use serde_json::Value;

fn fixtures() -> PathBuf {
    rigls_test_support::server_dir().join("tests/fixtures/dragonbones")
}

fn close(ours: f64, theirs: &Value, tolerance: f64) -> bool {
    match theirs.as_f64() {
        None => !ours.is_finite(),
        Some(t) => (ours - t).abs() <= tolerance.max(1e-3 * t.abs()),
    }
}

/// Compares every pose of a golden file with rigls's; returns the poses compared. A binary
/// skeleton (`.dbbin`) is read as one.
fn compare(skeleton: &Path, golden: &Path) -> usize {
    let bytes = std::fs::read(skeleton).expect("skeleton");
    let analysis = Analysis::of_file(Some(skeleton), bytes, &RealFs).expect("a skeleton");
    let expected: Value = serde_json::from_str(&std::fs::read_to_string(golden).expect("golden")).expect("JSON");
    let poses = expected["poses"].as_array().expect("poses");
    for case in poses {
        let request = PoseRequest {
            armature: case["armature"].as_str().map(str::to_owned),
            animation: case["animation"].as_str().map(str::to_owned),
            time: case["time"].as_f64().expect("time"),
            target: None,
        };
        let what = format!("{}: {request:?}", skeleton.display());
        let Ok(Pose::DragonBones(ours)) = pose(&analysis, &request) else { panic!("{what}: no pose") };
        let bones = case["bones"].as_array().expect("bones");
        assert_eq!(ours.bones.len(), bones.len(), "{what}: bone count");
        // By name: the runtime lists bones parents and IK targets first, rigls as the file does.
        for t in bones {
            let name = t["name"].as_str().unwrap_or_default();
            let b = ours.bones.iter().find(|b| b.name == name).unwrap_or_else(|| panic!("{what}: no bone {name}"));
            for (i, v) in b.matrix.iter().enumerate() {
                assert!(
                    close(*v, &t["matrix"][i], 1e-3),
                    "{what}: bone {} matrix[{i}] {v} vs {}",
                    b.name,
                    t["matrix"][i]
                );
            }
        }
        let slots = case["slots"].as_array().expect("slots");
        assert_eq!(ours.slots.len(), slots.len(), "{what}: slot count");
        for (s, t) in ours.slots.iter().zip(slots) {
            assert_eq!(s.name, t["name"].as_str().unwrap_or_default(), "{what}: slot order");
            assert_eq!(Some(s.display_index), t["displayIndex"].as_i64(), "{what}: slot {} display", s.name);
            assert_eq!(Some(s.z_order), t["zOrder"].as_i64(), "{what}: slot {} draw order", s.name);
            match (&s.vertices, t["vertices"].as_array()) {
                (None, None) => {}
                (Some(v), Some(tv)) => {
                    assert_eq!(v.len(), tv.len(), "{what}: slot {} vertex count", s.name);
                    for (i, (x, y)) in v.iter().zip(tv).enumerate() {
                        assert!(
                            close(*x, y, 0.01) || (x - y.as_f64().unwrap_or(f64::NAN)).abs() <= 0.01,
                            "{what}: slot {} vertex value {i}: {x} vs {y}",
                            s.name
                        );
                    }
                }
                (ours, theirs) => panic!("{what}: slot {} vertices {} vs {}", s.name, ours.is_some(), theirs.is_some()),
            }
        }
    }
    poses.len()
}

#[test]
fn the_project_fixtures_pose_as_the_runtime_poses_them() {
    let dir = fixtures().join("poses");
    let mut compared = 0;
    for entry in std::fs::read_dir(&dir).expect("poses dir").flatten() {
        let golden = entry.path();
        let Some(stem) = golden.file_name().and_then(|n| n.to_str()).and_then(|n| n.strip_suffix(".poses.json")) else {
            continue;
        };
        let skeleton = [dir.join(format!("{stem}_ske.json")), fixtures().join(format!("{stem}_ske.json"))]
            .into_iter()
            .find(|p| p.exists())
            .unwrap_or_else(|| panic!("no skeleton for {}", golden.display()));
        compared += compare(&skeleton, &golden);
    }
    assert!(compared >= 40, "only {compared} poses compared");
}

/// Binary skeletons written by the editor (`tests/fixtures/dragonbones/binary/`, from the
/// DragonBonesJS demos) pose as the runtime poses them: a 5.0 file with all-in-one bone key
/// frames, 5.5 files with separate translate/rotate timelines, colours in `intArray`.
#[test]
fn the_editor_binaries_pose_as_the_runtime_poses_them() {
    let dir = fixtures().join("binary");
    let mut compared = 0;
    for name in ["mecha_1406_ske", "dragon_boy_ske", "mecha_1002_101d_show_ske"] {
        compared += compare(&dir.join(format!("{name}.dbbin")), &dir.join(format!("{name}.poses.json")));
    }
    assert_eq!(compared, 70);
}

/// Binaries the official converter (DragonBones Tools' `db2 -t binary`) wrote of the project's
/// fixtures (`binary/converter/`, a 2.3 file among them) pose as the runtime poses them: its
/// writer lays the arrays out otherwise than rigls's and the editor's.
#[test]
fn the_converter_binaries_pose_as_the_runtime_poses_them() {
    let dir = fixtures().join("binary/converter");
    let mut compared = 0;
    for name in ["ik_ske", "inherit_ske", "slot_pose_ske", "ロボ_ske", "竜_ske"] {
        compared += compare(&dir.join(format!("{name}.dbbin")), &dir.join(format!("{name}.poses.json")));
    }
    assert_eq!(compared, 35);
}

#[test]
fn the_real_exports_pose_as_the_runtime_poses_them() {
    let shared = rigls_test_support::server_dir().join("../../shared/corpus");
    if !shared.exists() {
        eprintln!("SKIPPED: ../shared/corpus is absent (a clone without the shared corpus)");
        return;
    }
    let mut compared = 0;
    for entry in std::fs::read_dir(fixtures().join("poses/corpus")).expect("corpus poses").flatten() {
        let golden = entry.path();
        let Some(stem) = golden.file_name().and_then(|n| n.to_str()).and_then(|n| n.strip_suffix(".poses.json")) else {
            continue;
        };
        let name = format!("{stem}.json");
        let dir = stem.strip_suffix("_ske").unwrap_or(stem);
        let skeleton =
            [shared.join("dragonbones").join(&name), shared.join("dragonbones-images").join(dir).join(&name)]
                .into_iter()
                .find(|p| p.exists())
                .unwrap_or_else(|| panic!("no corpus skeleton for {}", golden.display()));
        compared += compare(&skeleton, &golden);
    }
    assert!(compared >= 60, "only {compared} poses compared");
}
