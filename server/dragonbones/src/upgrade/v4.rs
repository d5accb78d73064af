//! 4.0, 4.5 and 5.0 timelines as 5.5 writes them, read by the runtime exactly as before.
//!
//! - A bone timeline's `frame` list (one transform per key frame) becomes `translateFrame`,
//!   `rotateFrame` and `scaleFrame`: the same durations, easings and curves on each; `x`/`y`
//!   from the translation; `rotate` = the rotation (`skY`) as the runtime normalises it to
//!   (−180°, 180°], `skew` = `skX − skY` of the normalised angles, `clockwise` = `tweenRotate`;
//!   the scale (and a `clockwise` where a half turn would go the other way: `keep_turns`).
//!   The runtime unwraps rotations and tweens all three the way it tweened the
//!   transform, so every key frame and every frame between poses as before.
//! - A slot timeline's `frame` list becomes `displayFrame` (`value` = `displayIndex`) and
//!   `colorFrame` (`value` = `color`), as the runtime read both out of the one list.
//! - Events, sounds and actions of bone key frames move to the animation's action frames at the
//!   whole frame the runtime fired them on, naming the bone (and the slot of the bone's name,
//!   which the runtime gave them); those of slot key frames stay on the display key frame, as one
//!   `actions` list.
//!
//! Numbers that do not change are copied as written. Everything else is kept as it is.

use std::borrow::Cow;
use std::collections::HashSet;

use super::actions::{self, Context, Moved};
use super::doc::{Input, Key, Member, Value};
use super::notes::Notes;
use crate::eval::geom::{DEG_RAD, normalize_radian};
use crate::eval::parse::Rotation;
use crate::schema::key;
use crate::syntax::{NodeId, NodeKind};

/// Keys of a 4.x bone key frame the split reads; any other is kept on the translate key frame.
const BONE_FRAME_KEYS: [&str; 4] = [key::DURATION, key::TWEEN_EASING, key::CURVE, key::TWEEN_ROTATE];
/// Keys of a 4.x slot key frame the split reads; any other is kept on the display key frame.
const SLOT_FRAME_KEYS: [&str; 6] =
    [key::DURATION, key::TWEEN_EASING, key::CURVE, key::DISPLAY_INDEX, key::VALUE, key::COLOR];

/// The names an armature's timelines resolve against, as the runtime resolves them.
pub struct Armature<'t> {
    pub bones: HashSet<Cow<'t, str>>,
    pub slots: HashSet<Cow<'t, str>>,
}

impl<'t> Armature<'t> {
    pub fn of(input: &Input<'t>, armature: NodeId) -> Armature<'t> {
        let names = |list: &str| -> HashSet<Cow<'t, str>> {
            let Some(array) = input.get(armature, list).filter(|&a| input.tree.is_array(a)) else {
                return HashSet::new();
            };
            input
                .elements(array)
                .filter(|&e| input.tree.is_object(e))
                .map(|e| Cow::Owned(input.raw().string(e, key::NAME, "")))
                .collect()
        };
        Armature { bones: names(key::BONE), slots: names(key::SLOT) }
    }
}

/// The upgrade of one skeleton's animations.
pub struct Upgrader<'a, 't> {
    pub input: Input<'t>,
    pub notes: &'a mut Notes,
    /// Whether anything was written differently.
    pub changed: bool,
}

