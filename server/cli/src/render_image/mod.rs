//! `rigls render FILE [--armature NAME] [--animation NAME] [--time SECONDS | --frame N]
//! [--size WxH] [--bones] [--view VIEW] [--sheet N] [--outline] -o OUT.(png|svg|gif|json)`:
//! pictures of the scene `ide::scene` builds — the I/O around it (reading the model, its atlas
//! images and textures, writing the picture) and the choice of times; [`draw2d`] and [`draw3d`]
//! lay the scene out as primitives, [`raster`] and [`svg`] draw those.

mod canvas;
mod draw2d;
mod draw3d;
mod encode;
mod raster;
mod svg;

pub use draw3d::View;

use std::path::{Path, PathBuf};

use canvas::{Canvas, Fit, Prim, rgb};
use tiny_skia::Pixmap;

use super::{exit, input};
use rigls_ide::scene::{self, Scene, SceneContent, SceneRequest};
use rigls_protocol::SceneJson;

pub struct RenderArgs<'a> {
    /// `-`: the text comes from stdin, named (for its atlas and textures) `stdin_filename`.
    pub file: &'a Path,
    pub stdin_filename: Option<&'a Path>,
    pub armature: Option<String>,
    pub animation: Option<String>,
    pub time: Option<f64>,
    pub frame: Option<f64>,
    pub size: (u32, u32),
    pub bones: bool,
    pub view: Option<View>,
    pub sheet: Option<usize>,
    pub outline: bool,
    pub output: &'a Path,
    /// `--target`: the runtime to draw the model as.
    pub target: Option<rigls_diagnostic::Target>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Output {
    Png,
    Svg,
    Gif,
    Json,
}

/// The largest picture (a sheet's frames together): 64 MiB of pixels, 256 MiB supersampled.
const MAX_PIXELS: u64 = 4096 * 4096;

/// The background of GIF frames (GIF has no partial transparency).
const GIF_BACKGROUND: [f32; 4] = [1.0, 1.0, 1.0, 1.0];

/// A failure: its message, printed after `error: `.
struct Failure(String);

pub fn run(args: RenderArgs<'_>) -> u8 {
    match render(&args) {
        Ok(notes) => {
            for note in notes {
                eprintln!("note: {note}");
            }
            exit::OK
        }
        Err(Failure(message)) => {
            eprintln!("error: {message}");
            exit::USAGE
        }
    }
}

