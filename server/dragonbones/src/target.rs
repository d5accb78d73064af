//! The DragonBones target profiles: per runtime, what it reads, drops and draws differently, each
//! fact with where it was read in the runtime's source (`DragonBones/DragonBonesJS@64b6c69`,
//! `DragonBones/DragonBonesCPP@f696143`, `DragonBones/DragonBonesCSharp@ae37a0b`,
//! `cocos/cocos-engine@4c7a879` and `@v2.4.11`, `@cocos/dragonbones-js@1.0.1`,
//! `Daylily-Zeleen/Godot-DragonBones@b56d4b8`, `sanja-sa/gddragonbones@aec085a`,
//! `RafaelBarbosatec/dragonbones_flutter`). The rules ([`crate::rules::targets`]), the evaluation
//! ([`Eval`]), hovers, `rigls targets` and `docs/targets.md` all read this one table.

use super::schema::{Version, key};
use rigls_diagnostic::Target;
use rigls_diagnostic::target::Fact;

/// A value of a profile and where it was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sourced<T: 'static> {
    pub value: T,
    pub evidence: &'static [&'static str],
}

const fn sourced<T>(value: T, evidence: &'static [&'static str]) -> Sourced<T> {
    Sourced { value, evidence }
}

/// What a runtime does with colour transforms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// Multipliers and offsets.
    Full,
    /// Multipliers only: offsets are ignored.
    Multipliers,
}

/// Slot blend modes, as the ordinals of the schema's `blendMode` values (normal = 0, add = 1, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blend {
    /// The modes drawn as such (a bit per ordinal).
    pub drawn: u16,
    /// What the others look like.
    pub others: &'static str,
}

pub const NORMAL: u16 = 1 << 0;
pub const ADD: u16 = 1 << 1;
pub const ALPHA: u16 = 1 << 2;
pub const DARKEN: u16 = 1 << 3;
pub const DIFFERENCE: u16 = 1 << 4;
pub const ERASE: u16 = 1 << 5;
pub const HARDLIGHT: u16 = 1 << 6;
pub const INVERT: u16 = 1 << 7;
pub const LAYER: u16 = 1 << 8;
pub const LIGHTEN: u16 = 1 << 9;
pub const MULTIPLY: u16 = 1 << 10;
pub const OVERLAY: u16 = 1 << 11;
pub const SCREEN: u16 = 1 << 12;
pub const SUBTRACT: u16 = 1 << 13;
const ALL_MODES: u16 = (1 << 14) - 1;

/// A part of the data a runtime may not read or not apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// A `path` constraint of an armature.
    PathConstraint,
    /// A display of `"type": "path"`.
    PathDisplay,
    /// A bone of `"type": "surface"`.
    SurfaceBone,
    /// A 5.6 animation's typed `timeline` list (bone/slot alpha, z-index, surface, animation
    /// progress and weight timelines).
    TypedTimelines,
    /// 5.6 slot `zIndex`.
    ZIndex,
    /// 5.6 slot or bone `alpha`.
    Alpha,
    /// An animation's `ik` timelines (animated IK weight and bend).
    IkTimelines,
    /// 5.6 blend trees (`blendType`, and the animation progress, weight and parameter timelines).
    BlendTree,
    /// 5.6 slot z-index timelines (typed timeline 23).
    ZIndexTimeline,
    /// 5.6 slot and bone alpha timelines (typed timelines 24 and 60).
    AlphaTimeline,
}

impl Feature {
    /// For messages: what it is.
    pub fn label(self) -> &'static str {
        match self {
            Feature::PathConstraint => "path constraint",
            Feature::PathDisplay => "path display",
            Feature::SurfaceBone => "surface bone",
            Feature::TypedTimelines => "5.6 typed timeline",
            Feature::ZIndex => "slot `zIndex`",
            Feature::Alpha => "5.6 `alpha`",
            Feature::IkTimelines => "IK timeline",
            Feature::BlendTree => "5.6 blend tree",
            Feature::ZIndexTimeline => "5.6 z-index timeline",
            Feature::AlphaTimeline => "5.6 alpha timeline",
        }
    }
}

/// A feature a runtime drops, and what the user sees instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drop {
    pub feature: Feature,
    pub sees: &'static str,
    pub evidence: &'static [&'static str],
}

