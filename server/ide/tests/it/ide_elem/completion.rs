use expect_test::{Expect, expect};
use rigls_ide as ide;

use super::MODEL;
use crate::ide_elem::support::{analyse, crlf};
use crate::ide_support::{at, check_variants, fixture, render_completions};

const HEAD: &str = "Elfreina Extension Model File\nFile Version 1.00\n";

fn check(source: &str, expect: Expect) {
    let (text, offset) = fixture(source);
    expect.assert_eq(&check_variants(&text, offset, |a, t, o| render_completions(t, &ide::completions(a, o.unwrap()))));
}

fn check_at(text: &str, marker: &str, expect: Expect) {
    let (text, offset) = at(text, marker);
    expect.assert_eq(&check_variants(&text, Some(offset), |a, t, o| {
        render_completions(t, &ide::completions(a, o.unwrap()))
    }));
}

#[test]
fn keys_not_yet_present_and_scopes_as_snippets() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		MeshCount=1
        		Mesh {
        			Name="胴体"
        			Vert$0
        			Positions {
        				0:0:0
        			}
        		}
        	}
        }
        "#,
        expect![[r#"
            VertexCount [Key snippet] (integer ≥ 0) "VertexCount=${1:1}" replacing "Vert"
            FaceCount [Key snippet] (integer ≥ 0) "FaceCount=${1:0}" replacing "Vert"
            Normals [Scope snippet] (list: x:y:z per line) "Normals {\n\t\t\t\t$0\n\t\t\t}" replacing "Vert"
            Diffuse [Scope snippet] (list: a:r:g:b per line, 0.0 … 1.0) "Diffuse {\n\t\t\t\t$0\n\t\t\t}" replacing "Vert"
            TextureUV [Scope snippet] (list: u:v per line) "TextureUV {\n\t\t\t\t$0\n\t\t\t}" replacing "Vert"
            BlendList [Scope snippet] (scope) "BlendList {\n\t\t\t\t$0\n\t\t\t}" replacing "Vert"
            BlendIndices [Scope snippet] (list: free-form lines) "BlendIndices {\n\t\t\t\t$0\n\t\t\t}" replacing "Vert"
            VertexIndices [Scope snippet] (list: n,i1:…:in per line) "VertexIndices {\n\t\t\t\t$0\n\t\t\t}" replacing "Vert"
            Attributes [Scope snippet] (list: one index per line) "Attributes {\n\t\t\t\t$0\n\t\t\t}" replacing "Vert"
            Texture1UV [Scope snippet] (list: u:v per line) "Texture1UV {\n\t\t\t\t$0\n\t\t\t}" replacing "Vert"
            Texture2UV [Scope snippet] (list: u:v per line) "Texture2UV {\n\t\t\t\t$0\n\t\t\t}" replacing "Vert"
            Texture3UV [Scope snippet] (list: u:v per line) "Texture3UV {\n\t\t\t\t$0\n\t\t\t}" replacing "Vert"
            Texture4UV [Scope snippet] (list: u:v per line) "Texture4UV {\n\t\t\t\t$0\n\t\t\t}" replacing "Vert"
            Texture5UV [Scope snippet] (list: u:v per line) "Texture5UV {\n\t\t\t\t$0\n\t\t\t}" replacing "Vert"
            Texture6UV [Scope snippet] (list: u:v per line) "Texture6UV {\n\t\t\t\t$0\n\t\t\t}" replacing "Vert"
            Texture7UV [Scope snippet] (list: u:v per line) "Texture7UV {\n\t\t\t\t$0\n\t\t\t}" replacing "Vert"
            Texture8UV [Scope snippet] (list: u:v per line) "Texture8UV {\n\t\t\t\t$0\n\t\t\t}" replacing "Vert"
        "#]],
    );
}

