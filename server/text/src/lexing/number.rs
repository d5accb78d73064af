//! A number token's value: `str::parse::<f64>`, bit for bit, with a quick way for the numbers
//! rig files are made of.
//!
//! The standard parser is correct for every spelling and pays for it on each call; a 17 MB
//! skeleton has millions of short decimals (`-12.5`, `0.0833`), read by the rules and again by the
//! runtime's parse, and their parsing was a third of the runtime's parse. Most of them take
//! Clinger's fast path: a decimal of at most 19 digits whose mantissa is at most 2^53 and whose
//! exponent is within ±22 is one correctly rounded multiplication or division of two exactly
//! representable doubles, so the result is the correctly rounded value `str::parse` gives.
//! Anything else goes to `str::parse`.

/// The powers of ten a double holds exactly.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

/// `text[start..end].parse::<f64>().ok()`, where the text goes on (most numbers are followed by
/// a `,` or a bracket): a number of at most eight digits is then read eight bytes at once.
#[inline]
pub fn parse_f64_in(text: &str, start: usize, end: usize) -> Option<f64> {
    let bytes = text.as_bytes();
    let negative = bytes.get(start) == Some(&b'-');
    let digits = start + usize::from(negative);
    if let Some(eight) = bytes.get(digits..digits + 8)
        && let Some(value) = eight_bytes_decimal(eight, end.saturating_sub(digits))
    {
        return Some(if negative { -value } else { value });
    }
    parse_f64(text.get(start..end)?)
}

/// The value of `digits(.digits)?` (or `.digits`, `digits.`) in the first `len` of the eight
/// bytes `eight`, at most eight digits: read in a few multiplications rather than a loop that
/// mispredicts where each number ends (fast_float's eight-digit step). The value is `m / 10^k`
/// with `m < 10^8` and `k ≤ 7`, one correctly rounded division of two exact doubles.
#[inline(always)]
fn eight_bytes_decimal(eight: &[u8], len: usize) -> Option<f64> {
    if !(1..=8).contains(&len) {
        return None;
    }
    let word = u64::from_le_bytes(eight.try_into().ok()?);
    // The number's bytes, the first in the lowest; the bytes after it cleared.
    let word = if len == 8 { word } else { word & ((1 << (8 * len)) - 1) };
    let ones = 0x0101_0101_0101_0101u64;
    // The first `.` (bytes equal to it become zero; the lowest zero byte is found exactly).
    let dots = word ^ (ones * u64::from(b'.'));
    let zero = dots.wrapping_sub(ones) & !dots & (ones * 0x80);
    let (digits, count, fraction) = if zero == 0 {
        (word, len, 0)
    } else {
        let dot = (zero.trailing_zeros() / 8) as usize;
        let before = (1u64 << (8 * dot)) - 1;
        ((word & before) | ((word >> 8) & !before), len - 1, len - 1 - dot)
    };
    if count == 0 {
        return None;
    }
    // Leading `0`s up to eight digits (the most significant digit is the lowest byte).
    let pad = 8 * (8 - count);
    let padded = if pad == 0 { digits } else { (digits << pad) | ((ones * u64::from(b'0')) & ((1 << pad) - 1)) };
    let high = ones * 0xF0;
    if (padded & high) | (((padded.wrapping_add(ones * 0x06)) & high) >> 4) != ones * 0x33 {
        return None;
    }
    let mut value = padded - ones * u64::from(b'0');
    value = value * 10 + (value >> 8);
    let pairs = 0x0000_00FF_0000_00FFu64;
    value = ((value & pairs).wrapping_mul(100 + (1_000_000 << 32))
        + ((value >> 16) & pairs).wrapping_mul(1 + (10_000 << 32)))
        >> 32;
    Some((value as u32) as f64 / POW10[fraction])
}

/// `s.parse::<f64>().ok()`.
#[inline]
pub fn parse_f64(s: &str) -> Option<f64> {
    match exact_short_decimal(s.as_bytes()) {
        Some(value) => Some(value),
        None => s.parse().ok(),
    }
}

