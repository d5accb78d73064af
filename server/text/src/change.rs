//! Where two versions of a text differ: the one window outside which they are byte for byte the
//! same. Incremental analysis reads everything else of the earlier version's analysis.

use super::range::{TextRange, to_u32};

/// `old[start..old_end]` became `new[start..new_end]`; before `start` and after the ends the two
/// texts are equal. Found from the texts themselves, so it covers any sequence of edits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextChange {
    pub start: u32,
    pub old_end: u32,
    pub new_end: u32,
}

impl TextChange {
    /// The smallest window between `old` and `new` on character boundaries (empty when they
    /// are equal).
    pub fn between(old: &str, new: &str) -> TextChange {
        let (a, b) = (old.as_bytes(), new.as_bytes());
        let mut prefix = common_prefix(a, b);
        // A character both start alike is in the window: the bytes before it are common, so it
        // starts at the same offset in both texts (and likewise from the end).
        while !old.is_char_boundary(prefix) {
            prefix -= 1;
        }
        let limit = a.len().min(b.len()) - prefix;
        let mut suffix = common_suffix(&a[a.len() - limit..], &b[b.len() - limit..]);
        while !old.is_char_boundary(a.len() - suffix) || !new.is_char_boundary(b.len() - suffix) {
            suffix -= 1;
        }
        TextChange { start: to_u32(prefix), old_end: to_u32(a.len() - suffix), new_end: to_u32(b.len() - suffix) }
    }

    pub fn is_empty(self) -> bool {
        self.start == self.old_end && self.start == self.new_end
    }

    /// How far text after the window moved (new offset − old offset).
    pub fn delta(self) -> i64 {
        i64::from(self.new_end) - i64::from(self.old_end)
    }

    pub fn old_range(self) -> TextRange {
        TextRange::new(self.start, self.old_end)
    }

    pub fn new_range(self) -> TextRange {
        TextRange::new(self.start, self.new_end)
    }

    /// Where an old range lies in the new text, when it lies wholly before or wholly after the
    /// window, so that its text is unchanged (a range ending where the window starts, or starting
    /// where it ends, is); `None` when it overlaps the window.
    pub fn map(self, range: TextRange) -> Option<TextRange> {
        if range.end <= self.start {
            return Some(range);
        }
        if range.start >= self.old_end {
            let delta = self.delta();
            let shift = |o: u32| u32::try_from(i64::from(o) + delta).ok();
            return Some(TextRange::new(shift(range.start)?, shift(range.end)?));
        }
        None
    }
}

/// The length of the longest common prefix, compared a block at a time.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 256;
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + BLOCK <= n && a[i..i + BLOCK] == b[i..i + BLOCK] {
        i += BLOCK;
    }
    while i < n && a[i] == b[i] {
        i += 1;
    }
    i
}

/// The length of the longest common suffix of two slices of equal length.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 256;
    let n = a.len();
    let mut i = 0;
    while i + BLOCK <= n && a[n - i - BLOCK..n - i] == b[n - i - BLOCK..n - i] {
        i += BLOCK;
    }
    while i < n && a[n - i - 1] == b[n - i - 1] {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_is_what_differs() {
        let change = |a: &str, b: &str| {
            let c = TextChange::between(a, b);
            assert_eq!(a[..c.start as usize], b[..c.start as usize]);
            assert_eq!(a[c.old_end as usize..], b[c.new_end as usize..]);
            (c.start, c.old_end, c.new_end)
        };
        assert_eq!(change("abc", "abc"), (3, 3, 3));
        assert_eq!(change("abc", "abXc"), (2, 2, 3));
        assert_eq!(change("abc", "ac"), (1, 2, 1));
        assert_eq!(change("aaaa", "aa"), (2, 4, 2));
        assert_eq!(change("", "x"), (0, 0, 1));
        assert_eq!(change("x", ""), (0, 1, 0));
        // 頭 and 頸 share their first two bytes, 頭 and 顔 their last.
        assert_eq!(change("頭", "頸"), (0, 3, 3));
        assert_eq!(change("a頭b", "a顔b"), (1, 4, 4));
        let long: String = "0123456789".repeat(100);
        let mut edited = long.clone();
        edited.replace_range(500..501, "xy");
        assert_eq!(change(&long, &edited), (500, 501, 502));
    }

    #[test]
    fn ranges_apart_from_the_window_move_with_the_text() {
        let c = TextChange { start: 10, old_end: 12, new_end: 15 };
        assert_eq!(c.map(TextRange::new(0, 10)), Some(TextRange::new(0, 10)));
        assert_eq!(c.map(TextRange::new(12, 20)), Some(TextRange::new(15, 23)));
        assert_eq!(c.map(TextRange::new(5, 11)), None);
        assert_eq!(c.map(TextRange::new(11, 13)), None);
        // An insertion at 10 leaves the text ending or starting there intact, not that around it.
        let insert = TextChange { start: 10, old_end: 10, new_end: 11 };
        assert_eq!(insert.map(TextRange::new(0, 10)), Some(TextRange::new(0, 10)));
        assert_eq!(insert.map(TextRange::new(10, 12)), Some(TextRange::new(11, 13)));
        assert_eq!(insert.map(TextRange::new(9, 11)), None);
    }
}
