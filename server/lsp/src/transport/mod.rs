//! The transport: what stands between the client's bytes and `tower-lsp-server`, in one place.
//!
//! `tower-lsp-server` reads and writes JSON-RPC itself; these modules are a byte-level proxy in
//! front of it, on two in-memory pipes ([`connect`]):
//!
//! - [`framing`]: every frame is judged before the transport sees it, so a malformed message is
//!   answered and skipped instead of ending the session (correctness).
//! - [`raw_uris`]: raw non-ASCII URIs escaped on the way in and given back on the way out
//!   (correctness: the transport drops messages with such URIs).
//! - [`large_texts`]: the text of a large `didOpen`/`didChange` goes around the transport's
//!   buffer (memory: that buffer grows to the largest message and never shrinks), and
//!   [`streamed_open`] unescapes an open's text as it arrives (speed).
//! - [`lean`]: large answers (outline, semantic tokens, scenes) written as JSON bytes, around the
//!   transport's `Value` trees (speed).
//! - [`memory`]: glibc's allocator tuned for a long-lived server, and its free pages given back
//!   once the server is idle (speed and memory).
//!
//! Each speed or memory trick is kept because it pays at least 5 % on the real-file benchmark set;
//! those that did not (a large message's pages faulted in on another thread, a wider input pipe,
//! mimalloc instead of glibc's allocator) were removed (BENCHMARKS.md, "Issue 32: the transport's
//! tricks measured").

pub(crate) mod framing;
pub(crate) mod large_texts;
pub(crate) mod lean;
pub(crate) mod memory;
pub(crate) mod raw_uris;
pub(crate) mod streamed_open;

use std::sync::Arc;

use tokio::io::{AsyncRead, AsyncWrite};
use tower_lsp_server::{ClientSocket, LanguageServer, LspService};

/// What the server's handlers share with the transport.
#[derive(Default)]
pub struct Shared {
    /// Large answers, spliced into the responses that name them (see [`lean`]).
    pub lean: Arc<lean::LeanAnswers>,
    /// Large document texts, taken back by the notifications' handlers (see [`large_texts`]).
    pub texts: Arc<large_texts::LargeTexts>,
}

/// Serves `service` on `input`/`output` through the proxy until the client sends `exit` or
/// closes the stream.
pub async fn connect<I, O, S>(input: I, output: O, service: LspService<S>, socket: ClientSocket, shared: &Shared)
where
    I: AsyncRead + Unpin,
    O: AsyncWrite + Unpin,
    S: LanguageServer,
{
    let spellings = raw_uris::Spellings::default();
    let output_spellings = spellings.clone();
    let (server_input, to_server) = tokio::io::duplex(1 << 20);
    let (from_server, server_output) = tokio::io::duplex(1 << 20);
    let (answers_tx, answers) = tokio::sync::mpsc::unbounded_channel();
    // Requests waiting for an analysis must not hold up the edits that follow them.
    let lsp_loop = tower_lsp_server::Server::new(server_input, server_output, socket).concurrency_level(16);
    let session = async {
        tokio::join!(
            lsp_loop.serve(service),
            framing::merge_output(from_server, output, answers, output_spellings, shared.lean.clone())
        );
    };
    // The session ends when the transport does (after `exit`, even if the client keeps its end of
    // the input open); the end of the input ends the transport.
    let input = async {
        framing::guard_input(input, to_server, answers_tx, spellings, shared.texts.clone()).await;
        std::future::pending::<()>().await;
    };
    tokio::select! {
        () = session => {}
        () = input => {}
    }
}

/// Sets the allocator up for a long-lived server ([`memory::tune_for_server`]); call before the
/// runtime starts its threads.
pub fn prepare_stdio() {
    memory::tune_for_server();
}
