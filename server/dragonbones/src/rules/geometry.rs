//! Geometry: meshes (vertices, uvs, triangles, skinning), paths, polygon bounding boxes, surface
//! bones, and deform key frames against the geometry they deform (§5.1, §5.2).

use std::collections::{HashMap, HashSet};

use super::{CheckScope, DragonBonesCheck, plural, report};
use crate::model::{Model, Ref, Site, is_polygon};
use crate::schema::DisplayType;
use crate::schema::key;
use crate::syntax::{NodeId, NodeKind};
use rigls_diagnostic::{Code, Diagnostic, case};
use rigls_text::TextRange;

/// Index diagnostics per array beyond which the rest are left out.
const MAX_PER_ARRAY: usize = 10;

pub fn check(ctx: &mut DragonBonesCheck) {
    let model = ctx.model;
    let file = ctx.scope == CheckScope::File;
    // A shared mesh names another display: checked with the rest of the file. (The model refers
    // to the display every `share` names, from the display holding it.)
    let mut sharing: Vec<NodeId> = match file {
        true => model.refs.iter().filter(|r| matches!(r.site, Site::Share)).map(|r| r.owner).collect(),
        false => Vec::new(),
    };
    sharing.sort_unstable();
    // Made when a mesh first shares another's geometry.
    let shared_meshes = std::cell::OnceCell::new();
    for list in &model.skin_slots {
        let armature = &model.armatures[list.armature as usize];
        let local = ctx.in_scope(armature.node);
        if !local && !file {
            continue;
        }
        let bones = armature.bones.len();
        for display in &list.displays {
            let shares = display.ty == Some(DisplayType::Mesh)
                && match file {
                    true => sharing.binary_search(&display.node).is_ok(),
                    false => ctx.get(display.node, key::SHARE).is_some(),
                };
            if !(if shares { file } else { local }) {
                continue;
            }
            match display.ty {
                Some(DisplayType::Mesh) if ctx.get(display.node, key::SHARE).is_some() => {
                    // A linked mesh has no geometry of its own.
                    let meshes = shared_meshes.get_or_init(|| SharedMeshes::of(model));
                    shared(ctx, display.node, list.armature, meshes);
                }
                Some(DisplayType::Mesh) => mesh(ctx, display.node, bones, false),
                Some(DisplayType::Path) => mesh(ctx, display.node, bones, true),
                Some(DisplayType::BoundingBox) => polygon(ctx, display.node),
                _ => {}
            }
        }
    }
    for armature in &model.armatures {
        if !ctx.in_scope(armature.node) {
            continue;
        }
        for bone in &armature.bones {
            surface(ctx, bone.node);
        }
    }
    deform_frames(ctx);
}

fn len(ctx: &DragonBonesCheck, array: NodeId) -> usize {
    ctx.tree.len(array)
}

fn key_range(ctx: &DragonBonesCheck, object: NodeId, key: &str) -> TextRange {
    ctx.key_range(object, key).unwrap_or_else(|| ctx.anchor(object))
}

