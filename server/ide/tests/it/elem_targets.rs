//! The `danmakufu-ph3` target on `.elem` fixtures: each way Touhou Danmakufu ph3's loader fails,
//! crashes, reads memory it never set or draws a model differently, as the exact diagnostic under
//! the line that causes it. (Expected diagnostics checked against the loader's source, and every
//! fixture's load outcome against an independent port of it.)

use rigls_diagnostic::{Target, Targets};
use rigls_test_support::fixture as support;

fn check(fixture: &str) {
    support::check_diagnostics_for("model.elem", fixture, &[], Targets::of(&[Target::DanmakufuPh3]));
}

#[test]
fn faces_of_four_corners() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=1
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        		Materials {
        			MaterialCount=1
        			Material {
        				Name="肌"
        			}
        		}
        		Mesh {
        			Name="胴体"
        			VertexCount=4
        			FaceCount=2
        			Positions {
        				0:0:0
        				1:0:0
        				0:1:0
        				1:1:0
        			}
        			VertexIndices {
        				4,0:1:3:2
        				^^^^^^^^^ error[target-load-failure]: danmakufu-ph3 does not load the file: a face of 4 corners, and the loader reads triangles only: split it into two triangles
        				4,0:2:3:1
        				^^^^^^^^^ error[target-load-failure]: danmakufu-ph3 does not load the file: a face of 4 corners, and the loader reads triangles only: split it into two triangles
        			}
        			Attributes {
        				0
        				0
        			}
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1000
        		FrameParSecond=30
        		Loop=True
        	}
        }
        "#,
    );
}

#[test]
fn counts_written_with_a_decimal_point_or_an_exponent() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=1
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        		Materials {
        			MaterialCount=1
        			Material {
        				Name="肌"
        			}
        		}
        		Mesh {
        			Name="胴体"
        			VertexCount=3.0
        			            ^^^ error[invalid-value]: `VertexCount` must be an integer, found `3.0`
        			            ^^^ error[target-load-failure]: danmakufu-ph3 does not load the file: `VertexCount` is `3.0`, but the loader reads it only as a whole number written without a decimal point or exponent: write `3`
        			FaceCount=1
        			Positions {
        				0:0:0
        				1:0:0
        				0:1:0
        			}
        			VertexIndices {
        				3,0:1:2
        			}
        			Attributes {
        				0
        			}
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1e3
        		              ^^^ error[invalid-value]: `AnimationTime` must be an integer, found `1e3`
        		              ^^^ warning[number-format]: `1e3` uses exponent notation, which Keystone cannot read; write a plain decimal
        		              ^^^ error[target-load-failure]: danmakufu-ph3 does not load the file: `AnimationTime` is `1e3`, but the loader reads it only as a whole number written without a decimal point or exponent: write `1000`
        		FrameParSecond=30
        		Loop=True
        	}
        }
        "#,
    );
}

#[test]
fn an_exponent_with_a_plus_sign() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=1
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        		Materials {
        			MaterialCount=1
        			Material {
        				Name="肌"
        			}
        		}
        		Mesh {
        			Name="胴体"
        			VertexCount=3
        			FaceCount=1
        			Positions {
        				0:0:0
        				1e+05:0:0
        				^^^^^ warning[number-format]: `1e+05` uses exponent notation, which Keystone cannot read; write a plain decimal
        				^^^^^ error[target-load-failure]: danmakufu-ph3 does not load the file: on line 2 of `Positions` (3 numbers separated by `:`, 3 lines: `VertexCount`), the loader expects `:` and finds `1e+05`, which its tokenizer splits after the `e` (it takes no `+` in an exponent): write it without exponent or as `1e05`
        				0:1:0
        			}
        			VertexIndices {
        				3,0:1:2
        			}
        			Attributes {
        				0
        			}
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1000
        		FrameParSecond=30
        		Loop=True
        	}
        }
        "#,
    );
}

#[test]
fn a_line_of_spaces_in_a_fixed_list() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=1
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        		Materials {
        			MaterialCount=1
        			Material {
        				Name="肌"
        			}
        		}
        		Mesh {
        			Name="胴体"
        			VertexCount=3
        			FaceCount=1
        			Positions {
        				0:0:0
        				
        ^^^^ error[target-load-failure]: danmakufu-ph3 does not load the file: on line 2 of `Positions` (3 numbers separated by `:`, 3 lines: `VertexCount`), the loader expects a number and finds a line holding only spaces, tabs or a comment, which it reads as one more line
        				1:0:0
        				0:1:0
        			}
        			VertexIndices {
        				3,0:1:2
        			}
        			Attributes {
        				0
        			}
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1000
        		FrameParSecond=30
        		Loop=True
        	}
        }
        "#,
    );
}

