//! Reparsing only what an edit touched: the innermost brace scope that holds the whole change is
//! parsed again ([`parser::parse_scope_body`]) and spliced into the earlier version's tree.
//!
//! Exact, not approximate: the result is the tree [`parser::parse`] makes of the new text. The
//! parser reads line by line and carries from one line to the next only its stack of open scopes
//! and what it learnt of the file's brace alignment ([`super::syntax::BraceMode`], kept on every
//! scope). With the text before the scope's `{` unchanged and no syntax error in the earlier
//! tree, it reaches the `{` in the same state; a body that parses without a syntax error, closes
//! at the `}` where the unchanged text resumes and leaves the same brace mode behind leaves the
//! parser as it was after the `}`, from which the rest parses as before. Anything else (a change
//! in the global scope or on a tag line, a brace broken or restored, any syntax error) is a
//! whole parse.

use super::parser::{self, ScopeBody};
use super::syntax::{Item, ROOT, ScopeId, SyntaxTree};
use rigls_text::{TextChange, TextRange, to_u32};

/// A tree made by reparsing one scope of the earlier one.
#[derive(Debug)]
pub struct Reparsed {
    pub tree: SyntaxTree,
    /// The scope parsed again (its id is the same in both trees), from its tag to its `}`: its
    /// range in the earlier text and in the new one.
    pub scope: ScopeId,
    pub old_region: TextRange,
    pub region: TextRange,
}

/// How many enclosing scopes are tried, innermost first, before a whole parse.
const ATTEMPTS: usize = 3;

/// The tree of `text`, a version of the text of `old` that differs from it only within `change`;
/// `None` when only a whole parse can tell.
pub fn reparse(old: &SyntaxTree, text: &str, change: TextChange) -> Option<Reparsed> {
    if !old.errors.is_empty() {
        return None;
    }
    for id in holding(old, change).into_iter().rev().take(ATTEMPTS) {
        let scope = old.scope(id);
        let close = scope.close?;
        let Ok(new_close) = u32::try_from(i64::from(close.start) + change.delta()) else { continue };
        let Some(body) = parser::parse_scope_body(text, old, id, new_close) else { continue };
        let old_region = scope.range;
        let region = TextRange::new(old_region.start, new_close + close.len());
        let tree = splice(old, id, body, change.delta());
        return Some(Reparsed { tree, scope: id, old_region, region });
    }
    None
}

/// The closed scopes whose braces hold the change (it lies after the `{` and up to the `}`),
/// outermost first.
fn holding(tree: &SyntaxTree, change: TextChange) -> Vec<ScopeId> {
    let holds = |id: ScopeId| {
        let s = tree.scope(id);
        s.close.is_some_and(|close| s.open.end <= change.start && change.old_end <= close.start)
    };
    let mut chain = Vec::new();
    let mut current = ROOT;
    while let Some(next) = tree.children(current).find(|&c| holds(c)) {
        chain.push(next);
        current = next;
    }
    chain
}

