//! A valid `.elem` model of about `target` bytes: mesh containers of skinned grid meshes (positions,
//! normals, two-bone blend weights, UVs, triangles, one material per mesh), a bone hierarchy per
//! container, a rendering-mesh list and per-container bone and UV animations, all with Japanese
//! names, CRLF line ends and tab indentation as Elfreina writes them.

use std::fmt::Write;

use super::{Rng, japanese_name};

/// Bones per container.
const BONES: usize = 24;
/// Meshes per container before the next container starts.
const MESHES: usize = 8;
/// Key frames per animation part.
const KEYS: usize = 30;

/// Output lines with the file's indentation and CRLF.
struct Out {
    s: String,
    depth: usize,
}

impl Out {
    fn line(&mut self, args: std::fmt::Arguments) {
        for _ in 0..self.depth {
            self.s.push('\t');
        }
        let _ = self.s.write_fmt(args);
        self.s.push_str("\r\n");
    }

    fn open(&mut self, tag: &str) {
        self.line(format_args!("{tag} {{"));
        self.depth += 1;
    }

    fn close(&mut self) {
        self.depth -= 1;
        self.line(format_args!("}}"));
    }
}

struct Container {
    name: String,
    bones: Vec<String>,
    materials: Vec<String>,
    meshes: Vec<String>,
}

/// A model of at least `target` bytes (and at least one container).
pub fn model(target: usize) -> String {
    let mut rng = Rng::new(target as u64 ^ 0xE1E);
    let grid = if target < 200_000 { 6 } else { 32 };
    let mut datas = Out { s: String::new(), depth: 1 };
    let mut containers: Vec<Container> = Vec::new();
    // Animations and hierarchy take roughly a tenth of the file; stop the meshes before that.
    while containers.is_empty() || datas.s.len() + containers.len() * 90_000 < target {
        let c = containers.len();
        let container = Container {
            name: japanese_name(&mut rng, c),
            bones: (0..BONES).map(|b| japanese_name(&mut rng, c * 1000 + b)).collect(),
            materials: (0..2).map(|m| format!("材質{}", japanese_name(&mut rng, c * 10 + m))).collect(),
            meshes: Vec::new(),
        };
        containers.push(container);
        let container = containers.last_mut().unwrap();
        let mut meshes = Out { s: String::new(), depth: 3 };
        let bones = container.bones.clone();
        for m in 0..MESHES {
            let name = format!("メッシュ{}", japanese_name(&mut rng, c * 100 + m));
            mesh(&mut meshes, &mut rng, &name, grid, m % 2, c, &bones);
            container.meshes.push(name);
            if datas.s.len() + meshes.s.len() + (c + 1) * 90_000 >= target {
                break;
            }
        }
        container_head(&mut datas, container);
        datas.s.push_str(&meshes.s);
        datas.close();
    }

    let mut out = Out { s: String::with_capacity(target + target / 8), depth: 0 };
    out.line(format_args!("Elfreina Extension Model File"));
    out.line(format_args!("File Version 1.00"));
    out.open("Setting");
    out.line(format_args!("ElfreinaSoftVersion=1.10"));
    out.line(format_args!("LoadType=\"View\""));
    out.close();
    out.open("MeshDatas");
    out.line(format_args!("MeshContainerCount={}", containers.len()));
    out.s.push_str(&datas.s);
    out.close();
    hierarchy(&mut out, &mut rng, &containers);
    rendering(&mut out, &containers);
    animations(&mut out, &mut rng, &containers);
    out.s
}

