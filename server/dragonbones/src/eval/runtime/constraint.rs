//! Constraints: IK (one bone turned toward its target, or a two-bone chain bent to reach it) and
//! 5.6 path constraints (bones laid along a Bézier path), as `IKConstraint` and `PathConstraint`.

use std::f64::consts::PI;

use super::Runtime;
use crate::eval::data::{ConstraintKind, DisplayKind, PathConstraintData};
use crate::eval::geom::{DEG_RAD, normalize_radian, to_f32};

#[derive(Clone, Debug)]
pub struct ConstraintState {
    /// Index into the armature data's constraints.
    pub data: usize,
    /// Runtime bone indices.
    pub root: usize,
    pub target: usize,
    pub bone: Option<usize>,
    pub bend_positive: bool,
    pub weight: f64,
    pub path: Option<PathState>,
}

#[derive(Clone, Debug, Default)]
pub struct PathState {
    pub slot: usize,
    pub bones: Vec<usize>,
    pub dirty: bool,
    pub path_vertices: Vec<f64>,
    pub bone_lengths: Vec<f64>,
}

impl Runtime<'_> {
    pub(super) fn update_constraint(&mut self, c: usize) {
        if self.constraints[c].path.is_some() {
            if !self.without_path_constraints {
                self.update_path_constraint(c);
            }
            return;
        }
        let (root, bone) = (self.constraints[c].root, self.constraints[c].bone);
        self.update_bone_by_constraint(root);
        match bone {
            Some(b) => {
                self.update_bone_by_constraint(b);
                self.ik_two_bones(c);
            }
            None => self.ik_one_bone(c),
        }
    }

    /// `IKConstraint.invalidUpdate`.
    pub(super) fn invalidate_constraint(&mut self, c: usize) {
        if self.constraints[c].path.is_some() {
            return;
        }
        let root = self.constraints[c].root;
        self.bones[root].transform_dirty = true;
        if let Some(b) = self.constraints[c].bone {
            self.bones[b].transform_dirty = true;
        }
    }

    fn ik_one_bone(&mut self, c: usize) {
        let ConstraintState { root, target, weight, .. } = self.constraints[c];
        let goal = self.bones[target].global;
        let bone = &mut self.bones[root];
        let mut radian = (goal.y - bone.global.y).atan2(goal.x - bone.global.x);
        if bone.global.scale_x < 0.0 {
            radian += PI;
        }
        bone.global.rotation += normalize_radian(radian - bone.global.rotation) * weight;
        let global = bone.global;
        self.bones[root].matrix = self.matrix_of(&global);
        self.bones[root].moved();
        self.keep_as_stored(root);
    }

    fn ik_two_bones(&mut self, c: usize) {
        let ConstraintState { root: parent, target, weight, bend_positive, .. } = self.constraints[c];
        let child = self.constraints[c].bone.expect("a two-bone chain");
        let length = self.data.bones[self.bones[child].data].length;
        let goal = self.bones[target].global;
        let mut parent_global = self.bones[parent].global;
        let mut global = self.bones[child].global;
        let m = self.bones[child].matrix;
        // The squared lengths as the runtime computes them: a `float` target's overflow past
        // ±3.4e38 to infinity (a bone scaled by 1e20 makes its IK chain's position infinite or
        // NaN in DragonBonesCPP), where 64 bits stay finite.
        let float = |v: f64| if self.file.eval.float_values { to_f32(v) } else { v };
        let squared = |x: f64, y: f64| float(float(x * x) + float(y * y));
        let (x, y) = (float(m.a * length), float(m.b * length));
        let l_ll = squared(x, y);
        let l_l = l_ll.sqrt();
        let (mut dx, mut dy) = (global.x - parent_global.x, global.y - parent_global.y);
        let l_pp = squared(dx, dy);
        let l_p = l_pp.sqrt();
        let raw_radian = global.rotation;
        let raw_parent_radian = parent_global.rotation;
        let raw_radian_a = dy.atan2(dx);
        dx = goal.x - parent_global.x;
        dy = goal.y - parent_global.y;
        let l_tt = squared(dx, dy);
        let l_t = l_tt.sqrt();
        let radian_a;
        if l_l + l_p <= l_t || l_t + l_l <= l_p || l_t + l_p <= l_l {
            let mut r = (goal.y - parent_global.y).atan2(goal.x - parent_global.x);
            if l_l + l_p > l_t && l_p < l_l {
                r += PI;
            }
            radian_a = r;
        } else {
            let h = (l_pp - l_ll + l_tt) / (2.0 * l_tt);
            let r = (l_pp - h * h * l_tt).sqrt() / l_t;
            let hx = parent_global.x + dx * h;
            let hy = parent_global.y + dy * h;
            let rx = -dy * r;
            let ry = dx * r;
            let reflected = self.bones[parent].parent.is_some_and(|pp| self.bones[pp].matrix.determinant() < 0.0);
            if reflected != bend_positive {
                global.x = hx - rx;
                global.y = hy - ry;
            } else {
                global.x = hx + rx;
                global.y = hy + ry;
            }
            radian_a = (global.y - parent_global.y).atan2(global.x - parent_global.x);
        }
        let dr = normalize_radian(radian_a - raw_radian_a);
        parent_global.rotation = raw_parent_radian + dr * weight;
        self.bones[parent].matrix = self.matrix_of(&parent_global);
        self.bones[parent].global = parent_global;
        self.bones[parent].moved();
        self.keep_as_stored(parent);
        let parent_global = self.bones[parent].global;
        let current_a = raw_radian_a + dr * weight;
        global.x = parent_global.x + current_a.cos() * l_p;
        global.y = parent_global.y + current_a.sin() * l_p;
        let mut radian_b = (goal.y - global.y).atan2(goal.x - global.x);
        if global.scale_x < 0.0 {
            radian_b += PI;
        }
        global.rotation = parent_global.rotation + raw_radian - raw_parent_radian
            + normalize_radian(radian_b - dr - raw_radian) * weight;
        self.bones[child].matrix = self.matrix_of(&global);
        self.bones[child].global = global;
        self.bones[child].moved();
        self.keep_as_stored(child);
    }

    fn path_data(&self, c: usize) -> &PathConstraintData {
        match &self.data.constraints[self.constraints[c].data].kind {
            ConstraintKind::Path(p) => p,
            ConstraintKind::Ik { .. } => unreachable!("a path constraint"),
        }
    }

    /// `PathConstraint.update`.
    fn update_path_constraint(&mut self, c: usize) {
        let data = self.path_data(c).clone();
        let state = self.constraints[c].path.clone().expect("a path constraint");
        let slot = state.slot;
        let Some(path_geometry) = data.display.geometry() else { return };
        if self.slots[slot].geometry != Some(path_geometry) {
            return;
        }
        let root = self.constraints[c].root;
        let mut dirty_vertices = false;
        if self.bones[root].children_transform_dirty {
            self.update_path_vertices(c, path_geometry);
            dirty_vertices = true;
        } else {
            let bones_moved =
                self.slots[slot].geometry_bones.iter().flatten().any(|&b| self.bones[b].children_transform_dirty);
            if self.slots[slot].vertices_dirty || bones_moved {
                self.update_path_vertices(c, path_geometry);
                self.slots[slot].vertices_dirty = false;
                dirty_vertices = true;
            }
        }
        if !dirty_vertices && !self.constraints[c].path.as_ref().expect("a path").dirty {
            return;
        }
        let bones = state.bones.clone();
        let chain_scale = data.rotate_mode == 2;
        let tangent = data.rotate_mode == 0;
        let length_mode = data.spacing_mode == 0;
        let bone_count = bones.len();
        let space_count = if tangent { bone_count } else { bone_count + 1 };
        let mut spaces = vec![0.0; space_count];
        let mut bone_lengths = vec![0.0; if chain_scale { bone_count } else { 0 }];
        if chain_scale || length_mode {
            for k in 0..space_count.saturating_sub(1) {
                let b = bones[k];
                self.update_bone_by_constraint(b);
                let length = self.data.bones[self.bones[b].data].length;
                let m = self.bones[b].matrix;
                let (x, y) = (length * m.a, length * m.b);
                let len = (x * x + y * y).sqrt();
                if chain_scale {
                    bone_lengths[k] = len;
                }
                spaces[k + 1] = (length + data.spacing) * len / length;
            }
        } else {
            spaces.iter_mut().for_each(|s| *s = data.spacing);
        }
        let positions =
            self.bezier_positions(c, &data, &mut spaces, tangent, data.position_mode == 1, data.spacing_mode == 2);
        let mut rotate_offset = data.rotate_offset;
        let (mut bone_x, mut bone_y) = (positions[0], positions[1]);
        let tip = if rotate_offset == 0.0 {
            data.rotate_mode == 1
        } else {
            let m = self.bones[self.slots[slot].parent].matrix;
            rotate_offset *= if m.determinant() > 0.0 { DEG_RAD } else { -DEG_RAD };
            false
        };
        for (k, &b) in bones.iter().enumerate() {
            let p = 3 * (k + 1);
            self.update_bone_by_constraint(b);
            let length = self.data.bones[self.bones[b].data].length;
            let mut m = self.bones[b].matrix;
            m.tx += (bone_x - m.tx) * data.translate_mix;
            m.ty += (bone_y - m.ty) * data.translate_mix;
            let (x, y) = (positions[p], positions[p + 1]);
            let (dx, dy) = (x - bone_x, y - bone_y);
            if chain_scale {
                let s = ((dx * dx + dy * dy).sqrt() / bone_lengths[k] - 1.0) * data.rotate_mix + 1.0;
                m.a *= s;
                m.b *= s;
            }
            bone_x = x;
            bone_y = y;
            if data.rotate_mix > 0.0 {
                let (a, bb, cc, d) = (m.a, m.b, m.c, m.d);
                let mut r = if tangent { positions[p - 1] } else { dy.atan2(dx) };
                r -= bb.atan2(a);
                if tip {
                    let (cos, sin) = (r.cos(), r.sin());
                    bone_x += (length * (cos * a - sin * bb) - dx) * data.rotate_mix;
                    bone_y += (length * (sin * a + cos * bb) - dy) * data.rotate_mix;
                } else {
                    r += rotate_offset;
                }
                if r > PI {
                    r -= PI * 2.0;
                } else if r < -PI {
                    r += PI * 2.0;
                }
                r *= data.rotate_mix;
                let (cos, sin) = (r.cos(), r.sin());
                m.a = cos * a - sin * bb;
                m.b = sin * a + cos * bb;
                m.c = cos * cc - sin * d;
                m.d = sin * cc + cos * d;
            }
            self.bones[b].matrix = m;
            self.bones[b].global.from_matrix(&m);
            self.bones[b].moved();
            self.keep_as_stored(b);
        }
        let path = self.constraints[c].path.as_mut().expect("a path");
        path.bone_lengths = bone_lengths;
        path.dirty = false;
    }

    /// The path's control points in armature space.
    fn update_path_vertices(&mut self, c: usize, geometry: usize) {
        let slot = self.constraints[c].path.as_ref().expect("a path").slot;
        let g = &self.geometries[geometry];
        let count = g.vertex_count;
        let mut out = vec![f64::NAN; count * 2];
        match &g.weight {
            None => {
                let parent = self.slots[slot].parent;
                self.update_bone_by_constraint(parent);
                let m = self.bones[parent].matrix;
                let g = &self.geometries[geometry];
                // As the runtime: the loop steps by two over the vertex count, not the values.
                let mut iv = 0;
                let mut k = 0;
                while k < count {
                    let (vx, vy) = (
                        g.vertices.get(iv).copied().unwrap_or(f64::NAN),
                        g.vertices.get(iv + 1).copied().unwrap_or(f64::NAN),
                    );
                    iv += 2;
                    (out[k], out[k + 1]) = m.transform_point(vx, vy);
                    k += 2;
                }
            }
            Some(weight) => {
                let bones = self.slots[slot].geometry_bones.clone();
                let counts = weight.vertex_bone_counts.clone();
                let influences = weight.influences.clone();
                let mut inf = 0;
                for v in 0..count {
                    let (mut xg, mut yg) = (0.0, 0.0);
                    for _ in 0..counts.get(v).copied().unwrap_or(0) {
                        let Some(i) = influences.get(inf).copied() else { break };
                        inf += 1;
                        let Some(b) = i.bone.and_then(|b| bones.get(b).copied().flatten()) else { continue };
                        self.update_bone_by_constraint(b);
                        let m = self.bones[b].matrix;
                        xg += (m.a * i.x + m.c * i.y + m.tx) * i.weight;
                        yg += (m.b * i.x + m.d * i.y + m.ty) * i.weight;
                    }
                    out[v * 2] = xg;
                    out[v * 2 + 1] = yg;
                }
            }
        }
        self.constraints[c].path.as_mut().expect("a path").path_vertices = out;
    }

    /// `_computeBezierCurve`: positions (and tangents) along the path for each spacing.
    fn bezier_positions(
        &self,
        c: usize,
        data: &PathConstraintData,
        spaces: &mut [f64],
        tangents: bool,
        percent_position: bool,
        percent_spacing: bool,
    ) -> Vec<f64> {
        let world = &self.constraints[c].path.as_ref().expect("a path").path_vertices;
        let DisplayKind::Path { closed, constant_speed, curve_lengths, geometry } = &data.display.kind else {
            return vec![0.0; spaces.len() * 3 + 2];
        };
        let vertex_count = self.geometries[*geometry].vertex_count;
        let w = |i: usize| world.get(i).copied().unwrap_or(f64::NAN);
        let space_count = spaces.len();
        let mut positions = vec![f64::NAN; space_count * 3 + 2];
        let mut vertices_length = vertex_count * 2;
        let mut curve_count = (vertices_length / 6) as i64;
        let mut previous_curve = -1i64;
        let mut position = data.position;
        if !constant_speed {
            curve_count -= if *closed { 1 } else { 2 };
            let length_at =
                |k: i64| if k < 0 { f64::NAN } else { curve_lengths.get(k as usize).copied().unwrap_or(f64::NAN) };
            let path_length = length_at(curve_count);
            if percent_position {
                position *= path_length;
            }
            if percent_spacing {
                spaces.iter_mut().for_each(|s| *s *= path_length);
            }
            // Kept between curves: the closing curve of a closed path copies only its first half
            // (the runtime's copy loop bounds its second call wrongly).
            let mut curve_vertices = [f64::NAN; 8];
            let mut curve = 0i64;
            for (k, &space) in spaces.iter().enumerate() {
                let o = k * 3;
                position += space;
                if *closed {
                    position %= path_length;
                    if position < 0.0 {
                        position += path_length;
                    }
                    curve = 0;
                } else if position < 0.0 || position > path_length {
                    continue;
                }
                let percent;
                loop {
                    let len = length_at(curve);
                    if position > len {
                        curve += 1;
                        if curve > curve_count + 1 {
                            percent = f64::NAN;
                            break;
                        }
                        continue;
                    }
                    percent = if curve == 0 {
                        position / len
                    } else {
                        (position - length_at(curve - 1)) / (len - length_at(curve - 1))
                    };
                    break;
                }
                if curve != previous_curve {
                    previous_curve = curve;
                    if *closed && curve == curve_count {
                        for (j, v) in curve_vertices.iter_mut().enumerate().take(4) {
                            *v = w(vertices_length - 4 + j);
                        }
                    } else {
                        let start = (curve * 6 + 2).max(0) as usize;
                        for (j, v) in curve_vertices.iter_mut().enumerate() {
                            *v = w(start + j);
                        }
                    }
                }
                let cv = curve_vertices;
                curve_position(percent, cv, &mut positions, o, tangents);
            }
            return positions;
        }
        let mut curve_vertices: Vec<f64>;
        if *closed {
            vertices_length += 2;
            curve_vertices = vec![f64::NAN; vertices_length.max(vertex_count)];
            for (j, v) in curve_vertices.iter_mut().enumerate().take(vertices_length.saturating_sub(4)) {
                *v = w(2 + j);
            }
            // The runtime's second copy (the first point, after the others) copies nothing.
            curve_vertices[vertices_length - 2] = curve_vertices[0];
            curve_vertices[vertices_length - 1] = curve_vertices[1];
        } else {
            curve_count -= 1;
            vertices_length = vertices_length.saturating_sub(4);
            curve_vertices = (0..vertices_length).map(|j| w(2 + j)).collect();
        }
        let cv = |i: usize| curve_vertices.get(i).copied().unwrap_or(f64::NAN);
        let curve_count = curve_count.max(0) as usize;
        let mut curves = vec![0.0; curve_count];
        let mut path_length = 0.0;
        let (mut x1, mut y1) = (cv(0), cv(1));
        let mut wi = 2;
        for curve in curves.iter_mut() {
            let (cx1, cy1, cx2, cy2, x2, y2) = (cv(wi), cv(wi + 1), cv(wi + 2), cv(wi + 3), cv(wi + 4), cv(wi + 5));
            let tmpx = (x1 - cx1 * 2.0 + cx2) * 0.1875;
            let tmpy = (y1 - cy1 * 2.0 + cy2) * 0.1875;
            let dddfx = ((cx1 - cx2) * 3.0 - x1 + x2) * 0.09375;
            let dddfy = ((cy1 - cy2) * 3.0 - y1 + y2) * 0.09375;
            let mut ddfx = tmpx * 2.0 + dddfx;
            let mut ddfy = tmpy * 2.0 + dddfy;
            let mut dfx = (cx1 - x1) * 0.75 + tmpx + dddfx * 0.16666667;
            let mut dfy = (cy1 - y1) * 0.75 + tmpy + dddfy * 0.16666667;
            path_length += (dfx * dfx + dfy * dfy).sqrt();
            dfx += ddfx;
            dfy += ddfy;
            ddfx += dddfx;
            ddfy += dddfy;
            path_length += (dfx * dfx + dfy * dfy).sqrt();
            dfx += ddfx;
            dfy += ddfy;
            path_length += (dfx * dfx + dfy * dfy).sqrt();
            dfx += ddfx + dddfx;
            dfy += ddfy + dddfy;
            path_length += (dfx * dfx + dfy * dfy).sqrt();
            *curve = path_length;
            x1 = x2;
            y1 = y2;
            wi += 6;
        }
        if percent_position {
            position *= path_length;
        }
        if percent_spacing {
            spaces.iter_mut().for_each(|s| *s *= path_length);
        }
        let mut segments = [0.0f64; 10];
        let mut curve_length = 0.0;
        let (mut curve, mut segment) = (0usize, 0usize);
        let (mut cx1, mut cy1, mut cx2, mut cy2, mut x2, mut y2) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
        for (k, &space) in spaces.iter().enumerate() {
            let o = k * 3;
            position += space;
            let mut p = position;
            if *closed {
                p %= path_length;
                if p < 0.0 {
                    p += path_length;
                }
                curve = 0;
            } else if p < 0.0 || p > path_length {
                continue;
            }
            loop {
                let Some(&length) = curves.get(curve) else {
                    p = f64::NAN;
                    break;
                };
                if p > length {
                    curve += 1;
                    continue;
                }
                if curve == 0 {
                    p /= length;
                } else {
                    let prev = curves[curve - 1];
                    p = (p - prev) / (length - prev);
                }
                break;
            }
            if curve as i64 != previous_curve {
                previous_curve = curve as i64;
                let ii = curve * 6;
                x1 = cv(ii);
                y1 = cv(ii + 1);
                cx1 = cv(ii + 2);
                cy1 = cv(ii + 3);
                cx2 = cv(ii + 4);
                cy2 = cv(ii + 5);
                x2 = cv(ii + 6);
                y2 = cv(ii + 7);
                let tmpx = (x1 - cx1 * 2.0 + cx2) * 0.03;
                let tmpy = (y1 - cy1 * 2.0 + cy2) * 0.03;
                let dddfx = ((cx1 - cx2) * 3.0 - x1 + x2) * 0.006;
                let dddfy = ((cy1 - cy2) * 3.0 - y1 + y2) * 0.006;
                let mut ddfx = tmpx * 2.0 + dddfx;
                let mut ddfy = tmpy * 2.0 + dddfy;
                let mut dfx = (cx1 - x1) * 0.3 + tmpx + dddfx * 0.16666667;
                let mut dfy = (cy1 - y1) * 0.3 + tmpy + dddfy * 0.16666667;
                curve_length = (dfx * dfx + dfy * dfy).sqrt();
                segments[0] = curve_length;
                for s in segments.iter_mut().take(8).skip(1) {
                    dfx += ddfx;
                    dfy += ddfy;
                    ddfx += dddfx;
                    ddfy += dddfy;
                    curve_length += (dfx * dfx + dfy * dfy).sqrt();
                    *s = curve_length;
                }
                dfx += ddfx;
                dfy += ddfy;
                curve_length += (dfx * dfx + dfy * dfy).sqrt();
                segments[8] = curve_length;
                dfx += ddfx + dddfx;
                dfy += ddfy + dddfy;
                curve_length += (dfx * dfx + dfy * dfy).sqrt();
                segments[9] = curve_length;
                segment = 0;
            }
            p *= curve_length;
            loop {
                let Some(&length) = segments.get(segment) else {
                    p = f64::NAN;
                    break;
                };
                if p > length {
                    segment += 1;
                    continue;
                }
                if segment == 0 {
                    p /= length;
                } else {
                    let prev = segments[segment - 1];
                    p = segment as f64 + (p - prev) / (length - prev);
                }
                break;
            }
            curve_position(p * 0.1, [x1, y1, cx1, cy1, cx2, cy2, x2, y2], &mut positions, o, tangents);
        }
        positions
    }
}

