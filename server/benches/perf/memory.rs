//! `memory`: what the server keeps with one 10 MiB file open, resident (VmRSS) at each stage of a
//! short session: opened and analysed, after a full semantic-tokens answer, after 20 one-digit
//! edits each followed by its diagnostics and a tokens delta (as editors ask), and the peak. With
//! `RIGLS_BENCH_BEFORE=<binary>`, that build runs the same session first, in the same run.

use std::process::Command;
use std::time::Duration;

use serde_json::json;

use crate::lsp_client::{Lsp, position};
use crate::sections::{edit_offset, initialize, one_digit_edit, uri_of};
use crate::{RIGLS, elem_input, skeleton_input};

/// How long the server is left alone before a reading: its trims and warm-ups are done by then.
const SETTLE: Duration = Duration::from_millis(1500);

pub fn server_memory() {
    println!("## Server memory (10 MiB files)\n");
    let files = [
        ("indented skeleton", skeleton_input(10, true), "json"),
        ("minified skeleton", skeleton_input(10, false), "json"),
        ("`.elem` model", elem_input(10), "elem"),
    ];
    let before = std::env::var("RIGLS_BENCH_BEFORE").ok();
    let mut binaries = Vec::new();
    if let Some(before) = &before {
        binaries.push(("before", before.as_str()));
    }
    binaries.push(("this build", RIGLS));
    println!("Resident memory ÷ file size; MB in brackets.\n");
    println!("| file | build | opened | after full tokens | after 20 edits | peak |");
    println!("|---|---|---:|---:|---:|---:|");
    for (label, (path, text), language) in &files {
        for (build, binary) in &binaries {
            let readings = session(binary, path, text, language);
            let cells: Vec<String> = readings
                .iter()
                .map(|&bytes| format!("{:.2}× ({:.0})", bytes as f64 / text.len() as f64, bytes as f64 / 1e6))
                .collect();
            println!("| {label} | {build} | {} |", cells.join(" | "));
        }
    }
    println!();
}

/// Resident bytes: opened, after a full tokens answer, after the edits, and the peak.
fn session(binary: &str, path: &std::path::Path, text: &str, language: &str) -> [u64; 4] {
    let mut lsp = Lsp::spawn(&mut Command::new(binary));
    initialize(&mut lsp, path.parent().expect("folder"));
    let uri = uri_of(path);
    let doc = json!({"textDocument": {"uri": uri}});
    lsp.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}),
    );
    lsp.wait_diagnostics(&uri, Some(1));
    let resident = |lsp: &Lsp| {
        std::thread::sleep(SETTLE);
        lsp.memory().unwrap_or_default()
    };
    let (opened, _) = resident(&lsp);
    let (_, full) = lsp.request("textDocument/semanticTokens/full", doc.clone());
    let mut result_id = full["result"]["resultId"].clone();
    drop(full);
    let (after_full, _) = resident(&lsp);
    let offset = edit_offset(text);
    let at = position(text, offset);
    let original = text.as_bytes()[offset];
    for version in 2..22 {
        one_digit_edit(&lsp, &uri, &at, original, version);
        lsp.wait_diagnostics(&uri, Some(version));
        let params = json!({"textDocument": {"uri": uri}, "previousResultId": result_id});
        let (_, delta) = lsp.request("textDocument/semanticTokens/full/delta", params);
        result_id = delta["result"]["resultId"].clone();
    }
    let (after_edits, peak) = resident(&lsp);
    lsp.shutdown();
    [opened, after_full, after_edits, peak]
}
