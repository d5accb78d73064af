//! The runtime rules ([`super::runtime`]) one armature at a time, so that the next version of
//! the file evaluates again only the armatures an edit changed.
//!
//! What the runtime reads to build and pose an armature is its own element of the root's
//! `armature` list, the root's `version`, `compatibleVersion` and `frameRate`, and the armatures
//! it shows as children (by name, through any chain) — but for two cases, where the whole file is
//! evaluated at once as before: names that are not unique (the runtime keeps the first, lookups by
//! name find it), and a shared mesh (the runtime shows the file's first geometry for it). So each
//! armature is parsed with the armatures it shows ([`parse_armatures`]) and checked on that data,
//! which gives what the whole file's data gives; and its findings are reused when its subtree
//! and those of the armatures it shows are unchanged (the same nodes under the same text, moved:
//! [`same_subtree`](crate::syntax::Tree::same_subtree)), moved with it. Which findings are reported is decided across
//! armatures each time: loops of child armatures, and poses only when no armature fails to parse.
//!
//! Within an armature an edit changed, the poses of each animation are reused when the edit lies
//! inside another animation ([`AnimationReuse`]): an animation's poses are made of the armature's
//! setup (all of it but its animations) and of that animation alone, played by its name.

use super::runtime::{AnimationFindings, PoseFindings};
use super::{DragonBonesCheck, Previous, armature_local, runtime};
use crate::eval::Evaluation;
use crate::eval::data::ConstraintKind;
use crate::eval::parse::{self, DeformValues, FailureKind, FloatLayout, GeometrySize, Parsed};
use crate::eval::raw::Raw;
use crate::schema::key;
use crate::syntax::{NodeId, Tree};
use rigls_diagnostic::Diagnostic;
use rigls_text::{TextChange, TextRange};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// What the runtime rules found in one version of a skeleton, armature by armature, for the next
/// version's check.
#[derive(Clone, Debug, Default)]
pub struct RuntimeFindings {
    /// What every armature's parse read of the root: name, version and frame rate, and the
    /// signature of the file's [`FloatLayout`] (`None`: the file was evaluated whole, and nothing
    /// is kept).
    root: Option<RootRead>,
    /// Where the runtime lays out the armatures' geometry, when it can pass the `floatArray`'s
    /// 16-bit references: what a reading of one armature needs.
    layout: Option<Arc<FloatLayout>>,
    armatures: Vec<ArmatureFindings>,
    /// Each armature's geometry size ([`parse::geometry_size`]), for the next version's layout.
    sizes: Vec<GeometrySize>,
    /// How many armatures this check evaluated, and how many it took from the previous one.
    pub evaluated: usize,
    pub reused: usize,
    /// How many animations the evaluated armatures posed, and how many poses they took from the
    /// previous check.
    pub animations_posed: usize,
    pub animations_reused: usize,
}

impl RuntimeFindings {
    /// Where the runtime fails reading the file (each armature's own failures, in file order),
    /// when the check went armature by armature; `None` when it evaluated the whole file at once
    /// or not at all (then the whole file's evaluation says).
    pub fn failures(&self) -> Option<Vec<(TextRange, FailureKind)>> {
        self.root.as_ref()?;
        Some(self.armatures.iter().flat_map(|a| a.thrown.iter().cloned()).collect())
    }

    /// The layout a parse of some armatures reads its geometry by ([`parse::float_layout`]).
    pub fn layout(&self) -> Option<&FloatLayout> {
        self.layout.as_deref()
    }
}

/// What an armature's parse reads of the root, and the signature of the file's [`FloatLayout`]
/// (0: none).
type RootRead = (String, String, u64, u64);

