//! Which name occurrences belong together, for navigation, highlights, rename and hover.
//!
//! A [`Symbol`] is one named thing. Its occurrences are the model's definitions and references of
//! the same kind and name within the same scope of uniqueness:
//! - mesh containers, meshes and animations are unique in the whole file;
//! - materials are unique within their `MeshContainer`; a UV part's `MaterialName` belongs to the
//!   container its `MeshContainerName` names;
//! - **joints**: bones and hierarchy nodes are the same skeleton joints, matched by name
//!   (`BoneNames` entry ↔ `Node.NodeName`, referred to by `BlendPart.BoneName`,
//!   `AnimationPart.NodeName` and `HierarchyNames`). A joint is one symbol per name across the
//!   whole file, in every container: renaming `Head` renames every bone, node and reference
//!   spelled `Head`, so a consistent file stays consistent.

use super::ElemDoc;
use rigls_elem::model::{Def, Model, Ref};
use rigls_elem::schema::NameKind;
use rigls_elem::syntax::ScopeId;
use rigls_text::TextRange;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Symbol {
    Joint(String),
    Container(String),
    Mesh(String),
    Animation(String),
    Material { name: String, container: Option<ScopeId> },
}

impl Symbol {
    pub fn name(&self) -> &str {
        match self {
            Symbol::Joint(n) | Symbol::Container(n) | Symbol::Mesh(n) | Symbol::Animation(n) => n,
            Symbol::Material { name, .. } => name,
        }
    }

    fn of(kind: NameKind, name: &str, container: Option<ScopeId>) -> Symbol {
        let name = name.to_owned();
        match kind {
            NameKind::Bone | NameKind::Node => Symbol::Joint(name),
            NameKind::Container => Symbol::Container(name),
            NameKind::Mesh => Symbol::Mesh(name),
            NameKind::Animation => Symbol::Animation(name),
            NameKind::Material => Symbol::Material { name, container },
        }
    }

    fn covers(&self, kind: NameKind, name: &str, container: Option<ScopeId>) -> bool {
        *self == Symbol::of(kind, name, container)
    }
}

/// A definition or reference under the cursor.
#[derive(Clone, Copy, Debug)]
pub enum NameAt<'m> {
    Def(&'m Def),
    Ref(&'m Ref),
}

impl<'m> NameAt<'m> {
    pub fn range(&self) -> TextRange {
        match self {
            NameAt::Def(d) => d.range,
            NameAt::Ref(r) => r.range,
        }
    }

    pub fn kind(&self) -> NameKind {
        match self {
            NameAt::Def(d) => d.kind,
            NameAt::Ref(r) => r.kind,
        }
    }

    pub fn name(&self) -> &'m str {
        match self {
            NameAt::Def(d) => &d.name,
            NameAt::Ref(r) => &r.name,
        }
    }
}

/// The container a material reference belongs to: the one its part names, or else the one its
/// name resolves in.
pub fn ref_container(model: &Model, r: &Ref) -> Option<ScopeId> {
    match r.kind {
        NameKind::Material => r.container.or_else(|| model.resolve(r).and_then(|d| d.container)),
        NameKind::Bone => r.container,
        _ => None,
    }
}

pub fn name_at<'m>(model: &'m Model, offset: u32) -> Option<NameAt<'m>> {
    if let Some(d) = model.defs.iter().find(|d| d.range.contains_inclusive(offset)) {
        return Some(NameAt::Def(d));
    }
    model.refs.iter().find(|r| r.range.contains_inclusive(offset)).map(NameAt::Ref)
}

pub fn symbol(model: &Model, at: NameAt) -> Symbol {
    match at {
        NameAt::Def(d) => Symbol::of(d.kind, &d.name, d.container),
        NameAt::Ref(r) => Symbol::of(r.kind, &r.name, ref_container(model, r)),
    }
}

/// One occurrence of a symbol: the quoted string (quotes included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occurrence {
    pub range: TextRange,
    pub is_def: bool,
    pub kind: NameKind,
}

