//! `rigls render`: image snapshots of the shipped examples, the render fixture
//! (`tests/fixtures/render/`: rotated and trimmed atlas regions, a skinned mesh, a child armature,
//! colour transforms, an additive slot) and `../shared/corpus` files (skipped, with a note, when
//! absent); what it says and how it exits when something is missing or wrong.
//!
//! Snapshots are `tests/snapshots/render/*.png`, compared with a small tolerance (the raster may
//! differ in the last bit between CPUs). After a change that is meant to change the pictures, look
//! at them and rewrite the snapshots: `UPDATE_SNAPSHOTS=1 cargo test -p rigls --test it cli_render`.
//! A failing comparison writes the new picture beside the snapshot as `NAME.actual.png`.

use crate::cli_support;

use std::path::{Path, PathBuf};

use cli_support::{BIN, Run, Scratch};

fn server() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(name: &str) -> PathBuf {
    server().join("tests/fixtures/render").join(name)
}

fn example(name: &str) -> PathBuf {
    server().join("../examples").join(name)
}

/// `../shared/corpus/SUB` beside the repository (one level further up from a worktree).
fn corpus(sub: &str) -> Option<PathBuf> {
    server().ancestors().skip(2).take(2).map(|a| a.join("shared/corpus").join(sub)).find(|d| d.exists())
}

fn run(args: &[&str]) -> Run {
    let output = std::process::Command::new(BIN).args(args).env("NO_COLOR", "1").output().expect("run rigls");
    Run {
        code: output.status.code().expect("exit code"),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 stderr"),
    }
}

/// Renders `file` with `args` to a PNG and returns its bytes and the run.
fn render(file: &Path, args: &[&str]) -> (Vec<u8>, Run) {
    let scratch = Scratch::new();
    let out = scratch.path().join("out.png");
    let mut all = vec!["render", file.to_str().expect("UTF-8 path"), "-o", out.to_str().expect("UTF-8 path")];
    all.extend_from_slice(args);
    let run = run(&all);
    run.expect_code(0);
    (std::fs::read(&out).expect("the PNG was written"), run)
}

/// Straight RGBA pixels and size.
fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(png_bytes);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buffer).expect("a frame");
    assert_eq!(info.color_type, png::ColorType::Rgba);
    buffer.truncate(info.buffer_size());
    (info.width, info.height, buffer)
}

/// How far apart two pictures are: the share of pixels with a channel more than 24 apart, and
/// the mean absolute channel difference.
fn difference(a: &[u8], b: &[u8]) -> (f64, f64) {
    let mut differing = 0usize;
    let mut total = 0u64;
    for (p, q) in a.chunks_exact(4).zip(b.chunks_exact(4)) {
        let d = p.iter().zip(q).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0);
        if d > 24 {
            differing += 1;
        }
        total += p.iter().zip(q).map(|(x, y)| u64::from(x.abs_diff(*y))).sum::<u64>();
    }
    (differing as f64 / (a.len() / 4).max(1) as f64, total as f64 / a.len().max(1) as f64)
}

