//! Names: references that resolve to nothing (`unknown-bone`, `unknown-node`, …, with the closest
//! existing names), bones that are no node of the hierarchy, and names defined twice
//! (`duplicate-name`).

use std::collections::HashMap;

use super::{ElemCheck, report};
use crate::schema::NameKind;
use rigls_diagnostic::suggest;
use rigls_diagnostic::{Code, Fix};

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
    for r in &model.refs {
        if model.resolve(r).is_some() {
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
        let hint = suggest::hint(suggested.first().copied());
        let d = report(code, r.range, format!("unknown {} `{}`: not found {place}{hint}", r.kind.describe(), r.name))
            .with_fixes(Fix::suggestions(
                &suggested,
                r.range,
                |n| format!("Replace with `{n}`"),
                |n| format!("\"{n}\""),
            ));
        ctx.push(d);
    }
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
    for bone in model.defs_of(NameKind::Bone) {
        if nodes.contains(&bone.name.as_str()) {
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
