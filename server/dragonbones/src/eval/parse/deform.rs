//! Slot deform key frames: their deltas as the runtime keeps them, or, for checks that pose bones
//! alone, only whether they are all finite, told from the numbers' spelling where it can be.

use super::super::data::GeometryData;
use super::super::geom::{Matrix, to_f32};
use super::{DeformValues, Parser};
use crate::eval::raw::Raw;
use crate::schema::key;
use crate::syntax::{NodeId, NodeKind, flag};

/// How many deltas a deform key frame of one timeline has, and a bound on their size: each is at
/// most `scale` times the largest number of its list (`None`: no bound found, as for a pose
/// matrix that is not finite or a weight naming a bone the poses lack).
#[derive(Clone, Copy, Debug)]
pub(super) struct DeformBound {
    pub(super) count: usize,
    pub(super) scale: Option<f64>,
}

/// The largest number of characters a number spelt without an exponent may have for its delta to
/// stay finite: below 10^37, far from the largest 32-bit float (3.4 × 10^38).
const MOST_DIGITS: f64 = 37.0;

impl Parser<'_> {
    /// Whether `bonePose` matrices are inverted as DragonBonesCPP inverts them
    /// ([`Matrix::inverted_f32`]): the C++ core's reading (rapidjson, `float`s), not the C# port's,
    /// whose inverse has DragonBonesJS's cases for a singular matrix.
    pub(super) fn inverts_as_cpp(&self) -> bool {
        self.read_as.float_values && self.raw.is_rapidjson()
    }

    /// Whether this parse leaves the values of slot deform key frames out.
    pub(super) fn leaves_deform_values_out(&self) -> bool {
        self.deform_values == DeformValues::CheckedFinite
    }

    /// The deltas of a slot deform key frame left out: shown finite from the spelling of its
    /// numbers where `bound` allows, else read and looked at. Returns how many there are.
    pub(super) fn check_deform(
        &mut self,
        f: NodeId,
        geometry: &GeometryData,
        poses: Option<(&[f64], &[f64])>,
        typed: bool,
        bound: DeformBound,
    ) -> usize {
        self.deform_values_left_out = true;
        let raw = self.raw;
        let offset = raw.number(f, key::OFFSET, 0.0);
        if let Some(scale) = bound.scale
            && offset.fract() == 0.0
            && deform_array(raw, f, typed).is_none_or(|array| spelt_small(raw, array, scale))
        {
            return bound.count;
        }
        let mut values = std::mem::take(&mut self.deform_scratch);
        values.clear();
        self.deform(f, geometry, poses, typed, &mut values);
        if values.iter().any(|v| !v.is_finite()) {
            self.deform_not_finite = true;
        }
        let count = values.len();
        self.deform_scratch = values;
        count
    }

    /// A deform key frame's deltas (per vertex, or per influence for weighted meshes), appended to
    /// `out`, each rounded to a 32-bit float as the runtime keeps them.
    pub(super) fn deform(
        &mut self,
        f: NodeId,
        geometry: &GeometryData,
        poses: Option<(&[f64], &[f64])>,
        typed: bool,
        out: &mut Vec<f64>,
    ) {
        let raw = self.raw;
        let mut numbers = std::mem::take(&mut self.deform_numbers);
        let array = deform_array(raw, f, typed);
        if let Some(array) = array {
            raw.numbers_into(array, &mut numbers);
        }
        let values = array.map(|_| numbers.as_slice());
        let offset = raw.number(f, key::OFFSET, 0.0);
        let count = geometry.vertex_count * 2;
        let value = |i: usize| -> f64 {
            let Some(values) = values else { return 0.0 };
            let k = i as f64 - offset;
            if (i as f64) < offset || k >= values.len() as f64 {
                0.0
            } else if k.fract() != 0.0 {
                f64::NAN
            } else {
                values[k as usize]
            }
        };
        match (&geometry.weight, poses) {
            (Some(_), None) if typed => {}
            (Some(weight), poses) => {
                let (slot_pose, bone_pose) = poses.unwrap_or((&[], &[]));
                let slot = Matrix::from_slice(slot_pose);
                // Each bone's pose inverted once, not once for each vertex it weighs.
                let floats = self.read_as.float_values;
                let inverses = inverses(bone_pose, self.inverts_as_cpp());
                out.reserve(weight.count * 2);
                let mut influence = 0;
                for v in 0..geometry.vertex_count {
                    let (x, y) = if floats {
                        slot.transform_point_f32(value(v * 2), value(v * 2 + 1), true)
                    } else {
                        slot.transform_vector(value(v * 2), value(v * 2 + 1))
                    };
                    for _ in 0..weight.vertex_bone_counts.get(v).copied().unwrap_or(0) {
                        let bone = weight.influences.get(influence).and_then(|i| i.bone);
                        influence += 1;
                        let (bx, by) = match bone.and_then(|b| inverses.get(b)) {
                            Some(m) if floats => m.transform_point_f32(x, y, true),
                            Some(m) => m.transform_vector(x, y),
                            None => (f64::NAN, f64::NAN),
                        };
                        out.push(to_f32(bx));
                        out.push(to_f32(by));
                    }
                }
            }
            (None, _) => out.extend((0..count).map(|i| to_f32(value(i)))),
        }
        self.deform_numbers = numbers;
    }
}