fn render(args: &RenderArgs<'_>) -> Result<Vec<String>, Failure> {
    let extension = args.output.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    let output = match extension.as_deref() {
        Some("png") => Output::Png,
        Some("svg") => Output::Svg,
        Some("gif") => Output::Gif,
        Some("json") => Output::Json,
        _ => {
            return Err(Failure(format!(
                "{}: the output's extension says what to write: .png, .svg, .gif (animated) or .json (the scene)",
                args.output.display()
            )));
        }
    };
    let (w, h) = args.size;
    if w == 0 || h == 0 || w > 8192 || h > 8192 {
        return Err(Failure(format!("--size {w}x{h}: each side must be 1 to 8192 pixels")));
    }
    let (columns, rows) = grid(args.sheet);
    let cells = (columns * rows) as u64;
    if u64::from(w) * u64::from(h) * cells > MAX_PIXELS {
        return Err(Failure(format!(
            "{w}x{h}{}: at most {MAX_PIXELS} pixels in all (rendering holds four times as many)",
            args.sheet.map_or_else(String::new, |n| format!(" × {n} frames"))
        )));
    }
    if let Some(t) = args.time.filter(|t| !t.is_finite()) {
        return Err(Failure(format!("--time {t}: must be a finite number of seconds")));
    }
    if args.sheet == Some(0) {
        return Err(Failure("--sheet needs at least 1 frame".to_owned()));
    }
    if output == Output::Gif && args.sheet.is_some() {
        return Err(Failure("--sheet draws one picture: write it as .png or .svg, not .gif".to_owned()));
    }
    let from_stdin = args.file == Path::new("-");
    let file = if from_stdin { args.stdin_filename.unwrap_or(args.file) } else { args.file };
    // The `rigls.toml` that applies, read once: its targets and severities.
    let config = super::targets::config_of(file);
    let analysis = input::model(file, from_stdin, args.target, config.as_ref()).map_err(Failure)?;
    let loaded_past = input::refuse_errors(&analysis, &file.display().to_string(), config.as_ref()).map_err(Failure)?;
    let at = |e: scene::SceneError| Failure(format!("{}: {e}", file.display()));
    let target = super::targets::for_one_file(file, &analysis, args.target, config.as_ref()).map_err(Failure)?;
    let mut request =
        SceneRequest { armature: args.armature.clone(), animation: args.animation.clone(), time: 0.0, target };
    // What the document offers, to choose times (the setup pose is always there).
    let probe = scene::scenes_at(&analysis, &SceneRequest { animation: None, ..request.clone() }, &[0.0])
        .map_err(at)?
        .pop()
        .expect("one time, one scene");
    if args.view.is_some() && probe.flat().is_some() {
        return Err(Failure("--view applies to .elem models: a DragonBones armature is flat".to_owned()));
    }
    let animated = output == Output::Gif || args.sheet.is_some();
    if animated && request.animation.is_none() {
        request.animation =
            probe.default_animation.clone().or_else(|| probe.animations.first().map(|a| a.name.clone()));
        if request.animation.is_none() {
            return Err(Failure(format!(
                "{}: {} has no animation to play; render a .png or .svg of its setup pose",
                file.display(),
                probe.armature.as_deref().map_or_else(|| "the model".to_owned(), |a| format!("armature \"{a}\""))
            )));
        }
    }
    let info = match &request.animation {
        Some(name) => match probe.animations.iter().find(|a| &a.name == name) {
            Some(info) => Some(info.clone()),
            None => {
                let known = probe.animations.iter().map(|a| a.name.clone()).collect();
                return Err(at(scene::SceneError::UnknownAnimation { name: name.clone(), known }));
            }
        },
        None => None,
    };
    let (times, delays) = match (&info, output, args.sheet) {
        (Some(info), Output::Gif, _) => {
            let count = (info.frame_count.max(1.0) as usize).min(10_000);
            let (frames, delays) = encode::gif_timing(count, info.frame_rate);
            (frames.iter().map(|&f| info.time_of_frame(f)).collect(), delays)
        }
        (Some(info), _, Some(n)) => ((0..n).map(|i| info.duration * i as f64 / n as f64).collect(), Vec::new()),
        (_, _, Some(n)) => (vec![0.0; n], Vec::new()),
        (info, _, None) => {
            let t = match (args.frame, info) {
                (Some(f), Some(info)) => info.time_of_frame(f),
                _ => args.time.unwrap_or(0.0),
            };
            (vec![t], Vec::new())
        }
    };
    let scenes = scene::scenes_at(&analysis, &request, &times).map_err(at)?;
    let mut notes: Vec<String> = loaded_past.into_iter().chain(input::armature_note(&analysis, &request)).collect();
    for note in scenes.iter().flat_map(|s| s.notes.iter()) {
        if !notes.contains(note) {
            notes.push(note.clone());
        }
    }
    if output == Output::Json {
        let plain: Vec<SceneJson> = scenes.iter().map(SceneJson::plain).collect();
        let json = if plain.len() == 1 { serde_json::to_string(&plain[0]) } else { serde_json::to_string(&plain) }
            .expect("a scene serialises");
        write(args.output, format!("{json}\n").as_bytes())?;
        return Ok(notes);
    }
    let pictures = Pictures::load(&scenes, args, &mut notes)?;
    let canvases = lay_out(&scenes, &pictures, args, &mut notes);
    match output {
        Output::Png => {
            let pixmap = raster::rasterise(&canvases[0], &pictures.pixmaps, None);
            write(args.output, &encode::encode_png(&pixmap))?;
        }
        Output::Svg => {
            let textures: Vec<svg::SvgTexture> = pictures
                .files
                .iter()
                .zip(&pictures.pixmaps)
                .map(|(png, p)| svg::SvgTexture { png, width: p.width(), height: p.height() })
                .collect();
            write(args.output, svg::write(&canvases[0], &textures, None).as_bytes())?;
        }
        Output::Gif => {
            let frames: Vec<Pixmap> =
                canvases.iter().map(|c| raster::rasterise(c, &pictures.pixmaps, Some(GIF_BACKGROUND))).collect();
            let gif =
                encode::encode_gif(&frames, &delays).map_err(|e| Failure(format!("cannot write the GIF: {e}")))?;
            write(args.output, &gif)?;
        }
        Output::Json => unreachable!("written above"),
    }
    Ok(notes)
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    std::fs::write(path, bytes).map_err(|e| Failure(input::cannot_write(&path.display().to_string(), &e)))
}

