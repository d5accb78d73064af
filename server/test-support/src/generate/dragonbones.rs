//! A valid DragonBones 5.5 skeleton of about `target` bytes: many armatures, each with a bone
//! chain, slots, an IK constraint, a skin of skinned meshes (vertices, uvs, triangles, weights,
//! bind poses) and long animations (bone, slot and deform timelines), all with Japanese names.
//! Written minified (one line, as exporters write it) or indented like `JSON.stringify(x, null, 2)`.

use std::fmt::Write;

use super::{Rng, japanese_name};

const BONES: usize = 16;
const MESHES: usize = 8;
/// Mesh grid side: `GRID × GRID` vertices.
const GRID: usize = 12;
const ANIMATIONS: usize = 3;
/// Key frames per timeline.
const KEYS: usize = 24;
/// Key frames per deform timeline (each holds every vertex's offset).
const DEFORM_KEYS: usize = 6;
/// Frames between two key frames of the bone and slot timelines.
const FRAME: usize = 5;

/// A JSON writer that inserts commas, and line breaks and indentation when `pretty`.
pub struct Json {
    pub s: String,
    pretty: bool,
    /// Per open container: whether it has no element yet.
    first: Vec<bool>,
    /// The next value is a member's (it follows `"key": ` on the same line).
    after_key: bool,
}

impl Json {
    pub fn new(pretty: bool, capacity: usize) -> Json {
        Json { s: String::with_capacity(capacity), pretty, first: Vec::new(), after_key: false }
    }

    fn separate(&mut self) {
        if std::mem::take(&mut self.after_key) {
            return;
        }
        if let Some(first) = self.first.last_mut() {
            if !*first {
                self.s.push(',');
            }
            *first = false;
            if self.pretty {
                self.s.push('\n');
                for _ in 0..self.first.len() {
                    self.s.push_str("  ");
                }
            }
        }
    }

    fn open(&mut self, bracket: char) {
        self.separate();
        self.s.push(bracket);
        self.first.push(true);
    }

    fn close(&mut self, bracket: char) {
        let empty = self.first.pop().unwrap_or(true);
        if self.pretty && !empty {
            self.s.push('\n');
            for _ in 0..self.first.len() {
                self.s.push_str("  ");
            }
        }
        self.s.push(bracket);
    }

    pub fn obj(&mut self) {
        self.open('{');
    }
    pub fn end_obj(&mut self) {
        self.close('}');
    }
    pub fn arr(&mut self) {
        self.open('[');
    }
    pub fn end_arr(&mut self) {
        self.close(']');
    }

    pub fn key(&mut self, key: &str) {
        self.separate();
        let _ = write!(self.s, "\"{key}\":");
        if self.pretty {
            self.s.push(' ');
        }
        self.after_key = true;
    }

    pub fn str(&mut self, value: &str) {
        self.separate();
        let _ = write!(self.s, "\"{value}\"");
    }

    pub fn int(&mut self, value: i64) {
        self.separate();
        let _ = write!(self.s, "{value}");
    }

    /// A number with at most 4 decimals, written as JavaScript would (`0.5`, `-12`, `3.1416`).
    pub fn num(&mut self, value: f64) {
        self.separate();
        let rounded = (value * 1e4).round() / 1e4;
        let rounded = if rounded == 0.0 { 0.0 } else { rounded };
        let _ = write!(self.s, "{rounded}");
    }

    pub fn bool(&mut self, value: bool) {
        self.separate();
        let _ = write!(self.s, "{value}");
    }

    pub fn str_member(&mut self, key: &str, value: &str) {
        self.key(key);
        self.str(value);
    }
    pub fn int_member(&mut self, key: &str, value: i64) {
        self.key(key);
        self.int(value);
    }
    pub fn num_member(&mut self, key: &str, value: f64) {
        self.key(key);
        self.num(value);
    }
    pub fn nums_member(&mut self, key: &str, values: impl IntoIterator<Item = f64>) {
        self.key(key);
        self.arr();
        for v in values {
            self.num(v);
        }
        self.end_arr();
    }
}

struct Armature {
    name: String,
    bones: Vec<String>,
    slots: Vec<String>,
    displays: Vec<String>,
    animations: Vec<String>,
}

/// A one-bone skeleton whose armature's `userData` is arrays nested `depth` deep.
pub fn nested_user_data(depth: usize) -> String {
    format!(
        r#"{{"name":"深","version":"5.5","armature":[{{"name":"深","bone":[{{"name":"root"}}],"userData":{}{}}}]}}"#,
        "[".repeat(depth),
        "]".repeat(depth)
    )
}

