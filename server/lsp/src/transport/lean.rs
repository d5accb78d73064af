//! Large answers written straight to JSON, around `tower-lsp-server`'s response path.
//!
//! The transport turns every handler's result into a `serde_json::Value` before writing it: for
//! the outline of a 10 MB skeleton (15,000 symbols) or its semantic tokens (8 million numbers),
//! building and dropping that tree costs far more than the answer itself (BENCHMARKS.md). So a
//! few requests take another road, narrow and in two steps, both in the framing guard
//! (`super::framing`), which sees every message whole:
//!
//! 1. On the way in, a request for one of [`LEAN_METHODS`] is renamed `rigls/lean/<method>`, a
//!    custom method of the same server (registered in `crate::serve`), so it is handled in order
//!    with every other message, as before.
//! 2. Its handler writes the answer as JSON bytes itself (`serde_json::to_vec` of the typed
//!    result, or bytes cached per analysis), stores them here and returns a [`Placeholder`]: a
//!    short string that names them. On the way out, a response whose result is a placeholder has
//!    its bytes spliced in ([`LeanAnswers::splice`]), without copying them.
//!
//! Placeholders carry a random nonce of this process, so no document text can forge one.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde::{Serialize, Serializer};
use serde_json::Value;

/// The requests answered by writing JSON directly, and the custom method each becomes.
pub const LEAN_METHODS: [(&str, &str); 3] = [
    ("textDocument/documentSymbol", "rigls/lean/documentSymbol"),
    ("textDocument/semanticTokens/full", "rigls/lean/semanticTokens/full"),
    ("textDocument/semanticTokens/full/delta", "rigls/lean/semanticTokens/full/delta"),
];

/// Answers not yet written kept at most (an answer whose request was cancelled after its handler
/// returned is never asked for).
const MAX_PENDING: usize = 64;

/// A piece of an answer: its own bytes or bytes shared with a cache.
#[derive(Clone, Debug)]
pub enum Part {
    Owned(Vec<u8>),
    Shared(Arc<Vec<u8>>),
}

impl Part {
    pub fn bytes(&self) -> &[u8] {
        match self {
            Part::Owned(v) => v,
            Part::Shared(v) => v,
        }
    }
}

/// An answer's JSON, in pieces that follow each other.
pub type Answer = Vec<Part>;

/// What a lean handler returns to the transport: the name of its stored answer.
#[derive(Debug)]
pub struct Placeholder(String);

impl Serialize for Placeholder {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

/// The answers written by lean handlers until the framing guard sends them.
pub struct LeanAnswers {
    /// `rigls.lean/<nonce>/`: what every placeholder starts with.
    prefix: String,
    next: AtomicU64,
    pending: Mutex<(HashMap<u64, Answer>, VecDeque<u64>)>,
}

impl Default for LeanAnswers {
    fn default() -> LeanAnswers {
        LeanAnswers { prefix: format!("rigls.lean/{}/", nonce()), next: AtomicU64::new(1), pending: Mutex::default() }
    }
}

/// 128 unpredictable bits, from the standard library's randomly seeded hasher.
fn nonce() -> String {
    use std::hash::{BuildHasher, Hasher};
    let word = |n: u64| {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(n);
        h.finish()
    };
    format!("{:016x}{:016x}", word(1), word(2))
}

impl LeanAnswers {
    /// Stores `answer` and returns the placeholder the handler answers with.
    pub fn store(&self, answer: Answer) -> Placeholder {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
        let (map, order) = &mut *pending;
        map.insert(id, answer);
        order.push_back(id);
        while order.len() > MAX_PENDING {
            if let Some(old) = order.pop_front() {
                map.remove(&old);
            }
        }
        Placeholder(format!("{}{id}", self.prefix))
    }

    /// Stores the JSON of `value`, written directly (no `Value` in between).
    pub fn store_json(&self, value: &impl Serialize) -> Placeholder {
        self.store(vec![Part::Owned(to_json(value))])
    }

