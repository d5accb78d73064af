//! Skeleton structure (root, armature, bone, slot, skin, display, constraints) and atlas objects.

use super::ObjectKind as O;
use super::ValueType as T;
use super::{
    BLEND_MODE, BONE_TYPE, BOUNDING_BOX_TYPE, Bounds, Condition, DISPLAY_TYPE, Items, KeyDef, NameKind, NameRole,
    ObjectDef, POSITION_MODE, ROTATE_MODE, SPACING_MODE, Version as V, key,
};

const fn defines(kind: NameKind, doc: &'static str, example: &'static str) -> KeyDef {
    KeyDef { role: NameRole::Defines(kind), ..key("name", T::Name, doc, example) }
}

const fn refers(name: &'static str, kind: NameKind, doc: &'static str, example: &'static str) -> KeyDef {
    KeyDef { role: NameRole::Refers(kind), ..key(name, T::Name, doc, example) }
}

const fn num(name: &'static str, default: &'static str, doc: &'static str, example: &'static str) -> KeyDef {
    KeyDef { default: Some(default), ..key(name, T::Number, doc, example) }
}

pub(super) const USER_DATA: KeyDef = KeyDef {
    ignored: true,
    since: V::V4_0,
    ..key(
        "userData",
        T::Any,
        "Custom data of any type. The JSON parsers of the official runtimes do not read it.",
        "\"userData\": {\"ints\": [1]}",
    )
};

const MULTIPLIER: Option<Bounds> = Some(Bounds::Between(0.0, 100.0));
const OFFSET: Option<Bounds> = Some(Bounds::Between(-255.0, 255.0));
const UNIT: Option<Bounds> = Some(Bounds::Between(0.0, 1.0));
/// Ordinals of [`DISPLAY_TYPE`].
const MESH: usize = 2;
const PATH: usize = 4;

pub(super) static OBJECTS: &[ObjectDef] = &[
    ObjectDef {
        kind: O::Skeleton,
        name: "DragonBones data",
        doc: "The root of a skeleton file (`*_ske.json`): the data name, version, frame rate and armatures.",
        example: "{\"name\": \"Dragon\", \"version\": \"5.5\", \"compatibleVersion\": \"5.5\", \"frameRate\": 24, \"armature\": []}",
        keys: ROOT,
    },
    ObjectDef {
        kind: O::Armature,
        name: "armature",
        doc: "A skeleton: bones, slots, skins, constraints and animations. A file may hold several; armature displays show one armature inside another.",
        example: "{\"name\": \"hero\", \"bone\": [{\"name\": \"root\"}], \"slot\": [], \"skin\": [], \"animation\": []}",
        keys: ARMATURE,
    },
    ObjectDef {
        kind: O::Aabb,
        name: "bounding box",
        doc: "The armature's axis-aligned bounding box in the setup pose, computed by the editor.",
        example: "{\"x\": -120, \"y\": -300, \"width\": 240, \"height\": 310}",
        keys: AABB,
    },
    ObjectDef {
        kind: O::Canvas,
        name: "canvas",
        doc: "The stage rectangle of the armature (5.5); a `color` gives it a background.",
        example: "{\"x\": 0, \"y\": 0, \"width\": 1280, \"height\": 720, \"color\": 16777215}",
        keys: CANVAS,
    },
    ObjectDef {
        kind: O::Bone,
        name: "bone",
        doc: "A bone of the armature. The array order is the raw bone index that mesh `weights` and `bonePose` use.",
        example: "{\"name\": \"arm\", \"parent\": \"body\", \"length\": 40, \"transform\": {\"x\": 12, \"skX\": 30, \"skY\": 30}}",
        keys: BONE,
    },
    ObjectDef {
        kind: O::Transform,
        name: "transform",
        doc: "A 2D transform: translation in pixels, skew in degrees (rotation = `skY`), scale. Bone setup poses are relative to the parent (absolute in 2.3/3.0 global data).",
        example: "{\"x\": 10, \"y\": -5.5, \"skX\": 45, \"skY\": 45, \"scX\": 1, \"scY\": 1}",
        keys: TRANSFORM,
    },
    ObjectDef {
        kind: O::Slot,
        name: "slot",
        doc: "A slot: a draw-order position attached to a bone that shows one display of its skin list. The array order is the draw order.",
        example: "{\"name\": \"head\", \"parent\": \"neck\", \"displayIndex\": 0, \"color\": {\"aM\": 50}}",
        keys: SLOT,
    },
    ObjectDef {
        kind: O::Color,
        name: "colour transform",
        doc: "A colour transform: multipliers in percent (0–100, default 100) and offsets (−255–255, default 0). `{}` is the identity.",
        example: "{\"aM\": 50, \"rM\": 100, \"gM\": 80, \"bM\": 80, \"rO\": 20}",
        keys: COLOR,
    },
    ObjectDef {
        kind: O::Skin,
        name: "skin",
        doc: "A skin: for each slot, the list of displays it can show. The skin named `default` (else the first) is the default skin.",
        example: "{\"name\": \"default\", \"slot\": [{\"name\": \"head\", \"display\": [{\"name\": \"parts/head\"}]}]}",
        keys: SKIN,
    },
    ObjectDef {
        kind: O::SkinSlot,
        name: "skin slot",
        doc: "The displays one slot can show in this skin; `displayIndex` values index this list. In 2.3/3.0 data the slot itself is defined here.",
        example: "{\"name\": \"head\", \"display\": [{\"name\": \"parts/head\"}, {\"name\": \"parts/head_angry\"}]}",
        keys: SKIN_SLOT,
    },
    ObjectDef {
        kind: O::Display,
        name: "display",
        doc: "Something a slot shows: an `image` (texture), a child `armature`, a `mesh`, a `boundingBox` or a `path`.",
        example: "{\"name\": \"body\", \"type\": \"image\", \"path\": \"parts/body\", \"transform\": {\"x\": 2}}",
        keys: DISPLAY,
    },
    ObjectDef {
        kind: O::Pivot,
        name: "pivot",
        doc: "The registration point inside the texture frame, 0–1 on each axis. Without `pivot` it is the centre (0.5, 0.5); a member missing from a given `pivot` is 0.",
        example: "{\"x\": 0.5, \"y\": 1}",
        keys: PIVOT,
    },
    ObjectDef {
        kind: O::Ik,
        name: "IK constraint",
        doc: "An inverse-kinematics constraint: rotates `bone` (and with `chain: 1` its parent) towards `target`.",
        example: "{\"name\": \"foot_ik\", \"bone\": \"calf\", \"target\": \"foot_target\", \"chain\": 1, \"bendPositive\": false}",
        keys: IK,
    },
    ObjectDef {
        kind: O::PathConstraint,
        name: "path constraint",
        doc: "A path constraint (5.6, DragonBonesJS only): moves `bones` along the path display of slot `target`.",
        example: "{\"name\": \"vine\", \"target\": \"vine_path\", \"bones\": [\"vine1\", \"vine2\"], \"rotateMode\": \"chainScale\"}",
        keys: PATH_CONSTRAINT,
    },
    ObjectDef {
        kind: O::Atlas,
        name: "texture atlas",
        doc: "A texture atlas (`*_tex.json`, or an entry of the root `textureAtlas[]`): the image and the named regions displays use.",
        example: "{\"name\": \"Dragon\", \"imagePath\": \"Dragon_tex.png\", \"width\": 1024, \"height\": 512, \"SubTexture\": []}",
        keys: ATLAS,
    },
    ObjectDef {
        kind: O::SubTexture,
        name: "SubTexture",
        doc: "A named region of the atlas image; image and mesh displays name it with `path` (or `name`).",
        example: "{\"name\": \"parts/head\", \"x\": 2, \"y\": 2, \"width\": 96, \"height\": 110}",
        keys: SUB_TEXTURE,
    },
    ObjectDef {
        kind: O::UserData,
        name: "user data",
        doc: "Custom data of any shape; runtimes do not read it.",
        example: "{\"ints\": [1, 2], \"strings\": [\"a\"]}",
        keys: &[],
    },
];

