//! `AnimationData` clips: their bone and UV tracks, the clip time a playback time shows, and each
//! track sampled at a time.
//!
//! Key times are fractions of `AnimationTime` (ms). Between two keys translation, scale and the UV
//! values are interpolated linearly and rotations slerped along the shorter arc; before the first
//! key a track holds it, after the last it holds the last. `InterpolationType="Step"` holds each
//! key until the next; `"Spline"` and `"Lagrange"`, which no known reader implements, are sampled
//! as `"Linear"`. See `docs/formats/elem-evaluation.md` for the evidence.

use super::hierarchy::Hierarchy;
use super::matrix::{self, Mat4, Quat};
use crate::model::read::{Problem, Reader};
use crate::schema::ScopeKind;
use crate::schema::key;
use crate::syntax::{ScopeId, SyntaxTree};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interpolation {
    Linear,
    Step,
}

/// One `AnimationData`.
#[derive(Clone, Debug, PartialEq)]
pub struct Clip {
    pub name: Option<String>,
    pub scope: ScopeId,
    /// `AnimationTime` in milliseconds, when it is a number above 0.
    pub length_ms: Option<f64>,
    /// `Loop=True` (exactly, as Danmakufu tests it).
    pub looping: bool,
    /// The `BoneAnimation` parts, in file order.
    pub bones: Vec<BoneTrack>,
    /// The `UVAnimation` parts, in file order.
    pub uvs: Vec<UvTrack>,
    /// What makes a pose of this clip meaningless (key lists that disagree with their
    /// `TimeKeys`, keys that are not numbers, no length).
    pub problems: Vec<Problem>,
    /// The same for the UV parts, which do not move nodes or vertices: a broken UV part is left out
    /// of the UV state instead.
    pub uv_problems: Vec<Problem>,
}

/// One bone `AnimationPart`.
#[derive(Clone, Debug, PartialEq)]
pub struct BoneTrack {
    pub scope: ScopeId,
    pub node_name: Option<String>,
    /// The node it animates (`None`: no `NodeName` or no such node; the track moves nothing).
    pub node: Option<u32>,
    pub interpolation: Interpolation,
    /// `TimeKeys`, as fractions of the clip length.
    pub times: Vec<f64>,
    /// `None` when the list is missing (that channel stays at rest: no move, no turn, scale 1).
    pub translations: Option<Vec<[f64; 3]>>,
    pub rotations: Option<Vec<Quat>>,
    pub scales: Option<Vec<[f64; 3]>>,
    /// False when the lists cannot be sampled (their lengths disagree with `TimeKeys`, or keys
    /// without `TimeKeys`): the track is left out and the clip has a problem.
    pub usable: bool,
}

/// A bone track's value at a time: the node's local animation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoneSample {
    pub translation: [f64; 3],
    pub rotation: Quat,
    pub scale: [f64; 3],
}

impl BoneSample {
    /// Scale × Rotation × Translation.
    pub fn matrix(&self) -> Mat4 {
        matrix::scale_rotate_translate(self.scale, self.rotation, self.translation)
    }
}

/// One UV `AnimationPart`.
#[derive(Clone, Debug, PartialEq)]
pub struct UvTrack {
    pub scope: ScopeId,
    pub container: Option<String>,
    pub material: Option<String>,
    pub times: Vec<f64>,
    pub translations: Option<Vec<[f64; 2]>>,
    /// Radians.
    pub rotations: Option<Vec<[f64; 1]>>,
    pub scales: Option<Vec<[f64; 2]>>,
    pub usable: bool,
}

/// A UV track's value at a time: how the material's texture coordinates move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UvSample {
    pub translation: [f64; 2],
    /// Radians.
    pub rotation: f64,
    pub scale: [f64; 2],
}

/// Where a time falls among a track's keys: between key `from` and key `to`, `rate` of the way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KeySpan {
    pub from: usize,
    pub to: usize,
    pub rate: f64,
}

