//! The DragonBones target profiles on skeletons: a data version a named runtime does not read is
//! one error on `version` naming those runtimes and the fix; each feature a named runtime drops
//! or draws otherwise is one warning at its place listing every runtime concerned.

use rigls_diagnostic::{Target, Targets};
use rigls_test_support::fixture as support;

fn check(targets: &[Target], fixture: &str) {
    support::check_diagnostics_for("hero_ske.json", fixture, &[], Targets::of(targets));
}

#[test]
fn no_target_named_reports_nothing_of_targets() {
    check(
        &[],
        r#"
        {"name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
         "armature": [{"name": "hero", "bone": [{"name": "root"}],
           "slot": [{"name": "s", "parent": "root", "blendMode": "multiply", "color": {"rO": 20}}]}]}
        "#,
    );
}

#[test]
fn version_5_6_for_the_cpp_runtimes_names_them_and_compatible_version() {
    check(
        &[Target::DragonBonesJs, Target::DragonBonesCpp, Target::Godot],
        r#"
        {"name": "hero", "version": "5.6", "frameRate": 24,
                                    ^^^^^ warning[unsupported-version]: data version 5.6 loads only in DragonBonesJS: add `"compatibleVersion": "5.5"` so the C++ and C# runtimes accept it too
                                    ^^^^^ error[target-unsupported-version]: dragonbones-cpp and godot do not read data version 5.6 and show nothing: add `"compatibleVersion": "5.5"`, which they read (the 5.6 features they lack are then dropped), or convert the file with `rigls upgrade`
         "armature": [{"name": "hero", "bone": [{"name": "root"}]}]}
        "#,
    );
}

/// One runtime named: the message's verbs agree with it.
#[test]
fn version_5_6_for_the_cpp_runtime_alone_speaks_of_one() {
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "hero", "version": "5.6", "frameRate": 24,
                                    ^^^^^ warning[unsupported-version]: data version 5.6 loads only in DragonBonesJS: add `"compatibleVersion": "5.5"` so the C++ and C# runtimes accept it too
                                    ^^^^^ error[target-unsupported-version]: dragonbones-cpp does not read data version 5.6 and shows nothing: add `"compatibleVersion": "5.5"`, which it reads (the 5.6 features it lacks are then dropped), or convert the file with `rigls upgrade`
         "armature": [{"name": "hero", "bone": [{"name": "root"}]}]}
        "#,
    );
}

#[test]
fn version_5_6_with_compatible_version_5_5_loads_everywhere() {
    check(
        &Target::of_format(rigls_diagnostic::FileFormat::DragonBones).collect::<Vec<_>>(),
        r#"
        {"name": "hero", "version": "5.6", "compatibleVersion": "5.5", "frameRate": 24,
         "armature": [{"name": "hero", "bone": [{"name": "root"}]}]}
        "#,
    );
}

