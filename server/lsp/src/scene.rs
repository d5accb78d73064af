//! `rigls/scene`: what a live preview draws, for the server's copy of a document (the buffer,
//! not the disk), the version of `docs/scene.md`.
//!
//! Params: `{"textDocument": {"uri"}, "version": 1 | 2, "armature"?, "animation"?, "time"?,
//! "times"?, "meshes"?, "elementsOf"?}`. `version` is the scene format the client reads: any other
//! is refused (`InvalidParams`), so an old viewer never misdraws a newer server's scenes; version 2
//! packs 3-D meshes into base64 `float32`/`uint32` buffers and writes each mesh's fixed part (UVs,
//! colours, triangles, groups: no pose changes them) once, in the first scene, and not at all for
//! the digests listed in `meshes` (the fixed parts the client holds); `elementsOf` names the
//! document version whose elements the client holds (an answer of that version has `elements`
//! null; an answer of a later version has `elements` null and `elementChanges`, how its elements
//! differ from those, when the server wrote that version's elements and few changed). `times`
//! (at most `ide::scene::MAX_TIMES`) asks for several times of one animation at once, evaluated
//! once (a player's prefetch); else `time` (default 0).
//!
//! The answer (`null` for a document that is not open):
//! `{"version", "documentVersion", "times", "scenes", "elements", "error"}`: a scene per time;
//! `elements`, the named things of the scene (armatures, animations, bones, slots, displays,
//! nodes, meshes, materials) with their byte ranges (`bytes`, `nameBytes`: how the scene names
//! them) and the same ranges in the client's positions (`range`, `nameRange`), so that a click
//! selects the definition and a cursor finds what to highlight; `error`, when there is no scene,
//! why (`{"kind", "message", "known"?}`): the client keeps its last good scene and says so.
//! Scenes are large: the answer is written straight to JSON (see `super::lean`). Once asked for,
//! the document's next analyses read its scenery beside the rules (`Features::analyse_for_preview`).

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types::{Position, Range, TextDocumentIdentifier};

use super::convert::Converter;
use super::lean::{Part, Placeholder};
use super::state::State;
use rigls_ide::Replaced;
use rigls_ide::scene::{ByteRange, ElementKind, ElementsMoved, MoveElement, SceneAnswer, SceneQuery};
use rigls_text::{LineCol, TextRange};

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneParams {
    pub text_document: TextDocumentIdentifier,
    #[serde(flatten)]
    pub query: SceneQuery,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Element {
    kind: ElementKind,
    index: usize,
    name: String,
    range: Range,
    name_range: Option<Range>,
    bytes: ByteRange,
    name_bytes: Option<ByteRange>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time: Option<f64>,
}

/// The elements written for one version of a document, as the client holds them.
#[derive(Clone, Debug)]
pub struct SentElements {
    version: i64,
    /// The analysis they were of ([`rigls_ide::Analysis::id`]).
    analysis: u64,
    list: Arc<Vec<Element>>,
}

/// `e` as the viewer moves it when the text changed as `by` says (docs/scene.md).
fn moved(e: &Element, by: &ElementsMoved) -> Element {
    let position = |p: Position| {
        let at = by.position(LineCol { line: p.line, col: p.character });
        Position { line: at.line, character: at.col }
    };
    let range = |r: Range| Range { start: position(r.start), end: position(r.end) };
    let bytes = |b: ByteRange| ByteRange(by.byte(b.0), by.byte(b.1));
    Element {
        range: range(e.range),
        name_range: e.name_range.map(range),
        bytes: bytes(e.bytes),
        name_bytes: e.name_bytes.map(bytes),
        ..e.clone()
    }
}

fn element_range(conv: &Converter<'_>, r: ByteRange) -> Range {
    conv.range(TextRange::new(r.0, r.1))
}

impl State {
    pub async fn scene(&self, params: SceneParams) -> jsonrpc::Result<Placeholder> {
        let ask = params.query.request().map_err(|message| jsonrpc::Error {
            code: jsonrpc::ErrorCode::InvalidParams,
            message: format!("rigls/scene: {message}").into(),
            data: None,
        })?;
        let uri = params.text_document.uri;
        // From now on the document's analyses prepare its scenes.
        let held = self.docs.with(|docs| {
            let doc = docs.get_mut(&uri)?;
            doc.previewed = true;
            doc.scene_elements.clone().filter(|sent| ask.elements_of == Some(sent.version))
        });
        let answer = self
            .on_any_analysis("rigls/scene", &uri, None, false, move |f, a, conv, _| {
                let built = f.scenes(a, &ask.request, &ask.times);
                let mut answer = SceneAnswer::new(conv.version.into(), ask, built, |e| Element {
                    kind: e.kind,
                    index: e.index,
                    range: element_range(conv, e.range),
                    name_range: e.name_range.map(|r| element_range(conv, r)),
                    name: e.name,
                    bytes: e.range,
                    name_bytes: e.name_range,
                    time: e.time,
                });
                let whole = held.and_then(|held| {
                    let edit = a.reuse.edit.filter(|edit| edit.previous == held.analysis);
                    let new_end = |edit: &Replaced| conv.lines.line_col(edit.new.end, conv.encoding);
                    let by = edit.map(|edit| ElementsMoved::new(&edit, conv.encoding, new_end(&edit)));
                    let move_element: &MoveElement<Element> = &moved;
                    answer.changes_from(held.version, &held.list, by.map(|by| (by, move_element)))
                });
                // Written here, off the runtime: a scene of a large mesh is megabytes of JSON.
                let json = super::lean::to_json(&answer);
                let failed = answer.error.is_some();
                let sent = whole.or_else(|| answer.elements.take().filter(|_| !failed));
                let (version, analysis) = (answer.document_version, a.id);
                let sent = sent.map(|list| SentElements { version, analysis, list: Arc::new(list) });
                Some((json, sent))
            })
            .await?;
        let Some((json, sent)) = answer else { return Ok(self.lean.store(vec![Part::Owned(b"null".to_vec())])) };
        if let Some(sent) = sent {
            self.docs.with(|docs| docs.get_mut(&uri).map(|d| d.scene_elements = Some(sent)));
        }
        Ok(self.lean.store(vec![Part::Owned(json)]))
    }
}
