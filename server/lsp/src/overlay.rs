//! The file system the rules see from the editor: open documents' current text over the disk.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::documents::{DocText, Documents};
use super::scheduler::Dependencies;
use rigls_diagnostic::env::{FileSystem, RealFs};

#[derive(Clone)]
pub struct OverlayFs {
    docs: Arc<Documents>,
}

impl OverlayFs {
    pub fn new(docs: Arc<Documents>) -> OverlayFs {
        OverlayFs { docs }
    }
}

impl OverlayFs {
    /// The text of the open document at `path`. An open binary skeleton (`.dbbin`) is the JSON
    /// view of the file, never its content: the file is read from the disk.
    fn open_text(&self, path: &Path) -> Option<DocText> {
        if rigls_ide::is_binary_path(Some(path)) {
            return None;
        }
        self.docs.text_at(path)
    }
}

impl FileSystem for OverlayFs {
    fn exists(&self, path: &Path) -> bool {
        self.open_text(path).is_some() || RealFs.exists(path)
    }

    fn read_to_string(&self, path: &Path) -> Option<String> {
        match self.open_text(path) {
            Some(text) => Some(text.into_string()),
            None => RealFs.read_to_string(path),
        }
    }

    fn read_head(&self, path: &Path, len: usize) -> Option<Vec<u8>> {
        match self.open_text(path) {
            Some(text) => Some(text.head(len)),
            None => RealFs.read_head(path, len),
        }
    }

    fn list_dir(&self, dir: &Path) -> Vec<PathBuf> {
        let mut out = RealFs.list_dir(dir);
        out.extend(self.docs.paths_in(dir));
        out.sort();
        out.dedup();
        out
    }
}

/// Wraps a file system and remembers what was asked of it.
pub struct RecordingFs<'a> {
    inner: &'a dyn FileSystem,
    seen: Mutex<Dependencies>,
}

impl<'a> RecordingFs<'a> {
    pub fn new(inner: &'a dyn FileSystem) -> RecordingFs<'a> {
        RecordingFs { inner, seen: Mutex::new(Dependencies::default()) }
    }

    pub fn into_dependencies(self) -> Dependencies {
        self.seen.into_inner().unwrap_or_else(|e| e.into_inner())
    }

    fn record(&self, f: impl FnOnce(&mut Dependencies)) {
        f(&mut self.seen.lock().unwrap_or_else(|e| e.into_inner()));
    }
}

impl FileSystem for RecordingFs<'_> {
    fn exists(&self, path: &Path) -> bool {
        self.record(|d| d.files.push(path.to_path_buf()));
        self.inner.exists(path)
    }

    fn read_to_string(&self, path: &Path) -> Option<String> {
        self.record(|d| d.files.push(path.to_path_buf()));
        self.inner.read_to_string(path)
    }

    fn read_head(&self, path: &Path, len: usize) -> Option<Vec<u8>> {
        self.record(|d| d.files.push(path.to_path_buf()));
        self.inner.read_head(path, len)
    }

    fn list_dir(&self, dir: &Path) -> Vec<PathBuf> {
        self.record(|d| d.dirs.push(dir.to_path_buf()));
        self.inner.list_dir(dir)
    }
}
