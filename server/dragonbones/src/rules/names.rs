//! Names: references that resolve to nothing (`unknown-bone`, `unknown-slot`, …, with the closest
//! existing name and a fix), names defined twice (`duplicate-name`), bone parent cycles, IK
//! constraints without a bone, and textures missing from the paired atlas.

use super::{DragonBonesCheck, json_string, report};
use crate::model::{Def, DocKind, Ref, Scope, Site};
use crate::schema::key;
use crate::schema::{DisplayType, NameKind, Version};
use rigls_diagnostic::suggest;
use rigls_diagnostic::{Code, Diagnostic, Fix, case};
use rigls_text::{FastMap, TextRange};

pub fn check(ctx: &mut DragonBonesCheck) {
    duplicates(ctx);
    unresolved(ctx);
    if ctx.model.doc == DocKind::Skeleton {
        nameless_armature_displays(ctx);
        cycles(ctx);
        ik_without_bone(ctx);
        textures(ctx);
        atlas_names(ctx);
    }
}

fn duplicates(ctx: &mut DragonBonesCheck) {
    let model = ctx.model;
    let mut first: FastMap<(NameKind, Scope, u32, &str), &Def> = FastMap::default();
    for def in &model.defs {
        // Display names only need to be unique for lookups, which take the first (not an error).
        if def.kind == NameKind::Display {
            continue;
        }
        match first.get(&(def.kind, def.scope, def.group, def.name.as_str())) {
            Some(earlier) => {
                let line = ctx.line_no(earlier.range.start);
                let whose = match (def.kind, def.scope) {
                    (NameKind::Armature | NameKind::Texture, _) => String::new(),
                    (_, Scope::Armature(a)) => {
                        format!(" in armature `{}`", model.armatures[a as usize].name)
                    }
                    _ => String::new(),
                };
                let d = report(
                    Code::DuplicateName,
                    def.range,
                    format!(
                        "duplicate {} name `{}`{whose}: already used on line {line}; runtimes keep the first and drop this one",
                        def.kind.describe(),
                        def.name
                    ),
                )
                .with_related(earlier.range, "first defined here");
                ctx.push(d);
            }
            None => {
                first.insert((def.kind, def.scope, def.group, def.name.as_str()), def);
            }
        }
    }
}

fn unresolved(ctx: &mut DragonBonesCheck) {
    let model = ctx.model;
    for r in &model.refs {
        // An empty name means "none" to runtimes (a root bone, the default animation), but for a
        // slot's parent (building the armature throws without one) and an armature display (the
        // C++ runtime builds the armature named "", as it does an unknown one).
        let names_none = r.name.is_empty() && !matches!(r.site, Site::SlotParent | Site::ArmatureDisplay);
        if r.kind == NameKind::Texture || r.scope == Scope::Nowhere || names_none || model.resolve(r).is_some() {
            continue;
        }
        let names: Vec<&str> = model.candidates(r).map(|d| d.name.as_str()).collect();
        let suggested = suggest::ranked(&r.name, names.iter().copied());
        // No name is close in spelling: the one the context implies, if any.
        let implied = if suggested.is_empty() { implied_name(ctx, r, &names) } else { None };
        let hint = match &implied {
            Some((name, why)) => format!("; {why} is `{name}`"),
            None => suggest::hint(suggested.first().copied()),
        };
        let code = code_of(r);
        let message =
            format!("unknown {} `{}`: {} ({}){hint}", r.kind.describe(), r.name, place(ctx, r), effect(r.site));
        // Events still fire without their bone or slot.
        let event = matches!(r.site, Site::EventBone | Site::EventSlot | Site::ActionBone | Site::ActionSlot);
        let d = match code {
            Code::UnknownBone if event => Diagnostic::of_case(&case::EVENT_BONE, r.range, message),
            Code::UnknownSlot if event => Diagnostic::of_case(&case::EVENT_SLOT, r.range, message),
            code => report(code, r.range, message),
        };
        let fixes = match implied {
            Some((name, why)) => {
                Fix::suggestions(&[name.as_str()], r.range, |n| format!("Replace with `{n}` ({why})"), json_string)
            }
            None => replacements(&suggested, r.range),
        };
        ctx.push(d.with_fixes(fixes));
    }
}

