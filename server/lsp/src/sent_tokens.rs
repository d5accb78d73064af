//! The semantic tokens last sent for each document, so that `semanticTokens/full/delta` can
//! answer with what changed: after a one-character edit of a 10 MB mesh, a few tokens instead of
//! the million of the whole file.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tower_lsp_server::ls_types::Uri;

use super::convert::EncodedTokens;

type Tokens = Arc<EncodedTokens>;

#[derive(Default)]
pub struct SentTokens {
    next_id: AtomicU64,
    /// Per document: the result id of the last full or delta answer and its tokens.
    last: Mutex<HashMap<Uri, (String, Tokens)>>,
}

impl SentTokens {
    /// Records `data` as the tokens now sent for `uri`; returns the result id to send with them
    /// and the tokens the client had under `previous_id`, if that was our last answer.
    pub fn replace(&self, uri: &Uri, previous_id: Option<&str>, data: Tokens) -> (String, Option<Tokens>) {
        let id = (self.next_id.fetch_add(1, Ordering::Relaxed) + 1).to_string();
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        let previous = last.insert(uri.clone(), (id.clone(), data));
        let previous = previous.filter(|(old_id, _)| Some(old_id.as_str()) == previous_id).map(|(_, tokens)| tokens);
        (id, previous)
    }

    pub fn forget(&self, uri: &Uri) {
        self.last.lock().unwrap_or_else(|e| e.into_inner()).remove(uri);
    }
}
