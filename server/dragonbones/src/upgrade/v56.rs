//! 5.6 data for runtimes that read 5.5 only (the C++ and C# runtimes and the engines on them).
//!
//! What 5.5 can say is rewritten as 5.5 says it: typed timelines of bone translation, rotation
//! and scale become `translateFrame`/`rotateFrame`/`scaleFrame` lists, those of slot display and
//! colour `displayFrame`/`colorFrame` lists. Keys of 5.6 at the value 5.5 assumes (an `alpha` of
//! 1, a `zIndex` of 0, no `blendType`) are left out with a note. Everything else 5.5 lacks —
//! surface bones, bone and slot alpha, `zIndex`, path constraints and path displays, blend trees,
//! timelines of any other type, inline texture atlases — is a feature lost: each is reported, and
//! the file is written without them only when asked to (`--force`).

use super::doc::{Input, Key, Member, Value};
use super::notes::Notes;
use crate::schema::key;
use crate::syntax::NodeId;

/// 5.6 typed timeline types (`TimelineType`).
const BONE_TRANSLATE: f64 = 11.0;
const BONE_ROTATE: f64 = 12.0;
const BONE_SCALE: f64 = 13.0;
const SLOT_DISPLAY: f64 = 20.0;
const SLOT_COLOR: f64 = 21.0;

pub struct Down<'a, 't> {
    pub input: Input<'t>,
    pub notes: &'a mut Notes,
}

