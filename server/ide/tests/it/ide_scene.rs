//! `ide::scene`: what the preview and `rigls render` draw from. The render fixture
//! (`tests/fixtures/render/`) as a DragonBones scene — draw order, atlas regions, a child armature
//! playing its own animation on the parent's clock, the pickers, byte ranges that select the
//! definitions — and `sign.elem` as a 3-D scene: faces by material, the texture's resolved path,
//! UV animation, skinned normals; ranges checked on LF, CRLF and BOM copies with Japanese names.

use std::path::{Path, PathBuf};

use rigls_diagnostic::env::RealFs;
use rigls_ide::Analysis;
use rigls_ide::scene::{self, Scene, SceneRequest};

fn fixture(name: &str) -> PathBuf {
    rigls_test_support::server_dir().join("tests/fixtures/render").join(name)
}

fn analyse(path: &Path, text: String) -> Analysis {
    Analysis::new(Some(path), text, &RealFs)
}

fn scene_of(analysis: &Analysis, animation: Option<&str>, time: f64) -> Scene {
    let request = SceneRequest { armature: None, animation: animation.map(str::to_owned), time, target: None };
    scene::scene(analysis, &request).expect("a scene")
}

fn slice(text: &str, r: scene::ByteRange) -> &str {
    &text[r.0 as usize..r.1 as usize]
}

/// The LF text and its CRLF, BOM and BOM + CRLF copies.
fn variants(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("fixture");
    let crlf = text.replace('\n', "\r\n");
    vec![text.clone(), crlf.clone(), format!("\u{feff}{text}"), format!("\u{feff}{crlf}")]
}

#[test]
fn the_dragonbones_fixture_in_draw_order_with_its_atlas_regions() {
    let path = fixture("atlas_ske.json");
    let analysis = analyse(&path, std::fs::read_to_string(&path).unwrap());
    let s = scene_of(&analysis, None, 0.0);
    assert_eq!((s.format, s.armature.as_deref()), ("dragonbones", Some("stage")));
    assert_eq!(s.default_animation.as_deref(), Some("wave"));
    let names: Vec<&str> = s.armatures.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["stage", "badge"]);
    let wave = &s.animations[0];
    assert_eq!(
        (wave.name.as_str(), wave.duration, wave.frame_rate, wave.frame_count, wave.play_times),
        ("wave", 1.0, 24.0, 24.0, 0.0)
    );
    let flat = s.flat().expect("a 2-D scene");
    let drawn: Vec<(&str, &str)> =
        flat.drawables.iter().map(|d| (flat.slots[d.slot].name.as_str(), d.display.name.as_str())).collect();
    assert_eq!(
        drawn,
        [
            ("flag", "flag"),
            ("flag_rot", "flag_rot"),
            ("trim", "trim"),
            ("trim_rot", "trim_rot"),
            ("tinted", "flag"),
            ("glow", "trim"),
            ("face", "flag"),
            ("strip", "skin"),
        ]
    );
    // The child armature is instance 1, shown by slot `badge`, and its slot sits in the badge's place.
    assert_eq!(flat.instances.len(), 2);
    assert_eq!(flat.instances[1].armature, "badge");
    assert_eq!(flat.slots[flat.instances[1].slot.unwrap()].name, "badge");
    assert_eq!(flat.instances[1].matrix, [1.0, 0.0, 0.0, 1.0, 60.0, 20.0]);
    let rotated: Vec<bool> = flat.drawables.iter().map(|d| d.region.unwrap().rotated).collect();
    assert_eq!(rotated, [false, true, false, true, false, false, false, false]);
    assert_eq!(flat.textures.len(), 1);
    assert_eq!(Path::new(flat.textures[0].image.as_deref().unwrap()), fixture("atlas_tex.png"));
    assert_eq!((flat.textures[0].width, flat.textures[0].height), (Some(128.0), Some(128.0)));
    // The rotated flag's quad is the upright flag's, 60 pixels to the right.
    let (a, b) = (&flat.drawables[0].vertices, &flat.drawables[1].vertices);
    for (p, q) in a.chunks(2).zip(b.chunks(2)) {
        assert!((q[0] - p[0] - 60.0).abs() < 1e-9 && (q[1] - p[1]).abs() < 1e-9, "{a:?} {b:?}");
    }
    // Its corners read the stored region turned: the picture's top-left is the region's top-right.
    assert_eq!(flat.drawables[1].uvs, [72.0, 0.0, 72.0, 40.0, 48.0, 40.0, 48.0, 0.0]);
    let tinted = &flat.drawables[4];
    assert_eq!((tinted.color.red_multiplier, tinted.color.green_offset), (0.3, 60.0));
    assert_eq!(flat.drawables[5].blend_mode, scene::BlendMode2d::Add);
    assert!(
        (flat.drawables[5].alpha - 1.0).abs() < 1e-12 && (flat.drawables[5].color.alpha_multiplier - 0.7).abs() < 1e-12
    );
    let mesh = &flat.drawables[7];
    assert_eq!(mesh.kind, scene::DrawableKind::Mesh);
    assert_eq!(mesh.triangles.len(), 18);
    // The runtime keeps UVs as 32-bit floats.
    let expected = [0.0, 88.0, f64::from(0.3333f32) * 64.0, 88.0];
    assert!(mesh.uvs[..4].iter().zip(expected).all(|(a, b)| (a - b).abs() < 1e-9), "{:?}", &mesh.uvs[..4]);
}

