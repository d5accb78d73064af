//! Reading the file a command is given, and the one wording every command uses when it cannot:
//! ``cannot read `FILE`: REASON`` (and ``cannot write `FILE`: REASON``), the reason in lower case
//! without the operating system's error number.

use std::fmt::Write as _;
use std::io::Read as _;
use std::path::Path;

use rigls_diagnostic::env::RealFs;
use rigls_diagnostic::{Code, Diagnostic, Severity, Target, Targets, config};
use rigls_ide::Analysis;
use rigls_text::PositionEncoding;

/// Why an I/O operation failed, in a sentence's words: `no such file or directory`.
pub fn reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::NotFound => "no such file or directory".to_owned(),
        ErrorKind::PermissionDenied => "permission denied".to_owned(),
        ErrorKind::IsADirectory => "it is a directory".to_owned(),
        _ => {
            let text = e.to_string();
            // `Read-only file system (os error 30)` → `read-only file system`
            let text = match text.rfind(" (os error ") {
                Some(at) if text.ends_with(')') => text[..at].to_owned(),
                _ => text,
            };
            let mut chars = text.chars();
            match chars.next() {
                Some(first) => first.to_lowercase().chain(chars).collect(),
                None => text,
            }
        }
    }
}

/// ``cannot read `name`: reason``.
pub fn cannot_read(name: &str, e: &std::io::Error) -> String {
    format!("cannot read `{name}`: {}", reason(e))
}

/// ``cannot write `name`: reason``.
pub fn cannot_write(name: &str, e: &std::io::Error) -> String {
    format!("cannot write `{name}`: {}", reason(e))
}

/// ``cannot read `name`: it is not valid UTF-8 (byte N); save it as UTF-8``.
pub fn not_utf8(name: &str, e: &std::str::Utf8Error) -> String {
    format!("cannot read `{name}`: it is not valid UTF-8 (byte {}); save it as UTF-8", e.valid_up_to())
}

/// The bytes of a file, as `std::fs::read` reads them (one buffer, sized from the file's length,
/// then one read to its end), with the same errors. A large file's buffer is first offered huge
/// pages: the kernel then maps it 2 MiB at a time instead of faulting in each 4 KiB page as the
/// read copies into it, which took a 53 MB model's read from 33 ms to 13 ms. (Mapping the file
/// instead saves nothing: the analysis owns its text as a `String`, so the bytes are copied anyway.)
pub fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut file = std::fs::File::open(path)?;
    let size = file.metadata().map(|m| m.len()).ok().and_then(|len| usize::try_from(len).ok());
    let mut bytes = Vec::new();
    if let Some(size) = size {
        bytes.try_reserve_exact(size)?;
        offer_huge_pages(&mut bytes);
    }
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Below this, a buffer holds too few whole huge pages to be worth the system call.
const HUGE_PAGES_FROM: usize = 8 << 20;

/// Asks the kernel to back the 2 MiB-aligned part of `buffer`'s spare capacity with huge pages
/// (`madvise(MADV_HUGEPAGE)`: advice only, which the kernel may not follow; nothing else changes).
fn offer_huge_pages(buffer: &mut Vec<u8>) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        const HUGE_PAGE: usize = 2 << 20;
        let spare = buffer.spare_capacity_mut();
        if spare.len() < HUGE_PAGES_FROM {
            return;
        }
        let (start, end) = (spare.as_mut_ptr() as usize, spare.as_mut_ptr() as usize + spare.len());
        let (first, last) = (start.next_multiple_of(HUGE_PAGE), end / HUGE_PAGE * HUGE_PAGE);
        if first < last {
            // SAFETY: the range lies inside the vector's own allocation, and MADV_HUGEPAGE changes
            // how the kernel backs those pages, not their content or whether they are mapped.
            unsafe { libc::madvise(first as *mut libc::c_void, last - first, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    let _ = buffer;
}

/// The bytes of stdin.
pub fn stdin_bytes() -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes).map_err(|e| format!("cannot read stdin: {}", reason(&e)))?;
    Ok(bytes)
}

/// The model a command works on, analysed: `file`'s content (a `.dbbin` in its JSON view), or
/// stdin's when `from_stdin` (then `file` is the name it goes by, for the files it names). It is
/// checked for the targets `--check` would check it for: the `rigls.toml`'s, those of `target`'s
/// format replaced by `target`. A file that is not there, not readable or not UTF-8 is an error
/// in the one wording.
pub fn model(
    file: &Path,
    from_stdin: bool,
    target: Option<Target>,
    config: Option<&config::ConfigFile>,
) -> Result<Analysis, String> {
    let name = file.display().to_string();
    let bytes = if from_stdin { stdin_bytes()? } else { read_file(file).map_err(|e| cannot_read(&name, &e))? };
    let path = (file != Path::new("-")).then_some(file);
    let named = Targets::of(target.as_slice());
    let targets = super::targets::named_in(config).overridden_by(named);
    Analysis::of_file_for(path, bytes, &RealFs, targets).map_err(|e| not_utf8(&name, &e.utf8_error()))
}

