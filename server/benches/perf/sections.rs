//! The measurements, one function per section of the report.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use rigls_diagnostic::env::RealFs;
use rigls_ide::Analysis;
use rigls_text::{LineCol, LineIndex, PositionEncoding};
use serde_json::{Value, json};

use crate::lsp_client::{Lsp, notification, position};
use crate::measure::{best_of, best_process, mb, ms, percentile, run_process};
use crate::{RIGLS, data_dir, elem_input, generate, skeleton_input};

/// Peak RSS allowed beyond 4× the file size (the process's own code, stacks, allocator slack).
const RSS_CONSTANT: u64 = 30_000_000;

/// The `.elem` baseline: one pass that splits the bytes into lines and the lines into numbers.
fn split_lines_and_numbers(bytes: &[u8]) -> (usize, f64) {
    let (mut lines, mut sum) = (0, 0.0);
    for line in bytes.split(|&b| b == b'\n') {
        lines += 1;
        for field in line.split(|&b| matches!(b, b':' | b',' | b'=' | b'\r' | b'\t')) {
            if let Some(v) = std::str::from_utf8(field).ok().and_then(|s| s.parse::<f64>().ok()) {
                sum += v;
            }
        }
    }
    (lines, sum)
}

fn goal(met: bool) -> &'static str {
    if met { "met" } else { "**missed**" }
}

pub fn cli_throughput() {
    println!("## `rigls --check` throughput\n");
    println!(
        "Baseline, same bytes, same run: `serde_json::from_slice::<Value>` for JSON; for `.elem`, one pass splitting lines and numbers (`str::parse::<f64>`). In-process: `Analysis::new` (parse, model, rules, sort). Process: the release `rigls --check --quiet FILE`, wall time and peak RSS (best of 3).\n"
    );
    println!(
        "| input | MB | baseline ms | analysis ms | ×baseline | `--check` ms | ×baseline | MB/s | peak RSS MB | RSS ÷ size | goal (time, RSS) |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    let inputs: Vec<(&str, (PathBuf, String), f64)> = vec![
        ("`.elem` model", elem_input(50), 3.0),
        ("skeleton, indented", skeleton_input(20, true), 2.0),
        ("skeleton, minified (1 line)", skeleton_input(20, false), 2.0),
    ];
    for (label, (path, text), goal_ratio) in inputs {
        let bytes = text.as_bytes();
        let json = path.extension().is_some_and(|e| e == "json");
        let baseline = best_of(3, || {
            if json {
                serde_json::from_slice::<Value>(bytes).is_ok() as usize
            } else {
                split_lines_and_numbers(bytes).0
            }
        });
        let copy = best_of(3, || text.clone());
        let analysis = best_of(3, || Analysis::new(Some(&path), text.clone(), &RealFs).diagnostics.len());
        let analysis = analysis.saturating_sub(copy);
        let process = best_process(3, || {
            let mut c = Command::new(RIGLS);
            c.args(["--check", "--quiet"]).arg(&path);
            c
        });
        assert_eq!(process.exit_code, 0, "{label}: the generated input has diagnostics");
        let size = bytes.len() as u64;
        let ratio = process.wall.as_secs_f64() / baseline.as_secs_f64();
        let rss_ok = process.peak_rss_bytes <= 4 * size + RSS_CONSTANT;
        println!(
            "| {label} | {:.1} | {:.0} | {:.0} | {:.2} | {:.0} | {:.2} | {:.0} | {:.0} | {:.2} | {}, {} |",
            mb(size),
            ms(baseline),
            ms(analysis),
            analysis.as_secs_f64() / baseline.as_secs_f64(),
            ms(process.wall),
            ratio,
            mb(size) / process.wall.as_secs_f64(),
            mb(process.peak_rss_bytes),
            process.peak_rss_bytes as f64 / size as f64,
            goal(ratio <= goal_ratio),
            goal(rss_ok),
        );
    }
    println!(
        "\nGoals: whole check ≤ 2× the JSON parse, ≤ 3× the `.elem` split; peak RSS ≤ 4× the file + {} MB.\n",
        RSS_CONSTANT / 1_000_000
    );
}

