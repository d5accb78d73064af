//! `--fix` and `--diff`: apply the safe fixes to a text, and write a fixed file atomically.
//!
//! Each pass applies every safe fix that does not touch another chosen fix's edits, then analyses
//! the new text again: a fix that lost out to an overlapping one is applied in a later pass if its
//! diagnostic is still there, so overlapping fixes never corrupt the text. Passes stop when no safe
//! fix is left, when a pass changes nothing, or after [`MAX_PASSES`].

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

use rigls_diagnostic::{Code, Diagnostic, TextEdit};
use rigls_ide::Analysis;
use rigls_ide::text_edit::TakenRanges;
use rigls_text::TextRange;

/// Enough for fixes that enable further fixes (a repaired key whose count then mismatches…);
/// a bound so that two fixes undoing each other can never loop forever.
pub const MAX_PASSES: usize = 10;

/// One applied fix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    pub code: Code,
    pub title: String,
}

/// The result of fixing one text.
#[derive(Debug)]
pub struct Outcome {
    /// The analysis of the fixed text, or `None` when nothing was applied.
    pub fixed: Option<Analysis>,
    pub applied: Vec<Applied>,
    /// Why fixing stopped before every safe fix was applied, if it did.
    pub stopped: Option<String>,
}

/// Why a file is not fixed at all, or `None` when it may be.
pub fn refusal(analysis: &Analysis) -> Option<String> {
    if analysis.is_binary() {
        return Some("it is a binary skeleton; fix its JSON (`rigls convert`) and convert it back".to_owned());
    }
    let syntax = analysis.diagnostics.iter().filter(|d| d.code == Code::Syntax).count();
    match syntax {
        0 => None,
        1 => Some("it has a syntax error; fix it first".to_owned()),
        n => Some(format!("it has {n} syntax errors; fix them first")),
    }
}

/// Applies safe fixes to `original.text` until none is left; `reanalyse` analyses a new text the
/// same way (same path, kind and file system). The caller checks [`refusal`] first.
pub fn fix(original: &Analysis, reanalyse: impl Fn(String) -> Analysis) -> Outcome {
    let mut fixed: Option<Analysis> = None;
    let mut applied = Vec::new();
    for _ in 0..MAX_PASSES {
        let current = fixed.as_ref().unwrap_or(original);
        let chosen = choose(&current.text, &current.diagnostics);
        let edits: Vec<&TextEdit> = chosen.iter().flat_map(|c| c.edits.iter().copied()).collect();
        let text = apply(&current.text, &edits);
        if chosen.is_empty() || text == *current.text {
            return Outcome { fixed, applied, stopped: None };
        }
        let this_pass: Vec<Applied> = chosen.into_iter().flat_map(|c| c.fixes).collect();
        let next = reanalyse(text);
        if refusal(&next).is_some() {
            // A fix that breaks the syntax is a bug in its rule; keep the last good text.
            let codes: Vec<&str> = this_pass.iter().map(|a| a.code.as_str()).collect();
            let stopped = format!("a fix for {} would break the syntax, so it was not applied", codes.join(", "));
            return Outcome { fixed, applied, stopped: Some(stopped) };
        }
        applied.extend(this_pass);
        fixed = Some(next);
    }
    let last = fixed.as_ref().unwrap_or(original);
    let stopped = (!choose(&last.text, &last.diagnostics).is_empty())
        .then(|| format!("stopped after {MAX_PASSES} passes with safe fixes left"));
    Outcome { fixed, applied, stopped }
}

/// The edits of one or more diagnostics' identical safe fixes.
struct Chosen<'a> {
    edits: Vec<&'a TextEdit>,
    fixes: Vec<Applied>,
}

