//! 2.3 and 3.0 data as 5.5 writes it, converted the way the official converter (DragonBones
//! Tools, `db2 -t new`) converts it — slots out of the skins in `z` order, image pivots folded into
//! the display transforms with the texture sizes of the atlas, merged bone-and-slot timelines split,
//! `hide` as display −1, `loop` as `playTimes`, `autoTween`/`tweenEasing` of the animation given
//! to each key frame, events as actions, bones in global coordinates (`isGlobal`, 2.3's default)
//! made parent-relative by sampling the parent's timeline at each key frame — except where the
//! converter is wrong (`docs/formats/dragonbones-upgrade.md` lists each difference and why):
//! angles of the sampled parent wrapped in degrees (the converter wraps them as radians), its tween
//! eased as runtimes ease it (the converter inverts ease-in and ease-out), an image pivot turned with
//! its display, events kept on the frame they were on, and nothing rounded.

use std::borrow::Cow;

use super::actions::{self, Moved};
use super::doc::{Input, Key, Member, Value};
use super::notes::Notes;
use crate::atlas::PairedAtlas;
use crate::eval::raw::Raw;
use crate::schema::key;
use crate::syntax::{NodeId, NodeKind};

/// A 2.x transform (degrees), with the pivot it carried.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Tf {
    x: f64,
    y: f64,
    sk_x: f64,
    sk_y: f64,
    sc_x: f64,
    sc_y: f64,
}

impl Tf {
    const IDENTITY: Tf = Tf { x: 0.0, y: 0.0, sk_x: 0.0, sk_y: 0.0, sc_x: 1.0, sc_y: 1.0 };

    /// The converter's `toMatrix`: `[a, b, c, d, tx, ty]`.
    fn matrix(&self) -> [f64; 6] {
        let (sx, sy) = (self.sk_x.to_radians_js(), self.sk_y.to_radians_js());
        [sy.cos() * self.sc_x, sy.sin() * self.sc_x, -sx.sin() * self.sc_y, sx.cos() * self.sc_y, self.x, self.y]
    }
}

/// Degrees to radians as the converter multiplies (`DEG_RAD = PI / 180`).
trait Radians {
    fn to_radians_js(self) -> f64;
}

impl Radians for f64 {
    fn to_radians_js(self) -> f64 {
        self * (std::f64::consts::PI / 180.0)
    }
}

/// The converter's `Matrix.invert`.
fn invert(m: [f64; 6]) -> [f64; 6] {
    let [a, b, c, d, tx, ty] = m;
    if b == 0.0 && c == 0.0 {
        if a == 0.0 || d == 0.0 {
            return [0.0, 0.0, 0.0, d, 0.0, 0.0];
        }
        let (a, d) = (1.0 / a, 1.0 / d);
        return [a, 0.0, 0.0, d, -a * tx, -d * ty];
    }
    let determinant = a * d - b * c;
    if determinant == 0.0 {
        return [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
    }
    let determinant = 1.0 / determinant;
    let (na, nb, nc, nd) = (d * determinant, -b * determinant, -c * determinant, a * determinant);
    [na, nb, nc, nd, -(na * tx + nc * ty), -(nb * tx + nd * ty)]
}

fn apply(m: [f64; 6], x: f64, y: f64, delta: bool) -> (f64, f64) {
    let (px, py) = (m[0] * x + m[2] * y, m[1] * x + m[3] * y);
    if delta { (px, py) } else { (px + m[4], py + m[5]) }
}

/// A key frame's easing as the converter sets it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Easing {
    /// No tween (`NaN`).
    None,
    /// The key frame's own `tweenEasing`, copied as written.
    Own(NodeId),
    /// The animation's `tweenEasing` (or 0) under `autoTween`.
    Auto(f64),
}

struct Frame {
    node: NodeId,
    duration: f64,
    easing: Easing,
    curve: Option<NodeId>,
    transform: Tf,
}

impl Frame {
    fn tweened(&self, raw: &Raw<'_>) -> bool {
        match self.easing {
            Easing::None => self.curve.is_some(),
            Easing::Auto(_) => true,
            Easing::Own(node) => !raw.to_number(node).is_nan() || self.curve.is_some(),
        }
    }

    fn easing_value(&self, raw: &Raw<'_>) -> f64 {
        match self.easing {
            Easing::None => f64::NAN,
            Easing::Auto(v) => v,
            Easing::Own(node) => raw.to_number(node),
        }
    }
}

struct Timeline {
    node: NodeId,
    name: String,
    frames: Vec<Frame>,
}

struct Bone {
    name: String,
    parent: Option<usize>,
    transform: Tf,
}

/// The upgrade of one 2.3/3.0 skeleton.
pub struct Legacy<'a, 't> {
    pub input: Input<'t>,
    pub atlases: &'a [PairedAtlas],
    pub notes: &'a mut Notes,
    /// `isGlobal` (2.3's default: true).
    pub global: bool,
}

const TRANSFORM_KEYS: [&str; 6] = [key::X, key::Y, key::SK_X, key::SK_Y, key::SC_X, key::SC_Y];

