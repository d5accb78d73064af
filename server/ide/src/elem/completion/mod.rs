//! Completion: keys and scopes valid at the cursor (as snippets), enum values, counts and indices,
//! and names wherever a reference is expected.
//!
//! The cursor line is read as text, not through the tree, because it is usually half-typed: a line
//! that is only a word (`Vert`) completes keys and scopes, a `Key=` line completes values, and a
//! line in a list completes that list's entries. Snippets use the file's own line break and
//! indentation and are meant to be inserted as they are (LSP `insertTextMode: asIs`). Quoted
//! values (names, `VertexFormat` and `InterpolationType` values) are labelled with their quotes,
//! so that editors filtering by the typed text (`"He`) match them without a separate filter text.

mod values;

use super::ElemDoc;
use super::describe::{self, Example};
use crate::file_completion::image_completions;
use crate::{Analysis, CompletionItem, CompletionKind};
use rigls_diagnostic::env::FileSystem;
use rigls_elem::parser::line_break_of;
use rigls_elem::schema::key;
use rigls_elem::schema::{self, KeyDef, NameRole, ScopeDef, ScopeKind, ValueType};
use rigls_elem::syntax::{Item, ROOT, ScopeId};
use rigls_text::TextRange;
use values::{count_values, list_entries, reference_names, transform_indices, values};

const HEADER: &str = "Elfreina Extension Model File";

pub fn completions(analysis: &Analysis, offset: u32) -> Vec<CompletionItem> {
    let Some(ctx) = ElemDoc::new(analysis) else { return Vec::new() };
    let Some(line) = Line::at(&ctx, offset) else { return Vec::new() };
    let scope = ctx.tree.scope_at(offset);
    let kind = ctx.kind(scope);
    if kind == ScopeKind::Unknown {
        return Vec::new();
    }
    let typed = line.typed(&ctx);
    if let Some(eq) = typed.find('=') {
        return values(&ctx, &line, scope, typed[..eq].trim(), line.content_start + to_u32(eq) + 1);
    }
    if typed.starts_with('"') {
        return list_entries(&ctx, &line, scope, line.quoted_range(&ctx));
    }
    if !typed.chars().all(is_word_char) || line.after(&ctx).trim_start().starts_with('}') {
        return Vec::new();
    }
    let word = line.word_range(&ctx);
    if kind.is_list() {
        return list_entries(&ctx, &line, scope, word);
    }
    let rest = ctx.slice(TextRange::new(word.end, line.range.end)).trim_start();
    let mode = if rest.starts_with('=') {
        Mode::KeyName
    } else if rest.starts_with('{') {
        Mode::TagName
    } else {
        Mode::Snippet
    };
    let mut items = keys_and_scopes(&ctx, &line, scope, word, mode);
    if scope == ROOT && mode == Mode::Snippet {
        items.extend(header(&ctx, &line, word));
    }
    items
}

/// Image files a material's `TextureFilename` may name, from the folder typed so far (relative
/// to the model's folder).
pub fn file_completions(analysis: &Analysis, offset: u32, fs: &dyn FileSystem) -> Vec<CompletionItem> {
    let (Some(ctx), Some(dir)) = (ElemDoc::new(analysis), analysis.folder()) else {
        return Vec::new();
    };
    let Some(line) = Line::at(&ctx, offset) else { return Vec::new() };
    if ctx.kind(ctx.tree.scope_at(offset)) != ScopeKind::Material {
        return Vec::new();
    }
    let typed = line.typed(&ctx);
    let Some(eq) = typed.find('=').filter(|&eq| typed[..eq].trim() == key::TEXTURE_FILENAME) else {
        return Vec::new();
    };
    let after_eq = &typed[eq + 1..];
    let value = after_eq.trim_start();
    let value_start = line.content_start + to_u32(eq + 1 + after_eq.len() - value.len());
    let inside = match value.strip_prefix('"') {
        Some(inside) if !inside.contains('"') => inside,
        None if value.is_empty() => "",
        // After the closing quote, or a value that is not a string.
        _ => return Vec::new(),
    };
    let written = ctx.slice(TextRange::new(value_start, line.range.end)).trim_end();
    let range = TextRange::new(value_start, (value_start + to_u32(written.len())).max(offset));
    image_completions(fs, dir, inside, range, |name| format!("\"{name}\""))
}

/// The cursor's line, split around the cursor.
struct Line {
    /// The line's content, without its line break.
    range: TextRange,
    /// Where the content starts after the indentation.
    content_start: u32,
    offset: u32,
}

impl Line {
    fn at(ctx: &ElemDoc, offset: u32) -> Option<Line> {
        let range = ctx.lines.line_range(ctx.lines.line_of(offset));
        if offset < range.start || offset > range.end {
            return None;
        }
        let before = ctx.slice(TextRange::new(range.start, offset));
        let indent = before.len() - before.trim_start_matches([' ', '\t']).len();
        Some(Line { range, content_start: range.start + to_u32(indent), offset })
    }

