//! How a scene is written as JSON: every object of docs/scene.md with its keys in order. The scene
//! types are `rigls_ide::scene`'s plain data; [`Wire`] writes each, and [`SceneJson`] a scene.

use std::collections::HashSet;

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

use super::packed::Meshes;
use super::{PACKED_VERSION, SCENE_VERSION};
use rigls_ide::scene::*;

/// A type as the scene protocol writes it.
pub(crate) trait Wire {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>;
}

/// `T`, serialised as [`Wire`] writes it.
pub(crate) struct W<'a, T: ?Sized>(pub &'a T);

impl<T: Wire + ?Sized> Serialize for W<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.write(serializer)
    }
}

/// Numbers, flags and text: as serde writes them.
macro_rules! as_serde {
    ($($ty:ty),*) => {$(
        impl Wire for $ty {
            fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                self.serialize(serializer)
            }
        }
    )*};
}

as_serde!(bool, u32, i64, usize, f64, String);

impl<T: Wire> Wire for Option<T> {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Some(v) => serializer.serialize_some(&W(v)),
            None => serializer.serialize_none(),
        }
    }
}

impl<T: Wire> Wire for [T] {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter().map(W))
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_slice().write(serializer)
    }
}

impl<T: Wire, const N: usize> Wire for [T; N] {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_slice().write(serializer)
    }
}

/// `[start, end]`.
impl Wire for ByteRange {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        [self.0, self.1].write(serializer)
    }
}

/// Objects: each key and the field it writes, in order.
macro_rules! objects {
    ($($ty:ident { $($key:literal: $field:ident),* $(,)? })*) => {$(
        impl Wire for $ty {
            fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut out = serializer.serialize_struct(stringify!($ty), [$($key),*].len())?;
                $(out.serialize_field($key, &W(&self.$field))?;)*
                out.end()
            }
        }
    )*};
}

objects! {
    ArmatureInfo { "name": name, "range": range, "nameRange": name_range, "frameRate": frame_rate }
    AnimationInfo {
        "name": name, "range": range, "nameRange": name_range, "duration": duration, "frameRate": frame_rate,
        "frameCount": frame_count, "playTimes": play_times,
    }
    Bounds2d { "minX": min_x, "minY": min_y, "maxX": max_x, "maxY": max_y }
    Instance2d {
        "armature": armature, "range": range, "slot": slot, "matrix": matrix, "animation": animation, "time": time,
    }
    Bone2d {
        "instance": instance, "name": name, "parent": parent, "matrix": matrix, "length": length, "range": range,
        "nameRange": name_range,
    }
    Slot2d {
        "instance": instance, "name": name, "bone": bone, "displayIndex": display_index, "zOrder": z_order,
        "matrix": matrix, "range": range, "nameRange": name_range,
    }
    DisplayRef { "name": name, "path": path, "range": range }
    Drawable2d {
        "kind": kind, "slot": slot, "display": display, "texture": texture, "region": region, "vertices": vertices,
        "uvs": uvs, "triangles": triangles, "imageMatrix": image_matrix, "color": color, "alpha": alpha,
        "blendMode": blend_mode,
    }
    Region2d { "x": x, "y": y, "width": width, "height": height, "rotated": rotated }
    ColorTransform2d {
        "alphaMultiplier": alpha_multiplier, "redMultiplier": red_multiplier, "greenMultiplier": green_multiplier,
        "blueMultiplier": blue_multiplier, "alphaOffset": alpha_offset, "redOffset": red_offset,
        "greenOffset": green_offset, "blueOffset": blue_offset,
    }
    BoundingBox2d { "slot": slot, "display": display, "shape": shape, "outline": outline }
    Texture2d { "atlas": atlas, "image": image, "width": width, "height": height }
    Bounds3d { "min": min, "max": max }
    Node3d { "name": name, "parent": parent, "matrix": matrix, "range": range, "nameRange": name_range }
    Group3d { "material": material, "start": start, "count": count }
    Material3d {
        "container": container, "name": name, "range": range, "nameRange": name_range, "diffuse": diffuse,
        "ambient": ambient, "specular": specular, "emissive": emissive, "specularSharpness": specular_sharpness,
        "texture": texture, "texturePath": texture_path, "uvTransform": uv_transform,
    }
    UvTransform3d { "translation": translation, "rotation": rotation, "scale": scale }
}