/// What the runtime rules found on one element of the root's `armature` list.
#[derive(Clone, Debug)]
pub struct ArmatureFindings {
    /// The element, and its range, in the version checked.
    node: NodeId,
    range: TextRange,
    name: String,
    /// The armatures its evaluation read besides itself (by name, in file order).
    read: Vec<String>,
    /// The armatures its displays show (any skin).
    shows: Vec<String>,
    /// The child armatures its default skin builds, and where a loop through each is reported.
    children: Vec<(String, TextRange)>,
    /// IK constraints the runtime cannot sort.
    ik: Vec<Diagnostic>,
    /// Building it builds too many armatures (`too-many-armatures`).
    too_many: Vec<Diagnostic>,
    /// Its geometry the runtime reads from another place (`array-overflow`).
    wrapped: Vec<Diagnostic>,
    /// It fails to parse (so no pose is checked anywhere); the failures no other rule reports.
    failed: bool,
    failures: Vec<Diagnostic>,
    /// Where its own parse fails, and how (for a pose of any armature: the runtime reads none
    /// when one fails).
    thrown: Vec<(TextRange, FailureKind)>,
    /// Poses that are not finite; `None` when it or an armature it shows fails to parse.
    poses: Option<PoseFindings>,
    /// The range of each animation the runtime reads (in the order of `poses`' animations), and
    /// whether their names are unique (an animation is played by name: the first of a name).
    animations: Vec<TextRange>,
    unique_animation_names: bool,
}

/// What the runtime rules will do on a version of a skeleton, decided before any armature is
/// evaluated, so that the evaluations can be shared among threads ([`Plan::evaluate_queued`]).
pub enum Plan<'p> {
    /// No root, or a root the runtime cannot read: nothing to report.
    Nothing,
    /// Names that are not unique: the whole file is evaluated at once (by the first thread that
    /// claims it).
    Whole(AtomicBool),
    Armatures(Box<ArmaturePlan<'p>>),
}

pub struct ArmaturePlan<'p> {
    root: NodeId,
    root_read: RootRead,
    layout: Option<Arc<FloatLayout>>,
    /// Each armature's geometry size, for the layout of the next version.
    sizes: Vec<GeometrySize>,
    elements: Vec<NodeId>,
    names: Vec<String>,
    /// Each armature's previous findings, when they can be reused; else, for one armature an
    /// edit changed inside one of its animations, the poses of the others.
    reused: Vec<Option<&'p ArmatureFindings>>,
    partly: Option<(usize, AnimationReuse<'p>)>,
    /// The armatures to evaluate, and how many of them a thread has taken.
    todo: Vec<usize>,
    taken: AtomicUsize,
    /// Claimed by the thread that evaluates the whole file when an armature shows a shared mesh.
    whole: AtomicBool,
}

/// What the evaluations of one thread gave.
pub enum Evaluated {
    /// Armatures' indices and findings.
    Armatures(Vec<(usize, Checked)>),
    /// The file is evaluated whole (names that are not unique, or a shared mesh): what the
    /// runtime rules found on it, from the one thread that evaluated it (`None` from the others).
    Whole(Option<Vec<Diagnostic>>),
}

