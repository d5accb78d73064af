//! The client's side of positions and edits, written independently of the server's line index and
//! rope: a document as the client holds it ([`ClientDoc`]), strict conversions between its byte
//! offsets and LSP positions in the negotiated encoding, edit application, and renderers that turn
//! LSP answers into compact text for `expect!` snapshots.
//!
//! Renderings describe meaning, not units: every range is shown as `line:col-line:col` with
//! 0-based lines and **UTF-16** columns (LSP's default) followed by the text it covers, so the same
//! answer given in UTF-8, UTF-16 or UTF-32, with LF or CRLF line breaks and with or without a BOM
//! renders identically exactly when it designates the same text. Conversions are strict: a
//! position inside a character, inside a CRLF pair or past the end of its line is a server bug and
//! fails the test instead of being clamped.

use std::fmt::Write as _;

use serde_json::{Map, Value, json};

const BOM: char = '\u{feff}';

/// Marks a string made from a range or position by [`ClientDoc::plain_value`], shown unquoted.
pub const DESCRIBED: char = '\u{1}';

/// How the client counts columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enc {
    Utf16,
    Utf8,
    Utf32,
}

impl Enc {
    pub const ALL: [Enc; 3] = [Enc::Utf16, Enc::Utf8, Enc::Utf32];

    /// The name LSP uses in `positionEncodings`.
    pub fn name(self) -> &'static str {
        match self {
            Enc::Utf16 => "utf-16",
            Enc::Utf8 => "utf-8",
            Enc::Utf32 => "utf-32",
        }
    }

    pub fn width(self, c: char) -> usize {
        match self {
            Enc::Utf16 => c.len_utf16(),
            Enc::Utf8 => c.len_utf8(),
            Enc::Utf32 => 1,
        }
    }
}

/// `(start, end)` byte offsets of each line's content (without its line break; a leading BOM is
/// not content). LF, CRLF and a lone CR end lines.
pub fn line_spans(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut start = if text.starts_with(BOM) { BOM.len_utf8() } else { 0 };
    let mut spans = Vec::new();
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'\r' | b'\n' => {
                spans.push((start, i));
                i += if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
                start = i;
            }
            _ => i += 1,
        }
    }
    spans.push((start, bytes.len()));
    spans
}

/// A document as the client holds it.
#[derive(Clone, Debug)]
pub struct ClientDoc {
    pub uri: String,
    pub version: i32,
    pub text: String,
    pub enc: Enc,
}

impl ClientDoc {
    pub fn new(uri: &str, version: i32, text: &str, enc: Enc) -> ClientDoc {
        ClientDoc { uri: uri.to_owned(), version, text: text.to_owned(), enc }
    }

