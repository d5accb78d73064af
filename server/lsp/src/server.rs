//! The `LanguageServer` implementation: routes each LSP method to the state.

use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

use super::Options;
use super::capabilities::{ClientCaps, server_capabilities};
use super::documents::apply_change;
use super::state::{State, file_path};
use super::transport::large_texts::LargeTexts;
use super::transport::lean::{LeanAnswers, Placeholder};

pub struct Server {
    state: Arc<State>,
    /// `initializationOptions`, taken on `initialized`, when messages about them can be shown.
    initial_settings: Mutex<Option<serde_json::Value>>,
    /// The texts of large `didOpen`s and changes, which went around the transport.
    texts: Arc<LargeTexts>,
}

impl Server {
    pub fn new(client: Client, options: Options, lean: Arc<LeanAnswers>, texts: Arc<LargeTexts>) -> Server {
        Server { state: Arc::new(State::new(client, options, lean)), initial_settings: Mutex::default(), texts }
    }

    /// `textDocument/documentSymbol`, answered with JSON written directly (see `lean`).
    pub async fn lean_document_symbol(&self, params: DocumentSymbolParams) -> Result<Placeholder> {
        self.state.lean_document_symbols(params).await
    }

    /// `textDocument/semanticTokens/full`, answered with JSON written directly.
    pub async fn lean_semantic_tokens(&self, params: SemanticTokensParams) -> Result<Placeholder> {
        self.state.lean_semantic_tokens(params).await
    }

    /// `textDocument/semanticTokens/full/delta`, answered with JSON written directly.
    pub async fn lean_semantic_tokens_delta(&self, params: SemanticTokensDeltaParams) -> Result<Placeholder> {
        self.state.lean_semantic_tokens_delta(params).await
    }

    /// `rigls/scene`: what a live preview draws (see `super::scene`).
    pub async fn scene(&self, params: super::scene::SceneParams) -> Result<Placeholder> {
        self.state.scene(params).await
    }

    /// `rigls/fileKind`: which of rigls's formats an open document is, as its analysis decided by
    /// name and content: `"elem"`, `"dragonbonesSkeleton"`, `"dragonbonesAtlas"` or `"other"`
    /// (`null`: not open). Editors offer the preview of models and skeletons by it.
    pub async fn file_kind(&self, params: DocumentTextParams) -> Result<Option<&'static str>> {
        self.state.file_kind(&params.text_document.uri).await
    }

    /// `rigls/binaryView`: the JSON view of a binary skeleton on disk (see the module docs).
    pub async fn binary_view(&self, params: DocumentTextParams) -> Result<BinaryView> {
        let uri = params.text_document.uri;
        let failed = |message: String| Error { code: ErrorCode::InvalidParams, message: message.into(), data: None };
        let Some(path) = file_path(&uri) else {
            return Err(failed(format!("rigls/binaryView: `{}` names no file", uri.as_str())));
        };
        let read = tokio::task::spawn_blocking(move || match std::fs::read(&path) {
            Ok(bytes) => Ok(rigls_ide::convert::binary_view_of(&path, &bytes)),
            Err(e) => Err(format!("rigls/binaryView: cannot read `{}`: {e}", path.display())),
        });
        match read.await {
            Ok(Ok(text)) => Ok(BinaryView { text }),
            Ok(Err(message)) => Err(failed(message)),
            Err(_) => Err(Error::internal_error()),
        }
    }

    /// `rigls/documentText`: the server's copy of an open document (see the module docs).
    pub async fn document_text(&self, params: DocumentTextParams) -> Result<Option<DocumentText>> {
        Ok(self.state.docs.with(|docs| {
            docs.get(&params.text_document.uri)
                .map(|d| DocumentText { version: d.version, text: d.text.clone().into_string() })
        }))
    }
}

