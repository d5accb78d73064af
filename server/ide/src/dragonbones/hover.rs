//! Hover: schema documentation for keys (version-aware), what a name is and where, the target of
//! an index, colour swatches for colour transforms and integer colours, and key-frame timing.

use super::colors::{self, Transform};
use super::describe::{self, Example};
use super::names::{self, Target};
use super::{Cursor, DragonBonesDoc, code, indices, plural};
use crate::capped;
use crate::color::swatch_markdown;
use crate::links::location_link;
use crate::{Analysis, Hover};
use rigls_dragonbones::eval::frame_table::{frame_shown, key_frame_starts};
use rigls_dragonbones::model::{Def, NameAt, Ref, Scope, Site, display_type};
use rigls_dragonbones::schema::key;
use rigls_dragonbones::schema::{self, DisplayType, NameKind, ObjectKind, ValueType};
use rigls_dragonbones::syntax::{NodeId, NodeKind};
use std::collections::{HashMap, HashSet};

pub fn hover(analysis: &Analysis, offset: u32) -> Option<Hover> {
    let ctx = DragonBonesDoc::new(analysis)?;
    if let Some(at) = names::name_at(&ctx, offset) {
        let range = match at {
            NameAt::Def(d) if d.implicit => return object_hover(&ctx, offset),
            NameAt::Def(d) => d.range,
            NameAt::Ref(r) => r.range,
        };
        return Some(Hover { range, markdown: name_markdown(&ctx, at) });
    }
    if let Some(index) = indices::index_at(&ctx, offset) {
        return Some(Hover { range: index.range, markdown: index.resolved.markdown });
    }
    let cursor = Cursor::at(&ctx, offset)?;
    let kind = cursor.kind?;
    let Some(member) = cursor.member else { return object_hover(&ctx, offset) };
    let def = cursor.key_def(&ctx)?;
    let mut markdown = describe::key_markdown(schema::object_def(kind), def, ctx.version(), Example::Omitted);
    let range = if cursor.on_key { ctx.tree.range(member.key) } else { ctx.tree.range(cursor.leaf) };
    if !cursor.on_key {
        let value = member.value;
        if let Some(extra) = value_note(&ctx, kind, def.name, def.ty, value) {
            markdown = format!("{extra}\n\n---\n\n{markdown}");
        }
    }
    if kind == ObjectKind::Color
        && let Some(t) = Transform::read(&ctx, cursor.object)
    {
        markdown = format!("{}\n\n---\n\n{markdown}", colors::transform_markdown(&t));
    }
    if def.name == key::DURATION {
        let timing = match kind {
            ObjectKind::Animation => Some(animation_length(&ctx, cursor.object)),
            _ if kind.is_key_frame() => frame_timing(&ctx, cursor.object),
            _ => None,
        };
        if let Some(timing) = timing {
            markdown = format!("{timing}\n\n---\n\n{markdown}");
        }
    }
    if let Some(state) = super::pose_hover::key_frame(&ctx, cursor.object) {
        markdown = format!("{state}\n\n---\n\n{markdown}");
    }
    Some(Hover { range, markdown })
}

/// `**Length:** 10 frames (0.417 s at 24 fps)` for an animation.
fn animation_length(ctx: &DragonBonesDoc, animation: NodeId) -> String {
    let frames = ctx.int(animation, key::DURATION).unwrap_or(0).max(0);
    let fps = frame_rate(ctx, ctx.model.armature_at(ctx.tree, ctx.tree.range(animation).start));
    format!(
        "**Length:** {} ({} at {fps} fps)",
        plural(frames as usize, "frame", "frames"),
        seconds(frames as f64 / fps as f64)
    )
}

/// On an object's brace: what the object is (a colour transform shows its colour).
fn object_hover(ctx: &DragonBonesDoc, offset: u32) -> Option<Hover> {
    let cursor = Cursor::at(ctx, offset)?;
    let kind = cursor.kind?;
    let range = ctx.tree.range(cursor.object);
    let brace = rigls_text::TextRange::new(range.start, (range.start + 1).min(range.end));
    let mut markdown = describe::object_markdown(schema::object_def(kind));
    if kind == ObjectKind::Color
        && let Some(t) = Transform::read(ctx, cursor.object)
    {
        markdown = format!("{}\n\n---\n\n{markdown}", colors::transform_markdown(&t));
    }
    if let Some(def) = ctx.model.defs.iter().find(|d| d.node == cursor.object && d.implicit) {
        markdown = format!("{}\n\n---\n\n{markdown}", def_markdown(ctx, def));
    }
    Some(Hover { range: brace, markdown })
}

