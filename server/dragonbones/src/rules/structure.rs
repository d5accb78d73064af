//! What may stand where, walking every object with its kind from the schema: unknown keys (with
//! a did-you-mean), keys given twice, values of the wrong JSON type, numbers out of their range,
//! array-form actions and required keys that are missing.

use std::borrow::Cow;
use std::collections::HashMap;

use super::armature_local::unit_kind;
use super::quoted_numbers;
use super::{CheckScope, DragonBonesCheck, json_string, report};
use crate::model::DocKind;
use crate::schema::key;
use crate::schema::{self, Bounds, EnumDef, Fallback, KeyDef, ObjectKind, ValueType, fmt_num, object_def};
use crate::syntax::{Member, Node, NodeId, NodeKind, flag};
use rigls_diagnostic::suggest;
use rigls_diagnostic::{Code, Diagnostic, Fix, case};
use rigls_text::TextRange;

pub fn check(ctx: &mut DragonBonesCheck) {
    let Some(root) = ctx.tree.root() else { return };
    let root_kind = match ctx.model.doc {
        DocKind::Skeleton => ObjectKind::Skeleton,
        DocKind::Atlas => ObjectKind::Atlas,
    };
    let start = match ctx.scope {
        CheckScope::File => (root, root_kind),
        // An armature is walked as the root's walk would reach it.
        CheckScope::Armature(unit) => match unit_kind(ctx.model.doc, ctx.version) {
            Some(kind) => (unit, kind),
            None => return,
        },
    };
    // An explicit stack: objects nest as deep as the file does.
    let mut stack = vec![start];
    let mut objects = 0u32;
    while let Some((object, kind)) = stack.pop() {
        objects = objects.wrapping_add(1);
        if objects.is_multiple_of(1024) {
            rigls_text::cancel::check();
        }
        if kind == ObjectKind::UserData || !ctx.tree.is_object(object) {
            continue;
        }
        check_object(ctx, object, kind, &mut stack);
    }
}

fn check_object(ctx: &mut DragonBonesCheck, object: NodeId, kind: ObjectKind, stack: &mut Vec<(NodeId, ObjectKind)>) {
    let tree = ctx.tree;
    let text = ctx.text;
    // Keys seen so far; objects are small, so a list beats hashing (a map for huge ones).
    let mut seen: Vec<(Cow<str>, TextRange)> = Vec::new();
    let mut seen_many: HashMap<Cow<str>, TextRange> = HashMap::new();
    for member in tree.members(object) {
        let key_node = tree.node(member.key);
        if key_node.has(flag::LOOSE) && key_node.range().is_empty() {
            continue; // a member without a key: a syntax error already
        }
        let key = tree.key(text, member.key);
        let key_range = key_node.range();
        let first = if seen.len() < 32 {
            seen.iter().find(|(k, _)| *k == key).map(|(_, r)| *r)
        } else {
            seen_many.get(&key).copied()
        };
        if let Some(first) = first {
            let d = report(
                Code::DuplicateKey,
                key_range,
                format!(
                    "`{key}` is given twice in this {}: DragonBonesJS (`JSON.parse`) reads the last value, the C++ runtime (rapidjson) the first",
                    object_def(kind).name
                ),
            )
            .with_related(first, "first given here");
            ctx.push(d);
        } else if seen.len() < 32 {
            seen.push((key.clone(), key_range));
            if seen.len() == 32 {
                seen_many.extend(seen.iter().cloned());
            }
        } else {
            seen_many.insert(key.clone(), key_range);
        }
        match schema::key_def(kind, &key, ctx.version) {
            Some(def) => {
                super::legacy::ignored_key(ctx, def.name, key_range);
                check_value(ctx, kind, def, member, stack)
            }
            None => unknown_key(ctx, object, kind, &key, key_range),
        }
    }
    let present = |name: &str| seen.iter().any(|(k, _)| k == name) || seen_many.contains_key(name);
    missing_keys(ctx, object, kind, present);
    if kind == ObjectKind::Skeleton {
        no_armature_in_list(ctx, object);
    }
}

