//! Touhou Danmakufu ph3's reading of an `.elem` file, for the `danmakufu-ph3` target: its own
//! tokenizer ([`scanner`]), its loader ([`loader`]), what the loaded model costs when drawn
//! ([`consequences`]) and its pose in `float` ([`pose`]).
//!
//! Danmakufu reads the file with its own code (james7132/Danmakufu-ph3 at 5c92f28,
//! `source/GcLib/directx/ElfreinaMesh.cpp`, `gstd::Scanner` in `source/GcLib/gstd/GstdUtility.cpp`,
//! skinning in `RenderObject.cpp` and `HLSL.hpp`), not with rigls's parser: what it accepts,
//! drops and computes differs from the format as rigls reads it (`docs/targets.md`). Every
//! [`loader::Event`] points at the text that causes it.

pub mod consequences;
pub mod loader;
pub mod pose;
pub mod scanner;
pub mod vertices;

pub use loader::{Event, EventKind, Loaded};

/// Loads `text` as Danmakufu does, with the events of loading and of drawing what was loaded.
pub fn read(text: &str) -> Loaded {
    let mut loaded = loader::load(text);
    consequences::add(&mut loaded, text);
    loaded
}
