//! Names: references that resolve to nothing (`unknown-bone`, `unknown-node`, …, with the closest
//! existing name) and names defined twice (`duplicate-name`).

use std::collections::HashMap;

use super::{ElemCheck, report};
use crate::diagnostic::{Code, Fix};
use crate::elem::schema::NameKind;
use crate::suggest;

pub fn check(ctx: &mut ElemCheck) {
    duplicates(ctx);
    unresolved(ctx);
}

fn duplicates(ctx: &mut ElemCheck) {
    let model = ctx.model;
    let mut first: HashMap<(NameKind, Option<u32>, &str), &crate::elem::model::Def> = HashMap::new();
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
