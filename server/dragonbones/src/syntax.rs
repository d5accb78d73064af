//! The JSON syntax tree: one flat arena of 12-byte nodes in document (pre-)order.
//!
//! Real skeletons are megabytes of minified JSON with hundreds of thousands of values, so a node
//! holds only its byte range, its kind, a few flags and the index just past its subtree (`next`).
//! Children of a container are the nodes from `id + 1` to `next(id)`, hopping from sibling to
//! sibling with `next`. An object member is a `Member` node whose range is the key, immediately
//! followed by its value. Strings are unescaped and numbers parsed only when asked for.
//!
//! Nothing here recurses: walking, searching and dropping a tree of 100 000 nested arrays is a loop.

use std::borrow::Cow;

use rigls_diagnostic::Diagnostic;
use rigls_text::TextRange;

pub type NodeId = u32;

/// The root value (when the text has one).
pub const ROOT: NodeId = 0;

/// Offsets are stored in 28 bits, so texts up to this size can be parsed.
pub const MAX_TEXT_LEN: usize = 1 << OFFSET_BITS;

const OFFSET_BITS: u32 = 28;
const OFFSET_MASK: u32 = (1 << OFFSET_BITS) - 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum NodeKind {
    Object,
    Array,
    String,
    Number,
    True,
    False,
    Null,
    /// An object member; its range is the key, its value is the next node.
    Member,
    /// A value the text lacks (`"a": }`); its range is empty.
    Missing,
    /// A token that is no JSON value (`NaN`, `undefined`); reported as a syntax error.
    Invalid,
}

const KINDS: [NodeKind; 10] = [
    NodeKind::Object,
    NodeKind::Array,
    NodeKind::String,
    NodeKind::Number,
    NodeKind::True,
    NodeKind::False,
    NodeKind::Null,
    NodeKind::Member,
    NodeKind::Missing,
    NodeKind::Invalid,
];

/// Node flags (4 bits).
pub mod flag {
    /// A string or key containing `\` escapes.
    pub const ESCAPES: u8 = 1;
    /// A string or key without its closing quote; a container without its closing bracket.
    pub const UNCLOSED: u8 = 2;
    /// A number written with a fraction or an exponent.
    pub const FLOAT: u8 = 4;
    /// A number that is not strict JSON (`01`, `.5`); a member whose key is no quoted string.
    pub const LOOSE: u8 = 8;
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Node {
    start_kind: u32,
    end_flags: u32,
    next: u32,
}

impl Node {
    pub fn new(kind: NodeKind, range: TextRange, flags: u8, next: u32) -> Node {
        Node {
            start_kind: (range.start & OFFSET_MASK) | ((kind as u32) << OFFSET_BITS),
            end_flags: (range.end & OFFSET_MASK) | ((flags as u32 & 0xF) << OFFSET_BITS),
            next,
        }
    }

    pub fn kind(self) -> NodeKind {
        KINDS[(self.start_kind >> OFFSET_BITS) as usize]
    }

    pub fn range(self) -> TextRange {
        TextRange::new(self.start_kind & OFFSET_MASK, self.end_flags & OFFSET_MASK)
    }

    pub fn flags(self) -> u8 {
        (self.end_flags >> OFFSET_BITS) as u8
    }

    pub fn has(self, flag: u8) -> bool {
        self.flags() & flag != 0
    }

    /// The index just past this node's subtree.
    pub fn next(self) -> NodeId {
        self.next
    }

    /// The node of a subtree moved by `shift` bytes and renumbered by `ids` (both wrapping: a
    /// move back is a shift of `u32::MAX` and less). Offsets stay within their bits as long as
    /// the moved ones are offsets of a text, so the additions are done on the packed fields.
    pub fn moved(self, shift: u32, ids: u32) -> Node {
        Node {
            start_kind: self.start_kind.wrapping_add(shift),
            end_flags: self.end_flags.wrapping_add(shift),
            next: self.next.wrapping_add(ids),
        }
    }

