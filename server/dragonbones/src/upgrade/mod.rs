//! `rigls upgrade`: a skeleton of data version 2.3–5.6 rewritten as 5.5 data
//! (`compatibleVersion` 5.5), posing as the runtime posed the original
//! (`docs/formats/dragonbones-upgrade.md` says what changes for each version and why).
//!
//! The output keeps the input's names, order, unknown keys, number spellings and layout: what
//! does not change is copied from the input's text ([`doc::Value::Source`]), what does is built
//! anew and written in the input's style ([`write::Style`]).

pub mod actions;
pub mod doc;
pub mod legacy;
pub mod notes;
pub mod v4;
pub mod v56;
pub mod write;

use doc::{Input, Member, Value};
pub use notes::{Note, Notes, Severity};

use crate::atlas::PairedAtlas;
use crate::model::{DocKind, Model};
use crate::schema::{Version, key};
use crate::syntax::{NodeKind, Tree};

/// The data version upgrades write.
pub const TARGET: Version = Version::V5_5;

#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Write even when features of the input are lost (a 5.6 file's).
    pub force: bool,
}

/// What an upgrade did.
#[derive(Debug)]
pub enum Outcome {
    /// The 5.5 text.
    Upgraded { text: String, from: Version, notes: Vec<Note> },
    /// The file is 5.5 already, with nothing of an older layout in it.
    Current,
    /// Not upgraded: features the target lacks would be lost (without [`Options::force`]), or
    /// the version is none rigls knows.
    Refused { reason: String, notes: Vec<Note> },
    /// Not upgradable: not a skeleton, or its JSON is broken.
    Unreadable(String),
}

/// Upgrades the skeleton parsed from `text` into `tree` and `model` to [`TARGET`]; 2.3 data
/// places its images with the texture sizes of `atlases` (`DragonBonesFile::upgrade`).
pub fn upgrade(text: &str, tree: &Tree, model: &Model, atlases: &[PairedAtlas], options: Options) -> Outcome {
    if model.doc != DocKind::Skeleton {
        return Outcome::Unreadable("it is a texture atlas, not a skeleton".to_owned());
    }
    match tree.errors.len() {
        0 => {}
        1 => return Outcome::Unreadable("it has a syntax error; fix it first".to_owned()),
        n => return Outcome::Unreadable(format!("it has {n} syntax errors; fix them first")),
    }
    let Some(root) = tree.root() else { return Outcome::Unreadable("it is empty".to_owned()) };
    let input = Input { tree, text };
    let Some(version) = &model.version else {
        return Outcome::Refused { reason: "it has no `version`".to_owned(), notes: Vec::new() };
    };
    // A number that runtimes `String()` into no version (`4.0` → "4") still says which it is.
    let from = match version.parsed.or_else(|| Version::parse(&version.text)) {
        Some(v) => v,
        None => {
            let reason = format!("its data version `{}` is none rigls knows (2.3–5.6)", version.text);
            return Outcome::Refused { reason, notes: Vec::new() };
        }
    };
    let mut notes = Notes::default();
    let armatures = input.get(root, key::ARMATURE).filter(|&a| input.tree.is_array(a));
    let mut dropped: &[&str] = &[];
    let (new_armatures, changed) = match from {
        Version::V2_3 | Version::V3_0 => {
            let global = input.raw().boolean(root, key::IS_GLOBAL, true);
            let mut legacy = legacy::Legacy { input, atlases, notes: &mut notes, global };
            // The output is parent-relative: `isGlobal` would say otherwise.
            dropped = &[key::IS_GLOBAL];
            (armatures.map(|a| legacy.armatures(a)), true)
        }
        Version::V5_6 => return from_5_6(&input, root, &mut notes, options),
        _ => {
            let mut upgrader = v4::Upgrader { input, notes: &mut notes, changed: false };
            let list = armatures.and_then(|a| upgrader.armatures(a));
            let changed = upgrader.changed;
            (list, changed)
        }
    };
    let (root_value, versions_changed) = root_with_versions(&input, root, armatures, new_armatures, dropped);
    if !changed && !versions_changed {
        return Outcome::Current;
    }
    let style = write::Style::detect(&input);
    let text = write::write(&input, &style, &root_value);
    Outcome::Upgraded { text, from, notes: notes.list }
}

/// 5.6 data rewritten for 5.5 runtimes ([`v56`]), then upgraded as 5.5 data; refused when a
/// feature would be lost and `force` is not set.
fn from_5_6(input: &Input<'_>, root: crate::syntax::NodeId, notes: &mut Notes, options: Options) -> Outcome {
    let value = v56::Down { input: *input, notes }.root(root);
    let lost = notes.list.iter().filter(|n| n.severity == Severity::Lost).count();
    if lost > 0 && !options.force {
        let reason = match lost {
            1 => "1 feature of 5.6 that 5.5 lacks would be lost".to_owned(),
            n => format!("{n} features of 5.6 that 5.5 lacks would be lost"),
        };
        return Outcome::Refused { reason, notes: std::mem::take(&mut notes.list) };
    }
    let text = write::write(input, &write::Style::detect(input), &value);
    let tree = crate::parser::parse(&text);
    let Some(doc) = crate::model::classify(&tree, &text) else {
        return Outcome::Unreadable("the 5.6 rewrite is no skeleton".to_owned());
    };
    let model = Model::build(&text, &tree, doc);
    let mut notes = std::mem::take(&mut notes.list);
    match upgrade(&text, &tree, &model, &[], options) {
        Outcome::Upgraded { text, notes: more, .. } => {
            notes.extend(more);
            Outcome::Upgraded { text, from: Version::V5_6, notes }
        }
        Outcome::Current => Outcome::Upgraded { text, from: Version::V5_6, notes },
        other => other,
    }
}

/// The root with `version` and `compatibleVersion` set to the target (the latter added after the
/// former when missing) and the armature list replaced; whether the versions changed.
fn root_with_versions<'t>(
    input: &Input<'t>,
    root: crate::syntax::NodeId,
    armatures: Option<crate::syntax::NodeId>,
    new_armatures: Option<Value<'t>>,
    dropped: &[&str],
) -> (Value<'t>, bool) {
    let target = || Value::str(TARGET.as_str());
    let is_target = |node| input.kind(node) == NodeKind::String && input.str(node).as_deref() == Some(TARGET.as_str());
    let mut changed = false;
    let has_compatible = input.get(root, key::COMPATIBLE_VERSION).is_some();
    let mut new_armatures = new_armatures;
    let value = input.rebuild_object(root, |name, member| {
        let key = doc::Key::Source(member.key);
        if name == key::VERSION || name == key::COMPATIBLE_VERSION {
            let mut out = Vec::new();
            if is_target(member.value) {
                out.push(Member::source(member));
            } else {
                changed = true;
                out.push(Member { key, value: target() });
            }
            if name == key::VERSION && !has_compatible && input.is_kept(root, member) {
                changed = true;
                out.push(Member::new(key::COMPATIBLE_VERSION, target()));
            }
            return Some(out);
        }
        if dropped.contains(&name) {
            return Some(Vec::new());
        }
        if name == key::ARMATURE && Some(member.value) == armatures {
            return new_armatures.take().map(|value| vec![Member { key, value }]);
        }
        None
    });
    (value, changed)
}
