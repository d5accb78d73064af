//! Rendering `rigls/scene` answers for snapshots (shared by the `.elem` and DragonBones tests).

use serde_json::{Value, json};

use super::view::{ClientDoc, DESCRIBED};

/// The answer with every byte range (`bytes`, `nameBytes`, the scene's `range` and `nameRange`
/// pairs) and LSP range described by the text it covers, after checking that each element's
/// LSP ranges cover the same bytes as its byte ranges; the document's folder shown as `<dir>`.
pub fn render_answer(doc: &ClientDoc, answer: &Value) -> String {
    for e in answer["elements"].as_array().expect("elements") {
        let bytes = |key: &str| e[key].as_array().map(|b| (as_usize(&b[0]), as_usize(&b[1])));
        assert_eq!(Some(doc.offsets(&e["range"])), bytes("bytes"), "{e}");
        assert_eq!(e["nameRange"].is_object().then(|| doc.offsets(&e["nameRange"])), bytes("nameBytes"), "{e}");
    }
    let dir = doc.uri.strip_prefix("file://").unwrap().rsplit_once('/').unwrap().0;
    doc.render(&described(doc, answer)).replace(dir, "<dir>")
}

fn as_usize(v: &Value) -> usize {
    v.as_u64().expect("a byte offset") as usize
}

fn described(doc: &ClientDoc, value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(key, item)| {
                    let is_bytes = matches!(key.as_str(), "bytes" | "nameBytes" | "range" | "nameRange")
                        && item.as_array().is_some_and(|a| a.len() == 2);
                    let shown = if is_bytes {
                        let (start, end) = (as_usize(&item[0]), as_usize(&item[1]));
                        Value::String(format!("{DESCRIBED}bytes {}", doc.describe(start, end)))
                    } else {
                        described(doc, item)
                    };
                    (key.clone(), shown)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(|v| described(doc, v)).collect()),
        other => other.clone(),
    }
}

pub fn scene_params(doc: &ClientDoc, extra: Value) -> Value {
    let mut params = json!({"textDocument": {"uri": doc.uri}, "version": 1});
    for (k, v) in extra.as_object().unwrap() {
        params[k] = v.clone();
    }
    params
}
