//! A guard between the client's byte stream and the JSON-RPC transport.
//!
//! `tower-lsp-server` reads its input with a framed decoder that stops for good at the first
//! message it cannot decode: one malformed frame from a client would end the session. So the
//! input is framed here first: every message the transport would accept is passed on unchanged,
//! and every other one is answered here, as JSON-RPC says (`Parse error` for a bad header, bytes
//! that are not UTF-8 or not JSON; `Invalid Request` for JSON that is no message), and skipped.
//! Those answers are written between the transport's own messages, never inside one.
//!
//! This is also where URIs are escaped on the way in and respelled on the way out
//! (`super::raw_uris`): the one place that sees every message whole.

use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;
use tower_lsp_server::jsonrpc::{self, Id, Response};

use super::large_texts::{Diversion, LARGE_MESSAGE, LargeTexts};
use super::lean::{self, LeanAnswers, Part};
use super::raw_uris::{self, Spellings};
use super::streamed_open::StreamedOpen;

/// The largest message accepted (the Content-Length of anything bigger is refused unread).
const MAX_MESSAGE: usize = 1 << 30;

/// What a frame read from the client turned out to be.
enum Frame {
    /// The body of a message the transport accepts.
    Valid(Vec<u8>),
    /// The answer to an invalid one.
    Invalid(Response),
    End,
}

/// Reads the client's frames from `input`, passes the valid ones to `server` and sends the
/// answers to the others to `answers`; at the end of the input, closes `server`.
pub async fn guard_input<I, S>(
    input: I,
    mut server: S,
    answers: mpsc::UnboundedSender<Response>,
    spellings: Spellings,
    texts: std::sync::Arc<LargeTexts>,
) where
    I: AsyncRead + Unpin,
    S: AsyncWrite + Unpin,
{
    let mut input = BufReader::with_capacity(1 << 16, input);
    loop {
        match read_frame(&mut input, &texts).await {
            Frame::Valid(body) => {
                let body = raw_uris::escape_message(&body, &spellings).unwrap_or(body);
                let body = lean::route(&body).unwrap_or(body);
                // Header and body written apart: a 10 MB `didOpen` is not copied once more.
                let header = format!("Content-Length: {}\r\n\r\n", body.len());
                if server.write_all(header.as_bytes()).await.is_err()
                    || server.write_all(&body).await.is_err()
                    || server.flush().await.is_err()
                {
                    break;
                }
            }
            Frame::Invalid(answer) => {
                let _ = answers.send(answer);
            }
            Frame::End => break,
        }
    }
    let _ = server.shutdown().await;
}

/// Copies the transport's messages from `server` to `output`, with the answers of
/// [`guard_input`] between them, until the transport has finished. Lean answers are spliced into
/// the responses that name them ([`LeanAnswers::splice`]).
pub async fn merge_output<S, O>(
    server: S,
    output: O,
    mut answers: mpsc::UnboundedReceiver<Response>,
    spellings: Spellings,
    lean: std::sync::Arc<LeanAnswers>,
) where
    S: AsyncRead + Unpin,
    O: AsyncWrite,
{
    // Frames are read whole by one future and handed over a channel, so that waiting for either
    // source never abandons a half-read frame.
    let (frames_tx, mut frames) = mpsc::channel::<Vec<Part>>(16);
    let read = async move {
        let mut server = BufReader::with_capacity(1 << 16, server);
        while let Some(body) = read_raw_body(&mut server).await {
            let body = match lean.splice(&body) {
                // Nothing to respell unless the client sent raw URIs (then the answer is joined).
                Some(parts) if raw_uris::none_respelled(&spellings) => {
                    if frames_tx.send(framed(parts)).await.is_err() {
                        break;
                    }
                    continue;
                }
                Some(parts) => parts.iter().flat_map(|p| p.bytes().iter().copied()).collect(),
                None => body,
            };
            let frame = vec![Part::Owned(frame_of(&raw_uris::respell_message(&body, &spellings).unwrap_or(body)))];
            if frames_tx.send(frame).await.is_err() {
                break;
            }
        }
    };
    let write = async move {
        let mut output = std::pin::pin!(output);
        loop {
            let frame = tokio::select! {
                biased;
                frame = frames.recv() => match frame {
                    Some(frame) => frame,
                    None => break,
                },
                Some(answer) = answers.recv() => vec![Part::Owned(frame_of(&serde_json::to_vec(&answer).unwrap_or_default()))],
            };
            if !write_parts(&mut output, &frame).await || output.flush().await.is_err() {
                break;
            }
            // The frame's buffers (and the answer they were written from) are gone with it.
            let size: usize = frame.iter().map(|p| p.bytes().len()).sum();
            drop(frame);
            if size > super::memory::LARGE_ANSWER {
                super::memory::release_when_idle();
            }
        }
        let _ = output.flush().await;
    };
    tokio::join!(read, write);
}

