//! What the official DragonBones runtime computes from a skeleton: the armature it builds, the
//! setup pose, and the state at any time of any animation.
//!
//! [`parse`] reads the skeleton as `ObjectDataParser` does ([`data`]), recording where the
//! runtime would throw or hang ([`parse::Failure`]); [`runtime`] builds and steps an armature as
//! DragonBonesJS 5.x does. [`evaluate`] answers "the pose of armature A, animation N, time t".

pub mod curve;
pub mod data;
pub mod frame_table;
pub mod geom;
pub mod parse;
pub mod parses;
pub mod raw;
pub mod runtime;

pub use parses::ArmatureParses;
pub use runtime::{BuildError, PosedPart, Poser, Runtime};

/// The runtime's data of a skeleton, once per analysis.
#[derive(Debug)]
pub struct Evaluation {
    pub parsed: Result<parse::Parsed, parse::Rejected>,
}

impl Evaluation {
    pub fn new(tree: &crate::syntax::Tree, text: &str) -> Evaluation {
        let raw = raw::Raw::new(tree, text);
        let parsed = match tree.root() {
            Some(root) => parse::parse(raw, root),
            None => Err(parse::Rejected { version: String::new(), compatible_version: String::new() }),
        };
        Evaluation { parsed }
    }

    pub fn data(&self) -> Option<&data::DragonBonesData> {
        self.parsed.as_ref().ok().map(|p| &p.data)
    }
}
