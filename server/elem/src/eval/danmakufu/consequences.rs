//! What the loaded model costs at draw time: the events of what Danmakufu keeps after loading
//! (a mesh left without material, clips and parts it cannot play, bones whose matrices it never
//! sets, weights beyond three, keys it extrapolates, containers it replaces).

use super::loader::{Event, EventKind, Loaded};
use crate::schema::key;
use rigls_text::TextRange;

/// Adds the events of what was loaded to `loaded.events`: of the meshes read whatever happened
/// after, of the rest only when the model loads.
pub fn add(loaded: &mut Loaded, text: &str) {
    let mut events = Vec::new();
    meshes(loaded, text, &mut events);
    if loaded.fatal().is_some() {
        loaded.events.extend(events);
        return;
    }
    containers(loaded, &mut events);
    let reach = reach(loaded, &mut events);
    clips(loaded, &reach, &mut events);
    bones(loaded, &reach, &mut events);
    if loaded.animations.is_empty() {
        let first_line = TextRange::new(0, text.find(['\r', '\n']).unwrap_or(text.len()) as u32);
        events.push(Event {
            kind: EventKind::Dropped,
            range: first_line,
            message: "never draws this model: it has no `AnimationData`, and Danmakufu shows a model only through a clip (it has no setup pose)".to_owned(),
        });
    }
    loaded.events.extend(events);
}

fn push(events: &mut Vec<Event>, kind: EventKind, range: TextRange, message: String) {
    events.push(Event { kind, range, message });
}

