//! The `eval` section for DragonBones: what the `--check` analysis of a large generated skeleton
//! spends on the evaluator (the runtime's data parse, then a pose at every key frame of every
//! animation of every armature, as the rule `non-finite-pose` walks them), next to `serde_json`
//! parsing the same bytes and the whole analysis.

use rigls_diagnostic::env::RealFs;
use rigls_dragonbones::DragonBonesFile;
use rigls_dragonbones::eval::{Evaluation, Runtime};
use rigls_ide::Analysis;

use crate::measure::{best_of, mb, ms};
use crate::skeleton_input;

pub fn every_key_frame() {
    println!("## DragonBones evaluation: every key frame of every animation\n");
    println!(
        "In process, best of 3, same file, same run. serde_json: `serde_json::from_str::<Value>` (the `--check` baseline). Analysis: `Analysis::new` (parse, model, every rule including the evaluator's: `ik-cycle`, `armature-cycle`, `non-finite-pose`). Data: `Evaluation::new` (the runtime's `ObjectDataParser` over the parsed tree: defaults, coercions, baked key frames, sampled curves). Poses: each armature built at its setup pose (`Runtime::build`, every mesh skinned) and posed at every key frame of every animation with bones only, as `non-finite-pose` does. Full poses: the same with slots, deforms and meshes updated at each key frame (what `rigls pose` and the preview compute per frame).\n"
    );
    println!(
        "| input | MB | armatures | poses | serde_json ms | analysis ms | ÷ serde_json | data ms | poses ms | full poses ms | per full pose ms | (data + poses) ÷ analysis |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (mib, pretty) in [(10, false), (10, true)] {
        let (path, text) = skeleton_input(mib, pretty);
        let copy = best_of(3, || text.clone());
        let baseline = best_of(3, || serde_json::from_str::<serde_json::Value>(&text).map(|v| v.is_object()).unwrap());
        let analysis =
            best_of(3, || Analysis::new(Some(&path), text.clone(), &RealFs).diagnostics.len()).saturating_sub(copy);
        let file = DragonBonesFile::parse(&text).expect("a generated skeleton is DragonBones");
        let data_time = best_of(3, || Evaluation::new(&file.tree, &text).data().map(|d| d.armatures.len()));
        let evaluation = Evaluation::new(&file.tree, &text);
        let data = evaluation.data().expect("the runtime reads the generated skeleton");
        let mut poses = 0usize;
        let walk = |bones_only: bool, poses: &mut usize| {
            let mut finite = true;
            for index in 0..data.armatures.len() {
                let armature = &data.armatures[index];
                let mut setup = Runtime::build(data, index).expect("the generated armatures build");
                setup.bones_only = bones_only;
                for animation in &armature.animations {
                    // The frames `non-finite-pose` poses.
                    for frame in animation.key_frame_positions() {
                        let mut runtime = setup.clone();
                        runtime.goto_and_play_by_time(&animation.name, f64::from(frame) / armature.frame_rate, 1.0);
                        finite &= runtime.bone(0).is_none_or(|b| b.matrix.to_array().iter().all(|v| v.is_finite()));
                        *poses += 1;
                    }
                }
            }
            finite
        };
        let bones_only = best_of(3, || {
            poses = 0;
            walk(true, &mut poses)
        });
        let full = best_of(3, || walk(false, &mut 0));
        println!(
            "| generated skeleton, {} | {:.1} | {} | {} | {:.0} | {:.0} | {:.2} | {:.0} | {:.0} | {:.0} | {:.3} | {:.2} |",
            if pretty { "indented" } else { "minified" },
            mb(text.len() as u64),
            data.armatures.len(),
            poses,
            ms(baseline),
            ms(analysis),
            analysis.as_secs_f64() / baseline.as_secs_f64(),
            ms(data_time),
            ms(bones_only),
            ms(full),
            ms(full) / poses.max(1) as f64,
            (data_time + bones_only).as_secs_f64() / analysis.as_secs_f64(),
        );
    }
    println!(
        "\nGoal (issue 10): evaluating every key frame stays within the `--check` budget (analysis ≤ 2× serde_json on a skeleton).\n"
    );
}
