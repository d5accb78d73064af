//! Where the report goes (stdout or `--output-file`) and the progress bar on stderr.

use std::io::{IsTerminal, Write};
use std::path::Path;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// More files than this, on a terminal, get a progress bar.
pub const PROGRESS_THRESHOLD: usize = 20;

/// Writes the report to `file`, or to stdout when there is none. Stdout goes through anstream,
/// which strips colour when it is not a terminal (or NO_COLOR is set).
pub fn write_report(file: Option<&Path>, report: &str) -> Result<(), String> {
    match file {
        Some(path) => {
            std::fs::write(path, report).map_err(|e| format!("cannot write the report to `{}`: {e}", path.display()))
        }
        None => {
            let mut stdout = anstream::stdout().lock();
            // A closed pipe (`rigls … | head`) is not an error worth reporting.
            let _ = stdout.write_all(report.as_bytes()).and_then(|()| stdout.flush());
            Ok(())
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
