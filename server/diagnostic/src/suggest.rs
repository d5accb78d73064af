//! "Did you mean …?": the closest known name to a misspelt one.

/// How many names a diagnostic offers as replacements at most.
pub const MAX_SUGGESTIONS: usize = 3;

/// The candidate closest to `name`, if one is close enough to be a plausible typo.
///
/// A case-insensitive match wins outright; otherwise the smallest edit distance wins, provided it is
/// at most a third of the name's length (at least 1, at most 4). Ties keep the earlier candidate so
/// results are stable.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    ranked(name, candidates).into_iter().next()
}

/// Every plausible correction of `name` among `candidates`, best first, at most
/// [`MAX_SUGGESTIONS`]: case-insensitive matches, then by edit distance (ties in candidate order),
/// each name once. The first is [`closest`]'s answer.
pub fn ranked<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let length = name.chars().count();
    // Short names need a closer match: `首` is not a typo of `腰`.
    let limit = (length / 3).clamp(1, 4).min(length.saturating_sub(1));
    let lower = name.to_lowercase();
    // (rank, position): rank 0 for a letter-case slip, else 1 + the edit distance.
    let mut found: Vec<(usize, usize, &'a str)> = Vec::new();
    for (position, candidate) in candidates.into_iter().enumerate() {
        if candidate == name || found.iter().any(|(_, _, c)| *c == candidate) {
            continue;
        }
        if candidate.to_lowercase() == lower {
            found.push((0, position, candidate));
            continue;
        }
        // The edit distance is at least the difference in length: a candidate too much longer or
        // shorter to pass either test below is not measured (measuring every candidate was most
        // of the analysis of a file of many unknown keys).
        if candidate.chars().count().abs_diff(length) > limit.max(2) {
            continue;
        }
        let distance = strsim::damerau_levenshtein(name, candidate);
        // A name cut short (`頭` for `頭部`) is a typo even when it is very short.
        let truncated = !name.is_empty() && distance <= 2 && (candidate.starts_with(name) || candidate.ends_with(name));
        if distance <= limit || truncated {
            found.push((1 + distance, position, candidate));
        }
    }
    found.sort_by_key(|&(rank, position, _)| (rank, position));
    found.into_iter().take(MAX_SUGGESTIONS).map(|(_, _, c)| c).collect()
}

/// `"; did you mean `X`?"` or an empty string, for appending to a message.
pub fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> (String, Option<&'a str>) {
    let best = closest(name, candidates);
    (hint(best), best)
}

/// `"; did you mean `X`?"` for the best suggestion, or an empty string when there is none.
pub fn hint(best: Option<&str>) -> String {
    best.map_or_else(String::new, |c| format!("; did you mean `{c}`?"))
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

    #[test]
    fn ranks_case_slips_then_by_distance_then_by_order() {
        let names = ["Arm2", "ArmL", "Leg", "arm", "ArmL", "Armor", "ArmR"];
        assert_eq!(ranked("Arm", names), ["arm", "Arm2", "ArmL"], "a case slip first, then distance 1 in order");
        assert_eq!(ranked("Armx", ["Armor", "ArmR", "Arm"]), ["ArmR", "Arm"], "`Armor` is two edits away");
        assert_eq!(ranked("頭", ["頭部", "腰", "頭部"]), ["頭部"], "each name once");
        assert!(ranked("Tail", names).is_empty());
    }
}
