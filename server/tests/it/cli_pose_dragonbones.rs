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
