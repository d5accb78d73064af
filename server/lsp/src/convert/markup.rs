//! Markdown (what `ide` writes) as LSP markup: Markdown for clients that render it, plain text for
//! those that do not, so they show `VertexCount · key in Mesh` rather than
//! ``**`VertexCount`** · key in `Mesh` ``.

use tower_lsp_server::ls_types as lsp;

pub fn markup(markdown: &str, client_renders_markdown: bool) -> lsp::MarkupContent {
    if client_renders_markdown {
        lsp::MarkupContent { kind: lsp::MarkupKind::Markdown, value: markdown.to_owned() }
    } else {
        lsp::MarkupContent { kind: lsp::MarkupKind::PlainText, value: plain_text(markdown) }
    }
}

/// The text a reader of the rendered Markdown sees, for the subset `ide` writes: code fences are
/// dropped (their contents kept), code spans lose their backticks (their contents are literal),
/// and outside them `*` and `**` emphasis markers and backslash escapes are removed. Lists, rules and
/// line breaks stay as they are: they read well as plain text.
pub fn plain_text(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    let mut in_fence = false;
    for (i, line) in markdown.split('\n').enumerate() {
        let is_fence = line.trim_start().starts_with("```");
        if is_fence {
            in_fence = !in_fence;
            continue;
        }
        if i > 0 && !out.is_empty() {
            out.push('\n');
        }
        if in_fence {
            out.push_str(line);
        } else {
            inline(line, &mut out);
        }
    }
    if markdown.ends_with('\n') && !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

fn inline(line: &str, out: &mut String) {
    let mut rest = line;
    while let Some(c) = rest.chars().next() {
        match c {
            '`' => {
                let ticks = rest.len() - rest.trim_start_matches('`').len();
                let after = &rest[ticks..];
                let fence = &rest[..ticks];
                match after.find(fence) {
                    Some(end) => {
                        let code = &after[..end];
                        // `` `` a`b `` ``: one space inside each side is padding.
                        let code = match code.strip_prefix(' ').and_then(|c| c.strip_suffix(' ')) {
                            Some(inner) if !inner.trim().is_empty() => inner,
                            _ => code,
                        };
                        out.push_str(code);
                        rest = &after[end + ticks..];
                    }
                    None => {
                        out.push_str(fence);
                        rest = after;
                    }
                }
            }
            '*' if rest.starts_with("**") => rest = &rest[2..],
            '*' => match emphasis(rest) {
                Some((inner, after)) => {
                    inline(inner, out);
                    rest = after;
                }
                None => {
                    out.push('*');
                    rest = &rest[1..];
                }
            },
            '\\' if rest[1..].starts_with(|c: char| c.is_ascii_punctuation()) => {
                let escaped = rest[1..].chars().next().unwrap_or_default();
                out.push(escaped);
                rest = &rest[1 + escaped.len_utf8()..];
            }
            c => {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
}

/// `*text*` at the start of `rest`: the text and what follows the closing `*`. The text must not
/// start or end with a blank (`2 * 3 * 4` is arithmetic, not emphasis).
fn emphasis(rest: &str) -> Option<(&str, &str)> {
    let body = &rest[1..];
    let close = body.find('*')?;
    let inner = &body[..close];
    let blank_edge = inner.starts_with(char::is_whitespace) || inner.ends_with(char::is_whitespace);
    (!inner.is_empty() && !blank_edge).then(|| (inner, &body[close + 1..]))
}

#[cfg(test)]
mod tests {
    use super::plain_text;

    #[test]
    fn emphasis_code_spans_and_fences_are_unwrapped() {
        let markdown = "**`VertexCount`** · key in `Mesh`\n\nNumber of vertices in every `Texture*UV` list.\n\n- Type: integer ≥ 0\n\n```elem\nVertexCount=4\n```\n\n**Counted:** Positions 4 ✓";
        assert_eq!(
            plain_text(markdown),
            "VertexCount · key in Mesh\n\nNumber of vertices in every Texture*UV list.\n\n- Type: integer ≥ 0\n\nVertexCount=4\n\nCounted: Positions 4 ✓"
        );
    }

    #[test]
    fn code_spans_are_literal() {
        assert_eq!(plain_text("**bone** `` a`**`b ``"), "bone a`**`b");
        assert_eq!(plain_text("`頭` and `*`"), "頭 and *");
        assert_eq!(plain_text("an unclosed ` tick"), "an unclosed ` tick");
        assert_eq!(plain_text("1 \\* 2 \\\\ 3 \\頭"), "1 * 2 \\ 3 \\頭");
        assert_eq!(plain_text("ends\n"), "ends\n");
        assert_eq!(plain_text("A *bone* named `*`, 2 * 3 * 4"), "A bone named *, 2 * 3 * 4");
    }
}