/// The span of keys (at `times` × `length_ms`) that `ms` falls in; `None` for no keys.
pub fn locate(times: &[f64], length_ms: f64, ms: f64, interpolation: Interpolation) -> Option<KeySpan> {
    let last = times.len().checked_sub(1)?;
    let at = |i: usize| times[i] * length_ms;
    // The first key after `ms` (keys out of order, a warning, still give a well-defined span).
    let next = times.partition_point(|&k| k * length_ms <= ms);
    if next > last {
        return Some(KeySpan { from: last, to: last, rate: 0.0 });
    }
    if next == 0 {
        return Some(KeySpan { from: 0, to: 0, rate: 0.0 });
    }
    let from = next - 1;
    let span = at(next) - at(from);
    let rate = if interpolation == Interpolation::Step || span.is_nan() || span <= 0.0 {
        0.0
    } else {
        ((ms - at(from)) / span).clamp(0.0, 1.0)
    };
    Some(KeySpan { from, to: next, rate })
}

fn pick<const N: usize>(keys: &Option<Vec<[f64; N]>>, span: KeySpan, rest: [f64; N]) -> [f64; N] {
    match keys {
        Some(keys) => matrix::lerp(keys[span.from], keys[span.to], span.rate),
        None => rest,
    }
}

impl BoneTrack {
    /// The track's value `ms` into a clip of `length_ms`; `None` when it has no keys or cannot be
    /// sampled.
    pub fn sample(&self, length_ms: f64, ms: f64) -> Option<BoneSample> {
        if !self.usable {
            return None;
        }
        let span = locate(&self.times, length_ms, ms, self.interpolation)?;
        Some(self.sample_span(span))
    }

    /// The track's value at a span of its keys.
    pub fn sample_span(&self, span: KeySpan) -> BoneSample {
        let rotation = match &self.rotations {
            Some(keys) => matrix::slerp(keys[span.from], keys[span.to], span.rate),
            None => [0.0, 0.0, 0.0, 1.0],
        };
        BoneSample {
            translation: pick(&self.translations, span, [0.0; 3]),
            rotation,
            scale: pick(&self.scales, span, [1.0; 3]),
        }
    }
}

impl UvTrack {
    pub fn sample(&self, length_ms: f64, ms: f64) -> Option<UvSample> {
        if !self.usable {
            return None;
        }
        let span = locate(&self.times, length_ms, ms, Interpolation::Linear)?;
        Some(UvSample {
            translation: pick(&self.translations, span, [0.0; 2]),
            rotation: pick(&self.rotations, span, [0.0])[0],
            scale: pick(&self.scales, span, [1.0; 2]),
        })
    }
}

impl Clip {
    /// The clip time (ms) shown `seconds` after the clip starts: a looping clip wraps modulo its
    /// length (so its length shows the start), another stops at its end; negative times (and
    /// NaN) show the start.
    pub fn local_time_ms(&self, seconds: f64) -> f64 {
        let length = self.length_ms.unwrap_or(0.0);
        let ms = seconds * 1000.0;
        if ms.is_nan() || ms <= 0.0 || length <= 0.0 {
            0.0
        } else if self.looping {
            ms % length
        } else {
            ms.min(length)
        }
    }

    /// The sampled local animation matrix of every node (`None`: not animated by this clip; the
    /// first track of a node wins), `ms` into the clip, into `out`.
    pub fn node_animation(&self, node_count: usize, ms: f64, out: &mut Vec<Option<Mat4>>) {
        out.clear();
        out.resize(node_count, None);
        let length = self.length_ms.unwrap_or(0.0);
        for track in &self.bones {
            let Some(node) = track.node.map(|n| n as usize).filter(|&n| n < node_count) else { continue };
            if out[node].is_none() {
                out[node] = track.sample(length, ms).map(|s| s.matrix());
            }
        }
    }

    /// The track that animates `node` in this clip.
    pub fn track_of(&self, node: u32) -> Option<&BoneTrack> {
        self.bones.iter().find(|t| t.node == Some(node) && t.usable)
    }

    /// Every key time (ms) of the bone tracks, ascending, each once.
    pub fn key_times_ms(&self) -> Vec<f64> {
        let length = self.length_ms.unwrap_or(0.0);
        let mut times: Vec<f64> =
            self.bones.iter().filter(|t| t.usable).flat_map(|t| t.times.iter().map(move |k| k * length)).collect();
        times.retain(|t| t.is_finite());
        times.sort_by(f64::total_cmp);
        times.dedup();
        times
    }