/// How a runtime evaluates poses, where it differs from DragonBonesJS 5.7 (the evaluator's own).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Eval {
    /// Path constraints are not applied.
    pub no_paths: bool,
    /// Surface bones are plain bones with their default transform.
    pub no_surfaces: bool,
    /// 5.6 typed timelines, slot `zIndex` and `alpha` are not read.
    pub no_56: bool,
    /// IK timelines: `None` as DragonBonesJS 5.7 (the key frame's own weight on tweened frames);
    /// `Some(true)` tweened between key frames (the C++ runtime); `Some(false)` not read.
    pub ik_timelines: Option<bool>,
    /// Playing an animation runs one more `advanceTime(0)` (an IK constraint on bones no
    /// timeline moves is applied twice).
    pub extra_advance: bool,
    /// Curve samples, `tweenEasing` and colour key frames truncated where JS rounds.
    pub truncates: bool,
    /// An animation of duration 0 lasts one frame.
    pub zero_duration_one_frame: bool,
    /// A display index past the slot's displays shows nothing (JS shows the last display).
    pub index_past_end_shows_nothing: bool,
    /// Each slot's deform timeline deforms that slot (DragonBonesJS 5.7 blends the deform
    /// timelines of every slot whose mesh has the same name into the first such slot's).
    pub deform_per_slot: bool,
    /// A play request's time, and the animation's duration it is compared with, are 32-bit
    /// floats (`gotoAndPlayByTime(…, float time, …)`): a time that rounds to the duration plays
    /// the animation's end, where one a little past it in 64 bits wraps to its start. So is the
    /// time a timeline finds its key frame from: one that rounds to a key frame arrives at it.
    pub float_time: bool,
    /// Numbers are read, and bones' transforms and matrices kept, as 32-bit floats (`float`):
    /// a value past ±3.4e38 is infinite, as is a product that overflows there.
    pub float_values: bool,
    /// Colour key frames share the `intArray` with the geometry (DragonBonesCPP 5.6), so a
    /// mesh's place there is not DragonBonesJS's, and a deform timeline, which keeps that place
    /// in 16 bits and reads it back unsigned, matches no mesh past 32,767.
    pub colours_in_int_array: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    pub target: Target,
    /// The data versions read: `version`, or else `compatibleVersion`, must be one of these.
    pub versions: Sourced<&'static [Version]>,
    /// Versions it accepts but reads with a parser for other data.
    pub misread: &'static [Version],
    /// Reads `.dbbin` binary data.
    pub binary: Sourced<bool>,
    pub blend: Sourced<Blend>,
    pub colour: Sourced<Colour>,
    /// The key an embedded texture atlas is read under.
    pub atlas_key: Sourced<&'static str>,
    pub drops: &'static [Drop],
    pub eval: Sourced<Eval>,
    /// Reads the JSON with rapidjson the C++ way: a byte-order mark or a syntax error leaves
    /// nothing read, the first of duplicate keys wins, whole-number keys written `24.0` or as
    /// strings read garbage (a debug build aborts), curves with explicit end points are read
    /// past their end.
    pub rapidjson: bool,
    /// Further facts, for `rigls targets` and `docs/targets.md`.
    pub notes: &'static [(&'static str, &'static str, &'static [&'static str])],
}

const JS_VERSIONS: &[Version] = &[Version::V4_0, Version::V4_5, Version::V5_0, Version::V5_5, Version::V5_6];
const CPP_VERSIONS: &[Version] = &[Version::V4_0, Version::V4_5, Version::V5_0, Version::V5_5];

const JS_CORE_VERSIONS: &[&str] =
    &["DragonBonesJS `parser/DataParser.ts:37-43`", "`parser/ObjectDataParser.ts:2297-2351`"];
const CPP_CORE_VERSIONS: &[&str] =
    &["DragonBonesCPP `parser/DataParser.cpp:13-19`", "`parser/JSONDataParser.cpp:1831-1958`"];

const CPP_DROPS: &[Drop] = &[
    Drop {
        feature: Feature::PathConstraint,
        sees: "the constraint is not applied: its bones keep their own transforms",
        evidence: &[
            "DragonBonesCPP `parser/JSONDataParser.cpp:148-339` (no `path`)",
            "`factory/BaseFactory.cpp:125-131`",
        ],
    },
    Drop {
        feature: Feature::PathDisplay,
        sees: "the path is read as an image display",
        evidence: &["DragonBonesCPP `parser/DataParser.cpp:189-207`", "`armature/Slot.cpp:144-157`"],
    },
    Drop {
        feature: Feature::SurfaceBone,
        sees: "the surface is a plain bone with the default transform: what hangs on it is posed through an identity bone",
        evidence: &["DragonBonesCPP `parser/JSONDataParser.cpp:341-357` (bone `type` ignored)"],
    },
    Drop {
        feature: Feature::TypedTimelines,
        sees: "the timeline is not read: what it animates stays still",
        evidence: &[
            "DragonBonesCPP `parser/JSONDataParser.cpp` (no `timeline` key; JS `ObjectDataParser.ts:994-1200`)",
        ],
    },
    Drop {
        feature: Feature::ZIndex,
        sees: "the slot is drawn in its list order",
        evidence: &["DragonBonesCPP `parser/JSONDataParser.cpp` (no `zIndex`; JS `ObjectDataParser.ts:597-598`)"],
    },
    Drop {
        feature: Feature::Alpha,
        sees: "the alpha is not applied",
        evidence: &["DragonBonesCPP `parser/JSONDataParser.cpp` (no `alpha`; JS `ObjectDataParser.ts:489, 597-598`)"],
    },
    Drop {
        feature: Feature::BlendTree,
        sees: "the blend tree is not evaluated",
        evidence: &["DragonBonesCPP `parser/JSONDataParser.cpp` (no `blendType`)"],
    },
];

