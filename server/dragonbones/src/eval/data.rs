//! The data the runtime builds armatures from: what `ObjectDataParser` keeps of a skeleton, with
//! the runtime's storage precision (geometry and frame values in `Float32Array`s, curve samples,
//! colours and flags in `Int16Array`s, frame positions in whole frames).

use super::curve::CurveSamples;
use super::frame_table::FrameTable;
use super::geom::{ColorTransform, Transform};
use crate::syntax::NodeId;

#[derive(Debug, Default)]
pub struct DragonBonesData {
    pub name: String,
    pub version: String,
    pub frame_rate: f64,
    /// Accepted armatures (a later duplicate name is dropped), in file order.
    pub armatures: Vec<ArmatureData>,
    /// Every geometry in parse order; a broken shared mesh shows the first one.
    pub geometries: Vec<GeometryData>,
    /// How the target's runtime evaluates it, where it differs from DragonBonesJS 5.7.
    pub eval: crate::target::Eval,
    /// The armatures by name, made when first asked for.
    pub(crate) armature_index: std::sync::OnceLock<NameIndex>,
    /// Per armature, how many armatures building it builds (`runtime::armatures_built`).
    pub(crate) armatures_built: std::sync::OnceLock<Vec<u64>>,
}

impl DragonBonesData {
    pub fn armature(&self, name: &str) -> Option<usize> {
        NameIndex::find(&self.armature_index, || self.armatures.iter().map(|a| a.name.as_str()), name)
    }
}

#[derive(Debug, Default)]
pub struct ArmatureData {
    pub name: String,
    pub node: NodeId,
    pub frame_rate: f64,
    /// Accepted bones in file order (a later duplicate name is dropped).
    pub bones: Vec<BoneData>,
    /// For each raw `bone[]` entry, the accepted bone it is (or duplicates).
    pub raw_bones: Vec<Option<usize>>,
    /// Parents before children, IK roots after their targets: the runtime's update order.
    pub sorted_bones: Vec<usize>,
    /// False when the runtime would never finish sorting (a parent or IK loop).
    pub sort_complete: bool,
    pub slots: Vec<SlotData>,
    pub skins: Vec<SkinData>,
    pub default_skin: Option<usize>,
    /// In the order the runtime iterates its constraint map.
    pub constraints: Vec<ConstraintData>,
    pub animations: Vec<AnimationData>,
    pub default_animation: Option<usize>,
    /// The bones, slots and animations by name, each made when first asked for.
    pub(crate) bone_index: std::sync::OnceLock<NameIndex>,
    pub(crate) slot_index: std::sync::OnceLock<NameIndex>,
    pub(crate) animation_index: std::sync::OnceLock<NameIndex>,
}

/// The first of each name in a list, and the list's length then (a scan per lookup made 30,000
/// bones take seconds).
#[derive(Debug, Default)]
pub(crate) struct NameIndex {
    len: usize,
    first: rigls_text::FastMap<String, usize>,
}

impl NameIndex {
    /// The first of `names()` equal to `name`, by the index `cell` holds, made of `names()` when
    /// first asked for; if the list has grown since, by a scan.
    fn find<'n, I>(cell: &std::sync::OnceLock<NameIndex>, names: impl Fn() -> I, name: &str) -> Option<usize>
    where
        I: ExactSizeIterator<Item = &'n str>,
    {
        let index = cell.get_or_init(|| {
            let mut first = rigls_text::FastMap::default();
            for (i, n) in names().enumerate() {
                first.entry(n.to_owned()).or_insert(i);
            }
            NameIndex { len: names().len(), first }
        });
        match index.len == names().len() {
            true => index.first.get(name).copied(),
            false => names().position(|n| n == name),
        }
    }
}

impl ArmatureData {
    /// The first bone named `name`.
    pub fn bone(&self, name: &str) -> Option<usize> {
        NameIndex::find(&self.bone_index, || self.bones.iter().map(|b| b.name.as_str()), name)
    }

    /// The first slot named `name`.
    pub fn slot(&self, name: &str) -> Option<usize> {
        NameIndex::find(&self.slot_index, || self.slots.iter().map(|s| s.name.as_str()), name)
    }

    /// The first animation named `name`.
    pub fn animation(&self, name: &str) -> Option<usize> {
        NameIndex::find(&self.animation_index, || self.animations.iter().map(|a| a.name.as_str()), name)
    }

