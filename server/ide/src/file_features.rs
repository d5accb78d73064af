//! The editor features one file format implements, as one trait: `ide`'s public functions pick
//! the implementation for an analysis once ([`of`]) instead of each matching on the kind.

use super::*;
use rigls_diagnostic::TextEdit;
use rigls_diagnostic::env::FileSystem;
use rigls_text::TextRange;

/// Every editor feature, for one format. Each method reads the analysis of a document of that
/// format (a DragonBones skeleton and its atlas share one implementation); see the functions of
/// [`crate`] for what each returns.
pub trait FileFeatures: Sync {
    fn hover(&self, analysis: &Analysis, offset: u32) -> Option<Hover>;
    fn completions(&self, analysis: &Analysis, offset: u32) -> Vec<CompletionItem>;
    fn goto_definition(&self, analysis: &Analysis, offset: u32) -> Vec<NavTarget>;
    fn references(&self, analysis: &Analysis, offset: u32, include_declaration: bool) -> Vec<Location>;
    fn highlights(&self, analysis: &Analysis, offset: u32) -> Vec<Highlight>;
    fn prepare_rename(&self, analysis: &Analysis, offset: u32) -> Result<TextRange, String>;
    fn rename(&self, analysis: &Analysis, offset: u32, new_name: &str) -> Result<Vec<FileEdit>, String>;
    fn document_symbols(&self, analysis: &Analysis) -> Vec<Symbol>;
    fn folding_ranges(&self, analysis: &Analysis) -> Vec<Fold>;
    fn selection_ranges(&self, analysis: &Analysis, offset: u32) -> Vec<TextRange>;
    fn semantic_tokens(&self, analysis: &Analysis) -> Vec<SemanticToken>;
    /// The tokens inside `range`, the bytes an incremental analysis parsed again: those of
    /// [`FileFeatures::semantic_tokens`] it holds whole, or `None` when this format does not
    /// compute part of them ([`super::token_splice`]).
    fn semantic_tokens_within(&self, _analysis: &Analysis, _range: TextRange) -> Option<Vec<SemanticToken>> {
        None
    }
    /// Whether the tokens of `analysis` outside `new` are those of `previous` outside `old`,
    /// moved: `analysis` was built on `previous` by parsing `old`'s replacement `new` again.
    fn tokens_kept_outside(
        &self,
        _previous: &Analysis,
        _analysis: &Analysis,
        _old: TextRange,
        _new: TextRange,
    ) -> bool {
        false
    }
    fn document_colors(&self, analysis: &Analysis) -> Vec<ColorInfo>;
    fn color_presentations(&self, analysis: &Analysis, range: TextRange, color: Rgba) -> Vec<ColorPresentation>;
    fn inlay_hints(&self, analysis: &Analysis, range: TextRange) -> Vec<InlayHint>;
    fn format(&self, analysis: &Analysis) -> Option<Vec<TextEdit>>;
    fn format_refusal(&self, analysis: &Analysis) -> Option<String>;
    fn code_actions(&self, analysis: &Analysis, range: TextRange) -> Vec<CodeAction>;
    /// Image file names the value at the cursor may take, from `fs`.
    fn file_completions(&self, _analysis: &Analysis, _offset: u32, _fs: &dyn FileSystem) -> Vec<CompletionItem> {
        Vec::new()
    }
    /// The files the document names that `fs` has.
    fn document_links(&self, _analysis: &Analysis, _fs: &dyn FileSystem) -> Vec<DocumentLink> {
        Vec::new()
    }
}

/// The features of the analysed document's format.
pub fn of(analysis: &Analysis) -> &'static dyn FileFeatures {
    match analysis.parsed {
        ParsedFile::Elem(_) => &elem::ElemFeatures,
        ParsedFile::DragonBones(_) => &dragonbones::DragonBonesFeatures,
        ParsedFile::Other => &NoFeatures,
    }
}

/// A file in neither format: nothing to offer.
struct NoFeatures;

impl FileFeatures for NoFeatures {
    fn hover(&self, _: &Analysis, _: u32) -> Option<Hover> {
        None
    }
    fn completions(&self, _: &Analysis, _: u32) -> Vec<CompletionItem> {
        Vec::new()
    }
    fn goto_definition(&self, _: &Analysis, _: u32) -> Vec<NavTarget> {
        Vec::new()
    }
    fn references(&self, _: &Analysis, _: u32, _: bool) -> Vec<Location> {
        Vec::new()
    }
    fn highlights(&self, _: &Analysis, _: u32) -> Vec<Highlight> {
        Vec::new()
    }
    fn prepare_rename(&self, _: &Analysis, _: u32) -> Result<TextRange, String> {
        Err("nothing to rename here".to_owned())
    }
    fn rename(&self, _: &Analysis, _: u32, _: &str) -> Result<Vec<FileEdit>, String> {
        Err("nothing to rename here".to_owned())
    }
    fn document_symbols(&self, _: &Analysis) -> Vec<Symbol> {
        Vec::new()
    }
    fn folding_ranges(&self, _: &Analysis) -> Vec<Fold> {
        Vec::new()
    }
    fn selection_ranges(&self, _: &Analysis, _: u32) -> Vec<TextRange> {
        Vec::new()
    }
    fn semantic_tokens(&self, _: &Analysis) -> Vec<SemanticToken> {
        Vec::new()
    }
    fn document_colors(&self, _: &Analysis) -> Vec<ColorInfo> {
        Vec::new()
    }
    fn color_presentations(&self, _: &Analysis, _: TextRange, _: Rgba) -> Vec<ColorPresentation> {
        Vec::new()
    }
    fn inlay_hints(&self, _: &Analysis, _: TextRange) -> Vec<InlayHint> {
        Vec::new()
    }
    fn format(&self, _: &Analysis) -> Option<Vec<TextEdit>> {
        None
    }
    fn format_refusal(&self, _: &Analysis) -> Option<String> {
        None
    }
    fn code_actions(&self, _: &Analysis, _: TextRange) -> Vec<CodeAction> {
        Vec::new()
    }
}