#[derive(Debug, Serialize)]
pub struct BinaryView {
    pub text: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DocumentTextParams {
    pub text_document: TextDocumentIdentifier,
}

#[derive(Debug, Serialize)]
pub struct DocumentText {
    pub version: i32,
    pub text: String,
}

// Document notifications do their work before any `.await` (see `state`): keep them synchronous.
impl LanguageServer for Server {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let caps = ClientCaps::new(&params.capabilities);
        let capabilities = server_capabilities(&caps);
        self.state.set_caps(caps);
        self.state.workspace.set_roots(&params);
        *self.initial_settings.lock().unwrap_or_else(|e| e.into_inner()) = params.initialization_options;
        Ok(InitializeResult {
            capabilities,
            server_info: Some(ServerInfo {
                name: "rigls".to_owned(),
                version: Some(env!("CARGO_PKG_VERSION").to_owned()),
            }),
            offset_encoding: None,
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        // Before any document is opened: the client sends nothing else before this.
        if let Some(settings) = self.initial_settings.lock().unwrap_or_else(|e| e.into_inner()).take() {
            self.state.take_settings(&settings);
        }
        tokio::spawn(self.state.clone().after_initialized());
    }

    async fn shutdown(&self) -> Result<()> {
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let doc = params.text_document;
        let text = self.texts.take(doc.text);
        self.state.open(doc.uri, doc.version, text);
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let encoding = self.state.caps().encoding;
        let mut changes = params.content_changes;
        for change in &mut changes {
            change.text = self.texts.take(std::mem::take(&mut change.text));
        }
        self.state.change(&params.text_document.uri, params.text_document.version, |rope| {
            for change in &changes {
                apply_change(rope, change, encoding);
            }
        });
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        self.state.close(&params.text_document.uri);
        super::transport::memory::release_when_idle();
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        tokio::spawn(self.state.clone().configuration_changed(params.settings));
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        for change in params.changes {
            self.state.changed_on_path(file_path(&change.uri).as_deref());
        }
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        self.state.hover(params).await
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        self.state.completion(params).await
    }

    async fn goto_definition(&self, params: GotoDefinitionParams) -> Result<Option<GotoDefinitionResponse>> {
        self.state.definition(params).await
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        self.state.references(params).await
    }

    async fn document_highlight(&self, params: DocumentHighlightParams) -> Result<Option<Vec<DocumentHighlight>>> {
        self.state.highlights(params).await
    }

    async fn prepare_rename(&self, params: TextDocumentPositionParams) -> Result<Option<PrepareRenameResponse>> {
        self.state.prepare_rename(params).await
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        self.state.rename(params).await
    }

    async fn document_symbol(&self, params: DocumentSymbolParams) -> Result<Option<DocumentSymbolResponse>> {
        self.state.document_symbols(params).await
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        self.state.folding_ranges(params).await
    }

    async fn selection_range(&self, params: SelectionRangeParams) -> Result<Option<Vec<SelectionRange>>> {
        self.state.selection_ranges(params).await
    }

    async fn semantic_tokens_full(&self, params: SemanticTokensParams) -> Result<Option<SemanticTokensResult>> {
        self.state.semantic_tokens(params).await
    }

    async fn semantic_tokens_full_delta(
        &self,
        params: SemanticTokensDeltaParams,
    ) -> Result<Option<SemanticTokensFullDeltaResult>> {
        self.state.semantic_tokens_delta(params).await
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        self.state.semantic_tokens_range(params).await
    }

    async fn symbol(&self, params: WorkspaceSymbolParams) -> Result<Option<WorkspaceSymbolResponse>> {
        self.state.workspace_symbols(params).await
    }

    async fn document_link(&self, params: DocumentLinkParams) -> Result<Option<Vec<DocumentLink>>> {
        self.state.document_links(params).await
    }

    async fn document_color(&self, params: DocumentColorParams) -> Result<Vec<ColorInformation>> {
        self.state.document_colors(params).await
    }

    async fn color_presentation(&self, params: ColorPresentationParams) -> Result<Vec<ColorPresentation>> {
        self.state.color_presentations(params).await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        self.state.code_actions(params).await
    }

    async fn code_action_resolve(&self, params: CodeAction) -> Result<CodeAction> {
        self.state.resolve_code_action(params).await
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        self.state.inlay_hints(params).await
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        self.state.formatting(params).await
    }

    async fn range_formatting(&self, params: DocumentRangeFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        self.state.range_formatting(params).await
    }

    async fn diagnostic(&self, params: DocumentDiagnosticParams) -> Result<DocumentDiagnosticReportResult> {
        self.state.pull_diagnostics(params).await
    }
}
