//! Finding the texture atlas that belongs to a skeleton.
//!
//! The pairing rule, cheapest first:
//! 1. `X_ske.json` (or the binary `X_ske.dbbin`) pairs with `X_tex.json` in the same folder (the
//!    DragonBones Pro 5 export naming),
//!    when that file is an atlas;
//! 2. otherwise, among the other `.json` files of the folder whose name contains `tex` (`X_tex.json`,
//!    `texture.json`, `X_texture_1.json`), those whose name contains the skeleton's data `name`
//!    first, then the ones nearest to the skeleton in the folder's sorted listing (exports sit
//!    beside their atlas), at most [`MAX_PROBES`] are read; every atlas among them whose `name` equals the
//!    skeleton's `name` pairs with it (several: scaled variants such as `X_sd_tex.json`, or the same
//!    data exported twice; a texture is then missing only when it is in none of them).
//!
//! No atlas found means no texture diagnostics. A folder of thousands of skeletons costs one
//! directory listing and at most a few small reads per skeleton, never a read of every atlas.

use std::path::{Path, PathBuf};

use super::model::{self, DocKind};
use super::parser;
use super::syntax::{NodeId, NodeKind, Tree};
use crate::schema::key;
use rigls_diagnostic::env::FileSystem;
use rigls_text::TextRange;

/// Atlas files read at most per skeleton when the `_ske`/`_tex` names do not pair it.
pub const MAX_PROBES: usize = 8;

/// A skeleton's atlas: where it is and the textures it defines.
#[derive(Debug)]
pub struct PairedAtlas {
    pub path: PathBuf,
    /// The atlas `name`, and the range of its string in the atlas file.
    pub name: Option<String>,
    pub name_range: Option<TextRange>,
    /// Every `SubTexture` name with the range of its string in the atlas file.
    pub textures: Vec<(String, TextRange)>,
    /// The region of each texture of `textures` (same order), for editors to show.
    pub regions: Vec<Region>,
    /// `imagePath` as written (relative to the atlas file); `None` when absent or empty.
    pub image_path: Option<String>,
    /// The atlas image size the atlas declares (`width`, `height`; absent in 2.3–4.x atlases).
    pub width: Option<f64>,
    pub height: Option<f64>,
    /// `scale` (default 1): the runtime draws the atlas's textures at `1 / scale`.
    pub scale: f64,
}

/// A `SubTexture`'s rectangle in the atlas image and whether it is stored rotated.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Region {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
    pub rotated: bool,
    /// The untrimmed frame `[frameX, frameY, frameWidth, frameHeight]`, when the texture was
    /// trimmed: as the runtime reads it, only when both `frameWidth` and `frameHeight` are above 0.
    pub frame: Option<[f64; 4]>,
}

impl Region {
    /// Reads the region of a `SubTexture` object (absent members are 0, as runtimes read them).
    pub fn of(tree: &Tree, text: &str, sub_texture: NodeId) -> Region {
        let number = |key: &str| tree.get(text, sub_texture, key).and_then(|v| tree.number(text, v)).unwrap_or(0.0);
        let rotated = tree.get(text, sub_texture, key::ROTATED).is_some_and(|v| tree.kind(v) == NodeKind::True);
        let frame_size =
            |key: &str| tree.get(text, sub_texture, key).and_then(|v| tree.number(text, v)).unwrap_or(-1.0);
        let (frame_width, frame_height) = (frame_size(key::FRAME_WIDTH), frame_size(key::FRAME_HEIGHT));
        let frame = (frame_width > 0.0 && frame_height > 0.0)
            .then(|| [number(key::FRAME_X), number(key::FRAME_Y), frame_width, frame_height]);
        Region {
            x: number(key::X),
            y: number(key::Y),
            width: number(key::WIDTH),
            height: number(key::HEIGHT),
            rotated,
            frame,
        }
    }
}

impl PairedAtlas {
    pub fn contains(&self, name: &str) -> bool {
        self.textures.iter().any(|(t, _)| t == name)
    }

