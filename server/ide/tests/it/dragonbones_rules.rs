//! DragonBones value, structure, geometry, index, timing and version rules on 4.5 and 5.5 data.

use rigls_test_support::fixture as support;

use support::check_diagnostics;

#[test]
fn unknown_keys_with_suggestions_and_ignored_editor_keys() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24, "isGlobal": 0, "userData": {"anything": [1]},
          "armature": [{
            "name": "hero", "type": "Sheet",
            "bone": [{"name": "root", "parnet": "x", "inheritScale": 0}],
                                      ^^^^^^^^ warning[unknown-key]: unknown key `parnet` in a bone; did you mean `parent`?
            "slot": [{"name": "s", "parent": "root", "z": 0, "blendMode": 1}],
            "skin": [{"slot": [{"name": "s", "display": [{"name": "m", "type": "mesh", "filterType": null, "edges": [0, 1], "userEdges": [], "width": 2, "height": 2, "vertices": [0, 0, 1, 0, 0, 1], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2], "tranform": {}}]}]}],
                                                                                                                                                                                                                                                         ^^^^^^^^^^ warning[unknown-key]: unknown key `tranform` in a display; did you mean `transform`?
            "animation": [{"name": "a", "duration": 1, "bone": [{"name": "root", "frame": [{"duration": 1, "tweenEasing": "NaN", "transform": {"sx": 1}}]}]}]
                                                                                                                                               ^^^^ warning[unknown-key]: unknown key `sx` in a transform; did you mean `x`?
          }]
        }
        "#,
    );
}

#[test]
fn unknown_keys_v55_and_duplicate_keys() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero", "name": "hero2",
                            ^^^^^^ warning[duplicate-key]: `name` is given twice in this armature: DragonBonesJS (`JSON.parse`) reads the last value, the C++ runtime (rapidjson) the first
            "bone": [{"name": "root"}],
            "animation": [{"name": "a", "duration": 2, "bone": [{"name": "root", "rotateFrames": [], "translateFrame": [{"duration": 2, "rotate": 5}]}]}]
                                                                                 ^^^^^^^^^^^^^^ warning[unknown-key]: unknown key `rotateFrames` in a bone timeline; did you mean `rotateFrame`?
                                                                                                                                        ^^^^^^^^ warning[unknown-key]: unknown key `rotate` in a translate key frame; `rotate` belongs in a transform or a rotate key frame
          }]
        }
        "#,
    );
}

#[test]
fn wrong_json_types_are_invalid_values() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": "24",
                                                                                     ^^^^ warning[invalid-value]: `frameRate` is a number written as a string ("24"): DragonBonesJS converts it, the C++ runtime asserts
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root", "transform": {"x": "10", "skX": true}}, 5],
                                                         ^^^^ warning[invalid-value]: `x` is a number written as a string ("10"): DragonBonesJS converts it, the C++ runtime ignores it and reads the default
                                                                      ^^^^ error[invalid-value]: `skX` expects a number, not a boolean (e.g. `30`)
                                                                              ^ error[invalid-value]: `bone` holds bone objects, but this element is a number
            "slot": {"name": "s"},
                    ^^^^^^^^^^^^^ error[invalid-value]: `slot` expects an array, not an object (e.g. `[{"name": "body", "parent": "body"}]`)
            "skin": [{"slot": [{"name": "s", "display": [null, {"name": "d", "type": "imgae"}, {"name": "e", "type": 9}]}]}],
                                        ^^^ error[unknown-slot]: unknown slot `s`: armature `hero` has no slot of this name (runtimes drop these displays)
                                                                                     ^^^^^^^ warning[invalid-value]: unknown `type` `imgae`: runtimes treat it as `image` (known: image, armature, mesh, boundingbox, path); did you mean `image`?
                                                                                                                     ^ error[invalid-value]: `type` 9 is no known value: runtimes drop the object (known: 0 (image), 1 (armature), 2 (mesh), 3 (boundingbox), 4 (path))
            "animation": [{"name": "a", "duration": 2.5, "playTimes": -1, "frame": [{"duration": 2, "events": [{"name": "e", "ints": [1, "2"]}]}]}]
                                                    ^^^ warning[invalid-value]: `duration` must be a whole number, not 2.5 (the C++ runtime asserts on fractions)
                                                                      ^^ warning[out-of-range]: `playTimes` is -1 but must be at least 0 (default 1)
                                                                                                                                         ^^^ error[invalid-value]: `ints` holds numbers, but this element is a string
          }]
        }
        "#,
    );
}

