//! Document colours: colour transforms (`color`/`colorTransform` of slots and slot frames,
//! colour-frame `value`s) and the integer `color` (0xRRGGBB) of canvases and bounding boxes.
//!
//! A colour transform multiplies each channel by `xM`/100 (0..100, default 100) and adds `xO`
//! (−255..255, default 0). It is shown as the colour it gives a white source: each channel is
//! `clamp(xM / 100 + xO / 255, 0, 1)`, so `{}` is opaque white, `{"rM": 50}` a cyan tint and
//! `{"aM": 0}` transparent.
//!
//! A picked colour is written back as multipliers (whole numbers 0..100, as the editors export
//! them) with every offset 0, so the transform gives exactly the picked colour again: offsets that
//! were not 0 are set to 0, members that keep their value are not touched, members the transform
//! lacks are added (after its last member, with the commas JSON needs) only when they differ from
//! their default. The integer `color` is written back as a decimal integer, as exported.

use super::walk::walk;
use super::{Cursor, DragonBonesDoc};
use crate::color::{same_color, swatch_markdown};
use crate::{Analysis, ColorInfo, ColorPresentation, Rgba};
use rigls_diagnostic::TextEdit;
use rigls_dragonbones::schema::ObjectKind;
use rigls_dragonbones::schema::key;
use rigls_dragonbones::syntax::{Member, NodeId, NodeKind};
use rigls_text::TextRange;

/// The members of a colour transform in the order they are written back.
const MEMBERS: [(&str, f64); 8] = rigls_dragonbones::schema::COLOR_TRANSFORM_MEMBERS;

/// A colour transform object as written.
pub struct Transform {
    pub object: NodeId,
    /// Each of [`MEMBERS`]: the member when written, and its value (the default when absent).
    pub members: [(Option<Member>, f64); 8],
}

impl Transform {
    pub fn read(ctx: &DragonBonesDoc, object: NodeId) -> Option<Transform> {
        if !ctx.tree.is_object(object) {
            return None;
        }
        let members = MEMBERS.map(|(key, default)| {
            let member = ctx.tree.member(ctx.text, object, key);
            let value = member.and_then(|m| ctx.tree.number(ctx.text, m.value)).unwrap_or(default);
            (member, value)
        });
        Some(Transform { object, members })
    }

    fn value(&self, key: &str) -> f64 {
        MEMBERS.iter().position(|(k, _)| *k == key).map_or(0.0, |i| self.members[i].1)
    }

    /// The colour the transform gives a white source.
    pub fn color(&self) -> Rgba {
        let channel = |m: &str, o: &str| (self.value(m) / 100.0 + self.value(o) / 255.0).clamp(0.0, 1.0);
        Rgba {
            red: channel(key::R_M, key::R_O),
            green: channel(key::G_M, key::G_O),
            blue: channel(key::B_M, key::B_O),
            alpha: channel(key::A_M, key::A_O),
        }
    }
}

/// The swatch and numbers of a colour transform, for hovers.
pub fn transform_markdown(t: &Transform) -> String {
    let n = rigls_dragonbones::schema::fmt_num;
    let offsets = if [key::A_O, key::R_O, key::G_O, key::B_O].iter().any(|k| t.value(k) != 0.0) {
        format!(
            " · offsets red {} green {} blue {} alpha {}",
            n(t.value(key::R_O)),
            n(t.value(key::G_O)),
            n(t.value(key::B_O)),
            n(t.value(key::A_O))
        )
    } else {
        String::new()
    };
    format!(
        "**Colour transform** (on a white source)\n\n{}\n\nmultipliers red {}% green {}% blue {}% alpha {}%{offsets}",
        swatch_markdown(t.color()),
        n(t.value(key::R_M)),
        n(t.value(key::G_M)),
        n(t.value(key::B_M)),
        n(t.value(key::A_M))
    )
}

/// An integer 0xRRGGBB as an opaque colour.
pub fn from_rgb(rgb: i64) -> Rgba {
    let byte = |shift: u32| ((rgb >> shift) & 0xFF) as f64 / 255.0;
    Rgba { red: byte(16), green: byte(8), blue: byte(0), alpha: 1.0 }
}

fn to_rgb(c: Rgba) -> i64 {
    let byte = |v: f64| (v.clamp(0.0, 1.0) * 255.0).round() as i64;
    (byte(c.red) << 16) | (byte(c.green) << 8) | byte(c.blue)
}

/// Whether an integer `color` member of an object of this kind is a colour.
fn integer_color(kind: Option<ObjectKind>, key: &str) -> bool {
    key == key::COLOR && matches!(kind, Some(ObjectKind::Canvas | ObjectKind::Display))
}