fn check_snapshot(name: &str, png_bytes: &[u8]) {
    let dir = server().join("tests/snapshots/render");
    let path = dir.join(format!("{name}.png"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(&dir).expect("snapshot folder");
        std::fs::write(&path, png_bytes).expect("write the snapshot");
        return;
    }
    let expected = std::fs::read(&path).unwrap_or_else(|_| {
        panic!(
            "no snapshot {}: look at the render, then UPDATE_SNAPSHOTS=1 cargo test -p rigls --test it cli_render",
            path.display()
        )
    });
    let (ew, eh, e) = decode(&expected);
    let (aw, ah, a) = decode(png_bytes);
    let actual = dir.join(format!("{name}.actual.png"));
    if (ew, eh) != (aw, ah) {
        std::fs::write(&actual, png_bytes).expect("write the actual picture");
        panic!("{name}: {aw}×{ah}, the snapshot is {ew}×{eh} (new picture: {})", actual.display());
    }
    let (share, mean) = difference(&e, &a);
    if share > 0.002 || mean > 0.5 {
        std::fs::write(&actual, png_bytes).expect("write the actual picture");
        panic!(
            "{name}: {:.3}% of the pixels differ from the snapshot (mean difference {mean:.3}); new picture: {}",
            share * 100.0,
            actual.display()
        );
    }
}

/// Every non-transparent pixel's box, to say where something was drawn.
fn drawn_box(png_bytes: &[u8]) -> Option<(u32, u32, u32, u32)> {
    let (w, _, p) = decode(png_bytes);
    let mut b: Option<(u32, u32, u32, u32)> = None;
    for (i, px) in p.chunks_exact(4).enumerate() {
        if px[3] > 0 {
            let (x, y) = (i as u32 % w, i as u32 / w);
            let r = b.get_or_insert((x, y, x, y));
            *r = (r.0.min(x), r.1.min(y), r.2.max(x), r.3.max(y));
        }
    }
    b
}

#[test]
fn the_fixture_at_its_setup_pose_with_bones() {
    let (png, run) = render(&fixture("atlas_ske.json"), &["--size", "320x240", "--bones"]);
    assert_eq!(run.stderr, "");
    check_snapshot("fixture_setup_bones", &png);
}

#[test]
fn the_fixture_mid_animation_bends_the_skinned_mesh_turns_the_child_and_tints() {
    let (png, _) = render(&fixture("atlas_ske.json"), &["--size", "320x240", "--animation", "wave", "--time", "0.5"]);
    check_snapshot("fixture_wave_0.5s", &png);
    // Frame 12 at 24 frames per second is the same time.
    let (by_frame, _) =
        render(&fixture("atlas_ske.json"), &["--size", "320x240", "--animation", "wave", "--frame", "12"]);
    assert_eq!(png, by_frame);
}

#[test]
fn a_sheet_puts_evenly_spaced_frames_in_a_grid() {
    let (png, _) = render(&fixture("atlas_ske.json"), &["--size", "160x120", "--sheet", "4", "--animation", "wave"]);
    let (w, h, _) = decode(&png);
    assert_eq!((w, h), (320, 240));
    check_snapshot("fixture_sheet_4", &png);
}

/// The fixture's skeleton with one slot showing `texture`, for comparing regions.
fn lone_display(scratch: &Scratch, texture: &str) -> PathBuf {
    let atlas = std::fs::read_to_string(fixture("atlas_tex.json")).expect("atlas");
    scratch.write("one_tex.json", &atlas.replace("\"name\": \"atlas\"", "\"name\": \"one\""));
    std::fs::copy(fixture("atlas_tex.png"), scratch.path().join("atlas_tex.png")).expect("copy the image");
    let skeleton = format!(
        r#"{{"frameRate": 24, "name": "one", "version": "5.5", "armature": [{{"name": "a", "bone": [{{"name": "root"}}],
        "slot": [{{"name": "s", "parent": "root"}}, {{"name": "corner", "parent": "root"}}],
        "skin": [{{"slot": [{{"name": "s", "display": [{{"name": "{texture}", "transform": {{"skX": 30, "skY": 30}}}}]}},
        {{"name": "corner", "display": [{{"name": "skin", "transform": {{"x": 60, "y": 60, "scX": 0.1, "scY": 0.1}}}}]}}]}}]}}]}}"#
    );
    scratch.write(&format!("one_{texture}_ske.json"), &skeleton)
}

#[test]
fn rotated_atlas_regions_draw_exactly_as_their_upright_twins() {
    let scratch = Scratch::new();
    for (upright, rotated) in [("flag", "flag_rot"), ("trim", "trim_rot")] {
        let (a, _) = render(&lone_display(&scratch, upright), &["--size", "200x200"]);
        let (b, _) = render(&lone_display(&scratch, rotated), &["--size", "200x200"]);
        let ((_, _, pa), (_, _, pb)) = (decode(&a), decode(&b));
        let (share, mean) = difference(&pa, &pb);
        // Only edge pixels may differ a little (bilinear sampling reads the region's neighbours).
        assert!(share < 0.005 && mean < 0.1, "{rotated} differs from {upright}: {share} of pixels, mean {mean}");
        assert!(drawn_box(&a).is_some());
    }
}

