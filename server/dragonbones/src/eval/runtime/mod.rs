//! A built armature, stepped as the official runtime steps it (`Armature.advanceTime`): the
//! animation states write the bones' animation poses, then bones (parents first, constraints on
//! the way) and slots are brought up to date. A faithful port of the parts of DragonBonesJS that
//! decide a pose, so that rigls shows and checks what a game shows.

mod animation;
mod bone;
mod constraint;
mod finite;
mod nesting;
mod slot;
mod timeline;

pub use animation::{PlayConfig, Poser};
pub use bone::{BoneState, SurfaceState};
pub use constraint::{ConstraintState, PathState};
pub use finite::PosedPart;
pub use nesting::{MAX_ARMATURES_BUILT, OUT_OF_MEMORY, armatures_built, armatures_shown};
pub use slot::{DisplayFrame, DisplayObject, SlotState};

use super::data::{ArmatureData, ConstraintKind, DisplayKind, DragonBonesData, GeometryData};

/// Why an armature cannot be built.
#[derive(Clone, Debug, PartialEq)]
pub enum BuildError {
    /// The bones' parents (or IK targets) form a loop: the runtime never finishes sorting them.
    BoneLoop,
    /// A slot without a parent bone: building the armature throws.
    SlotWithoutParent(usize),
    /// Building it builds more than [`MAX_ARMATURES_BUILT`] armatures (how many, at most
    /// `u64::MAX`) through child-armature displays.
    TooManyArmatures(u64),
}

#[derive(Clone)]
pub struct Runtime<'d> {
    pub file: &'d DragonBonesData,
    pub index: usize,
    pub data: &'d ArmatureData,
    pub geometries: &'d [GeometryData],
    /// In update order (parents first).
    pub bones: Vec<BoneState>,
    /// For each data bone, its runtime index.
    pub bone_of_data: Vec<Option<usize>>,
    /// In draw order once sorted.
    pub slots: Vec<SlotState<'d>>,
    /// For each data slot, its index in `slots` (kept as they are sorted): found by a search
    /// per slot, a check of 100,000 slots took 8 s.
    slot_of_data: Vec<Option<usize>>,
    pub constraints: Vec<ConstraintState>,
    /// The constraints by root bone, then in order (a bone's update runs those of its root: a
    /// search of all of them per bone made 20,000 IK constraints take seconds).
    constraints_by_root: Vec<usize>,
    pub children: Vec<Runtime<'d>>,
    /// Leaves path constraints out (to tell whether one of them made a pose non-finite).
    pub without_path_constraints: bool,
    /// Updates bones only, not slots (for checks that read bones alone; path constraints, which
    /// read their slot, still get theirs).
    pub bones_only: bool,
    /// Keeps a bone's matrix when an update finds the inputs it was computed from unchanged
    /// (the same values, bit for bit); off, every bone an update dirties is computed again, as
    /// the runtime does (to compare the two).
    pub keep_unchanged_bones: bool,
    animation: animation::AnimationRuntime<'d>,
    /// No animation state has updated it since it was built.
    at_setup_pose: bool,
    /// A path constraint is there (see [`bone::Inputs`]).
    path_constraints: bool,
    slots_dirty: bool,
    z_order_dirty: bool,
    z_index_dirty: bool,
    alpha_dirty: bool,
}

/// How many armatures a chain of child armatures builds, the outermost included; a child
/// armature display deeper than that stays empty. Building recurses once per level (here as in
/// the runtimes): a skeleton of 1,500 armatures each showing the next overflowed the stack of a
/// `rigls --check` thread and aborted the process. Real files nest a few levels.
pub const MAX_NESTING: usize = 64;

