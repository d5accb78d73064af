//! Hover: schema documentation for keys and scopes, what a name is and where, the real counts behind
//! count keys, the targets of indices, colour swatches and key-frame times.

mod named;
mod transform;

use super::cursor::{self, Hit};
use super::describe::{self, Example};
use super::names::{self, NameAt};
use super::{ElemDoc, code};
use crate::color::swatch_markdown;
use crate::{Analysis, Hover, Rgba};
use named::name_markdown;
use rigls_elem::schema::key;
use rigls_elem::schema::{self, Counted, NameKind, ScopeKind, ValueType};
use rigls_elem::syntax::{KeyLine, ScopeId};
use rigls_elem::values::{Atom, Values};
use rigls_text::TextRange;

pub fn hover(analysis: &Analysis, offset: u32) -> Option<Hover> {
    let ctx = ElemDoc::new(analysis)?;
    if let Some(at) = names::name_at(ctx.model, offset) {
        let mut markdown = name_markdown(&ctx, at);
        if let NameAt::Def(def) = at
            && def.kind == NameKind::Node
        {
            markdown.push_str(&node_world(&ctx, def.owner));
        }
        return Some(Hover { range: at.range(), markdown });
    }
    match cursor::hit(&ctx, offset)? {
        Hit::Tag(scope) | Hit::Close(scope) => scope_hover(&ctx, scope),
        Hit::Key { scope, line } => key_hover(&ctx, scope, &line, line.key),
        Hit::Value { scope, line } => value_hover(&ctx, scope, &line),
        Hit::Entry { scope, entry, index } => entry_hover(&ctx, scope, entry.range, index, offset),
    }
}

fn scope_hover(ctx: &ElemDoc, scope: ScopeId) -> Option<Hover> {
    let s = ctx.tree.scope(scope);
    let def = schema::scope_def(s.kind)?;
    let mut markdown = describe::scope_markdown(def, ctx.slice(s.tag), Example::Omitted);
    if def.list.is_some() {
        let n = ctx.tree.entry_count(scope);
        markdown.push_str(&format!("\n\n**Here:** {}", plural(n, "line", "lines")));
    } else if let Some(name) = names::def_of_scope(ctx.model, scope) {
        markdown.push_str(&format!("\n\n---\n\n{}", name_markdown(ctx, NameAt::Def(name))));
    }
    if s.kind == ScopeKind::Node {
        markdown.push_str(&node_world(ctx, scope));
    }
    Some(Hover { range: s.tag.cover(s.open), markdown })
}

/// `\n\n**World transform at the setup pose** …` for a `Node` scope.
fn node_world(ctx: &ElemDoc, node: ScopeId) -> String {
    transform::node_world(ctx, node).map(|w| format!("\n\n{w}")).unwrap_or_default()
}

fn key_hover(ctx: &ElemDoc, scope: ScopeId, line: &KeyLine, range: TextRange) -> Option<Hover> {
    let def = schema::key_def(ctx.kind(scope), ctx.slice(line.key))?;
    let mut markdown = describe::key_markdown(def, Example::Omitted);
    if !def.counts.is_empty() {
        markdown.push_str(&format!("\n\n{}", count_report(ctx, scope, def.name, def.counts)));
    }
    if def.name == key::NODE_NAME && ctx.kind(scope) == ScopeKind::Node {
        markdown.push_str(&node_world(ctx, scope));
    }
    Some(Hover { range, markdown })
}

/// What the count key counts, and which is wrong: the declared count when everything it counts
/// agrees on another number (`**Counted:** Positions 4 · Normals 4 (declared 5 ✗, counted 4)`),
/// else each list that disagrees with it (`Positions 4 · Normals 3 ✗ (declared 4)`).
fn count_report(ctx: &ElemDoc, scope: ScopeId, key: &str, counts: &[Counted]) -> String {
    let declared = ctx.int_key(scope, key);
    let mut found = Vec::new();
    for counted in counts {
        match *counted {
            Counted::Scopes(kind) => {
                found.push((format!("{} scopes", schema::tag_of(kind)), ctx.tree.children_of(scope, kind).count()))
            }
            Counted::Entries(kind) => {
                for list in ctx.tree.children_of(scope, kind) {
                    found.push((ctx.slice(ctx.tree.scope(list).tag).to_owned(), ctx.tree.entry_count(list)));
                }
            }
        }
    }
    if found.is_empty() {
        return "**Counted:** nothing yet (no list it counts is present)".to_owned();
    }
    let agreed = found.first().map(|(_, n)| *n as i64).filter(|&n| found.iter().all(|(_, m)| *m as i64 == n));
    let wrong_lists = agreed.is_none();
    let parts: Vec<String> = found
        .iter()
        .map(|(what, n)| {
            let mark = if wrong_lists && declared.is_some_and(|d| d != *n as i64) { " ✗" } else { "" };
            format!("{what} {n}{mark}")
        })
        .collect();
    let verdict = match (declared, agreed) {
        (Some(d), Some(n)) if d == n => "matches ✓".to_owned(),
        (Some(d), Some(n)) => format!("declared {d} ✗, counted {n}"),
        (Some(d), None) => format!("declared {d}"),
        (None, _) => "the declared value is not an integer".to_owned(),
    };
    format!("**Counted:** {} ({verdict})", parts.join(" · "))
}

