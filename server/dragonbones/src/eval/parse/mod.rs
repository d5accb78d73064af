//! Builds [`DragonBonesData`] from a skeleton's syntax tree the way the runtime's
//! `ObjectDataParser` does: the same defaults and coercions, the same silent drops (unknown
//! names, duplicates), key frames placed on whole frames, curves sampled, values stored at the
//! runtime's precision. Where the runtime would throw or hang, parsing records a [`Failure`]
//! instead and carries on.

use super::data::*;
use super::geom::{
    ColorTransform, DEG_RAD, Transform, degrees_to_radian_f32, js_round, normalize_radian, to_f32, to_i16, to_u16,
};
use super::raw::Raw;
use crate::schema::key;
use crate::syntax::NodeId;
use crate::target::Eval;

mod animation;
mod binary;
mod deform;
mod geometry;

pub use animation::{Rotation, WrappedValues};
pub use binary::{parse_binary, parse_binary_as};
pub use geometry::{
    FloatLayout, GeometryKind, GeometrySize, Wrapped, WrappedGeometry, float_layout, float_layout_of, geometry_size,
    is_surface,
};

/// Longer animations and key frames (in frames) are not baked: the runtime would allocate a table
/// entry per frame and run out of memory (its frame positions wrap at 32,768 already).
pub const MAX_FRAMES: f64 = (1 << 20) as f64;

/// The data versions the runtime (DragonBonesJS 5.6+) accepts.
pub const DATA_VERSIONS: [&str; 5] = ["4.0", "4.5", "5.0", "5.5", "5.6"];

/// Where the runtime would fail on this data, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    pub node: NodeId,
    pub kind: FailureKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum FailureKind {
    /// A mesh or path display whose `vertices` is missing (parse throws).
    NoVertices,
    /// `weights` whose length does not fit the vertex count (parse throws `RangeError`).
    BadWeights,
    /// `weights` without `bonePose` and `slotPose`, or without `bones` (parse throws).
    WeightsWithoutPose,
    /// A `bonePose` or `bones` index past the armature's bones (build throws).
    PoseBoneOutOfRange,
    /// A weight naming a bone that `bonePose` does not list (NaN vertices).
    WeightBoneNotInPose,
    /// A path display without `lengths` (parse throws).
    NoLengths,
    /// An animation's key frames on a fractional `duration` (parse throws `RangeError`).
    FractionalDuration,
    /// A deform timeline naming a display that is not a mesh (parse throws).
    DeformOfNonMesh,
    /// An animation or key frame so long that the runtime's per-frame tables exhaust memory
    /// (and frame positions, stored in 16 bits, wrap long before).
    HugeDuration,
    /// An animation whose key frames take more of the runtime's `frameArray` than its 16-bit
    /// references reach: key frames past entry 65,535 (from the animation's first) are read at a
    /// wrapped offset, another key frame's data.
    FrameArrayOverflow,
    /// A `zOrder` list of odd length or too long (parse throws `RangeError`), or with slot indices
    /// out of order or millions past the slots (parse never ends).
    BadZOrder,
    /// A binary skeleton whose header or arrays the runtime cannot read as they are (its
    /// `binary-*` errors say why): it throws, or reads `undefined` where numbers belong.
    Binary,
}

#[derive(Debug)]
pub struct Parsed {
    pub data: DragonBonesData,
    pub failures: Vec<Failure>,
    /// A display with `share` was read: the runtime shows the file's first geometry for it, which
    /// may be another armature's (so an armature's data is not made of its own text alone).
    pub shares_geometry: bool,
    /// How many of `failures` each armature element read made, in the order read.
    pub failures_per_armature: Vec<usize>,
    /// Values of slot deform key frames were left out ([`DeformValues::CheckedFinite`]).
    pub deform_values_left_out: bool,
    /// A slot deform key frame whose values were left out has one that is not finite.
    pub deform_not_finite: bool,
    /// What a binary skeleton's parse found wrong in its arrays ([`parse_binary`]).
    pub binary_problems: Vec<crate::binary::Problem>,
    /// A binary skeleton's displays and bones with geometry, and the geometry each points at
    /// (displays pointing at one block share it).
    pub geometry_nodes: Vec<(NodeId, usize)>,
    /// Timelines whose key frame values the runtime reads from another place of its
    /// `frameFloatArray` for want of 16 bits (their values here are those it reads), in file order.
    pub wrapped_values: Vec<WrappedValues>,
    /// A wrapped timeline reads slot deform values that were left out: the parse must keep them.
    pub wrapped_values_need_deforms: bool,
    /// Geometry the runtime reads otherwise than it stored it for want of 16 bits, in file
    /// order: vertex counts always; places in its arrays (floats read elsewhere, deforms never
    /// applied) when the parse is of the whole file or was given the file's [`FloatLayout`], as
    /// the places run on from armature to armature.
    pub wrapped_geometry: Vec<WrappedGeometry>,
}

/// What a parse does with the values of slot deform key frames, most of a skeleton's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeformValues {
    /// Read and kept, as the runtime keeps them.
    Kept,
    /// Shown finite and left out, for checks that pose bones alone (slots never read them): where
    /// the numbers' spelling bounds them (no exponent, few digits, and for weighted meshes the
    /// poses' matrices), they are not even read ([`Parsed::deform_not_finite`] otherwise).
    CheckedFinite,
}

/// Why the runtime returns no data at all.
#[derive(Clone, Debug, PartialEq)]
pub struct Rejected {
    pub version: String,
    pub compatible_version: String,
}

