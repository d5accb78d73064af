//! `--format human`: rustc-style reports with the source line and a caret under the range.
//! Rendered with colour for stdout (anstream strips it when stdout is no terminal, and honours
//! NO_COLOR), without for `--output-file`.

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use super::FileReport;
use rigls_diagnostic::{Diagnostic, Severity};
use rigls_text::{PositionEncoding, TextRange};

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

/// A line this long (in bytes) is given to the renderer as a window around the range: the
/// renderer measures every character of the line it is given (for a minified skeleton, 1 MB for
/// each diagnostic), and shows a terminal's width of it.
const LONG_LINE: usize = 4096;
/// The columns kept on each side of the range. The renderer shows at most its 140 columns: at
/// most 76 of them before the range (half the width and its 6 columns of `...`), and it cuts the
/// line 140 columns after where it starts showing it, so no further than 146 columns after the
/// range's start; a window reaching past either shows what the whole line shows.
const WINDOW_COLUMNS: usize = 160;

/// The source shown for a range: whole lines around it, or a window of one long line.
struct Excerpt<'a> {
    /// The first line's number.
    line: usize,
    source: &'a str,
    /// Where the range falls in `source`.
    span: std::ops::Range<usize>,
    /// The characters of the line before `source` when it is a window.
    cut: usize,
}

/// The whole lines around `range`, and where `range` falls inside them; a window of a long line.
fn excerpt(report: &FileReport, range: TextRange, long_line: usize) -> Excerpt<'_> {
    let first = report.lines.line_of(range.start);
    let mut last = report.lines.line_of(range.end);
    if last > first && report.lines.line_range(last).start == range.end {
        last -= 1; // a range ending at a line start does not show that line
    }
    let last = last.min(first + MAX_LINES - 1);
    let start = report.lines.line_range(first).start;
    let end = report.lines.line_range(last).end.max(start);
    let source = TextRange::new(start, end).slice(&report.text);
    let span_start = (range.start.clamp(start, end) - start) as usize;
    let span_end = (range.end.clamp(start, end) - start) as usize;
    let (from, to) = match first == last && source.len() > long_line {
        true => window(source, span_start, span_end),
        false => (0, source.len()),
    };
    Excerpt {
        line: first as usize + 1,
        source: &source[from..to],
        span: span_start - from..span_end - from,
        // From the line index, not by counting: a long line's characters counted per diagnostic
        // made 10,000 diagnostics on a 4 MB line take a second.
        cut: report.lines.line_col(start + from as u32, PositionEncoding::Utf32).col as usize,
    }
}

/// The bytes of `line` to give the renderer for a range at `span_start..span_end`: at least
/// [`WINDOW_COLUMNS`] columns on each side (counted no wider than the renderer counts them). The
/// window starts at a character that is not whitespace, or at the line's start, and holds one
/// that is not when the line does: the renderer places an excerpt by the whitespace it starts with.
fn window(line: &str, span_start: usize, span_end: usize) -> (usize, usize) {
    let width = |c: char| match c {
        '\t' => 4,
        c => unicode_width::UnicodeWidthChar::width(c).unwrap_or(1),
    };
    let (mut from, mut columns, mut starts_blank) = (span_start, 0, false);
    for c in line[..span_start].chars().rev() {
        if columns >= WINDOW_COLUMNS && !starts_blank {
            break;
        }
        columns += width(c);
        from -= c.len_utf8();
        starts_blank = c.is_whitespace();
    }
    // The renderer reads no leading whitespace off a line of whitespace alone.
    let mut blank = line[from..span_end].trim_start().is_empty();
    let (mut to, mut columns) = (span_end, 0);
    for c in line[span_end..].chars() {
        if columns >= WINDOW_COLUMNS && !blank {
            break;
        }
        columns += width(c);
        to += c.len_utf8();
        blank &= c.is_whitespace();
    }
    (from, to)
}

