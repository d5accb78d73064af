use expect_test::{Expect, expect};
use rigls_ide as ide;
use rigls_text::TextRange;

use super::{Fixture, V45, V55, edited};
use crate::ide_support::render_edits;

/// Every action at the `$0`: its title and kind, and the lines it changes.
fn check(fixture: Fixture, marker: &str, expect: Expect) {
    let rendered = fixture.check_at(marker, |a, t, o| {
        ide::code_actions(a, TextRange::empty(o))
            .iter()
            .map(|action| {
                let preferred = if action.is_preferred { " (preferred)" } else { "" };
                let after = render_edits(t, &action.edits[0].edits);
                let changed: Vec<String> = t
                    .lines()
                    .zip(after.lines())
                    .filter(|(x, y)| x != y)
                    .map(|(_, y)| format!("  {}", y.trim()))
                    .collect();
                format!("{:?} {}{preferred}\n{}\n", action.kind, action.title, changed.join("\n"))
            })
            .collect()
    });
    expect.assert_eq(&rendered);
}

#[test]
fn unknown_name_is_replaced_with_the_closest_one() {
    let fixture = V55.with(edited(V55.text, "\"target\": \"頭\"", "\"target\": \"頭部\""));
    let fixture = fixture.with(edited(
        fixture.text,
        "{ \"name\": \"頭\", \"parent\": \"体\"",
        "{ \"name\": \"頭部分\", \"parent\": \"体\"",
    ));
    check(
        fixture,
        "\"target\": \"頭$0部\"",
        expect![[r#"
            QuickFix Replace with `頭部分` (preferred)
              "ik": [{ "name": "腕IK", "bone": "腕", "target": "頭部分" }],
        "#]],
    );
}

#[test]
fn key_typos_are_fixed_safely_and_all_at_once() {
    let fixture = V45.with(edited(V45.text, "\"playTimes\": 0", "\"playTime\": 0"));
    let fixture = fixture.with(edited(fixture.text, "\"frameRate\": 30", "\"frameRat\": 30"));
    check(
        fixture,
        "\"play$0Time\"",
        expect![[r#"
        QuickFix Replace with `playTimes` (preferred)
          "playTimes": 0,
        SourceFixAll Fix all 2 safe problems
          "frameRate": 30,
          "playTimes": 0,
    "#]],
    );
}

#[test]
fn out_of_range_values_are_clamped() {
    let fixture = V55.with(edited(V55.text, "\"aM\": 50", "\"aM\": 150"));
    check(
        fixture,
        "\"aM\": 15$00",
        expect![[r#"
        QuickFix Clamp to 100
          { "name": "体", "parent": "体", "color": { "aM": 100, "rM": 100, "gM": 80, "bM": 80 } },
    "#]],
    );
}

#[test]
fn array_form_actions_become_objects_v45() {
    let fixture = V45.with(edited(V45.text, "[{ \"gotoAndPlay\": \"歩く\" }]", "[[\"gotoAndPlay\", \"歩く\"]]"));
    check(
        fixture,
        "[[\"goto$0AndPlay\"",
        expect![[r#"
        QuickFix Write `{"gotoAndPlay": "歩く"}`
          "defaultActions": [{"gotoAndPlay": "歩く"}]
    "#]],
    );
}

#[test]
fn a_version_written_as_a_number_becomes_a_string() {
    let fixture = V45.with(edited(V45.text, "\"version\": \"4.5\"", "\"version\": 4.5"));
    check(
        fixture,
        "\"version\": 4$0.5",
        expect![[r#"
        QuickFix Write the version as a string
          "version": "4.5",
    "#]],
    );
}

#[test]
fn no_actions_without_problems() {
    check(V55, "\"aM\": 5$00", expect![[""]]);
}

/// `rigls --check --fix` applies safe fixes only for codes the catalogue calls fixable; the fixes
/// that may change what the data means (a name, a clamped number, an action's form) are not safe.
#[test]
fn only_catalogued_fixable_codes_have_safe_fixes() {
    let text = edited(V45.text, "\"playTimes\": 0", "\"playTime\": 0");
    let text = edited(text, "\"version\": \"4.5\"", "\"version\": 4.5");
    let text =
        edited(text, "\"parent\": \"腰\", \"blendMode\": \"add\"", "\"parent\": \"腰部\", \"blendMode\": \"ad\"");
    let text = edited(text, "[{ \"gotoAndPlay\": \"歩く\" }]", "[[\"gotoAndPlay\", \"歩く\"]]");
    let text = edited(text, "\"gM\": 50", "\"gM\": 500");
    let analysis = V45.with(text).analyse();
    let mut fixes: Vec<String> = analysis
        .diagnostics
        .iter()
        .flat_map(|d| d.fixes.iter().map(move |fix| (d, fix)))
        .map(|(d, fix)| {
            let fixable = d.code.rule().fixable;
            assert!(!fix.safe || fixable, "{} has a safe fix but is not catalogued fixable", d.code);
            format!("{} {}: {}\n", d.code, if fix.safe { "safe" } else { "offered" }, fix.title)
        })
        .collect();
    fixes.sort();
    expect![[r#"
        invalid-value offered: Replace with `add`
        invalid-value offered: Write `{"gotoAndPlay": "歩く"}`
        invalid-value offered: Write the version as a string
        out-of-range offered: Clamp to 100
        unknown-bone offered: Replace with `腰`
        unknown-key safe: Replace with `playTimes`
    "#]]
    .assert_eq(&fixes.concat());
}

#[test]
fn unknown_names_offer_the_closest_names_best_first() {
    // `頭体` is one edit from both `体` and `頭`: both offered, in the order the bones are defined.
    let fixture = V55.with(edited(V55.text, "\"target\": \"頭\"", "\"target\": \"頭体\""));
    check(
        fixture,
        "\"target\": \"頭$0体\"",
        expect![[r#"
            QuickFix Replace with `体` (preferred)
              "ik": [{ "name": "腕IK", "bone": "腕", "target": "体" }],
            QuickFix Replace with `頭`
              "ik": [{ "name": "腕IK", "bone": "腕", "target": "頭" }],
        "#]],
    );
    // A texture path: the closest SubTexture of the atlas first, then the others close enough.
    let fixture = V55.with(edited(V55.text, "\"path\": \"parts/頭_怒り\"", "\"path\": \"parts/頭_怒\""));
    check(
        fixture,
        "\"path\": \"parts/頭$0_怒\"",
        expect![[r#"
        QuickFix Replace with `parts/頭_怒り` (preferred)
          { "name": "頭", "display": [{ "name": "頭" }, { "name": "頭_怒り", "path": "parts/頭_怒り" }] },
        QuickFix Replace with `parts/体`
          { "name": "頭", "display": [{ "name": "頭" }, { "name": "頭_怒り", "path": "parts/体" }] },
        QuickFix Replace with `parts/マント`
          { "name": "頭", "display": [{ "name": "頭" }, { "name": "頭_怒り", "path": "parts/マント" }] },
    "#]],
    );
}

/// The actions at the cursor (titles and kinds) and the text after the upgrade's edit.
fn upgrade_at(fixture: Fixture, marker: &str) -> String {
    fixture.check_at(marker, |a, t, o| {
        let actions = ide::code_actions(a, TextRange::empty(o));
        let mut out: String = actions.iter().map(|x| format!("{:?} {}\n", x.kind, x.title)).collect();
        let upgrade = actions.iter().find(|x| x.title == "Upgrade to DragonBones 5.5").expect("the upgrade action");
        let index = upgrade.diagnostic.expect("a diagnostic's action");
        out.push_str(&format!("on {}\n", a.diagnostics[index].code));
        assert_eq!(upgrade.edits.len(), 1, "one edit of the skeleton");
        assert_eq!(upgrade.edits[0].file, None, "the atlas is not touched");
        // Made once per version, however often the actions at the version are asked for.
        let file = a.dragonbones().expect("a skeleton");
        assert!(std::ptr::eq(file.upgraded(t), file.upgraded(t)));
        let again = ide::code_actions(a, TextRange::empty(o));
        assert_eq!(again.iter().find(|x| x.title == upgrade.title).map(|x| &x.edits), Some(&upgrade.edits));
        out.push_str(&render_edits(t, &upgrade.edits[0].edits));
        out
    })
}

#[test]
fn a_23_skeleton_is_upgraded_from_its_version() {
    expect![[r#"
        QuickFix Upgrade to DragonBones 5.5
        on legacy-version
        {
        	"name": "竜",
        	"version": "5.5",
        	"compatibleVersion": "5.5",
        	"frameRate": 24,
        	"armature": [
        		{
        			"name": "竜",
        			"bone": [
        				{
        					"name": "胴",
        					"inheritScale": false
        				},
        				{
        					"name": "尾",
        					"inheritScale": false,
        					"parent": "胴",
        					"transform": {
        						"x": 10
        					}
        				}
        			],
        			"slot": [
        				{
        					"name": "尾",
        					"parent": "尾",
        					"displayIndex": 0
        				}
        			],
        			"skin": [
        				{
        					"name": 0,
        					"slot": [
        						{
        							"name": "尾",
        							"display": [
        								{
        									"name": "尾"
        								}
        							]
        						}
        					]
        				}
        			],
        			"animation": [
        				{
        					"name": "振る",
        					"duration": 10,
        					"playTimes": 0,
        					"bone": [
        						{
        							"name": "尾",
        							"translateFrame": [
        								{
        									"duration": 10,
        									"tweenEasing": 0,
        									"x": -10
        								}
        							],
        							"rotateFrame": [
        								{
        									"duration": 10,
        									"tweenEasing": 0,
        									"rotate": 30,
        									"skew": -30
        								}
        							],
        							"scaleFrame": [
        								{
        									"duration": 10,
        									"tweenEasing": 0
        								}
        							]
        						}
        					],
        					"slot": [
        						{
        							"name": "尾",
        							"displayFrame": [
        								{
        									"duration": 10
        								}
        							],
        							"colorFrame": [
        								{
        									"duration": 10,
        									"tweenEasing": 0
        								}
        							]
        						}
        					]
        				}
        			]
        		}
        	]
        }
    "#]]
    .assert_eq(&upgrade_at(super::V23, "\"version\": \"2$0.3\""));
}

#[test]
fn a_version_runtimes_read_as_no_version_is_upgraded_and_fixed() {
    // `4.0` as a number reads as "4": the string fix and the upgrade are both offered.
    let fixture = V45.with(edited(V45.text, "\"version\": \"4.5\"", "\"version\": 4.0"));
    let rendered = upgrade_at(fixture, "\"version\": 4$0.0");
    let head: Vec<&str> = rendered.lines().take(9).collect();
    expect![[r#"
        QuickFix Write the version as a string
        QuickFix Upgrade to DragonBones 5.5
        on unsupported-version
        {
        	"name": "ロボ",
        	"version": "5.5",
        	"compatibleVersion": "5.5",
        	"frameRate": 30,
        	"isGlobal": 0,"#]]
    .assert_eq(&head.join("\n"));
    assert!(rendered.contains("\"translateFrame\""), "the 4.x key frames are split:\n{rendered}");
}

#[test]
fn no_upgrade_is_offered_elsewhere_or_for_a_version_rigls_does_not_know() {
    let actions_at = |fixture: Fixture, marker: &str| {
        fixture.check_at(marker, |a, _, o| {
            ide::code_actions(a, TextRange::empty(o)).iter().map(|x| format!("{}\n", x.title)).collect()
        })
    };
    assert_eq!(actions_at(super::V23, "\"name\": \"胴$0\""), "");
    let unknown = V45.with(edited(V45.text, "\"version\": \"4.5\"", "\"version\": \"6.0\""));
    assert_eq!(actions_at(unknown, "\"version\": \"6$0.0\""), "");
}
