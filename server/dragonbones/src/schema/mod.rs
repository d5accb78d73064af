//! The DragonBones schema: every object kind and key of skeleton and atlas JSON, data versions 2.3
//! to 5.6 (`docs/formats/dragonbones.md`), in one table.
//!
//! The model reads it to know what object stands where (`armature[].bone[]` is a `Bone`), the rules
//! to validate types, ranges and required keys, and hover and completion to explain and offer keys.
//! A key documented here is validated, completed and explained everywhere; code names keys by
//! the constants of [`key`].

mod animation;
pub mod key;
mod skeleton;

use std::fmt;

/// A data version (`version` / `compatibleVersion` of the root object).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Version {
    V2_3,
    V3_0,
    V4_0,
    V4_5,
    V5_0,
    V5_5,
    V5_6,
}

impl Version {
    pub const ALL: [Version; 7] =
        [Version::V2_3, Version::V3_0, Version::V4_0, Version::V4_5, Version::V5_0, Version::V5_5, Version::V5_6];

    /// The exact strings runtimes accept (`"5.50"` is not `5.5`).
    pub fn parse(s: &str) -> Option<Version> {
        Version::ALL.into_iter().find(|v| v.as_str() == s)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Version::V2_3 => "2.3",
            Version::V3_0 => "3.0",
            Version::V4_0 => "4.0",
            Version::V4_5 => "4.5",
            Version::V5_0 => "5.0",
            Version::V5_5 => "5.5",
            Version::V5_6 => "5.6",
        }
    }

    /// 2.3 and 3.0: slots inside skins, one merged `timeline` per bone/slot, global coordinates.
    pub fn is_legacy(self) -> bool {
        self <= Version::V3_0
    }

    pub fn generation(self) -> Generation {
        match self {
            Version::V2_3 | Version::V3_0 => Generation::Legacy,
            Version::V4_0 | Version::V4_5 => Generation::V4,
            _ => Generation::V5,
        }
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The three layouts of skeleton data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Generation {
    /// 2.3/3.0: slots inside skins, merged `timeline`s.
    Legacy,
    /// 4.0/4.5: armature `slot[]`, `bone`/`slot`/`ffd` timelines with `frame[]`.
    V4,
    /// 5.0–5.6: `translateFrame`/`rotateFrame`/…, `ffd`, typed `timeline` in 5.6.
    V5,
}

/// What an object is, resolved from where it stands (and, for `timeline`, the data version).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ObjectKind {
    /// The root of a skeleton file.
    Skeleton,
    Armature,
    Aabb,
    Canvas,
    Bone,
    Transform,
    Slot,
    Color,
    Skin,
    SkinSlot,
    Display,
    Pivot,
    Ik,
    PathConstraint,
    Animation,
    /// `animation.frame[]`: the action/event timeline.
    ActionFrame,
    Action,
    Event,
    ZOrderTimeline,
    ZOrderFrame,
    BoneTimeline,
    /// 4.x/5.0 bone key frame with a `transform`.
    BoneFrame,
    TranslateFrame,
    RotateFrame,
    ScaleFrame,
    SlotTimeline,
    /// 4.x/5.0 slot key frame (`displayIndex` + `color`).
    SlotFrame,
    DisplayFrame,
    ColorFrame,
    FfdTimeline,
    FfdFrame,
    IkTimeline,
    IkFrame,
    /// 5.6 `animation.timeline[]` entry with a numeric `type`.
    TypedTimeline,
    TypedFrame,
    /// 2.3/3.0 `animation.timeline[]`: one merged bone-and-slot timeline.
    LegacyTimeline,
    LegacyFrame,
    /// The root of an atlas file, or an inline root `textureAtlas[]` entry.
    Atlas,
    SubTexture,
    /// `userData`: anything goes.
    UserData,
}

impl ObjectKind {
    /// `null` stands for an object of this kind in an array: an empty display.
    pub fn nullable(self) -> bool {
        self == ObjectKind::Display
    }

    /// A key frame of some timeline (its `duration` is the frame's, not the animation's).
    pub fn is_key_frame(self) -> bool {
        use ObjectKind as K;
        matches!(
            self,
            K::ActionFrame
                | K::ZOrderFrame
                | K::BoneFrame
                | K::TranslateFrame
                | K::RotateFrame
                | K::ScaleFrame
                | K::SlotFrame
                | K::DisplayFrame
                | K::ColorFrame
                | K::FfdFrame
                | K::IkFrame
                | K::TypedFrame
                | K::LegacyFrame
        )
    }
}

