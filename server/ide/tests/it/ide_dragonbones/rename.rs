use expect_test::{Expect, expect};
use rigls_ide as ide;

use super::{ATLAS55, Fixture, V23, V45, V55, edited};
use crate::ide_support::{range, render_edits};

/// The range prepareRename answers, or why it refuses.
fn prepare(fixture: Fixture, marker: &str, expect: Expect) {
    let rendered = fixture.check_at(marker, |a, t, o| match ide::prepare_rename(a, o) {
        Ok(r) => range(t, r),
        Err(e) => format!("refused: {e}"),
    });
    expect.assert_eq(&rendered);
}

/// The lines a rename changes, per file (this one first), or why it refuses.
fn rename(fixture: Fixture, marker: &str, new_name: &str, expect: Expect) {
    let rendered = fixture.check_at(marker, |a, t, o| match ide::rename(a, o, new_name) {
        Ok(files) => files
            .iter()
            .map(|f| {
                let (name, before) = match &f.file {
                    None => ("this file".to_owned(), t),
                    Some(path) => (path.display().to_string(), fixture.atlas.unwrap().1),
                };
                let after = render_edits(before, &f.edits);
                let changed: Vec<String> = before
                    .lines()
                    .zip(after.lines())
                    .filter(|(x, y)| x != y)
                    .map(|(_, y)| format!("  {}", y.trim()))
                    .collect();
                format!("{name}:\n{}\n", changed.join("\n"))
            })
            .collect(),
        Err(e) => format!("refused: {e}"),
    });
    expect.assert_eq(&rendered);
}

