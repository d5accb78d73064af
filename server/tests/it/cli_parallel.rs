//! `rigls --check` on many files: they are checked on every core, yet the report is the same, in
//! the same order, as checking them one by one; and bytes that are no text give one clear error.

use crate::cli_support;

use std::process::Command;

use cli_support::{BIN, Scratch};

/// A folder of models of very different sizes (so later, smaller files finish first), a third of
/// them with problems, plus skeletons and JSON that is not DragonBones data.
fn folder() -> Scratch {
    let scratch = Scratch::new();
    let model = cli_support::fixture("model.elem");
    let clean = cli_support::fixture("clean.elem");
    for i in 0..90 {
        let text = match i % 3 {
            0 => model.clone(),
            1 => clean.clone(),
            // A large clean file: its report comes after those of files that finish sooner.
            _ => clean.replacen("MeshDatas {", &format!("{}MeshDatas {{", "Padding {\n\t1\n}\n".repeat(20_000)), 1),
        };
        scratch.write(&format!("m{i:03}.elem"), &text);
    }
    scratch.write(
        "hero_ske.json",
        r#"{"name": "hero", "version": "5.5", "armature": [{"name": "a", "bone": [{"name": "b", "parent": "x"}]}]}"#,
    );
    scratch.write("other.json", r#"{"not": "dragonbones"}"#);
    scratch
}

fn check(scratch: &Scratch, jobs: &str, format: &str) -> (i32, String) {
    let output = Command::new(BIN)
        .current_dir(scratch.path())
        .args(["--check", "--format", format, "."])
        .env("RIGLS_JOBS", jobs)
        .env("NO_COLOR", "1")
        .output()
        .expect("run rigls");
    (output.status.code().unwrap(), String::from_utf8(output.stdout).unwrap())
}

#[test]
fn reports_are_the_same_in_order_on_any_number_of_threads() {
    let scratch = folder();
    for format in ["human", "json", "github", "sarif"] {
        let (code, one) = check(&scratch, "1", format);
        assert_eq!(code, 1, "{format}: problems found");
        assert!(one.contains("m000.elem") && one.contains("hero_ske.json"), "{format}:\n{one}");
        assert!(!one.contains("other.json"), "{format}: JSON that is not DragonBones data is skipped");
        for jobs in ["2", "7"] {
            let (code, many) = check(&scratch, jobs, format);
            assert_eq!((code, &many), (1, &one), "{format} on {jobs} threads");
        }
    }
    // In the order of the paths.
    let (_, github) = check(&scratch, "7", "github");
    let files: Vec<&str> =
        github.lines().map(|l| l.split("file=").nth(1).unwrap().split(',').next().unwrap()).collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted);
    assert_eq!(files.iter().filter(|f| f.ends_with(".elem")).count() % 30, 0, "{files:?}");
}

#[test]
fn random_bytes_and_invalid_utf8_give_one_clear_error() {
    let scratch = Scratch::new();
    // Deterministic noise: every byte value, including invalid UTF-8 sequences.
    let noise: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    std::fs::write(scratch.path().join("noise.elem"), &noise).unwrap();
    let mut latin1 = b"Elfreina Extension Model File\nFile Version 1.00\nSetting {\n\tLoadType=\"".to_vec();
    latin1.extend(b"caf\xe9\"\n}\n");
    std::fs::write(scratch.path().join("latin1.elem"), &latin1).unwrap();
    // JSON is reported only when it is DragonBones data, as this is before the noise.
    let prefix = b"{\"version\": \"5.5\", \"armature\": [";
    std::fs::write(scratch.path().join("noise_ske.json"), [prefix.as_slice(), &noise].concat()).unwrap();

    let run = scratch.run(&["--check", "--format", "json", "noise.elem", "latin1.elem", "noise_ske.json"]);
    run.expect_code(1);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("a JSON report");
    let codes: Vec<(&str, &str, &str)> = report
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["file"].as_str().unwrap(), d["code"].as_str().unwrap(), d["message"].as_str().unwrap()))
        .collect();
    let first_bad = noise.utf8_chunks().next().map_or(0, |c| c.valid().len());
    assert_eq!(
        codes,
        [
            (
                "noise.elem",
                "encoding",
                format!("the file is not valid UTF-8 (byte {first_bad}); save it as UTF-8").as_str()
            ),
            ("latin1.elem", "encoding", "the file is not valid UTF-8 (byte 72); save it as UTF-8"),
            (
                "noise_ske.json",
                "encoding",
                format!("the file is not valid UTF-8 (byte {}); save it as UTF-8", first_bad + prefix.len()).as_str()
            ),
        ]
    );
    // The human report shows the line of the first bad byte and does not crash on it.
    let human = scratch.run(&["--check", "latin1.elem"]);
    human.expect_code(1);
    assert!(human.stdout.contains("error[encoding]: the file is not valid UTF-8 (byte 72)"), "{}", human.stdout);
    assert!(human.stdout.contains("LoadType=\"caf"), "{}", human.stdout);
}
