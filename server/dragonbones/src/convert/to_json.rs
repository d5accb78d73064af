//! A binary skeleton written back as a JSON skeleton: its header with every pointer into the
//! arrays replaced by what it points at, in the form the JSON parse reads back into the same
//! runtime data (key frames placed by durations, rotations unwrapped by `clockwise`, curves drawn
//! through their samples, weighted meshes in slot space with the bone poses that give their
//! bind-space vertices). This is both the editors' read-only view of a `.dbbin` and what
//! `rigls convert X.dbbin -o Y_ske.json` writes.

use std::collections::HashMap;

use super::json_out::{self, Value};
use crate::binary::{self, Binary};
use crate::eval::data::*;
use crate::eval::frame_table::binary_key_frame_takes;
use crate::eval::geom::{DEG_RAD, Matrix, normalize_radian};
use crate::eval::parse::Parsed;
use crate::eval::raw::Raw;
use crate::schema::{DisplayType, key};
use crate::syntax::{NodeId, Tree};

/// The JSON text of a binary, and where each header node (and each key frame's id) is in it.
pub struct View {
    pub text: String,
    pub anchors: Vec<(NodeId, u32)>,
    /// Where a `null` stands for a float that is NaN or infinite in the binary (the others are
    /// the header's own), in order.
    pub non_finite: Vec<u32>,
}

/// The keys of a binary header that point into the arrays (dropped from the JSON).
const ANIMATION_POINTERS: [&str; 7] =
    [key::OFFSET, key::ACTION, key::Z_ORDER, key::BONE, key::SLOT, binary::CONSTRAINT_TIMELINES, key::TIMELINE];

/// The JSON of `binary` read as `parsed` (its [`crate::eval::parse::parse_binary`]). A header
/// that is not a JSON object is shown as it is.
pub fn to_json(binary: &Binary, parsed: Option<&Parsed>) -> View {
    let tree = &binary.tree;
    let text = &binary.header;
    let Some(root) = tree.root().filter(|&r| tree.is_object(r) && tree.errors.is_empty()) else {
        return View { text: text.clone(), anchors: Vec::new(), non_finite: Vec::new() };
    };
    let writer = ViewWriter::new(binary, parsed);
    let mut members = Vec::new();
    for m in tree.members(root) {
        let k = tree.key(text, m.key);
        match k.as_ref() {
            key::OFFSET => {}
            key::ARMATURE if tree.is_array(m.value) => {
                let list = tree.elements(m.value).map(|a| writer.armature(a)).collect();
                members.push((k.into_owned(), Value::Array(list)));
            }
            _ => members.push((k.into_owned(), Value::copy(tree, text, m.value))),
        }
    }
    let (text, anchors, non_finite) = json_out::write(&Value::anchored(members, vec![root]));
    View { text, anchors, non_finite }
}

struct ViewWriter<'a> {
    tree: &'a Tree,
    text: &'a str,
    raw: Raw<'a>,
    binary: &'a Binary,
    data: Option<&'a DragonBonesData>,
    /// The geometry read for each header node that has one.
    geometry_of: HashMap<NodeId, usize>,
}

