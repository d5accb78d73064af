//! `non-finite-pose` leaves unposed the animations `Runtime::poses_stay_finite` shows cannot pose
//! a bone non-finite, and poses only the bones bounds cannot show finite (`PosedPart`) where that
//! shows the rest finite. Wherever the first says so, every bone must be finite at every key
//! frame and between them; wherever the second says so, at every key frame, and the part's
//! bones must be posed bit for bit as in the whole armature (posed as the check poses, bones
//! alone), on every skeleton the project ships and on the shared corpus (skipped when it is
//! absent); and they must say so of many animations, or they save nothing (336 and 78 of the
//! corpus's 716 when written).

use rigls_test_support::fixture as support;
use rigls_test_support::generate;

use std::path::Path;

use rigls_dragonbones::DragonBonesFile;
use rigls_dragonbones::eval::Evaluation;
use rigls_dragonbones::eval::data::{AnimationData, ArmatureData};
use rigls_dragonbones::eval::runtime::{PosedPart, Poser, Runtime};

#[derive(Default, Debug)]
struct Counted {
    animations: usize,
    /// Shown finite without posing.
    shown_finite: usize,
    /// Shown finite by posing its part alone.
    shown_by_part: usize,
    /// Posed at key frames (and between them when shown finite without posing).
    poses: usize,
    /// Times a posed part's matrices were compared with the whole armature's.
    parts_compared: usize,
    /// Times a `Poser`'s pose was compared with the armature played afresh.
    posers_compared: usize,
}

fn finite(runtime: &Runtime<'_>) -> bool {
    (0..runtime.data.bones.len())
        .all(|b| runtime.bone(b).is_none_or(|bone| bone.matrix.to_array().iter().all(|v| v.is_finite())))
}

fn count(label: &str, text: &str, counted: &mut Counted) {
    let Some(file) = DragonBonesFile::parse(text) else { return };
    let evaluation = Evaluation::new(&file.tree, text);
    let Some(data) = evaluation.data() else { return };
    for (index, armature) in data.armatures.iter().enumerate() {
        let Ok(setup) = Runtime::build(data, index) else { continue };
        if !finite(&setup) {
            continue;
        }
        let bones = setup.bones_alone().unwrap_or_else(|| {
            let mut bones = setup.clone();
            bones.bones_only = true;
            bones
        });
        let part = bones.posed_part();
        for animation in &armature.animations {
            counted.animations += 1;
            by_poser(label, &bones, armature, animation, counted);
            if !bones.poses_stay_finite(animation) {
                if let Some(part) = &part {
                    by_part(label, &bones, part, armature, animation, counted);
                }
                continue;
            }
            counted.shown_finite += 1;
            let frames = animation.key_frame_positions();
            let between = frames.iter().map(|&f| f64::from(f) + 0.5);
            for frame in frames.iter().map(|&f| f64::from(f)).chain(between) {
                let seconds = frame / armature.frame_rate;
                let mut posed = bones.clone();
                posed.goto_and_play_by_time(&animation.name, seconds, 1.0);
                assert!(
                    finite(&posed),
                    "{label}: armature `{}`, animation `{}` at frame {frame} is not finite, though shown finite",
                    armature.name,
                    animation.name
                );
                counted.poses += 1;
            }
        }
    }
}

/// A `Poser` (the animation played once up to its first update, a copy posed at each time)
/// poses every bone as the armature played afresh, bit for bit: at key frames, between them, at
/// and past the end and before the start.
fn by_poser(
    label: &str,
    bones: &Runtime<'_>,
    armature: &ArmatureData,
    animation: &AnimationData,
    counted: &mut Counted,
) {
    let poser = Poser::new(bones, &animation.name);
    let frames = animation.key_frame_positions();
    let at_frames = frames.iter().flat_map(|&f| [f64::from(f), f64::from(f) + 0.5]).map(|f| f / armature.frame_rate);
    for at in at_frames.chain([animation.duration, animation.duration * 1.5 + 0.01, -0.25]) {
        let mut fresh = bones.clone();
        fresh.goto_and_play_by_time(&animation.name, at, 1.0);
        let primed = poser.at(at);
        for (b, (p, f)) in primed.bones.iter().zip(&fresh.bones).enumerate() {
            let place = format!("{label}: armature `{}`, animation `{}` at {at} s", armature.name, animation.name);
            assert_eq!(
                p.matrix.to_array().map(f64::to_bits),
                f.matrix.to_array().map(f64::to_bits),
                "{place}: bone {b}"
            );
        }
        counted.posers_compared += 1;
    }
}

