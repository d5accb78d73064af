//! The JSON lexer: a logos token stream with byte spans that never fails.
//!
//! It is deliberately more permissive than JSON so that the parser can name what is wrong instead
//! of stopping: comments, bare words (`NaN`, unquoted keys), malformed numbers (`01`, `.5`) and
//! unterminated strings are tokens of their own. Runs of adjacent unrecognised characters are merged
//! into one `Error` token so that a stray word of junk gives one diagnostic, not one per byte.

use logos::Logos;

#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq)]
#[logos(skip r"[ \t\r\n]+")]
pub enum TokenKind {
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token(":")]
    Colon,
    #[token(",")]
    Comma,
    #[token("true")]
    True,
    #[token("false")]
    False,
    #[token("null")]
    Null,
    /// A string without escapes or control characters: nothing to check or decode.
    #[regex(r#""[^"\\\x00-\x1F]*""#, priority = 20)]
    String,
    /// A complete string with `\` escapes (or control characters, which the parser reports).
    #[regex(r#""([^"\\\r\n]|\\[^\r\n])*""#, priority = 10)]
    EscapedString,
    /// A `"` whose string runs to the end of the line.
    #[regex(r#""([^"\\\r\n]|\\[^\r\n])*"#)]
    UnterminatedString,
    /// A whole number in strict JSON syntax.
    #[regex(r"-?(0|[1-9][0-9]*)", priority = 10)]
    Integer,
    /// A number with a fraction or an exponent, in strict JSON syntax.
    #[regex(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?[eE][+-]?[0-9]+|-?(0|[1-9][0-9]*)\.[0-9]+", priority = 10)]
    Float,
    /// Something number-like that JSON rejects: `01`, `1.`, `.5`, `+1`.
    #[regex(r"[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")]
    BadNumber,
    /// A bare word: `NaN`, `undefined`, `True`, an unquoted key.
    #[regex(r"[A-Za-z_$][A-Za-z0-9_$]*")]
    Word,
    #[regex(r"//[^\r\n]*", allow_greedy = true)]
    LineComment,
    #[regex(r"/\*([^*]|\*+[^*/])*\*+/")]
    BlockComment,
    #[regex(r"/\*([^*]|\*+[^*/])*\**")]
    UnterminatedComment,
    /// Anything else; adjacent error characters form one token.
    Error,
}

impl TokenKind {
    /// Complete or unterminated strings.
    pub fn is_string(self) -> bool {
        matches!(self, TokenKind::String | TokenKind::EscapedString | TokenKind::UnterminatedString)
    }

    pub fn is_number(self) -> bool {
        matches!(self, TokenKind::Integer | TokenKind::Float | TokenKind::BadNumber)
    }
}

pub type Token = rigls_text::lexing::Token<TokenKind>;

impl rigls_text::lexing::WithError for TokenKind {
    const ERROR: TokenKind = TokenKind::Error;
}

/// Lexes a whole text. A BOM at offset 0 is skipped; spans are offsets into the whole text.
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
    fn strict_json_with_japanese_string() {
        check(
            "{\"name\": \"骨\", \"x\": -1.5e3, \"ok\": true}",
            expect![[r#"
                LBrace 0..1 "{"
                String 1..7 "\"name\""
                Colon 7..8 ":"
                String 9..14 "\"骨\""
                Comma 14..15 ","
                String 16..19 "\"x\""
                Colon 19..20 ":"
                Float 21..27 "-1.5e3"
                Comma 27..28 ","
                String 29..33 "\"ok\""
                Colon 33..34 ":"
                True 35..39 "true"
                RBrace 39..40 "}""#]],
        );
    }

    #[test]
    fn lenient_tokens_for_recovery() {
        check(
            "[01, .5, NaN, nullx, \"a\\\"b\", \"open\n// note\n/* block */ /* open",
            expect![[r#"
                LBracket 0..1 "["
                BadNumber 1..3 "01"
                Comma 3..4 ","
                BadNumber 5..7 ".5"
                Comma 7..8 ","
                Word 9..12 "NaN"
                Comma 12..13 ","
                Word 14..19 "nullx"
                Comma 19..20 ","
                EscapedString 21..27 "\"a\\\"b\""
                Comma 27..28 ","
                UnterminatedString 29..34 "\"open"
                LineComment 35..42 "// note"
                BlockComment 43..54 "/* block */"
                UnterminatedComment 55..62 "/* open""#]],
        );
    }

    #[test]
    fn junk_is_merged_and_bom_skipped() {
        check(
            "\u{feff}{@@ルーン}",
            expect![[r#"
                LBrace 3..4 "{"
                Error 4..15 "@@ルーン"
                RBrace 15..16 "}""#]],
        );
    }

    #[test]
    fn long_tokens_lex_without_deep_recursion() {
        // 1 MB of each kind: logos's regex states may recurse per character, and a debug build's
        // stack is small.
        let n = 1 << 20;
        rigls_text::lexing::assert_each_is_one_token(&[
            (format!("\"{}\"", "ル".repeat(n / 3)), TokenKind::String),
            (format!("\"{}\"", "ル\\\"\t".repeat(n / 6)), TokenKind::EscapedString),
            (format!("\"{}", "a\\\"".repeat(n / 3)), TokenKind::UnterminatedString),
            ("7".repeat(n), TokenKind::Integer),
            (format!("1.{}e5", "0".repeat(n)), TokenKind::Float),
            (format!("01.{}", "0".repeat(n)), TokenKind::BadNumber),
            ("x".repeat(n), TokenKind::Word),
            (format!("//{}", "ル*/".repeat(n / 5)), TokenKind::LineComment),
            (format!("/*{}*/", "ル**x".repeat(n / 6)), TokenKind::BlockComment),
            (format!("/*{}", "ル**x".repeat(n / 6)), TokenKind::UnterminatedComment),
            ("@".repeat(n), TokenKind::Error),
        ]);
    }
}
