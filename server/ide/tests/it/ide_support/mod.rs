//! Helpers for the `ide` feature tests: cursor placement in shared fixtures, the same test run on
//! LF, CRLF and BOM variants of a text, and renderers that turn each feature's plain data into
//! text for `expect!` snapshots (ranges shown as the text they cover, edits as the edited text).
#![allow(dead_code)]

use rigls_diagnostic::TextEdit;
use rigls_ide::{self as ide, Analysis, CompletionItem, Fold, Hover, InlayHint, SemanticToken, Symbol};
use rigls_text::{LineIndex, PositionEncoding, TextRange};

use rigls_test_support::fixture::{analyse, bom, crlf, cursor, trim_indent};

/// The text with `marker` (a snippet of it containing `$0`) located at its first occurrence:
/// `at(MODEL, "BoneName=\"腰$0\"")` puts the cursor after `腰`.
pub fn at(text: &str, marker: &str) -> (String, u32) {
    let cursor = marker.find("$0").expect("marker has no $0");
    let needle = marker.replace("$0", "");
    let found = text.find(&needle).unwrap_or_else(|| panic!("`{needle}` not in the fixture"));
    (text.to_owned(), (found + cursor) as u32)
}

/// A fixture with an optional `$0`: the indented test-source text made plain, and the cursor.
pub fn fixture(source: &str) -> (String, Option<u32>) {
    let text = trim_indent(source);
    if text.contains("$0") {
        let (plain, offset) = cursor(&text);
        (plain, Some(offset))
    } else {
        (text, None)
    }
}

/// The LF text and its CRLF, BOM and BOM+CRLF variants.
pub fn variants(text: &str) -> Vec<(&'static str, String)> {
    vec![("lf", text.to_owned()), ("crlf", crlf(text)), ("bom", bom(text)), ("bom+crlf", bom(&crlf(text)))]
}

/// The offset in `to` at the same line and column as `offset` in `from`, checking that UTF-16
/// and UTF-8 columns (what editors send) lead to the same place.
pub fn map_offset(from: &str, offset: u32, to: &str) -> u32 {
    let (from_index, to_index) = (LineIndex::new(from), LineIndex::new(to));
    let [utf16, utf8] = [PositionEncoding::Utf16, PositionEncoding::Utf8]
        .map(|encoding| to_index.offset(from_index.line_col(offset, encoding), encoding));
    assert_eq!(utf16, utf8, "UTF-16 and UTF-8 positions disagree");
    utf16
}

/// The range of `to` at the same lines and columns as `range` in `from`.
pub fn map_range(from: &str, range: TextRange, to: &str) -> TextRange {
    TextRange::new(map_offset(from, range.start, to), map_offset(from, range.end, to))
}

/// Undoes what the variants changed, so their renderings can be compared.
fn normalise(rendered: &str) -> String {
    rendered.replace('\u{feff}', "").replace("\r\n", "\n").replace("\\r\\n", "\\n")
}

/// Runs `render` on the text (with its cursor) in every variant, checks that all variants give
/// the same rendering once line endings and BOM are normalised, and returns the LF rendering.
pub fn check_variants(
    text: &str,
    cursor: Option<u32>,
    render: impl Fn(&Analysis, &str, Option<u32>) -> String,
) -> String {
    check_variants_of("test.elem", &[], text, cursor, render)
}

/// [`check_variants`] for a file called `file` beside `others` (name and text; e.g. the atlas a
/// DragonBones skeleton pairs with), which stay as they are.
pub fn check_variants_of(
    file: &str,
    others: &[(&str, &str)],
    text: &str,
    cursor: Option<u32>,
    render: impl Fn(&Analysis, &str, Option<u32>) -> String,
) -> String {
    let mut first: Option<String> = None;
    for (name, variant) in variants(text) {
        let offset = cursor.map(|c| map_offset(text, c, &variant));
        let analysis = analyse(file, &variant, others);
        let rendered = normalise(&render(&analysis, &variant, offset));
        match &first {
            None => first = Some(rendered),
            Some(lf) => assert_eq!(&rendered, lf, "the {name} variant renders differently"),
        }
    }
    first.unwrap_or_default()
}

/// `3:5 "text"`: a range as its 1-based start line and UTF-16 column, and the text it covers.
pub fn range(text: &str, range: TextRange) -> String {
    let pos = LineIndex::new(text).line_col(range.start, PositionEncoding::Utf16);
    format!("{}:{} {:?}", pos.line + 1, pos.col + 1, range.slice(text))
}

pub fn render_hover(text: &str, hover: Option<Hover>) -> String {
    match hover {
        None => "no hover".to_owned(),
        Some(h) => format!("{}\n---\n{}\n", range(text, h.range), with_link_targets(text, &h.markdown)),
    }
}

/// The Markdown with each link to a position shown as what it points at: `[line 3](→ 3 "Name=…")`
/// (the line and the text there) in this document, `[…](→ x_tex.json@120)` in another file.
fn with_link_targets(text: &str, markdown: &str) -> String {
    let mut out = String::new();
    let mut done = 0;
    for link in ide::location_links(markdown) {
        out.push_str(&markdown[done..link.text.end as usize]);
        let target = match &link.file {
            Some(path) => format!("{}@{}", path.file_name().unwrap().to_string_lossy(), link.offset),
            None => {
                let at = text.get(link.offset as usize..).expect("a link past the end of the text");
                let snippet: String = at.chars().take_while(|c| !matches!(c, '\r' | '\n')).take(16).collect();
                format!("{} {snippet:?}", LineIndex::new(text).line_of(link.offset) + 1)
            }
        };
        out.push_str(&format!("](→ {target})"));
        done = link.link.end as usize;
    }
    out.push_str(&markdown[done..]);
    out
}

