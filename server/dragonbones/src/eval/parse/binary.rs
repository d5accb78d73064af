//! A binary skeleton as the runtime's `BinaryDataParser` reads it: the header through the same
//! parse as JSON (armatures, bones, slots, skins, constraints), but each mesh's, path's and
//! surface's geometry read from its block in the arrays, and each animation's timelines from the
//! `[type, offset]` references its header lists.
//!
//! Where a reference or a record leaves its array, the runtime throws or reads `undefined`; here
//! it is a [`Problem`] with the bytes concerned, the value read is NaN (or the record is left
//! out), and a [`FailureKind::Binary`] keeps poses from being claimed for that data.

use std::collections::HashMap;

use super::super::curve::CurveSamples;
use super::super::data::*;
use super::super::frame_table::{FrameTable, binary_key_frame_takes};
use super::{ArmatureScope, FailureKind, Parsed, Parser, Rejected, js_key_order};
use crate::binary::{self, ArrayKind, Binary, Body, Problem, timeline_type as ty, unwrap_index};
use crate::eval::raw::Raw;
use crate::schema::key;
use crate::syntax::{NodeId, NodeKind};
use rigls_diagnostic::Code;

/// The arrays a binary parse reads, and what it found in them.
pub(in crate::eval) struct Source<'a> {
    binary: &'a Binary,
    body: &'a Body,
    problems: Vec<Problem>,
    /// Geometries by their `intArray` index: the runtime tells a deform's mesh by that index, so
    /// displays pointing at one block share one geometry.
    by_offset: HashMap<usize, usize>,
    /// Ids for key frames, which have no node of their own in the header: past the header's nodes.
    next_frame_id: NodeId,
    failed: bool,
    /// The body could be read (else nothing in it is, and the reader said why).
    usable: bool,
    geometry_nodes: Vec<(NodeId, usize)>,
}

/// [`super::parse`] of a binary skeleton read by [`binary::read`]: `Err` when the runtime rejects
/// its version. Without a usable body (its problems are the reader's) every armature still
/// parses, without geometry or animations, and the parse has a failure.
pub fn parse_binary(binary: &Binary) -> Result<Parsed, Rejected> {
    parse_binary_as(binary, crate::target::Eval::DEFAULT, false)
}

/// [`parse_binary`] as a runtime other than DragonBonesJS reads it ([`super::parse_as`]), its
/// header read by rapidjson when `rapidjson` (the C++ runtimes: [`Raw::as_rapidjson`]).
pub fn parse_binary_as(binary: &Binary, read_as: crate::target::Eval, rapidjson: bool) -> Result<Parsed, Rejected> {
    let tree = &binary.tree;
    let raw = Raw::new(tree, &binary.header);
    let raw = if rapidjson { raw.as_rapidjson() } else { raw };
    let Some(root) = tree.root() else {
        return Err(Rejected { version: String::new(), compatible_version: String::new() });
    };
    let empty = Body::default();
    let elements = super::armature_elements(raw, root);
    let mut parser = Parser::new(raw, root, super::DeformValues::Kept, read_as)?;
    parser.binary = Some(Source {
        binary,
        body: binary.body.as_ref().unwrap_or(&empty),
        problems: Vec::new(),
        by_offset: HashMap::new(),
        next_frame_id: tree.nodes.len() as NodeId,
        failed: false,
        usable: binary.body.is_some(),
        geometry_nodes: Vec::new(),
    });
    if binary.body.is_none() && !elements.is_empty() {
        parser.fail(root, FailureKind::Binary);
    }
    let failures_per_armature = parser.armatures(&elements);
    let source = parser.binary.take().expect("a binary parse");
    Ok(Parsed {
        shares_geometry: parser.shares_geometry,
        deform_values_left_out: false,
        deform_not_finite: false,
        data: parser.data,
        failures: parser.failures,
        failures_per_armature,
        binary_problems: source.problems,
        geometry_nodes: source.geometry_nodes,
        wrapped_values: Vec::new(),
        wrapped_values_need_deforms: false,
        wrapped_geometry: Vec::new(),
    })
}

/// The numbers of a reference that the runtime uses as an array index: whole and at least 0.
fn index_value(raw: Raw<'_>, node: NodeId) -> Option<usize> {
    let tree = raw.tree;
    let v = tree.int(raw.text, node)?;
    usize::try_from(v).ok()
}

impl Source<'_> {
    fn header_bytes(&self, node: NodeId) -> std::ops::Range<u64> {
        self.binary.header_range_bytes(self.binary.tree.range(node))
    }
}

