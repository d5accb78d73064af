//! Fixture harness shared by the integration tests.
//!
//! A fixture is the text of a file with two kinds of markup, both stripped before analysis:
//! - `$0` marks a cursor (see [`cursor`]);
//! - annotation lines state the expected diagnostics under the line they refer to:
//!   ```text
//!   VertexCount=5
//!   ^^^^^^^^^^^ error[count-mismatch]: VertexCount is 5 but Positions has 4 entries
//!   ```
//!   The carets sit under the flagged characters (column = character index, so tabs and Japanese
//!   characters count one each); `|` marks an empty range. A line is an annotation when, after
//!   leading whitespace, it starts with `^` or `| ` and continues with `severity[code]: `.
//!
//! [`check_diagnostics`] re-renders the actual diagnostics the same way and compares the whole
//! text, so a failure shows the fixture as it would have to be.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use rigls_diagnostic::env::MemoryFs;
use rigls_diagnostic::{Diagnostic, Targets};
use rigls_ide::{Analysis, AnalysisOptions};
use rigls_text::{LineIndex, PositionEncoding, TextRange};

/// Splits `$0` out of a fixture: the text without it, and the cursor's byte offset.
pub fn cursor(fixture: &str) -> (String, u32) {
    let offset = fixture.find("$0").expect("fixture has no $0 cursor");
    let mut text = fixture.to_owned();
    text.replace_range(offset..offset + 2, "");
    (text, offset as u32)
}

/// Removes common leading indentation (of non-blank lines) and one leading newline, so fixtures
/// can be indented in the test source.
pub fn trim_indent(fixture: &str) -> String {
    let fixture = fixture.strip_prefix('\n').unwrap_or(fixture);
    let indent = fixture
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start_matches(' ').len())
        .min()
        .unwrap_or(0);
    fixture
        .lines()
        .map(|l| if l.len() >= indent { &l[indent..] } else { l.trim_start_matches(' ') })
        .collect::<Vec<_>>()
        .join("\n")
        + if fixture.ends_with('\n') { "\n" } else { "" }
}

fn is_annotation(line: &str) -> bool {
    let t = line.trim_start();
    let rest = if let Some(r) = t.strip_prefix('|') {
        r
    } else if t.starts_with('^') {
        t.trim_start_matches('^')
    } else {
        return false;
    };
    let rest = rest.strip_prefix(' ').unwrap_or("");
    ["error[", "warning[", "information[", "hint["].iter().any(|p| rest.starts_with(p))
}

/// The fixture without its annotation lines.
pub fn strip_annotations(fixture: &str) -> String {
    let mut out = String::with_capacity(fixture.len());
    for line in fixture.split_inclusive('\n') {
        if !is_annotation(line.trim_end_matches(['\n', '\r'])) {
            out.push_str(line);
        }
    }
    out
}

/// Renders diagnostics as annotation lines under the lines they start on.
pub fn annotate(text: &str, diagnostics: &[Diagnostic]) -> String {
    let index = LineIndex::new(text);
    let mut by_line: Vec<Vec<String>> = vec![Vec::new(); index.line_count() as usize];
    for d in diagnostics {
        let start = index.line_col(d.range.start, PositionEncoding::Utf32);
        let end = index.line_col(d.range.end, PositionEncoding::Utf32);
        let line_range = index.line_range(start.line);
        let line_text = line_range.slice(text);
        let end_col = if end.line == start.line { end.col } else { line_text.chars().count() as u32 };
        let lead: String =
            line_text.chars().take(start.col as usize).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
        let marks = if d.range.is_empty() { "|".to_owned() } else { "^".repeat((end_col - start.col).max(1) as usize) };
        by_line[start.line as usize].push(format!("{lead}{marks} {}[{}]: {}", d.severity, d.code, d.message));
    }
    let mut out = String::new();
    for (i, line) in text.split_inclusive('\n').enumerate() {
        out.push_str(line);
        if let Some(notes) = by_line.get(i) {
            for note in notes {
                if !out.ends_with('\n') {
                    out.push('\n');
                }
                out.push_str(note);
                out.push('\n');
            }
        }
    }
    out
}

/// Analyses `name` (a path in an in-memory file system holding `files`) and returns the analysis.
pub fn analyse(name: &str, text: &str, files: &[(&str, &str)]) -> Analysis {
    analyse_for(name, text, files, Targets::NONE)
}