fn mesh(ctx: &mut DragonBonesCheck, display: NodeId, bone_count: usize, path: bool) {
    let what = if path { "path display" } else { "mesh display" };
    let name = ctx.quoted_name(display);
    let Some(vertices) = ctx.is_array(ctx.get(display, key::VERTICES)) else {
        if ctx.get(display, key::VERTICES).is_none() {
            let message = format!("{what} {name} has no `vertices`: runtimes throw while parsing it");
            ctx.push(report(Code::MissingKey, ctx.anchor(display), message));
        }
        return;
    };
    let n = len(ctx, vertices);
    if n % 2 == 1 {
        let message = format!(
            "`vertices` has {}: they are x, y pairs (runtimes ignore the last one)",
            plural(n as i64, "number", "numbers")
        );
        ctx.push(Diagnostic::of_case(&case::MESH_VERTICES_ODD, key_range(ctx, display, key::VERTICES), message));
    }
    let vertex_count = n / 2;
    if path {
        match ctx.is_array(ctx.get(display, key::LENGTHS)) {
            None if ctx.get(display, key::LENGTHS).is_none() => {
                let message = format!("{what} {name} has no `lengths`: runtimes throw while parsing it");
                ctx.push(report(Code::MissingKey, ctx.anchor(display), message));
            }
            Some(lengths) if len(ctx, lengths) != vertex_count / 3 => {
                let message = format!(
                    "`lengths` has {} but the path's {} make {} (one length per 3 vertices)",
                    plural(len(ctx, lengths) as i64, "number", "numbers"),
                    plural(vertex_count as i64, "vertex", "vertices"),
                    plural((vertex_count / 3) as i64, "curve", "curves")
                );
                ctx.push(Diagnostic::of_case(&case::PATH_LENGTHS, key_range(ctx, display, key::LENGTHS), message));
            }
            _ => {}
        }
    } else {
        let missing: Vec<&str> =
            [key::UVS, key::TRIANGLES].into_iter().filter(|k| ctx.get(display, k).is_none()).collect();
        if !missing.is_empty() {
            let what_breaks = match missing.as_slice() {
                [k] if *k == key::UVS => {
                    "the runtime reads the next mesh's data (or past its buffer) as its texture coordinates"
                }
                [_] => "it has no faces and draws nothing",
                _ => "it has no texture coordinates and no faces: it draws nothing",
            };
            let list = missing.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(" and ");
            let message = format!("{what} {name} has no {list}: {what_breaks}");
            ctx.push(report(Code::MeshIncomplete, ctx.anchor(display), message));
        }
        if let Some(uvs) = ctx.is_array(ctx.get(display, key::UVS)) {
            uvs_check(ctx, display, uvs, n);
        }
        if let Some(triangles) = ctx.is_array(ctx.get(display, key::TRIANGLES)) {
            triangles_check(ctx, display, triangles, vertex_count);
        }
    }
    skinning(ctx, display, vertex_count, bone_count);
}

/// UVs: one u, v pair per vertex (too few leave the last vertices' texture coordinates NaN),
/// within 0..1 (real exports overshoot by less than 0.002).
fn uvs_check(ctx: &mut DragonBonesCheck, display: NodeId, uvs: NodeId, vertex_values: usize) {
    let count = len(ctx, uvs);
    if count != vertex_values {
        let message = format!(
            "`uvs` has {} but `vertices` has {vertex_values}: each vertex needs one u, v pair",
            plural(count as i64, "number", "numbers"),
        );
        let at = key_range(ctx, display, key::UVS);
        if count < vertex_values {
            let message = format!("{message}; the runtime's texture coordinates of the last vertices are NaN");
            ctx.push(report(Code::CountMismatch, at, message));
        } else {
            ctx.push(Diagnostic::of_case(&case::MESH_UVS, at, message));
        }
    }
    const SLACK: f64 = 0.002;
    let mut reported = 0;
    for (v, node) in ctx.numbers(uvs) {
        if (-SLACK..=1.0 + SLACK).contains(&v) || reported == MAX_PER_ARRAY {
            continue;
        }
        reported += 1;
        let message = format!(
            "texture coordinate {} is outside 0–1: the mesh samples the atlas outside its region",
            super::super::schema::fmt_num(v)
        );
        ctx.push(report(Code::OutOfRange, ctx.tree.range(node), message));
    }
}

/// The mesh displays of each armature by skin name and display name, in the order the model
/// lists them, and the `share` references by the node naming them: what `share` looks up (a
/// search of every display per shared mesh made 10,000 of them take a quarter of a second).
struct SharedMeshes<'m> {
    meshes: HashMap<(u32, &'m str, &'m str), Vec<NodeId>>,
    refs: HashMap<NodeId, &'m Ref>,
}

