//! JSON written by the converters: a value tree that keeps the spelling of values copied from a
//! source text, printed with two-space indentation and arrays of plain values on one line, with
//! the offset where each anchored object starts (to point a source's nodes at the output).

use crate::syntax::{NodeId, NodeKind, Tree};

/// How deep [`Value::copy`] rebuilds containers (DragonBones data nests a few levels).
const COPY_DEPTH: usize = 256;

#[derive(Clone, Debug)]
pub enum Value {
    /// Members in order; the anchors name what the object stands for.
    Object(Vec<(String, Value)>, Vec<NodeId>),
    Array(Vec<Value>),
    /// Text written as it is (a value copied from a source, or a number already spelt).
    Raw(String),
    Str(String),
    /// A number that is NaN or infinite, written `null` (JSON has neither); where it is written
    /// is kept, to tell it from a `null` copied from the source.
    NonFinite,
}

impl Value {
    pub fn object(members: Vec<(String, Value)>) -> Value {
        Value::Object(members, Vec::new())
    }

    pub fn anchored(members: Vec<(String, Value)>, anchors: Vec<NodeId>) -> Value {
        Value::Object(members, anchors)
    }

    pub fn int(v: i64) -> Value {
        Value::Raw(v.to_string())
    }

    pub fn bool(v: bool) -> Value {
        Value::Raw(if v { "true" } else { "false" }.to_owned())
    }

    /// A number stored as a 32-bit float, spelt so that reading it and rounding to 32 bits gives
    /// it back (the shortest such spelling when the shortest 32-bit one does).
    pub fn f32(v: f64) -> Value {
        if v.is_finite() { Value::Raw(f32_text(v)) } else { Value::NonFinite }
    }

    /// A number that must read back as exactly this 64-bit value.
    pub fn f64(v: f64) -> Value {
        if v.is_finite() { Value::Raw(f64_text(v)) } else { Value::NonFinite }
    }

    pub fn f32s(values: impl IntoIterator<Item = f64>) -> Value {
        Value::Array(values.into_iter().map(Value::f32).collect())
    }

    pub fn ints(values: impl IntoIterator<Item = i64>) -> Value {
        Value::Array(values.into_iter().map(Value::int).collect())
    }

    /// A value of `tree` as written in `text` (containers rebuilt, each object anchored to its
    /// node; scalars copied). Containers nested deeper than [`COPY_DEPTH`] are copied as written:
    /// the copy, the writing and the dropping of a value recurse (arrays nested 200,000 deep in
    /// `userData` overflowed the stack).
    pub fn copy(tree: &Tree, text: &str, node: NodeId) -> Value {
        Value::copy_at(tree, text, node, 0)
    }

    fn copy_at(tree: &Tree, text: &str, node: NodeId, depth: usize) -> Value {
        match tree.kind(node) {
            NodeKind::Object | NodeKind::Array if depth >= COPY_DEPTH => {
                Value::Raw(tree.range(node).slice(text).to_owned())
            }
            NodeKind::Object => Value::anchored(
                tree.members(node)
                    .map(|m| (tree.key(text, m.key).into_owned(), Value::copy_at(tree, text, m.value, depth + 1)))
                    .collect(),
                vec![node],
            ),
            NodeKind::Array => {
                Value::Array(tree.elements(node).map(|e| Value::copy_at(tree, text, e, depth + 1)).collect())
            }
            NodeKind::Missing => Value::Raw("null".to_owned()),
            _ => Value::Raw(tree.range(node).slice(text).to_owned()),
        }
    }

    fn is_container(&self) -> bool {
        matches!(self, Value::Object(..) | Value::Array(_))
    }
}

/// A number's shortest spelling that reads back as the same 32-bit float.
pub fn f32_text(v: f64) -> String {
    if !v.is_finite() {
        return "null".to_owned();
    }
    let short = format!("{}", v as f32);
    match short.parse::<f64>() {
        Ok(back) if back as f32 == v as f32 => short,
        _ => f64_text(v),
    }
}

/// A number's shortest spelling that reads back as the same 64-bit float (`null` when it is not
/// finite: JSON has no NaN).
pub fn f64_text(v: f64) -> String {
    if !v.is_finite() {
        return "null".to_owned();
    }
    if v == 0.0 {
        return "0".to_owned();
    }
    format!("{v}")
}

/// The text of `value`, where each anchored object starts in it, and where each
/// [`Value::NonFinite`] is (in order).
pub fn write(value: &Value) -> (String, Vec<(NodeId, u32)>, Vec<u32>) {
    let mut out = Writer { text: String::new(), anchors: Vec::new(), non_finite: Vec::new() };
    out.value(value, 0);
    out.text.push('\n');
    (out.text, out.anchors, out.non_finite)
}

struct Writer {
    text: String,
    anchors: Vec<(NodeId, u32)>,
    non_finite: Vec<u32>,
}

impl Writer {
    fn indent(&mut self, depth: usize) {
        self.text.push('\n');
        for _ in 0..depth {
            self.text.push_str("  ");
        }
    }

    fn value(&mut self, value: &Value, depth: usize) {
        match value {
            Value::Raw(raw) => self.text.push_str(raw),
            Value::NonFinite => {
                self.non_finite.push(self.text.len() as u32);
                self.text.push_str("null");
            }
            Value::Str(s) => self.text.push_str(&serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_owned())),
            Value::Object(members, anchors) => {
                for &a in anchors {
                    self.anchors.push((a, self.text.len() as u32));
                }
                if members.is_empty() {
                    self.text.push_str("{}");
                    return;
                }
                self.text.push('{');
                for (i, (key, v)) in members.iter().enumerate() {
                    if i > 0 {
                        self.text.push(',');
                    }
                    self.indent(depth + 1);
                    self.text.push_str(&serde_json::to_string(key).unwrap_or_else(|_| "\"\"".to_owned()));
                    self.text.push_str(": ");
                    self.value(v, depth + 1);
                }
                self.indent(depth);
                self.text.push('}');
            }
            Value::Array(elements) => {
                if elements.iter().all(|e| !e.is_container()) {
                    self.text.push('[');
                    for (i, e) in elements.iter().enumerate() {
                        if i > 0 {
                            self.text.push_str(", ");
                        }
                        self.value(e, depth);
                    }
                    self.text.push(']');
                    return;
                }
                self.text.push('[');
                for (i, e) in elements.iter().enumerate() {
                    if i > 0 {
                        self.text.push(',');
                    }
                    self.indent(depth + 1);
                    self.value(e, depth + 1);
                }
                self.indent(depth);
                self.text.push(']');
            }
        }
    }
}