pub fn parse(raw: Raw<'_>, root: NodeId) -> Result<Parsed, Rejected> {
    parse_as(raw, root, Eval::DEFAULT)
}

/// The elements of the root's `armature` list, which [`parse`] reads in turn.
pub fn armature_elements(raw: Raw<'_>, root: NodeId) -> Vec<NodeId> {
    raw.get(root, key::ARMATURE).map(|list| raw.elements(list).collect()).unwrap_or_default()
}

/// What the runtime reads of the root (no armatures yet); `Err` when it rejects the version.
pub fn root_data(raw: Raw<'_>, root: NodeId) -> Result<DragonBonesData, Rejected> {
    let version = raw.string(root, key::VERSION, "");
    let compatible_version = raw.string(root, key::COMPATIBLE_VERSION, "");
    if !DATA_VERSIONS.contains(&version.as_str()) && !DATA_VERSIONS.contains(&compatible_version.as_str()) {
        return Err(Rejected { version, compatible_version });
    }
    let mut frame_rate = raw.number(root, key::FRAME_RATE, 24.0);
    if frame_rate == 0.0 {
        frame_rate = 24.0;
    }
    Ok(DragonBonesData { name: raw.string(root, key::NAME, ""), version, frame_rate, ..Default::default() })
}

/// [`parse`] of some of the elements of the root's `armature` list (all of them, in order, is
/// [`parse`]): the data of an armature is read from its element and the root alone, but for a
/// shared mesh ([`Parsed::shares_geometry`]).
pub fn parse_armatures(
    raw: Raw<'_>,
    root: NodeId,
    elements: &[NodeId],
    deform_values: DeformValues,
    layout: Option<&FloatLayout>,
) -> Result<Parsed, Rejected> {
    parse_armatures_as(raw, root, elements, deform_values, Eval::DEFAULT, Layout::Given(layout))
}

/// Where a parse's geometry lies in the runtime's `floatArray`.
#[derive(Clone, Copy)]
enum Layout<'l> {
    /// The parse is of the whole file, which lays the array out.
    Whole,
    /// The parse is of some armatures, of a file laid out so ([`float_layout`]; `None`: its
    /// geometry fits the array's 16-bit references).
    Given(Option<&'l FloatLayout>),
}

/// [`parse`] as a runtime other than DragonBonesJS 5.7 reads the skeleton, where that changes
/// its poses ([`Eval`]: path constraints, surface bones and 5.6 keys it does not read, animations
/// of no duration lasting one frame).
pub fn parse_as(raw: Raw<'_>, root: NodeId, read_as: Eval) -> Result<Parsed, Rejected> {
    parse_armatures_as(raw, root, &armature_elements(raw, root), DeformValues::Kept, read_as, Layout::Whole)
}

fn parse_armatures_as(
    raw: Raw<'_>,
    root: NodeId,
    elements: &[NodeId],
    deform_values: DeformValues,
    read_as: Eval,
    layout: Layout<'_>,
) -> Result<Parsed, Rejected> {
    let mut parser = Parser::new(raw, root, deform_values, read_as)?;
    if let Layout::Given(given) = layout {
        parser.layout = given;
    }
    let failures_per_armature = parser.armatures(elements);
    parser.read_as_stored(matches!(layout, Layout::Whole | Layout::Given(Some(_))));
    Ok(Parsed {
        shares_geometry: parser.shares_geometry,
        deform_values_left_out: parser.deform_values_left_out,
        deform_not_finite: parser.deform_not_finite,
        data: parser.data,
        failures: parser.failures,
        failures_per_armature,
        binary_problems: Vec::new(),
        geometry_nodes: Vec::new(),
        wrapped_values: parser.wrapped_values,
        wrapped_values_need_deforms: parser.wrapped_values_need_deforms,
        wrapped_geometry: parser.wrapped_geometry,
    })
}

/// [`parse_armatures`] of element `i` of `elements` (named `names`, the root's `armature` list)
/// with the armatures it shows as children, through chains as deep as the runtime builds them
/// ([`MAX_NESTING`](super::runtime::MAX_NESTING)): what the runtime reads to build and pose that
/// armature. Also the indices of the elements read, in file order.
///
/// Each level's new armatures are parsed alone, but for their animations, to find what they
/// show, and the whole set once at the end: parsing the growing set again at every level was
/// cubic in a chain's length (a chain of 500 armatures took 82 s to check).
pub fn parse_shown(
    raw: Raw<'_>,
    root: NodeId,
    elements: &[NodeId],
    names: &[String],
    i: usize,
    deform_values: DeformValues,
    layout: Option<&FloatLayout>,
) -> Result<(Parsed, Vec<usize>), Rejected> {
    if child_armature_names(raw, elements[i]).is_empty() {
        // Shows nothing (most armatures): its parse alone is the one.
        return Ok((parse_armatures(raw, root, &elements[i..=i], deform_values, layout)?, vec![i]));
    }
    let mut read = vec![false; elements.len()];
    read[i] = true;
    let mut level = vec![elements[i]];
    // Level 1 is the armature itself; the runtime builds levels up to MAX_NESTING.
    for _ in 1..super::runtime::MAX_NESTING {
        let mut shows = Parser::new(raw, root, deform_values, Eval::DEFAULT)?;
        shows.animations = false;
        shows.armatures(&level);
        level.clear();
        for shown in shows.data.armatures.iter().flat_map(ArmatureData::shown_armatures) {
            if let Some(c) = names.iter().position(|n| n == shown)
                && !std::mem::replace(&mut read[c], true)
            {
                level.push(elements[c]);
            }
        }
        if level.is_empty() {
            break;
        }
    }
    let list: Vec<usize> = (0..elements.len()).filter(|&a| read[a]).collect();
    let nodes: Vec<NodeId> = list.iter().map(|&a| elements[a]).collect();
    Ok((parse_armatures(raw, root, &nodes, deform_values, layout)?, list))
}

