//! A viewer's question and the answer it gets (the shape `rigls/scene` and `rigls preview` share,
//! docs/scene.md): the scene version it reads, the times, the meshes it holds, and the scenes,
//! elements and problem.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::packed::{MeshForm, parse_digests};
use super::{PACKED_VERSION, SCENE_VERSION, Scene, SceneContent, SceneElement, SceneError, SceneProblem, SceneRequest};

/// The most times one question may ask for (a minute of animation at 16 fps).
pub const MAX_TIMES: usize = 1000;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneQuery {
    /// The scene version the viewer reads.
    pub version: u32,
    #[serde(default)]
    pub armature: Option<String>,
    #[serde(default)]
    pub animation: Option<String>,
    #[serde(default)]
    pub time: Option<f64>,
    /// Several times at once, instead of `time`.
    #[serde(default)]
    pub times: Option<Vec<f64>>,
    /// Version 2: the digests of the meshes whose fixed parts the viewer holds (the answer
    /// leaves those out).
    #[serde(default)]
    pub meshes: Vec<String>,
    /// Version 2: the document version whose elements the viewer holds (an answer of that
    /// version leaves them out).
    #[serde(default)]
    pub elements_of: Option<i64>,
}

/// A question that can be answered: what to build, at which times, and how to write it.
#[derive(Debug)]
pub struct SceneAsk {
    pub request: SceneRequest,
    pub times: Vec<f64>,
    /// The scene version to write: [`SCENE_VERSION`] or [`PACKED_VERSION`].
    pub version: u32,
    /// The meshes the viewer holds (version 2).
    pub held: HashSet<u64>,
    /// The document version whose elements the viewer holds (version 2).
    pub elements_of: Option<i64>,
}

impl SceneQuery {
    /// What to build and at which times, or why the question is refused.
    pub fn request(self) -> Result<SceneAsk, String> {
        if self.version != SCENE_VERSION && self.version != PACKED_VERSION {
            return Err(format!(
                "scene version {} is not supported (this server writes versions {SCENE_VERSION} and {PACKED_VERSION})",
                self.version
            ));
        }
        let times = self.times.unwrap_or_else(|| vec![self.time.unwrap_or(0.0)]);
        if times.len() > MAX_TIMES {
            return Err(format!("{} times asked for, at most {MAX_TIMES} are answered at once", times.len()));
        }
        Ok(SceneAsk {
            request: SceneRequest { armature: self.armature, animation: self.animation, time: 0.0 },
            times,
            version: self.version,
            held: parse_digests(&self.meshes),
            elements_of: self.elements_of.filter(|_| self.version == PACKED_VERSION),
        })
    }
}

/// `E`: how the elements are written (the protocol layer adds the client's positions).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneAnswer<E> {
    pub version: u32,
    pub document_version: i64,
    pub times: Vec<f64>,
    pub scenes: Vec<Scene>,
    /// `None` (version 2): the viewer holds this document version's elements.
    pub elements: Option<Vec<E>>,
    pub error: Option<SceneProblem>,
}

impl<E> SceneAnswer<E> {
    /// The answer to `ask` for `built` (the scenes at its times, or why there are none), its
    /// elements (those of the first scene) written by `element`. Version 2: meshes packed, each
    /// fixed part in the first scene only, and neither the meshes nor the elements the viewer
    /// holds.
    pub fn new(
        document_version: i64,
        ask: SceneAsk,
        built: Result<Vec<Scene>, SceneError>,
        element: impl FnMut(SceneElement) -> E,
    ) -> SceneAnswer<E> {
        let held = ask.elements_of == Some(document_version);
        let (mut scenes, elements, error) = match built {
            Ok(scenes) if held => (scenes, None, None),
            Ok(scenes) => {
                let elements = scenes.first().map(super::elements).unwrap_or_default();
                (scenes, Some(elements.into_iter().map(element).collect()), None)
            }
            Err(error) => (Vec::new(), Some(Vec::new()), Some(SceneProblem::from(&error))),
        };
        if ask.version == PACKED_VERSION {
            for (i, scene) in scenes.iter_mut().enumerate() {
                scene.version = PACKED_VERSION;
                if let SceneContent::Solid(solid) = &mut scene.content {
                    let held = if i == 0 { ask.held.clone() } else { HashSet::new() };
                    solid.mesh_form = MeshForm::Packed { held, held_all: i > 0 };
                }
            }
        }
        SceneAnswer { version: ask.version, document_version, times: ask.times, scenes, elements, error }
    }
}
