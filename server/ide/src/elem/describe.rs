//! Words and Markdown for schema entries, shared by hover and completion. All text comes from the
//! schema table; this only arranges it.

use rigls_elem::schema::{self, KeyDef, ListItem, ScopeDef, ScopeKind, ValueType};

/// The value type of a key, with its range: `integer ≥ 0`, `colour a:r:g:b`…
pub fn value_type(ty: ValueType) -> String {
    match ty {
        ValueType::Int { min, max } if max == i32::MAX as i64 && min >= 0 => format!("integer ≥ {min}"),
        ValueType::Int { min, max } => format!("integer {min} … {max}"),
        ValueType::Float { min } => format!("number ≥ {min}"),
        ValueType::String => "quoted string".to_owned(),
        ValueType::Path => "quoted file path (relative to the .elem file)".to_owned(),
        ValueType::Bool => "`True` or `False`".to_owned(),
        ValueType::Color => "colour `a:r:g:b`, 4 numbers 0.0 … 1.0, alpha first".to_owned(),
        ValueType::Matrix => "4×4 matrix, 16 numbers `m11:…:m44`, row-major".to_owned(),
        ValueType::QuotedEnum(options) => format!("one of {}", quoted_list(options)),
    }
}

/// The shape of one line of a list scope.
pub fn list_item(kind: ScopeKind, item: ListItem) -> String {
    match item {
        ListItem::QuotedEnum(options) => format!("one of {} per line", quoted_list(options)),
        ListItem::QuotedName => "one quoted name per line".to_owned(),
        ListItem::Floats { n, range } => {
            let form = match (kind, n) {
                (ScopeKind::VertexDiffuse, 4) => "`a:r:g:b`".to_owned(),
                (ScopeKind::BoneRotateKeys, 4) => "`x:y:z:w`".to_owned(),
                (ScopeKind::TextureUv(_), 2) => "`u:v`".to_owned(),
                (_, 3) => "`x:y:z`".to_owned(),
                (_, 2) => "`x:y`".to_owned(),
                (_, 1) => "one number".to_owned(),
                (_, n) => format!("{n} numbers"),
            };
            match range {
                Some((lo, hi)) => format!("{form} per line, {lo:.1} … {hi:.1}"),
                None => format!("{form} per line"),
            }
        }
        ListItem::Index => "one index per line".to_owned(),
        ListItem::VertexWeight => "`vertex,weight` per line".to_owned(),
        ListItem::Face => "`n,i1:…:in` per line".to_owned(),
        ListItem::Any => "free-form lines".to_owned(),
    }
}

fn quoted_list(options: &[&str]) -> String {
    options.iter().map(|o| format!("`\"{o}\"`")).collect::<Vec<_>>().join(", ")
}

/// `` `Mesh` `` or `` `HierarchyList` or `Node` ``.
fn parents(kinds: &[ScopeKind]) -> String {
    let names: Vec<String> =
        kinds
            .iter()
            .map(|&k| {
                if k == ScopeKind::Global { "the global scope".to_owned() } else { format!("`{}`", schema::tag_of(k)) }
            })
            .collect();
    names.join(" or ")
}

/// A fenced `.elem` sample, labelled as one (its values are the schema's, not the file's).
fn example(text: &str) -> String {
    format!("Example:\n\n```elem\n{text}\n```")
}

/// Whether a key's documentation ends with the schema's example: in completion, where the key is
/// not written yet; not in a hover over the key, where the file's own value would contradict it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Example {
    Shown,
    Omitted,
}

/// The full documentation of a key: title, doc, type, default and, when `example` says so, a
/// labelled example.
pub fn key_markdown(def: &KeyDef, example_shown: Example) -> String {
    let mut facts = vec![format!("Type: {}", value_type(def.ty))];
    if let Some(default) = def.default {
        facts.push(format!("Default: `{default}`"));
    }
    if def.required {
        facts.push("Required".to_owned());
    }
    let example = match example_shown {
        Example::Shown => format!("\n\n{}", example(def.example)),
        Example::Omitted => String::new(),
    };
    format!(
        "**`{}`** · key in {}\n\n{}\n\n{}{example}",
        def.name,
        parents(def.parents),
        def.doc,
        facts.iter().map(|f| format!("- {f}")).collect::<Vec<_>>().join("\n"),
    )
}

/// The full documentation of a scope: title, doc, list shape and, when `example_shown` says so, a
/// labelled example. `tag` is the tag as written (`Texture3UV` shares one definition with the
/// other numbered sets).
pub fn scope_markdown(def: &ScopeDef, tag: &str, example_shown: Example) -> String {
    let mut title =
        format!("**`{tag}`** · {} in {}", if def.list.is_some() { "list" } else { "scope" }, parents(def.parents));
    if def.repeats {
        title.push_str(" (repeatable)");
    }
    let mut facts = Vec::new();
    if let Some(item) = def.list {
        facts.push(format!("Lines: {}", list_item(def.kind, item)));
    }
    if !def.aliases.is_empty() {
        facts.push(format!(
            "Also spelt: {}",
            def.aliases.iter().map(|a| format!("`{a}`")).collect::<Vec<_>>().join(", ")
        ));
    }
    if def.required {
        facts.push("Required".to_owned());
    }
    let facts = if facts.is_empty() {
        String::new()
    } else {
        format!("\n\n{}", facts.iter().map(|f| format!("- {f}")).collect::<Vec<_>>().join("\n"))
    };
    let example = match example_shown {
        Example::Shown => format!("\n\n{}", example(def.example)),
        Example::Omitted => String::new(),
    };
    format!("{title}\n\n{}{facts}{example}", def.doc)
}
