//! What a cursor offset touches: a scope tag, a `}`, a key, a key's value or a list line.
//!
//! Offsets touch a range when they lie inside it or at either end (a cursor right after a word is
//! still "on" it). Items are found by binary search, so a hover in a million-line list is cheap.

use super::ElemDoc;
use rigls_elem::syntax::{Entry, Item, KeyLine, ScopeId};
use rigls_elem::values::{Atom, Values};
use rigls_text::TextRange;

#[derive(Clone, Copy, Debug)]
pub enum Hit {
    /// The tag (or the `{`) of a scope.
    Tag(ScopeId),
    /// The `}` of a scope.
    Close(ScopeId),
    /// The key of a `Key=Value` line in `scope`.
    Key { scope: ScopeId, line: KeyLine },
    /// The `=` or the value of a `Key=Value` line.
    Value { scope: ScopeId, line: KeyLine },
    /// A bare line of `scope`; `index` is its position among the scope's bare lines.
    Entry { scope: ScopeId, entry: Entry, index: usize },
}

/// Where an item of a scope starts and ends.
pub fn item_range(ctx: &ElemDoc, item: &Item) -> TextRange {
    match item {
        Item::Key(line) => line.range(),
        Item::Entry(entry) => entry.range,
        Item::Scope(id) => ctx.tree.scope(*id).range,
    }
}

/// The item of `scope` whose range touches `offset`, with its position in `items`.
pub fn item_at(ctx: &ElemDoc, scope: ScopeId, offset: u32) -> Option<(usize, Item)> {
    let items = &ctx.tree.scope(scope).items;
    let after = items.partition_point(|item| item_range(ctx, item).start <= offset);
    let index = after.checked_sub(1)?;
    let item = items[index];
    item_range(ctx, &item).contains_inclusive(offset).then_some((index, item))
}

/// The position of the bare line `items[index]` among the scope's bare lines.
pub fn entry_index(ctx: &ElemDoc, scope: ScopeId, index: usize) -> usize {
    ctx.tree.scope(scope).items[..index].iter().filter(|i| matches!(i, Item::Entry(_))).count()
}

pub fn hit(ctx: &ElemDoc, offset: u32) -> Option<Hit> {
    let scope = ctx.tree.scope_at(offset);
    if let Some((index, item)) = item_at(ctx, scope, offset) {
        return Some(match item {
            Item::Key(line) if line.key.contains_inclusive(offset) => Hit::Key { scope, line },
            Item::Key(line) => Hit::Value { scope, line },
            Item::Entry(entry) => Hit::Entry { scope, entry, index: entry_index(ctx, scope, index) },
            Item::Scope(child) => {
                let s = ctx.tree.scope(child);
                if s.tag.cover(s.open).contains_inclusive(offset) {
                    Hit::Tag(child)
                } else if s.close.is_some_and(|c| c.contains_inclusive(offset)) {
                    Hit::Close(child)
                } else {
                    return None;
                }
            }
        });
    }
    let close = ctx.tree.scope(scope).close?;
    close.contains_inclusive(offset).then_some(Hit::Close(scope))
}

/// The atoms of `range` and the index of the one touching `offset`. When two atoms touch it
/// (`1:$02` cannot happen, but `"a"$0` at a separator can), the one starting at `offset` wins.
pub fn atom_at(ctx: &ElemDoc, range: TextRange, offset: u32) -> Option<(Values, usize)> {
    let values = Values::read(ctx.text, range);
    let index = values
        .atoms
        .iter()
        .position(|a| a.range.contains(offset))
        .or_else(|| values.atoms.iter().position(|a| a.range.contains_inclusive(offset)))?;
    Some((values, index))
}

/// The `,`-group holding atom `index` (for `vertex,weight` and `n,i1:i2:i3` lines).
pub fn group_of(values: &Values, index: usize) -> usize {
    let mut seen = 0;
    for g in 0..values.group_count() {
        seen += values.group(g).len();
        if index < seen {
            return g;
        }
    }
    values.group_count().saturating_sub(1)
}

/// The atoms of `,`-group `i`, or none when the line has fewer groups.
pub fn group(values: &Values, i: usize) -> &[Atom] {
    if i < values.group_count() { values.group(i) } else { &[] }
}

/// The atoms of the bare line at `index` of a list scope (its `index`-th entry).
pub fn entry_atoms(ctx: &ElemDoc, list: ScopeId, index: usize) -> Option<(Entry, Vec<Atom>)> {
    let entry = *ctx.tree.entries(list).nth(index)?;
    Some((entry, Values::read(ctx.text, entry.range).atoms))
}
