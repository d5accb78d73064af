//! The encoded tokens of a version from those of the version it was built on: the tokens before
//! the replaced bytes copied, those inside encoded, those after copied too but the first. LSP's
//! encoding is relative (each token's line and start from the one before), and the tokens after
//! the change keep their distances to each other: a token on the line where the change ends
//! moves by the same columns as the one before it on that line, one on a later line by none. So
//! of those only the first one after the change is written again, from its new position.

use tower_lsp_server::ls_types as lsp;

use super::tokens::Encoder;
use super::{Converter, EncodedTokens};
use rigls_ide::TokenSplice;

/// The tokens of the analysis `conv` converts for, encoded as [`super::semantic_tokens`] would
/// encode them whole, from `previous`: the same encoding of the tokens of the analysis
/// `splice.replaced.previous` (which the caller vouches for). `None` where only a whole encoding
/// can tell (a token inside the change that overlaps one outside it).
pub fn spliced_tokens(
    conv: &Converter<'_>,
    previous: &EncodedTokens,
    splice: &TokenSplice,
    multiline: bool,
) -> Option<EncodedTokens> {
    let replaced = &splice.replaced;
    // The text before the change is the same in both versions, so is where the change starts.
    let from = conv.position(replaced.old.start);
    let from = (from.line, from.character);
    let old_end = replaced.old_end(conv.encoding);
    let to = (old_end.line, old_end.col);
    // The previous tokens before the change are `..first`, those after it `after..`.
    let (mut line, mut start) = (0u32, 0u32);
    let (mut first, mut after) = (None, previous.len());
    let mut last_before = (0, 0, 0);
    let mut after_at = (0, 0);
    for (i, t) in previous.iter().enumerate() {
        if i.is_multiple_of(65_536) {
            rigls_text::cancel::check();
        }
        line += t.delta_line;
        start = if t.delta_line == 0 { start + t.delta_start } else { t.delta_start };
        if first.is_none() {
            if (line, start) >= from {
                first = Some(i);
            } else {
                last_before = (line, start, start + t.length);
            }
        }
        if (line, start) >= to {
            (after, after_at) = (i, (line, start));
            break;
        }
    }
    let first = first.unwrap_or(previous.len()).min(after);
    let mut encoder =
        Encoder::new(conv, splice.tokens.first().map_or(replaced.new.start, |t| t.range.start), multiline, last_before);
    for token in &splice.tokens {
        encoder.push(token);
    }
    let mut middle = encoder.data;
    if after < previous.len() {
        // The first token after the change, at its new place, relative to the token before it.
        let new_end = conv.position(replaced.new.end);
        let (at_line, at_start) = after_at;
        let start = if at_line == old_end.line { at_start - old_end.col + new_end.character } else { at_start };
        let line = u32::try_from(i64::from(at_line) + i64::from(new_end.line) - i64::from(old_end.line)).ok()?;
        let (prev_line, prev_start, prev_end) = encoder.last;
        if (line, start) < (prev_line, prev_end) {
            return None;
        }
        let delta_start = if line == prev_line { start - prev_start } else { start };
        middle.push(lsp::SemanticToken { delta_line: line - prev_line, delta_start, ..previous.get(after) });
        after += 1;
    }
    Some(previous.spliced(first..after, &middle))
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::str::FromStr;

    use proptest::prelude::*;
    use tower_lsp_server::ls_types::Uri;

    use super::*;
    use rigls_diagnostic::env::MemoryFs;
    use rigls_ide::{self as ide, Analysis};
    use rigls_text::PositionEncoding;

    const SKELETON: &str = include_str!("../../../tests/fixtures/dragonbones/勇者_ske.json");
    const ENCODINGS: [PositionEncoding; 3] = [PositionEncoding::Utf8, PositionEncoding::Utf16, PositionEncoding::Utf32];

    /// The skeleton on one line (what most tools write), indented with LF, with CRLF, with a BOM.
    fn documents() -> Vec<String> {
        let minified: String = SKELETON.split(['\n', '\t']).collect();
        vec![minified, SKELETON.to_owned(), SKELETON.replace('\n', "\r\n"), format!("\u{feff}{}", SKELETON)]
    }

    fn encode(analysis: &Analysis, encoding: PositionEncoding, multiline: bool) -> EncodedTokens {
        let (uri, fs) = (Uri::from_str("file:///tmp/%E5%8B%87%E8%80%85_ske.json").unwrap(), MemoryFs::default());
        let conv = Converter::new(analysis, &uri, 1, encoding, &fs);
        EncodedTokens::new(super::super::semantic_tokens(&conv, &ide::semantic_tokens(analysis), multiline).data)
    }

    /// Follows `texts` (versions of one document) as the server does, in every encoding: each
    /// version's encoded tokens spliced from the previous version's (spliced themselves) when
    /// the analysis offers a splice, compared with a whole encoding. Returns how many were spliced.
    fn follow(texts: &[String]) -> usize {
        let (uri, fs) = (Uri::from_str("file:///tmp/%E5%8B%87%E8%80%85_ske.json").unwrap(), MemoryFs::default());
        let path = Some(Path::new("/tmp/勇者_ske.json"));
        let mut spliced = 0;
        for encoding in ENCODINGS {
            for multiline in [false, true] {
                let mut analysis = Analysis::new(path, texts[0].clone(), &fs);
                let mut tokens = encode(&analysis, encoding, multiline);
                for text in &texts[1..] {
                    let next = Analysis::reanalyse(&analysis, text.clone(), &fs);
                    let fresh = encode(&next, encoding, multiline);
                    tokens = match ide::semantic_tokens_splice(&next) {
                        Some(splice) => {
                            let conv = Converter::new(&next, &uri, 1, encoding, &fs);
                            let got = spliced_tokens(&conv, &tokens, &splice, multiline).expect("a splice");
                            assert_eq!(got, fresh, "{encoding:?}, multi-line {multiline}: {text:?}");
                            spliced += 1;
                            got
                        }
                        None => fresh,
                    };
                    analysis = next;
                }
            }
        }
        spliced
    }

    /// `text` with `from..to` (moved back to character boundaries) replaced by `with`.
    fn edited(text: &str, from: usize, to: usize, with: &str) -> String {
        let boundary = |mut at: usize| {
            at = at.min(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            at
        };
        let (a, b) = (boundary(from), boundary(to.max(from)));
        format!("{}{with}{}", &text[..a], &text[b..])
    }

    #[test]
    fn edits_inside_containers_splice_what_a_whole_encoding_gives() {
        for text in documents() {
            let at = |s: &str| text.find(s).unwrap();
            let versions = vec![
                text.clone(),
                // A number longer, on the line of a Japanese name; then a name longer (still
                // defined: only the container's tokens change).
                edited(&text, at("-40") + 1, at("-40") + 3, "4000.5"),
                edited(&text, at("\"頭\", \"parent\"") + 1, at("\"頭\", \"parent\"") + 4, "頭😀"),
                // Lines added inside a container, then a pair of members, then a bracket broken
                // (a whole parse) and restored.
                edited(&text, at("\"length\": 40") + 12, at("\"length\": 40") + 12, ",\r\n\"x\":\n 1"),
                edited(
                    &text,
                    at("\"displayIndex\": 1") + 17,
                    at("\"displayIndex\": 1") + 17,
                    ", \"名\": \"新\", \"y\": 2",
                ),
                edited(&text, at("{ \"name\": \"根\" }"), at("{ \"name\": \"根\" }") + 1, ""),
                text.clone(),
            ];
            let spliced = follow(&versions);
            // Every version but the broken one and the one restoring it, in 6 ways.
            assert!(spliced >= 6 * 4, "{spliced} splices");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        #[test]
        fn random_edits_splice_what_a_whole_encoding_gives(
            doc in 0usize..4,
            edits in prop::collection::vec((any::<u16>(), 0usize..6, prop::sample::select(vec![
                "", "7", "-1.5", "頭", "😀", "\n", "\r\n", " ", ",", "{", "}", "[", "]", "\"", "\"x\": 1,", "{\"name\": \"新\"},",
            ])), 1..8),
        ) {
            let mut texts = vec![documents()[doc].clone()];
            for (at, removed, with) in edits {
                let last = texts.last().unwrap();
                let from = last.len() * at as usize / u16::MAX as usize;
                texts.push(edited(last, from, from + removed, with));
            }
            follow(&texts);
        }
    }
}