#[test]
fn a_per_vertex_diffuse_list_ends_the_mesh_and_its_container() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=2
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        		Materials {
        			MaterialCount=1
        			Material {
        				Name="肌"
        			}
        		}
        		Mesh {
        			Name="胴体"
        			VertexCount=3
        			FaceCount=1
        			Positions {
        				0:0:0
        				1:0:0
        				0:1:0
        			}
        			Diffuse {
        			^^^^^^^^^ error[target-load-failure]: danmakufu-ph3 stops reading the Mesh `胴体` at the `}` of this `Diffuse`, a scope its loader does not know in a Mesh: `VertexIndices` and `Attributes` after it are lost, and the mesh is left without `Attributes`, so without material, which crashes Danmakufu when it is drawn
        				1:1:1:1
        				1:1:1:1
        				1:1:1:1
        			}
        			VertexIndices {
        				3,0:1:2
        			}
        			Attributes {
        				0
        			}
        		}
        		Mesh {
        		^^^^ error[target-load-failure]: danmakufu-ph3 crashes loading the file: this Mesh is never read (its MeshContainer ended early, at the `}` of `Diffuse` (line 30), a scope its loader does not know), yet `MeshCount` counts it: mesh 2 is a mesh without vertices, whose vertex buffer is never made (Lock on NULL)
        			Name="帽子"
        			VertexCount=3
        			FaceCount=1
        			Positions {
        				0:0:0
        				1:0:0
        				0:1:0
        			}
        			VertexIndices {
        				3,0:1:2
        			}
        			Attributes {
        				0
        			}
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1000
        		FrameParSecond=30
        		Loop=True
        	}
        }
        "#,
    );
}

#[test]
fn a_texture1uv_list_after_attributes() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=1
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        		Materials {
        			MaterialCount=1
        			Material {
        				Name="肌"
        			}
        		}
        		Mesh {
        			Name="胴体"
        			VertexCount=3
        			FaceCount=1
        			Positions {
        				0:0:0
        				1:0:0
        				0:1:0
        			}
        			VertexIndices {
        				3,0:1:2
        			}
        			Attributes {
        				0
        			}
        			Texture1UV {
        			^^^^^^^^^^^^ warning[target-drops]: danmakufu-ph3 ignores this `Texture1UV`, a scope its loader does not know in a Mesh (its `}` ends the Mesh)
        				0:0
        				1:0
        				0:1
        			}
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1000
        		FrameParSecond=30
        		Loop=True
        	}
        }
        "#,
    );
}

#[test]
fn only_the_last_mesh_container_is_kept() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=2
        	MeshContainer {
        	^^^^^^^^^^^^^ warning[target-drops]: danmakufu-ph3 keeps only the last MeshContainer: the meshes and materials of the MeshContainer `人形` are replaced by a later one's and never drawn
        		Name="人形"
        		BoneCount=1
        		MeshCount=1
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        		Materials {
        			MaterialCount=1
        			Material {
        				Name="肌"
        			}
        		}
        		Mesh {
        			Name="胴体"
        			VertexCount=3
        			FaceCount=1
        			Positions {
        				0:0:0
        				1:0:0
        				0:1:0
        			}
        			VertexIndices {
        				3,0:1:2
        			}
        			Attributes {
        				0
        			}
        		}
        	}
        	MeshContainer {
        		Name="小物"
        		MeshCount=1
        		Materials {
        			MaterialCount=1
        			Material {
        				Name="木"
        			}
        		}
        		Mesh {
        			Name="棒"
        			VertexCount=3
        			FaceCount=1
        			Positions {
        				0:0:0
        				1:0:0
        				0:1:0
        			}
        			VertexIndices {
        				3,0:1:2
        			}
        			Attributes {
        				0
        			}
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1000
        		FrameParSecond=30
        		Loop=True
        	}
        }
        "#,
    );
}

