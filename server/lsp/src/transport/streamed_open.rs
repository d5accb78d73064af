//! The text of a large `didOpen`, unescaped into the front of the message's own buffer while the
//! rest of the message is still arriving.
//!
//! A 17 MB open was read whole, then passed over by serde_json (to find the text and check it),
//! then passed over again to unescape it: three passes, one after another (BENCHMARKS.md, eighth
//! round). Here a single pass finds the text's end, checks its escapes and control characters and
//! unescapes it, piece by piece as the message arrives. Only what precedes the text (its URI and
//! the like) is kept aside; the message is judged once it has all arrived, by
//! [`super::large_texts`], with the text replaced by a marker: a string for a string, so the
//! message is JSON exactly when the original was (the text, checked here, is a string token).
//!
//! Whatever this does not read (another method, the text before the method, an escaped key, a
//! text this refuses) leaves the message as it was or, once the unescaping has begun, makes it
//! again (the text so far re-escaped, then the bytes not yet read, which are untouched): the
//! usual reading then judges it.

use rigls_text::json_string::{self, Escape};

/// How far into a message its text may begin.
const PREFIX_LIMIT: usize = 1 << 16;

/// The text's method, as a key and a value of the message (compared as written).
const OPEN_METHOD: &[u8] = b"textDocument/didOpen";

/// A message being read ([`StreamedOpen::advance`] after each piece, [`StreamedOpen::finish`] at
/// its end).
pub struct StreamedOpen {
    stage: Stage,
}

enum Stage {
    /// Before the text: the usual JSON tokens, as far as they say where the text begins.
    Prefix(PrefixReader),
    /// In the text: the next byte to read, and the length of the text unescaped so far (at the
    /// buffer's start; what preceded the text is in `prefix`).
    Text { prefix: Vec<u8>, read: usize, written: usize },
    /// The text ended (its closing quote at `end - 1`) and is `written` bytes long.
    After { prefix: Vec<u8>, written: usize, end: usize },
    /// Stopped at the byte `read` of the text (an escape or a byte the transport refuses).
    Stopped { prefix: Vec<u8>, read: usize, written: usize },
    /// Not a message this reads; nothing was written.
    NotRead,
}

/// What a read message turned out to be.
pub enum Finished {
    /// The text, unescaped (not yet checked to be UTF-8), and the message around it.
    Taken { prefix: Vec<u8>, text: Vec<u8>, suffix: Vec<u8> },
    /// The message as it was, or one that reads the same.
    Whole(Vec<u8>),
    /// Bytes of the text that are not UTF-8 (the transport refuses the message).
    NotUtf8,
}

impl Default for StreamedOpen {
    fn default() -> StreamedOpen {
        StreamedOpen { stage: Stage::Prefix(PrefixReader::default()) }
    }
}

impl StreamedOpen {
    /// Reads what arrived of the message: `body[..filled]` of the message's `body.len()` bytes.
    pub fn advance(&mut self, body: &mut [u8], filled: usize) {
        let complete = filled == body.len();
        loop {
            match &mut self.stage {
                Stage::Prefix(reader) => match reader.read(&body[..filled.min(PREFIX_LIMIT)]) {
                    PrefixFound::TextAt(start) => {
                        let prefix = body[..start].to_vec();
                        self.stage = Stage::Text { prefix, read: start + 1, written: 0 };
                    }
                    PrefixFound::NotYet if filled < PREFIX_LIMIT && !complete => return,
                    PrefixFound::NotYet | PrefixFound::NotHere => {
                        self.stage = Stage::NotRead;
                        return;
                    }
                },
                Stage::Text { prefix, read, written } => {
                    match unescape_arrived(body, *read, *written, filled, complete) {
                        TextRead::More { read: r, written: w } => {
                            (*read, *written) = (r, w);
                            return;
                        }
                        TextRead::Ended { end, written } => {
                            self.stage = Stage::After { prefix: std::mem::take(prefix), written, end };
                        }
                        TextRead::Stopped { read, written } => {
                            self.stage = Stage::Stopped { prefix: std::mem::take(prefix), read, written };
                        }
                    }
                    return;
                }
                Stage::After { .. } | Stage::Stopped { .. } | Stage::NotRead => return,
            }
        }
    }

