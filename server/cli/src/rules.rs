//! `rigls rules` (and `--list-rules`): the rule catalogue as a list, as JSON, or as the Markdown
//! of `docs/rules.md`. Everything comes from the catalogue ([`RULES`]), so a new code needs no
//! change here.

use std::collections::BTreeMap;
use std::io::Write;

use serde::Serialize;

use super::{RulesFormat, exit};
use rigls_diagnostic::{FileFormat, RULES, Rule};

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

/// One line per code: code, severity, `safe` when `--fix` repairs some cases, summary, and where
/// the code is reported with another severity (`[DragonBones JSON: warning]`).
pub fn text() -> String {
    let width = RULES.iter().map(|r| r.code.as_str().len()).max().unwrap_or(0);
    let mut out = String::new();
    for r in RULES {
        let fix = if r.fixable { "safe" } else { "" };
        let other = r.other_severities().map(|o| format!(" [{o}]")).unwrap_or_default();
        out.push_str(&format!(
            "{:width$}  {:11}  {fix:4}  {}{other}
",
            r.code.as_str(),
            r.severity.as_str(),
            r.summary
        ));
    }
    out
}

#[derive(Serialize)]
struct JsonRule {
    code: &'static str,
    /// The severity outside `severities` and `cases`.
    severity: &'static str,
    formats: Vec<&'static str>,
    /// Format → the severity it reports the code with (outside its cases).
    severities: BTreeMap<&'static str, &'static str>,
    /// The cases reported with another severity than their format's.
    cases: Vec<JsonCase>,
    summary: &'static str,
    why: &'static str,
    bad: &'static str,
    good: &'static str,
    fixable: bool,
}

#[derive(Serialize)]
struct JsonCase {
    format: &'static str,
    severity: &'static str,
    when: &'static str,
}

pub fn json() -> String {
    let rules: Vec<JsonRule> = RULES
        .iter()
        .map(|r| JsonRule {
            code: r.code.as_str(),
            severity: r.severity.as_str(),
            formats: r.formats.iter().map(|f| f.as_str()).collect(),
            severities: r.formats.iter().map(|&f| (f.as_str(), r.severity_in(f).as_str())).collect(),
            cases: r
                .cases
                .iter()
                .map(|c| JsonCase { format: c.format.as_str(), severity: c.severity.as_str(), when: c.when })
                .collect(),
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
        "<!-- Generated from the rule catalogue (server/diagnostic/src/catalogue.rs) by\n     `{REGENERATE}`.\n     Do not edit by hand: a test fails when this file is out of date. -->\n\n"
    ));
    out.push_str(
        "Every problem `rigls` reports carries one of these codes. Codes are stable: configurations, editor \
         settings and CI filters name them, so a code is never renamed or removed. `rigls rules` lists them \
         on the command line.\n\n\
         - **Severity** is the one a code is reported with. Where a format, or a case of a rule, is reported \
         with another severity (milder, where runtimes tolerate it), the code's section says so and lists \
         every such case. A severity set for a code in `rigls.toml` or an editor's settings replaces all of \
         them.\n\
         - **Safe fix**: `rigls --check --fix` repairs some cases in place (`--diff` shows the change first). \
         Editors may offer further fixes that need a human decision.\n\n",
    );
    out.push_str("| Code | Severity | Formats | Safe fix | Summary |\n|---|---|---|---|---|\n");
    for r in RULES {
        let other = r.other_severities().map(|o| format!("; {o}")).unwrap_or_default();
        out.push_str(&format!(
            "| [`{code}`](#{code}) | {}{other} | {} | {} | {} |\n",
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
    let in_formats: String =
        r.format_severities.iter().map(|(f, s)| format!("- **Severity in {}:** {s}\n", format_name(*f))).collect();
    format!(
        "## {code}\n\n\
         - **Severity:** {severity}\n\
         {in_formats}\
         - **Formats:** {formats}\n\
         - **Safe fix:** {fix}\n\n\
         {summary}\n\n\
         **Why it matters.** {why}\n\n\
         {cases}\
         Failing:\n\n{bad}\n\
         Fixed:\n\n{good}",
        code = r.code,
        severity = r.severity.as_str(),
        formats = formats(r),
        summary = r.summary,
        why = r.why,
        cases = cases(r),
        bad = code_block(r.bad),
        good = code_block(r.good),
    )
}

/// The table of the cases reported with another severity, if there are any.
fn cases(r: &Rule) -> String {
    if r.cases.is_empty() {
        return String::new();
    }
    let mut out = "Reported with another severity:\n\n| Format | Severity | Case |\n|---|---|---|\n".to_owned();
    for c in r.cases {
        out.push_str(&format!("| {} | {} | {} |\n", format_name(c.format), c.severity, c.when.replace('|', "\\|")));
    }
    out.push('\n');
    out
}

fn format_name(format: FileFormat) -> String {
    match format {
        FileFormat::Elem => format!("`{}`", format.title()),
        FileFormat::DragonBones => format.title().to_owned(),
    }
}

fn formats(r: &Rule) -> String {
    r.formats.iter().map(|&f| format_name(f)).collect::<Vec<_>>().join(", ")
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
