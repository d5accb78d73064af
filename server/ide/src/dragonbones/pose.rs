//! `rigls pose` for DragonBones skeletons: the armature the runtime builds, posed at a time.

use crate::Analysis;
use crate::pose::{BonePose, DragonBonesPose, PoseError, PoseRequest, SlotPose};
use rigls_diagnostic::Code;
use rigls_dragonbones::eval::data::DragonBonesData;
use rigls_dragonbones::eval::parse::FailureKind;
use rigls_dragonbones::eval::{BuildError, Runtime};
use rigls_dragonbones::{DragonBonesFile, Reading};
use rigls_text::{LineIndex, PositionEncoding, TextRange};

pub fn pose(analysis: &Analysis, request: &PoseRequest) -> Result<DragonBonesPose, PoseError> {
    let file = skeleton(analysis)?;
    let reading = file.reading(&analysis.text, request.armature.as_deref());
    let data = parsed_data(analysis, &reading)?;
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

/// The skeleton of `analysis`, when the runtime can read it (`JSON.parse` accepts it).
pub fn skeleton(analysis: &Analysis) -> Result<&DragonBonesFile, PoseError> {
    let Some(file) = analysis.dragonbones() else {
        return Err(PoseError::NoPose("not a DragonBones skeleton".to_owned()));
    };
    let at = |range: TextRange| place(&analysis.lines, range);
    let syntax: Vec<String> = analysis
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::Syntax)
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
        FailureKind::BadZOrder => {
            "a `zOrder` list the runtime cannot read (odd length, too long, or slot indices out of order or millions past the slots)"
        }
    }
}