/// A skeleton whose `armature` list holds no armature object: every runtime builds nothing.
fn no_armature_in_list(ctx: &mut DragonBonesCheck, root: NodeId) {
    let tree = ctx.tree;
    let Some(list) = ctx.get(root, key::ARMATURE).filter(|&v| tree.is_array(v)) else { return };
    if !tree.elements(list).any(|e| tree.is_object(e)) {
        let message = "`armature` holds no armature: runtimes build nothing from the file".to_owned();
        ctx.push(report(Code::InvalidValue, tree.range(list), message));
    }
}

fn unknown_key(ctx: &mut DragonBonesCheck, object: NodeId, kind: ObjectKind, key: &str, range: TextRange) {
    let def = object_def(kind);
    let candidates: Vec<&str> = def.keys.iter().map(|k| k.name).collect();
    let (mut hint, best) = suggest::did_you_mean(key, candidates.iter().copied());
    if best.is_none() {
        // A key of another object: say where it belongs.
        let homes: Vec<&str> =
            schema::object_defs().filter(|d| d.keys.iter().any(|k| k.name == key)).map(|d| d.name).collect();
        if !homes.is_empty() && homes.len() <= 3 {
            let homes: Vec<String> = homes.iter().map(|h| with_article(h)).collect();
            hint = format!("; `{key}` belongs in {}", homes.join(" or "));
        }
    }
    let message = format!("unknown key `{key}` in {}{hint}", with_article(def.name));
    let mut d = report(Code::UnknownKey, range, message);
    if let Some(best) = best {
        let fix = Fix::replace(format!("Replace with `{best}`"), range, json_string(best));
        // Renaming onto a key the object already has would make a duplicate: not automatic then.
        let fix = if ctx.member(object, best).is_none() { fix.safe() } else { fix };
        d = d.with_fix(fix);
    }
    ctx.push(d);
}

/// Required keys (those with contextual rules are checked there).
fn missing_keys(ctx: &mut DragonBonesCheck, object: NodeId, kind: ObjectKind, present: impl Fn(&str) -> bool) {
    for def in schema::keys(kind, ctx.version).filter(|d| d.required) {
        let contextual = (kind, def.name) == (ObjectKind::Skeleton, key::VERSION) || def.or_in.is_some();
        if contextual || present(def.name) {
            continue;
        }
        let what = object_def(kind).name;
        let why = match (kind, def.name) {
            (ObjectKind::Slot, key::PARENT) => "building the armature throws without a parent bone",
            (ObjectKind::Skeleton, key::ARMATURE) => "runtimes build nothing from the file",
            (ObjectKind::Ik, key::TARGET) => "runtimes drop the constraint",
            (ObjectKind::PathConstraint, _) => "runtimes drop the constraint",
            (ObjectKind::TypedTimeline, key::TYPE) => "runtimes ignore the timeline",
            _ => "runtimes need it",
        };
        let name = ctx.quoted_name(object);
        let message = format!("{what} {name} has no `{}`: {why}", def.name);
        ctx.push(report(Code::MissingKey, ctx.anchor(object), message));
    }
}

