//! Tolerance for clients that put raw non-ASCII characters in URIs (`file:///モデル/歩行.elem`).
//!
//! tower-lsp-server parses every URI strictly (RFC 3986) and silently drops a notification whose
//! URI it rejects, so such a client would get no diagnostics and no answers. Incoming messages
//! whose URI values contain characters a URI may not hold are rewritten with those characters
//! percent-encoded, and the server's outgoing messages get the client's own spelling back, so the
//! client sees the URIs it sent. Messages without such URIs pass through byte for byte. The
//! framing guard (`super::framing`) applies both to each whole message it passes on.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::Value;

/// Encoded URI → the client's raw spelling, shared by both directions.
pub type Spellings = Arc<Mutex<HashMap<String, String>>>;

fn needs_escape(c: char) -> bool {
    !c.is_ascii() || c.is_ascii_control() || matches!(c, ' ' | '"' | '<' | '>' | '\\' | '^' | '`' | '{' | '|' | '}')
}

fn escape(uri: &str) -> String {
    let mut out = String::with_capacity(uri.len() * 3);
    for c in uri.chars() {
        if needs_escape(c) {
            let mut bytes = [0u8; 4];
            for b in c.encode_utf8(&mut bytes).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Cheap test, without parsing: does some `"…uri": "…"` / `"…Uri": "…"` member of the body hold a
/// character a URI may not? JSON escapes are judged by the character they stand for: `\u6b69`
/// is `歩`, `\"` a quote, `\/` a harmless slash. (A document's text containing such a pattern
/// only costs a parse.)
fn may_hold_raw_uri(body: &[u8]) -> bool {
    for found in memchr::memmem::find_iter(body, b"ri\"") {
        if found == 0 || !matches!(body[found - 1], b'u' | b'U') {
            continue;
        }
        let mut j = found + 3;
        while j < body.len() && matches!(body[j], b' ' | b'\t' | b'\r' | b'\n' | b':') {
            j += 1;
        }
        if body.get(j) != Some(&b'"') {
            continue;
        }
        j += 1;
        while j < body.len() && body[j] != b'"' {
            let (c, width) = match body[j] {
                b'\\' => escaped_char(&body[j..]),
                b => (char::from(b), 1),
            };
            // Bytes of a raw non-ASCII character are judged one by one: each is not ASCII.
            if needs_escape(c) {
                return true;
            }
            j += width;
        }
    }
    false
}

/// The character a JSON escape stands for (at the start of `escape`, its backslash) and the
/// bytes it takes. A lone surrogate or an invalid escape counts as a character needing escape, so
/// the message is parsed (and, if it is not JSON, passed on untouched).
fn escaped_char(escape: &[u8]) -> (char, usize) {
    match rigls_text::json_string::escape(escape) {
        (rigls_text::json_string::Escape::Char(c), len) => (c, len),
        (_, len) => ('\u{FFFD}', len),
    }
}

/// Percent-encodes the URI values (keys `uri` or ending in `Uri`) of a message, remembering the
/// client's spelling. `None` when nothing needed it.
pub fn escape_message(body: &[u8], spellings: &Spellings) -> Option<Vec<u8>> {
    if !may_hold_raw_uri(body) {
        return None;
    }
    let mut value: Value = serde_json::from_slice(body).ok()?;
    let mut changed = false;
    let mut stack = vec![&mut value];
    while let Some(v) = stack.pop() {
        match v {
            Value::Object(map) => {
                for (key, child) in map.iter_mut() {
                    if let Value::String(s) = child
                        && (key == "uri" || key.ends_with("Uri"))
                        && s.chars().any(needs_escape)
                    {
                        let escaped = escape(s);
                        spellings.lock().unwrap_or_else(|e| e.into_inner()).insert(escaped.clone(), s.clone());
                        *s = escaped;
                        changed = true;
                    } else {
                        stack.push(child);
                    }
                }
            }
            Value::Array(items) => stack.extend(items.iter_mut()),
            _ => {}
        }
    }
    changed.then(|| serde_json::to_vec(&value).ok()).flatten()
}

/// True while the client has sent no URI that needed escaping (so none needs respelling).
pub fn none_respelled(spellings: &Spellings) -> bool {
    spellings.lock().unwrap_or_else(|e| e.into_inner()).is_empty()
}

/// Gives outgoing URIs the client's own spelling back: every JSON string of the body (values and
/// keys, such as a workspace edit's `changes`) that is a remembered encoded URI. One pass over the
/// body, whatever the number of URIs remembered (a search per remembered URI made each message of
/// a long session slower than the last).
pub fn respell_message(body: &[u8], spellings: &Spellings) -> Option<Vec<u8>> {
    let spellings = spellings.lock().unwrap_or_else(|e| e.into_inner());
    if spellings.is_empty() || memchr::memchr(b'%', body).is_none() {
        return None;
    }
    let mut out: Option<Vec<u8>> = None;
    let mut copied = 0;
    let mut at = 0;
    'strings: while let Some(open) = memchr::memchr(b'"', &body[at..]).map(|i| at + i) {
        // The string's closing quote; an encoded URI holds no escapes, so a string with one is
        // only skipped. (The server writes JSON: a string always ends.)
        let (mut close, mut plain) = (open + 1, true);
        loop {
            let Some(found) = body.get(close..).and_then(|rest| memchr::memchr2(b'"', b'\\', rest)) else {
                break 'strings;
            };
            if body[close + found] == b'"' {
                close += found;
                break;
            }
            (close, plain) = (close + found + 2, false);
        }
        let content = &body[open + 1..close];
        if plain
            && memchr::memchr(b'%', content).is_some()
            && let Some(raw) = std::str::from_utf8(content).ok().and_then(|uri| spellings.get(uri))
        {
            let out = out.get_or_insert_with(|| Vec::with_capacity(body.len() + 64));
            out.extend_from_slice(&body[copied..open]);
            serde_json::to_writer(&mut *out, raw).ok()?;
            copied = close + 1;
        }
        at = close + 1;
    }
    let mut out = out?;
    out.extend_from_slice(&body[copied..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_uris_are_escaped_and_remembered() {
        let spellings = Spellings::default();
        let body = r#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/モデル/歩 行.elem","text":"Name=\"頭\""}}}"#;
        let escaped = escape_message(body.as_bytes(), &spellings).unwrap();
        let value: Value = serde_json::from_slice(&escaped).unwrap();
        assert_eq!(
            value["params"]["textDocument"]["uri"],
            "file:///tmp/%E3%83%A2%E3%83%87%E3%83%AB/%E6%AD%A9%20%E8%A1%8C.elem"
        );
        assert_eq!(value["params"]["textDocument"]["text"], "Name=\"頭\"", "only URIs change");
        let out = br#"{"method":"textDocument/publishDiagnostics","params":{"uri":"file:///tmp/%E3%83%A2%E3%83%87%E3%83%AB/%E6%AD%A9%20%E8%A1%8C.elem"}}"#;
        let respelled = respell_message(out, &spellings).unwrap();
        let value: Value = serde_json::from_slice(&respelled).unwrap();
        assert_eq!(value["params"]["uri"], "file:///tmp/モデル/歩 行.elem");
    }

    #[test]
    fn escaped_characters_are_judged_by_what_they_stand_for() {
        let spellings = Spellings::default();
        // `歩行` and `𠮷` (a surrogate pair) escaped, as clients that escape every non-ASCII
        // character write them; the key's value is the same string as the raw spelling.
        let body = br#"{"params":{"textDocument":{"uri":"file:///tmp/\u6b69\u884c\ud842\udfb7.elem"}}}"#;
        let escaped = escape_message(body, &spellings).expect("escaped");
        let value: Value = serde_json::from_slice(&escaped).unwrap();
        assert_eq!(value["params"]["textDocument"]["uri"], "file:///tmp/%E6%AD%A9%E8%A1%8C%F0%A0%AE%B7.elem");
        let out = br#"{"params":{"uri":"file:///tmp/%E6%AD%A9%E8%A1%8C%F0%A0%AE%B7.elem"}}"#;
        let respelled: Value = serde_json::from_slice(&respell_message(out, &spellings).unwrap()).unwrap();
        assert_eq!(respelled["params"]["uri"], "file:///tmp/歩行𠮷.elem", "the client's string");
        // An escaped quote or backslash, or a tab, needs escaping too; an escaped slash or
        // letter does not.
        for needed in [r#"{"uri":"file:///a\"b"}"#, r#"{"uri":"file:///a\\b"}"#, r#"{"targetUri":"file:///a\tb"}"#] {
            assert!(escape_message(needed.as_bytes(), &spellings).is_some(), "{needed}");
        }
        for harmless in [r#"{"uri":"file:\/\/\/a.elem"}"#, r#"{"uri":"file:///\u0061.elem"}"#] {
            assert_eq!(escape_message(harmless.as_bytes(), &spellings), None, "{harmless}");
        }
    }

    #[test]
    fn outgoing_uris_are_respelled_in_values_and_keys_among_many_remembered() {
        let spellings = Spellings::default();
        for n in 0..10_000 {
            escape_message(format!(r#"{{"uri":"file:///歩行/{n}.elem"}}"#).as_bytes(), &spellings).unwrap();
        }
        // A workspace edit: the URI as a key and as a value; a string holding an escaped quote
        // and the same URI text is someone's text, not a URI, and stays.
        let out = r#"{"changes":{"file:///%E6%AD%A9%E8%A1%8C/7.elem":[]},"uri":"file:///%E6%AD%A9%E8%A1%8C/9999.elem","message":"\"file:///%E6%AD%A9%E8%A1%8C/7.elem\"","other":"file:///%E6%AD%A9%E8%A1%8C/x.elem"}"#;
        let respelled = String::from_utf8(respell_message(out.as_bytes(), &spellings).unwrap()).unwrap();
        assert_eq!(
            respelled,
            r#"{"changes":{"file:///歩行/7.elem":[]},"uri":"file:///歩行/9999.elem","message":"\"file:///%E6%AD%A9%E8%A1%8C/7.elem\"","other":"file:///%E6%AD%A9%E8%A1%8C/x.elem"}"#
        );
        // Nothing remembered in it, or cut short: passed on as it was.
        assert_eq!(respell_message(br#"{"uri":"file:///%E6%AD%A9%E8%A1%8C/x.elem"}"#, &spellings), None);
        assert_eq!(respell_message(br#"{"uri":"file:///%E6%AD%A9"#, &spellings), None);
    }

    #[test]
    fn well_formed_messages_pass_through() {
        let spellings = Spellings::default();
        let body = r#"{"params":{"textDocument":{"uri":"file:///tmp/%E6%AD%A9.elem","text":"Name=\"頭\""}}}"#;
        assert_eq!(escape_message(body.as_bytes(), &spellings), None);
        assert_eq!(respell_message(body.as_bytes(), &spellings), None);
    }
}
