//! The editor features for `.elem` files.
//!
//! Every feature starts from an [`ElemDoc`] (the analysed text, tree and model) and, for those that
//! take a cursor, from [`cursor::hit`]: which tag, key, value or list line the offset touches.
//! Names (bones, nodes, meshes…) go through [`names`], so navigation, rename, hover and semantic
//! tokens agree on what a name is and which occurrences belong together.

pub mod actions;
pub mod colors;
pub mod completion;
mod cursor;
mod danmakufu_pose;
mod danmakufu_scene;
mod describe;
mod document_links;
pub mod folding;
pub mod format;
pub mod hover;
pub mod inlay;
mod names;
pub mod navigation;
pub mod pose;
pub mod rename;
pub mod scene;
pub mod selection;
pub mod semantic_tokens;
pub mod symbols;

use super::file_features::FileFeatures;
use super::{
    Analysis, CodeAction, ColorInfo, ColorPresentation, CompletionItem, DocumentLink, FileEdit, Fold, Highlight, Hover,
    InlayHint, Location, NavTarget, Rgba, SemanticToken, Symbol,
};
use rigls_diagnostic::env::FileSystem;
use rigls_diagnostic::{Diagnostic, TextEdit};
use rigls_elem::eval::ElemRig;
use rigls_elem::model::Model;
use rigls_elem::schema::ScopeKind;
use rigls_elem::schema::key;
use rigls_elem::syntax::{ScopeId, SyntaxTree};
use rigls_elem::values::Values;
use rigls_text::{LineIndex, TextRange};

/// The `.elem` implementation of every editor feature.
pub struct ElemFeatures;

impl FileFeatures for ElemFeatures {
    fn hover(&self, analysis: &Analysis, offset: u32) -> Option<Hover> {
        hover::hover(analysis, offset)
    }
    fn completions(&self, analysis: &Analysis, offset: u32) -> Vec<CompletionItem> {
        completion::completions(analysis, offset)
    }
    fn goto_definition(&self, analysis: &Analysis, offset: u32) -> Vec<NavTarget> {
        navigation::goto_definition(analysis, offset)
    }
    fn references(&self, analysis: &Analysis, offset: u32, include_declaration: bool) -> Vec<Location> {
        navigation::references(analysis, offset, include_declaration)
    }
    fn highlights(&self, analysis: &Analysis, offset: u32) -> Vec<Highlight> {
        navigation::highlights(analysis, offset)
    }
    fn prepare_rename(&self, analysis: &Analysis, offset: u32) -> Result<TextRange, String> {
        rename::prepare_rename(analysis, offset)
    }
    fn rename(&self, analysis: &Analysis, offset: u32, new_name: &str) -> Result<Vec<FileEdit>, String> {
        rename::rename(analysis, offset, new_name)
    }
    fn document_symbols(&self, analysis: &Analysis) -> Vec<Symbol> {
        symbols::document_symbols(analysis)
    }
    fn folding_ranges(&self, analysis: &Analysis) -> Vec<Fold> {
        folding::folding_ranges(analysis)
    }
    fn selection_ranges(&self, analysis: &Analysis, offset: u32) -> Vec<TextRange> {
        selection::selection_ranges(analysis, offset)
    }
    fn semantic_tokens(&self, analysis: &Analysis) -> Vec<SemanticToken> {
        semantic_tokens::semantic_tokens(analysis)
    }
    fn semantic_tokens_within(&self, analysis: &Analysis, range: TextRange) -> Option<Vec<SemanticToken>> {
        Some(semantic_tokens::semantic_tokens_within(analysis, range))
    }
    fn tokens_kept_outside(&self, previous: &Analysis, analysis: &Analysis, old: TextRange, new: TextRange) -> bool {
        semantic_tokens::kept_outside(previous, analysis, old, new)
    }
    fn document_colors(&self, analysis: &Analysis) -> Vec<ColorInfo> {
        colors::document_colors(analysis)
    }
    fn color_presentations(&self, analysis: &Analysis, range: TextRange, color: Rgba) -> Vec<ColorPresentation> {
        colors::color_presentations(analysis, range, color)
    }
    fn inlay_hints(&self, analysis: &Analysis, range: TextRange) -> Vec<InlayHint> {
        inlay::inlay_hints(analysis, range)
    }
    fn format(&self, analysis: &Analysis) -> Option<Vec<TextEdit>> {
        format::format(analysis)
    }
    fn format_refusal(&self, analysis: &Analysis) -> Option<String> {
        format::refusal(analysis)
    }
    fn code_actions(&self, analysis: &Analysis, range: TextRange) -> Vec<CodeAction> {
        actions::code_actions(analysis, range)
    }
    fn file_completions(&self, analysis: &Analysis, offset: u32, fs: &dyn FileSystem) -> Vec<CompletionItem> {
        completion::file_completions(analysis, offset, fs)
    }
    fn document_links(&self, analysis: &Analysis, fs: &dyn FileSystem) -> Vec<DocumentLink> {
        document_links::document_links(analysis, fs)
    }
}

