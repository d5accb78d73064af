//! Animations, timelines, key frames, actions and events.

use super::ObjectKind as O;
use super::ValueType as T;
use super::skeleton::USER_DATA;
use super::{ACTION_TYPE, BLEND_TYPE, Bounds, Items, KeyDef, NameKind, NameRole, ObjectDef, Version as V, key};

const fn num(name: &'static str, default: &'static str, doc: &'static str, example: &'static str) -> KeyDef {
    KeyDef { default: Some(default), ..key(name, T::Number, doc, example) }
}

const DURATION: KeyDef = KeyDef {
    default: Some("1"),
    bounds: Some(Bounds::AtLeast(0.0)),
    ..key(
        "duration",
        T::Int,
        "Length of this key frame in frames; the next key frame starts this many frames later. The last key frame lasts to the end of the animation.",
        "\"duration\": 5",
    )
};

const TWEEN_EASING: KeyDef = KeyDef {
    bounds: Some(Bounds::Between(-1.0, 2.0)),
    ..key(
        "tweenEasing",
        T::Easing,
        "Easing towards the next key frame: absent, `null` or `\"NaN\"` = no tween (hold); 0 = linear; −1…0 ease in; 0…1 ease out; 1…2 ease in-out.",
        "\"tweenEasing\": 0",
    )
};

const CURVE: KeyDef = KeyDef {
    since: V::V4_0,
    // y is stored ×10000 in 16 bits.
    items: Items { length: (4, None), bounds: Some(Bounds::Between(-3.2767, 3.2767)) },
    ..key(
        "curve",
        T::Numbers,
        "Cubic Bézier easing towards the next key frame, overriding `tweenEasing`: `[x1, y1, x2, y2]` (more segments: 10, 16… numbers; written with its end points, 8, 14…, runtimes misread it). x in 0–1.",
        "\"curve\": [0.25, 0, 0.75, 1]",
    )
};

const TWEEN_TYPE: KeyDef = KeyDef {
    since: V::V5_0,
    ignored: true,
    ..key(
        "tweenType",
        T::Int,
        "5.0 documentation only (0 = use tweenEasing/curve); no runtime reads it.",
        "\"tweenType\": 0",
    )
};

const TIMELINE_SCALE: KeyDef =
    KeyDef { bounds: Some(Bounds::Positive), ..num("scale", "1", "Time scale of this timeline.", "\"scale\": 1") };

const TIMELINE_OFFSET: KeyDef =
    num("offset", "0", "Start offset of this timeline, as a fraction of the animation.", "\"offset\": 0");

const EVENT: KeyDef =
    key("event", T::String, "Name of a frame event fired at this key frame (2.3–4.5).", "\"event\": \"footstep\"");
const SOUND: KeyDef = key("sound", T::String, "Name of a sound event fired at this key frame.", "\"sound\": \"step\"");
const ACTION: KeyDef = key(
    "action",
    T::FrameAction,
    "2.3–4.5: the name of an animation to play at this key frame.",
    "\"action\": \"attack_2\"",
);
const ACTIONS: KeyDef = KeyDef {
    since: V::V4_5,
    ..key(
        "actions",
        T::Actions,
        "Actions run at this key frame: `{\"gotoAndPlay\": …}` plays an animation; `{\"type\": 10, \"name\": …}` fires an event, `{\"type\": 11, …}` a sound.",
        "\"actions\": [{\"gotoAndPlay\": \"attack\"}]",
    )
};

const fn target(kind: NameKind, doc: &'static str, example: &'static str) -> KeyDef {
    KeyDef { role: NameRole::Refers(kind), ..key("name", T::Name, doc, example) }
}

