//! Danmakufu's tokenizer (`gstd::Scanner::Next`, GstdUtility.cpp:769-943), as its `.elem` loader
//! uses it: on the text's UTF-16 code units, with its quirks. Spaces and tabs only are skipped;
//! a run of CR and LF is one newline token, so a line holding spaces, tabs or a comment is a second
//! one; a number is `digits ('.' digits*)? ([eE] [digits or '-']*)?`, so `1e+05` is two tokens
//! (`1e`, then `+05`); a sign followed by a digit starts a number; `.5` is a period then `5`.

use rigls_text::TextRange;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tk {
    Unknown,
    Eof,
    Newline,
    Id,
    Int,
    Real,
    Str,
    Equal,
    Colon,
    Comma,
    Open,
    Close,
    Plus,
    Minus,
    /// Another one-character token (`. ( ) [ ] * / ; ~ ! # | & < >`).
    Symbol,
}

impl Tk {
    /// For messages: `a number`, `=`.
    pub fn describe(self) -> &'static str {
        match self {
            Tk::Unknown => "an unknown character",
            Tk::Eof => "the end of the file",
            Tk::Newline => "a line break",
            Tk::Id => "a word",
            Tk::Int => "a whole number",
            Tk::Real => "a number",
            Tk::Str => "a quoted string",
            Tk::Equal => "`=`",
            Tk::Colon => "`:`",
            Tk::Comma => "`,`",
            Tk::Open => "`{`",
            Tk::Close => "`}`",
            Tk::Plus => "`+`",
            Tk::Minus => "`-`",
            Tk::Symbol => "a symbol",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Tk,
    pub range: TextRange,
}

/// The scanner ran off the end of the text inside a token (an unterminated string or `/*`
/// comment), or was asked for a token after the last one: `_NextChar` and `Next` throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exhausted {
    /// Where the unfinished token started, when it is one.
    pub inside: Option<TextRange>,
}

/// A position on the UTF-16 code units: a character's byte offset, and for a character outside
/// the Basic Multilingual Plane whether the scanner stands on its second unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pos {
    byte: usize,
    low: bool,
}

#[derive(Clone)]
pub struct Scanner<'a> {
    /// The text up to its first NUL (`std::string` of the file's bytes stops there).
    pub text: &'a str,
    pos: Pos,
    /// The current token (the scanner's single `tok`, which every reader holds a reference to).
    pub tok: Token,
}

