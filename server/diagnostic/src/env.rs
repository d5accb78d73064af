//! What rules may ask of the world outside the file being checked.
//!
//! Rules never touch the disk themselves: the CLI passes the real file system, the language
//! server one that prefers the editor's unsaved buffers, and tests an in-memory map.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

pub trait FileSystem: Send + Sync {
    fn exists(&self, path: &Path) -> bool;
    /// The file's text, or `None` when it cannot be read as UTF-8.
    fn read_to_string(&self, path: &Path) -> Option<String>;
    /// The entries of a directory (files only), sorted.
    fn list_dir(&self, dir: &Path) -> Vec<PathBuf>;
    /// The first `len` bytes of a file (fewer when it is shorter), e.g. an image's header.
    fn read_head(&self, path: &Path, len: usize) -> Option<Vec<u8>>;
}

/// The width and height a PNG file's header declares.
pub fn png_size(fs: &dyn FileSystem, path: &Path) -> Option<(u32, u32)> {
    let head = fs.read_head(path, 24)?;
    if head.len() < 24 || &head[..8] != b"\x89PNG\r\n\x1a\n" || &head[12..16] != b"IHDR" {
        return None;
    }
    let word = |at: usize| u32::from_be_bytes([head[at], head[at + 1], head[at + 2], head[at + 3]]);
    Some((word(16), word(20)))
}

/// The real file system.
pub struct RealFs;

impl FileSystem for RealFs {
    fn exists(&self, path: &Path) -> bool {
        path.exists()
    }

    fn read_to_string(&self, path: &Path) -> Option<String> {
        std::fs::read_to_string(path).ok()
    }

    fn read_head(&self, path: &Path, len: usize) -> Option<Vec<u8>> {
        use std::io::Read;
        // (`len` may be `usize::MAX`: the whole file.)
        let mut out = Vec::with_capacity(len.min(1 << 16));
        std::fs::File::open(path).ok()?.take(len as u64).read_to_end(&mut out).ok()?;
        Some(out)
    }

    fn list_dir(&self, dir: &Path) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .map(|e| e.path())
            .collect();
        out.sort();
        out
    }
}

/// Whether a file name is an image's, by its extension (any letter case): what texture and
/// atlas image names name.
pub fn is_image_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    [".png", ".jpg", ".jpeg", ".bmp", ".tga", ".dds", ".gif", ".tif", ".tiff"].iter().any(|e| lower.ends_with(e))
}

/// An in-memory file system for tests, and an overlay of open buffers in the server.
#[derive(Default, Clone)]
pub struct MemoryFs {
    pub files: HashMap<PathBuf, String>,
    /// Files that are not text (images).
    pub binaries: HashMap<PathBuf, Vec<u8>>,
}

impl MemoryFs {
    pub fn with(mut self, path: impl Into<PathBuf>, text: impl Into<String>) -> MemoryFs {
        self.files.insert(path.into(), text.into());
        self
    }
}

impl FileSystem for MemoryFs {
    fn exists(&self, path: &Path) -> bool {
        self.files.contains_key(path) || self.binaries.contains_key(path)
    }

    fn read_to_string(&self, path: &Path) -> Option<String> {
        self.files.get(path).cloned()
    }

    fn read_head(&self, path: &Path, len: usize) -> Option<Vec<u8>> {
        let bytes = match self.binaries.get(path) {
            Some(b) => b.as_slice(),
            None => self.files.get(path)?.as_bytes(),
        };
        Some(bytes[..len.min(bytes.len())].to_vec())
    }

    fn list_dir(&self, dir: &Path) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = self.files.keys().filter(|p| p.parent() == Some(dir)).cloned().collect();
        out.sort();
        out
    }
}