pub(super) static OBJECTS: &[ObjectDef] = &[
    ObjectDef {
        kind: O::Animation,
        name: "animation",
        doc: "An animation of the armature: its length in frames, how often it plays, and its timelines.",
        example: "{\"name\": \"walk\", \"duration\": 24, \"playTimes\": 0, \"bone\": [], \"slot\": []}",
        keys: ANIMATION,
    },
    ObjectDef {
        kind: O::ActionFrame,
        name: "action key frame",
        doc: "A key frame of the animation's main timeline: events, sounds and actions fired when it is reached.",
        example: "{\"duration\": 10, \"events\": [{\"name\": \"hit\", \"bone\": \"weapon\"}]}",
        keys: ACTION_FRAME,
    },
    ObjectDef {
        kind: O::Action,
        name: "action",
        doc: "An action: play an animation (`gotoAndPlay`, or `type` 0 with `name`), fire an event (`type` 10) or a sound (`type` 11).",
        example: "{\"gotoAndPlay\": \"idle\"}",
        keys: ACTION_KEYS,
    },
    ObjectDef {
        kind: O::Event,
        name: "event",
        doc: "A frame event (5.0): a name, optionally the bone or slot firing it, and parameters.",
        example: "{\"name\": \"onAttack\", \"bone\": \"weapon\", \"ints\": [3]}",
        keys: EVENT_KEYS,
    },
    ObjectDef {
        kind: O::ZOrderTimeline,
        name: "draw-order timeline",
        doc: "Changes of the slots' draw order during the animation.",
        example: "{\"frame\": [{\"duration\": 5, \"zOrder\": [0, 2, 4, -1]}, {\"duration\": 0}]}",
        keys: ZORDER_TIMELINE,
    },
    ObjectDef {
        kind: O::ZOrderFrame,
        name: "draw-order key frame",
        doc: "Draw-order changes from this key frame on: `[slotIndex, offset, …]` pairs; empty restores the setup order.",
        example: "{\"duration\": 5, \"zOrder\": [0, 2, 4, -1]}",
        keys: ZORDER_FRAME,
    },
    ObjectDef {
        kind: O::BoneTimeline,
        name: "bone timeline",
        doc: "The key frames animating one bone: `frame` (4.x/5.0) or `translateFrame`, `rotateFrame`, `scaleFrame` (5.5).",
        example: "{\"name\": \"arm\", \"rotateFrame\": [{\"duration\": 10, \"tweenEasing\": 0, \"rotate\": 30}, {\"duration\": 0}]}",
        keys: BONE_TIMELINE,
    },
    ObjectDef {
        kind: O::BoneFrame,
        name: "bone key frame",
        doc: "A 4.x/5.0 bone key frame: the transform added to the setup pose.",
        example: "{\"duration\": 10, \"tweenEasing\": 0, \"transform\": {\"x\": 5, \"skX\": 20, \"skY\": 20}}",
        keys: BONE_FRAME,
    },
    ObjectDef {
        kind: O::TranslateFrame,
        name: "translate key frame",
        doc: "A 5.5 key frame of a bone's translation, added to the setup pose.",
        example: "{\"duration\": 6, \"tweenEasing\": 0, \"x\": 12.5, \"y\": -3}",
        keys: TRANSLATE_FRAME,
    },
    ObjectDef {
        kind: O::RotateFrame,
        name: "rotate key frame",
        doc: "A 5.5 key frame of a bone's rotation and skew (degrees), added to the setup pose.",
        example: "{\"duration\": 6, \"tweenEasing\": 0, \"rotate\": 45, \"clockwise\": 1}",
        keys: ROTATE_FRAME,
    },
    ObjectDef {
        kind: O::ScaleFrame,
        name: "scale key frame",
        doc: "A 5.5 key frame of a bone's scale, multiplied with the setup pose.",
        example: "{\"duration\": 6, \"tweenEasing\": 0, \"x\": 1.2, \"y\": 0.9}",
        keys: SCALE_FRAME,
    },
    ObjectDef {
        kind: O::SlotTimeline,
        name: "slot timeline",
        doc: "The key frames animating one slot: `frame` (4.x/5.0) or `displayFrame` and `colorFrame` (5.5).",
        example: "{\"name\": \"head\", \"displayFrame\": [{\"duration\": 4, \"value\": 1}, {\"duration\": 0, \"value\": 0}]}",
        keys: SLOT_TIMELINE,
    },
    ObjectDef {
        kind: O::SlotFrame,
        name: "slot key frame",
        doc: "A 4.x/5.0 slot key frame: the display shown and the colour.",
        example: "{\"duration\": 4, \"displayIndex\": 1, \"color\": {\"aM\": 50}}",
        keys: SLOT_FRAME,
    },
    ObjectDef {
        kind: O::DisplayFrame,
        name: "display key frame",
        doc: "A 5.5 key frame of which display a slot shows (never tweened).",
        example: "{\"duration\": 4, \"value\": 1}",
        keys: DISPLAY_FRAME,
    },
    ObjectDef {
        kind: O::ColorFrame,
        name: "colour key frame",
        doc: "A 5.5 key frame of a slot's colour transform.",
        example: "{\"duration\": 4, \"tweenEasing\": 0, \"value\": {\"aM\": 0}}",
        keys: COLOR_FRAME,
    },
    ObjectDef {
        kind: O::FfdTimeline,
        name: "deform timeline",
        doc: "Mesh deformation (free-form deformation) of the mesh display `name` in skin `skin`, slot `slot`.",
        example: "{\"name\": \"body_mesh\", \"skin\": \"default\", \"slot\": \"body\", \"frame\": [{\"duration\": 0, \"vertices\": [0, 2.5]}]}",
        keys: FFD_TIMELINE,
    },
    ObjectDef {
        kind: O::FfdFrame,
        name: "deform key frame",
        doc: "Vertex deltas of a mesh: `vertices` adds to the mesh's numbers from index `offset` on.",
        example: "{\"duration\": 5, \"tweenEasing\": 0, \"offset\": 4, \"vertices\": [1.5, -2, 0.5, 0]}",
        keys: FFD_FRAME,
    },
    ObjectDef {
        kind: O::IkTimeline,
        name: "IK timeline",
        doc: "Key frames of an IK constraint's weight and bend direction (5.5).",
        example: "{\"name\": \"leg_ik\", \"frame\": [{\"duration\": 10, \"weight\": 1}, {\"duration\": 0, \"weight\": 0}]}",
        keys: IK_TIMELINE,
    },
    ObjectDef {
        kind: O::IkFrame,
        name: "IK key frame",
        doc: "An IK constraint's weight and bend direction at this key frame.",
        example: "{\"duration\": 10, \"tweenEasing\": 0, \"bendPositive\": false, \"weight\": 0.5}",
        keys: IK_FRAME,
    },
    ObjectDef {
        kind: O::TypedTimeline,
        name: "typed timeline",
        doc: "A 5.6 timeline: `type` says what it animates (11 bone translate, 12 rotate, 13 scale, 20 slot display, 21 colour, 22 deform, 23 zIndex, 24 alpha, 30 IK, 40–42 animation progress/weight/parameter, 50 surface, 60 bone alpha) and `name` which thing.",
        example: "{\"type\": 11, \"name\": \"arm\", \"frame\": [{\"duration\": 5, \"tweenEasing\": 0, \"x\": 3}, {\"duration\": 0}]}",
        keys: TYPED_TIMELINE,
    },
    ObjectDef {
        kind: O::TypedFrame,
        name: "typed key frame",
        doc: "A key frame of a 5.6 typed timeline; its values depend on the timeline `type`.",
        example: "{\"duration\": 5, \"tweenEasing\": 0, \"x\": 3, \"y\": -1}",
        keys: TYPED_FRAME,
    },
    ObjectDef {
        kind: O::LegacyTimeline,
        name: "timeline",
        doc: "A 2.3/3.0 timeline animating the bone and the slot of the same name.",
        example: "{\"name\": \"head\", \"scale\": 1, \"offset\": 0, \"frame\": [{\"duration\": 10, \"transform\": {\"x\": 4}}]}",
        keys: LEGACY_TIMELINE,
    },
    ObjectDef {
        kind: O::LegacyFrame,
        name: "key frame",
        doc: "A 2.3/3.0 key frame of a bone and its slot: transform, colour, display, visibility and events.",
        example: "{\"duration\": 10, \"tweenEasing\": 0, \"z\": 2, \"transform\": {\"x\": 4, \"pX\": 30, \"pY\": 40}}",
        keys: LEGACY_FRAME,
    },
];

