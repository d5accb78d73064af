//! Danmakufu's pose of a loaded model at an integer frame (`ElfreinaMesh::Render`,
//! `CreateBoneAnimationMatrix`, `AnimationData::_CalculateMatrix`, ElfreinaMesh.cpp:805-917 and
//! 1067-1099), skinned as its shader skins (HLSL.hpp:52-58), in `float` as it computes: D3DX's
//! matrix and quaternion functions as Wine implements them (`dlls/d3dx9_36/math.c`).

use super::loader::{Animation, Loaded, Part, trunc_int};
use crate::schema::key;

/// A 4×4 matrix, row major, in `float`.
pub type M4 = [f32; 16];

const IDENTITY: M4 = [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0];

/// The shader's bone palette (`float4x3 mWorldMatrixArray[80]`).
const PALETTE: usize = 80;

/// `D3DXMatrixMultiply`: each element summed left to right, zero terms included.
pub fn mul(a: &M4, b: &M4) -> M4 {
    let mut out = [0.0f32; 16];
    for i in 0..4 {
        for j in 0..4 {
            out[4 * i + j] =
                a[4 * i] * b[j] + a[4 * i + 1] * b[4 + j] + a[4 * i + 2] * b[8 + j] + a[4 * i + 3] * b[12 + j];
        }
    }
    out
}

/// `D3DXMatrixRotationQuaternion`, which takes the quaternion as it is (not normalised).
fn rotation([x, y, z, w]: [f32; 4]) -> M4 {
    let mut m = IDENTITY;
    m[0] = 1.0 - 2.0 * (y * y + z * z);
    m[1] = 2.0 * (x * y + z * w);
    m[2] = 2.0 * (x * z - y * w);
    m[4] = 2.0 * (x * y - z * w);
    m[5] = 1.0 - 2.0 * (x * x + z * z);
    m[6] = 2.0 * (y * z + x * w);
    m[8] = 2.0 * (x * z + y * w);
    m[9] = 2.0 * (y * z - x * w);
    m[10] = 1.0 - 2.0 * (x * x + y * y);
    m
}

/// `D3DXQuaternionSlerp` (Wine): the shorter arc; when `1 − |dot| ≤ 0.001` a plain linear blend
/// of the keys, never renormalised (near-parallel keys give a quaternion shorter than 1).
pub fn slerp(q1: [f32; 4], q2: [f32; 4], t: f32) -> [f32; 4] {
    let mut temp = 1.0 - t;
    let mut t = t;
    let mut dot = q1[0] * q2[0] + q1[1] * q2[1] + q1[2] * q2[2] + q1[3] * q2[3];
    if dot < 0.0 {
        t = -t;
        dot = -dot;
    }
    if 1.0 - dot > 0.001f32 {
        // acosf and sinf as the double functions rounded to float.
        let theta = f64::from(dot).acos() as f32;
        let sin_theta = f64::from(theta).sin() as f32;
        temp = (f64::from(theta * temp).sin() as f32) / sin_theta;
        t = (f64::from(theta * t).sin() as f32) / sin_theta;
    }
    [0, 1, 2, 3].map(|i| temp * q1[i] + t * q2[i])
}

/// Why Danmakufu shows no pose: it draws nothing, crashes, or draws from memory it never set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoPose {
    NotDrawn(String),
    Crash(String),
    Undefined(String),
}

impl std::fmt::Display for NoPose {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoPose::NotDrawn(m) => write!(f, "Danmakufu draws nothing: {m}"),
            NoPose::Crash(m) => write!(f, "Danmakufu crashes: {m}"),
            NoPose::Undefined(m) => write!(f, "Danmakufu's pose is undefined: {m}"),
        }
    }
}

/// The time of a pose: an `ObjMesh_SetAnimation` frame, or milliseconds into the clip (for a
/// time that is no whole frame).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Time {
    Frame(i32),
    Ms(f64),
}