    /// Reads the `AnimationData` at `scope`; `NodeName`s are looked up in `hierarchy`.
    pub fn read(text: &str, tree: &SyntaxTree, scope: ScopeId, hierarchy: &Hierarchy) -> Clip {
        let mut reader = Reader::new(text, tree);
        let name = reader.string_key(scope, key::ANIMATION_NAME);
        let looping = reader.word_key(scope, key::LOOP) == Some("True");
        let mut problems = Vec::new();
        let mut uv_problems = Vec::new();
        let mut bones = Vec::new();
        for animation in tree.children_of(scope, ScopeKind::BoneAnimation) {
            for part in tree.children_of(animation, ScopeKind::BonePart) {
                rigls_text::cancel::check();
                bones.push(read_bone_track(&mut reader, part, hierarchy, &mut problems));
            }
        }
        let mut uvs = Vec::new();
        for animation in tree.children_of(scope, ScopeKind::UvAnimation) {
            for part in tree.children_of(animation, ScopeKind::UvPart) {
                rigls_text::cancel::check();
                uvs.push(read_uv_track(&mut reader, part, &mut uv_problems));
            }
        }
        let keyed = bones.iter().any(|t| !t.times.is_empty()) || uvs.iter().any(|t| !t.times.is_empty());
        let length_ms = match reader.number_key(scope, key::ANIMATION_TIME) {
            Some((_, Ok(v))) if v > 0.0 && v.is_finite() => Some(v),
            Some((range, Ok(v))) => {
                if keyed {
                    let message = format!("AnimationTime is {v}: a clip with keys needs a length above 0 ms");
                    problems.push(Problem { range, message });
                }
                None
            }
            Some((range, Err(why))) => {
                if keyed {
                    problems.push(Problem { range, message: format!("AnimationTime {why}") });
                }
                None
            }
            None => {
                if keyed {
                    let range = tree.scope(scope).tag;
                    problems.push(Problem {
                        range,
                        message: "this AnimationData has keys but no AnimationTime".to_owned(),
                    });
                }
                None
            }
        };
        Clip { name, scope, length_ms, looping, bones, uvs, problems, uv_problems }
    }
}

/// `TimeKeys` of a part, and whether the key lists agree with it.
fn times_of(reader: &mut Reader, part: ScopeId, what: &str, problems: &mut Vec<Problem>) -> Option<Vec<f64>> {
    reader
        .list::<1>(part, ScopeKind::TimeKeys, &format!("TimeKeys of {what}"), [0.0], problems)
        .map(|v| v.into_iter().map(|[t]| t).collect())
}

/// Checks that a key list has one key per time key.
fn agrees<T>(
    reader: &Reader,
    part: ScopeId,
    kind: ScopeKind,
    keys: &Option<Vec<T>>,
    times: &Option<Vec<f64>>,
    what: &str,
    problems: &mut Vec<Problem>,
) -> bool {
    let Some(keys) = keys else { return true };
    let tree = reader.tree;
    let Some(list) = tree.child_of(part, kind) else { return true };
    let tag = tree.scope(list).tag;
    let name = tag.slice(reader.text);
    match times {
        None => {
            problems.push(Problem {
                range: tag,
                message: format!("{name} of {what} has keys but the part has no TimeKeys"),
            });
            false
        }
        Some(times) if times.len() != keys.len() => {
            let message =
                format!("{name} of {what} has {} but TimeKeys has {}", keys_word(keys.len()), keys_word(times.len()));
            problems.push(Problem { range: tag, message });
            false
        }
        Some(_) => true,
    }
}

fn keys_word(n: usize) -> String {
    format!("{n} {}", if n == 1 { "key" } else { "keys" })
}

impl BoneTrack {
    /// Reads the bone `AnimationPart` at `part` alone, with the problems that keep it from being
    /// sampled.
    pub fn read(text: &str, tree: &SyntaxTree, part: ScopeId, hierarchy: &Hierarchy) -> (BoneTrack, Vec<Problem>) {
        let mut problems = Vec::new();
        let track = read_bone_track(&mut Reader::new(text, tree), part, hierarchy, &mut problems);
        (track, problems)
    }
}

impl UvTrack {
    /// Reads the UV `AnimationPart` at `part` alone, with the problems that keep it from being
    /// sampled.
    pub fn read(text: &str, tree: &SyntaxTree, part: ScopeId) -> (UvTrack, Vec<Problem>) {
        let mut problems = Vec::new();
        let track = read_uv_track(&mut Reader::new(text, tree), part, &mut problems);
        (track, problems)
    }
}

