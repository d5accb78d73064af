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
//! (at most `rigls_protocol::MAX_TIMES`) asks for several times of one animation at once, evaluated
//! once (a player's prefetch); else `time` (default 0).
//!
//! The answer (`null` for a document that is not open):
//! `{"version", "documentVersion", "times", "scenes", "elements", "error"}`: a scene per time;
//! `elements`, the named things of the scene (armatures, animations, bones, slots, displays,
//! nodes, meshes, materials) with their byte ranges (`bytes`, `nameBytes`: how the scene names
//! them) and the same ranges in the client's positions (`range`, `nameRange`), so that a click
//! selects the definition and a cursor finds what to highlight; `error`, when there is no scene,
//! why (`{"kind", "message", "known"?}`): the client keeps its last good scene and says so.
//! Scenes are large: the answer is written straight to JSON (see `super::transport::lean`). Once
//! asked for, the document's next analyses read its scenery beside the rules
//! (`Features::analyse_for_preview`).

use std::sync::Arc;

use serde::Deserialize;
use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types::TextDocumentIdentifier;

use super::convert::Converter;
use super::state::State;
use super::transport::lean::{Part, Placeholder};
use rigls_ide::Replaced;
use rigls_ide::scene::ByteRange;
use rigls_protocol::{Element, ElementsMoved, Position, Range, SceneAnswer, SceneQuery};
use rigls_text::TextRange;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneParams {
    pub text_document: TextDocumentIdentifier,
    #[serde(flatten)]
    pub query: SceneQuery,
}

/// The elements written for one version of a document, as the client holds them.
#[derive(Clone, Debug)]
pub struct SentElements {
    version: i64,
    /// The analysis they were of ([`rigls_ide::Analysis::id`]).
    analysis: u64,
    list: Arc<Vec<Element>>,
}

/// `r` in the client's positions.
fn client_range(conv: &Converter<'_>, r: ByteRange) -> Range {
    let r = conv.range(TextRange::new(r.0, r.1));
    let position = |p: tower_lsp_server::ls_types::Position| Position { line: p.line, character: p.character };
    Range { start: position(r.start), end: position(r.end) }
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
                let mut built = f.scenes(a, &ask.request, &ask.times);
                if let Ok(scenes) = &mut built {
                    rigls_ide::scene::note_missing_files(scenes, conv.fs());
                }
                let positions = |r: ByteRange| client_range(conv, r);
                let mut answer = SceneAnswer::new(conv.version.into(), ask, built, Some(&positions));
                let whole = held.and_then(|held| {
                    let edit = a.reuse.edit.filter(|edit| edit.previous == held.analysis);
                    let new_end = |edit: &Replaced| conv.lines.line_col(edit.new.end, conv.encoding);
                    let by = edit.map(|edit| ElementsMoved::new(&edit, conv.encoding, new_end(&edit)));
                    answer.changes_from(held.version, &held.list, by)
                });
                // Written here, off the runtime: a scene of a large mesh is megabytes of JSON.
                let json = super::transport::lean::to_json(&answer);
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
