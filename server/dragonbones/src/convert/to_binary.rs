//! A JSON skeleton written as a binary one that the runtimes read as they read the JSON: the
//! header is the skeleton with each mesh's, path's and surface's numbers and each animation's
//! timelines moved into the arrays, which hold what the JSON parse keeps (the runtime's data,
//! [`DragonBonesData`]) laid out as the runtime's own JSON parse lays it out in memory, with the
//! fixes both runtimes need: weight blocks that list their bones by their index in the file,
//! colours in `intArray` (each colour once, as the official converter writes them), every
//! timeline with its type, and key frames placed where the JSON's durations place them.

use std::collections::{HashMap, HashSet};

use super::json_out::Value;
use crate::binary::{self, Body};
use crate::eval::data::*;
use crate::eval::parse::Parsed;
use crate::eval::raw::Raw;
use crate::schema::key;
use crate::syntax::{NodeId, Tree};

/// Why a skeleton cannot be written as a binary the runtimes read as they read it.
#[derive(Debug, PartialEq)]
pub struct Refusal(pub Vec<String>);

/// The keys of a mesh, path or surface whose numbers move into the arrays.
const GEOMETRY_KEYS: [&str; 10] = [
    key::VERTICES,
    key::UVS,
    key::TRIANGLES,
    key::WEIGHTS,
    key::BONE_POSE,
    key::SLOT_POSE,
    key::EDGES,
    key::USER_EDGES,
    key::BONES,
    key::OFFSET,
];

/// The keys of an animation the JSON parse reads as timelines (replaced by references).
const TIMELINE_KEYS: [&str; 7] = [key::FRAME, key::Z_ORDER, key::BONE, key::SLOT, key::FFD, key::IK, key::TIMELINE];

/// The binary of a skeleton parsed from `text` into `tree` and read by the runtime as `parsed`.
pub fn to_binary(text: &str, tree: &Tree, parsed: &Parsed) -> Result<Vec<u8>, Refusal> {
    let Some(root) = tree.root().filter(|&r| tree.is_object(r)) else {
        return Err(Refusal(vec!["the file is not a JSON object".to_owned()]));
    };
    let mut writer = Writer::new(text, tree, &parsed.data);
    let mut members = Vec::new();
    for m in tree.members(root) {
        let k = tree.key(text, m.key).into_owned();
        match k.as_str() {
            key::OFFSET => {}
            key::ARMATURE if tree.is_array(m.value) => {
                let list = tree.elements(m.value).map(|a| writer.armature(a)).collect();
                members.push((k, Value::Array(list)));
            }
            _ => members.push((k, Value::copy(tree, text, m.value))),
        }
    }
    if !writer.refusals.is_empty() {
        return Err(Refusal(writer.refusals));
    }
    writer.body.pad();
    let offsets = writer.body.offsets();
    members.push((key::OFFSET.to_owned(), Value::ints(offsets.iter().map(|&o| o as i64))));
    let header = compact(&Value::object(members));
    Ok(binary::encode(&header, &writer.body))
}

/// JSON without spaces or line breaks (the header is read by machines).
fn compact(value: &Value) -> String {
    let mut out = String::new();
    write_compact(value, &mut out);
    out
}

fn write_compact(value: &Value, out: &mut String) {
    match value {
        Value::Raw(raw) => out.push_str(raw),
        Value::NonFinite => out.push_str("null"),
        Value::Str(s) => out.push_str(&serde_json::to_string(s).unwrap_or_default()),
        Value::Object(members, _) => {
            out.push('{');
            for (i, (k, v)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&serde_json::to_string(k).unwrap_or_default());
                out.push(':');
                write_compact(v, out);
            }
            out.push('}');
        }
        Value::Array(elements) => {
            out.push('[');
            for (i, e) in elements.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_compact(e, out);
            }
            out.push(']');
        }
    }
}

