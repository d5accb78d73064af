//! `rigls upgrade` on every skeleton of the project's fixtures and of `../shared/corpus` (skipped,
//! saying so, when it is absent): the upgraded text parses, says 5.5, adds no error, upgrades to
//! itself, keeps the armatures, animations and their lengths, and poses as the original does —
//! every bone matrix within 1e-3, mesh vertices within 0.01 px, display indices and draw order
//! equal, at the setup pose, at every key frame of every animation and half-way between key
//! frames — with the same events, sounds and actions on the same frames (read here on their own,
//! as the runtime's parser reads them, from both texts).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rigls_diagnostic::Severity;
use rigls_diagnostic::env::RealFs;
use rigls_dragonbones::DragonBonesFile;
use rigls_dragonbones::eval::Runtime;
use rigls_dragonbones::eval::raw::Raw;
use rigls_dragonbones::schema::key;
use rigls_dragonbones::syntax::{NodeId, NodeKind};
use rigls_ide::Analysis;
use rigls_ide::upgrade::{Options, Outcome, upgrade};
use rigls_test_support::fixture as support;

#[path = "dragonbones_upgrade_legacy.rs"]
mod legacy;
#[path = "dragonbones_upgrade_props.rs"]
mod props;

/// The skeletons among `files`.
fn skeletons(files: Vec<PathBuf>) -> Vec<PathBuf> {
    let is_skeleton = |p: &PathBuf| {
        std::fs::read_to_string(p).is_ok_and(|t| {
            DragonBonesFile::parse(&t).is_some_and(|f| f.doc() == rigls_dragonbones::model::DocKind::Skeleton)
        })
    };
    files.into_iter().filter(is_skeleton).collect()
}

/// What one upgrade showed.
#[derive(Debug, Default)]
struct Tally {
    upgraded: usize,
    current: usize,
    refused: usize,
    poses: usize,
    actions: usize,
}

fn check_file(path: &Path, tally: &mut Tally) {
    let text = std::fs::read_to_string(path).expect("readable");
    let what = path.display().to_string();
    match upgrade(Some(path), &text, &RealFs, Options::default()) {
        Outcome::Upgraded { text: upgraded, from, notes: _ } => {
            tally.upgraded += 1;
            check_upgraded(&what, path, &text, &upgraded, tally);
            if from.is_legacy() {
                tally.poses += legacy::key_frames_pose_where_the_file_puts_them(&what, &text, &upgraded);
                let (expected, actual) = (legacy::actions(&text), runtime_actions(&upgraded));
                assert_eq!(expected, actual, "{what}: the events, sounds and actions differ");
                tally.actions += expected.values().map(Vec::len).sum::<usize>();
            } else {
                tally.poses += compare_poses(&what, &text, &upgraded);
                let (a, b) = (runtime_actions(&text), runtime_actions(&upgraded));
                assert_eq!(a, b, "{what}: the events, sounds and actions differ");
                tally.actions += a.values().map(Vec::len).sum::<usize>();
            }
        }
        Outcome::Current => tally.current += 1,
        Outcome::Refused { .. } => {
            tally.refused += 1;
            // Features lost (5.6): written anyway, the rest must still be right.
            if let Outcome::Upgraded { text: upgraded, .. } =
                upgrade(Some(path), &text, &RealFs, Options { force: true })
            {
                check_upgraded(&what, path, &text, &upgraded, tally);
            }
        }
        Outcome::Unreadable(_) => tally.refused += 1,
    }
}

fn check_upgraded(what: &str, path: &Path, original: &str, upgraded: &str, tally: &mut Tally) {
    let before = Analysis::new(Some(path), original.to_owned(), &RealFs);
    let after = Analysis::new(Some(path), upgraded.to_owned(), &RealFs);
    let file = after.dragonbones().unwrap_or_else(|| panic!("{what}: the upgrade is no skeleton"));
    assert!(file.tree.errors.is_empty(), "{what}: the upgrade has syntax errors: {:?}", file.tree.errors);
    assert_eq!(file.model.version.as_ref().map(|v| v.text.as_str()), Some("5.5"), "{what}: version");
    assert_eq!(
        file.model.compatible_version.as_ref().map(|v| v.text.as_str()),
        Some("5.5"),
        "{what}: compatibleVersion"
    );
    // No error the original did not have.
    let errors = |a: &Analysis| -> Vec<String> {
        a.diagnostics.iter().filter(|d| d.severity == Severity::Error).map(|d| d.code.to_string()).collect()
    };
    let (was, now) = (errors(&before), errors(&after));
    for code in &now {
        assert!(
            was.contains(code),
            "{what}: the upgrade has a new error {code}: {:?}",
            after.diagnostics.iter().filter(|d| d.severity == Severity::Error).map(|d| &d.message).collect::<Vec<_>>()
        );
    }
    // It upgrades to itself.
    assert!(
        matches!(upgrade(Some(path), upgraded, &RealFs, Options::default()), Outcome::Current),
        "{what}: upgrading the upgrade changes it again"
    );
    let _ = tally;
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a.is_nan() && b.is_nan()) || (a - b).abs() <= tolerance.max(1e-3 * a.abs().max(b.abs())) || a == b
}