/// The name a reference's context implies, among `names` (those it may name), and what implies
/// it: a slot's `parent` is the bone the slot is named after (DragonBones Pro names a new slot
/// after its bone).
fn implied_name(ctx: &DragonBonesCheck, r: &Ref, names: &[&str]) -> Option<(String, String)> {
    if r.site != Site::SlotParent {
        return None;
    }
    let slot = ctx.get(r.owner, key::NAME).and_then(|v| ctx.tree.str(ctx.text, v))?;
    names.contains(&slot.as_ref()).then(|| (slot.to_string(), format!("the bone named like slot `{slot}`")))
}

/// The names suggested for an unknown one, as fixes replacing the whole string (quotes included).
fn replacements(names: &[&str], range: TextRange) -> Vec<Fix> {
    Fix::suggestions(names, range, |n| format!("Replace with `{n}`"), json_string)
}

fn code_of(r: &Ref) -> Code {
    match r.kind {
        NameKind::Armature => Code::UnknownArmature,
        NameKind::Bone => Code::UnknownBone,
        NameKind::Slot => Code::UnknownSlot,
        NameKind::Skin => Code::UnknownSkin,
        NameKind::Display => Code::UnknownDisplay,
        NameKind::Animation => Code::UnknownAnimation,
        NameKind::Constraint => Code::UnknownConstraint,
        NameKind::Texture => Code::UnknownTexture,
    }
}

/// Where the name was looked for.
fn place(ctx: &DragonBonesCheck, r: &Ref) -> String {
    let model = ctx.model;
    let armature = |a: u32| model.armatures.get(a as usize).map_or(String::new(), |x| x.name.clone());
    match r.scope {
        Scope::File if r.kind == NameKind::Armature => "this file defines no armature of this name".to_owned(),
        Scope::Armature(a) if r.site == Site::LegacyTimeline => {
            format!("armature `{}` has no bone or slot of this name", armature(a))
        }
        Scope::Armature(a) => {
            format!("armature `{}` has no {} of this name", armature(a), r.kind.describe())
        }
        Scope::Displays(s) => {
            let list = &model.skin_slots[s as usize];
            let skin = model.armatures[list.armature as usize]
                .skins
                .iter()
                .find(|k| k.slots.contains(&s))
                .map_or("default", |k| k.name.as_str());
            format!("skin `{skin}` has no display of this name for slot `{}`", list.name)
        }
        Scope::AllDisplays(a) => format!("no skin of armature `{}` has a display of this name", armature(a)),
        Scope::NoDisplays => {
            let name = |key| {
                ctx.get(r.owner, key)
                    .and_then(|n| crate::model::name_text(ctx.tree, ctx.text, n))
                    .filter(|n| !n.is_empty())
            };
            let skin = name(key::SKIN).unwrap_or_else(|| "default".to_owned());
            match name(key::SLOT) {
                Some(slot) => format!("skin `{skin}` lists no displays for slot `{slot}`"),
                None => format!("skin `{skin}` lists no displays for this slot"),
            }
        }
        Scope::File | Scope::Nowhere => "not found".to_owned(),
    }
}

/// An armature display with neither `path` nor `name` names the armature `""`: runtimes build
/// none, as for an empty or unknown name (the C++ runtime's debug build aborts).
fn nameless_armature_displays(ctx: &mut DragonBonesCheck) {
    let model = ctx.model;
    for display in model.displays() {
        let named = ctx.get(display.node, key::PATH).or_else(|| ctx.get(display.node, key::NAME)).is_some();
        if display.ty != Some(DisplayType::Armature) || named {
            continue;
        }
        let message = "armature display without `path` or `name`: it names no armature, so the display stays empty (a debug build of the C++ runtime aborts)";
        ctx.push(report(Code::UnknownArmature, ctx.anchor(display.node), message.to_owned()));
    }
}

