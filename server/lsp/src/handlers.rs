//! Feature requests: the client's positions become byte offsets, the `ide` feature runs off the
//! async runtime with panics caught, and its answer becomes LSP types.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, OnceLock, Weak};

use serde_json::Value;
use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types::{self as lsp, MessageType, Uri};

use super::capabilities::ClientCaps;
use super::convert::{self, Converter, DiagnosticData, EncodedTokens};
use super::features::Features;
use super::scheduler::AnalysisTask;
use super::state::{State, panic_message};
use super::transport::lean::{self, Part, Placeholder};
use rigls_ide::{self as ide, Analysis, FileKind};

fn features_of(features: &Arc<dyn Features>) -> &dyn Features {
    &**features
}

/// What a feature computes from the whole of an analysis (the semantic tokens, the outline), kept
/// per open document while that analysis is the latest asked about: a 10 MB mesh has a million
/// tokens, and editors ask again for every range they scroll to and every outline they show.
/// (Keyed by another shared result, `K`, it is what is computed from that result.)
pub struct PerAnalysis<T, K = Analysis>(Mutex<HashMap<Uri, Cached<T, K>>>);

/// A result (once computed) and the analysis it is of (compared by address while it lives).
type Cached<T, K> = (Weak<K>, Arc<OnceLock<Arc<T>>>);

impl<T, K> Default for PerAnalysis<T, K> {
    fn default() -> Self {
        PerAnalysis(Mutex::default())
    }
}

impl<T, K> PerAnalysis<T, K> {
    /// The result for `analysis`, computed now unless it was for this very analysis. Callers
    /// asking while another computes it wait for that result instead of computing it again.
    fn get_or(&self, uri: &Uri, analysis: &Arc<K>, compute: impl FnOnce() -> T) -> Arc<T> {
        let cell = {
            let mut map = self.lock();
            match map.get(uri).filter(|(a, _)| a.as_ptr() == Arc::as_ptr(analysis)) {
                Some((_, cell)) => cell.clone(),
                None => {
                    let cell = Arc::new(OnceLock::new());
                    map.insert(uri.clone(), (Arc::downgrade(analysis), cell.clone()));
                    cell
                }
            }
        };
        cell.get_or_init(|| Arc::new(compute())).clone()
    }

    /// The last result computed for `uri`, whatever analysis it is of.
    fn latest(&self, uri: &Uri) -> Option<Arc<T>> {
        self.lock().get(uri).and_then(|(_, cell)| cell.get().cloned())
    }

    /// The result for `analysis` if it has been computed.
    fn peek(&self, uri: &Uri, analysis: &Arc<K>) -> Option<Arc<T>> {
        let map = self.lock();
        let (_, cell) = map.get(uri).filter(|(a, _)| a.as_ptr() == Arc::as_ptr(analysis))?;
        cell.get().cloned()
    }

