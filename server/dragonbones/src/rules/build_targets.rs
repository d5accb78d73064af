//! The target rules of building an armature: what DragonBonesCPP's `buildArmature` asserts on
//! after the file has loaded.

use rigls_diagnostic::{Diagnostic, Targets};
use rigls_text::{FastMap, FastSet, TextRange};

use super::targets::{load_failure, names_verb};
use crate::model::{Model, Site};
use crate::schema::DisplayType;
use crate::syntax::Tree;

/// An armature display naming no armature of the file, among those the C++ runtime builds: it
/// builds each display of an armature's first skin (its `defaultSkin`, `ArmatureData::addSkin`;
/// DragonBonesJS prefers one named "default") for the armature's slots
/// (`BaseFactory::_buildSlots`), and builds a child armature with `buildArmature`, which asserts
/// that the file defines it (`factory/BaseFactory.cpp:188-191, 448-455`). Another loaded file is
/// searched only with `autoSearch` on. Displays of other skins are not built.
pub(super) fn unknown_child_armatures(tree: &Tree, model: &Model, concerned: Targets, out: &mut Vec<Diagnostic>) {
    let defined: FastSet<&str> = model.armatures.iter().map(|a| a.name.as_str()).collect();
    // Each child armature display built, with the armature building it.
    let mut built = FastMap::default();
    for armature in &model.armatures {
        let Some(first) = armature.skins.first() else { continue };
        let slots: FastSet<&str> = armature.slots.iter().map(|s| s.name.as_str()).collect();
        for &list in &first.slots {
            let list = &model.skin_slots[list as usize];
            if !slots.contains(list.name.as_str()) {
                continue;
            }
            let children = list.displays.iter().filter(|d| d.ty == Some(DisplayType::Armature));
            built.extend(children.map(|d| (d.node, armature.name.as_str())));
        }
    }
    if built.is_empty() {
        return;
    }
    let mut found: Vec<(TextRange, String, &str)> = Vec::new();
    for r in model.refs.iter().filter(|r| r.site == Site::ArmatureDisplay) {
        let Some(armature) = built.remove(&r.owner) else { continue };
        if !defined.contains(r.name.as_str()) {
            found.push((r.range, format!("`{}`", r.name), armature));
        }
    }
    // What is left names no armature (no `path` or `name`): the armature "", at its first member.
    for (display, armature) in built {
        let range = tree.members(display).next().map_or(tree.range(display), |m| tree.member_range(m));
        found.push((range, "\"\"".to_owned(), armature));
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