impl<'m> SharedMeshes<'m> {
    fn of(model: &'m Model) -> SharedMeshes<'m> {
        let mut meshes: HashMap<(u32, &str, &str), Vec<NodeId>> = HashMap::new();
        for (a, armature) in model.armatures.iter().enumerate() {
            for skin in &armature.skins {
                for &s in &skin.slots {
                    for d in model.skin_slots[s as usize].displays.iter().filter(|d| d.ty == Some(DisplayType::Mesh)) {
                        meshes.entry((a as u32, skin.name.as_str(), d.name.as_str())).or_default().push(d.node);
                    }
                }
            }
        }
        let mut refs = HashMap::new();
        for r in model.refs.iter().filter(|r| r.site == Site::Share) {
            refs.entry(r.node).or_insert(r);
        }
        SharedMeshes { meshes, refs }
    }
}

/// A mesh display of armature `armature` sharing another's geometry. `share`: the runtime never
/// links the shared geometry (it looks it up under an empty slot name), so the display shows the
/// file's first geometry; a share of a share or of nothing is said so.
fn shared(ctx: &mut DragonBonesCheck, display: NodeId, armature: u32, meshes: &SharedMeshes<'_>) {
    let Some(share) = ctx.get(display, key::SHARE) else { return };
    let target = crate::model::name_text(ctx.tree, ctx.text, share).unwrap_or_default();
    let model = ctx.model;
    let skin_name = ctx
        .get(display, key::SKIN)
        .and_then(|s| crate::model::name_text(ctx.tree, ctx.text, s))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "default".to_owned());
    // The first mesh display of that name in that skin of this display's armature.
    let found = meshes
        .meshes
        .get(&(armature, skin_name.as_str(), target.as_str()))
        .and_then(|nodes| nodes.iter().copied().find(|&n| n != display));
    let what = match found {
        // `unknown-display` says that the name resolves to nothing.
        None if meshes.refs.get(&share).is_some_and(|r| model.resolve(r).is_none()) => return,
        None => format!("no mesh display of skin `{skin_name}` is named `{target}`; "),
        Some(t) if ctx.get(t, key::SHARE).is_some() => format!("`{target}` shares another mesh itself; "),
        Some(_) => String::new(),
    };
    let message = format!(
        "mesh display {} shares `{target}`: {what}DragonBonesJS and the C++ runtime never link shared meshes (they look them up under an empty slot name) and show the file's first geometry instead",
        ctx.quoted_name(display)
    );
    ctx.push(report(Code::SharedMesh, ctx.tree.range(share), message));
}

fn triangles_check(ctx: &mut DragonBonesCheck, display: NodeId, triangles: NodeId, vertex_count: usize) {
    let count = len(ctx, triangles);
    if !count.is_multiple_of(3) {
        let message = format!(
            "`triangles` has {}: they come in threes (runtimes drop the last {})",
            plural(count as i64, "index", "indices"),
            count % 3
        );
        ctx.push(Diagnostic::of_case(&case::TRIANGLES_NOT_IN_THREES, key_range(ctx, display, key::TRIANGLES), message));
    }
    let mut reported = 0;
    for (v, node) in ctx.numbers(triangles) {
        if v >= 0.0 && (v as usize) < vertex_count {
            continue;
        }
        if reported == MAX_PER_ARRAY {
            break;
        }
        reported += 1;
        let message = format!(
            "triangle index {} is out of range: the mesh has {}{}",
            super::super::schema::fmt_num(v),
            plural(vertex_count as i64, "vertex", "vertices"),
            if vertex_count > 0 { format!(" (0–{})", vertex_count - 1) } else { String::new() }
        );
        ctx.push(Diagnostic::of_case(&case::TRIANGLE_INDEX, ctx.tree.range(node), message));
    }
}

