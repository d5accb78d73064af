//! Semantic tokens, delta-encoded against the legend of [`super::super::capabilities`].

use tower_lsp_server::ls_types as lsp;

use super::Converter;
use crate::ide::{SemanticToken, TokenType};
use crate::text::{PositionEncoding, TextRange};

/// Encodes tokens (in document order, non-overlapping). A token spanning lines is split into one
/// token per line unless the client takes multi-line tokens; empty pieces are dropped, and so is a
/// token that starts before the previous one ends.
pub fn semantic_tokens(conv: &Converter<'_>, tokens: &[SemanticToken], multiline: bool) -> lsp::SemanticTokens {
    let mut data = Vec::with_capacity(tokens.len());
    let (mut prev_line, mut prev_start, mut prev_end) = (0u32, 0u32, 0u32);
    for token in tokens {
        let Some(token_type) = TokenType::ALL.iter().position(|&t| t == token.token_type) else { continue };
        for (line, start, length) in pieces(conv, token.range, multiline) {
            if length == 0 || (line, start) < (prev_line, prev_end) {
                continue;
            }
            data.push(lsp::SemanticToken {
                delta_line: line - prev_line,
                delta_start: if line == prev_line { start - prev_start } else { start },
                length,
                token_type: token_type as u32,
                token_modifiers_bitset: token.modifiers,
            });
            (prev_line, prev_start) = (line, start);
            // A multi-line token ends on a later line: nothing on its first line may follow it.
            prev_end = if multiline && conv.lines.line_of(token.range.end) > line { u32::MAX } else { start + length };
        }
    }
    lsp::SemanticTokens { result_id: None, data }
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
        PositionEncoding::Utf16 => text.chars().map(char::len_utf16).sum(),
        PositionEncoding::Utf32 => text.chars().count(),
    };
    u32::try_from(len).unwrap_or(u32::MAX)
}