impl<'p> Plan<'p> {
    /// The whole file evaluated at once (a binary skeleton's, whose data is not its view's).
    pub fn whole() -> Plan<'p> {
        Plan::Whole(AtomicBool::new(false))
    }

    /// Reads the root and the armatures' names, and which armatures `previous` found on can be
    /// reused.
    pub fn new(tree: &Tree, text: &str, previous: Option<&'p Previous<'_>>) -> Plan<'p> {
        let Some(root) = tree.root() else { return Plan::Nothing };
        let raw = Raw::new(tree, text);
        let Ok(data) = parse::root_data(raw, root) else { return Plan::Nothing };
        let elements = parse::armature_elements(raw, root);
        let names: Vec<String> = elements.iter().map(|&e| raw.string(e, key::NAME, "")).collect();
        let mut sorted: Vec<&String> = names.iter().collect();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Plan::Whole(AtomicBool::new(false));
        }
        // The previous version's armatures this one has unchanged, when it read the root alike.
        let same_root = |r: &RootRead| (&r.0, &r.1, r.2) == (&data.name, &data.version, data.frame_rate.to_bits());
        let prior = previous.filter(|p| p.runtime.root.as_ref().is_some_and(same_root));
        let unchanged_at: Vec<Option<usize>> = match prior {
            Some(p) => {
                let old: Vec<(NodeId, TextRange)> = p.runtime.armatures.iter().map(|a| (a.node, a.range)).collect();
                armature_local::unchanged(tree, &elements, p, &old)
            }
            None => vec![None; elements.len()],
        };
        // Their geometry sizes and the layout's head are the previous ones.
        let sizes: Vec<GeometrySize> = (elements.iter().zip(&unchanged_at))
            .map(|(&e, &at)| {
                let kept = prior.zip(at).and_then(|(p, j)| p.runtime.sizes.get(j).copied());
                kept.unwrap_or_else(|| parse::geometry_size(raw, e))
            })
            .collect();
        let same = |i: usize| unchanged_at[i] == Some(i);
        let kept = prior.and_then(|p| p.runtime.layout.as_deref()).map(|l| (l, &same as &dyn Fn(usize) -> bool));
        let layout = parse::float_layout_of(raw, root, &elements, &sizes, kept).map(Arc::new);
        let signature = layout.as_ref().map_or(0, |l| l.signature);
        let root_read = (data.name, data.version, data.frame_rate.to_bits(), signature);
        let previous = prior.filter(|p| p.runtime.root.as_ref() == Some(&root_read));
        let unchanged: Vec<Option<&ArmatureFindings>> = match previous {
            Some(p) => unchanged_at.iter().map(|i| i.map(|i| &p.runtime.armatures[i])).collect(),
            None => vec![None; elements.len()],
        };
        let reused: Vec<Option<&ArmatureFindings>> =
            (0..elements.len()).map(|i| reusable(i, &names, &unchanged)).collect();
        let todo = (0..elements.len()).filter(|&i| reused[i].is_none()).collect();
        let partly = previous
            .and_then(|p| AnimationReuse::find(p, tree, &elements, &names))
            .filter(|&(i, _)| reused[i].is_none());
        Plan::Armatures(Box::new(ArmaturePlan {
            root,
            root_read,
            layout,
            sizes,
            elements,
            names,
            reused,
            partly,
            todo,
            taken: AtomicUsize::new(0),
            whole: AtomicBool::new(false),
        }))
    }

    /// Evaluates the armatures no thread has taken yet, one at a time, until none is left, or the
    /// whole file when it is evaluated at once. Any number of threads may call it on one plan.
    pub fn evaluate_queued<'e>(
        &self,
        ctx: &mut DragonBonesCheck,
        whole: &(dyn Fn() -> &'e Evaluation + Sync),
    ) -> Evaluated {
        let check_whole = |ctx: &mut DragonBonesCheck, claimed: &AtomicBool| {
            Evaluated::Whole((!claimed.swap(true, Ordering::Relaxed)).then(|| {
                runtime::check(ctx, whole());
                std::mem::take(&mut ctx.out)
            }))
        };
        let plan = match self {
            Plan::Nothing => return Evaluated::Armatures(Vec::new()),
            Plan::Whole(claimed) => return check_whole(ctx, claimed),
            Plan::Armatures(plan) => plan,
        };
        let mut evaluated = Vec::new();
        while let Some(&i) = plan.todo.get(plan.taken.fetch_add(1, Ordering::Relaxed)) {
            match evaluate(ctx, plan, i) {
                Some(found) => evaluated.push((i, found)),
                None => {
                    // A shared mesh: every other evaluation is wasted.
                    plan.taken.store(plan.todo.len(), Ordering::Relaxed);
                    return check_whole(ctx, &plan.whole);
                }
            }
        }
        Evaluated::Armatures(evaluated)
    }

    /// Reports what the threads' evaluations found, with the reused findings, in file order.
    pub fn finish<'e>(
        self,
        ctx: &mut DragonBonesCheck,
        evaluated: Vec<Evaluated>,
        whole: &(dyn Fn() -> &'e Evaluation + Sync),
    ) -> RuntimeFindings {
        let (mut fresh, mut evaluated_whole) = (Vec::new(), false);
        for e in evaluated {
            match e {
                Evaluated::Armatures(list) => fresh.extend(list),
                Evaluated::Whole(found) => {
                    evaluated_whole = true;
                    ctx.out.extend(found.into_iter().flatten());
                }
            }
        }
        let plan = match self {
            Plan::Armatures(plan) if !evaluated_whole => plan,
            Plan::Whole(_) if !evaluated_whole => {
                runtime::check(ctx, whole());
                return RuntimeFindings::default();
            }
            _ => return RuntimeFindings::default(),
        };
        let mut by_index: Vec<Option<ArmatureFindings>> = (0..plan.elements.len()).map(|_| None).collect();
        let mut findings = RuntimeFindings {
            root: Some(plan.root_read.clone()),
            layout: plan.layout.clone(),
            ..RuntimeFindings::default()
        };
        findings.evaluated = fresh.len();
        for (i, found) in fresh {
            findings.animations_posed += found.animations_posed;
            findings.animations_reused += found.animations_reused;
            by_index[i] = Some(found.findings);
        }
        for (i, &element) in plan.elements.iter().enumerate() {
            let found = match (by_index[i].take(), plan.reused[i]) {
                (Some(found), _) => found,
                (None, Some(old)) => {
                    findings.reused += 1;
                    moved(old, element, ctx.tree.range(element))
                }
                // Not taken by any thread (no caller leaves one, but the answer is the same).
                (None, None) => match evaluate(ctx, &plan, i) {
                    Some(found) => {
                        findings.evaluated += 1;
                        findings.animations_posed += found.animations_posed;
                        findings.animations_reused += found.animations_reused;
                        found.findings
                    }
                    None => {
                        runtime::check(ctx, whole());
                        return RuntimeFindings::default();
                    }
                },
            };
            findings.armatures.push(found);
        }
        findings.sizes = plan.sizes;
        report(ctx, &findings.armatures);
        findings
    }
}

