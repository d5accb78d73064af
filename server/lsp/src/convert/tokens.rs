//! Semantic tokens, delta-encoded against the legend of [`super::super::capabilities`].

use tower_lsp_server::ls_types as lsp;

use super::{Converter, EncodedTokens};
use rigls_ide::{SemanticToken, TokenType};
use rigls_text::{PositionEncoding, TextRange};

/// Encodes tokens (in document order, non-overlapping). A token spanning lines is split into one
/// token per line unless the client takes multi-line tokens; empty pieces are dropped, and so is a
/// token that starts before the previous one ends.
pub fn semantic_tokens(conv: &Converter<'_>, tokens: &[SemanticToken], multiline: bool) -> lsp::SemanticTokens {
    let mut encoder = Encoder::new(conv, tokens.first().map_or(0, |t| t.range.start), multiline, (0, 0, 0));
    encoder.data.reserve(tokens.len());
    for (i, token) in tokens.iter().enumerate() {
        if i.is_multiple_of(4096) {
            rigls_text::cancel::check();
        }
        encoder.push(token);
    }
    lsp::SemanticTokens { result_id: None, data: encoder.data }
}

/// Tokens encoded one after the other, each relative to the last one written.
pub(super) struct Encoder<'c> {
    conv: &'c Converter<'c>,
    cursor: Cursor<'c>,
    multiline: bool,
    /// The line and start of the last token written, and where nothing may start before (its end).
    pub(super) last: (u32, u32, u32),
    pub(super) data: Vec<lsp::SemanticToken>,
}

impl<'c> Encoder<'c> {
    /// An encoder of tokens from offset `first` on, after a token at `last` (line, start, end).
    pub(super) fn new(conv: &'c Converter<'c>, first: u32, multiline: bool, last: (u32, u32, u32)) -> Encoder<'c> {
        Encoder { conv, cursor: Cursor::new(conv, first), multiline, last, data: Vec::new() }
    }

    /// Writes the pieces of `token`; how many were written.
    pub(super) fn push(&mut self, token: &SemanticToken) -> usize {
        let conv = self.conv;
        let Some(token_type) = TokenType::ALL.iter().position(|&t| t == token.token_type) else { return 0 };
        let pieces = match (self.cursor.at(token.range.start), self.cursor.at(token.range.end)) {
            (Some((line, start)), Some((end_line, end))) if line == end_line => {
                vec![(line, start, end.saturating_sub(start))]
            }
            _ => pieces(conv, token.range, self.multiline),
        };
        let mut written = 0;
        for (line, start, length) in pieces {
            let (prev_line, prev_start, prev_end) = self.last;
            if length == 0 || (line, start) < (prev_line, prev_end) {
                continue;
            }
            self.data.push(lsp::SemanticToken {
                delta_line: line - prev_line,
                delta_start: if line == prev_line { start - prev_start } else { start },
                length,
                token_type: token_type as u32,
                token_modifiers_bitset: token.modifiers,
            });
            written += 1;
            // A multi-line token ends on a later line: nothing on its first line may follow it.
            let end =
                if self.multiline && conv.lines.line_of(token.range.end) > line { u32::MAX } else { start + length };
            self.last = (line, start, end);
        }
        written
    }
}

/// The tokens of `range` among encoded `data` (single-line tokens, in order), re-based so the
/// first is relative to the start of the document: those touching the range, as the byte-range
/// path selects them. One pass over the deltas (a few milliseconds for two million tokens).
pub fn tokens_in_range(data: &EncodedTokens, range: lsp::Range) -> Vec<lsp::SemanticToken> {
    let at = |p: lsp::Position| (p.line, p.character);
    let (from, to) = (at(range.start), at(range.end).max((range.start.line, range.start.character + 1)));
    let (mut line, mut start) = (0u32, 0u32);
    let mut out = Vec::new();
    for t in data.iter() {
        line += t.delta_line;
        start = if t.delta_line == 0 { start + t.delta_start } else { t.delta_start };
        if (line, start) >= to {
            break;
        }
        if (line, start + t.length) <= from {
            continue;
        }
        out.push(match out.is_empty() {
            true => lsp::SemanticToken { delta_line: line, delta_start: start, ..t },
            false => t,
        });
    }
    out
}

