//! What an `.elem` reader computes from a model: node world matrices, animation sampled at a time,
//! skinned vertices and UV animation.
//!
//! Conventions (Direct3D's, as the format's readers use them; `docs/formats/elem-evaluation.md`
//! gives the evidence): row vectors, so `a × b` applies `a` first; a node's world matrix is
//! `animation × InitPostureMatrix × parent's world`, where `animation` is the clip's sampled
//! `Scale × Rotation × Translation` for the node (identity for a node the clip does not animate
//! and at the setup pose); a bone's skin matrix is `OffsetMatrices[i] × world`. Pure functions of
//! the model's values ([`crate::model::read`]): no I/O, nothing printed.
//!
//! [`ElemRig::read`] reads everything once (once per version: [`crate::ElemFile::rig`] keeps it
//! for the rules, hovers, poses and scenes); [`ElemRig::evaluate`] then poses it at any clip time
//! into reusable buffers ([`PoseState`]). Values that are not finite are kept as they come out
//! ([`PoseState::is_finite`]); the rule `non-finite-pose` reports them.

pub mod animation;
pub mod danmakufu;
pub mod hierarchy;
pub mod matrix;
pub mod skinning;

use animation::{Clip, UvSample};
use hierarchy::Hierarchy;
use matrix::Mat4;
use skinning::{MeshSkin, Palette, SkinModel};

use super::schema::ScopeKind;
use super::syntax::SyntaxTree;

/// A value the evaluator could not read (`rigls pose` lists these when they make a pose
/// meaningless).
pub use crate::model::read::Problem;

/// Everything of a model that a pose depends on.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ElemRig {
    pub hierarchy: Hierarchy,
    pub palettes: Vec<Palette>,
    /// Every `Mesh`, in file order.
    pub meshes: Vec<MeshSkin>,
    /// Every `AnimationData`, in file order.
    pub clips: Vec<Clip>,
    /// Values that make every pose meaningless (matrices, positions and weights that cannot be
    /// read); each clip has its own as well.
    pub problems: Vec<Problem>,
}

/// One evaluated pose; reused from one evaluation of a rig to the next (with one rig only: a mesh
/// whose skin matrices did not change since the previous evaluation keeps its vertices).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PoseState {
    /// The clip time posed, in ms (0 at the setup pose).
    pub clip_ms: f64,
    /// Per node, the clip's local animation matrix (`None`: not animated).
    pub animation: Vec<Option<Mat4>>,
    /// Per node, its world matrix.
    pub worlds: Vec<Mat4>,
    /// Per palette, each bone's skin matrix.
    pub skins: Vec<Vec<Mat4>>,
    /// Per mesh, the skinned positions `[x, y, z, …]`.
    pub vertices: Vec<Vec<f64>>,
    /// Per UV track of the clip (in file order, broken tracks left out): the track's index and
    /// its value.
    pub uv: Vec<(usize, UvSample)>,
    /// Per palette, whether its skin matrices changed in this evaluation.
    skins_changed: Vec<bool>,
    /// Per mesh, the matrix its unweighted vertices were last placed with.
    rigid: Vec<Mat4>,
    scratch: Vec<Mat4>,
}

impl PoseState {
    /// Whether every world matrix and every vertex is finite.
    pub fn is_finite(&self) -> bool {
        self.worlds.iter().all(|m| matrix::is_finite(m)) && self.vertices.iter().all(|v| matrix::is_finite(v))
    }
}

impl ElemRig {
    pub fn read(text: &str, tree: &SyntaxTree) -> ElemRig {
        let mut problems = Vec::new();
        let hierarchy = Hierarchy::read(text, tree, &mut problems);
        let (palettes, mesh_scopes) = Palette::read_all(text, tree, &hierarchy, &mut problems);
        let targets = skinning::rendering_targets(text, tree);
        let model = SkinModel { palettes: &palettes, hierarchy: &hierarchy, targets: &targets };
        // On the thread that asks, not split over the pool: whoever asks holds the rig's `OnceLock`
        // (`ElemFile::rig`), and a rule on the pool's only thread may be waiting for it.
        let meshes = mesh_scopes
            .into_iter()
            .map(|(palette, scope)| MeshSkin::read(text, tree, scope, palette, &model, &mut problems))
            .collect();
        let clips = (0..tree.scopes.len())
            .filter(|&id| tree.scopes[id].kind == ScopeKind::AnimationData)
            .map(|id| Clip::read(text, tree, id as u32, &hierarchy))
            .collect();
        ElemRig { hierarchy, palettes, meshes, clips, problems }
    }

    /// The first clip called `name`.
    pub fn clip_named(&self, name: &str) -> Option<usize> {
        self.clips.iter().position(|c| c.name.as_deref() == Some(name))
    }

    /// Poses the model `ms` into `clip` (`None`: the setup pose) into `state`.
    pub fn evaluate(&self, clip: Option<usize>, ms: f64, state: &mut PoseState) {
        self.evaluate_nodes(clip, ms, state);
        state.skins.resize_with(self.palettes.len(), Vec::new);
        state.skins_changed.resize(self.palettes.len(), true);
        for (p, palette) in self.palettes.iter().enumerate() {
            palette.skin_matrices(&state.worlds, &mut state.scratch);
            // NaN never equals itself: a palette that is not finite counts as changed.
            state.skins_changed[p] = state.scratch != state.skins[p];
            if state.skins_changed[p] {
                std::mem::swap(&mut state.scratch, &mut state.skins[p]);
            }
        }
        state.vertices.resize_with(self.meshes.len(), Vec::new);
        state.rigid.resize(self.meshes.len(), [f64::NAN; 16]);
        for (m, mesh) in self.meshes.iter().enumerate() {
            rigls_text::cancel::check();
            let skins = &state.skins[mesh.palette as usize];
            let rigid =
                if mesh.unweighted.is_empty() { matrix::IDENTITY } else { mesh.rigid_matrix(skins, &state.worlds) };
            let stale = state.vertices[m].len() != mesh.positions.len() * 3
                || (state.skins_changed[mesh.palette as usize] && !mesh.influences.is_empty())
                || rigid != state.rigid[m];
            if stale {
                mesh.skin(skins, &state.worlds, &mut state.vertices[m]);
                state.rigid[m] = rigid;
            }
        }
        state.uv.clear();
        if let Some(clip) = clip.and_then(|c| self.clips.get(c)) {
            let length = clip.length_ms.unwrap_or(0.0);
            state.uv.extend(clip.uvs.iter().enumerate().filter_map(|(i, t)| Some((i, t.sample(length, ms)?))));
        }
    }

    /// Only the node matrices of [`ElemRig::evaluate`] (`state.skins` and `state.vertices` are
    /// left as they were).
    pub fn evaluate_nodes(&self, clip: Option<usize>, ms: f64, state: &mut PoseState) {
        state.clip_ms = ms;
        let nodes = self.hierarchy.nodes.len();
        match clip.and_then(|c| self.clips.get(c)) {
            Some(clip) => clip.node_animation(nodes, ms, &mut state.animation),
            None => {
                state.animation.clear();
                state.animation.resize(nodes, None);
            }
        }
        let animation = &state.animation;
        self.hierarchy.worlds(|i| animation[i as usize], &mut state.worlds);
    }
}