fn check_value(
    ctx: &mut DragonBonesCheck,
    kind: ObjectKind,
    def: &KeyDef,
    member: Member,
    stack: &mut Vec<(NodeId, ObjectKind)>,
) {
    let tree = ctx.tree;
    let value = member.value;
    let vkind = tree.kind(value);
    if matches!(vkind, NodeKind::Missing | NodeKind::Invalid) {
        return; // a syntax error already
    }
    // `null` means "use the default" to every runtime for a number or a flag, and to DragonBonesJS
    // for a string (it reads "null"; the C++ runtime aborts: the targets' rule). An object or a
    // list the runtimes read is looked into, which throws (JS) or aborts (C++) on `null`.
    if vkind == NodeKind::Null && !matches!(def.ty, ValueType::Any) {
        null_value(ctx, kind, def, value);
        return;
    }
    match def.ty {
        ValueType::Number | ValueType::Int if quoted_numbers::is_js_number(ctx.text, tree, value) => {
            let shown = tree.range(value).slice(ctx.text);
            // The C++ runtime reads integer keys with `GetInt`, which asserts, and the others only
            // when they are numbers (`parser/JSONDataParser.h:26-104`).
            let cpp = if crate::rules::targets::integer_in_cpp(def) {
                "the C++ runtime asserts"
            } else {
                "the C++ runtime ignores it and reads the default"
            };
            let message =
                format!("`{}` is a number written as a string ({shown}): DragonBonesJS converts it, {cpp}", def.name);
            ctx.push(Diagnostic::of_case(&case::NUMBER_AS_STRING, tree.range(value), message));
        }
        ValueType::Number => {
            if expect(ctx, def, value, vkind == NodeKind::Number, "a number") {
                bounds(ctx, def, value);
            }
        }
        ValueType::Int => {
            if expect(ctx, def, value, vkind == NodeKind::Number, "a whole number") {
                whole(ctx, def, value);
                bounds(ctx, def, value);
            }
        }
        ValueType::Easing => match vkind {
            NodeKind::Number => bounds(ctx, def, value),
            NodeKind::String if tree.str(ctx.text, value).as_deref() == Some("NaN") => {}
            NodeKind::String => {
                let d = Diagnostic::of_case(
                    &case::EASING_STRING,
                    tree.range(value),
                    format!(
                        "`{}` expects a number, `null` or `\"NaN\"`; runtimes read this string as 0 (linear)",
                        def.name
                    ),
                );
                ctx.push(d);
            }
            _ => {
                expect(ctx, def, value, false, "a number or `null`");
            }
        },
        ValueType::Bool => bool_value(ctx, def, value),
        ValueType::String | ValueType::Name => {
            let ok = matches!(vkind, NodeKind::String) || (def.ty == ValueType::Name && vkind == NodeKind::Number);
            expect(ctx, def, value, ok, "a string");
        }
        ValueType::Version => {}
        ValueType::Enum(e) => enum_value(ctx, def, e, value),
        ValueType::Object(k) => {
            if expect(ctx, def, value, vkind == NodeKind::Object, "an object") {
                stack.push((value, k));
            }
        }
        ValueType::Array(k) => {
            if expect(ctx, def, value, vkind == NodeKind::Array, "an array") {
                for e in tree.elements(value) {
                    match tree.kind(e) {
                        // The armatures checked one at a time are walked apart.
                        NodeKind::Object if ctx.scope == CheckScope::File && ctx.unit_holding(e) == Some(e) => {}
                        NodeKind::Object => stack.push((e, k)),
                        NodeKind::Null if k.nullable() => {}
                        NodeKind::Missing | NodeKind::Invalid => {}
                        _ => {
                            let what = object_def(k).name;
                            let d = report(
                                Code::InvalidValue,
                                tree.range(e),
                                format!(
                                    "`{}` holds {} objects, but this element is {}",
                                    def.name,
                                    what,
                                    tree.describe(e)
                                ),
                            );
                            ctx.push(d);
                        }
                    }
                }
            }
        }
        ValueType::Numbers | ValueType::Ints => {
            if expect(ctx, def, value, vkind == NodeKind::Array, "an array of numbers") {
                number_elements(ctx, def, value);
            }
        }
        ValueType::Strings => {
            if expect(ctx, def, value, vkind == NodeKind::Array, "an array of strings") {
                let bad = tree
                    .elements(value)
                    .find(|&e| !matches!(tree.kind(e), NodeKind::String | NodeKind::Missing | NodeKind::Invalid));
                if let Some(e) = bad {
                    let message = format!("`{}` holds strings, but this element is {}", def.name, tree.describe(e));
                    ctx.push(report(Code::InvalidValue, tree.range(e), message));
                }
            }
        }
        ValueType::Actions => {
            if expect(ctx, def, value, vkind == NodeKind::Array, "an array of actions") {
                for e in tree.elements(value) {
                    match tree.kind(e) {
                        NodeKind::Object => stack.push((e, ObjectKind::Action)),
                        NodeKind::String | NodeKind::Missing | NodeKind::Invalid => {}
                        NodeKind::Array => array_action(ctx, e),
                        _ => {
                            let message = format!(
                                "an action is an object such as `{{\"gotoAndPlay\": \"idle\"}}`, not {}",
                                tree.describe(e)
                            );
                            ctx.push(report(Code::InvalidValue, tree.range(e), message));
                        }
                    }
                }
            }
        }
        ValueType::FrameAction => match vkind {
            NodeKind::String => {}
            NodeKind::Object => stack.push((value, ObjectKind::Action)),
            _ => {
                expect(ctx, def, value, false, "an animation name");
            }
        },
        ValueType::TypedValue => match vkind {
            NodeKind::Number => {}
            NodeKind::Object => stack.push((value, ObjectKind::Color)),
            NodeKind::Array => number_elements(ctx, def, value),
            _ => {
                expect(ctx, def, value, false, "a number, a colour object or an array of numbers");
            }
        },
        ValueType::Any => {}
    }
}

