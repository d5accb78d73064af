//! Timing helpers: best-of-n and percentiles in-process, and a child process's wall time, CPU
//! time and peak resident set size (from `wait4`'s rusage: the kernel's own high-water mark).

use std::process::Command;
use std::time::{Duration, Instant};

pub fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(f());
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The `p`-th percentile (0–100) of `samples`, nearest rank.
pub fn percentile(samples: &[Duration], p: f64) -> Duration {
    let mut sorted = samples.to_vec();
    sorted.sort();
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

pub struct ProcessRun {
    pub wall: Duration,
    /// User + system CPU time.
    pub cpu: Duration,
    pub peak_rss_bytes: u64,
    pub exit_code: i32,
}

/// Runs `command` to completion (output discarded) and measures it, through a fresh copy of this
/// benchmark (`--measure-child`): a child's peak RSS counts the memory of the process it was
/// forked from, and this one holds hundreds of megabytes of generated input.
pub fn run_process(command: &mut Command) -> ProcessRun {
    let mut helper = Command::new(std::env::current_exe().expect("the benchmark's path"));
    helper.arg("--measure-child").arg(command.get_program()).args(command.get_args());
    if let Some(dir) = command.get_current_dir() {
        helper.current_dir(dir);
    }
    for (key, value) in command.get_envs() {
        match value {
            Some(value) => helper.env(key, value),
            None => helper.env_remove(key),
        };
    }
    let output = helper.stderr(std::process::Stdio::inherit()).output().expect("run the measuring helper");
    let line = String::from_utf8_lossy(&output.stdout);
    let numbers: Vec<u64> = line.split_whitespace().filter_map(|n| n.parse().ok()).collect();
    assert_eq!(numbers.len(), 4, "helper said: {line}");
    ProcessRun {
        wall: Duration::from_nanos(numbers[0]),
        cpu: Duration::from_nanos(numbers[1]),
        peak_rss_bytes: numbers[2],
        exit_code: numbers[3] as i32,
    }
}

/// `--measure-child PROGRAM ARGS…`: runs the program and prints wall ns, CPU ns, peak RSS bytes
/// and exit code.
pub fn child_main(args: &[String]) -> ! {
    let run = measure_directly(Command::new(&args[0]).args(&args[1..]));
    println!(
        "{} {} {} {}",
        run.wall.as_nanos(),
        run.cpu.as_nanos(),
        run.peak_rss_bytes,
        run.exit_code.max(0) as u64 + if run.exit_code < 0 { 255 } else { 0 }
    );
    std::process::exit(0)
}

fn measure_directly(command: &mut Command) -> ProcessRun {
    let start = Instant::now();
    let child = command
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: `rusage` is plain data, and `wait4` writes it for our own child, which `Child`
    // never waits for (it is dropped without waiting).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let wall = start.elapsed();
    assert_eq!(waited, pid, "wait4 failed");
    drop(child);
    let time = |t: libc::timeval| Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64);
    ProcessRun {
        wall,
        cpu: time(usage.ru_utime) + time(usage.ru_stime),
        // Linux reports kilobytes.
        peak_rss_bytes: usage.ru_maxrss as u64 * 1024,
        exit_code: if libc::WIFEXITED(status) { libc::WEXITSTATUS(status) } else { -1 },
    }
}

/// The run with the shortest wall time of `runs`.
pub fn best_process(runs: usize, mut command: impl FnMut() -> Command) -> ProcessRun {
    (0..runs).map(|_| run_process(&mut command())).min_by_key(|r| r.wall).expect("at least one run")
}

/// Cores and load average, to judge how quiet the machine was.
pub fn machine() -> String {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load: Vec<&str> = load.split_whitespace().take(3).collect();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!("Machine: {cores} cores, load average {} (1, 5, 15 min).", load.join(" "))
}

pub fn mb(bytes: u64) -> f64 {
    bytes as f64 / 1e6
}