/// Everything a feature reads from one analysed `.elem` document.
pub struct ElemDoc<'a> {
    pub text: &'a str,
    pub lines: &'a LineIndex,
    pub tree: &'a SyntaxTree,
    pub model: &'a Model,
    pub diagnostics: &'a [Diagnostic],
    file: &'a rigls_elem::ElemFile,
}

impl<'a> ElemDoc<'a> {
    pub fn new(analysis: &'a Analysis) -> Option<ElemDoc<'a>> {
        let file = analysis.elem()?;
        Some(ElemDoc {
            text: &analysis.text,
            lines: &analysis.lines,
            tree: &file.tree,
            model: &file.model,
            diagnostics: &analysis.diagnostics,
            file,
        })
    }

    /// The evaluated rig of this version (read once, by the rules: [`rigls_elem::ElemFile::rig`]).
    pub fn rig(&self) -> &'a ElemRig {
        self.file.rig(self.text)
    }

    pub fn slice(&self, range: TextRange) -> &'a str {
        range.slice(self.text)
    }

    pub fn kind(&self, scope: ScopeId) -> ScopeKind {
        self.tree.kind(scope)
    }

    /// 1-based line number of an offset, for messages.
    pub fn line_no(&self, offset: u32) -> u32 {
        self.lines.line_of(offset) + 1
    }

    /// `line 12` (with the column where needed) as a Markdown link to `offset`, for hovers.
    pub fn place(&self, offset: u32) -> String {
        crate::links::place(self.text, self.lines, None, offset)
    }

    /// The value of `key` in `scope` as atoms (empty when the key is absent or broken).
    pub fn key_values(&self, scope: ScopeId, key: &str) -> Values {
        match self.tree.key(self.text, scope, key).filter(|l| l.ok) {
            Some(line) => Values::read(self.text, line.value),
            None => Values::default(),
        }
    }

    /// The value of `key` in `scope` when it is one integer.
    pub fn int_key(&self, scope: ScopeId, key: &str) -> Option<i64> {
        match self.key_values(scope, key).atoms.as_slice() {
            [atom] => atom.as_i64(self.text),
            _ => None,
        }
    }

    /// The value of `key` in `scope` when it is one quoted string.
    pub fn string_key(&self, scope: ScopeId, key: &str) -> Option<String> {
        match self.key_values(scope, key).atoms.as_slice() {
            [atom] => atom.as_str(self.text).map(|s| s.into_owned()),
            _ => None,
        }
    }

    /// The `Material` scope at position `index` in the container enclosing `inside`.
    pub fn material_scope(&self, inside: ScopeId, index: i64) -> Option<ScopeId> {
        let container = self.tree.enclosing(inside, ScopeKind::MeshContainer)?;
        let materials = self.tree.child_of(container, ScopeKind::Materials)?;
        self.tree.children_of(materials, ScopeKind::Material).nth(usize::try_from(index).ok()?)
    }

    /// The names of the container's materials, by index (`None` for a material without a name).
    pub fn material_names(&self, container: ScopeId) -> Vec<Option<String>> {
        let Some(materials) = self.tree.child_of(container, ScopeKind::Materials) else { return Vec::new() };
        self.tree.children_of(materials, ScopeKind::Material).map(|m| self.string_key(m, key::NAME)).collect()
    }

    /// Whether `a` and `b` lie on the same line.
    pub fn same_line(&self, a: u32, b: u32) -> bool {
        self.lines.line_of(a) == self.lines.line_of(b)
    }
}

/// `"name"` in backticks for Markdown, falling back to double backticks when the name has one.
pub fn code(name: &str) -> String {
    if name.contains('`') { format!("`` {name} ``") } else { format!("`{name}`") }
}
