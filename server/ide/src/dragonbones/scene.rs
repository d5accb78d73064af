//! The 2-D scene of a DragonBones armature (see `ide::scene`): the runtime's pose, with each shown
//! display placed as the engines place it — an image's quad is its texture's frame offset by the
//! pivot (`Slot._updateDisplayData`), scaled by 1 / the atlas's `scale`; a mesh's texture
//! coordinates are mapped into its region, rotated regions included (the engine slots'
//! `_updateFrame`); child armatures are posed and flattened into their slot's place.

use std::path::{Path, PathBuf};

use super::pose;
use crate::Analysis;
use crate::scene::*;
use rigls_dragonbones::DragonBonesFile;
use rigls_dragonbones::atlas::{PairedAtlas, Region};
use rigls_dragonbones::eval::Runtime;
use rigls_dragonbones::eval::data::{ArmatureData, DisplayData, DisplayKind};
use rigls_dragonbones::eval::geom::{ColorTransform, Matrix};
use rigls_dragonbones::eval::raw::Raw;
use rigls_dragonbones::eval::runtime::DisplayObject;
use rigls_dragonbones::schema::{BOUNDING_BOX_TYPE, key};
use rigls_dragonbones::syntax::{NodeId, NodeKind};

pub fn scenes_at(analysis: &Analysis, request: &SceneRequest, times: &[f64]) -> Result<Vec<Scene>, SceneError> {
    let file = pose::skeleton(analysis)?;
    let request = &pose::with_default_armature(file, &analysis.text, request);
    let reading = file.reading(&analysis.text, request.armature.as_deref());
    let data = pose::parsed_data(analysis, &reading)?;
    let own = pose::target_reading(analysis, file, request.target);
    let data = own.as_ref().map_or(data, |parsed| &parsed.data);
    let (index, built) = pose::build(analysis, file, data, request)?;
    let doc = Doc { text: &analysis.text, file, atlases: &file.atlases };
    let armature = &data.armatures[index];
    let armatures = reading
        .armatures
        .iter()
        .map(|a| ArmatureInfo {
            name: a.name.clone(),
            range: file.tree.range(a.node).into(),
            name_range: doc.name_range(a.node),
            frame_rate: a.frame_rate,
        })
        .collect();
    let animations = armature
        .animations
        .iter()
        .map(|a| AnimationInfo {
            name: a.name.clone(),
            range: file.tree.range(a.node).into(),
            name_range: doc.name_range(a.node),
            duration: a.duration,
            frame_rate: a.frame_rate,
            frame_count: a.frame_count,
            play_times: a.play_times,
        })
        .collect::<Vec<_>>();
    let mut notes = Vec::new();
    if file.atlases.is_empty() {
        let looked = match analysis.path.as_deref().and_then(Path::file_name).and_then(|n| n.to_str()) {
            Some(name) => match name.strip_suffix("_ske.json") {
                Some(stem) => format!("{stem}_tex.json, or a `*tex*.json` named \"{}\"", data.name),
                None => format!("a `*tex*.json` beside it named \"{}\"", data.name),
            },
            None => "none: the document has no path".to_owned(),
        };
        notes.push(format!("no texture atlas found (looked for {looked}): images have no size"));
    }
    let key_frames = key_frames(file, armature);
    let mut out = Vec::with_capacity(times.len());
    for &time in times {
        let mut runtime = built.clone();
        if let Some(name) = &request.animation {
            runtime.goto_and_play_by_time(name, time, 1.0);
        }
        pose_children(&mut runtime, request.animation.as_deref(), time);
        let mut builder = Builder { doc: &doc, scene: Scene2d::default(), missing: Vec::new() };
        let root = Placement { matrix: Matrix::IDENTITY, alpha: 1.0, slot: None };
        builder.instance(&runtime, &root, request.animation.clone(), time);
        builder.scene.bounds = bounds(&builder.scene);
        builder.scene.atlases = file.atlases.iter().map(|a| a.path.to_string_lossy().into_owned()).collect();
        let mut notes = notes.clone();
        // Without any atlas every texture is missing: the note above says it once.
        for texture in builder.missing.drain(..).filter(|_| !file.atlases.is_empty()) {
            notes.push(format!("no atlas has the texture \"{texture}\": the runtime shows nothing for it"));
        }
        out.push(Scene {
            format: "dragonbones",
            armatures: Vec::clone(&armatures),
            animations: animations.clone(),
            default_animation: armature.default_animation.map(|i| armature.animations[i].name.clone()),
            armature: Some(armature.name.clone()),
            animation: request.animation.clone(),
            time,
            notes,
            target: None,
            targets: Vec::new(),
            content: SceneContent::Flat(builder.scene),
            key_frames: key_frames.clone(),
        });
    }
    Ok(out)
}