/// Writes a frame's pieces in order; false when the output is gone.
async fn write_parts(output: &mut (impl AsyncWrite + Unpin), frame: &[Part]) -> bool {
    for part in frame {
        if output.write_all(part.bytes()).await.is_err() {
            return false;
        }
    }
    true
}

/// A body in pieces behind its header (the pieces are not copied).
fn framed(parts: Vec<Part>) -> Vec<Part> {
    let length: usize = parts.iter().map(|p| p.bytes().len()).sum();
    let mut frame = vec![Part::Owned(format!("Content-Length: {length}\r\n\r\n").into_bytes())];
    frame.extend(parts);
    frame
}

fn frame_of(body: &[u8]) -> Vec<u8> {
    let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    frame.extend_from_slice(body);
    frame
}

fn parse_error() -> Frame {
    Frame::Invalid(Response::from_error(Id::Null, jsonrpc::Error::parse_error()))
}

/// The headers of a frame: its Content-Length, `Err` when they have none (or a bad one), `None`
/// at the end of the input.
async fn read_headers(input: &mut (impl AsyncBufReadExt + Unpin)) -> Option<Result<usize, ()>> {
    let mut length = Err(());
    let mut seen_any = false;
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line).await.ok()? == 0 {
            return None;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if seen_any {
                return Some(length);
            }
            continue; // stray blank lines between frames
        }
        seen_any = true;
        if let Some((name, value)) = text.split_once(':')
            && name.trim().eq_ignore_ascii_case("content-length")
        {
            length = value
                .trim()
                .parse::<usize>()
                .map_err(|_| ())
                .and_then(|n| if n > MAX_MESSAGE { Err(()) } else { Ok(n) });
        }
    }
}

/// Reads one frame from the client and judges it as the transport would; a large text
/// notification comes with its texts taken out ([`LargeTexts::divert`]), so that only the rest
/// of it is read again.
async fn read_frame(input: &mut (impl AsyncBufReadExt + Unpin), texts: &LargeTexts) -> Frame {
    let length = match read_headers(input).await {
        None => return Frame::End,
        Some(Err(())) => return parse_error(),
        Some(Ok(length)) => length,
    };
    let mut body = vec![0; length];
    // A large message's text is unescaped as it arrives (`StreamedOpen`), while the client is
    // still writing the rest.
    let mut streamed = (length >= LARGE_MESSAGE).then(StreamedOpen::default);
    let mut filled = 0;
    while filled < length {
        match input.read(&mut body[filled..]).await {
            Ok(0) | Err(_) => return Frame::End,
            Ok(read) => filled += read,
        }
        if let Some(streamed) = &mut streamed {
            streamed.advance(&mut body, filled);
        }
    }
    if body.is_empty() {
        return parse_error();
    }
    // The same message with a string for a string: of the same shape. The texts taken out are
    // valid UTF-8 (checked as they are taken), so only the rest is checked.
    let diversion = match streamed {
        Some(streamed) => texts.divert_streamed(streamed.finish(body)),
        None => texts.diversion(body),
    };
    let (body, diverted) = match diversion {
        Diversion::Diverted(small) => (small, true),
        Diversion::Whole(body) => (body, false),
        Diversion::NotJson => return parse_error(),
    };
    if std::str::from_utf8(&body).is_err() {
        if diverted {
            texts.forget(&body);
        }
        return parse_error();
    }
    // The transport's own test: a request, a notification or a response. Requests (the big
    // ones: `didOpen` carries the whole text) are read without building their parameters.
    if !serde_json::from_slice::<RequestShape>(&body).is_ok_and(|r| r.jsonrpc == "2.0")
        && serde_json::from_slice::<Response>(&body).is_err()
    {
        if serde_json::from_slice::<serde::de::IgnoredAny>(&body).is_err() {
            return parse_error();
        }
        let id = serde_json::from_slice::<serde_json::Value>(&body)
            .ok()
            .and_then(|v| serde_json::from_value::<Id>(v.get("id")?.clone()).ok())
            .unwrap_or(Id::Null);
        if diverted {
            texts.forget(&body);
        }
        return Frame::Invalid(Response::from_error(id, jsonrpc::Error::invalid_request()));
    }
    Frame::Valid(body)
}

