//! The target rules: what the DragonBones runtimes a user names reject, drop or draw differently
//! (`docs/targets.md`), each read from the profiles' one table ([`crate::target`]).
//!
//! A data version a named runtime does not read is one `target-unsupported-version` error on
//! `version`, naming those runtimes and the fix. Each place holding a feature some named runtime
//! drops or draws otherwise is one `target-drops` warning listing every runtime concerned and
//! what its users see.

use crate::eval::geom::Matrix;
use crate::eval::parse::{display_type, is_surface};
use crate::eval::raw::Raw;
use crate::model::{DocKind, Model, is_polygon};
use crate::schema::{BLEND_MODE, DisplayType, KeyDef, ValueType, Version, key};
use crate::syntax::{NodeId, NodeKind, Tree};
use crate::target::{self, Colour, Feature, Profile};
use rigls_diagnostic::{Code, Diagnostic, FileFormat, Targets};
use rigls_text::TextRange;

pub fn check(text: &str, tree: &Tree, model: &Model, targets: Targets) -> Vec<Diagnostic> {
    let mut out = check_all(text, tree, model, targets);
    // rapidjson stops at a number it refuses: what the runtime would make of that value is moot.
    if let Some(refused) = super::rapidjson_numbers::first_refused(tree, text, rapidjson_targets_of(targets)) {
        out.retain(|d| d.code != Code::TargetLoadFailure || d.range != refused.range);
        out.push(refused);
    }
    out
}

fn check_all(text: &str, tree: &Tree, model: &Model, targets: Targets) -> Vec<Diagnostic> {
    let profiles: Vec<&Profile> =
        targets.of_format(FileFormat::DragonBones).iter().filter_map(target::profile).collect();
    if profiles.is_empty() || !matches!(model.doc, DocKind::Skeleton | DocKind::Atlas) {
        return Vec::new();
    }
    let Some(root) = tree.root() else { return Vec::new() };
    let mut out = Vec::new();
    out.extend(byte_order_mark(text, &profiles));
    if model.doc == DocKind::Atlas {
        let concerned = rapidjson_targets(&profiles);
        if !concerned.is_empty() {
            super::atlas_targets::check(&Raw::new(tree, text).as_rapidjson(), root, concerned, &mut out);
        }
        return out;
    }
    out.extend(version(text, model, tree, &profiles));
    let given_twice = Raw::new(tree, text).objects_giving_a_key_twice(root);
    let raw = Raw::new(tree, text).knowing_keys_given_twice(&given_twice);
    // The rules of the C++ runtimes read as rapidjson does: the first of a key given twice.
    let cpp = raw.as_rapidjson();
    version_of_another_type(&cpp, root, &profiles, &mut out);
    out.extend(no_armature(&raw, root, &profiles));
    weight_counts(&cpp, root, &profiles, &mut out);
    negative_vertex_counts(&cpp, root, &profiles, &mut out);
    if !model.data_version.is_some_and(|v| v.is_legacy()) {
        curves(&cpp, root, &profiles, &mut out);
        negative_counts(&cpp, root, &profiles, &mut out);
        // A deform key frame's `offset` is an unsigned integer, not a float.
        let deform_frames = deform_frames(&cpp, root);
        integers(&cpp, root, model, &deform_frames, &profiles, &mut out);
        integer_arrays(&cpp, root, &profiles, &mut out);
        let concerned = rapidjson_targets(&profiles);
        if !concerned.is_empty() {
            let curved = objects_with_curves(&cpp, root);
            super::quoted_numbers::cpp_assertions(&cpp, model, &deform_frames, &curved, concerned, &mut out);
        }
        nulls(&cpp, root, &deform_frames, &profiles, &mut out);
        // Unity keeps 32-bit floats too, and reads the last of a key given twice.
        let float_targets = profiles.iter().filter(|p| p.eval.value.float_values);
        let float_raw = if float_targets.clone().all(|p| p.rapidjson) { cpp } else { raw };
        float_overflows(&float_raw, root, model, &deform_frames, &profiles, &mut out);
        singular_bone_poses(&float_raw, model, &profiles, &mut out);
        unreadable_polygons(&cpp, model, &profiles, &mut out);
        let concerned = rapidjson_targets(&profiles);
        if !concerned.is_empty() {
            super::build_targets::unknown_child_armatures(&cpp, model, concerned, &mut out);
        }
        out.extend(super::z_order_targets::first_outside(&cpp, root, model, concerned));
    }
    let mut places = Vec::new();
    // 2.3 and 3.0 data say other things with the same keys (`timeline` is their bone timelines).
    if !model.data_version.is_some_and(|v| v.is_legacy()) {
        find(&raw, root, &mut places);
    }
    for place in places {
        if let Some(message) = dropped(&place, &profiles) {
            out.push(Diagnostic::new(Code::TargetDrops, FileFormat::DragonBones, place.range, message));
        }
    }
    out
}

/// rapidjson, as the C++ runtime calls it, refuses a UTF-8 byte-order mark, and the runtime does
/// not check the parse result: nothing of the file is read.
fn byte_order_mark(text: &str, profiles: &[&Profile]) -> Option<Diagnostic> {
    let bom = '\u{feff}';
    if !text.starts_with(bom) {
        return None;
    }
    let concerned = rapidjson_targets(profiles);
    if concerned.is_empty() {
        return None;
    }
    let message = format!(
        "{} not read a file that starts with a byte-order mark (rapidjson refuses it): nothing is loaded; save the file as UTF-8 without a BOM",
        names_verb(concerned, "does", "do")
    );
    // Editors do not show the mark: the range takes the first character after it too.
    let next = text[bom.len_utf8()..].chars().next().map_or(0, char::len_utf8);
    let range = TextRange::new(0, (bom.len_utf8() + next) as u32);
    Some(load_failure(range, message))
}

/// A skeleton without armatures: every runtime builds nothing from it.
fn no_armature(raw: &Raw<'_>, root: NodeId, profiles: &[&Profile]) -> Option<Diagnostic> {
    if !list(raw, root, key::ARMATURE).is_empty() {
        return None;
    }
    let concerned: Targets = profiles.iter().map(|p| p.target).collect();
    let range = match raw.tree.member(raw.text, root, key::ARMATURE) {
        Some(member) => raw.tree.member_range(member),
        None => TextRange::new(raw.tree.range(root).start, raw.tree.range(root).start + 1),
    };
    let message = format!(
        "{} no armature to build from this skeleton (no armature object in `armature`): nothing is shown",
        names_verb(concerned, "finds", "find")
    );
    Some(load_failure(range, message))
}

/// A mesh's `weights` as rapidjson reads them, one vertex's after another for each vertex: the
/// bone counts and bone indices are read as unsigned integers, and one written with a decimal
/// point or an exponent (`1.0`) reads 0 in a release build (a debug build aborts): every later
/// number is misread and the runtime crashes.
fn weight_counts(raw: &Raw<'_>, root: NodeId, profiles: &[&Profile], out: &mut Vec<Diagnostic>) {
    let concerned = rapidjson_targets(profiles);
    if concerned.is_empty() {
        return;
    }
    for armature in list(raw, root, key::ARMATURE) {
        for skin in list(raw, armature, key::SKIN) {
            for slot in list(raw, skin, key::SLOT) {
                for display in list(raw, slot, key::DISPLAY) {
                    let Some(weights) = raw.array(display, key::WEIGHTS) else { continue };
                    let items: Vec<NodeId> = raw.elements(weights).collect();
                    // It reads one vertex's weights per vertex (`JSONDataParser.cpp:671-708`),
                    // not past them.
                    let vertices = raw.array(display, key::VERTICES).map_or(0, |v| raw.elements(v).count() / 2);
                    let mut i = 0;
                    for _ in 0..vertices {
                        if i >= items.len() {
                            break;
                        }
                        let count = raw.tree.number(raw.text, items[i]).unwrap_or(0.0).max(0.0) as usize;
                        // A count past the array's end stops at it (a huge one hung here).
                        let integers = std::iter::once(i)
                            .chain((0..count).map(|k| i + 1 + 2 * k).take_while(|&j| j < items.len()));
                        if let Some(bad) =
                            integers.filter_map(|j| items.get(j).copied()).find(|&n| !written_as_integer(raw, n))
                        {
                            let value = raw.tree.number(raw.text, bad).unwrap_or(0.0);
                            let fix = if value.fract() == 0.0 {
                                format!("write `{}`", crate::model::js_number(value))
                            } else {
                                "write a whole number".to_owned()
                            };
                            let message = format!(
                                "{} `{}` here as an unsigned integer, and a number written with a decimal point or an exponent reads 0 (a debug build aborts): the rest of `weights` is misread and the runtime crashes; {fix}",
                                names_verb(concerned, "reads", "read"),
                                raw.tree.range(bad).slice(raw.text),
                            );
                            out.push(load_failure(raw.tree.range(bad), message));
                            break;
                        }
                        i = i.saturating_add(1).saturating_add(count.saturating_mul(2));
                    }
                }
            }
        }
    }
}