impl<'a> Scanner<'a> {
    pub fn new(text: &'a str) -> Scanner<'a> {
        let text = text.split('\0').next().unwrap_or("");
        Scanner { text, pos: Pos { byte: 0, low: false }, tok: Token { kind: Tk::Unknown, range: TextRange::empty(0) } }
    }

    /// The code unit at the position (0 at the end).
    fn cur(&self) -> u32 {
        let bytes = self.text.as_bytes();
        match bytes.get(self.pos.byte) {
            None => 0,
            Some(&b) if b < 0x80 => u32::from(b),
            Some(_) => {
                let c = self.text[self.pos.byte..].chars().next().map_or(0, u32::from);
                match c {
                    0..=0xFFFF => c,
                    _ if self.pos.low => 0xDC00 + ((c - 0x10000) & 0x3FF),
                    _ => 0xD800 + ((c - 0x10000) >> 10),
                }
            }
        }
    }

    fn offset(&self) -> u32 {
        // A token boundary inside a surrogate pair is reported at the character's end.
        let byte = if self.pos.low {
            self.pos.byte + self.text[self.pos.byte..].chars().next().map_or(0, char::len_utf8)
        } else {
            self.pos.byte
        };
        rigls_text::to_u32(byte)
    }

    /// `HasNext`: not at the end, and the last token was not the end.
    pub fn has_next(&self) -> bool {
        self.pos.byte < self.text.len() && self.tok.kind != Tk::Eof
    }

    fn advance(&mut self) {
        let bytes = self.text.as_bytes();
        match bytes.get(self.pos.byte) {
            None => {}
            Some(&b) if b < 0x80 => self.pos.byte += 1,
            Some(_) => {
                let c = self.text[self.pos.byte..].chars().next().unwrap_or('\0');
                if c.len_utf16() == 2 && !self.pos.low {
                    self.pos.low = true;
                } else {
                    self.pos = Pos { byte: self.pos.byte + c.len_utf8(), low: false };
                }
            }
        }
    }

    /// `_NextChar`: the next unit, or an error at the end of the text.
    fn next_char(&mut self, inside: Option<u32>) -> Result<u32, Exhausted> {
        if !self.has_next() {
            let inside = inside.map(|start| TextRange::new(start, self.offset()));
            return Err(Exhausted { inside });
        }
        self.advance();
        Ok(self.cur())
    }

    fn skip_space(&mut self) -> Result<(), Exhausted> {
        let mut ch = self.cur();
        while ch == 0x20 || ch == 0x09 {
            ch = self.next_char(None)?;
        }
        Ok(())
    }

    fn skip_comment(&mut self) -> Result<(), Exhausted> {
        loop {
            let start = self.pos;
            self.skip_space()?;
            if self.cur() == u32::from(b'/') {
                let slash = self.pos;
                let at = self.offset();
                let mut ch = self.next_char(None)?;
                if ch == u32::from(b'/') {
                    while ch != 0x0D && ch != 0x0A && self.has_next() {
                        ch = self.next_char(None)?;
                    }
                } else if ch == u32::from(b'*') {
                    // After a `*` the next character is read without being looked at as a `*`
                    // again, so `**/` does not close the comment.
                    loop {
                        ch = self.next_char(Some(at))?;
                        if ch == u32::from(b'*') {
                            ch = self.next_char(Some(at))?;
                            if ch == u32::from(b'/') {
                                break;
                            }
                        }
                    }
                    self.next_char(Some(at))?;
                } else {
                    self.pos = slash;
                }
            }
            if start == self.pos {
                return Ok(());
            }
        }
    }

    /// `Next`: the next token, which becomes the current one.
    pub fn next_token(&mut self) -> Result<Token, Exhausted> {
        if !self.has_next() {
            return Err(Exhausted { inside: None });
        }
        self.skip_comment()?;
        let start = self.offset();
        let ch = self.cur();
        let kind = match char::from_u32(ch).filter(|c| c.is_ascii()) {
            _ if ch == 0 => Tk::Eof,
            Some(c) if single(c).is_some() => {
                self.next_char(None)?;
                single(c).unwrap_or(Tk::Symbol)
            }
            Some('"') => {
                let mut ch = self.next_char(Some(start))?;
                let mut previous = ch;
                while !(ch == u32::from(b'"') && previous != u32::from(b'\\')) {
                    previous = ch;
                    ch = self.next_char(Some(start))?;
                }
                self.next_char(Some(start))?;
                Tk::Str
            }
            Some('\r' | '\n') => {
                let mut ch = ch;
                while ch == 0x0D || ch == 0x0A {
                    ch = self.next_char(None)?;
                }
                Tk::Newline
            }
            _ => self.word_or_number(ch)?,
        };
        self.tok = Token { kind, range: TextRange::new(start, self.offset().max(start)) };
        Ok(self.tok)
    }

    /// A signed number, a word, or one unknown unit.
    fn word_or_number(&mut self, first: u32) -> Result<Tk, Exhausted> {
        let mut ch = first;
        if ch == u32::from(b'+') || ch == u32::from(b'-') {
            let sign = if ch == u32::from(b'+') { Tk::Plus } else { Tk::Minus };
            ch = self.next_char(None)?;
            if !is_digit(ch) {
                return Ok(sign);
            }
        }
        if is_sjis_lead(ch) {
            while is_alpha(ch) || is_digit(ch) || ch == u32::from(b'_') || is_sjis_lead(ch) {
                ch = self.next_char(None)?;
            }
            return Ok(Tk::Id);
        }
        if is_digit(ch) {
            let mut kind = Tk::Int;
            while is_digit(ch) {
                ch = self.next_char(None)?;
            }
            if ch == u32::from(b'.') {
                ch = self.next_char(None)?;
                while is_digit(ch) {
                    ch = self.next_char(None)?;
                }
                kind = Tk::Real;
            }
            if ch == u32::from(b'e') || ch == u32::from(b'E') {
                ch = self.next_char(None)?;
                while is_digit(ch) || ch == u32::from(b'-') {
                    ch = self.next_char(None)?;
                }
                kind = Tk::Real;
            }
            return Ok(kind);
        }
        if is_alpha(ch) || ch == u32::from(b'_') {
            while is_alpha(ch) || is_digit(ch) || ch == u32::from(b'_') {
                ch = self.next_char(None)?;
            }
            return Ok(Tk::Id);
        }
        self.next_char(None)?;
        Ok(Tk::Unknown)
    }

    /// The text of a token.
    pub fn slice(&self, token: Token) -> &'a str {
        token.range.slice(self.text)
    }
}

fn single(c: char) -> Option<Tk> {
    Some(match c {
        '=' => Tk::Equal,
        ':' => Tk::Colon,
        ',' => Tk::Comma,
        '{' => Tk::Open,
        '}' => Tk::Close,
        '.' | '(' | ')' | '[' | ']' | '*' | '/' | ';' | '~' | '!' | '#' | '|' | '&' | '<' | '>' => Tk::Symbol,
        _ => return None,
    })
}

/// `IsDBCSLeadByteEx(932, ch)`, which truncates the unit to its low byte.
fn is_sjis_lead(ch: u32) -> bool {
    let b = ch & 0xFF;
    (0x81..=0x9F).contains(&b) || (0xE0..=0xFC).contains(&b)
}

/// `iswdigit`: ASCII digits, the Latin-1 superscripts 1, 2 and 3, and the Basic Multilingual
/// Plane's other decimal digits (Unicode category Nd: ten in a row from each of these zeros).
fn is_digit(ch: u32) -> bool {
    const ZEROS: [u32; 36] = [
        0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66, 0xDE6, 0xE50, 0xED0, 0xF20,
        0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0,
        0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10,
    ];
    match ch {
        0x30..=0x39 | 0xB2 | 0xB3 | 0xB9 => true,
        0..=0xFF => false,
        _ => ZEROS.iter().any(|&zero| (zero..zero + 10).contains(&ch)),
    }
}

