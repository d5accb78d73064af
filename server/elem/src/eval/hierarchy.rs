//! The `HierarchyList` as a reader builds it: every `Node` with its parent and its
//! `InitPostureMatrix`, and the world matrices of all nodes at once.

use crate::schema::key;
use std::collections::HashMap;

use super::matrix::{self, IDENTITY, Mat4};
use crate::model::read::{Problem, Reader};
use crate::schema::ScopeKind;
use crate::syntax::{ScopeId, SyntaxTree};
use rigls_text::TextRange;

#[derive(Clone, Debug, PartialEq)]
pub struct HierarchyNode {
    /// `NodeName`, when it is one quoted string.
    pub name: Option<String>,
    pub scope: ScopeId,
    /// The index of the parent node (parents come first: nodes are in file order).
    pub parent: Option<u32>,
    /// `InitPostureMatrix`: the node's setup transform relative to its parent (identity when the
    /// key is absent or cannot be read).
    pub init: Mat4,
    /// The `InitPostureMatrix` line, when there is one.
    pub init_line: Option<TextRange>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Hierarchy {
    /// Every `Node` scope in file order (pre-order).
    pub nodes: Vec<HierarchyNode>,
    /// The first node of each name (later duplicates are reported by `duplicate-name`).
    by_name: HashMap<String, u32>,
}

impl Hierarchy {
    /// The nodes of the file. Matrices that cannot be read are problems and read as identity.
    pub fn read(text: &str, tree: &SyntaxTree, problems: &mut Vec<Problem>) -> Hierarchy {
        let mut reader = Reader::new(text, tree);
        let mut hierarchy = Hierarchy::default();
        // Parents precede children in the arena: a node's parent index is known when it is met.
        let mut index_of_scope: HashMap<ScopeId, u32> = HashMap::new();
        for (id, scope) in tree.scopes.iter().enumerate() {
            if scope.kind != ScopeKind::Node {
                continue;
            }
            rigls_text::cancel::check();
            let id = id as ScopeId;
            let name = reader.string_key(id, key::NODE_NAME);
            let parent = scope.parent.and_then(|p| index_of_scope.get(&p).copied());
            let label =
                name.as_deref().map_or_else(|| "a node without a NodeName".to_owned(), |n| format!("node \"{n}\""));
            let line = tree.key(text, id, key::INIT_POSTURE_MATRIX).copied();
            let init = match line {
                None => IDENTITY,
                Some(line) => {
                    let read =
                        if line.ok { reader.floats::<16>(line.value) } else { Err("has a syntax error".to_owned()) };
                    read.unwrap_or_else(|why| {
                        problems.push(Problem {
                            range: line.range(),
                            message: format!("InitPostureMatrix of {label} {why}"),
                        });
                        IDENTITY
                    })
                }
            };
            let index = rigls_text::to_u32(hierarchy.nodes.len());
            index_of_scope.insert(id, index);
            if let Some(name) = &name {
                hierarchy.by_name.entry(name.clone()).or_insert(index);
            }
            hierarchy.nodes.push(HierarchyNode { name, scope: id, parent, init, init_line: line.map(|l| l.range()) });
        }
        hierarchy
    }

    /// The first node called `name`.
    pub fn find(&self, name: &str) -> Option<u32> {
        self.by_name.get(name).copied()
    }

    /// The node whose scope is `scope`.
    pub fn node_of_scope(&self, scope: ScopeId) -> Option<u32> {
        self.nodes.binary_search_by_key(&scope, |n| n.scope).ok().map(rigls_text::to_u32)
    }

    /// World matrices of every node into `out` (cleared first): `animation × InitPostureMatrix ×
    /// parent's world`, where `animation(i)` is node `i`'s sampled local animation matrix (`None`:
    /// not animated, identity).
    pub fn worlds(&self, animation: impl Fn(u32) -> Option<Mat4>, out: &mut Vec<Mat4>) {
        out.clear();
        out.reserve(self.nodes.len());
        for (i, node) in self.nodes.iter().enumerate() {
            let local = match animation(rigls_text::to_u32(i)) {
                Some(a) => matrix::mul(&a, &node.init),
                None => node.init,
            };
            let world = match node.parent {
                Some(p) => matrix::mul(&local, &out[p as usize]),
                None => local,
            };
            out.push(world);
        }
    }

    /// Recomputes the world matrices of `nodes` only (ascending indices; every other entry of
    /// `worlds` is left as it is, e.g. at the setup pose), `animation` as in [`Hierarchy::worlds`].
    pub fn update_worlds(&self, nodes: &[u32], animation: impl Fn(u32) -> Option<Mat4>, worlds: &mut [Mat4]) {
        for &i in nodes {
            let node = &self.nodes[i as usize];
            let local = match animation(i) {
                Some(a) => matrix::mul(&a, &node.init),
                None => node.init,
            };
            worlds[i as usize] = match node.parent {
                Some(p) => matrix::mul(&local, &worlds[p as usize]),
                None => local,
            };
        }
    }

    /// The setup pose: every node at its `InitPostureMatrix`.
    pub fn setup_worlds(&self) -> Vec<Mat4> {
        let mut out = Vec::new();
        self.worlds(|_| None, &mut out);
        out
    }
}