impl<'a> ViewWriter<'a> {
    fn new(binary: &'a Binary, parsed: Option<&'a Parsed>) -> ViewWriter<'a> {
        let data = parsed.map(|p| &p.data);
        let geometry_of = parsed.map(|p| p.geometry_nodes.iter().copied().collect()).unwrap_or_default();
        ViewWriter {
            tree: &binary.tree,
            text: &binary.header,
            raw: Raw::new(&binary.tree, &binary.header),
            binary,
            data,
            geometry_of,
        }
    }

    fn key(&self, member: crate::syntax::Member) -> String {
        self.tree.key(self.text, member.key).into_owned()
    }

    fn armature(&self, node: NodeId) -> Value {
        let (tree, text) = (self.tree, self.text);
        if !tree.is_object(node) {
            return Value::copy(tree, text, node);
        }
        let armature = self.data.and_then(|d| d.armatures.iter().position(|a| a.node == node).map(|i| (d, i)));
        let actions: Vec<NodeId> =
            self.raw.array(node, key::ACTIONS).map(|l| tree.elements(l).collect()).unwrap_or_default();
        let mut members = Vec::new();
        for m in tree.members(node) {
            let k = self.key(m);
            let value = match k.as_str() {
                key::ACTIONS => continue,
                key::BONE if tree.is_array(m.value) => {
                    Value::Array(tree.elements(m.value).map(|b| self.with_geometry(b, armature)).collect())
                }
                key::SKIN if tree.is_array(m.value) => {
                    Value::Array(tree.elements(m.value).map(|s| self.skin(s, armature)).collect())
                }
                key::ANIMATION if tree.is_array(m.value) => {
                    Value::Array(tree.elements(m.value).map(|a| self.animation(a, armature, &actions)).collect())
                }
                _ => Value::copy(tree, text, m.value),
            };
            members.push((k, value));
        }
        Value::anchored(members, vec![node])
    }

    fn skin(&self, node: NodeId, armature: Option<(&DragonBonesData, usize)>) -> Value {
        super::skin_with(self.tree, self.text, node, &mut |d| self.with_geometry(d, armature))
    }

    /// A display or bone: its `offset` replaced by the geometry it points at.
    fn with_geometry(&self, node: NodeId, armature: Option<(&DragonBonesData, usize)>) -> Value {
        let (tree, text) = (self.tree, self.text);
        if !tree.is_object(node) || !self.raw.has(node, key::OFFSET) {
            return Value::copy(tree, text, node);
        }
        let mut members = super::members_except(tree, text, node, &[key::OFFSET]);
        let geometry = self.geometry_of.get(&node).and_then(|&g| self.data?.geometries.get(g));
        let display_type = crate::model::display_type(tree, text, node);
        // A polygon bounding box keeps its vertices in the header (the runtimes read them there).
        if let Some(g) = geometry
            && !matches!(display_type, Some(DisplayType::BoundingBox))
        {
            members.extend(geometry_members(g, matches!(display_type, Some(DisplayType::Mesh)), armature));
        }
        Value::anchored(members, vec![node])
    }

    fn animation(&self, node: NodeId, armature: Option<(&DragonBonesData, usize)>, actions: &[NodeId]) -> Value {
        let (tree, text) = (self.tree, self.text);
        if !tree.is_object(node) {
            return Value::copy(tree, text, node);
        }
        let mut members = super::members_except(tree, text, node, &ANIMATION_POINTERS);
        let Some((data, index)) = armature else { return Value::anchored(members, vec![node]) };
        let armature = &data.armatures[index];
        let Some(animation) = armature.animations.iter().find(|a| a.node == node) else {
            return Value::anchored(members, vec![node]);
        };
        let timelines = Timelines { data, armature, animation, version: self.version() };
        if let Some(frames) = self.action_frames(node, animation, actions) {
            members.push((key::FRAME.to_owned(), frames));
        }
        timelines.write(&mut members);
        Value::anchored(members, vec![node])
    }

    /// The data version as the header says (5.5 when absent).
    fn version(&self) -> f64 {
        let Some(root) = self.tree.root() else { return 5.5 };
        let v = self.raw.string(root, key::VERSION, "5.5");
        v.parse().unwrap_or(5.5)
    }

    /// The action timeline's key frames as the JSON animation's `frame` list: each key frame's
    /// actions from the armature's `actions`, events as `events`, the others as `actions`.
    fn action_frames(&self, node: NodeId, animation: &AnimationData, actions: &[NodeId]) -> Option<Value> {
        let raw = self.raw;
        let body = self.binary.body.as_ref()?;
        let t =
            raw.get(node, key::ACTION).and_then(|v| raw.tree.int(raw.text, v)).and_then(|v| usize::try_from(v).ok())?;
        let offsets: Vec<usize> = raw
            .array(node, key::OFFSET)
            .map(|o| raw.elements(o).filter_map(|e| raw.tree.int(raw.text, e)).map(|v| v.max(0) as usize).collect())
            .unwrap_or_default();
        let frame_base = *offsets.get(2)?;
        let count = *body.timeline.get(t + binary::timeline::KEY_FRAME_COUNT)? as usize;
        let mut records = Vec::with_capacity(count);
        for i in 0..count {
            let r = frame_base + *body.timeline.get(t + binary::timeline::FRAMES + i)? as usize;
            records.push(r);
        }
        let positions: Vec<i16> = records.iter().map(|&r| body.frame.get(r).copied().unwrap_or(0)).collect();
        let durations = durations(&positions, animation.frame_count);
        let mut frames = Vec::with_capacity(count);
        for (i, &r) in records.iter().enumerate() {
            let mut members = vec![(key::DURATION.to_owned(), Value::int(durations[i]))];
            let n = body.frame.get(r + 1).copied().unwrap_or(0).max(0) as usize;
            let (mut events, mut others) = (Vec::new(), Vec::new());
            for k in 0..n {
                let Some(&index) = body.frame.get(r + 2 + k) else { break };
                let Some(&action) = actions.get(binary::unwrap_index(index)) else { continue };
                let is_event = raw.is_object(action) && raw.number(action, key::TYPE, 0.0) == 10.0;
                if is_event {
                    let mut event = Vec::new();
                    for m in raw.tree.members(action) {
                        let k = self.key(m);
                        if k != key::TYPE {
                            event.push((k, Value::copy(raw.tree, raw.text, m.value)));
                        }
                    }
                    events.push(Value::object(event));
                } else {
                    others.push(Value::copy(raw.tree, raw.text, action));
                }
            }
            if !events.is_empty() {
                members.push((key::EVENTS.to_owned(), Value::Array(events)));
            }
            if !others.is_empty() {
                members.push((key::ACTIONS.to_owned(), Value::Array(others)));
            }
            frames.push(Value::object(members));
        }
        Some(Value::Array(frames))
    }
}

/// Each key frame's duration: from the frame DragonBonesJS's binary parse first shows it to the
/// frame it shows the next (the last one's, to the end), so that the JSON's key frames show at the
/// binary's frames. Key frames in order show at their positions, and this is the distance between
/// them; one stored at or before the one before it cannot be written so (a JSON duration of 0 or
/// less still counts a frame), and where it shows is kept, not its position. Key frames stored
/// past the last frame are never shown: their positions are kept, past the end as in the binary.
fn durations(positions: &[i16], frame_count: f64) -> Vec<i64> {
    let takes = binary_key_frame_takes(positions, frame_count, false);
    let end = frame_count as i64;
    let position = |i: usize| positions.get(i).map_or(end, |&p| i64::from(p));
    (0..positions.len())
        .map(|i| match (takes.get(i), takes.get(i + 1)) {
            (Some(&take), Some(&next)) => i64::from(next) - i64::from(take),
            (Some(&take), None) => (position(i + 1) - i64::from(take)).max(0),
            (None, _) => (position(i + 1) - position(i)).max(0),
        })
        .collect()
}

