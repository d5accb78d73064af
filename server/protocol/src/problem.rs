//! Why there is no scene, as a viewer shows it in its banner.

use serde::Serialize;

use rigls_ide::scene::SceneError;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneProblem {
    /// `noScene` (not a model), `unknownArmature`, `unknownAnimation` or `broken` (errors that
    /// make the pose meaningless).
    pub kind: &'static str,
    /// One sentence, or for `broken` a line per error (with its line and column).
    pub message: String,
    /// For an unknown name, the names there are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub known: Option<Vec<String>>,
}

impl From<&SceneError> for SceneProblem {
    fn from(error: &SceneError) -> SceneProblem {
        let (kind, known) = match error {
            SceneError::NoPose(_) => ("noScene", None),
            SceneError::UnknownArmature { known, .. } => ("unknownArmature", Some(known.clone())),
            SceneError::UnknownAnimation { known, .. } => ("unknownAnimation", Some(known.clone())),
            SceneError::Broken(_) => ("broken", None),
        };
        SceneProblem { kind, message: error.to_string(), known }
    }
}
