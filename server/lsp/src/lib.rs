//! The language server: `tower-lsp-server` on tokio. The only layer that knows LSP types.
//!
//! - Documents are ropes edited incrementally, or their analysis's text while idle
//!   ([`documents`]); positions are read in the negotiated encoding (UTF-8 when offered, else
//!   UTF-16, or UTF-32 when that is the only other offer) exactly as [`rigls_text::LineIndex`]
//!   reads them, and clamped.
//! - Each document version has one analysis, scheduled by [`scheduler`], run on a blocking thread with panics
//!   caught, shared by every request on that version. A document's analyses run one at a time and
//!   a version superseded while waiting for its turn is skipped, so fast typing in a large file
//!   never queues analyses; an analysis that takes longer than [`Options::progress_after`] shows
//!   work-done progress.
//! - Diagnostics are published with their document version, or pulled when the client supports
//!   `textDocument/diagnostic`, after severities from `rigls.toml` and editor settings
//!   ([`rigls_diagnostic::config`]).
//! - Rules read other files through an overlay that prefers open documents ([`overlay`]); an
//!   analysis that read a file is renewed when that file changes.
//! - Memory stays near what an open document needs: large texts go around the transport's
//!   buffer ([`large_texts`]; an open's text is unescaped as it arrives, [`streamed_open`], and
//!   shared with its analysis), encoded tokens are kept packed, and the allocator returns what
//!   an analysis or a large answer freed ([`memory`]).
//!
//! Besides LSP, the server answers three custom requests:
//! - `rigls/scene`: the scene a live preview draws, of the server's copy of a document, with the
//!   pickers' choices and the client's positions of every named thing ([`scene`]).
//! - `rigls/fileKind` with params `{"textDocument": {"uri": …}}`: which format an open document
//!   is, decided by name and content as for every feature — `"elem"`, `"dragonbonesSkeleton"`,
//!   `"dragonbonesAtlas"` or `"other"` (`null` when it is not open): what an editor offers the
//!   preview for.
//! - `rigls/documentText` with params `{"textDocument": {"uri": …}}`, for tests and debugging
//!   clients: the server's copy of an open document, `{"version": 3, "text": "…"}`, or `null`
//!   when it is not open.

mod capabilities;
mod config_sync;
mod convert;
mod diagnostics;
mod documents;
mod features;
mod framing;
mod handlers;
mod large_texts;
mod lean;
mod memory;
mod overlay;
mod progress;
mod raw_uris;
mod scene;
mod scheduler;
mod sent_tokens;
mod server;
mod state;
mod streamed_open;

pub use documents::COMPACT_ABOVE;
pub use features::{Features, RealFeatures};

use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite};
use tower_lsp_server::LspService;

/// How the server behaves; [`Options::default`] is what `rigls` runs with.
#[derive(Clone)]
pub struct Options {
    /// The analysis and features (tests substitute fakes).
    pub features: Arc<dyn Features>,
    /// Documents larger than this many bytes are analysed only after [`Options::debounce`]
    /// without edits. Off by default: analyses are coalesced instead (see the module docs), which
    /// costs no latency.
    pub debounce_above: usize,
    pub debounce: Duration,
    /// An analysis still running after this long shows work-done progress.
    pub progress_after: Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            features: Arc::new(RealFeatures),
            debounce_above: usize::MAX,
            debounce: Duration::from_millis(300),
            progress_after: Duration::from_secs(1),
        }
    }
}

/// Serves LSP on `input`/`output` until the client sends `exit` or closes the stream.
pub async fn serve<I, O>(input: I, output: O, options: Options)
where
    I: AsyncRead + Unpin,
    O: AsyncWrite + Unpin,
{
    // Large answers bypass the transport's `Value` trees (see `lean`).
    let lean = Arc::new(lean::LeanAnswers::default());
    let server_lean = lean.clone();
    // Large document texts bypass it on the way in (see `large_texts`).
    let texts = Arc::new(large_texts::LargeTexts::default());
    let server_texts = texts.clone();
    let (service, socket) = LspService::build(|client| server::Server::new(client, options, server_lean, server_texts))
        .custom_method("rigls/documentText", server::Server::document_text)
        .custom_method("rigls/fileKind", server::Server::file_kind)
        .custom_method("rigls/scene", server::Server::scene)
        .custom_method(lean::LEAN_METHODS[0].1, server::Server::lean_document_symbol)
        .custom_method(lean::LEAN_METHODS[1].1, server::Server::lean_semantic_tokens)
        .custom_method(lean::LEAN_METHODS[2].1, server::Server::lean_semantic_tokens_delta)
        .finish();
    // Malformed messages are answered and skipped, and raw non-ASCII URIs escaped, before
    // tower-lsp-server sees them (see `framing`).
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
            framing::merge_output(from_server, output, answers, output_spellings, lean)
        );
    };
    // The session ends when the transport does (after `exit`, even if the client keeps its end of
    // the input open); the end of the input ends the transport.
    let input = async {
        framing::guard_input(input, to_server, answers_tx, spellings, texts).await;
        std::future::pending::<()>().await;
    };
    tokio::select! {
        () = session => {}
        () = input => {}
    }
}

/// Serves LSP on stdin/stdout (what `rigls` and `rigls --stdio` do).
pub fn serve_stdio() -> std::io::Result<()> {
    memory::tune_for_server();
    widen_input_pipe();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(serve(tokio::io::stdin(), tokio::io::stdout(), Options::default()));
    // The input is always being read (see `framing`): a read of stdin may still be waiting in the
    // blocking pool for a client that keeps its end open. Exit without waiting for it.
    runtime.shutdown_background();
    Ok(())
}

/// Widens the pipe the client writes into (standard input), when it is one, to 1 MiB (Linux's
/// default ceiling for a process): a 17 MB `didOpen` then arrives in 17 reads, not 270, each a
/// hand-over between the thread that reads standard input and the runtime.
fn widen_input_pipe() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: fcntl on descriptor 0 only resizes its pipe's buffer; an error (not a pipe, a lower
    // limit) leaves it as it was.
    unsafe {
        libc::fcntl(0, libc::F_SETPIPE_SZ, 1 << 20);
    }
}
