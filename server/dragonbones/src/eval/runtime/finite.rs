//! Which animations cannot pose a bone non-finite, decided before posing them: `non-finite-pose`
//! poses every key frame of every animation, and most of them provably stay finite.
//!
//! From a setup pose whose bones are finite, an animation played alone (as the check plays it:
//! from the setup pose, by name, once, no fade) poses every bone finite when:
//!
//! - **nothing it plays moves a bone**: neither it nor any animation its blend-tree timelines
//!   play (through any chain) has a bone transform, surface or IK timeline. Its bones are then
//!   computed from the inputs of the setup pose (the reset timelines of IK constraints set the
//!   setup's bend and weight again, and the runtime leaves bones alone at the setup pose), so
//!   they are the setup's: finite. Slot timelines never move bones (path constraints, which read
//!   slots, are left to posing).
//! - or **it alone moves plain bones by bounded amounts**: it has no blend-tree timeline (not
//!   even one naming itself or no animation), no surface or IK timeline; every bone it moves
//!   (those its timelines name, and everything below them) is an ordinary bone under an ordinary
//!   parent, neither turned, aimed at nor read by a constraint, and reads its parent's decomposed
//!   rotation (`atan(b / a)`, NaN under a zero scale: it inherits rotation or scale, not both)
//!   only from a parent the animation leaves as set up, whose first column is not zero. Such a
//!   bone's matrix is made of its transform's sines and cosines, scales and translation, and of
//!   its parent's matrix: products and sums, no division, no square root. So it is finite
//!   whenever no value overflows, which bounds on every value show: the key frames' values (all
//!   finite), the tween's progress (finite: the animation's duration, frame rate and time scales
//!   are finite and positive, so the time is at most the duration; key frames strictly follow
//!   one another and every tweened one spans at least a frame; the progress divides the one by
//!   the other, before an easing of at most 327.67 or a curve of samples of at most 3.2768),
//!   blend weights of at most 1 (one state, no fade), and the parents' matrices (the setup's for
//!   a bone the animation leaves alone). A bound under [`LIMIT`] leaves every product and sum
//!   finite.
//!
//! Anything else is posed: two-bone IK (a square root of a difference that rounding can make
//! negative), surfaces (lattice cells looked up by position), decompositions of a parent with a
//! zero scale, durations or time scales that make the time NaN, blend trees that move bones.
//!
//! The bones such a proof cannot bound are posed on their own ([`PosedPart`]): those IK
//! constraints turn or read, parents whose rotation a child decomposes, and everything above
//! them. They update from one another alone, so posing only them gives their matrices bit for
//! bit. Where those are finite at every key frame, the second case above holds for the rest
//! (and IK timelines may play) with the part's bones taken as they were posed: bounded by the
//! largest values seen, their first column known at each key frame.

use super::animation::Poser;
use super::{BoneState, ConstraintState, Runtime};
use crate::eval::data::{AnimationData, TimelineKind, TimelineValues, Tween};
use crate::eval::geom::{Matrix, same_bits};

/// Bounds on the values of a posed bone under which no product or sum of the update overflows.
const LIMIT: f64 = 1e300;

/// A bound on the absolute value of a tween's eased progress.
fn eased_bound(progress: f64) -> f64 {
    // Linear: p; a curve: its samples (at most 3.2768) or 0 or 1; quadratic easings by an easing
    // of at most 327.67: (p² − p)·e + p, (1 − (1 − p)² − p)·e + p, (½(1 − cos πp) − p)·e + p.
    ((1.0 + progress) * (1.0 + progress) + progress + 1.0) * 328.0 + progress + 4.0
}

