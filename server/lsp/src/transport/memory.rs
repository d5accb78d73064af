//! Giving memory back to the system after the peaks a language server lives by.
//!
//! A big document makes every analysis, token list and answer of it many megabytes; each is
//! dropped once the next version replaces it. With glibc's defaults that memory mostly stays in
//! the process: each blocking-pool thread gets its own arena, the threshold above which a block
//! is mapped on its own rises to the largest block freed so far (so later 10 MB buffers come from
//! an arena), and an arena returns pages only from its top. Measured on a 10 MiB skeleton, a
//! session of 20 edits ended at 23–56× the file resident (BENCHMARKS.md "Server memory").
//!
//! So the server (not the CLI, whose process ends after one pass) tunes the allocator
//! ([`tune_for_server`]) and, once it has been idle for a moment after an analysis, a large answer
//! or a close, trims the arenas' free pages (`malloc_trim` also releases free pages in the middle
//! of an arena). Not while work goes on: pages given back are faulted in again by the next
//! allocation. Measured (BENCHMARKS.md, seventh round) on the open of a 17 MB skeleton and 20
//! edits of 10 MiB files:
//! - glibc's own trimming, at every `free` that leaves a large free top of the heap, is turned
//!   off: mid-analysis it gave back what the next vectors took again as fresh pages (the open:
//!   34,600 page faults with it, 17,700 without). Setting it also fixes the mapping threshold at
//!   128 KB: large blocks are mapped on their own and go back whole when freed (the peak of an
//!   editing session 16–20× the file → 11–13×), at some cost to each edit (fresh pages for its
//!   tree: 15 → 21 ms on the minified skeleton). A 32 MB threshold kept edits at 14 ms but ended
//!   sessions at 9–11× the file, which even `malloc_trim` did not give back.
//! - Up to 8 arenas, as many as an analysis has threads and more: with 2, the two threads of a
//!   large file's rules often shared one arena and took turns on its lock (an open took 280–320
//!   ms in half the runs instead of 180, and 100 ms more CPU). Settled memory after the edits is
//!   within the run-to-run spread of 2 arenas (±0.4× the file).

use std::sync::atomic::{AtomicU64, Ordering};

/// Answers larger than this are worth a trim after they are written.
pub const LARGE_ANSWER: usize = 1 << 20;

/// Sets the allocator up for a long-lived server. Call before the runtime starts its threads.
pub fn tune_for_server() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes glibc's tunables; no memory is touched.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 8);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 1 << 30);
    }
}

/// How long the server waits without new work before it trims.
pub const IDLE: std::time::Duration = std::time::Duration::from_millis(750);

/// Bumped by every call of [`release_when_idle`]: a waiting trim that sees it moved gives way.
static LATEST: AtomicU64 = AtomicU64::new(0);

/// Returns the allocator's free pages to the system on a blocking thread once [`IDLE`] has passed
/// without another call (a trim walks the arenas: a millisecond or two with a big document open).
pub fn release_when_idle() {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
    let mine = LATEST.fetch_add(1, Ordering::AcqRel) + 1;
    runtime.spawn(async move {
        tokio::time::sleep(IDLE).await;
        if LATEST.load(Ordering::Acquire) == mine {
            let _ = tokio::task::spawn_blocking(release_now).await;
        }
    });
}

/// Returns the allocator's free pages, and the buffers kept for documents' next versions, to the
/// system now.
pub fn release_now() {
    rigls_ide::release_spares();
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free memory the allocator owns.
    unsafe {
        libc::malloc_trim(0);
    }
}