#[test]
fn legacy_versions_are_rejected_or_misread() {
    check(
        &[Target::Unity, Target::DragonBonesCpp, Target::Flutter],
        r#"
        {"name": "hero", "version": "2.3", "frameRate": 24, "isGlobal": 0,
                                    ^^^^^ warning[legacy-version]: data version 2.3 is rejected by current runtimes (DragonBonesJS 5.1 and later, C++, C#): upgrade it to 5.5 with `rigls upgrade` or the quick fix
                                    ^^^^^ error[target-unsupported-version]: dragonbones-cpp and flutter do not read data version 2.3 and show nothing: convert it to 5.5 with `rigls upgrade`; unity accepts data version 2.3 but reads it as 5.x data, so bones, slots and animations are misplaced: convert it to 5.5 with `rigls upgrade`
         "armature": [{"name": "hero", "bone": [{"name": "root"}]}]}
        "#,
    );
}

#[test]
fn features_dropped_are_listed_with_every_target_concerned() {
    check(
        &[Target::Egret, Target::CocosCreator3, Target::DragonBonesCpp, Target::Flutter],
        r#"
        {"name": "勇者", "version": "5.6", "compatibleVersion": "5.5", "frameRate": 24,
         "armature": [{"name": "勇者", "type": "Armature",
           "bone": [{"name": "root"}, {"name": "布", "parent": "root", "type": "surface", "segmentX": 1, "segmentY": 1, "vertices": [0, 0, 1, 0, 0, 1, 1, 1]}, {"name": "腕", "parent": "root", "alpha": 0.5}],
                                                                      ^^^^^^^^^^^^^^^^^ warning[target-drops]: surface bone: cocos-creator-3 — native builds (iOS, Android, desktop) run the C++ runtime, where it is a plain bone; dragonbones-cpp — the surface is a plain bone with the default transform: what hangs on it is posed through an identity bone; flutter — the surface behaves as a plain bone
                                                                                                                                                                                              ^^^^^^^^^^^^ warning[target-drops]: 5.6 `alpha`: cocos-creator-3 and dragonbones-cpp — the alpha is not applied
           "ik": [{"name": "足", "bone": "腕", "target": "root"}],
           "slot": [{"name": "影", "parent": "root", "blendMode": "multiply", "zIndex": 2, "color": {"aM": 50, "rO": 20}}, {"name": "光", "parent": "root", "blendMode": "add"}],
                                                    ^^^^^^^^^^^^^^^^^^^^^^^ warning[target-drops]: blend mode `multiply`: egret — the previous mode is kept (initially normal); dragonbones-cpp — cocos2d-x keeps the current blend function (normal is never restored after add); SFML also draws multiply, others normal
                                                                             ^^^^^^^^^^^ warning[target-drops]: slot `zIndex`: cocos-creator-3 and dragonbones-cpp — the slot is drawn in its list order
                                                                                                              ^^^^^^^^ warning[target-drops]: colour offset: cocos-creator-3 and dragonbones-cpp — the offsets are ignored: only the multipliers tint the slot
           "path": [{"name": "道", "target": "影", "bones": ["腕"]}],
                     ^^^^^^^^^^^ warning[target-drops]: path constraint: cocos-creator-3 — native builds (iOS, Android, desktop) run the C++ runtime, which does not apply it; dragonbones-cpp — the constraint is not applied: its bones keep their own transforms; flutter — the constraint is parsed but never built: its bones keep their own transforms
           "skin": [{"slot": [{"name": "影", "display": [{"name": "img"}]}, {"name": "光", "display": [{"name": "img"}]}]}],
           "animation": [{"name": "歩く", "duration": 2,
             "ik": [{"name": "足", "frame": [{"duration": 2, "weight": 0.5}]}],
                     ^^^^^^^^^^^ warning[target-drops]: IK timeline: flutter — IK is static: the animated weight and bend are ignored
             "slot": [{"name": "影", "colorFrame": [{"duration": 2}, {"duration": 0, "color": {"bO": 30}}]}],
                                                                                              ^^^^^^^^ warning[target-drops]: colour offset: cocos-creator-3 and dragonbones-cpp — the offsets are ignored: only the multipliers tint the slot
             "timeline": [{"type": 23, "name": "影", "frame": [{"duration": 2, "value": 1}]}, {"type": 24, "name": "光", "frame": [{"duration": 2, "value": 0.5}]}]}]}],
                           ^^^^^^^^^^ warning[target-drops]: 5.6 typed timeline: cocos-creator-3 and dragonbones-cpp — the timeline is not read: what it animates stays still; flutter — not ported: the draw order does not change
                                                                                              ^^^^^^^^^^ warning[target-drops]: 5.6 typed timeline: cocos-creator-3 and dragonbones-cpp — the timeline is not read: what it animates stays still; flutter — not ported: the alpha does not change (colour key frames' alpha does)
         "textureAtlas": [{"name": "勇者", "imagePath": "勇者.png", "width": 8, "height": 8, "SubTexture": [{"name": "img", "x": 0, "y": 0, "width": 8, "height": 8}]}]}
         ^^^^^^^^^^^^^^ warning[target-drops]: embedded texture atlas `"textureAtlas"`: dragonbones-cpp — it reads an embedded atlas under `"TextureAtlas"`, so this one is not found and its textures are not drawn: put the atlas in a `_tex.json` file of its own
        "#,
    );
}

/// The target diagnostics of a skeleton with Japanese names are at the same lines and columns
/// with CRLF line breaks and a byte-order mark, in UTF-16 and UTF-8.
#[test]
fn ranges_are_the_same_with_crlf_and_a_bom() {
    use rigls_text::PositionEncoding;
    let targets = Targets::of(&[Target::DragonBonesCpp, Target::Godot, Target::CocosCreator2]);
    let text = "{\"name\": \"勇者\", \"version\": \"5.6\", \"frameRate\": 24,\n \"armature\": [{\"name\": \"勇者\",\n   \"bone\": [{\"name\": \"根\"}, {\"name\": \"布\", \"parent\": \"根\", \"type\": \"surface\"}],\n   \"slot\": [{\"name\": \"影\", \"parent\": \"根\", \"blendMode\": \"screen\", \"zIndex\": 1}]}]}\n";
    let lf = support::analyse_for("勇者_ske.json", text, &[], targets);
    for encoding in [PositionEncoding::Utf16, PositionEncoding::Utf8] {
        let expected: Vec<String> =
            support::positions(&lf, encoding).into_iter().filter(|d| d.contains("target-")).collect();
        assert_eq!(expected.len(), 4, "{expected:#?}");
        // A byte-order mark is also an error of its own for these runtimes, at the mark.
        let bom =
            support::positions(&support::analyse_for("勇者_ske.json", &support::bom(text), &[], targets), encoding);
        assert!(bom.contains(&"target-load-failure 0:0-0:1 dragonbones-cpp and godot do not read a file that starts with a byte-order mark (rapidjson refuses it): nothing is loaded; save the file as UTF-8 without a BOM".to_owned()), "{bom:#?}");
        for variant in [support::crlf(text), support::bom(text), support::bom(&support::crlf(text))] {
            let found: Vec<String> =
                support::positions(&support::analyse_for("勇者_ske.json", &variant, &[], targets), encoding)
                    .into_iter()
                    .filter(|d| d.contains("target-") && !d.contains("byte-order mark"))
                    .collect();
            assert_eq!(found, expected);
        }
    }
}

#[test]
fn a_version_that_is_no_string_or_number_is_read_by_no_target() {
    check(
        &[Target::DragonBonesJs, Target::Godot],
        r#"
        {"name": "hero", "version": null, "frameRate": 24,
                                    ^^^^ error[target-unsupported-version]: dragonbones-js and godot do not read data version null and show nothing: write the data version as a string, e.g. `"version": "5.5"`
         "armature": [{"name": "hero", "bone": [{"name": "root"}]}]}
        "#,
    );
}

/// `version` true beside `compatibleVersion` 5.5 (vine-pro's, changed): the C++ harness aborted
/// (`_getString`'s `GetDouble`), the JS one read "true", then 5.5, and loaded it.
#[test]
fn a_version_of_another_type_beside_compatible_version_aborts_the_cpp_runtime() {
    check(
        &[Target::DragonBonesJs, Target::DragonBonesCpp],
        r#"
        {"name": "hero", "version": true, "compatibleVersion": "5.5", "frameRate": 24,
                                    ^^^^ error[target-load-failure]: dragonbones-cpp reads `version` as a string, and true is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write the data version as a string, e.g. `"version": "5.5"`
         "armature": [{"name": "hero", "bone": [{"name": "root"}]}]}
        "#,
    );
}

/// A bone scaled by 1e20 over a two-bone IK chain: DragonBonesCPP squares the chain's lengths in
/// `float`s, which overflow, and placed the child at infinity (the harness printed `inf`); the
/// JS runtime's doubles stay finite. No number is past a float's range, so only the target's
/// own pose shows it. (A C++ `--binary` round found it on robot's binary, a scale key frame
/// made 1e20.)
#[test]
fn a_pose_whose_float_products_overflow_fails_the_float_targets() {
    check(
        &[Target::DragonBonesJs, Target::DragonBonesCpp],
        r#"
        {"version": "5.5", "frameRate": 24, "name": "鎖", "armature": [{"name": "a",
         "bone": [{"name": "根"}, {"name": "上", "parent": "根", "length": 10, "transform": {"scY": 1e20}},
                  {"name": "下", "parent": "上", "length": 10, "transform": {"x": 10, "y": 10}},
                           ^^^ error[target-float-overflow]: dragonbones-cpp computes in 32-bit floats, and bone `下` is not finite at the setup pose: a product or square of this file's large numbers passes ±3.4e38, where DragonBonesJS's 64-bit numbers stay finite; the runtime draws the bone and everything on it nowhere
                  {"name": "的", "parent": "根", "transform": {"x": 5, "y": 15}}],
         "ik": [{"name": "ik", "bone": "下", "target": "的", "chain": 1}]}]}
        "#,
    );
}

/// Booleans written as numbers that are no 32-bit integers: the C++ runtime's `_getBoolean` reads
/// a number with `GetInt`, and the harness aborted on each (`inheritScale` 2^32 came from a
/// mutation round on mecha_2903's binary; an IK constraint's `scale` and a key frame's
/// `bendPositive` are read alike). DragonBonesJS takes any number but 0 for true; 2 and -1
/// passed in both.
#[test]
fn a_boolean_written_as_a_number_that_is_no_int_aborts_the_cpp_runtime() {
    check(
        &[Target::DragonBonesJs, Target::DragonBonesCpp],
        r#"
        {"version": "5.5", "frameRate": 24, "armature": [{"name": "a",
         "bone": [{"name": "r"}, {"name": "b", "parent": "r", "inheritScale": 4294967296, "inheritRotation": 2}, {"name": "t", "parent": "r"}],
                                                                              ^^^^^^^^^^ warning[invalid-value]: `inheritScale` expects `true` or `false`, not `4294967296`
                                                                              ^^^^^^^^^^ error[target-load-failure]: dragonbones-cpp reads a number `inheritScale` as a 32-bit integer (0 false, any other true), and 4294967296 is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write true or false
                                                                                                             ^ warning[invalid-value]: `inheritRotation` expects `true` or `false`, not `2`
         "ik": [{"name": "k", "bone": "b", "target": "t", "scale": 1.5}],
                                                                   ^^^ warning[invalid-value]: `scale` expects `true` or `false`, not `1.5`
                                                                   ^^^ error[target-load-failure]: dragonbones-cpp reads a number `scale` as a 32-bit integer (0 false, any other true), and 1.5 is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write true or false
         "animation": [{"name": "x", "duration": 1, "ik": [{"name": "k", "frame": [{"duration": 1, "bendPositive": 1.0}]}]}]}]}
                                                                                                                   ^^^ error[target-load-failure]: dragonbones-cpp reads a number `bendPositive` as a 32-bit integer (0 false, any other true), and 1.0 is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write true or false
        "#,
    );
}

#[test]
fn rapidjson_reads_the_first_of_duplicate_version_keys() {
    check(
        &[Target::DragonBonesJs, Target::DragonBonesCpp, Target::Godot],
        r#"
        {"name": "hero", "version": "2.3", "version": "5.5", "frameRate": 24,
                                    ^^^^^ error[target-unsupported-version]: dragonbones-cpp and godot do not read data version 2.3 (rapidjson reads the first of duplicate keys) and show nothing: convert it to 5.5 with `rigls upgrade`
                                           ^^^^^^^^^ warning[duplicate-key]: `version` is given twice in this DragonBones data: DragonBonesJS (`JSON.parse`) reads the last value, the C++ runtime (rapidjson) the first
         "armature": [{"name": "hero", "bone": [{"name": "root"}]}]}
        "#,
    );
}

#[test]
fn weight_counts_written_with_a_decimal_point_crash_the_cpp_runtime() {
    check(
        &[Target::DragonBonesCpp, Target::Unity],
        r#"
        {"name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
         "armature": [{"name": "hero", "bone": [{"name": "root"}, {"name": "腕", "parent": "root"}],
           "slot": [{"name": "布", "parent": "root"}],
           "skin": [{"slot": [{"name": "布", "display": [{"name": "布", "type": "mesh", "width": 2, "height": 2,
             "vertices": [0, 0, 1, 0, 0, 1], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2],
             "weights": [1, 0, 1, 2, 0, 0.5, 1.0, 0.5, 1, 1, 1], "slotPose": [1, 0, 0, 1, 0, 0], "bonePose": [0, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0]}]}]}]}]}
                                             ^^^ error[target-load-failure]: dragonbones-cpp reads `1.0` here as an unsigned integer, and a number written with a decimal point or an exponent reads 0 (a debug build aborts): the rest of `weights` is misread and the runtime crashes; write `1`
        "#,
    );
}

/// The C++ runtime reads one vertex's weights per vertex and stops there
/// (`JSONDataParser.cpp:671-708`): a third vertex of no bones leaves the rest unread, `0.5` in
/// a bone index's place among them too (DragonBonesCPP loaded and posed this; found by
/// `mutate.py`, robot's 3 made 0).
#[test]
fn weights_past_the_last_vertex_are_not_read_by_the_cpp_runtime() {
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
         "armature": [{"name": "hero", "bone": [{"name": "root"}],
           "slot": [{"name": "布", "parent": "root"}],
           "skin": [{"slot": [{"name": "布", "display": [{"name": "布", "type": "mesh", "width": 2, "height": 2,
             "vertices": [0, 0, 1, 0, 0, 1], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2],
             "weights": [1, 0, 1, 1, 0, 1, 0, 1, 0.5, 1], "slotPose": [1, 0, 0, 1, 0, 0], "bonePose": [0, 1, 0, 0, 1, 0, 0]}]}]}]}]}
             ^^^^^^^^^ error[count-mismatch]: `weights` has 10 numbers but 3 vertices need only 7 (`[n, bone, weight, …]` per vertex)
        "#,
    );
}

/// A bone count past the end of `weights` (one of 10^20 hung the rule: found by the
/// `analysis_json` fuzz target once it checked for every target) ends the scan at the end.
#[test]
fn a_weight_count_past_the_end_of_the_weights_ends_the_scan() {
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
         "armature": [{"name": "hero", "bone": [{"name": "root"}],
           "slot": [{"name": "布", "parent": "root"}],
           "skin": [{"slot": [{"name": "布", "display": [{"name": "布", "type": "mesh", "width": 2, "height": 2,
             "vertices": [0, 0, 1, 0, 0, 1], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2],
             "weights": [100000000000000000000, 0, 1, 0.5], "slotPose": [1, 0, 0, 1, 0, 0], "bonePose": [0, 1, 0, 0, 1, 0, 0]}]}]}]}]}
             ^^^^^^^^^ error[count-mismatch]: `weights` has 4 numbers and runs out in vertex 1 of 3: each vertex needs `[n, bone, weight, …]` (runtimes throw)
                                                      ^^^ error[index-out-of-range]: bone index 0.5 in `weights` is out of range: the armature has 1 bone (0–0)
                                                      ^^^ error[target-load-failure]: dragonbones-cpp reads `0.5` here as an unsigned integer, and a number written with a decimal point or an exponent reads 0 (a debug build aborts): the rest of `weights` is misread and the runtime crashes; write a whole number
        "#,
    );
}

