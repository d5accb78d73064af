//! `rigls upgrade` of a 17 MB skeleton against `rigls --check` of the same file (goal: ≤ 2×).
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
}
