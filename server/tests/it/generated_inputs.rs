//! The benchmark generators (`benches/gen/`) write valid files: `rigls --check` finds nothing in
//! them, at a small size, in every shape the benchmarks use (the `.elem` model, the DragonBones
//! skeleton indented and minified onto one line).

use crate::cli_support;
use rigls_test_support::generate;

use cli_support::Scratch;

fn check_clean(name: &str, text: &str) {
    let scratch = Scratch::new();
    scratch.write(name, text);
    let run = scratch.run(&["--check", "--format", "json", name]);
    assert_eq!(run.stdout, "[]\n", "{name} has diagnostics:\n{}", run.stdout);
    run.expect_code(0);
}

#[test]
fn generated_elem_model_is_clean() {
    let text = generate::elem::model(150_000);
    assert!(text.len() >= 150_000, "{} bytes", text.len());
    assert!(text.contains("MeshContainerCount=") && text.contains("UVAnimation {"));
    check_clean("model.elem", &text);
}

#[test]
fn generated_skeleton_is_clean_indented_and_minified() {
    for pretty in [true, false] {
        let text = generate::dragonbones::skeleton(if pretty { 2_500_000 } else { 1_000_000 }, pretty);
        assert!(text.len() >= 1_000_000, "{} bytes", text.len());
        assert_eq!(text.trim_end().lines().count() == 1, !pretty, "minified is one line");
        // The same document either way.
        let value: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
        assert_eq!(value["version"], "5.5");
        assert!(value["armature"].as_array().is_some_and(|a| a.len() >= 2));
        check_clean("army_ske.json", &text);
    }
}

#[test]
fn generators_are_deterministic_and_grow_with_the_target() {
    assert_eq!(generate::elem::model(100_000), generate::elem::model(100_000));
    assert_eq!(generate::dragonbones::skeleton(100_000, false), generate::dragonbones::skeleton(100_000, false));
    for target in [100_000, 3_000_000] {
        let elem = generate::elem::model(target).len();
        assert!((target..target + target / 2).contains(&elem), "{target}: {elem}");
    }
    for target in [3_000_000, 10_000_000] {
        let skeleton = generate::dragonbones::skeleton(target, false).len();
        assert!((target..target + target / 4).contains(&skeleton), "{target}: {skeleton}");
    }
}