/// DragonBonesJS copies a mesh's and a deform key frame's numbers into typed arrays and
/// multiplies a curve's and a path's, converting a quoted number as `Number()` does: the corpus's
/// skeletons with every such array quoted posed alike in its harness (a warning, with the fix).
/// Not `slotPose` (`tx + "0"` concatenates), a `zOrder` list (`!==` never meets the index: the
/// parser ran out of memory), nor a string that is no finite number.
#[test]
fn quoted_numbers_in_arrays_the_js_runtime_converts_are_warnings() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "s", "parent": "root"}, {"name": "t", "parent": "root"}],
                                                               ^^^ error[non-finite-pose]: the mesh of slot `t` has vertices that are not finite numbers at the setup pose: the runtime cannot draw it
            "skin": [{"slot": [{"name": "s", "display": [{"name": "m", "type": "mesh",
              "vertices": [0, "0", 10, " 0", 0, "1e1"], "uvs": [0, 0, 1, 0, 0, "1"], "triangles": [0, 1, "2"],
                              ^^^ warning[invalid-value]: `vertices` holds numbers, and 3 of them are written as strings, the first here ("0"): DragonBonesJS converts them, rapidjson asserts where the C++ runtime reads them
                                                                               ^^^ warning[invalid-value]: `uvs` holds numbers, and this one is written as a string ("1"): DragonBonesJS converts it, rapidjson asserts where the C++ runtime reads it
                                                                                                         ^^^ warning[invalid-value]: `triangles` holds numbers, and this one is written as a string ("2"): DragonBonesJS converts it, rapidjson asserts where the C++ runtime reads it
              "slotPose": [1, 0, 0, 1, "0", 0]}]},
                                       ^^^ error[invalid-value]: `slotPose` holds numbers, but this element is a string
              {"name": "t", "display": [{"name": "n", "type": "mesh", "vertices": [0, 0, 10, "NaN", 0, "x"], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2]}]}]}],
                                                                                             ^^^^^ error[invalid-value]: `vertices` holds numbers, but this element is a string
            "animation": [{"name": "a", "duration": 2,
              "bone": [{"name": "root", "rotateFrame": [{"duration": 2, "curve": [0.5, "0", 0.5, 1], "rotate": 5}, {"duration": 0}]}],
                                                                                       ^^^ warning[invalid-value]: `curve` holds numbers, and this one is written as a string ("0"): DragonBonesJS converts it, rapidjson asserts where the C++ runtime reads it
              "ffd": [{"name": "m", "slot": "s", "frame": [{"duration": 2, "vertices": [".5", "0x10"]}, {"duration": 0}]}],
                                                                                        ^^^^ warning[invalid-value]: `vertices` holds numbers, and 2 of them are written as strings, the first here (".5"): DragonBonesJS converts them, rapidjson asserts where the C++ runtime reads them
              "zOrder": {"frame": [{"duration": 2, "zOrder": ["0", 1]}]}}]
                                                              ^^^ error[invalid-value]: `zOrder` holds numbers, but this element is a string
          }]
        }
        "#,
    );
}

/// The fix writes every quoted number of the array unquoted: as written when JSON reads it as a
/// number, else as the number DragonBonesJS reads (" 1" → `1`, ".5" → `0.5`, "0x10" → `16`);
/// the other arrays' quoted numbers are left to their own fixes.
#[test]
fn quoted_numbers_are_unquoted_by_one_safe_fix_per_array() {
    let text = "{\"name\": \"勇者\", \"version\": \"5.5\", \"frameRate\": 24, \"armature\": [{\"name\": \"勇者\",\r\n\
        \"bone\": [{\"name\": \"根\"}], \"slot\": [{\"name\": \"影\", \"parent\": \"根\"}],\r\n\
        \"skin\": [{\"slot\": [{\"name\": \"影\", \"display\": [{\"name\": \"布\", \"type\": \"mesh\",\r\n\
        \"vertices\": [\"-50.00\", \" 1\", \".5\", 0, \"0x10\", \"1e2\"], \"uvs\": [0, 0, 1, 0, \"0\", 1], \"triangles\": [0, 1, 2]}]}]}]}]}\r\n";
    let analysis = support::analyse("勇者_ske.json", text, &[]);
    let fixes: Vec<_> = analysis.diagnostics.iter().flat_map(|d| &d.fixes).collect();
    assert_eq!(fixes.len(), 2, "{:?}", analysis.diagnostics);
    assert_eq!((fixes[0].title.as_str(), fixes[0].safe), ("Write the 5 numbers without quotes", true));
    let fixed = rigls_ide::text_edit::apply(text, &fixes[0].edits);
    assert!(fixed.contains("\"vertices\": [-50.00, 1, 0.5, 0, 16, 1e2], \"uvs\": [0, 0, 1, 0, \"0\", 1]"), "{fixed}");
    let after = support::analyse("勇者_ske.json", &fixed, &[]);
    let left: Vec<&str> = after.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        left,
        [
            r#"`uvs` holds numbers, and this one is written as a string ("0"): DragonBonesJS converts it, rapidjson asserts where the C++ runtime reads it"#
        ]
    );
}

/// `edges` and `userEdges` are DragonBones Pro's editing data, read by no runtime (both runtimes
/// load and pose such a mesh as before): a wrong type there is a warning.
#[test]
fn wrong_json_types_in_keys_no_runtime_reads_are_warnings() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "s", "parent": "root"}],
            "skin": [{"slot": [{"name": "s", "display": [{"name": "m", "type": "mesh",
              "vertices": [0, 0, 10, 0, 0, 10], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2],
              "edges": [0, "1", 1, 2], "userEdges": {}}]}]}]
                           ^^^ warning[invalid-value]: `edges` holds numbers, but this element is a string
                                                    ^^ warning[invalid-value]: `userEdges` expects an array of numbers, not an object (e.g. `[0, 2]`)
          }]
        }
        "#,
    );
}

#[test]
fn array_form_actions_are_errors_v45() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "defaultActions": [["gotoAndPlay", "idle"]],
                               ^^^^^^^^^^^^^^^^^^^^^^^ error[invalid-value]: array-form action: current runtimes read it as a play action without a name and do nothing; write `{"gotoAndPlay": "…"}`
            "animation": [{"name": "idle", "duration": 1}]
          }]
        }
        "#,
    );
}

#[test]
fn missing_keys() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "s"}],
                      ^^^^^^^^^^^ error[missing-key]: slot `s` has no `parent`: building the armature throws without a parent bone
            "skin": [{"slot": [{"name": "s", "display": [
              {"name": "no_vertices", "type": "mesh", "uvs": []},
               ^^^^^^^^^^^^^^^^^^^^^ error[missing-key]: mesh display `no_vertices` has no `vertices`: runtimes throw while parsing it
              {"name": "no_poses", "type": "mesh", "vertices": [0, 0], "uvs": [0, 0], "triangles": [], "weights": [1, 0, 1]},
                                                                                                       ^^^^^^^^^ error[missing-key]: `weights` needs `slotPose` and `bonePose`: runtimes throw while parsing a skinned mesh without them
              {"name": "no_lengths", "type": "path", "vertices": [0, 0, 1, 1, 2, 2]},
               ^^^^^^^^^^^^^^^^^^^^ error[missing-key]: path display `no_lengths` has no `lengths`: runtimes throw while parsing it
              {"name": "no_polygon", "type": "boundingBox", "subType": "polygon"}
               ^^^^^^^^^^^^^^^^^^^^ warning[missing-key]: polygon bounding box `no_polygon` has no `vertices`: runtimes warn `Data error` and use an empty polygon
            ]}]}],
            "ik": [{"name": "ik", "bone": "root"}]
                    ^^^^^^^^^^^^ error[missing-key]: IK constraint `ik` has no `target`: runtimes drop the constraint
          }]
        }
        "#,
    );
}