/// What a value means beyond the key's documentation: an enum member, an integer colour.
fn value_note(ctx: &DragonBonesDoc, kind: ObjectKind, key: &str, ty: ValueType, value: NodeId) -> Option<String> {
    match ty {
        ValueType::Enum(e) => {
            let ordinal = match ctx.tree.kind(value) {
                NodeKind::String => e.ordinal(&ctx.tree.str(ctx.text, value)?),
                NodeKind::Number => {
                    usize::try_from(ctx.tree.int(ctx.text, value)?).ok().filter(|&i| e.name(i as i64).is_some())
                }
                _ => None,
            };
            Some(match ordinal {
                Some(i) => format!("**`{key}`** = `\"{}\"` (value {i})", e.name(i as i64)?),
                None => format!("**`{key}`**: unknown value: runtimes treat it as `\"{}\"`", e.names().next()?),
            })
        }
        _ if key == key::COLOR && matches!(kind, ObjectKind::Canvas | ObjectKind::Display) => {
            let rgb = ctx.tree.int(ctx.text, value)?;
            Some(format!("**`color`** `0x{:06X}`\n\n{}", rgb & 0xFF_FFFF, swatch_markdown(colors::from_rgb(rgb))))
        }
        _ => None,
    }
}

/// `**Key frame 2** of 4 · starts at frame 12 (0.5 s at 24 fps)` for a frame object.
fn frame_timing(ctx: &DragonBonesDoc, frame: NodeId) -> Option<String> {
    let chain = ctx.file.ancestry(frame);
    let array = *chain.iter().rev().nth(1).filter(|&&n| ctx.tree.is_array(n))?;
    let starts = key_frame_starts(ctx.tree, ctx.text, array, ctx.file.binary.is_some());
    let index = starts.iter().position(|f| f.node == frame)?;
    let (start, count) = (starts[index].start, starts.len());
    let fps = frame_rate(ctx, ctx.model.armature_at(ctx.tree, ctx.tree.range(frame).start));
    let animation = ctx.model.armatures.iter().flat_map(|a| &a.animations).find(|a| chain.contains(&a.node));
    Some(format!(
        "**Key frame {index}** of {count} · starts at frame {} ({} at {fps} fps){}",
        frame_shown(start),
        seconds(start / fps as f64),
        past_end(ctx, animation.map(|a| a.node), start)
    ))
}

/// `, after the animation's 6 frames: the runtimes drop it` for a key frame that starts at `start`,
/// past the end of the animation at `animation`; empty otherwise.
pub fn past_end(ctx: &DragonBonesDoc, animation: Option<NodeId>, start: f64) -> String {
    animation
        .and_then(|a| ctx.int(a, key::DURATION))
        .filter(|&d| d > 0 && start > d as f64)
        .map(|d| format!(", after the animation's {}: the runtimes drop it", plural(d as usize, "frame", "frames")))
        .unwrap_or_default()
}

/// The frame rate animations of an armature play at.
pub fn frame_rate(ctx: &DragonBonesDoc, armature: Option<u32>) -> i64 {
    let root = ctx.tree.root().and_then(|r| ctx.int(r, key::FRAME_RATE)).filter(|&f| f > 0).unwrap_or(24);
    armature
        .and_then(|a| ctx.model.armatures.get(a as usize))
        .and_then(|a| ctx.int(a.node, key::FRAME_RATE))
        .filter(|&f| f > 0)
        .unwrap_or(root)
}

/// `0.5 s`, `1.25 s`.
pub fn seconds(s: f64) -> String {
    let rounded = (s * 1000.0).round() / 1000.0;
    format!("{} s", rigls_dragonbones::schema::fmt_num(rounded))
}

// ---- names -------------------------------------------------------------------------------

pub fn name_markdown(ctx: &DragonBonesDoc, at: NameAt) -> String {
    match at {
        NameAt::Def(def) => {
            let mut out = def_markdown(ctx, def);
            if let Some(r) = names::doubled_ref(ctx, def) {
                out.push_str(&format!("\n\n---\n\n{}", ref_markdown(ctx, r)));
            }
            out
        }
        NameAt::Ref(r) => ref_markdown(ctx, r),
    }
}

