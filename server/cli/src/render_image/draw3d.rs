//! An `.elem` scene on the canvas: an orthographic view of the skinned meshes, triangles painted
//! back to front, flat-shaded by a light over the viewer's shoulder (two-sided: the format's
//! winding is not reliable), textured where the texture could be read; then, when asked, the
//! bones as lines between node origins with a joint at each.

use super::canvas::{Fit, Piece, Point, Prim, ScreenBox, Textured, rgb, triangle_map};
use rigls_ide::scene::{BlendMode2d, ColorTransform2d, Scene3d};

/// Where the camera looks from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    Front,
    Back,
    Left,
    Right,
    Top,
    Iso,
}

type Vec3 = [f64; 3];

fn dot(a: Vec3, b: Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

fn normalise(a: Vec3) -> Vec3 {
    let l = dot(a, a).sqrt();
    if l > 0.0 && l.is_finite() { [a[0] / l, a[1] / l, a[2] / l] } else { [0.0, 0.0, 0.0] }
}

/// An orthographic camera in the model's (left-handed, y up) space: screen right, screen up and
/// the direction it looks in.
#[derive(Clone, Copy, Debug)]
pub struct Camera {
    right: Vec3,
    up: Vec3,
    forward: Vec3,
    /// Right-handed models are mirrored in z first, so that `front` shows their front too.
    mirror_z: bool,
}

impl Camera {
    pub fn new(view: View, right_handed: bool) -> Camera {
        // Front: from −z looking at +z (Direct3D's default), x right, y up.
        let (forward, up) = match view {
            View::Front => ([0.0, 0.0, 1.0], [0.0, 1.0, 0.0]),
            View::Back => ([0.0, 0.0, -1.0], [0.0, 1.0, 0.0]),
            View::Left => ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
            View::Right => ([-1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
            View::Top => ([0.0, -1.0, 0.0], [0.0, 0.0, 1.0]),
            // From the front, right and above, along the diagonal of a cube.
            View::Iso => {
                let f = normalise([-1.0, -1.0, 1.0]);
                let up = normalise([0.0 - f[1] * f[0], 1.0 - f[1] * f[1], 0.0 - f[1] * f[2]]);
                (f, up)
            }
        };
        let right = cross(up, forward);
        Camera { right, up, forward, mirror_z: right_handed }
    }

    fn model(&self, p: &[f64]) -> Vec3 {
        [p[0], p[1], if self.mirror_z { -p[2] } else { p[2] }]
    }

    /// Screen coordinates (x right, y down) and depth (larger: farther).
    pub fn project(&self, p: &[f64]) -> (f64, f64, f64) {
        let p = self.model(p);
        (dot(p, self.right), -dot(p, self.up), dot(p, self.forward))
    }

    /// The screen box around `points` (`[x, y, z, …]`).
    pub fn grow(&self, points: &[f64], bounds: &mut ScreenBox) {
        for p in points.chunks_exact(3) {
            let (x, y, _) = self.project(p);
            if !x.is_finite() || !y.is_finite() {
                continue;
            }
            let b = bounds.get_or_insert(((x, y), (x, y)));
            b.0 = (b.0.0.min(x), b.0.1.min(y));
            b.1 = (b.1.0.max(x), b.1.1.max(y));
        }
    }
}

/// A texture a material could read: its index among the loaded textures and its size.
#[derive(Clone, Copy, Debug)]
pub struct LoadedTexture {
    pub index: usize,
    pub width: f64,
    pub height: f64,
}

const BONE: u32 = 0xff9f1a;
const BONE_EDGE: u32 = 0x4a2a00;

/// How many triangles a drawing had, and how many of them the camera sees other than edge-on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faces {
    pub all: usize,
    pub seen: usize,
}

struct Face {
    depth: f64,
    mesh: usize,
    triangle: usize,
    material: Option<usize>,
}

pub fn draw(
    scene: &Scene3d,
    camera: &Camera,
    fit: &Fit,
    textures: &[Option<LoadedTexture>],
    bones: bool,
    out: &mut Vec<Prim>,
) -> Faces {
    let light = normalise([
        -camera.forward[0] + 0.45 * camera.up[0] - 0.3 * camera.right[0],
        -camera.forward[1] + 0.45 * camera.up[1] - 0.3 * camera.right[1],
        -camera.forward[2] + 0.45 * camera.up[2] - 0.3 * camera.right[2],
    ]);
    let mut faces = Vec::new();
    for (m, mesh) in scene.meshes.iter().enumerate() {
        let position = |i: u32| mesh.positions.get(i as usize * 3..i as usize * 3 + 3);
        for g in &mesh.fixed.groups {
            for t in g.start..g.start + g.count {
                let Some(corners) = mesh.fixed.triangles.get(t * 3..t * 3 + 3) else { continue };
                let depth: Option<f64> = corners.iter().map(|&i| position(i).map(|p| camera.project(p).2)).sum();
                let Some(depth) = depth.filter(|d| d.is_finite()) else { continue };
                faces.push(Face { depth: depth / 3.0, mesh: m, triangle: t, material: g.material });
            }
        }
    }
    // Farthest first; ties in file order, so the picture does not depend on the sort.
    faces.sort_by(|a, b| b.depth.total_cmp(&a.depth).then((a.mesh, a.triangle).cmp(&(b.mesh, b.triangle))));
    let mut count = Faces::default();
    for face in &faces {
        let mesh = &scene.meshes[face.mesh];
        let corners = &mesh.fixed.triangles[face.triangle * 3..face.triangle * 3 + 3];
        let p: Vec<&[f64]> = corners.iter().map(|&i| &mesh.positions[i as usize * 3..i as usize * 3 + 3]).collect();
        count.add(camera, &p);
        let screen: Vec<(f64, f64)> = p
            .iter()
            .map(|q| {
                let (x, y, _) = camera.project(q);
                (x * fit.scale + fit.offset.0, y * fit.scale + fit.offset.1)
            })
            .collect();
        let clip: Vec<Point> = screen.iter().map(|s| (s.0 as f32, s.1 as f32)).collect();
        // The averaged vertex normals when the mesh has them, else the face's own.
        let normal = match &mesh.normals {
            Some(n) => {
                let mut sum = [0.0; 3];
                for &i in corners {
                    let v = camera.model(&n[i as usize * 3..i as usize * 3 + 3]);
                    (0..3).for_each(|k| sum[k] += v[k]);
                }
                normalise(sum)
            }
            None => {
                let (a, b, c) = (camera.model(p[0]), camera.model(p[1]), camera.model(p[2]));
                normalise(cross([b[0] - a[0], b[1] - a[1], b[2] - a[2]], [c[0] - a[0], c[1] - a[1], c[2] - a[2]]))
            }
        };
        let shade = (0.35 + 0.65 * dot(normal, light).abs()) as f32;
        let material = face.material.and_then(|m| scene.materials.get(m));
        let mut colour = material.map_or([0.8, 0.8, 0.8, 1.0], |m| m.diffuse.map(|c| c as f32));
        if let Some(c) = &mesh.fixed.colors {
            for (k, channel) in colour.iter_mut().enumerate() {
                let sum: f64 = corners.iter().map(|&i| c.get(i as usize * 4 + k).copied().unwrap_or(1.0)).sum();
                *channel *= (sum / 3.0) as f32;
            }
        }
        let texture = face.material.and_then(|m| textures.get(m).copied().flatten());
        let textured = match (texture, &mesh.fixed.uvs, material) {
            (Some(t), Some(uvs), Some(m)) => {
                let uv: Vec<(f64, f64)> = corners
                    .iter()
                    .map(|&i| {
                        let (u, v) = m.uv_transform.apply(uvs[i as usize * 2], uvs[i as usize * 2 + 1]);
                        (u * t.width, v * t.height)
                    })
                    .collect();
                triangle_map([uv[0], uv[1], uv[2]], [screen[0], screen[1], screen[2]]).map(|matrix| (t, matrix))
            }
            _ => None,
        };
        let shaded = [colour[0] * shade, colour[1] * shade, colour[2] * shade, 1.0];
        match textured {
            Some((t, matrix)) => {
                out.push(Prim::Textured(Textured {
                    texture: t.index,
                    source: [0.0, 0.0, t.width, t.height],
                    pieces: vec![Piece { matrix, clip: clip.clone() }],
                    color: ColorTransform2d::IDENTITY,
                    alpha: colour[3],
                    blend: BlendMode2d::Normal,
                    seamless: true,
                    repeat: true,
                }));
                // Modulate by the material colour and the light (Direct3D's default texture stage).
                out.push(Prim::Fill { points: clip, color: shaded, multiply: true, seamless: true });
            }
            None => out.push(Prim::Fill {
                points: clip,
                color: [shaded[0], shaded[1], shaded[2], colour[3]],
                multiply: false,
                seamless: true,
            }),
        }
    }
    if bones {
        draw_bones(scene, camera, fit, out);
    }
    count
}

impl Faces {
    /// Counts triangle `p` (corners in model space) unless it has no area; seen unless the camera
    /// sees it edge-on (its screen area a millionth of its own or less).
    fn add(&mut self, camera: &Camera, p: &[&[f64]]) {
        let (a, b, c) = (camera.model(p[0]), camera.model(p[1]), camera.model(p[2]));
        let normal = cross([b[0] - a[0], b[1] - a[1], b[2] - a[2]], [c[0] - a[0], c[1] - a[1], c[2] - a[2]]);
        let area = dot(normal, normal).sqrt();
        if !(area > 0.0 && area.is_finite()) {
            return;
        }
        self.all += 1;
        if dot(normal, camera.forward).abs() > area * 1e-6 {
            self.seen += 1;
        }
    }
}

fn draw_bones(scene: &Scene3d, camera: &Camera, fit: &Fit, out: &mut Vec<Prim>) {
    {
        let origin = |m: &[f64; 16]| {
            let (x, y, _) = camera.project(&m[12..15]);
            fit.point(x, y)
        };
        for node in &scene.nodes {
            if let Some(parent) = node.parent.and_then(|p| scene.nodes.get(p)) {
                let points = vec![origin(&parent.matrix), origin(&node.matrix)];
                out.push(Prim::Stroke {
                    points: points.clone(),
                    closed: false,
                    color: rgb(BONE_EDGE, 0.9),
                    width: 3.5,
                });
                out.push(Prim::Stroke { points, closed: false, color: rgb(BONE, 0.95), width: 2.0 });
            }
        }
        for node in &scene.nodes {
            let center = origin(&node.matrix);
            if center.0.is_finite() && center.1.is_finite() {
                out.push(Prim::Disc {
                    center,
                    radius: 3.0,
                    fill: rgb(0xffffff, 0.95),
                    stroke: rgb(BONE_EDGE, 0.95),
                    width: 1.0,
                });
            }
        }
    }
}
