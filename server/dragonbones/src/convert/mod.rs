//! Converting between the JSON and binary forms of a skeleton: [`to_json`] writes a binary's
//! content as a JSON skeleton (the editors' view of a `.dbbin`, and `rigls convert` to JSON), and
//! [`to_binary`] writes a JSON skeleton as a `.dbbin` the runtimes read as they read the JSON.

pub mod json_out;
pub mod to_binary;
pub mod to_json;

use crate::schema::key;
use crate::syntax::{NodeId, Tree};
use json_out::Value;

/// A copy of skin `node` (any value) with each display of each of its slots made by `display`.
fn skin_with(tree: &Tree, text: &str, node: NodeId, display: &mut dyn FnMut(NodeId) -> Value) -> Value {
    if !tree.is_object(node) {
        return Value::copy(tree, text, node);
    }
    let key_of = |m: crate::syntax::Member| tree.key(text, m.key).into_owned();
    let mut members = Vec::new();
    for m in tree.members(node) {
        let value = if key_of(m) == key::SLOT && tree.is_array(m.value) {
            let mut slots = Vec::new();
            for s in tree.elements(m.value) {
                if !tree.is_object(s) {
                    slots.push(Value::copy(tree, text, s));
                    continue;
                }
                let mut slot = Vec::new();
                for sm in tree.members(s) {
                    let v = if key_of(sm) == key::DISPLAY && tree.is_array(sm.value) {
                        Value::Array(tree.elements(sm.value).map(&mut *display).collect())
                    } else {
                        Value::copy(tree, text, sm.value)
                    };
                    slot.push((key_of(sm), v));
                }
                slots.push(Value::anchored(slot, vec![s]));
            }
            Value::Array(slots)
        } else {
            Value::copy(tree, text, m.value)
        };
        members.push((key_of(m), value));
    }
    Value::anchored(members, vec![node])
}

/// The members of object `node`, copied, but those named in `left_out`.
fn members_except(tree: &Tree, text: &str, node: NodeId, left_out: &[&str]) -> Vec<(String, Value)> {
    tree.members(node)
        .map(|m| (tree.key(text, m.key).into_owned(), m.value))
        .filter(|(k, _)| !left_out.contains(&k.as_str()))
        .map(|(k, v)| (k, Value::copy(tree, text, v)))
        .collect()
}