/// Compares the original's and the upgrade's poses; the number of poses compared.
pub fn compare_poses(what: &str, original: &str, upgraded: &str) -> usize {
    let (a, b) = (DragonBonesFile::parse(original).unwrap(), DragonBonesFile::parse(upgraded).unwrap());
    let (ea, eb) = (a.evaluation(original), b.evaluation(upgraded));
    let (Some(da), Some(db)) = (ea.data(), eb.data()) else {
        assert!(ea.data().is_none() == eb.data().is_none(), "{what}: one of the two is read, the other not");
        return 0;
    };
    let failures = |e: &rigls_dragonbones::eval::Evaluation| e.parsed.as_ref().map_or(0, |p| p.failures.len());
    assert_eq!(failures(ea), failures(eb), "{what}: the runtime fails on one and not the other");
    if failures(ea) > 0 {
        return 0;
    }
    assert_eq!(
        da.armatures.iter().map(|x| &x.name).collect::<Vec<_>>(),
        db.armatures.iter().map(|x| &x.name).collect::<Vec<_>>(),
        "{what}: armatures"
    );
    let mut compared = 0;
    for (i, (arm_a, arm_b)) in da.armatures.iter().zip(&db.armatures).enumerate() {
        let names = |x: &rigls_dragonbones::eval::data::ArmatureData| {
            x.animations.iter().map(|n| (n.name.clone(), n.frame_count, n.play_times)).collect::<Vec<_>>()
        };
        assert_eq!(names(arm_a), names(arm_b), "{what}: animations of {}", arm_a.name);
        let (Ok(ra), Ok(rb)) = (Runtime::build(da, i), Runtime::build(db, i)) else { continue };
        let mut requests: Vec<(Option<&str>, f64)> = vec![(None, 0.0)];
        for (anim_a, anim_b) in arm_a.animations.iter().zip(&arm_b.animations) {
            let mut frames: Vec<f64> =
                anim_a.key_frame_positions().into_iter().chain(anim_b.key_frame_positions()).map(f64::from).collect();
            frames.sort_by(f64::total_cmp);
            frames.dedup();
            let halves: Vec<f64> = frames.windows(2).map(|w| (w[0] + w[1]) / 2.0).collect();
            frames.extend(halves);
            for frame in frames {
                requests.push((Some(anim_a.name.as_str()), frame / anim_a.frame_rate));
            }
        }
        for (animation, time) in requests {
            let (mut pa, mut pb) = (ra.clone(), rb.clone());
            if let Some(name) = animation {
                pa.goto_and_play_by_time(name, time, 1.0);
                pb.goto_and_play_by_time(name, time, 1.0);
            }
            let at = format!("{what}: {} {animation:?} at {time}", arm_a.name);
            for (bi, bone) in arm_a.bones.iter().enumerate() {
                let j = arm_b.bones.iter().position(|x| x.name == bone.name).expect("the same bones");
                let (Some(x), Some(y)) = (pa.bone(bi), pb.bone(j)) else { continue };
                let (x, y) = (x.matrix.to_array(), y.matrix.to_array());
                for k in 0..6 {
                    assert!(close(x[k], y[k], 1e-3), "{at}: bone {} matrix[{k}] {} vs {}", bone.name, x[k], y[k]);
                }
            }
            for (si, slot) in arm_a.slots.iter().enumerate() {
                let j = arm_b.slots.iter().position(|x| x.name == slot.name).expect("the same slots");
                let (Some((ia, x)), Some((ib, y))) = (pa.slot(si), pb.slot(j)) else { continue };
                assert_eq!(x.display_index, y.display_index, "{at}: slot {} display", slot.name);
                assert_eq!(x.z_order, y.z_order, "{at}: slot {} draw order", slot.name);
                let (va, vb) = (pa.mesh_in_armature_space(ia), pb.mesh_in_armature_space(ib));
                assert_eq!(va.as_ref().map(Vec::len), vb.as_ref().map(Vec::len), "{at}: slot {} mesh", slot.name);
                for (u, v) in va.unwrap_or_default().iter().zip(vb.unwrap_or_default()) {
                    assert!(close(*u, v, 0.01), "{at}: slot {} vertex {u} vs {v}", slot.name);
                }
            }
            compared += 1;
        }
    }
    compared
}

