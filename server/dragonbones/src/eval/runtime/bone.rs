//! Bones: the setup transform plus the animation pose, composed with the parent's global
//! transform under the inheritance flags (`Bone._updateGlobalTransformMatrix`), and 5.6 surface
//! bones, whose lattice bends the space of their children.

use std::f64::consts::PI;
use std::sync::{Arc, OnceLock};

use super::Runtime;
use crate::eval::geom::{Matrix, Transform, same_bits};

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
    /// A constraint moves this bone or reads its global transform (which lags behind its
    /// matrix): it is computed whenever it is dirty, as the runtime computes it.
    pub(super) constrained: bool,
    pub alpha: f64,
    pub global_alpha: f64,
    pub surface: Option<SurfaceState>,
    /// What the matrix (and a surface's lattice) were last computed from: computing them again
    /// from the same inputs gives the same values, so an update with equal inputs keeps them.
    pub(super) computed_from: Option<Inputs>,
    /// Bumped whenever a computation changes the matrix, the global transform or the lattice:
    /// how a child's [`Inputs`] tell that their bone is as it was.
    pub(super) generation: u32,
}

/// Everything a bone's matrix (and a surface's lattice) is computed from besides the armature's
/// data, when no constraint reads or writes bones ([`Runtime::update_bone`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Inputs {
    pose: [u64; 6],
    /// The generation of the parent, and of the ordinary bone whose scale a child of a surface
    /// takes.
    parent: u32,
    surface_bone: u32,
    /// A surface's deform deltas.
    deform: u32,
}

impl PartialEq for Inputs {
    fn eq(&self, other: &Inputs) -> bool {
        same_bits(&self.pose, &other.pose)
            && (self.parent, self.surface_bone, self.deform) == (other.parent, other.surface_bone, other.deform)
    }
}

impl Eq for Inputs {}

/// A surface bone's lattice, as deformed and placed this frame.
#[derive(Clone, Debug)]
pub struct SurfaceState {
    pub d_x: f64,
    pub d_y: f64,
    pub k: f64,
    pub k_x: f64,
    pub k_y: f64,
    /// This frame's deform deltas; shared with the runtime this one was cloned from until a
    /// blend changes them.
    pub deform: Arc<Vec<f64>>,
    /// Bumped whenever a blend changes `deform`.
    pub deform_generation: u32,
    /// The lattice as placed; shared with clones until it is computed again.
    pub lattice: Arc<Lattice>,
    cell_count: usize,
    /// The nearest ordinary bone above it.
    pub bone: Option<usize>,
    /// Some bone has it for parent (and so reads its lattice).
    pub(super) bears_bones: bool,
}

/// A surface's lattice points in armature space, its hull, and the matrices of its cells.
#[derive(Debug)]
pub struct Lattice {
    pub vertices: Vec<f64>,
    pub hull: [f64; 12],
    /// Each cell's matrix, computed when first asked for: a function of the lattice alone, so
    /// every runtime sharing the lattice shares them.
    cells: Cells,
}

/// A lattice's cell matrices, made when the first is asked for: most lattices a check poses are
/// asked for none (those of surfaces without bones on them).
#[derive(Debug)]
struct Cells {
    count: usize,
    made: OnceLock<Box<[OnceLock<Matrix>]>>,
}

impl Cells {
    fn get(&self, cell: usize) -> Option<&OnceLock<Matrix>> {
        if cell >= self.count {
            return None;
        }
        self.made.get_or_init(|| (0..self.count).map(|_| OnceLock::new()).collect()).get(cell)
    }
}

impl Lattice {
    fn new(vertices: Vec<f64>, cell_count: usize) -> Lattice {
        Lattice { vertices, hull: [0.0; 12], cells: Cells { count: cell_count, made: OnceLock::new() } }
    }

