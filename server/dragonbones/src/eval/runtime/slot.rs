//! Slots: which display they show (display index, the display list's quirks), where it is
//! (`Slot._updateGlobalTransformMatrix`), and for meshes the deformed, skinned vertices an engine
//! draws (`_updateMesh` of the engine slots).

use std::sync::Arc;

use super::Runtime;
use crate::eval::data::{DisplayData, DisplayKind};
use crate::eval::geom::{ColorTransform, Matrix, Transform, to_f32};

/// The engine object a display frame shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DisplayObject {
    None,
    /// The slot's image display.
    Raw,
    /// The slot's mesh display.
    Mesh,
    /// A child armature (index into [`Runtime::children`]).
    Armature(usize),
}

#[derive(Clone, Debug)]
pub struct DisplayFrame<'d> {
    pub raw: Option<&'d DisplayData>,
    pub display: DisplayObject,
    /// Deform deltas (per vertex, or per influence for weighted meshes); empty when undeformed.
    pub deform: Vec<f64>,
}

/// A slot as the runtime holds it. Its vectors are shared with the runtime it was cloned from
/// until written (a check poses clones of the setup pose, most of whose slots stay as they are).
#[derive(Clone, Debug)]
pub struct SlotState<'d> {
    pub data: usize,
    /// Index into [`Runtime::bones`].
    pub parent: usize,
    pub frames: Arc<Vec<DisplayFrame<'d>>>,
    pub display_index: f64,
    pub animation_display_index: f64,
    pub z_order: f64,
    pub z_index: f64,
    pub alpha: f64,
    pub global_alpha: f64,
    pub color: ColorTransform,
    pub display: DisplayObject,
    pub frame: Option<usize>,
    pub geometry: Option<usize>,
    pub geometry_bones: Arc<[Option<usize>]>,
    pub origin: Option<Transform>,
    pub global: Transform,
    pub local_matrix: Matrix,
    pub matrix: Matrix,
    pub global_dirty: bool,
    pub display_data_dirty: bool,
    pub display_dirty: bool,
    pub geometry_dirty: bool,
    pub vertices_dirty: bool,
    pub transform_dirty: bool,
    /// The mesh as the engine holds it: local (+ deform) for plain meshes, armature space for
    /// skinned meshes and meshes on surfaces (`skinned`).
    pub mesh_vertices: Arc<Vec<f64>>,
    pub skinned: bool,
}

impl<'d> SlotState<'d> {
    pub fn new(data: usize, parent: usize, slot: &crate::eval::data::SlotData) -> SlotState<'d> {
        SlotState {
            data,
            parent,
            frames: Arc::new(Vec::new()),
            display_index: -1.0,
            animation_display_index: -1.0,
            z_order: slot.z_order,
            z_index: slot.z_index,
            alpha: slot.alpha,
            global_alpha: 1.0,
            color: slot.color,
            display: DisplayObject::None,
            frame: None,
            geometry: None,
            geometry_bones: Arc::new([]),
            origin: None,
            global: Transform::IDENTITY,
            local_matrix: Matrix::IDENTITY,
            matrix: Matrix::IDENTITY,
            global_dirty: false,
            display_data_dirty: false,
            display_dirty: false,
            geometry_dirty: false,
            vertices_dirty: false,
            transform_dirty: false,
            mesh_vertices: Arc::new(Vec::new()),
            skinned: false,
        }
    }

    /// `_setDisplayIndex`: past the end shows the last display (nothing when
    /// `past_end_shows_nothing`, as DragonBonesCPP keeps the index, `armature/Slot.cpp:415-438`);
    /// below 0 shows nothing.
    pub fn set_display_index(&mut self, value: f64, is_animation: bool, past_end_shows_nothing: bool) {
        if is_animation {
            if self.animation_display_index == value {
                return;
            }
            self.animation_display_index = value;
        }
        if self.display_index == value {
            return;
        }
        let count = self.frames.len() as f64;
        self.display_index = if value < count || past_end_shows_nothing { value } else { count - 1.0 };
        self.display_data_dirty = true;
        self.display_dirty = self.display_index < 0.0
            || self.frame_at(self.display_index).is_none_or(|f| self.display != self.frames[f].display);
    }

    /// The display frame a (possibly fractional) index names.
    pub fn frame_at(&self, index: f64) -> Option<usize> {
        (index >= 0.0 && index.fract() == 0.0 && (index as usize) < self.frames.len()).then_some(index as usize)
    }

    /// `replaceDisplay` with index −1: the current frame (the first while none is shown).
    pub fn replace_display(&mut self, value: DisplayObject, index: Option<usize>) {
        let index = match index {
            Some(i) => i,
            None => self.frame_at(self.display_index).unwrap_or(0),
        };
        let Some(frame) = Arc::make_mut(&mut self.frames).get_mut(index) else { return };
        if frame.display != value {
            frame.display = value;
            if self.frame_at(self.display_index) == Some(index) {
                self.display_dirty = true;
            }
        }
    }
}