/// `null` where the runtimes read an object or a list: DragonBonesJS looks into it (`x in null`,
/// `for (… of null)`) and throws, rapidjson's `HasMember`/`Size` assert (the harnesses printed a
/// `TypeError` and `Assertion 'IsObject()' failed` for a transform, a mesh's `vertices`, an
/// animation's timelines…). Action lists (`events`, `actions`) are read by a parser that takes
/// what it finds; an animation's `zOrder`, a timeline's key frames, and a slot or deform key
/// frame's colour, value or vertices, DragonBonesJS passes over when null (`targets` reports
/// them for the C++ runtime).
fn null_value(ctx: &mut DragonBonesCheck, kind: ObjectKind, def: &KeyDef, value: NodeId) {
    if kind == ObjectKind::Slot && def.name == key::PARENT {
        let message = "a slot's `parent` is null: DragonBonesJS looks for a bone named \"null\" and throws, the C++ runtime aborts; name the slot's bone".to_owned();
        ctx.push(report(Code::InvalidValue, ctx.tree.range(value), message));
        return;
    }
    let wanted = match def.ty {
        ValueType::Object(_) => "an object",
        ValueType::Array(_) | ValueType::Numbers | ValueType::Ints | ValueType::Strings => "a list",
        _ => return,
    };
    use ObjectKind as K;
    let timeline_part = matches!(
        kind,
        K::BoneTimeline
            | K::SlotTimeline
            | K::FfdTimeline
            | K::ZOrderTimeline
            | K::IkTimeline
            | K::SlotFrame
            | K::ColorFrame
            | K::FfdFrame
    );
    let passed_over_by_js =
        (timeline_part && def.name != key::CURVE) || (kind == K::Animation && def.name == key::Z_ORDER);
    if def.ignored || passed_over_by_js || def.name == key::EVENTS || def.name == key::ACTIONS {
        return;
    }
    // Path constraints and path displays are DragonBonesJS's alone; it passes over a path
    // constraint's null `bones` (both harnesses posed such a file).
    let paths = (kind == K::Armature && def.name == key::PATH) || def.name == key::LENGTHS;
    if kind == K::PathConstraint && def.name == key::BONES {
        return;
    }
    let message = if paths {
        format!(
            "`{}` is null where DragonBonesJS reads {wanted}: it throws (the C++ runtime does not read it); remove the key or write {wanted}",
            def.name
        )
    } else {
        format!(
            "`{}` is null where the runtimes read {wanted}: DragonBonesJS throws, the C++ runtime aborts; remove the key or write {wanted}",
            def.name
        )
    };
    ctx.push(report(Code::InvalidValue, ctx.tree.range(value), message));
}

/// Reports a value of the wrong JSON type; returns whether the type was right.
fn expect(ctx: &mut DragonBonesCheck, def: &KeyDef, value: NodeId, ok: bool, wanted: &str) -> bool {
    if !ok {
        let found = ctx.tree.describe(value);
        let mut message = format!("`{}` expects {wanted}, not {found}", def.name);
        if let Some(example) = def.example.split_once(':').map(|(_, v)| v.trim()) {
            message.push_str(&format!(" (e.g. `{example}`)"));
        }
        ctx.push(invalid_value(def, ctx.tree.range(value), message));
    }
    ok
}

/// An `invalid-value` of `def`'s value: a warning where no runtime reads the key.
fn invalid_value(def: &KeyDef, range: TextRange, message: String) -> Diagnostic {
    match def.ignored {
        true => Diagnostic::of_case(&case::UNREAD_KEY_VALUE, range, message),
        false => report(Code::InvalidValue, range, message),
    }
}

