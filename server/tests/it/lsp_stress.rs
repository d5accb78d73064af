//! Protocol abuse against the real `rigls` binary over stdio: malformed frames and JSON, invalid
//! JSON-RPC, requests before `initialize`, unknown methods, edits to documents that are not open,
//! positions far out of range, every request cancelled, random bytes and invalid UTF-8. The
//! server answers each as the specification says and keeps serving: at the end it still hovers
//! correctly and exits cleanly.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

const PATIENCE: Duration = Duration::from_secs(30);

struct Server {
    child: Child,
    stdin: ChildStdin,
    incoming: mpsc::Receiver<Value>,
    /// Messages read while waiting for another.
    backlog: Vec<Value>,
}

fn read_frame(reader: &mut BufReader<ChildStdout>) -> Option<Value> {
    let mut length = 0;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse().ok()?;
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rigls"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start rigls");
        let stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, incoming) = mpsc::channel();
        std::thread::spawn(move || {
            while let Some(message) = read_frame(&mut stdout) {
                if tx.send(message).is_err() {
                    break;
                }
            }
        });
        Server { child, stdin, incoming, backlog: Vec::new() }
    }

    fn raw(&mut self, body: &[u8]) {
        self.stdin.write_all(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes()).unwrap();
        self.stdin.write_all(body).unwrap();
        self.stdin.flush().unwrap();
    }

    fn send(&mut self, message: Value) {
        self.raw(&serde_json::to_vec(&message).unwrap());
    }

    fn request(&mut self, id: i64, method: &str, params: Value) -> Value {
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.response(id)
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next message `wanted` accepts; the server answers server-to-client requests with null.
    fn receive(&mut self, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.backlog.iter().position(&wanted) {
            return self.backlog.remove(i);
        }
        loop {
            let message = self.incoming.recv_timeout(PATIENCE).unwrap_or_else(|_| {
                panic!("waited in vain for {what}; received {:#?}", self.backlog);
            });
            if message.get("method").is_some() && message.get("id").is_some() {
                let id = message["id"].clone();
                self.send(json!({"jsonrpc": "2.0", "id": id, "result": null}));
                continue;
            }
            if wanted(&message) {
                return message;
            }
            self.backlog.push(message);
        }
    }

    fn response(&mut self, id: i64) -> Value {
        self.receive(&format!("the response to {id}"), |m| m["id"] == id && m.get("method").is_none())
    }

    fn diagnostics(&mut self, uri: &str) -> Value {
        self.receive(&format!("diagnostics of {uri}"), |m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        })
    }
}

fn error_code(response: &Value) -> i64 {
    response["error"]["code"].as_i64().unwrap_or_else(|| panic!("not an error: {response}"))
}

const MODEL: &str = "file:///stress/model.elem";
const TEXT: &str = "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {\n\tMeshContainerCount=0\n}\n";