fn container_head(out: &mut Out, c: &Container) {
    out.open("MeshContainer");
    out.line(format_args!("Name=\"{}\"", c.name));
    out.line(format_args!("BoneCount={}", c.bones.len()));
    out.line(format_args!("MeshCount={}", c.meshes.len()));
    out.open("VertexFormat");
    for component in ["Position", "Normal", "Blend", "Texture1"] {
        out.line(format_args!("\"{component}\""));
    }
    out.close();
    out.open("BoneNames");
    for bone in &c.bones {
        out.line(format_args!("\"{bone}\""));
    }
    out.close();
    out.open("OffsetMatrices");
    for b in 0..c.bones.len() {
        let y = -(b as f64) * 0.25;
        out.line(format_args!(
            "1.000000:0.000000:0.000000:0.000000:0.000000:1.000000:0.000000:0.000000:0.000000:0.000000:1.000000:0.000000:0.000000:{y:.6}:0.000000:1.000000"
        ));
    }
    out.close();
    out.open("Materials");
    out.line(format_args!("MaterialCount={}", c.materials.len()));
    for (i, material) in c.materials.iter().enumerate() {
        out.open("Material");
        out.line(format_args!("Name=\"{material}\""));
        let shade = 0.5 + 0.25 * i as f64;
        out.line(format_args!("Diffuse=1.000000:{shade:.6}:{shade:.6}:{shade:.6}"));
        out.line(format_args!("Ambient=1.000000:0.300000:0.300000:0.300000"));
        out.line(format_args!("Emissive=1.000000:0.000000:0.000000:0.000000"));
        out.line(format_args!("Specular=1.000000:0.500000:0.500000:0.500000"));
        out.line(format_args!("SpecularSharpness=20.000000"));
        out.close();
    }
    out.close();
}

/// A `grid`×`grid` skinned sheet: each row is weighted between two neighbouring bones.
fn mesh(out: &mut Out, rng: &mut Rng, name: &str, grid: usize, material: usize, container: usize, bones: &[String]) {
    let vertices = grid * grid;
    let faces = 2 * (grid - 1) * (grid - 1);
    out.open("Mesh");
    out.line(format_args!("Name=\"{name}\""));
    out.line(format_args!("VertexCount={vertices}"));
    out.line(format_args!("FaceCount={faces}"));
    out.open("Positions");
    let offset = container as f64;
    for v in 0..vertices {
        let (x, y) = ((v % grid) as f64 / grid as f64, (v / grid) as f64 / grid as f64);
        let z = rng.float(-0.05, 0.05);
        out.line(format_args!("{:.6}:{:.6}:{z:.6}", x + offset, y * 6.0));
    }
    out.close();
    out.open("Normals");
    for _ in 0..vertices {
        let (x, y) = (rng.float(-0.2, 0.2), rng.float(-0.2, 0.2));
        let z = -(1.0 - x * x - y * y).sqrt();
        out.line(format_args!("{x:.6}:{y:.6}:{z:.6}"));
    }
    out.close();
    // Vertex v of row r is weighted between bones b and b + 1 (b = r's share of the bones).
    let mut parts: Vec<Vec<(usize, f64)>> = vec![Vec::new(); BONES];
    for v in 0..vertices {
        let along = (v / grid) as f64 / grid as f64 * (BONES - 1) as f64;
        let bone = (along as usize).min(BONES - 2);
        let w = ((1.0 - (along - bone as f64)) * 1e6).round() / 1e6;
        parts[bone].push((v, w));
        if w < 1.0 {
            parts[bone + 1].push((v, 1.0 - w));
        }
    }
    out.open("BlendList");
    for (bone, entries) in parts.iter().enumerate().filter(|(_, e)| !e.is_empty()) {
        out.open("BlendPart");
        out.line(format_args!("BoneName=\"{}\"", bones[bone]));
        out.line(format_args!("TransformIndex={bone}"));
        out.open("VertexBlend");
        for (v, w) in entries {
            out.line(format_args!("{v},{w:.6}"));
        }
        out.close();
        out.close();
    }
    out.close();
    out.open("TextureUV");
    for v in 0..vertices {
        let (u, t) = ((v % grid) as f64 / (grid - 1) as f64, (v / grid) as f64 / (grid - 1) as f64);
        out.line(format_args!("{u:.6}:{t:.6}"));
    }
    out.close();
    out.open("VertexIndices");
    for r in 0..grid - 1 {
        for c in 0..grid - 1 {
            let a = r * grid + c;
            out.line(format_args!("3,{a}:{}:{}", a + grid, a + 1));
            out.line(format_args!("3,{}:{}:{}", a + 1, a + grid, a + grid + 1));
        }
    }
    out.close();
    out.open("Attributes");
    for _ in 0..faces {
        out.line(format_args!("{material}"));
    }
    out.close();
    out.close();
}