    pub fn forget(&self, uri: &Uri) {
        self.lock().remove(uri);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Uri, Cached<T, K>>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Encoded tokens and the analysis they are of ([`Analysis::id`]), which the next version's can
/// be spliced from.
pub struct AnalysisTokens {
    analysis: u64,
    data: Arc<EncodedTokens>,
}

/// The tokens of an analysis encoded for the client, computed once per analysis: spliced into
/// the previous version's when those are the last computed and the analysis offers a splice
/// (an edit inside a DragonBones container), encoded whole otherwise.
fn encoded_tokens(
    cache: &PerAnalysis<Vec<ide::SemanticToken>>,
    encoded: &PerAnalysis<AnalysisTokens>,
    uri: &Uri,
    f: &Arc<dyn Features>,
    a: &Arc<Analysis>,
    conv: &Converter<'_>,
    caps: &ClientCaps,
) -> Arc<EncodedTokens> {
    let previous = encoded.latest(uri);
    let tokens = encoded.get_or(uri, a, || {
        // (Asked only when the previous version's are at hand: a splice costs a walk.)
        let spliced =
            previous.filter(|p| a.reuse.tokens_outside.is_some_and(|r| r.previous == p.analysis)).and_then(|p| {
                let splice = f.semantic_tokens_splice(a).filter(|s| s.replaced.previous == p.analysis)?;
                convert::spliced_tokens(conv, &p.data, &splice, caps.multiline_tokens)
            });
        let data = spliced.unwrap_or_else(|| {
            let tokens = cache.peek(uri, a).unwrap_or_else(|| Arc::new(f.semantic_tokens(a)));
            EncodedTokens::new(convert::semantic_tokens(conv, &tokens, caps.multiline_tokens).data)
        });
        // Range requests are answered from the encoded tokens from now on (see
        // `convert::tokens_in_range`), unless multi-line tokens make their ends unknowable there: the
        // byte-range tokens would only double what is kept (16 bytes a token beside 20).
        if !caps.multiline_tokens {
            cache.forget(uri);
        }
        AnalysisTokens { analysis: a.id, data: Arc::new(data) }
    });
    tokens.data.clone()
}

/// `v` without its spare capacity: what is cached per analysis lives as long as the analysis, and
/// the builders reserve for the worst case (a token per syntax node).
fn tight<T>(mut v: Vec<T>) -> Vec<T> {
    v.shrink_to_fit();
    v
}

/// The `data` of semantic tokens as LSP writes it: five integers per token, one flat array.
struct TokenData<'a>(&'a EncodedTokens);

impl serde::Serialize for TokenData<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.0.len() * 5))?;
        for t in self.0.iter() {
            for n in [t.delta_line, t.delta_start, t.length, t.token_type, t.token_modifiers_bitset] {
                seq.serialize_element(&n)?;
            }
        }
        seq.end()
    }
}

fn delta_answer(id: String, old: &EncodedTokens, new: &EncodedTokens) -> lsp::SemanticTokensFullDeltaResult {
    lsp::SemanticTokensFullDeltaResult::TokensDelta(lsp::SemanticTokensDelta {
        result_id: Some(id),
        edits: convert::token_edits(old, new),
    })
}

/// A result id, the tokens it names and the tokens of the client's previous result.
type SentAnswer = (String, Arc<EncodedTokens>, Option<Arc<EncodedTokens>>);

/// LSP's `ContentModified`: the answer would be for a version the client has already replaced.
const CONTENT_MODIFIED: i64 = -32801;

/// LSP's `RequestFailed`: the request was valid but could not be carried out (e.g. a rename).
const REQUEST_FAILED: i64 = -32803;

