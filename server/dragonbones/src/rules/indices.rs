//! Indices: `displayIndex` and display-frame values against the slot's display list, and the
//! draw-order (`zOrder`) pairs against the slot list (§5.4).

use super::{DragonBonesCheck, plural, report};
use crate::model::{SkinSlot, name_text};
use crate::schema::key;
use crate::syntax::NodeId;
use rigls_diagnostic::{Code, Diagnostic, case};

pub fn check(ctx: &mut DragonBonesCheck) {
    let model = ctx.model;
    let legacy = ctx.version.is_some_and(|v| v.is_legacy());
    for (a, armature) in model.armatures.iter().enumerate() {
        if !ctx.in_scope(armature.node) {
            continue;
        }
        // The default skin's display list of each slot (`Model::default_displays` scans the
        // skin: per timeline, 30,000 slots took seconds).
        let mut default_displays: rigls_text::FastMap<&str, &SkinSlot> = rigls_text::FastMap::default();
        if let Some(skin) = armature.default_skin.and_then(|s| armature.skins.get(s)) {
            for &s in skin.slots.iter().rev() {
                let slot = &model.skin_slots[s as usize];
                default_displays.insert(slot.name.as_str(), slot);
            }
        }
        for slot in &armature.slots {
            if let Some(value) = ctx.get(slot.node, key::DISPLAY_INDEX) {
                let list = default_displays.get(slot.name.as_str()).copied();
                display_index(ctx, a, &slot.name, list, value, "`displayIndex`");
            }
        }
        for anim in &armature.animations {
            // (timeline, the keys of its display-index frames and where the index is)
            let mut timelines: Vec<(NodeId, &[(&str, &str)])> = Vec::new();
            for t in objects(ctx, anim.node, key::SLOT) {
                timelines.push((
                    t,
                    &[
                        (key::FRAME, key::DISPLAY_INDEX),
                        (key::DISPLAY_FRAME, key::VALUE),
                        (key::DISPLAY_FRAME, key::DISPLAY_INDEX),
                    ],
                ));
            }
            for t in objects(ctx, anim.node, key::TIMELINE) {
                if legacy {
                    timelines.push((t, &[(key::FRAME, key::DISPLAY_INDEX)]));
                } else if ctx.int(t, key::TYPE) == Some(20) {
                    timelines.push((t, &[(key::FRAME, key::VALUE)]));
                }
            }
            for (timeline, keys) in timelines {
                let Some(slot) = ctx.get(timeline, key::NAME).and_then(|n| name_text(ctx.tree, ctx.text, n)) else {
                    continue;
                };
                // Looked up once per timeline, not per key frame.
                let list = default_displays.get(slot.as_str()).copied();
                for &(frames_key, key) in keys {
                    for frame in objects(ctx, timeline, frames_key) {
                        if let Some(value) = ctx.get(frame, key) {
                            display_index(ctx, a, &slot, list, value, &format!("display key frame `{key}`"));
                        }
                    }
                }
            }
            if let Some(z) = ctx.get(anim.node, key::Z_ORDER).filter(|&z| ctx.tree.is_object(z)) {
                z_order(ctx, a, z);
            }
        }
    }
}

/// The object elements of array member `key`.
fn objects(ctx: &DragonBonesCheck, object: NodeId, key: &str) -> Vec<NodeId> {
    match ctx.is_array(ctx.get(object, key)) {
        Some(list) => ctx.tree.elements(list).filter(|&e| ctx.tree.is_object(e)).collect(),
        None => Vec::new(),
    }
}

fn display_index(
    ctx: &mut DragonBonesCheck,
    armature: usize,
    slot: &str,
    list: Option<&SkinSlot>,
    value: NodeId,
    what: &str,
) {
    let Some(index) = ctx.tree.int(ctx.text, value) else { return };
    let Some(list) = list else { return };
    let count = list.displays.len() as i64;
    if index < count {
        return;
    }
    let skin = ctx.model.armatures[armature]
        .default_skin
        .map_or("default", |s| ctx.model.armatures[armature].skins[s].name.as_str());
    let range = match count {
        0 => String::new(),
        1 => " (index 0)".to_owned(),
        _ => format!(" (0–{})", count - 1),
    };
    let message = format!(
        "{what} {index} is out of range: slot `{slot}` has {} in skin `{skin}`{range}; DragonBonesJS shows the last one, DragonBonesCPP nothing",
        plural(count, "display", "displays")
    );
    ctx.push(Diagnostic::of_case(&case::DISPLAY_INDEX, ctx.tree.range(value), message));
}

/// `[slotIndex, offset, …]`: even length, indices ascending within the slots, targets within them.
fn z_order(ctx: &mut DragonBonesCheck, armature: usize, timeline: NodeId) {
    let slots = ctx.model.armatures[armature].slots.len() as i64;
    let name = ctx.model.armatures[armature].name.clone();
    let Some(frames) = ctx.is_array(ctx.get(timeline, key::FRAME)) else { return };
    let frames: Vec<NodeId> = ctx.tree.elements(frames).filter(|&f| ctx.tree.is_object(f)).collect();
    let slots_phrase = if slots == 0 {
        format!("armature `{name}` has no slots")
    } else {
        format!("armature `{name}` has {} (0–{})", plural(slots, "slot", "slots"), slots - 1)
    };
    for frame in frames {
        let Some(pairs) = ctx.is_array(ctx.get(frame, key::Z_ORDER)) else { continue };
        let count = ctx.tree.len(pairs);
        if count % 2 == 1 {
            let range = ctx.key_range(frame, key::Z_ORDER).unwrap_or_else(|| ctx.tree.range(pairs));
            let message = format!(
                "`zOrder` has {}: it holds `[slotIndex, offset]` pairs (runtimes throw on an odd count)",
                plural(count as i64, "number", "numbers")
            );
            ctx.push(report(Code::Arity, range, message));
        }
        let items: Vec<NodeId> = ctx.tree.elements(pairs).collect();
        let mut previous: Option<i64> = None;
        for pair in items.chunks_exact(2) {
            let (Some(index), Some(offset)) = (ctx.tree.int(ctx.text, pair[0]), ctx.tree.int(ctx.text, pair[1])) else {
                continue;
            };
            if index < 0 || index >= slots {
                let message = format!("slot index {index} in `zOrder` is out of range: {slots_phrase}");
                ctx.push(report(Code::IndexOutOfRange, ctx.tree.range(pair[0]), message));
            } else if previous.is_some_and(|p| index <= p) {
                let message = format!(
                    "slot indices in `zOrder` must ascend strictly: {index} comes after {} (runtimes loop until they run out of memory)",
                    previous.unwrap_or(0)
                );
                ctx.push(report(Code::InvalidValue, ctx.tree.range(pair[0]), message));
            } else if index + offset < 0 || index + offset >= slots {
                let message = format!(
                    "slot {index} moved by {offset} lands at {}, outside the slots: {slots_phrase}",
                    index + offset
                );
                ctx.push(report(Code::IndexOutOfRange, ctx.tree.range(pair[1]), message));
            }
            previous = Some(previous.map_or(index, |p| p.max(index)));
        }
    }
}