impl<'t> Legacy<'_, 't> {
    fn raw(&self) -> Raw<'t> {
        self.input.raw()
    }

    /// The armature list converted.
    pub fn armatures(&mut self, list: NodeId) -> Value<'t> {
        let input = self.input;
        Value::Array(input.elements(list).map(|a| self.armature(a)).collect())
    }

    /// The converter's copy of a transform: numbers coerced, absent ones default.
    fn transform(&self, node: Option<NodeId>) -> (Tf, (f64, f64)) {
        let raw = self.raw();
        let Some(t) = node.filter(|&t| raw.is_object(t)) else { return (Tf::IDENTITY, (0.0, 0.0)) };
        let value = |k: &str, default: f64| copied_number(&raw, t, k, default);
        let tf = Tf {
            x: value(key::X, 0.0),
            y: value(key::Y, 0.0),
            sk_x: value(key::SK_X, 0.0),
            sk_y: value(key::SK_Y, 0.0),
            sc_x: value(key::SC_X, 1.0),
            sc_y: value(key::SC_Y, 1.0),
        };
        (tf, (value(key::P_X, 0.0), value(key::P_Y, 0.0)))
    }

    fn armature(&mut self, armature: NodeId) -> Value<'t> {
        let input = self.input;
        let raw = self.raw();
        if !raw.is_object(armature) {
            return Value::Source(armature);
        }
        // Bones: as written, then made parent-relative.
        let bone_nodes: Vec<NodeId> = raw
            .array(armature, key::BONE)
            .map(|b| raw.elements(b).filter(|&e| raw.is_object(e)).collect())
            .unwrap_or_default();
        let mut bones: Vec<Bone> = bone_nodes
            .iter()
            .map(|&b| {
                let (transform, _) = self.transform(raw.get(b, key::TRANSFORM));
                Bone { name: raw.string(b, key::NAME, ""), parent: None, transform }
            })
            .collect();
        // The first bone and slot of each name (a search per element made 30,000 bones take
        // seconds).
        let mut bone_names: rigls_text::FastMap<String, usize> = rigls_text::FastMap::default();
        for (i, bone) in bones.iter().enumerate() {
            bone_names.entry(bone.name.clone()).or_insert(i);
        }
        for (i, &b) in bone_nodes.iter().enumerate() {
            let parent = raw.string(b, key::PARENT, "");
            bones[i].parent = bone_names.get(&parent).copied().filter(|_| !parent.is_empty());
        }
        // Slots: from each skin's slots in `z` order, the first of each name.
        let skins: Vec<NodeId> = raw
            .array(armature, key::SKIN)
            .map(|s| raw.elements(s).filter(|&e| raw.is_object(e)).collect())
            .unwrap_or_default();
        let mut sorted_skins: Vec<Vec<NodeId>> = Vec::new();
        let mut slots: Vec<(String, NodeId)> = Vec::new();
        let mut slot_names: rigls_text::FastSet<String> = rigls_text::FastSet::default();
        for &skin in &skins {
            let mut list: Vec<NodeId> = raw
                .array(skin, key::SLOT)
                .map(|s| raw.elements(s).filter(|&e| raw.is_object(e)).collect())
                .unwrap_or_default();
            list.sort_by(|&a, &b| raw.number(a, key::Z, 0.0).total_cmp(&raw.number(b, key::Z, 0.0)));
            for &slot in &list {
                let name = raw.string(slot, key::NAME, "");
                if slot_names.insert(name.clone()) {
                    slots.push((name, slot));
                }
            }
            sorted_skins.push(list);
        }
        // Animations, read before the bones change (their frames are made relative with the
        // bones' global setup poses).
        let animations: Vec<NodeId> = raw
            .array(armature, key::ANIMATION)
            .map(|a| raw.elements(a).filter(|&e| raw.is_object(e)).collect())
            .unwrap_or_default();
        let mut timelines: Vec<Vec<Timeline>> = animations.iter().map(|&a| self.timelines(a)).collect();
        if self.global {
            global_to_local(&raw, &mut bones, &mut timelines);
        }
        let first_bone = bones.first().map(|b| b.name.clone());

        let mut out = Vec::new();
        for member in input.members(armature) {
            let name = input.key(member.key);
            match name.as_ref() {
                k if k == key::BONE && input.tree.is_array(member.value) => {
                    let list = bone_nodes.iter().zip(&bones).map(|(&node, bone)| self.bone(node, bone)).collect();
                    out.push(Member { key: Key::Source(member.key), value: Value::Array(list) });
                }
                k if k == key::SKIN && input.tree.is_array(member.value) => {
                    let slot_list = slots
                        .iter()
                        .map(|(name, node)| self.slot(name, *node, &bone_names, first_bone.as_deref()))
                        .collect();
                    out.push(Member::new(key::SLOT, Value::Array(slot_list)));
                    let skin_list =
                        skins.iter().zip(&sorted_skins).map(|(&skin, list)| self.skin(skin, list)).collect();
                    out.push(Member { key: Key::Source(member.key), value: Value::Array(skin_list) });
                }
                k if k == key::ANIMATION && input.tree.is_array(member.value) => {
                    let known = (&bone_names, &slot_names);
                    let list =
                        animations.iter().zip(&timelines).map(|(&a, t)| self.animation(a, t, known, &slots)).collect();
                    out.push(Member { key: Key::Source(member.key), value: Value::Array(list) });
                }
                _ => out.push(Member::source(member)),
            }
        }
        Value::Object(out)
    }

    fn bone(&mut self, node: NodeId, bone: &Bone) -> Value<'t> {
        let input = self.input;
        let mut out = Vec::new();
        let mut inherit_scale = false;
        for member in input.members(node) {
            let name = input.key(member.key);
            match name.as_ref() {
                k if k == key::TRANSFORM => {
                    let mut t = bone.transform;
                    // As the converter writes them: a zero scale would make the matrix singular
                    // (then rounded away again, as the converter does).
                    for s in [&mut t.sc_x, &mut t.sc_y] {
                        if *s == 0.0 {
                            *s = 0.000001;
                        }
                    }
                    if let Some(value) = transform_value(&t) {
                        out.push(Member { key: Key::Source(member.key), value });
                    }
                }
                k if k == key::PARENT && bone.parent.is_none() => {
                    self.notes.changed(
                        input.tree.member_range(member),
                        "this parent is no bone of the armature: the bone is a root, as runtimes read it",
                    );
                }
                k if k == key::INHERIT_SCALE => {
                    inherit_scale = true;
                    out.push(Member { key: Key::Source(member.key), value: Value::Bool(false) });
                }
                k if [key::INHERIT_ROTATION, key::SCALE_MODE, key::FIXED_ROTATION].contains(&k) => {
                    self.notes.changed(
                        input.tree.member_range(member),
                        format!("`{k}`: a 3.0 bone flag the official converter leaves out; so does the upgrade"),
                    );
                }
                _ => out.push(Member::source(member)),
            }
        }
        if let (None, Some(value)) = (input.get(node, key::TRANSFORM), transform_value(&bone.transform)) {
            out.push(Member::new(key::TRANSFORM, value));
        }
        if !inherit_scale {
            // 2.x bones never inherited their parent's scale.
            let at = super::doc::position_of(&input, &out, key::NAME).map_or(0, |i| i + 1);
            out.insert(at, Member::new(key::INHERIT_SCALE, Value::Bool(false)));
        }
        Value::Object(out)
    }

    fn slot(
        &mut self,
        name: &str,
        node: NodeId,
        bone_names: &rigls_text::FastMap<String, usize>,
        first_bone: Option<&str>,
    ) -> Value<'t> {
        let raw = self.raw();
        let mut out = vec![Member::new(key::NAME, Value::String(Cow::Owned(name.to_owned())))];
        let parent = raw.string(node, key::PARENT, "");
        let parent = if bone_names.contains_key(&parent) && !parent.is_empty() {
            Some(parent)
        } else {
            first_bone.map(str::to_owned)
        };
        if let Some(parent) = parent {
            out.push(Member::new(key::PARENT, Value::String(Cow::Owned(parent))));
        }
        if let Some(v) = raw.get(node, key::DISPLAY_INDEX) {
            out.push(Member::new(key::DISPLAY_INDEX, Value::Source(v)));
        }
        if let Some(v) = raw.get(node, key::BLEND_MODE) {
            out.push(Member::new(key::BLEND_MODE, Value::Source(v)));
        }
        if let Some(c) = color_value(&raw, raw.get(node, key::COLOR_TRANSFORM)) {
            out.push(Member::new(key::COLOR, c));
        }
        Value::Object(out)
    }

    fn skin(&mut self, skin: NodeId, slots: &[NodeId]) -> Value<'t> {
        let input = self.input;
        let mut out = Vec::new();
        for member in input.members(skin) {
            let name = input.key(member.key);
            if name == key::SLOT {
                let list = slots.iter().map(|&slot| self.skin_slot(slot)).collect();
                out.push(Member { key: Key::Source(member.key), value: Value::Array(list) });
            } else {
                out.push(Member::source(member));
            }
        }
        Value::Object(out)
    }

    fn skin_slot(&mut self, slot: NodeId) -> Value<'t> {
        let raw = self.raw();
        let mut out = Vec::new();
        if let Some(name) = raw.get(slot, key::NAME) {
            out.push(Member::new(key::NAME, Value::Source(name)));
        }
        if let Some(list) = raw.array(slot, key::DISPLAY) {
            let displays = raw.elements(list).map(|d| self.display(d)).collect();
            out.push(Member::new(key::DISPLAY, Value::Array(displays)));
        }
        Value::Object(out)
    }

    /// An image display with its pivot folded in: the image's centre, where runtimes put the
    /// display's position, is `(w/2 − pX, h/2 − pY)` from the 2.x pivot in the image's own axes,
    /// turned and scaled by the display's transform.
    fn display(&mut self, display: NodeId) -> Value<'t> {
        let input = self.input;
        let raw = self.raw();
        if !raw.is_object(display) {
            return Value::Source(display);
        }
        let image = match raw.get(display, key::TYPE) {
            None => true,
            Some(t) => raw.to_js_string(t).eq_ignore_ascii_case("image"),
        };
        let (mut t, (px, py)) = self.transform(raw.get(display, key::TRANSFORM));
        if image {
            let name = raw.string(display, key::NAME, "");
            let size = self.atlases.iter().find_map(|atlas| {
                let i = atlas.textures.iter().position(|(n, _)| *n == name)?;
                atlas.regions.get(i).map(|r| (r.width, r.height))
            });
            match size {
                Some((w, h)) => {
                    let m = t.matrix();
                    let (dx, dy) = apply(m, 0.5 * w - px, 0.5 * h - py, true);
                    t.x += dx;
                    t.y += dy;
                }
                None => self.notes.changed(
                    input.tree.range(display),
                    format!(
                        "texture `{name}` is in no atlas paired with the skeleton: its pivot could not be moved to the image's centre, so the image is drawn off its place"
                    ),
                ),
            }
        }
        let mut out = Vec::new();
        for member in input.members(display) {
            let name = input.key(member.key);
            match name.as_ref() {
                k if k == key::TYPE && image => {}
                k if k == key::TRANSFORM => {
                    if let Some(value) = transform_value(&t) {
                        out.push(Member { key: Key::Source(member.key), value });
                    }
                }
                _ => out.push(Member::source(member)),
            }
        }
        if let (None, Some(value)) = (input.get(display, key::TRANSFORM), transform_value(&t)) {
            out.push(Member::new(key::TRANSFORM, value));
        }
        Value::Object(out)
    }

    /// The timelines of a 2.x animation with their key frames' easings and folded pivots.
    fn timelines(&mut self, animation: NodeId) -> Vec<Timeline> {
        let raw = self.raw();
        let auto_tween = raw.boolean(animation, key::AUTO_TWEEN, true);
        let animation_easing = match raw.get(animation, key::TWEEN_EASING) {
            Some(v) if raw.kind(v) != NodeKind::Null => raw.to_number(v),
            _ => 0.0,
        };
        let Some(list) = raw.array(animation, key::TIMELINE) else { return Vec::new() };
        raw.elements(list)
            .filter(|&t| raw.is_object(t))
            .map(|t| {
                let frame_nodes: Vec<NodeId> = raw
                    .array(t, key::FRAME)
                    .map(|f| raw.elements(f).filter(|&e| raw.is_object(e)).collect())
                    .unwrap_or_default();
                let mut frames: Vec<Frame> = Vec::new();
                for &f in &frame_nodes {
                    let easing = match raw.get(f, key::TWEEN_EASING) {
                        Some(v) if raw.kind(v) != NodeKind::Null => Easing::Own(v),
                        _ if auto_tween => Easing::Auto(animation_easing),
                        _ => Easing::None,
                    };
                    let (mut transform, (px, py)) = self.transform(raw.get(f, key::TRANSFORM));
                    if px != 0.0 || py != 0.0 {
                        let (dx, dy) = apply(transform.matrix(), px, py, true);
                        transform.x += dx;
                        transform.y += dy;
                    }
                    let hidden_next = raw.number(f, key::DISPLAY_INDEX, 0.0) < 0.0;
                    if let (true, Some(previous)) = (hidden_next, frames.last_mut()) {
                        previous.easing = Easing::None;
                        previous.curve = None;
                    }
                    frames.push(Frame {
                        node: f,
                        duration: raw.number(f, key::DURATION, 1.0),
                        easing,
                        curve: raw.array(f, key::CURVE).filter(|&c| raw.tree.len(c) > 0),
                        transform,
                    });
                }
                Timeline { node: t, name: raw.string(t, key::NAME, ""), frames }
            })
            .collect()
    }

    fn animation(
        &mut self,
        animation: NodeId,
        timelines: &[Timeline],
        (bone_names, slot_names): (&rigls_text::FastMap<String, usize>, &rigls_text::FastSet<String>),
        slots: &[(String, NodeId)],
    ) -> Value<'t> {
        let input = self.input;
        let raw = self.raw();
        let frame_count = raw.number(animation, key::DURATION, 1.0);
        let mut moved = Moved::default();
        let mut bone_timelines = Vec::new();
        let mut slot_timelines = Vec::new();
        for timeline in timelines {
            let bone = bone_names.contains_key(&timeline.name);
            let slot = slot_names.contains(&timeline.name);
            if !bone && !slot {
                self.notes.changed(
                    input.tree.range(timeline.node),
                    format!("the timeline of `{}` animates no bone or slot: runtimes drop it", timeline.name),
                );
            }
            if bone {
                bone_timelines.push(self.bone_timeline(timeline));
            }
            if slot {
                slot_timelines.push(self.slot_timeline(timeline));
            }
            // Events and sounds fire from the animation, naming the bone, at each key frame's start.
            let nodes: Vec<NodeId> = timeline.frames.iter().map(|f| f.node).collect();
            let positions = super::v4::key_frame_positions(&input, &nodes);
            for (frame, position) in timeline.frames.iter().zip(positions) {
                let mut fired = Vec::new();
                for (k, ty) in [(key::EVENT, actions::FRAME_EVENT), (key::SOUND, actions::SOUND_EVENT)] {
                    let Some(v) = raw.get(frame.node, k).filter(|&v| !raw.to_js_string(v).is_empty()) else { continue };
                    let mut members = vec![
                        Member::new(key::TYPE, Value::Number(ty)),
                        Member::new(key::NAME, Value::String(Cow::Owned(raw.to_js_string(v)))),
                    ];
                    if bone {
                        members.push(Member::new(key::BONE, Value::String(Cow::Owned(timeline.name.clone()))));
                    }
                    fired.push(Value::Object(members));
                }
                if position < frame_count + 1.0 {
                    moved.add(position, fired);
                }
            }
        }
        // Slots the animation does not animate are hidden: 2.x showed only animated slots.
        for (name, _) in slots {
            if !timelines.iter().any(|t| t.name == *name) {
                slot_timelines.push(Value::Object(vec![
                    Member::new(key::NAME, Value::String(Cow::Owned(name.clone()))),
                    Member::new(
                        key::DISPLAY_FRAME,
                        Value::Array(vec![Value::Object(vec![Member::new(key::VALUE, Value::Number(-1.0))])]),
                    ),
                ]));
            }
        }
        let frames = raw.array(animation, key::FRAME);
        let mut frame_list = Some(actions::merge_into_frames(&input, frames, moved, frame_count, self.notes));
        let mut out = Vec::new();
        let mut has_duration = false;
        for member in input.members(animation) {
            let name = input.key(member.key);
            match name.as_ref() {
                k if k == key::DURATION => {
                    has_duration = true;
                    out.push(Member::source(member));
                }
                k if k == key::LOOP => out.push(Member::new(key::PLAY_TIMES, Value::Source(member.value))),
                k if k == key::AUTO_TWEEN || k == key::TWEEN_EASING => {}
                k if k == key::FRAME => {
                    if let Some(list) = frame_list.take() {
                        out.push(Member { key: Key::Source(member.key), value: list });
                    }
                }
                k if k == key::TIMELINE => {
                    if let Some(list) = frame_list.take().filter(|l| !matches!(l, Value::Array(a) if a.is_empty())) {
                        out.push(Member::new(key::FRAME, list));
                    }
                    out.push(Member::new(key::BONE, Value::Array(std::mem::take(&mut bone_timelines))));
                    out.push(Member::new(key::SLOT, Value::Array(std::mem::take(&mut slot_timelines))));
                }
                _ => out.push(Member::source(member)),
            }
        }
        if !has_duration {
            // 2.x animations last one frame unless said; 5.5 runtimes read a missing duration as 0.
            out.insert(0, Member::new(key::DURATION, Value::Number(1.0)));
        }
        if !bone_timelines.is_empty() || !slot_timelines.is_empty() {
            if let Some(list) = frame_list.take().filter(|l| !matches!(l, Value::Array(a) if a.is_empty())) {
                out.push(Member::new(key::FRAME, list));
            }
            out.push(Member::new(key::BONE, Value::Array(bone_timelines)));
            out.push(Member::new(key::SLOT, Value::Array(slot_timelines)));
        }
        Value::Object(out)
    }

    fn timing(&self, frame: &Frame, tween: bool) -> Vec<Member<'t>> {
        let raw = self.raw();
        let mut out = Vec::new();
        match raw.get(frame.node, key::DURATION) {
            Some(d) => out.push(Member::new(key::DURATION, Value::Source(d))),
            None => out.push(Member::new(key::DURATION, Value::Number(1.0))),
        }
        if tween {
            match frame.easing {
                Easing::None => {}
                Easing::Own(node) => out.push(Member::new(key::TWEEN_EASING, Value::Source(node))),
                Easing::Auto(v) => out.push(Member::new(key::TWEEN_EASING, Value::Number(v))),
            }
            if let Some(curve) = frame.curve {
                out.push(Member::new(key::CURVE, Value::Source(curve)));
            }
        }
        out
    }

    fn bone_timeline(&self, timeline: &Timeline) -> Value<'t> {
        let raw = self.raw();
        let (mut translate, mut rotate, mut scale) = (Vec::new(), Vec::new(), Vec::new());
        for frame in &timeline.frames {
            let t = frame.transform;
            let mut members = self.timing(frame, true);
            push_number(&mut members, key::X, to_fixed(t.x, 2), 0.0);
            push_number(&mut members, key::Y, to_fixed(t.y, 2), 0.0);
            translate.push(Value::Object(members));

            let mut members = self.timing(frame, true);
            if let Some(turns) = raw.get(frame.node, key::TWEEN_ROTATE) {
                members.push(Member::new(key::CLOCKWISE, Value::Source(turns)));
            }
            let angle = |v: f64| to_fixed(normalize_any(normalize_any(v)), 2);
            push_number(&mut members, key::ROTATE, angle(t.sk_y), 0.0);
            push_number(&mut members, key::SKEW, angle(t.sk_x - t.sk_y), 0.0);
            rotate.push(Value::Object(members));

            let mut members = self.timing(frame, true);
            push_number(&mut members, key::X, to_fixed(t.sc_x, 4), 1.0);
            push_number(&mut members, key::Y, to_fixed(t.sc_y, 4), 1.0);
            scale.push(Value::Object(members));
        }
        let mut out = self.input.timeline_head(timeline.node);
        out.push(Member::new(key::TRANSLATE_FRAME, Value::Array(translate)));
        out.push(Member::new(key::ROTATE_FRAME, Value::Array(rotate)));
        out.push(Member::new(key::SCALE_FRAME, Value::Array(scale)));
        Value::Object(out)
    }

    fn slot_timeline(&self, timeline: &Timeline) -> Value<'t> {
        let raw = self.raw();
        let (mut display, mut color) = (Vec::new(), Vec::new());
        for frame in &timeline.frames {
            let mut members = self.timing(frame, false);
            let value = if raw.boolean(frame.node, key::HIDE, false) {
                -1.0
            } else {
                raw.number(frame.node, key::DISPLAY_INDEX, 0.0)
            };
            push_number(&mut members, key::VALUE, value, 0.0);
            if let Some(action) = raw.get(frame.node, key::ACTION).filter(|&a| !raw.to_js_string(a).is_empty()) {
                let play = vec![
                    Member::new(key::TYPE, Value::Number(actions::PLAY)),
                    Member::new(key::NAME, Value::String(Cow::Owned(raw.to_js_string(action)))),
                ];
                members.push(Member::new(key::ACTIONS, Value::Array(vec![Value::Object(play)])));
            }
            display.push(Value::Object(members));

            let mut members = self.timing(frame, true);
            if let Some(c) = color_value(&raw, raw.get(frame.node, key::COLOR_TRANSFORM)) {
                members.push(Member::new(key::VALUE, c));
            }
            color.push(Value::Object(members));
        }
        let mut out = self.input.timeline_head(timeline.node);
        out.push(Member::new(key::DISPLAY_FRAME, Value::Array(display)));
        out.push(Member::new(key::COLOR_FRAME, Value::Array(color)));
        Value::Object(out)
    }
}

