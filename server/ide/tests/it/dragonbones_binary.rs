//! Binary skeletons (`.dbbin`): every skeleton the runtime reads converts to a binary that reads
//! back as the same runtime data, and back to JSON that poses as the binary does; broken
//! binaries give exact diagnostics, and no bytes make the reader or the evaluation panic.

use std::path::{Path, PathBuf};

use rigls_diagnostic::env::RealFs;
use rigls_diagnostic::{Target, Targets};
use rigls_dragonbones::DragonBonesFile;
use rigls_dragonbones::binary::{self, Body};
use rigls_dragonbones::eval::Runtime;
use rigls_dragonbones::eval::data::DragonBonesData;
use rigls_ide::Analysis;
use rigls_ide::convert::{binary_to_json, json_to_binary};
use rigls_test_support::fixture as support;
use rigls_test_support::server_dir;

/// One pose of one armature, flattened: bone matrices, then per slot its display index, draw
/// order and mesh vertices (when a mesh is shown).
struct Flat {
    what: String,
    numbers: Vec<f64>,
}

/// The setup pose of every armature, and for every animation the pose at the start of each of
/// its key frames and half a frame later (at most `per_animation` times, evenly picked).
fn poses(data: &DragonBonesData, per_animation: usize) -> Vec<Flat> {
    let mut out = Vec::new();
    for (index, armature) in data.armatures.iter().enumerate() {
        let mut requests: Vec<(Option<&str>, f64)> = vec![(None, 0.0)];
        for animation in &armature.animations {
            let mut frames: Vec<f64> = animation.key_frame_positions().iter().map(|&p| f64::from(p)).collect();
            frames.push(animation.frame_count);
            let step = frames.len().div_ceil(per_animation).max(1);
            for &f in frames.iter().step_by(step) {
                for t in [f, f + 0.5] {
                    requests.push((Some(&animation.name), t / armature.frame_rate));
                }
            }
        }
        for (animation, time) in requests {
            let Ok(mut runtime) = Runtime::build(data, index) else { continue };
            if let Some(name) = animation {
                runtime.goto_and_play_by_time(name, time, 1.0);
            }
            let mut numbers = Vec::new();
            for bone in 0..armature.bones.len() {
                if let Some(state) = runtime.bone(bone) {
                    numbers.extend(state.matrix.to_array());
                }
            }
            for slot in 0..armature.slots.len() {
                if let Some((i, state)) = runtime.slot(slot) {
                    numbers.extend([state.display_index, state.z_order]);
                    numbers.extend(runtime.mesh_in_armature_space(i).unwrap_or_default());
                }
            }
            out.push(Flat { what: format!("{}/{}@{time}", armature.name, animation.unwrap_or("setup")), numbers });
        }
    }
    out
}

/// The largest difference between two pose lists, relative to the values' size (at least 1);
/// panics where they differ in shape or in what is finite.
fn largest_difference(ours: &[Flat], theirs: &[Flat], file: &Path) -> f64 {
    assert_eq!(ours.len(), theirs.len(), "{}: the same poses", file.display());
    let mut most = 0.0f64;
    for (a, b) in ours.iter().zip(theirs) {
        assert_eq!(a.what, b.what, "{}", file.display());
        assert_eq!(a.numbers.len(), b.numbers.len(), "{}: {}: the same numbers", file.display(), a.what);
        for (x, y) in a.numbers.iter().zip(&b.numbers) {
            if x.is_finite() != y.is_finite() {
                panic!("{}: {}: {x} vs {y}", file.display(), a.what);
            }
            if x.is_finite() {
                most = most.max((x - y).abs() / x.abs().max(1.0));
            }
        }
    }
    most
}

/// Every JSON skeleton of the project's fixtures and of `../shared/corpus` (when present).
fn skeletons() -> Vec<PathBuf> {
    let mut paths = Vec::new();
    support::skeletons_under(&server_dir().join("tests/fixtures"), &mut paths);
    if let Some(corpus) = support::shared_corpus_json() {
        paths.extend(corpus);
    }
    paths
}

/// The runtime's data of a JSON skeleton it reads without failing.
fn read_json(text: &str) -> Option<DragonBonesFile> {
    let file = DragonBonesFile::parse(text)?;
    let readable = file.tree.errors.is_empty()
        && file.evaluation(text).parsed.as_ref().is_ok_and(|p| p.failures.is_empty() && !p.data.armatures.is_empty());
    readable.then_some(file)
}

fn data_of<'f>(file: &'f DragonBonesFile, text: &str) -> Option<&'f DragonBonesData> {
    file.evaluation(text).data()
}