fn ref_markdown(ctx: &DragonBonesDoc, r: &Ref) -> String {
    let what = r.kind.describe();
    match names::resolve(ctx, r) {
        Some(Target::Def(def)) => {
            let uses = ctx.model.references_to(def).count();
            let mut out = def_markdown(ctx, def);
            // A 2.3/3.0 timeline drives the bone and the slot of its name.
            if r.site == Site::LegacyTimeline
                && def.kind == NameKind::Bone
                && ctx.model.lookup(NameKind::Slot, r.scope, &r.name).is_some()
            {
                out.push_str(&format!("\n\nThis timeline also drives slot {}.", code(&r.name)));
            }
            format!("{out}\n\n_Referred to {}._", plural(uses, "time", "times"))
        }
        Some(Target::Atlas(atlas, i)) => {
            let file = atlas.path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
            // A link to the texture's name in the atlas.
            let file = match atlas.textures.get(i) {
                Some((_, range)) => location_link(&code(&file), Some(&atlas.path), range.start),
                None => code(&file),
            };
            let region = atlas.regions.get(i).map(|r| region_line(r.x, r.y, r.width, r.height, r.rotated));
            format!("**texture** {}\n\n- SubTexture of atlas {file}\n{}", code(&r.name), region.unwrap_or_default())
        }
        None => {
            let place = match r.scope {
                Scope::Armature(a) => ctx
                    .model
                    .armatures
                    .get(a as usize)
                    .map_or_else(String::new, |arm| format!(" in armature {}", code(&arm.name))),
                Scope::File if r.kind == NameKind::Texture => " in the atlases paired with this file".to_owned(),
                _ => String::new(),
            };
            format!("**{what}** {}\n\n⚠ No {what} of this name{place}.", code(&r.name))
        }
    }
}

fn region_line(x: f64, y: f64, w: f64, h: f64, rotated: bool) -> String {
    let n = rigls_dragonbones::schema::fmt_num;
    let rotated = if rotated { " (stored rotated 90°)" } else { "" };
    format!("- Region {}×{} at ({}, {}){rotated}", n(w), n(h), n(x), n(y))
}

/// The armature a definition belongs to.
fn armature_of(ctx: &DragonBonesDoc, def: &Def) -> Option<u32> {
    match def.scope {
        Scope::Armature(a) | Scope::AllDisplays(a) => Some(a),
        Scope::Displays(s) => ctx.model.skin_slots.get(s as usize).map(|s| s.armature),
        _ => None,
    }
}

