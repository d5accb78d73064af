use expect_test::{Expect, expect};
use rigls_ide::{self as ide, HighlightKind};

use super::{ATLAS55, Fixture, V23, V45, V55, edited};
use crate::ide_support::range;

/// The text of another file of the fixture (its atlas).
fn other<'a>(fixture: &Fixture, path: &std::path::Path) -> &'a str {
    let (name, text) = fixture.atlas.expect("a target in another file");
    assert_eq!(path, std::path::Path::new(name));
    text
}

fn definition(fixture: Fixture, marker: &str, expect: Expect) {
    let rendered = fixture.check_at(marker, |a, t, o| {
        ide::goto_definition(a, o)
            .iter()
            .map(|target| match &target.file {
                None => {
                    assert!(target.full_range.contains_range(target.focus_range));
                    format!("{} in {}\n", range(t, target.focus_range), range(t, target.full_range))
                }
                Some(path) => {
                    let text = other(&fixture, path);
                    format!("{}: {}\n", path.display(), range(text, target.focus_range))
                }
            })
            .collect()
    });
    expect.assert_eq(&rendered);
}

fn references(fixture: Fixture, marker: &str, include_declaration: bool, expect: Expect) {
    let rendered = fixture.check_at(marker, |a, t, o| {
        ide::references(a, o, include_declaration)
            .iter()
            .map(|l| match &l.file {
                None => format!("{}\n", range(t, l.range)),
                Some(path) => format!("{}: {}\n", path.display(), range(other(&fixture, path), l.range)),
            })
            .collect()
    });
    expect.assert_eq(&rendered);
}

fn highlights(fixture: Fixture, marker: &str, expect: Expect) {
    let rendered = fixture.check_at(marker, |a, t, o| {
        ide::highlights(a, o)
            .iter()
            .map(|h| format!("{} {}\n", if h.kind == HighlightKind::Write { "def" } else { "use" }, range(t, h.range)))
            .collect()
    });
    expect.assert_eq(&rendered);
}

