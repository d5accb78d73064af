//! What the runtime computes, in hovers: a bone's world transform at the setup pose, and the
//! state a key frame gives its bone, slot or constraint (evaluated at the key frame's time).

use super::{DragonBonesDoc, code};
use rigls_dragonbones::Reading;
use rigls_dragonbones::eval::Runtime;
use rigls_dragonbones::eval::data::TimelineKind;
use rigls_dragonbones::eval::geom::{Matrix, Transform};
use rigls_dragonbones::syntax::NodeId;

/// `1.5`, `-0.25`, `12` (at most 3 decimals, no `-0`).
fn num(v: f64) -> String {
    if !v.is_finite() {
        return "NaN".to_owned();
    }
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_owned() } else { s.to_owned() }
}

/// The decomposed transform of a global matrix, as the runtime decomposes it.
fn describe(m: &Matrix) -> String {
    let mut t = Transform::IDENTITY;
    t.from_matrix(m);
    let deg = |r: f64| num(rigls_dragonbones::eval::geom::normalize_radian(r).to_degrees());
    let mut parts = vec![
        format!("position ({}, {})", num(t.x), num(t.y)),
        format!("rotation {}°", deg(t.rotation)),
        format!("scale ({}, {})", num(t.scale_x), num(t.scale_y)),
    ];
    if t.skew.abs() > 1e-9 {
        parts.push(format!("skew {}°", deg(t.skew)));
    }
    parts.join(" · ")
}

/// What the runtime reads to pose armature `armature` of the model (it and the armatures it
/// shows, when they are all it needs).
fn reading<'a>(ctx: &'a DragonBonesDoc, armature: u32) -> Option<Reading<'a>> {
    let name = &ctx.model.armatures.get(armature as usize)?.name;
    Some(ctx.file.reading(ctx.text, Some(name)))
}

/// `**At the setup pose** …` for bone `name` of armature `armature`.
pub fn bone_setup(ctx: &DragonBonesDoc, armature: u32, name: &str) -> Option<String> {
    let reading = reading(ctx, armature)?;
    let data = reading.data().ok()?;
    let model_armature = ctx.model.armatures.get(armature as usize)?;
    let index = data.armature(&model_armature.name)?;
    let bone = data.armatures[index].bone(name)?;
    let runtime = Runtime::build(data, index).ok()?;
    let state = runtime.bone(bone)?;
    Some(format!(
        "**At the setup pose** (as the DragonBones runtime computes it, in armature space): {}",
        describe(&state.matrix)
    ))
}

/// The state a key frame gives, when `object` is a key frame of a bone, slot or IK timeline.
pub fn key_frame(ctx: &DragonBonesDoc, object: NodeId) -> Option<String> {
    let armature = ctx.model.armature_at(&ctx.file.tree, ctx.file.tree.range(object).start)?;
    let reading = reading(ctx, armature)?;
    let data = reading.data().ok()?;
    for (a, armature) in data.armatures.iter().enumerate() {
        for animation in &armature.animations {
            let lists = [
                (&animation.bone_timelines, 0u8),
                (&animation.slot_timelines, 1),
                (&animation.constraint_timelines, 2),
            ];
            for (list, what) in lists {
                for (name, timelines) in &list.entries {
                    for timeline in timelines {
                        let Some(frame) = timeline.frames.iter().position(|f| f.node == object) else { continue };
                        let position = timeline.frames[frame].position;
                        let seconds = f64::from(position) / armature.frame_rate;
                        let mut runtime = Runtime::build(data, a).ok()?;
                        runtime.goto_and_play_by_time(&animation.name, seconds, 1.0);
                        let head = format!(
                            "**At this key frame** (frame {position}, {} s of {}), as the runtime poses it:",
                            num(seconds),
                            code(&animation.name)
                        );
                        let body = match what {
                            0 => {
                                let bone = armature.bone(name)?;
                                format!("bone {}: {}", code(name), describe(&runtime.bone(bone)?.matrix))
                            }
                            1 => {
                                let slot = armature.slot(name)?;
                                let (_, state) = runtime.slot(slot)?;
                                let c = state.color;
                                let mut out = format!("slot {}: display {}", code(name), state.display_index);
                                if timeline.kind == TimelineKind::SlotColor {
                                    out.push_str(&format!(
                                        " · colour multipliers a {} r {} g {} b {}, offsets a {} r {} g {} b {}",
                                        num(c.alpha_multiplier),
                                        num(c.red_multiplier),
                                        num(c.green_multiplier),
                                        num(c.blue_multiplier),
                                        num(c.alpha_offset),
                                        num(c.red_offset),
                                        num(c.green_offset),
                                        num(c.blue_offset)
                                    ));
                                }
                                out
                            }
                            _ => {
                                let c =
                                    runtime.constraints.iter().find(|c| armature.constraints[c.data].name == *name)?;
                                format!(
                                    "IK constraint {}: weight {}, bends {}",
                                    code(name),
                                    num(c.weight),
                                    if c.bend_positive { "positive" } else { "negative" }
                                )
                            }
                        };
                        return Some(format!("{head} {body}"));
                    }
                }
            }
        }
    }
    None
}