/// A display's type as the runtime reads it: 0 image, 1 armature, 2 mesh, 3 bounding box, 4 path
/// (a name, any case, or its number).
pub fn display_type(raw: Raw<'_>, display: NodeId) -> f64 {
    match raw.get(display, key::TYPE) {
        Some(t) if raw.kind(t) == crate::syntax::NodeKind::String => {
            match raw.to_js_string(t).to_lowercase().as_str() {
                key::ARMATURE => 1.0,
                "mesh" => 2.0,
                "boundingbox" => 3.0,
                key::PATH => 4.0,
                _ => 0.0,
            }
        }
        _ => raw.number(display, key::TYPE, 0.0),
    }
}

/// A display's `path`, else its `name`: for an armature display, the armature it shows.
pub fn display_path(raw: Raw<'_>, display: NodeId) -> String {
    let written = raw.string(display, key::PATH, "");
    if written.is_empty() { raw.string(display, key::NAME, "") } else { written }
}

/// The names of the armatures the armature at `node` shows as child armatures, read from its
/// skins' displays as the runtime reads them (in file order, repeated as written).
pub fn child_armature_names(raw: Raw<'_>, node: NodeId) -> Vec<String> {
    let objects = |object: NodeId, key: &str| -> Vec<NodeId> {
        raw.array(object, key)
            .map(|list| raw.elements(list).filter(|&n| raw.is_object(n)).collect())
            .unwrap_or_default()
    };
    let mut names = Vec::new();
    for skin in objects(node, key::SKIN) {
        for slot in objects(skin, key::SLOT) {
            for display in objects(slot, key::DISPLAY) {
                if display_type(raw, display) == 1.0 {
                    names.push(display_path(raw, display));
                }
            }
        }
    }
    names
}

/// The frame rate the runtime gives the armature at `node` of a file read as `file` (its own, else
/// the file's; 0 means 24).
pub fn armature_frame_rate(raw: Raw<'_>, node: NodeId, file: &DragonBonesData) -> f64 {
    let frame_rate = raw.number(node, key::FRAME_RATE, file.frame_rate);
    if frame_rate == 0.0 { 24.0 } else { frame_rate }
}

/// The order JavaScript iterates an object's keys: array-index keys ascending, then the others in
/// insertion order.
pub fn js_key_order<T>(entries: &mut [(String, T)]) {
    fn index(key: &str) -> Option<u32> {
        let v: u32 = key.parse().ok()?;
        (v != u32::MAX && v.to_string() == key).then_some(v)
    }
    // Most objects have no array-index key, and are in that order already.
    if entries.iter().all(|(k, _)| index(k).is_none()) {
        return;
    }
    entries.sort_by_cached_key(|(k, _)| match index(k) {
        Some(i) => (0, i),
        None => (1, 0),
    });
}

pub(super) struct Parser<'a> {
    pub(super) raw: Raw<'a>,
    pub(super) data: DragonBonesData,
    pub(super) failures: Vec<Failure>,
    pub(super) shares_geometry: bool,
    /// A deform frame's numbers, reused from frame to frame.
    pub(super) deform_numbers: Vec<f64>,
    pub(super) deform_values: DeformValues,
    pub(super) deform_values_left_out: bool,
    pub(super) deform_not_finite: bool,
    /// A left-out deform frame's values, where they had to be read.
    pub(super) deform_scratch: Vec<f64>,
    /// The arrays of a binary skeleton, which its meshes and animations point into.
    pub(super) binary: Option<binary::Source<'a>>,
    /// The runtime whose reading this is, where it differs from DragonBonesJS 5.7.
    pub(super) read_as: Eval,
    /// Animations are read (not when only the armatures shown are wanted).
    pub(super) animations: bool,
    /// The length of the runtime's `floatArray` so far, and where each geometry's floats are.
    pub(super) float_len: usize,
    /// The length of the `intArray` so far (DragonBonesJS's: geometry blocks alone).
    pub(super) int_len: usize,
    /// DragonBonesCPP stored its default colour in the `intArray` (the first colour key frame
    /// without a colour).
    pub(super) default_colour_stored: bool,
    pub(super) float_places: Vec<geometry::FloatPlace>,
    pub(super) wrapped_geometry: Vec<WrappedGeometry>,
    /// Meshes of more vertices than a 16-bit count holds (indices into the data's geometries).
    pub(super) many_vertices: Vec<usize>,
    /// Where the armatures' geometry starts, for a parse of some armatures of a file whose
    /// geometry passes the `floatArray`'s 16-bit references.
    pub(super) layout: Option<&'a FloatLayout>,
    /// Where the timelines of the animation being read put their values in the runtime's
    /// `frameFloatArray` (counted from the animation's first), in the order it reads them.
    value_places: Vec<animation::ValuesPlace>,
    pub(super) wrapped_values: Vec<WrappedValues>,
    pub(super) wrapped_values_need_deforms: bool,
}

