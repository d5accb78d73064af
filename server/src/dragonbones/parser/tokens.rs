//! The tokens the parser reads: lexed as it asks for them or, in a large text, by a thread that
//! runs ahead of it. Lexing is more than half of a large file's parse, and the parse is the part
//! of an analysis that nothing else can run beside, so the two share it: the thread lexes
//! chunks of tokens into a short queue while the parser builds the tree from the previous ones.
//! The parser reads the same tokens in the same order either way.

use std::sync::mpsc::{self, Receiver, Sender, SyncSender};

use crate::dragonbones::lexer::{Lexer, Token};

/// Tokens per chunk (96 KB), and chunks lexed ahead at most: the queue stays small however
/// large the text.
const CHUNK: usize = 1 << 13;
const CHUNKS_AHEAD: usize = 4;

pub(super) struct Tokens<'a> {
    lexer: Lexer<'a>,
    /// Tokens from the thread ahead, until the parser restarts the lexing elsewhere.
    ahead: Option<Ahead>,
}

struct Ahead {
    chunk: Vec<Token>,
    at: usize,
    /// The chunk is the last one (shorter than [`CHUNK`]).
    last: bool,
    full: Receiver<Vec<Token>>,
    /// Read chunks go back to the thread to be filled again.
    spent: Sender<Vec<Token>>,
}

impl<'a> Tokens<'a> {
    pub(super) fn lexed_here(lexer: Lexer<'a>) -> Tokens<'a> {
        Tokens { lexer, ahead: None }
    }

    /// Runs `parse` with the tokens of `text` lexed on another thread; the thread stops when
    /// `parse` has returned (its queue closed) if it has not stopped before.
    pub(super) fn lexed_ahead<R>(text: &'a str, parse: impl FnOnce(Tokens<'a>) -> R) -> R {
        let (full_sender, full) = mpsc::sync_channel(CHUNKS_AHEAD);
        let (spent, spent_receiver) = mpsc::channel();
        let ahead = Ahead { chunk: Vec::new(), at: 0, last: false, full, spent };
        let tokens = Tokens { lexer: Lexer::new(""), ahead: Some(ahead) };
        crate::cancel::join(move || lex_ahead(Lexer::new(text), full_sender, spent_receiver), move || parse(tokens)).1
    }

    #[inline(always)]
    pub(super) fn next(&mut self) -> Option<Token> {
        match &mut self.ahead {
            None => self.lexer.next(),
            Some(ahead) => ahead.next(),
        }
    }

    /// Lexes on from byte `at` of `text`, here (a recovery that re-reads part of a token).
    pub(super) fn restart_at(&mut self, text: &'a str, at: usize) {
        self.ahead = None;
        self.lexer = Lexer::at(text, at);
    }
}

impl Ahead {
    #[inline(always)]
    fn next(&mut self) -> Option<Token> {
        match self.chunk.get(self.at) {
            Some(&token) => {
                self.at += 1;
                Some(token)
            }
            None => self.next_chunk(),
        }
    }

    #[cold]
    #[inline(never)]
    fn next_chunk(&mut self) -> Option<Token> {
        if self.last {
            return None;
        }
        let spent = std::mem::take(&mut self.chunk);
        if spent.capacity() > 0 {
            // The thread may have finished already: then the chunk is simply dropped.
            let _ = self.spent.send(spent);
        }
        // A closed queue (the thread stopped) ends the tokens.
        self.chunk = self.full.recv().unwrap_or_default();
        self.last = self.chunk.len() < CHUNK;
        self.at = 1;
        self.chunk.first().copied()
    }
}

/// The thread ahead: fills chunks until the text ends or the parser is gone.
fn lex_ahead(mut lexer: Lexer<'_>, full: SyncSender<Vec<Token>>, spent: Receiver<Vec<Token>>) {
    loop {
        let mut chunk = spent.try_recv().unwrap_or_else(|_| Vec::with_capacity(CHUNK));
        chunk.clear();
        chunk.extend(lexer.by_ref().take(CHUNK));
        let last = chunk.len() < CHUNK;
        if full.send(chunk).is_err() || last {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(mut tokens: Tokens<'_>) -> Vec<Token> {
        std::iter::from_fn(|| tokens.next()).collect()
    }

    #[test]
    fn the_thread_ahead_gives_the_tokens_lexing_here_gives() {
        // Chunk boundaries at every place: texts of exactly one chunk of tokens, one more, one
        // fewer, and none.
        for count in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 7] {
            let text = format!("[{}]", "1,".repeat(count / 2));
            let here = all(Tokens::lexed_here(Lexer::new(&text)));
            let ahead = Tokens::lexed_ahead(&text, all);
            assert_eq!(ahead, here, "{count}");
        }
    }

    #[test]
    fn a_restart_reads_on_here() {
        let text = format!("[{}\"a\"]", "1,".repeat(CHUNK));
        let restarted = Tokens::lexed_ahead(&text, |mut tokens| {
            let first = tokens.next();
            tokens.restart_at(&text, text.len() - 4);
            (first, all(tokens))
        });
        let tail = all(Tokens::lexed_here(Lexer::at(&text, text.len() - 4)));
        assert_eq!(restarted.0.map(|t| t.range.start), Some(0));
        assert_eq!(restarted.1, tail);
    }

    #[test]
    fn a_parser_that_stops_early_stops_the_thread() {
        let text = "1,".repeat(40 * CHUNK);
        // Returns: the thread, blocked on a full queue, is released by the closed queue.
        let first = Tokens::lexed_ahead(&text, |mut tokens| tokens.next());
        assert_eq!(first.map(|t| t.range.end), Some(1));
    }
}
