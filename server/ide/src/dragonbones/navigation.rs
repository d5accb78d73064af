//! Go to definition, find references and document highlights for every name; go to definition
//! also follows indices (`displayIndex` to its display, mesh `weights` to their bone…) and
//! texture names into the paired atlas file.

use super::names::{self, Target};
use super::{DragonBonesDoc, indices};
use crate::{Analysis, Highlight, HighlightKind, Location, NavTarget};
use rigls_dragonbones::model::NameAt;

pub fn goto_definition(analysis: &Analysis, offset: u32) -> Vec<NavTarget> {
    let Some(ctx) = DragonBonesDoc::new(analysis) else { return Vec::new() };
    let Some(at) = names::name_at(&ctx, offset) else {
        return indices::index_at(&ctx, offset)
            .and_then(|i| i.resolved.target)
            .map(|(full_range, focus_range)| NavTarget { file: None, full_range, focus_range })
            .into_iter()
            .collect();
    };
    // A display `name` without `path` also names its texture or child armature: go there.
    let target = match at {
        NameAt::Def(def) => match names::doubled_ref(&ctx, def) {
            Some(r) => names::resolve(&ctx, r),
            None => Some(Target::Def(def)),
        },
        NameAt::Ref(r) => names::resolve(&ctx, r),
    };
    target
        .map(|t| {
            let (full_range, focus_range) = names::target_ranges(&ctx, t);
            NavTarget { file: t.file(), full_range, focus_range }
        })
        .into_iter()
        .collect()
}

pub fn references(analysis: &Analysis, offset: u32, include_declaration: bool) -> Vec<Location> {
    let Some(ctx) = DragonBonesDoc::new(analysis) else { return Vec::new() };
    let Some(at) = names::name_at(&ctx, offset) else { return Vec::new() };
    let symbol = names::symbol(&ctx, at);
    let mut out: Vec<Location> = Vec::new();
    if include_declaration && let Some(Target::Atlas(atlas, i)) = symbol.target {
        out.push(Location { file: Some(atlas.path.clone()), range: atlas.textures[i].1 });
    }
    out.extend(
        names::occurrences(&symbol)
            .into_iter()
            .filter(|o| include_declaration || !o.is_def)
            .map(|o| Location { file: None, range: o.range }),
    );
    out
}

pub fn highlights(analysis: &Analysis, offset: u32) -> Vec<Highlight> {
    let Some(ctx) = DragonBonesDoc::new(analysis) else { return Vec::new() };
    let Some(at) = names::name_at(&ctx, offset) else { return Vec::new() };
    let symbol = names::symbol(&ctx, at);
    names::occurrences(&symbol)
        .into_iter()
        .map(|o| Highlight { range: o.range, kind: if o.is_def { HighlightKind::Write } else { HighlightKind::Read } })
        .collect()
}
