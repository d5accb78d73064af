//! The rules that read one armature at a time (structure, geometry, indices, timing), run on
//! each armature of a skeleton apart, so that the next version of the file checks again only
//! the armatures an edit changed.
//!
//! Every finding of those rules whose node lies inside an armature (an object of the root's
//! `armature` list) is made of that armature's subtree, its text and the data version alone: the
//! schema walk starts again at the armature with the kind the root's walk would give it, and the
//! model's bones, slots, skins and animations of an armature are built from its own subtree.
//! Deform key frames name a display or a bone of their own armature. What reaches across
//! armatures stays with the rest of the file ([`CheckScope::File`]): shared meshes (the model
//! resolves them across), names, textures, the version. An
//! armature's findings are reused when its subtree is unchanged (the same nodes under the same
//! text, moved: [`Tree::same_subtree`]) and the data version is the same, moved with it.

use super::{DragonBonesCheck, Previous};
use crate::model::{DocKind, Model};
use crate::schema::{self, ObjectKind, ValueType, Version, key};
use crate::syntax::{NodeId, Tree};
use rigls_diagnostic::Diagnostic;
use rigls_text::TextRange;

/// What a run of the rules covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckScope {
    /// One armature: the object of the root's `armature` list at this node.
    Armature(NodeId),
    /// Everything outside the armatures checked one at a time.
    File,
}

/// What the rules that read one armature found on each, for the next version's check.
#[derive(Clone, Debug, Default)]
pub struct LocalFindings {
    /// The data version they were found under (`None`: nothing is kept).
    version: Option<Option<Version>>,
    armatures: Vec<Kept>,
    /// How many armatures this check took from the previous one.
    pub reused: usize,
}

#[derive(Clone, Debug)]
struct Kept {
    node: NodeId,
    range: TextRange,
    found: Vec<Diagnostic>,
}

/// The kind the schema walk gives the objects of the root's `armature` list, when it walks them.
pub(super) fn unit_kind(doc: DocKind, version: Option<Version>) -> Option<ObjectKind> {
    if doc != DocKind::Skeleton {
        return None;
    }
    match schema::key_def(ObjectKind::Skeleton, key::ARMATURE, version)?.ty {
        ValueType::Array(kind) => Some(kind),
        _ => None,
    }
}

/// The armatures checked one at a time: the objects of the root's `armature` list (the last
/// one given, as the model reads it), in order.
pub(super) fn units(tree: &Tree, text: &str, model: &Model) -> Vec<NodeId> {
    if unit_kind(model.doc, model.data_version).is_none() {
        return Vec::new();
    }
    let Some(root) = tree.root().filter(|&r| tree.is_object(r)) else { return Vec::new() };
    let Some(list) = tree.get(text, root, key::ARMATURE) else { return Vec::new() };
    tree.elements(list).filter(|&e| tree.is_object(e)).collect()
}

/// The findings of `local` (the rules of one armature) on each unit of `ctx`, taken from
/// `previous` where the armature is unchanged; they are added to `ctx`'s.
pub fn check(
    ctx: &mut DragonBonesCheck,
    previous: Option<&Previous<'_>>,
    local: impl Fn(NodeId) -> Vec<Diagnostic>,
) -> LocalFindings {
    let (tree, units) = (ctx.tree, ctx.units);
    let version = Some(ctx.version);
    let unchanged = match previous.filter(|p| p.local.version == version) {
        Some(p) => {
            let old: Vec<(NodeId, TextRange)> = p.local.armatures.iter().map(|k| (k.node, k.range)).collect();
            unchanged(tree, units, p, &old).into_iter().map(|i| i.map(|i| &p.local.armatures[i])).collect()
        }
        None => vec![None; units.len()],
    };
    let mut findings = LocalFindings { version, armatures: Vec::with_capacity(units.len()), reused: 0 };
    for (&unit, old) in units.iter().zip(unchanged) {
        let range = tree.range(unit);
        let found = match old {
            Some(old) => {
                findings.reused += 1;
                let delta = i64::from(range.start) - i64::from(old.range.start);
                old.found.iter().map(|d| d.clone().moved_by(delta)).collect()
            }
            None => local(unit),
        };
        ctx.out.extend(found.iter().cloned());
        // Findings that reach outside the armature would not move with it: found again next time.
        if found.iter().all(|d| inside(d, range)) {
            findings.armatures.push(Kept { node: unit, range, found });
        }
    }
    findings
}

/// Whether every range `d` carries in its own file lies inside `range`.
fn inside(d: &Diagnostic, range: TextRange) -> bool {
    range.contains_range(d.range)
        && d.related.iter().filter(|r| r.file.is_none()).all(|r| range.contains_range(r.range))
        && d.fixes.iter().flat_map(|f| &f.edits).all(|e| range.contains_range(e.range))
}

/// For each of `elements` (of `tree`), the index in `old` (elements of the previous tree and
/// their ranges, in order) of the one with the same subtree under the same text, moved.
pub(super) fn unchanged(
    tree: &Tree,
    elements: &[NodeId],
    previous: &Previous<'_>,
    old: &[(NodeId, TextRange)],
) -> Vec<Option<usize>> {
    let change = previous.change;
    elements
        .iter()
        .map(|&element| {
            let range = tree.range(element);
            // The text outside the change is the same in both versions.
            let was = if range.end <= change.start {
                range
            } else if range.start >= change.new_end {
                let at = |o: u32| u32::try_from(i64::from(o) - change.delta()).ok();
                TextRange::new(at(range.start)?, at(range.end)?)
            } else {
                return None;
            };
            let i = old.partition_point(|(_, r)| r.start < was.start);
            let &(node, r) = old.get(i)?;
            // Outside a spliced container the nodes are the previous ones, moved.
            let copied = previous.spliced.is_some_and(|s| r.end <= s.start || s.end <= r.start);
            (r == was && (copied || tree.same_subtree(element, previous.tree, node))).then_some(i)
        })
        .collect()
}
