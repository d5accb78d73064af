//! The runtime keeps the geometry of every armature of a skeleton (vertices, UVs, weighted
//! vertices) in one float array, in file order, and where each geometry starts in a 16-bit
//! integer: a mesh stored past float 65,535 is read at its place less 65,536, another geometry's
//! floats; a surface past float 32,767 reads a negative place, NaN. The poses below are what
//! DragonBonesJS and DragonBonesCPP printed for the same skeletons (`tests/runtimes/`).

use rigls_diagnostic::Target;
use rigls_ide::pose::{Pose, PoseRequest, pose};
use rigls_test_support::fixture as support;

/// Three armatures, each with a bone at (5, 5) and a slot on it: `大` shows a mesh of `big`
/// vertices with UVs (4 floats a vertex), `一` a triangle, `二` the same triangle weighted to the
/// bone. The triangle starts at float `4 × big`, the weighted one 12 floats later (its weighted
/// vertices 12 floats after that).
fn skeleton(big: usize) -> String {
    let vertices: Vec<String> = (0..big).map(|i| format!("{},{}", i % 100, i / 100)).collect();
    let uvs = vec!["0.5"; big * 2].join(",");
    let armature = |name: &str, display: &str| {
        format!(
            r#"{{"name": "{name}", "bone": [{{"name": "根"}}, {{"name": "骨", "parent": "根", "transform": {{"x": 5, "y": 5}}}}],
 "slot": [{{"name": "面", "parent": "骨"}}],
 "skin": [{{"slot": [{{"name": "面", "display": [{display}]}}]}}]}}"#
        )
    };
    let triangle = r#""width": 10, "height": 10, "vertices": [0, 0, 10, 0, 0, 10], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2]"#;
    let big_mesh = format!(
        r#"{{"type": "mesh", "name": "大", "width": 10, "height": 10, "vertices": [{}], "uvs": [{uvs}], "triangles": [0, 1, 2]}}"#,
        vertices.join(",")
    );
    let weighted = format!(
        r#"{{"type": "mesh", "name": "小", {triangle}, "weights": [1, 1, 1, 1, 1, 1, 1, 1, 1], "slotPose": [1, 0, 0, 1, 0, 0], "bonePose": [1, 1, 0, 0, 1, 5, 5]}}"#
    );
    format!(
        "{{\"name\": \"大\", \"version\": \"5.5\", \"frameRate\": 24, \"armature\": [\n{},\n{},\n{}]}}",
        armature("大", &big_mesh),
        armature("一", &format!(r#"{{"type": "mesh", "name": "小", {triangle}}}"#)),
        armature("二", &weighted),
    )
}

/// The setup pose's vertices of armature `name`'s one slot, in armature space.
fn vertices(analysis: &rigls_ide::Analysis, name: &str, target: Option<Target>) -> Vec<f64> {
    let request = PoseRequest { armature: Some(name.to_owned()), animation: None, time: 0.0, target };
    match pose(analysis, &request) {
        Ok(Pose::DragonBones(p)) => p.slots[0].vertices.clone().expect("a mesh"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn meshes_within_the_float_arrays_16_bit_reach_are_read_where_they_are() {
    let analysis = support::analyse("大_ske.json", &skeleton(16_000), &[]);
    assert_eq!(support::positions(&analysis, rigls_text::PositionEncoding::Utf16), Vec::<String>::new());
    for target in [None, Some(Target::DragonBonesCpp)] {
        assert_eq!(vertices(&analysis, "一", target), [5.0, 5.0, 15.0, 5.0, 5.0, 15.0]);
        assert_eq!(vertices(&analysis, "二", target), [0.0, 0.0, 10.0, 0.0, 0.0, 10.0]);
    }
}

#[test]
fn a_mesh_past_float_65535_is_drawn_with_the_floats_at_its_place_less_65536() {
    let analysis = support::analyse("大_ske.json", &skeleton(16_400), &[]);
    expect_test::expect![[r#"
        [
            "array-overflow 6:71-6:74 the runtime stores this mesh's floats at floatArray[65600], past what its 16-bit references reach (65,535), and reads them at floatArray[64], another geometry's floats: DragonBonesJS and DragonBonesCPP draw it wrong; keep the file's geometry (vertices, UVs and weights of every armature) within floatArray[65,535], or split the skeleton into several files",
            "array-overflow 9:71-9:74 the runtime stores this mesh's floats at floatArray[65612], past what its 16-bit references reach (65,535), and reads them at floatArray[76], another geometry's floats: DragonBonesJS and DragonBonesCPP draw it wrong; keep the file's geometry (vertices, UVs and weights of every armature) within floatArray[65,535], or split the skeleton into several files",
        ]
    "#]]
    .assert_debug_eq(&support::positions(&analysis, rigls_text::PositionEncoding::Utf16));
    // The same places with CRLF line ends and a byte-order mark.
    let text = skeleton(16_400);
    for variant in [text.replace('\n', "\r\n"), format!("\u{feff}{text}")] {
        let other = support::analyse("大_ske.json", &variant, &[]);
        let positions = |a: &rigls_ide::Analysis| support::positions(a, rigls_text::PositionEncoding::Utf16);
        assert_eq!(positions(&other), positions(&analysis));
    }
    for target in [None, Some(Target::DragonBonesCpp)] {
        // Vertices 32 to 34 of `大`, moved by the bone.
        assert_eq!(vertices(&analysis, "一", target), [37.0, 5.0, 38.0, 5.0, 39.0, 5.0]);
        // Weights, bind-space vertices and their bones all read from `大`'s vertices.
        assert_eq!(vertices(&analysis, "二", target), [220.0, 2200.0, 0.0, 0.0, 235.0, 2491.0]);
    }
}

#[test]
fn a_surface_past_float_32767_reads_a_negative_place() {
    // `大`'s mesh takes floats 0 to 35,999: the surface, in the next armature, starts at 36,000.
    let vertices: Vec<String> = (0..9_000).map(|i| format!("{},{}", i % 100, i / 100)).collect();
    let uvs = vec!["0.5"; 18_000].join(",");
    let text = format!(
        r#"{{"name": "面", "version": "5.6", "compatibleVersion": "5.5", "frameRate": 24, "armature": [
{{"name": "大", "bone": [{{"name": "根"}}], "slot": [{{"name": "面", "parent": "根"}}],
 "skin": [{{"slot": [{{"name": "面", "display": [{{"type": "mesh", "name": "大", "width": 10, "height": 10, "vertices": [{}], "uvs": [{uvs}], "triangles": [0, 1, 2]}}]}}]}}]}},
{{"name": "面", "bone": [{{"name": "根"}},
 {{"name": "曲面", "type": "surface", "segmentX": 1, "segmentY": 1, "vertices": [-50, -50, 50, -50, -50, 50, 50, 50]}},
 {{"name": "子", "parent": "曲面", "transform": {{"x": 10, "y": 20}}}}]}}]}}"#,
        vertices.join(",")
    );
    let analysis = support::analyse("面_ske.json", &text, &[]);
    expect_test::expect![[r#"
        [
            "non-finite-pose 4:10-4:14 bone `曲面` has a transform that is not a finite number at the setup pose: the runtime draws it and everything on it nowhere",
            "array-overflow 4:10-4:14 the runtime stores this surface's floats at floatArray[36000], past what its 16-bit references reach (32,767), and reads them at a negative place, NaN: DragonBonesJS draws it wrong; keep the file's geometry (vertices, UVs and weights of every armature) within floatArray[32,767], or split the skeleton into several files",
        ]
    "#]]
    .assert_debug_eq(&support::positions(&analysis, rigls_text::PositionEncoding::Utf16));
}

/// An edit to the first armature's mesh moves the other armatures' floats: their findings and
/// poses are not the previous version's, though their text is unchanged; an edit elsewhere keeps
/// them.
#[test]
fn an_edit_that_moves_the_floats_of_later_armatures_evaluates_them_again() {
    let fs = rigls_diagnostic::env::MemoryFs::default();
    let path = Some(std::path::Path::new("大_ske.json"));
    let (fits, past) = (skeleton(16_000), skeleton(16_400));
    let mut analysis = rigls_ide::Analysis::new(path, fits.clone(), &fs);
    for (text, warnings) in [(&past, 2), (&fits, 0), (&past, 2)] {
        analysis = rigls_ide::Analysis::reanalyse(&analysis, text.clone(), &fs);
        assert_eq!(analysis.diagnostics, rigls_ide::Analysis::new(path, text.clone(), &fs).diagnostics);
        assert_eq!(analysis.diagnostics.iter().filter(|d| d.code == "array-overflow").count(), warnings);
        assert_eq!(analysis.reuse.armatures_reused, 0);
        let expected = if warnings == 0 { [5.0, 5.0, 15.0, 5.0, 5.0, 15.0] } else { [37.0, 5.0, 38.0, 5.0, 39.0, 5.0] };
        assert_eq!(vertices(&analysis, "一", None), expected);
    }
    // A bone of `二` moved: `一`'s findings are reused, `二`'s warning found again.
    let moved = past.replacen(r#""x": 5, "y": 5}}]"#, r#""x": 6, "y": 5}}]"#, 3).replacen(
        r#""x": 6, "y": 5}}]"#,
        r#""x": 5, "y": 5}}]"#,
        2,
    );
    let edited = rigls_ide::Analysis::reanalyse(&analysis, moved.clone(), &fs);
    assert_eq!(edited.diagnostics, rigls_ide::Analysis::new(path, moved, &fs).diagnostics);
    assert_eq!(edited.diagnostics.iter().filter(|d| d.code == "array-overflow").count(), 2);
    assert_eq!((edited.reuse.armatures_evaluated, edited.reuse.armatures_reused), (1, 2));
}

/// An edit to a number of the first armature's mesh changes what the wrapped meshes after it
/// read: the layout's floats are read again (they are kept only while the armatures they come
/// from are unchanged).
#[test]
fn an_edit_to_the_floats_a_wrapped_mesh_reads_changes_its_pose() {
    let fs = rigls_diagnostic::env::MemoryFs::default();
    let path = Some(std::path::Path::new("大_ske.json"));
    let past = skeleton(16_400);
    let analysis = rigls_ide::Analysis::new(path, past.clone(), &fs);
    // `一` reads vertices 32 to 34 of `大`: vertex 32 (32, 0) becomes (132, 0).
    let edited_text = past.replacen(",32,0,", ",132,0,", 1);
    let edited = rigls_ide::Analysis::reanalyse(&analysis, edited_text.clone(), &fs);
    assert_eq!(edited.diagnostics, rigls_ide::Analysis::new(path, edited_text, &fs).diagnostics);
    assert_eq!(vertices(&edited, "一", None), [137.0, 5.0, 38.0, 5.0, 39.0, 5.0]);
    // And back.
    let back = rigls_ide::Analysis::reanalyse(&edited, past, &fs);
    assert_eq!(vertices(&back, "一", None), [37.0, 5.0, 38.0, 5.0, 39.0, 5.0]);
}

/// An edit inside an animation of an armature whose mesh the runtime reads elsewhere: the first
/// of an analysis's two steps (what the server publishes before the runtime's rules end) keeps
/// the warnings, as the second has them; the edit moves no geometry.
#[test]
fn an_edit_inside_an_animation_keeps_the_warnings_in_the_first_step() {
    let fs = rigls_diagnostic::env::MemoryFs::default();
    let path = Some(std::path::Path::new("大_ske.json"));
    let slot = r#""slot": [{"name": "面", "parent": "骨"}],"#;
    let animation = r#""animation": [{"name": "動", "duration": 2, "bone": [{"name": "骨", "translateFrame": [{"duration": 2, "x": 1}]}]}],"#;
    let text = skeleton(16_400).replace(slot, &format!("{slot}\n {animation}"));
    let analysis = rigls_ide::Analysis::new(path, text.clone(), &fs);
    // In `一`'s animation (each armature has one).
    let at = text.match_indices(r#""x": 1}"#).nth(1).expect("一's key frame").0;
    let edited = format!("{}\"x\": 2}}{}", &text[..at], &text[at + 7..]);
    let first = std::sync::Mutex::new(Vec::new());
    let early = |step: rigls_ide::FirstStep<'_>| first.lock().unwrap().push(step.diagnostics);
    let after = rigls_ide::Analysis::reanalyse_in_steps(&analysis, edited.clone(), &fs, false, Some(&early));
    let warnings = |list: &[rigls_diagnostic::Diagnostic]| {
        list.iter().filter(|d| d.code == "array-overflow").map(|d| d.range).collect::<Vec<_>>()
    };
    let first = first.into_inner().unwrap();
    assert_eq!(after.reuse.armatures_reused, 2, "the edit is inside one armature's animation");
    assert_eq!(warnings(&after.diagnostics).len(), 2);
    assert_eq!(warnings(&first[0]), warnings(&after.diagnostics));
    assert_eq!(after.diagnostics, rigls_ide::Analysis::new(path, edited, &fs).diagnostics);
    // A deform never applied, its key frame's values edited: kept as well.
    let text = deformed_after(22_000);
    let analysis = rigls_ide::Analysis::new(path, text.clone(), &fs);
    let edited = text.replacen("[5, 5]}", "[6, 5]}", 1);
    let first = std::sync::Mutex::new(Vec::new());
    let early = |step: rigls_ide::FirstStep<'_>| first.lock().unwrap().push(step.diagnostics);
    let after = rigls_ide::Analysis::reanalyse_in_steps(&analysis, edited.clone(), &fs, false, Some(&early));
    let first = first.into_inner().unwrap();
    assert_eq!(after.reuse.animations_posed, 1, "the edit is inside the animation");
    assert_eq!(warnings(&after.diagnostics).len(), 1);
    assert_eq!(warnings(&first[0]), warnings(&after.diagnostics));
    assert_eq!(after.diagnostics, rigls_ide::Analysis::new(path, edited, &fs).diagnostics);
}

/// One armature showing one mesh of `count` vertices (vertex `i` at `(i % 100, i / 100)`).
fn one_mesh(count: usize) -> String {
    let vertices: Vec<String> = (0..count).map(|i| format!("{},{}", i % 100, i / 100)).collect();
    let uvs = vec!["0.5"; count * 2].join(",");
    format!(
        r#"{{"name": "網", "version": "5.5", "frameRate": 24, "armature": [{{"name": "網", "bone": [{{"name": "根"}}],
 "slot": [{{"name": "面", "parent": "根"}}],
 "skin": [{{"slot": [{{"name": "面", "display": [{{"type": "mesh", "name": "網", "width": 1, "height": 1,
 "vertices": [{}], "uvs": [{uvs}], "triangles": [0, 1, 2]}}]}}]}}]}}]}}"#,
        vertices.join(",")
    )
}

/// The runtime keeps a mesh's vertex count in 16 bits too: from 32,768 vertices it reads a
/// negative count (DragonBonesJS draws no vertex, DragonBonesCPP's mesh slot crashes), from
/// 65,536 the count less 65,536.
#[test]
fn a_mesh_of_more_than_32767_vertices_is_read_with_a_16_bit_count() {
    let cpp = [Target::DragonBonesCpp].into_iter().collect();
    let analysis = support::analyse_for("網_ske.json", &one_mesh(33_000), &[], cpp);
    expect_test::expect![[r#"
        [
            "array-overflow 2:71-2:74 this mesh has 33000 vertices, more than the 32,767 the runtime's 16-bit vertex count holds: it reads the count as -32536 and draws none of them (the C++ runtime crashes); split the mesh into meshes of at most 32,767 vertices",
            "target-load-failure 3:1-3:11 dragonbones-cpp reads this mesh's 33000 vertices as -32536 (a 16-bit count) and crashes drawing it; split the mesh into meshes of at most 32,767 vertices",
        ]
    "#]]
    .assert_debug_eq(&support::positions(&analysis, rigls_text::PositionEncoding::Utf16));
    assert_eq!(vertices(&analysis, "網", None), Vec::<f64>::new());
    let analysis = support::analyse_for("網_ske.json", &one_mesh(66_000), &[], cpp);
    expect_test::expect![[r#"
        [
            "array-overflow 2:71-2:74 this mesh has 66000 vertices, more than the 32,767 the runtime's 16-bit vertex count holds: it reads the count as 464 and draws only the first 464; split the mesh into meshes of at most 32,767 vertices",
        ]
    "#]]
    .assert_debug_eq(&support::positions(&analysis, rigls_text::PositionEncoding::Utf16));
    for target in [None, Some(Target::DragonBonesCpp)] {
        let drawn = vertices(&analysis, "網", target);
        assert_eq!((drawn.len(), &drawn[drawn.len() - 4..]), (928, &[62.0, 4.0, 63.0, 4.0][..]));
    }
}

/// A mesh of 300 vertices and `triangles` triangles, then a triangle whose deform timeline moves
/// its first vertex by (5, 5): the triangle's block starts at `intArray[4 + 3 × triangles]`.
fn deformed_after(triangles: usize) -> String {
    let vertices: Vec<String> = (0..300).map(|i| format!("{},{}", i % 100, i / 100)).collect();
    let indices: Vec<String> = (0..triangles).map(|k| format!("{},{},{}", k % 298, k % 298 + 1, k % 298 + 2)).collect();
    format!(
        r#"{{"name": "大", "version": "5.5", "frameRate": 24, "armature": [{{"name": "大", "bone": [{{"name": "根"}}],
 "slot": [{{"name": "大", "parent": "根"}}, {{"name": "小", "parent": "根"}}],
 "skin": [{{"slot": [{{"name": "大", "display": [{{"type": "mesh", "name": "大", "width": 1, "height": 1, "vertices": [{}], "uvs": [{}], "triangles": [{}]}}]}},
  {{"name": "小", "display": [{{"type": "mesh", "name": "小", "width": 10, "height": 10, "vertices": [0, 0, 10, 0, 0, 10], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2]}}]}}]}}],
 "animation": [{{"name": "動", "duration": 10, "ffd": [{{"name": "小", "slot": "小", "frame": [{{"duration": 10, "vertices": [5, 5]}}, {{"duration": 0, "vertices": [5, 5, 7, 7]}}]}}]}}]}}]}}"#,
        vertices.join(","),
        vec!["0.5"; 600].join(","),
        indices.join(",")
    )
}

