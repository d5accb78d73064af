//! Words and Markdown for schema entries, shared by hover and completion. All text comes from the
//! schema table; this only arranges it.

use rigls_dragonbones::schema::{self, EnumDef, KeyDef, NameRole, ObjectDef, ValueType, Version};

/// The JSON a key takes, in words: `whole number`, `one of "image", "armature"…`.
pub fn value_type(ty: ValueType) -> String {
    match ty {
        ValueType::Number => "number".to_owned(),
        ValueType::Int => "whole number".to_owned(),
        ValueType::Bool => "boolean (`true`/`false`; runtimes also read 0/1)".to_owned(),
        ValueType::String => "string".to_owned(),
        ValueType::Name => "name (a string)".to_owned(),
        ValueType::Enum(e) => format!("one of {} (case-insensitive), or its index", enum_list(e)),
        ValueType::Object(kind) => format!("{} object", schema::object_def(kind).name),
        ValueType::Array(kind) => format!("array of {} objects", schema::object_def(kind).name),
        ValueType::Numbers => "array of numbers".to_owned(),
        ValueType::Ints => "array of whole numbers".to_owned(),
        ValueType::Strings => "array of strings".to_owned(),
        ValueType::Actions => "array of actions (`{\"gotoAndPlay\": …}` objects or animation names)".to_owned(),
        ValueType::Easing => "number, `null` or `\"NaN\"` (no tween)".to_owned(),
        ValueType::Version => "version string (`\"5.5\"`)".to_owned(),
        ValueType::TypedValue => "number, colour transform or array of numbers (by timeline type)".to_owned(),
        ValueType::FrameAction => "animation name".to_owned(),
        ValueType::Any => "anything".to_owned(),
    }
}

pub fn enum_list(e: &EnumDef) -> String {
    e.names().map(|n| format!("`\"{n}\"`")).collect::<Vec<_>>().join(", ")
}

/// What a name-valued key names: `defines a bone name`, `refers to a bone`.
fn role(def: &KeyDef) -> Option<String> {
    match def.role {
        NameRole::None => None,
        NameRole::Defines(kind) => Some(format!("Defines {} name", with_article(kind.describe()))),
        NameRole::Refers(kind) => Some(format!("Refers to {}", with_article(kind.describe()))),
        NameRole::Contextual => Some("Refers to a name; what it names depends on the object (see above)".to_owned()),
    }
}

/// `a bone`, `an animation`, `an IK constraint`.
pub fn with_article(noun: &str) -> String {
    let vowel = noun.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

/// Whether a key's documentation ends with the schema's example: in completion, where the key is
/// not written yet, labelled as an example; not in a hover over the key, where the file's own
/// value would contradict it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Example {
    Shown,
    Omitted,
}

/// The full documentation of a key: title, doc, facts (type, range, default, versions) and, when
/// `example` says so, a labelled JSON example. `version` is the file's: a key of other versions or
/// one runtimes ignore says so.
pub fn key_markdown(object: &ObjectDef, def: &KeyDef, version: Option<Version>, example: Example) -> String {
    let mut facts = vec![format!("Type: {}", value_type(def.ty))];
    if let Some(bounds) = def.bounds {
        facts.push(format!("Range: {}", bounds.describe()));
    }
    if let Some(default) = def.default {
        facts.push(format!("Default: `{default}`"));
    }
    if def.required {
        facts.push("Required: runtimes drop the object or fail without it".to_owned());
    }
    facts.extend(role(def));
    facts.push(format!("Data versions: {}", def.versions()));
    let mut warnings = Vec::new();
    if def.ignored {
        warnings.push("⚠ Ignored by current runtimes: written by editors or old exporters, read by none.".to_owned());
    }
    if let Some(v) = version.filter(|&v| !def.in_version(v)) {
        warnings.push(format!("⚠ Not part of data version {v}: this key belongs to {}.", def.versions()));
    }
    let warnings = if warnings.is_empty() { String::new() } else { format!("\n\n{}", warnings.join("\n\n")) };
    let example = match example {
        Example::Shown => format!("\n\n{}", labelled_example(def.example)),
        Example::Omitted => String::new(),
    };
    format!(
        "**`{}`** · key of {}\n\n{}{warnings}\n\n{}{example}",
        def.name,
        object_name(object),
        def.doc,
        facts.iter().map(|f| format!("- {f}")).collect::<Vec<_>>().join("\n"),
    )
}

/// A fenced JSON sample, labelled as one (its values are the schema's, not the file's).
fn labelled_example(json: &str) -> String {
    format!("Example:\n\n```json\n{json}\n```")
}

/// The documentation of an object kind, for a hover over one (so without the schema's example,
/// which the object itself would contradict).
pub fn object_markdown(object: &ObjectDef) -> String {
    format!("**{}**\n\n{}", object_name(object), object.doc)
}

/// `a bone`, `the DragonBones data`.
fn object_name(object: &ObjectDef) -> String {
    let name = object.name;
    if name == "DragonBones data" { "the DragonBones data (root)".to_owned() } else { with_article(name) }
}

/// One line for completion details, in plain text: `whole number · default 0`.
pub fn key_detail(def: &KeyDef) -> String {
    let mut out = crate::plain_words(&value_type(def.ty));
    if let Some(b) = def.bounds {
        out.push_str(&format!(" · {}", b.describe()));
    }
    if let Some(d) = def.default {
        out.push_str(&format!(" · default {d}"));
    }
    out
}