#[test]
fn prepare_answers_the_range_inside_the_quotes() {
    prepare(V55, "{ \"name\": \"体$0\", \"parent\": \"根\"", expect![[r#"13:16 "体""#]]);
    prepare(V55, "\"gotoAndPlay\": \"待$0機\"", expect![[r#"68:41 "待機""#]]);
    prepare(V55, "\"dura$0tion\": 20", expect!["refused: nothing to rename here: place the cursor on a name"]);
}

#[test]
fn a_bone_is_renamed_everywhere_v55() {
    rename(
        V55,
        "{ \"name\": \"体$0\", \"parent\": \"根\"",
        "胴体",
        expect![[r#"
        this file:
          { "name": "胴体", "parent": "根", "length": 40 },
          { "name": "頭", "parent": "胴体", "transform": { "y": -40 } },
          { "name": "腕", "parent": "胴体" }
          { "name": "体", "parent": "胴体", "color": { "aM": 50, "rM": 100, "gM": 80, "bM": 80 } },
          { "name": "マント", "parent": "胴体" }
          "frame": [{ "duration": 20, "events": [{ "name": "足音", "bone": "胴体" }] }],
    "#]],
    );
}

#[test]
fn a_slot_and_an_animation_v45() {
    rename(
        V45,
        "{ \"name\": \"胴$0\", \"parent\"",
        "胸当て",
        expect![[r#"
        this file:
          { "name": "胸当て", "parent": "胸", "displayIndex": 0, "color": { "rM": 100, "gM": 50, "bM": 0 } },
          { "name": "胸当て", "display": [{ "name": "胴", "type": "image", "transform": {} }, { "name": "胴2" }] },
          "slot": [{ "name": "胸当て", "frame": [{ "duration": 10, "displayIndex": 1, "color": { "aM": 50 } }, { "duration": 20, "displayIndex": 0 }] }]
    "#]],
    );
    rename(
        V45,
        "\"gotoAndPlay\": \"歩$0く\"",
        "走る",
        expect![[r#"
        this file:
          "name": "走る",
          "defaultActions": [{ "gotoAndPlay": "走る" }]
    "#]],
    );
}

#[test]
fn a_mesh_display_and_its_deform_timeline() {
    rename(
        V55,
        "\"ffd\": [{ \"name\": \"マ$0ント\"",
        "外套",
        expect![[r#"
        this file:
          "name": "外套",
          "ffd": [{ "name": "外套", "slot": "マント", "frame": [{ "duration": 20, "vertices": [1, 1] }] }]
    "#]],
    );
}

#[test]
fn a_texture_in_this_file_and_its_atlas() {
    rename(
        V55,
        "\"path\": \"parts/体$0\"",
        "parts/胴",
        expect![[r#"
        this file:
          { "name": "体", "display": [{ "name": "体", "path": "parts/胴" }] },
        勇者_tex.json:
          { "name": "parts/胴", "x": 0, "y": 0, "width": 64, "height": 96 },
    "#]],
    );
    // A SubTexture of the atlas itself.
    rename(
        ATLAS55,
        "\"name\": \"頭$0\"",
        "頭2",
        expect![[r#"
        this file:
          { "name": "頭2", "x": 64, "y": 0, "width": 48, "height": 48 },
    "#]],
    );
}

#[test]
fn names_in_the_23_layout() {
    // A bone named by a merged timeline; a skin named by a number becomes a string.
    rename(
        V23,
        "{ \"name\": \"胴$0\"",
        "体",
        expect![[r#"
        this file:
          { "name": "体", "transform": { "x": 0, "y": 0 } },
          { "name": "尾", "parent": "体", "transform": { "x": 10 } }
    "#]],
    );
    // The merged timeline drives bone and slot `尾`: renaming one would detach the other.
    rename(
        V23,
        "{ \"name\": \"尾$0\", \"parent\": \"胴\"",
        "しっぽ",
        expect![
            "refused: a 2.3/3.0 timeline named `尾` animates both the bone and the slot of this name: renaming one would detach the other"
        ],
    );
    rename(
        V23,
        "\"name\": 0$0,",
        "既定",
        expect![[r#"
        this file:
          "name": "既定",
    "#]],
    );
}

#[test]
fn refuses_names_that_exist_in_the_same_scope_and_invalid_names() {
    rename(
        V55,
        "{ \"name\": \"体$0\", \"parent\": \"根\"",
        "頭",
        expect!["refused: a bone named `頭` already exists in this armature (line 14)"],
    );
    rename(
        V55,
        "{ \"name\": \"頭_$0怒り\"",
        "頭",
        expect!["refused: a display named `頭` already exists in this skin slot (line 27)"],
    );
    rename(
        V55,
        "{ \"name\": \"体$0\", \"parent\": \"根\"",
        "",
        expect![
            "refused: `` is not a valid name: it must not be empty, start or end with spaces, or hold control characters"
        ],
    );
    rename(
        V55,
        "{ \"name\": \"体$0\", \"parent\": \"根\"",
        " 体",
        expect![
            "refused: ` 体` is not a valid name: it must not be empty, start or end with spaces, or hold control characters"
        ],
    );
    rename(
        V55,
        "\"path\": \"parts/体$0\"",
        "頭",
        expect!["refused: a texture named `頭` already exists in `勇者_tex.json`"],
    );
}

#[test]
fn a_bone_and_a_slot_may_share_a_name() {
    // Slot `マント` exists, but bones and slots are named apart.
    rename(
        V55,
        "{ \"name\": \"腕$0\"",
        "マント",
        expect![[r#"
        this file:
          { "name": "マント", "parent": "体" }
          "ik": [{ "name": "腕IK", "bone": "マント", "target": "頭" }],
    "#]],
    );
}

#[test]
fn refuses_a_display_name_that_is_also_its_texture_and_names_without_a_definition() {
    prepare(
        V45,
        "[{ \"name\": \"胴$0\", \"type\"",
        expect![
            "refused: this display's `name` also names its texture: give the display a `path` first, or rename the texture itself"
        ],
    );
    let fixture = V55.with(edited(V55.text, "\"path\": \"parts/体\"", "\"path\": \"parts/無い\""));
    prepare(
        fixture,
        "\"parts/無$0い\"",
        expect!["refused: texture `parts/無い` is defined in no atlas paired with this file: nothing to rename"],
    );
}

#[test]
fn special_characters_are_escaped() {
    rename(
        V55,
        "{ \"name\": \"根$0\" }",
        "根\"本",
        expect![[r#"
        this file:
          { "name": "根\"本" },
          { "name": "体", "parent": "根\"本", "length": 40 },
    "#]],
    );
}
