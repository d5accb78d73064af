//! The runtime rules read each armature with its slot deform values left out
//! (`DeformValues::CheckedFinite`): each key frame is only shown finite, from its numbers'
//! spelling where that bounds them, else by reading them. Everything else read must be what a
//! full read keeps, `deform_not_finite` must say exactly whether a left-out value is not finite,
//! and the diagnostics must be those of a full read (the rules read again when they could differ).

use rigls_test_support::fixture as support;
use rigls_test_support::generate;

use expect_test::{Expect, expect};
use rigls_dragonbones::DragonBonesFile;
use rigls_dragonbones::eval::data::{DragonBonesData, TimelineKind, TimelineValues};
use rigls_dragonbones::eval::parse::{self, DeformValues};
use rigls_dragonbones::eval::raw::Raw;
use rigls_dragonbones::schema::key;

/// A skeleton of one slot showing mesh `m` (four vertices, each on bone `root` when `weighted`)
/// and an animation whose second deform key frame has `offset` and `vertices`.
fn skeleton(weighted: bool, vertices: &str, offset: &str, slot_pose: &str, bone_pose: &str) -> String {
    let weights = if weighted {
        format!(
            r#", "weights": [1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1], "slotPose": {slot_pose}, "bonePose": {bone_pose}"#
        )
    } else {
        String::new()
    };
    format!(
        r#"{{"name": "t", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24, "armature": [{{"name": "a",
  "bone": [{{"name": "root"}}], "slot": [{{"name": "s", "parent": "root"}}],
  "skin": [{{"slot": [{{"name": "s", "display": [{{"type": "mesh", "name": "m", "width": 10, "height": 10,
    "vertices": [0, 0, 10, 0, 10, 10, 0, 10], "uvs": [0, 0, 1, 0, 1, 1, 0, 1], "triangles": [0, 1, 2, 0, 2, 3]{weights}}}]}}]}}],
  "animation": [{{"name": "move", "duration": 10, "ffd": [{{"name": "m", "slot": "s", "skin": "", "frame": [
    {{"duration": 5, "tweenEasing": 0, "offset": 0, "vertices": [0, 0]}},
    {{"duration": 5, "offset": {offset}, "vertices": {vertices}}}]}}]}}]}}]}}"#
    )
}

fn plain(vertices: &str) -> String {
    skeleton(false, vertices, "0", "", "")
}

fn weighted(vertices: &str, slot_pose: &str, bone_pose: &str) -> String {
    skeleton(true, vertices, "0", slot_pose, bone_pose)
}

const IDENTITY: &str = "[1, 0, 0, 1, 0, 0]";
const ROOT_AT_REST: &str = "[0, 1, 0, 0, 1, 0, 0]";

/// The data of every armature of `text` read both ways, with what the left-out read reports.
fn both_reads(text: &str) -> Vec<(DragonBonesData, parse::Parsed)> {
    let Some(file) = DragonBonesFile::parse(text) else { return Vec::new() };
    let raw = Raw::new(&file.tree, text);
    let Some(root) = file.tree.root() else { return Vec::new() };
    let elements = parse::armature_elements(raw, root);
    let names: Vec<String> = elements.iter().map(|&e| raw.string(e, key::NAME, "")).collect();
    (0..elements.len())
        .filter_map(|i| {
            let (kept, _) = parse::parse_shown(raw, root, &elements, &names, i, DeformValues::Kept, None).ok()?;
            let (checked, _) =
                parse::parse_shown(raw, root, &elements, &names, i, DeformValues::CheckedFinite, None).ok()?;
            Some((kept.data, checked))
        })
        .collect()
}

/// Checks the left-out read of `text` against the full one; returns whether a slot deform value
/// is not finite.
fn compare_reads(label: &str, text: &str) -> Option<bool> {
    let mut any_not_finite = None;
    for (mut kept, checked) in both_reads(text) {
        let mut not_finite = false;
        let mut deforms = false;
        for animation in kept.armatures.iter_mut().flat_map(|a| &mut a.animations) {
            for (_, timelines) in &mut animation.slot_timelines.entries {
                for t in timelines.iter_mut().filter(|t| t.kind == TimelineKind::SlotDeform) {
                    if let TimelineValues::Float { values, .. } = &mut t.values {
                        deforms |= !t.frames.is_empty();
                        not_finite |= values.iter().any(|v| !v.is_finite());
                        values.clear();
                    }
                }
            }
        }
        assert_eq!(
            format!("{kept:?}"),
            format!("{:?}", checked.data),
            "{label}: the reads differ beyond deform values"
        );
        assert_eq!(checked.deform_not_finite, not_finite, "{label}: deform_not_finite");
        assert_eq!(checked.deform_values_left_out, deforms, "{label}: deform_values_left_out");
        *any_not_finite.get_or_insert(false) |= not_finite;
    }
    any_not_finite
}

/// The codes and messages of the diagnostics of `text`, after checking its two reads agree.
fn check(text: &str, not_finite: bool, expect: Expect) {
    assert_eq!(compare_reads("crafted", text), Some(not_finite));
    let analysis = support::analyse("t_ske.json", text, &[]);
    let found: Vec<String> =
        analysis.diagnostics.iter().map(|d| format!("{} {:?}: {}", d.code.as_str(), d.range, d.message)).collect();
    expect.assert_eq(&found.join("\n"));
}

#[test]
fn small_plain_numbers_are_finite_unread() {
    check(&plain("[1.5, -2.25, 0, 3, 4, 5, 6, 7]"), false, expect![""]);
    check(&weighted("[1.5, -2.25, 0, 3]", IDENTITY, ROOT_AT_REST), false, expect![""]);
}

