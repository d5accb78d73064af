//! Mesh, path and surface geometry as the runtime stores it: vertices and UVs in 32-bit floats,
//! weighted vertices moved into each bone's bind space (`slotPose`, then the inverse `bonePose`).

use super::super::data::{GeometryData, Influence, WeightData};
use super::super::geom::{Matrix, to_f32, to_i16};
use super::super::raw::at;
use super::{FailureKind, Parser};
use crate::schema::key;
use crate::syntax::NodeId;

impl Parser<'_> {
    /// A mesh's, path's or surface's geometry, added to the data; its index.
    pub(super) fn geometry(&mut self, node: NodeId, raw_bones: &[Option<usize>]) -> usize {
        if self.binary.is_some() {
            return self.binary_geometry(node, raw_bones);
        }
        let index = self.data.geometries.len();
        let geometry = self.read_geometry(node, raw_bones);
        self.data.geometries.push(geometry);
        index
    }

    fn read_geometry(&mut self, node: NodeId, raw_bones: &[Option<usize>]) -> GeometryData {
        let raw = self.raw;
        let mut g = GeometryData { node, ..Default::default() };
        let Some(vertices) = raw.numbers_at(node, key::VERTICES) else {
            self.fail(node, FailureKind::NoVertices);
            return g;
        };
        let vertex_count = vertices.len() / 2;
        g.vertex_count = vertex_count;
        g.vertices = vertices[..vertex_count * 2].iter().map(|&v| to_f32(v)).collect();
        if let Some(triangles) = raw.numbers_at(node, key::TRIANGLES) {
            let count = triangles.len() / 3;
            g.triangles = triangles[..count * 3].iter().map(|&t| to_i16(t) as i32).collect();
        }
        if let Some(uvs) = raw.numbers_at(node, key::UVS) {
            g.uvs = Some((0..vertex_count * 2).map(|i| to_f32(at(&uvs, i))).collect());
        }
        let Some(weights) = raw.numbers_at(node, key::WEIGHTS) else { return g };
        let weight_count = (weights.len() as f64 - vertex_count as f64).floor() / 2.0;
        if weight_count < 0.0 || weight_count.fract() != 0.0 {
            self.fail(node, FailureKind::BadWeights);
            return g;
        }
        let mut weight = WeightData { count: weight_count as usize, ..Default::default() };
        let bone_at = |raw_index: f64| -> Option<usize> {
            if raw_index < 0.0 || raw_index.fract() != 0.0 {
                return None;
            }
            raw_bones.get(raw_index as usize).copied().flatten()
        };
        if let Some(bone_pose) = raw.numbers_at(node, key::BONE_POSE) {
            let Some(slot_pose) = raw.numbers_at(node, key::SLOT_POSE) else {
                self.fail(node, FailureKind::WeightsWithoutPose);
                return g;
            };
            let slot_matrix = Matrix::from_slice(&slot_pose);
            let pose_bones = bone_pose.len() / 7;
            let raw_indices: Vec<f64> = (0..pose_bones).map(|i| bone_pose[i * 7]).collect();
            for &r in &raw_indices {
                let bone = bone_at(r);
                if bone.is_none() {
                    self.fail(node, FailureKind::PoseBoneOutOfRange);
                }
                weight.bones.push(bone);
            }
            let mut iw = 0usize;
            let mut missing = false;
            for i in 0..vertex_count {
                let count = at(&weights, iw);
                iw += 1;
                let count = influence_count(count, weights.len().saturating_sub(iw));
                if count.is_none() {
                    self.fail(node, FailureKind::BadWeights);
                    return g;
                }
                let count = count.unwrap_or(0);
                weight.vertex_bone_counts.push(count);
                let (x, y) = slot_matrix.transform_point(g.vertices[i * 2], g.vertices[i * 2 + 1]);
                for _ in 0..count {
                    let raw_bone = at(&weights, iw);
                    let w = at(&weights, iw + 1);
                    iw += 2;
                    let bone = raw_indices.iter().position(|&r| r == raw_bone);
                    missing |= bone.is_none();
                    let (bx, by) = match bone {
                        Some(b) => {
                            let mut m = Matrix::from_slice(&bone_pose[b * 7 + 1..]);
                            m.invert();
                            m.transform_point(x, y)
                        }
                        None => (f64::NAN, f64::NAN),
                    };
                    weight.influences.push(Influence { bone, weight: to_f32(w), x: to_f32(bx), y: to_f32(by) });
                }
            }
            if missing {
                self.fail(node, FailureKind::WeightBoneNotInPose);
            }
        } else if let Some(bones) = raw.numbers_at(node, key::BONES) {
            for &r in &bones {
                let bone = bone_at(r);
                if bone.is_none() {
                    self.fail(node, FailureKind::PoseBoneOutOfRange);
                }
                weight.bones.push(bone);
            }
            // Here `vertices` holds one point per influence, in the bone's space.
            let (mut iw, mut iv) = (0usize, 0usize);
            for _ in 0..weight.count {
                let count = at(&weights, iw);
                iw += 1;
                let Some(count) = influence_count(count, weights.len().saturating_sub(iw)) else {
                    self.fail(node, FailureKind::BadWeights);
                    return g;
                };
                weight.vertex_bone_counts.push(count);
                for _ in 0..count {
                    let raw_bone = at(&weights, iw);
                    let w = at(&weights, iw + 1);
                    iw += 2;
                    let bone = bones.iter().position(|&b| b == raw_bone);
                    let (x, y) = (at(&vertices, iv), at(&vertices, iv + 1));
                    iv += 2;
                    weight.influences.push(Influence { bone, weight: to_f32(w), x: to_f32(x), y: to_f32(y) });
                }
            }
        } else {
            self.fail(node, FailureKind::WeightsWithoutPose);
            return g;
        }
        g.weight = Some(weight);
        g
    }
}

/// A vertex's influence count, when the weights hold that many (bone, weight) pairs: more would
/// make the runtime read past the list (or count for ever).
fn influence_count(count: f64, remaining: usize) -> Option<usize> {
    if !count.is_finite() || count <= 0.0 {
        return Some(0);
    }
    (count <= (remaining / 2) as f64).then_some(count as usize)
}
