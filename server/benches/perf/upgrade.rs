//! `rigls upgrade` and `rigls convert` of a 17 MB skeleton against `rigls --check` of the same
//! file (goal: ≤ 2×).
//!
//! The inputs are real exports repeated into one file (their armatures renamed): the corpus's
//! 5.5 body skeleton (meshes, deform, IK), labelled 5.0 so that the upgrade writes the whole
//! file (the version changes, every armature is copied) and labelled 5.5 (nothing to do: the
//! whole file read to tell), and the 4.5 SwordsMan skeleton, whose every key frame is rewritten.
//! They come from `../shared/corpus`; the section says it is skipped without it.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

use crate::measure::{best_process, mb, ms};
use crate::{RIGLS, data_dir, input};

const SIZE: usize = 17_000_000;

/// `file`'s armatures repeated (renamed `NAME_2`, `NAME_3`…) until the skeleton, minified, has
/// at least [`SIZE`] bytes, with `version` set.
fn repeated(file: &str, version: &str) -> Option<String> {
    let corpus = rigls_test_support::server_dir().join("../../shared/corpus");
    let text = std::fs::read_to_string(corpus.join(file)).ok()?;
    let mut root: Value = serde_json::from_str(&text).ok()?;
    root["version"] = Value::String(version.to_owned());
    let armatures = root["armature"].as_array()?.clone();
    let one = serde_json::to_string(&armatures).ok()?.len();
    let copies = SIZE.div_ceil(one.max(1));
    let mut all = Vec::with_capacity(armatures.len() * copies);
    for copy in 0..copies {
        for armature in &armatures {
            let mut armature = armature.clone();
            if copy > 0 {
                let name = armature["name"].as_str().unwrap_or("armature").to_owned();
                armature["name"] = Value::String(format!("{name}_{}", copy + 1));
            }
            all.push(armature);
        }
    }
    root["armature"] = Value::Array(all);
    serde_json::to_string(&root).ok()
}

pub fn upgrade_speed() {
    println!("## `rigls upgrade` against `rigls --check`\n");
    println!(
        "Process wall time, best of 3, release binary, the same file: `rigls upgrade FILE -o OUT` and `rigls --check --quiet FILE`. Goal: the upgrade ≤ 2× the check.\n"
    );
    let inputs = [
        (
            "body ×N, labelled 5.0 (versions change, every armature copied)",
            "dragonbones-images/body/body_ske.json",
            "5.0",
        ),
        ("body ×N, 5.5 (nothing to do)", "dragonbones-images/body/body_ske.json", "5.5"),
        ("SwordsMan ×N, 4.5 (every key frame rewritten)", "dragonbones/14_ske_v4.5_DBCSharp_SwordsMan_ske.json", "4.5"),
    ];
    println!("| input | MB | `--check` ms | `upgrade` ms | ÷ check | exit | goal |");
    println!("|---|---:|---:|---:|---:|---:|---|");
    for (label, file, version) in inputs {
        let stem = file.rsplit('/').next().unwrap_or(file).trim_end_matches(".json");
        let name = format!("upgrade_{stem}_{version}_17mb_ske.json");
        let Some(made) = repeated(file, version) else {
            println!("| {label} | SKIPPED: ../shared/corpus is absent | | | | | |");
            continue;
        };
        let (path, text) = input(&name, || made);
        let out: PathBuf = data_dir().join(format!("{name}.upgraded"));
        let check = best_process(3, || {
            let mut c = Command::new(RIGLS);
            c.args(["--check", "--quiet"]).arg(&path);
            c
        });
        let upgrade = best_process(3, || {
            let mut c = Command::new(RIGLS);
            c.arg("upgrade").arg(&path).arg("-o").arg(&out);
            c
        });
        let ratio = upgrade.wall.as_secs_f64() / check.wall.as_secs_f64();
        println!(
            "| {label} | {:.1} | {:.0} | {:.0} | {:.2} | {} | {} |",
            mb(text.len() as u64),
            ms(check.wall),
            ms(upgrade.wall),
            ratio,
            upgrade.exit_code,
            if ratio <= 2.0 { "met" } else { "**missed**" }
        );
        let _ = std::fs::remove_file(&out);
    }
    println!();
    convert_speed();
}

/// `rigls convert` both ways, each against `--check` of its input: real skeletons, and the body
/// skeleton ×N (17 MB), which no binary can hold (its arrays pass the 16-bit references): what
/// is timed there is the refusal.
fn convert_speed() {
    println!("## `rigls convert` against `rigls --check`\n");
    println!(
        "Process wall time, best of 3, release binary: JSON → `.dbbin` against `--check` of the JSON, and the binary back to JSON against `--check` of the binary. Goal: ≤ 2× the check. Exit 1: refused (the 17 MB skeleton's indices pass 65 535).\n"
    );
    println!("| conversion | MB in | `--check` ms | `convert` ms | ÷ check | exit | goal |");
    println!("|---|---:|---:|---:|---:|---:|---|");
    let corpus = rigls_test_support::server_dir().join("../../shared/corpus");
    let mut inputs: Vec<(String, PathBuf)> = Vec::new();
    for file in ["dragonbones/14_ske_v4.5_DBCSharp_SwordsMan_ske.json", "dragonbones-images/body/body_ske.json"] {
        if corpus.join(file).is_file() {
            inputs.push((format!("`{}`", file.rsplit('/').next().unwrap_or(file)), corpus.join(file)));
        }
    }
    if let Some(made) = repeated("dragonbones-images/body/body_ske.json", "5.5") {
        inputs.push(("body ×N".to_owned(), input("upgrade_body_ske_5.5_17mb_ske.json", || made).0));
    }
    if inputs.is_empty() {
        println!("| SKIPPED: ../shared/corpus is absent | | | | | | |\n");
        return;
    }
    let row = |label: &str, from: &PathBuf, to: &PathBuf| {
        let check = best_process(3, || {
            let mut c = Command::new(RIGLS);
            c.args(["--check", "--quiet"]).arg(from);
            c
        });
        let convert = best_process(3, || {
            let mut c = Command::new(RIGLS);
            c.arg("convert").arg(from).arg("-o").arg(to);
            c
        });
        let ratio = convert.wall.as_secs_f64() / check.wall.as_secs_f64();
        let size = std::fs::metadata(from).map_or(0, |m| m.len());
        println!(
            "| {label} | {:.1} | {:.0} | {:.0} | {:.2} | {} | {} |",
            mb(size),
            ms(check.wall),
            ms(convert.wall),
            ratio,
            convert.exit_code,
            if ratio <= 2.0 { "met" } else { "**missed**" }
        );
        convert.exit_code == 0
    };
    let binary = data_dir().join("convert_ske.dbbin");
    let back = data_dir().join("convert_back_ske.json");
    for (label, json) in &inputs {
        if row(&format!("{label} JSON → `.dbbin`"), json, &binary) {
            row(&format!("{label} `.dbbin` → JSON"), &binary, &back);
        }
    }
    let _ = std::fs::remove_file(&binary);
    let _ = std::fs::remove_file(&back);
    println!();
}
