//! Noticing that the previewed file, or a file its scene was read from (an atlas, an image),
//! changed on disk: their sizes and modification times polled a few times a second, and their
//! bytes compared when those move (editors that rewrite a file unchanged cause no update).
//! Waiting pages are woken through a version counter.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, SystemTime};

/// How often the files are looked at.
const POLL: Duration = Duration::from_millis(100);

/// The files' version: 1 at the start, one more per change seen; and the files watched, as last
/// seen.
#[derive(Default)]
pub struct Changes {
    version: Mutex<u64>,
    changed: Condvar,
    watched: Mutex<HashMap<PathBuf, Seen>>,
}

impl Changes {
    pub fn version(&self) -> u64 {
        (*self.version.lock().unwrap_or_else(|e| e.into_inner())).max(1)
    }

    fn bump(&self) {
        let mut v = self.version.lock().unwrap_or_else(|e| e.into_inner());
        *v = (*v).max(1) + 1;
        self.changed.notify_all();
    }

    /// Waits until the version differs from `seen` or `timeout` passes; the version then.
    pub fn wait_past(&self, seen: u64, timeout: Duration) -> u64 {
        let guard = self.version.lock().unwrap_or_else(|e| e.into_inner());
        let (guard, _) =
            self.changed.wait_timeout_while(guard, timeout, |v| (*v).max(1) == seen).unwrap_or_else(|e| e.into_inner());
        (*guard).max(1)
    }

    /// Watches `paths` from now on, as they are now: a change is what happens after.
    pub fn watch(&self, paths: impl IntoIterator<Item = PathBuf>) {
        let mut watched = self.watched.lock().unwrap_or_else(|e| e.into_inner());
        for path in paths {
            watched.entry(path).or_insert_with_key(|p| Seen::now(p));
        }
    }

    /// Looks at every file watched; whether one changed.
    fn look(&self) -> bool {
        let mut watched = self.watched.lock().unwrap_or_else(|e| e.into_inner());
        watched.iter_mut().fold(false, |changed, (path, seen)| seen.changed(path) || changed)
    }
}

/// A file as last seen: its size and time, and its bytes (`None`: missing).
struct Seen {
    stamp: Option<(u64, SystemTime)>,
    bytes: Option<Vec<u8>>,
}

impl Seen {
    fn now(path: &Path) -> Seen {
        Seen { stamp: stamp(path), bytes: std::fs::read(path).ok() }
    }

    /// Looks again; whether the file changed.
    fn changed(&mut self, path: &Path) -> bool {
        let now = stamp(path);
        if now == self.stamp {
            return false;
        }
        self.stamp = now;
        let bytes = std::fs::read(path).ok();
        let changed = bytes != self.bytes;
        self.bytes = bytes;
        changed
    }
}

fn stamp(path: &Path) -> Option<(u64, SystemTime)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()?))
}

/// Watches `file`, and the files `changes` is told of, for ever on a thread of its own.
pub fn spawn(file: PathBuf, changes: Arc<Changes>) {
    // Taken before the URL is printed: a change made as soon as the page exists is a change.
    changes.watch([file]);
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(POLL);
            if changes.look() {
                changes.bump();
            }
        }
    });
}