    /// What was typed on the line before the cursor, after the indentation.
    fn typed<'a>(&self, ctx: &ElemDoc<'a>) -> &'a str {
        ctx.slice(TextRange::new(self.content_start, self.offset))
    }

    fn after<'a>(&self, ctx: &ElemDoc<'a>) -> &'a str {
        ctx.slice(TextRange::new(self.offset, self.range.end))
    }

    fn indent<'a>(&self, ctx: &ElemDoc<'a>) -> &'a str {
        ctx.slice(TextRange::new(self.range.start, self.content_start))
    }

    /// The identifier around the cursor.
    fn word_range(&self, ctx: &ElemDoc) -> TextRange {
        let after = self.after(ctx);
        let end = after.find(|c: char| !is_word_char(c)).unwrap_or(after.len());
        TextRange::new(self.content_start, self.offset + to_u32(end))
    }

    /// From the opening quote to the closing one (or the end of the text) around the cursor.
    fn quoted_range(&self, ctx: &ElemDoc) -> TextRange {
        let after = self.after(ctx);
        let end = after.find('"').map_or(after.trim_end().len(), |i| i + 1);
        TextRange::new(self.content_start, self.offset + to_u32(end))
    }

    fn is_on(&self, ctx: &ElemDoc, offset: u32) -> bool {
        ctx.same_line(offset, self.range.start)
    }
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn to_u32(n: usize) -> u32 {
    rigls_text::to_u32(n)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// A bare word: `Key=…` and `Tag {…}` snippets.
    Snippet,
    /// The word before an existing `=`: key names only.
    KeyName,
    /// The word before an existing `{`: scope tags only.
    TagName,
}

fn keys_and_scopes(ctx: &ElemDoc, line: &Line, scope: ScopeId, word: TextRange, mode: Mode) -> Vec<CompletionItem> {
    let kind = ctx.kind(scope);
    let mut present_keys: Vec<&str> = Vec::new();
    let mut present_tags: Vec<ScopeKind> = Vec::new();
    for item in &ctx.tree.scope(scope).items {
        match item {
            Item::Key(k) if !line.is_on(ctx, k.key.start) => present_keys.push(ctx.slice(k.key)),
            Item::Scope(c) if !line.is_on(ctx, ctx.tree.scope(*c).tag.start) => present_tags.push(ctx.kind(*c)),
            _ => {}
        }
    }
    // `SoftVersion` and `ElfreinaSoftVersion` are one key under two spellings.
    if present_keys.iter().any(|k| *k == key::SOFT_VERSION || *k == key::ELFREINA_SOFT_VERSION) {
        present_keys.extend([key::SOFT_VERSION, key::ELFREINA_SOFT_VERSION]);
    }
    let mut items = Vec::new();
    if mode != Mode::TagName {
        for (i, def) in schema::keys_in(kind).enumerate() {
            if present_keys.contains(&def.name) {
                continue;
            }
            let group = if def.required { 0 } else { 1 };
            items.push(key_item(ctx, scope, def, word, mode, format!("{group}{i:03}")));
        }
    }
    if mode != Mode::KeyName {
        let unit = indent_unit(ctx);
        let nl = line_break_of(ctx.text);
        for (i, def) in schema::child_scopes(kind).enumerate() {
            for (n, tag) in tags(def).into_iter().enumerate() {
                let kind_here = schema::resolve_scope(kind, &tag).unwrap_or(def.kind);
                if !def.repeats && present_tags.contains(&kind_here) {
                    continue;
                }
                let insert = if mode == Mode::TagName {
                    tag.clone()
                } else {
                    let indent = line.indent(ctx);
                    format!("{tag} {{{nl}{indent}{unit}$0{nl}{indent}}}")
                };
                items.push(CompletionItem {
                    filter_text: tag.clone(),
                    label: tag.clone(),
                    kind: CompletionKind::Scope,
                    detail: Some(scope_detail(def)),
                    documentation_markdown: Some(describe::scope_markdown(def, &tag, Example::Shown)),
                    is_snippet: mode == Mode::Snippet,
                    insert_text: insert,
                    replace_range: word,
                    sort_text: Some(format!("2{i:03}{n}")),
                });
            }
        }
    }
    items
}

/// The tags a scope definition stands for (`Texture1UV`…`Texture8UV` for the numbered sets).
fn tags(def: &ScopeDef) -> Vec<String> {
    if def.kind == ScopeKind::TextureUv(1) {
        (1..=8).map(|n| format!("Texture{n}UV")).collect()
    } else {
        vec![def.tag.to_owned()]
    }
}

/// In plain text, as editors show details.
fn scope_detail(def: &ScopeDef) -> String {
    match def.list {
        Some(item) => format!("list: {}", crate::plain_words(&describe::list_item(def.kind, item))),
        None => "scope".to_owned(),
    }
}

