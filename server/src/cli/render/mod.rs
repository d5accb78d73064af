//! One renderer per output format, all over the same [`FileReport`]s.

mod human;
mod json;

use super::Format;
use crate::diagnostic::Diagnostic;
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

    /// 1-based line and column (in Unicode characters) of a byte offset.
    pub fn position(&self, offset: u32) -> (u32, u32) {
        let p = self.lines.line_col(offset, PositionEncoding::Utf32);
        (p.line + 1, p.col + 1)
    }
}

pub fn print(format: Format, reports: &[FileReport]) {
    match format {
        Format::Human => human::print(reports),
        Format::Json => json::print(reports),
    }
}
