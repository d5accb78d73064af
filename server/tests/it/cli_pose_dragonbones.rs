//! `rigls pose SKELETON --target dragonbones-cpp`: the C++ runtime's 32-bit floats, printed as
//! people and scripts read them.

use crate::cli_support::Scratch;
use expect_test::expect;

/// A translation past ±3.4e38 reads infinity in DragonBonesCPP, and its `concat` makes the other
/// coordinate NaN (the runtime printed `[1,0,-0,1,inf,-nan]`); DragonBonesJS reads it finite.
const FAR: &str = r#"{"version":"5.5","frameRate":24,"name":"遠","armature":[{"name":"勇者","bone":[{"name":"根"},{"name":"体","parent":"根","transform":{"y":-48,"x":1e39}}]}]}"#;

#[test]
fn infinities_print_as_javascript_writes_them_and_json_has_null() {
    let scratch = Scratch::new();
    scratch.write("far_ske.json", FAR);
    let run = scratch.run(&["pose", "far_ske.json", "--target", "dragonbones-cpp"]);
    run.expect_code(0);
    expect![[r#"
        armature "勇者", setup pose, time 0s

        bones (global matrix a b c d tx ty)
          根     1 0 0 1 0 0
          体     1 0 0 1 Infinity NaN

        slots (display index, draw order, mesh vertices)
    "#]]
    .assert_eq(&run.stdout);
    let json = scratch.run(&["pose", "far_ske.json", "--target", "dragonbones-cpp", "--format", "json"]);
    expect![[r#"{"armature":"勇者","animation":null,"time":0,"bones":[{"name":"根","matrix":[1,0,0,1,0,0]},{"name":"体","matrix":[1,0,0,1,null,null]}],"slots":[]}"#]]
        .assert_eq(json.stdout.trim_end());
    let js = scratch.run(&["pose", "far_ske.json"]);
    assert!(js.stdout.contains("体     1 0 0 1 999999999999999939709166371603178586112 -48"), "{}", js.stdout);
}

/// A skeleton with a NUL after it (a copy written from a C string): DragonBonesCPP, handed
/// `c_str()`, reads the document and stops; `JSON.parse` refuses it. `pose` refuses or poses it
/// as `--check` judges it for the target it poses as (the command line's, else `rigls.toml`'s).
#[test]
fn a_nul_after_the_document_is_posed_for_the_runtimes_that_read_up_to_it() {
    let scratch = Scratch::new();
    let skeleton = r#"{"version":"5.5","frameRate":24,"name":"c","armature":[{"name":"a","bone":[{"name":"根"}]}]}"#;
    scratch.write("c_ske.json", &format!("{skeleton}\0"));
    let js = scratch.run(&["pose", "c_ske.json"]);
    js.expect_code(2);
    expect![[r#"
        error: `c_ske.json` has an error, so it is not posed (`rigls --check` shows them in full):
          1:92: unexpected `␀` after the end of the JSON document: a file holds one value [syntax]
    "#]]
    .assert_eq(&js.stderr);
    let cpp = scratch.run(&["pose", "c_ske.json", "--target", "dragonbones-cpp"]);
    cpp.expect_code(0);
    expect![[r#"
        armature "a", setup pose, time 0s

        bones (global matrix a b c d tx ty)
          根     1 0 0 1 0 0

        slots (display index, draw order, mesh vertices)
    "#]]
    .assert_eq(&cpp.stdout);
    scratch.write("rigls.toml", "[dragonbones]\ntargets = [\"godot\"]\n");
    scratch.run(&["pose", "c_ske.json"]).expect_code(0);
    // The command line's target of the format replaces the file's.
    scratch.run(&["pose", "c_ske.json", "--target", "dragonbones-js"]).expect_code(2);
}

/// Numbers written as strings in a mesh: DragonBonesJS converts them, DragonBonesCPP's
/// `GetDouble` aborts the load; `pose --target dragonbones-cpp` does not pose what the runtime
/// cannot load.
#[test]
fn what_the_cpp_runtime_cannot_load_is_not_posed_for_it() {
    let scratch = Scratch::new();
    let skeleton = r#"{"version":"5.5","frameRate":24,"name":"q","armature":[{"name":"a","bone":[{"name":"root"}],"slot":[{"name":"s","parent":"root"}],"skin":[{"slot":[{"name":"s","display":[{"type":"mesh","name":"m","vertices":["0",0,10,0,0,10],"uvs":[0,0,1,0,0,1],"triangles":[0,1,2],"width":10,"height":10}]}]}]}]}"#;
    scratch.write("q_ske.json", skeleton);
    scratch.run(&["pose", "q_ske.json"]).expect_code(0);
    let cpp = scratch.run(&["pose", "q_ske.json", "--target", "dragonbones-cpp"]);
    cpp.expect_code(2);
    expect![[r#"
        error: `q_ske.json` has an error, so it is not posed (`rigls --check` shows them in full):
          1:209: dragonbones-cpp reads `vertices`'s numbers with rapidjson's `GetDouble`, and "0" is a string: its assertion aborts the runtime (a build without assertions reads garbage); write the number without quotes [target-load-failure]
    "#]].assert_eq(&cpp.stderr);
}

/// Errors the runtime loads past do not stop the pose: an action naming no animation plays
/// nothing, and a draw-order move outside the slots DragonBonesJS keeps as a property of its
/// array (both real exports: Dragon.json of DragonBonesMG and 503_ske.json of korge-dragonbones,
/// which DragonBonesJS posed as rigls now does: here both slots at draw position 1, as its harness
/// printed). DragonBonesCPP writes that move outside its vector and crashed: for it, a load
/// failure, and no pose.
#[test]
fn errors_the_runtime_loads_past_are_noted_and_the_file_posed() {
    let scratch = Scratch::new();
    let skeleton = r#"{"version": "5.5", "frameRate": 24, "name": "z", "armature": [{"name": "a", "bone": [{"name": "根"}],
 "slot": [{"name": "前", "parent": "根"}, {"name": "後", "parent": "根"}],
 "skin": [{"slot": [{"name": "前", "display": [{"name": "p"}]}, {"name": "後", "display": [{"name": "q"}]}]}],
 "animation": [{"name": "入替", "duration": 2, "frame": [{"duration": 2, "actions": [{"type": 0, "name": "無い"}]}],
   "zOrder": {"frame": [{"duration": 2, "zOrder": [1, -2]}]}}]}]}"#;
    scratch.write("z_ske.json", skeleton);
    let js = scratch.run(&["pose", "z_ske.json", "--animation", "入替", "--time", "0.01"]);
    js.expect_code(0);
    expect![[r#"
        note: `z_ske.json` has 2 errors that the runtime loads past (`rigls --check` shows them in full); posed as it poses the file:
          4:104: unknown animation `無い`: armature `a` has no animation of this name (the action plays nothing) [unknown-animation]
          5:55: slot 1 moved by -2 lands at -1, outside the slots: armature `a` has 2 slots (0–1) [index-out-of-range]
    "#]]
    .assert_eq(&js.stderr);
    expect![[r#"
        armature "a", animation "入替", time 0.01s

        bones (global matrix a b c d tx ty)
          根     1 0 0 1 0 0

        slots (display index, draw order, mesh vertices)
          前     display  0  z   1
          後     display  0  z   1
    "#]]
    .assert_eq(&js.stdout);
    let cpp = scratch.run(&["pose", "z_ske.json", "--target", "dragonbones-cpp"]);
    cpp.expect_code(2);
    expect![[r#"
        error: `z_ske.json` has an error, so it is not posed (`rigls --check` shows them in full):
          5:55: dragonbones-cpp writes slot 1's draw position at -1, outside its list of 2 (`zOrders[slotIndex + offset]`, an unsigned index): the runtime crashes parsing the file; move the slot within 0–1 [target-load-failure]
    "#]]
    .assert_eq(&cpp.stderr);
}
