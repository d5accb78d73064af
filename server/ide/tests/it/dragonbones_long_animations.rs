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
