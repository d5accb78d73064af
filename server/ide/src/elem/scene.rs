//! The 3-D scene of an `.elem` model (see `ide::scene`): nodes and skinned meshes (positions and
//! normals) from the file's evaluated rig (`elem::eval`), with what a renderer needs besides read
//! here through the model's values — faces fanned into triangles and grouped by material, texture
//! coordinates, per-vertex colours and the materials with their UV animation at the pose.

use std::path::Path;
use std::sync::Arc;

use super::pose;
use crate::Analysis;
use crate::scene::*;
use rigls_elem::ElemFile;
use rigls_elem::eval::PoseState;
use rigls_elem::eval::skinning::MeshSkin;
use rigls_elem::model::read::Reader;
use rigls_elem::schema::{ScopeKind, key};
use rigls_elem::syntax::{ScopeId, SyntaxTree};

/// What every scene of one document version shares besides the rig, read from the text once per
/// analysis ([`Analysis::elem_scenery`]): a preview asks for many scenes of one version (each
/// edit's, then a pass of frames, then each frame scrubbed to), and reading a 10 MiB model's
/// numbers takes far longer than posing it.
#[derive(Debug)]
pub struct Scenery {
    materials: Vec<Material3d>,
    meshes: Vec<MeshScenery>,
    animations: Vec<AnimationInfo>,
    default_animation: Option<String>,
    right_handed: bool,
    key_frames: Vec<KeyFrameInfo>,
}

/// A mesh's names, ranges and what no pose changes.
#[derive(Debug)]
struct MeshScenery {
    container: String,
    name: String,
    range: ByteRange,
    name_range: Option<ByteRange>,
    /// As written, to be skinned.
    normals: Option<Vec<f64>>,
    fixed: Arc<MeshFixed3d>,
}

impl Scenery {
    /// The scenery of the model `file`, parsed from `text` (at `path`, which textures are
    /// relative to).
    pub fn read(text: &str, path: Option<&Path>, file: &ElemFile) -> Scenery {
        let rig = file.rig(text);
        let tree = &file.tree;
        let mut reader = Reader::new(text, tree);
        let value_range = |scope, name| tree.key(text, scope, name).map(|l| l.value.into());
        let folder = path.and_then(Path::parent);
        let (materials, owners) = materials(&mut reader, folder);
        let meshes = rig
            .meshes
            .iter()
            .map(|mesh| {
                let (normals, fixed) = geometry(&mut reader, mesh, &owners);
                MeshScenery {
                    container: rig.palettes[mesh.palette as usize].name.clone().unwrap_or_default(),
                    name: mesh.name.clone().unwrap_or_default(),
                    range: tree.scope(mesh.scope).range.into(),
                    name_range: value_range(mesh.scope, key::NAME),
                    normals,
                    fixed: Arc::new(fixed),
                }
            })
            .collect();
        let animations = rig
            .clips
            .iter()
            .map(|c| {
                let frame_rate = reader.floats_key::<1>(c.scope, key::FRAME_PAR_SECOND).map_or(0.0, |[v]| v);
                let duration = c.length_ms.unwrap_or(0.0) / 1000.0;
                AnimationInfo {
                    name: c.name.clone().unwrap_or_default(),
                    range: tree.scope(c.scope).range.into(),
                    name_range: value_range(c.scope, key::ANIMATION_NAME),
                    duration,
                    frame_rate,
                    frame_count: (duration * frame_rate).round(),
                    play_times: if c.looping { 0.0 } else { 1.0 },
                }
            })
            .collect();
        let right_handed = tree
            .children_of(rigls_elem::syntax::ROOT, ScopeKind::Setting)
            .next()
            .and_then(|s| tree.key(text, s, key::IS_RIGHT_HAND).filter(|l| l.ok))
            .is_some_and(|l| l.value.slice(text).trim() == "True");
        let key_frames = key_frames(tree, &rig.clips);
        let default_animation = rig.clips.first().and_then(|c| c.name.clone());
        Scenery { materials, meshes, animations, default_animation, right_handed, key_frames }
    }
}

