//! The document outline. A skeleton: each armature › `bone` (bones nested by parent), `slot`,
//! `skin` › skins › skin slots › displays, `ik`/`path` constraints and `animation` › animations ›
//! timelines; inline atlases. An atlas: the atlas › its SubTextures.
//!
//! A bone's range covers its own object and those of its descendants (they are siblings in the
//! JSON), so the range of every symbol contains its children's. Nesting is built without
//! recursion: a crafted parent chain of any depth cannot overflow the stack.

use std::collections::HashMap;

use super::{DragonBonesDoc, plural};
use crate::{Analysis, Symbol, SymbolKind};
use rigls_dragonbones::atlas::Region;
use rigls_dragonbones::model::{Armature, DocKind, display_type};
use rigls_dragonbones::schema::key;
use rigls_dragonbones::syntax::{NodeId, NodeKind};
use rigls_text::TextRange;

pub fn document_symbols(analysis: &Analysis) -> Vec<Symbol> {
    let Some(ctx) = DragonBonesDoc::new(analysis) else { return Vec::new() };
    let mut out: Vec<Symbol> = Vec::new();
    if ctx.model.doc == DocKind::Skeleton {
        out.extend(ctx.model.armatures.iter().map(|a| armature(&ctx, a)));
    }
    out.extend(ctx.model.atlases.iter().map(|&a| atlas(&ctx, a)));
    out
}

/// A symbol for an object, named by its `name` member (selecting it) or `fallback`.
fn object(ctx: &DragonBonesDoc, node: NodeId, fallback: &str, kind: SymbolKind, detail: Option<String>) -> Symbol {
    let range = ctx.tree.range(node);
    let named =
        ctx.get(node, key::NAME).and_then(|n| Some((rigls_dragonbones::model::name_text(ctx.tree, ctx.text, n)?, n)));
    let (name, selection_range) = match named {
        Some((name, n)) if !name.is_empty() => (name, ctx.tree.range(n)),
        _ => (fallback.to_owned(), TextRange::new(range.start, (range.start + 1).min(range.end))),
    };
    Symbol { name, detail, kind, range, selection_range, children: Vec::new() }
}

/// A group for the array member `key` of `object`, holding `children`.
fn group(ctx: &DragonBonesDoc, object: NodeId, key: &str, what: (&str, &str), children: Vec<Symbol>) -> Option<Symbol> {
    let member = ctx.tree.member(ctx.text, object, key)?;
    let n = ctx.tree.len(member.value);
    Some(Symbol {
        name: key.to_owned(),
        detail: Some(plural(n, what.0, what.1)),
        kind: SymbolKind::Namespace,
        range: ctx.tree.member_range(member),
        selection_range: ctx.tree.range(member.key),
        children,
    })
}

fn armature(ctx: &DragonBonesDoc, arm: &Armature) -> Symbol {
    let mut symbol = object(ctx, arm.node, "(armature)", SymbolKind::Module, Some("armature".to_owned()));
    let node = arm.node;
    symbol.children.extend(group(ctx, node, key::BONE, ("bone", "bones"), bones(ctx, arm)));
    let slots = arm.slots.iter().map(|s| object(ctx, s.node, "(slot)", SymbolKind::Field, parent_detail(ctx, s.node)));
    if ctx.model.data_version.is_none_or(|v| !v.is_legacy()) {
        symbol.children.extend(group(ctx, node, key::SLOT, ("slot", "slots"), slots.collect()));
    }
    let skins = arm.skins.iter().map(|skin| {
        let mut s = object(ctx, skin.node, "default", SymbolKind::Namespace, Some("skin".to_owned()));
        s.children = skin.slots.iter().map(|&id| skin_slot(ctx, ctx.model.skin_slots[id as usize].node)).collect();
        s
    });
    symbol.children.extend(group(ctx, node, key::SKIN, ("skin", "skins"), skins.collect()));
    for (key, what) in [(key::IK, "IK constraint"), (key::PATH, "path constraint")] {
        let constraints =
            objects(ctx, node, key).map(|c| object(ctx, c, "(constraint)", SymbolKind::Event, Some(what.to_owned())));
        symbol.children.extend(group(ctx, node, key, ("constraint", "constraints"), constraints.collect()));
    }
    let animations = arm.animations.iter().map(|anim| {
        let duration = ctx.int(anim.node, key::DURATION).unwrap_or(0).max(0) as usize;
        let mut s = object(ctx, anim.node, "default", SymbolKind::Function, Some(plural(duration, "frame", "frames")));
        s.children = timelines(ctx, anim.node);
        s
    });
    symbol.children.extend(group(ctx, node, key::ANIMATION, ("animation", "animations"), animations.collect()));
    symbol
}

fn parent_detail(ctx: &DragonBonesDoc, node: NodeId) -> Option<String> {
    ctx.name(node, key::PARENT).map(|p| format!("on {p}"))
}

/// The object elements of array member `key`.
fn objects<'a>(ctx: &'a DragonBonesDoc, object: NodeId, key: &str) -> impl Iterator<Item = NodeId> + 'a {
    let array = ctx.get(object, key).filter(|&a| ctx.tree.is_array(a));
    array.into_iter().flat_map(|a| ctx.tree.elements(a)).filter(|&e| ctx.tree.is_object(e))
}

