//! Document texts that go around the JSON-RPC transport instead of through it.
//!
//! `tower-lsp-server` reads its input into one buffer that grows to the largest message and never
//! shrinks: after a 10 MB `didOpen`, 16 MB of it stay with the server for good, beside the
//! document itself (measured with heaptrack, BENCHMARKS.md "Server memory"). So the input guard
//! (`super::framing`) takes the text of a large `didOpen`, and of each large change of a
//! `didChange`, out of the message and passes a short marker in its place; the notification's
//! handler takes the text back by its marker. Markers hold a random number of this session, so no
//! text a client sends can pass for one.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;
use std::borrow::Cow;

use super::streamed_open::Finished;
use rigls_text::json_string::{self, Faults};

/// Messages at least this large have their texts taken out.
pub const LARGE_MESSAGE: usize = 1 << 16;

const MARKER: &str = "\u{0}rigls-text:";

pub struct LargeTexts {
    session: u64,
    next: AtomicU64,
    texts: Mutex<HashMap<String, String>>,
}

impl Default for LargeTexts {
    fn default() -> LargeTexts {
        LargeTexts { session: session_number(), next: AtomicU64::new(0), texts: Mutex::default() }
    }
}

/// A number no client can guess: the standard library's random hash keys.
fn session_number() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::process::id())
}

impl LargeTexts {
    /// For a large `didOpen` or `didChange`: the same message with its large texts replaced by
    /// markers (kept here until [`LargeTexts::take`]). Every other message comes back as it was.
    pub fn divert(&self, body: Vec<u8>) -> Result<Vec<u8>, Vec<u8>> {
        if body.len() < LARGE_MESSAGE || !names_a_text_notification(&body) {
            return Err(body);
        }
        let Some(texts) = large_text_ranges(&body) else {
            return self.divert_through_value(&body).ok_or(body);
        };
        match texts.as_slice() {
            [] => Err(body),
            // The usual message (an open, a whole-text change): its text is unescaped where it
            // lies, into the message's own buffer, which the text keeps. A second buffer of the
            // text's size was a tenth of a 17 MB open (fresh pages from the system).
            [text] if !may_hold_a_surrogate(&body[text.clone()]) => Ok(self.divert_into_own_buffer(body, text.clone())),
            texts => self.divert_copies(&body, texts).or_else(|| self.divert_through_value(&body)).ok_or(body),
        }
    }

    /// The message with the text at `raw` (a JSON string, quotes included, whose escapes
    /// `serde_json` has checked and which holds no `\u` escape of a surrogate) taken out; the
    /// text is made of `body` itself.
    fn divert_into_own_buffer(&self, mut body: Vec<u8>, raw: Range<usize>) -> Vec<u8> {
        let marker = self.new_marker();
        let mut small = Vec::with_capacity(body.len() - raw.len() + marker.len() + 16);
        small.extend_from_slice(&body[..raw.start]);
        small.extend_from_slice(&serde_json::to_vec(&marker).unwrap_or_default());
        small.extend_from_slice(&body[raw.end..]);
        // Checked: `Mended` finds nothing to mend.
        let len = json_string::unescape_in_place(&mut body, raw.start + 1..raw.end - 1, 0, Faults::Mended).unwrap_or(0);
        body.truncate(len);
        // The escapes and the rest of the message are not kept (shrinking moves nothing).
        body.shrink_to_fit();
        // Valid: `serde_json` checked the string's UTF-8, and escapes decode to whole characters.
        let text = String::from_utf8(body).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        self.lock().insert(marker, text);
        small
    }

    /// The message with the texts at `raws` (JSON strings in the message's order) copied out,
    /// unescaped; `None` when one holds an escape the transport refuses (the general way then
    /// decides).
    fn divert_copies(&self, body: &[u8], raws: &[Range<usize>]) -> Option<Vec<u8>> {
        // Every text unescaped before any is kept: a refused one leaves nothing behind.
        let mut texts = Vec::with_capacity(raws.len());
        for raw in raws {
            texts.push(unescape(std::str::from_utf8(&body[raw.clone()]).ok()?)?);
        }
        let mut out = Vec::with_capacity(4096);
        let mut copied = 0;
        for (raw, text) in raws.iter().zip(texts) {
            out.extend_from_slice(&body[copied..raw.start]);
            let marker = serde_json::to_string(&self.keep(text)).ok()?;
            out.extend_from_slice(marker.as_bytes());
            copied = raw.end;
        }
        out.extend_from_slice(&body[copied..]);
        Some(out)
    }