pub fn document_colors(analysis: &Analysis) -> Vec<ColorInfo> {
    let Some(ctx) = DragonBonesDoc::new(analysis) else { return Vec::new() };
    let mut out = Vec::new();
    walk(&ctx, None, |v| match v.kind {
        NodeKind::Object if v.object_kind == Some(ObjectKind::Color) => {
            if let Some(t) = Transform::read(&ctx, v.node) {
                out.push(ColorInfo { range: ctx.tree.range(v.node), color: t.color() });
            }
        }
        NodeKind::Number if v.index.is_none() && v.def.is_some_and(|d| integer_color(v.object_kind, d.name)) => {
            if let Some(rgb) = ctx.tree.int(ctx.text, v.node) {
                out.push(ColorInfo { range: ctx.tree.range(v.node), color: from_rgb(rgb) });
            }
        }
        _ => {}
    });
    out
}

pub fn color_presentations(analysis: &Analysis, range: TextRange, color: Rgba) -> Vec<ColorPresentation> {
    let Some(ctx) = DragonBonesDoc::new(analysis) else { return Vec::new() };
    let Some(cursor) = Cursor::at(&ctx, range.start) else { return Vec::new() };
    // An integer colour.
    if let (Some(member), false) = (cursor.member, cursor.on_key)
        && ctx.tree.kind(member.value) == NodeKind::Number
        && cursor.key(&ctx).is_some_and(|k| integer_color(cursor.kind, &k))
    {
        let range = ctx.tree.range(member.value);
        let text = if ctx.tree.int(ctx.text, member.value).is_some_and(|rgb| same_color(from_rgb(rgb), color)) {
            ctx.slice(range).to_owned()
        } else {
            to_rgb(color).to_string()
        };
        let label = format!("{text} (0x{:06X})", to_rgb(color));
        return vec![ColorPresentation {
            label,
            edit: TextEdit { range, new_text: text },
            additional_edits: Vec::new(),
        }];
    }
    // A colour transform: the innermost one containing the range.
    let object = if cursor.kind == Some(ObjectKind::Color) { Some(cursor.object) } else { None };
    let Some(t) = object.and_then(|o| Transform::read(&ctx, o)) else { return Vec::new() };
    transform_presentation(&ctx, &t, color).into_iter().collect()
}

/// The edits writing `color` into the transform (see the module documentation).
fn transform_presentation(ctx: &DragonBonesDoc, t: &Transform, color: Rgba) -> Option<ColorPresentation> {
    let percent = |v: f64| (v.clamp(0.0, 1.0) * 100.0).round();
    let wanted: [f64; 8] =
        [percent(color.alpha), percent(color.red), percent(color.green), percent(color.blue), 0.0, 0.0, 0.0, 0.0];
    let unchanged = same_color(t.color(), color);
    let mut edits: Vec<TextEdit> = Vec::new();
    let mut added: Vec<String> = Vec::new();
    let mut label: Vec<String> = Vec::new();
    for (i, (key, default)) in MEMBERS.iter().enumerate() {
        let (member, current) = t.members[i];
        let value = if unchanged { current } else { wanted[i] };
        let text = rigls_dragonbones::schema::fmt_num(value);
        match member {
            Some(m) => {
                label
                    .push(format!("\"{key}\": {}", if unchanged { ctx.slice(ctx.tree.range(m.value)) } else { &text }));
                let written = ctx.tree.number(ctx.text, m.value);
                if written != Some(value) || ctx.tree.kind(m.value) != NodeKind::Number {
                    edits.push(TextEdit { range: ctx.tree.range(m.value), new_text: text });
                }
            }
            None if value != *default => {
                label.push(format!("\"{key}\": {text}"));
                added.push(format!("\"{key}\": {text}"));
            }
            None => {}
        }
    }
    if !added.is_empty() {
        let last = ctx.tree.members(t.object).last();
        let (at, text) = match last {
            Some(m) => (ctx.tree.member_range(m).end, format!(", {}", added.join(", "))),
            None => (ctx.tree.range(t.object).start + 1, added.join(", ")),
        };
        edits.push(TextEdit { range: TextRange::empty(at), new_text: text });
    }
    let label = if label.is_empty() { "{}".to_owned() } else { format!("{{{}}}", label.join(", ")) };
    edits.sort_by_key(|e| e.range.start);
    // The first edit is the presentation's own; with nothing to change, an empty edit at the brace.
    let first = if edits.is_empty() {
        TextEdit { range: TextRange::empty(ctx.tree.range(t.object).start), new_text: String::new() }
    } else {
        edits.remove(0)
    };
    Some(ColorPresentation { label, edit: first, additional_edits: edits })
}
