//! The DragonBones evaluator against transforms worked out by hand: parent chains, each
//! inheritance flag, IK with one and two bones and both bend directions, tween easings and
//! curves, skinning, and the runtime's handling of times.

use rigls_diagnostic::env::MemoryFs;
use rigls_ide::Analysis;
use rigls_ide::pose::{DragonBonesPose, Pose, PoseRequest, pose};

fn skeleton(armature: &str) -> String {
    format!(
        r#"{{"name": "手計算", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 10, "armature": [{armature}]}}"#
    )
}

fn pose_of(text: &str, animation: Option<&str>, time: f64) -> DragonBonesPose {
    let analysis = Analysis::new(Some(std::path::Path::new("手計算_ske.json")), text.to_owned(), &MemoryFs::default());
    let request = PoseRequest { armature: None, animation: animation.map(str::to_owned), time, target: None };
    match pose(&analysis, &request) {
        Ok(Pose::DragonBones(p)) => p,
        other => panic!("no pose: {other:?}"),
    }
}

fn matrix<'a>(p: &'a DragonBonesPose, bone: &str) -> &'a [f64; 6] {
    &p.bones.iter().find(|b| b.name == bone).unwrap_or_else(|| panic!("no bone {bone}")).matrix
}

#[track_caller]
fn assert_matrix(actual: &[f64; 6], expected: [f64; 6]) {
    for (a, e) in actual.iter().zip(expected) {
        assert!((a - e).abs() < 1e-9, "{actual:?} != {expected:?}");
    }
}

/// `[a, b, c, d, tx, ty]` of a rotation by `degrees` and a scale, at `(x, y)`.
fn rotated(degrees: f64, sx: f64, sy: f64, x: f64, y: f64) -> [f64; 6] {
    let (s, c) = degrees.to_radians().sin_cos();
    [c * sx, s * sx, -s * sy, c * sy, x, y]
}

#[test]
fn a_parent_chain_composes_translation_and_rotation() {
    let text = skeleton(
        r#"{"name": "a", "bone": [
            {"name": "根", "transform": {"x": 10, "skX": 90, "skY": 90}},
            {"name": "腕", "parent": "根", "transform": {"x": 20, "skX": 90, "skY": 90}},
            {"name": "手", "parent": "腕", "transform": {"x": 5, "scX": 2}}
        ]}"#,
    );
    let p = pose_of(&text, None, 0.0);
    assert_matrix(matrix(&p, "根"), rotated(90.0, 1.0, 1.0, 10.0, 0.0));
    // 20 along the parent's x axis, which points down: (10, 20); turned 180° in all.
    assert_matrix(matrix(&p, "腕"), rotated(180.0, 1.0, 1.0, 10.0, 20.0));
    assert_matrix(matrix(&p, "手"), rotated(180.0, 2.0, 1.0, 5.0, 20.0));
}

#[test]
fn each_inheritance_flag() {
    let text = skeleton(
        r#"{"name": "a", "bone": [
            {"name": "親", "transform": {"x": 100, "skX": 90, "skY": 90, "scX": 2, "scY": 2}},
            {"name": "移動なし", "parent": "親", "inheritTranslation": false, "transform": {"x": 5}},
            {"name": "回転なし", "parent": "親", "inheritRotation": false, "transform": {"x": 10}},
            {"name": "拡大なし", "parent": "親", "inheritScale": false, "transform": {"x": 10}}
        ]}"#,
    );
    let p = pose_of(&text, None, 0.0);
    // Rotation and scale inherited, the position its own.
    assert_matrix(matrix(&p, "移動なし"), rotated(90.0, 2.0, 2.0, 5.0, 0.0));
    // Placed by the parent (10 along its scaled x axis: down by 20), not turned by it.
    assert_matrix(matrix(&p, "回転なし"), rotated(0.0, 2.0, 2.0, 100.0, 20.0));
    // Placed and turned by the parent, not scaled by it.
    assert_matrix(matrix(&p, "拡大なし"), rotated(90.0, 1.0, 1.0, 100.0, 20.0));
}

fn two_bone_ik(bend_positive: bool) -> String {
    skeleton(&format!(
        r#"{{"name": "a", "bone": [
            {{"name": "上腕", "length": 30}},
            {{"name": "前腕", "parent": "上腕", "length": 40, "transform": {{"x": 30}}}},
            {{"name": "目標", "transform": {{"x": 50}}}}
        ], "ik": [{{"name": "届く", "bone": "前腕", "target": "目標", "chain": 1, "bendPositive": {bend_positive}}}]}}"#
    ))
}

