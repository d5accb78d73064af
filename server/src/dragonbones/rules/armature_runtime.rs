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
//! [`same_subtree`](crate::dragonbones::syntax::Tree::same_subtree)), moved with it. Which findings are reported is decided across
//! armatures each time: loops of child armatures, and poses only when no armature fails to parse.

use super::{DragonBonesCheck, Previous, armature_local, runtime};
use crate::diagnostic::Diagnostic;
use crate::dragonbones::eval::Evaluation;
use crate::dragonbones::eval::parse::{self, FailureKind, Parsed};
use crate::dragonbones::eval::raw::Raw;
use crate::dragonbones::schema::key;
use crate::dragonbones::syntax::NodeId;
use crate::text::TextRange;

/// What the runtime rules found in one version of a skeleton, armature by armature, for the next
/// version's check.
#[derive(Clone, Debug, Default)]
pub struct RuntimeFindings {
    /// What every armature's parse read of the root: name, version and frame rate (`None`: the
    /// file was evaluated whole, and nothing is kept).
    root: Option<(String, String, u64)>,
    armatures: Vec<ArmatureFindings>,
    /// How many armatures this check evaluated, and how many it took from the previous one.
    pub evaluated: usize,
    pub reused: usize,
}

impl RuntimeFindings {
    /// Where the runtime fails reading the file (each armature's own failures, in file order),
    /// when the check went armature by armature; `None` when it evaluated the whole file at once
    /// or not at all (then the whole file's evaluation says).
    pub fn failures(&self) -> Option<Vec<(TextRange, FailureKind)>> {
        self.root.as_ref()?;
        Some(self.armatures.iter().flat_map(|a| a.thrown.iter().cloned()).collect())
    }
}

/// What the runtime rules found on one element of the root's `armature` list.
#[derive(Clone, Debug)]
struct ArmatureFindings {
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
    /// It fails to parse (so no pose is checked anywhere); the failures no other rule reports.
    failed: bool,
    failures: Vec<Diagnostic>,
    /// Where its own parse fails, and how (for a pose of any armature: the runtime reads none
    /// when one fails).
    thrown: Vec<(TextRange, FailureKind)>,
    /// Poses that are not finite; `None` when it or an armature it shows fails to parse.
    poses: Option<Vec<Diagnostic>>,
}

/// Runs the runtime rules on a skeleton, reusing what `previous` found on the armatures that
/// cannot have changed; `whole` is the runtime's reading of the whole file, for the files that
/// are evaluated at once.
pub fn check<'e>(
    ctx: &mut DragonBonesCheck,
    previous: Option<&Previous<'_>>,
    whole: impl FnOnce() -> &'e Evaluation,
) -> RuntimeFindings {
    let (tree, text) = (ctx.tree, ctx.text);
    let Some(root) = tree.root() else { return RuntimeFindings::default() };
    let raw = Raw::new(tree, text);
    let Ok(data) = parse::root_data(raw, root) else { return RuntimeFindings::default() };
    let elements = parse::armature_elements(raw, root);
    let names: Vec<String> = elements.iter().map(|&e| raw.string(e, key::NAME, "")).collect();
    let mut sorted: Vec<&String> = names.iter().collect();
    sorted.sort_unstable();
    if sorted.windows(2).any(|w| w[0] == w[1]) {
        runtime::check(ctx, whole());
        return RuntimeFindings::default();
    }
    let root_read = Some((data.name, data.version, data.frame_rate.to_bits()));
    let unchanged: Vec<Option<&ArmatureFindings>> = match previous.filter(|p| p.runtime.root == root_read) {
        Some(p) => {
            let old: Vec<(NodeId, TextRange)> = p.runtime.armatures.iter().map(|a| (a.node, a.range)).collect();
            let found = armature_local::unchanged(tree, &elements, p, &old);
            found.into_iter().map(|i| i.map(|i| &p.runtime.armatures[i])).collect()
        }
        None => vec![None; elements.len()],
    };
    let mut findings = RuntimeFindings { root: root_read, ..RuntimeFindings::default() };
    for (i, &element) in elements.iter().enumerate() {
        let range = tree.range(element);
        if let Some(old) = reusable(i, &names, &unchanged) {
            findings.armatures.push(moved(old, element, range));
            findings.reused += 1;
            continue;
        }
        match evaluate(ctx, root, &elements, &names, i) {
            Some(found) => findings.armatures.push(found),
            None => {
                // A shared mesh: the file is evaluated whole.
                runtime::check(ctx, whole());
                return RuntimeFindings::default();
            }
        }
        findings.evaluated += 1;
    }
    report(ctx, &findings.armatures);
    findings
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
        failed: old.failed,
        failures: moved(&old.failures),
        thrown: old.thrown.iter().map(|(at, kind)| (at.moved_by(delta), kind.clone())).collect(),
        poses: old.poses.as_deref().map(moved),
    }
}

/// Parses armature `i` with the armatures it shows, through any chain, and runs the runtime
/// rules on it; `None` when one of them shows a shared mesh.
fn evaluate(
    ctx: &mut DragonBonesCheck,
    root: NodeId,
    elements: &[NodeId],
    names: &[String],
    i: usize,
) -> Option<ArmatureFindings> {
    let raw = Raw::new(ctx.tree, ctx.text);
    let (parsed, list) = parse::parse_shown(raw, root, elements, names, i).ok()?;
    if parsed.shares_geometry {
        return None;
    }
    let Parsed { data, failures, failures_per_armature, .. } = &parsed;
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
    let reported = split(ctx, &|ctx| runtime::failures(ctx, own));
    let poses = failures.is_empty().then(|| split(ctx, &|ctx| runtime::non_finite(ctx, data, index)));
    let element = elements[i];
    Some(ArmatureFindings {
        node: element,
        range: ctx.tree.range(element),
        name: names[i].clone(),
        read: list.iter().filter(|&&a| a != i).map(|&a| names[a].clone()).collect(),
        shows: armature.shown_armatures().map(str::to_owned).collect(),
        children: runtime::child_armatures(ctx, armature),
        ik,
        failed: !own.is_empty(),
        failures: reported,
        thrown: own.iter().map(|f| (ctx.tree.range(f.node), f.kind.clone())).collect(),
        poses,
    })
}

/// Reports the findings as [`runtime::check`] does for the whole file, in the same order.
fn report(ctx: &mut DragonBonesCheck, armatures: &[ArmatureFindings]) {
    for a in armatures {
        ctx.out.extend(a.ik.iter().cloned());
    }
    let names: Vec<&str> = armatures.iter().map(|a| a.name.as_str()).collect();
    let children: Vec<Vec<(String, TextRange)>> = armatures.iter().map(|a| a.children.clone()).collect();
    runtime::armature_cycles(ctx, &names, &children);
    if armatures.iter().any(|a| a.failed) {
        for a in armatures {
            ctx.out.extend(a.failures.iter().cloned());
        }
    } else {
        for a in armatures {
            ctx.out.extend(a.poses.iter().flatten().cloned());
        }
    }
}
