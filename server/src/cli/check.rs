//! `rigls --check`: find the files, analyse each, print the report, choose the exit status.

use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::render::{self, FileReport};
use super::{Args, exit};
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

pub fn run(args: &Args) -> u8 {
    let mut failed_to_read = false;
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

    let mut reports = Vec::new();
    let mut config_messages = HashSet::new();
    for input in inputs {
        match analyse(&input) {
            Ok(Some(mut report)) => {
                failed_to_read |= !apply_config(&input, &mut report, &mut config_messages);
                reports.push(report);
            }
            Ok(None) => {}
            Err(message) => {
                eprintln!("error: {message}");
                failed_to_read = true;
            }
        }
    }

    render::print(args.format, &reports);

    let count = |s: Severity| reports.iter().flat_map(|r| &r.diagnostics).filter(|d| d.severity == s).count();
    let problems = count(Severity::Error) > 0 || (args.deny_warnings && count(Severity::Warning) > 0);
    if failed_to_read {
        exit::USAGE
    } else if problems {
        exit::PROBLEMS
    } else {
        exit::OK
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

fn analyse(input: &Input) -> Result<Option<FileReport>, String> {
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
        Err(e) => return Ok(Some(not_utf8(input, e))),
    };
    // A file named on the command line is checked even without a known extension.
    let kind = match crate::ide::detect(input.path.as_deref(), &text) {
        FileKind::Other if input.explicit => Some(FileKind::Elem),
        FileKind::Other => return Ok(None),
        kind => Some(kind),
    };
    let analysis = Analysis::with_kind(input.path.as_deref(), text, &RealFs, kind);
    Ok(Some(FileReport::new(input.display.clone(), analysis.text, analysis.lines, analysis.diagnostics)))
}

/// Applies the severities of the `rigls.toml` found upward from the input's folder (the working
/// directory for anonymous stdin), as the language server does. Prints each problem with the file
/// once; returns false when the file exists but cannot be used.
fn apply_config(input: &Input, report: &mut FileReport, printed: &mut HashSet<String>) -> bool {
    let dir = match &input.path {
        Some(path) => std::path::absolute(path).ok().and_then(|p| p.parent().map(Path::to_path_buf)),
        None => std::env::current_dir().ok(),
    };
    let Some(dir) = dir else { return true };
    let mut print_once = |message: String| {
        if printed.insert(message.clone()) {
            eprintln!("{message}");
        }
    };
    match config::load(&dir, &RealFs) {
        Ok(Some(file)) => {
            for warning in &file.warnings {
                print_once(format!("warning: {}: {warning}", file.path.display()));
            }
            report.diagnostics = file.severity.apply(std::mem::take(&mut report.diagnostics));
            true
        }
        Ok(None) => true,
        Err(error) => {
            print_once(format!("error: {error}"));
            false
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