/// A 30–40–50 triangle: the elbow at (18, ∓24), the forearm's tip on the target.
#[test]
fn two_bone_ik_bends_either_way() {
    let up = pose_of(&two_bone_ik(true), None, 0.0);
    let upper = (-24f64).atan2(18.0).to_degrees();
    assert_matrix(matrix(&up, "上腕"), rotated(upper, 1.0, 1.0, 0.0, 0.0));
    let forearm = 24f64.atan2(32.0).to_degrees();
    assert_matrix(matrix(&up, "前腕"), rotated(forearm, 1.0, 1.0, 18.0, -24.0));
    let down = pose_of(&two_bone_ik(false), None, 0.0);
    assert_matrix(matrix(&down, "上腕"), rotated(-upper, 1.0, 1.0, 0.0, 0.0));
    assert_matrix(matrix(&down, "前腕"), rotated(-forearm, 1.0, 1.0, 18.0, 24.0));
}

#[test]
fn one_bone_ik_turns_toward_its_target_by_its_weight() {
    let text = skeleton(
        r#"{"name": "a", "bone": [{"name": "首", "length": 10}, {"name": "目標", "transform": {"y": 10}}],
            "ik": [{"name": "見る", "bone": "首", "target": "目標", "weight": 0.5}]}"#,
    );
    let p = pose_of(&text, None, 0.0);
    assert_matrix(matrix(&p, "首"), rotated(45.0, 1.0, 1.0, 0.0, 0.0));
}

fn tween(frame: &str) -> String {
    skeleton(&format!(
        r#"{{"name": "a", "bone": [{{"name": "根"}}], "animation": [{{"name": "動く", "duration": 10,
            "bone": [{{"name": "根", "translateFrame": [{{"duration": 10, {frame}, "x": 0}}, {{"duration": 0, "x": 10}}]}}]}}]}}"#
    ))
}

