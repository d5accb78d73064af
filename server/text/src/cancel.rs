//! Cooperative cancellation of a long computation: the analysis of a document version that a newer
//! edit has superseded.
//!
//! The computation runs under a [`Token`] ([`run`]); the engines call [`check`] at points where
//! stopping is harmless (each line, object or scope), and once the token is cancelled `check`
//! unwinds with a [`Cancelled`] payload, which the caller catches (`catch_unwind`; the language
//! server catches every panic of an analysis anyway). Outside [`run`], `check` does nothing, so
//! the command line and the tests never stop early.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The payload a cancelled computation unwinds with.
#[derive(Debug)]
pub struct Cancelled;

/// Shared between the computation and whoever may cancel it.
#[derive(Clone, Debug, Default)]
pub struct Token(Arc<AtomicBool>);

impl Token {
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Token>> = const { RefCell::new(None) };
}

/// Runs `f` on this thread under `token`.
pub fn run<R>(token: &Token, f: impl FnOnce() -> R) -> R {
    struct Reset(Option<Token>);
    impl Drop for Reset {
        fn drop(&mut self) {
            let previous = self.0.take();
            CURRENT.with(|c| *c.borrow_mut() = previous);
        }
    }
    let _reset = Reset(CURRENT.with(|c| c.replace(Some(token.clone()))));
    f()
}

/// The token this thread runs under, to run a part of its computation on another thread under
/// it as well.
pub fn current() -> Option<Token> {
    CURRENT.with(|c| c.borrow().clone())
}

/// Texts from this many bytes on are analysed on two threads where the work splits (below it a
/// thread costs more than it saves).
pub const PARALLEL_ABOVE: usize = 1 << 20;

/// Runs `side` on another thread, under this thread's token, while `main` runs on this one; a
/// panic of either (a cancellation among them) goes on unwinding here.
pub fn join<A: Send, B>(side: impl FnOnce() -> A + Send, main: impl FnOnce() -> B) -> (A, B) {
    let token = current();
    let here = cores::current();
    let (main, side) = std::thread::scope(|scope| {
        let side = scope.spawn(move || {
            cores::leave(here);
            match &token {
                Some(token) => run(token, side),
                None => side(),
            }
        });
        let main = main();
        (main, side.join())
    });
    match side {
        Ok(side) => (side, main),
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// Where the threads of a [`join`] run.
///
/// A new thread is placed where the load was lowest lately, which at the start of an analysis is
/// often the core of the thread that spawned it. Two threads busy on one core are
/// each "cache-hot", and the scheduler left them sharing it for 15–20 ms with the other core
/// idle (seen in the open of a large document, where a reading thread had just finished on the
/// other core). So a side thread that finds itself on its caller's core moves off it once.
mod cores {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    pub fn current() -> Option<usize> {
        // SAFETY: sched_getcpu reads the calling thread's CPU and touches no memory.
        usize::try_from(unsafe { libc::sched_getcpu() }).ok()
    }

    /// Moves this thread to another allowed core if it runs on `core`, then allows it every core
    /// it was allowed before.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    pub fn leave(core: Option<usize>) {
        let Some(core) = core else { return };
        if current() != Some(core) {
            return;
        }
        // SAFETY: the affinity calls read and write a `cpu_set_t` owned here, for this thread (0).
        unsafe {
            let mut allowed: libc::cpu_set_t = std::mem::zeroed();
            let size = std::mem::size_of::<libc::cpu_set_t>();
            if libc::sched_getaffinity(0, size, &mut allowed) != 0 || !libc::CPU_ISSET(core, &allowed) {
                return;
            }
            let mut elsewhere = allowed;
            libc::CPU_CLR(core, &mut elsewhere);
            if libc::CPU_COUNT(&elsewhere) == 0 {
                return;
            }
            if libc::sched_setaffinity(0, size, &elsewhere) == 0 {
                libc::sched_setaffinity(0, size, &allowed);
            }
        }
    }

    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    pub fn current() -> Option<usize> {
        None
    }

    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    pub fn leave(_core: Option<usize>) {}
}

/// Stops the computation (by unwinding with [`Cancelled`]) if its token has been cancelled.
#[inline]
pub fn check() {
    let cancelled = CURRENT.with(|c| c.borrow().as_ref().is_some_and(Token::is_cancelled));
    if cancelled {
        std::panic::resume_unwind(Box::new(Cancelled));
    }
}

/// Whether a caught panic is a cancellation.
pub fn is_cancelled(payload: &(dyn std::any::Any + Send)) -> bool {
    payload.is::<Cancelled>()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A side thread moved off its caller's core is then allowed every core again, and runs.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[test]
    fn a_side_thread_keeps_the_cores_it_was_allowed() {
        fn allowed() -> Vec<usize> {
            // SAFETY: reads this thread's affinity into a set owned here.
            let set = unsafe {
                let mut set: libc::cpu_set_t = std::mem::zeroed();
                assert_eq!(libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set), 0);
                set
            };
            (0..libc::CPU_SETSIZE as usize).filter(|&c| unsafe { libc::CPU_ISSET(c, &set) }).collect()
        }
        for _ in 0..20 {
            let (side, main) = join(allowed, allowed);
            assert_eq!(side, main);
        }
    }

    #[test]
    fn check_unwinds_only_under_a_cancelled_token() {
        check();
        let token = Token::default();
        assert_eq!(run(&token, || 1), 1);
        token.cancel();
        let outcome = std::panic::catch_unwind(|| run(&token, check));
        assert!(outcome.is_err_and(|p| is_cancelled(&*p)));
        // The token is gone once `run` has returned, even by unwinding.
        check();
    }
}
