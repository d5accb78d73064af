//! End to end: the real server through the real JSON-RPC framing, on a DragonBones 5.5 skeleton
//! with Japanese names and the atlas it pairs with (`hero_ske.json` beside `hero_tex.json`), for
//! every feature.
//!
//! Each check runs the same request against a server per position encoding (UTF-16, UTF-8 and
//! UTF-32), each holding the skeleton and its atlas in four variants (LF, CRLF, BOM, BOM+CRLF; the
//! atlas in the same variant, each pair in a folder of its own). The cursor is a `$0` marker in
//! the LF skeleton, converted by the client (`lsp_support::view`, which shares no code with the
//! server) to a position in each variant and encoding. Answers are rendered with their ranges
//! resolved to the text they cover, in the skeleton or the atlas (columns shown in UTF-16), so all
//! twelve renderings must be identical; the UTF-16 LF one is compared with an `expect!` snapshot.

use crate::lsp_support;

mod binary_view;
mod diagnostics;
mod navigation;
mod other_json;
mod outline;
mod scene;

use lsp_support::view::{ClientDoc, Enc};
use lsp_support::{TestClient, capabilities};
use rigls_lsp::Options;
use serde_json::{Value, json};

/// The 5.5 skeleton of the `ide` tests, pretty-printed with tabs.
pub const SKELETON: &str = include_str!("../../../tests/fixtures/dragonbones/勇者_ske.json");
pub const ATLAS: &str = include_str!("../../../tests/fixtures/dragonbones/勇者_tex.json");

/// The skeleton as one minified line, as most exports are.
pub fn minified() -> String {
    let value: Value = serde_json::from_str(SKELETON).unwrap();
    serde_json::to_string(&value).unwrap()
}

/// How a fixture's text varies: its line breaks and a BOM.
#[derive(Clone, Copy, Debug)]
pub struct Variant {
    pub name: &'static str,
    pub line_break: &'static str,
    pub bom: bool,
}

pub const VARIANTS: [Variant; 4] = [
    Variant { name: "lf", line_break: "\n", bom: false },
    Variant { name: "crlf", line_break: "\r\n", bom: false },
    Variant { name: "bom", line_break: "\n", bom: true },
    Variant { name: "bom-crlf", line_break: "\r\n", bom: true },
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

/// The byte offset in `text` of the `$0` in `marker`, a snippet of `text` with a `$0` in it.
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

/// One skeleton of one server, as a check sees it.
pub struct Case<'a> {
    pub doc: &'a ClientDoc,
    /// The atlas beside it.
    pub atlas: &'a ClientDoc,
    /// The cursor, converted to the document's variant and encoding.
    pub at: Value,
    pub offset: usize,
    /// What the server published for the skeleton when it was opened.
    pub published: &'a Value,
    pub init: &'a Value,
}

impl Case<'_> {
    pub fn at_cursor(&self) -> Value {
        json!({"textDocument": {"uri": self.doc.uri}, "position": self.at})
    }

    pub fn document(&self) -> Value {
        json!({"textDocument": {"uri": self.doc.uri}})
    }

    pub fn legend(&self) -> &Value {
        &self.init["capabilities"]["semanticTokensProvider"]["legend"]
    }

    /// An answer rendered with ranges in the skeleton or (labelled `<atlas>`) the atlas.
    pub fn render(&self, value: &Value) -> String {
        self.doc.render_with(value, &[("<atlas>", self.atlas)])
    }
}

struct Opened {
    doc: ClientDoc,
    atlas: ClientDoc,
    published: Value,
}

struct Session {
    client: TestClient,
    init: Value,
    docs: Vec<(Variant, Opened)>,
}

/// A server per encoding, each with every variant of the skeleton and its atlas open.
pub struct Servers {
    lf: String,
    sessions: Vec<Session>,
}

impl Servers {
    pub async fn start(name: &str, skeleton_lf: &str, atlas_lf: &str) -> Servers {
        let mut sessions = Vec::new();
        for enc in Enc::ALL {
            let caps = capabilities(Some(&[enc.name()]));
            let (mut client, init) = TestClient::initialized(Options::default(), caps, Value::Null).await;
            assert_eq!(init["capabilities"]["positionEncoding"], enc.name());
            let mut docs = Vec::new();
            for variant in VARIANTS {
                let folder = format!("file:///tmp/rigls-e2e-db/{name}-{}", variant.name);
                // The atlas first: the skeleton finds it among the open documents.
                let atlas = ClientDoc::new(&format!("{folder}/hero_tex.json"), 1, &variant.text(atlas_lf), enc);
                client.open(&atlas.uri, "json", 1, &atlas.text).await;
                let doc = ClientDoc::new(&format!("{folder}/hero_ske.json"), 1, &variant.text(skeleton_lf), enc);
                client.open(&doc.uri, "json", 1, &doc.text).await;
                let published = client.diagnostics(&doc.uri).await;
                client.diagnostics(&atlas.uri).await;
                docs.push((variant, Opened { doc, atlas, published }));
            }
            sessions.push(Session { client, init, docs });
        }
        Servers { lf: skeleton_lf.to_owned(), sessions }
    }

    /// Runs `check` on every skeleton with the cursor at the `$0` of `marker` (at the start when
    /// `None`), asserts that all renderings are the same, and returns that rendering.
    pub async fn each(
        &mut self,
        marker: Option<&str>,
        mut check: impl AsyncFnMut(&mut TestClient, &Case<'_>) -> String,
    ) -> String {
        let lf_offset = marker.map_or(0, |m| cursor(&self.lf, m));
        let mut first: Option<(String, String)> = None;
        for session in &mut self.sessions {
            for (variant, opened) in &session.docs {
                let offset = variant.offset(&self.lf, lf_offset);
                let doc = &opened.doc;
                let at = doc.position(offset);
                let case =
                    Case { doc, atlas: &opened.atlas, at, offset, published: &opened.published, init: &session.init };
                let rendering = check(&mut session.client, &case).await;
                let name = format!("{} {}", doc.enc.name(), variant.name);
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

pub async fn request(client: &TestClient, method: &str, params: Value) -> Value {
    client.request(method, params).await.unwrap_or_else(|e| panic!("{method} failed: {e}"))
}
