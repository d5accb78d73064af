//! `non-finite-pose` on `.elem` fixtures: a world matrix or a skinned vertex that is NaN or
//! infinite at the setup pose or at a key time, reported once, on the line that causes it, with
//! the animation and time named. See `support` for the annotation syntax.

use rigls_test_support::fixture as support;

use support::check_diagnostics;

fn check(fixture: &str) {
    check_diagnostics("model.elem", fixture);
}

#[test]
fn an_infinite_init_posture_is_reported_on_its_node_and_not_again_below_it() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        HierarchyList {
        	Node {
        		NodeName="腰"
        		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:1e999:0:1
        		^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ error[non-finite-pose]: node "腰" is not finite at the setup pose: its InitPostureMatrix has a value that is not a finite number (and so are the 2 nodes below it)
        		                                            ^^^^^ warning[number-format]: `1e999` uses exponent notation, which Keystone cannot read; write a plain decimal
        		Node {
        			NodeName="胸"
        			Node {
        				NodeName="頭"
        			}
        		}
        	}
        }
        "#,
    );
}

#[test]
fn finite_matrices_whose_product_overflows() {
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        HierarchyList {
        	Node {
        		NodeName="腰"
        		InitPostureMatrix=1e200:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		                  ^^^^^ warning[number-format]: `1e200` uses exponent notation, which Keystone cannot read; write a plain decimal
        		Node {
        			NodeName="胸"
        			InitPostureMatrix=1e200:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        			^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ error[non-finite-pose]: node "胸" is not finite at the setup pose: its InitPostureMatrix times its parent's world matrix overflows (and so is the node below it)
        			                  ^^^^^ warning[number-format]: `1e200` uses exponent notation, which Keystone cannot read; write a plain decimal
        			Node {
        				NodeName="頭"
        				InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:1:0:1
        			}
        		}
        	}
        }
        "#,
    );
}

/// A clip animating `頭` whose second Trans, Rotate and Scale keys are the lines given (with
/// their annotations; written at column 0 with tabs).
fn clip_with(trans: &str, rotate: &str, scale: &str) -> String {
    let template = support::trim_indent(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        HierarchyList {
        	Node {
        		NodeName="腰"
        		Node {
        			NodeName="頭"
        			InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:1:0:1
        		}
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="うなずき"
        		AnimationTime=1200
        		FrameParSecond=30
        		BoneAnimation {
        			AnimationPart {
        				NodeName="頭"
        				TimeKeys {
        					0.0
        					0.25
        				}
        				TransKeys {
        					0:0:0
        @TRANS@
        				}
        				RotateKeys {
        					0:0:0:1
        @ROTATE@
        				}
        				ScaleKeys {
        					1:1:1
        @SCALE@
        				}
        			}
        		}
        	}
        }
        "#,
    );
    template.replace("@TRANS@", trans).replace("@ROTATE@", rotate).replace("@SCALE@", scale)
}

#[test]
fn a_key_that_is_not_finite_is_named_with_its_animation_and_time() {
    check(&clip_with(
        "\t\t\t\t\t0:0:0",
        concat!(
            "\t\t\t\t\t0:0:0:1e999\n",
            "\t\t\t\t\t^^^^^^^^^^^ warning[non-unit-quaternion]: rotation key is not a unit quaternion: its length is inf, not 1\n",
            "\t\t\t\t\t^^^^^^^^^^^ error[non-finite-pose]: node \"頭\" is not finite at 300 ms of animation \"うなずき\": its RotateKeys key 1 has a value that is not a finite number\n",
            "\t\t\t\t\t      ^^^^^ warning[number-format]: `1e999` uses exponent notation, which Keystone cannot read; write a plain decimal",
        ),
        "\t\t\t\t\t1:1:1",
    ));
}