/// `iswalpha`.
fn is_alpha(ch: u32) -> bool {
    match ch {
        0..=0x7F => (ch as u8).is_ascii_alphabetic(),
        0xD800..=0xDFFF => false,
        _ => char::from_u32(ch).is_some_and(char::is_alphabetic),
    }
}

/// `wcstod` of a number token: the longest prefix that is a number (`1e` reads 1, `1e-` 1).
pub fn wcstod(s: &str) -> f64 {
    let bytes = s.as_bytes();
    let mut i = 0;
    if matches!(bytes.first(), Some(b'+' | b'-')) {
        i += 1;
    }
    let digits = |from: usize| bytes[from..].iter().take_while(|b| b.is_ascii_digit()).count();
    let int = digits(i);
    i += int;
    let mut frac = 0;
    if bytes.get(i) == Some(&b'.') {
        frac = digits(i + 1);
        if int + frac > 0 {
            i += 1 + frac;
        }
    }
    if int + frac == 0 {
        return 0.0;
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(bytes.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        let exponent = digits(j);
        if exponent > 0 {
            i = j + exponent;
        }
    }
    s[..i].parse().unwrap_or(0.0)
}

/// `_wtoi` of a whole-number token, saturating at the `int` range.
pub fn wtoi(s: &str) -> i32 {
    let (negative, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let mut value: i64 = 0;
    for b in digits.bytes().take_while(u8::is_ascii_digit) {
        value = (value * 10 + i64::from(b - b'0')).min(1 << 32);
    }
    let value = if negative { -value } else { value };
    value.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// The value of a string token: its quotes dropped, `\"` read as `"` (`GetString`).
pub fn string_value(elem: &str) -> String {
    let replaced = elem.replace("\\\"", "\"");
    let mut chars = replaced.chars();
    chars.next();
    chars.next_back();
    chars.as_str().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(Tk, &str)> {
        let mut s = Scanner::new(text);
        let mut out = Vec::new();
        while s.has_next() {
            match s.next_token() {
                Ok(t) => out.push((t.kind, s.slice(t))),
                Err(_) => break,
            }
        }
        out
    }

    #[test]
    fn numbers_split_where_danmakufu_splits_them() {
        assert_eq!(kinds("1e+05"), [(Tk::Real, "1e"), (Tk::Int, "+05")]);
        assert_eq!(kinds("-1.5e-3 3 .5"), [(Tk::Real, "-1.5e-3"), (Tk::Int, "3"), (Tk::Symbol, "."), (Tk::Int, "5")]);
        assert_eq!(kinds("1E5 0x10"), [(Tk::Real, "1E5"), (Tk::Int, "0"), (Tk::Id, "x10")]);
        assert_eq!(kinds("- 1"), [(Tk::Minus, "-"), (Tk::Int, "1")]);
        assert_eq!(
            (wcstod("1e"), wcstod("1e-"), wcstod("1."), wcstod("+05"), wcstod("-2.5e2")),
            (1.0, 1.0, 1.0, 5.0, -250.0)
        );
        assert_eq!((wtoi("+05"), wtoi("99999999999"), wtoi("-7")), (5, i32::MAX, -7));
    }

    #[test]
    fn newlines_comments_and_strings() {
        assert_eq!(kinds("a\r\n\r\nb"), [(Tk::Id, "a"), (Tk::Newline, "\r\n\r\n"), (Tk::Id, "b")]);
        assert_eq!(kinds("a\n\t\nb"), [(Tk::Id, "a"), (Tk::Newline, "\n"), (Tk::Newline, "\n"), (Tk::Id, "b")]);
        assert_eq!(kinds("a // c\n/* x */b"), [(Tk::Id, "a"), (Tk::Newline, "\n"), (Tk::Id, "b")]);
        assert_eq!(kinds("N=\"頭\\\"\""), [(Tk::Id, "N"), (Tk::Equal, "="), (Tk::Str, "\"頭\\\"\"")]);
        assert_eq!(string_value("\"頭\\\"\""), "頭\"");
        assert_eq!(kinds("\u{feff}x"), [(Tk::Unknown, "\u{feff}"), (Tk::Id, "x")]);
        // Shift-JIS lead bytes in the low byte of a unit make a word (U+7F8A's low byte is 0x8A).
        assert_eq!(kinds("羊x"), [(Tk::Id, "羊x")]);
        let mut s = Scanner::new("\"open");
        assert_eq!(s.next_token(), Err(Exhausted { inside: Some(TextRange::new(0, 5)) }));
        let mut s = Scanner::new("/* **/ x");
        assert_eq!(s.next_token(), Err(Exhausted { inside: Some(TextRange::new(0, 8)) }));
    }

    #[test]
    fn text_after_a_nul_is_not_read() {
        assert_eq!(kinds("a\0b"), [(Tk::Id, "a")]);
    }
}
