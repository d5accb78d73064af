//! Animations as the runtime bakes them: every timeline's key frames placed on whole frames (a
//! key frame starts where the one before it ends, at least one frame later), a table of the key
//! frame in effect at each frame, tweens and curves sampled once per frame of their key frame.

use super::super::curve::{CurveSamples, omits_end_points, trunc_i16};
use super::super::data::*;
use super::super::frame_table::{FrameTable, first_frame_due};
use super::super::geom::{DEG_RAD, degrees_times_deg_rad_f32, normalize_radian, normalize_radian_f32, to_f32, to_i16};
use super::deform::{DeformBound, deform_bound};
use super::{ArmatureScope, FailureKind, Parser, round_i16, timeline_scale};
use crate::schema::key;
use crate::syntax::NodeId;

/// How one timeline's key frames are read.
#[derive(Clone, Copy)]
enum FrameReader<'g> {
    ZOrder {
        slot_count: usize,
    },
    BoneAll,
    /// `x`/`y` pairs (translate frames: default 0; scale frames: default 1), times `scale`.
    Pair {
        default: f64,
        scale: f64,
        int: bool,
    },
    BoneRotate,
    /// One value under `value`: stepped (display index) or an integer times `scale`.
    Single {
        default: f64,
        scale: f64,
        step: bool,
    },
    SlotDisplay,
    SlotColor,
    /// Mesh deform deltas (`vertices` or `value`, from `offset`), moved into bind space for
    /// weighted meshes when `poses` are given; only checked, and left out, when `left_out` gives
    /// their bound ([`DeformValues::CheckedFinite`](super::DeformValues)).
    Deform {
        geometry: &'g GeometryData,
        poses: Option<(&'g [f64], &'g [f64])>,
        typed: bool,
        left_out: Option<DeformBound>,
    },
    Ik,
}

/// Where one timeline's values go in the runtime's `frameFloatArray`, counted from its
/// animation's first.
pub(super) struct ValuesPlace {
    node: NodeId,
    kind: TimelineKind,
    start: usize,
    len: usize,
}

/// A timeline whose values start at `start` of the runtime's `frameFloatArray` (counted from its
/// animation's first), past the 65,535 its 16-bit reference reaches: the runtime reads them at
/// `read_at`, another timeline's (and so do `later` timelines after it in the animation).
#[derive(Clone, Debug, PartialEq)]
pub struct WrappedValues {
    pub node: NodeId,
    pub start: usize,
    pub read_at: usize,
    pub later: usize,
}

/// What the frame readers of one timeline share: the rotation of the key frame before and its
/// `clockwise` (`tweenRotate`), against which the next key frame's rotation is unwrapped.
/// The C++ runtimes (`float`) unwrap in 32 bits, with an `int` clockwise
/// (`parser/JSONDataParser.cpp:1385-1404, 1433-1453`): a half turn's difference can come out
/// −π there and π in DragonBonesJS, and the tween turns the other way.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rotation {
    pub previous: f64,
    pub clockwise: f64,
    pub float: bool,
}