    /// The document's line break: its first one (LF when it has none).
    pub fn line_break(&self) -> &'static str {
        match self.text.find(['\r', '\n']) {
            Some(i) if self.text[i..].starts_with("\r\n") => "\r\n",
            Some(i) if self.text[i..].starts_with('\r') => "\r",
            _ => "\n",
        }
    }

    /// The position of a byte offset in the document's encoding.
    pub fn position(&self, offset: usize) -> Value {
        let (line, col) = self.line_col(offset, self.enc);
        json!({"line": line, "character": col})
    }

    pub fn range(&self, start: usize, end: usize) -> Value {
        json!({"start": self.position(start), "end": self.position(end)})
    }

    fn line_col(&self, offset: usize, enc: Enc) -> (usize, usize) {
        let spans = line_spans(&self.text);
        let line = spans.iter().rposition(|&(s, _)| s <= offset).unwrap_or(0);
        let (start, end) = spans[line];
        assert!(start <= offset, "offset {offset} is inside the BOM");
        assert!(offset <= end, "offset {offset} is inside a line break");
        assert!(self.text.is_char_boundary(offset), "offset {offset} is inside a character");
        (line, self.text[start..offset].chars().map(|c| enc.width(c)).sum())
    }

    /// Replaces `start..end` (byte offsets) with `text` in the client's copy and returns the
    /// `didChange` content change saying so.
    pub fn replace(&mut self, start: usize, end: usize, text: &str) -> Value {
        let change = json!({"range": self.range(start, end), "text": text});
        self.text.replace_range(start..end, text);
        change
    }

    /// The `didChange` content changes applying LSP text edits one by one, last first so that
    /// each range is still where the server computed it; the client's copy is edited too.
    pub fn changes_for(&mut self, edits: &[Value]) -> Vec<Value> {
        let expected = self.apply(edits);
        let mut spans: Vec<(usize, usize, String)> = edits
            .iter()
            .map(|e| {
                let (start, end) = self.offsets(&e["range"]);
                (start, end, e["newText"].as_str().expect("newText").to_owned())
            })
            .collect();
        spans.sort_by_key(|&(start, end, _)| std::cmp::Reverse((start, end)));
        let changes = spans.into_iter().map(|(start, end, text)| self.replace(start, end, &text)).collect();
        assert_eq!(self.text, expected);
        changes
    }

    /// The byte offset an LSP position designates; panics if it designates none.
    pub fn offset(&self, position: &Value) -> usize {
        let (line, col) = (as_usize(&position["line"]), as_usize(&position["character"]));
        let spans = line_spans(&self.text);
        let &(start, end) =
            spans.get(line).unwrap_or_else(|| panic!("{position} is past the last line ({})", spans.len() - 1));
        let mut seen = 0;
        for (i, c) in self.text[start..end].char_indices() {
            if seen == col {
                return start + i;
            }
            seen += self.enc.width(c);
            assert!(seen <= col, "{position} is inside {c:?} in {}", self.enc.name());
        }
        assert_eq!(seen, col, "{position} is past the end of line {line} ({seen} wide in {})", self.enc.name());
        end
    }

    /// `(start, end)` byte offsets of an LSP range; panics if it is inverted.
    pub fn offsets(&self, range: &Value) -> (usize, usize) {
        let (start, end) = (self.offset(&range["start"]), self.offset(&range["end"]));
        assert!(start <= end, "inverted range {range}");
        (start, end)
    }

    /// `3:5-3:9 "text"`: 0-based lines, UTF-16 columns, and the text covered (line breaks shown as
    /// `⏎`; a range over more than two lines shows its first and last line).
    pub fn describe(&self, start: usize, end: usize) -> String {
        let (l1, c1) = self.line_col(start, Enc::Utf16);
        let (l2, c2) = self.line_col(end, Enc::Utf16);
        let covered = &self.text[start..end];
        let lines: Vec<&str> = covered.split("\r\n").flat_map(|l| l.split(['\r', '\n'])).collect();
        let shown = match lines.as_slice() {
            [one] => format!("{one:?}"),
            [first, last] => format!("{first:?}⏎{last:?}"),
            [first, .., last] => format!("{first:?}⏎…{} lines…⏎{last:?}", lines.len() - 2),
            [] => unreachable!(),
        };
        format!("{l1}:{c1}-{l2}:{c2} {shown}")
    }

    pub fn describe_range(&self, range: &Value) -> String {
        let (start, end) = self.offsets(range);
        self.describe(start, end)
    }

    /// `3:5`: a position as a 0-based line and a UTF-16 column.
    pub fn describe_position(&self, position: &Value) -> String {
        let (line, col) = self.line_col(self.offset(position), Enc::Utf16);
        format!("{line}:{col}")
    }

    /// The text after applying LSP text edits (in any order, not overlapping, as LSP requires).
    /// Checks that the edits kept the BOM and the document's line breaks.
    pub fn apply(&self, edits: &[Value]) -> String {
        let mut spans: Vec<(usize, usize, &str)> = edits
            .iter()
            .map(|e| {
                let (start, end) = self.offsets(&e["range"]);
                (start, end, e["newText"].as_str().expect("newText"))
            })
            .collect();
        spans.sort_by_key(|&(start, end, _)| (start, end));
        let mut out = String::new();
        let mut at = 0;
        for (start, end, new_text) in spans {
            assert!(start >= at, "overlapping edits: {edits:?}");
            out.push_str(&self.text[at..start]);
            out.push_str(new_text);
            at = end;
        }
        out.push_str(&self.text[at..]);
        assert_eq!(out.starts_with(BOM), self.text.starts_with(BOM), "the edits changed the BOM");
        self.check_line_breaks(&out, "the edited text");
        out
    }

    /// The edits of a `WorkspaceEdit` for this document (with `changes` or `documentChanges`),
    /// checking that it edits nothing else and, with `documentChanges`, names this version.
    pub fn workspace_edits(&self, edit: &Value) -> Vec<Value> {
        let mut edits = Vec::new();
        if let Some(changes) = edit.get("changes").and_then(Value::as_object) {
            for (uri, list) in changes {
                assert_eq!(uri, &self.uri, "an edit to another document");
                edits.extend(list.as_array().unwrap().iter().cloned());
            }
        }
        if let Some(changes) = edit.get("documentChanges").and_then(Value::as_array) {
            for change in changes {
                assert_eq!(change["textDocument"]["uri"], self.uri, "an edit to another document");
                assert_eq!(change["textDocument"]["version"], self.version, "an edit for another version");
                edits.extend(change["edits"].as_array().unwrap().iter().cloned());
            }
        }
        edits
    }

    /// The edits of a document write its own line breaks.
    pub fn check_line_breaks(&self, text: &str, what: &str) {
        let others = text.replace(self.line_break(), "");
        assert!(!others.contains(['\n', '\r']), "{what} breaks lines otherwise than {:?}: {text:?}", self.line_break());
    }

    /// The lines an edited text changed, as a unified diff without context, on the text with
    /// line breaks made LF and the BOM dropped (both were checked by [`ClientDoc::apply`]).
    pub fn diff(&self, edited: &str) -> String {
        let (old, new) = (plain(&self.text), plain(edited));
        let diff = similar::TextDiff::from_lines(&old, &new);
        let diff = diff.unified_diff().context_radius(0).missing_newline_hint(false).to_string();
        diff.lines().map(|line| format!("{}\n", show_trailing_blanks(line))).collect()
    }

    /// Renders an LSP answer (see [`render`]) with this document's ranges described.
    pub fn render(&self, value: &Value) -> String {
        render(&self.plain_value(value))
    }

    /// [`ClientDoc::render`] for answers that also point into other documents: an object naming
    /// one of `others` by `uri` or `targetUri` has its ranges described in that document, and the
    /// URI shown as the label given with it.
    pub fn render_with(&self, value: &Value, others: &[(&str, &ClientDoc)]) -> String {
        render(&self.plain_value_with(value, others))
    }

    fn plain_value_with(&self, value: &Value, others: &[(&str, &ClientDoc)]) -> Value {
        match value {
            Value::Object(map) => {
                let uri = map.get("uri").or_else(|| map.get("targetUri")).and_then(Value::as_str);
                if let Some((label, other)) = others.iter().find(|(_, o)| Some(o.uri.as_str()) == uri) {
                    return relabel(other.plain_value(value), label);
                }
                if is_range(value) || is_position(value) {
                    return self.plain_value(value);
                }
                let mut out = Map::new();
                for (key, item) in map {
                    let shown = others.iter().find(|(_, o)| o.uri == *key).map(|(label, _)| label.to_string());
                    out.insert(shown.unwrap_or_else(|| key.clone()), self.plain_value_with(item, others));
                }
                self.plain_value(&Value::Object(out))
            }
            Value::Array(items) => Value::Array(items.iter().map(|v| self.plain_value_with(v, others)).collect()),
            // Links to positions in the other documents (`…/x_tex.json#L3,5`), as their label.
            Value::String(s) => {
                let mut s = s.clone();
                for (label, other) in others {
                    s = s.replace(&format!("]({}#", other.uri), &format!("]({label}#"));
                }
                self.plain_value(&Value::String(s))
            }
            other => self.plain_value(other),
        }
    }

    /// Replaces ranges and positions with their descriptions and this document's URI with `<doc>`,
    /// and makes the document's line breaks in strings LF (after checking `newText`s use no
    /// others).
    pub fn plain_value(&self, value: &Value) -> Value {
        match value {
            Value::Object(_) if is_range(value) => Value::String(format!("{DESCRIBED}{}", self.describe_range(value))),
            Value::Object(_) if is_position(value) => {
                Value::String(format!("{DESCRIBED}{}", self.describe_position(value)))
            }
            Value::Object(map) => {
                let mut out = Map::new();
                for (key, item) in map {
                    if key == "newText" {
                        self.check_line_breaks(item.as_str().unwrap_or_default(), "a newText");
                    }
                    let key = if *key == self.uri { "<doc>".to_owned() } else { key.clone() };
                    out.insert(key, self.plain_value(item));
                }
                Value::Object(out)
            }
            Value::Array(items) => Value::Array(items.iter().map(|v| self.plain_value(v)).collect()),
            Value::String(s) if *s == self.uri => Value::String("<doc>".to_owned()),
            // Markdown links to positions in this document: `](<doc>#L3,5)`.
            Value::String(s) => {
                Value::String(s.replace(self.line_break(), "\n").replace(&format!("]({}#", self.uri), "](<doc>#"))
            }
            other => other.clone(),
        }
    }

    /// Semantic tokens decoded from their delta encoding in this document's units, one per line:
    /// `3:5-3:9 "text" type +modifier`. Checks that tokens lie inside their lines, in order,
    /// without overlapping.
    pub fn decode_tokens(&self, data: &Value, legend: &Value) -> String {
        let data: Vec<usize> = data.as_array().expect("data").iter().map(as_usize).collect();
        assert_eq!(data.len() % 5, 0, "data is not a multiple of 5 long");
        let names = |key: &str| -> Vec<String> {
            legend[key].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_owned()).collect()
        };
        let (types, modifiers) = (names("tokenTypes"), names("tokenModifiers"));
        let (mut line, mut col, mut previous_end) = (0, 0, 0);
        let mut out = String::new();
        for t in data.chunks(5) {
            let (delta_line, delta_start, length, token_type, bits) = (t[0], t[1], t[2], t[3], t[4]);
            if delta_line > 0 {
                (line, col, previous_end) = (line + delta_line, 0, 0);
            }
            col += delta_start;
            let start = self.offset(&json!({"line": line, "character": col}));
            let end = self.offset(&json!({"line": line, "character": col + length}));
            assert!(start >= previous_end, "a token overlaps the previous one at {line}:{col}");
            assert!(length > 0, "an empty token at {line}:{col}");
            previous_end = end;
            let mods: String = modifiers
                .iter()
                .enumerate()
                .filter(|(i, _)| bits & (1 << i) != 0)
                .map(|(_, m)| format!(" +{m}"))
                .collect();
            writeln!(out, "{} {}{mods}", self.describe(start, end), types[token_type]).unwrap();
        }
        out
    }
}

