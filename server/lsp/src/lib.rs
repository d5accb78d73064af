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
//!   ([`rigls_diagnostic::config`]). A large skeleton's are published twice per version
//!   ([`Options::publish_in_steps_above`]): first without waiting for the runtime's rules (their
//!   previous findings kept where the edit left them alone, no `data`), then all of them
//!   (unless they are those of the first step again).
//! - Rules read other files through an overlay that prefers open documents ([`overlay`]); an
//!   analysis that read a file is renewed when that file changes.
//! - Memory stays near what an open document needs: large texts go around the transport's
//!   buffer (an open's text is unescaped as it arrives and shared with its analysis), encoded
//!   tokens are kept packed, and the allocator returns what an analysis or a large answer freed.
//!   Those workarounds, and the malformed-frame and raw-URI guards, are all in [`transport`].
//!
//! A binary skeleton (`.dbbin`, `.bytes`) is opened as the read-only JSON view of its content: the client
//! asks `rigls/binaryView` with params `{"textDocument": {"uri": …}}` (a `file:` URI, or the
//! view's `rigls-dbbin:` URI: the same path under that scheme) for `{"text": "…"}`, and opens that
//! text under the file's URI or the view's. The server reads the file again and analyses the
//! binary (its problems, poses and names) with the view as its text; a view that no longer
//! matches the file is analysed as the JSON it is. Unity's `.bytes` files are opened the same
//! way; one that is no binary (it holds the JSON itself) is shown and analysed as its text.
//!
//! Besides LSP and `rigls/binaryView`, the server answers three custom requests:
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
mod handlers;
mod overlay;
mod progress;
mod scene;
mod scheduler;
mod sent_tokens;
mod server;
mod state;
mod transport;
mod workspace_symbols;

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
    /// Skeletons of at least this many bytes have their diagnostics published in two steps: those
    /// of every rule but the runtime's, with the previous version's runtime findings on what the
    /// edit left alone, as soon as they are found; then all of them once the runtime's rules have
    /// been evaluated ([`rigls_ide::Analysis::reanalyse_in_steps`]), unless the runtime's rules
    /// found what the first step kept of them.
    pub publish_in_steps_above: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            features: Arc::new(RealFeatures),
            debounce_above: usize::MAX,
            debounce: Duration::from_millis(300),
            progress_after: Duration::from_secs(1),
            publish_in_steps_above: PUBLISH_IN_STEPS_ABOVE,
        }
    }
}

/// Below it the whole analysis of a real skeleton takes a few milliseconds, not worth a second
/// publication (BENCHMARKS.md, "Diagnostics in two steps").
const PUBLISH_IN_STEPS_ABOVE: usize = 256 << 10;

/// Serves LSP on `input`/`output` until the client sends `exit` or closes the stream.
pub async fn serve<I, O>(input: I, output: O, options: Options)
where
    I: AsyncRead + Unpin,
    O: AsyncWrite + Unpin,
{
    let shared = transport::Shared::default();
    let (lean, texts) = (shared.lean.clone(), shared.texts.clone());
    let (service, socket) = LspService::build(|client| server::Server::new(client, options, lean, texts))
        .custom_method("rigls/documentText", server::Server::document_text)
        .custom_method("rigls/fileKind", server::Server::file_kind)
        .custom_method("rigls/scene", server::Server::scene)
        .custom_method("rigls/binaryView", server::Server::binary_view)
        .custom_method(transport::lean::LEAN_METHODS[0].1, server::Server::lean_document_symbol)
        .custom_method(transport::lean::LEAN_METHODS[1].1, server::Server::lean_semantic_tokens)
        .custom_method(transport::lean::LEAN_METHODS[2].1, server::Server::lean_semantic_tokens_delta)
        .finish();
    transport::connect(input, output, service, socket, &shared).await;
}

/// Serves LSP on stdin/stdout (what `rigls` and `rigls --stdio` do).
pub fn serve_stdio() -> std::io::Result<()> {
    transport::prepare_stdio();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(serve(tokio::io::stdin(), tokio::io::stdout(), Options::default()));
    // The input is always being read (see `transport::framing`): a read of stdin may still be waiting in the
    // blocking pool for a client that keeps its end open. Exit without waiting for it.
    runtime.shutdown_background();
    Ok(())
}
