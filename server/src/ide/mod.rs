//! Format-neutral editor features over one analysed document version.
//!
//! Everything here speaks byte offsets into [`Analysis::text`] and returns plain data; the `lsp`
//! layer converts positions and builds protocol types, so every feature is testable without LSP.
//! Each function dispatches on [`FileKind`] to the per-format implementation.

mod analysis;
mod types;

pub use analysis::{Analysis, FileKind, detect};
pub use types::*;

use crate::text::TextRange;

/// Markdown documentation for the key, scope or name under the cursor.
pub fn hover(analysis: &Analysis, offset: u32) -> Option<Hover> {
    let _ = (analysis, offset);
    None
}

/// Completions at the cursor: keys, scopes, enum values and names.
pub fn completions(analysis: &Analysis, offset: u32) -> Vec<CompletionItem> {
    let _ = (analysis, offset);
    Vec::new()
}

/// Where the name under the cursor is defined.
pub fn goto_definition(analysis: &Analysis, offset: u32) -> Vec<NavTarget> {
    let _ = (analysis, offset);
    Vec::new()
}

/// Every use of the name under the cursor (with its definition when `include_declaration`).
pub fn references(analysis: &Analysis, offset: u32, include_declaration: bool) -> Vec<Location> {
    let _ = (analysis, offset, include_declaration);
    Vec::new()
}

/// The occurrences of the name under the cursor in this document.
pub fn highlights(analysis: &Analysis, offset: u32) -> Vec<Highlight> {
    let _ = (analysis, offset);
    Vec::new()
}

/// The range of the name that would be renamed, or why it cannot be.
pub fn prepare_rename(analysis: &Analysis, offset: u32) -> Result<TextRange, String> {
    let _ = (analysis, offset);
    Err("nothing to rename here".to_owned())
}

/// Edits renaming the name under the cursor everywhere, or why it cannot be renamed
/// (e.g. `new_name` already exists).
pub fn rename(analysis: &Analysis, offset: u32, new_name: &str) -> Result<Vec<FileEdit>, String> {
    let _ = (analysis, offset, new_name);
    Err("nothing to rename here".to_owned())
}

/// The hierarchical outline.
pub fn document_symbols(analysis: &Analysis) -> Vec<Symbol> {
    let _ = analysis;
    Vec::new()
}

pub fn folding_ranges(analysis: &Analysis) -> Vec<Fold> {
    let _ = analysis;
    Vec::new()
}

/// Nested ranges around `offset`, innermost first.
pub fn selection_ranges(analysis: &Analysis, offset: u32) -> Vec<TextRange> {
    let _ = (analysis, offset);
    Vec::new()
}

/// Semantic tokens in document order, non-overlapping.
pub fn semantic_tokens(analysis: &Analysis) -> Vec<SemanticToken> {
    let _ = analysis;
    Vec::new()
}

pub fn document_colors(analysis: &Analysis) -> Vec<ColorInfo> {
    let _ = analysis;
    Vec::new()
}

/// How to write `color` back at `range`, in the file's own notation.
pub fn color_presentations(analysis: &Analysis, range: TextRange, color: Rgba) -> Vec<ColorPresentation> {
    let _ = (analysis, range, color);
    Vec::new()
}

/// Inlay hints whose position lies in `range`.
pub fn inlay_hints(analysis: &Analysis, range: TextRange) -> Vec<InlayHint> {
    let _ = (analysis, range);
    Vec::new()
}

/// Edits that reformat the whole document, or `None` if the format has no formatter (or the
/// document has syntax errors that make formatting unsafe).
pub fn format(analysis: &Analysis) -> Option<Vec<crate::diagnostic::TextEdit>> {
    let _ = analysis;
    None
}

/// Code actions for `range`: the fixes of diagnostics overlapping it, and refactorings.
pub fn code_actions(analysis: &Analysis, range: TextRange) -> Vec<CodeAction> {
    let _ = (analysis, range);
    Vec::new()
}