impl<'a> Parser<'a> {
    fn source(&mut self) -> &mut Source<'a> {
        self.binary.as_mut().expect("a binary parse")
    }

    /// Records a problem; `fatal` ones keep poses from being claimed.
    fn problem(&mut self, code: Code, bytes: std::ops::Range<u64>, node: NodeId, fatal: bool, message: String) {
        let source = self.source();
        source.problems.push(Problem::new(code, bytes, Some(node), message));
        if fatal && !source.failed {
            source.failed = true;
            self.fail(node, FailureKind::Binary);
        }
    }

    /// Elements `range` of `array` when they are in it; otherwise a fatal problem about `what`,
    /// anchored at `node`, and `None`.
    fn span(
        &mut self,
        array: ArrayKind,
        start: usize,
        len: usize,
        node: NodeId,
        what: &str,
    ) -> Option<std::ops::Range<usize>> {
        let available = self.source().body.len(array);
        let end = start.checked_add(len);
        match end {
            Some(end) if end <= available => Some(start..end),
            _ => {
                let body = self.source().body;
                let bytes = body.bytes_of(array, start.min(available)..available);
                let last = start.saturating_add(len.max(1) - 1);
                let message = format!(
                    "{}[{start}…{last}] ({what}) runs past the array's end ({available} elements): the runtime reads `undefined` there",
                    array.name(),
                );
                self.problem(Code::BinaryPastEnd, bytes, node, true, message);
                None
            }
        }
    }

    /// A mesh's, path's or surface's geometry from its block in `intArray` (the header's
    /// `offset`), added to the data unless a display already points at that block; its index.
    pub(super) fn binary_geometry(&mut self, node: NodeId, raw_bones: &[Option<usize>]) -> usize {
        let raw = self.raw;
        if !self.source().usable {
            return self.push_geometry(GeometryData { node, ..Default::default() });
        }
        let offset = raw.get(node, key::OFFSET).and_then(|o| index_value(raw, o));
        let Some(offset) = offset else {
            let bytes = self.source().header_bytes(node);
            let message = "a mesh, path or surface needs `offset`, the index of its geometry in intArray, as a whole number: the runtime reads no vertices".to_owned();
            let at = raw.get(node, key::OFFSET).unwrap_or(node);
            self.problem(Code::BinaryOffset, bytes, at, true, message);
            return self.push_geometry(GeometryData { node, ..Default::default() });
        };
        let index = match self.source().by_offset.get(&offset) {
            Some(&known) => known,
            None => {
                let geometry = self.read_binary_geometry(node, offset, raw_bones);
                let index = self.push_geometry(geometry);
                self.source().by_offset.insert(offset, index);
                index
            }
        };
        self.source().geometry_nodes.push((node, index));
        index
    }

    fn push_geometry(&mut self, geometry: GeometryData) -> usize {
        self.data.geometries.push(geometry);
        self.data.geometries.len() - 1
    }

    fn read_binary_geometry(&mut self, node: NodeId, offset: usize, raw_bones: &[Option<usize>]) -> GeometryData {
        let raw = self.raw;
        let mut g = GeometryData { node, ..Default::default() };
        let is_mesh = match raw.get(node, key::TYPE) {
            Some(t) if raw.kind(t) == NodeKind::String => raw.to_js_string(t).eq_ignore_ascii_case("mesh"),
            Some(_) => raw.number(node, key::TYPE, 0.0) == 2.0,
            None => false,
        };
        let Some(head) = self.span(ArrayKind::Int, offset, binary::geometry::TRIANGLES, node, "a geometry block")
        else {
            return g;
        };
        let body = self.source().body;
        let block = &body.int[head];
        let (vertex_count, triangle_count) = (block[0], block[1]);
        let float_offset = unwrap_index(block[binary::geometry::FLOAT_OFFSET]);
        let mut weight_offset = i64::from(block[binary::geometry::WEIGHT_OFFSET]);
        // An offset past 32 767 is stored wrapped: DragonBonesJS adds 65 536 back; DragonBonesCPP's
        // `_parseVertices` takes any negative one for "no weights" (`parser/BinaryDataParser.cpp:62-63`)
        // and draws the mesh from its plain vertices, following no bone.
        if weight_offset < -1 && !self.raw.is_rapidjson() {
            weight_offset += 65536;
        }
        if vertex_count < 0 || triangle_count < 0 {
            let bytes = body.bytes_of(ArrayKind::Int, offset..offset + 2);
            let message = format!(
                "the geometry block at intArray[{offset}] counts {vertex_count} vertices and {triangle_count} triangles: counts cannot be negative"
            );
            self.problem(Code::BinaryOffset, bytes, node, true, message);
            return g;
        }
        let n = vertex_count as usize;
        g.vertex_count = n;
        let triangles = offset + binary::geometry::TRIANGLES;
        if let Some(span) = self.span(ArrayKind::Int, triangles, triangle_count as usize * 3, node, "its triangles") {
            g.triangles = self.source().body.int[span].iter().map(|&t| i32::from(t)).collect();
        }
        let weighted = weight_offset >= 0;
        // Weighted geometry is drawn from its weights; its plain vertices are read when present.
        let plain = if weighted {
            let body = self.source().body;
            (float_offset + n * 2 <= body.float.len()).then(|| float_offset..float_offset + n * 2)
        } else {
            self.span(ArrayKind::Float, float_offset, n * 2, node, "its vertices")
        };
        if let Some(span) = plain {
            g.vertices = self.source().body.float[span].iter().map(|&v| f64::from(v)).collect();
        } else {
            g.vertices = vec![f64::NAN; n * 2];
        }
        if is_mesh
            && let Some(span) =
                self.span(ArrayKind::Float, float_offset + n * 2, n * 2, node, "its texture coordinates")
        {
            g.uvs = Some(self.source().body.float[span].iter().map(|&v| f64::from(v)).collect());
        }
        if weighted {
            g.weight = self.read_weights(node, weight_offset as usize, n, raw_bones);
        }
        g
    }

    fn read_weights(
        &mut self,
        node: NodeId,
        at: usize,
        vertex_count: usize,
        raw_bones: &[Option<usize>],
    ) -> Option<WeightData> {
        let head = self.span(ArrayKind::Int, at, binary::weight::BONES, node, "a weight block")?;
        let body = self.source().body;
        let bone_count = body.int[head.start];
        let float_offset = unwrap_index(body.int[head.start + 1]);
        let bones_span = self.span(
            ArrayKind::Int,
            at + binary::weight::BONES,
            bone_count.max(0) as usize,
            node,
            "a weight block's bones",
        )?;
        let mut weight = WeightData::default();
        let mut unknown = Vec::new();
        for &b in &self.source().body.int[bones_span.clone()] {
            let bone = usize::try_from(b).ok().and_then(|b| raw_bones.get(b).copied().flatten());
            if bone.is_none() {
                unknown.push(b);
            }
            weight.bones.push(bone);
        }
        if let Some(&b) = unknown.first() {
            let bytes = self.source().body.bytes_of(ArrayKind::Int, bones_span.clone());
            let message = format!(
                "the weight block at intArray[{at}] names bone {b}, but the armature lists {} bones: building the armature throws",
                raw_bones.len()
            );
            self.problem(Code::BinaryOffset, bytes, node, true, message);
        }
        let mut at_vertex = bones_span.end;
        let mut influences = 0usize;
        let mut locals = Vec::new();
        let mut negative = bone_count < 0;
        for _ in 0..vertex_count {
            let span = self.span(ArrayKind::Int, at_vertex, 1, node, "a weight block's vertices")?;
            let written = self.source().body.int[span.start];
            negative |= written < 0;
            let count = written.max(0) as usize;
            let list = self.span(ArrayKind::Int, at_vertex + 1, count, node, "a weight block's vertices")?;
            locals.extend(self.source().body.int[list.clone()].iter().copied());
            weight.vertex_bone_counts.push(count);
            influences += count;
            at_vertex = list.end;
        }
        weight.count = influences;
        if negative {
            self.negative_weight_counts(node, at, vertex_count);
        }
        let floats = self.span(ArrayKind::Float, float_offset, influences * 3, node, "its weights")?;
        let values = &self.source().body.float[floats];
        let bone_total = weight.bones.len();
        let mut out_of_list = None;
        for (i, &local) in locals.iter().enumerate() {
            let bone = usize::try_from(local).ok().filter(|&b| b < bone_total);
            if bone.is_none() {
                out_of_list.get_or_insert(local);
            }
            let v = &values[i * 3..i * 3 + 3];
            weight.influences.push(Influence { bone, weight: f64::from(v[0]), x: f64::from(v[1]), y: f64::from(v[2]) });
        }
        if let Some(local) = out_of_list {
            let bytes = self.source().body.bytes_of(ArrayKind::Int, at..at_vertex);
            let message = format!(
                "the weight block at intArray[{at}] gives a vertex bone {local}, but it lists {}: the runtime reads no bone for it (NaN vertices)",
                plural(bone_total, "bone", "bones")
            );
            self.problem(Code::BinaryOffset, bytes, node, true, message);
        }
        Some(weight)
    }
}

