//! The JSON Schemas (draft-07) of `editors/schemas/`, made from the DragonBones schema tables.
//!
//! Every object kind is a definition with its keys (all data versions at once: a key of several
//! versions takes any of their types; where they hold different objects, as `timeline` does in
//! 2.3 and 5.6 data, one definition merges the kinds), types, ranges, array lengths, defaults,
//! enumerations (any letter case, or the ordinal) and the keys needed in some cases; unknown keys
//! are rejected, as `rigls --check` reports them. What a schema cannot say (names, counts,
//! lengths that depend on other arrays) is `rigls --check`'s.

use rigls_dragonbones::schema::{
    Bounds, Condition, EnumDef, KeyDef, ObjectKind, TIMELINE_TYPES, ValueType, Version, key, object_def,
};

/// A JSON value whose objects keep their keys in the order written.
#[derive(Clone)]
enum J {
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

type Entries = Vec<(String, J)>;

fn obj<const N: usize>(entries: [(&str, J); N]) -> J {
    J::Obj(entries.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

fn s(text: &str) -> J {
    J::Str(text.to_owned())
}

fn strings<'a>(items: impl IntoIterator<Item = &'a str>) -> J {
    J::Arr(items.into_iter().map(s).collect())
}

fn push(entries: &mut Entries, key: &str, value: J) {
    entries.push((key.to_owned(), value));
}

impl J {
    /// A JSON literal of the tables (`"image"`, `24`, `true`).
    fn literal(text: &str) -> J {
        match serde_json::from_str::<serde_json::Value>(text).expect("the tables' defaults are JSON") {
            serde_json::Value::Bool(b) => J::Bool(b),
            serde_json::Value::Number(n) => J::Num(n.as_f64().expect("a finite default")),
            serde_json::Value::String(v) => J::Str(v),
            other => panic!("default {other} is not a scalar"),
        }
    }

    /// As `serde_json` writes pretty JSON: two spaces per level, one element per line.
    fn write(&self, out: &mut String, indent: usize) {
        let pad = |out: &mut String, n: usize| out.extend(std::iter::repeat_n("  ", n));
        match self {
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Num(n) if n.fract() == 0.0 && n.abs() < 1e15 => out.push_str(&format!("{}", *n as i64)),
            J::Num(n) => out.push_str(&serde_json::to_string(n).expect("a finite number")),
            J::Str(v) => out.push_str(&serde_json::to_string(v).expect("a string")),
            J::Arr(items) if items.is_empty() => out.push_str("[]"),
            J::Obj(entries) if entries.is_empty() => out.push_str("{}"),
            J::Arr(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    out.push_str(if i == 0 { "\n" } else { ",\n" });
                    pad(out, indent + 1);
                    item.write(out, indent + 1);
                }
                out.push('\n');
                pad(out, indent);
                out.push(']');
            }
            J::Obj(entries) => {
                out.push('{');
                for (i, (key, value)) in entries.iter().enumerate() {
                    out.push_str(if i == 0 { "\n" } else { ",\n" });
                    pad(out, indent + 1);
                    out.push_str(&serde_json::to_string(key).expect("a string"));
                    out.push_str(": ");
                    value.write(out, indent + 1);
                }
                out.push('\n');
                pad(out, indent);
                out.push('}');
            }
        }
    }

    fn text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out
    }
}

fn num(v: f64) -> J {
    J::Num(v)
}

/// The object kinds a key's value holds, and whether it is an array of them.
fn holds(ty: ValueType) -> Option<(ObjectKind, bool)> {
    match ty {
        ValueType::Object(k) => Some((k, false)),
        ValueType::Array(k) => Some((k, true)),
        _ => None,
    }
}

/// `^(?:[Mm][Ee][Ss][Hh]|…)$`: any of the names in any letter case.
fn any_case<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let each = |name: &str| -> String {
        name.chars()
            .map(|c| match (c.to_ascii_uppercase(), c.to_ascii_lowercase()) {
                (u, l) if u != l => format!("[{u}{l}]"),
                _ if ".^$*+?()[]{}|\\".contains(c) => format!("\\{c}"),
                _ => c.to_string(),
            })
            .collect()
    };
    format!("^(?:{})$", names.map(each).collect::<Vec<_>>().join("|"))
}

fn enum_names(e: &EnumDef) -> impl Iterator<Item = &'static str> + '_ {
    e.names().chain(e.aliases.iter().map(|(a, _)| *a))
}

