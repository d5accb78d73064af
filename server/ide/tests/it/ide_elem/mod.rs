//! Tests of every `ide` feature on `.elem` files. Each feature has a module; position-sensitive
//! tests run on LF, CRLF and BOM variants of their fixture (see `ide_support::check_variants`).

pub(crate) use rigls_test_support::fixture as support;

mod actions;
mod colors;
mod completion;
mod folding_selection;
mod format;
mod hover;
mod inlay;
mod navigation;
mod properties;
mod rename;
mod semantic_tokens;
mod symbols;

/// A small, consistent model with Japanese names that uses every kind of name: one container
/// (`ロボ`), three bones/nodes (`腰` › `胸` › `頭`), two materials, one mesh, one rendering mesh and
/// a clip with a bone part and a UV part.
pub const MODEL: &str = "Elfreina Extension Model File
File Version 1.00
Setting {
	ElfreinaSoftVersion=1.10
	LoadType=\"View\"
}
MeshDatas {
	MeshContainerCount=1
	MeshContainer {
		Name=\"ロボ\"
		BoneCount=3
		MeshCount=1
		VertexFormat {
			\"Position\"
			\"Blend\"
			\"Diffuse\"
		}
		BoneNames {
			\"腰\"
			\"胸\"
			\"頭\"
		}
		OffsetMatrices {
			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
			1:0:0:0:0:1:0:0:0:0:1:0:0:-1:0:1
			1:0:0:0:0:1:0:0:0:0:1:0:0:-2:0:1
		}
		Materials {
			MaterialCount=2
			Material {
				Name=\"装甲\"
				Diffuse=1.000000:0.800000:0.480000:0.200000
				Ambient=1.000000:0.300000:0.300000:0.300000
				TextureFilename=\"armor.png\"
			}
			Material {
				Name=\"顔\"
				Diffuse=0.50:1.00:1.00:1.00
			}
		}
		Mesh {
			Name=\"胴体\"
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
					BoneName=\"腰\"
					TransformIndex=0
					VertexBlend {
						0,1.0
						1,1.0
					}
				}
				BlendPart {
					BoneName=\"頭\"
					TransformIndex=2
					VertexBlend {
						2,1.0
					}
				}
			}
			VertexIndices {
				3,0:1:2
			}
			Attributes {
				1
			}
		}
	}
}
HierarchyList {
	Node {
		NodeName=\"腰\"
		Node {
			NodeName=\"胸\"
			Node {
				NodeName=\"頭\"
			}
		}
	}
}
RenderingMeshList {
	RenderingMeshCount=1
	RenderingMesh {
		RenderingMeshName=\"胴体\"
		HierarchyNamesCount=2
		HierarchyNames {
			\"腰\"
			\"頭\"
		}
	}
}
AnimationList {
	AnimationCount=1
	AnimationData {
		AnimationName=\"うなずき\"
		AnimationTime=1200
		FrameParSecond=30
		Loop=True
		BoneAnimation {
			TimeKeys {
				0.0
				0.5
				1.0
			}
			AnimationPart {
				NodeName=\"頭\"
				TimeKeys {
					0.0
					0.25
					1.0
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
				0.0
				1.0
			}
			AnimationPart {
				MeshContainerName=\"ロボ\"
				MaterialName=\"顔\"
				TimeKeys {
					0.0
					1.0
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
";

#[test]
fn the_shared_model_is_clean() {
    let analysis = support::analyse("test.elem", MODEL, &[]);
    assert_eq!(support::annotate(MODEL, &analysis.diagnostics), MODEL);
}