static ROOT: &[KeyDef] = &[
    key(
        "name",
        T::Name,
        "Name of the DragonBones data. Factories use it as the data's key and to find the atlas with the same `name`. It is not an armature name.",
        "\"name\": \"Dragon\"",
    ),
    KeyDef {
        required: true,
        ..key(
            "version",
            T::Version,
            "Data version: 2.3, 3.0, 4.0, 4.5, 5.0, 5.5 or 5.6. Runtimes accept the file when `version` or `compatibleVersion` is one they support; current runtimes reject 2.3 and 3.0.",
            "\"version\": \"5.5\"",
        )
    },
    KeyDef {
        since: V::V5_0,
        ..key(
            "compatibleVersion",
            T::String,
            "The oldest data version this file is compatible with. 5.6 files need `\"5.5\"` here to load in the C++ and C# runtimes.",
            "\"compatibleVersion\": \"5.5\"",
        )
    },
    KeyDef {
        default: Some("24"),
        bounds: Some(Bounds::Positive),
        ..key(
            "frameRate",
            T::Int,
            "Frames per second of every armature without its own `frameRate`. 0 means 24.",
            "\"frameRate\": 24",
        )
    },
    KeyDef {
        since: V::V3_0,
        default: Some("1"),
        ignored: true,
        ..key(
            "isGlobal",
            T::Bool,
            "3.0–4.5: 1 when bone and frame transforms are absolute, 0 when parent-relative. Runtimes treat all 4.0+ data as parent-relative.",
            "\"isGlobal\": 0",
        )
    },
    KeyDef {
        required: true,
        ..key("armature", T::Array(O::Armature), "The armatures of this data.", "\"armature\": [{\"name\": \"hero\"}]")
    },
    USER_DATA,
    KeyDef {
        since: V::V5_5,
        role: NameRole::Refers(NameKind::Armature),
        ..key(
            "stage",
            T::Name,
            "Name of the armature shown as the stage (web player). Defaults to the first armature.",
            "\"stage\": \"scene\"",
        )
    },
    KeyDef {
        since: V::V5_6,
        ..key(
            "textureAtlas",
            T::Array(O::Atlas),
            "Inline texture atlases, with the same shape as a `_tex.json` file (DragonBonesJS 5.6).",
            "\"textureAtlas\": [{\"name\": \"Dragon\", \"imagePath\": \"Dragon_tex.png\", \"SubTexture\": []}]",
        )
    },
];

