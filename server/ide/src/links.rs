//! Links in hover Markdown to an exact position, in this document or another.
//!
//! `ide` knows byte offsets and paths, not URIs: a link is written with a destination of its own
//! scheme, `rigls-location:OFFSET` (this document) or `rigls-location:OFFSET:PATH` (another file,
//! the path percent-encoded), and the protocol layer rewrites each destination as the URI of that
//! position ([`location_links`] finds them).

use std::path::{Path, PathBuf};

use rigls_text::{LineIndex, PositionEncoding, TextRange};

const SCHEME: &str = "rigls-location:";

/// `[text](rigls-location:…)`: a Markdown link to `offset` in `file` (`None`: this document).
pub fn location_link(text: &str, file: Option<&Path>, offset: u32) -> String {
    let mut destination = format!("{SCHEME}{offset}");
    if let Some(path) = file {
        destination.push(':');
        for b in path.to_string_lossy().bytes() {
            if b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'_' | b'-' | b'~') {
                destination.push(b as char);
            } else {
                destination.push_str(&format!("%{b:02X}"));
            }
        }
    }
    format!("[{text}]({destination})")
}

/// A link [`location_link`] wrote: where its destination is in the Markdown, and its target.
#[derive(Clone, Debug, PartialEq)]
pub struct LocationLink {
    /// The whole link, `[text](destination)`.
    pub link: TextRange,
    /// Its text.
    pub text: TextRange,
    pub file: Option<PathBuf>,
    pub offset: u32,
}

/// Every link to a position in `markdown`, in order.
pub fn location_links(markdown: &str) -> Vec<LocationLink> {
    let mut out = Vec::new();
    let marker = format!("]({SCHEME}");
    let mut from = 0;
    while let Some(found) = markdown[from..].find(&marker) {
        let close = from + found;
        from = close + marker.len();
        let Some(open) = markdown[..close].rfind('[') else { continue };
        let Some(end) = markdown[from..].find(')').map(|i| from + i) else { break };
        let destination = &markdown[from..end];
        let (offset, path) = match destination.split_once(':') {
            Some((offset, path)) => (offset, Some(decode(path))),
            None => (destination, None),
        };
        let Ok(offset) = offset.parse::<u32>() else { continue };
        out.push(LocationLink {
            link: TextRange::new(open as u32, end as u32 + 1),
            text: TextRange::new(open as u32 + 1, close as u32),
            file: path.map(PathBuf::from),
            offset,
        });
        from = end + 1;
    }
    out
}

fn decode(encoded: &str) -> String {
    let bytes = encoded.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `line 12`, or `line 1, column 4821` where the position is not the first thing on its line
/// (a minified file is one line), as a link to it. Columns count Unicode characters.
pub fn place(text: &str, lines: &LineIndex, file: Option<&Path>, offset: u32) -> String {
    let line = lines.line_of(offset);
    let start = lines.line_range(line).start;
    let before = text.get(start as usize..offset as usize).unwrap_or_default();
    let words = if before.trim_start_matches(['\u{feff}', ' ', '\t']).is_empty() {
        format!("line {}", line + 1)
    } else {
        let column = lines.line_col(offset, PositionEncoding::Utf32).col + 1;
        format!("line {}, column {column}", line + 1)
    };
    location_link(&words, file, offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_found_again_with_their_targets() {
        let markdown = format!(
            "Bone ({}) · atlas {}",
            location_link("line 3", None, 42),
            location_link("line 1, column 9", Some(Path::new("/tmp/勇者 (1)/x_tex.json")), 7)
        );
        assert_eq!(
            markdown,
            "Bone ([line 3](rigls-location:42)) · atlas [line 1, column 9](rigls-location:7:/tmp/%E5%8B%87%E8%80%85%20%281%29/x_tex.json)"
        );
        let links = location_links(&markdown);
        let texts: Vec<&str> = links.iter().map(|l| l.text.slice(&markdown)).collect();
        assert_eq!(texts, ["line 3", "line 1, column 9"]);
        assert_eq!(links[0].link.slice(&markdown), "[line 3](rigls-location:42)");
        assert_eq!((links[0].file.clone(), links[0].offset), (None, 42));
        assert_eq!((links[1].file.clone(), links[1].offset), (Some(PathBuf::from("/tmp/勇者 (1)/x_tex.json")), 7));
    }

    #[test]
    fn a_place_gives_the_column_when_the_line_has_text_before_it() {
        let text = "\u{feff}{\n\t\"name\": \"頭\", \"parent\": \"体\"\n}";
        let lines = LineIndex::new(text);
        let name = text.find("\"name\"").unwrap() as u32;
        let parent = text.find("\"体\"").unwrap() as u32;
        assert_eq!(place(text, &lines, None, name), format!("[line 2](rigls-location:{name})"));
        assert_eq!(place(text, &lines, None, parent), format!("[line 2, column 25](rigls-location:{parent})"));
        assert_eq!(place(text, &lines, None, 0), "[line 1](rigls-location:0)");
    }
}