impl State {
    /// Runs `f` on the document's analysis as of now (the snapshot is taken before any `.await`).
    /// A document that is not open, or not ours, gets `empty`; a panic becomes an error reply.
    async fn on_analysis<R, F>(&self, method: &'static str, uri: &Uri, empty: R, f: F) -> jsonrpc::Result<R>
    where
        R: Send + 'static,
        F: FnOnce(&dyn Features, &Analysis, &Converter<'_>, &ClientCaps) -> R + Send + 'static,
    {
        self.on_shared_analysis(method, uri, empty, |features, a, conv, caps| f(features_of(features), a, conv, caps))
            .await
    }

    /// [`State::on_analysis`] for features that keep something of the analysis (by `Arc`).
    async fn on_shared_analysis<R, F>(&self, method: &'static str, uri: &Uri, empty: R, f: F) -> jsonrpc::Result<R>
    where
        R: Send + 'static,
        F: FnOnce(&Arc<dyn Features>, &Arc<Analysis>, &Converter<'_>, &ClientCaps) -> R + Send + 'static,
    {
        self.on_any_analysis(method, uri, empty, true, f).await
    }

    /// Runs `f` on the document's analysis; `empty` when it is not open (or, with `only_ours`,
    /// not one of our formats).
    pub(super) async fn on_any_analysis<R, F>(
        &self,
        method: &'static str,
        uri: &Uri,
        empty: R,
        only_ours: bool,
        f: F,
    ) -> jsonrpc::Result<R>
    where
        R: Send + 'static,
        F: FnOnce(&Arc<dyn Features>, &Arc<Analysis>, &Converter<'_>, &ClientCaps) -> R + Send + 'static,
    {
        let Some(snapshot) = self.snapshot(uri) else { return Ok(empty) };
        let analysis = snapshot.task.get().await.map_err(|message| self.failed(method, message))?;
        if only_ours && analysis.kind() == FileKind::Other {
            return Ok(empty);
        }
        let features = self.options.features.clone();
        let (caps, fs, version) = (self.caps().clone(), self.fs.clone(), snapshot.version);
        let (uri, open) = (snapshot.uri, self.docs.uris_by_path());
        let result = tokio::task::spawn_blocking(move || {
            catch_unwind(AssertUnwindSafe(|| {
                let conv = Converter::new(&analysis, &uri, version, caps.encoding, &fs).with_open_documents(open);
                f(&features, &analysis, &conv, &caps)
            }))
        })
        .await;
        match result {
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(panic)) => Err(self.failed(method, format!("panicked: {}", panic_message(&*panic)))),
            Err(error) => Err(self.failed(method, error.to_string())),
        }
    }

    /// Logs why a request failed and makes the error reply; a request on a version whose analysis
    /// was cancelled gets `ContentModified`, which clients drop silently (and ask again).
    pub(super) fn failed(&self, method: &str, message: String) -> jsonrpc::Error {
        if message == super::scheduler::CANCELLED {
            return jsonrpc::Error {
                code: jsonrpc::ErrorCode::ServerError(CONTENT_MODIFIED),
                message: format!("{method}: the document has changed").into(),
                data: None,
            };
        }
        let message = format!("{method}: {message}");
        self.log(MessageType::ERROR, format!("rigls: {message}"));
        jsonrpc::Error {
            code: jsonrpc::ErrorCode::InternalError,
            message: format!("rigls: {message}").into(),
            data: None,
        }
    }

    /// `rigls/fileKind` (see `Server::file_kind`).
    pub async fn file_kind(&self, uri: &Uri) -> jsonrpc::Result<Option<&'static str>> {
        let kind = |_: &Arc<dyn Features>, a: &Arc<Analysis>, _: &Converter<'_>, _: &ClientCaps| {
            Some(match a.kind() {
                FileKind::Elem => "elem",
                FileKind::DragonBonesSkeleton => "dragonbonesSkeleton",
                FileKind::DragonBonesAtlas => "dragonbonesAtlas",
                FileKind::Other => "other",
            })
        };
        self.on_any_analysis("rigls/fileKind", uri, None, false, kind).await
    }

    pub async fn hover(&self, params: lsp::HoverParams) -> jsonrpc::Result<Option<lsp::Hover>> {
        let at = params.text_document_position_params;
        self.on_analysis("textDocument/hover", &at.text_document.uri, None, move |f, a, conv, caps| {
            let hover = f.hover(a, conv.offset(at.position))?;
            Some(convert::hover(conv, &hover, caps.markdown_hover))
        })
        .await
    }

    pub async fn completion(&self, params: lsp::CompletionParams) -> jsonrpc::Result<Option<lsp::CompletionResponse>> {
        let at = params.text_document_position;
        self.on_analysis("textDocument/completion", &at.text_document.uri, None, move |f, a, conv, caps| {
            let offset = conv.offset(at.position);
            let mut items = f.completions(a, offset);
            items.extend(f.file_completions(a, offset, conv.fs()));
            let items = items.iter().map(|item| convert::completion_item(conv, item, caps)).collect();
            Some(lsp::CompletionResponse::Array(items))
        })
        .await
    }

    pub async fn definition(
        &self,
        params: lsp::GotoDefinitionParams,
    ) -> jsonrpc::Result<Option<lsp::GotoDefinitionResponse>> {
        let at = params.text_document_position_params;
        self.on_analysis("textDocument/definition", &at.text_document.uri, None, move |f, a, conv, caps| {
            let targets = f.goto_definition(a, conv.offset(at.position));
            (!targets.is_empty()).then(|| convert::definition(conv, &targets, caps.location_links))
        })
        .await
    }

    pub async fn references(&self, params: lsp::ReferenceParams) -> jsonrpc::Result<Option<Vec<lsp::Location>>> {
        let (at, declaration) = (params.text_document_position, params.context.include_declaration);
        self.on_analysis("textDocument/references", &at.text_document.uri, None, move |f, a, conv, _| {
            let found = f.references(a, conv.offset(at.position), declaration);
            Some(found.iter().filter_map(|l| convert::location(conv, l)).collect())
        })
        .await
    }

    pub async fn highlights(
        &self,
        params: lsp::DocumentHighlightParams,
    ) -> jsonrpc::Result<Option<Vec<lsp::DocumentHighlight>>> {
        let at = params.text_document_position_params;
        self.on_analysis("textDocument/documentHighlight", &at.text_document.uri, None, move |f, a, conv, _| {
            Some(f.highlights(a, conv.offset(at.position)).iter().map(|h| convert::highlight(conv, h)).collect())
        })
        .await
    }

    pub async fn prepare_rename(
        &self,
        at: lsp::TextDocumentPositionParams,
    ) -> jsonrpc::Result<Option<lsp::PrepareRenameResponse>> {
        let uri = at.text_document.uri.clone();
        self.on_analysis("textDocument/prepareRename", &uri, Ok(None), move |f, a, conv, _| {
            let range = f.prepare_rename(a, conv.offset(at.position))?;
            Ok(Some(lsp::PrepareRenameResponse::Range(conv.range(range))))
        })
        .await?
        .map_err(refused)
    }

    pub async fn rename(&self, params: lsp::RenameParams) -> jsonrpc::Result<Option<lsp::WorkspaceEdit>> {
        let (at, new_name) = (params.text_document_position, params.new_name);
        let uri = at.text_document.uri.clone();
        self.on_analysis("textDocument/rename", &uri, Ok(None), move |f, a, conv, caps| {
            let edits = f.rename(a, conv.offset(at.position), &new_name)?;
            Ok(Some(convert::workspace_edit(conv, &edits, caps.document_changes)))
        })
        .await?
        .map_err(refused)
    }

    /// The outline's JSON (of the whole answer, `null` included), written once per analysis.
    async fn outline_json(&self, uri: Uri) -> jsonrpc::Result<Arc<Vec<u8>>> {
        let cache = self.outlines.clone();
        let key = uri.clone();
        let outline = self
            .on_shared_analysis("textDocument/documentSymbol", &uri, None, move |f, a, conv, caps| {
                Some(cache.get_or(&key, a, || {
                    let symbols = convert::document_symbols(conv, f.document_symbols(a), caps.hierarchical_symbols);
                    lean::to_json(&Some(symbols))
                }))
            })
            .await?;
        Ok(outline.unwrap_or_else(|| Arc::new(b"null".to_vec())))
    }

    /// `textDocument/documentSymbol` as the transport answers it (the server answers it lean).
    pub async fn document_symbols(
        &self,
        params: lsp::DocumentSymbolParams,
    ) -> jsonrpc::Result<Option<lsp::DocumentSymbolResponse>> {
        let json = self.outline_json(params.text_document.uri).await?;
        Ok(serde_json::from_slice(&json).unwrap_or_default())
    }

    pub async fn lean_document_symbols(&self, params: lsp::DocumentSymbolParams) -> jsonrpc::Result<Placeholder> {
        let json = self.outline_json(params.text_document.uri).await?;
        Ok(self.lean.store(vec![Part::Shared(json)]))
    }

    pub async fn folding_ranges(
        &self,
        params: lsp::FoldingRangeParams,
    ) -> jsonrpc::Result<Option<Vec<lsp::FoldingRange>>> {
        self.on_analysis("textDocument/foldingRange", &params.text_document.uri, None, |f, a, conv, _| {
            Some(f.folding_ranges(a).iter().filter_map(|fold| convert::folding_range(conv, fold)).collect())
        })
        .await
    }

    pub async fn selection_ranges(
        &self,
        params: lsp::SelectionRangeParams,
    ) -> jsonrpc::Result<Option<Vec<lsp::SelectionRange>>> {
        let positions = params.positions;
        self.on_analysis("textDocument/selectionRange", &params.text_document.uri, None, move |f, a, conv, _| {
            let ranges = positions.iter().map(|&p| {
                let offset = conv.offset(p);
                convert::selection_range(conv, &f.selection_ranges(a, offset), offset)
            });
            Some(ranges.collect())
        })
        .await
    }

    /// `textDocument/semanticTokens/full` as the transport answers it (the server answers it lean).
    pub async fn semantic_tokens(
        &self,
        params: lsp::SemanticTokensParams,
    ) -> jsonrpc::Result<Option<lsp::SemanticTokensResult>> {
        let uri = params.text_document.uri;
        let answer = self.all_semantic_tokens("textDocument/semanticTokens/full", uri, None).await?;
        Ok(answer.map(|(id, data, _)| {
            lsp::SemanticTokensResult::Tokens(lsp::SemanticTokens { result_id: Some(id), data: data.to_vec() })
        }))
    }

    pub async fn lean_semantic_tokens(&self, params: lsp::SemanticTokensParams) -> jsonrpc::Result<Placeholder> {
        let uri = params.text_document.uri;
        let answer = self.all_semantic_tokens("textDocument/semanticTokens/full", uri.clone(), None).await?;
        Ok(match answer {
            Some((id, data, _)) => self.full_token_answer(&uri, id, &data),
            None => self.lean.store_json(&Value::Null),
        })
    }

    /// A full answer: the result id, then the `data` array written once per analysis.
    fn full_token_answer(&self, uri: &Uri, id: String, data: &Arc<EncodedTokens>) -> Placeholder {
        let json = self.token_json.get_or(uri, data, || tight(lean::to_json(&TokenData(data))));
        let head = format!("{{\"resultId\":{},\"data\":", Value::String(id));
        self.lean.store(vec![Part::Owned(head.into_bytes()), Part::Shared(json), Part::Owned(b"}".to_vec())])
    }

    /// The tokens of the whole document as edits of those the client has from an earlier answer
    /// (all of them when we no longer know that answer).
    pub async fn semantic_tokens_delta(
        &self,
        params: lsp::SemanticTokensDeltaParams,
    ) -> jsonrpc::Result<Option<lsp::SemanticTokensFullDeltaResult>> {
        let method = "textDocument/semanticTokens/full/delta";
        let answer =
            self.all_semantic_tokens(method, params.text_document.uri, Some(params.previous_result_id)).await?;
        Ok(answer.map(|(id, data, previous)| match previous {
            Some(old) => delta_answer(id, &old, &data),
            None => lsp::SemanticTokensFullDeltaResult::Tokens(lsp::SemanticTokens {
                result_id: Some(id),
                data: data.to_vec(),
            }),
        }))
    }

    pub async fn lean_semantic_tokens_delta(
        &self,
        params: lsp::SemanticTokensDeltaParams,
    ) -> jsonrpc::Result<Placeholder> {
        let method = "textDocument/semanticTokens/full/delta";
        let uri = params.text_document.uri;
        let answer = self.all_semantic_tokens(method, uri.clone(), Some(params.previous_result_id)).await?;
        Ok(match answer {
            Some((id, data, Some(old))) => {
                // The client now holds tokens newer than any full answer's JSON kept for it
                // (megabytes for a big file, never asked again).
                self.token_json.forget(&uri);
                self.lean.store_json(&delta_answer(id, &old, &data))
            }
            Some((id, data, None)) => self.full_token_answer(&uri, id, &data),
            None => self.lean.store_json(&Value::Null),
        })
    }

    /// The document's tokens, encoded, recorded as sent, with their result id and the tokens of
    /// `previous_id` when that was the last answer.
    async fn all_semantic_tokens(
        &self,
        method: &'static str,
        uri: Uri,
        previous_id: Option<String>,
    ) -> jsonrpc::Result<Option<SentAnswer>> {
        let (cache, encoded, sent) =
            (self.semantic_tokens.clone(), self.encoded_tokens.clone(), self.sent_tokens.clone());
        let key = uri.clone();
        self.on_shared_analysis(method, &uri, None, move |f, a, conv, caps| {
            let data = encoded_tokens(&cache, &encoded, &key, f, a, conv, caps);
            let (id, previous) = sent.replace(&key, previous_id.as_deref(), data.clone());
            // Shared, not copied: a delta answer never needs all of them.
            Some((id, data, previous))
        })
        .await
    }

    /// Computes the semantic tokens of a version just analysed, before the client asks: editors
    /// ask after every edit, and a 10 MB mesh has a million tokens to find and encode. Runs under
    /// the version's cancellation token, so the next edit stops it and its analysis gets the CPU;
    /// a request meanwhile waits for this computation or, once it stopped, does it itself.
    pub(super) async fn warm_semantic_tokens(self: &Arc<Self>, uri: Uri, task: Arc<AnalysisTask>) {
        let Ok(analysis) = task.get().await else { return };
        if analysis.kind() == FileKind::Other {
            return;
        }
        let state = self.clone();
        let (caps, fs) = (self.caps().clone(), self.fs.clone());
        let work = tokio::task::spawn_blocking(move || {
            let token = task.cancel_token().clone();
            // A cancellation unwinds out of here; nothing else can fail that a request would not
            // report itself.
            let _ = catch_unwind(AssertUnwindSafe(|| {
                rigls_text::cancel::run(&token, || {
                    rigls_text::cancel::check();
                    let conv = Converter::new(&analysis, &uri, task.version, caps.encoding, &fs);
                    let features = &state.options.features;
                    encoded_tokens(
                        &state.semantic_tokens,
                        &state.encoded_tokens,
                        &uri,
                        features,
                        &analysis,
                        &conv,
                        &caps,
                    );
                })
            }));
        });
        let _ = work.await;
    }

    /// The tokens of a range (what editors paint first, the visible lines), from the same tokens
    /// as the full request: computed once per analysis.
    pub async fn semantic_tokens_range(
        &self,
        params: lsp::SemanticTokensRangeParams,
    ) -> jsonrpc::Result<Option<lsp::SemanticTokensRangeResult>> {
        let (cache, encoded) = (self.semantic_tokens.clone(), self.encoded_tokens.clone());
        let (uri, range) = (params.text_document.uri, params.range);
        let key = uri.clone();
        self.on_shared_analysis("textDocument/semanticTokens/range", &uri, None, move |f, a, conv, caps| {
            if let Some(tokens) = encoded.peek(&key, a).filter(|_| !caps.multiline_tokens) {
                let data = convert::tokens_in_range(&tokens.data, range);
                return Some(lsp::SemanticTokensRangeResult::Tokens(lsp::SemanticTokens { result_id: None, data }));
            }
            let tokens = cache.get_or(&key, a, || tight(f.semantic_tokens(a)));
            let range = conv.text_range(range);
            // Tokens are sorted and do not overlap: those touching the range are one run.
            let first = tokens.partition_point(|t| t.range.end <= range.start);
            let last = first + tokens[first..].partition_point(|t| t.range.start < range.end.max(range.start + 1));
            let tokens = convert::semantic_tokens(conv, &tokens[first..last], caps.multiline_tokens);
            Some(lsp::SemanticTokensRangeResult::Tokens(tokens))
        })
        .await
    }

    pub async fn document_links(
        &self,
        params: lsp::DocumentLinkParams,
    ) -> jsonrpc::Result<Option<Vec<lsp::DocumentLink>>> {
        self.on_analysis("textDocument/documentLink", &params.text_document.uri, None, |f, a, conv, _| {
            Some(f.document_links(a, conv.fs()).iter().filter_map(|l| convert::document_link(conv, l)).collect())
        })
        .await
    }

    pub async fn document_colors(
        &self,
        params: lsp::DocumentColorParams,
    ) -> jsonrpc::Result<Vec<lsp::ColorInformation>> {
        self.on_analysis("textDocument/documentColor", &params.text_document.uri, Vec::new(), |f, a, conv, _| {
            f.document_colors(a).iter().map(|c| convert::color_information(conv, c)).collect()
        })
        .await
    }

    pub async fn color_presentations(
        &self,
        params: lsp::ColorPresentationParams,
    ) -> jsonrpc::Result<Vec<lsp::ColorPresentation>> {
        let (range, c) = (params.range, params.color);
        let color = ide::Rgba { red: c.red.into(), green: c.green.into(), blue: c.blue.into(), alpha: c.alpha.into() };
        self.on_analysis(
            "textDocument/colorPresentation",
            &params.text_document.uri,
            Vec::new(),
            move |f, a, conv, _| {
                let found = f.color_presentations(a, conv.text_range(range), color);
                found.iter().map(|p| convert::color_presentation(conv, p)).collect()
            },
        )
        .await
    }

    pub async fn inlay_hints(&self, params: lsp::InlayHintParams) -> jsonrpc::Result<Option<Vec<lsp::InlayHint>>> {
        let range = params.range;
        self.on_analysis("textDocument/inlayHint", &params.text_document.uri, None, move |f, a, conv, _| {
            Some(f.inlay_hints(a, conv.text_range(range)).iter().map(|h| convert::inlay_hint(conv, h)).collect())
        })
        .await
    }

    pub async fn formatting(
        &self,
        params: lsp::DocumentFormattingParams,
    ) -> jsonrpc::Result<Option<Vec<lsp::TextEdit>>> {
        self.formatting_edits("textDocument/formatting", &params.text_document.uri, None).await
    }

    pub async fn range_formatting(
        &self,
        params: lsp::DocumentRangeFormattingParams,
    ) -> jsonrpc::Result<Option<Vec<lsp::TextEdit>>> {
        self.formatting_edits("textDocument/rangeFormatting", &params.text_document.uri, Some(params.range)).await
    }

    /// The formatting of the whole document, or (`range`) of the lines selected.
    async fn formatting_edits(
        &self,
        method: &'static str,
        uri: &lsp::Uri,
        range: Option<lsp::Range>,
    ) -> jsonrpc::Result<Option<Vec<lsp::TextEdit>>> {
        self.on_analysis(method, uri, Ok(None), move |f, a, conv, _| {
            if let Some(why) = ide::format_refusal(a) {
                return Err(why);
            }
            let edits = match range {
                None => f.format(a),
                Some(range) => f.format_range(a, conv.text_range(range)),
            };
            Ok(edits.map(|edits| convert::text_edits(conv, &edits)))
        })
        .await?
        .map_err(refused)
    }

    pub async fn code_actions(
        &self,
        params: lsp::CodeActionParams,
    ) -> jsonrpc::Result<Option<lsp::CodeActionResponse>> {
        let uri = params.text_document.uri.clone();
        self.on_analysis("textDocument/codeAction", &uri, None, move |f, a, conv, caps| {
            Some(code_actions(f, a, conv, caps, &params))
        })
        .await
    }

    /// `codeAction/resolve`: the edit of an action sent without it, found again by its `data`
    /// among the actions of the same version; `ContentModified` once the document has changed.
    pub async fn resolve_code_action(&self, action: lsp::CodeAction) -> jsonrpc::Result<lsp::CodeAction> {
        let Some(data) = action.data.clone().and_then(|d| serde_json::from_value::<DeferredAction>(d).ok()) else {
            return Ok(action);
        };
        let uri = data.uri.clone();
        self.on_analysis("codeAction/resolve", &uri, Err(stale()), move |f, a, conv, caps| {
            if conv.version != data.version {
                return Err(stale());
            }
            // Offered again as it was: the range's actions and the quick fixes of its diagnostic.
            let shown: Vec<usize> = data.diagnostic.into_iter().collect();
            let offered = ide::offered_actions(&a.diagnostics, &shown, f.code_actions(a, conv.text_range(data.range)));
            let found = offered.into_iter().find(|offered| {
                offered.title == data.title && Some(convert::code_action_kind(offered.kind)) == action.kind
            });
            let Some(found) = found else { return Err(refused(format!("`{}` is no longer offered", data.title))) };
            let edit = convert::workspace_edit(conv, &found.edits, caps.document_changes);
            Ok(lsp::CodeAction { edit: Some(edit), data: None, ..action })
        })
        .await?
    }
}

/// Quick fixes whose edits insert more text than this are sent without it (see `code_actions`).
const DEFERRED_FROM: usize = 16 << 10;

/// What a code action sent without its edit carries in `data`: where it was offered, in which
/// version, the diagnostic it fixes (its index in that version) and its title.
#[derive(serde::Serialize, serde::Deserialize)]
struct DeferredAction {
    uri: Uri,
    version: i32,
    range: lsp::Range,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    diagnostic: Option<usize>,
    title: String,
}

/// The answer to a request about a version the client has replaced.
fn stale() -> jsonrpc::Error {
    jsonrpc::Error {
        code: jsonrpc::ErrorCode::ServerError(CONTENT_MODIFIED),
        message: "the document has changed".into(),
        data: None,
    }
}

/// The actions `ide` offers for the diagnostics the client shows (found from their `data`, or for
/// a client that does not keep `data`, or shows an older version's, by range, code and message)
/// and the range ([`ide::offered_actions`]), each with the client's diagnostics it fixes.
fn code_actions(
    f: &dyn Features,
    analysis: &Analysis,
    conv: &Converter<'_>,
    caps: &ClientCaps,
    params: &lsp::CodeActionParams,
) -> lsp::CodeActionResponse {
    // The client's diagnostics that are this version's, with their index in the analysis.
    let shown: Vec<(usize, &lsp::Diagnostic)> =
        params.context.diagnostics.iter().filter_map(|d| Some((index_in(analysis, conv, d)?, d))).collect();
    let indices: Vec<usize> = shown.iter().map(|(i, _)| *i).collect();
    let shown_for = |index: usize| shown.iter().filter(|(i, _)| *i == index).map(|(_, d)| (*d).clone()).collect();
    let actions = f.code_actions(analysis, conv.text_range(params.range));
    // Whole-file actions, and any whose edit is large (the upgrade of a 2.3 or 3.0 skeleton
    // rewrites it all), wait for `codeAction/resolve` where the client can ask for their edit: editors ask
    // for the actions at the cursor whenever it moves.
    let deferred = |action: &ide::CodeAction| {
        let text: usize = action.edits.iter().flat_map(|f| &f.edits).map(|e| e.new_text.len()).sum();
        let whole_file = text > DEFERRED_FROM
            || matches!(action.kind, ide::CodeActionKind::SourceFixAll | ide::CodeActionKind::Refactor);
        let data = DeferredAction {
            uri: params.text_document.uri.clone(),
            version: conv.version,
            range: params.range,
            diagnostic: action.diagnostic,
            title: action.title.clone(),
        };
        (whole_file && caps.resolves_code_action_edits).then(|| serde_json::to_value(data).unwrap_or(Value::Null))
    };
    let mut actions: Vec<lsp::CodeAction> = ide::offered_actions(&analysis.diagnostics, &indices, actions)
        .iter()
        .map(|action| {
            let diagnostics = action.diagnostic.map_or_else(Vec::new, shown_for);
            convert::code_action(conv, action, diagnostics, caps.document_changes, deferred(action))
        })
        .collect();
    actions.retain(|a| kind_wanted(a.kind.as_ref(), params.context.only.as_deref()));
    actions.into_iter().map(lsp::CodeActionOrCommand::CodeAction).collect()
}

/// The index in the analysis of a diagnostic the client shows: from its `data` when that is of
/// this version, else the diagnostic with the same range, code and message.
fn index_in(analysis: &Analysis, conv: &Converter<'_>, shown: &lsp::Diagnostic) -> Option<usize> {
    let data = shown.data.clone().and_then(|data| serde_json::from_value::<DiagnosticData>(data).ok());
    if let Some(data) = data.filter(|d| d.version == conv.version && d.index < analysis.diagnostics.len()) {
        return Some(data.index);
    }
    let code = match &shown.code {
        Some(lsp::NumberOrString::String(code)) => code.as_str(),
        _ => return None,
    };
    analysis
        .diagnostics
        .iter()
        .position(|d| d.code == code && d.message == shown.message && conv.range(d.range) == shown.range)
}

/// `only: ["source"]` wants `source.fixAll` too: kinds are hierarchical.
fn kind_wanted(kind: Option<&lsp::CodeActionKind>, only: Option<&[lsp::CodeActionKind]>) -> bool {
    let (Some(kind), Some(only)) = (kind, only) else { return true };
    let kind = kind.as_str();
    only.iter().any(|o| kind == o.as_str() || kind.strip_prefix(o.as_str()).is_some_and(|rest| rest.starts_with('.')))
}

fn refused(message: String) -> jsonrpc::Error {
    jsonrpc::Error { code: jsonrpc::ErrorCode::ServerError(REQUEST_FAILED), message: message.into(), data: None }
}
