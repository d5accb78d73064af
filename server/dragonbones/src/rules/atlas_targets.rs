//! The target rules of a texture atlas (`_tex.json`): what DragonBonesCPP's
//! `_parseTextureAtlasData` (`parser/JSONDataParser.cpp:1961-1998`) asserts on. rapidjson's
//! assertions abort the runtime; DragonBonesJS reads all of these (its `_getNumber` and
//! `_getString` convert anything), so only the rapidjson targets are named.

use rigls_diagnostic::{Diagnostic, Targets};

use super::targets::{fits_integer, load_failure, names_verb, value_shown};
use crate::eval::raw::Raw;
use crate::schema::key;
use crate::syntax::{NodeId, NodeKind};

/// The atlas's own keys read as strings (`_getString`: a number is converted, anything else is
/// `GetDouble`'s assertion), and a texture's.
const STRINGS: &[&str] = &[key::NAME, key::IMAGE_PATH, key::FORMAT];

pub(super) fn check(raw: &Raw<'_>, root: NodeId, concerned: Targets, out: &mut Vec<Diagnostic>) {
    let mut fail = |node: NodeId, read_as: &str, fix: &str| {
        let message = format!(
            "{} {read_as}, and {} is not one: rapidjson's assertion aborts the runtime (a build without assertions reads garbage); {fix}",
            names_verb(concerned, "reads", "read"),
            value_shown(raw, node),
        );
        out.push(load_failure(raw.tree.range(node), message));
    };
    // `width` and `height` with `GetUint`.
    for name in [key::WIDTH, key::HEIGHT] {
        let Some(value) = raw.get(root, name) else { continue };
        if !fits_integer(raw, value, true) {
            let fix = match raw.tree.number(raw.text, value) {
                Some(n) if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n) => format!("write `{n}`"),
                _ => "write a whole number from 0 to 4294967295".to_owned(),
            };
            fail(value, &format!("the atlas's `{name}` as an unsigned integer"), &fix);
        }
    }
    for name in STRINGS {
        if let Some(value) = raw.get(root, name).filter(|&v| !stringy(raw, v)) {
            fail(value, &format!("`{name}` as a string"), string_fix(raw, value));
        }
    }
    // A `SubTexture` that is not a list of objects is an `invalid-value` error already.
    let Some(textures) = raw.get(root, key::SUB_TEXTURE).filter(|&t| raw.is_array(t)) else { return };
    for texture in raw.elements(textures).filter(|&t| raw.is_object(t)) {
        if let Some(name) = raw.get(texture, key::NAME).filter(|&v| !stringy(raw, v)) {
            fail(name, "a texture's `name` as a string", string_fix(raw, name));
        }
        // `_getBoolean` reads a number with `GetInt`.
        if let Some(rotated) = raw.get(texture, key::ROTATED)
            && raw.kind(rotated) == NodeKind::Number
            && !fits_integer(raw, rotated, false)
        {
            fail(rotated, "a number `rotated` as a 32-bit integer", "write true or false");
        }
    }
}

/// What `_getString` reads without asserting: a string or a number.
fn stringy(raw: &Raw<'_>, value: NodeId) -> bool {
    matches!(raw.kind(value), NodeKind::String | NodeKind::Number)
}

fn string_fix(raw: &Raw<'_>, value: NodeId) -> &'static str {
    if raw.kind(value) == NodeKind::Null { "remove the key" } else { "write a string" }
}