fn list(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn meshes(loaded: &Loaded, text: &str, events: &mut Vec<Event>) {
    // A model without clips is never drawn, so a mesh without material never crashes.
    let drawn = !loaded.animations.is_empty();
    for mesh in &loaded.meshes {
        let Some(scope) = mesh.scope else { continue };
        if mesh.vertices.is_empty() {
            continue;
        }
        let label = if mesh.name.is_empty() { "this Mesh".to_owned() } else { format!("the Mesh `{}`", mesh.name) };
        match (&mesh.cut, mesh.material) {
            (Some((at, lost)), material) => {
                let scope = match at.slice(text).trim_end_matches('{').trim_end() {
                    "" => "this scope".to_owned(),
                    name => format!("this `{name}`"),
                };
                let (kind, cost) = match material {
                    None if drawn => (
                        EventKind::CrashAtDraw,
                        ", and the mesh is left without `Attributes`, so without material, which crashes Danmakufu when it is drawn",
                    ),
                    None => (
                        EventKind::Dropped,
                        ", and the mesh is left without `Attributes`, so without material (Danmakufu would crash drawing it, but draws no model without a clip)",
                    ),
                    Some(_) => (EventKind::Dropped, ""),
                };
                let message = if lost.is_empty() {
                    format!(
                        "ignores {scope}, a scope its loader does not know in a Mesh (its `}}` ends the Mesh{cost})"
                    )
                } else {
                    let lost = list(lost);
                    format!(
                        "stops reading {label} at the `}}` of {scope}, a scope its loader does not know in a Mesh: {lost} after it are lost{cost}"
                    )
                };
                push(events, kind, *at, message);
            }
            (None, None) if drawn => {
                push(
                    events,
                    EventKind::CrashAtDraw,
                    scope,
                    format!("crashes drawing {label}: it has no `Attributes`, so no material"),
                );
            }
            (None, _) => {}
        }
        let over: Vec<&Vec<(i32, f32, TextRange)>> = mesh.influences.values().filter(|i| i.len() > 3).collect();
        if let Some(first) = over.first() {
            let n = over.len();
            let vertices = if n == 1 { "1 vertex has".to_owned() } else { format!("{n} vertices have") };
            push(
                events,
                EventKind::Dropped,
                first[3].2,
                format!(
                    "skins with 3 weights per vertex: in {label}, {vertices} more; the weight beyond the first three goes to the 4th bone named (a 5th bone replaces the 1st's), so these vertices move differently"
                ),
            );
        }
        let unweighted = mesh.vertices.len() - mesh.influences.len();
        if unweighted > 0 && unweighted < mesh.vertices.len() {
            let vertices =
                if unweighted == 1 { "1 vertex follows".to_owned() } else { format!("{unweighted} vertices follow") };
            push(
                events,
                EventKind::Dropped,
                scope,
                format!("binds the vertices without `VertexBlend` weights to bone 0: {vertices} it in {label}"),
            );
        }
    }
}

/// Containers whose bones, meshes and materials a later container replaced.
fn containers(loaded: &Loaded, events: &mut Vec<Event>) {
    let n = loaded.containers.len();
    for (i, c) in loaded.containers.iter().enumerate() {
        let later = &loaded.containers[i + 1..];
        let replaced = |declares: fn(&super::loader::Container) -> bool| declares(c) && later.iter().any(declares);
        let lists: Vec<&str> = [
            (replaced(|c| c.declares_bones), "bones"),
            (replaced(|c| c.declares_meshes), "meshes"),
            (replaced(|c| c.declares_materials), "materials"),
        ]
        .into_iter()
        .filter_map(|(r, name)| r.then_some(name))
        .collect();
        if lists.is_empty() || i + 1 == n {
            continue;
        }
        let label =
            if c.name.is_empty() { "this MeshContainer".to_owned() } else { format!("the MeshContainer `{}`", c.name) };
        push(
            events,
            EventKind::Dropped,
            c.tag,
            format!(
                "keeps only the last MeshContainer: the {} of {label} are replaced by a later one's and never drawn",
                lists.join(" and ")
            ),
        );
    }
}

/// The bones Danmakufu computes: those reached from a root (the others keep an identity skin
/// matrix and are never animated).
pub struct Reach {
    reached: Vec<bool>,
}

/// Walks the hierarchy as Danmakufu does; a loop through a bone (node names standing for one bone)
/// or a child `Node` without `NodeName` crashes it.
fn reach(loaded: &Loaded, events: &mut Vec<Event>) -> Reach {
    let bones = &loaded.bones;
    let mut reached = vec![false; bones.len()];
    for root in (0..bones.len()).filter(|&i| bones[i].parent == Some(-1)) {
        // The ancestors of the bone visited, each with the next child to visit.
        let mut path: Vec<(usize, usize)> = vec![(root, 0)];
        reached[root] = true;
        while let Some(&(bone, child)) = path.last() {
            let Some(&next) = bones[bone].children.get(child) else {
                path.pop();
                continue;
            };
            if let Some(top) = path.last_mut() {
                top.1 += 1;
            }
            let at = bones[bone].node.unwrap_or_default();
            let Some(next) = usize::try_from(next).ok().filter(|&c| c < bones.len()) else {
                push(
                    events,
                    EventKind::CrashAtDraw,
                    at,
                    format!(
                        "crashes drawing the model: a child `Node` of `{}` has no `NodeName`, and Danmakufu computes its bone −1",
                        bones[bone].name
                    ),
                );
                return Reach { reached };
            };
            if path.iter().any(|&(b, _)| b == next) {
                let at = bones[next].node.unwrap_or(at);
                push(
                    events,
                    EventKind::CrashAtDraw,
                    at,
                    format!(
                        "crashes drawing the model: the node names of the hierarchy make bone {next} (`{}`) its own ancestor, and computing it never ends",
                        bones[next].name
                    ),
                );
                return Reach { reached };
            }
            reached[next] = true;
            path.push((next, 0));
        }
    }
    Reach { reached }
}

/// The latest time (whole ms) a clip shows at some frame: `AnimationTime` for a clip that does
/// not loop; for one that loops, the largest `trunc(1000 / fps × frame) mod AnimationTime` (the
/// frames' times repeat after `fps × AnimationTime / gcd(1000, AnimationTime)` frames).
fn latest_ms(clip: &super::loader::Animation) -> i64 {
    let total = i64::from(clip.time_total.unwrap_or(0));
    let fps = clip.fps.unwrap_or(0);
    if clip.looping != Some(true) || total <= 0 || fps <= 0 {
        return total.max(0);
    }
    let gcd = |mut a: i64, mut b: i64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let period = i64::from(fps) * total / gcd(1000, total);
    let per_frame = 1000.0 / f64::from(fps);
    let mut latest = 0;
    for frame in 0..period.min(2_000_000) {
        let ms = i64::from(super::loader::trunc_int(per_frame * frame as f64)) % total;
        latest = latest.max(ms);
        if latest == total - 1 {
            break;
        }
    }
    if period > 2_000_000 { total - 1 } else { latest }
}

/// The last key a part reads at some frame of its clip: the key search's `next` at the clip's
/// latest time (it never decreases as time goes on, keys in order or not).
fn keys_read(clip: &super::loader::Animation, part: &super::loader::Part) -> usize {
    let t = clip.time_total.unwrap_or(0) as f32;
    let latest = latest_ms(clip);
    let next = part.times.iter().position(|&k| i64::from(super::loader::trunc_int(f64::from(t * k))) >= latest);
    next.unwrap_or(part.times.len().saturating_sub(1))
}

fn clips(loaded: &Loaded, reach: &Reach, events: &mut Vec<Event>) {
    for clip in &loaded.animations {
        let label =
            if clip.name.is_empty() { "the unnamed clip".to_owned() } else { format!("the clip `{}`", clip.name) };
        // The frame rate and the loop flag only make the time at which parts are read: a clip
        // without parts poses every bone as the identity whatever they hold (but a loop divides
        // by `AnimationTime`).
        let posed = !clip.parts.is_empty();
        let time_unsafe = clip.time_total.is_none_or(|t| t == 0);
        let missing: Vec<String> = [
            (clip.time_total.is_none(), key::ANIMATION_TIME),
            (clip.fps.is_none() && posed, key::FRAME_PAR_SECOND),
            (clip.looping.is_none() && (posed || time_unsafe), key::LOOP),
        ]
        .into_iter()
        .filter(|&(m, _)| m)
        .map(|(_, key)| key.to_owned())
        .collect();
        if !missing.is_empty() {
            push(
                events,
                EventKind::Undefined,
                clip.scope,
                format!("reads {} of {label} at every frame without it being set: write it", list(&missing)),
            );
        }
        if clip.looping == Some(true) && clip.time_total == Some(0) {
            push(
                events,
                EventKind::CrashAtDraw,
                clip.time_at.unwrap_or(clip.scope),
                format!("divides by `AnimationTime` to loop {label}: with 0 it crashes at its first frame"),
            );
        }
        for (&bone, part) in &clip.parts {
            if reach.reached.get(bone) != Some(&true) {
                continue;
            }
            let label = format!("the part for `{}` of {label}", part.node_name);
            let keys = part.times.len();
            if keys == 0 {
                push(
                    events,
                    EventKind::CrashAtDraw,
                    part.at,
                    format!("crashes playing {label}: it has no `TimeKeys`, and its first key is read anyway"),
                );
                continue;
            }
            let read = keys_read(clip, part) + 1;
            let short: Vec<String> =
                [("TransKeys", part.trans.len()), ("RotateKeys", part.rotate.len()), ("ScaleKeys", part.scale.len())]
                    .into_iter()
                    .filter(|&(_, n)| n < read)
                    .map(|(list, n)| if n == 0 { format!("no `{list}`") } else { format!("{n} `{list}`") })
                    .collect();
            if !short.is_empty() {
                push(
                    events,
                    EventKind::CrashAtDraw,
                    part.at,
                    format!(
                        "crashes playing {label} at the frames that need a key it lacks: it has {keys} `TimeKeys` but {}",
                        short.join(" and ")
                    ),
                );
                continue;
            }
            let last = part.times[keys - 1];
            if keys >= 2 && last < 1.0 {
                let differ = |a: Option<&[f32]>, b: Option<&[f32]>| a.is_some() && b.is_some() && a != b;
                let (n, m) = (keys - 1, keys - 2);
                let moves = differ(part.trans.get(n).map(|v| &v[..]), part.trans.get(m).map(|v| &v[..]))
                    || differ(part.rotate.get(n).map(|v| &v[..]), part.rotate.get(m).map(|v| &v[..]))
                    || differ(part.scale.get(n).map(|v| &v[..]), part.scale.get(m).map(|v| &v[..]));
                if moves {
                    push(
                        events,
                        EventKind::Dropped,
                        part.time_ranges[keys - 1],
                        format!(
                            "extrapolates {label} past its last key ({last}, before the clip's end): the bone goes on moving as between its last two keys instead of holding"
                        ),
                    );
                }
            }
        }
    }
}

/// Bones that vertices use but whose matrices Danmakufu never sets.
fn bones(loaded: &Loaded, reach: &Reach, events: &mut Vec<Event>) {
    let bones = &loaded.bones;
    let mut used = vec![false; bones.len()];
    let mut used_past = false;
    for mesh in &loaded.meshes {
        for vertex in mesh.vertices.kinds() {
            let w = vertex.rate;
            let weights = [w[0], w[1], w[2], 1.0 - (((0.0 + w[0]) + w[1]) + w[2])];
            for (slot, &weight) in weights.iter().enumerate() {
                let index = vertex.index[slot] as usize;
                if weight == 0.0 {
                    continue;
                }
                match used.get_mut(index) {
                    Some(u) if index < 80 => *u = true,
                    _ => used_past = true,
                }
            }
        }
    }
    let reached = &reach.reached;
    for (i, bone) in bones.iter().enumerate() {
        if !reached[i] {
            continue;
        }
        if bone.init.complete().is_none() {
            let at = bone.node.unwrap_or_default();
            push(
                events,
                EventKind::Undefined,
                at,
                format!(
                    "never sets bone {i}'s (`{}`) posture: no Node naming it has an `InitPostureMatrix`, so its world matrix is memory never set",
                    bone.name
                ),
            );
        }
        if used[i] && bone.offset.complete().is_none() {
            let at = bone.offset_at.or(bone.node).unwrap_or_default();
            push(
                events,
                EventKind::Undefined,
                at,
                format!(
                    "skins vertices with bone {i} (`{}`), whose `OffsetMatrices` row is missing or short: its skin matrix is memory never set",
                    bone.name
                ),
            );
        }
    }
    // (Only a model that is drawn, through a clip, runs the shader.)
    if used_past
        && !loaded.animations.is_empty()
        && let Some(mesh) = loaded.meshes.iter().find(|m| m.scope.is_some())
    {
        let palette = bones.len().min(80);
        push(
            events,
            EventKind::Undefined,
            mesh.scope.unwrap_or_default(),
            format!(
                "skins vertices with bones its shader palette does not hold (it holds {palette} of at most 80): they are drawn from stale shader constants"
            ),
        );
    }
}
