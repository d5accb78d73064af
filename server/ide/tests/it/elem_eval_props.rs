//! Property tests of the `.elem` evaluator: the setup pose is the animation at time 0 when every
//! first key is the rest value (no move, no turn, scale 1: animation keys are relative to the
//! `InitPostureMatrix`); evaluation is deterministic; broken input never panics or hangs, through
//! `rigls pose`'s path and through the analysis (`non-finite-pose`).

use std::fmt::Write;
use std::path::Path;

use proptest::prelude::*;
use rigls_diagnostic::env::MemoryFs;
use rigls_elem::ElemFile;
use rigls_elem::eval::{ElemRig, PoseState};
use rigls_ide::Analysis;
use rigls_ide::pose::{self, Pose, PoseRequest};

/// One later key of a track: its time (a fraction of the clip), translation, rotation, scale.
type Key = (f64, [f64; 3], [f64; 4], [f64; 3]);

/// A random rig: nodes (each the child of an earlier one or a root) with random
/// translation/rotation/scale postures, one container whose bones are the nodes, one mesh with
/// random positions and weights, and a clip animating some nodes from the rest value on.
#[derive(Clone, Debug)]
struct Model {
    /// Per node: its parent (an earlier node), or `None`.
    parents: Vec<Option<usize>>,
    postures: Vec<[f64; 16]>,
    offsets: Vec<[f64; 16]>,
    positions: Vec<[f64; 3]>,
    /// (vertex, bone, weight).
    weights: Vec<(usize, usize, f64)>,
    /// Per animated node: its later key times (ascending, after 0) and their keys.
    tracks: Vec<(usize, Vec<Key>)>,
    looping: bool,
}

fn unit_quaternion() -> impl Strategy<Value = [f64; 4]> {
    prop::array::uniform4(-1.0f64..1.0).prop_map(|q| {
        let n = (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]).sqrt();
        if n < 1e-3 { [0.0, 0.0, 0.0, 1.0] } else { q.map(|v| v / n) }
    })
}

fn posture() -> impl Strategy<Value = [f64; 16]> {
    (prop::array::uniform3(0.25f64..2.0), unit_quaternion(), prop::array::uniform3(-3.0f64..3.0))
        .prop_map(|(s, q, t)| rigls_elem::eval::matrix::scale_rotate_translate(s, q, t))
}

fn key() -> impl Strategy<Value = ([f64; 3], [f64; 4], [f64; 3])> {
    (prop::array::uniform3(-2.0f64..2.0), unit_quaternion(), prop::array::uniform3(0.5f64..1.5))
}

fn model() -> impl Strategy<Value = Model> {
    (1usize..6).prop_flat_map(|nodes| {
        let parents = (0..nodes)
            .map(|i| if i == 0 { Just(None).boxed() } else { prop::option::of(0..i).boxed() })
            .collect::<Vec<_>>();
        let tracks = prop::collection::vec(
            (0..nodes, prop::collection::vec((0.01f64..1.0, key()), 1..4)).prop_map(|(node, mut keys)| {
                keys.sort_by(|a, b| a.0.total_cmp(&b.0));
                (node, keys.into_iter().map(|(t, (tr, r, s))| (t, tr, r, s)).collect())
            }),
            0..4,
        );
        (
            parents,
            prop::collection::vec(posture(), nodes),
            prop::collection::vec(posture(), nodes),
            prop::collection::vec(prop::array::uniform3(-5.0f64..5.0), 1..6),
            tracks,
            any::<bool>(),
        )
            .prop_flat_map(move |(parents, postures, offsets, positions, tracks, looping)| {
                let vertices = positions.len();
                let weights = prop::collection::vec((0..vertices, 0..nodes, 0.0f64..1.0), 0..8);
                (Just((parents, postures, offsets, positions, tracks, looping)), weights)
            })
            .prop_map(|((parents, postures, offsets, positions, mut tracks, looping), weights)| {
                // One track per node (a second one would be ignored anyway).
                tracks.sort_by_key(|t| t.0);
                tracks.dedup_by_key(|t| t.0);
                Model { parents, postures, offsets, positions, weights, tracks, looping }
            })
    })
}

fn numbers(values: &[f64]) -> String {
    values.iter().map(|v| format!("{v:.6}")).collect::<Vec<_>>().join(":")
}