/// One line per item: label, kind, detail, what is inserted and the text it replaces.
pub fn render_completions(text: &str, items: &[CompletionItem]) -> String {
    let mut items: Vec<&CompletionItem> = items.iter().collect();
    items.sort_by(|a, b| (&a.sort_text, &a.label).cmp(&(&b.sort_text, &b.label)));
    items
        .iter()
        .map(|i| {
            let snippet = if i.is_snippet { " snippet" } else { "" };
            let detail = i.detail.as_deref().map(|d| format!(" ({d})")).unwrap_or_default();
            // The filter text, when it is not the label.
            let filter =
                if i.filter_text == i.label { String::new() } else { format!(" filtered as {:?}", i.filter_text) };
            format!(
                "{} [{:?}{snippet}]{detail} {:?} replacing {:?}{filter}\n",
                i.label,
                i.kind,
                i.insert_text,
                i.replace_range.slice(text)
            )
        })
        .collect()
}

/// The text after applying `edits`, checking that they kept the file's line endings and BOM.
pub fn render_edits(text: &str, edits: &[TextEdit]) -> String {
    let edited = ide::text_edit::apply(text, edits);
    assert_eq!(edited.starts_with('\u{feff}'), text.starts_with('\u{feff}'), "the BOM was not kept");
    if text.contains("\r\n") {
        assert!(!edited.replace("\r\n", "").contains('\n'), "a lone LF was written into a CRLF file:\n{edited:?}");
    }
    edited
}

/// A symbol tree, one symbol per line, indented by depth.
pub fn render_symbols(text: &str, symbols: &[Symbol]) -> String {
    fn walk(text: &str, symbols: &[Symbol], depth: usize, out: &mut String) {
        let index = LineIndex::new(text);
        for s in symbols {
            assert!(s.range.contains_range(s.selection_range), "selection outside range for {}", s.name);
            let first = index.line_of(s.range.start) + 1;
            let last = index.line_of(s.range.end) + 1;
            let detail = s.detail.as_deref().map(|d| format!(" ({d})")).unwrap_or_default();
            out.push_str(&format!(
                "{}{}{detail} [{:?}] lines {first}-{last}, selects {:?}\n",
                "  ".repeat(depth),
                s.name,
                s.kind,
                s.selection_range.slice(text)
            ));
            walk(text, &s.children, depth + 1, out);
        }
    }
    let mut out = String::new();
    walk(text, symbols, 0, &mut out);
    out
}

pub fn render_folds(text: &str, folds: &[Fold]) -> String {
    let index = LineIndex::new(text);
    folds
        .iter()
        .map(|f| {
            let first = index.line_of(f.range.start);
            let last = index.line_of(f.range.end);
            format!("{}-{} {:?}: {}\n", first + 1, last + 1, f.kind, index.line_range(first).slice(text).trim())
        })
        .collect()
}

/// Semantic tokens as `"text" Type +modifiers`, checking order and overlap.
pub fn render_tokens(text: &str, tokens: &[SemanticToken]) -> String {
    for pair in tokens.windows(2) {
        assert!(pair[0].range.end <= pair[1].range.start, "tokens overlap or are out of order: {pair:?}");
    }
    tokens
        .iter()
        .map(|t| {
            let mods: Vec<&str> = ide::token_modifier::NAMES
                .iter()
                .enumerate()
                .filter(|(i, _)| t.modifiers & (1 << i) != 0)
                .map(|(_, n)| *n)
                .collect();
            let mods = if mods.is_empty() { String::new() } else { format!(" +{}", mods.join(" +")) };
            format!("{:?} {:?}{mods}\n", t.range.slice(text), t.token_type)
        })
        .collect()
}

/// The text with each hint written in at its offset as `⟨label⟩` (spaces for padding).
pub fn render_inlays(text: &str, hints: &[InlayHint]) -> String {
    let mut out = String::new();
    let mut at = 0usize;
    for h in hints {
        let offset = h.offset as usize;
        out.push_str(&text[at..offset]);
        let left = if h.padding_left { " " } else { "" };
        let right = if h.padding_right { " " } else { "" };
        out.push_str(&format!("{left}⟨{}⟩{right}", h.label));
        at = offset;
    }
    out.push_str(&text[at..]);
    out
}

/// Text slices of ranges, one per line, with line breaks shown as `⏎`.
pub fn render_slices(text: &str, ranges: &[TextRange]) -> String {
    ranges.iter().map(|r| format!("{}\n", r.slice(text).replace("\r\n", "⏎").replace('\n', "⏎"))).collect()
}

/// What every completion list and hover must be, wherever the cursor is: completion items replace
/// from one position up to at least the cursor (clients take the typed text from there and match it
/// against each filter text) and have plain-text details (editors do not render Markdown there);
/// a hover's links point into the text.
pub fn check_completions_and_hover(analysis: &Analysis, offset: u32) {
    let items = ide::completions(analysis, offset);
    if let Some(first) = items.first() {
        for item in &items {
            let r = item.replace_range;
            assert_eq!(r.start, first.replace_range.start, "items at {offset} replace from different places");
            assert!(
                r.start <= offset && offset <= r.end,
                "{} at {offset} does not cover the cursor: {r:?}",
                item.label
            );
            assert!(!item.filter_text.is_empty(), "{} at {offset} has no filter text", item.label);
            let detail = item.detail.as_deref().unwrap_or_default();
            assert!(!detail.contains('`'), "the detail of {} at {offset} has Markdown: {detail}", item.label);
        }
    }
    if let Some(hover) = ide::hover(analysis, offset) {
        for link in ide::location_links(&hover.markdown).iter().filter(|l| l.file.is_none()) {
            assert!(link.offset as usize <= analysis.text.len(), "a link past the end in {:?}", hover.markdown);
        }
    }
}