/// What Danmakufu computes for one frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DnhPose {
    /// The clip time in whole milliseconds, after wrapping or clamping.
    pub ms: f64,
    /// Per `NodeName` the hierarchy met, in order: its name and its bone's world matrix
    /// (identity for a bone Danmakufu never computes).
    pub nodes: Vec<(String, M4)>,
    /// Per mesh of the last container: its container's name, its name and the skinned
    /// positions `[x, y, z, …]` (the −0.5 shift in x and y included).
    pub meshes: Vec<(String, String, Vec<f32>)>,
    /// What the pose shows differently from the file, for people.
    pub notes: Vec<String>,
}

fn need<T: Copy>(value: Option<T>, what: &str, clip: &Animation) -> Result<T, NoPose> {
    value.ok_or_else(|| {
        NoPose::Undefined(format!("the clip `{}` has no `{what}`, which Danmakufu reads at every frame", clip.name))
    })
}

/// `_CalcFrameToTime`: a frame to whole milliseconds, wrapped (looping) or clamped.
pub fn frame_to_ms(clip: &Animation, frame: i32) -> Result<f64, NoPose> {
    let fps = need(clip.fps, key::FRAME_PAR_SECOND, clip)?;
    need(clip.time_total, key::ANIMATION_TIME, clip)?;
    need(clip.looping, key::LOOP, clip)?;
    let per_frame = 1000.0 / f64::from(fps);
    wrap(clip, f64::from(trunc_int(per_frame * f64::from(frame))))
}

/// Whole milliseconds wrapped into a looping clip (C++'s truncating division) or clamped to a
/// clip that does not loop.
pub fn wrap(clip: &Animation, time: f64) -> Result<f64, NoPose> {
    let total = need(clip.time_total, key::ANIMATION_TIME, clip)?;
    if !need(clip.looping, key::LOOP, clip)? {
        return Ok(if time > f64::from(total) { f64::from(total) } else { time });
    }
    let n = trunc_int(time);
    if total == 0 {
        return Err(NoPose::Crash(format!(
            "the clip `{}` loops with `AnimationTime=0`: an integer division by zero",
            clip.name
        )));
    }
    if n == i32::MIN && total == -1 {
        return Err(NoPose::Crash("an integer overflow dividing the time by `AnimationTime`".to_owned()));
    }
    Ok(time - f64::from(total) * f64::from(n / total))
}

/// `_CalculateMatrix` of a part at `time` ms: `Scaling × RotationQuaternion × Translation`.
fn part_matrix(clip: &Animation, part: &Part, time: f64) -> Result<M4, NoPose> {
    let total = clip.time_total.unwrap_or(0) as f32;
    let times = &part.times;
    let (mut next, mut prev): (i64, i64) = (-1, -1);
    for (i, &k) in times.iter().enumerate() {
        if f64::from(trunc_int(f64::from(total * k))) < time {
            continue;
        }
        prev = i as i64 - 1;
        next = i as i64;
        break;
    }
    if next == -1 {
        // Past the last key: extrapolated from the last two.
        next = times.len() as i64 - 1;
        prev = next - 1;
    }
    let (prev, next) = (prev.max(0) as usize, next.max(0) as usize);
    let crash = |what: &str, len: usize, k: usize| {
        NoPose::Crash(format!(
            "the part for `{}` of the clip `{}` needs {what} key {} at this time, and has {len}",
            part.node_name,
            clip.name,
            k + 1
        ))
    };
    if times.is_empty() {
        return Err(NoPose::Crash(format!(
            "the part for `{}` of the clip `{}` has no `TimeKeys`",
            part.node_name, clip.name
        )));
    }
    let dkey = total * times[next] - total * times[prev];
    let danim = (time - f64::from(total * times[prev])) as f32;
    let rate = if dkey != 0.0 { danim / dkey } else { 0.0 };
    let pair = |len: usize, what: &str| -> Result<(usize, usize), NoPose> {
        match [prev, next].into_iter().find(|&k| k >= len) {
            Some(k) => Err(crash(what, len, k)),
            None => Ok((prev, next)),
        }
    };
    let (a, b) = pair(part.trans.len(), "`TransKeys`")?;
    let p = [0, 1, 2].map(|i| part.trans[a][i] + (part.trans[b][i] - part.trans[a][i]) * rate);
    let (a, b) = pair(part.scale.len(), "`ScaleKeys`")?;
    let s = [0, 1, 2].map(|i| part.scale[a][i] + (part.scale[b][i] - part.scale[a][i]) * rate);
    let (a, b) = pair(part.rotate.len(), "`RotateKeys`")?;
    let q = slerp(part.rotate[a], part.rotate[b], rate);
    let mut scaling = IDENTITY;
    (scaling[0], scaling[5], scaling[10]) = (s[0], s[1], s[2]);
    let mut translation = IDENTITY;
    (translation[12], translation[13], translation[14]) = (p[0], p[1], p[2]);
    Ok(mul(&mul(&scaling, &rotation(q)), &translation))
}

