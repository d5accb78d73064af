//! The target rules of building an armature: what DragonBonesCPP's `buildArmature` asserts on
//! after the file has loaded.

use rigls_diagnostic::{Diagnostic, Targets};
use rigls_text::{FastSet, TextRange};

use super::targets::{load_failure, names_verb};
use crate::eval::parse::{display_path, display_type};
use crate::eval::raw::Raw;
use crate::model::Model;
use crate::schema::key;

/// An armature display naming no armature of the file, among those the C++ runtime builds: it
/// builds each display of an armature's first skin (its `defaultSkin`, `ArmatureData::addSkin`;
/// DragonBonesJS prefers one named "default") for the armature's slots
/// (`BaseFactory::_buildSlots`), and builds a child armature with `buildArmature`, which asserts
/// that the file defines it (`factory/BaseFactory.cpp:188-191, 448-455`). Another loaded file is
/// searched only with `autoSearch` on. Displays of other skins are not built. A display's type
/// and name are read as rapidjson reads them (`raw`): the first of a key given twice.
pub(super) fn unknown_child_armatures(raw: &Raw<'_>, model: &Model, concerned: Targets, out: &mut Vec<Diagnostic>) {
    let defined: FastSet<&str> = model.armatures.iter().map(|a| a.name.as_str()).collect();
    let mut found: Vec<(TextRange, String, &str)> = Vec::new();
    for armature in &model.armatures {
        let Some(first) = armature.skins.first() else { continue };
        let slots: FastSet<&str> = armature.slots.iter().map(|s| s.name.as_str()).collect();
        for &list in &first.slots {
            let list = &model.skin_slots[list as usize];
            if !slots.contains(list.name.as_str()) {
                continue;
            }
            for display in list.displays.iter().filter(|d| raw.is_object(d.node)) {
                if display_type(*raw, display.node) != 1.0 {
                    continue;
                }
                let name = display_path(*raw, display.node);
                if defined.contains(name.as_str()) {
                    continue;
                }
                // At the name, else (none given: the armature "") at the display's first member.
                let tree = raw.tree;
                let path = raw.get(display.node, key::PATH).filter(|&p| !raw.to_js_string(p).is_empty());
                let range = match path.or_else(|| raw.get(display.node, key::NAME)) {
                    Some(value) => tree.range(value),
                    None => {
                        tree.members(display.node).next().map_or(tree.range(display.node), |m| tree.member_range(m))
                    }
                };
                let shown = if name.is_empty() { "\"\"".to_owned() } else { format!("`{name}`") };
                found.push((range, shown, armature.name.as_str()));
            }
        }
    }
    found.sort_by_key(|(range, _, _)| range.start);
    for (range, name, armature) in found {
        let message = format!(
            "{} this child armature with `buildArmature`, which asserts that this file defines armature {name}: a debug build aborts while building armature `{armature}` (a release build shows nothing; another loaded file is searched only with `autoSearch` on); name an armature of this file",
            names_verb(concerned, "builds", "build"),
        );
        out.push(load_failure(range, message));
    }
}
