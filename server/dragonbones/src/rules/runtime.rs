//! What only running the skeleton shows: IK constraints and child armatures that loop (the runtime
//! hangs or overflows its stack building them), and poses that are not finite at the setup pose or
//! at any key frame (NaN or infinite bone transforms and mesh vertices). Reads the evaluator.

use super::{DragonBonesCheck, report as diagnostic};
use crate::eval::data::{
    AnimationData, ArmatureData, ConstraintKind, DisplayKind, DragonBonesData, TimelineKind, TimelineValues,
};
use crate::eval::parse::{Failure, FailureKind, GeometryKind, Wrapped, WrappedGeometry, WrappedValues};
use crate::eval::runtime::{MAX_ARMATURES_BUILT, OUT_OF_MEMORY, armatures_built, armatures_shown};
use crate::eval::{Evaluation, PosedPart, Poser, Runtime};
use crate::schema::key;
use crate::syntax::{NodeId, Tree};
use rigls_diagnostic::{Code, Diagnostic, case};
use rigls_text::TextRange;

pub fn check(ctx: &mut DragonBonesCheck, evaluation: &Evaluation) {
    let Some(data) = evaluation.data() else { return };
    for armature in &data.armatures {
        ik_cycles(ctx, armature);
    }
    let names: Vec<&str> = data.armatures.iter().map(|a| a.name.as_str()).collect();
    let children: Vec<_> = data.armatures.iter().map(|a| child_armatures(ctx, a)).collect();
    armature_cycles(ctx, &names, &children);
    too_many_armatures(ctx, data);
    if let Ok(parsed) = &evaluation.parsed {
        wrapped_geometry(ctx, &parsed.wrapped_geometry);
        wrapped_values(ctx, &parsed.wrapped_values);
    }
    // Where parsing fails the runtime loads nothing or NaN data; other rules report most of it.
    if let Ok(parsed) = &evaluation.parsed
        && !parsed.failures.is_empty()
    {
        failures(ctx, &parsed.failures);
        return;
    }
    for index in 0..data.armatures.len() {
        rigls_text::cancel::check();
        non_finite(ctx, data, index);
    }
}

/// The failures no other rule reports.
pub(super) fn failures(ctx: &mut DragonBonesCheck, failures: &[Failure]) {
    for f in failures {
        let (code, message) = match f.kind {
            FailureKind::FractionalDuration => (
                Code::InvalidValue,
                "key frames on a duration that is not a whole number of frames: DragonBonesJS throws a RangeError (\"Invalid array length\") loading the file",
            ),
            FailureKind::HugeDuration => (
                Code::InvalidValue,
                "a duration of more than a million frames: DragonBonesJS builds a table with an entry per frame and runs out of memory loading the file (its frame positions wrap past 32,767 frames already)",
            ),
            FailureKind::FrameArrayOverflow => (
                Code::InvalidValue,
                "this animation's key frames take more than 65,535 entries of the runtime's frame array, which it references in 16 bits: the key frames past that are read at a wrapped offset, another key frame's data, and play wrong in DragonBonesJS and DragonBonesCPP (a curve stores a sample per frame of its key frame: use fewer or shorter curved key frames, or split the animation)",
            ),
            FailureKind::DeformOfNonMesh => (
                Code::UnknownDisplay,
                "this deform timeline names a display that is not a mesh: DragonBonesJS throws loading the file (it reads the display's geometry)",
            ),
            _ => continue,
        };
        let at = match ctx.get(f.node, key::DURATION) {
            Some(d) if matches!(f.kind, FailureKind::FractionalDuration | FailureKind::HugeDuration) => {
                ctx.tree.range(d)
            }
            _ => name_range(ctx, f.node),
        };
        ctx.push(diagnostic(code, at, message));
    }
}

