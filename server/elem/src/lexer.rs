//! The `.elem` lexer: a logos token stream with byte spans that never fails.
//!
//! Unrecognised characters become `Error` tokens, and runs of adjacent error characters are merged
//! into one token so that a stray word of junk gives one diagnostic, not one per byte.

use logos::Logos;

#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    #[token("True")]
    True,
    #[token("False")]
    False,
    #[regex(r"[A-Za-z_][A-Za-z0-9_]*")]
    Ident,
    #[regex(r"-?([0-9]+(\.[0-9]*)?|\.[0-9]+)")]
    Number,
    /// A number with an exponent (`1e-5`): readers disagree on it, so it is lexed but warned about.
    #[regex(r"-?([0-9]+(\.[0-9]*)?|\.[0-9]+)[eE][+-]?[0-9]+")]
    ExpNumber,
    #[regex(r#""([^"\\\r\n]|\\[^\r\n])*""#)]
    String,
    /// A `"` whose string runs to the end of the line. It stops before `{` and `}` so that a
    /// missing quote never swallows a scope brace.
    #[regex(r#""([^"\\\r\n{}]|\\[^\r\n{}])*"#)]
    UnterminatedString,
    #[token("=")]
    Eq,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token(":")]
    Colon,
    #[token(",")]
    Comma,
    #[regex(r"\r\n|\n|\r")]
    Newline,
    #[regex(r"[ \t\u{000B}\u{000C}]+")]
    Whitespace,
    /// Anything else; adjacent error characters form one token.
    Error,
}

impl TokenKind {
    /// Tokens that can stand as a value.
    pub fn is_atom(self) -> bool {
        matches!(
            self,
            TokenKind::True
                | TokenKind::False
                | TokenKind::Ident
                | TokenKind::Number
                | TokenKind::ExpNumber
                | TokenKind::String
                | TokenKind::UnterminatedString
        )
    }
}

pub type Token = rigls_text::lexing::Token<TokenKind>;

/// Where the `Number` token the lexer reads at `bytes[start]` ends, when it is a plain decimal
/// (`-?([0-9]+(\.[0-9]*)?|\.[0-9]+)`) with nothing glued to it that would make the lexer read
/// otherwise (an exponent, a second `.`, a word); `None` otherwise. For the fast paths that
/// read lines of numbers without the lexer.
pub fn plain_number_end(bytes: &[u8], start: usize) -> Option<usize> {
    let digits_from = |mut i: usize| {
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        i
    };
    let i = start + usize::from(bytes.get(start) == Some(&b'-'));
    let whole = digits_from(i);
    let (has_whole, mut end) = (whole > i, whole);
    if end < bytes.len() && bytes[end] == b'.' {
        let fraction = digits_from(end + 1);
        if !has_whole && fraction == end + 1 {
            return None; // `.` or `-.` without digits
        }
        end = fraction;
    } else if !has_whole {
        return None; // `-` without digits
    }
    let glued = end < bytes.len() && (bytes[end] == b'.' || bytes[end] == b'_' || bytes[end].is_ascii_alphabetic());
    (!glued).then_some(end)
}

impl rigls_text::lexing::WithError for TokenKind {
    const ERROR: TokenKind = TokenKind::Error;
}

/// Lexes `text[range]`; spans are offsets into the whole `text`. A BOM at offset 0 is skipped.
pub type Lexer<'a> = rigls_text::lexing::MergingLexer<'a, TokenKind>;

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::{Expect, expect};

    fn check(text: &str, expect: Expect) {
        let out: Vec<String> =
            Lexer::new(text).map(|t| format!("{:?} {:?} {:?}", t.kind, t.range, t.range.slice(text))).collect();
        expect.assert_eq(&out.join("\n"));
    }

    #[test]
    fn key_line_with_japanese_string() {
        check(
            "\tName=\"ルーン\"\r\n",
            expect![[r#"
                Whitespace 0..1 "\t"
                Ident 1..5 "Name"
                Eq 5..6 "="
                String 6..17 "\"ルーン\""
                Newline 17..19 "\r\n""#]],
        );
    }

    #[test]
    fn numbers_separators_and_booleans() {
        check(
            "3,0:-1.5:.25:1E-05 True Truex",
            expect![[r#"
                Number 0..1 "3"
                Comma 1..2 ","
                Number 2..3 "0"
                Colon 3..4 ":"
                Number 4..8 "-1.5"
                Colon 8..9 ":"
                Number 9..12 ".25"
                Colon 12..13 ":"
                ExpNumber 13..18 "1E-05"
                Whitespace 18..19 " "
                True 19..23 "True"
                Whitespace 23..24 " "
                Ident 24..29 "Truex""#]],
        );
    }

    #[test]
    fn errors_are_merged_and_strings_stop_before_braces() {
        check(
            "Key=@@ルーン\nName=\"abc }",
            expect![[r#"
                Ident 0..3 "Key"
                Eq 3..4 "="
                Error 4..15 "@@ルーン"
                Newline 15..16 "\n"
                Ident 16..20 "Name"
                Eq 20..21 "="
                UnterminatedString 21..26 "\"abc "
                RBrace 26..27 "}""#]],
        );
    }

    #[test]
    fn bom_is_skipped() {
        check(
            "\u{feff}Tag {",
            expect![[r#"
                Ident 3..6 "Tag"
                Whitespace 6..7 " "
                LBrace 7..8 "{""#]],
        );
    }

    #[test]
    fn long_tokens_lex_without_deep_recursion() {
        // 1 MB of each kind: logos's default codegen recursed once per character, which overflowed
        // a debug build's stack on 12 KB strings (hence its `state_machine_codegen` feature).
        let n = 1 << 20;
        rigls_text::lexing::assert_each_is_one_token(&[
            (format!("\"{}\"", "ル\\\"".repeat(n / 5)), TokenKind::String),
            (format!("\"{}", "a\\\"".repeat(n / 3)), TokenKind::UnterminatedString),
            ("x".repeat(n), TokenKind::Ident),
            ("7".repeat(n), TokenKind::Number),
            (format!("1.{}e5", "0".repeat(n)), TokenKind::ExpNumber),
            (" ".repeat(n), TokenKind::Whitespace),
            ("@".repeat(n), TokenKind::Error),
        ]);
    }
}