#[test]
fn more_than_three_weights_on_a_vertex() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=1
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        		Materials {
        			MaterialCount=1
        			Material {
        				Name="肌"
        			}
        		}
        		Mesh {
        			Name="胴体"
        			VertexCount=3
        			FaceCount=1
        			Positions {
        				0:0:0
        				1:0:0
        				0:1:0
        			}
        			BlendList {
        				BlendPart {
        					BoneName="首"
        					TransformIndex=0
        					VertexBlend {
        						0,0.25
        						0,0.25
        						0,0.25
        						0,0.25
        						^^^^^^ warning[target-drops]: danmakufu-ph3 skins with 3 weights per vertex: in the Mesh `胴体`, 1 vertex has more; the weight beyond the first three goes to the 4th bone named (a 5th bone replaces the 1st's), so these vertices move differently
        						1,1
        						2,1
        					}
        				}
        			}
        			VertexIndices {
        				3,0:1:2
        			}
        			Attributes {
        				0
        			}
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1000
        		FrameParSecond=30
        		Loop=True
        	}
        }
        "#,
    );
}

#[test]
fn keys_that_stop_before_the_end_are_extrapolated() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=0
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1000
        		FrameParSecond=30
        		Loop=True
        		BoneAnimation {
        			AnimationPart {
        				NodeName="首"
        				TimeKeys {
        					0
        					0.5
        					^^^ warning[target-drops]: danmakufu-ph3 extrapolates the part for `首` of the clip `うなずき` past its last key (0.5, before the clip's end): the bone goes on moving as between its last two keys instead of holding
        				}
        				TransKeys {
        					0:0:0
        					0:1:0
        				}
        				RotateKeys {
        					0:0:0:1
        					0:0:0.258819:0.965926
        				}
        				ScaleKeys {
        					1:1:1
        					1:1:1
        				}
        			}
        		}
        	}
        }
        "#,
    );
}

#[test]
fn a_part_for_a_name_that_is_no_bone_moves_bone_0() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=0
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1000
        		FrameParSecond=30
        		Loop=True
        		BoneAnimation {
        			AnimationPart {
        				NodeName="頭"
        				         ^^^ error[unknown-node]: unknown node `頭`: not found among the HierarchyList nodes
        				         ^^^ warning[target-drops]: danmakufu-ph3 makes this animation part act on bone 0 (`首`): `頭` is no bone name of the last MeshContainer, and its keys replace that bone's part
        				TimeKeys {
        					0
        					1
        				}
        				TransKeys {
        					0:0:0
        					0:1:0
        				}
        				RotateKeys {
        					0:0:0:1
        					0:0:0.258819:0.965926
        				}
        				ScaleKeys {
        					1:1:1
        					1:1:1
        				}
        			}
        		}
        	}
        }
        "#,
    );
}

#[test]
fn uv_animation_is_ignored() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=1
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        		Materials {
        			MaterialCount=1
        			Material {
        				Name="肌"
        			}
        		}
        		Mesh {
        			Name="胴体"
        			VertexCount=3
        			FaceCount=1
        			Positions {
        				0:0:0
        				1:0:0
        				0:1:0
        			}
        			VertexIndices {
        				3,0:1:2
        			}
        			Attributes {
        				0
        			}
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1000
        		FrameParSecond=30
        		Loop=True
        		UVAnimation {
        		^^^^^^^^^^^ warning[target-drops]: danmakufu-ph3 ignores UV animation: the texture does not move
        			AnimationPart {
        				MeshContainerName="人形"
        				MaterialName="肌"
        				TimeKeys {
        					0
        				}
        				TransKeys {
        					0:0
        				}
        				RotateKeys {
        					0
        				}
        				ScaleKeys {
        					1:1
        				}
        			}
        		}
        	}
        }
        "#,
    );
}

#[test]
fn a_mesh_without_attributes_crashes_when_drawn() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=1
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        		Materials {
        			MaterialCount=1
        			Material {
        				Name="肌"
        			}
        		}
        		Mesh {
        		^^^^ error[target-load-failure]: danmakufu-ph3 crashes drawing the Mesh `胴体`: it has no `Attributes`, so no material
        			Name="胴体"
        			VertexCount=3
        			Positions {
        				0:0:0
        				1:0:0
        				0:1:0
        			}
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1000
        		FrameParSecond=30
        		Loop=True
        	}
        }
        "#,
    );
}

#[test]
fn a_clip_without_frame_rate_is_undefined() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=0
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        	^^^^^^^^^^^^^ error[target-load-failure]: danmakufu-ph3 reads `FrameParSecond` of the clip `うなずき` at every frame without it being set: write it
        		AnimationName="うなずき"
        		AnimationTime=1000
        		Loop=True
        		BoneAnimation {
        			AnimationPart {
        				NodeName="首"
        				TimeKeys {
        					0
        					1
        				}
        				TransKeys {
        					0:0:0
        					0:1:0
        				}
        				RotateKeys {
        					0:0:0:1
        					0:0:0.258819:0.965926
        				}
        				ScaleKeys {
        					1:1:1
        					1:1:1
        				}
        			}
        		}
        	}
        }
        "#,
    );
    // Without parts, every bone is posed as the identity whatever the frame rate or the loop flag
    // hold (the real loader's harness drew the same at every frame and memory filling).
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=0
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1000
        	}
        }
        "#,
    );
}

