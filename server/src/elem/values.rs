//! Reads one line's value (`1.0:0.5:0.5:0.5`, `3,0:1:2`, `"Root"`) into atoms and `,`-groups.
//!
//! The parser has already checked the line's shape, so this only splits it; callers reuse one
//! [`Values`] buffer across lines to avoid allocating per line.

use super::lexer::{Lexer, TokenKind};
use crate::text::TextRange;

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
        if self.is_number() { self.range.slice(text).parse().ok() } else { None }
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
        self.atoms.clear();
        self.groups.clear();
        self.groups.push(0);
        for token in Lexer::for_range(text, range) {
            match token.kind {
                TokenKind::Comma => self.groups.push(self.atoms.len()),
                k if k.is_atom() => self.atoms.push(Atom { kind: k, range: token.range }),
                _ => {}
            }
        }
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
