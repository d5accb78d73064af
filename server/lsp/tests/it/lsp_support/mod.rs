//! A small LSP client for in-process tests: it talks to a real server through the JSON-RPC framing
//! (`Content-Length` headers) over an in-memory duplex pipe, answers the server's requests
//! (`workspace/configuration` from [`TestClient::configuration`], everything else with `null`),
//! and queues notifications and server requests for the test to inspect in arrival order.
#![allow(dead_code)]

pub mod scene;
pub mod view;

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rigls_lsp::Options;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader, DuplexStream, ReadHalf, WriteHalf};
use tokio::sync::{mpsc, oneshot};

/// How long to wait for anything the server should send.
pub const PATIENCE: Duration = Duration::from_secs(60);

type Writer = Arc<tokio::sync::Mutex<WriteHalf<DuplexStream>>>;

pub struct TestClient {
    writer: Writer,
    next_id: AtomicI64,
    pending: Arc<Mutex<HashMap<i64, oneshot::Sender<Value>>>>,
    incoming: mpsc::UnboundedReceiver<Value>,
    /// Messages received while waiting for something else, oldest first.
    backlog: VecDeque<Value>,
    /// The value of section `rigls` the client answers `workspace/configuration` with.
    pub configuration: Arc<Mutex<Value>>,
    /// How the client writes the JSON of its requests and notifications ([`plain_json`], or
    /// [`escaped_json`] for a client that escapes characters).
    pub writes: fn(&Value) -> Vec<u8>,
    server: tokio::task::JoinHandle<()>,
}

impl TestClient {
    pub fn start(options: Options) -> TestClient {
        let (client_io, server_io) = tokio::io::duplex(1 << 16);
        let (server_in, server_out) = tokio::io::split(server_io);
        let server = tokio::spawn(rigls_lsp::serve(server_in, server_out, options));
        let (reader, writer) = tokio::io::split(client_io);
        let writer: Writer = Arc::new(tokio::sync::Mutex::new(writer));
        let pending: Arc<Mutex<HashMap<i64, oneshot::Sender<Value>>>> = Arc::default();
        let configuration = Arc::new(Mutex::new(Value::Null));
        let (tx, incoming) = mpsc::unbounded_channel();
        tokio::spawn(read_messages(reader, writer.clone(), pending.clone(), configuration.clone(), tx));
        TestClient {
            writer,
            next_id: AtomicI64::new(1),
            pending,
            incoming,
            backlog: VecDeque::new(),
            configuration,
            writes: plain_json,
            server,
        }
    }

    /// Starts a server and initializes it with these client capabilities and options.
    pub async fn initialized(
        options: Options,
        capabilities: Value,
        initialization_options: Value,
    ) -> (TestClient, Value) {
        let client = TestClient::start(options);
        let result = client.initialize(capabilities, initialization_options).await;
        (client, result)
    }

    /// Sends `initialize` and `initialized`; returns the server's `InitializeResult`.
    pub async fn initialize(&self, capabilities: Value, initialization_options: Value) -> Value {
        let params = json!({
            "processId": null,
            "rootUri": null,
            "capabilities": capabilities,
            "initializationOptions": initialization_options,
        });
        let result = self.request("initialize", params).await.expect("initialize failed");
        self.notify("initialized", json!({})).await;
        result
    }

