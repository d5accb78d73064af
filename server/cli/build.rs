//! The preview page's script, which `preview::routes` embeds: the bundle of editors/preview,
//! committed as editors/preview/dist/preview.js, when building in the repository; in the packaged
//! crate (`cargo package` follows the symlink `preview.js` to that bundle), its copy.

use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let bundle = dir.join("../../editors/preview/dist/preview.js");
    let source = if bundle.is_file() { bundle } else { dir.join("preview.js") };
    println!("cargo::rerun-if-changed={}", source.display());
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("preview.js");
    if let Err(e) = std::fs::copy(&source, &out) {
        panic!("cannot copy the preview script {} to {}: {e}", source.display(), out.display());
    }
}
