//! End to end: the real server (default `Options`, so the real `ide` features) through the real
//! JSON-RPC framing, on `.elem` models with Japanese names, for every feature.
//!
//! Each check runs the same request against a server per position encoding (UTF-16, UTF-8 and
//! UTF-32), each holding the fixture in five variants (LF, CRLF, BOM, BOM+CRLF, CR). The cursor is a
//! `$0` marker in the LF text, converted by the client (see `lsp_support::view`, which shares no
//! code with the server) to a position in each variant and encoding. Every answer is rendered with
//! its ranges resolved to the text they cover (columns shown in UTF-16), so the fifteen renderings
//! must be identical, and the UTF-16 LF one is compared with an `expect!` snapshot.

use crate::lsp_support;

mod clients;
mod diagnostics;
mod editing;
mod navigation;
mod outline;
mod scene;
mod sweep;

use lsp_support::view::{ClientDoc, Enc};
use lsp_support::{TestClient, capabilities};
use rigls_lsp::Options;
use serde_json::{Value, json};

/// The shipped example: valid, with Japanese names.
pub const WALKER: &str = include_str!("../../../../examples/walker.elem");
/// The shipped broken example: a wrong count, an unknown bone `首`, `Loop=Yes`.
pub const BROKEN: &str = include_str!("../../../../examples/broken.elem");

/// How a fixture's text varies: its line breaks and a BOM.
#[derive(Clone, Copy, Debug)]
pub struct Variant {
    pub name: &'static str,
    pub line_break: &'static str,
    pub bom: bool,
}

/// LF, CRLF (what Elfreina writes), a BOM with each, and old Mac CR (which readers accept).
pub const VARIANTS: [Variant; 5] = [
    Variant { name: "lf", line_break: "\n", bom: false },
    Variant { name: "crlf", line_break: "\r\n", bom: false },
    Variant { name: "bom", line_break: "\n", bom: true },
    Variant { name: "bom-crlf", line_break: "\r\n", bom: true },
    Variant { name: "cr", line_break: "\r", bom: false },
];

impl Variant {
    pub fn text(self, lf: &str) -> String {
        let text = lf.replace('\n', self.line_break);
        if self.bom { format!("\u{feff}{text}") } else { text }
    }

    /// The offset in this variant of an offset in the LF text.
    pub fn offset(self, lf: &str, offset: usize) -> usize {
        let breaks = lf[..offset].matches('\n').count();
        offset + breaks * (self.line_break.len() - 1) + if self.bom { 3 } else { 0 }
    }
}

/// The byte offset in `text` of the `$0` in `marker`, a snippet of `text` with a `$0` in it:
/// `cursor(WALKER, "BoneName=\"腰$0\"")` is just after the first `腰` written that way.
pub fn cursor(text: &str, marker: &str) -> usize {
    let at = marker.find("$0").expect("the marker has no $0");
    let needle = marker.replace("$0", "");
    text.find(&needle).unwrap_or_else(|| panic!("{needle:?} is not in the fixture")) + at
}

/// `text` with `from` (which must occur) replaced by `to`.
pub fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from:?} is not in the fixture");
    text.replacen(from, to, 1)
}

/// One document of one server, as a check sees it.
pub struct Case<'a> {
    pub doc: &'a ClientDoc,
    pub variant: Variant,
    /// The cursor, converted to the document's variant and encoding.
    pub at: Value,
    /// The byte offset of the cursor in the document.
    pub offset: usize,
    /// What the server published for the document when it was opened (`null` when it pulls).
    pub published: &'a Value,
    /// The server's `InitializeResult`.
    pub init: &'a Value,
}

impl Case<'_> {
    /// `{"textDocument": …, "position": …}` at the cursor.
    pub fn at_cursor(&self) -> Value {
        json!({"textDocument": {"uri": self.doc.uri}, "position": self.at})
    }

    pub fn document(&self) -> Value {
        json!({"textDocument": {"uri": self.doc.uri}})
    }

    pub fn legend(&self) -> &Value {
        &self.init["capabilities"]["semanticTokensProvider"]["legend"]
    }
}

struct Session {
    enc: Enc,
    client: TestClient,
    init: Value,
    docs: Vec<(Variant, ClientDoc, Value)>,
}

/// A server per encoding, each with every variant of one fixture open (as version 1).
pub struct Servers {
    lf: String,
    sessions: Vec<Session>,
}

impl Servers {
    /// Servers for a client with [`capabilities`] offering one encoding each, as `adjust` changes
    /// them.
    pub async fn start(name: &str, lf: &str, adjust: impl Fn(&mut Value)) -> Servers {
        let clients = Enc::ALL.map(|enc| {
            let mut caps = capabilities(Some(&[enc.name()]));
            adjust(&mut caps);
            (enc, caps)
        });
        Servers::start_with(name, lf, &clients, &VARIANTS).await
    }

    /// A server for each client capabilities, which must lead to the encoding given with them,
    /// with these variants of the fixture open.
    pub async fn start_with(name: &str, lf: &str, clients: &[(Enc, Value)], variants: &[Variant]) -> Servers {
        let mut sessions = Vec::new();
        for (enc, caps) in clients {
            let (enc, caps) = (*enc, caps.clone());
            let pulls = caps["textDocument"]["diagnostic"].is_object();
            let (mut client, init) = TestClient::initialized(Options::default(), caps, Value::Null).await;
            assert_eq!(init["capabilities"]["positionEncoding"], enc.name());
            let mut docs = Vec::new();
            for &variant in variants {
                let uri = format!("file:///tmp/rigls-e2e/{name}-{}.elem", variant.name);
                let doc = ClientDoc::new(&uri, 1, &variant.text(lf), enc);
                client.open(&doc.uri, "elem", 1, &doc.text).await;
                docs.push((variant, doc));
            }
            let mut opened = Vec::new();
            for (variant, doc) in docs {
                let published = if pulls { Value::Null } else { client.diagnostics(&doc.uri).await };
                opened.push((variant, doc, published));
            }
            sessions.push(Session { enc, client, init, docs: opened });
        }
        Servers { lf: lf.to_owned(), sessions }
    }

    /// Runs `check` on every document with the cursor at the `$0` of `marker` (or at the start
    /// of the text when there is none), asserts that all renderings it returns are the same, and
    /// returns that rendering.
    pub async fn each(
        &mut self,
        marker: Option<&str>,
        check: impl AsyncFnMut(&mut TestClient, &Case<'_>) -> String,
    ) -> String {
        let lf_offset = marker.map_or(0, |m| cursor(&self.lf, m));
        self.each_at(lf_offset, check).await
    }

    /// [`Servers::each`] with the cursor at a byte offset of the LF text.
    pub async fn each_at(
        &mut self,
        lf_offset: usize,
        mut check: impl AsyncFnMut(&mut TestClient, &Case<'_>) -> String,
    ) -> String {
        let mut first: Option<(String, String)> = None;
        for session in &mut self.sessions {
            for (variant, doc, published) in &session.docs {
                let offset = variant.offset(&self.lf, lf_offset);
                let at = doc.position(offset);
                let case = Case { doc, variant: *variant, at, offset, published, init: &session.init };
                let rendering = check(&mut session.client, &case).await;
                let name = format!("{} {}", session.enc.name(), variant.name);
                match &first {
                    None => first = Some((name, rendering)),
                    Some((first_name, expected)) => {
                        assert_eq!(&rendering, expected, "{name} renders differently from {first_name}")
                    }
                }
            }
        }
        first.expect("no documents").1
    }

    pub async fn shutdown(self) {
        for session in self.sessions {
            session.client.shutdown().await;
        }
    }
}
