use expect_test::{Expect, expect};
use rigls_ide as ide;

use super::MODEL;
use crate::ide_support::{at, check_variants, fixture, render_hover};

/// Hover at the `$0` of `marker` (located in `text`), in every line-ending variant.
fn check(text: &str, marker: &str, expect: Expect) {
    let (text, offset) = at(text, marker);
    expect.assert_eq(&check_variants(&text, Some(offset), |a, t, o| render_hover(t, ide::hover(a, o.unwrap()))));
}

fn check_fixture(source: &str, expect: Expect) {
    let (text, offset) = fixture(source);
    expect.assert_eq(&check_variants(&text, offset, |a, t, o| render_hover(t, ide::hover(a, o.unwrap()))));
}

#[test]
fn key_shows_schema_docs_and_the_real_count() {
    check(
        MODEL,
        "Vertex$0Count=3",
        expect![[r#"
            43:4 "VertexCount"
            ---
            **`VertexCount`** · key in `Mesh`

            Number of vertices: the lines in `Positions`, `Normals`, `Diffuse` and every `Texture*UV` list.

            - Type: integer ≥ 0
            - Required

            **Counted:** Positions 3 · Diffuse 3 (matches ✓)
        "#]],
    );
}

#[test]
fn count_key_reports_a_mismatch() {
    check_fixture(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		MeshCount=1
        		Mesh {
        			Vertex$0Count=4
        			Positions {
        				0:0:0
        			}
        			Normals {
        				0:0:1
        			}
        		}
        	}
        }
        "#,
        expect![[r#"
            8:4 "VertexCount"
            ---
            **`VertexCount`** · key in `Mesh`

            Number of vertices: the lines in `Positions`, `Normals`, `Diffuse` and every `Texture*UV` list.

            - Type: integer ≥ 0
            - Required

            **Counted:** Positions 1 · Normals 1 (declared 4 ✗, counted 1)
        "#]],
    );
}

#[test]
fn key_with_default_and_choices() {
    check(
        MODEL,
        "Lo$0op=True",
        expect![[r#"
            109:3 "Loop"
            ---
            **`Loop`** · key in `AnimationData`

            Whether playback loops: `True` or `False`, capitalised.

            - Type: `True` or `False`
            - Default: `False`
        "#]],
    );
}

#[test]
fn scope_tag_shows_docs_and_its_name() {
    check(
        MODEL,
        "Me$0sh {",
        expect![[r#"
            41:3 "Mesh {"
            ---
            **`Mesh`** · scope in `MeshContainer` (repeatable)

            One mesh (part) of the container: vertices, faces, skinning and texture coordinates.

            ---

            **mesh** `胴体`

            - Mesh of `ロボ` ([line 41](→ 41 "Mesh {"))
            - 3 vertices, 1 face
            - Uses `顔` (material 1)
            - Skinned to `腰`, `頭`
            - Drawn by 1 `RenderingMesh`
        "#]],
    );
}

#[test]
fn list_tag_shows_its_line_shape_and_length() {
    check(
        MODEL,
        "Posi$0tions {",
        expect![[r#"
            45:4 "Positions {"
            ---
            **`Positions`** · list in `Mesh`

            Vertex positions, `x:y:z` per line, `VertexCount` lines.

            - Lines: `x:y:z` per line

            **Here:** 3 lines
        "#]],
    );
}

#[test]
fn bone_definition_shows_index_node_chain_and_clips() {
    check(
        MODEL,
        "\"胸$0\"",
        expect![[r#"
            20:4 "\"胸\""
            ---
            **bone** `胸`

            - Bone 1 of `ロボ` ([line 20](→ 20 "\"胸\""))
            - Node `腰` › **`胸`** ([line 85, column 13](→ 85 "\"胸\"")); children `頭`
        "#]],
    );
}

#[test]
fn blend_part_bone_reference() {
    check(
        MODEL,
        "BoneName=\"頭$0\"",
        expect![[r#"
            65:15 "\"頭\""
            ---
            **bone** `頭`

            - Bone 2 of `ロボ` ([line 21](→ 21 "\"頭\""))
            - Node `腰` › `胸` › **`頭`** ([line 87, column 14](→ 87 "\"頭\"")); no children
            - Animated in `うなずき`
        "#]],
    );
}

#[test]
fn node_reference_in_an_animation_part() {
    check(
        MODEL,
        "NodeName=\"頭$0\"\n\t\t\t\tTimeKeys",
        expect![[r#"
            117:14 "\"頭\""
            ---
            **node** `頭`

            - Bone 2 of `ロボ` ([line 21](→ 21 "\"頭\""))
            - Node `腰` › `胸` › **`頭`** ([line 87, column 14](→ 87 "\"頭\"")); no children
            - Animated in `うなずき`
        "#]],
    );
}

#[test]
fn hierarchy_names_line_is_a_node_reference() {
    check(
        MODEL,
        "\t\t\t$0\"腰\"\n\t\t\t\"頭\"",
        expect![[r#"
            98:4 "\"腰\""
            ---
            **node** `腰`

            - Bone 0 of `ロボ` ([line 19](→ 19 "\"腰\""))
            - Node **`腰`** ([line 83, column 12](→ 83 "\"腰\"")); children `胸`
        "#]],
    );
}

#[test]
fn mesh_reference_shows_counts_materials_and_skinning() {
    check(
        MODEL,
        "RenderingMeshName=\"胴$0体\"",
        expect![[r#"
            95:21 "\"胴体\""
            ---
            **mesh** `胴体`

            - Mesh of `ロボ` ([line 41](→ 41 "Mesh {"))
            - 3 vertices, 1 face
            - Uses `顔` (material 1)
            - Skinned to `腰`, `頭`
            - Drawn by 1 `RenderingMesh`
        "#]],
    );
}

#[test]
fn material_reference_shows_index_colours_and_texture() {
    check(
        MODEL,
        "MaterialName=\"$0顔\"",
        expect![[r#"
            147:18 "\"顔\""
            ---
            **material** `顔`

            - Material 1 of `ロボ` ([line 36](→ 36 "Material {"))
            - Diffuse ⬜ `#FFFFFF` · white · alpha 0.50
        "#]],
    );
}

#[test]
fn material_definition() {
    check(
        MODEL,
        "Name=\"装$0甲\"",
        expect![[r#"
            31:10 "\"装甲\""
            ---
            **material** `装甲`

            - Material 0 of `ロボ` ([line 30](→ 30 "Material {"))
            - Diffuse 🟧 `#CC7A33` · orange · opaque
            - Ambient ⬜ `#4D4D4D` · grey · opaque
            - Texture `armor.png`
        "#]],
    );
}

#[test]
fn container_and_animation_names() {
    check(
        MODEL,
        "MeshContainerName=\"ロ$0ボ\"",
        expect![[r#"
            146:23 "\"ロボ\""
            ---
            **mesh container** `ロボ`

            - Mesh container ([line 9](→ 9 "MeshContainer {"))
            - 3 bones, 1 mesh, 2 materials
        "#]],
    );
    check(
        MODEL,
        "AnimationName=$0\"うなずき\"",
        expect![[r#"
            106:17 "\"うなずき\""
            ---
            **animation** `うなずき`

            - Animation clip ([line 105](→ 105 "AnimationData {"))
            - 1200 ms at 30 fps, loops
            - 1 bone part, 1 UV part
        "#]],
    );
}

#[test]
fn colour_value_is_a_swatch() {
    check(
        MODEL,
        "Diffuse=1.000000:0.8$0",
        expect![[r#"
        32:13 "1.000000:0.800000:0.480000:0.200000"
        ---
        **`Diffuse`** colour

        🟧 `#CC7A33` · orange · opaque

        red 0.800 · green 0.480 · blue 0.200 · alpha 1.000
    "#]],
    );
}

#[test]
fn vertex_colour_line() {
    check(
        MODEL,
        "1.0:0.0:1.0:$00.0",
        expect![[r#"
        52:5 "1.0:0.0:1.0:0.0"
        ---
        **Vertex 1** colour of `胴体`

        🟩 `#00FF00` · green · opaque

        red 0.000 · green 1.000 · blue 0.000 · alpha 1.000
    "#]],
    );
}

#[test]
fn transform_index_points_at_its_bone() {
    check(
        MODEL,
        "TransformIndex=$02",
        expect![[r#"
            66:21 "2"
            ---
            **`TransformIndex`** 2 → bone `頭` of `ロボ` ([line 21](→ 21 "\"頭\""))
        "#]],
    );
}

#[test]
fn attributes_line_points_at_its_material() {
    check(
        MODEL,
        "Attributes {\n\t\t\t\t$01",
        expect![[r#"
            76:5 "1"
            ---
            **Face 0** → material 1 `顔` ([line 36](→ 36 "Material {"))

            Diffuse ⬜ `#FFFFFF` · white · alpha 0.50
        "#]],
    );
}

#[test]
fn vertex_blend_index_and_weight() {
    check(
        MODEL,
        "\t1,$01.0",
        expect![[r#"
        61:9 "1.0"
        ---
        **Weight** 1.0 of bone `腰` on vertex 1
    "#]],
    );
    check(
        MODEL,
        "\t$01,1.0",
        expect![[r#"
        61:7 "1"
        ---
        **`VertexBlend`** line 1: bone `腰` moves vertex 1 of `胴体` at `1.0:0.0:0.0`
    "#]],
    );
}

#[test]
fn face_indices_point_at_vertices() {
    check(
        MODEL,
        "3,0:1:$02",
        expect![[r#"
        73:11 "2"
        ---
        **Face 0**, corner → vertex 2 of `胴体` at `0.0:2.0:0.0`
    "#]],
    );
    check(
        MODEL,
        "$03,0:1:2",
        expect![[r#"
        73:5 "3"
        ---
        **Face 0** of `胴体`: 3 corners
    "#]],
    );
}

#[test]
fn key_frames_show_their_time() {
    check(
        MODEL,
        "0.2$05",
        expect![[r#"
            120:6 "0.25"
            ---
            **Key 1** at 300 ms (0.25 × AnimationTime 1200 ms), frame 9

            **Sampled** local animation of `頭` at 300 ms

            - Translation 0 · 0 · 0
            - Rotation X 30° · Y 0° · Z 0° (XYZ order; quaternion `0.2588 : 0 : 0 : 0.9659`)
            - Scale 1 · 1 · 1
        "#]],
    );
    check(
        MODEL,
        "0.258819:0:0:0.96$05926",
        expect![[r#"
            130:6 "0.258819:0:0:0.965926"
            ---
            **Key 1** at 300 ms (0.25 × AnimationTime 1200 ms), frame 9

            **Sampled** local animation of `頭` at 300 ms

            - Translation 0 · 0 · 0
            - Rotation X 30° · Y 0° · Z 0° (XYZ order; quaternion `0.2588 : 0 : 0 : 0.9659`)
            - Scale 1 · 1 · 1
        "#]],
    );
}

#[test]
fn offset_matrix_row_names_its_bone() {
    check(
        MODEL,
        "1:0:0:0:0:1:0:0:0:0:1:0:0:-$02:0:1",
        expect![[r#"
        26:4 "1:0:0:0:0:1:0:0:0:0:1:0:0:-2:0:1"
        ---
        **`OffsetMatrices`** row 2: offset matrix of bone `頭`
    "#]],
    );
}

#[test]
fn unknown_bone_says_so() {
    check_fixture(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="ロボ"
        		BoneCount=1
        		MeshCount=1
        		BoneNames {
        			"腰"
        		}
        		Mesh {
        			BlendList {
        				BlendPart {
        					BoneName="首$0"
        					TransformIndex=0
        					VertexBlend {
        					}
        				}
        			}
        		}
        	}
        }
        "#,
        expect![[r#"
            15:15 "\"首\""
            ---
            **bone** `首`

            - ⚠ Not in the `BoneNames` of `ロボ`
            - ⚠ No hierarchy `Node` has this name
        "#]],
    );
}

#[test]
fn nothing_on_blank_space_or_unknown_keys() {
    check_fixture("Elfreina Extension Model File\nFile Version 1.00\nSetting {\n$0\n\tFoo=1\n}\n", expect!["no hover"]);
    check_fixture("Elfreina Extension Model File\nFile Version 1.00\nSetting {\n\tF$0oo=1\n}\n", expect!["no hover"]);
}

#[test]
fn signed_ranges_show_both_bounds() {
    check_fixture(
        "Elfreina Extension Model File\nFile Version 1.00\nAnimationList {\n\tAnimationData {\n\t\tPrio$0rity=0\n\t}\n}\n",
        expect![[r#"
            5:3 "Priority"
            ---
            **`Priority`** · key in `AnimationData`

            Which animation is evaluated when several play at once (a 32-bit integer).

            - Type: integer -2147483647 … 2147483647
            - Default: `0`
        "#]],
    );
}

/// Three nodes `腰` › `胸` › `頭` (a move, a quarter turn about Z and a move, a scale by 2 and a
/// move), skinned and rigid meshes and two clips.
const CHAIN: &str = include_str!("../../../../tests/fixtures/elem/pose/chain.elem");

#[test]
fn node_tag_shows_its_world_transform_at_the_setup_pose() {
    // 頭's world: scale 2, then turned 90° about Z by 胸, at 1 + 1 + (1 turned onto Y) = (0, 3, 0).
    check(
        CHAIN,
        "No$0de {\n\t\t\t\tNodeName=\"頭\"",
        expect![[r#"
            95:4 "Node {"
            ---
            **`Node`** · scope in `HierarchyList` or `Node` (repeatable)

            One hierarchy node (frame or bone) with its name, initial posture and child nodes.

            ---

            **node** `頭`

            - Bone 2 of `ロボ` ([line 20](→ 20 "\"頭\""))
            - Bone 0 of `帽子入れ` ([line 74](→ 74 "\"頭\""))
            - Node `腰` › `胸` › **`頭`** ([line 96, column 14](→ 96 "\"頭\"")); no children
            - Animated in `うなずき`

            **World transform at the setup pose**

            - Translation 0 · 3 · 0
            - Rotation X 0° · Y 0° · Z 90° (XYZ order)
            - Scale 2 · 2 · 2

            ```text
             0  2  0  0
            -2  0  0  0
             0  0  2  0
             0  3  0  1
            ```
        "#]],
    );
}

#[test]
fn node_name_shows_its_world_transform_too() {
    check(
        CHAIN,
        "NodeName=\"胸$0\"",
        expect![[r#"
            93:13 "\"胸\""
            ---
            **node** `胸`

            - Bone 1 of `ロボ` ([line 19](→ 19 "\"胸\""))
            - Node `腰` › **`胸`** ([line 93, column 13](→ 93 "\"胸\"")); children `頭`
            - Animated in `うなずき`

            **World transform at the setup pose**

            - Translation 0 · 2 · 0
            - Rotation X 0° · Y 0° · Z 90° (XYZ order)
            - Scale 1 · 1 · 1

            ```text
             0  1  0  0
            -1  0  0  0
             0  0  1  0
             0  2  0  1
            ```
        "#]],
    );
    check(
        CHAIN,
        "Node$0Name=\"腰\"",
        expect![[r#"
            90:3 "NodeName"
            ---
            **`NodeName`** · key in `Node`

            Name of the hierarchy node (frame or bone). Matches the `BoneNames` entry of the bone it drives.

            - Type: quoted string
            - Required

            **World transform at the setup pose**

            - Translation 0 · 1 · 0
            - Rotation X 0° · Y 0° · Z 0° (XYZ order)
            - Scale 1 · 1 · 1

            ```text
            1  0  0  0
            0  1  0  0
            0  0  1  0
            0  1  0  1
            ```
        "#]],
    );
}

#[test]
fn key_lines_show_the_sampled_local_value() {
    // The last key of 頭 is written as -w (the same rotation): sampled as it is written.
    check(
        CHAIN,
        "0:0:0:$0-1",
        expect![[r#"
        151:6 "0:0:0:-1"
        ---
        **Key 2** at 1000 ms (1 × AnimationTime 1000 ms), frame 30

        **Sampled** local animation of `頭` at 1000 ms

        - Translation 0 · 0 · 0
        - Rotation X 0° · Y 0° · Z 0° (XYZ order; quaternion `0 : 0 : 0 : -1`)
        - Scale 1 · 1 · 1
    "#]],
    );
    check(
        CHAIN,
        "3:3$0:3",
        expect![[r#"
        175:6 "3:3:3"
        ---
        **Key 1** at 1000 ms (1 × AnimationTime 1000 ms), frame 30

        **Sampled** local animation of `胸` at 1000 ms

        - Translation 0 · 0 · 2
        - Rotation X 0° · Y 0° · Z 0° (XYZ order; quaternion `0 : 0 : 0 : 1`)
        - Scale 3 · 3 · 3
    "#]],
    );
    check(
        CHAIN,
        "3.14$01593",
        expect![[r#"
        197:6 "3.141593"
        ---
        **Key 1** at 1000 ms (1 × AnimationTime 1000 ms), frame 30

        **Sampled** UV animation of `顔` at 1000 ms

        - Translation 1 · 0.5
        - Rotation 3.1416 rad (180°)
        - Scale 2 · 2
    "#]],
    );
}

#[test]
fn a_key_that_cannot_be_sampled_says_why() {
    check_fixture(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        AnimationList {
        	AnimationData {
        		AnimationTime=1000
        		BoneAnimation {
        			AnimationPart {
        				NodeName="頭"
        				TimeKeys {
        					0.0
        					1.0
        				}
        				TransKeys {
        					0:0:$00
        				}
        			}
        		}
        	}
        }
        "#,
        expect![[r#"
            14:6 "0:0:0"
            ---
            **Key 0** at 0 ms (0 × AnimationTime 1000 ms)

            **Sampled** local animation of `頭` at 0 ms: not sampled, TransKeys of the part animating "頭" has 1 key but TimeKeys has 2 keys
        "#]],
    );
}

/// Issue 12, item 3: a count of scopes that is wrong is marked, not the scopes counted, and the
/// schema's example (`MeshCount=2`) is not shown above the file's own value.
#[test]
fn a_wrong_count_of_scopes_is_marked_on_the_count() {
    check_fixture(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Mesh$0Count=2
        		Mesh {
        			Name="胴体"
        		}
        	}
        }
        "#,
        expect![[r#"
            6:3 "MeshCount"
            ---
            **`MeshCount`** · key in `MeshContainer`

            Number of `Mesh` scopes (separately drawn parts) in the container.

            - Type: integer ≥ 0
            - Required

            **Counted:** Mesh scopes 1 (declared 2 ✗, counted 1)
        "#]],
    );
}

/// Issue 12, item 3: when the counted lists disagree among themselves, the ones that disagree with
/// the declared count are marked.
#[test]
fn lists_that_disagree_with_the_count_are_marked() {
    check_fixture(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainer {
        		Mesh {
        			Vertex$0Count=2
        			Positions {
        				0:0:0
        				1:0:0
        			}
        			Normals {
        				0:0:1
        			}
        		}
        	}
        }
        "#,
        expect![[r#"
            6:4 "VertexCount"
            ---
            **`VertexCount`** · key in `Mesh`

            Number of vertices: the lines in `Positions`, `Normals`, `Diffuse` and every `Texture*UV` list.

            - Type: integer ≥ 0
            - Required

            **Counted:** Positions 2 · Normals 1 ✗ (declared 2)
        "#]],
    );
}

/// Nodes deep in a hierarchy and many of one name: the hover shows the root of each chain, how
/// many it leaves out and the nearest parents, the first 20 children and the first 20 nodes of
/// the name, each list with how many more (3,000 nested nodes of one name made a hover of 18 MB
/// in 3 s).
#[test]
fn many_nodes_of_one_name_deep_in_the_hierarchy() {
    let matrix = "1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1";
    let node = |name: &str| format!("Node {{\nNodeName=\"{name}\"\nInitPostureMatrix={matrix}\n");
    let mut text = String::from("HierarchyList {\n");
    for level in 0..25 {
        text += &node("節");
        if level == 0 {
            for i in 0..22 {
                text += &node(&format!("枝{i}"));
                text += "}\n";
            }
        }
    }
    text += &"}\n".repeat(25);
    text += "}\n";
    check(
        &text,
        "\"節$0\"",
        expect![[r#"
            3:10 "\"節\""
            ---
            **node** `節`

            - Not a bone of any mesh container
            - Node **`節`** ([line 3, column 10](→ 3 "\"節\"")); children `枝0`, `枝1`, `枝2`, `枝3`, `枝4`, `枝5`, `枝6`, `枝7`, `枝8`, `枝9`, `枝10`, `枝11`, `枝12`, `枝13`, `枝14`, `枝15`, `枝16`, `枝17`, `枝18`, `枝19`, … and 3 more
            - Node `節` › **`節`** ([line 94, column 10](→ 94 "\"節\"")); children `節`
            - Node `節` › `節` › **`節`** ([line 97, column 10](→ 97 "\"節\"")); children `節`
            - Node `節` › `節` › `節` › **`節`** ([line 100, column 10](→ 100 "\"節\"")); children `節`
            - Node `節` › `節` › `節` › `節` › **`節`** ([line 103, column 10](→ 103 "\"節\"")); children `節`
            - Node `節` › `節` › `節` › `節` › `節` › **`節`** ([line 106, column 10](→ 106 "\"節\"")); children `節`
            - Node `節` › `節` › `節` › `節` › `節` › `節` › **`節`** ([line 109, column 10](→ 109 "\"節\"")); children `節`
            - Node `節` › `節` › `節` › `節` › `節` › `節` › `節` › **`節`** ([line 112, column 10](→ 112 "\"節\"")); children `節`
            - Node `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › **`節`** ([line 115, column 10](→ 115 "\"節\"")); children `節`
            - Node `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › **`節`** ([line 118, column 10](→ 118 "\"節\"")); children `節`
            - Node `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › **`節`** ([line 121, column 10](→ 121 "\"節\"")); children `節`
            - Node `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › **`節`** ([line 124, column 10](→ 124 "\"節\"")); children `節`
            - Node `節` › … 1 more › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › **`節`** ([line 127, column 10](→ 127 "\"節\"")); children `節`
            - Node `節` › … 2 more › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › **`節`** ([line 130, column 10](→ 130 "\"節\"")); children `節`
            - Node `節` › … 3 more › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › **`節`** ([line 133, column 10](→ 133 "\"節\"")); children `節`
            - Node `節` › … 4 more › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › **`節`** ([line 136, column 10](→ 136 "\"節\"")); children `節`
            - Node `節` › … 5 more › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › **`節`** ([line 139, column 10](→ 139 "\"節\"")); children `節`
            - Node `節` › … 6 more › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › **`節`** ([line 142, column 10](→ 142 "\"節\"")); children `節`
            - Node `節` › … 7 more › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › **`節`** ([line 145, column 10](→ 145 "\"節\"")); children `節`
            - Node `節` › … 8 more › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › `節` › **`節`** ([line 148, column 10](→ 148 "\"節\"")); children `節`
            - … and 5 more nodes of this name

            **World transform at the setup pose**

            - Translation 0 · 0 · 0
            - Rotation X 0° · Y 0° · Z 0° (XYZ order)
            - Scale 1 · 1 · 1

            ```text
            1  0  0  0
            0  1  0  0
            0  0  1  0
            0  0  0  1
            ```
        "#]],
    );
}
