//! Properties of the DragonBones evaluator on random rigs: an animation whose first key frames
//! rest (no offset, no turn, scale 1, the setup display) poses at time 0 exactly as the setup
//! pose; evaluation is deterministic; and random, damaged skeletons never panic or hang.

use proptest::prelude::*;
use rigls_diagnostic::env::MemoryFs;
use rigls_ide::Analysis;
use rigls_ide::pose::{DragonBonesPose, Pose, PoseRequest, pose};

#[derive(Clone, Debug)]
struct Bone {
    parent: Option<usize>,
    x: f64,
    y: f64,
    rotate: f64,
    scale: (f64, f64),
    flags: [bool; 4],
}

fn bone() -> impl Strategy<Value = Bone> {
    (
        proptest::option::of(0usize..8),
        -50.0..50.0f64,
        -50.0..50.0f64,
        -180.0..180.0f64,
        (0.2..2.0f64, 0.2..2.0f64),
        [any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()],
    )
        .prop_map(|(parent, x, y, rotate, scale, flags)| Bone { parent, x, y, rotate, scale, flags })
}

/// A skeleton of bones (parents earlier in the list), an IK constraint, two slots with displays,
/// and an animation whose first key frames rest.
fn skeleton(bones: &[Bone], keys: &[(usize, f64, f64, f64)], ik: bool) -> String {
    let mut bone_json = Vec::new();
    for (i, b) in bones.iter().enumerate() {
        let parent = match b.parent {
            Some(p) if p < i => format!(r#", "parent": "b{p}""#),
            _ => String::new(),
        };
        let [t, r, s, f] = b.flags;
        bone_json.push(format!(
            r#"{{"name": "b{i}"{parent}, "length": 20, "inheritTranslation": {t}, "inheritRotation": {r}, "inheritScale": {s}, "inheritReflection": {f}, "transform": {{"x": {}, "y": {}, "skX": {}, "skY": {}, "scX": {}, "scY": {}}}}}"#,
            b.x, b.y, b.rotate, b.rotate, b.scale.0, b.scale.1
        ));
    }
    bone_json.push(r#"{"name": "goal", "transform": {"x": 30, "y": 30}}"#.to_owned());
    let ik = if ik && bones.len() > 1 {
        format!(r#", "ik": [{{"name": "ik", "bone": "b{}", "target": "goal", "chain": 1}}]"#, bones.len() - 1)
    } else {
        String::new()
    };
    let mut timelines = Vec::new();
    for (k, &(b, x, r, s)) in keys.iter().enumerate() {
        let b = b % bones.len();
        if keys[..k].iter().any(|&(o, ..)| o % bones.len() == b) {
            continue;
        }
        timelines.push(format!(
            r#"{{"name": "b{b}", "translateFrame": [{{"duration": 5, "tweenEasing": 0, "x": 0, "y": 0}}, {{"duration": 5, "x": {x}}}],
               "rotateFrame": [{{"duration": 5, "curve": [0.3, 0, 0.7, 1], "rotate": 0}}, {{"duration": 5, "rotate": {r}}}],
               "scaleFrame": [{{"duration": 10, "tweenEasing": -0.5, "x": 1, "y": 1}}, {{"duration": 0, "x": {s}, "y": {s}}}]}}"#
        ));
    }
    format!(
        r#"{{"name": "rig", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24, "armature": [{{"name": "rig",
            "bone": [{}]{ik},
            "slot": [{{"name": "s0", "parent": "b0", "displayIndex": 1}}, {{"name": "s1", "parent": "b{}"}}],
            "skin": [{{"slot": [{{"name": "s0", "display": [{{"name": "a"}}, {{"name": "b"}}]}}, {{"name": "s1", "display": [{{"name": "c"}}]}}]}}],
            "animation": [{{"name": "anim", "duration": 10, "bone": [{}],
                "slot": [{{"name": "s0", "displayFrame": [{{"duration": 5, "value": 1}}, {{"duration": 5, "value": 0}}]}}]}}]
        }}]}}"#,
        bone_json.join(", "),
        bones.len() - 1,
        timelines.join(", ")
    )
}

fn pose_of(text: &str, animation: Option<&str>, time: f64) -> DragonBonesPose {
    let analysis = Analysis::new(Some(std::path::Path::new("rig_ske.json")), text.to_owned(), &MemoryFs::default());
    let request = PoseRequest { armature: None, animation: animation.map(str::to_owned), time, target: None };
    match pose(&analysis, &request) {
        Ok(Pose::DragonBones(p)) => p,
        other => panic!("no pose: {other:?}\n{text}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn an_animation_resting_at_its_start_poses_as_the_setup(
        bones in proptest::collection::vec(bone(), 1..7),
        keys in proptest::collection::vec((0usize..8, -40.0..40.0f64, -170.0..170.0f64, 0.3..2.0f64), 0..6),
        ik in any::<bool>(),
    ) {
        let text = skeleton(&bones, &keys, ik);
        let setup = pose_of(&text, None, 0.0);
        let start = pose_of(&text, Some("anim"), 0.0);
        for (a, b) in setup.bones.iter().zip(&start.bones) {
            for (x, y) in a.matrix.iter().zip(&b.matrix) {
                prop_assert!((x - y).abs() <= 1e-9 * (1.0 + x.abs()), "bone {}: {:?} vs {:?}", a.name, a.matrix, b.matrix);
            }
        }
        for (a, b) in setup.slots.iter().zip(&start.slots) {
            prop_assert_eq!((a.display_index, a.z_order), (b.display_index, b.z_order));
        }
    }

    #[test]
    fn posing_is_deterministic(
        bones in proptest::collection::vec(bone(), 1..7),
        keys in proptest::collection::vec((0usize..8, -40.0..40.0f64, -170.0..170.0f64, 0.3..2.0f64), 0..6),
        time in -1.0..2.0f64,
    ) {
        let text = skeleton(&bones, &keys, true);
        let a = pose_of(&text, Some("anim"), time);
        let b = pose_of(&text, Some("anim"), time);
        let bits = |p: &DragonBonesPose| p.bones.iter().flat_map(|b| b.matrix.map(f64::to_bits)).collect::<Vec<_>>();
        prop_assert_eq!(bits(&a), bits(&b));
    }

    /// Cut and bend a real skeleton anywhere: posing every animation never panics or hangs.
    #[test]
    fn damaged_skeletons_pose_or_fail_cleanly(cut in 0usize..4000, byte in any::<u8>(), time in -3.0..3.0f64) {
        let text = skeleton(
            &[Bone { parent: None, x: 1.0, y: 2.0, rotate: 30.0, scale: (1.0, 1.0), flags: [true; 4] },
              Bone { parent: Some(0), x: 10.0, y: 0.0, rotate: -30.0, scale: (2.0, 0.5), flags: [false, true, false, true] }],
            &[(0, 5.0, 90.0, 0.5), (1, -5.0, -90.0, 1.5)],
            true,
        );
        let mut bytes = text.into_bytes();
        let at = cut % bytes.len();
        bytes[at] = if byte.is_ascii() { byte } else { b'9' };
        let damaged = String::from_utf8_lossy(&bytes).into_owned();
        let analysis = Analysis::new(Some(std::path::Path::new("rig_ske.json")), damaged, &MemoryFs::default());
        for animation in [None, Some("anim".to_owned())] {
            let _ = pose(&analysis, &PoseRequest { armature: None, animation, time, target: None });
        }
    }
}