fn bounds(ctx: &mut DragonBonesCheck, def: &KeyDef, value: NodeId) {
    let Some(b) = def.bounds else { return };
    let Some(v) = ctx.tree.number(ctx.text, value) else { return };
    if !b.contains(v) {
        let default = def.default.map(|d| format!(" (default {d})")).unwrap_or_default();
        let message = format!("`{}` is {} but must be {}{default}", def.name, fmt_num(v), b.describe());
        if def.name == key::FRAME_RATE && v < 0.0 {
            let message = format!("{message}: the runtime hangs advancing time (it guards only 0)");
            ctx.push(Diagnostic::of_case(&case::NEGATIVE_FRAME_RATE, ctx.tree.range(value), message));
            return;
        }
        let mut d = report(Code::OutOfRange, ctx.tree.range(value), message);
        // The nearest allowed value; not safe: the number may be a typo for something else.
        // None for a duration: it moves every later key frame, so clamping one can push frames
        // past the end of the animation; the right length is the author's call.
        let nearest = match b {
            _ if def.name == key::DURATION => None,
            Bounds::Between(lo, hi) => Some(v.clamp(lo, hi)),
            Bounds::AtLeast(lo) => Some(lo),
            Bounds::Positive => None,
        };
        if let Some(n) = nearest {
            d = d.with_fix(Fix::replace(format!("Clamp to {}", fmt_num(n)), ctx.tree.range(value), fmt_num(n)));
        }
        ctx.push(d);
    }
}

/// Integer fields read with `GetInt()` by the C++ runtime, which asserts on fractions.
fn whole(ctx: &mut DragonBonesCheck, def: &KeyDef, value: NodeId) {
    let node = ctx.tree.node(value);
    if node.has(flag::FLOAT) && ctx.tree.int(ctx.text, value).is_none() {
        let shown = node.range().slice(ctx.text).to_owned();
        let message = match ctx.tree.number(ctx.text, value) {
            // `1e20`: whole, but past what `int` reads (and any integer type the runtimes read).
            Some(v) if v.fract() == 0.0 => format!(
                "`{}` is {shown}, too large for the whole number it must be (the C++ runtime asserts on it)",
                def.name
            ),
            _ => format!("`{}` must be a whole number, not {shown} (the C++ runtime asserts on fractions)", def.name),
        };
        ctx.push(Diagnostic::of_case(&case::FRACTION, node.range(), message));
    }
}

fn bool_value(ctx: &mut DragonBonesCheck, def: &KeyDef, value: NodeId) {
    let tree = ctx.tree;
    let ok = match tree.kind(value) {
        NodeKind::True | NodeKind::False => true,
        NodeKind::Number => matches!(tree.int(ctx.text, value), Some(0 | 1)),
        NodeKind::String => tree
            .str(ctx.text, value)
            .is_some_and(|s| ["true", "false", "0", "1", ""].contains(&s.to_ascii_lowercase().as_str())),
        _ => false,
    };
    if !ok {
        let found = tree.range(value).slice(ctx.text);
        let message = format!("`{}` expects `true` or `false`, not `{found}`", def.name);
        let d = if matches!(tree.kind(value), NodeKind::Object | NodeKind::Array) {
            report(Code::InvalidValue, tree.range(value), message)
        } else {
            Diagnostic::of_case(&case::BOOLEAN_SPELLING, tree.range(value), message)
        };
        ctx.push(d);
    }
}

fn enum_value(ctx: &mut DragonBonesCheck, def: &KeyDef, e: &'static EnumDef, value: NodeId) {
    let tree = ctx.tree;
    let range = tree.range(value);
    let names: Vec<&str> = e.names().collect();
    let fallback = names.first().copied().unwrap_or("");
    match tree.kind(value) {
        NodeKind::String => {
            let Some(s) = tree.str(ctx.text, value) else { return };
            if e.ordinal(&s).is_some() || s.parse::<i64>().ok().and_then(|n| e.name(n)).is_some() {
                return;
            }
            let (hint, best) = suggest::did_you_mean(&s, names.iter().copied());
            let message = format!(
                "unknown `{}` `{s}`: runtimes treat it as `{fallback}` (known: {}){hint}",
                def.name,
                names.join(", ")
            );
            let mut d = Diagnostic::of_case(&case::ENUM_FALLBACK, range, message);
            if let Some(best) = best {
                d = d.with_fix(Fix::replace(format!("Replace with `{best}`"), range, json_string(best)));
            }
            ctx.push(d);
        }
        NodeKind::Number => {
            let n = tree.int(ctx.text, value);
            if n.and_then(|n| e.name(n)).is_some() {
                return;
            }
            let shown = range.slice(ctx.text);
            let (case, effect) = match e.fallback {
                Fallback::FirstOrDropped => (None, "runtimes drop the object".to_owned()),
                Fallback::First => (Some(&case::ENUM_FALLBACK), format!("runtimes treat it as `{fallback}`")),
            };
            let known: Vec<String> =
                e.values.iter().enumerate().filter_map(|(i, v)| v.map(|v| format!("{i} ({v})"))).collect();
            let message = format!("`{}` {shown} is no known value: {effect} (known: {})", def.name, known.join(", "));
            ctx.push(match case {
                Some(case) => Diagnostic::of_case(case, range, message),
                None => report(Code::InvalidValue, range, message),
            });
        }
        _ => {
            expect(ctx, def, value, false, "a string");
        }
    }
}