/// The JSON members of a geometry: vertices (in slot space for weighted ones, with the bone poses
/// that bind them), texture coordinates, triangles and weights.
fn geometry_members(
    g: &GeometryData,
    is_mesh: bool,
    armature: Option<(&DragonBonesData, usize)>,
) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    let n = g.vertex_count;
    match (&g.weight, armature) {
        (Some(weight), Some((data, index))) => {
            let armature = &data.armatures[index];
            let poses = bind_poses(g, weight, data, index);
            let vertices = slot_space_vertices(g, weight, &poses);
            out.push((key::VERTICES.to_owned(), Value::f32s_exact(vertices)));
            if is_mesh {
                out.push((key::UVS.to_owned(), Value::f32s(g.uvs.clone().unwrap_or_default())));
                out.push((key::TRIANGLES.to_owned(), Value::ints(g.triangles.iter().map(|&t| i64::from(t)))));
            }
            let raw_index = |bone: Option<usize>| -> i64 {
                bone.and_then(|b| armature.raw_bones.iter().position(|&r| r == Some(b))).map_or(-1, |r| r as i64)
            };
            let mut weights = Vec::new();
            let mut at = 0;
            for &count in &weight.vertex_bone_counts {
                weights.push(Value::int(count as i64));
                for influence in &weight.influences[at..at + count] {
                    let bone = influence.bone.and_then(|b| weight.bones.get(b).copied().flatten());
                    weights.push(Value::int(raw_index(bone)));
                    weights.push(Value::f32(influence.weight));
                }
                at += count;
            }
            out.push((key::WEIGHTS.to_owned(), Value::Array(weights)));
            out.push((key::SLOT_POSE.to_owned(), Value::ints([1, 0, 0, 1, 0, 0])));
            let mut bone_pose = Vec::new();
            for (bone, pose) in weight.bones.iter().zip(&poses) {
                bone_pose.push(Value::int(raw_index(*bone)));
                bone_pose.extend(pose.to_array().iter().map(|&v| Value::f64(v)));
            }
            out.push((key::BONE_POSE.to_owned(), Value::Array(bone_pose)));
        }
        _ => {
            out.push((key::VERTICES.to_owned(), Value::f32s(g.vertices.iter().copied().take(n * 2))));
            if is_mesh {
                out.push((key::UVS.to_owned(), Value::f32s(g.uvs.clone().unwrap_or_default())));
                out.push((key::TRIANGLES.to_owned(), Value::ints(g.triangles.iter().map(|&t| i64::from(t)))));
            }
        }
    }
    out
}

impl Value {
    /// Numbers that must read back as exactly these 64-bit values.
    fn f32s_exact(values: Vec<f64>) -> Value {
        Value::Array(values.into_iter().map(Value::f64).collect())
    }
}

/// A bind-space point and the slot-space point it must land on.
type Pair = ((f64, f64), (f64, f64));

/// For each bone of a weighted geometry, the pose that maps its bind-space vertices onto the
/// slot-space ones: fitted to the plain vertices the file keeps beside the weights where it does,
/// else the bone's setup pose.
fn bind_poses(g: &GeometryData, weight: &WeightData, data: &DragonBonesData, index: usize) -> Vec<Matrix> {
    let setup = crate::eval::Runtime::build(data, index).ok();
    let setup_pose = |bone: Option<usize>| -> Matrix {
        bone.and_then(|b| setup.as_ref()?.bone(b).map(|s| s.matrix)).unwrap_or(Matrix::IDENTITY)
    };
    let plain = g.vertices.len() == g.vertex_count * 2 && g.vertices.iter().all(|v| v.is_finite());
    let mut pairs: Vec<Vec<Pair>> = vec![Vec::new(); weight.bones.len()];
    if plain {
        let mut at = 0;
        for (v, &count) in weight.vertex_bone_counts.iter().enumerate() {
            let target = (g.vertices[v * 2], g.vertices[v * 2 + 1]);
            for influence in &weight.influences[at..at + count] {
                if let Some(b) = influence.bone.filter(|&b| b < pairs.len()) {
                    pairs[b].push(((influence.x, influence.y), target));
                }
            }
            at += count;
        }
    }
    weight
        .bones
        .iter()
        .enumerate()
        .map(|(i, &bone)| {
            let pairs = &pairs[i];
            fit_affine(pairs).or_else(|| fit_similarity(pairs)).unwrap_or_else(|| match pairs.first() {
                // One point: the bone's setup pose moved to put it in place.
                Some(((x, y), (u, v))) => {
                    let mut m = setup_pose(bone);
                    let (px, py) = m.transform_point(*x, *y);
                    m.tx += u - px;
                    m.ty += v - py;
                    m
                }
                None => setup_pose(bone),
            })
        })
        .collect()
}

/// The rotation, uniform scale and translation taking the first points onto the second ones
/// (two points or more, not all in one place); `None` when none fits them.
fn fit_similarity(pairs: &[Pair]) -> Option<Matrix> {
    if pairs.len() < 2 {
        return None;
    }
    let n = pairs.len() as f64;
    let (mx, my) = pairs.iter().fold((0.0, 0.0), |(sx, sy), ((x, y), _)| (sx + x / n, sy + y / n));
    let (mu, mv) = pairs.iter().fold((0.0, 0.0), |(su, sv), (_, (u, v))| (su + u / n, sv + v / n));
    let (mut dot, mut cross, mut norm) = (0.0, 0.0, 0.0);
    for ((x, y), (u, v)) in pairs {
        let (x, y, u, v) = (x - mx, y - my, u - mu, v - mv);
        dot += x * u + y * v;
        cross += x * v - y * u;
        norm += x * x + y * y;
    }
    if norm <= 1e-12 {
        return None;
    }
    let (a, b) = (dot / norm, cross / norm);
    let m = Matrix { a, b, c: -b, d: a, tx: mu - a * mx + b * my, ty: mv - b * mx - a * my };
    fits(&m, pairs).then_some(m)
}

/// Whether `m` takes every first point onto its second (to a thousandth of their size).
fn fits(m: &Matrix, pairs: &[Pair]) -> bool {
    let scale = pairs.iter().fold(1.0f64, |s, (_, (u, v))| s.max(u.abs()).max(v.abs()));
    pairs.iter().all(|((x, y), (u, v))| {
        let (px, py) = m.transform_point(*x, *y);
        (px - u).abs() <= 1e-3 * scale && (py - v).abs() <= 1e-3 * scale
    })
}