/// The renderer names a window's place as `path:line:column` with the column in the window:
/// each such header gets the line's own column back, in the order the excerpts were rendered.
fn columns_of_the_line(rendered: String, path: &str, excerpts: &[Excerpt<'_>]) -> String {
    if excerpts.iter().all(|e| e.cut == 0) {
        return rendered;
    }
    let (mut out, mut rest) = (String::with_capacity(rendered.len()), rendered.as_str());
    for e in excerpts {
        let line = &e.source[..e.span.start];
        let column = line.chars().count() + 1;
        let shown = format!("{path}:{}:{column}", e.line);
        let Some(at) = rest.find(&shown) else { continue };
        out.push_str(&rest[..at]);
        out.push_str(&format!("{path}:{}:{}", e.line, column + e.cut));
        rest = &rest[at + shown.len()..];
    }
    out.push_str(rest);
    out
}

fn render_one(report: &FileReport, d: &Diagnostic, renderer: &Renderer) -> String {
    render_with_lines_from(report, d, renderer, LONG_LINE)
}

/// [`render_one`], with lines from `long_line` bytes on given as windows.
fn render_with_lines_from(report: &FileReport, d: &Diagnostic, renderer: &Renderer, long_line: usize) -> String {
    let primary = excerpt(report, d.range, long_line);
    let related: Vec<(&str, Excerpt<'_>)> = d
        .related
        .iter()
        .filter(|r| r.file.is_none())
        .map(|r| (r.message.as_str(), excerpt(report, r.range, long_line)))
        .collect();
    let mut groups = vec![
        level(d.severity).primary_title(d.message.as_str()).id(d.code.as_str()).element(
            Snippet::source(primary.source)
                .line_start(primary.line)
                .path(report.display.as_str())
                .annotation(AnnotationKind::Primary.span(primary.span.clone())),
        ),
    ];
    for (message, e) in &related {
        groups.push(
            Group::with_title(Level::NOTE.secondary_title(*message)).element(
                Snippet::source(e.source)
                    .line_start(e.line)
                    .path(report.display.as_str())
                    .annotation(AnnotationKind::Context.span(e.span.clone())),
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
    let rendered = renderer.render(&groups).to_string();
    let excerpts: Vec<Excerpt<'_>> = std::iter::once(primary).chain(related.into_iter().map(|(_, e)| e)).collect();
    columns_of_the_line(rendered, &report.display, &excerpts)
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

#[cfg(test)]
mod tests {
    use super::*;
    use rigls_diagnostic::{Code, FileFormat, Related};
    use rigls_text::LineIndex;

    /// A window of a long line renders exactly as the whole line does: the same excerpt shown,
    /// the same column named, for ranges at its start, middle and end, among wide characters.
    #[test]
    fn a_long_line_renders_as_its_window_does() {
        let mut text = String::from("{\"armature\":[");
        for i in 0..2000 {
            text.push_str(&format!("{{\"name\":\"骨{i}\",\"x\":1.5}},"));
        }
        text.push_str("{}]}\n{\"next\":\"行\"}\n");
        let at = |needle: &str| {
            let start = text.find(needle).expect("in the text") as u32;
            TextRange::new(start, start + needle.len() as u32)
        };
        let ranges = [
            TextRange::new(0, 1),
            at("骨0\""),
            at("骨1000\""),
            at("骨1999\",\"x\":1.5}"),
            TextRange::new(at("{}]}").start, at("{}]}").end + 1),
            at("\"行\""),
        ];
        let report = FileReport::new("a_ske.json".to_owned(), text.clone(), LineIndex::new(&text), Vec::new());
        for styled in [false, true] {
            let renderer = if styled { Renderer::styled() } else { Renderer::plain() };
            for (i, &range) in ranges.iter().enumerate() {
                let mut d = Diagnostic::new(Code::InvalidValue, FileFormat::DragonBones, range, "a message");
                let other = ranges[(i + 2) % ranges.len()];
                d.related.push(Related { file: None, range: other, message: "see here".to_owned() });
                let windowed = render_with_lines_from(&report, &d, &renderer, LONG_LINE);
                let whole = render_with_lines_from(&report, &d, &renderer, usize::MAX);
                assert_eq!(windowed, whole, "range {range:?}");
            }
        }
    }

    /// Pieces a long line is made of: JSON, wide and zero-width characters, tabs, and runs of
    /// whitespace long enough for the renderer to trim.
    const PIECES: [&str; 9] = [
        "{\"name\":\"bone\",\"x\":1.5},",
        "\"骨の名前\":",
        "🦴,",
        "e\u{301}\u{301}\u{301}",
        "\t",
        " ",
        "                                        ",
        "\u{202E}\u{0007}",
        "[0,1,2,3,4,5,6,7,8,9],",
    ];

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        /// The same, for ranges anywhere on lines of any of those pieces, led by any whitespace.
        #[test]
        fn any_long_line_renders_as_its_window_does(
            lead in proptest::prop_oneof![proptest::prelude::Just(0usize), 1usize..12, 150usize..400],
            pieces in proptest::collection::vec((0..PIECES.len(), 1usize..40), 8..40),
            at in (0.0f64..1.0, 0usize..400),
            other in (0.0f64..1.0, 0usize..40),
        ) {
            let mut text = " ".repeat(lead);
            for &(piece, times) in &pieces {
                text.push_str(&PIECES[piece].repeat(times));
            }
            while text.len() <= LONG_LINE {
                text.push_str(PIECES[0]);
            }
            text.push('\n');
            let range = |(fraction, len): (f64, usize)| {
                let mut start = (fraction * text.len() as f64) as usize;
                while !text.is_char_boundary(start) {
                    start -= 1;
                }
                let mut end = (start + len).min(text.len());
                while !text.is_char_boundary(end) {
                    end += 1;
                }
                TextRange::new(start as u32, end as u32)
            };
            let report = FileReport::new("a_ske.json".to_owned(), text.clone(), LineIndex::new(&text), Vec::new());
            let mut d = Diagnostic::new(Code::InvalidValue, FileFormat::DragonBones, range(at), "a message");
            d.related.push(Related { file: None, range: range(other), message: "see here".to_owned() });
            let renderer = Renderer::plain();
            let windowed = render_with_lines_from(&report, &d, &renderer, LONG_LINE);
            let whole = render_with_lines_from(&report, &d, &renderer, usize::MAX);
            proptest::prop_assert_eq!(windowed, whole);
        }
    }
}