impl<'t> Down<'_, 't> {
    /// The root with its 5.6 features rewritten or left out (`version` and `compatibleVersion`
    /// are set by the caller).
    pub fn root(&mut self, root: NodeId) -> Value<'t> {
        let input = self.input;
        let mut out = Vec::new();
        for member in input.members(root) {
            let name = input.key(member.key);
            match name.as_ref() {
                // Said as 5.5 here, so that the upgrade of the result treats it as 5.5 data.
                k if k == key::VERSION || k == key::COMPATIBLE_VERSION => {
                    out.push(Member { key: Key::Source(member.key), value: Value::str(super::TARGET.as_str()) })
                }
                k if k == key::TEXTURE_ATLAS => self.lost(
                    member,
                    "inline texture atlases (`textureAtlas`): runtimes that read 5.5 want the atlas in a file of its own",
                ),
                k if k == key::ARMATURE && input.tree.is_array(member.value) => {
                    let list = input.elements(member.value).map(|a| self.armature(a)).collect();
                    out.push(Member { key: Key::Source(member.key), value: Value::Array(list) });
                }
                _ => out.push(Member::source(member)),
            }
        }
        Value::Object(out)
    }

    fn lost(&mut self, member: crate::syntax::Member, what: &str) {
        self.notes.lost(self.input.tree.member_range(member), format!("5.5 has no {what}"));
    }

    fn neutral(&mut self, member: crate::syntax::Member, what: &str) {
        self.notes.changed(self.input.tree.member_range(member), format!("{what}: 5.5 assumes it; it was left out"));
    }

    fn armature(&mut self, armature: NodeId) -> Value<'t> {
        let input = self.input;
        if !input.tree.is_object(armature) {
            return Value::Source(armature);
        }
        let mut out = Vec::new();
        for member in input.members(armature) {
            let name = input.key(member.key);
            let list = input.tree.is_array(member.value);
            match name.as_ref() {
                k if k == key::BONE && list => {
                    let bones = input.elements(member.value).map(|b| self.bone(b)).collect();
                    out.push(Member { key: Key::Source(member.key), value: Value::Array(bones) });
                }
                k if k == key::SLOT && list => {
                    let slots = input.elements(member.value).map(|s| self.slot(s)).collect();
                    out.push(Member { key: Key::Source(member.key), value: Value::Array(slots) });
                }
                k if k == key::PATH && list => {
                    if input.tree.len(member.value) > 0 {
                        self.lost(member, "path constraints (`path`)");
                    }
                }
                k if k == key::SKIN && list => {
                    self.path_displays(member.value);
                    out.push(Member::source(member));
                }
                k if k == key::ANIMATION && list => {
                    let animations = input.elements(member.value).map(|a| self.animation(a)).collect();
                    out.push(Member { key: Key::Source(member.key), value: Value::Array(animations) });
                }
                _ => out.push(Member::source(member)),
            }
        }
        Value::Object(out)
    }

    fn bone(&mut self, bone: NodeId) -> Value<'t> {
        let input = self.input;
        let raw = input.raw();
        if !raw.is_object(bone) {
            return Value::Source(bone);
        }
        let surface = raw.has(bone, key::TYPE)
            && raw.to_js_string(raw.get(bone, key::TYPE).expect("present")).eq_ignore_ascii_case("surface");
        input.rebuild_object(bone, |name, member| match name {
            k if k == key::ALPHA => {
                if raw.number(bone, key::ALPHA, 1.0) == 1.0 {
                    self.neutral(member, "a bone's `alpha` of 1");
                } else {
                    self.lost(member, "bone alpha (`alpha`)");
                }
                Some(Vec::new())
            }
            k if k == key::TYPE && surface => {
                self.lost(member, "surface bones (`\"type\": \"surface\"`): the bone becomes an ordinary one");
                Some(Vec::new())
            }
            k if surface && (k == key::SEGMENT_X || k == key::SEGMENT_Y || k == key::VERTICES) => Some(Vec::new()),
            _ => None,
        })
    }

    fn slot(&mut self, slot: NodeId) -> Value<'t> {
        let input = self.input;
        let raw = input.raw();
        if !raw.is_object(slot) {
            return Value::Source(slot);
        }
        input.rebuild_object(slot, |name, member| match name {
            k if k == key::ALPHA => {
                if raw.number(slot, key::ALPHA, 1.0) == 1.0 {
                    self.neutral(member, "a slot's `alpha` of 1");
                } else {
                    self.lost(member, "slot alpha (`alpha`)");
                }
                Some(Vec::new())
            }
            k if k == key::Z_INDEX => {
                if raw.number(slot, key::Z_INDEX, 0.0) == 0.0 {
                    self.neutral(member, "a slot's `zIndex` of 0");
                } else {
                    self.lost(member, "draw order by `zIndex`");
                }
                Some(Vec::new())
            }
            _ => None,
        })
    }

    /// Path displays stay in their lists (their places are display indices), reported.
    fn path_displays(&mut self, skins: NodeId) {
        let input = self.input;
        let raw = input.raw();
        for skin in input.elements(skins) {
            for slot in raw.array(skin, key::SLOT).map(|s| raw.elements(s).collect::<Vec<_>>()).unwrap_or_default() {
                for display in
                    raw.array(slot, key::DISPLAY).map(|d| raw.elements(d).collect::<Vec<_>>()).unwrap_or_default()
                {
                    let Some(ty) = raw.get(display, key::TYPE) else { continue };
                    if raw.to_js_string(ty).eq_ignore_ascii_case("path") {
                        self.notes.lost(
                            input.tree.range(display),
                            "5.5 has no path displays: runtimes that read 5.5 show nothing in their place",
                        );
                    }
                }
            }
        }
    }

    fn animation(&mut self, animation: NodeId) -> Value<'t> {
        let input = self.input;
        let raw = input.raw();
        if !raw.is_object(animation) {
            return Value::Source(animation);
        }
        // Typed timelines 5.5 can say otherwise, by the list they join.
        let mut bones: Vec<Value<'t>> = Vec::new();
        let mut slots: Vec<Value<'t>> = Vec::new();
        if let Some(list) = raw.array(animation, key::TIMELINE) {
            for timeline in raw.elements(list) {
                match self.typed(timeline) {
                    Some((true, value)) => bones.push(value),
                    Some((false, value)) => slots.push(value),
                    None => {}
                }
            }
        }
        let mut bones = Some(bones).filter(|b| !b.is_empty());
        let mut slots = Some(slots).filter(|s| !s.is_empty());
        let mut out = Vec::new();
        for member in input.members(animation) {
            let name = input.key(member.key);
            match name.as_ref() {
                k if k == key::BLEND_TYPE => {
                    let value = raw.string(animation, key::BLEND_TYPE, "");
                    if value.is_empty() || value.eq_ignore_ascii_case("none") {
                        self.neutral(member, "a `blendType` of none");
                    } else {
                        self.lost(member, "blend trees (`blendType`)");
                    }
                }
                k if k == key::TIMELINE => {}
                k if k == key::BONE && input.tree.is_array(member.value) => {
                    let mut list: Vec<Value<'t>> = input.elements(member.value).map(Value::Source).collect();
                    list.extend(bones.take().unwrap_or_default());
                    out.push(Member { key: Key::Source(member.key), value: Value::Array(list) });
                }
                k if k == key::SLOT && input.tree.is_array(member.value) => {
                    let mut list: Vec<Value<'t>> = input.elements(member.value).map(Value::Source).collect();
                    list.extend(slots.take().unwrap_or_default());
                    out.push(Member { key: Key::Source(member.key), value: Value::Array(list) });
                }
                _ => out.push(Member::source(member)),
            }
        }
        if let Some(list) = bones {
            out.push(Member::new(key::BONE, Value::Array(list)));
        }
        if let Some(list) = slots {
            out.push(Member::new(key::SLOT, Value::Array(list)));
        }
        Value::Object(out)
    }

    /// A typed timeline as a 5.5 bone (`true`) or slot timeline, or `None` (reported) when 5.5
    /// cannot say it.
    fn typed(&mut self, timeline: NodeId) -> Option<(bool, Value<'t>)> {
        let input = self.input;
        let raw = input.raw();
        if !raw.is_object(timeline) {
            return None;
        }
        let kind = raw.number(timeline, key::TYPE, 0.0);
        let list = match kind {
            k if k == BONE_TRANSLATE => key::TRANSLATE_FRAME,
            k if k == BONE_ROTATE => key::ROTATE_FRAME,
            k if k == BONE_SCALE => key::SCALE_FRAME,
            k if k == SLOT_DISPLAY => key::DISPLAY_FRAME,
            k if k == SLOT_COLOR => key::COLOR_FRAME,
            _ => {
                let what = match kind as i64 {
                    22 => "typed mesh deform timelines (type 22)",
                    23 => "`zIndex` timelines (type 23)",
                    24 => "slot alpha timelines (type 24)",
                    30 => "typed IK timelines (type 30)",
                    40..=42 => "blend-tree timelines (types 40–42)",
                    50 => "surface timelines (type 50)",
                    60 => "bone alpha timelines (type 60)",
                    _ => "timelines of this type",
                };
                self.notes.lost(input.tree.range(timeline), format!("5.5 has no {what}"));
                return None;
            }
        };
        let frames = raw.array(timeline, key::FRAME);
        let frames: Vec<NodeId> = frames.map(|f| raw.elements(f).collect()).unwrap_or_default();
        let converted: Vec<Value<'t>> = if kind == BONE_ROTATE {
            rotate_frames(&input, &frames)
        } else {
            frames.iter().map(|&f| Value::Source(f)).collect()
        };
        let mut out = input.timeline_head(timeline);
        out.push(Member::new(list, Value::Array(converted)));
        let bone = kind == BONE_TRANSLATE || kind == BONE_ROTATE || kind == BONE_SCALE;
        Some((bone, Value::Object(out)))
    }
}