impl Plan<'_> {
    /// The previous version's findings that this plan takes as they were, moved with the edit:
    /// those on the armatures it does not evaluate again, and, in the one armature an edit changed
    /// inside one animation, those on its setup, its IK constraints and the animations the edit
    /// left alone. What a version can show of the runtime's findings before its evaluation ends;
    /// loops of child armatures, decided across armatures, are left to the evaluation.
    pub fn carried(&self, ctx: &DragonBonesCheck, previous: Option<&Previous<'_>>) -> Vec<Diagnostic> {
        let (Plan::Armatures(plan), Some(previous)) = (self, previous) else { return Vec::new() };
        // The previous report: failures when an armature failed to parse, else poses.
        let failed = previous.runtime.armatures.iter().any(|a| a.failed);
        let mut out = Vec::new();
        for (i, &element) in plan.elements.iter().enumerate() {
            if let Some(old) = plan.reused[i] {
                let found = moved(old, element, ctx.tree.range(element));
                out.extend(found.ik);
                out.extend(found.wrapped);
                match failed {
                    true => out.extend(found.failures),
                    false => out.extend(found.poses.iter().flat_map(PoseFindings::diagnostics).cloned()),
                }
            } else if let Some((_, reuse)) = plan.partly.as_ref().filter(|(at, _)| *at == i) {
                out.extend(reuse.carried(failed));
            }
        }
        out
    }
}

