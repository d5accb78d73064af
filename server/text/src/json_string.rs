//! JSON strings, read one way by every part of rigls that reads them: where a run of plain bytes
//! ends ([`plain_end`]), what an escape stands for ([`escape`]), and a string's value
//! ([`unescape`], [`unescape_in_place`]). The DragonBones parser finds its strings' ends and
//! checks their escapes here, its syntax tree decodes names here, and the language server's
//! transport unescapes a large text here (in place, or piece by piece as it arrives).

use std::borrow::Cow;
use std::ops::Range;

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The bytes of `word` (little-endian) that end a run of plain string bytes: a quote, a backslash
/// or a control byte. The lowest marked byte is always one of them (a byte above one may be
/// marked wrongly, by the borrow).
#[inline(always)]
fn stops(word: u64) -> u64 {
    let zero_bytes = |v: u64| v.wrapping_sub(ONES) & !v & HIGHS;
    zero_bytes(word ^ (ONES * u64::from(b'"')))
        | zero_bytes(word ^ (ONES * u64::from(b'\\')))
        | (word.wrapping_sub(ONES * 0x20) & !word & HIGHS)
}

/// The first byte from `from` on that is `"`, `\` or a control byte (below 0x20), or the end of
/// `bytes`: eight bytes at a time.
#[inline(always)]
pub fn plain_end(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while let Some(chunk) = bytes.get(i..i + 8) {
        let stops = stops(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        if stops != 0 {
            return i + (stops.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    (i..bytes.len()).find(|&i| matches!(bytes[i], b'"' | b'\\' | 0..0x20)).unwrap_or(bytes.len())
}

/// What an escape stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Escape {
    Char(char),
    /// `\u` of half a surrogate pair without its other half: JSON allows it, a Rust string
    /// cannot hold it.
    LoneSurrogate,
    /// Not an escape JSON has, or cut short.
    Invalid,
}

/// The escape at the start of `bytes` (at its backslash), and how many bytes it takes: 2 for a
/// letter, 6 for `\uXXXX`, 12 for a surrogate pair written as two; an invalid escape takes its
/// backslash and the character after it (by its UTF-8 lead byte), or the backslash alone at the
/// end.
pub fn escape(bytes: &[u8]) -> (Escape, usize) {
    let c = match bytes.get(1) {
        None => return (Escape::Invalid, 1),
        Some(b'"') => '"',
        Some(b'\\') => '\\',
        Some(b'/') => '/',
        Some(b'b') => '\u{8}',
        Some(b'f') => '\u{c}',
        Some(b'n') => '\n',
        Some(b'r') => '\r',
        Some(b't') => '\t',
        Some(b'u') => {
            let Some(unit) = bytes.get(2..6).and_then(hex4) else { return (Escape::Invalid, 2) };
            return match unit {
                0xD800..0xDC00 => {
                    let low = bytes.get(6..12).and_then(|b| b.strip_prefix(b"\\u")).and_then(hex4);
                    match low {
                        Some(low @ 0xDC00..0xE000) => {
                            let code = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                            (char::from_u32(code).map_or(Escape::Invalid, Escape::Char), 12)
                        }
                        _ => (Escape::LoneSurrogate, 6),
                    }
                }
                0xDC00..0xE000 => (Escape::LoneSurrogate, 6),
                _ => (char::from_u32(unit).map_or(Escape::Invalid, Escape::Char), 6),
            };
        }
        Some(&lead) => {
            let width = match lead {
                0xF0.. => 4,
                0xE0.. => 3,
                0xC0.. => 2,
                _ => 1,
            };
            return (Escape::Invalid, (1 + width).min(bytes.len()));
        }
    };
    (Escape::Char(c), 2)
}

/// Four hex digits.
pub fn hex4(digits: &[u8]) -> Option<u32> {
    if digits.len() != 4 || !digits.iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    digits.iter().try_fold(0, |value, &d| Some(value * 16 + char::from(d).to_digit(16)?))
}

/// How [`unescape`] takes what a Rust string cannot hold or JSON does not allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Faults {
    /// A lone surrogate is read as U+FFFD and an invalid escape kept as written (the parser
    /// reports it): names in an editor.
    Mended,
    /// Either makes the string unreadable (`None`): a message's text, which must arrive exactly.
    Refused,
}

/// The value of a JSON string's contents (`raw`, without its quotes).
pub fn unescape(raw: &str, faults: Faults) -> Option<Cow<'_, str>> {
    let bytes = raw.as_bytes();
    let Some(first) = memchr::memchr(b'\\', bytes) else { return Some(Cow::Borrowed(raw)) };
    let mut out = String::with_capacity(raw.len());
    let mut at = 0;
    let mut slash = first;
    loop {
        out.push_str(&raw[at..slash]);
        let (escape, len) = escape(&bytes[slash..]);
        match (escape, faults) {
            (Escape::Char(c), _) => out.push(c),
            (Escape::LoneSurrogate, Faults::Mended) => out.push('\u{FFFD}'),
            (Escape::Invalid, Faults::Mended) => out.push_str(&raw[slash..slash + len]),
            (_, Faults::Refused) => return None,
        }
        at = slash + len;
        match memchr::memchr(b'\\', &bytes[at..]) {
            Some(found) => slash = at + found,
            None => break,
        }
    }
    out.push_str(&raw[at..]);
    Some(Cow::Owned(out))
}

/// Unescapes the JSON string contents at `inner` of `buffer` into the buffer, from `to` on (at or
/// before `inner.start`: no escape is shorter than what it stands for, so the writing never
/// overtakes the reading); returns the length written, or `None` at an escape `faults` refuses
/// (the buffer is then partly overwritten).
pub fn unescape_in_place(buffer: &mut [u8], inner: Range<usize>, to: usize, faults: Faults) -> Option<usize> {
    let (mut read, mut written) = (inner.start, to);
    while let Some(found) = memchr::memchr(b'\\', &buffer[read..inner.end]) {
        let slash = read + found;
        buffer.copy_within(read..slash, written);
        written += slash - read;
        let (escape, len) = escape(&buffer[slash..inner.end]);
        let c = match (escape, faults) {
            (Escape::Char(c), _) => c,
            (Escape::LoneSurrogate, Faults::Mended) => '\u{FFFD}',
            (Escape::Invalid, Faults::Mended) => {
                buffer.copy_within(slash..slash + len, written);
                written += len;
                read = slash + len;
                continue;
            }
            (_, Faults::Refused) => return None,
        };
        read = slash + len;
        written += c.encode_utf8(&mut buffer[written..written + c.len_utf8()]).len();
    }
    buffer.copy_within(read..inner.end, written);
    Some(written - to + (inner.end - read))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_end_finds_the_first_quote_backslash_or_control_byte() {
        for seed in 0..20_000u64 {
            let word = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (seed << 7);
            let mut bytes = word.to_le_bytes().to_vec();
            bytes.extend_from_slice(&word.rotate_left(13).to_le_bytes()[..(seed % 9) as usize]);
            // Plant stops and near misses.
            let at = (seed % bytes.len() as u64) as usize;
            bytes[at] = [b'"', b'\\', 0x1f, 0x20, b'!', b']', 0x00, 0x7f][(seed / 16 % 8) as usize];
            let from = (seed / 128 % 4) as usize;
            let expected = (from..bytes.len()).find(|&i| matches!(bytes[i], b'"' | b'\\' | 0..0x20));
            assert_eq!(plain_end(&bytes, from), expected.unwrap_or(bytes.len()), "{bytes:?} from {from}");
        }
    }

    #[test]
    fn escapes_stand_for_what_json_says() {
        let cases: &[(&str, Escape, usize)] = &[
            (r#"\""#, Escape::Char('"'), 2),
            (r"\\", Escape::Char('\\'), 2),
            (r"\/", Escape::Char('/'), 2),
            (r"\b", Escape::Char('\u{8}'), 2),
            (r"\f", Escape::Char('\u{c}'), 2),
            (r"\n", Escape::Char('\n'), 2),
            (r"\r", Escape::Char('\r'), 2),
            (r"\t", Escape::Char('\t'), 2),
            (r"\u6b69x", Escape::Char('歩'), 6),
            (r"\u00E9", Escape::Char('é'), 6),
            (r"\ud842\udfb7", Escape::Char('𠮷'), 12),
            (r"\ud842", Escape::LoneSurrogate, 6),
            (r"\ud842\u0041", Escape::LoneSurrogate, 6),
            (r"\ud842\n", Escape::LoneSurrogate, 6),
            (r"\udfb7", Escape::LoneSurrogate, 6),
            (r"\u12", Escape::Invalid, 2),
            (r"\u12g4", Escape::Invalid, 2),
            (r"\x", Escape::Invalid, 2),
            ("\\é", Escape::Invalid, 3),
            ("\\歩", Escape::Invalid, 4),
            ("\\", Escape::Invalid, 1),
        ];
        for &(written, expected, len) in cases {
            assert_eq!(escape(written.as_bytes()), (expected, len), "{written}");
        }
    }

    #[test]
    fn strings_are_unescaped_mended_or_refused() {
        let cases: &[(&str, &str, Option<&str>)] = &[
            ("plain 歩行", "plain 歩行", Some("plain 歩行")),
            (r#"a\"b\\c\/d\ne\tf"#, "a\"b\\c/d\ne\tf", Some("a\"b\\c/d\ne\tf")),
            (r"\u6b69\u884c \ud842\udfb7", "歩行 𠮷", Some("歩行 𠮷")),
            (r"lone \ud842 here", "lone \u{FFFD} here", None),
            (r"lone \udfb7", "lone \u{FFFD}", None),
            (r"bad \x and \u12 end", r"bad \x and \u12 end", None),
            ("bad \\歩 \\é", "bad \\歩 \\é", None),
            ("trailing \\", "trailing \\", None),
        ];
        for &(raw, mended, refused) in cases {
            assert_eq!(unescape(raw, Faults::Mended).as_deref(), Some(mended), "{raw}");
            assert_eq!(unescape(raw, Faults::Refused).as_deref(), refused, "{raw}");
            for (faults, expected) in [(Faults::Mended, Some(mended)), (Faults::Refused, refused)] {
                let mut buffer = format!("{{\"text\":\"{raw}\"}}").into_bytes();
                let len = unescape_in_place(&mut buffer, 9..9 + raw.len(), 1, faults);
                let written = len.map(|len| String::from_utf8(buffer[1..1 + len].to_vec()).unwrap());
                assert_eq!(written.as_deref(), expected, "{raw} {faults:?}");
            }
        }
        assert!(matches!(unescape("no escape", Faults::Refused), Some(Cow::Borrowed(_))));
    }
}
