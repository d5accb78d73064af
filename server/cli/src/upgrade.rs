//! `rigls upgrade FILE... [--to 5.5] (-o OUT | --write | --diff) [--force]`: DragonBones
//! skeletons rewritten as data version 5.5 (a contract: scripts call it).
//!
//! Exit status: 0 written (or, with `--diff`, shown), 1 nothing to do (already 5.5) or refused (a
//! 5.6 feature 5.5 lacks without `--force`, a version rigls does not know), 2 a file that cannot be
//! read, is not a skeleton, has syntax errors, or cannot be written.

use std::path::{Path, PathBuf};

use super::{exit, fix, input};
use rigls_diagnostic::env::RealFs;
use rigls_ide::upgrade::{self, Note, Options, Outcome, Severity};
use rigls_text::{LineIndex, PositionEncoding};

/// Where upgraded text goes.
pub enum Mode<'a> {
    /// `-o OUT`: a file (one input) or a directory.
    Output(&'a Path),
    /// `--write`: over the input, atomically.
    Write,
    /// `--diff`: a unified diff on stdout, nothing written.
    Diff,
}

pub struct UpgradeArgs<'a> {
    pub files: &'a [PathBuf],
    pub mode: Mode<'a>,
    pub force: bool,
}

/// How one file ended, worst last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Ending {
    Written,
    Current,
    Refused,
    Failed,
}

pub fn run(args: UpgradeArgs<'_>) -> u8 {
    let into_dir = match args.mode {
        Mode::Output(out) => {
            let dir = out.is_dir() || out.as_os_str().to_string_lossy().ends_with(['/', '\\']);
            if !dir && args.files.len() > 1 {
                eprintln!(
                    "error: -o {} names one file, but {} files are upgraded: give a directory",
                    out.display(),
                    args.files.len()
                );
                return exit::USAGE;
            }
            dir
        }
        _ => false,
    };
    let endings: Vec<Ending> = args.files.iter().map(|file| one(file, &args, into_dir)).collect();
    status(&endings)
}

/// 2 when a file failed, else 1 when one was refused, else 0 when one was written, else 1 (all
/// were 5.5 already).
fn status(endings: &[Ending]) -> u8 {
    match endings.iter().max() {
        Some(Ending::Failed) => exit::USAGE,
        Some(Ending::Refused) => exit::PROBLEMS,
        _ if endings.contains(&Ending::Written) => exit::OK,
        _ => exit::PROBLEMS,
    }
}

fn one(file: &Path, args: &UpgradeArgs<'_>, into_dir: bool) -> Ending {
    let shown = file.display();
    let bytes = match std::fs::read(file) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("error: {}", input::cannot_read(&shown.to_string(), &error));
            return Ending::Failed;
        }
    };
    let text = match std::str::from_utf8(&bytes) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: {}", input::not_utf8(&shown.to_string(), &error));
            return Ending::Failed;
        }
    };
    let outcome = upgrade::upgrade(Some(file), text, &RealFs, Options { force: args.force });
    match outcome {
        Outcome::Unreadable(why) => {
            eprintln!("error: {shown}: cannot upgrade: {why}");
            Ending::Failed
        }
        Outcome::Current => {
            eprintln!("{shown}: already DragonBones {}; nothing to do", upgrade::TARGET);
            Ending::Current
        }
        Outcome::Refused { reason, notes } => {
            print_notes(file, text, &notes);
            let hint = if notes.iter().any(|n| n.severity == Severity::Lost) {
                " (--force writes it without them)"
            } else {
                ""
            };
            eprintln!("{shown}: not upgraded: {reason}{hint}");
            Ending::Refused
        }
        Outcome::Upgraded { text: upgraded, from, notes } => {
            print_notes(file, text, &notes);
            let target = upgrade::TARGET;
            match args.mode {
                Mode::Diff => {
                    print!("{}", fix::unified_diff(&shown.to_string(), text, &upgraded));
                    Ending::Written
                }
                Mode::Write => match fix::write_atomically(file, &bytes, &upgraded) {
                    Ok(()) => {
                        eprintln!("{shown}: upgraded from {from} to {target}");
                        Ending::Written
                    }
                    Err(error) => {
                        eprintln!("error: {shown}: cannot write the upgrade: {error}");
                        Ending::Failed
                    }
                },
                Mode::Output(out) => {
                    let target_path = if into_dir {
                        out.join(file.file_name().unwrap_or(file.as_os_str()))
                    } else {
                        out.to_path_buf()
                    };
                    match std::fs::write(&target_path, upgraded.as_bytes()) {
                        Ok(()) => {
                            eprintln!("{shown}: upgraded from {from} to {target} into {}", target_path.display());
                            Ending::Written
                        }
                        Err(error) => {
                            eprintln!("error: {}", input::cannot_write(&target_path.display().to_string(), &error));
                            Ending::Failed
                        }
                    }
                }
            }
        }
    }
}

/// `FILE:LINE:COLUMN: warning|note: message` on stderr, once per message (at its first place,
/// with how many more places it has).
fn print_notes(file: &Path, text: &str, notes: &[Note]) {
    if notes.is_empty() {
        return;
    }
    let lines = LineIndex::new(text);
    // Each message once, in the order first given, with how many places say it (found in a map:
    // thousands of distinct messages were each compared with all before them).
    let mut seen: Vec<(&Note, usize)> = Vec::new();
    let mut index: std::collections::HashMap<_, usize> = std::collections::HashMap::new();
    for note in notes {
        match index.entry((note.message.as_str(), std::mem::discriminant(&note.severity))) {
            std::collections::hash_map::Entry::Occupied(at) => seen[*at.get()].1 += 1,
            std::collections::hash_map::Entry::Vacant(at) => {
                at.insert(seen.len());
                seen.push((note, 1));
            }
        }
    }
    for (note, count) in seen {
        let at = lines.line_col(note.range.start, PositionEncoding::Utf32);
        let label = match note.severity {
            Severity::Lost => "warning",
            Severity::Changed => "note",
        };
        let more = match count {
            1 => String::new(),
            2 => " (and 1 more place)".to_owned(),
            n => format!(" (and {} more places)", n - 1),
        };
        eprintln!("{}:{}:{}: {label}: {}{more}", file.display(), at.line + 1, at.col + 1, note.message);
    }
}