impl Runtime<'_> {
    /// Whether playing `animation` (by its name, at any time, as `goto_and_play_by_time` does)
    /// from this runtime poses every bone finite, as far as can be shown without posing it (see
    /// the module's documentation). The runtime must be at its setup pose, its bones finite.
    pub fn poses_stay_finite(&self, animation: &AnimationData) -> bool {
        if !self.at_setup_pose || !self.animation.order.is_empty() || self.path_constraints {
            return false;
        }
        // What the runtime plays: the first animation of the name, and those its blend-tree
        // timelines play by name, through any chain.
        let Some(first) = self.data.animation(&animation.name) else { return true };
        let mut played: Vec<&AnimationData> = vec![&self.data.animations[first]];
        let mut seen = vec![false; self.data.animations.len()];
        seen[first] = true;
        let mut next = 0;
        while let Some(&a) = played.get(next) {
            for (name, _) in &a.animation_timelines.entries {
                if let Some(child) = self.data.animation(name)
                    && !std::mem::replace(&mut seen[child], true)
                {
                    played.push(&self.data.animations[child]);
                }
            }
            next += 1;
        }
        if !played.iter().any(|a| moves_bones(a)) {
            return true;
        }
        match played[..] {
            [single] => self.moves_plain_bones_boundedly(single, None),
            _ => false,
        }
    }

    /// Whether `animation` is played alone, as far as [`Runtime::poses_stay_finite`] can tell.
    fn plays_alone(&self, animation: &AnimationData) -> bool {
        self.at_setup_pose
            && self.animation.order.is_empty()
            && !self.path_constraints
            && self.data.animation(&animation.name).is_some_and(|a| std::ptr::eq(&self.data.animations[a], animation))
    }

    /// The second case of the module's documentation. `known`: per bone, bounds on its matrix
    /// where it was posed (the posed part's bones), which the animation may move as it likes.
    fn moves_plain_bones_boundedly(&self, a: &AnimationData, known: Option<&[Option<Posed>]>) -> bool {
        let frame_rate = a.frame_rate;
        let finite_positive = |v: f64| v.is_finite() && v > 0.0;
        let known_bone = |i: usize| known.and_then(|k| k[i]);
        if !finite_positive(frame_rate)
            || !finite_positive(a.duration)
            || !finite_positive(a.frame_count)
            || !(1.0 / a.scale).is_finite()
            || !a.animation_timelines.entries.is_empty()
            || known.is_none() && a.constraint_timelines.all().any(|t| t.kind == TimelineKind::IkConstraint)
            || a.action_timeline.iter().any(|t| !t.time_scale.is_finite() || !t.time_offset.is_finite())
        {
            return false;
        }
        // The eased progress of any tween: a time of at most the duration (a millionth over) less
        // a key frame's start, over a span of at least a frame (rounding aside: twice the rate).
        let progress = (a.duration + 1.0 + 32_768.0 / frame_rate) * 2.0 * frame_rate;
        let eased = eased_bound(progress);
        // Per data bone, the sums of bounds on what its timelines blend into its translation, its
        // angles and its scales, and on how many timelines blend into its scales (each may add
        // its value less 1).
        let mut moved_by: Vec<Option<Moves>> = vec![None; self.data.bones.len()];
        for (name, timelines) in &a.bone_timelines.entries {
            let Some(b) = self.data.bone(name) else { continue };
            for t in timelines {
                let (translation, angles, scales) = match t.kind {
                    TimelineKind::BoneAll => (true, true, true),
                    TimelineKind::BoneTranslate => (true, false, false),
                    TimelineKind::BoneRotate => (false, true, false),
                    TimelineKind::BoneScale => (false, false, true),
                    TimelineKind::BoneAlpha => continue,
                    _ => return false,
                };
                if self.bone_of_data[b].and_then(known_bone).is_some() {
                    continue; // posed
                }
                let Some(bound) = timeline_bound(t, a.frame_count, eased) else { return false };
                let m = moved_by[b].get_or_insert_default();
                let add = |sum: &mut f64, yes: bool| *sum += if yes { bound } else { 0.0 };
                add(&mut m.translation, translation);
                add(&mut m.angles, angles);
                add(&mut m.scales, scales);
                m.scale_timelines += f64::from(u8::from(scales));
            }
        }
        // Bones in update order, parents first: a bound on each moved bone's matrix (its 2×2
        // part, its translation).
        let mut bounds: Vec<Option<(f64, f64)>> = vec![None; self.bones.len()];
        for (i, bone) in self.bones.iter().enumerate() {
            if let Some(posed) = known_bone(i) {
                // A bone posed as set up at every key frame is left as set up.
                bounds[i] = posed.moved.then_some((posed.linear, posed.translation));
                continue;
            }
            let own = moved_by[bone.data];
            let parent_moved = bone.parent.is_some_and(|p| bounds[p].is_some());
            if own.is_none() && !parent_moved {
                continue;
            }
            let data = &self.data.bones[bone.data];
            if bone.constrained || bone.has_constraint || bone.surface.is_some() {
                return false;
            }
            let m = own.unwrap_or_default();
            let o = data.transform;
            // The global transform: the setup's plus (times, for scales) the animation's pose.
            let rotation = o.rotation.abs() + o.skew.abs() + m.angles;
            let translation = o.x.abs().max(o.y.abs()) + m.translation;
            let scale = o.scale_x.abs().max(o.scale_y.abs()) * (1.0 + m.scales + m.scale_timelines);
            let (linear, moved) = match bone.parent {
                None => (scale, translation),
                Some(p) => {
                    let parent = &self.bones[p];
                    if parent.surface.is_some() {
                        return false;
                    }
                    // A bone reads its parent's decomposed rotation (`atan(b / a)`) when it inherits
                    // rotation but not scale, or scale but not rotation: finite when the parent's
                    // first column is not zero, shown for a parent the animation leaves as set up.
                    let reads_rotation = data.inherit_scale != data.inherit_rotation;
                    let m = parent.matrix;
                    let zero_column = match known_bone(p) {
                        Some(posed) if posed.moved => posed.zero_column,
                        _ => bounds[p].is_some() || m.a == 0.0 && m.b == 0.0,
                    };
                    if reads_rotation && zero_column {
                        return false;
                    }
                    let (parent_linear, parent_translation) = bounds[p].unwrap_or_else(|| {
                        (m.a.abs().max(m.b.abs()).max(m.c.abs()).max(m.d.abs()), m.tx.abs().max(m.ty.abs()))
                    });
                    let moved = if data.inherit_translation {
                        2.0 * translation * parent_linear + parent_translation
                    } else {
                        translation
                    };
                    // Without scale, the matrix is the bone's own transform's: no concatenation.
                    let linear = if data.inherit_scale { 2.0 * scale * parent_linear } else { scale };
                    (linear, moved)
                }
            };
            // `<`: false for NaN.
            if !(rotation < LIMIT && linear < LIMIT && moved < LIMIT && translation < LIMIT) {
                return false;
            }
            bounds[i] = Some((linear, moved));
        }
        // No constraint reads or moves a moved bone (checked above through `constrained`).
        true
    }
}

