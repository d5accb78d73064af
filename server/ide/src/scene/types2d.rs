//! The 2-D scene of a DragonBones armature. Coordinates are the shown armature's space (x right,
//! y down, in pixels); matrices are `[a, b, c, d, tx, ty]` with x' = a·x + c·y + tx,
//! y' = b·x + d·y + ty, as the runtime's `globalTransformMatrix`.

use super::ByteRange;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene2d {
    /// Instance 0 is the armature shown; the others are child armatures shown by a slot, each
    /// after its parent.
    pub instances: Vec<Instance2d>,
    /// Every bone of every instance, parents before children within an instance.
    pub bones: Vec<Bone2d>,
    /// Every slot of every instance, in file order within an instance.
    pub slots: Vec<Slot2d>,
    /// What is drawn, back to front: image quads and meshes, child armatures' drawables in their
    /// slot's place.
    pub drawables: Vec<Drawable2d>,
    /// Bounding-box displays shown (the runtime draws nothing for them; editors outline them).
    pub bounding_boxes: Vec<BoundingBox2d>,
    /// The atlas images the drawables refer to by index.
    pub textures: Vec<Texture2d>,
    /// Every atlas file paired with the skeleton (`X_tex.json`…), whether used or not: none means
    /// the images have no size and nothing can be textured.
    pub atlases: Vec<String>,
    /// The box around every drawable's vertices (around the bones when nothing is drawn);
    /// `None` when there is nothing at all.
    pub bounds: Option<Bounds2d>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds2d {
    pub min_x: f64,
    pub min_y: f64,
    pub max_x: f64,
    pub max_y: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Instance2d {
    pub armature: String,
    /// The armature's object.
    pub range: ByteRange,
    /// The slot showing it (index into `slots`), `None` for instance 0.
    pub slot: Option<usize>,
    /// From the instance's own space to the scene's.
    pub matrix: [f64; 6],
    /// The animation it plays (a child: the parent's animation when it has one of that name, else
    /// its default animation) and the time it is posed at.
    pub animation: Option<String>,
    pub time: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Bone2d {
    pub instance: usize,
    pub name: String,
    /// Index into `bones`.
    pub parent: Option<usize>,
    /// The bone's global matrix in the scene's space; the bone points along its x axis.
    pub matrix: [f64; 6],
    /// `length` as written (in the bone's own x units).
    pub length: f64,
    /// The bone's object; its `name` string.
    pub range: ByteRange,
    pub name_range: Option<ByteRange>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Slot2d {
    pub instance: usize,
    pub name: String,
    /// Index into `bones`.
    pub bone: usize,
    /// The display shown (−1: none).
    pub display_index: i64,
    /// Its draw position within its instance (0: drawn first).
    pub z_order: i64,
    /// The slot's global matrix in the scene's space (where its display's origin is).
    pub matrix: [f64; 6],
    pub range: ByteRange,
    pub name_range: Option<ByteRange>,
}

/// A display in the runtime's words: what the slot shows.
#[derive(Clone, Debug, PartialEq)]
pub struct DisplayRef {
    pub name: String,
    /// The texture (or armature) name it is looked up by.
    pub path: String,
    /// The display's object.
    pub range: ByteRange,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawableKind {
    Image,
    Mesh,
}

/// One textured piece, drawn as triangles: an image display is its quad (two triangles), a mesh
/// display its triangles.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawable2d {
    pub kind: DrawableKind,
    /// Index into `slots`.
    pub slot: usize,
    pub display: DisplayRef,
    /// Index into `textures`: the atlas image the texture is cut from; `None` when no paired atlas
    /// has the texture (the runtime then shows nothing).
    pub texture: Option<usize>,
    /// The texture's region in the atlas, when an atlas has it.
    pub region: Option<Region2d>,
    /// `[x0, y0, x1, y1, …]` in the scene's space: a mesh's deformed vertices as the engine draws
    /// them; an image's quad corners (top-left, top-right, bottom-right, bottom-left of the
    /// picture) — empty when the image's size is unknown (no atlas has its texture).
    pub vertices: Vec<f64>,
    /// `[u0, v0, …]`, one pair per vertex, in atlas pixels (divide by the atlas image's size
    /// — the atlas's declared `width`/`height` when it has them, as the runtimes do); empty
    /// without a region.
    pub uvs: Vec<f64>,
    /// Vertex indices, three per triangle.
    pub triangles: Vec<u32>,
    /// Images only: from atlas pixels to the scene's space (rotated regions included), for
    /// drawing the region with one transform (`drawImage` on a canvas).
    pub image_matrix: Option<[f64; 6]>,
    pub color: ColorTransform2d,
    /// The slot's alpha (bones' and slots' `alpha`, and the alpha of a child armature's slot):
    /// multiplies the alpha after the colour transform.
    pub alpha: f64,
    pub blend_mode: BlendMode2d,
}

/// A `SubTexture` as the runtime reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Region2d {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
    /// Stored turned 90° clockwise: `width`×`height` are its extent in the atlas.
    pub rotated: bool,
}

/// A colour transform as the runtime holds it: multipliers (1 = unchanged), offsets (−255…255).
/// A texel c becomes `c × multiplier + offset / 255` per channel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColorTransform2d {
    pub alpha_multiplier: f64,
    pub red_multiplier: f64,
    pub green_multiplier: f64,
    pub blue_multiplier: f64,
    pub alpha_offset: f64,
    pub red_offset: f64,
    pub green_offset: f64,
    pub blue_offset: f64,
}

impl ColorTransform2d {
    pub const IDENTITY: ColorTransform2d = ColorTransform2d {
        alpha_multiplier: 1.0,
        red_multiplier: 1.0,
        green_multiplier: 1.0,
        blue_multiplier: 1.0,
        alpha_offset: 0.0,
        red_offset: 0.0,
        green_offset: 0.0,
        blue_offset: 0.0,
    };

    /// Whether only the alpha multiplier differs from the identity.
    pub fn is_alpha_only(&self) -> bool {
        ColorTransform2d { alpha_multiplier: 1.0, ..*self } == ColorTransform2d::IDENTITY
    }
}

/// The slot's `blendMode` (DragonBones `BlendMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlendMode2d {
    Normal,
    Add,
    Alpha,
    Darken,
    Difference,
    Erase,
    HardLight,
    Invert,
    Layer,
    Lighten,
    Multiply,
    Overlay,
    Screen,
    Subtract,
}

impl BlendMode2d {
    /// The runtime's numbering (unknown values are `normal`).
    pub fn from_index(i: u32) -> BlendMode2d {
        use BlendMode2d::*;
        [
            Normal, Add, Alpha, Darken, Difference, Erase, HardLight, Invert, Layer, Lighten, Multiply, Overlay,
            Screen, Subtract,
        ]
        .get(i as usize)
        .copied()
        .unwrap_or(Normal)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoxShape {
    Rectangle,
    Ellipse,
    Polygon,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BoundingBox2d {
    pub slot: usize,
    pub display: DisplayRef,
    pub shape: BoxShape,
    /// The outline in the scene's space, `[x0, y0, …]`, closed (an ellipse as 32 points).
    pub outline: Vec<f64>,
}

/// An atlas image.
#[derive(Clone, Debug, PartialEq)]
pub struct Texture2d {
    /// The atlas file (`*_tex.json`).
    pub atlas: String,
    /// The image its `imagePath` names, resolved against the atlas's folder (`None`: the atlas
    /// names none). It may not exist: the caller reads it.
    pub image: Option<String>,
    /// The image size the atlas declares (`None`: use the image's own).
    pub width: Option<f64>,
    pub height: Option<f64>,
}
