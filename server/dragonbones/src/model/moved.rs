//! The model of an edited version from the previous version's: what one armature records depends
//! on nothing outside it but the root's data version and every armature's name (see `build`),
//! so an armature the edit left alone records what it recorded before, its nodes and text moved.
//! Only the armatures the reparse parsed again are built anew.

use super::{Animation, Armature, ArmatureSpan, Bone, Def, Display, Model, Ref, Scope, Skin, SkinSlot, Slot};
use crate::syntax::{NodeId, Tree};
use rigls_text::TextRange;

/// How the previous version's tree became this version's, for [`Model::build_after`]: the
/// reparse ([`crate::reparse::reparse`]) parsed `region` of the new text again; the nodes after
/// it moved by the difference in node counts, the text after it by `delta` bytes.
pub struct Moves<'m> {
    pub old: &'m Model,
    pub old_nodes: usize,
    pub region: TextRange,
    pub delta: i64,
}

/// How far one armature's nodes and text moved.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shift {
    nodes: i64,
    text: i64,
}

impl Moves<'_> {
    /// How armature `i` of this version (node `arm` of `tree`) moved from the previous version's
    /// armature `i`, when it is that armature unchanged: wholly before or after the reparsed
    /// region.
    pub(super) fn shift(&self, i: usize, arm: NodeId, tree: &Tree) -> Option<Shift> {
        let old = self.old.armatures.get(i)?;
        self.old.spans.get(i)?;
        let range = tree.range(arm);
        let shift = if range.end <= self.region.start {
            Shift { nodes: 0, text: 0 }
        } else if range.start >= self.region.end {
            Shift { nodes: tree.nodes.len() as i64 - self.old_nodes as i64, text: self.delta }
        } else {
            return None;
        };
        (i64::from(old.node) + shift.nodes == i64::from(arm)).then_some(shift)
    }
}