#[test]
fn a_looping_clip_of_no_time_crashes() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=0
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=0
        		^^^^^^^^^^^^^^^ error[target-load-failure]: danmakufu-ph3 divides by `AnimationTime` to loop the clip `うなずき`: with 0 it crashes at its first frame
        		              ^ error[out-of-range]: `AnimationTime` must be at least 1, found 0
        		FrameParSecond=30
        		Loop=True
        		BoneAnimation {
        			AnimationPart {
        				NodeName="首"
        				TimeKeys {
        					0
        					1
        				}
        				TransKeys {
        					0:0:0
        					0:1:0
        				}
        				RotateKeys {
        					0:0:0:1
        					0:0:0.258819:0.965926
        				}
        				ScaleKeys {
        					1:1:1
        					1:1:1
        				}
        			}
        		}
        	}
        }
        "#,
    );
}

#[test]
fn key_lists_shorter_than_the_time_keys_crash() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=0
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1000
        		FrameParSecond=30
        		Loop=True
        		BoneAnimation {
        			AnimationPart {
        				NodeName="首"
        				         ^^^ error[target-load-failure]: danmakufu-ph3 crashes playing the part for `首` of the clip `うなずき` at the frames that need a key it lacks: it has 2 `TimeKeys` but 1 `RotateKeys`
        				TimeKeys {
        					0
        					1
        				}
        				TransKeys {
        					0:0:0
        					0:1:0
        				}
        				RotateKeys {
        				^^^^^^^^^^ error[count-mismatch]: RotateKeys has 1 key but TimeKeys has 2 keys
        					0:0:0:1
        				}
        				ScaleKeys {
        					1:1:1
        					1:1:1
        				}
        			}
        		}
        	}
        }
        "#,
    );
}

#[test]
fn a_model_without_clips_is_never_drawn() {
    check(
        r#"
        Elfreina Extension Model File
        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning[target-drops]: danmakufu-ph3 never draws this model: it has no `AnimationData`, and Danmakufu shows a model only through a clip (it has no setup pose)
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=1
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        		Materials {
        			MaterialCount=1
        			Material {
        				Name="肌"
        			}
        		}
        		Mesh {
        			Name="胴体"
        			VertexCount=3
        			FaceCount=1
        			Positions {
        				0:0:0
        				1:0:0
        				0:1:0
        			}
        			VertexIndices {
        				3,0:1:2
        			}
        			Attributes {
        				0
        			}
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        "#,
    );
}

#[test]
fn faces_of_one_mesh_with_two_materials() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=1
        		MeshCount=1
        		BoneNames {
        			"首"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        		Materials {
        			MaterialCount=2
        			Material {
        				Name="肌"
        			}
        			Material {
        				Name="服"
        			}
        		}
        		Mesh {
        			Name="胴体"
        			VertexCount=3
        			FaceCount=2
        			Positions {
        				0:0:0
        				1:0:0
        				0:1:0
        			}
        			VertexIndices {
        				3,0:1:2
        				3,0:2:1
        			}
        			Attributes {
        				0
        				1
        				^ error[target-load-failure]: danmakufu-ph3 does not load the file: face 2 uses material 1 and an earlier face of this Mesh material 0: the loader takes one material per Mesh (split the Mesh)
        			}
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1000
        		FrameParSecond=30
        		Loop=True
        	}
        }
        "#,
    );
}

