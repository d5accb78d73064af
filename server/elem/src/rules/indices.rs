//! Indices against what they index: face and blend vertices against the mesh's vertices,
//! `Attributes` against the container's materials, `TransformIndex` against its bones.

use super::{ElemCheck, plural, report};
use crate::model::Def;
use crate::schema::key;
use crate::schema::{NameKind, ScopeKind};
use crate::syntax::ScopeId;
use rigls_diagnostic::Code;
use rigls_text::{FastMap, TextRange};

const VERTEX_LISTS: &[ScopeKind] = &[
    ScopeKind::Positions,
    ScopeKind::Normals,
    ScopeKind::VertexDiffuse,
    ScopeKind::TextureUv(0),
    ScopeKind::TextureUv(1),
    ScopeKind::TextureUv(2),
    ScopeKind::TextureUv(3),
    ScopeKind::TextureUv(4),
    ScopeKind::TextureUv(5),
    ScopeKind::TextureUv(6),
    ScopeKind::TextureUv(7),
    ScopeKind::TextureUv(8),
];

pub fn check(ctx: &mut ElemCheck) {
    for mesh in ctx.scopes_of(ScopeKind::Mesh) {
        let container = ctx.tree.enclosing(mesh, ScopeKind::MeshContainer);
        let vertices = ctx.bound(mesh, key::VERTEX_COUNT, VERTEX_LISTS);
        if let Some(vertices) = vertices {
            faces(ctx, mesh, vertices);
            blends(ctx, mesh, vertices);
        }
        if let Some(container) = container {
            attributes(ctx, mesh, container);
        }
    }
    // Each container's bones by index (the first bone of an index, as a walk would find it),
    // looked up once per `BlendPart` rather than by walking every definition.
    let mut bones: FastMap<(ScopeId, u32), &Def> = FastMap::default();
    for def in ctx.model.defs_of(NameKind::Bone) {
        if let Some(container) = def.container {
            bones.entry((container, def.index)).or_insert(def);
        }
    }
    for part in ctx.scopes_of(ScopeKind::BlendPart) {
        transform_index(ctx, part, &bones);
    }
}

fn out_of(ctx: &mut ElemCheck, range: TextRange, what: &str, index: i64, bound: i64, owner: &str, noun: (&str, &str)) {
    let message = if index < 0 {
        format!("{what} {index} is negative; indices start at 0")
    } else if bound == 0 {
        format!("{what} {index} is out of range: this {owner} has no {}", noun.1)
    } else {
        format!("{what} {index} is out of range: this {owner} has {} (0..{})", plural(bound, noun.0, noun.1), bound - 1)
    };
    ctx.push(report(Code::IndexOutOfRange, range, message));
}

fn faces(ctx: &mut ElemCheck, mesh: ScopeId, vertices: i64) {
    let Some(list) = ctx.tree.child_of(mesh, ScopeKind::VertexIndices) else { return };
    let mut bad = Vec::new();
    ctx.each_entry(list, |_, _, _, values| {
        if values.group_count() == 2 {
            for atom in values.group(1) {
                if let Some(i) = atom.as_i64(ctx.text)
                    && (i < 0 || i >= vertices)
                {
                    bad.push((atom.range, i));
                }
            }
        }
    });
    for (range, i) in bad {
        out_of(ctx, range, "vertex index", i, vertices, "Mesh", ("vertex", "vertices"));
    }
}

fn blends(ctx: &mut ElemCheck, mesh: ScopeId, vertices: i64) {
    let mut bad = Vec::new();
    for blend_list in ctx.tree.children_of(mesh, ScopeKind::BlendList).collect::<Vec<_>>() {
        for part in ctx.tree.children_of(blend_list, ScopeKind::BlendPart).collect::<Vec<_>>() {
            for list in ctx.tree.children_of(part, ScopeKind::VertexBlend).collect::<Vec<_>>() {
                ctx.each_entry(list, |_, _, _, values| {
                    if values.group_count() == 2
                        && let Some(atom) = values.group(0).first()
                        && let Some(i) = atom.as_i64(ctx.text)
                        && (i < 0 || i >= vertices)
                    {
                        bad.push((atom.range, i));
                    }
                });
            }
        }
    }
    for (range, i) in bad {
        out_of(ctx, range, "VertexBlend vertex", i, vertices, "Mesh", ("vertex", "vertices"));
    }
}

fn attributes(ctx: &mut ElemCheck, mesh: ScopeId, container: ScopeId) {
    let Some(list) = ctx.tree.child_of(mesh, ScopeKind::Attributes) else { return };
    let materials = match ctx.tree.child_of(container, ScopeKind::Materials) {
        Some(m) => {
            let scopes = ctx.tree.children_of(m, ScopeKind::Material).count() as i64;
            let declared = ctx.int_key(m, key::MATERIAL_COUNT).map_or(0, |(n, _)| n);
            scopes.max(declared)
        }
        None => 0,
    };
    let mut bad = Vec::new();
    ctx.each_entry(list, |_, _, atoms, _| {
        if let [atom] = atoms
            && let Some(i) = atom.as_i64(ctx.text)
            && (i < 0 || i >= materials)
        {
            bad.push((atom.range, i));
        }
    });
    for (range, i) in bad {
        out_of(ctx, range, "material index", i, materials, "MeshContainer", ("material", "materials"));
    }
}

fn transform_index(ctx: &mut ElemCheck, part: ScopeId, bones_by_index: &FastMap<(ScopeId, u32), &Def>) {
    let Some(container) = ctx.tree.enclosing(part, ScopeKind::MeshContainer) else { return };
    let Some((index, _)) = ctx.int_key(part, key::TRANSFORM_INDEX) else { return };
    let Some(line) = ctx.tree.key(ctx.text, part, key::TRANSFORM_INDEX) else { return };
    let value = line.value;
    let bones = ctx.bound(container, key::BONE_COUNT, &[ScopeKind::BoneNames, ScopeKind::OffsetMatrices]).unwrap_or(0);
    if index < 0 || index >= bones {
        out_of(ctx, value, key::TRANSFORM_INDEX, index, bones, "MeshContainer", ("bone", "bones"));
        return;
    }
    // The index and the name must agree: Danmakufu skins by index, Keystone by name.
    let Some(name_line) = ctx.tree.key(ctx.text, part, key::BONE_NAME) else { return };
    let bone_at_index = u32::try_from(index).ok().and_then(|i| bones_by_index.get(&(container, i)).copied());
    let named = ctx.model.refs_in(part).iter().find(|r| r.kind == NameKind::Bone);
    if let (Some(def), Some(named)) = (bone_at_index, named)
        && def.name != named.name
        && ctx.model.resolve(named).is_some()
    {
        let d = report(
            Code::BoneMismatch,
            value,
            format!("TransformIndex {index} is bone `{}`, but BoneName is `{}`", def.name, named.name),
        )
        .with_related(def.range, format!("bone {index} is defined here"))
        .with_related(name_line.value, "BoneName given here");
        ctx.push(d);
    }
}
