//! Long curved key frames. The runtime's frame table and each curved key frame's samples have an
//! entry a frame, which rigls keeps as runs of key frames and computes where a pose reads them
//! (curved key frames of a million frames took `--check` 33 s). And the runtime keeps every key
//! frame of an animation in one frame array that it references in 16 bits: a key frame past entry
//! 65,535 is read at a wrapped offset. Both fixtures were played by DragonBonesJS and
//! DragonBonesCPP (`tests/runtimes/`): with key frames of 21,839 frames every pose equals rigls's;
//! with 21,840 the third bone's last key frame starts at entry 65,536, and 4 of 5 poses differ.

use rigls_diagnostic::Target;
use rigls_ide::pose::{Pose, PoseError, PoseRequest, pose};
use rigls_test_support::fixture as support;

/// Three bones, each moved in x from 0 to 100 over one key frame of `frames` frames (the whole
/// animation, at 10,000 frames a second), eased by a straight curve (samples ≈ the progress).
/// Each timeline takes `frames + 6` entries of the frame array: the curved key frame's position,
/// tween type, sample count and `frames + 1` samples, the last key frame's position and tween type.
fn skeleton(frames: u32) -> String {
    let timeline = |n: &str| {
        format!(
            r#"{{"name": "{n}", "translateFrame": [{{"duration": {frames}, "curve": [0.25, 0.25, 0.75, 0.75], "x": 0}}, {{"duration": 0, "x": 100}}]}}"#
        )
    };
    format!(
        r#"{{"name": "長", "version": "5.5", "frameRate": 10000, "armature": [{{"name": "長", "frameRate": 10000,
 "bone": [{{"name": "骨0"}}, {{"name": "骨1"}}, {{"name": "骨2"}}],
 "animation": [{{"name": "歩く", "duration": {frames}, "bone": [{}, {}, {}]}}]}}]}}"#,
        timeline("骨0"),
        timeline("骨1"),
        timeline("骨2")
    )
}

fn xs(text: &str, time: f64, target: Option<Target>) -> Result<Vec<f64>, PoseError> {
    let analysis = support::analyse("長_ske.json", text, &[]);
    let request = PoseRequest { armature: None, animation: Some("歩く".to_owned()), time, target };
    match pose(&analysis, &request)? {
        Pose::DragonBones(p) => Ok(p.bones.into_iter().map(|b| b.matrix[4]).collect()),
        other => panic!("{other:?}"),
    }
}

#[test]
fn curved_key_frames_of_21839_frames_pose_as_their_curve() {
    let text = skeleton(21_839);
    let analysis = support::analyse("長_ske.json", &text, &[]);
    assert_eq!(support::positions(&analysis, rigls_text::PositionEncoding::Utf16), Vec::<String>::new());
    let seconds = 2.1839;
    for target in [None, Some(Target::DragonBonesCpp)] {
        for (progress, expected) in [(0.0, 0.0), (0.25, 25.0), (0.5, 50.0), (0.99, 99.0), (1.0, 100.0)] {
            let xs = xs(&text, seconds * progress, target).expect("a pose");
            assert_eq!(xs.len(), 3);
            for x in xs {
                // The curve's samples put a quarter of the way at 24.99, which the C++ runtime
                // keeps as the 32-bit float 24.9899998 (0.0100000229 short of 25).
                assert!((x - expected).abs() < 0.0101, "{target:?} at {progress}: x = {x}, not {expected}");
            }
        }
    }
}

#[test]
fn key_frames_past_the_frame_arrays_16_bit_reach_are_an_error() {
    let text = skeleton(21_840);
    let analysis = support::analyse("長_ske.json", &text, &[]);
    assert_eq!(
        support::positions(&analysis, rigls_text::PositionEncoding::Utf16),
        [
            "invalid-value 2:24-2:28 this animation's key frames take more than 65,535 entries of the runtime's frame array, which it references in 16 bits: the key frames past that are read at a wrapped offset, another key frame's data, and play wrong in DragonBonesJS and DragonBonesCPP (a curve stores a sample per frame of its key frame: use fewer or shorter curved key frames, or split the animation)"
        ]
    );
    // Not posed: what the runtime shows depends on the data it reads by mistake.
    assert!(matches!(xs(&text, 1.0, None), Err(PoseError::Broken(_))));
}