/// Every key frame of the armature's bone, slot and constraint timelines, at the time it starts
/// (as the key frames' hovers time them).
fn key_frames(file: &DragonBonesFile, armature: &ArmatureData) -> Vec<KeyFrameInfo> {
    let mut out = Vec::new();
    for animation in &armature.animations {
        for timeline in animation.pose_timelines() {
            for frame in &timeline.frames {
                let time =
                    if armature.frame_rate > 0.0 { f64::from(frame.position) / armature.frame_rate } else { 0.0 };
                let range = file.tree.range(frame.node).into();
                out.push(KeyFrameInfo { animation: animation.name.clone(), time, range });
            }
        }
    }
    out
}

/// Poses the child armatures as a game shows them at `time`: playing the parent's animation when
/// they have one of that name (the runtime fades it in on every child that inherits animation),
/// else their default animation (`animation.play()` when the slot shows them). The runtime's
/// children run on the parent's clock, so the same time is used.
fn pose_children(runtime: &mut Runtime<'_>, parent_animation: Option<&str>, time: f64) {
    for child in &mut runtime.children {
        let chosen = child_animation(child.data, parent_animation);
        if let Some(name) = &chosen {
            // −1: the animation's own `playTimes`, as `play()` and `fadeIn()` use.
            child.goto_and_play_by_time(name, time, -1.0);
        }
        pose_children(child, chosen.as_deref(), time);
    }
}

/// The animation a child armature plays under a parent playing `parent_animation`.
fn child_animation(data: &ArmatureData, parent_animation: Option<&str>) -> Option<String> {
    parent_animation
        .and_then(|name| data.animation(name))
        .or(data.default_animation)
        .map(|i| data.animations[i].name.clone())
}

/// What every instance reads.
struct Doc<'a> {
    text: &'a str,
    file: &'a DragonBonesFile,
    atlases: &'a [PairedAtlas],
}

impl Doc<'_> {
    fn name_range(&self, node: NodeId) -> Option<ByteRange> {
        self.file.tree.get(self.text, node, key::NAME).map(|v| self.file.tree.range(v).into())
    }

    fn range(&self, node: NodeId) -> ByteRange {
        self.file.tree.range(node).into()
    }

    fn display_ref(&self, display: &DisplayData) -> DisplayRef {
        DisplayRef { name: display.name.clone(), path: display.path.clone(), range: self.range(display.node) }
    }

    /// The first paired atlas with the texture `path`: its index and the texture's region.
    fn texture(&self, path: &str) -> Option<(usize, &PairedAtlas, Region)> {
        self.atlases.iter().enumerate().find_map(|(i, atlas)| {
            let t = atlas.textures.iter().position(|(name, _)| name == path)?;
            Some((i, atlas, atlas.regions.get(t).copied().unwrap_or_default()))
        })
    }
}

/// Where an instance goes in the scene.
struct Placement {
    /// From the instance's space to the scene's.
    matrix: Matrix,
    /// The alpha of the slots showing it (engines set it on the child's container).
    alpha: f64,
    slot: Option<usize>,
}

struct Builder<'a> {
    doc: &'a Doc<'a>,
    scene: Scene2d,
    /// Textures no atlas has, in the order met (once each).
    missing: Vec<String>,
}

fn to_scene(m: &Matrix, placement: &Placement) -> Matrix {
    let mut out = *m;
    out.concat(&placement.matrix);
    out
}

