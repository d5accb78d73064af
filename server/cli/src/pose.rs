//! `rigls pose FILE [--armature NAME] [--animation NAME] [--time SECONDS] [--format text|json]`:
//! prints what a runtime computes for the file at that time (a contract: scripts call it).

use std::fmt::Write as _;
use std::path::Path;

use super::{PoseFormat, exit, input};
use rigls_ide::pose::{self, Pose, PoseRequest};

pub struct PoseArgs<'a> {
    pub file: &'a Path,
    pub armature: Option<String>,
    pub animation: Option<String>,
    /// Seconds; `None` without `--time` (the setup pose, or the start of the animation).
    pub time: Option<f64>,
    pub format: PoseFormat,
    pub target: Option<rigls_diagnostic::Target>,
}

pub fn run(args: PoseArgs<'_>) -> u8 {
    let name = args.file.display().to_string();
    // The `rigls.toml` that applies, read once: its targets and severities.
    let config = super::targets::config_of(args.file);
    let analysis = match input::model(args.file, false, args.target, config.as_ref()) {
        Ok(analysis) => analysis,
        Err(message) => {
            eprintln!("error: {message}");
            return exit::USAGE;
        }
    };
    let time = args.time.unwrap_or(0.0);
    if !time.is_finite() {
        eprintln!("error: --time must be a finite number of seconds");
        return exit::USAGE;
    }
    let target = match super::targets::for_one_file(args.file, &analysis, args.target, config.as_ref()) {
        Ok(target) => target,
        Err(message) => {
            eprintln!("error: {message}");
            return exit::USAGE;
        }
    };
    // Danmakufu's own reading says itself what it cannot pose (rigls's errors are not its).
    let mut loaded_past = None;
    if target != Some(rigls_diagnostic::Target::DanmakufuPh3) {
        match input::refuse_errors(&analysis, &name, config.as_ref()) {
            Ok(note) => loaded_past = note,
            Err(message) => {
                eprintln!("error: {message}");
                return exit::USAGE;
            }
        }
    }
    let request = PoseRequest { armature: args.armature, animation: args.animation, time, target };
    match pose::pose(&analysis, &request) {
        Ok(pose) => {
            if let Some(note) = loaded_past {
                eprintln!("note: {note}");
            }
            if let Some(note) = input::armature_note(&analysis, &request) {
                eprintln!("note: {note}");
            }
            if let Pose::Elem(p) = &pose {
                for note in &p.notes {
                    eprintln!("note: {note}");
                }
            }
            let out = match args.format {
                PoseFormat::Json => to_json(&pose),
                PoseFormat::Text => to_text(&pose),
            };
            print!("{out}");
            exit::OK
        }
        Err(error) => {
            eprintln!("error: {name}: {error}");
            exit::USAGE
        }
    }
}

/// A number as JSON: the shortest form that reads back the same (as JavaScript writes it), or
/// `null` when it is not finite (JSON has no NaN).
fn number(out: &mut String, v: f64) {
    if !v.is_finite() {
        out.push_str("null");
    } else if v == 0.0 {
        out.push('0');
    } else if v.fract() == 0.0 && v.abs() < 1e15 {
        let _ = write!(out, "{}", v as i64);
    } else {
        let _ = write!(out, "{v}");
    }
}

fn numbers(out: &mut String, values: &[f64]) {
    out.push('[');
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        number(out, v);
    }
    out.push(']');
}

fn string(out: &mut String, s: &str) {
    out.push_str(&serde_json::to_string(s).expect("a string serialises"));
}

fn optional_string(out: &mut String, s: Option<&str>) {
    match s {
        Some(s) => string(out, s),
        None => out.push_str("null"),
    }
}

/// One JSON object, keys in the documented order.
fn to_json(pose: &Pose) -> String {
    let mut o = String::new();
    match pose {
        Pose::DragonBones(p) => {
            o.push_str("{\"armature\":");
            string(&mut o, &p.armature);
            o.push_str(",\"animation\":");
            optional_string(&mut o, p.animation.as_deref());
            o.push_str(",\"time\":");
            number(&mut o, p.time);
            o.push_str(",\"bones\":[");
            for (i, b) in p.bones.iter().enumerate() {
                o.push_str(if i > 0 { ",{\"name\":" } else { "{\"name\":" });
                string(&mut o, &b.name);
                o.push_str(",\"matrix\":");
                numbers(&mut o, &b.matrix);
                o.push('}');
            }
            o.push_str("],\"slots\":[");
            for (i, s) in p.slots.iter().enumerate() {
                o.push_str(if i > 0 { ",{\"name\":" } else { "{\"name\":" });
                string(&mut o, &s.name);
                let _ = write!(o, ",\"displayIndex\":{},\"zOrder\":{},\"vertices\":", s.display_index, s.z_order);
                match &s.vertices {
                    Some(v) => numbers(&mut o, v),
                    None => o.push_str("null"),
                }
                o.push('}');
            }
            o.push_str("]}");
        }
        Pose::Elem(p) => {
            o.push_str("{\"animation\":");
            optional_string(&mut o, p.animation.as_deref());
            o.push_str(",\"time\":");
            number(&mut o, p.time);
            o.push_str(",\"nodes\":[");
            for (i, n) in p.nodes.iter().enumerate() {
                o.push_str(if i > 0 { ",{\"name\":" } else { "{\"name\":" });
                string(&mut o, &n.name);
                o.push_str(",\"matrix\":");
                numbers(&mut o, &n.matrix);
                o.push('}');
            }
            o.push_str("],\"meshes\":[");
            for (i, m) in p.meshes.iter().enumerate() {
                o.push_str(if i > 0 { ",{\"container\":" } else { "{\"container\":" });
                string(&mut o, &m.container);
                o.push_str(",\"mesh\":");
                string(&mut o, &m.mesh);
                o.push_str(",\"vertices\":");
                numbers(&mut o, &m.vertices);
                o.push('}');
            }
            o.push_str("]}");
        }
    }
    o.push('\n');
    o
}

/// A number for people: four decimals, no `-0`; `Infinity`, `-Infinity` and `NaN` as
/// JavaScript writes them.
fn fmt(v: f64) -> String {
    if v.is_nan() {
        return "NaN".to_owned();
    }
    if v.is_infinite() {
        return if v > 0.0 { "Infinity" } else { "-Infinity" }.to_owned();
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