/// `<doc>` (as [`ClientDoc::plain_value`] shows its document) renamed `label`.
fn relabel(value: Value, label: &str) -> Value {
    match value {
        Value::String(s) if s == "<doc>" => Value::String(label.to_owned()),
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, v)| (k, relabel(v, label))).collect()),
        Value::Array(items) => Value::Array(items.into_iter().map(|v| relabel(v, label)).collect()),
        other => other,
    }
}

/// Trailing spaces and tabs made visible (`·`, `→`), so snapshots survive editors that trim them.
fn show_trailing_blanks(line: &str) -> String {
    let content = line.trim_end_matches([' ', '\t']);
    let trailing: String = line[content.len()..].chars().map(|c| if c == ' ' { '·' } else { '→' }).collect();
    format!("{content}{trailing}")
}

fn plain(text: &str) -> String {
    text.trim_start_matches(BOM).replace("\r\n", "\n").replace('\r', "\n")
}

fn as_usize(v: &Value) -> usize {
    v.as_u64().unwrap_or_else(|| panic!("not a number: {v}")) as usize
}

fn is_position(v: &Value) -> bool {
    v.as_object().is_some_and(|m| {
        m.len() == 2 && m.get("line").is_some_and(Value::is_u64) && m.get("character").is_some_and(Value::is_u64)
    })
}

