//! An atlas's `imagePath` (of an atlas file, or of a skeleton's inline `textureAtlas`) links to
//! the image, resolved against the document's folder as the runtimes' loaders resolve it, where
//! the image exists.

use std::path::Path;

use super::DragonBonesDoc;
use crate::{Analysis, DocumentLink};
use rigls_diagnostic::env::FileSystem;
use rigls_dragonbones::schema::key;
use rigls_text::TextRange;

pub fn document_links(analysis: &Analysis, fs: &dyn FileSystem) -> Vec<DocumentLink> {
    let (Some(doc), Some(dir)) = (DragonBonesDoc::new(analysis), analysis.path.as_deref().and_then(Path::parent))
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for &atlas in &doc.model.atlases {
        let Some(value) = doc.tree.get(doc.text, atlas, key::IMAGE_PATH) else { continue };
        let Some(name) = doc.tree.str(doc.text, value).filter(|n| !n.is_empty()) else { continue };
        let target = dir.join(name.as_ref());
        if fs.exists(&target) {
            // The string without its quotes.
            let quoted = doc.tree.range(value);
            let range = TextRange::new(quoted.start + 1, quoted.end - 1);
            out.push(DocumentLink { range, target, tooltip: "Open the atlas image".to_owned() });
        }
    }
    out
}
