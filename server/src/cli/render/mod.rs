//! One renderer per output format, all over the same [`FileReport`]s. Renderers build strings;
//! [`super::output`] decides where they go.

mod github;
pub mod human;
mod json;
mod sarif;
pub mod statistics;

use super::Format;
use crate::diagnostic::{Diagnostic, Severity};
use crate::ide::Analysis;
use crate::text::{LineIndex, PositionEncoding};

/// The diagnostics of one checked file, with what is needed to show where they are.
pub struct FileReport {
    pub display: String,
    pub text: String,
    pub lines: LineIndex,
    pub diagnostics: Vec<Diagnostic>,
}

impl FileReport {
    pub fn new(display: String, text: String, lines: LineIndex, diagnostics: Vec<Diagnostic>) -> FileReport {
        FileReport { display, text, lines, diagnostics }
    }

    pub fn from_analysis(display: String, analysis: Analysis) -> FileReport {
        FileReport::new(display, analysis.text, analysis.lines, analysis.diagnostics)
    }

    /// 1-based line and column (in Unicode characters) of a byte offset.
    pub fn position(&self, offset: u32) -> (u32, u32) {
        self.position_in(offset, PositionEncoding::Utf32)
    }

    /// 1-based line and column, counting columns in `encoding` units.
    pub fn position_in(&self, offset: u32, encoding: PositionEncoding) -> (u32, u32) {
        let p = self.lines.line_col(offset, encoding);
        (p.line + 1, p.col + 1)
    }
}

/// Everything a report is made of besides the files: the inputs that could not be read.
pub struct Run<'a> {
    pub files: &'a [FileReport],
    /// One message per input that could not be read (already printed to stderr).
    pub failures: &'a [String],
}

impl Run<'_> {
    pub fn count(&self, severity: Severity) -> usize {
        self.files.iter().flat_map(|r| &r.diagnostics).filter(|d| d.severity == severity).count()
    }
}

/// The report in a machine-readable format, or the human format's diagnostics (without summary).
pub fn report(format: Format, run: &Run, styled: bool) -> String {
    match format {
        Format::Human => human::diagnostics(run.files, styled),
        Format::Json => json::to_json(run.files) + "\n",
        Format::Github => github::render(run.files),
        Format::Sarif => sarif::render(run) + "\n",
    }
}