#[test]
fn a_trimmed_region_sits_where_its_untrimmed_frame_puts_it() {
    // `trim` is 32×20 stored pixels at (8, 14) in a 48×48 frame: with the pivot at the frame's
    // top-left its pixels start at (8, 14), where an untrimmed picture would start at (0, 0).
    let scratch = Scratch::new();
    let skeleton = r#"{"frameRate": 24, "name": "one", "version": "5.5", "armature": [{"name": "a", "bone": [{"name": "root"}],
        "slot": [{"name": "s", "parent": "root"}, {"name": "t", "parent": "root"}],
        "skin": [{"slot": [{"name": "s", "display": [{"name": "trim", "pivot": {"x": 0, "y": 0}}]},
        {"name": "t", "display": [{"name": "flag", "transform": {"x": 100, "y": 100}, "pivot": {"x": 0, "y": 0}}]}]}]}]}"#;
    let atlas = std::fs::read_to_string(fixture("atlas_tex.json")).expect("atlas");
    scratch.write("one_tex.json", &atlas.replace("\"name\": \"atlas\"", "\"name\": \"one\""));
    std::fs::copy(fixture("atlas_tex.png"), scratch.path().join("atlas_tex.png")).expect("copy the image");
    let file = scratch.write("one_ske.json", skeleton);
    let out = scratch.path().join("scene.json");
    run(&["render", file.to_str().unwrap(), "-o", out.to_str().unwrap()]).expect_code(0);
    let scene: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let trim = &scene["drawables"][0];
    assert_eq!(trim["display"]["name"], "trim");
    assert_eq!(trim["vertices"], serde_json::json!([8.0, 14.0, 40.0, 14.0, 40.0, 34.0, 8.0, 34.0]));
    assert_eq!(trim["uvs"], serde_json::json!([0.0, 48.0, 32.0, 48.0, 32.0, 68.0, 0.0, 68.0]));
}

#[test]
fn the_walker_mid_animation_from_every_side() {
    let (png, run) = render(
        &example("walker.elem"),
        &["--size", "200x200", "--animation", "うなずき", "--time", "0.25", "--view", "iso", "--bones"],
    );
    assert_eq!(run.stderr, "");
    check_snapshot("walker_iso_0.25s", &png);
    let mut boxes = Vec::new();
    for view in ["front", "back", "left", "right", "top"] {
        let (png, _) = render(&example("walker.elem"), &["--size", "100x100", "--view", view, "--bones"]);
        boxes.push((view, drawn_box(&png).expect("something drawn")));
    }
    // The walker is a flat upright quad facing −z: from the front and back it is as wide as the
    // picture allows; from the sides and above, edge on, only its bones show (a joint is 7 pixels).
    let (width, height) = (|b: (u32, u32, u32, u32)| b.2 - b.0, |b: (u32, u32, u32, u32)| b.3 - b.1);
    assert!(width(boxes[0].1) > 40 && width(boxes[1].1) > 40, "{boxes:?}");
    assert!(width(boxes[2].1) <= 8 && width(boxes[3].1) <= 8, "{boxes:?}");
    assert!(height(boxes[4].1) <= 8, "{boxes:?}");
}

#[test]
fn a_textured_elem_model_with_two_materials_and_uv_animation() {
    let (png, run) = render(&fixture("sign.elem"), &["--size", "160x160"]);
    assert_eq!(run.stderr, "");
    check_snapshot("sign_front", &png);
    let (png, _) = render(
        &fixture("sign.elem"),
        &["--size", "160x160", "--view", "iso", "--animation", "回転", "--time", "0.25", "--bones"],
    );
    check_snapshot("sign_iso_0.25s", &png);
    // Without the texture file: the material's diffuse colour, and a note.
    let scratch = Scratch::new();
    let file = scratch.write("sign.elem", &std::fs::read_to_string(fixture("sign.elem")).unwrap());
    let (_, run) = render(&file, &["--size", "32x32"]);
    let texture = scratch.path().join("atlas_tex.png");
    assert_eq!(
        run.stderr,
        format!("note: texture {} not found: drawn with its material's diffuse colour\n", texture.display())
    );
}