impl Builder<'_> {
    fn instance(&mut self, rt: &Runtime<'_>, placement: &Placement, animation: Option<String>, time: f64) {
        let playing = animation.clone();
        let doc = self.doc;
        let data = rt.data;
        let instance = self.scene.instances.len();
        self.scene.instances.push(Instance2d {
            armature: data.name.clone(),
            range: doc.range(data.node),
            slot: placement.slot,
            matrix: placement.matrix.to_array(),
            animation,
            time,
        });
        let bone_base = self.scene.bones.len();
        for state in &rt.bones {
            let bone = &data.bones[state.data];
            self.scene.bones.push(Bone2d {
                instance,
                name: bone.name.clone(),
                parent: state.parent.map(|p| bone_base + p),
                matrix: to_scene(&state.matrix, placement).to_array(),
                length: bone.length,
                range: doc.range(bone.node),
                name_range: doc.name_range(bone.node),
            });
        }
        let slot_base = self.scene.slots.len();
        for (i, slot) in data.slots.iter().enumerate() {
            let (bone, display_index, z_order, matrix) = match rt.slot(i) {
                Some((_, s)) => (s.parent, s.display_index as i64, s.z_order as i64, to_scene(&s.matrix, placement)),
                None => (0, -1, i as i64, placement.matrix),
            };
            self.scene.slots.push(Slot2d {
                instance,
                name: slot.name.clone(),
                bone: bone_base + bone,
                display_index,
                z_order,
                matrix: matrix.to_array(),
                range: doc.range(slot.node),
                name_range: doc.name_range(slot.node),
            });
        }
        for (r, state) in rt.slots.iter().enumerate() {
            let slot = slot_base + state.data;
            let raw = state.frame.and_then(|f| state.frames[f].raw);
            let matrix = to_scene(&state.matrix, placement);
            let alpha = state.global_alpha * placement.alpha;
            let color = color(&state.color);
            let blend_mode = BlendMode2d::from_index(data.slots[state.data].blend_mode);
            match (state.display, raw) {
                (DisplayObject::Raw, Some(display)) => {
                    let drawable = self.image(slot, display, &matrix, color, alpha, blend_mode);
                    self.scene.drawables.push(drawable);
                }
                (DisplayObject::Mesh, Some(display)) => {
                    let Some(vertices) = rt.mesh_in_armature_space(r) else { continue };
                    let geometry = state.geometry.and_then(|g| rt.geometries.get(g));
                    let mut drawable = Drawable2d {
                        kind: DrawableKind::Mesh,
                        slot,
                        display: doc.display_ref(display),
                        texture: None,
                        region: None,
                        vertices: Vec::with_capacity(vertices.len()),
                        uvs: Vec::new(),
                        triangles: Vec::new(),
                        image_matrix: None,
                        color,
                        alpha,
                        blend_mode,
                    };
                    for p in vertices.chunks_exact(2) {
                        let (x, y) = placement.matrix.transform_point(p[0], p[1]);
                        drawable.vertices.extend([x, y]);
                    }
                    let count = vertices.len() / 2;
                    if let Some(g) = geometry {
                        drawable.triangles = g
                            .triangles
                            .chunks_exact(3)
                            .filter(|t| t.iter().all(|&v| v >= 0 && (v as usize) < count))
                            .flatten()
                            .map(|&v| v as u32)
                            .collect();
                        match doc.texture(&display.path) {
                            Some((atlas, _, region)) => {
                                drawable.texture = Some(self.texture_index(atlas));
                                drawable.region = Some(region2d(&region));
                                let uvs = g.uvs.as_deref().unwrap_or(&[]);
                                for v in 0..count {
                                    let at = |i: usize| uvs.get(i).copied().unwrap_or(f64::NAN);
                                    let (u, w) = mesh_uv(&region, at(v * 2), at(v * 2 + 1));
                                    drawable.uvs.extend([u, w]);
                                }
                            }
                            None => self.note_missing(&display.path),
                        }
                    }
                    self.scene.drawables.push(drawable);
                }
                (DisplayObject::Armature(c), _) => {
                    let Some(child) = rt.children.get(c) else { continue };
                    let inner = Placement { matrix, alpha: alpha * state.color.alpha_multiplier, slot: Some(slot) };
                    let animation = child_animation(child.data, playing.as_deref());
                    self.instance(child, &inner, animation, time);
                }
                (DisplayObject::None, Some(display)) if matches!(display.kind, DisplayKind::BoundingBox) => {
                    let outline = bounding_box(doc, display, &matrix);
                    self.scene.bounding_boxes.push(BoundingBox2d {
                        slot,
                        display: doc.display_ref(display),
                        shape: outline.0,
                        outline: outline.1,
                    });
                }
                _ => {}
            }
        }
    }

    /// An image display: the texture's frame around the pivot, in the slot's place.
    fn image(
        &mut self,
        slot: usize,
        display: &DisplayData,
        slot_matrix: &Matrix,
        color: ColorTransform2d,
        alpha: f64,
        blend_mode: BlendMode2d,
    ) -> Drawable2d {
        let mut drawable = Drawable2d {
            kind: DrawableKind::Image,
            slot,
            display: self.doc.display_ref(display),
            texture: None,
            region: None,
            vertices: Vec::new(),
            uvs: Vec::new(),
            triangles: Vec::new(),
            image_matrix: None,
            color,
            alpha,
            blend_mode,
        };
        let DisplayKind::Image { pivot_x, pivot_y } = display.kind else { return drawable };
        let Some((atlas_index, atlas, region)) = self.doc.texture(&display.path) else {
            self.note_missing(&display.path);
            return drawable;
        };
        let scale = 1.0 / atlas.scale;
        // The picture's size (a rotated region is stored turned: its width is the picture's height).
        let (width, height) =
            if region.rotated { (region.height, region.width) } else { (region.width, region.height) };
        let (frame_w, frame_h) = region.frame.map_or((width, height), |f| (f[2], f[3]));
        let mut px = pivot_x * frame_w * scale;
        let mut py = pivot_y * frame_h * scale;
        if let Some(f) = region.frame {
            px += f[0] * scale;
            py += f[1] * scale;
        }
        // Atlas pixels → picture pixels → the display's space → the scene's.
        let to_picture = if region.rotated {
            Matrix { a: 0.0, b: -1.0, c: 1.0, d: 0.0, tx: -region.y, ty: region.x + region.width }
        } else {
            Matrix { a: 1.0, b: 0.0, c: 0.0, d: 1.0, tx: -region.x, ty: -region.y }
        };
        let mut m = to_picture;
        m.concat(&Matrix { a: scale, b: 0.0, c: 0.0, d: scale, tx: -px, ty: -py });
        m.concat(slot_matrix);
        let corners = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)];
        for (x, y) in corners {
            let (sx, sy) = slot_matrix.transform_point(x * scale - px, y * scale - py);
            drawable.vertices.extend([sx, sy]);
            let (u, v) =
                if region.rotated { (region.x + region.width - y, region.y + x) } else { (region.x + x, region.y + y) };
            drawable.uvs.extend([u, v]);
        }
        drawable.triangles = vec![0, 1, 2, 0, 2, 3];
        drawable.texture = Some(self.texture_index(atlas_index));
        drawable.region = Some(region2d(&region));
        drawable.image_matrix = Some(m.to_array());
        drawable
    }

    fn note_missing(&mut self, texture: &str) {
        if !self.missing.iter().any(|t| t == texture) {
            self.missing.push(texture.to_owned());
        }
    }

    /// The scene's texture for paired atlas `atlas`, added on first use.
    fn texture_index(&mut self, atlas: usize) -> usize {
        let paired = &self.doc.atlases[atlas];
        let path = paired.path.to_string_lossy().into_owned();
        if let Some(i) = self.scene.textures.iter().position(|t| t.atlas == path) {
            return i;
        }
        let image = paired.image_path.as_ref().map(|p| {
            let folder = paired.path.parent().map_or_else(PathBuf::new, Path::to_path_buf);
            folder.join(p).to_string_lossy().into_owned()
        });
        self.scene.textures.push(Texture2d { atlas: path, image, width: paired.width, height: paired.height });
        self.scene.textures.len() - 1
    }
}

