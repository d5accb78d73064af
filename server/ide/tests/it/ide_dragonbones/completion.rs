use expect_test::{Expect, expect};
use rigls_ide as ide;

use super::{Fixture, V23, V45, V55, edited};
use crate::ide_support::render_completions;

/// Completions in `fixture` with `from` replaced by `to` (which holds the `$0`).
fn check(fixture: Fixture, from: &str, to: &str, expect: Expect) {
    let marker = to.to_owned();
    let fixture = fixture.with(edited(fixture.text, from, &to.replace("$0", "")));
    let rendered = fixture.check_at(&marker, |a, t, o| render_completions(t, &ide::completions(a, o)));
    expect.assert_eq(&rendered);
}

#[test]
fn keys_of_a_bone_not_yet_present_v55() {
    // Between members: the commas around the new member are written.
    check(
        V55,
        "{ \"name\": \"腕\", \"parent\": \"体\" }",
        "{ \"name\": \"腕\", $0 \"parent\": \"体\" }",
        expect![[r#"
            length [Key snippet] (number · at least 0 · default 0) "\"length\": ${1:0}," replacing ""
            transform [Key snippet] (transform object) "\"transform\": {$1}," replacing ""
            inheritTranslation [Key snippet] (boolean (true/false; runtimes also read 0/1) · default true) "\"inheritTranslation\": ${1:true}," replacing ""
            inheritRotation [Key snippet] (boolean (true/false; runtimes also read 0/1) · default true) "\"inheritRotation\": ${1:true}," replacing ""
            inheritScale [Key snippet] (boolean (true/false; runtimes also read 0/1) · default true) "\"inheritScale\": ${1:true}," replacing ""
            inheritReflection [Key snippet] (boolean (true/false; runtimes also read 0/1) · default true) "\"inheritReflection\": ${1:true}," replacing ""
            type [Key snippet] (one of "bone", "surface" (case-insensitive), or its index · default "bone") "\"type\": \"$1\"," replacing ""
            segmentX [Key snippet] (whole number · at least 0 · default 0) "\"segmentX\": ${1:0}," replacing ""
            segmentY [Key snippet] (whole number · at least 0 · default 0) "\"segmentY\": ${1:0}," replacing ""
            vertices [Key snippet] (array of numbers) "\"vertices\": [$1]," replacing ""
            userData [Key snippet] (anything) "\"userData\": {$1}," replacing ""
        "#]],
    );
}

#[test]
fn a_half_typed_key_is_replaced_with_its_quotes_v45() {
    check(
        V45,
        "{ \"name\": \"腰\" }",
        "{ \"name\": \"腰\", \"inh$0 }",
        expect![[r#"
            parent [Key snippet] (name (a string)) "\"parent\": \"$1\"" replacing "\"inh" filtered as "\"parent\""
            length [Key snippet] (number · at least 0 · default 0) "\"length\": ${1:0}" replacing "\"inh" filtered as "\"length\""
            transform [Key snippet] (transform object) "\"transform\": {$1}" replacing "\"inh" filtered as "\"transform\""
            inheritTranslation [Key snippet] (boolean (true/false; runtimes also read 0/1) · default true) "\"inheritTranslation\": ${1:true}" replacing "\"inh" filtered as "\"inheritTranslation\""
            inheritRotation [Key snippet] (boolean (true/false; runtimes also read 0/1) · default true) "\"inheritRotation\": ${1:true}" replacing "\"inh" filtered as "\"inheritRotation\""
            inheritScale [Key snippet] (boolean (true/false; runtimes also read 0/1) · default true) "\"inheritScale\": ${1:true}" replacing "\"inh" filtered as "\"inheritScale\""
            userData [Key snippet] (anything) "\"userData\": {$1}" replacing "\"inh" filtered as "\"userData\""
        "#]],
    );
    // A bare word.
    check(
        V45,
        "{ \"name\": \"腰\" }",
        "{ \"name\": \"腰\", len$0 }",
        expect![[r#"
            parent [Key snippet] (name (a string)) "\"parent\": \"$1\"" replacing "len"
            length [Key snippet] (number · at least 0 · default 0) "\"length\": ${1:0}" replacing "len"
            transform [Key snippet] (transform object) "\"transform\": {$1}" replacing "len"
            inheritTranslation [Key snippet] (boolean (true/false; runtimes also read 0/1) · default true) "\"inheritTranslation\": ${1:true}" replacing "len"
            inheritRotation [Key snippet] (boolean (true/false; runtimes also read 0/1) · default true) "\"inheritRotation\": ${1:true}" replacing "len"
            inheritScale [Key snippet] (boolean (true/false; runtimes also read 0/1) · default true) "\"inheritScale\": ${1:true}" replacing "len"
            userData [Key snippet] (anything) "\"userData\": {$1}" replacing "len"
        "#]],
    );
    // A key that already has a value: only the key is replaced.
    check(
        V45,
        "\"playTimes\": 0",
        "\"playT$0\": 0",
        expect![[r#"
            playTimes [Key] (whole number · at least 0 · default 1) "\"playTimes\"" replacing "\"playT\"" filtered as "\"playTimes\""
            fadeInTime [Key] (number · at least 0 · default 0) "\"fadeInTime\"" replacing "\"playT\"" filtered as "\"fadeInTime\""
            scale [Key] (number · greater than 0 · default 1) "\"scale\"" replacing "\"playT\"" filtered as "\"scale\""
            frame [Key] (array of action key frame objects) "\"frame\"" replacing "\"playT\"" filtered as "\"frame\""
            zOrder [Key] (draw-order timeline object) "\"zOrder\"" replacing "\"playT\"" filtered as "\"zOrder\""
            ffd [Key] (array of deform timeline objects) "\"ffd\"" replacing "\"playT\"" filtered as "\"ffd\""
            timeline [Key] (array of typed timeline objects) "\"timeline\"" replacing "\"playT\"" filtered as "\"timeline\""
            userData [Key] (anything) "\"userData\"" replacing "\"playT\"" filtered as "\"userData\""
        "#]],
    );
}

#[test]
fn keys_after_the_last_member_without_a_comma() {
    check(
        V55,
        "{ \"name\": \"根\" }",
        "{ \"name\": \"根\" $0}",
        expect![[r#"
            parent [Key snippet] (name (a string)) ", \"parent\": \"$1\"" replacing ""
            length [Key snippet] (number · at least 0 · default 0) ", \"length\": ${1:0}" replacing ""
            transform [Key snippet] (transform object) ", \"transform\": {$1}" replacing ""
            inheritTranslation [Key snippet] (boolean (true/false; runtimes also read 0/1) · default true) ", \"inheritTranslation\": ${1:true}" replacing ""
            inheritRotation [Key snippet] (boolean (true/false; runtimes also read 0/1) · default true) ", \"inheritRotation\": ${1:true}" replacing ""
            inheritScale [Key snippet] (boolean (true/false; runtimes also read 0/1) · default true) ", \"inheritScale\": ${1:true}" replacing ""
            inheritReflection [Key snippet] (boolean (true/false; runtimes also read 0/1) · default true) ", \"inheritReflection\": ${1:true}" replacing ""
            type [Key snippet] (one of "bone", "surface" (case-insensitive), or its index · default "bone") ", \"type\": \"$1\"" replacing ""
            segmentX [Key snippet] (whole number · at least 0 · default 0) ", \"segmentX\": ${1:0}" replacing ""
            segmentY [Key snippet] (whole number · at least 0 · default 0) ", \"segmentY\": ${1:0}" replacing ""
            vertices [Key snippet] (array of numbers) ", \"vertices\": [$1]" replacing ""
            userData [Key snippet] (anything) ", \"userData\": {$1}" replacing ""
        "#]],
    );
}

#[test]
fn enum_values() {
    check(
        V45,
        "\"blendMode\": \"add\"",
        "\"blendMode\": \"$0\"",
        expect![[r#"
        "normal" [EnumMember] (value 0) "\"normal\"" replacing "\"\""
        "add" [EnumMember] (value 1) "\"add\"" replacing "\"\""
        "alpha" [EnumMember] (value 2) "\"alpha\"" replacing "\"\""
        "darken" [EnumMember] (value 3) "\"darken\"" replacing "\"\""
        "difference" [EnumMember] (value 4) "\"difference\"" replacing "\"\""
        "erase" [EnumMember] (value 5) "\"erase\"" replacing "\"\""
        "hardlight" [EnumMember] (value 6) "\"hardlight\"" replacing "\"\""
        "invert" [EnumMember] (value 7) "\"invert\"" replacing "\"\""
        "layer" [EnumMember] (value 8) "\"layer\"" replacing "\"\""
        "lighten" [EnumMember] (value 9) "\"lighten\"" replacing "\"\""
        "multiply" [EnumMember] (value 10) "\"multiply\"" replacing "\"\""
        "overlay" [EnumMember] (value 11) "\"overlay\"" replacing "\"\""
        "screen" [EnumMember] (value 12) "\"screen\"" replacing "\"\""
        "subtract" [EnumMember] (value 13) "\"subtract\"" replacing "\"\""
    "#]],
    );
    check(
        V55,
        "\"type\": \"mesh\"",
        "\"type\": \"m$0esh\"",
        expect![[r#"
        "image" [EnumMember] (value 0) "\"image\"" replacing "\"mesh\""
        "armature" [EnumMember] (value 1) "\"armature\"" replacing "\"mesh\""
        "mesh" [EnumMember] (value 2) "\"mesh\"" replacing "\"mesh\""
        "boundingbox" [EnumMember] (value 3) "\"boundingbox\"" replacing "\"mesh\""
        "path" [EnumMember] (value 4) "\"path\"" replacing "\"mesh\""
    "#]],
    );
}

#[test]
fn bone_names_for_a_parent_v55_and_v45() {
    check(
        V55,
        "{ \"name\": \"腕\", \"parent\": \"体\" }",
        "{ \"name\": \"腕\", \"parent\": \"$0\" }",
        expect![[r#"
        "体" [Name] (bone) "\"体\"" replacing "\"\""
        "根" [Name] (bone) "\"根\"" replacing "\"\""
        "頭" [Name] (bone) "\"頭\"" replacing "\"\""
    "#]],
    );
    check(
        V45,
        "{ \"name\": \"胸\", \"parent\": \"腰\" }",
        "{ \"name\": \"胸\", \"parent\": \"腰$0\" }",
        expect![[r#"
        "腰" [Name] (bone) "\"腰\"" replacing "\"腰\""
    "#]],
    );
    // No value yet.
    check(
        V55,
        "{ \"name\": \"腕\", \"parent\": \"体\" }",
        "{ \"name\": \"腕\", \"parent\": $0 }",
        expect![[r#"
        "体" [Name] (bone) "\"体\"" replacing ""
        "根" [Name] (bone) "\"根\"" replacing ""
        "頭" [Name] (bone) "\"頭\"" replacing ""
    "#]],
    );
}

#[test]
fn slot_animation_constraint_and_display_names() {
    check(
        V55,
        "\"slot\": \"マント\"",
        "\"slot\": \"$0\"",
        expect![[r#"
        "マント" [Name] (slot) "\"マント\"" replacing "\"\""
        "体" [Name] (slot) "\"体\"" replacing "\"\""
        "頭" [Name] (slot) "\"頭\"" replacing "\"\""
    "#]],
    );
    check(
        V55,
        "\"gotoAndPlay\": \"待機\"",
        "\"gotoAndPlay\": \"待$0\"",
        expect![[r#"
        "待機" [Name] (animation) "\"待機\"" replacing "\"待\""
    "#]],
    );
    // The deform timeline's mesh: the displays of its slot.
    check(
        V55,
        "\"ffd\": [{ \"name\": \"マント\"",
        "\"ffd\": [{ \"name\": \"$0\"",
        expect![[r#"
        "マント" [Name] (display) "\"マント\"" replacing "\"\""
    "#]],
    );
}

#[test]
fn textures_of_the_paired_atlas() {
    check(
        V55,
        "\"path\": \"parts/体\"",
        "\"path\": \"parts/$0\"",
        expect![[r#"
        "parts/マント" [Name] (texture) "\"parts/マント\"" replacing "\"parts/\""
        "parts/体" [Name] (texture) "\"parts/体\"" replacing "\"parts/\""
        "parts/頭_怒り" [Name] (texture) "\"parts/頭_怒り\"" replacing "\"parts/\""
        "頭" [Name] (texture) "\"頭\"" replacing "\"parts/\""
    "#]],
    );
}

#[test]
fn a_display_name_without_path_names_its_texture_v45() {
    check(
        V45,
        "{ \"name\": \"胴2\" }",
        "{ \"name\": \"胴$0\" }",
        expect![[r#"
        "胴" [Name] (texture) "\"胴\"" replacing "\"胴\""
        "胴2" [Name] (texture) "\"胴2\"" replacing "\"胴\""
    "#]],
    );
    // An empty one: textures too.
    check(
        V45,
        "{ \"name\": \"胴2\" }",
        "{ \"name\": $0 }",
        expect![[r#"
        "胴" [Name] (texture) "\"胴\"" replacing ""
        "胴2" [Name] (texture) "\"胴2\"" replacing ""
    "#]],
    );
}

#[test]
fn names_in_the_23_layout() {
    check(
        V23,
        "\"timeline\": [{ \"name\": \"尾\"",
        "\"timeline\": [{ \"name\": \"$0\"",
        expect![[r#"
        "尾" [Name] (bone) "\"尾\"" replacing "\"\""
        "胴" [Name] (bone) "\"胴\"" replacing "\"\""
    "#]],
    );
}

#[test]
fn nothing_on_a_name_being_defined_or_after_a_closing_quote() {
    check(V55, "{ \"name\": \"根\" }", "{ \"name\": \"根$0\" }", expect![[""]]);
    check(V55, "\"parent\": \"根\", \"length\"", "\"parent\": \"根\"$0, \"length\"", expect![[""]]);
}

/// Found by the property that every edit covers the cursor: before a value (`"parent":| "体"`)
/// nothing is offered, rather than items replacing the value after the cursor, which editors drop
/// or apply in the wrong place.
#[test]
fn nothing_before_a_value() {
    check(V55, "{ \"name\": \"腕\", \"parent\": \"体\" }", "{ \"name\": \"腕\", \"parent\":$0 \"体\" }", expect![""]);
}

/// An atlas's `imagePath` completes the images of the folder typed so far, relative to the atlas
/// (of an atlas file, or a skeleton's inline `textureAtlas`); other keys and files get none.
#[test]
fn atlas_image_paths_complete_from_the_folder_typed() {
    let fs = rigls_diagnostic::env::MemoryFs::default()
        .with("キャラ/勇者_tex.png", "")
        .with("キャラ/勇者_ske.json", "")
        .with("キャラ/画像/剣.jpg", "");
    let complete = |file: &str, source: &str| {
        let (text, offset) = crate::ide_support::fixture(source);
        crate::ide_support::check_variants_of(file, &[], &text, offset, |a, t, o| {
            render_completions(t, &ide::file_completions(a, o.expect("cursor"), &fs))
        })
    };
    expect![[r#"
        "勇者_tex.png" [File] (image) "\"勇者_tex.png\"" replacing "\"勇\""
    "#]]
    .assert_eq(&complete(
        "キャラ/勇者_tex.json",
        "{\"name\": \"勇者\", \"imagePath\": \"勇$0\", \"SubTexture\": []}\n",
    ));
    expect![[r#"
        "画像/剣.jpg" [File] (image) "\"画像/剣.jpg\"" replacing "\"画像/"
    "#]]
    .assert_eq(&complete(
        "キャラ/勇者_ske.json",
        "{\"name\": \"勇者\", \"version\": \"5.6\",\n \"textureAtlas\": [{\"name\": \"a\", \"imagePath\": \"画像/$0}]}\n",
    ));
    expect![[r#""#]].assert_eq(&complete(
        "キャラ/勇者_tex.json",
        "{\"name\": \"勇$0者\", \"imagePath\": \"x.png\", \"SubTexture\": []}\n",
    ));
}
