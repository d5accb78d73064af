//! Completion: the keys an object may still take (for the file's data version, as `"key": value`
//! snippets with the value's shape and the commas JSON needs), enum values, `true`/`false`, and
//! names wherever a reference is expected (bones, slots, skins, animations, displays, armatures,
//! constraints, atlas textures).
//!
//! Replace ranges cover what is already typed, quotes included, so a half-typed `"pa` or bare `pa`
//! key and a `"he` name are replaced whole. Quoted values are labelled with their quotes, so that
//! editors filtering by the typed text (`"he`) match them.

use std::collections::BTreeSet;

use super::describe::{self, Example};
use super::{Cursor, DragonBonesDoc, json_string};
use crate::file_completion::image_completions;
use crate::{Analysis, CompletionItem, CompletionKind};
use rigls_diagnostic::env::FileSystem;
use rigls_dragonbones::model::{NameAt, Scope, display_type};
use rigls_dragonbones::schema::key;
use rigls_dragonbones::schema::{self, DisplayType, KeyDef, NameKind, NameRole, ObjectKind, ValueType, timeline_type};
use rigls_dragonbones::syntax::{NodeId, NodeKind, flag};
use rigls_text::TextRange;

pub fn completions(analysis: &Analysis, offset: u32) -> Vec<CompletionItem> {
    let Some(ctx) = DragonBonesDoc::new(analysis) else { return Vec::new() };
    let Some(cursor) = Cursor::at(&ctx, offset) else { return Vec::new() };
    let Some(kind) = cursor.kind else { return Vec::new() };
    match cursor.member {
        None => {
            // Between members: only where a key may start (not inside a value being typed).
            keys(&ctx, &cursor, kind, TextRange::empty(offset), None)
        }
        Some(m) if cursor.on_key => {
            let key = typed_range(&ctx, m.key, offset);
            let has_value = ctx.tree.kind(m.value) != NodeKind::Missing;
            keys(&ctx, &cursor, kind, key, Some(has_value))
        }
        // A bare word where a key belongs (`{"name": "x", len}`): the parser reads it as a value
        // without a key.
        Some(m) if ctx.tree.range(m.key).is_empty() && ctx.tree.kind(m.value) == NodeKind::Invalid => {
            keys(&ctx, &cursor, kind, ctx.tree.range(m.value), None)
        }
        Some(_) => values(&ctx, &cursor, kind, offset),
    }
}

/// Image files an atlas's `imagePath` may name, from the folder typed so far (relative to the
/// document's folder).
pub fn file_completions(analysis: &Analysis, offset: u32, fs: &dyn FileSystem) -> Vec<CompletionItem> {
    let (Some(ctx), Some(dir)) = (DragonBonesDoc::new(analysis), analysis.folder()) else {
        return Vec::new();
    };
    let Some(cursor) = Cursor::at(&ctx, offset) else { return Vec::new() };
    let (Some(ObjectKind::Atlas), Some(member), false) = (cursor.kind, cursor.member, cursor.on_key) else {
        return Vec::new();
    };
    let leaf = if cursor.leaf == member.key { member.value } else { cursor.leaf };
    if leaf != member.value || !ctx.tree.key_is(ctx.text, member.key, key::IMAGE_PATH) {
        return Vec::new();
    }
    let (range, inside) = match ctx.tree.kind(leaf) {
        NodeKind::Missing => (TextRange::empty(offset), ""),
        NodeKind::String => {
            let range = typed_range(&ctx, leaf, offset);
            let closed = !ctx.tree.node(leaf).has(flag::UNCLOSED);
            // Inside the quotes (not before the opening one, nor after the closing one).
            if offset <= range.start || (closed && offset == range.end) || offset > range.end {
                return Vec::new();
            }
            (range, &ctx.text[range.start as usize + 1..offset as usize])
        }
        _ => return Vec::new(),
    };
    image_completions(fs, dir, inside, range, json_string)
}

// ---- keys --------------------------------------------------------------------------------

/// The keys `kind` may still take. `replacing`: `None` between members, else whether the member
/// whose key is replaced already has a value (then only the key is written).
fn keys(
    ctx: &DragonBonesDoc,
    cursor: &Cursor,
    kind: ObjectKind,
    range: TextRange,
    replacing: Option<bool>,
) -> Vec<CompletionItem> {
    let present: BTreeSet<String> = ctx
        .tree
        .members(cursor.object)
        .filter(|m| Some(m.key) != cursor.member.map(|c| c.key))
        .map(|m| ctx.tree.key(ctx.text, m.key).into_owned())
        .collect();
    let (before, after) = commas(ctx, cursor.object, range);
    let object = schema::object_def(kind);
    // A key typed with its opening quote (`"pa`) is matched as the quoted key.
    let quoted = ctx.text[range.start as usize..range.end as usize].starts_with('"');
    let mut seen = BTreeSet::new();
    schema::keys(kind, ctx.version())
        .enumerate()
        .filter(|(_, def)| !present.contains(def.name) && seen.insert(def.name))
        .map(|(i, def)| {
            let (insert_text, is_snippet) = match replacing {
                Some(true) => (json_string(def.name), false),
                _ => (format!("{before}\"{}\": {}{after}", def.name, shape(def)), true),
            };
            CompletionItem {
                label: def.name.to_owned(),
                filter_text: if quoted { json_string(def.name) } else { def.name.to_owned() },
                kind: CompletionKind::Key,
                detail: Some(describe::key_detail(def)),
                documentation_markdown: Some(describe::key_markdown(object, def, ctx.version(), Example::Shown)),
                insert_text,
                is_snippet,
                replace_range: range,
                // Required keys first, then the schema's order.
                sort_text: Some(format!("{}{i:03}", if def.required { 0 } else { 1 })),
            }
        })
        .collect()
}

