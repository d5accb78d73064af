//! Texture atlases: every `SubTexture` region inside the atlas (its `width`/`height`, and the
//! image on disk when it can be read), and the atlas's size agreeing with its image (read from
//! the PNG header).

use super::{DragonBonesCheck, report};
use crate::schema::{fmt_num, key};
use crate::syntax::NodeId;
use rigls_diagnostic::Code;

pub fn check(ctx: &mut DragonBonesCheck) {
    for &atlas in &ctx.model.atlases.clone() {
        atlas_regions(ctx, atlas);
    }
}

fn number(ctx: &DragonBonesCheck, object: NodeId, name: &str) -> Option<f64> {
    ctx.get(object, name).and_then(|v| ctx.tree.number(ctx.text, v))
}

fn atlas_regions(ctx: &mut DragonBonesCheck, atlas: NodeId) {
    let declared = match (number(ctx, atlas, key::WIDTH), number(ctx, atlas, key::HEIGHT)) {
        (Some(w), Some(h)) if w > 0.0 && h > 0.0 => Some((w, h)),
        _ => None,
    };
    let image = ctx.get(atlas, key::IMAGE_PATH).and_then(|p| ctx.tree.str(ctx.text, p)).and_then(|p| {
        let dir = ctx.path?.parent()?;
        let path = dir.join(p.as_ref());
        rigls_diagnostic::env::png_size(ctx.fs, &path).map(|(w, h)| (path, f64::from(w), f64::from(h)))
    });
    if let (Some((w, h)), Some((path, iw, ih))) = (declared, &image)
        && (w != *iw || h != *ih)
    {
        let at = ctx.key_range(atlas, key::WIDTH).unwrap_or_else(|| ctx.anchor(atlas));
        let file = path.file_name().map_or(String::new(), |f| f.to_string_lossy().into_owned());
        let message = format!(
            "the atlas says it is {} × {} but its image `{file}` is {} × {}: runtimes map mesh textures by the atlas's size, so they shift and stretch",
            fmt_num(w),
            fmt_num(h),
            fmt_num(*iw),
            fmt_num(*ih)
        );
        ctx.push(report(Code::ImageSizeMismatch, at, message));
    }
    // The rectangle regions must fit: the atlas's own size, else the image's.
    let (bound, what) = match (declared, &image) {
        (Some(size), _) => (size, "the atlas's `width` × `height`"),
        (None, Some((_, w, h))) => ((*w, *h), "its image"),
        (None, None) => return,
    };
    let Some(list) = ctx.is_array(ctx.get(atlas, key::SUB_TEXTURE)) else { return };
    let regions: Vec<NodeId> = ctx.tree.elements(list).filter(|&e| ctx.tree.is_object(e)).collect();
    let mut reported = 0;
    for region in regions {
        let x = number(ctx, region, key::X).unwrap_or(0.0);
        let y = number(ctx, region, key::Y).unwrap_or(0.0);
        let w = number(ctx, region, key::WIDTH).unwrap_or(0.0);
        let h = number(ctx, region, key::HEIGHT).unwrap_or(0.0);
        if x >= 0.0 && y >= 0.0 && x + w <= bound.0 && y + h <= bound.1 {
            continue;
        }
        reported += 1;
        if reported > 20 {
            break;
        }
        let message = format!(
            "SubTexture {} ({}, {}, {} × {}) reaches outside {what} ({} × {}): engines cut textures from the image by this rectangle (PixiJS throws, others draw garbage)",
            ctx.quoted_name(region),
            fmt_num(x),
            fmt_num(y),
            fmt_num(w),
            fmt_num(h),
            fmt_num(bound.0),
            fmt_num(bound.1)
        );
        ctx.push(report(Code::RegionOutOfBounds, ctx.anchor(region), message));
    }
}
