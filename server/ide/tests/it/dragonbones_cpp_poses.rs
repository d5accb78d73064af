//! `rigls pose --target dragonbones-cpp` against the C++ runtime itself. The expected matrices
//! were printed by DragonBonesCPP at commit f696143 (its 5.5 core and rapidjson, compiled with
//! `g++ -O1` into a headless harness: `BaseFactory::parseDragonBonesData`, `buildArmature`, then
//! `gotoAndPlayByTime(animation, time, 1)` and `advanceTime(0)`; each bone's
//! `globalTransformMatrix`). The runtime computes in `float`, so they agree to about 1e-5.
//! Each test also checks that DragonBonesJS's pose differs there, so it tells the two apart.

use rigls_diagnostic::Target;
use rigls_ide::pose::{Pose, PoseRequest, pose};
use rigls_test_support::fixture as support;

type Bones = [(&'static str, [f64; 6])];

fn bones(
    path: &str,
    text: &str,
    animation: Option<&str>,
    time: f64,
    target: Option<Target>,
) -> Vec<(String, [f64; 6])> {
    let analysis = support::analyse(path, text, &[]);
    let request = PoseRequest { armature: None, animation: animation.map(str::to_owned), time, target };
    match pose(&analysis, &request).expect("a pose") {
        Pose::DragonBones(p) => p.bones.into_iter().map(|b| (b.name, b.matrix)).collect(),
        other => panic!("{other:?}"),
    }
}

/// The largest difference from `expected`, over every bone it names.
fn largest_difference(posed: &[(String, [f64; 6])], expected: &Bones) -> f64 {
    let mut largest = 0.0f64;
    for (name, matrix) in expected {
        let (_, got) = posed.iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("no bone {name}"));
        for (g, e) in got.iter().zip(matrix) {
            largest = largest.max((g - e).abs());
        }
    }
    largest
}

fn check(path: &str, text: &str, animation: Option<&str>, time: f64, expected: &Bones) {
    let cpp = bones(path, text, animation, time, Some(Target::DragonBonesCpp));
    let difference = largest_difference(&cpp, expected);
    assert!(difference < 1e-4, "{animation:?} at {time}: off by {difference}: {cpp:?}");
    let js = bones(path, text, animation, time, None);
    assert!(largest_difference(&js, expected) > 1e-3, "{animation:?} at {time}: DragonBonesJS poses it alike");
}

fn ik_fixture() -> String {
    let path = rigls_test_support::server_dir().join("tests/fixtures/dragonbones/poses/ik_ske.json");
    std::fs::read_to_string(path).expect("the IK fixture")
}

/// `playConfig` runs `advanceTime(0)` itself when the state does not fade in
/// (`animation/Animation.cpp:379-382`), so after `gotoAndPlayByTime` and the caller's
/// `advanceTime(0)` an IK constraint whose bones no timeline moved is applied on its own
/// result: 首IK (weight 0.8, nothing animated) turns its bone 1 − 0.2² = 96 % of the way, not
/// 80 %. The setup pose, one `advanceTime(0)` after building, applies it once.
#[test]
fn an_ik_constraint_on_bones_no_timeline_moves_is_applied_again_when_an_animation_starts() {
    let text = ik_fixture();
    const SETUP: &Bones = &[
        ("肘", [0.2900852263, 0.957000792, -0.957000792, 0.2900852263, 39.8470192, -3.49502635]),
        ("腿", [0.451700598, 0.8921695948, -0.8921695948, 0.451700598, -50.0, 0.0]),
        ("脛", [0.7835543156, 0.6213232875, -0.6213232875, 0.7835543156, -36.44898224, 26.76508713]),
        ("首", [0.5877851844, -0.8090170622, 0.8090170622, 0.5877851844, 60.0, 0.0]),
    ];
    let cpp = bones("ik_ske.json", &text, None, 0.0, Some(Target::DragonBonesCpp));
    assert!(largest_difference(&cpp, SETUP) < 1e-4, "{cpp:?}");
    const PLAYED: &Bones = &[
        ("目標足", [1.0, 0.0, 0.0, 1.0, 54.99999237, 50.0]),
        ("腿", [0.9311245084, 0.3647014797, -0.3647014797, 0.9311245084, -50.0, 0.0]),
        ("脛", [0.9256239533, 0.3784445226, -0.3784445226, 0.9256239533, -22.06626511, 10.94104385]),
        ("首", [0.6845470667, -0.7289686799, 0.7289686799, 0.6845470667, 60.0, 0.0]),
    ];
    check("ik_ske.json", &text, Some("伸ばす"), 0.5, PLAYED);
}

/// An IK timeline's weight is tweened between key frames (`_current + _delta · _tweenProgress`,
/// `animation/TimelineState.cpp:981-1033`) and its bend is the key frame's: 腕IK goes from
/// weight 1 to 0.3 over frames 0–10, so at frame 5 its weight is 0.65 (DragonBonesJS 5.7 keeps
/// the key frame's 1).
#[test]
fn an_ik_timeline_weight_is_tweened_between_key_frames() {
    const AT_FRAME_5: &Bones = &[
        ("目標手", [1.0, 0.0, 0.0, 1.0, 65.00299835, 24.99900055]),
        ("肩", [0.9994691014, 0.03258165345, -0.03258165345, 0.9994691014, 0.0, 0.0]),
        ("肘", [0.8692919016, 0.4942990839, -0.4942990839, 0.8692919016, 39.97875977, 1.303266406]),
        ("手", [0.8692919016, 0.4942990839, -0.4942990839, 0.8692919016, 70.40397644, 18.60373497]),
        ("腿", [-0.1500158161, 0.9886835814, -0.9886835814, -0.1500158161, -50.0, 0.0]),
        ("脛", [0.3881169856, 0.921610117, -0.921610117, 0.3881169856, -54.50047302, 29.66050911]),
        ("首", [0.6845470667, -0.7289686799, 0.7289686799, 0.6845470667, 60.0, 0.0]),
    ];
    check("ik_ske.json", &ik_fixture(), Some("伸ばす"), 0.1667, AT_FRAME_5);
}

const CURVE: &str = r#"{"name": "曲線", "version": "5.5", "frameRate": 24,
 "armature": [{"name": "曲線", "type": "Armature",
   "bone": [{"name": "root"}, {"name": "腕", "parent": "root"}],
   "animation": [{"name": "振る", "duration": 20,
     "bone": [{"name": "腕", "translateFrame": [
       {"duration": 10, "curve": [0.308, 0.927, 1, 1], "x": 0, "y": 0},
       {"duration": 10, "tweenEasing": 0.53, "x": 1000, "y": -500},
       {"duration": 0, "x": 0, "y": 1000}]}]}]}]}"#;