/// DragonBonesCPP samples every `curve` as if its end points were implicit
/// (`parser/JSONDataParser.cpp:23-62`): one written with them (8 numbers, which DragonBonesJS
/// reads) is read past its end and rapidjson's assertion aborts the runtime (checked with
/// DragonBonesCPP f696143 built with assertions). 4 numbers, or a frame of duration 0 (never
/// sampled), load.
#[test]
fn curves_with_end_points_crash_the_cpp_runtime() {
    check(
        &[Target::DragonBonesCpp, Target::Godot],
        r#"
        {"name": "hero", "version": "5.5", "frameRate": 24,
         "armature": [{"name": "hero", "bone": [{"name": "root"}],
           "animation": [{"name": "歩く", "duration": 4, "bone": [{"name": "root", "translateFrame": [
             {"duration": 2, "curve": [0, 0, 0.5, 0, 0.5, 1, 1, 1], "x": 0},
                             ^^^^^^^ warning[arity]: `curve` gives its end points (8 numbers): DragonBonesJS 5.7 then reads the easing from the key frames before this one (NaN before the file's first) and the C++ runtime past the curve's end; write the 4 numbers between (0, 0) and (1, 1)
                             ^^^^^^^ error[target-load-failure]: dragonbones-cpp and godot read a `curve` as 4 numbers and 6 more per further segment (its end points implicit): these 8 are read past their end, and rapidjson's assertion aborts the runtime; write 4, 10, 16… numbers, without the end points (0, 0) and (1, 1)
             {"duration": 2, "curve": [0.5, 0, 0.5, 1], "x": 10},
             {"duration": 0, "curve": [0, 0, 0.5, 0, 0.5, 1, 1, 1], "x": 20}]}]}]}]}
                             ^^^^^^^ warning[arity]: `curve` gives its end points (8 numbers): DragonBonesJS 5.7 then reads the easing from the key frames before this one (NaN before the file's first) and the C++ runtime past the curve's end; write the 4 numbers between (0, 0) and (1, 1)
        "#,
    );
}

/// `playTimes` and key frame durations are read with rapidjson's `GetUint`
/// (`parser/JSONDataParser.cpp:820, 1069`): a negative one fails its assertion and the runtime
/// aborts (checked with DragonBonesCPP f696143 built with assertions). A 5.6 typed timeline's
/// frames are not read by it.
#[test]
fn negative_play_times_and_frame_durations_crash_the_cpp_runtime() {
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "hero", "version": "5.6", "compatibleVersion": "5.5", "frameRate": 24,
         "armature": [{"name": "hero", "bone": [{"name": "root"}],
           "animation": [{"name": "歩く", "duration": 4, "playTimes": -1,
                                                                    ^^ warning[out-of-range]: `playTimes` is -1 but must be at least 0 (default 1)
                                                                    ^^ error[target-load-failure]: dragonbones-cpp reads `playTimes` as an unsigned integer, and -1 fails rapidjson's assertion: the runtime aborts; write 0 or more
             "bone": [{"name": "root", "translateFrame": [{"duration": -2, "x": 0}, {"duration": 6, "x": 10}]}]},
                                                                       ^^ warning[out-of-range]: `duration` is -2 but must be at least 0 (default 1)
                                                                       ^^ error[target-load-failure]: dragonbones-cpp reads `duration` as an unsigned integer, and -2 fails rapidjson's assertion: the runtime aborts; write 0 or more
            {"name": "跳ぶ", "duration": -3}]}]}
                                       ^^ warning[out-of-range]: `duration` is -3 but must be at least 0 (default 0)
                                       ^^ error[target-load-failure]: dragonbones-cpp reads `duration` as an unsigned integer, and -3 fails rapidjson's assertion: the runtime aborts; write 0 or more
        "#,
    );
}

/// Durations, frame rates, display indices, IK chains and colour transforms are read with
/// rapidjson's `GetInt`/`GetUint`, which assert that the value is an integer: a string or `24.0`
/// aborts the runtime (checked with DragonBonesCPP f696143 built with assertions: "70" and 10.0
/// as an animation's `duration`; 24.0 as `frameRate`, "0" as `displayIndex`, 50.5 as `aM`, "2" as
/// `playTimes`). Float keys written as strings are only ignored.
#[test]
fn integers_past_the_range_the_cpp_runtime_reads_them_in_abort_it() {
    // DragonBonesCPP's debug build stops at rapidjson's assertion on `chain`, `displayIndex`,
    // `duration`, a null `aM` and a display frame's `value` of 1e20 alone, and loads the file with
    // the values at the ends of the ranges (`playTimes`, `aM`, the armature's `frameRate`).
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "勇者", "version": "5.5", "frameRate": 24,
         "armature": [{"name": "勇者", "frameRate": 4294967295, "bone": [{"name": "根"}, {"name": "腕", "parent": "根"}],
           "ik": [{"name": "届く", "bone": "腕", "target": "根", "chain": -1}],
                                                                      ^^ warning[out-of-range]: `chain` is -1 but must be at least 0 (default 0)
                                                                      ^^ error[target-load-failure]: dragonbones-cpp reads `chain` as an unsigned 32-bit integer, and -1 is past its range: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a value from 0 to 4294967295
           "slot": [{"name": "影", "parent": "根", "displayIndex": -2147483649, "color": {"aM": 2147483647, "rM": null}}],
                                                                 ^^^^^^^^^^^ warning[out-of-range]: `displayIndex` is -2147483649 but must be at least -1 (default 0)
                                                                 ^^^^^^^^^^^ error[target-load-failure]: dragonbones-cpp reads `displayIndex` as a 32-bit integer, and -2147483649 is past its range: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a value from -2147483648 to 2147483647
                                                                                              ^^^^^^^^^^ warning[out-of-range]: `aM` is 2147483647 but must be between 0 and 100 (default 100)
                                                                                                                ^^^^ error[target-load-failure]: dragonbones-cpp reads `rM` as an integer, and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a whole number
           "animation": [{"name": "歩く", "duration": 4294967296, "playTimes": 4294967295,
                                                    ^^^^^^^^^^ error[invalid-value]: a duration of more than a million frames: DragonBonesJS builds a table with an entry per frame and runs out of memory loading the file (its frame positions wrap past 32,767 frames already)
                                                    ^^^^^^^^^^ error[target-load-failure]: dragonbones-cpp reads `duration` as an unsigned 32-bit integer, and 4294967296 is past its range: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a value from 0 to 4294967295
             "slot": [{"name": "影", "displayFrame": [{"duration": 1, "value": 1e20}, {"duration": 1, "value": 3000000000}]}]}]}]}
                                                                              ^^^^ warning[invalid-value]: `value` is 1e20, too large for the whole number it must be (the C++ runtime asserts on it)
                                                                              ^^^^ error[target-load-failure]: dragonbones-cpp reads `value` as an integer, and 1e20 is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a whole number
                                                                                                              ^^^^^^^^^^ error[target-load-failure]: dragonbones-cpp reads `value` as a 32-bit integer, and 3000000000 is past its range: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a value from -2147483648 to 2147483647
        "#,
    );
}

/// `triangles`, `bonePose`'s bone indices, `zOrder` frames and actions' `ints` are read element by
/// element with `GetUint`/`GetInt` (DragonBonesCPP f696143 with assertions stopped at `2.0` in
/// `triangles` and at `1.0` or `"1"` in a `zOrder` frame).
#[test]
fn integer_arrays_with_other_numbers_abort_the_cpp_runtime() {
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "勇者", "version": "5.5", "frameRate": 24,
         "armature": [{"name": "勇者", "bone": [{"name": "根"}],
           "slot": [{"name": "影", "parent": "根"}, {"name": "光", "parent": "根"}],
           "skin": [{"slot": [{"name": "影", "display": [{"name": "布", "type": "mesh", "width": 2, "height": 2,
             "vertices": [0, 0, 1, 0, 0, 1], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2.0, 0, 4294967296, 2]}]}]}],
                                                                                            ^^^ error[target-load-failure]: dragonbones-cpp reads `triangles`'s numbers here as unsigned 32-bit integers, and 2.0 is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a whole number from 0 to 4294967295
                                                                                                    ^^^^^^^^^^ warning[index-out-of-range]: triangle index 4294967296 is out of range: the mesh has 3 vertices (0–2)
           "animation": [{"name": "歩く", "duration": 2,
             "frame": [{"duration": 2, "actions": [{"type": 10, "gotoAndPlay": "歩く", "ints": [1, -2147483649]}]}],
                                                                                                 ^^^^^^^^^^^ error[target-load-failure]: dragonbones-cpp reads `ints`'s numbers here as 32-bit integers, and -2147483649 is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a whole number from -2147483648 to 2147483647
             "zOrder": {"frame": [{"duration": 1, "zOrder": [0, 1.0]}, {"duration": 1}]}}]}]}
                                                                ^^^ error[target-load-failure]: dragonbones-cpp reads `zOrder`'s numbers here as 32-bit integers, and 1.0 is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a whole number from -2147483648 to 2147483647
        "#,
    );
}

/// rapidjson's `GetDouble` asserts that each number the C++ runtime reads is one: DragonBonesCPP
/// with assertions aborted on the corpus's skeletons with every mesh's `vertices` or `uvs`, every
/// deform key frame's `vertices` or every `curve` quoted, and posed them as before with a path's
/// `lengths` or a 5.6 typed timeline's `value` quoted (it reads neither).
#[test]
fn quoted_numbers_the_cpp_runtime_reads_abort_it() {
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "勇者", "version": "5.5", "frameRate": 24,
         "armature": [{"name": "勇者", "bone": [{"name": "根"}],
           "slot": [{"name": "影", "parent": "根"}, {"name": "道", "parent": "根"}],
           "skin": [{"slot": [{"name": "影", "display": [{"name": "布", "type": "mesh",
             "vertices": [0, 0, "1.5", 0, 0, 1], "uvs": [0, 0, 1, 0, "0", 1], "triangles": [0, 1, 2]}]},
                                ^^^^^ warning[invalid-value]: `vertices` holds numbers, and this one is written as a string ("1.5"): DragonBonesJS converts it, rapidjson asserts where the C++ runtime reads it
                                ^^^^^ error[target-load-failure]: dragonbones-cpp reads `vertices`'s numbers with rapidjson's `GetDouble`, and "1.5" is a string: its assertion aborts the runtime (a build without assertions reads garbage); write the number without quotes
                                                                     ^^^ warning[invalid-value]: `uvs` holds numbers, and this one is written as a string ("0"): DragonBonesJS converts it, rapidjson asserts where the C++ runtime reads it
                                                                     ^^^ error[target-load-failure]: dragonbones-cpp reads `uvs`'s numbers with rapidjson's `GetDouble`, and "0" is a string: its assertion aborts the runtime (a build without assertions reads garbage); write the number without quotes
             {"name": "道", "display": [{"name": "線", "type": "path", "vertices": [0, 0, 1, 1, 2, 2, 3, 3], "lengths": ["4"]}]}]}],
                                                     ^^^^^^^^^^^^^^ warning[target-drops]: path display: dragonbones-cpp — the path is read as an image display
                                                                                                                       ^^^ warning[invalid-value]: `lengths` holds numbers, and this one is written as a string ("4"): DragonBonesJS converts it, rapidjson asserts where the C++ runtime reads it
           "animation": [{"name": "歩く", "duration": 2,
             "bone": [{"name": "根", "translateFrame": [{"duration": 2, "curve": [0.5, 0, "0.5", 1], "x": 5}, {"duration": 0}]}],
                                                                                         ^^^^^ warning[invalid-value]: `curve` holds numbers, and this one is written as a string ("0.5"): DragonBonesJS converts it, rapidjson asserts where the C++ runtime reads it
                                                                                         ^^^^^ error[target-load-failure]: dragonbones-cpp reads `curve`'s numbers with rapidjson's `GetDouble`, and "0.5" is a string: its assertion aborts the runtime (a build without assertions reads garbage); write the number without quotes
             "ffd": [{"name": "布", "slot": "影", "frame": [{"duration": 2, "vertices": ["-2"]}, {"duration": 0}]}]}]}]}
                                                                                       ^^^^ warning[invalid-value]: `vertices` holds numbers, and this one is written as a string ("-2"): DragonBonesJS converts it, rapidjson asserts where the C++ runtime reads it
                                                                                       ^^^^ error[target-load-failure]: dragonbones-cpp reads `vertices`'s numbers with rapidjson's `GetDouble`, and "-2" is a string: its assertion aborts the runtime (a build without assertions reads garbage); write the number without quotes
        "#,
    );
}

