//! Prints how long rigls takes to check DragonBones files against `serde_json` parsing the same
//! bytes into a `Value`, and how large the syntax tree is.
//!
//! `cargo run --release -p rigls --example dragonbones_bench -- FILE.json...`

use std::path::Path;
use std::time::{Duration, Instant};

use rigls_diagnostic::env::RealFs;
use rigls_ide::Analysis;

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(f());
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: dragonbones_bench FILE.json...");
        std::process::exit(2);
    }
    if let Ok(n) = std::env::var("PARSE_TIMES") {
        let text = std::fs::read_to_string(&files[0]).expect("UTF-8 file");
        let mut times: Vec<f64> = (0..n.parse::<usize>().unwrap_or(20))
            .map(|_| {
                let start = Instant::now();
                std::hint::black_box(rigls_dragonbones::parser::parse(&text));
                start.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        println!("first {:.1} ms, then {:.1?}", times[0], &times[1..times.len().min(6)]);
        times.sort_by(f64::total_cmp);
        println!("parse: best {:.1} ms, median {:.1} ms", times[0], times[times.len() / 2]);
        return;
    }
    if let Ok(n) = std::env::var("PARSE_ONLY") {
        let text = std::fs::read_to_string(&files[0]).expect("UTF-8 file");
        for _ in 0..n.parse::<usize>().unwrap_or(50) {
            std::hint::black_box(rigls_dragonbones::parser::parse(&text));
        }
        return;
    }
    println!(
        "{:<44} {:>9} {:>10} {:>10} {:>7} {:>8} {:>7}",
        "file", "bytes", "serde ms", "rigls ms", "ratio", "nodes", "tree/B"
    );
    for file in files {
        let bytes = std::fs::read(&file).expect("readable file");
        let text = String::from_utf8(bytes.clone()).expect("UTF-8");
        let serde = best_of(10, || serde_json::from_slice::<serde_json::Value>(&bytes).ok());
        let rigls = best_of(10, || Analysis::new(Some(Path::new(&file)), text.clone(), &RealFs).diagnostics.len());
        let analysis = Analysis::new(Some(Path::new(&file)), text.clone(), &RealFs);
        let nodes = analysis.dragonbones().map_or(0, |f| f.tree.nodes.capacity());
        let tree_bytes = nodes * std::mem::size_of::<rigls_dragonbones::syntax::Node>();
        let name = Path::new(&file).file_name().unwrap().to_string_lossy().into_owned();
        let lex = best_of(10, || rigls_dragonbones::lexer::Lexer::new(&text).count());
        let raw = best_of(10, || {
            use logos::Logos;
            rigls_dragonbones::lexer::TokenKind::lexer(&text).count()
        });
        eprintln!("  lex {:.2} ms (raw logos {:.2} ms)", lex.as_secs_f64() * 1e3, raw.as_secs_f64() * 1e3);
        let parse = best_of(10, || rigls_dragonbones::parser::parse(&text).nodes.len());
        let model = best_of(10, || rigls_dragonbones::DragonBonesFile::parse(&text).is_some());
        let lines = rigls_text::LineIndex::new(&text);
        let db = analysis.dragonbones();
        let rules = best_of(10, || db.map(|f| f.diagnostics(&text, &lines, Some(Path::new(&file)), &RealFs).len()));
        let line_index = best_of(10, || rigls_text::LineIndex::new(&text).len());
        eprintln!(
            "  phases: parse {:.2} ms, +model {:.2} ms, rules {:.2} ms, line index {:.2} ms",
            parse.as_secs_f64() * 1e3,
            (model.saturating_sub(parse)).as_secs_f64() * 1e3,
            rules.as_secs_f64() * 1e3,
            line_index.as_secs_f64() * 1e3
        );
        println!(
            "{:<44} {:>9} {:>10.2} {:>10.2} {:>7.2} {:>8} {:>7.2}",
            name,
            bytes.len(),
            serde.as_secs_f64() * 1e3,
            rigls.as_secs_f64() * 1e3,
            rigls.as_secs_f64() / serde.as_secs_f64(),
            nodes,
            tree_bytes as f64 / bytes.len() as f64,
        );
    }
}