impl Parser<'_> {
    pub(super) fn animation(&mut self, node: NodeId, scope: &ArmatureScope) -> AnimationData {
        if self.binary.is_some() {
            return self.binary_animation(node, scope);
        }
        let raw = self.raw;
        let armature = &scope.data;
        let mut a = self.animation_head(node, armature);
        if let Some(z) = raw.get(node, key::Z_ORDER) {
            let reader = FrameReader::ZOrder { slot_count: armature.slots.len() };
            a.z_order_timeline = self.timeline(&a, z, key::FRAME, TimelineKind::ZOrder, reader);
        }
        if let Some(list) = raw.get(node, key::BONE) {
            for t in raw.elements(list) {
                self.bone_timeline(&mut a, t, armature);
            }
        }
        if let Some(list) = raw.get(node, key::SLOT) {
            for t in raw.elements(list) {
                self.slot_timeline(&mut a, t, armature);
            }
        }
        if let Some(list) = raw.get(node, key::FFD) {
            for t in raw.elements(list) {
                self.ffd_timeline(&mut a, t, scope);
            }
        }
        if let Some(list) = raw.get(node, key::IK) {
            for t in raw.elements(list) {
                let name = raw.string(t, key::NAME, "");
                if !scope.constraints.iter().any(|(n, _)| *n == name) {
                    continue;
                }
                if let Some(timeline) = self.timeline(&a, t, key::FRAME, TimelineKind::IkConstraint, FrameReader::Ik) {
                    a.constraint_timelines.add(name, timeline);
                }
            }
        }
        if let Some(list) = raw.get(node, key::TIMELINE).filter(|_| !self.read_as.no_56) {
            for t in raw.elements(list) {
                self.typed_timeline(&mut a, t, armature);
            }
        }
        if frame_array_overflows(&a) {
            self.fail(node, FailureKind::FrameArrayOverflow);
        }
        self.read_values_past_reach(&mut a);
        a
    }

    /// Notes where the values of a timeline just read go in the runtime's `frameFloatArray`:
    /// after those of the animation's timelines before it (`_parseTimeline` stores the place,
    /// relative to the animation's, in the 16-bit `timelineArray`).
    fn place_float_values(&mut self, timeline: &TimelineData, reader: FrameReader<'_>) {
        let len = match (reader, &timeline.values) {
            (FrameReader::Deform { .. }, _) => timeline.deform_count * timeline.frames.len(),
            (_, TimelineValues::Float { values, .. }) => values.len(),
            _ => return,
        };
        let start = self.value_places.last().map_or(0, |p| p.start + p.len);
        if len > 0 {
            self.value_places.push(ValuesPlace { node: timeline.node, kind: timeline.kind, start, len });
        }
    }

    /// The values the runtime reads for the timelines of `a` whose values start past entry
    /// 65,535: those at their place less a multiple of 65,536, another timeline's, which stay
    /// within the animation's own (a timeline reads at most up to where its own values end).
    fn read_values_past_reach(&mut self, a: &mut AnimationData) {
        let places = std::mem::take(&mut self.value_places);
        let reach = usize::from(u16::MAX) + 1;
        let Some(first) = places.iter().position(|p| p.start >= reach) else { return };
        let mut kept: rigls_text::FastMap<(NodeId, TimelineKind), &[f64]> = rigls_text::FastMap::default();
        for t in a.pose_timelines() {
            if let TimelineValues::Float { values, .. } = &t.values {
                kept.insert((t.node, t.kind), values);
            }
        }
        // A timeline's values as the runtime stored them; `None` when they were left out.
        let stored = |p: &ValuesPlace| kept.get(&(p.node, p.kind)).copied().filter(|v| v.len() == p.len);
        // The animation's part of the array, as the runtime fills it.
        let mut array: Vec<Option<f64>> = Vec::new();
        for p in &places {
            match stored(p) {
                Some(values) => array.extend(values.iter().map(|&v| Some(v))),
                None => array.extend(std::iter::repeat_n(None, p.len)),
            }
        }
        let mut read: rigls_text::FastMap<(NodeId, TimelineKind), Vec<f64>> = rigls_text::FastMap::default();
        // Timelines whose values were left out have none to read.
        for p in places[first..].iter().filter(|p| stored(p).is_some()) {
            let at = p.start % reach;
            match array[at..at + p.len].iter().copied().collect::<Option<Vec<f64>>>() {
                Some(values) => {
                    read.insert((p.node, p.kind), values);
                }
                None => self.wrapped_values_need_deforms = true,
            }
        }
        drop(kept);
        for t in a.bone_timelines.all_mut().chain(a.slot_timelines.all_mut()) {
            if let Some(values) = read.remove(&(t.node, t.kind))
                && let TimelineValues::Float { values: v, .. } = &mut t.values
            {
                *v = values;
            }
        }
        let p = &places[first];
        self.wrapped_values.push(WrappedValues {
            node: p.node,
            start: p.start,
            read_at: p.start % reach,
            later: places.len() - first - 1,
        });
    }

    /// What the JSON and binary parses read alike of an animation: its name (`default` when
    /// absent or empty), duration, play times, fade-in, scale and blend type; no timelines.
    pub(super) fn animation_head(&self, node: NodeId, armature: &ArmatureData) -> AnimationData {
        let raw = self.raw;
        let mut frame_count = raw.number(node, key::DURATION, 0.0);
        if self.read_as.zero_duration_one_frame {
            // The C++ runtime: `frameCount = max(duration, 1)`.
            frame_count = frame_count.max(1.0);
        }
        let mut name = raw.string(node, key::NAME, "default");
        if name.is_empty() {
            name = "default".to_owned();
        }
        AnimationData {
            name,
            node,
            frame_count,
            play_times: raw.number(node, key::PLAY_TIMES, 1.0),
            duration: frame_count / armature.frame_rate,
            fade_in_time: raw.number(node, key::FADE_IN_TIME, 0.0),
            scale: raw.number(node, key::SCALE, 1.0),
            blend_type: u32::from(raw.string(node, key::BLEND_TYPE, "").eq_ignore_ascii_case("1d")),
            frame_rate: armature.frame_rate,
            ..Default::default()
        }
    }

    fn bone_timeline(&mut self, a: &mut AnimationData, t: NodeId, armature: &ArmatureData) {
        let raw = self.raw;
        let Some(bone) = armature.bone(&raw.string(t, key::NAME, "")) else { return };
        let name = armature.bones[bone].name.clone();
        let readers = [
            ("translateFrame", TimelineKind::BoneTranslate, FrameReader::Pair { default: 0.0, scale: 1.0, int: false }),
            ("rotateFrame", TimelineKind::BoneRotate, FrameReader::BoneRotate),
            ("scaleFrame", TimelineKind::BoneScale, FrameReader::Pair { default: 1.0, scale: 1.0, int: false }),
            ("frame", TimelineKind::BoneAll, FrameReader::BoneAll),
        ];
        for (key, kind, reader) in readers {
            if raw.has(t, key)
                && let Some(timeline) = self.timeline(a, t, key, kind, reader)
            {
                a.bone_timelines.add(name.clone(), timeline);
            }
        }
    }

    fn slot_timeline(&mut self, a: &mut AnimationData, t: NodeId, armature: &ArmatureData) {
        let raw = self.raw;
        let Some(slot) = armature.slot(&raw.string(t, key::NAME, "")) else { return };
        let name = armature.slots[slot].name.clone();
        let display_key = if raw.has(t, key::DISPLAY_FRAME) { key::DISPLAY_FRAME } else { "frame" };
        let display = self.timeline(a, t, display_key, TimelineKind::SlotDisplay, FrameReader::SlotDisplay);
        let color_key = if raw.has(t, key::COLOR_FRAME) { key::COLOR_FRAME } else { "frame" };
        let color = self.timeline(a, t, color_key, TimelineKind::SlotColor, FrameReader::SlotColor);
        for timeline in [display, color].into_iter().flatten() {
            a.slot_timelines.add(name.clone(), timeline);
        }
    }

    fn ffd_timeline(&mut self, a: &mut AnimationData, t: NodeId, scope: &ArmatureScope) {
        let raw = self.raw;
        let armature = &scope.data;
        let mut skin_name = raw.string(t, key::SKIN, "default");
        if skin_name.is_empty() {
            skin_name = "default".to_owned();
        }
        let slot_name = raw.string(t, key::SLOT, "");
        let display_name = raw.string(t, key::NAME, "");
        if armature.slot(&slot_name).is_none() {
            return;
        }
        let Some(skin) = armature.skins.iter().find(|s| s.name == skin_name) else { return };
        let Some(display) =
            skin.displays_of(&slot_name).and_then(|d| d.iter().flatten().find(|d| d.name == display_name))
        else {
            return;
        };
        let DisplayKind::Mesh { geometry, .. } = display.kind else {
            self.fail(t, FailureKind::DeformOfNonMesh);
            return;
        };
        let key = format!("{skin_name}_{slot_name}_{display_name}");
        let poses = scope.poses.get(&key).cloned();
        let geometry_data = std::mem::take(&mut self.data.geometries[geometry]);
        let poses = poses.as_ref().map(|(s, b)| (s.as_slice(), b.as_slice()));
        let left_out =
            self.leaves_deform_values_out().then(|| deform_bound(&geometry_data, poses, false, self.inverts_as_cpp()));
        let reader = FrameReader::Deform { geometry: &geometry_data, poses, typed: false, left_out };
        let timeline = self.timeline(a, t, key::FRAME, TimelineKind::SlotDeform, reader);
        self.data.geometries[geometry] = geometry_data;
        if let Some(mut timeline) = timeline {
            timeline.geometry = Some(geometry);
            a.slot_timelines.add(slot_name, timeline);
        }
    }

    /// A 5.6 `timeline[]` entry (numeric `type`).
    fn typed_timeline(&mut self, a: &mut AnimationData, t: NodeId, armature: &ArmatureData) {
        let raw = self.raw;
        let ty = raw.number(t, key::TYPE, 0.0);
        let name = raw.string(t, key::NAME, "");
        let single = |default: f64, scale: f64, step: bool| FrameReader::Single { default, scale, step };
        let pair = |default: f64, scale: f64, int: bool| FrameReader::Pair { default, scale, int };
        let (kind, reader) = match ty as i64 {
            _ if ty.fract() != 0.0 => return,
            20 => (TimelineKind::SlotDisplay, single(0.0, 1.0, true)),
            23 => (TimelineKind::SlotZIndex, single(0.0, 1.0, false)),
            60 => (TimelineKind::BoneAlpha, single(1.0, 100.0, false)),
            24 => (TimelineKind::SlotAlpha, single(1.0, 100.0, false)),
            40 => (TimelineKind::AnimationProgress, single(0.0, 10000.0, false)),
            41 => (TimelineKind::AnimationWeight, single(1.0, 10000.0, false)),
            11 => (TimelineKind::BoneTranslate, pair(0.0, 1.0, false)),
            12 => (TimelineKind::BoneRotate, pair(0.0, DEG_RAD, false)),
            13 => (TimelineKind::BoneScale, pair(1.0, 1.0, false)),
            30 => (TimelineKind::IkConstraint, pair(1.0, 100.0, true)),
            42 => (TimelineKind::AnimationParameter, pair(0.0, 10000.0, true)),
            21 => (TimelineKind::SlotColor, FrameReader::SlotColor),
            50 | 22 => {
                let geometry = if ty == 50.0 {
                    armature.bone(&name).and_then(|b| armature.bones[b].surface.as_ref()).map(|s| s.geometry)
                } else {
                    // The last display of that name in any skin.
                    let mut found = None;
                    for skin in &armature.skins {
                        for (_, displays) in &skin.displays {
                            if let Some(d) = displays.iter().flatten().find(|d| d.name == name) {
                                found = Some(d.clone());
                            }
                        }
                    }
                    match found.map(|d| d.kind) {
                        Some(DisplayKind::Mesh { geometry, .. }) => Some(geometry),
                        Some(_) => {
                            self.fail(t, FailureKind::DeformOfNonMesh);
                            None
                        }
                        None => None,
                    }
                };
                let Some(geometry) = geometry else { return };
                let kind = if ty == 50.0 { TimelineKind::Surface } else { TimelineKind::SlotDeform };
                let geometry_data = std::mem::take(&mut self.data.geometries[geometry]);
                let left_out = (kind == TimelineKind::SlotDeform && self.leaves_deform_values_out())
                    .then(|| deform_bound(&geometry_data, None, true, self.inverts_as_cpp()));
                let reader = FrameReader::Deform { geometry: &geometry_data, poses: None, typed: true, left_out };
                let timeline = self.timeline(a, t, key::FRAME, kind, reader);
                self.data.geometries[geometry] = geometry_data;
                if let Some(mut timeline) = timeline {
                    timeline.geometry = Some(geometry);
                    let list =
                        if kind == TimelineKind::Surface { &mut a.bone_timelines } else { &mut a.slot_timelines };
                    list.add(name, timeline);
                }
                return;
            }
            _ => return,
        };
        let Some(mut timeline) = self.timeline(a, t, key::FRAME, kind, reader) else { return };
        if kind == TimelineKind::AnimationProgress && a.blend_type != 0 {
            timeline.position = (raw.number(t, key::X, 0.0), raw.number(t, key::Y, 0.0));
        }
        let list = match kind {
            TimelineKind::BoneTranslate
            | TimelineKind::BoneRotate
            | TimelineKind::BoneScale
            | TimelineKind::BoneAlpha => &mut a.bone_timelines,
            TimelineKind::SlotDisplay
            | TimelineKind::SlotColor
            | TimelineKind::SlotZIndex
            | TimelineKind::SlotAlpha => &mut a.slot_timelines,
            TimelineKind::IkConstraint => &mut a.constraint_timelines,
            _ => &mut a.animation_timelines,
        };
        list.add(name, timeline);
    }

    /// `_parseTimeline`: places the key frames of `container[frames_key]` on whole frames.
    fn timeline(
        &mut self,
        a: &AnimationData,
        container: NodeId,
        frames_key: &str,
        kind: TimelineKind,
        reader: FrameReader<'_>,
    ) -> Option<TimelineData> {
        let raw = self.raw;
        let frames_node = raw.array(container, frames_key)?;
        let raw_frames: Vec<NodeId> = raw.elements(frames_node).collect();
        if raw_frames.is_empty() {
            return None;
        }
        let scale = timeline_scale(raw.number(container, key::SCALE, 1.0));
        let mut timeline = TimelineData {
            kind,
            node: container,
            time_scale: 100.0 / scale,
            time_offset: timeline_scale(raw.number(container, key::OFFSET, 0.0)) * 0.01,
            key_frame_count: raw_frames.len(),
            frames: Vec::new(),
            frame_table: FrameTable::default(),
            values: empty_values(reader, raw_frames.len()),
            geometry: None,
            deform_count: 0,
            position: (0.0, 0.0),
        };
        let mut rotation = Rotation { previous: 0.0, clockwise: 0.0, float: self.read_as.float_values };
        if raw_frames.len() == 1 {
            let frame = self.frame(raw_frames[0], 0.0, 0.0, reader, &mut rotation, &mut timeline);
            timeline.frames.push(frame);
            self.place_float_values(&timeline, reader);
            return Some(timeline);
        }
        let total = a.frame_count + 1.0;
        if total.fract() != 0.0 {
            self.fail(a.node, FailureKind::FractionalDuration);
            return None;
        }
        if total > super::MAX_FRAMES {
            self.fail(a.node, FailureKind::HugeDuration);
            return None;
        }
        timeline.frames.reserve_exact(raw_frames.len());
        let mut table = FrameTable::new(total as u32);
        // The runtime's loop over every frame takes a key frame at the first frame at or after
        // the end of the one before (one a frame at most): that frame is computed, not searched.
        let (mut key, mut due, mut next) = (0usize, 0.0f64, 0.0f64);
        while key < raw_frames.len() {
            let Some(i) = first_frame_due(due, next, total) else { break };
            let f = raw_frames[key];
            let frame_count =
                if key == raw_frames.len() - 1 { a.frame_count - i } else { raw.number(f, key::DURATION, 1.0) };
            let frame = self.frame(f, i, frame_count, reader, &mut rotation, &mut timeline);
            timeline.frames.push(frame);
            table.push_run(i as u32, key as u32);
            key += 1;
            due = i + frame_count;
            next = i + 1.0;
        }
        timeline.frame_table = table;
        self.place_float_values(&timeline, reader);
        Some(timeline)
    }

    /// One key frame: its position and tween, and its values appended to the timeline's.
    fn frame(
        &mut self,
        f: NodeId,
        frame_start: f64,
        frame_count: f64,
        reader: FrameReader<'_>,
        rotation: &mut Rotation,
        timeline: &mut TimelineData,
    ) -> FrameData {
        let raw = self.raw;
        let tweened = !matches!(reader, FrameReader::ZOrder { .. } | FrameReader::SlotDisplay)
            && !matches!(reader, FrameReader::Single { step: true, .. });
        let tween = if tweened { self.tween(f, frame_count) } else { Tween::None };
        let frame = FrameData { position: to_i16(frame_start), tween, node: f };
        match reader {
            FrameReader::ZOrder { slot_count } => {
                let order = self.z_order(f, slot_count);
                if let TimelineValues::ZOrder(v) = &mut timeline.values {
                    v.push(order);
                }
            }
            FrameReader::BoneAll => {
                let t =
                    raw.get(f, key::TRANSFORM).map_or(super::super::geom::Transform::IDENTITY, |t| self.transform(t));
                let r = rotation.next(t.rotation, frame_start, raw.number(f, key::TWEEN_ROTATE, 0.0));
                push_floats(timeline, &[t.x, t.y, r, t.skew, t.scale_x, t.scale_y]);
            }
            FrameReader::Pair { default, scale, int } => {
                let (x, y) = (raw.number(f, key::X, default) * scale, raw.number(f, key::Y, default) * scale);
                if int {
                    push_ints(timeline, &[round_i16(x), round_i16(y)]);
                } else {
                    push_floats(timeline, &[x, y]);
                }
            }
            FrameReader::BoneRotate => {
                let float = rotation.float;
                let radian = |v: f64| if float { degrees_times_deg_rad_f32(v) } else { v * DEG_RAD };
                let r = radian(raw.number(f, key::ROTATE, 0.0));
                let r = rotation.next(r, frame_start, raw.number(f, key::CLOCKWISE, 0.0));
                push_floats(timeline, &[r, radian(raw.number(f, key::SKEW, 0.0))]);
            }
            FrameReader::Single { default, scale, step } => {
                let v = raw.number(f, key::VALUE, default);
                if step {
                    if let TimelineValues::Step(values) = &mut timeline.values {
                        values.push(to_i16(v));
                    }
                } else {
                    push_ints(timeline, &[round_i16(v * scale)]);
                }
            }
            FrameReader::SlotDisplay => {
                let v = if raw.has(f, key::VALUE) {
                    raw.number(f, key::VALUE, 0.0)
                } else {
                    raw.number(f, key::DISPLAY_INDEX, 0.0)
                };
                if let TimelineValues::Step(values) = &mut timeline.values {
                    values.push(to_i16(v));
                }
            }
            FrameReader::SlotColor => {
                let key = if raw.has(f, key::VALUE) { key::VALUE } else { "color" };
                if self.read_as.colours_in_int_array {
                    self.store_colour_ints(f, key);
                }
                let color = raw.get(f, key).filter(|&c| raw.is_object(c) && raw.tree.members(c).next().is_some());
                let c = color.map_or(super::super::geom::ColorTransform::IDENTITY, |c| self.color(c));
                let ints = if self.read_as.truncates {
                    // DragonBonesCPP `parser/JSONDataParser.cpp:1518-1525, 1809-1816`: percent
                    // times `0.01f` times 100, truncated (29 is stored 28).
                    let m = |v: f64| trunc_i16(((v * 100.0) as f32 * 0.01) * 100.0);
                    let o = |v: f64| trunc_i16(v as f32);
                    [
                        m(c.alpha_multiplier),
                        m(c.red_multiplier),
                        m(c.green_multiplier),
                        m(c.blue_multiplier),
                        o(c.alpha_offset),
                        o(c.red_offset),
                        o(c.green_offset),
                        o(c.blue_offset),
                    ]
                } else {
                    [
                        round_i16(c.alpha_multiplier * 100.0),
                        round_i16(c.red_multiplier * 100.0),
                        round_i16(c.green_multiplier * 100.0),
                        round_i16(c.blue_multiplier * 100.0),
                        round_i16(c.alpha_offset),
                        round_i16(c.red_offset),
                        round_i16(c.green_offset),
                        round_i16(c.blue_offset),
                    ]
                };
                if let TimelineValues::Color(v) = &mut timeline.values {
                    v.push(ints);
                }
            }
            FrameReader::Deform { geometry, poses, typed, left_out: Some(bound) } => {
                let count = self.check_deform(f, geometry, poses, typed, bound);
                if timeline.frames.is_empty() {
                    timeline.deform_count = count;
                }
            }
            FrameReader::Deform { geometry, poses, typed, left_out: None } => {
                let mut elsewhere = Vec::new();
                let values = match &mut timeline.values {
                    TimelineValues::Float { values, .. } => values,
                    _ => &mut elsewhere,
                };
                let before = values.len();
                self.deform(f, geometry, poses, typed, values);
                let written = values.len() - before;
                if timeline.frames.is_empty() {
                    timeline.deform_count = written;
                }
            }
            FrameReader::Ik => {
                let bend = i16::from(raw.boolean(f, key::BEND_POSITIVE, true));
                push_ints(timeline, &[bend, round_i16(raw.number(f, key::WEIGHT, 1.0) * 100.0)]);
            }
        }
        frame
    }

    /// `_parseTweenFrame`.
    fn tween(&mut self, f: NodeId, frame_count: f64) -> Tween {
        let raw = self.raw;
        if frame_count <= 0.0 {
            return Tween::None;
        }
        if let Some(curve) = raw.get(f, key::CURVE) {
            let sample_count = frame_count + 1.0;
            if sample_count.fract() != 0.0 {
                self.fail(f, FailureKind::FractionalDuration);
                return Tween::None;
            }
            if sample_count > super::MAX_FRAMES {
                self.fail(f, FailureKind::HugeDuration);
                return Tween::None;
            }
            let points: Box<[f64]> = if raw.is_array(curve) { raw.numbers(curve).into() } else { Box::new([]) };
            // DragonBonesCPP `parser/JSONDataParser.cpp:1239`: `float` samples, truncated, the
            // end points always implicit.
            let cpp = self.read_as.truncates;
            let omitted = cpp || omits_end_points(&points);
            let samples = CurveSamples::Points { points, len: sample_count as usize, cpp };
            return Tween::Curve { samples, omitted };
        }
        const NO_TWEEN: f64 = -2.0;
        let easing = raw.number(f, key::TWEEN_EASING, NO_TWEEN);
        if self.read_as.truncates && easing != NO_TWEEN && easing != 0.0 {
            // DragonBonesCPP `parser/JSONDataParser.cpp:1245-1278`: a `float`, truncated.
            let e = easing as f32;
            return if e < 0.0 {
                Tween::QuadIn(trunc_i16(-e * 100.0))
            } else if e <= 1.0 {
                Tween::QuadOut(trunc_i16(e * 100.0))
            } else {
                Tween::QuadInOut(trunc_i16(e * 100.0 - 100.0))
            };
        }
        if easing == NO_TWEEN {
            Tween::None
        } else if easing == 0.0 {
            Tween::Line
        } else if easing < 0.0 {
            Tween::QuadIn(round_i16(-easing * 100.0))
        } else if easing <= 1.0 {
            Tween::QuadOut(round_i16(easing * 100.0))
        } else {
            Tween::QuadInOut(round_i16(easing * 100.0 - 100.0))
        }
    }

    /// `_parseZOrderFrame`: the slot index drawn at each position (`None`: the setup order).
    fn z_order(&mut self, f: NodeId, slot_count: usize) -> Option<Vec<i16>> {
        let raw = self.raw;
        let pairs = raw.numbers_at(f, key::Z_ORDER)?;
        if pairs.is_empty() {
            return None;
        }
        let half = pairs.len() as f64 / 2.0;
        if half.fract() != 0.0 || half > slot_count as f64 {
            // `new Array(slotCount - length / 2)` throws a RangeError here.
            self.fail(f, FailureKind::BadZOrder);
            return None;
        }
        let mut unchanged: Vec<i64> = vec![0; slot_count - half as usize];
        let mut orders: Vec<i64> = vec![-1; slot_count];
        let (mut original, mut unchanged_index) = (0i64, 0usize);
        for pair in pairs.chunks(2) {
            let (slot, offset) = (pair[0], pair[1]);
            // Out of order, the runtime would count forever (and run out of memory); far beyond
            // the slots, it counts one by one to the index, filling an array as it goes: as good
            // as forever for the indices a typo makes (`90000000000000000`).
            if slot.fract() != 0.0 || slot < original as f64 || slot - original as f64 > Z_ORDER_COUNT_LIMIT {
                self.fail(f, FailureKind::BadZOrder);
                return None;
            }
            while (original as f64) != slot {
                set(&mut unchanged, unchanged_index as i64, original);
                unchanged_index += 1;
                original += 1;
            }
            let index = original as f64 + offset;
            if index.fract() == 0.0 && index >= 0.0 && (index as usize) < slot_count {
                orders[index as usize] = original;
            }
            original += 1;
        }
        while (original as usize) < slot_count {
            set(&mut unchanged, unchanged_index as i64, original);
            unchanged_index += 1;
            original += 1;
        }
        let mut out = vec![0i16; slot_count];
        let mut remaining = unchanged_index as i64;
        for i in (0..slot_count).rev() {
            out[i] = if orders[i] == -1 {
                remaining -= 1;
                if remaining >= 0 { unchanged.get(remaining as usize).copied().unwrap_or(0) as i16 } else { 0 }
            } else {
                orders[i] as i16
            };
        }
        Some(out)
    }
}