/// Enumerations: each member's name.
macro_rules! names {
    ($($ty:ident { $($member:ident: $name:literal),* $(,)? })*) => {$(
        impl Wire for $ty {
            fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(match self { $($ty::$member => $name),* })
            }
        }
    )*};
}

names! {
    DrawableKind { Image: "image", Mesh: "mesh" }
    BoxShape { Rectangle: "rectangle", Ellipse: "ellipse", Polygon: "polygon" }
    BlendMode2d {
        Normal: "normal", Add: "add", Alpha: "alpha", Darken: "darken", Difference: "difference", Erase: "erase",
        HardLight: "hardLight", Invert: "invert", Layer: "layer", Lighten: "lighten", Multiply: "multiply",
        Overlay: "overlay", Screen: "screen", Subtract: "subtract",
    }
}

/// How a 3-D scene's meshes are written (`super::packed`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum MeshForm<'a> {
    /// Scene version 1: JSON numbers, every part of every mesh.
    Plain,
    /// Scene version 2: buffers; each mesh's fixed part written unless its digest is in `held`
    /// (or `held_all`: a scene after the first of an answer).
    Packed { held: &'a HashSet<u64>, held_all: bool },
}

/// A scene as scene version `version` writes it.
pub struct SceneJson<'a> {
    pub scene: &'a Scene,
    pub version: u32,
    pub(crate) form: MeshForm<'a>,
}

impl SceneJson<'_> {
    /// Scene version 1: every number a JSON number (`rigls render -o scene.json`).
    pub fn plain(scene: &Scene) -> SceneJson<'_> {
        SceneJson { scene, version: SCENE_VERSION, form: MeshForm::Plain }
    }
}

impl Serialize for SceneJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        debug_assert!(matches!(self.form, MeshForm::Plain) || self.version == PACKED_VERSION);
        let s = self.scene;
        let mut out = serializer.serialize_map(None)?;
        out.serialize_entry("version", &self.version)?;
        out.serialize_entry("format", s.format)?;
        out.serialize_entry("armatures", &W(&s.armatures))?;
        out.serialize_entry("animations", &W(&s.animations))?;
        out.serialize_entry("defaultAnimation", &s.default_animation)?;
        out.serialize_entry("armature", &s.armature)?;
        out.serialize_entry("animation", &s.animation)?;
        out.serialize_entry("time", &s.time)?;
        out.serialize_entry("notes", &s.notes)?;
        out.serialize_entry("target", &s.target.map(|t| t.as_str()))?;
        let targets: Vec<_> = s.targets.iter().map(|t| TargetJson { name: t.as_str(), title: t.title() }).collect();
        out.serialize_entry("targets", &targets)?;
        // The content's keys follow, the kind first (docs/scene.md).
        match &s.content {
            SceneContent::Flat(flat) => {
                out.serialize_entry("kind", "2d")?;
                out.serialize_entry("instances", &W(&flat.instances))?;
                out.serialize_entry("bones", &W(&flat.bones))?;
                out.serialize_entry("slots", &W(&flat.slots))?;
                out.serialize_entry("drawables", &W(&flat.drawables))?;
                out.serialize_entry("boundingBoxes", &W(&flat.bounding_boxes))?;
                out.serialize_entry("textures", &W(&flat.textures))?;
                out.serialize_entry("atlases", &flat.atlases)?;
                out.serialize_entry("bounds", &W(&flat.bounds))?;
            }
            SceneContent::Solid(solid) => {
                out.serialize_entry("kind", "3d")?;
                out.serialize_entry("nodes", &W(&solid.nodes))?;
                out.serialize_entry("meshes", &Meshes { meshes: &solid.meshes, form: &self.form })?;
                out.serialize_entry("materials", &W(&solid.materials))?;
                out.serialize_entry("rightHanded", &solid.right_handed)?;
                out.serialize_entry("bounds", &W(&solid.bounds))?;
            }
        }
        out.end()
    }
}

/// A target picker's option: the name a query gives and what it is, for people.
#[derive(Serialize)]
struct TargetJson {
    name: &'static str,
    title: &'static str,
}