/// The images a render reads: atlas images (2-D) or material textures (3-D), each once.
struct Pictures {
    /// Decoded, and the file bytes (for SVG).
    pixmaps: Vec<Pixmap>,
    files: Vec<Vec<u8>>,
    paths: Vec<PathBuf>,
    /// Per path asked for, what came of it (`None`: not readable, already noted).
    by_path: Vec<(String, Option<usize>)>,
}

impl Pictures {
    fn load(scenes: &[Scene], args: &RenderArgs<'_>, notes: &mut Vec<String>) -> Result<Pictures, Failure> {
        let mut pictures = Pictures { pixmaps: Vec::new(), files: Vec::new(), paths: Vec::new(), by_path: Vec::new() };
        for s in scenes {
            match &s.content {
                SceneContent::Flat(flat) => {
                    if flat.atlases.is_empty() && !flat.drawables.is_empty() && !args.outline {
                        let found = s
                            .notes
                            .first()
                            .map_or("no texture atlas found", |n| n.trim_end_matches(": images have no size"));
                        return Err(Failure(format!(
                            "{}: {found}: its images have no size and nothing can be textured; render with --outline to draw its meshes and image origins without one",
                            args.stdin_filename.filter(|_| args.file == Path::new("-")).unwrap_or(args.file).display(),
                        )));
                    }
                    if args.outline {
                        continue;
                    }
                    for t in &flat.textures {
                        if pictures.by_path.iter().any(|(p, _)| *p == t.atlas) {
                            continue;
                        }
                        let loaded = match &t.image {
                            None => {
                                notes.push(format!(
                                    "{} names no image (imagePath): its displays are drawn as outlines",
                                    t.atlas
                                ));
                                None
                            }
                            Some(image) => pictures.atlas_image(Path::new(image), &t.atlas, notes)?,
                        };
                        pictures.by_path.push((t.atlas.clone(), loaded));
                    }
                }
                SceneContent::Solid(solid) => {
                    for m in &solid.materials {
                        let Some(path) = &m.texture_path else { continue };
                        if pictures.by_path.iter().any(|(p, _)| p == path) {
                            continue;
                        }
                        let loaded = pictures.texture(Path::new(path), notes);
                        pictures.by_path.push((path.clone(), loaded));
                    }
                }
            }
        }
        Ok(pictures)
    }