static ARMATURE: &[KeyDef] = &[
    defines(
        NameKind::Armature,
        "Name of the armature, unique in the file. Factories build armatures by this name; armature displays refer to it.",
        "\"name\": \"hero\"",
    ),
    KeyDef {
        since: V::V4_5,
        default: Some("\"Armature\""),
        ..key(
            "type",
            T::Name,
            "Kind of animation: `Armature` (skeletal), `MovieClip` (basic) or `Stage`, or their index 0–2. Unknown values act as `Armature`.",
            "\"type\": \"Armature\"",
        )
    },
    KeyDef {
        since: V::V4_5,
        bounds: Some(Bounds::Positive),
        ..key(
            "frameRate",
            T::Int,
            "Frames per second of this armature's animations; defaults to the data's `frameRate`.",
            "\"frameRate\": 30",
        )
    },
    KeyDef {
        since: V::V4_5,
        ..key(
            "aabb",
            T::Object(O::Aabb),
            "Bounding box of the setup pose, computed by the editor.",
            "\"aabb\": {\"x\": -100, \"y\": -200, \"width\": 200, \"height\": 210}",
        )
    },
    KeyDef {
        since: V::V5_5,
        ..key(
            "canvas",
            T::Object(O::Canvas),
            "Stage rectangle of the armature; with `color` it has a background.",
            "\"canvas\": {\"x\": 0, \"y\": 0, \"width\": 800, \"height\": 600}",
        )
    },
    key(
        "bone",
        T::Array(O::Bone),
        "The bones. Their order is the raw bone index used by mesh `weights` and `bonePose`.",
        "\"bone\": [{\"name\": \"root\"}, {\"name\": \"body\", \"parent\": \"root\"}]",
    ),
    KeyDef {
        since: V::V4_0,
        ..key(
            "slot",
            T::Array(O::Slot),
            "The slots, in draw order (the first is drawn first).",
            "\"slot\": [{\"name\": \"body\", \"parent\": \"body\"}]",
        )
    },
    key(
        "skin",
        T::Array(O::Skin),
        "The skins; the one named `default` (else the first) is used unless another is chosen.",
        "\"skin\": [{\"slot\": []}]",
    ),
    KeyDef {
        since: V::V4_5,
        ..key(
            "ik",
            T::Array(O::Ik),
            "Inverse-kinematics constraints.",
            "\"ik\": [{\"name\": \"leg\", \"bone\": \"calf\", \"target\": \"foot_ik\"}]",
        )
    },
    KeyDef {
        since: V::V5_5,
        ..key(
            "path",
            T::Array(O::PathConstraint),
            "Path constraints (DragonBonesJS only).",
            "\"path\": [{\"name\": \"vine\", \"target\": \"vine_path\", \"bones\": [\"vine1\"]}]",
        )
    },
    key(
        "animation",
        T::Array(O::Animation),
        "The animations. The first is the default animation unless `defaultActions` plays another.",
        "\"animation\": [{\"name\": \"idle\", \"duration\": 30}]",
    ),
    KeyDef {
        since: V::V4_5,
        ..key(
            "defaultActions",
            T::Actions,
            "Actions run when the armature is built, typically `{\"gotoAndPlay\": \"idle\"}`; the animation named becomes the default one.",
            "\"defaultActions\": [{\"gotoAndPlay\": \"idle\"}]",
        )
    },
    KeyDef {
        since: V::V5_0,
        ..key(
            "actions",
            T::Actions,
            "Additional actions of the armature (rare).",
            "\"actions\": [{\"gotoAndPlay\": \"idle\"}]",
        )
    },
    USER_DATA,
    KeyDef {
        until: V::V3_0,
        ignored: true,
        ..key("rectangle", T::Any, "3.0 hit areas (rectangles); no runtime reads them.", "\"rectangle\": []")
    },
    KeyDef {
        until: V::V3_0,
        ignored: true,
        ..key("ellipse", T::Any, "3.0 hit areas (ellipses); no runtime reads them.", "\"ellipse\": []")
    },
];

static AABB: &[KeyDef] = &[
    num("x", "0", "Left edge, in pixels.", "\"x\": -100"),
    num("y", "0", "Top edge, in pixels.", "\"y\": -200"),
    num("width", "0", "Width, in pixels.", "\"width\": 200"),
    num("height", "0", "Height, in pixels.", "\"height\": 210"),
];

static CANVAS: &[KeyDef] = &[
    num("x", "0", "Left edge, in pixels.", "\"x\": 0"),
    num("y", "0", "Top edge, in pixels.", "\"y\": 0"),
    num("width", "0", "Width, in pixels.", "\"width\": 1280"),
    num("height", "0", "Height, in pixels.", "\"height\": 720"),
    key("color", T::Int, "Background colour as 0xRRGGBB; absent means no background.", "\"color\": 16777215"),
];