/// The elements of a number array; only the first bad element is reported.
fn number_elements(ctx: &mut DragonBonesCheck, def: &KeyDef, array: NodeId) {
    let tree = ctx.tree;
    let ints = matches!(def.ty, ValueType::Ints);
    // Numbers alone below the array (the common case, thousands of vertex values) are its
    // elements, side by side: checked as a slice, not walked from node to node.
    let plain = |n: &Node| n.kind() == NodeKind::Number && !(ints && n.has(flag::FLOAT));
    if tree.below(array).iter().all(plain) {
        return;
    }
    let mut reported_fraction = false;
    let converted = quoted_numbers::converted_by_js(def.name) && !def.ignored;
    let mut quoted = None;
    for e in tree.elements(array) {
        match tree.kind(e) {
            NodeKind::String if converted && quoted_numbers::is_js_number(ctx.text, tree, e) => {
                quoted = quoted.or(Some(e));
            }
            NodeKind::Number => {
                if ints && !reported_fraction && tree.node(e).has(flag::FLOAT) && tree.int(ctx.text, e).is_none() {
                    reported_fraction = true;
                    let shown = tree.range(e).slice(ctx.text);
                    let message = format!("`{}` holds whole numbers, not {shown}", def.name);
                    ctx.push(Diagnostic::of_case(&case::FRACTION, tree.range(e), message));
                }
            }
            NodeKind::Missing | NodeKind::Invalid => {}
            // A float the binary holds NaN or infinite (a `null` of the header itself is one).
            NodeKind::Null if ctx.non_finite.binary_search(&tree.range(e).start).is_ok() => {
                let message = format!(
                    "`{}` holds numbers, but this one is NaN or infinite in the binary (its JSON view writes null)",
                    def.name
                );
                ctx.push(Diagnostic::of_case(&case::BINARY_NON_FINITE_FLOAT, tree.range(e), message));
                return;
            }
            _ => {
                let message = format!("`{}` holds numbers, but this element is {}", def.name, tree.describe(e));
                ctx.push(invalid_value(def, tree.range(e), message));
                return;
            }
        }
    }
    if let Some(first) = quoted {
        let d = quoted_numbers::diagnostic(ctx.text, tree, def.name, array, first);
        ctx.push(d);
    }
}

/// `["gotoAndPlay", "walk"]`: the 4.5/5.0 documents' form, which current runtimes turn into a play
/// action with an empty name.
fn array_action(ctx: &mut DragonBonesCheck, action: NodeId) {
    let tree = ctx.tree;
    let items: Vec<NodeId> = tree.elements(action).collect();
    let strings: Vec<String> = items.iter().filter_map(|&i| tree.str(ctx.text, i).map(|s| s.into_owned())).collect();
    let range = tree.range(action);
    let mut d = report(
        Code::InvalidValue,
        range,
        "array-form action: current runtimes read it as a play action without a name and do nothing; write `{\"gotoAndPlay\": \"…\"}`",
    );
    if let [verb, name] = strings.as_slice()
        && items.len() == 2
        && (verb == key::GOTO_AND_PLAY || verb == key::GOTO_AND_STOP)
    {
        let new_text = format!("{{{}: {}}}", json_string(verb), json_string(name));
        d = d.with_fix(Fix::replace(format!("Write `{new_text}`"), range, new_text));
    }
    ctx.push(d);
}

fn with_article(name: &str) -> String {
    let vowel = name.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);
    if name == "DragonBones data" {
        "the DragonBones data".to_owned()
    } else if vowel {
        format!("an {name}")
    } else {
        format!("a {name}")
    }
}