    /// An atlas image: missing means outlines (said once); present but unreadable is an error.
    fn atlas_image(&mut self, path: &Path, atlas: &str, notes: &mut Vec<String>) -> Result<Option<usize>, Failure> {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                notes.push(format!(
                    "atlas image {} (the imagePath of {atlas}) not found: its displays are drawn as outlines",
                    path.display()
                ));
                return Ok(None);
            }
            Err(e) => return Err(Failure(input::cannot_read(&path.display().to_string(), &e))),
        };
        let pixmap = encode::decode_png(&bytes)
            .map_err(|why| Failure(format!("the atlas image {} is {why}", path.display())))?;
        Ok(Some(self.add(path, bytes, pixmap)))
    }

    /// A model's texture: drawn when it is a PNG that can be read, else the material's colour.
    fn texture(&mut self, path: &Path, notes: &mut Vec<String>) -> Option<usize> {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(_) => {
                notes.push(format!("texture {} not found: drawn with its material's diffuse colour", path.display()));
                return None;
            }
        };
        match encode::decode_png(&bytes) {
            Ok(pixmap) => Some(self.add(path, bytes, pixmap)),
            Err(why) => {
                notes.push(format!("texture {} is {why}: drawn with its material's diffuse colour", path.display()));
                None
            }
        }
    }

    fn add(&mut self, path: &Path, bytes: Vec<u8>, pixmap: Pixmap) -> usize {
        self.paths.push(path.to_path_buf());
        self.files.push(bytes);
        self.pixmaps.push(pixmap);
        self.pixmaps.len() - 1
    }

    fn of(&self, path: &str) -> Option<usize> {
        self.by_path.iter().find(|(p, _)| p == path).and_then(|(_, i)| *i)
    }
}

/// The columns and rows of a sheet of `frames` (one cell without a sheet): as square as it goes.
fn grid(frames: Option<usize>) -> (usize, usize) {
    let columns = frames.map_or(1, |n| (n as f64).sqrt().ceil() as usize).max(1);
    (columns, frames.map_or(1, |n| n.div_ceil(columns)).max(1))
}

