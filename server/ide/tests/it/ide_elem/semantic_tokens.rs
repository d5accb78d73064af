use expect_test::expect;
use rigls_ide as ide;

use crate::ide_support::render_tokens;
use crate::ide_support::{check_variants, fixture};

#[test]
fn tags_keys_values_and_names() {
    let (text, _) = fixture(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainer {
        		Name="ロボ"
        		VertexFormat {
        			"Position"
        		}
        		BoneNames {
        			"腰"
        		}
        		Mesh {
        			VertexCount=1
        			BlendList {
        				BlendPart {
        					BoneName="腰"
        					VertexBlend {
        						0,1.0
        					}
        				}
        			}
        		}
        		Materials {
        			Material {
        				TextureFilename="a.png"
        			}
        		}
        	}
        }
        AnimationList {
        	AnimationData {
        		Loop=True
        		BoneAnimation {
        			AnimationPart {
        				InterpolationType="Linear"
        			}
        		}
        	}
        }
        "#,
    );
    expect![[r#"
        "Elfreina" Keyword
        "Extension" Keyword
        "Model" Keyword
        "File" Keyword
        "File" Keyword
        "Version" Keyword
        "1.00" Number
        "MeshDatas" Namespace
        "MeshContainer" Namespace
        "Name" Property
        "\"ロボ\"" Variable +declaration +definition
        "VertexFormat" Namespace
        "\"Position\"" EnumMember
        "BoneNames" Namespace
        "\"腰\"" Variable +declaration +definition
        "Mesh" Namespace
        "VertexCount" Property
        "1" Number
        "BlendList" Namespace
        "BlendPart" Namespace
        "BoneName" Property
        "\"腰\"" Variable
        "VertexBlend" Namespace
        "0" Number
        "1.0" Number
        "Materials" Namespace
        "Material" Namespace
        "TextureFilename" Property
        "\"a.png\"" String
        "AnimationList" Namespace
        "AnimationData" Namespace
        "Loop" Property
        "True" Keyword
        "BoneAnimation" Namespace
        "AnimationPart" Namespace
        "InterpolationType" Property
        "\"Linear\"" EnumMember
    "#]]
    .assert_eq(&check_variants(&text, None, |a, t, _| render_tokens(t, &ide::semantic_tokens(a))));
}

#[test]
fn broken_lines_still_give_ordered_tokens() {
    let text = "Elfreina Extension Model File\nFile Version 1.00\nSetting {\n\tLoadType=\"View\n\tFoo=1 2\n}\n}\n";
    expect![[r#"
        "Elfreina" Keyword
        "Extension" Keyword
        "Model" Keyword
        "File" Keyword
        "File" Keyword
        "Version" Keyword
        "1.00" Number
        "Setting" Namespace
        "LoadType" Property
        "\"View" String
        "Foo" Property
        "1" Number
        "2" Number
    "#]]
    .assert_eq(&check_variants(text, None, |a, t, _| render_tokens(t, &ide::semantic_tokens(a))));
}
