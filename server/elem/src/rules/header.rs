//! The two header lines: `Elfreina Extension Model File` and `File Version 1.00`; and stray lines
//! in the global scope.

use super::{ElemCheck, report};
use crate::parser::line_break_of;
use crate::syntax::{Item, ROOT};
use rigls_diagnostic::{Code, Fix};
use rigls_text::TextRange;

pub const MAGIC: &str = "Elfreina Extension Model File";
pub const VERSION_LINE: &str = "File Version 1.00";

pub fn check(ctx: &mut ElemCheck) {
    let items = &ctx.tree.scope(ROOT).items;
    let header: Vec<TextRange> = items
        .iter()
        .take(2)
        .map_while(|i| match i {
            Item::Entry(e) => Some(e.range),
            _ => None,
        })
        .collect();
    let nl = line_break_of(ctx.text);
    let start = ctx.lines.line_range(0).start;
    let text = ctx.text;
    let words = |r: TextRange| r.slice(text).split_whitespace().collect::<Vec<_>>().join(" ");
    let is_version = |r: TextRange| r.slice(text).starts_with("File ") || words(r).starts_with("File Version");

    let mut consumed = 0;
    match header.first() {
        Some(&first) if words(first) == MAGIC => consumed = 1,
        Some(&first) if is_version(first) => {
            let d = report(Code::Header, first, format!("missing header line `{MAGIC}` before `File Version`"))
                .with_fix(
                    Fix::replace(format!("Insert `{MAGIC}`"), TextRange::empty(first.start), format!("{MAGIC}{nl}"))
                        .safe(),
                );
            ctx.push(d);
        }
        Some(&first) if looks_like_magic(&words(first)) => {
            consumed = 1;
            let d = report(Code::Header, first, format!("the first line must be exactly `{MAGIC}`"))
                .with_fix(Fix::replace(format!("Replace with `{MAGIC}`"), first, MAGIC).safe());
            ctx.push(d);
        }
        _ => {
            let range = first_token(ctx).unwrap_or(TextRange::empty(start));
            let d = report(
                Code::Header,
                range,
                format!("missing header: a `.elem` file starts with `{MAGIC}` and `{VERSION_LINE}`"),
            )
            .with_fix(
                Fix::replace("Insert the header", TextRange::empty(start), format!("{MAGIC}{nl}{VERSION_LINE}{nl}"))
                    .safe(),
            );
            ctx.push(d);
            check_stray(ctx, 0);
            return;
        }
    }
    match header.get(consumed) {
        Some(&line) if is_version(line) => {
            check_version(ctx, line);
            consumed += 1;
        }
        _ if consumed == 1 => {
            let after = header[0];
            let at = ctx.lines.line_range(ctx.lines.line_of(after.start) + 1).start;
            let d = report(Code::Header, after, format!("missing header line `{VERSION_LINE}` after `{MAGIC}`"))
                .with_fix(
                    Fix::replace("Insert the version line", TextRange::empty(at), format!("{VERSION_LINE}{nl}")).safe(),
                );
            ctx.push(d);
        }
        _ => {}
    }
    check_stray(ctx, consumed);
}

fn check_version(ctx: &mut ElemCheck, line: TextRange) {
    let text = ctx.slice(line);
    let parts: Vec<&str> = text.split_whitespace().collect();
    if parts.len() < 2 || parts[0] != "File" || parts[1] != "Version" {
        let d = report(
            Code::Header,
            line,
            format!("the second line must be `File Version <number>`, as in `{VERSION_LINE}`"),
        );
        ctx.push(d);
        return;
    }
    let number_at = |s: &str| {
        let offset = line.start + text.rfind(s).unwrap_or(0) as u32;
        TextRange::new(offset, offset + s.len() as u32)
    };
    match parts.get(2..) {
        Some([v]) => match v.parse::<f64>() {
            Ok(version) if (1.0..2.0).contains(&version) => {}
            Ok(_) => ctx.push(report(
                Code::Header,
                number_at(v),
                format!(
                    "unsupported File Version {v}: readers understand version 1 files (Keystone rejects 2 and above)"
                ),
            )),
            Err(_) => ctx.push(report(Code::Header, number_at(v), format!("`{v}` is not a version number"))),
        },
        _ => ctx.push(report(
            Code::Header,
            line,
            "the second line must be `File Version <number>`, e.g. `File Version 1.00`",
        )),
    }
}

/// Bare lines in the global scope beyond the header belong to no scope.
fn check_stray(ctx: &mut ElemCheck, skip: usize) {
    let stray: Vec<TextRange> = ctx
        .tree
        .scope(ROOT)
        .items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| match item {
            Item::Entry(e) if i >= skip && e.ok => Some(e.range),
            _ => None,
        })
        .collect();
    for range in stray {
        ctx.push(report(Code::Syntax, range, "unexpected line outside any scope: expected `Key=Value` or `Tag {`"));
    }
}

fn looks_like_magic(line: &str) -> bool {
    line.eq_ignore_ascii_case(MAGIC) || strsim::levenshtein(line, MAGIC) <= 4
}

fn first_token(ctx: &ElemCheck) -> Option<TextRange> {
    let mut tokens = crate::lexer::Lexer::new(ctx.text)
        .filter(|t| !matches!(t.kind, crate::lexer::TokenKind::Whitespace | crate::lexer::TokenKind::Newline));
    tokens.next().map(|t| t.range)
}