pub fn scaling() {
    println!("## Scaling: 1 MiB against 4 MiB\n");
    println!(
        "Linear work grows 4×; anything quadratic would grow 16×. Conversions: 100,000 `LineIndex::line_col` + `offset` round trips (UTF-16) at the end of the minified skeleton's single line.\n"
    );
    println!("| measure | 1 MiB ms | 4 MiB ms | ratio |");
    println!("|---|---:|---:|---:|");
    let analyse = |(path, text): &(PathBuf, String)| {
        let copy = best_of(3, || text.clone());
        best_of(3, || Analysis::new(Some(path), text.clone(), &RealFs).diagnostics.len()).saturating_sub(copy)
    };
    let convert = |(_, text): &(PathBuf, String)| {
        let lines = LineIndex::new(text);
        let end = lines.len() - 1;
        best_of(3, || {
            let mut sum = 0u64;
            for i in 0..100_000u32 {
                let at = lines.line_col(end - i % 64, PositionEncoding::Utf16);
                sum += u64::from(lines.offset(LineCol { line: at.line, col: at.col }, PositionEncoding::Utf16));
            }
            sum
        })
    };
    let rows: [(&str, Duration, Duration); 3] = [
        ("analysis, `.elem`", analyse(&elem_input(1)), analyse(&elem_input(4))),
        ("analysis, minified skeleton", analyse(&skeleton_input(1, false)), analyse(&skeleton_input(4, false))),
        (
            "position conversions at the end of the line",
            convert(&skeleton_input(1, false)),
            convert(&skeleton_input(4, false)),
        ),
    ];
    for (label, one, four) in rows {
        println!("| {label} | {:.2} | {:.2} | {:.2} |", ms(one), ms(four), four.as_secs_f64() / one.as_secs_f64());
    }
    println!();
}

pub(crate) fn uri_of(path: &Path) -> String {
    format!("file://{}", path.canonicalize().expect("existing input").display())
}

pub(crate) fn initialize(lsp: &mut Lsp, root: &Path) {
    let capabilities = json!({
        "general": {"positionEncodings": ["utf-16"]},
        "textDocument": {
            "publishDiagnostics": {"versionSupport": true, "relatedInformation": true},
            "hover": {"contentFormat": ["markdown", "plaintext"]},
            "completion": {"completionItem": {"snippetSupport": true}},
            "documentSymbol": {"hierarchicalDocumentSymbolSupport": true},
            "semanticTokens": {
                "requests": {"full": {"delta": true}, "range": true},
                "tokenTypes": [], "tokenModifiers": [], "formats": ["relative"]
            }
        }
    });
    let (_, response) = lsp.request(
        "initialize",
        json!({"processId": null, "rootUri": uri_of(root), "capabilities": capabilities,
               "initializationOptions": {"provideFormatter": false, "handledSchemaProtocols": ["file"]}}),
    );
    assert!(response.get("result").is_some(), "initialize failed: {response}");
    lsp.notify("initialized", json!({}));
}

/// Changes the digit `original` at `at` (an LSP position) to its neighbour in even versions and
/// back in odd ones: the file stays valid and every version differs from the one before.
pub(crate) fn one_digit_edit(lsp: &Lsp, uri: &str, at: &Value, original: u8, version: i64) {
    let digit = if version % 2 == 0 { original ^ 1 } else { original };
    let range = json!({"start": at, "end": {"line": at["line"], "character": at["character"].as_u64().unwrap() + 1}});
    lsp.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": version},
               "contentChanges": [{"range": range, "text": (digit as char).to_string()}]}),
    );
}

/// The offset of the last digit of the first decimal number after the middle of `text`: editing
/// it keeps the file valid.
pub(crate) fn edit_offset(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut i = text.len() / 2;
    loop {
        while bytes[i] != b'.' {
            i += 1;
        }
        let mut j = i + 1;
        while bytes[j].is_ascii_digit() {
            j += 1;
        }
        if j > i + 1 {
            return j - 1;
        }
        i = j;
    }
}

struct Scenario<'a> {
    label: &'a str,
    path: PathBuf,
    text: String,
    language: &'a str,
    /// Where hover, definition and completion are asked: a name near the end of the file.
    name_at: usize,
}

fn bytes(n: usize) -> String {
    match n {
        0..1_000 => format!("{n} B"),
        1_000..1_000_000 => format!("{} KB", n / 1000),
        _ => format!("{:.1} MB", n as f64 / 1e6),
    }
}

