//! `rigls pose FILE [--armature NAME] [--animation NAME] [--time SECONDS] [--format text|json]`:
//! prints what a runtime computes for the file at that time (a contract: scripts call it).

use std::fmt::Write as _;
use std::path::Path;

use serde_json::{Map, Value, json};

use super::{PoseFormat, exit};
use crate::env::RealFs;
use crate::ide::Analysis;
use crate::ide::pose::{self, DragonBonesPose, ElemPose, Pose, PoseRequest};

pub struct PoseArgs<'a> {
    pub file: &'a Path,
    pub armature: Option<String>,
    pub animation: Option<String>,
    pub time: f64,
    pub format: PoseFormat,
}

pub fn run(args: PoseArgs<'_>) -> u8 {
    let text = match std::fs::read(args.file) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(_) => {
                eprintln!("error: {}: not UTF-8 text", args.file.display());
                return exit::USAGE;
            }
        },
        Err(error) => {
            eprintln!("error: cannot read {}: {error}", args.file.display());
            return exit::USAGE;
        }
    };
    if !args.time.is_finite() {
        eprintln!("error: --time must be a finite number of seconds");
        return exit::USAGE;
    }
    let analysis = Analysis::new(Some(args.file), text, &RealFs);
    let request = PoseRequest { armature: args.armature, animation: args.animation, time: args.time };
    match pose::pose(&analysis, &request) {
        Ok(pose) => {
            let out = match args.format {
                PoseFormat::Json => {
                    let mut s = to_json(&pose);
                    s.push('\n');
                    s
                }
                PoseFormat::Text => to_text(&pose),
            };
            print!("{out}");
            exit::OK
        }
        Err(error) => {
            eprintln!("error: {}: {error}", args.file.display());
            exit::USAGE
        }
    }
}

/// A number, or `null` when it is not finite (JSON has no NaN).
fn number(v: f64) -> Value {
    serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number)
}

fn numbers(values: &[f64]) -> Value {
    Value::Array(values.iter().map(|&v| number(v)).collect())
}

fn to_json(pose: &Pose) -> String {
    match pose {
        Pose::DragonBones(p) => serde_json::to_string(&dragonbones_json(p)).expect("a JSON value serialises"),
        Pose::Elem(p) => elem_json(p),
    }
}

fn dragonbones_json(p: &DragonBonesPose) -> Value {
    let bones: Vec<Value> = p.bones.iter().map(|b| json!({ "name": b.name, "matrix": numbers(&b.matrix) })).collect();
    let slots: Vec<Value> = p
        .slots
        .iter()
        .map(|s| {
            let mut o = Map::new();
            o.insert("name".into(), json!(s.name));
            o.insert("displayIndex".into(), json!(s.display_index));
            o.insert("zOrder".into(), json!(s.z_order));
            o.insert("vertices".into(), s.vertices.as_deref().map_or(Value::Null, numbers));
            Value::Object(o)
        })
        .collect();
    json!({
        "armature": p.armature,
        "animation": p.animation,
        "time": number(p.time),
        "bones": bones,
        "slots": slots,
    })
}

/// The `.elem` object, its keys in the order the contract lists them (`serde_json`'s maps sort
/// theirs): `{"animation", "time", "nodes": [{"name", "matrix"}], "meshes": [{"container", "mesh",
/// "vertices"}]}`.
fn elem_json(p: &ElemPose) -> String {
    let text = |v: &Value| serde_json::to_string(v).expect("a JSON value serialises");
    let string = |s: &str| text(&json!(s));
    let mut out =
        format!("{{\"animation\":{},\"time\":{},\"nodes\":[", text(&json!(p.animation)), text(&number(p.time)));
    for (i, n) in p.nodes.iter().enumerate() {
        let comma = if i > 0 { "," } else { "" };
        let _ = write!(out, "{comma}{{\"name\":{},\"matrix\":{}}}", string(&n.name), text(&numbers(&n.matrix)));
    }
    out.push_str("],\"meshes\":[");
    for (i, m) in p.meshes.iter().enumerate() {
        let comma = if i > 0 { "," } else { "" };
        let _ = write!(
            out,
            "{comma}{{\"container\":{},\"mesh\":{},\"vertices\":{}}}",
            string(&m.container),
            string(&m.mesh),
            text(&numbers(&m.vertices))
        );
    }
    out.push_str("]}");
    out
}