/// Typed rotate key frames (`x` rotation, `y` skew, in degrees, tweened as numbers) as `rotateFrame`
/// key frames, which the runtime unwraps the short way round: where the next angle is more than
/// half a turn away, `clockwise` keeps the turn the typed timeline made.
fn rotate_frames<'t>(input: &Input<'t>, frames: &[NodeId]) -> Vec<Value<'t>> {
    let raw = input.raw();
    let angle = |f: NodeId| if raw.is_object(f) { raw.number(f, key::X, 0.0) } else { 0.0 };
    frames
        .iter()
        .enumerate()
        .map(|(i, &f)| {
            if !raw.is_object(f) {
                return Value::Source(f);
            }
            let mut members = Vec::new();
            for member in input.members(f) {
                let name = input.key(member.key);
                match name.as_ref() {
                    k if k == key::X => members.push(Member::new(key::ROTATE, Value::Source(member.value))),
                    k if k == key::Y => members.push(Member::new(key::SKEW, Value::Source(member.value))),
                    _ => members.push(Member::source(member)),
                }
            }
            if let Some(&next) = frames.get(i + 1) {
                let turn = angle(next) - angle(f);
                if turn.abs() >= 180.0 {
                    members.push(Member::new(key::CLOCKWISE, Value::Number(turn.signum())));
                }
            }
            Value::Object(members)
        })
        .collect()
}
