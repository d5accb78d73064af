//! Bones: the setup transform plus the animation pose, composed with the parent's global
//! transform under the inheritance flags (`Bone._updateGlobalTransformMatrix`), and 5.6 surface
//! bones, whose lattice bends the space of their children.

use std::f64::consts::PI;

use super::Runtime;
use crate::eval::geom::{Matrix, Transform};

#[derive(Clone, Debug)]
pub struct BoneState {
    /// Index into the armature data's bones.
    pub data: usize,
    /// Index into [`Runtime::bones`].
    pub parent: Option<usize>,
    pub global: Transform,
    pub matrix: Matrix,
    /// `global` lags behind `matrix` (decomposed on demand).
    pub global_dirty: bool,
    pub animation_pose: Transform,
    pub transform_dirty: bool,
    pub children_transform_dirty: bool,
    pub local_dirty: bool,
    pub has_constraint: bool,
    pub alpha: f64,
    pub global_alpha: f64,
    pub surface: Option<SurfaceState>,
}

/// A surface bone's lattice, as deformed and placed this frame.
#[derive(Clone, Debug, Default)]
pub struct SurfaceState {
    pub d_x: f64,
    pub d_y: f64,
    pub k: f64,
    pub k_x: f64,
    pub k_y: f64,
    pub vertices: Vec<f64>,
    pub deform: Vec<f64>,
    pub hull: [f64; 12],
    /// Cached cell matrices (`None`: not computed this frame).
    pub cells: Vec<Option<Matrix>>,
    /// The nearest ordinary bone above it.
    pub bone: Option<usize>,
}

const LA: f64 = 200.0;
const LB: f64 = 1000.0;

