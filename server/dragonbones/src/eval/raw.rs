//! Reading raw JSON values the way the runtime's parser does: `key in rawData` presence, and the
//! coercions of `_getNumber` (`+value || 0`), `_getBoolean` and `_getString` (`String(value)`).
//! Values that the runtime reads without coercion (array elements used in arithmetic) follow
//! JavaScript's `ToNumber`, so a missing element is NaN.
//!
//! Read [`Raw::as_rapidjson`], as the C++ runtime reads its JSON with rapidjson: the first of
//! duplicate keys (`FindMember`), and a number key that holds no number reads its default
//! (`_getNumber(…, float)` checks `IsNumber()`; `parser/JSONDataParser.h:26-104`). Read
//! [`Raw::as_float32`], numbers are rounded to the 32-bit floats the C++ runtime keeps them in
//! (past ±3.4e38: infinite).

use crate::eval::geom::to_f32;
use crate::model::js_number;
use crate::syntax::{Member, NodeId, NodeKind, Tree};
use rigls_text::{FastMap, FastSet};

#[derive(Clone, Copy)]
pub struct Raw<'a> {
    pub tree: &'a Tree,
    pub text: &'a str,
    rapidjson: bool,
    float32: bool,
    /// The objects that give a key twice, when known.
    given_twice: Option<&'a FastSet<NodeId>>,
}

