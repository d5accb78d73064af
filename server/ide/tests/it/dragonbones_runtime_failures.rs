//! Every way the official DragonBones runtime fails on a skeleton gets an exact diagnostic: one
//! fixture per failure in `tests/fixtures/dragonbones/runtime/`, its diagnostics annotated under
//! the lines they flag in `*.annotated` snapshots (`UPDATE_EXPECT=1 cargo test` rewrites them).
//!
//! What the runtime does with each fixture was observed by running DragonBonesJS 5.7 (HEAD)
//! headless on it, and is stated beside each test.

use rigls_test_support::fixture as support;

use expect_test::expect_file;

fn check(name: &str, atlas: Option<(&str, &str)>) -> rigls_ide::Analysis {
    let path = rigls_test_support::server_dir().join("tests/fixtures/dragonbones/runtime").join(name);
    let text = std::fs::read_to_string(&path).expect("fixture");
    let files: Vec<(&str, &str)> = atlas.into_iter().collect();
    let analysis = support::analyse(name, &text, &files);
    let annotated = support::annotate(&text, &analysis.diagnostics);
    expect_file![path.with_extension("annotated")].assert_eq(&annotated);
    analysis
}

fn codes(analysis: &rigls_ide::Analysis) -> Vec<(&'static str, &'static str)> {
    analysis.diagnostics.iter().map(|d| (d.severity.as_str(), d.code.as_str())).collect()
}

/// Runtime: `sortBones` never finishes (hang).
#[test]
fn an_ik_target_that_is_its_own_bone() {
    let a = check("ik_self_ske.json", None);
    assert_eq!(codes(&a), [("error", "ik-cycle")]);
}

/// Runtime: hang (the target waits for its parent chain, which passes through the turned bone).
#[test]
fn an_ik_target_below_its_bone() {
    let a = check("ik_descendant_ske.json", None);
    assert_eq!(codes(&a), [("error", "ik-cycle")]);
}

/// Runtime: hang (a two-bone chain turns the bone's parent, which the target is below).
#[test]
fn a_two_bone_chain_targeting_its_own_end() {
    let a = check("ik_chain_ske.json", None);
    assert_eq!(codes(&a), [("error", "ik-cycle")]);
}

/// Runtime: fine. A target outside the chain is no loop.
#[test]
fn an_ik_target_outside_the_chain_is_fine() {
    let a = check("ik_fine_ske.json", None);
    assert_eq!(codes(&a), []);
}

/// Runtime: `RangeError: Maximum call stack size exceeded` building the armature.
#[test]
fn an_armature_showing_itself() {
    let a = check("armature_self_ske.json", None);
    assert_eq!(codes(&a), [("error", "armature-cycle")]);
}

/// Runtime: stack overflow building either armature.
#[test]
fn two_armatures_showing_each_other() {
    let a = check("armature_mutual_ske.json", None);
    assert_eq!(codes(&a), [("error", "armature-cycle"), ("error", "armature-cycle")]);
}

/// Runtime: advancing time is broken (only 0 is guarded; the issue's headless run hung).
#[test]
fn a_negative_frame_rate() {
    let a = check("frame_rate_negative_ske.json", None);
    assert_eq!(codes(&a), [("error", "out-of-range")]);
}

/// Runtime: no throw, but no UVs (it reads past the mesh), no faces, and NaN UVs.
#[test]
fn meshes_without_the_lists_they_need() {
    let a = check("mesh_incomplete_ske.json", None);
    assert_eq!(codes(&a), [("error", "mesh-incomplete"), ("error", "mesh-incomplete"), ("error", "count-mismatch")]);
}

/// Runtime: the constraint is dropped silently (the chain no longer follows its target).
#[test]
fn a_legacy_ik_naming_its_bone_in_name() {
    let a = check("legacy_ik_ske.json", None);
    assert_eq!(codes(&a), [("warning", "legacy-ik")]);
    let [fix] = a.diagnostics[0].fixes.as_slice() else { panic!("one fix") };
    assert_eq!(fix.title, "Rename `name` to `bone`");
    assert_eq!(fix.edits.len(), 1);
    assert_eq!(support::slice(&a.text, fix.edits[0].range), "\"name\"");
    assert_eq!(fix.edits[0].new_text, "\"bone\"");
}