/// One measure of a scenario: its label, p50 and p99.
pub(crate) type Figure = (String, Duration, Duration);

pub(crate) fn row(
    figures: &mut Vec<Figure>,
    label: &str,
    samples: &[Duration],
    goal_p50: Duration,
    goal_p99: Option<Duration>,
) {
    let (p50, p99) = (percentile(samples, 50.0), percentile(samples, 99.0));
    let met = p50 <= goal_p50 && goal_p99.is_none_or(|g| p99 <= g);
    println!("| {label} | {} | {:.1} | {:.1} | {} |", samples.len(), ms(p50), ms(p99), goal(met));
    // Answer sizes are left out of the label compared across binaries.
    let key = match label.rsplit_once(" (") {
        Some((key, size)) if size.ends_with("answer)") => key.to_owned(),
        _ => label.to_owned(),
    };
    figures.push((key, p50, p99));
}

pub fn lsp_latency() {
    println!("## Language server latency (real `rigls` over stdio)\n");
    println!(
        "The release binary, spawned and driven through JSON-RPC over its stdin/stdout, UTF-16 positions. An edit changes one digit (a one-character `didChange`) and is timed until `publishDiagnostics` for that version is read; requests are timed from send to response once the version is analysed. Burst: 200 edits sent back to back, timed from the last one to the diagnostics of the last version.\n"
    );
    let elem = elem_input(10);
    let skeleton = skeleton_input(10, false);
    let indented = skeleton_input(10, true);
    let scenarios = [
        Scenario {
            label: "10 MiB `.elem`",
            name_at: elem.1.rfind("NodeName=\"").expect("a NodeName") + 10,
            path: elem.0,
            text: elem.1,
            language: "elem",
        },
        Scenario {
            label: "10 MiB minified skeleton",
            name_at: skeleton.1.rfind("\"parent\":\"").expect("a parent") + 10,
            path: skeleton.0,
            text: skeleton.1,
            language: "json",
        },
        Scenario {
            label: "10 MiB indented skeleton",
            name_at: indented.1.rfind("\"parent\": \"").expect("a parent") + 11,
            path: indented.0,
            text: indented.1,
            language: "json",
        },
    ];
    // `RIGLS_BENCH_BEFORE=path/to/rigls`: an earlier build, measured in the same run, turn about.
    let before = std::env::var("RIGLS_BENCH_BEFORE").ok();
    for s in &scenarios {
        let Some(before) = &before else {
            lsp_scenario(s, RIGLS, "");
            continue;
        };
        let old = lsp_scenario(s, before, " (before)");
        let new = lsp_scenario(s, RIGLS, " (after)");
        println!("#### {}: before → after\n", s.label);
        println!("| measure | p50 before | p50 after | after ÷ before | p99 before | p99 after |");
        println!("|---|---:|---:|---:|---:|---:|");
        for ((label, p50a, p99a), (_, p50b, p99b)) in old.iter().zip(&new) {
            let ratio = p50b.as_secs_f64() / p50a.as_secs_f64().max(1e-9);
            println!(
                "| {label} | {:.1} | {:.1} | {ratio:.2} | {:.1} | {:.1} |",
                ms(*p50a),
                ms(*p50b),
                ms(*p99a),
                ms(*p99b)
            );
        }
        println!();
    }
}