/// The value a new key starts with, as a snippet: `"$1"`, `${1:0}`, `{$1}`, `[$1]`, `${1:true}`.
fn shape(def: &KeyDef) -> String {
    match def.ty {
        ValueType::String | ValueType::Name | ValueType::Enum(_) | ValueType::Version | ValueType::FrameAction => {
            "\"$1\"".to_owned()
        }
        ValueType::Number | ValueType::Int | ValueType::Easing | ValueType::TypedValue => {
            let default = def.default.filter(|d| d.parse::<f64>().is_ok()).unwrap_or("0");
            format!("${{1:{default}}}")
        }
        ValueType::Bool => format!("${{1:{}}}", def.default.filter(|d| *d == "false").unwrap_or("true")),
        ValueType::Object(_) | ValueType::Any => "{$1}".to_owned(),
        ValueType::Array(_) | ValueType::Numbers | ValueType::Ints | ValueType::Strings | ValueType::Actions => {
            "[$1]".to_owned()
        }
    }
}

/// The commas a member inserted at `range` needs: one before it when a member precedes it without
/// one, one after it when a member follows.
fn commas(ctx: &DragonBonesDoc, object: NodeId, range: TextRange) -> (&'static str, &'static str) {
    let bytes = ctx.text.as_bytes();
    let object_range = ctx.tree.range(object);
    let before = bytes[object_range.start as usize..range.start as usize]
        .iter()
        .rev()
        .find(|b| !b.is_ascii_whitespace())
        .copied();
    let after = bytes[range.end as usize..object_range.end as usize].iter().find(|b| !b.is_ascii_whitespace()).copied();
    let needs_before = !matches!(before, Some(b'{' | b',') | None);
    let needs_after = matches!(after, Some(b'"')) || after.is_some_and(|b| b.is_ascii_alphabetic());
    (if needs_before { ", " } else { "" }, if needs_after { "," } else { "" })
}

// ---- values ------------------------------------------------------------------------------

fn values(ctx: &DragonBonesDoc, cursor: &Cursor, kind: ObjectKind, offset: u32) -> Vec<CompletionItem> {
    let Some(member) = cursor.member else { return Vec::new() };
    // Between the colon and a missing value, the member itself is the innermost node.
    let leaf = if cursor.leaf == member.key { member.value } else { cursor.leaf };
    // What is replaced: the string or word being typed, or nothing at the cursor.
    let range = match ctx.tree.kind(leaf) {
        NodeKind::String => typed_range(ctx, leaf, offset),
        NodeKind::Number | NodeKind::Invalid | NodeKind::True | NodeKind::False | NodeKind::Null => {
            ctx.tree.range(leaf)
        }
        NodeKind::Missing => TextRange::empty(offset),
        // Inside an array, between elements.
        NodeKind::Array if cursor.element.is_none() && leaf == member.value => TextRange::empty(offset),
        _ => return Vec::new(),
    };
    if ctx.tree.kind(leaf) == NodeKind::String && !ctx.tree.node(leaf).has(flag::UNCLOSED) && offset == range.end {
        return Vec::new(); // after the closing quote
    }
    if !(range.start <= offset && offset <= range.end) {
        return Vec::new(); // before the value (`"parent":| "root"`): an edit must cover the cursor
    }
    let def = cursor.key_def(ctx);
    let mut out = Vec::new();
    if let Some(def) = def
        && cursor.element.is_none()
        && leaf == member.value
    {
        match def.ty {
            ValueType::Enum(e) => {
                for (i, name) in e.values.iter().enumerate() {
                    let Some(name) = name else { continue };
                    let detail = Some(format!("value {i}"));
                    let mut value = item(format!("\"{name}\""), CompletionKind::EnumMember, detail, range);
                    value.sort_text = Some(format!("{i:02}"));
                    out.push(value);
                }
            }
            ValueType::Bool if !super::is_string(ctx.tree, leaf) => {
                for b in ["true", "false"] {
                    out.push(item(b.to_owned(), CompletionKind::Value, None, range));
                }
            }
            _ => {}
        }
    }
    if let Some((name_kind, names)) = expected_names(ctx, cursor, kind, def, offset) {
        let what = name_kind.describe();
        for name in names {
            out.push(item(json_string(&name), CompletionKind::Name, Some(what.to_owned()), range));
        }
    }
    out
}