#[test]
fn definition_of_bones_slots_animations_and_constraints_v55() {
    definition(
        V55,
        "\"parent\": \"頭$0\", \"displayIndex\"",
        expect![[r#"
        14:15 "\"頭\"" in 14:5 "{ \"name\": \"頭\", \"parent\": \"体\", \"transform\": { \"y\": -40 } }"
    "#]],
    );
    definition(
        V55,
        "\"slot\": \"マ$0ント\"",
        expect![[r#"
        20:15 "\"マント\"" in 20:5 "{ \"name\": \"マント\", \"parent\": \"体\" }"
    "#]],
    );
    definition(
        V55,
        "\"gotoAndPlay\": \"$0待機\"",
        expect![[r#"
        50:14 "\"待機\"" in 49:5 "{\n\t\t\t\t\t\"name\": \"待機\",\n\t\t\t\t\t\"duration\": 20,\n\t\t\t\t\t\"playTimes\": 0,\n\t\t\t\t\t\"frame\": [{ \"duration\": 20, \"events\": [{ \"name\": \"足音\", \"bone\": \"体\" }] }],\n\t\t\t\t\t\"zOrder\": { \"frame\": [{ \"duration\": 10, \"zOrder\": [0, 2] }, { \"duration\": 10 }] },\n\t\t\t\t\t\"bone\": [\n\t\t\t\t\t\t{ \"name\": \"頭\", \"rotateFrame\": [{ \"duration\": 10, \"tweenEasing\": 0, \"rotate\": 10 }, { \"duration\": 10, \"rotate\": 0 }] }\n\t\t\t\t\t],\n\t\t\t\t\t\"slot\": [\n\t\t\t\t\t\t{\n\t\t\t\t\t\t\t\"name\": \"頭\",\n\t\t\t\t\t\t\t\"displayFrame\": [{ \"duration\": 10, \"value\": 1 }, { \"duration\": 10, \"value\": 0 }],\n\t\t\t\t\t\t\t\"colorFrame\": [{ \"duration\": 20, \"value\": { \"rM\": 50, \"rO\": 40 } }]\n\t\t\t\t\t\t}\n\t\t\t\t\t],\n\t\t\t\t\t\"ffd\": [{ \"name\": \"マント\", \"slot\": \"マント\", \"frame\": [{ \"duration\": 20, \"vertices\": [1, 1] }] }]\n\t\t\t\t}"
    "#]],
    );
    definition(
        V55,
        "\"bone\": \"腕$0\", \"target\"",
        expect![[r#"
        15:15 "\"腕\"" in 15:5 "{ \"name\": \"腕\", \"parent\": \"体\" }"
    "#]],
    );
    // A definition is its own definition.
    definition(
        V55,
        "{ \"name\": \"根$0\" }",
        expect![[r#"
        12:15 "\"根\"" in 12:5 "{ \"name\": \"根\" }"
    "#]],
    );
}

#[test]
fn definition_of_a_texture_is_in_the_atlas() {
    definition(
        V55,
        "\"path\": \"parts/体$0\"",
        expect![[r#"
        勇者_tex.json: 7:13 "\"parts/体\""
    "#]],
    );
    // A 4.5 display named after its texture.
    definition(
        V45,
        "{ \"name\": \"胴2$0\" }",
        expect![[r#"
        ロボ_tex.json: 6:13 "\"胴2\""
    "#]],
    );
}

#[test]
fn definition_of_an_index() {
    definition(
        V55,
        "\"displayIndex\": 1$0",
        expect![[r#"
        27:61 "\"頭_怒り\"" in 27:51 "{ \"name\": \"頭_怒り\", \"path\": \"parts/頭_怒り\" }"
    "#]],
    );
    definition(
        V55,
        "\"bonePose\": [1$0, 1",
        expect![[r#"
        13:15 "\"体\"" in 13:5 "{ \"name\": \"体\", \"parent\": \"根\", \"length\": 40 }"
    "#]],
    );
    definition(
        V55,
        "\"zOrder\": [0$0, 2]",
        expect![[r#"
        18:15 "\"体\"" in 18:5 "{ \"name\": \"体\", \"parent\": \"体\", \"color\": { \"aM\": 50, \"rM\": 100, \"gM\": 80, \"bM\": 80 } }"
    "#]],
    );
    // The second number of a pair is an offset, not an index.
    definition(V55, "\"zOrder\": [0, 2$0]", expect![[""]]);
}

#[test]
fn definition_in_the_23_layout() {
    // The merged timeline names the bone; the slot is defined in the skin.
    definition(
        V23,
        "\"timeline\": [{ \"name\": \"尾$0\"",
        expect![[r#"
        10:15 "\"尾\"" in 10:5 "{ \"name\": \"尾\", \"parent\": \"胴\", \"transform\": { \"x\": 10 } }"
    "#]],
    );
    definition(
        V23,
        "\"parent\": \"尾$0\", \"z\"",
        expect![[r#"
        10:15 "\"尾\"" in 10:5 "{ \"name\": \"尾\", \"parent\": \"胴\", \"transform\": { \"x\": 10 } }"
    "#]],
    );
}

#[test]
fn references_of_a_bone_with_and_without_its_definition() {
    references(
        V55,
        "{ \"name\": \"頭$0\", \"parent\": \"体\"",
        true,
        expect![[r#"
        14:15 "\"頭\""
        19:30 "\"頭\""
        47:51 "\"頭\""
        56:17 "\"頭\""
    "#]],
    );
    references(
        V55,
        "{ \"name\": \"頭$0\", \"parent\": \"体\"",
        false,
        expect![[r#"
        19:30 "\"頭\""
        47:51 "\"頭\""
        56:17 "\"頭\""
    "#]],
    );
}

#[test]
fn references_of_a_texture_include_the_atlas() {
    references(
        V55,
        "\"path\": \"parts/マ$0ント\"",
        true,
        expect![[r#"
        勇者_tex.json: 10:13 "\"parts/マント\""
        34:18 "\"parts/マント\""
    "#]],
    );
}

#[test]
fn highlights_of_a_slot_and_an_unknown_name() {
    highlights(
        V55,
        "{ \"name\": \"マン$0ト\", \"parent\"",
        expect![[r#"
        def 20:15 "\"マント\""
        use 29:16 "\"マント\""
        use 65:39 "\"マント\""
    "#]],
    );
    let fixture = V55.with(edited(V55.text, "\"bone\": \"体\" }]", "\"bone\": \"首\" }]"));
    let fixture = fixture.with(edited(fixture.text, "\"bone\": \"腕\", \"target\"", "\"bone\": \"首\", \"target\""));
    highlights(
        fixture,
        "\"bone\": \"首$0\" }]",
        expect![[r#"
        use 47:36 "\"首\""
        use 53:69 "\"首\""
    "#]],
    );
}

#[test]
fn nothing_on_keys_or_plain_numbers_and_atlas_textures_define_themselves() {
    definition(V55, "\"dura$0tion\": 20", expect![[""]]);
    highlights(V55, "\"length\": 4$00", expect![[""]]);
    definition(
        ATLAS55,
        "\"name\": \"頭$0\"",
        expect![[r#"
        8:13 "\"頭\"" in 8:3 "{ \"name\": \"頭\", \"x\": 64, \"y\": 0, \"width\": 48, \"height\": 48 }"
    "#]],
    );
}

/// An atlas's `imagePath` links to the image beside it, where the image exists; so does each
/// inline `textureAtlas` of a skeleton, and a missing image is no link.
#[test]
fn atlas_images_link_to_their_files() {
    let fs = rigls_diagnostic::env::MemoryFs::default().with("キャラ/勇者_tex.png", "").with("キャラ/images/ä.png", "");
    let render = |a: &ide::Analysis, t: &str, _| -> String {
        ide::document_links(a, &fs)
            .iter()
            .map(|l| format!("{} → {} ({})\n", range(t, l.range), l.target.display(), l.tooltip))
            .collect()
    };
    let atlas = "{\"name\": \"勇者\", \"imagePath\": \"勇者_tex.png\", \"width\": 64, \"height\": 64,\n \"SubTexture\": [{\"name\": \"剣\", \"x\": 0, \"y\": 0, \"width\": 8, \"height\": 8}]}\n";
    expect![[r#"
        1:30 "勇者_tex.png" → キャラ/勇者_tex.png (Open the atlas image)
    "#]]
    .assert_eq(&crate::ide_support::check_variants_of("キャラ/勇者_tex.json", &[], atlas, None, render));
    let skeleton = "{\"name\": \"勇者\", \"version\": \"5.6\", \"frameRate\": 24,\n \"armature\": [{\"name\": \"勇者\", \"bone\": [{\"name\": \"root\"}]}],\n \"textureAtlas\": [\n  {\"name\": \"a\", \"imagePath\": \"images/ä.png\", \"SubTexture\": []},\n  {\"name\": \"b\", \"imagePath\": \"images/missing.png\", \"SubTexture\": []}\n ]}\n";
    expect![[r#"
        4:31 "images/ä.png" → キャラ/images/ä.png (Open the atlas image)
    "#]]
    .assert_eq(&crate::ide_support::check_variants_of("キャラ/勇者_ske.json", &[], skeleton, None, render));
}