impl Model {
    fn text(&self) -> String {
        let nodes = self.parents.len();
        let name = |i: usize| format!("節{i}");
        let mut s = String::from("Elfreina Extension Model File\r\nFile Version 1.00\r\nMeshDatas {\r\n");
        let _ = write!(
            s,
            "MeshContainerCount=1\r\nMeshContainer {{\r\nName=\"器\"\r\nBoneCount={nodes}\r\nMeshCount=1\r\n"
        );
        s.push_str("BoneNames {\r\n");
        for i in 0..nodes {
            let _ = write!(s, "\"{}\"\r\n", name(i));
        }
        s.push_str("}\r\nOffsetMatrices {\r\n");
        for m in &self.offsets {
            let _ = write!(s, "{}\r\n", numbers(m));
        }
        let _ = write!(s, "}}\r\nMesh {{\r\nName=\"体\"\r\nVertexCount={}\r\nPositions {{\r\n", self.positions.len());
        for p in &self.positions {
            let _ = write!(s, "{}\r\n", numbers(p));
        }
        s.push_str("}\r\nBlendList {\r\n");
        for bone in 0..nodes {
            let lines: Vec<String> =
                self.weights.iter().filter(|w| w.1 == bone).map(|w| format!("{},{:.6}", w.0, w.2)).collect();
            if !lines.is_empty() {
                let _ = write!(
                    s,
                    "BlendPart {{\r\nBoneName=\"{}\"\r\nTransformIndex={bone}\r\nVertexBlend {{\r\n{}\r\n}}\r\n}}\r\n",
                    name(bone),
                    lines.join("\r\n")
                );
            }
        }
        s.push_str("}\r\n}\r\n}\r\n}\r\nHierarchyList {\r\n");
        // Nodes nest by parent: write each root with its subtree.
        fn write_node(s: &mut String, model: &Model, i: usize, name: &dyn Fn(usize) -> String) {
            let _ = write!(
                s,
                "Node {{\r\nNodeName=\"{}\"\r\nInitPostureMatrix={}\r\n",
                name(i),
                numbers(&model.postures[i])
            );
            for child in (0..model.parents.len()).filter(|&c| model.parents[c] == Some(i)) {
                write_node(s, model, child, name);
            }
            s.push_str("}\r\n");
        }
        for root in (0..nodes).filter(|&i| self.parents[i].is_none()) {
            write_node(&mut s, self, root, &name);
        }
        let _ = write!(
            s,
            "}}\r\nAnimationList {{\r\nAnimationCount=1\r\nAnimationData {{\r\nAnimationName=\"動き\"\r\nAnimationTime=1000\r\nFrameParSecond=30\r\nLoop={}\r\nBoneAnimation {{\r\n",
            if self.looping { "True" } else { "False" }
        );
        for (node, keys) in &self.tracks {
            let times: Vec<String> =
                std::iter::once("0.000000".to_owned()).chain(keys.iter().map(|k| format!("{:.6}", k.0))).collect();
            let list = |rest: &str, f: &dyn Fn(&Key) -> String| {
                std::iter::once(rest.to_owned()).chain(keys.iter().map(f)).collect::<Vec<_>>().join("\r\n")
            };
            let _ = write!(
                s,
                "AnimationPart {{\r\nNodeName=\"{}\"\r\nTimeKeys {{\r\n{}\r\n}}\r\nTransKeys {{\r\n{}\r\n}}\r\nRotateKeys {{\r\n{}\r\n}}\r\nScaleKeys {{\r\n{}\r\n}}\r\n}}\r\n",
                name(*node),
                times.join("\r\n"),
                list("0:0:0", &|k| numbers(&k.1)),
                list("0:0:0:1", &|k| numbers(&k.2)),
                list("1:1:1", &|k| numbers(&k.3)),
            );
        }
        s.push_str("}\r\n}\r\n}\r\n");
        s
    }
}

fn evaluate(text: &str, clip: Option<usize>, seconds: f64) -> PoseState {
    let rig = ElemRig::read(text, &ElemFile::parse(text).tree);
    let ms = clip.map_or(0.0, |c| rig.clips[c].local_time_ms(seconds));
    let mut state = PoseState::default();
    rig.evaluate(clip, ms, &mut state);
    state
}

