//! Inlay hints where numbers are opaque: the bone behind each bone index of mesh `weights` and
//! `bonePose`, the slot behind each `zOrder` slot index, the display behind `displayIndex` and
//! display-frame `value`s, and the start frame and time of each key frame.
//!
//! One walk over the nodes overlapping the requested range ([`super::walk`]); an array whose
//! elements need context (the bone positions of `weights`, the start frames of a frame list) is
//! read once when the walk enters it.

use std::collections::HashMap;

use super::hover::{frame_rate, past_end, seconds};
use super::indices::{self, Space};
use super::walk::{Visit, walk};
use super::{DragonBonesDoc, plural};
use crate::{Analysis, InlayHint, InlayKind};
use rigls_dragonbones::eval::frame_table::{frame_shown, key_frame_starts};
use rigls_dragonbones::schema::key;
use rigls_dragonbones::schema::{ObjectKind, ValueType};
use rigls_dragonbones::syntax::{NodeId, NodeKind};
use rigls_text::TextRange;

pub fn inlay_hints(analysis: &Analysis, range: TextRange) -> Vec<InlayHint> {
    let Some(ctx) = DragonBonesDoc::new(analysis) else { return Vec::new() };
    let mut out = Vec::new();
    // Per array read on entry: bone positions of `weights`, start frames of frame lists.
    let mut bone_positions: HashMap<NodeId, Vec<usize>> = HashMap::new();
    let mut starts: HashMap<NodeId, Vec<f64>> = HashMap::new();
    walk(&ctx, Some(range), |v| {
        let Some(def) = v.def else { return };
        match v.kind {
            NodeKind::Array if v.index.is_none() => match def.ty {
                ValueType::Array(kind) if kind.is_key_frame() => {
                    starts.insert(v.node, frame_starts(&ctx, v.node));
                }
                _ if def.name == key::WEIGHTS && v.object_kind == Some(ObjectKind::Display) => {
                    bone_positions.insert(v.node, indices::weight_bone_positions(&ctx, v.node));
                }
                _ => {}
            },
            NodeKind::Object => {
                let (Some(i), Some(array)) = (v.index, v.frames.last()) else { return };
                let Some(start) = starts.get(&array.node).and_then(|s| s.get(i)) else { return };
                let offset = ctx.tree.range(v.node).start;
                if range.contains_inclusive(offset) {
                    let fps = frame_rate(&ctx, armature(&ctx, v));
                    let time = seconds(*start / fps as f64);
                    let past_end = past_end(&ctx, v.enclosing(ObjectKind::Animation).map(|a| a.node), *start);
                    let start = frame_shown(*start);
                    out.push(InlayHint {
                        offset,
                        label: format!("@{start} {}", time.replace(' ', "")),
                        kind: InlayKind::Parameter,
                        padding_left: false,
                        padding_right: true,
                        tooltip: Some(format!("key frame {i} starts at frame {start} ({time} at {fps} fps){past_end}")),
                    });
                }
            }
            NodeKind::Number => {
                let Some(space) = space(&ctx, v, &bone_positions) else { return };
                let end = ctx.tree.range(v.node).end;
                if !range.contains_inclusive(end) {
                    return;
                }
                let Some(index) = ctx.tree.int(ctx.text, v.node) else { return };
                if let Some((label, tooltip)) = name_of(&ctx, &space, index) {
                    out.push(InlayHint {
                        offset: end,
                        label,
                        kind: InlayKind::Type,
                        padding_left: true,
                        padding_right: false,
                        tooltip: Some(tooltip),
                    });
                }
            }
            _ => {}
        }
    });
    out.sort_by_key(|h| h.offset);
    out
}

/// The frame each key frame of a list starts at, as the runtimes start it.
fn frame_starts(ctx: &DragonBonesDoc, array: NodeId) -> Vec<f64> {
    key_frame_starts(ctx.tree, ctx.text, array, ctx.file.binary.is_some()).iter().map(|f| f.start).collect()
}

