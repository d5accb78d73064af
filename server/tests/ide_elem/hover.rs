use expect_test::{Expect, expect};
use rigls::ide;

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

        ```elem
        VertexCount=4
        ```

        **Counted:** Positions 3 ✓ · Diffuse 3 ✓ (matches)
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

            ```elem
            VertexCount=4
            ```

            **Counted:** Positions 1 ✗ · Normals 1 ✗ (declared 4)
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

        ```elem
        Loop=True
        ```
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

        ```elem
        Mesh {
        	Name="BodyMesh"
        	VertexCount=3
        	FaceCount=1
        }
        ```

        ---

        **mesh** `胴体`

        - Mesh of `ロボ` (line 41)
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

        ```elem
        Positions {
        	0.0:1.0:0.0
        }
        ```

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

        - Bone 1 of `ロボ` (line 20)
        - Node `腰` › **`胸`** (line 85); children `頭`
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

        - Bone 2 of `ロボ` (line 21)
        - Node `腰` › `胸` › **`頭`** (line 87); no children
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

        - Bone 2 of `ロボ` (line 21)
        - Node `腰` › `胸` › **`頭`** (line 87); no children
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

        - Bone 0 of `ロボ` (line 19)
        - Node **`腰`** (line 83); children `胸`
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

        - Mesh of `ロボ` (line 41)
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

        - Material 1 of `ロボ` (line 36)
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

        - Material 0 of `ロボ` (line 30)
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

        - Mesh container (line 9)
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

        - Animation clip (line 105)
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
        **`TransformIndex`** 2 → bone `頭` of `ロボ` (line 21)
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
        **Face 0** → material 1 `顔` (line 36)

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
    "#]],
    );
    check(
        MODEL,
        "0.258819:0:0:0.96$05926",
        expect![[r#"
        130:6 "0.258819:0:0:0.965926"
        ---
        **Key 1** at 300 ms (0.25 × AnimationTime 1200 ms), frame 9
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

            ```elem
            Priority=0
            ```
        "#]],
    );
}