#[test]
fn mesh_counts_and_indices_v45() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}, {"name": "arm", "parent": "root"}],
            "slot": [{"name": "s", "parent": "root"}],
            "skin": [{"slot": [{"name": "s", "display": [{
              "name": "m", "type": "mesh",
              "vertices": [0, 0, 10, 0, 10, 10, 0, 10],
              "uvs": [0, 0, 1, 0, 1, 1],
              ^^^^^ error[count-mismatch]: `uvs` has 6 numbers but `vertices` has 8: each vertex needs one u, v pair; the runtime's texture coordinates of the last vertices are NaN
              "triangles": [0, 1, 2, 2, 3, 4, 0],
              ^^^^^^^^^^^ warning[arity]: `triangles` has 7 indices: they come in threes (runtimes drop the last 1)
                                           ^ warning[index-out-of-range]: triangle index 4 is out of range: the mesh has 4 vertices (0–3)
              "slotPose": [1, 0, 0, 1, 0],
              ^^^^^^^^^^ error[arity]: `slotPose` has 5 numbers but is a matrix `[a, b, c, d, tx, ty]` of 6
              "bonePose": [0, 1, 0, 0, 1, 0, 0, 5, 1, 0, 0, 1, 0, 0, 0],
              ^^^^^^^^^^ error[count-mismatch]: `bonePose` has 15 numbers: it holds groups of 7 `[boneIndex, a, b, c, d, tx, ty]`
                                                ^ error[index-out-of-range]: bone index 5 in `bonePose` is out of range: the armature has 2 bones (0–1)
              "weights": [1, 0, 1, 1, 1, 1, 2, 0, 0.5, 0, 0.5, 1, 3, 1]
                                      ^ error[index-out-of-range]: bone 1 in `weights` has no bind pose in `bonePose`: runtimes compute broken vertices
                                                                  ^ error[index-out-of-range]: bone index 3 in `weights` is out of range: the armature has 2 bones (0–1)
            }]}]}]
          }]
        }
        "#,
    );
}

#[test]
fn skinned_mesh_counts_v55() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}, {"name": "arm", "parent": "root"}],
            "slot": [{"name": "s", "parent": "root"}],
            "skin": [{"slot": [{"name": "s", "display": [
              {
                "name": "short", "type": "mesh", "vertices": [0, 0, 10, 0, 10, 10], "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 2],
                "slotPose": [1, 0, 0, 1, 0, 0], "bonePose": [0, 1, 0, 0, 1, 0, 0],
                "weights": [1, 0, 1, 1, 0, 1]
                ^^^^^^^^^ error[count-mismatch]: `weights` has 6 numbers and runs out in vertex 3 of 3: each vertex needs `[n, bone, weight, …]` (runtimes throw)
              },
              {
                "name": "long", "type": "mesh", "vertices": [0, 0], "uvs": [0, 0], "triangles": [],
                "slotPose": [1, 0, 0, 1, 0, 0], "bonePose": [1, 1, 0, 0, 1, 0, 0],
                "weights": [1, 1, 0.6, 9]
                ^^^^^^^^^ error[count-mismatch]: `weights` has 4 numbers but 1 vertex needs only 3 (`[n, bone, weight, …]` per vertex)
                            ^ warning[weight-sum]: the weights of vertex 0 add up to 0.6, not 1: the vertex shrinks or overshoots
              },
              {
                "name": "cut", "type": "mesh", "vertices": [0, 0], "uvs": [0, 0], "triangles": [],
                "slotPose": [1, 0, 0, 1, 0, 0], "bonePose": [0, 1, 0, 0, 1, 0, 0],
                "weights": [2, 0, 1]
                ^^^^^^^^^ error[count-mismatch]: `weights` has 3 numbers and runs out in vertex 1 of 1: each vertex needs `[n, bone, weight, …]` (runtimes throw)
              }
            ]}]}]
          }]
        }
        "#,
    );
}

/// The runtime reads a bone index at every seventh element of `bonePose`, whatever the others
/// hold: a string among the matrix numbers shifts nothing (it read the second group's index
/// from its `a`, 2, as out of range, and bone 1 as having no bind pose).
#[test]
fn bone_pose_indices_are_read_by_position() {
    check_diagnostics(
        "姿勢_ske.json",
        r#"
        {"name": "姿勢", "version": "4.5", "frameRate": 24,
         "armature": [{"name": "姿勢", "bone": [{"name": "根"}, {"name": "腕", "parent": "根"}],
           "slot": [{"name": "帯", "parent": "根"}],
                             ^^^ error[non-finite-pose]: the mesh of slot `帯` has vertices that are not finite numbers at the setup pose: the runtime cannot draw it
           "skin": [{"slot": [{"name": "帯", "display": [{"type": "mesh", "name": "帯",
             "vertices": [0, 0, 10, 0, 5, 20], "uvs": [0, 0, 1, 0, 0.5, 1], "triangles": [0, 1, 2],
             "weights": [1, 0, 1, 1, 1, 1, 1, 1, 1],
             "slotPose": [1, 0, 0, 1, 0, 0],
             "bonePose": [0, "x", 0, 0, 1, 0, 0, 1, 2, 0, 0, 1, 0, 0]}]}]}]}]}
                             ^^^ error[invalid-value]: `bonePose` holds numbers, but this element is a string
        "#,
    );
}

