//! `--format human`: rustc-style reports with the source line and a caret under the range.
//! Rendered with colour for stdout (anstream strips it when stdout is no terminal, and honours
//! NO_COLOR), without for `--output-file`.

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use super::FileReport;
use rigls_diagnostic::{Diagnostic, Severity};
use rigls_text::TextRange;

/// Longest stretch of source shown for one range.
const MAX_LINES: u32 = 6;

/// Every diagnostic with its source excerpt, each followed by a blank line.
pub fn diagnostics(reports: &[FileReport], styled: bool) -> String {
    let renderer = if styled { Renderer::styled() } else { Renderer::plain() };
    let mut out = String::new();
    for report in reports {
        for d in &report.diagnostics {
            out.push_str(&render_one(report, d, &renderer));
            out.push_str("\n\n");
        }
    }
    out
}

fn level(severity: Severity) -> Level<'static> {
    match severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Information => Level::INFO,
        Severity::Hint => Level::HELP,
    }
}

/// The whole lines around `range`, and where `range` falls inside them.
fn excerpt(report: &FileReport, range: TextRange) -> (usize, &str, std::ops::Range<usize>) {
    let first = report.lines.line_of(range.start);
    let mut last = report.lines.line_of(range.end);
    if last > first && report.lines.line_range(last).start == range.end {
        last -= 1; // a range ending at a line start does not show that line
    }
    let last = last.min(first + MAX_LINES - 1);
    let start = report.lines.line_range(first).start;
    let end = report.lines.line_range(last).end.max(start);
    let source = TextRange::new(start, end).slice(&report.text);
    let span_start = range.start.clamp(start, end) - start;
    let span_end = range.end.clamp(start, end) - start;
    (first as usize + 1, source, span_start as usize..span_end as usize)
}

fn render_one(report: &FileReport, d: &Diagnostic, renderer: &Renderer) -> String {
    let (line_start, source, span) = excerpt(report, d.range);
    let mut groups = vec![
        level(d.severity).primary_title(d.message.as_str()).id(d.code.as_str()).element(
            Snippet::source(source)
                .line_start(line_start)
                .path(report.display.as_str())
                .annotation(AnnotationKind::Primary.span(span)),
        ),
    ];
    for related in d.related.iter().filter(|r| r.file.is_none()) {
        let (line_start, source, span) = excerpt(report, related.range);
        groups.push(
            Group::with_title(Level::NOTE.secondary_title(related.message.as_str())).element(
                Snippet::source(source)
                    .line_start(line_start)
                    .path(report.display.as_str())
                    .annotation(AnnotationKind::Context.span(span)),
            ),
        );
    }
    for fix in &d.fixes {
        let title = match fix.safe {
            true if report.fixes_unwritten => format!("{} (not applied: --fix could not write the file)", fix.title),
            true => format!("{} (applied by --fix)", fix.title),
            false => fix.title.clone(),
        };
        groups.push(Group::with_title(Level::HELP.secondary_title(title)));
    }
    renderer.render(&groups).to_string()
}

/// `Checked 2 files: 1 error, 3 warnings.`, with the files that could not be read (`unread`), the
/// named files rigls does not handle (`skipped`) and what `--fix` did when it ran.
pub fn summary(totals: &super::Totals, unread: usize, skipped: usize, fixed: Option<Fixed>) -> String {
    let count = |s: Severity| totals.count(s);
    let files = |n: usize| format!("{n} {}", if n == 1 { "file" } else { "files" });
    let mut parts = Vec::new();
    for (severity, one, many) in [
        (Severity::Error, "error", "errors"),
        (Severity::Warning, "warning", "warnings"),
        (Severity::Information, "note", "notes"),
        (Severity::Hint, "hint", "hints"),
    ] {
        let n = count(severity);
        if n > 0 {
            parts.push(format!("{n} {}", if n == 1 { one } else { many }));
        }
    }
    let found = if parts.is_empty() { "no problems found".to_owned() } else { parts.join(", ") };
    let mut not_checked = Vec::new();
    if unread > 0 {
        not_checked.push(format!("could not read {}", files(unread)));
    }
    if skipped > 0 {
        not_checked.push(format!("skipped {}", files(skipped)));
    }
    let mut line = match (not_checked.is_empty(), totals.files) {
        (true, _) => format!("Checked {}: {found}.", files(totals.files)),
        // Nothing was checked: "no problems found" would claim a clean result.
        (false, 0) => {
            let mut said = not_checked.join("; ");
            said[..1].make_ascii_uppercase();
            format!("{said}; nothing was checked.")
        }
        (false, _) => format!("Checked {}: {found}; {}.", files(totals.files), not_checked.join("; ")),
    };
    if let Some(fixed) = fixed {
        line.push(' ');
        line.push_str(&fixed.sentence("Fixed"));
    }
    line
}

/// How many problems `--fix` fixed (or `--diff` would fix), in how many files, and the fixes it
/// could not write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fixed {
    pub problems: usize,
    pub files: usize,
    /// Problems whose fixes were made but could not be written, and in how many files.
    pub unwritten_problems: usize,
    pub unwritten_files: usize,
}

impl Fixed {
    /// `Fixed 3 problems in 2 files.` (`verb` is `Fixed` or `Would fix`), then `Could not write
    /// the fixes of 2 problems to 1 file.`; or `Nothing to fix.`
    pub fn sentence(self, verb: &str) -> String {
        let count = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut sentences = Vec::new();
        if self.problems > 0 {
            let (problems, files) = (count(self.problems, "problem", "problems"), count(self.files, "file", "files"));
            sentences.push(format!("{verb} {problems} in {files}."));
        }
        if self.unwritten_files > 0 {
            let problems = count(self.unwritten_problems, "problem", "problems");
            let files = count(self.unwritten_files, "file", "files");
            sentences.push(format!("Could not write the fixes of {problems} to {files}."));
        }
        if sentences.is_empty() {
            return "Nothing to fix.".to_owned();
        }
        sentences.join(" ")
    }
}
