//! Hover, completion, navigation, highlights and inlay hints.

use tower_lsp_server::ls_types as lsp;

use super::Converter;
use super::markup::{markup, plain_text};
use crate::capabilities::ClientCaps;
use rigls_ide as ide;

/// The hover, in Markdown or, for a client that cannot render it, as plain text.
pub fn hover(conv: &Converter<'_>, hover: &ide::Hover, markdown: bool) -> lsp::Hover {
    lsp::Hover {
        contents: lsp::HoverContents::Markup(markup(&with_links(conv, &hover.markdown, markdown), markdown)),
        range: Some(conv.range(hover.range)),
    }
}

/// The hover's links to positions ([`ide::location_links`]) as links to the file's URI with a
/// `#L<line>,<column>` fragment (1-based, the column in UTF-16 code units: what VS Code opens such
/// a link at); just their text for a client without Markdown or a file without a URI.
fn with_links(conv: &Converter<'_>, markdown: &str, renders_markdown: bool) -> String {
    let links = ide::location_links(markdown);
    if links.is_empty() {
        return markdown.to_owned();
    }
    let mut out = String::with_capacity(markdown.len() + links.len() * 64);
    let mut done = 0;
    for link in links {
        out.push_str(&markdown[done..link.link.start as usize]);
        let text = link.text.slice(markdown);
        match conv.uri_of(link.file.as_deref()).filter(|_| renders_markdown) {
            Some(uri) => {
                let at = conv.utf16_position_in(link.file.as_deref(), link.offset);
                out.push_str(&format!("[{text}]({}#L{},{})", uri.as_str(), at.line + 1, at.col + 1));
            }
            None => out.push_str(text),
        }
        done = link.link.end as usize;
    }
    out.push_str(&markdown[done..]);
    out
}

/// A completion item replacing the item's range, as the client can take it:
/// - a snippet only when the client takes snippets (otherwise the snippet's placeholders are
///   flattened to their default text);
/// - an item over several lines carries the indentation of its later lines, so it is marked to be
///   inserted as it is; a client that cannot be told so but adds the cursor line's indentation to
///   later lines itself gets them without it;
/// - documentation in Markdown, or as plain text for a client that cannot render Markdown;
/// - a `filterText` always: clients filter what the user typed in the edit's range against it (a
///   client that sees an edit range but no filter text may take the list as filtered already and
///   show every item, as Neovim does).
pub fn completion_item(conv: &Converter<'_>, item: &ide::CompletionItem, caps: &ClientCaps) -> lsp::CompletionItem {
    let (mut new_text, format) = match (item.is_snippet, caps.snippets) {
        (true, true) => (item.insert_text.clone(), lsp::InsertTextFormat::SNIPPET),
        (true, false) => (snippet_to_text(&item.insert_text), lsp::InsertTextFormat::PLAIN_TEXT),
        (false, _) => (item.insert_text.clone(), lsp::InsertTextFormat::PLAIN_TEXT),
    };
    let multiline = new_text.contains(['\n', '\r']);
    if multiline && !caps.insert_as_is && caps.adjusts_indentation {
        new_text = without_indentation(&new_text, line_indentation(conv, item.replace_range.start));
    }
    lsp::CompletionItem {
        label: item.label.clone(),
        kind: Some(completion_kind(item.kind)),
        detail: item.detail.clone(),
        documentation: item.documentation_markdown.as_ref().map(|value| {
            if caps.markdown_documentation {
                lsp::Documentation::MarkupContent(markup(value, true))
            } else {
                lsp::Documentation::String(plain_text(value))
            }
        }),
        sort_text: item.sort_text.clone(),
        filter_text: Some(item.filter_text.clone()),
        insert_text_format: Some(format),
        insert_text_mode: (multiline && caps.insert_as_is).then_some(lsp::InsertTextMode::AS_IS),
        text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit {
            range: conv.range(item.replace_range),
            new_text,
        })),
        ..lsp::CompletionItem::default()
    }
}

/// The blanks that start the line holding `offset`, up to `offset`: what a client adjusting
/// indentation adds to every later line of an inserted text.
fn line_indentation<'a>(conv: &Converter<'a>, offset: u32) -> &'a str {
    let line = conv.lines.line_range(conv.lines.line_of(offset));
    let before = &conv.text[line.start as usize..offset.max(line.start) as usize];
    &before[..before.len() - before.trim_start_matches([' ', '\t']).len()]
}

/// `text` with `indentation` removed from the start of every line but the first (lines end at
/// LF, CRLF or a lone CR).
fn without_indentation(text: &str, indentation: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(['\r', '\n']) {
        let end = if rest[i..].starts_with("\r\n") { i + 2 } else { i + 1 };
        out.push_str(&rest[..end]);
        rest = &rest[end..];
        rest = rest.strip_prefix(indentation).unwrap_or(rest);
    }
    out.push_str(rest);
    out
}

fn completion_kind(kind: ide::CompletionKind) -> lsp::CompletionItemKind {
    match kind {
        ide::CompletionKind::Key => lsp::CompletionItemKind::PROPERTY,
        ide::CompletionKind::Scope => lsp::CompletionItemKind::STRUCT,
        ide::CompletionKind::Value => lsp::CompletionItemKind::VALUE,
        ide::CompletionKind::EnumMember => lsp::CompletionItemKind::ENUM_MEMBER,
        ide::CompletionKind::Name => lsp::CompletionItemKind::REFERENCE,
        ide::CompletionKind::Snippet => lsp::CompletionItemKind::SNIPPET,
        ide::CompletionKind::File => lsp::CompletionItemKind::FILE,
    }
}

