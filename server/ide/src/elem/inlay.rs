//! Inlay hints where numbers are opaque: the index of each `BoneNames`/`OffsetMatrices` line and
//! `Material` scope, the bone behind `TransformIndex`, the material behind each `Attributes` line
//! and the time of each key frame. Only scopes overlapping the requested range are visited, and
//! only their lines inside it.

use std::collections::HashMap;

use super::ElemDoc;
use super::cursor::item_range;
use super::hover::millis;
use crate::{Analysis, InlayHint, InlayKind};
use rigls_elem::schema::key;
use rigls_elem::schema::{NameKind, ScopeKind};
use rigls_elem::syntax::{Entry, Item, ScopeId};
use rigls_elem::values::Values;
use rigls_text::TextRange;

pub fn inlay_hints(analysis: &Analysis, range: TextRange) -> Vec<InlayHint> {
    let Some(ctx) = ElemDoc::new(analysis) else { return Vec::new() };
    let mut materials = Materials::default();
    let mut out = Vec::new();
    let mut stack = vec![rigls_elem::syntax::ROOT];
    while let Some(id) = stack.pop() {
        let scope = ctx.tree.scope(id);
        let items = &scope.items;
        // Items overlapping the range, found by binary search.
        let first = items.partition_point(|i| item_range(&ctx, i).end < range.start);
        let mut entry_index = items[..first].iter().filter(|i| matches!(i, Item::Entry(_))).count();
        let mut material_index = items[..first]
            .iter()
            .filter(|i| matches!(i, Item::Scope(c) if ctx.kind(*c) == ScopeKind::Material))
            .count();
        for item in &items[first..] {
            if item_range(&ctx, item).start > range.end {
                break;
            }
            match *item {
                Item::Scope(child) => {
                    if ctx.kind(child) == ScopeKind::Material {
                        let tag = ctx.tree.scope(child).tag;
                        if range.contains_inclusive(tag.start) {
                            out.push(index_hint(tag.start, material_index, "material"));
                        }
                        material_index += 1;
                    }
                    stack.push(child);
                }
                Item::Key(line)
                    if ctx.slice(line.key) == key::TRANSFORM_INDEX && range.contains_inclusive(line.value.end) =>
                {
                    out.extend(transform_index(&ctx, id, line.value));
                }
                Item::Key(_) => {}
                Item::Entry(entry) => {
                    if range.contains_inclusive(entry.range.start) || range.contains_inclusive(entry.range.end) {
                        out.extend(entry_hint(&ctx, &mut materials, id, entry, entry_index));
                    }
                    entry_index += 1;
                }
            }
        }
    }
    out.sort_by_key(|h| h.offset);
    out.retain(|h| range.contains_inclusive(h.offset));
    out
}

fn index_hint(offset: u32, index: usize, what: &str) -> InlayHint {
    InlayHint {
        offset,
        label: format!("[{index}]"),
        kind: InlayKind::Parameter,
        padding_left: false,
        padding_right: true,
        tooltip: Some(format!("{what} {index}")),
    }
}

fn after(offset: u32, label: String, tooltip: String) -> InlayHint {
    InlayHint { offset, label, kind: InlayKind::Type, padding_left: true, padding_right: false, tooltip: Some(tooltip) }
}

fn entry_hint(
    ctx: &ElemDoc,
    materials: &mut Materials,
    list: ScopeId,
    entry: Entry,
    index: usize,
) -> Option<InlayHint> {
    match ctx.kind(list) {
        ScopeKind::BoneNames => Some(index_hint(entry.range.start, index, "bone")),
        ScopeKind::OffsetMatrices => {
            let mut hint = index_hint(entry.range.start, index, "bone");
            if let Some(bone) = bone_name(ctx, list, index as i64) {
                hint.tooltip = Some(format!("offset matrix of bone {index} \"{bone}\""));
            }
            Some(hint)
        }
        ScopeKind::Attributes => {
            let atoms = Values::read(ctx.text, entry.range).atoms;
            let index = atoms.first()?.as_i64(ctx.text)?;
            let name = materials.name(ctx, list, index)?;
            Some(after(entry.range.end, format!("→ {name}"), format!("material {index} \"{name}\"")))
        }
        ScopeKind::TimeKeys | ScopeKind::GuideTimeKeys => {
            let clip = ctx.tree.enclosing(list, ScopeKind::AnimationData)?;
            let length = ctx.int_key(clip, key::ANIMATION_TIME)?;
            let t = Values::read(ctx.text, entry.range).atoms.first()?.as_f64(ctx.text)?;
            Some(after(entry.range.end, millis(t * length as f64), format!("{t} × AnimationTime {length} ms")))
        }
        _ => None,
    }
}

fn transform_index(ctx: &ElemDoc, part: ScopeId, value: TextRange) -> Option<InlayHint> {
    let atoms = Values::read(ctx.text, value).atoms;
    let [atom] = atoms.as_slice() else { return None };
    let index = atom.as_i64(ctx.text)?;
    let name = bone_name(ctx, part, index)?;
    Some(after(value.end, format!("→ {name}"), format!("bone {index} \"{name}\"")))
}

fn bone_name(ctx: &ElemDoc, inside: ScopeId, index: i64) -> Option<String> {
    let container = ctx.tree.enclosing(inside, ScopeKind::MeshContainer)?;
    ctx.model
        .defs_of(NameKind::Bone)
        .find(|d| d.container == Some(container) && i64::from(d.index) == index)
        .map(|d| d.name.clone())
}

/// Material names by container, read once per request (an `Attributes` list has a line per face).
#[derive(Default)]
struct Materials(HashMap<ScopeId, Vec<Option<String>>>);

impl Materials {
    fn name(&mut self, ctx: &ElemDoc, inside: ScopeId, index: i64) -> Option<String> {
        let container = ctx.tree.enclosing(inside, ScopeKind::MeshContainer)?;
        let names = self.0.entry(container).or_insert_with(|| ctx.material_names(container));
        names.get(usize::try_from(index).ok()?)?.clone()
    }
}
