//! `rigls pose` for `.elem` models: node world matrices and skinned meshes, at the setup pose or
//! at a time of an animation (evaluated by `elem::eval`).

use crate::Analysis;
use crate::pose::{ElemPose, MeshPose, NodePose, PoseError, PoseRequest, UvPose};
use rigls_elem::eval::{ElemRig, PoseState, Problem};

pub fn pose(analysis: &Analysis, request: &PoseRequest) -> Result<ElemPose, PoseError> {
    if request.target == Some(rigls_diagnostic::Target::DanmakufuPh3) {
        return super::danmakufu_pose::pose(analysis, request);
    }
    let (rig, clip) = prepare(analysis, request)?;
    let clip_ms = clip.map_or(0.0, |c| rig.clips[c].local_time_ms(request.time));
    let mut state = PoseState::default();
    rig.evaluate(clip, clip_ms, &mut state);
    let nodes = rig
        .hierarchy
        .nodes
        .iter()
        .zip(&state.worlds)
        .map(|(node, &matrix)| NodePose { name: node.name.clone().unwrap_or_default(), matrix })
        .collect();
    let meshes = rig
        .meshes
        .iter()
        .zip(state.vertices)
        .map(|(mesh, vertices)| MeshPose {
            container: rig.palettes[mesh.palette as usize].name.clone().unwrap_or_default(),
            mesh: mesh.name.clone().unwrap_or_default(),
            vertices,
        })
        .collect();
    let uv = match clip {
        Some(c) => state
            .uv
            .iter()
            .map(|&(track, sample)| {
                let track = &rig.clips[c].uvs[track];
                UvPose {
                    container: track.container.clone().unwrap_or_default(),
                    material: track.material.clone().unwrap_or_default(),
                    translation: sample.translation,
                    rotation: sample.rotation,
                    scale: sample.scale,
                }
            })
            .collect(),
        None => Vec::new(),
    };
    Ok(ElemPose {
        animation: request.animation.clone(),
        time: request.time,
        nodes,
        meshes,
        clip_ms,
        uv,
        notes: Vec::new(),
    })
}

/// The model's rig and the clip `request` names (`None`: the setup pose), or why there is no pose.
pub fn prepare<'a>(analysis: &'a Analysis, request: &PoseRequest) -> Result<(&'a ElemRig, Option<usize>), PoseError> {
    let rig = model_file(analysis, request)?.rig(&analysis.text);
    let clip = posable_clip(analysis, rig, request)?;
    Ok((rig, clip))
}

/// The `.elem` parse, unless the document is not a model or `request` names an armature.
pub fn model_file<'a>(analysis: &'a Analysis, request: &PoseRequest) -> Result<&'a rigls_elem::ElemFile, PoseError> {
    let Some(file) = analysis.elem() else {
        return Err(PoseError::NoPose("not an `.elem` model".to_owned()));
    };
    if let Some(name) = &request.armature {
        // `.elem` has no armatures: say so rather than ignore the flag.
        return Err(PoseError::UnknownArmature { name: name.clone(), known: Vec::new() });
    }
    Ok(file)
}

/// The clip of `rig` that `request` names (`None`: the setup pose), unless it is unknown or
/// values that make the pose meaningless could not be read.
pub fn posable_clip(analysis: &Analysis, rig: &ElemRig, request: &PoseRequest) -> Result<Option<usize>, PoseError> {
    let clip = match &request.animation {
        None => None,
        Some(name) => Some(rig.clip_named(name).ok_or_else(|| PoseError::UnknownAnimation {
            name: name.clone(),
            known: rig.clips.iter().filter_map(|c| c.name.clone()).collect(),
        })?),
    };
    let clip_problems = clip.map_or(&[][..], |c| &rig.clips[c].problems[..]);
    let mut problems: Vec<&Problem> = rig.problems.iter().chain(clip_problems).collect();
    if !problems.is_empty() {
        problems.sort_by_key(|p| p.range.start);
        let line = |p: &Problem| analysis.lines.line_of(p.range.start) + 1;
        return Err(PoseError::Broken(problems.iter().map(|p| format!("line {}: {}", line(p), p.message)).collect()));
    }
    Ok(clip)
}