struct Writer<'a> {
    text: &'a str,
    tree: &'a Tree,
    raw: Raw<'a>,
    data: &'a DragonBonesData,
    body: Body,
    /// Each geometry's block in `intArray`, once written.
    written: HashMap<usize, usize>,
    /// The geometry each node (display or surface bone) read.
    geometry_of: HashMap<NodeId, usize>,
    /// Each colour's place in `intArray`: key frames of the same colour share it, as the
    /// official converter (Tools `toBinary`) writes them.
    colors: HashMap<[i16; 8], usize>,
    refusals: Vec<String>,
    /// The refusals given, to give each once (a large file gives many).
    refused: HashSet<String>,
    /// The (what, array) pairs found past 16 bits: each later index of one is past too.
    overflowed: HashSet<(&'static str, &'static str)>,
}

/// An absolute index stored in 16 bits (the readers add 65 536 to a negative value).
fn wrapped(index: usize) -> i16 {
    index as u16 as i16
}

impl<'a> Writer<'a> {
    fn new(text: &'a str, tree: &'a Tree, data: &'a DragonBonesData) -> Writer<'a> {
        let geometry_of = data.geometries.iter().enumerate().map(|(i, g)| (g.node, i)).rev().collect();
        Writer {
            text,
            tree,
            raw: Raw::new(tree, text),
            data,
            body: Body { color: None, ..Body::default() },
            written: HashMap::new(),
            geometry_of,
            colors: HashMap::new(),
            refusals: Vec::new(),
            refused: HashSet::new(),
            overflowed: HashSet::new(),
        }
    }

    fn refuse(&mut self, why: String) {
        if self.refused.insert(why.clone()) {
            self.refusals.push(why);
        }
    }

    /// `what` at `array[index]` does not fit 16 bits: said for the first such index of each.
    fn refuse_overflow(&mut self, what: &'static str, array: &'static str, index: usize) {
        if self.overflowed.insert((what, array)) {
            self.refuse(overflow(what, array, index));
        }
    }

    fn key(&self, m: crate::syntax::Member) -> String {
        self.tree.key(self.text, m.key).into_owned()
    }

    fn armature(&mut self, node: NodeId) -> Value {
        let (tree, text) = (self.tree, self.text);
        if !tree.is_object(node) {
            return Value::copy(tree, text, node);
        }
        let armature = self.data.armatures.iter().position(|a| a.node == node);
        let mut actions = Actions::default();
        let mut members: Vec<(String, Option<Value>)> = Vec::new();
        let mut original_actions = None;
        let mut animations = None;
        // Geometry first (deform timelines name their mesh's block), animations after.
        for m in tree.members(node) {
            let k = self.key(m);
            let value = match k.as_str() {
                key::ACTIONS => {
                    original_actions = Some(m.value);
                    continue;
                }
                key::BONE if tree.is_array(m.value) => {
                    Value::Array(tree.elements(m.value).map(|b| self.with_geometry(b, armature)).collect())
                }
                key::SKIN if tree.is_array(m.value) => {
                    Value::Array(tree.elements(m.value).map(|s| self.skin(s, armature)).collect())
                }
                key::ANIMATION if tree.is_array(m.value) && animations.is_none() => {
                    animations = Some((members.len(), m.value));
                    members.push((k, None));
                    continue;
                }
                _ => Value::copy(tree, text, m.value),
            };
            members.push((k, Some(value)));
        }
        if let Some((at, list)) = animations {
            let list = tree.elements(list).map(|a| self.animation(a, armature, &mut actions)).collect();
            members[at].1 = Some(Value::Array(list));
        }
        let mut members: Vec<(String, Value)> = members.into_iter().filter_map(|(k, v)| Some((k, v?))).collect();
        // The runtime appends an armature's own `actions` after those of its key frames.
        let mut list = actions.objects;
        if let Some(original) = original_actions {
            match Value::copy(tree, text, original) {
                Value::Array(elements) => list.extend(elements),
                single => list.push(single),
            }
        }
        if !list.is_empty() {
            members.push((key::ACTIONS.to_owned(), Value::Array(list)));
        }
        Value::object(members)
    }

    fn skin(&mut self, node: NodeId, armature: Option<usize>) -> Value {
        let (tree, text) = (self.tree, self.text);
        super::skin_with(tree, text, node, &mut |d| self.with_geometry(d, armature))
    }

    /// A display or bone whose geometry the runtime read: its numbers replaced by `offset`.
    fn with_geometry(&mut self, node: NodeId, armature: Option<usize>) -> Value {
        let (tree, text) = (self.tree, self.text);
        let geometry = self.geometry_of.get(&node).copied();
        let shared = self.raw.has(node, key::SHARE);
        let bounding_box =
            matches!(crate::model::display_type(tree, text, node), Some(crate::schema::DisplayType::BoundingBox));
        let Some(g) = geometry.filter(|_| tree.is_object(node) && !shared && !bounding_box) else {
            return Value::copy(tree, text, node);
        };
        let offset = self.geometry(g, armature);
        let mut members = super::members_except(tree, text, node, &GEOMETRY_KEYS);
        members.push((key::OFFSET.to_owned(), Value::int(offset as i64)));
        Value::object(members)
    }

    /// Writes geometry `g` (once); its `intArray` index.
    fn geometry(&mut self, g: usize, armature: Option<usize>) -> usize {
        if let Some(&at) = self.written.get(&g) {
            return at;
        }
        let geometry = &self.data.geometries[g];
        let body = &mut self.body;
        let at = body.int.len();
        let float_at = body.float.len();
        let n = geometry.vertex_count;
        body.int.extend([n as i16, (geometry.triangles.len() / 3) as i16, wrapped(float_at), -1]);
        body.int.extend(geometry.triangles.iter().map(|&t| t as i16));
        body.float.extend(geometry.vertices.iter().take(n * 2).map(|&v| v as f32));
        if let Some(uvs) = &geometry.uvs {
            body.float.extend(uvs.iter().take(n * 2).map(|&v| v as f32));
        }
        if n > i16::MAX as usize || geometry.triangles.len() / 3 > i16::MAX as usize {
            self.refuse(format!(
                "a mesh of {n} vertices and {} triangles: counts above 32 767 do not fit the binary",
                geometry.triangles.len() / 3
            ));
        }
        if float_at > u16::MAX as usize {
            self.refuse_overflow("a mesh's vertices", "floatArray", float_at);
        }
        if let Some(weight) = &geometry.weight {
            let weight_at = self.body.int.len();
            // 65 535 reads back as −1, "no weights".
            if weight_at >= u16::MAX as usize {
                self.refuse_overflow("a mesh's weights", "intArray", weight_at);
            }
            self.body.int[at + binary::geometry::WEIGHT_OFFSET] = wrapped(weight_at);
            let floats_at = self.body.float.len();
            if floats_at > u16::MAX as usize {
                self.refuse_overflow("a mesh's weights", "floatArray", floats_at);
            }
            let raw_bones = armature.map(|a| &self.data.armatures[a].raw_bones);
            let raw_index = |bone: &Option<usize>| -> i16 {
                let found = bone.and_then(|b| raw_bones?.iter().position(|&r| r == Some(b)));
                found.map_or(-1, |r| r as i16)
            };
            let bones: Vec<i16> = weight.bones.iter().map(raw_index).collect();
            self.body.int.extend([weight.bones.len() as i16, wrapped(floats_at)]);
            self.body.int.extend(bones);
            let mut at_influence = 0;
            for &count in &weight.vertex_bone_counts {
                self.body.int.push(count as i16);
                for influence in &weight.influences[at_influence..at_influence + count] {
                    self.body.int.push(influence.bone.map_or(-1, |b| b as i16));
                    self.body.float.extend([influence.weight as f32, influence.x as f32, influence.y as f32]);
                }
                at_influence += count;
            }
        }
        if at > u16::MAX as usize {
            self.refuse_overflow("a mesh", "intArray", at);
        }
        self.written.insert(g, at);
        at
    }

    fn animation(&mut self, node: NodeId, armature: Option<usize>, actions: &mut Actions) -> Value {
        let (tree, text) = (self.tree, self.text);
        if !tree.is_object(node) {
            return Value::copy(tree, text, node);
        }
        let mut members = super::members_except(tree, text, node, &TIMELINE_KEYS);
        let base = Base {
            frame_int: self.body.frame_int.len(),
            frame_float: self.body.frame_float.len(),
            frame: self.body.frame.len(),
        };
        let offsets = [base.frame_int, base.frame_float, base.frame];
        members.push((key::OFFSET.to_owned(), Value::ints(offsets.iter().map(|&o| o as i64))));
        let animation = armature.and_then(|a| {
            let armature = &self.data.armatures[a];
            armature.animations.iter().find(|x| x.node == node).map(|x| (armature, x))
        });
        let Some((armature, animation)) = animation else { return Value::object(members) };
        if animation.frame_count > f64::from(i16::MAX) {
            self.refuse(format!(
                "animation `{}` lasts {} frames: key frame positions past 32 767 do not fit the binary",
                animation.name, animation.frame_count
            ));
        }
        let frames = self.action_frames(node, armature, animation, actions);
        let mut refs = References::default();
        if let Some(z) = &animation.z_order_timeline {
            refs.z_order = Some(self.timeline(z, base, animation));
        }
        for (name, list) in &animation.bone_timelines.entries {
            for t in list {
                let at = self.timeline(t, base, animation);
                refs.bone.entry(name.clone()).or_default().extend([i64::from(type_of(t.kind)), at as i64]);
            }
        }
        for (name, list) in &animation.slot_timelines.entries {
            for t in list {
                let at = self.timeline(t, base, animation);
                refs.slot.entry(name.clone()).or_default().extend([i64::from(type_of(t.kind)), at as i64]);
            }
        }
        for (name, list) in &animation.constraint_timelines.entries {
            for t in list {
                let at = self.timeline(t, base, animation);
                refs.constraint.entry(name.clone()).or_default().extend([i64::from(type_of(t.kind)), at as i64]);
            }
        }
        if !frames.is_empty() {
            refs.action = Some(self.action_timeline(&frames, base));
        }
        for (name, list) in &animation.animation_timelines.entries {
            for t in list {
                let at = self.timeline(t, base, animation);
                let mut entry = vec![
                    (key::TYPE.to_owned(), Value::int(i64::from(type_of(t.kind)))),
                    (key::NAME.to_owned(), Value::Str(name.clone())),
                    (key::OFFSET.to_owned(), Value::int(at as i64)),
                ];
                if t.kind == TimelineKind::AnimationProgress && animation.blend_type != 0 {
                    entry.push((key::X.to_owned(), Value::f64(t.position.0)));
                    entry.push((key::Y.to_owned(), Value::f64(t.position.1)));
                }
                refs.typed.push(Value::object(entry));
            }
        }
        refs.write(&mut members, &animation.bone_timelines, &animation.slot_timelines, &animation.constraint_timelines);
        Value::object(members)
    }

    /// Writes one timeline: its header in `timelineArray`, its key frames in `frameArray`, its
    /// values in `frameIntArray`/`frameFloatArray`; its `timelineArray` index.
    fn timeline(&mut self, t: &TimelineData, base: Base, animation: &AnimationData) -> usize {
        let at = self.body.timeline.len();
        if at > u16::MAX as usize {
            self.refuse_overflow("a timeline", "timelineArray", at);
        }
        // Key frames past the end the JSON parse never reaches: the last one reached then keeps
        // its value (the runtime tweens it towards nothing).
        let cut = t.frames.len() < t.key_frame_count;
        let count = t.frames.len();
        let scale = (100.0 / t.time_scale).round();
        let offset = (t.time_offset * 100.0).round();
        let (value_count, value_offset) = match t.kind {
            TimelineKind::SlotDeform | TimelineKind::Surface => (self.deform_header(t, base), 0),
            _ => (value_count(t.kind) as u16, 0),
        };
        self.body.timeline.extend([scale as u16, offset as u16, count as u16, value_count, value_offset]);
        let frames_at = self.body.timeline.len();
        self.body.timeline.extend(std::iter::repeat_n(0, count));
        let value_base = match value_array(t.kind) {
            Some(Values::Int) => self.body.frame_int.len() - base.frame_int,
            Some(Values::Float) => self.body.frame_float.len() - base.frame_float,
            None => 0,
        };
        if value_base > u16::MAX as usize {
            let array = if value_array(t.kind) == Some(Values::Int) { "frameIntArray" } else { "frameFloatArray" };
            self.refuse_overflow("key frame values", array, value_base);
        }
        self.body.timeline[at + binary::timeline::VALUE_OFFSET] = value_base as u16;
        for (i, f) in t.frames.iter().enumerate() {
            let record = self.body.frame.len() - base.frame;
            if record > u16::MAX as usize {
                self.refuse_overflow("a key frame", "frameArray", record);
            }
            self.body.timeline[frames_at + i] = record as u16;
            self.body.frame.push(f.position);
            let tween = if cut && i == count - 1 { &Tween::None } else { &f.tween };
            match t.kind {
                TimelineKind::ZOrder => match &t.values {
                    TimelineValues::ZOrder(orders) => match orders.get(i).and_then(|o| o.as_ref()) {
                        Some(order) => {
                            self.body.frame.push(order.len() as i16);
                            self.body.frame.extend_from_slice(order);
                        }
                        None => self.body.frame.push(0),
                    },
                    _ => self.body.frame.push(0),
                },
                TimelineKind::SlotDisplay => {
                    let v = match &t.values {
                        TimelineValues::Step(v) => v.get(i).copied().unwrap_or(0),
                        _ => 0,
                    };
                    self.body.frame.push(v);
                }
                _ => self.tween(tween),
            }
        }
        self.values(t, animation);
        at
    }

    fn tween(&mut self, tween: &Tween) {
        let frame = &mut self.body.frame;
        match tween {
            Tween::None => frame.push(binary::tween::NONE),
            Tween::Line => frame.push(binary::tween::LINE),
            Tween::QuadIn(e) => frame.extend([binary::tween::QUAD_IN, *e]),
            Tween::QuadOut(e) => frame.extend([binary::tween::QUAD_OUT, *e]),
            Tween::QuadInOut(e) => frame.extend([binary::tween::QUAD_IN_OUT, *e]),
            Tween::Curve { samples, omitted } => {
                let count = samples.len() as i16;
                frame.extend([binary::tween::CURVE, if *omitted { count } else { -count }]);
                frame.extend(samples.iter());
            }
        }
    }

    /// The key frames' values, appended to their array.
    fn values(&mut self, t: &TimelineData, animation: &AnimationData) {
        let _ = animation;
        let count = t.frames.len();
        match &t.values {
            TimelineValues::Int { count: per, values } => {
                self.body.frame_int.extend(values.iter().take(count * per));
            }
            TimelineValues::Float { count: per, values } => {
                let per = if *per == 0 { t.deform_count } else { *per };
                self.body.frame_float.extend(values.iter().take(count * per).map(|&v| v as f32));
            }
            TimelineValues::Color(colors) => {
                for c in colors.iter().take(count) {
                    let at = match self.colors.get(c) {
                        Some(&at) => at,
                        None => {
                            let at = self.body.int.len();
                            self.body.int.extend_from_slice(c);
                            self.colors.insert(*c, at);
                            at
                        }
                    };
                    if at > u16::MAX as usize {
                        self.refuse_overflow("a colour", "intArray", at);
                    }
                    self.body.frame_int.push(wrapped(at));
                }
            }
            TimelineValues::None | TimelineValues::Step(_) | TimelineValues::ZOrder(_) => {}
        }
    }

    /// A deform (or surface) timeline's header in `frameIntArray`; its index there, relative to
    /// the animation. Every value is stored in every key frame.
    fn deform_header(&mut self, t: &TimelineData, base: Base) -> u16 {
        let at = self.body.frame_int.len() - base.frame_int;
        let geometry = t.geometry.and_then(|g| self.written.get(&g).copied()).unwrap_or(0);
        let same = self.body.frame_float.len() - base.frame_float;
        let count = t.deform_count;
        if count > i16::MAX as usize {
            self.refuse(format!("a deform of {count} values: more than 32 767 do not fit the binary"));
        }
        self.body.frame_int.extend([wrapped(geometry), count as i16, count as i16, 0, wrapped(same)]);
        if at > u16::MAX as usize {
            self.refuse_overflow("a deform", "frameIntArray", at);
        }
        at as u16
    }

    /// The action timeline: its key frames' positions and actions (indices into the armature's
    /// `actions`); its `timelineArray` index.
    fn action_timeline(&mut self, frames: &[(i16, Vec<usize>)], base: Base) -> usize {
        let at = self.body.timeline.len();
        self.body.timeline.extend([100, 0, frames.len() as u16, 0, 0]);
        for (position, actions) in frames {
            let record = self.body.frame.len() - base.frame;
            self.body.timeline.push(record as u16);
            self.body.frame.extend([*position, actions.len() as i16]);
            self.body.frame.extend(actions.iter().map(|&a| a as i16));
        }
        at
    }

    /// The key frames of the action timeline as the JSON parse builds them: the actions of the
    /// animation's `frame` list, of bone `frame`s and of slot display frames, merged by start
    /// frame (a key frame at 0 first), placed like other key frames.
    fn action_frames(
        &mut self,
        node: NodeId,
        armature: &ArmatureData,
        animation: &AnimationData,
        actions: &mut Actions,
    ) -> Vec<(i16, Vec<usize>)> {
        let raw = self.raw;
        let mut starts: Vec<(f64, Vec<usize>)> = Vec::new();
        if let Some(list) = raw.array(node, key::FRAME) {
            let mut start = 0.0;
            for f in raw.elements(list) {
                actions.collect(raw, f, start, None, None, &mut starts);
                start += raw.number(f, key::DURATION, 1.0);
            }
        }
        for (name, list) in &animation.bone_timelines.entries {
            for t in list.iter().filter(|t| t.kind == TimelineKind::BoneAll) {
                for f in &t.frames {
                    actions.collect(raw, f.node, f64::from(f.position), Some(name.as_str()), None, &mut starts);
                }
            }
        }
        for (name, list) in &animation.slot_timelines.entries {
            let parent =
                armature.slot(name).and_then(|s| armature.slots[s].parent).map(|b| armature.bones[b].name.as_str());
            for t in list.iter().filter(|t| t.kind == TimelineKind::SlotDisplay) {
                for f in &t.frames {
                    actions.collect(raw, f.node, f64::from(f.position), parent, Some(name.as_str()), &mut starts);
                }
            }
        }
        if starts.is_empty() {
            return Vec::new();
        }
        // Placed as `_parseTimeline` places key frames: each where the one before it ends.
        let total = animation.frame_count + 1.0;
        let mut placed = Vec::new();
        let (mut key, mut frame_start, mut frame_count) = (0usize, 0.0f64, 0.0f64);
        let mut i = 0.0;
        while i < total && i < crate::eval::parse::MAX_FRAMES {
            if frame_start + frame_count <= i && key < starts.len() {
                frame_start = i;
                frame_count = match starts.get(key + 1) {
                    Some((next, _)) => next - frame_start,
                    None => animation.frame_count - frame_start,
                };
                placed.push((i as i16, std::mem::take(&mut starts[key].1)));
                key += 1;
            }
            i += 1.0;
        }
        placed
    }
}

/// Where an animation's values and key frames start in the arrays.
#[derive(Clone, Copy)]
struct Base {
    frame_int: usize,
    frame_float: usize,
    frame: usize,
}

/// The actions of an armature's key frames, in the order the runtime lists them.
#[derive(Default)]
struct Actions {
    objects: Vec<Value>,
}

impl Actions {
    /// The actions of key frame `f` (events, sounds, plays) starting at `start`, merged into the
    /// key frame of that start (kept sorted, a key frame at 0 first).
    fn collect(
        &mut self,
        raw: Raw<'_>,
        f: NodeId,
        start: f64,
        bone: Option<&str>,
        slot: Option<&str>,
        frames: &mut Vec<(f64, Vec<usize>)>,
    ) {
        if !raw.is_object(f) {
            return;
        }
        let sources = [(key::EVENT, 10), (key::SOUND, 11), (key::ACTION, 0), (key::EVENTS, 10), (key::ACTIONS, 0)];
        for (k, default_type) in sources {
            let Some(v) = raw.get(f, k) else { continue };
            let first = self.objects.len();
            self.parse(raw, v, default_type, bone, slot);
            let added: Vec<usize> = (first..self.objects.len()).collect();
            if frames.is_empty() {
                frames.push((0.0, Vec::new()));
            }
            let at = frames.iter().position(|(s, _)| *s >= start).unwrap_or(frames.len());
            if frames.get(at).is_some_and(|(s, _)| *s == start) {
                frames[at].1.extend(added);
            } else {
                frames.insert(at, (start, added));
            }
        }
    }