fn hierarchy(out: &mut Out, rng: &mut Rng, containers: &[Container]) {
    out.open("HierarchyList");
    for c in containers {
        // A chain: each bone the child of the one before, as in a limb.
        for (b, bone) in c.bones.iter().enumerate() {
            out.open("Node");
            out.line(format_args!("NodeName=\"{bone}\""));
            let y = if b == 0 { 0.0 } else { 0.25 + rng.float(0.0, 0.001) };
            out.line(format_args!(
                "InitPostureMatrix=1.000000:0.000000:0.000000:0.000000:0.000000:1.000000:0.000000:0.000000:0.000000:0.000000:1.000000:0.000000:0.000000:{y:.6}:0.000000:1.000000"
            ));
        }
        for _ in &c.bones {
            out.close();
        }
    }
    out.close();
}

fn rendering(out: &mut Out, containers: &[Container]) {
    out.open("RenderingMeshList");
    let count: usize = containers.iter().map(|c| c.meshes.len()).sum();
    out.line(format_args!("RenderingMeshCount={count}"));
    for c in containers {
        for mesh in &c.meshes {
            out.open("RenderingMesh");
            out.line(format_args!("RenderingMeshName=\"{mesh}\""));
            out.line(format_args!("HierarchyNamesCount={}", c.bones.len()));
            out.open("HierarchyNames");
            for bone in &c.bones {
                out.line(format_args!("\"{bone}\""));
            }
            out.close();
            out.close();
        }
    }
    out.close();
}

fn time_keys(out: &mut Out) {
    out.open("TimeKeys");
    for k in 0..KEYS {
        out.line(format_args!("{:.6}", k as f64 / (KEYS - 1) as f64));
    }
    out.close();
}

fn animations(out: &mut Out, rng: &mut Rng, containers: &[Container]) {
    out.open("AnimationList");
    out.line(format_args!("AnimationCount={}", containers.len()));
    for (i, c) in containers.iter().enumerate() {
        out.open("AnimationData");
        out.line(format_args!("AnimationName=\"歩行{}\"", japanese_name(rng, i)));
        out.line(format_args!("AnimationTime=1000"));
        out.line(format_args!("FrameParSecond=30"));
        out.line(format_args!("TransitionTime=200"));
        out.line(format_args!("Priority=0"));
        out.line(format_args!("Loop=True"));
        out.open("BoneAnimation");
        time_keys(out);
        for bone in &c.bones {
            out.open("AnimationPart");
            out.line(format_args!("NodeName=\"{bone}\""));
            time_keys(out);
            out.open("TransKeys");
            for _ in 0..KEYS {
                out.line(format_args!("0.000000:{:.6}:0.000000", rng.float(0.0, 0.01)));
            }
            out.close();
            out.open("RotateKeys");
            for k in 0..KEYS {
                let angle = (k as f64 / KEYS as f64 * std::f64::consts::TAU).sin() * 0.3;
                out.line(format_args!("{:.6}:0.000000:0.000000:{:.6}", (angle / 2.0).sin(), (angle / 2.0).cos()));
            }
            out.close();
            out.open("ScaleKeys");
            for _ in 0..KEYS {
                out.line(format_args!("1.000000:1.000000:1.000000"));
            }
            out.close();
            out.close();
        }
        out.close();
        out.open("UVAnimation");
        time_keys(out);
        out.open("AnimationPart");
        out.line(format_args!("MeshContainerName=\"{}\"", c.name));
        out.line(format_args!("MaterialName=\"{}\"", c.materials[0]));
        time_keys(out);
        out.open("TransKeys");
        for k in 0..KEYS {
            out.line(format_args!("{:.6}:0.000000", k as f64 / KEYS as f64));
        }
        out.close();
        out.open("RotateKeys");
        for _ in 0..KEYS {
            out.line(format_args!("0.000000"));
        }
        out.close();
        out.open("ScaleKeys");
        for _ in 0..KEYS {
            out.line(format_args!("1.000000:1.000000"));
        }
        out.close();
        out.close();
        out.close();
        out.close();
    }
    out.close();
}