/// `weights` `[n, bone, weight, …]` per vertex, `slotPose` and `bonePose` (§5.2).
fn skinning(ctx: &mut DragonBonesCheck, display: NodeId, vertex_count: usize, bone_count: usize) {
    let slot_pose = ctx.get(display, key::SLOT_POSE);
    let bone_pose = ctx.get(display, key::BONE_POSE);
    if let Some(pose) = ctx.is_array(slot_pose)
        && len(ctx, pose) != 6
    {
        let message = format!(
            "`slotPose` has {} but is a matrix `[a, b, c, d, tx, ty]` of 6",
            plural(len(ctx, pose) as i64, "number", "numbers")
        );
        ctx.push(report(Code::Arity, key_range(ctx, display, key::SLOT_POSE), message));
    }
    // Bones with a bind pose.
    let mut posed: Option<HashSet<i64>> = None;
    if let Some(pose) = ctx.is_array(bone_pose) {
        let count = len(ctx, pose);
        if !count.is_multiple_of(7) {
            let message = format!(
                "`bonePose` has {}: it holds groups of 7 `[boneIndex, a, b, c, d, tx, ty]`",
                plural(count as i64, "number", "numbers")
            );
            ctx.push(report(Code::CountMismatch, key_range(ctx, display, key::BONE_POSE), message));
        }
        let mut set = HashSet::new();
        // The runtime reads the bone index at every seventh element, whatever the others hold.
        let indices: Vec<(f64, NodeId)> =
            ctx.tree.elements(pose).step_by(7).filter_map(|e| Some((ctx.tree.number(ctx.text, e)?, e))).collect();
        for (v, node) in indices {
            let index = v as i64;
            if v < 0.0 || index as usize >= bone_count || v.fract() != 0.0 {
                let message =
                    format!("bone index {} in `bonePose` is out of range: {}", fmt(v), bones_phrase(bone_count));
                ctx.push(report(Code::IndexOutOfRange, ctx.tree.range(node), message));
            } else {
                set.insert(index);
            }
        }
        posed = Some(set);
    }
    let Some(weights) = ctx.is_array(ctx.get(display, key::WEIGHTS)) else { return };
    let missing: Vec<&str> = [(key::SLOT_POSE, slot_pose), (key::BONE_POSE, bone_pose)]
        .into_iter()
        .filter(|(_, v)| v.is_none())
        .map(|(k, _)| k)
        .collect();
    if !missing.is_empty() {
        let list = missing.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(" and ");
        let message = format!("`weights` needs {list}: runtimes throw while parsing a skinned mesh without them");
        ctx.push(report(Code::MissingKey, key_range(ctx, display, key::WEIGHTS), message));
    }
    // By position, as the runtimes index them: an element that is no number (reported as such;
    // `null` in a binary's view is a NaN there) is NaN, not skipped.
    let numbers: Vec<(f64, NodeId)> =
        ctx.tree.elements(weights).map(|e| (ctx.tree.number(ctx.text, e).unwrap_or(f64::NAN), e)).collect();
    let total = len(ctx, weights);
    let mut i = 0;
    let mut vertex = 0;
    let mut bad_bones: HashSet<i64> = HashSet::new();
    // The bones the weights use, whose bind poses the runtime inverts.
    let mut used: HashSet<i64> = HashSet::new();
    let mut reported = 0;
    let mut sum_reported = false;
    while vertex < vertex_count && i < numbers.len() {
        let n = numbers[i].0;
        let influences = if n >= 0.0 && n.fract() == 0.0 { n as usize } else { 0 };
        let first = i;
        i += 1;
        let mut sum = 0.0;
        for _ in 0..influences {
            let Some(&(bone, node)) = numbers.get(i) else {
                // Cut short: count what the vertex needs, past the end (ending exactly at the
                // end of `weights` passed for complete).
                i = first.saturating_add(1).saturating_add(influences.saturating_mul(2));
                break;
            };
            sum += numbers.get(i + 1).map_or(0.0, |w| w.0);
            i += 2;
            if bone.is_nan() {
                continue;
            }
            let index = bone as i64;
            let out = bone < 0.0 || bone.fract() != 0.0 || index as usize >= bone_count;
            if !out {
                used.insert(index);
            }
            let unposed = !out && posed.as_ref().is_some_and(|p| !p.contains(&index));
            if (out || unposed) && bad_bones.insert(index) && reported < MAX_PER_ARRAY {
                reported += 1;
                let message = if out {
                    format!("bone index {} in `weights` is out of range: {}", fmt(bone), bones_phrase(bone_count))
                } else {
                    format!(
                        "bone {index} in `weights` has no bind pose in `bonePose`: runtimes compute broken vertices"
                    )
                };
                ctx.push(report(Code::IndexOutOfRange, ctx.tree.range(node), message));
            }
        }
        if influences > 0 && (sum - 1.0).abs() > 0.01 && !sum_reported && i <= numbers.len() {
            sum_reported = true;
            let message = format!(
                "the weights of vertex {vertex} add up to {}, not 1: the vertex shrinks or overshoots",
                super::super::schema::fmt_num((sum * 1000.0).round() / 1000.0)
            );
            ctx.push(report(Code::WeightSum, ctx.tree.range(numbers[first].1), message));
        }
        vertex += 1;
    }
    if i != total || vertex < vertex_count {
        let message = if vertex < vertex_count || i > total {
            format!(
                "`weights` has {} and runs out in vertex {} of {}: each vertex needs `[n, bone, weight, …]` (runtimes throw)",
                plural(total as i64, "number", "numbers"),
                // 1-based: a vertex cut short was counted already; otherwise the next one lacks data.
                if i > total { vertex } else { vertex + 1 }.clamp(1, vertex_count.max(1)),
                vertex_count
            )
        } else {
            let need = if vertex_count == 1 { "needs" } else { "need" };
            format!(
                "`weights` has {} but {} {need} only {i} (`[n, bone, weight, …]` per vertex)",
                plural(total as i64, "number", "numbers"),
                plural(vertex_count as i64, "vertex", "vertices"),
            )
        };
        ctx.push(report(Code::CountMismatch, key_range(ctx, display, key::WEIGHTS), message));
    }
    if let Some(pose) = ctx.is_array(bone_pose) {
        singular_bind_poses(ctx, pose, &used);
    }
}

