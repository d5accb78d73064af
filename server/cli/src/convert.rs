//! `rigls convert IN -o OUT`: a JSON skeleton to the binary `.dbbin` and back. The direction is
//! the input's: a binary (named `.dbbin`, or starting with `DBDT`) becomes JSON, JSON becomes a
//! binary. `-o -` writes to stdout.

use std::io::Write;
use std::path::Path;

use super::{exit, input};
use rigls_ide::convert::{self, Converted, Refused};

pub fn run(source: &Path, output: &Path) -> u8 {
    let bytes = match std::fs::read(source) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("error: {}", input::cannot_read(&source.display().to_string(), &error));
            return exit::USAGE;
        }
    };
    let to_json = rigls_ide::is_binary(Some(source), &bytes);
    let wants_binary = output.extension().is_some_and(|e| e.eq_ignore_ascii_case("dbbin"));
    if to_json && wants_binary {
        eprintln!("error: {} is already a binary skeleton; write JSON (`-o NAME_ske.json`)", source.display());
        return exit::USAGE;
    }
    let converted = if to_json {
        convert::binary_to_json(&bytes)
    } else {
        match String::from_utf8(bytes) {
            Ok(text) => convert::json_to_binary(&text),
            Err(_) => {
                eprintln!("error: {}: neither a binary skeleton nor UTF-8 JSON", source.display());
                return exit::USAGE;
            }
        }
    };
    match converted {
        Ok(Converted { bytes, notes }) => {
            for note in notes {
                eprintln!("note: {}: {note}", source.display());
            }
            match write(output, &bytes) {
                Ok(()) => exit::OK,
                Err(error) => {
                    eprintln!("error: {}", input::cannot_write(&output.display().to_string(), &error));
                    exit::USAGE
                }
            }
        }
        Err(Refused(reasons)) => {
            eprintln!("error: {} was not converted:", source.display());
            for reason in reasons {
                eprintln!("  {reason}");
            }
            exit::PROBLEMS
        }
    }
}

/// Writes the file whole or not at all (a temporary file renamed over it), or to stdout for `-`.
fn write(output: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if output.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(bytes)?;
        return out.flush();
    }
    let dir = output.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = output.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temporary = dir.join(format!(".{name}.rigls-{}", std::process::id()));
    std::fs::write(&temporary, bytes)?;
    std::fs::rename(&temporary, output).inspect_err(|_| {
        let _ = std::fs::remove_file(&temporary);
    })
}