#[test]
fn a_child_armature_plays_its_default_animation_on_the_parents_clock() {
    let path = fixture("atlas_ske.json");
    let analysis = analyse(&path, std::fs::read_to_string(&path).unwrap());
    let s = scene_of(&analysis, Some("wave"), 0.5);
    let flat = s.flat().unwrap();
    assert_eq!(flat.instances[1].animation.as_deref(), Some("spin"));
    // `spin` turns the badge's root 180° in a second: a quarter turn at 0.5 s, in the badge's place.
    let root = flat.bones.iter().find(|b| b.instance == 1).unwrap();
    let m = root.matrix;
    // (Angles are 32-bit floats in the runtime.)
    assert!(m[0].abs() < 1e-6 && (m[1] - 1.0).abs() < 1e-6 && (m[4] - 60.0).abs() < 1e-9, "{m:?}");
    // The parent's `lower` bone is turned 60° at frame 12.
    let lower = flat.bones.iter().find(|b| b.name == "lower").unwrap();
    assert!((lower.matrix[1] - 60f64.to_radians().sin()).abs() < 1e-6, "{:?}", lower.matrix);
}

#[test]
fn dragonbones_ranges_select_the_definitions_in_every_text_variant() {
    let path = fixture("atlas_ske.json");
    for text in variants(&path) {
        let analysis = analyse(&path, text.clone());
        let s = scene_of(&analysis, None, 0.0);
        let flat = s.flat().unwrap();
        for bone in &flat.bones {
            assert_eq!(slice(&text, bone.name_range.unwrap()), format!("\"{}\"", bone.name));
            assert!(slice(&text, bone.range).starts_with('{') && slice(&text, bone.range).ends_with('}'));
        }
        for slot in &flat.slots {
            assert_eq!(slice(&text, slot.name_range.unwrap()), format!("\"{}\"", slot.name));
        }
        for d in &flat.drawables {
            assert!(slice(&text, d.display.range).contains(&format!("\"name\": \"{}\"", d.display.name)));
        }
        let wave = &s.animations[0];
        assert_eq!(slice(&text, wave.name_range.unwrap()), "\"wave\"");
    }
}

