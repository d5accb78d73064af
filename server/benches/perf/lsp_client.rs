//! A minimal blocking LSP client over a child process's stdio, for timing real servers.
//!
//! A reader thread stamps every incoming message with the instant it was read and answers the
//! server's own requests (`workspace/configuration`, `client/registerCapability`, progress
//! creation) with empty results, so a server never waits on the benchmark.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub struct Lsp {
    child: Child,
    stdin: Arc<Mutex<ChildStdin>>,
    incoming: Receiver<(Instant, Value)>,
    /// Messages read while waiting for something else.
    stash: VecDeque<(Instant, Value)>,
    next_id: i64,
}

fn send(stdin: &Mutex<ChildStdin>, message: &Value) {
    write_frame(stdin, &frame(message));
}

/// A message as it goes over the wire: its header and its JSON.
fn frame(message: &Value) -> Vec<u8> {
    let body = serde_json::to_vec(message).expect("serialisable message");
    let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    frame.extend_from_slice(&body);
    frame
}

fn write_frame(stdin: &Mutex<ChildStdin>, frame: &[u8]) {
    let mut stdin = stdin.lock().unwrap();
    let _ = stdin.write_all(frame);
    let _ = stdin.flush();
}

/// A notification made ready to send ([`notification`]), so that a timing can start when its
/// first byte goes out: a 17 MB `didOpen` takes the client tens of milliseconds to write out as
/// JSON, time no server can use.
pub struct Prepared(Vec<u8>);

impl Prepared {
    /// Its length in bytes, header included.
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

pub fn notification(method: &str, params: Value) -> Prepared {
    Prepared(frame(&json!({"jsonrpc": "2.0", "method": method, "params": params})))
}

/// Reads one message: the instant its last byte arrived (before parsing it, which is the
/// client's work, not the server's) and the message.
fn read_message(reader: &mut impl BufRead) -> Option<(Instant, Value)> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length:") {
            length = n.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    let at = Instant::now();
    Some((at, serde_json::from_slice(&body).ok()?))
}

impl Lsp {
    pub fn spawn(command: &mut Command) -> Lsp {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {command:?}: {e}"));
        let stdin = Arc::new(Mutex::new(child.stdin.take().expect("stdin")));
        let stdout = child.stdout.take().expect("stdout");
        let (tx, incoming) = channel();
        let replies = stdin.clone();
        std::thread::spawn(move || {
            let mut reader = BufReader::with_capacity(1 << 20, stdout);
            while let Some((now, message)) = read_message(&mut reader) {
                if let (Some(id), Some(method)) = (message.get("id"), message.get("method").and_then(Value::as_str)) {
                    let result = match method {
                        "workspace/configuration" => {
                            let n = message["params"]["items"].as_array().map_or(0, Vec::len);
                            Value::Array(vec![Value::Null; n])
                        }
                        _ => Value::Null,
                    };
                    send(&replies, &json!({"jsonrpc": "2.0", "id": id, "result": result}));
                    continue;
                }
                if tx.send((now, message)).is_err() {
                    break;
                }
            }
        });
        Lsp { child, stdin, incoming, stash: VecDeque::new(), next_id: 1 }
    }

    /// The server's resident memory now and at its peak, in bytes (Linux; `None` elsewhere).
    pub fn memory(&self) -> Option<(u64, u64)> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let field = |name: &str| {
            let line = status.lines().find(|l| l.starts_with(name))?;
            line[name.len()..].trim().trim_end_matches("kB").trim().parse::<u64>().ok().map(|kb| kb * 1024)
        };
        Some((field("VmRSS:")?, field("VmHWM:")?))
    }

    pub fn notify(&self, method: &str, params: Value) {
        self.send_prepared(&notification(method, params));
    }

    /// Sends a notification made beforehand.
    pub fn send_prepared(&self, message: &Prepared) {
        write_frame(&self.stdin, &message.0);
    }

    /// Sends a request without waiting; returns its id.
    pub fn send_request(&mut self, method: &str, params: Value) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        send(&self.stdin, &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    /// Sends a request and waits for its response: how long it took, and the response.
    pub fn request(&mut self, method: &str, params: Value) -> (Duration, Value) {
        let start = Instant::now();
        let id = self.send_request(method, params);
        let (at, response) = self.wait_for(Duration::from_secs(600), |m| m.get("id") == Some(&json!(id)));
        (at - start, response)
    }

    /// Waits for the first message `wanted` accepts (earlier unread messages first).
    pub fn wait_for(&mut self, timeout: Duration, wanted: impl Fn(&Value) -> bool) -> (Instant, Value) {
        self.try_wait_for(timeout, wanted).unwrap_or_else(|| panic!("no awaited message within {timeout:?}"))
    }

    /// The first message `wanted` accepts within `timeout`, if any (earlier unread messages first).
    pub fn try_wait_for(&mut self, timeout: Duration, wanted: impl Fn(&Value) -> bool) -> Option<(Instant, Value)> {
        if let Some(i) = self.stash.iter().position(|(_, m)| wanted(m)) {
            return self.stash.remove(i);
        }
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.incoming.recv_timeout(left) {
                Ok((at, message)) if wanted(&message) => return Some((at, message)),
                Ok(other) => self.stash.push_back(other),
                Err(RecvTimeoutError::Timeout) => return None,
                Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output"),
            }
        }
    }

    /// Every `publishDiagnostics` for `uri` and `version`: the first, then any that follows
    /// within `quiet` of the one before (a server may publish a version's findings in two steps).
    pub fn publications(&mut self, uri: &str, version: i64, quiet: Duration) -> Vec<(Instant, Value)> {
        let wanted = |m: &Value| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"].as_i64() == Some(version)
        };
        let mut out = vec![self.wait_for(Duration::from_secs(600), wanted)];
        while let Some(next) = self.try_wait_for(quiet, wanted) {
            out.push(next);
        }
        out
    }

    /// Waits for `publishDiagnostics` for `uri` (of `version` or later when given).
    pub fn wait_diagnostics(&mut self, uri: &str, version: Option<i64>) -> (Instant, Value) {
        self.wait_for(Duration::from_secs(600), |m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && version.is_none_or(|v| m["params"]["version"].as_i64().is_some_and(|got| got >= v))
        })
    }

    /// How many `publishDiagnostics` for `uri` were read and not yet consumed (they are consumed).
    pub fn drain_diagnostics(&mut self, uri: &str) -> usize {
        while let Ok(message) = self.incoming.try_recv() {
            self.stash.push_back(message);
        }
        let before = self.stash.len();
        self.stash.retain(|(_, m)| !(m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri));
        before - self.stash.len()
    }

    pub fn shutdown(mut self) {
        let _ = self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The LSP position (UTF-16 columns) of a byte offset.
pub fn position(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count();
    let character: usize = before[line_start..].chars().map(char::len_utf16).sum();
    json!({"line": line, "character": character})
}