/// The text a snippet inserts with every placeholder at its default: `${1:x}` → `x`, `${1|a,b|}`
/// → `a`, `$1` and `$0` → nothing, `\$` → `$`.
pub fn snippet_to_text(snippet: &str) -> String {
    let mut out = String::with_capacity(snippet.len());
    let mut chars = snippet.chars().peekable();
    // Inside `${n:…}` (depth counts nesting) or `${n|…|}` (until the first `,` or `|`).
    let mut depth = 0usize;
    let mut in_choice = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            '$' if chars.peek() == Some(&'{') => {
                chars.next();
                while chars.peek().is_some_and(char::is_ascii_digit) {
                    chars.next();
                }
                match chars.next() {
                    Some(':') => depth += 1,
                    Some('|') => {
                        in_choice = true;
                        depth += 1;
                    }
                    _ => {} // `${1}`: an empty tab stop.
                }
            }
            '$' if chars.peek().is_some_and(char::is_ascii_digit) => {
                while chars.peek().is_some_and(char::is_ascii_digit) {
                    chars.next();
                }
            }
            ',' | '|' if in_choice => {
                // Skip the other choices up to the closing `|}`.
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
                in_choice = false;
                depth -= 1;
            }
            '}' if depth > 0 => depth -= 1,
            c => out.push(c),
        }
    }
    out
}

/// Definitions as links (whole definition + name) when the client takes them, else locations of
/// the names.
pub fn definition(conv: &Converter<'_>, targets: &[ide::NavTarget], links: bool) -> lsp::GotoDefinitionResponse {
    if links {
        let links = targets
            .iter()
            .filter_map(|t| {
                Some(lsp::LocationLink {
                    origin_selection_range: None,
                    target_uri: conv.uri_of(t.file.as_deref())?,
                    target_range: conv.range_in(t.file.as_deref(), t.full_range),
                    target_selection_range: conv.range_in(t.file.as_deref(), t.focus_range),
                })
            })
            .collect();
        lsp::GotoDefinitionResponse::Link(links)
    } else {
        let locations = targets
            .iter()
            .filter_map(|t| location(conv, &ide::Location { file: t.file.clone(), range: t.focus_range }))
            .collect();
        lsp::GotoDefinitionResponse::Array(locations)
    }
}

pub fn location(conv: &Converter<'_>, location: &ide::Location) -> Option<lsp::Location> {
    Some(lsp::Location {
        uri: conv.uri_of(location.file.as_deref())?,
        range: conv.range_in(location.file.as_deref(), location.range),
    })
}

/// `None` when the file cannot be written as a URI.
pub fn document_link(conv: &Converter<'_>, link: &ide::DocumentLink) -> Option<lsp::DocumentLink> {
    Some(lsp::DocumentLink {
        range: conv.range(link.range),
        target: Some(conv.uri_of(Some(&link.target))?),
        tooltip: Some(link.tooltip.clone()),
        data: None,
    })
}

pub fn highlight(conv: &Converter<'_>, highlight: &ide::Highlight) -> lsp::DocumentHighlight {
    lsp::DocumentHighlight {
        range: conv.range(highlight.range),
        kind: Some(match highlight.kind {
            ide::HighlightKind::Write => lsp::DocumentHighlightKind::WRITE,
            ide::HighlightKind::Read => lsp::DocumentHighlightKind::READ,
        }),
    }
}

pub fn inlay_hint(conv: &Converter<'_>, hint: &ide::InlayHint) -> lsp::InlayHint {
    lsp::InlayHint {
        position: conv.position(hint.offset),
        label: lsp::InlayHintLabel::String(hint.label.clone()),
        kind: Some(match hint.kind {
            ide::InlayKind::Type => lsp::InlayHintKind::TYPE,
            ide::InlayKind::Parameter => lsp::InlayHintKind::PARAMETER,
        }),
        text_edits: None,
        tooltip: hint.tooltip.clone().map(lsp::InlayHintTooltip::String),
        padding_left: Some(hint.padding_left),
        padding_right: Some(hint.padding_right),
        data: None,
    }
}

#[cfg(test)]
mod tests {
    use super::{snippet_to_text, without_indentation};

    #[test]
    fn later_lines_lose_the_indentation_a_client_adds() {
        assert_eq!(without_indentation("A {\r\n\t\t\t$0\r\n\t\t}", "\t\t"), "A {\r\n\t$0\r\n}");
        assert_eq!(without_indentation("A {\n\n  x\n}", "  "), "A {\n\nx\n}");
        assert_eq!(without_indentation("A {\n\tx\n}", ""), "A {\n\tx\n}");
        assert_eq!(without_indentation("A {\r\t\tx\r\t}", "\t"), "A {\r\tx\r}");
    }

    #[test]
    fn snippets_flatten_to_their_defaults() {
        assert_eq!(snippet_to_text("Mesh {\n\tName=\"${1:name}\"\n\t$0\n}"), "Mesh {\n\tName=\"name\"\n\t\n}");
        assert_eq!(snippet_to_text("Loop=${1|Yes,No|}$2"), "Loop=Yes");
        assert_eq!(snippet_to_text("${1:a${2:b}c}\\$x${3}"), "abc$x");
    }
}
