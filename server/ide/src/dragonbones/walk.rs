//! One pass over the JSON tree in document order that knows, for every node, the object kind and
//! the schema entry of the key it belongs to. Semantic tokens, document colours and inlay hints
//! are built on it.
//!
//! The tree is a pre-order arena, so the walk is a loop over node indices with a stack of open
//! containers; subtrees that end before the requested range are hopped over whole, and the walk
//! stops at the first node starting after it. Nothing is allocated per node.

use super::DragonBonesDoc;
use rigls_dragonbones::schema::{self, KeyDef, ObjectKind, ValueType};
use rigls_dragonbones::syntax::{NodeId, NodeKind};
use rigls_text::TextRange;

/// An open container.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    pub node: NodeId,
    /// Index just past the container's subtree.
    end: NodeId,
    /// An object's kind, or for an array the kind of its object elements.
    pub kind: Option<ObjectKind>,
    pub is_array: bool,
    /// For an array: the entry of the key holding it; the next element's index.
    def: Option<&'static KeyDef>,
    next_index: usize,
    /// The kind of the innermost object among this container and those enclosing it, kept here
    /// so that a node deep in nested arrays finds it without a search (100,000 nested arrays).
    innermost_object_kind: Option<ObjectKind>,
}

/// One node met by the walk.
pub struct Visit<'w> {
    pub node: NodeId,
    pub kind: NodeKind,
    /// For an object: its kind. For anything else: the kind of the innermost enclosing object.
    pub object_kind: Option<ObjectKind>,
    /// For a member: its key's entry. For a member's value or an element of it (when the value is
    /// an array): the entry of that member's key.
    pub def: Option<&'static KeyDef>,
    /// For an array element: its index.
    pub index: Option<usize>,
    /// The containers enclosing the node, outermost first.
    pub frames: &'w [Frame],
}

impl Visit<'_> {
    /// The innermost enclosing object (for an object: itself excluded).
    pub fn object(&self) -> Option<&Frame> {
        self.frames.iter().rev().find(|f| !f.is_array)
    }

    /// The innermost enclosing object of `kind`.
    pub fn enclosing(&self, kind: ObjectKind) -> Option<&Frame> {
        self.frames.iter().rev().find(|f| !f.is_array && f.kind == Some(kind))
    }
}

/// Calls `visit` for every node whose text overlaps `range` (every node when `None`), in order.
pub fn walk(ctx: &DragonBonesDoc, range: Option<TextRange>, mut visit: impl FnMut(&Visit)) {
    let tree = ctx.tree;
    let count = tree.nodes.len() as NodeId;
    let version = ctx.version();
    let mut frames: Vec<Frame> = Vec::new();
    // The entry of the member whose value comes next (the node after a member).
    let mut pending: Option<(NodeId, Option<&'static KeyDef>)> = None;
    let mut i: NodeId = 0;
    while i < count {
        if i.is_multiple_of(4096) {
            rigls_text::cancel::check();
        }
        while frames.last().is_some_and(|f| f.end <= i) {
            frames.pop();
        }
        let node = tree.node(i);
        let kind = node.kind();
        let start = node.range().start;
        if let Some(r) = range
            && start > r.end
        {
            return;
        }
        let in_array = frames.last().is_some_and(|f| f.is_array);
        let parent_kind = frames.last().and_then(|f| f.kind);
        let object_kind = frames.last().and_then(|f| f.innermost_object_kind);
        // What this node is to its container.
        let (def, index, element_kind) = if kind == NodeKind::Member {
            let def =
                parent_kind.filter(|_| !in_array).and_then(|k| schema::key_def(k, &tree.key(ctx.text, i), version));
            (def, None, None)
        } else if in_array {
            let frame = frames.last_mut().expect("an array frame");
            let index = frame.next_index;
            frame.next_index += 1;
            (frame.def, Some(index), frame.kind)
        } else if let Some((_, def)) = pending.filter(|(v, _)| *v == i) {
            (def, None, def.and_then(|d| object_value_kind(d.ty)))
        } else {
            (None, None, None)
        };
        pending = None;
        // Skip what ends before the range.
        let end = if kind == NodeKind::Member && i + 1 < count { tree.range(i + 1).end } else { node.range().end };
        if let Some(r) = range
            && end < r.start
        {
            i = node.next().max(i + 1);
            continue;
        }
        let own_kind = match kind {
            NodeKind::Object if frames.is_empty() => Some(ctx.file.root_kind()),
            NodeKind::Object => element_kind,
            _ => None,
        };
        visit(&Visit {
            node: i,
            kind,
            object_kind: if kind == NodeKind::Object { own_kind } else { object_kind },
            def,
            index,
            frames: &frames,
        });
        match kind {
            NodeKind::Member => pending = Some((i + 1, def)),
            NodeKind::Object => {
                let end = node.next().max(i + 1);
                frames.push(Frame {
                    node: i,
                    end,
                    kind: own_kind,
                    is_array: false,
                    def: None,
                    next_index: 0,
                    innermost_object_kind: own_kind,
                });
            }
            NodeKind::Array => {
                let elements = if in_array { None } else { def.and_then(|d| array_element_kind(d.ty)) };
                let end = node.next().max(i + 1);
                frames.push(Frame {
                    node: i,
                    end,
                    kind: elements,
                    is_array: true,
                    def,
                    next_index: 0,
                    innermost_object_kind: object_kind,
                });
            }
            _ => {}
        }
        i += 1;
    }
}

/// The kind of an object held directly by a key of this type.
fn object_value_kind(ty: ValueType) -> Option<ObjectKind> {
    match ty {
        ValueType::Object(k) => Some(k),
        ValueType::TypedValue => Some(ObjectKind::Color),
        ValueType::FrameAction => Some(ObjectKind::Action),
        ValueType::Any => Some(ObjectKind::UserData),
        _ => None,
    }
}

/// The kind of the object elements of an array held by a key of this type.
fn array_element_kind(ty: ValueType) -> Option<ObjectKind> {
    match ty {
        ValueType::Array(k) => Some(k),
        ValueType::Actions => Some(ObjectKind::Action),
        ValueType::Any => Some(ObjectKind::UserData),
        _ => None,
    }
}