#[test]
fn exponents_and_long_numbers_are_read() {
    check(&plain("[1.5e-7, -2E-5, 0, 3]"), false, expect![""]);
    check(
        &plain("[1e39, 0]"),
        true,
        expect![
            "non-finite-pose 583..596: a deform key frame of animation `move` has vertices that are not finite numbers: the runtime cannot draw the mesh"
        ],
    );
    check(
        &plain("[123456789012345678901234567890123456789012, 0]"),
        true,
        expect![
            "non-finite-pose 583..596: a deform key frame of animation `move` has vertices that are not finite numbers: the runtime cannot draw the mesh"
        ],
    );
    check(&plain("[12345678901234567890123456789012345.5, 0]"), false, expect![""]);
}

#[test]
fn a_fractional_offset_makes_deltas_not_a_number() {
    check(
        &skeleton(false, "[1, 2]", "0.5", "", ""),
        true,
        expect![[r#"
        non-finite-pose 583..596: a deform key frame of animation `move` has vertices that are not finite numbers: the runtime cannot draw the mesh
        invalid-value 608..611: `offset` must be a whole number, not 0.5 (the C++ runtime asserts on fractions)"#]],
    );
}

#[test]
fn weighted_deltas_are_bounded_by_their_poses() {
    // 100 through a slot scaled 10^35 is 10^37: finite, but past what spelling alone can show.
    check(&weighted("[100, 0]", "[1e35, 0, 0, 1e35, 0, 0]", ROOT_AT_REST), false, expect![""]);
    check(
        &weighted("[1000, 0]", "[1e36, 0, 0, 1e36, 0, 0]", ROOT_AT_REST),
        true,
        expect![
            "non-finite-pose 705..718: a deform key frame of animation `move` has vertices that are not finite numbers: the runtime cannot draw the mesh"
        ],
    );
    // A singular bone pose.
    check(
        &weighted("[1, 2]", IDENTITY, "[0, 1, 1, 1, 1, 0, 0]"),
        false,
        expect![
            "singular-bone-pose 490..500: the `bonePose` matrix of bone 0 has no inverse (its determinant is 0), and the runtime inverts it to move the vertices weighted to that bone into its space: DragonBonesJS takes the identity instead and draws them away from where the mesh was bound, DragonBonesCPP draws them nowhere; write the bone's matrix as the mesh was bound to it"
        ],
    );
}

#[test]
fn values_that_are_not_numbers_are_read() {
    check(
        &plain(r#"[1, "x"]"#),
        true,
        expect![[r#"
        non-finite-pose 583..596: a deform key frame of animation `move` has vertices that are not finite numbers: the runtime cannot draw the mesh
        invalid-value 627..630: `vertices` holds numbers, but this element is a string"#]],
    );
    check(
        &plain("[1, null]"),
        false,
        expect!["invalid-value 627..631: `vertices` holds numbers, but this element is null"],
    );
    check(
        &plain("[1, [2]]"),
        false,
        expect!["invalid-value 627..630: `vertices` holds numbers, but this element is an array"],
    );
}

/// A pose found not finite is reported from a full update, which reads the deform values: the
/// rules read the armature again with them.
#[test]
fn a_pose_found_not_finite_is_reported_as_a_full_read_reports_it() {
    let text = r#"{"name": "t", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24, "armature": [{"name": "a",
  "bone": [{"name": "root"}, {"name": "arm", "parent": "root"}, {"name": "hand", "parent": "arm", "inheritRotation": false, "transform": {"x": 10}}],
  "slot": [{"name": "s", "parent": "hand"}],
  "skin": [{"slot": [{"name": "s", "display": [{"type": "mesh", "name": "m", "width": 10, "height": 10,
    "vertices": [0, 0, 10, 0, 10, 10, 0, 10], "uvs": [0, 0, 1, 0, 1, 1, 0, 1], "triangles": [0, 1, 2, 0, 2, 3]}]}]}],
  "animation": [{"name": "move", "duration": 10,
    "bone": [{"name": "arm", "scaleFrame": [{"duration": 5}, {"duration": 5, "x": 0, "y": 0}]}],
    "ffd": [{"name": "m", "slot": "s", "skin": "", "frame": [
    {"duration": 5, "tweenEasing": 0, "offset": 0, "vertices": [0, 0]},
    {"duration": 5, "offset": 0, "vertices": [1, 2]}]}]}]}]}"#;
    check(
        text,
        false,
        expect![
            "non-finite-pose 177..183: bone `hand` has a transform that is not a finite number in animation `move` at frame 5 (0.208 s): the runtime draws it and everything on it nowhere"
        ],
    );
}

#[test]
fn both_reads_agree_on_the_project_skeletons() {
    let root = rigls_test_support::server_dir();
    let mut paths = Vec::new();
    for dir in ["tests/fixtures/dragonbones", "../examples", "../tests/e2e/fixtures"] {
        support::skeletons_under(&root.join(dir), &mut paths);
    }
    let read =
        paths.iter().filter_map(|p| compare_reads(&p.display().to_string(), &std::fs::read_to_string(p).ok()?)).count();
    assert!(read >= 15, "only {read} skeletons read");
    // The benchmarks' skeleton: deform key frames of weighted meshes in every animation.
    assert_eq!(compare_reads("generated", &generate::dragonbones::skeleton(300_000, false)), Some(false));
}

#[test]
fn both_reads_agree_on_the_shared_corpus() {
    let Some(paths) = support::shared_corpus_json() else { return };
    let read =
        paths.iter().filter_map(|p| compare_reads(&p.display().to_string(), &std::fs::read_to_string(p).ok()?)).count();
    assert!(read >= 15, "only {read} skeletons read");
}
