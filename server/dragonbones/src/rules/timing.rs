//! Animation timing (§5.3): key frames must start within the animation, a 0-frame animation must
//! not have timelines of several key frames, and Bézier `curve`s must have a valid shape.

use super::{DragonBonesCheck, plural, report};
use crate::eval::frame_table::{frame_shown, key_frame_starts};
use crate::schema::fmt_num;
use crate::schema::key;
use crate::syntax::NodeId;
use rigls_diagnostic::{Code, Diagnostic, case};
use rigls_text::TextRange;

/// One list of key frames: the timeline object holding it and its key.
pub(super) struct FrameList {
    pub timeline: NodeId,
    pub key: &'static str,
    pub frames: NodeId,
}

/// Every key-frame list of an animation, in every layout.
pub(super) fn frame_lists(ctx: &DragonBonesCheck, anim: NodeId) -> Vec<FrameList> {
    let mut out = Vec::new();
    let mut add = |ctx: &DragonBonesCheck, timeline: NodeId, key: &'static str| {
        if let Some(frames) = ctx.is_array(ctx.get(timeline, key)) {
            out.push(FrameList { timeline, key, frames });
        }
    };
    add(ctx, anim, key::FRAME);
    if let Some(z) = ctx.get(anim, key::Z_ORDER).filter(|&z| ctx.tree.is_object(z)) {
        add(ctx, z, key::FRAME);
    }
    let groups: [(&str, &[&'static str]); 5] = [
        (key::BONE, &[key::FRAME, key::TRANSLATE_FRAME, key::ROTATE_FRAME, key::SCALE_FRAME]),
        (key::SLOT, &[key::FRAME, key::DISPLAY_FRAME, key::COLOR_FRAME]),
        (key::FFD, &[key::FRAME]),
        (key::IK, &[key::FRAME]),
        (key::TIMELINE, &[key::FRAME]),
    ];
    for (group, keys) in groups {
        let Some(list) = ctx.is_array(ctx.get(anim, group)) else { continue };
        let timelines: Vec<NodeId> = ctx.tree.elements(list).filter(|&t| ctx.tree.is_object(t)).collect();
        for timeline in timelines {
            for &key in keys {
                add(ctx, timeline, key);
            }
        }
    }
    out
}

pub fn check(ctx: &mut DragonBonesCheck) {
    let model = ctx.model;
    for armature in &model.armatures {
        if !ctx.in_scope(armature.node) {
            continue;
        }
        for anim in &armature.animations {
            animation(ctx, anim.node, &anim.name);
        }
    }
}

fn animation(ctx: &mut DragonBonesCheck, anim: NodeId, name: &str) {
    let lists = frame_lists(ctx, anim);
    for list in &lists {
        curves(ctx, list.frames);
    }
    let duration = ctx.int(anim, key::DURATION).unwrap_or(0);
    let duration_range = ctx.get(anim, key::DURATION).map(|d| ctx.tree.range(d));
    if duration <= 0 {
        if let Some(list) = lists.iter().find(|l| ctx.tree.len(l.frames) > 1) {
            let frames = ctx.tree.len(list.frames);
            let what = describe(ctx, list);
            let message = format!(
                "animation `{name}` has duration {duration} but {what} has {}: playing it throws",
                plural(frames as i64, "key frame", "key frames")
            );
            let range = duration_range.unwrap_or_else(|| ctx.anchor(anim));
            let d =
                report(Code::FrameAfterEnd, range, message).with_related(ctx.tree.range(list.frames), "the key frames");
            ctx.push(d);
        }
        return;
    }
    for list in &lists {
        let frames = key_frame_starts(ctx.tree, ctx.text, list.frames, ctx.binary);
        for (i, frame) in frames.iter().enumerate() {
            if !ctx.tree.is_object(frame.node) {
                continue; // reported as such
            }
            let here = frame_anchor(ctx, frame.node);
            // A binary's view writes 0 for a key frame the runtime never shows (key frames
            // packed past the last frame): past it the view's durations no longer add up to the
            // positions, and the binary's reading reports its own problems (`binary-timeline`).
            if ctx.binary && i > 0 && frames[i - 1].duration == Some(0.0) {
                break;
            }
            if frame.start > duration as f64 {
                ctx.push(after_end(name, duration, duration_range, here, frame.start, frame.written));
                break;
            }
            if frame.duration == Some(0.0) && i + 1 < frames.len() && !ctx.binary {
                let message = "a key frame of duration 0 before the last one shifts every later key frame by one frame";
                ctx.push(report(Code::OutOfRange, here, message));
            }
        }
    }
}

/// A key frame at `here` that the runtime starts at frame `start`, past the animation's end; by
/// the durations as written it starts at `written`.
fn after_end(
    name: &str,
    duration: i64,
    duration_range: Option<TextRange>,
    here: TextRange,
    start: f64,
    written: f64,
) -> Diagnostic {
    let frames = plural(duration, "frame", "frames");
    let shown = frame_shown(start);
    let mut d = if written > duration as f64 {
        let message = format!(
            "this key frame starts at frame {shown}, after the end of animation `{name}` ({frames}): runtimes drop it and corrupt the timeline"
        );
        report(Code::FrameAfterEnd, here, message)
    } else {
        let message = format!(
            "this key frame starts at frame {shown} as the runtimes count the durations before it (one of 0 or less as one frame, a fraction rounded up), after the end of animation `{name}` ({frames}): they drop it, and a tween into it reads garbage"
        );
        Diagnostic::of_case(&case::FRAME_PUSHED_PAST_END, here, message)
    };
    if let Some(r) = duration_range {
        d = d.with_related(r, "the animation's duration");
    }
    d
}

/// The frame's `duration` member, else its opening brace.
fn frame_anchor(ctx: &DragonBonesCheck, frame: NodeId) -> TextRange {
    match ctx.member(frame, key::DURATION) {
        Some(m) => ctx.tree.member_range(m),
        None => {
            let r = ctx.tree.range(frame);
            TextRange::new(r.start, (r.start + 1).min(r.end))
        }
    }
}

fn describe(ctx: &DragonBonesCheck, list: &FrameList) -> String {
    match ctx.get(list.timeline, key::NAME).and_then(|n| crate::model::name_text(ctx.tree, ctx.text, n)) {
        Some(n) => format!("timeline `{n}` (`{}`)", list.key),
        None if list.key == key::FRAME => "its main timeline".to_owned(),
        None => format!("`{}`", list.key),
    }
}

/// `curve`: `[x1, y1, x2, y2]` (+6 per extra segment); written with end points, 8 (+6), it is
/// misread; x in 0–1 and |y| ≤ 3.2767 (runtimes store y·10000 in 16 bits).
fn curves(ctx: &mut DragonBonesCheck, frames: NodeId) {
    let tree = ctx.tree;
    let nodes: Vec<NodeId> = tree.elements(frames).filter(|&f| tree.is_object(f)).collect();
    for frame in nodes {
        let Some(curve) = ctx.is_array(ctx.get(frame, key::CURVE)) else { continue };
        let n = tree.len(curve);
        let valid = n >= 4 && ((n - 4).is_multiple_of(6) || (n >= 8 && (n - 8).is_multiple_of(6)));
        let range = ctx.key_range(frame, key::CURVE).unwrap_or_else(|| tree.range(curve));
        if !valid {
            // A count of 1 more than a multiple of 3 is sampled with implicit end points (what
            // is missing reads 0); any other is stored with a negative sample count, read as
            // for a curve with its end points (below).
            let effect = if n % 3 == 1 {
                "runtimes flatten it"
            } else {
                "DragonBonesJS 5.7 reads the easing from the key frames before this one (NaN before the file's first)"
            };
            let message = format!(
                "`curve` has {}: a Bézier easing has 4 (`[x1, y1, x2, y2]`), 10, 16… numbers; {effect}",
                plural(n as i64, "number", "numbers")
            );
            ctx.push(Diagnostic::of_case(&case::CURVE_LENGTH, range, message));
            continue;
        }
        if n % 3 == 2 {
            // Stored with a negative sample count: DragonBonesJS 5.7's `_getEasingCurveValue` then
            // reads the samples before the key frame's own (checked with its runtime: NaN and
            // garbage), and the C++ runtime's parser reads past the curve's end.
            let message = format!(
                "`curve` gives its end points ({n} numbers): DragonBonesJS 5.7 then reads the easing from the key frames before this one (NaN before the file's first) and the C++ runtime past the curve's end; write the {} numbers between (0, 0) and (1, 1)",
                n - 4
            );
            ctx.push(Diagnostic::of_case(&case::CURVE_END_POINTS, range, message));
        }
        for (i, (v, node)) in ctx.numbers(curve).into_iter().enumerate() {
            let message = if i % 2 == 0 && !(0.0..=1.0).contains(&v) {
                format!("curve x {} is outside 0–1: control points lie within the key frame", fmt_num(v))
            } else if i % 2 == 1 && v.abs() > 3.2767 {
                format!("curve y {} is beyond ±3.2767: runtimes store it in 16 bits and it wraps", fmt_num(v))
            } else {
                continue;
            };
            ctx.push(report(Code::OutOfRange, tree.range(node), message));
            break;
        }
    }
}
