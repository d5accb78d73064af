//! Random DragonBones skeletons of a valid shape (the keys, nesting and types a runtime reads),
//! with random values: bone chains (and cycles), transforms with huge and non-finite numbers,
//! IK, slots, image, mesh (weighted or not) and child-armature displays (and cycles of them),
//! animations with bone, slot, deform and IK timelines, curves and easing. Each is posed at random
//! times in every armature and animation: the evaluator answers or refuses, never panics or
//! hangs (the `pose_json` target), as DragonBonesJS and as DragonBonesCPP.
#![allow(dead_code)]

use std::path::Path;

use arbitrary::{Result, Unstructured};
use rigls_diagnostic::env::MemoryFs;
use rigls_ide::Analysis;
use rigls_ide::pose::{PoseRequest, pose};

/// A number as JSON text: small and fractional mostly, sometimes zero, huge, tiny or infinite
/// (`1e999` reads as infinity).
fn number(u: &mut Unstructured) -> Result<String> {
    Ok(match u.int_in_range(0..=9)? {
        0..=3 => i64::from(u.int_in_range(-100i8..=100)?).to_string(),
        4..=6 => format!("{}", f64::from(u.arbitrary::<i16>()?) / 64.0),
        7 => "0".to_owned(),
        8 => u.choose(&["1e999", "-1e999", "1e308", "-1e308", "1e-320", "-0", "0.5", "360", "-720"])?.to_string(),
        _ => format!("{}", u.arbitrary::<f32>()?).replace("inf", "1e999").replace("NaN", "0"),
    })
}

fn count(u: &mut Unstructured) -> Result<String> {
    Ok(match u.int_in_range(0..=7)? {
        0..=5 => u.int_in_range(0u8..=12)?.to_string(),
        6 => u.choose(&["0", "-1", "100000", "1e9", "2.5"])?.to_string(),
        _ => u.int_in_range(0u8..=3)?.to_string(),
    })
}

/// A reference to one of `n` things called `prefix0`, `prefix1`… (sometimes to none of them).
fn name(u: &mut Unstructured, prefix: &str, n: usize) -> Result<String> {
    let i = u.int_in_range(0..=n)?;
    Ok(format!("\"{prefix}{i}\""))
}

fn numbers(u: &mut Unstructured, n: usize) -> Result<String> {
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(number(u)?);
    }
    Ok(format!("[{}]", out.join(",")))
}

fn transform(u: &mut Unstructured) -> Result<String> {
    let mut parts = Vec::new();
    for k in ["x", "y", "skX", "skY", "scX", "scY"] {
        if u.ratio(2, 3)? {
            parts.push(format!("\"{k}\":{}", number(u)?));
        }
    }
    Ok(format!("{{{}}}", parts.join(",")))
}

/// `,"key":value` two times in three, else nothing.
fn maybe(u: &mut Unstructured, key: &str, value: fn(&mut Unstructured) -> Result<String>) -> Result<String> {
    Ok(if u.ratio(2, 3)? { format!(",\"{key}\":{}", value(u)?) } else { String::new() })
}

fn boolean(u: &mut Unstructured) -> Result<String> {
    Ok(u.arbitrary::<bool>()?.to_string())
}

fn bone(u: &mut Unstructured, i: usize, bones: usize) -> Result<String> {
    let parent = if i > 0 && u.ratio(4, 5)? { format!(",\"parent\":{}", name(u, "b", bones)?) } else { String::new() };
    let mut flags = String::new();
    for k in ["inheritTranslation", "inheritRotation", "inheritScale", "inheritReflection"] {
        if u.ratio(1, 4)? {
            flags.push_str(&format!(",\"{k}\":{}", u.arbitrary::<bool>()?));
        }
    }
    Ok(format!("{{\"name\":\"b{i}\"{parent}{}{flags},\"transform\":{}}}", maybe(u, "length", number)?, transform(u)?))
}