impl<'t> Upgrader<'_, 't> {
    /// The armature list, `None` when no armature changes.
    pub fn armatures(&mut self, list: NodeId) -> Option<Value<'t>> {
        let input = self.input;
        let mut any = false;
        let armatures: Vec<Value<'t>> = input
            .elements(list)
            .map(|armature| match self.armature(armature) {
                Some(value) => {
                    any = true;
                    value
                }
                None => Value::Source(armature),
            })
            .collect();
        any.then_some(Value::Array(armatures))
    }

    fn armature(&mut self, armature: NodeId) -> Option<Value<'t>> {
        let input = self.input;
        let animations = input.get(armature, key::ANIMATION).filter(|&a| input.tree.is_array(a))?;
        let names = Armature::of(&input, armature);
        let mut any = false;
        let list: Vec<Value<'t>> = input
            .elements(animations)
            .map(|animation| match self.animation(&names, animation) {
                Some(value) => {
                    any = true;
                    value
                }
                None => Value::Source(animation),
            })
            .collect();
        if !any {
            return None;
        }
        let mut list = Some(list);
        Some(input.rebuild_object(armature, |name, member| {
            (name == key::ANIMATION && member.value == animations).then(|| {
                vec![Member { key: Key::Source(member.key), value: Value::Array(list.take().unwrap_or_default()) }]
            })
        }))
    }

    /// One animation with its bone and slot timelines rewritten; `None` when nothing changes.
    pub fn animation(&mut self, names: &Armature<'_>, animation: NodeId) -> Option<Value<'t>> {
        let input = self.input;
        if !input.tree.is_object(animation) {
            return None;
        }
        let raw = input.raw();
        let frame_count = raw.number(animation, key::DURATION, 0.0);
        let mut moved = Moved::default();
        let bones = input.get(animation, key::BONE).filter(|&b| input.tree.is_array(b));
        let slots = input.get(animation, key::SLOT).filter(|&s| input.tree.is_array(s));
        let bone_list = bones.and_then(|b| self.bone_timelines(names, b, frame_count, &mut moved));
        let slot_list = slots.and_then(|s| self.slot_timelines(names, s));
        if bone_list.is_none() && slot_list.is_none() {
            return None;
        }
        self.changed = true;
        let frames = input.get(animation, key::FRAME).filter(|&f| input.tree.is_array(f));
        let merged =
            (!moved.is_empty()).then(|| actions::merge_into_frames(&input, frames, moved, frame_count, self.notes));
        let (mut bone_list, mut slot_list, mut merged) = (bone_list, slot_list, merged);
        let mut value = input.rebuild_object(animation, |name, member| {
            let with =
                |value: Option<Value<'t>>| value.map(|v| vec![Member { key: Key::Source(member.key), value: v }]);
            match name {
                _ if name == key::BONE && Some(member.value) == bones => with(bone_list.take().map(Value::Array)),
                _ if name == key::SLOT && Some(member.value) == slots => with(slot_list.take().map(Value::Array)),
                _ if name == key::FRAME && Some(member.value) == frames => with(merged.take()),
                _ => None,
            }
        });
        if let Some(merged) = merged {
            // No action frames before: they go before the timelines, where 5.5 writes them.
            let members = value.members_mut().expect("an object");
            let at = [key::Z_ORDER, key::BONE, key::SLOT, key::FFD, key::IK]
                .iter()
                .filter_map(|k| super::doc::position_of(&input, members, k))
                .min()
                .unwrap_or(members.len());
            members.insert(at, Member::new(key::FRAME, merged));
        }
        Some(value)
    }

    fn bone_timelines(
        &mut self,
        names: &Armature<'_>,
        list: NodeId,
        frame_count: f64,
        moved: &mut Moved<'t>,
    ) -> Option<Vec<Value<'t>>> {
        let input = self.input;
        let mut any = false;
        let mut out = Vec::new();
        for timeline in input.elements(list) {
            let frames = input.get(timeline, key::FRAME).filter(|&f| input.tree.is_array(f));
            let bone = input.raw().string(timeline, key::NAME, "");
            let (Some(frames), true) = (frames, names.bones.contains(bone.as_str())) else {
                out.push(Value::Source(timeline));
                continue;
            };
            any = true;
            let slot = names.slots.contains(bone.as_str()).then_some(bone.as_str());
            let context = Context { bone: Some(bone.as_str()), slot };
            let (translate, rotate, scale) = self.split_bone_frames(frames, frame_count, context, moved);
            let lists = [(key::TRANSLATE_FRAME, translate), (key::ROTATE_FRAME, rotate), (key::SCALE_FRAME, scale)];
            let already = [key::TRANSLATE_FRAME, key::ROTATE_FRAME, key::SCALE_FRAME]
                .iter()
                .any(|k| input.get(timeline, k).is_some());
            if already {
                // The runtime reads both the lists and the frames, as two timelines of the bone:
                // so does it read them in two timeline objects.
                out.push(input.rebuild_object(timeline, |name, _| (name == key::FRAME).then(Vec::new)));
                let mut second = input.timeline_head(timeline);
                second.extend(lists.into_iter().map(|(k, v)| Member::new(k, Value::Array(v))));
                out.push(Value::Object(second));
                continue;
            }
            let mut lists = Some(lists);
            let notes = &mut *self.notes;
            out.push(input.rebuild_object(timeline, |name, member| {
                (name == key::FRAME).then(|| {
                    if member.value != frames {
                        return left_out_earlier_frames(&input, notes, member);
                    }
                    lists.take().map_or_else(Vec::new, |lists| {
                        lists.into_iter().map(|(k, v)| Member::new(k, Value::Array(v))).collect()
                    })
                })
            }));
        }
        any.then_some(out)
    }

    /// The translate, rotate and scale key frames of a bone's `frame` list; its actions go to
    /// `moved` at the whole frame the runtime places each key frame on.
    fn split_bone_frames(
        &mut self,
        frames: NodeId,
        frame_count: f64,
        context: Context<'_>,
        moved: &mut Moved<'t>,
    ) -> (Vec<Value<'t>>, Vec<Value<'t>>, Vec<Value<'t>>) {
        let input = self.input;
        let list: Vec<NodeId> = input.elements(frames).collect();
        let positions = key_frame_positions(&input, &list);
        let (mut translate, mut rotate, mut scale) = (Vec::new(), Vec::new(), Vec::new());
        for (&frame, &position) in list.iter().zip(&positions) {
            if !input.tree.is_object(frame) {
                // The runtime throws on it; each list keeps it as it is.
                translate.push(Value::Source(frame));
                rotate.push(Value::Source(frame));
                scale.push(Value::Source(frame));
                continue;
            }
            let timing = |members: &mut Vec<Member<'t>>| {
                for member in input.members(frame) {
                    let name = input.key(member.key);
                    if name == key::DURATION || name == key::TWEEN_EASING || name == key::CURVE {
                        members.push(Member::source(member));
                    }
                }
            };
            let transform = input.get(frame, key::TRANSFORM);
            let copy = |members: &mut Vec<Member<'t>>, from: &str, to: &'static str| {
                let Some(transform) = transform.filter(|&t| input.tree.is_object(t)) else { return };
                for member in input.members(transform) {
                    if input.tree.key_is(input.text, member.key, from) {
                        members.push(Member::new(to, Value::Source(member.value)));
                    }
                }
            };
            let mut t = Vec::new();
            timing(&mut t);
            copy(&mut t, key::X, key::X);
            copy(&mut t, key::Y, key::Y);
            let mut kept_elsewhere = Vec::new();
            for member in input.members(frame) {
                let name = input.key(member.key);
                if !BONE_FRAME_KEYS.contains(&name.as_ref()) && name != key::TRANSFORM && !actions::is_action_key(&name)
                {
                    kept_elsewhere.push(Member::source(member));
                }
            }
            t.extend(kept_elsewhere);
            translate.push(Value::Object(t));

            let mut r = Vec::new();
            timing(&mut r);
            for member in input.members(frame) {
                if input.tree.key_is(input.text, member.key, key::TWEEN_ROTATE) {
                    r.push(Member::new(key::CLOCKWISE, Value::Source(member.value)));
                }
            }
            r.extend(rotation(&input, transform));
            rotate.push(Value::Object(r));

            let mut s = Vec::new();
            timing(&mut s);
            copy(&mut s, key::SC_X, key::X);
            copy(&mut s, key::SC_Y, key::Y);
            scale.push(Value::Object(s));

            let fired = actions::frame_actions(&input, frame, context, self.notes);
            if position < frame_count + 1.0 {
                moved.add(position, fired);
            } else if !fired.is_empty() {
                self.notes.changed(
                    input.tree.range(frame),
                    format!(
                        "this key frame starts at frame {position}, after the animation's end ({frame_count}): runtimes never fire its events and actions; they were left out"
                    ),
                );
            }
            if let Some(transform) = transform.filter(|&t| input.tree.is_object(t)) {
                for member in input.members(transform) {
                    let name = input.key(member.key);
                    if ![key::X, key::Y, key::SK_X, key::SK_Y, key::SC_X, key::SC_Y, key::ROTATE, key::SKEW]
                        .contains(&name.as_ref())
                    {
                        self.notes.changed(
                            input.tree.member_range(member),
                            format!(
                                "`{name}` of a key frame's transform: no 4.0 or later runtime reads it; it was left out"
                            ),
                        );
                    }
                }
            }
        }
        keep_turns(&input, &list, &positions, frame_count, &mut rotate);
        (translate, rotate, scale)
    }

    fn slot_timelines(&mut self, names: &Armature<'_>, list: NodeId) -> Option<Vec<Value<'t>>> {
        let input = self.input;
        let mut any = false;
        let mut out = Vec::new();
        for timeline in input.elements(list) {
            let frames = input.get(timeline, key::FRAME).filter(|&f| input.tree.is_array(f));
            let slot = input.raw().string(timeline, key::NAME, "");
            let (Some(frames), true) = (frames, names.slots.contains(slot.as_str())) else {
                out.push(Value::Source(timeline));
                continue;
            };
            any = true;
            let has_display = input.get(timeline, key::DISPLAY_FRAME).is_some();
            let has_color = input.get(timeline, key::COLOR_FRAME).is_some();
            let (display, color) = self.split_slot_frames(frames);
            let mut lists = Vec::new();
            if !has_display {
                lists.push(Member::new(key::DISPLAY_FRAME, Value::Array(display)));
            }
            if !has_color {
                lists.push(Member::new(key::COLOR_FRAME, Value::Array(color)));
            }
            if has_display && has_color {
                let range = input.tree.range(frames);
                self.notes.changed(range, "a slot timeline's `frame` beside `displayFrame` and `colorFrame`: runtimes read only the latter; it was left out");
            }
            let mut lists = Some(lists);
            let notes = &mut *self.notes;
            out.push(input.rebuild_object(timeline, |name, member| {
                (name == key::FRAME).then(|| {
                    if member.value != frames {
                        return left_out_earlier_frames(&input, notes, member);
                    }
                    lists.take().unwrap_or_default()
                })
            }));
        }
        any.then_some(out)
    }

    fn split_slot_frames(&mut self, frames: NodeId) -> (Vec<Value<'t>>, Vec<Value<'t>>) {
        let input = self.input;
        let (mut display, mut color) = (Vec::new(), Vec::new());
        for frame in input.elements(frames) {
            if !input.tree.is_object(frame) {
                display.push(Value::Source(frame));
                color.push(Value::Source(frame));
                continue;
            }
            let value = input.get(frame, key::VALUE);
            let mut d = Vec::new();
            let mut c = Vec::new();
            let mut actions_at = None;
            for member in input.members(frame) {
                let name = input.key(member.key);
                let kept = input.is_kept(frame, member);
                match name.as_ref() {
                    k if k == key::DURATION => {
                        d.push(Member::source(member));
                        c.push(Member::source(member));
                    }
                    k if k == key::TWEEN_EASING || k == key::CURVE => c.push(Member::source(member)),
                    k if k == key::DISPLAY_INDEX && kept && value.is_none() => {
                        d.push(Member::new(key::VALUE, Value::Source(member.value)))
                    }
                    k if k == key::COLOR && kept && value.is_none() => {
                        c.push(Member::new(key::VALUE, Value::Source(member.value)))
                    }
                    k if k == key::VALUE && kept => {
                        d.push(Member::new(key::VALUE, Value::Source(member.value)));
                        c.push(Member::new(key::VALUE, Value::Source(member.value)));
                    }
                    k if actions::is_action_key(k) => {
                        actions_at.get_or_insert(d.len());
                    }
                    k if SLOT_FRAME_KEYS.contains(&k) => {}
                    _ => d.push(Member::source(member)),
                }
            }
            if let Some(at) = actions_at {
                let list = actions::frame_actions(&input, frame, Context::NONE, self.notes);
                if !list.is_empty() {
                    d.insert(at, Member::new(key::ACTIONS, Value::Array(list)));
                }
            }
            display.push(Value::Object(d));
            color.push(Value::Object(c));
        }
        (display, color)
    }
}

