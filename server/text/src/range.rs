//! Byte ranges into a source text.
//!
//! Offsets are `u32`: the largest files we handle are tens of megabytes, and halving the size of
//! every range keeps syntax trees of dense meshes small.

use std::fmt;
use std::ops::Range;

/// A half-open byte range `start..end` into a source text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct TextRange {
    pub start: u32,
    pub end: u32,
}

impl TextRange {
    pub fn new(start: u32, end: u32) -> TextRange {
        debug_assert!(start <= end, "inverted range {start}..{end}");
        TextRange { start, end }
    }

    /// Builds a range from `usize` offsets (as logos and `str` methods produce them).
    pub fn from_usize(range: Range<usize>) -> TextRange {
        TextRange::new(to_u32(range.start), to_u32(range.end))
    }

    pub fn empty(at: u32) -> TextRange {
        TextRange { start: at, end: at }
    }

    /// The range `delta` bytes further on (back, when negative), clamped to the text's start.
    pub fn moved_by(self, delta: i64) -> TextRange {
        let at = |o: u32| u32::try_from(i64::from(o) + delta).unwrap_or(0);
        TextRange::new(at(self.start), at(self.end))
    }

    pub fn len(self) -> u32 {
        self.end - self.start
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// True when `offset` lies inside the range or touches its end (cursor semantics).
    pub fn contains_inclusive(self, offset: u32) -> bool {
        self.start <= offset && offset <= self.end
    }

    pub fn contains(self, offset: u32) -> bool {
        self.start <= offset && offset < self.end
    }

    pub fn contains_range(self, other: TextRange) -> bool {
        self.start <= other.start && other.end <= self.end
    }

    /// Whether the two ranges share at least one byte.
    pub fn overlaps(self, other: TextRange) -> bool {
        self.start < other.end && other.start < self.end
    }

    /// The smallest range covering both.
    pub fn cover(self, other: TextRange) -> TextRange {
        TextRange::new(self.start.min(other.start), self.end.max(other.end))
    }

    pub fn as_usize(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// The text this range covers. Out-of-bounds or non-boundary ranges give `""`.
    pub fn slice(self, text: &str) -> &str {
        text.get(self.as_usize()).unwrap_or("")
    }
}

impl fmt::Debug for TextRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// Converts a byte offset to `u32`, saturating: texts over 4 GiB are refused long before this.
pub fn to_u32(offset: usize) -> u32 {
    u32::try_from(offset).unwrap_or(u32::MAX)
}
