//! Code actions: the fix of each diagnostic overlapping the range (preferred when the fix is safe),
//! and one source action applying every safe fix in the file.

use super::ElemDoc;
use crate::fixes::{fix_all, quick_fixes};
use crate::{Analysis, CodeAction};
use rigls_text::TextRange;

pub fn code_actions(analysis: &Analysis, range: TextRange) -> Vec<CodeAction> {
    let Some(ctx) = ElemDoc::new(analysis) else { return Vec::new() };
    let mut out: Vec<CodeAction> = ctx
        .diagnostics
        .iter()
        .enumerate()
        .filter(|(_, d)| touches(&ctx, d.range, range))
        .flat_map(|(i, _)| quick_fixes(ctx.diagnostics, i))
        .collect();
    out.extend(fix_all(ctx.diagnostics));
    out
}

/// Whether a diagnostic's range and the requested one overlap, counting a cursor at either end.
/// A bare cursor also gets the fixes of problems starting on its line (`VertexCount=5` is flagged
/// on the key, but the cursor is as likely to be on the number).
fn touches(ctx: &ElemDoc, diagnostic: TextRange, requested: TextRange) -> bool {
    let overlaps = diagnostic.start <= requested.end && requested.start <= diagnostic.end;
    overlaps || requested.is_empty() && ctx.same_line(diagnostic.start, requested.start)
}