/// What the parse of one armature carries between its parts.
pub(super) struct ArmatureScope {
    pub(super) data: ArmatureData,
    /// Constraints by name, in insertion order (the map order is applied at the end), and
    /// their names.
    pub(super) constraints: Vec<(String, ConstraintData)>,
    pub(super) constraint_names: rigls_text::FastSet<String>,
    /// Weighted meshes' `slotPose` and `bonePose`, by skin, slot and display name (the first).
    pub(super) poses: rigls_text::FastMap<String, (Vec<f64>, Vec<f64>)>,
}

impl<'a> Parser<'a> {
    fn new(raw: Raw<'a>, root: NodeId, deform_values: DeformValues, read_as: Eval) -> Result<Self, Rejected> {
        let mut data = root_data(raw, root)?;
        data.eval = read_as;
        let raw = if read_as.float_values { raw.as_float32() } else { raw };
        Ok(Parser {
            read_as,
            raw,
            data,
            failures: Vec::new(),
            shares_geometry: false,
            deform_numbers: Vec::new(),
            deform_values,
            deform_values_left_out: false,
            deform_not_finite: false,
            deform_scratch: Vec::new(),
            value_places: Vec::new(),
            wrapped_values: Vec::new(),
            wrapped_values_need_deforms: false,
            binary: None,
            animations: true,
            float_len: 0,
            int_len: 0,
            default_colour_stored: false,
            float_places: Vec::new(),
            wrapped_geometry: Vec::new(),
            many_vertices: Vec::new(),
            layout: None,
        })
    }

    pub(super) fn fail(&mut self, node: NodeId, kind: FailureKind) {
        self.failures.push(Failure { node, kind });
    }

    /// Reads the elements of the root's `armature` list, keeping the first armature of each
    /// name; how many failures each made.
    pub(super) fn armatures(&mut self, elements: &[NodeId]) -> Vec<usize> {
        let mut failures_per_armature = Vec::with_capacity(elements.len());
        let mut names: rigls_text::FastSet<String> = self.data.armatures.iter().map(|a| a.name.clone()).collect();
        for &a in elements {
            rigls_text::cancel::check();
            if let Some((floats, ints)) = self.layout.and_then(|l| l.start(a)) {
                (self.float_len, self.int_len) = (floats, ints);
            }
            let before = self.failures.len();
            let armature = self.armature(a);
            failures_per_armature.push(self.failures.len() - before);
            if names.insert(armature.name.clone()) {
                self.data.armatures.push(armature);
            }
        }
        failures_per_armature
    }

    fn armature(&mut self, node: NodeId) -> ArmatureData {
        let raw = self.raw;
        let frame_rate = armature_frame_rate(raw, node, &self.data);
        let data = ArmatureData { name: raw.string(node, key::NAME, ""), node, frame_rate, ..Default::default() };
        let mut scope = ArmatureScope {
            data,
            constraints: Vec::new(),
            constraint_names: rigls_text::FastSet::default(),
            poses: rigls_text::FastMap::default(),
        };
        self.bones(node, &mut scope);
        if let Some(list) = raw.get(node, key::IK) {
            for ik in raw.elements(list) {
                if let Some(c) = self.ik(ik, &scope.data) {
                    add_constraint(&mut scope, c);
                }
            }
        }
        sort_bones(&mut scope);
        if let Some(list) = raw.get(node, key::SLOT) {
            // The first slot of each name is kept (`ArmatureData::slot` indexes them once read).
            let mut names = rigls_text::FastSet::default();
            for (z_order, s) in raw.elements(list).enumerate() {
                let slot = self.slot(s, z_order as f64, &scope.data);
                if names.insert(slot.name.clone()) {
                    scope.data.slots.push(slot);
                }
            }
        }
        if let Some(list) = raw.get(node, key::SKIN) {
            let mut names = rigls_text::FastSet::default();
            for s in raw.elements(list).collect::<Vec<_>>() {
                let skin = self.skin(s, &mut scope);
                if names.insert(skin.name.clone()) {
                    let index = scope.data.skins.len();
                    if scope.data.default_skin.is_none() || skin.name == "default" {
                        scope.data.default_skin = Some(index);
                    }
                    scope.data.skins.push(skin);
                }
            }
        }
        if let Some(list) = raw.get(node, key::PATH).filter(|_| !self.read_as.no_paths) {
            for p in raw.elements(list) {
                if let Some(c) = self.path_constraint(p, &scope.data) {
                    add_constraint(&mut scope, c);
                }
            }
        }
        if let Some(list) = raw.get(node, key::ANIMATION).filter(|_| self.animations) {
            // Not `ArmatureData::animation`, which indexes the animations once they are all read.
            let mut names = rigls_text::FastSet::default();
            for a in raw.elements(list).collect::<Vec<_>>() {
                rigls_text::cancel::check();
                let animation = self.animation(a, &scope);
                if names.insert(animation.name.clone()) {
                    if scope.data.default_animation.is_none() {
                        scope.data.default_animation = Some(scope.data.animations.len());
                    }
                    scope.data.animations.push(animation);
                }
            }
        }
        if let Some(actions) = raw.get(node, key::DEFAULT_ACTIONS) {
            for name in play_action_names(raw, actions) {
                if let Some(i) = scope.data.animation(&name) {
                    scope.data.default_animation = Some(i);
                }
            }
        }
        js_key_order(&mut scope.constraints);
        scope.data.constraints = scope.constraints.into_iter().map(|(_, c)| c).collect();
        scope.data
    }

