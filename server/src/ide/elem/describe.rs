//! Words and Markdown for schema entries, shared by hover and completion. All text comes from the
//! schema table; this only arranges it.

use crate::elem::schema::{self, KeyDef, ListItem, ScopeDef, ScopeKind, ValueType};

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

/// A fenced `.elem` example.
fn example(text: &str) -> String {
    format!("```elem\n{text}\n```")
}

/// The full documentation of a key: title, doc, type, default, example.
pub fn key_markdown(def: &KeyDef) -> String {
    let mut facts = vec![format!("Type: {}", value_type(def.ty))];
    if let Some(default) = def.default {
        facts.push(format!("Default: `{default}`"));
    }
    if def.required {
        facts.push("Required".to_owned());
    }
    format!(
        "**`{}`** · key in {}\n\n{}\n\n{}\n\n{}",
        def.name,
        parents(def.parents),
        def.doc,
        facts.iter().map(|f| format!("- {f}")).collect::<Vec<_>>().join("\n"),
        example(def.example)
    )
}

/// The full documentation of a scope: title, doc, list shape, example. `tag` is the tag as
/// written (`Texture3UV` shares one definition with the other numbered sets).
pub fn scope_markdown(def: &ScopeDef, tag: &str) -> String {
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
        format!("{}\n\n", facts.iter().map(|f| format!("- {f}")).collect::<Vec<_>>().join("\n"))
    };
    format!("{title}\n\n{}\n\n{facts}{}", def.doc, example(def.example))
}
