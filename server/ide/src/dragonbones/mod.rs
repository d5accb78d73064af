//! The editor features for DragonBones skeletons (`*_ske.json`) and atlases (`*_tex.json`).
//!
//! Every feature starts from a [`DragonBonesDoc`] (the analysed text, JSON tree, model and paired
//! atlases) and, for those that take a cursor, from [`Cursor::at`]: the innermost object, its kind
//! per the schema and the file's data version, and the member (key or value) under the cursor. Names go
//! through [`names`], so navigation, rename, hover and semantic tokens agree on what a name is and
//! which occurrences belong together; indices (`displayIndex`, mesh `weights`…) through
//! [`indices`], shared by hover, go to definition and inlay hints.

pub mod actions;
pub mod colors;
pub mod completion;
mod describe;
mod document_links;
pub mod folding;
pub mod hover;
mod indices;
pub mod inlay;
mod names;
pub mod navigation;
pub mod pose;
mod pose_hover;
pub mod rename;
pub mod scene;
pub mod selection;
pub mod semantic_tokens;
pub mod symbols;
mod walk;

use super::file_features::FileFeatures;
use super::{
    Analysis, CodeAction, ColorInfo, ColorPresentation, CompletionItem, DocumentLink, FileEdit, Fold, Highlight, Hover,
    InlayHint, Location, NavTarget, Rgba, SemanticToken, Symbol,
};
use rigls_diagnostic::env::FileSystem;
use rigls_diagnostic::{Diagnostic, TextEdit};
use rigls_dragonbones::DragonBonesFile;
use rigls_dragonbones::atlas::PairedAtlas;
use rigls_dragonbones::model::{Model, name_text};
use rigls_dragonbones::schema::{self, KeyDef, ObjectKind, Version};
use rigls_dragonbones::syntax::{Member, NodeId, NodeKind, Tree};
use rigls_text::{LineIndex, TextRange};

/// The `DragonBones` implementation of every editor feature.
pub struct DragonBonesFeatures;

impl FileFeatures for DragonBonesFeatures {
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
    fn format(&self, _: &Analysis) -> Option<Vec<TextEdit>> {
        // Left to the editor's JSON formatter.
        None
    }
    fn format_refusal(&self, _: &Analysis) -> Option<String> {
        None
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

/// Everything a feature reads from one analysed DragonBones document.
pub struct DragonBonesDoc<'a> {
    pub text: &'a str,
    pub lines: &'a LineIndex,
    pub file: &'a DragonBonesFile,
    pub tree: &'a Tree,
    pub model: &'a Model,
    pub atlases: &'a [PairedAtlas],
    pub diagnostics: &'a [Diagnostic],
}

impl<'a> DragonBonesDoc<'a> {
    pub fn new(analysis: &'a Analysis) -> Option<DragonBonesDoc<'a>> {
        let file = analysis.dragonbones()?;
        Some(DragonBonesDoc {
            text: &analysis.text,
            lines: &analysis.lines,
            file,
            tree: &file.tree,
            model: &file.model,
            atlases: &file.atlases,
            diagnostics: &analysis.diagnostics,
        })
    }

    /// The data version keys are looked up for (`None` for atlases).
    pub fn version(&self) -> Option<Version> {
        self.model.data_version
    }

    pub fn slice(&self, range: TextRange) -> &'a str {
        range.slice(self.text)
    }

    pub fn get(&self, object: NodeId, key: &str) -> Option<NodeId> {
        self.tree.get(self.text, object, key)
    }

    pub fn int(&self, object: NodeId, key: &str) -> Option<i64> {
        self.get(object, key).and_then(|v| self.tree.int(self.text, v))
    }

    /// The text of a name-valued member (`name`, `parent`…).
    pub fn name(&self, object: NodeId, key: &str) -> Option<String> {
        self.get(object, key).and_then(|v| name_text(self.tree, self.text, v))
    }

    /// The schema entry of a member of an object of `kind`.
    pub fn key_def(&self, kind: ObjectKind, member: Member) -> Option<&'static KeyDef> {
        schema::key_def(kind, &self.tree.key(self.text, member.key), self.version())
    }

    /// 1-based line number of an offset, for messages.
    pub fn line_no(&self, offset: u32) -> u32 {
        self.lines.line_of(offset) + 1
    }

    /// `line 12, column 5` as a Markdown link to `offset`, for hovers.
    pub fn place(&self, offset: u32) -> String {
        crate::links::place(self.text, self.lines, None, offset)
    }

    /// The numbers of an array (non-numbers as `None`, keeping positions).
    pub fn numbers(&self, array: NodeId) -> Vec<Option<f64>> {
        self.tree.elements(array).map(|e| self.tree.number(self.text, e)).collect()
    }
}

/// What the cursor is on: the innermost object and where in it.
#[derive(Clone, Debug)]
pub struct Cursor {
    /// The innermost object containing the cursor and its kind (`None`: outside the schema).
    pub object: NodeId,
    pub kind: Option<ObjectKind>,
    /// The member of `object` whose key or value holds the cursor.
    pub member: Option<Member>,
    /// The cursor is on the member's key (not between the key and its value).
    pub on_key: bool,
    /// The innermost node at the cursor.
    pub leaf: NodeId,
    /// When the leaf is an element of the member's array value: that array and the index.
    pub element: Option<(NodeId, usize)>,
}

impl Cursor {
    pub fn at(ctx: &DragonBonesDoc, offset: u32) -> Option<Cursor> {
        let path = ctx.tree.path_at(offset);
        let i = path.iter().rposition(|&n| ctx.tree.is_object(n))?;
        let object = path[i];
        let kind = ctx.file.object_kind(ctx.text, object);
        let member = path.get(i + 1).map(|&key| Member { key, value: key + 1 });
        let on_key = member.is_some_and(|m| path.len() == i + 2 && ctx.tree.range(m.key).contains_inclusive(offset));
        let leaf = *path.last()?;
        let element = match (path.get(i + 2), path.get(i + 3)) {
            (Some(&array), Some(&e)) if ctx.tree.is_array(array) => {
                Some((array, ctx.tree.elements(array).position(|c| c == e)?))
            }
            _ => None,
        };
        Some(Cursor { object, kind, member, on_key, leaf, element })
    }

    /// The member's key as written (unescaped).
    pub fn key<'t>(&self, ctx: &DragonBonesDoc<'t>) -> Option<std::borrow::Cow<'t, str>> {
        self.member.map(|m| ctx.tree.key(ctx.text, m.key))
    }

    pub fn key_def(&self, ctx: &DragonBonesDoc) -> Option<&'static KeyDef> {
        ctx.key_def(self.kind?, self.member?)
    }
}

/// `name` in backticks for Markdown, falling back to double backticks when the name has one.
pub fn code(name: &str) -> String {
    if name.contains('`') { format!("`` {name} ``") } else { format!("`{name}`") }
}

/// A string as JSON writes it, quotes included.
pub fn json_string(s: &str) -> String {
    rigls_dragonbones::rules::json_string(s)
}

/// `1 bone`, `2 bones`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Whether a node is a string (a name, an enum value, a path…).
pub fn is_string(tree: &Tree, node: NodeId) -> bool {
    tree.kind(node) == NodeKind::String
}