    pub fn constraint(&self, name: &str) -> Option<usize> {
        self.constraints.iter().position(|c| c.name == name)
    }

    /// The armatures its displays show (any skin), by name.
    pub fn shown_armatures(&self) -> impl Iterator<Item = &str> {
        self.skins
            .iter()
            .flat_map(|s| &s.displays)
            .flat_map(|(_, displays)| displays.iter().flatten())
            .filter(|d| matches!(d.kind, DisplayKind::Armature))
            .map(|d| d.path.as_str())
    }
}

#[derive(Debug)]
pub struct BoneData {
    pub name: String,
    pub node: NodeId,
    pub parent: Option<usize>,
    pub transform: Transform,
    pub inherit_translation: bool,
    pub inherit_rotation: bool,
    pub inherit_scale: bool,
    pub inherit_reflection: bool,
    pub length: f64,
    pub alpha: f64,
    /// A 5.6 surface (lattice) bone.
    pub surface: Option<SurfaceData>,
}

#[derive(Debug)]
pub struct SurfaceData {
    pub segment_x: f64,
    pub segment_y: f64,
    pub geometry: usize,
}

#[derive(Debug)]
pub struct SlotData {
    pub name: String,
    pub node: NodeId,
    pub display_index: f64,
    pub z_order: f64,
    pub z_index: f64,
    pub alpha: f64,
    /// `None`: the parent is missing or unknown (building the armature throws).
    pub parent: Option<usize>,
    pub blend_mode: u32,
    pub color: ColorTransform,
}

#[derive(Debug)]
pub struct SkinData {
    pub name: String,
    pub node: NodeId,
    /// Display lists by slot name, in the runtime's map order.
    pub displays: Vec<(String, Vec<Option<DisplayData>>)>,
    /// `displays` by slot name, made when first asked for.
    pub(crate) display_index: std::sync::OnceLock<NameIndex>,
}

impl SkinData {
    pub fn displays_of(&self, slot: &str) -> Option<&[Option<DisplayData>]> {
        let at = NameIndex::find(&self.display_index, || self.displays.iter().map(|(s, _)| s.as_str()), slot);
        at.map(|i| self.displays[i].1.as_slice())
    }
}

#[derive(Debug, Clone)]
pub struct DisplayData {
    pub name: String,
    pub path: String,
    pub node: NodeId,
    pub transform: Transform,
    pub kind: DisplayKind,
}

#[derive(Debug, Clone)]
pub enum DisplayKind {
    Image { pivot_x: f64, pivot_y: f64 },
    Armature,
    Mesh { geometry: usize, inherit_deform: bool },
    BoundingBox,
    Path { geometry: usize, closed: bool, constant_speed: bool, curve_lengths: Vec<f64> },
}

impl DisplayData {
    pub fn geometry(&self) -> Option<usize> {
        match self.kind {
            DisplayKind::Mesh { geometry, .. } | DisplayKind::Path { geometry, .. } => Some(geometry),
            _ => None,
        }
    }
}

#[derive(Debug, Default)]
pub struct GeometryData {
    pub vertex_count: usize,
    /// `[x0, y0, …]` as stored (Float32).
    pub vertices: Vec<f64>,
    pub uvs: Option<Vec<f64>>,
    pub triangles: Vec<i32>,
    pub weight: Option<WeightData>,
    pub node: NodeId,
}

#[derive(Debug, Default)]
pub struct WeightData {
    /// Influences in all.
    pub count: usize,
    /// The bones weighting this geometry (armature bone indices; `None` for an index out of range).
    pub bones: Vec<Option<usize>>,
    /// Per vertex, how many influences follow in `influences`.
    pub vertex_bone_counts: Vec<usize>,
    pub influences: Vec<Influence>,
}

#[derive(Clone, Copy, Debug)]
pub struct Influence {
    /// Index into [`WeightData::bones`]; `None` when the bone is not in `bonePose` (NaN data).
    pub bone: Option<usize>,
    pub weight: f64,
    /// The vertex in the bone's bind space.
    pub x: f64,
    pub y: f64,
}

#[derive(Debug, Clone)]
pub struct ConstraintData {
    pub name: String,
    pub node: NodeId,
    pub root: usize,
    pub target: usize,
    pub kind: ConstraintKind,
}

#[derive(Debug, Clone)]
pub enum ConstraintKind {
    Ik {
        /// The end bone of a two-bone chain (`root` is its parent); `None` for one bone.
        bone: Option<usize>,
        bend_positive: bool,
        weight: f64,
    },
    Path(Box<PathConstraintData>),
}

