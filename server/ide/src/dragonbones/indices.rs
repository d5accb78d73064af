//! Numbers that stand for something else: display indices (`displayIndex`, display-frame
//! `value`), raw bone indices (mesh `weights`, `bonePose`), slot indices (`zOrder` pairs) and
//! vertex indices (`triangles`). Hover, go to definition and inlay hints read them here.

use super::{Cursor, DragonBonesDoc, code, plural};
use rigls_dragonbones::model::display_type;
use rigls_dragonbones::schema::ObjectKind;
use rigls_dragonbones::schema::key;
use rigls_dragonbones::syntax::NodeId;
use rigls_text::TextRange;

/// What an index counts in.
#[derive(Clone, Debug)]
pub enum Space {
    /// The display list of `slot` in the default skin of armature `armature`, or (2.3/3.0 skin
    /// slots) the `display` array right there.
    Displays { armature: u32, slot: String, list: Option<NodeId> },
    /// The armature's `bone` array (raw order).
    Bones(u32),
    /// The armature's `slot` array (draw order).
    Slots(u32),
    /// The vertices of a mesh (its `vertices` array, pairs of numbers).
    Vertices(Option<NodeId>),
}

/// An index resolved: a Markdown description and where the thing it designates is.
pub struct Resolved {
    pub markdown: String,
    /// The object (or numbers) it designates, and the part to select (a name).
    pub target: Option<(TextRange, TextRange)>,
}

/// The index under the cursor: its number's range and what it designates.
pub struct IndexAt {
    pub range: TextRange,
    pub resolved: Resolved,
}

pub fn index_at(ctx: &DragonBonesDoc, offset: u32) -> Option<IndexAt> {
    let cursor = Cursor::at(ctx, offset)?;
    let kind = cursor.kind?;
    let key = cursor.key(ctx)?;
    let armature = ctx.model.armature_at(ctx.tree, offset)?;
    let (space, number) = match (kind, key.as_ref(), cursor.element) {
        (_, key::DISPLAY_INDEX | key::VALUE, None) if !cursor.on_key => {
            let space = display_space(ctx, &cursor, armature, key.as_ref())?;
            (space, cursor.member?.value)
        }
        (ObjectKind::Display, key::WEIGHTS, Some((array, i))) => {
            weight_bone_positions(ctx, array).contains(&i).then_some(())?;
            (Space::Bones(armature), cursor.leaf)
        }
        (ObjectKind::Display, key::BONE_POSE, Some((_, i))) if i % 7 == 0 => (Space::Bones(armature), cursor.leaf),
        (ObjectKind::ZOrderFrame, key::Z_ORDER, Some((_, i))) if i % 2 == 0 => (Space::Slots(armature), cursor.leaf),
        (ObjectKind::Display, key::TRIANGLES, Some(_)) => {
            (Space::Vertices(ctx.get(cursor.object, key::VERTICES)), cursor.leaf)
        }
        _ => return None,
    };
    let value = ctx.tree.int(ctx.text, number)?;
    Some(IndexAt { range: ctx.tree.range(number), resolved: resolve(ctx, &space, value) })
}

/// The display list a `displayIndex`/`value` member indexes, from the object it is in.
fn display_space(ctx: &DragonBonesDoc, cursor: &Cursor, armature: u32, key: &str) -> Option<Space> {
    let kind = cursor.kind?;
    let slot_of_timeline = |ctx: &DragonBonesDoc| -> Option<String> {
        let chain = ctx.file.ancestry(cursor.object);
        let timeline = chain.iter().rev().skip(1).find(|&&n| ctx.tree.is_object(n))?;
        ctx.name(*timeline, key::NAME)
    };
    match (kind, key) {
        (ObjectKind::Slot, key::DISPLAY_INDEX) => {
            Some(Space::Displays { armature, slot: ctx.name(cursor.object, key::NAME)?, list: None })
        }
        (ObjectKind::SkinSlot, key::DISPLAY_INDEX) => Some(Space::Displays {
            armature,
            slot: ctx.name(cursor.object, key::NAME).unwrap_or_default(),
            list: ctx.get(cursor.object, key::DISPLAY),
        }),
        (ObjectKind::DisplayFrame, key::VALUE | key::DISPLAY_INDEX)
        | (ObjectKind::SlotFrame | ObjectKind::LegacyFrame, key::DISPLAY_INDEX) => {
            Some(Space::Displays { armature, slot: slot_of_timeline(ctx)?, list: None })
        }
        (ObjectKind::TypedFrame, key::VALUE) => {
            let chain = ctx.file.ancestry(cursor.object);
            let timeline = *chain.iter().rev().skip(1).find(|&&n| ctx.tree.is_object(n))?;
            (ctx.int(timeline, key::TYPE) == Some(20))
                .then(|| Some(Space::Displays { armature, slot: ctx.name(timeline, key::NAME)?, list: None }))?
        }
        _ => None,
    }
}