/// Runtime: bone `手` (inheritRotation false under a zero-scale parent) is NaN at the setup pose.
#[test]
fn a_pose_that_is_not_finite_at_setup() {
    let a = check("non_finite_setup_ske.json", None);
    assert_eq!(codes(&a), [("error", "non-finite-pose")]);
}

/// Runtime (both): a mesh the setup pose hides, whose vertex -1e39 the runtimes store as a 32-bit
/// float, infinite. At frame 2 of `咲く` a display key frame shows it: DragonBonesJS printed the
/// vertex `null, null` (NaN, −∞), DragonBonesCPP `-nan, -inf`. Nothing posed at the setup pose
/// shows it, so it is found in the mesh's own data.
#[test]
fn a_hidden_mesh_whose_vertices_are_not_finite() {
    let a = check("non_finite_hidden_mesh_ske.json", None);
    assert_eq!(codes(&a), [("error", "non-finite-pose")]);
}

/// Runtime (DragonBonesJS): the deform timeline's `scale` 655.36 is stored ×100 in 16 bits: 0,
/// read back as a time scale of 100 / 0, infinite. At time 0 the timeline's time is 0 × ∞, NaN,
/// and the mesh is drawn from NaN (the harness printed six nulls); the bones are untouched, so
/// the mesh is posed in full. (DragonBonesCPP, at times past 0, jumps to the last key frame.)
#[test]
fn a_deform_timeline_whose_time_scale_is_infinite() {
    let a = check("non_finite_deform_scale_ske.json", None);
    assert_eq!(codes(&a), [("error", "non-finite-pose")]);
}

/// Runtime (DragonBonesJS): the surface timeline of `揺れ` moves lattice point 6 of `面` (4 × 4
/// cells) to −1e39, −∞ as a 32-bit float, for its first five frames. The surface's own matrix
/// reads only the lattice's corners and stays finite; the mesh of `房` on it looks up the cell of
/// that point for its first vertex, which the harness printed `null, null` at 0 and 0.1542 s.
/// Posing bones alone, as key frames are, leaves the mesh unplaced: the surface's deform shows
/// it must be posed in full.
#[test]
fn a_surface_deform_that_is_not_finite_under_a_mesh() {
    let a = check("non_finite_surface_ske.json", None);
    assert_eq!(codes(&a), [("error", "non-finite-pose")]);
}

/// Runtime: the same bone turns NaN at frame 5 of `縮む`, where its parent's scale reaches 0.
#[test]
fn a_pose_that_is_not_finite_at_a_key_frame() {
    let a = check("non_finite_key_ske.json", None);
    assert_eq!(codes(&a), [("error", "non-finite-pose")]);
}

/// Runtime (IEEE doubles, as JavaScript's): at frame 5 of `膨らむ` nine bones, each the parent
/// of the next, are scaled by 1e35: the ninth's scale, 1e315, overflows to infinity. Every bone
/// is an ordinary one inheriting rotation and scale, so only the bound on the values tells this
/// animation from one that cannot overflow: it is posed.
#[test]
fn a_pose_that_overflows_at_a_key_frame() {
    let a = check("non_finite_overflow_ske.json", None);
    assert_eq!(codes(&a), [("error", "non-finite-pose")]);
}

/// Runtime (DragonBonesJS): at frame 10 of `伸ばす` the target `目標` is one unit in the last
/// place short of the stretched chain `腿`–`脛` (177.79999999999998 against 120.5 + 57.3): the
/// two-bone IK takes the square root of a difference rounding makes negative, and `腿`, `脛` and
/// `髪` below them are NaN. `揺らす` moves the same target and `髪` within reach: finite, and
/// shown so by posing the IK's bones alone. At frame 10 of `膨らむ`, `角` (outside the chain,
/// scaled 1e300 in its setup) is scaled by 1e30: infinite. (DragonBonesCPP computes in 32-bit
/// floats, where the target of `伸ばす` reaches the chain's end: finite there; rigls poses in
/// doubles for both.)
#[test]
fn an_ik_chain_stretched_to_within_rounding() {
    let a = check("non_finite_ik_ske.json", None);
    assert_eq!(codes(&a), [("error", "non-finite-pose"), ("error", "non-finite-pose")]);
}