#[derive(Debug, Clone)]
pub struct PathConstraintData {
    pub slot: usize,
    pub display: DisplayData,
    pub bones: Vec<usize>,
    pub position_mode: u32,
    pub spacing_mode: u32,
    pub rotate_mode: u32,
    pub position: f64,
    pub spacing: f64,
    pub rotate_offset: f64,
    pub rotate_mix: f64,
    pub translate_mix: f64,
}

#[derive(Debug, Default)]
pub struct AnimationData {
    pub name: String,
    pub node: NodeId,
    /// `duration` in frames (as written: may be fractional).
    pub frame_count: f64,
    pub play_times: f64,
    /// Seconds: `frame_count / frameRate`.
    pub duration: f64,
    pub fade_in_time: f64,
    pub scale: f64,
    pub blend_type: u32,
    pub frame_rate: f64,
    /// The key frames of the action (event) timeline: only their count matters here.
    pub action_timeline: Option<TimelineData>,
    pub z_order_timeline: Option<TimelineData>,
    pub bone_timelines: TimelineMap,
    pub slot_timelines: TimelineMap,
    pub constraint_timelines: TimelineMap,
    /// 5.6 blend trees: child animation name → its progress/weight/parameter timelines.
    pub animation_timelines: TimelineMap,
    /// Per bone, then per slot, of its armature: the entry of `bone_timelines` (and
    /// `slot_timelines`) naming it, made when first asked for.
    pub(crate) timelines_by_target: std::sync::OnceLock<TimelinesByTarget>,
    /// `animation_timelines`' entries in the order the runtime plays the children.
    pub(crate) children_in_play_order: std::sync::OnceLock<Vec<usize>>,
}

impl AnimationData {
    /// The timelines that pose the armature: its bones', slots' and constraints'.
    pub fn pose_timelines(&self) -> impl Iterator<Item = &TimelineData> {
        [&self.bone_timelines, &self.slot_timelines, &self.constraint_timelines].into_iter().flat_map(|m| m.all())
    }

    /// The timelines of `bone` and of `slot` (indices into `armature`'s bones and slots, the
    /// armature this animation belongs to).
    pub fn timelines_of(
        &self,
        armature: &ArmatureData,
        bone: Option<usize>,
        slot: Option<usize>,
    ) -> (&[TimelineData], &[TimelineData]) {
        let TimelinesByTarget { bones, slots, .. } = self.timelines_by_target(armature);
        fn list(map: &TimelineMap, at: Option<usize>) -> &[TimelineData] {
            at.map_or(&[], |e| map.entries[e].1.as_slice())
        }
        (
            list(&self.bone_timelines, bone.and_then(|b| bones.get(b).copied().flatten())),
            list(&self.slot_timelines, slot.and_then(|s| slots.get(s).copied().flatten())),
        )
    }

    /// The bones (indices into `armature`'s bones) that have timelines, in order.
    pub fn timed_bones(&self, armature: &ArmatureData) -> &[usize] {
        &self.timelines_by_target(armature).timed_bones
    }

    fn timelines_by_target(&self, armature: &ArmatureData) -> &TimelinesByTarget {
        self.timelines_by_target.get_or_init(|| {
            let entry = |map: &TimelineMap, name: &str| map.index.get(name).copied();
            let bones: Vec<Option<usize>> =
                armature.bones.iter().map(|b| entry(&self.bone_timelines, &b.name)).collect();
            TimelinesByTarget {
                timed_bones: (0..bones.len()).filter(|&b| bones[b].is_some()).collect(),
                bones,
                slots: armature.slots.iter().map(|s| entry(&self.slot_timelines, &s.name)).collect(),
            }
        })
    }

    /// The blend-tree children (indices into `animation_timelines.entries`) in the order the
    /// runtime plays them: the order JavaScript iterates an object's keys.
    pub fn children_in_play_order(&self) -> &[usize] {
        self.children_in_play_order.get_or_init(|| {
            let mut children: Vec<(String, usize)> =
                self.animation_timelines.entries.iter().enumerate().map(|(i, (n, _))| (n.clone(), i)).collect();
            super::parse::js_key_order(&mut children);
            children.into_iter().map(|(_, i)| i).collect()
        })
    }

    /// How many key frames its pose timelines have in all (with repeats).
    pub fn key_frame_count(&self) -> usize {
        self.pose_timelines().map(|t| t.frames.len()).sum()
    }

