//! Writing the upgraded document in the input's style: minified stays on one line, an indented
//! file keeps its indentation unit, line ends, `": "` or `":"`, arrays of objects opened as `[{`
//! or on their own lines, arrays of numbers on one line or one number per line. Copied subtrees
//! keep their own spelling byte for byte.

use super::doc::{Input, Key, Member, Value};
use crate::syntax::{NodeId, NodeKind};

/// How the input is laid out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Style {
    /// Everything on one line.
    pub minified: bool,
    pub newline: &'static str,
    /// One level of indentation.
    pub unit: String,
    /// Between a key and its value (`":"`, `": "`).
    pub colon: String,
    /// Between the elements of a container written on one line (`","`, `", "`).
    pub comma: String,
    /// An array of objects opens as `[{` and separates them by `}, {`.
    pub compact: bool,
    /// Arrays of numbers and strings on one line.
    pub inline_scalars: bool,
}

impl Style {
    /// The style of `input`'s text.
    pub fn detect(input: &Input<'_>) -> Style {
        let (tree, text) = (input.tree, input.text);
        let root = tree.root().map(|r| tree.range(r).as_usize()).unwrap_or(0..0);
        let body = &text[root.clone()];
        let minified = !body.contains('\n');
        let newline = match text.find('\n') {
            Some(i) if i > 0 && text.as_bytes()[i - 1] == b'\r' => "\r\n",
            _ => "\n",
        };
        let unit = body
            .split('\n')
            .skip(1)
            .take(400)
            .map(|line| &line[..line.len() - line.trim_start_matches([' ', '\t']).len()])
            .filter(|w| !w.is_empty())
            .min_by_key(|w| w.len())
            .unwrap_or("  ")
            .to_owned();
        let mut style = Style {
            minified,
            newline,
            unit,
            colon: if minified { ":".to_owned() } else { ": ".to_owned() },
            comma: ",".to_owned(),
            compact: false,
            inline_scalars: false,
        };
        let gap = |a: usize, b: usize| text.get(a..b).unwrap_or("");
        let (mut colon, mut comma, mut compact, mut inline) = (false, false, false, false);
        for (id, node) in tree.nodes.iter().enumerate() {
            if colon && comma && compact && inline {
                break;
            }
            let id = id as NodeId;
            match node.kind() {
                NodeKind::Member if !colon => {
                    let between = gap(node.range().end as usize, tree.range(id + 1).start as usize);
                    if between.trim() == ":" {
                        style.colon = between.trim_matches(['\r', '\n']).to_owned();
                        colon = true;
                    }
                }
                NodeKind::Array | NodeKind::Object => {
                    let mut children = tree.children(id);
                    let (Some(first), second) = (children.next(), children.next()) else { continue };
                    let first_value = if node.kind() == NodeKind::Object { first + 1 } else { first };
                    let opening = gap(node.range().start as usize + 1, tree.range(first).start as usize);
                    let container = matches!(tree.kind(first_value), NodeKind::Object | NodeKind::Array);
                    if node.kind() == NodeKind::Array && container && !compact {
                        style.compact = !opening.contains('\n');
                        compact = true;
                    }
                    if node.kind() == NodeKind::Array && !container && !inline {
                        style.inline_scalars = !opening.contains('\n');
                        inline = true;
                    }
                    let one_line =
                        minified || (node.kind() == NodeKind::Array && !container && !opening.contains('\n'));
                    if let (Some(second), true, false) = (second, one_line, comma) {
                        let between = gap(tree.full_range(first).end as usize, tree.range(second).start as usize);
                        if between.trim() == "," && !between.contains('\n') {
                            style.comma = between.to_owned();
                            comma = true;
                        }
                    }
                }
                _ => {}
            }
        }
        style
    }
}

/// The text of the output: what preceded and followed the input's root value (a BOM, a final
/// line end) around `root` written in `style`.
pub fn write(input: &Input<'_>, style: &Style, root: &Value<'_>) -> String {
    let range = input.tree.root().map(|r| input.tree.range(r).as_usize()).unwrap_or(0..0);
    let mut writer = Writer { input, style, out: String::with_capacity(input.text.len() + input.text.len() / 4) };
    writer.out.push_str(&input.text[..range.start]);
    writer.value(root, "");
    writer.out.push_str(&input.text[range.end..]);
    writer.out
}

struct Writer<'a, 't> {
    input: &'a Input<'t>,
    style: &'a Style,
    out: String,
}

impl Writer<'_, '_> {
    /// Writes `value` starting on a line indented by `indent`.
    fn value(&mut self, value: &Value<'_>, indent: &str) {
        match value {
            Value::Source(node) => self.source(*node, indent),
            Value::Object(members) => self.object(members, indent),
            Value::Array(elements) => self.array(elements, indent),
            Value::Number(n) => self.out.push_str(&number(*n)),
            Value::String(s) => escape_into(&mut self.out, s),
            Value::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            Value::Null => self.out.push_str("null"),
        }
    }

    fn line(&mut self, indent: &str) {
        self.out.push_str(self.style.newline);
        self.out.push_str(indent);
    }

