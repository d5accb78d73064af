//! Skinned vertex positions: each container's transform palette (`BoneNames` + `OffsetMatrices`),
//! each mesh's positions and blend weights, and the positions a pose gives them.
//!
//! A weighted vertex goes to Σ weight × (position × OffsetMatrices[i] × world(BoneNames[i])) over
//! its `VertexBlend` lines (`i` = the part's `TransformIndex`), weights used as written. A vertex
//! with no weight (and every vertex of a mesh without blend data) follows the mesh's rigid node:
//! the one node its `RenderingMesh` names in `HierarchyNames`, through that bone's offset matrix
//! when the node is a bone of the container; otherwise it stays where it is written.

use crate::schema::key;
use std::collections::HashMap;

use super::hierarchy::Hierarchy;
use super::matrix::{self, IDENTITY, Mat4};
use crate::model::read::{Problem, Reader};
use crate::schema::ScopeKind;
use crate::syntax::{ScopeId, SyntaxTree};
use rigls_text::TextRange;

/// One `MeshContainer`'s transform palette.
#[derive(Clone, Debug, PartialEq)]
pub struct Palette {
    pub scope: ScopeId,
    pub name: Option<String>,
    /// Index i: `BoneNames[i]` and `OffsetMatrices[i]` (the longer of the two lists).
    pub bones: Vec<PaletteBone>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PaletteBone {
    pub name: Option<String>,
    /// The node of that name (`None`: no such node; the bone's world is the identity).
    pub node: Option<u32>,
    /// Identity when the line is missing or cannot be read.
    pub offset: Mat4,
    pub offset_line: Option<TextRange>,
}

/// Where the vertices without blend weights go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rigid {
    /// Nowhere: they stay as written.
    Identity,
    /// With a node, through palette entry `bone`'s offset when the node is one of the bones.
    Node { node: u32, bone: Option<u32> },
}