/// Runs the scenario against the server `binary`; returns its figures.
fn lsp_scenario(s: &Scenario, binary: &str, which: &str) -> Vec<Figure> {
    let mut figures = Vec::new();
    println!("### {}{which}\n", s.label);
    println!("| measure | n | p50 ms | p99 ms | goal |");
    println!("|---|---:|---:|---:|---|");
    let mut lsp = Lsp::spawn(&mut Command::new(binary));
    initialize(&mut lsp, s.path.parent().expect("folder"));
    let uri = uri_of(&s.path);
    let open = notification(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": s.language, "version": 1, "text": s.text}}),
    );
    let start = Instant::now();
    lsp.send_prepared(&open);
    let (at, _) = lsp.wait_diagnostics(&uri, Some(1));
    row(&mut figures, "open → first diagnostics", &[at - start], Duration::from_secs(3600), None);

    let offset = edit_offset(&s.text);
    let original = s.text.as_bytes()[offset];
    let at = position(&s.text, offset);
    let mut version = 1;
    let edit = |lsp: &mut Lsp, version: i64| one_digit_edit(lsp, &uri, &at, original, version);
    let mut samples = Vec::new();
    for _ in 0..40 {
        version += 1;
        let start = Instant::now();
        edit(&mut lsp, version);
        let (at, _) = lsp.wait_diagnostics(&uri, Some(version));
        samples.push(at - start);
    }
    row(&mut figures, "edit → diagnostics", &samples, Duration::from_millis(100), Some(Duration::from_millis(250)));

    let here = position(&s.text, s.name_at);
    let doc = json!({"uri": uri});
    let at_name = json!({"textDocument": doc, "position": here});
    // A screenful and more around the name: 6 KB, some 200 lines of a mesh.
    let boundary = |mut at: usize| {
        while !s.text.is_char_boundary(at) {
            at += 1;
        }
        at.min(s.text.len())
    };
    let visible = json!({"start": position(&s.text, boundary(s.name_at.saturating_sub(3000))),
                         "end": position(&s.text, boundary((s.name_at + 3000).min(s.text.len())))});
    let requests: [(&str, &str, Value); 6] = [
        ("hover", "textDocument/hover", at_name.clone()),
        ("completion", "textDocument/completion", at_name.clone()),
        ("definition", "textDocument/definition", at_name.clone()),
        ("document symbols", "textDocument/documentSymbol", json!({"textDocument": doc})),
        (
            "semantic tokens (range of 6 KB)",
            "textDocument/semanticTokens/range",
            json!({"textDocument": doc, "range": visible}),
        ),
        ("semantic tokens (full)", "textDocument/semanticTokens/full", json!({"textDocument": doc})),
    ];
    for (label, method, params) in requests {
        let mut samples = Vec::new();
        let mut size = 0;
        for _ in 0..30 {
            let (took, response) = lsp.request(method, params.clone());
            assert!(response.get("error").is_none(), "{method}: {response}");
            size = response["result"].to_string().len();
            samples.push(took);
        }
        row(&mut figures, &format!("{label} ({} answer)", bytes(size)), &samples, Duration::from_millis(10), None);
    }

    // What an editor asks after each edit when the server offers deltas: the changes since its
    // last tokens (timed from the request, once the edited version is analysed).
    let (_, full) = lsp.request("textDocument/semanticTokens/full", json!({"textDocument": doc}));
    let mut result_id = full["result"]["resultId"].clone();
    let mut samples = Vec::new();
    let mut size = 0;
    for _ in 0..30 {
        version += 1;
        edit(&mut lsp, version);
        lsp.wait_diagnostics(&uri, Some(version));
        let params = json!({"textDocument": doc, "previousResultId": result_id});
        let (took, response) = lsp.request("textDocument/semanticTokens/full/delta", params);
        assert!(response["result"]["edits"].is_array(), "a delta: {response}");
        result_id = response["result"]["resultId"].clone();
        size = response["result"].to_string().len();
        samples.push(took);
    }
    row(
        &mut figures,
        &format!("semantic tokens delta after an edit ({} answer)", bytes(size)),
        &samples,
        Duration::from_millis(10),
        None,
    );
    // The same after a pause of 250 ms, as editors wait for typing to settle: by then the server
    // has computed the new version's tokens on its own.
    let mut samples = Vec::new();
    for _ in 0..10 {
        version += 1;
        edit(&mut lsp, version);
        lsp.wait_diagnostics(&uri, Some(version));
        std::thread::sleep(Duration::from_millis(250));
        let params = json!({"textDocument": doc, "previousResultId": result_id});
        let (took, response) = lsp.request("textDocument/semanticTokens/full/delta", params);
        result_id = response["result"]["resultId"].clone();
        samples.push(took);
    }
    row(
        &mut figures,
        "semantic tokens delta 250 ms after an edit's diagnostics",
        &samples,
        Duration::from_millis(10),
        None,
    );

    // Five bursts, each after the previous one's diagnostics.
    let (mut samples, mut published) = (Vec::new(), 0);
    for _ in 0..5 {
        lsp.drain_diagnostics(&uri);
        let mut last_sent = Instant::now();
        for _ in 0..200 {
            version += 1;
            last_sent = Instant::now();
            edit(&mut lsp, version);
        }
        let (at, _) = lsp.wait_diagnostics(&uri, Some(version));
        published += lsp.drain_diagnostics(&uri) + 1;
        samples.push(at - last_sent);
    }
    row(
        &mut figures,
        &format!("200 quick edits: last edit → its diagnostics ({published} publications for 5 bursts)"),
        &samples,
        Duration::from_millis(100),
        Some(Duration::from_millis(250)),
    );
    if let Some((now, peak)) = lsp.memory() {
        let size = s.text.len() as f64;
        println!(
            "\nServer memory with the file open: {:.0} MB resident now, {:.0} MB at the peak ({:.2}× and {:.2}× the file; goal ≤ 5×).",
            now as f64 / 1e6,
            peak as f64 / 1e6,
            now as f64 / size,
            peak as f64 / size
        );
    }
    lsp.shutdown();
    println!();
    figures
}

