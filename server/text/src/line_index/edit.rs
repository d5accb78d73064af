//! The line index of an edited text, from the index of the text before the edit: only the text
//! around the change is scanned again; the lines and wide characters before and after it are the
//! earlier ones (moved).

use super::{LineIndex, WideChar, push_wide};
use crate::TextChange;
use crate::range::to_u32;

impl LineIndex {
    /// The index of `text`, which differs from the text this index was made of only within
    /// `change`; equal to [`LineIndex::new`] of `text`.
    pub fn edited(&self, text: &str, change: TextChange) -> LineIndex {
        let bytes = text.as_bytes();
        // A change near the start may add or remove the byte-order mark.
        if change.start < 4 || self.len as usize != (i64::from(to_u32(bytes.len())) - change.delta()) as usize {
            return LineIndex::new(text);
        }
        // Scanning starts on a character boundary before the change, not just after a CR (whose
        // line break depends on the next byte); the text before is the same in both versions.
        let floor = if text.starts_with(super::BOM) { super::BOM.len() } else { 0 };
        let mut from = change.start as usize - 1;
        while from > floor && (!text.is_char_boundary(from) || bytes[from - 1] == b'\r') {
            from -= 1;
        }
        let from = to_u32(from);
        let kept_starts = self.starts.partition_point(|&s| s <= from);
        let kept_ends = self.ends.partition_point(|&e| e < from);
        let kept_wide = self.wide.partition_point(|w| w.offset < from);
        let mut starts = self.starts[..kept_starts].to_vec();
        let mut ends = self.ends[..kept_ends].to_vec();
        let mut wide = self.wide[..kept_wide].to_vec();
        let last = |wide: &[WideChar]| wide.last().map_or((0, 0), |w| (w.excess16, w.excess32));
        let (mut excess16, mut excess32) = last(&wide);
        // Up to the first character boundary past the change that does not follow a CR: from
        // there on, the text and the scan's state are the earlier ones.
        let mut i = from as usize;
        let resumes = loop {
            if i > change.new_end as usize && bytes[i - 1] != b'\r' && i < bytes.len() {
                break Some(i);
            }
            let Some(&b) = bytes.get(i) else { break None };
            if b == b'\n' || b == b'\r' {
                ends.push(to_u32(i));
                i += if b == b'\r' && bytes.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
                starts.push(to_u32(i));
            } else if b < 0x80 {
                i += 1;
            } else {
                i += push_wide(&mut wide, i, b, (&mut excess16, &mut excess32));
            }
        };
        match resumes {
            Some(at) => {
                let old_at = (at as i64 - change.delta()) as u32;
                let moved = |o: u32| (i64::from(o) + change.delta()) as u32;
                starts.extend(self.starts[self.starts.partition_point(|&s| s <= old_at)..].iter().map(|&s| moved(s)));
                ends.extend(self.ends[self.ends.partition_point(|&e| e < old_at)..].iter().map(|&e| moved(e)));
                let rest = self.wide.partition_point(|w| w.offset < old_at);
                let (old16, old32) = last(&self.wide[..rest]);
                wide.extend(self.wide[rest..].iter().map(|w| WideChar {
                    offset: moved(w.offset),
                    excess16: w.excess16 - old16 + excess16,
                    excess32: w.excess32 - old32 + excess32,
                }));
            }
            None => ends.push(to_u32(bytes.len())),
        }
        LineIndex { starts, ends, wide, len: to_u32(bytes.len()) }
    }
}
