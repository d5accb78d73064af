//! `rigls pose --target danmakufu-ph3`: the pose Danmakufu ph3 draws (its loader's model, posed at
//! a whole frame in `float`, `rigls_elem::eval::danmakufu`), in the shape of every `.elem` pose.

use crate::Analysis;
use crate::pose::{ElemPose, MeshPose, NodePose, PoseError, PoseRequest};
use rigls_elem::eval::danmakufu::{self, EventKind, pose};

pub fn pose(analysis: &Analysis, request: &PoseRequest) -> Result<ElemPose, PoseError> {
    super::pose::model_file(analysis, request)?;
    let (loaded, notes) = load(analysis)?;
    pose_loaded(&loaded, notes, request)
}

/// Danmakufu's model of the document, with what it will say drawing it; its load failures and
/// crashes are errors.
pub fn load(analysis: &Analysis) -> Result<(danmakufu::Loaded, Vec<String>), PoseError> {
    let loaded = danmakufu::read(&analysis.text);
    let line = |offset: u32| analysis.lines.line_of(offset) + 1;
    if let Some(fatal) = loaded.fatal() {
        let verb =
            if fatal.kind == EventKind::LoadFailure { "does not load the file" } else { "crashes loading the file" };
        return Err(PoseError::Broken(vec![format!(
            "line {}: Danmakufu {verb}: {}",
            line(fatal.range.start),
            fatal.message
        )]));
    }
    let load_failures: Vec<String> = loaded
        .events
        .iter()
        .filter(|e| e.kind == EventKind::LoadFailure)
        .map(|e| format!("line {}: Danmakufu does not load the file: {}", line(e.range.start), e.message))
        .collect();
    if !load_failures.is_empty() {
        return Err(PoseError::Broken(load_failures));
    }
    let notes: Vec<String> = loaded
        .events
        .iter()
        .filter(|e| e.kind == EventKind::CrashAtDraw)
        .map(|e| format!("line {}: Danmakufu crashes drawing this model: {}", line(e.range.start), e.message))
        .collect();
    Ok((loaded, notes))
}

/// The pose of `loaded` that `request` asks for; `notes` are the model's, said first.
pub fn pose_loaded(
    loaded: &danmakufu::Loaded,
    mut notes: Vec<String>,
    request: &PoseRequest,
) -> Result<ElemPose, PoseError> {
    let clip = match &request.animation {
        None => {
            notes.push("Danmakufu has no setup pose (it draws a model only through a clip): this is the `InitPostureMatrix` chain alone".to_owned());
            None
        }
        Some(name) => {
            Some(loaded.animations.iter().find(|a| &a.name == name).ok_or_else(|| PoseError::UnknownAnimation {
                name: name.clone(),
                known: loaded.animations.iter().map(|a| a.name.clone()).collect(),
            })?)
        }
    };
    // Danmakufu shows whole frames: a time that is one poses that frame, another its whole ms.
    let time = match clip.and_then(|c| c.fps).filter(|&fps| fps != 0) {
        Some(fps) => {
            let frame = request.time * f64::from(fps);
            if (frame - frame.round()).abs() < 1e-6 && frame.abs() < 2e9 {
                pose::Time::Frame(frame.round() as i32)
            } else {
                notes.push(format!("{} s is no whole frame at {fps} frames per second: posed at {} ms, as no frame of Danmakufu's shows it", request.time, (request.time * 1000.0).trunc()));
                pose::Time::Ms(request.time * 1000.0)
            }
        }
        None => pose::Time::Ms(request.time * 1000.0),
    };
    let posed = pose::pose(loaded, clip, time).map_err(|why| PoseError::Broken(vec![why.to_string()]))?;
    notes.extend(posed.notes);
    let widen = |values: &[f32]| values.iter().map(|&v| f64::from(v)).collect::<Vec<f64>>();
    let nodes = posed.nodes.iter().map(|(name, m)| NodePose { name: name.clone(), matrix: m.map(f64::from) }).collect();
    let meshes = posed
        .meshes
        .iter()
        .map(|(container, mesh, vertices)| MeshPose {
            container: container.clone(),
            mesh: mesh.clone(),
            vertices: widen(vertices),
        })
        .collect();
    Ok(ElemPose {
        animation: request.animation.clone(),
        time: request.time,
        nodes,
        meshes,
        clip_ms: posed.ms,
        uv: Vec::new(),
        notes,
    })
}
