//! Diagnostic codes and the rule catalogue.
//!
//! Codes are contracts: users name them in `rigls.toml`, editor settings and CI filters. Add codes
//! freely; never rename or remove one. `rigls rules` and `docs/rules.md` are generated from
//! [`RULES`], so every code has exactly one entry there.

use super::Severity;

/// Every diagnostic code, as a constant, so a typo is a compile error.
pub mod code {
    pub const SYNTAX: &str = "syntax";
    pub const HEADER: &str = "header";
    pub const COUNT_MISMATCH: &str = "count-mismatch";
    pub const ARITY: &str = "arity";
    pub const INDEX_OUT_OF_RANGE: &str = "index-out-of-range";
    pub const OUT_OF_RANGE: &str = "out-of-range";
    pub const UNKNOWN_BONE: &str = "unknown-bone";
    pub const UNKNOWN_NODE: &str = "unknown-node";
    pub const UNKNOWN_MESH: &str = "unknown-mesh";
    pub const UNKNOWN_MATERIAL: &str = "unknown-material";
    pub const UNKNOWN_MESH_CONTAINER: &str = "unknown-mesh-container";
    pub const DUPLICATE_NAME: &str = "duplicate-name";
    pub const INVALID_VALUE: &str = "invalid-value";
    pub const UNKNOWN_KEY: &str = "unknown-key";
    pub const MISSING_KEY: &str = "missing-key";
    pub const DUPLICATE_KEY: &str = "duplicate-key";
    pub const MISSING_FILE: &str = "missing-file";
    pub const NUMBER_FORMAT: &str = "number-format";
    pub const WEIGHT_SUM: &str = "weight-sum";
    pub const TIME_KEYS_ORDER: &str = "time-keys-order";
    pub const NON_UNIT_QUATERNION: &str = "non-unit-quaternion";
    pub const VERTEX_FORMAT_MISMATCH: &str = "vertex-format-mismatch";
    pub const BONE_MISMATCH: &str = "bone-mismatch";
    pub const ENCODING: &str = "encoding";
    pub const UNKNOWN_SLOT: &str = "unknown-slot";
    pub const UNKNOWN_ANIMATION: &str = "unknown-animation";
    pub const UNKNOWN_DISPLAY: &str = "unknown-display";
    pub const UNKNOWN_ARMATURE: &str = "unknown-armature";
    pub const UNKNOWN_TEXTURE: &str = "unknown-texture";
    pub const UNKNOWN_SKIN: &str = "unknown-skin";
    pub const UNKNOWN_CONSTRAINT: &str = "unknown-constraint";
    pub const PARENT_CYCLE: &str = "parent-cycle";
    pub const UNSUPPORTED_VERSION: &str = "unsupported-version";
    pub const LEGACY_VERSION: &str = "legacy-version";
    pub const FRAME_AFTER_END: &str = "frame-after-end";
    pub const NON_FINITE_POSE: &str = "non-finite-pose";
}

/// One entry of the rule catalogue.
#[derive(Debug)]
pub struct Rule {
    pub code: &'static str,
    /// The severity the rule usually reports with (a rule may report some cases milder).
    pub severity: Severity,
    /// Which formats report it: "elem", "dragonbones" or both.
    pub formats: &'static [&'static str],
    /// One line: what it checks.
    pub summary: &'static str,
    /// Why it matters: which reader or runtime breaks, and how.
    pub why: &'static str,
    /// A short failing example and the same example fixed.
    pub bad: &'static str,
    pub good: &'static str,
    /// `rigls --check --fix` repairs some cases of it: the rule emits a `Fix::safe` fix for them.
    /// Rules whose fixes need a human decision (editor quick fixes only) say `false`.
    pub fixable: bool,
}

/// Looks a code up in the catalogue.
pub fn rule(code: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.code == code)
}

const ELEM: &[&str] = &["elem"];
const DRAGONBONES: &[&str] = &["dragonbones"];
const BOTH: &[&str] = &["elem", "dragonbones"];

