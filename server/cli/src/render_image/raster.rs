//! Primitives onto pixels with tiny-skia, supersampled 2× and averaged down, so that mesh
//! triangles can be filled without anti-aliasing (no seams between them) and still have smooth
//! edges. Pure and deterministic: the same canvas gives the same pixels.

use std::collections::HashMap;

use tiny_skia::{
    BlendMode, Color, FillRule, FilterQuality, IntRect, Paint, PathBuilder, Pattern, Pixmap, PremultipliedColorU8,
    Shader, SpreadMode, Stroke, Transform,
};

use super::canvas::{Affine, Canvas, Point, Prim, Rgba, Textured};
use rigls_ide::scene::{BlendMode2d, ColorTransform2d};

const SUPERSAMPLE: u32 = 2;

/// Draws `canvas` over `background` (straight RGBA; `None`: transparent).
pub fn rasterise(canvas: &Canvas, textures: &[Pixmap], background: Option<Rgba>) -> Pixmap {
    let (w, h) = (canvas.width.max(1), canvas.height.max(1));
    let mut big = Pixmap::new(w * SUPERSAMPLE, h * SUPERSAMPLE).expect("a canvas of at least 1×1");
    if let Some(b) = background {
        big.fill(color(b));
    }
    let zoom = Transform::from_scale(SUPERSAMPLE as f32, SUPERSAMPLE as f32);
    let mut tinted = Tinted::default();
    for prim in &canvas.prims {
        match prim {
            Prim::Textured(t) => textured(&mut big, t, textures, &mut tinted, zoom),
            Prim::Fill { points, color: c, multiply, seamless } => {
                let Some(path) = polygon(points, true) else { continue };
                let mut paint = Paint::default();
                paint.set_color(color(*c));
                paint.anti_alias = !seamless;
                if *multiply {
                    paint.blend_mode = BlendMode::Multiply;
                }
                big.fill_path(&path, &paint, FillRule::Winding, zoom, None);
            }
            Prim::Stroke { points, closed, color: c, width } => {
                let Some(path) = polygon(points, *closed) else { continue };
                let mut paint = Paint::default();
                paint.set_color(color(*c));
                let stroke = Stroke { width: *width, ..Stroke::default() };
                big.stroke_path(&path, &paint, &stroke, zoom, None);
            }
            Prim::Disc { center, radius, fill, stroke, width } => {
                let Some(path) = PathBuilder::from_circle(center.0, center.1, *radius) else { continue };
                let mut paint = Paint::default();
                paint.set_color(color(*fill));
                big.fill_path(&path, &paint, FillRule::Winding, zoom, None);
                paint.set_color(color(*stroke));
                big.stroke_path(&path, &paint, &Stroke { width: *width, ..Stroke::default() }, zoom, None);
            }
        }
    }
    downsample(&big, w, h)
}

fn color(c: Rgba) -> Color {
    Color::from_rgba(c[0].clamp(0.0, 1.0), c[1].clamp(0.0, 1.0), c[2].clamp(0.0, 1.0), c[3].clamp(0.0, 1.0))
        .unwrap_or(Color::TRANSPARENT)
}

fn polygon(points: &[Point], closed: bool) -> Option<tiny_skia::Path> {
    if points.len() < 2 || points.iter().any(|p| !p.0.is_finite() || !p.1.is_finite()) {
        return None;
    }
    let mut b = PathBuilder::new();
    b.move_to(points[0].0, points[0].1);
    for p in &points[1..] {
        b.line_to(p.0, p.1);
    }
    if closed {
        b.close();
    }
    b.finish()
}

fn transform(m: &Affine) -> Transform {
    Transform::from_row(m[0] as f32, m[1] as f32, m[2] as f32, m[3] as f32, m[4] as f32, m[5] as f32)
}

fn blend(mode: BlendMode2d) -> BlendMode {
    match mode {
        BlendMode2d::Add => BlendMode::Plus,
        BlendMode2d::Darken => BlendMode::Darken,
        BlendMode2d::Difference => BlendMode::Difference,
        BlendMode2d::HardLight => BlendMode::HardLight,
        BlendMode2d::Lighten => BlendMode::Lighten,
        BlendMode2d::Multiply => BlendMode::Multiply,
        BlendMode2d::Overlay => BlendMode::Overlay,
        BlendMode2d::Screen => BlendMode::Screen,
        // The engines draw the others as normal.
        _ => BlendMode::SourceOver,
    }
}

/// A texture, a rectangle of it and a colour transform's bits.
type TintKey = (usize, [i64; 4], [u64; 8]);