#[test]
fn the_elem_fixture_as_a_3d_scene() {
    let path = fixture("sign.elem");
    for text in variants(&path) {
        let analysis = analyse(&path, text.clone());
        let s = scene_of(&analysis, Some("回転"), 0.5);
        assert_eq!((s.format, s.armature.as_deref(), s.default_animation.as_deref()), ("elem", None, Some("回転")));
        assert_eq!(
            (s.animations[0].duration, s.animations[0].frame_rate, s.animations[0].frame_count),
            (1.0, 10.0, 10.0)
        );
        let solid = s.solid().expect("a 3-D scene");
        assert!(!solid.right_handed);
        let mesh = &solid.meshes[0];
        assert_eq!((mesh.container.as_str(), mesh.name.as_str()), ("看板", "面"));
        assert_eq!(slice(&text, mesh.name_range.unwrap()), "\"面\"");
        assert_eq!(slice(&text, solid.nodes[0].name_range.unwrap()), "\"台\"");
        assert!(slice(&text, solid.nodes[0].range).starts_with("Node {"));
        // The quad fanned from its first corner, then the roof; one group per material.
        assert_eq!(mesh.fixed.triangles, [0, 3, 2, 0, 2, 1, 4, 6, 5]);
        let groups: Vec<(Option<usize>, usize, usize)> =
            mesh.fixed.groups.iter().map(|g| (g.material, g.start, g.count)).collect();
        assert_eq!(groups, [(Some(0), 0, 2), (Some(1), 2, 1)]);
        let board = &solid.materials[0];
        assert_eq!(slice(&text, board.name_range.unwrap()), "\"板\"");
        assert_eq!(board.texture.as_deref(), Some("atlas_tex.png"));
        assert_eq!(Path::new(board.texture_path.as_deref().unwrap()), fixture("atlas_tex.png"));
        assert_eq!(solid.materials[1].diffuse, [0.9, 0.5, 0.2, 1.0]);
        // Half-way through the clip: the UV part has scrolled u by half of 0.375.
        assert_eq!(board.uv_transform.translation, [0.1875, 0.0]);
        assert_eq!(solid.materials[1].uv_transform, scene::UvTransform3d::IDENTITY);
        // The node turned 45° about y (Direct3D's sense): the front's normal (0, 0, −1) with it,
        // still of length 1.
        let n = &mesh.normals.as_ref().unwrap()[..3];
        let h = std::f64::consts::FRAC_1_SQRT_2;
        assert!((n[0] + h).abs() < 1e-5 && n[1].abs() < 1e-9 && (n[2] + h).abs() < 1e-5, "{n:?}");
        let b = solid.bounds.unwrap();
        assert!(b.max[1] == 2.0 && b.min[1] == 0.0, "{b:?}");
    }
}

/// A skeleton with these armatures: `(name, the armatures its one slot shows)`.
fn armatures(list: &[(&str, &[&str])]) -> String {
    let armature = |(name, shows): &(&str, &[&str])| {
        let displays: Vec<String> = shows.iter().map(|c| format!(r#"{{"type": "armature", "name": "{c}"}}"#)).collect();
        format!(
            r#"{{"name": "{name}", "bone": [{{"name": "root"}}], "slot": [{{"name": "s", "parent": "root"}}],
  "skin": [{{"slot": [{{"name": "s", "display": [{}]}}]}}]}}"#,
            displays.join(", ")
        )
    };
    let list: Vec<String> = list.iter().map(armature).collect();
    format!("{{\"name\": \"game\", \"version\": \"5.5\", \"armature\": [\n{}\n]}}\n", list.join(",\n"))
}

