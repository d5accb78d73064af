//! Completion of values: booleans and enums, the real counts behind count keys, bone indices, the
//! names a reference may take, and the entries of `VertexFormat`, `BoneNames` and `HierarchyNames`.

use super::{Line, to_u32};
use crate::elem::ElemDoc;
use crate::{CompletionItem, CompletionKind};
use rigls_elem::schema::key;
use rigls_elem::schema::{self, KeyDef, NameKind, NameRole, ScopeKind, ValueType};
use rigls_elem::syntax::ScopeId;
use rigls_elem::values::Values;
use rigls_text::TextRange;

pub(super) fn values(ctx: &ElemDoc, line: &Line, scope: ScopeId, key: &str, value_start: u32) -> Vec<CompletionItem> {
    let Some(def) = schema::key_def(ctx.kind(scope), key) else { return Vec::new() };
    let typed = ctx.slice(TextRange::new(value_start, line.offset));
    if typed.contains([':', ',']) {
        return Vec::new();
    }
    let end = value_start + to_u32(ctx.slice(TextRange::new(value_start, line.range.end)).trim_end().len());
    let range = TextRange::new(value_start, end.max(line.offset));
    let mut out: Vec<(String, CompletionKind, Option<String>)> = Vec::new();
    match def.ty {
        ValueType::Bool => {
            out.extend(["True", "False"].map(|b| (b.to_owned(), CompletionKind::EnumMember, None)));
        }
        ValueType::QuotedEnum(options) => {
            out.extend(options.iter().map(|o| (format!("\"{o}\""), CompletionKind::EnumMember, None)));
        }
        ValueType::String => {
            if let NameRole::Refers(kind) = def.role {
                out.extend(
                    reference_names(ctx, scope, kind)
                        .into_iter()
                        .map(|(n, detail)| (quote(&n), CompletionKind::Name, Some(detail))),
                );
            }
        }
        ValueType::Int { .. } => {
            for (n, detail) in count_values(ctx, scope, def) {
                out.push((n.to_string(), CompletionKind::Value, Some(detail)));
            }
            if def.name == key::TRANSFORM_INDEX {
                for (i, bone) in transform_indices(ctx, scope) {
                    out.push((i.to_string(), CompletionKind::Value, Some(format!("bone \"{bone}\""))));
                }
            }
        }
        _ => {}
    }
    out.into_iter()
        .enumerate()
        .map(|(i, (label, kind, detail))| CompletionItem {
            insert_text: label.clone(),
            filter_text: label.clone(),
            label,
            kind,
            detail,
            documentation_markdown: None,
            is_snippet: false,
            replace_range: range,
            sort_text: Some(format!("{i:04}")),
        })
        .collect()
}

fn quote(name: &str) -> String {
    format!("\"{name}\"")
}

/// The numbers a count key could hold: what each list or scope it counts really has.
pub(super) fn count_values(ctx: &ElemDoc, scope: ScopeId, def: &KeyDef) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    for counted in def.counts {
        let (n, what) = match *counted {
            schema::Counted::Scopes(kind) => {
                (ctx.tree.children_of(scope, kind).count(), format!("{} scopes", schema::tag_of(kind)))
            }
            schema::Counted::Entries(kind) => match ctx.tree.child_of(scope, kind) {
                Some(list) => (ctx.tree.entry_count(list), format!("lines in {}", ctx.slice(ctx.tree.scope(list).tag))),
                None => continue,
            },
        };
        match out.iter_mut().find(|(m, _)| *m == n) {
            Some((_, detail)) => detail.push_str(&format!(", {what}")),
            None => out.push((n, what)),
        }
    }
    out
}

/// For `TransformIndex`: the bones of the container, the one `BoneName` names first.
pub(super) fn transform_indices(ctx: &ElemDoc, part: ScopeId) -> Vec<(u32, String)> {
    if ctx.kind(part) != ScopeKind::BlendPart {
        return Vec::new();
    }
    let container = ctx.tree.enclosing(part, ScopeKind::MeshContainer);
    let named = ctx.string_key(part, key::BONE_NAME);
    let mut bones: Vec<(u32, String)> = ctx
        .model
        .defs_of(NameKind::Bone)
        .filter(|d| d.container == container)
        .map(|d| (d.index, d.name.clone()))
        .collect();
    bones.sort_by_key(|(i, name)| (Some(name) != named.as_ref(), *i));
    bones
}

/// The names a reference of `kind` may take at `scope`, with a detail each, without duplicates.
pub(super) fn reference_names(ctx: &ElemDoc, scope: ScopeId, kind: NameKind) -> Vec<(String, String)> {
    let container = match kind {
        NameKind::Bone => ctx.tree.enclosing(scope, ScopeKind::MeshContainer),
        NameKind::Material => ctx
            .string_key(scope, key::MESH_CONTAINER_NAME)
            .and_then(|wanted| ctx.model.defs_of(NameKind::Container).find(|d| d.name == wanted).map(|d| d.owner)),
        _ => None,
    };
    let mut out: Vec<(String, String)> = Vec::new();
    for def in ctx.model.defs_of(kind) {
        if matches!(kind, NameKind::Bone | NameKind::Material) && container.is_some() && def.container != container {
            continue;
        }
        if out.iter().any(|(n, _)| *n == def.name) {
            continue;
        }
        let detail = match kind {
            NameKind::Bone => format!("bone {}", def.index),
            NameKind::Material => format!("material {}", def.index),
            other => other.describe().to_owned(),
        };
        out.push((def.name.clone(), detail));
    }
    out
}

/// Entries of `VertexFormat`, `HierarchyNames` and `BoneNames` not yet listed.
pub(super) fn list_entries(ctx: &ElemDoc, line: &Line, list: ScopeId, range: TextRange) -> Vec<CompletionItem> {
    let present: Vec<String> = ctx
        .tree
        .entries(list)
        .filter(|e| !line.is_on(ctx, e.range.start))
        .filter_map(|e| {
            Values::read(ctx.text, e.range).atoms.first().and_then(|a| a.as_str(ctx.text)).map(|s| s.into_owned())
        })
        .collect();
    let candidates: Vec<(String, CompletionKind, String)> = match ctx.kind(list) {
        ScopeKind::VertexFormat => schema::VERTEX_FORMAT_VALUES
            .iter()
            .map(|v| ((*v).to_owned(), CompletionKind::EnumMember, "vertex component".to_owned()))
            .collect(),
        ScopeKind::HierarchyNames | ScopeKind::BoneNames => {
            reference_names(ctx, list, NameKind::Node).into_iter().map(|(n, d)| (n, CompletionKind::Name, d)).collect()
        }
        _ => Vec::new(),
    };
    candidates
        .into_iter()
        .filter(|(name, _, _)| !present.contains(name))
        .enumerate()
        .map(|(i, (name, kind, detail))| CompletionItem {
            label: quote(&name),
            kind,
            detail: Some(detail),
            documentation_markdown: None,
            insert_text: quote(&name),
            filter_text: quote(&name),
            is_snippet: false,
            replace_range: range,
            sort_text: Some(format!("{i:04}")),
        })
        .collect()
}