    /// `_parseActionData`: a name (one action of the default type) or a list of action objects,
    /// each written out with its type, bone and slot as the runtime resolved them.
    fn parse(&mut self, raw: Raw<'_>, v: NodeId, default_type: i64, bone: Option<&str>, slot: Option<&str>) {
        let with_target = |members: &mut Vec<(String, Value)>, has_bone: bool, has_slot: bool| {
            if !has_bone && let Some(b) = bone {
                members.push((key::BONE.to_owned(), Value::Str(b.to_owned())));
            }
            if !has_slot && let Some(s) = slot {
                members.push((key::SLOT.to_owned(), Value::Str(s.to_owned())));
            }
        };
        if raw.kind(v) == crate::syntax::NodeKind::String {
            let mut members = vec![
                (key::TYPE.to_owned(), Value::int(default_type)),
                (key::NAME.to_owned(), Value::Str(raw.to_js_string(v))),
            ];
            with_target(&mut members, false, false);
            self.objects.push(Value::object(members));
            return;
        }
        if !raw.is_array(v) {
            return;
        }
        for a in raw.elements(v) {
            let mut members = Vec::new();
            if raw.has(a, key::GOTO_AND_PLAY) {
                members.push((key::TYPE.to_owned(), Value::int(0)));
                members.push((key::NAME.to_owned(), Value::Str(raw.string(a, key::GOTO_AND_PLAY, ""))));
            } else {
                let ty = crate::eval::parse::action_type(raw, a, default_type as f64) as i64;
                members.push((key::TYPE.to_owned(), Value::int(ty)));
                members.push((key::NAME.to_owned(), Value::Str(raw.string(a, key::NAME, ""))));
            }
            for k in [key::BONE, key::SLOT, key::INTS, key::FLOATS, key::STRINGS] {
                if let Some(value) = raw.get(a, k) {
                    members.push((k.to_owned(), Value::copy(raw.tree, raw.text, value)));
                }
            }
            with_target(&mut members, raw.has(a, key::BONE), raw.has(a, key::SLOT));
            self.objects.push(Value::object(members));
        }
    }
}

/// An animation's timeline references, as the header lists them.
#[derive(Default)]
struct References {
    action: Option<usize>,
    z_order: Option<usize>,
    bone: HashMap<String, Vec<i64>>,
    slot: HashMap<String, Vec<i64>>,
    constraint: HashMap<String, Vec<i64>>,
    typed: Vec<Value>,
}

impl References {
    fn write(
        self,
        members: &mut Vec<(String, Value)>,
        bones: &TimelineMap,
        slots: &TimelineMap,
        constraints: &TimelineMap,
    ) {
        if let Some(a) = self.action {
            members.push((key::ACTION.to_owned(), Value::int(a as i64)));
        }
        if let Some(z) = self.z_order {
            members.push((key::Z_ORDER.to_owned(), Value::int(z as i64)));
        }
        let map = |refs: &HashMap<String, Vec<i64>>, order: &TimelineMap| -> Option<Value> {
            let entries: Vec<(String, Value)> = order
                .entries
                .iter()
                .filter_map(|(name, _)| Some((name.clone(), Value::ints(refs.get(name)?.iter().copied()))))
                .collect();
            (!entries.is_empty()).then(|| Value::object(entries))
        };
        for (k, refs, order) in [
            (key::BONE, &self.bone, bones),
            (key::SLOT, &self.slot, slots),
            (binary::CONSTRAINT_TIMELINES, &self.constraint, constraints),
        ] {
            if let Some(v) = map(refs, order) {
                members.push((k.to_owned(), v));
            }
        }
        if !self.typed.is_empty() {
            members.push((key::TIMELINE.to_owned(), Value::Array(self.typed)));
        }
    }
}

/// What array a kind's values are in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Values {
    Int,
    Float,
}