/// A timeline's only key frame lasts the animation: the C++ runtime never reads its `duration`
/// (DragonBonesCPP loaded this file; with a second translate key frame it aborted on "2").
#[test]
fn the_duration_of_a_timelines_only_key_frame_is_not_read() {
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "勇者", "version": "5.5", "frameRate": 24,
         "armature": [{"name": "勇者", "bone": [{"name": "根"}], "slot": [{"name": "影", "parent": "根"}],
           "animation": [{"name": "歩く", "duration": 4,
             "bone": [{"name": "根", "translateFrame": [{"duration": "2", "x": 1}], "rotateFrame": [{"duration": -3}]}],
                                                                    ^^^ warning[invalid-value]: `duration` is a number written as a string ("2"): DragonBonesJS converts it, the C++ runtime asserts
                                                                                                                ^^ warning[out-of-range]: `duration` is -3 but must be at least 0 (default 1)
             "slot": [{"name": "影", "displayFrame": [{"duration": 4.5, "value": 0}]}]}]}]}
                                                                  ^^^ warning[invalid-value]: `duration` must be a whole number, not 4.5 (the C++ runtime asserts on fractions)
        "#,
    );
}

/// A weighted 4.5 mesh whose `bonePose` gives bone 1 a matrix of scale 0: DragonBonesCPP divides
/// by its determinant, 0, and printed `-nan` for the two vertices weighted to that bone
/// (`[0,0.100000001,10,0.100000001,-nan,-nan,-nan,-nan]`); DragonBonesJS drew them finite. Bone
/// 2's matrix is all zeros, but no vertex is weighted to it: not reported; nor is a second,
/// all-zero bind pose of bone 0, which the runtime never reads (`indexOf` finds the first).
#[test]
fn a_singular_bone_pose_matrix_makes_the_cpp_runtimes_draw_nan() {
    // Unity's C# port inverts with DragonBonesJS's cases: not named.
    check(
        &[Target::DragonBonesCpp, Target::Godot, Target::Unity, Target::DragonBonesJs],
        r#"
        {"name": "姿勢", "version": "4.5", "frameRate": 24,
         "armature": [{"name": "姿勢", "type": "Armature", "bone": [{"name": "根"}, {"name": "腕", "parent": "根", "transform": {"x": 10}}, {"name": "脚", "parent": "根"}],
           "slot": [{"name": "帯", "parent": "根", "z": 0}],
           "skin": [{"name": "", "slot": [{"name": "帯", "display": [{"type": "mesh", "name": "帯",
             "vertices": [0, 0.1, 10, 0.1, 5, 0.1, 5, 20.3], "uvs": [0, 0, 1, 0, 0.5, 0, 0.5, 1], "triangles": [0, 1, 3, 1, 2, 3],
             "weights": [1, 0, 1, 1, 0, 1, 2, 0, 0.5, 1, 0.5, 1, 1, 1],
             "slotPose": [1, 0, 0, 1, 0, 0], "bonePose": [0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 10, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}]}]}]}]}
                                                                                  ^^^^^^^^^^ error[target-float-overflow]: dragonbones-cpp and godot invert this `bonePose` matrix of bone 1 in 32-bit floats, and its determinant is 0: the inverse is infinite or NaN, and every vertex of the mesh weighted to that bone is NaN and drawn nowhere (DragonBonesJS inverts it to the identity); write the bone's matrix as the mesh was bound to it, with a scale other than 0
                                                                                  ^^^^^^^^^^ warning[singular-bone-pose]: the `bonePose` matrix of bone 1 has no inverse (a scale of 0), and the runtime inverts it to move the vertices weighted to that bone into its space: DragonBonesJS takes a scale of 0 instead and draws them away from where the mesh was bound, DragonBonesCPP draws them nowhere; write the bone's matrix as the mesh was bound to it
        "#,
    );
}

#[test]
fn numbers_past_the_range_of_a_float_read_infinite_in_the_cpp_runtimes() {
    // A mesh's `width`, `edges` and `userEdges` are never read (a bounding box's `height` is).
    check(
        &[Target::DragonBonesCpp, Target::Godot, Target::Unity, Target::DragonBonesJs],
        r#"
        {"name": "勇者", "version": "5.5", "frameRate": 24,
         "armature": [{"name": "勇者", "bone": [{"name": "根", "transform": {"x": 1e39, "y": 3.4028235e38, "scX": -5E+38}}],
                                                                               ^^^^ error[target-float-overflow]: dragonbones-cpp, godot and unity read `x` as a 32-bit float, and 1e39 is past its range (±3.4e38): it reads infinity, and what the value moves is drawn nowhere; write a value within ±3.4e38
                                                                                                               ^^^^^^ error[target-float-overflow]: dragonbones-cpp, godot and unity read `scX` as a 32-bit float, and -5E+38 is past its range (±3.4e38): it reads infinity, and what the value moves is drawn nowhere; write a value within ±3.4e38
           "slot": [{"name": "影", "parent": "根"}],
                             ^^^ error[non-finite-pose]: the mesh of slot `影` has vertices that are not finite numbers at the setup pose: the runtime cannot draw it
           "skin": [{"slot": [{"name": "影", "display": [{"name": "布", "type": "mesh", "width": 1e39, "height": 2,
             "vertices": [0, 0, 4e38, 0, 0, 1], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2], "edges": [0, 1e39], "userEdges": [1e39]},
                                ^^^^ error[target-float-overflow]: dragonbones-cpp, godot and unity read `vertices`'s element as a 32-bit float, and 4e38 is past its range (±3.4e38): it reads infinity, and what the value moves is drawn nowhere; write a value within ±3.4e38
                                                                                                                ^^^^ warning[invalid-value]: `edges` holds whole numbers, not 1e39
                                                                                                                                     ^^^^ warning[invalid-value]: `userEdges` holds whole numbers, not 1e39
             {"name": "箱", "type": "boundingBox", "subType": "rectangle", "width": 1, "height": 1e39}]}]}],
                                                                                                ^^^^ error[target-float-overflow]: dragonbones-cpp, godot and unity read `height` as a 32-bit float, and 1e39 is past its range (±3.4e38): it reads infinity, and the bounding box's hit tests answer wrong; write a value within ±3.4e38
           "animation": [{"name": "歩く", "duration": 1, "bone": [{"name": "根", "rotateFrame": [{"duration": 1, "curve": [0, 1e39, 1, 1], "rotate": 44444444444444444444444444444444444444444}]}]}],
                                                                                                                           ^^^^ warning[out-of-range]: curve y 1000000000000000000000000000000000000000 is beyond ±3.2767: runtimes store it in 16 bits and it wraps
                                                                                                                                                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ error[target-float-overflow]: dragonbones-cpp, godot and unity read `rotate` as a 32-bit float, and 4.444444444444444e40 is past its range (±3.4e38): it reads infinity, and what the value moves is drawn nowhere; write a value within ±3.4e38
           "aabb": {"x": 1e39, "y": 0, "width": 1, "height": 1}, "userData": {"big": 1e39}}]}
        "#,
    );
    // A bone's `length` matters to an IK constraint ending at it (the runtime printed NaN
    // matrices for 上 and 腕), and to nothing else (脚 is posed as set up); an easing of 1e39 is
    // stored in 16 bits as 0 (the runtime posed such a key frame finite).
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "長", "version": "5.5", "frameRate": 24,
         "armature": [{"name": "a", "bone": [{"name": "根"}, {"name": "目", "parent": "根", "transform": {"x": 50}},
           {"name": "上", "parent": "根", "length": 40}, {"name": "腕", "parent": "上", "length": 1e39, "transform": {"x": 40}},
                                                                                              ^^^^ error[target-float-overflow]: dragonbones-cpp reads `length` as a 32-bit float, and 1e39 is past its range (±3.4e38): it reads infinity, and what the value moves is drawn nowhere; write a value within ±3.4e38
           {"name": "脚", "parent": "根", "length": 1e39}],
           "ik": [{"name": "届く", "bone": "腕", "target": "目", "chain": 1}],
           "animation": [{"name": "揺れ", "duration": 2, "bone": [{"name": "脚", "translateFrame": [{"duration": 2, "tweenEasing": 1e39, "x": 0}, {"duration": 0, "x": 5}]}]}]}]}
                                                                                                                                ^^^^ warning[out-of-range]: `tweenEasing` is 1000000000000000000000000000000000000000 but must be between -1 and 2
        "#,
    );
}

