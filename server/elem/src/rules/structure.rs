//! What may stand where: unknown keys and scopes (with a did-you-mean), keys given twice, data
//! lines outside lists, and required keys and lists that are missing.

use std::collections::HashMap;

use super::{ElemCheck, kind_name, report};
use crate::schema::key;
use crate::schema::{self, Counted, ScopeKind};
use crate::syntax::{Item, ROOT, ScopeId};
use rigls_diagnostic::suggest;
use rigls_diagnostic::{Code, Fix};
use rigls_text::TextRange;

pub fn check(ctx: &mut ElemCheck) {
    for id in ctx.tree.preorder() {
        let kind = ctx.tree.kind(id);
        if kind == ScopeKind::Unknown {
            continue;
        }
        check_items(ctx, id, kind);
        if id != ROOT {
            check_required(ctx, id, kind);
        }
    }
}

fn check_items(ctx: &mut ElemCheck, id: ScopeId, kind: ScopeKind) {
    let where_ = if id == ROOT { "outside any scope".to_owned() } else { format!("in `{}`", kind_name(kind)) };
    let mut seen: HashMap<String, TextRange> = HashMap::new();
    let tree = ctx.tree;
    // Once per scope: a list's lines are millions, and the schema is searched for the answer.
    let list = kind.is_list();
    for &item in &tree.scope(id).items {
        match item {
            Item::Key(line) => {
                let name = ctx.slice(line.key).to_owned();
                if schema::key_def(kind, &name).is_none() {
                    unknown_key(ctx, kind, line.key, &where_);
                    continue;
                }
                if !line.ok {
                    continue; // its syntax error says enough
                }
                if let Some(&first) = seen.get(&name) {
                    let d = report(
                        Code::DuplicateKey,
                        line.key,
                        format!("`{name}` is given twice {where_}; readers keep only one of the values"),
                    )
                    .with_related(first, "first given here");
                    ctx.push(d);
                } else {
                    seen.insert(name, line.key);
                }
            }
            Item::Scope(child) => {
                let child_kind = ctx.tree.kind(child);
                let tag_range = ctx.tree.scope(child).tag;
                let tag = ctx.slice(tag_range).to_owned();
                if child_kind == ScopeKind::Unknown {
                    if !tag.is_empty() {
                        unknown_scope(ctx, kind, tag_range, &where_);
                    }
                    continue;
                }
                let repeats = schema::scope_def(child_kind).is_some_and(|d| d.repeats);
                if !repeats {
                    if let Some(&first) = seen.get(&tag) {
                        let d = report(
                            Code::DuplicateKey,
                            tag_range,
                            format!("`{tag}` appears twice {where_}; readers use only one of them"),
                        )
                        .with_related(first, "first given here");
                        ctx.push(d);
                    } else {
                        seen.insert(tag, tag_range);
                    }
                }
            }
            Item::Entry(entry) if id != ROOT && entry.ok && !list => {
                let d = report(
                    Code::Syntax,
                    entry.range,
                    format!("unexpected data line {where_}: expected `Key=Value`, `Tag {{` or `}}`"),
                );
                ctx.push(d);
            }
            Item::Entry(_) => {}
        }
    }
}

fn unknown_key(ctx: &mut ElemCheck, scope: ScopeKind, key: TextRange, where_: &str) {
    let name = ctx.slice(key).to_owned();
    let message = if scope.is_list() {
        format!("unexpected key `{name}` in the `{}` list, which holds only data lines", kind_name(scope))
    } else if schema::resolve_scope(scope, &name).is_some() {
        format!("`{name}` is a scope {where_}: write `{name} {{` and its lines, then `}}`")
    } else if let Some(homes) = homes_of(&name) {
        format!("`{name}` is not valid {where_}; it belongs in {homes}")
    } else {
        let candidates: Vec<&str> = schema::keys_in(scope).map(|k| k.name).collect();
        let (hint, best) = suggest::did_you_mean(&name, candidates.iter().copied());
        let mut d = report(Code::UnknownKey, key, format!("unknown key `{name}` {where_}{hint}"));
        if let Some(best) = best {
            d = d.with_fix(Fix::replace(format!("Replace with `{best}`"), key, best).safe());
        }
        ctx.push(d);
        return;
    };
    ctx.push(report(Code::UnknownKey, key, message));
}

