//! The document outline: every scope, named by its `Name`/`NodeName`/… value with the tag as
//! detail, and each bone of a `BoneNames` list.

use super::ElemDoc;
use crate::{Analysis, Symbol, SymbolKind};
use rigls_elem::schema::key;
use rigls_elem::schema::{NameKind, ScopeKind};
use rigls_elem::syntax::{ROOT, ScopeId};

/// Outline levels past this are listed flat under the last one: a tree as deep as the text is
/// dropped, converted and sent by recursion (Node scopes nested 20,000 deep overflowed a 2 MB
/// stack), and no one reads an outline that deep.
const MAX_DEPTH: usize = 64;

/// Built bottom-up (children before parents) so deeply nested `Node`s cannot overflow the stack.
pub fn document_symbols(analysis: &Analysis) -> Vec<Symbol> {
    let Some(ctx) = ElemDoc::new(analysis) else { return Vec::new() };
    let order = ctx.tree.preorder();
    let mut depth = vec![0usize; ctx.tree.scopes.len()];
    for &id in &order {
        for child in ctx.tree.children(id) {
            depth[child as usize] = depth[id as usize] + 1;
        }
    }
    let mut built: Vec<Option<Symbol>> = (0..ctx.tree.scopes.len()).map(|_| None).collect();
    for (at, &id) in order.iter().enumerate().rev().filter(|&(_, &id)| id != ROOT) {
        let children = match depth[id as usize] {
            d if d >= MAX_DEPTH => continue,
            // Its descendants follow it in the pre-order, each deeper than it: listed flat.
            d if d + 1 == MAX_DEPTH => order[at + 1..]
                .iter()
                .take_while(|&&s| depth[s as usize] > d)
                .map(|&s| symbol(&ctx, s, Vec::new()))
                .collect(),
            _ => take_children(&ctx, &mut built, id),
        };
        built[id as usize] = Some(symbol(&ctx, id, children));
    }
    take_children(&ctx, &mut built, ROOT)
}

fn take_children(ctx: &ElemDoc, built: &mut [Option<Symbol>], parent: ScopeId) -> Vec<Symbol> {
    ctx.tree.children(parent).filter_map(|c| built[c as usize].take()).collect()
}

/// The key naming a scope of this kind.
fn naming_key(kind: ScopeKind) -> Option<&'static str> {
    Some(match kind {
        ScopeKind::MeshContainer | ScopeKind::Material | ScopeKind::Mesh => key::NAME,
        ScopeKind::Node | ScopeKind::BonePart => key::NODE_NAME,
        ScopeKind::RenderingMesh => key::RENDERING_MESH_NAME,
        ScopeKind::AnimationData => key::ANIMATION_NAME,
        ScopeKind::UvPart => key::MATERIAL_NAME,
        ScopeKind::BlendPart => key::BONE_NAME,
        _ => return None,
    })
}

fn symbol_kind(kind: ScopeKind) -> SymbolKind {
    match kind {
        ScopeKind::Setting
        | ScopeKind::MeshDatas
        | ScopeKind::HierarchyList
        | ScopeKind::RenderingMeshList
        | ScopeKind::AnimationList => SymbolKind::Namespace,
        ScopeKind::MeshContainer => SymbolKind::Module,
        ScopeKind::Materials | ScopeKind::BlendList | ScopeKind::BoneAnimation | ScopeKind::UvAnimation => {
            SymbolKind::Namespace
        }
        ScopeKind::Mesh | ScopeKind::RenderingMesh => SymbolKind::Struct,
        ScopeKind::Material => SymbolKind::Object,
        ScopeKind::Node => SymbolKind::Class,
        ScopeKind::AnimationData => SymbolKind::Function,
        ScopeKind::BonePart | ScopeKind::UvPart => SymbolKind::Event,
        ScopeKind::BlendPart => SymbolKind::Field,
        ScopeKind::Unknown | ScopeKind::Global => SymbolKind::Object,
        _ => SymbolKind::Array,
    }
}

fn symbol(ctx: &ElemDoc, id: ScopeId, mut children: Vec<Symbol>) -> Symbol {
    let scope = ctx.tree.scope(id);
    let kind = scope.kind;
    let tag = ctx.slice(scope.tag);
    let tag = if tag.is_empty() { "{" } else { tag };
    let named = naming_key(kind).and_then(|key| {
        let line = ctx.tree.key(ctx.text, id, key)?;
        let name = ctx.string_key(id, key).unwrap_or_else(|| ctx.slice(line.value).to_owned());
        (!name.is_empty()).then_some((name, line.value))
    });
    let (name, detail, selection_range) = match named {
        Some((name, range)) => (name, Some(tag.to_owned()), range),
        None => (tag.to_owned(), None, scope.tag.cover(scope.open)),
    };
    if kind == ScopeKind::BoneNames {
        children.extend(ctx.model.defs_of(NameKind::Bone).filter(|d| d.owner == id).map(|d| Symbol {
            name: d.name.clone(),
            detail: Some(format!("bone {}", d.index)),
            kind: SymbolKind::Field,
            range: d.range,
            selection_range: d.range,
            children: Vec::new(),
        }));
    }
    Symbol { name, detail, kind: symbol_kind(kind), range: scope.range, selection_range, children }
}