fn mesh(u: &mut Unstructured, bones: usize) -> Result<String> {
    let n = u.int_in_range(1..=5usize)?;
    let mut triangles = Vec::new();
    for _ in 0..u.int_in_range(0..=3usize)? * 3 {
        triangles.push(u.int_in_range(0..=n)?.to_string());
    }
    let mut weighted = String::new();
    if u.ratio(1, 2)? {
        let mut weights = Vec::new();
        let mut used = Vec::new();
        for _ in 0..n {
            let c = u.int_in_range(0..=2usize)?;
            weights.push(c.to_string());
            for _ in 0..c {
                let b = u.int_in_range(0..=bones)?;
                used.push(b);
                weights.push(b.to_string());
                weights.push(number(u)?);
            }
        }
        used.sort();
        used.dedup();
        let mut pose = Vec::new();
        for b in used {
            pose.push(b.to_string());
            for _ in 0..6 {
                pose.push(number(u)?);
            }
        }
        weighted = format!(
            ",\"weights\":[{}],\"slotPose\":{},\"bonePose\":[{}]",
            weights.join(","),
            numbers(u, 6)?,
            pose.join(",")
        );
    }
    Ok(format!(
        "{{\"name\":\"m\",\"type\":\"mesh\",\"path\":\"t\",\"vertices\":{},\"uvs\":{},\"triangles\":[{}]{weighted}}}",
        numbers(u, 2 * n)?,
        numbers(u, 2 * n)?,
        triangles.join(",")
    ))
}

fn display(u: &mut Unstructured, bones: usize, armatures: usize) -> Result<String> {
    Ok(match u.int_in_range(0..=4)? {
        0 | 1 => format!("{{\"name\":\"t\",\"transform\":{}}}", transform(u)?),
        2 => mesh(u, bones)?,
        3 => format!("{{\"name\":{},\"type\":\"armature\",\"transform\":{}}}", name(u, "a", armatures)?, transform(u)?),
        _ => "null".to_owned(),
    })
}

fn frames(u: &mut Unstructured, value: impl Fn(&mut Unstructured) -> Result<String>) -> Result<String> {
    let mut out = Vec::new();
    for _ in 0..u.int_in_range(0..=3)? {
        let mut f = format!("{{\"duration\":{}", count(u)?);
        match u.int_in_range(0..=3)? {
            0 => f.push_str(&format!(",\"tweenEasing\":{}", number(u)?)),
            1 => f.push_str(&format!(",\"curve\":{}", numbers(u, 4)?)),
            _ => {}
        }
        f.push_str(&value(u)?);
        f.push('}');
        out.push(f);
    }
    Ok(format!("[{}]", out.join(",")))
}

fn animation(u: &mut Unstructured, i: usize, bones: usize, slots: usize) -> Result<String> {
    let xy = |u: &mut Unstructured| Ok(format!(",\"x\":{},\"y\":{}", number(u)?, number(u)?));
    let mut bone_lines = Vec::new();
    for _ in 0..u.int_in_range(0..=3)? {
        bone_lines.push(format!(
            "{{\"name\":{},\"translateFrame\":{},\"rotateFrame\":{},\"scaleFrame\":{}}}",
            name(u, "b", bones)?,
            frames(u, xy)?,
            frames(u, |u| Ok(format!(",\"rotate\":{},\"clockwise\":{}", number(u)?, count(u)?)))?,
            frames(u, xy)?
        ));
    }
    let mut slot_lines = Vec::new();
    for _ in 0..u.int_in_range(0..=2)? {
        slot_lines.push(format!(
            "{{\"name\":{},\"displayFrame\":{},\"colorFrame\":{}}}",
            name(u, "s", slots)?,
            frames(u, |u| Ok(format!(",\"value\":{}", count(u)?)))?,
            frames(u, |u| Ok(format!(",\"value\":{{\"aM\":{},\"rO\":{}}}", count(u)?, count(u)?)))?
        ));
    }
    let ffd = if u.ratio(1, 3)? {
        let offset = count(u)?;
        let vertices = u.int_in_range(0..=6)?;
        let f = frames(u, |u| Ok(format!(",\"offset\":{offset},\"vertices\":{}", numbers(u, vertices)?)))?;
        format!(",\"ffd\":[{{\"name\":\"m\",\"slot\":{},\"frame\":{f}}}]", name(u, "s", slots)?)
    } else {
        String::new()
    };
    let ik = if u.ratio(1, 4)? {
        let f = frames(u, |u| Ok(format!(",\"bendPositive\":{},\"weight\":{}", u.arbitrary::<bool>()?, number(u)?)))?;
        format!(",\"ik\":[{{\"name\":\"ik0\",\"frame\":{f}}}]")
    } else {
        String::new()
    };
    Ok(format!(
        "{{\"name\":\"n{i}\",\"duration\":{}{}{},\"bone\":[{}],\"slot\":[{}]{ffd}{ik}}}",
        count(u)?,
        maybe(u, "playTimes", count)?,
        maybe(u, "scale", number)?,
        bone_lines.join(","),
        slot_lines.join(",")
    ))
}