impl Parser<'_> {
    /// A negative count in the weight block at `intArray[at]` (one [`Parser::read_weights`]
    /// met), the block's bones' or a vertex's: DragonBonesCPP reads it unsigned
    /// (`parser/BinaryDataParser.cpp:62-84`), 4 billion and more, and crashes; DragonBonesJS
    /// reads no bone there, as [`Parser::read_weights`] does, but counts the block's weights
    /// stepping back by it (`_parseGeometry`), and a deform of the mesh throws when that count
    /// is negative (`Invalid array length`): then the problem is fatal.
    fn negative_weight_counts(&mut self, node: NodeId, at: usize, vertex_count: usize) {
        let int = &self.source().body.int;
        let read = |i: i64| usize::try_from(i).ok().and_then(|i| int.get(i)).map(|&v| i64::from(v));
        let Some(bone_count) = read(at as i64) else { return };
        let mut negative = (bone_count < 0).then_some((at, "a bone count".to_owned(), bone_count));
        // `_parseGeometry`'s walk: `None` once it reads `undefined` (a NaN count).
        let mut next = (at + binary::weight::BONES) as i64 + bone_count;
        let mut count = Some(0i64);
        for vertex in 0..vertex_count {
            let Some(c) = read(next) else {
                count = None;
                break;
            };
            if c < 0 && negative.is_none() {
                negative = Some((next as usize, format!("vertex {vertex} a bone count"), c));
            }
            count = count.map(|n| n + c);
            next += 1 + c;
        }
        let Some((i, what, value)) = negative else { return };
        let throws = count.is_none_or(|n| n < 0);
        let js = if throws {
            let counted = count.map_or("NaN".to_owned(), |n| n.to_string());
            format!(
                ", but counts {counted} weights in the block, so playing a deform of this mesh throws (`Invalid array length`)"
            )
        } else {
            String::new()
        };
        let message = format!(
            "the weight block at intArray[{at}] gives {what} of {value}: DragonBonesCPP reads it unsigned ({}) and crashes; DragonBonesJS reads no bone there{js}",
            u32::from_ne_bytes((value as i32).to_ne_bytes()),
        );
        let bytes = self.source().body.bytes_of(ArrayKind::Int, i..i + 1);
        self.problem(Code::BinaryOffset, bytes, node, throws, message);
    }
}

/// A timeline reference of an animation's header: its type, its `timelineArray` index (`None`:
/// not a usable number), the name of what it animates and the header node it comes from.
struct Reference {
    ty: f64,
    offset: Option<usize>,
    name: String,
    node: NodeId,
    /// The 5.5 list it is in (`None`: `action`, `zOrder`, or a 5.6 `timeline[]` entry, which
    /// the runtime routes by type alone).
    under: Option<Group>,
    typed: bool,
}

/// What a timeline's header says of its values, and the armature's slot count (draw orders
/// list one index per slot).
#[derive(Clone, Copy)]
struct Head {
    value_offset: usize,
    /// Values per key frame, or a deform's header index.
    value_count: usize,
    slot_count: usize,
}