/// The JSON a key takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ValueType {
    Number,
    /// A whole number (the C++ runtime asserts on fractions).
    Int,
    /// `true`/`false`; runtimes also accept `0`/`1` and the strings `"true"`/`"false"`.
    Bool,
    String,
    /// A string naming something; numbers are accepted (runtimes convert them, 2.3 data has them).
    Name,
    /// A case-insensitive string from a set, or its index.
    Enum(&'static EnumDef),
    Object(ObjectKind),
    /// An array of objects of a kind.
    Array(ObjectKind),
    Numbers,
    Ints,
    Strings,
    /// An action list: `{"gotoAndPlay": …}` / `{"type": …}` objects or animation-name strings.
    Actions,
    /// A number, `null` or `"NaN"` (no tween).
    Easing,
    /// The data version: a string (2.3 data often has a number).
    Version,
    /// A typed-timeline frame `value`: a number, a colour object or a number array.
    TypedValue,
    /// A 2.3–4.5 frame `action`: an animation name (objects are ignored by runtimes).
    FrameAction,
    Any,
}

/// An enumeration: lower-case names in ordinal order (a `None` gap is an unused ordinal).
#[derive(Debug, PartialEq)]
pub struct EnumDef {
    pub values: &'static [Option<&'static str>],
    /// Other names runtimes accept, with the ordinal they stand for (lower-case).
    pub aliases: &'static [(&'static str, usize)],
    /// What runtimes do with an unknown value.
    pub fallback: Fallback,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fallback {
    /// Unknown strings and numbers fall back to the first member.
    First,
    /// Unknown strings fall back to the first member; unknown numbers drop the object.
    FirstOrDropped,
}

impl EnumDef {
    /// The member a case-insensitive name stands for.
    pub fn ordinal(&self, name: &str) -> Option<usize> {
        self.values
            .iter()
            .position(|v| v.is_some_and(|v| v.eq_ignore_ascii_case(name)))
            .or_else(|| self.aliases.iter().find(|(a, _)| a.eq_ignore_ascii_case(name)).map(|&(_, i)| i))
    }

    pub fn name(&self, ordinal: i64) -> Option<&'static str> {
        usize::try_from(ordinal).ok().and_then(|i| self.values.get(i).copied().flatten())
    }

    pub fn names(&self) -> impl Iterator<Item = &'static str> {
        self.values.iter().filter_map(|v| *v)
    }
}

/// Allowed values of a number.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bounds {
    /// `min ≤ v ≤ max`.
    Between(f64, f64),
    /// `v ≥ min`.
    AtLeast(f64),
    /// `v > 0`.
    Positive,
}

impl Bounds {
    pub fn contains(self, v: f64) -> bool {
        match self {
            Bounds::Between(a, b) => a <= v && v <= b,
            Bounds::AtLeast(a) => v >= a,
            Bounds::Positive => v > 0.0,
        }
    }

    /// "between 0 and 100", "at least 0", "greater than 0".
    pub fn describe(self) -> String {
        match self {
            Bounds::Between(a, b) => format!("between {} and {}", fmt_num(a), fmt_num(b)),
            Bounds::AtLeast(a) => format!("at least {}", fmt_num(a)),
            Bounds::Positive => "greater than 0".to_owned(),
        }
    }
}

/// A number as a person would write it (`1`, `0.5`, `-255`).
pub fn fmt_num(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 { format!("{}", v as i64) } else { format!("{v}") }
}

/// What an array key's elements may be: how many, and (numbers) their range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Items {
    /// The fewest elements, and the most.
    pub length: (usize, Option<usize>),
    pub bounds: Option<Bounds>,
}

impl Items {
    pub const ANY: Items = Items { length: (0, None), bounds: None };
}

