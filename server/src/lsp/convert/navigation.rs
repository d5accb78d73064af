//! Hover, completion, navigation, highlights and inlay hints.

use tower_lsp_server::ls_types as lsp;

use super::Converter;
use crate::ide;

pub fn hover(conv: &Converter<'_>, hover: &ide::Hover, markdown: bool) -> lsp::Hover {
    let kind = if markdown { lsp::MarkupKind::Markdown } else { lsp::MarkupKind::PlainText };
    lsp::Hover {
        contents: lsp::HoverContents::Markup(lsp::MarkupContent { kind, value: hover.markdown.clone() }),
        range: Some(conv.range(hover.range)),
    }
}

/// A completion item replacing the item's range; a snippet only when the client takes snippets
/// (otherwise the snippet's placeholders are flattened to their default text).
pub fn completion_item(conv: &Converter<'_>, item: &ide::CompletionItem, snippets: bool) -> lsp::CompletionItem {
    let (new_text, format) = match (item.is_snippet, snippets) {
        (true, true) => (item.insert_text.clone(), lsp::InsertTextFormat::SNIPPET),
        (true, false) => (snippet_to_text(&item.insert_text), lsp::InsertTextFormat::PLAIN_TEXT),
        (false, _) => (item.insert_text.clone(), lsp::InsertTextFormat::PLAIN_TEXT),
    };
    lsp::CompletionItem {
        label: item.label.clone(),
        kind: Some(completion_kind(item.kind)),
        detail: item.detail.clone(),
        documentation: item.documentation_markdown.as_ref().map(|value| {
            lsp::Documentation::MarkupContent(lsp::MarkupContent {
                kind: lsp::MarkupKind::Markdown,
                value: value.clone(),
            })
        }),
        sort_text: item.sort_text.clone(),
        insert_text_format: Some(format),
        text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit {
            range: conv.range(item.replace_range),
            new_text,
        })),
        ..lsp::CompletionItem::default()
    }
}

fn completion_kind(kind: ide::CompletionKind) -> lsp::CompletionItemKind {
    match kind {
        ide::CompletionKind::Key => lsp::CompletionItemKind::PROPERTY,
        ide::CompletionKind::Scope => lsp::CompletionItemKind::STRUCT,
        ide::CompletionKind::Value => lsp::CompletionItemKind::VALUE,
        ide::CompletionKind::EnumMember => lsp::CompletionItemKind::ENUM_MEMBER,
        ide::CompletionKind::Name => lsp::CompletionItemKind::REFERENCE,
        ide::CompletionKind::Snippet => lsp::CompletionItemKind::SNIPPET,
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
    use super::snippet_to_text;

    #[test]
    fn snippets_flatten_to_their_defaults() {
        assert_eq!(snippet_to_text("Mesh {\n\tName=\"${1:name}\"\n\t$0\n}"), "Mesh {\n\tName=\"name\"\n\t\n}");
        assert_eq!(snippet_to_text("Loop=${1|Yes,No|}$2"), "Loop=Yes");
        assert_eq!(snippet_to_text("${1:a${2:b}c}\\$x${3}"), "abc$x");
    }
}
