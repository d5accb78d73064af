use expect_test::{Expect, expect};
use rigls_ide as ide;

use super::{ATLAS55, Fixture, V23, V45, V55};
use crate::ide_support::render_symbols;

fn check(fixture: Fixture, expect: Expect) {
    expect.assert_eq(&fixture.check(|a, t| render_symbols(t, &ide::document_symbols(a))));
}

#[test]
fn skeleton_outline_v55() {
    check(
        V55,
        expect![[r#"
        勇者 (armature) [Module] lines 7-69, selects "\"勇者\""
          bone (4 bones) [Namespace] lines 11-16, selects "\"bone\""
            根 [Class] lines 12-15, selects "\"根\""
              体 (on 根) [Class] lines 13-15, selects "\"体\""
                頭 (on 体) [Class] lines 14-14, selects "\"頭\""
                腕 (on 体) [Class] lines 15-15, selects "\"腕\""
          slot (3 slots) [Namespace] lines 17-21, selects "\"slot\""
            体 (on 体) [Field] lines 18-18, selects "\"体\""
            頭 (on 頭) [Field] lines 19-19, selects "\"頭\""
            マント (on 体) [Field] lines 20-20, selects "\"マント\""
          skin (1 skin) [Namespace] lines 22-46, selects "\"skin\""
            default (skin) [Namespace] lines 23-45, selects "{"
              体 (skin slot) [Field] lines 26-26, selects "\"体\""
                体 (image) [Object] lines 26-26, selects "\"体\""
              頭 (skin slot) [Field] lines 27-27, selects "\"頭\""
                頭 (image) [Object] lines 27-27, selects "\"頭\""
                頭_怒り (image) [Object] lines 27-27, selects "\"頭_怒り\""
              マント (skin slot) [Field] lines 28-43, selects "\"マント\""
                マント (mesh) [Object] lines 31-41, selects "\"マント\""
          ik (1 constraint) [Namespace] lines 47-47, selects "\"ik\""
            腕IK (IK constraint) [Event] lines 47-47, selects "\"腕IK\""
          animation (1 animation) [Namespace] lines 48-67, selects "\"animation\""
            待機 (20 frames) [Function] lines 49-66, selects "\"待機\""
              (action timeline) (1 key frame) [Event] lines 53-53, selects "\"frame\""
              (zOrder timeline) (2 key frames) [Event] lines 54-54, selects "\"zOrder\""
              頭 (bone timeline · 2 key frames) [Event] lines 56-56, selects "\"頭\""
              頭 (slot timeline · 3 key frames) [Event] lines 59-63, selects "\"頭\""
              マント (deform timeline · 1 key frame) [Event] lines 65-65, selects "\"マント\""
    "#]],
    );
}

#[test]
fn skeleton_outline_v45_and_v23() {
    check(
        V45,
        expect![[r#"
        ロボ (armature) [Module] lines 7-37, selects "\"ロボ\""
          bone (2 bones) [Namespace] lines 10-13, selects "\"bone\""
            腰 [Class] lines 11-12, selects "\"腰\""
              胸 (on 腰) [Class] lines 12-12, selects "\"胸\""
          slot (2 slots) [Namespace] lines 14-17, selects "\"slot\""
            胴 (on 胸) [Field] lines 15-15, selects "\"胴\""
            盾 (on 腰) [Field] lines 16-16, selects "\"盾\""
          skin (1 skin) [Namespace] lines 18-26, selects "\"skin\""
            default (skin) [Namespace] lines 19-25, selects "{"
              胴 (skin slot) [Field] lines 22-22, selects "\"胴\""
                胴 (image) [Object] lines 22-22, selects "\"胴\""
                胴2 (image) [Object] lines 22-22, selects "\"胴2\""
              盾 (skin slot) [Field] lines 23-23, selects "\"盾\""
                盾 (boundingBox) [Object] lines 23-23, selects "\"盾\""
          animation (1 animation) [Namespace] lines 27-35, selects "\"animation\""
            歩く (30 frames) [Function] lines 28-34, selects "\"歩く\""
              胸 (bone timeline · 2 key frames) [Event] lines 32-32, selects "\"胸\""
              胴 (slot timeline · 2 key frames) [Event] lines 33-33, selects "\"胴\""
    "#]],
    );
    check(
        V23,
        expect![[r#"
        竜 (armature) [Module] lines 6-23, selects "\"竜\""
          bone (2 bones) [Namespace] lines 8-11, selects "\"bone\""
            胴 [Class] lines 9-10, selects "\"胴\""
              尾 (on 胴) [Class] lines 10-10, selects "\"尾\""
          skin (1 skin) [Namespace] lines 12-19, selects "\"skin\""
            0 (skin) [Namespace] lines 13-18, selects "0"
              尾 (skin slot) [Field] lines 16-16, selects "\"尾\""
                尾 (image) [Object] lines 16-16, selects "\"尾\""
          animation (1 animation) [Namespace] lines 20-22, selects "\"animation\""
            振る (10 frames) [Function] lines 21-21, selects "\"振る\""
              尾 (timeline · 1 key frame) [Event] lines 21-21, selects "\"尾\""
    "#]],
    );
}

#[test]
fn atlas_outline() {
    check(
        ATLAS55,
        expect![[r#"
        勇者 (atlas 勇者_tex.png) [File] lines 1-12, selects "\"勇者\""
          parts/体 (64×96 at (0, 0)) [Constant] lines 7-7, selects "\"parts/体\""
          頭 (48×48 at (64, 0)) [Constant] lines 8-8, selects "\"頭\""
          parts/頭_怒り (48×48 at (112, 0)) [Constant] lines 9-9, selects "\"parts/頭_怒り\""
          parts/マント (64×64 at (0, 96)) [Constant] lines 10-10, selects "\"parts/マント\""
    "#]],
    );
}

#[test]
fn bones_on_a_parent_cycle_are_listed_once() {
    let text = r#"{"name": "x", "version": "5.5", "armature": [{"name": "a", "bone": [{"name": "p", "parent": "q"}, {"name": "q", "parent": "p"}, {"name": "r", "parent": "r"}]}]}"#;
    check(
        Fixture { name: "x_ske.json", text, atlas: None },
        expect![[r#"
        a (armature) [Module] lines 1-1, selects "\"a\""
          bone (3 bones) [Namespace] lines 1-1, selects "\"bone\""
            r (on r) [Class] lines 1-1, selects "\"r\""
            p (on q) [Class] lines 1-1, selects "\"p\""
              q (on p) [Class] lines 1-1, selects "\"q\""
    "#]],
    );
}

fn render_found(text: &str, found: &[ide::FoundSymbol]) -> String {
    found
        .iter()
        .map(|s| {
            let within = s.container.as_deref().map(|c| format!(" in {c}")).unwrap_or_default();
            format!("{} [{:?}]{within} at {}\n", s.name, s.kind, crate::ide_support::range(text, s.selection_range))
        })
        .collect()
}

/// A workspace search finds what the skeleton defines (armatures, bones, slots, displays,
/// animations), not the outline's groups or the timelines naming them; the query's characters
/// in order, any case (every line-ending and BOM variant alike).
#[test]
fn workspace_symbols_are_the_definitions_matching_the_query() {
    let found = |query: &'static str| V55.check(move |a, t| render_found(t, &ide::workspace_symbols(a, query)));
    expect![[r#"
        勇者 [Module] at 8:12 "\"勇者\""
        根 [Class] in 勇者 at 12:15 "\"根\""
        体 [Class] in 根 at 13:15 "\"体\""
        頭 [Class] in 体 at 14:15 "\"頭\""
        腕 [Class] in 体 at 15:15 "\"腕\""
        体 [Field] in 勇者 at 18:15 "\"体\""
        頭 [Field] in 勇者 at 19:15 "\"頭\""
        マント [Field] in 勇者 at 20:15 "\"マント\""
        体 [Field] in 勇者 at 26:17 "\"体\""
        体 [Object] in 体 at 26:44 "\"体\""
        頭 [Field] in 勇者 at 27:17 "\"頭\""
        頭 [Object] in 頭 at 27:44 "\"頭\""
        頭_怒り [Object] in 頭 at 27:61 "\"頭_怒り\""
        マント [Field] in 勇者 at 29:16 "\"マント\""
        マント [Object] in マント at 33:18 "\"マント\""
        待機 [Function] in 勇者 at 50:14 "\"待機\""
    "#]]
    .assert_eq(&found(""));
    expect![[r#"
        頭 [Class] in 体 at 14:15 "\"頭\""
        頭 [Field] in 勇者 at 19:15 "\"頭\""
        頭 [Field] in 勇者 at 27:17 "\"頭\""
        頭 [Object] in 頭 at 27:44 "\"頭\""
        頭_怒り [Object] in 頭 at 27:61 "\"頭_怒り\""
    "#]]
    .assert_eq(&found("頭"));
    expect![[r#"
        頭_怒り [Object] in 頭 at 27:61 "\"頭_怒り\""
    "#]]
    .assert_eq(&found("頭 り"));
}

#[test]
fn a_query_matches_its_characters_in_order_ignoring_case() {
    assert!(ide::symbol_matches("hand_L", "hl"));
    assert!(ide::symbol_matches("hand_L", "HAND"));
    assert!(ide::symbol_matches("anything", ""));
    assert!(!ide::symbol_matches("hand_L", "lh"));
    assert!(!ide::symbol_matches("腕", "腕腕"));
}