static ANIMATION: &[KeyDef] = &[
    KeyDef {
        default: Some("\"default\""),
        ..key(
            "name",
            T::Name,
            "Name of the animation, unique in the armature; `gotoAndPlay` and actions play it by name.",
            "\"name\": \"walk\"",
        )
        .defines(NameKind::Animation)
    },
    KeyDef {
        default: Some("0"),
        bounds: Some(Bounds::AtLeast(0.0)),
        ..key(
            "duration",
            T::Int,
            "Length in frames (seconds = duration / frameRate). Key frames must start within it; 0 with timelines of several key frames breaks playback.",
            "\"duration\": 24",
        )
    },
    KeyDef {
        since: V::V4_0,
        default: Some("1"),
        bounds: Some(Bounds::AtLeast(0.0)),
        ..key("playTimes", T::Int, "How many times it plays: 0 = loop forever.", "\"playTimes\": 0")
    },
    KeyDef {
        bounds: Some(Bounds::AtLeast(0.0)),
        ..num(
            "fadeInTime",
            "0",
            "Default cross-fade time from the previous animation, in seconds.",
            "\"fadeInTime\": 0.2",
        )
    },
    KeyDef { bounds: Some(Bounds::Positive), ..num("scale", "1", "Time scale of the animation.", "\"scale\": 1") },
    KeyDef {
        since: V::V5_6,
        default: Some("\"none\""),
        ..key("blendType", T::Enum(&BLEND_TYPE), "Blend-tree animation: `none` or `1d`.", "\"blendType\": \"1d\"")
    },
    KeyDef {
        since: V::V5_6,
        ignored: true,
        ..key(
            "type",
            T::String,
            "Tools-only animation kind (`normal`, `tree`, `node`); runtimes do not read it.",
            "\"type\": \"tree\"",
        )
    },
    key(
        "frame",
        T::Array(O::ActionFrame),
        "The main timeline: key frames with events, sounds and actions.",
        "\"frame\": [{\"duration\": 12, \"sound\": \"step\"}, {\"duration\": 0}]",
    ),
    KeyDef {
        since: V::V4_5,
        ..key(
            "zOrder",
            T::Object(O::ZOrderTimeline),
            "Draw-order timeline.",
            "\"zOrder\": {\"frame\": [{\"duration\": 5, \"zOrder\": [0, 1]}]}",
        )
    },
    KeyDef {
        since: V::V4_0,
        ..key(
            "bone",
            T::Array(O::BoneTimeline),
            "Bone timelines, one per animated bone.",
            "\"bone\": [{\"name\": \"arm\", \"frame\": []}]",
        )
    },
    KeyDef {
        since: V::V4_0,
        ..key(
            "slot",
            T::Array(O::SlotTimeline),
            "Slot timelines, one per animated slot.",
            "\"slot\": [{\"name\": \"head\", \"frame\": []}]",
        )
    },
    KeyDef {
        since: V::V4_5,
        ..key(
            "ffd",
            T::Array(O::FfdTimeline),
            "Mesh deform timelines.",
            "\"ffd\": [{\"name\": \"body_mesh\", \"slot\": \"body\", \"frame\": []}]",
        )
    },
    KeyDef {
        since: V::V5_5,
        ..key(
            "ik",
            T::Array(O::IkTimeline),
            "IK constraint timelines.",
            "\"ik\": [{\"name\": \"leg_ik\", \"frame\": []}]",
        )
    },
    KeyDef {
        until: V::V3_0,
        ..key(
            "timeline",
            T::Array(O::LegacyTimeline),
            "2.3/3.0: timelines, each animating the bone and the slot of its name.",
            "\"timeline\": [{\"name\": \"head\", \"frame\": []}]",
        )
    },
    KeyDef {
        since: V::V4_0,
        ..key(
            "timeline",
            T::Array(O::TypedTimeline),
            "5.6: typed timelines (`type` + `name` + `frame`).",
            "\"timeline\": [{\"type\": 11, \"name\": \"arm\", \"frame\": []}]",
        )
    },
    KeyDef {
        since: V::V5_5,
        ignored: true,
        ..key("surface", T::Any, "Early 5.6 surface timelines (replaced by typed timeline 50).", "\"surface\": []")
    },
    KeyDef {
        until: V::V3_0,
        default: Some("1"),
        bounds: Some(Bounds::AtLeast(0.0)),
        ..key("loop", T::Int, "2.3/3.0: play times, 0 = forever (`playTimes` from 4.0).", "\"loop\": 0")
    },
    KeyDef {
        until: V::V3_0,
        default: Some("1"),
        ..key("autoTween", T::Bool, "2.3/3.0: 0 disables every tween of the animation.", "\"autoTween\": 1")
    },
    KeyDef {
        until: V::V4_0,
        ..key(
            "tweenEasing",
            T::Easing,
            "2.3/3.0: easing applied to every key frame of the animation; `NaN`/`null` = use each frame's own.",
            "\"tweenEasing\": null",
        )
    },
    USER_DATA,
];