/// `weights` are read by position too: a string where vertex 0's second bone index stands is
/// reported as such, and shifts nothing (skipped, the next numbers made 0.5 a bone index out of
/// range and vertex 0 weigh 1.5).
#[test]
fn weights_are_read_by_position() {
    check_diagnostics(
        "姿勢_ske.json",
        r#"
        {"name": "姿勢", "version": "4.5", "frameRate": 24,
         "armature": [{"name": "姿勢", "bone": [{"name": "根"}, {"name": "腕", "parent": "根"}],
           "slot": [{"name": "帯", "parent": "根"}],
           "skin": [{"slot": [{"name": "帯", "display": [{"type": "mesh", "name": "帯",
             "vertices": [0, 0, 10, 0, 5, 20], "uvs": [0, 0, 1, 0, 0.5, 1], "triangles": [0, 1, 2],
             "weights": [2, 0, 0.5, "1", 0.5, 1, 1, 1, 1, 1, 1],
                                    ^^^ error[invalid-value]: `weights` holds numbers, but this element is a string
             "slotPose": [1, 0, 0, 1, 0, 0],
             "bonePose": [0, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0]}]}]}]}]}
        "#,
    );
}

/// `bonePose` matrices with no inverse, as DragonBonesJS's `Matrix.invert` finds them: bone 1's
/// has a zero `a` where `b` and `c` are 0 (it takes a scale of 0 instead), bone 2's a
/// determinant of 0 (the identity instead). Bone 3's is all zeros but no weight uses it; a
/// second bind pose of bone 1 is not the one the runtime reads (`indexOf`), nor is a second of
/// bone 0 after a first whose matrix holds a string (NaN to the runtime: no inverse is missed).
#[test]
fn singular_bone_poses_of_weighted_bones() {
    check_diagnostics(
        "姿勢_ske.json",
        r#"
        {"name": "姿勢", "version": "4.5", "frameRate": 24,
         "armature": [{"name": "姿勢", "bone": [{"name": "根"}, {"name": "腕", "parent": "根"}, {"name": "脚", "parent": "根"}, {"name": "尾", "parent": "根"}],
           "slot": [{"name": "帯", "parent": "根"}],
                             ^^^ error[non-finite-pose]: the mesh of slot `帯` has vertices that are not finite numbers at the setup pose: the runtime cannot draw it
           "skin": [{"slot": [{"name": "帯", "display": [{"type": "mesh", "name": "帯",
             "vertices": [0, 0, 10, 0, 5, 20], "uvs": [0, 0, 1, 0, 0.5, 1], "triangles": [0, 1, 2],
             "weights": [1, 0, 1, 1, 1, 1, 2, 1, 0.5, 2, 0.5],
             "slotPose": [1, 0, 0, 1, 0, 0],
             "bonePose": [0, "x", 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 10, 0, 2, 2, 4, 1, 2, 0, 0, 3, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}]}]}]}]}
                             ^^^ error[invalid-value]: `bonePose` holds numbers, but this element is a string
                                                    ^^^^^^^^^^ warning[singular-bone-pose]: the `bonePose` matrix of bone 1 has no inverse (a scale of 0), and the runtime inverts it to move the vertices weighted to that bone into its space: DragonBonesJS takes a scale of 0 instead and draws them away from where the mesh was bound, DragonBonesCPP draws them nowhere; write the bone's matrix as the mesh was bound to it
                                                                          ^^^^^^^^^^ warning[singular-bone-pose]: the `bonePose` matrix of bone 2 has no inverse (its determinant is 0), and the runtime inverts it to move the vertices weighted to that bone into its space: DragonBonesJS takes the identity instead and draws them away from where the mesh was bound, DragonBonesCPP draws them nowhere; write the bone's matrix as the mesh was bound to it
        "#,
    );
}

#[test]
fn path_displays_and_surface_bones() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.6", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [
              {"name": "root"},
              {"name": "lattice", "type": "surface", "segmentX": 1, "segmentY": 1, "vertices": [0, 0, 1, 0, 0, 1]}
                                                                                   ^^^^^^^^^^ warning[count-mismatch]: `vertices` has 6 numbers but a 1×1 surface needs 8: 2·(segmentX+1)·(segmentY+1) (runtimes pad with 0 or cut)
            ],
            "slot": [{"name": "s", "parent": "root"}],
            "skin": [{"slot": [{"name": "s", "display": [
              {"name": "p", "type": "path", "vertices": [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5], "lengths": [1]},
                                                                                              ^^^^^^^^^ warning[count-mismatch]: `lengths` has 1 number but the path's 6 vertices make 2 curves (one length per 3 vertices)
              {"name": "box", "type": "boundingBox", "subType": "polygon", "vertices": [0, 0, 1, 1]}
                                                                           ^^^^^^^^^^ warning[arity]: `vertices` has 4 numbers: a polygon needs x, y pairs for at least 3 points
            ]}]}]
          }]
        }
        "#,
    );
}

#[test]
fn deform_offsets_beyond_the_mesh_v45() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "s", "parent": "root"}],
            "skin": [{"slot": [{"name": "s", "display": [{"name": "m", "type": "mesh", "vertices": [0, 0, 1, 0, 0, 1], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2]}]}]}],
            "animation": [{"name": "a", "duration": 2, "ffd": [{"name": "m", "skin": "", "slot": "s", "frame": [
              {"duration": 1, "offset": 2, "vertices": [1, 1, 1, 1]},
              {"duration": 1, "offset": 4, "vertices": [1, 1, 1]}
                                           ^^^^^^^^^^ warning[index-out-of-range]: `offset` 4 plus 3 deltas reaches past the 6 vertex numbers of mesh `m`: runtimes ignore the rest
            ]}]}]
          }]
        }
        "#,
    );
}

