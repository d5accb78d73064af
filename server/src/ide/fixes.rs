//! Code actions every format builds the same way from its diagnostics' fixes.

use super::text_edit::conflict;
use super::{CodeAction, CodeActionKind, FileEdit};
use crate::diagnostic::{Diagnostic, TextEdit};

/// The quick fix of diagnostic `index` (preferred when the fix is safe), if it has one.
pub fn quick_fix(diagnostics: &[Diagnostic], index: usize) -> Option<CodeAction> {
    let fix = diagnostics.get(index)?.fix.as_ref()?;
    Some(CodeAction {
        title: fix.title.clone(),
        kind: CodeActionKind::QuickFix,
        edits: vec![FileEdit { file: None, edits: fix.edits.clone() }],
        diagnostic: Some(index),
        is_preferred: fix.safe,
    })
}

/// Every safe fix of the file at once, skipping any that would touch text another already edits.
pub fn fix_all(diagnostics: &[Diagnostic]) -> Option<CodeAction> {
    let mut edits: Vec<TextEdit> = Vec::new();
    let mut fixed = 0;
    for fix in diagnostics.iter().filter_map(|d| d.fix.as_ref()).filter(|f| f.safe) {
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