/// Where an animation's data starts in the arrays (`animation.offset`).
#[derive(Clone, Copy)]
struct AnimationOffsets {
    frame_int: usize,
    frame_float: usize,
    frame: usize,
}

impl<'a> Parser<'a> {
    /// `BinaryDataParser._parseAnimation`.
    pub(super) fn binary_animation(&mut self, node: NodeId, scope: &ArmatureScope) -> AnimationData {
        let raw = self.raw;
        let mut a = self.animation_head(node, &scope.data);
        let frame_count = a.frame_count;
        if !self.source().usable {
            return a;
        }
        let offsets =
            raw.array(node, key::OFFSET).map(|o| raw.elements(o).map(|e| index_value(raw, e)).collect::<Vec<_>>());
        let offsets = match offsets.as_deref() {
            Some([Some(fi), Some(ff), Some(fr), ..]) => {
                AnimationOffsets { frame_int: *fi, frame_float: *ff, frame: *fr }
            }
            _ => {
                let at = raw.get(node, key::OFFSET).unwrap_or(node);
                let bytes = self.source().header_bytes(at);
                let message = format!(
                    "animation `{}` needs `offset`: 3 whole numbers, where its data starts in frameIntArray, frameFloatArray and frameArray; the runtime throws reading it",
                    a.name
                );
                self.problem(Code::BinaryOffset, bytes, at, true, message);
                return a;
            }
        };
        if !(0.0..=super::MAX_FRAMES).contains(&frame_count) || frame_count.fract() != 0.0 {
            if frame_count.fract() != 0.0 {
                self.fail(node, FailureKind::FractionalDuration);
            } else {
                self.fail(node, FailureKind::HugeDuration);
            }
            return a;
        }
        for reference in self.references(node, scope) {
            self.binary_reference(&mut a, offsets, reference, scope);
        }
        a
    }

    /// Every timeline reference of an animation's header, in the order the runtime reads them.
    /// The list of a name the armature lacks is not read (`getBone` and the others give null).
    fn references(&mut self, node: NodeId, scope: &ArmatureScope) -> Vec<Reference> {
        let raw = self.raw;
        let mut out = Vec::new();
        for (k, t) in [(key::ACTION, ty::ACTION), (key::Z_ORDER, ty::Z_ORDER)] {
            if let Some(v) = raw.get(node, k) {
                out.push(Reference {
                    ty: f64::from(t),
                    offset: index_value(raw, v),
                    name: String::new(),
                    node: v,
                    under: None,
                    typed: false,
                });
            }
        }
        for (map_key, group) in
            [(key::BONE, Group::Bone), (key::SLOT, Group::Slot), (binary::CONSTRAINT_TIMELINES, Group::Constraint)]
        {
            let Some(map) = raw.get(node, map_key).filter(|&m| raw.is_object(m)) else { continue };
            let mut entries: Vec<(String, NodeId)> =
                raw.tree.members(map).map(|m| (raw.tree.key(raw.text, m.key).into_owned(), m.value)).collect();
            js_key_order(&mut entries);
            for (name, list) in entries {
                if !known(scope, group, &name) {
                    continue;
                }
                let values: Vec<NodeId> = if raw.is_array(list) { raw.elements(list).collect() } else { Vec::new() };
                if values.len() % 2 == 1 || !raw.is_array(list) {
                    let bytes = self.source().header_bytes(list);
                    let message = format!(
                        "the timelines of `{name}` must be [type, offset] pairs; this list has {}, so the runtime pairs the last type with no offset (the official converter writes 4.5–5.5 deform timelines so, and their animation is lost)",
                        plural(values.len(), "number", "numbers")
                    );
                    self.problem(Code::BinaryTimeline, bytes, list, false, message);
                }
                for pair in values.chunks_exact(2) {
                    out.push(Reference {
                        ty: raw.to_number(pair[0]),
                        offset: index_value(raw, pair[1]),
                        name: name.clone(),
                        node: pair[1],
                        under: Some(group),
                        typed: false,
                    });
                }
            }
        }
        if let Some(list) = raw.array(node, key::TIMELINE) {
            for entry in raw.elements(list) {
                let offset = raw.number(entry, key::OFFSET, 0.0);
                if offset < 0.0 {
                    continue;
                }
                out.push(Reference {
                    ty: raw.number(entry, key::TYPE, 0.0),
                    offset: (offset.fract() == 0.0 && offset <= u32::MAX as f64).then_some(offset as usize),
                    name: raw.string(entry, key::NAME, ""),
                    node: entry,
                    under: None,
                    typed: true,
                });
            }
        }
        out
    }

