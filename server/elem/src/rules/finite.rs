//! `non-finite-pose`: a node world matrix or a skinned vertex that is NaN or infinite at the setup
//! pose or at a key time of an animation, reported once where it starts (the top-most such node,
//! the first such vertex of a mesh) on the line that causes it.
//!
//! Reads the file's evaluated rig ([`crate::eval::ElemRig`]). Meshes are skinned at the setup pose
//! only; at each key time only the node and skin matrices are evaluated, and a mesh is skinned
//! again only when a bound on its positions, weights and matrices leaves room for an overflow
//! (values beyond 1e300).

use std::collections::HashSet;

use super::{ElemCheck, report};
use crate::eval::ElemRig;
use crate::eval::animation::{Clip, locate};
use crate::eval::hierarchy::Hierarchy;
use crate::eval::matrix::{self, Mat4};
use crate::eval::skinning::{MeshSkin, Palette, Rigid};
use crate::schema::ScopeKind;
use crate::syntax::ScopeId;
use rigls_diagnostic::Code;
use rigls_text::TextRange;

/// Below this, a sum of products of the values cannot overflow.
const SAFE: f64 = 1e300;

/// What a key time's check needs to know of a mesh besides the mesh.
struct MeshBound {
    /// The palette entries its influences use.
    bones: Vec<u32>,
    /// 3 × the largest coordinate + 1: how much a matrix entry can be multiplied by.
    reach: f64,
    /// The largest sum of absolute weights of a vertex.
    weight: f64,
    /// Some vertex is not finite at the setup pose already (reported then, not again).
    setup_bad: bool,
}

pub fn check(ctx: &mut ElemCheck) {
    // Values that cannot be read are other rules' findings; they read as identity or zero here.
    let rig = (ctx.rig)();
    let hierarchy = &rig.hierarchy;
    if hierarchy.nodes.is_empty() && rig.meshes.is_empty() {
        return;
    }
    let setup = hierarchy.setup_worlds();
    let all: Vec<u32> = (0..rigls_text::to_u32(hierarchy.nodes.len())).collect();
    let mut setup_bad = vec![false; hierarchy.nodes.len()];
    nodes(ctx, hierarchy, &setup, &all, &mut setup_bad, None);
    let skins = skin_matrices(&rig.palettes, &setup);
    let mut bounds = Vec::with_capacity(rig.meshes.len());
    let mut reported_offsets = HashSet::new();
    let mut out = Vec::new();
    for mesh in &rig.meshes {
        rigls_text::cancel::check();
        mesh.skin(&skins[mesh.palette as usize], &setup, &mut out);
        let setup_bad = !matrix::is_finite(&out);
        if setup_bad {
            setup_vertices(ctx, mesh, &rig.palettes, &skins, &setup, &out, &mut reported_offsets);
        }
        bounds.push(bound_of(mesh, setup_bad));
    }

    for clip in &rig.clips {
        let setup = Setup { worlds: &setup, skins: &skins, bad: &setup_bad };
        animated(ctx, clip, rig, &bounds, &setup);
    }
}

/// The setup pose, which a clip changes only where it animates.
struct Setup<'a> {
    worlds: &'a [Mat4],
    skins: &'a [Vec<Mat4>],
    /// Nodes not finite at the setup pose (reported then).
    bad: &'a [bool],
}

fn skin_matrices(palettes: &[Palette], worlds: &[Mat4]) -> Vec<Vec<Mat4>> {
    palettes
        .iter()
        .map(|p| {
            let mut out = Vec::new();
            p.skin_matrices(worlds, &mut out);
            out
        })
        .collect()
}