impl<'d> Runtime<'d> {
    /// `buildArmature` followed by its first `advanceTime(0)`: the setup pose.
    pub fn build(file: &'d DragonBonesData, index: usize) -> Result<Runtime<'d>, BuildError> {
        let built = armatures_built(file)[index];
        if built > MAX_ARMATURES_BUILT {
            return Err(BuildError::TooManyArmatures(built));
        }
        Runtime::build_nested(file, index, &mut vec![index])
    }

    fn build_nested(
        file: &'d DragonBonesData,
        index: usize,
        building: &mut Vec<usize>,
    ) -> Result<Runtime<'d>, BuildError> {
        let data = &file.armatures[index];
        if !data.sort_complete {
            return Err(BuildError::BoneLoop);
        }
        let mut rt = Runtime {
            file,
            index,
            data,
            geometries: &file.geometries,
            bones: Vec::with_capacity(data.bones.len()),
            bone_of_data: vec![None; data.bones.len()],
            slots: Vec::with_capacity(data.slots.len()),
            slot_of_data: Vec::new(),
            constraints: Vec::new(),
            constraints_by_root: Vec::new(),
            children: Vec::new(),
            without_path_constraints: false,
            bones_only: false,
            keep_unchanged_bones: true,
            animation: animation::AnimationRuntime::default(),
            at_setup_pose: true,
            path_constraints: false,
            slots_dirty: true,
            z_order_dirty: false,
            z_index_dirty: false,
            alpha_dirty: true,
        };
        for &b in &data.sorted_bones {
            let bone = &data.bones[b];
            let parent = bone.parent.and_then(|p| rt.bone_of_data[p]);
            let surface = bone.surface.as_ref().map(|s| {
                let count = file.geometries.get(s.geometry).map_or(0, |g| g.vertex_count);
                let above = parent.map(|p| {
                    if rt.bones[p].surface.is_none() {
                        Some(p)
                    } else {
                        rt.bones[p].surface.as_ref().and_then(|s| s.bone)
                    }
                });
                SurfaceState::new(s.segment_x, s.segment_y, count, above.flatten())
            });
            rt.bone_of_data[b] = Some(rt.bones.len());
            rt.bones.push(BoneState {
                data: b,
                parent,
                global: super::geom::Transform::IDENTITY,
                matrix: super::geom::Matrix::IDENTITY,
                global_dirty: false,
                animation_pose: super::geom::Transform::IDENTITY,
                transform_dirty: false,
                children_transform_dirty: false,
                local_dirty: true,
                has_constraint: false,
                constrained: false,
                alpha: bone.alpha,
                global_alpha: 1.0,
                surface,
                computed_from: None,
                generation: 0,
            });
        }
        for b in 0..rt.bones.len() {
            if let Some(surface) = rt.bones[b].parent.and_then(|p| rt.bones[p].surface.as_mut()) {
                surface.bears_bones = true;
            }
        }
        let skin = data.default_skin.map(|s| &data.skins[s]);
        for (i, slot_data) in data.slots.iter().enumerate() {
            let parent = slot_data.parent.and_then(|p| rt.bone_of_data[p]).ok_or(BuildError::SlotWithoutParent(i))?;
            let mut slot = SlotState::new(i, parent, slot_data);
            if let Some(displays) = skin.and_then(|s| s.displays_of(&slot_data.name)) {
                slot.frames = std::sync::Arc::new(
                    displays
                        .iter()
                        .map(|d| DisplayFrame { raw: d.as_ref(), display: DisplayObject::None, deform: Vec::new() })
                        .collect(),
                );
                for (f, display) in displays.iter().enumerate() {
                    match display {
                        Some(d) => {
                            let object = match &d.kind {
                                DisplayKind::Image { .. } => DisplayObject::Raw,
                                DisplayKind::Mesh { .. } => DisplayObject::Mesh,
                                DisplayKind::Armature => match file.armature(&d.path) {
                                    Some(child) if !building.contains(&child) && building.len() < MAX_NESTING => {
                                        building.push(child);
                                        let built = Runtime::build_nested(file, child, building);
                                        building.pop();
                                        match built {
                                            Ok(c) => {
                                                rt.children.push(c);
                                                DisplayObject::Armature(rt.children.len() - 1)
                                            }
                                            Err(_) => DisplayObject::None,
                                        }
                                    }
                                    _ => DisplayObject::None,
                                },
                                DisplayKind::BoundingBox | DisplayKind::Path { .. } => DisplayObject::None,
                            };
                            slot.replace_display(object, Some(f));
                        }
                        // `replaceDisplay(null)` without an index: the runtime clears the shown
                        // frame, which while building is always the first.
                        None => slot.replace_display(DisplayObject::None, None),
                    }
                }
            }
            slot.set_display_index(slot_data.display_index, true, file.eval.index_past_end_shows_nothing);
            rt.slots.push(slot);
        }
        rt.index_slots();
        for (c, constraint) in data.constraints.iter().enumerate() {
            let (Some(root), Some(target)) = (rt.bone_of_data[constraint.root], rt.bone_of_data[constraint.target])
            else {
                continue;
            };
            let state = match &constraint.kind {
                ConstraintKind::Ik { bone, bend_positive, weight } => ConstraintState {
                    data: c,
                    root,
                    target,
                    bone: bone.and_then(|b| rt.bone_of_data[b]),
                    bend_positive: *bend_positive,
                    weight: *weight,
                    path: None,
                },
                ConstraintKind::Path(p) => ConstraintState {
                    data: c,
                    root,
                    target,
                    bone: None,
                    bend_positive: true,
                    weight: 1.0,
                    path: Some(PathState {
                        slot: p.slot,
                        bones: p.bones.iter().filter_map(|&b| rt.bone_of_data[b]).collect(),
                        ..PathState::default()
                    }),
                },
            };
            rt.bones[root].has_constraint = true;
            for b in [Some(root), Some(target), state.bone].into_iter().flatten() {
                rt.bones[b].constrained = true;
            }
            rt.path_constraints |= state.path.is_some();
            rt.constraints.push(state);
        }
        rt.index_constraints();
        // `invalidUpdate(null, true)`.
        for bone in &mut rt.bones {
            bone.transform_dirty = true;
        }
        for slot in &mut rt.slots {
            slot.display_data_dirty = true;
            slot.display_dirty = true;
            slot.transform_dirty = true;
        }
        rt.advance_time(0.0);
        Ok(rt)
    }