#[test]
fn display_indices_and_frame_values() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "s", "parent": "root", "displayIndex": 2}, {"name": "t", "parent": "root", "displayIndex": -1}],
                                                                     ^ warning[index-out-of-range]: `displayIndex` 2 is out of range: slot `s` has 2 displays in skin `default` (0–1); DragonBonesJS shows the last one, DragonBonesCPP nothing
            "skin": [{"slot": [{"name": "s", "display": [{"name": "a"}, {"name": "b"}]}, {"name": "t", "display": []}]}],
            "animation": [{"name": "a", "duration": 3, "slot": [{"name": "s", "displayFrame": [{"duration": 1, "value": 1}, {"duration": 1, "value": 3}, {"duration": 1, "value": -1}]}]}]
                                                                                                                                                     ^ warning[index-out-of-range]: display key frame `value` 3 is out of range: slot `s` has 2 displays in skin `default` (0–1); DragonBonesJS shows the last one, DragonBonesCPP nothing
          }]
        }
        "#,
    );
}

#[test]
fn display_frame_indices_v45() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "s", "parent": "root", "displayIndex": 0}],
            "skin": [{"name": "", "slot": [{"name": "s", "display": [{"name": "a"}]}]}],
            "animation": [{"name": "a", "duration": 2, "slot": [{"name": "s", "frame": [{"duration": 1, "displayIndex": 1}, {"duration": 1}]}]}]
                                                                                                                        ^ warning[index-out-of-range]: display key frame `displayIndex` 1 is out of range: slot `s` has 1 display in skin `default` (index 0); DragonBonesJS shows the last one, DragonBonesCPP nothing
          }]
        }
        "#,
    );
}

#[test]
fn z_order_pairs() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "a", "parent": "root"}, {"name": "b", "parent": "root"}, {"name": "c", "parent": "root"}],
            "animation": [{"name": "a", "duration": 4, "zOrder": {"frame": [
              {"duration": 1, "zOrder": [0, 1, 2]},
                              ^^^^^^^^ error[arity]: `zOrder` has 3 numbers: it holds `[slotIndex, offset]` pairs (runtimes throw on an odd count)
              {"duration": 1, "zOrder": [2, -1, 1, 1]},
                                                ^ error[invalid-value]: slot indices in `zOrder` must ascend strictly: 1 comes after 2 (runtimes loop until they run out of memory)
              {"duration": 1, "zOrder": [5, 0]},
                                         ^ error[index-out-of-range]: slot index 5 in `zOrder` is out of range: armature `hero` has 3 slots (0–2)
              {"duration": 1, "zOrder": [1, 3]}
                                            ^ error[index-out-of-range]: slot 1 moved by 3 lands at 4, outside the slots: armature `hero` has 3 slots (0–2)
            ]}}]
          }]
        }
        "#,
    );
}

#[test]
fn out_of_range_numbers_v45() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 0,
                                                         ^ warning[out-of-range]: `frameRate` is 0 but must be greater than 0 (default 24)
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "s", "parent": "root", "color": {"aM": 150, "rO": -300, "gM": 50}}],
                                                                     ^^^ warning[out-of-range]: `aM` is 150 but must be between 0 and 100 (default 100)
                                                                                ^^^^ warning[out-of-range]: `rO` is -300 but must be between -255 and 255 (default 0)
            "skin": [{"slot": [{"name": "s", "display": [{"name": "d", "pivot": {"x": 1.5, "y": 0.5}}]}]}],
                                                                                      ^^^ warning[out-of-range]: `x` is 1.5 but must be between 0 and 1 (default 0)
            "ik": [{"name": "ik", "bone": "root", "target": "root", "weight": 2}],
                                                            ^^^^^^ error[ik-cycle]: IK constraint `ik` targets `root`, the bone it turns: the runtime waits for the target while sorting bones and never finishes (it hangs)
                                                                              ^ warning[out-of-range]: `weight` is 2 but must be between 0 and 1 (default 1)
            "animation": [{"name": "a", "duration": 2, "playTimes": -2, "bone": [{"name": "root", "frame": [
                                                                    ^^ warning[out-of-range]: `playTimes` is -2 but must be at least 0 (default 1)
              {"duration": 1, "tweenEasing": 3, "curve": [0.5, 0, 1.5, 1]},
                                             ^ warning[out-of-range]: `tweenEasing` is 3 but must be between -1 and 2
                                                                  ^^^ warning[out-of-range]: curve x 1.5 is outside 0–1: control points lie within the key frame
              {"duration": 1, "curve": [0, 0, 1]}
                              ^^^^^^^ warning[arity]: `curve` has 3 numbers: a Bézier easing has 4 (`[x1, y1, x2, y2]`), 10, 16… numbers; DragonBonesJS 5.7 reads the easing from the key frames before this one (NaN before the file's first)
            ]}]}]
          }]
        }
        "#,
    );
}

#[test]
fn out_of_range_numbers_v55_and_56() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.6", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root", "alpha": 1.2}],
                                               ^^^ warning[out-of-range]: `alpha` is 1.2 but must be between 0 and 1 (default 1)
            "slot": [{"name": "s", "parent": "root", "alpha": -0.5}],
                                                              ^^^^ warning[out-of-range]: `alpha` is -0.5 but must be between 0 and 1 (default 1)
            "animation": [{"name": "a", "duration": 2, "slot": [{"name": "s", "colorFrame": [{"duration": 2, "value": {"bM": 101}, "curve": [0, 4, 1, 1]}]}]}]
                                                                                                                             ^^^ warning[out-of-range]: `bM` is 101 but must be between 0 and 100 (default 100)
                                                                                                                                                ^ warning[out-of-range]: curve y 4 is beyond ±3.2767: runtimes store it in 16 bits and it wraps
          }]
        }
        "#,
    );
}

