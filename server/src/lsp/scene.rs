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
//! null). `times` (at most `ide::scene::MAX_TIMES`) asks for several times of one animation at
//! once, evaluated once (a player's prefetch); else `time` (default 0).
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

use serde::{Deserialize, Serialize};
use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types::{Range, TextDocumentIdentifier};

use super::convert::Converter;
use super::lean::{Part, Placeholder};
use super::state::State;
use crate::ide::scene::{ByteRange, ElementKind, SceneAnswer, SceneQuery};
use crate::text::TextRange;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneParams {
    pub text_document: TextDocumentIdentifier,
    #[serde(flatten)]
    pub query: SceneQuery,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Element {
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
        self.docs.with(|docs| docs.get_mut(&uri).map(|d| d.previewed = true));
        let answer = self
            .on_any_analysis("rigls/scene", &uri, None, false, move |f, a, conv, _| {
                let built = f.scenes(a, &ask.request, &ask.times);
                let answer = SceneAnswer::new(conv.version.into(), ask, built, |e| Element {
                    kind: e.kind,
                    index: e.index,
                    range: element_range(conv, e.range),
                    name_range: e.name_range.map(|r| element_range(conv, r)),
                    name: e.name,
                    bytes: e.range,
                    name_bytes: e.name_range,
                    time: e.time,
                });
                // Written here, off the runtime: a scene of a large mesh is megabytes of JSON.
                Some(super::lean::to_json(&answer))
            })
            .await?;
        Ok(self.lean.store(vec![Part::Owned(answer.unwrap_or_else(|| b"null".to_vec()))]))
    }
}