pub static RULES: &[Rule] = &[
    Rule {
        code: code::SYNTAX,
        severity: Severity::Error,
        formats: BOTH,
        summary: "Lexical or structural error: unbalanced braces, unterminated strings, stray characters.",
        why: "Keystone and Danmakufu stop reading or misread everything after the error; DragonBones runtimes use strict JSON parsers that reject the whole file.",
        bad: "Mesh {\n\tName=\"Body\n",
        good: "Mesh {\n\tName=\"Body\"\n}\n",
        fixable: false,
    },
    Rule {
        code: code::HEADER,
        severity: Severity::Error,
        formats: ELEM,
        summary: "The two header lines are missing or wrong, or the File Version is unsupported.",
        why: "Both known readers check `Elfreina Extension Model File` / `File Version 1.00` first and refuse the file otherwise; Keystone rejects versions ≥ 2.",
        bad: "File Version 1.00\nMeshDatas {\n}\n",
        good: "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {\n}\n",
        fixable: true,
    },
    Rule {
        code: code::COUNT_MISMATCH,
        severity: Severity::Error,
        formats: BOTH,
        summary: "A count key disagrees with the number of items it counts.",
        why: "Readers allocate by the count and then read that many items: a wrong count drops data or reads past the list (Danmakufu reads `VertexCount` lines of `Positions`).",
        bad: "MeshCount=3\nMesh {\n}\nMesh {\n}\n",
        good: "MeshCount=2\nMesh {\n}\nMesh {\n}\n",
        fixable: true,
    },
    Rule {
        code: code::ARITY,
        severity: Severity::Error,
        formats: BOTH,
        summary: "A line or array has the wrong number of values (positions 3, colours 4, UVs 2, matrices 16…).",
        why: "Readers take a fixed number of values per entry; Danmakufu requires exactly 16 numbers per matrix and misaligns every later value otherwise.",
        bad: "Positions {\n\t0.0:1.0\n}\n",
        good: "Positions {\n\t0.0:1.0:0.0\n}\n",
        fixable: false,
    },
    Rule {
        code: code::INDEX_OUT_OF_RANGE,
        severity: Severity::Error,
        formats: BOTH,
        summary: "An index points past the end of what it indexes (vertex, material, bone, display, slot).",
        why: "Readers index arrays without bounds checks: out-of-range vertex or bone indices crash loaders or draw garbage.",
        bad: "VertexCount=3\n…\nVertexIndices {\n\t3,0:1:3\n}\n",
        good: "VertexCount=3\n…\nVertexIndices {\n\t3,0:1:2\n}\n",
        fixable: false,
    },
    Rule {
        code: code::OUT_OF_RANGE,
        severity: Severity::Error,
        formats: BOTH,
        summary: "A number outside its documented range (colours 0..1, weights 0..1, TimeKeys 0..1, counts ≥ 0…).",
        why: "Values outside the range are used as given: colours overflow, weights over-scale vertices, negative counts break allocation.",
        bad: "Diffuse=1.0:1.5:0.2:0.2\n",
        good: "Diffuse=1.0:1.0:0.2:0.2\n",
        fixable: false,
    },
    Rule {
        code: code::UNKNOWN_BONE,
        severity: Severity::Error,
        formats: BOTH,
        summary: "A bone name that no bone has.",
        why: "Skinning and animation look bones up by name: an unknown name leaves vertices unskinned or a timeline silently dropped (DragonBones throws on an unknown slot parent).",
        bad: "BoneNames {\n\t\"Root\"\n}\n…\nBoneName=\"Rot\"\n",
        good: "BoneNames {\n\t\"Root\"\n}\n…\nBoneName=\"Root\"\n",
        fixable: false,
    },
    Rule {
        code: code::UNKNOWN_NODE,
        severity: Severity::Error,
        formats: ELEM,
        summary: "An `AnimationPart` `NodeName` or a `HierarchyNames` entry that names no `Node`.",
        why: "Danmakufu maps animation parts to hierarchy nodes by name; an unknown node's animation is lost.",
        bad: "Node {\n\tNodeName=\"Head\"\n}\n…\nNodeName=\"Haed\"\n",
        good: "Node {\n\tNodeName=\"Head\"\n}\n…\nNodeName=\"Head\"\n",
        fixable: false,
    },
    Rule {
        code: code::UNKNOWN_MESH,
        severity: Severity::Error,
        formats: ELEM,
        summary: "A `RenderingMeshName` that names no `Mesh`.",
        why: "Keystone draws the meshes the rendering list names, looking each `RenderingMeshName` up among the `Mesh` `Name`s: an unknown name draws nothing, so that part of the model is invisible.",
        bad: "RenderingMeshName=\"Bdy\"\n",
        good: "RenderingMeshName=\"BodyMesh\"\n",
        fixable: false,
    },
    Rule {
        code: code::UNKNOWN_MATERIAL,
        severity: Severity::Error,
        formats: ELEM,
        summary: "A UV-animation `MaterialName` that names no material of its container.",
        why: "Keystone's UV animation looks the material up by `Name` inside the container named by `MeshContainerName`: an unknown name animates nothing, silently (Danmakufu skips UV animation altogether).",
        bad: "MaterialName=\"FaceMt\"\n",
        good: "MaterialName=\"FaceMat\"\n",
        fixable: false,
    },
    Rule {
        code: code::UNKNOWN_MESH_CONTAINER,
        severity: Severity::Error,
        formats: ELEM,
        summary: "A UV-animation `MeshContainerName` that names no `MeshContainer`.",
        why: "Keystone's UV animation looks the container up by `Name`: an unknown name animates nothing, silently (Danmakufu skips UV animation altogether).",
        bad: "MeshContainerName=\"Robt\"\n",
        good: "MeshContainerName=\"Robot\"\n",
        fixable: false,
    },
    Rule {
        code: code::DUPLICATE_NAME,
        severity: Severity::Error,
        formats: BOTH,
        summary: "Two things of one kind share a name (materials, meshes, containers, nodes, bones, animations…).",
        why: "Lookups by name find only the first; DragonBones runtimes drop the second with a `Same …` warning.",
        bad: "Material {\n\tName=\"Skin\"\n}\nMaterial {\n\tName=\"Skin\"\n}\n",
        good: "Material {\n\tName=\"Skin\"\n}\nMaterial {\n\tName=\"Cloth\"\n}\n",
        fixable: false,
    },
    Rule {
        code: code::INVALID_VALUE,
        severity: Severity::Error,
        formats: BOTH,
        summary: "A value that is not of its documented type (`FaceCount=two`, `Loop=Yes`, an unknown `VertexFormat` entry).",
        why: "Readers convert values without checking: a word where a number belongs reads as 0, `Loop=Yes` as false.",
        bad: "Loop=Yes\n",
        good: "Loop=True\n",
        fixable: false,
    },
    Rule {
        code: code::UNKNOWN_KEY,
        severity: Severity::Warning,
        formats: BOTH,
        summary: "A key or scope that is not valid where it stands, usually a typo.",
        why: "Readers skip keys they do not know, so a misspelt key is silently ignored and its value lost.",
        bad: "Mesh {\n\tVertexCont=4\n}\n",
        good: "Mesh {\n\tVertexCount=4\n}\n",
        fixable: true,
    },
    Rule {
        code: code::MISSING_KEY,
        severity: Severity::Error,
        formats: BOTH,
        summary: "A required key or list is absent.",
        why: "Readers expect it: Danmakufu needs `VertexCount` before `Positions`; DragonBones throws on a mesh without `vertices`.",
        bad: "Mesh {\n\tName=\"Body\"\n\tPositions {\n\t}\n}\n",
        good: "Mesh {\n\tName=\"Body\"\n\tVertexCount=0\n\tPositions {\n\t}\n}\n",
        fixable: false,
    },
    Rule {
        code: code::DUPLICATE_KEY,
        severity: Severity::Warning,
        formats: BOTH,
        summary: "A key that may occur once appears twice in one scope or object.",
        why: "Readers keep one of the values (which one differs between readers), so the other is silently lost.",
        bad: "VertexCount=4\nVertexCount=5\n",
        good: "VertexCount=4\n",
        fixable: false,
    },
    Rule {
        code: code::MISSING_FILE,
        severity: Severity::Warning,
        formats: ELEM,
        summary: "A `TextureFilename` that does not exist relative to the `.elem` file.",
        why: "The model loads untextured; Danmakufu joins the name with the model's folder and finds nothing.",
        bad: "TextureFilename=\"bdy.png\"\n",
        good: "TextureFilename=\"body.png\"\n",
        fixable: false,
    },
    Rule {
        code: code::NUMBER_FORMAT,
        severity: Severity::Warning,
        formats: ELEM,
        summary: "A number written in exponent notation (`1e-5`).",
        why: "Keystone's tokenizer accepts only a lowercase `e` and breaks on `E`; Elfreina itself never writes exponents.",
        bad: "0.0:1E-05:0.0\n",
        good: "0.0:0.000010:0.0\n",
        fixable: true,
    },
    Rule {
        code: code::WEIGHT_SUM,
        severity: Severity::Warning,
        formats: BOTH,
        summary: "The blend weights of a vertex do not add up to 1.",
        why: "Skinned vertices shrink towards the origin or overshoot when weights do not sum to 1.",
        bad: "VertexBlend {\n\t0,0.5\n}\n",
        good: "VertexBlend {\n\t0,1.0\n}\n",
        fixable: false,
    },
    Rule {
        code: code::TIME_KEYS_ORDER,
        severity: Severity::Warning,
        formats: ELEM,
        summary: "`TimeKeys` that do not ascend.",
        why: "Players search keys assuming ascending times; out-of-order keys make the animation jump.",
        bad: "TimeKeys {\n\t0.5\n\t0.2\n}\n",
        good: "TimeKeys {\n\t0.2\n\t0.5\n}\n",
        fixable: false,
    },
    Rule {
        code: code::NON_UNIT_QUATERNION,
        severity: Severity::Warning,
        formats: ELEM,
        summary: "A bone `RotateKeys` quaternion whose length is not 1.",
        why: "Danmakufu slerps between keys without normalising: a non-unit quaternion scales and skews the bone.",
        bad: "RotateKeys {\n\t0.0:0.0:0.0:2.0\n}\n",
        good: "RotateKeys {\n\t0.0:0.0:0.0:1.0\n}\n",
        fixable: false,
    },
    Rule {
        code: code::VERTEX_FORMAT_MISMATCH,
        severity: Severity::Warning,
        formats: ELEM,
        summary: "`VertexFormat` disagrees with the vertex lists the meshes contain.",
        why: "Readers build the vertex layout from `VertexFormat`: a listed component without data reads zeros, data without its entry is ignored.",
        bad: "VertexFormat {\n\t\"Position\"\n}\n… Normals {…}\n",
        good: "VertexFormat {\n\t\"Position\"\n\t\"Normal\"\n}\n… Normals {…}\n",
        fixable: false,
    },
    Rule {
        code: code::BONE_MISMATCH,
        severity: Severity::Warning,
        formats: ELEM,
        summary: "A `BlendPart` whose `TransformIndex` points at a different bone than its `BoneName`.",
        why: "Danmakufu skins by index and Keystone by name, so the two readers move these vertices with different bones.",
        bad: "BoneNames {\n\t\"Root\"\n\t\"Body\"\n}\n…\nBoneName=\"Root\"\nTransformIndex=1\n",
        good: "BoneNames {\n\t\"Root\"\n\t\"Body\"\n}\n…\nBoneName=\"Root\"\nTransformIndex=0\n",
        fixable: false,
    },
    Rule {
        code: code::ENCODING,
        severity: Severity::Error,
        formats: BOTH,
        summary: "The file is not valid UTF-8.",
        why: "Both formats are UTF-8 text; readers fail on or garble the invalid bytes, so nothing after them can be trusted.",
        bad: "Name=\"\\x93\\xaa\" (Shift-JIS bytes)\n",
        good: "Name=\"頭\" (saved as UTF-8)\n",
        fixable: false,
    },
    Rule {
        code: code::UNKNOWN_SLOT,
        severity: Severity::Error,
        formats: DRAGONBONES,
        summary: "A slot name that no slot of the armature has (skin slots, slot and deform timelines, events, path constraints).",
        why: "DragonBones runtimes look slots up by name and silently drop what names an unknown one: a skin's displays, a timeline, a deform animation.",
        bad: "\"slot\": [{\"name\": \"head\", \"parent\": \"neck\"}]\n…\n\"skin\": [{\"slot\": [{\"name\": \"haed\", \"display\": []}]}]\n",
        good: "\"slot\": [{\"name\": \"head\", \"parent\": \"neck\"}]\n…\n\"skin\": [{\"slot\": [{\"name\": \"head\", \"display\": []}]}]\n",
        fixable: false,
    },
    Rule {
        code: code::UNKNOWN_ANIMATION,
        severity: Severity::Error,
        formats: DRAGONBONES,
        summary: "An action plays an animation the armature does not have (`defaultActions`, frame actions, child-armature actions).",
        why: "Runtimes ignore a play action whose animation is unknown: the armature keeps its first animation, or the child armature does nothing.",
        bad: "\"animation\": [{\"name\": \"idle\"}],\n\"defaultActions\": [{\"gotoAndPlay\": \"idel\"}]\n",
        good: "\"animation\": [{\"name\": \"idle\"}],\n\"defaultActions\": [{\"gotoAndPlay\": \"idle\"}]\n",
        fixable: false,
    },
    Rule {
        code: code::UNKNOWN_DISPLAY,
        severity: Severity::Error,
        formats: DRAGONBONES,
        summary: "A display name (deform timeline mesh, `share`, path-constraint `targetDisplay`) that the skin does not list for the slot.",
        why: "Deform timelines and linked meshes find their mesh by display name in one skin slot's list; an unknown name drops the animation or leaves the mesh empty.",
        bad: "\"ffd\": [{\"name\": \"body_mseh\", \"slot\": \"body\", \"frame\": []}]\n",
        good: "\"ffd\": [{\"name\": \"body_mesh\", \"slot\": \"body\", \"frame\": []}]\n",
        fixable: false,
    },
    Rule {
        code: code::UNKNOWN_ARMATURE,
        severity: Severity::Warning,
        formats: DRAGONBONES,
        summary: "An armature display (or the root `stage`) names an armature this file does not define.",
        why: "Runtimes search the same data, then every loaded file; when none has it they warn `No armature data` and the display stays empty.",
        bad: "{\"type\": \"armature\", \"path\": \"Swrod\"}\n",
        good: "{\"type\": \"armature\", \"path\": \"Sword\"}\n",
        fixable: false,
    },
    Rule {
        code: code::UNKNOWN_TEXTURE,
        severity: Severity::Warning,
        formats: DRAGONBONES,
        summary: "An image or mesh display's `path` (or `name`) is not a `SubTexture` of the paired atlas (`X_ske.json` ↔ `X_tex.json`).",
        why: "The runtime finds no texture and silently shows nothing for the display.",
        bad: "{\"name\": \"head\", \"path\": \"parts/haed\"}\n",
        good: "{\"name\": \"head\", \"path\": \"parts/head\"}\n",
        fixable: false,
    },
    Rule {
        code: code::UNKNOWN_SKIN,
        severity: Severity::Error,
        formats: DRAGONBONES,
        summary: "A deform timeline or linked mesh names a skin the armature does not have.",
        why: "The mesh is looked up in that skin; with no such skin the deform animation is dropped or the mesh stays empty.",
        bad: "\"ffd\": [{\"name\": \"body\", \"skin\": \"defualt\", \"slot\": \"body\"}]\n",
        good: "\"ffd\": [{\"name\": \"body\", \"skin\": \"default\", \"slot\": \"body\"}]\n",
        fixable: false,
    },
    Rule {
        code: code::UNKNOWN_CONSTRAINT,
        severity: Severity::Error,
        formats: DRAGONBONES,
        summary: "An IK timeline names a constraint the armature does not have.",
        why: "Runtimes skip timelines of unknown constraints, so the animated weight or bend never changes.",
        bad: "\"ik\": [{\"name\": \"leg_ik\"}]\n…\n\"animation\": [{\"ik\": [{\"name\": \"leg_kl\"}]}]\n",
        good: "\"ik\": [{\"name\": \"leg_ik\"}]\n…\n\"animation\": [{\"ik\": [{\"name\": \"leg_ik\"}]}]\n",
        fixable: false,
    },
    Rule {
        code: code::PARENT_CYCLE,
        severity: Severity::Error,
        formats: DRAGONBONES,
        summary: "Bones whose `parent` chain loops back to themselves (including a bone that is its own parent).",
        why: "DragonBones runtimes sort bones parent-first and never finish on a cycle: loading the armature hangs.",
        bad: "{\"name\": \"a\", \"parent\": \"b\"},\n{\"name\": \"b\", \"parent\": \"a\"}\n",
        good: "{\"name\": \"a\"},\n{\"name\": \"b\", \"parent\": \"a\"}\n",
        fixable: false,
    },
    Rule {
        code: code::UNSUPPORTED_VERSION,
        severity: Severity::Error,
        formats: DRAGONBONES,
        summary: "`version` (and `compatibleVersion`) is no data version runtimes accept (2.3, 3.0, 4.0, 4.5, 5.0, 5.5, 5.6); 5.6 data without `compatibleVersion: \"5.5\"` (warning).",
        why: "Runtimes compare the version strings exactly and refuse the whole file otherwise (`Nonsupport data version`); the C++ and C# runtimes stop at 5.5.",
        bad: "\"version\": \"6.0\"\n",
        good: "\"version\": \"5.5\"\n",
        fixable: false,
    },
    Rule {
        code: code::LEGACY_VERSION,
        severity: Severity::Warning,
        formats: DRAGONBONES,
        summary: "Data version 2.3 or 3.0, which current runtimes reject.",
        why: "DragonBonesJS dropped 2.3/3.0 support in 5.1; the C++ runtime never had it and C# misreads it. DragonBones Tools converts such files to 5.5.",
        bad: "\"version\": \"2.3\"\n",
        good: "\"version\": \"5.5\" (converted with DragonBones Tools)\n",
        fixable: false,
    },
    Rule {
        code: code::FRAME_AFTER_END,
        severity: Severity::Error,
        formats: DRAGONBONES,
        summary: "A key frame starts after its animation's `duration`, or an animation of duration 0 has timelines with several key frames.",
        why: "Runtimes drop key frames past the end and leave garbage offsets in the timeline; a 0-frame animation with several key frames throws when played.",
        bad: "\"duration\": 10, \"bone\": [{\"frame\": [{\"duration\": 12}, {\"duration\": 0}]}]\n",
        good: "\"duration\": 12, \"bone\": [{\"frame\": [{\"duration\": 12}, {\"duration\": 0}]}]\n",
        fixable: false,
    },
    Rule {
        code: code::NON_FINITE_POSE,
        severity: Severity::Error,
        formats: BOTH,
        summary: "A world matrix (`.elem` node, DragonBones bone) or a skinned mesh vertex is NaN or infinite at the setup pose or at a key frame of an animation.",
        why: "Runtimes pose without checking for it: an infinite value (`1e999`, or a product of large values that overflows) or a NaN from interpolating such keys spreads to every child bone and every vertex skinned to it, which then vanish or cover the screen. The message names the animation and key time, on the line that starts it.",
        bad: "InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:1e999:0:1\n",
        good: "InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:1.0:0:1\n",
        fixable: false,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_one_catalogue_entry() {
        let mut seen = std::collections::HashSet::new();
        for r in RULES {
            assert!(seen.insert(r.code), "{} listed twice", r.code);
            assert!(!r.summary.is_empty() && !r.why.is_empty(), "{} lacks text", r.code);
        }
    }
}
