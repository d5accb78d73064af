//! The `.elem` syntax tree: scopes with their keys, list lines and child scopes, all as byte ranges.
//!
//! Values are kept as ranges and read on demand ([`super::values`]): a 50 MB mesh has millions of
//! numbers, and storing a token for each would cost more memory than the text itself.

use super::schema::ScopeKind;
use rigls_diagnostic::Diagnostic;
use rigls_text::TextRange;

pub type ScopeId = u32;

/// The global scope, parent of every top-level scope and holder of the header lines.
pub const ROOT: ScopeId = 0;

#[derive(Debug)]
pub struct SyntaxTree {
    pub scopes: Vec<Scope>,
    /// Syntax errors (code `syntax`), in source order.
    pub errors: Vec<Diagnostic>,
}

#[derive(Debug)]
pub struct Scope {
    pub kind: ScopeKind,
    /// The tag name (`Mesh`); empty for `ROOT` and for a `{` without a tag.
    pub tag: TextRange,
    /// The `{` (empty for `ROOT`).
    pub open: TextRange,
    /// The matching `}`, if the scope was closed explicitly.
    pub close: Option<TextRange>,
    /// From the tag to the closing brace (or to where the parser closed it).
    pub range: TextRange,
    pub parent: Option<ScopeId>,
    /// Width of the whitespace before the tag, for recovering from brace errors.
    pub indent: u32,
    /// What the parser had learnt about the file's brace alignment when it opened the scope and
    /// once it had closed it (see [`BraceMode`]): a reparse of the scope starts from the first
    /// and must end in the second, or the text after it could parse differently.
    pub modes: [BraceMode; 2],
    pub items: Vec<Item>,
}

impl Scope {
    /// This scope (kind, tag, braces, range, parent, indent, brace modes) with other items: for
    /// the scope reparse, which copies the scopes around the one it parses again.
    pub fn with_items(&self, items: Vec<Item>) -> Scope {
        Scope {
            kind: self.kind,
            tag: self.tag,
            open: self.open,
            close: self.close,
            range: self.range,
            parent: self.parent,
            indent: self.indent,
            modes: self.modes,
            items,
        }
    }
}

/// Whether any `}` so far sat at its tag's indentation, and whether any did not: indentation
/// guides brace recovery only in files whose braces line up (all the parser keeps across lines
/// besides its stack of open scopes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BraceMode {
    pub aligned: bool,
    pub misaligned: bool,
}

#[derive(Clone, Copy, Debug)]
pub enum Item {
    Key(KeyLine),
    Entry(Entry),
    Scope(ScopeId),
}

/// `Key=Value`.
#[derive(Clone, Copy, Debug)]
pub struct KeyLine {
    pub key: TextRange,
    /// The value, from the first token after `=` to the last on the line (empty if missing).
    pub value: TextRange,
    /// False when the line has a syntax error: rules then leave its value alone.
    pub ok: bool,
}

impl KeyLine {
    /// The whole line from the key to the end of the value.
    pub fn range(&self) -> TextRange {
        self.key.cover(self.value)
    }
}

/// A bare list line (or a header line in the global scope).
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub range: TextRange,
    pub ok: bool,
}

impl SyntaxTree {
    pub fn scope(&self, id: ScopeId) -> &Scope {
        &self.scopes[id as usize]
    }

    pub fn kind(&self, id: ScopeId) -> ScopeKind {
        self.scope(id).kind
    }

    /// Child scopes, in order.
    pub fn children(&self, id: ScopeId) -> impl Iterator<Item = ScopeId> + '_ {
        self.scope(id).items.iter().filter_map(|i| match i {
            Item::Scope(s) => Some(*s),
            _ => None,
        })
    }

    pub fn children_of(&self, id: ScopeId, kind: ScopeKind) -> impl Iterator<Item = ScopeId> + '_ {
        self.children(id).filter(move |&c| self.kind(c) == kind)
    }

    pub fn child_of(&self, id: ScopeId, kind: ScopeKind) -> Option<ScopeId> {
        self.children_of(id, kind).next()
    }

    pub fn keys(&self, id: ScopeId) -> impl Iterator<Item = &KeyLine> + '_ {
        self.scope(id).items.iter().filter_map(|i| match i {
            Item::Key(k) => Some(k),
            _ => None,
        })
    }

    /// The first `name=` line of a scope.
    pub fn key<'t>(&'t self, text: &str, id: ScopeId, name: &str) -> Option<&'t KeyLine> {
        self.keys(id).find(|k| k.key.slice(text) == name)
    }

    pub fn entries(&self, id: ScopeId) -> impl Iterator<Item = &Entry> + '_ {
        self.scope(id).items.iter().filter_map(|i| match i {
            Item::Entry(e) => Some(e),
            _ => None,
        })
    }

    pub fn entry_count(&self, id: ScopeId) -> usize {
        self.entries(id).count()
    }

    /// Ancestors from the parent outwards.
    pub fn ancestors(&self, id: ScopeId) -> impl Iterator<Item = ScopeId> + '_ {
        std::iter::successors(self.scope(id).parent, |&p| self.scope(p).parent)
    }

    /// The nearest ancestor (or the scope itself) of a kind.
    pub fn enclosing(&self, id: ScopeId, kind: ScopeKind) -> Option<ScopeId> {
        std::iter::once(id).chain(self.ancestors(id)).find(|&s| self.kind(s) == kind)
    }

    /// The innermost scope whose braces contain `offset`.
    pub fn scope_at(&self, offset: u32) -> ScopeId {
        let mut current = ROOT;
        'descend: loop {
            for child in self.children(current) {
                let s = self.scope(child);
                let inside_end = s.close.map_or(s.range.end, |c| c.start);
                if s.open.end <= offset && offset <= inside_end {
                    current = child;
                    continue 'descend;
                }
            }
            return current;
        }
    }

    /// Every scope id in document order (pre-order).
    ///
    /// That is the arena's order: the parser adds a scope when it meets its `{`, while its parent
    /// is open and before any later sibling. So this costs nothing, where walking the items would
    /// visit every line of every list.
    pub fn preorder(&self) -> Vec<ScopeId> {
        let order: Vec<ScopeId> = (0..rigls_text::to_u32(self.scopes.len())).collect();
        debug_assert_eq!(order, self.preorder_by_walking());
        order
    }

    fn preorder_by_walking(&self) -> Vec<ScopeId> {
        let mut out = Vec::with_capacity(self.scopes.len());
        let mut stack = vec![ROOT];
        while let Some(id) = stack.pop() {
            out.push(id);
            let children: Vec<ScopeId> = self.children(id).collect();
            stack.extend(children.into_iter().rev());
        }
        out
    }
}