fn read_bone_track(
    reader: &mut Reader,
    part: ScopeId,
    hierarchy: &Hierarchy,
    problems: &mut Vec<Problem>,
) -> BoneTrack {
    let node_name = reader.string_key(part, key::NODE_NAME);
    let node = node_name.as_deref().and_then(|n| hierarchy.find(n));
    let what = match &node_name {
        Some(n) => format!("the part animating \"{n}\""),
        None => "a part without a NodeName".to_owned(),
    };
    let interpolation = match reader.string_key(part, key::INTERPOLATION_TYPE).as_deref() {
        Some("Step") => Interpolation::Step,
        _ => Interpolation::Linear,
    };
    let before = problems.len();
    let times = times_of(reader, part, &what, problems);
    let translations =
        reader.list::<3>(part, ScopeKind::BoneTransKeys, &format!("TransKeys of {what}"), [0.0; 3], problems);
    let rotations = reader.list::<4>(
        part,
        ScopeKind::BoneRotateKeys,
        &format!("RotateKeys of {what}"),
        [0.0, 0.0, 0.0, 1.0],
        problems,
    );
    let scales = reader.list::<3>(part, ScopeKind::BoneScaleKeys, &format!("ScaleKeys of {what}"), [1.0; 3], problems);
    let mut usable = problems.len() == before;
    usable &= agrees(reader, part, ScopeKind::BoneTransKeys, &translations, &times, &what, problems);
    usable &= agrees(reader, part, ScopeKind::BoneRotateKeys, &rotations, &times, &what, problems);
    usable &= agrees(reader, part, ScopeKind::BoneScaleKeys, &scales, &times, &what, problems);
    BoneTrack {
        scope: part,
        node_name,
        node,
        interpolation,
        times: times.unwrap_or_default(),
        translations,
        rotations,
        scales,
        usable,
    }
}

fn read_uv_track(reader: &mut Reader, part: ScopeId, problems: &mut Vec<Problem>) -> UvTrack {
    let container = reader.string_key(part, key::MESH_CONTAINER_NAME);
    let material = reader.string_key(part, key::MATERIAL_NAME);
    let what = match &material {
        Some(m) => format!("the UV part of material \"{m}\""),
        None => "a UV part without a MaterialName".to_owned(),
    };
    let before = problems.len();
    let times = times_of(reader, part, &what, problems);
    let translations =
        reader.list::<2>(part, ScopeKind::UvTransKeys, &format!("TransKeys of {what}"), [0.0; 2], problems);
    let rotations = reader.list::<1>(part, ScopeKind::UvRotateKeys, &format!("RotateKeys of {what}"), [0.0], problems);
    let scales = reader.list::<2>(part, ScopeKind::UvScaleKeys, &format!("ScaleKeys of {what}"), [1.0; 2], problems);
    let mut usable = problems.len() == before;
    usable &= agrees(reader, part, ScopeKind::UvTransKeys, &translations, &times, &what, problems);
    usable &= agrees(reader, part, ScopeKind::UvRotateKeys, &rotations, &times, &what, problems);
    usable &= agrees(reader, part, ScopeKind::UvScaleKeys, &scales, &times, &what, problems);
    UvTrack {
        scope: part,
        container,
        material,
        times: times.unwrap_or_default(),
        translations,
        rotations,
        scales,
        usable,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_located_held_and_interpolated() {
        let times = [0.0, 0.5, 1.0];
        let span = |ms| locate(&times, 1000.0, ms, Interpolation::Linear).unwrap();
        assert_eq!(span(-5.0), KeySpan { from: 0, to: 0, rate: 0.0 });
        assert_eq!(span(0.0), KeySpan { from: 0, to: 1, rate: 0.0 });
        assert_eq!(span(250.0), KeySpan { from: 0, to: 1, rate: 0.5 });
        assert_eq!(span(500.0), KeySpan { from: 1, to: 2, rate: 0.0 });
        assert_eq!(span(1000.0), KeySpan { from: 2, to: 2, rate: 0.0 });
        assert_eq!(span(4000.0), KeySpan { from: 2, to: 2, rate: 0.0 });
        assert_eq!(locate(&times, 1000.0, 400.0, Interpolation::Step), Some(KeySpan { from: 0, to: 1, rate: 0.0 }));
        assert_eq!(locate(&[], 1000.0, 0.0, Interpolation::Linear), None);
        // Two keys at one time: the later one shows from that time on.
        assert_eq!(locate(&[0.0, 0.5, 0.5, 1.0], 1000.0, 500.0, Interpolation::Linear).unwrap().from, 2);
    }
}
