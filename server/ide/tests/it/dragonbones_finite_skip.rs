//! `non-finite-pose` leaves unposed the animations `Runtime::poses_stay_finite` shows cannot pose
//! a bone non-finite. Wherever it says so, every bone must be finite at every key frame and
//! between them (posed as the check poses, bones alone), on every skeleton the project ships and
//! on the shared corpus (skipped when it is absent); and it must say so of many animations, or it
//! saves nothing (336 of the corpus's 716 when written).

use rigls_test_support::fixture as support;
use rigls_test_support::generate;

use std::path::Path;

use rigls_dragonbones::DragonBonesFile;
use rigls_dragonbones::eval::Evaluation;
use rigls_dragonbones::eval::runtime::Runtime;

#[derive(Default, Debug)]
struct Counted {
    animations: usize,
    /// Shown finite without posing.
    shown_finite: usize,
    /// Posed at key frames and between them where shown finite.
    poses: usize,
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
        for animation in &armature.animations {
            counted.animations += 1;
            if !bones.poses_stay_finite(animation) {
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
    assert!(counted.poses >= 50, "{counted:?}");
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
    assert!(counted.poses >= 3000, "{counted:?}");
}