/// The whole frame each key frame of a timeline starts on, as the runtime places them: the first
/// on 0, each next one where the one before ends (`duration`, default 1) but at least one frame
/// later. (The runtime drops key frames starting after the animation's end.)
pub fn key_frame_positions(input: &Input<'_>, frames: &[NodeId]) -> Vec<f64> {
    if frames.len() == 1 {
        return vec![0.0];
    }
    let raw = input.raw();
    let mut out = Vec::with_capacity(frames.len());
    let mut start = 0.0_f64;
    for i in 0..frames.len() {
        if i > 0 {
            let previous = frames[i - 1];
            let duration = if input.tree.is_object(previous) { raw.number(previous, key::DURATION, 1.0) } else { 1.0 };
            let end = (start + duration).ceil();
            start = if end > start { end } else { start + 1.0 };
        }
        out.push(start);
    }
    out
}

/// The `rotate` and `skew` members of a rotate key frame for a 4.x transform: the angles the
/// runtime read from it (rotation normalised to (−180°, 180°]; skew `skX − skY` of the normalised
/// angles, or `skew` as given), copied as written when they did not change.
fn rotation<'t>(input: &Input<'t>, transform: Option<NodeId>) -> Vec<Member<'t>> {
    let Some(transform) = transform.filter(|&t| input.kind(t) != NodeKind::Missing) else { return Vec::new() };
    let raw = input.raw();
    let has = |k: &str| raw.has(transform, k);
    let angle = |k: &str| {
        let value = raw.number(transform, k, 0.0);
        let normal = normalize_degrees(value);
        match input.get(transform, k) {
            Some(node) if normal == value || !value.is_finite() => Value::Source(node),
            _ => Value::Number(normal),
        }
    };
    let mut out = Vec::new();
    if has(key::ROTATE) || has(key::SKEW) {
        if has(key::ROTATE) {
            out.push(Member::new(key::ROTATE, angle(key::ROTATE)));
        }
        if has(key::SKEW) {
            out.push(Member::new(key::SKEW, angle(key::SKEW)));
        }
    } else if has(key::SK_X) || has(key::SK_Y) {
        if has(key::SK_Y) {
            out.push(Member::new(key::ROTATE, angle(key::SK_Y)));
        }
        let x = normalize_degrees(raw.number(transform, key::SK_X, 0.0));
        let y = normalize_degrees(raw.number(transform, key::SK_Y, 0.0));
        if x != y {
            out.push(Member::new(key::SKEW, Value::Number(x - y)));
        }
    }
    out
}

