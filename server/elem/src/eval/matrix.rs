//! 4×4 matrices and quaternions in the `.elem` convention, which is Direct3D's: row vectors
//! (`v' = v × M`), matrices written row major (`m11:m12:…:m44`), translation in elements 12–14,
//! quaternions `x:y:z:w` with `w` last. `a × b` applies `a` first, then `b`.

/// A 4×4 matrix, row major.
pub type Mat4 = [f64; 16];

/// A quaternion `[x, y, z, w]`.
pub type Quat = [f64; 4];

pub const IDENTITY: Mat4 = [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0];

/// `a × b`: the transform that applies `a`, then `b`.
pub fn mul(a: &Mat4, b: &Mat4) -> Mat4 {
    let mut out = [0.0; 16];
    for row in 0..4 {
        for col in 0..4 {
            out[row * 4 + col] = a[row * 4] * b[col]
                + a[row * 4 + 1] * b[4 + col]
                + a[row * 4 + 2] * b[8 + col]
                + a[row * 4 + 3] * b[12 + col];
        }
    }
    out
}

/// The rotation a quaternion stands for, as `D3DXMatrixRotationQuaternion` builds it: the
/// quaternion is used as written, not normalised (a non-unit quaternion also scales).
pub fn rotation(q: Quat) -> Mat4 {
    let [x, y, z, w] = q;
    [
        1.0 - 2.0 * (y * y + z * z),
        2.0 * (x * y + z * w),
        2.0 * (x * z - y * w),
        0.0,
        2.0 * (x * y - z * w),
        1.0 - 2.0 * (x * x + z * z),
        2.0 * (y * z + x * w),
        0.0,
        2.0 * (x * z + y * w),
        2.0 * (y * z - x * w),
        1.0 - 2.0 * (x * x + y * y),
        0.0,
        0.0,
        0.0,
        0.0,
        1.0,
    ]
}

/// Scale × Rotation × Translation: scale first, then rotate, then move (the local animation
/// matrix Danmakufu builds from a bone key).
pub fn scale_rotate_translate(scale: [f64; 3], q: Quat, translation: [f64; 3]) -> Mat4 {
    let mut m = rotation(q);
    for (row, s) in scale.iter().enumerate() {
        for col in 0..3 {
            m[row * 4 + col] *= s;
        }
    }
    m[12] = translation[0];
    m[13] = translation[1];
    m[14] = translation[2];
    m
}

/// The point `p` (w = 1) through `m`, without a perspective divide (skin matrices are affine).
pub fn transform_point(p: [f64; 3], m: &Mat4) -> [f64; 3] {
    let [x, y, z] = p;
    [
        x * m[0] + y * m[4] + z * m[8] + m[12],
        x * m[1] + y * m[5] + z * m[9] + m[13],
        x * m[2] + y * m[6] + z * m[10] + m[14],
    ]
}

pub fn is_finite(values: &[f64]) -> bool {
    values.iter().all(|v| v.is_finite())
}

/// The largest absolute value (NaN when there is one).
pub fn max_abs(values: &[f64]) -> f64 {
    values.iter().fold(0.0f64, |m, v| if v.is_nan() || m.is_nan() { f64::NAN } else { m.max(v.abs()) })
}

/// Spherical interpolation from `a` (t = 0) to `b` (t = 1) along the shorter arc: when the
/// quaternions are more than 90° apart in 4-D (negative dot product), `-b` (the same rotation) is
/// used, as `D3DXQuaternionSlerp` does. Nearly equal quaternions are interpolated linearly.
/// `t` = 0 and 1 give `a` and `b` exactly.
pub fn slerp(a: Quat, b: Quat, t: f64) -> Quat {
    if t == 0.0 {
        return a;
    }
    if t == 1.0 {
        return b;
    }
    let mut dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    let sign = if dot < 0.0 { -1.0 } else { 1.0 };
    dot *= sign;
    let (wa, wb) = if 1.0 - dot > 1e-9 {
        let theta = dot.min(1.0).acos();
        let sin = theta.sin();
        (((1.0 - t) * theta).sin() / sin, (t * theta).sin() / sin)
    } else {
        (1.0 - t, t)
    };
    let wb = wb * sign;
    [wa * a[0] + wb * b[0], wa * a[1] + wb * b[1], wa * a[2] + wb * b[2], wa * a[3] + wb * b[3]]
}

/// `a + (b − a) × t`, with `t` = 0 and 1 giving `a` and `b` exactly.
pub fn lerp<const N: usize>(a: [f64; N], b: [f64; N], t: f64) -> [f64; N] {
    if t == 0.0 {
        return a;
    }
    if t == 1.0 {
        return b;
    }
    let mut out = a;
    for i in 0..N {
        out[i] = a[i] + (b[i] - a[i]) * t;
    }
    out
}

/// A matrix as an artist reads it: where it moves the origin, how it turns and how it scales.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decomposed {
    pub translation: [f64; 3],
    /// Euler angles in degrees, applied X first, then Y, then Z (`M = Rx × Ry × Rz`, Blender's
    /// and Maya's default "XYZ" order).
    pub rotation_degrees: [f64; 3],
    /// The length of each transformed axis; the X scale is negative for a mirroring matrix.
    pub scale: [f64; 3],
    /// Whether the upper 3×3 is a rotation times a scale along the axes, i.e. the three numbers
    /// above reproduce the matrix (false for a shear or a projective column).
    pub exact: bool,
}