/// `x`, `y`, `skX`, `skY`, `scX`, `scY` of a transform as the converter writes them (angles
/// normalised, 2 decimals, scales 4), those at their default left out; nothing when all are.
fn transform_value<'t>(t: &Tf) -> Option<Value<'t>> {
    let mut out = Vec::new();
    let values = [
        to_fixed(t.x, 2),
        to_fixed(t.y, 2),
        to_fixed(normalize_any(t.sk_x), 2),
        to_fixed(normalize_any(t.sk_y), 2),
        to_fixed(t.sc_x, 4),
        to_fixed(t.sc_y, 4),
    ];
    for ((k, v), default) in TRANSFORM_KEYS.into_iter().zip(values).zip([0.0, 0.0, 0.0, 0.0, 1.0, 1.0]) {
        push_number(&mut out, k, v, default);
    }
    (!out.is_empty()).then_some(Value::Object(out))
}

/// A 2.x colour transform as the converter writes it: its eight values rounded to whole numbers,
/// those at their default left out; nothing when every one is.
fn color_value<'t>(raw: &Raw<'_>, color: Option<NodeId>) -> Option<Value<'t>> {
    let color = color.filter(|&c| raw.is_object(c))?;
    let mut out = Vec::new();
    for (k, default) in crate::schema::COLOR_TRANSFORM_MEMBERS {
        push_number(&mut out, k, js_round(copied_number(raw, color, k, default)), default);
    }
    (!out.is_empty()).then_some(Value::Object(out))
}

