use expect_test::expect;
use rigls_ide as ide;
use rigls_text::TextRange;

use super::MODEL;
use crate::ide_support::{check_variants, map_range, render_inlays};

#[test]
fn hints_over_the_whole_model() {
    expect![[r#"
        Elfreina Extension Model File
        File Version 1.00
        Setting {
        	ElfreinaSoftVersion=1.10
        	LoadType="View"
        }
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="ロボ"
        		BoneCount=3
        		MeshCount=1
        		VertexFormat {
        			"Position"
        			"Blend"
        			"Diffuse"
        		}
        		BoneNames {
        			⟨[0]⟩ "腰"
        			⟨[1]⟩ "胸"
        			⟨[2]⟩ "頭"
        		}
        		OffsetMatrices {
        			⟨[0]⟩ 1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        			⟨[1]⟩ 1:0:0:0:0:1:0:0:0:0:1:0:0:-1:0:1
        			⟨[2]⟩ 1:0:0:0:0:1:0:0:0:0:1:0:0:-2:0:1
        		}
        		Materials {
        			MaterialCount=2
        			⟨[0]⟩ Material {
        				Name="装甲"
        				Diffuse=1.000000:0.800000:0.480000:0.200000
        				Ambient=1.000000:0.300000:0.300000:0.300000
        				TextureFilename="armor.png"
        			}
        			⟨[1]⟩ Material {
        				Name="顔"
        				Diffuse=0.50:1.00:1.00:1.00
        			}
        		}
        		Mesh {
        			Name="胴体"
        			VertexCount=3
        			FaceCount=1
        			Positions {
        				0.0:0.0:0.0
        				1.0:0.0:0.0
        				0.0:2.0:0.0
        			}
        			Diffuse {
        				1.0:1.0:0.0:0.0
        				1.0:0.0:1.0:0.0
        				1.0:0.0:0.0:1.0
        			}
        			BlendList {
        				BlendPart {
        					BoneName="腰"
        					TransformIndex=0 ⟨→ 腰⟩
        					VertexBlend {
        						0,1.0
        						1,1.0
        					}
        				}
        				BlendPart {
        					BoneName="頭"
        					TransformIndex=2 ⟨→ 頭⟩
        					VertexBlend {
        						2,1.0
        					}
        				}
        			}
        			VertexIndices {
        				3,0:1:2
        			}
        			Attributes {
        				1 ⟨→ 顔⟩
        			}
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="腰"
        		Node {
        			NodeName="胸"
        			Node {
        				NodeName="頭"
        			}
        		}
        	}
        }
        RenderingMeshList {
        	RenderingMeshCount=1
        	RenderingMesh {
        		RenderingMeshName="胴体"
        		HierarchyNamesCount=2
        		HierarchyNames {
        			"腰"
        			"頭"
        		}
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1200
        		FrameParSecond=30
        		Loop=True
        		BoneAnimation {
        			TimeKeys {
        				0.0 ⟨0 ms⟩
        				0.5 ⟨600 ms⟩
        				1.0 ⟨1200 ms⟩
        			}
        			AnimationPart {
        				NodeName="頭"
        				TimeKeys {
        					0.0 ⟨0 ms⟩
        					0.25 ⟨300 ms⟩
        					1.0 ⟨1200 ms⟩
        				}
        				TransKeys {
        					0:0:0
        					0:0:0
        					0:0:0
        				}
        				RotateKeys {
        					0:0:0:1
        					0.258819:0:0:0.965926
        					0:0:0:1
        				}
        				ScaleKeys {
        					1:1:1
        					1:1:1
        					1:1:1
        				}
        			}
        		}
        		UVAnimation {
        			TimeKeys {
        				0.0 ⟨0 ms⟩
        				1.0 ⟨1200 ms⟩
        			}
        			AnimationPart {
        				MeshContainerName="ロボ"
        				MaterialName="顔"
        				TimeKeys {
        					0.0 ⟨0 ms⟩
        					1.0 ⟨1200 ms⟩
        				}
        				TransKeys {
        					0:0
        					0.5:0
        				}
        				RotateKeys {
        					0
        					0
        				}
        				ScaleKeys {
        					1:1
        					1:1
        				}
        			}
        		}
        	}
        }
    "#]]
    .assert_eq(&check_variants(MODEL, None, |a, t, _| {
        render_inlays(t, &ide::inlay_hints(a, TextRange::new(0, t.len() as u32)))
    }));
}

#[test]
fn only_hints_inside_the_requested_range() {
    let start = MODEL.find("\t\t\t\"胸\"").unwrap() as u32;
    let end = MODEL.find("\t\tMaterials {").unwrap() as u32;
    let requested = TextRange::new(start, end);
    expect![[r#"
        [1] "bone 1"
        [2] "bone 2"
        [0] "offset matrix of bone 0 \"腰\""
        [1] "offset matrix of bone 1 \"胸\""
        [2] "offset matrix of bone 2 \"頭\""
    "#]]
    .assert_eq(&check_variants(MODEL, None, |a, t, _| {
        let range = map_range(MODEL, requested, t);
        let hints = ide::inlay_hints(a, range);
        assert!(hints.iter().all(|h| range.contains_inclusive(h.offset)));
        hints.iter().map(|h| format!("{} {:?}\n", h.label, h.tooltip.as_deref().unwrap_or(""))).collect()
    }));
}