fn key_item(ctx: &ElemDoc, scope: ScopeId, def: &KeyDef, word: TextRange, mode: Mode, sort: String) -> CompletionItem {
    let (insert_text, is_snippet) = match mode {
        Mode::Snippet => (format!("{}={}", def.name, value_snippet(ctx, scope, def)), true),
        _ => (def.name.to_owned(), false),
    };
    CompletionItem {
        label: def.name.to_owned(),
        filter_text: def.name.to_owned(),
        kind: CompletionKind::Key,
        detail: Some(crate::plain_words(&describe::value_type(def.ty))),
        documentation_markdown: Some(describe::key_markdown(def, Example::Shown)),
        insert_text,
        is_snippet,
        replace_range: word,
        sort_text: Some(sort),
    }
}

/// A snippet for a key's value: the real count for count keys, the choices of an enum, the names
/// a reference may take, else the schema's example value as a placeholder.
fn value_snippet(ctx: &ElemDoc, scope: ScopeId, def: &KeyDef) -> String {
    let example = def.example.split_once('=').map_or("", |(_, v)| v);
    match def.ty {
        ValueType::Bool => {
            let first = def.default.unwrap_or("True");
            let second = if first == "True" { "False" } else { "True" };
            format!("${{1|{first},{second}|}}")
        }
        ValueType::QuotedEnum(options) => format!("\"${{1|{}|}}\"", options.join(",")),
        ValueType::Color => {
            let stops: Vec<String> =
                example.split(':').enumerate().map(|(i, v)| format!("${{{}:{}}}", i + 1, escape(v))).collect();
            stops.join(":")
        }
        ValueType::Matrix => {
            let identity: Vec<&str> = (0..16).map(|i| if i % 5 == 0 { "1.000000" } else { "0.000000" }).collect();
            format!("${{1:{}}}", identity.join(":"))
        }
        ValueType::String | ValueType::Path => match def.role {
            NameRole::Refers(kind) => {
                let names = reference_names(ctx, scope, kind);
                if names.is_empty() || names.len() > 20 {
                    "\"$1\"".to_owned()
                } else {
                    let choices: Vec<String> = names.iter().map(|(n, _)| escape_choice(n)).collect();
                    format!("\"${{1|{}|}}\"", choices.join(","))
                }
            }
            NameRole::Defines(_) => "\"$1\"".to_owned(),
            NameRole::None => format!("\"${{1:{}}}\"", escape(example.trim_matches('"'))),
        },
        ValueType::Int { .. } | ValueType::Float { .. } => {
            let placeholder = count_values(ctx, scope, def)
                .first()
                .map(|(n, _)| n.to_string())
                .or_else(|| transform_indices(ctx, scope).into_iter().next().map(|(i, _)| i.to_string()))
                .or_else(|| (!def.counts.is_empty()).then(|| "0".to_owned()))
                .unwrap_or_else(|| def.default.unwrap_or(example).to_owned());
            format!("${{1:{}}}", escape(&placeholder))
        }
    }
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('$', "\\$").replace('}', "\\}")
}

fn escape_choice(text: &str) -> String {
    text.replace('\\', "\\\\").replace(',', "\\,").replace('|', "\\|").replace('$', "\\$")
}

/// The file's indentation step: that of its first indented line (tabs by default; nothing in a
/// file saved without indentation).
fn indent_unit(ctx: &ElemDoc) -> String {
    // Through the line index: `str::lines` does not end lines at a lone CR.
    for line in (0..ctx.lines.line_count().min(10_000)).map(|i| ctx.slice(ctx.lines.line_range(i))) {
        let trimmed = line.trim_start_matches([' ', '\t']);
        if trimmed.len() < line.len() && !trimmed.is_empty() {
            let ws = &line[..line.len() - trimmed.len()];
            return if ws.starts_with('\t') { "\t".to_owned() } else { ws.to_owned() };
        }
    }
    let nested = ctx.tree.scopes.iter().skip(1).any(|s| !s.items.is_empty() && s.close.is_some());
    if nested { String::new() } else { "\t".to_owned() }
}

fn header(ctx: &ElemDoc, line: &Line, word: TextRange) -> Option<CompletionItem> {
    let root = ctx.tree.scope(ROOT);
    let before_anything = root.items.iter().all(|item| match item {
        Item::Entry(e) => line.is_on(ctx, e.range.start),
        Item::Scope(s) => ctx.tree.scope(*s).range.start > line.offset,
        Item::Key(_) => false,
    });
    if !before_anything {
        return None;
    }
    let nl = line_break_of(ctx.text);
    Some(CompletionItem {
        label: HEADER.to_owned(),
        filter_text: HEADER.to_owned(),
        kind: CompletionKind::Snippet,
        detail: Some("the two header lines".to_owned()),
        documentation_markdown: Some("Every `.elem` file starts with these two lines.".to_owned()),
        insert_text: format!("{HEADER}{nl}File Version 1.00{nl}"),
        is_snippet: false,
        replace_range: word,
        sort_text: Some("0".to_owned()),
    })
}