pub fn scenes_at(analysis: &Analysis, request: &SceneRequest, times: &[f64]) -> Result<Vec<Scene>, SceneError> {
    let file = pose::model_file(analysis, request)?;
    let scenery = analysis.elem_scenery().ok_or_else(|| SceneError::NoPose("not an `.elem` model".to_owned()))?;
    let rig = file.rig(&analysis.text);
    // Danmakufu reads the file its own way, and says itself what it cannot pose.
    let danmakufu = match request.target {
        Some(rigls_diagnostic::Target::DanmakufuPh3) => Some(super::danmakufu_scene::DanmakufuModel::load(analysis)?),
        _ => None,
    };
    let clip = match danmakufu {
        Some(_) => {
            request.animation.as_ref().and_then(|name| rig.clips.iter().position(|c| c.name.as_ref() == Some(name)))
        }
        None => pose::posable_clip(analysis, rig, request)?,
    };
    let mut state = PoseState::default();
    let mut out = Vec::with_capacity(times.len());
    for &time in times {
        let clip_ms = clip.map_or(0.0, |c| rig.clips[c].local_time_ms(time));
        rig.evaluate(clip, clip_ms, &mut state);
        let nodes = rig
            .hierarchy
            .nodes
            .iter()
            .zip(&state.worlds)
            .map(|(node, &m)| Node3d {
                name: node.name.clone().unwrap_or_default(),
                parent: node.parent.map(|p| p as usize),
                matrix: m,
                range: file.tree.scope(node.scope).range.into(),
                name_range: file.tree.key(&analysis.text, node.scope, key::NODE_NAME).map(|l| l.value.into()),
            })
            .collect::<Vec<_>>();
        let meshes: Vec<Mesh3d> = rig
            .meshes
            .iter()
            .zip(&scenery.meshes)
            .zip(&state.vertices)
            .map(|((mesh, m), positions)| Mesh3d {
                container: m.container.clone(),
                name: m.name.clone(),
                range: m.range,
                name_range: m.name_range,
                positions: positions.clone(),
                normals: m
                    .normals
                    .as_ref()
                    .map(|n| mesh.skin_normals(n, &state.skins[mesh.palette as usize], &state.worlds)),
                fixed: m.fixed.clone(),
            })
            .collect();
        let mut materials = scenery.materials.clone();
        if let Some(c) = clip {
            for &(track, sample) in &state.uv {
                let track = &rig.clips[c].uvs[track];
                for m in materials.iter_mut() {
                    if track.container.as_deref() == Some(m.container.as_str())
                        && track.material.as_deref() == Some(m.name.as_str())
                        && m.uv_transform == UvTransform3d::IDENTITY
                    {
                        m.uv_transform = UvTransform3d {
                            translation: sample.translation,
                            rotation: sample.rotation,
                            scale: sample.scale,
                        };
                    }
                }
            }
        }
        let bounds = Bounds3d::around(&nodes, &meshes);
        out.push(Scene {
            format: "elem",
            armatures: Vec::new(),
            animations: scenery.animations.clone(),
            default_animation: scenery.default_animation.clone(),
            armature: None,
            animation: request.animation.clone(),
            time,
            notes: Vec::new(),
            target: None,
            targets: Vec::new(),
            content: SceneContent::Solid(Scene3d {
                nodes,
                meshes,
                materials,
                right_handed: scenery.right_handed,
                bounds,
            }),
            key_frames: scenery.key_frames.clone(),
        });
        if let (Some(model), Some(scene)) = (&danmakufu, out.last_mut()) {
            model.redraw(scene, request, time)?;
        }
    }
    Ok(out)
}

/// The key lines of every bone part (its `TimeKeys`, `TransKeys`, `RotateKeys`, `ScaleKeys`), each
/// at its `TimeKeys` time: a fraction of the clip's `AnimationTime`.
fn key_frames(tree: &SyntaxTree, clips: &[rigls_elem::eval::animation::Clip]) -> Vec<KeyFrameInfo> {
    let lists = [ScopeKind::TimeKeys, ScopeKind::BoneTransKeys, ScopeKind::BoneRotateKeys, ScopeKind::BoneScaleKeys];
    let mut out = Vec::new();
    for clip in clips {
        let (Some(name), Some(length_ms)) = (&clip.name, clip.length_ms) else { continue };
        for track in &clip.bones {
            for kind in lists {
                let Some(list) = tree.child_of(track.scope, kind) else { continue };
                for (entry, fraction) in tree.entries(list).zip(&track.times) {
                    let time = fraction * length_ms / 1000.0;
                    out.push(KeyFrameInfo { animation: name.clone(), time, range: entry.range.into() });
                }
            }
        }
    }
    out
}

