//! Converting a skeleton between JSON and the binary `.dbbin`, refusing where the result would
//! not be read by the runtime as the input is (`rigls convert`).

use rigls_diagnostic::Severity;
use rigls_dragonbones::DragonBonesFile;
use rigls_dragonbones::convert::to_binary;
use rigls_dragonbones::eval::parse::Rejected;
use rigls_dragonbones::model::DocKind;
use rigls_text::{LineIndex, PositionEncoding, TextRange};

/// A conversion's result: the bytes to write and what the user should know about them.
#[derive(Debug)]
pub struct Converted {
    pub bytes: Vec<u8>,
    /// What the runtime does with the input that the output keeps (a binary's problems that are
    /// not errors the runtime throws at), as `place: message` lines.
    pub notes: Vec<String>,
}

/// Why nothing was written: each reason as a line (`place: message`).
#[derive(Debug, PartialEq)]
pub struct Refused(pub Vec<String>);

fn place(lines: &LineIndex, range: TextRange) -> String {
    let p = lines.line_col(range.start, PositionEncoding::Utf32);
    format!("{}:{}", p.line + 1, p.col + 1)
}

fn rejected(r: &Rejected) -> String {
    format!(
        "data version {:?} (compatibleVersion {:?}): the runtimes read 4.0–5.6 only; upgrade the file first (`rigls upgrade`)",
        r.version, r.compatible_version
    )
}

/// A JSON skeleton's binary: what the runtimes read as they read the JSON.
pub fn json_to_binary(text: &str) -> Result<Converted, Refused> {
    let Some(file) = DragonBonesFile::parse(text).filter(|f| f.doc() == DocKind::Skeleton) else {
        return Err(Refused(vec!["not a DragonBones skeleton (a JSON object with `armature`)".to_owned()]));
    };
    let lines = LineIndex::new(text);
    if !file.tree.errors.is_empty() {
        let reasons = file.tree.errors.iter().map(|d| format!("{}: {}", place(&lines, d.range), d.message)).collect();
        return Err(Refused(reasons));
    }
    let parsed = file.evaluation(text).parsed.as_ref().map_err(|r| Refused(vec![rejected(r)]))?;
    if !parsed.failures.is_empty() {
        let reasons = parsed
            .failures
            .iter()
            .map(|f| {
                format!(
                    "{}: {}",
                    place(&lines, file.tree.range(f.node)),
                    super::dragonbones::pose::failure_message(&f.kind)
                )
            })
            .collect();
        return Err(Refused(reasons));
    }
    let bytes = to_binary::to_binary(text, &file.tree, parsed).map_err(|r| Refused(r.0))?;
    Ok(Converted { bytes, notes: Vec::new() })
}

/// The JSON view of a binary skeleton: the text editors show of it and analyse (whatever its
/// problems; see [`crate::Analysis::new`]).
pub fn binary_view(bytes: &[u8]) -> String {
    DragonBonesFile::of_binary(bytes).0
}

/// What an editor shows of the file at `path` opened as a binary skeleton: its JSON view, or the
/// text itself where the name leaves the content to decide (Unity's `.bytes` may hold JSON).
pub fn binary_view_of(path: &std::path::Path, bytes: &[u8]) -> String {
    match crate::is_binary(Some(path), bytes) {
        true => binary_view(bytes),
        false => String::from_utf8_lossy(bytes).into_owned(),
    }
}

/// A binary skeleton's JSON (its view): refused where the runtime cannot read the binary, with
/// its other problems as notes.
pub fn binary_to_json(bytes: &[u8]) -> Result<Converted, Refused> {
    let (view, file) = DragonBonesFile::of_binary(bytes);
    let lines = LineIndex::new(&view);
    let problems = file.binary.as_ref().map(|b| b.diagnostics.as_slice()).unwrap_or_default();
    let describe = |d: &rigls_diagnostic::Diagnostic| format!("{}: {} [{}]", place(&lines, d.range), d.message, d.code);
    // A syntax error in the JSON part makes the runtime's `JSON.parse` throw; the view would
    // carry it into the file written.
    let readable = file.tree.errors.is_empty()
        && match &file.evaluation(&view).parsed {
            Ok(parsed) => parsed.failures.is_empty(),
            Err(_) => false,
        };
    let errors: Vec<String> = problems.iter().filter(|d| d.severity == Severity::Error).map(describe).collect();
    if !readable {
        let mut reasons = errors;
        if let Err(r) = &file.evaluation(&view).parsed
            && file.tree.errors.is_empty()
            && !r.version.is_empty()
        {
            reasons.push(rejected(r));
        }
        reasons.extend(file.tree.errors.iter().map(|d| format!("{}: {}", place(&lines, d.range), d.message)));
        if reasons.is_empty() {
            reasons.push("the runtime cannot read this file".to_owned());
        }
        return Err(Refused(reasons));
    }
    let notes = problems.iter().map(describe).collect();
    Ok(Converted { bytes: view.into_bytes(), notes })
}
