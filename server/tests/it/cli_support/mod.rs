//! Running the built `rigls` binary on fixture files in a scratch directory.
//!
//! Fixtures live in `tests/data/cli/` with LF line endings; [`Scratch::crlf_bom`] writes a copy with
//! CRLF line endings and a byte-order mark, as Elfreina saves files. Every command runs with the
//! scratch directory as its working directory, so reports show short relative paths.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub const BIN: &str = env!("CARGO_BIN_EXE_rigls");

pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/cli").join(name)
}

pub fn fixture(name: &str) -> String {
    std::fs::read_to_string(data(name)).unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

pub struct Scratch {
    dir: tempfile::TempDir,
}

impl Scratch {
    pub fn new() -> Scratch {
        Scratch { dir: tempfile::tempdir().expect("temporary directory") }
    }

    /// A scratch directory holding copies of the named fixtures.
    pub fn with(fixtures: &[&str]) -> Scratch {
        let scratch = Scratch::new();
        for name in fixtures {
            scratch.write(name, &fixture(name));
        }
        scratch
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.dir.path().join(name);
        std::fs::write(&path, text).expect("write fixture");
        path
    }

    /// Writes the fixture `name` with CRLF line endings and a BOM.
    pub fn crlf_bom(&self, name: &str) -> PathBuf {
        self.write(name, &format!("\u{feff}{}", fixture(name).replace('\n', "\r\n")))
    }

    pub fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.dir.path().join(name)).expect("read back")
    }

    /// The names in the directory, sorted.
    pub fn listing(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    pub fn run(&self, args: &[&str]) -> Run {
        self.run_with_stdin(args, None)
    }

    pub fn run_with_stdin(&self, args: &[&str], stdin: Option<&str>) -> Run {
        let mut command = Command::new(BIN);
        command
            .current_dir(self.dir.path())
            .args(args)
            .env("NO_COLOR", "1")
            .env_remove("CLICOLOR_FORCE")
            .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn().expect("run rigls");
        if let Some(input) = stdin {
            // rigls may exit without reading stdin (a usage error): a closed pipe is fine then.
            let written = child.stdin.take().expect("stdin").write_all(input.as_bytes());
            assert!(written.is_ok() || written.is_err_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe));
        }
        let output = child.wait_with_output().expect("wait for rigls");
        Run {
            code: output.status.code().expect("exit code"),
            stdout: String::from_utf8(output.stdout).expect("UTF-8 stdout"),
            stderr: String::from_utf8(output.stderr).expect("UTF-8 stderr"),
        }
    }
}

#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Asserts the exit code, showing the output when it differs.
    pub fn expect_code(&self, code: i32) -> &Run {
        assert_eq!(self.code, code, "unexpected exit code\n--- stdout\n{}\n--- stderr\n{}", self.stdout, self.stderr);
        self
    }
}