impl Rigid {
    /// The matrix it stands for, given the palette's skin matrices and the node worlds.
    pub fn matrix(&self, skins: &[Mat4], worlds: &[Mat4]) -> Mat4 {
        match *self {
            Rigid::Identity => IDENTITY,
            Rigid::Node { bone: Some(b), .. } if (b as usize) < skins.len() => skins[b as usize],
            Rigid::Node { node, .. } => worlds.get(node as usize).copied().unwrap_or(IDENTITY),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Influence {
    pub vertex: u32,
    /// Palette index (`TransformIndex`).
    pub bone: u32,
    pub weight: f64,
}

/// One `Mesh`, ready to skin.
#[derive(Clone, Debug, PartialEq)]
pub struct MeshSkin {
    /// Index into the palettes.
    pub palette: u32,
    pub scope: ScopeId,
    pub name: Option<String>,
    /// One per `Positions` line.
    pub positions: Vec<[f64; 3]>,
    /// Every usable `VertexBlend` line, in file order.
    pub influences: Vec<Influence>,
    /// The line of each influence (kept apart: skinning reads only the influences).
    pub influence_lines: Vec<TextRange>,
    /// The vertices no influence moves, ascending.
    pub unweighted: Vec<u32>,
    pub rigid: Rigid,
}

/// What reading a mesh needs besides its own lines.
#[derive(Clone, Copy)]
pub struct SkinModel<'a> {
    pub palettes: &'a [Palette],
    pub hierarchy: &'a Hierarchy,
    /// [`rendering_targets`].
    pub targets: &'a HashMap<String, Vec<String>>,
}

/// The `HierarchyNames` of the first `RenderingMesh` drawing each mesh name.
pub fn rendering_targets(text: &str, tree: &SyntaxTree) -> HashMap<String, Vec<String>> {
    let mut reader = Reader::new(text, tree);
    let mut out = HashMap::new();
    for (id, scope) in tree.scopes.iter().enumerate() {
        if scope.kind != ScopeKind::RenderingMesh {
            continue;
        }
        let id = id as ScopeId;
        let Some(mesh) = reader.string_key(id, key::RENDERING_MESH_NAME) else { continue };
        let names = tree
            .child_of(id, ScopeKind::HierarchyNames)
            .map(|list| tree.entries(list).filter_map(|e| reader.entry_string(e)).collect())
            .unwrap_or_default();
        out.entry(mesh).or_insert(names);
    }
    out
}

impl Palette {
    /// Every container's palette, in file order, with the `Mesh` scopes of each.
    pub fn read_all(
        text: &str,
        tree: &SyntaxTree,
        hierarchy: &Hierarchy,
        problems: &mut Vec<Problem>,
    ) -> (Vec<Palette>, Vec<(u32, ScopeId)>) {
        let mut reader = Reader::new(text, tree);
        let mut palettes = Vec::new();
        let mut meshes = Vec::new();
        for (id, scope) in tree.scopes.iter().enumerate() {
            if scope.kind != ScopeKind::MeshContainer {
                continue;
            }
            rigls_text::cancel::check();
            let id = id as ScopeId;
            let name = reader.string_key(id, key::NAME);
            let names: Vec<Option<String>> = tree
                .child_of(id, ScopeKind::BoneNames)
                .map(|list| tree.entries(list).map(|e| reader.entry_string(e)).collect())
                .unwrap_or_default();
            let mut offsets: Vec<(Mat4, TextRange)> = Vec::new();
            if let Some(list) = tree.child_of(id, ScopeKind::OffsetMatrices) {
                for (i, entry) in tree.entries(list).enumerate() {
                    let read =
                        if entry.ok { reader.floats::<16>(entry.range) } else { Err("has a syntax error".to_owned()) };
                    let offset = read.unwrap_or_else(|why| {
                        let message = format!("OffsetMatrices line {} {why}", i + 1);
                        problems.push(Problem { range: entry.range, message });
                        IDENTITY
                    });
                    offsets.push((offset, entry.range));
                }
            }
            let count = names.len().max(offsets.len());
            let bones = (0..count)
                .map(|i| {
                    let name = names.get(i).cloned().flatten();
                    let node = name.as_deref().and_then(|n| hierarchy.find(n));
                    let (offset, line) = offsets.get(i).map_or((IDENTITY, None), |&(m, r)| (m, Some(r)));
                    PaletteBone { name, node, offset, offset_line: line }
                })
                .collect();
            let index = rigls_text::to_u32(palettes.len());
            meshes.extend(tree.children_of(id, ScopeKind::Mesh).map(|m| (index, m)));
            palettes.push(Palette { scope: id, name, bones });
        }
        (palettes, meshes)
    }

    /// Each bone's skin matrix, `OffsetMatrices[i] × world(BoneNames[i])`, into `out`.
    pub fn skin_matrices(&self, worlds: &[Mat4], out: &mut Vec<Mat4>) {
        out.clear();
        out.extend(self.bones.iter().map(|b| match b.node.and_then(|n| worlds.get(n as usize)) {
            Some(world) => matrix::mul(&b.offset, world),
            None => b.offset,
        }));
    }
}

impl MeshSkin {
    /// Reads the `Mesh` at `scope` of palette `palette`.
    pub fn read(
        text: &str,
        tree: &SyntaxTree,
        scope: ScopeId,
        palette: u32,
        model: &SkinModel,
        problems: &mut Vec<Problem>,
    ) -> MeshSkin {
        let SkinModel { palettes, hierarchy, targets } = *model;
        let mut reader = Reader::new(text, tree);
        let name = reader.string_key(scope, key::NAME);
        let label = name.as_deref().map_or_else(|| "a mesh without a Name".to_owned(), |n| format!("mesh \"{n}\""));
        let positions = reader
            .list::<3>(scope, ScopeKind::Positions, &format!("Positions of {label}:"), [0.0; 3], problems)
            .unwrap_or_default();
        let bones = &palettes[palette as usize].bones;
        let mut influences = Vec::new();
        let mut influence_lines = Vec::new();
        for list in tree.children_of(scope, ScopeKind::BlendList) {
            for part in tree.children_of(list, ScopeKind::BlendPart) {
                let Some(blend) = tree.child_of(part, ScopeKind::VertexBlend) else { continue };
                if tree.entry_count(blend) == 0 {
                    continue;
                }
                rigls_text::cancel::check();
                let Some(bone) = palette_index(&mut reader, part, bones, &label, problems) else { continue };
                for (i, entry) in tree.entries(blend).enumerate() {
                    let read =
                        if entry.ok { reader.vertex_weight(entry.range) } else { Err("has a syntax error".to_owned()) };
                    let at = |why: String| Problem {
                        range: entry.range,
                        message: format!("VertexBlend line {} of {label} {why}", i + 1),
                    };
                    match read {
                        Ok((vertex, weight)) => {
                            match u32::try_from(vertex).ok().filter(|&v| (v as usize) < positions.len()) {
                                Some(vertex) => {
                                    influences.push(Influence { vertex, bone, weight });
                                    influence_lines.push(entry.range);
                                }
                                None => problems.push(at(format!(
                                    "names vertex {vertex}, which the mesh does not have ({} vertices)",
                                    positions.len()
                                ))),
                            }
                        }
                        Err(why) => problems.push(at(why)),
                    }
                }
            }
        }
        let rigid = match name.as_deref().and_then(|n| targets.get(n)).map(Vec::as_slice) {
            Some([node_name]) => match hierarchy.find(node_name) {
                Some(node) => {
                    let bone = bones.iter().position(|b| b.node == Some(node)).map(rigls_text::to_u32);
                    Rigid::Node { node, bone }
                }
                None => Rigid::Identity,
            },
            _ => Rigid::Identity,
        };
        let mut weighted = vec![false; positions.len()];
        for influence in &influences {
            weighted[influence.vertex as usize] = true;
        }
        let unweighted = (0..positions.len()).filter(|&v| !weighted[v]).map(rigls_text::to_u32).collect();
        MeshSkin { palette, scope, name, positions, influences, influence_lines, unweighted, rigid }
    }

    /// The matrix that moves the vertices without blend weights.
    pub fn rigid_matrix(&self, skins: &[Mat4], worlds: &[Mat4]) -> Mat4 {
        self.rigid.matrix(skins, worlds)
    }

    /// The skinned positions `[x, y, z, …]` into `out`, given the palette's skin matrices and the
    /// node worlds of the pose.
    pub fn skin(&self, skins: &[Mat4], worlds: &[Mat4], out: &mut Vec<f64>) {
        out.clear();
        out.resize(self.positions.len() * 3, 0.0);
        for influence in &self.influences {
            let v = influence.vertex as usize;
            let (Some(skin), Some(&position), Some(at)) =
                (skins.get(influence.bone as usize), self.positions.get(v), out.get_mut(v * 3..v * 3 + 3))
            else {
                continue; // not built by `read`
            };
            let p = matrix::transform_point(position, skin);
            at[0] += influence.weight * p[0];
            at[1] += influence.weight * p[1];
            at[2] += influence.weight * p[2];
        }
        if self.unweighted.is_empty() {
            return;
        }
        let rigid = self.rigid_matrix(skins, worlds);
        for &v in &self.unweighted {
            let v = v as usize;
            out[v * 3..v * 3 + 3].copy_from_slice(&matrix::transform_point(self.positions[v], &rigid));
        }
    }

    /// `normals` (`[x, y, z, …]`, one per vertex, as written) moved like the positions, as unit
    /// vectors: Σ weight × (normal × the skin matrix's 3×3), the unweighted ones by the rigid
    /// matrix, then normalised.
    pub fn skin_normals(&self, normals: &[f64], skins: &[Mat4], worlds: &[Mat4]) -> Vec<f64> {
        let turn = |n: &[f64], m: &Mat4| {
            let mut t = *m;
            t[12] = 0.0;
            t[13] = 0.0;
            t[14] = 0.0;
            matrix::transform_point([n[0], n[1], n[2]], &t)
        };
        let mut out = vec![0.0; normals.len()];
        for influence in &self.influences {
            let v = influence.vertex as usize;
            let (Some(skin), Some(n)) = (skins.get(influence.bone as usize), normals.get(v * 3..v * 3 + 3)) else {
                continue;
            };
            let t = turn(n, skin);
            for k in 0..3 {
                out[v * 3 + k] += influence.weight * t[k];
            }
        }
        if !self.unweighted.is_empty() {
            let rigid = self.rigid_matrix(skins, worlds);
            for &v in &self.unweighted {
                let v = v as usize;
                if let Some(n) = normals.get(v * 3..v * 3 + 3) {
                    out[v * 3..v * 3 + 3].copy_from_slice(&turn(n, &rigid));
                }
            }
        }
        for n in out.chunks_exact_mut(3) {
            let length = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            if length > 0.0 && length.is_finite() {
                n.iter_mut().for_each(|c| *c /= length);
            }
        }
        out
    }
}

/// The palette index a `BlendPart` names with `TransformIndex`, or a problem.
fn palette_index(
    reader: &mut Reader,
    part: ScopeId,
    bones: &[PaletteBone],
    label: &str,
    problems: &mut Vec<Problem>,
) -> Option<u32> {
    let tag = reader.tree.scope(part).tag;
    let Some((range, index)) = reader.int_key(part, key::TRANSFORM_INDEX) else {
        problems
            .push(Problem { range: tag, message: format!("a BlendPart of {label} has weights but no TransformIndex") });
        return None;
    };
    let Some(index) = index else {
        problems.push(Problem { range, message: format!("TransformIndex in {label} is not a whole number") });
        return None;
    };
    match usize::try_from(index).ok().and_then(|i| bones.get(i).map(|b| (i, b))) {
        Some((i, bone)) if bone.offset_line.is_some() => Some(rigls_text::to_u32(i)),
        Some(_) => {
            let message = format!("TransformIndex {index} in {label} has no line in OffsetMatrices");
            problems.push(Problem { range, message });
            None
        }
        None => {
            let message = format!("TransformIndex {index} in {label} is past the container's {} bones", bones.len());
            problems.push(Problem { range, message });
            None
        }
    }
}