impl Rotation {
    /// A key frame's rotation, unwrapped against the previous key frame's (shortest way, or
    /// `clockwise` extra turns).
    pub fn next(&mut self, rotation: f64, frame_start: f64, clockwise: f64) -> f64 {
        if self.float {
            return self.next_f32(rotation as f32, frame_start, clockwise);
        }
        let mut r = rotation;
        if frame_start != 0.0 {
            if self.clockwise == 0.0 {
                r = self.previous + normalize_radian(r - self.previous);
            } else {
                let turned = if self.clockwise > 0.0 { r >= self.previous } else { r <= self.previous };
                if turned {
                    self.clockwise += if self.clockwise > 0.0 { -1.0 } else { 1.0 };
                }
                r = self.previous + r - self.previous + std::f64::consts::PI * 2.0 * self.clockwise;
            }
        }
        self.clockwise = clockwise;
        self.previous = r;
        r
    }

    fn next_f32(&mut self, rotation: f32, frame_start: f64, clockwise: f64) -> f64 {
        let previous = self.previous as f32;
        let mut r = rotation;
        if frame_start != 0.0 {
            if self.clockwise == 0.0 {
                r = previous + normalize_radian_f32(r - previous);
            } else {
                let turned = if self.clockwise > 0.0 { r >= previous } else { r <= previous };
                if turned {
                    self.clockwise += if self.clockwise > 0.0 { -1.0 } else { 1.0 };
                }
                r = previous + r - previous + std::f32::consts::PI * 2.0 * self.clockwise as f32;
            }
        }
        // `int _prevClockwise = _getNumber(…, 0.0f)`: truncated.
        self.clockwise = f64::from(clockwise as f32 as i32);
        self.previous = f64::from(r);
        f64::from(r)
    }
}

