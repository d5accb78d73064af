use expect_test::{Expect, expect};
use rigls_ide as ide;

use super::{ATLAS55, Fixture, SKE55 as SKE55_TEXT, V23, V45, V55, edited};
use crate::ide_support::render_hover;

fn check(fixture: Fixture, marker: &str, expect: Expect) {
    expect.assert_eq(&fixture.check_at(marker, |a, t, o| render_hover(t, ide::hover(a, o))));
}

#[test]
fn key_v55_with_type_range_and_default_but_not_the_schemas_example() {
    check(
        V55,
        "\"playTimes$0\"",
        expect![[r#"
            52:6 "\"playTimes\""
            ---
            **`playTimes`** · key of an animation

            How many times it plays: 0 = loop forever.

            - Type: whole number
            - Range: at least 0
            - Default: `1`
            - Data versions: 4.0 and later
        "#]],
    );
    check(
        V55,
        "\"aM$0\": 50",
        expect![[r#"
            18:46 "\"aM\""
            ---
            **Colour transform** (on a white source)

            🟥 `#FFCCCC` · light red · alpha 0.50

            multipliers red 100% green 80% blue 80% alpha 50%

            ---

            **`aM`** · key of a colour transform

            Alpha multiplier in percent (0–100).

            - Type: number
            - Range: between 0 and 100
            - Default: `100`
            - Data versions: all versions
        "#]],
    );
}

#[test]
fn key_of_another_version_and_key_runtimes_ignore_v45() {
    // `isGlobal` belongs to 3.0–4.5 and no current runtime reads it.
    check(
        V45,
        "\"isGlo$0bal\"",
        expect![[r#"
            5:2 "\"isGlobal\""
            ---
            **`isGlobal`** · key of the DragonBones data (root)

            3.0–4.5: 1 when bone and frame transforms are absolute, 0 when parent-relative. Runtimes treat all 4.0+ data as parent-relative.

            ⚠ Ignored by current runtimes: written by editors or old exporters, read by none.

            - Type: boolean (`true`/`false`; runtimes also read 0/1)
            - Default: `1`
            - Data versions: 3.0 and later
        "#]],
    );
    // `zIndex` is a 5.6 key in a 4.5 file.
    let fixture = V45.with(edited(V45.text, "\"blendMode\": \"add\"", "\"blendMode\": \"add\", \"zIndex\": 1"));
    check(
        fixture,
        "\"zInd$0ex\"",
        expect![[r#"
            16:55 "\"zIndex\""
            ---
            **`zIndex`** · key of a slot

            Extra draw-order key (DragonBonesJS 5.6).

            ⚠ Not part of data version 4.5: this key belongs to 5.6 and later.

            - Type: whole number
            - Default: `0`
            - Data versions: 5.6 and later
        "#]],
    );
}

#[test]
fn bone_with_parent_chain_children_and_slots() {
    check(
        V55,
        "{ \"name\": \"体$0\", \"parent\": \"根\"",
        expect![[r#"
            13:15 "\"体\""
            ---
            **bone** `体`

            - Bone 1 of armature `勇者` ([line 13, column 15](→ 13 "\"体\", \"parent\": \""))
            - Parent chain: `根` › `体`
            - Children: `頭`, `腕`
            - Slots: `体`, `マント`
            - **At the setup pose** (as the DragonBones runtime computes it, in armature space): position (0, 0) · rotation 0° · scale (1, 1)
        "#]],
    );
}

#[test]
fn reference_to_a_bone() {
    check(
        V55,
        "\"parent\": \"頭$0\", \"displayIndex\"",
        expect![[r#"
            19:30 "\"頭\""
            ---
            **bone** `頭`

            - Bone 2 of armature `勇者` ([line 14, column 15](→ 14 "\"頭\", \"parent\": \""))
            - Parent chain: `根` › `体` › `頭`
            - Slots: `頭`
            - **At the setup pose** (as the DragonBones runtime computes it, in armature space): position (0, -40) · rotation 0° · scale (1, 1)

            _Referred to 3 times._
        "#]],
    );
}

#[test]
fn slot_with_its_displays_in_the_default_skin() {
    check(
        V55,
        "{ \"name\": \"頭$0\", \"parent\": \"頭\"",
        expect![[r#"
            19:15 "\"頭\""
            ---
            **slot** `頭`

            - Slot 1 in draw order of armature `勇者` ([line 19, column 15](→ 19 "\"頭\", \"parent\": \""))
            - On bone `頭`
            - Displays in the default skin:
              0. `頭` (image)
              1. `頭_怒り` (image) ◀ shown
        "#]],
    );
}

#[test]
fn mesh_display_with_counts() {
    check(
        V55,
        "\"name\": \"マ$0ント\",\n\t\t\t\t\t\t\t\t\t\"path\"",
        expect![[r#"
            33:18 "\"マント\""
            ---
            **display** `マント`

            - Display 0 of slot `マント` in skin `default` ([line 33, column 18](→ 33 "\"マント\",")) · mesh
            - Path `parts/マント`
            - 3 vertices · 1 triangle · weighted: 4 influences over 2 bones
        "#]],
    );
}

#[test]
fn animation_with_duration_and_timelines() {
    check(
        V55,
        "\"name\": \"待$0機\"",
        expect![[r#"
            50:14 "\"待機\""
            ---
            **animation** `待機`

            - Animation 0 ([line 50, column 14](→ 50 "\"待機\","))
            - 20 frames (0.833 s at 24 fps), loops forever
            - Timelines: 1 bone, 1 slot, 1 deform, 1 action/event key frame, a zOrder timeline · 6 key frames
        "#]],
    );
    // The play action names it.
    check(
        V55,
        "\"gotoAndPlay\": \"待$0機\"",
        expect![[r#"
            68:40 "\"待機\""
            ---
            **animation** `待機`

            - Animation 0 ([line 50, column 14](→ 50 "\"待機\","))
            - 20 frames (0.833 s at 24 fps), loops forever
            - Timelines: 1 bone, 1 slot, 1 deform, 1 action/event key frame, a zOrder timeline · 6 key frames

            _Referred to 1 time._
        "#]],
    );
}

#[test]
fn texture_in_the_paired_atlas_and_in_the_atlas_itself() {
    check(
        V55,
        "\"path\": \"parts/頭_$0怒り\"",
        expect![[r#"
            27:77 "\"parts/頭_怒り\""
            ---
            **texture** `parts/頭_怒り`

            - SubTexture of atlas [`勇者_tex.json`](→ 勇者_tex.json@248)
            - Region 48×48 at (112, 0)
        "#]],
    );
    check(
        ATLAS55,
        "\"name\": \"parts/マ$0ント\"",
        expect![[r#"
            10:13 "\"parts/マント\""
            ---
            **texture** `parts/マント`

            - SubTexture 3 ([line 10, column 13](→ 10 "\"parts/マント\", \"x\""))
            - Region 64×64 at (0, 96) (stored rotated 90°)
            - Image `勇者_tex.png`
        "#]],
    );
}

#[test]
fn display_name_that_also_names_its_texture_v45() {
    check(
        V45,
        "[{ \"name\": \"胴$0\", \"type\": \"image\"",
        expect![[r#"
            22:44 "\"胴\""
            ---
            **display** `胴`

            - Display 0 of slot `胴` in skin `default` ([line 22, column 44](→ 22 "\"胴\", \"type\": \"im")) · image

            ---

            **texture** `胴`

            - SubTexture of atlas [`ロボ_tex.json`](→ ロボ_tex.json@82)
            - Region 32×32 at (0, 0)
        "#]],
    );
}

#[test]
fn ik_constraint_and_armature() {
    check(
        V55,
        "\"name\": \"腕$0IK\"",
        expect![[r#"
            47:21 "\"腕IK\""
            ---
            **constraint** `腕IK`

            - IK constraint of armature `勇者` ([line 47, column 21](→ 47 "\"腕IK\", \"bone\": \""))
            - Rotates `腕` towards `頭` · chain 0
        "#]],
    );
    check(
        V55,
        "\"name\": \"勇$0者\",\n\t\t\t\"frameRate\"",
        expect![[r#"
            8:12 "\"勇者\""
            ---
            **armature** `勇者`

            - Armature 0 of the file ([line 8, column 12](→ 8 "\"勇者\","))
            - 4 bones · 3 slots · 1 skin · 1 animation
            - 24 fps
        "#]],
    );
}

#[test]
fn unknown_name() {
    let fixture = V55.with(edited(V55.text, "\"target\": \"頭\"", "\"target\": \"首\""));
    check(
        fixture,
        "\"target\": \"首$0\"",
        expect![[r#"
        47:51 "\"首\""
        ---
        **bone** `首`

        ⚠ No bone of this name in armature `勇者`.
    "#]],
    );
}

#[test]
fn indices_point_at_what_they_index() {
    // A slot's displayIndex, a display frame's value.
    check(
        V55,
        "\"displayIndex\": 1$0",
        expect![[r#"
            19:51 "1"
            ---
            **Display 1** → `頭_怒り` ([line 27, column 61](→ 27 "\"頭_怒り\", \"path\": ")) of slot `頭` in the default skin · image, path `parts/頭_怒り`
        "#]],
    );
    check(
        V55,
        "{ \"duration\": 10, \"value\": 1$0 }",
        expect![[r#"
            61:52 "1"
            ---
            **Display 1** → `頭_怒り` ([line 27, column 61](→ 27 "\"頭_怒り\", \"path\": ")) of slot `頭` in the default skin · image, path `parts/頭_怒り`
        "#]],
    );
    // A bone index in weights (the 2nd number: vertex 0 has 1 bone, bone 1), a weight (no index).
    check(
        V55,
        "\"weights\": [1, 1$0, 1, 2",
        expect![[r#"
            38:25 "1"
            ---
            **Bone 1** → `体` ([line 13, column 15](→ 13 "\"体\", \"parent\": \""))
        "#]],
    );
    check(
        V55,
        "\"weights\": [1, 1, 1$0, 2",
        expect![[r#"
            38:28 "1"
            ---
            **`weights`** · key of a display

            Skinned meshes and paths: per vertex `[n, bone, weight, …]` with n influences; bone = index into the armature's `bone` array. Needs `slotPose` and `bonePose`.

            - Type: array of numbers
            - Data versions: 4.5 and later
        "#]],
    );
    // bonePose bone index; zOrder slot index; triangle vertex.
    check(
        V55,
        "0, 0, 3$0, 1, 0, 0, 1, 0, 0]",
        expect![[r#"
            40:44 "3"
            ---
            **Bone 3** → `腕` ([line 15, column 15](→ 15 "\"腕\", \"parent\": \""))
        "#]],
    );
    check(
        V55,
        "\"zOrder\": [0$0, 2]",
        expect![[r#"
            54:57 "0"
            ---
            **Slot 0** → `体` ([line 18, column 15](→ 18 "\"体\", \"parent\": \""))
        "#]],
    );
    check(
        V55,
        "\"triangles\": [0, 1, 2$0]",
        expect![[r#"
        37:30 "2"
        ---
        **Vertex 2** at (0, 10)
    "#]],
    );
    // A 4.x slot frame.
    check(
        V45,
        "\"displayIndex\": 1$0, \"color\"",
        expect![[r#"
            33:74 "1"
            ---
            **Display 1** → `胴2` ([line 22, column 95](→ 22 "\"胴2\" }] },")) of slot `胴` in the default skin · image
        "#]],
    );
}

#[test]
fn colours_as_swatches() {
    check(
        V55,
        "{ \"aM\": 50, \"rM\": 100, \"gM\": 8$00",
        expect![[r#"
            18:73 "80"
            ---
            **Colour transform** (on a white source)

            🟥 `#FFCCCC` · light red · alpha 0.50

            multipliers red 100% green 80% blue 80% alpha 50%

            ---

            **`gM`** · key of a colour transform

            Green multiplier in percent (0–100).

            - Type: number
            - Range: between 0 and 100
            - Default: `100`
            - Data versions: all versions
        "#]],
    );
    // Offsets: the colour a white source gets.
    check(
        V55,
        "\"rO\": 4$00",
        expect![[r#"
            62:68 "40"
            ---
            **Colour transform** (on a white source)

            🟦 `#A8FFFF` · light cyan · opaque

            multipliers red 50% green 100% blue 100% alpha 100% · offsets red 40 green 0 blue 0 alpha 0

            ---

            **`rO`** · key of a colour transform

            Red offset (−255–255).

            - Type: number
            - Range: between -255 and 255
            - Default: `0`
            - Data versions: all versions
        "#]],
    );
    // Integer colours of canvases and bounding boxes.
    check(
        V55,
        "\"color\": 1674$04448",
        expect![[r#"
            10:70 "16744448"
            ---
            **`color`** `0xFF8000`

            🟧 `#FF8000` · orange · opaque

            ---

            **`color`** · key of a canvas

            Background colour as 0xRRGGBB; absent means no background.

            - Type: whole number
            - Data versions: all versions
        "#]],
    );
    check(
        V45,
        "\"color\": 652$080",
        expect![[r#"
            23:132 "65280"
            ---
            **`color`** `0x00FF00`

            🟩 `#00FF00` · green · opaque

            ---

            **`color`** · key of a display

            Bounding boxes: editor colour as 0xRRGGBB.

            - Type: whole number
            - Data versions: 4.5 and later
        "#]],
    );
}

/// A key frame after one of duration 0 starts a frame later, as the runtimes start it.
#[test]
fn a_key_frame_after_a_duration_of_0_starts_a_frame_later() {
    let text = r#"{"version":"5.5","armature":[{"name":"a","bone":[{"name":"根"}],"animation":[{"name":"x","duration":10,"bone":[{"name":"根","translateFrame":[{"duration":0},{"duration":4,"x":1},{"x":2}]}]}]}]}"#;
    let fixture = Fixture { name: "a_ske.json", text, atlas: None };
    check(
        fixture,
        "{\"duration\":4$0",
        expect![[r#"
        1:168 "4"
        ---
        **At this key frame** (frame 1, 0.042 s of `x`), as the runtime poses it: bone `根`: position (1, 0) · rotation 0° · scale (1, 1)

        ---

        **Key frame 1** of 3 · starts at frame 1 (0.042 s at 24 fps)

        ---

        **`duration`** · key of a translate key frame

        Length of this key frame in frames; the next key frame starts this many frames later. The last key frame lasts to the end of the animation.

        - Type: whole number
        - Range: at least 0
        - Default: `1`
        - Data versions: all versions
    "#]],
    );
}

/// A key frame the runtimes start past the animation's end (a duration of 0 before it moves on
/// one frame: 0, 1, 7 of 6) says they drop it.
#[test]
fn a_key_frame_past_the_end_says_it_is_dropped() {
    let text = r#"{"version":"5.5","armature":[{"name":"a","bone":[{"name":"根"}],"animation":[{"name":"x","duration":6,"bone":[{"name":"根","translateFrame":[{"duration":0},{"duration":6,"x":1},{"duration":0,"x":2}]}]}]}]}"#;
    let fixture = Fixture { name: "a_ske.json", text, atlas: None };
    check(
        fixture,
        "{\"duration\":0$0,\"x\":2",
        expect![[r#"
        1:188 "0"
        ---
        **Key frame 2** of 3 · starts at frame 7 (0.292 s at 24 fps), after the animation's 6 frames: the runtimes drop it

        ---

        **`duration`** · key of a translate key frame

        Length of this key frame in frames; the next key frame starts this many frames later. The last key frame lasts to the end of the animation.

        - Type: whole number
        - Range: at least 0
        - Default: `1`
        - Data versions: all versions
    "#]],
    );
}

#[test]
fn key_frame_duration_shows_its_start() {
    check(
        V55,
        "{ \"duration\": 10$0, \"value\": 0 }",
        expect![[r#"
            61:71 "10"
            ---
            **At this key frame** (frame 10, 0.417 s of `待機`), as the runtime poses it: slot `頭`: display 0

            ---

            **Key frame 1** of 2 · starts at frame 10 (0.417 s at 24 fps)

            ---

            **`duration`** · key of a display key frame

            Length of this key frame in frames; the next key frame starts this many frames later. The last key frame lasts to the end of the animation.

            - Type: whole number
            - Range: at least 0
            - Default: `1`
            - Data versions: all versions
        "#]],
    );
    check(
        V55,
        "{ \"dura$0tion\": 10, \"value\": 0 }",
        expect![[r#"
            61:59 "\"duration\""
            ---
            **At this key frame** (frame 10, 0.417 s of `待機`), as the runtime poses it: slot `頭`: display 0

            ---

            **Key frame 1** of 2 · starts at frame 10 (0.417 s at 24 fps)

            ---

            **`duration`** · key of a display key frame

            Length of this key frame in frames; the next key frame starts this many frames later. The last key frame lasts to the end of the animation.

            - Type: whole number
            - Range: at least 0
            - Default: `1`
            - Data versions: all versions
        "#]],
    );
}

#[test]
fn enum_value() {
    check(
        V45,
        "\"blendMode\": \"a$0dd\"",
        expect![[r#"
            16:48 "\"add\""
            ---
            **`blendMode`** = `"add"` (value 1)

            ---

            **`blendMode`** · key of a slot

            Blend mode: normal, add, alpha, darken, difference, erase, hardlight, invert, layer, lighten, multiply, overlay, screen or subtract (or its index 0–13).

            - Type: one of `"normal"`, `"add"`, `"alpha"`, `"darken"`, `"difference"`, `"erase"`, `"hardlight"`, `"invert"`, `"layer"`, `"lighten"`, `"multiply"`, `"overlay"`, `"screen"`, `"subtract"` (case-insensitive), or its index
            - Default: `"normal"`
            - Data versions: 3.0 and later
        "#]],
    );
}

#[test]
fn legacy_23_names() {
    // The slot is defined in the skin; the merged timeline names bone and slot.
    check(
        V23,
        "\"name\": \"尾$0\", \"parent\": \"尾\"",
        expect![[r#"
            16:17 "\"尾\""
            ---
            **slot** `尾`

            - Slot 0 in draw order of armature `竜` ([line 16, column 17](→ 16 "\"尾\", \"parent\": \""))
            - On bone `尾`
            - Displays in the default skin:
              0. `尾` (image) ◀ shown
        "#]],
    );
    check(
        V23,
        "\"timeline\": [{ \"name\": \"尾$0\"",
        expect![[r#"
            21:71 "\"尾\""
            ---
            **bone** `尾`

            - Bone 1 of armature `竜` ([line 10, column 15](→ 10 "\"尾\", \"parent\": \""))
            - Parent chain: `胴` › `尾`
            - Slots: `尾`

            This timeline also drives slot `尾`.

            _Referred to 2 times._
        "#]],
    );
    check(
        V23,
        "\"pX$0\"",
        expect![[r#"
            16:123 "\"pX\""
            ---
            **`pX`** · key of a transform

            2.3/3.0: pivot X of the texture in pixels from its top-left corner.

            - Type: number
            - Default: `0`
            - Data versions: 2.3–4.0
        "#]],
    );
}

#[test]
fn nothing_outside_the_schema() {
    let fixture = V55.with(edited(V55.text, "\"playTimes\": 0", "\"playTimes\": 0, \"extra\": {\"deep\": 1}"));
    check(fixture, "\"de$0ep\"", expect!["no hover"]);
}

/// Issue 12, item 3: an animation's `duration` is its length, not "Key frame 0 of 10" (the
/// animation is an element of an array, as frames are), and the schema's `"duration": 24` example
/// is not shown over the file's own value.
#[test]
fn an_animations_duration_is_its_length() {
    check(
        V55,
        "\"dura$0tion\": 20,\n",
        expect![[r#"
            51:6 "\"duration\""
            ---
            **Length:** 20 frames (0.833 s at 24 fps)

            ---

            **`duration`** · key of an animation

            Length in frames (seconds = duration / frameRate). Key frames must start within it; 0 with timelines of several key frames breaks playback.

            - Type: whole number
            - Range: at least 0
            - Default: `0`
            - Data versions: all versions
        "#]],
    );
    check(
        V55.with(edited(SKE55_TEXT, "\"duration\": 20,\n", "\"duration\": 0,\n")),
        "\"duration\": 0$0,",
        expect![[r#"
        51:18 "0"
        ---
        **Length:** 0 frames (0 s at 24 fps)

        ---

        **`duration`** · key of an animation

        Length in frames (seconds = duration / frameRate). Key frames must start within it; 0 with timelines of several key frames breaks playback.

        - Type: whole number
        - Range: at least 0
        - Default: `0`
        - Data versions: all versions
    "#]],
    );
}

/// Issue 12, item 3: names are described with the right article (`an animation`).
#[test]
fn a_reference_key_says_what_it_refers_to() {
    check(
        V55,
        "\"gotoAnd$0Play\"",
        expect![[r#"
            68:25 "\"gotoAndPlay\""
            ---
            **`gotoAndPlay`** · key of an action

            Play the animation of this name.

            - Type: name (a string)
            - Refers to an animation
            - Data versions: all versions
        "#]],
    );
}

/// Issue 12, item 3: in a minified skeleton every place is on line 1, so hovers give the column
/// too, and every place is a link to its exact position.
#[test]
fn places_in_a_minified_file_have_columns_and_links() {
    let value: serde_json::Value = serde_json::from_str(SKE55_TEXT).unwrap();
    let one_line: &'static str = Box::leak(serde_json::to_string(&value).unwrap().into_boxed_str());
    check(
        V55.with(one_line),
        "\"parent\":\"体$0\"",
        expect![[r#"
            1:617 "\"体\""
            ---
            **bone** `体`

            - Bone 1 of armature `勇者` ([line 1, column 578](→ 1 "\"体\",\"parent\":\"根\""))
            - Parent chain: `根` › `体`
            - Children: `頭`, `腕`
            - Slots: `体`, `マント`
            - **At the setup pose** (as the DragonBones runtime computes it, in armature space): position (0, 0) · rotation 0° · scale (1, 1)

            _Referred to 5 times._
        "#]],
    );
}

/// A bone deep in a long chain and one with many children: the hover shows the root, how many
/// bones it leaves out and the nearest parents, and the first 20 children and how many more (a
/// bone under a chain of 50,000 took 4.6 s to hover, and its hover was 400 KB).
#[test]
fn a_long_parent_chain_and_many_children() {
    let mut bones = vec![r#"{ "name": "根" }"#.to_owned()];
    for i in 1..=30 {
        let parent = if i == 1 { "根".to_owned() } else { format!("c{}", i - 1) };
        bones.push(format!(r#"{{ "name": "c{i}", "parent": "{parent}" }}"#));
    }
    for i in 1..=25 {
        bones.push(format!(r#"{{ "name": "k{i}", "parent": "根" }}"#));
    }
    let text = format!(
        r#"{{ "version": "5.5", "name": "長", "frameRate": 24, "armature": [ {{ "name": "長", "bone": [ {} ] }} ] }}"#,
        bones.join(", ")
    );
    let fixture = Fixture { name: "長_ske.json", text: Box::leak(text.into_boxed_str()), atlas: None };
    check(
        fixture,
        r#""c30$0""#,
        expect![[r#"
            1:1141 "\"c30\""
            ---
            **bone** `c30`

            - Bone 30 of armature `長` ([line 1, column 1141](→ 1 "\"c30\", \"parent\":"))
            - Parent chain: `根` › … 19 more › `c20` › `c21` › `c22` › `c23` › `c24` › `c25` › `c26` › `c27` › `c28` › `c29` › `c30`
            - **At the setup pose** (as the DragonBones runtime computes it, in armature space): position (0, 0) · rotation 0° · scale (1, 1)
        "#]],
    );
    check(
        fixture,
        r#"{ "name": "根$0""#,
        expect![[r#"
            1:100 "\"根\""
            ---
            **bone** `根`

            - Bone 0 of armature `長` ([line 1, column 100](→ 1 "\"根\" }, { \"name\":"))
            - A root bone (no parent)
            - Children: `c1`, `k1`, `k2`, `k3`, `k4`, `k5`, `k6`, `k7`, `k8`, `k9`, `k10`, `k11`, `k12`, `k13`, `k14`, `k15`, `k16`, `k17`, `k18`, `k19`, … and 6 more
            - **At the setup pose** (as the DragonBones runtime computes it, in armature space): position (0, 0) · rotation 0° · scale (1, 1)
        "#]],
    );
}