/// One canvas per picture written: a sheet's frames side by side on one, a GIF's on one each.
/// A note says when a 3-D model is seen only edge-on (nothing of it is drawn).
fn lay_out(scenes: &[Scene], pictures: &Pictures, args: &RenderArgs<'_>, notes: &mut Vec<String>) -> Vec<Canvas> {
    let (w, h) = args.size;
    let camera = scenes
        .first()
        .and_then(Scene::solid)
        .map(|s| draw3d::Camera::new(args.view.unwrap_or(View::Front), s.right_handed));
    // One fit for every frame, so that the model does not jump between them.
    let mut bounds: Option<((f64, f64), (f64, f64))> = None;
    let mut grow = |x: f64, y: f64| {
        if x.is_finite() && y.is_finite() {
            let b = bounds.get_or_insert(((x, y), (x, y)));
            b.0 = (b.0.0.min(x), b.0.1.min(y));
            b.1 = (b.1.0.max(x), b.1.1.max(y));
        }
    };
    for s in scenes {
        match &s.content {
            SceneContent::Flat(flat) => {
                if let Some(b) = flat.bounds {
                    grow(b.min_x, b.min_y);
                    grow(b.max_x, b.max_y);
                }
                // Outlines are drawn whatever the display's alpha: fit them too.
                for d in &flat.drawables {
                    let loaded = d.texture.and_then(|t| flat.textures.get(t)).and_then(|t| pictures.of(&t.atlas));
                    if draw2d::outlined(d, loaded.is_some(), args.outline) {
                        d.vertices.chunks_exact(2).for_each(|p| grow(p[0], p[1]));
                        if d.vertices.is_empty() {
                            let m = &flat.slots[d.slot].matrix;
                            grow(m[4], m[5]);
                        }
                    }
                }
                if args.outline || args.bones {
                    for b in &flat.bounding_boxes {
                        b.outline.chunks_exact(2).for_each(|p| grow(p[0], p[1]));
                    }
                }
                if args.bones || flat.drawables.is_empty() {
                    for bone in &flat.bones {
                        let m = &bone.matrix;
                        grow(m[4], m[5]);
                        grow(m[0] * bone.length + m[4], m[1] * bone.length + m[5]);
                    }
                }
            }
            SceneContent::Solid(solid) => {
                let camera = camera.expect("a 3-D scene has a camera");
                let mut b = None;
                for m in &solid.meshes {
                    camera.grow(&m.positions, &mut b);
                }
                if args.bones || solid.meshes.is_empty() {
                    for n in &solid.nodes {
                        camera.grow(&n.matrix[12..15], &mut b);
                    }
                }
                if let Some((min, max)) = b {
                    grow(min.0, min.1);
                    grow(max.0, max.1);
                }
            }
        }
    }
    let (min, max) = bounds.unwrap_or(((-1.0, -1.0), (1.0, 1.0)));
    let (columns, rows) = grid(args.sheet);
    let faces = std::cell::Cell::new(draw3d::Faces::default());
    let draw = |s: &Scene, cell: (f64, f64), prims: &mut Vec<Prim>| {
        let fit = Fit::new(min, max, w, h, cell);
        match &s.content {
            SceneContent::Flat(flat) => {
                let loaded: Vec<Option<draw2d::Loaded>> = flat
                    .textures
                    .iter()
                    .map(|t| {
                        let index = pictures.of(&t.atlas)?;
                        let p = &pictures.pixmaps[index];
                        let fx = t.width.map_or(1.0, |dw| f64::from(p.width()) / dw);
                        let fy = t.height.map_or(1.0, |dh| f64::from(p.height()) / dh);
                        Some(draw2d::Loaded { index, factor: (fx, fy) })
                    })
                    .collect();
                let style = draw2d::Style { outline: args.outline, bones: args.bones || flat.drawables.is_empty() };
                draw2d::draw(flat, &fit, &loaded, &style, prims);
            }
            SceneContent::Solid(solid) => {
                let textures: Vec<Option<draw3d::LoadedTexture>> = solid
                    .materials
                    .iter()
                    .map(|m| {
                        let index = pictures.of(m.texture_path.as_deref()?)?;
                        let p = &pictures.pixmaps[index];
                        Some(draw3d::LoadedTexture {
                            index,
                            width: f64::from(p.width()),
                            height: f64::from(p.height()),
                        })
                    })
                    .collect();
                let camera = camera.expect("a 3-D scene has a camera");
                let drawn = draw3d::draw(solid, &camera, &fit, &textures, args.bones || solid.meshes.is_empty(), prims);
                faces.set(draw3d::Faces { all: faces.get().all + drawn.all, seen: faces.get().seen + drawn.seen });
            }
        }
    };
    let canvases = if args.sheet.is_some() {
        let mut canvas = Canvas { width: w * columns as u32, height: h * rows as u32, prims: Vec::new() };
        for (i, s) in scenes.iter().enumerate() {
            let cell = ((i % columns) as f64 * f64::from(w), (i / columns) as f64 * f64::from(h));
            draw(s, cell, &mut canvas.prims);
        }
        let grid = rgb(0x808080, 0.35);
        for c in 1..columns {
            let x = (c as u32 * w) as f32;
            canvas.prims.push(Prim::Stroke {
                points: vec![(x, 0.0), (x, canvas.height as f32)],
                closed: false,
                color: grid,
                width: 1.0,
            });
        }
        for r in 1..rows {
            let y = (r as u32 * h) as f32;
            canvas.prims.push(Prim::Stroke {
                points: vec![(0.0, y), (canvas.width as f32, y)],
                closed: false,
                color: grid,
                width: 1.0,
            });
        }
        vec![canvas]
    } else {
        scenes
            .iter()
            .map(|s| {
                let mut canvas = Canvas { width: w, height: h, prims: Vec::new() };
                draw(s, (0.0, 0.0), &mut canvas.prims);
                canvas
            })
            .collect()
    };
    let faces = faces.get();
    if faces.all > 0 && faces.seen == 0 {
        let view = format!("{:?}", args.view.unwrap_or(View::Front)).to_lowercase();
        notes.push(format!(
            "the {view} view sees every face of the model edge-on, so no face is drawn{}: try another --view",
            if args.bones { " (only the bones)" } else { "" }
        ));
    }
    canvases
}