/// What the runtime does about it.
fn effect(site: Site) -> &'static str {
    match site {
        Site::BoneParent => "the bone becomes a root bone",
        Site::SlotParent => "building the armature throws",
        Site::SkinSlot => "runtimes drop these displays",
        Site::IkBone | Site::IkTarget => "runtimes drop the constraint",
        Site::PathTarget | Site::PathTargetDisplay => "runtimes drop the constraint",
        Site::PathBone => "runtimes skip this bone",
        Site::BoneTimeline
        | Site::SlotTimeline
        | Site::FfdSlot
        | Site::FfdSkin
        | Site::FfdDisplay
        | Site::IkTimeline
        | Site::TypedTimeline(_)
        | Site::LegacyTimeline => "runtimes drop the timeline",
        Site::Play | Site::ChildPlay => "the action plays nothing",
        Site::ActionBone | Site::ActionSlot | Site::EventBone | Site::EventSlot => "the event fires without it",
        Site::ArmatureDisplay => {
            "the display stays empty: runtimes look in other loaded files only when the factory and that file's data have `autoSearch` on, and a debug build of the C++ runtime aborts when the display is in its armature's first skin"
        }
        Site::Stage => "runtimes use the first armature",
        Site::Share | Site::ShareSkin => "the runtime shows the file's first geometry instead",
        Site::Texture => "the display shows nothing",
    }
}

/// Bones whose parent chain loops: reported on the `parent` of every bone in the loop.
fn cycles(ctx: &mut DragonBonesCheck) {
    let model = ctx.model;
    for (a, armature) in model.armatures.iter().enumerate() {
        let scope = Scope::Armature(a as u32);
        // Parent of each bone, by raw index (first definition of a name wins, as in the runtime).
        let parent: Vec<Option<usize>> = armature
            .bones
            .iter()
            .map(|b| {
                let name = crate::model::name_text(ctx.tree, ctx.text, b.parent?)?;
                model.lookup(NameKind::Bone, scope, &name).map(|d| d.index as usize)
            })
            .collect();
        // 0 = unvisited, 1 = on the current chain, 2 = done.
        let mut state = vec![0u8; parent.len()];
        for start in 0..parent.len() {
            let mut chain = Vec::new();
            let mut cur = Some(start);
            while let Some(i) = cur {
                match state[i] {
                    2 => break,
                    1 => {
                        let at = chain.iter().position(|&c| c == i).unwrap_or(0);
                        report_cycle(ctx, a, &chain[at..]);
                        break;
                    }
                    _ => {
                        state[i] = 1;
                        chain.push(i);
                        cur = parent[i];
                    }
                }
            }
            for i in chain {
                state[i] = 2;
            }
        }
    }
}

fn report_cycle(ctx: &mut DragonBonesCheck, armature: usize, cycle: &[usize]) {
    let bones = &ctx.model.armatures[armature].bones;
    let names: Vec<&str> = cycle.iter().map(|&i| bones[i].name.as_str()).collect();
    for (k, &i) in cycle.iter().enumerate() {
        let Some(parent) = bones[i].parent else { continue };
        let message = if cycle.len() == 1 {
            format!("bone `{}` is its own parent: runtimes hang sorting the bones", names[0])
        } else {
            let mut path: Vec<&str> = names[k..].iter().chain(&names[..k]).copied().collect();
            path.push(names[k]);
            format!("bone `{}` is its own ancestor ({}): runtimes hang sorting the bones", names[k], path.join(" → "))
        };
        ctx.push(report(Code::ParentCycle, ctx.tree.range(parent), message));
    }
}

/// Early 4.5 exports name the bone in `name` and omit `bone`; current runtimes drop such
/// constraints, 5.0-era ones used the name.
fn ik_without_bone(ctx: &mut DragonBonesCheck) {
    let model = ctx.model;
    for (a, armature) in model.armatures.iter().enumerate() {
        let Some(list) = ctx.is_array(ctx.get(armature.node, key::IK)) else { continue };
        let iks: Vec<_> = ctx.tree.elements(list).filter(|&e| ctx.tree.is_object(e)).collect();
        for ik in iks {
            if ctx.get(ik, key::BONE).is_some() {
                continue;
            }
            let name = ctx.get(ik, key::NAME).and_then(|n| crate::model::name_text(ctx.tree, ctx.text, n));
            let names_bone =
                name.as_deref().is_some_and(|n| model.lookup(NameKind::Bone, Scope::Armature(a as u32), n).is_some());
            let label = ctx.quoted_name(ik);
            let d = if !names_bone {
                report(
                    Code::MissingKey,
                    ctx.anchor(ik),
                    format!("IK constraint {label} has no `bone`: runtimes drop it"),
                )
            } else if ctx.version.is_some_and(|v| v >= Version::V5_0) {
                Diagnostic::of_case(
                    &case::IK_BONE_IN_NAME,
                    ctx.anchor(ik),
                    format!(
                        "IK constraint {label} has no `bone`: current runtimes drop it (only 4.5 data may name the bone in `name`); add `\"bone\": {}`",
                        json_string(name.as_deref().unwrap_or(""))
                    ),
                )
            } else {
                // The early 4.x layout: the bone in `name`. An old C++ runtime read it; current
                // runtimes drop the constraint. Renaming the key restores what it meant.
                let Some(member) = ctx.member(ik, key::NAME) else { continue };
                let key_range = ctx.tree.range(member.key);
                let message = format!(
                    "IK constraint {label} names its bone in `name` and has no `bone` (an early 4.x export style): DragonBonesJS 5.x and the current C++ and C# runtimes drop it, so the chain no longer follows its target"
                );
                report(Code::LegacyIk, key_range, message).with_fix(Fix::replace(
                    "Rename `name` to `bone`",
                    key_range,
                    json_string(key::BONE),
                ))
            };
            ctx.push(d);
        }
    }
}