    /// The message read whole (`body`, the buffer [`StreamedOpen::advance`] was given).
    pub fn finish(self, mut body: Vec<u8>) -> Finished {
        match self.stage {
            Stage::Prefix(_) | Stage::NotRead => Finished::Whole(body),
            Stage::After { prefix, written, end } => {
                let suffix = body[end..].to_vec();
                body.truncate(written);
                // The escapes and the rest of the message are not kept (shrinking moves nothing).
                body.shrink_to_fit();
                Finished::Taken { prefix, text: body, suffix }
            }
            Stage::Text { prefix, read, written } | Stage::Stopped { prefix, read, written } => {
                // The text so far, escaped again, then the bytes from where the reading stopped.
                let Ok(so_far) = std::str::from_utf8(&body[..written]) else { return Finished::NotUtf8 };
                let escaped = serde_json::to_vec(so_far).unwrap_or_default();
                let mut whole = prefix;
                // Without its closing quote.
                whole.extend_from_slice(escaped.split_last().map_or(&[][..], |(_, open)| open));
                whole.extend_from_slice(&body[read..]);
                Finished::Whole(whole)
            }
        }
    }
}

/// What [`PrefixReader::read`] found.
enum PrefixFound {
    /// The text's string begins at this byte (its opening quote).
    TextAt(usize),
    /// Not in what has arrived.
    NotYet,
    /// The message is not one this reads.
    NotHere,
}

/// JSON's tokens before the text, read as far as they say where the text begins: after the key
/// `"method"` with the value `"textDocument/didOpen"`, the value of the first key `"text"`.
#[derive(Default)]
struct PrefixReader {
    at: usize,
    /// In a string that began at this byte.
    string: Option<usize>,
    /// In a string, after a backslash.
    escaped: bool,
    /// The last string token, if nothing but white space followed it.
    last_string: Option<(usize, usize)>,
    /// A key followed by its colon, whose value comes next.
    key: Option<(usize, usize)>,
    open: bool,
}

impl PrefixReader {
    fn read(&mut self, arrived: &[u8]) -> PrefixFound {
        while let Some(&byte) = arrived.get(self.at) {
            let at = self.at;
            self.at += 1;
            if let Some(start) = self.string {
                match byte {
                    _ if self.escaped => self.escaped = false,
                    b'\\' => self.escaped = true,
                    b'"' => {
                        self.string = None;
                        match self.key.take() {
                            Some(key) => {
                                if &arrived[key.0..key.1] == b"method" && &arrived[start + 1..at] == OPEN_METHOD {
                                    self.open = true;
                                }
                            }
                            None => self.last_string = Some((start + 1, at)),
                        }
                    }
                    _ => {}
                }
                continue;
            }
            match byte {
                b'"' => {
                    if let Some(key) = self.key
                        && &arrived[key.0..key.1] == b"text"
                    {
                        return if self.open { PrefixFound::TextAt(at) } else { PrefixFound::NotHere };
                    }
                    self.string = Some(at);
                    self.last_string = None;
                }
                b':' => self.key = self.last_string.take(),
                b' ' | b'\t' | b'\r' | b'\n' => {}
                _ => (self.last_string, self.key) = (None, None),
            }
        }
        PrefixFound::NotYet
    }
}

/// Where [`unescape_arrived`] got to.
enum TextRead {
    More { read: usize, written: usize },
    Ended { end: usize, written: usize },
    Stopped { read: usize, written: usize },
}

