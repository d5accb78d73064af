//! How a 3-D scene's meshes are written: plain (scene version 1, `rigls render -o scene.json`:
//! every number a JSON number) or packed (version 2, what `rigls/scene` and `rigls preview`
//! answer a viewer that asks for it; docs/scene.md).
//!
//! Packed, a mesh's numbers are base64 of little-endian `float32` (`uint32` for indices) buffers,
//! as glTF's buffers are: a 10 MiB model's scene is 7 MB of JSON digits otherwise, most of the
//! time of an answer goes into writing and reading them, and a viewer draws single precision
//! anyway. What no pose changes (texture coordinates, vertex colours, triangles, material groups:
//! `MeshFixed3d`) is named by a digest and written only in the first scene of an answer, and not
//! at all for the digests the viewer says it holds.

use std::collections::HashSet;

use base64::Engine as _;
use serde::{Serialize, Serializer};

use super::wire::{MeshForm, W};
use rigls_ide::scene::{ByteRange, Group3d, Mesh3d};

/// A digest as answers write it: 16 hex digits (a JSON number cannot hold 64 bits).
pub fn digest_text(digest: u64) -> String {
    format!("{digest:016x}")
}

/// The digests a viewer says it holds; what is not one is left out.
pub fn parse_digests(held: &[String]) -> HashSet<u64> {
    held.iter().filter(|d| d.len() == 16).filter_map(|d| u64::from_str_radix(d, 16).ok()).collect()
}

/// A scene's meshes, written as `form` says.
pub(crate) struct Meshes<'a> {
    pub meshes: &'a [Mesh3d],
    pub form: &'a MeshForm<'a>,
}

impl Serialize for Meshes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.meshes.iter().map(|m| {
            let head =
                MeshHead { container: &m.container, name: &m.name, range: W(&m.range), name_range: W(&m.name_range) };
            let fixed = &m.fixed;
            match *self.form {
                MeshForm::Plain => Mesh::Plain(PlainMesh {
                    head,
                    positions: &m.positions,
                    normals: m.normals.as_deref(),
                    uvs: fixed.uvs.as_deref(),
                    colors: fixed.colors.as_deref(),
                    triangles: &fixed.triangles,
                    groups: W(&fixed.groups),
                }),
                MeshForm::Packed { held, held_all } => Mesh::Packed(PackedMesh {
                    head,
                    digest: digest_text(fixed.digest),
                    vertex_count: m.positions.len() / 3,
                    positions: Floats(&m.positions),
                    normals: m.normals.as_deref().map(Floats),
                    fixed: (!held_all && !held.contains(&fixed.digest)).then(|| PackedFixed {
                        uvs: fixed.uvs.as_deref().map(Floats),
                        colors: fixed.colors.as_deref().map(Floats),
                        triangles: Indices(&fixed.triangles),
                        groups: W(&fixed.groups),
                    }),
                }),
            }
        }))
    }
}

#[derive(Serialize)]
#[serde(untagged)]
enum Mesh<'a> {
    Plain(PlainMesh<'a>),
    Packed(PackedMesh<'a>),
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MeshHead<'a> {
    container: &'a str,
    name: &'a str,
    range: W<'a, ByteRange>,
    name_range: W<'a, Option<ByteRange>>,
}

#[derive(Serialize)]
struct PlainMesh<'a> {
    #[serde(flatten)]
    head: MeshHead<'a>,
    positions: &'a [f64],
    normals: Option<&'a [f64]>,
    uvs: Option<&'a [f64]>,
    colors: Option<&'a [f64]>,
    triangles: &'a [u32],
    groups: W<'a, Vec<Group3d>>,
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
    groups: W<'a, Vec<Group3d>>,
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
