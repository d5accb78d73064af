//! Semantic tokens, in document order: keys (properties; keys holding objects or arrays of objects
//! as structure; keys runtimes ignore or of another data version as deprecated), name definitions
//! and references (variables; definitions with the declaration modifier), enum values, strings,
//! numbers and `true`/`false`/`null`.
//!
//! One walk over the tree ([`super::walk`]); names are found by a cursor over a sorted list of
//! their starts, so a 10 MB one-line skeleton costs one pass and the output. A token never spans a
//! line: an unclosed string running onto the next line is cut at its line break.

use super::DragonBonesDoc;
use super::walk::walk;
use crate::{Analysis, SemanticToken, TokenType, token_modifier};
use rigls_dragonbones::schema::{KeyDef, ValueType};
use rigls_dragonbones::syntax::NodeKind;
use rigls_text::TextRange;

pub fn semantic_tokens(analysis: &Analysis) -> Vec<SemanticToken> {
    tokens(analysis, None)
}

/// The tokens lying wholly inside `range` (a container an edit reparsed: its walk, not the
/// file's).
pub fn semantic_tokens_within(analysis: &Analysis, range: TextRange) -> Vec<SemanticToken> {
    tokens(analysis, Some(range))
}

/// Whether the tokens of `analysis` outside `new` are those of `previous` outside `old`, moved,
/// `analysis` being `previous` with the container `old` parsed again as `new`. The tree outside
/// is the same (so are the schema entries of its keys, found from the path to each node); what
/// else a token depends on is the data version (which keys are deprecated) and whether the
/// model names the value: the names outside must be the same, in the same order.
pub fn kept_outside(previous: &Analysis, analysis: &Analysis, old: TextRange, new: TextRange) -> bool {
    let (Some(before), Some(after)) = (DragonBonesDoc::new(previous), DragonBonesDoc::new(analysis)) else {
        return false;
    };
    if before.version() != after.version() || before.file.root_kind() != after.file.root_kind() {
        return false;
    }
    crate::token_splice::names_kept_outside(names(&before), names(&after), old, new)
}

/// The start of every name the tokens show (implicit definitions have no text), and whether it
/// is a definition, in the model's order.
fn names<'a>(ctx: &DragonBonesDoc<'a>) -> impl Iterator<Item = (u32, bool)> + 'a {
    let model = ctx.model;
    let defs = model.defs.iter().filter(|d| !d.implicit).map(|d| (d.range.start, true));
    defs.chain(model.refs.iter().map(|r| (r.range.start, false)))
}

fn tokens(analysis: &Analysis, within: Option<TextRange>) -> Vec<SemanticToken> {
    let Some(ctx) = DragonBonesDoc::new(analysis) else { return Vec::new() };
    let mut names = NameIndex::new(&ctx, within);
    let version = ctx.version();
    let mut out = Vec::with_capacity(if within.is_some() { 0 } else { ctx.tree.nodes.len() });
    walk(&ctx, within, |v| {
        let range = ctx.tree.range(v.node);
        let (token_type, modifiers) = match v.kind {
            NodeKind::Member => key_token(v.def, version),
            NodeKind::String => match names.get(range.start) {
                Some(true) => (TokenType::Variable, token_modifier::DECLARATION | token_modifier::DEFINITION),
                Some(false) => (TokenType::Variable, 0),
                None if v.def.is_some_and(|d| matches!(d.ty, ValueType::Enum(_))) => (TokenType::EnumMember, 0),
                None => (TokenType::String, 0),
            },
            NodeKind::Number => match names.get(range.start) {
                // A name written as a number (2.3 data).
                Some(def) => (TokenType::Variable, if def { token_modifier::DECLARATION } else { 0 }),
                None => (TokenType::Number, 0),
            },
            NodeKind::True | NodeKind::False | NodeKind::Null => (TokenType::Keyword, 0),
            _ => return,
        };
        // The walk of a range also meets the containers around it and what touches it.
        if range.is_empty() || within.is_some_and(|w| !w.contains_range(range)) {
            return;
        }
        let range = single_line(ctx.text, range);
        out.push(SemanticToken { range, token_type, modifiers });
    });
    out
}

fn key_token(def: Option<&'static KeyDef>, version: Option<rigls_dragonbones::schema::Version>) -> (TokenType, u32) {
    let Some(def) = def else { return (TokenType::Property, 0) };
    let token_type = match def.ty {
        ValueType::Object(_) | ValueType::Array(_) | ValueType::Actions => TokenType::Struct,
        _ => TokenType::Property,
    };
    let stale = def.ignored || version.is_some_and(|v| !def.in_version(v));
    (token_type, if stale { token_modifier::DEPRECATED } else { 0 })
}

/// The range cut at its first line break (only unclosed strings have one).
fn single_line(text: &str, range: TextRange) -> TextRange {
    let slice = range.slice(text);
    match slice.find(['\n', '\r']) {
        Some(i) => TextRange::new(range.start, range.start + i as u32),
        None => range,
    }
}

/// Start offsets of every name, sorted, with whether it is a definition, and how far the walk
/// has read them: the walk asks in document order, so each lookup moves a cursor instead of
/// searching (a minified 10 MB skeleton asks for each of its million numbers).
struct NameIndex(Vec<(u32, bool)>, usize);

impl NameIndex {
    /// The names starting in `within` (all of them when `None`).
    fn new(ctx: &DragonBonesDoc, within: Option<TextRange>) -> NameIndex {
        let mut starts: Vec<(u32, bool)> =
            names(ctx).filter(|&(s, _)| within.is_none_or(|w| w.contains_inclusive(s))).collect();
        // A display name that also names its texture is a definition first.
        starts.sort_unstable_by_key(|&(s, def)| (s, !def));
        starts.dedup_by_key(|e| e.0);
        NameIndex(starts, 0)
    }

    /// Whether a name starts at `start` (never less than the `start` asked before), and whether
    /// it is a definition.
    fn get(&mut self, start: u32) -> Option<bool> {
        while self.0.get(self.1).is_some_and(|&(s, _)| s < start) {
            self.1 += 1;
        }
        self.0.get(self.1).filter(|&&(s, _)| s == start).map(|&(_, def)| def)
    }
}