    fn bones(&mut self, armature: NodeId, scope: &mut ArmatureScope) {
        let raw = self.raw;
        let Some(list) = raw.get(armature, key::BONE) else { return };
        let entries: Vec<NodeId> = raw.elements(list).collect();
        let mut parents: Vec<Option<String>> = Vec::new();
        // The first bone of each name (`ArmatureData::bone` scans: 50,000 bones took seconds).
        let mut by_name: rigls_text::FastMap<String, usize> = rigls_text::FastMap::default();
        for &b in &entries {
            let name = raw.string(b, key::NAME, "");
            let parent = raw.string(b, key::PARENT, "");
            if let Some(&existing) = by_name.get(&name) {
                scope.data.raw_bones.push(Some(existing));
                continue;
            }
            by_name.insert(name.clone(), scope.data.bones.len());
            let bone = self.bone(b, name, &scope.data.raw_bones);
            scope.data.raw_bones.push(Some(scope.data.bones.len()));
            scope.data.bones.push(bone);
            parents.push((!parent.is_empty()).then_some(parent));
        }
        // A parent may come later in the list; the first bone of a name is the one meant.
        for (i, parent) in parents.into_iter().enumerate() {
            scope.data.bones[i].parent = parent.and_then(|p| by_name.get(&p).copied());
        }
    }

    fn bone(&mut self, node: NodeId, name: String, raw_bones: &[Option<usize>]) -> BoneData {
        let raw = self.raw;
        let surface = !self.read_as.no_surfaces && geometry::is_surface(raw, node);
        let no_56 = self.read_as.no_56;
        let mut bone = BoneData {
            name,
            node,
            parent: None,
            transform: Transform::IDENTITY,
            inherit_translation: true,
            inherit_rotation: true,
            inherit_scale: true,
            inherit_reflection: true,
            length: 0.0,
            alpha: if no_56 { 1.0 } else { raw.number(node, key::ALPHA, 1.0) },
            surface: None,
        };
        if surface {
            let geometry = self.geometry(node, raw_bones, Some(GeometryKind::Surface));
            bone.surface = Some(SurfaceData {
                segment_x: raw.number(node, key::SEGMENT_X, 0.0),
                segment_y: raw.number(node, key::SEGMENT_Y, 0.0),
                geometry,
            });
            return bone;
        }
        bone.inherit_translation = raw.boolean(node, key::INHERIT_TRANSLATION, true);
        bone.inherit_rotation = raw.boolean(node, key::INHERIT_ROTATION, true);
        bone.inherit_scale = raw.boolean(node, key::INHERIT_SCALE, true);
        bone.inherit_reflection = raw.boolean(node, key::INHERIT_REFLECTION, true);
        bone.length = raw.number(node, key::LENGTH, 0.0);
        if let Some(t) = raw.get(node, key::TRANSFORM) {
            bone.transform = self.transform(t);
        }
        bone
    }

    pub(super) fn transform(&self, node: NodeId) -> Transform {
        let raw = self.raw;
        let [x, y, rotate, skew, sk_x, sk_y, sc_x, sc_y] =
            raw.get_all(node, [key::X, key::Y, key::ROTATE, key::SKEW, key::SK_X, key::SK_Y, key::SC_X, key::SC_Y]);
        let mut t = Transform { x: raw.number_of(x, 0.0), y: raw.number_of(y, 0.0), ..Transform::IDENTITY };
        let float = self.read_as.float_values;
        let angle = |v| if float { degrees_to_radian_f32(v) } else { normalize_radian(v * DEG_RAD) };
        if rotate.is_some() || skew.is_some() {
            t.rotation = angle(raw.number_of(rotate, 0.0));
            t.skew = angle(raw.number_of(skew, 0.0));
        } else if sk_x.is_some() || sk_y.is_some() {
            t.rotation = angle(raw.number_of(sk_y, 0.0));
            t.skew = angle(raw.number_of(sk_x, 0.0)) - t.rotation;
            if float {
                t.skew = to_f32(t.skew);
            }
        }
        t.scale_x = raw.number_of(sc_x, 1.0);
        t.scale_y = raw.number_of(sc_y, 1.0);
        t
    }

    pub(super) fn color(&self, node: NodeId) -> ColorTransform {
        let raw = self.raw;
        ColorTransform {
            alpha_multiplier: raw.number(node, key::A_M, 100.0) * 0.01,
            red_multiplier: raw.number(node, key::R_M, 100.0) * 0.01,
            green_multiplier: raw.number(node, key::G_M, 100.0) * 0.01,
            blue_multiplier: raw.number(node, key::B_M, 100.0) * 0.01,
            alpha_offset: raw.number(node, key::A_O, 0.0),
            red_offset: raw.number(node, key::R_O, 0.0),
            green_offset: raw.number(node, key::G_O, 0.0),
            blue_offset: raw.number(node, key::B_O, 0.0),
        }
    }

    fn ik(&self, node: NodeId, armature: &ArmatureData) -> Option<(String, ConstraintData)> {
        let raw = self.raw;
        let bone = armature.bone(&raw.string(node, key::BONE, ""))?;
        let target = armature.bone(&raw.string(node, key::TARGET, ""))?;
        let chain = raw.number(node, key::CHAIN, 0.0);
        let name = raw.string(node, key::NAME, "");
        let (root, end) = match armature.bones[bone].parent {
            Some(parent) if chain > 0.0 => (parent, Some(bone)),
            _ => (bone, None),
        };
        let kind = ConstraintKind::Ik {
            bone: end,
            bend_positive: raw.boolean(node, key::BEND_POSITIVE, true),
            weight: raw.number(node, key::WEIGHT, 1.0),
        };
        Some((name.clone(), ConstraintData { name, node, root, target, kind }))
    }

