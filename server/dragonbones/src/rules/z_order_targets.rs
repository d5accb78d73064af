//! A `zOrder` key frame moving a slot outside the slots, as DragonBonesCPP parses it
//! (`_parseZOrderFrame`, `parser/JSONDataParser.cpp:1306-1367`): it writes the slot's draw
//! position at `zOrders[slotIndex + offset]`, a vector as long as the slots, the sum taken as an
//! `unsigned` (−1 is 4,294,967,295): a place before the first or past the last is written outside
//! the vector. A real export (`503_ske.json`, korge-dragonbones's tests) crashed the harness with
//! a segmentation fault; DragonBonesJS sets a property of its array instead and draws the order it
//! holds, which `index-out-of-range` reports.

use rigls_diagnostic::{Diagnostic, Targets};

use super::targets::{list, load_failure, names_verb};
use crate::eval::raw::Raw;
use crate::model::Model;
use crate::schema::key;
use crate::syntax::NodeId;

/// The first such move of the file (the runtime stops there), as rapidjson reads the file
/// (`raw`). Slot indices that do not ascend are `invalid-value` errors of every runtime.
pub(super) fn first_outside(raw: &Raw<'_>, root: NodeId, model: &Model, concerned: Targets) -> Option<Diagnostic> {
    if concerned.is_empty() {
        return None;
    }
    for armature in list(raw, root, key::ARMATURE) {
        let Some(data) = model.armatures.iter().find(|a| a.node == armature) else { continue };
        let slots = data.slots.len() as i64;
        for animation in list(raw, armature, key::ANIMATION) {
            let Some(timeline) = raw.get(animation, key::Z_ORDER).filter(|&t| raw.is_object(t)) else { continue };
            for frame in list(raw, timeline, key::FRAME) {
                let Some(pairs) = raw.array(frame, key::Z_ORDER) else { continue };
                let items: Vec<NodeId> = raw.elements(pairs).collect();
                let mut previous = -1;
                for pair in items.chunks_exact(2) {
                    let int = |n: NodeId| raw.tree.int(raw.text, n);
                    let (Some(index), Some(offset)) = (int(pair[0]), int(pair[1])) else { break };
                    if index <= previous || index >= slots {
                        break;
                    }
                    previous = index;
                    let at = index + offset;
                    if at < 0 || at >= slots {
                        let message = format!(
                            "{} slot {index}'s draw position at {at}, outside its list of {slots} (`zOrders[slotIndex + offset]`, an unsigned index): the runtime crashes parsing the file; move the slot within 0–{}",
                            names_verb(concerned, "writes", "write"),
                            slots - 1,
                        );
                        return Some(load_failure(raw.tree.range(pair[1]), message));
                    }
                }
            }
        }
    }
    None
}
