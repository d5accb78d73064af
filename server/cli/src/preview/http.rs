//! Just enough HTTP/1.1 for the preview page, over `std::net`: one request per connection (no
//! keep-alive), `GET` with a query string, bounded reads, and responses with fixed safety headers.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// The most bytes of a request's line and headers read: a page's requests are small, the largest a
/// pass of 600 frame times in its query (some 12–15 KB, as a page encodes them).
const MAX_HEAD: u64 = 64 * 1024;

/// How long a client may take to send its request.
pub const READ_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, PartialEq)]
pub struct Request {
    pub method: String,
    /// The path, percent-decoded (`None`: not valid UTF-8 once decoded).
    pub path: Option<String>,
    /// The query's pairs, percent-decoded (`+` is a space).
    pub query: Vec<(String, String)>,
    /// The `Host` header.
    pub host: Option<String>,
    /// How many `Host` headers there were: a request may have one only (RFC 9112, 3.2).
    pub hosts: usize,
}

impl Request {
    pub fn param(&self, name: &str) -> Option<&str> {
        self.query.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

/// Reads a request's line and headers; `None` for what is not an HTTP/1.x request.
pub fn read_request(stream: &TcpStream) -> Option<Request> {
    let mut reader = BufReader::new(stream.take(MAX_HEAD));
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let mut parts = line.trim_end().split(' ');
    let (method, target, version) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || !version.starts_with("HTTP/1.") {
        return None;
    }
    let (mut host, mut hosts) = (None, 0);
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).ok()? == 0 {
            return None; // the head ended early, or was too long
        }
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':')?;
        if name.eq_ignore_ascii_case("host") {
            host = Some(value.trim().to_owned());
            hosts += 1;
        }
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let query = query
        .split('&')
        .filter(|p| !p.is_empty())
        .filter_map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            Some((decode(k, true)?, decode(v, true)?))
        })
        .collect();
    Some(Request { method: method.to_owned(), path: decode(path, false), query, host, hosts })
}

/// Percent-decoding (and `+` as a space in queries); `None` when the result is not UTF-8 or an
/// escape is malformed.
pub fn decode(s: &str, plus_is_space: bool) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = s.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' if plus_is_space => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl Response {
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response { status, content_type, body: body.into() }
    }

    /// A refusal or failure, said in one line of plain text.
    pub fn text(status: u16, message: impl Into<String>) -> Response {
        let mut body = message.into();
        body.push('\n');
        Response::new(status, "text/plain; charset=utf-8", body)
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        204 => "No Content",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Status",
    }
}

/// Headers every answer carries: nothing cached, nothing sniffed, no referrer (the URL has the
/// token), no framing by other pages, and the page may load only from this server.
const SAFETY: &str = "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n\
X-Frame-Options: DENY\r\nContent-Security-Policy: default-src 'self'; img-src 'self'; style-src 'self' 'unsafe-inline'; \
frame-ancestors 'none'\r\n";

pub fn write_response(stream: &mut TcpStream, response: &Response) -> io::Result<()> {
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n{SAFETY}Connection: close\r\n\r\n",
        response.status,
        reason(response.status),
        response.content_type,
        response.body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(&response.body)?;
    stream.flush()
}

/// Starts a stream of server-sent events.
pub fn write_event_stream_head(stream: &mut TcpStream) -> io::Result<()> {
    let head = format!("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n{SAFETY}Connection: close\r\n\r\n");
    stream.write_all(head.as_bytes())?;
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn percent_decoding() {
        assert_eq!(decode("%2e%2E/a+b", false).as_deref(), Some("../a+b"));
        assert_eq!(decode("a+b%20c", true).as_deref(), Some("a b c"));
        assert_eq!(decode("%E5%8B%87", true).as_deref(), Some("勇"));
        assert_eq!(decode("%zz", true), None);
        assert_eq!(decode("%4", true), None);
        assert_eq!(decode("%ff", true), None);
        assert_eq!(decode("%E5%8B", true), None);
    }
}