/// Records an animation's actions (by frame) under `armature/animation`, each as `@frame action`.
pub fn record(
    out: &mut BTreeMap<String, Vec<String>>,
    raw: &Raw<'_>,
    (armature, animation): (NodeId, NodeId),
    mut frames: Vec<(f64, Vec<String>)>,
) {
    frames.sort_by(|a, b| a.0.total_cmp(&b.0));
    let label = format!("{}/{}", raw.string(armature, key::NAME, ""), raw.string(animation, key::NAME, ""));
    out.insert(label, frames.into_iter().flat_map(|(p, l)| l.into_iter().map(move |a| format!("@{p} {a}"))).collect());
}

/// The elements of the array under `key` (none when it is not one).
pub fn list(raw: &Raw<'_>, node: NodeId, key: &str) -> Vec<NodeId> {
    raw.array(node, key).map(|a| raw.elements(a).collect()).unwrap_or_default()
}

/// Every action each animation fires, as the runtime's parser collects them: per whole frame, in
/// the order it merges them (the animation's action frames, then bone, then slot key frames),
/// each as `type name bone slot data`. Read here independently of the upgrade.
pub fn runtime_actions(text: &str) -> BTreeMap<String, Vec<String>> {
    let file = DragonBonesFile::parse(text).expect("a skeleton");
    let raw = Raw::new(&file.tree, text);
    let root = file.tree.root().expect("a root");
    let mut out = BTreeMap::new();
    let Some(armatures) = raw.array(root, key::ARMATURE) else { return out };
    for armature in raw.elements(armatures) {
        let names = |list: &str| -> Vec<(String, String)> {
            raw.array(armature, list)
                .map(|a| {
                    raw.elements(a)
                        .filter(|&e| raw.is_object(e))
                        .map(|e| (raw.string(e, key::NAME, ""), raw.string(e, key::PARENT, "")))
                        .collect()
                })
                .unwrap_or_default()
        };
        let (bones, slots) = (names(key::BONE), names(key::SLOT));
        let bone = |n: &str| bones.iter().any(|b| b.0 == n).then(|| n.to_owned());
        let slot_parent = |n: &str| slots.iter().find(|s| s.0 == n).map(|s| s.1.clone());
        let Some(animations) = raw.array(armature, key::ANIMATION) else { continue };
        for animation in raw.elements(animations).filter(|&a| raw.is_object(a)) {
            let frame_count = raw.number(animation, key::DURATION, 0.0);
            let mut frames: Vec<(f64, Vec<String>)> = Vec::new();
            let mut merge = |position: f64, actions: Vec<String>| {
                if actions.is_empty() || position > frame_count {
                    return;
                }
                match frames.iter_mut().find(|f| f.0 == position) {
                    Some(f) => f.1.extend(actions),
                    None => frames.push((position, actions)),
                }
            };
            let read = |frame: NodeId, context: (Option<String>, Option<String>)| -> Vec<String> {
                let mut list = Vec::new();
                for (k, default) in [
                    (key::EVENT, 10.0),
                    (key::SOUND, 11.0),
                    (key::ACTION, 0.0),
                    (key::EVENTS, 10.0),
                    (key::ACTIONS, 0.0),
                ] {
                    let Some(value) = raw.get(frame, k) else { continue };
                    let describe = |ty: f64, name: String, bone: Option<String>, slot: Option<String>, data: String| {
                        format!("{ty} {name:?} bone={bone:?} slot={slot:?} {data}")
                    };
                    match raw.kind(value) {
                        NodeKind::String => list.push(describe(
                            default,
                            raw.to_js_string(value),
                            context.0.clone(),
                            context.1.clone(),
                            "||".to_owned(),
                        )),
                        NodeKind::Array => {
                            for e in raw.elements(value) {
                                let (ty, name) = if raw.has(e, key::GOTO_AND_PLAY) {
                                    (0.0, raw.string(e, key::GOTO_AND_PLAY, ""))
                                } else {
                                    let ty = match raw.get(e, key::TYPE).filter(|&t| raw.kind(t) == NodeKind::String) {
                                        Some(t) => match raw.to_js_string(t).to_lowercase().as_str() {
                                            "frame" => 10.0,
                                            "sound" => 11.0,
                                            _ => 0.0,
                                        },
                                        None => raw.number(e, key::TYPE, default),
                                    };
                                    (ty, raw.string(e, key::NAME, ""))
                                };
                                let b = if raw.has(e, key::BONE) {
                                    bone(&raw.string(e, key::BONE, ""))
                                } else {
                                    context.0.clone()
                                };
                                let s = if raw.has(e, key::SLOT) {
                                    let n = raw.string(e, key::SLOT, "");
                                    slot_parent(&n).map(|_| n)
                                } else {
                                    context.1.clone()
                                };
                                let data = [key::INTS, key::FLOATS, key::STRINGS]
                                    .map(|k| raw.get(e, k).map(|v| raw.to_js_string(v)).unwrap_or_default())
                                    .join("|");
                                list.push(describe(ty, name, b, s, data));
                            }
                        }
                        _ => {}
                    }
                }
                list
            };
            // The animation's action frames: at the running sum of their durations.
            let mut start = 0.0;
            for frame in list(&raw, animation, key::FRAME) {
                merge(start, read(frame, (None, None)));
                start += raw.number(frame, key::DURATION, 1.0);
            }
            // Key frames: where `_parseTimeline` places them.
            let placed = |list: NodeId| -> Vec<(f64, NodeId)> {
                let frames: Vec<NodeId> = raw.elements(list).collect();
                if frames.len() == 1 {
                    return vec![(0.0, frames[0])];
                }
                let (mut out, mut i, mut key, mut start, mut count) = (Vec::new(), 0.0, 0, 0.0, 0.0);
                while i < frame_count + 1.0 {
                    if start + count <= i && key < frames.len() {
                        start = i;
                        count = raw.number(frames[key], key::DURATION, 1.0);
                        out.push((start, frames[key]));
                        key += 1;
                    }
                    i += 1.0;
                }
                out
            };
            for timeline in list(&raw, animation, key::BONE) {
                let name = raw.string(timeline, key::NAME, "");
                let (Some(b), Some(list)) = (bone(&name), raw.array(timeline, key::FRAME)) else { continue };
                let context = (Some(b), slot_parent(&name).map(|_| name.clone()));
                for (position, frame) in placed(list) {
                    merge(position, read(frame, context.clone()));
                }
            }
            for timeline in list(&raw, animation, key::SLOT) {
                let name = raw.string(timeline, key::NAME, "");
                let Some(parent) = slot_parent(&name) else { continue };
                let list = raw.array(timeline, key::DISPLAY_FRAME).or_else(|| raw.array(timeline, key::FRAME));
                let Some(list) = list else { continue };
                let context = (bone(&parent), Some(name.clone()));
                for (position, frame) in placed(list) {
                    merge(position, read(frame, context.clone()));
                }
            }
            record(&mut out, &raw, (armature, animation), frames);
        }
    }
    out
}