    pub fn range_of(&self, name: &str) -> Option<TextRange> {
        self.textures.iter().find(|(t, _)| t == name).map(|(_, r)| *r)
    }
}

/// The atlases paired with the skeleton at `skeleton` whose data `name` is `data_name` (empty when
/// none is found).
pub fn find(skeleton: &Path, data_name: Option<&str>, fs: &dyn FileSystem) -> Vec<PairedAtlas> {
    find_all(skeleton, data_name, fs).unwrap_or_default()
}

fn find_all(skeleton: &Path, data_name: Option<&str>, fs: &dyn FileSystem) -> Option<Vec<PairedAtlas>> {
    let dir = skeleton.parent()?;
    let file = skeleton.file_name()?.to_str()?;
    let stem = strip_suffix_ignore_case(file, "_ske.json").or_else(|| strip_suffix_ignore_case(file, "_ske.dbbin"));
    if let Some(stem) = stem {
        let candidate = dir.join(format!("{stem}_tex.json"));
        if let Some(atlas) = read_atlas(&candidate, fs) {
            return Some(vec![atlas]);
        }
    }
    let data_name = data_name.filter(|n| !n.is_empty())?;
    let wanted = data_name.to_lowercase();
    let listing = fs.list_dir(dir);
    let here = listing.iter().position(|p| p.as_path() >= skeleton).unwrap_or(listing.len());
    let mut candidates: Vec<(bool, usize, &PathBuf)> = listing
        .iter()
        .enumerate()
        .filter(|(_, p)| p.as_path() != skeleton)
        .filter_map(|(i, p)| {
            let name = p.file_name()?.to_str()?.to_lowercase();
            let plausible = name.ends_with(".json") && name.contains("tex");
            plausible.then(|| (!name.contains(&wanted), i.abs_diff(here), p))
        })
        .collect();
    // Files named after the data first, then the nearest in the folder's order.
    candidates.sort_by_key(|&(unnamed, distance, _)| (unnamed, distance));
    let found: Vec<PairedAtlas> = candidates
        .iter()
        .take(MAX_PROBES)
        .filter_map(|&(_, _, p)| read_atlas(p, fs))
        .filter(|atlas| atlas.name.as_deref() == Some(data_name))
        .collect();
    Some(found)
}

fn strip_suffix_ignore_case<'a>(s: &'a str, suffix: &str) -> Option<&'a str> {
    let cut = s.len().checked_sub(suffix.len())?;
    (s.is_char_boundary(cut) && s[cut..].eq_ignore_ascii_case(suffix)).then(|| &s[..cut])
}

/// Reads `path` as an atlas; `None` when it is missing or not an atlas.
pub fn read_atlas(path: &Path, fs: &dyn FileSystem) -> Option<PairedAtlas> {
    let text = fs.read_to_string(path)?;
    let tree: Tree = parser::parse(&text);
    if model::classify(&tree, &text)? != DocKind::Atlas {
        return None;
    }
    let atlas = model::Model::build(&text, &tree, DocKind::Atlas);
    let regions = atlas.defs.iter().map(|d| Region::of(&tree, &text, d.node)).collect();
    let textures = atlas.defs.into_iter().map(|d| (d.name, d.range)).collect();
    let root = tree.root();
    let member = |key: &str| root.and_then(|r| tree.get(&text, r, key));
    let image_path = member(key::IMAGE_PATH).and_then(|v| tree.str(&text, v)).map(|s| s.into_owned());
    let number = |key: &str| member(key).and_then(|v| tree.number(&text, v));
    Some(PairedAtlas {
        path: path.to_path_buf(),
        name: atlas.name,
        name_range: member(key::NAME).map(|v| tree.range(v)),
        textures,
        regions,
        image_path: image_path.filter(|p| !p.is_empty()),
        width: number(key::WIDTH).filter(|w| *w > 0.0),
        height: number(key::HEIGHT).filter(|h| *h > 0.0),
        scale: number(key::SCALE).unwrap_or(1.0),
    })
}
