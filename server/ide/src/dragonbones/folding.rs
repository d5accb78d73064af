//! Folding ranges: every object and array spanning more than one line (a minified one-line file
//! has none).

use super::DragonBonesDoc;
use crate::{Analysis, Fold, FoldKind};
use rigls_dragonbones::syntax::NodeKind;

pub fn folding_ranges(analysis: &Analysis) -> Vec<Fold> {
    let Some(ctx) = DragonBonesDoc::new(analysis) else { return Vec::new() };
    if ctx.lines.line_count() <= 1 {
        return Vec::new();
    }
    ctx.tree
        .nodes
        .iter()
        .filter(|n| matches!(n.kind(), NodeKind::Object | NodeKind::Array))
        .map(|n| n.range())
        .filter(|r| ctx.lines.line_of(r.start) != ctx.lines.line_of(r.end))
        .map(|range| Fold { range, kind: FoldKind::Region })
        .collect()
}
