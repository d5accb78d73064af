//! What a 2.3/3.0 upgrade must show, read from the 2.x data itself (no runtime reads it): each
//! bone at each key frame where the 2.x file says (global data, wherever every animated ancestor
//! has a key frame at the same time), and each event, sound and play action on its frame.

use std::collections::BTreeMap;

use rigls_dragonbones::DragonBonesFile;
use rigls_dragonbones::eval::Runtime;
use rigls_dragonbones::eval::raw::Raw;
use rigls_dragonbones::schema::key;
use rigls_dragonbones::syntax::NodeId;

use super::{list, record};

/// A 2.x transform read as the official converter reads it, its pivot `pX`/`pY` folded in.
fn global_matrix(raw: &Raw<'_>, transform: Option<NodeId>) -> [f64; 6] {
    let value = |k: &str, default: f64| transform.map_or(default, |t| raw.number(t, k, default));
    let (x, y) = (value(key::X, 0.0), value(key::Y, 0.0));
    let (sk_x, sk_y) = (value(key::SK_X, 0.0).to_radians(), value(key::SK_Y, 0.0).to_radians());
    let (sc_x, sc_y) = (value(key::SC_X, 1.0), value(key::SC_Y, 1.0));
    let (a, b, c, d) = (sk_y.cos() * sc_x, sk_y.sin() * sc_x, -sk_x.sin() * sc_y, sk_x.cos() * sc_y);
    let (px, py) = (value(key::P_X, 0.0), value(key::P_Y, 0.0));
    [a, b, c, d, x + a * px + c * py, y + b * px + d * py]
}

/// Each animated bone of global 2.x data at each of its key frames whose ancestors all have a key
/// frame at the same time: the runtime's global matrix of the upgrade against the 2.x file's
/// transform (within the converter's rounding: 2 decimals for positions and angles). Returns the
/// key frames compared (none for parent-relative 3.0 data, which the upgrade copies).
pub fn key_frames_pose_where_the_file_puts_them(what: &str, original: &str, upgraded: &str) -> usize {
    let source = DragonBonesFile::parse(original).expect("a skeleton");
    let raw = Raw::new(&source.tree, original);
    let root = source.tree.root().expect("a root");
    if !raw.boolean(root, key::IS_GLOBAL, true) {
        return 0;
    }
    let file = DragonBonesFile::parse(upgraded).expect("the upgrade parses");
    let evaluation = file.evaluation(upgraded);
    let data = evaluation.data().unwrap_or_else(|| panic!("{what}: the runtime rejects the upgrade"));
    assert!(
        evaluation.parsed.as_ref().is_ok_and(|p| p.failures.is_empty()),
        "{what}: the runtime fails on the upgrade"
    );
    let mut compared = 0;
    let armatures: Vec<NodeId> = list(&raw, root, key::ARMATURE);
    for (index, armature) in armatures.into_iter().enumerate() {
        let parents: Vec<(String, String)> = raw
            .array(armature, key::BONE)
            .map(|b| raw.elements(b).map(|e| (raw.string(e, key::NAME, ""), raw.string(e, key::PARENT, ""))).collect())
            .unwrap_or_default();
        let Ok(runtime) = Runtime::build(data, index) else { panic!("{what}: the upgrade's armature does not build") };
        let arm = &data.armatures[index];
        for animation in list(&raw, armature, key::ANIMATION) {
            let name = raw.string(animation, key::NAME, "");
            // Each timeline's key frames by position (`None` for a timeline with its own time
            // scale or offset: its key frames are not on the animation's frames).
            let mut timelines: BTreeMap<String, Option<Vec<(f64, NodeId)>>> = BTreeMap::new();
            for timeline in list(&raw, animation, key::TIMELINE) {
                let timed =
                    raw.number(timeline, key::SCALE, 1.0) == 1.0 && raw.number(timeline, key::OFFSET, 0.0) == 0.0;
                let mut at = 0.0;
                let frames = list(&raw, timeline, key::FRAME);
                let list = frames
                    .into_iter()
                    .map(|f| {
                        let here = at;
                        at += raw.number(f, key::DURATION, 1.0);
                        (here, f)
                    })
                    .collect();
                timelines.entry(raw.string(timeline, key::NAME, "")).or_insert(timed.then_some(list));
            }
            let frame_rate = arm.animations.iter().find(|a| a.name == name).map_or(24.0, |a| a.frame_rate);
            for (bone, frames) in &timelines {
                let (Some(data_bone), Some(frames)) = (arm.bones.iter().position(|b| b.name == *bone), frames) else {
                    continue;
                };
                for &(position, frame) in frames {
                    // Every ancestor with a timeline has a key frame here (or only one) — but the parent, which
                    // may be between two of its key frames (not after its last: played once, the
                    // runtime holds that one), eased by `tweenEasing`: the upgrade sampled it there,
                    // and with its own ancestors still, the runtime poses it as sampled.
                    let mut ancestor = parents.iter().find(|p| p.0 == *bone).map(|p| p.1.clone());
                    let mut aligned = true;
                    let mut first = true;
                    while let Some(a) = ancestor.filter(|a| !a.is_empty()) {
                        if let Some(list) = timelines.get(&a) {
                            // One key frame holds all along.
                            let keyed =
                                list.as_ref().is_some_and(|l| l.len() == 1 || l.iter().any(|(p, _)| *p == position));
                            let between = list.as_ref().is_some_and(|l| {
                                l.windows(2)
                                    .any(|w| w[0].0 < position && position < w[1].0 && !raw.has(w[0].1, key::CURVE))
                            });
                            aligned &= keyed || (first && between);
                        }
                        first = false;
                        ancestor = parents.iter().find(|p| p.0 == a).map(|p| p.1.clone());
                    }
                    if !aligned {
                        continue;
                    }
                    let mut posed = runtime.clone();
                    posed.goto_and_play_by_time(&name, position / frame_rate, 1.0);
                    let Some(state) = posed.bone(data_bone) else { continue };
                    let ours = state.matrix.to_array();
                    let expected = global_matrix(&raw, raw.get(frame, key::TRANSFORM));
                    for k in 0..6 {
                        let tolerance = if k < 4 { 2e-3 } else { 0.05 };
                        assert!(
                            (ours[k] - expected[k]).abs() <= tolerance,
                            "{what}: {name}@{position} bone {bone} matrix[{k}]: {} where the file says {}",
                            ours[k],
                            expected[k]
                        );
                    }
                    compared += 1;
                }
            }
        }
    }
    compared
}