static ACTION_FRAME: &[KeyDef] = &[
    DURATION,
    ACTIONS,
    KeyDef {
        since: V::V5_0,
        ..key(
            "events",
            T::Array(O::Event),
            "Frame events fired at this key frame (5.0).",
            "\"events\": [{\"name\": \"hit\"}]",
        )
    },
    EVENT,
    SOUND,
    KeyDef { role: NameRole::Refers(NameKind::Animation), ..ACTION },
    KeyDef { ignored: true, ..TWEEN_EASING },
    KeyDef { ignored: true, ..CURVE },
    TWEEN_TYPE,
    USER_DATA,
];

static ACTION_KEYS: &[KeyDef] = &[
    KeyDef {
        role: NameRole::Refers(NameKind::Animation),
        ..key("gotoAndPlay", T::Name, "Play the animation of this name.", "\"gotoAndPlay\": \"idle\"")
    },
    KeyDef {
        role: NameRole::Refers(NameKind::Animation),
        ..key(
            "gotoAndStop",
            T::Name,
            "Go to the animation of this name and stop (4.5/5.0).",
            "\"gotoAndStop\": \"idle\"",
        )
    },
    KeyDef {
        since: V::V5_5,
        default: Some("0"),
        ..key(
            "type",
            T::Enum(&ACTION_TYPE),
            "0 (`play`): play animation `name`; 10 (`frame`): fire event `name`; 11 (`sound`): fire sound `name`.",
            "\"type\": 10",
        )
    },
    KeyDef {
        since: V::V5_5,
        role: NameRole::Contextual,
        ..key("name", T::Name, "The animation to play (type 0) or the event or sound name.", "\"name\": \"idle\"")
    },
    KeyDef {
        since: V::V5_5,
        role: NameRole::Refers(NameKind::Bone),
        ..key("bone", T::Name, "The bone firing the event.", "\"bone\": \"weapon\"")
    },
    KeyDef {
        since: V::V5_5,
        role: NameRole::Refers(NameKind::Slot),
        ..key("slot", T::Name, "The slot firing the event.", "\"slot\": \"weapon\"")
    },
    KeyDef { since: V::V5_0, ..key("ints", T::Ints, "Integer parameters of the event.", "\"ints\": [1, 2]") },
    KeyDef { since: V::V5_0, ..key("floats", T::Numbers, "Number parameters of the event.", "\"floats\": [0.5]") },
    KeyDef { since: V::V5_0, ..key("strings", T::Strings, "String parameters of the event.", "\"strings\": [\"a\"]") },
    KeyDef {
        ignored: true,
        ..key(
            "offset",
            T::Number,
            "4.5 bone-frame action objects carry it; runtimes ignore such objects.",
            "\"offset\": 1",
        )
    },
    KeyDef {
        ignored: true,
        ..key(
            "playTimes",
            T::Number,
            "4.5 bone-frame action objects carry it; runtimes ignore such objects.",
            "\"playTimes\": 0",
        )
    },
];