/// A number for people: six significant decimals, no `-0`.
fn fmt(v: f64) -> String {
    if !v.is_finite() {
        return "NaN".to_owned();
    }
    let v = if v == 0.0 { 0.0 } else { v };
    let s = format!("{v:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_owned() } else { s.to_owned() }
}

/// Numbers right-aligned in cells of `width` characters.
fn aligned(values: &[f64], width: usize) -> String {
    values.iter().map(|&v| format!("{:>width$}", fmt(v))).collect::<Vec<_>>().join(" ")
}

fn row(values: &[f64]) -> String {
    values.iter().map(|&v| fmt(v)).collect::<Vec<_>>().join(" ")
}

fn to_text(pose: &Pose) -> String {
    let mut out = String::new();
    match pose {
        Pose::DragonBones(p) => {
            let animation = p.animation.as_deref().map_or("setup pose".to_owned(), |a| format!("animation \"{a}\""));
            let _ = writeln!(out, "armature \"{}\", {animation}, time {}s", p.armature, fmt(p.time));
            let width = p.bones.iter().map(|b| b.name.chars().count()).max().unwrap_or(4).max(4);
            let _ = writeln!(out, "\nbones (global matrix a b c d tx ty)");
            for b in &p.bones {
                let _ = writeln!(out, "  {:<width$}  {}", b.name, row(&b.matrix));
            }
            let width = p.slots.iter().map(|s| s.name.chars().count()).max().unwrap_or(4).max(4);
            let _ = writeln!(out, "\nslots (display index, draw order, mesh vertices)");
            for s in &p.slots {
                let vertices = match &s.vertices {
                    Some(v) => format!("  {} vertices: {}", v.len() / 2, row(v)),
                    None => String::new(),
                };
                let _ =
                    writeln!(out, "  {:<width$}  display {:>2}  z {:>3}{vertices}", s.name, s.display_index, s.z_order);
            }
        }
        Pose::Elem(p) => {
            let animation = match &p.animation {
                Some(a) => format!("animation \"{a}\", time {}s (clip time {} ms)", fmt(p.time), fmt(p.clip_ms)),
                None => format!("setup pose, time {}s", fmt(p.time)),
            };
            let _ = writeln!(out, "{animation}");
            let width = p.nodes.iter().map(|n| n.name.chars().count()).max().unwrap_or(4).max(4);
            let cell = p.nodes.iter().flat_map(|n| n.matrix.iter()).map(|&v| fmt(v).len()).max().unwrap_or(1);
            let _ = writeln!(out, "\nnodes (world matrix, row major, rows separated by |)");
            for n in &p.nodes {
                let rows: Vec<String> = n.matrix.chunks(4).map(|r| aligned(r, cell)).collect();
                let pad = width - n.name.chars().count();
                let _ = writeln!(out, "  {}{}  {}", n.name, " ".repeat(pad), rows.join(" | "));
            }
            let _ = writeln!(out, "\nmeshes (skinned positions x y z)");
            for m in &p.meshes {
                let count = m.vertices.len() / 3;
                let noun = if count == 1 { "vertex" } else { "vertices" };
                let _ = writeln!(out, "  {} / {}  {count} {noun}", m.container, m.mesh);
                let cell = m.vertices.iter().map(|&v| fmt(v).len()).max().unwrap_or(1);
                for (i, v) in m.vertices.chunks(3).enumerate() {
                    let _ = writeln!(out, "    {i:>4}  {}", aligned(v, cell));
                }
            }
            if !p.uv.is_empty() {
                let _ = writeln!(out, "\nuv animation (translation u v, rotation radians, scale u v)");
                for uv in &p.uv {
                    let _ = writeln!(
                        out,
                        "  {} / {}  {}  {}  {}",
                        uv.container,
                        uv.material,
                        row(&uv.translation),
                        fmt(uv.rotation),
                        row(&uv.scale)
                    );
                }
            }
        }
    }
    out
}