impl<'a> Raw<'a> {
    pub fn new(tree: &'a Tree, text: &'a str) -> Raw<'a> {
        Raw { tree, text, rapidjson: false, float32: false, given_twice: None }
    }

    /// The same values read as the C++ runtime reads them (see the module's documentation).
    pub fn as_rapidjson(self) -> Raw<'a> {
        Raw { rapidjson: true, ..self }
    }

    /// Whether values are read as the C++ runtime reads them ([`Raw::as_rapidjson`]).
    pub fn is_rapidjson(&self) -> bool {
        self.rapidjson
    }

    /// The same values as 32-bit floats (see the module's documentation).
    pub fn as_float32(self) -> Raw<'a> {
        Raw { float32: true, ..self }
    }

    fn stored(&self, n: f64) -> f64 {
        if self.float32 { to_f32(n) } else { n }
    }

    pub fn kind(&self, node: NodeId) -> NodeKind {
        self.tree.kind(node)
    }

    pub fn is_object(&self, node: NodeId) -> bool {
        self.tree.is_object(node)
    }

    pub fn is_array(&self, node: NodeId) -> bool {
        self.tree.is_array(node)
    }

    /// The value of `key` in an object (`key in rawData`; nothing for other values).
    pub fn get(&self, object: NodeId, key: &str) -> Option<NodeId> {
        let [value] = self.get_all(object, [key]);
        value
    }

    /// [`Raw::get`] of several keys, reading the object's members once.
    pub fn get_all<const N: usize>(&self, object: NodeId, keys: [&str; N]) -> [Option<NodeId>; N] {
        let mut found = [None; N];
        if !self.tree.is_object(object) {
            return found;
        }
        for member in self.tree.members(object) {
            // Each member's key read once, whatever the number of keys looked for.
            let found_at = match self.tree.plain_key(self.text, member.key) {
                Some(bytes) => keys.iter().position(|key| key.as_bytes() == bytes),
                None => {
                    let written = self.tree.key(self.text, member.key);
                    keys.iter().position(|&key| key == written)
                }
            };
            // The last member of a key is its value (`JSON.parse`); rapidjson finds the first.
            if let Some(k) = found_at
                && !(self.rapidjson && found[k].is_some())
            {
                found[k] = Some(member.value);
            }
        }
        found.map(|v| v.filter(|&v| self.tree.kind(v) != NodeKind::Missing))
    }

    /// The same reading, told which objects give a key twice ([`Raw::objects_giving_a_key_twice`]):
    /// [`Raw::read_members`] then looks into those only.
    pub fn knowing_keys_given_twice(self, objects: &'a FastSet<NodeId>) -> Raw<'a> {
        Raw { given_twice: Some(objects), ..self }
    }

    /// The objects at or below `node` that give a key twice, in one walk.
    pub fn objects_giving_a_key_twice(&self, node: NodeId) -> FastSet<NodeId> {
        let mut found = FastSet::default();
        let mut stack = vec![node];
        while let Some(node) = stack.pop() {
            if self.tree.is_object(node) {
                if !self.shadowed_members(node).is_empty() {
                    found.insert(node);
                }
                stack.extend(self.tree.members(node).map(|m| m.value).filter(|&v| self.is_container(v)));
            } else {
                stack.extend(self.tree.elements(node).filter(|&v| self.is_container(v)));
            }
        }
        found
    }

    fn is_container(&self, node: NodeId) -> bool {
        matches!(self.tree.kind(node), NodeKind::Object | NodeKind::Array)
    }

    /// The members of `object` the runtime reads, in order: of a key given twice, the last
    /// (`JSON.parse`) or, read as rapidjson, the first (`FindMember`). Nothing for other values.
    pub fn read_members(&self, object: NodeId) -> impl Iterator<Item = Member> + 'a {
        let shadowed = match self.given_twice {
            Some(objects) if objects.is_empty() || !objects.contains(&object) => Vec::new(),
            _ => self.shadowed_members(object),
        };
        self.tree.members(object).filter(move |m| !shadowed.contains(&m.key))
    }

    /// The keys of the members of `object` the runtime does not read ([`Raw::read_members`]).
    fn shadowed_members(&self, object: NodeId) -> Vec<NodeId> {
        let tree = self.tree;
        // Keys as written first: most objects give no key twice, even with escapes undone.
        let written = |m: &Member| tree.range(m.key).slice(self.text);
        let escaped = |m: &Member| tree.node(m.key).has(crate::syntax::flag::ESCAPES);
        let mut few: [&str; 16] = [""; 16];
        let mut count = 0;
        let mut many: FastSet<&str> = FastSet::default();
        let mut repeated = false;
        for m in tree.members(object) {
            let key = written(&m);
            repeated = escaped(&m) || if count < few.len() { few[..count].contains(&key) } else { !many.insert(key) };
            if repeated {
                break;
            }
            if count < few.len() {
                few[count] = key;
                count += 1;
                if count == few.len() {
                    many.extend(few);
                }
            }
        }
        if !repeated {
            return Vec::new();
        }
        let members: Vec<Member> = tree.members(object).collect();
        let keys: Vec<std::borrow::Cow<'a, str>> = members.iter().map(|m| tree.key(self.text, m.key)).collect();
        let mut read: FastMap<&str, usize> = FastMap::default();
        for (i, key) in keys.iter().enumerate() {
            let entry = read.entry(key.as_ref()).or_insert(i);
            if !self.rapidjson {
                *entry = i;
            }
        }
        (0..members.len()).filter(|&i| read[keys[i].as_ref()] != i).map(|i| members[i].key).collect()
    }

    /// [`Raw::number`] of a value [`Raw::get_all`] found.
    pub fn number_of(&self, value: Option<NodeId>, default: f64) -> f64 {
        match value {
            None => default,
            Some(v) => match self.tree.kind(v) {
                NodeKind::Null => default,
                kind if self.rapidjson && kind != NodeKind::Number => default,
                NodeKind::String if self.tree.str(self.text, v).as_deref() == Some("NaN") => default,
                _ => {
                    let n = self.stored(self.to_number(v));
                    if n.is_nan() || n == 0.0 { 0.0 } else { n }
                }
            },
        }
    }

    pub fn has(&self, object: NodeId, key: &str) -> bool {
        self.get(object, key).is_some()
    }

    /// The array under `key`, if it is one.
    pub fn array(&self, object: NodeId, key: &str) -> Option<NodeId> {
        self.get(object, key).filter(|&v| self.tree.is_array(v))
    }

    pub fn elements(&self, array: NodeId) -> impl Iterator<Item = NodeId> + 'a {
        self.tree.elements(array)
    }

    /// `_getNumber`: absent, `null` or `"NaN"` → `default`; otherwise `+value || 0` (rapidjson:
    /// anything but a number → `default`).
    pub fn number(&self, object: NodeId, key: &str, default: f64) -> f64 {
        self.number_of(self.get(object, key), default)
    }

    /// `_getBoolean`.
    pub fn boolean(&self, object: NodeId, key: &str, default: bool) -> bool {
        let Some(v) = self.get(object, key) else { return default };
        match self.tree.kind(v) {
            NodeKind::True => true,
            NodeKind::False | NodeKind::Null | NodeKind::Invalid => false,
            NodeKind::String => !matches!(
                self.tree.str(self.text, v).as_deref(),
                Some("0" | "NaN" | "" | "false" | "null" | "undefined")
            ),
            NodeKind::Number => {
                let n = self.to_number(v);
                n != 0.0 && !n.is_nan()
            }
            _ => true,
        }
    }

    /// `_getString`: a string as is, anything else `String()`-ed.
    pub fn string(&self, object: NodeId, key: &str, default: &str) -> String {
        match self.get(object, key) {
            None => default.to_owned(),
            Some(v) => self.to_js_string(v),
        }
    }

    /// JavaScript's `String(value)`.
    pub fn to_js_string(&self, v: NodeId) -> String {
        match self.tree.kind(v) {
            NodeKind::String => self.tree.str(self.text, v).map(|s| s.into_owned()).unwrap_or_default(),
            NodeKind::Number => js_number(self.to_number(v)),
            NodeKind::True => "true".to_owned(),
            NodeKind::False => "false".to_owned(),
            NodeKind::Null => "null".to_owned(),
            NodeKind::Object => "[object Object]".to_owned(),
            NodeKind::Array => self.elements(v).map(|e| self.to_js_string(e)).collect::<Vec<_>>().join(","),
            _ => "undefined".to_owned(),
        }
    }

    /// JavaScript's `ToNumber` of a value (`+value`).
    pub fn to_number(&self, v: NodeId) -> f64 {
        match self.tree.kind(v) {
            NodeKind::Number => self.tree.number(self.text, v).unwrap_or(f64::NAN),
            NodeKind::String => string_to_number(&self.tree.str(self.text, v).unwrap_or_default()),
            NodeKind::True => 1.0,
            NodeKind::False | NodeKind::Null => 0.0,
            NodeKind::Array => {
                let mut elements = self.elements(v);
                match (elements.next(), elements.next()) {
                    (None, _) => 0.0,
                    (Some(only), None) => string_to_number(&self.to_js_string(only)),
                    _ => f64::NAN,
                }
            }
            _ => f64::NAN,
        }
    }

    /// The elements of an array as numbers (`ToNumber` each).
    pub fn numbers(&self, array: NodeId) -> Vec<f64> {
        let mut out = Vec::new();
        self.numbers_into(array, &mut out);
        out
    }

    /// [`Raw::numbers`] into `out`, replacing what it held.
    pub fn numbers_into(&self, array: NodeId, out: &mut Vec<f64>) {
        out.clear();
        // Room for the array's nodes: its elements when they are numbers (deform frames hold
        // most of a skeleton's numbers), at most that many otherwise.
        out.reserve(if self.is_array(array) { self.tree.below(array).len() } else { 0 });
        out.extend(self.elements(array).map(|e| match self.tree.number(self.text, e) {
            Some(n) => self.stored(n),
            None => self.stored(self.to_number(e)),
        }));
    }

    /// The array under `key` as numbers, if it is an array.
    pub fn numbers_at(&self, object: NodeId, key: &str) -> Option<Vec<f64>> {
        self.array(object, key).map(|a| self.numbers(a))
    }
}