#[test]
fn integers_written_as_strings_or_with_a_fraction_crash_the_cpp_runtime() {
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "hero", "version": "5.5", "frameRate": 24.0,
                                                        ^^^^ error[target-load-failure]: dragonbones-cpp reads `frameRate` as an integer, and 24.0 is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write `24`
         "armature": [{"name": "hero", "bone": [{"name": "root", "transform": {"x": "3"}}],
                                                                                    ^^^ warning[invalid-value]: `x` is a number written as a string ("3"): DragonBonesJS converts it, the C++ runtime ignores it and reads the default
           "slot": [{"name": "s", "parent": "root", "displayIndex": "0", "color": {"aM": 50.5}}],
                                                                    ^^^ warning[invalid-value]: `displayIndex` is a number written as a string ("0"): DragonBonesJS converts it, the C++ runtime asserts
                                                                    ^^^ error[target-load-failure]: dragonbones-cpp reads `displayIndex` as an integer, and "0" is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write `0`, without the quotes
                                                                                         ^^^^ error[target-load-failure]: dragonbones-cpp reads `aM` as an integer, and 50.5 is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a whole number
           "animation": [{"name": "歩く", "duration": 1e1, "playTimes": "2",
                                                    ^^^ error[target-load-failure]: dragonbones-cpp reads `duration` as an integer, and 1e1 is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write `10`
                                                                      ^^^ warning[invalid-value]: `playTimes` is a number written as a string ("2"): DragonBonesJS converts it, the C++ runtime asserts
                                                                      ^^^ error[target-load-failure]: dragonbones-cpp reads `playTimes` as an integer, and "2" is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write `2`, without the quotes
             "bone": [{"name": "root", "translateFrame": [{"duration": "10", "x": 0}, {"duration": 0, "x": 5}]}]}]}]}
                                                                       ^^^^ warning[invalid-value]: `duration` is a number written as a string ("10"): DragonBonesJS converts it, the C++ runtime asserts
                                                                       ^^^^ error[target-load-failure]: dragonbones-cpp reads `duration` as an integer, and "10" is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write `10`, without the quotes
        "#,
    );
}

/// The `color` of a canvas and of a bounding box is read with `GetInt` (`JSONDataParser.cpp:176,
/// 746`), which asserts on a string or a number past `int` (found by `mutate.py`: a canvas colour
/// of "3"); a slot's `color` is an object of integers.
#[test]
fn canvas_and_bounding_box_colours_are_integers_to_the_cpp_runtime() {
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "hero", "version": "5.5", "frameRate": 24,
         "armature": [{"name": "hero", "canvas": {"x": 0, "y": 0, "width": 10, "height": 10, "color": "3"},
                                                                                                      ^^^ warning[invalid-value]: `color` is a number written as a string ("3"): DragonBonesJS converts it, the C++ runtime asserts
                                                                                                      ^^^ error[target-load-failure]: dragonbones-cpp reads `color` as an integer, and "3" is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write `3`, without the quotes
           "bone": [{"name": "root"}], "slot": [{"name": "s", "parent": "root", "color": {"aM": 50}}],
           "skin": [{"slot": [{"name": "s", "display": [{"name": "b", "type": "boundingBox", "subType": "rectangle", "width": 4, "height": 4, "color": 4294967295}]}]}]}]}
                                                                                                                                                       ^^^^^^^^^^ error[target-load-failure]: dragonbones-cpp reads `color` as a 32-bit integer, and 4294967295 is past its range: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a value from -2147483648 to 2147483647
        "#,
    );
}

#[test]
fn a_skeleton_without_armatures_builds_nothing() {
    check(
        &[Target::Flutter],
        r#"
        {"name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24, "armature": []}
                                                                                        ^^^^^^^^^^^^^^ error[target-load-failure]: flutter finds no armature to build from this skeleton (no armature object in `armature`): nothing is shown
                                                                                                    ^^ error[invalid-value]: `armature` holds no armature: runtimes build nothing from the file
        "#,
    );
}

/// Real exports under every DragonBones target in turn: no target error on a file that runtime
/// reads and plays. Of the corpus, only the 2.3 and 3.0 skeletons are rejected (by every target;
/// Unity accepts and misreads them), each with one `target-unsupported-version`; warnings are
/// what the runtimes drop. Skipped, with a note, when the corpus is not beside the repository.
#[test]
fn real_exports_have_no_target_error_where_the_runtime_plays_them() {
    use rigls_diagnostic::env::RealFs;
    use rigls_diagnostic::{FileFormat, Severity};
    use rigls_ide::{Analysis, AnalysisOptions};
    let Some(files) = crate::dragonbones_corpus::corpus() else {
        eprintln!("SKIPPED: ../shared/corpus/dragonbones is absent");
        return;
    };
    let mut checked = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("corpus files are UTF-8");
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let legacy = name.starts_with("01_") || name.starts_with("03_");
        for target in Target::of_format(FileFormat::DragonBones) {
            let options = AnalysisOptions { targets: Targets::of(&[target]), ..AnalysisOptions::default() };
            let analysis = Analysis::with_options(Some(path), text.clone(), &RealFs, options);
            let errors: Vec<&str> = analysis
                .diagnostics
                .iter()
                .filter(|d| d.code.as_str().starts_with("target-") && d.severity == Severity::Error)
                .map(|d| d.code.as_str())
                .collect();
            let expected: &[&str] = if legacy { &["target-unsupported-version"] } else { &[] };
            assert_eq!(errors, expected, "{name} under {target}");
            checked += 1;
        }
    }
    assert!(checked >= 8 * 20, "{checked} checks");
    // The corpus's `.elem` model crashes Danmakufu's loader (a per-vertex `Diffuse` cuts its first
    // Mesh short): errors under danmakufu-ph3.
    let robot = files[0].parent().and_then(|d| d.parent()).map(|c| c.join("elem/robot.elem"));
    if let Some(text) = robot.as_ref().and_then(|r| std::fs::read_to_string(r).ok()) {
        let targeted = support::analyse_for("robot.elem", &text, &[], Targets::of(&[Target::DanmakufuPh3]));
        let errors = targeted.diagnostics.iter().filter(|d| d.code.as_str() == "target-load-failure").count();
        assert_eq!(errors, 2, "{:#?}", targeted.diagnostics);
    }
}

/// `rigls pose --target dragonbones-cpp` poses the C++ runtime's reading: a surface bone is a
/// plain bone (its `type` ignored), so the bone hanging on it is placed by its own transform, as
/// in the same skeleton without the surface; DragonBonesJS deforms it through the surface.
#[test]
fn the_cpp_runtime_poses_a_surface_bone_as_a_plain_bone() {
    use rigls_ide::pose::{Pose, PoseRequest, pose};
    let surface = r#"{"name": "勇者", "version": "5.6", "compatibleVersion": "5.5", "frameRate": 24,
 "armature": [{"name": "勇者", "type": "Armature",
   "bone": [{"name": "root"}, {"name": "布", "parent": "root", "type": "surface", "segmentX": 1, "segmentY": 1, "vertices": [0, 0, 20, 0, 0, 40, 20, 40]},
            {"name": "手", "parent": "布", "transform": {"x": 10, "y": 5}}]}]}"#;
    let plain = surface
        .replace(r#", "type": "surface", "segmentX": 1, "segmentY": 1, "vertices": [0, 0, 20, 0, 0, 40, 20, 40]"#, "");
    let hand = |text: &str, target: Option<Target>| {
        let analysis = support::analyse("勇者_ske.json", text, &[]);
        let request = PoseRequest { armature: None, animation: None, time: 0.0, target };
        match pose(&analysis, &request).expect("a pose") {
            Pose::DragonBones(p) => p.bones.iter().find(|b| b.name == "手").expect("手").matrix,
            other => panic!("{other:?}"),
        }
    };
    let cpp = hand(surface, Some(Target::DragonBonesCpp));
    assert_eq!(cpp, hand(&plain, None));
    assert_eq!(cpp, [1.0, 0.0, 0.0, 1.0, 10.0, 5.0]);
    assert_ne!(hand(surface, None), cpp, "DragonBonesJS places it through the surface");
    // `rigls render --target` and the scenes draw the same reading.
    let drawn = |target: Option<Target>| {
        let analysis = support::analyse("勇者_ske.json", surface, &[]);
        let request = rigls_ide::scene::SceneRequest { armature: None, animation: None, time: 0.0, target };
        let scene = rigls_ide::scene::scenes_at(&analysis, &request, &[0.0]).expect("a scene").remove(0);
        match scene.content {
            rigls_ide::scene::SceneContent::Flat(s) => s.bones.iter().find(|b| b.name == "手").expect("手").matrix,
            _ => panic!("a 2D scene"),
        }
    };
    assert_eq!(drawn(Some(Target::DragonBonesCpp))[4..], cpp[4..]);
    assert_ne!(drawn(None)[4..], cpp[4..]);
}

/// The hover on a blend mode a named target does not draw says so, after what it says without
/// targets.
#[test]
fn the_hover_on_a_dropped_blend_mode_says_so() {
    let fixture = r#"{"name": "勇者", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
 "armature": [{"name": "勇者", "bone": [{"name": "root"}], "slot": [{"name": "影", "parent": "root", "blend$0Mode": "screen"}]}]}"#;
    let (text, offset) = support::cursor(fixture);
    let targeted = support::analyse_for("勇者_ske.json", &text, &[], Targets::of(&[Target::Godot]));
    let hover = rigls_ide::hover(&targeted, offset).expect("a hover");
    let plain = rigls_ide::hover(&support::analyse("勇者_ske.json", &text, &[]), offset).expect("a hover");
    assert_eq!(
        hover.markdown,
        format!(
            "{}\n\n---\n\n**Target:** blend mode `screen`: godot — drawn as Mix (normal), with an \"Unsupported DragonBones BlendMode\" error in Godot 4",
            plain.markdown
        )
    );
    assert!(!plain.markdown.contains("godot"), "{}", plain.markdown);
}

