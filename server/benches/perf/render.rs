//! The `render` section: `rigls render` of a generated 200-bone skeleton (textured from the render
//! fixture's atlas) and of real skeletons of `../shared/corpus` (skipped when absent), per frame.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::RIGLS;
use crate::measure::{ms, run_process};

const BONES: usize = 200;

/// A skeleton of 200 bones in 10 limbs of 20, each bone with a slot: images (upright, rotated and
/// trimmed regions) and, every fourth, a mesh skinned to the bone and its parent; one animation
/// turning every bone.
pub(crate) fn crowd(dir: &Path) -> PathBuf {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/render");
    for name in ["atlas_tex.json", "atlas_tex.png"] {
        std::fs::copy(fixtures.join(name), dir.join(name)).expect("copy the render fixture's atlas");
    }
    let textures = ["flag", "flag_rot", "trim", "trim_rot"];
    let mut bones = vec![r#"{"name":"root"}"#.to_owned()];
    let mut slots = Vec::new();
    let mut skins = Vec::new();
    let mut frames = Vec::new();
    for b in 1..BONES {
        let (limb, joint) = ((b - 1) / 20, (b - 1) % 20);
        let parent = if joint == 0 { "root".to_owned() } else { format!("b{}", b - 1) };
        let angle = if joint == 0 { limb as f64 * 36.0 } else { 4.0 };
        bones.push(format!(
            r#"{{"name":"b{b}","parent":"{parent}","length":24,"transform":{{"x":{},"skX":{angle},"skY":{angle}}}}}"#,
            if joint == 0 { 0 } else { 24 }
        ));
        slots.push(format!(r#"{{"name":"s{b}","parent":"b{b}"}}"#));
        let display = if b % 4 == 0 && joint > 0 {
            let p = b - 1;
            // The strip of the fixture, 48 long: its left half on the parent, its right on the bone.
            format!(
                r#"{{"type":"mesh","name":"skin","vertices":[-24,-6,0,-6,24,-6,-24,6,0,6,24,6],"uvs":[0,0,0.5,0,1,0,0,1,0.5,1,1,1],"triangles":[0,1,3,1,4,3,1,2,4,2,5,4],"weights":[1,{p},1,2,{p},0.5,{b},0.5,1,{b},1,1,{p},1,2,{p},0.5,{b},0.5,1,{b},1],"slotPose":[1,0,0,1,0,0],"bonePose":[{p},1,0,0,1,-24,0,{b},1,0,0,1,0,0]}}"#
            )
        } else {
            format!(r#"{{"name":"{}","transform":{{"x":12,"scX":0.6,"scY":0.6}}}}"#, textures[b % 4])
        };
        skins.push(format!(r#"{{"name":"s{b}","display":[{display}]}}"#));
        frames.push(format!(
            r#"{{"name":"b{b}","rotateFrame":[{{"duration":12,"tweenEasing":0,"rotate":0}},{{"duration":12,"tweenEasing":0,"rotate":{}}},{{"duration":0,"rotate":0}}]}}"#,
            if joint % 2 == 0 { 8 } else { -8 }
        ));
    }
    let text = format!(
        r#"{{"frameRate":24,"name":"atlas","version":"5.5","armature":[{{"name":"crowd","frameRate":24,"bone":[{}],"slot":[{}],"skin":[{{"slot":[{}]}}],"animation":[{{"name":"sway","duration":24,"playTimes":0,"bone":[{}]}}]}}]}}"#,
        bones.join(","),
        slots.join(","),
        skins.join(","),
        frames.join(",")
    );
    let path = dir.join("crowd_ske.json");
    std::fs::write(&path, text).expect("write the generated skeleton");
    path
}

fn corpus(file: &str) -> Option<PathBuf> {
    let server = Path::new(env!("CARGO_MANIFEST_DIR"));
    server.ancestors().skip(2).take(2).map(|a| a.join("shared/corpus").join(file)).find(|p| p.exists())
}

/// The least CPU time (user + system) of `rigls render` with `args`, of 3: one core's time, which
/// other work on a shared machine inflates less than wall time.
fn render(file: &Path, args: &[&str], out: &Path) -> f64 {
    (0..3)
        .map(|_| {
            let mut command = Command::new(RIGLS);
            command.arg("render").arg(file).args(args).arg("-o").arg(out);
            let run = run_process(&mut command);
            assert_eq!(run.exit_code, 0, "rigls render {} {args:?}", file.display());
            ms(run.cpu)
        })
        .fold(f64::INFINITY, f64::min)
}

pub fn per_frame() {
    println!("## `rigls render`: time per frame\n");
    println!(
        "The release binary (single-threaded), least CPU time of 3 runs, 512×512 pixels per frame (rendered at 1024×1024 and averaged down). One: a PNG of one frame (process start, reading the skeleton and its atlas image, the scene, the raster, the PNG). Per frame: (a `--sheet 9` − a `--sheet 1`) ÷ 8, what each further frame of the animation costs: its scene (the runtime's pose at that time, child armatures included) and its raster. GIF: the whole animation as an animated GIF (a palette per frame) ÷ its frames.\n"
    );
    println!("| skeleton | bones | slots | frames | one PNG ms | per frame ms | GIF ms per frame |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let dir = crate::data_dir().join("render");
    std::fs::create_dir_all(&dir).expect("render bench folder");
    let png = dir.join("out.png");
    let gif = dir.join("out.gif");
    let mut inputs = vec![(format!("generated ({BONES} bones)"), crowd(&dir), "crowd", "sway", BONES, BONES - 1, 24)];
    let real = [
        ("body (meshes, IK)", "dragonbones-images/body/body_ske.json", "body", "idle", 70, 96, 70),
        (
            "mecha_1502b (child armatures)",
            "dragonbones-images/mecha_1502b/mecha_1502b_ske.json",
            "mecha_1502b",
            "walk",
            17,
            16,
            30,
        ),
        ("effect (additive meshes)", "dragonbones-images/effect/effect_ske.json", "flower", "skill", 36, 32, 110),
    ];
    for (name, file, armature, animation, bones, slots, frames) in real {
        match corpus(file) {
            Some(path) => inputs.push((name.to_owned(), path, armature, animation, bones, slots, frames)),
            None => println!("| {name} | SKIPPED: ../shared/corpus is absent | | | | | |"),
        }
    }
    for (name, path, armature, animation, bones, slots, frames) in inputs {
        let common = ["--armature", armature, "--animation", animation, "--size", "512x512"];
        let one = render(&path, &[&common[..], &["--time", "0.3"]].concat(), &png);
        let sheet1 = render(&path, &[&common[..], &["--sheet", "1"]].concat(), &png);
        let sheet9 = render(&path, &[&common[..], &["--sheet", "9"]].concat(), &png);
        let animated = render(&path, &common, &gif);
        println!(
            "| {name} | {bones} | {slots} | {frames} | {one:.0} | {:.1} | {:.1} |",
            (sheet9 - sheet1) / 8.0,
            animated / frames as f64
        );
    }
    println!("\nGoal (issue 11): render of a typical skeleton (≤ 200 bones) under 50 ms per frame.\n");
}
