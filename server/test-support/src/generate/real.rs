//! The real-file benchmark set (issue 31): the DragonBones skeletons of `../shared/corpus` as their
//! exporters wrote them, and larger files made from them without changing a token: re-indented
//! ([`indent`]) or with their armatures repeated under new names ([`repeat_armatures`]).

use std::path::{Path, PathBuf};

/// `../shared/corpus` (beside the repository), when it is there.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = crate::server_dir().join("../../shared/corpus");
    dir.exists().then(|| dir.canonicalize().unwrap_or(dir))
}

/// Every skeleton (not atlas) of the corpus's `dragonbones` and `dragonbones-images` sets, in
/// name order; `None` when the corpus is absent.
pub fn corpus_skeletons() -> Option<Vec<PathBuf>> {
    let dir = corpus_dir()?;
    let mut out = Vec::new();
    let keep = |p: &Path| {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        name.ends_with(".json") && name.contains("_ske")
    };
    for set in ["dragonbones", "dragonbones-images"] {
        crate::fixture::files_under(&dir.join(set), &keep, &mut out);
    }
    Some(out)
}

/// Where a JSON text's strings are: for each byte, whether it lies inside a string (quotes
/// included) is decided by scanning from the start.
fn each_token(text: &str, mut f: impl FnMut(&str, bool)) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(bytes.len());
            f(&text[i..end], true);
            i = end;
        } else {
            let start = i;
            while i < bytes.len() && bytes[i] != b'"' {
                i += 1;
            }
            f(&text[start..i], false);
        }
    }
}

/// `text` (JSON) laid out as `JSON.stringify(value, null, 2)` lays it out: each member and
/// element on a line of its own, two spaces per level, `"key": value`; empty containers stay
/// `{}` and `[]`. Strings and numbers are copied byte for byte.
pub fn indent(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3);
    let mut depth = 0usize;
    // A container just opened: its line break waits until we know it is not empty.
    let mut opened = false;
    let line = |out: &mut String, depth: usize| {
        out.push('\n');
        for _ in 0..depth {
            out.push_str("  ");
        }
    };
    each_token(text, |piece, string| {
        if string {
            if std::mem::take(&mut opened) {
                line(&mut out, depth);
            }
            out.push_str(piece);
            return;
        }
        for c in piece.chars().filter(|c| !c.is_ascii_whitespace()) {
            let closing = matches!(c, '}' | ']');
            if std::mem::take(&mut opened) && !closing {
                line(&mut out, depth);
            }
            match c {
                '{' | '[' => {
                    out.push(c);
                    depth += 1;
                    opened = true;
                }
                '}' | ']' => {
                    depth = depth.saturating_sub(1);
                    if !out.ends_with(['{', '[']) {
                        line(&mut out, depth);
                    }
                    out.push(c);
                }
                ',' => {
                    out.push(',');
                    line(&mut out, depth);
                }
                ':' => out.push_str(": "),
                _ => out.push(c),
            }
        }
    });
    out.push('\n');
    out
}

/// The byte ranges of the elements of the root object's `armature` array, and of their `name`
/// values (the quoted strings), in a minified skeleton.
fn armatures(text: &str) -> Vec<(std::ops::Range<usize>, Option<std::ops::Range<usize>>)> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut at = 0usize;
    // Inside the root's `armature` array: the element being read (its start, its name).
    let mut in_list = false;
    let mut element: Option<(usize, Option<std::ops::Range<usize>>)> = None;
    let mut last_key: Option<String> = None;
    let mut expect_value_of: Option<String> = None;
    each_token(text, |piece, string| {
        let start = at;
        at += piece.len();
        if string {
            let after_colon = expect_value_of.take();
            if after_colon.is_none() {
                last_key = Some(piece.trim_matches('"').to_owned());
            } else if depth == 3
                && after_colon.as_deref() == Some("name")
                && let Some((_, name @ None)) = &mut element
            {
                *name = Some(start..at);
            }
            return;
        }
        for (k, c) in piece.char_indices() {
            let here = start + k;
            match c {
                ':' => expect_value_of = last_key.take(),
                '{' | '[' => {
                    let key = expect_value_of.take();
                    depth += 1;
                    if depth == 2 && key.as_deref() == Some("armature") && c == '[' {
                        in_list = true;
                    } else if depth == 3 && in_list && c == '{' {
                        element = Some((here, None));
                    }
                }
                '}' | ']' => {
                    if depth == 3
                        && in_list
                        && let Some((from, name)) = element.take()
                    {
                        out.push((from..here + 1, name));
                    }
                    if depth == 2 {
                        in_list = false;
                    }
                    depth = depth.saturating_sub(1);
                }
                c if !c.is_ascii_whitespace() && c != ',' => {
                    expect_value_of = None;
                }
                _ => {}
            }
        }
    });
    out
}

/// A skeleton of at least `target` bytes: `text`'s armatures written again and again, each copy
/// after the first named `NAME_2`, `NAME_3`… so that every name stays unique (as a file of many
/// characters exported together is). Nothing else changes.
pub fn repeat_armatures(text: &str, target: usize) -> String {
    let list = armatures(text);
    let (Some(first), Some(last)) = (list.first(), list.last()) else { return text.to_owned() };
    let (head, tail) = (&text[..first.0.start], &text[last.0.end..]);
    let body = &text[first.0.start..last.0.end];
    let mut out = String::with_capacity(target + body.len());
    out.push_str(head);
    out.push_str(body);
    let mut copy = 1;
    while out.len() + tail.len() < target {
        copy += 1;
        for (element, name) in &list {
            out.push(',');
            match name {
                Some(name) => {
                    out.push_str(&text[element.start..name.end - 1]);
                    out.push_str(&format!("_{copy}"));
                    out.push_str(&text[name.end - 1..element.end]);
                }
                None => out.push_str(&text[element.clone()]),
            }
        }
    }
    out.push_str(tail);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SKELETON: &str = r#"{"name":"a,b","armature":[{"name":"x","bone":[{"name":"r"}],"e":{},"l":[]},{"type":"Armature","name":"y\"z"}],"v":[1.50,-2e3]}"#;

    #[test]
    fn indent_lays_out_like_json_stringify_and_keeps_every_token() {
        let expected = r#"{
  "name": "a,b",
  "armature": [
    {
      "name": "x",
      "bone": [
        {
          "name": "r"
        }
      ],
      "e": {},
      "l": []
    },
    {
      "type": "Armature",
      "name": "y\"z"
    }
  ],
  "v": [
    1.50,
    -2e3
  ]
}
"#;
        assert_eq!(indent(SKELETON), expected);
    }

    #[test]
    fn repeated_armatures_are_renamed_and_the_rest_kept() {
        let repeated = repeat_armatures(SKELETON, SKELETON.len() + 10);
        assert_eq!(
            repeated,
            r#"{"name":"a,b","armature":[{"name":"x","bone":[{"name":"r"}],"e":{},"l":[]},{"type":"Armature","name":"y\"z"},{"name":"x_2","bone":[{"name":"r"}],"e":{},"l":[]},{"type":"Armature","name":"y\"z_2"}],"v":[1.50,-2e3]}"#
        );
        assert_eq!(repeat_armatures(SKELETON, 0), SKELETON);
    }
}