/// The affine map taking each first point onto its second, by least squares; `None` when the
/// points do not determine one (fewer than three, or on a line) or it does not fit them.
fn fit_affine(pairs: &[Pair]) -> Option<Matrix> {
    if pairs.len() < 3 {
        return None;
    }
    // Normal equations for [a c tx] and [b d ty] over rows (x, y, 1), centred for precision.
    let n = pairs.len() as f64;
    let (mx, my) = pairs.iter().fold((0.0, 0.0), |(sx, sy), ((x, y), _)| (sx + x / n, sy + y / n));
    let (mu, mv) = pairs.iter().fold((0.0, 0.0), |(su, sv), (_, (u, v))| (su + u / n, sv + v / n));
    let (mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0);
    let (mut sxu, mut syu, mut sxv, mut syv) = (0.0, 0.0, 0.0, 0.0);
    for ((x, y), (u, v)) in pairs {
        let (x, y, u, v) = (x - mx, y - my, u - mu, v - mv);
        sxx += x * x;
        sxy += x * y;
        syy += y * y;
        sxu += x * u;
        syu += y * u;
        sxv += x * v;
        syv += y * v;
    }
    let det = sxx * syy - sxy * sxy;
    if det.abs() <= 1e-9 * (sxx * syy).max(1e-300) || !det.is_finite() {
        return None;
    }
    let a = (sxu * syy - syu * sxy) / det;
    let c = (syu * sxx - sxu * sxy) / det;
    let b = (sxv * syy - syv * sxy) / det;
    let d = (syv * sxx - sxv * sxy) / det;
    let m = Matrix { a, b, c, d, tx: mu - a * mx - c * my, ty: mv - b * mx - d * my };
    fits(&m, pairs).then_some(m)
}

/// Each vertex in slot space: its first influence's bind-space point through that bone's pose
/// (a vertex without influences keeps its plain position).
fn slot_space_vertices(g: &GeometryData, weight: &WeightData, poses: &[Matrix]) -> Vec<f64> {
    let mut out = Vec::with_capacity(g.vertex_count * 2);
    let mut at = 0;
    for (v, &count) in weight.vertex_bone_counts.iter().enumerate() {
        let first = weight.influences.get(at).filter(|_| count > 0);
        let point = match first.and_then(|i| Some((i, poses.get(i.bone?)?))) {
            Some((i, pose)) => pose.transform_point(i.x, i.y),
            None => (g.vertices.get(v * 2).copied().unwrap_or(0.0), g.vertices.get(v * 2 + 1).copied().unwrap_or(0.0)),
        };
        out.push(point.0);
        out.push(point.1);
        at += count;
    }
    out
}

/// The timelines of one animation, written as JSON.
struct Timelines<'d> {
    data: &'d DragonBonesData,
    armature: &'d ArmatureData,
    animation: &'d AnimationData,
    version: f64,
}