fn armature(ctx: &DragonBonesDoc, v: &Visit) -> Option<u32> {
    let node = v.enclosing(ObjectKind::Armature)?.node;
    ctx.model.armatures.iter().position(|a| a.node == node).map(|i| i as u32)
}

/// What the number at `v` indexes, if it is an index.
fn space(ctx: &DragonBonesDoc, v: &Visit, bone_positions: &HashMap<NodeId, Vec<usize>>) -> Option<Space> {
    let def = v.def?;
    let kind = v.object_kind?;
    match (kind, def.name, v.index) {
        (ObjectKind::Display, key::WEIGHTS, Some(i)) => {
            let array = v.frames.last()?.node;
            bone_positions.get(&array)?.binary_search(&i).ok()?;
            Some(Space::Bones(armature(ctx, v)?))
        }
        (ObjectKind::Display, key::BONE_POSE, Some(i)) if i % 7 == 0 => Some(Space::Bones(armature(ctx, v)?)),
        (ObjectKind::ZOrderFrame, key::Z_ORDER, Some(i)) if i % 2 == 0 => Some(Space::Slots(armature(ctx, v)?)),
        (_, key::DISPLAY_INDEX | key::VALUE, None) => {
            let object = v.object()?.node;
            let armature = armature(ctx, v)?;
            // The timeline holding a frame: the object two containers up.
            let timeline = || v.frames.iter().rev().filter(|f| !f.is_array).nth(1).map(|f| f.node);
            match (kind, def.name) {
                (ObjectKind::Slot, key::DISPLAY_INDEX) => {
                    Some(Space::Displays { armature, slot: ctx.name(object, key::NAME)?, list: None })
                }
                (ObjectKind::SkinSlot, key::DISPLAY_INDEX) => Some(Space::Displays {
                    armature,
                    slot: ctx.name(object, key::NAME).unwrap_or_default(),
                    list: ctx.get(object, key::DISPLAY),
                }),
                (ObjectKind::DisplayFrame, _)
                | (ObjectKind::SlotFrame | ObjectKind::LegacyFrame, key::DISPLAY_INDEX) => {
                    Some(Space::Displays { armature, slot: ctx.name(timeline()?, key::NAME)?, list: None })
                }
                (ObjectKind::TypedFrame, key::VALUE) => {
                    let timeline = timeline()?;
                    (ctx.int(timeline, key::TYPE) == Some(20))
                        .then(|| Some(Space::Displays { armature, slot: ctx.name(timeline, key::NAME)?, list: None }))?
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// The hint label and tooltip for an index.
fn name_of(ctx: &DragonBonesDoc, space: &Space, index: i64) -> Option<(String, String)> {
    let i = usize::try_from(index).ok();
    let bone_or_slot = |what: &str, name: &str| Some((format!("→ {name}"), format!("{what} {index} \"{name}\"")));
    match space {
        Space::Bones(a) => {
            let bone = ctx.model.armatures.get(*a as usize)?.bones.get(i?)?;
            bone_or_slot("bone", &bone.name)
        }
        Space::Slots(a) => {
            let slot = ctx.model.armatures.get(*a as usize)?.slots.get(i?)?;
            bone_or_slot("slot", &slot.name)
        }
        Space::Displays { slot, .. } => {
            if index == -1 {
                return Some(("→ none".to_owned(), format!("slot \"{slot}\" shows nothing")));
            }
            let displays = indices::displays(ctx, space)?;
            match i.and_then(|i| displays.get(i)) {
                Some(&d) if ctx.tree.is_object(d) => {
                    let name = ctx.name(d, key::NAME).unwrap_or_default();
                    Some((format!("→ {name}"), format!("display {index} \"{name}\" of slot \"{slot}\"")))
                }
                Some(_) => Some(("→ null".to_owned(), format!("display {index} of slot \"{slot}\" is null"))),
                None => Some((
                    "→ ?".to_owned(),
                    format!("slot \"{slot}\" has {}", plural(displays.len(), "display", "displays")),
                )),
            }
        }
        Space::Vertices(_) => None,
    }
}
