//! Folding ranges: every scope that spans more than one line, from its tag to its `}`.

use super::ElemDoc;
use crate::{Analysis, Fold, FoldKind};

pub fn folding_ranges(analysis: &Analysis) -> Vec<Fold> {
    let Some(ctx) = ElemDoc::new(analysis) else { return Vec::new() };
    let mut folds: Vec<Fold> = ctx
        .tree
        .scopes
        .iter()
        .skip(1)
        .filter(|s| !ctx.same_line(s.range.start, s.range.end))
        .map(|s| Fold { range: s.range, kind: FoldKind::Region })
        .collect();
    folds.sort_by_key(|f| f.range.start);
    folds
}
