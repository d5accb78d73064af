//! Format-neutral editor features over one analysed document version.
//!
//! Everything here speaks byte offsets into [`Analysis::text`] and returns plain data; the `lsp`
//! layer converts positions and builds protocol types, so every feature is testable without LSP.
//! Each function calls the implementation of the document's format, one
//! [`file_features::FileFeatures`] per format (`elem/` and `dragonbones/`, one file per feature; a
//! DragonBones skeleton and its atlas share one implementation); helpers every format can use live
//! beside this file ([`color`], [`text_edit`], `fixes`).

mod analysis;
mod capped;
pub mod color;
pub mod convert;
mod dragonbones;
mod elem;
mod file_completion;
mod file_features;
mod fixes;
mod links;
pub mod pose;
mod project_files;
pub mod scene;
pub mod targets;
pub mod text_edit;
mod token_splice;
mod types;
pub mod upgrade;
mod workspace_symbols;

pub use analysis::{
    Analysis, Early, FileKind, FirstStep, Options as AnalysisOptions, ParsedFile, Reuse, SharedText, detect, is_binary,
    is_binary_path, release_spares,
};
pub use fixes::offered_actions;
pub use links::{LocationLink, location_link, location_links};
pub use project_files::project_files;
pub use token_splice::{Replaced, TokenSplice, semantic_tokens_splice};
pub use types::*;
pub use workspace_symbols::{FoundSymbol, matches as symbol_matches, workspace_symbols};

use rigls_text::TextRange;

/// Markdown documentation for the key, scope or name under the cursor, and what the targets the
/// document is checked for do there.
pub fn hover(analysis: &Analysis, offset: u32) -> Option<Hover> {
    let hover = file_features::of(analysis).hover(analysis, offset);
    targets::with_target_notes(analysis, offset, hover)
}

/// Completions at the cursor: keys, scopes, enum values and names.
pub fn completions(analysis: &Analysis, offset: u32) -> Vec<CompletionItem> {
    file_features::of(analysis).completions(analysis, offset)
}

/// Completions of a file name in a value that names an image (a material's `TextureFilename`, an
/// atlas's `imagePath`): the images `fs` has in the folder typed so far. Apart from
/// [`completions`], which reads the document alone.
pub fn file_completions(
    analysis: &Analysis,
    offset: u32,
    fs: &dyn rigls_diagnostic::env::FileSystem,
) -> Vec<CompletionItem> {
    file_features::of(analysis).file_completions(analysis, offset, fs)
}

/// Where the name under the cursor is defined.
pub fn goto_definition(analysis: &Analysis, offset: u32) -> Vec<NavTarget> {
    file_features::of(analysis).goto_definition(analysis, offset)
}

/// Every use of the name under the cursor (with its definition when `include_declaration`).
pub fn references(analysis: &Analysis, offset: u32, include_declaration: bool) -> Vec<Location> {
    file_features::of(analysis).references(analysis, offset, include_declaration)
}

/// The occurrences of the name under the cursor in this document.
pub fn highlights(analysis: &Analysis, offset: u32) -> Vec<Highlight> {
    file_features::of(analysis).highlights(analysis, offset)
}

/// The range of the name that would be renamed, or why it cannot be.
pub fn prepare_rename(analysis: &Analysis, offset: u32) -> Result<TextRange, String> {
    file_features::of(analysis).prepare_rename(analysis, offset)
}

/// Edits renaming the name under the cursor everywhere, or why it cannot be renamed
/// (e.g. `new_name` already exists).
pub fn rename(analysis: &Analysis, offset: u32, new_name: &str) -> Result<Vec<FileEdit>, String> {
    file_features::of(analysis).rename(analysis, offset, new_name)
}

/// The hierarchical outline.
pub fn document_symbols(analysis: &Analysis) -> Vec<Symbol> {
    file_features::of(analysis).document_symbols(analysis)
}

pub fn folding_ranges(analysis: &Analysis) -> Vec<Fold> {
    file_features::of(analysis).folding_ranges(analysis)
}

