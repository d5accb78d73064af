//! Format-neutral editor features over one analysed document version.
//!
//! Everything here speaks byte offsets into [`Analysis::text`] and returns plain data; the `lsp`
//! layer converts positions and builds protocol types, so every feature is testable without LSP.
//! Each function dispatches on [`FileKind`] to the per-format implementation (`elem/` and
//! `dragonbones/`, one file per feature; a DragonBones skeleton and its atlas share one
//! implementation); helpers every format can use live beside this file ([`color`], [`text_edit`],
//! `fixes`).

mod analysis;
pub mod color;
mod dragonbones;
mod elem;
mod fixes;
pub mod pose;
pub mod text_edit;
mod types;

pub use analysis::{Analysis, FileKind, ParsedFile, detect, detect_lossy};
pub use types::*;

use crate::text::TextRange;

/// Markdown documentation for the key, scope or name under the cursor.
pub fn hover(analysis: &Analysis, offset: u32) -> Option<Hover> {
    match analysis.kind() {
        FileKind::Elem => elem::hover::hover(analysis, offset),
        FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => dragonbones::hover::hover(analysis, offset),
        FileKind::Other => None,
    }
}

/// Completions at the cursor: keys, scopes, enum values and names.
pub fn completions(analysis: &Analysis, offset: u32) -> Vec<CompletionItem> {
    match analysis.kind() {
        FileKind::Elem => elem::completion::completions(analysis, offset),
        FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => {
            dragonbones::completion::completions(analysis, offset)
        }
        FileKind::Other => Vec::new(),
    }
}

/// Where the name under the cursor is defined.
pub fn goto_definition(analysis: &Analysis, offset: u32) -> Vec<NavTarget> {
    match analysis.kind() {
        FileKind::Elem => elem::navigation::goto_definition(analysis, offset),
        FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => {
            dragonbones::navigation::goto_definition(analysis, offset)
        }
        FileKind::Other => Vec::new(),
    }
}

/// Every use of the name under the cursor (with its definition when `include_declaration`).
pub fn references(analysis: &Analysis, offset: u32, include_declaration: bool) -> Vec<Location> {
    match analysis.kind() {
        FileKind::Elem => elem::navigation::references(analysis, offset, include_declaration),
        FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => {
            dragonbones::navigation::references(analysis, offset, include_declaration)
        }
        FileKind::Other => Vec::new(),
    }
}

/// The occurrences of the name under the cursor in this document.
pub fn highlights(analysis: &Analysis, offset: u32) -> Vec<Highlight> {
    match analysis.kind() {
        FileKind::Elem => elem::navigation::highlights(analysis, offset),
        FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => {
            dragonbones::navigation::highlights(analysis, offset)
        }
        FileKind::Other => Vec::new(),
    }
}

/// The range of the name that would be renamed, or why it cannot be.
pub fn prepare_rename(analysis: &Analysis, offset: u32) -> Result<TextRange, String> {
    match analysis.kind() {
        FileKind::Elem => elem::rename::prepare_rename(analysis, offset),
        FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => {
            dragonbones::rename::prepare_rename(analysis, offset)
        }
        FileKind::Other => Err("nothing to rename here".to_owned()),
    }
}

/// Edits renaming the name under the cursor everywhere, or why it cannot be renamed
/// (e.g. `new_name` already exists).
pub fn rename(analysis: &Analysis, offset: u32, new_name: &str) -> Result<Vec<FileEdit>, String> {
    match analysis.kind() {
        FileKind::Elem => elem::rename::rename(analysis, offset, new_name),
        FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => {
            dragonbones::rename::rename(analysis, offset, new_name)
        }
        FileKind::Other => Err("nothing to rename here".to_owned()),
    }
}

/// The hierarchical outline.
pub fn document_symbols(analysis: &Analysis) -> Vec<Symbol> {
    match analysis.kind() {
        FileKind::Elem => elem::symbols::document_symbols(analysis),
        FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => dragonbones::symbols::document_symbols(analysis),
        FileKind::Other => Vec::new(),
    }
}

pub fn folding_ranges(analysis: &Analysis) -> Vec<Fold> {
    match analysis.kind() {
        FileKind::Elem => elem::folding::folding_ranges(analysis),
        FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => dragonbones::folding::folding_ranges(analysis),
        FileKind::Other => Vec::new(),
    }
}

/// Nested ranges around `offset`, innermost first.
pub fn selection_ranges(analysis: &Analysis, offset: u32) -> Vec<TextRange> {
    match analysis.kind() {
        FileKind::Elem => elem::selection::selection_ranges(analysis, offset),
        FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => {
            dragonbones::selection::selection_ranges(analysis, offset)
        }
        FileKind::Other => Vec::new(),
    }
}

/// Semantic tokens in document order, non-overlapping.
pub fn semantic_tokens(analysis: &Analysis) -> Vec<SemanticToken> {
    match analysis.kind() {
        FileKind::Elem => elem::semantic_tokens::semantic_tokens(analysis),
        FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => {
            dragonbones::semantic_tokens::semantic_tokens(analysis)
        }
        FileKind::Other => Vec::new(),
    }
}

pub fn document_colors(analysis: &Analysis) -> Vec<ColorInfo> {
    match analysis.kind() {
        FileKind::Elem => elem::colors::document_colors(analysis),
        FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => dragonbones::colors::document_colors(analysis),
        FileKind::Other => Vec::new(),
    }
}

/// How to write `color` back at `range`, in the file's own notation.
pub fn color_presentations(analysis: &Analysis, range: TextRange, color: Rgba) -> Vec<ColorPresentation> {
    match analysis.kind() {
        FileKind::Elem => elem::colors::color_presentations(analysis, range, color),
        FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => {
            dragonbones::colors::color_presentations(analysis, range, color)
        }
        FileKind::Other => Vec::new(),
    }
}

/// Inlay hints whose position lies in `range`.
pub fn inlay_hints(analysis: &Analysis, range: TextRange) -> Vec<InlayHint> {
    match analysis.kind() {
        FileKind::Elem => elem::inlay::inlay_hints(analysis, range),
        FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => dragonbones::inlay::inlay_hints(analysis, range),
        FileKind::Other => Vec::new(),
    }
}

/// Edits that reformat the whole document, or `None` if the format has no formatter (or the
/// document has syntax errors that make formatting unsafe).
pub fn format(analysis: &Analysis) -> Option<Vec<crate::diagnostic::TextEdit>> {
    match analysis.kind() {
        FileKind::Elem => elem::format::format(analysis),
        FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas | FileKind::Other => None,
    }
}

/// Code actions for `range`: the fixes of diagnostics overlapping it, and refactorings.
pub fn code_actions(analysis: &Analysis, range: TextRange) -> Vec<CodeAction> {
    match analysis.kind() {
        FileKind::Elem => elem::actions::code_actions(analysis, range),
        FileKind::DragonBonesSkeleton | FileKind::DragonBonesAtlas => {
            dragonbones::actions::code_actions(analysis, range)
        }
        FileKind::Other => Vec::new(),
    }
}
