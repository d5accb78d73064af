//! Each material's `TextureFilename` links to its texture file, where the file exists.

use super::ElemDoc;
use crate::{Analysis, DocumentLink};
use rigls_diagnostic::env::FileSystem;
use rigls_elem::model::textures::texture_files;

pub fn document_links(analysis: &Analysis, fs: &dyn FileSystem) -> Vec<DocumentLink> {
    let (Some(doc), Some(dir)) = (ElemDoc::new(analysis), analysis.folder()) else {
        return Vec::new();
    };
    texture_files(doc.text, doc.tree, dir)
        .into_iter()
        .filter(|t| fs.exists(&t.path))
        .map(|t| DocumentLink { range: t.atom.inner_range(), target: t.path, tooltip: "Open the texture".to_owned() })
        .collect()
}
