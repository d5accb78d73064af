//! The rule catalogue: one entry per [`Code`] (an exhaustive match, so a code cannot lack one),
//! and the [`case`]s rules report with another severity than their code's. `rigls rules`,
//! `docs/rules.md` and the editors' settings are generated or checked from here.

use super::Severity;
use super::code::{Case, Code, FileFormat, Rule};

/// The cases rules report with another severity than their code's, each listed under its code.
/// All are DragonBones cases that runtimes tolerate: per `shared/spec/dragonbones.md` §11 they
/// render wrongly or trouble only some runtimes, so they are warnings.
pub mod case {
    use super::{Case, Code, FileFormat, Severity};

    const fn warning(code: Code, when: &'static str) -> Case {
        Case { code, format: FileFormat::DragonBones, severity: Severity::Warning, when }
    }

    pub const MESH_VERTICES_ODD: Case = warning(
        Code::Arity,
        "A mesh's or path's `vertices` has an odd number of values: runtimes ignore the last one.",
    );
    pub const TRIANGLES_NOT_IN_THREES: Case =
        warning(Code::Arity, "A mesh's `triangles` is not a multiple of 3: runtimes drop the incomplete triangle.");
    pub const POLYGON_VERTICES: Case = warning(
        Code::Arity,
        "A polygon bounding box's `vertices` are not x, y pairs of at least 3 points: only hit tests against it go wrong.",
    );
    pub const CURVE_LENGTH: Case =
        warning(Code::Arity, "A key frame's `curve` has not 4 + 6k (or 8 + 6k) numbers: runtimes flatten the easing.");
    pub const PATH_LENGTHS: Case = warning(
        Code::CountMismatch,
        "A path display's `lengths` has not one length per curve (3 vertices): positions along the path are measured wrongly.",
    );
    pub const MESH_UVS: Case =
        warning(Code::CountMismatch, "A mesh's `uvs` has not one u, v pair per vertex: the texture is mapped wrongly.");
    pub const SURFACE_VERTICES: Case = warning(
        Code::CountMismatch,
        "A surface bone's `vertices` does not match its segments: runtimes pad the lattice with 0 or cut it.",
    );
    pub const TRIANGLE_INDEX: Case = warning(
        Code::IndexOutOfRange,
        "A `triangles` index past the mesh's vertices: that triangle renders wrongly; the file loads.",
    );
    pub const DEFORM_PAST_MESH: Case = warning(
        Code::IndexOutOfRange,
        "A deform key frame whose `offset` and deltas reach past its mesh's vertices: runtimes ignore the deltas beyond.",
    );
    pub const DISPLAY_INDEX: Case = warning(
        Code::IndexOutOfRange,
        "A slot's `displayIndex` or a display key frame past the slot's displays: runtimes show the last display.",
    );
    pub const POLYGON_WITHOUT_VERTICES: Case = warning(
        Code::MissingKey,
        "A polygon bounding box without `vertices`: runtimes warn `Data error` and use an empty polygon.",
    );
    pub const IK_BONE_IN_NAME: Case = warning(
        Code::MissingKey,
        "An IK constraint of 5.0 or later data without `bone` whose `name` names a bone: current runtimes drop it, those of 5.0 used the name.",
    );
    pub const VERSION_AS_NUMBER: Case = warning(
        Code::InvalidValue,
        "`version` written as a number in 4.0 or later data: DragonBonesJS reads it; the C++ runtime expects a string.",
    );
    pub const NUMBER_AS_STRING: Case = warning(
        Code::InvalidValue,
        "A number written as a string: DragonBonesJS converts it, the C++ runtime asserts.",
    );
    pub const EASING_STRING: Case = warning(
        Code::InvalidValue,
        "An easing written as a string other than `\"NaN\"`: runtimes read it as 0 (linear).",
    );
    pub const FRACTION: Case = warning(
        Code::InvalidValue,
        "A fraction where a whole number belongs: DragonBonesJS reads it, the C++ runtime asserts.",
    );
    pub const BOOLEAN_SPELLING: Case = warning(
        Code::InvalidValue,
        "A number or string where `true` or `false` belongs (not `0`, `1`, `\"true\"` or `\"false\"`): runtimes convert it by their own rules (an object or array is an error).",
    );
    pub const ENUM_FALLBACK: Case = warning(
        Code::InvalidValue,
        "An unknown enumeration value that runtimes replace by the first member (an unknown number that makes them drop the object is an error).",
    );
    pub const V5_6_WITHOUT_COMPATIBLE_VERSION: Case = warning(
        Code::UnsupportedVersion,
        "Data version 5.6 without `\"compatibleVersion\": \"5.5\"`: DragonBonesJS loads it, the C++ and C# runtimes refuse it.",
    );
    pub const EVENT_BONE: Case =
        warning(Code::UnknownBone, "An event's or action's `bone`: the event still fires, without a bone.");
    pub const EVENT_SLOT: Case =
        warning(Code::UnknownSlot, "An event's or action's `slot`: the event still fires, without a slot.");
}

