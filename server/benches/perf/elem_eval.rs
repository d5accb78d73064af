//! The `eval` section: posing a large generated `.elem` model at every key time of every animation
//! (node worlds and every skinned vertex), next to the `--check` analysis of the same file.

use rigls_diagnostic::env::RealFs;
use rigls_elem::ElemFile;
use rigls_elem::eval::{ElemRig, PoseState};
use rigls_ide::Analysis;

use crate::elem_input;
use crate::measure::{best_of, mb, ms};

pub fn every_key_time() {
    println!("## `.elem` evaluation: every key time of every animation\n");
    println!(
        "In process, best of 3, same file, same run. Analysis: `Analysis::new` (parse, model, every rule including `non-finite-pose`, sort). Parse: `ElemFile::parse`. Read: `ElemRig::read` (hierarchy, palettes, every mesh's positions and weights, every clip). Poses: `ElemRig::evaluate` at each key time of each clip, reusing one `PoseState` (every node world and skin matrix; the vertices of the meshes whose skin matrices changed: each generated clip moves one container). Every mesh: the same with a fresh `PoseState` per pose, so every vertex of every mesh is skinned (the case of a model whose clips move all of it).\n"
    );
    println!(
        "| input | MB | poses | nodes | vertices | analysis ms | parse ms | read ms | poses ms | ÷ analysis | every mesh: poses ms | ms per pose | ÷ analysis |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for mib in [10, 50] {
        let (path, text) = elem_input(mib);
        let copy = best_of(3, || text.clone());
        let analysis =
            best_of(3, || Analysis::new(Some(&path), text.clone(), &RealFs).diagnostics.len()).saturating_sub(copy);
        let parse = best_of(3, || ElemFile::parse(&text).tree.scopes.len());
        let file = ElemFile::parse(&text);
        let read = best_of(3, || ElemRig::read(&text, &file.tree).meshes.len());
        let rig = ElemRig::read(&text, &file.tree);
        let times: Vec<(usize, f64)> = rig
            .clips
            .iter()
            .enumerate()
            .flat_map(|(c, clip)| clip.key_times_ms().into_iter().map(move |t| (c, t)))
            .collect();
        let mut state = PoseState::default();
        let poses = best_of(3, || {
            for &(clip, at) in &times {
                rig.evaluate(Some(clip), at, &mut state);
            }
            state.vertices.len()
        });
        assert!(state.is_finite(), "the generated model poses to finite values");
        let every_mesh = best_of(3, || {
            let mut skinned = 0;
            for &(clip, at) in &times {
                let mut fresh = PoseState::default();
                rig.evaluate(Some(clip), at, &mut fresh);
                skinned += fresh.vertices.len();
            }
            skinned
        });
        let vertices: usize = rig.meshes.iter().map(|m| m.positions.len()).sum();
        let ratio = |poses: std::time::Duration| (parse + read + poses).as_secs_f64() / analysis.as_secs_f64();
        println!(
            "| generated model | {:.1} | {} | {} | {} | {:.0} | {:.0} | {:.0} | {:.0} | {:.2} | {:.0} | {:.2} | {:.2} |",
            mb(text.len() as u64),
            times.len(),
            rig.hierarchy.nodes.len(),
            vertices,
            ms(analysis),
            ms(parse),
            ms(read),
            ms(poses),
            ratio(poses),
            ms(every_mesh),
            ms(every_mesh) / times.len().max(1) as f64,
            ratio(every_mesh),
        );
    }
    println!(
        "\nRatios: (parse + read + poses) ÷ analysis. Goal (issue 10): evaluating every key frame stays within the `--check` budget of the same file (ratio ≤ 1).\n"
    );
}
