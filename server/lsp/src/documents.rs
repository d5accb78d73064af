//! Open documents: the store, their text ([`DocText`]), and editing it with LSP content changes.
//!
//! Positions are read exactly as [`rigls_text::LineIndex`] reads them, so an edit lands where the
//! client meant it and the analysed text agrees with the client's: lines break at LF, CR and CRLF
//! (ropey with only `cr_lines`), a leading byte-order mark is zero-width, a column past the end of
//! its line clamps to the line's end, a line past the end clamps to the end of the text, and a
//! column inside a character (half a surrogate pair, the middle of a UTF-8 sequence) snaps back to
//! the character's start. Nothing a client sends can make this panic.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use ropey::{Rope, RopeSlice};
use tower_lsp_server::ls_types::{Position, TextDocumentContentChangeEvent, Uri};

use super::scheduler::AnalysisTask;
use rigls_ide::Analysis;
use rigls_text::{BOM, PositionEncoding};

pub struct Document {
    pub path: Option<PathBuf>,
    pub version: i32,
    pub text: DocText,
    /// The analysis of `version` (renewed when a file it read changes). Its serial is unique, so
    /// a reopened document is never mistaken for its former self.
    pub analysis: Arc<AnalysisTask>,
    /// Held while one of the document's scheduled analyses runs: they run one at a time, and
    /// those superseded while waiting never run (see `State::schedule`).
    pub lane: Arc<tokio::sync::Mutex<()>>,
    /// A preview has asked for the document's scenes: its next analyses read what every scene
    /// shares while the rules run (see `Features::analyse_for_preview`).
    pub previewed: bool,
    /// The scene elements last written for the document (with their version): the next scene
    /// answer writes only how its elements differ from them.
    pub scene_elements: Option<super::scene::SentElements>,
}

/// The open documents. The lock is never held across an `.await`.
#[derive(Default)]
pub struct Documents {
    map: Mutex<HashMap<Uri, Document>>,
}