/// The bits of every number, so NaN compares equal to itself.
fn bits(state: &PoseState) -> Vec<u64> {
    let worlds = state.worlds.iter().flat_map(|m| m.iter());
    let vertices = state.vertices.iter().flat_map(|v| v.iter());
    worlds.chain(vertices).map(|v| v.to_bits()).collect()
}

/// Lines that break a model in the ways a hand edit does.
fn damage() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("}".to_owned()),
        Just("{".to_owned()),
        Just("1e999:0:0".to_owned()),
        Just("-1e999:1e999:0:0".to_owned()),
        Just("NaN:0:0".to_owned()),
        Just("0:0".to_owned()),
        Just("0,".to_owned()),
        Just("99,1.0".to_owned()),
        Just("-3,0.5".to_owned()),
        Just("TransformIndex=7".to_owned()),
        Just("TransformIndex=-1".to_owned()),
        Just("AnimationTime=0".to_owned()),
        Just("AnimationTime=-5".to_owned()),
        Just("Loop=True".to_owned()),
        Just("InterpolationType=\"Step\"".to_owned()),
        Just("InitPostureMatrix=1:0:0".to_owned()),
        Just("InitPostureMatrix=1e308:0:0:0:0:1e308:0:0:0:0:1e308:0:0:0:0:1".to_owned()),
        Just("NodeName=\"節0\"".to_owned()),
        Just("Node {".to_owned()),
        Just("TimeKeys {".to_owned()),
        Just("0.5".to_owned()),
        Just("-0.5".to_owned()),
        "[ -~]{0,12}",
    ]
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: 256, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_setup_pose_is_the_animation_at_time_zero_when_first_keys_rest(model in model()) {
        let text = model.text();
        let setup = evaluate(&text, None, 0.0);
        let start = evaluate(&text, Some(0), 0.0);
        prop_assert_eq!(&setup.worlds, &start.worlds);
        prop_assert_eq!(&setup.vertices, &start.vertices);
        // A negative time shows the start too.
        prop_assert_eq!(&evaluate(&text, Some(0), -0.75).worlds, &start.worlds);
    }

    #[test]
    fn evaluation_is_deterministic(model in model(), seconds in -2.0f64..3.0, other in -2.0f64..3.0) {
        let text = model.text();
        let a = evaluate(&text, Some(0), seconds);
        let b = evaluate(&text, Some(0), seconds);
        prop_assert_eq!(bits(&a), bits(&b));
        prop_assert!(a.is_finite(), "finite inputs give a finite pose");
        // One state reused through several poses (meshes whose matrices did not change are not
        // skinned again) ends where a fresh one does.
        let rig = ElemRig::read(&text, &ElemFile::parse(&text).tree);
        let mut reused = PoseState::default();
        rig.evaluate(None, 0.0, &mut reused);
        rig.evaluate(Some(0), rig.clips[0].local_time_ms(other), &mut reused);
        rig.evaluate(Some(0), rig.clips[0].local_time_ms(seconds), &mut reused);
        prop_assert_eq!(bits(&reused), bits(&a));
    }

    #[test]
    fn broken_models_never_panic(
        model in model(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), damage(), any::<bool>()), 1..6),
        seconds in -2.0f64..3.0,
    ) {
        let mut lines: Vec<String> = model.text().split("\r\n").map(str::to_owned).collect();
        for (at, line, insert) in edits {
            let i = at.index(lines.len());
            if insert { lines.insert(i, line) } else { lines[i] = line }
        }
        let text = lines.join("\r\n");
        let analysis = Analysis::new(Some(Path::new("broken.elem")), text.clone(), &MemoryFs::default());
        for animation in [None, Some("動き".to_owned())] {
            let request = PoseRequest { armature: None, animation, time: seconds, target: None };
            let first = pose::pose(&analysis, &request);
            prop_assert_eq!(format!("{first:?}"), format!("{:?}", pose::pose(&analysis, &request)));
            if let Ok(Pose::Elem(p)) = first {
                prop_assert_eq!(p.nodes.len(), ElemRig::read(&text, &ElemFile::parse(&text).tree).hierarchy.nodes.len());
            }
        }
    }
}
