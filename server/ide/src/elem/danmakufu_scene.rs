//! The scene of an `.elem` model under `--target danmakufu-ph3`: rigls's scene (materials, faces,
//! texture coordinates) with what Danmakufu's loader makes of the model put in — its node
//! matrices and skinned vertices (`danmakufu_pose`), and only the meshes it keeps (the last
//! `MeshContainer`'s; a mesh whose reading it cut short is not drawn).

use std::collections::HashMap;

use crate::pose::{ElemPose, PoseRequest};
use crate::scene::{Bounds3d, Scene, SceneContent, SceneError};
use rigls_elem::eval::danmakufu::Loaded;

/// Danmakufu's model, read once for every time of a request.
pub struct DanmakufuModel {
    loaded: Loaded,
    notes: Vec<String>,
}

impl DanmakufuModel {
    pub fn load(analysis: &crate::Analysis) -> Result<DanmakufuModel, SceneError> {
        let (loaded, notes) = super::danmakufu_pose::load(analysis)?;
        Ok(DanmakufuModel { loaded, notes })
    }

    /// `scene` (rigls's, at `time`) as Danmakufu draws it.
    pub fn redraw(&self, scene: &mut Scene, request: &PoseRequest, time: f64) -> Result<(), SceneError> {
        let request = PoseRequest { time, ..request.clone() };
        let posed = super::danmakufu_pose::pose_loaded(&self.loaded, self.notes.clone(), &request)?;
        put_pose(scene, posed);
        Ok(())
    }
}

fn put_pose(scene: &mut Scene, posed: ElemPose) {
    let SceneContent::Solid(solid) = &mut scene.content else { return };
    let mut notes = posed.notes;
    let mut matrices: HashMap<&str, [f64; 16]> = HashMap::new();
    for node in &posed.nodes {
        matrices.entry(node.name.as_str()).or_insert(node.matrix);
    }
    for node in &mut solid.nodes {
        if let Some(m) = matrices.get(node.name.as_str()) {
            node.matrix = *m;
        }
    }
    // Danmakufu's meshes in its order; each of rigls's takes the first of its name not taken.
    let mut kept: Vec<Option<&crate::pose::MeshPose>> = posed.meshes.iter().map(Some).collect();
    solid.meshes.retain_mut(|mesh| {
        let found = kept.iter_mut().find(|m| {
            m.is_some_and(|m| {
                m.container == mesh.container && m.mesh == mesh.name && m.vertices.len() == mesh.positions.len()
            })
        });
        match found.and_then(Option::take) {
            Some(m) => {
                mesh.positions.clone_from(&m.vertices);
                true
            }
            None => {
                notes.push(format!(
                    "Danmakufu does not draw the mesh \"{}\" of \"{}\" (its diagnostics say why)",
                    mesh.name, mesh.container
                ));
                false
            }
        }
    });
    solid.bounds = Bounds3d::around(&solid.nodes, &solid.meshes);
    scene.notes.extend(notes);
}
