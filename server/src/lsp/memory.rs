//! Giving memory back to the system after the peaks a language server lives by.
//!
//! A big document makes every analysis, token list and answer of it many megabytes; each is
//! dropped once the next version replaces it. With glibc's defaults that memory mostly stays in
//! the process: each blocking-pool thread gets its own arena, the threshold above which a block
//! is mapped on its own rises to the largest block freed so far (so later 10 MB buffers come from
//! an arena), and an arena returns pages only from its top. Measured on a 10 MiB skeleton, a
//! session of 20 edits ended at 23–50× the file resident (BENCHMARKS.md "Server memory").
//!
//! So the server (not the CLI, whose process ends after one pass) caps the arenas, keeps the
//! mapping threshold at 1 MiB (large blocks come from and go back to the system on their own), and
//! trims the arenas' free pages after an analysis settles and after a large answer is written.

use std::sync::atomic::{AtomicBool, Ordering};

/// Blocks of at least this many bytes are mapped on their own and unmapped when freed.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MAP_ON_THEIR_OWN: libc::c_int = 1 << 20;

/// Answers larger than this are worth a trim after they are written.
pub const LARGE_ANSWER: usize = 1 << 20;

/// Sets the allocator up for a long-lived server. Call before the runtime starts its threads.
pub fn tune_for_server() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes glibc's tunables; no memory is touched.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
        libc::mallopt(libc::M_MMAP_THRESHOLD, MAP_ON_THEIR_OWN);
    }
}

static TRIM_PENDING: AtomicBool = AtomicBool::new(false);

/// Returns the allocator's free pages to the system, soon and on a blocking thread (a trim walks
/// the arenas: a millisecond or two with a big document open, not for the latency path). Calls
/// while one is pending are one trim.
pub fn release_soon() {
    if TRIM_PENDING.swap(true, Ordering::AcqRel) {
        return;
    }
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        TRIM_PENDING.store(false, Ordering::Release);
        return;
    };
    runtime.spawn_blocking(|| {
        TRIM_PENDING.store(false, Ordering::Release);
        release_now();
    });
}

/// Returns the allocator's free pages to the system now.
pub fn release_now() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free memory the allocator owns.
    unsafe {
        libc::malloc_trim(0);
    }
}