/// A mesh of 32,768 to 65,535 vertices: the C++ runtime stores its vertex count in 16 bits and
/// reads it back negative, and its mesh slot (cocos2d-x's, the harness's) reads out of bounds.
fn negative_vertex_counts(raw: &Raw<'_>, root: NodeId, profiles: &[&Profile], out: &mut Vec<Diagnostic>) {
    let concerned = rapidjson_targets(profiles);
    if concerned.is_empty() {
        return;
    }
    for armature in list(raw, root, key::ARMATURE) {
        for display in list(raw, armature, key::SKIN)
            .into_iter()
            .flat_map(|skin| list(raw, skin, key::SLOT))
            .flat_map(|slot| list(raw, slot, key::DISPLAY))
        {
            let Some(vertices) = raw.array(display, key::VERTICES) else { continue };
            let count = raw.tree.len(vertices) / 2;
            if (count as u16 as i16) >= 0
                || crate::eval::parse::display_type(*raw, display) != 2.0
                || raw.has(display, key::SHARE)
            {
                continue;
            }
            let message = format!(
                "{} this mesh's {count} vertices as {} (a 16-bit count) and crash{} drawing it; split the mesh into meshes of at most 32,767 vertices",
                names_verb(concerned, "reads", "read"),
                count as u16 as i16,
                if concerned.len() == 1 { "es" } else { "" },
            );
            let key = raw.tree.member(raw.text, display, key::VERTICES).map(|m| m.key);
            out.push(load_failure(raw.tree.range(key.unwrap_or(vertices)), message));
        }
    }
}

/// A key frame's `curve` as the C++ runtime samples it (`parser/JSONDataParser.cpp:23-62`): always
/// with implicit end points, 4 numbers and 6 more per further segment. Any other count is read
/// past its end: rapidjson's assertion aborts the runtime (a build without assertions reads
/// garbage).
fn curves(raw: &Raw<'_>, root: NodeId, profiles: &[&Profile], out: &mut Vec<Diagnostic>) {
    let concerned = rapidjson_targets(profiles);
    if concerned.is_empty() {
        return;
    }
    let mut found = Vec::new();
    for armature in list(raw, root, key::ARMATURE) {
        for animation in list(raw, armature, key::ANIMATION) {
            each_object(raw, animation, &mut |node| {
                if let Some(curve) = raw.get(node, key::CURVE)
                    && raw.is_array(curve)
                    && raw.number(node, key::DURATION, 1.0) > 0.0
                {
                    let count = raw.elements(curve).count();
                    if count < 4 || !(count - 4).is_multiple_of(6) {
                        found.push((node, count));
                    }
                }
            });
        }
    }
    for (frame, count) in found {
        let Some(member) = raw.tree.member(raw.text, frame, key::CURVE) else { continue };
        let message = format!(
            "{} a `curve` as 4 numbers and 6 more per further segment (its end points implicit): these {count} are read past their end, and rapidjson's assertion aborts the runtime; write 4, 10, 16… numbers, without the end points (0, 0) and (1, 1)",
            names_verb(concerned, "reads", "read"),
        );
        out.push(load_failure(raw.tree.range(member.key), message));
    }
}

/// An animation's `duration` and `playTimes` and its key frames' `duration`, which the C++
/// runtime reads as unsigned integers (`parser/JSONDataParser.cpp:819-820, 847, 1069`): a
/// negative one fails rapidjson's assertion and aborts the runtime (a build without assertions
/// reads 4294967295 and more). 5.6 typed timelines are not read.
fn negative_counts(raw: &Raw<'_>, root: NodeId, profiles: &[&Profile], out: &mut Vec<Diagnostic>) {
    let concerned = rapidjson_targets(profiles);
    if concerned.is_empty() {
        return;
    }
    let negative = |object: NodeId, name: &str| {
        raw.get(object, name).is_some_and(|v| raw.tree.number(raw.text, v).is_some_and(|n| n < 0.0))
    };
    let (lone, typed) = (lone_key_frames(raw, root), typed_timelines(raw, root));
    let mut found = Vec::new();
    for armature in list(raw, root, key::ARMATURE) {
        for animation in list(raw, armature, key::ANIMATION) {
            if negative(animation, key::PLAY_TIMES) {
                found.push((animation, key::PLAY_TIMES));
            }
            // The animation's own `duration`, then its key frames'.
            each_object_but(raw, animation, &typed, &mut |node| {
                if negative(node, key::DURATION) && !lone.contains(&node) {
                    found.push((node, key::DURATION));
                }
            });
        }
    }
    for (object, name) in found {
        let Some(member) = raw.tree.member(raw.text, object, name) else { continue };
        let message = format!(
            "{} `{name}` as an unsigned integer, and {} fails rapidjson's assertion: the runtime aborts; write 0 or more",
            names_verb(concerned, "reads", "read"),
            raw.tree.range(member.value).slice(raw.text),
        );
        out.push(load_failure(raw.tree.range(member.value), message));
    }
}

/// Keys the C++ runtime reads as integers, wherever they are (`_getNumber(…, int)` and
/// `(…, unsigned)`, `parser/JSONDataParser.cpp:161-1560`): durations, play times, frame rates,
/// display indices, IK chains and colour transforms.
const INTEGER_KEYS: &[&str] = &[
    key::DURATION,
    key::PLAY_TIMES,
    key::FRAME_RATE,
    key::DISPLAY_INDEX,
    key::CHAIN,
    key::A_M,
    key::R_M,
    key::G_M,
    key::B_M,
    key::A_O,
    key::R_O,
    key::G_O,
    key::B_O,
];

/// Whether the C++ runtime reads `name` as an integer ([`INTEGER_KEYS`]).
pub fn read_as_integer(name: &str) -> bool {
    INTEGER_KEYS.contains(&name)
}

/// Whether the C++ runtime reads a number of the key `def` as an integer, which `GetInt` and
/// `GetUint` assert it is: the [`INTEGER_KEYS`], a `color` that is a number (a canvas's, a
/// bounding box's; a slot's is an object), a deform key frame's whole-number `offset` (a
/// timeline's is a float, a path's is not read) and an atlas's `width` and `height`.
pub fn integer_in_cpp(def: &KeyDef) -> bool {
    let deform_offset = def.name == key::OFFSET && def.ty == ValueType::Int && !def.ignored;
    // An atlas's size (`GetUint`); a texture's and a bounding box's are floats.
    let atlas_size = matches!(def.name, key::WIDTH | key::HEIGHT) && def.ty == ValueType::Int;
    read_as_integer(def.name) || def.name == key::COLOR || deform_offset || atlas_size
}