/// A polygon bounding box without `vertices` aborts the C++ runtime built with assertions (its
/// `_parsePolygonBoundingBox` asserts them; found by mutating fixtures through DragonBonesCPP
/// f696143); the JavaScript runtimes warn and use an empty polygon. A rectangle needs none. An odd
/// count is read two at a time, past the array: rapidjson's assertion aborts the runtime (found by
/// `tests/runtimes/mutate.py`, the corpus's `ground` skeleton with an element deleted).
#[test]
fn a_polygon_without_vertices_crashes_the_cpp_runtime() {
    check(
        &[Target::DragonBonesJs, Target::DragonBonesCpp, Target::Godot],
        r#"
        {"name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
         "armature": [{"name": "hero", "bone": [{"name": "root"}], "slot": [{"name": "s", "parent": "root"}, {"name": "r", "parent": "root"}, {"name": "o", "parent": "root"}],
           "skin": [{"slot": [{"name": "s", "display": [{"name": "hit", "type": "boundingBox", "subType": "polygon"}]},
                                                         ^^^^^^^^^^^^^ warning[missing-key]: polygon bounding box `hit` has no `vertices`: runtimes warn `Data error` and use an empty polygon
                                                                                                          ^^^^^^^^^ error[target-load-failure]: dragonbones-cpp and godot require a polygon bounding box's `vertices`: without them its parser's assertion aborts the runtime; give the polygon its x, y pairs, or make it a rectangle
                              {"name": "r", "display": [{"name": "box", "type": "boundingBox", "subType": "rectangle"}]},
                              {"name": "o", "display": [{"name": "odd", "type": "boundingBox", "subType": "polygon", "vertices": [0, 0, 10, 0, 10]}]}]}]}]}
                                                                                                                     ^^^^^^^^^^ warning[arity]: `vertices` has 5 numbers: a polygon needs x, y pairs for at least 3 points
                                                                                                                                 ^^^^^^^^^^^^^^^^^ error[target-load-failure]: dragonbones-cpp and godot read a polygon's `vertices` two at a time: with 5 numbers it reads past the array (a build with assertions aborts) and writes past its own copy
        "#,
    );
}

/// The C++ targets' walk of every object (rapidjson's integer keys) on arrays nested 200,000
/// deep: it recursed, and overflowed the stack. What `userData` holds is not DragonBones data:
/// a `playTimes` written as a string there is the user's (it was reported).
#[test]
fn the_rapidjson_walk_of_deeply_nested_arrays() {
    let depth = 200_000;
    let text = format!(
        r#"{{"name":"深","version":"5.5","armature":[{{"name":"深","bone":[{{"name":"root"}}],"userData":{}{{"playTimes":"2"}}{}}}]}}"#,
        "[".repeat(depth),
        "]".repeat(depth)
    );
    let analysis = support::analyse_for("深_ske.json", &text, &[], Targets::of(&[Target::DragonBonesCpp]));
    assert_eq!(support::positions(&analysis, rigls_text::PositionEncoding::Utf16), Vec::<String>::new());
    // The same key outside `userData` is the runtime's.
    let read = text.replacen(
        r#""bone":[{"name":"root"}]"#,
        r#""bone":[{"name":"root"}],"animation":[{"name":"a","playTimes":"2"}]"#,
        1,
    );
    let analysis = support::analyse_for("深_ske.json", &read, &[], Targets::of(&[Target::DragonBonesCpp]));
    let found = support::positions(&analysis, rigls_text::PositionEncoding::Utf16);
    assert_eq!(
        found,
        [
            "invalid-value 0:114-0:117 `playTimes` is a number written as a string (\"2\"): DragonBonesJS converts it, the C++ runtime asserts",
            "target-load-failure 0:114-0:117 dragonbones-cpp reads `playTimes` as an integer, and \"2\" is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write `2`, without the quotes",
        ]
    );
}

/// A deform key frame's `offset` is read with `GetUint` (`_parseSlotFFDFrame`,
/// `parser/JSONDataParser.cpp:1560`): -1, 4294967296 and "3" abort DragonBonesCPP built with
/// assertions (it printed `Assertion 'data_.f.flags & kUintFlag' failed`), 2147483648 does not;
/// DragonBonesJS reads each as a number. A timeline's own `offset` is a float.
#[test]
fn a_deform_key_frames_offset_is_an_unsigned_integer_to_the_cpp_runtime() {
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "布", "version": "5.5", "frameRate": 24,
         "armature": [{"name": "a", "bone": [{"name": "根"}], "slot": [{"name": "布", "parent": "根"}],
           "skin": [{"slot": [{"name": "布", "display": [{"type": "mesh", "name": "布", "vertices": [0, 0, 10, 0, 0, 10], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2]}]}]}],
           "animation": [{"name": "揺", "duration": 4, "ffd": [{"name": "布", "slot": "布", "offset": 0.5, "frame": [
             {"duration": 1, "offset": -1, "vertices": [1]},
                                       ^^ warning[out-of-range]: `offset` is -1 but must be at least 0 (default 0)
                                       ^^ error[target-load-failure]: dragonbones-cpp reads `offset` as an unsigned 32-bit integer, and -1 is past its range: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a value from 0 to 4294967295
             {"duration": 1, "offset": 4294967296, "vertices": [1]},
                                       ^^^^^^^^^^ error[target-load-failure]: dragonbones-cpp reads `offset` as an unsigned 32-bit integer, and 4294967296 is past its range: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a value from 0 to 4294967295
                                                   ^^^^^^^^^^ warning[index-out-of-range]: `offset` 4294967296 plus 1 delta reaches past the 6 vertex numbers of mesh `布`: runtimes ignore the rest
             {"duration": 1, "offset": "3", "vertices": [1]},
                                       ^^^ warning[invalid-value]: `offset` is a number written as a string ("3"): DragonBonesJS converts it, the C++ runtime asserts
                                       ^^^ error[target-load-failure]: dragonbones-cpp reads `offset` as an integer, and "3" is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write `3`, without the quotes
             {"duration": 1, "offset": 2147483648}]}]}]}]}
        "#,
    );
}

/// rapidjson asserts on `null` where DragonBonesCPP reads a string (`_getString` takes a number's
/// text, `GetDouble` asserts on anything else), an enumeration (a name, else `GetInt`), or a
/// list or object DragonBonesJS passes over when null (a timeline's key frames, a slot key
/// frame's colour, a deform key frame's vertices). The harness printed `Assertion 'IsNumber()'
/// failed` or `IsArray()`/`IsObject()` for each marked; DragonBonesJS posed the file.
#[test]
fn null_where_the_cpp_runtime_reads_a_string_or_a_timeline_aborts_it() {
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": null, "version": null, "compatibleVersion": "5.5", "frameRate": 24,
                 ^^^^ error[target-load-failure]: dragonbones-cpp reads `name` as a string, and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); remove the key
                                  ^^^^ error[target-load-failure]: dragonbones-cpp reads `version` as a string, and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); remove the key
         "armature": [{"name": "a", "type": null, "bone": [{"name": "根"}], "slot": [{"name": "布", "parent": "根", "blendMode": null}],
                                            ^^^^ error[target-load-failure]: dragonbones-cpp reads `type` as a name or a number, and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); remove the key
                                                                                                                              ^^^^ error[target-load-failure]: dragonbones-cpp reads `blendMode` as a name or a number, and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); remove the key
           "skin": [{"name": null, "slot": [{"name": "布", "display": [{"type": "mesh", "name": "布", "path": null, "vertices": [0, 0, 10, 0, 0, 10], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2]}]}]}],
                             ^^^^ error[target-load-failure]: dragonbones-cpp reads `name` as a string, and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); remove the key
                                                                                                            ^^^^ error[target-load-failure]: dragonbones-cpp reads `path` as a string, and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); remove the key
           "animation": [{"name": "揺", "duration": 2,
             "bone": [{"name": "根", "translateFrame": null, "rotateFrame": [{"duration": 2, "tweenEasing": null}]}],
                                                      ^^^^ error[target-load-failure]: dragonbones-cpp reads `translateFrame` as a list, and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); remove the key
             "slot": [{"name": "布", "colorFrame": [{"duration": 2, "value": null}], "displayFrame": null}],
                                                                            ^^^^ error[target-load-failure]: dragonbones-cpp reads `value` as an object, and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); remove the key
                                                                                                    ^^^^ error[target-load-failure]: dragonbones-cpp reads `displayFrame` as a list, and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); remove the key
             "ffd": [{"name": "布", "slot": "布", "frame": [{"duration": 2, "vertices": null}]}]},
                                                                                      ^^^^ error[target-load-failure]: dragonbones-cpp reads `vertices` as a list, and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); remove the key
            {"name": "並", "duration": 1, "zOrder": null}, {"name": "順", "duration": 1, "zOrder": {"frame": null}}]}]}
                                                   ^^^^ error[target-load-failure]: dragonbones-cpp reads `zOrder` as an object, and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); remove the key
                                                                                                           ^^^^ error[target-load-failure]: dragonbones-cpp reads `frame` as a list, and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); remove the key
        "#,
    );
    // An IK timeline's key frames too (DragonBonesJS's `_parseTimeline` returns on null).
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"version": "5.5", "frameRate": 24, "name": "k", "armature": [{"name": "a",
          "bone": [{"name": "r"}, {"name": "u", "parent": "r", "length": 10}, {"name": "f", "parent": "u", "length": 10, "transform": {"x": 10}}, {"name": "t", "parent": "r", "transform": {"x": 15, "y": 5}}],
          "ik": [{"name": "k", "bone": "f", "target": "t", "chain": 1}],
          "animation": [{"name": "m", "duration": 2, "ik": [{"name": "k", "frame": null}]}]}]}
                                                                                   ^^^^ error[target-load-failure]: dragonbones-cpp reads `frame` as a list, and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); remove the key
        "#,
    );
}

