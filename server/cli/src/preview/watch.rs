//! Noticing that the previewed file changed on disk: its size and modification time polled a few
//! times a second, and its text compared when they move (editors that rewrite a file unchanged
//! cause no update). Waiting pages are woken through a version counter.

use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, SystemTime};

/// How often the file is looked at.
const POLL: Duration = Duration::from_millis(100);

/// The file's version: 1 at the start, one more per change seen.
#[derive(Default)]
pub struct Changes {
    version: Mutex<u64>,
    changed: Condvar,
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
}

/// Watches `file` for ever on a thread of its own.
pub fn spawn(file: PathBuf, changes: Arc<Changes>) {
    let stamp = |file: &PathBuf| -> Option<(u64, SystemTime)> {
        let meta = std::fs::metadata(file).ok()?;
        Some((meta.len(), meta.modified().ok()?))
    };
    // Taken before the URL is printed: a change made as soon as the page exists is a change.
    let mut last_stamp = stamp(&file);
    let mut last_text = std::fs::read(&file).ok();
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(POLL);
            let now = stamp(&file);
            if now == last_stamp {
                continue;
            }
            last_stamp = now;
            let text = std::fs::read(&file).ok();
            if text != last_text {
                last_text = text;
                changes.bump();
            }
        }
    });
}
