//! Selection ranges, innermost first: the text inside quotes, the atom, its `,`-group, the value,
//! the line, then each enclosing scope out to the whole document.

use super::ElemDoc;
use super::cursor::{self, Hit};
use crate::Analysis;
use rigls_elem::syntax::ScopeId;
use rigls_text::TextRange;

pub fn selection_ranges(analysis: &Analysis, offset: u32) -> Vec<TextRange> {
    let Some(ctx) = ElemDoc::new(analysis) else { return Vec::new() };
    let mut out: Vec<TextRange> = Vec::new();
    let scope: ScopeId = match cursor::hit(&ctx, offset) {
        Some(Hit::Key { scope, line }) => {
            out.push(line.key);
            out.push(line.range());
            scope
        }
        Some(Hit::Value { scope, line }) => {
            value(&ctx, line.value, offset, &mut out);
            out.push(line.range());
            scope
        }
        Some(Hit::Entry { scope, entry, .. }) => {
            value(&ctx, entry.range, offset, &mut out);
            out.push(entry.range);
            scope
        }
        Some(Hit::Tag(scope)) => {
            let s = ctx.tree.scope(scope);
            out.push(s.tag);
            out.push(s.tag.cover(s.open));
            scope
        }
        Some(Hit::Close(scope)) => {
            out.extend(ctx.tree.scope(scope).close);
            scope
        }
        None => ctx.tree.scope_at(offset),
    };
    for id in std::iter::once(scope).chain(ctx.tree.ancestors(scope)) {
        let s = ctx.tree.scope(id);
        if let Some(close) = s.close {
            // The lines between the braces, then the whole scope.
            let inner = inner_lines(&ctx, s.open.end, close.start);
            if let Some(inner) = inner {
                out.push(inner);
            }
        }
        out.push(if id == rigls_elem::syntax::ROOT { whole(&ctx) } else { s.range });
    }
    out.retain(|r| r.contains_inclusive(offset));
    out.dedup();
    // Each range must contain the previous one.
    let mut nested: Vec<TextRange> = Vec::with_capacity(out.len());
    for r in out {
        if nested.last().is_none_or(|last: &TextRange| r.contains_range(*last) && r != *last) {
            nested.push(r);
        }
    }
    nested
}

/// The atom under the cursor (inside its quotes first), its `,`-group and the whole value.
fn value(ctx: &ElemDoc, range: TextRange, offset: u32, out: &mut Vec<TextRange>) {
    let Some((values, index)) = cursor::atom_at(ctx, range, offset) else {
        out.push(range);
        return;
    };
    let atom = values.atoms[index];
    if atom.is_string() {
        out.push(atom.inner_range());
    }
    out.push(atom.range);
    if values.group_count() > 1 {
        let group = values.group(cursor::group_of(&values, index));
        if let (Some(first), Some(last)) = (group.first(), group.last()) {
            out.push(first.range.cover(last.range));
        }
    }
    out.extend(values.range());
}

/// From the start of the first line after `{` to the end of the last line before `}`, trimmed.
fn inner_lines(ctx: &ElemDoc, after_open: u32, before_close: u32) -> Option<TextRange> {
    let text = ctx.slice(TextRange::new(after_open, before_close));
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return None;
    }
    let start = after_open + rigls_text::to_u32(text.len() - text.trim_start().len());
    Some(TextRange::new(start, start + rigls_text::to_u32(trimmed.len())))
}

fn whole(ctx: &ElemDoc) -> TextRange {
    TextRange::new(ctx.lines.line_range(0).start, ctx.lines.len())
}