fn unknown_scope(ctx: &mut ElemCheck, scope: ScopeKind, tag: TextRange, where_: &str) {
    let name = ctx.slice(tag).to_owned();
    let message = if scope.is_list() {
        format!("unexpected scope `{name}` in the `{}` list, which holds only data lines", kind_name(scope))
    } else if schema::key_def(scope, &name).is_some() {
        format!("`{name}` is a key {where_}, not a scope: write `{name}=…`")
    } else if let Some(homes) = homes_of(&name) {
        format!("`{name}` is not valid {where_}; it belongs in {homes}")
    } else {
        let candidates = schema::child_tags(scope);
        let (hint, best) = suggest::did_you_mean(&name, candidates.iter().map(String::as_str));
        let mut d = report(Code::UnknownKey, tag, format!("unknown scope `{name}` {where_}{hint}"));
        if let Some(best) = best {
            d = d.with_fix(Fix::replace(format!("Replace with `{best}`"), tag, best).safe());
        }
        ctx.push(d);
        return;
    };
    ctx.push(report(Code::UnknownKey, tag, message));
}

/// Where a key or scope named `name` may stand (`` `Mesh` or `Material` ``), if anywhere.
fn homes_of(name: &str) -> Option<String> {
    let mut parents: Vec<ScopeKind> = Vec::new();
    let key_parents = schema::KEYS.iter().filter(|k| k.name == name).flat_map(|k| k.parents.iter());
    let scope_parents = schema::child_scope_defs_named(name).flat_map(|d| d.parents.iter());
    for &p in key_parents.chain(scope_parents) {
        if !parents.contains(&p) {
            parents.push(p);
        }
    }
    if parents.is_empty() {
        return None;
    }
    let names: Vec<String> = parents.iter().map(|&p| format!("`{}`", kind_name(p))).collect();
    Some(names.join(" or "))
}

fn check_required(ctx: &mut ElemCheck, id: ScopeId, kind: ScopeKind) {
    let tag = ctx.tree.scope(id).tag;
    let name = kind_name(kind);
    let mut missing: Vec<String> = Vec::new();
    for key in schema::keys_in(kind) {
        let present = ctx.tree.key(ctx.text, id, key.name).is_some();
        let needed = key.required || counted_list_present(ctx, id, key.counts);
        // `SoftVersion` and `ElfreinaSoftVersion` are one key: neither is required.
        if needed && !present {
            missing.push(format!("`{}`", key.name));
        }
    }
    for child in schema::child_scopes(kind) {
        if child.required && ctx.tree.child_of(id, child.kind).is_none() {
            missing.push(format!("a `{}` list", child.tag));
        }
    }
    missing.extend(missing_lists(ctx, id, kind));
    for what in missing {
        ctx.push(report(Code::MissingKey, tag, format!("`{name}` is missing {what}")));
    }
}

/// A count key is needed as soon as one of the lists it sizes is present (`BoneCount` with
/// `BoneNames`); counts of child scopes (`MeshCount`) are marked required in the schema.
fn counted_list_present(ctx: &ElemCheck, id: ScopeId, counts: &[Counted]) -> bool {
    counts.iter().any(|c| match c {
        Counted::Entries(k) => ctx.tree.child_of(id, *k).is_some(),
        Counted::Scopes(_) => false,
    })
}

/// Lists a positive count calls for: `VertexCount=4` needs `Positions`, `FaceCount=2` needs
/// `VertexIndices` and `Attributes`, `BoneCount=3` needs `BoneNames` and `OffsetMatrices`.
fn missing_lists(ctx: &ElemCheck, id: ScopeId, kind: ScopeKind) -> Vec<String> {
    let wants: &[(&str, ScopeKind)] = match kind {
        ScopeKind::Mesh => &[
            (key::VERTEX_COUNT, ScopeKind::Positions),
            (key::FACE_COUNT, ScopeKind::VertexIndices),
            (key::FACE_COUNT, ScopeKind::Attributes),
        ],
        ScopeKind::MeshContainer => {
            &[(key::BONE_COUNT, ScopeKind::BoneNames), (key::BONE_COUNT, ScopeKind::OffsetMatrices)]
        }
        ScopeKind::RenderingMesh => &[(key::HIERARCHY_NAMES_COUNT, ScopeKind::HierarchyNames)],
        _ => &[],
    };
    wants
        .iter()
        .filter(|(key, list)| {
            ctx.int_key(id, key).is_some_and(|(n, _)| n > 0) && ctx.tree.child_of(id, *list).is_none()
        })
        .map(|(key, list)| {
            let n = ctx.int_key(id, key).map_or(0, |(n, _)| n);
            format!("a `{}` list ({key} is {n})", kind_name(*list))
        })
        .collect()
}