/// An integer key ([`INTEGER_KEYS`]) written as a string, with a fraction or an exponent
/// (`24.0`), or past the range of the type it is read in: rapidjson's `GetInt`/`GetUint` assert
/// that the value is an integer of that type, which aborts the runtime (a build without
/// assertions reads garbage). So is a number in a key read as a boolean ([`boolean_number`]).
/// 5.6 typed timelines are not read.
fn integers(
    raw: &Raw<'_>,
    root: NodeId,
    model: &Model,
    deform_frames: &rigls_text::FastSet<NodeId>,
    profiles: &[&Profile],
    out: &mut Vec<Diagnostic>,
) {
    let concerned = rapidjson_targets(profiles);
    if concerned.is_empty() {
        return;
    }
    // A display frame's `value` is its display index (`_getNumber(…, VALUE, 0)`, an `int`); the
    // `color` of a canvas and of a bounding box is an `int` too (a slot's is an object), and a
    // deform key frame's `offset` is unsigned.
    let mut display_frames = rigls_text::FastSet::default();
    let boxes = model.displays().filter(|d| d.ty == Some(DisplayType::BoundingBox)).map(|d| d.node);
    let mut coloured: rigls_text::FastSet<NodeId> = boxes.collect();
    for armature in list(raw, root, key::ARMATURE) {
        for animation in list(raw, armature, key::ANIMATION) {
            for timeline in list(raw, animation, key::SLOT) {
                display_frames.extend(list(raw, timeline, key::DISPLAY_FRAME));
            }
        }
        coloured.extend(raw.get(armature, key::CANVAS).filter(|&c| raw.kind(c) == NodeKind::Object));
    }
    let lone = lone_key_frames(raw, root);
    let constraints: rigls_text::FastSet<NodeId> =
        list(raw, root, key::ARMATURE).into_iter().flat_map(|a| list(raw, a, key::IK)).collect();
    let mut found = Vec::new();
    each_object_but(raw, root, &typed_timelines(raw, root), &mut |object| {
        for member in raw.read_members(object) {
            if let Some(name) = boolean_number(raw, object, member, &constraints) {
                found.push((member.value, format!(
                    "{} a number `{name}` as a 32-bit integer (0 false, any other true), and {} is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write true or false",
                    names_verb(concerned, "reads", "read"),
                    raw.tree.range(member.value).slice(raw.text),
                )));
                continue;
            }
            if lone.contains(&object) && raw.tree.key_is(raw.text, member.key, key::DURATION) {
                continue;
            }
            let display_index = display_frames.contains(&object) && raw.tree.key_is(raw.text, member.key, key::VALUE);
            let colour = coloured.contains(&object) && raw.tree.key_is(raw.text, member.key, key::COLOR);
            let offset = deform_frames.contains(&object) && raw.tree.key_is(raw.text, member.key, key::OFFSET);
            let integer_key = INTEGER_KEYS.iter().find(|k| raw.tree.key_is(raw.text, member.key, k));
            let in_context = (display_index.then_some(&key::VALUE))
                .or(colour.then_some(&key::COLOR))
                .or(offset.then_some(&key::OFFSET));
            let Some(&name) = integer_key.or(in_context) else { continue };
            let written = raw.tree.range(member.value).slice(raw.text);
            let fix = match raw.kind(member.value) {
                NodeKind::String => raw.tree.str(raw.text, member.value).and_then(|s| {
                    let n: f64 = s.trim().parse().ok()?;
                    (n.fract() == 0.0 && n.abs() < 1e9).then(|| format!("write `{n}`, without the quotes"))
                }),
                NodeKind::Number if !written_as_integer(raw, member.value) => {
                    let n = raw.tree.number(raw.text, member.value).unwrap_or(f64::NAN);
                    (n.fract() == 0.0 && n.abs() < 1e9).then(|| format!("write `{n}`"))
                }
                // `GetInt`/`GetUint` on anything but a number.
                NodeKind::Null | NodeKind::True | NodeKind::False | NodeKind::Array | NodeKind::Object => None,
                NodeKind::Number => {
                    if let Some(message) = past_integer_range(name, object == root, written) {
                        let verb = names_verb(concerned, "reads", "read");
                        found.push((member.value, format!("{verb} `{name}` {message}")));
                    }
                    continue;
                }
                _ => continue,
            };
            let fix = fix.unwrap_or_else(|| "write a whole number".to_owned());
            let written = match raw.kind(member.value) {
                NodeKind::Array => "an array",
                NodeKind::Object => "an object",
                _ => written,
            };
            found.push((member.value, format!(
                "{} `{name}` as an integer, and {written} is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); {fix}",
                names_verb(concerned, "reads", "read"),
            )));
        }
    });
    out.extend(found.into_iter().map(|(value, message)| load_failure(raw.tree.range(value), message)));
}

/// Arrays whose elements the C++ runtime reads with `GetUint`/`GetInt`, which assert that each is
/// an integer of that type (`parser/JSONDataParser.cpp:624, 655, 1335-1336, 1748`): a mesh's
/// `triangles` and every seventh number of its `bonePose` (unsigned), a `zOrder` frame's list and
/// an action's `ints` (`int`). The first element that is not one, per array, is reported
/// (`weights` are [`weight_counts`]'). 5.6 typed timelines are not read.
fn integer_arrays(raw: &Raw<'_>, root: NodeId, profiles: &[&Profile], out: &mut Vec<Diagnostic>) {
    let concerned = rapidjson_targets(profiles);
    if concerned.is_empty() {
        return;
    }
    let mut found = Vec::new();
    each_object_but(raw, root, &typed_timelines(raw, root), &mut |object| {
        for member in raw.read_members(object) {
            let name = raw.tree.key(raw.text, member.key);
            let (unsigned, step) = match name.as_ref() {
                key::TRIANGLES => (true, 1),
                key::BONE_POSE => (true, 7),
                key::Z_ORDER | key::INTS => (false, 1),
                _ => continue,
            };
            if !raw.is_array(member.value) {
                continue;
            }
            let bad = raw.elements(member.value).step_by(step).find(|&e| !fits_integer(raw, e, unsigned));
            if let Some(bad) = bad {
                found.push((bad, name.into_owned(), unsigned));
            }
        }
    });
    for (bad, name, unsigned) in found {
        let kind = if unsigned { "unsigned 32-bit integers" } else { "32-bit integers" };
        let (low, high) = integer_range(unsigned);
        let written = match raw.kind(bad) {
            NodeKind::Array => "an array",
            NodeKind::Object => "an object",
            _ => raw.tree.range(bad).slice(raw.text),
        };
        let message = format!(
            "{} `{name}`'s numbers here as {kind}, and {written} is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a whole number from {low} to {high}",
            names_verb(concerned, "reads", "read"),
        );
        out.push(load_failure(raw.tree.range(bad), message));
    }
}

/// The key frames that are alone in their timeline: the C++ runtime does not read their
/// `duration` (`parser/JSONDataParser.cpp:1046-1050`: one key frame lasts the animation).
/// Bone, slot, deform and IK timelines and `zOrder`; not the animation's own `frame` list, whose
/// durations are all read.
fn lone_key_frames(raw: &Raw<'_>, root: NodeId) -> rigls_text::FastSet<NodeId> {
    let mut lone = rigls_text::FastSet::default();
    let mut alone = |list: NodeId| {
        let mut frames = raw.elements(list);
        if let (Some(only), None) = (frames.next(), frames.next())
            && raw.is_object(only)
        {
            lone.insert(only);
        }
    };
    for armature in list(raw, root, key::ARMATURE) {
        for animation in list(raw, armature, key::ANIMATION) {
            for kind in [key::BONE, key::SLOT, key::FFD, key::IK] {
                for timeline in list(raw, animation, kind) {
                    raw.read_members(timeline).filter(|m| raw.is_array(m.value)).for_each(|m| alone(m.value));
                }
            }
            if let Some(frames) = raw.get(animation, key::Z_ORDER).and_then(|z| raw.array(z, key::FRAME)) {
                alone(frames);
            }
        }
    }
    lone
}

/// Keys the C++ runtime reads with `_getString`, which takes a number's text and asserts on
/// anything else (`parser/JSONDataParser.h:91-104`), or as an enumeration's name or else its
/// number (`GetInt`): `null` there aborts it, where DragonBonesJS reads "null" or the default.
/// (`version` null is `target-unsupported-version`'s where no `compatibleVersion` is read instead.)
const READ_AS_STRINGS: &[&str] = &[
    key::NAME,
    key::PARENT,
    key::BONE,
    key::SLOT,
    key::SKIN,
    key::TARGET,
    key::COMPATIBLE_VERSION,
    key::PATH,
    key::GOTO_AND_PLAY,
    key::TYPE,
    key::BLEND_MODE,
    key::SUB_TYPE,
];

