//! 2-D affine matrices and decomposed transforms with the runtime's conventions.
//!
//! A [`Matrix`] maps x' = a·x + c·y + tx, y' = b·x + d·y + ty (y down). A [`Transform`] is the
//! decomposed form the runtime animates: `rotation` is the x axis's angle, `skew` the extra angle
//! of the y axis, both in radians. The decomposition ([`Transform::from_matrix`]) keeps the signs
//! of the scales it replaces, exactly as the runtime does: bones read their parent's decomposed
//! transform, so this detail changes poses with negative scales.

use std::f64::consts::PI;

pub const DEG_RAD: f64 = PI / 180.0;

/// `normalizeRadian(degrees * DEG_RAD)` as the C++ runtime computes it, in `float`s
/// (`geom/Transform.h`): a huge angle's remainder is that of its 32-bit product.
pub fn degrees_to_radian_f32(degrees: f64) -> f64 {
    f64::from(normalize_radian_f32(degrees as f32 * (std::f32::consts::PI / 180.0)))
}

/// `degrees * Transform::DEG_RAD` in `float`s, not normalized (a rotate key frame's angle).
pub fn degrees_times_deg_rad_f32(degrees: f64) -> f64 {
    f64::from(degrees as f32 * (std::f32::consts::PI / 180.0))
}

/// The C++ runtime's `Transform::normalizeRadian`, in `float`s (`fmod` is exact, as Rust's `%`).
pub fn normalize_radian_f32(value: f32) -> f32 {
    const PI: f32 = std::f32::consts::PI;
    let mut value = (value + PI) % (PI * 2.0);
    value += if value > 0.0 { -PI } else { PI };
    value
}