/// The list of a deform key frame's numbers: `vertices`, or `value` in 5.6's typed timelines.
fn deform_array(raw: Raw<'_>, f: NodeId, typed: bool) -> Option<NodeId> {
    match raw.array(f, key::VERTICES) {
        Some(v) => Some(v),
        None if typed => raw.array(f, key::VALUE),
        None => None,
    }
}

/// The inverse of each bone's matrix in a weighted mesh's `bonePose` (7 numbers a bone), as
/// DragonBonesJS or (`cpp`) DragonBonesCPP inverts it.
pub(super) fn inverses(bone_pose: &[f64], cpp: bool) -> Vec<Matrix> {
    bone_pose
        .chunks_exact(7)
        .map(|pose| {
            let mut m = Matrix::from_slice(&pose[1..]);
            if cpp {
                return m.inverted_f32();
            }
            m.invert();
            m
        })
        .collect()
}

/// The count and size bound of the deltas of a deform timeline's key frames ([`DeformBound`]),
/// as [`Parser::deform`] computes them: for a weighted mesh each delta is a vector through the slot's
/// matrix, then a bone's inverse, so it is at most the two matrices' largest row sums times the
/// largest number.
pub(super) fn deform_bound(
    geometry: &GeometryData,
    poses: Option<(&[f64], &[f64])>,
    typed: bool,
    cpp: bool,
) -> DeformBound {
    match (&geometry.weight, poses) {
        (Some(_), None) if typed => DeformBound { count: 0, scale: Some(0.0) },
        (Some(weight), poses) => {
            let (slot_pose, bone_pose) = poses.unwrap_or((&[], &[]));
            let inverses = inverses(bone_pose, cpp);
            let influences = (0..geometry.vertex_count)
                .map(|v| weight.vertex_bone_counts.get(v).copied().unwrap_or(0))
                .fold(0usize, usize::saturating_add);
            let named = weight
                .influences
                .get(..influences)
                .is_some_and(|list| list.iter().all(|i| i.bone.is_some_and(|b| b < inverses.len())));
            let largest_row = |m: &Matrix| {
                let v = m.to_array();
                v[..4].iter().all(|x| x.is_finite()).then(|| (v[0].abs() + v[2].abs()).max(v[1].abs() + v[3].abs()))
            };
            let bones = inverses.iter().try_fold(0.0f64, |most, m| largest_row(m).map(|r| most.max(r)));
            let scale = match (named, largest_row(&Matrix::from_slice(slot_pose)), bones) {
                (true, Some(slot), Some(bones)) => Some(slot * bones).filter(|s| s.is_finite()),
                _ => None,
            };
            DeformBound { count: influences.saturating_mul(2), scale }
        }
        (None, _) => DeformBound { count: geometry.vertex_count * 2, scale: Some(1.0) },
    }
}

/// Whether every element of `array` is a strict JSON number without an exponent, spelt in so few
/// characters that it is below 10^37 divided by `scale`: a plain decimal of n characters is
/// below 10^n.
fn spelt_small(raw: Raw<'_>, array: NodeId, scale: f64) -> bool {
    let most = if scale > 0.0 { (MOST_DIGITS - scale.log10()).floor().min(MOST_DIGITS) } else { MOST_DIGITS };
    if most < 1.0 {
        return false;
    }
    let most = most as u32;
    // One pass over the list's text for exponents, one over its nodes: every node below the list
    // a number (so no nested lists, objects or gaps), strict, and short.
    let range = raw.tree.range(array);
    let no_exponent = raw
        .text
        .as_bytes()
        .get(range.start as usize..range.end as usize)
        .is_some_and(|s| !s.iter().fold(false, |found, &b| found | (b | 0x20 == b'e')));
    // Folds without stopping early, which the compiler turns into wide vector steps.
    no_exponent
        && raw.tree.below(array).iter().fold(true, |small, node| {
            small & (node.kind() == NodeKind::Number) & !node.has(flag::LOOSE) & (node.range().len() <= most)
        })
}