/// What a timeline's key frames hold, per JSON key.
impl Timelines<'_> {
    fn write(&self, members: &mut Vec<(String, Value)>) {
        let a = self.animation;
        let mut typed = Vec::new();
        if let Some(z) = &a.z_order_timeline {
            let frames = self.frames(z, |i, out| {
                if let TimelineValues::ZOrder(orders) = &z.values
                    && let Some(Some(order)) = orders.get(i)
                {
                    out.push((key::Z_ORDER.to_owned(), Value::ints(z_order_pairs(order))));
                }
            });
            let mut entry = timing_members(z);
            entry.push((key::FRAME.to_owned(), frames));
            members.push((key::Z_ORDER.to_owned(), Value::anchored(entry, vec![z.node])));
        }
        let mut bones = Grouped::default();
        for (name, list) in &a.bone_timelines.entries {
            for t in list {
                let frames_key = match t.kind {
                    TimelineKind::BoneTranslate => "translateFrame",
                    TimelineKind::BoneRotate => "rotateFrame",
                    TimelineKind::BoneScale => "scaleFrame",
                    TimelineKind::BoneAll => key::FRAME,
                    _ => {
                        typed.push(self.typed(name, t));
                        continue;
                    }
                };
                bones.place(name, &[t], frames_key, self.key_frames(t));
            }
        }
        let bones = bones.values();
        if !bones.is_empty() {
            members.push((key::BONE.to_owned(), Value::Array(bones)));
        }
        let mut slots = Grouped::default();
        let mut ffd = Vec::new();
        for (name, list) in &a.slot_timelines.entries {
            let display = list.iter().find(|t| t.kind == TimelineKind::SlotDisplay);
            let color = list.iter().find(|t| t.kind == TimelineKind::SlotColor);
            let merged = match (display, color) {
                (Some(d), Some(c)) if self.version < 5.5 && timing(d) == timing(c) => {
                    d.frames.iter().map(|f| f.position).eq(c.frames.iter().map(|f| f.position)).then_some((d, c))
                }
                _ => None,
            };
            if let Some((d, c)) = merged {
                slots.place(name, &[d, c], key::FRAME, self.merged_slot_frames(d, c));
            }
            for t in list {
                if merged.is_some_and(|(d, c)| std::ptr::eq(t, d) || std::ptr::eq(t, c)) {
                    continue;
                }
                let frames_key = match t.kind {
                    TimelineKind::SlotDisplay => key::DISPLAY_FRAME,
                    TimelineKind::SlotColor => key::COLOR_FRAME,
                    TimelineKind::SlotDeform => {
                        if let Some(v) = self.ffd(name, t) {
                            ffd.push(v);
                        }
                        continue;
                    }
                    _ => {
                        typed.push(self.typed(name, t));
                        continue;
                    }
                };
                slots.place(name, &[t], frames_key, self.key_frames(t));
            }
        }
        let slots = slots.values();
        if !slots.is_empty() {
            members.push((key::SLOT.to_owned(), Value::Array(slots)));
        }
        if !ffd.is_empty() {
            members.push((key::FFD.to_owned(), Value::Array(ffd)));
        }
        let mut ik = Vec::new();
        for (name, list) in &a.constraint_timelines.entries {
            for t in list {
                let mut entry = vec![(key::NAME.to_owned(), Value::Str(name.clone()))];
                entry.extend(timing_members(t));
                entry.push((key::FRAME.to_owned(), self.key_frames(t)));
                ik.push(Value::anchored(entry, vec![t.node]));
            }
        }
        if !ik.is_empty() {
            members.push((key::IK.to_owned(), Value::Array(ik)));
        }
        for (name, list) in &a.animation_timelines.entries {
            for t in list {
                typed.push(self.typed(name, t));
            }
        }
        if !typed.is_empty() {
            members.push((key::TIMELINE.to_owned(), Value::Array(typed)));
        }
    }

    /// A 5.6 `timeline[]` entry.
    fn typed(&self, name: &str, t: &TimelineData) -> Value {
        let mut entry = vec![
            (key::TYPE.to_owned(), Value::int(type_number(t.kind))),
            (key::NAME.to_owned(), Value::Str(name.to_owned())),
        ];
        if t.kind == TimelineKind::AnimationProgress && self.animation.blend_type != 0 {
            entry.push((key::X.to_owned(), Value::f64(t.position.0)));
            entry.push((key::Y.to_owned(), Value::f64(t.position.1)));
        }
        entry.extend(timing_members(t));
        entry.push((key::FRAME.to_owned(), self.key_frames(t)));
        Value::anchored(entry, vec![t.node])
    }

    /// Key frames with their durations, tweens and values.
    fn key_frames(&self, t: &TimelineData) -> Value {
        let rotation = match t.kind {
            TimelineKind::BoneRotate | TimelineKind::BoneAll => Some(unwind(t)),
            _ => None,
        };
        self.frames(t, |i, out| self.values(t, i, rotation.as_deref(), out))
    }

    /// Key frames: duration, tween, then what `values` adds.
    fn frames(&self, t: &TimelineData, values: impl Fn(usize, &mut Vec<(String, Value)>)) -> Value {
        let positions: Vec<i16> = t.frames.iter().map(|f| f.position).collect();
        let durations = durations(&positions, self.animation.frame_count);
        let frames = t.frames.iter().enumerate().map(|(i, f)| {
            let mut out = vec![(key::DURATION.to_owned(), Value::int(durations[i]))];
            tween_members(&f.tween, durations[i], &mut out);
            values(i, &mut out);
            Value::anchored(out, vec![f.node])
        });
        Value::Array(frames.collect())
    }

    /// Slot frames of 4.5–5.0 data: the display index and the colour of each key frame together.
    fn merged_slot_frames(&self, display: &TimelineData, color: &TimelineData) -> Value {
        let positions: Vec<i16> = color.frames.iter().map(|f| f.position).collect();
        let durations = durations(&positions, self.animation.frame_count);
        let frames = color.frames.iter().enumerate().map(|(i, f)| {
            let mut out = vec![(key::DURATION.to_owned(), Value::int(durations[i]))];
            tween_members(&f.tween, durations[i], &mut out);
            if let TimelineValues::Step(v) = &display.values
                && let Some(&index) = v.get(i)
                && index != 0
            {
                out.push((key::DISPLAY_INDEX.to_owned(), Value::int(i64::from(index))));
            }
            self.values(color, i, None, &mut out);
            if let Some(c) = out.iter_mut().find(|(k, _)| k == key::VALUE) {
                c.0 = key::COLOR.to_owned();
            }
            Value::anchored(out, vec![f.node, display.frames[i].node])
        });
        Value::Array(frames.collect())
    }

    /// The values of key frame `i`, as the JSON keys the parse reads for this kind.
    fn values(&self, t: &TimelineData, i: usize, rotation: Option<&[(String, i64)]>, out: &mut Vec<(String, Value)>) {
        let int = |k: usize, count: usize| -> i64 {
            match &t.values {
                TimelineValues::Int { values, .. } => values.get(i * count + k).map_or(0, |&v| i64::from(v)),
                _ => 0,
            }
        };
        let float = |k: usize, count: usize| -> f64 {
            match &t.values {
                TimelineValues::Float { values, .. } => values.get(i * count + k).copied().unwrap_or(0.0),
                _ => 0.0,
            }
        };
        let mut put = |k: &str, v: Value| out.push((k.to_owned(), v));
        match t.kind {
            TimelineKind::BoneTranslate | TimelineKind::BoneScale => {
                let default = if t.kind == TimelineKind::BoneScale { 1.0 } else { 0.0 };
                for (k, name) in [(0, key::X), (1, key::Y)] {
                    let v = float(k, 2);
                    if v != default {
                        put(name, Value::f32(v));
                    }
                }
            }
            TimelineKind::BoneRotate => {
                let (rotate, clockwise) = rotation.and_then(|r| r.get(i)).cloned().unwrap_or(("0".to_owned(), 0));
                if rotate != "0" {
                    put(key::ROTATE, Value::Raw(rotate));
                }
                let skew = float(1, 2);
                if skew != 0.0 {
                    put(key::SKEW, Value::Raw(degrees_of(skew, |r| r).0));
                }
                if clockwise != 0 {
                    put(key::CLOCKWISE, Value::int(clockwise));
                }
            }
            TimelineKind::BoneAll => {
                let (rotate, clockwise) = rotation.and_then(|r| r.get(i)).cloned().unwrap_or(("0".to_owned(), 0));
                let mut transform = Vec::new();
                for (k, name, default) in [(0, key::X, 0.0), (1, key::Y, 0.0)] {
                    let v = float(k, 6);
                    if v != default {
                        transform.push((name.to_owned(), Value::f32(v)));
                    }
                }
                if rotate != "0" {
                    transform.push((key::ROTATE.to_owned(), Value::Raw(rotate)));
                }
                let skew = float(3, 6);
                if skew != 0.0 {
                    transform.push((key::SKEW.to_owned(), Value::Raw(degrees_of(skew, normalize_radian).0)));
                }
                for (k, name) in [(4, key::SC_X), (5, key::SC_Y)] {
                    let v = float(k, 6);
                    if v != 1.0 {
                        transform.push((name.to_owned(), Value::f32(v)));
                    }
                }
                put(key::TRANSFORM, Value::object(transform));
                if clockwise != 0 {
                    put(key::TWEEN_ROTATE, Value::int(clockwise));
                }
            }
            TimelineKind::SlotDisplay => {
                if let TimelineValues::Step(v) = &t.values {
                    put(key::VALUE, Value::int(v.get(i).map_or(0, |&v| i64::from(v))));
                }
            }
            TimelineKind::SlotColor => {
                if let TimelineValues::Color(colors) = &t.values {
                    let c = colors.get(i).copied().unwrap_or([100, 100, 100, 100, 0, 0, 0, 0]);
                    let keys = [key::A_M, key::R_M, key::G_M, key::B_M, key::A_O, key::R_O, key::G_O, key::B_O];
                    let color: Vec<(String, Value)> = keys
                        .iter()
                        .zip(c)
                        .enumerate()
                        .filter(|(k, (_, v))| *v != if *k < 4 { 100 } else { 0 })
                        .map(|(_, (name, v))| ((*name).to_owned(), Value::int(i64::from(v))))
                        .collect();
                    put(key::VALUE, Value::object(color));
                }
            }
            TimelineKind::IkConstraint => {
                put(key::BEND_POSITIVE, Value::bool(int(0, 2) != 0));
                put(key::WEIGHT, Value::f64(int(1, 2) as f64 / 100.0));
            }
            TimelineKind::BoneAlpha | TimelineKind::SlotAlpha => put(key::VALUE, Value::f64(int(0, 1) as f64 / 100.0)),
            TimelineKind::SlotZIndex => put(key::VALUE, Value::int(int(0, 1))),
            TimelineKind::AnimationProgress | TimelineKind::AnimationWeight => {
                put(key::VALUE, Value::f64(int(0, 1) as f64 / 10000.0))
            }
            TimelineKind::AnimationParameter => {
                put(key::X, Value::f64(int(0, 2) as f64 / 10000.0));
                put(key::Y, Value::f64(int(1, 2) as f64 / 10000.0));
            }
            TimelineKind::Surface => {
                let count = t.deform_count;
                if let TimelineValues::Float { values, .. } = &t.values {
                    let own = values.get(i * count..(i + 1) * count).unwrap_or(&[]);
                    deform_members(own, key::VALUE, out);
                }
            }
            TimelineKind::SlotDeform | TimelineKind::Action | TimelineKind::ZOrder => {}
        }
    }

    /// A slot deform timeline as a 5.5 `ffd` entry: the first display (any skin) of the mesh
    /// it deforms, and per key frame the deltas in slot space.
    fn ffd(&self, slot: &str, t: &TimelineData) -> Option<Value> {
        let g = t.geometry?;
        let (skin, display) = self.armature.skins.iter().find_map(|s| {
            let displays = s.displays_of(slot)?;
            displays.iter().flatten().find(|d| d.geometry() == Some(g)).map(|d| (s, d))
        })?;
        let geometry = self.data.geometries.get(g)?;
        let poses = geometry.weight.as_ref().map(|w| bind_poses(geometry, w, self.data, self.armature_index()));
        let count = t.deform_count;
        let frames = self.frames(t, |i, out| {
            let TimelineValues::Float { values, .. } = &t.values else { return };
            let own = values.get(i * count..(i + 1) * count).unwrap_or(&[]);
            match (&geometry.weight, &poses) {
                (Some(weight), Some(poses)) => {
                    let deltas = slot_space_deltas(own, weight, poses, geometry.vertex_count);
                    deform_members_exact(&deltas, out);
                }
                _ => deform_members(own, key::VERTICES, out),
            }
        });
        let mut entry = vec![
            (key::NAME.to_owned(), Value::Str(display.name.clone())),
            (key::SLOT.to_owned(), Value::Str(slot.to_owned())),
            (key::SKIN.to_owned(), Value::Str(skin.name.clone())),
        ];
        entry.extend(timing_members(t));
        entry.push((key::FRAME.to_owned(), frames));
        Some(Value::anchored(entry, vec![t.node]))
    }

    fn armature_index(&self) -> usize {
        self.data.armatures.iter().position(|a| std::ptr::eq(a, self.armature)).unwrap_or(0)
    }
}