/// The member of ordinal `ordinal` of an enumeration: by a name (any case) or the number.
fn enum_member(e: &EnumDef, ordinal: usize) -> J {
    let names = e.values.get(ordinal).copied().flatten().into_iter();
    let aliases = e.aliases.iter().filter(|(_, i)| *i == ordinal).map(|(a, _)| *a);
    let by_name = obj([("type", s("string")), ("pattern", J::Str(any_case(names.chain(aliases))))]);
    obj([("anyOf", J::Arr(vec![by_name, obj([("const", num(ordinal as f64))])]))])
}

fn bounds(b: Option<Bounds>, out: &mut Entries) {
    match b {
        Some(Bounds::Between(lo, hi)) => {
            push(out, "minimum", num(lo));
            push(out, "maximum", num(hi));
        }
        Some(Bounds::AtLeast(lo)) => push(out, "minimum", num(lo)),
        Some(Bounds::Positive) => push(out, "exclusiveMinimum", num(0.0)),
        None => {}
    }
}

/// The schemas and references of one document: definitions are made as they are first referred to.
struct Schema {
    /// Each definition's object kinds (one, or those a key holds in different versions).
    definitions: Vec<Vec<ObjectKind>>,
}

/// The definition name of object kinds: `boneTimeline`, `legacyTimelineOrTypedTimeline`.
fn definition(kinds: &[ObjectKind]) -> String {
    let name = kinds.iter().map(|k| format!("{k:?}")).collect::<Vec<_>>().join("Or");
    let mut chars = name.chars();
    chars.next().map(|c| c.to_ascii_lowercase().to_string() + chars.as_str()).unwrap_or_default()
}

impl Schema {
    fn reference(&mut self, kinds: Vec<ObjectKind>) -> J {
        let name = definition(&kinds);
        if !self.definitions.contains(&kinds) {
            self.definitions.push(kinds);
        }
        obj([("$ref", J::Str(format!("#/definitions/{name}")))])
    }

    /// Objects of `kinds`, or (for an array) `null` too where it stands for an empty one.
    fn element(&mut self, kinds: Vec<ObjectKind>, array: bool) -> J {
        let nullable = array && kinds.iter().any(|k| k.nullable());
        let reference = self.reference(kinds);
        if nullable { obj([("anyOf", J::Arr(vec![reference, obj([("type", s("null"))])]))]) } else { reference }
    }

    fn array(&mut self, items: J, def: &KeyDef) -> Entries {
        let mut out = vec![];
        push(&mut out, "type", s("array"));
        push(&mut out, "items", items);
        match def.items.length {
            (0, None) => {}
            (min, max) => {
                push(&mut out, "minItems", num(min as f64));
                if let Some(max) = max {
                    push(&mut out, "maxItems", num(max as f64));
                }
            }
        }
        out
    }

    fn numbers(&mut self, kind: &str, def: &KeyDef) -> Entries {
        let mut item = vec![];
        push(&mut item, "type", s(kind));
        bounds(def.items.bounds, &mut item);
        self.array(J::Obj(item), def)
    }

