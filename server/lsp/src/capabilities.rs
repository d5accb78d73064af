//! What the client can do, what the server offers, and the position encoding they agree on.

use serde_json::Value;
use tower_lsp_server::ls_types::*;

use rigls_ide::{TokenType, token_modifier};
use rigls_text::PositionEncoding;

/// The client capabilities the server acts on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClientCaps {
    pub encoding: PositionEncoding,
    pub snippets: bool,
    pub markdown_hover: bool,
    /// Completion documentation may be Markdown.
    pub markdown_documentation: bool,
    /// Completion items may say `insertTextMode: asIs`.
    pub insert_as_is: bool,
    /// Unless told otherwise, the client indents the later lines of a completion like the cursor
    /// line (`insertTextMode: adjustIndentation`, VS Code's default).
    pub adjusts_indentation: bool,
    /// `textDocument/prepareRename`.
    pub prepare_rename: bool,
    pub hierarchical_symbols: bool,
    pub location_links: bool,
    pub multiline_tokens: bool,
    /// The client asks for semantic tokens (so they are worth computing ahead, see
    /// `State::warm_semantic_tokens`).
    pub semantic_tokens: bool,
    /// `textDocument/diagnostic`: the client pulls, so the server does not push.
    pub pull_diagnostics: bool,
    pub diagnostic_refresh: bool,
    pub work_done_progress: bool,
    /// `workspace/configuration`.
    pub configuration: bool,
    pub register_configuration: bool,
    pub register_file_watchers: bool,
    pub document_changes: bool,
    /// `codeAction/resolve` fills in an action's `edit`, and its `data` comes back.
    pub resolves_code_action_edits: bool,
    /// Formatting (whole and range) registered for `.elem` documents only, not announced for
    /// every document the client sends: a JSON file then keeps its one formatter.
    pub register_formatting: bool,
}

impl ClientCaps {
    pub fn new(capabilities: &ClientCapabilities) -> ClientCaps {
        // Pointer lookups read the many nested optional structs in one line each.
        let json = serde_json::to_value(capabilities).unwrap_or(Value::Null);
        let flag = |pointer: &str| json.pointer(pointer).and_then(Value::as_bool).unwrap_or(false);
        let lists = |pointer: &str, item: &str| {
            json.pointer(pointer).and_then(Value::as_array).is_some_and(|a| a.iter().any(|v| v == item))
        };
        ClientCaps {
            encoding: negotiate_encoding(capabilities.general.as_ref().and_then(|g| g.position_encodings.as_deref())),
            snippets: flag("/textDocument/completion/completionItem/snippetSupport"),
            markdown_hover: lists("/textDocument/hover/contentFormat", "markdown"),
            markdown_documentation: lists("/textDocument/completion/completionItem/documentationFormat", "markdown"),
            insert_as_is: json
                .pointer("/textDocument/completion/completionItem/insertTextModeSupport/valueSet")
                .and_then(Value::as_array)
                .is_some_and(|modes| modes.iter().any(|m| m == 1)),
            adjusts_indentation: json.pointer("/textDocument/completion/insertTextMode").is_some_and(|m| m == 2),
            prepare_rename: flag("/textDocument/rename/prepareSupport"),
            hierarchical_symbols: flag("/textDocument/documentSymbol/hierarchicalDocumentSymbolSupport"),
            location_links: flag("/textDocument/definition/linkSupport"),
            multiline_tokens: flag("/textDocument/semanticTokens/multilineTokenSupport"),
            semantic_tokens: json.pointer("/textDocument/semanticTokens/requests").is_some_and(Value::is_object),
            pull_diagnostics: json.pointer("/textDocument/diagnostic").is_some_and(Value::is_object),
            diagnostic_refresh: flag("/workspace/diagnostics/refreshSupport"),
            work_done_progress: flag("/window/workDoneProgress"),
            configuration: flag("/workspace/configuration"),
            register_configuration: flag("/workspace/didChangeConfiguration/dynamicRegistration"),
            register_file_watchers: flag("/workspace/didChangeWatchedFiles/dynamicRegistration"),
            document_changes: flag("/workspace/workspaceEdit/documentChanges"),
            resolves_code_action_edits: flag("/textDocument/codeAction/dataSupport")
                && lists("/textDocument/codeAction/resolveSupport/properties", "edit"),
            register_formatting: flag("/textDocument/formatting/dynamicRegistration")
                && flag("/textDocument/rangeFormatting/dynamicRegistration"),
        }
    }
}

/// UTF-8 when the client offers it (no conversion at all), else UTF-16 (LSP's default, all VS Code
/// speaks), or UTF-32 when that is the only other offer.
pub fn negotiate_encoding(offered: Option<&[PositionEncodingKind]>) -> PositionEncoding {
    let offered = offered.unwrap_or_default();
    let offers = |kind: &PositionEncodingKind| offered.contains(kind);
    if offers(&PositionEncodingKind::UTF8) {
        PositionEncoding::Utf8
    } else if offers(&PositionEncodingKind::UTF32) && !offers(&PositionEncodingKind::UTF16) {
        PositionEncoding::Utf32
    } else {
        PositionEncoding::Utf16
    }
}