/// The bones nested by parent, built bottom-up from a post-order.
fn bones(ctx: &DragonBonesDoc, arm: &Armature) -> Vec<Symbol> {
    let n = arm.bones.len();
    let mut first: HashMap<&str, usize> = HashMap::new();
    for (i, b) in arm.bones.iter().enumerate() {
        first.entry(b.name.as_str()).or_insert(i);
    }
    let parent: Vec<Option<usize>> = arm
        .bones
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let p = b.parent.and_then(|p| ctx.tree.str(ctx.text, p))?;
            first.get(p.as_ref()).copied().filter(|&p| p != i)
        })
        .collect();
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut roots = Vec::new();
    for (i, p) in parent.iter().enumerate() {
        match p {
            Some(p) => children[*p].push(i),
            None => roots.push(i),
        }
    }
    // Post-order from the roots; bones on a parent cycle are reached from none and become roots.
    let mut visited = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut top = Vec::new();
    for start in roots.into_iter().chain(0..n) {
        if visited[start] {
            continue;
        }
        top.push(start);
        let mut stack = vec![(start, 0usize)];
        visited[start] = true;
        while let Some((b, next)) = stack.pop() {
            if let Some(&c) = children[b].get(next) {
                stack.push((b, next + 1));
                if !visited[c] {
                    visited[c] = true;
                    stack.push((c, 0));
                }
            } else {
                order.push(b);
            }
        }
    }
    let mut built: Vec<Option<Symbol>> = (0..n).map(|_| None).collect();
    for b in order {
        let bone = &arm.bones[b];
        let mut s = object(ctx, bone.node, "(bone)", SymbolKind::Class, parent_detail(ctx, bone.node));
        s.children = children[b].iter().filter_map(|&c| built[c].take()).collect();
        s.range = s.children.iter().fold(s.range, |r, c| r.cover(c.range));
        built[b] = Some(s);
    }
    top.into_iter().filter_map(|b| built[b].take()).collect()
}

fn skin_slot(ctx: &DragonBonesDoc, node: NodeId) -> Symbol {
    let mut s = object(ctx, node, "(slot)", SymbolKind::Field, Some("skin slot".to_owned()));
    if let Some(list) = ctx.get(node, key::DISPLAY) {
        s.children = ctx
            .tree
            .elements(list)
            .filter(|&d| ctx.tree.is_object(d))
            .map(|d| {
                let ty = display_type(ctx.tree, ctx.text, d).map_or("display", |t| t.describe());
                object(ctx, d, "(display)", SymbolKind::Object, Some(ty.to_owned()))
            })
            .collect();
    }
    s
}

/// The timelines of an animation: each named timeline, the zOrder and the main (action) timeline.
fn timelines(ctx: &DragonBonesDoc, anim: NodeId) -> Vec<Symbol> {
    let mut out = Vec::new();
    for m in ctx.tree.members(anim) {
        let key = ctx.tree.key(ctx.text, m.key);
        let what = match key.as_ref() {
            key::BONE => "bone timeline",
            key::SLOT => "slot timeline",
            key::FFD => "deform timeline",
            key::IK => "IK timeline",
            key::TIMELINE => "timeline",
            key::SURFACE => "surface timeline",
            key::FRAME | key::Z_ORDER => {
                let frames = if key == key::FRAME { Some(m.value) } else { ctx.get(m.value, key::FRAME) };
                let n = frames.map_or(0, |f| ctx.tree.len(f));
                let name = if key == key::FRAME { "(action timeline)" } else { "(zOrder timeline)" };
                out.push(Symbol {
                    name: name.to_owned(),
                    detail: Some(plural(n, "key frame", "key frames")),
                    kind: SymbolKind::Event,
                    range: ctx.tree.member_range(m),
                    selection_range: ctx.tree.range(m.key),
                    children: Vec::new(),
                });
                continue;
            }
            _ => continue,
        };
        if ctx.tree.kind(m.value) != NodeKind::Array {
            continue;
        }
        for t in ctx.tree.elements(m.value).filter(|&t| ctx.tree.is_object(t)) {
            let frames: usize = ctx
                .tree
                .members(t)
                .filter(|f| ctx.tree.is_array(f.value) && ctx.tree.key(ctx.text, f.key).ends_with("rame"))
                .map(|f| ctx.tree.len(f.value))
                .sum();
            let detail = format!("{what} · {}", plural(frames, "key frame", "key frames"));
            out.push(object(ctx, t, "(timeline)", SymbolKind::Event, Some(detail)));
        }
    }
    out
}

fn atlas(ctx: &DragonBonesDoc, node: NodeId) -> Symbol {
    let image = ctx.name(node, key::IMAGE_PATH).map(|p| format!("atlas {p}")).unwrap_or_else(|| "atlas".to_owned());
    let mut s = object(ctx, node, "(atlas)", SymbolKind::File, Some(image));
    s.children = objects(ctx, node, key::SUB_TEXTURE)
        .map(|t| {
            let r = Region::of(ctx.tree, ctx.text, t);
            let n = rigls_dragonbones::schema::fmt_num;
            let detail = format!("{}×{} at ({}, {})", n(r.width), n(r.height), n(r.x), n(r.y));
            object(ctx, t, "(SubTexture)", SymbolKind::Constant, Some(detail))
        })
        .collect();
    s
}