/// `Attributes` keeps its material in `attr`, which starts at −1 and takes the first face's
/// material while it is −1 (ElfreinaMesh.cpp:431-442): a face of material −1 leaves the choice to
/// the next face, so `-1` then `0` loads with material 0 (as Danmakufu's loader, run headless,
/// does); only when every face says −1 is the material list read before its start.
#[test]
fn a_face_of_material_minus_one_leaves_the_choice_to_the_next_face() {
    const NEG: &str =
        "\n        \t\t\t\t^^ error[index-out-of-range]: material index -1 is negative; indices start at 0";
    let model = |attributes: &str| {
        format!(
            r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {{
        	MeshContainerCount=1
        	MeshContainer {{
        		Name="人形"
        		BoneCount=1
        		MeshCount=1
        		BoneNames {{
        			"首"
        		}}
        		OffsetMatrices {{
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}}
        		Materials {{
        			MaterialCount=1
        			Material {{
        				Name="肌"
        			}}
        		}}
        		Mesh {{
        			Name="胴体"
        			VertexCount=3
        			FaceCount=2
        			Positions {{
        				0:0:0
        				1:0:0
        				0:1:0
        			}}
        			VertexIndices {{
        				3,0:1:2
        				3,0:2:1
        			}}
        			Attributes {{
{attributes}
        			}}
        		}}
        	}}
        }}
        HierarchyList {{
        	Node {{
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}}
        }}
        AnimationList {{
        	AnimationCount=1
        	AnimationData {{
        		AnimationName="うなずき"
        		AnimationTime=1000
        		FrameParSecond=30
        		Loop=True
        	}}
        }}
        "#
        )
    };
    check(&model(&format!("        \t\t\t\t-1{NEG}\n        \t\t\t\t0")));
    check(&model(&format!(
        "        \t\t\t\t-1{NEG}\n        \t\t\t\t-1{NEG}\n        \t\t\t\t^^ error[target-load-failure]: danmakufu-ph3 crashes loading the file: every face of this Mesh has material −1, which leaves the material index at −1: the loader reads before its material list"
    )));
    check(&model(&format!(
        "        \t\t\t\t0\n        \t\t\t\t-1{NEG}\n        \t\t\t\t^^ error[target-load-failure]: danmakufu-ph3 does not load the file: face 2 uses material -1 and an earlier face of this Mesh material 0: the loader takes one material per Mesh (split the Mesh)"
    )));
}

/// The Danmakufu diagnostics of a Japanese model are at the same lines and columns with CRLF line
/// breaks and a byte-order mark (Danmakufu reads a run of CR and LF as one line break and skips a
/// BOM as a token it does not know), in UTF-16 and UTF-8.
#[test]
fn ranges_are_the_same_lines_and_columns_with_crlf_and_a_bom() {
    use rigls_text::PositionEncoding;
    let targets = Targets::of(&[Target::DanmakufuPh3]);
    let base = support::strip_annotations(&support::trim_indent(include_str!("../../../../examples/walker.elem")));
    let fixture = base.replacen("\t\tMeshCount=1\n", "\t\tMeshCount=1.0\n", 1)
        + "AnimationList {\n\tAnimationData {\n\t\tAnimationName=\"歩く\"\n\t\tAnimationTime=1.5\n\t}\n}\n";
    let lf = support::analyse_for("model.elem", &fixture, &[], targets);
    for encoding in [PositionEncoding::Utf16, PositionEncoding::Utf8] {
        let expected: Vec<String> =
            support::positions(&lf, encoding).into_iter().filter(|d| d.starts_with("target-")).collect();
        assert_eq!(expected.len(), 3, "{expected:#?}");
        for text in [support::crlf(&fixture), support::bom(&fixture), support::bom(&support::crlf(&fixture))] {
            let found: Vec<String> =
                support::positions(&support::analyse_for("model.elem", &text, &[], targets), encoding)
                    .into_iter()
                    .filter(|d| d.starts_with("target-"))
                    .collect();
            assert_eq!(found, expected);
        }
    }
}

/// The hover on what a target drops says so, after what the hover says without targets; with no
/// target named it says nothing of Danmakufu.
#[test]
fn the_hover_on_a_dropped_feature_says_so() {
    let fixture = "Elfreina Extension Model File\nFile Version 1.00\nAnimationList {\n\tAnimationCount=1\n\tAnimationData {\n\t\tAnimationName=\"流れ\"\n\t\tAnimationTime=1000\n\t\tFrameParSecond=30\n\t\tLoop=True\n\t\tUV$0Animation {\n\t\t}\n\t}\n}\n";
    let (text, offset) = support::cursor(fixture);
    let targeted = support::analyse_for("model.elem", &text, &[], Targets::of(&[Target::DanmakufuPh3]));
    let hover = rigls_ide::hover(&targeted, offset).expect("a hover");
    let plain = rigls_ide::hover(&support::analyse("model.elem", &text, &[]), offset).expect("a hover");
    assert_eq!(
        hover.markdown,
        format!(
            "{}\n\n---\n\n**Target:** danmakufu-ph3 ignores UV animation: the texture does not move",
            plain.markdown
        )
    );
    assert!(!plain.markdown.contains("danmakufu-ph3"), "{}", plain.markdown);
    assert_eq!(hover.range, plain.range);
}

