//! Reads one line's value (`1.0:0.5:0.5:0.5`, `3,0:1:2`, `"Root"`) into atoms and `,`-groups.
//!
//! The parser has already checked the line's shape, so this only splits it; callers reuse one
//! [`Values`] buffer across lines to avoid allocating per line.

use super::lexer::{Lexer, TokenKind};
use rigls_text::TextRange;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Atom {
    pub kind: TokenKind,
    pub range: TextRange,
}

impl Atom {
    pub fn is_number(&self) -> bool {
        matches!(self.kind, TokenKind::Number | TokenKind::ExpNumber)
    }

    pub fn is_string(&self) -> bool {
        self.kind == TokenKind::String
    }

    pub fn as_f64(&self, text: &str) -> Option<f64> {
        if self.is_number() {
            rigls_text::lexing::parse_f64_in(text, self.range.start as usize, self.range.end as usize)
        } else {
            None
        }
    }

    /// The value as an integer; `None` for decimals, exponents and non-numbers.
    pub fn as_i64(&self, text: &str) -> Option<i64> {
        if self.kind == TokenKind::Number { self.range.slice(text).parse().ok() } else { None }
    }

    /// The contents of a quoted string, with `\"` and `\\` unescaped.
    pub fn as_str<'t>(&self, text: &'t str) -> Option<std::borrow::Cow<'t, str>> {
        if self.kind != TokenKind::String {
            return None;
        }
        let inner = self.inner_range().slice(text);
        if inner.contains('\\') {
            Some(std::borrow::Cow::Owned(inner.replace("\\\"", "\"").replace("\\\\", "\\")))
        } else {
            Some(std::borrow::Cow::Borrowed(inner))
        }
    }

    /// For a string, the range between the quotes; otherwise the atom's own range.
    pub fn inner_range(&self) -> TextRange {
        if self.kind == TokenKind::String && self.range.len() >= 2 {
            TextRange::new(self.range.start + 1, self.range.end - 1)
        } else {
            self.range
        }
    }
}

#[derive(Default, Debug)]
pub struct Values {
    pub atoms: Vec<Atom>,
    /// Index into `atoms` where each `,`-separated group starts.
    groups: Vec<usize>,
}

impl Values {
    pub fn read(text: &str, range: TextRange) -> Values {
        let mut v = Values::default();
        v.fill(text, range);
        v
    }

    /// Replaces the contents with the atoms of `text[range]`.
    pub fn fill(&mut self, text: &str, range: TextRange) {
        self.clear();
        if self.fill_plain_numbers(text, range) {
            return;
        }
        self.clear();
        for token in Lexer::for_range(text, range) {
            match token.kind {
                TokenKind::Comma => self.groups.push(self.atoms.len()),
                k if k.is_atom() => self.atoms.push(Atom { kind: k, range: token.range }),
                _ => {}
            }
        }
    }

    fn clear(&mut self) {
        self.atoms.clear();
        self.groups.clear();
        self.groups.push(0);
    }

    /// The fast path for the lines that make up the bulk of a mesh: plain decimals separated by
    /// `:` and `,` (`0.5:-1.25:3`, `3,0:1:2`). Reads them as the lexer would and returns `true`, or
    /// returns `false` at the first byte that is anything else (a string, a word, an exponent…),
    /// leaving the lexer to read the line.
    fn fill_plain_numbers(&mut self, text: &str, range: TextRange) -> bool {
        let Some(bytes) = text.as_bytes().get(range.as_usize()) else { return false };
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b':' | b' ' | b'\t' | 0x0B | 0x0C => i += 1,
                b',' => {
                    self.groups.push(self.atoms.len());
                    i += 1;
                }
                b'-' | b'.' | b'0'..=b'9' => {
                    let start = i;
                    let Some(end) = super::lexer::plain_number_end(bytes, i) else { return false };
                    let range = TextRange::new(range.start + start as u32, range.start + end as u32);
                    self.atoms.push(Atom { kind: TokenKind::Number, range });
                    i = end;
                }
                _ => return false,
            }
        }
        true
    }

    pub fn len(&self) -> usize {
        self.atoms.len()
    }

    pub fn is_empty(&self) -> bool {
        self.atoms.is_empty()
    }

    pub fn group_count(&self) -> usize {
        self.groups.len()
    }

    /// The atoms of `,`-group `i`.
    pub fn group(&self, i: usize) -> &[Atom] {
        let start = self.groups[i];
        let end = self.groups.get(i + 1).copied().unwrap_or(self.atoms.len());
        &self.atoms[start..end]
    }

    /// The range of all atoms.
    pub fn range(&self) -> Option<TextRange> {
        Some(self.atoms.first()?.range.cover(self.atoms.last()?.range))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What the lexer alone reads (the path `fill` takes for anything but plain numbers).
    fn lexed(text: &str) -> (Vec<Atom>, Vec<Vec<Atom>>) {
        let mut v = Values::default();
        v.clear();
        for token in Lexer::for_range(text, TextRange::new(0, text.len() as u32)) {
            match token.kind {
                TokenKind::Comma => v.groups.push(v.atoms.len()),
                k if k.is_atom() => v.atoms.push(Atom { kind: k, range: token.range }),
                _ => {}
            }
        }
        let groups = (0..v.group_count()).map(|i| v.group(i).to_vec()).collect();
        (v.atoms, groups)
    }

    fn filled(text: &str) -> (Vec<Atom>, Vec<Vec<Atom>>) {
        let v = Values::read(text, TextRange::new(0, text.len() as u32));
        let groups = (0..v.group_count()).map(|i| v.group(i).to_vec()).collect();
        (v.atoms, groups)
    }

    #[test]
    fn plain_numbers_read_as_the_lexer_reads_them() {
        for text in
            ["0.5:-1.25:3", "3,0:1:2", "-.5:5.:.25", "1-2", "1..2", "-", ".", "1e5:2", "\"a\":1", "1 2", "", ","]
        {
            assert_eq!(filled(text), lexed(text), "{text:?}");
        }
    }

    proptest! {
        /// The values rule relies on it: it reports only atoms that are not numbers.
        #[test]
        fn every_number_token_reads_as_an_f64(text in "-?[0-9]{0,40}(\\.[0-9]{0,40})?([eE][+-]?[0-9]{1,5})?") {
            for token in Lexer::new(&text) {
                if matches!(token.kind, TokenKind::Number | TokenKind::ExpNumber) {
                    prop_assert!(token.range.slice(&text).parse::<f64>().is_ok(), "{:?}", token.range.slice(&text));
                }
            }
        }

        #[test]
        fn any_line_reads_as_the_lexer_reads_it(text in "[0-9.:, \t\\-eE\"a_]{0,24}") {
            prop_assert_eq!(filled(&text), lexed(&text));
        }
    }
}