#[test]
fn the_shipped_hero_example_is_drawn_from_its_atlas_image() {
    let (png, run) = render(&example("dragonbones/hero_ske.json"), &["--size", "160x160"]);
    assert_eq!(run.stderr, "", "the image is there: no note about outlines");
    check_snapshot("hero_textured", &png);
}

#[test]
fn an_atlas_without_its_image_draws_outlines_and_says_so() {
    let scratch = Scratch::new();
    for name in ["hero_ske.json", "hero_tex.json"] {
        std::fs::copy(example(&format!("dragonbones/{name}")), scratch.path().join(name)).expect("copy");
    }
    let (png, run) = render(&scratch.path().join("hero_ske.json"), &["--size", "160x160", "--bones"]);
    let image = scratch.path().join("hero_tex.png");
    let atlas = scratch.path().join("hero_tex.json");
    assert_eq!(
        run.stderr,
        format!(
            "note: atlas image {} (the imagePath of {}) not found: its displays are drawn as outlines\n",
            image.display(),
            atlas.display()
        )
    );
    check_snapshot("hero_outline_bones", &png);
}

#[test]
fn a_skeleton_without_any_atlas_needs_outline() {
    let scratch = Scratch::new();
    std::fs::copy(fixture("atlas_ske.json"), scratch.path().join("atlas_ske.json")).expect("copy");
    let run = scratch.run(&["render", "atlas_ske.json", "-o", "out.png"]);
    run.expect_code(2);
    assert_eq!(
        run.stderr,
        "error: atlas_ske.json: no texture atlas found (looked for atlas_tex.json, or a `*tex*.json` named \"atlas\"): its images have no size and nothing can be textured; render with --outline to draw its meshes and image origins without one\n"
    );
    assert!(!scratch.path().join("out.png").exists());
    let run = scratch.run(&["render", "atlas_ske.json", "-o", "out.png", "--outline"]);
    run.expect_code(0);
    assert_eq!(
        run.stderr,
        "note: no texture atlas found (looked for atlas_tex.json, or a `*tex*.json` named \"atlas\"): images have no size\n"
    );
}

#[test]
fn what_exits_with_2() {
    let scratch = Scratch::new();
    for name in ["atlas_ske.json", "atlas_tex.json"] {
        std::fs::copy(fixture(name), scratch.path().join(name)).expect("copy");
    }
    scratch.write("atlas_tex.png", "not a PNG");
    std::fs::copy(example("dragonbones/broken_ske.json"), scratch.path().join("broken_ske.json")).expect("copy");
    std::fs::copy(example("walker.elem"), scratch.path().join("walker.elem")).expect("copy");
    let cases: &[(&[&str], &str)] = &[
        (
            &["render", "atlas_ske.json", "-o", "a.png"],
            "error: the atlas image atlas_tex.png is not a PNG image it can read (Invalid PNG signature.)\n",
        ),
        (
            &["render", "atlas_ske.json", "--armature", "nope", "-o", "a.png"],
            "error: atlas_ske.json: no armature named \"nope\" (armatures: \"stage\", \"badge\")\n",
        ),
        (
            &["render", "walker.elem", "--animation", "nope", "-o", "a.png"],
            "error: walker.elem: no animation named \"nope\" (animations: \"うなずき\")\n",
        ),
        (
            &["render", "broken_ske.json", "-o", "a.png"],
            "error: broken_ske.json: the file has errors that make its pose meaningless:\n  19:5: slot \"hat\" has no parent bone: building the armature throws\n",
        ),
        (
            &["render", "walker.elem", "-o", "a.bmp"],
            "error: a.bmp: the output's extension says what to write: .png, .svg, .gif (animated) or .json (the scene)\n",
        ),
        (
            &["render", "atlas_ske.json", "--view", "top", "-o", "a.png"],
            "error: --view applies to .elem models: a DragonBones armature is flat\n",
        ),
        (&["render", "missing.elem", "-o", "a.png"], "error: cannot read `missing.elem`: no such file or directory\n"),
        (
            &["render", "walker.elem", "--sheet", "4", "-o", "a.gif"],
            "error: --sheet draws one picture: write it as .png or .svg, not .gif\n",
        ),
    ];
    for (args, stderr) in cases {
        let run = scratch.run(args);
        run.expect_code(2);
        assert_eq!(&run.stderr, stderr, "{args:?}");
    }
    assert!(!scratch.path().join("a.png").exists());
}