/// Halfway through a 10-pixel move: linear 5; quadratic in 2.5, out 7.5; sine in-out 5; a
/// symmetric curve 5.
#[test]
fn easings_and_curves_halfway() {
    for (frame, x) in [
        (r#""tweenEasing": 0"#, 5.0),
        (r#""tweenEasing": -1"#, 2.5),
        (r#""tweenEasing": 1"#, 7.5),
        (r#""tweenEasing": 2"#, 5.0),
        (r#""tweenEasing": -0.5"#, 3.75),
        (r#""curve": [0.5, 0, 0.5, 1]"#, 5.0),
        (r#""tweenEasing": null"#, 0.0),
    ] {
        let p = pose_of(&tween(frame), Some("動く"), 0.5);
        assert!((matrix(&p, "根")[4] - x).abs() < 1e-3, "{frame}: {}", matrix(&p, "根")[4]);
    }
}

/// Times as the runtime takes them, on a 1 s move from 0 to 10 that does not loop.
#[test]
fn times_at_the_end_past_it_and_before_it() {
    let text = tween(r#""tweenEasing": 0"#);
    let x = |t: f64| matrix(&pose_of(&text, Some("動く"), t), "根")[4];
    assert!((x(0.25) - 2.5).abs() < 1e-9);
    // The end: a hair before it (the runtime's 1e-6), so the tween nearly reaches 10.
    assert!((x(1.0) - 10.0).abs() < 1e-4, "{}", x(1.0));
    // Later times wrap around the duration.
    assert!((x(1.25) - 2.5).abs() < 1e-9);
    // Earlier times count back from the end, past it: the last key frame holds.
    assert!((x(-0.25) - 10.0).abs() < 1e-9, "{}", x(-0.25));
}

/// A vertex halfway between two bones moves halfway with each: bind poses at the bones' setup.
#[test]
fn skinning_blends_the_bones_by_weight() {
    let text = skeleton(
        r#"{"name": "a",
            "bone": [{"name": "左", "transform": {"x": -10}}, {"name": "右", "transform": {"x": 10}}],
            "slot": [{"name": "布", "parent": "左"}],
            "skin": [{"slot": [{"name": "布", "display": [{"type": "mesh", "name": "布",
                "vertices": [0, 0, -10, 10], "uvs": [0, 0, 1, 1], "triangles": [0, 1, 1],
                "weights": [2, 0, 0.5, 1, 0.5, 1, 0, 1],
                "slotPose": [1, 0, 0, 1, 0, 0], "bonePose": [0, 1, 0, 0, 1, -10, 0, 1, 1, 0, 0, 1, 10, 0]}]}]}],
            "animation": [{"name": "動く", "duration": 1, "bone": [{"name": "右", "translateFrame": [{"x": 0, "y": 20}]}]}]}"#,
    );
    let setup = pose_of(&text, None, 0.0);
    assert_eq!(setup.slots[0].vertices.as_deref(), Some(&[0.0, 0.0, -10.0, 10.0][..]));
    let moved = pose_of(&text, Some("動く"), 0.0);
    let v = moved.slots[0].vertices.clone().expect("a mesh");
    let expected = [0.0, 10.0, -10.0, 10.0];
    for (a, e) in v.iter().zip(expected) {
        assert!((a - e).abs() < 1e-5, "{v:?}");
    }
}

/// `n` armatures, each showing the next as a child armature (the last an unknown one).
fn chain_skeleton(n: usize) -> String {
    let armatures: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#"{{"name":"a{i}","bone":[{{"name":"root"}}],"slot":[{{"name":"c","parent":"root"}}],
"skin":[{{"slot":[{{"name":"c","display":[{{"name":"a{}","type":"armature"}}]}}]}}]}}"#,
                i + 1
            )
        })
        .collect();
    format!(r#"{{"name":"chain","version":"5.5","armature":[{}]}}"#, armatures.join(","))
}

/// A chain of 2,000 armatures, each showing the next as a child armature: building one recursed
/// once per level, and at 1,500 levels overflowed the stack (`rigls --check` aborted). Chains are
/// built [`MAX_NESTING`] armatures deep; the display past that stays empty.
///
/// [`MAX_NESTING`]: rigls_dragonbones::eval::runtime::MAX_NESTING
#[test]
fn a_chain_of_child_armatures_is_built_to_a_bounded_depth() {
    use rigls_dragonbones::DragonBonesFile;
    use rigls_dragonbones::eval::Evaluation;
    use rigls_dragonbones::eval::runtime::{MAX_NESTING, Runtime};
    let n = 2000;
    let text = chain_skeleton(n);
    let file = DragonBonesFile::parse(&text).expect("a skeleton");
    let evaluation = Evaluation::new(&file.tree, &text);
    let data = evaluation.data().expect("read by the runtime");
    let depth = |index: usize| {
        let runtime = Runtime::build(data, index).expect("built");
        let (mut levels, mut at) = (1, &runtime);
        while let Some(child) = at.children.first() {
            assert_eq!(child.index, at.index + 1);
            (levels, at) = (levels + 1, child);
        }
        (levels, at.index)
    };
    assert_eq!(MAX_NESTING, 64);
    assert_eq!(depth(0), (64, 63), "a0 … a63; a63's display of a64 stays empty");
    assert_eq!(depth(1000), (64, 1063));
    assert_eq!(depth(n - 10), (10, n - 1), "the end of the chain: a1999 shows an unknown armature");
}

/// What the rules and readings parse to build one armature of such a chain: the armatures it
/// builds, no deeper. Parsing the growing set again at every level was cubic in the chain's
/// length: `rigls --check` of 250 armatures took 13.5 s, of 500 82 s.
#[test]
fn an_armature_of_a_chain_is_parsed_with_the_armatures_it_builds() {
    use rigls_dragonbones::DragonBonesFile;
    use rigls_dragonbones::eval::parse::{DeformValues, armature_elements, parse_shown};
    use rigls_dragonbones::eval::raw::Raw;
    let n = 2000;
    let text = chain_skeleton(n);
    let file = DragonBonesFile::parse(&text).expect("a skeleton");
    let raw = Raw::new(&file.tree, &text);
    let root = file.tree.root().expect("a root");
    let elements = armature_elements(raw, root);
    let names: Vec<String> = (0..n).map(|i| format!("a{i}")).collect();
    let shown = |i: usize| {
        let (parsed, list) = parse_shown(raw, root, &elements, &names, i, DeformValues::Kept, None).expect("parsed");
        let parsed_names: Vec<String> = parsed.data.armatures.iter().map(|a| a.name.clone()).collect();
        assert_eq!(parsed_names, list.iter().map(|&a| names[a].clone()).collect::<Vec<_>>());
        list
    };
    assert_eq!(shown(0), (0..64).collect::<Vec<_>>());
    assert_eq!(shown(1500), (1500..1564).collect::<Vec<_>>());
    assert_eq!(shown(n - 3), vec![n - 3, n - 2, n - 1]);
    let started = std::time::Instant::now();
    for i in 0..n {
        assert_eq!(shown(i).len(), 64.min(n - i));
    }
    // Linear in the chain (about 1 s in a debug build); the cubic reading took minutes.
    assert!(started.elapsed() < std::time::Duration::from_secs(60), "{:?}", started.elapsed());
}

/// Several keys read in one pass over an object's members find what reading each alone finds:
/// the last member of a key, nothing when that member's value is missing, nothing off objects.
#[test]
fn keys_read_together_are_those_read_one_by_one() {
    use rigls_dragonbones::eval::raw::Raw;
    let text = r#"{"o": {"x": 1, "skX": 2, "x": 3, "\u0079": 4, "scX": }, "a": [1]}"#;
    let tree = rigls_dragonbones::parser::parse(text);
    let raw = Raw::new(&tree, text);
    let root = tree.root().expect("a root");
    let [object, array] = raw.get_all(root, ["o", "a"]).map(|v| v.expect("present"));
    let keys = ["x", "y", "skX", "scX", "scY"];
    let together = raw.get_all(object, keys);
    let alone = |k| tree.get(text, object, k).filter(|&v| tree.kind(v) != rigls_dragonbones::syntax::NodeKind::Missing);
    assert_eq!(together, keys.map(alone));
    let numbers = together.map(|v| raw.number_of(v, -1.0));
    assert_eq!(numbers, [3.0, 4.0, 2.0, -1.0, -1.0]);
    assert_eq!(raw.get_all(array, ["x"]), [None]);
}
