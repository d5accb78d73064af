//! The integration tests of rigls-lsp: the language server driven in process through real JSON-RPC
//! by a client (`lsp_support`) that shares no code with it.

mod deep_nesting;
mod long_lines;
mod lsp_coalescing;
mod lsp_diagnostics;
mod lsp_dragonbones;
mod lsp_edits;
mod lsp_elem;
mod lsp_features;
mod lsp_protocol;
mod lsp_steps;
mod lsp_support;
mod lsp_token_splice;
mod lsp_uris;
mod lsp_workspace_symbols;
