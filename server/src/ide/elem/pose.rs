//! `rigls pose` for `.elem` models: node world matrices and skinned meshes.

use crate::ide::Analysis;
use crate::ide::pose::{ElemPose, PoseError, PoseRequest};

pub fn pose(_analysis: &Analysis, _request: &PoseRequest) -> Result<ElemPose, PoseError> {
    Err(PoseError::NoPose(".elem poses are not evaluated yet".to_owned()))
}
