//! The target rules of a binary skeleton's header: the values DragonBonesCPP's
//! `BinaryDataParser` (`parser/BinaryDataParser.cpp`) reads with rapidjson's `GetUint`, `GetInt`,
//! `MemberBegin` and `Size`, which assert on a value of another type. DragonBonesJS reads each of
//! these with JavaScript's conversions (`for … in` over a `null` map, `0.0` as 0) and loads the
//! file. The header's other keys are the JSON parser's, checked on the file's JSON view.

use rigls_diagnostic::{Code, Targets};
use rigls_text::FastSet;

use super::targets::{fits_integer, names_verb, value_shown};
use crate::binary::{
    ArrayKind, Binary, Body, CONSTRAINT_TIMELINES, Problem, deform, geometry, timeline, timeline_type, unwrap_index,
    weight,
};
use crate::eval::parse::display_type;
use crate::eval::raw::Raw;
use crate::schema::key;
use crate::syntax::NodeId;

/// The header's problems for the rapidjson targets `concerned`, at the header's nodes.
pub(crate) fn check(binary: &Binary, concerned: Targets) -> Vec<Problem> {
    let raw = Raw::new(&binary.tree, &binary.header).as_rapidjson();
    let mut out = Vec::new();
    let Some(root) = binary.tree.root().filter(|&r| raw.is_object(r)) else { return out };
    let Some(armatures) = raw.get(root, key::ARMATURE) else { return out };
    let report = &mut Report { raw, binary, concerned, out: &mut out };
    // `_parseArray`: the byte offsets of the six arrays, at the even places of the root `offset`.
    report.offsets(root, 11, &[0, 2, 4, 6, 8, 10], "the root `offset`");
    for armature in raw.elements(armatures).filter(|&a| raw.is_object(a)) {
        let names = Names::of(&raw, armature);
        let meshes = mesh_displays(&raw, armature, &names.slots);
        for &(_, display) in &meshes {
            // `_parseVertices`.
            let read_as = "a mesh's `offset` as an unsigned integer";
            match raw.get(display, key::OFFSET) {
                Some(offset) if fits_integer(&raw, offset, true) => {
                    if let (Some(body), Some(at)) = (&binary.body, raw.tree.int(raw.text, offset)) {
                        report.wrapped_weights(body, at as usize, display);
                    }
                }
                Some(offset) => report.not(offset, read_as, UINT_FIX),
                None => report.missing(display, read_as, "give it its index in intArray"),
            }
        }
        let Some(animations) = raw.get(armature, key::ANIMATION) else { continue };
        for animation in raw.elements(animations).filter(|&a| raw.is_object(a)) {
            report.offsets(animation, 3, &[0, 1, 2], "an animation's `offset`");
            if let Some(body) = &binary.body {
                report.deform_overruns(body, animation, &meshes);
            }
            for name in [key::ACTION, key::Z_ORDER] {
                if let Some(value) = raw.get(animation, name).filter(|&v| !fits_integer(&raw, v, true)) {
                    report.not(value, &format!("an animation's `{name}` as an unsigned integer"), UINT_FIX);
                }
            }
            for (map_key, known) in
                [(key::BONE, &names.bones), (key::SLOT, &names.slots), (CONSTRAINT_TIMELINES, &names.constraints)]
            {
                let Some(map) = raw.get(animation, map_key) else { continue };
                if !raw.is_object(map) {
                    let read_as = format!("an animation's `{map_key}` as an object (`MemberBegin`)");
                    report.not(map, &read_as, "write an object of [type, offset] lists by name, or remove the key");
                    continue;
                }
                // Every member, a key given twice included: the runtime iterates them all, and
                // reads the list of a name it finds.
                for member in raw.tree.members(map) {
                    let name = raw.tree.key(raw.text, member.key);
                    if known.contains(name.as_ref()) {
                        report.timeline_pairs(member.value, &format!("`{name}`'s timelines"));
                    }
                }
            }
        }
    }
    out
}

const UINT_FIX: &str = "write a whole number from 0 to 4294967295";

/// Where the problems go, each a `target-load-failure` at a header node.
struct Report<'r, 'a> {
    raw: Raw<'a>,
    binary: &'a Binary,
    concerned: Targets,
    out: &'r mut Vec<Problem>,
}

impl Report<'_, '_> {
    /// `value`, read as `read_as`, is not one.
    fn not(&mut self, value: NodeId, read_as: &str, fix: &str) {
        let reads = names_verb(self.concerned, "reads", "read");
        self.fail(value, &format!("{reads} {read_as}, and {} is not one", value_shown(&self.raw, value)), fix);
    }

    /// `object` lacks what is read as `read_as`.
    fn missing(&mut self, object: NodeId, read_as: &str, fix: &str) {
        let reads = names_verb(self.concerned, "reads", "read");
        self.fail(object, &format!("{reads} {read_as}, and there is none"), fix);
    }