impl Documents {
    pub fn with<R>(&self, f: impl FnOnce(&mut HashMap<Uri, Document>) -> R) -> R {
        f(&mut self.map.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// The current text of the open document at `path`.
    pub fn text_at(&self, path: &Path) -> Option<DocText> {
        self.with(|docs| docs.values().find(|d| d.path.as_deref() == Some(path)).map(|d| d.text.clone()))
    }

    /// The path and URI of every open document that has a path.
    pub fn uris_by_path(&self) -> Vec<(PathBuf, Uri)> {
        self.with(|docs| docs.iter().filter_map(|(uri, d)| Some((d.path.clone()?, uri.clone()))).collect())
    }

    /// Paths of the open documents directly in `dir`.
    pub fn paths_in(&self, dir: &Path) -> Vec<PathBuf> {
        self.with(|docs| docs.values().filter_map(|d| d.path.clone()).filter(|p| p.parent() == Some(dir)).collect())
    }
}

/// A document's current text, in the form that costs least for what comes next. Cloning is cheap
/// in every form (a task takes a clone and makes its string when it starts).
#[derive(Clone)]
pub enum DocText {
    /// As it came whole (`didOpen`), not edited since.
    Whole(Arc<String>),
    /// As edits left it: a rope, edited in place.
    Edited(Rope),
    /// Held by the document's finished analysis, not here: a large document that has been idle
    /// does not keep a second copy for an edit that may never come (the next edit makes the rope
    /// again, ~15 ms for 10 MB). See [`DocText::compact`].
    Analysed(Arc<Analysis>),
}

/// Documents from this size on are compacted when idle.
pub const COMPACT_ABOVE: usize = 1 << 20;

impl DocText {
    pub fn len_bytes(&self) -> usize {
        match self {
            DocText::Whole(text) => text.len(),
            DocText::Edited(rope) => rope.len_bytes(),
            DocText::Analysed(analysis) => analysis.text.len(),
        }
    }

    /// The rope to edit, made first unless the text is one already.
    pub fn rope_mut(&mut self) -> &mut Rope {
        let rope = match self {
            DocText::Edited(rope) => return rope,
            DocText::Whole(text) => Rope::from_str(text),
            DocText::Analysed(analysis) => Rope::from_str(&analysis.text),
        };
        *self = DocText::Edited(rope);
        match self {
            DocText::Edited(rope) => rope,
            _ => unreachable!("just made a rope"),
        }
    }

    /// The text as one string of its own (copied if it is shared).
    pub fn into_string(self) -> String {
        Arc::try_unwrap(self.into_shared()).unwrap_or_else(|shared| String::clone(&shared))
    }

    /// The text as one string, shared where it is one already (what an analysis keeps: a
    /// 17 MB open is not copied for its analysis, 9 ms before the parse could start).
    pub fn into_shared(self) -> Arc<String> {
        match self {
            DocText::Whole(text) => text,
            // `to_string` would grow by doubling: up to twice a 10 MB document. The memory is
            // the last version's when it has been dropped.
            DocText::Edited(rope) => {
                let mut text = rigls_text::spare::TEXTS.take(rope.len_bytes());
                rope.chunks().for_each(|chunk| text.push_str(chunk));
                Arc::new(text)
            }
            DocText::Analysed(analysis) => analysis.text.clone(),
        }
    }

    /// The first `len` bytes.
    pub fn head(&self, len: usize) -> Vec<u8> {
        match self {
            DocText::Whole(text) => text.as_bytes()[..len.min(text.len())].to_vec(),
            DocText::Edited(rope) => rope.bytes().take(len).collect(),
            DocText::Analysed(analysis) => analysis.text.as_bytes()[..len.min(analysis.text.len())].to_vec(),
        }
    }

    /// Whether the text is `other`, byte for byte.
    fn is(&self, other: &Arc<String>) -> bool {
        match self {
            DocText::Whole(text) => Arc::ptr_eq(text, other) || text == other,
            DocText::Edited(rope) => rope.len_bytes() == other.len() && rope == other.as_str(),
            DocText::Analysed(analysis) => analysis.text == *other,
        }
    }

    /// Lets go of the text where `finished`, the document's analysis of its current version,
    /// holds the same text: from then on the text is read from the analysis. Says whether it did.
    pub fn compact(&mut self, finished: &Arc<Analysis>) -> bool {
        if matches!(self, DocText::Analysed(_)) || self.len_bytes() < COMPACT_ABOVE || !self.is(&finished.text) {
            return false;
        }
        *self = DocText::Analysed(finished.clone());
        true
    }
}

/// The char index in `rope` that an LSP position designates, clamped as described above.
pub fn char_index(rope: &Rope, position: Position, encoding: PositionEncoding) -> usize {
    let line = position.line as usize;
    if line >= rope.len_lines() {
        return rope.len_chars();
    }
    let line_start = rope.line_to_char(line);
    let slice = rope.line(line);
    let content_end = slice.len_chars() - line_break_chars(slice);
    let content_start = usize::from(line == 0 && starts_with_bom(slice)).min(content_end);
    let content = slice.slice(content_start..content_end);
    let col = position.character as usize;
    let chars = match encoding {
        PositionEncoding::Utf8 => content.byte_to_char(col.min(content.len_bytes())),
        PositionEncoding::Utf16 => content.utf16_cu_to_char(col.min(content.len_utf16_cu())),
        PositionEncoding::Utf32 => col.min(content.len_chars()),
    };
    line_start + content_start + chars
}

/// Applies one content change: a range replacement, or the whole text when there is no range.
/// A range whose end comes before its start is read as the range between the two positions.
pub fn apply_change(rope: &mut Rope, change: &TextDocumentContentChangeEvent, encoding: PositionEncoding) {
    let Some(range) = change.range else {
        *rope = Rope::from_str(&change.text);
        return;
    };
    let a = char_index(rope, range.start, encoding);
    let b = char_index(rope, range.end, encoding);
    let (start, end) = (a.min(b), a.max(b));
    rope.remove(start..end);
    rope.insert(start, &change.text);
}

fn line_break_chars(line: RopeSlice<'_>) -> usize {
    let n = line.len_chars();
    match (n.checked_sub(2).map(|i| line.char(i)), n.checked_sub(1).map(|i| line.char(i))) {
        (Some('\r'), Some('\n')) => 2,
        (_, Some('\n' | '\r')) => 1,
        _ => 0,
    }
}

fn starts_with_bom(line: RopeSlice<'_>) -> bool {
    line.len_chars() > 0 && line.char(0) == BOM.chars().next().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rigls_text::{LineCol, LineIndex};
    use tower_lsp_server::ls_types::Range;

    fn pos(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    /// The rope agrees with the line index on every position, including out-of-range ones.
    fn agrees_with_line_index(text: &str) {
        let rope = Rope::from_str(text);
        let index = LineIndex::new(text);
        for encoding in [PositionEncoding::Utf8, PositionEncoding::Utf16, PositionEncoding::Utf32] {
            for line in 0..index.line_count() + 2 {
                for col in 0..text.len() as u32 + 3 {
                    let want = index.offset(LineCol { line, col }, encoding) as usize;
                    let got = rope.char_to_byte(char_index(&rope, pos(line, col), encoding));
                    assert_eq!(got, want, "{text:?} {encoding:?} {line}:{col}");
                }
            }
        }
    }

    #[test]
    fn positions_match_the_line_index() {
        agrees_with_line_index("");
        agrees_with_line_index("Name=\"歩行ロボ\"\r\n\tBone=\"😀x\"\r\rlast\n");
        agrees_with_line_index("\u{feff}頭\r\n腰\n");
        agrees_with_line_index("\u{feff}");
        agrees_with_line_index("a\r");
    }

    /// Every form of a text reads the same; a large text is compacted into its analysis only when
    /// that analysis holds the same bytes, and an edit after that starts from those bytes.
    #[test]
    fn doc_text_forms_read_alike_and_compact_only_onto_the_same_text() {
        let fs = rigls_diagnostic::env::MemoryFs::default();
        let big = format!("\u{feff}頭\r\n{}腰\n", "x".repeat(COMPACT_ABOVE));
        let analysis = Arc::new(Analysis::new(None, big.clone(), &fs));
        let forms = [
            DocText::Whole(Arc::new(big.clone())),
            DocText::Edited(Rope::from_str(&big)),
            DocText::Analysed(analysis.clone()),
        ];
        for form in &forms {
            assert_eq!(form.len_bytes(), big.len());
            assert_eq!(form.head(5), big.as_bytes()[..5].to_vec());
            assert_eq!(form.head(usize::MAX), big.as_bytes().to_vec());
            assert_eq!(form.clone().into_string(), big);
            let mut edited = form.clone();
            edited.rope_mut().insert(1, "!");
            assert_eq!(edited.into_string(), format!("\u{feff}!{}", &big[3..]));
        }
        let mut whole = forms[0].clone();
        assert!(whole.compact(&analysis));
        assert!(matches!(&whole, DocText::Analysed(a) if Arc::ptr_eq(a, &analysis)));
        assert!(!whole.compact(&analysis), "already compact");
        let mut edited = forms[1].clone();
        edited.rope_mut().remove(0..1);
        assert!(!edited.compact(&analysis), "the analysis is of another text");
        assert_eq!(edited.into_string(), big[3..]);
        let small = Arc::new(Analysis::new(None, "腰".to_owned(), &fs));
        assert!(!DocText::Whole(Arc::new("腰".to_owned())).compact(&small), "too small to be worth it");

        // A text as it came is not copied for its analysis, which the document then shares.
        let opened = Arc::new(big.clone());
        let shared = DocText::Whole(opened.clone()).into_shared();
        assert!(Arc::ptr_eq(&shared, &opened));
        let analysis = Arc::new(Analysis::new(None, shared, &fs));
        assert!(Arc::ptr_eq(&analysis.text, &opened));
        let mut whole = DocText::Whole(opened);
        assert!(whole.compact(&analysis));
        assert!(Arc::ptr_eq(&whole.into_shared(), &analysis.text));
    }

    #[test]
    fn edits_clamp_and_order_their_ends() {
        let mut rope = Rope::from_str("\u{feff}腰\r\nb\n");
        let change = |range: Option<Range>, text: &str| TextDocumentContentChangeEvent {
            range,
            range_length: None,
            text: text.to_owned(),
        };
        // After the BOM, past the end of line 0: inserts before the CRLF.
        apply_change(&mut rope, &change(Some(Range::new(pos(0, 99), pos(0, 99))), "!"), PositionEncoding::Utf16);
        assert_eq!(rope.to_string(), "\u{feff}腰!\r\nb\n");
        // Inverted range, lines past the end.
        apply_change(&mut rope, &change(Some(Range::new(pos(9, 0), pos(1, 0))), ""), PositionEncoding::Utf8);
        assert_eq!(rope.to_string(), "\u{feff}腰!\r\n");
        // A UTF-8 column inside 腰 snaps to its start; column 3 is just after it.
        apply_change(&mut rope, &change(Some(Range::new(pos(0, 1), pos(0, 3))), "x"), PositionEncoding::Utf8);
        assert_eq!(rope.to_string(), "\u{feff}x!\r\n");
        apply_change(&mut rope, &change(None, "new"), PositionEncoding::Utf32);
        assert_eq!(rope.to_string(), "new");
    }
}
