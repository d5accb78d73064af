use expect_test::{Expect, expect};
use rigls_ide::{self as ide, CodeActionKind};
use rigls_text::TextRange;

use crate::ide_support::{at, check_variants, fixture, map_range, render_edits};

const BROKEN: &str = "Elfreina Extension Model File
File Version 1.00
MeshDatas {
	MeshContainerCount=1
	MeshContainer {
		Nmae=\"ロボ\"
		BoneCount=1
		MeshCount=1
		BoneNames {
			\"腰\"
		}
		OffsetMatrices {
			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
		}
		Mesh {
			VertexCount=2
			Positions {
				0:0:1E-05
			}
			BlendList {
				BlendPart {
					BoneName=\"腰x\"
					TransformIndex=0
					VertexBlend {
						0,1.0
					}
				}
			}
		}
	}
}
AnimationList {
	AnimationCount=1
	AnimationData {
		AnimationName=\"歩き\"
		AnimationTime=1000
		Loop=Yes
	}
}
";

/// The actions for `requested` (a range in `text`): title, kind, preferred, the diagnostic they
/// fix and the lines they change.
fn check(text: &str, requested: TextRange, expect: Expect) {
    expect.assert_eq(&check_variants(text, None, |a, t, _| {
        let range = map_range(text, requested, t);
        let mut out = String::new();
        for action in ide::code_actions(a, range) {
            let code = action.diagnostic.map_or("-", |i| a.diagnostics[i].code.as_str());
            let preferred = if action.is_preferred { " preferred" } else { "" };
            out.push_str(&format!("{} [{:?}{preferred}] fixes {code}\n", action.title, action.kind));
            let edits: Vec<_> = action.edits.into_iter().flat_map(|e| e.edits).collect();
            let edited = render_edits(t, &edits).replace("\r\n", "\n").replace('\u{feff}', "");
            let before = t.replace("\r\n", "\n").replace('\u{feff}', "");
            for (i, (x, y)) in before.lines().zip(edited.lines()).enumerate() {
                if x != y {
                    out.push_str(&format!("  {:>3}: {}\n", i + 1, y.trim_start()));
                }
            }
        }
        out
    }));
}

fn cursor(marker: &str) -> TextRange {
    let (_, offset) = at(BROKEN, marker);
    TextRange::empty(offset)
}

#[test]
fn quick_fixes_for_the_diagnostic_under_the_cursor() {
    check(
        BROKEN,
        cursor("Nm$0ae"),
        expect![[r#"
        Replace with `Name` [QuickFix preferred] fixes unknown-key
            6: Name="ロボ"
        Fix all 3 safe problems [SourceFixAll] fixes -
            6: Name="ロボ"
           16: VertexCount=1
           18: 0:0:0.000010
    "#]],
    );
    check(
        BROKEN,
        cursor("VertexCount=$02"),
        expect![[r#"
        Set VertexCount to 1 [QuickFix preferred] fixes count-mismatch
           16: VertexCount=1
        Fix all 3 safe problems [SourceFixAll] fixes -
            6: Name="ロボ"
           16: VertexCount=1
           18: 0:0:0.000010
    "#]],
    );
    check(
        BROKEN,
        cursor("BoneName=\"腰x$0\""),
        expect![[r#"
            Replace with `腰` [QuickFix preferred] fixes unknown-bone
               22: BoneName="腰"
            Fix all 3 safe problems [SourceFixAll] fixes -
                6: Name="ロボ"
               16: VertexCount=1
               18: 0:0:0.000010
        "#]],
    );
    check(
        BROKEN,
        cursor("Loop=Y$0es"),
        expect![[r#"
        Write `True` [QuickFix] fixes invalid-value
           37: Loop=True
        Fix all 3 safe problems [SourceFixAll] fixes -
            6: Name="ロボ"
           16: VertexCount=1
           18: 0:0:0.000010
    "#]],
    );
}

#[test]
fn a_selection_gets_every_fix_it_overlaps() {
    let start = BROKEN.find("\t\tMesh {").unwrap() as u32;
    let end = BROKEN.find("\t\t\tBlendList").unwrap() as u32;
    check(
        BROKEN,
        TextRange::new(start, end),
        expect![[r#"
        Set VertexCount to 1 [QuickFix preferred] fixes count-mismatch
           16: VertexCount=1
        Write `0.000010` [QuickFix preferred] fixes number-format
           18: 0:0:0.000010
        Fix all 3 safe problems [SourceFixAll] fixes -
            6: Name="ロボ"
           16: VertexCount=1
           18: 0:0:0.000010
    "#]],
    );
}

#[test]
fn no_actions_where_nothing_is_wrong() {
    let (text, offset) =
        fixture("Elfreina Extension Model File\nFile Version 1.00\nSetting {\n\tLoad$0Type=\"View\"\n}\n");
    check(&text, TextRange::empty(offset.unwrap()), expect![""]);
}

#[test]
fn fix_all_applies_only_safe_fixes() {
    let analysis = crate::ide_elem::support::analyse("test.elem", BROKEN, &[]);
    let all = ide::code_actions(&analysis, TextRange::empty(0))
        .into_iter()
        .find(|a| a.kind == CodeActionKind::SourceFixAll)
        .expect("a fix-all action");
    let edits: Vec<_> = all.edits.into_iter().flat_map(|e| e.edits).collect();
    let fixed = rigls_ide::text_edit::apply(BROKEN, &edits);
    let after = crate::ide_elem::support::analyse("test.elem", &fixed, &[]);
    let codes: Vec<&str> = after.diagnostics.iter().map(|d| d.code.as_str()).collect();
    expect!["unknown-bone, invalid-value"].assert_eq(&codes.join(", "));
}

#[test]
fn an_unknown_name_offers_the_closest_names_best_first() {
    // Four bones one edit from `腕x`: the first three in BoneNames order, the best preferred; none
    // is safe, so fix-all leaves the name alone.
    let text = BROKEN
        .replace("BoneCount=1", "BoneCount=4")
        .replace("\t\t\t\"腰\"\n", "\t\t\t\"腕L\"\n\t\t\t\"腕R\"\n\t\t\t\"腕\"\n\t\t\t\"腕2\"\n")
        .replace("\t\t\t1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1\n", &"\t\t\t1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1\n".repeat(4))
        .replace("BoneName=\"腰x\"", "BoneName=\"腕x\"");
    let (_, offset) = at(&text, "BoneName=\"腕$0x\"");
    check(
        &text,
        TextRange::empty(offset),
        expect![[r#"
            Replace with `腕L` [QuickFix preferred] fixes unknown-bone
               28: BoneName="腕L"
            Replace with `腕R` [QuickFix] fixes unknown-bone
               28: BoneName="腕R"
            Replace with `腕` [QuickFix] fixes unknown-bone
               28: BoneName="腕"
            Fix all 3 safe problems [SourceFixAll] fixes -
                6: Name="ロボ"
               22: VertexCount=1
               24: 0:0:0.000010
        "#]],
    );
}