pub fn vscode_json() {
    // Each server is timed this many times, in turn with the other.
    const RUNS: usize = 5;
    println!("## Against VS Code's JSON language server\n");
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("repository root");
    let server = repo.join("bench/node_modules/vscode-langservers-extracted/bin/vscode-json-language-server");
    if !server.exists() || Command::new("node").arg("--version").output().is_err() {
        println!("Skipped: needs Node.js and `npm ci --prefix bench` (bench/run.sh does it).\n");
        return;
    }
    let version = std::fs::read_to_string(repo.join("bench/node_modules/vscode-langservers-extracted/package.json"))
        .ok()
        .and_then(|p| serde_json::from_str::<Value>(&p).ok())
        .and_then(|p| p["version"].as_str().map(str::to_owned))
        .unwrap_or_default();
    let schema = repo.join("editors/schemas/dragonbones-skeleton.schema.json");
    // 17 MB, as the issue measures it.
    let (path, text) = skeleton_input(16, false);
    println!(
        "`vscode-json-language-server` {version} (Node {}) validating the 16 MiB minified skeleton ({:.1} MB) against `editors/schemas/dragonbones-skeleton.schema.json` (`json.schemas`, pushed diagnostics), and `rigls` checking it: time from `didOpen` to the first `publishDiagnostics`, each in a fresh process, {RUNS} times in turn; and `rigls --check --quiet` of the same file (process wall time, {RUNS} runs in turn with the others).\n",
        String::from_utf8_lossy(&Command::new("node").arg("--version").output().expect("node").stdout).trim(),
        text.len() as f64 / 1e6
    );

    let uri = uri_of(&path);
    // The message is written out as JSON before each timing starts (the client's work: no server
    // sees it before its first byte); how long that takes is shown beside the figures.
    let written = Instant::now();
    let open = notification(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}),
    );
    let written = written.elapsed();
    // Fresh processes of each, taken in turn; the medians are compared.
    let (mut node_times, mut rigls_times, mut counts) = (Vec::new(), Vec::new(), (0, 0));
    let mut check_times = Vec::new();
    for run in 0..RUNS {
        let mut node = Lsp::spawn(Command::new("node").arg(&server).arg("--stdio"));
        initialize(&mut node, path.parent().expect("folder"));
        node.notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"json": {"validate": {"enable": true},
                "schemas": [{"fileMatch": ["*_ske.json"], "url": uri_of(&schema)}]}}}),
        );
        // A small invalid skeleton first: proves the schema is applied (and loads it).
        let probe = data_dir().join("probe_ske.json");
        std::fs::write(&probe, r#"{"version": "5.5", "frameRate": "fast", "armature": []}"#).expect("probe");
        let probe_uri = uri_of(&probe);
        node.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": probe_uri, "languageId": "json", "version": 1,
                   "text": std::fs::read_to_string(&probe).expect("probe")}}),
        );
        let (_, message) = node.wait_for(Duration::from_secs(60), |m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == probe_uri
                && m["params"]["diagnostics"].as_array().is_some_and(|d| !d.is_empty())
        });
        if run == 0 {
            println!("Schema check on a small invalid file: “{}”.\n", message["params"]["diagnostics"][0]["message"]);
        }
        let start = Instant::now();
        node.send_prepared(&open);
        let (at, message) = node.wait_diagnostics(&uri, None);
        node_times.push(at - start);
        counts.0 = message["params"]["diagnostics"].as_array().map_or(0, Vec::len);
        node.shutdown();

        let mut rigls = Lsp::spawn(&mut Command::new(RIGLS));
        initialize(&mut rigls, path.parent().expect("folder"));
        let start = Instant::now();
        rigls.send_prepared(&open);
        let (at, message) = rigls.wait_diagnostics(&uri, Some(1));
        rigls_times.push(at - start);
        counts.1 = message["params"]["diagnostics"].as_array().map_or(0, Vec::len);
        rigls.shutdown();

        check_times.push(run_process(Command::new(RIGLS).arg("--check").arg("--quiet").arg(&path)).wall);
    }
    let (node_time, rigls_time) = (percentile(&node_times, 50.0), percentile(&rigls_times, 50.0));
    let all = |times: &[Duration]| times.iter().map(|t| format!("{:.0}", ms(*t))).collect::<Vec<_>>().join(", ");
    println!("| server | open → first diagnostics, median ms | the {RUNS} runs, ms | diagnostics |");
    println!("|---|---:|---|---:|");
    println!("| vscode-json-language-server {version} | {:.0} | {} | {} |", ms(node_time), all(&node_times), counts.0);
    println!("| rigls | {:.0} | {} | {} |", ms(rigls_time), all(&rigls_times), counts.1);
    let check_time = percentile(&check_times, 50.0);
    println!("| `rigls --check` (process, not a server) | {:.0} | {} | — |", ms(check_time), all(&check_times));
    println!(
        "\nThe benchmark's client makes the {:.1} MB message in {:.0} ms before each timing starts (before 2026-12-04 that was inside the timings).",
        mb(open.len() as u64),
        ms(written)
    );
    let ratio = node_time.as_secs_f64() / rigls_time.as_secs_f64();
    let own = rigls_time.as_secs_f64() / check_time.as_secs_f64();
    println!(
        "\nrigls is {ratio:.1}× faster (goal ≥ 20×: {}); its open takes {own:.2}× its own `--check` (goal ≤ 1.2×: {}).\n",
        goal(ratio >= 20.0),
        goal(own <= 1.2)
    );
}