/// How far past the slot before it a `zOrder` slot index may lie and still be read: the
/// runtime counts to it, which is instant for any real file and hangs on an index like `9e16`.
const Z_ORDER_COUNT_LIMIT: f64 = (1u32 << 20) as f64;

fn set(v: &mut Vec<i64>, i: i64, value: i64) {
    if i < 0 {
        return;
    }
    let i = i as usize;
    if i >= v.len() {
        v.resize(i + 1, 0);
    }
    v[i] = value;
}

/// No values yet, room for those of `frames` key frames.
fn empty_values(reader: FrameReader<'_>, frames: usize) -> TimelineValues {
    match reader {
        FrameReader::ZOrder { .. } => TimelineValues::ZOrder(Vec::with_capacity(frames)),
        FrameReader::BoneAll => TimelineValues::Float { count: 6, values: Vec::with_capacity(frames * 6) },
        FrameReader::Pair { int: true, .. } | FrameReader::Ik => {
            TimelineValues::Int { count: 2, values: Vec::with_capacity(frames * 2) }
        }
        FrameReader::Pair { .. } | FrameReader::BoneRotate => {
            TimelineValues::Float { count: 2, values: Vec::with_capacity(frames * 2) }
        }
        FrameReader::Single { step: true, .. } | FrameReader::SlotDisplay => {
            TimelineValues::Step(Vec::with_capacity(frames))
        }
        FrameReader::Single { .. } => TimelineValues::Int { count: 1, values: Vec::with_capacity(frames) },
        FrameReader::SlotColor => TimelineValues::Color(Vec::with_capacity(frames)),
        FrameReader::Deform { .. } => TimelineValues::Float { count: 0, values: Vec::new() },
    }
}

