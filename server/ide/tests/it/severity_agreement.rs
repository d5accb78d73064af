//! Every diagnostic rigls reports on real files has the severity the catalogue states for its
//! code in that format, or for the catalogued case it is (`rigls rules`, `docs/rules.md`): the
//! fixtures, the shipped examples, the end-to-end fixtures and, when it is beside the repository,
//! `../shared/corpus`. (`support::analyse` checks the same on every analysis the other tests make.)

use rigls_test_support::fixture as support;

use std::path::{Path, PathBuf};

use rigls_diagnostic::env::RealFs;
use rigls_diagnostic::{Severity, disagreement};
use rigls_ide::Analysis;

/// `.elem` and `.json` files under `dir`, recursively, sorted.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    support::files_under(dir, &|p| p.extension().is_some_and(|e| e == "elem" || e == "json"), out);
}

/// Analyses every file and returns (diagnostics checked, disagreements).
fn check(paths: &[PathBuf]) -> (usize, Vec<String>) {
    let mut checked = 0;
    let mut problems = Vec::new();
    for path in paths {
        // Some fixtures are not UTF-8 on purpose; `--check` reports those itself (`encoding`).
        let Ok(text) = std::fs::read_to_string(path) else { continue };
        let analysis = Analysis::new(Some(path), text, &RealFs);
        let Some(format) = analysis.kind().format() else { continue };
        for d in &analysis.diagnostics {
            checked += 1;
            if let Some(why) = disagreement(d, format) {
                problems.push(format!("{}: {why}", path.display()));
            }
        }
    }
    (checked, problems)
}

#[test]
fn the_fixtures_and_examples_report_what_the_catalogue_says() {
    let root = rigls_test_support::server_dir().parent().expect("the repository");
    let mut paths = Vec::new();
    for dir in [
        "server/tests/fixtures",
        "server/tests/data",
        "server/tests/fuzz_regressions",
        "examples",
        "tests/e2e/fixtures",
    ] {
        files(&root.join(dir), &mut paths);
    }
    assert!(paths.len() >= 20, "found only {} files", paths.len());
    let (checked, problems) = check(&paths);
    assert!(checked >= 20, "only {checked} diagnostics: the broken examples give more");
    assert!(problems.is_empty(), "diagnostics that disagree with the catalogue:\n{}", problems.join("\n"));
}

#[test]
fn the_shared_corpus_reports_what_the_catalogue_says() {
    let server = rigls_test_support::server_dir();
    // `../shared` from the repository root (one level further up from a worktree in a subfolder).
    let Some(corpus) = server.ancestors().skip(2).take(2).map(|a| a.join("shared/corpus")).find(|d| d.is_dir()) else {
        eprintln!("SKIPPED: ../shared/corpus is absent");
        return;
    };
    let mut paths = Vec::new();
    files(&corpus, &mut paths);
    let (checked, problems) = check(&paths);
    eprintln!("{} corpus files, {checked} diagnostics checked", paths.len());
    assert!(problems.is_empty(), "diagnostics that disagree with the catalogue:\n{}", problems.join("\n"));
}

/// The check itself: a diagnostic whose severity was changed, or that claims a case of another
/// code, disagrees.
#[test]
fn a_severity_the_catalogue_does_not_state_is_a_disagreement() {
    use rigls_diagnostic::{Code, Diagnostic, FileFormat, case};
    use rigls_text::TextRange;
    let range = TextRange::new(0, 1);
    let mut d = Diagnostic::new(Code::Arity, FileFormat::DragonBones, range, "m");
    assert_eq!(d.severity, Severity::Error);
    assert_eq!(disagreement(&d, FileFormat::DragonBones), None);
    d.severity = Severity::Warning;
    assert!(
        disagreement(&d, FileFormat::DragonBones)
            .unwrap()
            .contains("arity is reported as warning but catalogued as error")
    );
    let odd = Diagnostic::of_case(&case::MESH_VERTICES_ODD, range, "m");
    assert_eq!((odd.code, odd.severity), (Code::Arity, Severity::Warning));
    assert_eq!(disagreement(&odd, FileFormat::DragonBones), None);
    assert!(disagreement(&odd, FileFormat::Elem).is_some(), "a DragonBones case in an .elem file");
    let out_of_range = Diagnostic::new(Code::OutOfRange, FileFormat::DragonBones, range, "m");
    assert_eq!(out_of_range.severity, Severity::Warning, "the DragonBones severity of out-of-range");
    assert!(
        disagreement(&Diagnostic::new(Code::Header, FileFormat::Elem, range, "m"), FileFormat::DragonBones).is_some()
    );
}
