//! Names under the cursor and what belongs together: a definition and every reference resolving
//! to it, or (for a name nothing defines) every reference spelling it in the same scope.
//!
//! Textures are defined in the paired atlas file (or an inline `textureAtlas`): their symbol
//! reaches into [`PairedAtlas`] ranges, which are offsets in that other file.

use std::path::PathBuf;

use super::DragonBonesDoc;
use rigls_dragonbones::atlas::PairedAtlas;
use rigls_dragonbones::model::{Def, NameAt, Ref, Scope};
use rigls_dragonbones::schema::NameKind;
use rigls_text::TextRange;

/// Where a name is defined.
#[derive(Clone, Copy, Debug)]
pub enum Target<'a> {
    /// In this file.
    Def(&'a Def),
    /// A `SubTexture` of a paired atlas file, by index into its textures.
    Atlas(&'a PairedAtlas, usize),
}

impl Target<'_> {
    pub fn file(&self) -> Option<PathBuf> {
        match self {
            Target::Def(_) => None,
            Target::Atlas(atlas, _) => Some(atlas.path.clone()),
        }
    }
}

/// One named thing: its kind and name, its definition (if any) and its references.
pub struct Symbol<'a> {
    pub kind: NameKind,
    pub name: String,
    pub target: Option<Target<'a>>,
    pub refs: Vec<&'a Ref>,
}

/// A place a name is written in this file.
#[derive(Clone, Copy, Debug)]
pub struct Occurrence {
    pub range: TextRange,
    pub is_def: bool,
}

/// The name under the cursor. A display `name` that also names its texture or child armature
/// (no `path`) is both a definition and a reference; the definition is returned.
pub fn name_at<'a>(ctx: &DragonBonesDoc<'a>, offset: u32) -> Option<NameAt<'a>> {
    ctx.model.name_at(offset)
}

/// The reference written at the same place as a display definition (its texture or armature).
pub fn doubled_ref<'a>(ctx: &DragonBonesDoc<'a>, def: &Def) -> Option<&'a Ref> {
    if def.kind != NameKind::Display {
        return None;
    }
    ctx.model.refs.iter().find(|r| r.range == def.range)
}

/// The texture `name` in the paired atlases.
pub fn atlas_texture<'a>(ctx: &DragonBonesDoc<'a>, name: &str) -> Option<Target<'a>> {
    ctx.atlases.iter().find_map(|a| Some(Target::Atlas(a, a.textures.iter().position(|(t, _)| t == name)?)))
}

/// Where a reference's name is defined.
pub fn resolve<'a>(ctx: &DragonBonesDoc<'a>, r: &'a Ref) -> Option<Target<'a>> {
    match ctx.model.resolve(r) {
        Some(def) => Some(Target::Def(def)),
        None if r.kind == NameKind::Texture => atlas_texture(ctx, &r.name),
        None => None,
    }
}

/// The symbol of a name under the cursor.
pub fn symbol<'a>(ctx: &DragonBonesDoc<'a>, at: NameAt<'a>) -> Symbol<'a> {
    match at {
        NameAt::Def(def) => symbol_of_def(ctx, def),
        NameAt::Ref(r) => match resolve(ctx, r) {
            Some(Target::Def(def)) => symbol_of_def(ctx, def),
            target => {
                // Textures of the atlas, or a name nothing defines: the references spelling it.
                let refs = ctx
                    .model
                    .refs
                    .iter()
                    .filter(|o| o.kind == r.kind && o.name == r.name && same_scope(o.scope, r.scope, r.kind))
                    .filter(|o| ctx.model.resolve(o).is_none())
                    .collect();
                Symbol { kind: r.kind, name: r.name.clone(), target, refs }
            }
        },
    }
}

/// Textures live in one file-wide namespace; other unresolved names are grouped by scope.
fn same_scope(a: Scope, b: Scope, kind: NameKind) -> bool {
    kind == NameKind::Texture || a == b
}

fn symbol_of_def<'a>(ctx: &DragonBonesDoc<'a>, def: &'a Def) -> Symbol<'a> {
    let refs = ctx.model.references_to(def).collect();
    Symbol { kind: def.kind, name: def.name.clone(), target: Some(Target::Def(def)), refs }
}

/// Every place the symbol is written in this file, in document order (an implicit `default`
/// skin or animation, which has no written name, is left out).
pub fn occurrences(symbol: &Symbol) -> Vec<Occurrence> {
    let mut out: Vec<Occurrence> = Vec::new();
    if let Some(Target::Def(def)) = symbol.target
        && !def.implicit
    {
        out.push(Occurrence { range: def.range, is_def: true });
    }
    out.extend(symbol.refs.iter().map(|r| Occurrence { range: r.range, is_def: false }));
    out.sort_by_key(|o| (o.range.start, !o.is_def));
    out.dedup_by_key(|o| o.range);
    out
}

/// The whole definition to navigate to (the object) and the name itself.
pub fn target_ranges(ctx: &DragonBonesDoc, target: Target) -> (TextRange, TextRange) {
    match target {
        Target::Def(def) => (ctx.tree.range(def.node), def.range),
        Target::Atlas(atlas, i) => (atlas.textures[i].1, atlas.textures[i].1),
    }
}
