//! Byte offset ↔ (line, column) conversion in UTF-8, UTF-16 or UTF-32 units.
//!
//! Line breaks are LF, CRLF and a lone CR, as in LSP. A leading byte-order mark is zero-width:
//! editors hide it, so column 0 of the first line is the byte after it.
//!
//! Conversions cost O(log n) whatever the line length: non-ASCII characters are recorded once, with
//! running totals of how many more UTF-8 bytes they take than UTF-16/UTF-32 units, so a 20 MB
//! single-line file converts as fast as a short one.

use super::range::{TextRange, to_u32};

mod edit;

/// How an editor counts columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PositionEncoding {
    Utf8,
    /// LSP's default: what VS Code and most clients speak.
    #[default]
    Utf16,
    /// Unicode scalar values ("characters"), used by the CLI's JSON output.
    Utf32,
}

/// A zero-based line and a zero-based column in some [`PositionEncoding`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct LineCol {
    pub line: u32,
    pub col: u32,
}

/// One non-ASCII character, with running totals *including* it.
#[derive(Clone, Copy, Debug)]
struct WideChar {
    offset: u32,
    /// Σ (utf8 length − utf16 length) over this and every earlier wide character.
    excess16: u32,
    /// Σ (utf8 length − 1) over this and every earlier wide character.
    excess32: u32,
}

#[derive(Clone, Debug)]
pub struct LineIndex {
    /// Byte offset where each line's content starts (after the BOM on line 0).
    starts: Vec<u32>,
    /// Byte offset where each line's content ends, before its line break.
    ends: Vec<u32>,
    wide: Vec<WideChar>,
    len: u32,
}

pub const BOM: &str = "\u{feff}";

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let bom = if text.starts_with(BOM) { BOM.len() } else { 0 };
        let mut starts = vec![to_u32(bom)];
        let mut ends = Vec::new();
        let mut wide = Vec::new();
        let (mut excess16, mut excess32) = (0u32, 0u32);
        let mut i = bom;
        while i < bytes.len() {
            // A block at a time over plain ASCII (a vector loop), then eight bytes at a time,
            // straight to the next line break or non-ASCII byte.
            i = plain_blocks_end(bytes, i);
            while let Some(chunk) = bytes.get(i..i + 8) {
                let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
                let special = (word & HIGH_BITS) | byte_mask(word, b'\n') | byte_mask(word, b'\r');
                if special != 0 {
                    i += special.trailing_zeros() as usize / 8;
                    break;
                }
                i += 8;
            }
            let Some(&b) = bytes.get(i) else { break };
            if b < 0x80 {
                if b == b'\n' || b == b'\r' {
                    ends.push(to_u32(i));
                    i += if b == b'\r' && bytes.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
                    starts.push(to_u32(i));
                    continue;
                }
                i += 1;
                continue;
            }
            i += push_wide(&mut wide, i, b, (&mut excess16, &mut excess32));
        }
        ends.push(to_u32(bytes.len()));
        LineIndex { starts, ends, wide, len: to_u32(bytes.len()) }
    }

    pub fn line_count(&self) -> u32 {
        to_u32(self.starts.len())
    }

    /// Length in bytes of the indexed text.
    pub fn len(&self) -> u32 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The line holding `offset` (offsets past the end belong to the last line).
    pub fn line_of(&self, offset: u32) -> u32 {
        to_u32(self.starts.partition_point(|&s| s <= offset).saturating_sub(1))
    }

    /// The content of `line`, without its line break. Lines past the end give an empty range at
    /// the end of the text.
    pub fn line_range(&self, line: u32) -> TextRange {
        match (self.starts.get(line as usize), self.ends.get(line as usize)) {
            (Some(&s), Some(&e)) => TextRange::new(s, e),
            _ => TextRange::empty(self.len),
        }
    }

    /// Converts a byte offset to a line and column. Offsets past the end are clamped; an offset
    /// inside a character or inside a CRLF pair snaps back to the nearest boundary.
    pub fn line_col(&self, offset: u32, encoding: PositionEncoding) -> LineCol {
        let offset = offset.min(self.len);
        let line = self.line_of(offset);
        let range = self.line_range(line);
        let offset = self.snap_to_char_start(offset.clamp(range.start, range.end));
        let col8 = offset - range.start;
        let col = match encoding {
            PositionEncoding::Utf8 => col8,
            PositionEncoding::Utf16 => col8 - self.excess_between(range.start, offset, |w| w.excess16),
            PositionEncoding::Utf32 => col8 - self.excess_between(range.start, offset, |w| w.excess32),
        };
        LineCol { line, col }
    }

    /// Converts a line and column back to a byte offset. Positions past the end of a line clamp to
    /// the end of that line, lines past the end clamp to the end of the text, and a column inside a
    /// character (e.g. between the halves of a UTF-16 surrogate pair) snaps to the character start.
    pub fn offset(&self, pos: LineCol, encoding: PositionEncoding) -> u32 {
        if pos.line as usize >= self.starts.len() {
            return self.len;
        }
        let range = self.line_range(pos.line);
        let excess: fn(&WideChar) -> u32 = match encoding {
            PositionEncoding::Utf8 => {
                return self.snap_to_char_start((range.start + pos.col.min(range.len())).min(range.end));
            }
            PositionEncoding::Utf16 => |w| w.excess16,
            PositionEncoding::Utf32 => |w| w.excess32,
        };
        let lo = self.wide.partition_point(|w| w.offset < range.start);
        let hi = self.wide.partition_point(|w| w.offset < range.end);
        let base = if lo == 0 { 0 } else { excess(&self.wide[lo - 1]) };
        // Column (in `encoding` units) at which wide character `k` starts.
        let col_of = |k: usize| {
            let before = if k == 0 { 0 } else { excess(&self.wide[k - 1]) };
            self.wide[k].offset - range.start - (before - base)
        };
        // The last wide character of the line starting at or before the wanted column.
        let (mut a, mut b) = (lo, hi);
        while a < b {
            let m = (a + b) / 2;
            if col_of(m) <= pos.col {
                a = m + 1;
            } else {
                b = m;
            }
        }
        let k = a;
        let offset = if k == lo {
            range.start as u64 + pos.col as u64
        } else {
            let w = &self.wide[k - 1];
            let start_col = col_of(k - 1);
            let before = if k - 1 == 0 { 0 } else { excess(&self.wide[k - 2]) };
            let len8 = utf8_len_from_excess(self, k - 1);
            let width = len8 as u32 - (excess(w) - before);
            if pos.col < start_col + width {
                w.offset as u64
            } else {
                w.offset as u64 + len8 as u64 + (pos.col - start_col - width) as u64
            }
        };
        to_u32(offset.min(range.end as u64) as usize)
    }

    /// A whole range converted with [`LineIndex::line_col`].
    pub fn range_line_col(&self, range: TextRange, encoding: PositionEncoding) -> (LineCol, LineCol) {
        (self.line_col(range.start, encoding), self.line_col(range.end, encoding))
    }

    fn excess_between(&self, from: u32, to: u32, excess: impl Fn(&WideChar) -> u32) -> u32 {
        let lo = self.wide.partition_point(|w| w.offset < from);
        let hi = self.wide.partition_point(|w| w.offset < to);
        let at = |k: usize| if k == 0 { 0 } else { excess(&self.wide[k - 1]) };
        at(hi) - at(lo)
    }

    fn snap_to_char_start(&self, offset: u32) -> u32 {
        let k = self.wide.partition_point(|w| w.offset <= offset);
        if k > 0 {
            let w = self.wide[k - 1];
            let len8 = utf8_len_from_excess(self, k - 1) as u32;
            if offset > w.offset && offset < w.offset + len8 {
                return w.offset;
            }
        }
        offset
    }
}

