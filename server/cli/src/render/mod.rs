//! One renderer per output format, all over the same [`FileReport`]s. Each file's report is
//! rendered on its own into a [`Piece`] as soon as it is checked, so a run keeps no file's text
//! or tree once it is rendered; a [`Sink`] writes the pieces out in order ([`super::output`]
//! decides where to), and [`Totals`] keeps the counts the summary and statistics need.

mod github;
pub mod human;
mod json;
mod sarif;
pub mod statistics;

use std::io::{self, Write};

use super::Format;
use rigls_diagnostic::{Diagnostic, Severity};
use rigls_ide::Analysis;
use rigls_text::{LineIndex, PositionEncoding};

/// Set for a run of one file: its analysis is left for the process's exit to free (freeing a
/// 17 MB skeleton's took 5 ms at the end of its check). A run of many frees each as it goes
/// (freeing them on a thread of their own cost 3 % more CPU over 291 real exports).
pub static LEAVE_TO_EXIT: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The diagnostics of one checked file, with what is needed to show where they are.
pub struct FileReport {
    pub display: String,
    pub text: String,
    pub lines: LineIndex,
    pub diagnostics: Vec<Diagnostic>,
    /// `--fix` could not write the file, so its safe fixes were not applied.
    pub fixes_unwritten: bool,
}

impl FileReport {
    pub fn new(display: String, text: String, lines: LineIndex, diagnostics: Vec<Diagnostic>) -> FileReport {
        FileReport { display, text, lines, diagnostics, fixes_unwritten: false }
    }

    /// The report of `analysis`, whose rest is freed then (or left to the exit, see
    /// [`LEAVE_TO_EXIT`]).
    pub fn from_analysis(display: String, mut analysis: Analysis) -> FileReport {
        // The analysis is the text's only holder here: nothing is copied.
        let text = std::mem::take(&mut analysis.text);
        let text = std::sync::Arc::try_unwrap(text).unwrap_or_else(|shared| String::clone(&shared));
        let diagnostics = std::mem::take(&mut analysis.diagnostics);
        let lines = std::mem::replace(&mut analysis.lines, LineIndex::new(""));
        if LEAVE_TO_EXIT.load(std::sync::atomic::Ordering::Relaxed) {
            std::mem::forget(analysis);
        }
        FileReport::new(display, text, lines, diagnostics)
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

/// What the summary and statistics need of every file reported so far.
#[derive(Default)]
pub struct Totals {
    pub files: usize,
    /// Diagnostics per severity, indexed by [`severity_index`].
    by_severity: [usize; 4],
    pub statistics: statistics::Counts,
}

fn severity_index(severity: Severity) -> usize {
    match severity {
        Severity::Error => 0,
        Severity::Warning => 1,
        Severity::Information => 2,
        Severity::Hint => 3,
    }
}

impl Totals {
    pub fn add(&mut self, report: &FileReport) {
        self.files += 1;
        for d in &report.diagnostics {
            self.by_severity[severity_index(d.severity)] += 1;
        }
        self.statistics.add(&report.diagnostics);
    }

    pub fn count(&self, severity: Severity) -> usize {
        self.by_severity[severity_index(severity)]
    }

    pub fn merge(&mut self, other: Totals) {
        self.files += other.files;
        for (mine, theirs) in self.by_severity.iter_mut().zip(other.by_severity) {
            *mine += theirs;
        }
        self.statistics.merge(other.statistics);
    }
}

/// One file's part of the report, rendered.
pub enum Piece {
    /// Human and GitHub reports: text to print as it is.
    Text(String),
    /// JSON: the array's elements.
    Elements(Vec<String>),
    /// SARIF: the run's results, and whether the file is named by a relative path.
    Results { results: Vec<String>, relative: bool },
}

/// Renders one file's diagnostics in `format`.
pub fn piece(format: Format, report: &FileReport, styled: bool) -> Piece {
    match format {
        Format::Human => Piece::Text(human::diagnostics(std::slice::from_ref(report), styled)),
        Format::Github => Piece::Text(github::render(std::slice::from_ref(report))),
        Format::Json => Piece::Elements(json::elements(report)),
        Format::Sarif => Piece::Results { results: sarif::results(report), relative: sarif::is_relative(report) },
    }
}

/// Writes the pieces in order: text and JSON elements as they come, SARIF (one document whose
/// head depends on every file) at the end from the rendered results.
pub struct Sink<W: Write> {
    pub out: W,
    format: Format,
    elements: usize,
    results: Vec<String>,
    relative: bool,
}

impl<W: Write> Sink<W> {
    pub fn new(out: W, format: Format) -> Sink<W> {
        Sink { out, format, elements: 0, results: Vec::new(), relative: false }
    }

    pub fn write(&mut self, piece: Piece) -> io::Result<()> {
        match piece {
            Piece::Text(text) => self.out.write_all(text.as_bytes()),
            Piece::Elements(elements) => {
                for element in elements {
                    self.out.write_all(if self.elements == 0 { b"[\n" } else { b",\n" })?;
                    self.out.write_all(element.as_bytes())?;
                    self.elements += 1;
                }
                Ok(())
            }
            Piece::Results { mut results, relative } => {
                self.results.append(&mut results);
                self.relative |= relative;
                Ok(())
            }
        }
    }

    /// Closes the document (`failures`: one message per input that could not be read).
    pub fn finish(&mut self, failures: &[String]) -> io::Result<()> {
        match self.format {
            Format::Human | Format::Github => Ok(()),
            Format::Json if self.elements == 0 => self.out.write_all(b"[]\n"),
            Format::Json => self.out.write_all(b"\n]\n"),
            Format::Sarif => {
                let log = sarif::log(std::mem::take(&mut self.results), self.relative, failures);
                self.out.write_all(log.as_bytes())?;
                self.out.write_all(b"\n")
            }
        }
    }
}