static EVENT_KEYS: &[KeyDef] = &[
    key("name", T::Name, "Name of the event.", "\"name\": \"onAttack\""),
    KeyDef {
        role: NameRole::Refers(NameKind::Bone),
        ..key("bone", T::Name, "The bone firing the event (unknown ⇒ none).", "\"bone\": \"weapon\"")
    },
    KeyDef {
        role: NameRole::Refers(NameKind::Slot),
        ..key("slot", T::Name, "The slot firing the event (unknown ⇒ none).", "\"slot\": \"weapon\"")
    },
    key("ints", T::Ints, "Integer parameters.", "\"ints\": [1, 2]"),
    key("floats", T::Numbers, "Number parameters.", "\"floats\": [0.5]"),
    key("strings", T::Strings, "String parameters.", "\"strings\": [\"a\"]"),
];

static ZORDER_TIMELINE: &[KeyDef] = &[
    key(
        "frame",
        T::Array(O::ZOrderFrame),
        "The draw-order key frames.",
        "\"frame\": [{\"duration\": 5, \"zOrder\": [0, 1]}]",
    ),
    TIMELINE_SCALE,
    TIMELINE_OFFSET,
];

static ZORDER_FRAME: &[KeyDef] = &[
    DURATION,
    key(
        "zOrder",
        T::Ints,
        "Pairs `[slotIndex, offset, …]`: slot `slotIndex` (index in the armature's `slot` array, strictly ascending) moves by `offset` places. Empty or absent restores the setup order.",
        "\"zOrder\": [0, 2, 4, -1]",
    ),
    KeyDef { ignored: true, ..TWEEN_EASING },
    KeyDef { ignored: true, ..CURVE },
    TWEEN_TYPE,
];