/// Runtime: twenty armatures, each with three slots showing the next: building `腕0` builds
/// 1,743,392,200 armatures. Measured on smaller ones of the same shape: 88,573 (eleven
/// armatures) took DragonBonesJS 1.2 s and 477 MB, DragonBonesCPP 0.18 s and 182 MB; 2,391,484
/// (fourteen) made DragonBonesJS abort, its 4 GB heap full, and DragonBonesCPP take 4.8 GB. So
/// past a million an error, past 10,000 a warning (`腕7` to `腕10`); none is posed.
#[test]
fn armatures_showing_the_next_three_times() {
    let a = check("too_many_armatures_ske.json", None);
    let errors = vec![("error", "too-many-armatures"); 7];
    let warnings = vec![("warning", "too-many-armatures"); 4];
    assert_eq!(codes(&a), [errors, warnings].concat());
}

/// A PNG file's first 24 bytes: signature and IHDR with its size.
fn png_header(width: u32, height: u32) -> Vec<u8> {
    let mut b = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    b.extend_from_slice(&width.to_be_bytes());
    b.extend_from_slice(&height.to_be_bytes());
    b.extend_from_slice(&[8, 6, 0, 0, 0]);
    b
}

fn atlas_analysis(text: &str, image: Option<(u32, u32)>) -> rigls_ide::Analysis {
    let mut fs = rigls_diagnostic::env::MemoryFs::default().with("勇者_tex.json", text);
    if let Some((w, h)) = image {
        fs.binaries.insert("勇者_tex.png".into(), png_header(w, h));
    }
    let analysis = rigls_ide::Analysis::new(Some(std::path::Path::new("勇者_tex.json")), text.to_owned(), &fs);
    support::assert_catalogued(&analysis);
    analysis
}