/// Nested ranges around `offset`, innermost first.
pub fn selection_ranges(analysis: &Analysis, offset: u32) -> Vec<TextRange> {
    file_features::of(analysis).selection_ranges(analysis, offset)
}

/// Semantic tokens in document order, non-overlapping.
pub fn semantic_tokens(analysis: &Analysis) -> Vec<SemanticToken> {
    file_features::of(analysis).semantic_tokens(analysis)
}

pub fn document_colors(analysis: &Analysis) -> Vec<ColorInfo> {
    file_features::of(analysis).document_colors(analysis)
}

/// How to write `color` back at `range`, in the file's own notation.
pub fn color_presentations(analysis: &Analysis, range: TextRange, color: Rgba) -> Vec<ColorPresentation> {
    file_features::of(analysis).color_presentations(analysis, range, color)
}

/// The files the document names that `fs` has (an atlas's image, a material's texture), to
/// open from their names; a name of a file `fs` lacks is no link (its rule reports it).
pub fn document_links(analysis: &Analysis, fs: &dyn rigls_diagnostic::env::FileSystem) -> Vec<DocumentLink> {
    file_features::of(analysis).document_links(analysis, fs)
}

/// How far into a line inlay hints are given, in bytes: editors draw no more of a line (VS Code's
/// `editor.stopRenderingLineAfter`, 10,000 characters), and thousands of hints in one line — a
/// minified skeleton — stall their layout at every update (VS Code took 20–30 s to open a preview
/// beside a 128 KB one-line skeleton with its 1,861 hints, 1.6 s without them).
pub const INLAY_HINTS_IN_A_LINE: u32 = 10_000;

/// Inlay hints whose position lies in `range` (and in the first [`INLAY_HINTS_IN_A_LINE`]
/// bytes of its line).
pub fn inlay_hints(analysis: &Analysis, range: TextRange) -> Vec<InlayHint> {
    let mut hints = file_features::of(analysis).inlay_hints(analysis, range);
    let lines = &analysis.lines;
    hints.retain(|h| h.offset.saturating_sub(lines.line_range(lines.line_of(h.offset)).start) < INLAY_HINTS_IN_A_LINE);
    hints
}

/// Edits that reformat the whole document, or `None` if the format has no formatter (or the
/// document has syntax errors that make formatting unsafe, or [`format_refusal`] refuses it).
pub fn format(analysis: &Analysis) -> Option<Vec<rigls_diagnostic::TextEdit>> {
    file_features::of(analysis).format(analysis)
}

/// The edits of [`format`] inside the lines `range` touches, line breaks included: what "Format
/// Selection" changes. A selection that ends at the start of a line does not take that line;
/// an edit reaching outside the lines (a run of blank lines that goes on past them, or the one
/// edit sent for a document with very many changed lines) is left out.
pub fn format_range(analysis: &Analysis, range: TextRange) -> Option<Vec<rigls_diagnostic::TextEdit>> {
    let edits = format(analysis)?;
    let lines = &analysis.lines;
    let first = lines.line_of(range.start);
    let mut last = lines.line_of(range.end);
    if last > first && lines.line_range(last).start == range.end {
        last -= 1;
    }
    let start = lines.line_range(first).start;
    let end = if last + 1 < lines.line_count() { lines.line_range(last + 1).start } else { lines.len() };
    // An insertion at `end` belongs to the line after (its indentation), unless the text ends.
    let inside = |r: TextRange| r.start >= start && r.end <= end && (r.start < end || end == lines.len());
    Some(edits.into_iter().filter(|e| inside(e.range)).collect())
}

/// Why the document will not be formatted although its format has a formatter (it is nested so
/// deeply that its indentation alone would exhaust memory), for the editor to say.
pub fn format_refusal(analysis: &Analysis) -> Option<String> {
    file_features::of(analysis).format_refusal(analysis)
}

/// Code actions for `range`: the fixes of diagnostics overlapping it, and refactorings.
pub fn code_actions(analysis: &Analysis, range: TextRange) -> Vec<CodeAction> {
    file_features::of(analysis).code_actions(analysis, range)
}