/// Timelines whose key frame values the runtime reads from another place of its
/// `frameFloatArray` than it stored them at.
pub(super) fn wrapped_values(ctx: &mut DragonBonesCheck, wrapped: &[WrappedValues]) {
    for w in wrapped {
        let others = match w.later {
            0 => String::new(),
            1 => " (as does 1 later timeline of the animation)".to_owned(),
            n => format!(" (as do {n} later timelines of the animation)"),
        };
        let message = format!(
            "this timeline's key frame values start at entry {} of the runtime's frameFloatArray (counted from its animation's first), past the 65,535 its 16-bit reference reaches: the runtime reads them at entry {}, another timeline's values, and plays it wrong{others}; deform key frames store every vertex of their mesh: deform fewer vertices or key frames, or split the animation",
            w.start, w.read_at
        );
        ctx.push(diagnostic(Code::ArrayOverflow, name_range(ctx, w.node), message));
    }
}

/// Geometries the runtime reads from another place of its `floatArray` than it stored them at.
pub(super) fn wrapped_geometry(ctx: &mut DragonBonesCheck, wrapped: &[WrappedGeometry]) {
    for w in wrapped {
        let what = match w.kind {
            GeometryKind::Mesh => "mesh",
            GeometryKind::Surface => "surface",
            GeometryKind::Path => "path",
        };
        let message = match w.wrapped {
            Wrapped::Floats { stored_at, read_at } => {
                let reads = match read_at {
                    Some(at) => format!("reads them at floatArray[{at}], another geometry's floats"),
                    None => "reads them at a negative place, NaN".to_owned(),
                };
                let (reach, runtimes) = match w.kind {
                    GeometryKind::Mesh => ("65,535", "DragonBonesJS and DragonBonesCPP draw"),
                    // The C++ runtime reads neither.
                    GeometryKind::Surface | GeometryKind::Path => ("32,767", "DragonBonesJS draws"),
                };
                format!(
                    "the runtime stores this {what}'s floats at floatArray[{stored_at}], past what its 16-bit references reach ({reach}), and {reads}: {runtimes} it wrong; keep the file's geometry (vertices, UVs and weights of every armature) within floatArray[{reach}], or split the skeleton into several files"
                )
            }
            Wrapped::DeformNeverApplied { ints_at } => format!(
                "this deform timeline is never applied: its mesh's block is at intArray[{ints_at}], past the 65,535 the timeline's 16-bit header reaches, and the runtime matches it to no mesh of the slot (DragonBonesCPP, which reads the place unsigned and matches none past 32,767, drops it too); keep the file's meshes (4 numbers, their triangles' and weights') within intArray[65,535], or split the skeleton into several files"
            ),
            Wrapped::VertexCount { count, read } => {
                let draws = match read {
                    ..0 => "draws none of them (the C++ runtime crashes)".to_owned(),
                    _ => format!("draws only the first {read}"),
                };
                format!(
                    "this {what} has {count} vertices, more than the 32,767 the runtime's 16-bit vertex count holds: it reads the count as {read} and {draws}; split the mesh into meshes of at most 32,767 vertices"
                )
            }
        };
        ctx.push(diagnostic(Code::ArrayOverflow, name_range(ctx, w.node), message));
    }
}

/// True when `ancestor` is `bone` or one of its parents (the parents are known to end).
fn is_ancestor(armature: &ArmatureData, ancestor: usize, bone: usize) -> bool {
    let mut current = Some(bone);
    let mut steps = 0;
    while let Some(b) = current {
        if b == ancestor {
            return true;
        }
        steps += 1;
        if steps > armature.bones.len() {
            return false;
        }
        current = armature.bones[b].parent;
    }
    false
}

fn has_parent_loop(armature: &ArmatureData) -> bool {
    (0..armature.bones.len()).any(|b| {
        let mut current = armature.bones[b].parent;
        for _ in 0..=armature.bones.len() {
            match current {
                Some(p) if p == b => return true,
                Some(p) => current = armature.bones[p].parent,
                None => return false,
            }
        }
        true
    })
}