#[test]
fn material_keys_show_value_shapes() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		MeshCount=0
        		Materials {
        			MaterialCount=1
        			Material {
        				Name="装甲"
        				$0
        			}
        		}
        	}
        }
        "#,
        expect![[r#"
            Diffuse [Key snippet] (colour a:r:g:b, 4 numbers 0.0 … 1.0, alpha first) "Diffuse=${1:1.000000}:${2:0.800000}:${3:0.800000}:${4:0.800000}" replacing ""
            Ambient [Key snippet] (colour a:r:g:b, 4 numbers 0.0 … 1.0, alpha first) "Ambient=${1:1.000000}:${2:0.400000}:${3:0.400000}:${4:0.400000}" replacing ""
            Emissive [Key snippet] (colour a:r:g:b, 4 numbers 0.0 … 1.0, alpha first) "Emissive=${1:1.000000}:${2:0.000000}:${3:0.000000}:${4:0.000000}" replacing ""
            Specular [Key snippet] (colour a:r:g:b, 4 numbers 0.0 … 1.0, alpha first) "Specular=${1:1.000000}:${2:0.200000}:${3:0.200000}:${4:0.200000}" replacing ""
            SpecularSharpness [Key snippet] (number ≥ 0) "SpecularSharpness=${1:10.000000}" replacing ""
            TextureFilename [Key snippet] (quoted file path (relative to the .elem file)) "TextureFilename=\"${1:body.png}\"" replacing ""
        "#]],
    );
}

#[test]
fn animation_keys_offer_choices() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="歩き"
        		AnimationTime=1000
        		BoneAnimation {
        			AnimationPart {
        				N$0
        			}
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="腰"
        	}
        }
        "#,
        expect![[r#"
            NodeName [Key snippet] (quoted string) "NodeName=\"${1|腰|}\"" replacing "N"
            TransitionTime [Key snippet] (integer ≥ 0) "TransitionTime=${1:0}" replacing "N"
            InterpolationType [Key snippet] (one of "Linear", "Step", "Spline", "Lagrange") "InterpolationType=\"${1|Linear,Step,Spline,Lagrange|}\"" replacing "N"
            TimeKeys [Scope snippet] (list: one number per line, 0.0 … 1.0) "TimeKeys {\n\t\t\t\t\t$0\n\t\t\t\t}" replacing "N"
            TransKeys [Scope snippet] (list: x:y:z per line) "TransKeys {\n\t\t\t\t\t$0\n\t\t\t\t}" replacing "N"
            RotateKeys [Scope snippet] (list: x:y:z:w per line) "RotateKeys {\n\t\t\t\t\t$0\n\t\t\t\t}" replacing "N"
            ScaleKeys [Scope snippet] (list: x:y:z per line) "ScaleKeys {\n\t\t\t\t\t$0\n\t\t\t\t}" replacing "N"
        "#]],
    );
}

