//! Code actions every format builds the same way from its diagnostics' fixes.

use std::collections::HashSet;

use super::text_edit::{TakenRanges, conflicting_ranges};
use super::{CodeAction, CodeActionKind, FileEdit};
use rigls_diagnostic::{Diagnostic, TextEdit};

/// The quick fixes of diagnostic `index`, best first (preferred as the fix says: every safe fix,
/// and the best of several suggested names).
pub fn quick_fixes(diagnostics: &[Diagnostic], index: usize) -> Vec<CodeAction> {
    let Some(d) = diagnostics.get(index) else { return Vec::new() };
    d.fixes
        .iter()
        .map(|fix| CodeAction {
            title: fix.title.clone(),
            kind: CodeActionKind::QuickFix,
            edits: vec![FileEdit { file: None, edits: fix.edits.clone() }],
            diagnostic: Some(index),
            is_preferred: fix.preferred,
        })
        .collect()
}

/// Every safe fix of the file at once, skipping any that would touch text another already edits.
pub fn fix_all(diagnostics: &[Diagnostic]) -> Option<CodeAction> {
    let mut edits: Vec<TextEdit> = Vec::new();
    let mut taken = TakenRanges::default();
    let mut fixed = 0;
    for fix in diagnostics.iter().filter_map(Diagnostic::safe_fix) {
        if fix.edits.iter().any(|e| taken.clash(e.range, conflicting_ranges)) {
            continue;
        }
        for e in &fix.edits {
            taken.take(e.range);
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

/// The code actions to offer when the editor shows the diagnostics `shown` (indices into
/// `diagnostics`, as the editor knows them): the fixes of each diagnostic shown, then `actions` (the
/// format's actions for the range) — their fixes only for diagnostics shown (a fix for a code
/// turned off is not offered) and only once, and their refactorings.
pub fn offered_actions(diagnostics: &[Diagnostic], shown: &[usize], actions: Vec<CodeAction>) -> Vec<CodeAction> {
    let mut offered: HashSet<(usize, String)> = HashSet::new();
    let mut out = Vec::new();
    for &index in shown {
        for action in quick_fixes(diagnostics, index) {
            if offered.insert((index, action.title.clone())) {
                out.push(action);
            }
        }
    }
    for action in actions {
        match action.diagnostic {
            Some(index) if !shown.contains(&index) || offered.contains(&(index, action.title.clone())) => continue,
            _ => out.push(action),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text_edit::conflict;
    use rigls_diagnostic::{Code, Fix};
    use rigls_text::TextRange;

    fn fixed(start: u32, title: &str) -> Diagnostic {
        let range = TextRange::new(start, start + 1);
        Diagnostic::new(Code::UnknownKey, rigls_diagnostic::FileFormat::Elem, range, "m")
            .with_fix(Fix::replace(title, range, "x"))
    }

    fn refactoring(title: &str) -> CodeAction {
        CodeAction {
            title: title.to_owned(),
            kind: CodeActionKind::Refactor,
            edits: Vec::new(),
            diagnostic: None,
            is_preferred: false,
        }
    }

    /// Fix-all's edits by comparing each fix with every edit taken before it.
    fn fix_all_by_search(diagnostics: &[Diagnostic]) -> Vec<TextEdit> {
        let mut edits: Vec<TextEdit> = Vec::new();
        for fix in diagnostics.iter().filter_map(Diagnostic::safe_fix) {
            if !fix.edits.iter().any(|e| edits.iter().any(|taken| conflict(e, taken))) {
                edits.extend(fix.edits.iter().cloned());
            }
        }
        edits.sort_by_key(|e| (e.range.start, e.range.end));
        edits
    }

    proptest::proptest! {
        #[test]
        fn fix_all_takes_what_a_search_of_every_edit_takes(
            fixes in proptest::collection::vec(proptest::collection::vec((0u32..12, 0u32..4), 1..3), 0..12),
        ) {
            let diagnostics: Vec<Diagnostic> = fixes
                .iter()
                .filter_map(|edits| {
                    let mut edits: Vec<TextEdit> = edits
                        .iter()
                        .map(|&(start, len)| TextEdit { range: TextRange::new(start, start + len), new_text: "x".to_owned() })
                        .collect();
                    edits.sort_by_key(|e| (e.range.start, e.range.end));
                    // A fix's own edits never conflict.
                    edits.windows(2).all(|w| !conflict(&w[0], &w[1])).then_some(edits)
                })
                .map(|edits| {
                    let fix = Fix { title: "f".to_owned(), edits, safe: true, preferred: true };
                    Diagnostic::new(Code::UnknownKey, rigls_diagnostic::FileFormat::Elem, TextRange::new(0, 0), "m")
                        .with_fix(fix)
                })
                .collect();
            let all = fix_all(&diagnostics).map(|a| a.edits[0].edits.clone()).unwrap_or_default();
            proptest::prop_assert_eq!(all, fix_all_by_search(&diagnostics));
        }
    }

    #[test]
    fn shown_fixes_first_then_the_rest_once_and_none_for_hidden_diagnostics() {
        let diagnostics = [fixed(0, "Fix a"), fixed(2, "Fix b"), fixed(4, "Fix c")];
        let actions = vec![
            quick_fixes(&diagnostics, 0).remove(0),
            quick_fixes(&diagnostics, 1).remove(0),
            refactoring("Rewrite"),
            CodeAction { title: "Other fix of a".to_owned(), ..quick_fixes(&diagnostics, 0).remove(0) },
        ];
        let offered = offered_actions(&diagnostics, &[2, 0, 0], actions);
        let titles: Vec<_> = offered.iter().map(|a| (a.title.as_str(), a.diagnostic)).collect();
        assert_eq!(titles, [("Fix c", Some(2)), ("Fix a", Some(0)), ("Rewrite", None), ("Other fix of a", Some(0))]);
    }
}
