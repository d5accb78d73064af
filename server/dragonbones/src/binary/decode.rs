//! The header's text as the JavaScript runtime decodes it: standard UTF-8 where the bytes are
//! valid; otherwise a byte that cannot start a sequence is dropped, a sequence cut short by a byte
//! that cannot continue it is dropped and that byte is emitted as a Latin-1 character, then read
//! again; an overlong or surrogate sequence becomes its last byte as a Latin-1 character, and
//! U+0000 is dropped.

/// The decoded header, and whether it is the bytes themselves (valid UTF-8 without NUL).
pub fn decode_header(bytes: &[u8]) -> (String, bool) {
    if let Ok(text) = std::str::from_utf8(bytes)
        && !bytes.contains(&0)
    {
        return (text.to_owned(), true);
    }
    (decode_lossy(bytes), false)
}

fn decode_lossy(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    let mut i = 0;
    // The sequence being read: its code point so far, bytes still needed and seen, and the
    // smallest code point its length may encode.
    let (mut point, mut needed, mut seen, mut lower) = (0u32, 0u32, 0u32, 0u32);
    while i < bytes.len() {
        let byte = u32::from(bytes[i]);
        i += 1;
        let decoded = if needed == 0 {
            match byte {
                0x00..=0x7F => Some(byte),
                0xC2..=0xDF => {
                    (needed, lower, point) = (1, 0x80, (byte - 0xC0) << 6);
                    None
                }
                0xE0..=0xEF => {
                    (needed, lower, point) = (2, 0x800, (byte - 0xE0) << 12);
                    None
                }
                0xF0..=0xF4 => {
                    (needed, lower, point) = (3, 0x10000, (byte - 0xF0) << 18);
                    None
                }
                _ => None,
            }
        } else if !(0x80..=0xBF).contains(&byte) {
            (point, needed, seen, lower) = (0, 0, 0, 0);
            i -= 1;
            // The runtime emits the interrupting byte's value here, then reads it again.
            Some(byte)
        } else {
            seen += 1;
            point += (byte - 0x80) << (6 * (needed - seen));
            if seen != needed {
                None
            } else {
                let (cp, low) = (point, lower);
                (point, needed, seen, lower) = (0, 0, 0, 0);
                Some(if (low..=0x10FFFF).contains(&cp) && !(0xD800..=0xDFFF).contains(&cp) { cp } else { byte })
            }
        };
        if let Some(cp) = decoded
            && cp > 0
            && let Some(c) = char::from_u32(cp)
        {
            out.push(c);
        }
    }
    out
}
