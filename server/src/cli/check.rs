//! `rigls --check`: find the files, analyse (and with `--fix`/`--diff`, fix) each, print the
//! report, choose the exit status.

use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::fix;
use super::output::{self, Progress};
use super::render::{self, FileReport, human::Fixed};
use super::{Args, Format, exit};
use crate::config;
use crate::diagnostic::{Diagnostic, Severity, code};
use crate::env::RealFs;
use crate::ide::{Analysis, FileKind};
use crate::text::TextRange;

/// A file to check and how it was named.
struct Input {
    /// As shown in reports: the path as given (or found under a given directory).
    display: String,
    /// Where it lives, for resolving the files it names; `None` for anonymous stdin.
    path: Option<PathBuf>,
    stdin: bool,
    /// Named explicitly, so checked whatever its extension.
    explicit: bool,
}

/// What to do with safe fixes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FixMode {
    Off,
    /// `--fix`: write them.
    Write,
    /// `--diff`: show them.
    Diff,
}

/// What the whole run produced besides the per-file reports.
#[derive(Default)]
struct Tally {
    /// Inputs that could not be read (or fixed files that could not be written).
    failures: Vec<String>,
    /// Lines about fixing, for the human report (stderr for other formats).
    notes: Vec<String>,
    fixed: Fixed,
    diff: String,
}

pub fn run(args: &Args) -> u8 {
    let inputs = inputs(args);
    let mode = if args.diff {
        FixMode::Diff
    } else if args.fix {
        FixMode::Write
    } else {
        FixMode::Off
    };
    if mode == FixMode::Write && inputs.iter().any(|i| i.stdin) {
        eprintln!("error: --fix cannot write to stdin; use --diff to see what it would change");
        return exit::USAGE;
    }

    let progress = Progress::new(inputs.len(), args.quiet);
    let mut reports = Vec::new();
    let mut tally = Tally::default();
    let mut config_messages = HashSet::new();
    for input in &inputs {
        progress.start(&input.display);
        let report = match analyse(input) {
            Ok(Some(Checked::Analysed(analysis))) => Some(fix_and_report(input, analysis, mode, &mut tally, &progress)),
            Ok(Some(Checked::NotUtf8(report))) => {
                if mode != FixMode::Off {
                    tally.notes.push(format!("Not fixed: {}: it is not valid UTF-8", input.display));
                }
                Some(report)
            }
            Ok(None) => None,
            Err(message) => {
                progress.eprintln(&format!("error: {message}"));
                tally.failures.push(message);
                None
            }
        };
        let mut report = report;
        if let Some(report) = report.as_mut()
            && let Err(message) = apply_config(input, report, &mut config_messages)
        {
            tally.failures.push(message);
        }
        reports.extend(report);
        progress.done_one();
    }
    progress.finish();

    let run = render::Run { files: &reports, failures: &tally.failures };
    if let Err(message) = print(args, mode, &run, &tally) {
        eprintln!("error: {message}");
        return exit::USAGE;
    }

    let problems = run.count(Severity::Error) > 0 || (args.deny_warnings && run.count(Severity::Warning) > 0);
    if !tally.failures.is_empty() {
        exit::USAGE
    } else if problems {
        exit::PROBLEMS
    } else {
        exit::OK
    }
}

/// The inputs the paths name: files, the files under directories, and stdin.
fn inputs(args: &Args) -> Vec<Input> {
    let mut inputs = Vec::new();
    for path in &args.paths {
        if path.as_os_str() == "-" {
            let display = args.stdin_filename.as_ref().map_or("<stdin>".to_owned(), |p| p.display().to_string());
            inputs.push(Input { display, path: args.stdin_filename.clone(), stdin: true, explicit: true });
        } else if path.is_dir() {
            for found in walk(path) {
                inputs.push(Input {
                    display: found.display().to_string(),
                    path: Some(found),
                    stdin: false,
                    explicit: false,
                });
            }
        } else {
            inputs.push(Input {
                display: path.display().to_string(),
                path: Some(path.clone()),
                stdin: false,
                explicit: true,
            });
        }
    }
    inputs
}

