//! How a 3-D scene's meshes are written: plain (scene version 1, `rigls render -o scene.json`:
//! every number a JSON number) or packed (version 2, what `rigls/scene` and `rigls preview`
//! answer a viewer that asks for it; docs/scene.md).
//!
//! Packed, a mesh's numbers are base64 of little-endian `float32` (`uint32` for indices) buffers,
//! as glTF's buffers are: a 10 MiB model's scene is 7 MB of JSON digits otherwise, most of the
//! time of an answer goes into writing and reading them, and a viewer draws single precision
//! anyway. What no pose changes (texture coordinates, vertex colours, triangles, material groups:
//! [`MeshFixed3d`]) is named by a digest and written only in the first scene of an answer, and not
//! at all for the digests the viewer says it holds.

use std::collections::HashSet;

use base64::Engine as _;
use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

use super::{ByteRange, Group3d, Mesh3d, MeshFixed3d, Scene3d};

/// How [`Scene3d::meshes`] are written.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum MeshForm {
    /// Scene version 1: JSON numbers, every part of every mesh.
    #[default]
    Plain,
    /// Scene version 2: buffers; each mesh's fixed part written unless its digest is in `held`
    /// (or `held_all`: a scene after the first of an answer).
    Packed { held: HashSet<u64>, held_all: bool },
}

/// A digest as answers write it: 16 hex digits (a JSON number cannot hold 64 bits).
pub fn digest_text(digest: u64) -> String {
    format!("{digest:016x}")
}

/// The digests a viewer says it holds; what is not one is left out.
pub fn parse_digests(held: &[String]) -> HashSet<u64> {
    held.iter().filter(|d| d.len() == 16).filter_map(|d| u64::from_str_radix(d, 16).ok()).collect()
}

impl Serialize for Scene3d {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("Scene3d", 5)?;
        out.serialize_field("nodes", &self.nodes)?;
        out.serialize_field("meshes", &Meshes { meshes: &self.meshes, form: &self.mesh_form })?;
        out.serialize_field("materials", &self.materials)?;
        out.serialize_field("rightHanded", &self.right_handed)?;
        out.serialize_field("bounds", &self.bounds)?;
        out.end()
    }
}

struct Meshes<'a> {
    meshes: &'a [Mesh3d],
    form: &'a MeshForm,
}

impl Serialize for Meshes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.meshes.len()))?;
        for m in self.meshes {
            let head = MeshHead { container: &m.container, name: &m.name, range: m.range, name_range: m.name_range };
            match self.form {
                MeshForm::Plain => seq.serialize_element(&PlainMesh {
                    head,
                    positions: &m.positions,
                    normals: m.normals.as_deref(),
                    fixed: &m.fixed,
                })?,
                MeshForm::Packed { held, held_all } => {
                    let write_fixed = !held_all && !held.contains(&m.fixed.digest);
                    seq.serialize_element(&PackedMesh {
                        head,
                        digest: digest_text(m.fixed.digest),
                        vertex_count: m.positions.len() / 3,
                        positions: Floats(&m.positions),
                        normals: m.normals.as_deref().map(Floats),
                        fixed: write_fixed.then(|| PackedFixed {
                            uvs: m.fixed.uvs.as_deref().map(Floats),
                            colors: m.fixed.colors.as_deref().map(Floats),
                            triangles: Indices(&m.fixed.triangles),
                            groups: &m.fixed.groups,
                        }),
                    })?
                }
            }
        }
        seq.end()
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MeshHead<'a> {
    container: &'a str,
    name: &'a str,
    range: ByteRange,
    name_range: Option<ByteRange>,
}

#[derive(Serialize)]
struct PlainMesh<'a> {
    #[serde(flatten)]
    head: MeshHead<'a>,
    positions: &'a [f64],
    normals: Option<&'a [f64]>,
    #[serde(flatten)]
    fixed: &'a MeshFixed3d,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PackedMesh<'a> {
    #[serde(flatten)]
    head: MeshHead<'a>,
    digest: String,
    vertex_count: usize,
    positions: Floats<'a>,
    normals: Option<Floats<'a>>,
    #[serde(flatten)]
    fixed: Option<PackedFixed<'a>>,
}

#[derive(Serialize)]
struct PackedFixed<'a> {
    uvs: Option<Floats<'a>>,
    colors: Option<Floats<'a>>,
    triangles: Indices<'a>,
    groups: &'a [Group3d],
}

/// Numbers as base64 of little-endian `float32`s.
struct Floats<'a>(&'a [f64]);

impl Serialize for Floats<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let bytes: Vec<u8> = self.0.iter().flat_map(|&v| (v as f32).to_le_bytes()).collect();
        serializer.serialize_str(&base64::engine::general_purpose::STANDARD.encode(bytes))
    }
}

/// Indices as base64 of little-endian `uint32`s.
struct Indices<'a>(&'a [u32]);

impl Serialize for Indices<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let bytes: Vec<u8> = self.0.iter().flat_map(|i| i.to_le_bytes()).collect();
        serializer.serialize_str(&base64::engine::general_purpose::STANDARD.encode(bytes))
    }
}
