//! Work split over the cores: rayon's pool, with each piece run under the cancellation token of
//! the thread that split it ([`crate::cancel`]), so a superseded analysis stops on every thread.
//!
//! [`join`] runs two closures, [`map`] one per item, results in item order. Either may run
//! everything on the calling thread (rayon hands work to another thread only when one is idle),
//! and a panic of any piece, a cancellation among them, goes on unwinding in the caller once
//! every piece has stopped.

use crate::cancel;

/// Texts from this many bytes on are analysed with their work split where it splits (below it
/// the split costs more than it saves).
pub const PARALLEL_ABOVE: usize = 1 << 20;

/// `f`, run under `token` when there is one.
fn under<R>(token: &Option<cancel::Token>, f: impl FnOnce() -> R) -> R {
    match token {
        Some(token) => cancel::run(token, f),
        None => f(),
    }
}

/// Runs `a` and `b`, on two threads when one is free; returns both results.
pub fn join<A: Send, B: Send>(a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B + Send) -> (A, B) {
    let token = cancel::current();
    rayon::join(|| under(&token, a), || under(&token, b))
}

/// `f` of every item, on every free thread when `parallel`, else in turn on this one; the
/// results in item order either way.
pub fn map<T: Sync, R: Send>(items: &[T], parallel: bool, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use rayon::prelude::*;
    if !parallel {
        return items.iter().map(f).collect();
    }
    let token = cancel::current();
    items.par_iter().map(|item| under(&token, || f(item))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_run_under_the_callers_token_and_results_keep_their_order() {
        let token = cancel::Token::default();
        let items: Vec<usize> = (0..100).collect();
        let (doubled, sum) = cancel::run(&token, || {
            join(|| map(&items, true, |&i| (i * 2, cancel::current().is_some())), || items.iter().sum::<usize>())
        });
        assert_eq!(doubled, items.iter().map(|&i| (i * 2, true)).collect::<Vec<_>>());
        assert_eq!(sum, 4950);
        assert_eq!(map(&items, false, |&i| i + 1), (1..101).collect::<Vec<_>>());
    }

    #[test]
    fn a_cancelled_token_stops_every_piece_and_unwinds_in_the_caller() {
        let token = cancel::Token::default();
        token.cancel();
        let items = [1, 2, 3];
        let outcome = std::panic::catch_unwind(|| {
            cancel::run(&token, || {
                map(&items, true, |_| {
                    cancel::check();
                    0
                })
            })
        });
        assert!(outcome.is_err_and(|p| cancel::is_cancelled(&*p)));
        let outcome = std::panic::catch_unwind(|| cancel::run(&token, || join(|| 1, cancel::check)));
        assert!(outcome.is_err_and(|p| cancel::is_cancelled(&*p)));
    }
}