/// The bind poses of bones the weights use whose matrix has no inverse, as DragonBonesJS's
/// `Matrix.invert` finds it (`geom/Matrix.ts`): a zero `a` or `d` where `b` and `c` are 0, else
/// a determinant of 0. It takes a scale of 0 or the identity instead and draws the vertices
/// weighted to the bone away from where they were bound; the C++ runtime divides by 0.
fn singular_bind_poses(ctx: &mut DragonBonesCheck, pose: NodeId, used: &HashSet<i64>) {
    let elements: Vec<NodeId> = ctx.tree.elements(pose).collect();
    // The runtime takes the first bind pose of a bone (`indexOf`).
    let mut seen = HashSet::new();
    for group in elements.chunks_exact(7) {
        let Some(index) = ctx.tree.number(ctx.text, group[0]).filter(|i| i.fract() == 0.0) else { continue };
        if !seen.insert(index as i64) || !used.contains(&(index as i64)) {
            continue;
        }
        // A matrix number that is none is NaN to the runtime: no determinant of 0.
        let Some(m) = group[1..5].iter().map(|&e| ctx.tree.number(ctx.text, e)).collect::<Option<Vec<f64>>>() else {
            continue;
        };
        let (a, b, c, d) = (m[0], m[1], m[2], m[3]);
        let singular = if b == 0.0 && c == 0.0 { a == 0.0 || d == 0.0 } else { a * d - b * c == 0.0 };
        if singular {
            let (why, instead) = match b == 0.0 && c == 0.0 {
                true => ("a scale of 0", "a scale of 0"),
                false => ("its determinant is 0", "the identity"),
            };
            let message = format!(
                "the `bonePose` matrix of bone {index} has no inverse ({why}), and the runtime inverts it to move the vertices weighted to that bone into its space: DragonBonesJS takes {instead} instead and draws them away from where the mesh was bound, DragonBonesCPP draws them nowhere; write the bone's matrix as the mesh was bound to it"
            );
            let range = ctx.tree.range(group[1]).cover(ctx.tree.range(group[4]));
            ctx.push(report(Code::SingularBonePose, range, message));
        }
    }
}

fn polygon(ctx: &mut DragonBonesCheck, display: NodeId) {
    if !is_polygon(ctx.tree, ctx.text, display) {
        return;
    }
    let name = ctx.quoted_name(display);
    match ctx.is_array(ctx.get(display, key::VERTICES)) {
        None if ctx.get(display, key::VERTICES).is_none() => {
            let message = format!(
                "polygon bounding box {name} has no `vertices`: runtimes warn `Data error` and use an empty polygon"
            );
            ctx.push(Diagnostic::of_case(&case::POLYGON_WITHOUT_VERTICES, ctx.anchor(display), message));
        }
        Some(vertices) => {
            let n = len(ctx, vertices);
            if n % 2 == 1 || n < 6 {
                let message = format!(
                    "`vertices` has {}: a polygon needs x, y pairs for at least 3 points",
                    plural(n as i64, "number", "numbers")
                );
                ctx.push(Diagnostic::of_case(&case::POLYGON_VERTICES, key_range(ctx, display, key::VERTICES), message));
            }
        }
        None => {}
    }
}

