//! `rigls upgrade` and the editors' "Upgrade to DragonBones 5.5": a skeleton rewritten as 5.5
//! data (`rigls_dragonbones::upgrade`), its atlas found as `--check` finds it.

use std::path::Path;

use rigls_diagnostic::env::FileSystem;
use rigls_dragonbones::DragonBonesFile;
pub use rigls_dragonbones::upgrade::{Note, Options, Outcome, Severity, TARGET};

/// Upgrades the DragonBones skeleton `text` of the file at `path` (where its atlas is looked for:
/// 2.3 data needs the texture sizes to place its images).
pub fn upgrade(path: Option<&Path>, text: &str, fs: &dyn FileSystem, options: Options) -> Outcome {
    match DragonBonesFile::parse(text) {
        None => Outcome::Unreadable("it is not DragonBones data (a JSON object with `armature`)".to_owned()),
        Some(mut file) => {
            file.pair_atlases(path, fs);
            file.upgrade(text, options)
        }
    }
}
