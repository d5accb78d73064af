//! `ide` data → LSP types, and LSP positions → byte offsets.
//!
//! Every position goes through the [`LineIndex`] of the analysed version in the negotiated
//! encoding; positions in other files (related information, rename edits, definitions in an atlas)
//! through a line index of that file's current text, read through the overlay file system.

mod diagnostics;
mod edits;
mod markup;
mod navigation;
mod outline;
mod packed_tokens;
mod token_splice;
mod tokens;

pub use diagnostics::{DiagnosticData, diagnostic};
pub use edits::{code_action, code_action_kind, color_information, color_presentation, text_edits, workspace_edit};
pub use navigation::{completion_item, definition, document_link, highlight, hover, inlay_hint, location};
pub use outline::{document_symbols, folding_range, selection_range, symbol_information};
pub use packed_tokens::EncodedTokens;
pub use token_splice::spliced_tokens;
pub use tokens::{semantic_tokens, token_edits, tokens_in_range};

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use tower_lsp_server::ls_types::{Position, Range, Uri};

use rigls_diagnostic::env::FileSystem;
use rigls_ide::Analysis;
use rigls_text::{LineCol, LineIndex, PositionEncoding, TextRange};

/// Converts positions for one analysed document version.
pub struct Converter<'a> {
    pub encoding: PositionEncoding,
    pub uri: &'a Uri,
    /// The analysed version.
    pub version: i32,
    pub path: Option<&'a Path>,
    pub text: &'a str,
    pub lines: &'a LineIndex,
    fs: &'a dyn FileSystem,
    /// Open documents' URIs by path, so a location in one is written as the client wrote it.
    open: Vec<(PathBuf, Uri)>,
    others: RefCell<HashMap<PathBuf, Rc<LineIndex>>>,
}

impl<'a> Converter<'a> {
    pub fn new(
        analysis: &'a Analysis,
        uri: &'a Uri,
        version: i32,
        encoding: PositionEncoding,
        fs: &'a dyn FileSystem,
    ) -> Converter<'a> {
        Converter::of_text(analysis.path.as_deref(), &analysis.text, &analysis.lines, uri, version, encoding, fs)
    }

    /// A converter for a version of a document at `path` whose analysis is under way.
    pub fn of_text(
        path: Option<&'a Path>,
        text: &'a str,
        lines: &'a LineIndex,
        uri: &'a Uri,
        version: i32,
        encoding: PositionEncoding,
        fs: &'a dyn FileSystem,
    ) -> Converter<'a> {
        Converter { encoding, uri, version, path, text, lines, fs, open: Vec::new(), others: RefCell::default() }
    }

    /// Uses these URIs for the open documents' paths instead of URIs made from the paths.
    pub fn with_open_documents(mut self, open: Vec<(PathBuf, Uri)>) -> Converter<'a> {
        self.open = open;
        self
    }

    /// The file system other files are read through.
    pub fn fs(&self) -> &'a dyn FileSystem {
        self.fs
    }

    pub fn position(&self, offset: u32) -> Position {
        position(self.lines, offset, self.encoding)
    }

    pub fn range(&self, range: TextRange) -> Range {
        Range { start: self.position(range.start), end: self.position(range.end) }
    }

    /// The byte offset of a client's position, clamped into the text.
    pub fn offset(&self, position: Position) -> u32 {
        self.lines.offset(LineCol { line: position.line, col: position.character }, self.encoding)
    }

    /// The byte range of a client's range (ends in either order).
    pub fn text_range(&self, range: Range) -> TextRange {
        let (a, b) = (self.offset(range.start), self.offset(range.end));
        TextRange::new(a.min(b), a.max(b))
    }

    /// Whether `file` names the analysed document (`None` always does).
    pub fn is_this(&self, file: Option<&Path>) -> bool {
        file.is_none() || file == self.path
    }

    /// The URI of `file`, or of the analysed document for `None`. `None` when a path cannot be
    /// written as a URI (relative and not on disk).
    pub fn uri_of(&self, file: Option<&Path>) -> Option<Uri> {
        match file {
            Some(path) if !self.is_this(Some(path)) => match self.open.iter().find(|(p, _)| p == path) {
                Some((_, uri)) => Some(uri.clone()),
                None => Uri::from_file_path(path),
            },
            _ => Some(self.uri.clone()),
        }
    }

    /// A range in `file` (`None`: the analysed document).
    pub fn range_in(&self, file: Option<&Path>, range: TextRange) -> Range {
        match file {
            Some(path) if !self.is_this(Some(path)) => {
                let lines = self.other_lines(path);
                Range {
                    start: position(&lines, range.start, self.encoding),
                    end: position(&lines, range.end, self.encoding),
                }
            }
            _ => self.range(range),
        }
    }

    /// The 0-based line and UTF-16 column of `offset` in `file` (`None`: the analysed document):
    /// a position as editors count it in a link, whatever the negotiated encoding.
    pub fn utf16_position_in(&self, file: Option<&Path>, offset: u32) -> LineCol {
        match file {
            Some(path) if !self.is_this(Some(path)) => self.other_lines(path).line_col(offset, PositionEncoding::Utf16),
            _ => self.lines.line_col(offset, PositionEncoding::Utf16),
        }
    }

    fn other_lines(&self, path: &Path) -> Rc<LineIndex> {
        let mut others = self.others.borrow_mut();
        let lines = others.entry(path.to_path_buf()).or_insert_with(|| {
            // An unreadable file gives an empty index: every range clamps to its start.
            Rc::new(LineIndex::new(&self.fs.read_to_string(path).unwrap_or_default()))
        });
        lines.clone()
    }
}

fn position(lines: &LineIndex, offset: u32, encoding: PositionEncoding) -> Position {
    let LineCol { line, col } = lines.line_col(offset, encoding);
    Position { line, character: col }
}