fn is_range(v: &Value) -> bool {
    v.as_object().is_some_and(|m| {
        m.len() == 2 && m.get("start").is_some_and(is_position) && m.get("end").is_some_and(is_position)
    })
}

/// A JSON value as indented `key: value` lines (keys in JSON order, which is sorted), strings
/// quoted, multi-line strings as `|` blocks, and described ranges and positions (made by
/// [`ClientDoc::plain_value`]) unquoted.
pub fn render(value: &Value) -> String {
    let mut out = String::new();
    match value {
        Value::Object(m) if m.is_empty() => out.push_str("{}\n"),
        Value::Array(a) if a.is_empty() => out.push_str("[]\n"),
        Value::String(s) if s.contains('\n') => {
            out.push_str("|\n");
            block(s, 2, &mut out);
        }
        _ => emit(value, 0, &mut out),
    }
    out
}

fn emit(value: &Value, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                match item {
                    Value::Object(m) if !m.is_empty() => {
                        writeln!(out, "{pad}{key}:").unwrap();
                        emit(item, indent + 2, out);
                    }
                    Value::Array(a) if !a.is_empty() => {
                        writeln!(out, "{pad}{key}:").unwrap();
                        emit(item, indent + 2, out);
                    }
                    Value::String(s) if s.contains('\n') => {
                        writeln!(out, "{pad}{key}: |").unwrap();
                        block(s, indent + 2, out);
                    }
                    _ => writeln!(out, "{pad}{key}: {}", scalar(item)).unwrap(),
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                match item {
                    Value::Object(m) if !m.is_empty() => {
                        let mut inner = String::new();
                        emit(item, indent + 2, &mut inner);
                        out.push_str(&pad);
                        out.push_str("- ");
                        out.push_str(&inner[indent + 2..]);
                    }
                    Value::Array(a) if !a.is_empty() => {
                        writeln!(out, "{pad}-").unwrap();
                        emit(item, indent + 2, out);
                    }
                    Value::String(s) if s.contains('\n') => {
                        writeln!(out, "{pad}- |").unwrap();
                        block(s, indent + 2, out);
                    }
                    _ => writeln!(out, "{pad}- {}", scalar(item)).unwrap(),
                }
            }
        }
        scalar_value => writeln!(out, "{pad}{}", scalar(scalar_value)).unwrap(),
    }
}