/// Every occurrence of `symbol`, in document order.
pub fn occurrences(model: &Model, symbol: &Symbol) -> Vec<Occurrence> {
    let mut out: Vec<Occurrence> = model
        .defs
        .iter()
        .filter(|d| symbol.covers(d.kind, &d.name, d.container))
        .map(|d| Occurrence { range: d.range, is_def: true, kind: d.kind })
        .chain(
            model.refs.iter().filter(|r| symbol.covers(r.kind, &r.name, ref_container(model, r))).map(|r| Occurrence {
                range: r.range,
                is_def: false,
                kind: r.kind,
            }),
        )
        .collect();
    out.sort_by_key(|o| o.range.start);
    out
}

/// Where `at` leads: a reference to what it names (a `BlendPart.BoneName` to the container's
/// `BoneNames` entry, a `NodeName` or `HierarchyNames` line to the `Node`), a `BoneNames` entry
/// to the `Node` of the same joint, and any other definition to itself.
pub fn targets<'m>(model: &'m Model, at: NameAt<'m>) -> Vec<&'m Def> {
    match at {
        NameAt::Ref(r) => {
            let found: Vec<&Def> = match r.kind {
                NameKind::Material => {
                    let container = ref_container(model, r);
                    model.defs_of(NameKind::Material).filter(|d| d.name == r.name && d.container == container).collect()
                }
                _ => model.candidates(r).filter(|d| d.name == r.name).collect(),
            };
            if found.is_empty() && r.kind == NameKind::Bone {
                // A bone missing from the palette still names a joint of the hierarchy.
                return model.defs_of(NameKind::Node).filter(|d| d.name == r.name).collect();
            }
            found
        }
        NameAt::Def(d) if d.kind == NameKind::Bone => {
            let nodes: Vec<&Def> = model.defs_of(NameKind::Node).filter(|n| n.name == d.name).collect();
            if nodes.is_empty() { vec![d] } else { nodes }
        }
        NameAt::Def(d) => vec![d],
    }
}

/// The whole construct a definition names: its scope (`Mesh`, `Node`…), or for a bone its line.
pub fn def_full_range(ctx: &ElemDoc, def: &Def) -> TextRange {
    match def.kind {
        NameKind::Bone => def.range,
        _ => ctx.tree.scope(def.owner).range,
    }
}

/// The definition naming a scope (`Name=` of a `Mesh`, `NodeName=` of a `Node`…).
pub fn def_of_scope(model: &Model, scope: ScopeId) -> Option<&Def> {
    model.defs.iter().find(|d| d.owner == scope && d.kind != NameKind::Bone)
}

/// Checks a new name: not empty, and free of what `.elem` strings cannot hold safely.
pub fn validate_new_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("a name cannot be empty".to_owned());
    }
    if name.contains(['\r', '\n']) {
        return Err("a name cannot contain a line break".to_owned());
    }
    if name.contains('"') {
        return Err("a name cannot contain `\"`: readers disagree on escaping it".to_owned());
    }
    if name.contains('\\') {
        return Err("a name cannot contain `\\`: readers disagree on escaping it".to_owned());
    }
    if name.chars().any(char::is_control) {
        return Err("a name cannot contain control characters".to_owned());
    }
    Ok(())
}

/// An existing definition that `new_name` would collide with, if `symbol` were renamed.
pub fn collision<'m>(model: &'m Model, symbol: &Symbol, new_name: &str) -> Option<&'m Def> {
    model.defs.iter().find(|d| {
        d.name == new_name
            && match symbol {
                Symbol::Joint(_) => matches!(d.kind, NameKind::Bone | NameKind::Node),
                Symbol::Container(_) => d.kind == NameKind::Container,
                Symbol::Mesh(_) => d.kind == NameKind::Mesh,
                Symbol::Animation(_) => d.kind == NameKind::Animation,
                Symbol::Material { container, .. } => d.kind == NameKind::Material && d.container == *container,
            }
    })
}