/// `null` in a key the C++ runtime reads as a string or an enumeration ([`READ_AS_STRINGS`]), and
/// in the lists and objects of timelines DragonBonesJS passes over when null (an animation's
/// `zOrder`, a timeline's key frames, a slot key frame's `color` and `value`, a deform key
/// frame's `vertices`; the others are `invalid-value` errors for every runtime): rapidjson's
/// assertion aborts the runtime (the harness printed `Assertion 'IsNumber()' failed` for a
/// slot's `parent`, a display's `name`, `path` and `type`, `IsArray()` for a `translateFrame`…).
/// 5.6 typed timelines are not read.
fn nulls(
    raw: &Raw<'_>,
    root: NodeId,
    deform_frames: &rigls_text::FastSet<NodeId>,
    profiles: &[&Profile],
    out: &mut Vec<Diagnostic>,
) {
    let concerned = rapidjson_targets(profiles);
    if concerned.is_empty() {
        return;
    }
    let (mut timelines, mut frames) = (rigls_text::FastSet::default(), deform_frames.clone());
    let mut animations = rigls_text::FastSet::default();
    for armature in list(raw, root, key::ARMATURE) {
        for animation in list(raw, armature, key::ANIMATION) {
            for kind in [key::BONE, key::SLOT, key::FFD, key::IK] {
                timelines.extend(list(raw, animation, kind));
            }
            timelines.extend(raw.get(animation, key::Z_ORDER).filter(|&z| raw.is_object(z)));
            animations.insert(animation);
            for timeline in list(raw, animation, key::SLOT) {
                frames.extend(list(raw, timeline, key::FRAME));
                frames.extend(list(raw, timeline, key::COLOR_FRAME));
            }
        }
    }
    const FRAME_LISTS: &[&str] =
        &[key::FRAME, key::TRANSLATE_FRAME, key::ROTATE_FRAME, key::SCALE_FRAME, key::COLOR_FRAME, key::DISPLAY_FRAME];
    const IN_FRAMES: &[&str] = &[key::COLOR, key::VALUE, key::VERTICES];
    // What the C++ runtime does not read: typed timelines, path constraints, a 4.5 skin slot's
    // actions, and an IK constraint without `bone` past its `bone`.
    let mut unread = typed_timelines(raw, root);
    let armatures: rigls_text::FastSet<NodeId> = list(raw, root, key::ARMATURE).into_iter().collect();
    for &armature in &armatures {
        unread.extend(raw.get(armature, key::PATH));
        unread.extend(list(raw, armature, key::IK).into_iter().filter(|&ik| raw.get(ik, key::BONE).is_none()));
        for skin in list(raw, armature, key::SKIN) {
            unread.extend(list(raw, skin, key::SLOT).into_iter().filter_map(|slot| raw.get(slot, key::ACTIONS)));
        }
    }
    // Without `compatibleVersion`, `target-unsupported-version` says that `version` is null.
    let compatible = raw.get(root, key::COMPATIBLE_VERSION).is_some();
    let mut found = Vec::new();
    each_object_but(raw, root, &unread, &mut |object| {
        for member in raw.read_members(object) {
            if raw.kind(member.value) != NodeKind::Null {
                continue;
            }
            let is = |keys: &[&'static str]| keys.iter().find(|k| raw.tree.key_is(raw.text, member.key, k)).copied();
            let version = object == root && compatible;
            // An armature's `path` is its path constraints' list (not read), a display's its image.
            let name = is(READ_AS_STRINGS)
                .filter(|&k| k != key::PATH || !armatures.contains(&object))
                .or_else(|| is(&[key::VERSION]).filter(|_| version))
                .or_else(|| is(FRAME_LISTS).filter(|_| timelines.contains(&object)))
                .or_else(|| is(IN_FRAMES).filter(|_| frames.contains(&object)))
                .or_else(|| is(&[key::Z_ORDER]).filter(|_| animations.contains(&object)));
            let name = name.map(|k| match k {
                key::TYPE | key::BLEND_MODE | key::SUB_TYPE => (k, "a name or a number"),
                key::COLOR | key::VALUE | key::Z_ORDER => (k, "an object"),
                _ if FRAME_LISTS.contains(&k) || k == key::VERTICES => (k, "a list"),
                _ => (k, "a string"),
            });
            if let Some(name) = name {
                found.push((member.value, name));
            }
        }
    });
    for (value, (name, what)) in found {
        let message = format!(
            "{} `{name}` as {what}, and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); remove the key",
            names_verb(concerned, "reads", "read"),
        );
        out.push(load_failure(raw.tree.range(value), message));
    }
}

/// `version` written as true, false, a list or an object beside a `compatibleVersion`: the C++
/// runtime reads it with `_getString`, whose `GetDouble` asserts (`parser/JSONDataParser.cpp:1831`),
/// where DragonBonesJS reads its text ("true") and goes on to `compatibleVersion`. Null is
/// [`nulls`]'s; without `compatibleVersion` no runtime reads the version (`unsupported-version`).
fn version_of_another_type(raw: &Raw<'_>, root: NodeId, profiles: &[&Profile], out: &mut Vec<Diagnostic>) {
    let concerned = rapidjson_targets(profiles);
    if concerned.is_empty() || raw.get(root, key::COMPATIBLE_VERSION).is_none() {
        return;
    }
    let Some(version) = raw.get(root, key::VERSION) else { return };
    if matches!(raw.kind(version), NodeKind::True | NodeKind::False | NodeKind::Array | NodeKind::Object) {
        let message = format!(
            "{} `version` as a string, and {} is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write the data version as a string, e.g. `\"version\": \"5.5\"`",
            names_verb(concerned, "reads", "read"),
            value_shown(raw, version),
        );
        out.push(load_failure(raw.tree.range(version), message));
    }
}

/// Keys the C++ runtime reads with `_getBoolean` (`parser/JSONDataParser.h:26-59`), which
/// reads a number with `GetInt`: one that is no 32-bit integer (`1.5`, `1.0`, 2^32) aborts it,
/// where DragonBonesJS takes any number but 0 for true. An IK constraint's `scale` too.
const BOOLEAN_KEYS: &[&str] = &[
    key::INHERIT_TRANSLATION,
    key::INHERIT_ROTATION,
    key::INHERIT_SCALE,
    key::INHERIT_REFLECTION,
    key::INHERIT_DEFORM,
    key::BEND_POSITIVE,
];

/// The key `member` of `object` names when it is read as a boolean ([`BOOLEAN_KEYS`], or the
/// `scale` of one of the IK `constraints`) and holds a number `GetInt` asserts on.
fn boolean_number(
    raw: &Raw<'_>,
    object: NodeId,
    member: crate::syntax::Member,
    constraints: &rigls_text::FastSet<NodeId>,
) -> Option<&'static str> {
    if raw.kind(member.value) != NodeKind::Number {
        return None;
    }
    let is = |k: &str| raw.tree.key_is(raw.text, member.key, k);
    let ik_scale = constraints.contains(&object) && is(key::SCALE);
    let name = BOOLEAN_KEYS.iter().copied().find(|k| is(k)).or(ik_scale.then_some(key::SCALE))?;
    (!fits_integer(raw, member.value, false)).then_some(name)
}

/// The key frames of every deform (`ffd`) timeline: their `offset` is an unsigned integer to the
/// C++ runtime (`_parseSlotFFDFrame`, `parser/JSONDataParser.cpp:1560`), where a timeline's own
/// `offset` is a float.
fn deform_frames(raw: &Raw<'_>, root: NodeId) -> rigls_text::FastSet<NodeId> {
    let mut frames = rigls_text::FastSet::default();
    for armature in list(raw, root, key::ARMATURE) {
        for animation in list(raw, armature, key::ANIMATION) {
            for timeline in list(raw, animation, key::FFD) {
                frames.extend(list(raw, timeline, key::FRAME));
            }
        }
    }
    frames
}

