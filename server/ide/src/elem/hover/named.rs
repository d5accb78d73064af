//! What a name is and where: the joint behind a bone or node (palette index, hierarchy chain,
//! children, clips), a mesh's counts, a material's colours, a container's and a clip's contents.

use super::{bullets, color_of, container_label, counted, material_name, plural};
use crate::capped;
use crate::color::swatch_markdown;
use crate::elem::names::{self, NameAt};
use crate::elem::{ElemDoc, code};
use rigls_elem::schema::key;
use rigls_elem::schema::{NameKind, ScopeKind};
use rigls_elem::values::Values;

pub(super) fn name_markdown(ctx: &ElemDoc, at: NameAt) -> String {
    match at.kind() {
        NameKind::Bone | NameKind::Node => joint(ctx, at),
        NameKind::Mesh => mesh(ctx, at),
        NameKind::Material => material(ctx, at),
        NameKind::Container => container(ctx, at),
        NameKind::Animation => animation(ctx, at),
    }
}

fn heading(at: NameAt) -> String {
    format!("**{}** {}", at.kind().describe(), code(at.name()))
}

fn not_found(ctx: &ElemDoc, at: NameAt) -> String {
    let place = match at {
        NameAt::Ref(r) if r.kind == NameKind::Material => match names::ref_container(ctx.model, r) {
            Some(c) => format!("among the materials of {}", container_label(ctx, c)),
            None => "among the materials".to_owned(),
        },
        _ => format!("among the {} names", at.kind().describe()),
    };
    format!("{}\n\n⚠ Not found {place}", heading(at))
}

fn joint(ctx: &ElemDoc, at: NameAt) -> String {
    let name = at.name();
    let mut lines = Vec::new();
    let bones: Vec<_> = ctx.model.defs_of(NameKind::Bone).filter(|d| d.name == name).collect();
    for bone in bones.iter().take(capped::LISTED) {
        let container = bone.container.map_or_else(|| "no mesh container".to_owned(), |c| container_label(ctx, c));
        lines.push(format!("Bone {} of {container} ({})", bone.index, ctx.place(bone.range.start)));
    }
    if let Some(more) = bones.len().checked_sub(capped::LISTED).filter(|&m| m > 0) {
        lines.push(format!("… and {more} more {} of this name", if more == 1 { "bone" } else { "bones" }));
    }
    if let NameAt::Ref(r) = at
        && let Some(c) = r.container
        && !bones.iter().any(|b| b.container == Some(c))
    {
        lines.push(format!("⚠ Not in the `BoneNames` of {}", container_label(ctx, c)));
    }
    if bones.is_empty() && !matches!(at, NameAt::Ref(r) if r.container.is_some()) {
        lines.push("Not a bone of any mesh container".to_owned());
    }
    let nodes: Vec<_> = ctx.model.defs_of(NameKind::Node).filter(|d| d.name == name).collect();
    for node in nodes.iter().take(capped::LISTED) {
        let mut chain: Vec<String> = ctx
            .tree
            .ancestors(node.owner)
            .filter(|&s| ctx.kind(s) == ScopeKind::Node)
            .map(|s| names::def_of_scope(ctx.model, s).map_or("?".to_owned(), |d| code(&d.name)))
            .collect();
        chain.reverse();
        chain.push(format!("**{}**", code(name)));
        let children: Vec<String> = ctx
            .tree
            .children_of(node.owner, ScopeKind::Node)
            .filter_map(|c| names::def_of_scope(ctx.model, c).map(|d| code(&d.name)))
            .collect();
        let children = if children.is_empty() {
            "no children".to_owned()
        } else {
            format!("children {}", capped::list(&children))
        };
        lines.push(format!("Node {} ({}); {children}", capped::chain(&chain), ctx.place(node.range.start)));
    }
    if let Some(more) = nodes.len().checked_sub(capped::LISTED).filter(|&m| m > 0) {
        lines.push(format!("… and {more} more {} of this name", if more == 1 { "node" } else { "nodes" }));
    }
    if nodes.is_empty() {
        lines.push("⚠ No hierarchy `Node` has this name".to_owned());
    }
    let mut clips: Vec<String> = ctx
        .model
        .refs
        .iter()
        .filter(|r| r.kind == NameKind::Node && r.name == name && ctx.kind(r.scope) == ScopeKind::BonePart)
        .filter_map(|r| ctx.tree.enclosing(r.scope, ScopeKind::AnimationData))
        .map(|clip| ctx.string_key(clip, key::ANIMATION_NAME).map_or("(unnamed)".to_owned(), |n| code(&n)))
        .collect();
    clips.dedup();
    if !clips.is_empty() {
        lines.push(format!("Animated in {}", capped::list(&clips)));
    }
    format!("{}\n\n{}", heading(at), bullets(&lines))
}