/// Positions of offsets that never decrease (token boundaries in document order), each computed
/// from the one before: a million tokens cost one pass over the text, not a million searches.
struct Cursor<'a> {
    conv: &'a Converter<'a>,
    line: u32,
    /// The line's content.
    content: TextRange,
    /// The last offset converted and its column.
    offset: u32,
    col: u32,
}

impl<'a> Cursor<'a> {
    /// A cursor at `first`, the first token's start, found by the line index's search: tokens of
    /// a range in the middle of a 10 MB line must not cost a scan from the line's start.
    fn new(conv: &'a Converter<'a>, first: u32) -> Cursor<'a> {
        let line = conv.lines.line_of(first);
        let content = conv.lines.line_range(line);
        if (content.start..=content.end).contains(&first) && conv.text.is_char_boundary(first as usize) {
            return Cursor { conv, line, content, offset: first, col: conv.position(first).character };
        }
        Cursor { conv, line, content, offset: content.start, col: 0 }
    }

    /// The line and column of `offset`, or `None` when it lies before the last one, outside a
    /// line's content or inside a character (the caller converts those the slow way).
    fn at(&mut self, offset: u32) -> Option<(u32, u32)> {
        if offset < self.offset {
            return None;
        }
        if offset > self.content.end {
            let line = self.conv.lines.line_of(offset);
            let content = self.conv.lines.line_range(line);
            if offset < content.start || offset > content.end {
                return None;
            }
            (self.line, self.content, self.offset, self.col) = (line, content, content.start, 0);
        }
        let between = self.conv.text.get(self.offset as usize..offset as usize)?;
        self.col += encoded_len(between, self.conv.encoding);
        self.offset = offset;
        Some((self.line, self.col))
    }
}

/// `(line, start column, length)` of each piece of a token, in the negotiated encoding.
fn pieces(conv: &Converter<'_>, range: TextRange, multiline: bool) -> Vec<(u32, u32, u32)> {
    let (start, end) = (conv.position(range.start), conv.position(range.end));
    if start.line == end.line {
        return vec![(start.line, start.character, end.character.saturating_sub(start.character))];
    }
    if multiline {
        return vec![(start.line, start.character, encoded_len(range.slice(conv.text), conv.encoding))];
    }
    (start.line..=end.line)
        .map(|line| {
            let content = conv.lines.line_range(line);
            let from = if line == start.line { start.character } else { conv.position(content.start).character };
            let to = if line == end.line { end.character } else { conv.position(content.end).character };
            (line, from, to.saturating_sub(from))
        })
        .collect()
}

fn encoded_len(text: &str, encoding: PositionEncoding) -> u32 {
    let len = match encoding {
        PositionEncoding::Utf8 => text.len(),
        _ if text.is_ascii() => text.len(),
        PositionEncoding::Utf16 => text.chars().map(char::len_utf16).sum(),
        PositionEncoding::Utf32 => text.chars().count(),
    };
    u32::try_from(len).unwrap_or(u32::MAX)
}