    /// Sends a request and waits for its response: `Ok(result)` or `Err(error)`.
    pub async fn request(&self, method: &str, params: Value) -> Result<Value, Value> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        self.pending.lock().unwrap().insert(id, tx);
        let message = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        send(&self.writer, &(self.writes)(&message)).await;
        let response = tokio::time::timeout(PATIENCE, rx)
            .await
            .unwrap_or_else(|_| panic!("no response to {method}"))
            .expect("the reader stopped");
        match response.get("error") {
            Some(error) => Err(error.clone()),
            None => Ok(response["result"].clone()),
        }
    }

    pub async fn notify(&self, method: &str, params: Value) {
        send(&self.writer, &(self.writes)(&json!({"jsonrpc": "2.0", "method": method, "params": params}))).await;
    }

    /// The next notification or server request satisfying `wanted`; others stay queued.
    pub async fn receive(&mut self, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.backlog.iter().position(&wanted) {
            return self.backlog.remove(i).unwrap();
        }
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let message = tokio::time::timeout_at(deadline, self.incoming.recv())
                .await
                .unwrap_or_else(|_| panic!("waited in vain for {what}; received {:#?}", self.backlog))
                .expect("the reader stopped");
            if wanted(&message) {
                return message;
            }
            self.backlog.push_back(message);
        }
    }

    /// Everything received so far and within `wait`, without blocking longer. With no wait, the
    /// other tasks (the reader, an in-process server) run once first: a timer, even of zero, waits
    /// for the runtime's next millisecond tick.
    pub async fn drain(&mut self, wait: Duration) -> Vec<Value> {
        if wait.is_zero() {
            tokio::task::yield_now().await;
        } else {
            tokio::time::sleep(wait).await;
        }
        while let Ok(message) = self.incoming.try_recv() {
            self.backlog.push_back(message);
        }
        self.backlog.drain(..).collect()
    }

    /// The params of the next `publishDiagnostics` for `uri`.
    pub async fn diagnostics(&mut self, uri: &str) -> Value {
        let message = self
            .receive(&format!("diagnostics for {uri}"), |m| {
                m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
            })
            .await;
        message["params"].clone()
    }

    pub async fn open(&self, uri: &str, language_id: &str, version: i32, text: &str) {
        let document = json!({"uri": uri, "languageId": language_id, "version": version, "text": text});
        self.notify("textDocument/didOpen", json!({"textDocument": document})).await;
    }

    /// Sends `didChange` with these content changes (each `{"range": …, "text": …}` or `{"text": …}`).
    pub async fn change(&self, uri: &str, version: i32, changes: Value) {
        let params = json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": changes});
        self.notify("textDocument/didChange", params).await;
    }

    pub async fn close(&self, uri: &str) {
        self.notify("textDocument/didClose", json!({"textDocument": {"uri": uri}})).await;
    }

    /// The server's copy of a document: `(version, text)`.
    pub async fn document_text(&self, uri: &str) -> Option<(i64, String)> {
        let result = self.request("rigls/documentText", json!({"textDocument": {"uri": uri}})).await.unwrap();
        (!result.is_null()).then(|| (result["version"].as_i64().unwrap(), result["text"].as_str().unwrap().to_owned()))
    }

    pub async fn shutdown(mut self) {
        self.request("shutdown", Value::Null).await.unwrap();
        self.notify("exit", Value::Null).await;
        tokio::time::timeout(PATIENCE, &mut self.server).await.expect("the server did not exit").unwrap();
    }
}

/// JSON as serde writes it: characters unescaped.
pub fn plain_json(message: &Value) -> Vec<u8> {
    serde_json::to_vec(message).unwrap()
}

/// The same JSON value with every non-ASCII character written as a `\uXXXX` escape (surrogate
/// pairs beyond the BMP), and with `every_uri_character` each character of a URI value (a member
/// `uri` or `…Uri`) too, as clients that escape characters write them.
pub fn escaped_json(message: &Value, every_uri_character: bool) -> Vec<u8> {
    fn escape_into(out: &mut String, c: char) {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let mut units = [0u16; 2];
        for unit in c.encode_utf16(&mut units) {
            out.push_str("\\u");
            out.extend((0..4).rev().map(|i| HEX[(*unit >> (4 * i)) as usize & 0xf] as char));
        }
    }
    /// A string as serde writes it, with its non-ASCII characters escaped.
    fn string(out: &mut String, s: &str) {
        let json = serde_json::to_string(s).unwrap();
        let mut ascii_from = 0;
        for (at, c) in json.char_indices().filter(|(_, c)| !c.is_ascii()) {
            out.push_str(&json[ascii_from..at]);
            escape_into(out, c);
            ascii_from = at + c.len_utf8();
        }
        out.push_str(&json[ascii_from..]);
    }
    fn write(out: &mut String, value: &Value, uri: bool, every: bool) {
        match value {
            Value::Object(map) => {
                out.push('{');
                for (i, (key, child)) in map.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    string(out, key);
                    out.push(':');
                    write(out, child, key == "uri" || key.ends_with("Uri"), every);
                }
                out.push('}');
            }
            Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write(out, item, false, every);
                }
                out.push(']');
            }
            Value::String(s) if uri && every => {
                out.push('"');
                s.chars().for_each(|c| escape_into(out, c));
                out.push('"');
            }
            Value::String(s) => string(out, s),
            other => out.push_str(&other.to_string()),
        }
    }
    let mut out = String::new();
    write(&mut out, message, false, every_uri_character);
    out.into_bytes()
}