/// A PNG whose header claims 40,000 × 40,000 pixels (its data a single IDAT of nothing): refused
/// before any pixel is decoded, as the one of zero pixels that took 34 s and 12.5 GB was.
#[test]
fn an_atlas_image_larger_than_a_gpu_texture() {
    let scratch = Scratch::new();
    for name in ["atlas_ske.json", "atlas_tex.json"] {
        std::fs::copy(fixture(name), scratch.path().join(name)).expect("copy");
    }
    let crc = |bytes: &[u8]| {
        let mut crc = !0u32;
        for &byte in bytes {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
            }
        }
        !crc
    };
    let chunk = |kind: &[u8], data: &[u8]| {
        let mut c = (data.len() as u32).to_be_bytes().to_vec();
        let typed: Vec<u8> = kind.iter().chain(data).copied().collect();
        c.extend_from_slice(&typed);
        c.extend(crc(&typed).to_be_bytes());
        c
    };
    let mut header = 40_000u32.to_be_bytes().to_vec();
    header.extend(40_000u32.to_be_bytes());
    header.extend([8, 6, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(chunk(b"IHDR", &header));
    png.extend(chunk(b"IDAT", &[]));
    std::fs::write(scratch.path().join("atlas_tex.png"), png).expect("write");
    let run = scratch.run(&["render", "atlas_ske.json", "-o", "a.png"]);
    run.expect_code(2);
    assert_eq!(
        run.stderr,
        "error: the atlas image atlas_tex.png is an image of 40000 × 40000 pixels, larger than rigls draws (at most 16384 on a side and 8192 × 8192 in all; GPUs refuse textures past 16384 on a side, many past 4096)\n"
    );
}

#[test]
fn png_output_is_the_same_bytes_every_time() {
    let args = ["--size", "200x150", "--animation", "wave", "--time", "0.3", "--bones"];
    let (a, _) = render(&fixture("atlas_ske.json"), &args);
    let (b, _) = render(&fixture("atlas_ske.json"), &args);
    assert_eq!(a, b);
}

#[test]
fn a_gif_plays_every_frame_at_the_animation_frame_rate() {
    let scratch = Scratch::new();
    let out = scratch.path().join("wave.gif");
    run(&["render", fixture("atlas_ske.json").to_str().unwrap(), "--size", "80x60", "-o", out.to_str().unwrap()])
        .expect_code(0);
    let file = std::fs::File::open(&out).expect("the GIF was written");
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(file).expect("a GIF");
    assert_eq!((decoder.width(), decoder.height()), (80, 60));
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        delays.push(frame.delay);
    }
    // The default animation `wave`: 24 frames at 24 per second, one second in all.
    assert_eq!(delays.len(), 24);
    assert_eq!(delays.iter().map(|&d| u32::from(d)).sum::<u32>(), 100);
    assert!(delays.iter().all(|&d| d == 4 || d == 5), "{delays:?}");
}