impl Runtime<'_> {
    /// Decomposes a bone's matrix when its `global` is stale (`updateGlobalTransform`).
    pub(super) fn refresh_bone_global(&mut self, i: usize) {
        let bone = &mut self.bones[i];
        if bone.global_dirty {
            bone.global_dirty = false;
            let m = bone.matrix;
            bone.global.from_matrix(&m);
        }
    }

    /// `Bone.update` (no frame cache).
    pub(super) fn update_bone(&mut self, i: usize) {
        if self.bones[i].has_constraint {
            for c in 0..self.constraints.len() {
                if self.constraints[c].root == i {
                    self.update_constraint(c);
                }
            }
        }
        let parent_dirty = self.bones[i].parent.is_some_and(|p| self.bones[p].children_transform_dirty);
        if self.bones[i].transform_dirty || parent_dirty {
            self.bones[i].transform_dirty = true;
        }
        if self.bones[i].transform_dirty {
            self.bones[i].transform_dirty = false;
            self.bones[i].children_transform_dirty = true;
            if self.bones[i].surface.is_some() {
                for cell in &mut self.bones[i].surface.as_mut().expect("checked").cells {
                    *cell = None;
                }
                self.update_surface_vertices(i);
            }
            if self.bones[i].local_dirty {
                self.update_bone_matrix(i, false);
            }
            if self.bones[i].surface.is_some() {
                self.update_surface_hull(i);
            }
        } else if self.bones[i].children_transform_dirty {
            self.bones[i].children_transform_dirty = false;
        }
        self.bones[i].local_dirty = true;
    }

    /// `Bone.updateByConstraint`: brings a bone up to date before a constraint reads it.
    pub(super) fn update_bone_by_constraint(&mut self, i: usize) {
        if self.bones[i].local_dirty {
            self.bones[i].local_dirty = false;
            let parent_dirty = self.bones[i].parent.is_some_and(|p| self.bones[p].children_transform_dirty);
            if self.bones[i].transform_dirty || parent_dirty {
                self.update_bone_matrix(i, true);
            }
            self.bones[i].transform_dirty = true;
        }
    }

    /// `_updateGlobalTransformMatrix` (armature not flipped, y down, additive offset mode).
    pub(super) fn update_bone_matrix(&mut self, i: usize, is_cache: bool) {
        if self.bones[i].surface.is_some() {
            self.update_surface_matrix(i);
            return;
        }
        let data = &self.data.bones[self.bones[i].data];
        let (inherit_translation, inherit_rotation, inherit_scale, inherit_reflection) =
            (data.inherit_translation, data.inherit_rotation, data.inherit_scale, data.inherit_reflection);
        let origin = data.transform;
        let pose = self.bones[i].animation_pose;
        let mut global = self.bones[i].global;
        global.x = origin.x + pose.x;
        global.scale_x = origin.scale_x * pose.scale_x;
        global.scale_y = origin.scale_y * pose.scale_y;
        global.y = origin.y + pose.y;
        global.skew = origin.skew + pose.skew;
        global.rotation = origin.rotation + pose.rotation;
        let Some(p) = self.bones[i].parent else {
            self.bones[i].matrix = global.to_matrix();
            self.bones[i].global = global;
            return;
        };
        let is_surface = self.bones[p].surface.is_some();
        let surface_bone = self.bones[p].surface.as_ref().and_then(|s| s.bone);
        let parent_matrix =
            if is_surface { self.surface_matrix_at(p, global.x, global.y) } else { self.bones[p].matrix };
        let mut matrix;
        let mut global_dirty = self.bones[i].global_dirty;
        if inherit_scale && (!is_surface || surface_bone.is_some()) {
            if is_surface {
                if inherit_rotation {
                    global.rotation += self.bones[p].global.rotation;
                }
                let sb = surface_bone.expect("checked");
                self.refresh_bone_global(sb);
                global.scale_x *= self.bones[sb].global.scale_x;
                global.scale_y *= self.bones[sb].global.scale_y;
                let (x, y) = parent_matrix.transform_point(global.x, global.y);
                global.x = x;
                global.y = y;
                matrix = global.to_matrix();
            } else {
                if !inherit_rotation {
                    self.refresh_bone_global(p);
                    global.rotation -= self.bones[p].global.rotation;
                }
                matrix = global.to_matrix();
                matrix.concat(&parent_matrix);
                if inherit_translation {
                    global.x = matrix.tx;
                    global.y = matrix.ty;
                } else {
                    matrix.tx = global.x;
                    matrix.ty = global.y;
                }
                if is_cache {
                    global.from_matrix(&matrix);
                } else {
                    global_dirty = true;
                }
            }
        } else {
            if inherit_translation {
                let (x, y) = parent_matrix.transform_point(global.x, global.y);
                global.x = x;
                global.y = y;
            }
            if inherit_rotation {
                self.refresh_bone_global(p);
                let parent_global = self.bones[p].global;
                let mut rotation = global.rotation + parent_global.rotation;
                if parent_global.scale_x < 0.0 {
                    rotation += PI;
                }
                if parent_matrix.determinant() < 0.0 {
                    rotation -= global.rotation * 2.0;
                    if inherit_reflection {
                        global.skew += PI;
                    }
                }
                global.rotation = rotation;
            }
            matrix = global.to_matrix();
        }
        let bone = &mut self.bones[i];
        bone.matrix = matrix;
        bone.global = global;
        bone.global_dirty = global_dirty;
    }

    /// The matrix a surface applies at a point of its (unbent) space (`_getGlobalTransformMatrix`).
    pub(super) fn surface_matrix_at(&mut self, i: usize, x: f64, y: f64) -> Matrix {
        let whole = self.bones[i].matrix;
        let Some(data) = self.data.bones[self.bones[i].data].surface.as_ref() else { return whole };
        let (segment_x, segment_y) = (data.segment_x, data.segment_y);
        // Not `contains`: a NaN point goes on, as in the runtime.
        #[allow(clippy::manual_range_contains)]
        if x < -LB || LB < x || y < -LB || LB < y {
            return whole;
        }
        let s = self.bones[i].surface.as_mut().expect("a surface");
        let sxd = segment_x * 2.0;
        let (dx, dy) = (s.d_x, s.d_y);
        let index_x = ((x + LA) / dx).floor();
        let index_y = ((y + LA) / dy).floor();
        let px = index_x * dx - LA;
        let py = index_y * dy - LA;
        let v = |k: f64| -> f64 {
            if k < 0.0 { f64::NAN } else { s.vertices.get(k as usize).copied().unwrap_or(f64::NAN) }
        };
        let h = s.hull;
        // (cell index, triangle corners a/b/c as (x, y) pairs, local origin and cell size, down).
        let (cell, down, args): (f64, bool, [f64; 10]);
        if x < -LA {
            if !(-LA..LA).contains(&y) {
                return whole;
            }
            down = y > s.k_x * (x + LA) + py;
            cell =
                (segment_x * segment_y + segment_x + segment_y + segment_y + index_y) * 2.0 + f64::from(u8::from(down));
            let vi = index_y * (sxd + 2.0);
            let (ddx, ddy) = (h[4], h[5]);
            let sx = h[2] - (segment_y - index_y) * ddx;
            let sy = h[3] - (segment_y - index_y) * ddy;
            args = if down {
                [
                    -LA,
                    py + dy,
                    v(vi + sxd + 2.0),
                    v(vi + sxd + 3.0),
                    sx + ddx,
                    sy + ddy,
                    v(vi),
                    v(vi + 1.0),
                    LB - LA,
                    dy,
                ]
            } else {
                [-LB, py, sx, sy, v(vi), v(vi + 1.0), sx + ddx, sy + ddy, LB - LA, dy]
            };
        } else if x >= LA {
            if !(-LA..LA).contains(&y) {
                return whole;
            }
            down = y > s.k_x * (x - LB) + py;
            cell = (segment_x * segment_y + segment_x + index_y) * 2.0 + f64::from(u8::from(down));
            let vi = (index_y + 1.0) * (sxd + 2.0) - 2.0;
            let (ddx, ddy) = (h[4], h[5]);
            let sx = h[0] + index_y * ddx;
            let sy = h[1] + index_y * ddy;
            args = if down {
                [LB, py + dy, sx + ddx, sy + ddy, v(vi + sxd + 2.0), v(vi + sxd + 3.0), sx, sy, LB - LA, dy]
            } else {
                [LA, py, v(vi), v(vi + 1.0), sx, sy, v(vi + sxd + 2.0), v(vi + sxd + 3.0), LB - LA, dy]
            };
        } else if y < -LA {
            if !(-LA..LA).contains(&x) {
                return whole;
            }
            down = y > s.k_y * (x - px - dx) - LB;
            cell = (segment_x * segment_y + index_x) * 2.0 + f64::from(u8::from(down));
            let vi = index_x * 2.0;
            let (ddx, ddy) = (h[10], h[11]);
            let sx = h[8] + index_x * ddx;
            let sy = h[9] + index_x * ddy;
            args = if down {
                [px + dx, -LA, v(vi + 2.0), v(vi + 3.0), v(vi), v(vi + 1.0), sx + ddx, sy + ddy, dx, LB - LA]
            } else {
                [px, -LB, sx, sy, sx + ddx, sy + ddy, v(vi), v(vi + 1.0), dx, LB - LA]
            };
        } else if y >= LA {
            if !(-LA..LA).contains(&x) {
                return whole;
            }
            down = y > s.k_y * (x - px - dx) + LA;
            cell = (segment_x * segment_y + segment_x + segment_y + index_x) * 2.0 + f64::from(u8::from(down));
            let vi = segment_y * (sxd + 2.0) + index_x * 2.0;
            let (ddx, ddy) = (h[10], h[11]);
            let sx = h[6] - (segment_x - index_x) * ddx;
            let sy = h[7] - (segment_x - index_x) * ddy;
            args = if down {
                [px + dx, LB, sx + ddx, sy + ddy, sx, sy, v(vi + 2.0), v(vi + 3.0), dx, LB - LA]
            } else {
                [px, LA, v(vi), v(vi + 1.0), v(vi + 2.0), v(vi + 3.0), sx, sy, dx, LB - LA]
            };
        } else {
            down = y > s.k * (x - px - dx) + py;
            cell = (segment_x * index_y + index_x) * 2.0 + f64::from(u8::from(down));
            let vi = index_x * 2.0 + index_y * (sxd + 2.0);
            args = if down {
                [
                    px + dx,
                    py + dy,
                    v(vi + sxd + 4.0),
                    v(vi + sxd + 5.0),
                    v(vi + sxd + 2.0),
                    v(vi + sxd + 3.0),
                    v(vi + 2.0),
                    v(vi + 3.0),
                    dx,
                    dy,
                ]
            } else {
                [px, py, v(vi), v(vi + 1.0), v(vi + 2.0), v(vi + 3.0), v(vi + sxd + 2.0), v(vi + sxd + 3.0), dx, dy]
            };
        }
        let slot = (cell >= 0.0 && cell.fract() == 0.0).then_some(cell as usize).filter(|&c| c < s.cells.len());
        if let Some(Some(m)) = slot.map(|c| s.cells[c]) {
            return m;
        }
        let [ox, oy, ax, ay, bx, by, cx, cy, lx, ly] = args;
        let m = affine(ox, oy, lx, ly, ax, ay, bx, by, cx, cy, down).1;
        if let Some(c) = slot {
            s.cells[c] = Some(m);
        }
        m
    }

    /// A surface's lattice points in armature space (`_updateVertices`).
    fn update_surface_vertices(&mut self, i: usize) {
        let geometry = self.data.bones[self.bones[i].data].surface.as_ref().map(|s| s.geometry);
        let Some(g) = geometry.map(|g| &self.geometries[g]) else { return };
        let count = g.vertex_count;
        let raw: Vec<f64> = g.vertices.clone();
        let deform = self.bones[i].surface.as_ref().expect("a surface").deform.clone();
        let mut out = vec![0.0; count * 2];
        let local = |k: usize| raw.get(k).copied().unwrap_or(f64::NAN) + deform.get(k).copied().unwrap_or(0.0);
        match self.bones[i].parent {
            Some(p) if self.bones[p].surface.is_some() => {
                for v in 0..count {
                    let (x, y) = (local(v * 2), local(v * 2 + 1));
                    let m = self.surface_matrix_at(p, x, y);
                    (out[v * 2], out[v * 2 + 1]) = m.transform_point(x, y);
                }
            }
            Some(p) => {
                let m = self.bones[p].matrix;
                for v in 0..count {
                    (out[v * 2], out[v * 2 + 1]) = m.transform_point(local(v * 2), local(v * 2 + 1));
                }
            }
            None => {
                for (v, o) in out.iter_mut().enumerate() {
                    *o = local(v);
                }
            }
        }
        self.bones[i].surface.as_mut().expect("a surface").vertices = out;
    }

    /// A surface's own transform: the affine map of its lattice's centre cross.
    fn update_surface_matrix(&mut self, i: usize) {
        let segment_x = self.data.bones[self.bones[i].data].surface.as_ref().map_or(0.0, |s| s.segment_x);
        let s = self.bones[i].surface.as_ref().expect("a surface");
        let v = |k: f64| -> f64 {
            if k < 0.0 { f64::NAN } else { s.vertices.get(k as usize).copied().unwrap_or(f64::NAN) }
        };
        let sxd = segment_x * 2.0;
        let last = s.vertices.len() as f64 - 2.0;
        let (ra_x, ra_y) = (v(0.0), v(1.0));
        let (rb_x, rb_y) = (v(sxd), v(sxd + 1.0));
        let (rc_x, rc_y) = (v(last), v(last + 1.0));
        let (rd_x, rd_y) = (v(last - sxd), v(last - sxd + 1.0));
        let dac_x = ra_x + (rc_x - ra_x) * 0.5;
        let dac_y = ra_y + (rc_y - ra_y) * 0.5;
        let dbd_x = rb_x + (rd_x - rb_x) * 0.5;
        let dbd_y = rb_y + (rd_y - rb_y) * 0.5;
        let a_x = dac_x + (dbd_x - dac_x) * 0.5;
        let a_y = dac_y + (dbd_y - dac_y) * 0.5;
        let b_x = rb_x + (rc_x - rb_x) * 0.5;
        let b_y = rb_y + (rc_y - rb_y) * 0.5;
        let c_x = rd_x + (rc_x - rd_x) * 0.5;
        let c_y = rd_y + (rc_y - rd_y) * 0.5;
        let (global, matrix) = affine(0.0, 0.0, LA, LA, a_x, a_y, b_x, b_y, c_x, c_y, false);
        let bone = &mut self.bones[i];
        bone.global = global;
        bone.matrix = matrix;
        bone.global_dirty = false;
    }

    /// The hull points outside the lattice, used for points beyond its edge.
    fn update_surface_hull(&mut self, i: usize) {
        let bone = &mut self.bones[i];
        let m = bone.matrix;
        let (ddx, ddy) = (2.0 * bone.global.x, 2.0 * bone.global.y);
        let s = bone.surface.as_mut().expect("a surface");
        let (x, y) = m.transform_point(LB, -LA);
        s.hull[0] = x;
        s.hull[1] = y;
        s.hull[2] = ddx - x;
        s.hull[3] = ddy - y;
        let (x, y) = m.transform_vector(0.0, s.d_y);
        s.hull[4] = x;
        s.hull[5] = y;
        let (x, y) = m.transform_point(LA, LB);
        s.hull[6] = x;
        s.hull[7] = y;
        s.hull[8] = ddx - x;
        s.hull[9] = ddy - y;
        let (x, y) = m.transform_vector(s.d_x, 0.0);
        s.hull[10] = x;
        s.hull[11] = y;
    }
}