    fn object(&mut self, members: &[Member<'_>], indent: &str) {
        if members.is_empty() {
            self.out.push_str("{}");
            return;
        }
        self.out.push('{');
        let inner = format!("{indent}{}", self.style.unit);
        for (i, member) in members.iter().enumerate() {
            if i > 0 {
                self.out.push(',');
                if self.style.minified {
                    self.out.push_str(&self.style.comma[1..]);
                }
            }
            if !self.style.minified {
                self.line(&inner);
            }
            match &member.key {
                Key::Source(node) => {
                    let range = self.input.tree.range(*node).as_usize();
                    self.out.push_str(&self.input.text[range]);
                }
                Key::New(key) => escape_into(&mut self.out, key),
            }
            self.out.push_str(&self.style.colon);
            self.value(&member.value, &inner);
        }
        if !self.style.minified {
            self.line(indent);
        }
        self.out.push('}');
    }

    fn array(&mut self, elements: &[Value<'_>], indent: &str) {
        if elements.is_empty() {
            self.out.push_str("[]");
            return;
        }
        let containers = self.is_container(&elements[0]);
        if self.style.minified || (!containers && self.style.inline_scalars) {
            self.out.push('[');
            for (i, element) in elements.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(&self.style.comma);
                }
                self.value(element, indent);
            }
            self.out.push(']');
            return;
        }
        if containers && self.style.compact {
            // `[{` … `}, {` … `}]`: the elements share the array's line.
            self.out.push('[');
            for (i, element) in elements.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.value(element, indent);
            }
            self.out.push(']');
            return;
        }
        self.out.push('[');
        let inner = format!("{indent}{}", self.style.unit);
        for (i, element) in elements.iter().enumerate() {
            if i > 0 {
                self.out.push(',');
            }
            self.line(&inner);
            self.value(element, &inner);
        }
        self.line(indent);
        self.out.push(']');
    }

    fn is_container(&self, value: &Value<'_>) -> bool {
        match value {
            Value::Object(_) | Value::Array(_) => true,
            Value::Source(node) => matches!(self.input.tree.kind(*node), NodeKind::Object | NodeKind::Array),
            _ => false,
        }
    }

    /// A subtree of the input as written, its lines moved from the indentation of the line it
    /// started on to `indent`.
    fn source(&mut self, node: NodeId, indent: &str) {
        let text = self.input.text;
        let range = self.input.tree.range(node).as_usize();
        let slice = &text[range.clone()];
        if !slice.contains('\n') {
            self.out.push_str(slice);
            return;
        }
        let line_start = text[..range.start].rfind('\n').map_or(0, |i| i + 1);
        let line = &text[line_start..range.start];
        let was = &line[..line.len() - line.trim_start_matches(['\u{feff}', ' ', '\t']).len()];
        let was = was.trim_start_matches('\u{feff}');
        if was == indent {
            self.out.push_str(slice);
            return;
        }
        let mut lines = slice.split('\n');
        if let Some(first) = lines.next() {
            self.out.push_str(first);
        }
        for line in lines {
            self.out.push('\n');
            match line.strip_prefix(was) {
                Some(rest) => {
                    self.out.push_str(indent);
                    self.out.push_str(rest);
                }
                None => self.out.push_str(line),
            }
        }
    }
}

/// A computed number: the shortest decimal that reads back to the same `f64` (JavaScript's
/// choice of exponent notation for very large and very small magnitudes); not finite → `null`
/// (as `JSON.stringify` writes it).
pub fn number(n: f64) -> String {
    if !n.is_finite() {
        return "null".to_owned();
    }
    if n == 0.0 {
        return "0".to_owned();
    }
    let magnitude = n.abs();
    if (1e-7..1e21).contains(&magnitude) { format!("{n}") } else { format!("{n:e}") }
}

/// `s` as a JSON string literal.
pub fn escape_into(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse;

    fn style_of(text: &str) -> Style {
        let tree = parse(text);
        Style::detect(&Input { tree: &tree, text })
    }

    #[test]
    fn styles_are_read_from_the_text() {
        let minified = style_of(r#"{"a":[1,2],"b":[{"c":1}]}"#);
        assert!(minified.minified);
        assert_eq!((minified.colon.as_str(), minified.comma.as_str()), (":", ","));

        let tabs = style_of("{\n\t\"a\": [1, 2],\n\t\"b\": [{\n\t\t\"c\": 1\n\t}]\n}\n");
        assert!(!tabs.minified);
        assert_eq!((tabs.unit.as_str(), tabs.colon.as_str(), tabs.comma.as_str()), ("\t", ": ", ", "));
        assert!(tabs.compact && tabs.inline_scalars);

        let spaces = style_of("{\r\n    \"a\": [\r\n        1\r\n    ],\r\n    \"b\": [\r\n        {}\r\n    ]\r\n}");
        assert_eq!((spaces.unit.as_str(), spaces.newline), ("    ", "\r\n"));
        assert!(!spaces.compact && !spaces.inline_scalars);
    }

    #[test]
    fn numbers_read_back_to_the_same_value() {
        for n in [0.1 + 0.2, -1.0 / 3.0, 1e21, 1.5e-8, 123456789.125, -0.0, 5.0, f64::MIN_POSITIVE] {
            let s = number(n);
            assert_eq!(s.parse::<f64>().unwrap(), if n == 0.0 { 0.0 } else { n }, "{s}");
        }
        assert_eq!(number(5.0), "5");
        assert_eq!(number(f64::NAN), "null");
    }

    #[test]
    fn copied_subtrees_are_reindented() {
        let text = "{\n  \"a\": {\n    \"b\": 1\n  }\n}";
        let tree = parse(text);
        let input = Input { tree: &tree, text };
        let a = tree.get(text, 0, "a").unwrap();
        let style = Style::detect(&input);
        let root = Value::Object(vec![Member::new("x", Value::Array(vec![Value::Source(a)]))]);
        assert_eq!(write(&input, &style, &root), "{\n  \"x\": [\n    {\n      \"b\": 1\n    }\n  ]\n}");
    }
}