impl Model {
    /// Appends `old`'s armature `i` moved by `shift`, with its records, as this model's next
    /// armature (which must be its `i`-th too: scopes name armatures by index).
    pub(super) fn push_moved(&mut self, old: &Model, i: usize, shift: Shift) {
        let span = &old.spans[i];
        let slots_by = self.skin_slots.len() as i64 - span.skin_slots.start as i64;
        let node = |n: NodeId| (i64::from(n) + shift.nodes) as NodeId;
        let range = |r: TextRange| {
            TextRange::new((i64::from(r.start) + shift.text) as u32, (i64::from(r.end) + shift.text) as u32)
        };
        let slot_id = |id: u32| (i64::from(id) + slots_by) as u32;
        let scope = |s: Scope| match s {
            Scope::Displays(id) => Scope::Displays(slot_id(id)),
            other => other,
        };
        let a = &old.armatures[i];
        self.armatures.push(Armature {
            node: node(a.node),
            name: a.name.clone(),
            bones: (a.bones.iter())
                .map(|b| Bone { node: node(b.node), name: b.name.clone(), parent: b.parent.map(node) })
                .collect(),
            slots: (a.slots.iter())
                .map(|s| Slot {
                    node: node(s.node),
                    name: s.name.clone(),
                    parent: s.parent.map(node),
                    skin_slot: s.skin_slot.map(slot_id),
                })
                .collect(),
            skins: (a.skins.iter())
                .map(|s| Skin {
                    node: node(s.node),
                    name: s.name.clone(),
                    slots: s.slots.iter().map(|&id| slot_id(id)).collect(),
                })
                .collect(),
            animations: a.animations.iter().map(|x| Animation { node: node(x.node), name: x.name.clone() }).collect(),
            default_skin: a.default_skin,
        });
        let (defs, refs, skin_slots) = (self.defs.len(), self.refs.len(), self.skin_slots.len());
        self.skin_slots.extend(old.skin_slots[span.skin_slots.clone()].iter().map(|s| SkinSlot {
            node: node(s.node),
            armature: s.armature,
            name: s.name.clone(),
            displays:
                (s.displays.iter()).map(|d| Display { node: node(d.node), name: d.name.clone(), ty: d.ty }).collect(),
        }));
        self.defs.extend(old.defs[span.defs.clone()].iter().map(|d| Def {
            name: d.name.clone(),
            range: range(d.range),
            node: node(d.node),
            scope: scope(d.scope),
            group: node(d.group),
            ..*d
        }));
        self.refs.extend(old.refs[span.refs.clone()].iter().map(|r| Ref {
            name: r.name.clone(),
            range: range(r.range),
            node: node(r.node),
            owner: node(r.owner),
            scope: scope(r.scope),
            ..*r
        }));
        self.spans.push(ArmatureSpan {
            defs: defs..self.defs.len(),
            refs: refs..self.refs.len(),
            skin_slots: skin_slots..self.skin_slots.len(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::DocKind;
    use crate::{parser, reparse};
    use rigls_text::TextChange;

    /// Three armatures whose skins list displays that deform timelines, actions and an
    /// armature display refer to.
    fn skeleton(version: &str) -> String {
        let armature = |name: &str, child: &str| {
            format!(
                r#"{{"name": "{name}", "bone": [{{"name": "根"}}, {{"name": "腕", "parent": "根"}}], "slot": [{{"name": "面", "parent": "腕"}}, {{"name": "子", "parent": "根"}}],
 "skin": [{{"name": "", "slot": [{{"name": "面", "display": [{{"name": "網", "type": "mesh", "vertices": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2]}}]}},
  {{"name": "子", "display": [{{"name": "{child}", "type": "armature"}}]}}]}}],
 "animation": [{{"name": "歩", "duration": 2, "frame": [{{"duration": 2, "events": [{{"name": "e", "bone": "腕"}}]}}],
  "ffd": [{{"name": "網", "slot": "面", "frame": [{{"duration": 2, "vertices": [1, 1]}}]}}],
  "slot": [{{"name": "子", "displayFrame": [{{"duration": 2, "actions": [{{"gotoAndPlay": "歩"}}]}}]}}]}}]}}"#
            )
        };
        format!(
            "{{\"name\": \"群\", \"version\": \"{version}\", \"frameRate\": 24, \"armature\": [\n{},\n{},\n{}]}}",
            armature("甲", "乙"),
            armature("乙", "丙"),
            armature("丙", "甲")
        )
    }

    /// The model of `text` with `old` replaced by `new` (its `nth` occurrence), built from the
    /// model of `text` after a reparse, against a fresh build.
    fn check(text: &str, old: &str, nth: usize, new: &str) {
        let at = text.match_indices(old).nth(nth).expect("the text to edit").0;
        let edited = format!("{}{new}{}", &text[..at], &text[at + old.len()..]);
        let (old_tree, change) = (parser::parse(text), TextChange::between(text, &edited));
        let previous = Model::build(text, &old_tree, DocKind::Skeleton);
        let done = reparse::reparse(&old_tree, text, &edited, change).expect("a reparse");
        let moves =
            Moves { old: &previous, old_nodes: old_tree.nodes.len(), region: done.region, delta: change.delta() };
        let after = Model::build_after(&edited, &done.tree, DocKind::Skeleton, &moves);
        let fresh = Model::build(&edited, &parser::parse(&edited), DocKind::Skeleton);
        assert_eq!(after, fresh, "{edited}");
    }

    #[test]
    fn a_model_built_after_an_edit_is_the_fresh_build() {
        for version in ["5.5", "2.3"] {
            let text = skeleton(version);
            let crlf = text.replace('\n', "\r\n");
            for text in [&text, &crlf] {
                // A digit in each armature.
                for nth in 0..3 {
                    check(text, "[1, 1]", nth, "[1, 2]");
                }
                // A skin slot more in the first armature: the later ones' display lists are
                // numbered one further on.
                check(text, r#"{"name": "子", "display""#, 0, r#"{"name": "新"}, {"name": "子", "display""#);
                // A bone fewer in the second; a longer name in the last (its nodes and text move).
                check(text, r#", {"name": "腕", "parent": "根"}"#, 1, "");
                check(text, r#""name": "網", "slot""#, 2, r#""name": "網網", "slot""#);
                // An armature renamed: every armature is built again (others refer to it).
                check(text, r#""name": "乙", "bone""#, 0, r#""name": "乙乙", "bone""#);
            }
        }
    }
}