/// Colour-transformed copies of texture rectangles (and where each starts), made once per render.
#[derive(Default)]
struct Tinted {
    cache: HashMap<TintKey, Option<TintedRect>>,
}

/// A tinted copy and where in its texture it starts.
type TintedRect = (Pixmap, (i32, i32));

fn textured(target: &mut Pixmap, t: &Textured, textures: &[Pixmap], tinted: &mut Tinted, zoom: Transform) {
    let Some(texture) = textures.get(t.texture) else { return };
    let (pixmap, offset, opacity) = if t.color.is_alpha_only() {
        (texture.as_ref(), (0, 0), t.alpha * t.color.alpha_multiplier as f32)
    } else {
        let key = (t.texture, t.source.map(|v| v.floor() as i64), t.color_key());
        let entry = tinted.cache.entry(key).or_insert_with(|| tint(texture, t.source, &t.color));
        match entry {
            Some((p, o)) => (p.as_ref(), *o, t.alpha),
            None => return,
        }
    };
    if opacity <= 0.0 {
        return;
    }
    for piece in &t.pieces {
        let Some(path) = polygon(&piece.clip, true) else { continue };
        // The copy starts at `offset` in the texture.
        let m = transform(&piece.matrix).pre_translate(offset.0 as f32, offset.1 as f32);
        let spread = if t.repeat { SpreadMode::Repeat } else { SpreadMode::Pad };
        let shader: Shader = Pattern::new(pixmap, spread, FilterQuality::Bilinear, opacity, m);
        let paint = Paint { shader, blend_mode: blend(t.blend), anti_alias: !t.seamless, ..Paint::default() };
        target.fill_path(&path, &paint, FillRule::Winding, zoom, None);
    }
}

/// The texture rectangle `source` with the colour transform applied to each texel
/// (`c × multiplier + offset / 255`, on straight colour), and where it starts.
fn tint(texture: &Pixmap, source: [f64; 4], c: &ColorTransform2d) -> Option<TintedRect> {
    let x = source[0].floor().max(0.0) as i32;
    let y = source[1].floor().max(0.0) as i32;
    let right = ((source[0] + source[2]).ceil() as i32).min(texture.width() as i32);
    let bottom = ((source[1] + source[3]).ceil() as i32).min(texture.height() as i32);
    let rect = IntRect::from_ltrb(x, y, right, bottom)?;
    let mut copy = texture.clone_rect(rect)?;
    let channel =
        |v: u8, m: f64, o: f64| ((f64::from(v) / 255.0 * m + o / 255.0).clamp(0.0, 1.0) * 255.0).round() as u8;
    for p in copy.pixels_mut() {
        let s = p.demultiply();
        let a = channel(s.alpha(), c.alpha_multiplier, c.alpha_offset);
        let r = channel(s.red(), c.red_multiplier, c.red_offset);
        let g = channel(s.green(), c.green_multiplier, c.green_offset);
        let b = channel(s.blue(), c.blue_multiplier, c.blue_offset);
        *p = tiny_skia::ColorU8::from_rgba(r, g, b, a).premultiply();
    }
    Some((copy, (x, y)))
}

/// Averages each 2×2 block (premultiplied), rounding half up.
fn downsample(big: &Pixmap, w: u32, h: u32) -> Pixmap {
    let mut small = Pixmap::new(w, h).expect("a canvas of at least 1×1");
    let source = big.pixels();
    let stride = (w * SUPERSAMPLE) as usize;
    let out = small.pixels_mut();
    for y in 0..h as usize {
        for x in 0..w as usize {
            let mut sum = [0u32; 4];
            for dy in 0..SUPERSAMPLE as usize {
                for dx in 0..SUPERSAMPLE as usize {
                    let p = source[(y * SUPERSAMPLE as usize + dy) * stride + x * SUPERSAMPLE as usize + dx];
                    sum[0] += u32::from(p.red());
                    sum[1] += u32::from(p.green());
                    sum[2] += u32::from(p.blue());
                    sum[3] += u32::from(p.alpha());
                }
            }
            let n = SUPERSAMPLE * SUPERSAMPLE;
            let avg = sum.map(|s| ((s + n / 2) / n) as u8);
            // Averages of premultiplied pixels stay premultiplied (each channel ≤ alpha).
            out[y * w as usize + x] = PremultipliedColorU8::from_rgba(avg[0], avg[1], avg[2], avg[3])
                .unwrap_or(PremultipliedColorU8::TRANSPARENT);
        }
    }
    small
}
