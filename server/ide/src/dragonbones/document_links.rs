//! An atlas's `imagePath` (of an atlas file, or of a skeleton's inline `textureAtlas`) links to
//! the image, resolved against the document's folder as the runtimes' loaders resolve it, where
//! the image exists.

use super::DragonBonesDoc;
use crate::{Analysis, DocumentLink};
use rigls_diagnostic::env::FileSystem;
use rigls_dragonbones::schema::key;

pub fn document_links(analysis: &Analysis, fs: &dyn FileSystem) -> Vec<DocumentLink> {
    let (Some(doc), Some(dir)) = (DragonBonesDoc::new(analysis), analysis.folder()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for &atlas in &doc.model.atlases {
        let Some(value) = doc.tree.get(doc.text, atlas, key::IMAGE_PATH) else { continue };
        let Some(name) = doc.tree.str(doc.text, value).filter(|n| !n.is_empty()) else { continue };
        let target = dir.join(name.as_ref());
        if fs.exists(&target) {
            let range = doc.tree.inner_range(value);
            out.push(DocumentLink { range, target, tooltip: "Open the atlas image".to_owned() });
        }
    }
    out
}