    fn path_constraint(&self, node: NodeId, armature: &ArmatureData) -> Option<(String, ConstraintData)> {
        let raw = self.raw;
        let slot = armature.slot(&raw.string(node, key::TARGET, ""))?;
        let skin = &armature.skins[armature.default_skin?];
        let slot_name = &armature.slots[slot].name;
        let wanted = raw.string(node, key::TARGET_DISPLAY, slot_name);
        let display = skin.displays_of(slot_name)?.iter().flatten().find(|d| d.name == wanted)?;
        if !matches!(display.kind, DisplayKind::Path { .. }) {
            return None;
        }
        let list = raw.array(node, key::BONES)?;
        let mut bones = Vec::new();
        for b in raw.elements(list) {
            if let Some(i) = armature.bone(&raw.to_js_string(b)) {
                bones.push(i);
            }
        }
        // An empty list drops the constraint; so does a list naming no bone (no root).
        let target = armature.slots[slot].parent?;
        let root = *bones.first()?;
        let mode = |key: &str, values: &[&str], default: u32| -> u32 {
            let s = raw.string(node, key, "").to_lowercase();
            values.iter().position(|v| *v == s).map_or(default, |i| i as u32)
        };
        let data = PathConstraintData {
            slot,
            display: display.clone(),
            bones,
            // PositionMode: Fixed 0, Percent 1; SpacingMode: Length 0, Fixed 1, Percent 2;
            // RotateMode: Tangent 0, Chain 1, ChainScale 2.
            position_mode: mode(key::POSITION_MODE, &["fixed", "percent"], 1),
            spacing_mode: mode(key::SPACING_MODE, &["length", "fixed", "percent"], 0),
            rotate_mode: mode(key::ROTATE_MODE, &["tangent", key::CHAIN, "chainscale"], 0),
            position: raw.number(node, key::POSITION, 0.0),
            spacing: raw.number(node, key::SPACING, 0.0),
            rotate_offset: raw.number(node, key::ROTATE_OFFSET, 0.0),
            rotate_mix: raw.number(node, key::ROTATE_MIX, 1.0),
            translate_mix: raw.number(node, key::TRANSLATE_MIX, 1.0),
        };
        let name = raw.string(node, key::NAME, "");
        Some((name.clone(), ConstraintData { name, node, root, target, kind: ConstraintKind::Path(Box::new(data)) }))
    }

    fn slot(&self, node: NodeId, z_order: f64, armature: &ArmatureData) -> SlotData {
        let raw = self.raw;
        let blend_mode = match raw.get(node, key::BLEND_MODE) {
            Some(b) if raw.kind(b) == crate::syntax::NodeKind::String => {
                const MODES: [&str; 14] = [
                    "normal",
                    "add",
                    "alpha",
                    "darken",
                    "difference",
                    "erase",
                    "hardlight",
                    "invert",
                    "layer",
                    "lighten",
                    "multiply",
                    "overlay",
                    "screen",
                    "subtract",
                ];
                let s = raw.to_js_string(b).to_lowercase();
                MODES.iter().position(|m| *m == s).unwrap_or(0) as u32
            }
            _ => raw.number(node, key::BLEND_MODE, 0.0).max(0.0) as u32,
        };
        SlotData {
            name: raw.string(node, key::NAME, ""),
            node,
            display_index: raw.number(node, key::DISPLAY_INDEX, 0.0),
            z_order,
            z_index: if self.read_as.no_56 { 0.0 } else { raw.number(node, key::Z_INDEX, 0.0) },
            alpha: if self.read_as.no_56 { 1.0 } else { raw.number(node, key::ALPHA, 1.0) },
            parent: armature.bone(&raw.string(node, key::PARENT, "")),
            blend_mode,
            color: raw.get(node, key::COLOR).map_or(ColorTransform::IDENTITY, |c| self.color(c)),
        }
    }

    fn skin(&mut self, node: NodeId, scope: &mut ArmatureScope) -> SkinData {
        let raw = self.raw;
        let mut name = raw.string(node, key::NAME, "default");
        if name.is_empty() {
            name = "default".to_owned();
        }
        let mut displays: Vec<(String, Vec<Option<DisplayData>>)> = Vec::new();
        // Each slot's entry in `displays` (a slot may be listed twice: its displays add up).
        let mut entry_of: rigls_text::FastMap<String, usize> = rigls_text::FastMap::default();
        if let Some(list) = raw.get(node, key::SLOT) {
            for s in raw.elements(list).collect::<Vec<_>>() {
                let slot_name = raw.string(s, key::NAME, "");
                if scope.data.slot(&slot_name).is_none() {
                    continue;
                }
                let Some(entries) = raw.get(s, key::DISPLAY) else { continue };
                let entry = *entry_of.entry(slot_name.clone()).or_insert_with(|| {
                    displays.push((slot_name.clone(), Vec::new()));
                    displays.len() - 1
                });
                for d in raw.elements(entries).collect::<Vec<_>>() {
                    let display = if raw.is_object(d) { self.display(d, &name, &slot_name, scope) } else { None };
                    displays[entry].1.push(display);
                }
            }
        }
        js_key_order(&mut displays);
        SkinData { name, node, displays, display_index: std::sync::OnceLock::new() }
    }