/// `old` with scope `id`'s items and the scopes inside it replaced by `body`'s, and the text
/// after the change moved by `delta` bytes.
fn splice(old: &SyntaxTree, id: ScopeId, body: ScopeBody, delta: i64) -> SyntaxTree {
    let end = old.scope(id).range.end;
    // The scopes inside `id` follow it in the arena, up to the first one past its `}`.
    let after =
        (id as usize + 1..old.scopes.len()).find(|&k| old.scopes[k].range.start >= end).unwrap_or(old.scopes.len());
    let grown = body.scopes.len() as i64 - (after - id as usize) as i64;
    let renumbered = |c: ScopeId| to_u32((i64::from(c) + grown) as usize);
    let shift = |o: u32| to_u32((i64::from(o) + delta) as usize);
    let moved = |r: TextRange| TextRange::new(shift(r.start), shift(r.end));
    // Items after the reparsed scope: moved, and the scopes they name renumbered.
    let moved_item = |item: &Item| match *item {
        Item::Key(mut k) => {
            k.key = moved(k.key);
            k.value = moved(k.value);
            Item::Key(k)
        }
        Item::Entry(mut e) => {
            e.range = moved(e.range);
            Item::Entry(e)
        }
        Item::Scope(c) => Item::Scope(renumbered(c)),
    };
    let ancestors: Vec<ScopeId> = old.ancestors(id).collect();
    let mut scopes = Vec::with_capacity(old.scopes.len().saturating_add_signed(grown as isize));
    for (k, s) in old.scopes[..id as usize].iter().enumerate() {
        if !ancestors.contains(&to_u32(k)) {
            scopes.push(s.with_items(s.items.clone()));
            continue;
        }
        // An ancestor: its items before the reparsed scope stay, those after it move.
        let items = s
            .items
            .iter()
            .map(|item| match *item {
                Item::Scope(c) if (c as usize) < after => *item,
                Item::Key(k) if k.key.start < end => *item,
                Item::Entry(e) if e.range.start < end => *item,
                _ => moved_item(item),
            })
            .collect();
        let mut scope = s.with_items(items);
        scope.range = TextRange::new(s.range.start, shift(s.range.end));
        scope.close = s.close.map(moved);
        scopes.push(scope);
    }
    let outer = body.outer;
    let global = |local: ScopeId| id + (local - outer);
    for (k, mut s) in body.scopes.into_iter().enumerate() {
        if k > 0 {
            s.parent = s.parent.map(global);
        }
        for item in &mut s.items {
            if let Item::Scope(c) = item {
                *c = global(*c);
            }
        }
        scopes.push(s);
    }
    for s in &old.scopes[after..] {
        let mut scope = s.with_items(s.items.iter().map(moved_item).collect());
        scope.tag = moved(s.tag);
        scope.open = moved(s.open);
        scope.close = s.close.map(moved);
        scope.range = moved(s.range);
        scope.parent = s.parent.map(|p| if p as usize >= after { renumbered(p) } else { p });
        scopes.push(scope);
    }
    SyntaxTree { scopes, errors: Vec::new() }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The edit of `text` that replaces `from..to` by `with`: the reparse, when it happens, is the
    /// whole parse.
    fn check(text: &str, from: usize, to: usize, with: &str, reparsed: bool) {
        let new = format!("{}{with}{}", &text[..from], &text[to..]);
        let old = parser::parse(text);
        assert!(old.errors.is_empty(), "{:?}", old.errors);
        let got = reparse(&old, &new, TextChange::between(text, &new));
        assert_eq!(got.is_some(), reparsed, "{new}");
        if let Some(got) = got {
            let fresh = parser::parse(&new);
            assert_eq!(format!("{:#?}", got.tree), format!("{fresh:#?}"), "{new}");
        }
    }

    const MODEL: &str = "Elfreina Extension Model File\r\n\
        MeshDatas {\r\n\
        \tMeshContainer {\r\n\
        \t\tName=\"体\"\r\n\
        \t\tMesh {\r\n\
        \t\t\tName=\"腕\"\r\n\
        \t\t\tPositions {\r\n\
        \t\t\t\t0.5:1:2\r\n\
        \t\t\t\t-1:2.25:3\r\n\
        \t\t\t}\r\n\
        \t\t}\r\n\
        \t}\r\n\
        }\r\n\
        Materials {\r\n\
        }\r\n";

    #[test]
    fn an_edit_inside_a_scope_reparses_it_alone() {
        let at = MODEL.find("2.25").unwrap();
        check(MODEL, at, at + 4, "7.5", true);
        check(MODEL, at, at + 4, "7\r\n\t\t\t\t1:2:3", true);
        let name = MODEL.find("腕").unwrap();
        check(MODEL, name, name + 3, "手", true);
        // A child scope added inside the mesh, and one removed.
        let positions = MODEL.find("\t\t\tPositions").unwrap();
        check(MODEL, positions, positions, "\t\t\tNormals {\r\n\t\t\t\t0:0:1\r\n\t\t\t}\r\n", true);
        let end = MODEL.find("\t\t}\r\n\t}").unwrap();
        check(MODEL, positions, end, "", true);
        // A syntax error, a broken brace, an edit of the global scope: whole parses.
        check(MODEL, at, at + 4, "2.25:", false);
        check(MODEL, at, at + 4, "{", false);
        check(MODEL, 0, 1, "e", false);
        // A misaligned `}` changes what the parser makes of the braces after it.
        let close = MODEL.find("\t\t\t}").unwrap();
        check(MODEL, close, close + 1, "", false);
    }
}