/// An IK constraint waits, while the runtime sorts bones, for its target; a target at or below
/// the bone the constraint turns never comes first.
pub(super) fn ik_cycles(ctx: &mut DragonBonesCheck, armature: &ArmatureData) {
    if armature.sort_complete || has_parent_loop(armature) {
        return; // parent loops are reported as `parent-cycle`
    }
    let sorted: Vec<bool> = {
        let mut s = vec![false; armature.bones.len()];
        for &b in &armature.sorted_bones {
            s[b] = true;
        }
        s
    };
    let mut reported = false;
    let bone = |i: usize| armature.bones[i].name.as_str();
    for c in &armature.constraints {
        if !matches!(c.kind, ConstraintKind::Ik { .. }) || sorted[c.root] {
            continue;
        }
        let direct = is_ancestor(armature, c.root, c.target);
        let at = ctx.get(c.node, key::TARGET).map_or_else(|| ctx.anchor(c.node), |t| ctx.tree.range(t));
        let label = if c.name.is_empty() { "(unnamed)".to_owned() } else { format!("`{}`", c.name) };
        let message = if c.target == c.root {
            format!(
                "IK constraint {label} targets `{}`, the bone it turns: the runtime waits for the target while sorting bones and never finishes (it hangs)",
                bone(c.target)
            )
        } else if direct {
            format!(
                "IK constraint {label} targets `{}`, a child of `{}`, the bone it turns: the runtime waits for the target while sorting bones and never finishes (it hangs)",
                bone(c.target),
                bone(c.root)
            )
        } else if !sorted[c.target] {
            format!(
                "IK constraint {label} targets `{}`, which waits for `{}` through other IK constraints: the runtime never finishes sorting bones (it hangs)",
                bone(c.target),
                bone(c.root)
            )
        } else {
            continue;
        };
        ctx.push(diagnostic(Code::IkCycle, at, message));
        reported = true;
    }
    if !reported {
        // A loop the messages above do not explain: say so on the armature.
        let message = format!(
            "the bones of armature `{}` cannot be sorted (IK targets wait for each other): the runtime hangs",
            armature.name
        );
        ctx.push(diagnostic(Code::IkCycle, ctx.anchor(armature.node), message));
    }
}

/// The child-armature displays of an armature's default skin (which the runtime builds), in
/// slots it has: the armature each shows (by name), and where a loop through it is reported.
pub(super) fn child_armatures(ctx: &DragonBonesCheck, a: &ArmatureData) -> Vec<(String, TextRange)> {
    let Some(skin) = a.default_skin.map(|s| &a.skins[s]) else { return Vec::new() };
    let mut out = Vec::new();
    for (slot, displays) in &skin.displays {
        if a.slot(slot).is_none() {
            continue;
        }
        for d in displays.iter().flatten() {
            if let DisplayKind::Armature = d.kind {
                let at = ctx
                    .get(d.node, key::PATH)
                    .or_else(|| ctx.get(d.node, key::NAME))
                    .map_or_else(|| ctx.anchor(d.node), |v| ctx.tree.range(v));
                out.push((d.path.clone(), at));
            }
        }
    }
    out
}

/// Child-armature displays that lead back to the armature holding them: building it recurses
/// until the stack overflows. `names`: the armatures the runtime keeps, in order; `children`:
/// what [`child_armatures`] gives of each.
pub(super) fn armature_cycles(ctx: &mut DragonBonesCheck, names: &[&str], children: &[Vec<(String, TextRange)>]) {
    let index = |name: &str| names.iter().position(|n| *n == name);
    let edges: Vec<Vec<(usize, TextRange)>> =
        children.iter().map(|list| list.iter().filter_map(|(name, at)| Some((index(name)?, *at))).collect()).collect();
    let reaches = |from: usize, to: usize| -> Option<Vec<usize>> {
        // The shortest chain of child armatures from `from` to `to`.
        let mut previous = vec![usize::MAX; edges.len()];
        let mut queue = std::collections::VecDeque::from([from]);
        let mut seen = vec![false; edges.len()];
        seen[from] = true;
        while let Some(a) = queue.pop_front() {
            if a == to {
                let mut path = vec![to];
                let mut cur = to;
                while cur != from {
                    cur = previous[cur];
                    path.push(cur);
                }
                path.reverse();
                return Some(path);
            }
            for &(b, _) in &edges[a] {
                if !seen[b] {
                    seen[b] = true;
                    previous[b] = a;
                    queue.push_back(b);
                }
            }
        }
        None
    };
    for (a, list) in edges.iter().enumerate() {
        for &(target, at) in list {
            let Some(chain) = reaches(target, a) else { continue };
            let mut looped: Vec<&str> = vec![names[a]];
            looped.extend(chain.iter().map(|&i| names[i]));
            let message = if target == a {
                format!(
                    "armature `{}` shows itself as a child armature: building it recurses until the stack overflows",
                    looped[0]
                )
            } else {
                format!(
                    "child armatures loop ({}): building armature `{}` recurses until the stack overflows",
                    looped.join(" → "),
                    looped[0]
                )
            };
            ctx.push(diagnostic(Code::ArmatureCycle, at, message));
        }
    }
}

