//! The lines of numbers of a large file, read ahead on every core: most of a 50 MB model is
//! vertex and face lines, which the parser reads one after the other while the other cores wait.
//!
//! Whether a line is a plain line of numbers, and its entry, depend on that line alone
//! ([`plain_number_line`]). So each chunk of the text (cut after a `\n`, always a line's end) is
//! read ahead into runs of consecutive such lines; the parser, arriving at a run's first line,
//! takes the run's entries at once, exactly as it would have read them line by line.

use super::plain_number_line;
use crate::syntax::{Entry, Item};

/// Texts from this size on are read ahead (below it, the parser alone is as fast).
pub const READ_AHEAD_FROM: usize = rigls_text::parallel::PARALLEL_ABOVE;

/// Bytes a chunk covers, at least.
pub const CHUNK: usize = 1 << 20;

/// Consecutive plain lines of numbers: from byte `start` (a line start) to `next` (the line
/// after them), and their entries.
struct PlainRun {
    start: usize,
    next: usize,
    items: Vec<Item>,
}

/// The runs of a text, in order, and which is the next one the parser can reach.
pub struct PlainRuns {
    /// Each chunk's runs.
    chunks: Vec<Vec<PlainRun>>,
    /// The chunk and run the parser has not yet passed.
    at: (usize, usize),
}

impl PlainRuns {
    /// Reads `text` ahead on every free core, in chunks of at least `chunk` bytes.
    pub fn read(text: &str, chunk: usize) -> PlainRuns {
        let chunks = rigls_text::parallel::map(&chunks(text, chunk), true, |&(from, to)| read_chunk(text, from, to));
        PlainRuns { chunks, at: (0, 0) }
    }

    /// The entries of the run starting at byte `pos` (taken: a scope holding nothing else takes
    /// them without a copy), and the line after it; `None` when no run starts there. `pos` must
    /// not decrease from one call to the next.
    pub fn take(&mut self, pos: usize) -> Option<(Vec<Item>, usize)> {
        loop {
            let (c, r) = self.at;
            let runs = self.chunks.get_mut(c)?;
            match runs.get_mut(r) {
                None => self.at = (c + 1, 0),
                Some(run) if run.start < pos => self.at = (c, r + 1),
                Some(run) if run.start == pos => {
                    self.at = (c, r + 1);
                    return Some((std::mem::take(&mut run.items), run.next));
                }
                Some(_) => return None,
            }
        }
    }
}

/// Chunks of at least `size` bytes, each but the last ending just after a `\n`.
fn chunks(text: &str, size: usize) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while from < bytes.len() {
        let to = match bytes.get(from + size..).and_then(|rest| rest.iter().position(|&b| b == b'\n')) {
            Some(i) => from + size + i + 1,
            None => bytes.len(),
        };
        out.push((from, to));
        from = to;
    }
    out
}

/// The runs of plain lines whose first line starts in `from..to` (`from` a line start).
fn read_chunk(text: &str, from: usize, to: usize) -> Vec<PlainRun> {
    let bytes = text.as_bytes();
    let mut runs = Vec::new();
    let mut pos = from;
    while pos < to {
        let (start, mut items) = (pos, Vec::new());
        while pos < to
            && let Some((entry, next)) = plain_number_line(text, pos)
        {
            items.push(Item::Entry(Entry { range: entry, ok: true }));
            pos = next;
        }
        if !items.is_empty() {
            runs.push(PlainRun { start, next: pos, items });
        }
        // Past a line that is not one (a line ends at `\n`, `\r\n` or `\r`).
        while pos < to {
            pos += 1;
            match bytes[pos - 1] {
                b'\n' => break,
                b'\r' if bytes.get(pos) == Some(&b'\n') => {
                    pos += 1;
                    break;
                }
                b'\r' => break,
                _ => {}
            }
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::super::parse_reading_ahead;
    use proptest::prelude::*;

    /// Lines of a model, broken ones too, without their line breaks.
    const LINES: [&str; 18] = [
        "Mesh {",
        "Positions {",
        "}",
        "\t}",
        "VertexCount=3",
        "Name=\"腕\"",
        "0.5:0.25:1.0",
        "\t\t\t-1.5,2:.25",
        "3,0:1:2",
        "1e5:2",
        "0.5:",
        "0.5 0.5",
        "頭",
        "\"open",
        "",
        "   ",
        "Node { NodeName=\"足\" }",
        "{",
    ];

    fn assert_read_ahead_parses_alike(text: &str, chunk: usize) {
        let alone = format!("{:?}", parse_reading_ahead(text, None));
        let ahead = format!("{:?}", parse_reading_ahead(text, Some(chunk)));
        assert_eq!(ahead, alone, "chunks of {chunk} bytes");
    }

    /// The fixtures' models, in chunks of every size up to a line's length and more.
    #[test]
    fn models_parse_alike_read_ahead_in_chunks_of_any_size() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/elem/valid");
        for name in ["walker.elem", "two_containers.elem", "model_only_no_tabs.elem"] {
            let text = std::fs::read_to_string(dir.join(name)).expect("fixture");
            for text in [text.clone(), text.replace('\n', "\r\n"), format!("\u{feff}{text}")] {
                for chunk in (1..80).chain([300, 4096]) {
                    assert_read_ahead_parses_alike(&text, chunk);
                }
            }
        }
    }

    proptest! {
        /// Any lines, any line breaks (LF, CRLF, CR), any chunk size.
        #[test]
        fn any_lines_parse_alike_read_ahead(
            lines in prop::collection::vec((0..LINES.len(), 0..3usize), 0..60),
            bom in any::<bool>(),
            chunk in 1..64usize,
        ) {
            let mut text = String::from(if bom { "\u{feff}" } else { "" });
            for (line, end) in lines {
                text.push_str(LINES[line]);
                text.push_str(["\n", "\r\n", "\r"][end]);
            }
            assert_read_ahead_parses_alike(&text, chunk);
        }
    }
}
