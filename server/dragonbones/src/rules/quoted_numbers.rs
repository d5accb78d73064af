//! Numbers written as strings in the arrays of numbers (`"vertices": ["-50.00", …]`).
//!
//! DragonBonesJS copies most such arrays into typed arrays or multiplies their elements, which
//! converts a string as `Number()` does: a mesh's `vertices`, `uvs` and `triangles`, a deform key
//! frame's `vertices`, a surface's lattice, a `curve`, a path's `lengths` and a 5.6 frame's
//! `value` pose as the same numbers unquoted would (the corpus's skeletons with every such array
//! quoted posed alike in its harness). Others it does not: `weights`, `bonePose`, `bones` (bone
//! indices compared with `indexOf`), `slotPose` (`tx + "3"` concatenates) and a `zOrder` list
//! (`!==` never meets the index: the parser loops until memory runs out) stay errors in the
//! structure rule. The C++ runtime reads every element with rapidjson's `GetDouble`/`GetUint`,
//! which assert it is a number ([`cpp_assertions`]).

use super::targets::{load_failure, names_verb};
use crate::eval::raw::{Raw, string_to_number};
use crate::model::{Model, is_polygon, js_number};
use crate::schema::{DisplayType, key};
use crate::syntax::{NodeId, NodeKind, Tree};
use rigls_diagnostic::{Diagnostic, Fix, Targets, TextEdit, case};
use rigls_text::FastSet;

/// Whether DragonBonesJS reads a numeric string in the array under `key` as that number.
pub fn converted_by_js(name: &str) -> bool {
    [key::VERTICES, key::UVS, key::TRIANGLES, key::LENGTHS, key::CURVE, key::VALUE].contains(&name)
}

/// A string `Number()` makes a finite number of ("-50.00", " 3", "0x10"; not "", "NaN", "inf").
pub fn is_js_number(text: &str, tree: &Tree, node: NodeId) -> bool {
    tree.kind(node) == NodeKind::String
        && tree.str(text, node).is_some_and(|s| !s.trim().is_empty() && string_to_number(&s).is_finite())
}

/// The warning on the first quoted number of `array` (the array under `name`), with a safe fix
/// writing every quoted number of the array without quotes.
pub fn diagnostic(text: &str, tree: &Tree, name: &str, array: NodeId, first: NodeId) -> Diagnostic {
    let quoted: Vec<NodeId> = tree.elements(array).filter(|&e| is_js_number(text, tree, e)).collect();
    let shown = tree.range(first).slice(text);
    let (which, them) = match quoted.len() {
        1 => (format!("this one is written as a string ({shown})"), "it"),
        n => (format!("{n} of them are written as strings, the first here ({shown})"), "them"),
    };
    let message = format!(
        "`{name}` holds numbers, and {which}: DragonBonesJS converts {them}, rapidjson asserts where the C++ runtime reads {them}"
    );
    let edits = quoted.iter().map(|&e| {
        let s = tree.str(text, e).unwrap_or_default();
        TextEdit { range: tree.range(e), new_text: unquoted(&s) }
    });
    let title = match quoted.len() {
        1 => "Write the number without quotes".to_owned(),
        n => format!("Write the {n} numbers without quotes"),
    };
    let fix = Fix { title, edits: edits.collect(), safe: false, preferred: false }.safe();
    Diagnostic::of_case(&case::NUMBERS_AS_STRINGS, tree.range(first), message).with_fix(fix)
}

/// What a quoted number is written as unquoted: as it stands when JSON reads it as a number,
/// else the number JavaScript reads (" 3" → `3`, "0x10" → `16`, ".5" → `0.5`).
fn unquoted(s: &str) -> String {
    let t = s.trim();
    match serde_json::from_str::<serde_json::Number>(t) {
        Ok(_) => t.to_owned(),
        Err(_) => js_number(string_to_number(t)),
    }
}

/// Quoted numbers where the C++ runtime reads numbers from an array the structure rule lets
/// pass with a warning: a mesh's `vertices` and `uvs`, a polygon's `vertices`, a deform key
/// frame's `vertices` (`parser/JSONDataParser.cpp:630-631, 770-771, 1606-1614`) and a `curve`
/// outside the 5.6 typed timelines (`:30-43`). rapidjson's `GetDouble` asserts on a string (a
/// build without assertions reads garbage). `triangles` are `integer_arrays`'; the runtime does
/// not read paths, surfaces, `lengths` or typed timelines.
pub(super) fn cpp_assertions(
    raw: &Raw<'_>,
    model: &Model,
    deform_frames: &FastSet<NodeId>,
    curved: &[NodeId],
    concerned: Targets,
    out: &mut Vec<Diagnostic>,
) {
    let mut arrays: Vec<(NodeId, &str)> = Vec::new();
    let mut add = |object: NodeId, name: &'static str| {
        if let Some(array) = raw.array(object, name) {
            arrays.push((array, name));
        }
    };
    for display in model.displays() {
        match display.ty {
            Some(DisplayType::Mesh) => {
                add(display.node, key::VERTICES);
                add(display.node, key::UVS);
            }
            Some(DisplayType::BoundingBox) if is_polygon(raw.tree, raw.text, display.node) => {
                add(display.node, key::VERTICES)
            }
            _ => {}
        }
    }
    let mut frames: Vec<NodeId> = deform_frames.iter().copied().collect();
    frames.sort_unstable();
    frames.into_iter().for_each(|frame| add(frame, key::VERTICES));
    curved.iter().for_each(|&object| add(object, key::CURVE));
    for (array, name) in arrays {
        let Some(first) = raw.elements(array).find(|&e| raw.kind(e) == NodeKind::String) else { continue };
        if !is_js_number(raw.text, raw.tree, first) {
            continue; // not a number to anyone: the structure rule's error
        }
        let message = format!(
            "{} `{name}`'s numbers with rapidjson's `GetDouble`, and {} is a string: its assertion aborts the runtime (a build without assertions reads garbage); write the number without quotes",
            names_verb(concerned, "reads", "read"),
            raw.tree.range(first).slice(raw.text),
        );
        out.push(load_failure(raw.tree.range(first), message));
    }
}