/// Unescapes the text's bytes from `read` to `filled` into the buffer at `written` (behind
/// `read`: escapes only widen the gap), run by run between escapes.
fn unescape_arrived(body: &mut [u8], mut read: usize, mut written: usize, filled: usize, complete: bool) -> TextRead {
    loop {
        let end = json_string::plain_end(&body[..filled], read);
        body.copy_within(read..end, written);
        (read, written) = (end, written + (end - read));
        let Some(&byte) = body[..filled].get(read) else {
            return TextRead::More { read, written };
        };
        match byte {
            b'"' => return TextRead::Ended { end: read + 1, written },
            b'\\' => {
                // An escape is read whole: up to twelve bytes (a surrogate pair).
                if read + 12 > filled && !complete {
                    return TextRead::More { read, written };
                }
                let (Escape::Char(c), len) = json_string::escape(&body[read..filled]) else {
                    return TextRead::Stopped { read, written };
                };
                written += c.encode_utf8(&mut body[written..written + 4]).len();
                read += len;
            }
            // A control byte.
            _ => return TextRead::Stopped { read, written },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transport::large_texts::{Diversion, LARGE_MESSAGE, LargeTexts};
    use proptest::prelude::*;
    use serde_json::Value;

    /// `body` read by [`StreamedOpen`] in pieces of these sizes (cycled).
    fn read_in_pieces(mut body: Vec<u8>, pieces: &[usize]) -> Finished {
        let mut streamed = StreamedOpen::default();
        let mut filled = 0;
        for piece in pieces.iter().cycle() {
            filled = (filled + piece.max(&1)).min(body.len());
            streamed.advance(&mut body, filled);
            if filled == body.len() {
                break;
            }
        }
        streamed.finish(body)
    }

    /// What the transport would be handed, markers replaced by their texts.
    #[derive(Debug, PartialEq)]
    enum Seen {
        Message(Value),
        /// JSON that is no `Value` (a lone surrogate), and whether it has the shape of a request.
        NoValue(bool),
        NotJson,
    }

    fn seen(texts: &LargeTexts, diversion: Diversion) -> Seen {
        let (body, diverted) = match diversion {
            Diversion::Diverted(small) => (small, true),
            Diversion::Whole(body) => (body, false),
            Diversion::NotJson => return Seen::NotJson,
        };
        if std::str::from_utf8(&body).is_err() || serde_json::from_slice::<serde::de::IgnoredAny>(&body).is_err() {
            return Seen::NotJson;
        }
        let Ok(mut message) = serde_json::from_slice::<Value>(&body) else {
            assert!(!diverted, "a diverted message is read as a value");
            let request = serde_json::from_slice::<tower_lsp_server::jsonrpc::Request>(&body).is_ok();
            return Seen::NoValue(request);
        };
        let mut values = vec![&mut message];
        while let Some(value) = values.pop() {
            match value {
                Value::String(s) => *s = texts.take(std::mem::take(s)),
                Value::Array(list) => values.extend(list),
                Value::Object(members) => values.extend(members.values_mut()),
                _ => {}
            }
        }
        assert!(texts.lock().is_empty(), "every text kept is the message's");
        Seen::Message(message)
    }

    fn both_ways(body: &[u8], pieces: &[usize]) -> (Seen, Seen) {
        let texts = LargeTexts::default();
        let usual = seen(&texts, texts.diversion(body.to_vec()));
        let streamed = seen(&texts, texts.divert_streamed(read_in_pieces(body.to_vec(), pieces)));
        (usual, streamed)
    }

    fn open_message(text: &str) -> String {
        format!(
            r#"{{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{{"textDocument":{{"uri":"file:///%E8%85%B0.elem","languageId":"elem","version":1,"text":{}}}}}}}"#,
            serde_json::to_string(text).unwrap()
        )
    }

    #[test]
    fn the_text_is_unescaped_where_it_lies() {
        let text = format!("腰 \"quoted\" \\ \r\n\t😀 \u{1} {}", "x".repeat(LARGE_MESSAGE));
        let body = open_message(&text).into_bytes();
        for pieces in [&[usize::MAX][..], &[1], &[7, 3, 1, 11], &[4096]] {
            let Finished::Taken { prefix, text: taken, suffix } = read_in_pieces(body.clone(), pieces) else {
                panic!("taken")
            };
            assert_eq!(String::from_utf8(taken).unwrap(), text);
            let prefix = String::from_utf8(prefix).unwrap();
            assert!(prefix.ends_with(r#""version":1,"text":"#), "{prefix}");
            assert_eq!(suffix, b"}}}");
        }
    }

    #[test]
    fn what_it_does_not_read_is_left_whole() {
        let big = "x".repeat(LARGE_MESSAGE);
        let cases = [
            // The method after the text.
            format!(r#"{{"params":{{"textDocument":{{"text":"{big}"}}}},"method":"textDocument/didOpen"}}"#),
            // Another method, an escaped key, a text that is no string.
            format!(r#"{{"method":"textDocument/didChange","params":{{"contentChanges":[{{"text":"{big}"}}]}}}}"#),
            format!(r#"{{"method":"textDocument/didOpen","params":{{"textDocument":{{"t\u0065xt":"{big}"}}}}}}"#),
            format!(r#"{{"method":"textDocument/didOpen","params":{{"textDocument":{{"text":[1], "x": "{big}"}}}}}}"#),
        ];
        for case in cases {
            let Finished::Whole(body) = read_in_pieces(case.clone().into_bytes(), &[100]) else { panic!("{case}") };
            assert_eq!(body, case.as_bytes());
        }
        // Stopped at a lone surrogate: the message again, as it reads.
        let lone =
            format!(r#"{{"method":"textDocument/didOpen","params":{{"textDocument":{{"text":"a\"b\ud800{big}"}}}}}}"#);
        let Finished::Whole(body) = read_in_pieces(lone.clone().into_bytes(), &[5]) else { panic!("whole") };
        assert_eq!(String::from_utf8(body).unwrap(), lone);
        // Bytes that are not UTF-8 in the text: refused where the text ends, or before a stop.
        let mut broken = open_message(&format!("\"{big}")).into_bytes();
        let at = broken.len() - 10;
        broken[at] = 0xff;
        let texts = LargeTexts::default();
        let taken = read_in_pieces(broken.clone(), &[64]);
        assert!(matches!(taken, Finished::Taken { .. }));
        assert!(matches!(texts.divert_streamed(taken), Diversion::NotJson));
        broken.splice(at + 1..at + 1, *br"\ud800");
        assert!(matches!(read_in_pieces(broken, &[64]), Finished::NotUtf8));
    }

    /// Texts with escapes, characters of every width, control characters and what breaks them.
    fn text_strategy() -> impl Strategy<Value = String> {
        "[a-z腰\"\\\\\r\n\t\u{0}\u{1}\u{1f}\u{7f}😀é/]{0,60}"
    }

    /// How a message is spelled around its text.
    #[derive(Debug, Clone)]
    enum Spelling {
        Usual,
        /// Every non-ASCII character as `\u` escapes.
        EscapedUnicode,
        /// A byte of the message replaced (at a fraction of its length).
        Damaged(u16, u8),
        /// A `\u` escape of half a surrogate pair inserted (at a fraction of the text).
        LoneSurrogate(u16),
        /// Another `text` key before the document's.
        TextElsewhere,
        /// The document's text twice.
        TextTwice,
        /// Bytes cut off the end.
        Cut(u16),
    }

    fn spelling_strategy() -> impl Strategy<Value = Spelling> {
        prop_oneof![
            Just(Spelling::Usual),
            Just(Spelling::EscapedUnicode),
            (any::<u16>(), any::<u8>()).prop_map(|(at, b)| Spelling::Damaged(at, b)),
            any::<u16>().prop_map(Spelling::LoneSurrogate),
            Just(Spelling::TextElsewhere),
            Just(Spelling::TextTwice),
            (1..40u16).prop_map(Spelling::Cut),
        ]
    }

    fn spelled(head: &str, tail: &str, spelling: &Spelling) -> Vec<u8> {
        let text = format!("{head}{}{tail}", "x".repeat(LARGE_MESSAGE));
        let mut body = open_message(&text);
        match spelling {
            Spelling::Usual | Spelling::Damaged(..) | Spelling::Cut(_) => {}
            Spelling::EscapedUnicode => {
                body = body
                    .chars()
                    .map(|c| match c.is_ascii() {
                        true => c.to_string(),
                        false => c.encode_utf16(&mut [0; 2]).iter().map(|u| format!("\\u{u:04x}")).collect(),
                    })
                    .collect()
            }
            Spelling::LoneSurrogate(at) => {
                let start = body.find(r#""text":""#).unwrap() + 8;
                let mut at = start + usize::from(*at) % head.len().max(1);
                while !body.is_char_boundary(at) || body[start..at].ends_with('\\') {
                    at -= 1;
                }
                body.insert_str(at, r"\uDBFF");
            }
            Spelling::TextElsewhere => body = body.replace(r#""params":{"#, r#""params":{"other":{"text":"x"},"#),
            Spelling::TextTwice => body = body.replace(r#""version":1,"#, r#""text":"first","#),
        }
        let mut body = body.into_bytes();
        match spelling {
            Spelling::Damaged(at, byte) => {
                let at = usize::from(*at) * body.len() / usize::from(u16::MAX) % body.len();
                body[at] = *byte;
            }
            Spelling::Cut(n) => body.truncate(body.len() - usize::from(*n)),
            _ => {}
        }
        body
    }

    proptest! {
        #[test]
        fn read_as_it_arrives_or_whole_a_message_is_the_same(
            head in text_strategy(),
            tail in text_strategy(),
            spelling in spelling_strategy(),
            pieces in proptest::collection::vec(1..48usize, 1..6),
        ) {
            let body = spelled(&head, &tail, &spelling);
            let (usual, streamed) = both_ways(&body, &pieces);
            prop_assert_eq!(usual, streamed);
        }

        #[test]
        fn bytes_damaged_near_the_text_read_the_same(
            head in text_strategy(),
            offset in 0..200usize,
            byte in prop_oneof![0..0x20u8, any::<u8>()],
            insert in any::<bool>(),
            pieces in proptest::collection::vec(1..48usize, 1..6),
        ) {
            // Damage in the message's beginning and its text's first bytes (it begins at byte
            // 118), where the reading of keys and escapes is: a byte replaced or put in.
            let mut body = spelled(&head, "", &Spelling::Usual);
            match insert {
                true => body.insert(offset, byte),
                false => body[offset] = byte,
            }
            let (usual, streamed) = both_ways(&body, &pieces);
            prop_assert_eq!(usual, streamed);
        }
    }
}