impl Runtime<'_> {
    /// `Slot.update` (no frame cache).
    pub(super) fn update_slot(&mut self, i: usize) {
        if self.slots[i].display_data_dirty {
            self.update_display_data(i);
            self.slots[i].display_data_dirty = false;
        }
        if self.slots[i].display_dirty {
            self.update_display(i);
            self.slots[i].display_dirty = false;
        }
        if self.slots[i].geometry_dirty {
            let slot = &self.slots[i];
            if matches!(slot.display, DisplayObject::None | DisplayObject::Raw | DisplayObject::Mesh)
                && let (Some(g), DisplayObject::Mesh) = (slot.geometry, slot.display)
            {
                let count = self.geometries[g].vertex_count * 2;
                self.slots[i].mesh_vertices = Arc::new(vec![0.0; count]);
            }
            self.slots[i].geometry_dirty = false;
        }
        let slot = &self.slots[i];
        if slot.display == DisplayObject::None {
            return;
        }
        let parent = slot.parent;
        let parent_is_surface = self.bones[parent].surface.is_some();
        if let (Some(g), DisplayObject::Mesh) = (slot.geometry, slot.display) {
            let skinned = self.geometries[g].weight.is_some();
            let bones_moved =
                skinned && slot.geometry_bones.iter().flatten().any(|&b| self.bones[b].children_transform_dirty);
            if slot.vertices_dirty || bones_moved || (parent_is_surface && self.bones[parent].children_transform_dirty)
            {
                self.slots[i].vertices_dirty = false;
                self.update_mesh(i);
            }
            if skinned || parent_is_surface {
                return;
            }
        }
        if self.slots[i].transform_dirty || self.bones[parent].children_transform_dirty {
            self.slots[i].transform_dirty = true;
        }
        if self.slots[i].transform_dirty {
            self.update_slot_matrix(i);
            // The engines decompose the matrix to place their display object.
            let slot = &mut self.slots[i];
            slot.global_dirty = false;
            let m = slot.matrix;
            slot.global.from_matrix(&m);
            slot.transform_dirty = false;
        }
    }

    fn update_slot_matrix(&mut self, i: usize) {
        let parent = self.slots[i].parent;
        let parent_matrix = if self.bones[parent].surface.is_none() {
            self.bones[parent].matrix
        } else {
            let (x, y) = (self.slots[i].global.x, self.slots[i].global.y);
            self.surface_matrix_at(parent, x, y)
        };
        let mut matrix = self.slots[i].local_matrix;
        self.concat_as_runtime(&mut matrix, &parent_matrix);
        let slot = &mut self.slots[i];
        slot.matrix = if self.file.eval.float_values { matrix.to_f32() } else { matrix };
        slot.global_dirty = true;
    }

    /// `_updateDisplayData`: the shown frame's display, its transform and geometry.
    fn update_display_data(&mut self, i: usize) {
        let slot = &self.slots[i];
        let (prev_frame, prev_geometry) = (slot.frame, slot.geometry);
        let frame = slot.frame_at(slot.display_index);
        let raw = frame.and_then(|f| slot.frames[f].raw);
        let geometry = raw.and_then(DisplayData::geometry);
        let slot = &mut self.slots[i];
        slot.frame = frame;
        slot.geometry = geometry;
        if frame == prev_frame && geometry == prev_geometry {
            return;
        }
        slot.origin = raw.map(|d| d.transform);
        slot.global = slot.origin.unwrap_or(Transform::IDENTITY);
        slot.local_matrix = slot.global.to_matrix();
        if geometry != prev_geometry {
            slot.geometry_dirty = true;
            slot.vertices_dirty = true;
            slot.geometry_bones = match geometry.and_then(|g| self.geometries[g].weight.as_ref()) {
                Some(weight) => {
                    let of_data = &self.bone_of_data;
                    weight.bones.iter().map(|b| b.and_then(|b| of_data[b])).collect()
                }
                None => Arc::new([]),
            };
        }
        slot.transform_dirty = true;
    }

    /// `_updateDisplay`: the engine object shown.
    fn update_display(&mut self, i: usize) {
        let slot = &mut self.slots[i];
        let previous = if slot.display == DisplayObject::None { DisplayObject::Raw } else { slot.display };
        slot.display = match slot.frame {
            Some(f) => slot.frames[f].display,
            None => DisplayObject::None,
        };
        let current = if slot.display == DisplayObject::None { DisplayObject::Raw } else { slot.display };
        if current != previous {
            slot.transform_dirty = true;
        }
    }

    /// The engine's `_updateMesh`.
    fn update_mesh(&mut self, i: usize) {
        let slot = &self.slots[i];
        let Some(g) = slot.geometry else { return };
        let geometry = &self.geometries[g];
        let inherit_deform = match slot.frame.and_then(|f| slot.frames[f].raw).map(|d| &d.kind) {
            Some(DisplayKind::Mesh { inherit_deform, .. }) => *inherit_deform,
            _ => true,
        };
        let deform: &[f64] = slot.frame.map_or(&[], |f| &slot.frames[f].deform);
        let has_deform = !deform.is_empty() && inherit_deform;
        let count = geometry.vertex_count;
        let mut out = vec![0.0; count * 2];
        let mut skinned = false;
        let float = |v: f64| if self.file.eval.float_values { to_f32(v) } else { v };
        if let Some(weight) = &geometry.weight {
            skinned = true;
            let mut influence = 0;
            let mut d = 0;
            for v in 0..count {
                let (mut xg, mut yg) = (0.0, 0.0);
                for _ in 0..weight.vertex_bone_counts.get(v).copied().unwrap_or(0) {
                    let Some(inf) = weight.influences.get(influence) else { break };
                    influence += 1;
                    let bone = inf.bone.and_then(|b| slot.geometry_bones.get(b).copied().flatten());
                    if let Some(b) = bone {
                        let m = &self.bones[b].matrix;
                        let (mut xl, mut yl) = (inf.x, inf.y);
                        if has_deform {
                            xl = float(xl + deform.get(d).copied().unwrap_or(f64::NAN));
                            yl = float(yl + deform.get(d + 1).copied().unwrap_or(f64::NAN));
                            d += 2;
                        }
                        if self.file.eval.float_values {
                            // DragonBonesCPP skins in `float`s: at huge local positions the
                            // rounding of each step shows.
                            let (x, y) = m.transform_point_f32(xl, yl, false);
                            xg = float(xg + float(x * inf.weight));
                            yg = float(yg + float(y * inf.weight));
                        } else {
                            xg += (m.a * xl + m.c * yl + m.tx) * inf.weight;
                            yg += (m.b * xl + m.d * yl + m.ty) * inf.weight;
                        }
                    } else if inf.bone.is_none() {
                        // A bone missing from `bonePose`: the runtime's data is NaN.
                        xg = f64::NAN;
                        yg = f64::NAN;
                    }
                }
                out[v * 2] = xg;
                out[v * 2 + 1] = yg;
            }
        } else {
            let parent = slot.parent;
            let on_surface = self.bones[parent].surface.is_some();
            let vertices = geometry.vertices.clone();
            let deform = deform.to_vec();
            for k in 0..count {
                let (mut x, mut y) = (vertices[k * 2], vertices[k * 2 + 1]);
                if has_deform {
                    x = float(x + deform.get(k * 2).copied().unwrap_or(f64::NAN));
                    y = float(y + deform.get(k * 2 + 1).copied().unwrap_or(f64::NAN));
                }
                if on_surface {
                    let m = self.surface_matrix_at(parent, x, y);
                    (out[k * 2], out[k * 2 + 1]) = m.transform_point(x, y);
                    skinned = true;
                } else {
                    out[k * 2] = x;
                    out[k * 2 + 1] = y;
                }
            }
        }
        let slot = &mut self.slots[i];
        slot.mesh_vertices = Arc::new(out);
        slot.skinned = skinned;
    }

    /// The shown mesh in armature space, as an engine draws it (`None` unless a mesh is shown).
    pub fn mesh_in_armature_space(&self, i: usize) -> Option<Vec<f64>> {
        let slot = &self.slots[i];
        if slot.geometry.is_none() || slot.display != DisplayObject::Mesh {
            return None;
        }
        if slot.skinned {
            return Some(slot.mesh_vertices.to_vec());
        }
        let m = slot.matrix;
        let mut out = Vec::with_capacity(slot.mesh_vertices.len());
        for p in slot.mesh_vertices.chunks(2) {
            let (x, y) = (p[0], *p.get(1).unwrap_or(&f64::NAN));
            // A renderer keeping `float`s (cocos2d-x) moves them in `float` arithmetic.
            let (x, y) =
                if self.file.eval.float_values { m.transform_point_f32(x, y, false) } else { m.transform_point(x, y) };
            out.push(x);
            out.push(y);
        }
        Some(out)
    }
}