/// A timeline's stored scale and offset (100 and 0 per 100 when absent), as JSON reads them.
fn timing(t: &TimelineData) -> (u64, u64) {
    ((100.0 / t.time_scale).round().to_bits(), (t.time_offset * 100.0).round().to_bits())
}

/// `scale` and `offset` of a timeline object, when not the defaults.
fn timing_members(t: &TimelineData) -> Vec<(String, Value)> {
    let (scale, offset) = ((100.0 / t.time_scale).round(), (t.time_offset * 100.0).round());
    let mut out = Vec::new();
    if scale != 100.0 {
        out.push((key::SCALE.to_owned(), Value::f64(scale / 100.0)));
    }
    if offset != 0.0 {
        out.push((key::OFFSET.to_owned(), Value::f64(offset / 100.0)));
    }
    out
}

/// Bone or slot timeline objects: the timelines of one name share an object when their scale
/// and offset agree and their key differs.
#[derive(Default)]
struct Grouped {
    objects: Vec<GroupedObject>,
}

struct GroupedObject {
    name: String,
    timing: (u64, u64),
    members: Vec<(String, Value)>,
    anchors: Vec<NodeId>,
}

impl Grouped {
    fn place(&mut self, name: &str, timelines: &[&TimelineData], frames_key: &str, frames: Value) {
        let when = timing(timelines[0]);
        let found = self
            .objects
            .iter_mut()
            .find(|o| o.name == name && o.timing == when && !o.members.iter().any(|(k, _)| k == frames_key));
        let object = match found {
            Some(object) => object,
            None => {
                let mut members = vec![(key::NAME.to_owned(), Value::Str(name.to_owned()))];
                members.extend(timing_members(timelines[0]));
                self.objects.push(GroupedObject { name: name.to_owned(), timing: when, members, anchors: Vec::new() });
                self.objects.last_mut().expect("just added")
            }
        };
        object.members.push((frames_key.to_owned(), frames));
        object.anchors.extend(timelines.iter().map(|t| t.node));
    }

