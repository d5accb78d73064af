//! `TextureFilename` must name a file that exists, relative to the `.elem` file.
//!
//! Only reported when the texture's folder holds other images: a model linted without its
//! textures (as in CI, or a model shared alone) is not at fault.

use std::path::{Path, PathBuf};

use super::{ElemCheck, report};
use crate::diagnostic::{Code, Fix};
use crate::elem::schema::ScopeKind;
use crate::elem::schema::key;
use crate::elem::values::Values;
use crate::suggest;

pub fn check(ctx: &mut ElemCheck) {
    let Some(dir) = ctx.path.and_then(Path::parent) else { return };
    let dir = dir.to_path_buf();
    for material in ctx.scopes_of(ScopeKind::Material) {
        let Some(line) = ctx.tree.key(ctx.text, material, key::TEXTURE_FILENAME).filter(|l| l.ok) else { continue };
        let values = Values::read(ctx.text, line.value);
        let [atom] = values.atoms.as_slice() else { continue };
        let Some(name) = atom.as_str(ctx.text) else { continue };
        if name.trim().is_empty() {
            continue;
        }
        // Elfreina runs on Windows: accept `\` as a separator.
        let relative: PathBuf = name.split(['\\', '/']).collect();
        let full = if relative.is_absolute() { relative.clone() } else { dir.join(&relative) };
        if ctx.fs.exists(&full) {
            continue;
        }
        // `model.elem` given as a bare relative name has an empty parent: that is the current folder.
        let folder = match full.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let siblings: Vec<String> = ctx
            .fs
            .list_dir(&folder)
            .iter()
            .filter_map(|p| p.file_name().and_then(|n| n.to_str()).map(str::to_owned))
            .collect();
        // A model checked on its own, without its textures beside it, is not broken: only report
        // when the folder holds images and this one is not among them.
        if !siblings.iter().any(|s| is_image(s)) {
            continue;
        }
        let file_name = full.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
        let suggested = suggest::ranked(&file_name, siblings.iter().map(String::as_str));
        let hint = match suggested.first() {
            Some(b) if b.eq_ignore_ascii_case(&file_name) => format!(" (there is `{b}`, which differs in letter case)"),
            best => suggest::hint(best.copied()),
        };
        let prefix = &name[..name.len() - file_name.len().min(name.len())];
        let fixes =
            Fix::suggestions(&suggested, atom.inner_range(), |n| format!("Use `{n}`"), |n| format!("{prefix}{n}"));
        let d = report(
            Code::MissingFile,
            atom.range,
            format!("texture file `{name}` does not exist next to this model{hint}"),
        )
        .with_fixes(fixes);
        ctx.push(d);
    }
}

fn is_image(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    [".png", ".jpg", ".jpeg", ".bmp", ".tga", ".dds", ".gif", ".tif", ".tiff"].iter().any(|e| lower.ends_with(e))
}