static BONE: &[KeyDef] = &[
    defines(NameKind::Bone, "Name of the bone, unique in the armature.", "\"name\": \"arm_l\""),
    refers(
        "parent",
        NameKind::Bone,
        "Name of the parent bone; none for a root bone. The parent may come later in the array. An unknown parent makes the bone a root; a cycle hangs the runtime.",
        "\"parent\": \"body\"",
    ),
    KeyDef {
        bounds: Some(Bounds::AtLeast(0.0)),
        ..num("length", "0", "Length of the bone in pixels (used by IK and path constraints).", "\"length\": 40")
    },
    key(
        "transform",
        T::Object(O::Transform),
        "Setup pose relative to the parent bone (absolute in 2.3/3.0 global data).",
        "\"transform\": {\"x\": 10, \"y\": 0, \"skX\": 90, \"skY\": 90}",
    ),
    KeyDef {
        since: V::V4_5,
        default: Some("true"),
        ..key(
            "inheritTranslation",
            T::Bool,
            "Whether the bone follows its parent's translation.",
            "\"inheritTranslation\": false",
        )
    },
    KeyDef {
        since: V::V3_0,
        default: Some("true"),
        ..key(
            "inheritRotation",
            T::Bool,
            "Whether the bone follows its parent's rotation.",
            "\"inheritRotation\": false",
        )
    },
    KeyDef {
        since: V::V3_0,
        default: Some("true"),
        ..key("inheritScale", T::Bool, "Whether the bone follows its parent's scale.", "\"inheritScale\": false")
    },
    KeyDef {
        since: V::V5_5,
        default: Some("true"),
        ..key(
            "inheritReflection",
            T::Bool,
            "Whether the bone follows its parent's reflection (negative scale).",
            "\"inheritReflection\": false",
        )
    },
    KeyDef {
        since: V::V5_6,
        bounds: UNIT,
        ..num("alpha", "1", "Bone alpha, 0–1, multiplied into its slots.", "\"alpha\": 0.5")
    },
    KeyDef {
        since: V::V5_5,
        default: Some("\"bone\""),
        ..key(
            "type",
            T::Enum(&BONE_TYPE),
            "`bone`, or `surface` for a deformable lattice bone (`segmentX`, `segmentY`, `vertices`).",
            "\"type\": \"surface\"",
        )
    },
    KeyDef {
        since: V::V5_5,
        default: Some("0"),
        bounds: Some(Bounds::AtLeast(0.0)),
        ..key("segmentX", T::Int, "Surface bones: lattice cells across.", "\"segmentX\": 8")
    },
    KeyDef {
        since: V::V5_5,
        default: Some("0"),
        bounds: Some(Bounds::AtLeast(0.0)),
        ..key("segmentY", T::Int, "Surface bones: lattice cells down.", "\"segmentY\": 8")
    },
    KeyDef {
        since: V::V5_5,
        ..key(
            "vertices",
            T::Numbers,
            "Surface bones: the lattice points `[x0, y0, x1, y1, …]`, 2·(segmentX+1)·(segmentY+1) numbers.",
            "\"vertices\": [-50, -50, 50, -50, -50, 50, 50, 50]",
        )
    },
    USER_DATA,
    KeyDef {
        until: V::V3_0,
        ignored: true,
        ..key("scaleMode", T::Any, "3.0: how the bone inherits scale; converters drop it.", "\"scaleMode\": 1")
    },
    KeyDef {
        until: V::V3_0,
        ignored: true,
        ..key("fixedRotation", T::Any, "3.0: the bone keeps its rotation; converters drop it.", "\"fixedRotation\": 0")
    },
    KeyDef {
        until: V::V3_0,
        ignored: true,
        ..key("rectangle", T::Any, "3.0 hit areas (rectangles); no runtime reads them.", "\"rectangle\": []")
    },
    KeyDef {
        until: V::V3_0,
        ignored: true,
        ..key("ellipse", T::Any, "3.0 hit areas (ellipses); no runtime reads them.", "\"ellipse\": []")
    },
];

pub(super) static TRANSFORM: &[KeyDef] = &[
    num("x", "0", "Horizontal translation in pixels.", "\"x\": 10.5"),
    num("y", "0", "Vertical translation in pixels (y points down).", "\"y\": -20"),
    num("skX", "0", "Skew X in degrees; the skew is `skX − skY`.", "\"skX\": 30"),
    num("skY", "0", "Skew Y in degrees: the rotation.", "\"skY\": 30"),
    num("scX", "1", "Horizontal scale.", "\"scX\": 1.2"),
    num("scY", "1", "Vertical scale.", "\"scY\": 0.8"),
    num(
        "rotate",
        "0",
        "Rotation in degrees; when `rotate` or `skew` is given they replace `skX`/`skY`.",
        "\"rotate\": 45",
    ),
    num("skew", "0", "Skew in degrees; when `rotate` or `skew` is given they replace `skX`/`skY`.", "\"skew\": 10"),
    KeyDef {
        until: V::V4_0,
        ..num("pX", "0", "2.3/3.0: pivot X of the texture in pixels from its top-left corner.", "\"pX\": 32")
    },
    KeyDef {
        until: V::V4_0,
        ..num("pY", "0", "2.3/3.0: pivot Y of the texture in pixels from its top-left corner.", "\"pY\": 48")
    },
];