/// Meshes `MeshCount` counts that no Mesh scope fills are one crash, told once at the count (a
/// count of 100000 gave as many findings and took 13 s: found by the `analysis_elem` fuzz target
/// once it checked for every target). A count past what the text has room for is not made past
/// that room; a count of more meshes than the process can allocate is a crash at the count, and
/// so is a bone list the loader cannot allocate (268435455 of each made rigls itself run out of
/// memory).
#[test]
fn meshes_counted_but_never_written_are_told_once() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        	^^^^^^^^^^^^^ error[missing-key]: `MeshContainer` is missing a `OffsetMatrices` list (BoneCount is 1)
        		Name="人形"
        		BoneCount=1
        		MeshCount=3
        		^^^^^^^^^ error[count-mismatch]: MeshCount is 3 but this MeshContainer has 0 Mesh scopes
        		^^^^^^^^^^^ error[target-load-failure]: danmakufu-ph3 crashes loading the file: `MeshCount` is 3 but the loader reads 0 Mesh scopes of this MeshContainer: mesh 1 is a mesh without vertices, whose vertex buffer is never made (Lock on NULL)
        		BoneNames {
        			"首"
        		}
        	}
        }
        "#,
    );
}

#[test]
fn counts_past_what_the_file_or_the_loader_can_hold() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        	^^^^^^^^^^^^^ error[missing-key]: `MeshContainer` is missing a `BoneNames` list (BoneCount is 1)
        	^^^^^^^^^^^^^ error[missing-key]: `MeshContainer` is missing a `OffsetMatrices` list (BoneCount is 1)
        		Name="人形"
        		BoneCount=1
        		MeshCount=268435455
        		^^^^^^^^^ error[count-mismatch]: MeshCount is 268435455 but this MeshContainer has 0 Mesh scopes
        		          ^^^^^^^^^ error[target-load-failure]: danmakufu-ph3 crashes loading the file: `MeshCount=268435455` makes the loader allocate 268435455 meshes of 256 bytes at least, more than the 2147483648 bytes (2 GiB) of Danmakufu's 32-bit process: std::bad_alloc, which nothing catches
        	}
        }
        "#,
    );
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        	^^^^^^^^^^^^^ error[missing-key]: `MeshContainer` is missing `MeshCount`
        	^^^^^^^^^^^^^ error[missing-key]: `MeshContainer` is missing a `BoneNames` list (BoneCount is 268435455)
        	^^^^^^^^^^^^^ error[missing-key]: `MeshContainer` is missing a `OffsetMatrices` list (BoneCount is 268435455)
        		Name="人形"
        		BoneCount=268435455
        		          ^^^^^^^^^ error[target-load-failure]: danmakufu-ph3 crashes loading the file: `BoneCount=268435455` makes the loader allocate a bone list it cannot have (std::bad_alloc, which nothing catches)
        	}
        }
        "#,
    );
}

/// The meshes a `MeshCount` past the file's room leaves without vertices crash the loader only
/// once it has read the whole file (`InitializeVertexBuffer`, ElfreinaMesh.cpp:55-59): a load
/// failure before that is what Danmakufu does (its loader, run headless, returns false for this
/// file), and a later `MeshCount` replaces the list.
#[test]
fn a_mesh_count_past_the_file_crashes_only_once_the_file_is_read() {
    let model = |counts: &str, face: &str| {
        format!(
            r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {{
        	MeshContainerCount=1
        	MeshContainer {{
        		Name="人形"
        		BoneCount=1
{counts}
        		BoneNames {{
        			"首"
        		}}
        		OffsetMatrices {{
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}}
        		Materials {{
        			MaterialCount=1
        			Material {{
        				Name="肌"
        			}}
        		}}
        		Mesh {{
        			Name="胴体"
        			VertexCount=4
        			FaceCount=1
        			Positions {{
        				0:0:0
        				1:0:0
        				0:1:0
        				1:1:0
        			}}
        			VertexIndices {{
{face}
        			}}
        			Attributes {{
        				0
        			}}
        		}}
        	}}
        }}
        HierarchyList {{
        	Node {{
        		NodeName="首"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        	}}
        }}
        AnimationList {{
        	AnimationCount=1
        	AnimationData {{
        		AnimationName="うなずき"
        		AnimationTime=1000
        		FrameParSecond=30
        		Loop=True
        	}}
        }}
        "#
        )
    };
    check(&model(
        "        \t\tMeshCount=5000\n        \t\t^^^^^^^^^ error[count-mismatch]: MeshCount is 5000 but this MeshContainer has 1 Mesh scope",
        "        \t\t\t\t4,0:1:3:2\n        \t\t\t\t^^^^^^^^^ error[target-load-failure]: danmakufu-ph3 does not load the file: a face of 4 corners, and the loader reads triangles only: split it into two triangles",
    ));
    check(&model(
        "        \t\tMeshCount=5000\n        \t\t^^^^^^^^^ error[count-mismatch]: MeshCount is 5000 but this MeshContainer has 1 Mesh scope\n        \t\tMeshCount=1\n        \t\t^^^^^^^^^ warning[duplicate-key]: `MeshCount` is given twice in `MeshContainer`; readers keep only one of the values",
        "        \t\t\t\t3,0:1:2",
    ));
}