/// The value of `-?digits(.digits)?([eE][+-]?digits)?` when Clinger's fast path computes it
/// exactly; `None` for every other text (which may still be a number).
#[inline]
fn exact_short_decimal(bytes: &[u8]) -> Option<f64> {
    let (negative, bytes) = match bytes.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, bytes),
    };
    let mut mantissa = 0u64;
    let mut at = 0;
    while let Some(&b) = bytes.get(at)
        && b.is_ascii_digit()
    {
        // Wrapping: more than 19 digits are refused below, before the value is used.
        mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(b - b'0'));
        at += 1;
    }
    let mut digits = at;
    if digits == 0 {
        return None;
    }
    let mut exponent = 0i32;
    if bytes.get(at) == Some(&b'.') {
        at += 1;
        let start = at;
        while let Some(&b) = bytes.get(at)
            && b.is_ascii_digit()
        {
            mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(b - b'0'));
            at += 1;
        }
        let fraction = at - start;
        if fraction == 0 || fraction > 19 {
            return None;
        }
        digits += fraction;
        exponent = -(fraction as i32);
    }
    if let Some(b'e' | b'E') = bytes.get(at) {
        at += 1;
        let negative_exponent = match bytes.get(at) {
            Some(b'-') => {
                at += 1;
                true
            }
            Some(b'+') => {
                at += 1;
                false
            }
            _ => false,
        };
        let start = at;
        let mut written = 0i32;
        // At most four digits: longer exponents (and their leading zeros) go the standard way.
        while let Some(&b) = bytes.get(at)
            && b.is_ascii_digit()
            && at - start < 4
        {
            written = written * 10 + i32::from(b - b'0');
            at += 1;
        }
        if at == start {
            return None;
        }
        exponent += if negative_exponent { -written } else { written };
    }
    if at != bytes.len() || digits > 19 || mantissa > 1 << 53 {
        return None;
    }
    let value = match exponent {
        0..=22 => mantissa as f64 * POW10[exponent as usize],
        -22..=-1 => mantissa as f64 / POW10[(-exponent) as usize],
        _ => return None,
    };
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn same(s: &str) {
        let expected = s.parse::<f64>().ok().map(f64::to_bits);
        let got = parse_f64(s);
        assert_eq!(got.map(f64::to_bits), expected, "{s:?}: {got:?} against {expected:?}");
        // Inside a longer text, followed by what follows numbers (and by digits, not read).
        for after in [",", "]}", "0123456789", ""] {
            let text = format!("[{s}{after}");
            let got = parse_f64_in(&text, 1, 1 + s.len());
            assert_eq!(got.map(f64::to_bits), expected, "{s:?} then {after:?}: {got:?}");
        }
    }

    #[test]
    fn agrees_with_the_standard_parser_on_edge_cases() {
        for s in [
            "0",
            "-0",
            "0.0",
            "-0.0",
            "1",
            "-1",
            "12.5",
            "-0.0833",
            "1e22",
            "1e23",
            "1e-22",
            "1e-23",
            "9007199254740992",
            "9007199254740993",
            "18446744073709551615",
            "99999999999999999999",
            "1234567890123456789",
            "0.1",
            "0.30000000000000004",
            "1.7976931348623157e308",
            "1e400",
            "-1e400",
            "5e-324",
            "1e-400",
            "1E5",
            "1e+5",
            "1e-5",
            "1e0005",
            "1e00001",
            "01",
            ".5",
            "1.",
            "+1",
            "-",
            "",
            "e5",
            "1e",
            "1e+",
            "-.5",
            "1.e5",
            "0x10",
            "inf",
            "NaN",
            "1_0",
            " 1",
            "1 ",
            "١",
            "0.0000000000000000000001",
            "123456789012345678.9",
            "0.1234567890123456789",
            "4.35e-7",
            "1.5e-22",
            "3e-22",
            "2e22",
            "9007199254740992e22",
        ] {
            same(s);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]
        #[test]
        fn agrees_with_the_standard_parser_on_decimals(s in r"[-+]?[0-9]{0,21}(\.[0-9]{0,21})?([eE][-+]?[0-9]{0,5})?") {
            same(&s);
        }

        #[test]
        fn agrees_with_the_standard_parser_on_printed_doubles(v in any::<f64>(), digits in 0usize..18) {
            same(&v.to_string());
            same(&format!("{v:e}"));
            same(&format!("{v:.digits$}"));
        }

        #[test]
        fn agrees_with_the_standard_parser_on_any_text(s in r"[-+.0-9eE]{0,12}|\PC{0,6}") {
            same(&s);
        }
    }
}