/// A number as the converter's typed copy reads it: absent, its default; `null`, NaN; else
/// `Number(value)`.
fn copied_number(raw: &Raw<'_>, object: NodeId, k: &str, default: f64) -> f64 {
    match raw.get(object, k) {
        None => default,
        Some(v) if raw.kind(v) == NodeKind::Null => f64::NAN,
        Some(v) => raw.to_number(v),
    }
}

/// A computed number, left out at its default.
fn push_number<'t>(members: &mut Vec<Member<'t>>, key: &'static str, value: f64, default: f64) {
    if value == default {
        return;
    }
    members.push(Member::new(key, Value::Number(value)));
}

/// Bones in global coordinates made parent-relative, children first against their parents'
/// still-global data, as the converter does: the setup pose through the parent's inverted
/// matrix (its angles subtracted), each key frame through the parent's pose sampled at the key
/// frame's position from the parent's global timeline, then made relative to the bone's own setup.
fn global_to_local(raw: &Raw<'_>, bones: &mut [Bone], timelines: &mut [Vec<Timeline>]) {
    // Parents first; bones in loops of parents (or below them) last, in file order.
    let mut order: Vec<usize> = Vec::with_capacity(bones.len());
    let mut placed = vec![false; bones.len()];
    loop {
        let before = order.len();
        for i in 0..bones.len() {
            if !placed[i] && bones[i].parent.is_none_or(|p| placed[p]) {
                placed[i] = true;
                order.push(i);
            }
        }
        if order.len() == before {
            break;
        }
    }
    order.extend((0..bones.len()).filter(|&i| !placed[i]));
    for &b in order.iter().rev() {
        let parent = bones[b].parent.filter(|&p| p != b);
        if let Some(p) = parent {
            let parent_tf = bones[p].transform;
            let (x, y) = apply(invert(parent_tf.matrix()), bones[b].transform.x, bones[b].transform.y, false);
            let bone = &mut bones[b];
            bone.transform.x = x;
            bone.transform.y = y;
            bone.transform.sk_x -= parent_tf.sk_y;
            bone.transform.sk_y -= parent_tf.sk_y;
        }
        let setup = bones[b].transform;
        let parent_setup = parent.map(|p| bones[p].transform);
        let name = bones[b].name.clone();
        let parent_name = parent.map(|p| bones[p].name.clone());
        for animation in timelines.iter_mut() {
            let Some(own) = animation.iter().position(|t| t.name == name) else { continue };
            let parent_at = parent_name.as_ref().and_then(|n| animation.iter().position(|t| t.name == *n));
            let positions: Vec<f64> = animation[own]
                .frames
                .iter()
                .scan(0.0, |p, f| {
                    let at = *p;
                    *p += f.duration;
                    Some(at)
                })
                .collect();
            for (i, position) in positions.into_iter().enumerate() {
                // A parent the animation does not animate stays at its setup pose (the converter
                // takes it for the origin).
                let sampled = match (parent, parent_at) {
                    (_, Some(pt)) => Some(sample(raw, &animation[pt].frames, position)),
                    (Some(_), None) => parent_setup,
                    (None, None) => None,
                };
                let frame = &mut animation[own].frames[i];
                if let Some(parent_tf) = sampled {
                    let (x, y) = apply(invert(parent_tf.matrix()), frame.transform.x, frame.transform.y, false);
                    frame.transform.x = x;
                    frame.transform.y = y;
                    frame.transform.sk_x -= parent_tf.sk_y;
                    frame.transform.sk_y -= parent_tf.sk_y;
                }
                let t = &mut frame.transform;
                t.x -= setup.x;
                t.y -= setup.y;
                t.sk_x = normalize_any(t.sk_x - setup.sk_y);
                t.sk_y = normalize_any(t.sk_y - setup.sk_y);
                t.sc_x /= setup.sc_x;
                t.sc_y /= setup.sc_y;
            }
        }
    }
}