/// The range of a string or key being typed: the whole token, or for an unclosed one (which runs
/// to the end of its line) up to the end of the word at the cursor.
fn typed_range(ctx: &DragonBonesDoc, node: NodeId, offset: u32) -> TextRange {
    let range = ctx.tree.range(node);
    if !ctx.tree.node(node).has(flag::UNCLOSED) || offset < range.start {
        return range;
    }
    let rest = &ctx.text[offset as usize..range.end as usize];
    let word = rest.find(|c: char| c.is_whitespace() || matches!(c, ',' | '}' | ']' | ':' | '"')).unwrap_or(rest.len());
    TextRange::new(range.start, offset + word as u32)
}

fn item(label: String, kind: CompletionKind, detail: Option<String>, range: TextRange) -> CompletionItem {
    CompletionItem {
        insert_text: label.clone(),
        filter_text: label.clone(),
        label,
        kind,
        detail,
        documentation_markdown: None,
        is_snippet: false,
        replace_range: range,
        sort_text: None,
    }
}

/// The names a reference at the cursor may take, in document order without duplicates.
fn expected_names(
    ctx: &DragonBonesDoc,
    cursor: &Cursor,
    kind: ObjectKind,
    def: Option<&KeyDef>,
    offset: u32,
) -> Option<(NameKind, Vec<String>)> {
    // An existing reference knows its scope (a display `name` without `path` both defines the
    // display and names its texture: the texture is what is completed).
    let reference = ctx.model.refs.iter().find(|r| r.range.contains_inclusive(offset));
    if let Some(r) = reference.filter(|_| is_name_node(ctx, cursor.leaf)) {
        // Not the object holding the reference: a bone is not its own parent.
        let mut names: Vec<String> =
            ctx.model.candidates(r).filter(|d| d.node != cursor.object).map(|d| d.name.clone()).collect();
        if r.kind == NameKind::Texture {
            names.extend(atlas_names(ctx));
        }
        return Some((r.kind, dedup(names)));
    }
    if let Some(NameAt::Def(_)) = ctx.model.name_at(offset) {
        return None; // a name being defined
    }
    // A value not yet a reference (empty, or not a string yet): from the key's role.
    let def = def?;
    let armature = ctx.model.armature_at(ctx.tree, offset);
    let in_armature = |k: NameKind| Some((k, armature.map(Scope::Armature)?));
    let (name_kind, scope) = match (def.role, kind, def.name) {
        (NameRole::Refers(NameKind::Armature), _, _) => (NameKind::Armature, Scope::File),
        (NameRole::Refers(NameKind::Display), _, _) => return None,
        (NameRole::Refers(k), _, _) => in_armature(k)?,
        // A display's `path`, or its `name` when it has no `path`.
        (NameRole::Contextual, ObjectKind::Display, key::PATH)
        | (NameRole::Defines(_), ObjectKind::Display, key::NAME)
            if def.name == key::PATH || ctx.get(cursor.object, key::PATH).is_none() =>
        {
            match display_type(ctx.tree, ctx.text, cursor.object) {
                Some(DisplayType::Armature) => (NameKind::Armature, Scope::File),
                Some(DisplayType::Image | DisplayType::Mesh) => (NameKind::Texture, Scope::File),
                _ => return None,
            }
        }
        (NameRole::Contextual, ObjectKind::SkinSlot, _) if !ctx.model.generation().eq(&schema::Generation::Legacy) => {
            in_armature(NameKind::Slot)?
        }
        (NameRole::Contextual, ObjectKind::Action, _) => in_armature(NameKind::Animation)?,
        (NameRole::Contextual, ObjectKind::LegacyTimeline, _) => in_armature(NameKind::Bone)?,
        (NameRole::Contextual, ObjectKind::TypedTimeline, _) => {
            let target = ctx.int(cursor.object, key::TYPE).and_then(timeline_type).and_then(|t| t.target)?;
            if target == NameKind::Display {
                return None;
            }
            in_armature(target)?
        }
        _ => return None,
    };
    let mut names: Vec<String> =
        ctx.model.defs_in(name_kind, scope).filter(|d| d.node != cursor.object).map(|d| d.name.clone()).collect();
    if name_kind == NameKind::Texture {
        names.extend(atlas_names(ctx));
    }
    Some((name_kind, dedup(names)))
}

fn is_name_node(ctx: &DragonBonesDoc, node: NodeId) -> bool {
    matches!(ctx.tree.kind(node), NodeKind::String | NodeKind::Number)
}

fn atlas_names(ctx: &DragonBonesDoc) -> Vec<String> {
    ctx.atlases.iter().flat_map(|a| a.textures.iter().map(|(n, _)| n.clone())).collect()
}

fn dedup(names: Vec<String>) -> Vec<String> {
    let mut seen = BTreeSet::new();
    names.into_iter().filter(|n| seen.insert(n.clone())).collect()
}
