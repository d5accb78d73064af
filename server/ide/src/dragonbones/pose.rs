//! `rigls pose` for DragonBones skeletons: the armature the runtime builds, posed at a time.

use crate::Analysis;
use crate::pose::{BonePose, DragonBonesPose, PoseError, PoseRequest, SlotPose};
use rigls_diagnostic::{Code, Severity};
use rigls_dragonbones::eval::data::DragonBonesData;
use rigls_dragonbones::eval::parse::{self, FailureKind};
use rigls_dragonbones::eval::raw::Raw;
use rigls_dragonbones::eval::{BuildError, Runtime};
use rigls_dragonbones::schema::key;
use rigls_dragonbones::{DragonBonesFile, Reading};
use rigls_text::{LineIndex, PositionEncoding, TextRange};

pub fn pose(analysis: &Analysis, request: &PoseRequest) -> Result<DragonBonesPose, PoseError> {
    let file = skeleton(analysis)?;
    let request = &with_default_armature(file, &analysis.text, request);
    let reading = file.reading(&analysis.text, request.armature.as_deref());
    let data = parsed_data(analysis, &reading)?;
    let own = target_reading(analysis, file, request.target);
    let data = own.as_ref().map_or(data, |parsed| &parsed.data);
    let (index, mut runtime) = build(analysis, file, data, request)?;
    let armature = &data.armatures[index];
    if let Some(name) = &request.animation {
        runtime.goto_and_play_by_time(name, request.time, 1.0);
    }
    let bones = armature
        .bones
        .iter()
        .enumerate()
        .filter_map(|(i, b)| {
            runtime.bone(i).map(|state| BonePose { name: b.name.clone(), matrix: state.matrix.to_array() })
        })
        .collect();
    let slots = armature
        .slots
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let (runtime_index, state) = runtime.slot(i)?;
            Some(SlotPose {
                name: s.name.clone(),
                display_index: state.display_index as i64,
                z_order: state.z_order as i64,
                vertices: runtime.mesh_in_armature_space(runtime_index),
            })
        })
        .collect();
    Ok(DragonBonesPose {
        armature: armature.name.clone(),
        animation: request.animation.clone(),
        time: request.time,
        bones,
        slots,
    })
}

/// The reading of `target`'s runtime when it reads the skeleton otherwise than DragonBonesJS 5.7
/// ([`DragonBonesFile::target_reading`]); `None`: the file's own reading applies.
pub fn target_reading(
    analysis: &Analysis,
    file: &DragonBonesFile,
    target: Option<rigls_diagnostic::Target>,
) -> Option<parse::Parsed> {
    file.target_reading(&analysis.text, rigls_dragonbones::target::profile(target?)?)
}

/// The armature shown when none is asked for (by `rigls pose`, `rigls render` and the previews):
/// among the armatures no other armature of the file shows as a child armature — the character,
/// not its weapon — the one that shows the most armatures through any chain of children (the
/// character rather than the bullet or effect a game spawns beside it), the first of those when
/// they tie; the first armature when every armature is some other's child. `None` without
/// armatures.
pub fn default_armature(file: &DragonBonesFile, text: &str) -> Option<String> {
    default_armature_of(file, text).map(|choice| choice.name)
}

/// The armature [`default_armature`] chose, and among how many.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefaultArmature {
    pub name: String,
    /// How many armatures no other armature shows as a child (0 when each is some other's).
    pub candidates: usize,
}

/// [`default_armature`], and among how many it was chosen.
pub fn default_armature_of(file: &DragonBonesFile, text: &str) -> Option<DefaultArmature> {
    let root = file.tree.root()?;
    let raw = Raw::new(&file.tree, text);
    let elements = parse::armature_elements(raw, root);
    let names: Vec<String> = elements.iter().map(|&e| raw.string(e, key::NAME, "")).collect();
    if names.len() < 2 {
        return names.into_iter().next().map(|name| DefaultArmature { name, candidates: 1 });
    }
    // Each armature's children, as indices of the first armature of each name shown.
    let children: Vec<Vec<usize>> = elements
        .iter()
        .map(|&e| {
            let shown = parse::child_armature_names(raw, e);
            shown.iter().filter_map(|n| names.iter().position(|m| m == n)).collect()
        })
        .collect();
    let shown_by_another = |i: usize| {
        children.iter().enumerate().any(|(j, c)| names[j] != names[i] && c.iter().any(|&k| names[k] == names[i]))
    };
    // How many other armatures `i` shows through any chain (each counted once, loops cut).
    let reach = |i: usize| {
        let mut seen = vec![false; names.len()];
        seen[i] = true;
        let mut stack = vec![i];
        let mut count = 0;
        while let Some(a) = stack.pop() {
            for &c in &children[a] {
                if !std::mem::replace(&mut seen[c], true) {
                    count += 1;
                    stack.push(c);
                }
            }
        }
        count
    };
    let mut best: Option<(usize, usize)> = None;
    let candidates: Vec<usize> = (0..names.len()).filter(|&i| !shown_by_another(i)).collect();
    for &i in &candidates {
        let shows = reach(i);
        if best.is_none_or(|(_, most)| shows > most) {
            best = Some((i, shows));
        }
    }
    let index = best.map_or(0, |(i, _)| i);
    Some(DefaultArmature { name: names[index].clone(), candidates: candidates.len() })
}

/// `request` with its armature named: the one asked for, else [`default_armature`].
pub fn with_default_armature(file: &DragonBonesFile, text: &str, request: &PoseRequest) -> PoseRequest {
    let armature = request.armature.clone().or_else(|| default_armature(file, text));
    PoseRequest { armature, ..request.clone() }
}