/// The converter's `normalizeDegree` (applied to every value, in range or not).
fn normalize_any(value: f64) -> f64 {
    let mut v = (value + 180.0) % 360.0;
    v += if v > 0.0 { -180.0 } else { 180.0 };
    v
}

/// A timeline's global transform at `position` (frames): the key frame there, tweened toward the
/// next one (the last toward the first) by its easing as runtimes ease, angles the short way round
/// in degrees.
fn sample(raw: &Raw<'_>, frames: &[Frame], position: f64) -> Tf {
    let Some(last) = frames.last() else { return Tf::IDENTITY };
    let mut start = 0.0;
    let mut current = None;
    for (i, frame) in frames.iter().enumerate() {
        if start <= position && position < start + frame.duration {
            current = Some(i);
            break;
        }
        start += frame.duration;
    }
    let index = current.unwrap_or(frames.len() - 1);
    let frame = current.map_or(last, |i| &frames[i]);
    if !frame.tweened(raw) || frames.len() < 2 {
        return frame.transform;
    }
    let next = &frames[if index + 1 >= frames.len() { 0 } else { index + 1 }];
    let progress = tween_progress(raw, frame, (position - start) / frame.duration);
    let (a, b) = (frame.transform, next.transform);
    Tf {
        x: a.x + (b.x - a.x) * progress,
        y: a.y + (b.y - a.y) * progress,
        sk_x: a.sk_x + normalize_any(b.sk_x - a.sk_x) * progress,
        sk_y: a.sk_y + normalize_any(b.sk_y - a.sk_y) * progress,
        sc_x: a.sc_x + (b.sc_x - a.sc_x) * progress,
        sc_y: a.sc_y + (b.sc_y - a.sc_y) * progress,
    }
}

