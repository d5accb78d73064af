//! The pose a runtime computes for a document: the setup pose, or the state at a time of an
//! animation (`rigls pose`, hovers, the preview scene). Plain data; the evaluation itself lives in
//! each format's `eval` layer.

use super::{Analysis, FileKind};
use rigls_diagnostic::Target;

/// What to pose.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PoseRequest {
    /// DragonBones: the armature (default: the first). `.elem` has none.
    pub armature: Option<String>,
    /// `None`: the setup pose.
    pub animation: Option<String>,
    /// Seconds from the start of the animation.
    pub time: f64,
    /// The runtime whose pose it is (`None`: the format's default, [`Target::default_for`]).
    pub target: Option<Target>,
}

/// The evaluated state of one document.
#[derive(Clone, Debug, PartialEq)]
pub enum Pose {
    DragonBones(DragonBonesPose),
    Elem(ElemPose),
}

/// A DragonBones armature, as the official runtime shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct DragonBonesPose {
    pub armature: String,
    pub animation: Option<String>,
    pub time: f64,
    /// In file order.
    pub bones: Vec<BonePose>,
    /// In file order.
    pub slots: Vec<SlotPose>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BonePose {
    pub name: String,
    /// The global transform in armature space, as the runtime's `globalTransformMatrix`:
    /// `[a, b, c, d, tx, ty]` with x' = a·x + c·y + tx, y' = b·x + d·y + ty (y down).
    pub matrix: [f64; 6],
}

#[derive(Clone, Debug, PartialEq)]
pub struct SlotPose {
    pub name: String,
    /// The display shown (−1: none).
    pub display_index: i64,
    /// The slot's draw position (0 is drawn first).
    pub z_order: i64,
    /// The deformed mesh in armature space when the current display is a mesh.
    pub vertices: Option<Vec<f64>>,
}

/// An `.elem` model.
#[derive(Clone, Debug, PartialEq)]
pub struct ElemPose {
    pub animation: Option<String>,
    pub time: f64,
    /// Every `Node` of the hierarchy, in file order, with its world matrix.
    pub nodes: Vec<NodePose>,
    /// Every mesh, with its skinned vertex positions.
    pub meshes: Vec<MeshPose>,
    /// The clip time posed, in ms: `time` wrapped (looping clips) or clamped to the clip; 0 at the
    /// setup pose.
    pub clip_ms: f64,
    /// The animation's UV parts, in file order, at that time (none at the setup pose).
    pub uv: Vec<UvPose>,
    /// What the target shows differently from the file, or about the pose, for people.
    pub notes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct NodePose {
    pub name: String,
    /// The world matrix, row major, row-vector convention (translation in elements 12–14).
    pub matrix: [f64; 16],
}

#[derive(Clone, Debug, PartialEq)]
pub struct MeshPose {
    pub container: String,
    pub mesh: String,
    /// `[x, y, z, …]`.
    pub vertices: Vec<f64>,
}

/// How one material's texture coordinates are moved (a UV `AnimationPart` sampled).
#[derive(Clone, Debug, PartialEq)]
pub struct UvPose {
    /// `MeshContainerName` and `MaterialName` as written (empty when missing).
    pub container: String,
    pub material: String,
    pub translation: [f64; 2],
    /// Radians.
    pub rotation: f64,
    pub scale: [f64; 2],
}

/// Why there is no pose.
#[derive(Clone, Debug, PartialEq)]
pub enum PoseError {
    /// The file is neither a skeleton nor an `.elem` model (e.g. an atlas).
    NoPose(String),
    UnknownArmature {
        name: String,
        known: Vec<String>,
    },
    UnknownAnimation {
        name: String,
        known: Vec<String>,
    },
    /// Errors that make the pose meaningless, each said in one line.
    Broken(Vec<String>),
}

impl std::fmt::Display for PoseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        fn list(known: &[String]) -> String {
            if known.is_empty() {
                "none".to_owned()
            } else {
                known.iter().map(|k| format!("\"{k}\"")).collect::<Vec<_>>().join(", ")
            }
        }
        match self {
            PoseError::NoPose(why) => write!(f, "{why}"),
            PoseError::UnknownArmature { name, known } => {
                write!(f, "no armature named \"{name}\" (armatures: {})", list(known))
            }
            PoseError::UnknownAnimation { name, known } => {
                write!(f, "no animation named \"{name}\" (animations: {})", list(known))
            }
            PoseError::Broken(reasons) => {
                write!(f, "the file has errors that make its pose meaningless:")?;
                for reason in reasons {
                    write!(f, "\n  {reason}")?;
                }
                Ok(())
            }
        }
    }
}

/// The armature a skeleton is shown with when `request` names none, when it was chosen among
/// several armatures that no other armature shows as a child (see
/// [`super::dragonbones::pose::default_armature`]): for saying which was chosen. `None` otherwise.
pub fn defaulted_armature(analysis: &Analysis, request: &PoseRequest) -> Option<DefaultArmature> {
    if request.armature.is_some() {
        return None;
    }
    let file = analysis.dragonbones().filter(|_| analysis.kind() == FileKind::DragonBonesSkeleton)?;
    super::dragonbones::pose::default_armature_of(file, &analysis.text).filter(|c| c.candidates > 1)
}

pub use super::dragonbones::pose::DefaultArmature;

/// Poses the document as `request` asks.
pub fn pose(analysis: &Analysis, request: &PoseRequest) -> Result<Pose, PoseError> {
    match analysis.kind() {
        FileKind::DragonBonesSkeleton => super::dragonbones::pose::pose(analysis, request).map(Pose::DragonBones),
        FileKind::Elem => super::elem::pose::pose(analysis, request).map(Pose::Elem),
        FileKind::DragonBonesAtlas => {
            Err(PoseError::NoPose("a texture atlas has no pose: pose its skeleton (`*_ske.json`)".to_owned()))
        }
        FileKind::Other => Err(PoseError::NoPose(
            "not a model rigls can pose: expected an `.elem` model or a DragonBones skeleton".to_owned(),
        )),
    }
}
