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
/// it as well ([`crate::parallel`]).
pub fn current() -> Option<Token> {
    CURRENT.with(|c| c.borrow().clone())
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