    fn fail(&mut self, node: NodeId, what: &str, fix: &str) {
        let message = format!(
            "{what}: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); {fix}"
        );
        let bytes = self.binary.header_range_bytes(self.raw.tree.range(node));
        self.out.push(Problem::new(Code::TargetLoadFailure, bytes, Some(node), message));
    }

    /// The weights of the mesh whose geometry is at `intArray[at]`, when their offset is past
    /// 32 767 and so stored wrapped (negative, but not -1): DragonBonesJS adds 65 536 back, and
    /// `_parseVertices` takes it for "no weights" (`parser/BinaryDataParser.cpp:62-63`): the C++
    /// runtime draws the mesh from its plain vertices, following no bone (both harnesses posed
    /// it so).
    fn wrapped_weights(&mut self, body: &Body, at: usize, display: NodeId) {
        let Some(&stored) = body.int.get(at + geometry::WEIGHT_OFFSET) else { return };
        if stored >= -1 {
            return;
        }
        let message = format!(
            "{} this mesh's weights, at intArray[{}] (stored as {stored}), as none: its binary parser reads offsets past 32767 as negative, and the mesh is drawn in its setup shape, following no bone; split the skeleton so that its intArray stays under 32768 elements",
            names_verb(self.concerned, "reads", "read"),
            i64::from(stored) + 65536,
        );
        let bytes = body.bytes_of(ArrayKind::Int, at + geometry::WEIGHT_OFFSET..at + geometry::WEIGHT_OFFSET + 1);
        self.out.push(Problem::new(Code::TargetDrops, bytes, Some(display), message));
    }

    /// Slot deform timelines of `animation` whose mesh has no value to deform: the C++ runtime
    /// sizes a mesh's deform buffer from the mesh (its vertex count, or a weighted mesh's
    /// influences, × 2) and writes the timeline's count of values into it
    /// (`DeformTimelineState::update`, `animation/TimelineState.cpp:886-960`): into an empty one,
    /// through a null pointer, a crash. DragonBonesJS's array grows. (A buffer too small but not
    /// empty is overrun too, which the harness survives: not reported.) A binary the converter
    /// wrote never has it.
    fn deform_overruns(&mut self, body: &Body, animation: NodeId, meshes: &[(String, NodeId)]) {
        let raw = self.raw;
        let number =
            |n: Option<NodeId>| n.and_then(|n| raw.tree.int(raw.text, n)).and_then(|v| usize::try_from(v).ok());
        let first = raw.get(animation, key::OFFSET).and_then(|l| raw.elements(l).next());
        let (Some(frame_int), Some(map)) = (number(first), raw.get(animation, key::SLOT)) else { return };
        for member in raw.tree.members(map) {
            let name = raw.tree.key(raw.text, member.key);
            let blocks: Vec<usize> = meshes
                .iter()
                .filter(|(slot, _)| *slot == *name)
                .filter_map(|&(_, d)| number(raw.get(d, key::OFFSET)))
                .collect();
            let pairs: Vec<NodeId> = raw.elements(member.value).collect();
            for pair in pairs.chunks_exact(2) {
                let (Some(ty), Some(t)) = (number(Some(pair[0])), number(Some(pair[1]))) else { continue };
                if ty != timeline_type::SLOT_DEFORM as usize {
                    continue;
                }
                let Some(&header) = body.timeline.get(t + timeline::VALUE_COUNT) else { continue };
                let at = frame_int + usize::from(header);
                let (Some(&geometry), Some(&count)) =
                    (body.frame_int.get(at + deform::GEOMETRY), body.frame_int.get(at + deform::COUNT))
                else {
                    continue;
                };
                let block = unwrap_index(geometry);
                // Only a display of the slot is deformed (`DeformTimelineState::update`).
                let (true, Some(buffer), Ok(count)) =
                    (blocks.contains(&block), deform_buffer(body, block), usize::try_from(count))
                else {
                    continue;
                };
                if buffer > 0 || count == 0 {
                    continue;
                }
                let message = format!(
                    "{} this deform timeline's {count} values into the mesh at intArray[{block}], which has none (no vertex, or no influence): through a null pointer, and the runtime crashes playing the animation (DragonBonesJS's array grows); give the mesh its vertices, or remove the timeline",
                    names_verb(self.concerned, "writes", "write"),
                );
                let bytes = self.binary.header_range_bytes(raw.tree.range(pair[1]));
                self.out.push(Problem::new(Code::TargetLoadFailure, bytes, Some(pair[1]), message));
            }
        }
    }