/// A skeleton of at least `target` bytes (and at least one armature).
pub fn skeleton(target: usize, pretty: bool) -> String {
    let mut rng = Rng::new(target as u64 ^ 0xDB55);
    let mut out = Json::new(pretty, target + target / 4);
    out.obj();
    out.int_member("frameRate", 24);
    out.str_member("name", "軍団");
    out.str_member("version", "5.5");
    out.str_member("compatibleVersion", "5.5");
    out.key("armature");
    out.arr();
    let mut a = 0;
    // Leave room for the closing brackets; every armature is far larger than they are.
    while a == 0 || out.s.len() < target {
        let armature = Armature {
            name: format!("兵士{}", japanese_name(&mut rng, a)),
            bones: (0..BONES).map(|b| japanese_name(&mut rng, b)).collect(),
            slots: (0..MESHES).map(|s| format!("枠{}", japanese_name(&mut rng, s))).collect(),
            displays: (0..MESHES).map(|s| format!("体/{}", japanese_name(&mut rng, s))).collect(),
            animations: (0..ANIMATIONS).map(|i| format!("動き{}", japanese_name(&mut rng, i))).collect(),
        };
        write_armature(&mut out, &mut rng, &armature);
        a += 1;
    }
    out.end_arr();
    out.end_obj();
    if pretty {
        out.s.push('\n');
    }
    out.s
}

fn write_armature(out: &mut Json, rng: &mut Rng, a: &Armature) {
    out.obj();
    out.str_member("type", "Armature");
    out.int_member("frameRate", 24);
    out.str_member("name", &a.name);
    out.key("aabb");
    out.obj();
    out.num_member("x", -200.0);
    out.num_member("y", -400.0);
    out.num_member("width", 400.0);
    out.num_member("height", 800.0);
    out.end_obj();

    out.key("bone");
    out.arr();
    for (b, bone) in a.bones.iter().enumerate() {
        out.obj();
        out.str_member("name", bone);
        if b > 0 {
            out.str_member("parent", &a.bones[b - 1]);
            out.num_member("length", 40.0 + rng.float(0.0, 20.0));
            out.key("transform");
            out.obj();
            out.num_member("x", rng.float(20.0, 60.0));
            out.num_member("y", rng.float(-5.0, 5.0));
            let angle = rng.float(-30.0, 30.0);
            out.num_member("skX", angle);
            out.num_member("skY", angle);
            out.end_obj();
        }
        out.end_obj();
    }
    // The IK target: a bone of its own (a target below the bone it turns would hang the runtime).
    out.obj();
    out.str_member("name", "目標");
    out.key("transform");
    out.obj();
    out.num_member("x", 300.0);
    out.num_member("y", 200.0);
    out.end_obj();
    out.end_obj();
    out.end_arr();

    out.key("slot");
    out.arr();
    for (s, slot) in a.slots.iter().enumerate() {
        out.obj();
        out.str_member("name", slot);
        out.str_member("parent", &a.bones[s * BONES / MESHES]);
        out.end_obj();
    }
    out.end_arr();

    out.key("ik");
    out.arr();
    out.obj();
    out.str_member("name", "足IK");
    out.str_member("bone", &a.bones[BONES - 2]);
    out.str_member("target", "目標");
    out.int_member("chain", 1);
    out.key("bendPositive");
    out.bool(false);
    out.end_obj();
    out.end_arr();

    out.key("skin");
    out.arr();
    out.obj();
    out.key("slot");
    out.arr();
    for (s, slot) in a.slots.iter().enumerate() {
        out.obj();
        out.str_member("name", slot);
        out.key("display");
        out.arr();
        mesh(out, rng, &a.displays[s], s);
        out.end_arr();
        out.end_obj();
    }
    out.end_arr();
    out.end_obj();
    out.end_arr();

    out.key("animation");
    out.arr();
    for name in &a.animations {
        animation(out, rng, a, name);
    }
    out.end_arr();

    out.key("defaultActions");
    out.arr();
    out.obj();
    out.str_member("gotoAndPlay", &a.animations[0]);
    out.end_obj();
    out.end_arr();
    out.end_obj();
}