    pub(super) fn set_end(&mut self, end: u32) {
        self.end_flags = (self.end_flags & !OFFSET_MASK) | (end & OFFSET_MASK);
    }

    pub(super) fn add_flag(&mut self, flag: u8) {
        self.end_flags |= (flag as u32 & 0xF) << OFFSET_BITS;
    }

    pub(super) fn set_next(&mut self, next: NodeId) {
        self.next = next;
    }
}

impl std::fmt::Debug for Node {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} {:?} flags={} next={}", self.kind(), self.range(), self.flags(), self.next)
    }
}

#[derive(Debug, Default)]
pub struct Tree {
    pub nodes: Vec<Node>,
    /// Syntax errors (code `syntax`), in source order.
    pub errors: Vec<Diagnostic>,
}

/// An object member: the key node and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Member {
    pub key: NodeId,
    pub value: NodeId,
}

/// The nodes of dropped trees, for the next version's ([`rigls_text::spare`]).
pub static SPARE_NODES: rigls_text::spare::Spare<Vec<Node>> = rigls_text::spare::Spare::new();

impl Drop for Tree {
    fn drop(&mut self) {
        SPARE_NODES.give(std::mem::take(&mut self.nodes));
    }
}

impl Tree {
    pub fn root(&self) -> Option<NodeId> {
        (!self.nodes.is_empty()).then_some(ROOT)
    }

    pub fn node(&self, id: NodeId) -> Node {
        self.nodes[id as usize]
    }

    pub fn kind(&self, id: NodeId) -> NodeKind {
        self.node(id).kind()
    }

    pub fn range(&self, id: NodeId) -> TextRange {
        self.node(id).range()
    }

    pub fn is_object(&self, id: NodeId) -> bool {
        self.kind(id) == NodeKind::Object
    }

    pub fn is_array(&self, id: NodeId) -> bool {
        self.kind(id) == NodeKind::Array
    }