#[test]
fn frames_after_the_end_v45() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "animation": [
              {"name": "short", "duration": 10, "bone": [{"name": "root", "frame": [{"duration": 8}, {"duration": 4}, {"duration": 0}]}]},
                                                                                                                       ^^^^^^^^^^^^^ error[frame-after-end]: this key frame starts at frame 12, after the end of animation `short` (10 frames): runtimes drop it and corrupt the timeline
              {"name": "exact", "duration": 10, "bone": [{"name": "root", "frame": [{"duration": 10}, {"duration": 0}]}]},
              {"name": "single", "duration": 5, "bone": [{"name": "root", "frame": [{"duration": 20}]}]},
              {"name": "empty", "duration": 0, "bone": [{"name": "root", "frame": [{"duration": 1}, {"duration": 1}]}]}
                                            ^ error[frame-after-end]: animation `empty` has duration 0 but timeline `root` (`frame`) has 2 key frames: playing it throws
            ]
          }]
        }
        "#,
    );
}

#[test]
fn frames_after_the_end_v55() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "animation": [
              {"name": "walk", "duration": 6, "frame": [{"duration": 3}, {"duration": 4}, {"duration": 0}],
                                                                                           ^^^^^^^^^^^^^ error[frame-after-end]: this key frame starts at frame 7, after the end of animation `walk` (6 frames): runtimes drop it and corrupt the timeline
               "bone": [{"name": "root", "rotateFrame": [{"duration": 0, "rotate": 1}, {"duration": 6}, {"rotate": 2}]}]},
                                                          ^^^^^^^^^^^^^ warning[out-of-range]: a key frame of duration 0 before the last one shifts every later key frame by one frame
                                                                                                        ^ warning[frame-after-end]: this key frame starts at frame 7 as the runtimes count the durations before it (one of 0 or less as one frame, a fraction rounded up), after the end of animation `walk` (6 frames): they drop it, and a tween into it reads garbage
              {"name": "noduration", "bone": [{"name": "root", "translateFrame": [{"duration": 1}, {"duration": 0}]}]},
               ^^^^^^^^^^^^^^^^^^^^ error[frame-after-end]: animation `noduration` has duration 0 but timeline `root` (`translateFrame`) has 2 key frames: playing it throws
              {"name": "negative", "duration": 2, "bone": [{"name": "root", "scaleFrame": [{"duration": -1}, {"duration": 1}, {"duration": 2}]}]}
                                                                                                        ^^ warning[out-of-range]: `duration` is -1 but must be at least 0 (default 1)
            ]
          }]
        }
        "#,
    );
}

/// Key frames start where DragonBonesJS's (and DragonBonesCPP's) loop over the frames takes them:
/// at the first whole frame at or after the end of the one before, a frame after it at least.
/// `拍`: 2.5 rounds up to 3, then 3.5 to 4, past 3 frames, though the durations add up to 3 (a
/// warning); `揺れ`: a duration of -60 (as the official converter wrote shizuku's) counts as one
/// frame, so the fourth key frame starts at 121 of 120; `長い`: 1e39, too large for an integer,
/// is still a duration (DragonBonesJS poses NaN there), an error.
#[test]
fn frames_pushed_past_the_end_as_runtimes_count_them() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "animation": [
              {"name": "拍", "duration": 3, "bone": [{"name": "root", "rotateFrame": [{"duration": 2.5}, {"duration": 0.5}, {}]}]},
                                                                                                  ^^^ warning[invalid-value]: `duration` must be a whole number, not 2.5 (the C++ runtime asserts on fractions)
                                                                                                                     ^^^ warning[invalid-value]: `duration` must be a whole number, not 0.5 (the C++ runtime asserts on fractions)
                                                                                                                           ^ warning[frame-after-end]: this key frame starts at frame 4 as the runtimes count the durations before it (one of 0 or less as one frame, a fraction rounded up), after the end of animation `拍` (3 frames): they drop it, and a tween into it reads garbage
              {"name": "揺れ", "duration": 120, "bone": [{"name": "root", "translateFrame": [{"duration": -60}, {"duration": 60}, {"duration": 60}, {"duration": 60}, {}]}]},
                                                                                                        ^^^ warning[out-of-range]: `duration` is -60 but must be at least 0 (default 1)
                                                                                                                                                   ^^^^^^^^^^^^^^ warning[frame-after-end]: this key frame starts at frame 121 as the runtimes count the durations before it (one of 0 or less as one frame, a fraction rounded up), after the end of animation `揺れ` (120 frames): they drop it, and a tween into it reads garbage
              {"name": "長い", "duration": 10, "bone": [{"name": "root", "scaleFrame": [{"duration": 1e39}, {"duration": 0}]}]}
                                                                                                   ^^^^ warning[invalid-value]: `duration` is 1e39, too large for the whole number it must be (the C++ runtime asserts on it)
                                                                                                           ^^^^^^^^^^^^^ error[frame-after-end]: this key frame starts at frame 1e39, after the end of animation `長い` (10 frames): runtimes drop it and corrupt the timeline
            ]
          }]
        }
        "#,
    );
}

#[test]
fn unsupported_and_legacy_versions() {
    check_diagnostics(
        "a_ske.json",
        r#"
        {"name": "a", "version": "6.0", "armature": []}
                                 ^^^^^ error[unsupported-version]: unsupported data version `6.0`: runtimes accept 4.0, 4.5, 5.0, 5.5 and 5.6 (older ones also 2.3 and 3.0) and reject anything else
                                                    ^^ error[invalid-value]: `armature` holds no armature: runtimes build nothing from the file
        "#,
    );
}

#[test]
fn compatible_version_is_honoured() {
    check_diagnostics(
        "a_ske.json",
        r#"
        {"name": "a", "version": "6.0", "compatibleVersion": "5.5", "armature": []}
                                                                                ^^ error[invalid-value]: `armature` holds no armature: runtimes build nothing from the file
        "#,
    );
}