/// When a key that is not `required` is needed all the same.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Condition {
    /// The enumeration key `.0` of the same object has the member of ordinal `.1`.
    Is(&'static str, usize),
    /// The key `.0` of the same object is present.
    With(&'static str),
}

/// Kinds of named things, for definitions and references.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NameKind {
    Armature,
    Bone,
    Slot,
    Skin,
    /// A display in a skin's list for one slot (meshes are referred to by display name).
    Display,
    Animation,
    /// IK and path constraints share one namespace per armature.
    Constraint,
    /// An atlas `SubTexture`.
    Texture,
}

impl NameKind {
    pub fn describe(self) -> &'static str {
        match self {
            NameKind::Armature => "armature",
            NameKind::Bone => "bone",
            NameKind::Slot => "slot",
            NameKind::Skin => "skin",
            NameKind::Display => "display",
            NameKind::Animation => "animation",
            NameKind::Constraint => "constraint",
            NameKind::Texture => "texture",
        }
    }
}

/// What a key's value means for names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameRole {
    None,
    Defines(NameKind),
    Refers(NameKind),
    /// Refers to something that depends on the object (display `path`, typed timeline `name`).
    Contextual,
}

/// One key of one object kind.
#[derive(Debug)]
pub struct KeyDef {
    pub name: &'static str,
    pub ty: ValueType,
    /// The data versions the key belongs to (inclusive).
    pub since: Version,
    pub until: Version,
    pub default: Option<&'static str>,
    pub bounds: Option<Bounds>,
    pub role: NameRole,
    /// Runtimes need it: without it they throw or drop the object.
    pub required: bool,
    /// Older data may give it in this other key instead (an IK `bone` in the `name` of early 4.5
    /// exports): then `required` asks for one of the two, and the rules judge which.
    pub or_in: Option<&'static str>,
    /// Runtimes need it in these cases (checked by the geometry rules, stated here for the JSON Schema).
    pub needed_if: &'static [Condition],
    /// Arrays: their length and elements' range.
    pub items: Items,
    /// Written by editors or old exporters but read by no current runtime: accepted silently.
    pub ignored: bool,
    pub doc: &'static str,
    /// The key with a typical value, as JSON (`"frameRate": 24`).
    pub example: &'static str,
}

impl KeyDef {
    /// The same key, defining a name of `kind`.
    pub(super) const fn defines(self, kind: NameKind) -> KeyDef {
        KeyDef { role: NameRole::Defines(kind), ..self }
    }

    pub fn in_version(&self, v: Version) -> bool {
        self.since <= v && v <= self.until
    }

    /// "4.5 and later", "2.3–3.0", "all versions".
    pub fn versions(&self) -> String {
        match (self.since, self.until) {
            (Version::V2_3, Version::V5_6) => "all versions".to_owned(),
            (s, Version::V5_6) => format!("{s} and later"),
            (s, u) if s == u => format!("{s} only"),
            (s, u) => format!("{s}–{u}"),
        }
    }
}

/// One object kind: its documentation and keys.
#[derive(Debug)]
pub struct ObjectDef {
    pub kind: ObjectKind,
    /// How messages and hovers name it ("bone", "rotate key frame").
    pub name: &'static str,
    pub doc: &'static str,
    pub example: &'static str,
    pub keys: &'static [KeyDef],
}

pub(super) const fn key(name: &'static str, ty: ValueType, doc: &'static str, example: &'static str) -> KeyDef {
    KeyDef {
        name,
        ty,
        since: Version::V2_3,
        until: Version::V5_6,
        default: None,
        bounds: None,
        role: NameRole::None,
        required: false,
        or_in: None,
        needed_if: &[],
        items: Items::ANY,
        ignored: false,
        doc,
        example,
    }
}

/// The definition of an object kind.
pub fn object_def(kind: ObjectKind) -> &'static ObjectDef {
    // Indexed by kind: rules ask for every member of every object.
    static BY_KIND: std::sync::OnceLock<Vec<&'static ObjectDef>> = std::sync::OnceLock::new();
    let table = BY_KIND.get_or_init(|| {
        let mut defs: Vec<&'static ObjectDef> = object_defs().collect();
        defs.sort_by_key(|d| d.kind);
        defs
    });
    let def = table[kind as usize];
    debug_assert_eq!(def.kind, kind, "every object kind has one definition, in declaration order");
    def
}

/// Every object kind's definition.
pub fn object_defs() -> impl Iterator<Item = &'static ObjectDef> {
    skeleton::OBJECTS.iter().chain(animation::OBJECTS)
}