#[test]
fn every_skeleton_converts_to_a_binary_that_poses_as_the_json_and_back() {
    let (mut converted, mut refused, mut worst_back) = ([0, 0], Vec::new(), 0.0f64);
    let fixtures = server_dir().join("tests/fixtures");
    for path in skeletons() {
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let Some(json) = read_json(&text) else { continue };
        let binary = match json_to_binary(&text) {
            Ok(done) => done.bytes,
            Err(why) => {
                refused.push(format!("{}: {:?}", path.display(), why.0));
                continue;
            }
        };
        converted[usize::from(!path.starts_with(&fixtures))] += 1;
        let per_animation = if text.len() > 500_000 { 2 } else { 6 };
        let expected = poses(data_of(&json, &text).expect("read"), per_animation);
        // The binary reads back as the runtime data of the JSON: the same poses, to the bit.
        let (view, from_binary) = DragonBonesFile::of_binary(&binary);
        let problems = from_binary.binary.as_ref().map(|b| b.diagnostics.clone()).unwrap_or_default();
        // A timeline scale that keeps no low 16 bits is written as the runtime stores it, 0,
        // which the binary's reader reports (the JSON's `non-finite-pose`) and `convert` does
        // not write back.
        let scale_0 = data_of(&json, &text)
            .expect("read")
            .armatures
            .iter()
            .flat_map(|a| &a.animations)
            .any(|a| a.slot_timelines.all().any(|t| t.time_scale.is_infinite()));
        assert!(problems.is_empty() || scale_0, "{}: {problems:#?}", path.display());
        let binary_data = data_of(&from_binary, &view).expect("the binary is read");
        assert_eq!(largest_difference(&poses(binary_data, per_animation), &expected, &path), 0.0, "{}", path.display());
        if scale_0 {
            continue; // `convert` refuses to write such a binary back as JSON
        }
        // Its JSON view poses as it does (weighted meshes to the 32-bit floats they are stored in).
        let back = binary_to_json(&binary).expect("converted back").bytes;
        let back = String::from_utf8(back).expect("JSON");
        assert_eq!(back, view, "{}: the view is what `convert` writes", path.display());
        let json_back = read_json(&back).unwrap_or_else(|| panic!("{}: the JSON written back is read", path.display()));
        // JSON cannot write the infinity a binary's float holds (a vertex of 1e39 in 32 bits):
        // `convert` writes null there, which poses otherwise.
        let body = binary::read(&binary).binary.body.expect("a body");
        if body.float.iter().chain(&body.frame_float).any(|v| v.is_infinite()) {
            continue;
        }
        let difference =
            largest_difference(&poses(data_of(&json_back, &back).expect("read"), per_animation), &expected, &path);
        assert!(difference < 1e-5, "{}: JSON → binary → JSON moves a pose by {difference}", path.display());
        worst_back = worst_back.max(difference);
    }
    eprintln!(
        "converted {} fixtures and {} corpus skeletons; back to JSON: largest relative pose difference {worst_back:e}",
        converted[0], converted[1]
    );
    assert!(converted[0] >= 15, "only {} fixtures converted", converted[0]);
    assert!(converted[1] == 0 || converted[1] >= 24, "only {} corpus skeletons converted", converted[1]);
    assert!(refused.is_empty(), "refused: {refused:#?}");
}

#[test]
fn the_editor_binaries_convert_to_json_that_poses_as_they_do() {
    let dir = server_dir().join("tests/fixtures/dragonbones/binary");
    for name in ["mecha_1406_ske", "dragon_boy_ske", "mecha_1002_101d_show_ske"] {
        let path = dir.join(format!("{name}.dbbin"));
        let bytes = std::fs::read(&path).expect("fixture");
        let (view, file) = DragonBonesFile::of_binary(&bytes);
        assert_eq!(file.binary.as_ref().map(|b| b.diagnostics.len()), Some(0), "{name}");
        let expected = poses(data_of(&file, &view).expect("read"), 8);
        let json = read_json(&view).expect("the view is a skeleton the runtime reads");
        let difference = largest_difference(&poses(data_of(&json, &view).expect("read"), 8), &expected, &path);
        assert!(difference < 1e-5, "{name}: {difference}");
        // And the JSON converts to a binary that poses as the editor's.
        let again = json_to_binary(&view).expect("converted").bytes;
        let (again_view, again) = DragonBonesFile::of_binary(&again);
        let again_poses = poses(data_of(&again, &again_view).expect("read"), 8);
        assert!(largest_difference(&again_poses, &expected, &path) < 1e-5, "{name}");
    }
}