/// An angle brought into (−π, π], as the runtime's `normalizeRadian` (JavaScript `%` semantics).
pub fn normalize_radian(value: f64) -> f64 {
    let mut value = (value + PI) % (PI * 2.0);
    value += if value > 0.0 { -PI } else { PI };
    value
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Matrix {
    pub a: f64,
    pub b: f64,
    pub c: f64,
    pub d: f64,
    pub tx: f64,
    pub ty: f64,
}

impl Default for Matrix {
    fn default() -> Matrix {
        Matrix::IDENTITY
    }
}

impl Matrix {
    pub const IDENTITY: Matrix = Matrix { a: 1.0, b: 0.0, c: 0.0, d: 1.0, tx: 0.0, ty: 0.0 };

    pub fn from_slice(v: &[f64]) -> Matrix {
        let at = |i: usize| v.get(i).copied().unwrap_or(f64::NAN);
        Matrix { a: at(0), b: at(1), c: at(2), d: at(3), tx: at(4), ty: at(5) }
    }

    pub fn to_array(self) -> [f64; 6] {
        [self.a, self.b, self.c, self.d, self.tx, self.ty]
    }

    /// Its values' bits, to tell two matrices apart exactly (`-0.0` from `0.0`, NaN from NaN).
    pub fn bits(&self) -> [u64; 6] {
        self.to_array().map(f64::to_bits)
    }

    /// Its values as the C++ runtime's `float`s keep them.
    pub fn to_f32(self) -> Matrix {
        let [a, b, c, d, tx, ty] = self.to_array().map(to_f32);
        Matrix { a, b, c, d, tx, ty }
    }

    /// `self` followed by `then`: the runtime's `concat` (points go through `self` first).
    pub fn concat(&mut self, then: &Matrix) {
        let mut a = self.a * then.a;
        let mut b = 0.0;
        let mut c = 0.0;
        let mut d = self.d * then.d;
        let mut tx = self.tx * then.a + then.tx;
        let mut ty = self.ty * then.d + then.ty;
        if self.b != 0.0 || self.c != 0.0 {
            a += self.b * then.c;
            b += self.b * then.d;
            c += self.c * then.a;
            d += self.c * then.b;
        }
        if then.b != 0.0 || then.c != 0.0 {
            b += self.a * then.b;
            c += self.d * then.c;
            tx += self.ty * then.c;
            ty += self.tx * then.b;
        }
        *self = Matrix { a, b, c, d, tx, ty };
    }

    /// [`Matrix::concat`] as DragonBonesCPP computes it (`geom/Matrix.h`): every product summed,
    /// where JavaScript skips those of a zero `b` and `c`, each product and sum rounded as `float`
    /// arithmetic rounds it. Two turns that cancel then give a `b` of exactly 0 where 64 bits
    /// leave 1e-10, which a deform of 1e20 makes 1e10 (a mutated Ubbie's leg).
    pub fn concat_f32(&mut self, then: &Matrix) {
        let f = to_f32;
        let m = self.to_f32();
        let t = then.to_f32();
        *self = Matrix {
            a: f(f(m.a * t.a) + f(m.b * t.c)),
            b: f(f(m.a * t.b) + f(m.b * t.d)),
            c: f(f(m.c * t.a) + f(m.d * t.c)),
            d: f(f(m.c * t.b) + f(m.d * t.d)),
            tx: f(f(f(t.a * m.tx) + f(t.c * m.ty)) + t.tx),
            ty: f(f(f(t.d * m.ty) + f(t.b * m.tx)) + t.ty),
        };
    }

    /// The inverse; a singular matrix becomes the identity (or zero scale), as in the runtime.
    pub fn invert(&mut self) {
        let Matrix { a, b, c, d, tx, ty } = *self;
        if b == 0.0 && c == 0.0 {
            self.b = 0.0;
            self.c = 0.0;
            if a == 0.0 || d == 0.0 {
                self.a = 0.0;
                self.b = 0.0;
                self.tx = 0.0;
                self.ty = 0.0;
            } else {
                self.a = 1.0 / a;
                self.d = 1.0 / d;
                self.tx = -self.a * tx;
                self.ty = -self.d * ty;
            }
            return;
        }
        let determinant = a * d - b * c;
        if determinant == 0.0 {
            *self = Matrix::IDENTITY;
            return;
        }
        let r = 1.0 / determinant;
        let (na, nb, nc, nd) = (d * r, -b * r, -c * r, a * r);
        *self = Matrix { a: na, b: nb, c: nc, d: nd, tx: -(na * tx + nc * ty), ty: -(nb * tx + nd * ty) };
    }

    pub fn transform_point(&self, x: f64, y: f64) -> (f64, f64) {
        (self.a * x + self.c * y + self.tx, self.b * x + self.d * y + self.ty)
    }

    /// DragonBonesCPP's `Matrix::invert`, in `float`s: it has no case for a singular matrix,
    /// whose inverse is then infinite or NaN (DragonBonesJS's, [`Matrix::invert`], is the
    /// identity). Each operation is rounded as `float` arithmetic rounds it.
    pub fn inverted_f32(&self) -> Matrix {
        let f = to_f32;
        let n = self.determinant_f32();
        let Matrix { a, b, c, d, tx, ty } = self.to_f32();
        Matrix {
            a: f(d / n),
            b: f(-b / n),
            c: f(-c / n),
            d: f(a / n),
            tx: f(f(f(c * ty) - f(d * tx)) / n),
            ty: f(-f(f(a * ty) - f(b * tx)) / n),
        }
    }

    /// [`Matrix::determinant`] in `float`s (`aA * dA - bA * cA`), as DragonBonesCPP's inverse
    /// divides by it.
    pub fn determinant_f32(&self) -> f64 {
        let m = self.to_f32();
        to_f32(to_f32(m.a * m.d) - to_f32(m.b * m.c))
    }

    /// [`Matrix::transform_point`] in `float`s, as DragonBonesCPP computes it (the products
    /// summed, then the translation added); `delta` leaves the translation out.
    pub fn transform_point_f32(&self, x: f64, y: f64, delta: bool) -> (f64, f64) {
        let f = to_f32;
        let m = self.to_f32();
        let (x, y) = (f(x), f(y));
        let (rx, ry) = (f(f(m.a * x) + f(m.c * y)), f(f(m.b * x) + f(m.d * y)));
        if delta { (rx, ry) } else { (f(rx + m.tx), f(ry + m.ty)) }
    }

    /// A direction: the point without the translation.
    pub fn transform_vector(&self, x: f64, y: f64) -> (f64, f64) {
        (self.a * x + self.c * y, self.b * x + self.d * y)
    }

    pub fn determinant(&self) -> f64 {
        self.a * self.d - self.b * self.c
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transform {
    pub x: f64,
    pub y: f64,
    pub skew: f64,
    pub rotation: f64,
    pub scale_x: f64,
    pub scale_y: f64,
}

impl Default for Transform {
    fn default() -> Transform {
        Transform::IDENTITY
    }
}

/// Whether two lists of bits are equal, without the call to `memcmp` that `==` on arrays makes
/// (a tenth of the posing a check does, where it compares matrices and transforms per bone).
pub fn same_bits<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    a.iter().zip(b).fold(0, |differ, (a, b)| differ | (a ^ b)) == 0
}

impl Transform {
    pub const IDENTITY: Transform = Transform { x: 0.0, y: 0.0, skew: 0.0, rotation: 0.0, scale_x: 1.0, scale_y: 1.0 };

    /// Its values' bits, to tell two transforms apart exactly (`-0.0` from `0.0`, NaN from NaN).
    pub fn bits(&self) -> [u64; 6] {
        [self.x, self.y, self.skew, self.rotation, self.scale_x, self.scale_y].map(f64::to_bits)
    }

    /// Its values as the C++ runtime's `float`s keep them.
    pub fn to_f32(self) -> Transform {
        let [x, y, skew, rotation, scale_x, scale_y] =
            [self.x, self.y, self.skew, self.rotation, self.scale_x, self.scale_y].map(to_f32);
        Transform { x, y, skew, rotation, scale_x, scale_y }
    }

    /// Adds translations and angles, multiplies scales (the runtime's `add`).
    pub fn add(&mut self, value: &Transform) {
        self.x += value.x;
        self.y += value.y;
        self.skew += value.skew;
        self.rotation += value.rotation;
        self.scale_x *= value.scale_x;
        self.scale_y *= value.scale_y;
    }

    /// Decomposes `m`, keeping a non-negative scale non-negative (the previous value decides).
    pub fn from_matrix(&mut self, m: &Matrix) {
        const PI_Q: f64 = PI / 4.0;
        let (backup_x, backup_y) = (self.scale_x, self.scale_y);
        self.x = m.tx;
        self.y = m.ty;
        self.rotation = (m.b / m.a).atan();
        let mut skew_x = (-m.c / m.d).atan();
        self.scale_x = if self.rotation > -PI_Q && self.rotation < PI_Q {
            m.a / self.rotation.cos()
        } else {
            m.b / self.rotation.sin()
        };
        self.scale_y = if skew_x > -PI_Q && skew_x < PI_Q { m.d / skew_x.cos() } else { -m.c / skew_x.sin() };
        if backup_x >= 0.0 && self.scale_x < 0.0 {
            self.scale_x = -self.scale_x;
            self.rotation -= PI;
        }
        if backup_y >= 0.0 && self.scale_y < 0.0 {
            self.scale_y = -self.scale_y;
            skew_x -= PI;
        }
        self.skew = skew_x - self.rotation;
    }

    pub fn to_matrix(&self) -> Matrix {
        let (mut a, mut b) = if self.rotation == 0.0 { (1.0, 0.0) } else { (self.rotation.cos(), self.rotation.sin()) };
        let (mut c, mut d) = if self.skew == 0.0 {
            (-b, a)
        } else {
            (-(self.skew + self.rotation).sin(), (self.skew + self.rotation).cos())
        };
        if self.scale_x != 1.0 {
            a *= self.scale_x;
            b *= self.scale_x;
        }
        if self.scale_y != 1.0 {
            c *= self.scale_y;
            d *= self.scale_y;
        }
        Matrix { a, b, c, d, tx: self.x, ty: self.y }
    }

    /// [`to_matrix`](Self::to_matrix) as a runtime keeping `float`s computes it: the transform
    /// rounded to 32 bits, then each sine, cosine, sum and product (the C++ core's
    /// `Transform::toMatrix`: the cosine of π/2 in `float` is −4.37e-8, not 6.1e-17).
    pub fn to_matrix_f32(&self) -> Matrix {
        let t = self.to_f32();
        let (mut a, mut b) =
            if t.rotation == 0.0 { (1.0, 0.0) } else { (to_f32(t.rotation.cos()), to_f32(t.rotation.sin())) };
        let (mut c, mut d) = if t.skew == 0.0 {
            (-b, a)
        } else {
            let angle = to_f32(t.skew + t.rotation);
            (-to_f32(angle.sin()), to_f32(angle.cos()))
        };
        if t.scale_x != 1.0 {
            a = to_f32(a * t.scale_x);
            b = to_f32(b * t.scale_x);
        }
        if t.scale_y != 1.0 {
            c = to_f32(c * t.scale_y);
            d = to_f32(d * t.scale_y);
        }
        Matrix { a, b, c, d, tx: t.x, ty: t.y }
    }
}

/// Multipliers (0..1, not percent) and offsets (−255..255).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColorTransform {
    pub alpha_multiplier: f64,
    pub red_multiplier: f64,
    pub green_multiplier: f64,
    pub blue_multiplier: f64,
    pub alpha_offset: f64,
    pub red_offset: f64,
    pub green_offset: f64,
    pub blue_offset: f64,
}

impl Default for ColorTransform {
    fn default() -> ColorTransform {
        ColorTransform::IDENTITY
    }
}

impl ColorTransform {
    pub const IDENTITY: ColorTransform = ColorTransform {
        alpha_multiplier: 1.0,
        red_multiplier: 1.0,
        green_multiplier: 1.0,
        blue_multiplier: 1.0,
        alpha_offset: 0.0,
        red_offset: 0.0,
        green_offset: 0.0,
        blue_offset: 0.0,
    };

    pub fn to_array(self) -> [f64; 8] {
        [
            self.alpha_multiplier,
            self.red_multiplier,
            self.green_multiplier,
            self.blue_multiplier,
            self.alpha_offset,
            self.red_offset,
            self.green_offset,
            self.blue_offset,
        ]
    }

    pub fn from_array(v: [f64; 8]) -> ColorTransform {
        ColorTransform {
            alpha_multiplier: v[0],
            red_multiplier: v[1],
            green_multiplier: v[2],
            blue_multiplier: v[3],
            alpha_offset: v[4],
            red_offset: v[5],
            green_offset: v[6],
            blue_offset: v[7],
        }
    }
}

/// A value stored in one of the runtime's `Int16Array`s (truncated, wrapped; NaN is 0).
pub fn to_i16(v: f64) -> i16 {
    if !v.is_finite() {
        return 0;
    }
    (v.trunc().rem_euclid(65536.0) as u32 as u16) as i16
}

/// A value stored in one of the runtime's `Uint16Array`s.
pub fn to_u16(v: f64) -> u16 {
    to_i16(v) as u16
}

/// A value stored in one of the runtime's `Float32Array`s.
pub fn to_f32(v: f64) -> f64 {
    v as f32 as f64
}

/// JavaScript's `Math.round` (halves round up, towards +∞).
pub fn js_round(v: f64) -> f64 {
    (v + 0.5).floor()
}