/// What a definition is, with the facts an animator wants at a glance.
pub fn def_markdown(ctx: &DragonBonesDoc, def: &Def) -> String {
    let what = def.kind.describe();
    let title = format!("**{what}** {}", code(&def.name));
    let armature = armature_of(ctx, def).and_then(|a| ctx.model.armatures.get(a as usize));
    let of = armature.map(|a| format!(" of armature {}", code(&a.name))).unwrap_or_default();
    let line = ctx.place(def.range.start);
    let mut facts: Vec<String> = Vec::new();
    let node = def.node;
    match def.kind {
        NameKind::Armature => {
            let arm = &ctx.model.armatures[def.index as usize];
            facts.push(format!("Armature {} of the file ({line})", def.index));
            facts.push(format!(
                "{} · {} · {} · {}",
                plural(arm.bones.len(), "bone", "bones"),
                plural(arm.slots.len(), "slot", "slots"),
                plural(arm.skins.len(), "skin", "skins"),
                plural(arm.animations.len(), "animation", "animations")
            ));
            facts.push(format!("{} fps", frame_rate(ctx, Some(def.index))));
        }
        NameKind::Bone => {
            facts.push(format!("Bone {}{of} ({line})", def.index));
            if let Some(arm) = armature {
                facts.push(parent_chain(ctx, arm, &def.name));
                let children: Vec<String> = arm
                    .bones
                    .iter()
                    .filter(|b| b.parent.and_then(|p| ctx.tree.str(ctx.text, p)).is_some_and(|p| p == def.name))
                    .map(|b| code(&b.name))
                    .collect();
                if !children.is_empty() {
                    facts.push(format!("Children: {}", capped::list(&children)));
                }
                let slots: Vec<String> = arm
                    .slots
                    .iter()
                    .filter(|s| s.parent.and_then(|p| ctx.tree.str(ctx.text, p)).is_some_and(|p| p == def.name))
                    .map(|s| code(&s.name))
                    .collect();
                if !slots.is_empty() {
                    facts.push(format!("Slots: {}", capped::list(&slots)));
                }
            }
            if let Some(setup) = armature_of(ctx, def).and_then(|a| super::pose_hover::bone_setup(ctx, a, &def.name)) {
                facts.push(setup);
            }
        }
        NameKind::Slot => {
            facts.push(format!("Slot {} in draw order{of} ({line})", def.index));
            if let Some(parent) = ctx.name(node, key::PARENT) {
                facts.push(format!("On bone {}", code(&parent)));
            }
            if let Some(a) = armature_of(ctx, def)
                && let Some(list) = ctx.model.default_displays(a as usize, &def.name)
            {
                let shown = ctx.int(node, key::DISPLAY_INDEX).unwrap_or(0);
                let items: Vec<String> = list
                    .displays
                    .iter()
                    .enumerate()
                    .map(|(i, d)| {
                        let ty = d.ty.map_or("null", |t| t.describe());
                        let mark = if i as i64 == shown { " ◀ shown" } else { "" };
                        format!("  {i}. {} ({ty}){mark}", code(&d.name))
                    })
                    .collect();
                facts.push(format!("Displays in the default skin:\n{}", items.join("\n")));
            }
        }
        NameKind::Skin => {
            let skin = armature.and_then(|a| a.skins.get(def.index as usize));
            let default = armature.and_then(|a| a.default_skin) == Some(def.index as usize);
            facts.push(format!("Skin {}{of} ({line}){}", def.index, if default { ", the default skin" } else { "" }));
            if let Some(skin) = skin {
                let slots: Vec<String> =
                    skin.slots.iter().map(|&s| code(&ctx.model.skin_slots[s as usize].name)).collect();
                facts.push(format!("{}: {}", plural(slots.len(), "slot", "slots"), capped::list(&slots)));
            }
        }
        NameKind::Display => display_facts(ctx, def, &mut facts),
        NameKind::Animation => animation_facts(ctx, def, armature_of(ctx, def), &mut facts),
        NameKind::Constraint => {
            if ctx.file.object_kind(ctx.text, node) == Some(ObjectKind::Ik) {
                facts.push(format!("IK constraint{of} ({line})"));
                let bone = ctx.name(node, key::BONE).map_or("?".to_owned(), |b| code(&b));
                let target = ctx.name(node, key::TARGET).map_or("?".to_owned(), |b| code(&b));
                let chain = ctx.int(node, key::CHAIN).unwrap_or(0);
                facts.push(format!("Rotates {bone} towards {target} · chain {chain}"));
            } else {
                facts.push(format!("Path constraint{of} ({line})"));
                let target = ctx.name(node, key::TARGET).map_or("?".to_owned(), |b| code(&b));
                let bones: Vec<String> = ctx
                    .get(node, key::BONES)
                    .map(|b| ctx.tree.elements(b).filter_map(|e| ctx.tree.str(ctx.text, e)).map(|s| code(&s)).collect())
                    .unwrap_or_default();
                facts.push(format!("Moves {} along slot {target}", capped::list(&bones)));
            }
        }
        NameKind::Texture => {
            facts.push(format!("SubTexture {} ({line})", def.index));
            let r = rigls_dragonbones::atlas::Region::of(ctx.tree, ctx.text, node);
            facts.push(region_line(r.x, r.y, r.width, r.height, r.rotated).trim_start_matches("- ").to_owned());
            if let Some(image) = ctx.model.atlases.iter().find_map(|&a| {
                ctx.tree.range(a).contains_range(ctx.tree.range(node)).then(|| ctx.name(a, key::IMAGE_PATH)).flatten()
            }) {
                facts.push(format!("Image {}", code(&image)));
            }
        }
    }
    format!("{title}\n\n{}", facts.iter().map(|f| format!("- {f}")).collect::<Vec<_>>().join("\n"))
}

/// `Parent chain: `root` › `body` › `arm``, from the root bone down to this one (shortened as
/// [`capped::chain`] says).
fn parent_chain(ctx: &DragonBonesDoc, arm: &rigls_dragonbones::model::Armature, name: &str) -> String {
    // The first bone of each name, as the runtime finds a parent.
    let mut by_name: HashMap<&str, &rigls_dragonbones::model::Bone> = HashMap::with_capacity(arm.bones.len());
    for bone in &arm.bones {
        by_name.entry(bone.name.as_str()).or_insert(bone);
    }
    let mut chain = vec![name.to_owned()];
    let mut seen: HashSet<String> = HashSet::from([name.to_owned()]);
    while chain.len() <= arm.bones.len() {
        let Some(bone) = chain.last().and_then(|current| by_name.get(current.as_str())) else { break };
        let Some(parent) = bone.parent.and_then(|p| ctx.tree.str(ctx.text, p)) else { break };
        if !seen.insert(parent.to_string()) {
            chain.push(format!("{parent} (cycle)"));
            break;
        }
        chain.push(parent.into_owned());
    }
    if chain.len() == 1 {
        return "A root bone (no parent)".to_owned();
    }
    let links: Vec<String> = chain.iter().rev().map(|c| code(c)).collect();
    format!("Parent chain: {}", capped::chain(&links))
}

