//! Events, sounds and actions of key frames, rewritten as 5.5 `actions` lists.
//!
//! The runtime reads five keys of a key frame, in this order, into one list of actions: `event`
//! (a name, or a list: frame events), `sound` (sound events), `action` (play an animation),
//! `events` and `actions` (lists of objects; `type` says what each one is, defaulting to an event
//! for `events` and to play for `actions`). Written as one `actions` list in the same order, with
//! each object's `type` made explicit where the default changed, they read back as the same
//! actions in the same order.

use std::borrow::Cow;

use super::doc::{Input, Member, Value};
use super::notes::Notes;
use crate::schema::key;
use crate::syntax::{NodeId, NodeKind};

/// `ActionType` values of the runtime.
pub const PLAY: f64 = 0.0;
pub const FRAME_EVENT: f64 = 10.0;
pub const SOUND_EVENT: f64 = 11.0;

/// The keys the runtime reads actions from, in its order, with the type each defaults to.
pub const ACTION_KEYS: [(&str, f64); 5] = [
    (key::EVENT, FRAME_EVENT),
    (key::SOUND, SOUND_EVENT),
    (key::ACTION, PLAY),
    (key::EVENTS, FRAME_EVENT),
    (key::ACTIONS, PLAY),
];

pub fn is_action_key(name: &str) -> bool {
    ACTION_KEYS.iter().any(|(k, _)| *k == name)
}

/// The bone and slot a moved action must name to keep what it acts on.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    pub bone: Option<&'a str>,
    pub slot: Option<&'a str>,
}

impl Context<'_> {
    pub const NONE: Context<'static> = Context { bone: None, slot: None };
}

/// The actions of key frame `frame` as entries of an `actions` list, in the runtime's order.
/// `context`: the bone and slot the frame's timeline gave them, written into each entry that does
/// not name its own (when the entries move to the animation's action frames).
pub fn frame_actions<'t>(input: &Input<'t>, frame: NodeId, context: Context<'_>, notes: &mut Notes) -> Vec<Value<'t>> {
    let mut out = Vec::new();
    for (name, default_type) in ACTION_KEYS {
        let Some(value) = input.get(frame, name) else { continue };
        match input.kind(value) {
            NodeKind::String => {
                let mut members = vec![
                    Member::new(key::TYPE, Value::Number(default_type)),
                    Member::new(key::NAME, Value::Source(value)),
                ];
                add_context(&mut members, context, false, false);
                out.push(Value::Object(members));
            }
            NodeKind::Array => {
                for element in input.elements(value) {
                    out.push(entry(input, element, default_type, context));
                }
            }
            _ => notes.changed(
                input.tree.range(value),
                format!(
                    "`{name}` is neither a name nor a list, so no runtime reads an action from it; it was left out"
                ),
            ),
        }
    }
    out
}

/// One element of an `event`/`events`/`actions` list as an `actions` entry.
fn entry<'t>(input: &Input<'t>, element: NodeId, default_type: f64, context: Context<'_>) -> Value<'t> {
    if !input.tree.is_object(element) {
        // The runtime throws on it (`"gotoAndPlay" in element`); kept as it is.
        return Value::Source(element);
    }
    let plays = input.get(element, key::GOTO_AND_PLAY).is_some();
    let typed = input.get(element, key::TYPE).is_some_and(|t| input.kind(t) != NodeKind::Null);
    let needs_type = !plays && !typed && default_type != PLAY;
    let has_bone = input.get(element, key::BONE).is_some();
    let has_slot = input.get(element, key::SLOT).is_some();
    let adds_context = (context.bone.is_some() && !has_bone) || (context.slot.is_some() && !has_slot);
    if !needs_type && !adds_context {
        return Value::Source(element);
    }
    let mut members = Vec::new();
    if needs_type {
        members.push(Member::new(key::TYPE, Value::Number(default_type)));
    }
    for member in input.members(element) {
        // A `type: null` reads as the default: the explicit type above replaces it.
        if needs_type && input.tree.key_is(input.text, member.key, key::TYPE) {
            continue;
        }
        members.push(Member::source(member));
    }
    add_context(&mut members, context, has_bone, has_slot);
    Value::Object(members)
}