/// Cocos Creator's JS core 5.6.300: path constraints and surfaces, but no 5.6 typed timelines.
const COCOS_WEB_DROPS: &[Drop] = &[
    Drop {
        feature: Feature::TypedTimelines,
        sees: "the timeline is not read: what it animates stays still",
        evidence: &["cocos-engine@v2.4.11 `extensions/dragonbones/lib/dragonBones.js` (no `DataParser.TIMELINE`)"],
    },
    Drop {
        feature: Feature::ZIndex,
        sees: "the slot is drawn in its list order",
        evidence: &["cocos-engine@v2.4.11 `extensions/dragonbones/lib/dragonBones.js` (no `zIndex`)"],
    },
    Drop {
        feature: Feature::Alpha,
        sees: "the alpha is not applied",
        evidence: &["cocos-engine@v2.4.11 `extensions/dragonbones/lib/dragonBones.js` (no `alpha`)"],
    },
    Drop {
        feature: Feature::BlendTree,
        sees: "the blend tree is not evaluated",
        evidence: &["cocos-engine@v2.4.11 `extensions/dragonbones/lib/dragonBones.js` (no `blendType`)"],
    },
];

const COCOS3_DROPS: &[Drop] = &[
    Drop {
        feature: Feature::PathConstraint,
        sees: "native builds (iOS, Android, desktop) run the C++ runtime, which does not apply it",
        evidence: &["cocos-engine `native/cocos/editor-support/dragonbones/parser/DataParser.cpp:5-19`"],
    },
    Drop {
        feature: Feature::SurfaceBone,
        sees: "native builds (iOS, Android, desktop) run the C++ runtime, where it is a plain bone",
        evidence: &["cocos-engine `native/cocos/editor-support/dragonbones/parser/DataParser.cpp:5-19`"],
    },
    Drop {
        feature: Feature::TypedTimelines,
        sees: "the timeline is not read: what it animates stays still",
        evidence: &["`@cocos/dragonbones-js@1.0.1/out/dragonBones.js` (no `timeline` key)"],
    },
    Drop {
        feature: Feature::ZIndex,
        sees: "the slot is drawn in its list order",
        evidence: &["`@cocos/dragonbones-js@1.0.1/out/dragonBones.js` (no `zIndex`)"],
    },
    Drop {
        feature: Feature::Alpha,
        sees: "the alpha is not applied",
        evidence: &["`@cocos/dragonbones-js@1.0.1/out/dragonBones.js` (no `alpha`)"],
    },
    Drop {
        feature: Feature::BlendTree,
        sees: "the blend tree is not evaluated",
        evidence: &["`@cocos/dragonbones-js@1.0.1/out/dragonBones.js` (no `blendType`)"],
    },
];

const FLUTTER_DROPS: &[Drop] = &[
    Drop {
        feature: Feature::IkTimelines,
        sees: "IK is static: the animated weight and bend are ignored",
        evidence: &["dragonbones_flutter `docs/limitations.mdx` @48896d0"],
    },
    Drop {
        feature: Feature::PathConstraint,
        sees: "the constraint is parsed but never built: its bones keep their own transforms",
        evidence: &["dragonbones_flutter `docs/limitations.mdx` @48896d0"],
    },
    Drop {
        feature: Feature::SurfaceBone,
        sees: "the surface behaves as a plain bone",
        evidence: &["dragonbones_flutter `docs/limitations.mdx` @48896d0"],
    },
    Drop {
        feature: Feature::ZIndexTimeline,
        sees: "not ported: the draw order does not change",
        evidence: &["dragonbones_flutter `docs/limitations.mdx` @48896d0"],
    },
    Drop {
        feature: Feature::AlphaTimeline,
        sees: "not ported: the alpha does not change (colour key frames' alpha does)",
        evidence: &["dragonbones_flutter `docs/limitations.mdx` @48896d0"],
    },
    Drop {
        feature: Feature::BlendTree,
        sees: "the blend tree is not evaluated",
        evidence: &["dragonbones_flutter `docs/limitations.mdx` @48896d0"],
    },
];

const CPP_EVAL: Eval = Eval {
    no_paths: true,
    no_surfaces: true,
    no_56: true,
    ik_timelines: Some(true),
    extra_advance: true,
    truncates: true,
    zero_duration_one_frame: true,
    index_past_end_shows_nothing: true,
    deform_per_slot: true,
    float_time: true,
    float_values: true,
    colours_in_int_array: true,
};

