//! Tolerance for clients that put raw non-ASCII characters in URIs (`file:///モデル/歩行.elem`).
//!
//! tower-lsp-server parses every URI strictly (RFC 3986) and silently drops a notification whose
//! URI it rejects, so such a client would get no diagnostics and no answers. Incoming messages
//! whose URI values contain characters a URI may not hold are rewritten with those characters
//! percent-encoded, and the server's outgoing messages get the client's own spelling back, so the
//! client sees the URIs it sent. Messages without such URIs pass through byte for byte.

use std::collections::HashMap;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use serde_json::Value;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// Encoded URI → the client's raw spelling, shared by both directions.
type Spellings = Arc<Mutex<HashMap<String, String>>>;

pub fn wrap<I, O>(input: I, output: O) -> (EscapingReader<I>, RespellingWriter<O>) {
    let spellings: Spellings = Arc::default();
    (
        EscapingReader {
            inner: input,
            framer: Framer::default(),
            ready: Vec::new(),
            at: 0,
            spellings: spellings.clone(),
        },
        RespellingWriter { inner: output, framer: Framer::default(), ready: Vec::new(), at: 0, spellings },
    )
}

/// Splits a byte stream into `Content-Length` framed messages.
#[derive(Default)]
struct Framer {
    buffer: Vec<u8>,
    /// Header length and body length of the message at the front, once its header is complete.
    expect: Option<(usize, usize)>,
}

impl Framer {
    /// The next complete message (header and body), if any. Bytes that are not a well-formed
    /// header are handed on unchanged, for the server to complain about.
    fn next(&mut self) -> Option<(Vec<u8>, Vec<u8>)> {
        if self.expect.is_none() {
            let end = self.buffer.windows(4).position(|w| w == b"\r\n\r\n")? + 4;
            let length = std::str::from_utf8(&self.buffer[..end]).ok().and_then(content_length);
            match length {
                Some(length) => self.expect = Some((end, length)),
                None => {
                    let header: Vec<u8> = self.buffer.drain(..end).collect();
                    return Some((header, Vec::new()));
                }
            }
        }
        let (header, body) = self.expect?;
        if self.buffer.len() < header + body {
            return None;
        }
        self.expect = None;
        let header_bytes: Vec<u8> = self.buffer.drain(..header).collect();
        let body_bytes: Vec<u8> = self.buffer.drain(..body).collect();
        Some((header_bytes, body_bytes))
    }
}

fn content_length(header: &str) -> Option<usize> {
    header.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.trim().eq_ignore_ascii_case("content-length").then(|| value.trim().parse().ok())?
    })
}

fn frame(header: Vec<u8>, body: Vec<u8>, rewritten: Option<Vec<u8>>) -> Vec<u8> {
    match rewritten {
        Some(body) => {
            let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
            out.extend(body);
            out
        }
        None => {
            let mut out = header;
            out.extend(body);
            out
        }
    }
}

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
/// character a URI may not? (A document's text containing such a pattern only costs a parse.)
fn may_hold_raw_uri(body: &[u8]) -> bool {
    let mut i = 0;
    while let Some(found) = body[i..].windows(4).position(|w| (w[0] == b'u' || w[0] == b'U') && &w[1..] == b"ri\"") {
        let mut j = i + found + 4;
        i = j;
        while j < body.len() && matches!(body[j], b' ' | b'\t' | b'\r' | b'\n' | b':') {
            j += 1;
        }
        if body.get(j) != Some(&b'"') {
            continue;
        }
        j += 1;
        while j < body.len() && body[j] != b'"' {
            let b = body[j];
            if !(0x20..0x80).contains(&b) || matches!(b, b' ' | b'<' | b'>' | b'^' | b'`' | b'{' | b'|' | b'}') {
                return true;
            }
            j += if b == b'\\' { 2 } else { 1 };
        }
    }
    false
}