fn block(s: &str, indent: usize, out: &mut String) {
    for line in s.split('\n') {
        let line = line.replace('\r', "␍");
        if line.is_empty() {
            out.push('\n');
        } else {
            writeln!(out, "{}{line}", " ".repeat(indent)).unwrap();
        }
    }
}

fn scalar(value: &Value) -> String {
    match value {
        Value::String(s) if s.starts_with(DESCRIBED) => s[DESCRIBED.len_utf8()..].to_owned(),
        Value::Object(_) => "{}".to_owned(),
        Value::Array(_) => "[]".to_owned(),
        other => other.to_string(),
    }
}

/// What an editor lists after the user typed the text that the items' edits replace, up to the
/// cursor: the items whose `filterText` starts with it (Neovim's filter; VS Code's is fuzzy but
/// starts from the same text), in `sortText` order, each as `label → text the edit inserts`.
/// Every item must have a filter text and replace from the same position, since a client takes
/// the typed text from the edit range and matches it against the filter text.
pub fn filtered(doc: &ClientDoc, cursor: usize, items: &Value) -> String {
    let items = items.as_array().expect("a list of items");
    let starts: Vec<usize> = items.iter().map(|i| doc.offsets(&i["textEdit"]["range"]).0).collect();
    let Some(&start) = starts.first() else { return "(no items)\n".to_owned() };
    assert!(starts.iter().all(|&s| s == start), "the items replace from different positions: {items:?}");
    assert!(start <= cursor, "the edits start after the cursor");
    let typed = &doc.text[start..cursor];
    let mut kept: Vec<&Value> = items
        .iter()
        .filter(|i| i["filterText"].as_str().unwrap_or_else(|| panic!("no filterText: {i}")).starts_with(typed))
        .collect();
    kept.sort_by_key(|i| i["sortText"].as_str().or(i["label"].as_str()).unwrap_or_default().to_owned());
    let mut out = format!("typed {typed:?}, {} of {} items:\n", kept.len(), items.len());
    for item in kept {
        // Shown with LF line breaks, whatever the document's.
        let inserted = item["textEdit"]["newText"].as_str().unwrap().replace("\r\n", "\n").replace('\r', "\n");
        out.push_str(&format!("{} → {inserted:?}\n", item["label"].as_str().unwrap()));
    }
    out
}
