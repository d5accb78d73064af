//! The real-file set of issue 31: every skeleton of `../shared/corpus` (`dragonbones` and
//! `dragonbones-images`), shizuku re-indented, and the body skeleton's armature repeated to 10 and
//! 17 MB, minified and indented (`rigls_test_support::generate::real`). Each build given in
//! `RIGLS_BENCH_BUILDS` (`label=path;label=path`, e.g. the pre-evaluator build and main) runs
//! beside this one, turn about, so every ratio is of one run.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::generate::real;
use crate::lsp_client::{Lsp, notification, position};
use crate::measure::{ProcessRun, mb, ms, percentile, run_process};
use crate::sections::{edit_offset, initialize, one_digit_edit, uri_of};
use crate::{RIGLS, input};

/// Runs of each process measure, per build, taken in turn.
const RUNS: usize = 5;

struct Build {
    label: String,
    binary: String,
}

/// The builds compared: those of `RIGLS_BENCH_BUILDS`, then this one.
fn builds() -> Vec<Build> {
    let mut out: Vec<Build> = std::env::var("RIGLS_BENCH_BUILDS")
        .unwrap_or_default()
        .split(';')
        .filter_map(|b| b.split_once('='))
        .map(|(label, binary)| Build { label: label.to_owned(), binary: binary.to_owned() })
        .collect();
    out.push(Build { label: "this build".to_owned(), binary: RIGLS.to_owned() });
    out
}

/// The median wall and CPU time of processes.
fn medians(runs: &[ProcessRun]) -> (Duration, Duration) {
    let wall: Vec<Duration> = runs.iter().map(|r| r.wall).collect();
    let cpu: Vec<Duration> = runs.iter().map(|r| r.cpu).collect();
    (percentile(&wall, 50.0), percentile(&cpu, 50.0))
}

/// `rigls --check --quiet FILES…` of each build, `RUNS` times in turn; per build its runs.
fn check_runs(builds: &[Build], files: &[&Path]) -> Vec<Vec<ProcessRun>> {
    let mut out: Vec<Vec<ProcessRun>> = builds.iter().map(|_| Vec::new()).collect();
    for _ in 0..RUNS {
        for (b, build) in builds.iter().enumerate() {
            out[b].push(run_process(Command::new(&build.binary).args(["--check", "--quiet"]).args(files)));
        }
    }
    out
}

fn cell(runs: &[ProcessRun]) -> String {
    let (wall, cpu) = medians(runs);
    format!("{:.1} ({:.1})", ms(wall), ms(cpu))
}

/// This build's median wall time ÷ another's.
fn ratio(this: &[ProcessRun], other: &[ProcessRun]) -> f64 {
    medians(this).0.as_secs_f64() / medians(other).0.as_secs_f64()
}

struct Inputs {
    corpus: Vec<PathBuf>,
    shizuku: PathBuf,
    /// The body skeleton repeated: (label, path) at 10 and 17 MB, minified and indented.
    body: Vec<(String, PathBuf)>,
}

fn inputs() -> Option<Inputs> {
    let corpus = real::corpus_skeletons()?;
    let read = |needle: &str| {
        let path = corpus.iter().find(|p| p.to_string_lossy().contains(needle)).expect("a corpus skeleton");
        std::fs::read_to_string(path).expect("readable corpus skeleton")
    };
    let shizuku = input("real_shizuku_indented_ske.json", || real::indent(&read("30_ske_v5.6_DBJS_shizuku"))).0;
    let body_text = read("24_ske_v5.5_DBJS_body_ske");
    let mut body = Vec::new();
    for mb in [10, 17] {
        let minified = || real::repeat_armatures(&body_text, mb * 1_000_000);
        body.push((
            format!("body ×{mb} MB, minified"),
            input(&format!("real_body_{mb}mb_minified_ske.json"), minified).0,
        ));
        // Indenting grows the text by a constant factor: repeat to the target ÷ that factor.
        let factor = real::indent(&body_text).len() as f64 / body_text.len() as f64;
        let indented = || real::indent(&real::repeat_armatures(&body_text, (mb as f64 * 1e6 / factor) as usize));
        body.push((
            format!("body ×{mb} MB, indented"),
            input(&format!("real_body_{mb}mb_indented_ske.json"), indented).0,
        ));
    }
    Some(Inputs { corpus, shizuku, body })
}

