use super::*;
use PositionEncoding::{Utf8, Utf16, Utf32};
use proptest::prelude::*;

fn lc(line: u32, col: u32) -> LineCol {
    LineCol { line, col }
}

/// Reference implementation: walks the text char by char.
fn naive_line_col(text: &str, offset: usize, enc: PositionEncoding) -> LineCol {
    let bom = if text.starts_with(BOM) { 3 } else { 0 };
    let (mut line, mut col) = (0u32, 0u32);
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if i >= offset {
            break;
        }
        if i < bom {
            continue;
        }
        match c {
            '\r' => {
                if let Some(&(_, '\n')) = chars.peek() {
                    if i + 1 >= offset {
                        break; // inside the CRLF pair: end of line
                    }
                    chars.next();
                }
                line += 1;
                col = 0;
            }
            '\n' => {
                line += 1;
                col = 0;
            }
            c => {
                col += match enc {
                    Utf8 => c.len_utf8() as u32,
                    Utf16 => c.len_utf16() as u32,
                    Utf32 => 1,
                }
            }
        }
    }
    lc(line, col)
}

#[test]
fn japanese_names_in_each_encoding() {
    let text = "Name=\"ルーン\"\nBoneName=\"頭\"\n";
    let index = LineIndex::new(text);
    let end_of_name = text.find("\"\n").unwrap() as u32; // closing quote of ルーン
    assert_eq!(index.line_col(end_of_name, Utf8), lc(0, 15));
    assert_eq!(index.line_col(end_of_name, Utf16), lc(0, 9));
    assert_eq!(index.line_col(end_of_name, Utf32), lc(0, 9));
    assert_eq!(index.offset(lc(0, 9), Utf16), end_of_name);
    assert_eq!(index.offset(lc(0, 15), Utf8), end_of_name);
    let head = text.find('頭').unwrap() as u32;
    assert_eq!(index.line_col(head, Utf16), lc(1, 10));
    assert_eq!(index.offset(lc(1, 11), Utf16), head + 3);
}

#[test]
fn astral_characters_take_two_utf16_units() {
    let text = "a😀b";
    let index = LineIndex::new(text);
    assert_eq!(index.line_col(5, Utf16), lc(0, 3));
    assert_eq!(index.line_col(5, Utf32), lc(0, 2));
    assert_eq!(index.line_col(5, Utf8), lc(0, 5));
    // Column 2 falls between the surrogate halves: snap to the character start.
    assert_eq!(index.offset(lc(0, 2), Utf16), 1);
    assert_eq!(index.offset(lc(0, 3), Utf16), 5);
}

#[test]
fn crlf_lf_and_lone_cr_are_all_line_breaks() {
    let text = "a\r\nb\nc\rd";
    let index = LineIndex::new(text);
    assert_eq!(index.line_count(), 4);
    assert_eq!(index.line_range(0), TextRange::new(0, 1));
    assert_eq!(index.line_range(1), TextRange::new(3, 4));
    assert_eq!(index.line_range(2), TextRange::new(5, 6));
    assert_eq!(index.line_range(3), TextRange::new(7, 8));
    assert_eq!(index.line_col(7, Utf16), lc(3, 0));
    // Between CR and LF is still the end of line 0.
    assert_eq!(index.line_col(2, Utf16), lc(0, 1));
}

#[test]
fn bom_is_zero_width() {
    let text = "\u{feff}Elfreina\r\nFile";
    let index = LineIndex::new(text);
    assert_eq!(index.line_col(3, Utf16), lc(0, 0));
    assert_eq!(index.line_col(0, Utf16), lc(0, 0));
    assert_eq!(index.line_col(11, Utf32), lc(0, 8));
    assert_eq!(index.offset(lc(0, 0), Utf16), 3);
    assert_eq!(index.offset(lc(1, 2), Utf16), 15);
}

#[test]
fn out_of_range_positions_clamp() {
    let text = "ab\ncd";
    let index = LineIndex::new(text);
    assert_eq!(index.offset(lc(0, 99), Utf16), 2);
    assert_eq!(index.offset(lc(9, 0), Utf16), 5);
    assert_eq!(index.line_col(99, Utf16), lc(1, 2));
    assert_eq!(LineIndex::new("").line_col(0, Utf16), lc(0, 0));
}

#[test]
fn long_single_line_converts_quickly() {
    // 2 MB of mixed text on one line: every conversion must stay logarithmic.
    let text = "名前=\"a\":".repeat(200_000);
    let index = LineIndex::new(&text);
    let mut offset = 0u32;
    for _ in 0..100_000 {
        let pos = index.line_col(offset, Utf16);
        assert_eq!(index.offset(pos, Utf16), offset);
        offset = (offset + 13) % index.len();
        offset = index.offset(index.line_col(offset, Utf16), Utf16);
    }
}

proptest! {
    #[test]
    fn conversions_match_a_naive_walk(
        text in "(\u{feff})?([a-z=:{}\"]|\r|\n|\r\n|ル|頭|é|😀){0,40}",
        enc in prop_oneof![Just(Utf8), Just(Utf16), Just(Utf32)],
    ) {
        let index = LineIndex::new(&text);
        for offset in 0..=text.len() {
            if !text.is_char_boundary(offset) {
                continue;
            }
            let pos = index.line_col(offset as u32, enc);
            prop_assert_eq!(pos, naive_line_col(&text, offset, enc), "offset {}", offset);
            let back = index.offset(pos, enc);
            // Round trip is exact except at the BOM and between CR and LF.
            let canonical = naive_line_col(&text, back as usize, enc);
            prop_assert_eq!(canonical, pos);
        }
    }
}

/// Every replacement of every range of small texts (line breaks of each kind, a BOM, wide
/// characters) by each of a few insertions: the edited index is the index of the new text.
#[test]
fn edited_line_index_equals_a_fresh_one() {
    let texts = ["ab\ncd\r\nef\rgh", "\u{feff}頭\r\n😀x\n\ny", "a\r\r\n\n\rb頭c", "abcdefgh\r\nijkl頭mnop\nqrst"];
    let insertions = ["", "\n", "\r", "\r\n", "頭", "😀", "x", "\n頭\r"];
    for text in texts {
        let index = LineIndex::new(text);
        let boundaries: Vec<usize> = (0..=text.len()).filter(|&i| text.is_char_boundary(i)).collect();
        for (k, &from) in boundaries.iter().enumerate() {
            for &to in &boundaries[k..] {
                for insertion in insertions {
                    let new = format!("{}{insertion}{}", &text[..from], &text[to..]);
                    let change = TextChange::between(text, &new);
                    let want = format!("{:?}", LineIndex::new(&new));
                    assert_eq!(format!("{:?}", index.edited(&new, change)), want, "{text:?} → {new:?}");
                }
            }
        }
    }
}