/// Prints the report (to stdout or `--output-file`) and what goes beside it on stderr.
fn print(args: &Args, mode: FixMode, run: &render::Run, tally: &Tally) -> Result<(), String> {
    let human = args.format == Format::Human;
    let mut report = if mode == FixMode::Diff {
        tally.diff.clone()
    } else {
        render::report(args.format, run, args.output_file.is_none())
    };
    let mut stderr_lines: Vec<String> = Vec::new();
    if !args.quiet {
        match (mode, human) {
            (FixMode::Diff, _) => {
                stderr_lines.extend(tally.notes.iter().cloned());
                stderr_lines.push(tally.fixed.sentence("Would fix"));
            }
            (_, true) => {
                for note in &tally.notes {
                    report.push_str(note);
                    report.push('\n');
                }
                let fixed = (mode == FixMode::Write).then_some(tally.fixed);
                report.push_str(&render::human::summary(run.files, fixed));
                report.push('\n');
            }
            (_, false) => stderr_lines.extend(tally.notes.iter().cloned()),
        }
    }
    if args.statistics {
        let table = render::statistics::table(run.files);
        if human {
            if !report.is_empty() && !report.ends_with("\n\n") {
                report.push('\n');
            }
            report.push_str(&table);
        } else {
            stderr_lines.extend(table.lines().map(str::to_owned));
        }
    }
    output::write_report(args.output_file.as_deref(), &report)?;
    for line in stderr_lines {
        eprintln!("{line}");
    }
    Ok(())
}

/// With `--fix` or `--diff`, fixes the file's text; returns the report of what remains (with
/// `--diff`, of the file as it is).
fn fix_and_report(
    input: &Input,
    analysis: Analysis,
    mode: FixMode,
    tally: &mut Tally,
    progress: &Progress,
) -> FileReport {
    let display = input.display.clone();
    if mode == FixMode::Off {
        return FileReport::from_analysis(display, analysis);
    }
    if let Some(reason) = fix::refusal(&analysis) {
        if analysis.diagnostics.iter().any(|d| d.fix.as_ref().is_some_and(|f| f.safe)) {
            tally.notes.push(format!("Not fixed: {display}: {reason}"));
        }
        return FileReport::from_analysis(display, analysis);
    }
    let path = input.path.as_deref();
    let outcome = fix::fix(&analysis, |text| Analysis::with_kind(path, text, &RealFs, Some(analysis.kind)));
    if let Some(why) = outcome.stopped {
        tally.notes.push(format!("Not fully fixed: {display}: {why}"));
    }
    let Some(fixed) = outcome.fixed else {
        return FileReport::from_analysis(display, analysis);
    };
    let summary = fix::describe(&outcome.applied);
    if mode == FixMode::Diff {
        tally.diff.push_str(&fix::unified_diff(&display, &analysis.text, &fixed.text));
        tally.notes.push(format!("Would fix {display}: {summary}"));
        tally.fixed.problems += outcome.applied.len();
        tally.fixed.files += 1;
        return FileReport::from_analysis(display, analysis);
    }
    let written = path
        .ok_or_else(|| "no file to write".to_owned())
        .and_then(|p| fix::write_atomically(p, analysis.text.as_bytes(), &fixed.text));
    match written {
        Ok(()) => {
            tally.notes.push(format!("Fixed {display}: {summary}"));
            tally.fixed.problems += outcome.applied.len();
            tally.fixed.files += 1;
            FileReport::from_analysis(display, fixed)
        }
        Err(why) => {
            let message = format!("cannot write the fixes to `{display}`: {why}");
            progress.eprintln(&format!("error: {message}"));
            tally.failures.push(message);
            FileReport::from_analysis(display, analysis)
        }
    }
}