fn bound_of(mesh: &MeshSkin, setup_bad: bool) -> MeshBound {
    let mut bones: Vec<u32> = mesh.influences.iter().map(|i| i.bone).collect();
    bones.sort_unstable();
    bones.dedup();
    let largest = mesh.positions.iter().fold(0.0f64, |m, p| m.max(matrix::max_abs(p)));
    let mut sums = vec![0.0f64; mesh.positions.len()];
    for influence in &mesh.influences {
        sums[influence.vertex as usize] += influence.weight.abs();
    }
    MeshBound { bones, reach: 3.0 * largest + 1.0, weight: sums.iter().fold(0.0f64, |m, &s| m.max(s)), setup_bad }
}

/// `node "頭"`.
fn node_label(hierarchy: &Hierarchy, node: usize) -> String {
    match &hierarchy.nodes[node].name {
        Some(name) => format!("node \"{name}\""),
        None => "a node without a NodeName".to_owned(),
    }
}

/// `500 ms`, `333.333 ms`.
fn ms_label(ms: f64) -> String {
    let rounded = format!("{:.3}", ms);
    let trimmed = rounded.trim_end_matches('0').trim_end_matches('.');
    format!("{trimmed} ms")
}

/// `at the setup pose`, `at 500 ms of animation "うなずき"`.
fn when(clip: Option<(&Clip, f64)>) -> String {
    match clip {
        None => "at the setup pose".to_owned(),
        Some((clip, ms)) => match &clip.name {
            Some(name) => format!("at {} of animation \"{name}\"", ms_label(ms)),
            None => format!("at {} of an animation without an AnimationName", ms_label(ms)),
        },
    }
}

/// ` (and so are the 3 nodes below it)`.
fn below(count: usize) -> String {
    match count {
        0 => String::new(),
        1 => " (and so is the node below it)".to_owned(),
        n => format!(" (and so are the {n} nodes below it)"),
    }
}

/// Among `candidates` (ascending; every other node is unchanged and finite or reported), reports
/// each node whose world matrix is not finite while its parent's is, unless `bad` already says
/// so (reported before); `bad` is updated.
fn nodes(
    ctx: &mut ElemCheck,
    hierarchy: &Hierarchy,
    worlds: &[Mat4],
    candidates: &[u32],
    bad: &mut [bool],
    clip: Option<(&Clip, f64)>,
) {
    let now: Vec<u32> = candidates.iter().copied().filter(|&i| !matrix::is_finite(&worlds[i as usize])).collect();
    if now.is_empty() {
        return;
    }
    let is_bad = |i: u32| now.binary_search(&i).is_ok();
    // The top-most bad node above each bad node, and how many bad nodes each top-most one has
    // below it (parents come first).
    let mut top: Vec<(u32, u32)> = Vec::with_capacity(now.len());
    let mut under = vec![0usize; now.len()];
    for (k, &i) in now.iter().enumerate() {
        let parent = hierarchy.nodes[i as usize].parent.filter(|&p| is_bad(p));
        match parent.and_then(|p| now.binary_search(&p).ok()).map(|k| top[k].1) {
            Some(t) => {
                top.push((i, t));
                under[now.binary_search(&t).unwrap_or(k)] += 1;
            }
            None => top.push((i, i)),
        }
    }
    for (k, &(i, t)) in top.iter().enumerate() {
        if i != t || bad[i as usize] {
            continue;
        }
        let (range, cause) = match clip {
            None => setup_cause(ctx, hierarchy, i as usize),
            Some((clip, ms)) => animated_cause(ctx, hierarchy, clip, ms, i as usize),
        };
        let label = node_label(hierarchy, i as usize);
        let message = format!("{label} is not finite {}: {cause}{}", when(clip), below(under[k]));
        ctx.push(report(Code::NonFinitePose, range, message));
    }
    for &i in &now {
        bad[i as usize] = true;
    }
}

/// The node's `InitPostureMatrix` line, or its tag when it has none.
fn init_range(ctx: &ElemCheck, hierarchy: &Hierarchy, node: usize) -> TextRange {
    let node = &hierarchy.nodes[node];
    node.init_line.unwrap_or_else(|| ctx.tree.scope(node.scope).tag)
}

