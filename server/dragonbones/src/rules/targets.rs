//! The target rules: what the DragonBones runtimes a user names reject, drop or draw differently
//! (`docs/targets.md`).

use crate::model::Model;
use crate::syntax::Tree;
use rigls_diagnostic::{Diagnostic, Targets};

pub fn check(_text: &str, _tree: &Tree, _model: &Model, _targets: Targets) -> Vec<Diagnostic> {
    Vec::new()
}