/// What the transport's `Request` accepts, field for field (same names, order, types and
/// defaults), without keeping the parameters.
#[derive(serde::Deserialize)]
#[allow(dead_code)] // Read only to be validated.
struct RequestShape<'a> {
    #[serde(borrow)]
    jsonrpc: std::borrow::Cow<'a, str>,
    #[serde(default, borrow)]
    method: std::borrow::Cow<'a, str>,
    #[serde(default)]
    params: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    id: Option<Id>,
}

/// The body of one frame of the transport's output (the transport frames correctly).
async fn read_raw_body(input: &mut (impl AsyncBufReadExt + Unpin)) -> Option<Vec<u8>> {
    let length = read_headers(input).await?.ok()?;
    let mut body = vec![0; length];
    input.read_exact(&mut body).await.ok()?;
    Some(body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower_lsp_server::jsonrpc::Request;

    #[test]
    fn the_request_shape_accepts_what_the_transport_accepts() {
        let samples = [
            r#"{"jsonrpc": "2.0", "method": "initialize", "id": 1, "params": {"a": [1, "x"]}}"#,
            r#"{"jsonrpc": "2.0", "method": "initialized"}"#,
            r#"{"jsonrpc": "2.0"}"#,
            r#"{"jsonrpc": "2.0", "method": null}"#,
            r#"{"jsonrpc": "2.0", "method": 3}"#,
            r#"{"jsonrpc": "1.0", "method": "x"}"#,
            r#"{"jsonrpc": "2\u002e0", "method": "x"}"#,
            r#"{"method": "x"}"#,
            r#"{"jsonrpc": "2.0", "id": null, "params": null}"#,
            r#"{"jsonrpc": "2.0", "id": [1], "method": "x"}"#,
            r#"{"jsonrpc": "2.0", "id": "a", "extra": true}"#,
            r#"{"jsonrpc": "2.0", "method": "x", "method": "y"}"#,
            r#"["2.0", "x"]"#,
            r#"["2.0"]"#,
            r#"[1, 2, 3]"#,
            r#"{}"#,
            r#"42"#,
        ];
        for sample in samples {
            let shape = serde_json::from_str::<RequestShape>(sample).is_ok_and(|r| r.jsonrpc == "2.0");
            let request = serde_json::from_str::<Request>(sample).is_ok();
            assert_eq!(shape, request, "{sample}");
        }
    }

    #[tokio::test]
    async fn a_large_text_notification_is_judged_with_its_text_taken_out() {
        let texts = LargeTexts::default();
        let big = "腰\\\"x".repeat(1 << 15);
        let frame = |jsonrpc: &str| {
            let body = format!(
                r#"{{"jsonrpc":"{jsonrpc}","method":"textDocument/didOpen","params":{{"textDocument":{{"uri":"file:///a.elem","languageId":"elem","version":1,"text":"{big}"}}}}}}"#
            );
            format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
        };
        // Accepted: passed on small, its text kept for the handler.
        let Frame::Valid(body) = read_frame(&mut BufReader::new(&frame("2.0")[..]), &texts).await else {
            panic!("a valid didOpen")
        };
        let message: serde_json::Value = serde_json::from_slice(&body).unwrap();
        let marker = message["params"]["textDocument"]["text"].as_str().unwrap().to_owned();
        assert!(body.len() < 400, "{}", body.len());
        assert_eq!(texts.take(marker), big.replace("\\\"", "\""));
        // Refused (`jsonrpc` is not 2.0): answered, and its text not kept.
        let Frame::Invalid(_) = read_frame(&mut BufReader::new(&frame("1.0")[..]), &texts).await else {
            panic!("an invalid request")
        };
        assert!(texts.lock().is_empty());
    }

    /// A reader that hands over at most a few bytes at a time, as a pipe may.
    struct Trickle<'a> {
        bytes: &'a [u8],
        sizes: std::iter::Cycle<std::slice::Iter<'a, usize>>,
    }

    impl AsyncRead for Trickle<'_> {
        fn poll_read(
            mut self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
            buf: &mut tokio::io::ReadBuf<'_>,
        ) -> std::task::Poll<std::io::Result<()>> {
            let size = self.sizes.next().copied().unwrap_or(1).min(buf.remaining()).min(self.bytes.len());
            let (now, later) = self.bytes.split_at(size);
            buf.put_slice(now);
            self.bytes = later;
            std::task::Poll::Ready(Ok(()))
        }
    }

    #[tokio::test]
    async fn a_large_open_read_in_small_pieces_is_read_as_it_arrives() {
        let texts = LargeTexts::default();
        let text = format!("腰 \"{}\" 😀\r\n", "x".repeat(LARGE_MESSAGE));
        let open = serde_json::json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": "file:///a.elem", "languageId": "elem", "version": 1, "text": text}}});
        let hover = br#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}"#;
        let mut stream = Vec::new();
        for body in [serde_json::to_vec(&open).unwrap(), hover.to_vec()] {
            stream.extend_from_slice(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes());
            stream.extend_from_slice(&body);
        }
        for sizes in [&[1usize, 2, 3, 5, 7, 11][..], &[4096, 13], &[70_000]] {
            let mut input = BufReader::with_capacity(64, Trickle { bytes: &stream, sizes: sizes.iter().cycle() });
            let Frame::Valid(body) = read_frame(&mut input, &texts).await else { panic!("a valid didOpen") };
            let message: serde_json::Value = serde_json::from_slice(&body).unwrap();
            assert!(body.len() < 400, "the text went around: {} bytes", body.len());
            let marker = message["params"]["textDocument"]["text"].as_str().unwrap().to_owned();
            assert_eq!(texts.take(marker), text);
            // The next frame is read from where the open ended.
            let Frame::Valid(next) = read_frame(&mut input, &texts).await else { panic!("a valid hover") };
            assert_eq!(next, hover);
            assert!(matches!(read_frame(&mut input, &texts).await, Frame::End));
        }
        assert!(texts.lock().is_empty());
    }

    #[tokio::test]
    async fn bytes_that_are_not_utf8_beside_a_large_text_are_a_parse_error() {
        let texts = LargeTexts::default();
        let big = "腰\\\"x".repeat(1 << 15);
        // In a string serde_json only skips (`languageId` is not read), and in the text itself.
        for (language, text) in [(&b"el\xffem"[..], big.as_bytes()), (b"elem", &[big.as_bytes(), b"\xff"].concat())] {
            let body = [
                &br#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.elem","languageId":""#[..],
                language,
                br#"","version":1,"text":""#,
                text,
                br#""}}}"#,
            ]
            .concat();
            let frame = [format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes(), &body].concat();
            let Frame::Invalid(answer) = read_frame(&mut BufReader::new(&frame[..]), &texts).await else {
                panic!("not UTF-8: a parse error")
            };
            assert_eq!(answer.error().map(|e| e.code), Some(jsonrpc::ErrorCode::ParseError));
            assert!(texts.lock().is_empty());
        }
    }
}
