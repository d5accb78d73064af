//! What an edit costs inside the server, for profiling (`perf record -g`): analyses FILE, then
//! changes one digit of it N times (as the latency benchmark's edits do), each version analysed
//! from the previous one ([`Analysis::reanalyse`], or [`Analysis::new`] with `FRESH=1`); prints
//! the median and the slowest wall time; then, for a DragonBones file, the CPU time of each
//! phase of one edit's analysis (best of 3, this thread's CPU time, which other processes on a
//! busy machine disturb less than wall time). `LOOP_ONLY=1` stops after the edits, for a profile
//! of them alone.
//!
//! `cargo run --release -p rigls --example edit_loop -- FILE [N]`

use std::path::Path;
use std::time::{Duration, Instant};

use rigls_diagnostic::env::RealFs;
use rigls_dragonbones::{DragonBonesFile, eval, parser, reparse, rules};
use rigls_ide::Analysis;
use rigls_text::{LineIndex, TextChange};

/// This thread's CPU time.
fn cpu() -> Duration {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec to write to.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// This process's resident memory in bytes (Linux; 0 elsewhere).
fn resident() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok());
    kb.unwrap_or(0.0) * 1024.0
}

/// The least CPU time of 3 runs of `f`.
fn best_cpu<T>(mut f: impl FnMut() -> T) -> Duration {
    (0..3)
        .map(|_| {
            let start = cpu();
            std::hint::black_box(f());
            cpu() - start
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: edit_loop FILE [N]");
        std::process::exit(2);
    };
    let n: usize = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(40);
    let fresh = std::env::var_os("FRESH").is_some();
    let text = std::fs::read_to_string(file).expect("a UTF-8 file");
    // The last digit of the first decimal number after the middle, as the benchmark edits.
    let bytes = text.as_bytes();
    let dot = text.len() / 2 + text[text.len() / 2..].find('.').expect("a decimal number");
    let at = dot + bytes[dot + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
    let path = Path::new(file);
    let size = text.len() as f64;
    let before = resident();
    let mut analysis = Analysis::new(Some(path), text, &RealFs);
    println!(
        "resident memory: {:.0} MB before the analysis (the text read), {:.0} MB with it ({:.1}× the file)",
        before / 1e6,
        resident() / 1e6,
        resident() / size
    );
    let mut times = Vec::with_capacity(n);
    let previous = analysis.text.clone();
    for i in 0..n {
        let mut next = String::clone(&analysis.text);
        let digit = (b'0' + (i % 10) as u8) as char;
        next.replace_range(at..at + 1, &digit.to_string());
        let start = Instant::now();
        analysis = if fresh {
            Analysis::new(Some(path), next, &RealFs)
        } else {
            Analysis::reanalyse(&analysis, next, &RealFs)
        };
        times.push(start.elapsed());
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{} edits, {}: p50 {:.1} ms, max {:.1} ms, reparsed {:?}",
        n,
        if fresh { "fresh analyses" } else { "reanalysed" },
        ms(times[n / 2]),
        ms(times[n - 1]),
        analysis.reuse.reparsed
    );
    if std::env::var_os("LOOP_ONLY").is_some() {
        return;
    }
    let Some(file) = analysis.dragonbones() else { return };
    let text = analysis.text.as_str();
    let ms = |d: Duration| format!("{:.1}", d.as_secs_f64() * 1e3);
    let change = TextChange::between(&previous, text);
    let mut old = DragonBonesFile::parse(&previous).expect("DragonBones data");
    old.check(&previous, &LineIndex::new(&previous), Some(path), &RealFs, None);
    let lines = LineIndex::new(text);
    let evaluation = eval::Evaluation::new(&file.tree, text);
    let inputs = || rules::Inputs {
        text,
        tree: &file.tree,
        model: &file.model,
        lines: &lines,
        path: Some(path),
        fs: &RealFs,
        paired: &file.atlases,
        binary: false,
        non_finite: &[],
        parses: None,
    };
    let whole = || &evaluation;
    // The rules of this version, with or without the runtime's, fresh or reusing what they found
    // in the previous one.
    let run_rules = |reusing: bool, runtime: bool| {
        let previous = reusing.then(|| rules::Previous {
            tree: &old.tree,
            local: &old.findings.local,
            runtime: &old.findings.runtime,
            change,
            spliced: Some(reparse::reparse(&old.tree, &previous, text, change).expect("a reparse").old_region),
        });
        match runtime {
            true => rules::check(inputs(), previous, Some(&whole)),
            false => rules::check(inputs(), previous, None),
        }
    };
    let without_runtime = best_cpu(|| run_rules(false, false));
    let phases = [
        ("whole analysis (Analysis::new)", best_cpu(|| Analysis::new(Some(path), text.to_owned(), &RealFs))),
        (
            "incremental analysis (Analysis::reanalyse)",
            best_cpu(|| Analysis::reanalyse(&analysis, previous.clone(), &RealFs)),
        ),
        ("whole parse", best_cpu(|| parser::parse(text))),
        ("reparse of the edited container", best_cpu(|| reparse::reparse(&old.tree, &previous, text, change))),
        ("model", best_cpu(|| DragonBonesFile::parse(text)).saturating_sub(best_cpu(|| parser::parse(text)))),
        ("line index", best_cpu(|| LineIndex::new(text))),
        ("rules without the runtime", without_runtime),
        ("rules without the runtime after the edit (the rest reused)", best_cpu(|| run_rules(true, false))),
        (
            "the runtime's parse of the whole file (Evaluation::new)",
            best_cpu(|| eval::Evaluation::new(&file.tree, text)),
        ),
        ("runtime rules, every armature", best_cpu(|| run_rules(false, true)).saturating_sub(without_runtime)),
        (
            "runtime rules after the edit (the rest reused)",
            best_cpu(|| run_rules(true, true)).saturating_sub(best_cpu(|| run_rules(true, false))),
        ),
    ];
    println!("| phase of one edit | CPU ms |\n|---|---:|");
    for (phase, took) in phases {
        println!("| {phase} | {} |", ms(took));
    }
}
