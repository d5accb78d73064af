//! Selection ranges, innermost first: a string's contents, the value, the member (key and value),
//! the object or array holding it, its member, and so on out to the root value.

use super::DragonBonesDoc;
use crate::Analysis;
use rigls_dragonbones::syntax::NodeKind;
use rigls_text::TextRange;

pub fn selection_ranges(analysis: &Analysis, offset: u32) -> Vec<TextRange> {
    let Some(ctx) = DragonBonesDoc::new(analysis) else { return Vec::new() };
    let path = ctx.tree.path_at(offset);
    let mut out: Vec<TextRange> = Vec::new();
    for (depth, &node) in path.iter().enumerate().rev() {
        let kind = ctx.tree.kind(node);
        let innermost = depth + 1 == path.len();
        match kind {
            NodeKind::String if innermost => {
                out.push(ctx.tree.inner_range(node));
                out.push(ctx.tree.range(node));
            }
            NodeKind::Member => {
                if innermost {
                    // On the key itself.
                    out.push(ctx.tree.inner_range(node));
                    out.push(ctx.tree.range(node));
                }
                out.push(ctx.tree.full_range(node));
            }
            NodeKind::Object | NodeKind::Array => {
                let range = ctx.tree.range(node);
                if let Some(inner) = inner(&ctx, range) {
                    out.push(inner);
                }
                out.push(range);
            }
            _ => out.push(ctx.tree.range(node)),
        }
    }
    out.retain(|r| r.contains_inclusive(offset));
    let mut nested: Vec<TextRange> = Vec::with_capacity(out.len());
    for r in out {
        if nested.last().is_none_or(|last: &TextRange| r.contains_range(*last) && r != *last) {
            nested.push(r);
        }
    }
    nested
}

/// Between a container's brackets, trimmed of white space.
fn inner(ctx: &DragonBonesDoc, range: TextRange) -> Option<TextRange> {
    if range.len() < 2 {
        return None;
    }
    let inside = TextRange::new(range.start + 1, range.end - 1);
    let text = ctx.slice(inside);
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return None;
    }
    let start = inside.start + (text.len() - text.trim_start().len()) as u32;
    Some(TextRange::new(start, start + trimmed.len() as u32))
}
