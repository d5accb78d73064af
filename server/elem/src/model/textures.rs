//! The texture files a model names: each material's `TextureFilename`, resolved against the
//! model's folder as Elfreina, a Windows program, resolves it (`\` and `/` both separate
//! folders). The `missing-file` rule and the editors' links read them alike.

use std::path::{Path, PathBuf};

use crate::schema::{ScopeKind, key};
use crate::syntax::SyntaxTree;
use crate::values::{Atom, Values};

/// One material's texture.
pub struct TextureFile {
    /// The quoted value.
    pub atom: Atom,
    /// The name as written.
    pub name: String,
    /// The file it names.
    pub path: PathBuf,
}

/// The textures of the materials of `tree`, in file order, resolved against `dir` (the model's
/// folder); empty names are left out.
pub fn texture_files(text: &str, tree: &SyntaxTree, dir: &Path) -> Vec<TextureFile> {
    let mut out = Vec::new();
    for material in tree.preorder().into_iter().filter(|&s| tree.kind(s) == ScopeKind::Material) {
        let Some(line) = tree.key(text, material, key::TEXTURE_FILENAME).filter(|l| l.ok) else { continue };
        let values = Values::read(text, line.value);
        let [atom] = values.atoms.as_slice() else { continue };
        let Some(name) = atom.as_str(text) else { continue };
        if name.trim().is_empty() {
            continue;
        }
        let relative: PathBuf = name.split(['\\', '/']).collect();
        let path = if relative.is_absolute() { relative } else { dir.join(relative) };
        out.push(TextureFile { atom: *atom, name: name.into_owned(), path });
    }
    out
}
