//! Names: references that resolve to nothing (`unknown-bone`, `unknown-node`, …, with the closest
//! existing names), bones that are no node of the hierarchy, and names defined twice
//! (`duplicate-name`).

use std::collections::{HashMap, HashSet};

use super::{ElemCheck, report};
use crate::schema::{NameKind, ScopeKind, key};
use rigls_diagnostic::suggest;
use rigls_diagnostic::{Code, Fix};
use rigls_text::FastHasher;

pub fn check(ctx: &mut ElemCheck) {
    duplicates(ctx);
    unresolved(ctx);
    bones_without_nodes(ctx);
}

fn duplicates(ctx: &mut ElemCheck) {
    let model = ctx.model;
    let mut first: HashMap<(NameKind, Option<u32>, &str), &crate::model::Def> = HashMap::new();
    for def in &model.defs {
        match first.get(&(def.kind, def.container, def.name.as_str())) {
            Some(earlier) => {
                let line = ctx.line_no(earlier.range.start);
                let d = report(
                    Code::DuplicateName,
                    def.range,
                    format!("duplicate {} name `{}`: already used on line {line}", def.kind.describe(), def.name),
                )
                .with_related(earlier.range, "first defined here");
                ctx.push(d);
            }
            None => {
                first.insert((def.kind, def.container, def.name.as_str()), def);
            }
        }
    }
}

fn unresolved(ctx: &mut ElemCheck) {
    let model = ctx.model;
    let resolver = model.resolver();
    for r in &model.refs {
        if resolver.resolve(r).is_some() {
            continue;
        }
        let (code, place) = match r.kind {
            NameKind::Bone => (Code::UnknownBone, "in this MeshContainer's BoneNames"),
            NameKind::Node => (Code::UnknownNode, "among the HierarchyList nodes"),
            NameKind::Mesh => (Code::UnknownMesh, "among the Mesh names"),
            NameKind::Material => (Code::UnknownMaterial, "among the container's materials"),
            NameKind::Container => (Code::UnknownMeshContainer, "among the MeshContainer names"),
            NameKind::Animation => continue,
        };
        let names: Vec<&str> = model.candidates(r).map(|d| d.name.as_str()).collect();
        let suggested = suggest::ranked(&r.name, names.iter().copied());
        let message = format!("unknown {} `{}`: not found {place}", r.kind.describe(), r.name);
        // No name is close in spelling: the one the context implies, if any.
        if suggested.is_empty()
            && let Some((implied, why)) = implied_name(ctx, r)
        {
            let fix = Fix::suggestions(
                &[implied.as_str()],
                r.range,
                |n| format!("Replace with `{n}` ({why})"),
                |n| format!("\"{n}\""),
            );
            ctx.push(report(code, r.range, format!("{message}; {why} is `{implied}`")).with_fixes(fix));
            continue;
        }
        let hint = suggest::hint(suggested.first().copied());
        let d = report(code, r.range, format!("{message}{hint}")).with_fixes(Fix::suggestions(
            &suggested,
            r.range,
            |n| format!("Replace with `{n}`"),
            |n| format!("\"{n}\""),
        ));
        ctx.push(d);
    }
}

/// The name a reference's context implies, and what implies it: a `BlendPart`'s `BoneName` is
/// the bone its `TransformIndex` points at (the inlay hint shows it: `TransformIndex=1 → 頭`).
fn implied_name(ctx: &ElemCheck, r: &crate::model::Ref) -> Option<(String, String)> {
    if r.kind != NameKind::Bone {
        return None;
    }
    let container = ctx.tree.enclosing(r.scope, ScopeKind::MeshContainer)?;
    let (index, _) = ctx.int_key(r.scope, key::TRANSFORM_INDEX)?;
    let bone =
        ctx.model.defs_of(NameKind::Bone).find(|d| d.container == Some(container) && i64::from(d.index) == index)?;
    Some((bone.name.clone(), format!("TransformIndex {index}")))
}

/// Every `BoneNames` entry names a `Node` of the hierarchy (spec §4.7): runtimes find a bone's
/// matrix through the node of that name, so a bone without one never moves its vertices. A file
/// without any node is a "model data only" save (no HierarchyList at all), which is valid.
fn bones_without_nodes(ctx: &mut ElemCheck) {
    let model = ctx.model;
    let nodes: Vec<&str> = model.defs_of(NameKind::Node).map(|d| d.name.as_str()).collect();
    if nodes.is_empty() {
        return;
    }
    // Hashed: a large model has thousands of bones and of nodes.
    let named: HashSet<&str, FastHasher> = nodes.iter().copied().collect();
    for bone in model.defs_of(NameKind::Bone) {
        if named.contains(bone.name.as_str()) {
            continue;
        }
        let suggested = suggest::ranked(&bone.name, nodes.iter().copied());
        let hint = suggest::hint(suggested.first().copied());
        let message = format!(
            "bone `{}` names no `Node`: not found among the HierarchyList nodes (a bone moves with the node of its name){hint}",
            bone.name
        );
        let fixes = Fix::suggestions(&suggested, bone.range, |n| format!("Replace with `{n}`"), |n| format!("\"{n}\""));
        ctx.push(report(Code::UnknownNode, bone.range, message).with_fixes(fixes));
    }
}