    /// The places `at` of the `offset` list of `object`, read with `GetUint`; the list needs
    /// `len` elements (`operator[]` asserts past its end).
    fn offsets(&mut self, object: NodeId, len: usize, at: &[usize], what: &str) {
        let raw = self.raw;
        let list = raw.get(object, key::OFFSET);
        let elements: Vec<NodeId> =
            list.filter(|&l| raw.is_array(l)).map(|l| raw.elements(l).collect()).unwrap_or_default();
        if elements.len() < len {
            let read_as = format!("{what} as a list of at least {len} numbers");
            let fix = "write the offsets the converter writes";
            match list {
                Some(list) => self.not(list, &read_as, fix),
                None => self.missing(object, &read_as, fix),
            }
            return;
        }
        for &i in at {
            if !fits_integer(&raw, elements[i], true) {
                self.not(elements[i], &format!("{what}'s element {i} as an unsigned integer"), UINT_FIX);
            }
        }
    }

    /// A bone's, slot's or constraint's `[type, offset, …]` list: `Size` asserts on anything but
    /// a list, `operator[]` past its end, `GetInt` on a type and `GetUint` on an offset of another
    /// kind.
    fn timeline_pairs(&mut self, list: NodeId, whose: &str) {
        let raw = self.raw;
        if !raw.is_array(list) {
            self.not(list, &format!("{whose} as a list (`Size`)"), "write [type, offset] pairs");
            return;
        }
        let values: Vec<NodeId> = raw.elements(list).collect();
        if values.len() % 2 == 1 {
            let reads = names_verb(self.concerned, "reads", "read");
            let what = format!("{reads} {whose} as [type, offset] pairs, and the last type has no offset");
            self.fail(list, &what, "give the last type its offset");
        }
        for pair in values.chunks_exact(2) {
            if !fits_integer(&raw, pair[0], false) {
                self.not(pair[0], "a timeline's type as a 32-bit integer", "write the type's number");
            }
            if !fits_integer(&raw, pair[1], true) {
                self.not(pair[1], "a timeline's offset as an unsigned integer", UINT_FIX);
            }
        }
    }
}

/// An armature's bones, slots and constraints, by the names the runtime finds them by.
struct Names {
    bones: FastSet<String>,
    slots: FastSet<String>,
    /// IK constraints whose bone and target are bones (`_parseIKConstraint` drops the others).
    constraints: FastSet<String>,
}

impl Names {
    fn of(raw: &Raw<'_>, armature: NodeId) -> Names {
        let named = |list: &str| -> Vec<NodeId> {
            raw.get(armature, list).map(|l| raw.elements(l).filter(|&e| raw.is_object(e)).collect()).unwrap_or_default()
        };
        let name = |object: NodeId, key: &str| raw.string(object, key, "");
        let bones: FastSet<String> = named(key::BONE).into_iter().map(|b| name(b, key::NAME)).collect();
        let slots = named(key::SLOT).into_iter().map(|s| name(s, key::NAME)).collect();
        let constraints = named(key::IK)
            .into_iter()
            .filter(|&c| bones.contains(&name(c, key::BONE)) && bones.contains(&name(c, key::TARGET)))
            .map(|c| name(c, key::NAME))
            .collect();
        Names { bones, slots, constraints }
    }
}

/// The size of the deform buffer DragonBonesCPP gives the mesh at `intArray[block]`
/// (`DeformVertices::init`): twice its vertex count, or a weighted mesh's influences (counted as
/// `_parseVertices` does); `None` where the arrays do not hold it.
fn deform_buffer(body: &Body, block: usize) -> Option<usize> {
    let int = |i: usize| body.int.get(i).copied();
    let vertices = usize::try_from(int(block + geometry::VERTEX_COUNT)?).ok()?;
    let Ok(weights) = usize::try_from(int(block + geometry::WEIGHT_OFFSET)?) else { return Some(vertices * 2) };
    let bones = usize::try_from(int(weights + weight::BONE_COUNT)?).ok()?;
    let (mut at, mut influences) = (weights + weight::BONES + bones, 0usize);
    for _ in 0..vertices {
        let n = usize::try_from(int(at)?).ok()?;
        influences += n;
        at += 1 + n;
    }
    Some(influences * 2)
}

/// The mesh displays `_parseSkin` parses with `_parseVertices`, with their slots' names: of
/// every skin, under the slots the armature has, those not sharing another mesh's geometry.
fn mesh_displays(raw: &Raw<'_>, armature: NodeId, slots: &FastSet<String>) -> Vec<(String, NodeId)> {
    let mut out = Vec::new();
    let Some(skins) = raw.get(armature, key::SKIN) else { return out };
    for skin in raw.elements(skins).filter(|&s| raw.is_object(s)) {
        let Some(skin_slots) = raw.get(skin, key::SLOT) else { continue };
        for slot in raw.elements(skin_slots).filter(|&s| raw.is_object(s)) {
            let name = raw.string(slot, key::NAME, "");
            if !slots.contains(&name) {
                continue;
            }
            let Some(displays) = raw.get(slot, key::DISPLAY) else { continue };
            out.extend(
                raw.elements(displays)
                    .filter(|&d| raw.is_object(d) && display_type(*raw, d) == 2.0 && !raw.has(d, key::SHARE))
                    .map(|d| (name.clone(), d)),
            );
        }
    }
    out
}
