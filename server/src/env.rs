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

/// An in-memory file system for tests, and an overlay of open buffers in the server.
#[derive(Default, Clone)]
pub struct MemoryFs {
    pub files: HashMap<PathBuf, String>,
}

impl MemoryFs {
    pub fn with(mut self, path: impl Into<PathBuf>, text: impl Into<String>) -> MemoryFs {
        self.files.insert(path.into(), text.into());
        self
    }
}

impl FileSystem for MemoryFs {
    fn exists(&self, path: &Path) -> bool {
        self.files.contains_key(path)
    }

    fn read_to_string(&self, path: &Path) -> Option<String> {
        self.files.get(path).cloned()
    }

    fn list_dir(&self, dir: &Path) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = self.files.keys().filter(|p| p.parent() == Some(dir)).cloned().collect();
        out.sort();
        out
    }
}
