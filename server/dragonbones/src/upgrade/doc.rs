//! The upgraded document before it is written: new objects and arrays built around subtrees of
//! the input that are copied as they were written.
//!
//! Most of a skeleton survives an upgrade untouched (bones, slots, skins, meshes, deform key
//! frames), so those parts are [`Value::Source`]: a node of the input's tree, written back byte
//! for byte (re-indented when it lands at another indentation). Only what changes is built anew.

use std::borrow::Cow;

use crate::syntax::{NodeId, NodeKind, Tree};

/// A JSON value of the output.
#[derive(Clone, Debug, PartialEq)]
pub enum Value<'t> {
    /// A subtree of the input, written as the input spells it.
    Source(NodeId),
    Object(Vec<Member<'t>>),
    Array(Vec<Value<'t>>),
    /// A computed number, written in its shortest form that reads back to the same `f64`.
    Number(f64),
    /// A string (unescaped: it is escaped when written).
    String(Cow<'t, str>),
    Bool(bool),
    Null,
}

/// An object member of the output.
#[derive(Clone, Debug, PartialEq)]
pub struct Member<'t> {
    pub key: Key<'t>,
    pub value: Value<'t>,
}

/// A member's key: copied from the input (keeping its spelling and escapes) or a new one.
#[derive(Clone, Debug, PartialEq)]
pub enum Key<'t> {
    Source(NodeId),
    New(Cow<'t, str>),
}

impl<'t> Member<'t> {
    pub fn new(key: &'static str, value: Value<'t>) -> Member<'t> {
        Member { key: Key::New(Cow::Borrowed(key)), value }
    }

    /// The member `key` of the input, copied whole.
    pub fn source(member: crate::syntax::Member) -> Member<'t> {
        Member { key: Key::Source(member.key), value: Value::Source(member.value) }
    }
}

impl<'t> Value<'t> {
    pub fn str(s: impl Into<Cow<'t, str>>) -> Value<'t> {
        Value::String(s.into())
    }
}

/// The input an upgrade reads: its text and tree.
#[derive(Clone, Copy)]
pub struct Input<'t> {
    pub tree: &'t Tree,
    pub text: &'t str,
}

impl<'t> Input<'t> {
    /// A member's key as written (unescaped).
    pub fn key(&self, key: NodeId) -> Cow<'t, str> {
        self.tree.key(self.text, key)
    }

    /// The members of an object (nothing for other values).
    pub fn members(&self, object: NodeId) -> impl Iterator<Item = crate::syntax::Member> + 't {
        self.tree.members(object)
    }

    /// The value of member `key` (the last of that name, as `JSON.parse` keeps it); a missing
    /// value (a syntax error) counts as absent.
    pub fn get(&self, object: NodeId, key: &str) -> Option<NodeId> {
        if !self.tree.is_object(object) {
            return None;
        }
        self.tree.get(self.text, object, key).filter(|&v| self.tree.kind(v) != NodeKind::Missing)
    }

    /// Whether a member is the one `JSON.parse` keeps for its key: the last of its name.
    pub fn is_kept(&self, object: NodeId, member: crate::syntax::Member) -> bool {
        self.tree.member(self.text, object, &self.key(member.key)) == Some(member)
    }

    pub fn kind(&self, node: NodeId) -> NodeKind {
        self.tree.kind(node)
    }

    pub fn elements(&self, array: NodeId) -> impl Iterator<Item = NodeId> + 't {
        self.tree.elements(array)
    }

    pub fn str(&self, node: NodeId) -> Option<Cow<'t, str>> {
        self.tree.str(self.text, node)
    }

    pub fn raw(&self) -> crate::eval::raw::Raw<'t> {
        crate::eval::raw::Raw::new(self.tree, self.text)
    }

    /// A timeline's `name`, `scale` and `offset` members, copied: the head of a timeline rewritten
    /// with other key frame lists.
    pub fn timeline_head(&self, timeline: NodeId) -> Vec<Member<'t>> {
        let heads = [crate::schema::key::NAME, crate::schema::key::SCALE, crate::schema::key::OFFSET];
        self.members(timeline).filter(|m| heads.contains(&self.key(m.key).as_ref())).map(Member::source).collect()
    }

    /// The members of an object in order, each copied whole, except those `replace` answers for:
    /// `Some(members)` puts those members in its place (none drops it).
    pub fn rebuild_object(
        &self,
        object: NodeId,
        mut replace: impl FnMut(&str, crate::syntax::Member) -> Option<Vec<Member<'t>>>,
    ) -> Value<'t> {
        let mut out = Vec::new();
        for member in self.members(object) {
            let key = self.key(member.key);
            match replace(&key, member) {
                Some(members) => out.extend(members),
                None => out.push(Member::source(member)),
            }
        }
        Value::Object(out)
    }
}

impl<'t> Value<'t> {
    /// The members of an object value, to edit.
    pub fn members_mut(&mut self) -> Option<&mut Vec<Member<'t>>> {
        match self {
            Value::Object(members) => Some(members),
            _ => None,
        }
    }
}

/// The position of member `key` (a new or copied key named so) in `members`.
pub fn position_of(input: &Input<'_>, members: &[Member<'_>], key: &str) -> Option<usize> {
    members.iter().position(|m| match &m.key {
        Key::New(k) => k == key,
        Key::Source(node) => input.tree.key_is(input.text, *node, key),
    })
}
