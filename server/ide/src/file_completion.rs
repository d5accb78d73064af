//! Completing a file name in a value that names an image (a material's `TextureFilename`, an
//! atlas's `imagePath`): the images in the folder typed so far, relative to the document's folder.

use std::path::{Path, PathBuf};

use crate::{CompletionItem, CompletionKind};
use rigls_diagnostic::env::{FileSystem, is_image_name};
use rigls_text::TextRange;

/// The images `fs` lists in the folder `typed` names so far (the value up to the cursor, without
/// its opening quote; `/` and `\` both separate folders), under `base`. Each item replaces
/// `range` with `write` of the folder as typed and the file name.
pub fn image_completions(
    fs: &dyn FileSystem,
    base: &Path,
    typed: &str,
    range: TextRange,
    write: impl Fn(&str) -> String,
) -> Vec<CompletionItem> {
    let folder_typed = &typed[..typed.rfind(['/', '\\']).map_or(0, |i| i + 1)];
    let folder: PathBuf = base.join(folder_typed.split(['/', '\\']).collect::<PathBuf>());
    let mut names: Vec<String> = fs
        .list_dir(&folder)
        .iter()
        .filter_map(|p| p.file_name()?.to_str().map(str::to_owned))
        .filter(|n| is_image_name(n))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let text = write(&format!("{folder_typed}{name}"));
            CompletionItem {
                label: text.clone(),
                kind: CompletionKind::File,
                detail: Some("image".to_owned()),
                documentation_markdown: None,
                insert_text: text.clone(),
                filter_text: text,
                is_snippet: false,
                replace_range: range,
                sort_text: None,
            }
        })
        .collect()
}