/// The 5.6 typed timelines (`timeline`) of every animation: the C++ runtime does not read them.
fn typed_timelines(raw: &Raw<'_>, root: NodeId) -> Vec<NodeId> {
    let animations = list(raw, root, key::ARMATURE).into_iter().flat_map(|a| list(raw, a, key::ANIMATION));
    animations.filter_map(|a| raw.get(a, key::TIMELINE)).collect()
}

/// The objects with a `curve` that the C++ runtime reads: all but the 5.6 typed timelines'.
fn objects_with_curves(raw: &Raw<'_>, root: NodeId) -> Vec<NodeId> {
    let mut curved = Vec::new();
    each_object_but(raw, root, &typed_timelines(raw, root), &mut |object| {
        if raw.has(object, key::CURVE) {
            curved.push(object);
        }
    });
    curved
}

/// Whether rapidjson reads `node` as an integer of 32 bits (`unsigned` or not): a number written
/// without a fraction or an exponent, in range.
pub(super) fn fits_integer(raw: &Raw<'_>, node: NodeId, unsigned: bool) -> bool {
    if raw.kind(node) != NodeKind::Number || !written_as_integer(raw, node) {
        return false;
    }
    let (low, high) = integer_range(unsigned);
    let value: Option<i128> = raw.tree.range(node).slice(raw.text).parse().ok();
    value.is_some_and(|v| (low..=high).contains(&v))
}

/// The values `GetUint` (`unsigned`) or `GetInt` accept.
fn integer_range(unsigned: bool) -> (i128, i128) {
    if unsigned { (0, i128::from(u32::MAX)) } else { (i128::from(i32::MIN), i128::from(i32::MAX)) }
}

/// A number past the range of a 32-bit float where a runtime that keeps its numbers in `float`s
/// reads it for a pose: every number but the integer keys' (a display frame's `value` among
/// them), `userData`'s, a bone's `length` where no IK constraint ends at the bone, the bounds an
/// armature declares (`aabb`, `canvas`: no pose reads them), texture coordinates (`uvs`), and
/// easings and curves (`tweenEasing`, `curve`: stored in 16 bits, where infinity reads 0, so no
/// pose goes non-finite). It reads infinity.
fn float_overflows(
    raw: &Raw<'_>,
    root: NodeId,
    model: &Model,
    deform_frames: &rigls_text::FastSet<NodeId>,
    profiles: &[&Profile],
    out: &mut Vec<Diagnostic>,
) {
    let concerned: Targets = profiles.iter().filter(|p| p.eval.value.float_values).map(|p| p.target).collect();
    if concerned.is_empty() {
        return;
    }
    let past_float = |node: NodeId| {
        raw.tree.number(raw.text, node).is_some_and(|n| n.is_finite() && !crate::eval::geom::to_f32(n).is_finite())
    };
    let armatures = list(raw, root, key::ARMATURE);
    let mut skipped: Vec<NodeId> = armatures
        .iter()
        .flat_map(|&armature| [raw.get(armature, key::AABB), raw.get(armature, key::CANVAS)])
        .flatten()
        .collect();
    // What every target concerned leaves unread: 5.6 typed timelines and `alpha`, path
    // constraints and the vertices of path displays, the vertices of surface bones.
    let by_all = |drops: fn(&crate::target::Eval) -> bool| {
        profiles.iter().filter(|p| p.eval.value.float_values).all(|p| drops(&p.eval.value))
    };
    let (no_56, no_paths, no_surfaces) = (by_all(|e| e.no_56), by_all(|e| e.no_paths), by_all(|e| e.no_surfaces));
    let mut unread_vertices = rigls_text::FastSet::default();
    for &armature in &armatures {
        if no_56 {
            skipped.extend(list(raw, armature, key::ANIMATION).into_iter().filter_map(|a| raw.get(a, key::TIMELINE)));
        }
        if no_paths {
            skipped.extend(raw.get(armature, key::PATH));
            let skins = list(raw, armature, key::SKIN).into_iter();
            let slots = skins.flat_map(|skin| list(raw, skin, key::SLOT));
            let displays = slots.flat_map(|slot| list(raw, slot, key::DISPLAY));
            unread_vertices.extend(displays.filter(|&d| display_type(*raw, d) == 4.0));
        }
        if no_surfaces {
            let bones = list(raw, armature, key::BONE).into_iter();
            unread_vertices.extend(bones.filter(|&b| is_surface(*raw, b)));
        }
    }
    // A bone's `length` is read by the IK constraints that end at it, and by nothing else.
    let mut ik_ends = rigls_text::FastSet::default();
    for &armature in &armatures {
        let ends: Vec<String> = list(raw, armature, key::IK).iter().map(|&ik| raw.string(ik, key::BONE, "")).collect();
        ik_ends.extend(
            list(raw, armature, key::BONE).into_iter().filter(|&b| ends.contains(&raw.string(b, key::NAME, ""))),
        );
    }
    // A display's `width` and `height` are read for bounding boxes only (images and meshes carry
    // them unread).
    let (boxes, sized): (Vec<_>, Vec<_>) =
        model.displays().filter(|d| d.ty.is_some()).partition(|d| d.ty == Some(DisplayType::BoundingBox));
    let sized: rigls_text::FastSet<NodeId> = sized.iter().map(|d| d.node).collect();
    let boxes: rigls_text::FastSet<NodeId> = boxes.iter().map(|d| d.node).collect();
    let mut found = Vec::new();
    each_object_but(raw, root, &skipped, &mut |object| {
        for member in raw.read_members(object) {
            let name = raw.tree.key(raw.text, member.key);
            // A display frame's `value` is an integer (`integers` reports it).
            // An easing is stored ×100 in 16 bits: infinity converts to 0, a finite pose.
            let unread = name == key::VALUE
                // A deform key frame's `offset` is an integer (`integers` reports it).
                || (name == key::OFFSET && deform_frames.contains(&object))
                || name == key::TWEEN_EASING
                || (name == key::LENGTH && !ik_ends.contains(&object))
                || ((name == key::WIDTH || name == key::HEIGHT) && sized.contains(&object))
                || (name == key::ALPHA && no_56);
            // A list no target concerned reads: the vertices of a surface or a path display.
            let unread_list = name == key::VERTICES && unread_vertices.contains(&object);
            let boxed = boxes.contains(&object);
            if past_float(member.value) && !read_as_integer(&name) && !unread {
                found.push((member.value, format!("`{name}`"), boxed));
            } else if raw.is_array(member.value) && !UNREAD_FLOAT_ARRAYS.contains(&name.as_ref()) && !unread_list {
                let elements = raw.elements(member.value).filter(|&e| past_float(e));
                found.extend(elements.map(|e| (e, format!("`{name}`'s element"), boxed)));
            }
        }
    });
    for (value, what, boxed) in found {
        // As written, unless that is too long to read (`1e39` written out in full).
        let written = raw.tree.range(value).slice(raw.text);
        let written = match raw.tree.number(raw.text, value) {
            Some(n) if written.len() > 24 => format!("{n:e}"),
            _ => written.to_owned(),
        };
        // A bounding box is not drawn: its infinite bounds make its hit tests answer wrong (a
        // polygon's `x + width` is `-inf + inf`, NaN: it contains no point).
        let effect =
            if boxed { "the bounding box's hit tests answer wrong" } else { "what the value moves is drawn nowhere" };
        let message = format!(
            "{} {what} as a 32-bit float, and {written} is past its range (±3.4e38): it reads infinity, and {effect}; write a value within ±3.4e38",
            names_verb(concerned, "reads", "read"),
        );
        out.push(Diagnostic::new(Code::TargetFloatOverflow, FileFormat::DragonBones, raw.tree.range(value), message));
    }
}