/// Whether some key frame of `a` certainly starts past entry 65,535 of the runtime's `frameArray`
/// (counted from the animation's first key frame), where the runtime's `timelineArray`, a
/// `Uint16Array`, cannot reference it (`_parseTimeline`: `frameOffset - animation.frameOffset`).
/// Timelines are parsed one after another, each key frame after the one before, the action
/// (event) timeline last: so the last key frame before that one, the last of some timeline,
/// starts at the sum of the records' sizes less its own. Records (`_parseFrame` and after): the
/// position, then a value or a tween type (2), an easing (3), a curve's sample count and samples
/// (3 + samples); a z-order's count and order (2, or 2 + slots).
fn frame_array_overflows(a: &AnimationData) -> bool {
    let timelines = a
        .z_order_timeline
        .iter()
        .chain(a.bone_timelines.all().chain(a.slot_timelines.all()).chain(a.constraint_timelines.all()));
    // The records' sizes, and the largest of a timeline's last record.
    let (mut total, mut largest_last) = (0usize, 0usize);
    for t in timelines.chain(a.animation_timelines.all()) {
        for (k, f) in t.frames.iter().enumerate() {
            let size = match (&f.tween, &t.values) {
                (_, TimelineValues::ZOrder(orders)) => 2 + orders.get(k).and_then(Option::as_ref).map_or(0, Vec::len),
                (Tween::Curve { samples, .. }, _) => 3 + samples.len(),
                (Tween::QuadIn(_) | Tween::QuadOut(_) | Tween::QuadInOut(_), _) => 3,
                (Tween::None | Tween::Line, _) => 2,
            };
            total += size;
            if k + 1 == t.frames.len() {
                largest_last = largest_last.max(size);
            }
        }
    }
    total.saturating_sub(largest_last) > usize::from(u16::MAX)
}

fn push_floats(timeline: &mut TimelineData, values: &[f64]) {
    if let TimelineValues::Float { values: v, .. } = &mut timeline.values {
        v.extend(values.iter().map(|&x| to_f32(x)));
    }
}

fn push_ints(timeline: &mut TimelineData, values: &[i16]) {
    if let TimelineValues::Int { values: v, .. } = &mut timeline.values {
        v.extend_from_slice(values);
    }
}