impl SurfaceState {
    pub fn new(segment_x: f64, segment_y: f64, vertex_count: usize, bone: Option<usize>) -> SurfaceState {
        let d_x = LA * 2.0 / segment_x;
        let d_y = LA * 2.0 / segment_y;
        let cells = (segment_x * segment_y + segment_x * 2.0 + segment_y * 2.0) * 2.0;
        let cells = if cells.is_finite() && cells > 0.0 { (cells as usize).min(1 << 20) } else { 0 };
        SurfaceState {
            d_x,
            d_y,
            k: -d_y / d_x,
            k_x: -d_y / (LB - LA),
            k_y: -(LB - LA) / d_x,
            vertices: vec![0.0; vertex_count * 2],
            deform: vec![0.0; vertex_count * 2],
            hull: [0.0; 12],
            cells: vec![None; cells],
            bone,
        }
    }
}

/// The affine map taking the local frame at (`x`, `y`) with sides `lx`, `ly` onto the triangle
/// a, b, c (`_getAffineTransform`); its decomposed form and matrix.
#[allow(clippy::too_many_arguments)]
fn affine(
    x: f64,
    y: f64,
    lx: f64,
    ly: f64,
    ax: f64,
    ay: f64,
    bx: f64,
    by: f64,
    cx: f64,
    cy: f64,
    down: bool,
) -> (Transform, Matrix) {
    let (dab_x, dab_y) = (bx - ax, by - ay);
    let (dac_x, dac_y) = (cx - ax, cy - ay);
    let mut t = Transform::IDENTITY;
    t.rotation = dab_y.atan2(dab_x);
    t.skew = dac_y.atan2(dac_x) - PI * 0.5 - t.rotation;
    if down {
        t.rotation += PI;
    }
    t.scale_x = (dab_x * dab_x + dab_y * dab_y).sqrt() / lx;
    t.scale_y = (dac_x * dac_x + dac_y * dac_y).sqrt() / ly;
    let mut m = t.to_matrix();
    m.tx = ax - (m.a * x + m.c * y);
    m.ty = ay - (m.b * x + m.d * y);
    t.x = m.tx;
    t.y = m.ty;
    (t, m)
}
