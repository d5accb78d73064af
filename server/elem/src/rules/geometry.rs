//! Warnings a modeller would thank us for: blend weights that do not add up to 1, `TimeKeys` out of
//! order, rotation keys that are not unit quaternions, and `VertexFormat` disagreeing with the
//! lists the meshes carry.

use super::{ElemCheck, kind_name, report};
use crate::schema::ScopeKind;
use crate::schema::key;
use crate::syntax::ScopeId;
use rigls_diagnostic::Code;
use rigls_text::TextRange;

const WEIGHT_TOLERANCE: f64 = 0.01;

pub fn check(ctx: &mut ElemCheck) {
    for mesh in ctx.scopes_of(ScopeKind::Mesh) {
        weights(ctx, mesh);
    }
    for kind in [ScopeKind::TimeKeys, ScopeKind::GuideTimeKeys] {
        for list in ctx.scopes_of(kind) {
            time_order(ctx, list);
        }
    }
    for list in ctx.scopes_of(ScopeKind::BoneRotateKeys) {
        quaternions(ctx, list);
    }
    for container in ctx.scopes_of(ScopeKind::MeshContainer) {
        vertex_format(ctx, container);
    }
}

fn weights(ctx: &mut ElemCheck, mesh: ScopeId) {
    let Some(blend_list) = ctx.tree.child_of(mesh, ScopeKind::BlendList) else { return };
    // The vertices that exist: Positions when present (a wrong VertexCount is reported once, as
    // count-mismatch), else VertexCount.
    let positions = ctx.tree.child_of(mesh, ScopeKind::Positions).map(|p| ctx.tree.entry_count(p) as i64);
    // A count out of range is reported as such (out-of-range), not read.
    let declared =
        ctx.int_key(mesh, key::VERTEX_COUNT).map(|(n, _)| n).filter(|&n| (0..=i64::from(i32::MAX)).contains(&n));
    let Some(vertices) = positions.or(declared) else { return };
    let vertices = vertices as usize;
    // Only the vertices the lists name are kept: a VertexCount of billions, with no Positions to
    // check it, is a number in a text, not memory to set aside. Every usable line, in file order.
    let mut lines: Vec<(usize, f64, TextRange)> = Vec::new();
    // A malformed line is already an error; guessing its vertex's sum would only add noise.
    let mut malformed = false;
    for part in ctx.tree.children_of(blend_list, ScopeKind::BlendPart).collect::<Vec<_>>() {
        for list in ctx.tree.children_of(part, ScopeKind::VertexBlend).collect::<Vec<_>>() {
            malformed |= ctx.tree.entries(list).any(|e| !e.ok);
            ctx.each_entry(list, |_, line, _, values| {
                if values.group_count() != 2 || values.group(0).len() != 1 || values.group(1).len() != 1 {
                    malformed = true;
                    return;
                }
                let (Some(v), Some(w)) = (values.group(0)[0].as_i64(ctx.text), values.group(1)[0].as_f64(ctx.text))
                else {
                    malformed = true;
                    return;
                };
                // An out-of-range weight is reported as such; its sum would say the same again.
                malformed |= !(0.0..=1.0).contains(&w);
                if let Ok(v) = usize::try_from(v)
                    && v < vertices
                {
                    lines.push((v, w, line));
                }
            });
        }
    }
    if lines.is_empty() || malformed {
        return;
    }
    // Each vertex's weights summed in file order (the sort is stable), with its first line: one
    // sort instead of a tree map updated on every line.
    lines.sort_by_key(|&(v, ..)| v);
    let weighted: Vec<(usize, f64, TextRange)> = lines
        .chunk_by(|a, b| a.0 == b.0)
        .map(|same| (same[0].0, same.iter().fold(0.0, |sum, &(_, w, _)| sum + w), same[0].2))
        .collect();
    for &(v, sum, line) in &weighted {
        if (sum - 1.0).abs() > WEIGHT_TOLERANCE {
            let d = report(
                Code::WeightSum,
                line,
                format!("the blend weights of vertex {v} add up to {}, not 1", trim(sum)),
            );
            ctx.push(d);
        }
    }
    let unweighted = vertices - weighted.len();
    if unweighted > 0 {
        // The first few, found past at most as many weighted ones as there are.
        let is_weighted = |v: &usize| weighted.binary_search_by_key(v, |&(w, ..)| w).is_ok();
        let first: Vec<usize> = (0..vertices).filter(|v| !is_weighted(v)).take(5).collect();
        let tag = ctx.tree.scope(blend_list).tag;
        let listed = list_numbers(&first, unweighted);
        let noun = if unweighted == 1 { "vertex" } else { "vertices" };
        let verb = if unweighted == 1 { "has" } else { "have" };
        ctx.push(report(
            Code::WeightSum,
            tag,
            format!("{noun} {listed} of this mesh {verb} no blend weight in any BlendPart"),
        ));
    }
}

fn time_order(ctx: &mut ElemCheck, list: ScopeId) {
    let mut previous: Option<f64> = None;
    let mut bad = Vec::new();
    ctx.each_entry(list, |_, _, atoms, _| {
        if let [atom] = atoms
            && let Some(t) = atom.as_f64(ctx.text)
        {
            if let Some(p) = previous
                && t <= p
            {
                bad.push((atom.range, t, p));
            }
            previous = Some(t);
        }
    });
    for (range, t, p) in bad {
        ctx.push(report(Code::TimeKeysOrder, range, format!("TimeKeys must ascend: {} follows {}", trim(t), trim(p))));
    }
}