fn setup_cause(ctx: &ElemCheck, hierarchy: &Hierarchy, node: usize) -> (TextRange, String) {
    let cause = if matrix::is_finite(&hierarchy.nodes[node].init) {
        "its InitPostureMatrix times its parent's world matrix overflows"
    } else {
        "its InitPostureMatrix has a value that is not a finite number"
    };
    (init_range(ctx, hierarchy, node), cause.to_owned())
}

fn animated_cause(ctx: &ElemCheck, hierarchy: &Hierarchy, clip: &Clip, ms: f64, node: usize) -> (TextRange, String) {
    let Some(track) = clip.track_of(node as u32) else {
        let cause = "its InitPostureMatrix times its parent's animated world matrix overflows".to_owned();
        return (init_range(ctx, hierarchy, node), cause);
    };
    let tag = ctx.tree.scope(track.scope).tag;
    let length = clip.length_ms.unwrap_or(0.0);
    let Some(span) = locate(&track.times, length, ms, track.interpolation) else {
        return (tag, "its animation overflows".to_owned());
    };
    let sample = track.sample_span(span);
    if matrix::is_finite(&sample.matrix()) {
        return (
            tag,
            "its animated matrix times its InitPostureMatrix and its parent's world matrix overflows".to_owned(),
        );
    }
    let lists: [(ScopeKind, Option<Vec<&[f64]>>); 3] = [
        (ScopeKind::BoneTransKeys, track.translations.as_ref().map(|k| k.iter().map(|v| &v[..]).collect())),
        (ScopeKind::BoneRotateKeys, track.rotations.as_ref().map(|k| k.iter().map(|v| &v[..]).collect())),
        (ScopeKind::BoneScaleKeys, track.scales.as_ref().map(|k| k.iter().map(|v| &v[..]).collect())),
    ];
    for key in [span.from, span.to] {
        for (kind, keys) in &lists {
            let Some(keys) = keys else { continue };
            if matrix::is_finite(keys[key]) {
                continue;
            }
            let line =
                ctx.tree.child_of(track.scope, *kind).and_then(|l| ctx.tree.entries(l).nth(key)).map(|e| e.range);
            let list = crate::schema::tag_of(*kind);
            return (line.unwrap_or(tag), format!("its {list} key {key} has a value that is not a finite number"));
        }
    }
    (tag, format!("interpolating its keys {} and {} overflows", span.from, span.to))
}

