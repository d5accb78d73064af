//! Go to definition, find references and document highlights for every name.

use super::Ctx;
use super::names;
use crate::ide::{Analysis, Highlight, HighlightKind, Location, NavTarget};

pub fn goto_definition(analysis: &Analysis, offset: u32) -> Vec<NavTarget> {
    let Some(ctx) = Ctx::new(analysis) else { return Vec::new() };
    let Some(at) = names::name_at(ctx.model, offset) else { return Vec::new() };
    names::targets(ctx.model, at)
        .into_iter()
        .map(|def| NavTarget { file: None, full_range: names::def_full_range(&ctx, def), focus_range: def.range })
        .collect()
}

pub fn references(analysis: &Analysis, offset: u32, include_declaration: bool) -> Vec<Location> {
    let Some(ctx) = Ctx::new(analysis) else { return Vec::new() };
    let Some(at) = names::name_at(ctx.model, offset) else { return Vec::new() };
    let symbol = names::symbol(ctx.model, at);
    names::occurrences(ctx.model, &symbol)
        .into_iter()
        .filter(|o| include_declaration || !o.is_def)
        .map(|o| Location { file: None, range: o.range })
        .collect()
}

pub fn highlights(analysis: &Analysis, offset: u32) -> Vec<Highlight> {
    let Some(ctx) = Ctx::new(analysis) else { return Vec::new() };
    let Some(at) = names::name_at(ctx.model, offset) else { return Vec::new() };
    let symbol = names::symbol(ctx.model, at);
    names::occurrences(ctx.model, &symbol)
        .into_iter()
        .map(|o| Highlight { range: o.range, kind: if o.is_def { HighlightKind::Write } else { HighlightKind::Read } })
        .collect()
}
