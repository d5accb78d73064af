//! A key frame's easing curve as the runtime keeps it: `frame count + 1` samples in 1/10000 of
//! the Bézier's y at evenly spaced x (`_samplingEasingCurve`). A binary file stores them; from
//! JSON the runtime computes them all when it loads the file, and rigls computes a sample only
//! when a pose reads it: a key frame of a million frames has a million samples (1,272 such key
//! frames took `--check` 33 s), and a pose reads two.

use super::parse::round_i16;

#[derive(Debug, Clone)]
pub enum CurveSamples {
    /// The samples as stored (a binary file's frame array).
    Stored(Vec<i16>),
    /// `len` samples of a JSON curve's points, as DragonBonesJS computes them (in `f64`,
    /// rounded) or, `cpp`, DragonBonesCPP (in `float`, truncated).
    Points { points: Box<[f64]>, len: usize, cpp: bool },
}

impl PartialEq for CurveSamples {
    fn eq(&self, other: &CurveSamples) -> bool {
        self.iter().eq(other.iter())
    }
}

impl CurveSamples {
    pub fn len(&self) -> usize {
        match self {
            CurveSamples::Stored(samples) => samples.len(),
            CurveSamples::Points { len, .. } => *len,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Sample `i`, in 1/10000.
    pub fn get(&self, i: usize) -> Option<i16> {
        match self {
            CurveSamples::Stored(samples) => samples.get(i).copied(),
            CurveSamples::Points { points, len, cpp } => (i < *len).then(|| match cpp {
                false => round_i16(sample_js(points, i, *len) * 10000.0),
                true => trunc_i16(sample_cpp(points, i, *len) * 10000.0),
            }),
        }
    }

    /// Every sample, in order (a file written out holds them all).
    pub fn iter(&self) -> impl Iterator<Item = i16> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }

    pub fn to_vec(&self) -> Vec<i16> {
        self.iter().collect()
    }
}

/// Whether DragonBonesJS reads the curve's end points, (0, 0) and (1, 1), as implicit: a length
/// of one more than a multiple of 3 (4, 10…). Any other is stored with a negative sample count.
pub fn omits_end_points(points: &[f64]) -> bool {
    points.len() % 3 == 1
}

/// Sample `i` of `len` (its x is `(i + 1) / (len + 1)`) of DragonBonesJS's
/// `_samplingEasingCurve`: the segment found by scanning from the start (the runtime goes on
/// from the previous sample's segment, which skips only segments that end before this larger x
/// too), then the Bézier's parameter bisected to 0.0001.
fn sample_js(curve: &[f64], i: usize, len: usize) -> f64 {
    let count = curve.len() as i64;
    let at = |i: i64| -> f64 { if i < 0 { f64::NAN } else { curve.get(i as usize).copied().unwrap_or(f64::NAN) } };
    let t = (i + 1) as f64 / (len + 1) as f64;
    let omitted = omits_end_points(curve);
    let mut step: i64 = if omitted { -2 } else { 0 };
    let (x1, y1, x4, y4);
    if omitted {
        while (if step + 6 < count { at(step + 6) } else { 1.0 }) < t {
            step += 6;
        }
        let inside = step >= 0 && step + 6 < count;
        x1 = if inside { at(step) } else { 0.0 };
        y1 = if inside { at(step + 1) } else { 0.0 };
        x4 = if inside { at(step + 6) } else { 1.0 };
        y4 = if inside { at(step + 7) } else { 1.0 };
    } else {
        while at(step + 6) < t {
            step += 6;
        }
        x1 = at(step);
        y1 = at(step + 1);
        x4 = at(step + 6);
        y4 = at(step + 7);
    }
    let (x2, y2, x3, y3) = (at(step + 2), at(step + 3), at(step + 4), at(step + 5));
    let (mut lower, mut higher) = (0.0f64, 1.0f64);
    let mut y = f64::NAN;
    while higher - lower > 0.0001 {
        let p = (higher + lower) * 0.5;
        let (px, py) = bezier(x1, y1, x2, y2, x3, y3, x4, y4, p);
        y = py;
        if t - px > 0.0 {
            lower = p;
        } else {
            higher = p;
        }
    }
    y
}

/// Sample `i` of `len` of DragonBonesCPP's `_samplingEasingCurve`
/// (`parser/JSONDataParser.cpp:5-62`): the curve's end points always implicit, the search and
/// the Bézier point in `float`.
fn sample_cpp(curve: &[f64], i: usize, len: usize) -> f32 {
    let count = curve.len() as i64;
    let at = |i: i64| -> f32 { if i < 0 { f32::NAN } else { curve.get(i as usize).map_or(f32::NAN, |&v| v as f32) } };
    let t = (i + 1) as f32 / (len + 1) as f32;
    let mut step: i64 = -2;
    while (if step + 6 < count { f64::from(at(step + 6)) } else { 1.0 }) < f64::from(t) {
        step += 6;
    }
    let inside = step >= 0 && step + 6 < count;
    let x1 = if inside { at(step) } else { 0.0 };
    let y1 = if inside { at(step + 1) } else { 0.0 };
    let x4 = if inside { at(step + 6) } else { 1.0 };
    let y4 = if inside { at(step + 7) } else { 1.0 };
    let (x2, y2, x3, y3) = (at(step + 2), at(step + 3), at(step + 4), at(step + 5));
    let (mut lower, mut higher) = (0.0f32, 1.0f32);
    let mut y = 0.0f32;
    while higher - lower > 0.0001 {
        let p = (higher + lower) * 0.5;
        let l_t = 1.0 - p;
        let (pow_a, pow_b) = (l_t * l_t, p * p);
        let (ka, kb, kc, kd) = (l_t * pow_a, 3.0 * p * pow_a, 3.0 * l_t * pow_b, p * pow_b);
        let px = ka * x1 + kb * x2 + kc * x3 + kd * x4;
        y = ka * y1 + kb * y2 + kc * y3 + kd * y4;
        if t - px > 0.0 {
            lower = p;
        } else {
            higher = p;
        }
    }
    y
}

/// A `float` stored in an `int16_t` array, as the C++ runtime's x86-64 builds convert it: truncated
/// to 32 bits (`cvttss2si`, which gives 0x80000000 for NaN and whatever is past ±2^31), of which
/// the low 16 are kept. So 39,900 wraps to -25,636 and 2^31 reads 0 (the conversion is undefined in
/// C++; this is what the compiled runtime does, checked against DragonBonesCPP's harness).
pub fn trunc_i16(v: f32) -> i16 {
    let in_range = v.abs() < 2_147_483_648.0;
    let int32 = if in_range { v.trunc() as i32 } else { i32::MIN };
    int32 as i16
}

#[allow(clippy::too_many_arguments)]
fn bezier(x1: f64, y1: f64, x2: f64, y2: f64, x3: f64, y3: f64, x4: f64, y4: f64, t: f64) -> (f64, f64) {
    let l = 1.0 - t;
    let pow_a = l * l;
    let pow_b = t * t;
    let ka = l * pow_a;
    let kb = 3.0 * t * pow_a;
    let kc = 3.0 * l * pow_b;
    let kd = t * pow_b;
    (ka * x1 + kb * x2 + kc * x3 + kd * x4, ka * y1 + kb * y2 + kc * y3 + kd * y4)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The parser's sampling before samples were computed one at a time, kept as the reference:
    /// samples an easing curve at `samples.len()` evenly spaced progresses (bisecting the
    /// Bézier's x for each), as `_samplingEasingCurve`. True when the curve omits its end points.
    fn sample_curve(curve: &[f64], samples: &mut [f64]) -> bool {
        let count = curve.len() as i64;
        let at = |i: i64| -> f64 { if i < 0 { f64::NAN } else { curve.get(i as usize).copied().unwrap_or(f64::NAN) } };
        let l = samples.len();
        let omitted = count % 3 == 1;
        let mut step: i64 = if omitted { -2 } else { 0 };
        let mut y = f64::NAN;
        for (i, sample) in samples.iter_mut().enumerate() {
            let t = (i + 1) as f64 / (l + 1) as f64;
            let (x1, y1, x4, y4);
            if omitted {
                while (if step + 6 < count { at(step + 6) } else { 1.0 }) < t {
                    step += 6;
                }
                let inside = step >= 0 && step + 6 < count;
                x1 = if inside { at(step) } else { 0.0 };
                y1 = if inside { at(step + 1) } else { 0.0 };
                x4 = if inside { at(step + 6) } else { 1.0 };
                y4 = if inside { at(step + 7) } else { 1.0 };
            } else {
                while at(step + 6) < t {
                    step += 6;
                }
                x1 = at(step);
                y1 = at(step + 1);
                x4 = at(step + 6);
                y4 = at(step + 7);
            }
            let (x2, y2, x3, y3) = (at(step + 2), at(step + 3), at(step + 4), at(step + 5));
            let (mut lower, mut higher) = (0.0f64, 1.0f64);
            while higher - lower > 0.0001 {
                let p = (higher + lower) * 0.5;
                let (px, py) = bezier(x1, y1, x2, y2, x3, y3, x4, y4, p);
                y = py;
                if t - px > 0.0 {
                    lower = p;
                } else {
                    higher = p;
                }
            }
            *sample = y;
        }
        omitted
    }

    /// DragonBonesCPP's `_samplingEasingCurve` (`parser/JSONDataParser.cpp:5-62`): the curve's end
    /// points always implicit, the search and the Bézier point in `float`.
    fn sample_curve_f32(curve: &[f64], l: usize) -> Vec<f32> {
        let count = curve.len() as i64;
        let at =
            |i: i64| -> f32 { if i < 0 { f32::NAN } else { curve.get(i as usize).map_or(f32::NAN, |&v| v as f32) } };
        let mut step: i64 = -2;
        let mut y = 0.0f32;
        let mut out = Vec::with_capacity(l);
        for i in 0..l {
            let t = (i + 1) as f32 / (l + 1) as f32;
            while (if step + 6 < count { f64::from(at(step + 6)) } else { 1.0 }) < f64::from(t) {
                step += 6;
            }
            let inside = step >= 0 && step + 6 < count;
            let x1 = if inside { at(step) } else { 0.0 };
            let y1 = if inside { at(step + 1) } else { 0.0 };
            let x4 = if inside { at(step + 6) } else { 1.0 };
            let y4 = if inside { at(step + 7) } else { 1.0 };
            let (x2, y2, x3, y3) = (at(step + 2), at(step + 3), at(step + 4), at(step + 5));
            let (mut lower, mut higher) = (0.0f32, 1.0f32);
            while higher - lower > 0.0001 {
                let p = (higher + lower) * 0.5;
                let l_t = 1.0 - p;
                let (pow_a, pow_b) = (l_t * l_t, p * p);
                let (ka, kb, kc, kd) = (l_t * pow_a, 3.0 * p * pow_a, 3.0 * l_t * pow_b, p * pow_b);
                let px = ka * x1 + kb * x2 + kc * x3 + kd * x4;
                y = ka * y1 + kb * y2 + kc * y3 + kd * y4;
                if t - px > 0.0 {
                    lower = p;
                } else {
                    higher = p;
                }
            }
            out.push(y);
        }
        out
    }

    /// The samples of the loops above, stored as the parser stored them.
    fn sampled_in_one_loop(curve: &[f64], len: usize, cpp: bool) -> Vec<i16> {
        if cpp {
            return sample_curve_f32(curve, len).iter().map(|&y| trunc_i16(y * 10000.0)).collect();
        }
        let mut samples = vec![0.0; len];
        sample_curve(curve, &mut samples);
        samples.iter().map(|&y| round_i16(y * 10000.0)).collect()
    }

    fn point() -> impl Strategy<Value = f64> {
        prop_oneof![8 => -0.5..1.5f64, 1 => Just(f64::NAN), 1 => Just(0.5)]
    }

    proptest! {
        #[test]
        fn each_sample_is_the_one_loops(
            curve in prop::collection::vec(point(), 0..20),
            len in 0usize..40,
            cpp in any::<bool>(),
        ) {
            let samples = CurveSamples::Points { points: curve.clone().into(), len, cpp };
            prop_assert_eq!(samples.to_vec(), sampled_in_one_loop(&curve, len, cpp));
            prop_assert_eq!(samples.len(), len);
            prop_assert_eq!(samples.get(len), None);
        }
    }

    #[test]
    fn samples_of_an_ease_in_out() {
        // (0.5, 0) and (0.5, 1) as control points, end points implicit: 5 samples.
        let samples = CurveSamples::Points { points: Box::new([0.5, 0.0, 0.5, 1.0]), len: 5, cpp: false };
        assert_eq!(samples.to_vec(), [433, 2036, 4999, 7964, 9567]);
        let cpp = CurveSamples::Points { points: Box::new([0.5, 0.0, 0.5, 1.0]), len: 5, cpp: true };
        // In `float`, truncated.
        assert_eq!(cpp.to_vec(), [433, 2036, 4999, 7963, 9566]);
        assert_eq!(samples, CurveSamples::Stored(samples.to_vec()));
        assert_ne!(samples, cpp);
    }
}