static SLOT: &[KeyDef] = &[
    defines(NameKind::Slot, "Name of the slot, unique in the armature.", "\"name\": \"head\""),
    KeyDef {
        required: true,
        ..refers(
            "parent",
            NameKind::Bone,
            "Name of the bone the slot is attached to. Without a known parent, building the armature throws.",
            "\"parent\": \"neck\"",
        )
    },
    KeyDef {
        default: Some("0"),
        bounds: Some(Bounds::AtLeast(-1.0)),
        ..key(
            "displayIndex",
            T::Int,
            "Index of the display shown, in the default skin's list for this slot; −1 shows nothing.",
            "\"displayIndex\": 0",
        )
    },
    KeyDef {
        since: V::V3_0,
        default: Some("\"normal\""),
        ..key(
            "blendMode",
            T::Enum(&BLEND_MODE),
            "Blend mode: normal, add, alpha, darken, difference, erase, hardlight, invert, layer, lighten, multiply, overlay, screen or subtract (or its index 0–13).",
            "\"blendMode\": \"add\"",
        )
    },
    KeyDef {
        since: V::V4_0,
        ..key("color", T::Object(O::Color), "Colour transform of the slot.", "\"color\": {\"aM\": 50}")
    },
    KeyDef {
        since: V::V5_6,
        default: Some("0"),
        ..key("zIndex", T::Int, "Extra draw-order key (DragonBonesJS 5.6).", "\"zIndex\": 2")
    },
    KeyDef {
        since: V::V5_6,
        bounds: UNIT,
        ..num("alpha", "1", "Slot alpha, 0–1 (DragonBonesJS 5.6).", "\"alpha\": 0.8")
    },
    KeyDef {
        since: V::V4_5,
        ..key(
            "actions",
            T::Actions,
            "Actions for the child armature this slot shows (when its display has none of its own).",
            "\"actions\": [{\"gotoAndPlay\": \"idle\"}]",
        )
    },
    KeyDef {
        ignored: true,
        ..key("z", T::Int, "Legacy draw order; runtimes from 5.5 on use the array order instead.", "\"z\": 3")
    },
    USER_DATA,
];

pub(super) static COLOR: &[KeyDef] = &[
    KeyDef { bounds: MULTIPLIER, ..num("aM", "100", "Alpha multiplier in percent (0–100).", "\"aM\": 50") },
    KeyDef { bounds: MULTIPLIER, ..num("rM", "100", "Red multiplier in percent (0–100).", "\"rM\": 100") },
    KeyDef { bounds: MULTIPLIER, ..num("gM", "100", "Green multiplier in percent (0–100).", "\"gM\": 100") },
    KeyDef { bounds: MULTIPLIER, ..num("bM", "100", "Blue multiplier in percent (0–100).", "\"bM\": 100") },
    KeyDef { bounds: OFFSET, ..num("aO", "0", "Alpha offset (−255–255).", "\"aO\": 0") },
    KeyDef { bounds: OFFSET, ..num("rO", "0", "Red offset (−255–255).", "\"rO\": 40") },
    KeyDef { bounds: OFFSET, ..num("gO", "0", "Green offset (−255–255).", "\"gO\": 0") },
    KeyDef { bounds: OFFSET, ..num("bO", "0", "Blue offset (−255–255).", "\"bO\": -20") },
];

static SKIN: &[KeyDef] = &[
    KeyDef {
        default: Some("\"default\""),
        ..defines(
            NameKind::Skin,
            "Name of the skin, unique in the armature; missing or `\"\"` means `default`.",
            "\"name\": \"default\"",
        )
    },
    key(
        "slot",
        T::Array(O::SkinSlot),
        "For each slot, the displays it can show in this skin.",
        "\"slot\": [{\"name\": \"head\", \"display\": []}]",
    ),
    USER_DATA,
];

static SKIN_SLOT: &[KeyDef] = &[
    KeyDef {
        role: NameRole::Contextual,
        ..key(
            "name",
            T::Name,
            "The slot these displays belong to (4.0 and later; an unknown slot's entry is dropped). In 2.3/3.0 data it defines the slot.",
            "\"name\": \"head\"",
        )
    },
    key(
        "display",
        T::Array(O::Display),
        "The displays the slot can show; `displayIndex` values index this list. `null` entries are empty displays.",
        "\"display\": [{\"name\": \"parts/head\"}]",
    ),
    KeyDef {
        since: V::V4_5,
        until: V::V5_0,
        ignored: true,
        ..key("actions", T::Actions, "4.5 legacy slot actions; current runtimes ignore them here.", "\"actions\": []")
    },
    KeyDef {
        until: V::V3_0,
        role: NameRole::Refers(NameKind::Bone),
        ..key("parent", T::Name, "2.3/3.0: the bone the slot is attached to.", "\"parent\": \"neck\"")
    },
    KeyDef { until: V::V3_0, ..key("z", T::Int, "2.3/3.0: draw order of the slot.", "\"z\": 3") },
    KeyDef {
        until: V::V3_0,
        ..key("blendMode", T::Enum(&BLEND_MODE), "2.3/3.0: blend mode of the slot.", "\"blendMode\": \"add\"")
    },
    KeyDef {
        until: V::V3_0,
        ..key("displayIndex", T::Int, "2.3/3.0: index of the display shown.", "\"displayIndex\": 0")
    },
    KeyDef {
        until: V::V3_0,
        ..key(
            "colorTransform",
            T::Object(O::Color),
            "2.3/3.0: colour transform of the slot.",
            "\"colorTransform\": {\"aM\": 50}",
        )
    },
    USER_DATA,
];