/// The first vertex of `mesh` that is not finite at the setup pose, reported with its cause,
/// unless a node it follows is (that node is reported).
fn setup_vertices(
    ctx: &mut ElemCheck,
    mesh: &MeshSkin,
    palettes: &[Palette],
    skins: &[Vec<Mat4>],
    worlds: &[Mat4],
    out: &[f64],
    reported_offsets: &mut HashSet<u32>,
) {
    let bad: Vec<usize> = (0..mesh.positions.len()).filter(|&v| !matrix::is_finite(&out[v * 3..v * 3 + 3])).collect();
    let Some(&first) = bad.first() else { return };
    let palette = &palettes[mesh.palette as usize];
    let skins = &skins[mesh.palette as usize];
    let mut cause = None;
    let lines = mesh.influence_lines.iter();
    for (influence, &line) in mesh.influences.iter().zip(lines).filter(|(i, _)| i.vertex as usize == first) {
        let bone = &palette.bones[influence.bone as usize];
        if !matrix::is_finite(&skins[influence.bone as usize]) {
            if bone.node.is_some_and(|n| !matrix::is_finite(&worlds[n as usize])) {
                return; // the bone's node is reported
            }
            if !reported_offsets.insert(bone.offset_line.map_or(u32::MAX, |r| r.start)) {
                return; // this offset matrix is reported already
            }
            let name = bone.name.as_deref().map_or_else(|| format!("{}", influence.bone), |n| format!("\"{n}\""));
            let range = bone.offset_line.unwrap_or(line);
            cause = Some((range, format!("the offset matrix of bone {name} has a value that is not a finite number")));
            break;
        }
        if !influence.weight.is_finite() {
            cause = Some((line, "its blend weight is not a finite number".to_owned()));
        }
    }
    if cause.is_none() && mesh.unweighted.binary_search(&(first as u32)).is_ok() {
        match mesh.rigid {
            Rigid::Node { node, .. } if !matrix::is_finite(&worlds[node as usize]) => return, // reported
            Rigid::Node { bone: Some(b), .. } if !matrix::is_finite(&skins[b as usize]) => {
                let bone = &palette.bones[b as usize];
                if !reported_offsets.insert(bone.offset_line.map_or(u32::MAX, |r| r.start)) {
                    return;
                }
                let name = bone.name.as_deref().map_or_else(|| format!("{b}"), |n| format!("\"{n}\""));
                let range = bone.offset_line.unwrap_or_else(|| position_line(ctx, mesh.scope, first));
                cause =
                    Some((range, format!("the offset matrix of bone {name} has a value that is not a finite number")));
            }
            _ => {}
        }
    }
    let position = position_line(ctx, mesh.scope, first);
    let (range, cause) = cause.unwrap_or_else(|| match matrix::is_finite(&mesh.positions[first]) {
        true => (position, "skinning it overflows".to_owned()),
        false => (position, "its position has a value that is not a finite number".to_owned()),
    });
    report_vertex(ctx, mesh, first, bad.len(), None, range, &cause);
}

fn position_line(ctx: &ElemCheck, mesh: ScopeId, vertex: usize) -> TextRange {
    ctx.tree
        .child_of(mesh, ScopeKind::Positions)
        .and_then(|list| ctx.tree.entries(list).nth(vertex))
        .map_or_else(|| ctx.tree.scope(mesh).tag, |e| e.range)
}

fn report_vertex(
    ctx: &mut ElemCheck,
    mesh: &MeshSkin,
    vertex: usize,
    count: usize,
    clip: Option<(&Clip, f64)>,
    range: TextRange,
    cause: &str,
) {
    let name = mesh.name.as_deref().map_or_else(|| "a mesh without a Name".to_owned(), |n| format!("mesh \"{n}\""));
    let more = match count - 1 {
        0 => String::new(),
        1 => " (1 more vertex of this mesh is not finite either)".to_owned(),
        n => format!(" ({n} more vertices of this mesh are not finite either)"),
    };
    let message = format!("vertex {vertex} of {name} is not finite {}: {cause}{more}", when(clip));
    ctx.push(report(Code::NonFinitePose, range, message));
}

