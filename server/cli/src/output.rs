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

/// A progress bar on stderr (with the room its line leaves for the file name), or nothing.
pub struct Progress(Option<(ProgressBar, usize)>);

impl Progress {
    pub fn new(files: usize, quiet: bool) -> Progress {
        if !wants_progress(files, std::io::stderr().is_terminal(), quiet) {
            return Progress(None);
        }
        let width = stderr_columns().unwrap_or(80);
        let bar = ProgressBar::with_draw_target(Some(files as u64), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg}")
            .map(|s| s.progress_chars("=> "))
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar.set_prefix("Checking");
        // `Checking [` + 30 + `] ` + `pos/len ` and a column to spare.
        let digits = files.to_string().len();
        let room = width.saturating_sub(10 + 30 + 2 + 2 * digits + 2 + 1);
        Progress(Some((bar, room)))
    }

    /// Shows that `name` is being checked.
    pub fn start(&self, name: &str) {
        if let Some((bar, room)) = &self.0 {
            bar.set_message(path_tail(name, *room));
        }
    }

    pub fn done_one(&self) {
        if let Some((bar, _)) = &self.0 {
            bar.inc(1);
        }
    }

    /// Prints a line to stderr without tearing the bar.
    pub fn eprintln(&self, line: &str) {
        match &self.0 {
            Some((bar, _)) => bar.suspend(|| eprintln!("{line}")),
            None => eprintln!("{line}"),
        }
    }

    pub fn finish(&self) {
        if let Some((bar, _)) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

/// The width of the terminal stderr is on.
fn stderr_columns() -> Option<usize> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let mut size = libc::winsize { ws_row: 0, ws_col: 0, ws_xpixel: 0, ws_ypixel: 0 };
        // SAFETY: TIOCGWINSZ writes a `winsize` into the one it is given, and nothing else.
        let ok = unsafe { libc::ioctl(libc::STDERR_FILENO, libc::TIOCGWINSZ, &mut size) } == 0;
        if ok && size.ws_col > 0 {
            return Some(usize::from(size.ws_col));
        }
    }
    std::env::var("COLUMNS").ok()?.parse().ok()
}

/// `path` in at most `room` terminal columns: its end, where the file name is, after `…` when
/// cut (wide characters, e.g. Japanese, take two columns).
pub fn path_tail(path: &str, room: usize) -> String {
    use unicode_width::UnicodeWidthChar;
    let width = |c: char| c.width().unwrap_or(0);
    if path.chars().map(width).sum::<usize>() <= room {
        return path.to_owned();
    }
    let mut tail = Vec::new();
    let mut used = 1; // the `…`
    for c in path.chars().rev() {
        if used + width(c) > room {
            break;
        }
        used += width(c);
        tail.push(c);
    }
    std::iter::once('…').chain(tail.into_iter().rev()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_path_keeps_its_end() {
        let path = "../shared/corpus/dragonbones/22_ske_v5.5_DBJS_vine-pro_ske.json";
        assert_eq!(path_tail(path, 80), path);
        assert_eq!(path_tail(path, 30), "…e_v5.5_DBJS_vine-pro_ske.json");
        assert_eq!(path_tail("モデル/歩行ロボ.elem", 10), "…ロボ.elem");
        assert_eq!(path_tail("モデル/歩行ロボ.elem", 11), "…ロボ.elem", "a wide character takes two columns");
        assert_eq!(path_tail("モデル/歩行ロボ.elem", 12), "…行ロボ.elem");
        assert_eq!(path_tail(path, 0), "…");
    }

    #[test]
    fn progress_only_for_many_files_on_a_terminal() {
        assert!(wants_progress(21, true, false));
        assert!(!wants_progress(20, true, false), "20 files check too fast to need a bar");
        assert!(!wants_progress(500, false, false), "never when stderr is piped");
        assert!(!wants_progress(500, true, true), "never with --quiet");
    }
}
