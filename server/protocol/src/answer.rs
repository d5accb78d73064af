//! The answer a viewer gets: the scenes at its times, their elements (or how they changed since
//! the version the viewer holds) and the problem when there is no scene.

use std::collections::HashSet;

use serde::Serialize;
use serde::ser::Serializer;

use super::element::{Element, Range, elements};
use super::wire::{MeshForm, SceneJson};
use super::{PACKED_VERSION, SceneAsk, SceneProblem};
use rigls_ide::Replaced;
use rigls_ide::scene::{ByteRange, Scene, SceneError};
use rigls_text::{LineCol, PositionEncoding};

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneAnswer {
    pub version: u32,
    pub document_version: i64,
    pub times: Vec<f64>,
    #[serde(serialize_with = "write_scenes")]
    pub scenes: Scenes,
    /// `None` (version 2): the viewer holds this document version's elements, or those of an
    /// earlier version and `element_changes` says how they differ.
    pub elements: Option<Vec<Element>>,
    /// Version 2: instead of `elements`, those that differ from the elements of the version the
    /// viewer holds (see [`SceneAnswer::changes_from`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element_changes: Option<ElementChanges>,
    pub error: Option<SceneProblem>,
}

/// The scenes of an answer, with the meshes the viewer holds (version 2 leaves their fixed parts
/// out of the first scene; the later scenes of an answer leave every fixed part out).
#[derive(Debug)]
pub struct Scenes {
    pub list: Vec<Scene>,
    version: u32,
    held: HashSet<u64>,
}

fn write_scenes<S: Serializer>(scenes: &Scenes, serializer: S) -> Result<S::Ok, S::Error> {
    let none = HashSet::new();
    serializer.collect_seq(scenes.list.iter().enumerate().map(|(i, scene)| {
        let form = match scenes.version {
            PACKED_VERSION if i == 0 => MeshForm::Packed { held: &scenes.held, held_all: false },
            PACKED_VERSION => MeshForm::Packed { held: &none, held_all: true },
            _ => MeshForm::Plain,
        };
        SceneJson { scene, version: scenes.version, form }
    }))
}

/// This answer's elements, as changes to those of the version `from` the viewer holds: the same
/// number of elements, each at its index unless `changed` gives it anew. An edit that moves no
/// line break before the named things changes a handful of a model's thousands of elements.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ElementChanges {
    pub from: i64,
    pub length: usize,
    /// How the held elements' places moved, before `changed` replaces some of them (`None`:
    /// they stay).
    pub moved: Option<ElementsMoved>,
    pub changed: Vec<ChangedElement>,
}

#[derive(Debug, Serialize)]
pub struct ChangedElement {
    pub at: usize,
    pub element: Element,
}

impl SceneAnswer {
    /// The answer to `ask` for `built` (the scenes at its times, or why there are none), its
    /// elements those of the first scene, with the client's positions when `positions` says
    /// them. Version 2: meshes packed, each fixed part in the first scene only, and neither the
    /// meshes nor the elements the viewer holds.
    pub fn new(
        document_version: i64,
        ask: SceneAsk,
        built: Result<Vec<Scene>, SceneError>,
        positions: Option<&dyn Fn(ByteRange) -> Range>,
    ) -> SceneAnswer {
        let held = ask.elements_of == Some(document_version);
        let (scenes, elements, error) = match built {
            Ok(scenes) if held => (scenes, None, None),
            Ok(scenes) => {
                let elements = scenes.first().map(|s| elements(s, positions)).unwrap_or_default();
                (scenes, Some(elements), None)
            }
            Err(error) => (Vec::new(), Some(Vec::new()), Some(SceneProblem::from(&error))),
        };
        SceneAnswer {
            version: ask.version,
            document_version,
            times: ask.times,
            scenes: Scenes { list: scenes, version: ask.version, held: ask.held },
            elements,
            element_changes: None,
            error,
        }
    }

    /// Version 2, with the elements of version `from` that the viewer holds (`old`, as they were
    /// written for it) and, when this version was made from that one by an edit, how the edit
    /// `moved` their places: writes only the elements that differ from those (moved), when they
    /// are as many and at most half differ, and gives back the whole list (what the viewer will
    /// hold next). `None`, and the answer unchanged, otherwise.
    pub fn changes_from(&mut self, from: i64, old: &[Element], moved: Option<ElementsMoved>) -> Option<Vec<Element>> {
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
                Some(by) => old.moved(by) == *new,
                None => old == new,
            };
            if !same {
                if (changed.len() + 1) * 2 > length {
                    return None;
                }
                changed.push(ChangedElement { at, element: new.clone() });
            }
        }
        self.element_changes = Some(ElementChanges { from, length, moved, changed });
        self.elements.take()
    }
}

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
