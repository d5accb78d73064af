//! A viewer's question and the answer it gets (the shape `rigls/scene` and `rigls preview` share,
//! docs/scene.md): the scene version it reads, the times, and the scenes, elements and problem.

use serde::{Deserialize, Serialize};

use super::{SCENE_VERSION, Scene, SceneElement, SceneError, SceneProblem, SceneRequest};

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
}

impl SceneQuery {
    /// What to build and at which times, or why the question is refused.
    pub fn request(self) -> Result<(SceneRequest, Vec<f64>), String> {
        if self.version != SCENE_VERSION {
            return Err(format!(
                "scene version {} is not supported (this server writes version {SCENE_VERSION})",
                self.version
            ));
        }
        let times = self.times.unwrap_or_else(|| vec![self.time.unwrap_or(0.0)]);
        if times.len() > MAX_TIMES {
            return Err(format!("{} times asked for, at most {MAX_TIMES} are answered at once", times.len()));
        }
        Ok((SceneRequest { armature: self.armature, animation: self.animation, time: 0.0 }, times))
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
    pub elements: Vec<E>,
    pub error: Option<SceneProblem>,
}

impl<E> SceneAnswer<E> {
    /// The answer for `built` (the scenes at `times`, or why there are none), its elements (those
    /// of the first scene) written by `element`.
    pub fn new(
        document_version: i64,
        times: Vec<f64>,
        built: Result<Vec<Scene>, SceneError>,
        element: impl FnMut(SceneElement) -> E,
    ) -> SceneAnswer<E> {
        let (scenes, elements, error) = match built {
            Ok(scenes) => {
                let elements = scenes.first().map(super::elements).unwrap_or_default();
                (scenes, elements.into_iter().map(element).collect(), None)
            }
            Err(error) => (Vec::new(), Vec::new(), Some(SceneProblem::from(&error))),
        };
        SceneAnswer { version: SCENE_VERSION, document_version, times, scenes, elements, error }
    }
}
