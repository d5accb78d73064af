//! The named things of a scene a preview links to the editor: each with its kind, its index in
//! the scene's array of that kind and its byte ranges. A click in a preview names a thing by its
//! `range`; the protocol layer turns these ranges into the client's positions once per answer, so
//! a viewer never converts offsets itself.

use serde::Serialize;

use super::{ByteRange, Scene, SceneContent};

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

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneElement {
    pub kind: ElementKind,
    /// Index into the scene's array of that kind (`armatures`, `animations`, `bones`, `slots`,
    /// `drawables`, `nodes`, `meshes`, `materials`).
    pub index: usize,
    pub name: String,
    pub range: ByteRange,
    pub name_range: Option<ByteRange>,
    /// Key frames: seconds from the animation's start.
    pub time: Option<f64>,
}

/// Every element of `scene` with a place in the text, in the order of the scene's arrays, then
/// its key frames (in timeline order). Child armatures' bones and slots are included (their
/// ranges are in the same file).
pub fn elements(scene: &Scene) -> Vec<SceneElement> {
    let mut out = Vec::new();
    let mut push = |kind, index, name: &str, range, name_range| {
        out.push(SceneElement { kind, index, name: name.to_owned(), range, name_range, time: None });
    };
    for (i, a) in scene.armatures.iter().enumerate() {
        push(ElementKind::Armature, i, &a.name, a.range, a.name_range);
    }
    for (i, a) in scene.animations.iter().enumerate() {
        push(ElementKind::Animation, i, &a.name, a.range, a.name_range);
    }
    match &scene.content {
        SceneContent::Flat(flat) => {
            for (i, b) in flat.bones.iter().enumerate() {
                push(ElementKind::Bone, i, &b.name, b.range, b.name_range);
            }
            for (i, s) in flat.slots.iter().enumerate() {
                push(ElementKind::Slot, i, &s.name, s.range, s.name_range);
            }
            for (i, d) in flat.drawables.iter().enumerate() {
                push(ElementKind::Display, i, &d.display.name, d.display.range, None);
            }
        }
        SceneContent::Solid(solid) => {
            for (i, n) in solid.nodes.iter().enumerate() {
                push(ElementKind::Node, i, &n.name, n.range, n.name_range);
            }
            for (i, m) in solid.meshes.iter().enumerate() {
                push(ElementKind::Mesh, i, &m.name, m.range, m.name_range);
            }
            for (i, m) in solid.materials.iter().enumerate() {
                push(ElementKind::Material, i, &m.name, m.range, m.name_range);
            }
        }
    }
    for (i, k) in scene.key_frames.iter().enumerate() {
        let name = k.animation.clone();
        out.push(SceneElement {
            kind: ElementKind::KeyFrame,
            index: i,
            name,
            range: k.range,
            name_range: None,
            time: Some(k.time),
        });
    }
    out
}
