//! The allocator's settings for a `--check` run: huge pages for the heap.
//!
//! A large model's analysis allocates its syntax tree, line index and model in many vectors that
//! grow as they fill; each 4 KiB page the kernel maps in on first touch costs a fault (25 000 of
//! them for the 53 MB generated model, a sixth of the check's CPU time). glibc's allocator can
//! ask for 2 MiB pages instead (`madvise(MADV_HUGEPAGE)` on the memory it takes from the system,
//! in steps large enough to hold whole huge pages), but it reads that setting only from the
//! environment, when a process starts: so a `--check` of large inputs starts itself again with
//! it, unless `GLIBC_TUNABLES` is already set (by the user, or by this). The kernel may decline
//! the advice (`/sys/kernel/mm/transparent_hugepage/enabled` set to `never`); nothing else
//! changes.

use std::path::PathBuf;

/// glibc's settings: advise huge pages, and grow the heap 64 MiB at a time (so that each step
/// holds whole huge pages; untouched, the step is address space only).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const TUNABLES: &str = "glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864";

/// From this many bytes of named files on, the restart (about 1 ms) pays: huge pages saved
/// 10 ms on the 4 MB of the DragonBones corpus, 60 ms on the 53 MB model.
const LARGE: u64 = 1 << 20;

/// Whether a check of `paths` is worth the restart: its files hold at least [`LARGE`] bytes, or
/// it names a directory (which may hold any amount). Stdin (`-`) counts for nothing.
fn worth_restarting(paths: &[PathBuf]) -> bool {
    let mut bytes = 0;
    for path in paths.iter().filter(|p| p.as_os_str() != "-") {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => return true,
            Ok(meta) => bytes += meta.len(),
            Err(_) => {}
        }
    }
    bytes >= LARGE
}

/// Runs this process again with [`TUNABLES`] in its environment, the same arguments, standard
/// streams and process id, when checking `paths` is worth it ([`worth_restarting`]); returns
/// only when it does not (another platform, `GLIBC_TUNABLES` already set, small inputs, or the
/// exec failed), and the run goes on as it is. Call it before any thread starts and before
/// stdin is read.
pub fn restart_with_huge_pages(paths: &[PathBuf]) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        use std::os::unix::process::CommandExt;
        if std::env::var_os("GLIBC_TUNABLES").is_some() || !worth_restarting(paths) {
            return;
        }
        let mut args = std::env::args_os();
        let Some(arg0) = args.next() else { return };
        // `/proc/self/exe` is this very binary, even if its file was replaced since it started.
        let _failed =
            std::process::Command::new("/proc/self/exe").arg0(arg0).args(args).env("GLIBC_TUNABLES", TUNABLES).exec();
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    let _ = (paths, worth_restarting);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_files_and_directories_are_worth_the_restart_small_files_and_stdin_are_not() {
        let dir = tempfile::tempdir().unwrap();
        let small = dir.path().join("small.elem");
        std::fs::write(&small, vec![b'\n'; 1000]).unwrap();
        let large = dir.path().join("large.elem");
        std::fs::write(&large, vec![b'\n'; LARGE as usize]).unwrap();
        let missing = dir.path().join("missing.elem");
        let stdin = PathBuf::from("-");
        assert!(!worth_restarting(&[small.clone(), stdin.clone(), missing.clone()]));
        assert!(worth_restarting(&[large]));
        assert!(worth_restarting(&[small, dir.path().to_path_buf()]));
        assert!(!worth_restarting(&[stdin, missing]));
    }
}