    /// What a key of an object of `kind` may be, by its type.
    fn value(&mut self, kind: ObjectKind, def: &KeyDef) -> Entries {
        let mut out = vec![];
        match def.ty {
            // Runtimes know these timeline types (`TIMELINE_TYPES`) and ignore other numbers.
            ValueType::Int if kind == ObjectKind::TypedTimeline && def.name == key::TYPE => {
                push(&mut out, "enum", J::Arr(TIMELINE_TYPES.iter().map(|t| num(t.code as f64)).collect()));
            }
            ValueType::Number | ValueType::Int => {
                push(&mut out, "type", s(if def.ty == ValueType::Int { "integer" } else { "number" }));
                bounds(def.bounds, &mut out);
            }
            ValueType::Bool => {
                let spellings = [J::Bool(true), J::Bool(false), num(1.0), num(0.0), s("true"), s("false")];
                push(&mut out, "enum", J::Arr(spellings.into()));
            }
            ValueType::String => push(&mut out, "type", s("string")),
            ValueType::Name => push(&mut out, "type", strings(["string", "number"])),
            ValueType::Enum(e) if e.values.iter().all(Option::is_some) => {
                push(&mut out, "type", strings(["string", "integer"]));
                push(&mut out, "pattern", J::Str(any_case(enum_names(e))));
                push(&mut out, "minimum", num(0.0));
                push(&mut out, "maximum", num((e.values.len() - 1) as f64));
                push(&mut out, "examples", strings(e.names()));
            }
            ValueType::Enum(e) => {
                let ordinals = e.values.iter().enumerate().filter(|(_, v)| v.is_some()).map(|(i, _)| num(i as f64));
                let by_name = obj([("type", s("string")), ("pattern", J::Str(any_case(enum_names(e))))]);
                push(&mut out, "anyOf", J::Arr(vec![by_name, obj([("enum", J::Arr(ordinals.collect()))])]));
                push(&mut out, "examples", strings(e.names()));
            }
            ValueType::Object(k) => out.extend(entries(self.element(vec![k], false))),
            ValueType::Array(k) => {
                let items = self.element(vec![k], true);
                out = self.array(items, def);
            }
            ValueType::Numbers => out = self.numbers("number", def),
            ValueType::Ints => out = self.numbers("integer", def),
            ValueType::Strings => out = self.array(obj([("type", s("string"))]), def),
            ValueType::Actions => {
                let action = self.reference(vec![ObjectKind::Action]);
                out = self.array(obj([("anyOf", J::Arr(vec![obj([("type", s("string"))]), action]))]), def);
            }
            ValueType::Easing => {
                push(&mut out, "type", strings(["number", "null", "string"]));
                push(&mut out, "pattern", s("^NaN$"));
                bounds(def.bounds, &mut out);
            }
            ValueType::Version => {
                push(&mut out, "type", strings(["string", "number"]));
                push(&mut out, "pattern", s("^[0-9]+\\.[0-9]+$"));
                push(&mut out, "examples", strings(Version::ALL.iter().rev().map(|v| v.as_str())));
            }
            ValueType::TypedValue => {
                let list = obj([("type", s("array")), ("items", obj([("type", s("number"))]))]);
                let color = self.reference(vec![ObjectKind::Color]);
                push(&mut out, "anyOf", J::Arr(vec![obj([("type", s("number"))]), list, color]));
            }
            ValueType::FrameAction => {
                let action = self.reference(vec![ObjectKind::Action]);
                push(&mut out, "anyOf", J::Arr(vec![obj([("type", s("string"))]), action]));
            }
            ValueType::Any => {}
        }
        if let Some(default) = def.default {
            push(&mut out, "default", J::literal(default));
        }
        out
    }

    /// The schema of one key from its definitions in `kinds` (usually one).
    fn property(&mut self, defs: &[(ObjectKind, &KeyDef)]) -> J {
        let mut texts: Vec<String> = vec![];
        for (_, def) in defs {
            let text = match def.versions().as_str() {
                "all versions" => def.doc.to_owned(),
                versions => format!("{} ({versions})", def.doc),
            };
            if !texts.contains(&text) {
                texts.push(text);
            }
        }
        let mut out = vec![];
        push(&mut out, "description", J::Str(texts.join(" ")));
        // Different objects in different versions: one definition holds them all.
        let held: Vec<_> = defs.iter().filter_map(|(_, d)| holds(d.ty)).collect();
        let mut kinds: Vec<ObjectKind> = held.iter().map(|(k, _)| *k).collect();
        kinds.sort();
        kinds.dedup();
        if held.len() == defs.len() && kinds.len() > 1 && held.iter().all(|h| h.1 == held[0].1) {
            let element = self.element(kinds, held[0].1);
            out.extend(if held[0].1 { self.array(element, defs[0].1) } else { entries(element) });
            return J::Obj(out);
        }
        let mut values: Vec<Entries> = vec![];
        for (kind, def) in defs {
            let value = self.value(*kind, def);
            if !values.iter().any(|v| J::Obj(v.clone()).text() == J::Obj(value.clone()).text()) {
                values.push(value);
            }
        }
        match <[_; 1]>::try_from(values) {
            Ok([value]) => out.extend(value),
            Err(values) => push(&mut out, "anyOf", J::Arr(values.into_iter().map(J::Obj).collect())),
        }
        J::Obj(out)
    }