/// The diagnostics' safe fixes that can be applied (their edits inside the text and not
/// conflicting with one another), each with its edits in text order, in text order.
fn candidates<'a>(text: &str, diagnostics: &'a [Diagnostic]) -> Vec<(&'a Diagnostic, Vec<&'a TextEdit>)> {
    let mut candidates: Vec<(&'a Diagnostic, Vec<&'a TextEdit>)> = diagnostics
        .iter()
        .filter_map(|d| {
            let fix = d.safe_fix().filter(|f| !f.edits.is_empty())?;
            let mut edits: Vec<&TextEdit> = fix.edits.iter().collect();
            edits.sort_by_key(|e| (e.range.start, e.range.end));
            let valid = edits.iter().all(|e| is_valid(text, e.range))
                && edits.windows(2).all(|w| !conflicts(w[0].range, w[1].range));
            valid.then_some((d, edits))
        })
        .collect();
    candidates.sort_by_key(|(_, edits)| (edits[0].range.start, edits[edits.len() - 1].range.end));
    candidates
}

/// The safe fixes to apply in one pass: in text order, skipping any that conflicts with one
/// already chosen. Identical fixes of different diagnostics are applied once.
fn choose<'a>(text: &str, diagnostics: &'a [Diagnostic]) -> Vec<Chosen<'a>> {
    let mut chosen: Vec<Chosen> = Vec::new();
    // The chosen fixes by their edits (a search of every chosen fix per candidate made 50,000
    // fixes take 7.8 s), and the ranges they edit.
    let mut by_edits: HashMap<Vec<(u32, u32, &str)>, usize> = HashMap::new();
    let mut taken = TakenRanges::default();
    for (d, edits) in candidates(text, diagnostics) {
        let applied = Applied { code: d.code, title: d.safe_fix().map_or(String::new(), |f| f.title.clone()) };
        let key: Vec<(u32, u32, &str)> =
            edits.iter().map(|e| (e.range.start, e.range.end, e.new_text.as_str())).collect();
        if let Some(&same) = by_edits.get(&key) {
            chosen[same].fixes.push(applied);
            continue;
        }
        if !edits.iter().any(|e| taken.clash(e.range, conflicts)) {
            for e in &edits {
                taken.take(e.range);
            }
            by_edits.insert(key, chosen.len());
            chosen.push(Chosen { edits, fixes: vec![applied] });
        }
    }
    chosen
}

/// Whether two edits cannot both be applied in one pass: they overlap, or one is an insertion
/// touching the other (the order of the two insertions' texts would be a guess).
fn conflicts(a: TextRange, b: TextRange) -> bool {
    if a.is_empty() || b.is_empty() { a.start <= b.end && b.start <= a.end } else { a.overlaps(b) }
}

fn is_valid(text: &str, range: TextRange) -> bool {
    range.start <= range.end
        && text.is_char_boundary(range.start as usize)
        && text.is_char_boundary(range.end as usize)
        && (range.end as usize) <= text.len()
}

/// Applies non-conflicting edits, from the last to the first so earlier offsets stay valid.
fn apply(text: &str, edits: &[&TextEdit]) -> String {
    let mut sorted: Vec<&TextEdit> = edits.to_vec();
    sorted.sort_by_key(|e| std::cmp::Reverse((e.range.start, e.range.end)));
    let mut out = text.to_owned();
    for e in sorted {
        out.replace_range(e.range.as_usize(), &e.new_text);
    }
    out
}

/// `count-mismatch ×2, unknown-key` for a list of applied fixes, in order of first appearance.
pub fn describe(applied: &[Applied]) -> String {
    let mut counts: Vec<(Code, usize)> = Vec::new();
    for a in applied {
        match counts.iter_mut().find(|(c, _)| *c == a.code) {
            Some((_, n)) => *n += 1,
            None => counts.push((a.code, 1)),
        }
    }
    counts.iter().map(|&(c, n)| if n == 1 { c.to_string() } else { format!("{c} ×{n}") }).collect::<Vec<_>>().join(", ")
}