/// `CreateBoneAnimationMatrix`: per bone its skin matrix (identity for a bone never reached),
/// its world matrix when computed, and whether that world or skin matrix rests on memory never
/// set (a missing `InitPostureMatrix` or offset row).
struct Bones {
    skins: Vec<M4>,
    worlds: Vec<Option<M4>>,
    world_unset: Vec<bool>,
    skin_unset: Vec<bool>,
}

fn bone_matrices(loaded: &Loaded, clip: &Animation, time: f64) -> Result<Bones, NoPose> {
    let n = loaded.bones.len();
    let mut out = Bones {
        skins: vec![IDENTITY; n],
        worlds: vec![None; n],
        world_unset: vec![false; n],
        skin_unset: vec![false; n],
    };
    for root in 0..n {
        if loaded.bones[root].parent != Some(-1) {
            continue;
        }
        // Depth first, children in order, as the recursion visits them: (bone, parent's world,
        // whether that rests on unset memory, the next child to visit).
        let mut stack: Vec<(usize, usize)> = Vec::new();
        let visit = |out: &mut Bones,
                     i: usize,
                     parent: Option<(M4, bool)>,
                     path: &[(usize, usize)]|
         -> Result<(), NoPose> {
            if path.iter().any(|&(b, _)| b == i) {
                return Err(NoPose::Crash(format!(
                    "the hierarchy loops through bone {} (`{}`): node names that stand for one bone make it its own ancestor, and the recursion never ends",
                    i, loaded.bones[i].name
                )));
            }
            let bone = &loaded.bones[i];
            let init = bone.init.complete();
            let unset = parent.is_some_and(|p| p.1) || init.is_none();
            let animation = match clip.parts.get(&i) {
                Some(part) => part_matrix(clip, part, time)?,
                None if i < clip.slots => IDENTITY,
                None => {
                    return Err(NoPose::Crash(format!(
                        "bone {i} has no slot in the clip `{}`, read when there were fewer bones",
                        clip.name
                    )));
                }
            };
            let mut world = mul(&animation, &init.unwrap_or(IDENTITY));
            if let Some((parent, _)) = parent {
                world = mul(&world, &parent);
            }
            let offset = bone.offset.complete();
            out.skins[i] = mul(&offset.unwrap_or(IDENTITY), &world);
            out.worlds[i] = Some(world);
            out.world_unset[i] = unset;
            out.skin_unset[i] = unset || offset.is_none();
            Ok(())
        };
        visit(&mut out, root, None, &stack)?;
        stack.push((root, 0));
        while let Some(&(bone, child)) = stack.last() {
            let children = &loaded.bones[bone].children;
            let Some(&next) = children.get(child) else {
                stack.pop();
                continue;
            };
            if let Some(top) = stack.last_mut() {
                top.1 += 1;
            }
            let Some(next) = usize::try_from(next).ok().filter(|&c| c < n) else {
                return Err(NoPose::Crash(format!(
                    "a child node of `{}` has no `NodeName`: Danmakufu computes bone {next}",
                    loaded.bones[bone].name
                )));
            };
            let parent = out.worlds[bone].map(|w| (w, out.world_unset[bone]));
            visit(&mut out, next, parent, &stack)?;
            stack.push((next, 0));
        }
    }
    Ok(out)
}