    fn display(&mut self, node: NodeId, skin: &str, slot: &str, scope: &mut ArmatureScope) -> Option<DisplayData> {
        let raw = self.raw;
        let name = raw.string(node, key::NAME, "");
        let path = display_path(raw, node);
        let ty = display_type(raw, node);
        let kind = match ty {
            0.0 => {
                let (pivot_x, pivot_y) = match raw.get(node, key::PIVOT) {
                    Some(p) => (raw.number(p, key::X, 0.0), raw.number(p, key::Y, 0.0)),
                    None => (0.5, 0.5),
                };
                DisplayKind::Image { pivot_x, pivot_y }
            }
            1.0 => DisplayKind::Armature,
            2.0 => {
                let inherit_deform = raw.boolean(node, key::INHERIT_DEFORM, true);
                let geometry = if raw.has(node, key::SHARE) {
                    self.shares_geometry = true;
                    // The runtime looks the shared mesh up under an empty slot name, never finds
                    // it, and is left reading the file's first geometry.
                    if self.data.geometries.is_empty() {
                        self.data.geometries.push(GeometryData { node, ..Default::default() });
                    }
                    0
                } else {
                    let geometry = self.geometry(node, &scope.data.raw_bones, Some(GeometryKind::Mesh));
                    if raw.has(node, key::WEIGHTS) {
                        let slot_pose = raw.numbers_at(node, key::SLOT_POSE).unwrap_or_default();
                        let bone_pose = raw.numbers_at(node, key::BONE_POSE).unwrap_or_default();
                        scope.poses.entry(format!("{skin}_{slot}_{name}")).or_insert((slot_pose, bone_pose));
                    }
                    geometry
                };
                DisplayKind::Mesh { geometry, inherit_deform }
            }
            3.0 => {
                let sub = match raw.get(node, key::SUB_TYPE) {
                    Some(t) if raw.kind(t) == crate::syntax::NodeKind::String => 0.0,
                    _ => raw.number(node, key::SUB_TYPE, 0.0),
                };
                if !(sub == 0.0 || sub == 1.0 || sub == 2.0) {
                    return None;
                }
                DisplayKind::BoundingBox
            }
            4.0 => {
                let Some(lengths) = raw.numbers_at(node, key::LENGTHS) else {
                    self.fail(node, FailureKind::NoLengths);
                    return None;
                };
                // A runtime without paths does not parse one (nor store its floats).
                let read = (!self.read_as.no_paths).then_some(GeometryKind::Path);
                let geometry = self.geometry(node, &scope.data.raw_bones, read);
                DisplayKind::Path {
                    geometry,
                    closed: raw.boolean(node, key::CLOSED, false),
                    constant_speed: raw.boolean(node, key::CONSTANT_SPEED, false),
                    curve_lengths: lengths,
                }
            }
            _ => return None,
        };
        let transform = raw.get(node, key::TRANSFORM).map_or(Transform::IDENTITY, |t| self.transform(t));
        Some(DisplayData { name, path, node, transform, kind })
    }
}

fn add_constraint(scope: &mut ArmatureScope, (name, c): (String, ConstraintData)) {
    if scope.constraint_names.insert(name.clone()) {
        scope.constraints.push((name, c));
    }
}

/// Parents before children, constraint roots after their targets, scanning the bones in a circle
/// as the runtime does; a loop leaves `sort_complete` false instead of hanging.
fn sort_bones(scope: &mut ArmatureScope) {
    let parents: Vec<Option<usize>> = scope.data.bones.iter().map(|b| b.parent).collect();
    let waits: Vec<(usize, usize)> = scope.constraints.iter().map(|(_, c)| (c.root, c.target)).collect();
    let (sorted, complete) = circle_order(&parents, &waits);
    scope.data.sort_complete = complete;
    scope.data.sorted_bones = sorted;
}

/// The order in which the runtime's circular scan places bones: it visits bone after bone,
/// round and round, placing each whose parent and whose constraints' targets (`waits`: a root,
/// then the bone it waits for) are placed, and gives up after a whole round places none. Said
/// in events, not visits: a bone becomes ready when the last bone it waits for is placed, and is
/// placed when the scan next reaches it; so the bones are placed in the order of those times.
/// (Visiting, a chain listed child first took a round per bone: 100,000 bones, 10¹⁰ visits.)
/// Whether every bone was placed.
fn circle_order(parents: &[Option<usize>], waits: &[(usize, usize)]) -> (Vec<usize>, bool) {
    let total = parents.len();
    let mut waiting = vec![0usize; total];
    let mut released_by: Vec<Vec<usize>> = vec![Vec::new(); total];
    for (bone, parent) in parents.iter().enumerate() {
        if let Some(&p) = parent.as_ref().filter(|&&p| p < total) {
            waiting[bone] += 1;
            released_by[p].push(bone);
        }
    }
    for &(root, target) in waits.iter().filter(|&&(r, t)| r < total && t < total) {
        waiting[root] += 1;
        released_by[target].push(root);
    }
    // The scan visits bone `t % total` at step `t`; ready bones by the step that reaches them.
    let mut ready = std::collections::BinaryHeap::new();
    for bone in (0..total).filter(|&b| waiting[b] == 0) {
        ready.push(std::cmp::Reverse((bone, bone)));
    }
    let mut sorted = Vec::with_capacity(total);
    while let Some(std::cmp::Reverse((step, bone))) = ready.pop() {
        sorted.push(bone);
        for &next in &released_by[bone] {
            waiting[next] -= 1;
            if waiting[next] == 0 {
                let ahead = (next + total - step % total) % total;
                ready.push(std::cmp::Reverse((step + ahead, next)));
            }
        }
    }
    let complete = sorted.len() == total;
    (sorted, complete)
}

