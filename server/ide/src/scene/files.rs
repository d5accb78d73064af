//! What a scene's pictures come from and cannot be found: an atlas's image, a material's texture.
//! A scene names those files without reading them (its viewer reads them); a viewer that cannot
//! read one draws outlines or flat colours, and the scene's notes say which file is missing.

use std::path::Path;

use super::{Scene, SceneContent};
use rigls_diagnostic::env::FileSystem;

/// Adds to each of `scenes` (the scenes of one document version: they name the same files) a
/// note for each file its pictures come from that `fs` does not have.
pub fn note_missing_files(scenes: &mut [Scene], fs: &dyn FileSystem) {
    let Some(first) = scenes.first() else { return };
    let notes = missing_files(first, fs);
    for scene in scenes {
        scene.notes.extend(notes.iter().cloned());
    }
}

fn missing_files(scene: &Scene, fs: &dyn FileSystem) -> Vec<String> {
    let mut notes = Vec::new();
    let mut push = |note: String| {
        if !notes.contains(&note) {
            notes.push(note);
        }
    };
    match &scene.content {
        SceneContent::Flat(flat) => {
            for t in &flat.textures {
                let atlas = file_name(&t.atlas);
                match &t.image {
                    None => push(format!("{atlas} names no image (imagePath): its displays are drawn as outlines")),
                    Some(image) if !fs.exists(Path::new(image)) => {
                        // As the atlas names it: relative to its folder.
                        let folder = Path::new(&t.atlas).parent().unwrap_or(Path::new(""));
                        let shown = Path::new(image).strip_prefix(folder).unwrap_or(Path::new(image));
                        push(format!(
                            "the atlas image {} (the imagePath of {atlas}) is missing: its displays are drawn as outlines",
                            shown.display()
                        ));
                    }
                    Some(_) => {}
                }
            }
        }
        SceneContent::Solid(solid) => {
            for m in &solid.materials {
                let (Some(path), Some(written)) = (&m.texture_path, &m.texture) else { continue };
                if !fs.exists(Path::new(path)) {
                    push(format!(
                        "the texture {written} (of material {}) is missing: its faces are drawn in their colours",
                        m.name
                    ));
                }
            }
        }
    }
    notes
}

fn file_name(path: &str) -> String {
    Path::new(path).file_name().map_or_else(|| path.to_owned(), |n| n.to_string_lossy().into_owned())
}
