//! The JSON Schemas for DragonBones files in `editors/schemas/`: they are what `generate` makes
//! from the schema tables (`UPDATE_EXPECT=1 cargo test -p rigls-ide --test it dragonbones_schema`
//! rewrites them), valid draft-07 schemas, every real file of `../shared/corpus/dragonbones/`
//! validates against the right one, and broken files do not, with the error where the problem is.

mod generate;

use std::path::{Path, PathBuf};

use rigls_dragonbones::schema::ObjectKind;
use serde_json::{Value, json};

fn repo() -> PathBuf {
    rigls_test_support::server_dir().join("..")
}

fn load(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn schema(name: &str) -> Value {
    load(&repo().join("editors/schemas").join(name))
}

#[test]
fn the_committed_schemas_are_generated_from_the_tables() {
    for (name, root) in [
        ("dragonbones-skeleton.schema.json", ObjectKind::Skeleton),
        ("dragonbones-atlas.schema.json", ObjectKind::Atlas),
    ] {
        let path = repo().join("editors/schemas").join(name);
        let generated = generate::json_schema(root);
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            std::fs::write(&path, &generated).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == generated,
            "editors/schemas/{name} differs from the schema tables: \
             UPDATE_EXPECT=1 cargo test -p rigls-ide --test it dragonbones_schema"
        );
    }
}

fn validator(name: &str) -> jsonschema::Validator {
    let schema = schema(name);
    jsonschema::meta::validate(&schema).unwrap_or_else(|e| panic!("{name} is not a valid schema: {e}"));
    jsonschema::draft7::new(&schema).unwrap_or_else(|e| panic!("{name} does not compile: {e}"))
}

fn skeleton() -> jsonschema::Validator {
    validator("dragonbones-skeleton.schema.json")
}

fn atlas() -> jsonschema::Validator {
    validator("dragonbones-atlas.schema.json")
}

/// Every error as `pointer: message`.
fn errors(validator: &jsonschema::Validator, instance: &Value) -> Vec<String> {
    validator.iter_errors(instance).map(|e| format!("{}: {e}", e.instance_path())).collect()
}

/// `shared/` beside the repository (CI), or beside the folder of worktrees (development).
fn corpus() -> Option<PathBuf> {
    [repo().join("../shared"), repo().join("../../shared")]
        .into_iter()
        .map(|shared| shared.join("corpus/dragonbones"))
        .find(|dir| dir.is_dir())
}

#[test]
fn every_corpus_file_validates_against_its_schema() {
    let Some(dir) = corpus() else {
        println!("skipped: ../shared/corpus/dragonbones is absent");
        return;
    };
    let (skeleton, atlas) = (skeleton(), atlas());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let (mut skeletons, mut atlases, mut failures) = (0, 0, Vec::new());
    for path in &files {
        let instance = load(path);
        let is_atlas = instance.get("SubTexture").is_some();
        let found = if is_atlas { errors(&atlas, &instance) } else { errors(&skeleton, &instance) };
        if is_atlas {
            atlases += 1;
        } else {
            skeletons += 1;
        }
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        failures.extend(found.into_iter().take(5).map(|e| format!("{name}: {e}")));
    }
    println!("validated {skeletons} skeletons and {atlases} atlases from {}", dir.display());
    // Key frames of negative duration, which the tables' range rejects (and `rigls --check` warns
    // about, out-of-range): DragonBones Tools wrote them converting this file to 5.6.
    let negative_duration = |timeline: usize| {
        format!(
            "30_ske_v5.6_DBJS_shizuku_ske.json: /armature/0/animation/28/timeline/{timeline}/frame/0/duration: \
             -60 is less than the minimum of 0"
        )
    };
    assert_eq!(failures, (0..4).map(negative_duration).collect::<Vec<_>>());
    assert_eq!((skeletons, atlases), (22, 8), "the corpus holds 22 skeletons and 8 atlases");
}

