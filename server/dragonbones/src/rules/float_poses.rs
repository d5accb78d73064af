//! The poses of a target that computes in `float`s (the C++ runtime): a product or a square of a
//! file's large numbers can pass ±3.4e38 there, where 64-bit numbers stay finite (`non-finite-pose`
//! poses DragonBonesJS's reading). Only a file holding a number of 1e9 or more can: then each such
//! target's own reading is posed at the setup pose and at every key frame of every animation,
//! and a bone that is not finite there, but is in DragonBonesJS's pose, is a
//! `target-float-overflow` error.

use rigls_diagnostic::{Code, Diagnostic, Targets};

use super::targets::{names_verb, reading_groups};
use crate::eval::Runtime;
use crate::eval::data::{ArmatureData, DragonBonesData};
use crate::eval::parse::Parsed;
use crate::eval::runtime::Poser;
use crate::schema::key;
use crate::syntax::{NodeId, NodeKind, Tree};
use crate::target::Profile;

/// Numbers from this magnitude on can overflow a `float` through a few products.
const LARGE: f64 = 1e9;

/// `js`: DragonBonesJS's reading of the file (what `non-finite-pose` poses), read only where a
/// number is large; `reading`: a
/// target's own reading of it ([`crate::DragonBonesFile::target_reading`]).
pub(crate) fn check<'d>(
    tree: &Tree,
    text: &str,
    js: impl FnOnce() -> Option<&'d DragonBonesData>,
    reading: impl Fn(&Profile) -> Option<Parsed>,
    targets: Targets,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let groups = reading_groups(targets, |p| p.eval.value.float_values);
    if groups.is_empty() || !holds_a_large_number(tree, text) {
        return out;
    }
    let Some(js) = js() else { return out };
    // Targets reading alike are posed once and named together.
    for (profile, alike) in groups {
        let Some(reading) = reading(profile) else { continue };
        for (index, armature) in reading.data.armatures.iter().enumerate() {
            let Some(theirs) = js.armatures.iter().position(|a| a.name == armature.name) else { continue };
            for found in armature_overflows(&reading.data, index, js, theirs) {
                out.push(report(tree, text, alike, armature, &found));
            }
        }
    }
    out
}

/// A number written with 10 digits or more before its point, or with an exponent, of 1e9 or more;
/// but none past a `float`'s range: `target-float-overflow` says where the runtime reads those
/// infinite, the cause of what they make non-finite.
fn holds_a_large_number(tree: &Tree, text: &str) -> bool {
    let mut large = false;
    for n in 0..tree.nodes.len() as NodeId {
        if tree.kind(n) != NodeKind::Number {
            continue;
        }
        let written = tree.range(n).slice(text);
        let whole_digits = written.bytes().skip_while(|&b| b == b'-').take_while(u8::is_ascii_digit).count();
        if whole_digits < 10 && !written.contains(['e', 'E']) {
            continue;
        }
        match tree.number(text, n).map(f64::abs) {
            Some(v) if v > f64::from(f32::MAX) => return false,
            Some(v) if v >= LARGE => large = true,
            _ => {}
        }
    }
    large
}

/// Where a bone is first posed non-finite by the target but finite by DragonBonesJS.
struct Overflow {
    bone: usize,
    /// The animation and key frame, or `None` for the setup pose.
    when: Option<(String, i16, f64)>,
}

/// The setup pose's overflow, else each animation's first.
fn armature_overflows(data: &DragonBonesData, index: usize, js: &DragonBonesData, theirs: usize) -> Vec<Overflow> {
    let (Ok(setup), Ok(js_setup)) = (Runtime::build(data, index), Runtime::build(js, theirs)) else {
        return Vec::new();
    };
    let armature = &data.armatures[index];
    if let Some(bone) = first_overflow(&setup, &js_setup, armature) {
        return vec![Overflow { bone, when: None }];
    }
    let mut out = Vec::new();
    for animation in &armature.animations {
        rigls_text::cancel::check();
        let (ours, js_poser) = (Poser::new(&setup, &animation.name), Poser::new(&js_setup, &animation.name));
        for frame in animation.key_frame_positions() {
            let seconds = f64::from(frame) / armature.frame_rate;
            if let Some(bone) = first_overflow(&ours.at(seconds), &js_poser.at(seconds), armature) {
                out.push(Overflow { bone, when: Some((animation.name.clone(), frame, seconds)) });
                break;
            }
        }
    }
    out
}

/// The first bone of `armature` whose matrix `ours` has non-finite and `js` finite (bones
/// matched by name).
fn first_overflow(ours: &Runtime<'_>, js: &Runtime<'_>, armature: &ArmatureData) -> Option<usize> {
    let finite = |m: [f64; 6]| m.iter().all(|v| v.is_finite());
    (0..armature.bones.len()).find(|&i| {
        let Some(state) = ours.bone(i) else { return false };
        let name = &armature.bones[i].name;
        let theirs = js.data.bones.iter().position(|b| &b.name == name).and_then(|j| js.bone(j));
        !finite(state.matrix.to_array()) && theirs.is_some_and(|t| finite(t.matrix.to_array()))
    })
}

fn report(tree: &Tree, text: &str, targets: Targets, armature: &ArmatureData, found: &Overflow) -> Diagnostic {
    let bone = &armature.bones[found.bone];
    let at = match &found.when {
        None => "at the setup pose".to_owned(),
        Some((animation, frame, seconds)) => {
            format!("in animation `{animation}` at frame {frame} ({} s)", crate::model::js_number(*seconds))
        }
    };
    let message = format!(
        "{} in 32-bit floats, and bone `{}` is not finite {at}: a product or square of this file's large numbers passes ±3.4e38, where DragonBonesJS's 64-bit numbers stay finite; the runtime draws the bone and everything on it nowhere",
        names_verb(targets, "computes", "compute"),
        bone.name,
    );
    let node = bone.node;
    let range = match tree.member(text, node, key::NAME) {
        Some(m) => tree.range(m.value),
        None => tree.range(node),
    };
    super::report(Code::TargetFloatOverflow, range, message)
}
