//! `rigls --check`: find the files, analyse (and with `--fix`/`--diff`, fix) each on every core,
//! write each file's report as soon as it and those before it are done (so memory stays flat
//! however many files there are), choose the exit status.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::fix;
use super::output::{self, Progress};
use super::parallel;
use super::render::{self, FileReport, human::Fixed};
use super::{Args, Format, exit, input};
use rigls_diagnostic::config;
use rigls_diagnostic::env::RealFs;
use rigls_diagnostic::{Code, Diagnostic, FileFormat, Severity, Targets};
use rigls_ide::{Analysis, AnalysisOptions, FileKind};
use rigls_text::TextRange;

/// A file to check and how it was named.
struct Input {
    /// As shown in reports: the path as given (or found under a given directory).
    display: String,
    /// Where it lives, for resolving the files it names; `None` for anonymous stdin.
    path: Option<PathBuf>,
    stdin: bool,
    /// Named explicitly: when rigls does not handle it, it is said to be skipped.
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

/// What fixing and checking produced besides the reports: per file, then for the whole run.
#[derive(Default)]
struct Tally {
    /// Inputs that could not be read (or fixed files that could not be written).
    failures: Vec<String>,
    /// How many inputs could not be read.
    unread: usize,
    /// Named files rigls does not handle, skipped: how many (each said on stderr as it comes).
    skipped: usize,
    /// Lines about fixing, for the human report (stderr for other formats).
    notes: Vec<String>,
    fixed: Fixed,
    diff: String,
}

/// One input, checked on a worker thread: its rendered report and what the run needs to know.
#[derive(Default)]
struct Outcome {
    piece: Option<render::Piece>,
    totals: render::Totals,
    tally: Tally,
    /// The `rigls.toml` that applied: its warnings, or why it could not be used.
    config: Option<Result<Vec<String>, String>>,
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
    let out = match output::ReportOut::open(args.output_file.as_deref()) {
        Ok(out) => out,
        Err(message) => {
            eprintln!("error: {message}");
            return exit::USAGE;
        }
    };
    let styled = args.output_file.is_none();
    let mut sink = render::Sink::new(out, if mode == FixMode::Diff { Format::Human } else { args.format });
    let mut write_error = None;

    let progress = Progress::new(inputs.len(), args.quiet);
    render::LEAVE_TO_EXIT.store(inputs.len() == 1, std::sync::atomic::Ordering::Relaxed);
    let mut tally = Tally::default();
    let mut totals = render::Totals::default();
    let mut config_messages = HashSet::new();
    // Files are checked on every core; their reports are written in the order of the inputs.
    let named = Targets::of(&args.targets);
    let check = |_, input: &Input| {
        progress.start(&input.display);
        check_one(input, mode, args.format, styled, named)
    };
    let size = |input: &Input| {
        input.path.as_ref().filter(|_| !input.stdin).and_then(|p| p.metadata().ok()).map_or(0, |m| m.len())
    };
    parallel::ordered(&inputs, parallel::threads(), size, check, |index, outcome: Outcome| {
        for message in &outcome.tally.failures {
            progress.eprintln(&format!("error: {message}"));
        }
        tally.failures.extend(outcome.tally.failures);
        tally.unread += outcome.tally.unread;
        if outcome.tally.skipped > 0 && !args.quiet {
            progress.eprintln(&format!("note: skipped `{}`: {NOT_HANDLED}", inputs[index].display));
        }
        tally.skipped += outcome.tally.skipped;
        match outcome.config {
            Some(Ok(warnings)) => {
                for message in warnings {
                    if config_messages.insert(message.clone()) {
                        progress.eprintln(&message);
                    }
                }
            }
            Some(Err(message)) => {
                if config_messages.insert(message.clone()) {
                    progress.eprintln(&format!("error: {message}"));
                }
                tally.failures.push(message);
            }
            None => {}
        }
        tally.notes.extend(outcome.tally.notes);
        tally.fixed.problems += outcome.tally.fixed.problems;
        tally.fixed.files += outcome.tally.fixed.files;
        tally.fixed.unwritten_problems += outcome.tally.fixed.unwritten_problems;
        tally.fixed.unwritten_files += outcome.tally.fixed.unwritten_files;
        totals.merge(outcome.totals);
        if let Some(piece) = outcome.piece
            && write_error.is_none()
        {
            write_error = sink.write(piece).err();
        }
        progress.done_one();
    });
    progress.finish();

    if let Err(message) = finish(args, mode, &mut sink, write_error, &tally, &totals) {
        eprintln!("error: {message}");
        return exit::USAGE;
    }