#[test]
fn a_small_valid_skeleton_and_atlas_pass() {
    let ske = json!({
        "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
        "armature": [{
            "name": "hero", "type": "Armature",
            "bone": [{"name": "root"}, {"name": "arm", "parent": "root", "transform": {"x": 10, "skX": 30, "skY": 30}}],
            "slot": [{"name": "arm", "parent": "arm", "blendMode": "ADD", "color": {"aM": 50}}],
            "skin": [{"slot": [{"name": "arm", "display": [
                {"name": "arm", "pivot": {"x": 0.5, "y": 1}},
                null,
                {"type": "mesh", "name": "cloth", "vertices": [0, 0, 1, 0, 1, 1], "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 2]}
            ]}]}],
            "animation": [{"name": "wave", "duration": 10, "playTimes": 0,
                "frame": [{"duration": 10, "events": [{"name": "step", "bone": "arm"}]}],
                "bone": [{"name": "arm", "rotateFrame": [{"duration": 5, "tweenEasing": 0, "rotate": 45}, {"duration": 0, "curve": [0.5, 0, 0.5, 1]}]}],
                "slot": [{"name": "arm", "displayFrame": [{"value": -1}], "colorFrame": [{"tweenEasing": null, "value": {}}]}]
            }],
            "defaultActions": [{"gotoAndPlay": "wave"}]
        }]
    });
    assert_eq!(errors(&skeleton(), &ske), Vec::<String>::new());
    let tex = json!({"name": "hero", "imagePath": "hero_tex.png", "width": 64, "height": 64,
        "SubTexture": [{"name": "parts/arm", "x": 0, "y": 0, "width": 32, "height": 64, "frameX": -2, "frameY": 0, "frameWidth": 36, "frameHeight": 64}]});
    assert_eq!(errors(&atlas(), &tex), Vec::<String>::new());
}

/// A broken skeleton, and the pointer of the value the schema must reject.
fn broken_skeletons() -> Vec<(&'static str, Value, &'static str)> {
    let armature = |extra: Value| {
        let mut a = json!({"name": "a", "bone": [{"name": "root"}], "slot": [{"name": "s", "parent": "root"}]});
        a.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        json!({"version": "5.5", "armature": [a]})
    };
    vec![
        ("no version", json!({"armature": []}), ""),
        ("armature is not an array", json!({"version": "5.5", "armature": {"name": "a"}}), "/armature"),
        ("misspelt bone key", armature(json!({"bone": [{"name": "root", "parnet": "x"}]})), "/armature/0/bone/0"),
        ("slot without parent", armature(json!({"slot": [{"name": "s"}]})), "/armature/0/slot/0"),
        (
            "colour multiplier over 100",
            armature(json!({"slot": [{"name": "s", "parent": "root", "color": {"aM": 300}}]})),
            "/armature/0/slot/0/color/aM",
        ),
        (
            "unknown blend mode",
            armature(json!({"slot": [{"name": "s", "parent": "root", "blendMode": "glow"}]})),
            "/armature/0/slot/0/blendMode",
        ),
        (
            "mesh without vertices",
            armature(json!({"skin": [{"slot": [{"name": "s", "display": [{"type": "mesh", "name": "m"}]}]}]})),
            "/armature/0/skin/0/slot/0/display/0",
        ),
        (
            "weights without poses",
            armature(
                json!({"skin": [{"slot": [{"name": "s", "display": [{"type": "mesh", "vertices": [0, 0], "weights": [1, 0, 1]}]}]}]}),
            ),
            "/armature/0/skin/0/slot/0/display/0",
        ),
        (
            "array-form action",
            armature(json!({"defaultActions": [["gotoAndPlay", "walk"]]})),
            "/armature/0/defaultActions/0",
        ),
        (
            "negative playTimes",
            armature(json!({"animation": [{"name": "w", "playTimes": -1}]})),
            "/armature/0/animation/0/playTimes",
        ),
        (
            "string number",
            armature(json!({"bone": [{"name": "root", "transform": {"x": "10"}}]})),
            "/armature/0/bone/0/transform/x",
        ),
        (
            "IK weight over 1",
            armature(json!({"ik": [{"bone": "root", "target": "root", "weight": 2}]})),
            "/armature/0/ik/0/weight",
        ),
        (
            "curve too short",
            armature(json!({"animation": [{"bone": [{"name": "root", "translateFrame": [{"curve": [0, 1, 1]}]}]}]})),
            "/armature/0/animation/0/bone/0/translateFrame/0/curve",
        ),
        (
            "unknown typed timeline",
            armature(json!({"animation": [{"timeline": [{"type": 99, "name": "root"}]}]})),
            "/armature/0/animation/0/timeline/0/type",
        ),
    ]
}

#[test]
fn broken_skeletons_fail_where_the_problem_is() {
    let skeleton = skeleton();
    for (what, instance, pointer) in broken_skeletons() {
        let found: Vec<String> = validator_errors_at(&skeleton, &instance);
        assert!(found.iter().any(|p| p == pointer), "{what}: expected an error at `{pointer}`, got {found:?}");
    }
}

fn validator_errors_at(validator: &jsonschema::Validator, instance: &Value) -> Vec<String> {
    validator.iter_errors(instance).map(|e| e.instance_path().to_string()).collect()
}

#[test]
fn broken_atlases_fail_where_the_problem_is() {
    let atlas = atlas();
    for (what, instance, pointer) in [
        ("SubTexture is not an array", json!({"name": "a", "imagePath": "a.png", "SubTexture": {}}), "/SubTexture"),
        ("misspelt region key", json!({"SubTexture": [{"name": "a", "widht": 1, "height": 1}]}), "/SubTexture/0"),
        ("negative width", json!({"SubTexture": [{"name": "a", "width": -4}]}), "/SubTexture/0/width"),
        ("misspelt key", json!({"imagepath": "a.png", "SubTexture": []}), ""),
    ] {
        let found = validator_errors_at(&atlas, &instance);
        assert!(found.iter().any(|p| p == pointer), "{what}: expected an error at `{pointer}`, got {found:?}");
    }
}

#[test]
fn the_inline_atlas_of_a_skeleton_is_the_atlas_schema() {
    let skeleton = schema("dragonbones-skeleton.schema.json");
    let atlas = schema("dragonbones-atlas.schema.json");
    let inline = &skeleton["definitions"]["atlas"];
    for key in ["type", "required", "properties", "additionalProperties"] {
        assert_eq!(inline[key], atlas[key], "definitions/textureAtlas/{key} differs from the atlas schema");
    }
    assert_eq!(skeleton["definitions"]["subTexture"], atlas["definitions"]["subTexture"]);
}