static DISPLAY: &[KeyDef] = &[
    KeyDef {
        role: NameRole::Defines(NameKind::Display),
        ..key(
            "name",
            T::Name,
            "Display name, unique in its list (deform timelines and `share` look meshes up by it). Up to 4.5 also the texture or armature name when `path` is absent.",
            "\"name\": \"parts/head\"",
        )
    },
    KeyDef {
        default: Some("\"image\""),
        ..key(
            "type",
            T::Enum(&DISPLAY_TYPE),
            "`image`, `armature`, `mesh`, `boundingBox` or `path` (or index 0–4). An unknown string acts as `image`; an unknown index drops the display.",
            "\"type\": \"mesh\"",
        )
    },
    KeyDef {
        since: V::V5_0,
        role: NameRole::Contextual,
        ..key(
            "path",
            T::Name,
            "Images and meshes: the `SubTexture` name in the atlas. Armature displays: the armature shown. Defaults to `name`.",
            "\"path\": \"parts/head\"",
        )
    },
    key(
        "transform",
        T::Object(O::Transform),
        "Offset of the display from the slot's bone.",
        "\"transform\": {\"x\": 4, \"y\": -10}",
    ),
    KeyDef {
        since: V::V4_5,
        ..key(
            "pivot",
            T::Object(O::Pivot),
            "Images: the registration point, 0–1 inside the texture.",
            "\"pivot\": {\"x\": 0.5, \"y\": 1}",
        )
    },
    KeyDef {
        since: V::V4_5,
        ..key(
            "actions",
            T::Actions,
            "Armature displays: actions replacing the child armature's `defaultActions`.",
            "\"actions\": [{\"gotoAndPlay\": \"walk\"}]",
        )
    },
    KeyDef {
        since: V::V5_0,
        default: Some("true"),
        ..key(
            "inheritAnimation",
            T::Bool,
            "Armature displays: whether the child follows the parent's animation (5.0).",
            "\"inheritAnimation\": true",
        )
    },
    KeyDef {
        since: V::V4_5,
        needed_if: &[Condition::Is(key::TYPE, MESH), Condition::Is(key::TYPE, PATH)],
        ..key(
            "vertices",
            T::Numbers,
            "Meshes, paths and polygon bounding boxes: the points `[x0, y0, x1, y1, …]`. Required for meshes and paths.",
            "\"vertices\": [-64, -64, 64, -64, 64, 64, -64, 64]",
        )
    },
    KeyDef {
        since: V::V4_5,
        ..key(
            "uvs",
            T::Numbers,
            "Meshes: texture coordinates `[u0, v0, …]`, 0–1, one pair per vertex (as many numbers as `vertices`).",
            "\"uvs\": [0, 0, 1, 0, 1, 1, 0, 1]",
        )
    },
    KeyDef {
        since: V::V4_5,
        items: Items { bounds: Some(Bounds::AtLeast(0.0)), ..Items::ANY },
        ..key("triangles", T::Ints, "Meshes: vertex indices, three per triangle.", "\"triangles\": [0, 1, 2, 2, 3, 0]")
    },
    KeyDef {
        since: V::V4_5,
        ..key(
            "weights",
            T::Numbers,
            "Skinned meshes and paths: per vertex `[n, bone, weight, …]` with n influences; bone = index into the armature's `bone` array. Needs `slotPose` and `bonePose`.",
            "\"weights\": [1, 0, 1, 2, 0, 0.5, 1, 0.5]",
        )
    },
    KeyDef {
        since: V::V4_5,
        needed_if: &[Condition::With(key::WEIGHTS)],
        items: Items { length: (6, Some(6)), bounds: None },
        ..key(
            "slotPose",
            T::Numbers,
            "Skinned meshes: the slot's bind matrix `[a, b, c, d, tx, ty]`.",
            "\"slotPose\": [1, 0, 0, 1, 0, 0]",
        )
    },
    KeyDef {
        since: V::V4_5,
        needed_if: &[Condition::With(key::WEIGHTS)],
        ..key(
            "bonePose",
            T::Numbers,
            "Skinned meshes: `[boneIndex, a, b, c, d, tx, ty]` for each bone in `weights`.",
            "\"bonePose\": [0, 1, 0, 0, 1, 0, 0]",
        )
    },
    KeyDef { since: V::V5_6, ..key("bones", T::Ints, "5.6 Tools weight form: raw bone indices.", "\"bones\": [0, 3]") },
    KeyDef {
        since: V::V5_0,
        role: NameRole::Refers(NameKind::Display),
        ..key(
            "share",
            T::Name,
            "Linked meshes: the name of the mesh (in skin `skin`) whose geometry this one reuses. Runtimes fail to link it (a known bug), leaving the mesh empty.",
            "\"share\": \"body_mesh\"",
        )
    },
    KeyDef {
        since: V::V5_0,
        default: Some("\"default\""),
        role: NameRole::Refers(NameKind::Skin),
        ..key("skin", T::Name, "Linked meshes: the skin of the shared mesh.", "\"skin\": \"default\"")
    },
    KeyDef {
        since: V::V5_5,
        default: Some("true"),
        ..key(
            "inheritDeform",
            T::Bool,
            "Linked meshes: whether the deform animation of the shared mesh applies.",
            "\"inheritDeform\": true",
        )
    },
    KeyDef {
        since: V::V5_0,
        default: Some("true"),
        ..key("inheritFFD", T::Bool, "5.0 name of `inheritDeform`.", "\"inheritFFD\": true")
    },
    KeyDef {
        since: V::V4_5,
        ignored: true,
        ..key("edges", T::Ints, "Meshes: hull edges, for the editor only.", "\"edges\": [0, 1, 1, 2, 2, 3, 3, 0]")
    },
    KeyDef {
        since: V::V4_5,
        ignored: true,
        ..key("userEdges", T::Ints, "Meshes: edges drawn by the user, for the editor only.", "\"userEdges\": [0, 2]")
    },
    KeyDef {
        since: V::V4_5,
        bounds: Some(Bounds::AtLeast(0.0)),
        ..num(
            "width",
            "0",
            "Bounding boxes (rectangle, ellipse): width in pixels. Meshes: texture width, for the editor only.",
            "\"width\": 100",
        )
    },
    KeyDef {
        since: V::V4_5,
        bounds: Some(Bounds::AtLeast(0.0)),
        ..num(
            "height",
            "0",
            "Bounding boxes (rectangle, ellipse): height in pixels. Meshes: texture height, for the editor only.",
            "\"height\": 100",
        )
    },
    KeyDef {
        since: V::V4_5,
        default: Some("\"rectangle\""),
        ..key(
            "subType",
            T::Enum(&BOUNDING_BOX_TYPE),
            "Bounding boxes: `rectangle`, `ellipse` or `polygon` (or index 0–2).",
            "\"subType\": \"polygon\"",
        )
    },
    KeyDef {
        since: V::V4_5,
        ..key("color", T::Int, "Bounding boxes: editor colour as 0xRRGGBB.", "\"color\": 16711680")
    },
    KeyDef {
        since: V::V5_5,
        needed_if: &[Condition::Is(key::TYPE, PATH)],
        ..key(
            "lengths",
            T::Numbers,
            "Paths: cumulative length of each curve, one per 3 vertices. Required for paths.",
            "\"lengths\": [120.5, 260]",
        )
    },
    KeyDef {
        since: V::V5_5,
        default: Some("false"),
        ..key("closed", T::Bool, "Paths: whether the path is closed.", "\"closed\": false")
    },
    KeyDef {
        since: V::V5_5,
        default: Some("false"),
        ..key("constantSpeed", T::Bool, "Paths: constant-speed parametrisation.", "\"constantSpeed\": true")
    },
    KeyDef {
        since: V::V5_5,
        ignored: true,
        ..key("vertexCount", T::Int, "Paths: number of vertices, informational.", "\"vertexCount\": 18")
    },
    KeyDef {
        since: V::V5_5,
        ignored: true,
        ..key("offset", T::Int, "Paths: a binary-export artefact (`-1`), ignored.", "\"offset\": -1")
    },
    KeyDef { ignored: true, ..key("filterType", T::Any, "Editor-only display filter.", "\"filterType\": null") },
    KeyDef {
        since: V::V5_5,
        ignored: true,
        ..key(
            "glueWeights",
            T::Any,
            "Experimental glue mesh data (DragonBonesJS 2017–2018), removed.",
            "\"glueWeights\": []",
        )
    },
    KeyDef {
        since: V::V5_5,
        ignored: true,
        ..key(
            "glueMeshes",
            T::Any,
            "Experimental glue mesh data (DragonBonesJS 2017–2018), removed.",
            "\"glueMeshes\": []",
        )
    },
    USER_DATA,
];

