//! Go to definition, find references and document highlights for every name; go to definition
//! also follows indices (`TransformIndex` to its bone, an `Attributes` line to its material, a
//! face or blend vertex to its `Positions` line).

use super::ElemDoc;
use super::cursor::{self, Hit};
use super::names;
use crate::{Analysis, Highlight, HighlightKind, Location, NavTarget};
use rigls_elem::schema::key;
use rigls_elem::schema::{NameKind, ScopeKind};
use rigls_text::TextRange;

pub fn goto_definition(analysis: &Analysis, offset: u32) -> Vec<NavTarget> {
    let Some(ctx) = ElemDoc::new(analysis) else { return Vec::new() };
    let Some(at) = names::name_at(ctx.model, offset) else { return index_target(&ctx, offset).into_iter().collect() };
    names::targets(ctx.model, at)
        .into_iter()
        .map(|def| NavTarget { file: None, full_range: names::def_full_range(&ctx, def), focus_range: def.range })
        .collect()
}

pub fn references(analysis: &Analysis, offset: u32, include_declaration: bool) -> Vec<Location> {
    let Some(ctx) = ElemDoc::new(analysis) else { return Vec::new() };
    let Some(at) = names::name_at(ctx.model, offset) else { return Vec::new() };
    let symbol = names::symbol(ctx.model, at);
    names::occurrences(ctx.model, &symbol)
        .into_iter()
        .filter(|o| include_declaration || !o.is_def)
        .map(|o| Location { file: None, range: o.range })
        .collect()
}

pub fn highlights(analysis: &Analysis, offset: u32) -> Vec<Highlight> {
    let Some(ctx) = ElemDoc::new(analysis) else { return Vec::new() };
    let Some(at) = names::name_at(ctx.model, offset) else { return Vec::new() };
    let symbol = names::symbol(ctx.model, at);
    names::occurrences(ctx.model, &symbol)
        .into_iter()
        .map(|o| Highlight { range: o.range, kind: if o.is_def { HighlightKind::Write } else { HighlightKind::Read } })
        .collect()
}

/// Where the index under the cursor points.
fn index_target(ctx: &ElemDoc, offset: u32) -> Option<NavTarget> {
    let line = |range: TextRange| NavTarget { file: None, full_range: range, focus_range: range };
    match cursor::hit(ctx, offset)? {
        Hit::Value { scope, line: key_line } if ctx.slice(key_line.key) == key::TRANSFORM_INDEX => {
            let index = ctx.int_key(scope, key::TRANSFORM_INDEX)?;
            let container = ctx.tree.enclosing(scope, ScopeKind::MeshContainer)?;
            let bone = ctx
                .model
                .defs_of(NameKind::Bone)
                .find(|d| d.container == Some(container) && i64::from(d.index) == index)?;
            Some(line(bone.range))
        }
        Hit::Entry { scope, entry, .. } => {
            let (values, i) = cursor::atom_at(ctx, entry.range, offset)?;
            let number = values.atoms[i].as_i64(ctx.text)?;
            let group = cursor::group_of(&values, i);
            match ctx.kind(scope) {
                ScopeKind::Attributes => {
                    let material = ctx.material_scope(scope, number)?;
                    let s = ctx.tree.scope(material);
                    Some(NavTarget { file: None, full_range: s.range, focus_range: s.tag })
                }
                ScopeKind::VertexIndices if group == 1 => vertex(ctx, scope, number).map(line),
                ScopeKind::VertexBlend if group == 0 => vertex(ctx, scope, number).map(line),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The `Positions` line of a vertex of the mesh enclosing `inside`.
fn vertex(ctx: &ElemDoc, inside: rigls_elem::syntax::ScopeId, index: i64) -> Option<TextRange> {
    let mesh = ctx.tree.enclosing(inside, ScopeKind::Mesh)?;
    let positions = ctx.tree.child_of(mesh, ScopeKind::Positions)?;
    cursor::entry_atoms(ctx, positions, usize::try_from(index).ok()?).map(|(entry, _)| entry.range)
}