/// The eased progress of a tween as runtimes ease it: `tweenEasing` 0 linear, below 0 quadratic
/// in, up to 1 quadratic out, above 1 sine in-out (each by its strength); a curve as the converter
/// reads it.
fn tween_progress(raw: &Raw<'_>, frame: &Frame, t: f64) -> f64 {
    if let Some(curve) = frame.curve {
        return curve_value(t, &raw.numbers(curve));
    }
    let easing = frame.easing_value(raw);
    let eased = |value: f64, strength: f64| (value - t) * strength + t;
    if easing == 0.0 {
        t
    } else if easing < 0.0 {
        eased(t * t, -easing)
    } else if easing <= 1.0 {
        eased(1.0 - (1.0 - t) * (1.0 - t), easing)
    } else {
        eased(0.5 * (1.0 - (t * std::f64::consts::PI).cos()), easing - 1.0)
    }
}

/// The converter's `getCurveEasingValue`: the Bézier curve's y where its x is `t`, by bisection.
fn curve_value(t: f64, curve: &[f64]) -> f64 {
    let at = |i: isize| -> f64 { usize::try_from(i).ok().and_then(|i| curve.get(i)).copied().unwrap_or(f64::NAN) };
    let count = curve.len() as isize;
    let (x1, y1, x2, y2, x3, y3, x4, y4);
    if count % 3 == 1 {
        let mut step: isize = -2;
        while (if step + 6 < count { at(step + 6) } else { 1.0 }) < t {
            step += 6;
        }
        let inside = step >= 0 && step + 6 < count;
        (x1, y1) = if inside { (at(step), at(step + 1)) } else { (0.0, 0.0) };
        (x2, y2, x3, y3) = (at(step + 2), at(step + 3), at(step + 4), at(step + 5));
        (x4, y4) = if inside { (at(step + 6), at(step + 7)) } else { (1.0, 1.0) };
    } else {
        let mut step: isize = 0;
        while at(step + 6) < t && step < count {
            step += 6;
        }
        (x1, y1, x2, y2, x3, y3, x4, y4) = (
            at(step),
            at(step + 1),
            at(step + 2),
            at(step + 3),
            at(step + 4),
            at(step + 5),
            at(step + 6),
            at(step + 7),
        );
    }
    let point = |p: f64| {
        let l = 1.0 - p;
        let (ka, kb, kc, kd) = (l * l * l, 3.0 * p * l * l, 3.0 * l * p * p, p * p * p);
        (ka * x1 + kb * x2 + kc * x3 + kd * x4, ka * y1 + kb * y2 + kc * y3 + kd * y4)
    };
    let (mut lower, mut higher, mut y) = (0.0, 1.0, 0.0);
    while higher - lower > 0.01 {
        let percentage = (higher + lower) / 2.0;
        let (px, py) = point(percentage);
        y = py;
        if t - px > 0.0 {
            lower = percentage;
        } else {
            higher = percentage;
        }
    }
    y
}