static BONE_TIMELINE: &[KeyDef] = &[
    target(NameKind::Bone, "The animated bone. An unknown name drops the timeline.", "\"name\": \"arm_l\""),
    TIMELINE_SCALE,
    TIMELINE_OFFSET,
    KeyDef {
        until: V::V5_0,
        ..key(
            "frame",
            T::Array(O::BoneFrame),
            "4.x/5.0 bone key frames.",
            "\"frame\": [{\"duration\": 10, \"transform\": {}}]",
        )
    },
    KeyDef {
        since: V::V5_5,
        ..key(
            "translateFrame",
            T::Array(O::TranslateFrame),
            "Translation key frames.",
            "\"translateFrame\": [{\"duration\": 10, \"x\": 5}]",
        )
    },
    KeyDef {
        since: V::V5_5,
        ..key(
            "rotateFrame",
            T::Array(O::RotateFrame),
            "Rotation key frames.",
            "\"rotateFrame\": [{\"duration\": 10, \"rotate\": 30}]",
        )
    },
    KeyDef {
        since: V::V5_5,
        ..key(
            "scaleFrame",
            T::Array(O::ScaleFrame),
            "Scale key frames.",
            "\"scaleFrame\": [{\"duration\": 10, \"x\": 1.5}]",
        )
    },
    KeyDef {
        until: V::V4_0,
        ignored: true,
        ..num("pX", "0", "4.0 preview: pivot X of the bone in this animation.", "\"pX\": 0")
    },
    KeyDef {
        until: V::V4_0,
        ignored: true,
        ..num("pY", "0", "4.0 preview: pivot Y of the bone in this animation.", "\"pY\": 0")
    },
];

static BONE_FRAME: &[KeyDef] = &[
    DURATION,
    TWEEN_EASING,
    CURVE,
    TWEEN_TYPE,
    key(
        "transform",
        T::Object(O::Transform),
        "The transform added to the bone's setup pose.",
        "\"transform\": {\"x\": 5, \"skX\": 20, \"skY\": 20}",
    ),
    KeyDef {
        default: Some("0"),
        ..key(
            "tweenRotate",
            T::Int,
            "Extra turns while tweening: 0 = shortest way, +N clockwise, −N counter-clockwise.",
            "\"tweenRotate\": 1",
        )
    },
    KeyDef {
        until: V::V4_5,
        ignored: true,
        ..key("tweenScale", T::Bool, "3.0–4.5: whether scale is tweened.", "\"tweenScale\": 1")
    },
    KeyDef {
        until: V::V4_5,
        ignored: true,
        ..key(
            "displayIndex",
            T::Int,
            "Early 4.x exports: a display index, read from slot frames instead.",
            "\"displayIndex\": 0",
        )
    },
    EVENT,
    SOUND,
    KeyDef { ignored: true, ..ACTION },
    ACTIONS,
    KeyDef {
        since: V::V5_0,
        ..key(
            "events",
            T::Array(O::Event),
            "Frame events fired at this key frame.",
            "\"events\": [{\"name\": \"hit\"}]",
        )
    },
    USER_DATA,
];

static TRANSLATE_FRAME: &[KeyDef] = &[
    DURATION,
    TWEEN_EASING,
    CURVE,
    num("x", "0", "Horizontal translation added to the setup pose.", "\"x\": 12.5"),
    num("y", "0", "Vertical translation added to the setup pose.", "\"y\": -3"),
];

static ROTATE_FRAME: &[KeyDef] = &[
    DURATION,
    TWEEN_EASING,
    CURVE,
    num("rotate", "0", "Rotation in degrees added to the setup pose.", "\"rotate\": 45"),
    num("skew", "0", "Skew in degrees added to the setup pose.", "\"skew\": 0"),
    KeyDef {
        default: Some("0"),
        ..key(
            "clockwise",
            T::Int,
            "Rotation while tweening: 0 = shortest way, +N clockwise with N extra turns, −N counter-clockwise.",
            "\"clockwise\": 1",
        )
    },
];

static SCALE_FRAME: &[KeyDef] = &[
    DURATION,
    TWEEN_EASING,
    CURVE,
    num("x", "1", "Horizontal scale, multiplied with the setup pose.", "\"x\": 1.2"),
    num("y", "1", "Vertical scale, multiplied with the setup pose.", "\"y\": 0.9"),
];

static SLOT_TIMELINE: &[KeyDef] = &[
    target(NameKind::Slot, "The animated slot. An unknown name drops the timeline.", "\"name\": \"head\""),
    TIMELINE_SCALE,
    TIMELINE_OFFSET,
    KeyDef {
        until: V::V5_0,
        ..key(
            "frame",
            T::Array(O::SlotFrame),
            "4.x/5.0 slot key frames.",
            "\"frame\": [{\"duration\": 4, \"displayIndex\": 1}]",
        )
    },
    KeyDef {
        since: V::V5_5,
        ..key(
            "displayFrame",
            T::Array(O::DisplayFrame),
            "Display key frames.",
            "\"displayFrame\": [{\"duration\": 4, \"value\": 1}]",
        )
    },
    KeyDef {
        since: V::V5_5,
        ..key(
            "colorFrame",
            T::Array(O::ColorFrame),
            "Colour key frames.",
            "\"colorFrame\": [{\"duration\": 4, \"value\": {\"aM\": 0}}]",
        )
    },
];