fn mesh(ctx: &ElemDoc, at: NameAt) -> String {
    let Some(def) = names::targets(ctx.model, at).first().copied() else { return not_found(ctx, at) };
    let scope = def.owner;
    let mut lines = Vec::new();
    let container =
        ctx.tree.enclosing(scope, ScopeKind::MeshContainer).map(|c| format!(" of {}", container_label(ctx, c)));
    lines.push(format!("Mesh{} ({})", container.unwrap_or_default(), ctx.place(ctx.tree.scope(scope).tag.start)));
    let vertices = counted(ctx, scope, key::VERTEX_COUNT, ScopeKind::Positions);
    let faces = counted(ctx, scope, key::FACE_COUNT, ScopeKind::VertexIndices);
    lines.push(format!("{}, {}", plural(vertices, "vertex", "vertices"), plural(faces, "face", "faces")));
    if let Some(attributes) = ctx.tree.child_of(scope, ScopeKind::Attributes) {
        let mut used: Vec<i64> = ctx
            .tree
            .entries(attributes)
            .filter_map(|e| Values::read(ctx.text, e.range).atoms.first().and_then(|a| a.as_i64(ctx.text)))
            .collect();
        used.sort_unstable();
        used.dedup();
        let listed: Vec<String> = used.iter().map(|&m| material_name(ctx, attributes, m)).collect();
        if !listed.is_empty() {
            lines.push(format!("Uses {}", capped::list(&listed)));
        }
    }
    let bones: Vec<String> = ctx
        .model
        .refs
        .iter()
        .filter(|r| r.kind == NameKind::Bone && ctx.tree.enclosing(r.scope, ScopeKind::Mesh) == Some(scope))
        .map(|r| code(&r.name))
        .collect();
    if !bones.is_empty() {
        lines.push(format!("Skinned to {}", capped::list(&bones)));
    }
    let drawn = ctx.model.refs.iter().filter(|r| r.kind == NameKind::Mesh && r.name == def.name).count();
    lines.push(match drawn {
        0 => "Not drawn by any `RenderingMesh`".to_owned(),
        n => format!("Drawn by {}", plural(n, "`RenderingMesh`", "`RenderingMesh` scopes")),
    });
    format!("{}\n\n{}", heading(at), bullets(&lines))
}

fn material(ctx: &ElemDoc, at: NameAt) -> String {
    let Some(def) = names::targets(ctx.model, at).first().copied() else { return not_found(ctx, at) };
    let scope = def.owner;
    let container = def.container.map(|c| format!(" of {}", container_label(ctx, c))).unwrap_or_default();
    let index = ctx
        .tree
        .scope(scope)
        .parent
        .map_or(0, |p| ctx.tree.children_of(p, ScopeKind::Material).take_while(|&m| m != scope).count());
    let mut lines = vec![format!("Material {index}{container} ({})", ctx.place(ctx.tree.scope(scope).tag.start))];
    for key in [key::DIFFUSE, key::AMBIENT, key::EMISSIVE, key::SPECULAR] {
        if let Some(c) = color_of(ctx, &ctx.key_values(scope, key).atoms) {
            lines.push(format!("{key} {}", swatch_markdown(c)));
        }
    }
    if let Some(texture) = ctx.string_key(scope, key::TEXTURE_FILENAME) {
        lines.push(format!("Texture {}", code(&texture)));
    }
    format!("{}\n\n{}", heading(at), bullets(&lines))
}

fn container(ctx: &ElemDoc, at: NameAt) -> String {
    let Some(def) = names::targets(ctx.model, at).first().copied() else { return not_found(ctx, at) };
    let scope = def.owner;
    let bones = counted(ctx, scope, key::BONE_COUNT, ScopeKind::BoneNames);
    let meshes = ctx.tree.children_of(scope, ScopeKind::Mesh).count();
    let materials = ctx
        .tree
        .child_of(scope, ScopeKind::Materials)
        .map_or(0, |m| ctx.tree.children_of(m, ScopeKind::Material).count());
    let lines = [
        format!("Mesh container ({})", ctx.place(ctx.tree.scope(scope).tag.start)),
        format!(
            "{}, {}, {}",
            plural(bones, "bone", "bones"),
            plural(meshes, "mesh", "meshes"),
            plural(materials, "material", "materials")
        ),
    ];
    format!("{}\n\n{}", heading(at), bullets(&lines))
}

fn animation(ctx: &ElemDoc, at: NameAt) -> String {
    let Some(def) = names::targets(ctx.model, at).first().copied() else { return not_found(ctx, at) };
    let clip = def.owner;
    let mut lines = vec![format!("Animation clip ({})", ctx.place(ctx.tree.scope(clip).tag.start))];
    let length = ctx.int_key(clip, key::ANIMATION_TIME).map(|t| format!("{t} ms"));
    let fps = ctx.int_key(clip, key::FRAME_PAR_SECOND).map(|f| format!(" at {f} fps"));
    let looping = match ctx.key_values(clip, key::LOOP).atoms.first().map(|a| ctx.slice(a.range)) {
        Some("True") => ", loops",
        _ => ", plays once",
    };
    lines.push(format!("{}{}{looping}", length.unwrap_or_else(|| "no length".to_owned()), fps.unwrap_or_default()));
    let parts = |kind: ScopeKind, part: ScopeKind| {
        ctx.tree.children_of(clip, kind).map(|a| ctx.tree.children_of(a, part).count()).sum::<usize>()
    };
    lines.push(format!(
        "{}, {}",
        plural(parts(ScopeKind::BoneAnimation, ScopeKind::BonePart), "bone part", "bone parts"),
        plural(parts(ScopeKind::UvAnimation, ScopeKind::UvPart), "UV part", "UV parts")
    ));
    format!("{}\n\n{}", heading(at), bullets(&lines))
}