/// Gives a rotate key frame the `clockwise` that turns the bone to the next key frame the way the
/// original turned it, where the two would turn different ways. The runtime unwraps each key
/// frame's rotation against the one before (in radians, the short way round): half a turn apart,
/// the way it takes depends on the last bits of the radians, which it computes from the 4.x
/// angle (normalised) and the written `rotate` differently; likewise whether a `tweenRotate`
/// turn is taken, where the two key frames are the same angle.
fn keep_turns(input: &Input<'_>, frames: &[NodeId], positions: &[f64], frame_count: f64, rotate: &mut [Value<'_>]) {
    if frames.len() < 2 || frames.iter().any(|&f| !input.tree.is_object(f)) {
        return;
    }
    let raw = input.raw();
    let (mut original, mut upgraded) = (Rotation::default(), Rotation::default());
    for (i, (&frame, &start)) in frames.iter().zip(positions).enumerate() {
        if start >= frame_count + 1.0 {
            // The runtime never reads it.
            break;
        }
        let (read, written) = rotations(input, input.get(frame, key::TRANSFORM));
        let clockwise = raw.number(frame, key::TWEEN_ROTATE, 0.0);
        // What matters is how far each key frame turns from the one before (the runtime tweens
        // between them), not the angles, which may lie whole turns apart.
        let before = original.previous;
        let step = original.next(read, start, clockwise) - before;
        let mut taken = upgraded;
        let got = taken.next(written, start, clockwise) - upgraded.previous;
        if i > 0 && step.is_finite() && got.is_finite() && (step - got).abs() > 1e-6 {
            // `clockwise` c turns |c| − 1 whole turns plus the way to the angle in its direction
            // (|c| when the angle already lies that way past the one before): the whole turns
            // from the written angle to where the original turned.
            let want = upgraded.previous + step;
            let turns = ((want - written) / std::f64::consts::TAU).round();
            let past = |c: f64| if c > 0.0 { written >= upgraded.previous } else { written <= upgraded.previous };
            let c = if turns > 0.0 || (turns == 0.0 && written >= upgraded.previous) {
                turns + f64::from(u8::from(past(1.0)))
            } else {
                turns - f64::from(u8::from(past(-1.0)))
            };
            let mut turned = upgraded;
            turned.clockwise = c;
            if (turned.next(written, start, clockwise) - want).abs() <= 1e-6
                && let Some(members) = rotate[i - 1].members_mut()
            {
                set_clockwise(input, members, c);
                upgraded.clockwise = c;
                taken = upgraded;
                taken.next(written, start, clockwise);
            }
        }
        upgraded = taken;
    }
}