/// Meshes whose vertex buffers together pass the 2 GiB of Danmakufu's 32-bit process: the count
/// that passes it is the loader's failed allocation, and a bone list counts too. rigls keeps
/// only the vertices the text writes: 20 empty Mesh scopes of 5.5 M vertices took it 5.6 GB and
/// 9 s (a file of 3.5 KB).
#[test]
fn vertex_buffers_together_past_the_address_space() {
    let targets = Targets::of(&[Target::DanmakufuPh3]);
    let model = |bones: u32, meshes: usize| {
        let mesh = |i| format!("\t\tMesh {{\n\t\t\tName=\"m{i}\"\n\t\t\tVertexCount=5592405\n\t\t}}\n");
        let meshes_text: String = (0..meshes).map(mesh).collect();
        format!(
            "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {{\n\tMeshContainerCount=1\n\tMeshContainer {{\n\t\tName=\"人形\"\n\t\tMeshCount={meshes}\n{meshes_text}\t\tBoneCount={bones}\n\t}}\n}}\n"
        )
    };
    let target_findings = |text: &str| -> Vec<String> {
        let analysis = support::analyse_for("model.elem", text, &[], targets);
        support::positions(&analysis, rigls_text::PositionEncoding::Utf16)
            .into_iter()
            .filter(|d| d.starts_with("target-"))
            .collect()
    };
    // Eight buffers of 268,435,440 bytes and one bone (the bone list comes after them): exactly
    // 2 GiB, which loads as far as memory goes.
    let eight = target_findings(&model(1, 8));
    assert!(eight.iter().all(|d| !d.contains("bad_alloc")), "{eight:#?}");
    // A ninth buffer passes it, at the ninth `VertexCount`.
    assert_eq!(
        target_findings(&model(1, 9)),
        [
            "target-load-failure 41:15-41:22 danmakufu-ph3 crashes loading the file: `VertexCount=5592405` brings what the loader holds to 2415918960 bytes at least (vertex buffers 48 a vertex, the bone list 128 a bone, each clip 12 a bone), more than the 2147483648 bytes (2 GiB) of Danmakufu's 32-bit process: std::bad_alloc, which nothing catches"
        ]
    );
    // So does a second bone after the eight buffers, at `BoneCount`.
    assert_eq!(
        target_findings(&model(2, 8)),
        [
            "target-load-failure 39:12-39:13 danmakufu-ph3 crashes loading the file: `BoneCount=2` brings what the loader holds to 2147483776 bytes at least (vertex buffers 48 a vertex, the bone list 128 a bone, each clip 12 a bone), more than the 2147483648 bytes (2 GiB) of Danmakufu's 32-bit process: std::bad_alloc, which nothing catches"
        ]
    );
}

/// A large vertex buffer of which the text writes one vertex: the rest are zeros, bound to bone 0
/// as Danmakufu binds them, and counted without being made.
#[test]
fn a_large_vertex_buffer_with_one_weighted_vertex() {
    check(
        r#"
        Elfreina Extension Model File
        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning[target-drops]: danmakufu-ph3 never draws this model: it has no `AnimationData`, and Danmakufu shows a model only through a clip (it has no setup pose)
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="人形"
        		BoneCount=2
        		MeshCount=1
        		BoneNames {
        			"腰"
        			"頭"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        		Mesh {
        		^^^^ error[missing-key]: `Mesh` is missing a `Positions` list (VertexCount is 5000000)
        		^^^^ warning[target-drops]: danmakufu-ph3 binds the vertices without `VertexBlend` weights to bone 0: 4999999 vertices follow it in this Mesh
        			VertexCount=5000000
        			BlendList {
        			^^^^^^^^^ warning[weight-sum]: vertices 0, 1, 2, 3, 4, … (4999999 in all) of this mesh have no blend weight in any BlendPart
        				BlendPart {
        					BoneName="頭"
        					TransformIndex=1
        					VertexBlend {
        						4999999,1
        					}
        				}
        			}
        		}
        	}
        }
        "#,
    );
}