    /// [`LargeTexts::divert`] through a `serde_json::Value` of the whole message.
    fn divert_through_value(&self, body: &[u8]) -> Option<Vec<u8>> {
        let mut message: Value = serde_json::from_slice(body).ok()?;
        let params = match message.get("method")?.as_str()? {
            "textDocument/didOpen" => message.get_mut("params")?.get_mut("textDocument")?,
            "textDocument/didChange" => message.get_mut("params")?.get_mut("contentChanges")?,
            _ => return None,
        };
        let slots: Vec<&mut Value> = match params {
            Value::Array(changes) => changes.iter_mut().filter_map(|c| c.get_mut("text")).collect(),
            object => object.get_mut("text").into_iter().collect(),
        };
        let mut diverted = false;
        for slot in slots {
            if let Value::String(text) = slot
                && text.len() >= LARGE_MESSAGE
            {
                let text = std::mem::take(text);
                *slot = Value::String(self.keep(text));
                diverted = true;
            }
        }
        diverted.then(|| serde_json::to_vec(&message).ok()).flatten()
    }

    /// Keeps `text` under a new marker, and returns the marker.
    fn keep(&self, text: String) -> String {
        let marker = self.new_marker();
        self.lock().insert(marker.clone(), text);
        marker
    }

    fn new_marker(&self) -> String {
        format!("{MARKER}{:016x}:{}", self.session, self.next.fetch_add(1, Ordering::Relaxed))
    }

    /// The text `text` stands for, if it is one of our markers (taken: each is used once);
    /// otherwise `text` itself.
    pub fn take(&self, text: String) -> String {
        if !text.starts_with(MARKER) {
            return text;
        }
        self.lock().remove(&text).unwrap_or(text)
    }

    /// Drops the texts the markers of a diverted message stand for (a message refused after all).
    pub fn forget(&self, body: &[u8]) {
        // A message refused for bytes that are not UTF-8 still names its markers.
        let Ok(message) = serde_json::from_str::<Value>(&String::from_utf8_lossy(body)) else { return };
        let mut values = vec![&message];
        while let Some(value) = values.pop() {
            match value {
                Value::String(s) if s.starts_with(MARKER) => drop(self.lock().remove(s)),
                Value::Array(list) => values.extend(list),
                Value::Object(members) => values.extend(members.values()),
                _ => {}
            }
        }
    }