    let problems = totals.count(Severity::Error) > 0 || (args.deny_warnings && totals.count(Severity::Warning) > 0);
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

/// Reads, analyses (for the targets of its `rigls.toml`, or `named` on the command line), fixes and
/// renders one input, keeping only the rendered report.
fn check_one(input: &Input, mode: FixMode, format: Format, styled: bool, named: Targets) -> Outcome {
    let mut outcome = Outcome::default();
    let config = load_config(input);
    let file_targets = match &config {
        Some(Ok(file)) => file.targets,
        _ => Targets::NONE,
    };
    let report = match analyse(input, file_targets.overridden_by(named)) {
        Ok(Some(Checked::Analysed(analysis))) => Some(fix_and_report(input, *analysis, mode, &mut outcome.tally)),
        Ok(Some(Checked::NotUtf8(report))) => {
            if mode != FixMode::Off {
                outcome.tally.notes.push(format!("Not fixed: {}: it is not valid UTF-8", input.display));
            }
            Some(report)
        }
        Ok(Some(Checked::Skipped)) => {
            outcome.tally.skipped += 1;
            return outcome;
        }
        Ok(None) => None,
        Err(message) => {
            outcome.tally.failures.push(message);
            outcome.tally.unread += 1;
            None
        }
    };
    let Some(mut report) = report else { return outcome };
    outcome.config = config.map(|config| apply_config(config, &mut report));
    outcome.totals.add(&report);
    outcome.piece = Some(match mode {
        FixMode::Diff => render::Piece::Text(std::mem::take(&mut outcome.tally.diff)),
        _ => render::piece(format, &report, styled),
    });
    outcome
}

/// Ends the report (the summary and notes of the human format, `--statistics`) and prints what
/// goes beside it on stderr.
fn finish(
    args: &Args,
    mode: FixMode,
    sink: &mut render::Sink<output::ReportOut>,
    write_error: Option<std::io::Error>,
    tally: &Tally,
    totals: &render::Totals,
) -> Result<(), String> {
    let human = args.format == Format::Human;
    // Written after the diagnostics, which (in the human format) each end with a blank line.
    let mut trailer = String::new();
    let mut stderr_lines: Vec<String> = Vec::new();
    if !args.quiet {
        match (mode, human) {
            (FixMode::Diff, _) => {
                stderr_lines.extend(tally.notes.iter().cloned());
                stderr_lines.push(tally.fixed.sentence("Would fix"));
            }
            (_, true) => {
                for note in &tally.notes {
                    trailer.push_str(note);
                    trailer.push('\n');
                }
                let fixed = (mode == FixMode::Write).then_some(tally.fixed);
                trailer.push_str(&render::human::summary(totals, tally.unread, tally.skipped, fixed));
                trailer.push('\n');
            }
            (_, false) => stderr_lines.extend(tally.notes.iter().cloned()),
        }
    }
    if args.statistics {
        let table = render::statistics::table(&totals.statistics);
        if human {
            if !trailer.is_empty() && !trailer.ends_with("\n\n") {
                trailer.push('\n');
            }
            trailer.push_str(&table);
        } else {
            stderr_lines.extend(table.lines().map(str::to_owned));
        }
    }
    let written = match write_error {
        Some(error) => Err(error),
        None => sink.finish(&tally.failures).and_then(|()| sink.out.write_all(trailer.as_bytes())),
    };
    let closed = sink.out.close();
    written.map_err(|e| match &sink.out {
        output::ReportOut::File(_, path) => format!("cannot write the report to `{}`: {e}", path.display()),
        output::ReportOut::Stdout(_) => e.to_string(),
    })?;
    closed?;
    for line in stderr_lines {
        eprintln!("{line}");
    }
    Ok(())
}

/// With `--fix` or `--diff`, fixes the file's text; returns the report of what remains (with
/// `--diff`, of the file as it is).
fn fix_and_report(input: &Input, analysis: Analysis, mode: FixMode, tally: &mut Tally) -> FileReport {
    let display = input.display.clone();
    if mode == FixMode::Off {
        return FileReport::from_analysis(display, analysis);
    }
    if let Some(reason) = fix::refusal(&analysis) {
        if analysis.diagnostics.iter().any(|d| d.safe_fix().is_some()) {
            tally.notes.push(format!("Not fixed: {display}: {reason}"));
        }
        return FileReport::from_analysis(display, analysis);
    }
    let path = input.path.as_deref();
    let options = AnalysisOptions { kind: Some(analysis.kind()), targets: analysis.targets, preview: false };
    let outcome = fix::fix(&analysis, |text| Analysis::with_options(path, text, &RealFs, options));
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
            tally.failures.push(format!("cannot write the fixes to `{display}`: {why}"));
            tally.fixed.unwritten_problems += outcome.applied.len();
            tally.fixed.unwritten_files += 1;
            FileReport { fixes_unwritten: true, ..FileReport::from_analysis(display, analysis) }
        }
    }
}

/// Files under a directory that rigls understands, sorted, honouring `.gitignore`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    // `.json` files are kept here and dropped after analysis unless they are DragonBones data.
    let mut found: Vec<PathBuf> = rigls_ide::project_files(dir, &["elem", "json", "dbbin", "bytes"])
        .filter(|p| !p.extension().is_some_and(|e| e.eq_ignore_ascii_case("bytes")) || starts_as_binary(p))
        .collect();
    found.sort();
    found
}