#[test]
fn an_svg_embeds_the_atlas_once_and_lays_each_piece_with_a_pattern() {
    let scratch = Scratch::new();
    let out = scratch.path().join("a.svg");
    let json = scratch.path().join("a.json");
    let file = fixture("atlas_ske.json");
    run(&["render", file.to_str().unwrap(), "-o", out.to_str().unwrap()]).expect_code(0);
    run(&["render", file.to_str().unwrap(), "-o", json.to_str().unwrap()]).expect_code(0);
    let svg = std::fs::read_to_string(&out).expect("the SVG");
    let scene: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let pieces: usize = scene["drawables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| if d["kind"] == "image" { 1 } else { d["triangles"].as_array().unwrap().len() / 3 })
        .sum();
    assert_eq!(svg.matches("data:image/png;base64,").count(), 1);
    assert_eq!(svg.matches("<pattern ").count(), pieces);
    // The tinted slot's colour transform and the additive slot's blend mode.
    assert!(
        svg.contains("<feColorMatrix type=\"matrix\" values=\"0.3 0 0 0 0 0 1 0 0 0.235294 0 0 1 0 0 0 0 0 1 0\"/>")
    );
    assert!(svg.contains("mix-blend-mode:plus-lighter"));
}

/// Corpus renders: (name, file under `../shared/corpus`, arguments).
const CORPUS: &[(&str, &str, &[&str])] = &[
    ("corpus_body_idle_1.1s", "dragonbones-images/body/body_ske.json", &["--animation", "idle", "--time", "1.1"]),
    (
        "corpus_mecha_1502b_walk_0.4s",
        "dragonbones-images/mecha_1502b/mecha_1502b_ske.json",
        &["--armature", "mecha_1502b", "--animation", "walk", "--time", "0.4", "--bones"],
    ),
    (
        "corpus_effect_skill_1.2s",
        "dragonbones-images/effect/effect_ske.json",
        &["--animation", "skill", "--time", "1.2"],
    ),
    ("corpus_bounding_box_tester", "dragonbones-images/bounding_box_tester/bounding_box_tester_ske.json", &[]),
    ("corpus_robot_nod_iso", "elem/robot.elem", &["--view", "iso", "--bones", "--animation", "Nod", "--time", "0.25"]),
];

#[test]
fn corpus_files_render_as_their_snapshots() {
    let Some(root) = corpus("") else {
        eprintln!("SKIPPED: ../shared/corpus is absent");
        return;
    };
    for (name, file, args) in CORPUS {
        let mut all = vec!["--size", "240x240"];
        all.extend_from_slice(args);
        let (png, _) = render(&root.join(file), &all);
        check_snapshot(name, &png);
    }
}

#[test]
fn an_editor_buffer_renders_from_stdin_named_after_its_file() {
    let file = fixture("atlas_ske.json");
    let (from_file, _) = render(&file, &["--animation", "wave", "--time", "0.5"]);
    let scratch = Scratch::new();
    let out = scratch.path().join("buffer.png");
    let render_stdin = |text: &str, name: Option<&Path>| {
        let mut command = std::process::Command::new(BIN);
        command.args(["render", "-", "--animation", "wave", "--time", "0.5", "-o"]).arg(&out);
        if let Some(name) = name {
            command.arg("--stdin-filename").arg(name);
        }
        let mut child = command
            .stdin(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run rigls");
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), text.as_bytes()).unwrap();
        let output = child.wait_with_output().unwrap();
        (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
    };
    let text = std::fs::read_to_string(&file).unwrap();
    // The same text, named after the file: its atlas is found beside that name, the same picture.
    assert_eq!(render_stdin(&text, Some(&file)), (Some(0), String::new()));
    assert_eq!(std::fs::read(&out).unwrap(), from_file);
    // An unsaved edit (the upper arm moved) is what is drawn.
    let edited = text.replacen("\"x\": -60, \"y\": 80", "\"x\": -20, \"y\": 80", 1);
    assert_ne!(edited, text);
    assert_eq!(render_stdin(&edited, Some(&file)).0, Some(0));
    assert_ne!(std::fs::read(&out).unwrap(), from_file);
    // Without a name there is no folder to find an atlas in.
    let (code, stderr) = render_stdin(&text, None);
    assert_eq!(code, Some(2));
    assert!(stderr.starts_with("error: -: no texture atlas found"), "{stderr}");
}

/// Two 20×20 images 200 apart; the far one faded out to nothing (`aM: 0`).
const NEAR_AND_FADED: &str = r#"{"name": "pair", "version": "5.5", "frameRate": 60, "armature": [{"name": "pair",
  "bone": [{"name": "root"}, {"name": "far", "parent": "root", "transform": {"x": 200}}],
  "slot": [{"name": "near", "parent": "root"}, {"name": "far", "parent": "far", "color": {"aM": 0}}],
  "skin": [{"slot": [{"name": "near", "display": [{"name": "box"}]}, {"name": "far", "display": [{"name": "box"}]}]}],
  "animation": [{"name": "tick", "duration": 60}]}]}"#;