/// A point (and its tangent angle) at `t` on a cubic Bézier (`addCurvePosition`).
fn curve_position(
    t: f64,
    [x1, y1, cx1, cy1, cx2, cy2, x2, y2]: [f64; 8],
    out: &mut [f64],
    offset: usize,
    tangents: bool,
) {
    if offset + 2 >= out.len() {
        return;
    }
    if t == 0.0 {
        out[offset] = x1;
        out[offset + 1] = y1;
        out[offset + 2] = 0.0;
        return;
    }
    if t == 1.0 {
        out[offset] = x2;
        out[offset + 1] = y2;
        out[offset + 2] = 0.0;
        return;
    }
    let mt = 1.0 - t;
    let mt2 = mt * mt;
    let t2 = t * t;
    let a = mt2 * mt;
    let b = mt2 * t * 3.0;
    let c = mt * t2 * 3.0;
    let d = t * t2;
    let x = a * x1 + b * cx1 + c * cx2 + d * x2;
    let y = a * y1 + b * cy1 + c * cy2 + d * y2;
    out[offset] = x;
    out[offset + 1] = y;
    out[offset + 2] =
        if tangents { (y - (a * y1 + b * cy1 + c * cy2)).atan2(x - (a * x1 + b * cx1 + c * cx2)) } else { 0.0 };
}