#[test]
fn every_fixture_skeleton_upgrades_to_the_same_poses_and_events() {
    let mut tally = Tally::default();
    let mut files = Vec::new();
    support::skeletons_under(&rigls_test_support::server_dir().join("tests/fixtures"), &mut files);
    for path in skeletons(files) {
        check_file(&path, &mut tally);
    }
    eprintln!("fixtures: {tally:?}");
    assert!(tally.upgraded >= 3 && tally.poses > 50, "{tally:?}");
}

#[test]
fn every_corpus_skeleton_upgrades_to_the_same_poses_and_events() {
    let Some(files) = support::shared_corpus_json() else { return };
    let mut tally = Tally::default();
    for path in skeletons(files) {
        check_file(&path, &mut tally);
    }
    eprintln!("corpus: {tally:?}");
    assert!(tally.upgraded >= 13 && tally.poses > 1000, "{tally:?}");
}

fn upgrade_dir() -> PathBuf {
    rigls_test_support::server_dir().join("tests/fixtures/dragonbones/upgrade")
}

/// The upgrade of each fixture of `upgrade/`, byte for byte, beside it as `NAME.upgraded`
/// (`UPDATE_EXPECT=1` rewrites them), with the notes it makes. A carriage return is shown as `␍`
/// (expect-test reads files with their line ends made LF).
#[test]
fn the_fixtures_upgrade_to_their_expected_text() {
    let mut files = Vec::new();
    support::files_under(&upgrade_dir(), &|p| p.to_string_lossy().ends_with("_ske.json"), &mut files);
    assert!(files.len() >= 3);
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let Outcome::Upgraded { text: upgraded, from, notes } =
            upgrade(Some(&path), &text, &RealFs, Options::default())
        else {
            panic!("{}: not upgraded", path.display())
        };
        let lines = rigls_text::LineIndex::new(&text);
        let mut shown = format!("from {from}\n");
        for note in notes {
            let at = lines.line_col(note.range.start, rigls_text::PositionEncoding::Utf32);
            shown.push_str(&format!("{}:{}: {:?}: {}\n", at.line + 1, at.col + 1, note.severity, note.message));
        }
        shown.push_str("---\n");
        shown.push_str(&upgraded.replace('\r', "␍"));
        expect_test::expect_file![path.with_extension("upgraded")].assert_eq(&shown);
    }
}

