//! Names: references that resolve to nothing (`unknown-bone`, `unknown-node`, …, with the closest
//! existing name) and names defined twice (`duplicate-name`).

use std::collections::HashMap;

use super::ElemCheck;
use crate::diagnostic::{Diagnostic, Fix, code};
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
                let d = Diagnostic::error(
                    code::DUPLICATE_NAME,
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
            NameKind::Bone => (code::UNKNOWN_BONE, "in this MeshContainer's BoneNames"),
            NameKind::Node => (code::UNKNOWN_NODE, "among the HierarchyList nodes"),
            NameKind::Mesh => (code::UNKNOWN_MESH, "among the Mesh names"),
            NameKind::Material => (code::UNKNOWN_MATERIAL, "among the container's materials"),
            NameKind::Container => (code::UNKNOWN_MESH_CONTAINER, "among the MeshContainer names"),
            NameKind::Animation => continue,
        };
        let names: Vec<&str> = model.candidates(r).map(|d| d.name.as_str()).collect();
        let (hint, best) = suggest::did_you_mean(&r.name, names.iter().copied());
        let mut d = Diagnostic::error(
            code,
            r.range,
            format!("unknown {} `{}`: not found {place}{hint}", r.kind.describe(), r.name),
        );
        if let Some(best) = best {
            d = d.with_fix(Fix::replace(format!("Replace with `{best}`"), r.range, format!("\"{best}\"")));
        }
        ctx.push(d);
    }
}