/// What posing a bone at every key frame showed: bounds on its matrix (its 2×2 part, its
/// translation), whether its first column was ever zero (its rotation, decomposed, NaN), and
/// whether it ever differed from the setup pose's.
#[derive(Clone, Copy, Default)]
struct Posed {
    linear: f64,
    translation: f64,
    zero_column: bool,
    moved: bool,
}

/// The bones an armature's IK constraints turn or read, the parents whose rotation a child
/// decomposes, and everything above them, alone, at the setup pose: they update from one another
/// only (IK reads its root, its bone, its target and the root's parent; every bone its parent),
/// so they pose as in the whole armature, bit for bit.
#[derive(Clone)]
pub struct PosedPart<'d> {
    runtime: Runtime<'d>,
    /// Per bone of the part, its index in the whole armature.
    whole: Vec<usize>,
}

impl<'d> Runtime<'d> {
    /// The posed part of this runtime (at its setup pose, no path constraint, no surface in the
    /// part); `None` when it is no bone, or more than three quarters of them (little to gain).
    pub fn posed_part(&self) -> Option<PosedPart<'d>> {
        if !self.at_setup_pose || self.path_constraints || !self.animation.states.is_empty() {
            return None;
        }
        let mut keep = vec![false; self.bones.len()];
        let mut keep_from = |b: usize| {
            let mut current = Some(b);
            while let Some(b) = current.filter(|&b| !keep[b]) {
                keep[b] = true;
                current = self.bones[b].parent;
            }
        };
        for c in &self.constraints {
            for b in [Some(c.root), Some(c.target), c.bone].into_iter().flatten() {
                keep_from(b);
            }
        }
        for bone in &self.bones {
            let data = &self.data.bones[bone.data];
            if let Some(p) = bone.parent.filter(|_| data.inherit_scale != data.inherit_rotation) {
                keep_from(p);
            }
        }
        // Posing a part of nearly every bone costs what posing them all does, and more where the
        // bounds then fail (a chain of 100,000 bones under an IK took 15 % longer to check).
        let kept = keep.iter().filter(|&&k| k).count();
        if kept == 0
            || kept * 4 > keep.len() * 3
            || self.bones.iter().zip(&keep).any(|(b, &k)| k && b.surface.is_some())
        {
            return None;
        }
        let whole: Vec<usize> = (0..self.bones.len()).filter(|&b| keep[b]).collect();
        let mut part_of = vec![None; self.bones.len()];
        for (p, &w) in whole.iter().enumerate() {
            part_of[w] = Some(p);
        }
        let in_part = |b: usize| part_of[b].expect("the part holds every bone a constraint names, and their parents");
        let bones: Vec<BoneState> = whole
            .iter()
            .map(|&w| BoneState { parent: self.bones[w].parent.map(in_part), ..self.bones[w].clone() })
            .collect();
        let constraints: Vec<ConstraintState> = self
            .constraints
            .iter()
            .map(|c| ConstraintState {
                root: in_part(c.root),
                target: in_part(c.target),
                bone: c.bone.map(in_part),
                ..c.clone()
            })
            .collect();
        let bone_of_data = self.bone_of_data.iter().map(|b| b.and_then(|b| part_of[b])).collect();
        let mut runtime = self.bones_alone()?;
        runtime.bones = bones;
        runtime.bone_of_data = bone_of_data;
        runtime.constraints = constraints;
        runtime.index_constraints();
        Some(PosedPart { runtime, whole })
    }
}