/// The edit that turns `old` into `new`: the tokens between their common start and common end
/// (none when they are equal). Tokens are relative to the one before, so a change moves at most
/// the token after it, and one edit is as small as any list of them.
pub fn token_edits(old: &EncodedTokens, new: &EncodedTokens) -> Vec<lsp::SemanticTokensEdit> {
    let (prefix, suffix) = old.common_ends(new);
    if prefix == old.len() && prefix == new.len() {
        return Vec::new();
    }
    // Each token is five integers of the encoded array.
    let integers = |tokens: usize| u32::try_from(tokens * 5).unwrap_or(u32::MAX);
    vec![lsp::SemanticTokensEdit {
        start: integers(prefix),
        delete_count: integers(old.len() - prefix - suffix),
        data: Some(new.slice(prefix..new.len() - suffix)),
    }]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(deltas: &[u32]) -> Vec<lsp::SemanticToken> {
        deltas
            .iter()
            .map(|&d| lsp::SemanticToken {
                delta_line: d,
                delta_start: 0,
                length: 1,
                token_type: 0,
                token_modifiers_bitset: 0,
            })
            .collect()
    }

    fn apply(old: &[lsp::SemanticToken], edits: &[lsp::SemanticTokensEdit]) -> Vec<lsp::SemanticToken> {
        let mut out = old.to_vec();
        for e in edits.iter().rev() {
            let start = e.start as usize / 5;
            out.splice(start..start + e.delete_count as usize / 5, e.data.clone().unwrap_or_default());
        }
        out
    }

    #[test]
    fn a_range_takes_the_tokens_touching_it_the_first_rebased() {
        // Absolute (line, start, length): two on line 0, one on line 2, two on line 3.
        let absolute = [(0, 0, 2), (0, 4, 3), (2, 1, 5), (3, 0, 1), (3, 6, 2)];
        let (mut line, mut start) = (0, 0);
        let data: Vec<lsp::SemanticToken> = absolute
            .iter()
            .map(|&(l, s, length)| {
                let t = lsp::SemanticToken {
                    delta_line: l - line,
                    delta_start: if l == line { s - start } else { s },
                    length,
                    token_type: l,
                    token_modifiers_bitset: 0,
                };
                (line, start) = (l, s);
                t
            })
            .collect();
        let data = EncodedTokens::new(data);
        let range = |a: (u32, u32), b: (u32, u32)| lsp::Range {
            start: lsp::Position { line: a.0, character: a.1 },
            end: lsp::Position { line: b.0, character: b.1 },
        };
        let abs = |ts: Vec<lsp::SemanticToken>| {
            let (mut line, mut start) = (0, 0);
            ts.iter()
                .map(|t| {
                    line += t.delta_line;
                    start = if t.delta_line == 0 { start + t.delta_start } else { t.delta_start };
                    (line, start, t.length)
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(abs(tokens_in_range(&data, range((0, 0), (9, 0)))), absolute.to_vec());
        // Ends are exclusive: (0, 2) is where the first token ends, (3, 6) where the last starts.
        assert_eq!(abs(tokens_in_range(&data, range((0, 2), (3, 6)))), absolute[1..4].to_vec());
        // Inside a token, and an empty range at a token's start.
        assert_eq!(abs(tokens_in_range(&data, range((2, 3), (2, 4)))), vec![(2, 1, 5)]);
        assert_eq!(abs(tokens_in_range(&data, range((3, 6), (3, 6)))), vec![(3, 6, 2)]);
        // Between tokens: nothing.
        assert_eq!(tokens_in_range(&data, range((1, 0), (2, 1))), vec![]);
        // The first token of a run starting mid-line is rebased on the document's start.
        assert_eq!(tokens_in_range(&data, range((0, 5), (0, 6)))[0].delta_start, 4);
    }

    #[test]
    fn edits_cover_only_what_changed() {
        // Old and new tokens (by their line deltas); the edit's start, delete count and length.
        type Case<'a> = (&'a [u32], &'a [u32], Option<(u32, u32, usize)>);
        let cases: [Case; 7] = [
            (&[1, 2, 3], &[1, 2, 3], None),
            (&[1, 2, 3], &[1, 9, 3], Some((5, 5, 1))),
            (&[1, 2, 3], &[1, 2, 3, 4], Some((15, 0, 1))),
            (&[1, 2, 3], &[0, 1, 2, 3], Some((0, 0, 1))),
            (&[1, 2, 3], &[1, 3], Some((5, 5, 0))),
            (&[1, 1, 1], &[1, 1], Some((10, 5, 0))),
            (&[], &[7], Some((0, 0, 1))),
        ];
        for (old, new, expected) in cases {
            let (old, new) = (tokens(old), tokens(new));
            let edits = token_edits(&EncodedTokens::new(old.clone()), &EncodedTokens::new(new.clone()));
            let got = edits.first().map(|e| (e.start, e.delete_count, e.data.as_ref().map_or(0, Vec::len)));
            assert_eq!(got, expected, "{old:?} → {new:?}");
            assert_eq!(apply(&old, &edits), new);
        }
    }
}