    /// For an outgoing message that is a response whose result is a placeholder: the message
    /// with the stored answer in its place, in pieces. `None` for every other message.
    pub fn splice(&self, body: &[u8]) -> Option<Answer> {
        // Placeholders go out in short responses: `{"jsonrpc":"2.0","result":"…","id":…}`.
        if body.len() > 512 || memchr::memmem::find(body, self.prefix.as_bytes()).is_none() {
            return None;
        }
        let message: Value = serde_json::from_slice(body).ok()?;
        let name = message.get("result")?.as_str()?;
        let id: u64 = name.strip_prefix(&self.prefix)?.parse().ok()?;
        let answer = {
            let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
            let (map, order) = &mut *pending;
            order.retain(|&o| o != id);
            map.remove(&id)?
        };
        // The result is written once, as a JSON string: cut the message around it.
        let quoted = serde_json::to_vec(name).ok()?;
        let at = memchr::memmem::find(body, &quoted)?;
        let mut parts = Vec::with_capacity(answer.len() + 2);
        parts.push(Part::Owned(body[..at].to_vec()));
        parts.extend(answer);
        parts.push(Part::Owned(body[at + quoted.len()..].to_vec()));
        Some(parts)
    }
}

/// `value` as JSON bytes. The types answered here always serialise; should one ever fail, the
/// answer is `null` rather than a broken message.
pub fn to_json(value: &impl Serialize) -> Vec<u8> {
    serde_json::to_vec(value).unwrap_or_else(|_| b"null".to_vec())
}

/// For an incoming message: the same request renamed to its lean method, when it is one of
/// [`LEAN_METHODS`] (notifications and other messages pass unchanged: `None`).
pub fn route(body: &[u8]) -> Option<Vec<u8>> {
    // Lean requests are small (a document identifier and a result id); `didOpen` is not parsed.
    // The searchers are made once (making one costs more than a search of a short message).
    static FINDERS: std::sync::OnceLock<Vec<memchr::memmem::Finder<'static>>> = std::sync::OnceLock::new();
    let finders = FINDERS.get_or_init(|| LEAN_METHODS.iter().map(|(m, _)| memchr::memmem::Finder::new(m)).collect());
    if body.len() > 4096 || !finders.iter().any(|f| f.find(body).is_some()) {
        return None;
    }
    let mut message: Value = serde_json::from_slice(body).ok()?;
    let object = message.as_object_mut()?;
    object.get("id")?;
    let method = object.get("method")?.as_str()?;
    let (_, lean) = LEAN_METHODS.iter().find(|(m, _)| *m == method)?;
    object.insert("method".to_owned(), Value::String((*lean).to_owned()));
    serde_json::to_vec(&message).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_renamed_and_answers_spliced() {
        let request = br#"{"jsonrpc":"2.0","id":7,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///a.elem"}}}"#;
        let routed: Value = serde_json::from_slice(&route(request).unwrap()).unwrap();
        assert_eq!(routed["method"], "rigls/lean/documentSymbol");
        assert_eq!(routed["params"]["textDocument"]["uri"], "file:///a.elem");
        // A notification, another method and a method that only contains a lean one's name.
        for other in [
            &br#"{"jsonrpc":"2.0","method":"textDocument/documentSymbol","params":{}}"#[..],
            br#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"x":"textDocument/documentSymbol"}}"#,
            br#"{"jsonrpc":"2.0","id":1,"method":"textDocument/semanticTokens/full/deltas"}"#,
        ] {
            assert_eq!(route(other), None);
        }

        let answers = LeanAnswers::default();
        let shared = Arc::new(b"[1,2,3]".to_vec());
        let placeholder =
            answers.store(vec![Part::Owned(b"{\"data\":".to_vec()), Part::Shared(shared), Part::Owned(b"}".to_vec())]);
        let response =
            serde_json::to_vec(&serde_json::json!({"jsonrpc": "2.0", "result": placeholder, "id": 7})).unwrap();
        let parts = answers.splice(&response).unwrap();
        let body: Vec<u8> = parts.iter().flat_map(|p| p.bytes().iter().copied()).collect();
        let sent: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(sent, serde_json::json!({"jsonrpc": "2.0", "result": {"data": [1, 2, 3]}, "id": 7}));
        assert!(answers.splice(&response).is_none(), "an answer is sent once");
        // A forged name (another nonce) is not an answer.
        let forged = br#"{"jsonrpc":"2.0","result":"rigls.lean/0123/1","id":8}"#;
        assert!(answers.splice(forged).is_none());
    }

    #[test]
    fn abandoned_answers_do_not_pile_up() {
        let answers = LeanAnswers::default();
        for _ in 0..MAX_PENDING * 3 {
            answers.store_json(&1);
        }
        let pending = answers.pending.lock().unwrap();
        assert_eq!((pending.0.len(), pending.1.len()), (MAX_PENDING, MAX_PENDING));
    }
}
