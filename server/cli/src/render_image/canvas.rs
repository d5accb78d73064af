//! What a render draws, in canvas pixels: a list of primitives that both the raster
//! ([`super::raster`]) and the SVG ([`super::svg`]) writers draw the same way.

use rigls_ide::scene::{BlendMode2d, ColorTransform2d};

/// A point in canvas pixels (x right, y down).
pub type Point = (f32, f32);

/// Straight (not premultiplied) RGBA, each 0…1.
pub type Rgba = [f32; 4];

/// A box on the screen, `(min, max)`, grown point by point.
pub type ScreenBox = Option<((f64, f64), (f64, f64))>;

/// An affine map `[a, b, c, d, tx, ty]`: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
pub type Affine = [f64; 6];

pub fn apply(m: &Affine, x: f64, y: f64) -> (f64, f64) {
    (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
}

/// `first` then `then`.
pub fn compose(first: &Affine, then: &Affine) -> Affine {
    [
        then[0] * first[0] + then[2] * first[1],
        then[1] * first[0] + then[3] * first[1],
        then[0] * first[2] + then[2] * first[3],
        then[1] * first[2] + then[3] * first[3],
        then[0] * first[4] + then[2] * first[5] + then[4],
        then[1] * first[4] + then[3] * first[5] + then[5],
    ]
}

/// The affine map taking texture triangle `uv` onto canvas triangle `xy`; `None` when either is
/// degenerate or not finite.
pub fn triangle_map(uv: [(f64, f64); 3], xy: [(f64, f64); 3]) -> Option<Affine> {
    let (u1, v1) = (uv[1].0 - uv[0].0, uv[1].1 - uv[0].1);
    let (u2, v2) = (uv[2].0 - uv[0].0, uv[2].1 - uv[0].1);
    let (x1, y1) = (xy[1].0 - xy[0].0, xy[1].1 - xy[0].1);
    let (x2, y2) = (xy[2].0 - xy[0].0, xy[2].1 - xy[0].1);
    let det = u1 * v2 - u2 * v1;
    if det.abs() < 1e-12 || !det.is_finite() {
        return None;
    }
    let a = (x1 * v2 - x2 * v1) / det;
    let c = (x2 * u1 - x1 * u2) / det;
    let b = (y1 * v2 - y2 * v1) / det;
    let d = (y2 * u1 - y1 * u2) / det;
    let tx = xy[0].0 - a * uv[0].0 - c * uv[0].1;
    let ty = xy[0].1 - b * uv[0].0 - d * uv[0].1;
    let m = [a, b, c, d, tx, ty];
    m.iter().all(|v| v.is_finite()).then_some(m)
}

/// How a piece of texture is laid on the canvas.
#[derive(Clone, Debug)]
pub struct Piece {
    /// Texture pixels → canvas pixels.
    pub matrix: Affine,
    /// The canvas polygon the texture shows through.
    pub clip: Vec<Point>,
}

#[derive(Clone, Debug)]
pub struct Textured {
    /// Index into the render's loaded textures.
    pub texture: usize,
    /// The texture rectangle `[x, y, width, height]` the pieces read (colour transforms are
    /// applied to it once).
    pub source: [f64; 4],
    pub pieces: Vec<Piece>,
    pub color: ColorTransform2d,
    pub alpha: f32,
    pub blend: BlendMode2d,
    /// Meshes: triangles meet edge to edge, drawn without anti-aliasing (the render is
    /// supersampled) so that no seam shows between them.
    pub seamless: bool,
    /// Wrap texture coordinates outside the texture (3-D models); else clamp.
    pub repeat: bool,
}

impl Textured {
    /// The colour transform's bits, to tell transforms apart.
    pub fn color_key(&self) -> [u64; 8] {
        let c = &self.color;
        [
            c.alpha_multiplier,
            c.red_multiplier,
            c.green_multiplier,
            c.blue_multiplier,
            c.alpha_offset,
            c.red_offset,
            c.green_offset,
            c.blue_offset,
        ]
        .map(f64::to_bits)
    }
}

#[derive(Clone, Debug)]
pub enum Prim {
    Textured(Textured),
    /// A filled polygon (`multiply`: multiplies what is below, to tint or shade a texture).
    Fill {
        points: Vec<Point>,
        color: Rgba,
        multiply: bool,
        seamless: bool,
    },
    Stroke {
        points: Vec<Point>,
        closed: bool,
        color: Rgba,
        width: f32,
    },
    Disc {
        center: Point,
        radius: f32,
        fill: Rgba,
        stroke: Rgba,
        width: f32,
    },
}

/// One picture: its size and what is on it, back to front.
#[derive(Clone, Debug, Default)]
pub struct Canvas {
    pub width: u32,
    pub height: u32,
    pub prims: Vec<Prim>,
}

/// Maps scene coordinates onto a cell of the canvas: `canvas = scene × scale + offset`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    pub scale: f64,
    pub offset: (f64, f64),
}

impl Fit {
    /// Fits the box `min`…`max` into a `width`×`height` cell at `(x, y)`, with a margin, centred.
    pub fn new(min: (f64, f64), max: (f64, f64), width: u32, height: u32, cell: (f64, f64)) -> Fit {
        let (w, h) = (f64::from(width), f64::from(height));
        let margin = (w.min(h) * 0.06).max(4.0);
        let (bw, bh) = (max.0 - min.0, max.1 - min.1);
        let room = ((w - 2.0 * margin).max(1.0), (h - 2.0 * margin).max(1.0));
        let scale = match (bw > 1e-9, bh > 1e-9) {
            (true, true) => (room.0 / bw).min(room.1 / bh),
            (true, false) => room.0 / bw,
            (false, true) => room.1 / bh,
            (false, false) => 1.0,
        };
        let scale = if scale.is_finite() && scale > 0.0 { scale } else { 1.0 };
        let centre = ((min.0 + max.0) / 2.0, (min.1 + max.1) / 2.0);
        let offset = (cell.0 + w / 2.0 - centre.0 * scale, cell.1 + h / 2.0 - centre.1 * scale);
        Fit { scale, offset }
    }

    pub fn point(&self, x: f64, y: f64) -> Point {
        ((x * self.scale + self.offset.0) as f32, (y * self.scale + self.offset.1) as f32)
    }

    /// The fit as an affine map.
    pub fn affine(&self) -> Affine {
        [self.scale, 0.0, 0.0, self.scale, self.offset.0, self.offset.1]
    }
}

/// A colour from `0xRRGGBB` and an alpha.
pub const fn rgb(hex: u32, alpha: f32) -> Rgba {
    [((hex >> 16) & 0xff) as f32 / 255.0, ((hex >> 8) & 0xff) as f32 / 255.0, (hex & 0xff) as f32 / 255.0, alpha]
}