/// JavaScript's `Number(string)`: trimmed; empty is 0; decimal, `Infinity` or hex; else NaN.
pub fn string_to_number(s: &str) -> f64 {
    let t = s.trim();
    if t.is_empty() {
        return 0.0;
    }
    match t {
        "Infinity" | "+Infinity" => return f64::INFINITY,
        "-Infinity" => return f64::NEG_INFINITY,
        _ => {}
    }
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        return u64::from_str_radix(hex, 16).map(|v| v as f64).unwrap_or(f64::NAN);
    }
    // Rust accepts "inf"/"nan" spellings that JavaScript does not.
    if t.bytes().any(|b| b.is_ascii_alphabetic() && b != b'e' && b != b'E') {
        return f64::NAN;
    }
    rigls_text::lexing::parse_f64(t).unwrap_or(f64::NAN)
}

/// Array element `i` as a number, NaN past the end (`undefined` in arithmetic).
pub fn at(values: &[f64], i: usize) -> f64 {
    values.get(i).copied().unwrap_or(f64::NAN)
}

#[cfg(test)]
mod tests {
    use super::Raw;
    use crate::parser::parse;

    /// The values of the root's members `read_members` gives, as written.
    fn read(text: &str, rapidjson: bool) -> Vec<String> {
        let tree = parse(text);
        let raw = Raw::new(&tree, text);
        let raw = if rapidjson { raw.as_rapidjson() } else { raw };
        let root = tree.root().unwrap();
        raw.read_members(root).map(|m| tree.range(m.value).slice(text).to_owned()).collect()
    }

    #[test]
    fn of_a_key_given_twice_json_parse_reads_the_last_and_rapidjson_the_first() {
        let text = r#"{"x": 1, "y": 2, "x": 3, "\u0079": 4, "z": 5}"#;
        assert_eq!(read(text, false), ["3", "4", "5"]);
        assert_eq!(read(text, true), ["1", "2", "5"]);
        // Past the 16 keys compared in a list.
        let keys: Vec<String> = (0..20).map(|i| format!("\"k{i}\": {i}")).collect();
        let text = format!("{{{}, \"k18\": 99, \"k3\": 98}}", keys.join(", "));
        assert_eq!(read(&text, false).len(), 20);
        assert!(read(&text, false).contains(&"99".to_owned()) && !read(&text, false).contains(&"18".to_owned()));
        assert!(read(&text, true).contains(&"18".to_owned()) && !read(&text, true).contains(&"98".to_owned()));
    }

    #[test]
    fn the_objects_giving_a_key_twice_are_found_at_any_depth() {
        let text = r#"{"a": [{"b": {"c": 1, "c": 2}}, {"d": 1}], "e": {"f": 1}}"#;
        let tree = parse(text);
        let raw = Raw::new(&tree, text);
        let found = raw.objects_giving_a_key_twice(tree.root().unwrap());
        let shown: Vec<&str> = found.iter().map(|&o| tree.range(o).slice(text)).collect();
        assert_eq!(shown, [r#"{"c": 1, "c": 2}"#]);
        // Told which objects those are, it looks into those only.
        let inner = *found.iter().next().unwrap();
        assert_eq!(raw.knowing_keys_given_twice(&found).read_members(inner).count(), 1);
        let none = Default::default();
        assert_eq!(raw.knowing_keys_given_twice(&none).read_members(inner).count(), 2);
    }
}
