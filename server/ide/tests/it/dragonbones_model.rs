//! The public DragonBones API that hover, completion, go-to-definition and rename build on: the
//! object kind at an offset or JSON path, the keys of a kind and version, and names with ranges.

use rigls_test_support::fixture as support;

use rigls_dragonbones::DragonBonesFile;
use rigls_dragonbones::model::{NameAt, Scope, Site};
use rigls_dragonbones::schema::{self, NameKind, ObjectKind, PathStep, ValueType, Version};
use support::cursor;

const SKELETON: &str = r#"{
  "name": "hero", "version": "4.5",
  "armature": [{
    "name": "hero",
    "bone": [{"name": "root"}, {"name": "arm", "parent": "root"}],
    "slot": [{"name": "hand", "parent": "arm"}],
    "skin": [{"slot": [{"name": "hand", "display": [{"name": "sword", "type": "mesh", "vertices": [0, 0], "uvs": [0, 0], "triangles": []}]}]}],
    "animation": [{"name": "swing", "duration": 2,
      "bone": [{"name": "arm", "frame": [{"duration": 2, "transform": {"skX": 30}}]}],
      "ffd": [{"name": "sword", "skin": "", "slot": "hand", "frame": [{"duration": 2, "vertices": [1]}]}]}]
  }]
}"#;

fn file() -> DragonBonesFile {
    DragonBonesFile::parse(SKELETON).expect("a skeleton")
}

fn offset_of(needle: &str, nth: usize) -> u32 {
    SKELETON.match_indices(needle).nth(nth).expect(needle).0 as u32
}

#[test]
fn the_object_kind_at_an_offset() {
    let f = file();
    let at = |needle: &str, nth: usize| f.object_at(SKELETON, offset_of(needle, nth) + 1).map(|(_, k)| k);
    assert_eq!(at("\"parent\": \"root\"", 0), Some(ObjectKind::Bone));
    assert_eq!(at("\"type\": \"mesh\"", 0), Some(ObjectKind::Display));
    assert_eq!(at("\"skX\"", 0), Some(ObjectKind::Transform));
    assert_eq!(at("\"duration\": 2, \"transform\"", 0), Some(ObjectKind::BoneFrame));
    assert_eq!(at("\"skin\": \"\"", 0), Some(ObjectKind::FfdTimeline));
    assert_eq!(at("\"version\"", 0), Some(ObjectKind::Skeleton));
    let (node, _) = f.object_at(SKELETON, offset_of("\"skX\"", 0)).unwrap();
    let path: Vec<String> = f
        .json_path(SKELETON, node)
        .iter()
        .map(|s| match s {
            PathStep::Key(k) => k.clone(),
            PathStep::Index(i) => i.to_string(),
        })
        .collect();
    assert_eq!(path.join("/"), "armature/0/animation/0/bone/0/frame/0/transform");
}

#[test]
fn keys_of_a_kind_depend_on_the_version() {
    let names = |kind, version| schema::keys(kind, Some(version)).map(|k| k.name).collect::<Vec<_>>();
    let v45 = names(ObjectKind::BoneTimeline, Version::V4_5);
    let v55 = names(ObjectKind::BoneTimeline, Version::V5_5);
    assert!(v45.contains(&"frame") && !v45.contains(&"translateFrame"), "{v45:?}");
    assert!(v55.contains(&"translateFrame") && !v55.contains(&"frame"), "{v55:?}");
    let def = schema::key_def(ObjectKind::Slot, "blendMode", Some(Version::V5_5)).unwrap();
    assert!(matches!(def.ty, ValueType::Enum(e) if e.names().any(|n| n == "multiply")));
    assert_eq!(def.default, Some("\"normal\""));
    let color = schema::key_def(ObjectKind::Color, "aM", None).unwrap();
    assert_eq!(color.bounds.map(|b| b.describe()), Some("between 0 and 100".to_owned()));
    assert!(color.example.starts_with("\"aM\":") && !color.doc.is_empty());
}

#[test]
fn names_with_ranges_for_navigation() {
    let f = file();
    let model = &f.model;
    assert_eq!(model.generation(), schema::Generation::V4);
    // The `parent` of bone `arm` refers to bone `root`.
    let (text, offset) = cursor(&SKELETON.replacen("\"parent\": \"root\"", "\"parent\": \"ro$0ot\"", 1));
    assert_eq!(text, SKELETON);
    let Some(NameAt::Ref(r)) = model.name_at(offset) else { panic!("a reference at the cursor") };
    assert_eq!((r.kind, r.site, r.name.as_str()), (NameKind::Bone, Site::BoneParent, "root"));
    let def = model.resolve(r).expect("resolves");
    assert_eq!(def.range.slice(SKELETON), "\"root\"");
    assert_eq!(def.index, 0);
    // Every use of bone `arm`: a slot parent and a bone timeline.
    let arm = model.lookup(NameKind::Bone, Scope::Armature(0), "arm").unwrap();
    let sites: Vec<Site> = model.references_to(arm).map(|r| r.site).collect();
    assert_eq!(sites, [Site::SlotParent, Site::BoneTimeline]);
    // The deform timeline's mesh resolves to the display in skin "" (the default skin).
    let mesh = model.refs.iter().find(|r| r.site == Site::FfdDisplay).unwrap();
    let display = model.resolve(mesh).unwrap();
    assert_eq!((display.kind, display.name.as_str()), (NameKind::Display, "sword"));
    let skin = model.refs.iter().find(|r| r.site == Site::FfdSkin).unwrap();
    assert_eq!(model.resolve(skin).map(|d| d.implicit), Some(true), "an unnamed skin is `default`");
    // Slot `hand` shows one display in the default skin.
    assert_eq!(model.default_displays(0, "hand").map(|s| s.displays.len()), Some(1));
    // Completing a bone name inside the armature: its bones, in order.
    let armature = model.armature_at(&f.tree, offset).expect("inside the armature");
    let bones: Vec<&str> = model.defs_in(NameKind::Bone, Scope::Armature(armature)).map(|d| d.name.as_str()).collect();
    assert_eq!(bones, ["root", "arm"]);
    assert_eq!(model.armature_at(&f.tree, 0), None);
}