/// Every DragonBones profile, in [`Target::ALL`] order.
pub static PROFILES: &[Profile] = &[
    Profile {
        target: Target::DragonBonesJs,
        versions: sourced(JS_VERSIONS, JS_CORE_VERSIONS),
        misread: &[],
        binary: sourced(true, &["DragonBonesJS `factory/BaseFactory.ts:354`", "`parser/BinaryDataParser.ts:367-417`"]),
        blend: sourced(
            Blend {
                drawn: NORMAL | ADD | DARKEN | DIFFERENCE | HARDLIGHT | LIGHTEN | MULTIPLY | OVERLAY | SCREEN,
                others: "Pixi keeps the previous mode (initially normal) and sets modes on images only, so meshes are drawn normal; Three.js draws every mode but normal additive",
            },
            &[
                "DragonBonesJS `Pixi/4.x/src/dragonBones/pixi/PixiSlot.ts:104-148`",
                "`Phaser/3.x/src/dragonBones/phaser/display/Slot.ts:69-104`",
                "`ThreeJS/Current/src/dragonBones/three/ThreeSlot.ts:128-190`",
            ],
        ),
        colour: sourced(
            Colour::Multipliers,
            &[
                "DragonBonesJS `Pixi/4.x/src/dragonBones/pixi/PixiSlot.ts:150-159` (tint and alpha)",
                "`ThreeSlot.ts:191-223`",
            ],
        ),
        atlas_key: sourced(key::TEXTURE_ATLAS, &["DragonBonesJS `parser/DataParser.ts:45`"]),
        drops: &[],
        eval: sourced(
            Eval::DEFAULT,
            &[
                "DragonBonesJS `DragonBones/src/dragonBones/` (rigls's own evaluator, docs/formats/dragonbones-evaluation.md)",
            ],
        ),
        rapidjson: false,
        notes: &[
            (
                "Meshes",
                "drawn by the Pixi, Phaser 3 and Three.js adapters (not by the Phaser 2 and Hilo ones)",
                &[
                    "DragonBonesJS `Phaser/3.x/src/dragonBones/phaser/Factory.ts:12-14`",
                    "`Phaser/2.x/src/dragonBones/phaser/PhaserFactory.ts:78-82`",
                ],
            ),
            (
                "Colour (Phaser 3)",
                "alpha = global × aM + aO and tint = 255·m + offset per channel, unclamped",
                &["DragonBonesJS `Phaser/3.x/src/dragonBones/phaser/display/Slot.ts:106-119`"],
            ),
        ],
    },
    Profile {
        target: Target::Egret,
        versions: sourced(JS_VERSIONS, JS_CORE_VERSIONS),
        misread: &[],
        binary: sourced(true, &["DragonBonesJS `factory/BaseFactory.ts:354`"]),
        blend: sourced(
            Blend { drawn: NORMAL | ADD | ERASE, others: "the previous mode is kept (initially normal)" },
            &["DragonBonesJS `Egret/4.x/src/dragonBones/egret/EgretSlot.ts:186-208`"],
        ),
        colour: sourced(
            Colour::Full,
            &["DragonBonesJS `Egret/4.x/src/dragonBones/egret/EgretSlot.ts:210-241` (a ColorMatrixFilter)"],
        ),
        atlas_key: sourced(key::TEXTURE_ATLAS, &["DragonBonesJS `parser/DataParser.ts:45`"]),
        drops: &[],
        eval: sourced(Eval::DEFAULT, &["DragonBonesJS `Egret/4.x/out/dragonBones.js` (the 5.7 core)"]),
        rapidjson: false,
        notes: &[(
            "Meshes",
            "drawn with `renderMode` \"webgl\" only: in canvas mode Egret logs \"Canvas can not support mesh\" and draws the mesh's texture region as an undeformed image",
            &[
                "DragonBonesJS `Egret/4.x/src/dragonBones/egret/EgretFactory.ts:87-95`",
                "`factory/BaseFactory.ts:278-283`",
            ],
        )],
    },
    Profile {
        target: Target::CocosCreator2,
        versions: sourced(
            CPP_VERSIONS,
            &["cocos-engine@v2.4.11 `extensions/dragonbones/lib/dragonBones.js:11561-11567, 13413-13415`"],
        ),
        misread: &[],
        binary: sourced(true, &["cocos-engine@v2.4.11 `extensions/dragonbones/DragonBonesAsset.js:65-72, 103-112`"]),
        blend: sourced(
            Blend { drawn: NORMAL | ADD | MULTIPLY | SCREEN, others: "drawn normal" },
            &["cocos-engine@v2.4.11 `extensions/dragonbones/webgl-assembler.js:49-70`"],
        ),
        colour: sourced(
            Colour::Multipliers,
            &["cocos-engine@v2.4.11 `extensions/dragonbones/CCSlot.js` (`_updateColor`)"],
        ),
        atlas_key: sourced(
            key::TEXTURE_ATLAS,
            &["cocos-engine@v2.4.11 `extensions/dragonbones/lib/dragonBones.js:11568`"],
        ),
        drops: COCOS_WEB_DROPS,
        eval: sourced(
            Eval { ik_timelines: Some(true), extra_advance: true, no_56: true, ..Eval::DEFAULT },
            &[
                "cocos-engine@v2.4.11 `extensions/dragonbones/lib/dragonBones.js:11084-11090, 8053` (DragonBonesJS 5.6.300)",
            ],
        ),
        rapidjson: false,
        notes: &[(
            "Core",
            "a bundled DragonBonesJS 5.6.300 (`yDown = false`)",
            &["cocos-engine@v2.4.11 `extensions/dragonbones/lib/dragonBones.js:99-100`"],
        )],
    },
    Profile {
        target: Target::CocosCreator3,
        versions: sourced(
            CPP_VERSIONS,
            &[
                "`@cocos/dragonbones-js@1.0.1/out/dragonBones.js:11529-11535`",
                "cocos-engine `native/cocos/editor-support/dragonbones/parser/DataParser.cpp:13-17`",
            ],
        ),
        misread: &[],
        binary: sourced(true, &["cocos-engine `cocos/dragon-bones/DragonBonesAsset.ts:105-127`"]),
        blend: sourced(
            Blend { drawn: NORMAL | ADD | MULTIPLY | SCREEN, others: "drawn normal" },
            &[
                "cocos-engine `cocos/dragon-bones/assembler/simple.ts:59-87`",
                "`native/cocos/editor-support/dragonbones-creator-support/CCArmatureDisplay.cpp:246-254`",
            ],
        ),
        colour: sourced(
            Colour::Multipliers,
            &["cocos-engine `cocos/dragon-bones/CCSlot.ts` (`_updateColor`)", "native `CCSlot.cpp:448-453`"],
        ),
        atlas_key: sourced(
            "textureAtlas",
            &[
                "`@cocos/dragonbones-js@1.0.1/out/dragonBones.js:11536` (native builds: `\"TextureAtlas\"`, `DataParser.cpp:19`)",
            ],
        ),
        drops: COCOS3_DROPS,
        eval: sourced(
            Eval { ik_timelines: Some(true), extra_advance: true, no_56: true, ..Eval::DEFAULT },
            &["`@cocos/dragonbones-js@1.0.1/out/dragonBones.js:11054-11063, 8026`"],
        ),
        rapidjson: false,
        notes: &[(
            "Core",
            "web: `@cocos/dragonbones-js` (DragonBonesJS 5.6.300); native builds: the C++ runtime, as dragonbones-cpp",
            &[
                "cocos-engine `package-lock.json:2596-2599`",
                "`native/cocos/editor-support/dragonbones/core/DragonBones.h:37-40`",
            ],
        )],
    },
    Profile {
        target: Target::DragonBonesCpp,
        versions: sourced(CPP_VERSIONS, CPP_CORE_VERSIONS),
        misread: &[],
        binary: sourced(
            true,
            &[
                "DragonBonesCPP `factory/BaseFactory.cpp:309-321`",
                "`Cocos2DX_3.x/src/dragonBones/cocos2dx/CCFactory.cpp:132-151`",
            ],
        ),
        blend: sourced(
            Blend {
                drawn: NORMAL | ADD,
                others: "cocos2d-x keeps the current blend function (normal is never restored after add); SFML also draws multiply, others normal",
            },
            &[
                "DragonBonesCPP `Cocos2DX_3.x/src/dragonBones/cocos2dx/CCSlot.cpp:410-448`",
                "`SFML/src/dragonBones/SFMLSlot.cpp:23-53`",
            ],
        ),
        colour: sourced(
            Colour::Multipliers,
            &[
                "DragonBonesCPP `Cocos2DX_3.x/src/dragonBones/cocos2dx/CCSlot.cpp:450-460`",
                "`SFML/src/dragonBones/SFMLSlot.cpp:55-68`",
            ],
        ),
        atlas_key: sourced(
            "TextureAtlas",
            &["DragonBonesCPP `parser/DataParser.cpp:21`", "`parser/JSONDataParser.cpp:1941-1944, 2014`"],
        ),
        drops: CPP_DROPS,
        eval: sourced(
            CPP_EVAL,
            &[
                "DragonBonesCPP `animation/Animation.cpp:293-299, 379-382`",
                "`animation/TimelineState.cpp:981-1033`",
                "`animation/BaseTimelineState.cpp:172`",
                "`parser/JSONDataParser.cpp:5-62, 681-708, 819, 1239, 1245-1278, 1620-1641`",
                "`geom/Matrix.h:211-256`",
                "`armature/Slot.cpp:415-438`",
                "`animation/AnimationState.cpp` (`_updateTimelines`: one `SlotFFDTimelineState` per slot)",
            ],
        ),
        rapidjson: true,
        notes: &[
            (
                "Load failures",
                "crashes on a slot without a valid parent, a mesh without `uvs`, weights without `slotPose`/`bonePose`, bone indices past the bones, malformed `zOrder` frames, negative durations, an armature showing itself; hangs on bone and IK cycles and on `weights` shorter than the vertices; a debug build aborts on a rejected version or one that is true, false, a list or an object (even beside a `compatibleVersion` it reads), a wrongly typed number, a duplicate name, a polygon without `vertices` or with an odd number of them (read two at a time past the array), an armature display in an armature's first skin naming no armature of the file (the displays of other skins are not built), a `curve` of other than 4, 10, 16… numbers (one written with its end points is read past its end); crashes drawing a mesh of 32,768 to 65,535 vertices (its 16-bit vertex count reads negative)",
                &[
                    "DragonBonesCPP `armature/Slot.cpp:525`",
                    "`parser/JSONDataParser.cpp:605-627`",
                    "`parser/JSONDataParser.cpp:608, 637-698, 757-773, 1318-1348`",
                    "`model/ArmatureData.cpp:94-130, 186-251`",
                    "`factory/BaseFactory.cpp:134-191, 448-455`",
                    "`core/DragonBones.h:35-39`",
                    "`parser/JSONDataParser.cpp:23-62`",
                ],
            ),
            (
                "Numbers",
                "float keys written as strings are ignored; integer keys written `24.0`, negative, as strings or past their 32-bit range (`int` for frame rates, display indices and colours, `unsigned` for durations, play times, IK chains and deform key frames' `offset`) read 0, 4294967295, the string's length or the value's low 32 bits in a release build (a debug build aborts); so are the elements of `triangles`, `bonePose`'s bone indices, `zOrder` frames and actions' `ints`; a number written as a string in a mesh's `vertices` or `uvs`, a polygon's or a deform key frame's `vertices` or a `curve` (read with `GetDouble`) aborts a debug build too, though DragonBonesJS converts it; a boolean written as a number (`inheritScale`, `inheritRotation`, `inheritTranslation`, `inheritReflection`, `inheritDeform`, `bendPositive`, an IK constraint's `scale`) is read with `GetInt`, so `1.0`, 1.5 or 2^32 abort a debug build",
                &[
                    "DragonBonesCPP `parser/JSONDataParser.h:26-104`",
                    "`parser/JSONDataParser.cpp:30-43, 630-631, 770-771, 1606-1614`",
                ],
            ),
            (
                "Atlases",
                "`width` and `height` are read as unsigned integers (`1024.0`, -1, `\"1024\"` or null abort a debug build); `name`, `imagePath`, `format` and a texture's `name` as strings, where a number reads as its text and null, true, a list or an object abort; a number `rotated` as an `int` (1.5 aborts); a texture name given twice aborts (\"Same texture\")",
                &["DragonBonesCPP `parser/JSONDataParser.cpp:1961-1998`", "`model/TextureAtlasData.cpp:47-57`"],
            ),
            (
                "Binary headers",
                "the root `offset` (its even places), an animation's `offset`, `action` and `zOrder`, and a mesh's `offset` are read as unsigned integers (`0.0`, -1 or null abort a debug build); an animation's `bone`, `slot` and `constraint` as objects, and the list of each name the armature has as [type, offset] pairs of integers (null, a list where an object belongs, an odd length abort); lists under other names are not read; a mesh's weights past `intArray[32767]` (their offset stored negative) are read as none, and the mesh follows no bone; a key frame at a negative position is never reached (positions are `size_t`s); a slot deform timeline of a mesh with no vertex (or no influence) crashes it, written through a null pointer",
                &[
                    "DragonBonesCPP `parser/BinaryDataParser.cpp:56-60, 94-210`",
                    "`animation/TimelineState.cpp:886-960`",
                ],
            ),
            (
                "Duplicate keys",
                "the first is read (JavaScript reads the last)",
                &["rapidjson `FindMember`", "DragonBonesCPP `parser/JSONDataParser.h:26-104`"],
            ),
            (
                "JSON",
                "a UTF-8 byte order mark or any syntax error makes the file unreadable (the parse result is not checked)",
                &["DragonBonesCPP `parser/JSONDataParser.cpp:2004-2007`"],
            ),
            (
                "Poses checked",
                "`rigls pose --target dragonbones-cpp` was compared with DragonBonesCPP itself, its core and rapidjson compiled headless with `g++ -O1` (`parseDragonBonesData`, `buildArmature`, `gotoAndPlayByTime(animation, time, 1)`, `advanceTime(0)`; every bone's `globalTransformMatrix` and every shown mesh's vertices), on the 20 real exports it loads (a 5.6 one with `compatibleVersion` 5.5 among them) and 11 of rigls's fixtures: 1188 poses, the setup pose and up to six times of each animation. Largest differences: 6.1e-6 in a bone matrix's a–d, 1.3e-3 px in its translation and in a vertex, from the runtime's `float` arithmetic; none in the display shown. Before the IK timing, the IK timeline weights, the truncated curves and easings, the deforms per slot and the display index past the end were modelled: 0.48, 14.5 px and 141 px",
                &["DragonBonesCPP `f696143`", "`server/ide/tests/it/dragonbones_cpp_poses.rs`"],
            ),
        ],
    },
    Profile {
        target: Target::Godot,
        versions: sourced(
            CPP_VERSIONS,
            &[
                "Godot-DragonBones `thirdparty/dragonBones/parser/DataParser.cpp:7-19`",
                "gddragonbones `src/dragonBones/parser/DataParser.cpp:13-19`",
            ],
        ),
        misread: &[],
        binary: sourced(
            true,
            &[
                "Godot-DragonBones `src/factory.cpp:424`",
                "gddragonbones `gddragonbones/register_types.cpp:42-48, 67-91`",
            ],
        ),
        blend: sourced(
            Blend {
                drawn: NORMAL | ADD | MULTIPLY | SUBTRACT,
                others: "drawn as Mix (normal), with an \"Unsupported DragonBones BlendMode\" error in Godot 4",
            },
            &["Godot-DragonBones `src/slot.cpp:65-91`", "gddragonbones `src/GDSlot.cpp:33-68`"],
        ),
        colour: sourced(
            Colour::Multipliers,
            &["Godot-DragonBones `src/slot.cpp:93-97`", "gddragonbones `src/GDSlot.cpp:81-103`"],
        ),
        atlas_key: sourced(
            "TextureAtlas",
            &["Godot-DragonBones `thirdparty/dragonBones/parser/DataParser.cpp` (as DragonBonesCPP)"],
        ),
        drops: CPP_DROPS,
        eval: sourced(CPP_EVAL, &["Godot-DragonBones `thirdparty/dragonBones/` (DragonBonesCPP 5.5)"]),
        rapidjson: true,
        notes: &[(
            "Core",
            "both plugins embed DragonBonesCPP 5.5: its load failures apply",
            &["Godot-DragonBones `thirdparty/dragonBones/`", "gddragonbones `gddragonbones/src/dragonBones/`"],
        )],
    },
    Profile {
        target: Target::Unity,
        versions: sourced(
            CPP_VERSIONS,
            &[
                "DragonBonesCSharp `DragonBones/src/DragonBones/parser/DataParser.cs:31-46`",
                "`parser/ObjectDataParser.cs:2097-2101`",
            ],
        ),
        misread: &[Version::V2_3, Version::V3_0],
        binary: sourced(
            false,
            &[
                "DragonBonesCSharp `Unity/src/DragonBones/Scripts/unity/UnityFactory.cs:712-720` (the binary parser is chosen only for a text equal to \"DBDT\")",
            ],
        ),
        blend: sourced(
            Blend {
                drawn: NORMAL | ADD,
                others: "drawn additive: one grab-pass shader adds the colours for every mode but normal",
            },
            &[
                "DragonBonesCSharp `Unity/src/DragonBones/Scripts/unity/UnityTextureAtlasData.cs:119-148`",
                "`Unity/src/DragonBones/Resources/Shaders/DB_BlendMode_Grab.shader:87-90`",
            ],
        ),
        colour: sourced(
            Colour::Multipliers,
            &["DragonBonesCSharp `Unity/src/DragonBones/Scripts/unity/UnitySlot.cs:425-455`"],
        ),
        atlas_key: sourced(key::TEXTURE_ATLAS, &["DragonBonesCSharp `parser/DataParser.cs:48`"]),
        drops: CPP_DROPS,
        eval: sourced(
            CPP_EVAL,
            &["DragonBonesCSharp `animation/TimelineState.cs:1110` (a port of the C++ 5.5 core; not run)"],
        ),
        rapidjson: false,
        notes: &[],
    },
    Profile {
        target: Target::Flutter,
        versions: sourced(
            JS_VERSIONS,
            &[
                "dragonbones_flutter `packages/dragonbones/lib/src/parser/object_data_parser.dart` (`DATA_VERSIONS`) @0de7e77",
            ],
        ),
        misread: &[],
        binary: sourced(false, &["dragonbones_flutter `docs/limitations.mdx` @48896d0"]),
        blend: sourced(
            Blend { drawn: ALL_MODES, others: "alpha, erase, invert, layer and subtract are approximated" },
            &["dragonbones_flutter `packages/dragonbones_flutter/lib/src/player.dart` (`_blendMode`) @48896d0"],
        ),
        colour: sourced(
            Colour::Full,
            &["dragonbones_flutter `packages/dragonbones_flutter/lib/src/player.dart` (`_colorFilter`) @48896d0"],
        ),
        atlas_key: sourced(key::TEXTURE_ATLAS, &["dragonbones_flutter `object_data_parser.dart` (`TEXTURE_ATLAS`)"]),
        drops: FLUTTER_DROPS,
        eval: sourced(
            Eval { no_paths: true, no_surfaces: true, ik_timelines: Some(false), ..Eval::DEFAULT },
            &["dragonbones_flutter `docs/limitations.mdx` @48896d0"],
        ),
        rapidjson: false,
        notes: &[
            (
                "Child armatures",
                "flattened with the parent slot's matrix",
                &["dragonbones_flutter `docs/limitations.mdx` @48896d0"],
            ),
            (
                "Events",
                "dispatched by later versions only (not by 0.1.x)",
                &["dragonbones_flutter `packages/dragonbones/CHANGELOG.md` @3371636"],
            ),
        ],
    },
];