    fn binary_reference(
        &mut self,
        a: &mut AnimationData,
        offsets: AnimationOffsets,
        r: Reference,
        scope: &ArmatureScope,
    ) {
        let armature = &scope.data;
        // A runtime without 5.6 (the C++ core) reads no typed timeline and plays only the types it
        // knows (`AnimationState::_updateTimelines` passes over the others).
        let known_before_56 = [
            ty::ACTION,
            ty::Z_ORDER,
            ty::BONE_ALL,
            ty::BONE_TRANSLATE,
            ty::BONE_ROTATE,
            ty::BONE_SCALE,
            ty::SLOT_DISPLAY,
            ty::SLOT_COLOR,
            ty::SLOT_DEFORM,
            ty::IK_CONSTRAINT,
        ];
        if self.read_as.no_56 && (r.typed || !known_before_56.contains(&(r.ty as u32))) {
            return;
        }
        let kind = match r.ty as u32 {
            _ if r.ty.fract() != 0.0 || r.ty < 0.0 => None,
            ty::ACTION | ty::Z_ORDER if r.typed => return,
            ty::ACTION => Some(TimelineKind::Action),
            ty::Z_ORDER => Some(TimelineKind::ZOrder),
            ty::BONE_ALL => Some(TimelineKind::BoneAll),
            ty::BONE_TRANSLATE => Some(TimelineKind::BoneTranslate),
            ty::BONE_ROTATE => Some(TimelineKind::BoneRotate),
            ty::BONE_SCALE => Some(TimelineKind::BoneScale),
            ty::SURFACE => Some(TimelineKind::Surface),
            ty::BONE_ALPHA => Some(TimelineKind::BoneAlpha),
            ty::SLOT_DISPLAY => Some(TimelineKind::SlotDisplay),
            ty::SLOT_COLOR => Some(TimelineKind::SlotColor),
            ty::SLOT_DEFORM => Some(TimelineKind::SlotDeform),
            ty::SLOT_Z_INDEX => Some(TimelineKind::SlotZIndex),
            ty::SLOT_ALPHA => Some(TimelineKind::SlotAlpha),
            ty::IK_CONSTRAINT => Some(TimelineKind::IkConstraint),
            ty::ANIMATION_PROGRESS => Some(TimelineKind::AnimationProgress),
            ty::ANIMATION_WEIGHT => Some(TimelineKind::AnimationWeight),
            ty::ANIMATION_PARAMETER => Some(TimelineKind::AnimationParameter),
            _ => None,
        };
        let Some(kind) = kind else {
            let bytes = self.source().header_bytes(r.node);
            let message = format!(
                "timeline type {} is none the runtime knows: it ignores this timeline",
                crate::model::js_number(r.ty)
            );
            self.problem(Code::BinaryTimeline, bytes, r.node, false, message);
            return;
        };
        // The 5.5 lists file a timeline under a bone, slot or constraint the armature has (the
        // others were skipped); one of a kind that list does not take is ignored when posing.
        let group = group_of(kind);
        if r.under.is_some_and(|under| under != group) {
            let bytes = self.source().header_bytes(r.node);
            let message = format!(
                "a timeline of type {} under `{}`, which takes no such timeline: the runtime ignores it",
                r.ty, r.name
            );
            self.problem(Code::BinaryTimeline, bytes, r.node, false, message);
            return;
        }
        let Some(offset) = r.offset else {
            let bytes = self.source().header_bytes(r.node);
            let message = "a timeline's offset must be a whole number, its index in timelineArray: the runtime reads `undefined` (NaN values)".to_owned();
            self.problem(Code::BinaryOffset, bytes, r.node, true, message);
            return;
        };
        let slot_count = armature.slots.len();
        let Some(mut timeline) = self.binary_timeline(a, offsets, kind, offset, r.node, slot_count) else { return };
        match kind {
            TimelineKind::Action => {}
            TimelineKind::ZOrder => a.z_order_timeline = Some(timeline),
            TimelineKind::SlotDeform | TimelineKind::Surface => {
                let geometry = self.deform_geometry(a, offsets, &mut timeline, offset, &r, scope);
                if geometry.is_none() {
                    return;
                }
                timeline.geometry = geometry;
                let list = if kind == TimelineKind::Surface { &mut a.bone_timelines } else { &mut a.slot_timelines };
                list.add(r.name, timeline);
            }
            _ => {
                if kind == TimelineKind::AnimationProgress && a.blend_type != 0 && r.typed {
                    let raw = self.raw;
                    timeline.position = (raw.number(r.node, key::X, 0.0), raw.number(r.node, key::Y, 0.0));
                }
                let list = match group {
                    Group::Bone => &mut a.bone_timelines,
                    Group::Slot => &mut a.slot_timelines,
                    Group::Constraint => &mut a.constraint_timelines,
                    Group::Animation => &mut a.animation_timelines,
                };
                list.add(r.name, timeline);
            }
        }
    }

    /// `_parseBinaryTimeline`, and the key frames' positions, tweens and values the timeline
    /// states read at play time.
    fn binary_timeline(
        &mut self,
        a: &AnimationData,
        offsets: AnimationOffsets,
        kind: TimelineKind,
        t: usize,
        node: NodeId,
        slot_count: usize,
    ) -> Option<TimelineData> {
        let head = self.span(ArrayKind::Timeline, t, binary::timeline::FRAMES, node, "a timeline's header")?;
        let body = self.source().body;
        let header = &body.timeline[head];
        let (scale, time_offset, key_frame_count) = (header[0], header[1], header[2] as usize);
        let value_offset = header[binary::timeline::VALUE_OFFSET] as usize;
        let value_count_field = header[binary::timeline::VALUE_COUNT] as usize;
        let frames_span = self.span(
            ArrayKind::Timeline,
            t + binary::timeline::FRAMES,
            key_frame_count,
            node,
            "a timeline's key frame list",
        )?;
        if key_frame_count == 0 {
            let bytes = self.source().body.bytes_of(ArrayKind::Timeline, t..t + binary::timeline::FRAMES);
            let message = format!(
                "the timeline at timelineArray[{t}] has no key frames: the runtime reads whatever follows as one"
            );
            self.problem(Code::BinaryTimeline, bytes, node, true, message);
            return None;
        }
        if scale == 0 {
            let bytes = self.source().body.bytes_of(ArrayKind::Timeline, t..t + 1);
            let message = format!("the timeline at timelineArray[{t}] has scale 0: the runtime's time for it is NaN");
            self.problem(Code::BinaryTimeline, bytes, node, true, message);
        }
        let frame_offsets: Vec<usize> = self.source().body.timeline[frames_span].iter().map(|&o| o as usize).collect();
        let mut timeline = TimelineData {
            kind,
            node,
            time_scale: 100.0 / f64::from(scale),
            time_offset: f64::from(time_offset) * 0.01,
            key_frame_count,
            frames: Vec::with_capacity(key_frame_count),
            frame_table: FrameTable::default(),
            values: TimelineValues::None,
            geometry: None,
            deform_count: 0,
            position: (0.0, 0.0),
        };
        let tweened = !matches!(kind, TimelineKind::Action | TimelineKind::ZOrder | TimelineKind::SlotDisplay);
        let mut records = Vec::with_capacity(key_frame_count);
        for &fo in &frame_offsets {
            let record = offsets.frame + fo;
            let minimum = if tweened || kind == TimelineKind::SlotDisplay { 2 } else { 1 };
            let span = self.span(ArrayKind::Frame, record, minimum, node, "a key frame")?;
            let frame_id = self.next_frame_id();
            let position = self.source().body.frame[span.start];
            let tween = if tweened { self.binary_tween(record, node)? } else { Tween::None };
            timeline.frames.push(FrameData { position, tween, node: frame_id });
            records.push(record);
        }
        self.check_order(&timeline, &records, node, a.frame_count);
        if key_frame_count > 1 {
            timeline.frame_table = frame_table(&timeline.frames, a.frame_count, self.raw.is_rapidjson());
        }
        let head = Head { value_offset, value_count: value_count_field, slot_count };
        timeline.values = self.binary_values(&timeline, offsets, head, &records, node)?;
        Some(timeline)
    }