fn add_context<'t>(members: &mut Vec<Member<'t>>, context: Context<'_>, has_bone: bool, has_slot: bool) {
    if let (Some(bone), false) = (context.bone, has_bone) {
        members.push(Member::new(key::BONE, Value::String(Cow::Owned(bone.to_owned()))));
    }
    if let (Some(slot), false) = (context.slot, has_slot) {
        members.push(Member::new(key::SLOT, Value::String(Cow::Owned(slot.to_owned()))));
    }
}

/// Actions moved to an animation's action frames, by the whole frame they fire on.
#[derive(Default)]
pub struct Moved<'t> {
    pub at: Vec<(f64, Vec<Value<'t>>)>,
}

impl<'t> Moved<'t> {
    pub fn add(&mut self, position: f64, actions: Vec<Value<'t>>) {
        if actions.is_empty() {
            return;
        }
        self.at.push((position, actions));
    }

    pub fn is_empty(&self) -> bool {
        self.at.is_empty()
    }
}

/// The animation's action frames (`frame`, or none) with `moved` added: each lands on the key
/// frame starting at its position (after what that frame already fires), or on a new key frame
/// split from the one it falls in. Positions of the existing key frames do not change.
pub fn merge_into_frames<'t>(
    input: &Input<'t>,
    frames: Option<NodeId>,
    moved: Moved<'t>,
    animation_frames: f64,
    notes: &mut Notes,
) -> Value<'t> {
    struct Slot<'t> {
        start: f64,
        /// The key frame as written; `None` for a new one.
        node: Option<NodeId>,
        duration: f64,
        set_duration: bool,
        added: Vec<Value<'t>>,
    }
    let raw = input.raw();
    let mut list: Vec<Slot<'t>> = Vec::new();
    let mut start = 0.0;
    for frame in frames.map(|f| input.elements(f).collect::<Vec<_>>()).unwrap_or_default() {
        let duration = if input.tree.is_object(frame) { raw.number(frame, key::DURATION, 1.0) } else { 1.0 };
        list.push(Slot { start, node: Some(frame), duration, set_duration: false, added: Vec::new() });
        start += duration;
    }
    let mut at = moved.at;
    // Stable: the actions of one position keep the order they were found in.
    at.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (position, actions) in at {
        if let Some(same) = list.iter().rposition(|s| s.start == position) {
            list[same].added.extend(actions);
            continue;
        }
        let next = list.iter().position(|s| s.start > position).unwrap_or(list.len());
        let end = match list.get(next) {
            Some(after) => after.start,
            None => list.last().map_or(animation_frames, |s| s.start + s.duration).max(position),
        };
        match next.checked_sub(1) {
            Some(before) => {
                list[before].duration = position - list[before].start;
                list[before].set_duration = true;
            }
            None if position > 0.0 => {
                let filler = Slot { start: 0.0, node: None, duration: position, set_duration: true, added: Vec::new() };
                list.insert(0, filler);
            }
            None => {}
        }
        let at = list.iter().position(|s| s.start > position).unwrap_or(list.len());
        let slot = Slot { start: position, node: None, duration: end - position, set_duration: true, added: actions };
        list.insert(at, slot);
    }
    let frames = list
        .into_iter()
        .map(|slot| match slot.node {
            Some(node) if !slot.set_duration && slot.added.is_empty() => Value::Source(node),
            // Not an object: no runtime reads it (it throws); it stays as it is.
            Some(node) if !input.tree.is_object(node) => Value::Source(node),
            Some(node) => {
                let mut members = Vec::new();
                if slot.set_duration {
                    members.push(Member::new(key::DURATION, Value::Number(slot.duration)));
                }
                let mut actions_at = None;
                for member in input.members(node) {
                    let name = input.key(member.key);
                    if name == key::DURATION && slot.set_duration {
                        continue;
                    }
                    if is_action_key(&name) && !slot.added.is_empty() {
                        actions_at.get_or_insert(members.len());
                        continue;
                    }
                    members.push(Member::source(member));
                }
                if !slot.added.is_empty() {
                    let mut list = frame_actions(input, node, Context::NONE, notes);
                    list.extend(slot.added);
                    let at = actions_at.unwrap_or(members.len());
                    members.insert(at, Member::new(key::ACTIONS, Value::Array(list)));
                }
                Value::Object(members)
            }
            None => {
                let mut members = vec![Member::new(key::DURATION, Value::Number(slot.duration))];
                if !slot.added.is_empty() {
                    members.push(Member::new(key::ACTIONS, Value::Array(slot.added)));
                }
                Value::Object(members)
            }
        })
        .collect();
    Value::Array(frames)
}
