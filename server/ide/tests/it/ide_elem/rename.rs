use expect_test::{Expect, expect};
use rigls_ide as ide;

use super::MODEL;
use crate::ide_support::{at, check_variants, fixture, range, render_edits};

/// The edited file (only its changed lines, with their line numbers) or the refusal.
fn check(text: &str, marker: &str, new_name: &str, expect: Expect) {
    let (text, offset) = at(text, marker);
    expect.assert_eq(&check_variants(&text, Some(offset), |a, t, o| match ide::rename(a, o.unwrap(), new_name) {
        Err(why) => format!("refused: {why}\n"),
        Ok(edits) => {
            assert!(edits.iter().all(|e| e.file.is_none()));
            let all: Vec<_> = edits.into_iter().flat_map(|e| e.edits).collect();
            let edited = render_edits(t, &all);
            changed_lines(t, &edited)
        }
    }));
}

fn changed_lines(before: &str, after: &str) -> String {
    let (before, after) = (before.replace("\r\n", "\n"), after.replace("\r\n", "\n"));
    let mut out = String::new();
    for (i, (a, b)) in before.lines().zip(after.lines()).enumerate() {
        if a != b {
            out.push_str(&format!("line {}: {}\n", i + 1, b.trim_start()));
        }
    }
    assert_eq!(before.lines().count(), after.lines().count());
    out
}

fn prepare(text: &str, marker: &str, expect: Expect) {
    let (text, offset) = at(text, marker);
    expect.assert_eq(&check_variants(&text, Some(offset), |a, t, o| match ide::prepare_rename(a, o.unwrap()) {
        Ok(r) => range(t, r),
        Err(why) => format!("refused: {why}"),
    }));
}

#[test]
fn prepare_rename_selects_inside_the_quotes() {
    prepare(MODEL, "BoneName=\"$0頭\"", expect![[r#"65:16 "頭""#]]);
    prepare(MODEL, "Vertex$0Count", expect!["refused: nothing to rename here: place the cursor on a quoted name"]);
}

#[test]
fn renaming_a_bone_renames_the_whole_joint() {
    check(
        MODEL,
        "BoneName=\"頭$0\"",
        "あたま",
        expect![[r#"
            line 21: "あたま"
            line 65: BoneName="あたま"
            line 87: NodeName="あたま"
            line 99: "あたま"
            line 117: NodeName="あたま"
        "#]],
    );
}

#[test]
fn renaming_a_node_renames_its_bone_too() {
    check(
        MODEL,
        "NodeName=\"腰$0\"",
        "Hips",
        expect![[r#"
            line 19: "Hips"
            line 57: BoneName="Hips"
            line 83: NodeName="Hips"
            line 98: "Hips"
        "#]],
    );
}

#[test]
fn renaming_a_mesh_material_container_and_animation() {
    check(
        MODEL,
        "RenderingMeshName=\"胴$0体\"",
        "Body",
        expect![[r#"
            line 42: Name="Body"
            line 95: RenderingMeshName="Body"
        "#]],
    );
    check(
        MODEL,
        "MaterialName=\"顔$0\"",
        "Face",
        expect![[r#"
            line 37: Name="Face"
            line 147: MaterialName="Face"
        "#]],
    );
    check(
        MODEL,
        "Name=\"ロ$0ボ\"",
        "Robot",
        expect![[r#"
            line 10: Name="Robot"
            line 146: MeshContainerName="Robot"
        "#]],
    );
    check(
        MODEL,
        "AnimationName=\"う$0なずき\"",
        "Nod",
        expect![[r#"
            line 106: AnimationName="Nod"
        "#]],
    );
}

#[test]
fn refuses_names_that_exist_or_cannot_be_written() {
    check(
        MODEL,
        "BoneName=\"頭$0\"",
        "胸",
        expect![[r#"
        refused: a bone or node named `胸` already exists (line 20)
    "#]],
    );
    check(
        MODEL,
        "MaterialName=\"顔$0\"",
        "装甲",
        expect![[r#"
        refused: a material named `装甲` already exists in this mesh container (line 31)
    "#]],
    );
    check(
        MODEL,
        "BoneName=\"頭$0\"",
        "",
        expect![[r#"
        refused: a name cannot be empty
    "#]],
    );
    check(
        MODEL,
        "BoneName=\"頭$0\"",
        "a\"b",
        expect![[r#"
        refused: a name cannot contain `"`: readers disagree on escaping it
    "#]],
    );
    check(
        MODEL,
        "BoneName=\"頭$0\"",
        "a\nb",
        expect![[r#"
        refused: a name cannot contain a line break
    "#]],
    );
    check(
        MODEL,
        "Loop=$0True",
        "x",
        expect![[r#"
        refused: nothing to rename here: place the cursor on a quoted name
    "#]],
    );
}

#[test]
fn the_same_name_is_no_edit() {
    check(MODEL, "BoneName=\"頭$0\"", "頭", expect![""]);
}

#[test]
fn materials_of_another_container_are_left_alone() {
    let (text, _) = fixture(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=2
        	MeshContainer {
        		Name="A"
        		MeshCount=0
        		Materials {
        			MaterialCount=1
        			Material {
        				Name="Skin"
        			}
        		}
        	}
        	MeshContainer {
        		Name="B"
        		MeshCount=0
        		Materials {
        			MaterialCount=1
        			Material {
        				Name="Skin"
        			}
        		}
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="x"
        		AnimationTime=100
        		UVAnimation {
        			AnimationPart {
        				MeshContainerName="B"
        				MaterialName="Skin"
        				TimeKeys {
        				}
        			}
        		}
        	}
        }
        "#,
    );
    check(
        &text,
        "MaterialName=\"Sk$0in\"",
        "Cloth",
        expect![[r#"
            line 21: Name="Cloth"
            line 34: MaterialName="Cloth"
        "#]],
    );
}
