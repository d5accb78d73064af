//! `rigls rules` (and `--list-rules`): the rule catalogue as a list, as JSON, or as the Markdown
//! of `docs/rules.md`. Everything comes from [`RULES`], so a new code needs no change here.

use std::io::Write;

use serde::Serialize;

use super::{RulesFormat, exit};
use crate::diagnostic::{RULES, Rule};

/// The command that regenerates `docs/rules.md`.
pub const REGENERATE: &str = "cargo run -p rigls -- rules --format markdown > docs/rules.md";

pub fn print(format: RulesFormat) -> u8 {
    let text = match format {
        RulesFormat::Text => text(),
        RulesFormat::Markdown => markdown(),
        RulesFormat::Json => json(),
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush());
    exit::OK
}

/// Where a code is documented (the rule's section of `docs/rules.md`).
pub fn help_uri(code: &str) -> String {
    format!("{}/blob/main/docs/rules.md#{code}", env!("CARGO_PKG_REPOSITORY"))
}

/// One line per code: code, default severity, `safe` when `--fix` repairs some cases, summary.
pub fn text() -> String {
    let width = RULES.iter().map(|r| r.code.len()).max().unwrap_or(0);
    let mut out = String::new();
    for r in RULES {
        let fix = if r.fixable { "safe" } else { "" };
        out.push_str(&format!("{:width$}  {:11}  {fix:4}  {}\n", r.code, r.severity.as_str(), r.summary));
    }
    out
}

#[derive(Serialize)]
struct JsonRule {
    code: &'static str,
    severity: &'static str,
    formats: &'static [&'static str],
    summary: &'static str,
    why: &'static str,
    bad: &'static str,
    good: &'static str,
    fixable: bool,
}

pub fn json() -> String {
    let rules: Vec<JsonRule> = RULES
        .iter()
        .map(|r| JsonRule {
            code: r.code,
            severity: r.severity.as_str(),
            formats: r.formats,
            summary: r.summary,
            why: r.why,
            bad: r.bad,
            good: r.good,
            fixable: r.fixable,
        })
        .collect();
    serde_json::to_string_pretty(&rules).expect("the catalogue always serialises") + "\n"
}

/// `docs/rules.md`: an index table, then one section per code.
pub fn markdown() -> String {
    let mut out = String::new();
    out.push_str("# Diagnostic codes\n\n");
    out.push_str(&format!(
        "<!-- Generated from the rule catalogue (server/src/diagnostic/codes.rs) by\n     `{REGENERATE}`.\n     Do not edit by hand: a test fails when this file is out of date. -->\n\n"
    ));
    out.push_str(
        "Every problem `rigls` reports carries one of these codes. Codes are stable: configurations, editor \
         settings and CI filters name them, so a code is never renamed or removed. `rigls rules` lists them \
         on the command line.\n\n\
         - **Severity** is the one a rule usually reports with; some cases of a rule are reported milder.\n\
         - **Safe fix**: `rigls --check --fix` repairs some cases in place (`--diff` shows the change first). \
         Editors may offer further fixes that need a human decision.\n\n",
    );
    out.push_str("| Code | Severity | Formats | Safe fix | Summary |\n|---|---|---|---|---|\n");
    for r in RULES {
        out.push_str(&format!(
            "| [`{code}`](#{code}) | {} | {} | {} | {} |\n",
            r.severity.as_str(),
            formats(r),
            if r.fixable { "yes" } else { "—" },
            r.summary.replace('|', "\\|"),
            code = r.code,
        ));
    }
    for r in RULES {
        out.push('\n');
        out.push_str(&section(r));
    }
    out
}

fn section(r: &Rule) -> String {
    let fix = if r.fixable {
        "yes: `rigls --check --fix` repairs some cases"
    } else {
        "no: the right change needs a human decision"
    };
    format!(
        "## {code}\n\n\
         - **Severity:** {severity}\n\
         - **Formats:** {formats}\n\
         - **Safe fix:** {fix}\n\n\
         {summary}\n\n\
         **Why it matters.** {why}\n\n\
         Failing:\n\n{bad}\n\
         Fixed:\n\n{good}",
        code = r.code,
        severity = r.severity.as_str(),
        formats = formats(r),
        summary = r.summary,
        why = r.why,
        bad = code_block(r.bad),
        good = code_block(r.good),
    )
}

fn formats(r: &Rule) -> String {
    let names: Vec<&str> = r
        .formats
        .iter()
        .map(|f| match *f {
            "elem" => "`.elem`",
            "dragonbones" => "DragonBones JSON",
            other => other,
        })
        .collect();
    names.join(", ")
}

/// A fenced block, tagged `json` for DragonBones examples and `elem` otherwise, with a fence longer
/// than any backtick run inside.
fn code_block(example: &str) -> String {
    let trimmed = example.trim_start();
    let language = if trimmed.starts_with(['{', '[']) || trimmed.starts_with("\"") { "json" } else { "elem" };
    let mut longest = 0;
    let mut run = 0;
    for c in example.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat((longest + 1).max(3));
    format!("{fence}{language}\n{}\n{fence}\n", example.trim_end_matches('\n'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_blocks_pick_their_language_and_a_safe_fence() {
        assert_eq!(code_block("Loop=Yes\n"), "```elem\nLoop=Yes\n```\n");
        assert_eq!(code_block("{ \"version\": 5.5 }"), "```json\n{ \"version\": 5.5 }\n```\n");
        assert_eq!(code_block("a```b"), "````elem\na```b\n````\n");
    }

    #[test]
    fn every_code_gets_a_line_and_a_section() {
        let (text, markdown) = (text(), markdown());
        for r in RULES {
            assert!(text.lines().any(|l| l.starts_with(&format!("{} ", r.code))), "{} missing from text", r.code);
            assert!(markdown.contains(&format!("\n## {}\n", r.code)), "{} missing from markdown", r.code);
        }
    }
}
