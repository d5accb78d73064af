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
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;
use std::borrow::Cow;

/// Messages at least this large have their texts taken out.
const LARGE: usize = 1 << 16;

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
    /// markers (kept here until [`LargeTexts::take`]). Every other message: `None`.
    pub fn divert(&self, body: &[u8]) -> Option<Vec<u8>> {
        if body.len() < LARGE || !names_a_text_notification(body) {
            return None;
        }
        self.divert_in_place(body).or_else(|| self.divert_through_value(body))
    }

    /// [`LargeTexts::divert`] in one pass over the message: the texts are found where they lie
    /// (the rest of the message is validated, not built) and unescaped straight into their own
    /// strings; the message is copied around them. `None` for what it does not read (duplicate
    /// keys, escapes the transport would refuse): the general way then decides.
    fn divert_in_place(&self, body: &[u8]) -> Option<Vec<u8>> {
        let message: TextNotification<'_> = serde_json::from_slice(body).ok()?;
        let params = message.params?;
        let raws: Vec<&RawValue> = match &*message.method {
            "textDocument/didOpen" => params.text_document?.text.into_iter().collect(),
            "textDocument/didChange" => params.content_changes?.into_iter().filter_map(|c| c.text).collect(),
            _ => return None,
        };
        // Every text unescaped before any is kept: a refused one leaves nothing behind.
        let mut found = Vec::new();
        for raw in raws {
            let raw = raw.get();
            let start = (raw.as_ptr() as usize).checked_sub(body.as_ptr() as usize)?;
            if raw.len() < LARGE || body.get(start..start + raw.len())? != raw.as_bytes() {
                continue;
            }
            let text = unescape(raw)?;
            // In the message's order, apart (as serde reads them; checked, as the copy relies on it).
            if found.last().is_some_and(|&(_, end, _)| start < end) {
                return None;
            }
            if text.len() >= LARGE {
                found.push((start, start + raw.len(), text));
            }
        }
        if found.is_empty() {
            return None;
        }
        let mut out = Vec::with_capacity(4096);
        let mut copied = 0;
        for (start, end, text) in found {
            out.extend_from_slice(&body[copied..start]);
            let marker = serde_json::to_string(&self.keep(text)).ok()?;
            out.extend_from_slice(marker.as_bytes());
            copied = end;
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
                && text.len() >= LARGE
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
        let marker = format!("{MARKER}{:016x}:{}", self.session, self.next.fetch_add(1, Ordering::Relaxed));
        self.lock().insert(marker.clone(), text);
        marker
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

/// What [`LargeTexts::divert_in_place`] reads of a text notification: the method and where the
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

/// A JSON string's value from its source (quotes included); `None` when it is no string or
/// holds an escape the transport refuses (a lone surrogate).
fn unescape(raw: &str) -> Option<String> {
    let inner = raw.strip_prefix('"')?.strip_suffix('"')?;
    let bytes = inner.as_bytes();
    let mut out = String::with_capacity(inner.len());
    let mut at = 0;
    while let Some(found) = memchr::memchr(b'\\', &bytes[at..]) {
        let slash = at + found;
        out.push_str(&inner[at..slash]);
        let escaped = *bytes.get(slash + 1)?;
        at = slash + 2;
        let c = match escaped {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let unit = hex4(inner.get(at..at + 4)?)?;
                at += 4;
                match unit {
                    0xD800..=0xDBFF => {
                        let low = inner.get(at..at + 6)?.strip_prefix("\\u").and_then(hex4)?;
                        if !(0xDC00..=0xDFFF).contains(&low) {
                            return None;
                        }
                        at += 6;
                        char::from_u32(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))?
                    }
                    _ => char::from_u32(unit)?,
                }
            }
            _ => return None,
        };
        out.push(c);
    }
    out.push_str(&inner[at..]);
    Some(out)
}

fn hex4(s: &str) -> Option<u32> {
    (s.len() == 4 && s.bytes().all(|b| b.is_ascii_hexdigit())).then(|| u32::from_str_radix(s, 16).ok()).flatten()
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
        let big = format!("腰\r\n{}", "x".repeat(LARGE));
        let open = serde_json::json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": "file:///a.elem", "languageId": "elem", "version": 1, "text": big}}});
        let diverted: Value =
            serde_json::from_slice(&texts.divert(&serde_json::to_vec(&open).unwrap()).unwrap()).unwrap();
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
            serde_json::from_slice(&texts.divert(&serde_json::to_vec(&change).unwrap()).unwrap()).unwrap();
        assert_eq!(diverted["params"]["contentChanges"][0]["text"], "small");
        let marker = diverted["params"]["contentChanges"][1]["text"].as_str().unwrap().to_owned();
        assert_eq!(texts.take(marker), big);

        // Small messages, other methods and a text that merely looks like a marker pass as they are.
        let small = br#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{}}"#;
        assert_eq!(texts.divert(small), None);
        let hover =
            serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {"x": big}});
        assert_eq!(texts.divert(&serde_json::to_vec(&hover).unwrap()), None);
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
        }
        // What the transport refuses is left to the general way (which refuses it too).
        for raw in [r#""\ud83d alone""#, r#""\ude00""#, r#""\x""#, r#""\u12""#, r#"12"#] {
            assert_eq!(unescape(raw), None, "{raw}");
        }
    }

    proptest::proptest! {
        #[test]
        fn both_ways_divert_a_text_alike(text in "[a-z腰\"\\\\\r\n\t\u{1}😀é]{0,40}", escape_all in proptest::bool::ANY) {
            let big = format!("{text}{}", "x".repeat(LARGE));
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
            let in_place = texts.divert_in_place(body.as_bytes()).expect("diverted in place");
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
    }

    #[test]
    fn a_refused_message_leaves_no_text_behind() {
        let texts = LargeTexts::default();
        let big = "x".repeat(LARGE);
        // Duplicate keys: read the general way (the last one counts, as serde_json reads it).
        let duplicate = format!(
            r#"{{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{{"textDocument":{{"uri":"file:///a","text":"a","text":"{big}"}}}}}}"#
        );
        assert_eq!(texts.divert_in_place(duplicate.as_bytes()), None);
        let diverted = texts.divert(duplicate.as_bytes()).expect("diverted");
        assert_eq!(texts.lock().len(), 1);
        texts.forget(&diverted);
        assert!(texts.lock().is_empty());
    }
}