/// An atlas paired by file name (`X_ske.json` ↔ `X_tex.json`) whose `name` is not the skeleton's:
/// the runtime registers an atlas under its own `name` and looks a skeleton's textures up under
/// the skeleton's, so it finds none of them (atlases paired by `name` match by construction).
fn atlas_names(ctx: &mut DragonBonesCheck) {
    let Some(node) = ctx.tree.root().and_then(|root| ctx.get(root, key::NAME)) else { return };
    let Some(name) = ctx.model.name.as_deref().filter(|_| ctx.in_scope(node)) else { return };
    for atlas in ctx.paired {
        let Some(atlas_name) = atlas.name.as_deref().filter(|&n| n != name) else { continue };
        let file = atlas.path.file_name().map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        let message = format!(
            "the paired atlas `{file}` is named `{atlas_name}`, not `{name}`: runtimes look this skeleton's textures up under `{name}` and find none of that atlas's (give both the same `name`)"
        );
        let mut d = report(Code::AtlasNameMismatch, ctx.tree.range(node), message);
        if let Some(range) = atlas.name_range {
            d = d.with_related_in(atlas.path.clone(), range, format!("`{file}` is named `{atlas_name}` here"));
        }
        ctx.push(d);
    }
}

/// Image and mesh textures against the inline atlases and the paired `_tex.json`.
fn textures(ctx: &mut DragonBonesCheck) {
    let model = ctx.model;
    let refs: Vec<&Ref> = model.refs.iter().filter(|r| r.kind == NameKind::Texture).collect();
    if refs.is_empty() {
        return;
    }
    let paired = ctx.paired;
    let inline = !model.atlases.is_empty();
    if paired.is_empty() && !inline {
        return; // no atlas: nothing to check against
    }
    let files: Vec<String> =
        paired.iter().filter_map(|a| a.path.file_name()).map(|f| format!("`{}`", f.to_string_lossy())).collect();
    let place = match files.as_slice() {
        [] => "the inline atlases have no SubTexture of this name".to_owned(),
        [one] => format!("atlas {one} has no SubTexture of this name"),
        many => format!("none of the atlases {} has a SubTexture of this name", many.join(", ")),
    };
    for r in refs {
        let found = model.resolve(r).is_some() || paired.iter().any(|a| a.contains(&r.name));
        if found {
            continue;
        }
        let mut names: Vec<&str> = model.candidates(r).map(|d| d.name.as_str()).collect();
        names.extend(paired.iter().flat_map(|a| a.textures.iter().map(|(n, _)| n.as_str())));
        let suggested = suggest::ranked(&r.name, names.iter().copied());
        let hint = suggest::hint(suggested.first().copied());
        let message = format!("unknown texture `{}`: {place} (the display shows nothing){hint}", r.name);
        let mut d = report(Code::UnknownTexture, r.range, message).with_fixes(replacements(&suggested, r.range));
        if let Some(best) = suggested.first()
            && let Some((a, range)) = paired.iter().find_map(|a| Some((a, a.range_of(best)?)))
        {
            d = d.with_related_in(a.path.clone(), range, format!("`{best}` is defined here"));
        }
        ctx.push(d);
    }
}