    /// The direct children: an array's elements, an object's member nodes.
    pub fn children(&self, id: NodeId) -> Children<'_> {
        let node = self.node(id);
        let end = if matches!(node.kind(), NodeKind::Object | NodeKind::Array) { node.next() } else { id + 1 };
        Children { tree: self, cur: id + 1, end }
    }

    /// The nodes of `id`'s subtree below it, in order (an array's elements when they are scalars).
    pub fn below(&self, id: NodeId) -> &[Node] {
        let start = (id as usize).saturating_add(1).min(self.nodes.len());
        let end = (self.node(id).next() as usize).clamp(start, self.nodes.len());
        &self.nodes[start..end]
    }

    fn no_children(&self) -> Children<'_> {
        Children { tree: self, cur: 0, end: 0 }
    }

    /// An object's members in order (nothing for other nodes).
    pub fn members(&self, object: NodeId) -> impl Iterator<Item = Member> + '_ {
        let children = if self.is_object(object) { self.children(object) } else { self.no_children() };
        children.map(|key| Member { key, value: key + 1 })
    }

    /// An array's elements (nothing for other nodes).
    pub fn elements(&self, array: NodeId) -> Children<'_> {
        if self.is_array(array) { self.children(array) } else { self.no_children() }
    }

    /// The number of elements of an array (0 for other nodes).
    pub fn len(&self, array: NodeId) -> usize {
        self.elements(array).count()
    }

    /// The member named `key` (the last one when it is given twice, as `JSON.parse` keeps it).
    pub fn member(&self, text: &str, object: NodeId, key: &str) -> Option<Member> {
        self.members(object).filter(|m| self.key_is(text, m.key, key)).last()
    }

    /// The value of member `key`.
    pub fn get(&self, text: &str, object: NodeId, key: &str) -> Option<NodeId> {
        self.member(text, object, key).map(|m| m.value)
    }

    /// True when a member's key is `name`.
    pub fn key_is(&self, text: &str, key: NodeId, name: &str) -> bool {
        match self.plain_key(text, key) {
            Some(bytes) => bytes == name.as_bytes(),
            None => self.key(text, key) == name,
        }
    }

    /// A plain quoted key's bytes between the quotes (no escapes, closed); `None` for other keys,
    /// which [`Tree::key`] reads.
    pub fn plain_key<'t>(&self, text: &'t str, key: NodeId) -> Option<&'t [u8]> {
        let node = self.node(key);
        let r = node.range();
        if node.flags() != 0 || r.len() < 2 {
            return None;
        }
        text.as_bytes().get(r.start as usize + 1..r.end as usize - 1)
    }

    /// A member's key, unescaped (a bare word as written; `""` when the key is missing).
    pub fn key<'t>(&self, text: &'t str, key: NodeId) -> Cow<'t, str> {
        let node = self.node(key);
        let raw = raw_inner(text, node);
        if node.has(flag::ESCAPES) { unescape(raw) } else { Cow::Borrowed(raw) }
    }

    /// A string value's contents, unescaped; `None` for other nodes.
    pub fn str<'t>(&self, text: &'t str, id: NodeId) -> Option<Cow<'t, str>> {
        let node = self.node(id);
        if node.kind() != NodeKind::String {
            return None;
        }
        let raw = raw_inner(text, node);
        Some(if node.has(flag::ESCAPES) { unescape(raw) } else { Cow::Borrowed(raw) })
    }

    /// The range between a string's quotes (the node's range for other nodes).
    pub fn inner_range(&self, id: NodeId) -> TextRange {
        let node = self.node(id);
        let range = node.range();
        let quoted = matches!(node.kind(), NodeKind::String | NodeKind::Member) && !node.has(flag::LOOSE);
        if !quoted || range.is_empty() {
            return range;
        }
        let end = if node.has(flag::UNCLOSED) { range.end } else { (range.end - 1).max(range.start + 1) };
        TextRange::new(range.start + 1, end)
    }

    /// A number's value; `None` for other nodes.
    pub fn number(&self, text: &str, id: NodeId) -> Option<f64> {
        let node = self.node(id);
        if node.kind() != NodeKind::Number {
            return None;
        }
        let range = node.range();
        rigls_text::lexing::parse_f64_in(text, range.start as usize, range.end as usize)
    }

    /// A number's value when it is a whole number (`3`, also `3.0`).
    pub fn int(&self, text: &str, id: NodeId) -> Option<i64> {
        let node = self.node(id);
        if node.kind() != NodeKind::Number {
            return None;
        }
        let slice = node.range().slice(text);
        if !node.has(flag::FLOAT)
            && let Ok(v) = slice.parse::<i64>()
        {
            return Some(v);
        }
        let v = rigls_text::lexing::parse_f64(slice)?;
        (v.fract() == 0.0 && v.abs() < 9.0e15).then_some(v as i64)
    }

    /// The range of a member from its key to the end of its value.
    pub fn member_range(&self, member: Member) -> TextRange {
        self.range(member.key).cover(self.range(member.value))
    }

    /// Whether the subtree of `id` is that of `old_id` in `old`, moved: node for node the same
    /// kinds and flags, with ranges and subtree ends shifted by how far it moved. With the same
    /// text under both, what is read from one is what is read from the other, moved.
    pub fn same_subtree(&self, id: NodeId, old: &Tree, old_id: NodeId) -> bool {
        let (new_end, old_end) = (self.node(id).next(), old.node(old_id).next());
        if new_end.wrapping_sub(id) != old_end.wrapping_sub(old_id) || new_end < id {
            return false;
        }
        let shift = self.range(id).start.wrapping_sub(old.range(old_id).start);
        let ids = id.wrapping_sub(old_id);
        let new = &self.nodes[id as usize..new_end as usize];
        let was = &old.nodes[old_id as usize..old_end as usize];
        new.iter().zip(was).all(|(a, b)| *a == b.moved(shift, ids))
    }

    /// The range a node covers; for a member, key and value.
    pub fn full_range(&self, id: NodeId) -> TextRange {
        if self.kind(id) == NodeKind::Member {
            self.member_range(Member { key: id, value: id + 1 })
        } else {
            self.range(id)
        }
    }

    /// The chain of nodes from the root down to the innermost node whose range contains `offset`
    /// (members included, so a path alternates container, member, value…). Empty when the offset
    /// is outside the root value.
    pub fn path_at(&self, offset: u32) -> Vec<NodeId> {
        let mut path = Vec::new();
        let Some(root) = self.root() else { return path };
        if !self.range(root).contains_inclusive(offset) {
            return path;
        }
        path.push(root);
        let mut current = root;
        loop {
            let next = match self.kind(current) {
                NodeKind::Object | NodeKind::Array => {
                    self.children(current).find(|&c| self.full_range(c).contains_inclusive(offset))
                }
                NodeKind::Member => {
                    let value = current + 1;
                    self.range(value).contains_inclusive(offset).then_some(value)
                }
                _ => None,
            };
            match next {
                Some(n) => {
                    path.push(n);
                    current = n;
                }
                None => return path,
            }
        }
    }

    /// The JSON type of a value, for messages.
    pub fn describe(&self, id: NodeId) -> &'static str {
        match self.kind(id) {
            NodeKind::Object => "an object",
            NodeKind::Array => "an array",
            NodeKind::String => "a string",
            NodeKind::Number => "a number",
            NodeKind::True | NodeKind::False => "a boolean",
            NodeKind::Null => "null",
            NodeKind::Member => "a member",
            NodeKind::Missing => "nothing",
            NodeKind::Invalid => "an invalid value",
        }
    }
}