const ELEM: &[FileFormat] = &[FileFormat::Elem];
const DRAGONBONES: &[FileFormat] = &[FileFormat::DragonBones];
const BOTH: &[FileFormat] = &[FileFormat::Elem, FileFormat::DragonBones];

impl Code {
    /// The code's catalogue entry.
    pub const fn rule(self) -> &'static Rule {
        match self {
            Code::Syntax => &Rule {
                code: Code::Syntax,
                severity: Severity::Error,
                formats: BOTH,
                format_severities: &[],
                cases: &[],
                summary: "Lexical or structural error: unbalanced braces, unterminated strings, stray characters.",
                why: "Keystone and Danmakufu stop reading or misread everything after the error; DragonBones runtimes use strict JSON parsers that reject the whole file.",
                bad: "Mesh {\n\tName=\"Body\n",
                good: "Mesh {\n\tName=\"Body\"\n}\n",
                fixable: false,
            },
            Code::Header => &Rule {
                code: Code::Header,
                severity: Severity::Error,
                formats: ELEM,
                format_severities: &[],
                cases: &[],
                summary: "The two header lines are missing or wrong, or the File Version is unsupported.",
                why: "Both known readers check `Elfreina Extension Model File` / `File Version 1.00` first and refuse the file otherwise; Keystone rejects versions ≥ 2.",
                bad: "File Version 1.00\nMeshDatas {\n}\n",
                good: "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {\n}\n",
                fixable: true,
            },
            Code::CountMismatch => &Rule {
                code: Code::CountMismatch,
                severity: Severity::Error,
                formats: BOTH,
                format_severities: &[],
                cases: &[&case::PATH_LENGTHS, &case::MESH_UVS, &case::SURFACE_VERTICES],
                summary: "A count key disagrees with the number of items it counts.",
                why: "Readers allocate by the count and then read that many items: a wrong count drops data or reads past the list (Danmakufu reads `VertexCount` lines of `Positions`).",
                bad: "MeshCount=3\nMesh {\n}\nMesh {\n}\n",
                good: "MeshCount=2\nMesh {\n}\nMesh {\n}\n",
                fixable: true,
            },
            Code::Arity => &Rule {
                code: Code::Arity,
                severity: Severity::Error,
                formats: BOTH,
                format_severities: &[],
                cases: &[
                    &case::MESH_VERTICES_ODD,
                    &case::TRIANGLES_NOT_IN_THREES,
                    &case::POLYGON_VERTICES,
                    &case::CURVE_LENGTH,
                ],
                summary: "A line or array has the wrong number of values (positions 3, colours 4, UVs 2, matrices 16…).",
                why: "Readers take a fixed number of values per entry; Danmakufu requires exactly 16 numbers per matrix and misaligns every later value otherwise.",
                bad: "Positions {\n\t0.0:1.0\n}\n",
                good: "Positions {\n\t0.0:1.0:0.0\n}\n",
                fixable: false,
            },
            Code::IndexOutOfRange => &Rule {
                code: Code::IndexOutOfRange,
                severity: Severity::Error,
                formats: BOTH,
                format_severities: &[],
                cases: &[&case::TRIANGLE_INDEX, &case::DEFORM_PAST_MESH, &case::DISPLAY_INDEX],
                summary: "An index points past the end of what it indexes (vertex, material, bone, display, slot).",
                why: "Readers index arrays without bounds checks: out-of-range vertex or bone indices crash loaders or draw garbage.",
                bad: "VertexCount=3\n…\nVertexIndices {\n\t3,0:1:3\n}\n",
                good: "VertexCount=3\n…\nVertexIndices {\n\t3,0:1:2\n}\n",
                fixable: false,
            },
            Code::OutOfRange => &Rule {
                code: Code::OutOfRange,
                severity: Severity::Error,
                formats: BOTH,
                format_severities: &[(FileFormat::DragonBones, Severity::Warning)],
                cases: &[],
                summary: "A number outside its documented range (colours 0..1, weights 0..1, TimeKeys 0..1, counts ≥ 0…).",
                why: "Values outside the range are used as given: colours overflow, weights over-scale vertices, negative counts break allocation. DragonBones runtimes load such data and only render it wrongly, so there it is a warning.",
                bad: "Diffuse=1.0:1.5:0.2:0.2\n",
                good: "Diffuse=1.0:1.0:0.2:0.2\n",
                fixable: false,
            },
            Code::UnknownBone => &Rule {
                code: Code::UnknownBone,
                severity: Severity::Error,
                formats: BOTH,
                format_severities: &[],
                cases: &[&case::EVENT_BONE],
                summary: "A bone name that no bone has.",
                why: "Skinning and animation look bones up by name: an unknown name leaves vertices unskinned or a timeline silently dropped (DragonBones throws on an unknown slot parent).",
                bad: "BoneNames {\n\t\"Root\"\n}\n…\nBoneName=\"Rot\"\n",
                good: "BoneNames {\n\t\"Root\"\n}\n…\nBoneName=\"Root\"\n",
                fixable: false,
            },
            Code::UnknownNode => &Rule {
                code: Code::UnknownNode,
                severity: Severity::Error,
                formats: ELEM,
                format_severities: &[],
                cases: &[],
                summary: "An `AnimationPart` `NodeName` or a `HierarchyNames` entry that names no `Node`.",
                why: "Danmakufu maps animation parts to hierarchy nodes by name; an unknown node's animation is lost.",
                bad: "Node {\n\tNodeName=\"Head\"\n}\n…\nNodeName=\"Haed\"\n",
                good: "Node {\n\tNodeName=\"Head\"\n}\n…\nNodeName=\"Head\"\n",
                fixable: false,
            },
            Code::UnknownMesh => &Rule {
                code: Code::UnknownMesh,
                severity: Severity::Error,
                formats: ELEM,
                format_severities: &[],
                cases: &[],
                summary: "A `RenderingMeshName` that names no `Mesh`.",
                why: "Keystone draws the meshes the rendering list names, looking each `RenderingMeshName` up among the `Mesh` `Name`s: an unknown name draws nothing, so that part of the model is invisible.",
                bad: "RenderingMeshName=\"Bdy\"\n",
                good: "RenderingMeshName=\"BodyMesh\"\n",
                fixable: false,
            },
            Code::UnknownMaterial => &Rule {
                code: Code::UnknownMaterial,
                severity: Severity::Error,
                formats: ELEM,
                format_severities: &[],
                cases: &[],
                summary: "A UV-animation `MaterialName` that names no material of its container.",
                why: "Keystone's UV animation looks the material up by `Name` inside the container named by `MeshContainerName`: an unknown name animates nothing, silently (Danmakufu skips UV animation altogether).",
                bad: "MaterialName=\"FaceMt\"\n",
                good: "MaterialName=\"FaceMat\"\n",
                fixable: false,
            },
            Code::UnknownMeshContainer => &Rule {
                code: Code::UnknownMeshContainer,
                severity: Severity::Error,
                formats: ELEM,
                format_severities: &[],
                cases: &[],
                summary: "A UV-animation `MeshContainerName` that names no `MeshContainer`.",
                why: "Keystone's UV animation looks the container up by `Name`: an unknown name animates nothing, silently (Danmakufu skips UV animation altogether).",
                bad: "MeshContainerName=\"Robt\"\n",
                good: "MeshContainerName=\"Robot\"\n",
                fixable: false,
            },
            Code::DuplicateName => &Rule {
                code: Code::DuplicateName,
                severity: Severity::Error,
                formats: BOTH,
                format_severities: &[],
                cases: &[],
                summary: "Two things of one kind share a name (materials, meshes, containers, nodes, bones, animations…).",
                why: "Lookups by name find only the first; DragonBones runtimes drop the second with a `Same …` warning.",
                bad: "Material {\n\tName=\"Skin\"\n}\nMaterial {\n\tName=\"Skin\"\n}\n",
                good: "Material {\n\tName=\"Skin\"\n}\nMaterial {\n\tName=\"Cloth\"\n}\n",
                fixable: false,
            },
            Code::InvalidValue => &Rule {
                code: Code::InvalidValue,
                severity: Severity::Error,
                formats: BOTH,
                format_severities: &[],
                cases: &[
                    &case::VERSION_AS_NUMBER,
                    &case::NUMBER_AS_STRING,
                    &case::EASING_STRING,
                    &case::FRACTION,
                    &case::BOOLEAN_SPELLING,
                    &case::ENUM_FALLBACK,
                ],
                summary: "A value that is not of its documented type (`FaceCount=two`, `Loop=Yes`, an unknown `VertexFormat` entry).",
                why: "Readers convert values without checking: a word where a number belongs reads as 0, `Loop=Yes` as false.",
                bad: "Loop=Yes\n",
                good: "Loop=True\n",
                fixable: false,
            },
            Code::UnknownKey => &Rule {
                code: Code::UnknownKey,
                severity: Severity::Warning,
                formats: BOTH,
                format_severities: &[],
                cases: &[],
                summary: "A key or scope that is not valid where it stands, usually a typo.",
                why: "Readers skip keys they do not know, so a misspelt key is silently ignored and its value lost.",
                bad: "Mesh {\n\tVertexCont=4\n}\n",
                good: "Mesh {\n\tVertexCount=4\n}\n",
                fixable: true,
            },
            Code::MissingKey => &Rule {
                code: Code::MissingKey,
                severity: Severity::Error,
                formats: BOTH,
                format_severities: &[],
                cases: &[&case::POLYGON_WITHOUT_VERTICES, &case::IK_BONE_IN_NAME],
                summary: "A required key or list is absent.",
                why: "Readers expect it: Danmakufu needs `VertexCount` before `Positions`; DragonBones throws on a mesh without `vertices`.",
                bad: "Mesh {\n\tName=\"Body\"\n\tPositions {\n\t}\n}\n",
                good: "Mesh {\n\tName=\"Body\"\n\tVertexCount=0\n\tPositions {\n\t}\n}\n",
                fixable: false,
            },
            Code::DuplicateKey => &Rule {
                code: Code::DuplicateKey,
                severity: Severity::Warning,
                formats: BOTH,
                format_severities: &[],
                cases: &[],
                summary: "A key that may occur once appears twice in one scope or object.",
                why: "Readers keep one of the values (which one differs between readers), so the other is silently lost.",
                bad: "VertexCount=4\nVertexCount=5\n",
                good: "VertexCount=4\n",
                fixable: false,
            },
            Code::MissingFile => &Rule {
                code: Code::MissingFile,
                severity: Severity::Warning,
                formats: ELEM,
                format_severities: &[],
                cases: &[],
                summary: "A `TextureFilename` that does not exist relative to the `.elem` file.",
                why: "The model loads untextured; Danmakufu joins the name with the model's folder and finds nothing.",
                bad: "TextureFilename=\"bdy.png\"\n",
                good: "TextureFilename=\"body.png\"\n",
                fixable: false,
            },
            Code::NumberFormat => &Rule {
                code: Code::NumberFormat,
                severity: Severity::Warning,
                formats: ELEM,
                format_severities: &[],
                cases: &[],
                summary: "A number written in exponent notation (`1e-5`).",
                why: "Keystone's tokenizer accepts only a lowercase `e` and breaks on `E`; Elfreina itself never writes exponents.",
                bad: "0.0:1E-05:0.0\n",
                good: "0.0:0.000010:0.0\n",
                fixable: true,
            },
            Code::WeightSum => &Rule {
                code: Code::WeightSum,
                severity: Severity::Warning,
                formats: BOTH,
                format_severities: &[],
                cases: &[],
                summary: "The blend weights of a vertex do not add up to 1.",
                why: "Skinned vertices shrink towards the origin or overshoot when weights do not sum to 1.",
                bad: "VertexBlend {\n\t0,0.5\n}\n",
                good: "VertexBlend {\n\t0,1.0\n}\n",
                fixable: false,
            },
            Code::TimeKeysOrder => &Rule {
                code: Code::TimeKeysOrder,
                severity: Severity::Warning,
                formats: ELEM,
                format_severities: &[],
                cases: &[],
                summary: "`TimeKeys` that do not ascend.",
                why: "Players search keys assuming ascending times; out-of-order keys make the animation jump.",
                bad: "TimeKeys {\n\t0.5\n\t0.2\n}\n",
                good: "TimeKeys {\n\t0.2\n\t0.5\n}\n",
                fixable: false,
            },
            Code::NonUnitQuaternion => &Rule {
                code: Code::NonUnitQuaternion,
                severity: Severity::Warning,
                formats: ELEM,
                format_severities: &[],
                cases: &[],
                summary: "A bone `RotateKeys` quaternion whose length is not 1.",
                why: "Danmakufu slerps between keys without normalising: a non-unit quaternion scales and skews the bone.",
                bad: "RotateKeys {\n\t0.0:0.0:0.0:2.0\n}\n",
                good: "RotateKeys {\n\t0.0:0.0:0.0:1.0\n}\n",
                fixable: false,
            },
            Code::VertexFormatMismatch => &Rule {
                code: Code::VertexFormatMismatch,
                severity: Severity::Warning,
                formats: ELEM,
                format_severities: &[],
                cases: &[],
                summary: "`VertexFormat` disagrees with the vertex lists the meshes contain.",
                why: "Readers build the vertex layout from `VertexFormat`: a listed component without data reads zeros, data without its entry is ignored.",
                bad: "VertexFormat {\n\t\"Position\"\n}\n… Normals {…}\n",
                good: "VertexFormat {\n\t\"Position\"\n\t\"Normal\"\n}\n… Normals {…}\n",
                fixable: false,
            },
            Code::BoneMismatch => &Rule {
                code: Code::BoneMismatch,
                severity: Severity::Warning,
                formats: ELEM,
                format_severities: &[],
                cases: &[],
                summary: "A `BlendPart` whose `TransformIndex` points at a different bone than its `BoneName`.",
                why: "Danmakufu skins by index and Keystone by name, so the two readers move these vertices with different bones.",
                bad: "BoneNames {\n\t\"Root\"\n\t\"Body\"\n}\n…\nBoneName=\"Root\"\nTransformIndex=1\n",
                good: "BoneNames {\n\t\"Root\"\n\t\"Body\"\n}\n…\nBoneName=\"Root\"\nTransformIndex=0\n",
                fixable: false,
            },
            Code::Encoding => &Rule {
                code: Code::Encoding,
                severity: Severity::Error,
                formats: BOTH,
                format_severities: &[],
                cases: &[],
                summary: "The file is not valid UTF-8.",
                why: "Both formats are UTF-8 text; readers fail on or garble the invalid bytes, so nothing after them can be trusted.",
                bad: "Name=\"\\x93\\xaa\" (Shift-JIS bytes)\n",
                good: "Name=\"頭\" (saved as UTF-8)\n",
                fixable: false,
            },
            Code::UnknownSlot => &Rule {
                code: Code::UnknownSlot,
                severity: Severity::Error,
                formats: DRAGONBONES,
                format_severities: &[],
                cases: &[&case::EVENT_SLOT],
                summary: "A slot name that no slot of the armature has (skin slots, slot and deform timelines, events, path constraints).",
                why: "DragonBones runtimes look slots up by name and silently drop what names an unknown one: a skin's displays, a timeline, a deform animation.",
                bad: "\"slot\": [{\"name\": \"head\", \"parent\": \"neck\"}]\n…\n\"skin\": [{\"slot\": [{\"name\": \"haed\", \"display\": []}]}]\n",
                good: "\"slot\": [{\"name\": \"head\", \"parent\": \"neck\"}]\n…\n\"skin\": [{\"slot\": [{\"name\": \"head\", \"display\": []}]}]\n",
                fixable: false,
            },
            Code::UnknownAnimation => &Rule {
                code: Code::UnknownAnimation,
                severity: Severity::Error,
                formats: DRAGONBONES,
                format_severities: &[],
                cases: &[],
                summary: "An action plays an animation the armature does not have (`defaultActions`, frame actions, child-armature actions).",
                why: "Runtimes ignore a play action whose animation is unknown: the armature keeps its first animation, or the child armature does nothing.",
                bad: "\"animation\": [{\"name\": \"idle\"}],\n\"defaultActions\": [{\"gotoAndPlay\": \"idel\"}]\n",
                good: "\"animation\": [{\"name\": \"idle\"}],\n\"defaultActions\": [{\"gotoAndPlay\": \"idle\"}]\n",
                fixable: false,
            },
            Code::UnknownDisplay => &Rule {
                code: Code::UnknownDisplay,
                severity: Severity::Error,
                formats: DRAGONBONES,
                format_severities: &[],
                cases: &[],
                summary: "A display name (deform timeline mesh, `share`, path-constraint `targetDisplay`) that the skin does not list for the slot.",
                why: "Deform timelines and linked meshes find their mesh by display name in one skin slot's list; an unknown name drops the animation or leaves the mesh empty.",
                bad: "\"ffd\": [{\"name\": \"body_mseh\", \"slot\": \"body\", \"frame\": []}]\n",
                good: "\"ffd\": [{\"name\": \"body_mesh\", \"slot\": \"body\", \"frame\": []}]\n",
                fixable: false,
            },
            Code::UnknownArmature => &Rule {
                code: Code::UnknownArmature,
                severity: Severity::Warning,
                formats: DRAGONBONES,
                format_severities: &[],
                cases: &[],
                summary: "An armature display (or the root `stage`) names an armature this file does not define.",
                why: "Runtimes search the same data, then every loaded file; when none has it they warn `No armature data` and the display stays empty.",
                bad: "{\"type\": \"armature\", \"path\": \"Swrod\"}\n",
                good: "{\"type\": \"armature\", \"path\": \"Sword\"}\n",
                fixable: false,
            },
            Code::UnknownTexture => &Rule {
                code: Code::UnknownTexture,
                severity: Severity::Warning,
                formats: DRAGONBONES,
                format_severities: &[],
                cases: &[],
                summary: "An image or mesh display's `path` (or `name`) is not a `SubTexture` of the paired atlas (`X_ske.json` ↔ `X_tex.json`).",
                why: "The runtime finds no texture and silently shows nothing for the display.",
                bad: "{\"name\": \"head\", \"path\": \"parts/haed\"}\n",
                good: "{\"name\": \"head\", \"path\": \"parts/head\"}\n",
                fixable: false,
            },
            Code::UnknownSkin => &Rule {
                code: Code::UnknownSkin,
                severity: Severity::Error,
                formats: DRAGONBONES,
                format_severities: &[],
                cases: &[],
                summary: "A deform timeline or linked mesh names a skin the armature does not have.",
                why: "The mesh is looked up in that skin; with no such skin the deform animation is dropped or the mesh stays empty.",
                bad: "\"ffd\": [{\"name\": \"body\", \"skin\": \"defualt\", \"slot\": \"body\"}]\n",
                good: "\"ffd\": [{\"name\": \"body\", \"skin\": \"default\", \"slot\": \"body\"}]\n",
                fixable: false,
            },
            Code::UnknownConstraint => &Rule {
                code: Code::UnknownConstraint,
                severity: Severity::Error,
                formats: DRAGONBONES,
                format_severities: &[],
                cases: &[],
                summary: "An IK timeline names a constraint the armature does not have.",
                why: "Runtimes skip timelines of unknown constraints, so the animated weight or bend never changes.",
                bad: "\"ik\": [{\"name\": \"leg_ik\"}]\n…\n\"animation\": [{\"ik\": [{\"name\": \"leg_kl\"}]}]\n",
                good: "\"ik\": [{\"name\": \"leg_ik\"}]\n…\n\"animation\": [{\"ik\": [{\"name\": \"leg_ik\"}]}]\n",
                fixable: false,
            },
            Code::ParentCycle => &Rule {
                code: Code::ParentCycle,
                severity: Severity::Error,
                formats: DRAGONBONES,
                format_severities: &[],
                cases: &[],
                summary: "Bones whose `parent` chain loops back to themselves (including a bone that is its own parent).",
                why: "DragonBones runtimes sort bones parent-first and never finish on a cycle: loading the armature hangs.",
                bad: "{\"name\": \"a\", \"parent\": \"b\"},\n{\"name\": \"b\", \"parent\": \"a\"}\n",
                good: "{\"name\": \"a\"},\n{\"name\": \"b\", \"parent\": \"a\"}\n",
                fixable: false,
            },
            Code::UnsupportedVersion => &Rule {
                code: Code::UnsupportedVersion,
                severity: Severity::Error,
                formats: DRAGONBONES,
                format_severities: &[],
                cases: &[&case::V5_6_WITHOUT_COMPATIBLE_VERSION],
                summary: "`version` (and `compatibleVersion`) is no data version runtimes accept (2.3, 3.0, 4.0, 4.5, 5.0, 5.5, 5.6); 5.6 data without `compatibleVersion: \"5.5\"`.",
                why: "Runtimes compare the version strings exactly and refuse the whole file otherwise (`Nonsupport data version`); the C++ and C# runtimes stop at 5.5.",
                bad: "\"version\": \"6.0\"\n",
                good: "\"version\": \"5.5\"\n",
                fixable: false,
            },
            Code::LegacyVersion => &Rule {
                code: Code::LegacyVersion,
                severity: Severity::Warning,
                formats: DRAGONBONES,
                format_severities: &[],
                cases: &[],
                summary: "Data version 2.3 or 3.0, which current runtimes reject.",
                why: "DragonBonesJS dropped 2.3/3.0 support in 5.1; the C++ runtime never had it and C# misreads it. DragonBones Tools converts such files to 5.5.",
                bad: "\"version\": \"2.3\"\n",
                good: "\"version\": \"5.5\" (converted with DragonBones Tools)\n",
                fixable: false,
            },
            Code::FrameAfterEnd => &Rule {
                code: Code::FrameAfterEnd,
                severity: Severity::Error,
                formats: DRAGONBONES,
                format_severities: &[],
                cases: &[],
                summary: "A key frame starts after its animation's `duration`, or an animation of duration 0 has timelines with several key frames.",
                why: "Runtimes drop key frames past the end and leave garbage offsets in the timeline; a 0-frame animation with several key frames throws when played.",
                bad: "\"duration\": 10, \"bone\": [{\"frame\": [{\"duration\": 12}, {\"duration\": 0}]}]\n",
                good: "\"duration\": 12, \"bone\": [{\"frame\": [{\"duration\": 12}, {\"duration\": 0}]}]\n",
                fixable: false,
            },
        }
    }
}