/// Weighted meshes of 4.x data whose `bonePose` gives a bone a singular matrix (determinant 0
/// in 32-bit floats) that a weight uses. The C++ runtime moves each vertex into its bones'
/// spaces by inverting their `bonePose` matrices with no case for a singular one
/// (`parser/JSONDataParser.cpp:681-708`, `geom/Matrix.h:211-227`): it divides by 0, and every
/// vertex weighted to that bone is NaN (a harness printed `-nan`). DragonBonesJS inverts such a
/// matrix to the identity.
fn singular_bone_poses(raw: &Raw<'_>, model: &Model, profiles: &[&Profile], out: &mut Vec<Diagnostic>) {
    // The C++ core (read with rapidjson); the C# port's inverse has DragonBonesJS's cases.
    let concerned: Targets =
        profiles.iter().filter(|p| p.eval.value.float_values && p.rapidjson).map(|p| p.target).collect();
    if concerned.is_empty() {
        return;
    }
    for display in model.displays().filter(|d| d.ty == Some(DisplayType::Mesh)) {
        let Some(poses) = raw.array(display.node, key::BONE_POSE) else { continue };
        let (Some(vertices), Some(weights)) =
            (raw.numbers_at(display.node, key::VERTICES), raw.numbers_at(display.node, key::WEIGHTS))
        else {
            continue;
        };
        // Per vertex: its influence count, then a bone index and a weight per influence.
        // The bone indices weighted to, as bits (`+ 0.0` makes -0 read as 0).
        let mut used = rigls_text::FastSet::default();
        let mut at = 0;
        for _ in 0..vertices.len() / 2 {
            let Some(&count) = weights.get(at) else { break };
            if !(count >= 0.0 && count.fract() == 0.0) {
                break;
            }
            // A count past the end of the list (10^20 once hung a scan) reads what is there.
            let pairs = (weights.len() - at - 1) / 2;
            let count = if count > pairs as f64 { pairs } else { count as usize };
            used.extend((0..count).map(|k| (weights[at + 1 + 2 * k] + 0.0).to_bits()));
            at += 1 + 2 * count;
        }
        let elements: Vec<NodeId> = raw.elements(poses).collect();
        // The runtime reads the first bind pose of a bone (`indexOf`), never a later one.
        let mut seen = rigls_text::FastSet::default();
        for pose in elements.chunks_exact(7) {
            let index = raw.to_number(pose[0]);
            let first = seen.insert((index + 0.0).to_bits());
            let m = Matrix::from_slice(&pose[1..].iter().map(|&n| raw.to_number(n)).collect::<Vec<_>>());
            // Values past a float's range make it NaN: they are reported as such.
            if !first || !used.contains(&(index + 0.0).to_bits()) || m.determinant_f32() != 0.0 {
                continue;
            }
            let message = format!(
                "{} this `bonePose` matrix of bone {index} in 32-bit floats, and its determinant is 0: the inverse is infinite or NaN, and every vertex of the mesh weighted to that bone is NaN and drawn nowhere (DragonBonesJS inverts it to the identity); write the bone's matrix as the mesh was bound to it, with a scale other than 0",
                names_verb(concerned, "inverts", "invert"),
            );
            let range = raw.tree.range(pose[1]).cover(raw.tree.range(pose[4]));
            out.push(Diagnostic::new(Code::TargetFloatOverflow, FileFormat::DragonBones, range, message));
        }
    }
}

/// Arrays of numbers whose past-float elements no pose reads: `uvs` (texture coordinates),
/// `curve` (sampled and stored in 16 bits) and the editor's `edges` and `userEdges` (the runtime
/// never reads them).
const UNREAD_FLOAT_ARRAYS: &[&str] = &[key::UVS, key::CURVE, key::EDGES, key::USER_EDGES];

/// Integer keys the C++ runtime reads as unsigned (`GetUint`): durations, play times, IK chains,
/// a deform key frame's `offset` and an armature's frame rate (the root's is an `int`, as the
/// other integer keys are).
const UNSIGNED_KEYS: &[&str] = &[key::DURATION, key::PLAY_TIMES, key::CHAIN, key::FRAME_RATE, key::OFFSET];

/// What is wrong with an integer written `written` under the integer key `name` (of the root
/// object or not), when it is past the range of the type the runtime reads it as:
/// `GetInt`/`GetUint` assert that it fits. A negative duration or play times is
/// `negative_counts`' to report.
fn past_integer_range(name: &str, of_root: bool, written: &str) -> Option<String> {
    let value: Option<i128> = written.parse().ok();
    let unsigned = UNSIGNED_KEYS.contains(&name) && !(of_root && name == key::FRAME_RATE);
    let kind = if unsigned { "an unsigned 32-bit integer" } else { "a 32-bit integer" };
    let (low, high) = integer_range(unsigned);
    let reported_elsewhere = name == key::DURATION || name == key::PLAY_TIMES;
    if value.is_some_and(|v| (low..=high).contains(&v) || (v < 0 && unsigned && reported_elsewhere)) {
        return None;
    }
    Some(format!(
        "as {kind}, and {written} is past its range: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a value from {low} to {high}"
    ))
}

/// Whether rapidjson parses the number at `node` as an integer: written without a decimal point
/// or an exponent (`24.0` and `1e1` are doubles, which `GetInt`/`GetUint` assert against).
fn written_as_integer(raw: &Raw<'_>, node: NodeId) -> bool {
    !raw.tree.range(node).slice(raw.text).contains(['.', 'e', 'E'])
}

/// [`each_object`], leaving out what is at or below the nodes of `skipped`: objects in document
/// order, on a stack of its own (arrays nested 200,000 deep overflowed a recursion's). What a
/// `userData` holds is the user's, not read as DragonBones data: left out too.
fn each_object_but(raw: &Raw<'_>, node: NodeId, skipped: &[NodeId], visit: &mut dyn FnMut(NodeId)) {
    let skipped: rigls_text::FastSet<NodeId> = skipped.iter().copied().collect();
    let mut stack = vec![node];
    let mut children = Vec::new();
    while let Some(node) = stack.pop() {
        if skipped.contains(&node) {
            continue;
        }
        // Only objects are visited: numbers and strings are not put on the stack.
        let container = |&node: &NodeId| raw.is_object(node) || raw.is_array(node);
        if raw.is_object(node) {
            visit(node);
            let read = raw.read_members(node).filter(|m| container(&m.value));
            let read = read.filter(|m| !raw.tree.key_is(raw.text, m.key, key::USER_DATA));
            children.extend(read.map(|member| member.value));
        } else if raw.is_array(node) {
            children.extend(raw.elements(node).filter(container));
        }
        // The first child on top.
        stack.extend(children.drain(..).rev());
    }
}

/// A polygon bounding box without `vertices`, or with an odd number of them: the C++ runtime's
/// parser asserts it has them (`DRAGONBONES_ASSERT(false, "Data error.")` in
/// `_parsePolygonBoundingBox`), which aborts a build with assertions, and reads them two at a time
/// into a vector of their count, so an odd count reads one element past the array (rapidjson
/// asserts) and writes one past the vector. The JavaScript runtimes warn and use an empty polygon
/// (`polygon-without-vertices`) or a last `y` of `undefined`.
fn unreadable_polygons(raw: &Raw<'_>, model: &Model, profiles: &[&Profile], out: &mut Vec<Diagnostic>) {
    let concerned = rapidjson_targets(profiles);
    if concerned.is_empty() {
        return;
    }
    for display in model.displays().filter(|d| d.ty == Some(DisplayType::BoundingBox)) {
        if !is_polygon(raw.tree, raw.text, display.node) {
            continue;
        }
        match raw.get(display.node, key::VERTICES) {
            None => {
                let Some(member) = raw.tree.member(raw.text, display.node, key::SUB_TYPE) else { continue };
                let message = format!(
                    "{} a polygon bounding box's `vertices`: without them its parser's assertion aborts the runtime; give the polygon its x, y pairs, or make it a rectangle",
                    names_verb(concerned, "requires", "require"),
                );
                out.push(load_failure(raw.tree.range(member.value), message));
            }
            Some(vertices) if raw.tree.kind(vertices) == NodeKind::Array && raw.tree.len(vertices) % 2 == 1 => {
                let message = format!(
                    "{} a polygon's `vertices` two at a time: with {} numbers it reads past the array (a build with assertions aborts) and writes past its own copy",
                    names_verb(concerned, "reads", "read"),
                    raw.tree.len(vertices),
                );
                out.push(load_failure(raw.tree.range(vertices), message));
            }
            Some(_) => {}
        }
    }
}