impl AnimationReuse<'_> {
    /// The findings on the armature whose animation the edit changed that the edit cannot have
    /// changed: its IK constraints', its setup pose's and the other animations' poses.
    fn carried(&self, failed: bool) -> Vec<Diagnostic> {
        let change = self.change;
        let through = |d: &Diagnostic| through(d, change);
        let mut out: Vec<Diagnostic> = self.old.ik.iter().filter_map(through).collect();
        // Geometry read elsewhere (an edit inside an animation moves none), and deforms never
        // applied: where the runtime puts a mesh does not depend on the animations, only which
        // deform timelines there are does (one the edit touched is dropped, found again next).
        out.extend(self.old.wrapped.iter().filter_map(through));
        let Some(poses) = self.old.poses.as_ref().filter(|_| !failed) else { return out };
        out.extend(poses.setup.iter().chain(&poses.meshes).filter_map(through));
        for (range, found) in self.old.animations.iter().zip(&poses.animations) {
            if change.map(*range).is_some() {
                out.extend(found.deforms.iter().chain(&found.pose).filter_map(through));
            }
        }
        out
    }
}

/// The previous findings on armature `i` when neither it nor any armature its evaluation reads
/// changed, and it reads the same armatures.
fn reusable<'p>(
    i: usize,
    names: &[String],
    unchanged: &[Option<&'p ArmatureFindings>],
) -> Option<&'p ArmatureFindings> {
    let old = unchanged[i]?;
    let mut read = vec![false; names.len()];
    let mut stack = vec![i];
    while let Some(a) = stack.pop() {
        let shows = &unchanged[a]?.shows;
        for shown in shows {
            if let Some(c) = names.iter().position(|n| n == shown)
                && c != i
                && !std::mem::replace(&mut read[c], true)
            {
                stack.push(c);
            }
        }
    }
    let now = names.iter().zip(&read).filter(|(_, r)| **r).map(|(n, _)| n);
    now.eq(old.read.iter()).then_some(old)
}

/// Findings moved with their armature to `element` at `range`.
fn moved(old: &ArmatureFindings, element: NodeId, range: TextRange) -> ArmatureFindings {
    let delta = i64::from(range.start) - i64::from(old.range.start);
    let moved = |list: &[Diagnostic]| list.iter().map(|d| d.clone().moved_by(delta)).collect::<Vec<_>>();
    ArmatureFindings {
        node: element,
        range,
        name: old.name.clone(),
        read: old.read.clone(),
        shows: old.shows.clone(),
        children: old.children.iter().map(|(name, at)| (name.clone(), at.moved_by(delta))).collect(),
        ik: moved(&old.ik),
        too_many: moved(&old.too_many),
        wrapped: moved(&old.wrapped),
        failed: old.failed,
        failures: moved(&old.failures),
        thrown: old.thrown.iter().map(|(at, kind)| (at.moved_by(delta), kind.clone())).collect(),
        poses: old.poses.as_ref().map(|p| p.moved_by(delta)),
        animations: old.animations.iter().map(|r| r.moved_by(delta)).collect(),
        unique_animation_names: old.unique_animation_names,
    }
}

/// The poses of an armature's animations an edit inside one of them left as they were: the
/// previous version's findings on that armature, and the change.
#[derive(Clone, Copy)]
pub struct AnimationReuse<'p> {
    old: &'p ArmatureFindings,
    change: TextChange,
}

impl<'p> AnimationReuse<'p> {
    /// The armature (index into `elements`) whose previous version held the reparsed container
    /// inside one of its animations, when its animations' names were unique.
    fn find(
        previous: &'p Previous<'_>,
        tree: &Tree,
        elements: &[NodeId],
        names: &[String],
    ) -> Option<(usize, AnimationReuse<'p>)> {
        // Outside the reparsed container the tree is the previous one, moved.
        let spliced = previous.spliced?;
        let old = previous.runtime.armatures.iter().find(|a| a.range.contains_range(spliced))?;
        if !old.unique_animation_names || !old.animations.iter().any(|r| r.contains_range(spliced)) {
            return None;
        }
        let i = elements.iter().position(|&e| tree.range(e).start == old.range.start)?;
        (names[i] == old.name).then_some((i, AnimationReuse { old, change: previous.change }))
    }