#[test]
fn the_server_survives_protocol_abuse_and_still_answers() {
    let mut server = Server::start();

    // Before `initialize`: requests are refused with ServerNotInitialized, notifications dropped.
    let early = server.request(
        1,
        "textDocument/hover",
        json!({"textDocument": {"uri": MODEL}, "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(error_code(&early), -32002, "{early}");
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": MODEL, "languageId": "elem", "version": 1, "text": TEXT}}),
    );

    // Not JSON, and not UTF-8: a parse error (id null), and the server reads on.
    server.raw(b"{this is not json");
    let parse = server.receive("a parse error", |m| m.get("error").is_some() && m["id"].is_null());
    assert_eq!(error_code(&parse), -32700, "{parse}");
    server.raw(b"{\"jsonrpc\": \"2.0\", \"id\": 2, \"method\": \"\xff\xfe\"}");
    let parse = server.receive("a parse error", |m| m.get("error").is_some() && m["id"].is_null());
    assert_eq!(error_code(&parse), -32700, "{parse}");
    // JSON but not JSON-RPC.
    server.raw(b"[1, 2, 3]");
    let invalid = server.receive("an invalid request", |m| m.get("error").is_some() && m["id"].is_null());
    assert!([-32600, -32700].contains(&error_code(&invalid)), "{invalid}");

    let init = server.request(3, "initialize", json!({"capabilities": {}, "processId": null}));
    assert_eq!(init["result"]["serverInfo"]["name"], "rigls", "{init}");
    server.notify("initialized", json!({}));
    // A second `initialize` is an invalid request.
    let again = server.request(4, "initialize", json!({"capabilities": {}}));
    assert_eq!(error_code(&again), -32600, "{again}");

    // Unknown methods: an error for a request, silence for a notification (`$/` ones included).
    let unknown = server.request(5, "rigls/noSuchThing", json!({}));
    assert_eq!(error_code(&unknown), -32601, "{unknown}");
    server.notify("rigls/noSuchNotification", json!({"x": 1}));
    server.notify("$/setTrace", json!({"value": "verbose"}));
    // Wrong parameters.
    let bad = server.request(6, "textDocument/hover", json!({"textDocument": 42}));
    assert_eq!(error_code(&bad), -32602, "{bad}");
    let missing = server.request(7, "textDocument/hover", Value::Null);
    assert_eq!(error_code(&missing), -32602, "{missing}");

    // Documents that are not open: edits, closes and requests are harmless.
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": "file:///stress/ghost.elem", "version": 2},
               "contentChanges": [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "x"}]}),
    );
    server.notify("textDocument/didClose", json!({"textDocument": {"uri": "file:///stress/ghost.elem"}}));
    let ghost = server.request(
        8,
        "textDocument/hover",
        json!({"textDocument": {"uri": "file:///stress/ghost.elem"}, "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(ghost["result"], Value::Null, "{ghost}");

    // The real document, then edits and requests far out of range: clamped, never an error.
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": MODEL, "languageId": "elem", "version": 1, "text": TEXT}}),
    );
    server.diagnostics(MODEL);
    let far = json!({"line": u32::MAX, "character": u32::MAX});
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": MODEL, "version": 2},
               "contentChanges": [{"range": {"start": far, "end": far}, "text": ""}]}),
    );
    for (id, method) in [(9, "textDocument/hover"), (10, "textDocument/completion"), (11, "textDocument/definition")] {
        let answer = server.request(id, method, json!({"textDocument": {"uri": MODEL}, "position": far}));
        assert!(answer.get("error").is_none(), "{method}: {answer}");
    }
    let ranges = server.request(
        12,
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": MODEL}, "range": {"start": far, "end": {"line": 0, "character": 0}}}),
    );
    assert!(ranges.get("error").is_none(), "{ranges}");

    // A client that cancels every request: each still gets exactly one response, a result or
    // RequestCancelled.
    for id in 100..160 {
        let method = ["textDocument/hover", "textDocument/documentSymbol", "textDocument/semanticTokens/full"][id % 3];
        server.send(json!({"jsonrpc": "2.0", "id": id, "method": method,
            "params": {"textDocument": {"uri": MODEL}, "position": {"line": 3, "character": 2}}}));
        server.notify("$/cancelRequest", json!({"id": id}));
    }
    server.notify("$/cancelRequest", json!({"id": 99_999}));
    for id in 100..160 {
        let response = server.response(id);
        assert!(response.get("result").is_some() || error_code(&response) == -32800, "{response}");
    }

    // Random bytes and a file that is all replacement characters: diagnostics, no crash.
    let noise: String = (0..4096u32).map(|i| char::from_u32((i * 7919) % 0xD7FF).unwrap_or('\u{FFFD}')).collect();
    server.notify("textDocument/didOpen", json!({"textDocument": {"uri": "file:///stress/noise.elem", "languageId": "elem", "version": 1, "text": noise}}));
    let published = server.diagnostics("file:///stress/noise.elem");
    assert!(published["params"]["diagnostics"].as_array().is_some_and(|d| !d.is_empty()), "{published}");
    server.notify("textDocument/didOpen", json!({"textDocument": {"uri": "file:///stress/noise_ske.json", "languageId": "json", "version": 1, "text": "{\"armature\": [\u{FFFD}\u{0}\u{7}"}}));

    // After all that, a correct hover on the document as it is now.
    let hover = server.request(
        13,
        "textDocument/hover",
        json!({"textDocument": {"uri": MODEL}, "position": {"line": 2, "character": 3}}),
    );
    let text = hover["result"]["contents"].to_string();
    assert!(text.contains("MeshDatas"), "{hover}");

    let shutdown = server.request(14, "shutdown", Value::Null);
    assert_eq!(shutdown["result"], Value::Null, "{shutdown}");
    // After shutdown, requests are invalid.
    let late = server.request(
        15,
        "textDocument/hover",
        json!({"textDocument": {"uri": MODEL}, "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(error_code(&late), -32600, "{late}");
    server.notify("exit", Value::Null);
    let status = wait(&mut server.child);
    assert!(status.success(), "{status:?}");
}

fn wait(child: &mut Child) -> std::process::ExitStatus {
    let deadline = std::time::Instant::now() + PATIENCE;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        assert!(std::time::Instant::now() < deadline, "the server did not exit");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Headers that are not LSP's: the server must not crash or hang on them; it may close the stream.
#[test]
fn malformed_headers_end_the_session_cleanly_or_are_skipped() {
    let mut server = Server::start();
    server.stdin.write_all(b"Content-Length: nope\r\n\r\n{}").unwrap();
    server.stdin.write_all(b"Content-Length: 2\r\nContent-Type: text/plain\r\n\r\n{}").unwrap();
    let _ = server.stdin.flush();
    drop(server.stdin);
    let status = wait(&mut server.child);
    // Closing stdin without `exit` ends the server (it must not hang); the status says how.
    assert!(status.code().is_some(), "killed by a signal: {status:?}");
}
