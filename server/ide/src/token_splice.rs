//! The semantic tokens of an incremental analysis as a change of the previous version's: after
//! an edit of a 10 MB skeleton, the tokens of the reparsed container instead of a walk of the
//! million tokens of the whole file.
//!
//! The change is stated as "bytes `old` of the previous text became bytes `new` of this one";
//! every token lies wholly before, inside or after it, and those before and after are the
//! previous version's (after it, moved by the change's length). A format offers it when it can
//! tell that the tokens outside are unchanged (DragonBones: [`super::dragonbones`]'s check on the
//! names and the data version), so a scope-level reparse of another format can offer it as well.

use super::file_features;
use super::{Analysis, SemanticToken};
use rigls_text::{LineCol, PositionEncoding, TextRange};

/// Bytes an incremental analysis replaced, with what a position after them needs to be moved:
/// where they ended in the previous text. Both ranges start at the same offset; neither starts
/// or ends inside a line break, so the lines before them and after them are the same lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replaced {
    /// The analysis this one was built on ([`Analysis::id`]).
    pub previous: u64,
    /// The bytes of the previous text that were replaced, and their replacement in this one.
    pub old: TextRange,
    pub new: TextRange,
    /// The line of `old.end` in the previous text and its column in UTF-8, UTF-16 and UTF-32.
    old_end_line: u32,
    old_end_cols: [u32; 3],
}

impl Replaced {
    /// `old` of `previous` replaced by `new` of `analysis`; `None` when a range starts or ends
    /// inside a line break (the lines around it would not be those of the previous text).
    pub fn new(previous: &Analysis, analysis: &Analysis, old: TextRange, new: TextRange) -> Option<Replaced> {
        // A boundary between the CR and the LF of a CRLF.
        let splits_a_break = |text: &str, r: TextRange| {
            let bytes = text.as_bytes();
            let inside = |o: u32| {
                let o = o as usize;
                o > 0 && bytes.get(o - 1) == Some(&b'\r') && bytes.get(o) == Some(&b'\n')
            };
            inside(r.start) || inside(r.end)
        };
        if old.start != new.start || splits_a_break(&previous.text, old) || splits_a_break(&analysis.text, new) {
            return None;
        }
        let col = |encoding| previous.lines.line_col(old.end, encoding).col;
        Some(Replaced {
            previous: previous.id,
            old,
            new,
            old_end_line: previous.lines.line_of(old.end),
            old_end_cols: [col(PositionEncoding::Utf8), col(PositionEncoding::Utf16), col(PositionEncoding::Utf32)],
        })
    }

    /// Where `old` ended in the previous text, counted in `encoding`.
    pub fn old_end(&self, encoding: PositionEncoding) -> LineCol {
        let i = match encoding {
            PositionEncoding::Utf8 => 0,
            PositionEncoding::Utf16 => 1,
            PositionEncoding::Utf32 => 2,
        };
        LineCol { line: self.old_end_line, col: self.old_end_cols[i] }
    }

    /// How far a byte after `old` moved.
    pub fn delta(&self) -> i64 {
        i64::from(self.new.end) - i64::from(self.old.end)
    }
}

/// Whether the names outside the replaced bytes are the same, in the same order: `before`'s
/// outside `old` moved as the bytes after it moved, and `after`'s outside `new` (each name its
/// start and whether it is a definition). The check a format's `tokens_kept_outside` makes on its
/// model's names.
pub fn names_kept_outside(
    before: impl Iterator<Item = (u32, bool)>,
    after: impl Iterator<Item = (u32, bool)>,
    old: TextRange,
    new: TextRange,
) -> bool {
    let delta = i64::from(new.end) - i64::from(old.end);
    let outside_old = before
        .filter(|&(s, _)| s < old.start || s >= old.end)
        .map(|(s, def)| if s < old.start { (i64::from(s), def) } else { (i64::from(s) + delta, def) });
    let outside_new = after.filter(|&(s, _)| s < new.start || s >= new.end).map(|(s, def)| (i64::from(s), def));
    outside_old.eq(outside_new)
}

/// An analysis's semantic tokens as those of the analysis it was built on with `replaced`'s
/// tokens changed.
#[derive(Clone, Debug, PartialEq)]
pub struct TokenSplice {
    pub replaced: Replaced,
    /// This version's tokens inside `replaced.new`, in document order.
    pub tokens: Vec<SemanticToken>,
}

impl TokenSplice {
    /// This version's tokens, from `previous`: the tokens of the analysis `replaced.previous`.
    pub fn apply(&self, previous: &[SemanticToken]) -> Vec<SemanticToken> {
        let old = self.replaced.old;
        let before = previous.partition_point(|t| t.range.end <= old.start);
        let after = previous.partition_point(|t| t.range.start < old.end);
        let moved = previous[after..]
            .iter()
            .map(|t| SemanticToken { range: t.range.moved_by(self.replaced.delta()), ..t.clone() });
        previous[..before].iter().cloned().chain(self.tokens.iter().cloned()).chain(moved).collect()
    }
}

/// The tokens of `analysis` as a splice into the previous version's, when its format can tell
/// them apart (see the module's comment); `None` means a whole [`super::semantic_tokens`].
pub fn semantic_tokens_splice(analysis: &Analysis) -> Option<TokenSplice> {
    let replaced = analysis.reuse.tokens_outside?;
    let tokens = file_features::of(analysis).semantic_tokens_within(analysis, replaced.new)?;
    Some(TokenSplice { replaced, tokens })
}