/// The triangle's first vertex at the start of `動`.
fn deformed_vertex(analysis: &rigls_ide::Analysis, target: Option<Target>) -> (f64, f64) {
    let request =
        PoseRequest { armature: Some("大".to_owned()), animation: Some("動".to_owned()), time: 0.0, target };
    match pose(analysis, &request) {
        Ok(Pose::DragonBones(p)) => {
            let v = p.slots[1].vertices.clone().expect("a mesh");
            (v[0], v[1])
        }
        other => panic!("{other:?}"),
    }
}

/// A deform timeline's header keeps its mesh's place in the `intArray` in 16 bits: DragonBonesJS
/// adds 65,536 back to a negative one and matches no mesh past 65,535; DragonBonesCPP reads it
/// into an `unsigned` and matches none past 32,767. Both harnesses played these so.
#[test]
fn a_deform_of_a_mesh_past_the_int_arrays_16_bit_reach_is_never_applied() {
    let cpp = Some(Target::DragonBonesCpp);
    // At intArray[30,004]: both apply it.
    let analysis = support::analyse("大_ske.json", &deformed_after(10_000), &[]);
    assert_eq!(support::positions(&analysis, rigls_text::PositionEncoding::Utf16), Vec::<String>::new());
    assert_eq!((deformed_vertex(&analysis, None), deformed_vertex(&analysis, cpp)), ((5.0, 5.0), (5.0, 5.0)));
    // At intArray[33,004]: DragonBonesJS applies it, DragonBonesCPP does not (a warning when it
    // is named).
    let analysis = support::analyse("大_ske.json", &deformed_after(11_000), &[]);
    assert_eq!(support::positions(&analysis, rigls_text::PositionEncoding::Utf16), Vec::<String>::new());
    assert_eq!((deformed_vertex(&analysis, None), deformed_vertex(&analysis, cpp)), ((5.0, 5.0), (0.0, 0.0)));
    let named = [Target::DragonBonesCpp, Target::DragonBonesJs].into_iter().collect();
    let analysis = support::analyse_for("大_ske.json", &deformed_after(11_000), &[], named);
    expect_test::expect![[r#"
        [
            "target-drops 4:62-4:65 dragonbones-cpp never applies this deform timeline: its mesh's block is at intArray[33004] there (the C++ runtime keeps colour key frames in that array too), past the 32,767 it reads back from the timeline's 16-bit header, so it matches no mesh of the slot (DragonBonesJS applies it); keep the file's meshes and colour key frames within intArray[32,767], or split the skeleton into several files",
        ]
    "#]]
    .assert_debug_eq(&support::positions(&analysis, rigls_text::PositionEncoding::Utf16));
    // At intArray[30,004], after an armature of 400 colour key frames, which the C++ runtime
    // stores in that array before it: the same there.
    let colours: Vec<String> =
        (0..400).map(|i| format!(r#"{{"duration": 1, "value": {{"aM": {}}}}}"#, i % 100)).collect();
    let colour_armature = format!(
        r#"{{"name": "色", "bone": [{{"name": "根"}}], "slot": [{{"name": "色", "parent": "根"}}], "animation": [{{"name": "色", "duration": 400, "slot": [{{"name": "色", "colorFrame": [{}]}}]}}]}}"#,
        colours.join(", ")
    );
    let coloured =
        deformed_after(10_000).replacen(r#""armature": ["#, &format!(r#""armature": [{colour_armature}, "#), 1);
    let crlf = support::analyse_for("大_ske.json", &coloured.replace('\n', "\r\n"), &[], named);
    let analysis = support::analyse_for("大_ske.json", &coloured, &[], named);
    let positions = |a: &rigls_ide::Analysis| support::positions(a, rigls_text::PositionEncoding::Utf16);
    assert_eq!(positions(&crlf), positions(&analysis));
    expect_test::expect![[r#"
        [
            "target-drops 4:62-4:65 dragonbones-cpp never applies this deform timeline: its mesh's block is at intArray[33204] there (the C++ runtime keeps colour key frames in that array too), past the 32,767 it reads back from the timeline's 16-bit header, so it matches no mesh of the slot (DragonBonesJS applies it); keep the file's meshes and colour key frames within intArray[32,767], or split the skeleton into several files",
        ]
    "#]]
    .assert_debug_eq(&support::positions(&analysis, rigls_text::PositionEncoding::Utf16));
    assert_eq!((deformed_vertex(&analysis, None), deformed_vertex(&analysis, cpp)), ((5.0, 5.0), (0.0, 0.0)));
    // At intArray[66,004]: neither.
    let analysis = support::analyse("大_ske.json", &deformed_after(22_000), &[]);
    expect_test::expect![[r#"
        [
            "array-overflow 4:62-4:65 this deform timeline is never applied: its mesh's block is at intArray[66004], past the 65,535 the timeline's 16-bit header reaches, and the runtime matches it to no mesh of the slot (DragonBonesCPP, which reads the place unsigned and matches none past 32,767, drops it too); keep the file's meshes (4 numbers, their triangles' and weights') within intArray[65,535], or split the skeleton into several files",
        ]
    "#]]
    .assert_debug_eq(&support::positions(&analysis, rigls_text::PositionEncoding::Utf16));
    assert_eq!((deformed_vertex(&analysis, None), deformed_vertex(&analysis, cpp)), ((0.0, 0.0), (0.0, 0.0)));
}

/// A parse of one armature, given the file's layout, reads its geometry and drops its deforms as
/// the parse of the whole file does: armatures of meshes of many sizes, weighted or not, each
/// with a deform timeline, passing the `floatArray`'s and the `intArray`'s 16-bit reach.
#[test]
fn a_parse_of_one_armature_reads_what_the_whole_files_parse_reads() {
    use rigls_dragonbones::DragonBonesFile;
    use rigls_dragonbones::eval::parse::{self, DeformValues, armature_elements, parse_shown};
    use rigls_dragonbones::eval::raw::Raw;
    let armature = |i: usize| {
        let n = 500 + (i * 997) % 3_000;
        let vertices: Vec<String> = (0..n).map(|k| format!("{},{}", (k * 7 + i) % 311, k / 50)).collect();
        let triangles: Vec<String> =
            (0..n * 2).map(|k| format!("{},{},{}", k % (n - 2), k % (n - 2) + 1, k % (n - 2) + 2)).collect();
        let weights = if i.is_multiple_of(3) {
            let w: Vec<String> = (0..n).map(|k| format!("1,{},1", k % 2)).collect();
            format!(
                r#", "weights": [{}], "slotPose": [1,0,0,1,0,0], "bonePose": [0,1,0,0,1,0,0,1,1,0,0,1,3,4]"#,
                w.join(",")
            )
        } else {
            String::new()
        };
        format!(
            r#"{{"name": "a{i}", "bone": [{{"name": "r"}}, {{"name": "b", "parent": "r", "transform": {{"x": 3, "y": 4}}}}], "slot": [{{"name": "s", "parent": "b"}}],
 "skin": [{{"slot": [{{"name": "s", "display": [{{"type": "mesh", "name": "m", "width": 1, "height": 1, "vertices": [{}], "uvs": [{}], "triangles": [{}]{weights}}}]}}]}}],
 "animation": [{{"name": "d", "duration": 4, "ffd": [{{"name": "m", "slot": "s", "frame": [{{"duration": 4, "offset": 2, "vertices": [1, 1]}}, {{"duration": 0}}]}}]}}]}}"#,
            vertices.join(","),
            vec!["0.5"; n * 2].join(","),
            triangles.join(",")
        )
    };
    let list: Vec<String> = (0..24).map(armature).collect();
    let text = format!(r#"{{"name": "w", "version": "5.5", "frameRate": 24, "armature": [{}]}}"#, list.join(",\n"));
    let file = DragonBonesFile::parse(&text).expect("a skeleton");
    let raw = Raw::new(&file.tree, &text);
    let root = file.tree.root().expect("a root");
    let elements = armature_elements(raw, root);
    let names: Vec<String> = (0..elements.len()).map(|i| format!("a{i}")).collect();
    let layout = parse::float_layout(raw, root, &elements).expect("past the 16-bit reach");
    let whole = parse::parse(raw, root).expect("parsed");
    let (mut geometries, mut wrapped, mut applied) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..elements.len() {
        let (one, _) = parse_shown(raw, root, &elements, &names, i, DeformValues::Kept, Some(&layout)).expect("parsed");
        geometries.extend(one.data.geometries.iter().map(|g| format!("{g:?}")));
        wrapped.extend(one.wrapped_geometry);
        let timelines = one.data.armatures[0].animations.iter().flat_map(|a| a.slot_timelines.all());
        applied.extend(timelines.map(|t| t.geometry.is_some()));
    }
    let whole_geometries: Vec<String> = whole.data.geometries.iter().map(|g| format!("{g:?}")).collect();
    assert_eq!(geometries.len(), whole_geometries.len());
    let differing = (0..geometries.len()).find(|&g| geometries[g] != whole_geometries[g]);
    assert_eq!(differing, None, "geometry read otherwise alone than in the whole file");
    assert_eq!(wrapped, whole.wrapped_geometry);
    let timelines = whole.data.armatures.iter().flat_map(|a| &a.animations).flat_map(|a| a.slot_timelines.all());
    assert_eq!(applied, timelines.map(|t| t.geometry.is_some()).collect::<Vec<_>>());
    // Both limits are passed: floats read elsewhere, and deforms dropped.
    let kinds: std::collections::BTreeSet<&str> = wrapped
        .iter()
        .map(|w| match w.wrapped {
            parse::Wrapped::Floats { .. } => "floats",
            parse::Wrapped::VertexCount { .. } => "count",
            parse::Wrapped::DeformNeverApplied { .. } => "deform",
        })
        .collect();
    assert_eq!(kinds.into_iter().collect::<Vec<_>>(), ["deform", "floats"]);
}
