//! The analysis and the `ide` features the server calls, behind a trait so tests can stand in a
//! fake (one that returns known data, sleeps, or panics) and check the whole protocol path.
//! Every method defaults to the real thing; [`RealFeatures`] is what the server uses.

use std::path::Path;

use rigls_diagnostic::env::FileSystem;
use rigls_diagnostic::{Targets, TextEdit};
use rigls_ide::scene::{Scene, SceneError, SceneRequest};
use rigls_ide::{self as ide, Analysis, SharedText};
use rigls_text::TextRange;

pub trait Features: Send + Sync + 'static {
    /// The analysis of `text`; `previous`, when given, is the last finished analysis of an
    /// earlier version of the document, which [`Analysis::reanalyse`] builds on (same result).
    /// `targets`: those the document is checked for (an earlier version checked for others is
    /// not built on).
    fn analyse(
        &self,
        previous: Option<&Analysis>,
        path: Option<&Path>,
        text: SharedText,
        fs: &dyn FileSystem,
        targets: Targets,
    ) -> Analysis {
        real_analysis(previous, path, text, fs, targets, false, None)
    }
    /// [`Features::analyse`] for a document a preview shows: the real analysis also reads what
    /// every scene shares, on another thread while the rules run, so that the scene of an edit
    /// is ready about when its diagnostics are.
    fn analyse_for_preview(
        &self,
        previous: Option<&Analysis>,
        path: Option<&Path>,
        text: SharedText,
        fs: &dyn FileSystem,
        targets: Targets,
    ) -> Analysis {
        self.analyse(previous, path, text, fs, targets)
    }
    /// [`Features::analyse`] (`preview`: [`Features::analyse_for_preview`]) giving `early` what is
    /// found before the runtime's rules are evaluated, when the analysis goes in two steps
    /// ([`Analysis::reanalyse_in_steps`]); a stand-in analyses in one step.
    #[allow(clippy::too_many_arguments)]
    fn analyse_in_steps(
        &self,
        previous: Option<&Analysis>,
        path: Option<&Path>,
        text: SharedText,
        fs: &dyn FileSystem,
        targets: Targets,
        preview: bool,
        early: ide::Early<'_>,
    ) -> Analysis {
        let _ = early;
        match preview {
            true => self.analyse_for_preview(previous, path, text, fs, targets),
            false => self.analyse(previous, path, text, fs, targets),
        }
    }
    fn hover(&self, analysis: &Analysis, offset: u32) -> Option<ide::Hover> {
        ide::hover(analysis, offset)
    }
    fn completions(&self, analysis: &Analysis, offset: u32) -> Vec<ide::CompletionItem> {
        ide::completions(analysis, offset)
    }
    fn file_completions(&self, analysis: &Analysis, offset: u32, fs: &dyn FileSystem) -> Vec<ide::CompletionItem> {
        ide::file_completions(analysis, offset, fs)
    }
    fn goto_definition(&self, analysis: &Analysis, offset: u32) -> Vec<ide::NavTarget> {
        ide::goto_definition(analysis, offset)
    }
    fn references(&self, analysis: &Analysis, offset: u32, include_declaration: bool) -> Vec<ide::Location> {
        ide::references(analysis, offset, include_declaration)
    }
    fn highlights(&self, analysis: &Analysis, offset: u32) -> Vec<ide::Highlight> {
        ide::highlights(analysis, offset)
    }
    fn prepare_rename(&self, analysis: &Analysis, offset: u32) -> Result<TextRange, String> {
        ide::prepare_rename(analysis, offset)
    }
    fn rename(&self, analysis: &Analysis, offset: u32, new_name: &str) -> Result<Vec<ide::FileEdit>, String> {
        ide::rename(analysis, offset, new_name)
    }
    fn document_symbols(&self, analysis: &Analysis) -> Vec<ide::Symbol> {
        ide::document_symbols(analysis)
    }
    fn folding_ranges(&self, analysis: &Analysis) -> Vec<ide::Fold> {
        ide::folding_ranges(analysis)
    }
    fn selection_ranges(&self, analysis: &Analysis, offset: u32) -> Vec<TextRange> {
        ide::selection_ranges(analysis, offset)
    }
    fn semantic_tokens(&self, analysis: &Analysis) -> Vec<ide::SemanticToken> {
        ide::semantic_tokens(analysis)
    }
    /// The tokens of an incremental analysis as a change of the previous version's (used instead
    /// of [`Features::semantic_tokens`] when that version's are at hand: a stand-in overriding
    /// one overrides both).
    fn semantic_tokens_splice(&self, analysis: &Analysis) -> Option<ide::TokenSplice> {
        ide::semantic_tokens_splice(analysis)
    }
    fn document_colors(&self, analysis: &Analysis) -> Vec<ide::ColorInfo> {
        ide::document_colors(analysis)
    }
    fn color_presentations(
        &self,
        analysis: &Analysis,
        range: TextRange,
        color: ide::Rgba,
    ) -> Vec<ide::ColorPresentation> {
        ide::color_presentations(analysis, range, color)
    }
    fn inlay_hints(&self, analysis: &Analysis, range: TextRange) -> Vec<ide::InlayHint> {
        ide::inlay_hints(analysis, range)
    }
    fn format(&self, analysis: &Analysis) -> Option<Vec<TextEdit>> {
        ide::format(analysis)
    }
    fn format_range(&self, analysis: &Analysis, range: TextRange) -> Option<Vec<TextEdit>> {
        ide::format_range(analysis, range)
    }
    fn code_actions(&self, analysis: &Analysis, range: TextRange) -> Vec<ide::CodeAction> {
        ide::code_actions(analysis, range)
    }
    fn document_links(&self, analysis: &Analysis, fs: &dyn FileSystem) -> Vec<ide::DocumentLink> {
        ide::document_links(analysis, fs)
    }
    fn scenes(&self, analysis: &Analysis, request: &SceneRequest, times: &[f64]) -> Result<Vec<Scene>, SceneError> {
        ide::scene::scenes_at(analysis, request, times)
    }
}

/// The real analysis and features.
pub struct RealFeatures;

impl Features for RealFeatures {
    fn analyse_for_preview(
        &self,
        previous: Option<&Analysis>,
        path: Option<&Path>,
        text: SharedText,
        fs: &dyn FileSystem,
        targets: Targets,
    ) -> Analysis {
        real_analysis(previous, path, text, fs, targets, true, None)
    }
    fn analyse_in_steps(
        &self,
        previous: Option<&Analysis>,
        path: Option<&Path>,
        text: SharedText,
        fs: &dyn FileSystem,
        targets: Targets,
        preview: bool,
        early: ide::Early<'_>,
    ) -> Analysis {
        real_analysis(previous, path, text, fs, targets, preview, Some(early))
    }
}

/// The analysis of `text`, built on `previous` when that is of the same file and targets (a
/// document that changed its path or targets is analysed afresh); `preview`: read the scenery
/// beside the rules; `early`: in two steps.
fn real_analysis(
    previous: Option<&Analysis>,
    path: Option<&Path>,
    text: SharedText,
    fs: &dyn FileSystem,
    targets: Targets,
    preview: bool,
    early: Option<ide::Early<'_>>,
) -> Analysis {
    match previous.filter(|p| p.path.as_deref() == path && p.targets == targets) {
        Some(previous) => Analysis::reanalyse_in_steps(previous, text, fs, preview, early),
        None => {
            let options = rigls_ide::AnalysisOptions { kind: None, targets, preview };
            Analysis::with_options_in_steps(path, text, fs, options, early)
        }
    }
}