/// The definition of `key` in an object of `kind` for data `version` (`None`: the newest).
/// A key defined differently in different versions (`timeline`) resolves by version.
pub fn key_def(kind: ObjectKind, key: &str, version: Option<Version>) -> Option<&'static KeyDef> {
    let keys = object_def(kind).keys;
    let mut found = None;
    for def in keys.iter().filter(|d| d.name == key) {
        if version.is_some_and(|v| def.in_version(v)) {
            return Some(def);
        }
        found = Some(def);
    }
    found
}

/// The keys of an object kind that belong to `version` (all keys when `None`), for completion.
pub fn keys(kind: ObjectKind, version: Option<Version>) -> impl Iterator<Item = &'static KeyDef> {
    object_def(kind).keys.iter().filter(move |d| version.is_none_or(|v| d.in_version(v)))
}

/// The kind of the objects a key holds (an object value, or the elements of an array value).
pub fn child_kind(kind: ObjectKind, key: &str, version: Option<Version>) -> Option<ObjectKind> {
    match key_def(kind, key, version)?.ty {
        ValueType::Object(k) | ValueType::Array(k) => Some(k),
        ValueType::Actions | ValueType::FrameAction => Some(ObjectKind::Action),
        ValueType::TypedValue => Some(ObjectKind::Color),
        _ => None,
    }
}

/// One step of a JSON path: a member name or an array index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathStep {
    Key(String),
    Index(usize),
}

/// The object kind at a JSON path from the root of a document of kind `root` (`Skeleton` or
/// `Atlas`), e.g. `armature/0/bone/3` → `Bone`. `None` when the path leaves the schema.
pub fn kind_at_path(root: ObjectKind, version: Option<Version>, path: &[PathStep]) -> Option<ObjectKind> {
    let mut kind = root;
    let mut pending: Option<ObjectKind> = None;
    for step in path {
        match step {
            PathStep::Key(k) => {
                if pending.is_some() {
                    return None;
                }
                let def = key_def(kind, k, version)?;
                match def.ty {
                    ValueType::Object(k) => kind = k,
                    ValueType::TypedValue => kind = ObjectKind::Color,
                    ValueType::FrameAction => kind = ObjectKind::Action,
                    ValueType::Array(k) => pending = Some(k),
                    ValueType::Actions => pending = Some(ObjectKind::Action),
                    ValueType::Any => return Some(ObjectKind::UserData),
                    _ => return None,
                }
            }
            PathStep::Index(_) => kind = pending.take()?,
        }
    }
    if pending.is_some() { None } else { Some(kind) }
}

/// Display `type` (§3.6).
/// The members of a colour transform (`color`, `colorTransform`, a colour key frame's `value`)
/// with their defaults, in the order editors write them: multipliers in percent, then offsets.
pub const COLOR_TRANSFORM_MEMBERS: [(&str, f64); 8] = [
    (key::A_M, 100.0),
    (key::R_M, 100.0),
    (key::G_M, 100.0),
    (key::B_M, 100.0),
    (key::A_O, 0.0),
    (key::R_O, 0.0),
    (key::G_O, 0.0),
    (key::B_O, 0.0),
];

pub static DISPLAY_TYPE: EnumDef = EnumDef {
    values: &[Some("image"), Some("armature"), Some("mesh"), Some("boundingbox"), Some("path")],
    aliases: &[],
    fallback: Fallback::FirstOrDropped,
};

/// Bounding-box `subType`.
pub static BOUNDING_BOX_TYPE: EnumDef =
    EnumDef { values: &[Some("rectangle"), Some("ellipse"), Some("polygon")], aliases: &[], fallback: Fallback::First };

/// Slot `blendMode`.
pub static BLEND_MODE: EnumDef = EnumDef {
    values: &[
        Some("normal"),
        Some("add"),
        Some("alpha"),
        Some("darken"),
        Some("difference"),
        Some("erase"),
        Some("hardlight"),
        Some("invert"),
        Some("layer"),
        Some("lighten"),
        Some("multiply"),
        Some("overlay"),
        Some("screen"),
        Some("subtract"),
    ],
    aliases: &[],
    fallback: Fallback::First,
};

/// Bone `type`.
pub static BONE_TYPE: EnumDef =
    EnumDef { values: &[Some("bone"), Some("surface")], aliases: &[], fallback: Fallback::First };