    /// `gotoAndPlayByTime(name, seconds, playTimes)` then `advanceTime(0)`. False when the
    /// armature has no such animation.
    pub fn goto_and_play_by_time(&mut self, animation: &str, seconds: f64, play_times: f64) -> bool {
        if self.play(PlayConfig::goto_and_play_by_time(animation, seconds, play_times)).is_none() {
            return false;
        }
        self.advance_time(0.0);
        true
    }

    /// `Armature.advanceTime`.
    pub fn advance_time(&mut self, passed: f64) {
        self.advance_animation(passed);
        if self.slots_dirty || self.z_index_dirty {
            let before: Vec<usize> = self.slots.iter().map(|s| s.data).collect();
            // Stable, as the engines' sort is for distinct keys.
            self.slots.sort_by(|a, b| {
                let (ka, kb) = (a.z_index * 1000.0 + a.z_order, b.z_index * 1000.0 + b.z_order);
                ka.partial_cmp(&kb).unwrap_or(std::cmp::Ordering::Equal)
            });
            if self.slots.iter().map(|s| s.data).ne(before.iter().copied()) {
                self.index_slots();
                // What holds a slot by its runtime index follows it (the runtime holds the
                // slot itself), for the updates after this one.
                let mut position_of_data = vec![0; self.data.slots.len().max(before.len())];
                for (i, s) in self.slots.iter().enumerate() {
                    if let Some(p) = position_of_data.get_mut(s.data) {
                        *p = i;
                    }
                }
                let moved: Vec<usize> = before.iter().map(|&d| position_of_data.get(d).copied().unwrap_or(0)).collect();
                self.slots_moved(&moved);
            }
            if self.z_index_dirty {
                for (i, slot) in self.slots.iter_mut().enumerate() {
                    slot.z_order = i as f64;
                }
            }
            self.slots_dirty = false;
            self.z_index_dirty = false;
        }
        if self.alpha_dirty {
            self.alpha_dirty = false;
            for i in 0..self.bones.len() {
                let parent = self.bones[i].parent.map_or(1.0, |p| self.bones[p].global_alpha);
                self.bones[i].global_alpha = self.bones[i].alpha * parent;
            }
            for i in 0..self.slots.len() {
                self.slots[i].global_alpha = self.slots[i].alpha * self.bones[self.slots[i].parent].global_alpha;
            }
        }
        for i in 0..self.bones.len() {
            rigls_text::cancel::check();
            self.update_bone(i);
        }
        if !self.poses_slots() {
            return;
        }
        for i in 0..self.slots.len() {
            self.update_slot(i);
        }
    }