/// JavaScript's `Number(x.toFixed(digits))`, as the converter rounds: the nearest number of
/// `digits` decimals to the exact value of `x`, a tie going away from zero.
pub fn to_fixed(x: f64, digits: usize) -> f64 {
    if !x.is_finite() || x.abs() >= 1e21 {
        return x;
    }
    // 60 decimals show a double's exact expansion for every magnitude rounding keeps.
    let exact = format!("{:.60}", x.abs());
    let dot = exact.find('.').unwrap_or(exact.len());
    let cut = dot + 1 + digits;
    let mut kept: Vec<u8> = exact.as_bytes()[..cut.min(exact.len())].to_vec();
    let up = exact.as_bytes().get(cut).is_some_and(|&d| d >= b'5');
    if up {
        // Add one unit in the last kept place.
        let mut i = kept.len();
        loop {
            if i == 0 {
                kept.insert(0, b'1');
                break;
            }
            i -= 1;
            match kept[i] {
                b'.' => continue,
                b'9' => kept[i] = b'0',
                d => {
                    kept[i] = d + 1;
                    break;
                }
            }
        }
    }
    let value: f64 = std::str::from_utf8(&kept).ok().and_then(|s| s.parse().ok()).unwrap_or(x.abs());
    if x < 0.0 { -value } else { value }
}