    fn values(self) -> Vec<Value> {
        self.objects.into_iter().map(|o| Value::anchored(o.members, o.anchors)).collect()
    }
}

/// A deform key frame's deltas as `offset` and the list from the first to the last that is not 0.
fn deform_members(values: &[f64], list_key: &str, out: &mut Vec<(String, Value)>) {
    let Some(first) = values.iter().position(|&v| v != 0.0) else { return };
    let last = values.iter().rposition(|&v| v != 0.0).unwrap_or(first);
    if first > 0 {
        out.push((key::OFFSET.to_owned(), Value::int(first as i64)));
    }
    out.push((list_key.to_owned(), Value::f32s(values[first..=last].iter().copied())));
}

fn deform_members_exact(values: &[f64], out: &mut Vec<(String, Value)>) {
    let Some(first) = values.iter().position(|&v| v != 0.0) else { return };
    let last = values.iter().rposition(|&v| v != 0.0).unwrap_or(first);
    if first > 0 {
        out.push((key::OFFSET.to_owned(), Value::int(first as i64)));
    }
    out.push((key::VERTICES.to_owned(), Value::Array(values[first..=last].iter().map(|&v| Value::f64(v)).collect())));
}

/// A weighted mesh's per-influence deltas (in each bone's bind space) as per-vertex deltas in slot
/// space, through each vertex's first influence.
fn slot_space_deltas(values: &[f64], weight: &WeightData, poses: &[Matrix], vertex_count: usize) -> Vec<f64> {
    let mut out = vec![0.0; vertex_count * 2];
    let mut at = 0;
    for (v, &count) in weight.vertex_bone_counts.iter().enumerate() {
        if count > 0
            && let Some(pose) = weight.influences.get(at).and_then(|i| poses.get(i.bone?))
        {
            let (dx, dy) = (values.get(at * 2).copied().unwrap_or(0.0), values.get(at * 2 + 1).copied().unwrap_or(0.0));
            let (x, y) = pose.transform_vector(dx, dy);
            out[v * 2] = x;
            out[v * 2 + 1] = y;
        }
        at += count;
    }
    out
}

/// `tweenEasing` or `curve` for a stored tween (none: no key).
fn tween_members(tween: &Tween, duration: i64, out: &mut Vec<(String, Value)>) {
    match tween {
        Tween::None => {}
        Tween::Line => out.push((key::TWEEN_EASING.to_owned(), Value::int(0))),
        Tween::QuadIn(e) => out.push((key::TWEEN_EASING.to_owned(), Value::f64(-f64::from(*e) / 100.0))),
        Tween::QuadOut(e) => out.push((key::TWEEN_EASING.to_owned(), Value::f64(f64::from(*e) / 100.0))),
        Tween::QuadInOut(e) => out.push((key::TWEEN_EASING.to_owned(), Value::f64((f64::from(*e) + 100.0) / 100.0))),
        Tween::Curve { samples, omitted: true } => {
            let _ = duration;
            out.push((
                key::CURVE.to_owned(),
                Value::Array(curve_through(&samples.to_vec()).into_iter().map(Value::f64).collect()),
            ));
        }
        Tween::Curve { omitted: false, .. } => out.push((key::TWEEN_EASING.to_owned(), Value::int(0))),
    }
}

/// A Bézier easing curve (its end points left out) whose sampling gives back `samples` (y in
/// 1/10 000 at x = (i + 1) / (n + 1)) exactly: a flat stretch around each sample's x, joined by
/// straight lines, so that wherever the runtime's bisection stops within a stretch it reads that
/// sample's y.
pub fn curve_through(samples: &[i16]) -> Vec<f64> {
    let n = samples.len();
    let gap = 1.0 / (n + 1) as f64;
    let half = gap / 1000.0;
    let mut anchors: Vec<(f64, f64)> = Vec::with_capacity(n * 2);
    for (i, &s) in samples.iter().enumerate() {
        let (x, y) = ((i + 1) as f64 * gap, f64::from(s) / 10000.0);
        anchors.push((x - half, y));
        anchors.push((x + half, y));
    }
    let mut out = Vec::with_capacity(12 * n + 4);
    let mut from = (0.0, 0.0);
    let controls = |out: &mut Vec<f64>, a: (f64, f64), b: (f64, f64)| {
        out.extend([
            a.0 + (b.0 - a.0) / 3.0,
            a.1 + (b.1 - a.1) / 3.0,
            a.0 + (b.0 - a.0) * 2.0 / 3.0,
            a.1 + (b.1 - a.1) * 2.0 / 3.0,
        ]);
    };
    for &anchor in &anchors {
        controls(&mut out, from, anchor);
        out.extend([anchor.0, anchor.1]);
        from = anchor;
    }
    controls(&mut out, from, (1.0, 1.0));
    out
}

