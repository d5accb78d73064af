//! What the evaluator computes, for hovers: a node's world transform at the setup pose, and an
//! animation key's sampled value.

use std::borrow::Cow;

use crate::elem::{ElemDoc, code};
use rigls_elem::eval::Problem;
use rigls_elem::eval::animation::{BoneTrack, UvTrack};
use rigls_elem::eval::hierarchy::Hierarchy;
use rigls_elem::eval::matrix::{self, Mat4};
use rigls_elem::schema::ScopeKind;
use rigls_elem::syntax::ScopeId;

/// `1.5`, `-0.25`, `30`: four decimals at most, no `-0`.
fn num(v: f64) -> String {
    if v.is_nan() {
        return "NaN".to_owned();
    }
    if v.is_infinite() {
        return if v > 0.0 { "∞" } else { "-∞" }.to_owned();
    }
    let s = format!("{v:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_owned() } else { s.to_owned() }
}

fn triple(v: [f64; 3]) -> String {
    v.map(num).join(" · ")
}

fn euler(degrees: [f64; 3]) -> String {
    format!("X {}° · Y {}° · Z {}°", num(degrees[0]), num(degrees[1]), num(degrees[2]))
}

/// The matrix as four aligned rows in a code block.
fn matrix_block(m: &Mat4) -> String {
    let cells: Vec<String> = m.iter().map(|&v| num(v)).collect();
    let widths: Vec<usize> =
        (0..4).map(|col| (0..4).map(|row| cells[row * 4 + col].chars().count()).max().unwrap_or(1)).collect();
    let rows: Vec<String> = (0..4)
        .map(|row| {
            let line: Vec<String> =
                (0..4).map(|col| format!("{:>w$}", cells[row * 4 + col], w = widths[col])).collect();
            line.join("  ")
        })
        .collect();
    format!("```text\n{}\n```", rows.join("\n"))
}

/// Translation, rotation and scale of a matrix, as bullets.
fn transform_lines(m: &Mat4) -> Vec<String> {
    let d = matrix::decompose(m);
    let mut lines = vec![
        format!("Translation {}", triple(d.translation)),
        format!("Rotation {} (XYZ order)", euler(d.rotation_degrees)),
        format!("Scale {}", triple(d.scale)),
    ];
    if !d.exact {
        lines.push("⚠ The matrix also shears or projects: rotation and scale only approximate it".to_owned());
    }
    lines
}

fn bullets(lines: &[String]) -> String {
    lines.iter().map(|l| format!("- {l}")).collect::<Vec<_>>().join("\n")
}

/// The world transform of the `Node` at `scope` at the setup pose.
pub fn node_world(ctx: &ElemDoc, scope: ScopeId) -> Option<String> {
    let hierarchy = &ctx.rig().hierarchy;
    let node = hierarchy.node_of_scope(scope)?;
    let world = hierarchy.setup_worlds()[node as usize];
    let heading = "**World transform at the setup pose**";
    if !matrix::is_finite(&world) {
        return Some(format!("{heading}\n\n⚠ Not finite (NaN or infinite values)\n\n{}", matrix_block(&world)));
    }
    Some(format!("{heading}\n\n{}\n\n{}", bullets(&transform_lines(&world)), matrix_block(&world)))
}

/// A bone or UV part's value at a key's time (`time_fraction` of a clip of `length_ms`).
pub fn key_sample(ctx: &ElemDoc, part: ScopeId, length_ms: f64, time_fraction: f64) -> Option<String> {
    let ms = time_fraction * length_ms;
    let at = super::millis(ms);
    match ctx.kind(part) {
        ScopeKind::BonePart => {
            let (track, problems) = bone_track(ctx, part);
            let whose = track.node_name.as_deref().map_or_else(|| "its node".to_owned(), code);
            let heading = format!("**Sampled** local animation of {whose} at {at}");
            if let Some(problem) = problems.first() {
                return Some(format!("{heading}: not sampled, {}", problem.message));
            }
            let sample = track.sample(length_ms, ms)?;
            let q = sample.rotation.map(num).join(" : ");
            let d = matrix::decompose(&matrix::rotation(sample.rotation));
            let lines = [
                format!("Translation {}", triple(sample.translation)),
                format!("Rotation {} (XYZ order; quaternion `{q}`)", euler(d.rotation_degrees)),
                format!("Scale {}", triple(sample.scale)),
            ];
            Some(format!("{heading}\n\n{}", bullets(&lines)))
        }
        ScopeKind::UvPart => {
            let (track, problems) = uv_track(ctx, part);
            let whose = track.material.as_deref().map_or_else(|| "its material".to_owned(), code);
            let heading = format!("**Sampled** UV animation of {whose} at {at}");
            if let Some(problem) = problems.first() {
                return Some(format!("{heading}: not sampled, {}", problem.message));
            }
            let sample = track.sample(length_ms, ms)?;
            let lines = [
                format!("Translation {} · {}", num(sample.translation[0]), num(sample.translation[1])),
                format!("Rotation {} rad ({}°)", num(sample.rotation), num(sample.rotation.to_degrees())),
                format!("Scale {} · {}", num(sample.scale[0]), num(sample.scale[1])),
            ];
            Some(format!("{heading}\n\n{}", bullets(&lines)))
        }
        _ => None,
    }
}

/// The problems among `problems` on the lines of `part`.
fn within(ctx: &ElemDoc, part: ScopeId, problems: &[Problem]) -> Vec<Problem> {
    let range = ctx.tree.scope(part).range;
    problems.iter().filter(|p| range.contains_range(p.range)).cloned().collect()
}

/// Bone part `part` as the rig read it, with the problems that keep it from being sampled (read
/// alone when no clip holds it).
fn bone_track<'a>(ctx: &ElemDoc<'a>, part: ScopeId) -> (Cow<'a, BoneTrack>, Vec<Problem>) {
    for clip in &ctx.rig().clips {
        if let Some(track) = clip.bones.iter().find(|t| t.scope == part) {
            return (Cow::Borrowed(track), within(ctx, part, &clip.problems));
        }
    }
    let (track, problems) = BoneTrack::read(ctx.text, ctx.tree, part, &Hierarchy::default());
    (Cow::Owned(track), problems)
}

/// [`bone_track`] for a UV part.
fn uv_track<'a>(ctx: &ElemDoc<'a>, part: ScopeId) -> (Cow<'a, UvTrack>, Vec<Problem>) {
    for clip in &ctx.rig().clips {
        if let Some(track) = clip.uvs.iter().find(|t| t.scope == part) {
            return (Cow::Borrowed(track), within(ctx, part, &clip.uv_problems));
        }
    }
    let (track, problems) = UvTrack::read(ctx.text, ctx.tree, part);
    (Cow::Owned(track), problems)
}