/// Armatures whose building builds more than [`MAX_ARMATURES_BUILT`] armatures through
/// child-armature displays (which are then not posed).
fn too_many_armatures(ctx: &mut DragonBonesCheck, data: &DragonBonesData) {
    for index in 0..data.armatures.len() {
        too_many_armatures_of(ctx, data, index);
    }
}

/// [`too_many_armatures`] of armature `index` alone.
pub(super) fn too_many_armatures_of(ctx: &mut DragonBonesCheck, data: &DragonBonesData, index: usize) {
    let built = armatures_built(data);
    let armature = &data.armatures[index];
    if built[index] <= MAX_ARMATURES_BUILT {
        return;
    }
    // The way down the most armatures take: each armature, the child building the most,
    // and how many of its displays show it.
    let mut steps = Vec::new();
    let mut at = index;
    while steps.len() < 3 {
        let shown = armatures_shown(data, at);
        let Some(&most) = shown.iter().max_by_key(|&&c| (built[c], std::cmp::Reverse(c))) else { break };
        let times = shown.iter().filter(|&&c| c == most).count();
        let name = |a: usize| &data.armatures[a].name;
        steps.push(format!(
            "`{}` shows `{}` {}",
            name(at),
            name(most),
            if times == 1 { "once".to_owned() } else { format!("{times} times") }
        ));
        at = most;
    }
    let count = match built[index] {
        u64::MAX => "more than 18 quintillion".to_owned(),
        n => grouped(n),
    };
    let more = if armatures_shown(data, at).is_empty() { "" } else { ", …" };
    let what = format!(
        "building armature `{}` builds {count} armatures through child-armature displays ({}{more})",
        armature.name,
        steps.join(", ")
    );
    let at = name_range(ctx, armature.node);
    ctx.push(if built[index] > OUT_OF_MEMORY {
        let message = format!(
            "{what}: the runtimes build every one and run out of memory (for 2.4 million of one bone each DragonBonesJS aborted, its 4 GB heap full, and DragonBonesCPP took 4.8 GB); rigls does not pose it"
        );
        diagnostic(Code::TooManyArmatures, at, message)
    } else {
        let message = format!(
            "{what}: the runtimes build every one, slowly and with much memory (88,573 of one bone each took DragonBonesJS 1.2 s and 477 MB); rigls poses at most {} and does not pose it",
            grouped(MAX_ARMATURES_BUILT)
        );
        Diagnostic::of_case(&case::MANY_ARMATURES, at, message)
    });
}

/// `1234567` as `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The first bone or shown mesh whose evaluated values are not finite.
fn first_non_finite(runtime: &Runtime<'_>) -> Option<Problem> {
    for (i, _) in runtime.data.bones.iter().enumerate() {
        if let Some(b) = runtime.bone(i)
            && b.matrix.to_array().iter().any(|v| !v.is_finite())
        {
            return Some(Problem::Bone(i));
        }
    }
    if !runtime.poses_slots() {
        // The meshes are as they were when the bones alone were wanted: checked then.
        return None;
    }
    for i in 0..runtime.data.slots.len() {
        if let Some((r, _)) = runtime.slot(i)
            && runtime.mesh_in_armature_space(r).is_some_and(|v| v.iter().any(|x| !x.is_finite()))
        {
            return Some(Problem::Mesh(i));
        }
    }
    None
}