#[test]
fn a_30_file_is_legacy() {
    check_diagnostics(
        "skeleton.json",
        r#"
        {"name": "a", "version": "3.0", "isGlobal": 0, "frameRate": 24, "armature": []}
                                 ^^^^^ warning[legacy-version]: data version 3.0 is rejected by current runtimes (DragonBonesJS 5.1 and later, C++, C#): upgrade it to 5.5 with `rigls upgrade` or the quick fix
                                                                                    ^^ error[invalid-value]: `armature` holds no armature: runtimes build nothing from the file
        "#,
    );
}

#[test]
fn versions_as_numbers_missing_versions_and_56_without_compatibility() {
    check_diagnostics(
        "a_ske.json",
        r#"
        {"name": "a", "version": 5.5, "armature": []}
                                 ^^^ warning[invalid-value]: `version` should be a string: write `"5.5"` (the C++ runtime reads it as a string)
                                                  ^^ error[invalid-value]: `armature` holds no armature: runtimes build nothing from the file
        "#,
    );
}

#[test]
fn a_missing_version() {
    check_diagnostics(
        "a_ske.json",
        r#"
        {"name": "a", "frameRate": 24, "armature": []}
         ^^^^^^^^^^^ error[missing-key]: the skeleton has no `version`: runtimes reject data without one (write e.g. `"version": "5.5"`)
                                                   ^^ error[invalid-value]: `armature` holds no armature: runtimes build nothing from the file
        "#,
    );
}

/// Runtimes accept data by its `version` or its `compatibleVersion` (DragonBonesJS
/// `parseDragonBonesData`, DragonBonesCPP `JSONDataParser.cpp:1834-1837`): without the first, a
/// `compatibleVersion` they know still loads it. A legacy one does not.
#[test]
fn a_missing_version_beside_a_compatible_version() {
    check_diagnostics(
        "a_ske.json",
        r#"
        {"name": "a", "compatibleVersion": "5.5", "frameRate": 24, "armature": []}
         ^^^^^^^^^^^ warning[missing-key]: the skeleton has no `version`: runtimes read it by its `compatibleVersion` `5.5` (write `"version"` too, as exporters do)
                                                                               ^^ error[invalid-value]: `armature` holds no armature: runtimes build nothing from the file
        "#,
    );
    check_diagnostics(
        "a_ske.json",
        r#"
        {"name": "a", "compatibleVersion": "2.3", "frameRate": 24, "armature": []}
         ^^^^^^^^^^^ error[missing-key]: the skeleton has no `version`: runtimes reject data without one (write e.g. `"version": "5.5"`)
                                                                               ^^ error[invalid-value]: `armature` holds no armature: runtimes build nothing from the file
        "#,
    );
}

#[test]
fn version_56_without_compatible_version() {
    check_diagnostics(
        "a_ske.json",
        r#"
        {"name": "a", "version": "5.6", "armature": []}
                                 ^^^^^ warning[unsupported-version]: data version 5.6 loads only in DragonBonesJS: add `"compatibleVersion": "5.5"` so the C++ and C# runtimes accept it too
                                                    ^^ error[invalid-value]: `armature` holds no armature: runtimes build nothing from the file
        "#,
    );
}

#[test]
fn typed_timelines_v56() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.6", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "s", "parent": "root"}],
            "skin": [{"slot": [{"name": "s", "display": [{"name": "m", "type": "mesh", "vertices": [0, 0, 1, 0, 0, 1], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2]}]}]}],
            "animation": [
              {"name": "a", "duration": 2, "timeline": [
                {"type": 11, "name": "rot", "frame": [{"duration": 2, "x": 1}]},
                                     ^^^^^ error[unknown-bone]: unknown bone `rot`: armature `hero` has no bone of this name (runtimes drop the timeline); did you mean `root`?
                {"type": 20, "name": "s", "frame": [{"duration": 2, "value": 1}]},
                                                                             ^ warning[index-out-of-range]: display key frame `value` 1 is out of range: slot `s` has 1 display in skin `default` (index 0); DragonBonesJS shows the last one, DragonBonesCPP nothing
                {"type": 22, "name": "mm", "frame": [{"duration": 2, "value": [1]}]},
                                     ^^^^ error[unknown-display]: unknown display `mm`: no skin of armature `hero` has a display of this name (runtimes drop the timeline); did you mean `m`?
                {"type": 22, "name": "m", "frame": [{"duration": 2, "offset": 4, "value": [1, 1, 1]}]},
                                                                                 ^^^^^^^ warning[index-out-of-range]: `offset` 4 plus 3 deltas reaches past the 6 vertex numbers of mesh `m`: runtimes ignore the rest
                {"type": 40, "name": "b", "frame": [{"duration": 2, "value": 0.5}]},
                {"type": 99, "name": "whatever", "frame": []},
                {"name": "untyped", "frame": []}
                 ^^^^^^^^^^^^^^^^^ error[missing-key]: typed timeline `untyped` has no `type`: runtimes ignore the timeline
              ]},
              {"name": "b", "duration": 1}
            ]
          }]
        }
        "#,
    );
}

#[test]
fn versions_as_numbers_read_as_javascript_writes_them() {
    check_diagnostics(
        "a_ske.json",
        r#"
        {"name": "a", "version": 5.0, "armature": []}
                                 ^^^ error[unsupported-version]: the number `5.0` reads as "5" to runtimes, which is no data version: write `"5.0"`
                                                  ^^ error[invalid-value]: `armature` holds no armature: runtimes build nothing from the file
        "#,
    );
}

