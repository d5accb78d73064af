//! The `rigls` binary serves LSP on stdio with no arguments and with `--stdio`, whatever way the
//! client spells its URIs.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value, json};

use crate::lsp_support;

fn frame(message: &Value) -> Vec<u8> {
    let body = serde_json::to_vec(message).unwrap();
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend(body);
    out
}

/// The frame of `message` with every non-ASCII character written as a `\uXXXX` escape, and with
/// `every_uri_character` each character of its URIs too, as some clients send them: the same
/// JSON value.
fn escaped_frame(message: &Value, every_uri_character: bool) -> Vec<u8> {
    let body = lsp_support::escaped_json(message, every_uri_character);
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend(body);
    out
}

fn read_frame(reader: &mut impl BufRead) -> Value {
    next_frame(reader).expect("the server closed stdout")
}

/// The next message, or `None` once the server has closed stdout.
fn next_frame(reader: &mut impl BufRead) -> Option<Value> {
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
            length = n.parse().unwrap();
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some(serde_json::from_slice(&body).unwrap())
}

/// The server, with its stdin and (buffered) stdout.
fn spawn(args: &[&str]) -> (Child, ChildStdin, BufReader<ChildStdout>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rigls"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    (child, stdin, stdout)
}

/// initialize → initialized → shutdown → exit, then the process ends with status 0.
fn serves_a_session(args: &[&str]) {
    let (mut child, mut stdin, mut stdout) = spawn(args);
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}});
    stdin.write_all(&frame(&initialize)).unwrap();
    stdin.flush().unwrap();
    let response = read_frame(&mut stdout);
    assert_eq!(response["id"], 1);
    assert_eq!(response["result"]["serverInfo"]["name"], "rigls");
    assert_eq!(response["result"]["capabilities"]["positionEncoding"], "utf-16");
    stdin.write_all(&frame(&json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}))).unwrap();
    stdin.write_all(&frame(&json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))).unwrap();
    stdin.flush().unwrap();
    assert_eq!(read_frame(&mut stdout), json!({"jsonrpc": "2.0", "id": 2, "result": null}));
    stdin.write_all(&frame(&json!({"jsonrpc": "2.0", "method": "exit"}))).unwrap();
    stdin.flush().unwrap();
    assert!(child.wait().unwrap().success());
}

#[test]
fn serves_lsp_without_arguments() {
    serves_a_session(&[]);
}

#[test]
fn serves_lsp_with_stdio() {
    serves_a_session(&["--stdio"]);
}

#[test]
fn prints_its_version() {
    let output = Command::new(env!("CARGO_BIN_EXE_rigls")).arg("--version").output().unwrap();
    assert!(output.status.success());
    assert_eq!(String::from_utf8(output.stdout).unwrap(), format!("rigls {}\n", env!("CARGO_PKG_VERSION")));
}

/// A client that escapes every non-ASCII character of a raw URI (`\u6b69` for `歩`), or every
/// character of it: the server opens the document, publishes its diagnostics and answers a hover
/// under the client's URI.
#[test]
fn serves_a_client_that_escapes_the_characters_of_its_uris() {
    escaped_session(false, r"\u6b69\u884c\ud842\udfb7.elem");
    escaped_session(true, r"\u0065\u006c\u0065\u006d");
}

fn escaped_session(every_uri_character: bool, spelt: &str) {
    let (mut child, mut stdin, mut stdout) = spawn(&[]);
    // Read on a thread, so that a message the server never sends fails the test instead of hanging it.
    let (tx, messages) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        while let Some(message) = next_frame(&mut stdout) {
            if tx.send(message).is_err() {
                break;
            }
        }
    });
    let next = || messages.recv_timeout(std::time::Duration::from_secs(30)).expect("the server answers");
    let uri = "file:///tmp/rigls-e2e/歩行𠮷.elem";
    let text = "\u{feff}Elfreina Extension Model File\r\nFile Version 1.00\r\nSetting {\r\n\tLoadTyp=\"頭\"\r\n}\r\n";
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}});
    stdin.write_all(&escaped_frame(&initialize, every_uri_character)).unwrap();
    stdin.flush().unwrap();
    assert_eq!(next()["id"], 1);
    let open = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "elem", "version": 1, "text": text},
    }});
    let opened = escaped_frame(&open, every_uri_character);
    assert!(opened.is_ascii() && String::from_utf8_lossy(&opened).contains(spelt));
    stdin
        .write_all(&escaped_frame(
            &json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
            every_uri_character,
        ))
        .unwrap();
    stdin.write_all(&opened).unwrap();
    let hover = json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": uri}, "position": {"line": 2, "character": 2},
    }});
    stdin.write_all(&escaped_frame(&hover, every_uri_character)).unwrap();
    stdin.flush().unwrap();
    let (mut published, mut answer) = (None, None);
    while published.is_none() || answer.is_none() {
        let wait = messages.recv_timeout(std::time::Duration::from_secs(30));
        let message =
            wait.unwrap_or_else(|_| panic!("a message is missing: published {published:?}, hover {answer:?}"));
        if message["method"] == "textDocument/publishDiagnostics" {
            published = Some(message);
        } else if message["id"] == 2 {
            answer = Some(message);
        }
    }
    let published = published.unwrap();
    assert_eq!(published["params"]["uri"], uri, "diagnostics under the client's URI");
    let diagnostics: Vec<String> = published["params"]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| format!("{} {}", d["code"], d["range"]))
        .collect();
    assert_eq!(diagnostics, [r#""unknown-key" {"end":{"character":8,"line":3},"start":{"character":1,"line":3}}"#]);
    let answer = answer.unwrap();
    assert_eq!(answer.get("error"), None, "{answer}");
    assert_eq!(
        answer["result"]["range"],
        json!({"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 9}})
    );
    let hover = answer["result"]["contents"]["value"].as_str().unwrap();
    assert!(hover.starts_with("Setting · scope"), "{hover}");
    stdin.write_all(&frame(&json!({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}))).unwrap();
    stdin.write_all(&frame(&json!({"jsonrpc": "2.0", "method": "exit"}))).unwrap();
    stdin.flush().unwrap();
    while next()["id"] != 3 {}
    assert!(child.wait().unwrap().success());
}