/// What the official converter (DragonBones Tools' `db2 -t binary`) writes of a deform
/// timeline of 4.5–5.5 data: its offset without its type, so the runtime reads the slot's list
/// one number short. Its binaries of two fixtures, as it wrote them (`binary/converter/`).
#[test]
fn the_converters_deform_timelines_without_a_type_are_reported() {
    let dir = server_dir().join("tests/fixtures/dragonbones/binary/converter");
    let read = |name: &str| std::fs::read(dir.join(name)).expect("fixture");
    expect_test::expect![[r#"
        binary-timeline Error 106:11-106:23 bytes 936–939: the timelines of `マント` must be [type, offset] pairs; this list has 1 number, so the runtime pairs the last type with no offset (the official converter writes 4.5–5.5 deform timelines so, and their animation is lost)
    "#]]
    .assert_eq(&report(&read("勇者_ske.dbbin")));
    expect_test::expect![[r#"
        binary-timeline Error 108:11-108:25 bytes 890–905: the timelines of `hat` must be [type, offset] pairs; this list has 5 numbers, so the runtime pairs the last type with no offset (the official converter writes 4.5–5.5 deform timelines so, and their animation is lost)
        binary-timeline Error 108:11-108:25 bytes 914–917: the timelines of `body` must be [type, offset] pairs; this list has 1 number, so the runtime pairs the last type with no offset (the official converter writes 4.5–5.5 deform timelines so, and their animation is lost)
    "#]].assert_eq(&report(&read("slots_ske.dbbin")));
}

/// A small skeleton's binary (Japanese names: its view's columns count characters), its header
/// as text, and its body.
fn sample() -> (String, Body) {
    let text = std::fs::read_to_string(server_dir().join("tests/fixtures/dragonbones/勇者_ske.json")).expect("fixture");
    let bytes = json_to_binary(&text).expect("converted").bytes;
    let read = binary::read(&bytes);
    (read.binary.header.trim_end().to_owned(), read.binary.body.expect("a body"))
}

/// The diagnostics of a binary as `code line:col-line:col message`, positions in its view.
fn report(bytes: &[u8]) -> String {
    report_for(bytes, Targets::default())
}

/// [`report`] with `targets` named.
fn report_for(bytes: &[u8], targets: Targets) -> String {
    let analysis = Analysis::of_binary_for(Some(Path::new("broken_ske.dbbin")), bytes, &RealFs, targets);
    analysis
        .diagnostics
        .iter()
        .map(|d| {
            let (start, end) = (
                analysis.lines.line_col(d.range.start, rigls_text::PositionEncoding::Utf32),
                analysis.lines.line_col(d.range.end, rigls_text::PositionEncoding::Utf32),
            );
            format!(
                "{} {:?} {}:{}-{}:{} {}\n",
                d.code,
                d.severity,
                start.line + 1,
                start.col + 1,
                end.line + 1,
                end.col + 1,
                d.message
            )
        })
        .collect()
}

#[test]
fn a_truncated_binary_names_the_bytes_missing() {
    let (header, body) = sample();
    let bytes = binary::encode(&header, &body);
    let cut = &bytes[..bytes.len() - 6];
    expect_test::expect![[r#"
        binary-truncated Error 2:3-2:15 bytes 1424–1497: the timelineArray should be bytes 1424–1503 of the file, but the file has 1498 bytes: the runtime throws
    "#]]
    .assert_eq(&report(cut));
    expect_test::expect![[r#"
        binary-truncated Error 1:2-1:9 bytes 8–11: the header length (bytes 8–11) is 1160, but the file has 8 bytes after the header's start
        syntax Error 1:8-1:9 unexpected end of file: the object opened on line 1 is never closed (missing `}`)
    "#]]
    .assert_eq(&report(&bytes[..20]));
    expect_test::expect![[r#"
        binary-format Error 1:1-1:1 bytes 0–3: the file starts with 7B 22 61 72, not `DBDT`: it is not a DragonBones binary
    "#]]
    .assert_eq(&report(b"{\"armature\": []}"));
}

/// A float that is NaN in the binary is `null` in its view: the view's rules say so, and a
/// weight read by position leaves the counts of `weights` whole (no `count-mismatch` or
/// `weight-sum` from a shifted reading). `floatArray[12]` is the first weight of the mesh `マント`.
#[test]
fn a_nan_weight_in_the_binary_is_reported_as_such_in_its_view() {
    let (header, mut body) = sample();
    body.float[12] = f32::NAN;
    expect_test::expect![[r#"
        non-finite-pose Error 55:19-55:24 the mesh of slot `マント` has vertices that are not finite numbers at the setup pose: the runtime cannot draw it
        invalid-value Warning 94:37-94:41 `weights` holds numbers, but this one is NaN or infinite in the binary (its JSON view writes null)
    "#]].assert_eq(&report(&binary::encode(&header, &body)));
}

/// A `null` the header holds itself (a bounding box's polygon keeps its `vertices` there) is a
/// null, not a NaN float: DragonBonesCPP asserts on it (`GetDouble`, mutation round 2042, where
/// rigls said "NaN or infinite in the binary" as a warning), as on a JSON skeleton's.
#[test]
fn a_null_of_the_header_itself_is_reported_as_a_null() {
    let json = r#"{"version":"5.5","frameRate":24,"armature":[{"name":"a","bone":[{"name":"b"}],"slot":[{"name":"box","parent":"b"}],
        "skin":[{"slot":[{"name":"box","display":[{"type":"boundingBox","subType":"polygon","vertices":[0,0,10,0,0,10]}]}]}]}]}"#;
    let read = binary::read(&json_to_binary(json).expect("converted").bytes);
    let (header, body) = (read.binary.header.trim_end().to_owned(), read.binary.body.expect("a body"));
    let nulled = header.replacen("\"vertices\":[0,", "\"vertices\":[null,", 1);
    assert_ne!(nulled, header, "the polygon's vertices are in the header: {header}");
    expect_test::expect![[r#"
        invalid-value Error 27:32-27:36 `vertices` holds numbers, but this element is null
    "#]]
    .assert_eq(&report(&binary::encode(&nulled, &body)));
}

/// A JSON part with a syntax error (found by the `binary_read` fuzz target): the runtime's
/// `JSON.parse` throws, so `rigls convert` refuses it instead of writing the broken JSON.
#[test]
fn a_binary_whose_json_part_has_a_syntax_error_is_not_converted() {
    let (header, body) = sample();
    let at = header.find(",\"bone\"").expect("a bone list");
    let broken = format!("{}l{}", &header[..at], &header[at + 1..]);
    let refused = binary_to_json(&binary::encode(&broken, &body)).err().map(|r| r.0);
    expect_test::expect![[r#"
        Some(
            [
                "1:174: missing `,` after this value: members are separated by commas",
                "1:175: expected a member name in double quotes, then `:` and the value",
            ],
        )
    "#]]
    .assert_debug_eq(&refused);
    assert!(binary_to_json(&binary::encode(&header, &body)).is_ok(), "the sample itself converts");
}

/// Key frames of the same colour share one block of `intArray`, as the official converter
/// (Tools `toBinary`) writes them, and read back as the colours they were.
#[test]
fn key_frames_of_one_colour_share_its_block() {
    let json = r#"{"version":"5.5","frameRate":24,"armature":[{"name":"a","bone":[{"name":"b"}],"slot":[{"name":"s","parent":"b"}],"skin":[{"slot":[{"name":"s","display":[{"name":"i"}]}]}],"animation":[{"name":"x","duration":3,"slot":[{"name":"s","colorFrame":[{"duration":1,"value":{"aM":50}},{"duration":1},{"duration":1,"value":{"aM":50}}]}]},{"name":"y","duration":1,"slot":[{"name":"s","colorFrame":[{"duration":1}]}]}]}]}"#;
    let bytes = json_to_binary(json).expect("converted").bytes;
    let body = binary::read(&bytes).binary.body.expect("a body");
    assert_eq!(body.int, [50, 100, 100, 100, 0, 0, 0, 0, 100, 100, 100, 100, 0, 0, 0, 0]);
    let back = String::from_utf8(binary_to_json(&bytes).expect("converted back").bytes).expect("UTF-8");
    let colours = |text: &str| {
        let file = DragonBonesFile::parse(text).expect("a skeleton");
        let data = &file.evaluation(text).data().expect("runtime data").armatures[0];
        data.animations
            .iter()
            .flat_map(|a| a.slot_timelines.all().map(|t| format!("{:?}", t.values)))
            .collect::<Vec<_>>()
    };
    assert_eq!(colours(&back), colours(json));
}

#[test]
fn references_outside_their_arrays_are_errors_at_what_holds_them() {
    let (header, body) = sample();
    let short_timelines = Body { timeline: body.timeline[..body.timeline.len() / 2].to_vec(), ..body.clone() };
    let offsets = |b: &Body| b.offsets().iter().map(u64::to_string).collect::<Vec<_>>().join(",");
    let with_offsets = |h: &str, b: &Body| {
        let start = h.rfind("\"offset\":[").expect("root offset");
        let end = start + h[start..].find(']').expect("end");
        format!("{}\"offset\":[{}]{}", &h[..start], offsets(b), &h[end + 1..])
    };
    let mut short = short_timelines;
    short.pad();
    expect_test::expect![[r#"
        binary-past-end Error 112:11-112:23 byte 1464: timelineArray[21…25] (a timeline's header) runs past the array's end (20 elements): the runtime reads `undefined` there
        binary-past-end Error 112:11-112:23 byte 1464: timelineArray[27…31] (a timeline's header) runs past the array's end (20 elements): the runtime reads `undefined` there
        binary-past-end Error 112:11-112:23 byte 1464: timelineArray[33…37] (a timeline's header) runs past the array's end (20 elements): the runtime reads `undefined` there
        binary-past-end Error 112:11-112:23 bytes 1462–1463: timelineArray[19…20] (a timeline's key frame list) runs past the array's end (20 elements): the runtime reads `undefined` there
    "#]]
    .assert_eq(&report(&binary::encode(&with_offsets(&header, &short), &short)));
}

/// An odd-length list and an unknown type under a slot the armature has are reported; the same
/// under a name it lacks are not: both runtimes skip that list unread (`getSlot` gives null).
#[test]
fn a_timeline_list_of_odd_length_and_an_unknown_type_are_reported() {
    let (header, body) = sample();
    let odd = header.replacen("\"マント\":[22,27]", "\"マント\":[22,27,99,27,21]", 1);
    expect_test::expect![[r#"
        binary-timeline Error 112:11-112:23 bytes 1005–1020: the timelines of `マント` must be [type, offset] pairs; this list has 5 numbers, so the runtime pairs the last type with no offset (the official converter writes 4.5–5.5 deform timelines so, and their animation is lost)
        binary-timeline Error 112:11-112:23 bytes 1015–1016: timeline type 99 is none the runtime knows: it ignores this timeline
    "#]].assert_eq(&report(&binary::encode(&odd, &body)));
    let ghost = header.replacen("\"slot\":{", "\"slot\":{\"ghost\":[21,99,5],", 1);
    assert_eq!(report(&binary::encode(&ghost, &body)), "", "a list under a name the armature lacks is not read");
}

/// What DragonBonesCPP's `BinaryDataParser` reads with rapidjson's `MemberBegin`, `Size`,
/// `GetUint` and `GetInt` in the header, where DragonBonesJS converts: each change alone aborted
/// the C++ harness and loaded in the JS one (`tests/runtimes`, bear's binary). Without a C++
/// target named, only what DragonBonesJS rejects too is reported.
#[test]
fn header_values_the_cpp_runtime_asserts_on_are_load_failures() {
    let (header, body) = sample();
    let cpp: Targets = [Target::DragonBonesCpp].into_iter().collect();
    let changed = |from: &str, to: &str| {
        assert!(header.contains(from), "{from} in the header");
        binary::encode(&header.replacen(from, to, 1), &body)
    };
    // An animation's slot timelines (arrays of numbers: the first `}` closes them) made null.
    let at = header.find("\"slot\":{").expect("slot timelines");
    let end = at + header[at..].find('}').expect("their end");
    let slot_map = binary::encode(&format!("{}\"slot\":null{}", &header[..at], &header[end + 1..]), &body);
    expect_test::expect![[r#"
        target-load-failure Error 112:11-112:23 bytes 972–975: dragonbones-cpp reads an animation's `slot` as an object (`MemberBegin`), and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write an object of [type, offset] lists by name, or remove the key
    "#]]
    .assert_eq(&report_for(&slot_map, cpp));
    assert_eq!(report(&slot_map), "", "DragonBonesJS iterates nothing");
    let offset = changed("\"offset\":[0,", "\"offset\":[0.0,");
    expect_test::expect![[r#"
        target-load-failure Error 112:11-112:23 bytes 913–915: dragonbones-cpp reads an animation's `offset`'s element 0 as an unsigned integer, and 0.0 is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a whole number from 0 to 4294967295
    "#]].assert_eq(&report_for(&offset, cpp));
    // A mesh's offset, a timeline's type and a timeline list of a bone and a slot; a list under
    // a name the armature lacks is not read.
    let many = header
        .replacen("\"offset\":0}", "\"offset\":0.0}", 1)
        .replacen("\"頭\":[12,7]", "\"頭\":[12.0,7],\"幽霊\":null", 1)
        .replacen("\"マント\":[22,27]", "\"マント\":[22,27,23]", 1);
    expect_test::expect![[r#"
        target-load-failure Error 89:19-89:32 bytes 785–787: dragonbones-cpp reads a mesh's `offset` as an unsigned integer, and 0.0 is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a whole number from 0 to 4294967295
        binary-timeline Error 112:11-112:23 bytes 1023–1032: the timelines of `マント` must be [type, offset] pairs; this list has 3 numbers, so the runtime pairs the last type with no offset (the official converter writes 4.5–5.5 deform timelines so, and their animation is lost)
        target-load-failure Error 112:11-112:23 bytes 1023–1032: dragonbones-cpp reads `マント`'s timelines as [type, offset] pairs, and the last type has no offset: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); give the last type its offset
        target-load-failure Error 112:11-112:23 bytes 960–963: dragonbones-cpp reads a timeline's type as a 32-bit integer, and 12.0 is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write the type's number
    "#]].assert_eq(&report_for(&binary::encode(&many, &body), cpp));
    assert_eq!(report(&binary::encode(&header, &body)), "", "the sample itself has no problem");
    assert_eq!(report_for(&binary::encode(&header, &body), cpp), "", "nor for the C++ runtime");
}

/// A negative bone count in a weight block, the block's or a vertex's: DragonBonesCPP reads it
/// unsigned and crashed (the harness segfaulted on each below, and on body's binary with a
/// vertex's count made -32768); DragonBonesJS reads no bone there, but counts the block's weights
/// stepping back by it: where that count is negative, playing the mantle's deform threw
/// `Invalid array length` (the first case); body's stayed positive and it posed as rigls does.
#[test]
fn a_negative_count_in_a_weight_block_is_an_error() {
    let (header, body) = sample();
    // The mantle's geometry: 3 vertices, weights at intArray[7]: 2 bones, then per vertex its
    // count and bones (1 [0], 2 [0, 1], 1 [1]).
    assert_eq!(body.int[7..18], [2, 12, 1, 3, 1, 0, 2, 0, 1, 1, 1]);
    let with = |at: usize, value: i16| {
        let mut changed = body.clone();
        changed.int[at] = value;
        binary::encode(&header, &changed)
    };
    expect_test::expect![[r#"
        binary-offset Error 89:19-89:32 bytes 1198–1199: the weight block at intArray[7] gives vertex 1 a bone count of -1: DragonBonesCPP reads it unsigned (4294967295) and crashes; DragonBonesJS reads no bone there, but counts -1 weights in the block, so playing a deform of this mesh throws (`Invalid array length`)
    "#]].assert_eq(&report(&with(13, -1)));
    expect_test::expect![[r#"
        binary-offset Error 89:19-89:32 bytes 1204–1205: the weight block at intArray[7] gives vertex 2 a bone count of -1: DragonBonesCPP reads it unsigned (4294967295) and crashes; DragonBonesJS reads no bone there
    "#]].assert_eq(&report(&with(16, -1)));
    expect_test::expect![[r#"
        binary-offset Error 89:19-89:32 bytes 1186–1187: the weight block at intArray[7] gives a bone count of -2: DragonBonesCPP reads it unsigned (4294967294) and crashes; DragonBonesJS reads no bone there
        binary-offset Error 89:19-89:32 bytes 1186–1203: the weight block at intArray[7] gives a vertex bone 3, but it lists 0 bones: the runtime reads no bone for it (NaN vertices)
        index-out-of-range Error 94:34-94:36 bone index -1 in `weights` is out of range: the armature has 4 bones (0–3)
        weight-sum Warning 94:41-94:42 the weights of vertex 1 add up to 0.5, not 1: the vertex shrinks or overshoots
    "#]].assert_eq(&report(&with(7, -2)));
}

/// The mantle's vertex count made 0 (`intArray[0]` 3 → 0, from a mutation round): DragonBonesCPP
/// gives the mesh an empty deform buffer, and its deform timeline writes 8 values through a null
/// pointer (the harness crashed playing 待機); DragonBonesJS posed every time.
#[test]
fn a_deform_of_a_mesh_without_vertices_crashes_the_cpp_runtime() {
    let (header, mut body) = sample();
    assert_eq!(body.int[0], 3);
    body.int[0] = 0;
    let bytes = binary::encode(&header, &body);
    let cpp: Targets = [Target::DragonBonesCpp].into_iter().collect();
    expect_test::expect![[r#"
        index-out-of-range Warning 93:33-93:34 triangle index 0 is out of range: the mesh has 0 vertices
        index-out-of-range Warning 93:36-93:37 triangle index 1 is out of range: the mesh has 0 vertices
        index-out-of-range Warning 93:39-93:40 triangle index 2 is out of range: the mesh has 0 vertices
        target-load-failure Error 179:15-179:28 bytes 1009–1010: dragonbones-cpp writes this deform timeline's 8 values into the mesh at intArray[0], which has none (no vertex, or no influence): through a null pointer, and the runtime crashes playing the animation (DragonBonesJS's array grows); give the mesh its vertices, or remove the timeline
    "#]].assert_eq(&report_for(&bytes, cpp));
    expect_test::expect![[r#"
        index-out-of-range Warning 93:33-93:34 triangle index 0 is out of range: the mesh has 0 vertices
        index-out-of-range Warning 93:36-93:37 triangle index 1 is out of range: the mesh has 0 vertices
        index-out-of-range Warning 93:39-93:40 triangle index 2 is out of range: the mesh has 0 vertices
    "#]]
    .assert_eq(&report(&bytes));
}

/// A key frame made to start at frame -1 (bullet_01's binary, `frameArray[2]` 12 → -1, from a
/// mutation round): DragonBonesJS shows that key frame from frame 1 on, DragonBonesCPP keeps its
/// positions in `size_t`s, never reaches it and stays on the key frame before. Both harnesses
/// posed this file so (x 100 and 0 at every time after the start).
#[test]
fn a_key_frame_at_a_negative_position_is_never_reached_by_the_cpp_runtime() {
    let json = r#"{"version":"5.5","frameRate":24,"armature":[{"name":"a","bone":[{"name":"b"}],"animation":[{"name":"x","duration":12,"bone":[{"name":"b","translateFrame":[{"duration":12,"tweenEasing":0},{"duration":0,"x":100}]}]}]}]}"#;
    let read = binary::read(&json_to_binary(json).expect("converted").bytes);
    let (header, mut body) = (read.binary.header.trim_end().to_owned(), read.binary.body.expect("a body"));
    // Key frame 0: position 0, a linear tween; key frame 1: position 12, no tween.
    assert_eq!(body.frame, [0, 1, 12, 0]);
    body.frame[2] = -1;
    let analysis = Analysis::of_binary(None, &binary::encode(&header, &body), &RealFs);
    let x_at = |time: f64, target: Target| {
        let request = rigls_ide::pose::PoseRequest {
            armature: None,
            animation: Some("x".to_owned()),
            time,
            target: Some(target),
        };
        match rigls_ide::pose::pose(&analysis, &request) {
            Ok(rigls_ide::pose::Pose::DragonBones(pose)) => pose.bones[0].matrix[4],
            other => panic!("not posed: {other:?}"),
        }
    };
    for time in [0.065, 0.25] {
        assert_eq!(x_at(time, Target::DragonBonesJs), 100.0, "at {time} s");
        assert_eq!(x_at(time, Target::DragonBonesCpp), 0.0, "at {time} s");
    }
    expect_test::expect![[r#"
        binary-timeline Warning 18:15-18:26 bytes 236–237: key frame 1 starts at frame -1, not after key frame 0 (frame 0): the runtime shows key frame 0 at frame 0 only and key frame 1 from frame 1 (DragonBonesCPP, reading frame -1 unsigned, shows key frame 0 to the animation's end)
    "#]].assert_eq(&report(&binary::encode(&header, &body)));
}

/// A key frame that starts where the one before it does (`frameArray[2]` 6 → 0): the binary's
/// reading says so, and the view writes durations from the frames the runtime shows the key
/// frames at (0, 1 and 12: the one before for a single frame; DragonBonesJS posed x 54.17 at frame
/// 1 of this binary, tweening key frame 1 from its stored position 0), not the stored positions
/// as durations (a 0 there counted a frame, which pushed the last key frame to frame 13 of 12, a
/// false `frame-after-end`).
#[test]
fn key_frames_out_of_order_in_a_binary_are_not_pushed_past_the_end() {
    let json = r#"{"version":"5.5","frameRate":24,"armature":[{"name":"a","bone":[{"name":"b"}],"animation":[{"name":"x","duration":12,"bone":[{"name":"b","translateFrame":[{"duration":6,"tweenEasing":0},{"duration":6,"tweenEasing":0,"x":50},{"duration":0,"x":100}]}]}]}]}"#;
    let read = binary::read(&json_to_binary(json).expect("converted").bytes);
    let (header, mut body) = (read.binary.header.trim_end().to_owned(), read.binary.body.expect("a body"));
    assert_eq!(body.frame, [0, 1, 6, 1, 12, 0]);
    body.frame[2] = 0;
    // The view's hints show the frames the runtime shows them at, 0, 1 and 12 (not 0, 1 and 13).
    let analysis = Analysis::of_binary(None, &binary::encode(&header, &body), &RealFs);
    let whole = rigls_text::TextRange::new(0, analysis.text.len() as u32);
    let labels: Vec<String> = rigls_ide::inlay_hints(&analysis, whole).into_iter().map(|h| h.label).collect();
    assert_eq!(labels, ["@0 0s", "@1 0.042s", "@12 0.5s"]);
    expect_test::expect![[r#"
        binary-timeline Warning 18:15-18:26 bytes 244–245: key frame 1 starts at frame 0, not after key frame 0 (frame 0): the runtime shows key frame 0 at frame 0 only and key frame 1 from frame 1
    "#]].assert_eq(&report(&binary::encode(&header, &body)));
}

/// A weighted mesh whose weights lie past `intArray[32767]` (after a plain mesh of 11,000
/// triangles): the offset is stored wrapped, DragonBonesJS adds 65,536 back and the mesh follows
/// its bone; DragonBonesCPP takes the negative offset for "no weights" and draws the mesh where
/// it was set up. Both harnesses posed this file so (`[100,0,110,0,100,10]` and `[0,0,10,0,0,10]`
/// halfway through the animation).
#[test]
fn weights_past_16_bit_offsets_are_none_to_the_cpp_runtime() {
    let triangles = 11_000;
    let vertices: Vec<String> = (0..triangles + 2).map(|i| format!("{},{}", i % 100, i / 100)).collect();
    let indices: Vec<String> = (0..triangles).map(|i| format!("{i},{},{}", i + 1, i + 2)).collect();
    let uvs = vec!["0.5"; (triangles + 2) * 2].join(",");
    let json = format!(
        r#"{{"version":"5.5","frameRate":24,"name":"w","armature":[{{"name":"a","bone":[{{"name":"root"}},{{"name":"b","parent":"root"}}],
"slot":[{{"name":"s1","parent":"root"}},{{"name":"s2","parent":"root"}}],
"skin":[{{"slot":[{{"name":"s1","display":[{{"name":"big","type":"mesh","width":100,"height":100,"vertices":[{}],"uvs":[{uvs}],"triangles":[{}]}}]}},
{{"name":"s2","display":[{{"name":"w","type":"mesh","width":10,"height":10,"vertices":[0,0,10,0,0,10],"uvs":[0,0,1,0,0,1],"triangles":[0,1,2],"weights":[1,1,1,1,1,1,1,1,1],"slotPose":[1,0,0,1,0,0],"bonePose":[1,1,0,0,1,0,0]}}]}}]}}],
"animation":[{{"name":"m","duration":2,"bone":[{{"name":"b","translateFrame":[{{"duration":2,"x":100}}]}}]}}]}}]}}"#,
        vertices.join(","),
        indices.join(","),
    );
    let bytes = json_to_binary(&json).expect("converted").bytes;
    let analysis = Analysis::of_binary(None, &bytes, &RealFs);
    let mesh_at = |target: Target| {
        let request = rigls_ide::pose::PoseRequest {
            armature: None,
            animation: Some("m".to_owned()),
            time: 0.5,
            target: Some(target),
        };
        match rigls_ide::pose::pose(&analysis, &request) {
            Ok(rigls_ide::pose::Pose::DragonBones(pose)) => pose.slots[1].vertices.clone(),
            other => panic!("not posed: {other:?}"),
        }
    };
    assert_eq!(mesh_at(Target::DragonBonesJs), Some(vec![100.0, 0.0, 110.0, 0.0, 100.0, 10.0]));
    assert_eq!(mesh_at(Target::DragonBonesCpp), Some(vec![0.0, 0.0, 10.0, 0.0, 0.0, 10.0]));
    let cpp: Targets = [Target::DragonBonesCpp].into_iter().collect();
    expect_test::expect![[r#"
        target-drops Warning 48:19-48:30 bytes 66578–66579: dragonbones-cpp reads this mesh's weights, at intArray[33011] (stored as -32525), as none: its binary parser reads offsets past 32767 as negative, and the mesh is drawn in its setup shape, following no bone; split the skeleton so that its intArray stays under 32768 elements
    "#]].assert_eq(&report_for(&bytes, cpp));
    assert_eq!(report(&bytes), "", "DragonBonesJS reads the weights");
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Any byte changed, any cut: the reader, the view, the rules (the C++ target's too) and
        /// a pose finish.
        #[test]
        fn on_damaged_binaries(cut in 0usize..2000, at in 0usize..2000, byte in any::<u8>(), time in -1.0..3.0f64) {
            let (header, body) = sample();
            let mut bytes = binary::encode(&header, &body);
            let at = at % bytes.len();
            bytes[at] = byte;
            bytes.truncate(bytes.len().saturating_sub(cut % 64));
            // The C++ runtime named: its header rules run too.
            let cpp: Targets = [Target::DragonBonesCpp].into_iter().collect();
            let analysis = Analysis::of_binary_for(None, &bytes, &RealFs, cpp);
            let request = rigls_ide::pose::PoseRequest { armature: None, animation: Some("待機".to_owned()), time, target: None };
            let _ = rigls_ide::pose::pose(&analysis, &request);
        }
    }
}

/// A skeleton whose arrays pass the binary's 16-bit references is refused once per array that
/// overflows, at its first index past them (each later one is past too: listing them all made a
/// 17 MB refusal quadratic, 33 s). (Key frames past the frame array's reach are refused earlier,
/// as the runtime's parse of the JSON misreads them too: `dragonbones_long_animations`.)
#[test]
fn a_skeleton_too_large_for_16_bit_references_is_refused_once_per_array() {
    let bones: Vec<String> = (0..14_000).map(|i| format!(r#"{{"name":"b{i}"}}"#)).collect();
    let timelines: Vec<String> =
        (0..14_000).map(|i| format!(r#"{{"name":"b{i}","translateFrame":[{{"duration":1,"x":{i}}}]}}"#)).collect();
    let text = format!(
        r#"{{"name":"big","version":"5.5","frameRate":24,"armature":[{{"name":"big","bone":[{}],
"animation":[{{"name":"run","duration":1,"bone":[{}]}}]}}]}}"#,
        bones.join(","),
        timelines.join(",")
    );
    let Err(refused) = json_to_binary(&text) else { panic!("converted") };
    expect_test::expect![[r#"
        [
            "a timeline at timelineArray[65538] and every one after it: indices past 65 535 do not fit the binary's 16-bit references (split the skeleton into several files)",
        ]
    "#]]
    .assert_debug_eq(&refused.0);
}

/// Key frame values past entry 65,535 of `frameFloatArray`, counted from their animation's first
/// (a 2,048-vertex mesh deformed over 17 key frames, then a small mesh's deform): the refusal
/// names the array and says where it counts from.
#[test]
fn key_frame_values_past_the_reach_are_refused_naming_their_array() {
    let n = 2048;
    let vertices: Vec<String> = (0..n).flat_map(|i| [(i % 50).to_string(), (i / 50).to_string()]).collect();
    let triangles: Vec<String> = (0..n - 2).flat_map(|i| [i, i + 1, i + 2]).map(|i| i.to_string()).collect();
    let big = format!(
        r#"{{"type":"mesh","name":"big","vertices":[{}],"uvs":[{}],"triangles":[{}]}}"#,
        vertices.join(","),
        vec!["0.5"; 2 * n].join(","),
        triangles.join(",")
    );
    let small = r#"{"type":"mesh","name":"small","vertices":[0,0,10,0,10,10],"uvs":[0,0,1,0,1,1],"triangles":[0,1,2]}"#;
    let frame = |k: usize| format!(r#"{{"duration":1,"vertices":[{}]}}"#, vec![k.to_string(); 2 * n].join(","));
    let frames: Vec<String> = (1..=17).map(frame).collect();
    let text = format!(
        r#"{{"name":"wrap","version":"5.5","frameRate":24,"armature":[{{"name":"wrap","bone":[{{"name":"root"}}],
"slot":[{{"name":"s_big","parent":"root"}},{{"name":"s_small","parent":"root"}}],
"skin":[{{"slot":[{{"name":"s_big","display":[{big}]}},{{"name":"s_small","display":[{small}]}}]}}],
"animation":[{{"name":"动","duration":17,"ffd":[{{"name":"big","slot":"s_big","frame":[{}]}},
{{"name":"small","slot":"s_small","frame":[{{"duration":17,"vertices":[5,5,5,5,5,5]}}]}}]}}]}}]}}"#,
        frames.join(",")
    );
    let Err(refused) = json_to_binary(&text) else { panic!("converted") };
    expect_test::expect![[r#"
        [
            "key frame values at frameFloatArray[69632] (counted from its animation's first) and every one after it: indices past 65 535 do not fit the binary's 16-bit references (split the skeleton into several files)",
        ]
    "#]]
    .assert_debug_eq(&refused.0);
}

/// `userData` nested 200,000 levels deep: the converters copy it as written past 256 levels, so
/// neither converting it nor analysing the binary overflows the stack (each aborted rigls).
#[test]
fn deeply_nested_user_data_converts_both_ways() {
    let depth = 200_000;
    let text = rigls_test_support::generate::dragonbones::nested_user_data(depth);
    let converted = json_to_binary(&text).expect("converted");
    let analysis = Analysis::of_binary(None, &converted.bytes, &RealFs);
    assert_eq!(support::positions(&analysis, rigls_text::PositionEncoding::Utf16), Vec::<String>::new());
    let back = binary_to_json(&converted.bytes).expect("converted back");
    let back = String::from_utf8(back.bytes).expect("UTF-8");
    assert_eq!(back.matches('[').count(), depth + 2, "the nesting kept");
    let again = support::analyse("深_ske.json", &back, &[]);
    assert_eq!(support::positions(&again, rigls_text::PositionEncoding::Utf16), Vec::<String>::new());
}

/// A deform header whose count of values deformed or per key frame is negative (as a 16-bit
/// mutation of bear's made them): DragonBonesCPP read -5 values deformed unsigned and crashed
/// (a segmentation fault), and -5 or -32768 values per key frame and ran out of memory, where
/// DragonBonesJS threw `Invalid array length`.
#[test]
fn a_deform_header_with_a_negative_count_is_an_error() {
    let (header, body) = sample();
    // The only deform header: its geometry, then the counts.
    let at = body.frame_int.len() - binary::deform::LEN;
    let with = |field: usize, value: i16| {
        let mut changed = body.clone();
        changed.frame_int[at + field] = value;
        report(&binary::encode(&header, &changed))
    };
    expect_test::expect![[r#"
        binary-offset Error 112:11-112:23 bytes 1322–1331: the deform header at frameIntArray[1] gives -5 values deformed: DragonBonesCPP reads it unsigned, 4 billion and more, and writes past the mesh's vertices: it crashes (DragonBonesJS deforms nothing)
    "#]].assert_eq(&with(1, -5));
    expect_test::expect![[r#"
        binary-offset Error 112:11-112:23 bytes 1322–1331: the deform header at frameIntArray[1] gives -32768 values per key frame: DragonBonesJS throws (`Invalid array length`), and DragonBonesCPP reads it unsigned, 4 billion and more, and runs out of memory
    "#]].assert_eq(&with(2, -32768));
    assert_eq!(report(&binary::encode(&header, &body)), "", "the sample itself has no problem");
}
