//! The `.elem` evaluator against transforms computed by hand on `fixtures/elem/pose/chain.elem`:
//! three nodes `腰` › `胸` › `頭` (a move up by 1; a quarter turn about Z and a move up by 1; a
//! scale by 2 and a move along X by 1), offset matrices that are the inverses of the setup
//! worlds, a vertex weighted between two bones, a rigid mesh and two clips.

use rigls_elem::ElemFile;
use rigls_elem::eval::matrix::{IDENTITY, Mat4};
use rigls_elem::eval::{ElemRig, PoseState};

const CHAIN: &str = include_str!("../../../tests/fixtures/elem/pose/chain.elem");

fn rig(text: &str) -> ElemRig {
    ElemRig::read(text, &ElemFile::parse(text).tree)
}

fn pose(rig: &ElemRig, clip: Option<&str>, seconds: f64) -> PoseState {
    let clip = clip.map(|name| rig.clip_named(name).expect("clip"));
    let ms = clip.map_or(0.0, |c| rig.clips[c].local_time_ms(seconds));
    let mut state = PoseState::default();
    rig.evaluate(clip, ms, &mut state);
    state
}

fn assert_close(actual: &[f64], expected: &[f64], tolerance: f64) {
    assert_eq!(actual.len(), expected.len());
    for (i, (a, e)) in actual.iter().zip(expected).enumerate() {
        assert!((a - e).abs() <= tolerance, "element {i}: {a} is not {e}\nactual   {actual:?}\nexpected {expected:?}");
    }
}

/// cos 45° × 3: 頭's scale 2 × 胸's animated scale 1.5, turned 45° about X.
const R: f64 = 2.121_320_343_559_642_4;

#[test]
fn the_fixture_is_clean_and_poses_without_problems() {
    let analysis = rigls_ide::Analysis::new(
        Some(std::path::Path::new("chain.elem")),
        CHAIN.to_owned(),
        &rigls_diagnostic::env::MemoryFs::default(),
    );
    let found: Vec<String> = analysis.diagnostics.iter().map(|d| format!("{}: {}", d.code, d.message)).collect();
    assert!(found.is_empty(), "{found:?}");
    let rig = rig(CHAIN);
    assert_eq!(rig.problems, []);
    assert!(rig.clips.iter().all(|c| c.problems.is_empty() && c.uv_problems.is_empty()));
}

#[test]
fn a_chain_of_three_nodes_composes_local_times_parent_world() {
    let state = pose(&rig(CHAIN), None, 0.0);
    let worlds: Vec<Mat4> = state.worlds.clone();
    // 腰: up 1.
    assert_eq!(worlds[0], [1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1., 0., 0., 1., 0., 1.]);
    // 胸: X turns onto Y, then up 1 + 1.
    assert_eq!(worlds[1], [0., 1., 0., 0., -1., 0., 0., 0., 0., 0., 1., 0., 0., 2., 0., 1.]);
    // 頭: scaled by 2, moved 1 along X (which 胸 turns onto Y): at (0, 3, 0).
    assert_eq!(worlds[2], [0., 2., 0., 0., -2., 0., 0., 0., 0., 0., 2., 0., 0., 3., 0., 1.]);
}

#[test]
fn inverse_bind_offsets_leave_the_setup_vertices_where_they_are_written() {
    let state = pose(&rig(CHAIN), None, 0.0);
    assert_close(&state.vertices[0], &[0.0, 1.0, 0.0, 1.0, 2.5, 0.0], 1e-12);
    assert_close(&state.vertices[1], &[0.0, 3.5, 0.0], 1e-12);
}

#[test]
fn animated_worlds_at_a_quarter_of_the_nod() {
    // 250 ms: 胸 a quarter of the way to scale 3 and z 2 (scale 1.5, z 0.5); 頭 halfway from the
    // identity to 90° about X (45°).
    let state = pose(&rig(CHAIN), Some("うなずき"), 0.25);
    assert_eq!(state.clip_ms, 250.0);
    assert_eq!(state.worlds[0], [1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1., 0., 0., 1., 0., 1.]);
    assert_close(&state.worlds[1], &[0., 1.5, 0., 0., -1.5, 0., 0., 0., 0., 0., 1.5, 0., 0., 2., 0.5, 1.], 1e-12);
    assert_close(&state.worlds[2], &[0., 3., 0., 0., -R, 0., R, 0., R, 0., R, 0., 0., 3.5, 0.5, 1.], 1e-6);
}

#[test]
fn a_vertex_weighted_between_two_bones_with_offset_matrices() {
    // Vertex 1 (1, 2.5, 0): 0.25 × (1.5, 2.75, 0.5) through 胸 + 0.75 × (R/2, 2.75, 0.5 − R/2)
    // through 頭; vertex 0 follows 腰, which this clip leaves alone.
    let state = pose(&rig(CHAIN), Some("うなずき"), 0.25);
    let expected = [0.0, 1.0, 0.0, 0.375 + 0.375 * R, 2.75, 0.125 + 0.75 * (0.5 - R / 2.0)];
    assert_close(&state.vertices[0], &expected, 1e-6);
    assert_close(&state.vertices[0][3..], &[1.170_495_128_834_866, 2.75, -0.295_495_128_834_866], 1e-6);
}

#[test]
fn a_mesh_without_weights_follows_the_one_node_its_rendering_mesh_names() {
    // 帽子 at (0, 3.5, 0) is 頭's bind-space (0.25, 0, 0), carried by 頭's animated world.
    let state = pose(&rig(CHAIN), Some("うなずき"), 0.25);
    assert_close(&state.vertices[1], &[0.0, 4.25, 0.5], 1e-6);
}