/// [`analyse`], checking the file for `targets`.
pub fn analyse_for(name: &str, text: &str, files: &[(&str, &str)], targets: Targets) -> Analysis {
    let mut fs = MemoryFs::default();
    for (path, content) in files {
        fs = fs.with(PathBuf::from(path), *content);
    }
    fs = fs.with(PathBuf::from(name), text);
    let options = AnalysisOptions { targets, ..AnalysisOptions::default() };
    let analysis = Analysis::with_options(Some(Path::new(name)), text.to_owned(), &fs, options);
    assert_catalogued(&analysis);
    if let Some(file) = analysis.elem() {
        // A large model's rules run on several threads: they find the same as on one.
        let lines = &analysis.lines;
        let on = |parallel| {
            let path = Some(Path::new(name));
            let rig = || file.rig(text);
            let (tree, model) = (&file.tree, &file.model);
            let ctx =
                rigls_elem::rules::ElemCheck { text, tree, model, rig: &rig, lines, path, fs: &fs, out: Vec::new() };
            rigls_elem::rules::check_on_threads(ctx, None, parallel)
        };
        assert_eq!(on(false), on(true), "the rules on one thread and on several");
    }
    if let Some(file) = analysis.dragonbones().filter(|f| f.doc() == rigls_dragonbones::model::DocKind::Skeleton) {
        use rigls_dragonbones::rules;
        let whole = || file.evaluation(text);
        let on = |parallel| {
            let inputs = rules::Inputs {
                text,
                tree: &file.tree,
                model: &file.model,
                lines: &analysis.lines,
                path: Some(Path::new(name)),
                fs: &fs,
                paired: &file.atlases,
                binary: false,
                non_finite: &[],
                parses: None,
            };
            let (found, findings) = rules::check_on_threads(inputs, None, Some(&whole), parallel);
            // Each armature evaluated once, whichever thread took it.
            (found, findings.runtime.evaluated, findings.runtime.failures())
        };
        assert_eq!(on(false), on(true), "the rules on one thread and on two");
    }
    analysis
}

/// Every diagnostic of the analysis has the severity the catalogue gives its code, or its case,
/// in the file's format (checked on every analysis the tests make).
pub fn assert_catalogued(analysis: &Analysis) {
    let Some(format) = analysis.kind().format() else { return };
    let problems: Vec<String> =
        analysis.diagnostics.iter().filter_map(|d| rigls_diagnostic::disagreement(d, format)).collect();
    assert!(problems.is_empty(), "diagnostics that disagree with the catalogue:\n{}", problems.join("\n"));
}

/// Checks that analysing the fixture (as file `name`) gives exactly the annotated diagnostics.
/// `files` are other files in the in-memory file system (e.g. a paired atlas).
pub fn check_diagnostics_with(name: &str, fixture: &str, files: &[(&str, &str)]) {
    check_diagnostics_for(name, fixture, files, Targets::NONE);
}

/// [`check_diagnostics_with`], checking the file for `targets`.
pub fn check_diagnostics_for(name: &str, fixture: &str, files: &[(&str, &str)], targets: Targets) {
    let fixture = trim_indent(fixture);
    let text = strip_annotations(&fixture);
    let analysis = analyse_for(name, &text, files, targets);
    let actual = annotate(&text, &analysis.diagnostics);
    if actual != fixture {
        panic!("diagnostics differ.\n--- expected\n{fixture}\n--- actual\n{actual}\n");
    }
}

pub fn check_diagnostics(name: &str, fixture: &str) {
    check_diagnostics_with(name, fixture, &[]);
}

/// The same text with CRLF line endings.
pub fn crlf(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\n', "\r\n")
}

/// The same text with a leading byte-order mark.
pub fn bom(text: &str) -> String {
    format!("\u{feff}{text}")
}

/// Diagnostics as (code, start line:col, end line:col, message) in `encoding`, for comparing a
/// file with its CRLF/BOM variants.
pub fn positions(analysis: &Analysis, encoding: PositionEncoding) -> Vec<String> {
    analysis
        .diagnostics
        .iter()
        .map(|d| {
            let (s, e) = analysis.lines.range_line_col(d.range, encoding);
            format!("{} {}:{}-{}:{} {}", d.code, s.line, s.col, e.line, e.col, d.message)
        })
        .collect()
}

/// The text a range covers.
pub fn slice(text: &str, range: TextRange) -> &str {
    range.slice(text)
}

/// The files under `dir` that `keep`, through its folders, in name order.
pub fn files_under(dir: &Path, keep: &dyn Fn(&Path) -> bool, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_under(&path, keep, out);
        } else if keep(&path) {
            out.push(path);
        }
    }
}

/// The JSON files under `dir` ([`files_under`]) but golden `.poses.json` files: the DragonBones
/// skeletons and atlases a test reads.
pub fn skeletons_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let keep = |p: &Path| p.extension().is_some_and(|e| e == "json") && !p.to_string_lossy().ends_with(".poses.json");
    files_under(dir, &keep, out);
}

/// The project's own skeletons and atlases that pose ([`skeletons_under`]): the DragonBones and
/// render fixtures, the examples and the end-to-end fixtures.
pub fn project_skeletons() -> Vec<PathBuf> {
    let root = crate::server_dir();
    let mut paths = Vec::new();
    for dir in ["tests/fixtures/dragonbones", "tests/fixtures/render", "../examples", "../tests/e2e/fixtures"] {
        skeletons_under(&root.join(dir), &mut paths);
    }
    paths
}

/// The JSON files of `../shared/corpus` ([`skeletons_under`]); `None`, said on stderr, in a clone
/// without it.
pub fn shared_corpus_json() -> Option<Vec<PathBuf>> {
    let shared = crate::server_dir().join("../../shared/corpus");
    if !shared.exists() {
        eprintln!("SKIPPED: ../shared/corpus is absent (a clone without the shared corpus)");
        return None;
    }
    let mut paths = Vec::new();
    skeletons_under(&shared, &mut paths);
    Some(paths)
}
