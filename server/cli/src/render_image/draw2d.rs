//! A DragonBones scene on the canvas: its drawables textured from the atlas images (or outlined),
//! then, when asked, the bones and bounding boxes over them.

use super::canvas::{Fit, Piece, Point, Prim, Textured, apply, compose, rgb, triangle_map};
use rigls_ide::scene::{Drawable2d, DrawableKind, Scene2d};

/// An atlas image the render could read: its index among the loaded textures and the factors from
/// the atlas's declared size to the image's own.
#[derive(Clone, Copy, Debug)]
pub struct Loaded {
    pub index: usize,
    pub factor: (f64, f64),
}

pub struct Style {
    /// Outline every display instead of texturing it.
    pub outline: bool,
    pub bones: bool,
}

const OUTLINE: u32 = 0x2f6db5;
const BOX: u32 = 0xc0389c;
const BONE: u32 = 0xff9f1a;
const BONE_EDGE: u32 = 0x4a2a00;

/// Appends the scene's primitives; `loaded[t]` is scene texture `t` when its image was read.
pub fn draw(scene: &Scene2d, fit: &Fit, loaded: &[Option<Loaded>], style: &Style, out: &mut Vec<Prim>) {
    let to_canvas = |x: f64, y: f64| fit.point(x, y);
    for d in &scene.drawables {
        let image = d.texture.and_then(|t| loaded.get(t).copied().flatten());
        let region = d.region.filter(|_| !d.uvs.is_empty());
        match (image, region) {
            (Some(image), Some(region)) if !style.outline => {
                let (fx, fy) = image.factor;
                let source = [region.x * fx, region.y * fy, region.width * fx, region.height * fy];
                // Atlas pixels as declared → the image's own pixels.
                let unscale = [1.0 / fx, 0.0, 0.0, 1.0 / fy, 0.0, 0.0];
                let pieces = match (d.kind, d.image_matrix) {
                    (DrawableKind::Image, Some(m)) => {
                        let matrix = compose(&compose(&unscale, &m), &fit.affine());
                        let clip = d.vertices.chunks_exact(2).map(|p| to_canvas(p[0], p[1])).collect();
                        vec![Piece { matrix, clip }]
                    }
                    _ => d
                        .triangles
                        .chunks_exact(3)
                        .filter_map(|t| {
                            let at = |i: u32| -> Option<((f64, f64), (f64, f64))> {
                                let i = i as usize;
                                let uv = (*d.uvs.get(i * 2)? * fx, *d.uvs.get(i * 2 + 1)? * fy);
                                let xy = apply(&fit.affine(), *d.vertices.get(i * 2)?, *d.vertices.get(i * 2 + 1)?);
                                Some((uv, xy))
                            };
                            let (a, b, c) = (at(t[0])?, at(t[1])?, at(t[2])?);
                            let matrix = triangle_map([a.0, b.0, c.0], [a.1, b.1, c.1])?;
                            let clip = [a.1, b.1, c.1].iter().map(|p| (p.0 as f32, p.1 as f32)).collect();
                            Some(Piece { matrix, clip })
                        })
                        .collect(),
                };
                out.push(Prim::Textured(Textured {
                    texture: image.index,
                    source,
                    pieces,
                    color: d.color,
                    alpha: d.alpha as f32,
                    blend: d.blend_mode,
                    seamless: d.kind == DrawableKind::Mesh,
                    repeat: false,
                }));
            }
            _ if outlined(d, image.is_some(), style.outline) => outline(scene, d, fit, out),
            // The runtime shows nothing for a texture no atlas has.
            _ => {}
        }
    }
    if style.outline || style.bones {
        for b in &scene.bounding_boxes {
            let points: Vec<Point> = b.outline.chunks_exact(2).map(|p| to_canvas(p[0], p[1])).collect();
            out.push(Prim::Stroke { points, closed: true, color: rgb(BOX, 0.9), width: 1.25 });
        }
    }
    if style.bones {
        bones(scene, fit, out);
    }
}

/// Whether `d` is drawn as an outline (whatever its alpha): asked for, or a display whose texture
/// an atlas has but whose image (`loaded`) or region is missing.
pub fn outlined(d: &Drawable2d, loaded: bool, outline: bool) -> bool {
    outline || (d.texture.is_some() && !(loaded && d.region.is_some() && !d.uvs.is_empty()))
}

/// A display without its texture: the image's box (a cross at its origin when even its size is
/// unknown) or the mesh's triangles.
fn outline(scene: &Scene2d, d: &Drawable2d, fit: &Fit, out: &mut Vec<Prim>) {
    let point = |i: usize| fit.point(d.vertices[i * 2], d.vertices[i * 2 + 1]);
    let count = d.vertices.len() / 2;
    match d.kind {
        DrawableKind::Image if count == 4 => {
            out.push(Prim::Fill {
                points: (0..4).map(point).collect(),
                color: rgb(OUTLINE, 0.08),
                multiply: false,
                seamless: false,
            });
            out.push(Prim::Stroke {
                points: (0..4).map(point).collect(),
                closed: true,
                color: rgb(OUTLINE, 0.9),
                width: 1.0,
            });
        }
        DrawableKind::Image => {
            let m = &scene.slots[d.slot].matrix;
            let (x, y) = fit.point(m[4], m[5]);
            for (dx, dy) in [(5.0, 5.0), (5.0, -5.0)] {
                let points = vec![(x - dx, y - dy), (x + dx, y + dy)];
                out.push(Prim::Stroke { points, closed: false, color: rgb(OUTLINE, 0.9), width: 1.0 });
            }
        }
        DrawableKind::Mesh => {
            for t in d.triangles.chunks_exact(3) {
                let points: Vec<Point> = t.iter().map(|&i| point(i as usize)).collect();
                out.push(Prim::Stroke { points, closed: true, color: rgb(OUTLINE, 0.55), width: 0.75 });
            }
        }
    }
}

/// Each bone as the DragonBones editor draws it: a narrow kite from its origin along its x axis
/// for its length, with a round joint at the origin.
fn bones(scene: &Scene2d, fit: &Fit, out: &mut Vec<Prim>) {
    for b in &scene.bones {
        let m = &b.matrix;
        let origin = fit.point(m[4], m[5]);
        let tip = fit.point(m[0] * b.length + m[4], m[1] * b.length + m[5]);
        let (dx, dy) = (tip.0 - origin.0, tip.1 - origin.1);
        let length = (dx * dx + dy * dy).sqrt();
        if length >= 2.0 && length.is_finite() {
            let width = (length * 0.1).clamp(1.5, 5.0);
            let (nx, ny) = (-dy / length * width, dx / length * width);
            let waist = (origin.0 + dx * 0.18, origin.1 + dy * 0.18);
            let kite = vec![origin, (waist.0 + nx, waist.1 + ny), tip, (waist.0 - nx, waist.1 - ny)];
            out.push(Prim::Fill { points: kite.clone(), color: rgb(BONE, 0.75), multiply: false, seamless: false });
            out.push(Prim::Stroke { points: kite, closed: true, color: rgb(BONE_EDGE, 0.9), width: 1.0 });
        }
        if origin.0.is_finite() && origin.1.is_finite() {
            out.push(Prim::Disc {
                center: origin,
                radius: 2.5,
                fill: rgb(0xffffff, 0.95),
                stroke: rgb(BONE_EDGE, 0.95),
                width: 1.0,
            });
        }
    }
}