/// Action `type`: play = 0, frame (event) = 10, sound = 11.
pub static ACTION_TYPE: EnumDef = EnumDef {
    values: &[Some("play"), None, None, None, None, None, None, None, None, None, Some("frame"), Some("sound")],
    // The 5.0 runtime also read `gotoAndPlay` as a type.
    aliases: &[("gotoandplay", 0)],
    fallback: Fallback::First,
};

pub static BLEND_TYPE: EnumDef =
    EnumDef { values: &[Some("none"), Some("1d")], aliases: &[], fallback: Fallback::First };

pub static POSITION_MODE: EnumDef =
    EnumDef { values: &[Some("percent"), Some("fixed")], aliases: &[], fallback: Fallback::First };

pub static SPACING_MODE: EnumDef =
    EnumDef { values: &[Some("length"), Some("fixed"), Some("percent")], aliases: &[], fallback: Fallback::First };

pub static ROTATE_MODE: EnumDef =
    EnumDef { values: &[Some("tangent"), Some("chain"), Some("chainscale")], aliases: &[], fallback: Fallback::First };

/// The display types, as the model distinguishes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DisplayType {
    Image,
    Armature,
    Mesh,
    BoundingBox,
    Path,
}

impl DisplayType {
    pub fn from_ordinal(i: usize) -> Option<DisplayType> {
        [DisplayType::Image, DisplayType::Armature, DisplayType::Mesh, DisplayType::BoundingBox, DisplayType::Path]
            .get(i)
            .copied()
    }

    pub fn describe(self) -> &'static str {
        match self {
            DisplayType::Image => "image",
            DisplayType::Armature => "armature",
            DisplayType::Mesh => "mesh",
            DisplayType::BoundingBox => "boundingBox",
            DisplayType::Path => "path",
        }
    }
}

/// What a 5.6 typed timeline (`animation.timeline[].type`) animates and what its `name` names.
#[derive(Debug)]
pub struct TimelineType {
    pub code: i64,
    pub name: &'static str,
    /// What `name` refers to (`None`: nothing, or not implemented by runtimes).
    pub target: Option<NameKind>,
    pub doc: &'static str,
}

/// §3.12.
pub static TIMELINE_TYPES: &[TimelineType] = &[
    TimelineType { code: 0, name: "Action", target: None, doc: "Action timeline (not implemented by runtimes)." },
    TimelineType { code: 1, name: "ZOrder", target: None, doc: "Draw-order timeline (not implemented by runtimes)." },
    TimelineType { code: 10, name: "BoneAll", target: None, doc: "Whole bone transform (ignored in typed form)." },
    TimelineType {
        code: 11,
        name: "BoneTranslate",
        target: Some(NameKind::Bone),
        doc: "Bone translation: frames carry `x`, `y` (default 0).",
    },
    TimelineType {
        code: 12,
        name: "BoneRotate",
        target: Some(NameKind::Bone),
        doc: "Bone rotation: frames carry `x` = rotation and `y` = skew, in degrees (default 0).",
    },
    TimelineType {
        code: 13,
        name: "BoneScale",
        target: Some(NameKind::Bone),
        doc: "Bone scale: frames carry `x`, `y` (default 1).",
    },
    TimelineType {
        code: 20,
        name: "SlotDisplay",
        target: Some(NameKind::Slot),
        doc: "Slot display index: frames carry `value` (default 0; −1 hides).",
    },
    TimelineType {
        code: 21,
        name: "SlotColor",
        target: Some(NameKind::Slot),
        doc: "Slot colour: frames carry a colour transform in `value`.",
    },
    TimelineType {
        code: 22,
        name: "SlotDeform",
        target: Some(NameKind::Display),
        doc: "Mesh deformation: `name` is a mesh display name; frames carry `offset` and `value`/`vertices` deltas.",
    },
    TimelineType {
        code: 23,
        name: "SlotZIndex",
        target: Some(NameKind::Slot),
        doc: "Slot `zIndex`: frames carry an integer `value`.",
    },
    TimelineType {
        code: 24,
        name: "SlotAlpha",
        target: Some(NameKind::Slot),
        doc: "Slot alpha: frames carry `value` between 0 and 1 (default 1).",
    },
    TimelineType {
        code: 30,
        name: "IKConstraint",
        target: Some(NameKind::Constraint),
        doc: "IK constraint: frames carry `x` = bend direction (> 0: positive) and `y` = weight.",
    },
    TimelineType {
        code: 40,
        name: "AnimationProgress",
        target: Some(NameKind::Animation),
        doc: "Progress of another animation: frames carry `value` (|value| ≤ 3.2767).",
    },
    TimelineType {
        code: 41,
        name: "AnimationWeight",
        target: Some(NameKind::Animation),
        doc: "Blend weight of another animation: frames carry `value` (default 1).",
    },
    TimelineType {
        code: 42,
        name: "AnimationParameter",
        target: Some(NameKind::Animation),
        doc: "Blend parameters of another animation: frames carry `x`, `y`.",
    },
    TimelineType {
        code: 50,
        name: "Surface",
        target: Some(NameKind::Bone),
        doc: "Surface-bone deformation: `name` is a surface bone; frames carry `offset` and `value`/`vertices`.",
    },
    TimelineType {
        code: 60,
        name: "BoneAlpha",
        target: Some(NameKind::Bone),
        doc: "Bone alpha: frames carry `value` between 0 and 1 (default 1).",
    },
];