/// The skeleton of `analysis`, when the runtime can read it (`JSON.parse` accepts it; a syntax
/// warning is what only the targets the file is checked for accept: a NUL after the document).
pub fn skeleton(analysis: &Analysis) -> Result<&DragonBonesFile, PoseError> {
    let Some(file) = analysis.dragonbones() else {
        return Err(PoseError::NoPose("not a DragonBones skeleton".to_owned()));
    };
    let at = |range: TextRange| place(&analysis.lines, range);
    let syntax: Vec<String> = analysis
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::Syntax && d.severity == Severity::Error)
        .map(|d| format!("{}: {} (JSON.parse rejects the file)", at(d.range), d.message))
        .collect();
    if !syntax.is_empty() {
        return Err(PoseError::Broken(syntax));
    }
    Ok(file)
}

/// The data the runtime builds from, when it reads the file without failing.
pub fn parsed_data<'r>(analysis: &Analysis, reading: &'r Reading<'_>) -> Result<&'r DragonBonesData, PoseError> {
    let at = |range: TextRange| place(&analysis.lines, range);
    let data = match reading.data() {
        Ok(data) => data,
        Err(rejected) => {
            let version =
                if rejected.version.is_empty() { "none".to_owned() } else { format!("\"{}\"", rejected.version) };
            return Err(PoseError::NoPose(format!(
                "the DragonBones runtime rejects this file: data version {version} is not one it reads (4.0, 4.5, 5.0, 5.5, 5.6)"
            )));
        }
    };
    if !reading.failures.is_empty() {
        return Err(PoseError::Broken(
            reading.failures.iter().map(|(range, kind)| format!("{}: {}", at(*range), failure_message(kind))).collect(),
        ));
    }
    Ok(data)
}

/// The armature `request` names (default: the first), built at its setup pose; the animation it
/// names must exist.
pub fn build<'d>(
    analysis: &Analysis,
    file: &DragonBonesFile,
    data: &'d DragonBonesData,
    request: &PoseRequest,
) -> Result<(usize, Runtime<'d>), PoseError> {
    let at = |range: TextRange| place(&analysis.lines, range);
    let known = || data.armatures.iter().map(|a| a.name.clone()).collect::<Vec<_>>();
    let index = match &request.armature {
        Some(name) => {
            data.armature(name).ok_or_else(|| PoseError::UnknownArmature { name: name.clone(), known: known() })?
        }
        None if data.armatures.is_empty() => return Err(PoseError::NoPose("the skeleton has no armature".to_owned())),
        None => 0,
    };
    let armature = &data.armatures[index];
    if let Some(name) = &request.animation
        && armature.animation(name).is_none()
    {
        let known = armature.animations.iter().map(|a| a.name.clone()).collect();
        return Err(PoseError::UnknownAnimation { name: name.clone(), known });
    }
    let runtime = Runtime::build(data, index).map_err(|e| {
        PoseError::Broken(vec![match e {
            BuildError::BoneLoop => format!(
                "{}: the bones of armature \"{}\" form a loop (parents or IK targets): the runtime never finishes sorting them",
                at(file.tree.range(armature.node)),
                armature.name
            ),
            BuildError::SlotWithoutParent(s) => {
                let slot = &armature.slots[s];
                format!(
                    "{}: slot \"{}\" has no parent bone: building the armature throws",
                    at(file.tree.range(slot.node)),
                    slot.name
                )
            }
            BuildError::TooManyArmatures(built) => format!(
                "{}: building armature \"{}\" builds {} armatures through child-armature displays (more than {}): the runtimes run out of memory or time",
                at(file.tree.range(armature.node)),
                armature.name,
                if built == u64::MAX { "more than 18 quintillion".to_owned() } else { built.to_string() },
                rigls_dragonbones::eval::runtime::MAX_ARMATURES_BUILT
            ),
        }])
    })?;
    Ok((index, runtime))
}

fn place(lines: &LineIndex, range: TextRange) -> String {
    let p = lines.line_col(range.start, PositionEncoding::Utf32);
    format!("{}:{}", p.line + 1, p.col + 1)
}

/// What the runtime does at a [`Failure`], in a user's words.
pub fn failure_message(kind: &FailureKind) -> &'static str {
    match kind {
        FailureKind::NoVertices => "a mesh or path without `vertices`: the runtime throws reading it",
        FailureKind::BadWeights => {
            "`weights` do not fit the vertex count: the runtime throws a RangeError reading them"
        }
        FailureKind::WeightsWithoutPose => {
            "`weights` without `bonePose` and `slotPose`: the runtime throws reading them"
        }
        FailureKind::PoseBoneOutOfRange => {
            "a `bonePose` bone index past the armature's bones: building the armature throws"
        }
        FailureKind::WeightBoneNotInPose => {
            "a weight names a bone missing from `bonePose`: the mesh's vertices are NaN"
        }
        FailureKind::NoLengths => "a path display without `lengths`: the runtime throws reading it",
        FailureKind::FractionalDuration => "key frames on a fractional duration: the runtime throws a RangeError",
        FailureKind::DeformOfNonMesh => "a deform timeline names a display that is not a mesh: the runtime throws",
        FailureKind::HugeDuration => {
            "an animation or key frame so long that the runtime's per-frame tables exhaust memory"
        }
        FailureKind::FrameArrayOverflow => {
            "an animation whose key frames take more than 65,535 entries of the runtime's frame array: those past it are read at a wrapped 16-bit offset, another key frame's data"
        }
        FailureKind::Binary => {
            "a binary file's arrays that the runtime cannot read as they are (see its `binary-*` errors)"
        }
        FailureKind::BadZOrder => {
            "a `zOrder` list the runtime cannot read (odd length, too long, or slot indices out of order or millions past the slots)"
        }
    }
}