/// A name's value: its escapes decoded, an invalid one kept as written (the parser reports it)
/// and a lone surrogate read as U+FFFD.
fn unescape(raw: &str) -> Cow<'_, str> {
    rigls_text::json_string::unescape(raw, rigls_text::json_string::Faults::Mended).unwrap_or(Cow::Borrowed(raw))
}

/// The text of a string or key without its quotes, as written.
fn raw_inner(text: &str, node: Node) -> &str {
    let range = node.range();
    let slice = range.slice(text);
    if node.has(flag::LOOSE) && node.kind() == NodeKind::Member {
        return slice;
    }
    let slice = slice.strip_prefix('"').unwrap_or(slice);
    if node.has(flag::UNCLOSED) { slice } else { slice.strip_suffix('"').unwrap_or(slice) }
}

/// Iterates sibling nodes by hopping over subtrees.
#[derive(Clone)]
pub struct Children<'t> {
    tree: &'t Tree,
    cur: NodeId,
    end: NodeId,
}

impl Iterator for Children<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        if self.cur >= self.end || self.cur as usize >= self.tree.nodes.len() {
            return None;
        }
        let id = self.cur;
        let node = self.tree.node(id);
        // A member's subtree ends where its value's does; `next` was set to that.
        self.cur = node.next().max(id + 1);
        Some(id)
    }
}

impl Tree {
    /// An indented outline of the tree (for tests and debugging), one node per line.
    pub fn dump(&self, text: &str) -> String {
        let mut out = String::new();
        let Some(root) = self.root() else { return out };
        // (node, depth); children are pushed in reverse so they pop in order.
        let mut stack = vec![(root, 0usize)];
        while let Some((id, depth)) = stack.pop() {
            let node = self.node(id);
            let slice = node.range().slice(text);
            let shown = if matches!(node.kind(), NodeKind::Object | NodeKind::Array) {
                String::new()
            } else {
                format!(" {slice:?}")
            };
            let flags = if node.flags() == 0 { String::new() } else { format!(" flags={}", node.flags()) };
            out.push_str(&format!("{}{:?} {:?}{shown}{flags}\n", "  ".repeat(depth), node.kind(), node.range()));
            match node.kind() {
                NodeKind::Object | NodeKind::Array => {
                    let children: Vec<NodeId> = self.children(id).collect();
                    stack.extend(children.into_iter().rev().map(|c| (c, depth + 1)));
                }
                NodeKind::Member => stack.push((id + 1, depth + 1)),
                _ => {}
            }
        }
        out
    }
}