/// DragonBonesCPP reads an atlas's `width` and `height` with `GetUint`, its `name`, `imagePath`,
/// `format` and a texture's `name` as strings (a number's text; `GetDouble` asserts on anything
/// else) and a number `rotated` with `GetInt` (`JSONDataParser.cpp:1961-1998`). The harness
/// aborted on each `target-load-failure`; DragonBonesJS read the atlas, and both read
/// `imagePath` 3 as "3".
#[test]
fn an_atlas_the_cpp_runtime_aborts_on() {
    support::check_diagnostics_for(
        "hero_tex.json",
        r#"
        {"name": null, "imagePath": 3, "format": [], "width": 1024.0, "height": 4294967296,
                 ^^^^ error[target-load-failure]: dragonbones-cpp reads `name` as a string, and null is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); remove the key
                                    ^ error[invalid-value]: `imagePath` expects a string, not a number (e.g. `"Dragon_tex.png"`)
                                                 ^^ warning[invalid-value]: `format` expects a string, not an array (e.g. `"RGBA8888"`)
                                                 ^^ error[target-load-failure]: dragonbones-cpp reads `format` as a string, and a list is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a string
                                                              ^^^^^^ error[target-load-failure]: dragonbones-cpp reads the atlas's `width` as an unsigned integer, and 1024.0 is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write `1024`
                                                                                ^^^^^^^^^^ error[target-load-failure]: dragonbones-cpp reads the atlas's `height` as an unsigned integer, and 4294967296 is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a whole number from 0 to 4294967295
         "SubTexture": [{"name": "頭", "x": 0, "y": 0, "width": 10, "height": 10, "rotated": 1.5},
                                                                                            ^^^ warning[invalid-value]: `rotated` expects `true` or `false`, not `1.5`
                                                                                            ^^^ error[target-load-failure]: dragonbones-cpp reads a number `rotated` as a 32-bit integer, and 1.5 is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write true or false
           {"name": "腕", "x": 0, "y": 0, "width": 10, "height": 10, "rotated": 1},
           {"name": {}, "x": 0, "y": 0, "width": 10, "height": 10, "rotated": true}]}
                    ^^ error[invalid-value]: `name` expects a string, not an object (e.g. `"parts/head"`)
                    ^^ error[target-load-failure]: dragonbones-cpp reads a texture's `name` as a string, and an object is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a string
        "#,
        &[],
        Targets::of(&[Target::DragonBonesCpp]),
    );
}

#[test]
fn atlas_ranges_are_the_same_with_crlf_and_a_bom() {
    use rigls_text::PositionEncoding;
    let targets = Targets::of(&[Target::DragonBonesCpp]);
    let text = "{\"name\": \"勇者\", \"width\": -1,\n \"SubTexture\": [{\"name\": \"頭\", \"rotated\": 1.5}]}\n";
    let of = |text: &str| -> Vec<String> {
        let analysis = support::analyse_for("勇者_tex.json", text, &[], targets);
        let found = support::positions(&analysis, PositionEncoding::Utf16).into_iter();
        found
            .filter(|d| d.starts_with("target-"))
            .map(|d| d.split(" dragonbones-cpp").next().unwrap().to_owned())
            .collect()
    };
    let expected = ["target-load-failure 0:24-0:26", "target-load-failure 1:41-1:44"];
    assert_eq!(of(text), expected);
    assert_eq!(of(&support::crlf(text)), expected);
    // The mark is an error of its own: the C++ runtime reads nothing of the file.
    let marked = ["target-load-failure 0:0-0:1", "target-load-failure 0:24-0:26", "target-load-failure 1:41-1:44"];
    assert_eq!(of(&support::bom(&support::crlf(text))), marked);
}

/// DragonBonesCPP builds the displays of an armature's first skin for its slots, and a child
/// armature with `buildArmature`, which asserts that the file defines it. The harness aborted on
/// `剣`, on the nameless display and on `弓` (each alone: rapidjson reads the first `type`); the
/// second skin's `盾`, `槍` (an image to rapidjson) and the display of the slot the armature lacks
/// are not built. DragonBonesJS warned and posed the file.
#[test]
fn a_child_armature_the_file_does_not_define_aborts_the_cpp_runtime() {
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "d", "version": "5.5", "frameRate": 24, "armature": [
          {"name": "勇者", "bone": [{"name": "根"}], "slot": [{"name": "手", "parent": "根"}, {"name": "背", "parent": "根"}, {"name": "足", "parent": "根"}],
           "skin": [{"name": "first", "slot": [
             {"name": "手", "display": [{"type": "image", "name": "img"}, {"type": "armature", "name": "剣"}, {"type": "armature", "path": "馬"}]},
                                                                                                      ^^^ warning[unknown-armature]: unknown armature `剣`: this file defines no armature of this name (the display stays empty: runtimes look in other loaded files only when the factory and that file's data have `autoSearch` on, and a debug build of the C++ runtime aborts when the display is in its armature's first skin)
                                                                                                      ^^^ error[target-load-failure]: dragonbones-cpp builds this child armature with `buildArmature`, which asserts that this file defines armature `剣`: a debug build aborts while building armature `勇者` (a release build shows nothing; another loaded file is searched only with `autoSearch` on); name an armature of this file
             {"name": "背", "display": [{"type": "armature"}]},
                                        ^^^^^^^^^^^^^^^^^^ warning[unknown-armature]: armature display without `path` or `name`: it names no armature, so the display stays empty (a debug build of the C++ runtime aborts)
                                        ^^^^^^^^^^^^^^^^^^ error[target-load-failure]: dragonbones-cpp builds this child armature with `buildArmature`, which asserts that this file defines armature "": a debug build aborts while building armature `勇者` (a release build shows nothing; another loaded file is searched only with `autoSearch` on); name an armature of this file
             {"name": "足", "display": [{"type": "image", "type": "armature", "name": "槍"}, {"type": "armature", "type": "image", "name": "弓"}]},
                                                         ^^^^^^ warning[duplicate-key]: `type` is given twice in this display: DragonBonesJS (`JSON.parse`) reads the last value, the C++ runtime (rapidjson) the first
                                                                                     ^^^ warning[unknown-armature]: unknown armature `槍`: this file defines no armature of this name (the display stays empty: runtimes look in other loaded files only when the factory and that file's data have `autoSearch` on, and a debug build of the C++ runtime aborts when the display is in its armature's first skin)
                                                                                                                ^^^^^^ warning[duplicate-key]: `type` is given twice in this display: DragonBonesJS (`JSON.parse`) reads the last value, the C++ runtime (rapidjson) the first
                                                                                                                                         ^^^ error[target-load-failure]: dragonbones-cpp builds this child armature with `buildArmature`, which asserts that this file defines armature `弓`: a debug build aborts while building armature `勇者` (a release build shows nothing; another loaded file is searched only with `autoSearch` on); name an armature of this file
             {"name": "無", "display": [{"type": "armature", "name": "槍"}]}]},
                      ^^^ error[unknown-slot]: unknown slot `無`: armature `勇者` has no slot of this name (runtimes drop these displays)
                                                                    ^^^ warning[unknown-armature]: unknown armature `槍`: this file defines no armature of this name (the display stays empty: runtimes look in other loaded files only when the factory and that file's data have `autoSearch` on, and a debug build of the C++ runtime aborts when the display is in its armature's first skin)
             {"name": "default", "slot": [{"name": "背", "display": [{"type": "armature", "name": "盾"}]}]}]},
                                                                                                 ^^^ warning[unknown-armature]: unknown armature `盾`: this file defines no armature of this name (the display stays empty: runtimes look in other loaded files only when the factory and that file's data have `autoSearch` on, and a debug build of the C++ runtime aborts when the display is in its armature's first skin)
          {"name": "馬", "bone": [{"name": "根"}]}]}
        "#,
    );
}

/// rapidjson reads the first of a key given twice (`FindMember`), and so do the C++ targets'
/// rules: the harness aborted on the first `color` and `duration` here (each alone) and posed
/// `scX` 1e39 infinite, and read none of the values given second.
#[test]
fn the_cpp_rules_read_the_first_of_a_key_given_twice() {
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "d", "version": "5.5", "frameRate": 24, "armature": [{"name": "勇者", "canvas": {"color": 4294967296, "color": 5},
                                                                                                         ^^^^^^^^^^ error[target-load-failure]: dragonbones-cpp reads `color` as a 32-bit integer, and 4294967296 is past its range: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write a value from -2147483648 to 2147483647
                                                                                                                     ^^^^^^^ warning[duplicate-key]: `color` is given twice in this canvas: DragonBonesJS (`JSON.parse`) reads the last value, the C++ runtime (rapidjson) the first
          "bone": [{"name": "根"}, {"name": "腕", "parent": "根", "transform": {"scX": 1e39, "scX": 1, "scY": 1, "scY": 1e39}}],
                                           ^^^ error[non-finite-pose]: bone `腕` has a transform that is not a finite number at the setup pose: the runtime draws it and everything on it nowhere
                                                                                    ^^^^ error[target-float-overflow]: dragonbones-cpp reads `scX` as a 32-bit float, and 1e39 is past its range (±3.4e38): it reads infinity, and what the value moves is drawn nowhere; write a value within ±3.4e38
                                                                                          ^^^^^ warning[duplicate-key]: `scX` is given twice in this transform: DragonBonesJS (`JSON.parse`) reads the last value, the C++ runtime (rapidjson) the first
                                                                                                              ^^^^^ warning[duplicate-key]: `scY` is given twice in this transform: DragonBonesJS (`JSON.parse`) reads the last value, the C++ runtime (rapidjson) the first
          "animation": [{"name": "振", "duration": 2, "bone": [{"name": "腕", "frame": [
            {"duration": "3", "duration": 1, "transform": {"y": 1, "y": 1e39}}, {"duration": 1, "duration": "3"}]}]}]}]}
                         ^^^ warning[invalid-value]: `duration` is a number written as a string ("3"): DragonBonesJS converts it, the C++ runtime asserts
                         ^^^ error[target-load-failure]: dragonbones-cpp reads `duration` as an integer, and "3" is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); write `3`, without the quotes
                              ^^^^^^^^^^ warning[duplicate-key]: `duration` is given twice in this bone key frame: DragonBonesJS (`JSON.parse`) reads the last value, the C++ runtime (rapidjson) the first
                                                                   ^^^ warning[duplicate-key]: `y` is given twice in this transform: DragonBonesJS (`JSON.parse`) reads the last value, the C++ runtime (rapidjson) the first
                                                                                                ^^^^^^^^^^ warning[duplicate-key]: `duration` is given twice in this bone key frame: DragonBonesJS (`JSON.parse`) reads the last value, the C++ runtime (rapidjson) the first
                                                                                                            ^^^ warning[invalid-value]: `duration` is a number written as a string ("3"): DragonBonesJS converts it, the C++ runtime asserts
        "#,
    );
}

