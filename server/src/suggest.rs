//! "Did you mean …?": the closest known name to a misspelt one.

/// The candidate closest to `name`, if one is close enough to be a plausible typo.
///
/// A case-insensitive match wins outright; otherwise the smallest edit distance wins, provided it is
/// at most a third of the name's length (at least 1, at most 4). Ties keep the earlier candidate so
/// results are stable.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut best: Option<(usize, &'a str)> = None;
    let length = name.chars().count();
    // Short names need a closer match: `首` is not a typo of `腰`.
    let limit = (length / 3).clamp(1, 4).min(length.saturating_sub(1));
    for candidate in candidates {
        if candidate == name {
            continue;
        }
        if candidate.to_lowercase() == name.to_lowercase() {
            return Some(candidate);
        }
        let distance = strsim::damerau_levenshtein(name, candidate);
        // A name cut short (`頭` for `頭部`) is a typo even when it is very short.
        let truncated = !name.is_empty() && distance <= 2 && (candidate.starts_with(name) || candidate.ends_with(name));
        if (distance <= limit || truncated) && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// `"; did you mean `X`?"` or an empty string, for appending to a message.
pub fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> (String, Option<&'a str>) {
    match closest(name, candidates) {
        Some(c) => (format!("; did you mean `{c}`?"), Some(c)),
        None => (String::new(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_typos_and_case_slips() {
        let names = ["Root", "Body", "Head", "頭部"];
        assert_eq!(closest("Rot", names), Some("Root"));
        assert_eq!(closest("head", names), Some("Head"));
        assert_eq!(closest("頭", names), Some("頭部"));
        assert_eq!(closest("Tail", names), None);
        assert_eq!(closest("首", ["腰", "頭"]), None, "one character is no basis for a guess");
        assert_eq!(closest("Root", names), None, "an exact match is not a suggestion");
    }

    #[test]
    fn keeps_the_first_of_equally_close_names() {
        assert_eq!(closest("Bodx", ["Body", "Bode"]), Some("Body"));
    }
}