static SLOT_FRAME: &[KeyDef] = &[
    DURATION,
    TWEEN_EASING,
    CURVE,
    TWEEN_TYPE,
    KeyDef {
        default: Some("0"),
        bounds: Some(Bounds::AtLeast(-1.0)),
        ..key(
            "displayIndex",
            T::Int,
            "Index of the display shown from this key frame on; −1 shows nothing.",
            "\"displayIndex\": 1",
        )
    },
    key("color", T::Object(O::Color), "The slot's colour transform at this key frame.", "\"color\": {\"aM\": 50}"),
    ACTIONS,
    KeyDef { ignored: true, ..ACTION },
    EVENT,
    SOUND,
    KeyDef { ignored: true, ..key("z", T::Int, "Legacy draw order.", "\"z\": 2") },
    KeyDef { until: V::V4_0, ignored: true, ..key("hide", T::Bool, "Legacy: hide the slot.", "\"hide\": 1") },
    USER_DATA,
];

static DISPLAY_FRAME: &[KeyDef] = &[
    DURATION,
    KeyDef {
        default: Some("0"),
        bounds: Some(Bounds::AtLeast(-1.0)),
        ..key("value", T::Int, "Index of the display shown from this key frame on; −1 shows nothing.", "\"value\": 1")
    },
    KeyDef {
        bounds: Some(Bounds::AtLeast(-1.0)),
        ..key("displayIndex", T::Int, "Alternative spelling of `value`.", "\"displayIndex\": 1")
    },
    ACTIONS,
    KeyDef { ignored: true, ..TWEEN_EASING },
    KeyDef { ignored: true, ..CURVE },
];

static COLOR_FRAME: &[KeyDef] = &[
    DURATION,
    TWEEN_EASING,
    CURVE,
    key("value", T::Object(O::Color), "The slot's colour transform at this key frame.", "\"value\": {\"aM\": 0}"),
    key("color", T::Object(O::Color), "Alternative spelling of `value`.", "\"color\": {\"aM\": 0}"),
];

static FFD_TIMELINE: &[KeyDef] = &[
    KeyDef {
        role: NameRole::Refers(NameKind::Display),
        ..key(
            "name",
            T::Name,
            "The mesh display deformed, by display name, in skin `skin` for slot `slot`.",
            "\"name\": \"body_mesh\"",
        )
    },
    KeyDef {
        default: Some("\"default\""),
        role: NameRole::Refers(NameKind::Skin),
        ..key("skin", T::Name, "The skin holding the mesh.", "\"skin\": \"default\"")
    },
    KeyDef {
        role: NameRole::Refers(NameKind::Slot),
        ..key("slot", T::Name, "The slot showing the mesh.", "\"slot\": \"body\"")
    },
    TIMELINE_SCALE,
    TIMELINE_OFFSET,
    key(
        "frame",
        T::Array(O::FfdFrame),
        "The deform key frames.",
        "\"frame\": [{\"duration\": 5, \"vertices\": [0, 1.5]}]",
    ),
    KeyDef {
        until: V::V4_5,
        ignored: true,
        ..key("displayIndex", T::Int, "4.5 documentation variant (no runtime reads it).", "\"displayIndex\": 0")
    },
];

static FFD_FRAME: &[KeyDef] = &[
    DURATION,
    TWEEN_EASING,
    CURVE,
    TWEEN_TYPE,
    KeyDef {
        default: Some("0"),
        bounds: Some(Bounds::AtLeast(0.0)),
        ..key(
            "offset",
            T::Int,
            "How many numbers of the mesh's `vertices` to skip before the deltas apply.",
            "\"offset\": 4",
        )
    },
    key(
        "vertices",
        T::Numbers,
        "Deltas added to the mesh's vertex numbers from `offset` on; the others stay 0.",
        "\"vertices\": [1.5, -2, 0.5, 0]",
    ),
];

static IK_TIMELINE: &[KeyDef] = &[
    target(NameKind::Constraint, "The IK constraint animated.", "\"name\": \"leg_ik\""),
    TIMELINE_SCALE,
    TIMELINE_OFFSET,
    key("frame", T::Array(O::IkFrame), "The IK key frames.", "\"frame\": [{\"duration\": 10, \"weight\": 1}]"),
];

