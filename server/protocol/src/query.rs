//! A viewer's question: the scene version it reads, what to show, at which times, and what it
//! holds already.

use std::collections::HashSet;

use serde::Deserialize;

use super::packed::parse_digests;
use super::{PACKED_VERSION, SCENE_VERSION};
use rigls_ide::scene::SceneRequest;

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
    /// The runtime to show the model as (a target's name; default: the format's own reading).
    #[serde(default)]
    pub target: Option<String>,
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
        let target = match self.target.as_deref() {
            None => None,
            Some(name) => {
                Some(rigls_diagnostic::Target::parse(name).ok_or_else(|| rigls_diagnostic::target::unknown(name))?)
            }
        };
        Ok(SceneAsk {
            request: SceneRequest { armature: self.armature, animation: self.animation, time: 0.0, target },
            times,
            version: self.version,
            held: parse_digests(&self.meshes),
            elements_of: self.elements_of.filter(|_| self.version == PACKED_VERSION),
        })
    }
}
