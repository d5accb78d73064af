//! Code actions: the fix of each diagnostic overlapping the range (preferred when the fix is safe),
//! and one source action applying every safe fix in the file.

use super::Ctx;
use crate::diagnostic::TextEdit;
use crate::ide::text_edit::conflict;
use crate::ide::{Analysis, CodeAction, CodeActionKind, FileEdit};
use crate::text::TextRange;

pub fn code_actions(analysis: &Analysis, range: TextRange) -> Vec<CodeAction> {
    let Some(ctx) = Ctx::new(analysis) else { return Vec::new() };
    let mut out: Vec<CodeAction> = ctx
        .diagnostics
        .iter()
        .enumerate()
        // Overlapping, a cursor at either end counting (minified files are one line: the line of
        // the cursor says nothing).
        .filter(|(_, d)| d.range.start <= range.end && range.start <= d.range.end)
        .filter_map(|(i, d)| {
            let fix = d.fix.as_ref()?;
            Some(CodeAction {
                title: fix.title.clone(),
                kind: CodeActionKind::QuickFix,
                edits: vec![FileEdit { file: None, edits: fix.edits.clone() }],
                diagnostic: Some(i),
                is_preferred: fix.safe,
            })
        })
        .collect();
    out.extend(fix_all(&ctx));
    out
}

/// Every safe fix of the file at once, skipping any that would touch text another already edits.
fn fix_all(ctx: &Ctx) -> Option<CodeAction> {
    let mut edits: Vec<TextEdit> = Vec::new();
    let mut fixed = 0;
    for fix in ctx.diagnostics.iter().filter_map(|d| d.fix.as_ref()).filter(|f| f.safe) {
        if fix.edits.iter().any(|e| edits.iter().any(|taken| conflict(e, taken))) {
            continue;
        }
        edits.extend(fix.edits.iter().cloned());
        fixed += 1;
    }
    if fixed == 0 {
        return None;
    }
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    let title = if fixed == 1 { "Fix 1 safe problem".to_owned() } else { format!("Fix all {fixed} safe problems") };
    Some(CodeAction {
        title,
        kind: CodeActionKind::SourceFixAll,
        edits: vec![FileEdit { file: None, edits }],
        diagnostic: None,
        is_preferred: false,
    })
}
