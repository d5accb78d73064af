//! The formatter: one canonical layout, the one Elfreina and Keystone write.
//!
//! - one tab per nesting level; `Tag {` with one space; `}` alone; `Key=Value` and list lines with
//!   no spaces between tokens (only separators and strings carry data, and strings are kept whole);
//! - header lines (bare lines outside any scope) are kept as written, trimmed;
//! - single blank lines between items are kept, runs of them collapse, and none stay after `{`,
//!   before `}` or at the ends of the file;
//! - the file's first line break is used throughout, a BOM is kept, and the file ends with a line
//!   break.
//!
//! A file with syntax errors (including lines the rules find out of place) is not formatted: its
//! lines may not be what they seem; nor is one whose formatting would bring a stray U+FEFF to the
//! start of the file (where it would turn into a byte-order mark). The result is
//! one minimal edit per changed line (or a single edit when that would be very many).

use super::ElemDoc;
use crate::Analysis;
use crate::text_edit;
use rigls_diagnostic::{Code, TextEdit};
use rigls_elem::lexer::{Lexer, TokenKind};
use rigls_elem::parser::line_break_of;
use rigls_text::{BOM, LineIndex, TextRange, to_u32};

/// What the lexer treats as spacing.
const BLANKS: [char; 4] = [' ', '\t', '\u{B}', '\u{C}'];

/// Above this many line edits, one edit replacing the changed span is sent instead.
const MAX_EDITS: usize = 10_000;

pub fn format(analysis: &Analysis) -> Option<Vec<TextEdit>> {
    let ctx = ElemDoc::new(analysis)?;
    // Parse errors, and lines the rules found out of place (`syntax` too), make lines ambiguous.
    if !ctx.tree.errors.is_empty() || ctx.diagnostics.iter().any(|d| d.code == Code::Syntax) {
        return None;
    }
    if refusal(analysis).is_some() {
        return None;
    }
    edits(ctx.text, ctx.lines)
}

/// Indentation (one tab per level) the formatter may add, in bytes, beyond four times the text.
const MAX_FORMATTED_INDENTATION: usize = 64 << 20;

/// Why the document is too deeply nested to format, when it is.
pub fn refusal(analysis: &Analysis) -> Option<String> {
    let indentation = formatted_indentation(analysis);
    (indentation > MAX_FORMATTED_INDENTATION.max(4 * analysis.text.len())).then(|| {
        format!(
            "the document is nested too deeply to format: its indentation alone would take {} MB",
            indentation >> 20
        )
    })
}