fn quaternions(ctx: &mut ElemCheck, list: ScopeId) {
    let mut bad = Vec::new();
    ctx.each_entry(list, |_, line, atoms, _| {
        if atoms.len() != 4 {
            return;
        }
        let q: Option<Vec<f64>> = atoms.iter().map(|a| a.as_f64(ctx.text)).collect();
        if let Some(q) = q {
            let length = q.iter().map(|x| x * x).sum::<f64>().sqrt();
            if (length - 1.0).abs() > 0.01 {
                bad.push((line, length));
            }
        }
    });
    for (line, length) in bad {
        ctx.push(report(
            Code::NonUnitQuaternion,
            line,
            format!("rotation key is not a unit quaternion: its length is {length:.3}, not 1"),
        ));
    }
}

/// Which `VertexFormat` entries a vertex list answers to.
fn components(kind: ScopeKind) -> &'static [&'static str] {
    match kind {
        ScopeKind::Positions => &["Position"],
        ScopeKind::Normals => &["Normal"],
        ScopeKind::BlendList => &["Blend"],
        ScopeKind::VertexDiffuse => &["Diffuse"],
        ScopeKind::TextureUv(0 | 1) => &["Texture", "Texture1"],
        ScopeKind::TextureUv(2) => &["Texture2"],
        ScopeKind::TextureUv(3) => &["Texture3"],
        ScopeKind::TextureUv(4) => &["Texture4"],
        ScopeKind::TextureUv(5) => &["Texture5"],
        ScopeKind::TextureUv(6) => &["Texture6"],
        ScopeKind::TextureUv(7) => &["Texture7"],
        ScopeKind::TextureUv(8) => &["Texture8"],
        _ => &[],
    }
}

fn vertex_format(ctx: &mut ElemCheck, container: ScopeId) {
    let Some(format) = ctx.tree.child_of(container, ScopeKind::VertexFormat) else { return };
    let mut entries: Vec<(String, TextRange)> = Vec::new();
    ctx.each_entry(format, |_, _, atoms, _| {
        if let [atom] = atoms
            && let Some(s) = atom.as_str(ctx.text)
        {
            entries.push((s.into_owned(), atom.range));
        }
    });
    let meshes: Vec<ScopeId> = ctx
        .tree
        .children_of(container, ScopeKind::Mesh)
        .filter(|&m| ctx.int_key(m, key::VERTEX_COUNT).is_none_or(|(n, _)| n > 0))
        .collect();
    if meshes.is_empty() {
        return;
    }
    // Listed components that some mesh lacks.
    for (component, range) in &entries {
        let wanted: Vec<ScopeKind> =
            ctx_kinds().into_iter().filter(|&k| components(k).contains(&component.as_str())).collect();
        if wanted.is_empty() {
            continue;
        }
        let lacking: Vec<String> = meshes
            .iter()
            .filter(|&&m| !wanted.iter().any(|&k| ctx.tree.child_of(m, k).is_some()))
            .map(|&m| mesh_label(ctx, m))
            .collect();
        if !lacking.is_empty() {
            let list = kind_name(wanted[0]);
            let d = report(
                Code::VertexFormatMismatch,
                *range,
                format!(
                    "VertexFormat lists \"{component}\" but {} {} no {list} list",
                    lacking.join(", "),
                    if lacking.len() == 1 { "has" } else { "have" }
                ),
            );
            ctx.push(d);
        }
    }
    // Lists a mesh carries that VertexFormat does not announce.
    for &mesh in &meshes {
        for child in ctx.tree.children(mesh).collect::<Vec<_>>() {
            let kind = ctx.tree.kind(child);
            let names = components(kind);
            if names.is_empty() || entries.iter().any(|(e, _)| names.contains(&e.as_str())) {
                continue;
            }
            let tag = ctx.tree.scope(child).tag;
            let d = report(
                Code::VertexFormatMismatch,
                tag,
                format!(
                    "this mesh has {} but the container's VertexFormat does not list \"{}\"",
                    kind_name(kind),
                    names[names.len() - 1]
                ),
            )
            .with_related(ctx.tree.scope(format).tag, "VertexFormat is here");
            ctx.push(d);
        }
    }
}

fn ctx_kinds() -> Vec<ScopeKind> {
    let mut kinds = vec![ScopeKind::Positions, ScopeKind::Normals, ScopeKind::BlendList, ScopeKind::VertexDiffuse];
    kinds.extend((0..=8).map(ScopeKind::TextureUv));
    kinds
}

fn mesh_label(ctx: &ElemCheck, mesh: ScopeId) -> String {
    let line = ctx.line_no(ctx.tree.scope(mesh).tag.start);
    match ctx.tree.key(ctx.text, mesh, key::NAME) {
        Some(name) => format!("mesh {}", ctx.slice(name.value)),
        None => format!("the mesh on line {line}"),
    }
}

/// `0.5`, `1`, `0.333` — short, for messages.
fn trim(v: f64) -> String {
    let s = format!("{v:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_owned()
}

/// `3`, `3 and 5`, `3, 5 and 7`, or `3, 5, 7, … (12 in all)`.
/// `first`, the first numbers of a list of `count`: all of them up to five, else five and the count.
fn list_numbers(first: &[usize], count: usize) -> String {
    let shown: Vec<String> = first.iter().take(5).map(|n| n.to_string()).collect();
    match count {
        1 => shown[0].clone(),
        2..=5 => format!("{} and {}", shown[..shown.len() - 1].join(", "), shown[shown.len() - 1]),
        n => format!("{}, … ({n} in all)", shown.join(", ")),
    }
}