#[test]
fn keys_whose_interpolation_overflows_are_reported_on_their_part() {
    // Halfway between ±1e308 the sum overflows: NaN at 150 ms, a key time of no other part.
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        HierarchyList {
        	Node {
        		NodeName="腰"
        	}
        	Node {
        		NodeName="尾"
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="揺れ"
        		AnimationTime=1000
        		FrameParSecond=30
        		BoneAnimation {
        			AnimationPart {
        			^^^^^^^^^^^^^ error[non-finite-pose]: node "腰" is not finite at 150 ms of animation "揺れ": interpolating its keys 0 and 1 overflows
        				NodeName="腰"
        				TimeKeys {
        					0.0
        					0.3
        				}
        				TransKeys {
        					1e308:0:0
        					^^^^^ warning[number-format]: `1e308` uses exponent notation, which Keystone cannot read; write a plain decimal
        					-1e308:0:0
        					^^^^^^ warning[number-format]: `-1e308` uses exponent notation, which Keystone cannot read; write a plain decimal
        				}
        				RotateKeys {
        					0:0:0:1
        					0:0:0:1
        				}
        				ScaleKeys {
        					1:1:1
        					1:1:1
        				}
        			}
        			AnimationPart {
        				NodeName="尾"
        				TimeKeys {
        					0.0
        					0.15
        				}
        				TransKeys {
        					0:0:0
        					0:0:0
        				}
        				RotateKeys {
        					0:0:0:1
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

/// A one-bone container with one mesh of two vertices, the first line of `OffsetMatrices`,
/// `Positions` and `VertexBlend` as given (with their annotations; at column 0, with tabs).
fn mesh_with(offset: &str, position: &str, blend: &str) -> String {
    let template = support::trim_indent(
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
        		OffsetMatrices {
        @OFFSET@
        		}
        		Mesh {
        			Name="胴体"
        			VertexCount=2
        			Positions {
        @POSITION@
        				1:0:0
        			}
        			BlendList {
        				BlendPart {
        					BoneName="腰"
        					TransformIndex=0
        					VertexBlend {
        @BLEND@
        						1,1.0
        					}
        				}
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
    );
    template.replace("@OFFSET@", offset).replace("@POSITION@", position).replace("@BLEND@", blend)
}

const OFFSET: &str = "\t\t\t1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1";
const POSITION: &str = "\t\t\t\t0:1:0";
const BLEND: &str = "\t\t\t\t\t\t0,1.0";

#[test]
fn a_vertex_position_that_is_not_finite() {
    check(&mesh_with(
        OFFSET,
        concat!(
            "\t\t\t\t0:1e999:0\n",
            "\t\t\t\t^^^^^^^^^ error[non-finite-pose]: vertex 0 of mesh \"胴体\" is not finite at the setup pose: its position has a value that is not a finite number\n",
            "\t\t\t\t  ^^^^^ warning[number-format]: `1e999` uses exponent notation, which Keystone cannot read; write a plain decimal",
        ),
        BLEND,
    ));
}

#[test]
fn an_offset_matrix_that_is_not_finite() {
    check(&mesh_with(
        concat!(
            "\t\t\t1:0:0:0:0:1:0:0:0:0:1:0:0:-1e999:0:1\n",
            "\t\t\t^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ error[non-finite-pose]: vertex 0 of mesh \"胴体\" is not finite at the setup pose: the offset matrix of bone \"腰\" has a value that is not a finite number (1 more vertex of this mesh is not finite either)\n",
            "\t\t\t                          ^^^^^^ warning[number-format]: `-1e999` uses exponent notation, which Keystone cannot read; write a plain decimal",
        ),
        POSITION,
        BLEND,
    ));
}

#[test]
fn a_blend_weight_that_is_not_finite() {
    check(&mesh_with(
        OFFSET,
        POSITION,
        concat!(
            "\t\t\t\t\t\t0,1e999\n",
            "\t\t\t\t\t\t^^^^^^^ error[non-finite-pose]: vertex 0 of mesh \"胴体\" is not finite at the setup pose: its blend weight is not a finite number\n",
            "\t\t\t\t\t\t  ^^^^^ error[out-of-range]: blend weight 1e999 is outside 0..1\n",
            "\t\t\t\t\t\t  ^^^^^ warning[number-format]: `1e999` uses exponent notation, which Keystone cannot read; write a plain decimal",
        ),
    ));
}

#[test]
fn a_vertex_that_overflows_only_when_animated() {
    // Scale 1e200 at the second key and a coordinate of 1e200: the node stays finite, the vertex
    // does not.
    check(
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
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        		Mesh {
        			Name="胴体"
        			VertexCount=1
        			Positions {
        				1e200:0:0
        				^^^^^ warning[number-format]: `1e200` uses exponent notation, which Keystone cannot read; write a plain decimal
        				^^^^^^^^^ error[non-finite-pose]: vertex 0 of mesh "胴体" is not finite at 1000 ms of animation "伸び": skinning it overflows
        			}
        			BlendList {
        				BlendPart {
        					BoneName="腰"
        					TransformIndex=0
        					VertexBlend {
        						0,1.0
        					}
        				}
        			}
        		}
        	}
        }
        HierarchyList {
        	Node {
        		NodeName="腰"
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="伸び"
        		AnimationTime=1000
        		FrameParSecond=30
        		BoneAnimation {
        			AnimationPart {
        				NodeName="腰"
        				TimeKeys {
        					0.0
        					1.0
        				}
        				TransKeys {
        					0:0:0
        					0:0:0
        				}
        				RotateKeys {
        					0:0:0:1
        					0:0:0:1
        				}
        				ScaleKeys {
        					1:1:1
        					1e200:1:1
        					^^^^^ warning[number-format]: `1e200` uses exponent notation, which Keystone cannot read; write a plain decimal
        				}
        			}
        		}
        	}
        }
        "#,
    );
}

#[test]
fn ranges_are_the_same_lines_and_columns_with_crlf_and_a_bom() {
    use rigls_text::PositionEncoding;
    let fixture = support::strip_annotations(&support::trim_indent(&clip_with(
        "\t\t\t\t\t0:0:0",
        "\t\t\t\t\t0:0:0:1e999",
        "\t\t\t\t\t1e999:1:1",
    )));
    let lf = support::analyse("model.elem", &fixture, &[]);
    let expected: Vec<String> = support::positions(&lf, PositionEncoding::Utf16)
        .into_iter()
        .filter(|d| d.starts_with("non-finite-pose"))
        .collect();
    assert_eq!(expected.len(), 1, "{expected:?}");
    for text in [support::crlf(&fixture), support::bom(&fixture), support::bom(&support::crlf(&fixture))] {
        for encoding in [PositionEncoding::Utf16, PositionEncoding::Utf8] {
            let found: Vec<String> = support::positions(&support::analyse("model.elem", &text, &[]), encoding)
                .into_iter()
                .filter(|d| d.starts_with("non-finite-pose"))
                .collect();
            assert_eq!(found, expected);
        }
    }
}

#[test]
fn a_node_below_an_animated_one_and_a_node_bad_from_the_start() {
    // 腰's scale key 1e200 leaves 腰 finite, but 尾 (scaled 1e200 itself) overflows below it at
    // 1000 ms; 頭 is infinite from the setup pose on and is not reported again for the clip.
    check(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        HierarchyList {
        	Node {
        		NodeName="腰"
        		Node {
        			NodeName="尾"
        			InitPostureMatrix=1e200:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        			^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ error[non-finite-pose]: node "尾" is not finite at 1000 ms of animation "伸び": its InitPostureMatrix times its parent's animated world matrix overflows
        			                  ^^^^^ warning[number-format]: `1e200` uses exponent notation, which Keystone cannot read; write a plain decimal
        		}
        		Node {
        			NodeName="頭"
        			InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:1e999:0:0:1
        			^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ error[non-finite-pose]: node "頭" is not finite at the setup pose: its InitPostureMatrix has a value that is not a finite number
        			                                          ^^^^^ warning[number-format]: `1e999` uses exponent notation, which Keystone cannot read; write a plain decimal
        		}
        	}
        }
        AnimationList {
        	AnimationCount=1
        	AnimationData {
        		AnimationName="伸び"
        		AnimationTime=1000
        		FrameParSecond=30
        		Loop=True
        		BoneAnimation {
        			AnimationPart {
        				NodeName="腰"
        				TimeKeys {
        					0.0
        					0.5
        					1.0
        				}
        				TransKeys {
        					0:0:0
        					0:0:0
        					0:0:0
        				}
        				RotateKeys {
        					0:0:0:1
        					0:0:0:1
        					0:0:0:1
        				}
        				ScaleKeys {
        					1:1:1
        					1:1:1
        					1e200:1:1
        					^^^^^ warning[number-format]: `1e200` uses exponent notation, which Keystone cannot read; write a plain decimal
        				}
        			}
        		}
        	}
        }
        "#,
    );
}