    pub(super) fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, String>> {
        self.texts.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What became of a large message read by [`StreamedOpen`].
pub enum Diversion {
    /// The message with its text taken out (kept under a marker).
    Diverted(Vec<u8>),
    /// The message as it was, or one that reads the same, for the transport.
    Whole(Vec<u8>),
    /// Not JSON: the transport's answer is a parse error.
    NotJson,
}

impl LargeTexts {
    /// [`LargeTexts::divert`] as a [`Diversion`].
    pub fn diversion(&self, body: Vec<u8>) -> Diversion {
        self.divert(body).map_or_else(Diversion::Whole, Diversion::Diverted)
    }

    /// A message read by [`StreamedOpen`]: its text kept under a marker when the handler will
    /// find the marker where it reads the text; any other message diverted the usual way.
    pub fn divert_streamed(&self, finished: Finished) -> Diversion {
        let (prefix, text, suffix) = match finished {
            Finished::Whole(body) => return self.diversion(body),
            Finished::NotUtf8 => return Diversion::NotJson,
            Finished::Taken { prefix, text, suffix } => (prefix, text, suffix),
        };
        let Ok(text) = String::from_utf8(text) else { return Diversion::NotJson };
        let marker = self.new_marker();
        let quoted = serde_json::to_vec(&marker).unwrap_or_default();
        let at = prefix.len();
        let mut small = prefix;
        small.extend_from_slice(&quoted);
        small.extend_from_slice(&suffix);
        // A string for a string: `small` is JSON exactly when the message was.
        let marker_is_the_text = match serde_json::from_slice::<TextNotification<'_>>(&small) {
            Ok(message) => {
                message.method == "textDocument/didOpen"
                    && message
                        .params
                        .and_then(|p| p.text_document?.text)
                        .is_some_and(|raw| std::ptr::eq(raw.get().as_ptr(), small[at..].as_ptr()))
            }
            Err(_) if serde_json::from_slice::<serde::de::IgnoredAny>(&small).is_err() => return Diversion::NotJson,
            Err(_) => false,
        };
        if marker_is_the_text {
            self.lock().insert(marker, text);
            return Diversion::Diverted(small);
        }
        // Another shape (the text elsewhere, a key twice): the message again, read the usual way.
        let mut whole = small[..at].to_vec();
        whole.extend_from_slice(&serde_json::to_vec(&text).unwrap_or_default());
        whole.extend_from_slice(&small[at + quoted.len()..]);
        self.diversion(whole)
    }
}

/// What [`large_text_ranges`] reads of a text notification: the method and where the
/// texts are (every other member is skipped, and validated as it is).
#[derive(Deserialize)]
struct TextNotification<'a> {
    #[serde(borrow)]
    method: Cow<'a, str>,
    #[serde(borrow)]
    params: Option<TextParams<'a>>,
}

#[derive(Deserialize)]
struct TextParams<'a> {
    #[serde(borrow, rename = "textDocument")]
    text_document: Option<TextSlot<'a>>,
    #[serde(borrow, rename = "contentChanges")]
    content_changes: Option<Vec<TextSlot<'a>>>,
}

#[derive(Deserialize)]
struct TextSlot<'a> {
    #[serde(borrow)]
    text: Option<&'a RawValue>,
}

/// Where the large texts of a text notification lie in it (JSON strings, quotes included), in
/// the message's order: found where they lie, the rest of the message validated, not built.
/// `None` for what this does not read (duplicate keys, another method): the general way decides.
fn large_text_ranges(body: &[u8]) -> Option<Vec<Range<usize>>> {
    let message: TextNotification<'_> = serde_json::from_slice(body).ok()?;
    let params = message.params?;
    let raws: Vec<&RawValue> = match &*message.method {
        "textDocument/didOpen" => params.text_document?.text.into_iter().collect(),
        "textDocument/didChange" => params.content_changes?.into_iter().filter_map(|c| c.text).collect(),
        _ => return None,
    };
    let mut ranges: Vec<Range<usize>> = Vec::new();
    for raw in raws {
        let raw = raw.get();
        let start = (raw.as_ptr() as usize).checked_sub(body.as_ptr() as usize)?;
        // The text is those bytes of the message (the same memory: compared as pointers, not
        // byte by byte, which took 6 ms of a 17 MB open).
        if raw.len() < LARGE_MESSAGE || !std::ptr::eq(body.get(start..start + raw.len())?, raw.as_bytes()) {
            continue;
        }
        // A string, in the message's order, apart (as serde reads them; checked, as the copies
        // around them rely on it).
        if !raw.starts_with('"') || ranges.last().is_some_and(|r| start < r.end) {
            return None;
        }
        ranges.push(start..start + raw.len());
    }
    Some(ranges)
}

/// Whether a JSON string may hold a `\u` escape of half a surrogate pair (which may be lone,
/// and refused): then it is read the careful way, which can still give the message back.
fn may_hold_a_surrogate(raw: &[u8]) -> bool {
    memchr::memmem::find_iter(raw, b"\\u").any(|at| {
        raw.get(at + 2).is_some_and(|b| b.eq_ignore_ascii_case(&b'd'))
            && raw.get(at + 3).is_some_and(|b| matches!(b.to_ascii_lowercase(), b'8'..=b'9' | b'a'..=b'f'))
    })
}

