//! `rigls/scene`: what a live preview draws, for the server's copy of a document (the buffer,
//! not the disk), version [`SCENE_VERSION`] of `docs/scene.md`.
//!
//! Params: `{"textDocument": {"uri"}, "version": 1, "armature"?, "animation"?, "time"?, "times"?}`.
//! `version` is the scene format the client reads: any other is refused (`InvalidParams`), so an
//! old viewer never misdraws a newer server's scenes. `times` (at most [`MAX_TIMES`]) asks for
//! several times of one animation at once, evaluated once (a player's prefetch); else `time`
//! (default 0).
//!
//! The answer (`null` for a document that is not open):
//! `{"version", "documentVersion", "times", "scenes", "elements", "error"}`: a scene per time;
//! `elements`, the named things of the scene (armatures, animations, bones, slots, displays,
//! nodes, meshes, materials) with their byte ranges (`bytes`, `nameBytes`: how the scene names
//! them) and the same ranges in the client's positions (`range`, `nameRange`), so that a click
//! selects the definition and a cursor finds what to highlight; `error`, when there is no scene,
//! why (`{"kind", "message", "known"?}`): the client keeps its last good scene and says so.
//! Scenes are large: the answer is written straight to JSON (see `super::lean`).

use serde::{Deserialize, Serialize};
use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types::{Range, TextDocumentIdentifier};

use super::convert::Converter;
use super::lean::Placeholder;
use super::state::State;
use crate::ide::scene::{self, ByteRange, ElementKind, SCENE_VERSION, Scene, SceneError, SceneRequest};
use crate::text::TextRange;

/// The most times one request may ask for (a minute of animation at 16 fps).
pub const MAX_TIMES: usize = 1000;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneParams {
    pub text_document: TextDocumentIdentifier,
    /// The scene format version the client reads.
    pub version: u32,
    #[serde(default)]
    pub armature: Option<String>,
    #[serde(default)]
    pub animation: Option<String>,
    #[serde(default)]
    pub time: Option<f64>,
    #[serde(default)]
    pub times: Option<Vec<f64>>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SceneAnswer {
    version: u32,
    document_version: i32,
    times: Vec<f64>,
    scenes: Vec<Scene>,
    elements: Vec<Element>,
    error: Option<SceneProblem>,
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
}

/// Why there is no scene.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SceneProblem {
    /// `noScene` (not a model), `unknownArmature`, `unknownAnimation` or `broken` (errors that
    /// make the pose meaningless).
    kind: &'static str,
    /// One sentence, or for `broken` a line per error (with its line and column).
    message: String,
    /// For an unknown name, the names there are.
    #[serde(skip_serializing_if = "Option::is_none")]
    known: Option<Vec<String>>,
}

impl From<&SceneError> for SceneProblem {
    fn from(error: &SceneError) -> SceneProblem {
        let (kind, known) = match error {
            SceneError::NoPose(_) => ("noScene", None),
            SceneError::UnknownArmature { known, .. } => ("unknownArmature", Some(known.clone())),
            SceneError::UnknownAnimation { known, .. } => ("unknownAnimation", Some(known.clone())),
            SceneError::Broken(_) => ("broken", None),
        };
        SceneProblem { kind, message: error.to_string(), known }
    }
}

fn invalid_params(message: String) -> jsonrpc::Error {
    jsonrpc::Error { code: jsonrpc::ErrorCode::InvalidParams, message: message.into(), data: None }
}

fn element_range(conv: &Converter<'_>, r: ByteRange) -> Range {
    conv.range(TextRange::new(r.0, r.1))
}

impl State {
    pub async fn scene(&self, params: SceneParams) -> jsonrpc::Result<Placeholder> {
        if params.version != SCENE_VERSION {
            return Err(invalid_params(format!(
                "rigls/scene: scene version {} is not supported (this server writes version {SCENE_VERSION})",
                params.version
            )));
        }
        let times = params.times.unwrap_or_else(|| vec![params.time.unwrap_or(0.0)]);
        if times.len() > MAX_TIMES {
            return Err(invalid_params(format!(
                "rigls/scene: {} times asked for, at most {MAX_TIMES} are answered at once",
                times.len()
            )));
        }
        let request = SceneRequest { armature: params.armature, animation: params.animation, time: 0.0 };
        let uri = params.text_document.uri;
        let answer = self
            .on_any_analysis("rigls/scene", &uri, None, false, move |f, a, conv, _| {
                let mut answer = SceneAnswer {
                    version: SCENE_VERSION,
                    document_version: conv.version,
                    times: times.clone(),
                    scenes: Vec::new(),
                    elements: Vec::new(),
                    error: None,
                };
                match f.scenes(a, &request, &times) {
                    Ok(scenes) => {
                        if let Some(first) = scenes.first() {
                            answer.elements = scene::elements(first)
                                .into_iter()
                                .map(|e| Element {
                                    kind: e.kind,
                                    index: e.index,
                                    range: element_range(conv, e.range),
                                    name_range: e.name_range.map(|r| element_range(conv, r)),
                                    name: e.name,
                                    bytes: e.range,
                                    name_bytes: e.name_range,
                                })
                                .collect();
                        }
                        answer.scenes = scenes;
                    }
                    Err(error) => answer.error = Some(SceneProblem::from(&error)),
                }
                // Written here, off the runtime: a scene of a large mesh is megabytes of JSON.
                Some(super::lean::to_json(&answer))
            })
            .await?;
        Ok(self.lean.store(vec![super::lean::Part::Owned(answer.unwrap_or_else(|| b"null".to_vec()))]))
    }
}