/// `count` small models in one folder; every tenth has a wrong count, so reports are not empty.
fn folder_of(count: usize) -> PathBuf {
    let dir = data_dir().join(format!("folder_{count}"));
    if dir.join("done").exists() {
        return dir;
    }
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("folder");
    let models: Vec<String> = (0..8).map(|i| generate::elem::model(20_000 + i * 5_000)).collect();
    for i in 0..count {
        let model = &models[i % models.len()];
        let text = if i % 10 == 3 { model.replacen("FaceCount=", "FaceCount=9", 1) } else { model.clone() };
        std::fs::write(dir.join(format!("model_{i:05}.elem")), text).expect("write model");
    }
    std::fs::write(dir.join("done"), "").expect("marker");
    dir
}

pub fn folder() {
    println!("## `rigls --check` on a folder\n");
    println!(
        "Generated `.elem` models of 60–100 KB, one in ten with a count error. `--format json` to /dev/null; CPU ÷ wall shows how many cores were busy.\n"
    );
    println!("| files | MB | format | wall ms | files/s | CPU ÷ wall | peak RSS MB |");
    println!("|---:|---:|---|---:|---:|---:|---:|");
    for count in [500, 5_000] {
        let dir = folder_of(count);
        let size: u64 =
            std::fs::read_dir(&dir).expect("list").flatten().map(|e| e.metadata().map_or(0, |m| m.len())).sum();
        for format in ["json", "human"] {
            let run = run_process(Command::new(RIGLS).args(["--check", "--quiet", "--format", format]).arg(&dir));
            assert_eq!(run.exit_code, 1, "one in ten files has an error");
            println!(
                "| {count} | {:.0} | {format} | {:.0} | {:.0} | {:.2} | {:.0} |",
                mb(size),
                ms(run.wall),
                count as f64 / run.wall.as_secs_f64(),
                run.cpu.as_secs_f64() / run.wall.as_secs_f64(),
                mb(run.peak_rss_bytes)
            );
        }
    }
    println!();
}