/// Surface bones: `vertices` holds 2·(segmentX+1)·(segmentY+1) numbers.
fn surface(ctx: &mut DragonBonesCheck, bone: NodeId) {
    let is_surface = ctx.get(bone, key::TYPE).is_some_and(|t| match ctx.tree.kind(t) {
        NodeKind::String => ctx.tree.str(ctx.text, t).is_some_and(|s| s.eq_ignore_ascii_case("surface")),
        NodeKind::Number => ctx.tree.int(ctx.text, t) == Some(1),
        _ => false,
    });
    if !is_surface {
        return;
    }
    let sx = ctx.int(bone, key::SEGMENT_X).unwrap_or(0).max(0);
    let sy = ctx.int(bone, key::SEGMENT_Y).unwrap_or(0).max(0);
    let expected = (sx + 1).saturating_mul(sy + 1).saturating_mul(2);
    match ctx.is_array(ctx.get(bone, key::VERTICES)) {
        None if ctx.get(bone, key::VERTICES).is_none() => {
            let name = ctx.quoted_name(bone);
            let message = format!("surface bone {name} has no `vertices`: its lattice needs {expected} numbers");
            ctx.push(report(Code::MissingKey, ctx.anchor(bone), message));
        }
        Some(vertices) if len(ctx, vertices) as i64 != expected => {
            let message = format!(
                "`vertices` has {} but a {sx}×{sy} surface needs {expected}: 2·(segmentX+1)·(segmentY+1) (runtimes pad with 0 or cut)",
                plural(len(ctx, vertices) as i64, "number", "numbers")
            );
            ctx.push(Diagnostic::of_case(&case::SURFACE_VERTICES, key_range(ctx, bone, key::VERTICES), message));
        }
        _ => {}
    }
}

/// Whether a reference names the geometry a deform timeline deforms.
pub(super) fn is_deform(r: &crate::model::Ref) -> bool {
    matches!(r.site, Site::FfdDisplay | Site::TypedTimeline(22) | Site::TypedTimeline(50))
}

/// Deform key frames: `offset + len(vertices)` within the target's vertex numbers. (A deform
/// timeline names a display or a bone of its own armature.)
fn deform_frames(ctx: &mut DragonBonesCheck) {
    let model = ctx.model;
    let deforms = match ctx.scope {
        CheckScope::Armature(unit) => {
            let end = ctx.tree.node(unit).next();
            let from = ctx.deform_refs.partition_point(|&(owner, _)| owner < unit);
            let to = from + ctx.deform_refs[from..].partition_point(|&(owner, _)| owner < end);
            ctx.deform_refs[from..to].to_vec()
        }
        CheckScope::File => ctx.deform_refs.iter().copied().filter(|&(owner, _)| ctx.in_scope(owner)).collect(),
    };
    for (_, r) in deforms {
        let r = &model.refs[r as usize];
        let Some(def) = model.resolve(r) else { continue };
        let Some(target) = ctx.is_array(ctx.get(def.node, key::VERTICES)) else { continue };
        let available = len(ctx, target);
        let Some(frames) = ctx.is_array(ctx.get(r.owner, key::FRAME)) else { continue };
        let frame_nodes: Vec<NodeId> = ctx.tree.elements(frames).filter(|&f| ctx.tree.is_object(f)).collect();
        for frame in frame_nodes {
            let key = if ctx.get(frame, key::VERTICES).is_some() { key::VERTICES } else { key::VALUE };
            let Some(deltas) = ctx.is_array(ctx.get(frame, key)) else { continue };
            let offset = ctx.int(frame, key::OFFSET).unwrap_or(0).max(0) as usize;
            let count = len(ctx, deltas);
            if offset + count > available {
                let message = format!(
                    "`offset` {offset} plus {} reaches past the {available} vertex numbers of {} `{}`: runtimes ignore the rest",
                    plural(count as i64, "delta", "deltas"),
                    if def.kind == crate::schema::NameKind::Bone { "surface bone" } else { "mesh" },
                    def.name
                );
                ctx.push(Diagnostic::of_case(&case::DEFORM_PAST_MESH, key_range(ctx, frame, key), message));
            }
        }
    }
}

fn fmt(v: f64) -> String {
    super::super::schema::fmt_num(v)
}

fn bones_phrase(bone_count: usize) -> String {
    if bone_count == 0 {
        "the armature has no bones".to_owned()
    } else {
        format!("the armature has {} (0–{})", plural(bone_count as i64, "bone", "bones"), bone_count - 1)
    }
}
