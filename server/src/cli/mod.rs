//! The command line: argument parsing and the `--check` linter. The only layer besides `lsp` that
//! talks to the outside world, and the only one that prints.

mod check;
mod render;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};

#[derive(Parser, Debug)]
#[command(
    name = "rigls",
    version,
    about = "Language server and linter for Elfreina .elem models and DragonBones skeletal animation JSON",
    after_help = "Without --check, rigls serves the Language Server Protocol on stdin/stdout."
)]
pub struct Args {
    /// Lint the given files and directories and report problems.
    #[arg(long)]
    pub check: bool,
    /// Serve LSP over stdio (the default when --check is absent).
    #[arg(long, conflicts_with = "check")]
    pub stdio: bool,
    /// How to print the diagnostics.
    #[arg(long, value_enum, default_value_t = Format::Human, requires = "check")]
    pub format: Format,
    /// Exit with 1 on warnings too, not only on errors.
    #[arg(long, requires = "check")]
    pub deny_warnings: bool,
    /// The file name to report (and to resolve relative paths from) when reading `-` (stdin).
    #[arg(long, value_name = "NAME", requires = "check")]
    pub stdin_filename: Option<PathBuf>,
    /// Files or directories to check; `-` reads stdin. Directories are searched recursively.
    #[arg(value_name = "PATH", requires = "check")]
    pub paths: Vec<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// rustc-style report with source lines (colour on a terminal).
    Human,
    /// One JSON array of diagnostics on stdout.
    Json,
}

/// Exit statuses: a contract for CI pipelines.
pub mod exit {
    pub const OK: u8 = 0;
    pub const PROBLEMS: u8 = 1;
    pub const USAGE: u8 = 2;
}

/// Runs the command line; `None` means "serve LSP".
pub fn run(args: Args) -> Option<ExitCode> {
    if !args.check {
        return None;
    }
    if args.paths.is_empty() {
        eprintln!("error: --check needs at least one PATH (a file, a directory, or - for stdin)");
        return Some(ExitCode::from(exit::USAGE));
    }
    Some(ExitCode::from(check::run(&args)))
}
