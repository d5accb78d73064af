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

/// From this many bytes of named `.elem` files on, the restart (about 1 ms) pays: huge pages
/// saved 60 ms of the 53 MB generated model's 320 ms, for 14 MB more peak RSS (167 MB).
const LARGE: u64 = 1 << 20;

/// Whether a check of `paths` is worth the restart: its `.elem` files hold at least [`LARGE`]
/// bytes. Not DragonBones JSON: its parse spreads over threads whose heaps then held partly used
/// huge pages, and a 21 MB minified skeleton's peak RSS rose from 83 to 127 MB (past its goal of
/// 4× the file + 30 MB) for 12 % less CPU. Directories and stdin (`-`) count for nothing.
fn worth_restarting(paths: &[PathBuf]) -> bool {
    let elem = |p: &&PathBuf| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("elem"));
    let bytes: u64 = paths
        .iter()
        .filter(elem)
        .filter_map(|p| std::fs::metadata(p).ok())
        .filter(|m| m.is_file())
        .map(|m| m.len())
        .sum();
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
    fn large_elem_files_are_worth_the_restart_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, size: u64| {
            let path = dir.path().join(name);
            std::fs::write(&path, vec![b'\n'; size as usize]).unwrap();
            path
        };
        let (small, half, large) =
            (write("small.elem", 1000), write("half.ELEM", LARGE / 2), write("large.elem", LARGE));
        let json = write("large_ske.json", 2 * LARGE);
        let (missing, stdin) = (dir.path().join("missing.elem"), PathBuf::from("-"));
        assert!(worth_restarting(&[large]));
        assert!(worth_restarting(&[half.clone(), half.clone()]));
        assert!(!worth_restarting(&[small, half, stdin, missing]));
        assert!(!worth_restarting(&[json, dir.path().to_path_buf()]));
    }
}