/// A mesh `大` of `vertices` vertices deformed over `key_frames` key frames, then `small` meshes
/// of 4 vertices deformed over 2 (each timeline on a line of its own). The runtime
/// stores every deform key frame's vertices in its `frameFloatArray`, timeline after timeline,
/// and each timeline's start (from the animation's first) in 16 bits.
fn deformed(vertices: usize, key_frames: usize, small: usize) -> String {
    let numbers = |n: usize, v: f64| vec![v.to_string(); n].join(",");
    let mut slots = vec![r#"{"name": "大", "parent": "根"}"#.to_owned()];
    let mut skins = vec![format!(
        r#"{{"name": "大", "display": [{{"type": "mesh", "name": "大", "vertices": [{}], "uvs": [{}], "triangles": [0, 1, 2]}}]}}"#,
        numbers(2 * vertices, 1.0),
        numbers(2 * vertices, 0.5)
    )];
    let big = (0..key_frames).map(|k| format!(r#"{{"vertices": [{}]}}"#, numbers(2 * vertices, k as f64 + 1.0)));
    let mut timelines =
        vec![format!(r#"{{"name": "大", "slot": "大", "frame": [{}]}}"#, big.collect::<Vec<_>>().join(","))];
    for i in 0..small {
        slots.push(format!(r#"{{"name": "小{i}", "parent": "根"}}"#));
        skins.push(format!(
            r#"{{"name": "小{i}", "display": [{{"type": "mesh", "name": "小{i}", "vertices": [0, 0, 10, 0, 10, 10, 0, 10], "uvs": [0, 0, 1, 0, 1, 1, 0, 1], "triangles": [0, 1, 2, 0, 2, 3]}}]}}"#
        ));
        timelines.push(format!(
            r#"{{"name": "小{i}", "slot": "小{i}", "frame": [{{"duration": {}, "tweenEasing": 0, "vertices": [5, 5, 5, 5, 5, 5, 5, 5]}}, {{"duration": 0, "vertices": [9, 9, 9, 9, 9, 9, 9, 9]}}]}}"#,
            key_frames - 1
        ));
    }
    format!(
        "{{\"name\": \"形\", \"version\": \"5.5\", \"armature\": [{{\"name\": \"形\", \"bone\": [{{\"name\": \"根\"}}],\n \"slot\": [{}],\n \"skin\": [{{\"slot\": [{}]}}],\n \"animation\": [{{\"name\": \"動\", \"duration\": {}, \"ffd\": [\n{}]}}]}}]}}",
        slots.join(", "),
        skins.join(", "),
        key_frames - 1,
        timelines.join(",\n")
    )
}

/// Both runtimes read a deform timeline whose values start at entry 65,536 at entry 0, the first
/// timeline's values (`tests/runtimes/`: the small mesh's vertices were 1, not 5 to 9, in 3 of 8
/// poses in DragonBonesJS and 5 of 12 in DragonBonesCPP); at 65,504 every pose agreed.
#[test]
fn deform_values_past_the_float_value_arrays_16_bit_reach_are_an_array_overflow() {
    let within = deformed(2047, 16, 1);
    let analysis = support::analyse("形_ske.json", &within, &[]);
    assert_eq!(support::positions(&analysis, rigls_text::PositionEncoding::Utf16), Vec::<String>::new());
    let past = deformed(2048, 16, 1);
    let analysis = support::analyse("形_ske.json", &past, &[]);
    assert_eq!(
        support::positions(&analysis, rigls_text::PositionEncoding::Utf16),
        [
            "array-overflow 5:9-5:13 this timeline's key frame values start at entry 65536 of the runtime's frameFloatArray (counted from its animation's first), past the 65,535 its 16-bit reference reaches: DragonBonesJS and DragonBonesCPP read them at entry 0, another timeline's values, and play it wrong; deform key frames store every vertex of their mesh: deform fewer vertices or key frames, or split the animation"
        ]
    );
    let three = deformed(2048, 16, 3);
    let analysis = support::analyse("形_ske.json", &three, &[]);
    let found = support::positions(&analysis, rigls_text::PositionEncoding::Utf16);
    assert_eq!(found.len(), 1);
    assert!(found[0].contains("play it wrong (as do 2 later timelines of the animation);"), "{found:?}");
    // Not posed: what the runtime shows depends on the values it reads by mistake.
    let request = PoseRequest { armature: None, animation: Some("動".to_owned()), time: 0.1, target: None };
    assert!(matches!(pose(&analysis, &request), Err(PoseError::Broken(_))));
}