/// A JSON string's value from its source (quotes included); `None` when it is no string or
/// holds an escape the transport refuses (a lone surrogate).
fn unescape(raw: &str) -> Option<String> {
    let inner = raw.strip_prefix('"')?.strip_suffix('"')?;
    Some(json_string::unescape(inner, Faults::Refused)?.into_owned())
}

/// Whether the method of a text notification appears in the message (a cheap first look).
fn names_a_text_notification(body: &[u8]) -> bool {
    let finder = |needle: &str| memchr::memmem::find(body, needle.as_bytes()).is_some();
    finder("\"textDocument/didOpen\"") || finder("\"textDocument/didChange\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_texts_go_around_and_come_back_once() {
        let texts = LargeTexts::default();
        let big = format!("腰\r\n{}", "x".repeat(LARGE_MESSAGE));
        let open = serde_json::json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": "file:///a.elem", "languageId": "elem", "version": 1, "text": big}}});
        let diverted: Value =
            serde_json::from_slice(&texts.divert(serde_json::to_vec(&open).unwrap()).unwrap()).unwrap();
        let marker = diverted["params"]["textDocument"]["text"].as_str().unwrap().to_owned();
        assert!(marker.len() < 64, "{marker}");
        assert_eq!(diverted["params"]["textDocument"]["uri"], "file:///a.elem");
        assert_eq!(texts.take(marker.clone()), big);
        // Taken once: the marker now stands for nothing and is its own text.
        assert_eq!(texts.take(marker.clone()), marker);

        // A change list: only the large text is taken out.
        let change = serde_json::json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": "file:///a.elem", "version": 2},
            "contentChanges": [{"text": "small"}, {"text": big}]}});
        let diverted: Value =
            serde_json::from_slice(&texts.divert(serde_json::to_vec(&change).unwrap()).unwrap()).unwrap();
        assert_eq!(diverted["params"]["contentChanges"][0]["text"], "small");
        let marker = diverted["params"]["contentChanges"][1]["text"].as_str().unwrap().to_owned();
        assert_eq!(texts.take(marker), big);

        // Small messages, other methods and a text that merely looks like a marker pass as they are.
        let small = br#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{}}"#;
        assert_eq!(texts.divert(small.to_vec()), Err(small.to_vec()));
        let hover =
            serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {"x": big}});
        let hover = serde_json::to_vec(&hover).unwrap();
        assert_eq!(texts.divert(hover.clone()), Err(hover));
        let forged = format!("{MARKER}0000000000000000:0");
        assert_eq!(texts.take(forged.clone()), forged);
    }

    #[test]
    fn texts_are_unescaped_as_json_reads_them() {
        let cases = [
            r#""plain 腰 text""#,
            r#""quote \" slash \\ solidus \/ controls \b\f\n\r\t""#,
            r#""\u00e9\u8170 and a pair \ud83d\ude00 and upper \uD83D\uDE00""#,
            r#""crlf\r\nline""#,
            r#""""#,
        ];
        for raw in cases {
            let expected: String = serde_json::from_str(raw).unwrap();
            assert_eq!(unescape(raw).as_deref(), Some(expected.as_str()), "{raw}");
            // Where it lies, after the rest of a message: into the buffer's start.
            let mut buffer = format!("{{\"text\":{raw}}}").into_bytes();
            let end = buffer.len() - 2;
            let len = json_string::unescape_in_place(&mut buffer, 9..end, 0, Faults::Refused).unwrap();
            assert_eq!(std::str::from_utf8(&buffer[..len]), Ok(expected.as_str()), "{raw}");
        }
        // What the transport refuses is left to the general way (which refuses it too).
        for raw in [r#""\ud83d alone""#, r#""\ude00""#, r#""\x""#, r#""\u12""#, r#"12"#] {
            assert_eq!(unescape(raw), None, "{raw}");
        }
    }

    #[test]
    fn a_text_that_may_hold_a_lone_surrogate_is_read_the_careful_way() {
        for (raw, may) in [
            (r#""\ud83d\ude00""#, true),
            (r#""\uDBFF""#, true),
            (r#""\\ud800 is a backslash and text""#, true),
            (r#""\u00e9\u8170 \uD7FF \uE000""#, false),
            (r#""plain \" and \\""#, false),
        ] {
            assert_eq!(may_hold_a_surrogate(raw.as_bytes()), may, "{raw}");
        }
        // A lone one: refused by every way, so the message is given back whole, for the
        // transport to judge.
        let texts = LargeTexts::default();
        let body = format!(
            r#"{{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{{"textDocument":{{"uri":"file:///a","text":"\ud83d {}"}}}}}}"#,
            "x".repeat(LARGE_MESSAGE)
        );
        assert_eq!(texts.divert(body.clone().into_bytes()), Err(body.into_bytes()));
        assert!(texts.lock().is_empty());
    }

    proptest::proptest! {
        #[test]
        fn both_ways_divert_a_text_alike(text in "[a-z腰\"\\\\\r\n\t\u{1}😀é]{0,40}", escape_all in proptest::bool::ANY) {
            let big = format!("{text}{}", "x".repeat(LARGE_MESSAGE));
            let open = serde_json::json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
                "textDocument": {"uri": "file:///a.elem", "languageId": "elem", "version": 1, "text": big}}});
            let mut body = serde_json::to_string(&open).unwrap();
            if escape_all {
                // Every non-ASCII character as `\u` escapes, as some clients write them.
                body = body.chars().map(|c| if c.is_ascii() { c.to_string() } else {
                    c.encode_utf16(&mut [0; 2]).iter().map(|u| format!("\\u{u:04x}")).collect()
                }).collect();
            }
            let texts = LargeTexts::default();
            let in_place = texts.divert(body.as_bytes().to_vec()).expect("diverted where it lies");
            let through_value = texts.divert_through_value(body.as_bytes()).expect("diverted");
            let read = |b: &[u8]| -> (Value, String) {
                let mut v: Value = serde_json::from_slice(b).unwrap();
                let marker = v["params"]["textDocument"]["text"].as_str().unwrap().to_owned();
                v["params"]["textDocument"]["text"] = Value::Null;
                (v, texts.take(marker))
            };
            let (a, b) = (read(&in_place), read(&through_value));
            proptest::prop_assert_eq!(&a, &b);
            proptest::prop_assert_eq!(a.1, big);
        }

        /// Two large texts in one change: copied out, each unescaped alone.
        #[test]
        fn both_ways_divert_the_texts_of_a_change_alike(text in "[a-z腰\"\\\\\r\n]{0,20}") {
            let (first, second) = (format!("{text}{}", "x".repeat(LARGE_MESSAGE)), format!("{}{text}", "y".repeat(LARGE_MESSAGE)));
            let change = serde_json::json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": "file:///a.elem", "version": 2},
                "contentChanges": [{"text": first}, {"text": "small"}, {"text": second}]}});
            let body = serde_json::to_vec(&change).unwrap();
            let texts = LargeTexts::default();
            let read = |b: &[u8]| -> Vec<String> {
                let v: Value = serde_json::from_slice(b).unwrap();
                v["params"]["contentChanges"].as_array().unwrap().iter()
                    .map(|c| texts.take(c["text"].as_str().unwrap().to_owned())).collect()
            };
            let copied = read(&texts.divert(body.clone()).expect("diverted"));
            let through_value = read(&texts.divert_through_value(&body).expect("diverted"));
            proptest::prop_assert_eq!(&copied, &through_value);
            proptest::prop_assert_eq!(copied, vec![first, "small".to_owned(), second]);
        }
    }

    #[test]
    fn a_refused_message_leaves_no_text_behind() {
        let texts = LargeTexts::default();
        let big = "x".repeat(LARGE_MESSAGE);
        // Duplicate keys: read the general way (the last one counts, as serde_json reads it).
        let duplicate = format!(
            r#"{{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{{"textDocument":{{"uri":"file:///a","text":"a","text":"{big}"}}}}}}"#
        );
        assert_eq!(large_text_ranges(duplicate.as_bytes()), None);
        let diverted = texts.divert(duplicate.into_bytes()).expect("diverted");
        assert_eq!(texts.lock().len(), 1);
        texts.forget(&diverted);
        assert!(texts.lock().is_empty());
    }
}