/// The animation names of Play actions in an action list.
fn play_action_names(raw: Raw<'_>, actions: NodeId) -> Vec<String> {
    if raw.kind(actions) == crate::syntax::NodeKind::String {
        return vec![raw.to_js_string(actions)];
    }
    let mut out = Vec::new();
    for a in raw.elements(actions) {
        if !raw.is_object(a) && !raw.is_array(a) {
            continue;
        }
        if raw.has(a, key::GOTO_AND_PLAY) {
            out.push(raw.string(a, key::GOTO_AND_PLAY, ""));
            continue;
        }
        let ty = action_type(raw, a, 0.0);
        if ty == 0.0 {
            out.push(raw.string(a, key::NAME, ""));
        }
    }
    out
}

/// An action's type as `_parseActionData` reads it: a name (`"frame"` 10, `"sound"` 11, any
/// other 0 for play) or a number (`default` when absent).
pub fn action_type(raw: Raw<'_>, action: NodeId, default: f64) -> f64 {
    match raw.get(action, key::TYPE) {
        Some(t) if raw.kind(t) == crate::syntax::NodeKind::String => {
            match raw.to_js_string(t).to_lowercase().as_str() {
                key::FRAME => 10.0,
                key::SOUND => 11.0,
                _ => 0.0,
            }
        }
        _ => raw.number(action, key::TYPE, default),
    }
}

/// Round then store in 16 bits, as the runtime stores integer frame values.
pub fn round_i16(v: f64) -> i16 {
    to_i16(js_round(v))
}

/// `Uint16` of `round(v · 100)`, read back as the runtime reads timeline scales and offsets.
pub fn timeline_scale(v: f64) -> f64 {
    to_u16(js_round(v * 100.0)) as f64
}

#[cfg(test)]
mod circle_order_tests {
    use super::circle_order;
    use proptest::prelude::*;

    /// The runtime's scan itself, visit by visit.
    fn visiting(parents: &[Option<usize>], waits: &[(usize, usize)]) -> (Vec<usize>, bool) {
        let total = parents.len();
        let mut sorted = Vec::with_capacity(total);
        let mut placed = vec![false; total];
        let (mut index, mut since_progress) = (0, 0);
        while sorted.len() < total {
            let bone = index;
            index = (index + 1) % total;
            if placed[bone] {
                continue;
            }
            since_progress += 1;
            if since_progress > total {
                break;
            }
            let waits_constraint = waits.iter().any(|&(root, target)| root == bone && !placed[target]);
            if waits_constraint || parents[bone].is_some_and(|p| !placed[p]) {
                continue;
            }
            sorted.push(bone);
            placed[bone] = true;
            since_progress = 0;
        }
        let complete = sorted.len() == total;
        (sorted, complete)
    }

    #[test]
    fn a_chain_listed_child_first_and_loops() {
        let chain: Vec<Option<usize>> = (0..6).map(|b| (b < 5).then_some(b + 1)).collect();
        assert_eq!(circle_order(&chain, &[]), (vec![5, 4, 3, 2, 1, 0], true));
        assert_eq!(circle_order(&chain, &[(5, 0)]), (vec![], false));
        let self_parent = [None, Some(1), Some(0)];
        assert_eq!(circle_order(&self_parent, &[]), (vec![0, 2], false));
        assert_eq!(circle_order(&[], &[]), (vec![], true));
    }

    proptest! {
        #[test]
        fn places_bones_as_the_scan_does(
            parents in proptest::collection::vec(proptest::option::weighted(0.8, 0usize..12), 0..12),
            waits in proptest::collection::vec((0usize..12, 0usize..12), 0..5),
        ) {
            let total = parents.len();
            let parents: Vec<Option<usize>> = parents.into_iter().map(|p| p.filter(|&p| p < total)).collect();
            let waits: Vec<(usize, usize)> = waits.into_iter().filter(|&(r, t)| r < total && t < total).collect();
            prop_assert_eq!(circle_order(&parents, &waits), visiting(&parents, &waits));
        }
    }
}

#[cfg(test)]
mod js_key_order_tests {
    use super::js_key_order;

    fn ordered(keys: &[&str]) -> Vec<String> {
        let mut entries: Vec<(String, usize)> = keys.iter().enumerate().map(|(i, k)| (k.to_string(), i)).collect();
        js_key_order(&mut entries);
        entries.into_iter().map(|(k, i)| format!("{k}#{i}")).collect()
    }

    #[test]
    fn array_indices_first_ascending_then_the_rest_as_written() {
        // `01`, `-1`, `1.5` and 2³²−1 are not array indices: they keep their place.
        let keys = ["b", "10", "a", "2", "01", "4294967295", "-1", "0", "1.5", "4294967294"];
        let expected = ["0#7", "2#3", "10#1", "4294967294#9", "b#0", "a#2", "01#4", "4294967295#5", "-1#6", "1.5#8"];
        assert_eq!(ordered(&keys), expected);
        assert_eq!(ordered(&["頭", "b", "a"]), ["頭#0", "b#1", "a#2"]);
    }
}
