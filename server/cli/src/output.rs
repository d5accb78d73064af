//! Where the report goes (stdout or `--output-file`) and the progress bar on stderr.

use std::io::{IsTerminal, Write};
use std::path::Path;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// More files than this, on a terminal, get a progress bar.
pub const PROGRESS_THRESHOLD: usize = 20;

/// Where the report is written, piece by piece as files are checked.
pub enum ReportOut {
    /// Through anstream, which strips colour when stdout is not a terminal (or NO_COLOR is set).
    /// Write errors are ignored: a closed pipe (`rigls … | head`) is not worth reporting.
    Stdout(anstream::AutoStream<std::io::StdoutLock<'static>>),
    File(std::io::BufWriter<std::fs::File>, std::path::PathBuf),
}

impl ReportOut {
    /// The report goes to `file`, created (or truncated) now, or to stdout when there is none.
    pub fn open(file: Option<&Path>) -> Result<ReportOut, String> {
        match file {
            Some(path) => std::fs::File::create(path)
                .map(|f| ReportOut::File(std::io::BufWriter::new(f), path.to_path_buf()))
                .map_err(|e| cannot_write(path, &e)),
            None => Ok(ReportOut::Stdout(anstream::stdout().lock())),
        }
    }

    /// Flushes what is buffered; an error says which file could not be written.
    pub fn close(&mut self) -> Result<(), String> {
        match self {
            ReportOut::Stdout(out) => {
                let _ = out.flush();
                Ok(())
            }
            ReportOut::File(out, path) => out.flush().map_err(|e| cannot_write(path, &e)),
        }
    }
}

fn cannot_write(path: &Path, e: &std::io::Error) -> String {
    format!("cannot write the report to `{}`: {e}", path.display())
}

impl Write for ReportOut {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            ReportOut::Stdout(out) => Ok(out.write_all(buf).map_or(buf.len(), |()| buf.len())),
            ReportOut::File(out, _) => out.write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            ReportOut::Stdout(out) => {
                let _ = out.flush();
                Ok(())
            }
            ReportOut::File(out, _) => out.flush(),
        }
    }
}

/// Whether to draw a progress bar: only for many files, on a terminal, when not asked to be quiet.
pub fn wants_progress(files: usize, stderr_is_terminal: bool, quiet: bool) -> bool {
    files > PROGRESS_THRESHOLD && stderr_is_terminal && !quiet
}

/// A progress bar on stderr, or nothing.
pub struct Progress(Option<ProgressBar>);

impl Progress {
    pub fn new(files: usize, quiet: bool) -> Progress {
        if !wants_progress(files, std::io::stderr().is_terminal(), quiet) {
            return Progress(None);
        }
        let bar = ProgressBar::with_draw_target(Some(files as u64), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {wide_msg}")
            .map(|s| s.progress_chars("=> "))
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar.set_prefix("Checking");
        Progress(Some(bar))
    }

    /// Shows that `name` is being checked.
    pub fn start(&self, name: &str) {
        if let Some(bar) = &self.0 {
            bar.set_message(name.to_owned());
        }
    }

    pub fn done_one(&self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    /// Prints a line to stderr without tearing the bar.
    pub fn eprintln(&self, line: &str) {
        match &self.0 {
            Some(bar) => bar.suspend(|| eprintln!("{line}")),
            None => eprintln!("{line}"),
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_only_for_many_files_on_a_terminal() {
        assert!(wants_progress(21, true, false));
        assert!(!wants_progress(20, true, false), "20 files check too fast to need a bar");
        assert!(!wants_progress(500, false, false), "never when stderr is piped");
        assert!(!wants_progress(500, true, true), "never with --quiet");
    }
}