static PIVOT: &[KeyDef] = &[
    KeyDef { bounds: UNIT, ..num("x", "0", "Horizontal registration point, 0 (left) to 1 (right).", "\"x\": 0.5") },
    KeyDef { bounds: UNIT, ..num("y", "0", "Vertical registration point, 0 (top) to 1 (bottom).", "\"y\": 1") },
];

static IK: &[KeyDef] = &[
    KeyDef {
        role: NameRole::Defines(NameKind::Constraint),
        ..key(
            "name",
            T::Name,
            "Name of the constraint, unique among the armature's constraints; IK timelines refer to it.",
            "\"name\": \"leg_ik\"",
        )
    },
    KeyDef {
        required: true,
        or_in: Some(key::NAME),
        ..refers(
            "bone",
            NameKind::Bone,
            "The end bone rotated towards the target. Without a known bone the constraint is dropped (early 4.5 exports put it in `name`).",
            "\"bone\": \"calf_l\"",
        )
    },
    KeyDef {
        required: true,
        ..refers(
            "target",
            NameKind::Bone,
            "The bone to reach. Unknown ⇒ the constraint is dropped.",
            "\"target\": \"foot_l_ik\"",
        )
    },
    KeyDef {
        default: Some("true"),
        ..key("bendPositive", T::Bool, "Bend direction: true = clockwise.", "\"bendPositive\": false")
    },
    KeyDef {
        default: Some("0"),
        bounds: Some(Bounds::AtLeast(0.0)),
        ..key("chain", T::Int, "0: one-bone IK; 1: the bone and its parent (larger values act as 1).", "\"chain\": 1")
    },
    KeyDef { bounds: UNIT, ..num("weight", "1", "Mix of the constraint, 0–1.", "\"weight\": 1") },
    KeyDef {
        since: V::V5_6,
        default: Some("false"),
        ..key("scale", T::Bool, "Scale the bones to reach the target (DragonBonesJS 5.6).", "\"scale\": false")
    },
];

