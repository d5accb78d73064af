//! One analysed version of one document: its kind, parse, line index and diagnostics.

use std::path::{Path, PathBuf};

use crate::diagnostic::{self, Diagnostic};
use crate::dragonbones::DragonBonesFile;
use crate::dragonbones::model::DocKind;
use crate::elem::ElemFile;
use crate::env::FileSystem;
use crate::text::LineIndex;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// An Elfreina model (`.elem`).
    Elem,
    /// A DragonBones skeleton (`*_ske.json`): a JSON object with `armature`.
    DragonBonesSkeleton,
    /// A DragonBones texture atlas (`*_tex.json`): a JSON object with `SubTexture`.
    DragonBonesAtlas,
    /// Neither format: rigls has nothing to say about it.
    Other,
}

impl FileKind {
    pub fn is_dragonbones(self) -> bool {
        matches!(self, FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas)
    }
}

/// Decides what a document is, from its name first and its content second. JSON is DragonBones
/// data only when its root object says so (see [`DragonBonesFile::parse`]).
pub fn detect(path: Option<&Path>, text: &str) -> FileKind {
    classify(path, text).0
}

/// The kind of JSON bytes that are not valid UTF-8, judged from their valid parts.
pub fn detect_lossy(bytes: &[u8]) -> FileKind {
    dragonbones(&String::from_utf8_lossy(bytes)).0
}

/// The kind, and for DragonBones data the parse it took to tell (so it is parsed once).
fn classify(path: Option<&Path>, text: &str) -> (FileKind, Option<Box<DragonBonesFile>>) {
    let extension = path.and_then(Path::extension).and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    let content = text.trim_start_matches(crate::text::BOM).trim_start();
    match extension.as_deref() {
        Some("elem") => (FileKind::Elem, None),
        _ if content.starts_with("Elfreina Extension Model File") => (FileKind::Elem, None),
        Some("json") => dragonbones(text),
        // Unnamed or oddly named input (stdin): JSON by its first character.
        _ if content.starts_with('{') => dragonbones(text),
        _ => (FileKind::Other, None),
    }
}

fn dragonbones(text: &str) -> (FileKind, Option<Box<DragonBonesFile>>) {
    match DragonBonesFile::parse(text) {
        Some(file) => {
            let kind = match file.doc() {
                DocKind::Skeleton => FileKind::DragonBonesSkeleton,
                DocKind::Atlas => FileKind::DragonBonesAtlas,
            };
            (kind, Some(Box::new(file)))
        }
        None => (FileKind::Other, None),
    }
}

#[derive(Debug)]
pub struct Analysis {
    pub path: Option<PathBuf>,
    pub text: String,
    pub lines: LineIndex,
    pub kind: FileKind,
    pub elem: Option<ElemFile>,
    /// Boxed: a DragonBones model is large and most analyses are of one format only.
    pub dragonbones: Option<Box<DragonBonesFile>>,
    /// Sorted into reading order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Analysis {
    pub fn new(path: Option<&Path>, text: String, fs: &dyn FileSystem) -> Analysis {
        Analysis::with_kind(path, text, fs, None)
    }

    /// Like [`Analysis::new`], but with the kind decided by the caller (e.g. a file named on the
    /// command line whose extension says nothing). A DragonBones kind still needs DragonBones
    /// content: other JSON is `Other`.
    pub fn with_kind(path: Option<&Path>, text: String, fs: &dyn FileSystem, kind: Option<FileKind>) -> Analysis {
        let (kind, mut dragonbones) = match kind {
            None => classify(path, &text),
            Some(k) if k.is_dragonbones() => dragonbones(&text),
            Some(k) => (k, None),
        };
        let lines = LineIndex::new(&text);
        let mut elem = None;
        let mut diagnostics = match kind {
            FileKind::Elem => {
                let file = ElemFile::parse(&text);
                let diagnostics = file.diagnostics(&text, &lines, path, fs);
                elem = Some(file);
                diagnostics
            }
            FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => match dragonbones.as_mut() {
                Some(file) => {
                    file.pair_atlases(path, fs);
                    file.diagnostics(&text, &lines, path, fs)
                }
                None => Vec::new(),
            },
            FileKind::Other => Vec::new(),
        };
        diagnostic::sort(&mut diagnostics);
        Analysis { path: path.map(Path::to_path_buf), text, lines, kind, elem, dragonbones, diagnostics }
    }
}