fn value_hover(ctx: &ElemDoc, scope: ScopeId, line: &KeyLine) -> Option<Hover> {
    let key = ctx.slice(line.key);
    let def = schema::key_def(ctx.kind(scope), key)?;
    let values = Values::read(ctx.text, line.value);
    let range = values.range().unwrap_or(line.value);
    let markdown = match def.ty {
        ValueType::Color => color_of(ctx, &values.atoms).map(|c| format!("**`{key}`** colour\n\n{}", color_lines(c))),
        _ if key == key::TRANSFORM_INDEX => transform_index(ctx, scope, &values.atoms),
        _ => None,
    };
    match markdown {
        Some(markdown) => Some(Hover { range, markdown }),
        None => key_hover(ctx, scope, line, if range.is_empty() { line.key } else { range }),
    }
}

fn transform_index(ctx: &ElemDoc, part: ScopeId, atoms: &[Atom]) -> Option<String> {
    let [atom] = atoms else { return None };
    let index = atom.as_i64(ctx.text)?;
    let container = ctx.tree.enclosing(part, ScopeKind::MeshContainer)?;
    let bone = bone_at(ctx, container, index);
    let mut out = match bone {
        Some(bone) => format!(
            "**`TransformIndex`** {index} → bone {} of {} ({})",
            code(bone),
            container_label(ctx, container),
            place_of_bone(ctx, container, index).unwrap_or_default()
        ),
        None => format!(
            "**`TransformIndex`** {index} → no bone: {} has {}",
            container_label(ctx, container),
            plural(
                ctx.model.defs_of(NameKind::Bone).filter(|d| d.container == Some(container)).count(),
                "bone",
                "bones"
            )
        ),
    };
    if let (Some(bone), Some(named)) = (bone, ctx.string_key(part, key::BONE_NAME))
        && bone != named
    {
        out.push_str(&format!("\n\n⚠ `BoneName` is {}: the index and the name disagree", code(&named)));
    }
    Some(out)
}

