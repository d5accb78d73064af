//! Code actions: the fix of each diagnostic overlapping the range (preferred when the fix is safe),
//! and one source action applying every safe fix in the file.

use super::DragonBonesDoc;
use crate::fixes::{fix_all, quick_fixes};
use crate::{Analysis, CodeAction};
use rigls_text::TextRange;

pub fn code_actions(analysis: &Analysis, range: TextRange) -> Vec<CodeAction> {
    let Some(ctx) = DragonBonesDoc::new(analysis) else { return Vec::new() };
    let mut out: Vec<CodeAction> = ctx
        .diagnostics
        .iter()
        .enumerate()
        // Overlapping, a cursor at either end counting (minified files are one line: the line of
        // the cursor says nothing, unlike in `.elem` files).
        .filter(|(_, d)| d.range.start <= range.end && range.start <= d.range.end)
        .flat_map(|(i, _)| quick_fixes(ctx.diagnostics, i))
        .collect();
    out.extend(fix_all(ctx.diagnostics));
    out
}
