//! `rigls --check`: find the files, analyse each, print the report, choose the exit status.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::render::{self, FileReport};
use super::{Args, exit};
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
    for input in inputs {
        match analyse(&input) {
            Ok(Some(report)) => reports.push(report),
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
        // `.json` files are kept here and dropped after analysis unless they are DragonBones data.
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| e.eq_ignore_ascii_case("elem") || e.eq_ignore_ascii_case("json"))
        })
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
    let path = input.path.as_deref();
    let analysis = Analysis::new(path, text, &RealFs);
    let analysis = match analysis.kind {
        // JSON that is no DragonBones data: nothing to say (and skipped when found in a directory).
        FileKind::Other if is_json(path, &analysis.text) => {
            if !input.explicit {
                return Ok(None);
            }
            analysis
        }
        // A file named on the command line is checked even without a known extension.
        FileKind::Other if input.explicit => Analysis::with_kind(path, analysis.text, &RealFs, Some(FileKind::Elem)),
        FileKind::Other => return Ok(None),
        _ => analysis,
    };
    Ok(Some(FileReport::new(input.display.clone(), analysis.text, analysis.lines, analysis.diagnostics)))
}

/// A `.json` file, or unnamed input that starts like JSON.
fn is_json(path: Option<&Path>, text: &str) -> bool {
    match path.and_then(Path::extension).and_then(|e| e.to_str()) {
        Some(e) => e.eq_ignore_ascii_case("json"),
        None => text.trim_start_matches(crate::text::BOM).trim_start().starts_with(['{', '[']),
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