fn entry_hover(ctx: &ElemDoc, list: ScopeId, entry: TextRange, index: usize, offset: u32) -> Option<Hover> {
    let kind = ctx.kind(list);
    // The atom under the cursor, if it is on one (not on a separator).
    let (values, atom) = match cursor::atom_at(ctx, entry, offset) {
        Some((values, i)) => (values, Some(i)),
        None => (Values::read(ctx.text, entry), None),
    };
    let atom_range = atom.and_then(|i| values.atoms.get(i)).map_or(entry, |a| a.range);
    let parent = ctx.tree.scope(list).parent?;
    let markdown = match kind {
        ScopeKind::OffsetMatrices => {
            let container = ctx.tree.enclosing(list, ScopeKind::MeshContainer)?;
            let bone = bone_at(ctx, container, index as i64)
                .map_or_else(|| "no bone (BoneNames is shorter)".to_owned(), |b| format!("bone {}", code(b)));
            Some((entry, format!("**`OffsetMatrices`** row {index}: offset matrix of {bone}")))
        }
        ScopeKind::Attributes => {
            let material = values.atoms.first().and_then(|a| a.as_i64(ctx.text))?;
            Some((entry, format!("**Face {index}** → {}", material_summary(ctx, list, material))))
        }
        ScopeKind::VertexBlend => vertex_blend(ctx, list, &values, atom, index),
        ScopeKind::VertexIndices => {
            let mesh = ctx.tree.enclosing(list, ScopeKind::Mesh)?;
            if let Some(i) = atom.filter(|&i| cursor::group_of(&values, i) == 1) {
                let vertex = values.atoms[i].as_i64(ctx.text)?;
                Some((atom_range, format!("**Face {index}**, corner → {}", vertex_summary(ctx, mesh, vertex))))
            } else {
                let corners = cursor::group(&values, 1).len();
                Some((atom_range, format!("**Face {index}** of {}: {corners} corners", mesh_label(ctx, mesh))))
            }
        }
        ScopeKind::Positions | ScopeKind::Normals | ScopeKind::TextureUv(_) => {
            let mesh = ctx.tree.enclosing(list, ScopeKind::Mesh)?;
            Some((entry, format!("**Vertex {index}** of {}", mesh_label(ctx, mesh))))
        }
        ScopeKind::VertexDiffuse => {
            let mesh = ctx.tree.enclosing(list, ScopeKind::Mesh)?;
            let color = color_of(ctx, &values.atoms).map(|c| format!("\n\n{}", color_lines(c))).unwrap_or_default();
            Some((entry, format!("**Vertex {index}** colour of {}{color}", mesh_label(ctx, mesh))))
        }
        ScopeKind::TimeKeys
        | ScopeKind::GuideTimeKeys
        | ScopeKind::BoneTransKeys
        | ScopeKind::BoneRotateKeys
        | ScopeKind::BoneScaleKeys
        | ScopeKind::UvTransKeys
        | ScopeKind::UvRotateKeys
        | ScopeKind::UvScaleKeys => key_frame(ctx, list, parent, index).map(|md| (entry, md)),
        _ => None,
    };
    match markdown {
        Some((range, markdown)) => Some(Hover { range, markdown }),
        None => {
            let def = schema::scope_def(kind)?;
            let tag = ctx.slice(ctx.tree.scope(list).tag);
            let n = ctx.tree.entry_count(list);
            let markdown = format!(
                "{}\n\n**Here:** line {} of {n}",
                describe::scope_markdown(def, tag, Example::Omitted),
                index + 1
            );
            Some(Hover { range: entry, markdown })
        }
    }
}

fn vertex_blend(
    ctx: &ElemDoc,
    list: ScopeId,
    values: &Values,
    atom: Option<usize>,
    index: usize,
) -> Option<(TextRange, String)> {
    let part = ctx.tree.scope(list).parent?;
    let mesh = ctx.tree.enclosing(list, ScopeKind::Mesh)?;
    let bone =
        ctx.string_key(part, key::BONE_NAME).map_or_else(|| "this bone".to_owned(), |b| format!("bone {}", code(&b)));
    let vertex = cursor::group(values, 0).first()?.as_i64(ctx.text)?;
    let weight = cursor::group(values, 1).first().copied();
    let range = atom.and_then(|i| values.atoms.get(i)).map_or(values.range()?, |a| a.range);
    if atom.is_some_and(|i| cursor::group_of(values, i) == 1) {
        let written = ctx.slice(weight?.range);
        return Some((range, format!("**Weight** {written} of {bone} on vertex {vertex}")));
    }
    Some((range, format!("**`VertexBlend`** line {index}: {bone} moves {}", vertex_summary(ctx, mesh, vertex))))
}

/// `vertex 2 of `BodyMesh` at `0.5:1.5:0``.
fn vertex_summary(ctx: &ElemDoc, mesh: ScopeId, vertex: i64) -> String {
    let label = mesh_label(ctx, mesh);
    let position = ctx
        .tree
        .child_of(mesh, ScopeKind::Positions)
        .and_then(|list| usize::try_from(vertex).ok().and_then(|v| cursor::entry_atoms(ctx, list, v)))
        .map(|(entry, _)| format!(" at `{}`", ctx.slice(entry.range)));
    match position {
        Some(at) => format!("vertex {vertex} of {label}{at}"),
        None => format!("vertex {vertex} of {label} (no such line in `Positions`)"),
    }
}

fn key_frame(ctx: &ElemDoc, list: ScopeId, parent: ScopeId, index: usize) -> Option<String> {
    let clip = ctx.tree.enclosing(list, ScopeKind::AnimationData)?;
    let time_list = if matches!(ctx.kind(list), ScopeKind::TimeKeys | ScopeKind::GuideTimeKeys) {
        list
    } else {
        ctx.tree.child_of(parent, ScopeKind::TimeKeys)?
    };
    let (_, atoms) = cursor::entry_atoms(ctx, time_list, index)?;
    let t = atoms.first()?.as_f64(ctx.text)?;
    let length = ctx.int_key(clip, key::ANIMATION_TIME)?;
    let ms = t * length as f64;
    let mut out = format!("**Key {index}** at {} ({t} × AnimationTime {length} ms)", millis(ms));
    if let Some(fps) = ctx.int_key(clip, key::FRAME_PAR_SECOND).filter(|&f| f > 0) {
        out.push_str(&format!(", frame {}", trim_number(ms * fps as f64 / 1000.0)));
    }
    if ctx.kind(list) != ScopeKind::GuideTimeKeys
        && let Some(sample) = transform::key_sample(ctx, parent, length as f64, t)
    {
        out.push_str(&format!("\n\n{sample}"));
    }
    Some(out)
}