#[test]
fn arity_v55() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "a", "parent": "root"}, {"name": "b", "parent": "root"}],
            "skin": [{"slot": [{"name": "a", "display": [{
              "name": "m", "type": "mesh", "vertices": [0, 0, 1, 0, 0], "uvs": [0, 0, 1, 0, 0], "triangles": [0, 1],
                                           ^^^^^^^^^^ warning[arity]: `vertices` has 5 numbers: they are x, y pairs (runtimes ignore the last one)
                                                                                                ^^^^^^^^^^^ warning[arity]: `triangles` has 2 indices: they come in threes (runtimes drop the last 2)
              "weights": [1, 0, 1, 1, 0, 1], "slotPose": [1, 0, 0, 1, 0, 0, 0], "bonePose": [0, 1, 0, 0, 1, 0, 0]
                                             ^^^^^^^^^^ error[arity]: `slotPose` has 7 numbers but is a matrix `[a, b, c, d, tx, ty]` of 6
            }]}]}],
            "animation": [{"name": "a", "duration": 2,
              "zOrder": {"frame": [{"duration": 2, "zOrder": [1, -1, 0]}]},
                                                   ^^^^^^^^ error[arity]: `zOrder` has 3 numbers: it holds `[slotIndex, offset]` pairs (runtimes throw on an odd count)
              "bone": [{"name": "root", "rotateFrame": [{"duration": 2, "curve": [0, 0, 1, 1, 1]}]}]}]
                                                                        ^^^^^^^ warning[arity]: `curve` has 5 numbers: a Bézier easing has 4 (`[x1, y1, x2, y2]`), 10, 16… numbers; DragonBonesJS 5.7 reads the easing from the key frames before this one (NaN before the file's first)
          }]
        }
        "#,
    );
}

#[test]
fn a_mesh_without_vertices_v45() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "a", "parent": "root"}],
            "skin": [{"slot": [{"name": "a", "display": [{"name": "m", "type": "mesh", "uvs": [0, 0], "weights": [1, 0, 1]}]}]}]
                                                          ^^^^^^^^^^^ error[missing-key]: mesh display `m` has no `vertices`: runtimes throw while parsing it
          }]
        }
        "#,
    );
}

/// Arrays of numbers: whole numbers written `2.0` are whole, a fraction in `ints` is reported once,
/// and an element that is no number is reported, also when it is a list among numbers.
#[test]
fn number_arrays_are_checked_element_by_element() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "animation": [{"name": "a", "duration": 2, "frame": [
              {"duration": 1, "events": [{"name": "e", "ints": [1, 2.0, -3], "floats": [1.5, -2, 3e2]}]},
              {"duration": 1, "events": [{"name": "f", "ints": [1, 2.5, 3.5], "floats": [1, [2], 3]}]}
                                                                   ^^^ warning[invalid-value]: `ints` holds whole numbers, not 2.5
                                                                                            ^^^ error[invalid-value]: `floats` holds numbers, but this element is an array
            ]}]
          }]
        }
        "#,
    );
}

/// `null` for an object or a list the runtimes read is looked into: DragonBonesJS threw a
/// `TypeError` and DragonBonesCPP printed `Assertion 'IsObject()' failed` (or `IsArray()`) for
/// each marked below; a slot's `parent` null is a bone named "null" to DragonBonesJS, which
/// throws. `null` for a number, a flag, an easing or an action list reads its default, and a
/// timeline's key frames DragonBonesJS passes over (the C++ runtime aborts: `targets`).
#[test]
fn null_where_an_object_or_a_list_is_read_is_an_error() {
    support::check_diagnostics(
        "null_ske.json",
        r#"
        {"name": "空", "version": "5.5", "frameRate": 24,
         "armature": [{"name": "a", "aabb": null, "defaultActions": null,
                                            ^^^^ error[invalid-value]: `aabb` is null where the runtimes read an object: DragonBonesJS throws, the C++ runtime aborts; remove the key or write an object
           "bone": [{"name": "根", "transform": null, "inheritScale": null, "length": null}],
                                               ^^^^ error[invalid-value]: `transform` is null where the runtimes read an object: DragonBonesJS throws, the C++ runtime aborts; remove the key or write an object
           "slot": [{"name": "布", "parent": null}, {"name": "影", "parent": "根", "color": null}],
                                            ^^^^ error[invalid-value]: a slot's `parent` is null: DragonBonesJS looks for a bone named "null" and throws, the C++ runtime aborts; name the slot's bone
                                                                                         ^^^^ error[invalid-value]: `color` is null where the runtimes read an object: DragonBonesJS throws, the C++ runtime aborts; remove the key or write an object
           "skin": [{"slot": [{"name": "影", "display": [{"type": "mesh", "name": "影", "vertices": null, "uvs": [], "triangles": []}]}]}],
                                                                                                  ^^^^ error[invalid-value]: `vertices` is null where the runtimes read a list: DragonBonesJS throws, the C++ runtime aborts; remove the key or write a list
           "animation": [{"name": "揺", "duration": 2, "ffd": null, "frame": [{"duration": 2, "events": null}],
                                                             ^^^^ error[invalid-value]: `ffd` is null where the runtimes read a list: DragonBonesJS throws, the C++ runtime aborts; remove the key or write a list
             "bone": [{"name": "根", "translateFrame": null, "rotateFrame": [{"duration": 2, "tweenEasing": null, "curve": null}]}]}]}]}
                                                                                                                          ^^^^ error[invalid-value]: `curve` is null where the runtimes read a list: DragonBonesJS throws, the C++ runtime aborts; remove the key or write a list
        "#,
    );
    // Path constraints and path displays are DragonBonesJS's: null there throws only in it, and
    // a path constraint's `bones` null it passes over (both harnesses posed vine-pro so).
    support::check_diagnostics(
        "null_paths_ske.json",
        r#"
        {"name": "蔓", "version": "5.5", "frameRate": 24,
         "armature": [{"name": "a", "path": null, "bone": [{"name": "根"}], "slot": [{"name": "線", "parent": "根"}],
                                            ^^^^ error[invalid-value]: `path` is null where DragonBonesJS reads a list: it throws (the C++ runtime does not read it); remove the key or write a list
           "skin": [{"slot": [{"name": "線", "display": [{"type": "path", "name": "線", "vertexCount": 2, "vertices": [0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0], "lengths": null}]}]}]}]}
                                                                                                                                                                     ^^^^ error[invalid-value]: `lengths` is null where DragonBonesJS reads a list: it throws (the C++ runtime does not read it); remove the key or write a list
        "#,
    );
}
