//! Code actions: the fix of each diagnostic overlapping the range (preferred when the fix is safe),
//! one source action applying every safe fix in the file, and "Upgrade to DragonBones 5.5" on a
//! `legacy-version` or `unsupported-version` diagnostic when the file can be upgraded.

use super::DragonBonesDoc;
use crate::fixes::{fix_all, quick_fixes};
use crate::{Analysis, CodeAction, CodeActionKind, FileEdit};
use rigls_diagnostic::{Code, TextEdit};
use rigls_dragonbones::upgrade::{Outcome, TARGET};
use rigls_text::TextRange;

pub fn code_actions(analysis: &Analysis, range: TextRange) -> Vec<CodeAction> {
    let Some(ctx) = DragonBonesDoc::new(analysis) else { return Vec::new() };
    // Overlapping, a cursor at either end counting (minified files are one line: the line of the
    // cursor says nothing, unlike in `.elem` files).
    let overlapping = |d: &&rigls_diagnostic::Diagnostic| d.range.start <= range.end && range.start <= d.range.end;
    let mut out: Vec<CodeAction> = ctx
        .diagnostics
        .iter()
        .enumerate()
        .filter(|(_, d)| overlapping(d))
        .flat_map(|(i, _)| quick_fixes(ctx.diagnostics, i))
        .collect();
    let version = ctx
        .diagnostics
        .iter()
        .position(|d| matches!(d.code, Code::LegacyVersion | Code::UnsupportedVersion) && overlapping(&d));
    if let Some(index) = version {
        out.extend(upgrade_action(&ctx, index));
    }
    out.extend(fix_all(ctx.diagnostics));
    out
}

/// "Upgrade to DragonBones 5.5": the upgrade as one edit of the span where it differs from the text
/// (the atlas is not touched). Offered only when the upgrade loses nothing.
fn upgrade_action(ctx: &DragonBonesDoc<'_>, diagnostic: usize) -> Option<CodeAction> {
    let Outcome::Upgraded { text, .. } = ctx.file.upgraded(ctx.text) else { return None };
    Some(CodeAction {
        title: format!("Upgrade to DragonBones {TARGET}"),
        kind: CodeActionKind::QuickFix,
        edits: vec![FileEdit { file: None, edits: vec![changed_span(ctx.text, text)] }],
        diagnostic: Some(diagnostic),
        is_preferred: false,
    })
}

/// The one edit turning `old` into `new`: what lies between their common start and common end
/// (on character boundaries).
fn changed_span(old: &str, new: &str) -> TextEdit {
    let mut start = old.bytes().zip(new.bytes()).take_while(|(a, b)| a == b).count();
    while !old.is_char_boundary(start) || !new.is_char_boundary(start) {
        start -= 1;
    }
    let longest = old.len().min(new.len()) - start;
    let mut common_end = old.bytes().rev().zip(new.bytes().rev()).take(longest).take_while(|(a, b)| a == b).count();
    while !old.is_char_boundary(old.len() - common_end) || !new.is_char_boundary(new.len() - common_end) {
        common_end -= 1;
    }
    TextEdit {
        range: TextRange::new(start as u32, (old.len() - common_end) as u32),
        new_text: new[start..new.len() - common_end].to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::changed_span;

    #[test]
    fn the_edit_covers_only_what_changed() {
        let edit = changed_span("{\"v\":\"4.5\",\"a\":1}", "{\"v\":\"5.5\",\"c\":\"5.5\",\"a\":1}");
        assert_eq!((edit.range.start, edit.range.end, edit.new_text.as_str()), (6, 7, "5.5\",\"c\":\"5"));
        // Never inside a character: 竜 and 龍 share their first UTF-8 byte.
        let edit = changed_span("\"竜\"", "\"龍\"");
        assert_eq!((edit.range.start, edit.range.end, edit.new_text.as_str()), (1, 4, "龍"));
        let same = changed_span("abc", "abc");
        assert_eq!((same.range.start, same.range.end, same.new_text.as_str()), (3, 3, ""));
    }
}