/// Unity keeps a DragonBones binary as a `TextAsset` named `*.bytes` (DragonBonesCSharp's
/// demos: `*_ske.bytes`), beside other data of that extension: one is checked when it starts
/// like a binary.
fn starts_as_binary(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 4];
    let read = std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut head));
    read.is_ok() && rigls_ide::is_binary(None, &head)
}

/// Why a named file is skipped.
const NOT_HANDLED: &str = "it is neither an `.elem` model nor DragonBones JSON";

/// A read input: analysed, reported as not UTF-8, or (a named file rigls does not handle)
/// skipped.
enum Checked {
    Analysed(Box<Analysis>),
    NotUtf8(FileReport),
    Skipped,
}

/// Reads and analyses one input. What it is, is decided from its name and content alike for
/// named files and files found in directories ([`rigls_ide::detect`]): `.elem` models (by
/// extension or header) and DragonBones JSON (by its root). Other files are skipped: said when
/// named (stdin too, by its `--stdin-filename`), silently when found. Only stdin without a name
/// (or whose name has no extension) that is not JSON is read as `.elem` whatever its header.
fn analyse(input: &Input, targets: Targets) -> Result<Option<Checked>, String> {
    let bytes = if input.stdin {
        input::stdin_bytes()?
    } else {
        let path = input.path.as_deref().unwrap_or(Path::new(""));
        input::read_file(path).map_err(|e| input::cannot_read(&input.display, &e))?
    };
    let path = input.path.as_deref();
    if rigls_ide::is_binary(path, &bytes) {
        return Ok(Some(Checked::Analysed(Box::new(Analysis::of_binary_for(path, &bytes, &RealFs, targets)))));
    }
    let not_handled = || if input.explicit { Ok(Some(Checked::Skipped)) } else { Ok(None) };
    // Stdin with no name, or a name without an extension, has only its content to go by.
    let unnamed_stdin = input.stdin && path.and_then(Path::extension).is_none();
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            // Told from the valid parts: a file of neither format gets nothing, readable or not.
            let kind = rigls_ide::detect(path, &String::from_utf8_lossy(e.as_bytes()));
            return match kind {
                FileKind::Other if !unnamed_stdin || is_json(path, "") => not_handled(),
                _ => Ok(Some(Checked::NotUtf8(not_utf8(input, e)))),
            };
        }
    };
    let options = AnalysisOptions { targets, ..AnalysisOptions::default() };
    let analysis = Analysis::with_options(path, text, &RealFs, options);
    let analysis = match analysis.kind() {
        // Stdin without a name that says what it is: read as `.elem` unless it is JSON.
        FileKind::Other if unnamed_stdin && !is_json(path, &analysis.text) => {
            let options = AnalysisOptions { kind: Some(FileKind::Elem), ..options };
            Analysis::with_options(path, analysis.text.clone(), &RealFs, options)
        }
        FileKind::Other => return not_handled(),
        _ => analysis,
    };
    Ok(Some(Checked::Analysed(Box::new(analysis))))
}

/// The `rigls.toml` found upward from the file, if there is one, or why it cannot be used.
fn load_config(input: &Input) -> Option<Result<config::ConfigFile, config::ConfigError>> {
    let dir = match &input.path {
        Some(path) => std::path::absolute(path).ok().and_then(|p| p.parent().map(Path::to_path_buf)),
        None => std::env::current_dir().ok(),
    };
    config::load(&dir?, &RealFs).transpose()
}

/// Applies the severity table of the file's `rigls.toml`. Returns the file's warnings (to be
/// printed once per run), or why it cannot be used (a failure of the run).
fn apply_config(
    config: Result<config::ConfigFile, config::ConfigError>,
    report: &mut FileReport,
) -> Result<Vec<String>, String> {
    match config {
        Ok(file) => {
            report.diagnostics = file.severity.apply(std::mem::take(&mut report.diagnostics));
            let path = file.path.display();
            Ok(file.warnings.iter().map(|w| format!("warning: {path}: {w}")).collect())
        }
        Err(error) => Err(error.to_string()),
    }
}

/// A `.json` file, or unnamed input that starts like JSON.
fn is_json(path: Option<&Path>, text: &str) -> bool {
    match path.and_then(Path::extension).and_then(|e| e.to_str()) {
        Some(e) => e.eq_ignore_ascii_case("json"),
        None => text.trim_start_matches(rigls_text::BOM).trim_start().starts_with(['{', '[']),
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
    let start = rigls_text::to_u32(at);
    let message = format!("the file is not valid UTF-8 (byte {at}); save it as UTF-8");
    // Both formats are UTF-8 text; JSON is DragonBones data, anything else read as `.elem`.
    let format = if is_json(input.path.as_deref(), "") { FileFormat::DragonBones } else { FileFormat::Elem };
    let diagnostic = Diagnostic::new(Code::Encoding, format, TextRange::new(start, start + width), message);
    let lines = rigls_text::LineIndex::new(&text);
    FileReport::new(input.display.clone(), text, lines, vec![diagnostic])
}
