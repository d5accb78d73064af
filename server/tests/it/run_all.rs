//! `tests/run-all.sh` on a fresh machine: the Debian packages every end-to-end stage needs are
//! installed (as root) before the first stage runs, so that no stage finds its browser missing
//! because a later stage would have installed it. The installer runs here against stub `dpkg`,
//! `id` and `apt-get` on `PATH`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the repository").to_path_buf()
}

/// The stage functions in the order `run-all.sh` runs them.
fn stages() -> Vec<String> {
    let script = std::fs::read_to_string(repo().join("tests/run-all.sh")).unwrap();
    script
        .lines()
        .filter_map(|l| l.strip_prefix("stage \""))
        .map(|l| l.rsplit(' ').next().unwrap().to_owned())
        .collect()
}

#[test]
fn the_debian_packages_come_before_every_stage() {
    let stages = stages();
    assert_eq!(stages.first().map(String::as_str), Some("debian_packages"), "{stages:?}");
    let browser = stages.iter().position(|s| s == "browser_e2e").unwrap();
    let vscode = stages.iter().position(|s| s == "vscode_e2e").unwrap();
    assert!(browser < vscode, "the browser stage runs before the VS Code one: it cannot rely on it");
    let script = std::fs::read_to_string(repo().join("tests/run-all.sh")).unwrap();
    let body = script.split("debian_packages() {").nth(1).unwrap().split("\n}\n").next().unwrap();
    assert!(body.contains("bash tests/e2e/install-debian.sh"), "{body}");
    // CI installs through the same script.
    let ci = std::fs::read_to_string(repo().join(".ci/run")).unwrap();
    assert!(ci.contains("bash tests/e2e/install-debian.sh"));
}

/// Runs the installer with stubs: `dpkg -s` knows `installed`, `id -u` prints `uid`, `apt-get`
/// logs its arguments. Returns the exit status and the log.
fn install(installed: &[&str], uid: u32) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    let log = dir.path().join("apt.log");
    let stub = |name: &str, body: &str| {
        let path = bin.join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        let mut permissions = std::fs::metadata(&path).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
        std::fs::set_permissions(&path, permissions).unwrap();
    };
    let known = installed.join(" ");
    stub("dpkg", &format!("for p in {known}; do [ \"$2\" = \"$p\" ] && exit 0; done; exit 1"));
    stub("id", &format!("echo {uid}"));
    stub("apt-get", &format!("echo \"$*\" >> {}", log.display()));
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let output =
        Command::new("bash").arg(repo().join("tests/e2e/install-debian.sh")).env("PATH", path).output().unwrap();
    (output.status.code().unwrap(), std::fs::read_to_string(&log).unwrap_or_default())
}

#[test]
fn a_fresh_machine_gets_chromium_and_the_rest_at_once() {
    let all = [
        "chromium",
        "ripgrep",
        "build-essential",
        "python3",
        "libkrb5-dev",
        "fonts-dejavu-core",
        "fonts-vlgothic",
        "emacs-nox",
        "elpa-eglot",
        "python3-venv",
    ];
    // As root on a fresh machine: one install of everything missing.
    let (status, log) = install(&["python3"], 0);
    assert_eq!(status, 0);
    let missing: Vec<&str> = all.iter().copied().filter(|p| *p != "python3").collect();
    assert_eq!(log, format!("update -q\ninstall -y -q --no-install-recommends {}\n", missing.join(" ")));
    // Everything there: nothing to do.
    assert_eq!(install(&all, 0), (0, String::new()));
    // Not root: nothing installed, and the stage says so (77: skipped).
    assert_eq!(install(&[], 1000), (77, String::new()));
}