/// Engines cut the region from the image: PixiJS throws "frame does not fit inside the base
/// Texture dimensions".
#[test]
fn regions_outside_the_atlas_and_an_image_of_another_size() {
    let text = support::trim_indent(
        r#"
        {"name": "勇者", "imagePath": "勇者_tex.png", "width": 256, "height": 128, "SubTexture": [
          {"name": "腕", "x": 0, "y": 0, "width": 100, "height": 40},
          {"name": "脚", "x": 200, "y": 0, "width": 100, "height": 40},
          {"name": "頭", "x": 0, "y": 100, "width": 30, "height": 40, "rotated": true}
        ]}
        "#,
    );
    let analysis = atlas_analysis(&text, Some((512, 128)));
    expect_test::expect![[r#"
        {"name": "勇者", "imagePath": "勇者_tex.png", "width": 256, "height": 128, "SubTexture": [
                                                  ^^^^^^^ warning[image-size-mismatch]: the atlas says it is 256 × 128 but its image `勇者_tex.png` is 512 × 128: runtimes map mesh textures by the atlas's size, so they shift and stretch
          {"name": "腕", "x": 0, "y": 0, "width": 100, "height": 40},
          {"name": "脚", "x": 200, "y": 0, "width": 100, "height": 40},
           ^^^^^^^^^^^ error[region-out-of-bounds]: SubTexture `脚` (200, 0, 100 × 40) reaches outside the atlas's `width` × `height` (256 × 128): engines cut textures from the image by this rectangle (PixiJS throws, others draw garbage)
          {"name": "頭", "x": 0, "y": 100, "width": 30, "height": 40, "rotated": true}
           ^^^^^^^^^^^ error[region-out-of-bounds]: SubTexture `頭` (0, 100, 30 × 40) reaches outside the atlas's `width` × `height` (256 × 128): engines cut textures from the image by this rectangle (PixiJS throws, others draw garbage)
        ]}
    "#]]
    .assert_eq(&support::annotate(&text, &analysis.diagnostics));
    // Without `width`/`height`, the image on disk bounds the regions.
    let bare = text.replace(r#""width": 256, "height": 128, "#, "");
    let analysis = atlas_analysis(&bare, Some((240, 256)));
    let found: Vec<_> =
        analysis.diagnostics.iter().map(|d| (d.code.as_str(), support::slice(&bare, d.range))).collect();
    assert_eq!(found, [("region-out-of-bounds", "\"name\": \"脚\"")]);
    // Without either, nothing can be said.
    assert!(atlas_analysis(&bare, None).diagnostics.is_empty());
}

#[test]
fn keys_no_runtime_reads_and_a_z_that_disagrees() {
    let text = support::trim_indent(
        r#"
        {"name": "勇者", "version": "5.5", "compatibleVersion": "5.5", "isGlobal": 1, "armature": [{"name": "勇者",
          "bone": [{"name": "根"}],
          "slot": [{"name": "体", "parent": "根", "z": 1}, {"name": "腕", "parent": "根", "z": 0}],
          "skin": [{"slot": [{"name": "体", "display": [{"name": "布", "type": "mesh", "inheritFFD": false, "vertices": [0, 0, 1, 0, 0, 1], "uvs": [0, 0, 1, -0.5, 0, 1], "triangles": [0, 1, 2]}]}]}],
          "animation": [{"name": "歩く", "duration": 2, "bone": [{"name": "根", "translateFrame": [{"duration": 2, "tweenType": 1, "x": 1}]}]}]
        }]}
        "#,
    );
    let analysis = support::analyse("勇者_ske.json", &text, &[]);
    expect_test::expect![[r#"
        {"name": "勇者", "version": "5.5", "compatibleVersion": "5.5", "isGlobal": 1, "armature": [{"name": "勇者",
                                                                     ^^^^^^^^^^ warning[ignored-key]: `isGlobal` is 1 but no runtime reads it in 4.0 and later data: transforms are taken as relative to the parent bone whatever it says
          "bone": [{"name": "根"}],
          "slot": [{"name": "体", "parent": "根", "z": 1}, {"name": "腕", "parent": "根", "z": 0}],
                                                     ^ warning[slot-z-mismatch]: slot `体` has `z` 1 but is slot 0 of `slot[]`: runtimes from 5.5 on draw slots in array order and ignore `z`
                                                                                           ^ warning[slot-z-mismatch]: slot `腕` has `z` 0 but is slot 1 of `slot[]`: runtimes from 5.5 on draw slots in array order and ignore `z`
          "skin": [{"slot": [{"name": "体", "display": [{"name": "布", "type": "mesh", "inheritFFD": false, "vertices": [0, 0, 1, 0, 0, 1], "uvs": [0, 0, 1, -0.5, 0, 1], "triangles": [0, 1, 2]}]}]}],
                                                                                     ^^^^^^^^^^^^ warning[ignored-key]: `inheritFFD` is the 5.0 name: runtimes read `inheritDeform` in 5.5 and later data, so this is ignored
                                                                                                                                                           ^^^^ warning[out-of-range]: texture coordinate -0.5 is outside 0–1: the mesh samples the atlas outside its region
          "animation": [{"name": "歩く", "duration": 2, "bone": [{"name": "根", "translateFrame": [{"duration": 2, "tweenType": 1, "x": 1}]}]}]
                                                                                                                ^^^^^^^^^^^ warning[unknown-key]: unknown key `tweenType` in a translate key frame
        }]}
    "#]].assert_eq(&support::annotate(&text, &analysis.diagnostics));
}

#[test]
fn shared_meshes() {
    let text = support::trim_indent(
        r#"
        {"name": "勇者", "version": "5.5", "compatibleVersion": "5.5", "armature": [{"name": "勇者",
          "bone": [{"name": "根"}],
          "slot": [{"name": "体", "parent": "根"}, {"name": "影", "parent": "根"}],
          "skin": [{"slot": [
            {"name": "体", "display": [{"name": "布", "type": "mesh", "vertices": [0, 0, 1, 0, 0, 1], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2]}]},
            {"name": "影", "display": [{"name": "影布", "type": "mesh", "share": "布"}, {"name": "影2", "type": "mesh", "share": "無い"}]}
          ]}]
        }]}
        "#,
    );
    let analysis = support::analyse("勇者_ske.json", &text, &[]);
    expect_test::expect![[r#"
        {"name": "勇者", "version": "5.5", "compatibleVersion": "5.5", "armature": [{"name": "勇者",
          "bone": [{"name": "根"}],
          "slot": [{"name": "体", "parent": "根"}, {"name": "影", "parent": "根"}],
          "skin": [{"slot": [
            {"name": "体", "display": [{"name": "布", "type": "mesh", "vertices": [0, 0, 1, 0, 0, 1], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2]}]},
            {"name": "影", "display": [{"name": "影布", "type": "mesh", "share": "布"}, {"name": "影2", "type": "mesh", "share": "無い"}]}
                                                                              ^^^ error[unknown-display]: unknown display `布`: skin `default` has no display of this name for slot `影` (the runtime shows the file's first geometry instead); did you mean `影布`?
                                                                              ^^^ warning[shared-mesh]: mesh display `影布` shares `布`: DragonBonesJS and the C++ runtime never link shared meshes (they look them up under an empty slot name) and show the file's first geometry instead
                                                                                                                            ^^^^ error[unknown-display]: unknown display `無い`: skin `default` has no display of this name for slot `影` (the runtime shows the file's first geometry instead)
          ]}]
        }]}
    "#]].assert_eq(&support::annotate(&text, &analysis.diagnostics));
}

/// Runtime: `RangeError: Invalid array length` loading the file (fractional durations); a
/// deform timeline naming an image reads its (missing) geometry and throws; a duration of a
/// billion frames allocates a table entry per frame.
#[test]
fn durations_and_deforms_the_runtime_cannot_load() {
    let text = |animation: &str| {
        format!(
            r#"{{"name": "勇者", "version": "5.5", "compatibleVersion": "5.5", "armature": [{{"name": "勇者",
  "bone": [{{"name": "根"}}], "slot": [{{"name": "体", "parent": "根"}}],
  "skin": [{{"slot": [{{"name": "体", "display": [{{"name": "絵"}}]}}]}}],
  "animation": [{animation}]
}}]}}
"#
        )
    };
    let cases = [
        (
            r#"{"name": "a", "duration": 2.5, "bone": [{"name": "根", "translateFrame": [{"duration": 1}, {"duration": 1}]}]}"#,
            ("error", "invalid-value", "2.5"),
        ),
        (
            r#"{"name": "a", "duration": 1000000000, "bone": [{"name": "根", "translateFrame": [{"duration": 1}, {"duration": 1}]}]}"#,
            ("error", "invalid-value", "1000000000"),
        ),
        (
            r#"{"name": "a", "duration": 2, "ffd": [{"name": "絵", "slot": "体", "frame": [{"duration": 2}]}]}"#,
            ("error", "unknown-display", "\"絵\""),
        ),
    ];
    for (animation, expected) in cases {
        let text = text(animation);
        let analysis = support::analyse("勇者_ske.json", &text, &[]);
        let found: Vec<_> = analysis
            .diagnostics
            .iter()
            .filter(|d| d.severity == rigls_diagnostic::Severity::Error)
            .map(|d| (d.severity.as_str(), d.code.as_str(), support::slice(&text, d.range)))
            .collect();
        assert!(found.contains(&expected), "{animation}: {found:?}");
    }
}

/// Runtime: a `zOrder` slot index is reached by counting one by one from the slot before it,
/// filling an array on the way: an index like `90000000000000000` (a typo the property test
/// made) never finishes. rigls reports the index and stops the runtime reading of the armature
/// instead of counting (which ran out of memory before).
#[test]
fn a_z_order_slot_index_far_past_the_slots() {
    let text = r#"{"name": "勇者", "version": "5.5", "compatibleVersion": "5.5", "armature": [{"name": "勇者",
  "bone": [{"name": "根"}], "slot": [{"name": "体", "parent": "根"}, {"name": "影", "parent": "根"}],
  "animation": [{"name": "a", "duration": 2, "zOrder": {"frame": [{"duration": 2, "zOrder": [90000000000000000, 0]}]}}]
}]}
"#;
    let analysis = support::analyse("勇者_ske.json", text, &[]);
    let found: Vec<_> = analysis
        .diagnostics
        .iter()
        .map(|d| (d.severity.as_str(), d.code.as_str(), support::slice(text, d.range), d.message.as_str()))
        .collect();
    assert_eq!(
        found,
        [(
            "error",
            "index-out-of-range",
            "90000000000000000",
            "slot index 90000000000000000 in `zOrder` is out of range: armature `勇者` has 2 slots (0–1)"
        )]
    );
    let file = analysis.dragonbones().expect("a skeleton");
    let parsed = file.evaluation(text).parsed.as_ref().expect("the runtime reads the file");
    let failures = parsed.failures.iter().map(|f| format!("{:?}", f.kind)).collect::<Vec<_>>();
    assert_eq!(failures, ["BadZOrder"]);
}
