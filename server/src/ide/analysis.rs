//! One analysed version of one document: its kind, parse, line index and diagnostics.

use std::path::{Path, PathBuf};

use crate::diagnostic::{self, Diagnostic};
use crate::elem::ElemFile;
use crate::env::FileSystem;
use crate::text::LineIndex;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// An Elfreina model (`.elem`).
    Elem,
    /// Neither format: rigls has nothing to say about it.
    Other,
}

/// Decides what a document is, from its name first and its content second.
pub fn detect(path: Option<&Path>, text: &str) -> FileKind {
    let extension = path.and_then(Path::extension).and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("elem") => FileKind::Elem,
        _ if text.trim_start_matches(crate::text::BOM).trim_start().starts_with("Elfreina Extension Model File") => {
            FileKind::Elem
        }
        _ => FileKind::Other,
    }
}

#[derive(Debug)]
pub struct Analysis {
    pub path: Option<PathBuf>,
    pub text: String,
    pub lines: LineIndex,
    pub kind: FileKind,
    pub elem: Option<ElemFile>,
    /// Sorted into reading order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Analysis {
    pub fn new(path: Option<&Path>, text: String, fs: &dyn FileSystem) -> Analysis {
        Analysis::with_kind(path, text, fs, None)
    }

    /// Like [`Analysis::new`], but with the kind decided by the caller (e.g. a file named on the
    /// command line whose extension says nothing).
    pub fn with_kind(path: Option<&Path>, text: String, fs: &dyn FileSystem, kind: Option<FileKind>) -> Analysis {
        let kind = kind.unwrap_or_else(|| detect(path, &text));
        let lines = LineIndex::new(&text);
        let (elem, mut diagnostics) = match kind {
            FileKind::Elem => {
                let file = ElemFile::parse(&text);
                let diagnostics = file.diagnostics(&text, &lines, path, fs);
                (Some(file), diagnostics)
            }
            FileKind::Other => (None, Vec::new()),
        };
        diagnostic::sort(&mut diagnostics);
        Analysis { path: path.map(Path::to_path_buf), text, lines, kind, elem, diagnostics }
    }
}
