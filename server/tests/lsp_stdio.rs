//! The `rigls` binary serves LSP on stdio with no arguments and with `--stdio`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

fn frame(message: &Value) -> Vec<u8> {
    let body = serde_json::to_vec(message).unwrap();
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend(body);
    out
}

fn read_frame(reader: &mut impl BufRead) -> Value {
    let mut length = 0;
    loop {
        let mut line = String::new();
        assert!(reader.read_line(&mut line).unwrap() > 0, "the server closed stdout");
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse().unwrap();
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    serde_json::from_slice(&body).unwrap()
}

/// initialize → initialized → shutdown → exit, then the process ends with status 0.
fn serves_a_session(args: &[&str]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rigls"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
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