/// Whether a surface's deform, as this update blended it, holds a value that is not finite.
fn surface_deform_not_finite(runtime: &Runtime<'_>) -> bool {
    let deforms = runtime.bones.iter().filter_map(|b| b.surface.as_ref()).map(|s| &s.deform);
    deforms.flat_map(|d| d.iter()).any(|v| !v.is_finite())
}

enum Problem {
    Bone(usize),
    Mesh(usize),
}

/// What `non-finite-pose` finds on one armature.
#[derive(Clone, Debug, Default)]
pub struct PoseFindings {
    /// The setup pose is not finite (then no animation is posed).
    pub setup: Option<Diagnostic>,
    /// Meshes of the default skin that the setup pose does not show, whose own data is not
    /// finite as the runtime stores it.
    pub meshes: Vec<Diagnostic>,
    /// Per animation, in order.
    pub animations: Vec<AnimationFindings>,
}

/// What `non-finite-pose` finds in one animation: deform key frames that are not finite, and
/// the first key frame posed not finite.
#[derive(Clone, Debug, Default)]
pub struct AnimationFindings {
    pub deforms: Vec<Diagnostic>,
    pub pose: Option<Diagnostic>,
}

impl AnimationFindings {
    pub(super) fn moved_by(&self, delta: i64) -> AnimationFindings {
        AnimationFindings {
            deforms: self.deforms.iter().map(|d| d.clone().moved_by(delta)).collect(),
            pose: self.pose.clone().map(|d| d.moved_by(delta)),
        }
    }
}

impl PoseFindings {
    pub(super) fn moved_by(&self, delta: i64) -> PoseFindings {
        PoseFindings {
            setup: self.setup.clone().map(|d| d.moved_by(delta)),
            meshes: self.meshes.iter().map(|d| d.clone().moved_by(delta)).collect(),
            animations: self.animations.iter().map(|a| a.moved_by(delta)).collect(),
        }
    }

    /// The diagnostics in the order they are reported: the setup pose's, every animation's
    /// deforms, then every animation's pose.
    pub fn diagnostics(&self) -> impl Iterator<Item = &Diagnostic> {
        let animations = &self.animations;
        self.setup
            .iter()
            .chain(&self.meshes)
            .chain(animations.iter().flat_map(|a| &a.deforms))
            .chain(animations.iter().filter_map(|a| a.pose.as_ref()))
    }
}

pub(super) fn non_finite(ctx: &mut DragonBonesCheck, data: &DragonBonesData, index: usize) {
    let found = pose_findings(PoseSite::of(ctx), data, index, |_| None);
    ctx.out.extend(found.diagnostics().cloned());
}

/// Poses armature `index` at its setup pose and at every key frame of its animations but those
/// `known` gives findings for (the animation's index), one animation per free thread.
pub(super) fn pose_findings(
    site: PoseSite<'_>,
    data: &DragonBonesData,
    index: usize,
    known: impl Fn(usize) -> Option<AnimationFindings> + Sync,
) -> PoseFindings {
    let armature = &data.armatures[index];
    let Ok(setup) = Runtime::build(data, index) else { return PoseFindings::default() };
    if let Some(p) = first_non_finite(&setup) {
        return PoseFindings {
            setup: Some(report(site, armature, &p, "at the setup pose", false)),
            meshes: Vec::new(),
            animations: Vec::new(),
        };
    }
    // Meshes are finite while their bones and deforms are (their own data is finite: the setup
    // pose shows those it shows, `hidden_meshes` the others), so key frames need only bones and
    // deform values: posed from a copy without slots, unless a path constraint reads one to pose
    // bones.
    let bones = setup.bones_alone().unwrap_or_else(|| {
        let mut bones = setup.clone();
        bones.bones_only = true;
        bones
    });
    let part = bones.posed_part();
    let indices: Vec<usize> = (0..armature.animations.len()).collect();
    let work: usize = armature.animations.iter().map(|a| a.key_frame_count()).sum::<usize>() * armature.bones.len();
    let parallel = site.parallel && work >= PARALLEL_POSES;
    let animations = rigls_text::parallel::map(&indices, parallel, |&a| {
        known(a).unwrap_or_else(|| {
            animation_findings(site, (&setup, &bones, part.as_ref()), armature, &armature.animations[a])
        })
    });
    PoseFindings { setup: None, meshes: hidden_meshes(site, data, armature), animations }
}