    fn next_frame_id(&mut self) -> NodeId {
        let source = self.source();
        let id = source.next_frame_id;
        source.next_frame_id += 1;
        id
    }

    /// A warning where a key frame does not start after the one before it.
    fn check_order(&mut self, timeline: &TimelineData, records: &[usize], node: NodeId, frame_count: f64) {
        let first = timeline.frames.first().map_or(0, |f| f.position);
        if timeline.frames.len() > 1 && first != 0 {
            let bytes = self.source().body.bytes_of(ArrayKind::Frame, records[0]..records[0] + 1);
            let message = format!(
                "the first key frame starts at frame {first}, not 0: before it the runtime tweens from a point outside the key frames"
            );
            self.problem(Code::BinaryTimeline, bytes, node, false, message);
            self.source().problems.last_mut().expect("just added").case =
                Some(&rigls_diagnostic::case::BINARY_KEY_FRAME_ORDER);
        }
        let Some(i) =
            (1..timeline.frames.len()).find(|&i| timeline.frames[i].position <= timeline.frames[i - 1].position)
        else {
            return;
        };
        let (before, here) = (timeline.frames[i - 1].position, timeline.frames[i].position);
        let bytes = self.source().body.bytes_of(ArrayKind::Frame, records[i]..records[i] + 1);
        // Where DragonBonesJS's loop shows the two key frames: the one before for a single frame.
        let positions: Vec<i16> = timeline.frames.iter().map(|f| f.position).collect();
        let takes = binary_key_frame_takes(&positions, frame_count, false);
        let effect = match (takes.get(i - 1), takes.get(i)) {
            (Some(shown), Some(next)) => {
                format!("shows key frame {} at frame {shown} only and key frame {i} from frame {next}", i - 1)
            }
            (Some(shown), None) => format!("shows key frame {} from frame {shown} and never key frame {i}", i - 1),
            _ => format!("never shows key frame {} or {i}", i - 1),
        };
        // `frame_table`: the C++ runtime's positions are unsigned.
        let unsigned = if here < 0 {
            format!(
                " (DragonBonesCPP, reading frame {here} unsigned, shows key frame {} to the animation's end)",
                i - 1
            )
        } else {
            String::new()
        };
        let message = format!(
            "key frame {i} starts at frame {here}, not after key frame {} (frame {before}): the runtime {effect}{unsigned}",
            i - 1
        );
        self.problem(Code::BinaryTimeline, bytes, node, false, message);
        self.source().problems.last_mut().expect("just added").case =
            Some(&rigls_diagnostic::case::BINARY_KEY_FRAME_ORDER);
    }

    /// A key frame's tween: its type, then the easing or the curve's samples.
    fn binary_tween(&mut self, record: usize, node: NodeId) -> Option<Tween> {
        let body = self.source().body;
        let tween_type = body.frame[record + binary::frame::TWEEN_TYPE];
        let at = record + binary::frame::TWEEN_EASING_OR_CURVE_COUNT;
        Some(match tween_type {
            binary::tween::NONE => Tween::None,
            binary::tween::LINE => Tween::Line,
            binary::tween::CURVE => {
                let count = self.span(ArrayKind::Frame, at, 1, node, "a key frame's curve")?;
                let count = self.source().body.frame[count.start];
                if count <= 0 {
                    let bytes = self.source().body.bytes_of(ArrayKind::Frame, at..at + 1);
                    let message = format!(
                        "a key frame's curve has {count} samples: the runtime reads the numbers before the samples as the curve (its end points are missing)"
                    );
                    self.problem(Code::BinaryTimeline, bytes, node, false, message);
                    Tween::Curve { samples: CurveSamples::Stored(Vec::new()), omitted: false }
                } else {
                    let span =
                        self.span(ArrayKind::Frame, at + 1, count as usize, node, "a key frame's curve samples")?;
                    Tween::Curve {
                        samples: CurveSamples::Stored(self.source().body.frame[span].to_vec()),
                        omitted: true,
                    }
                }
            }
            binary::tween::QUAD_IN | binary::tween::QUAD_OUT | binary::tween::QUAD_IN_OUT => {
                let easing = self.span(ArrayKind::Frame, at, 1, node, "a key frame's easing")?;
                let e = self.source().body.frame[easing.start];
                match tween_type {
                    binary::tween::QUAD_IN => Tween::QuadIn(e),
                    binary::tween::QUAD_OUT => Tween::QuadOut(e),
                    _ => Tween::QuadInOut(e),
                }
            }
            other => {
                // The runtime eases by none of its formulas: the progress stays linear.
                let bytes = self.source().body.bytes_of(ArrayKind::Frame, record + 1..record + 2);
                let message = format!("tween type {other} is none the runtime knows: it tweens linearly");
                self.problem(Code::BinaryTimeline, bytes, node, false, message);
                Tween::Line
            }
        })
    }

