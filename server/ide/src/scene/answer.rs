//! A viewer's question and the answer it gets (the shape `rigls/scene` and `rigls preview` share,
//! docs/scene.md): the scene version it reads, the times, the meshes it holds, and the scenes,
//! elements and problem.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::packed::{MeshForm, parse_digests};
use super::{PACKED_VERSION, SCENE_VERSION, Scene, SceneContent, SceneElement, SceneError, SceneProblem, SceneRequest};
use crate::token_splice::Replaced;
use rigls_text::{LineCol, PositionEncoding};

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
    /// `None` (version 2): the viewer holds this document version's elements, or those of an
    /// earlier version and `element_changes` says how they differ.
    pub elements: Option<Vec<E>>,
    /// Version 2: instead of `elements`, those that differ from the elements of the version the
    /// viewer holds (see [`SceneAnswer::changes_from`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element_changes: Option<ElementChanges<E>>,
    pub error: Option<SceneProblem>,
}

/// This answer's elements, as changes to those of the version `from` the viewer holds: the same
/// number of elements, each at its index unless `changed` gives it anew. An edit that moves no
/// line break before the named things changes a handful of a model's thousands of elements.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ElementChanges<E> {
    pub from: i64,
    pub length: usize,
    /// How the held elements' places moved, before `changed` replaces some of them (`None`:
    /// they stay).
    pub moved: Option<ElementsMoved>,
    pub changed: Vec<ChangedElement<E>>,
}

#[derive(Debug, Serialize)]
pub struct ChangedElement<E> {
    pub at: usize,
    pub element: E,
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
        SceneAnswer {
            version: ask.version,
            document_version,
            times: ask.times,
            scenes,
            elements,
            element_changes: None,
            error,
        }
    }
}

impl<E: PartialEq + Clone> SceneAnswer<E> {
    /// Version 2, with the elements of version `from` that the viewer holds (`old`, as they were
    /// written for it) and, when this version was made from that one by an edit, how the edit
    /// `moved` their places (and the function that moves an element so): writes only the
    /// elements that differ from those (moved), when they are as many and at most half differ,
    /// and gives back the whole list (what the viewer will hold next). `None`, and the answer
    /// unchanged, otherwise.
    pub fn changes_from(
        &mut self,
        from: i64,
        old: &[E],
        moved: Option<(ElementsMoved, &MoveElement<E>)>,
    ) -> Option<Vec<E>> {
        let new = self.elements.as_ref()?;
        if self.version != PACKED_VERSION
            || self.error.is_some()
            || old.len() != new.len()
            || from == self.document_version
        {
            return None;
        }
        let length = new.len();
        let mut changed = Vec::new();
        for (at, (old, new)) in old.iter().zip(new).enumerate() {
            let same = match &moved {
                Some((by, move_element)) => move_element(old, by) == *new,
                None => old == new,
            };
            if !same {
                if (changed.len() + 1) * 2 > length {
                    return None;
                }
                changed.push(ChangedElement { at, element: new.clone() });
            }
        }
        self.element_changes = Some(ElementChanges { from, length, moved: moved.map(|(m, _)| m), changed });
        self.elements.take()
    }
}

/// How a viewer moves an element it holds as [`ElementsMoved`] says.
pub type MoveElement<E> = dyn Fn(&E, &ElementsMoved) -> E;

/// Where an edit moved the places after it, as a viewer moves the elements it holds: a byte
/// offset at or after `bytes` by `by`; a position at or after `line`:`character` (in the
/// client's encoding), on that line to `to_line` with its column moved as that one's to
/// `to_character`, on a later line by the lines the edit added. Places before the edit's end stay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ElementsMoved {
    pub bytes: u32,
    pub by: i64,
    pub line: u32,
    pub character: u32,
    pub to_line: u32,
    pub to_character: u32,
}

impl ElementsMoved {
    /// The move of `replaced` (an analysis's [`Replaced`]), its new end at `new_end` in `encoding`.
    pub fn new(replaced: &Replaced, encoding: PositionEncoding, new_end: LineCol) -> ElementsMoved {
        let old_end = replaced.old_end(encoding);
        ElementsMoved {
            bytes: replaced.old.end,
            by: replaced.delta(),
            line: old_end.line,
            character: old_end.col,
            to_line: new_end.line,
            to_character: new_end.col,
        }
    }

    pub fn byte(&self, offset: u32) -> u32 {
        if offset < self.bytes { offset } else { u32::try_from(i64::from(offset) + self.by).unwrap_or(u32::MAX) }
    }

    pub fn position(&self, at: LineCol) -> LineCol {
        if (at.line, at.col) < (self.line, self.character) {
            at
        } else if at.line == self.line {
            LineCol { line: self.to_line, col: at.col - self.character + self.to_character }
        } else {
            LineCol { line: at.line - self.line + self.to_line, col: at.col }
        }
    }
}
