//! Rendering `rigls/scene` answers for snapshots (shared by the `.elem` and DragonBones tests).

use serde_json::{Value, json};

use super::view::{ClientDoc, DESCRIBED};

/// The answer with every byte range (`bytes`, `nameBytes`, the scene's `range` and `nameRange`
/// pairs) and LSP range described by the text it covers, after checking that each element's
/// LSP ranges cover the same bytes as its byte ranges; packed mesh buffers (scene version 2)
/// decoded into numbers; the document's folder shown as `<dir>`.
pub fn render_answer(doc: &ClientDoc, answer: &Value) -> String {
    let mut answer = answer.clone();
    for scene in answer["scenes"].as_array_mut().into_iter().flatten() {
        for mesh in scene.get_mut("meshes").and_then(Value::as_array_mut).into_iter().flatten() {
            unpack_mesh(mesh);
        }
    }
    let answer = &answer;
    for e in answer["elements"].as_array().into_iter().flatten() {
        let bytes = |key: &str| e[key].as_array().map(|b| (as_usize(&b[0]), as_usize(&b[1])));
        assert_eq!(Some(doc.offsets(&e["range"])), bytes("bytes"), "{e}");
        assert_eq!(e["nameRange"].is_object().then(|| doc.offsets(&e["nameRange"])), bytes("nameBytes"), "{e}");
    }
    let dir = doc.uri.strip_prefix("file://").unwrap().rsplit_once('/').unwrap().0;
    doc.render(&described(doc, answer)).replace(dir, "<dir>")
}

/// A packed mesh's buffers (base64 of little-endian `float32`s, `uint32`s for `triangles`) as
/// the numbers they hold.
pub fn unpack_mesh(mesh: &mut Value) {
    use base64::Engine as _;
    let decode = |v: &Value| base64::engine::general_purpose::STANDARD.decode(v.as_str().expect("a buffer")).unwrap();
    for key in ["positions", "normals", "uvs", "colors"] {
        if mesh[key].is_string() {
            let bytes = decode(&mesh[key]);
            let floats = bytes.chunks_exact(4).map(|b| f64::from(f32::from_le_bytes(b.try_into().unwrap())));
            mesh[key] = floats.collect::<Vec<_>>().into();
        }
    }
    if mesh["triangles"].is_string() {
        let bytes = decode(&mesh["triangles"]);
        mesh["triangles"] =
            bytes.chunks_exact(4).map(|b| u32::from_le_bytes(b.try_into().unwrap())).collect::<Vec<_>>().into();
    }
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
    let mut params = json!({"textDocument": {"uri": doc.uri}, "version": 2});
    for (k, v) in extra.as_object().unwrap() {
        params[k] = v.clone();
    }
    params
}