/// Every `Material`, container by container, with the container of each.
fn materials(reader: &mut Reader, folder: Option<&Path>) -> (Vec<Material3d>, Vec<ScopeId>) {
    let (text, tree) = (reader.text, reader.tree);
    let mut out = Vec::new();
    let mut owners = Vec::new();
    for container in (0..tree.scopes.len() as ScopeId).filter(|&s| tree.kind(s) == ScopeKind::MeshContainer) {
        let container_name = reader.string_key(container, key::NAME).unwrap_or_default();
        for list in tree.children_of(container, ScopeKind::Materials) {
            for m in tree.children_of(list, ScopeKind::Material) {
                let argb = |r: &mut Reader, k: &str| r.floats_key::<4>(m, k).map(|[a, r, g, b]| [r, g, b, a]);
                let texture = reader.string_key(m, key::TEXTURE_FILENAME).filter(|t| !t.is_empty());
                // Written on Windows: `\` separates folders.
                let texture_path = texture.as_ref().map(|t| {
                    let relative = t.replace('\\', "/");
                    match folder {
                        Some(f) if !Path::new(&relative).is_absolute() => f.join(&relative),
                        _ => Path::new(&relative).to_path_buf(),
                    }
                    .to_string_lossy()
                    .into_owned()
                });
                owners.push(container);
                out.push(Material3d {
                    container: container_name.clone(),
                    name: reader.string_key(m, key::NAME).unwrap_or_default(),
                    range: tree.scope(m).range.into(),
                    name_range: tree.key(text, m, key::NAME).map(|l| l.value.into()),
                    diffuse: argb(reader, key::DIFFUSE).unwrap_or([1.0; 4]),
                    ambient: argb(reader, key::AMBIENT),
                    specular: argb(reader, key::SPECULAR),
                    emissive: argb(reader, key::EMISSIVE),
                    specular_sharpness: reader.floats_key::<1>(m, key::SPECULAR_SHARPNESS).map(|[v]| v),
                    texture,
                    texture_path,
                    uv_transform: UvTransform3d::IDENTITY,
                });
            }
        }
    }
    (out, owners)
}

/// What a mesh has besides positions and weights: its normals as written and its fixed part.
/// `owners`: the container of each scene material.
fn geometry(reader: &mut Reader, mesh: &MeshSkin, owners: &[ScopeId]) -> (Option<Vec<f64>>, MeshFixed3d) {
    let (text, tree) = (reader.text, reader.tree);
    let scope = mesh.scope;
    let count = mesh.positions.len();
    let per_vertex = |v: Option<Vec<f64>>, n: usize| v.filter(|v| v.len() == count * n);
    let normals = per_vertex(reader.whole_list::<3>(scope, ScopeKind::Normals), 3);
    let uvs = reader
        .whole_list::<2>(scope, ScopeKind::TextureUv(0))
        .or_else(|| reader.whole_list::<2>(scope, ScopeKind::TextureUv(1)));
    let uvs = per_vertex(uvs, 2);
    let colors = per_vertex(reader.whole_list::<4>(scope, ScopeKind::VertexDiffuse), 4)
        .map(|c| c.chunks_exact(4).flat_map(|c| [c[1], c[2], c[3], c[0]]).collect());
    // The container's materials, in order: `Attributes` index them.
    let container = tree.enclosing(scope, ScopeKind::MeshContainer);
    let first = owners.iter().position(|&o| Some(o) == container);
    let local = |i: i64| {
        let m = first?.checked_add(usize::try_from(i).ok()?)?;
        (owners.get(m).copied() == container).then_some(m)
    };
    let attributes: Vec<Option<i64>> = tree
        .child_of(scope, ScopeKind::Attributes)
        .map(|list| tree.entries(list).map(|e| reader.entry_int(e)).collect())
        .unwrap_or_default();
    let mut values = rigls_elem::values::Values::default();
    let mut triangles = Vec::new();
    let mut groups: Vec<Group3d> = Vec::new();
    if let Some(list) = tree.child_of(scope, ScopeKind::VertexIndices) {
        for (face, entry) in tree.entries(list).enumerate() {
            values.fill(text, entry.range);
            if !entry.ok || values.group_count() != 2 {
                continue;
            }
            let corners: Option<Vec<u32>> = values
                .group(1)
                .iter()
                .map(|a| a.as_i64(text).and_then(|i| u32::try_from(i).ok()).filter(|&i| (i as usize) < count))
                .collect();
            let Some(corners) = corners.filter(|c| c.len() >= 3) else { continue };
            let material = attributes.get(face).copied().flatten().and_then(local);
            let start = triangles.len() / 3;
            for k in 1..corners.len() - 1 {
                triangles.extend([corners[0], corners[k], corners[k + 1]]);
            }
            let added = triangles.len() / 3 - start;
            match groups.last_mut() {
                Some(g) if g.material == material => g.count += added,
                _ => groups.push(Group3d { material, start, count: added }),
            }
        }
    }
    (normals, MeshFixed3d::new(count, uvs, colors, triangles, groups))
}