    /// The same points and hull, bit for bit.
    fn same_as(&self, other: &Lattice) -> bool {
        let same =
            |a: &[f64], b: &[f64]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits());
        same(&self.vertices, &other.vertices) && same(&self.hull, &other.hull)
    }
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
            self.keep_as_stored(i);
        }
    }

    /// `matrix` followed by `parent`, as the target's runtime concatenates them
    /// ([`Matrix::concat_f32`] for one that keeps `float`s, the C++ core).
    pub(super) fn concat_as_runtime(&self, matrix: &mut Matrix, parent: &Matrix) {
        if self.file.eval.float_values { matrix.concat_f32(parent) } else { matrix.concat(parent) }
    }

    /// A global transform's matrix as the target's runtime computes it ([`Transform::to_matrix_f32`]
    /// for one that keeps `float`s).
    pub(super) fn matrix_of(&self, global: &Transform) -> Matrix {
        if self.file.eval.float_values { global.to_matrix_f32() } else { global.to_matrix() }
    }

    /// Bone `i`'s matrix and global transform as the runtime stores them: rounded to 32-bit
    /// floats for a target that keeps them in `float`s (`Eval::float_values`).
    pub(super) fn keep_as_stored(&mut self, i: usize) {
        if self.file.eval.float_values {
            let bone = &mut self.bones[i];
            bone.matrix = bone.matrix.to_f32();
            bone.global = bone.global.to_f32();
        }
    }

    /// `Bone.update` (no frame cache). A bone whose inputs are those its matrix was computed from
    /// keeps it: most bones of a pose are where the setup pose put them, and a surface's lattice
    /// is costly.
    pub(super) fn update_bone(&mut self, i: usize) {
        if self.bones[i].has_constraint {
            for k in self.constraints_of_root(i) {
                self.update_constraint(self.constraints_by_root[k]);
            }
        }
        let parent_dirty = self.bones[i].parent.is_some_and(|p| self.bones[p].children_transform_dirty);
        if self.bones[i].transform_dirty || parent_dirty {
            self.bones[i].transform_dirty = true;
        }
        if self.bones[i].transform_dirty {
            self.bones[i].transform_dirty = false;
            self.bones[i].children_transform_dirty = true;
            let inputs = self.inputs(i);
            if inputs.is_none() || inputs != self.bones[i].computed_from {
                self.compute_bone(i);
                self.bones[i].computed_from = inputs;
            }
        } else if self.bones[i].children_transform_dirty {
            self.bones[i].children_transform_dirty = false;
        }
        self.bones[i].local_dirty = true;
    }

    /// What bone `i`'s matrix would be computed from now; `None` when that is not known: for a
    /// bone an IK constraint moves or reads, and for every bone when a path constraint (which
    /// moves bones and reads slots) is there. An IK constraint bumps the generation of the bones
    /// it moves, so that their children are computed again.
    fn inputs(&self, i: usize) -> Option<Inputs> {
        let bone = &self.bones[i];
        if !self.keep_unchanged_bones || bone.constrained || self.path_constraints || !bone.local_dirty {
            return None;
        }
        let generation = |b: Option<usize>| b.map_or(0, |b| self.bones[b].generation);
        let surface_bone = bone.parent.and_then(|p| self.bones[p].surface.as_ref()).and_then(|s| s.bone);
        Some(Inputs {
            pose: bone.animation_pose.bits(),
            parent: generation(bone.parent),
            surface_bone: generation(surface_bone),
            deform: bone.surface.as_ref().map_or(0, |s| s.deform_generation),
        })
    }

    /// Computes bone `i`'s matrix (and a surface's lattice), bumping its generation when they
    /// change.
    fn compute_bone(&mut self, i: usize) {
        let bone = &self.bones[i];
        let before = (bone.matrix, bone.global, bone.global_dirty, bone.surface.as_ref().map(|s| s.lattice.clone()));
        if self.bones[i].surface.is_some() {
            self.update_surface_vertices(i);
        }
        if self.bones[i].local_dirty {
            self.update_bone_matrix(i, false);
        }
        if self.bones[i].surface.is_some() {
            self.update_surface_hull(i);
        }
        let bone = &mut self.bones[i];
        let (matrix, global, global_dirty, lattice) = before;
        let same_lattice = match (&mut bone.surface, lattice) {
            (Some(s), Some(old)) if s.lattice.same_as(&old) => {
                // The cells already computed stay valid.
                s.lattice = old;
                true
            }
            (None, None) => true,
            _ => false,
        };
        let same = same_lattice
            && same_bits(&bone.matrix.bits(), &matrix.bits())
            && bone.global_dirty == global_dirty
            && same_bits(&bone.global.bits(), &global.bits());
        if !same {
            bone.generation = bone.generation.wrapping_add(1);
        }
    }

    /// `Bone.updateByConstraint`: brings a bone up to date before a constraint reads it.
    pub(super) fn update_bone_by_constraint(&mut self, i: usize) {
        if self.bones[i].local_dirty {
            self.bones[i].local_dirty = false;
            let parent_dirty = self.bones[i].parent.is_some_and(|p| self.bones[p].children_transform_dirty);
            if self.bones[i].transform_dirty || parent_dirty {
                self.update_bone_matrix(i, true);
                self.bones[i].moved();
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
            self.bones[i].matrix = self.matrix_of(&global);
            self.bones[i].global = global;
            self.keep_as_stored(i);
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
                matrix = self.matrix_of(&global);
            } else {
                if !inherit_rotation {
                    self.refresh_bone_global(p);
                    global.rotation -= self.bones[p].global.rotation;
                }
                matrix = self.matrix_of(&global);
                self.concat_as_runtime(&mut matrix, &parent_matrix);
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
            matrix = self.matrix_of(&global);
        }
        let bone = &mut self.bones[i];
        bone.matrix = matrix;
        bone.global = global;
        bone.global_dirty = global_dirty;
        self.keep_as_stored(i);
    }

    /// The matrix a surface applies at a point of its (unbent) space (`_getGlobalTransformMatrix`).
    pub(super) fn surface_matrix_at(&self, i: usize, x: f64, y: f64) -> Matrix {
        let whole = self.bones[i].matrix;
        let Some(data) = self.data.bones[self.bones[i].data].surface.as_ref() else { return whole };
        let (segment_x, segment_y) = (data.segment_x, data.segment_y);
        // Not `contains`: a NaN point goes on, as in the runtime.
        #[allow(clippy::manual_range_contains)]
        if x < -LB || LB < x || y < -LB || LB < y {
            return whole;
        }
        let s = self.bones[i].surface.as_ref().expect("a surface");
        let lattice = &*s.lattice;
        let sxd = segment_x * 2.0;
        let (dx, dy) = (s.d_x, s.d_y);
        let index_x = ((x + LA) / dx).floor();
        let index_y = ((y + LA) / dy).floor();
        let px = index_x * dx - LA;
        let py = index_y * dy - LA;
        let v = |k: f64| -> f64 {
            if k < 0.0 { f64::NAN } else { lattice.vertices.get(k as usize).copied().unwrap_or(f64::NAN) }
        };
        // Where the point is: beyond the lattice's left, right, top or bottom edge (in its hull),
        // or inside; the cell it falls in, and which of the cell's two triangles (`down`).
        enum Region {
            Left,
            Right,
            Top,
            Bottom,
            Inner,
        }
        let (region, down, cell);
        if x < -LA {
            if !(-LA..LA).contains(&y) {
                return whole;
            }
            region = Region::Left;
            down = y > s.k_x * (x + LA) + py;
            cell =
                (segment_x * segment_y + segment_x + segment_y + segment_y + index_y) * 2.0 + f64::from(u8::from(down));
        } else if x >= LA {
            if !(-LA..LA).contains(&y) {
                return whole;
            }
            region = Region::Right;
            down = y > s.k_x * (x - LB) + py;
            cell = (segment_x * segment_y + segment_x + index_y) * 2.0 + f64::from(u8::from(down));
        } else if y < -LA {
            if !(-LA..LA).contains(&x) {
                return whole;
            }
            region = Region::Top;
            down = y > s.k_y * (x - px - dx) - LB;
            cell = (segment_x * segment_y + index_x) * 2.0 + f64::from(u8::from(down));
        } else if y >= LA {
            if !(-LA..LA).contains(&x) {
                return whole;
            }
            region = Region::Bottom;
            down = y > s.k_y * (x - px - dx) + LA;
            cell = (segment_x * segment_y + segment_x + segment_y + index_x) * 2.0 + f64::from(u8::from(down));
        } else {
            region = Region::Inner;
            down = y > s.k * (x - px - dx) + py;
            cell = (segment_x * index_y + index_x) * 2.0 + f64::from(u8::from(down));
        }
        let slot = (cell >= 0.0 && cell.fract() == 0.0).then_some(cell as usize).and_then(|c| lattice.cells.get(c));
        if let Some(&m) = slot.and_then(OnceLock::get) {
            return m;
        }
        let h = lattice.hull;
        // The triangle's corners a, b, c as (x, y) pairs, and the local origin and cell size.
        let args: [f64; 10] = match region {
            Region::Left => {
                let vi = index_y * (sxd + 2.0);
                let (ddx, ddy) = (h[4], h[5]);
                let sx = h[2] - (segment_y - index_y) * ddx;
                let sy = h[3] - (segment_y - index_y) * ddy;
                if down {
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
                }
            }
            Region::Right => {
                let vi = (index_y + 1.0) * (sxd + 2.0) - 2.0;
                let (ddx, ddy) = (h[4], h[5]);
                let sx = h[0] + index_y * ddx;
                let sy = h[1] + index_y * ddy;
                if down {
                    [LB, py + dy, sx + ddx, sy + ddy, v(vi + sxd + 2.0), v(vi + sxd + 3.0), sx, sy, LB - LA, dy]
                } else {
                    [LA, py, v(vi), v(vi + 1.0), sx, sy, v(vi + sxd + 2.0), v(vi + sxd + 3.0), LB - LA, dy]
                }
            }
            Region::Top => {
                let vi = index_x * 2.0;
                let (ddx, ddy) = (h[10], h[11]);
                let sx = h[8] + index_x * ddx;
                let sy = h[9] + index_x * ddy;
                if down {
                    [px + dx, -LA, v(vi + 2.0), v(vi + 3.0), v(vi), v(vi + 1.0), sx + ddx, sy + ddy, dx, LB - LA]
                } else {
                    [px, -LB, sx, sy, sx + ddx, sy + ddy, v(vi), v(vi + 1.0), dx, LB - LA]
                }
            }
            Region::Bottom => {
                let vi = segment_y * (sxd + 2.0) + index_x * 2.0;
                let (ddx, ddy) = (h[10], h[11]);
                let sx = h[6] - (segment_x - index_x) * ddx;
                let sy = h[7] - (segment_x - index_x) * ddy;
                if down {
                    [px + dx, LB, sx + ddx, sy + ddy, sx, sy, v(vi + 2.0), v(vi + 3.0), dx, LB - LA]
                } else {
                    [px, LA, v(vi), v(vi + 1.0), v(vi + 2.0), v(vi + 3.0), sx, sy, dx, LB - LA]
                }
            }
            Region::Inner => {
                let vi = index_x * 2.0 + index_y * (sxd + 2.0);
                if down {
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
                }
            }
        };
        let [ox, oy, ax, ay, bx, by, cx, cy, lx, ly] = args;
        let m = affine(ox, oy, lx, ly, ax, ay, bx, by, cx, cy, down).1;
        if let Some(cell) = slot {
            let _ = cell.set(m);
        }
        m
    }

    /// A surface's lattice points in armature space (`_updateVertices`), in a lattice of their
    /// own (a clone keeps the one it shared).
    fn update_surface_vertices(&mut self, i: usize) {
        let geometry = self.data.bones[self.bones[i].data].surface.as_ref().map(|s| s.geometry);
        let Some(g) = geometry.map(|g| &self.geometries[g]) else {
            // The points stay; the cells are computed again.
            let s = self.bones[i].surface.as_mut().expect("a surface");
            s.lattice = Arc::new(Lattice::new(s.lattice.vertices.clone(), s.cell_count));
            return;
        };
        let count = g.vertex_count;
        let raw: &[f64] = &g.vertices;
        let surface = self.bones[i].surface.as_ref().expect("a surface");
        let deform: &[f64] = &surface.deform;
        let mut out = vec![0.0; count * 2];
        let local = |k: usize| raw.get(k).copied().unwrap_or(f64::NAN) + deform.get(k).copied().unwrap_or(0.0);
        // When bones alone are posed, a surface no bone hangs from is read for its own matrix
        // alone: the points of its lattice's centre cross. The others would place its meshes,
        // which such an update leaves as they were; they stay 0.
        let centre_cross = (!surface.bears_bones && !self.poses_slots()).then(|| {
            let segment_x = self.data.bones[self.bones[i].data].surface.as_ref().map_or(0.0, |s| s.segment_x);
            centre_cross_points(segment_x, count)
        });
        match self.bones[i].parent {
            Some(p) if self.bones[p].surface.is_some() => {
                for v in 0..count {
                    if centre_cross.as_ref().is_some_and(|points| !points.contains(&v)) {
                        continue;
                    }
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
        let s = self.bones[i].surface.as_mut().expect("a surface");
        s.lattice = Arc::new(Lattice::new(out, s.cell_count));
    }

    /// A surface's own transform: the affine map of its lattice's centre cross.
    fn update_surface_matrix(&mut self, i: usize) {
        let segment_x = self.data.bones[self.bones[i].data].surface.as_ref().map_or(0.0, |s| s.segment_x);
        let s = &self.bones[i].surface.as_ref().expect("a surface").lattice;
        let v = |k: f64| -> f64 {
            if k < 0.0 { f64::NAN } else { s.vertices.get(k as usize).copied().unwrap_or(f64::NAN) }
        };
        let [ra_x, ra_y, rb_x, rb_y, rc_x, rc_y, rd_x, rd_y] = centre_cross(segment_x, s.vertices.len()).map(v);
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
        let (d_x, d_y) = (s.d_x, s.d_y);
        // Follows `update_surface_vertices`, which made the lattice this bone's own.
        let s = Arc::get_mut(&mut s.lattice).expect("a lattice computed this update");
        let (x, y) = m.transform_point(LB, -LA);
        s.hull[0] = x;
        s.hull[1] = y;
        s.hull[2] = ddx - x;
        s.hull[3] = ddy - y;
        let (x, y) = m.transform_vector(0.0, d_y);
        s.hull[4] = x;
        s.hull[5] = y;
        let (x, y) = m.transform_point(LA, LB);
        s.hull[6] = x;
        s.hull[7] = y;
        s.hull[8] = ddx - x;
        s.hull[9] = ddy - y;
        let (x, y) = m.transform_vector(d_x, 0.0);
        s.hull[10] = x;
        s.hull[11] = y;
    }
}

impl BoneState {
    /// Its matrix was set outside [`Runtime::update_bone`]'s computation (by a constraint).
    pub(super) fn moved(&mut self) {
        self.generation = self.generation.wrapping_add(1);
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
            deform: Arc::new(vec![0.0; vertex_count * 2]),
            deform_generation: 0,
            lattice: Arc::new(Lattice::new(vec![0.0; vertex_count * 2], cells)),
            cell_count: cells,
            bone,
            bears_bones: false,
        }
    }
}

/// Where a surface's matrix is read from in its lattice's `coordinates` (x, y, x, y, …): the x
/// and y of the first point, the last of the first row, the last, and the first of the last row
/// (as `_updateGlobalTransformMatrix` indexes them, whatever the lattice's length).
fn centre_cross(segment_x: f64, coordinates: usize) -> [f64; 8] {
    let sxd = segment_x * 2.0;
    let last = coordinates as f64 - 2.0;
    [0.0, 1.0, sxd, sxd + 1.0, last, last + 1.0, last - sxd, last - sxd + 1.0]
}

/// The points of a lattice of `count` points whose coordinates [`centre_cross`] reads.
fn centre_cross_points(segment_x: f64, count: usize) -> Vec<usize> {
    centre_cross(segment_x, count * 2)
        .into_iter()
        .filter(|&k| k >= 0.0)
        .map(|k| k as usize / 2)
        .filter(|&p| p < count)
        .collect()
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
