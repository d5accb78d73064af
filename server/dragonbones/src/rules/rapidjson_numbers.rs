//! Numbers rapidjson refuses. `JSON.parse` reads a number too large for a double as infinity;
//! rapidjson, as the C++ runtimes call it (default flags), stops with `kParseErrorNumberTooBig`
//! at some of them (`reader.h`, `ParseNumber`), and the runtime, which does not check the parse,
//! reads nothing of the file: DragonBonesCPP's debug build aborts on its first member lookup.
//! rapidjson does not refuse every such number: only an exponent past `308` plus the fraction
//! digits it kept, or an integer part of more than about 308 digits (`1e309` is refused, `1.0e309`
//! and `2e308` read infinite).

use super::targets::{load_failure, names_verb};
use crate::syntax::{NodeId, NodeKind, Tree, flag};
use rigls_diagnostic::{Diagnostic, Targets};

/// The first number of the file that rapidjson refuses, as a `target-load-failure` of the
/// rapidjson targets named (`concerned`): the parse stops there.
pub(super) fn first_refused(tree: &Tree, text: &str, concerned: Targets) -> Option<Diagnostic> {
    if concerned.is_empty() {
        return None;
    }
    let refused = (0..tree.nodes.len() as NodeId).find(|&n| {
        let node = tree.node(n);
        let length = node.range().len();
        // Only an exponent of three digits or an integer part of hundreds can be refused.
        let may = node.kind() == NodeKind::Number && (length >= 300 || (node.has(flag::FLOAT) && length > 4));
        may && {
            let written = node.range().slice(text).as_bytes();
            (length >= 300 || written.iter().any(|&b| b | 0x20 == b'e')) && refuses(written)
        }
    })?;
    let message = format!(
        "{} not read this file: rapidjson refuses the number {} (too big for a double: `kParseErrorNumberTooBig`) and the runtime, which does not check the parse, reads nothing of the file (a debug build aborts); DragonBonesJS reads it as infinity; write a value within ±3.4e38",
        names_verb(concerned, "does", "do"),
        shown(tree.range(refused).slice(text)),
    );
    Some(load_failure(tree.range(refused), message))
}

/// A number as the message shows it: as written, or its start when it is long.
fn shown(written: &str) -> String {
    match written.char_indices().nth(24) {
        Some((end, _)) => format!("`{}…`", &written[..end]),
        None => format!("`{written}`"),
    }
}

/// Whether rapidjson's `ParseNumber` (without `kParseFullPrecisionFlag`) stops with
/// `kParseErrorNumberTooBig` at this JSON number. Follows its steps: the integer part in 32, then
/// 64 bits, then a double that may not pass `DBL_MAX / 10` before another digit; the fraction's
/// digits kept (up to 2^53 in 64 bits, then 17 significant digits); a positive exponent may not
/// pass 308 plus the fraction digits kept.
pub(super) fn refuses(number: &[u8]) -> bool {
    let mut at = 0;
    let digit = |at: usize| number.get(at).filter(|b| b.is_ascii_digit()).map(|b| u64::from(b - b'0'));
    let minus = number.first() == Some(&b'-');
    at += usize::from(minus);
    let (mut i64, mut d, mut significant, mut use_double) = (0u64, 0.0f64, 0, false);
    match digit(at) {
        Some(0) => at += 1,
        Some(first) => {
            i64 = first;
            at += 1;
            // 2^63 or 2^64: past it the digits go on in a double.
            let limit = if minus { 0x0CCC_CCCC_CCCC_CCCC } else { 0x1999_9999_9999_9999 };
            let last = if minus { 8 } else { 5 };
            while let Some(next) = digit(at) {
                if i64 >= limit && (i64 != limit || next > last) {
                    d = i64 as f64;
                    use_double = true;
                    break;
                }
                i64 = i64 * 10 + next;
                significant += 1;
                at += 1;
            }
            while let (true, Some(next)) = (use_double, digit(at)) {
                if d >= 1.797_693_134_862_315_7e307 {
                    return true;
                }
                d = d * 10.0 + next as f64;
                at += 1;
            }
        }
        None => return false,
    }
    let mut exp_frac: i64 = 0;
    if number.get(at) == Some(&b'.') {
        at += 1;
        if !use_double {
            while let Some(next) = digit(at) {
                if i64 > (1 << 53) - 1 {
                    break;
                }
                i64 = i64 * 10 + next;
                exp_frac -= 1;
                significant += usize::from(i64 != 0);
                at += 1;
            }
            d = i64 as f64;
        }
        while let Some(next) = digit(at) {
            if significant < 17 {
                d = d * 10.0 + next as f64;
                exp_frac -= 1;
                significant += usize::from(d > 0.0);
            }
            at += 1;
        }
    }
    if !matches!(number.get(at), Some(b'e' | b'E')) {
        return false;
    }
    at += 1;
    if number.get(at) == Some(&b'-') {
        return false;
    }
    at += usize::from(number.get(at) == Some(&b'+'));
    let Some(first) = digit(at) else { return false };
    let max_exp = 308 - exp_frac;
    let mut exp = first as i64;
    at += 1;
    // rapidjson checks each digit after the first.
    while let Some(next) = digit(at) {
        exp = exp * 10 + next as i64;
        if exp > max_exp {
            return true;
        }
        at += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::refuses;

    #[test]
    fn rapidjson_refuses_an_exponent_past_308_and_the_fraction_digits_it_kept() {
        let refused = |n: &str| refuses(n.as_bytes());
        for n in ["1e309", "-1e309", "1e400", "1E+400", "0e309", "1e0309", "9e99999999999"] {
            assert!(refused(n), "{n}");
        }
        // `1.0e309` keeps one fraction digit: 309 is allowed, and reads infinite.
        for n in ["1e308", "2e308", "1.0e309", "1.5e309", "1e-400", "1.5", "-0", "123456789012345678901234567890"] {
            assert!(!refused(n), "{n}");
        }
        assert!(refused("1.0e310"));
        // Past 2^53 the fraction's digits go to the double, up to 17 significant digits: this
        // one keeps one (as rapidjson itself answered).
        assert!(!refused("12345678901234567.12345e309"));
        assert!(refused("12345678901234567.12345e310"));
    }

    #[test]
    fn rapidjson_refuses_an_integer_part_past_a_tenth_of_the_largest_double() {
        let digits = |n: usize| format!("1{}", "0".repeat(n - 1));
        assert!(!refuses(digits(308).as_bytes()), "1e307 then one more digit is under DBL_MAX / 10 first");
        assert!(refuses(digits(310).as_bytes()));
        assert!(!refuses(format!("-{}", digits(308)).as_bytes()));
    }
}