/// A rotate key frame's `clockwise`, replaced or put before its angles.
fn set_clockwise(input: &Input<'_>, members: &mut Vec<Member<'_>>, c: f64) {
    let value = Value::Number(c);
    if let Some(at) = super::doc::position_of(input, members, key::CLOCKWISE) {
        members[at].value = value;
        return;
    }
    let at = [key::ROTATE, key::SKEW]
        .iter()
        .filter_map(|k| super::doc::position_of(input, members, k))
        .min()
        .unwrap_or(members.len());
    members.insert(at, Member::new(key::CLOCKWISE, value));
}

/// A 4.x key frame transform's rotation in radians as the runtime read it, and as it reads the
/// `rotate` [`rotation`] writes for it.
fn rotations(input: &Input<'_>, transform: Option<NodeId>) -> (f64, f64) {
    let Some(transform) = transform.filter(|&t| input.kind(t) != NodeKind::Missing) else { return (0.0, 0.0) };
    let raw = input.raw();
    let has = |k: &str| raw.has(transform, k);
    let angle = if has(key::ROTATE) || has(key::SKEW) {
        raw.number(transform, key::ROTATE, 0.0)
    } else if has(key::SK_X) || has(key::SK_Y) {
        raw.number(transform, key::SK_Y, 0.0)
    } else {
        0.0
    };
    let written = if angle.is_finite() { normalize_degrees(angle) } else { angle };
    (normalize_radian(angle * DEG_RAD), written * DEG_RAD)
}

/// An angle in degrees brought to (−180, 180] as the runtime's `normalizeRadian` brings radians,
/// leaving angles already in the range exactly as they are.
pub fn normalize_degrees(value: f64) -> f64 {
    if value > -180.0 && value <= 180.0 {
        return value;
    }
    let mut v = (value + 180.0) % 360.0;
    v += if v > 0.0 { -180.0 } else { 180.0 };
    v
}

/// An earlier `frame` of a timeline that gives it twice: the upgrade rewrites the last (the one
/// DragonBonesJS keeps; the C++ runtime's rapidjson reads the first), so this one goes, or
/// upgrading the upgrade would rewrite it in turn.
fn left_out_earlier_frames<'t>(input: &Input<'_>, notes: &mut Notes, member: crate::syntax::Member) -> Vec<Member<'t>> {
    notes.changed(
        input.tree.member_range(member),
        "`frame` is given twice in this timeline: the last (which DragonBonesJS reads) was upgraded; this earlier one (which the C++ runtime reads) was left out",
    );
    Vec::new()
}
