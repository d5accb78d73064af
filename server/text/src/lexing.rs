//! What the lexers of both formats share: a logos token stream with byte ranges into the whole
//! text that never fails, where a run of adjacent unrecognised characters is one error token
//! (a stray word of junk gives one diagnostic, not one per byte); and a number token's value
//! ([`parse_f64`]).

mod number;

use logos::Logos;

pub use number::{parse_f64, parse_f64_in};

use crate::{BOM, TextRange, to_u32};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<K> {
    pub kind: K,
    pub range: TextRange,
}

/// A token kind with a kind for what nothing else matches.
pub trait WithError: Copy + PartialEq {
    const ERROR: Self;
}

/// Tokens of `slice`, a part of a larger text starting at byte `base` of it.
pub struct MergingLexer<'a, K: Logos<'a>> {
    inner: logos::Lexer<'a, K>,
    base: usize,
    pending: Option<Token<K>>,
}

impl<'a, K> MergingLexer<'a, K>
where
    K: Logos<'a, Source = str> + WithError,
    K::Extras: Default,
{
    /// Tokens of a whole text; a BOM at offset 0 is skipped.
    pub fn new(text: &'a str) -> Self {
        let base = if text.starts_with(BOM) { BOM.len() } else { 0 };
        Self::over(&text[base..], base)
    }

    pub fn over(slice: &'a str, base: usize) -> Self {
        MergingLexer { inner: K::lexer(slice), base, pending: None }
    }

    /// Lexes one slice of a larger text (used to re-read a single line's value).
    pub fn for_range(text: &'a str, range: TextRange) -> Self {
        Self::over(range.slice(text), range.start as usize)
    }

    /// Lexes `text` from byte `offset` on (a char boundary), for restarting after a recovery.
    pub fn at(text: &'a str, offset: usize) -> Self {
        let base = offset.min(text.len());
        Self::over(text.get(base..).unwrap_or(""), base)
    }

    /// Where the next token's lexing starts, unless a token has been read ahead (while merging
    /// error tokens): the end of the last token.
    pub fn resume_at(&self) -> Option<usize> {
        self.pending.is_none().then(|| self.base + self.inner.span().end)
    }

    #[inline(always)]
    fn raw_next(&mut self) -> Option<Token<K>> {
        let kind = self.inner.next()?.unwrap_or(K::ERROR);
        let span = self.inner.span();
        Some(Token { kind, range: TextRange::new(to_u32(span.start + self.base), to_u32(span.end + self.base)) })
    }
}

impl<'a, K> Iterator for MergingLexer<'a, K>
where
    K: Logos<'a, Source = str> + WithError,
    K::Extras: Default,
{
    type Item = Token<K>;

    #[inline(always)]
    fn next(&mut self) -> Option<Token<K>> {
        // Not `take()`: writing `None` on every call costs more than the lexing.
        let mut token = match self.pending {
            Some(t) => {
                self.pending = None;
                t
            }
            None => self.raw_next()?,
        };
        if token.kind == K::ERROR {
            while let Some(next) = self.raw_next() {
                if next.kind == K::ERROR && next.range.start == token.range.end {
                    token.range.end = next.range.end;
                } else {
                    self.pending = Some(next);
                    break;
                }
            }
        }
        Some(token)
    }
}

/// Asserts that each text lexes as one token of its kind (the lexers' long-token tests).
pub fn assert_each_is_one_token<K>(cases: &[(String, K)])
where
    K: for<'a> Logos<'a, Source = str, Extras = ()> + WithError + Copy + PartialEq + std::fmt::Debug,
{
    for (text, kind) in cases {
        let tokens: Vec<_> = MergingLexer::<K>::new(text).map(|t| (t.kind, t.range.len())).collect();
        assert_eq!(tokens, [(*kind, text.len() as u32)], "{kind:?}");
    }
}