const LOW_BITS: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `word` that equals `byte`. Exact up to the first match (the
/// borrow may mark bytes after it), which is all the scan needs: the lowest set bit.
/// The start of the first block of 64 bytes from `from` that holds a line break or a non-ASCII
/// byte (or the text's last incomplete block). The test of a block is written without branches so
/// that the compiler makes it a vector loop: a minified file is one line of mostly ASCII, which
/// eight bytes at a time took 8 ms to index for a 17 MB skeleton.
fn plain_blocks_end(bytes: &[u8], from: usize) -> usize {
    let mut at = from;
    for block in bytes[from..].chunks_exact(64) {
        let special = block.iter().fold(0u8, |acc, &b| acc | (b & 0x80) | u8::from(b == b'\n') | u8::from(b == b'\r'));
        if special != 0 {
            break;
        }
        at += 64;
    }
    at
}

fn byte_mask(word: u64, byte: u8) -> u64 {
    let x = word ^ (LOW_BITS * byte as u64);
    x.wrapping_sub(LOW_BITS) & !x & HIGH_BITS
}

/// UTF-8 length of wide character `k`, recovered from the UTF-32 running total.
fn utf8_len_from_excess(index: &LineIndex, k: usize) -> usize {
    let before = if k == 0 { 0 } else { index.wide[k - 1].excess32 };
    (index.wide[k].excess32 - before) as usize + 1
}

/// Records the non-ASCII character at `offset` starting with `first_byte`, adding to the running
/// `excess` totals (UTF-16, UTF-32); its length in bytes.
fn push_wide(wide: &mut Vec<WideChar>, offset: usize, first_byte: u8, excess: (&mut u32, &mut u32)) -> usize {
    let len8 = utf8_len(first_byte);
    let len16 = if len8 == 4 { 2 } else { 1 };
    *excess.0 += (len8 - len16) as u32;
    *excess.1 += (len8 - 1) as u32;
    wide.push(WideChar { offset: to_u32(offset), excess16: *excess.0, excess32: *excess.1 });
    len8
}

fn utf8_len(first_byte: u8) -> usize {
    match first_byte {
        0xF0..=0xFF => 4,
        0xE0..=0xEF => 3,
        _ => 2,
    }
}