/// Curve samples are found in `float` and stored truncated (`parser/JSONDataParser.cpp:5-62,
/// 1239`): 0.1 s into the curve the bone is 0.012 px short of where DragonBonesJS puts it, 0.3 s
/// in 0.064 px.
#[test]
fn curve_samples_are_sampled_in_float_and_truncated() {
    check("曲線_ske.json", CURVE, Some("振る"), 0.1, &[("腕", [1.0, 0.0, 0.0, 1.0, 484.1119995, -242.0559998])]);
    check("曲線_ske.json", CURVE, Some("振る"), 0.3, &[("腕", [1.0, 0.0, 0.0, 1.0, 905.7559204, -452.8779602])]);
}

/// `tweenEasing` is a `float` times 100, truncated (`parser/JSONDataParser.cpp:1245-1278`):
/// 0.53 is stored 52, which moves the bone 2.5 px at 0.6 s.
#[test]
fn tween_easing_is_truncated() {
    check("曲線_ske.json", CURVE, Some("振る"), 0.6, &[("腕", [1.0, 0.0, 0.0, 1.0, 431.8720093, 352.1919556])]);
}

const SHARED_NAME: &str = r#"{"name": "網", "version": "5.5", "frameRate": 24,
 "armature": [{"name": "網", "type": "Armature",
   "bone": [{"name": "root"}],
   "slot": [{"name": "左", "parent": "root"}, {"name": "右", "parent": "root"}],
   "skin": [{"slot": [
     {"name": "左", "display": [{"type": "mesh", "name": "布", "width": 10, "height": 10, "vertices": [0, 0, 10, 0, 10, 10], "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 2]}]},
     {"name": "右", "display": [{"type": "mesh", "name": "布", "width": 10, "height": 10, "vertices": [20, 0, 30, 0, 30, 10], "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 2]}]}]}],
   "animation": [{"name": "揺れ", "duration": 10,
     "ffd": [
       {"name": "布", "slot": "左", "frame": [{"duration": 10, "offset": 5, "vertices": [6]}]},
       {"name": "布", "slot": "右", "frame": [{"duration": 10, "offset": 4, "vertices": [-4, 8]}]}]}]}]}"#;

/// Two slots showing meshes of the same name, each with its own deform timeline: the C++
/// runtime deforms each slot (one `SlotFFDTimelineState` per slot); DragonBonesJS 5.7 blends
/// both timelines into the first slot's blend state, so 右 stays undeformed there.
#[test]
fn each_slot_deform_timeline_deforms_its_own_mesh() {
    let vertices = |target: Option<Target>| -> Vec<Option<Vec<f64>>> {
        let analysis = support::analyse("網_ske.json", SHARED_NAME, &[]);
        let request = PoseRequest { armature: None, animation: Some("揺れ".to_owned()), time: 0.2, target };
        match pose(&analysis, &request).expect("a pose") {
            Pose::DragonBones(p) => p.slots.into_iter().map(|s| s.vertices).collect(),
            other => panic!("{other:?}"),
        }
    };
    // DragonBonesCPP: `"vertices":[0,0,10,0,10,16]` and `[20,0,30,0,26,18]`.
    assert_eq!(
        vertices(Some(Target::DragonBonesCpp)),
        [Some(vec![0.0, 0.0, 10.0, 0.0, 10.0, 16.0]), Some(vec![20.0, 0.0, 30.0, 0.0, 26.0, 18.0])]
    );
    assert_eq!(vertices(None)[1], Some(vec![20.0, 0.0, 30.0, 0.0, 30.0, 10.0]));
}

/// A weighted 4.5 mesh whose `slotPose` holds 2^31 (`poses/slot_pose_ske.json`): the runtimes
/// move each vertex through it and through its bones' inverted `bonePose`s while parsing. The
/// C++ runtime does it in `float`s (`parser/JSONDataParser.cpp:681-708`, `geom/Matrix.h:211-256`)
/// and skins in `float`s; DragonBonesJS in doubles, from the vertices as written (its parse
/// array becomes a `Float32Array` only at the end). So the second vertex lies at x = 16 in
/// DragonBonesCPP (`"vertices":[0,0.100000001,16,0.100000001,0,0.100000001,4.33791672e+10,
/// 20.2999992]`) and at 10 in DragonBonesJS (`[0,0.1000000015,10,0.1000000015,5,…]`).
#[test]
fn a_huge_slot_pose_is_applied_in_floats() {
    let path = rigls_test_support::server_dir().join("tests/fixtures/dragonbones/poses/slot_pose_ske.json");
    let text = std::fs::read_to_string(path).expect("the fixture");
    let vertices = |target: Option<Target>| -> Vec<f64> {
        let analysis = support::analyse("slot_pose_ske.json", &text, &[]);
        let request = PoseRequest { armature: None, animation: None, time: 0.0, target };
        match pose(&analysis, &request).expect("a pose") {
            Pose::DragonBones(p) => p.slots[0].vertices.clone().expect("a mesh"),
            other => panic!("{other:?}"),
        }
    };
    let cpp = vertices(Some(Target::DragonBonesCpp));
    assert_eq!(cpp[..6], [0.0, 0.10000000149011612, 16.0, 0.10000000149011612, 0.0, 0.10000000149011612]);
    assert!((cpp[6] / 4.33791672e10 - 1.0).abs() < 1e-8, "{cpp:?}");
    let js = vertices(None);
    assert_eq!(js[..6], [0.0, 0.10000000149011612, 10.0, 0.10000000149011612, 5.0, 0.10000000149011612]);
}

const TURNED_BACK: &str = r#"{"name": "回", "version": "5.5", "frameRate": 24,
 "armature": [{"name": "回", "type": "Armature",
   "bone": [{"name": "root"}, {"name": "脚", "parent": "root", "transform": {"x": 58.9, "y": -23.2925, "skX": 91.6408, "skY": 91.6408}}],
   "slot": [{"name": "脚", "parent": "脚"}],
   "skin": [{"slot": [
     {"name": "脚", "display": [{"type": "mesh", "name": "布", "width": 10, "height": 10, "transform": {"x": 61.3304, "y": 5.296, "skX": -91.6408, "skY": -91.6408}, "vertices": [0, 0, 10, 0, 10, 10], "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 2]}]}]}],
   "animation": [{"name": "a", "duration": 10, "ffd": [{"name": "布", "slot": "脚", "frame": [{"duration": 10, "vertices": [1e20]}, {"duration": 0}]}]}]}]}"#;

/// A mesh display turned back by as much as its bone turns (Ubbie's legs), deformed by 1e20
/// (mutation round 2004, on a `.dbbin`). The C++ runtime concatenates the slot's matrix in
/// `float` arithmetic (`geom/Matrix.h:179-200`), each product rounded: the turns cancel to a
/// `b` of exactly 0, so the deform moves the vertex along x alone (the harness:
/// `[1.00000002e+20,37.8611107,61.8500748,37.8611107,…]`). In doubles `b` is 2e-10, and
/// DragonBonesJS puts the vertex at y = 22,589.27; rigls had −2.19e10 for the C++ runtime.
#[test]
fn a_slot_matrix_is_concatenated_in_floats() {
    let vertices = |target: Option<Target>| -> Vec<f64> {
        let analysis = support::analyse("回_ske.json", TURNED_BACK, &[]);
        let request = PoseRequest { armature: None, animation: Some("a".to_owned()), time: 0.0, target };
        match pose(&analysis, &request).expect("a pose") {
            Pose::DragonBones(p) => p.slots[0].vertices.clone().expect("a mesh"),
            other => panic!("{other:?}"),
        }
    };
    let cpp = vertices(Some(Target::DragonBonesCpp));
    assert_eq!(cpp[0], 1e20f32 as f64);
    let expected = [37.8611107, 61.8500748, 37.8611107, 61.8500748, 47.8611107];
    assert!(cpp[1..].iter().zip(expected).all(|(v, e)| (v - e).abs() < 1e-5), "{cpp:?}");
    let js = vertices(None);
    assert!((js[1] - 22_589.266_750_139_726).abs() < 1e-6, "{js:?}");
}

const PAST_THE_END: &str = r#"{"name": "越", "version": "5.5", "frameRate": 24,
 "armature": [{"name": "越", "type": "Armature",
   "bone": [{"name": "root"}],
   "slot": [{"name": "左", "parent": "root", "displayIndex": 2}],
   "skin": [{"slot": [
     {"name": "左", "display": [{"type": "mesh", "name": "布", "width": 10, "height": 10, "vertices": [0, 0, 10, 0, 10, 10], "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 2]}]}]}],
   "animation": [{"name": "a", "duration": 10, "slot": [{"name": "左", "displayFrame": [{"duration": 5, "value": 0}, {"duration": 5, "value": 4}]}]}]}]}"#;

/// A display index past the slot's displays is kept as it is and shows nothing
/// (`armature/Slot.cpp:415-438`), in the setup pose and from a display key frame; DragonBonesJS
/// shows the last display.
#[test]
fn a_display_index_past_the_displays_shows_nothing() {
    let slot = |animation: Option<&str>, time: f64, target: Option<Target>| {
        let analysis = support::analyse("越_ske.json", PAST_THE_END, &[]);
        let request = PoseRequest { armature: None, animation: animation.map(str::to_owned), time, target };
        match pose(&analysis, &request).expect("a pose") {
            Pose::DragonBones(p) => (p.slots[0].display_index, p.slots[0].vertices.clone()),
            other => panic!("{other:?}"),
        }
    };
    let cpp = Some(Target::DragonBonesCpp);
    // DragonBonesCPP: `"displayIndex":2,…,"vertices":null`, then 0 with the mesh at 0.1 s and
    // 4 with nothing at 0.3 s.
    assert_eq!(slot(None, 0.0, cpp), (2, None));
    assert_eq!(slot(Some("a"), 0.1, cpp), (0, Some(vec![0.0, 0.0, 10.0, 0.0, 10.0, 10.0])));
    assert_eq!(slot(Some("a"), 0.3, cpp), (4, None));
    assert_eq!(slot(Some("a"), 0.3, None), (0, Some(vec![0.0, 0.0, 10.0, 0.0, 10.0, 10.0])));
}

/// A z-order timeline re-sorts the slots during the `advanceTime(0)` that `play` runs; the
/// timelines built before it still deform and show the same slots in the next update.
#[test]
fn slots_sorted_by_a_z_order_timeline_keep_their_timelines() {
    let path = rigls_test_support::server_dir().join("tests/fixtures/dragonbones/poses/slots_ske.json");
    let text = std::fs::read_to_string(path).expect("the slots fixture");
    let analysis = support::analyse("slots_ske.json", &text, &[]);
    let request = PoseRequest {
        armature: None,
        animation: Some("wave".to_owned()),
        time: 0.1667,
        target: Some(Target::DragonBonesCpp),
    };
    let Pose::DragonBones(posed) = pose(&analysis, &request).expect("a pose") else { panic!("a DragonBones pose") };
    let slots: Vec<(&str, i64)> = posed.slots.iter().map(|s| (s.name.as_str(), s.z_order)).collect();
    assert_eq!(slots, [("body", 2), ("hat", 0), ("badge", 1)]);
    // DragonBonesCPP's deformed `body`.
    let expected = [
        -10.0,
        -10.0,
        -10.0,
        10.0,
        14.11209393,
        -10.18227959,
        18.36070251,
        5.680386066,
        35.11262894,
        -40.65372467,
        45.10900497,
        -23.33112335,
    ];
    let body = posed.slots[0].vertices.as_ref().expect("the body mesh");
    assert_eq!(body.len(), expected.len());
    for (got, want) in body.iter().zip(expected) {
        assert!((got - want).abs() < 1e-4, "{body:?}");
    }
}

/// The C++ runtime takes the time as a `float` and compares it with the duration in `float`
/// (`animation/Animation.cpp`, `playConfig`): 0.360000014, the `float` nearest 0.36 written out,
/// is the duration of 9 frames at 25 per second, so it plays the end, 1 µs before it. In 64 bits
/// it is past the end, and DragonBonesJS wraps to the start. DragonBonesCPP printed
/// `89.9997559` at that time (found comparing every real export at the end of each animation).
#[test]
fn a_time_that_rounds_to_the_duration_in_float_plays_the_end() {
    const END: &str = r#"{"version":"5.5","frameRate":25,"name":"end","armature":[{"name":"a","frameRate":25,"bone":[{"name":"root"},{"name":"arm","parent":"root"}],"animation":[{"name":"move","duration":9,"playTimes":1,"bone":[{"name":"arm","translateFrame":[{"duration":9,"tweenEasing":0},{"duration":0,"x":90}]}]}]}]}"#;
    check("end_ske.json", END, Some("move"), 0.360000014, &[("arm", [1.0, 0.0, 0.0, 1.0, 89.9997559, 0.0])]);
    let js = bones("end_ske.json", END, Some("move"), 0.360000014, None);
    assert!(js[1].1[4].abs() < 1e-4, "DragonBonesJS wraps to the start: {js:?}");
}

/// A binary stores the curve's samples and the easing as numbers, which the C++ runtime's
/// binary parser reads as they are: the truncation of its JSON parse does not happen. The same
/// skeleton as a binary (`rigls convert`) then poses as DragonBonesJS poses it: DragonBonesCPP
/// printed `328.271362, 507.592896` for the binary at 0.641700029 s, and `330.755371,
/// 503.866943` for the JSON.
#[test]
fn a_binary_is_read_without_the_json_parse_truncation() {
    let bytes = rigls_ide::convert::json_to_binary(CURVE).expect("converted").bytes;
    let analysis = rigls_ide::Analysis::of_binary(
        Some(std::path::Path::new("曲線_ske.dbbin")),
        &bytes,
        &rigls_diagnostic::env::RealFs,
    );
    let request = PoseRequest {
        armature: None,
        animation: Some("振る".to_owned()),
        time: 0.641700029,
        target: Some(Target::DragonBonesCpp),
    };
    let Pose::DragonBones(binary) = pose(&analysis, &request).expect("a pose") else { panic!("a DragonBones pose") };
    let posed: Vec<(String, [f64; 6])> = binary.bones.into_iter().map(|b| (b.name, b.matrix)).collect();
    let difference = largest_difference(&posed, &[("腕", [1.0, 0.0, 0.0, 1.0, 328.271362, 507.592896])]);
    // Within `float` rounding (a few units of the last place at 500 px); 2.5 px off with the
    // truncation.
    assert!(difference < 1e-3, "off by {difference}: {posed:?}");
    let json = bones("曲線_ske.json", CURVE, Some("振る"), 0.641700029, Some(Target::DragonBonesCpp));
    let difference = largest_difference(&json, &[("腕", [1.0, 0.0, 0.0, 1.0, 330.755371, 503.866943])]);
    assert!(difference < 1e-3, "the JSON: off by {difference}: {json:?}");
}

/// The C++ runtime finds a timeline's key frame from the time in `float`
/// (`(unsigned)(currentTime * _frameRate)`, `animation/BaseTimelineState.cpp`): 0.899999976,
/// the `float` nearest 0.9, times 10 frames per second is 9 in `float`, so the key frame at 9
/// shows. In 64 bits it is 8.99999976, still frame 8, where DragonBonesJS stays. DragonBonesCPP
/// printed `90` (found comparing real exports at 0.9 of each animation: effect's `sprite`,
/// SwordsMan's `attack1`).
#[test]
fn a_time_on_a_key_frame_in_float_arrives_at_it() {
    const STEP: &str = r#"{"version":"5.5","frameRate":10,"name":"step","armature":[{"name":"a","frameRate":10,"bone":[{"name":"root"},{"name":"arm","parent":"root"}],"animation":[{"name":"step","duration":10,"playTimes":1,"bone":[{"name":"arm","translateFrame":[{"duration":9},{"duration":1,"x":90}]}]}]}]}"#;
    check("step_ske.json", STEP, Some("step"), 0.899999976, &[("arm", [1.0, 0.0, 0.0, 1.0, 90.0, 0.0])]);
}

/// The C++ runtime reads its JSON with rapidjson: a float key written as a string reads its
/// default (`_getNumber(…, float)` checks `IsNumber()`, `parser/JSONDataParser.h`), and of a key
/// given twice the first is read (`FindMember`). DragonBonesJS converts the string (`+value`)
/// and `JSON.parse` keeps the last. DragonBonesCPP printed these poses (`x` "12" and `skX` "30"
/// ignored, `y` 3 read; in the animation `x` "20" ignored and `y` 5 read).
#[test]
fn the_cpp_runtime_ignores_numbers_written_as_strings_and_reads_the_first_duplicate() {
    const RAPIDJSON: &str = r#"{"version":"5.5","frameRate":24,"name":"rj","armature":[{"name":"a","frameRate":24,"bone":[{"name":"root"},{"name":"arm","parent":"root","transform":{"x":"12","y":3,"y":4,"skX":"30","skY":30}}],"animation":[{"name":"move","duration":10,"bone":[{"name":"arm","translateFrame":[{"duration":10,"tweenEasing":0,"x":"20","y":5,"y":50},{"duration":0,"x":40}]}]}]}]}"#;
    let setup = bones("rj_ske.json", RAPIDJSON, None, 0.0, Some(Target::DragonBonesCpp));
    let expected: &Bones = &[("arm", [0.866025329, 0.500000119, 0.0, 1.0, 0.0, 3.0])];
    assert!(largest_difference(&setup, expected) < 1e-4, "{setup:?}");
    let js = bones("rj_ske.json", RAPIDJSON, None, 0.0, None);
    assert!(largest_difference(&js, &[("arm", [0.8660254038, 0.5, -0.5, 0.8660254038, 12.0, 4.0])]) < 1e-6, "{js:?}");
    check(
        "rj_ske.json",
        RAPIDJSON,
        Some("move"),
        0.208299994,
        &[("arm", [0.866025329, 0.500000119, 0.0, 1.0, 19.9967976, 5.50040054])],
    );
}

/// Whether `got` is `expected` as the runtime printed it: NaN as NaN, infinities by sign, finite
/// values to 1e-6 relative.
fn same_printed(got: [f64; 6], expected: [f64; 6]) -> bool {
    got.iter().zip(expected).all(|(&g, e)| {
        if e.is_nan() {
            g.is_nan()
        } else if e.is_infinite() {
            g == e
        } else {
            (g - e).abs() <= 1e-6 * e.abs().max(1.0)
        }
    })
}

/// DragonBonesCPP keeps what it reads and computes in `float`s: a translation of 1e39 reads
/// infinity, and its `concat` sums every product, so the zero beside it makes the other
/// coordinate NaN; a scale of 1e20 under another of 1e20 overflows (1e40). DragonBonesJS reads
/// and multiplies them as finite doubles. The C++ runtime printed `[1,0,-0,1,inf,-nan]` and
/// `[inf,0,-0,1.00000002e+20,inf,-48]`.
#[test]
fn numbers_and_products_past_the_range_of_a_float_are_infinite_in_the_cpp_runtime() {
    const FAR: &str = r#"{"version":"5.5","frameRate":24,"name":"遠","armature":[{"name":"a","bone":[{"name":"根"},{"name":"体","parent":"根","transform":{"y":-48,"x":1e39}}]}]}"#;
    let cpp = bones("far_ske.json", FAR, None, 0.0, Some(Target::DragonBonesCpp));
    assert!(same_printed(cpp[1].1, [1.0, 0.0, -0.0, 1.0, f64::INFINITY, f64::NAN]), "{cpp:?}");
    let js = bones("far_ske.json", FAR, None, 0.0, None);
    assert!(same_printed(js[1].1, [1.0, 0.0, 0.0, 1.0, 1e39, -48.0]), "{js:?}");

    const SCALED: &str = r#"{"version":"5.5","frameRate":24,"name":"大","armature":[{"name":"a","bone":[{"name":"根"},{"name":"体","parent":"根","transform":{"y":-48,"scX":1e20,"scY":1e20}},{"name":"腕","parent":"体","transform":{"x":1e20,"scX":1e20}}]}]}"#;
    let cpp = bones("big_ske.json", SCALED, None, 0.0, Some(Target::DragonBonesCpp));
    let scale = f64::from(1e20f32);
    assert!(same_printed(cpp[1].1, [scale, 0.0, -0.0, scale, 0.0, -48.0]), "{cpp:?}");
    assert!(same_printed(cpp[2].1, [f64::INFINITY, 0.0, -0.0, scale, f64::INFINITY, -48.0]), "{cpp:?}");
    let js = bones("big_ske.json", SCALED, None, 0.0, None);
    assert!(js[2].1.iter().all(|v| v.is_finite()), "{js:?}");
}

/// A two-bone IK chain under a bone scaled by 1e20: DragonBonesCPP squares the chain's lengths in
/// `float`s (`IKConstraint::_computeB`), which overflow to infinity, and places the child at
/// infinity; in doubles they stay finite. (A C++ `--binary` mutation round found it: robot's
/// binary with a scale key frame made 1e20 posed `leg22` at NaN.) DragonBonesCPP printed
/// `[-0.707106769,-0.707106769,7.07106791e+19,-7.07106791e+19,inf,inf]` for the child.
#[test]
fn an_ik_chain_whose_squared_lengths_overflow_a_float_is_infinite_in_the_cpp_runtime() {
    const CHAIN: &str = r#"{"version":"5.5","frameRate":24,"name":"鎖","armature":[{"name":"a","bone":[{"name":"根"},{"name":"上","parent":"根","length":10,"transform":{"scY":1e20}},{"name":"下","parent":"上","length":10,"transform":{"x":10,"y":10}},{"name":"的","parent":"根","transform":{"x":5,"y":15}}],"ik":[{"name":"ik","bone":"下","target":"的","chain":1}]}]}"#;
    let cpp = bones("chain_ske.json", CHAIN, None, 0.0, Some(Target::DragonBonesCpp));
    let (a, c) = (f64::from(-0.707_106_77_f32), f64::from(7.071_068e19_f32));
    assert!(same_printed(cpp[2].1, [a, a, c, -c, f64::INFINITY, f64::INFINITY]), "{cpp:?}");
    let js = bones("chain_ske.json", CHAIN, None, 0.0, None);
    assert!(js[2].1.iter().all(|v| v.is_finite()), "{js:?}");
}

/// The C++ runtime stores `tweenEasing × 100` in its `int16_t` frame array, converting the `float`
/// as x86-64 does: to 32 bits, the low 16 kept (rigls saturated it before). An easing of 400
/// (39,900) wraps to -25,636, one of 2^32 is past 32 bits and reads 0 (a plain quadratic in-out).
/// DragonBonesCPP printed these.
#[test]
fn easings_past_16_bits_wrap_as_the_compiled_runtime_converts_them() {
    const EASE: &str = r#"{"version":"5.5","frameRate":10,"name":"緩","armature":[{"name":"a","frameRate":10,"bone":[{"name":"根"},{"name":"腕","parent":"根"}],"animation":[{"name":"速い","duration":10,"bone":[{"name":"腕","translateFrame":[{"duration":10,"tweenEasing":400,"x":0},{"duration":0,"x":100}]}]},{"name":"遅い","duration":10,"bone":[{"name":"腕","translateFrame":[{"duration":10,"tweenEasing":4294967296,"x":0},{"duration":0,"x":100}]}]}]}]}"#;
    // DragonBonesJS's `Int16Array` wraps 39,900 alike: the runtimes agree there.
    let fast: &Bones = &[("腕", [1.0, 0.0, 0.0, 1.0, 2291.45874, 0.0])];
    for target in [Some(Target::DragonBonesCpp), None] {
        let posed = bones("ease_ske.json", EASE, Some("速い"), 0.129999995, target);
        assert!(largest_difference(&posed, fast) < 1e-4, "{target:?}: {posed:?}");
    }
    // Past 32 bits they part: JavaScript keeps the low 16 bits of the whole number.
    check("ease_ske.json", EASE, Some("遅い"), 0.129999995, &[("腕", [1.0, 0.0, 0.0, 1.0, 13.0, 0.0])]);
}

/// The C++ runtime turns degrees into radians and normalises them in `float`s: for an angle of
/// 2^31 degrees the remainder is that of the 32-bit product, another angle than the 64-bit one's
/// (DragonBonesJS turns this bone to [-0.616, 0.788]). DragonBonesCPP printed this pose.
#[test]
fn a_huge_angle_turns_as_the_float_arithmetic_leaves_it() {
    const HUGE: &str = r#"{"version":"5.5","frameRate":24,"name":"角","armature":[{"name":"a","bone":[{"name":"根"},{"name":"腕","parent":"根","transform":{"skX":2147483648,"skY":2147483648}}]}]}"#;
    check(
        "huge_ske.json",
        HUGE,
        None,
        0.0,
        &[("腕", [-0.187188342, 0.982324064, -0.982324064, -0.187188342, 0.0, 0.0])],
    );
}

/// The C++ runtime turns a global transform into a matrix in `float` (`Transform::toMatrix`): an
/// IK constraint aiming straight up turns its bone by −π/2, whose cosine in `float` is
/// −4.37e-8, where the 64-bit angle's is 6.1e-17 (a vertex 100,000 away from the bone lands
/// 0.0044 apart). DragonBonesCPP printed `[-4.37113883e-08,-1,1,-4.37113883e-08,0,0]`.
#[test]
fn a_matrix_is_made_from_the_float_angle() {
    const UP: &str = r#"{"version":"5.5","frameRate":24,"name":"上","armature":[{"name":"a","bone":[{"name":"根"},{"name":"腕","parent":"根","length":10},{"name":"目","parent":"根","transform":{"y":-50}}],"ik":[{"name":"狙う","bone":"腕","target":"目"}]}]}"#;
    let cosine = f64::from(-4.371_139e-8_f32);
    let cpp = bones("up_ske.json", UP, None, 0.0, Some(Target::DragonBonesCpp));
    let (_, arm) = cpp.iter().find(|(n, _)| n == "腕").expect("腕");
    assert_eq!(*arm, [cosine, -1.0, 1.0, cosine, 0.0, 0.0]);
    let js = bones("up_ske.json", UP, None, 0.0, None);
    let (_, arm) = js.iter().find(|(n, _)| n == "腕").expect("腕");
    assert!(arm[0].abs() < 1e-15, "{arm:?}");
}

/// A binary is posed from its arrays for the C++ targets too, not from its JSON view: where a
/// vertex's influences disagree about where it is (the second of vertex 1 moved to y 30 in the
/// bone's space), the view cannot write one slot-space vertex that gives both back, and its
/// reading put the vertex at y 0. DragonBonesCPP printed `[0,0,10,25,0,10,10,10]`.
#[test]
fn a_binary_is_posed_from_its_arrays() {
    const CAPE: &str = r#"{"version":"5.5","frameRate":24,"name":"外套","armature":[{"name":"a","bone":[{"name":"根"},{"name":"腕","parent":"根","transform":{"y":20}}],"slot":[{"name":"布","parent":"根"}],"skin":[{"slot":[{"name":"布","display":[{"type":"mesh","name":"布","vertices":[0,0,10,0,0,10,10,10],"uvs":[0,0,1,0,0,1,1,1],"triangles":[0,1,2,1,3,2],"weights":[2,0,0.5,1,0.5,2,0,0.5,1,0.5,2,0,0.5,1,0.5,2,0,0.5,1,0.5],"slotPose":[1,0,0,1,0,0],"bonePose":[0,1,0,0,1,0,0,1,1,0,0,1,0,20]}]}]}]}]}"#;
    let mut bytes = rigls_ide::convert::json_to_binary(CAPE).expect("converted").bytes;
    // The header's `offset` places the arrays after it; the mesh's `offset` is its geometry in
    // `intArray`, whose fourth number is its weight block, whose second is where the weight
    // block's floats (weight, x, y per influence) start in `floatArray`.
    let length = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes")) as usize;
    let header: serde_json::Value = serde_json::from_slice(&bytes[12..12 + length]).expect("the header");
    let body = 12 + length;
    let offset = |i: usize| header["offset"][i].as_u64().expect("an array offset") as usize;
    let int = |bytes: &[u8], i: usize| {
        let at = body + offset(0) + 2 * i;
        i16::from_le_bytes([bytes[at], bytes[at + 1]]) as usize
    };
    let geometry =
        header["armature"][0]["skin"][0]["slot"][0]["display"][0]["offset"].as_u64().expect("a mesh") as usize;
    let floats = int(&bytes, int(&bytes, geometry + 3) + 1);
    let y = body + offset(2) + 4 * (floats + 11);
    bytes[y..y + 4].copy_from_slice(&30f32.to_le_bytes());
    let analysis = rigls_ide::Analysis::of_binary(
        Some(std::path::Path::new("外套.dbbin")),
        &bytes,
        &rigls_diagnostic::env::RealFs,
    );
    for target in [Some(Target::DragonBonesCpp), None] {
        let request = PoseRequest { armature: None, animation: None, time: 0.0, target };
        let Pose::DragonBones(posed) = pose(&analysis, &request).expect("a pose") else { panic!("DragonBones") };
        let vertices = posed.slots[0].vertices.clone().expect("a mesh");
        assert_eq!(vertices, [0.0, 0.0, 10.0, 25.0, 0.0, 10.0, 10.0, 10.0], "{target:?}");
    }
}

/// A binary's header is JSON the C++ runtime reads with rapidjson as it reads a skeleton: a
/// transform's `x` and `skX` written as strings read their defaults (found by `mutate.py
/// --binary`, a header's `skX` made "3"). DragonBonesCPP printed `[0.866025329, 0.500000119,
/// -0, 1, 0, 3]`.
#[test]
fn a_binary_header_is_read_by_rapidjson() {
    const ARM: &str = r#"{"version":"5.5","frameRate":24,"name":"rj","armature":[{"name":"a","frameRate":24,"bone":[{"name":"root"},{"name":"arm","parent":"root","transform":{"x":12,"y":3,"skX":30,"skY":30}}]}]}"#;
    let bytes = rigls_ide::convert::json_to_binary(ARM).expect("converted").bytes;
    let length = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes")) as usize;
    let mut header: serde_json::Value = serde_json::from_slice(&bytes[12..12 + length]).expect("the header");
    header["armature"][0]["bone"][1]["transform"] = serde_json::json!({"x": "12", "y": 3, "skX": "30", "skY": 30});
    let mut text = serde_json::to_vec(&header).expect("JSON");
    text.resize(text.len().next_multiple_of(4), b' ');
    let mut changed = bytes[..8].to_vec();
    changed.extend((text.len() as u32).to_le_bytes());
    changed.extend(&text);
    changed.extend(&bytes[12 + length..]);
    let analysis = rigls_ide::Analysis::of_binary(
        Some(std::path::Path::new("rj.dbbin")),
        &changed,
        &rigls_diagnostic::env::RealFs,
    );
    let request = PoseRequest { armature: None, animation: None, time: 0.0, target: Some(Target::DragonBonesCpp) };
    let Pose::DragonBones(posed) = pose(&analysis, &request).expect("a pose") else { panic!("DragonBones") };
    let posed: Vec<(String, [f64; 6])> = posed.bones.into_iter().map(|b| (b.name, b.matrix)).collect();
    let expected: &Bones = &[("arm", [0.866025329, 0.500000119, 0.0, 1.0, 0.0, 3.0])];
    assert!(largest_difference(&posed, expected) < 1e-6, "{posed:?}");
}

/// A tween is computed in `float`: the key frame's position, the duration's reciprocal, the
/// progress and `current + delta × progress` (`BaseTimelineState.cpp`, `_onArriveAtFrame`,
/// `_onUpdateFrame`). It shows where a large value cancels: x from 1e20 to 0 over 10 frames, at
/// 0.999 of the way, is 1.6e16 off the 64-bit tween's by 6.2e12 (4e-4 of it; a mutation round's
/// `.dbbin` files differed by up to 2e-3, and a rotation so tweened turned another way).
#[test]
fn a_tween_is_computed_in_float() {
    let text = r#"{"name":"big","version":"5.5","frameRate":24,"armature":[{"name":"a","frameRate":24,"bone":[{"name":"b"}],
        "animation":[{"name":"x","duration":10,"playTimes":0,"bone":[{"name":"b","translateFrame":[
        {"duration":10,"tweenEasing":0,"x":1e20,"y":3},{"duration":0,"x":0,"y":7}]}]}]}]}"#;
    // DragonBonesCPP at 0.416599989 s (0.9999 of the animation, as a `float`).
    let expected = [1.0, 0.0, 0.0, 1.0, 1.60088893e16, 6.99935961];
    let posed = bones("big_ske.json", text, Some("x"), 0.416599989, Some(Target::DragonBonesCpp));
    for (i, (got, want)) in posed[0].1.iter().zip(expected).enumerate() {
        assert!((got - want).abs() <= 1e-8 * want.abs().max(1.0), "[{i}] {got} against {want}");
    }
}

/// A key frame half a turn from the one before (egret-jd's `01_ske.json`, 5.0, bone `星4`):
/// DragonBonesCPP unwraps the angle against the previous one in `float`s (`normalizeRadian` of
/// the 32-bit difference lands on π), and so does DragonBonesJS in doubles. Unwrapping the 32-bit
/// angles in doubles landed on −π: the bone turned the other way (b −0.998 at 0.4333 s).
#[test]
fn a_half_turn_between_key_frames_is_unwrapped_in_float() {
    let text = r#"{"name": "half", "version": "5.0", "frameRate": 24, "armature": [{"name": "a", "frameRate": 24,
        "bone": [{"name": "b", "transform": {"skY": 2.0257, "y": -15.4425, "skX": 2.0257, "x": -21.6583}}],
        "animation": [{"name": "x", "duration": 40, "playTimes": 0, "bone": [{"name": "b", "frame": [
          {"tweenEasing": 0, "transform": {"skY": -2.0257, "skX": -2.0257}, "duration": 20},
          {"tweenEasing": 0, "transform": {"skY": 177.9743, "skX": 177.9743}, "duration": 20},
          {"tweenEasing": null, "transform": {"skY": -2.0257, "skX": -2.0257}, "duration": 0}]}]}]}]}"#;
    // DragonBonesCPP at 0.433299989 s.
    let expected: &Bones =
        &[("b", [-0.0626649484, 0.998034596, -0.998034596, -0.0626649484, -21.6583004, -15.4425001])];
    let posed = bones("half_ske.json", text, Some("x"), 0.433299989, Some(Target::DragonBonesCpp));
    assert!(largest_difference(&posed, expected) < 1e-6, "{posed:?}");
}