impl Eval {
    /// DragonBonesJS 5.7, as rigls evaluates.
    pub const DEFAULT: Eval = Eval {
        no_paths: false,
        no_surfaces: false,
        no_56: false,
        ik_timelines: None,
        extra_advance: false,
        truncates: false,
        zero_duration_one_frame: false,
        index_past_end_shows_nothing: false,
        deform_per_slot: false,
        float_time: false,
        float_values: false,
        colours_in_int_array: false,
    };
}

/// The profile of a DragonBones target (`None` for a target of another format).
pub fn profile(target: Target) -> Option<&'static Profile> {
    PROFILES.iter().find(|p| p.target == target)
}

/// The blend modes in `mask`, by name.
pub fn mode_names(mask: u16) -> Vec<&'static str> {
    super::schema::BLEND_MODE
        .values
        .iter()
        .enumerate()
        .filter(|&(i, _)| mask & (1 << i) != 0)
        .filter_map(|(_, v)| *v)
        .collect()
}

fn versions(list: &[Version]) -> String {
    list.iter().map(|v| v.as_str()).collect::<Vec<_>>().join(", ")
}

impl Profile {
    /// Whether the runtime reads data of `version` (or, failing that, `compatible`).
    pub fn reads(&self, version: Option<&str>, compatible: Option<&str>) -> bool {
        let known = |v: Option<&str>| {
            v.and_then(Version::parse).is_some_and(|v| self.versions.value.contains(&v) || self.misread.contains(&v))
        };
        known(version) || known(compatible)
    }