/// A mesh's texture coordinate (0…1 over its picture) in atlas pixels, as the engine slots map it.
fn mesh_uv(region: &Region, u: f64, v: f64) -> (f64, f64) {
    if region.rotated {
        (region.x + (1.0 - v) * region.width, region.y + u * region.height)
    } else {
        (region.x + u * region.width, region.y + v * region.height)
    }
}

fn region2d(r: &Region) -> Region2d {
    Region2d { x: r.x, y: r.y, width: r.width, height: r.height, rotated: r.rotated }
}

fn color(c: &ColorTransform) -> ColorTransform2d {
    ColorTransform2d {
        alpha_multiplier: c.alpha_multiplier,
        red_multiplier: c.red_multiplier,
        green_multiplier: c.green_multiplier,
        blue_multiplier: c.blue_multiplier,
        alpha_offset: c.alpha_offset,
        red_offset: c.red_offset,
        green_offset: c.green_offset,
        blue_offset: c.blue_offset,
    }
}

/// A bounding-box display's shape and outline in the scene (`_parseBoundingBox`: a rectangle or
/// ellipse of `width`×`height` centred on the display's origin, or a polygon's `vertices`).
fn bounding_box(doc: &Doc<'_>, display: &DisplayData, matrix: &Matrix) -> (BoxShape, Vec<f64>) {
    let raw = Raw::new(&doc.file.tree, doc.text);
    let node = display.node;
    let shape = match raw.get(node, key::SUB_TYPE) {
        // The names of the schema's `subType` enumeration, in its order, case aside.
        Some(t) if raw.kind(t) == NodeKind::String => match BOUNDING_BOX_TYPE.ordinal(&raw.to_js_string(t)) {
            Some(1) => BoxShape::Ellipse,
            Some(2) => BoxShape::Polygon,
            _ => BoxShape::Rectangle,
        },
        _ => match raw.number(node, key::SUB_TYPE, 0.0) {
            1.0 => BoxShape::Ellipse,
            2.0 => BoxShape::Polygon,
            _ => BoxShape::Rectangle,
        },
    };
    let (w, h) = (raw.number(node, key::WIDTH, 0.0) / 2.0, raw.number(node, key::HEIGHT, 0.0) / 2.0);
    let local: Vec<(f64, f64)> = match shape {
        BoxShape::Rectangle => vec![(-w, -h), (w, -h), (w, h), (-w, h)],
        BoxShape::Ellipse => (0..32)
            .map(|i| {
                let a = i as f64 / 32.0 * std::f64::consts::TAU;
                (w * a.cos(), h * a.sin())
            })
            .collect(),
        BoxShape::Polygon => {
            raw.numbers_at(node, key::VERTICES).unwrap_or_default().chunks_exact(2).map(|p| (p[0], p[1])).collect()
        }
    };
    let outline = local
        .into_iter()
        .flat_map(|(x, y)| {
            let (x, y) = matrix.transform_point(x, y);
            [x, y]
        })
        .collect();
    (shape, outline)
}

/// The box around the drawables that can be seen (some are faded out to nothing); around the
/// slots' and bones' origins when nothing has a size.
fn bounds(scene: &Scene2d) -> Option<Bounds2d> {
    let mut b = None;
    let visible = |d: &&Drawable2d| d.alpha > 0.0 && (d.color.alpha_multiplier > 0.0 || d.color.alpha_offset > 0.0);
    for d in scene.drawables.iter().filter(visible) {
        for p in d.vertices.chunks_exact(2) {
            grow(&mut b, p);
        }
    }
    for d in scene.drawables.iter().filter(|d| d.vertices.is_empty()) {
        let m = &scene.slots[d.slot].matrix;
        grow(&mut b, &[m[4], m[5]]);
    }
    if b.is_none() {
        for bone in &scene.bones {
            let m = Matrix::from_slice(&bone.matrix);
            grow(&mut b, &[m.tx, m.ty]);
            let (x, y) = m.transform_point(bone.length, 0.0);
            grow(&mut b, &[x, y]);
        }
    }
    b.map(|(min, max)| Bounds2d { min_x: min[0], min_y: min[1], max_x: max[0], max_y: max[1] })
}
