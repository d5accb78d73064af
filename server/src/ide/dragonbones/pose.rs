//! `rigls pose` for DragonBones skeletons: the armature the runtime builds, posed.

use crate::ide::Analysis;
use crate::ide::pose::{DragonBonesPose, PoseError, PoseRequest};

pub fn pose(_analysis: &Analysis, _request: &PoseRequest) -> Result<DragonBonesPose, PoseError> {
    Err(PoseError::NoPose("DragonBones poses are not evaluated yet".to_owned()))
}