impl<'d> PosedPart<'d> {
    /// Whether playing `animation` from `whole` (the runtime the part is of, posing bones alone)
    /// poses every bone finite at each of `seconds`: the part's bones posed there, the others
    /// shown by bounds (the module's documentation). False when that cannot be shown.
    pub fn poses_stay_finite(&self, whole: &Runtime<'_>, animation: &AnimationData, seconds: &[f64]) -> bool {
        if !whole.plays_alone(animation) {
            return false;
        }
        let mut posed = vec![None; whole.bones.len()];
        let poser = Poser::new(&self.runtime, &animation.name);
        for &t in seconds {
            let runtime = poser.at(t);
            for (bone, &w) in runtime.bones.iter().zip(&self.whole) {
                let m = bone.matrix;
                if !m.to_array().iter().all(|v| v.is_finite()) {
                    return false;
                }
                let p: &mut Posed = posed[w].get_or_insert_default();
                p.linear = p.linear.max(m.a.abs()).max(m.b.abs()).max(m.c.abs()).max(m.d.abs());
                p.translation = p.translation.max(m.tx.abs()).max(m.ty.abs());
                p.zero_column |= m.a == 0.0 && m.b == 0.0;
                p.moved |= !same_bits(&m.bits(), &whole.bones[w].matrix.bits());
            }
        }
        whole.moves_plain_bones_boundedly(animation, Some(&posed))
    }

    /// The part's bones posed at `seconds` of `animation`: each bone's index in the whole
    /// runtime, and its matrix.
    pub fn matrices_at(&self, animation: &str, seconds: f64) -> Vec<(usize, Matrix)> {
        let runtime = Poser::new(&self.runtime, animation).at(seconds);
        self.whole.iter().zip(&runtime.bones).map(|(&w, b)| (w, b.matrix)).collect()
    }
}

/// Bounds on what an animation's timelines blend into one bone's pose (at a weight of at most 1).
#[derive(Clone, Copy, Default)]
struct Moves {
    translation: f64,
    angles: f64,
    scales: f64,
    scale_timelines: f64,
}

/// Whether an animation has timelines that move bones: transforms, surfaces, IK.
fn moves_bones(a: &AnimationData) -> bool {
    let moving = |kind| {
        matches!(
            kind,
            TimelineKind::BoneAll
                | TimelineKind::BoneTranslate
                | TimelineKind::BoneRotate
                | TimelineKind::BoneScale
                | TimelineKind::Surface
                | TimelineKind::IkConstraint
        )
    };
    a.bone_timelines.all().chain(a.constraint_timelines.all()).any(|t| moving(t.kind))
}

/// A bound on the absolute value of anything a bone transform timeline blends into its bone, or
/// `None` when it cannot be bounded: its values are not all finite, its time scale or offset is
/// not finite, its key frames were not all read, or do not strictly follow one another, or a
/// tweened one spans less than a frame.
fn timeline_bound(t: &crate::eval::data::TimelineData, frame_count: f64, eased: f64) -> Option<f64> {
    if !t.time_scale.is_finite() || !t.time_offset.is_finite() || t.frames.len() != t.key_frame_count {
        return None;
    }
    let TimelineValues::Float { values, .. } = &t.values else { return None };
    let mut largest = 0.0f64;
    for v in values {
        if !v.is_finite() {
            return None;
        }
        largest = largest.max(v.abs());
    }
    for (k, frame) in t.frames.iter().enumerate() {
        let (start, next) = (f64::from(frame.position), t.frames.get(k + 1).map(|f| f64::from(f.position)));
        // The last key frame may start at the end: the span to the end then is 0.
        let span = next.unwrap_or(frame_count) - start;
        if !(span > 0.0 || next.is_none() && span == 0.0) || (frame.tween != Tween::None && span < 1.0) {
            return None;
        }
    }
    // A tweened value: the key frame's plus the difference to the next times the eased progress.
    let bound = largest * (1.0 + 2.0 * eased) + std::f64::consts::PI;
    bound.is_finite().then_some(bound)
}