pub fn timeline_type(code: i64) -> Option<&'static TimelineType> {
    TIMELINE_TYPES.iter().find(|t| t.code == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_documented_with_an_example_showing_it() {
        for object in object_defs() {
            assert!(!object.doc.is_empty() && !object.example.is_empty(), "{:?}", object.kind);
            for key in object.keys {
                assert!(!key.doc.is_empty(), "{:?}.{}", object.kind, key.name);
                assert!(
                    key.example.starts_with(&format!("\"{}\":", key.name)),
                    "example of {:?}.{} must show the key: {}",
                    object.kind,
                    key.name,
                    key.example
                );
                assert!(key.since <= key.until, "{:?}.{}", object.kind, key.name);
                if let Some(example) = key.example.split_once(':').map(|(_, v)| v.trim()) {
                    assert!(serde_json::from_str::<serde_json::Value>(example).is_ok(), "{}", key.example);
                }
            }
        }
    }

    #[test]
    fn every_object_kind_has_one_definition() {
        let mut seen = std::collections::HashSet::new();
        for object in object_defs() {
            assert!(seen.insert(object.kind), "{:?} defined twice", object.kind);
        }
        assert_eq!(object_def(ObjectKind::SubTexture).name, "SubTexture");
    }

    #[test]
    fn the_version_decides_what_timeline_means() {
        let at = |v| kind_at_path(ObjectKind::Skeleton, Some(v), &path("armature/0/animation/2/timeline/0"));
        assert_eq!(at(Version::V2_3), Some(ObjectKind::LegacyTimeline));
        assert_eq!(at(Version::V5_6), Some(ObjectKind::TypedTimeline));
        let frame = kind_at_path(
            ObjectKind::Skeleton,
            Some(Version::V5_5),
            &path("armature/0/animation/0/bone/1/rotateFrame/0"),
        );
        assert_eq!(frame, Some(ObjectKind::RotateFrame));
        assert_eq!(
            kind_at_path(ObjectKind::Skeleton, None, &path("armature/0/skin/0/slot/0/display/0/pivot")),
            Some(ObjectKind::Pivot)
        );
        assert_eq!(kind_at_path(ObjectKind::Skeleton, None, &path("armature/0/bogus")), None);
        assert_eq!(kind_at_path(ObjectKind::Atlas, None, &path("SubTexture/4")), Some(ObjectKind::SubTexture));
    }

    #[test]
    fn versions_parse_exactly() {
        assert_eq!(Version::parse("5.5"), Some(Version::V5_5));
        assert_eq!(Version::parse("5.50"), None);
        assert!(Version::V3_0.is_legacy() && !Version::V4_0.is_legacy());
        assert_eq!(
            key_def(ObjectKind::Animation, "playTimes", None).map(|k| k.versions()),
            Some("4.0 and later".into())
        );
    }

    fn path(s: &str) -> Vec<PathStep> {
        s.split('/').map(|p| p.parse().map(PathStep::Index).unwrap_or_else(|_| PathStep::Key(p.to_owned()))).collect()
    }
}
