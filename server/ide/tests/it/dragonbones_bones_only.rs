//! Two shortcuts of the runtime must pose bit for bit as the plain runtime does, at every key frame
//! of every animation of every skeleton the project ships and of the shared corpus (skipped when
//! it is absent):
//! - bones only (`Runtime::bones_only`, as `non-finite-pose` poses every key frame) leaves out what
//!   drives slots alone: slot timelines are not set up, slots not updated, and a surface no bone
//!   hangs from gets only its lattice's centre cross; its bones must be those of a full update,
//!   and so must those of a copy without slots (`Runtime::bones_alone`);
//! - unchanged bones kept (`Runtime::keep_unchanged_bones`, on unless turned off): a bone whose
//!   inputs are those its matrix was computed from is not computed again; every bone and every
//!   shown mesh must be those of the plain runtime, which computes again every bone it dirties.

use rigls_test_support::fixture as support;
use rigls_test_support::generate;

use std::path::Path;

use rigls_dragonbones::DragonBonesFile;
use rigls_dragonbones::eval::Evaluation;
use rigls_dragonbones::eval::runtime::Runtime;

/// What was compared: key frames posed, and those of them in animations with slot timelines.
#[derive(Default)]
struct Compared {
    poses: usize,
    with_slot_timelines: usize,
    /// Posed from a copy without slots ([`Runtime::bones_alone`]) too.
    without_slots: usize,
}

fn bits(runtime: &Runtime<'_>) -> Vec<[u64; 6]> {
    (0..runtime.data.bones.len())
        .map(|b| runtime.bone(b).map_or([0; 6], |bone| bone.matrix.to_array().map(f64::to_bits)))
        .collect()
}

/// Every shown mesh's vertices in armature space, as bits.
fn mesh_bits(runtime: &Runtime<'_>) -> Vec<Option<Vec<u64>>> {
    (0..runtime.slots.len())
        .map(|s| runtime.mesh_in_armature_space(s).map(|v| v.into_iter().map(f64::to_bits).collect()))
        .collect()
}

fn compare_file(path: &Path, compared: &mut Compared) {
    if let Ok(text) = std::fs::read_to_string(path) {
        compare(&path.display().to_string(), &text, compared);
    }
}

fn compare(label: &str, text: &str, compared: &mut Compared) {
    let Some(file) = DragonBonesFile::parse(text) else { return };
    let evaluation = Evaluation::new(&file.tree, text);
    let Some(data) = evaluation.data() else { return };
    for (index, armature) in data.armatures.iter().enumerate() {
        let Ok(setup) = Runtime::build(data, index) else { continue };
        let mut bones_setup = setup.clone();
        bones_setup.bones_only = true;
        let alone_setup = setup.bones_alone();
        let mut plain_setup = setup.clone();
        plain_setup.keep_unchanged_bones = false;
        for animation in &armature.animations {
            let slot_timelines = animation.slot_timelines.all().next().is_some();
            for frame in animation.key_frame_positions() {
                let seconds = f64::from(frame) / armature.frame_rate;
                let mut full = setup.clone();
                full.goto_and_play_by_time(&animation.name, seconds, 1.0);
                let mut bones = bones_setup.clone();
                bones.goto_and_play_by_time(&animation.name, seconds, 1.0);
                let mut plain = plain_setup.clone();
                plain.goto_and_play_by_time(&animation.name, seconds, 1.0);
                let at =
                    format!("{label}: armature `{}`, animation `{}`, frame {frame}", armature.name, animation.name);
                assert_eq!(bits(&full), bits(&plain), "{at}: the bones kept differ from the plain runtime's");
                assert_eq!(mesh_bits(&full), mesh_bits(&plain), "{at}: the meshes differ from the plain runtime's");
                assert_eq!(
                    bits(&bones),
                    bits(&full),
                    "{}: armature `{}`, animation `{}`, frame {frame}: the bones alone differ from a full update",
                    label,
                    armature.name,
                    animation.name
                );
                if let Some(alone_setup) = &alone_setup {
                    let mut alone = alone_setup.clone();
                    alone.goto_and_play_by_time(&animation.name, seconds, 1.0);
                    assert_eq!(
                        bits(&alone),
                        bits(&full),
                        "{at}: the bones posed without slots differ from a full update"
                    );
                    compared.without_slots += 1;
                }
                compared.poses += 1;
                compared.with_slot_timelines += usize::from(slot_timelines);
            }
        }
    }
}

#[test]
fn bones_alone_pose_as_a_full_update_on_the_project_skeletons() {
    let paths = support::project_skeletons();
    let mut compared = Compared::default();
    for path in &paths {
        compare_file(path, &mut compared);
    }
    // The benchmarks' skeleton: colour and deform timelines on every armature, weighted meshes.
    compare("generated skeleton", &generate::dragonbones::skeleton(300_000, false), &mut compared);
    println!(
        "{} key frames compared, {} with slot timelines, {} without slots",
        compared.poses, compared.with_slot_timelines, compared.without_slots
    );
    assert!(compared.without_slots >= 100, "only {} posed without slots", compared.without_slots);
    assert!(compared.poses >= 100, "only {} key frames compared", compared.poses);
    assert!(compared.with_slot_timelines >= 50, "only {} with slot timelines", compared.with_slot_timelines);
}

#[test]
fn bones_alone_pose_as_a_full_update_on_the_shared_corpus() {
    let Some(paths) = support::shared_corpus_json() else { return };
    let mut compared = Compared::default();
    for path in &paths {
        compare_file(path, &mut compared);
    }
    println!(
        "{} key frames compared, {} with slot timelines, {} without slots",
        compared.poses, compared.with_slot_timelines, compared.without_slots
    );
    assert!(compared.without_slots >= 100, "only {} posed without slots", compared.without_slots);
    assert!(compared.poses >= 1000, "only {} key frames compared", compared.poses);
    assert!(compared.with_slot_timelines >= 500, "only {} with slot timelines", compared.with_slot_timelines);
}