    /// What the runtime drops of `feature`, if it does.
    pub fn drop_of(&self, feature: Feature) -> Option<&'static Drop> {
        self.drops.iter().find(|d| d.feature == feature)
    }

    /// The profile as facts, for `rigls targets` and `docs/targets.md`.
    pub fn facts(&self) -> Vec<Fact> {
        let fact = |aspect: &'static str, text: String, evidence: &'static [&'static str]| Fact {
            aspect,
            text,
            evidence: evidence.to_vec(),
        };
        let mut out = Vec::new();
        let mut read = format!("{} (`version`, else `compatibleVersion`)", versions(self.versions.value));
        if !self.misread.is_empty() {
            read.push_str(&format!("; {} accepted but read as 5.x data (misread)", versions(self.misread)));
        }
        out.push(fact("Data versions", read, self.versions.evidence));
        let binary = if self.binary.value { "read" } else { "not read" };
        out.push(fact("Binary (`.dbbin`)", binary.to_owned(), self.binary.evidence));
        let drawn = mode_names(self.blend.value.drawn);
        let blend = if self.blend.value.drawn == ALL_MODES {
            format!("all; {}", self.blend.value.others)
        } else {
            format!("{}; others: {}", drawn.join(", "), self.blend.value.others)
        };
        out.push(fact("Blend modes", blend, self.blend.evidence));
        let colour = match self.colour.value {
            Colour::Full => "multipliers and offsets",
            Colour::Multipliers => "multipliers only: offsets (`aO`, `rO`, `gO`, `bO`) are ignored",
        };
        out.push(fact("Colour", colour.to_owned(), self.colour.evidence));
        out.push(fact("Embedded atlas key", format!("`\"{}\"`", self.atlas_key.value), self.atlas_key.evidence));
        for d in self.drops {
            out.push(fact("Dropped", format!("{}: {}", d.feature.label(), d.sees), d.evidence));
        }
        let e = self.eval.value;
        let mut poses = Vec::new();
        if e.ik_timelines == Some(true) {
            poses.push("IK timelines tweened between key frames");
        }
        if e.extra_advance {
            poses.push(
                "one more `advanceTime(0)` when an animation starts (IK on bones no timeline moves applied twice)",
            );
        }
        if e.truncates {
            poses.push("curve samples, `tweenEasing` and colour key frames truncated where DragonBonesJS rounds");
        }
        if e.zero_duration_one_frame {
            poses.push("an animation of duration 0 lasts one frame");
        }
        if e.index_past_end_shows_nothing {
            poses.push("a display index past the displays shows nothing");
        }
        if e.deform_per_slot {
            poses.push("each slot's deform timeline deforms its own mesh (DragonBonesJS 5.7 deforms only the first of the slots whose meshes share a name)");
        }
        if e.float_time {
            poses.push("a play request's time is compared with the animation's duration, and a timeline's key frame found, in 32-bit floats (a time that rounds to the duration plays the end, one that rounds to a key frame shows it)");
        }
        if e.colours_in_int_array {
            poses.push("colour key frames stored in the `intArray` beside the meshes, and a deform timeline's mesh found by its place there read back unsigned: a deform of a mesh past `intArray[32767]` is never applied (DragonBonesJS: past 65,535)");
        }
        if e.float_values {
            poses.push("numbers read, angles turned into radians, and bones' transforms and matrices kept, as 32-bit floats (a value past ±3.4e38 is infinite); a value stored in 16 bits keeps the low 16 bits of its 32-bit integer, as the compiled runtime converts it; a weighted mesh of 4.x data moved through its `slotPose` and each bone's inverted `bonePose` in 32-bit floats (the C++ core's inverse has no case for a singular matrix: the vertices are then NaN, where DragonBonesJS and the C# port invert it to the identity), meshes skinned in 32-bit floats, and a matrix times its parent's (a slot's, an inheriting bone's) and a mesh's vertices moved by its slot in `float` arithmetic, each product and sum rounded (turns that cancel leave exactly 0, where 64 bits leave 1e-10 for a huge deform to multiply)");
        }
        let poses = if poses.is_empty() { "as DragonBonesJS 5.7".to_owned() } else { poses.join("; ") };
        out.push(fact("Poses", poses, self.eval.evidence));
        for &(aspect, text, evidence) in self.notes {
            out.push(fact(aspect, text.to_owned(), evidence));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_dragonbones_target_has_one_profile_in_order() {
        let targets: Vec<Target> = PROFILES.iter().map(|p| p.target).collect();
        let expected: Vec<Target> = Target::of_format(rigls_diagnostic::FileFormat::DragonBones).collect();
        assert_eq!(targets, expected);
        for p in PROFILES {
            for f in p.facts() {
                assert!(!f.evidence.is_empty(), "{}: {} cites nothing", p.target, f.aspect);
            }
        }
    }

    #[test]
    fn version_gates() {
        let cpp = profile(Target::DragonBonesCpp).unwrap();
        assert!(!cpp.reads(Some("5.6"), None));
        assert!(cpp.reads(Some("5.6"), Some("5.5")));
        assert!(profile(Target::DragonBonesJs).unwrap().reads(Some("5.6"), None));
        assert!(profile(Target::Unity).unwrap().reads(Some("2.3"), None));
        assert!(!cpp.reads(Some("2.3"), None));
    }
}