/// The pose of `loaded` in `clip` (`None`: the posture matrices alone, which Danmakufu never
/// draws) at `time`.
pub fn pose(loaded: &Loaded, clip: Option<&Animation>, time: Time) -> Result<DnhPose, NoPose> {
    let setup = Animation {
        time_total: Some(0),
        fps: Some(60),
        looping: Some(false),
        slots: loaded.bones.len(),
        ..Animation::default()
    };
    let mut notes = Vec::new();
    let (clip, ms) = match clip {
        None => (&setup, 0.0),
        Some(clip) => {
            let ms = match time {
                Time::Frame(frame) => frame_to_ms(clip, frame)?,
                Time::Ms(ms) => {
                    need(clip.fps, key::FRAME_PAR_SECOND, clip)?;
                    wrap(clip, f64::from(trunc_int(ms)))?
                }
            };
            (clip, ms)
        }
    };
    let bones = bone_matrices(loaded, clip, ms)?;
    let mut nodes = Vec::with_capacity(loaded.nodes.len());
    for node in &loaded.nodes {
        let matrix = match bones.worlds.get(node.bone).copied().flatten() {
            Some(_) if bones.world_unset[node.bone] => {
                return Err(NoPose::Undefined(format!(
                    "the node `{}` (or a node above it) has no `InitPostureMatrix`, so its world matrix is made of memory never set",
                    node.name
                )));
            }
            Some(world) => world,
            None => {
                notes.push(format!("the node `{}` (bone {}) is reached from no root bone: Danmakufu computes no matrix for it (identity shown)", node.name, node.bone));
                IDENTITY
            }
        };
        nodes.push((node.name.clone(), matrix));
    }
    let mut meshes = Vec::with_capacity(loaded.meshes.len());
    for mesh in &loaded.meshes {
        let mut out = Vec::with_capacity(mesh.vertices.len() * 3);
        for (v, vertex) in mesh.vertices.iter().enumerate() {
            let w = vertex.rate;
            let weights = [w[0], w[1], w[2], 1.0 - (((0.0 + w[0]) + w[1]) + w[2])];
            let [x, y, z] = vertex.pos;
            let mut acc = [0.0f32; 3];
            for (&index, &weight) in vertex.index.iter().zip(&weights) {
                let index = index as usize;
                if index >= bones.skins.len() || index >= PALETTE {
                    if weight != 0.0 {
                        return Err(NoPose::Undefined(format!(
                            "vertex {} of the mesh `{}` gives weight {weight} to palette entry {index}, which holds no bone ({} bones)",
                            v + 1,
                            mesh.name,
                            bones.skins.len().min(PALETTE)
                        )));
                    }
                    continue;
                }
                if weight != 0.0 && bones.skin_unset[index] {
                    return Err(NoPose::Undefined(format!(
                        "vertex {} of the mesh `{}` follows bone {index}, whose offset or posture matrix is (partly) never set",
                        v + 1,
                        mesh.name
                    )));
                }
                let m = mul(&bones.skins[index], &IDENTITY);
                for (c, a) in acc.iter_mut().enumerate() {
                    let p = x * m[c] + y * m[4 + c] + z * m[8 + c] + m[12 + c];
                    *a += p * weight;
                }
            }
            out.extend_from_slice(&acc);
        }
        meshes.push((mesh.container.clone(), mesh.name.clone(), out));
    }
    Ok(DnhPose { ms, nodes, meshes, notes })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_parallel_keys_are_blended_without_renormalising() {
        let q = slerp([0.0, 0.0, 0.0, 1.0], [0.0, 0.0, 0.034899, 0.999391], 0.5);
        let length = q.iter().map(|c| c * c).sum::<f32>().sqrt();
        assert!((length - 1.0).abs() > 1e-4, "{length}");
        let far = slerp([0.0, 0.0, 0.0, 1.0], [0.0, 0.0, 1.0, 0.0], 0.5);
        let length = far.iter().map(|c| c * c).sum::<f32>().sqrt();
        assert!((length - 1.0).abs() < 1e-6, "{length}");
    }
}
