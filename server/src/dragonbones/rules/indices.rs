//! Indices: `displayIndex` and display-frame values against the slot's display list, and the
//! draw-order (`zOrder`) pairs against the slot list (§5.4).

use super::timing::frame_lists;
use super::{Ctx, plural};
use crate::diagnostic::{Diagnostic, code};
use crate::dragonbones::model::name_text;
use crate::dragonbones::syntax::NodeId;

pub fn check(ctx: &mut Ctx) {
    let model = ctx.model;
    for (a, armature) in model.armatures.iter().enumerate() {
        for slot in &armature.slots {
            if let Some(value) = ctx.get(slot.node, "displayIndex") {
                display_index(ctx, a, &slot.name, value, "`displayIndex`");
            }
        }
        for anim in &armature.animations {
            for list in frame_lists(ctx, anim.node) {
                let keys: &[&str] = match list.key {
                    "frame" | "displayFrame" => &["displayIndex", "value"],
                    _ => continue,
                };
                let Some(slot) = timeline_slot(ctx, list.timeline, anim.node) else { continue };
                let frames: Vec<NodeId> = ctx.tree.elements(list.frames).filter(|&f| ctx.tree.is_object(f)).collect();
                for frame in frames {
                    for &key in keys {
                        if key == "value" && list.key == "frame" && !is_typed_display(ctx, list.timeline) {
                            continue;
                        }
                        if let Some(value) = ctx.get(frame, key) {
                            display_index(ctx, a, &slot, value, &format!("display key frame `{key}`"));
                        }
                    }
                }
            }
            if let Some(z) = ctx.get(anim.node, "zOrder").filter(|&z| ctx.tree.is_object(z)) {
                z_order(ctx, a, z);
            }
        }
    }
}

/// The slot a timeline shows displays of: 4.x/5.x slot timelines, 2.3/3.0 timelines, typed 20.
fn timeline_slot(ctx: &Ctx, timeline: NodeId, anim: NodeId) -> Option<String> {
    if timeline == anim {
        return None;
    }
    let is_slot_timeline = ctx.get(anim, "slot").is_some_and(|list| ctx.tree.elements(list).any(|t| t == timeline));
    let legacy = ctx.version.is_some_and(|v| v.is_legacy());
    if !(is_slot_timeline || legacy || is_typed_display(ctx, timeline)) {
        return None;
    }
    name_text(ctx.tree, ctx.text, ctx.get(timeline, "name")?)
}

fn is_typed_display(ctx: &Ctx, timeline: NodeId) -> bool {
    !ctx.version.is_some_and(|v| v.is_legacy()) && ctx.int(timeline, "type") == Some(20)
}

fn display_index(ctx: &mut Ctx, armature: usize, slot: &str, value: NodeId, what: &str) {
    let Some(index) = ctx.tree.int(ctx.text, value) else { return };
    let Some(list) = ctx.model.default_displays(armature, slot) else { return };
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
        "{what} {index} is out of range: slot `{slot}` has {} in skin `{skin}`{range}; runtimes show the last one",
        plural(count, "display", "displays")
    );
    ctx.push(Diagnostic::warning(code::INDEX_OUT_OF_RANGE, ctx.tree.range(value), message));
}

/// `[slotIndex, offset, …]`: even length, indices ascending within the slots, targets within them.
fn z_order(ctx: &mut Ctx, armature: usize, timeline: NodeId) {
    let slots = ctx.model.armatures[armature].slots.len() as i64;
    let name = ctx.model.armatures[armature].name.clone();
    let Some(frames) = ctx.is_array(ctx.get(timeline, "frame")) else { return };
    let frames: Vec<NodeId> = ctx.tree.elements(frames).filter(|&f| ctx.tree.is_object(f)).collect();
    let slots_phrase = if slots == 0 {
        format!("armature `{name}` has no slots")
    } else {
        format!("armature `{name}` has {} (0–{})", plural(slots, "slot", "slots"), slots - 1)
    };
    for frame in frames {
        let Some(pairs) = ctx.is_array(ctx.get(frame, "zOrder")) else { continue };
        let count = ctx.tree.len(pairs);
        if count % 2 == 1 {
            let range = ctx.key_range(frame, "zOrder").unwrap_or_else(|| ctx.tree.range(pairs));
            let message = format!(
                "`zOrder` has {}: it holds `[slotIndex, offset]` pairs (runtimes throw on an odd count)",
                plural(count as i64, "number", "numbers")
            );
            ctx.push(Diagnostic::error(code::ARITY, range, message));
        }
        let items: Vec<NodeId> = ctx.tree.elements(pairs).collect();
        let mut previous: Option<i64> = None;
        for pair in items.chunks_exact(2) {
            let (Some(index), Some(offset)) = (ctx.tree.int(ctx.text, pair[0]), ctx.tree.int(ctx.text, pair[1])) else {
                continue;
            };
            if index < 0 || index >= slots {
                let message = format!("slot index {index} in `zOrder` is out of range: {slots_phrase}");
                ctx.push(Diagnostic::error(code::INDEX_OUT_OF_RANGE, ctx.tree.range(pair[0]), message));
            } else if previous.is_some_and(|p| index <= p) {
                let message = format!(
                    "slot indices in `zOrder` must ascend strictly: {index} comes after {} (runtimes loop until they run out of memory)",
                    previous.unwrap_or(0)
                );
                ctx.push(Diagnostic::error(code::INVALID_VALUE, ctx.tree.range(pair[0]), message));
            } else if index + offset < 0 || index + offset >= slots {
                let message = format!(
                    "slot {index} moved by {offset} lands at {}, outside the slots: {slots_phrase}",
                    index + offset
                );
                ctx.push(Diagnostic::error(code::INDEX_OUT_OF_RANGE, ctx.tree.range(pair[1]), message));
            }
            previous = Some(previous.map_or(index, |p| p.max(index)));
        }
    }
}
