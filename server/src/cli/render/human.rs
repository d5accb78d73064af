//! `--format human`: rustc-style reports with the source line and a caret under the range.
//! Colour only when stdout is a terminal (anstream strips it otherwise, and honours NO_COLOR).

use std::io::Write;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use super::FileReport;
use crate::diagnostic::{Diagnostic, Severity};
use crate::text::TextRange;

/// Longest stretch of source shown for one range.
const MAX_LINES: u32 = 6;

pub fn render(reports: &[FileReport], renderer: &Renderer) -> String {
    let mut out = String::new();
    for report in reports {
        for d in &report.diagnostics {
            out.push_str(&render_one(report, d, renderer));
            out.push_str("\n\n");
        }
    }
    out.push_str(&summary(reports));
    out
}

pub fn print(reports: &[FileReport]) {
    let mut stdout = anstream::stdout().lock();
    let _ = writeln!(stdout, "{}", render(reports, &Renderer::styled()));
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
        level(d.severity).primary_title(d.message.as_str()).id(d.code).element(
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
    if let Some(fix) = &d.fix {
        groups.push(Group::with_title(Level::HELP.secondary_title(fix.title.as_str())));
    }
    renderer.render(&groups).to_string()
}

fn summary(reports: &[FileReport]) -> String {
    let count = |s: Severity| reports.iter().flat_map(|r| &r.diagnostics).filter(|d| d.severity == s).count();
    let files = reports.len();
    let files = format!("{files} {}", if files == 1 { "file" } else { "files" });
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
    if parts.is_empty() {
        format!("Checked {files}: no problems found.")
    } else {
        format!("Checked {files}: {}.", parts.join(", "))
    }
}