/// Every key time of `clip`: nodes that turn non-finite, and meshes whose bound allows an overflow
/// (skinned again to find out). Only what the clip animates is evaluated: the nodes it animates and
/// those below them, the palettes with such a bone, the meshes of those palettes or rigid on such a
/// node; everything else keeps its setup value.
fn animated(ctx: &mut ElemCheck, clip: &Clip, rig: &ElemRig, bounds: &[MeshBound], setup: &Setup) {
    let hierarchy = &rig.hierarchy;
    let count = hierarchy.nodes.len();
    let mut moved = vec![false; count];
    for track in clip.bones.iter().filter(|t| t.usable) {
        if let Some(node) = track.node.filter(|&n| (n as usize) < count) {
            moved[node as usize] = true;
        }
    }
    for (i, node) in hierarchy.nodes.iter().enumerate() {
        moved[i] |= node.parent.is_some_and(|p| moved[p as usize]);
    }
    let nodes_moved: Vec<u32> = (0..count).filter(|&i| moved[i]).map(rigls_text::to_u32).collect();
    if nodes_moved.is_empty() {
        return;
    }
    let node_moved = |n: Option<u32>| n.is_some_and(|n| moved[n as usize]);
    let palettes_moved: Vec<usize> =
        (0..rig.palettes.len()).filter(|&p| rig.palettes[p].bones.iter().any(|b| node_moved(b.node))).collect();
    let meshes_moved: Vec<usize> = (0..bounds.len())
        .filter(|&m| {
            let mesh = &rig.meshes[m];
            let rigid_moved =
                !mesh.unweighted.is_empty() && matches!(mesh.rigid, Rigid::Node { node, .. } if moved[node as usize]);
            !bounds[m].setup_bad && (palettes_moved.contains(&(mesh.palette as usize)) || rigid_moved)
        })
        .collect();
    let mut bad = setup.bad.to_vec();
    let mut seen_meshes = vec![false; bounds.len()];
    let mut worlds = setup.worlds.to_vec();
    let mut skins = setup.skins.to_vec();
    // Per palette: the largest entry of its skin matrices (NaN when one is not finite).
    let largest_of =
        |skins: &[Mat4]| skins.iter().fold(0.0f64, |a, s| if a.is_nan() { a } else { a.max(matrix::max_abs(s)) });
    let mut largest: Vec<f64> = skins.iter().map(|s| largest_of(s)).collect();
    let mut animation = Vec::new();
    for ms in clip.key_times_ms() {
        rigls_text::cancel::check();
        clip.node_animation(count, ms, &mut animation);
        hierarchy.update_worlds(&nodes_moved, |i| animation[i as usize], &mut worlds);
        nodes(ctx, hierarchy, &worlds, &nodes_moved, &mut bad, Some((clip, ms)));
        for &p in &palettes_moved {
            rig.palettes[p].skin_matrices(&worlds, &mut skins[p]);
            largest[p] = largest_of(&skins[p]);
        }
        for &m in &meshes_moved {
            let (mesh, bound) = (&rig.meshes[m], &bounds[m]);
            if seen_meshes[m] {
                continue;
            }
            let palette = mesh.palette as usize;
            let mut reach = largest[palette];
            if reach.is_nan() {
                // A bone of the palette is not finite (reported as its node or offset matrix):
                // only this mesh's own bones count.
                let used = bound.bones.iter().filter_map(|&b| skins[palette].get(b as usize));
                if used.clone().any(|s| !matrix::is_finite(s)) {
                    continue;
                }
                reach = used.fold(0.0f64, |a, s| a.max(matrix::max_abs(s)));
            }
            let mut risk = bound.weight * bound.reach * reach;
            if !mesh.unweighted.is_empty() {
                let matrix = mesh.rigid.matrix(&skins[palette], &worlds);
                if !matrix::is_finite(&matrix) {
                    continue; // its node or offset matrix is reported
                }
                risk = risk.max(bound.reach * matrix::max_abs(&matrix));
            }
            if risk.is_finite() && risk < SAFE {
                continue;
            }
            seen_meshes[m] = overflowing_vertex(ctx, clip, ms, mesh, &skins[palette], &worlds);
        }
    }
}

/// Skins one mesh at a key time and reports its first non-finite vertex; whether it had one.
fn overflowing_vertex(
    ctx: &mut ElemCheck,
    clip: &Clip,
    ms: f64,
    mesh: &MeshSkin,
    skins: &[Mat4],
    worlds: &[Mat4],
) -> bool {
    if !matrix::is_finite(&mesh.rigid_matrix(skins, worlds)) && !mesh.unweighted.is_empty() {
        return false; // the rigid node is reported
    }
    let mut out = Vec::new();
    mesh.skin(skins, worlds, &mut out);
    let bad: Vec<usize> = (0..mesh.positions.len()).filter(|&v| !matrix::is_finite(&out[v * 3..v * 3 + 3])).collect();
    let Some(&first) = bad.first() else { return false };
    let range = position_line(ctx, mesh.scope, first);
    report_vertex(ctx, mesh, first, bad.len(), Some((clip, ms)), range, "skinning it overflows");
    true
}