/// The rule `pose` and `render` follow: a model with errors that make its pose meaningless (what
/// `--check` reports as errors, after the `rigls.toml` that applies) is not posed; the message
/// lists them. In an `.elem` model that is every error. In DragonBones data it is those where the
/// runtime loads nothing or never finishes building: syntax and encoding errors, a version it
/// rejects, a load failure of the target, a loop of parents, IK or child armatures, a mesh without
/// its lists, a broken binary ([`blocks_pose`]); the runtime loads past the others (a name it
/// drops, a value it coerces), and so does the pose, which names them on stderr (`Ok(Some(note))`).
/// Where the runtime throws building the armature, the pose itself says so. Warnings are not in
/// the way, nor are `non-finite-pose` and `target-float-overflow`, which are about the pose itself
/// (the runtime loads the file; the pose shows `null`s).
pub fn refuse_errors(
    analysis: &Analysis,
    name: &str,
    config: Option<&config::ConfigFile>,
) -> Result<Option<String>, String> {
    let mut diagnostics = analysis.diagnostics.clone();
    if let Some(file) = config {
        diagnostics = file.severity.apply(diagnostics);
    }
    let errors = diagnostics.iter().filter(|d| {
        d.severity == Severity::Error && !matches!(d.code, Code::NonFinitePose | Code::TargetFloatOverflow)
    });
    let dragonbones = analysis.kind().is_dragonbones();
    let (blocking, past): (Vec<&Diagnostic>, Vec<&Diagnostic>) =
        errors.partition(|d| !dragonbones || blocks_pose(d.code));
    let listed = |what: String, errors: &[&Diagnostic]| {
        let mut message = what;
        for d in errors {
            let at = analysis.lines.line_col(d.range.start, PositionEncoding::Utf32);
            let _ = write!(message, "\n  {}:{}: {} [{}]", at.line + 1, at.col + 1, d.message, d.code.as_str());
        }
        message
    };
    let count = |errors: &[&Diagnostic]| match errors.len() {
        1 => "an error".to_owned(),
        n => format!("{n} errors"),
    };
    if !blocking.is_empty() {
        let what =
            format!("`{name}` has {}, so it is not posed (`rigls --check` shows them in full):", count(&blocking));
        return Err(listed(what, &blocking));
    }
    if past.is_empty() {
        return Ok(None);
    }
    let what = format!(
        "`{name}` has {} that the runtime loads past (`rigls --check` shows them in full); posed as it poses the file:",
        count(&past)
    );
    Ok(Some(listed(what, &past)))
}

/// The DragonBones errors after which the runtime loads nothing, or never finishes building the
/// armature, so that no pose means anything: the others are names it drops and values it
/// coerces or reads as they are, which the pose follows.
fn blocks_pose(code: Code) -> bool {
    matches!(
        code,
        Code::Syntax
            | Code::Encoding
            | Code::UnsupportedVersion
            | Code::TargetUnsupportedVersion
            | Code::TargetLoadFailure
            | Code::ParentCycle
            | Code::IkCycle
            | Code::ArmatureCycle
            | Code::TooManyArmatures
            | Code::MeshIncomplete
            | Code::BinaryFormat
            | Code::BinaryTruncated
            | Code::BinaryLayout
            | Code::BinaryOffset
            | Code::BinaryPastEnd
            | Code::BinaryTimeline
            | Code::BinaryEncoding
    )
}

/// What `pose` and `render` say when they chose among several armatures.
/// Only when the choice was one among several armatures that no other shows as a child.
pub fn armature_note(analysis: &Analysis, request: &rigls_ide::pose::PoseRequest) -> Option<String> {
    let choice = rigls_ide::pose::defaulted_armature(analysis, request)?;
    Some(format!(
        "armature \"{}\": of the {} armatures that no other shows as a child armature, the one that shows the most (--armature NAME chooses another)",
        choice.name, choice.candidates
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_lower_case_without_the_error_number() {
        let os = std::io::Error::from_raw_os_error(30);
        assert_eq!(reason(&os), "read-only file system");
        let missing = std::io::Error::from(std::io::ErrorKind::NotFound);
        assert_eq!(cannot_read("x.elem", &missing), "cannot read `x.elem`: no such file or directory");
        let dir = std::io::Error::from_raw_os_error(21);
        assert_eq!(cannot_write("out", &dir), "cannot write `out`: it is a directory");
    }

    #[test]
    fn files_read_as_std_reads_them_large_or_small() {
        let dir = tempfile::tempdir().unwrap();
        // Past the huge-page threshold and not a whole number of pages; then empty and small.
        let large: Vec<u8> = (0..HUGE_PAGES_FROM + 5 * 4096 + 7).map(|i| (i % 251) as u8).collect();
        for (name, bytes) in
            [("large.elem", &large[..]), ("empty.elem", &[][..]), ("small.elem", &b"\xEF\xBB\xBFx"[..])]
        {
            let path = dir.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            let read = read_file(&path).unwrap();
            assert_eq!(read, bytes, "{name}");
            assert_eq!(read.capacity(), bytes.len(), "{name}: one buffer, sized once");
        }
        let why = |r: std::io::Result<Vec<u8>>| reason(&r.unwrap_err());
        let missing = dir.path().join("missing.elem");
        assert_eq!(why(read_file(&missing)), "no such file or directory");
        assert_eq!(why(read_file(dir.path())), "it is a directory");
        assert_eq!(why(read_file(dir.path())), why(std::fs::read(dir.path())));
    }
}
