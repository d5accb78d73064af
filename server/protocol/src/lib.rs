//! The scene protocol (`docs/scene.md`): what a viewer asks ([`SceneQuery`]) and the answer it
//! gets ([`SceneAnswer`]: the scenes, the named things they show ([`Element`]), the problem),
//! written as JSON. The one place that knows the wire format — the keys and their order, scene
//! version 2's base64 buffers, how an edit moves the elements a viewer holds: `rigls/scene`
//! (`rigls-lsp`) and `rigls preview` (`rigls-cli`) answer through it, and `rigls render -o
//! scene.json` writes its scenes with [`SceneJson::plain`]. The scenes themselves are
//! `rigls_ide::scene`'s plain data.

mod answer;
mod element;
mod packed;
mod problem;
mod query;
mod wire;

pub use answer::{ChangedElement, ElementChanges, ElementsMoved, SceneAnswer};
pub use element::{Element, ElementKind, Position, Positions, Range, elements};
pub use packed::digest_text;
pub use problem::SceneProblem;
pub use query::{MAX_TIMES, SceneAsk, SceneQuery};
pub use wire::SceneJson;

/// The version of the scene format (`docs/scene.md`); bumped on any change a reader would notice.
/// Version 1 writes every number as JSON (`rigls render -o scene.json`).
pub const SCENE_VERSION: u32 = 1;

/// Version 2: version 1 with 3-D meshes packed into buffers, their fixed parts written once
/// (`packed`): what live previews ask for.
pub const PACKED_VERSION: u32 = 2;