    /// Whether an update poses the slots: always, unless only the bones are wanted and no path
    /// constraint reads a slot to pose them. Otherwise the slots keep what they had when
    /// `bones_only` was set, and what drives only slots is not even set up.
    pub fn poses_slots(&self) -> bool {
        !self.bones_only || self.constraints.iter().any(|c| c.path.is_some())
    }

    /// A copy that poses bones alone, without the slots and child armatures such an update
    /// never reads (so that a check cloning it for every key frame copies and drops none of
    /// them); `None` when a path constraint reads a slot to pose bones. Its slots, and what
    /// reads them (`slot`, meshes, the scene), are gone: only its bones may be read.
    pub fn bones_alone(&self) -> Option<Runtime<'d>> {
        if self.path_constraints {
            return None;
        }
        Some(Runtime {
            file: self.file,
            index: self.index,
            data: self.data,
            geometries: self.geometries,
            bones: self.bones.clone(),
            bone_of_data: self.bone_of_data.clone(),
            slots: Vec::new(),
            slot_of_data: Vec::new(),
            constraints: self.constraints.clone(),
            constraints_by_root: self.constraints_by_root.clone(),
            children: Vec::new(),
            without_path_constraints: self.without_path_constraints,
            bones_only: true,
            keep_unchanged_bones: self.keep_unchanged_bones,
            animation: self.animation.clone(),
            at_setup_pose: self.at_setup_pose,
            path_constraints: self.path_constraints,
            slots_dirty: self.slots_dirty,
            z_order_dirty: self.z_order_dirty,
            z_index_dirty: self.z_index_dirty,
            alpha_dirty: self.alpha_dirty,
        })
    }

    /// `_sortZOrder`: the slot drawn at each position (`None`: the setup order).
    fn sort_z_order(&mut self, order: Option<&[i16]>) {
        if self.z_order_dirty || order.is_some() {
            let count = self.data.slots.len();
            for i in 0..count {
                let index = match order {
                    None => i as i64,
                    Some(o) => o.get(i).map_or(-1, |&v| i64::from(v)),
                };
                if index < 0 || index as usize >= count {
                    continue;
                }
                if let Some(slot) = self.slots.iter_mut().find(|s| s.data == index as usize) {
                    slot.z_order = i as f64;
                }
            }
            self.slots_dirty = true;
            self.z_order_dirty = order.is_some();
        }
    }

    /// The runtime bone of a data bone.
    pub fn bone(&self, data_bone: usize) -> Option<&BoneState> {
        self.bone_of_data.get(data_bone).copied().flatten().map(|i| &self.bones[i])
    }

    /// The runtime slot of a data slot.
    pub fn slot(&self, data_slot: usize) -> Option<(usize, &SlotState<'d>)> {
        let indexed = self.slot_of_data.get(data_slot).copied().flatten();
        match indexed.and_then(|r| self.slots.get(r)) {
            Some(s) if s.data == data_slot => indexed.map(|r| (r, s)),
            // `slots` changed behind the index's back (it is public): search.
            _ => self.slots.iter().enumerate().find(|(_, s)| s.data == data_slot),
        }
    }

    /// Orders [`Runtime::constraints_by_root`] (after the constraints change).
    pub(super) fn index_constraints(&mut self) {
        let mut order: Vec<usize> = (0..self.constraints.len()).collect();
        order.sort_by_key(|&c| (self.constraints[c].root, c));
        self.constraints_by_root = order;
    }

    /// The constraints whose root is bone `i`, in order.
    pub(super) fn constraints_of_root(&self, i: usize) -> std::ops::Range<usize> {
        let by_root = &self.constraints_by_root;
        let start = by_root.partition_point(|&c| self.constraints[c].root < i);
        let end = start + by_root[start..].partition_point(|&c| self.constraints[c].root == i);
        start..end
    }

    /// Indexes `slots` by data slot (the first of a data slot, as a search finds it).
    fn index_slots(&mut self) {
        self.slot_of_data.clear();
        self.slot_of_data.resize(self.data.slots.len(), None);
        for (r, slot) in self.slots.iter().enumerate() {
            if let Some(at) = self.slot_of_data.get_mut(slot.data)
                && at.is_none()
            {
                *at = Some(r);
            }
        }
    }
}