#[test]
fn the_word_before_an_equals_sign_completes_key_names_only() {
    check_at(
        MODEL,
        "\t\tMesh$0Count=1",
        expect![[r#"
        MeshCount [Key] (integer ≥ 0) "MeshCount" replacing "MeshCount"
    "#]],
    );
}

#[test]
fn the_word_before_a_brace_completes_tags_only() {
    check_at(
        MODEL,
        "\t\t\tPosi$0tions {",
        expect![[r#"
            Positions [Scope] (list: x:y:z per line) "Positions" replacing "Positions"
            Normals [Scope] (list: x:y:z per line) "Normals" replacing "Positions"
            TextureUV [Scope] (list: u:v per line) "TextureUV" replacing "Positions"
            BlendIndices [Scope] (list: free-form lines) "BlendIndices" replacing "Positions"
            Texture1UV [Scope] (list: u:v per line) "Texture1UV" replacing "Positions"
            Texture2UV [Scope] (list: u:v per line) "Texture2UV" replacing "Positions"
            Texture3UV [Scope] (list: u:v per line) "Texture3UV" replacing "Positions"
            Texture4UV [Scope] (list: u:v per line) "Texture4UV" replacing "Positions"
            Texture5UV [Scope] (list: u:v per line) "Texture5UV" replacing "Positions"
            Texture6UV [Scope] (list: u:v per line) "Texture6UV" replacing "Positions"
            Texture7UV [Scope] (list: u:v per line) "Texture7UV" replacing "Positions"
            Texture8UV [Scope] (list: u:v per line) "Texture8UV" replacing "Positions"
        "#]],
    );
}

#[test]
fn top_level_scopes_and_the_header_in_an_empty_file() {
    check(
        "$0",
        expect![[r#"
        Elfreina Extension Model File [Snippet] (the two header lines) "Elfreina Extension Model File\nFile Version 1.00\n" replacing ""
        Setting [Scope snippet] (scope) "Setting {\n\t$0\n}" replacing ""
        MeshDatas [Scope snippet] (scope) "MeshDatas {\n\t$0\n}" replacing ""
        HierarchyList [Scope snippet] (scope) "HierarchyList {\n\t$0\n}" replacing ""
        RenderingMeshList [Scope snippet] (scope) "RenderingMeshList {\n\t$0\n}" replacing ""
        AnimationList [Scope snippet] (scope) "AnimationList {\n\t$0\n}" replacing ""
    "#]],
    );
    check(
        &format!("{HEAD}Setting {{\n}}\nMesh$0\n"),
        expect![[r#"
        MeshDatas [Scope snippet] (scope) "MeshDatas {\n\t$0\n}" replacing "Mesh"
        HierarchyList [Scope snippet] (scope) "HierarchyList {\n\t$0\n}" replacing "Mesh"
        RenderingMeshList [Scope snippet] (scope) "RenderingMeshList {\n\t$0\n}" replacing "Mesh"
        AnimationList [Scope snippet] (scope) "AnimationList {\n\t$0\n}" replacing "Mesh"
    "#]],
    );
}

#[test]
fn booleans_and_enums() {
    check_at(
        MODEL,
        "Loop=$0True",
        expect![[r#"
        True [EnumMember] "True" replacing "True"
        False [EnumMember] "False" replacing "True"
    "#]],
    );
    check(
        &format!(
            "{HEAD}AnimationList {{\n\tAnimationData {{\n\t\tBoneAnimation {{\n\t\t\tAnimationPart {{\n\t\t\t\tInterpolationType=\"Li$0\n\t\t\t}}\n\t\t}}\n\t}}\n}}\n"
        ),
        expect![[r#"
            "Linear" [EnumMember] "\"Linear\"" replacing "\"Li"
            "Step" [EnumMember] "\"Step\"" replacing "\"Li"
            "Spline" [EnumMember] "\"Spline\"" replacing "\"Li"
            "Lagrange" [EnumMember] "\"Lagrange\"" replacing "\"Li"
        "#]],
    );
}

#[test]
fn bone_names_of_the_container() {
    check_at(
        MODEL,
        "BoneName=\"$0頭\"",
        expect![[r#"
        "腰" [Name] (bone 0) "\"腰\"" replacing "\"頭\""
        "胸" [Name] (bone 1) "\"胸\"" replacing "\"頭\""
        "頭" [Name] (bone 2) "\"頭\"" replacing "\"頭\""
    "#]],
    );
}

#[test]
fn unquoted_partial_names_are_replaced_whole() {
    let text = MODEL.replace("BoneName=\"頭\"", "BoneName=頭");
    check_at(
        &text,
        "BoneName=頭$0",
        expect![[r#"
        "腰" [Name] (bone 0) "\"腰\"" replacing "頭"
        "胸" [Name] (bone 1) "\"胸\"" replacing "頭"
        "頭" [Name] (bone 2) "\"頭\"" replacing "頭"
    "#]],
    );
}

#[test]
fn node_mesh_container_and_material_names() {
    check_at(
        MODEL,
        "NodeName=\"$0頭\"\n\t\t\t\tTimeKeys",
        expect![[r#"
        "腰" [Name] (node) "\"腰\"" replacing "\"頭\""
        "胸" [Name] (node) "\"胸\"" replacing "\"頭\""
        "頭" [Name] (node) "\"頭\"" replacing "\"頭\""
    "#]],
    );
    check_at(
        MODEL,
        "RenderingMeshName=\"$0",
        expect![[r#"
        "胴体" [Name] (mesh) "\"胴体\"" replacing "\"胴体\""
    "#]],
    );
    check_at(
        MODEL,
        "MeshContainerName=$0",
        expect![[r#"
        "ロボ" [Name] (mesh container) "\"ロボ\"" replacing "\"ロボ\""
    "#]],
    );
    check_at(
        MODEL,
        "MaterialName=\"顔$0\"",
        expect![[r#"
        "装甲" [Name] (material 0) "\"装甲\"" replacing "\"顔\""
        "顔" [Name] (material 1) "\"顔\"" replacing "\"顔\""
    "#]],
    );
}

#[test]
fn counts_offer_what_is_really_there() {
    check_at(
        MODEL,
        "VertexCount=$03",
        expect![[r#"
        3 [Value] (lines in Positions, lines in Diffuse) "3" replacing "3"
    "#]],
    );
    check_at(
        MODEL,
        "MaterialCount=$02",
        expect![[r#"
        2 [Value] (Material scopes) "2" replacing "2"
    "#]],
    );
}

#[test]
fn transform_index_offers_the_bones_named_one_first() {
    check_at(
        MODEL,
        "TransformIndex=$02",
        expect![[r#"
        2 [Value] (bone "頭") "2" replacing "2"
        0 [Value] (bone "腰") "0" replacing "2"
        1 [Value] (bone "胸") "1" replacing "2"
    "#]],
    );
}

#[test]
fn list_entries_not_yet_listed() {
    check_at(
        MODEL,
        "\t\t\t\"Blend\"$0",
        expect![[r#"
        "Normal" [EnumMember] (vertex component) "\"Normal\"" replacing "\"Blend\""
        "Blend" [EnumMember] (vertex component) "\"Blend\"" replacing "\"Blend\""
        "Texture" [EnumMember] (vertex component) "\"Texture\"" replacing "\"Blend\""
        "Texture1" [EnumMember] (vertex component) "\"Texture1\"" replacing "\"Blend\""
        "Texture2" [EnumMember] (vertex component) "\"Texture2\"" replacing "\"Blend\""
        "Texture3" [EnumMember] (vertex component) "\"Texture3\"" replacing "\"Blend\""
        "Texture4" [EnumMember] (vertex component) "\"Texture4\"" replacing "\"Blend\""
        "Texture5" [EnumMember] (vertex component) "\"Texture5\"" replacing "\"Blend\""
        "Texture6" [EnumMember] (vertex component) "\"Texture6\"" replacing "\"Blend\""
        "Texture7" [EnumMember] (vertex component) "\"Texture7\"" replacing "\"Blend\""
        "Texture8" [EnumMember] (vertex component) "\"Texture8\"" replacing "\"Blend\""
    "#]],
    );
    check(
        &format!(
            "{HEAD}MeshDatas {{\n\tMeshContainer {{\n\t\tVertexFormat {{\n\t\t\t\"Position\"\n\t\t\t\"No$0\"\n\t\t}}\n\t}}\n}}\n"
        ),
        expect![[r#"
            "Normal" [EnumMember] (vertex component) "\"Normal\"" replacing "\"No\""
            "Blend" [EnumMember] (vertex component) "\"Blend\"" replacing "\"No\""
            "Diffuse" [EnumMember] (vertex component) "\"Diffuse\"" replacing "\"No\""
            "Texture" [EnumMember] (vertex component) "\"Texture\"" replacing "\"No\""
            "Texture1" [EnumMember] (vertex component) "\"Texture1\"" replacing "\"No\""
            "Texture2" [EnumMember] (vertex component) "\"Texture2\"" replacing "\"No\""
            "Texture3" [EnumMember] (vertex component) "\"Texture3\"" replacing "\"No\""
            "Texture4" [EnumMember] (vertex component) "\"Texture4\"" replacing "\"No\""
            "Texture5" [EnumMember] (vertex component) "\"Texture5\"" replacing "\"No\""
            "Texture6" [EnumMember] (vertex component) "\"Texture6\"" replacing "\"No\""
            "Texture7" [EnumMember] (vertex component) "\"Texture7\"" replacing "\"No\""
            "Texture8" [EnumMember] (vertex component) "\"Texture8\"" replacing "\"No\""
        "#]],
    );
    check_at(
        MODEL,
        "\t\t\t\"腰\"\n\t\t\t\"頭\"$0",
        expect![[r#"
        "胸" [Name] (node) "\"胸\"" replacing "\"頭\""
        "頭" [Name] (node) "\"頭\"" replacing "\"頭\""
    "#]],
    );
}

#[test]
fn nothing_inside_values_that_are_not_names_or_after_a_brace() {
    check_at(MODEL, "Diffuse=1.000000:0.8$0", expect![""]);
    check_at(MODEL, "Mesh {$0", expect![""]);
    check_at(MODEL, "\t\t\t\t0.0:0.$00:0.0", expect![""]);
}

#[test]
fn snippets_follow_the_file_indentation_and_line_breaks() {
    let spaces =
        format!("{HEAD}MeshDatas {{\n    MeshContainer {{\n        Mesh {{\n            Bl\n        }}\n    }}\n}}\n");
    let offset = spaces.find("Bl\n").unwrap() as u32 + 2;
    let analysis = analyse("test.elem", &spaces, &[]);
    let blend = ide::completions(&analysis, offset).into_iter().find(|i| i.label == "BlendList").unwrap();
    assert_eq!(blend.insert_text, "BlendList {\n                $0\n            }");

    let flat = format!("{HEAD}MeshDatas {{\nMeshContainer {{\nName=\"a\"\nMesh {{\nBl\n}}\n}}\n}}\n");
    let offset = flat.find("Bl\n").unwrap() as u32 + 2;
    let analysis = analyse("test.elem", &crlf(&flat), &[]);
    let offset = crate::ide_support::map_offset(&flat, offset, &analysis.text);
    let blend = ide::completions(&analysis, offset).into_iter().find(|i| i.label == "BlendList").unwrap();
    assert_eq!(blend.insert_text, "BlendList {\r\n$0\r\n}");

    // Old Mac line breaks (a lone CR) end lines too: the indentation is still found.
    let cr = format!("{HEAD}MeshDatas {{\n\tMeshContainer {{\n\t\tMesh {{\n\t\t\tBl\n\t\t}}\n\t}}\n}}\n")
        .replace('\n', "\r");
    let offset = cr.find("Bl\r").unwrap() as u32 + 2;
    let analysis = analyse("test.elem", &cr, &[]);
    let blend = ide::completions(&analysis, offset).into_iter().find(|i| i.label == "BlendList").unwrap();
    assert_eq!(blend.insert_text, "BlendList {\r\t\t\t\t$0\r\t\t\t}");
}

/// A material's `TextureFilename` completes the images of the folder typed so far, relative to
/// the model (Japanese names, `\` as Elfreina writes it or `/`); other files, and a cursor after
/// the closing quote, get none. The same in every line-ending and BOM variant.
#[test]
fn texture_file_names_complete_from_the_folder_typed() {
    let fs = rigls_diagnostic::env::MemoryFs::default()
        .with("モデル/鎧.png", "")
        .with("モデル/readme.txt", "")
        .with("モデル/テクスチャ/顔.PNG", "")
        .with("モデル/テクスチャ/肌.bmp", "");
    let model = |value: &str| {
        format!(
            "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {{\n\tMeshContainer {{\n\t\tMaterials {{\n\t\t\tMaterial {{\n\t\t\t\tName=\"鎧\"\n\t\t\t\tTextureFilename={value}\n\t\t\t}}\n\t\t}}\n\t}}\n}}\n"
        )
    };
    let complete = |value: &str| {
        let (text, offset) = crate::ide_support::fixture(&model(value));
        crate::ide_support::check_variants_of("モデル/鎧.elem", &[], &text, offset, |a, t, o| {
            render_completions(t, &ide::file_completions(a, o.expect("cursor"), &fs))
        })
    };
    expect![[r#"
        "鎧.png" [File] (image) "\"鎧.png\"" replacing ""
    "#]]
    .assert_eq(&complete("$0"));
    expect![[r#"
        "テクスチャ\肌.bmp" [File] (image) "\"テクスチャ\\肌.bmp\"" replacing "\"テクスチャ\\顔\""
        "テクスチャ\顔.PNG" [File] (image) "\"テクスチャ\\顔.PNG\"" replacing "\"テクスチャ\\顔\""
    "#]]
    .assert_eq(&complete("\"テクスチャ\\$0顔\""));
    expect![[r#"
        "テクスチャ/肌.bmp" [File] (image) "\"テクスチャ/肌.bmp\"" replacing "\"テクスチャ/"
        "テクスチャ/顔.PNG" [File] (image) "\"テクスチャ/顔.PNG\"" replacing "\"テクスチャ/"
    "#]]
    .assert_eq(&complete("\"テクスチャ/$0"));
    expect![[r#""#]].assert_eq(&complete("\"鎧.png\"$0"));
}