fn armature(u: &mut Unstructured, i: usize, armatures: usize) -> Result<String> {
    let bones = u.int_in_range(1..=6usize)?;
    let slots = u.int_in_range(0..=3usize)?;
    let mut bone_list = Vec::new();
    for b in 0..bones {
        bone_list.push(bone(u, b, bones)?);
    }
    let (mut slot_list, mut skin_slots) = (Vec::new(), Vec::new());
    for s in 0..slots {
        slot_list.push(format!(
            "{{\"name\":\"s{s}\",\"parent\":{}{}}}",
            name(u, "b", bones)?,
            maybe(u, "displayIndex", count)?
        ));
        let mut displays = Vec::new();
        for _ in 0..u.int_in_range(0..=2)? {
            displays.push(display(u, bones, armatures)?);
        }
        skin_slots.push(format!("{{\"name\":\"s{s}\",\"display\":[{}]}}", displays.join(",")));
    }
    let mut iks = Vec::new();
    for k in 0..u.int_in_range(0..=2)? {
        iks.push(format!(
            "{{\"name\":\"ik{k}\",\"bone\":{},\"target\":{},\"chain\":{}{}{}}}",
            name(u, "b", bones)?,
            name(u, "b", bones)?,
            count(u)?,
            maybe(u, "bendPositive", boolean)?,
            maybe(u, "weight", number)?
        ));
    }
    let mut animations = Vec::new();
    for a in 0..u.int_in_range(0..=2)? {
        animations.push(animation(u, a, bones, slots)?);
    }
    // Names repeat sometimes: the runtime keeps the first armature of a name.
    let own = if u.ratio(1, 8)? { 0 } else { i };
    Ok(format!(
        "{{\"name\":\"a{own}\"{},\"bone\":[{}],\"slot\":[{}],\"skin\":[{{\"slot\":[{}]}}],\"ik\":[{}],\"animation\":[{}]}}",
        maybe(u, "frameRate", count)?,
        bone_list.join(","),
        slot_list.join(","),
        skin_slots.join(","),
        iks.join(","),
        animations.join(",")
    ))
}

/// A random skeleton of a valid shape.
pub fn skeleton(u: &mut Unstructured) -> Result<String> {
    let version = *u.choose(&["5.5", "5.5", "5.5", "5.0", "4.5", "4.0", "3.0", "2.3"])?;
    let armatures = u.int_in_range(1..=3usize)?;
    let mut list = Vec::new();
    for a in 0..armatures {
        list.push(armature(u, a, armatures)?);
    }
    Ok(format!(
        "{{\"name\":\"rig\",\"version\":\"{version}\",\"frameRate\":{},\"armature\":[{}]}}",
        count(u)?,
        list.join(",")
    ))
}

/// Poses `text` in every armature (and the default one), in every animation (and the setup
/// pose), at `times` (seconds, any value).
pub fn pose_everywhere(text: String, times: &[f64]) {
    let analysis = Analysis::new(Some(Path::new("rig_ske.json")), text, &MemoryFs::default());
    let names = |prefix: char| {
        let text = &analysis.text;
        let mut found: Vec<String> = text
            .match_indices(&format!("\"name\":\"{prefix}"))
            .filter_map(|(at, m)| Some(text[at + m.len() - 1..].split('"').next()?.to_owned()))
            .collect();
        found.sort();
        found.dedup();
        found
    };
    let armatures: Vec<Option<String>> = std::iter::once(None).chain(names('a').into_iter().map(Some)).collect();
    let animations: Vec<Option<String>> = std::iter::once(None).chain(names('n').into_iter().map(Some)).collect();
    for armature in &armatures {
        for animation in &animations {
            for &time in times {
                // DragonBonesJS, and the C++ runtime's `float` times and other differences.
                for target in [None, Some(rigls_diagnostic::Target::DragonBonesCpp)] {
                    let request =
                        PoseRequest { armature: armature.clone(), animation: animation.clone(), time, target };
                    let _ = pose(&analysis, &request);
                }
            }
        }
    }
}