/// The bytes of indentation a formatted `.elem` file has: each scope's lines indented by its
/// depth. Quadratic in the nesting depth (100,000 nested scopes would take 5 GB), so it is
/// computed, from the tree, before formatting is attempted.
fn formatted_indentation(analysis: &Analysis) -> usize {
    let Some(file) = analysis.elem() else { return 0 };
    let scopes = &file.tree.scopes;
    // Parents precede their children in the arena.
    let mut depth = vec![0usize; scopes.len()];
    let mut total = 0usize;
    for (id, scope) in scopes.iter().enumerate() {
        if let Some(parent) = scope.parent {
            depth[id] = depth[parent as usize] + 1;
        }
        // The scope's own `Tag {` and `}` lines at its parent's depth, its items one deeper.
        let own = depth[id].saturating_sub(1);
        total = total.saturating_add(own.saturating_mul(2)).saturating_add(depth[id].saturating_mul(scope.items.len()));
    }
    total
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Line {
    Blank,
    Open(String),
    Close,
    /// A key line (`is_key`) or a bare line, with its tokens joined. `raw` lines hold an
    /// unterminated string or stray characters, which may end in whitespace that is data.
    Other {
        joined: String,
        is_key: bool,
        raw: bool,
    },
}

fn classify(text: &str, range: TextRange) -> Line {
    let mut joined = String::new();
    let (mut first, mut last) = (None, None);
    let mut before_last_len = 0;
    let mut is_key = false;
    let mut raw = false;
    for token in Lexer::for_range(text, range).filter(|t| t.kind != TokenKind::Whitespace) {
        first.get_or_insert(token.kind);
        last = Some(token.kind);
        is_key |= token.kind == TokenKind::Eq;
        raw |= matches!(token.kind, TokenKind::UnterminatedString | TokenKind::Error);
        before_last_len = joined.len();
        joined.push_str(token.range.slice(text));
    }
    match (first, last) {
        (None, _) => Line::Blank,
        (Some(TokenKind::RBrace), _) => Line::Close,
        (_, Some(TokenKind::LBrace)) => {
            joined.truncate(before_last_len);
            Line::Open(if joined.is_empty() { "{".to_owned() } else { format!("{joined} {{") })
        }
        _ => Line::Other { joined, is_key, raw },
    }
}

/// The edits that give every line its canonical form; `None` when the formatted file would start
/// with a U+FEFF the text does not start with (see the module docs).
fn edits(text: &str, lines: &LineIndex) -> Option<Vec<TextEdit>> {
    let nl = line_break_of(text);
    let count = lines.line_count();
    let full = |i: u32| {
        let start = lines.line_range(i).start;
        let end = if i + 1 < count { lines.line_range(i + 1).start } else { to_u32(text.len()) };
        TextRange::new(start, end)
    };
    let kinds: Vec<Line> = (0..count).map(|i| classify(text, lines.line_range(i))).collect();
    // For each line, whether a non-blank line follows that is not a `}`.
    let mut content_follows = vec![false; kinds.len()];
    let mut next: Option<&Line> = None;
    for (i, kind) in kinds.iter().enumerate().rev() {
        content_follows[i] = matches!(next, Some(k) if *k != Line::Close);
        if *kind != Line::Blank {
            next = Some(kind);
        }
    }
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut previous: Option<&Line> = None;
    for (i, kind) in kinds.iter().enumerate() {
        let range = full(to_u32(i));
        let new = match kind {
            Line::Blank => {
                let keep = content_follows[i] && matches!(previous, Some(Line::Close | Line::Other { .. }));
                if keep { nl.to_owned() } else { String::new() }
            }
            Line::Open(head) => {
                let line = format!("{}{head}{nl}", "\t".repeat(depth));
                depth += 1;
                line
            }
            Line::Close => {
                depth = depth.saturating_sub(1);
                format!("{}}}{nl}", "\t".repeat(depth))
            }
            // Header lines are words: keep them as written.
            Line::Other { is_key: false, raw, .. } if depth == 0 => {
                let written = lines.line_range(to_u32(i)).slice(text).trim_start_matches(BLANKS);
                let written = if *raw { written } else { written.trim_end_matches(BLANKS) };
                format!("{written}{nl}")
            }
            Line::Other { joined, .. } => format!("{}{joined}{nl}", "\t".repeat(depth)),
        };
        if !new.is_empty() {
            // The formatted file is the lines' new texts in order (after a BOM the text starts
            // with): a U+FEFF that indentation or blank lines kept from the start would become a
            // byte-order mark there, and vanish.
            if previous.is_none() && new.starts_with(BOM) && !text.starts_with(BOM) {
                return None;
            }
            previous = Some(kind);
        }
        out.extend(text_edit::minimal(range.slice(text), &new, range.start));
    }
    if out.len() > MAX_EDITS {
        return Some(vec![collapse(text, &out)]);
    }
    Some(out)
}

/// One edit from the first change to the last.
fn collapse(text: &str, edits: &[TextEdit]) -> TextEdit {
    let start = edits.first().map_or(0, |e| e.range.start);
    let end = edits.last().map_or(0, |e| e.range.end);
    let shifted: Vec<TextEdit> = edits
        .iter()
        .map(|e| TextEdit {
            range: TextRange::new(e.range.start - start, e.range.end - start),
            new_text: e.new_text.clone(),
        })
        .collect();
    let range = TextRange::new(start, end);
    TextEdit { range, new_text: text_edit::apply(range.slice(text), &shifted) }
}