#[test]
fn the_default_armature_is_the_one_no_other_shows_that_shows_the_most() {
    let path = Path::new("game_ske.json");
    let chosen = |text: String| {
        let analysis = analyse(path, text);
        let scene = scene_of(&analysis, None, 0.0);
        let request = rigls_ide::pose::PoseRequest::default();
        let posed = match rigls_ide::pose::pose(&analysis, &request).expect("a pose") {
            rigls_ide::pose::Pose::DragonBones(p) => p.armature,
            rigls_ide::pose::Pose::Elem(_) => unreachable!(),
        };
        assert_eq!(scene.armature.as_deref(), Some(posed.as_str()), "the scene and the pose agree");
        let note = rigls_ide::pose::defaulted_armature(&analysis, &request).map(|c| (c.name, c.candidates));
        (posed, note)
    };
    // mecha_1502b's shape: a bullet and an effect the game spawns, the mecha with its weapons.
    let game = [
        ("bullet", &[][..]),
        ("effect", &[]),
        ("weapon", &["flame"]),
        ("flame", &[]),
        ("mecha", &["weapon", "weapon", "flame"]),
    ];
    assert_eq!(chosen(armatures(&game)), ("mecha".to_owned(), Some(("mecha".to_owned(), 3))));
    // With a Japanese name, CRLF and a BOM.
    let japanese = [("弾", &[][..]), ("ロボ", &["腕"]), ("腕", &[])];
    let text = format!("\u{feff}{}", armatures(&japanese).replace('\n', "\r\n"));
    assert_eq!(chosen(text), ("ロボ".to_owned(), Some(("ロボ".to_owned(), 2))));
    // No child armatures: the first; and chosen among one, nothing to say.
    assert_eq!(chosen(armatures(&[("a", &[]), ("b", &[])])), ("a".to_owned(), Some(("a".to_owned(), 2))));
    assert_eq!(chosen(armatures(&[("hero", &["hat"]), ("hat", &[])])), ("hero".to_owned(), None));
    // Every armature some other's child (a loop): the first.
    assert_eq!(chosen(armatures(&[("a", &["b"]), ("b", &["a"])])), ("a".to_owned(), None));
    // Asked for by name: that one, and no note.
    let analysis = analyse(path, armatures(&game));
    let request = SceneRequest { armature: Some("bullet".to_owned()), animation: None, time: 0.0, target: None };
    assert_eq!(scene::scene(&analysis, &request).unwrap().armature.as_deref(), Some("bullet"));
    assert_eq!(rigls_ide::pose::defaulted_armature(&analysis, &request), None);
}

#[test]
fn the_notes_name_the_pictures_files_that_are_missing() {
    let notes = |file: &str, fs: &dyn rigls_diagnostic::env::FileSystem| {
        let path = fixture(file);
        let mut scenes = scene::scenes_at(
            &Analysis::new(Some(&path), std::fs::read_to_string(&path).unwrap(), fs),
            &SceneRequest::default(),
            &[0.0, 0.5],
        )
        .expect("scenes");
        scene::note_missing_files(&mut scenes, fs);
        assert_eq!(scenes[0].notes, scenes[1].notes, "every scene of a version says the same");
        scenes[0].notes.join("\n")
    };
    // The atlas and the model as they are, but none of the images they name.
    let atlas = fixture("atlas_tex.json");
    let without_images =
        rigls_diagnostic::env::MemoryFs::default().with(&atlas, std::fs::read_to_string(&atlas).unwrap());
    assert_eq!(
        notes("atlas_ske.json", &without_images),
        "the atlas image atlas_tex.png (the imagePath of atlas_tex.json) is missing: its displays are drawn as outlines"
    );
    assert_eq!(
        notes("sign.elem", &without_images),
        "the texture atlas_tex.png (of material 板) is missing: its faces are drawn in their colours"
    );
    // With them, nothing to say.
    assert_eq!(notes("atlas_ske.json", &RealFs), "");
    assert_eq!(notes("sign.elem", &RealFs), "");
    // An atlas that names no image.
    let unnamed = std::fs::read_to_string(&atlas).unwrap().replace("\"imagePath\": \"atlas_tex.png\",", "");
    let fs = rigls_diagnostic::env::MemoryFs::default().with(&atlas, unnamed);
    assert_eq!(
        notes("atlas_ske.json", &fs),
        "atlas_tex.json names no image (imagePath): its displays are drawn as outlines"
    );
}