static IK_FRAME: &[KeyDef] = &[
    DURATION,
    TWEEN_EASING,
    CURVE,
    KeyDef {
        default: Some("true"),
        ..key("bendPositive", T::Bool, "Bend direction at this key frame.", "\"bendPositive\": false")
    },
    KeyDef {
        bounds: Some(Bounds::Between(0.0, 1.0)),
        ..num("weight", "1", "Constraint mix at this key frame, 0–1.", "\"weight\": 0.5")
    },
];

static TYPED_TIMELINE: &[KeyDef] = &[
    KeyDef {
        required: true,
        ..key(
            "type",
            T::Int,
            "What the timeline animates: 11/12/13 bone translate/rotate/scale, 20 slot display, 21 slot colour, 22 mesh deform, 23 slot zIndex, 24 slot alpha, 30 IK, 40/41/42 animation progress/weight/parameter, 50 surface, 60 bone alpha.",
            "\"type\": 11",
        )
    },
    KeyDef {
        role: NameRole::Contextual,
        ..key(
            "name",
            T::Name,
            "The bone, slot, mesh display, IK constraint or animation animated, depending on `type`.",
            "\"name\": \"arm\"",
        )
    },
    key("frame", T::Array(O::TypedFrame), "The key frames.", "\"frame\": [{\"duration\": 5, \"x\": 3}]"),
    TIMELINE_SCALE,
    TIMELINE_OFFSET,
    num("x", "0", "Blend position X of the animation (types 40–42 with `blendType`).", "\"x\": 0.5"),
    num("y", "0", "Blend position Y of the animation (types 40–42 with `blendType`).", "\"y\": 0"),
];

static TYPED_FRAME: &[KeyDef] = &[
    DURATION,
    TWEEN_EASING,
    CURVE,
    num("x", "0", "First value (translation x, rotation, scale x, IK bend, …, by timeline type).", "\"x\": 3"),
    num("y", "0", "Second value (translation y, skew, scale y, IK weight, …, by timeline type).", "\"y\": -1"),
    key(
        "value",
        T::TypedValue,
        "The value for single-valued types: display index, colour object, zIndex, alpha, progress, or deform deltas.",
        "\"value\": 1",
    ),
    KeyDef {
        bounds: Some(Bounds::AtLeast(0.0)),
        ..key("offset", T::Int, "Deform and surface types: numbers skipped before the deltas.", "\"offset\": 0")
    },
    key("vertices", T::Numbers, "Deform and surface types: vertex deltas.", "\"vertices\": [0, 1.5]"),
];

static LEGACY_TIMELINE: &[KeyDef] = &[
    KeyDef {
        role: NameRole::Contextual,
        ..key("name", T::Name, "The bone (and slot) of this name.", "\"name\": \"head\"")
    },
    TIMELINE_SCALE,
    TIMELINE_OFFSET,
    num("pX", "0", "3.0: pivot X of the bone in this animation.", "\"pX\": 0"),
    num("pY", "0", "3.0: pivot Y of the bone in this animation.", "\"pY\": 0"),
    key("frame", T::Array(O::LegacyFrame), "The key frames.", "\"frame\": [{\"duration\": 10}]"),
];

static LEGACY_FRAME: &[KeyDef] = &[
    DURATION,
    KeyDef { bounds: None, ..TWEEN_EASING },
    KeyDef { default: Some("0"), ..key("tweenRotate", T::Int, "Extra turns while tweening.", "\"tweenRotate\": 0") },
    KeyDef { ignored: true, ..key("tweenScale", T::Bool, "3.0: whether scale is tweened.", "\"tweenScale\": 1") },
    key("displayIndex", T::Int, "Index of the display shown; −1 shows nothing.", "\"displayIndex\": 0"),
    key("z", T::Int, "Draw order of the slot at this key frame.", "\"z\": 2"),
    key("hide", T::Bool, "1 hides the slot.", "\"hide\": 1"),
    EVENT,
    SOUND,
    ACTION,
    key(
        "transform",
        T::Object(O::Transform),
        "The bone's transform, with the texture pivot `pX`/`pY`.",
        "\"transform\": {\"x\": 4, \"pX\": 30, \"pY\": 40}",
    ),
    key("colorTransform", T::Object(O::Color), "The slot's colour transform.", "\"colorTransform\": {\"aM\": 50}"),
    KeyDef { ignored: true, ..num("scXOffset", "0", "3.0: scale offset X.", "\"scXOffset\": 0") },
    KeyDef { ignored: true, ..num("scYOffset", "0", "3.0: scale offset Y.", "\"scYOffset\": 0") },
];