/// JavaScript's `Math.round`: halves go up.
pub fn js_round(x: f64) -> f64 {
    let floor = x.floor();
    if x - floor >= 0.5 { floor + 1.0 } else { floor }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_is_javascripts() {
        assert_eq!(to_fixed(0.125, 2), 0.13);
        assert_eq!(to_fixed(-0.125, 2), -0.13);
        assert_eq!(to_fixed(1.005, 2), 1.0, "1.005 is 1.00499999… in binary");
        assert_eq!(to_fixed(76.0808679737183, 2), 76.08);
        assert_eq!(to_fixed(0.96, 4), 0.96);
        assert_eq!(to_fixed(9.999, 2), 10.0);
        assert_eq!(to_fixed(0.000001, 4), 0.0);
        assert_eq!(to_fixed(-8.739999999999986, 2), -8.74);
        assert_eq!(js_round(-2.5), -2.0);
        assert_eq!(js_round(2.5), 3.0);
        assert_eq!(js_round(0.49999999999999994), 0.0);
    }

    #[test]
    fn the_converters_matrix_inverts() {
        let t = Tf { x: 3.0, y: -4.0, sk_x: 30.0, sk_y: 30.0, sc_x: 2.0, sc_y: 0.5 };
        let (x, y) = apply(t.matrix(), 1.5, 2.5, false);
        let (bx, by) = apply(invert(t.matrix()), x, y, false);
        assert!((bx - 1.5).abs() < 1e-12 && (by - 2.5).abs() < 1e-12);
    }
}