fn display_facts(ctx: &DragonBonesDoc, def: &Def, facts: &mut Vec<String>) {
    let node = def.node;
    let (slot, skin) = match def.scope {
        Scope::Displays(s) => {
            let skin_slot = &ctx.model.skin_slots[s as usize];
            let skin = ctx
                .model
                .armatures
                .get(skin_slot.armature as usize)
                .and_then(|a| a.skins.iter().find(|k| k.slots.contains(&s)).map(|k| k.name.clone()));
            (skin_slot.name.clone(), skin.unwrap_or_default())
        }
        _ => (String::new(), String::new()),
    };
    let ty = display_type(ctx.tree, ctx.text, node);
    facts.push(format!(
        "Display {} of slot {} in skin {} ({}) · {}",
        def.index,
        code(&slot),
        code(&skin),
        ctx.place(def.range.start),
        ty.map_or("unknown type", |t| t.describe())
    ));
    if let Some(path) = ctx.name(node, key::PATH) {
        facts.push(format!("Path {}", code(&path)));
    }
    let count = |key: &str| ctx.get(node, key).map(|v| ctx.tree.len(v));
    match ty {
        Some(DisplayType::Mesh | DisplayType::Path) => {
            let vertices = count(key::VERTICES).unwrap_or(0) / 2;
            let mut parts = vec![plural(vertices, "vertex", "vertices")];
            if let Some(t) = count(key::TRIANGLES) {
                parts.push(plural(t / 3, "triangle", "triangles"));
            }
            if let Some(w) = ctx.get(node, key::WEIGHTS) {
                let bones = count(key::BONE_POSE).unwrap_or(0) / 7;
                let influences = indices::weight_bone_positions(ctx, w).len();
                parts.push(format!(
                    "weighted: {} over {}",
                    plural(influences, "influence", "influences"),
                    plural(bones, "bone", "bones")
                ));
            }
            if let Some(share) = ctx.name(node, key::SHARE) {
                parts.push(format!("shares the geometry of {}", code(&share)));
            }
            facts.push(parts.join(" · "));
        }
        Some(DisplayType::BoundingBox) => {
            let sub = ctx.name(node, key::SUB_TYPE).unwrap_or_else(|| "rectangle".to_owned());
            facts.push(format!("Shape: {sub}"));
        }
        _ => {}
    }
}

fn animation_facts(ctx: &DragonBonesDoc, def: &Def, armature: Option<u32>, facts: &mut Vec<String>) {
    let node = def.node;
    facts.push(format!("Animation {} ({})", def.index, ctx.place(def.range.start)));
    let fps = frame_rate(ctx, armature);
    let duration = ctx.int(node, key::DURATION).unwrap_or(0);
    let play = match ctx.int(node, key::PLAY_TIMES) {
        Some(0) => "loops forever".to_owned(),
        Some(n) => format!("plays {}", plural(n.max(0) as usize, "time", "times")),
        None => "plays once".to_owned(),
    };
    facts.push(format!(
        "{} ({} at {fps} fps), {play}",
        plural(duration.max(0) as usize, "frame", "frames"),
        seconds(duration as f64 / fps as f64)
    ));
    let mut timelines = Vec::new();
    let mut key_frames = 0;
    for (key, what) in [
        (key::BONE, "bone"),
        (key::SLOT, "slot"),
        (key::FFD, "deform"),
        (key::IK, "IK"),
        (key::TIMELINE, "typed"),
        (key::SURFACE, "surface"),
    ] {
        let Some(list) = ctx.get(node, key).filter(|&l| ctx.tree.is_array(l)) else { continue };
        let n = ctx.tree.len(list);
        if n > 0 {
            timelines.push(format!("{n} {what}"));
        }
        for t in ctx.tree.elements(list) {
            for m in ctx.tree.members(t) {
                if ctx.tree.is_array(m.value) && ctx.tree.key(ctx.text, m.key).to_ascii_lowercase().ends_with("frame") {
                    key_frames += ctx.tree.len(m.value);
                }
            }
        }
    }
    if let Some(frames) = ctx.get(node, key::FRAME).filter(|&l| ctx.tree.is_array(l)) {
        timelines.push(plural(ctx.tree.len(frames), "action/event key frame", "action/event key frames"));
    }
    if ctx.get(node, key::Z_ORDER).is_some() {
        timelines.push("a zOrder timeline".to_owned());
    }
    if timelines.is_empty() {
        facts.push("No timelines".to_owned());
    } else {
        facts.push(format!("Timelines: {} · {}", timelines.join(", "), plural(key_frames, "key frame", "key frames")));
    }
}
