//! `TextureFilename` must name a file that exists, relative to the `.elem` file.
//!
//! Only reported when the model comes with its textures: a model linted without them (as in CI,
//! or a model shared alone) is not at fault. A texture is missing when its folder holds images
//! but not it, or when its folder does not exist (or holds no file) while the model has textures
//! elsewhere: another `TextureFilename` that exists, or images beside the model.

use std::path::{Path, PathBuf};

use super::{ElemCheck, report};
use crate::model::textures::{TextureFile, texture_files};
use rigls_diagnostic::env::is_image_name;
use rigls_diagnostic::suggest;
use rigls_diagnostic::{Code, Fix};

pub fn check(ctx: &mut ElemCheck) {
    let Some(dir) = ctx.path.and_then(Path::parent) else { return };
    let dir = dir.to_path_buf();
    let (present, missing): (Vec<TextureFile>, Vec<TextureFile>) =
        texture_files(ctx.text, ctx.tree, &dir).into_iter().partition(|t| ctx.fs.exists(&t.path));
    if missing.is_empty() {
        return;
    }
    let model_folder = if dir.as_os_str().is_empty() { PathBuf::from(".") } else { dir.clone() };
    let beside_model = || ctx.fs.list_dir(&model_folder).iter().any(|p| is_image_name(&file_name(p)));
    let has_textures = !present.is_empty() || beside_model();
    for texture in &missing {
        let folder = folder_of(&texture.path);
        let siblings: Vec<String> = ctx.fs.list_dir(&folder).iter().map(|p| file_name(p)).collect();
        if siblings.iter().any(|s| is_image_name(s)) {
            missing_beside_images(ctx, texture, &siblings);
        } else if siblings.is_empty() && has_textures && folder != model_folder {
            missing_folder(ctx, texture, &folder, &dir);
        }
    }
}

/// The texture's folder holds images, but not this one: the closest are suggested.
fn missing_beside_images(ctx: &mut ElemCheck, texture: &TextureFile, siblings: &[String]) {
    let name = &texture.name;
    let file_name = file_name(&texture.path);
    let suggested = suggest::ranked(&file_name, siblings.iter().map(String::as_str));
    let hint = match suggested.first() {
        Some(b) if b.eq_ignore_ascii_case(&file_name) => format!(" (there is `{b}`, which differs in letter case)"),
        best => suggest::hint(best.copied()),
    };
    let prefix = &name[..name.len() - file_name.len().min(name.len())];
    let fixes =
        Fix::suggestions(&suggested, texture.atom.inner_range(), |n| format!("Use `{n}`"), |n| format!("{prefix}{n}"));
    let message = format!("texture file `{name}` does not exist next to this model{hint}");
    ctx.push(report(Code::MissingFile, texture.atom.range, message).with_fixes(fixes));
}

/// The texture's folder does not exist (or holds no file) though the model has textures.
fn missing_folder(ctx: &mut ElemCheck, texture: &TextureFile, folder: &Path, dir: &Path) {
    let shown = folder.strip_prefix(dir).unwrap_or(folder).display().to_string();
    let why = if ctx.fs.exists(folder) { "holds no file" } else { "does not exist" };
    let message =
        format!("texture file `{}` does not exist next to this model: its folder `{shown}` {why}", texture.name);
    ctx.push(report(Code::MissingFile, texture.atom.range, message));
}

/// The folder a path is in; a bare relative name's empty parent is the current folder.
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned()
}