/// Splits the affine part of `m` into translation, rotation (XYZ Euler degrees) and scale.
pub fn decompose(m: &Mat4) -> Decomposed {
    let mut rows = [[m[0], m[1], m[2]], [m[4], m[5], m[6]], [m[8], m[9], m[10]]];
    let mut scale = rows.map(|r| (r[0] * r[0] + r[1] * r[1] + r[2] * r[2]).sqrt());
    let det = rows[0][0] * (rows[1][1] * rows[2][2] - rows[1][2] * rows[2][1])
        - rows[0][1] * (rows[1][0] * rows[2][2] - rows[1][2] * rows[2][0])
        + rows[0][2] * (rows[1][0] * rows[2][1] - rows[1][1] * rows[2][0]);
    if det < 0.0 {
        scale[0] = -scale[0];
    }
    for (row, s) in rows.iter_mut().zip(scale) {
        if s != 0.0 {
            row.iter_mut().for_each(|v| *v /= s);
        }
    }
    // Rx × Ry × Rz = [[cy·cz, cy·sz, −sy], [·, ·, sx·cy], [·, ·, cx·cy]].
    let sy = (-rows[0][2]).clamp(-1.0, 1.0);
    let y = sy.asin();
    let (x, z) = if sy.abs() < 1.0 - 1e-9 {
        (rows[1][2].atan2(rows[2][2]), rows[0][1].atan2(rows[0][0]))
    } else {
        // Gimbal lock: only x ± z is defined; put it all in x.
        ((-rows[2][1]).atan2(rows[1][1]), 0.0)
    };
    let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let orthogonal = dot(rows[0], rows[1]).abs() < 1e-6
        && dot(rows[0], rows[2]).abs() < 1e-6
        && dot(rows[1], rows[2]).abs() < 1e-6
        && scale.iter().all(|&s| s != 0.0);
    let affine = m[3] == 0.0 && m[7] == 0.0 && m[11] == 0.0 && m[15] == 1.0;
    Decomposed {
        translation: [m[12], m[13], m[14]],
        rotation_degrees: [x.to_degrees(), y.to_degrees(), z.to_degrees()],
        scale,
        exact: orthogonal && affine,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: &[f64], b: &[f64]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-9)
    }

    #[test]
    fn row_vectors_apply_the_left_matrix_first() {
        let scale = scale_rotate_translate([2.0, 2.0, 2.0], [0.0, 0.0, 0.0, 1.0], [0.0; 3]);
        let translate = scale_rotate_translate([1.0; 3], [0.0, 0.0, 0.0, 1.0], [1.0, 0.0, 0.0]);
        // Scale then move: (1,0,0) → (2,0,0) → (3,0,0); move then scale: → (2,0,0) → (4,0,0).
        assert_eq!(transform_point([1.0, 0.0, 0.0], &mul(&scale, &translate)), [3.0, 0.0, 0.0]);
        assert_eq!(transform_point([1.0, 0.0, 0.0], &mul(&translate, &scale)), [4.0, 0.0, 0.0]);
    }

    #[test]
    fn a_quarter_turn_about_z_takes_x_to_y() {
        let h = std::f64::consts::FRAC_1_SQRT_2;
        let m = rotation([0.0, 0.0, h, h]);
        assert!(close(&transform_point([1.0, 0.0, 0.0], &m), &[0.0, 1.0, 0.0]));
        assert!(close(&transform_point([0.0, 1.0, 0.0], &m), &[-1.0, 0.0, 0.0]));
    }

    #[test]
    fn slerp_takes_the_short_way_round() {
        // 0° and 350° about Z, the second written with a negative w: the midpoint is 355°
        // (−5°), not 175°.
        let a = [0.0, 0.0, 0.0, 1.0];
        let half = 350f64.to_radians() / 2.0;
        let b = [0.0, 0.0, half.sin(), half.cos()];
        assert!(b[3] < 0.0);
        let mid = slerp(a, b, 0.5);
        let expected = -(5f64.to_radians() / 2.0);
        assert!(close(&mid, &[0.0, 0.0, expected.sin(), expected.cos()]), "{mid:?}");
    }

    #[test]
    fn decomposition_reads_back_euler_angles_and_scale() {
        let q = |axis: usize, degrees: f64| {
            let mut q = [0.0, 0.0, 0.0, (degrees.to_radians() / 2.0).cos()];
            q[axis] = (degrees.to_radians() / 2.0).sin();
            q
        };
        let r = mul(&mul(&rotation(q(0, 20.0)), &rotation(q(1, -35.0))), &rotation(q(2, 50.0)));
        let mut m = mul(&scale_rotate_translate([2.0, 3.0, 4.0], [0.0, 0.0, 0.0, 1.0], [0.0; 3]), &r);
        m[12] = 5.0;
        let d = decompose(&m);
        assert!(close(&d.rotation_degrees, &[20.0, -35.0, 50.0]), "{d:?}");
        assert!(close(&d.scale, &[2.0, 3.0, 4.0]), "{d:?}");
        assert_eq!(d.translation, [5.0, 0.0, 0.0]);
        assert!(d.exact);
        let mirrored = scale_rotate_translate([-1.0, 1.0, 1.0], [0.0, 0.0, 0.0, 1.0], [0.0; 3]);
        assert!(close(&decompose(&mirrored).scale, &[-1.0, 1.0, 1.0]));
    }
}