    /// The previous findings on the animation at `range` (in this version), moved, when the
    /// edit left it as it was.
    fn poses_of(&self, range: TextRange) -> Option<AnimationFindings> {
        let change = self.change;
        let was = if range.end <= change.start {
            range
        } else if range.start >= change.new_end {
            range.moved_by(-change.delta())
        } else {
            return None;
        };
        let k = self.old.animations.iter().position(|&r| r == was)?;
        let found = self.old.poses.as_ref()?.animations.get(k)?;
        // A finding may point outside its animation (a pose's bone or slot is where the armature
        // defines it), on either side of the edit: each range is moved as the edit moved its text.
        let through = |d: &Diagnostic| through(d, change);
        Some(AnimationFindings {
            deforms: found.deforms.iter().map(through).collect::<Option<_>>()?,
            pose: match &found.pose {
                Some(d) => Some(through(d)?),
                None => None,
            },
        })
    }
}

/// A diagnostic of the previous version in this one, when none of its ranges in this file
/// overlaps the edit.
fn through(d: &Diagnostic, change: TextChange) -> Option<Diagnostic> {
    let mut d = d.clone();
    d.range = change.map(d.range)?;
    for r in d.related.iter_mut().filter(|r| r.file.is_none()) {
        r.range = change.map(r.range)?;
    }
    for e in d.fixes.iter_mut().flat_map(|f| &mut f.edits) {
        e.range = change.map(e.range)?;
    }
    Some(d)
}

/// What evaluating one armature found, and how many animations it posed and took as they were.
pub struct Checked {
    findings: ArmatureFindings,
    animations_posed: usize,
    animations_reused: usize,
}

/// Parses armature `i` with the armatures it shows, through any chain, and runs the runtime
/// rules on it; `None` when one of them shows a shared mesh.
///
/// The values of slot deform key frames (most of a skeleton's numbers) are first only shown finite:
/// posing bones alone, as `non-finite-pose` does, never reads them. They are read, and the rules
/// run again, where the findings could depend on them: a value that is not finite, a path
/// constraint (it poses its slot), or a pose found not finite (reported from a full update).
fn evaluate(ctx: &mut DragonBonesCheck, plan: &ArmaturePlan<'_>, i: usize) -> Option<Checked> {
    let partly = plan.partly.as_ref().filter(|(at, _)| *at == i).map(|(_, reuse)| reuse);
    evaluate_reading(ctx, plan, i, partly, DeformValues::CheckedFinite)
        .or_else(|NeedsDeformValues| evaluate_reading(ctx, plan, i, partly, DeformValues::Kept))
        .ok()
        .flatten()
}

/// The findings of a read without deform values could differ from a full read's.
struct NeedsDeformValues;