    /// The schema of objects of `kinds`: their keys, those needed always, and those needed in some cases.
    fn object(&mut self, kinds: &[ObjectKind]) -> Entries {
        let mut names: Vec<&str> = vec![];
        for key in kinds.iter().flat_map(|&k| object_def(k).keys) {
            if !names.contains(&key.name) {
                names.push(key.name);
            }
        }
        let defs_of = |name: &str| -> Vec<(ObjectKind, &'static KeyDef)> {
            kinds
                .iter()
                .flat_map(|&k| object_def(k).keys.iter().filter(|d| d.name == name).map(move |d| (k, d)))
                .collect()
        };
        // Needed when every kind needs it; a key older data may give in another is needed or the other.
        let required_defs: Vec<&KeyDef> = names
            .iter()
            .filter(|&&n| kinds.iter().all(|&k| object_def(k).keys.iter().any(|d| d.name == n && d.required)))
            .filter_map(|&n| defs_of(n).first().map(|d| d.1))
            .collect();
        let required = required_defs.iter().filter(|d| d.or_in.is_none()).map(|d| d.name);
        let mut cases: Vec<J> = required_defs
            .iter()
            .filter_map(|d| Some((d.name, d.or_in?)))
            .map(|(name, or_in)| {
                obj([(
                    "anyOf",
                    J::Arr(vec![obj([("required", strings([name]))]), obj([("required", strings([or_in]))])]),
                )])
            })
            .collect();
        let required: Vec<&str> = required.collect();
        let docs: Vec<&str> = kinds.iter().map(|&k| object_def(k).doc).collect();
        let mut out = vec![];
        push(&mut out, "description", J::Str(docs.join(" Or: ")));
        let nullable = kinds.iter().any(|k| k.nullable());
        push(&mut out, "type", if nullable { strings(["object", "null"]) } else { s("object") });
        if !required.is_empty() {
            push(&mut out, "required", strings(required));
        }
        let properties = names.iter().map(|&n| (n.to_owned(), self.property(&defs_of(n)))).collect();
        push(&mut out, "properties", J::Obj(properties));
        push(&mut out, "additionalProperties", J::Bool(false));
        // Keys needed when another key has a value (`allOf` of if/then), or is there (`dependencies`).
        let mut when: Vec<(&str, usize, Vec<&str>)> = vec![];
        let mut with: Vec<(&str, Vec<&str>)> = vec![];
        for &kind in kinds {
            for def in object_def(kind).keys {
                for condition in def.needed_if {
                    match *condition {
                        Condition::Is(on, ordinal) => match when.iter_mut().find(|c| (c.0, c.1) == (on, ordinal)) {
                            Some(case) => case.2.push(def.name),
                            None => when.push((on, ordinal, vec![def.name])),
                        },
                        Condition::With(on) => match with.iter_mut().find(|c| c.0 == on) {
                            Some(case) => case.1.push(def.name),
                            None => with.push((on, vec![def.name])),
                        },
                    }
                }
            }
        }
        cases.extend(when.into_iter().map(|(on, ordinal, needed)| {
            let Some(ValueType::Enum(e)) = defs_of(on).first().map(|(_, d)| d.ty) else {
                panic!("`{on}` of {kinds:?} is not an enumeration")
            };
            let test = obj([
                ("required", strings([on])),
                ("properties", J::Obj(vec![(on.to_owned(), enum_member(e, ordinal))])),
            ]);
            obj([("if", test), ("then", obj([("required", strings(needed))]))])
        }));
        if !cases.is_empty() {
            push(&mut out, "allOf", J::Arr(cases));
        }
        if !with.is_empty() {
            let dependencies = with.into_iter().map(|(on, needed)| (on.to_owned(), strings(needed))).collect();
            push(&mut out, "dependencies", J::Obj(dependencies));
        }
        out
    }
}

fn entries(value: J) -> Entries {
    match value {
        J::Obj(entries) => entries,
        _ => unreachable!("a schema is an object"),
    }
}

/// The text of `editors/schemas/dragonbones-skeleton.schema.json` (`root` = [`ObjectKind::Skeleton`])
/// or `dragonbones-atlas.schema.json` ([`ObjectKind::Atlas`]).
pub fn json_schema(root: ObjectKind) -> String {
    let (file, title) = match root {
        ObjectKind::Atlas => ("atlas", "DragonBones texture atlas (*_tex.json)"),
        _ => ("skeleton", "DragonBones skeleton (*_ske.json), data versions 2.3-5.6"),
    };
    let mut top = vec![];
    push(&mut top, "$schema", s("http://json-schema.org/draft-07/schema#"));
    push(&mut top, "$id", J::Str(format!("urn:rigls:editors:schemas:dragonbones-{file}.schema.json")));
    push(&mut top, "title", s(title));
    let mut schema = Schema { definitions: vec![] };
    top.extend(schema.object(&[root]));
    let mut definitions = vec![];
    let mut i = 0;
    while let Some(kinds) = schema.definitions.get(i).cloned() {
        let body = schema.object(&kinds);
        definitions.push((definition(&kinds), J::Obj(body)));
        i += 1;
    }
    push(&mut top, "definitions", J::Obj(definitions));
    let mut out = J::Obj(top).text();
    out.push('\n');
    out
}