#[test]
fn slerp_takes_the_shorter_arc_when_the_next_key_has_the_other_sign() {
    // 頭's keys: 90° about X at 500 ms, then `0:0:0:-1` (the identity, written negated) at
    // 1000 ms. Halfway is 45° about X, not the long way round (−135°).
    let rig = rig(CHAIN);
    let clip = &rig.clips[rig.clip_named("うなずき").unwrap()];
    let head = &clip.bones[0];
    let q = head.sample(1000.0, 750.0).unwrap().rotation;
    let half = std::f64::consts::FRAC_PI_8;
    assert_close(&q, &[half.sin(), 0.0, 0.0, half.cos()], 1e-6);
    // At a key time the key itself is shown, sign and all.
    assert_eq!(head.sample(1000.0, 1000.0).unwrap().rotation, [0.0, 0.0, 0.0, -1.0]);
}

#[test]
fn translation_and_scale_interpolate_linearly() {
    let rig = rig(CHAIN);
    let chest = &rig.clips[0].bones[1];
    let sample = chest.sample(1000.0, 500.0).unwrap();
    assert_eq!(sample.translation, [0.0, 0.0, 1.0]);
    assert_eq!(sample.scale, [2.0, 2.0, 2.0]);
    assert_eq!(sample.rotation, [0.0, 0.0, 0.0, 1.0]);
}

#[test]
fn times_wrap_in_a_looping_clip_and_stop_at_the_end_of_another() {
    let rig = rig(CHAIN);
    let (nod, fall) = (&rig.clips[0], &rig.clips[1]);
    assert!(nod.looping && !fall.looping);
    let nod_at = |s: f64| nod.local_time_ms(s);
    assert_eq!(
        [nod_at(0.25), nod_at(1.25), nod_at(1.0), nod_at(-0.5), nod_at(f64::NAN)],
        [250.0, 250.0, 0.0, 0.0, 0.0]
    );
    let fall_at = |s: f64| fall.local_time_ms(s);
    assert_eq!([fall_at(0.25), fall_at(0.5), fall_at(2.0), fall_at(-1.0)], [250.0, 500.0, 500.0, 0.0]);
    // The same pose one loop later.
    assert_eq!(pose(&rig, Some("うなずき"), 1.25), pose(&rig, Some("うなずき"), 0.25));
}

#[test]
fn step_keys_hold_until_the_next_key() {
    // 落下 moves 腰 down by 1 with `InterpolationType="Step"`: nothing until 500 ms, then all of it.
    let rig = rig(CHAIN);
    let at = |s: f64| pose(&rig, Some("落下"), s).worlds[0];
    let up = [1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1., 0., 0., 1., 0., 1.];
    assert_eq!(at(0.0), up);
    assert_eq!(at(0.4999), up);
    assert_eq!(at(0.5), IDENTITY);
    assert_eq!(at(3.0), IDENTITY);
}

#[test]
fn uv_parts_are_sampled_per_material() {
    let rig = rig(CHAIN);
    let state = pose(&rig, Some("うなずき"), 0.5);
    let [(track, uv)] = state.uv.as_slice() else { panic!("{:?}", state.uv) };
    assert_eq!(rig.clips[0].uvs[*track].material.as_deref(), Some("顔"));
    assert_eq!(uv.translation, [0.5, 0.25]);
    assert_eq!(uv.scale, [1.5, 1.5]);
    assert!((uv.rotation - 1.570_796_5).abs() < 1e-9);
    assert_eq!(pose(&rig, None, 0.5).uv, []);
}

const RIGID: &str = "Elfreina Extension Model File
File Version 1.00
MeshDatas {
	MeshContainerCount=1
	MeshContainer {
		Name=\"台座\"
		BoneCount=0
		MeshCount=2
		Mesh {
			Name=\"飾り\"
			VertexCount=1
			Positions {
				1:0:0
			}
		}
		Mesh {
			Name=\"床\"
			VertexCount=1
			Positions {
				1:0:0
			}
		}
	}
}
HierarchyList {
	Node {
		NodeName=\"台\"
		InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:5:0:1
		Node {
			NodeName=\"枝\"
		}
	}
}
RenderingMeshList {
	RenderingMeshCount=1
	RenderingMesh {
		RenderingMeshName=\"飾り\"
		HierarchyNamesCount=1
		HierarchyNames {
			\"台\"
		}
	}
}
";

#[test]
fn a_rigid_mesh_on_a_node_that_is_no_bone_takes_the_node_world() {
    // No offset matrix to undo the bind pose: the vertex is in the node's space (Direct3D's frame
    // convention). A mesh no `RenderingMesh` names stays where it is written. A node without an
    // `InitPostureMatrix` sits at its parent.
    let state = pose(&rig(RIGID), None, 0.0);
    assert_eq!(state.vertices, [vec![1.0, 5.0, 0.0], vec![1.0, 0.0, 0.0]]);
    assert_eq!(state.worlds[1], state.worlds[0]);
}

#[test]
fn values_that_overflow_are_kept_and_detectable() {
    let text = RIGID.replace("0:0:5:0:1", "0:0:1e999:0:1");
    let state = pose(&rig(&text), None, 0.0);
    assert!(!state.is_finite());
    assert_eq!(state.worlds[0][13], f64::INFINITY);
    assert!(state.vertices[0][1].is_infinite());
    assert!(pose(&rig(RIGID), None, 0.0).is_finite());
}