async fn send(writer: &Writer, body: &[u8]) {
    let mut writer = writer.lock().await;
    writer.write_all(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes()).await.unwrap();
    writer.write_all(body).await.unwrap();
    writer.flush().await.unwrap();
}

async fn read_messages(
    reader: ReadHalf<DuplexStream>,
    writer: Writer,
    pending: Arc<Mutex<HashMap<i64, oneshot::Sender<Value>>>>,
    configuration: Arc<Mutex<Value>>,
    incoming: mpsc::UnboundedSender<Value>,
) {
    let mut reader = BufReader::new(reader);
    while let Some(message) = read_frame(&mut reader).await {
        let is_response = message.get("method").is_none();
        if is_response {
            let id = message["id"].as_i64().expect("a response to one of our numbered requests");
            if let Some(tx) = pending.lock().unwrap().remove(&id) {
                let _ = tx.send(message);
            }
            continue;
        }
        if let Some(id) = message.get("id") {
            let result = match message["method"].as_str() {
                Some("workspace/configuration") => {
                    let section = configuration.lock().unwrap().clone();
                    let items = message["params"]["items"].as_array().map_or(0, Vec::len);
                    Value::Array(vec![section; items])
                }
                _ => Value::Null,
            };
            send(&writer, &plain_json(&json!({"jsonrpc": "2.0", "id": id, "result": result}))).await;
        }
        let _ = incoming.send(message);
    }
}

/// Reads one `Content-Length`-framed message; `None` at the end of the stream.
async fn read_frame(reader: &mut BufReader<ReadHalf<DuplexStream>>) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).await.ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length: ") {
            length = Some(value.parse::<usize>().expect("a numeric Content-Length"));
        }
    }
    let mut body = vec![0; length.expect("a Content-Length header")];
    reader.read_exact(&mut body).await.ok()?;
    Some(serde_json::from_slice(&body).expect("a JSON body"))
}

/// A `file://` URI for an absolute path.
pub fn file_uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// A fresh directory under the system's temporary directory, removed on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let unique = format!("rigls-{name}-{}-{}", std::process::id(), COUNT.fetch_add(1, Ordering::Relaxed));
        let path = std::env::temp_dir().join(unique);
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path.canonicalize().unwrap())
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    pub fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Semantic-token `data` with a delta answer's `edits` applied, as a client applies them.
pub fn apply_token_edits(tokens: &[Value], edits: &Value) -> Vec<Value> {
    let mut data = tokens.to_vec();
    let mut edits = edits.as_array().expect("edits").clone();
    edits.sort_by_key(|e| std::cmp::Reverse(e["start"].as_u64().unwrap()));
    for e in edits {
        let start = e["start"].as_u64().unwrap() as usize;
        let end = start + e["deleteCount"].as_u64().unwrap() as usize;
        data.splice(start..end, e["data"].as_array().cloned().unwrap_or_default());
    }
    data
}

/// Client capabilities with the given position encodings offered (`None`: the field absent).
pub fn capabilities(encodings: Option<&[&str]>) -> Value {
    let mut caps = json!({
        "textDocument": {
            "hover": {"contentFormat": ["markdown", "plaintext"]},
            "completion": {"completionItem": {"snippetSupport": true, "documentationFormat": ["markdown", "plaintext"]}},
            "rename": {"prepareSupport": true},
            "documentSymbol": {"hierarchicalDocumentSymbolSupport": true},
            "publishDiagnostics": {"relatedInformation": true, "tagSupport": {"valueSet": [1, 2]}},
        },
        "workspace": {"configuration": false},
        "window": {"workDoneProgress": false},
    });
    if let Some(encodings) = encodings {
        caps["general"] = json!({"positionEncodings": encodings});
    }
    caps
}

/// An LSP position.
pub fn pos(line: u32, character: u32) -> Value {
    json!({"line": line, "character": character})
}

pub fn range(start: (u32, u32), end: (u32, u32)) -> Value {
    json!({"start": pos(start.0, start.1), "end": pos(end.0, end.1)})
}
