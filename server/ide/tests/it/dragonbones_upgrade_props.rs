//! Random 4.0/4.5/5.0 skeletons — bone chains, transforms written as `skX`/`skY` or
//! `rotate`/`skew` with angles past ±180°, key frames of every length (0 and past the end too),
//! every easing, curves, `tweenRotate`, and events, sounds and actions in every form on bone, slot
//! and animation key frames — upgrade to 5.5 data that poses as the original at every key frame
//! and half-way between, and fires the same actions on the same frames.

use proptest::prelude::*;

use super::{compare_poses, runtime_actions};
use rigls_dragonbones::DragonBonesFile;
use rigls_dragonbones::upgrade::{Options, Outcome};

/// A small deterministic generator (xorshift) seeded by proptest.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn chance(&mut self, one_in: u64) -> bool {
        self.below(one_in) == 0
    }

    fn range(&mut self, low: i64, high: i64) -> i64 {
        low + self.below((high - low + 1) as u64) as i64
    }

    /// A number as written: whole, fractional, or a quarter.
    fn number(&mut self, low: i64, high: i64) -> String {
        match self.below(3) {
            0 => self.range(low, high).to_string(),
            1 => format!("{}", self.range(low * 4, high * 4) as f64 / 4.0),
            _ => format!("{:.3}", self.range(low * 1000, high * 1000) as f64 / 1000.0),
        }
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

fn transform(g: &mut Gen) -> String {
    let mut parts = Vec::new();
    for k in ["x", "y"] {
        if !g.chance(3) {
            parts.push(format!("\"{k}\":{}", g.number(-80, 80)));
        }
    }
    if g.chance(6) {
        parts.push(format!("\"rotate\":{}", g.number(-400, 400)));
        if g.chance(2) {
            parts.push(format!("\"skew\":{}", g.number(-60, 60)));
        }
    } else {
        let y = g.number(-400, 400);
        let x = if g.chance(3) { g.number(-400, 400) } else { y.clone() };
        parts.push(format!("\"skX\":{x},\"skY\":{y}"));
    }
    for k in ["scX", "scY"] {
        if g.chance(3) {
            parts.push(format!("\"{k}\":{}", g.number(-2, 3)));
        }
    }
    format!("{{{}}}", parts.join(","))
}

/// Events, sounds and actions in one of the forms the runtime reads.
fn fired(g: &mut Gen, bones: usize, slots: usize) -> String {
    let mut out = String::new();
    if g.chance(5) {
        out.push_str(&format!(",\"event\":\"e{}\"", g.below(3)));
    }
    if g.chance(7) {
        out.push_str(&format!(",\"sound\":\"s{}\"", g.below(3)));
    }
    if g.chance(8) {
        out.push_str(&format!(",\"action\":\"a{}\"", g.below(3)));
    }
    if g.chance(7) {
        let bone = if g.chance(2) { format!(",\"bone\":\"b{}\"", g.below(bones as u64 + 1)) } else { String::new() };
        let slot = if g.chance(3) { format!(",\"slot\":\"s{}\"", g.below(slots as u64 + 1)) } else { String::new() };
        let ty = g.pick(&["", ",\"type\":10", ",\"type\":\"sound\"", ",\"type\":null", ",\"type\":0"]);
        out.push_str(&format!(
            ",\"events\":[{{\"name\":\"v{}\"{ty}{bone}{slot},\"ints\":[{}]}}]",
            g.below(3),
            g.below(9)
        ));
    }
    if g.chance(8) {
        let item = g.pick(&[
            "{\"gotoAndPlay\":\"a0\"}",
            "{\"type\":10,\"name\":\"x\"}",
            "{\"name\":\"p\"}",
            "{\"type\":11,\"name\":\"q\",\"slot\":\"s0\"}",
        ]);
        out.push_str(&format!(",\"actions\":[{item}]"));
    }
    out
}

fn easing(g: &mut Gen) -> String {
    match g.below(7) {
        0 => String::new(),
        1 => ",\"tweenEasing\":null".to_owned(),
        2 => ",\"tweenEasing\":\"NaN\"".to_owned(),
        3 => format!(",\"curve\":[{},0,{},1]", g.number(0, 1), g.number(0, 1)),
        _ => format!(",\"tweenEasing\":{}", g.pick(&["0", "-1", "-0.5", "0.5", "1", "1.5", "2"])),
    }
}

fn skeleton(g: &mut Gen) -> String {
    let version = g.pick(&["4.0", "4.5", "5.0"]);
    let bones = g.range(1, 5) as usize;
    let slots = g.range(0, 3) as usize;
    let mut bone_list = Vec::new();
    for b in 0..bones {
        let parent =
            if b > 0 && !g.chance(4) { format!(",\"parent\":\"b{}\"", g.below(b as u64)) } else { String::new() };
        bone_list.push(format!("{{\"name\":\"b{b}\"{parent},\"transform\":{}}}", transform(g)));
    }
    let mut slot_list = Vec::new();
    let mut skin = Vec::new();
    for s in 0..slots {
        slot_list.push(format!(
            "{{\"name\":\"s{s}\",\"parent\":\"b{}\",\"displayIndex\":{}}}",
            g.below(bones as u64),
            g.range(-1, 1)
        ));
        skin.push(format!(
            "{{\"name\":\"s{s}\",\"display\":[{{\"name\":\"t0\"}},{{\"name\":\"t1\",\"transform\":{}}}]}}",
            transform(g)
        ));
    }
    let mut animations = Vec::new();
    for a in 0..g.range(1, 2) {
        let duration = g.range(0, 12);
        let mut bone_timelines = Vec::new();
        for _ in 0..g.range(0, 3) {
            let mut frames = Vec::new();
            for _ in 0..g.range(1, 4) {
                let turns = if g.chance(4) { format!(",\"tweenRotate\":{}", g.range(-2, 2)) } else { String::new() };
                frames.push(format!(
                    "{{\"duration\":{}{}{turns},\"transform\":{}{}}}",
                    g.range(0, 6),
                    easing(g),
                    transform(g),
                    fired(g, bones, slots)
                ));
            }
            bone_timelines.push(format!(
                "{{\"name\":\"b{}\",\"frame\":[{}]}}",
                g.below(bones as u64 + 1),
                frames.join(",")
            ));
        }
        let mut slot_timelines = Vec::new();
        for _ in 0..g.range(0, 2).min(slots as i64) {
            let mut frames = Vec::new();
            for _ in 0..g.range(1, 3) {
                let color = if g.chance(2) {
                    format!(",\"color\":{{\"aM\":{},\"rO\":{}}}", g.range(0, 100), g.range(-50, 50))
                } else {
                    String::new()
                };
                frames.push(format!(
                    "{{\"duration\":{}{},\"displayIndex\":{}{color}{}}}",
                    g.range(0, 6),
                    easing(g),
                    g.range(-1, 1),
                    fired(g, bones, slots)
                ));
            }
            slot_timelines.push(format!(
                "{{\"name\":\"s{}\",\"frame\":[{}]}}",
                g.below(slots as u64),
                frames.join(",")
            ));
        }
        let mut action_frames = Vec::new();
        if g.chance(2) {
            for _ in 0..g.range(1, 3) {
                action_frames.push(format!("{{\"duration\":{}{}}}", g.range(0, 7), fired(g, bones, slots)));
            }
        }
        let frame =
            if action_frames.is_empty() { String::new() } else { format!(",\"frame\":[{}]", action_frames.join(",")) };
        animations.push(format!(
            "{{\"name\":\"a{a}\",\"duration\":{duration}{frame},\"bone\":[{}],\"slot\":[{}]}}",
            bone_timelines.join(","),
            slot_timelines.join(",")
        ));
    }
    format!(
        "{{\"name\":\"r\",\"version\":\"{version}\",\"frameRate\":24,\"armature\":[{{\"name\":\"r\",\"bone\":[{}],\"slot\":[{}],\"skin\":[{{\"slot\":[{}]}}],\"animation\":[{}]}}]}}",
        bone_list.join(","),
        slot_list.join(","),
        skin.join(","),
        animations.join(",")
    )
}

/// Upgrades the skeleton of `seed` and checks that it poses and fires actions as the original.
fn upgrades_to_the_same_poses_and_actions(seed: u64) {
    let text = skeleton(&mut Gen(seed));
    let file = DragonBonesFile::parse(&text).expect("a skeleton");
    let Outcome::Upgraded { text: upgraded, .. } = file.upgrade(&text, Options::default()) else {
        panic!("not upgraded:\n{text}")
    };
    let what = format!("seed {seed}:\n{text}\n->\n{upgraded}\n");
    compare_poses(&what, &text, &upgraded);
    assert_eq!(runtime_actions(&text), runtime_actions(&upgraded), "{what}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn random_4x_skeletons_upgrade_to_the_same_poses_and_actions(seed in 1u64..) {
        upgrades_to_the_same_poses_and_actions(seed);
    }
}

/// A seed that failed: a key frame half a turn from the one before, turned the other way round
/// (bone b3 at 0.125 s).
#[test]
fn a_half_turn_seed_upgrades_to_the_same_poses_and_actions() {
    upgrades_to_the_same_poses_and_actions(10548087407195189360);
}