fn size(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

pub fn real_files() {
    println!("## Real files (issue 31)\n");
    let Some(inputs) = inputs() else {
        println!("Skipped: ../shared/corpus is absent.\n");
        return;
    };
    let builds = builds();
    let labels: Vec<&str> = builds.iter().map(|b| b.label.as_str()).collect();
    println!(
        "`rigls --check --quiet FILE`, process wall (CPU) ms, median of {RUNS} runs of each build taken in turn; the ratios are this build's wall time ÷ each other build's.\n"
    );
    let ratio_heads: String = labels[..labels.len() - 1].iter().map(|l| format!(" ÷ {l} |")).collect();
    let rule: String = labels.iter().map(|_| "---:|").collect::<String>() + &"---:|".repeat(labels.len() - 1);
    println!("| file | KB |{} {ratio_heads}", labels.iter().map(|l| format!(" {l} |")).collect::<String>());
    println!("|---|---:|{rule}");
    let mut files: Vec<(String, PathBuf)> = inputs
        .corpus
        .iter()
        .map(|p| (p.file_name().expect("a file name").to_string_lossy().into_owned(), p.clone()))
        .collect();
    files.push(("shizuku, indented".to_owned(), inputs.shizuku.clone()));
    files.extend(inputs.body.iter().cloned());
    for (label, path) in &files {
        let runs = check_runs(&builds, &[path]);
        let this = runs.last().expect("this build");
        let ratios: String = runs[..runs.len() - 1].iter().map(|r| format!(" {:.2} |", ratio(this, r))).collect();
        let cells: String = runs.iter().map(|r| format!(" {} |", cell(r))).collect();
        println!("| {label} | {:.0} |{cells}{ratios}", size(path) as f64 / 1e3);
    }
    let mut together: Vec<&Path> = inputs.corpus.iter().map(PathBuf::as_path).collect();
    together.push(&inputs.shizuku);
    let corpus_bytes: u64 = together.iter().map(|p| size(p)).sum();
    let runs = check_runs(&builds, &together);
    let this = runs.last().expect("this build");
    let ratios: String = runs[..runs.len() - 1].iter().map(|r| format!(" {:.2} |", ratio(this, r))).collect();
    let cells: String = runs.iter().map(|r| format!(" {} |", cell(r))).collect();
    println!(
        "| every corpus skeleton and shizuku indented, one process ({} files) | {:.0} |{cells}{ratios}",
        together.len(),
        corpus_bytes as f64 / 1e3
    );
    println!();

    let (label, body17) = &inputs.body[2];
    against_serde(&builds, label, body17);
    server_edits_of(&inputs, &builds);
}

/// The server's part of [`real_files`] alone (`bench/run.sh real-server`).
pub fn real_server() {
    println!("## Real files in the server (issue 31)\n");
    match inputs() {
        Some(inputs) => server_edits_of(&inputs, &builds()),
        None => println!("Skipped: ../shared/corpus is absent.\n"),
    }
}

/// Edits of shizuku and of the 10 MB minified body skeleton in the server, each build in turn.
fn server_edits_of(inputs: &Inputs, builds: &[Build]) {
    for (label, path) in [("shizuku, indented", &inputs.shizuku), (inputs.body[0].0.as_str(), &inputs.body[0].1)] {
        for build in builds {
            server_edits(label, path, build);
        }
    }
}

/// A process keeping one core busy until it is dropped.
struct Spinner(Child);

impl Spinner {
    fn start() -> Spinner {
        let exe = std::env::current_exe().expect("the benchmark's path");
        let child = Command::new(exe).arg("--spin").stdout(Stdio::null()).spawn().expect("a spinning process");
        Spinner(child)
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `--spin`: keeps a core busy until killed.
pub fn spin_main() -> ! {
    let mut x = 0u64;
    loop {
        x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
    }
}

/// `--serde-parse FILE`: reads the file and parses it into a `serde_json::Value` (not dropped:
/// the process ends), as the baseline of `--check`.
pub fn serde_parse_main(file: &str) -> ! {
    let bytes = std::fs::read(file).expect("readable file");
    let value: Value = serde_json::from_slice(&bytes).expect("JSON");
    std::mem::forget(value);
    std::process::exit(0)
}

/// `--check` of the 17 MB body skeleton against a process that parses it into a
/// `serde_json::Value`, idle and with the other core busy; time and peak memory.
fn against_serde(builds: &[Build], label: &str, path: &Path) {
    println!("### {label} ({:.1} MB): `--check` against a `serde_json::Value` parse\n", size(path) as f64 / 1e6);
    println!(
        "Processes, median of {RUNS} runs each taken in turn: the baseline reads the file and parses it (`serde_json::from_slice::<Value>`); \"busy\": another process spins on a core meanwhile. Wall (CPU) ms; peak RSS MB.\n"
    );
    println!(
        "| machine | measure | serde_json | {} |",
        builds.iter().map(|b| b.label.as_str()).collect::<Vec<_>>().join(" | ")
    );
    println!("|---|---|---:|{}", "---:|".repeat(builds.len()));
    let exe = std::env::current_exe().expect("the benchmark's path");
    for busy in [false, true] {
        let _spinner = busy.then(Spinner::start);
        let (mut baseline, mut checks): (Vec<ProcessRun>, Vec<Vec<ProcessRun>>) =
            (Vec::new(), builds.iter().map(|_| Vec::new()).collect());
        for _ in 0..RUNS {
            baseline.push(run_process(Command::new(&exe).arg("--serde-parse").arg(path)));
            for (b, build) in builds.iter().enumerate() {
                checks[b].push(run_process(Command::new(&build.binary).args(["--check", "--quiet"]).arg(path)));
            }
        }
        let machine = if busy { "one core busy" } else { "as it is" };
        let peak = |runs: &[ProcessRun]| runs.iter().map(|r| r.peak_rss_bytes).max().unwrap_or(0);
        let row = |name: &str, f: &dyn Fn(&[ProcessRun]) -> String| {
            let cells: Vec<String> = checks.iter().map(|c| f(c)).collect();
            println!("| {machine} | {name} | {} | {} |", f(&baseline), cells.join(" | "));
        };
        row("wall (CPU) ms", &|r| cell(r));
        row("÷ serde_json, wall", &|r| format!("{:.2}", ratio(r, &baseline)));
        row("peak RSS MB", &|r| format!("{:.0}", mb(peak(r))));
        row("peak RSS ÷ serde_json's", &|r| format!("{:.2}", peak(r) as f64 / peak(&baseline) as f64));
    }
    println!();
}

/// Edits in the server: a digit changed and changed back, each edit's publications timed.
const EDITS: usize = 21;
/// A second publication of a version is awaited this long after the one before.
const QUIET: Duration = Duration::from_millis(600);

fn server_edits(label: &str, path: &Path, build: &Build) {
    let text = std::fs::read_to_string(path).expect("readable input");
    println!("### Server, {label} ({:.1} MB), {}\n", text.len() as f64 / 1e6, build.label);
    let mut lsp = Lsp::spawn(&mut Command::new(&build.binary));
    initialize(&mut lsp, path.parent().expect("folder"));
    let uri = uri_of(path);
    let open = notification(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}),
    );
    let start = Instant::now();
    lsp.send_prepared(&open);
    let opened = lsp.publications(&uri, 1, QUIET);
    let offset = edit_offset(&text);
    let original = text.as_bytes()[offset];
    let at = position(&text, offset);
    let context = &text[offset.saturating_sub(40)..offset + 1];
    let (mut first, mut last, mut counts) = (Vec::new(), Vec::new(), Vec::new());
    for version in 2..2 + EDITS as i64 {
        let start = Instant::now();
        one_digit_edit(&lsp, &uri, &at, original, version);
        let published = lsp.publications(&uri, version, QUIET);
        first.push(published[0].0 - start);
        last.push(published.last().expect("one").0 - start);
        counts.push(published.len());
    }
    let show =
        |samples: &[Duration]| format!("{:.1} / {:.1}", ms(percentile(samples, 50.0)), ms(percentile(samples, 99.0)));
    println!("Edit at byte {offset}, after `…{}`.\n", context.replace('\n', "⏎").replace('`', "'"));
    println!("| measure | ms |");
    println!("|---|---:|");
    println!(
        "| open → first diagnostics (→ last, {} publications) | {:.1} ({:.1}) |",
        opened.len(),
        ms(opened[0].0 - start),
        ms(opened.last().expect("one").0 - start)
    );
    println!("| edit → first publication, p50 / p99 of {EDITS} | {} |", show(&first));
    println!("| edit → last publication of its version, p50 / p99 | {} |", show(&last));
    println!("| publications per edit | {} |", counts.iter().map(usize::to_string).collect::<Vec<_>>().join(" "));
    let count = |m: &Value| m["params"]["diagnostics"].as_array().map_or(0, Vec::len);
    println!("| diagnostics at the open | {} |", count(&opened.last().expect("one").1));
    lsp.shutdown();
    println!();
}