    /// The values of every key frame, in the form the JSON parse gives them.
    fn binary_values(
        &mut self,
        timeline: &TimelineData,
        offsets: AnimationOffsets,
        head: Head,
        records: &[usize],
        node: NodeId,
    ) -> Option<TimelineValues> {
        let Head { value_offset, value_count: deform_header, slot_count } = head;
        let k = timeline.key_frame_count;
        let ints = |parser: &mut Self, count: usize| -> Option<TimelineValues> {
            let span = parser.span(
                ArrayKind::FrameInt,
                offsets.frame_int + value_offset,
                k * count,
                node,
                "its key frames' values",
            )?;
            Some(TimelineValues::Int { count, values: parser.source().body.frame_int[span].to_vec() })
        };
        let floats = |parser: &mut Self, count: usize| -> Option<TimelineValues> {
            let span = parser.span(
                ArrayKind::FrameFloat,
                offsets.frame_float + value_offset,
                k * count,
                node,
                "its key frames' values",
            )?;
            let values = parser.source().body.frame_float[span].iter().map(|&v| f64::from(v)).collect();
            Some(TimelineValues::Float { count, values })
        };
        Some(match timeline.kind {
            TimelineKind::Action => TimelineValues::None,
            TimelineKind::ZOrder => return self.binary_z_orders(records, node, slot_count),
            TimelineKind::BoneAll => floats(self, 6)?,
            TimelineKind::BoneTranslate | TimelineKind::BoneRotate | TimelineKind::BoneScale => floats(self, 2)?,
            TimelineKind::BoneAlpha
            | TimelineKind::SlotAlpha
            | TimelineKind::SlotZIndex
            | TimelineKind::AnimationProgress
            | TimelineKind::AnimationWeight => ints(self, 1)?,
            TimelineKind::IkConstraint | TimelineKind::AnimationParameter => ints(self, 2)?,
            TimelineKind::SlotDisplay => {
                let mut values = Vec::with_capacity(records.len());
                for &r in records {
                    values.push(self.source().body.frame[r + 1]);
                }
                TimelineValues::Step(values)
            }
            TimelineKind::SlotColor => {
                let TimelineValues::Int { values, .. } = ints(self, 1)? else { return None };
                let mut colors = Vec::with_capacity(values.len());
                for v in values {
                    let at = unwrap_index(v);
                    let array = if self.source().body.color.is_some() { ArrayKind::Color } else { ArrayKind::Int };
                    let span = self.span(array, at, 8, node, "a key frame's colour")?;
                    let c = &self.source().body.colors()[span];
                    colors.push([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
                }
                TimelineValues::Color(colors)
            }
            TimelineKind::SlotDeform | TimelineKind::Surface => {
                return self.binary_deform_values(k, offsets, value_offset, deform_header, node);
            }
        })
    }

    /// Draw orders: `[position, count, slot index × slot count]`; the runtime reads as many
    /// indices as the armature has slots whenever the count is not 0.
    fn binary_z_orders(&mut self, records: &[usize], node: NodeId, slot_count: usize) -> Option<TimelineValues> {
        let mut orders = Vec::with_capacity(records.len());
        for &r in records {
            let count = self.source().body.frame[r + 1];
            if count <= 0 {
                orders.push(None);
                continue;
            }
            if count as usize != slot_count {
                let bytes = self.source().body.bytes_of(ArrayKind::Frame, r + 1..r + 2);
                let message = format!(
                    "a draw order lists {count} slots, but the armature has {slot_count}: the runtime reads {slot_count} indices whatever the count says"
                );
                self.problem(Code::BinaryTimeline, bytes, node, false, message);
            }
            let span = self.span(ArrayKind::Frame, r + 2, slot_count, node, "a draw order")?;
            orders.push(Some(self.source().body.frame[span].to_vec()));
        }
        Some(TimelineValues::ZOrder(orders))
    }

    /// Deform (or surface) values: each key frame's window of values, with the values every key
    /// frame shares around it, as full lists.
    fn binary_deform_values(
        &mut self,
        key_frames: usize,
        offsets: AnimationOffsets,
        value_offset: usize,
        header_at: usize,
        node: NodeId,
    ) -> Option<TimelineValues> {
        let at = offsets.frame_int + header_at;
        let span = self.span(ArrayKind::FrameInt, at, binary::deform::LEN, node, "a deform header")?;
        let h = &self.source().body.frame_int[span];
        let (count, window) = (h[binary::deform::COUNT], h[binary::deform::VALUE_COUNT]);
        // Both runtimes read these as counts: negative, they are the harness's crashes.
        let negative = match (count, window) {
            (count, _) if count < 0 => Some((
                count,
                "values deformed",
                "DragonBonesCPP reads it unsigned, 4 billion and more, and writes past the mesh's vertices: it crashes (DragonBonesJS deforms nothing)",
            )),
            (_, window) if window < 0 => Some((
                window,
                "values per key frame",
                "DragonBonesJS throws (`Invalid array length`), and DragonBonesCPP reads it unsigned, 4 billion and more, and runs out of memory",
            )),
            _ => None,
        };
        if let Some((value, what, effect)) = negative {
            let bytes = self.source().body.bytes_of(ArrayKind::FrameInt, at..at + binary::deform::LEN);
            let message = format!("the deform header at frameIntArray[{at}] gives {value} {what}: {effect}");
            self.problem(Code::BinaryOffset, bytes, node, true, message);
            return None;
        }
        let (count, window, first) = (count as usize, window as usize, h[binary::deform::VALUE_OFFSET].max(0) as usize);
        let same_at = offsets.frame_float + unwrap_index(h[binary::deform::SAME_VALUES]);
        if first + window > count {
            let bytes = self.source().body.bytes_of(ArrayKind::FrameInt, at..at + binary::deform::LEN);
            let message = format!(
                "the deform header at frameIntArray[{at}] animates values {first}–{} of {count}: past the values deformed",
                first + window
            );
            self.problem(Code::BinaryOffset, bytes, node, true, message);
            return None;
        }
        let keyed = self.span(
            ArrayKind::FrameFloat,
            offsets.frame_float + value_offset,
            key_frames * window,
            node,
            "its key frames' values",
        )?;
        let same = self.span(ArrayKind::FrameFloat, same_at, count - window, node, "its shared values")?;
        let body = self.source().body;
        let (keyed, same) = (&body.frame_float[keyed], &body.frame_float[same]);
        let mut values = Vec::with_capacity(key_frames * count);
        for f in 0..key_frames {
            let own = &keyed[f * window..(f + 1) * window];
            values.extend(same[..first].iter().map(|&v| f64::from(v)));
            values.extend(own.iter().map(|&v| f64::from(v)));
            values.extend(same[first..].iter().map(|&v| f64::from(v)));
        }
        Some(TimelineValues::Float { count: 0, values })
    }

    /// The geometry a deform timeline deforms: a slot's by the block its header names (the
    /// runtime drops the timeline when no display of the slot has it), a surface's by its bone.
    fn deform_geometry(
        &mut self,
        a: &AnimationData,
        offsets: AnimationOffsets,
        timeline: &mut TimelineData,
        t: usize,
        r: &Reference,
        scope: &ArmatureScope,
    ) -> Option<usize> {
        let body = self.source().body;
        let header_at = offsets.frame_int + body.timeline[t + binary::timeline::VALUE_COUNT] as usize;
        let count = body.frame_int.get(header_at + binary::deform::COUNT).map_or(0, |&c| c.max(0) as usize);
        timeline.deform_count = count;
        let _ = a;
        if timeline.kind == TimelineKind::Surface {
            let armature = &scope.data;
            return armature.bone(&r.name).and_then(|b| armature.bones[b].surface.as_ref()).map(|s| s.geometry);
        }
        let block = unwrap_index(*body.frame_int.get(header_at + binary::deform::GEOMETRY)?);
        let found = self.source().by_offset.get(&block).copied();
        if found.is_none() {
            let bytes = body.bytes_of(ArrayKind::FrameInt, header_at..header_at + 1);
            let message = format!(
                "this deform timeline of `{}` names the geometry at intArray[{block}], which no mesh has: the runtime drops the timeline",
                r.name
            );
            self.problem(Code::BinaryTimeline, bytes, r.node, false, message);
        }
        found
    }
}

/// Which of an animation's lists a timeline kind goes into.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Group {
    Bone,
    Slot,
    Constraint,
    Animation,
}

/// Whether the armature has the bone, slot or constraint `name` that a 5.5 list files timelines
/// under (`getBone`, `getSlot`, `getConstraint`).
fn known(scope: &ArmatureScope, group: Group, name: &str) -> bool {
    match group {
        Group::Bone => scope.data.bone(name).is_some(),
        Group::Slot => scope.data.slot(name).is_some(),
        Group::Constraint => scope.constraints.iter().any(|(n, _)| n == name),
        Group::Animation => true,
    }
}

fn group_of(kind: TimelineKind) -> Group {
    match kind {
        TimelineKind::BoneAll
        | TimelineKind::BoneTranslate
        | TimelineKind::BoneRotate
        | TimelineKind::BoneScale
        | TimelineKind::BoneAlpha
        | TimelineKind::Surface => Group::Bone,
        TimelineKind::SlotDisplay
        | TimelineKind::SlotColor
        | TimelineKind::SlotDeform
        | TimelineKind::SlotZIndex
        | TimelineKind::SlotAlpha => Group::Slot,
        TimelineKind::IkConstraint => Group::Constraint,
        _ => Group::Animation,
    }
}

/// The key frame in effect at each frame `0..=frame_count`, from the key frames' stored
/// positions, as `_parseBinaryTimeline` builds it: each key frame from the frame
/// [`binary_key_frame_takes`] gives it.
pub(super) fn frame_table(frames: &[FrameData], frame_count: f64, unsigned: bool) -> FrameTable {
    let positions: Vec<i16> = frames.iter().map(|f| f.position).collect();
    let mut table = FrameTable::new(frame_count as u32 + 1);
    for (key, take) in binary_key_frame_takes(&positions, frame_count, unsigned).into_iter().enumerate() {
        table.push_run(take, key as u32);
    }
    table
}

/// `1 element`, `3 elements`.
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