/// The events, sounds and play actions 2.x data fires, in the form `runtime_actions` reads them:
/// those of the animation's frames, then each timeline's events and sounds (naming its bone), then
/// each timeline's play actions (on the slot of its name, its bone being the slot's parent).
pub fn actions(original: &str) -> BTreeMap<String, Vec<String>> {
    let file = DragonBonesFile::parse(original).expect("a skeleton");
    let raw = Raw::new(&file.tree, original);
    let root = file.tree.root().expect("a root");
    let mut out = BTreeMap::new();
    let armatures: Vec<NodeId> = list(&raw, root, key::ARMATURE);
    for armature in armatures {
        let bones: Vec<String> = raw
            .array(armature, key::BONE)
            .map(|b| raw.elements(b).map(|e| raw.string(e, key::NAME, "")).collect())
            .unwrap_or_default();
        // Slots and their parents: the first skin's first slot of each name.
        let mut slots: Vec<(String, String)> = Vec::new();
        for skin in list(&raw, armature, key::SKIN) {
            for slot in list(&raw, skin, key::SLOT) {
                let name = raw.string(slot, key::NAME, "");
                if !slots.iter().any(|s| s.0 == name) {
                    let parent = raw.string(slot, key::PARENT, "");
                    let parent =
                        if bones.contains(&parent) { parent } else { bones.first().cloned().unwrap_or_default() };
                    slots.push((name, parent));
                }
            }
        }
        for animation in list(&raw, armature, key::ANIMATION) {
            let frame_count = raw.number(animation, key::DURATION, 1.0);
            let mut frames: Vec<(f64, Vec<String>)> = Vec::new();
            let mut merge = |position: f64, action: String| {
                if position > frame_count {
                    return;
                }
                match frames.iter_mut().find(|f| f.0 == position) {
                    Some(f) => f.1.push(action),
                    None => frames.push((position, vec![action])),
                }
            };
            let describe = |ty: f64, name: String, bone: Option<&String>, slot: Option<&String>| {
                format!("{ty} {name:?} bone={bone:?} slot={slot:?} ||")
            };
            let mut at = 0.0;
            for frame in list(&raw, animation, key::FRAME) {
                for (k, ty) in [(key::EVENT, 10.0), (key::SOUND, 11.0), (key::ACTION, 0.0)] {
                    if raw.has(frame, k) {
                        merge(at, describe(ty, raw.string(frame, k, ""), None, None));
                    }
                }
                at += raw.number(frame, key::DURATION, 1.0);
            }
            let timelines: Vec<NodeId> = list(&raw, animation, key::TIMELINE);
            let placed = |timeline: NodeId| -> Vec<(f64, NodeId)> {
                let mut at = 0.0;
                raw.array(timeline, key::FRAME)
                    .map(|f| raw.elements(f).collect::<Vec<_>>())
                    .unwrap_or_default()
                    .into_iter()
                    .map(|f| {
                        let here = at;
                        at += raw.number(f, key::DURATION, 1.0).max(1.0);
                        (here, f)
                    })
                    .collect()
            };
            for &timeline in &timelines {
                let name = raw.string(timeline, key::NAME, "");
                let bone = bones.contains(&name).then_some(&name);
                for (position, frame) in placed(timeline) {
                    for (k, ty) in [(key::EVENT, 10.0), (key::SOUND, 11.0)] {
                        let value = raw.string(frame, k, "");
                        if !value.is_empty() {
                            merge(position, describe(ty, value, bone, None));
                        }
                    }
                }
            }
            for &timeline in &timelines {
                let name = raw.string(timeline, key::NAME, "");
                let Some((slot, parent)) = slots.iter().find(|s| s.0 == name) else { continue };
                for (position, frame) in placed(timeline) {
                    let value = raw.string(frame, key::ACTION, "");
                    if !value.is_empty() {
                        let bone = bones.contains(parent).then_some(parent);
                        merge(position, describe(0.0, value, bone, Some(slot)));
                    }
                }
            }
            record(&mut out, &raw, (armature, animation), frames);
        }
    }
    out
}