/// Where the posed part shows `animation` finite: every bone finite at every key frame, and the
/// part's matrices those of the whole armature, bit for bit.
fn by_part(
    label: &str,
    bones: &Runtime<'_>,
    part: &PosedPart<'_>,
    armature: &ArmatureData,
    animation: &AnimationData,
    counted: &mut Counted,
) {
    let frames = animation.key_frame_positions();
    let seconds: Vec<f64> = frames.iter().map(|&f| f64::from(f) / armature.frame_rate).collect();
    let shown = part.poses_stay_finite(bones, animation, &seconds);
    counted.shown_by_part += usize::from(shown);
    // Between key frames, at the end and past it, and before the start too: the part (posed
    // from its timelines made once) poses as the whole armature played afresh at each time.
    let duration = animation.duration;
    let between = frames.iter().map(|&f| (f64::from(f) + 0.5) / armature.frame_rate);
    let ends = [duration, duration * 1.5 + 0.01, -0.25];
    for (k, at) in seconds.iter().copied().chain(between).chain(ends).enumerate() {
        let mut posed = bones.clone();
        posed.goto_and_play_by_time(&animation.name, at, 1.0);
        let place = format!("{label}: armature `{}`, animation `{}` at {at} s", armature.name, animation.name);
        if shown && k < seconds.len() {
            assert!(finite(&posed), "{place} is not finite, though shown finite by its posed part");
            counted.poses += 1;
        }
        for (bone, matrix) in part.matrices_at(&animation.name, at) {
            let whole = posed.bones[bone].matrix.to_array().map(f64::to_bits);
            assert_eq!(matrix.to_array().map(f64::to_bits), whole, "{place}: bone {bone} posed alone differs");
        }
        counted.parts_compared += 1;
    }
}

fn count_file(path: &Path, counted: &mut Counted) {
    if let Ok(text) = std::fs::read_to_string(path) {
        count(&path.display().to_string(), &text, counted);
    }
}

#[test]
fn animations_shown_finite_pose_finite_on_the_project_skeletons() {
    let paths = support::project_skeletons();
    let mut counted = Counted::default();
    for path in &paths {
        count_file(path, &mut counted);
    }
    count("generated skeleton", &generate::dragonbones::skeleton(300_000, false), &mut counted);
    println!("{counted:?}");
    assert!(counted.shown_finite >= 10, "{counted:?}");
    assert!(counted.shown_by_part >= 1, "{counted:?}");
    assert!(counted.poses >= 50, "{counted:?}");
    assert!(counted.parts_compared >= 40, "{counted:?}");
    assert!(counted.posers_compared >= 200, "{counted:?}");
}

#[test]
fn animations_shown_finite_pose_finite_on_the_shared_corpus() {
    let Some(paths) = support::shared_corpus_json() else { return };
    let mut counted = Counted::default();
    for path in &paths {
        count_file(path, &mut counted);
    }
    println!("{counted:?}");
    assert!(counted.shown_finite >= 300, "{counted:?}");
    assert!(counted.shown_by_part >= 70, "{counted:?}");
    assert!(counted.poses >= 3000, "{counted:?}");
    assert!(counted.parts_compared >= 1500, "{counted:?}");
    assert!(counted.posers_compared >= 5000, "{counted:?}");
}

/// `non_finite_ik_ske.json` (see `dragonbones_runtime_failures`): `揺らす` turns the IK chain
/// within reach and is shown finite by posing the chain alone; `伸ばす` stretches it to within
/// rounding (NaN, posed) and `膨らむ` overflows `角`, which is not in the part (bounds fail):
/// both go on to be posed whole.
#[test]
fn the_posed_part_of_an_ik_chain() {
    let path = rigls_test_support::server_dir().join("tests/fixtures/dragonbones/runtime/non_finite_ik_ske.json");
    let text = std::fs::read_to_string(path).expect("fixture");
    let file = DragonBonesFile::parse(&text).expect("a skeleton");
    let evaluation = Evaluation::new(&file.tree, &text);
    let data = evaluation.data().expect("read");
    let bones = Runtime::build(data, 0).expect("built").bones_alone().expect("no path constraint");
    let part = bones.posed_part().expect("an IK chain");
    let armature = &data.armatures[0];
    let shown: Vec<(&str, bool, bool)> = armature
        .animations
        .iter()
        .map(|animation| {
            let seconds: Vec<f64> =
                animation.key_frame_positions().iter().map(|&f| f64::from(f) / armature.frame_rate).collect();
            let by_part = part.poses_stay_finite(&bones, animation, &seconds);
            (animation.name.as_str(), bones.poses_stay_finite(animation), by_part)
        })
        .collect();
    assert_eq!(shown, [("揺らす", false, true), ("膨らむ", false, false), ("伸ばす", false, false)]);
    let mut bones_posed: Vec<&str> = part
        .matrices_at("揺らす", 0.0)
        .iter()
        .map(|&(b, _)| armature.bones[bones.bones[b].data].name.as_str())
        .collect();
    bones_posed.sort_unstable();
    assert_eq!(bones_posed, ["root", "目標", "脛", "腿"]);
}