    /// Every whole frame on which some pose timeline has a key frame, in order, once each.
    pub fn key_frame_positions(&self) -> Vec<i16> {
        let mut frames: Vec<i16> = self.pose_timelines().flat_map(|t| t.frames.iter().map(|f| f.position)).collect();
        frames.sort_unstable();
        frames.dedup();
        frames
    }
}

/// Per bone and per slot of an armature, the entry of an animation's timelines naming it.
#[derive(Debug)]
pub(crate) struct TimelinesByTarget {
    bones: Vec<Option<usize>>,
    slots: Vec<Option<usize>>,
    /// The bones with an entry.
    timed_bones: Vec<usize>,
}

/// Timelines by the name of what they animate, in the order the names first appear.
#[derive(Default)]
pub struct TimelineMap {
    pub entries: Vec<(String, Vec<TimelineData>)>,
    index: rigls_text::FastMap<String, usize>,
}

/// The entries alone, in order: the index follows from them, and its order changes from run to run.
impl std::fmt::Debug for TimelineMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TimelineMap").field("entries", &self.entries).finish_non_exhaustive()
    }
}

impl TimelineMap {
    pub fn get(&self, name: &str) -> Option<&[TimelineData]> {
        self.index.get(name).map(|&i| self.entries[i].1.as_slice())
    }

    pub fn add(&mut self, name: String, timeline: TimelineData) {
        match self.index.get(&name) {
            Some(&i) => self.entries[i].1.push(timeline),
            None => {
                self.index.insert(name.clone(), self.entries.len());
                self.entries.push((name, vec![timeline]));
            }
        }
    }

    pub fn all(&self) -> impl Iterator<Item = &TimelineData> {
        self.entries.iter().flat_map(|(_, t)| t)
    }

    pub fn all_mut(&mut self) -> impl Iterator<Item = &mut TimelineData> {
        self.entries.iter_mut().flat_map(|(_, t)| t)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimelineKind {
    Action,
    ZOrder,
    BoneAll,
    BoneTranslate,
    BoneRotate,
    BoneScale,
    BoneAlpha,
    Surface,
    SlotDisplay,
    SlotColor,
    SlotDeform,
    SlotZIndex,
    SlotAlpha,
    IkConstraint,
    AnimationProgress,
    AnimationWeight,
    AnimationParameter,
}

#[derive(Debug, Clone)]
pub struct TimelineData {
    pub kind: TimelineKind,
    pub node: NodeId,
    /// `100 / round(scale · 100)` as the runtime reads it back.
    pub time_scale: f64,
    /// `round(offset · 100) · 0.01`.
    pub time_offset: f64,
    /// The number of key frames written.
    pub key_frame_count: usize,
    /// The key frames the runtime parsed (those starting after the end are lost).
    pub frames: Vec<FrameData>,
    /// For each whole frame `0..=frame_count`, the key frame in effect (several key frames only).
    pub frame_table: FrameTable,
    pub values: TimelineValues,
    /// Deform timelines: the geometry deformed; how many values the deform covers.
    pub geometry: Option<usize>,
    pub deform_count: usize,
    /// Blend-tree progress timelines: the child's position in the blend space.
    pub position: (f64, f64),
}

#[derive(Debug, Clone)]
pub struct FrameData {
    /// The start, in whole frames.
    pub position: i16,
    pub tween: Tween,
    pub node: NodeId,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Tween {
    None,
    Line,
    /// Eased by a sampled Bézier curve (`omitted`: its end points (0,0) and (1,1) are implicit).
    Curve {
        samples: CurveSamples,
        omitted: bool,
    },
    QuadIn(i16),
    QuadOut(i16),
    QuadInOut(i16),
}

/// The values of a timeline's key frames, in frame order.
#[derive(Debug, Clone)]
pub enum TimelineValues {
    None,
    /// Step frame values (`frameArray`): display indices.
    Step(Vec<i16>),
    /// Integer values (`frameIntArray`), `count` per frame.
    Int {
        count: usize,
        values: Vec<i16>,
    },
    /// Float values (`frameFloatArray`), `count` per frame.
    Float {
        count: usize,
        values: Vec<f64>,
    },
    /// Colour frames: 8 integers each (multipliers in percent, offsets).
    Color(Vec<[i16; 8]>),
    /// Draw orders: the slot index for each position, or `None` for the setup order.
    ZOrder(Vec<Option<Vec<i16>>>),
}
