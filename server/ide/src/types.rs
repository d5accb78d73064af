//! The plain data the `ide` features return. Ranges are byte offsets into the analysed text.

use std::path::PathBuf;

use rigls_diagnostic::TextEdit;
use rigls_text::TextRange;

#[derive(Clone, Debug, PartialEq)]
pub struct Hover {
    /// What the hover is about (the key, the name…), for the editor to highlight.
    pub range: TextRange,
    pub markdown: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    Key,
    Scope,
    Value,
    EnumMember,
    Name,
    Snippet,
    /// A file's name.
    File,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CompletionItem {
    pub label: String,
    pub kind: CompletionKind,
    /// One line shown beside the label (type, range…).
    pub detail: Option<String>,
    pub documentation_markdown: Option<String>,
    /// The text replacing `replace_range`; an LSP snippet when `is_snippet`.
    pub insert_text: String,
    pub is_snippet: bool,
    pub replace_range: TextRange,
    /// What the text typed in `replace_range` (up to the cursor) is matched against to keep or drop
    /// the item as the user types: the label, or the label as it is written in the file (a
    /// DragonBones key typed with its opening quote is matched as `"name"`).
    pub filter_text: String,
    /// Sorts before items with a greater key.
    pub sort_text: Option<String>,
}

/// A one-line Markdown text (a value type, a list's shape) as the plain words a completion detail
/// needs, which editors show as it is: code spans lose their backticks.
pub fn plain_words(markdown: &str) -> String {
    markdown.replace('`', "")
}

/// A place to navigate to, in this document (`file: None`) or another.
#[derive(Clone, Debug, PartialEq)]
pub struct NavTarget {
    pub file: Option<PathBuf>,
    /// The whole definition (e.g. the scope).
    pub full_range: TextRange,
    /// The name itself.
    pub focus_range: TextRange,
}

/// A file the document names, opened from the name (an atlas's image, a material's texture).
#[derive(Clone, Debug, PartialEq)]
pub struct DocumentLink {
    /// The name as written, quotes excluded.
    pub range: TextRange,
    pub target: PathBuf,
    /// What the file is to the document.
    pub tooltip: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Location {
    pub file: Option<PathBuf>,
    pub range: TextRange,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HighlightKind {
    /// Where the name is defined.
    Write,
    /// Where it is used.
    Read,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Highlight {
    pub range: TextRange,
    pub kind: HighlightKind,
}

/// Edits to one file (`None`: the analysed document).
#[derive(Clone, Debug, PartialEq)]
pub struct FileEdit {
    pub file: Option<PathBuf>,
    pub edits: Vec<TextEdit>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    File,
    Module,
    Namespace,
    Class,
    Struct,
    Object,
    Array,
    Field,
    Property,
    Constant,
    Number,
    String,
    Boolean,
    Event,
    Function,
    EnumMember,
    Key,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Symbol {
    pub name: String,
    pub detail: Option<String>,
    pub kind: SymbolKind,
    pub range: TextRange,
    pub selection_range: TextRange,
    pub children: Vec<Symbol>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldKind {
    Region,
    Comment,
    Imports,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Fold {
    /// From the start of the folded construct to its end (the LSP layer turns it into lines).
    pub range: TextRange,
    pub kind: FoldKind,
}

/// Token types, in the order of the legend the server announces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenType {
    Namespace,
    Type,
    Class,
    Enum,
    Struct,
    Parameter,
    Variable,
    Property,
    EnumMember,
    Event,
    Function,
    Keyword,
    String,
    Number,
    Operator,
    Comment,
}

impl TokenType {
    pub const ALL: &'static [TokenType] = &[
        TokenType::Namespace,
        TokenType::Type,
        TokenType::Class,
        TokenType::Enum,
        TokenType::Struct,
        TokenType::Parameter,
        TokenType::Variable,
        TokenType::Property,
        TokenType::EnumMember,
        TokenType::Event,
        TokenType::Function,
        TokenType::Keyword,
        TokenType::String,
        TokenType::Number,
        TokenType::Operator,
        TokenType::Comment,
    ];
}

/// Token modifiers as bit flags, in legend order.
pub mod token_modifier {
    pub const DECLARATION: u32 = 1 << 0;
    pub const DEFINITION: u32 = 1 << 1;
    pub const READONLY: u32 = 1 << 2;
    pub const DEPRECATED: u32 = 1 << 3;
    pub const DEFAULT_LIBRARY: u32 = 1 << 4;
    pub const NAMES: &[&str] = &["declaration", "definition", "readonly", "deprecated", "defaultLibrary"];
}

#[derive(Clone, Debug, PartialEq)]
pub struct SemanticToken {
    pub range: TextRange,
    pub token_type: TokenType,
    pub modifiers: u32,
}

/// A colour with components in 0..1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rgba {
    pub red: f64,
    pub green: f64,
    pub blue: f64,
    pub alpha: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ColorInfo {
    pub range: TextRange,
    pub color: Rgba,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ColorPresentation {
    pub label: String,
    /// Replaces the colour's range.
    pub edit: TextEdit,
    /// Further edits (e.g. other keys of a DragonBones colour transform).
    pub additional_edits: Vec<TextEdit>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InlayKind {
    Type,
    Parameter,
}

#[derive(Clone, Debug, PartialEq)]
pub struct InlayHint {
    pub offset: u32,
    pub label: String,
    pub kind: InlayKind,
    pub padding_left: bool,
    pub padding_right: bool,
    pub tooltip: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeActionKind {
    QuickFix,
    Refactor,
    SourceFixAll,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CodeAction {
    pub title: String,
    pub kind: CodeActionKind,
    pub edits: Vec<FileEdit>,
    /// The diagnostic this action fixes (index into `Analysis::diagnostics`).
    pub diagnostic: Option<usize>,
    pub is_preferred: bool,
}