/// The targets among `profiles` whose runtime reads JSON with rapidjson (the C++ runtimes).
/// The targets among `targets` that read JSON with rapidjson (the C++ runtimes).
pub fn rapidjson_targets_of(targets: Targets) -> Targets {
    let profiles: Vec<&Profile> =
        targets.of_format(FileFormat::DragonBones).iter().filter_map(target::profile).collect();
    rapidjson_targets(&profiles)
}

/// The DragonBones targets named in `targets` whose profile is `wanted`, grouped by how they read
/// a file (their evaluation and JSON reader): one profile of each group, and the group's targets.
pub(super) fn reading_groups(targets: Targets, wanted: impl Fn(&Profile) -> bool) -> Vec<(&'static Profile, Targets)> {
    let mut groups: Vec<(&'static Profile, Targets)> = Vec::new();
    let profiles = targets.of_format(FileFormat::DragonBones).iter().filter_map(target::profile);
    for profile in profiles.filter(|p| wanted(p)) {
        let alike =
            |(p, _): &&mut (&Profile, Targets)| p.eval.value == profile.eval.value && p.rapidjson == profile.rapidjson;
        match groups.iter_mut().find(alike) {
            Some((_, group)) => *group = group.iter().chain([profile.target]).collect(),
            None => groups.push((profile, [profile.target].into_iter().collect())),
        }
    }
    groups
}

fn rapidjson_targets(profiles: &[&Profile]) -> Targets {
    profiles.iter().filter(|p| p.rapidjson).map(|p| p.target).collect()
}

/// Calls `visit` on every object at or below `node`, parents before children (not in `userData`).
fn each_object(raw: &Raw<'_>, node: NodeId, visit: &mut dyn FnMut(NodeId)) {
    each_object_but(raw, node, &[], visit);
}

/// A value as the message names it: as written, but a list or an object by its kind.
pub(super) fn value_shown<'a>(raw: &Raw<'a>, value: NodeId) -> &'a str {
    match raw.kind(value) {
        NodeKind::Array => "a list",
        NodeKind::Object => "an object",
        _ => raw.tree.range(value).slice(raw.text),
    }
}

/// `dragonbones-cpp does`, `dragonbones-cpp and godot do`.
pub(crate) fn names_verb(targets: Targets, one: &str, many: &str) -> String {
    format!("{} {}", targets.names(), if targets.len() == 1 { one } else { many })
}

/// A `target-load-failure` of this file at `range`.
pub(super) fn load_failure(range: TextRange, message: String) -> Diagnostic {
    Diagnostic::new(Code::TargetLoadFailure, FileFormat::DragonBones, range, message)
}

fn version(text: &str, model: &Model, tree: &Tree, profiles: &[&Profile]) -> Option<Diagnostic> {
    let root = tree.root()?;
    // What a reader sees of `key`: JSON.parse keeps the last of duplicate keys, rapidjson the first.
    let value = |key: &str, first: bool| {
        let mut found = tree.members(root).filter(|m| tree.key_is(text, m.key, key)).map(|m| m.value);
        if first { found.next() } else { found.last() }
    };
    let written = |node: Option<NodeId>| {
        node.and_then(|n| match tree.kind(n) {
            NodeKind::String => tree.str(text, n).map(|s| s.into_owned()),
            NodeKind::Number => Some(tree.range(n).slice(text).to_owned()),
            _ => None,
        })
    };
    let seen = |p: &Profile| (value(key::VERSION, p.rapidjson), value(key::COMPATIBLE_VERSION, p.rapidjson));
    let reads = |p: &Profile| {
        let (v, c) = seen(p);
        p.reads(written(v).as_deref(), written(c).as_deref())
    };
    let rejecting: Vec<&Profile> = profiles.iter().copied().filter(|p| !reads(p)).collect();
    let first_rejecting = rejecting.first().map(|p| seen(p));
    let rejecting: Targets = rejecting.iter().map(|p| p.target).collect();
    // What every reader sees the same way and no runtime knows is `unsupported-version`'s.
    let version_node = value(key::VERSION, false)?;
    let plain = matches!(tree.kind(version_node), NodeKind::String | NodeKind::Number);
    let shown =
        model.version.as_ref().and_then(|v| v.parsed).or(model.compatible_version.as_ref().and_then(|c| c.parsed));
    if shown.is_none() && plain && rejecting.len() == profiles.len() {
        return None;
    }
    let (v, c) =
        (model.version.as_ref().map(|v| v.text.as_str()), model.compatible_version.as_ref().map(|c| c.text.as_str()));
    let misreading: Targets = profiles
        .iter()
        .filter(|p| reads(p) && !p.misread.is_empty())
        .filter(|p| {
            let read = |t: Option<&str>| t.and_then(Version::parse).filter(|v| p.versions.value.contains(v));
            read(v).is_none() && read(c).is_none()
        })
        .map(|p| p.target)
        .collect();
    if rejecting.is_empty() && misreading.is_empty() {
        return None;
    }
    let range = tree.range(first_rejecting.and_then(|(v, _)| v).unwrap_or(version_node));
    let shown_text = match first_rejecting.and_then(|(v, _)| written(v)) {
        Some(t) => t,
        None => tree.range(version_node).slice(text).to_owned(),
    };
    let mut parts = Vec::new();
    if !rejecting.is_empty() {
        let one = rejecting.len() == 1;
        let seen_version = Version::parse(&shown_text);
        let fix = if seen_version.is_none() {
            "write the data version as a string, e.g. `\"version\": \"5.5\"`".to_owned()
        } else if seen_version == Some(Version::V5_6) {
            let what = if model.compatible_version.is_some() {
                "set `compatibleVersion` to \"5.5\""
            } else {
                "add `\"compatibleVersion\": \"5.5\"`"
            };
            let (reads, lack) = if one { ("it reads", "it lacks") } else { ("they read", "they lack") };
            format!(
                "{what}, which {reads} (the 5.6 features {lack} are then dropped), or convert the file with `rigls upgrade`"
            )
        } else {
            "convert it to 5.5 with `rigls upgrade`".to_owned()
        };
        let duplicate = tree.members(root).filter(|m| tree.key_is(text, m.key, key::VERSION)).count() > 1;
        let which = if duplicate { " (rapidjson reads the first of duplicate keys)" } else { "" };
        parts.push(format!(
            "{} not read data version {shown_text}{which} and {} nothing: {fix}",
            names_verb(rejecting, "does", "do"),
            if one { "shows" } else { "show" }
        ));
    }
    if !misreading.is_empty() {
        parts.push(format!(
            "{} data version {} but {} it as 5.x data, so bones, slots and animations are misplaced: convert it to 5.5 with `rigls upgrade`",
            names_verb(misreading, "accepts", "accept"),
            shown.map_or(shown_text.clone(), |v| v.to_string()),
            if misreading.len() == 1 { "reads" } else { "read" },
        ));
    }
    Some(Diagnostic::new(Code::TargetUnsupportedVersion, FileFormat::DragonBones, range, parts.join("; ")))
}

/// What a place holds that some runtime may drop or draw otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Holds {
    /// Features, most general first: a runtime dropping any of them is concerned (the first it
    /// drops says what its users see).
    Features(&'static [Feature]),
    /// A blend mode, by its ordinal.
    Blend(usize),
    /// A colour transform with a non-zero offset.
    ColourOffset,
    /// An embedded texture atlas under `textureAtlas`.
    EmbeddedAtlas,
}

struct Place {
    holds: Holds,
    range: TextRange,
}

