//! The scene a preview draws: everything visible of a document at (armature, animation, time), as
//! plain data (`docs/scene.md` is its reference, `rigls-protocol` writes it; `rigls render` and the
//! live previews both draw from it).
//!
//! DragonBones skeletons give a 2-D scene ([`Scene2d`]): bones and slots with their global
//! matrices, drawables in draw order (image quads and meshes with texture coordinates in atlas
//! pixels, child armatures flattened into their slot's place), bounding boxes. `.elem` models give
//! a 3-D scene ([`Scene3d`]): nodes with world matrices, skinned meshes with faces grouped by
//! material, materials. Every named thing carries the byte ranges of its definition, so a click can
//! select it in the editor and a cursor can highlight it in the preview.
//!
//! No I/O: atlas images and texture files are given as resolved paths, for the caller to read
//! ([`note_missing_files`] says in the notes which of them a file system lacks).

mod files;
mod types2d;
mod types3d;

pub use files::note_missing_files;
pub use types2d::*;
pub use types3d::*;

use super::pose::{PoseError, PoseRequest};
use super::{Analysis, FileKind};
use rigls_diagnostic::{FileFormat, Target};
use rigls_text::TextRange;

/// What to show: the armature (DragonBones), the animation (`None`: the setup pose) and the time
/// in seconds from its start, as for `rigls pose`.
pub type SceneRequest = PoseRequest;

/// Why there is no scene (the same reasons as for a pose).
pub type SceneError = PoseError;

/// A byte range `[start, end)` into the document's text (UTF-8 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByteRange(pub u32, pub u32);

impl From<TextRange> for ByteRange {
    fn from(r: TextRange) -> ByteRange {
        ByteRange(r.start, r.end)
    }
}

/// One document's scene at one time.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// `"dragonbones"` or `"elem"`.
    pub format: &'static str,
    /// What the armature picker offers (DragonBones; empty for `.elem`).
    pub armatures: Vec<ArmatureInfo>,
    /// What the animation picker offers: the animations of the armature shown.
    pub animations: Vec<AnimationInfo>,
    /// The animation a player starts with (DragonBones: the armature's `defaultActions` or first
    /// animation; `.elem`: the first clip).
    pub default_animation: Option<String>,
    /// The armature shown (`None` for `.elem`).
    pub armature: Option<String>,
    /// The animation posed (`None`: the setup pose).
    pub animation: Option<String>,
    /// Seconds from the start of the animation, as asked.
    pub time: f64,
    /// Things a viewer may want to say (textures the atlas lacks, no atlas found…), one line each.
    pub notes: Vec<String>,
    /// The runtime the scene is drawn as (`None`: rigls's own reading of an `.elem` model, which
    /// no target names).
    pub target: Option<Target>,
    /// What a target picker offers: every target of the document's format.
    pub targets: Vec<Target>,
    pub content: SceneContent,
    /// The key frames of the shown armature's (the model's) animations, for
    /// a cursor in one to move a player to its time. Not part of the scene's JSON: answers list
    /// them once, among their elements.
    pub key_frames: Vec<KeyFrameInfo>,
}

/// A key frame: the object of one frame of a timeline.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyFrameInfo {
    pub animation: String,
    /// Seconds from the animation's start (its position in frames / the frame rate).
    pub time: f64,
    pub range: ByteRange,
}

/// The drawing itself: 2-D (DragonBones) or 3-D (`.elem`), told apart by `"kind"`.
#[derive(Clone, Debug, PartialEq)]
pub enum SceneContent {
    Flat(Scene2d),
    Solid(Scene3d),
}

impl Scene {
    pub fn flat(&self) -> Option<&Scene2d> {
        match &self.content {
            SceneContent::Flat(s) => Some(s),
            SceneContent::Solid(_) => None,
        }
    }

    pub fn solid(&self) -> Option<&Scene3d> {
        match &self.content {
            SceneContent::Solid(s) => Some(s),
            SceneContent::Flat(_) => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct ArmatureInfo {
    pub name: String,
    /// The armature's object.
    pub range: ByteRange,
    /// Its `name` string (quotes included), when it has one.
    pub name_range: Option<ByteRange>,
    pub frame_rate: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AnimationInfo {
    pub name: String,
    pub range: ByteRange,
    pub name_range: Option<ByteRange>,
    /// Seconds.
    pub duration: f64,
    /// Frames per second (DragonBones: the armature's `frameRate`; `.elem`: `FrameParSecond`).
    pub frame_rate: f64,
    /// The number of frames a player shows for one pass: `duration × frameRate`, rounded (DragonBones
    /// `duration` in frames).
    pub frame_count: f64,
    /// DragonBones `playTimes` (0: forever); `.elem`: 0 when `Loop=True`, else 1.
    pub play_times: f64,
}

impl AnimationInfo {
    /// The time of frame `frame` (`frame / frameRate`; 0 without a frame rate).
    pub fn time_of_frame(&self, frame: f64) -> f64 {
        if self.frame_rate > 0.0 { frame / self.frame_rate } else { 0.0 }
    }
}

/// The scene of the document as `request` asks.
pub fn scene(analysis: &Analysis, request: &SceneRequest) -> Result<Scene, SceneError> {
    let mut scenes = scenes_at(analysis, request, &[request.time])?;
    Ok(scenes.pop().expect("one time, one scene"))
}

/// The scenes of one armature and animation at each of `times` (seconds), evaluated once: what a
/// contact sheet, an animated image or a player's prefetch needs. `request.time` is ignored.
pub fn scenes_at(analysis: &Analysis, request: &SceneRequest, times: &[f64]) -> Result<Vec<Scene>, SceneError> {
    let format = match analysis.kind() {
        FileKind::DragonBonesSkeleton => FileFormat::DragonBones,
        FileKind::Elem => FileFormat::Elem,
        FileKind::DragonBonesAtlas => {
            return Err(PoseError::NoPose(
                "a texture atlas has no scene of its own: preview its skeleton (`*_ske.json`)".to_owned(),
            ));
        }
        FileKind::Other => {
            return Err(PoseError::NoPose(
                "not a model rigls can show: expected an `.elem` model or a DragonBones skeleton".to_owned(),
            ));
        }
    };
    // Drawn as the target asked for, else as the first the document is checked for.
    let target = match request.target {
        Some(t) if t.format() != format => {
            let own = Target::of_format(format).map(Target::as_str).collect::<Vec<_>>().join(", ");
            return Err(PoseError::NoPose(format!("`{t}` is not a target of this format (its targets: {own})")));
        }
        Some(t) => Some(t),
        None => analysis.targets.evaluated_as(format),
    };
    let request = &SceneRequest { target, ..request.clone() };
    let mut scenes = match format {
        FileFormat::DragonBones => super::dragonbones::scene::scenes_at(analysis, request, times)?,
        FileFormat::Elem => super::elem::scene::scenes_at(analysis, request, times)?,
    };
    for scene in &mut scenes {
        scene.target = target;
        scene.targets = Target::of_format(format).collect();
    }
    Ok(scenes)
}

/// An axis-aligned box, `[min, max]` per axis (2 or 3 axes).
pub fn grow(bounds: &mut Option<(Vec<f64>, Vec<f64>)>, point: &[f64]) {
    if point.iter().any(|v| !v.is_finite()) {
        return;
    }
    match bounds {
        None => *bounds = Some((point.to_vec(), point.to_vec())),
        Some((min, max)) => {
            for (i, &v) in point.iter().enumerate() {
                min[i] = min[i].min(v);
                max[i] = max[i].max(v);
            }
        }
    }
}