/// A NUL after the document (a port writing the file as a C string: the GBA port's
/// `DragonBoy_ske.json`): rapidjson, given `data.c_str()`, stops there and DragonBonesCPP loaded
/// and posed the skeleton; `JSON.parse` refuses the file. With only C++ targets named, a warning.
/// A NUL inside the document ends it early for rapidjson too: an error for every target.
#[test]
fn a_nul_after_the_document_ends_the_file_for_the_cpp_runtimes() {
    let text = "{\"version\": \"5.5\", \"name\": \"竜\", \"armature\": [{\"name\": \"竜\", \"bone\": [{\"name\": \"根\"}]}]}\0\0";
    let show = |text: &str, targets: &[Target]| -> Vec<String> {
        let analysis = support::analyse_for("竜_ske.json", text, &[], Targets::of(targets));
        analysis
            .diagnostics
            .iter()
            .map(|d| format!("{:?} {} {:?}: {}", d.severity, d.code, support::slice(text, d.range), d.message))
            .collect()
    };
    let error = r#"Error syntax "\0\0": unexpected `␀␀` after the end of the JSON document: a file holds one value"#;
    assert_eq!(
        show(text, &[Target::DragonBonesCpp, Target::Godot]),
        [
            r#"Warning syntax "\0\0": dragonbones-cpp and godot stop reading at this NUL: rapidjson, given the file as a C string, ends it there and the document before it loads; DragonBonesJS's JSON.parse would refuse the file"#
        ]
    );
    assert_eq!(show(text, &[Target::DragonBonesCpp, Target::DragonBonesJs]), [error]);
    assert_eq!(show(text, &[]), [error]);
    let inside = text.replace("}]}]}\0\0", "}]}\0]}");
    assert_eq!(
        show(&inside, &[Target::DragonBonesCpp]),
        [r#"Error syntax "\0": unexpected `␀`: expected an array element"#]
    );
}

/// rapidjson stops at a number too big for a double (`1e400`: `kParseErrorNumberTooBig`) and
/// DragonBonesCPP, not checking the parse, aborted on its first lookup (its harness, on this
/// file); `1.0e309`, as large, rapidjson reads infinite (one fraction digit kept allows an
/// exponent of 309) and the harness posed the file. DragonBonesJS's `JSON.parse` reads both.
#[test]
fn a_number_rapidjson_refuses_stops_the_cpp_runtimes_reading_the_file() {
    check(
        &[Target::DragonBonesCpp, Target::Godot],
        r#"
        {"name": "d", "version": "5.5", "frameRate": 24, "armature": [{"name": "勇者", "aabb": {"x": 0, "y": 0, "width": 1e400, "height": 1.0e309},
                                                                                                                       ^^^^^ error[target-load-failure]: dragonbones-cpp and godot do not read this file: rapidjson refuses the number `1e400` (too big for a double: `kParseErrorNumberTooBig`) and the runtime, which does not check the parse, reads nothing of the file (a debug build aborts); DragonBonesJS reads it as infinity; write a value within ±3.4e38
          "bone": [{"name": "根"}]}]}
        "#,
    );
    check(
        &[Target::DragonBonesCpp, Target::DragonBonesJs],
        r#"
        {"name": "d", "version": "5.5", "frameRate": 24, "armature": [{"name": "勇者", "aabb": {"x": 0, "y": 0, "width": 1.0e309, "height": 1},
          "bone": [{"name": "根"}]}]}
        "#,
    );
    // An atlas is read by rapidjson too; what the runtime would make of the refused value
    // (an unsigned `width`) is not said as well.
    support::check_diagnostics_for(
        "hero_tex.json",
        r#"
        {"name": "hero", "imagePath": "hero_tex.png", "width": 1e400, "height": 64, "SubTexture": []}
                                                               ^^^^^ warning[invalid-value]: `width` must be a whole number, not 1e400 (the C++ runtime asserts on fractions)
                                                               ^^^^^ error[target-load-failure]: dragonbones-cpp does not read this file: rapidjson refuses the number `1e400` (too big for a double: `kParseErrorNumberTooBig`) and the runtime, which does not check the parse, reads nothing of the file (a debug build aborts); DragonBonesJS reads it as infinity; write a value within ±3.4e38
        "#,
        &[],
        Targets::of(&[Target::DragonBonesCpp]),
    );
}

/// With only C++ targets named, `non-finite-pose` poses their reading. A key given twice:
/// rapidjson reads the first, and DragonBonesCPP posed the first file finite (DragonBonesJS reads
/// `y` 1e39, infinite in its 32-bit frame array) and the second not finite at frame 0. A surface
/// bone is a plain bone to it and its deform timeline, 5.6 typed, is not read: the harness drew
/// the mesh finite where DragonBonesJS's is not, and the -1e39s in the surface's vertices and
/// in the timeline are never read (no `target-float-overflow` either; a surface written `"type":
/// 1` alike: the harness posed both).
#[test]
fn the_cpp_targets_alone_pose_non_finite_as_they_read_the_file() {
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "d", "version": "5.5", "frameRate": 24, "armature": [{"name": "勇者",
          "bone": [{"name": "根"}, {"name": "腕", "parent": "根", "transform": {"scX": 0.5}}],
          "animation": [{"name": "振", "duration": 2, "bone": [{"name": "腕", "frame": [
            {"duration": 1, "transform": {"y": 1, "y": 1e39}}, {"duration": 1}]}]}]}]}
                                                  ^^^ warning[duplicate-key]: `y` is given twice in this transform: DragonBonesJS (`JSON.parse`) reads the last value, the C++ runtime (rapidjson) the first
        "#,
    );
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "d", "version": "5.5", "frameRate": 24, "armature": [{"name": "勇者",
          "bone": [{"name": "根"}, {"name": "腕", "parent": "根", "transform": {"scX": 0.5}}],
                                           ^^^ error[non-finite-pose]: bone `腕` has a transform that is not a finite number in animation `振` at frame 0 (0 s): the runtime draws it and everything on it nowhere
          "animation": [{"name": "振", "duration": 2, "bone": [{"name": "腕", "frame": [
            {"duration": 1, "transform": {"y": -1e39, "y": 1}}, {"duration": 1}]}]}]}]}
                                               ^^^^^ error[target-float-overflow]: dragonbones-cpp reads `y` as a 32-bit float, and -1e39 is past its range (±3.4e38): it reads infinity, and what the value moves is drawn nowhere; write a value within ±3.4e38
                                                      ^^^ warning[duplicate-key]: `y` is given twice in this transform: DragonBonesJS (`JSON.parse`) reads the last value, the C++ runtime (rapidjson) the first
        "#,
    );
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "d", "version": "5.6", "compatibleVersion": "5.5", "frameRate": 24, "armature": [{"name": "髪",
          "bone": [{"name": "根"}, {"type": "surface", "name": "面", "parent": "根", "segmentX": 1, "segmentY": 1, "vertices": [-10, -1e39, 10, -10, -10, 10, 10, 10]}],
                                   ^^^^^^^^^^^^^^^^^ warning[target-drops]: surface bone: dragonbones-cpp — the surface is a plain bone with the default transform: what hangs on it is posed through an identity bone
          "slot": [{"name": "房", "parent": "面"}],
          "skin": [{"slot": [{"name": "房", "display": [{"type": "mesh", "name": "房", "vertices": [-5, -5, 5, -5, 0, 5], "uvs": [0, 0, 1, 0, 0.5, 1], "triangles": [0, 1, 2]}]}]}],
          "animation": [{"name": "揺れ", "duration": 10, "timeline": [{"name": "面", "type": 50, "frame": [{"duration": 10, "offset": 2, "value": [-1e39]}]}]}]}]}
                                                                                  ^^^^^^^^^^ warning[target-drops]: 5.6 typed timeline: dragonbones-cpp — the timeline is not read: what it animates stays still
        "#,
    );
    check(
        &[Target::DragonBonesCpp],
        r#"
        {"name": "d", "version": "5.6", "compatibleVersion": "5.5", "frameRate": 24, "armature": [{"name": "髪",
          "bone": [{"name": "根"}, {"type": 1, "name": "面", "parent": "根", "segmentX": 1, "segmentY": 1, "vertices": [-10, -1e39, 10, -10, -10, 10, 10, 10]}]}]}
                                   ^^^^^^^^^ warning[target-drops]: surface bone: dragonbones-cpp — the surface is a plain bone with the default transform: what hangs on it is posed through an identity bone
        "#,
    );
}

/// A `zOrder` move outside the slots: DragonBonesCPP writes `zOrders[slotIndex + offset]`
/// outside its vector and crashed (segmentation faults on this file with -2 and with 2, and on
/// korge-dragonbones's 503_ske.json); the first such move of the file is its load failure.
/// DragonBonesJS posed it (both slots at draw position 1).
#[test]
fn a_draw_order_move_outside_the_slots_crashes_the_cpp_runtime() {
    check(
        &[Target::DragonBonesCpp, Target::DragonBonesJs],
        r#"
        {"version": "5.5", "frameRate": 24, "name": "z", "armature": [{"name": "a", "bone": [{"name": "根"}],
         "slot": [{"name": "前", "parent": "根"}, {"name": "後", "parent": "根"}],
         "animation": [{"name": "入替", "duration": 2, "zOrder": {"frame": [{"duration": 1, "zOrder": [1, -2]}, {"duration": 1, "zOrder": [0, 2]}]}}]}]}
                                                                                                        ^^ error[index-out-of-range]: slot 1 moved by -2 lands at -1, outside the slots: armature `a` has 2 slots (0–1)
                                                                                                        ^^ error[target-load-failure]: dragonbones-cpp writes slot 1's draw position at -1, outside its list of 2 (`zOrders[slotIndex + offset]`, an unsigned index): the runtime crashes parsing the file; move the slot within 0–1
                                                                                                                                            ^ error[index-out-of-range]: slot 0 moved by 2 lands at 2, outside the slots: armature `a` has 2 slots (0–1)
        "#,
    );
}