/// Percent-encodes the URI values (keys `uri` or ending in `Uri`) of a message, remembering the
/// client's spelling. `None` when nothing needed it.
fn escape_message(body: &[u8], spellings: &Spellings) -> Option<Vec<u8>> {
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

/// Gives outgoing URIs the client's own spelling back.
fn respell_message(body: &[u8], spellings: &Spellings) -> Option<Vec<u8>> {
    let spellings = spellings.lock().unwrap_or_else(|e| e.into_inner());
    if spellings.is_empty() || !body.contains(&b'%') {
        return None;
    }
    let text = std::str::from_utf8(body).ok()?;
    let mut out = text.to_owned();
    for (escaped, raw) in spellings.iter() {
        let quoted = format!("\"{escaped}\"");
        if out.contains(&quoted) {
            out = out.replace(&quoted, &serde_json::to_string(raw).ok()?);
        }
    }
    (out != text).then(|| out.into_bytes())
}

pub struct EscapingReader<R> {
    inner: R,
    framer: Framer,
    ready: Vec<u8>,
    at: usize,
    spellings: Spellings,
}

impl<R: AsyncRead + Unpin> AsyncRead for EscapingReader<R> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        loop {
            if this.at < this.ready.len() {
                let n = buf.remaining().min(this.ready.len() - this.at);
                buf.put_slice(&this.ready[this.at..this.at + n]);
                this.at += n;
                return Poll::Ready(Ok(()));
            }
            if let Some((header, body)) = this.framer.next() {
                let rewritten = escape_message(&body, &this.spellings);
                this.ready = frame(header, body, rewritten);
                this.at = 0;
                continue;
            }
            let mut chunk = [0u8; 64 * 1024];
            let mut read = ReadBuf::new(&mut chunk);
            match Pin::new(&mut this.inner).poll_read(cx, &mut read) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Ready(Ok(())) if read.filled().is_empty() => {
                    // End of input: hand on whatever is left, framed or not.
                    if this.framer.buffer.is_empty() {
                        return Poll::Ready(Ok(()));
                    }
                    this.ready = std::mem::take(&mut this.framer.buffer);
                    this.framer.expect = None;
                    this.at = 0;
                }
                Poll::Ready(Ok(())) => this.framer.buffer.extend_from_slice(read.filled()),
            }
        }
    }
}

pub struct RespellingWriter<W> {
    inner: W,
    framer: Framer,
    /// Rewritten bytes not yet accepted by `inner`.
    ready: Vec<u8>,
    at: usize,
    spellings: Spellings,
}

impl<W: AsyncWrite + Unpin> RespellingWriter<W> {
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.at < self.ready.len() {
            match Pin::new(&mut self.inner).poll_write(cx, &self.ready[self.at..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => self.at += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        self.ready.clear();
        self.at = 0;
        Poll::Ready(Ok(()))
    }
}

impl<W: AsyncWrite + Unpin> AsyncWrite for RespellingWriter<W> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, data: &[u8]) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if let Poll::Ready(Err(e)) = this.drain(cx) {
            return Poll::Ready(Err(e));
        }
        if this.at < this.ready.len() {
            return Poll::Pending;
        }
        this.framer.buffer.extend_from_slice(data);
        while let Some((header, body)) = this.framer.next() {
            let rewritten = respell_message(&body, &this.spellings);
            this.ready.extend(frame(header, body, rewritten));
        }
        // The bytes are accepted; they reach `inner` on this or a later poll.
        let _ = this.drain(cx);
        Poll::Ready(Ok(data.len()))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        match this.drain(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut this.inner).poll_flush(cx),
            other => other,
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        if !this.framer.buffer.is_empty() {
            let rest = std::mem::take(&mut this.framer.buffer);
            this.ready.extend(rest);
        }
        match this.drain(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut this.inner).poll_shutdown(cx),
            other => other,
        }
    }
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
    fn well_formed_messages_pass_through() {
        let spellings = Spellings::default();
        let body = r#"{"params":{"textDocument":{"uri":"file:///tmp/%E6%AD%A9.elem","text":"Name=\"頭\""}}}"#;
        assert_eq!(escape_message(body.as_bytes(), &spellings), None);
        assert_eq!(respell_message(body.as_bytes(), &spellings), None);
    }

    #[test]
    fn framing_handles_split_and_joined_messages() {
        let mut framer = Framer::default();
        framer.buffer.extend_from_slice(b"Content-Length: 2\r\n\r\n{}Content-Len");
        assert_eq!(framer.next(), Some((b"Content-Length: 2\r\n\r\n".to_vec(), b"{}".to_vec())));
        assert_eq!(framer.next(), None);
        framer.buffer.extend_from_slice(b"gth: 3\r\n\r\n[1]");
        assert_eq!(framer.next(), Some((b"Content-Length: 3\r\n\r\n".to_vec(), b"[1]".to_vec())));
    }
}