const BOX_ATLAS: &str = r#"{"name": "pair", "imagePath": "pair_tex.png", "width": 32, "height": 32,
  "SubTexture": [{"name": "box", "x": 0, "y": 0, "width": 20, "height": 20}]}"#;

#[test]
fn outline_fits_every_display_it_draws_even_faded_ones() {
    let scratch = Scratch::new();
    scratch.write("pair_ske.json", NEAR_AND_FADED);
    scratch.write("pair_tex.json", BOX_ATLAS);
    scratch.run(&["render", "pair_ske.json", "--outline", "--size", "240x60", "-o", "out.png"]).expect_code(0);
    let png = std::fs::read(scratch.path().join("out.png")).unwrap();
    let (w, h, pixels) = decode(&png);
    let (left, _, right, _) = drawn_box(&png).expect("something drawn");
    assert!(left < 40 && right > w - 40, "both boxes drawn, end to end: {left}..{right} of {w}");
    // Between the two boxes nothing is drawn: each was fitted whole, none stretched over the canvas.
    let column_drawn = |x: u32| (0..h).any(|y| pixels[((y * w + x) * 4 + 3) as usize] > 0);
    assert!(!column_drawn(w / 2), "the middle column is empty");
}

#[test]
fn a_gif_faster_than_50_fps_keeps_its_length_in_two_hundredths_steps() {
    let scratch = Scratch::new();
    scratch.write("pair_ske.json", NEAR_AND_FADED);
    scratch.write("pair_tex.json", BOX_ATLAS);
    scratch.run(&["render", "pair_ske.json", "--outline", "--size", "40x20", "-o", "tick.gif"]).expect_code(0);
    let file = std::fs::File::open(scratch.path().join("tick.gif")).expect("the GIF was written");
    let mut decoder = gif::DecodeOptions::new().read_info(file).expect("a GIF");
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        delays.push(frame.delay);
    }
    // 60 frames at 60 fps: one second, as 50 frames of 2 hundredths (browsers slow 1 to 10).
    assert_eq!(delays, vec![2; 50]);
}

#[test]
fn an_elem_view_that_sees_every_face_edge_on_says_so() {
    let scratch = Scratch::new();
    std::fs::copy(example("walker.elem"), scratch.path().join("walker.elem")).expect("copy");
    let run = scratch.run(&["render", "walker.elem", "--view", "left", "-o", "left.png"]);
    run.expect_code(0);
    assert_eq!(
        run.stderr,
        "note: the left view sees every face of the model edge-on, so no face is drawn: try another --view\n"
    );
    let run = scratch.run(&["render", "walker.elem", "--view", "top", "--bones", "-o", "top.png"]);
    assert_eq!(
        run.stderr,
        "note: the top view sees every face of the model edge-on, so no face is drawn (only the bones): try another --view\n"
    );
    let run = scratch.run(&["render", "walker.elem", "--view", "iso", "-o", "iso.png"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
}

#[test]
fn the_default_armature_of_mecha_1502b_is_the_mecha_and_render_says_so() {
    let Some(dir) = corpus("dragonbones-images/mecha_1502b") else {
        eprintln!("SKIPPED: ../shared/corpus is absent");
        return;
    };
    let skeleton = dir.join("mecha_1502b_ske.json");
    let note = "note: armature \"mecha_1502b\": of the 3 armatures that no other shows as a child armature, the one that shows the most (--armature NAME chooses another)\n";
    let scratch = Scratch::new();
    let out = scratch.path().join("scene.json");
    let run = run(&["render", skeleton.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    run.expect_code(0);
    assert_eq!(run.stderr, note);
    let scene: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(scene["armature"], "mecha_1502b");
    let posed = self::run(&["pose", skeleton.to_str().unwrap(), "--format", "json"]);
    posed.expect_code(0);
    assert_eq!(posed.stderr, note);
    assert!(posed.stdout.starts_with(r#"{"armature":"mecha_1502b","#), "{}", &posed.stdout[..80]);
}
