//! The 3-D scene of an `.elem` model, in the model's own space (Direct3D's: left-handed, y up, the
//! front faces the −z side unless `rightHanded`). Matrices are 16 numbers, row major, row vectors
//! (`v' = v × M`, translation in elements 12–14), as `rigls pose` prints them.
//!
//! How a scene is written (every number as JSON, or meshes packed for a viewer) is
//! `rigls-protocol`'s.

use std::sync::Arc;

use super::ByteRange;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene3d {
    /// Every `Node`, in file order (parents first).
    pub nodes: Vec<Node3d>,
    /// Every `Mesh`, in file order, skinned.
    pub meshes: Vec<Mesh3d>,
    /// Every `Material` of every container, in file order.
    pub materials: Vec<Material3d>,
    /// `Setting { IsRightHand=True }`: the model is right-handed (its front faces +z).
    pub right_handed: bool,
    /// The box around every mesh vertex (around the nodes when there is no mesh).
    pub bounds: Option<Bounds3d>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds3d {
    pub min: [f64; 3],
    pub max: [f64; 3],
}

impl Bounds3d {
    /// The box around every vertex of `meshes`, else around the nodes' origins (`None`: nothing
    /// finite to bound).
    pub fn around(nodes: &[Node3d], meshes: &[Mesh3d]) -> Option<Bounds3d> {
        let mut b = None;
        for p in meshes.iter().flat_map(|m| m.positions.chunks_exact(3)) {
            super::grow(&mut b, p);
        }
        if b.is_none() {
            for n in nodes {
                super::grow(&mut b, &n.matrix[12..15]);
            }
        }
        b.map(|(min, max)| Bounds3d { min: [min[0], min[1], min[2]], max: [max[0], max[1], max[2]] })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Node3d {
    pub name: String,
    /// Index into `nodes`.
    pub parent: Option<usize>,
    /// The world matrix at the pose.
    pub matrix: [f64; 16],
    /// The `Node { … }` scope; its `NodeName` string.
    pub range: ByteRange,
    pub name_range: Option<ByteRange>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Mesh3d {
    /// The `MeshContainer`'s `Name` and the mesh's.
    pub container: String,
    pub name: String,
    pub range: ByteRange,
    pub name_range: Option<ByteRange>,
    /// Skinned positions `[x, y, z, …]`.
    pub positions: Vec<f64>,
    /// Skinned unit normals, one per vertex, when the mesh has `Normals` (one line per vertex).
    pub normals: Option<Vec<f64>>,
    /// What does not change with the pose, shared by every scene of one document version.
    pub fixed: Arc<MeshFixed3d>,
}

/// The part of a mesh no pose changes: written once to a viewer that keeps it (`rigls-protocol`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MeshFixed3d {
    /// `TextureUV` (else `Texture1UV`) `[u, v, …]`, one per vertex, v down the image.
    pub uvs: Option<Vec<f64>>,
    /// Per-vertex `Diffuse` as `[r, g, b, a, …]` (the file writes a:r:g:b).
    pub colors: Option<Vec<f64>>,
    /// Vertex indices, three per triangle: each face of `VertexIndices` fanned from its first
    /// corner, in file order (faces naming vertices the mesh lacks are left out).
    pub triangles: Vec<u32>,
    /// Runs of triangles sharing a material, in triangle order.
    pub groups: Vec<Group3d>,
    /// Names the fields above and the mesh's vertex count in answers (see
    /// [`MeshFixed3d::digest_of`]); not written in plain scenes.
    pub digest: u64,
}

impl MeshFixed3d {
    /// The fixed part of a mesh of `vertex_count` vertices, with its digest.
    pub fn new(
        vertex_count: usize,
        uvs: Option<Vec<f64>>,
        colors: Option<Vec<f64>>,
        triangles: Vec<u32>,
        groups: Vec<Group3d>,
    ) -> MeshFixed3d {
        let mut fixed = MeshFixed3d { uvs, colors, triangles, groups, digest: 0 };
        fixed.digest = fixed.digest_of(vertex_count);
        fixed
    }

    /// A 64-bit digest of everything the fixed part holds (one pass of a multiplicative hash
    /// over its numbers: a change of any one of them changes it).
    pub fn digest_of(&self, vertex_count: usize) -> u64 {
        let mut h = Digest(0x243f_6a88_85a3_08d3);
        h.word(vertex_count as u64);
        for list in [&self.uvs, &self.colors] {
            match list {
                Some(values) => {
                    h.word(values.len() as u64);
                    values.iter().for_each(|v| h.word(v.to_bits()));
                }
                None => h.word(u64::MAX),
            }
        }
        h.word(self.triangles.len() as u64);
        self.triangles.chunks(2).for_each(|p| h.word(p.iter().fold(0, |w, &i| w << 32 | u64::from(i))));
        for g in &self.groups {
            h.word(g.material.map_or(u64::MAX, |m| m as u64));
            h.word(g.start as u64);
            h.word(g.count as u64);
        }
        h.finish()
    }
}

/// The running state of [`MeshFixed3d::digest_of`]: each step is a bijection of the state for a
/// given word, so two inputs differing in one word never meet.
struct Digest(u64);

impl Digest {
    fn word(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^ (x >> 33)
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Group3d {
    /// Index into `materials` (`None`: the face's `Attributes` entry names no material).
    pub material: Option<usize>,
    /// The first triangle (not index) and how many.
    pub start: usize,
    pub count: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Material3d {
    pub container: String,
    pub name: String,
    pub range: ByteRange,
    pub name_range: Option<ByteRange>,
    /// `[r, g, b, a]` (the file writes a:r:g:b); diffuse defaults to opaque white.
    pub diffuse: [f64; 4],
    pub ambient: Option<[f64; 4]>,
    pub specular: Option<[f64; 4]>,
    pub emissive: Option<[f64; 4]>,
    pub specular_sharpness: Option<f64>,
    /// `TextureFilename` as written, and resolved against the model's folder (it may not exist:
    /// the caller reads it).
    pub texture: Option<String>,
    pub texture_path: Option<String>,
    /// The UV animation at the pose: `uv' = rotate(scale × uv) + translation` (rotation in
    /// radians); the identity when the clip has no UV part for the material.
    pub uv_transform: UvTransform3d,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UvTransform3d {
    pub translation: [f64; 2],
    pub rotation: f64,
    pub scale: [f64; 2],
}

impl UvTransform3d {
    pub const IDENTITY: UvTransform3d = UvTransform3d { translation: [0.0; 2], rotation: 0.0, scale: [1.0; 2] };

    pub fn apply(&self, u: f64, v: f64) -> (f64, f64) {
        let (su, sv) = (u * self.scale[0], v * self.scale[1]);
        let (sin, cos) = self.rotation.sin_cos();
        (su * cos - sv * sin + self.translation[0], su * sin + sv * cos + self.translation[1])
    }
}
