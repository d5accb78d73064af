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

use serde_json::Value;

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
                let marker = format!("{MARKER}{:016x}:{}", self.session, self.next.fetch_add(1, Ordering::Relaxed));
                self.lock().insert(marker.clone(), std::mem::replace(text, marker));
                diverted = true;
            }
        }
        diverted.then(|| serde_json::to_vec(&message).ok()).flatten()
    }

    /// The text `text` stands for, if it is one of our markers (taken: each is used once);
    /// otherwise `text` itself.
    pub fn take(&self, text: String) -> String {
        if !text.starts_with(MARKER) {
            return text;
        }
        self.lock().remove(&text).unwrap_or(text)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, String>> {
        self.texts.lock().unwrap_or_else(|e| e.into_inner())
    }
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
}