/// The meshes of the default skin whose vertices or weights are not finite as the runtime stores
/// them (32-bit floats: 1e39 is infinite), where the setup pose, finite, does not show them: a
/// display key frame may (the rest of this rule assumes a mesh's own data finite).
fn hidden_meshes(site: PoseSite<'_>, data: &DragonBonesData, armature: &ArmatureData) -> Vec<Diagnostic> {
    let Some(skin) = armature.default_skin.map(|s| &armature.skins[s]) else { return Vec::new() };
    let mut out = Vec::new();
    for (slot, displays) in &skin.displays {
        for display in displays.iter().flatten() {
            let DisplayKind::Mesh { geometry, .. } = display.kind else { continue };
            let g = &data.geometries[geometry];
            let weights = g.weight.iter().flat_map(|w| &w.influences).flat_map(|i| [i.weight, i.x, i.y]);
            if g.vertices.iter().copied().chain(weights).all(f64::is_finite) {
                continue;
            }
            let message = format!(
                "mesh `{}` of slot `{slot}` has vertices that are not finite numbers as the runtime stores them (32-bit floats): the runtime cannot draw it where the slot shows it",
                display.name
            );
            let at = site.name_range(display.node);
            out.push(diagnostic(Code::NonFinitePose, at, message));
        }
    }
    out
}

/// Key frames times bones from which an armature's animations are posed on several threads.
const PARALLEL_POSES: usize = 20_000;

/// `setup`: the setup pose, a copy of it posing bones alone, and that copy's posed part.
fn animation_findings<'d>(
    site: PoseSite<'_>,
    (setup, bones, part): (&Runtime<'d>, &Runtime<'d>, Option<&PosedPart<'d>>),
    armature: &ArmatureData,
    animation: &AnimationData,
) -> AnimationFindings {
    rigls_text::cancel::check();
    let mut found = AnimationFindings::default();
    for t in animation.slot_timelines.all().filter(|t| t.kind == TimelineKind::SlotDeform) {
        if let TimelineValues::Float { values, .. } = &t.values
            && let Some(k) = values.iter().position(|v| !v.is_finite())
        {
            let frame = k.checked_div(t.deform_count).and_then(|f| t.frames.get(f));
            let at = frame.map_or_else(|| site.anchor(t.node), |f| site.anchor(f.node));
            let message = format!(
                "a deform key frame of animation `{}` has vertices that are not finite numbers: the runtime cannot draw the mesh",
                animation.name
            );
            found.deforms.push(diagnostic(Code::NonFinitePose, at, message));
        }
    }
    // A deform timeline whose time scale is infinite (a `scale` whose hundredfold keeps no low
    // 16 bits: `100 / 0`) tweens its mesh at a NaN time, whatever the bones do: meshes are posed
    // too, at every key frame.
    let meshes_too = animation
        .slot_timelines
        .all()
        .any(|t| t.kind == TimelineKind::SlotDeform && !(t.time_scale.is_finite() && t.time_offset.is_finite()));
    if !meshes_too && bones.poses_stay_finite(animation) {
        // Provably finite at every time: nothing to pose.
        return found;
    }
    let frames = animation.key_frame_positions();
    let seconds: Vec<f64> = frames.iter().map(|&f| f64::from(f) / armature.frame_rate).collect();
    if !meshes_too && part.is_some_and(|part| part.poses_stay_finite(bones, animation, &seconds)) {
        // What bounds cannot show posed finite at every key frame, the rest provably so.
        return found;
    }
    // The bones posed at every key frame from one priming of the animation.
    let poser = Poser::new(bones, &animation.name);
    // A frame a path constraint alone makes non-finite is a warning; later frames are still
    // looked at, without path constraints, for a cause of their own (an error, reported instead).
    let mut by_path_only = false;
    for frame in frames {
        let seconds = f64::from(frame) / armature.frame_rate;
        // A fresh copy of `from`, updated as `adjust` says, posed at this frame.
        let posed = |from: &Runtime<'d>, adjust: fn(&mut Runtime<'d>)| {
            let mut runtime = from.clone();
            adjust(&mut runtime);
            runtime.goto_and_play_by_time(&animation.name, seconds, 1.0);
            runtime
        };
        let when = || format!("in animation `{}` at frame {frame} ({} s)", animation.name, trim(seconds));
        if by_path_only {
            let plain = posed(setup, |r| r.without_path_constraints = true);
            if let Some(p) = first_non_finite(&plain) {
                found.pose = Some(report(site, armature, &p, &when(), false));
                break;
            }
            continue;
        }
        let bones_posed = poser.at(seconds);
        // Meshes on a surface whose deform is not finite are not finite either, and posing bones
        // alone leaves them unplaced: a full update tells (one with nothing on it shows nothing).
        let full_too = meshes_too || surface_deform_not_finite(&bones_posed);
        // What a full update shows (meshes included) is reported, posed once.
        let full = || first_non_finite(&posed(setup, |_| {}));
        let problem = match first_non_finite(&bones_posed) {
            Some(p) => Some(full().unwrap_or(p)),
            None if full_too => full(),
            None => None,
        };
        if let Some(p) = problem {
            // A path constraint divides by the length of bones scaled to nothing: the runtime
            // shows the bones at this one frame nowhere, which is rarely visible.
            let plain = posed(setup, |r| r.without_path_constraints = true);
            let by_path = first_non_finite(&plain).is_none();
            found.pose = Some(report(site, armature, &p, &when(), by_path));
            if !by_path {
                break;
            }
            by_path_only = true;
        }
    }
    found
}