fn value_array(kind: TimelineKind) -> Option<Values> {
    match kind {
        TimelineKind::BoneAll
        | TimelineKind::BoneTranslate
        | TimelineKind::BoneRotate
        | TimelineKind::BoneScale
        | TimelineKind::Surface
        | TimelineKind::SlotDeform => Some(Values::Float),
        TimelineKind::BoneAlpha
        | TimelineKind::SlotColor
        | TimelineKind::SlotZIndex
        | TimelineKind::SlotAlpha
        | TimelineKind::IkConstraint
        | TimelineKind::AnimationProgress
        | TimelineKind::AnimationWeight
        | TimelineKind::AnimationParameter => Some(Values::Int),
        TimelineKind::Action | TimelineKind::ZOrder | TimelineKind::SlotDisplay => None,
    }
}

fn value_count(kind: TimelineKind) -> usize {
    match kind {
        TimelineKind::BoneAll => 6,
        TimelineKind::BoneTranslate | TimelineKind::BoneRotate | TimelineKind::BoneScale => 2,
        TimelineKind::IkConstraint | TimelineKind::AnimationParameter => 2,
        TimelineKind::BoneAlpha
        | TimelineKind::SlotColor
        | TimelineKind::SlotZIndex
        | TimelineKind::SlotAlpha
        | TimelineKind::AnimationProgress
        | TimelineKind::AnimationWeight => 1,
        _ => 0,
    }
}

fn type_of(kind: TimelineKind) -> u32 {
    super::to_json::type_number(kind) as u32
}

fn overflow(what: &str, array: &str, index: usize) -> String {
    // Key frames and their values are referenced from their animation's first entry.
    let counted = match array {
        "frameArray" | "frameIntArray" | "frameFloatArray" => " (counted from its animation's first)",
        _ => "",
    };
    format!(
        "{what} at {array}[{index}]{counted} and every one after it: indices past 65 535 do not fit the binary's 16-bit references (split the skeleton into several files)"
    )
}