/// Files under a directory that rigls understands, sorted, honouring `.gitignore`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = ignore::WalkBuilder::new(dir)
        .sort_by_file_path(|a, b| a.cmp(b))
        .build()
        .flatten()
        .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
        .map(|e| e.into_path())
        .filter(|p| p.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("elem")))
        .collect();
    found.sort();
    found
}

/// A read input: analysed, or reported as not UTF-8.
enum Checked {
    Analysed(Analysis),
    NotUtf8(FileReport),
}

fn analyse(input: &Input) -> Result<Option<Checked>, String> {
    let bytes = if input.stdin {
        let mut buf = Vec::new();
        std::io::stdin().read_to_end(&mut buf).map_err(|e| format!("cannot read stdin: {e}"))?;
        buf
    } else {
        let path = input.path.as_deref().unwrap_or(Path::new(""));
        std::fs::read(path).map_err(|e| format!("cannot read `{}`: {}", input.display, io_reason(&e)))?
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => return Ok(Some(Checked::NotUtf8(not_utf8(input, e)))),
    };
    // A file named on the command line is checked even without a known extension.
    let kind = match crate::ide::detect(input.path.as_deref(), &text) {
        FileKind::Other if input.explicit => Some(FileKind::Elem),
        FileKind::Other => return Ok(None),
        kind => Some(kind),
    };
    Ok(Some(Checked::Analysed(Analysis::with_kind(input.path.as_deref(), text, &RealFs, kind))))
}

/// Applies the severity table of the `rigls.toml` found upward from the file (warnings about the
/// table itself are printed once per run). A table that cannot be read is a failure of the run.
fn apply_config(input: &Input, report: &mut FileReport, printed: &mut HashSet<String>) -> Result<(), String> {
    let dir = match &input.path {
        Some(path) => std::path::absolute(path).ok().and_then(|p| p.parent().map(Path::to_path_buf)),
        None => std::env::current_dir().ok(),
    };
    let Some(dir) = dir else { return Ok(()) };
    match config::load(&dir, &RealFs) {
        Ok(Some(file)) => {
            for warning in &file.warnings {
                let message = format!("warning: {}: {warning}", file.path.display());
                if printed.insert(message.clone()) {
                    eprintln!("{message}");
                }
            }
            report.diagnostics = file.severity.apply(std::mem::take(&mut report.diagnostics));
            Ok(())
        }
        Ok(None) => Ok(()),
        Err(error) => {
            let message = error.to_string();
            if printed.insert(message.clone()) {
                eprintln!("error: {message}");
            }
            Err(message)
        }
    }
}

/// Invalid UTF-8 is reported as one `encoding` error where the first bad byte is.
fn not_utf8(input: &Input, error: std::string::FromUtf8Error) -> FileReport {
    let at = error.utf8_error().valid_up_to();
    let bytes = error.into_bytes();
    // Keep the valid prefix (and the rest of its line, lossily) so the report can show the line.
    let line_end = bytes[at..].iter().position(|&b| b == b'\n' || b == b'\r').map_or(bytes.len(), |i| at + i);
    let valid = String::from_utf8_lossy(&bytes[..at]).into_owned();
    let rest = String::from_utf8_lossy(&bytes[at..line_end]).into_owned();
    let text = format!("{valid}{rest}");
    let width = rest.chars().next().map_or(0, char::len_utf8) as u32;
    let start = crate::text::to_u32(at);
    let message = format!("the file is not valid UTF-8 (byte {at}); save it as UTF-8");
    let diagnostic = Diagnostic::error(code::ENCODING, TextRange::new(start, start + width), message);
    let lines = crate::text::LineIndex::new(&text);
    FileReport::new(input.display.clone(), text, lines, vec![diagnostic])
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".to_owned(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        _ => e.to_string(),
    }
}