/// The positions of a `weights` array that hold bone indices: per vertex `[n, b1, w1, … bn, wn]`.
pub fn weight_bone_positions(ctx: &DragonBonesDoc, weights: NodeId) -> Vec<usize> {
    let numbers = ctx.numbers(weights);
    let mut out = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let Some(n) = numbers[i].filter(|n| *n >= 0.0 && n.fract() == 0.0) else { break };
        // A count beyond the array (a typo, a huge number) reads to the end.
        let n = n.min(numbers.len() as f64) as usize;
        out.extend((0..n).map(|k| i + 1 + 2 * k).take_while(|&at| at < numbers.len()));
        i += 1 + 2 * n;
    }
    out
}

/// The display objects of a display space (`None` entries are `null`s).
pub fn displays(ctx: &DragonBonesDoc, space: &Space) -> Option<Vec<NodeId>> {
    let Space::Displays { armature, slot, list } = space else { return None };
    match list {
        Some(list) => Some(ctx.tree.elements(*list).collect()),
        None => {
            let skin_slot = ctx.model.default_displays(*armature as usize, slot)?;
            Some(skin_slot.displays.iter().map(|d| d.node).collect())
        }
    }
}

/// What index `index` designates in `space`.
pub fn resolve(ctx: &DragonBonesDoc, space: &Space, index: i64) -> Resolved {
    let none = |markdown: String| Resolved { markdown, target: None };
    let named = |what: &str, node: NodeId, name: &str, more: String| {
        let range = ctx.tree.range(node);
        let focus = ctx.get(node, key::NAME).map_or(range, |n| ctx.tree.range(n));
        Resolved {
            markdown: format!("**{what} {index}** → {} ({}){more}", code(name), ctx.place(focus.start)),
            target: Some((range, focus)),
        }
    };
    match space {
        Space::Displays { slot, list, .. } => {
            let Some(items) = displays(ctx, space) else {
                return none(format!("**Display {index}** of slot {}: the slot has no display list", code(slot)));
            };
            let whose = match list {
                Some(_) => format!("slot {}", code(slot)),
                None => format!("slot {} in the default skin", code(slot)),
            };
            if index == -1 {
                return Resolved { markdown: format!("**Display −1**: {whose} shows nothing"), target: None };
            }
            let count = items.len();
            let Some(&display) = usize::try_from(index).ok().and_then(|i| items.get(i)) else {
                return none(format!(
                    "**Display {index}**: no such display: {whose} has {} (runtimes clamp the index)",
                    plural(count, "display", "displays")
                ));
            };
            if !ctx.tree.is_object(display) {
                return Resolved {
                    markdown: format!("**Display {index}** of {whose}: `null` (shows nothing)"),
                    target: None,
                };
            }
            let name = ctx.name(display, key::NAME).unwrap_or_default();
            let ty = display_type(ctx.tree, ctx.text, display).map_or("unknown type", |t| t.describe());
            let texture = ctx.name(display, key::PATH).map(|p| format!(", path {}", code(&p))).unwrap_or_default();
            named("Display", display, &name, format!(" of {whose} · {ty}{texture}"))
        }
        Space::Bones(a) => {
            let bones = ctx.model.armatures.get(*a as usize).map_or(&[][..], |arm| &arm.bones[..]);
            match usize::try_from(index).ok().and_then(|i| bones.get(i)) {
                Some(bone) => named("Bone", bone.node, &bone.name, String::new()),
                None => none(format!(
                    "**Bone {index}**: no such bone: the armature has {}",
                    plural(bones.len(), "bone", "bones")
                )),
            }
        }
        Space::Slots(a) => {
            let slots = ctx.model.armatures.get(*a as usize).map_or(&[][..], |arm| &arm.slots[..]);
            match usize::try_from(index).ok().and_then(|i| slots.get(i)) {
                Some(slot) => named("Slot", slot.node, &slot.name, String::new()),
                None => none(format!(
                    "**Slot {index}**: no such slot: the armature has {}",
                    plural(slots.len(), "slot", "slots")
                )),
            }
        }
        Space::Vertices(vertices) => {
            let elements: Vec<NodeId> = vertices.map(|v| ctx.tree.elements(v).collect()).unwrap_or_default();
            let count = elements.len() / 2;
            let at = usize::try_from(index).ok().filter(|&i| i < count);
            match at {
                Some(i) => {
                    let (x, y) = (elements[2 * i], elements[2 * i + 1]);
                    let range = ctx.tree.range(x).cover(ctx.tree.range(y));
                    Resolved {
                        markdown: format!(
                            "**Vertex {index}** at ({}, {})",
                            ctx.slice(ctx.tree.range(x)),
                            ctx.slice(ctx.tree.range(y))
                        ),
                        target: Some((range, range)),
                    }
                }
                None => none(format!(
                    "**Vertex {index}**: no such vertex: the mesh has {}",
                    plural(count, "vertex", "vertices")
                )),
            }
        }
    }
}
