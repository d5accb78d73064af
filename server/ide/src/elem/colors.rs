//! Document colours: material `Diffuse`/`Ambient`/`Emissive`/`Specular` and per-vertex `Diffuse`
//! lines, all `a:r:g:b` with alpha first. A picked colour is written back in the file's notation:
//! alpha first, with as many decimals as the original numbers had (six, Elfreina's own, when they
//! had none, so that a picked colour is not rounded to 0 or 1). The colour already written is
//! presented as written, so asking for it changes nothing.

use super::ElemDoc;
use super::hover::color_of;
use crate::color::{decimals, format_component, same_color};
use crate::{Analysis, ColorInfo, ColorPresentation, Rgba};
use rigls_diagnostic::TextEdit;
use rigls_elem::schema::{self, ScopeKind, ValueType};
use rigls_elem::syntax::Item;
use rigls_elem::values::Values;
use rigls_text::TextRange;

pub fn document_colors(analysis: &Analysis) -> Vec<ColorInfo> {
    let Some(ctx) = ElemDoc::new(analysis) else { return Vec::new() };
    let mut out = Vec::new();
    let mut values = Values::default();
    for id in ctx.tree.preorder() {
        let kind = ctx.kind(id);
        let is_material = kind == ScopeKind::Material;
        if !is_material && kind != ScopeKind::VertexDiffuse {
            continue;
        }
        for item in &ctx.tree.scope(id).items {
            let range = match item {
                Item::Key(line) if is_material && line.ok => {
                    let is_color = schema::key_def(kind, ctx.slice(line.key)).is_some_and(|d| d.ty == ValueType::Color);
                    if !is_color {
                        continue;
                    }
                    line.value
                }
                Item::Entry(entry) if !is_material && entry.ok => entry.range,
                _ => continue,
            };
            values.fill(ctx.text, range);
            if let (Some(color), Some(range)) = (color_of(&ctx, &values.atoms), values.range()) {
                out.push(ColorInfo { range, color: clamp(color) });
            }
        }
    }
    out.sort_by_key(|c| c.range.start);
    out
}

fn clamp(c: Rgba) -> Rgba {
    Rgba {
        red: c.red.clamp(0.0, 1.0),
        green: c.green.clamp(0.0, 1.0),
        blue: c.blue.clamp(0.0, 1.0),
        alpha: c.alpha.clamp(0.0, 1.0),
    }
}

pub fn color_presentations(analysis: &Analysis, range: TextRange, color: Rgba) -> Vec<ColorPresentation> {
    let Some(ctx) = ElemDoc::new(analysis) else { return Vec::new() };
    let values = Values::read(ctx.text, range);
    // The colour already written there (an editor showing the current colour, or a picker closed
    // unchanged): its text as written, whatever its notation, rather than a rewrite.
    let text = if color_of(&ctx, &values.atoms).is_some_and(|written| same_color(written, color)) {
        ctx.slice(range).to_owned()
    } else {
        let places = values.atoms.iter().map(|a| decimals(ctx.slice(a.range))).max().unwrap_or(0);
        let places = if places == 0 { 6 } else { places };
        [color.alpha, color.red, color.green, color.blue].map(|v| format_component(v, places)).join(":")
    };
    vec![ColorPresentation {
        label: text.clone(),
        edit: TextEdit { range, new_text: text },
        additional_edits: Vec::new(),
    }]
}