/// Replaces `path`'s content with `text` atomically: a temporary file in the same directory,
/// flushed to disk, given the original's permissions, then renamed over it. A symlink is
/// followed, so the file it points to is replaced and the link kept. `expected` is the content
/// the fixes were computed from: if the file changed meanwhile, nothing is written.
pub fn write_atomically(path: &Path, expected: &[u8], text: &str) -> Result<(), String> {
    let target = std::fs::canonicalize(path).map_err(|e| format!("cannot resolve the path: {e}"))?;
    let dir = target.parent().ok_or("the file has no directory")?;
    let permissions = std::fs::metadata(&target).map_err(|e| e.to_string())?.permissions();
    if permissions.readonly() {
        return Err("the file is read-only".to_owned());
    }
    let mut temp = tempfile::Builder::new()
        .prefix(".rigls-fix-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| format!("cannot create a temporary file beside it: {e}"))?;
    temp.write_all(text.as_bytes())
        .and_then(|()| temp.as_file().sync_all())
        .and_then(|()| temp.as_file().set_permissions(permissions))
        .map_err(|e| format!("cannot write the temporary file: {e}"))?;
    if std::fs::read(&target).map_err(|e| e.to_string())? != expected {
        return Err("the file changed while it was being fixed".to_owned());
    }
    temp.persist(&target).map_err(|e| format!("cannot replace the file: {}", e.error))?;
    Ok(())
}

/// A unified diff from `old` to `new`, both labelled with `name` (apply with `patch -p0`).
pub fn unified_diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new).unified_diff().context_radius(3).header(name, name).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rigls_diagnostic::{FileFormat, Fix};

    fn edit(start: u32, end: u32, new_text: &str) -> TextEdit {
        TextEdit { range: TextRange::new(start, end), new_text: new_text.to_owned() }
    }

    fn strings(labels: &[&str]) -> Vec<String> {
        labels.iter().map(|l| l.to_string()).collect()
    }

    /// A diagnostic with a safe fix titled `label`.
    fn safe(label: &str, edits: Vec<TextEdit>) -> Diagnostic {
        let fix = Fix { title: label.to_owned(), edits, safe: true, preferred: true };
        Diagnostic::new(Code::CountMismatch, FileFormat::Elem, TextRange::new(0, 0), "m").with_fix(fix)
    }

    /// The text after one pass and the titles of the fixes applied.
    fn one_pass(text: &str, diagnostics: &[Diagnostic]) -> (String, Vec<String>) {
        let chosen = choose(text, diagnostics);
        let edits: Vec<&TextEdit> = chosen.iter().flat_map(|c| c.edits.iter().copied()).collect();
        (apply(text, &edits), chosen.iter().flat_map(|c| c.fixes.iter().map(|a| a.title.clone())).collect())
    }

    #[test]
    fn overlapping_fixes_are_left_for_a_later_pass() {
        let text = "abcdef";
        let ds = [safe("a", vec![edit(0, 3, "X")]), safe("b", vec![edit(2, 4, "Y")]), safe("c", vec![edit(4, 6, "Z")])];
        assert_eq!(one_pass(text, &ds), ("XdZ".to_owned(), strings(&["a", "c"])));
    }

    #[test]
    fn touching_insertions_conflict_but_adjacent_replacements_do_not() {
        let ds = [safe("a", vec![edit(1, 1, "X")]), safe("b", vec![edit(1, 1, "Y")])];
        assert_eq!(one_pass("ab", &ds), ("aXb".to_owned(), strings(&["a"])));
        let ds = [safe("a", vec![edit(0, 1, "X")]), safe("b", vec![edit(1, 2, "Y")])];
        assert_eq!(one_pass("ab", &ds), ("XY".to_owned(), strings(&["a", "b"])));
    }

    #[test]
    fn identical_fixes_apply_once_and_count_for_each_diagnostic() {
        let ds = [safe("a", vec![edit(0, 0, "H\n")]), safe("b", vec![edit(0, 0, "H\n")])];
        assert_eq!(one_pass("x", &ds), ("H\nx".to_owned(), strings(&["a", "b"])));
    }

    #[test]
    fn unsafe_invalid_and_self_overlapping_fixes_are_ignored() {
        let mut unsafe_fix = safe("u", vec![edit(0, 1, "X")]);
        unsafe_fix.fixes[0].safe = false;
        let ds = [
            unsafe_fix,
            safe("oob", vec![edit(2, 9, "X")]),
            safe("mid-char", vec![edit(1, 2, "X")]),
            safe("self", vec![edit(2, 3, "X"), edit(2, 3, "Y")]),
        ];
        assert_eq!(one_pass("é.", &ds), ("é.".to_owned(), strings(&[])));
    }

    /// An analysis of `text` whose only diagnostic is `d` (rules are not run).
    fn analysis(text: &str, d: Vec<Diagnostic>) -> Analysis {
        Analysis::of_diagnostics(text, d)
    }

    /// A "rule" that always wants to swap the one letter of the text.
    fn flip(text: String) -> Analysis {
        let other = if text == "a" { "b" } else { "a" };
        analysis(&text, vec![safe("flip", vec![edit(0, 1, other)])])
    }

    #[test]
    fn fixes_that_undo_each_other_stop_after_the_pass_limit() {
        let outcome = fix(&flip("a".to_owned()), flip);
        assert_eq!(outcome.applied.len(), MAX_PASSES);
        assert_eq!(outcome.fixed.map(|a| String::clone(&a.text)), Some("a".to_owned()), "an even number of flips");
        assert_eq!(outcome.stopped, Some(format!("stopped after {MAX_PASSES} passes with safe fixes left")));
    }

    #[test]
    fn a_fix_that_breaks_the_syntax_is_not_applied() {
        let start = analysis("x", vec![safe("count-mismatch", vec![edit(0, 1, "y")])]);
        let broken = |text: String| {
            analysis(&text, vec![Diagnostic::new(Code::Syntax, FileFormat::Elem, TextRange::new(0, 1), "bad")])
        };
        let outcome = fix(&start, broken);
        assert!(outcome.fixed.is_none() && outcome.applied.is_empty());
        assert_eq!(
            outcome.stopped.as_deref(),
            Some("a fix for count-mismatch would break the syntax, so it was not applied")
        );
    }

    /// The choice made by comparing each candidate with every fix chosen before it.
    fn choose_by_search<'a>(text: &str, diagnostics: &'a [Diagnostic]) -> Vec<(Vec<&'a TextEdit>, Vec<String>)> {
        let candidates = candidates(text, diagnostics);
        let mut chosen: Vec<(Vec<&TextEdit>, Vec<String>)> = Vec::new();
        for (d, edits) in candidates {
            let title = d.safe_fix().map_or(String::new(), |f| f.title.clone());
            if let Some(same) = chosen.iter_mut().find(|c| c.0 == edits) {
                same.1.push(title);
                continue;
            }
            let clashes =
                chosen.iter().flat_map(|c| &c.0).any(|taken| edits.iter().any(|e| conflicts(taken.range, e.range)));
            if !clashes {
                chosen.push((edits, vec![title]));
            }
        }
        chosen
    }

    proptest::proptest! {
        #[test]
        fn chooses_as_a_search_of_every_chosen_fix(
            fixes in proptest::collection::vec(
                proptest::collection::vec((0u32..12, 0u32..4, 0u8..3), 1..3),
                0..12,
            ),
        ) {
            let text = "abcdefghijkl";
            let diagnostics: Vec<Diagnostic> = fixes
                .iter()
                .enumerate()
                .map(|(i, edits)| {
                    let edits = edits.iter().map(|&(start, len, t)| edit(start, start + len, ["", "X", "YZ"][t as usize])).collect();
                    safe(&i.to_string(), edits)
                })
                .collect();
            let chosen: Vec<(Vec<&TextEdit>, Vec<String>)> = choose(text, &diagnostics)
                .into_iter()
                .map(|c| (c.edits, c.fixes.into_iter().map(|a| a.title).collect()))
                .collect();
            proptest::prop_assert_eq!(chosen, choose_by_search(text, &diagnostics));
        }
    }

    #[test]
    fn applied_fixes_are_summarised_per_code() {
        let a = |code| Applied { code, title: String::new() };
        let applied = [a(Code::CountMismatch), a(Code::UnknownKey), a(Code::CountMismatch)];
        assert_eq!(describe(&applied), "count-mismatch ×2, unknown-key");
    }
}
