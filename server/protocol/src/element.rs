//! The named things of a scene a preview links to the editor: each with its kind, its index in
//! the scene's array of that kind and its byte ranges — and, in the language server's answers, the
//! same ranges in the client's positions (converted once per answer, so a viewer never converts
//! offsets itself; `rigls preview`'s page works in bytes).

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use super::answer::ElementsMoved;
use super::wire::W;
use rigls_ide::scene::{ByteRange, Scene, SceneContent};
use rigls_text::LineCol;

/// What a scene element is (the array of the scene it indexes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ElementKind {
    Armature,
    Animation,
    Bone,
    Slot,
    /// A drawable's display (index into `drawables`).
    Display,
    Node,
    Mesh,
    Material,
    /// A key frame of an animation (`name`: the animation; `time`: its start): a DragonBones
    /// timeline's frame object, an `.elem` bone part's key line.
    KeyFrame,
}

/// A position in the client's encoding, as LSP writes one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Position {
    pub line: u32,
    pub character: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Range {
    pub start: Position,
    pub end: Position,
}

/// An element's `bytes` and `name_bytes` in the client's positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Positions {
    pub range: Range,
    pub name_range: Option<Range>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    pub kind: ElementKind,
    /// Index into the scene's array of that kind (`armatures`, `animations`, `bones`, `slots`,
    /// `drawables`, `nodes`, `meshes`, `materials`).
    pub index: usize,
    pub name: String,
    /// `None` where the viewer works in bytes (`rigls preview`).
    pub positions: Option<Positions>,
    pub bytes: ByteRange,
    pub name_bytes: Option<ByteRange>,
    /// Key frames: seconds from the animation's start.
    pub time: Option<f64>,
}

impl Serialize for Element {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_map(None)?;
        out.serialize_entry("kind", &self.kind)?;
        out.serialize_entry("index", &self.index)?;
        out.serialize_entry("name", &self.name)?;
        if let Some(p) = &self.positions {
            out.serialize_entry("range", &p.range)?;
            out.serialize_entry("nameRange", &p.name_range)?;
        }
        out.serialize_entry("bytes", &W(&self.bytes))?;
        out.serialize_entry("nameBytes", &W(&self.name_bytes))?;
        if let Some(time) = self.time {
            out.serialize_entry("time", &time)?;
        }
        out.end()
    }
}

impl Element {
    /// The element as a viewer moves it when the text changed as `by` says (docs/scene.md).
    pub fn moved(&self, by: &ElementsMoved) -> Element {
        let position = |p: Position| {
            let at = by.position(LineCol { line: p.line, col: p.character });
            Position { line: at.line, character: at.col }
        };
        let range = |r: Range| Range { start: position(r.start), end: position(r.end) };
        let bytes = |b: ByteRange| ByteRange(by.byte(b.0), by.byte(b.1));
        Element {
            positions: self.positions.map(|p| Positions { range: range(p.range), name_range: p.name_range.map(range) }),
            bytes: bytes(self.bytes),
            name_bytes: self.name_bytes.map(bytes),
            ..self.clone()
        }
    }
}

/// Every element of `scene` with a place in the text, in the order of the scene's arrays, then
/// its key frames (in timeline order), with the client's positions of each when `positions` says
/// them. Child armatures' bones and slots are included (their ranges are in the same file).
pub fn elements(scene: &Scene, positions: Option<&dyn Fn(ByteRange) -> Range>) -> Vec<Element> {
    let mut out = Vec::new();
    let mut push = |kind, index, name: &str, bytes, name_bytes: Option<ByteRange>, time| {
        let positions = positions.map(|at| Positions { range: at(bytes), name_range: name_bytes.map(at) });
        out.push(Element { kind, index, name: name.to_owned(), positions, bytes, name_bytes, time });
    };
    for (i, a) in scene.armatures.iter().enumerate() {
        push(ElementKind::Armature, i, &a.name, a.range, a.name_range, None);
    }
    for (i, a) in scene.animations.iter().enumerate() {
        push(ElementKind::Animation, i, &a.name, a.range, a.name_range, None);
    }
    match &scene.content {
        SceneContent::Flat(flat) => {
            for (i, b) in flat.bones.iter().enumerate() {
                push(ElementKind::Bone, i, &b.name, b.range, b.name_range, None);
            }
            for (i, s) in flat.slots.iter().enumerate() {
                push(ElementKind::Slot, i, &s.name, s.range, s.name_range, None);
            }
            for (i, d) in flat.drawables.iter().enumerate() {
                push(ElementKind::Display, i, &d.display.name, d.display.range, None, None);
            }
        }
        SceneContent::Solid(solid) => {
            for (i, n) in solid.nodes.iter().enumerate() {
                push(ElementKind::Node, i, &n.name, n.range, n.name_range, None);
            }
            for (i, m) in solid.meshes.iter().enumerate() {
                push(ElementKind::Mesh, i, &m.name, m.range, m.name_range, None);
            }
            for (i, m) in solid.materials.iter().enumerate() {
                push(ElementKind::Material, i, &m.name, m.range, m.name_range, None);
            }
        }
    }
    for (i, k) in scene.key_frames.iter().enumerate() {
        push(ElementKind::KeyFrame, i, &k.animation, k.range, None, Some(k.time));
    }
    out
}