/// Each clip holds a slot for every bone (`animeBone_`, 12 bytes a slot): many clips of many bones
/// pass the address space at the clip that does; a clip that replaces one of its name frees it.
/// rigls keeps only the slots that hold a part: 50 empty clips of 2 M bones took it 16 GB and 34 s.
#[test]
fn clips_of_many_bones_past_the_address_space() {
    let targets = Targets::of(&[Target::DanmakufuPh3]);
    let model = |names: &dyn Fn(usize) -> String, clips: usize| {
        let clip = |i| format!("\tAnimationData {{\n\t\tAnimationName=\"{}\"\n\t}}\n", names(i));
        let clips_text: String = (0..clips).map(clip).collect();
        format!(
            "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {{\n\tMeshContainerCount=1\n\tMeshContainer {{\n\t\tName=\"人形\"\n\t\tBoneCount=100000\n\t}}\n}}\nAnimationList {{\n{clips_text}}}\n"
        )
    };
    let failures = |text: &str| -> Vec<String> {
        let analysis = support::analyse_for("model.elem", text, &[], targets);
        support::positions(&analysis, rigls_text::PositionEncoding::Utf16)
            .into_iter()
            .filter(|d| d.contains("bad_alloc"))
            .collect()
    };
    // 12,800,000 bytes of bones and 1,778 clips of 1,200,000: just under 2 GiB.
    let distinct = |i: usize| format!("動き{i}");
    assert_eq!(failures(&model(&distinct, 1778)), Vec::<String>::new());
    assert_eq!(
        failures(&model(&distinct, 1779)),
        [
            "target-load-failure 5344:1-5344:14 danmakufu-ph3 crashes loading the file: this `AnimationData` (a slot for each of 100000 bones) brings what the loader holds to 2147600000 bytes at least (vertex buffers 48 a vertex, the bone list 128 a bone, each clip 12 a bone), more than the 2147483648 bytes (2 GiB) of Danmakufu's 32-bit process: std::bad_alloc, which nothing catches"
        ]
    );
    // Clips of one name replace one another: two at a time at most.
    assert_eq!(failures(&model(&|_| "動き".to_owned(), 1779)), Vec::<String>::new());
}

/// Danmakufu reads nested Node scopes by recursion (`_ReadNode`): 16,385 levels overflow its 1 MB
/// stack at the latest. rigls reads them on a stack of its own: at 50,000 levels its recursive
/// port overflowed rigls's own stack and aborted it.
#[test]
fn node_scopes_nested_past_the_loaders_stack() {
    let targets = Targets::of(&[Target::DanmakufuPh3]);
    let model = |depth: usize| {
        let open: String = (0..depth).map(|_| "Node {\nNodeName=\"腰\"\n").collect();
        let close = "}\n".repeat(depth);
        format!(
            "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {{\n\tMeshContainerCount=1\n\tMeshContainer {{\n\t\tName=\"人形\"\n\t\tBoneCount=1\n\t\tBoneNames {{\n\t\t\t\"腰\"\n\t\t}}\n\t}}\n}}\nHierarchyList {{\n{open}{close}}}\n"
        )
    };
    let stack_overflows = |text: &str| -> Vec<String> {
        let analysis = support::analyse_for("model.elem", text, &[], targets);
        support::positions(&analysis, rigls_text::PositionEncoding::Utf16)
            .into_iter()
            .filter(|d| d.contains("stack overflow"))
            .collect()
    };
    assert_eq!(stack_overflows(&model(16_384)), Vec::<String>::new());
    // Line 12 (from 0) opens the HierarchyList; level k's `Node {` is on line 11 + 2k.
    assert_eq!(
        stack_overflows(&model(50_000)),
        [
            "target-load-failure 32781:0-32781:4 danmakufu-ph3 crashes loading the file: this `Node` nests 16385 levels deep: Danmakufu reads each level in a recursive call (`_ReadNode`), and its 1 MB stack overflows by this depth at the latest (64 bytes a call at least): a stack overflow, which nothing catches"
        ]
    );
}