pub fn encoding_kind(encoding: PositionEncoding) -> PositionEncodingKind {
    match encoding {
        PositionEncoding::Utf8 => PositionEncodingKind::UTF8,
        PositionEncoding::Utf16 => PositionEncodingKind::UTF16,
        PositionEncoding::Utf32 => PositionEncodingKind::UTF32,
    }
}

/// The standard LSP name of each token type, in [`TokenType::ALL`] order.
pub fn token_type_name(token_type: TokenType) -> SemanticTokenType {
    match token_type {
        TokenType::Namespace => SemanticTokenType::NAMESPACE,
        TokenType::Type => SemanticTokenType::TYPE,
        TokenType::Class => SemanticTokenType::CLASS,
        TokenType::Enum => SemanticTokenType::ENUM,
        TokenType::Struct => SemanticTokenType::STRUCT,
        TokenType::Parameter => SemanticTokenType::PARAMETER,
        TokenType::Variable => SemanticTokenType::VARIABLE,
        TokenType::Property => SemanticTokenType::PROPERTY,
        TokenType::EnumMember => SemanticTokenType::ENUM_MEMBER,
        TokenType::Event => SemanticTokenType::EVENT,
        TokenType::Function => SemanticTokenType::FUNCTION,
        TokenType::Keyword => SemanticTokenType::KEYWORD,
        TokenType::String => SemanticTokenType::STRING,
        TokenType::Number => SemanticTokenType::NUMBER,
        TokenType::Operator => SemanticTokenType::OPERATOR,
        TokenType::Comment => SemanticTokenType::COMMENT,
    }
}

pub fn semantic_tokens_legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TokenType::ALL.iter().map(|&t| token_type_name(t)).collect(),
        token_modifiers: token_modifier::NAMES.iter().map(|&m| SemanticTokenModifier::new(m)).collect(),
    }
}

pub fn server_capabilities(caps: &ClientCaps) -> ServerCapabilities {
    let diagnostic_provider = caps.pull_diagnostics.then(|| {
        DiagnosticServerCapabilities::Options(DiagnosticOptions {
            identifier: Some("rigls".to_owned()),
            // A skeleton's diagnostics depend on its atlas, and the atlas may be open too.
            inter_file_dependencies: true,
            workspace_diagnostics: false,
            work_done_progress_options: WorkDoneProgressOptions::default(),
        })
    });
    ServerCapabilities {
        position_encoding: Some(encoding_kind(caps.encoding)),
        text_document_sync: Some(TextDocumentSyncCapability::Options(TextDocumentSyncOptions {
            open_close: Some(true),
            change: Some(TextDocumentSyncKind::INCREMENTAL),
            will_save: None,
            will_save_wait_until: None,
            save: None,
        })),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            // `/`: the next folder of a file name (a texture, an atlas image, a display's path).
            trigger_characters: Some(vec!["=".to_owned(), "\"".to_owned(), "/".to_owned()]),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_highlight_provider: Some(OneOf::Left(true)),
        // Rename options may only be sent to a client that said it prepares renames.
        rename_provider: Some(if caps.prepare_rename {
            OneOf::Right(RenameOptions {
                prepare_provider: Some(true),
                work_done_progress_options: WorkDoneProgressOptions::default(),
            })
        } else {
            OneOf::Left(true)
        }),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        selection_range_provider: Some(SelectionRangeProviderCapability::Simple(true)),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: semantic_tokens_legend(),
                // After an edit, clients ask for the changes since their last tokens.
                full: Some(SemanticTokensFullOptions::Delta { delta: Some(true) }),
                // Editors paint the visible lines first, from a range request.
                range: Some(true),
                work_done_progress_options: WorkDoneProgressOptions::default(),
            },
        )),
        color_provider: Some(ColorProviderCapability::Simple(true)),
        // Links to the files a document names (an atlas's image, a material's texture); the
        // targets are known when the links are, so there is nothing to resolve.
        document_link_provider: Some(DocumentLinkOptions {
            resolve_provider: Some(false),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        }),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                CodeActionKind::REFACTOR,
                CodeActionKind::SOURCE_FIX_ALL,
            ]),
            // Whole-file actions (fix all, upgrade) are sent without their edit where the client
            // resolves it: a file of 50,000 fixes answered each request with 6 MB.
            resolve_provider: Some(true),
            ..CodeActionOptions::default()
        })),
        inlay_hint_provider: Some(OneOf::Left(true)),
        document_formatting_provider: (!caps.register_formatting).then_some(OneOf::Left(true)),
        document_range_formatting_provider: (!caps.register_formatting).then_some(OneOf::Left(true)),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        diagnostic_provider,
        ..ServerCapabilities::default()
    }
}

/// The documents rigls formats: `.elem` models (by language, or by name where the client has no
/// `elem` language). DragonBones JSON is left to the editor's JSON formatter.
pub fn formatted_documents() -> TextDocumentRegistrationOptions {
    let filter = |language: Option<&str>, pattern: Option<&str>| DocumentFilter {
        language: language.map(str::to_owned),
        scheme: None,
        pattern: pattern.map(str::to_owned),
    };
    TextDocumentRegistrationOptions {
        document_selector: Some(vec![filter(Some("elem"), None), filter(None, Some("**/*.elem"))]),
    }
}
