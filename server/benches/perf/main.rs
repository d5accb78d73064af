//! rigls's benchmarks: prints figures and ratios, asserts nothing about time.
//!
//! `bench/run.sh` (or `cargo bench -p rigls --bench perf [-- SECTION...]`, sections `cli`,
//! `scaling`, `lsp`, `memory`, `vscode`, `folder`, `eval`, `render`, `preview`, `upgrade`, `real`; all when none is named). Inputs are generated once into
//! `target/tmp/bench-data/` by `benches/gen/`. See BENCHMARKS.md for what is compared and why.

mod dragonbones_eval;
mod elem_eval;
use rigls_test_support::generate;
mod lsp_client;
mod measure;
mod memory;
mod preview;
mod real;
mod render;
mod sections;
mod upgrade;

use std::path::{Path, PathBuf};

pub const RIGLS: &str = env!("CARGO_BIN_EXE_rigls");
const MIB: usize = 1 << 20;

/// Where generated inputs are kept between runs.
pub fn data_dir() -> PathBuf {
    let dir = std::env::var_os("RIGLS_BENCH_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-data"));
    std::fs::create_dir_all(&dir).expect("bench data directory");
    dir
}

/// The generated file `name`, written by `make` unless it is already there.
pub fn input(name: &str, make: impl FnOnce() -> String) -> (PathBuf, String) {
    let path = data_dir().join(name);
    if let Ok(text) = std::fs::read_to_string(&path) {
        return (path, text);
    }
    let text = make();
    let partial = path.with_extension("partial");
    std::fs::write(&partial, &text).expect("write generated input");
    std::fs::rename(&partial, &path).expect("rename generated input");
    (path, text)
}

pub fn elem_input(mib: usize) -> (PathBuf, String) {
    input(&format!("model_{mib}mib.elem"), || generate::elem::model(mib * MIB))
}

pub fn skeleton_input(mib: usize, pretty: bool) -> (PathBuf, String) {
    let shape = if pretty { "indented" } else { "minified" };
    input(&format!("army_{mib}mib_{shape}_ske.json"), || generate::dragonbones::skeleton(mib * MIB, pretty))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).is_some_and(|a| a == "--measure-child") {
        measure::child_main(&args[2..]);
    }
    match args.get(1).map(String::as_str) {
        Some("--spin") => real::spin_main(),
        Some("--serde-parse") => real::serde_parse_main(&args[2]),
        _ => {}
    }
    let wanted: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let run = |section: &str| wanted.is_empty() || wanted.iter().any(|w| w == section);
    println!("# rigls benchmarks\n");
    println!("{}\n", measure::machine());
    if run("cli") {
        sections::cli_throughput();
    }
    if run("scaling") {
        sections::scaling();
    }
    if run("lsp") {
        sections::lsp_latency();
    }
    if run("memory") {
        memory::server_memory();
    }
    if run("vscode") {
        sections::vscode_json();
    }
    if run("folder") {
        sections::folder();
    }
    if run("eval") {
        elem_eval::every_key_time();
        dragonbones_eval::every_key_frame();
    }
    if run("render") {
        render::per_frame();
    }
    if run("preview") {
        preview::scene_latency();
    }
    if run("upgrade") {
        upgrade::upgrade_speed();
    }
    if run("real") {
        real::real_files();
    }
    // Named only (`real` runs it too).
    if wanted.iter().any(|w| w == "real-server") {
        real::real_server();
    }
    println!("{}", measure::machine());
}