/// The message for what `place` holds, when a profile of `profiles` drops it or draws it otherwise.
fn dropped(place: &Place, profiles: &[&Profile]) -> Option<String> {
    // (what the users see, the targets that show it), in the order first met.
    let mut groups: Vec<(String, Targets)> = Vec::new();
    let label = match place.holds {
        Holds::Features(features) => {
            for p in profiles {
                if let Some(d) = features.iter().find_map(|&f| p.drop_of(f)) {
                    add(&mut groups, d.sees.to_owned(), p);
                }
            }
            features[0].label().to_owned()
        }
        Holds::Blend(mode) => {
            for p in profiles.iter().filter(|p| p.blend.value.drawn & (1 << mode) == 0) {
                add(&mut groups, p.blend.value.others.to_owned(), p);
            }
            let name = BLEND_MODE.values.get(mode).copied().flatten().unwrap_or("unknown");
            format!("blend mode `{name}`")
        }
        Holds::ColourOffset => {
            for p in profiles.iter().filter(|p| p.colour.value == Colour::Multipliers) {
                add(&mut groups, "the offsets are ignored: only the multipliers tint the slot".to_owned(), p);
            }
            "colour offset".to_owned()
        }
        Holds::EmbeddedAtlas => {
            for p in profiles.iter().filter(|p| p.atlas_key.value != key::TEXTURE_ATLAS) {
                let sees = format!(
                    "it reads an embedded atlas under `\"{}\"`, so this one is not found and its textures are not drawn: put the atlas in a `_tex.json` file of its own",
                    p.atlas_key.value
                );
                add(&mut groups, sees, p);
            }
            "embedded texture atlas `\"textureAtlas\"`".to_owned()
        }
    };
    if groups.is_empty() {
        return None;
    }
    let parts: Vec<String> = groups.iter().map(|(sees, targets)| format!("{} — {sees}", targets.names())).collect();
    Some(format!("{label}: {}", parts.join("; ")))
}

fn add(groups: &mut Vec<(String, Targets)>, sees: String, profile: &Profile) {
    match groups.iter_mut().find(|(s, _)| *s == sees) {
        Some((_, targets)) => targets.insert(profile.target),
        None => groups.push((sees, Targets::NONE.with(profile.target))),
    }
}

/// A member's range, or `None` when the object lacks it.
fn member_range(raw: &Raw<'_>, object: NodeId, name: &str) -> Option<TextRange> {
    raw.tree.member(raw.text, object, name).map(|m| raw.tree.member_range(m))
}

/// The places of the skeleton holding what a runtime may drop, in text order.
fn find(raw: &Raw<'_>, root: NodeId, out: &mut Vec<Place>) {
    if let Some(member) = raw.tree.member(raw.text, root, key::TEXTURE_ATLAS) {
        out.push(Place { holds: Holds::EmbeddedAtlas, range: raw.tree.range(member.key) });
    }
    for armature in raw.array(root, key::ARMATURE).map(|a| raw.elements(a).collect::<Vec<_>>()).unwrap_or_default() {
        if !raw.is_object(armature) {
            continue;
        }
        for bone in list(raw, armature, key::BONE) {
            if is_surface(*raw, bone)
                && let Some(range) = member_range(raw, bone, key::TYPE)
            {
                out.push(Place { holds: Holds::Features(&[Feature::SurfaceBone]), range });
            }
            alpha(raw, bone, out);
        }
        for slot in list(raw, armature, key::SLOT) {
            if let Some(mode) = raw.get(slot, key::BLEND_MODE) {
                let ordinal = blend_ordinal(raw, mode);
                if ordinal != 0
                    && let Some(range) = member_range(raw, slot, key::BLEND_MODE)
                {
                    out.push(Place { holds: Holds::Blend(ordinal), range });
                }
            }
            if raw.number(slot, key::Z_INDEX, 0.0) != 0.0
                && let Some(range) = member_range(raw, slot, key::Z_INDEX)
            {
                out.push(Place { holds: Holds::Features(&[Feature::ZIndex]), range });
            }
            alpha(raw, slot, out);
            colour(raw, slot, out);
        }
        for constraint in list(raw, armature, key::PATH) {
            let range = member_range(raw, constraint, key::NAME).unwrap_or_else(|| raw.tree.range(constraint));
            out.push(Place { holds: Holds::Features(&[Feature::PathConstraint]), range });
        }
        for skin in list(raw, armature, key::SKIN) {
            for slot in list(raw, skin, key::SLOT) {
                for display in list(raw, slot, key::DISPLAY) {
                    if display_type(*raw, display) == 4.0
                        && let Some(range) = member_range(raw, display, key::TYPE)
                    {
                        out.push(Place { holds: Holds::Features(&[Feature::PathDisplay]), range });
                    }
                }
            }
        }
        for animation in list(raw, armature, key::ANIMATION) {
            animation_places(raw, animation, out);
        }
    }
    out.sort_by_key(|p| p.range.start);
}

fn animation_places(raw: &Raw<'_>, animation: NodeId, out: &mut Vec<Place>) {
    let blend = raw.string(animation, key::BLEND_TYPE, "");
    if !blend.is_empty()
        && !blend.eq_ignore_ascii_case("none")
        && let Some(range) = member_range(raw, animation, key::BLEND_TYPE)
    {
        out.push(Place { holds: Holds::Features(&[Feature::BlendTree]), range });
    }
    for timeline in list(raw, animation, key::IK) {
        let range = member_range(raw, timeline, key::NAME).unwrap_or_else(|| raw.tree.range(timeline));
        out.push(Place { holds: Holds::Features(&[Feature::IkTimelines]), range });
    }
    for timeline in list(raw, animation, key::TIMELINE) {
        let features: &'static [Feature] = match raw.number(timeline, key::TYPE, 0.0) as i64 {
            23 => &[Feature::TypedTimelines, Feature::ZIndexTimeline],
            24 | 60 => &[Feature::TypedTimelines, Feature::AlphaTimeline],
            40..=42 => &[Feature::TypedTimelines, Feature::BlendTree],
            _ => &[Feature::TypedTimelines],
        };
        let range = member_range(raw, timeline, key::TYPE).unwrap_or_else(|| raw.tree.range(timeline));
        out.push(Place { holds: Holds::Features(features), range });
    }
    for slot in list(raw, animation, key::SLOT) {
        for frame in list(raw, slot, key::COLOR_FRAME) {
            colour(raw, frame, out);
        }
    }
}

/// The objects of `object`'s list `name`.
pub(super) fn list(raw: &Raw<'_>, object: NodeId, name: &str) -> Vec<NodeId> {
    raw.array(object, name).map(|a| raw.elements(a).filter(|&e| raw.is_object(e)).collect()).unwrap_or_default()
}

/// A bone's or slot's 5.6 `alpha` other than 1.
fn alpha(raw: &Raw<'_>, object: NodeId, out: &mut Vec<Place>) {
    if raw.number(object, key::ALPHA, 1.0) != 1.0
        && let Some(range) = member_range(raw, object, key::ALPHA)
    {
        out.push(Place { holds: Holds::Features(&[Feature::Alpha]), range });
    }
}

/// The `color` of a slot or colour key frame, when an offset of it is not 0.
fn colour(raw: &Raw<'_>, object: NodeId, out: &mut Vec<Place>) {
    let Some(color) = raw.get(object, key::COLOR).filter(|&c| raw.is_object(c)) else { return };
    let offset = [key::A_O, key::R_O, key::G_O, key::B_O].into_iter().find(|k| raw.number(color, k, 0.0) != 0.0);
    if let Some(range) = offset.and_then(|k| member_range(raw, color, k)) {
        out.push(Place { holds: Holds::ColourOffset, range });
    }
}

/// A `blendMode` value's ordinal, as the runtimes read it (a name, case-insensitive, else a number;
/// unknown names are normal).
fn blend_ordinal(raw: &Raw<'_>, value: NodeId) -> usize {
    match raw.tree.str(raw.text, value) {
        Some(name) => {
            let name = name.to_lowercase();
            BLEND_MODE.values.iter().position(|v| *v == Some(name.as_str())).unwrap_or(0)
        }
        None => raw.tree.number(raw.text, value).map_or(0, |n| if (0.0..14.0).contains(&n) { n as usize } else { 0 }),
    }
}
