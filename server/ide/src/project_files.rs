//! The files under a folder with the given extensions, as `rigls --check DIR` and a workspace
//! search find them: `.gitignore` honoured, in path order within each folder.

use std::path::{Path, PathBuf};

/// The files under `dir` whose extension is one of `extensions` (any case), lazily: a caller
/// that needs only the first few walks no further.
pub fn project_files<'e>(dir: &Path, extensions: &'e [&str]) -> impl Iterator<Item = PathBuf> + 'e {
    ignore::WalkBuilder::new(dir)
        .sort_by_file_path(|a, b| a.cmp(b))
        .build()
        .flatten()
        .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
        .map(|e| e.into_path())
        .filter(|p| {
            p.extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
        })
}