/// Where a finding about the object at `node` is shown ([`PoseSite::name_range`]).
fn name_range(ctx: &DragonBonesCheck, node: NodeId) -> TextRange {
    PoseSite::of(ctx).name_range(node)
}

/// What pose findings are reported against: the file's tree and text; and whether posing may
/// take every core.
#[derive(Clone, Copy)]
pub(crate) struct PoseSite<'a> {
    pub tree: &'a Tree,
    pub text: &'a str,
    pub parallel: bool,
}

impl PoseSite<'_> {
    pub(super) fn of<'a>(ctx: &DragonBonesCheck<'a>) -> PoseSite<'a> {
        PoseSite { tree: ctx.tree, text: ctx.text, parallel: ctx.parallel }
    }

    fn anchor(self, object: NodeId) -> TextRange {
        super::anchor(self.tree, self.text, object)
    }

    /// Where a finding about the object at `node` is shown: its `name`'s value, else the object.
    fn name_range(self, node: NodeId) -> TextRange {
        self.tree.get(self.text, node, key::NAME).map_or_else(|| self.anchor(node), |n| self.tree.range(n))
    }
}

fn trim(v: f64) -> String {
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

fn report(site: PoseSite<'_>, armature: &ArmatureData, problem: &Problem, when: &str, by_path: bool) -> Diagnostic {
    let (node, message) = match *problem {
        Problem::Bone(b) => {
            let bone = &armature.bones[b];
            (
                bone.node,
                format!(
                    "bone `{}` has a transform that is not a finite number {when}: the runtime draws it and everything on it nowhere",
                    bone.name
                ),
            )
        }
        Problem::Mesh(s) => {
            let slot = &armature.slots[s];
            (
                slot.node,
                format!(
                    "the mesh of slot `{}` has vertices that are not finite numbers {when}: the runtime cannot draw it",
                    slot.name
                ),
            )
        }
    };
    let at = site.name_range(node);
    if by_path {
        let message = format!(
            "{message} (a path constraint divides by the length of bones scaled to zero here; the runtime recovers once they grow)"
        );
        Diagnostic::of_case(&case::NON_FINITE_BY_PATH, at, message)
    } else {
        diagnostic(Code::NonFinitePose, at, message)
    }
}
