//! Work on every core, results in order: [`ordered`] runs a job per item on worker threads and
//! hands the results to the calling thread in item order, each as soon as it and every earlier
//! one are done. Workers stay at most [`WINDOW`] items ahead of the oldest unfinished one, so the
//! results waiting for their turn never pile up, however slow one item is. Within each window the
//! largest items start first: a large file started last would keep one core busy while the
//! others have nothing left to do. Up to a window of items, the workers are jobs of rayon's pool,
//! which also runs each check's own parallel work.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};

/// How far workers may run ahead of the next result to hand over.
pub const WINDOW: usize = 256;

/// The number of worker threads: every core (`RIGLS_JOBS` overrides it).
pub fn threads() -> usize {
    std::env::var("RIGLS_JOBS")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Runs `job(i, &items[i])` for every item on up to `threads` threads and calls `emit(i, result)`
/// on this thread in order of `i`. `size` says how large an item is: the largest of each window
/// start first.
pub fn ordered<I: Sync, R: Send>(
    items: &[I],
    threads: usize,
    size: impl Fn(&I) -> u64,
    job: impl Fn(usize, &I) -> R + Sync,
    mut emit: impl FnMut(usize, R),
) {
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        for (i, item) in items.iter().enumerate() {
            emit(i, job(i, item));
        }
        return;
    }
    let sizes: Vec<u64> = items.iter().map(size).collect();
    let starts = start_order(&sizes);
    let next = AtomicUsize::new(0);
    // The index of the next result to emit: workers wait while they are a window ahead of it.
    let emitted = Mutex::new(0usize);
    let advanced = Condvar::new();
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    let worker = |tx: mpsc::Sender<(usize, R)>| {
        while let Some(&i) = starts.get(next.fetch_add(1, Ordering::Relaxed)) {
            {
                let mut done = emitted.lock().unwrap_or_else(|e| e.into_inner());
                while i >= *done + WINDOW {
                    done = advanced.wait(done).unwrap_or_else(|e| e.into_inner());
                }
            }
            if tx.send((i, job(i, &items[i]))).is_err() {
                break;
            }
        }
    };
    let mut receive = |rx: mpsc::Receiver<(usize, R)>| {
        let mut waiting = BTreeMap::new();
        let mut turn = 0;
        for (i, result) in rx.iter() {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&turn) {
                emit(turn, result);
                turn += 1;
                *emitted.lock().unwrap_or_else(|e| e.into_inner()) = turn;
                advanced.notify_all();
            }
        }
    };
    let worker = &worker;
    if items.len() <= WINDOW {
        // No worker can be a window ahead, so none ever waits: the workers are jobs of rayon's
        // pool, whose threads the checks' own parallel work uses too. Threads of their own beside
        // the pool's would be more threads than cores, and a core that has no file left could
        // not help with another's work.
        rayon::in_place_scope(|scope| {
            for _ in 0..threads {
                let tx = tx.clone();
                scope.spawn(move |_| worker(tx));
            }
            drop(tx);
            receive(rx);
        });
    } else {
        // A pool thread waiting for the window could be one whose own file is what it waits
        // for (a pool thread takes other jobs while it waits on its file's parallel work).
        std::thread::scope(|scope| {
            for _ in 0..threads {
                let tx = tx.clone();
                scope.spawn(move || worker(tx));
            }
            drop(tx);
            receive(rx);
        });
    }
}

/// The order in which items start: window by window (so an item waits only for items of earlier
/// windows, all started before it), the largest of each window first (ties in item order).
fn start_order(sizes: &[u64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    for window in order.chunks_mut(WINDOW) {
        window.sort_by_key(|&i| std::cmp::Reverse(sizes[i]));
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_order_whatever_finishes_first() {
        let items: Vec<u64> = (0..1000).collect();
        let mut seen = Vec::new();
        // Early items are the slowest, so later ones finish first and wait for their turn.
        ordered(
            &items,
            4,
            |&n| n % 7,
            |i, &n| {
                if i % 97 == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
                n * 2
            },
            |i, r| seen.push((i, r)),
        );
        assert_eq!(seen, items.iter().map(|&n| (n as usize, n * 2)).collect::<Vec<_>>());
    }

    #[test]
    fn no_items_and_one_thread() {
        let mut seen = Vec::new();
        ordered(&[] as &[u8], 8, |_| 0, |_, _| 0, |i, r: i32| seen.push((i, r)));
        ordered(&[7u8, 8], 1, |_| 0, |i, &n| i as i32 + n as i32, |i, r| seen.push((i, r)));
        assert_eq!(seen, [(0, 7), (1, 9)]);
    }

    #[test]
    fn the_largest_items_of_each_window_start_first() {
        assert_eq!(start_order(&[3, 9, 1, 9, 4]), [1, 3, 4, 0, 2]);
        let mut sizes = vec![0; WINDOW + 2];
        sizes[WINDOW - 1] = 5;
        sizes[WINDOW + 1] = 7;
        let order = start_order(&sizes);
        assert_eq!(order[..2], [WINDOW - 1, 0]);
        assert_eq!(order[WINDOW..], [WINDOW + 1, WINDOW]);
    }

    #[test]
    fn a_window_of_items_runs_on_the_pool_in_order_with_more_workers_than_threads() {
        let items: Vec<u64> = (0..WINDOW as u64).collect();
        let mut seen = Vec::new();
        // Each item also splits work over the pool, as a check does.
        let job = |i: usize, &n: &u64| {
            if i.is_multiple_of(31) {
                std::thread::sleep(std::time::Duration::from_millis(3));
            }
            let halves = rayon::join(|| n, || n);
            halves.0 + halves.1
        };
        ordered(&items, 2 * rayon::current_num_threads() + 1, |&n| n % 5, job, |i, r| seen.push((i, r)));
        assert_eq!(seen, items.iter().map(|&n| (n as usize, n * 2)).collect::<Vec<_>>());
    }

    #[test]
    fn results_come_in_order_when_the_largest_start_first() {
        let items: Vec<u64> = (0..600).collect();
        let mut seen = Vec::new();
        ordered(&items, 3, |&n| (n * 7919) % 1000, |_, &n| n + 1, |i, r| seen.push((i, r)));
        assert_eq!(seen, items.iter().map(|&n| (n as usize, n + 1)).collect::<Vec<_>>());
    }
}