/// The `zOrder` pairs (slot index, move) whose reading gives `order` (the slot drawn at each
/// position): every slot that moves, or every slot when that alone does not give it.
fn z_order_pairs(order: &[i16]) -> Vec<i64> {
    let count = order.len();
    let mut position = vec![usize::MAX; count];
    for (p, &slot) in order.iter().enumerate() {
        if let Some(entry) = usize::try_from(slot).ok().and_then(|s| position.get_mut(s)) {
            *entry = p;
        }
    }
    let pairs = |all: bool| -> Vec<(usize, i64)> {
        (0..count)
            .filter(|&s| position[s] != usize::MAX && (all || position[s] != s))
            .map(|s| (s, position[s] as i64 - s as i64))
            .collect()
    };
    let moved = pairs(false);
    let chosen = if read_z_order(&moved, count) == order { moved } else { pairs(true) };
    chosen.into_iter().flat_map(|(s, d)| [s as i64, d]).collect()
}

/// The draw order the runtime reads from `zOrder` pairs (slots not listed keep their order).
fn read_z_order(pairs: &[(usize, i64)], count: usize) -> Vec<i16> {
    let mut orders = vec![-1i64; count];
    let mut unchanged = Vec::new();
    let mut original = 0usize;
    for &(slot, offset) in pairs {
        while original < slot {
            unchanged.push(original);
            original += 1;
        }
        let index = original as i64 + offset;
        if (0..count as i64).contains(&index) {
            orders[index as usize] = original as i64;
        }
        original += 1;
    }
    while original < count {
        unchanged.push(original);
        original += 1;
    }
    let mut out = vec![0i16; count];
    for i in (0..count).rev() {
        out[i] = if orders[i] == -1 { unchanged.pop().map_or(0, |u| u as i16) } else { orders[i] as i16 };
    }
    out
}

/// For each key frame of a rotation timeline, the `rotate` (degrees) and `clockwise` (or, in
/// the 5.0 form, `tweenRotate`) that the JSON parse unwinds into the stored angles: from the
/// previous key frame it turns the shortest way, or as many extra turns as the previous key frame
/// says (one turn fewer when the angle is already past the previous one that way).
fn unwind(t: &TimelineData) -> Vec<(String, i64)> {
    use std::f64::consts::PI;
    let all = t.kind == TimelineKind::BoneAll;
    let (count, k) = if all { (6, 2) } else { (2, 0) };
    let TimelineValues::Float { values, .. } = &t.values else { return Vec::new() };
    let mut out: Vec<(String, i64)> = Vec::with_capacity(t.frames.len());
    let mut previous = 0.0f64;
    for i in 0..t.frames.len() {
        let target = values.get(i * count + k).copied().unwrap_or(0.0);
        // The 5.0 form's angle is normalised when read; the 5.5 form's is taken as written.
        let normalised = |r: f64| if all { normalize_radian(r) } else { r };
        let (degrees, read) = degrees_of(target, normalised);
        out.push((degrees, 0));
        if i == 0 {
            previous = read;
            continue;
        }
        let turns = ((target - read) / (2.0 * PI)).round();
        let shortest = previous + normalize_radian(read - previous);
        if turns == 0.0 && (shortest as f32) == (target as f32) {
            previous = shortest;
            continue;
        }
        let m = turns as i64;
        let (ahead, behind) = (read >= previous, read <= previous);
        // Saturating: a stored angle of 1e300 radians is billions of billions of turns.
        out[i - 1].1 = match m {
            m if m > 0 => m.saturating_add(i64::from(ahead)),
            m if m < 0 => m.saturating_sub(i64::from(behind)),
            _ if ahead => 1,
            _ => -1,
        };
        previous = previous + read - previous + 2.0 * PI * turns;
    }
    out
}

/// An angle in degrees that the parse (`× π/180`, then `read`) gives back as `radians` in a
/// 32-bit float, spelt as shortly as it can be; and the radians the parse computes from it. The
/// angle itself comes first, then the angle brought into (−π, π] (a stored ±π may round past π).
fn degrees_of(radians: f64, read: impl Fn(f64) -> f64) -> (String, f64) {
    let wanted = radians as f32;
    let mut fallback = None;
    for candidate in [radians, normalize_radian(radians)] {
        let exact = candidate / DEG_RAD;
        for text in [json_out::f32_text(exact), json_out::f64_text(exact)] {
            let Ok(degrees) = text.parse::<f64>() else { continue };
            let back = read(degrees * DEG_RAD);
            if back as f32 == wanted {
                return (text, back);
            }
            fallback.get_or_insert((text, back));
        }
    }
    fallback.unwrap_or_else(|| ("0".to_owned(), 0.0))
}

/// The timeline type number of a kind (for 5.6 `timeline[]` entries).
pub fn type_number(kind: TimelineKind) -> i64 {
    use crate::binary::timeline_type as ty;
    i64::from(match kind {
        TimelineKind::Action => ty::ACTION,
        TimelineKind::ZOrder => ty::Z_ORDER,
        TimelineKind::BoneAll => ty::BONE_ALL,
        TimelineKind::BoneTranslate => ty::BONE_TRANSLATE,
        TimelineKind::BoneRotate => ty::BONE_ROTATE,
        TimelineKind::BoneScale => ty::BONE_SCALE,
        TimelineKind::BoneAlpha => ty::BONE_ALPHA,
        TimelineKind::Surface => ty::SURFACE,
        TimelineKind::SlotDisplay => ty::SLOT_DISPLAY,
        TimelineKind::SlotColor => ty::SLOT_COLOR,
        TimelineKind::SlotDeform => ty::SLOT_DEFORM,
        TimelineKind::SlotZIndex => ty::SLOT_Z_INDEX,
        TimelineKind::SlotAlpha => ty::SLOT_ALPHA,
        TimelineKind::IkConstraint => ty::IK_CONSTRAINT,
        TimelineKind::AnimationProgress => ty::ANIMATION_PROGRESS,
        TimelineKind::AnimationWeight => ty::ANIMATION_WEIGHT,
        TimelineKind::AnimationParameter => ty::ANIMATION_PARAMETER,
    })
}
