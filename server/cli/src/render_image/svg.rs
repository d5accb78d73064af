//! Primitives as an SVG document: textures embedded once as PNG data, each textured piece a
//! polygon filled with a pattern of its texture, colour transforms as `feColorMatrix` filters and
//! blend modes as `mix-blend-mode`. Deterministic: numbers written with two decimals at most.

use std::collections::HashMap;
use std::fmt::Write as _;

use base64::Engine as _;

use super::canvas::{Affine, Canvas, Point, Prim, Rgba};
use rigls_ide::scene::{BlendMode2d, ColorTransform2d};

/// A texture as the SVG embeds it.
pub struct SvgTexture<'a> {
    pub png: &'a [u8],
    pub width: u32,
    pub height: u32,
}

fn num(v: f64) -> String {
    let s = format!("{:.2}", if v.abs() < 0.005 { 0.0 } else { v });
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_owned()
}

/// Matrices need more digits than points: a texture pixel may be a hundredth of a canvas pixel.
fn coef(v: f64) -> String {
    let s = format!("{:.6}", if v.abs() < 5e-7 { 0.0 } else { v });
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_owned()
}

fn points(p: &[Point]) -> String {
    p.iter().map(|(x, y)| format!("{},{}", num(f64::from(*x)), num(f64::from(*y)))).collect::<Vec<_>>().join(" ")
}

fn matrix(m: &Affine) -> String {
    format!("matrix({})", m.iter().map(|&v| coef(v)).collect::<Vec<_>>().join(" "))
}

fn paint(c: Rgba) -> String {
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    let mut s = format!("#{:02x}{:02x}{:02x}", byte(c[0]), byte(c[1]), byte(c[2]));
    if c[3] < 1.0 {
        let _ = write!(s, "\" fill-opacity=\"{}", num(f64::from(c[3].max(0.0))));
    }
    s
}

fn stroke(c: Rgba, width: f32) -> String {
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!(
        "stroke=\"#{:02x}{:02x}{:02x}\" stroke-opacity=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\"",
        byte(c[0]),
        byte(c[1]),
        byte(c[2]),
        num(f64::from(c[3].clamp(0.0, 1.0))),
        num(f64::from(width))
    )
}

fn blend(mode: BlendMode2d) -> Option<&'static str> {
    Some(match mode {
        BlendMode2d::Add => "plus-lighter",
        BlendMode2d::Darken => "darken",
        BlendMode2d::Difference => "difference",
        BlendMode2d::HardLight => "hard-light",
        BlendMode2d::Lighten => "lighten",
        BlendMode2d::Multiply => "multiply",
        BlendMode2d::Overlay => "overlay",
        BlendMode2d::Screen => "screen",
        _ => return None,
    })
}

pub fn write(canvas: &Canvas, textures: &[SvgTexture<'_>], background: Option<Rgba>) -> String {
    let (w, h) = (canvas.width, canvas.height);
    let mut defs = String::new();
    let mut body = String::new();
    let mut used = vec![false; textures.len()];
    let mut filters: HashMap<[u64; 8], usize> = HashMap::new();
    let mut patterns = 0usize;
    if let Some(b) = background {
        let _ = writeln!(body, "<rect width=\"{w}\" height=\"{h}\" fill=\"{}\"/>", paint(b));
    }
    for prim in &canvas.prims {
        match prim {
            Prim::Textured(t) => {
                let Some(texture) = textures.get(t.texture) else { continue };
                used[t.texture] = true;
                let mut group = String::from("<g");
                let opacity =
                    if t.color.is_alpha_only() { t.alpha as f64 * t.color.alpha_multiplier } else { t.alpha as f64 };
                if opacity < 1.0 {
                    let _ = write!(group, " opacity=\"{}\"", num(opacity.max(0.0)));
                }
                if !t.color.is_alpha_only() {
                    let key = t.color_key();
                    let next = filters.len();
                    let id = *filters.entry(key).or_insert_with(|| {
                        let _ = writeln!(defs, "{}", filter(next, &t.color));
                        next
                    });
                    let _ = write!(group, " filter=\"url(#f{id})\"");
                }
                if let Some(mode) = blend(t.blend) {
                    let _ = write!(group, " style=\"mix-blend-mode:{mode}\"");
                }
                group.push('>');
                for piece in &t.pieces {
                    let id = patterns;
                    patterns += 1;
                    let _ = writeln!(
                        defs,
                        "<pattern id=\"p{id}\" patternUnits=\"userSpaceOnUse\" width=\"{}\" height=\"{}\" patternTransform=\"{}\"><use href=\"#t{}\"/></pattern>",
                        texture.width,
                        texture.height,
                        matrix(&piece.matrix),
                        t.texture
                    );
                    let _ = write!(group, "<polygon points=\"{}\" fill=\"url(#p{id})\"/>", points(&piece.clip));
                }
                group.push_str("</g>");
                let _ = writeln!(body, "{group}");
            }
            Prim::Fill { points: p, color, multiply, .. } => {
                let style = if *multiply { " style=\"mix-blend-mode:multiply\"" } else { "" };
                let _ = writeln!(body, "<polygon points=\"{}\" fill=\"{}\"{style}/>", points(p), paint(*color));
            }
            Prim::Stroke { points: p, closed, color, width } => {
                let tag = if *closed { "polygon" } else { "polyline" };
                let _ = writeln!(body, "<{tag} points=\"{}\" fill=\"none\" {}/>", points(p), stroke(*color, *width));
            }
            Prim::Disc { center, radius, fill, stroke: s, width } => {
                let _ = writeln!(
                    body,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" {}/>",
                    num(f64::from(center.0)),
                    num(f64::from(center.1)),
                    num(f64::from(*radius)),
                    paint(*fill),
                    stroke(*s, *width)
                );
            }
        }
    }
    let mut images = String::new();
    for (i, t) in textures.iter().enumerate().filter(|(i, _)| used[*i]) {
        let data = base64::engine::general_purpose::STANDARD.encode(t.png);
        let _ = writeln!(
            images,
            "<image id=\"t{i}\" width=\"{}\" height=\"{}\" href=\"data:image/png;base64,{data}\"/>",
            t.width, t.height
        );
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n<defs>\n{images}{defs}</defs>\n<g style=\"isolation:isolate\">\n{body}</g>\n</svg>\n"
    )
}

fn filter(id: usize, c: &ColorTransform2d) -> String {
    let o = |v: f64| coef(v / 255.0);
    let m = |v: f64| coef(v);
    format!(
        "<filter id=\"f{id}\" color-interpolation-filters=\"sRGB\"><feColorMatrix type=\"matrix\" values=\"{} 0 0 0 {} 0 {} 0 0 {} 0 0 {} 0 {} 0 0 0 {} {}\"/></filter>",
        m(c.red_multiplier),
        o(c.red_offset),
        m(c.green_multiplier),
        o(c.green_offset),
        m(c.blue_multiplier),
        o(c.blue_offset),
        m(c.alpha_multiplier),
        o(c.alpha_offset)
    )
}