/// A `GRID × GRID` skinned sheet bound to two neighbouring bones of the chain.
fn mesh(out: &mut Json, rng: &mut Rng, name: &str, slot: usize) {
    let n = GRID * GRID;
    let (w, h) = (100.0, 200.0);
    out.obj();
    out.str_member("type", "mesh");
    out.str_member("name", name);
    out.num_member("width", w);
    out.num_member("height", h);
    let mut vertices = Vec::with_capacity(2 * n);
    let mut uvs = Vec::with_capacity(2 * n);
    for v in 0..n {
        let (u, t) = ((v % GRID) as f64 / (GRID - 1) as f64, (v / GRID) as f64 / (GRID - 1) as f64);
        vertices.extend([u * w - w / 2.0 + rng.float(-0.5, 0.5), t * h - h / 2.0 + rng.float(-0.5, 0.5)]);
        uvs.extend([u, t]);
    }
    out.nums_member("vertices", vertices);
    out.nums_member("uvs", uvs);
    out.key("triangles");
    out.arr();
    for r in 0..GRID - 1 {
        for c in 0..GRID - 1 {
            let i = (r * GRID + c) as i64;
            let g = GRID as i64;
            for v in [i, i + g, i + 1, i + 1, i + g, i + g + 1] {
                out.int(v);
            }
        }
    }
    out.end_arr();
    let (b0, b1) = (slot * BONES / MESHES, slot * BONES / MESHES + 1);
    out.key("weights");
    out.arr();
    for v in 0..n {
        let t = (v / GRID) as f64 / (GRID - 1) as f64;
        let w0 = ((1.0 - t) * 1e4).round() / 1e4;
        out.int(2);
        out.int(b0 as i64);
        out.num(w0);
        out.int(b1 as i64);
        out.num(1.0 - w0);
    }
    out.end_arr();
    out.nums_member("slotPose", [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
    out.key("bonePose");
    out.arr();
    for (b, y) in [(b0, -50.0), (b1, 0.0)] {
        out.int(b as i64);
        for v in [1.0, 0.0, 0.0, 1.0, 0.0, y] {
            out.num(v);
        }
    }
    out.end_arr();
    out.end_obj();
}

/// `keys` key frames spread over the animation (whose length is `(KEYS - 1) * FRAME` frames).
fn frames(out: &mut Json, key: &str, keys: usize, mut body: impl FnMut(&mut Json, usize)) {
    out.key(key);
    out.arr();
    let step = (KEYS - 1) * FRAME / (keys - 1);
    for k in 0..keys {
        out.obj();
        let last = k + 1 == keys;
        let duration = if last {
            0
        } else if k + 2 == keys {
            (KEYS - 1) * FRAME - step * (keys - 2)
        } else {
            step
        };
        out.int_member("duration", duration as i64);
        if !last {
            out.int_member("tweenEasing", 0);
        }
        body(out, k);
        out.end_obj();
    }
    out.end_arr();
}

fn animation(out: &mut Json, rng: &mut Rng, a: &Armature, name: &str) {
    out.obj();
    out.int_member("duration", ((KEYS - 1) * FRAME) as i64);
    out.int_member("playTimes", 0);
    out.str_member("name", name);
    out.key("bone");
    out.arr();
    for bone in &a.bones {
        out.obj();
        out.str_member("name", bone);
        frames(out, "translateFrame", KEYS, |out, _| {
            out.num_member("x", rng.float(-3.0, 3.0));
            out.num_member("y", rng.float(-3.0, 3.0));
        });
        frames(out, "rotateFrame", KEYS, |out, k| out.num_member("rotate", (k as f64 * 0.4).sin() * 15.0));
        frames(out, "scaleFrame", KEYS, |out, _| out.num_member("x", 1.0 + rng.float(0.0, 0.05)));
        out.end_obj();
    }
    out.end_arr();
    out.key("slot");
    out.arr();
    for slot in &a.slots {
        out.obj();
        out.str_member("name", slot);
        frames(out, "colorFrame", KEYS, |out, k| {
            out.key("value");
            out.obj();
            out.int_member("aM", 100 - (k % 5) as i64 * 10);
            out.end_obj();
        });
        out.end_obj();
    }
    out.end_arr();
    out.key("ffd");
    out.arr();
    for (display, slot) in a.displays.iter().zip(&a.slots) {
        out.obj();
        out.str_member("name", display);
        out.str_member("skin", "");
        out.str_member("slot", slot);
        frames(out, "frame", DEFORM_KEYS, |out, _| {
            out.int_member("offset", 0);
            out.nums_member("vertices", (0..2 * GRID * GRID).map(|_| rng.float(-2.0, 2.0)));
        });
        out.end_obj();
    }
    out.end_arr();
    out.end_obj();
}
