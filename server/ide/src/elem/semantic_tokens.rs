//! Semantic tokens: scope tags, keys, strings, numbers, booleans, enum values and names (as
//! definitions or references), in document order.
//!
//! One pass over the tree, lexing each line's value once; separators are not tokens. This is the
//! one feature that touches every byte of a 10 MB mesh, so it allocates only the output.

use super::ElemDoc;
use crate::{Analysis, SemanticToken, TokenType, token_modifier};
use rigls_elem::lexer::{Lexer, TokenKind};
use rigls_elem::schema::{self, ScopeKind, ValueType};
use rigls_elem::syntax::{Item, ROOT, ScopeId};
use rigls_text::TextRange;

pub fn semantic_tokens(analysis: &Analysis) -> Vec<SemanticToken> {
    tokens(analysis, None)
}

/// The tokens lying wholly inside `range` (the scope an edit reparsed, from its tag to its `}`):
/// a walk of the scopes that overlap it, not of the whole file.
pub fn semantic_tokens_within(analysis: &Analysis, range: TextRange) -> Vec<SemanticToken> {
    tokens(analysis, Some(range))
}

/// Whether the tokens of `analysis` outside `new` are those of `previous` outside `old`, moved,
/// `analysis` being `previous` with the scope `old` parsed again as `new`. The tree outside is the
/// same (and with it every scope's kind and every key's schema entry); what else a token depends
/// on is whether the model names a string: the names outside must be the same, in the same order.
pub fn kept_outside(previous: &Analysis, analysis: &Analysis, old: TextRange, new: TextRange) -> bool {
    let (Some(before), Some(after)) = (ElemDoc::new(previous), ElemDoc::new(analysis)) else { return false };
    crate::token_splice::names_kept_outside(names(&before), names(&after), old, new)
}

/// The start of every name string and whether it is a definition, in the model's order.
fn names<'a>(ctx: &ElemDoc<'a>) -> impl Iterator<Item = (u32, bool)> + 'a {
    let model = ctx.model;
    model.defs.iter().map(|d| (d.range.start, true)).chain(model.refs.iter().map(|r| (r.range.start, false)))
}

fn tokens(analysis: &Analysis, within: Option<TextRange>) -> Vec<SemanticToken> {
    let Some(ctx) = ElemDoc::new(analysis) else { return Vec::new() };
    let names = NameIndex::new(&ctx, within);
    // Line items lie wholly inside or outside a reparsed scope; scopes around it are entered.
    let overlaps = |r: TextRange| within.is_none_or(|w| w.overlaps(r));
    let mut out = Vec::new();
    // An explicit stack of (scope, next item) keeps deep nesting off the call stack.
    let mut stack: Vec<(ScopeId, usize)> = vec![(ROOT, 0)];
    while let Some((scope, next)) = stack.pop() {
        let items = &ctx.tree.scope(scope).items;
        let Some(item) = items.get(next) else { continue };
        stack.push((scope, next + 1));
        let kind = ctx.kind(scope);
        if next.is_multiple_of(256) {
            rigls_text::cancel::check();
        }
        match *item {
            Item::Scope(child) => {
                if !overlaps(ctx.tree.scope(child).range) {
                    continue;
                }
                let tag = ctx.tree.scope(child).tag;
                if !tag.is_empty() && within.is_none_or(|w| w.contains_range(tag)) {
                    out.push(SemanticToken { range: tag, token_type: TokenType::Namespace, modifiers: 0 });
                }
                stack.push((child, 0));
            }
            Item::Key(line) if !overlaps(TextRange::new(line.key.start, line.value.end.max(line.key.end))) => {}
            Item::Entry(entry) if !overlaps(entry.range) => {}
            Item::Key(line) => {
                out.push(SemanticToken { range: line.key, token_type: TokenType::Property, modifiers: 0 });
                let enum_value = schema::key_def(kind, ctx.slice(line.key))
                    .is_some_and(|d| matches!(d.ty, ValueType::QuotedEnum(_)));
                value_tokens(&ctx, &names, line.value, enum_value, &mut out);
            }
            Item::Entry(entry) if scope == ROOT => header_tokens(&ctx, entry.range, &mut out),
            Item::Entry(entry) => {
                value_tokens(&ctx, &names, entry.range, kind == ScopeKind::VertexFormat, &mut out);
            }
        }
    }
    if let Some(w) = within {
        out.retain(|t| w.contains_range(t.range));
    }
    out
}

fn value_tokens(ctx: &ElemDoc, names: &NameIndex, range: TextRange, enum_value: bool, out: &mut Vec<SemanticToken>) {
    for token in Lexer::for_range(ctx.text, range) {
        let (token_type, modifiers) = match token.kind {
            TokenKind::String => match names.get(token.range.start) {
                Some(true) => (TokenType::Variable, token_modifier::DECLARATION | token_modifier::DEFINITION),
                Some(false) => (TokenType::Variable, 0),
                None if enum_value => (TokenType::EnumMember, 0),
                None => (TokenType::String, 0),
            },
            TokenKind::UnterminatedString => (TokenType::String, 0),
            TokenKind::Number | TokenKind::ExpNumber => (TokenType::Number, 0),
            TokenKind::True | TokenKind::False => (TokenType::Keyword, 0),
            _ => continue,
        };
        out.push(SemanticToken { range: token.range, token_type, modifiers });
    }
}

/// `Elfreina Extension Model File` / `File Version 1.00`.
fn header_tokens(ctx: &ElemDoc, range: TextRange, out: &mut Vec<SemanticToken>) {
    for token in Lexer::for_range(ctx.text, range) {
        let token_type = match token.kind {
            TokenKind::Ident => TokenType::Keyword,
            TokenKind::Number => TokenType::Number,
            _ => continue,
        };
        out.push(SemanticToken { range: token.range, token_type, modifiers: 0 });
    }
}

/// Start offsets of every name string, sorted, with whether it is a definition.
struct NameIndex(Vec<(u32, bool)>);

impl NameIndex {
    /// The names starting in `within` (all of them when `None`).
    fn new(ctx: &ElemDoc, within: Option<TextRange>) -> NameIndex {
        let mut starts: Vec<(u32, bool)> =
            names(ctx).filter(|&(s, _)| within.is_none_or(|w| w.contains_inclusive(s))).collect();
        starts.sort_unstable();
        NameIndex(starts)
    }

    fn get(&self, start: u32) -> Option<bool> {
        self.0.binary_search_by_key(&start, |&(s, _)| s).ok().map(|i| self.0[i].1)
    }
}