fn evaluate_reading(
    ctx: &mut DragonBonesCheck,
    plan: &ArmaturePlan<'_>,
    i: usize,
    partly: Option<&AnimationReuse<'_>>,
    deform_values: DeformValues,
) -> Result<Option<Checked>, NeedsDeformValues> {
    let (root, elements, names) = (plan.root, &plan.elements, &plan.names);
    let raw = Raw::new(ctx.tree, ctx.text);
    let layout = plan.layout.as_deref();
    let Ok((parsed, list)) = parse::parse_shown(raw, root, elements, names, i, deform_values, layout) else {
        return Ok(None);
    };
    if parsed.shares_geometry {
        return Ok(None);
    }
    let left_out = parsed.deform_values_left_out;
    // A full parse is what a pose of this armature reads: kept for this version's readings.
    let parsed = Arc::new(parsed);
    if let Some(parses) = ctx.parses.filter(|_| !left_out) {
        parses.offer(i, parsed.clone());
    }
    let path_constraints =
        || parsed.data.armatures.iter().flat_map(|a| &a.constraints).any(|c| matches!(c.kind, ConstraintKind::Path(_)));
    if left_out && (parsed.deform_not_finite || parsed.wrapped_values_need_deforms || path_constraints()) {
        return Err(NeedsDeformValues);
    }
    let Parsed { data, failures, failures_per_armature, .. } = &*parsed;
    let index = list.iter().position(|&a| a == i).expect("the armature itself is read");
    let own = {
        let from: usize = failures_per_armature[..index].iter().sum();
        &failures[from..from + failures_per_armature[index]]
    };
    let armature = &data.armatures[index];
    let split = |ctx: &mut DragonBonesCheck, f: &dyn Fn(&mut DragonBonesCheck)| {
        let before = ctx.out.len();
        f(ctx);
        ctx.out.split_off(before)
    };
    let ik = split(ctx, &|ctx| runtime::ik_cycles(ctx, armature));
    let too_many = split(ctx, &|ctx| runtime::too_many_armatures_of(ctx, data, index));
    let range = ctx.tree.range(elements[i]);
    let in_armature = |node: NodeId| range.contains_range(ctx.tree.range(node));
    let own_wrapped: Vec<_> = parsed.wrapped_geometry.iter().filter(|w| in_armature(w.node)).cloned().collect();
    let own_values: Vec<_> = parsed.wrapped_values.iter().filter(|w| in_armature(w.node)).cloned().collect();
    let wrapped = split(ctx, &|ctx| {
        runtime::wrapped_geometry(ctx, &own_wrapped);
        runtime::wrapped_values(ctx, &own_values);
    });
    let reported = split(ctx, &|ctx| runtime::failures(ctx, own));
    let animations: Vec<TextRange> = armature.animations.iter().map(|a| ctx.tree.range(a.node)).collect();
    let unique_animation_names = {
        let mut sorted: Vec<&str> = armature.animations.iter().map(|a| a.name.as_str()).collect();
        sorted.sort_unstable();
        sorted.windows(2).all(|w| w[0] != w[1])
    };
    let partly = partly.filter(|_| unique_animation_names);
    let reused = AtomicUsize::new(0);
    let poses = failures.is_empty().then(|| {
        runtime::pose_findings(runtime::PoseSite::of(ctx), data, index, |a| {
            let found = partly.and_then(|p| p.poses_of(animations[a]));
            reused.fetch_add(usize::from(found.is_some()), Ordering::Relaxed);
            found
        })
    });
    if left_out && poses.as_ref().is_some_and(|found| found.diagnostics().next().is_some()) {
        return Err(NeedsDeformValues);
    }
    let animations_reused = reused.into_inner();
    let animations_posed = poses.as_ref().map_or(0, |p| p.animations.len()) - animations_reused;
    let element = elements[i];
    let findings = ArmatureFindings {
        node: element,
        range: ctx.tree.range(element),
        name: names[i].clone(),
        read: list.iter().filter(|&&a| a != i).map(|&a| names[a].clone()).collect(),
        shows: armature.shown_armatures().map(str::to_owned).collect(),
        children: runtime::child_armatures(ctx, armature),
        ik,
        too_many,
        wrapped,
        failed: !own.is_empty(),
        failures: reported,
        thrown: own.iter().map(|f| (ctx.tree.range(f.node), f.kind.clone())).collect(),
        poses,
        animations,
        unique_animation_names,
    };
    Ok(Some(Checked { findings, animations_posed, animations_reused }))
}

/// Reports the findings as [`runtime::check`] does for the whole file, in the same order.
fn report(ctx: &mut DragonBonesCheck, armatures: &[ArmatureFindings]) {
    for a in armatures {
        ctx.out.extend(a.ik.iter().cloned());
    }
    let names: Vec<&str> = armatures.iter().map(|a| a.name.as_str()).collect();
    let children: Vec<Vec<(String, TextRange)>> = armatures.iter().map(|a| a.children.clone()).collect();
    runtime::armature_cycles(ctx, &names, &children);
    for a in armatures {
        ctx.out.extend(a.too_many.iter().cloned());
    }
    for a in armatures {
        ctx.out.extend(a.wrapped.iter().cloned());
    }
    if armatures.iter().any(|a| a.failed) {
        for a in armatures {
            ctx.out.extend(a.failures.iter().cloned());
        }
    } else {
        for a in armatures {
            ctx.out.extend(a.poses.iter().flat_map(PoseFindings::diagnostics).cloned());
        }
    }
}