static PATH_CONSTRAINT: &[KeyDef] = &[
    KeyDef {
        role: NameRole::Defines(NameKind::Constraint),
        ..key("name", T::Name, "Name of the constraint, unique among the armature's constraints.", "\"name\": \"vine\"")
    },
    KeyDef {
        required: true,
        ..refers(
            "target",
            NameKind::Slot,
            "The slot whose default-skin display is the path.",
            "\"target\": \"vine_path\"",
        )
    },
    KeyDef {
        role: NameRole::Refers(NameKind::Display),
        ..key(
            "targetDisplay",
            T::Name,
            "The path display in the target slot; defaults to the slot's name.",
            "\"targetDisplay\": \"vine_path\"",
        )
    },
    KeyDef {
        required: true,
        role: NameRole::Refers(NameKind::Bone),
        items: Items { length: (1, None), bounds: None },
        ..key("bones", T::Strings, "The bones moved along the path.", "\"bones\": [\"vine1\", \"vine2\"]")
    },
    KeyDef {
        default: Some("\"percent\""),
        ..key("positionMode", T::Enum(&POSITION_MODE), "`percent` or `fixed`.", "\"positionMode\": \"percent\"")
    },
    KeyDef {
        default: Some("\"length\""),
        ..key("spacingMode", T::Enum(&SPACING_MODE), "`length`, `fixed` or `percent`.", "\"spacingMode\": \"length\"")
    },
    KeyDef {
        default: Some("\"tangent\""),
        ..key(
            "rotateMode",
            T::Enum(&ROTATE_MODE),
            "`tangent`, `chain` or `chainScale`.",
            "\"rotateMode\": \"chainScale\"",
        )
    },
    num("position", "0", "Position along the path.", "\"position\": 0"),
    num("spacing", "0", "Spacing between the bones.", "\"spacing\": 0"),
    num("rotateOffset", "0", "Rotation offset in degrees.", "\"rotateOffset\": 0"),
    KeyDef { bounds: UNIT, ..num("rotateMix", "1", "Rotation mix, 0–1.", "\"rotateMix\": 1") },
    KeyDef { bounds: UNIT, ..num("translateMix", "1", "Translation mix, 0–1.", "\"translateMix\": 1") },
];

static ATLAS: &[KeyDef] = &[
    KeyDef {
        role: NameRole::None,
        ..key(
            "name",
            T::Name,
            "Atlas name; by convention the `name` of the skeleton data it belongs to.",
            "\"name\": \"Dragon\"",
        )
    },
    key("imagePath", T::String, "The atlas image, relative to this file.", "\"imagePath\": \"Dragon_tex.png\""),
    KeyDef {
        bounds: Some(Bounds::AtLeast(0.0)),
        ..key("width", T::Int, "Width of the atlas image in pixels.", "\"width\": 1024")
    },
    KeyDef {
        bounds: Some(Bounds::AtLeast(0.0)),
        ..key("height", T::Int, "Height of the atlas image in pixels.", "\"height\": 512")
    },
    KeyDef {
        bounds: Some(Bounds::Positive),
        ..num("scale", "1", "The scale the atlas was exported at.", "\"scale\": 0.5")
    },
    KeyDef {
        ignored: true,
        ..key("format", T::String, "Pixel format hint, unused by the JSON parsers.", "\"format\": \"RGBA8888\"")
    },
    key(
        "SubTexture",
        T::Array(O::SubTexture),
        "The named regions of the image.",
        "\"SubTexture\": [{\"name\": \"parts/head\", \"x\": 0, \"y\": 0, \"width\": 64, \"height\": 64}]",
    ),
    USER_DATA,
];

static SUB_TEXTURE: &[KeyDef] = &[
    KeyDef {
        role: NameRole::Defines(NameKind::Texture),
        ..key(
            "name",
            T::Name,
            "Texture name, unique in the atlas; displays refer to it with `path` (or `name`). May contain folders (`parts/head`).",
            "\"name\": \"parts/head\"",
        )
    },
    num("x", "0", "Left edge of the region in the atlas image, in pixels.", "\"x\": 2"),
    num("y", "0", "Top edge of the region in the atlas image, in pixels.", "\"y\": 2"),
    KeyDef {
        bounds: Some(Bounds::AtLeast(0.0)),
        ..num("width", "0", "Width of the region, in pixels.", "\"width\": 64")
    },
    KeyDef {
        bounds: Some(Bounds::AtLeast(0.0)),
        ..num("height", "0", "Height of the region, in pixels.", "\"height\": 64")
    },
    KeyDef {
        default: Some("false"),
        ..key("rotated", T::Bool, "The region is stored rotated by 90°.", "\"rotated\": true")
    },
    num("frameX", "0", "Trimming: where the region sits in the untrimmed frame (≤ 0).", "\"frameX\": -3"),
    num("frameY", "0", "Trimming: where the region sits in the untrimmed frame (≤ 0).", "\"frameY\": -1"),
    num(
        "frameWidth",
        "0",
        "Trimming: width of the untrimmed frame (used when both frame sizes are > 0).",
        "\"frameWidth\": 70",
    ),
    num(
        "frameHeight",
        "0",
        "Trimming: height of the untrimmed frame (used when both frame sizes are > 0).",
        "\"frameHeight\": 66",
    ),
];
