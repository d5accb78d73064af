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
/// of 4 vertices deformed over 2 (each timeline on a line of its own), then, when `bone`, a 5.6
/// timeline moving bone `骨` from (5, 5) to (9, 9). The runtime stores every deform key frame's
/// vertices in its `frameFloatArray`, timeline after timeline, and each timeline's start (from
/// the animation's first) in 16 bits.
fn deformed(vertices: usize, key_frames: usize, small: usize, bone: bool) -> String {
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
    let typed = match bone {
        true => format!(
            r#",
 "timeline": [{{"type": 11, "name": "骨", "frame": [{{"duration": {}, "tweenEasing": 0, "x": 5, "y": 5}}, {{"duration": 0, "x": 9, "y": 9}}]}}]"#,
            key_frames - 1
        ),
        false => String::new(),
    };
    format!(
        "{{\"name\": \"形\", \"version\": \"5.6\", \"compatibleVersion\": \"5.5\", \"armature\": [{{\"name\": \"形\", \"bone\": [{{\"name\": \"根\"}}, {{\"name\": \"骨\", \"parent\": \"根\"}}],\n \"slot\": [{}],\n \"skin\": [{{\"slot\": [{}]}}],\n \"animation\": [{{\"name\": \"動\", \"duration\": {}, \"ffd\": [\n{}]{typed}}}]}}]}}",
        slots.join(", "),
        skins.join(", "),
        key_frames - 1,
        timelines.join(",\n")
    )
}

/// The first vertex of the mesh of slot `slot`, posed at `time` for `target`.
fn first_vertex(text: &str, slot: usize, time: f64, target: Option<Target>) -> f64 {
    let analysis = support::analyse("形_ske.json", text, &[]);
    let request = PoseRequest { armature: None, animation: Some("動".to_owned()), time, target };
    match pose(&analysis, &request).expect("a pose") {
        Pose::DragonBones(p) => p.slots[slot].vertices.clone().expect("a mesh")[0],
        other => panic!("{other:?}"),
    }
}

/// Both runtimes read a deform timeline whose values start at entry 65,536 at entry 0, the first
/// timeline's values (`tests/runtimes/`: the small mesh's vertices were 1, not 5 to 9, in 3 of 8
/// poses in DragonBonesJS and 5 of 12 in DragonBonesCPP; at 65,504 every pose agreed), and rigls
/// poses what they read (every pose of both files agreed then).
#[test]
fn deform_values_past_the_float_value_arrays_16_bit_reach_are_read_where_the_runtime_reads() {
    let within = deformed(2047, 16, 1, false);
    let analysis = support::analyse("形_ske.json", &within, &[]);
    assert_eq!(support::positions(&analysis, rigls_text::PositionEncoding::Utf16), Vec::<String>::new());
    let past = deformed(2048, 16, 1, false);
    let analysis = support::analyse("形_ske.json", &past, &[]);
    assert_eq!(
        support::positions(&analysis, rigls_text::PositionEncoding::Utf16),
        [
            "array-overflow 5:9-5:13 this timeline's key frame values start at entry 65536 of the runtime's frameFloatArray (counted from its animation's first), past the 65,535 its 16-bit reference reaches: the runtime reads them at entry 0, another timeline's values, and plays it wrong; deform key frames store every vertex of their mesh: deform fewer vertices or key frames, or split the animation"
        ]
    );
    // The small mesh's first vertex (0, 0) tweened from 5 to 9 by its own key frames (at frame 6
    // of 15: 6.6); moved by 1, the first key frame of the large mesh, where the runtimes read.
    for target in [None, Some(Target::DragonBonesCpp)] {
        let tweened = first_vertex(&within, 1, 0.25, target);
        assert!((tweened - 6.6).abs() < 1e-5, "{target:?}: {tweened}");
        assert_eq!(first_vertex(&past, 1, 0.25, target), 1.0);
    }
    let three = deformed(2048, 16, 3, false);
    let analysis = support::analyse("形_ske.json", &three, &[]);
    let found = support::positions(&analysis, rigls_text::PositionEncoding::Utf16);
    assert_eq!(found.len(), 1);
    assert!(found[0].contains("plays it wrong (as do 2 later timelines of the animation);"), "{found:?}");
    // The third small mesh's values start at 65,552: it reads entry 16, the large mesh's too.
    assert_eq!(first_vertex(&three, 3, 0.25, None), 1.0);
}

/// A 5.6 bone timeline after deforms of 65,536 values reads the first deform key frame's values
/// as its x and y in DragonBonesJS (`tests/runtimes/`: the bone at 1, not 5 to 9, in 3 of 4
/// poses); DragonBonesCPP reads no 5.6 timeline. `--check` leaves deform values out where it can
/// and reads them here, where the bone needs them.
#[test]
fn a_bone_timeline_past_the_float_value_arrays_reach_reads_deform_values() {
    let text = deformed(2048, 16, 0, true);
    let analysis = support::analyse("形_ske.json", &text, &[]);
    assert_eq!(
        support::positions(&analysis, rigls_text::PositionEncoding::Utf16),
        [
            "array-overflow 5:35-5:38 this timeline's key frame values start at entry 65536 of the runtime's frameFloatArray (counted from its animation's first), past the 65,535 its 16-bit reference reaches: the runtime reads them at entry 0, another timeline's values, and plays it wrong; deform key frames store every vertex of their mesh: deform fewer vertices or key frames, or split the animation"
        ]
    );
    let x = |target| {
        let request = PoseRequest { armature: None, animation: Some("動".to_owned()), time: 0.25, target };
        match pose(&analysis, &request).expect("a pose") {
            Pose::DragonBones(p) => p.bones[1].matrix[4],
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(x(None), 1.0);
    assert_eq!(x(Some(Target::DragonBonesCpp)), 0.0);
    // The check's parse, deform values left out, asks for them; the full parse reads the bone's
    // key frames from the deform's first (all 1) where the runtime does.
    use rigls_dragonbones::eval::data::TimelineValues;
    use rigls_dragonbones::eval::parse::{DeformValues, armature_elements, parse_shown};
    use rigls_dragonbones::eval::raw::Raw;
    let file = rigls_dragonbones::DragonBonesFile::parse(&text).expect("a skeleton");
    let (raw, root) = (Raw::new(&file.tree, &text), file.tree.root().expect("a root"));
    let (elements, names) = (armature_elements(raw, root), ["形".to_owned()]);
    let read = |values| parse_shown(raw, root, &elements, &names, 0, values, None).expect("parsed").0;
    assert!(read(DeformValues::CheckedFinite).wrapped_values_need_deforms);
    let kept = read(DeformValues::Kept);
    assert!(!kept.wrapped_values_need_deforms);
    let timeline = kept.data.armatures[0].animations[0].bone_timelines.all().next().expect("the bone's timeline");
    match &timeline.values {
        TimelineValues::Float { values, .. } => assert_eq!(values, &[1.0; 4]),
        other => panic!("{other:?}"),
    }
}