/// `500 ms`, `333.3 ms`.
pub fn millis(ms: f64) -> String {
    format!("{} ms", trim_number((ms * 10.0).round() / 10.0))
}

fn trim_number(v: f64) -> String {
    if v.fract() == 0.0 { format!("{v:.0}") } else { format!("{:.1}", v) }
}

// ---- helpers -------------------------------------------------------------------------------

fn bullets(lines: &[String]) -> String {
    lines.iter().map(|l| format!("- {l}")).collect::<Vec<_>>().join("\n")
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A count key's value, or the length of the list it counts when the key is missing.
fn counted(ctx: &ElemDoc, scope: ScopeId, key: &str, list: ScopeKind) -> usize {
    ctx.int_key(scope, key)
        .and_then(|n| usize::try_from(n).ok())
        .or_else(|| ctx.tree.child_of(scope, list).map(|l| ctx.tree.entry_count(l)))
        .unwrap_or(0)
}

/// `` `Robot` `` or `` `MeshContainer` (line 9) `` (a link to it) when it has no name.
fn container_label(ctx: &ElemDoc, container: ScopeId) -> String {
    ctx.string_key(container, key::NAME)
        .map_or_else(|| format!("`MeshContainer` ({})", ctx.place(ctx.tree.scope(container).tag.start)), |n| code(&n))
}

fn mesh_label(ctx: &ElemDoc, mesh: ScopeId) -> String {
    ctx.string_key(mesh, key::NAME)
        .map_or_else(|| format!("`Mesh` ({})", ctx.place(ctx.tree.scope(mesh).tag.start)), |n| code(&n))
}

fn bone_at<'a>(ctx: &ElemDoc<'a>, container: ScopeId, index: i64) -> Option<&'a str> {
    ctx.model
        .defs_of(NameKind::Bone)
        .find(|d| d.container == Some(container) && d.index as i64 == index)
        .map(|d| d.name.as_str())
}

fn place_of_bone(ctx: &ElemDoc, container: ScopeId, index: i64) -> Option<String> {
    let def = ctx.model.defs_of(NameKind::Bone).find(|d| d.container == Some(container) && d.index as i64 == index)?;
    Some(ctx.place(def.range.start))
}

fn material_name(ctx: &ElemDoc, inside: ScopeId, index: i64) -> String {
    match ctx.material_scope(inside, index) {
        Some(m) => ctx
            .string_key(m, key::NAME)
            .map_or_else(|| format!("material {index}"), |n| format!("{} (material {index})", code(&n))),
        None => format!("{index} (no such material)"),
    }
}

fn material_summary(ctx: &ElemDoc, inside: ScopeId, index: i64) -> String {
    let Some(m) = ctx.material_scope(inside, index) else {
        return format!("material {index}: no such material in this mesh container");
    };
    let name = ctx.string_key(m, key::NAME).map_or_else(|| "(unnamed)".to_owned(), |n| code(&n));
    let diffuse =
        color_of(ctx, &ctx.key_values(m, key::DIFFUSE).atoms).map(|c| format!("\n\nDiffuse {}", swatch_markdown(c)));
    format!("material {index} {name} ({}){}", ctx.place(ctx.tree.scope(m).tag.start), diffuse.unwrap_or_default())
}

/// Four numbers `a:r:g:b` as a colour (components unclamped).
pub fn color_of(ctx: &ElemDoc, atoms: &[Atom]) -> Option<Rgba> {
    let [a, r, g, b] = atoms else { return None };
    Some(Rgba {
        alpha: a.as_f64(ctx.text)?,
        red: r.as_f64(ctx.text)?,
        green: g.as_f64(ctx.text)?,
        blue: b.as_f64(ctx.text)?,
    })
}

fn color_lines(c: Rgba) -> String {
    format!(
        "{}\n\nred {:.3} · green {:.3} · blue {:.3} · alpha {:.3}",
        swatch_markdown(c),
        c.red,
        c.green,
        c.blue,
        c.alpha
    )
}
