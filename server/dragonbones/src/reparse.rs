//! Reparsing only what an edit touched: the innermost object or array that holds the whole
//! change is parsed again and spliced into the earlier version's tree.
//!
//! Exact, not approximate: the result is the tree [`super::parser::parse`] makes of the new text.
//! The lexer and parser read left to right, so the unchanged text before the container gives the
//! same tokens and leaves the parser in the same state at its opening bracket; a container that
//! parses without a syntax error never consults what encloses it (only recovery does) and leaves
//! the enclosing container in the same state after its closing bracket, from which the unchanged
//! rest parses as before. Hence the conditions: the earlier tree has no syntax error, and neither
//! has the reparsed container, which must close exactly where the unchanged text resumes.
//! Anything else (a change at the root, an edit that breaks or restores a bracket) is a whole
//! parse.

use super::parser;
use super::syntax::{MAX_TEXT_LEN, Node, NodeId, NodeKind, Tree};
use rigls_text::{TextChange, TextRange};

/// A tree made by reparsing part of the earlier one.
#[derive(Debug)]
pub struct Reparsed {
    pub tree: Tree,
    /// The container that was parsed again: its range in the earlier text and in the new one.
    pub old_region: TextRange,
    pub region: TextRange,
}

/// The tree of `text`, a version of `old_text` (whose tree is `old`) that differs from it only
/// within `change`; `None` when only a whole parse can tell.
pub fn reparse(old: &Tree, old_text: &str, text: &str, change: TextChange) -> Option<Reparsed> {
    if !old.errors.is_empty() || text.len() >= MAX_TEXT_LEN || old_text.len() >= MAX_TEXT_LEN {
        return None;
    }
    // An edit that adds or removes elements may read, from its text alone, as one inside the
    // element it starts in: the enclosing containers are tried next.
    for &container in holding(old, change).iter().rev().take(ATTEMPTS) {
        let old_region = old.range(container);
        let Ok(end) = usize::try_from(i64::from(old_region.end) + change.delta()) else { continue };
        let Some(inner) = parser::parse_container(text, old_region.start as usize, end) else { continue };
        let tree = splice(old, container, &inner, change.delta());
        return Some(Reparsed { tree, old_region, region: TextRange::new(old_region.start, end as u32) });
    }
    None
}

/// How many enclosing containers are tried, innermost first, before a whole parse.
const ATTEMPTS: usize = 3;

/// The containers (below the root) whose brackets enclose the change, untouched, outermost first.
fn holding(tree: &Tree, change: TextChange) -> Vec<NodeId> {
    let holds = |id: NodeId| {
        let r = tree.range(id);
        matches!(tree.kind(id), NodeKind::Object | NodeKind::Array)
            && r.start < change.start
            && change.old_end < r.end
            && !tree.node(id).has(super::syntax::flag::UNCLOSED)
    };
    let mut chain = Vec::new();
    let Some(root) = tree.root().filter(|&r| holds(r)) else { return chain };
    let mut current = root;
    loop {
        let mut deeper = None;
        for child in tree.children(current) {
            if tree.range(child).start > change.start {
                break;
            }
            let value = if tree.kind(child) == NodeKind::Member { child + 1 } else { child };
            if (value as usize) < tree.nodes.len() && holds(value) {
                deeper = Some(value);
                break;
            }
        }
        match deeper {
            Some(next) => {
                chain.push(next);
                current = next;
            }
            None => return chain,
        }
    }
}

/// `old` with the subtree of `container` replaced by `inner` (whose ids start at 0) and the text
/// after it moved by `delta` bytes.
fn splice(old: &Tree, container: NodeId, inner: &[Node], delta: i64) -> Tree {
    let (i, j) = (container as usize, old.node(container).next() as usize);
    let grown = inner.len() as i64 - (j - i) as i64;
    let moved = |offset: u32| (i64::from(offset) + delta) as u32;
    let renumbered = |id: u32| (i64::from(id) + grown) as u32;
    let mut nodes = super::syntax::SPARE_NODES.take(old.nodes.len().saturating_add_signed(grown as isize));
    // Before the container: as they were, but its ancestors (and the members holding them),
    // which grow around it. Those are the nodes before it whose subtree reaches past it.
    nodes.extend_from_slice(&old.nodes[..i]);
    let mut ancestor = 0;
    while ancestor < container {
        let n = old.node(ancestor);
        let range = match n.kind() {
            NodeKind::Member => n.range(),
            _ => TextRange::new(n.range().start, moved(n.range().end)),
        };
        nodes[ancestor as usize] = Node::new(n.kind(), range, n.flags(), renumbered(n.next()));
        // Down to the child holding the container (a member's is its value, the next node).
        ancestor += 1;
        if n.kind() != NodeKind::Member {
            while ancestor < container && old.node(ancestor).next() <= container {
                ancestor = old.node(ancestor).next();
            }
        }
    }
    nodes.extend(inner.iter().map(|&n| n.moved(0, i as u32)));
    // After it: moved and renumbered.
    let (shift, ids) = (delta as u32, grown as u32);
    nodes.extend(old.nodes[j..].iter().map(|&n| n.moved(shift, ids)));
    Tree { nodes, errors: Vec::new() }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every edit of `text` that replaces `from..to` by `with`: the reparse, when it happens, is
    /// the whole parse.
    fn check(text: &str, from: usize, to: usize, with: &str, reparsed: bool) {
        let new = format!("{}{with}{}", &text[..from], &text[to..]);
        let old = parser::parse(text);
        let change = TextChange::between(text, &new);
        let got = reparse(&old, text, &new, change);
        assert_eq!(got.is_some(), reparsed, "{new}");
        if let Some(got) = got {
            let fresh = parser::parse(&new);
            assert_eq!(got.tree.nodes, fresh.nodes, "{new}");
            assert!(fresh.errors.is_empty());
        }
    }

    #[test]
    fn an_edit_inside_a_container_reparses_it_alone() {
        let text = r#"{"armature": [{"name": "a", "bone": [{"name": "b"}, {"x": 1.5}]}, {"name": "c"}], "v": 2}"#;
        let at = text.find("1.5").unwrap();
        check(text, at, at + 3, "22.25", true);
        check(text, at, at + 3, "[1, {\"y\": 2}]", true);
        let b = text.find("\"b\"").unwrap();
        check(text, b + 1, b + 2, "骨", true);
        // Breaking a bracket, a syntax error, an edit at the root: whole parses.
        check(text, at, at + 3, "{", false);
        check(text, at, at + 3, "1,", false);
        let v = text.find("2}").unwrap();
        check(text, v, v + 1, "3", false);
        // A change that includes a bracket of the innermost container goes one level up.
        let c = text.find("{\"name\": \"c\"}").unwrap();
        check(text, c, c + 1, "[{", false);
        check(text, c, c + 13, "{\"name\": \"d\"}, {\"q\": 1}", true);
    }
}