fn outcome_of(text: &str) -> Outcome {
    let file = DragonBonesFile::parse(text);
    match file {
        Some(file) => file.upgrade(text, Options::default()),
        None => Outcome::Unreadable("not DragonBones".to_owned()),
    }
}

fn upgraded(text: &str) -> String {
    match outcome_of(text) {
        Outcome::Upgraded { text, .. } => text,
        other => panic!("not upgraded: {other:?}"),
    }
}

#[test]
fn versions_are_set_to_5_5_and_compatible_version_added_after_version() {
    let minified = r#"{"version":4.5,"name":"n","armature":[]}"#;
    assert_eq!(upgraded(minified), r#"{"version":"5.5","compatibleVersion":"5.5","name":"n","armature":[]}"#);
    // A number runtimes read as no version ("4") still says 4.0.
    let number = "{\n  \"version\": 4.0,\n  \"compatibleVersion\": \"4.0\",\n  \"armature\": []\n}\n";
    assert_eq!(
        upgraded(number),
        "{\n  \"version\": \"5.5\",\n  \"compatibleVersion\": \"5.5\",\n  \"armature\": []\n}\n"
    );
    // A 5.5 file without compatibleVersion gets one; with both, there is nothing to do.
    assert_eq!(
        upgraded(r#"{"version":"5.5","armature":[]}"#),
        r#"{"version":"5.5","compatibleVersion":"5.5","armature":[]}"#
    );
    assert!(matches!(outcome_of(r#"{"version":"5.5","compatibleVersion":"5.5","armature":[]}"#), Outcome::Current));
}

#[test]
fn what_cannot_be_upgraded_says_why() {
    let reason = |text: &str| match outcome_of(text) {
        Outcome::Unreadable(why) => format!("unreadable: {why}"),
        Outcome::Refused { reason, .. } => format!("refused: {reason}"),
        other => format!("{other:?}"),
    };
    assert_eq!(reason(r#"{"SubTexture":[],"imagePath":"a.png"}"#), "unreadable: it is a texture atlas, not a skeleton");
    assert_eq!(
        reason(r#"{"version":"4.5","armature":[{"name":}]}"#),
        "unreadable: it has a syntax error; fix it first"
    );
    assert_eq!(
        reason(r#"{"version":"6.0","armature":[]}"#),
        "refused: its data version `6.0` is none rigls knows (2.3–5.6)"
    );
    assert_eq!(reason(r#"{"name":"n","armature":[{"name":"a"}]}"#), "refused: it has no `version`");
}

/// Key frames half a turn apart: the runtime turns the short way round by the last bits of the
/// radians, which it computes from `skY` -226 (normalised) otherwise than from the `rotate` 134
/// written for it: the original turns back to -46 (-180°), the written angles would turn on to
/// 314 (+180°). The first key frame gets the `clockwise` that turns the way the original did.
#[test]
fn half_turns_turn_the_way_the_runtime_turned_the_original() {
    let text = r#"{"version":"5.0","frameRate":24,"armature":[{"name":"a","bone":[{"name":"b"}],"animation":[{"name":"x","duration":6,"bone":[{"name":"b","frame":[{"duration":6,"tweenEasing":0,"transform":{"skX":-226,"skY":-226}},{"duration":0,"transform":{"rotate":-46}}]}]}]}]}"#;
    let upgraded = upgraded(text);
    expect_test::expect![[r#"{"version":"5.5","compatibleVersion":"5.5","frameRate":24,"armature":[{"name":"a","bone":[{"name":"b"}],"animation":[{"name":"x","duration":6,"bone":[{"name":"b","translateFrame":[{"duration":6,"tweenEasing":0},{"duration":0}],"rotateFrame":[{"duration":6,"tweenEasing":0,"clockwise":-1,"rotate":134},{"duration":0,"rotate":-46}],"scaleFrame":[{"duration":6,"tweenEasing":0},{"duration":0}]}]}]}]}"#]].assert_eq(&upgraded);
    compare_poses("half a turn", text, &upgraded);
}

#[test]
fn rotations_are_normalised_as_the_runtime_reads_them() {
    let text = r#"{"version":"4.5","armature":[{"name":"a","bone":[{"name":"b"}],"animation":[{"name":"x","duration":2,"bone":[{"name":"b","frame":[{"duration":1,"transform":{"skX":190,"skY":-180}},{"duration":1,"transform":{"skX":45,"skY":45,"scX":"2"}}]}]}]}]}"#;
    expect_test::expect![[r#"{"version":"5.5","compatibleVersion":"5.5","armature":[{"name":"a","bone":[{"name":"b"}],"animation":[{"name":"x","duration":2,"bone":[{"name":"b","translateFrame":[{"duration":1},{"duration":1}],"rotateFrame":[{"duration":1,"rotate":180,"skew":-350},{"duration":1,"rotate":45}],"scaleFrame":[{"duration":1},{"duration":1,"x":"2"}]}]}]}]}"#]]
    .assert_eq(&upgraded(text));
}

/// A timeline that gives `frame` twice: JSON parsers keep the last, which the upgrade rewrites;
/// the earlier one goes too (with a note), or upgrading the upgrade would rewrite it in turn
/// (found by the `upgrade` fuzz target).
#[test]
fn an_earlier_duplicate_frame_list_is_left_out_so_the_upgrade_is_final() {
    let text = r#"{"version":"4.5","armature":[{"name":"a","bone":[{"name":"b"}],"slot":[{"name":"s","parent":"b"}],"animation":[{"name":"x","duration":2,"bone":[{"name":"b","frame":[{"duration":2,"transform":{"x":9}}],"frame":[{"duration":2,"transform":{"x":1}}]}],"slot":[{"name":"s","frame":[{"duration":2,"displayIndex":1}],"frame":[{"duration":2,"color":{"aM":50}}]}]}]}]}"#;
    let Outcome::Upgraded { text: upgraded, notes, .. } = outcome_of(text) else { panic!("not upgraded") };
    expect_test::expect![[r#"{"version":"5.5","compatibleVersion":"5.5","armature":[{"name":"a","bone":[{"name":"b"}],"slot":[{"name":"s","parent":"b"}],"animation":[{"name":"x","duration":2,"bone":[{"name":"b","translateFrame":[{"duration":2,"x":1}],"rotateFrame":[{"duration":2}],"scaleFrame":[{"duration":2}]}],"slot":[{"name":"s","displayFrame":[{"duration":2}],"colorFrame":[{"duration":2,"value":{"aM":50}}]}]}]}]}"#]].assert_eq(&upgraded);
    let notes: Vec<String> = notes.iter().map(|n| format!("{}: {}", n.range.slice(text), n.message)).collect();
    expect_test::expect![[r#"
        [
            "\"frame\":[{\"duration\":2,\"transform\":{\"x\":9}}]: `frame` is given twice in this timeline: the last (which DragonBonesJS reads) was upgraded; this earlier one (which the C++ runtime reads) was left out",
            "\"frame\":[{\"duration\":2,\"displayIndex\":1}]: `frame` is given twice in this timeline: the last (which DragonBonesJS reads) was upgraded; this earlier one (which the C++ runtime reads) was left out",
        ]
    "#]].assert_debug_eq(&notes);
    assert!(matches!(outcome_of(&upgraded), Outcome::Current), "upgrading the upgrade changes it");
    compare_poses("duplicate frame lists", text, &upgraded);
}
