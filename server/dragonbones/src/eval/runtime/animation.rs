//! Animation states (`Animation`, `AnimationState`, `BlendState`): playing an animation creates a
//! state holding a timeline per animated (or, to reset the pose, not animated) bone, slot and
//! constraint; advancing time updates each and blends its value into its target by weight. Blend
//! trees (5.6) add child states driven by progress, weight and parameter timelines.

use super::Runtime;
use super::timeline::{Clock, Target, TimelineState};
use crate::eval::data::{AnimationData, TimelineKind, TimelineValues};
use crate::eval::geom::to_f32;

/// What a blend state accumulates into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlendKind {
    BoneTransform,
    BoneAlpha,
    Surface,
    SlotDeform,
    SlotAlpha,
    SlotZIndex,
}

const BLEND_KINDS: usize = BlendKind::SlotZIndex as usize + 1;
/// The kinds a bone's blend states have: `BoneTransform`, `BoneAlpha` and `Surface`.
const BONE_BLEND_KINDS: usize = BlendKind::Surface as usize + 1;

#[derive(Clone, Debug)]
pub struct BlendState {
    /// Runtime bone or slot index.
    pub target: usize,
    pub dirty: u32,
    layer: i32,
    left_weight: f64,
    layer_weight: f64,
    pub blend_weight: f64,
}

impl BlendState {
    /// `BlendState.update`: whether this state blends into the target this frame.
    fn update(&mut self, layer: i32, weight: f64) -> bool {
        let mut weight = weight;
        if self.dirty > 0 {
            if self.left_weight > 0.0 {
                if self.layer != layer {
                    if self.layer_weight >= self.left_weight {
                        self.dirty += 1;
                        self.layer = layer;
                        self.left_weight = 0.0;
                        self.blend_weight = 0.0;
                        return false;
                    }
                    self.layer = layer;
                    self.left_weight -= self.layer_weight;
                    self.layer_weight = 0.0;
                }
                weight *= self.left_weight;
                self.dirty += 1;
                self.blend_weight = weight;
                self.layer_weight += self.blend_weight;
                return true;
            }
            return false;
        }
        self.dirty += 1;
        self.layer = layer;
        self.left_weight = 1.0;
        self.blend_weight = weight;
        self.layer_weight = weight;
        true
    }

    fn reset(&mut self) {
        self.dirty = 0;
        self.layer = 0;
        self.left_weight = 0.0;
        self.layer_weight = 0.0;
        self.blend_weight = 0.0;
    }
}

/// How a play request was made (`AnimationConfig`).
#[derive(Clone, Debug)]
pub struct PlayConfig<'a> {
    pub animation: &'a str,
    pub position: f64,
    pub play_times: f64,
    pub fade_in_time: f64,
    pub fade_out_time: f64,
    pub time_scale: f64,
    pub layer: i32,
    pub duration: f64,
    /// `AnimationFadeOutMode`: `All` fades every other state out; `Single` returns a state
    /// already playing this animation.
    pub single: bool,
    pub reset_to_pose: bool,
}

impl<'a> PlayConfig<'a> {
    /// `gotoAndPlayByTime(name, time, playTimes)`.
    pub fn goto_and_play_by_time(animation: &'a str, time: f64, play_times: f64) -> PlayConfig<'a> {
        PlayConfig {
            animation,
            position: time,
            play_times,
            fade_in_time: 0.0,
            fade_out_time: -1.0,
            time_scale: -100.0,
            layer: 0,
            duration: -1.0,
            single: false,
            reset_to_pose: true,
        }
    }
}

#[derive(Clone, Debug)]
pub struct AnimationState<'d> {
    pub data: &'d AnimationData,
    pub alive: bool,
    pub layer: i32,
    pub play_times: f64,
    pub time_scale: f64,
    pub weight: f64,
    fade_total_time: f64,
    fade_time: f64,
    pub fade_progress: f64,
    pub fade_state: i32,
    pub sub_fade_state: i32,
    pub playhead_state: u8,
    pub position: f64,
    pub duration: f64,
    pub time: f64,
    pub weight_result: f64,
    pub reset_to_pose: bool,
    pub display_control: bool,
    pub blend_type: u32,
    pub parameter_x: f64,
    pub position_x: f64,
    /// The target's `float_time`: its timelines find their key frame in 32-bit floats.
    float_time: bool,
    timeline_dirty: u8,
    pub parent: Option<usize>,
    pub action: TimelineState<'d>,
    pub z_order: Option<TimelineState<'d>>,
    pub bone_timelines: Vec<TimelineState<'d>>,
    pub bone_blend_timelines: Vec<TimelineState<'d>>,
    pub slot_timelines: Vec<TimelineState<'d>>,
    pub slot_blend_timelines: Vec<TimelineState<'d>>,
    pub constraint_timelines: Vec<TimelineState<'d>>,
    pub animation_timelines: Vec<TimelineState<'d>>,
    active_a: Option<usize>,
    active_b: Option<usize>,
}

#[derive(Clone, Debug, Default)]
pub struct AnimationRuntime<'d> {
    /// Every state ever created (states are never moved, so indices stay valid).
    pub states: Vec<AnimationState<'d>>,
    /// The states playing, in update order.
    pub order: Vec<usize>,
    pub blends: Vec<BlendState>,
    /// The runtime keeps blend states by kind and name. A bone's name is unique in its armature,
    /// so bones' are found by their index; slots' (and deforms', which go by display name) by
    /// name.
    bone_blends: Vec<[Option<usize>; BONE_BLEND_KINDS]>,
    blend_index: [rigls_text::FastMap<String, usize>; BLEND_KINDS],
    /// The last state made for an animation (by its address) in a layer, which stay as they were
    /// made: a blend tree plays hundreds of states, and `play` looks for each of its children
    /// among those playing.
    last_made: rigls_text::FastMap<(usize, i32), usize>,
    /// Per state, the state made before it for the same animation and layer.
    made_before: Vec<Option<usize>>,
}

impl<'d> AnimationState<'d> {
    fn clock(&self) -> Clock {
        Clock {
            play_times: self.play_times,
            playhead_state: self.playhead_state,
            action_play_state: self.action.play_state,
            action_play_times: self.action.current_play_times,
            action_time: self.action.current_time,
            animation_duration: self.data.duration,
            float_time: self.float_time,
        }
    }

    fn timeline(
        &self,
        kind: TimelineKind,
        data: Option<&'d crate::eval::data::TimelineData>,
        target: Target,
    ) -> TimelineState<'d> {
        let mut t = TimelineState::new(kind, data, target, self.data.frame_rate, self.position, self.duration);
        t.value_scale = match kind {
            TimelineKind::BoneAlpha | TimelineKind::SlotAlpha | TimelineKind::IkConstraint => 0.01,
            TimelineKind::AnimationProgress | TimelineKind::AnimationWeight | TimelineKind::AnimationParameter => {
                0.0001
            }
            _ => 1.0,
        };
        t
    }

    /// The `weight` setter.
    fn set_weight(&mut self, value: f64) {
        if self.weight == value {
            return;
        }
        self.weight = value;
        for t in
            self.bone_timelines.iter_mut().chain(&mut self.bone_blend_timelines).chain(&mut self.slot_blend_timelines)
        {
            t.dirty = true;
        }
    }

    /// The `currentTime` setter (a blend-tree child driven by its parent's progress).
    pub(super) fn set_current_time(&mut self, value: f64) {
        let play_times = self.action.current_play_times - if self.action.play_state > 0 { 1.0 } else { 0.0 };
        let mut value = value;
        if value < 0.0 || self.duration < value {
            value = value % self.duration + play_times * self.duration;
            if value < 0.0 {
                value += self.duration;
            }
        }
        if self.play_times > 0.0
            && play_times == self.play_times - 1.0
            && value == self.duration
            && self.parent.is_none()
        {
            value = self.duration - 0.000001;
        }
        if self.time == value {
            return;
        }
        self.time = value;
        let clock = self.clock();
        self.action.set_current_time_from_state(value, &clock);
        if let Some(z) = &mut self.z_order {
            z.play_state = -1;
        }
        for t in self.bone_timelines.iter_mut().chain(&mut self.slot_timelines) {
            t.play_state = -1;
        }
    }

    fn advance_fade_time(&mut self, passed: f64) {
        let fading_out = self.fade_state > 0;
        if self.sub_fade_state < 0 {
            self.sub_fade_state = 0;
        }
        self.fade_time += passed.abs();
        if self.fade_time >= self.fade_total_time {
            self.sub_fade_state = 1;
            self.fade_progress = if fading_out { 0.0 } else { 1.0 };
        } else if self.fade_time > 0.0 {
            self.fade_progress = if fading_out {
                1.0 - self.fade_time / self.fade_total_time
            } else {
                self.fade_time / self.fade_total_time
            };
        } else {
            self.fade_progress = if fading_out { 1.0 } else { 0.0 };
        }
        if self.sub_fade_state > 0 && !fading_out {
            self.playhead_state |= 1;
            self.fade_state = 0;
        }
    }

    fn fade_out(&mut self, fade_out_time: f64) {
        let fade_out_time = fade_out_time.max(0.0);
        self.playhead_state &= 2;
        if self.fade_state > 0 {
            if fade_out_time > self.fade_total_time - self.fade_time {
                return;
            }
        } else {
            self.fade_state = 1;
            self.sub_fade_state = -1;
            if fade_out_time <= 0.0 || self.fade_progress <= 0.0 {
                self.fade_progress = 0.000001;
            }
        }
        self.display_control = false;
        self.fade_total_time = if self.fade_progress > 0.000001 { fade_out_time / self.fade_progress } else { 0.0 };
        self.fade_time = self.fade_total_time * (1.0 - self.fade_progress);
    }
}

impl<'d> Runtime<'d> {
    /// The blend state of `kind` for `name` (the target's, but for deforms: see
    /// [`AnimationRuntime`]), made on first use.
    /// The slots were sorted: the slot at runtime index `i` is now at `moved[i]`.
    pub(super) fn slots_moved(&mut self, moved: &[usize]) {
        let to = |i: usize| moved.get(i).copied().unwrap_or(i);
        for state in &mut self.animation.states {
            for list in [
                &mut state.bone_timelines,
                &mut state.bone_blend_timelines,
                &mut state.slot_timelines,
                &mut state.slot_blend_timelines,
                &mut state.constraint_timelines,
                &mut state.animation_timelines,
            ] {
                for t in list.iter_mut() {
                    if let Target::Slot(i) = t.target {
                        t.target = Target::Slot(to(i));
                    }
                    if let Some((i, f)) = t.deform_frame {
                        t.deform_frame = Some((to(i), f));
                    }
                }
            }
        }
        for index in &self.animation.blend_index[BONE_BLEND_KINDS..] {
            for &b in index.values() {
                self.animation.blends[b].target = to(self.animation.blends[b].target);
            }
        }
        for c in &mut self.constraints {
            if let Some(path) = &mut c.path {
                path.slot = to(path.slot);
            }
        }
    }

    fn blend_state(&mut self, kind: BlendKind, name: &str, target: usize) -> usize {
        let new = self.animation.blends.len();
        let runtime = &mut self.animation;
        if (kind as usize) < BONE_BLEND_KINDS {
            if runtime.bone_blends.len() <= target {
                runtime.bone_blends.resize(target + 1, [None; BONE_BLEND_KINDS]);
            }
            match &mut runtime.bone_blends[target][kind as usize] {
                Some(i) => return *i,
                free => *free = Some(new),
            }
        } else {
            let per_slot = kind == BlendKind::SlotDeform && self.file.eval.deform_per_slot;
            // Keyed by the data slot, which stays when the slots are sorted.
            let key = if per_slot { format!("{}\u{0}{name}", self.slots[target].data) } else { name.to_owned() };
            let index = &mut runtime.blend_index[kind as usize];
            if let Some(&i) = index.get(&key) {
                return i;
            }
            index.insert(key, new);
        }
        self.animation.blends.push(BlendState {
            target,
            dirty: 0,
            layer: 0,
            left_weight: 0.0,
            layer_weight: 0.0,
            blend_weight: 0.0,
        });
        self.animation.blends.len() - 1
    }

    /// `Animation.playConfig`; the new (or reused) state's index.
    pub fn play(&mut self, config: PlayConfig<'_>) -> Option<usize> {
        let index = self.data.animation(config.animation)?;
        let data: &'d AnimationData = &self.data.animations[index];
        let mut config = config;
        if config.single
            && let Some(s) = self.playing(data, config.layer)
        {
            return Some(s);
        }
        if self.animation.order.is_empty() {
            config.fade_in_time = 0.0;
        } else if config.fade_in_time < 0.0 {
            config.fade_in_time = data.fade_in_time;
        }
        if config.fade_out_time < 0.0 {
            config.fade_out_time = config.fade_in_time;
        }
        self.normalize_position(data, &mut config);
        if !config.single {
            for &s in &self.animation.order.clone() {
                if self.animation.states[s].parent.is_none() {
                    self.animation.states[s].fade_out(config.fade_out_time);
                }
            }
        }
        let state = self.new_state(data, &config);
        let id = self.animation.states.len();
        self.animation.states.push(state);
        let before = self.animation.last_made.insert((std::ptr::from_ref(data).addr(), config.layer), id);
        self.animation.made_before.push(before);
        // Before the first state of a lower layer: the order is sorted by layer, higher layers
        // first (a state's layer never changes, and a blend tree's states share theirs).
        let states = &self.animation.states;
        let at = self.animation.order.partition_point(|&s| states[s].layer >= config.layer);
        debug_assert!(
            self.animation.order[..at].iter().all(|&s| states[s].layer >= config.layer)
                && self.animation.order[at..].iter().all(|&s| states[s].layer < config.layer),
            "the order is sorted by layer"
        );
        self.animation.order.insert(at, id);
        for &entry in data.children_in_play_order() {
            let (name, timelines) = &data.animation_timelines.entries[entry];
            let mut child_config = PlayConfig::goto_and_play_by_time(name, 0.0, 1.0);
            child_config.single = true;
            child_config.reset_to_pose = true;
            child_config.layer = self.animation.states[id].layer;
            child_config.fade_in_time = 0.0;
            child_config.fade_out_time = -1.0;
            let Some(child) = self.play(child_config) else { continue };
            {
                let c = &mut self.animation.states[child];
                c.reset_to_pose = false;
                c.playhead_state &= 1;
            }
            self.add_child_state(id, child, timelines);
            // The tree goes before its child if the child plays before it. A state is in the
            // order once, and a new child near its end: searched for from there.
            let order = &mut self.animation.order;
            if let Some(c) = order.iter().rposition(|&s| s == child)
                && let Some(after) = order[c + 1..].iter().position(|&s| s == id)
            {
                order.remove(c + 1 + after);
                order.insert(c, id);
            }
        }
        // DragonBonesCPP `animation/Animation.cpp:379-382`: a state that does not fade in is
        // blended at once, by one more `advanceTime(0)`.
        if self.file.eval.extra_advance && config.fade_in_time <= 0.0 {
            self.advance_time(0.0);
        }
        Some(id)
    }

    /// `playConfig`'s reading of the position (and time scale, play times and duration) of
    /// `config`.
    fn normalize_position(&self, data: &AnimationData, config: &mut PlayConfig<'_>) {
        if config.time_scale <= -100.0 {
            config.time_scale = 1.0 / data.scale;
        }
        if data.frame_count > 0.0 {
            // `float_time`: the runtime compares the time with the duration as 32-bit floats
            // (DragonBonesCPP `animation/Animation.cpp`, `playConfig`), so a time that rounds to
            // the duration plays the end. Elsewhere the time stays as asked, in 64 bits.
            let float = |v: f64| if self.file.eval.float_time { to_f32(v) } else { v };
            let (position, duration) = (float(config.position), float(data.duration));
            if config.position < 0.0 {
                config.position %= data.duration;
                config.position = data.duration - config.position;
            } else if position == duration {
                config.position = float(position - float(0.000001));
            } else if position > duration {
                config.position = float(position % duration);
            }
            if config.duration > 0.0 && config.position + config.duration > data.duration {
                config.duration = data.duration - config.position;
            }
            if config.play_times < 0.0 {
                config.play_times = data.play_times;
            }
        } else {
            config.play_times = 1.0;
            config.position = 0.0;
            if config.duration > 0.0 {
                config.duration = 0.0;
            }
        }
        if config.duration == 0.0 {
            config.duration = -1.0;
        }
    }

    /// The first playing state, in update order, of `data` in `layer` that is not fading out.
    fn playing(&self, data: &AnimationData, layer: i32) -> Option<usize> {
        let runtime = &self.animation;
        let last = runtime.last_made.get(&(std::ptr::from_ref(data).addr(), layer)).copied();
        let made = std::iter::successors(last, |&s| runtime.made_before[s]);
        // A state plays while it is alive: `advance_animation` drops it from the order then.
        let mut candidates = made.clone().filter(|&s| {
            let state = &runtime.states[s];
            state.alive && state.fade_state < 1
        });
        let found = match (candidates.next(), candidates.next()) {
            (Some(only), None) => Some(only),
            (first, _) => first.and_then(|_| {
                let made: Vec<usize> = made.collect();
                runtime.order.iter().copied().find(|s| made.contains(s) && runtime.states[*s].fade_state < 1)
            }),
        };
        debug_assert_eq!(
            found,
            runtime.order.iter().copied().find(|&s| {
                let st = &runtime.states[s];
                st.fade_state < 1 && st.layer == layer && std::ptr::eq(st.data, data)
            }),
            "the index finds what a search of the order finds"
        );
        found
    }

    fn new_state(&self, data: &'d AnimationData, config: &PlayConfig<'_>) -> AnimationState<'d> {
        let (position, duration, time) = start_times(data, config);
        let mut action = TimelineState::new(
            TimelineKind::Action,
            data.action_timeline.as_ref(),
            Target::None,
            data.frame_rate,
            position,
            duration,
        );
        action.current_time = action_time(time, duration);
        let z_order = data.z_order_timeline.as_ref().map(|z| {
            TimelineState::new(TimelineKind::ZOrder, Some(z), Target::None, data.frame_rate, position, duration)
        });
        AnimationState {
            data,
            alive: true,
            layer: config.layer,
            play_times: config.play_times,
            time_scale: config.time_scale,
            weight: 1.0,
            fade_total_time: config.fade_in_time,
            fade_time: 0.0,
            fade_progress: if config.fade_in_time <= 0.0 { 0.999999 } else { 0.0 },
            fade_state: -1,
            sub_fade_state: -1,
            // `pauseFadeIn`: the playhead starts moving once the fade in is complete.
            playhead_state: 2,
            position,
            duration,
            time,
            weight_result: 0.0,
            reset_to_pose: config.reset_to_pose,
            display_control: true,
            blend_type: data.blend_type,
            parameter_x: 0.0,
            position_x: 0.0,
            float_time: self.file.eval.float_time,
            timeline_dirty: 2,
            parent: None,
            action,
            z_order,
            bone_timelines: Vec::new(),
            bone_blend_timelines: Vec::new(),
            slot_timelines: Vec::new(),
            slot_blend_timelines: Vec::new(),
            constraint_timelines: Vec::new(),
            animation_timelines: Vec::new(),
            active_a: None,
            active_b: None,
        }
    }

    /// `AnimationState.addState`.
    fn add_child_state(&mut self, parent: usize, child: usize, timelines: &'d [crate::eval::data::TimelineData]) {
        for data in timelines {
            let kind = data.kind;
            if !matches!(
                kind,
                TimelineKind::AnimationProgress | TimelineKind::AnimationWeight | TimelineKind::AnimationParameter
            ) {
                continue;
            }
            let t = self.animation.states[parent].timeline(kind, Some(data), Target::State(child));
            self.animation.states[parent].animation_timelines.push(t);
            if kind == TimelineKind::AnimationProgress {
                if self.animation.states[parent].blend_type != 0 {
                    let c = &mut self.animation.states[child];
                    c.position_x = data.position.0;
                    c.set_weight(0.0);
                }
                self.animation.states[child].parent = Some(parent);
                self.animation.states[parent].reset_to_pose = false;
            }
        }
        if self.animation.states[child].parent.is_none() {
            self.animation.states[child].parent = Some(parent);
        }
    }

    /// `Animation.advanceTime`.
    pub(super) fn advance_animation(&mut self, passed: f64) {
        let passed = passed.abs();
        for b in &mut self.animation.blends {
            b.reset();
        }
        let order = std::mem::take(&mut self.animation.order);
        for &s in &order {
            let st = &self.animation.states[s];
            if st.fade_state > 0 && st.sub_fade_state > 0 {
                self.animation.states[s].alive = false;
                continue;
            }
            self.advance_state(s, passed);
        }
        self.at_setup_pose &= order.is_empty();
        self.animation.order = order;
        self.animation.order.retain(|s| self.animation.states[*s].alive);
    }

    /// `_updateTimelines`, when the state's timelines are not made yet.
    fn create_timelines(&mut self, s: usize) {
        if self.animation.states[s].timeline_dirty != 0 {
            if self.animation.states[s].timeline_dirty == 2 {
                self.create_constraint_timelines(s);
            }
            self.animation.states[s].timeline_dirty = 0;
            self.create_bone_and_slot_timelines(s);
        }
    }

    /// Plays `animation` as [`Runtime::goto_and_play_by_time`] does, up to its first update:
    /// the state made and its timelines created, time not yet set, for
    /// [`Runtime::pose_primed`] to pose a copy at any time without making them again. `None`
    /// where the first update does more (a blend tree's states, DragonBonesCPP's update in
    /// `playConfig`) or there is no such animation.
    fn prime(&mut self, animation: &str) -> Option<usize> {
        let index = self.data.animation(animation)?;
        if self.file.eval.extra_advance || !self.data.animations[index].children_in_play_order().is_empty() {
            return None;
        }
        let s = self.play(PlayConfig::goto_and_play_by_time(animation, 0.0, 1.0))?;
        self.create_timelines(s);
        Some(s)
    }

    /// A runtime [`Runtime::prime`] made ready (state `s`) posed at `seconds`: what
    /// `goto_and_play_by_time(animation, seconds, 1)` poses. The state's time is what a play at
    /// `seconds` gives it (nothing else of a state depends on the time played at).
    fn pose_primed(&mut self, s: usize, seconds: f64) {
        let data = self.animation.states[s].data;
        let mut config = PlayConfig::goto_and_play_by_time(&data.name, seconds, 1.0);
        self.normalize_position(data, &mut config);
        let (_, duration, time) = start_times(data, &config);
        let state = &mut self.animation.states[s];
        state.time = time;
        state.action.current_time = action_time(time, duration);
        self.advance_time(0.0);
    }

    /// `AnimationState.advanceTime`.
    fn advance_state(&mut self, s: usize, passed: f64) {
        {
            let st = &mut self.animation.states[s];
            if st.fade_state != 0 || st.sub_fade_state != 0 {
                st.advance_fade_time(passed);
            }
            if st.playhead_state == 3 {
                st.time += passed * if st.time_scale != 1.0 { st.time_scale } else { 1.0 };
            }
        }
        self.create_timelines(s);
        let (is_blend_dirty, time, layer) = {
            let st = &mut self.animation.states[s];
            st.weight_result = st.weight * st.fade_progress;
            (st.fade_state != 0 || st.sub_fade_state == 0, st.time, st.layer)
        };
        if let Some(p) = self.animation.states[s].parent {
            let w = self.animation.states[p].weight_result;
            self.animation.states[s].weight_result *= w;
        }
        // The action timeline: the state's clock.
        if self.animation.states[s].action.play_state <= 0 {
            let clock = self.animation.states[s].clock();
            let st = &mut self.animation.states[s];
            let previous = st.action.play_state;
            if st.action.set_current_time(time, &clock) && previous < 0 && st.action.play_state != previous {
                let reset = st.display_control && st.reset_to_pose;
                if reset {
                    self.sort_z_order(None);
                }
            }
        }
        if self.animation.states[s].weight == 0.0 {
            return;
        }
        let clock = self.animation.states[s].clock();
        let weight_result = self.animation.states[s].weight_result;
        if let Some(mut z) = self.animation.states[s].z_order.take() {
            if z.play_state <= 0 {
                let (arrived, _) = z.update(time, &clock);
                if arrived && z.play_state >= 0 {
                    let order = match z.step_value() {
                        Some(TimelineValues::ZOrder(frames)) => {
                            frames.get(z.frame_index.max(0) as usize).cloned().flatten()
                        }
                        _ => None,
                    };
                    self.sort_z_order(order.as_deref());
                }
            }
            self.animation.states[s].z_order = Some(z);
        }
        // Bone timelines.
        let mut timelines = std::mem::take(&mut self.animation.states[s].bone_timelines);
        let mut previous_target = Target::None;
        let mut blending = false;
        for t in &mut timelines {
            if t.play_state <= 0 {
                t.update(time, &clock);
            }
            if t.target != previous_target {
                if let Target::Blend(b) = t.target {
                    blending = self.animation.blends[b].update(layer, weight_result);
                    if self.animation.blends[b].dirty == 1 {
                        let bone = self.animation.blends[b].target;
                        self.bones[bone].animation_pose = crate::eval::geom::Transform::IDENTITY;
                    }
                }
                previous_target = t.target;
            }
            if blending {
                self.blend(t, is_blend_dirty);
            }
        }
        self.animation.states[s].bone_timelines = timelines;
        let mut timelines = std::mem::take(&mut self.animation.states[s].bone_blend_timelines);
        for t in &mut timelines {
            if t.play_state <= 0 {
                t.update(time, &clock);
            }
            if let Target::Blend(b) = t.target
                && self.animation.blends[b].update(layer, weight_result)
            {
                self.blend(t, is_blend_dirty);
            }
        }
        self.animation.states[s].bone_blend_timelines = timelines;
        if self.animation.states[s].display_control {
            let mut timelines = std::mem::take(&mut self.animation.states[s].slot_timelines);
            for t in &mut timelines {
                if t.play_state <= 0 {
                    let (arrived, _) = t.update(time, &clock);
                    self.apply_slot_timeline(s, t, arrived);
                }
            }
            self.animation.states[s].slot_timelines = timelines;
        }
        let mut timelines = std::mem::take(&mut self.animation.states[s].slot_blend_timelines);
        for t in &mut timelines {
            if t.play_state <= 0 {
                t.update(time, &clock);
                if let Target::Blend(b) = t.target
                    && self.animation.blends[b].update(layer, weight_result)
                {
                    self.blend(t, is_blend_dirty);
                }
            }
        }
        self.animation.states[s].slot_blend_timelines = timelines;
        let mut timelines = std::mem::take(&mut self.animation.states[s].constraint_timelines);
        for t in &mut timelines {
            if t.play_state <= 0 {
                let (_, updated) = t.update(time, &clock);
                if updated && let Target::Constraint(c) = t.target {
                    match t.data {
                        // DragonBonesCPP `animation/TimelineState.cpp:981-1033`: the key
                        // frame's bend, the weight tweened towards the next key frame's.
                        Some(_) if self.file.eval.ik_timelines == Some(true) => {
                            let bend = if t.is_tween { t.current[0] } else { t.result[0] };
                            self.constraints[c].bend_positive = bend > 0.0;
                            self.constraints[c].weight = t.result[1];
                        }
                        Some(_) => {
                            self.constraints[c].bend_positive = t.current[0] > 0.0;
                            self.constraints[c].weight = t.current[1];
                        }
                        None => {
                            if let crate::eval::data::ConstraintKind::Ik { bend_positive, weight, .. } =
                                self.data.constraints[self.constraints[c].data].kind
                            {
                                self.constraints[c].bend_positive = bend_positive;
                                self.constraints[c].weight = weight;
                            }
                        }
                    }
                    self.invalidate_constraint(c);
                    t.dirty = false;
                }
            }
        }
        self.animation.states[s].constraint_timelines = timelines;
        self.update_animation_timelines(s, time, &clock);
        let st = &mut self.animation.states[s];
        if st.fade_state == 0 && st.sub_fade_state > 0 {
            st.sub_fade_state = 0;
            // The pose timelines were needed only to bring the armature to its setup pose.
            for list in [
                &mut st.bone_timelines,
                &mut st.bone_blend_timelines,
                &mut st.slot_timelines,
                &mut st.slot_blend_timelines,
                &mut st.constraint_timelines,
            ] {
                list.retain(|t| t.data.is_some());
            }
        }
    }

    /// Blend-tree timelines: progress, weight and parameter of the child states.
    fn update_animation_timelines(&mut self, s: usize, time: f64, clock: &Clock) {
        let mut timelines = std::mem::take(&mut self.animation.states[s].animation_timelines);
        if timelines.is_empty() {
            return;
        }
        let (mut d_left, mut d_right) = (100.0f64, 100.0f64);
        let (mut left, mut right): (Option<usize>, Option<usize>) = (None, None);
        for t in &mut timelines {
            if t.play_state <= 0 {
                let (_, updated) = t.update(time, clock);
                if updated && let Target::State(child) = t.target {
                    let has_parent = self.animation.states[child].parent.is_some();
                    match t.kind {
                        TimelineKind::AnimationProgress if has_parent => {
                            let total = self.animation.states[child].duration;
                            self.animation.states[child].set_current_time(t.result[0] * total);
                        }
                        TimelineKind::AnimationWeight if has_parent => {
                            self.animation.states[child].set_weight(t.result[0])
                        }
                        TimelineKind::AnimationParameter if has_parent => {
                            self.animation.states[child].parameter_x = t.result[0];
                        }
                        _ => {}
                    }
                    t.dirty = false;
                }
            }
            if self.animation.states[s].blend_type == 1
                && let Target::State(child) = t.target
            {
                let d = self.animation.states[s].parameter_x - self.animation.states[child].position_x;
                if d >= 0.0 {
                    if d < d_left {
                        d_left = d;
                        left = Some(child);
                    }
                } else if -d < d_right {
                    d_right = -d;
                    right = Some(child);
                }
            }
        }
        self.animation.states[s].animation_timelines = timelines;
        if let Some(l) = left {
            if self.animation.states[s].active_a != Some(l) {
                if let Some(a) = self.animation.states[s].active_a {
                    self.animation.states[a].set_weight(0.0);
                }
                self.animation.states[s].active_a = Some(l);
                for t in &mut self.animation.states[l].slot_timelines {
                    t.dirty = true;
                    t.current_time = -1.0;
                }
            }
            if self.animation.states[s].active_b != right {
                if let Some(b) = self.animation.states[s].active_b {
                    self.animation.states[b].set_weight(0.0);
                }
                self.animation.states[s].active_b = right;
            }
            let w = d_right / (d_left + d_right);
            self.animation.states[l].set_weight(w);
            if let Some(r) = right {
                self.animation.states[r].set_weight(1.0 - w);
            }
        }
    }

    /// Display and colour timelines (`SlotDisplayTimelineState`, `SlotColorTimelineState`).
    fn apply_slot_timeline(&mut self, s: usize, t: &mut TimelineState<'d>, arrived: bool) {
        let Target::Slot(slot) = t.target else { return };
        match t.kind {
            TimelineKind::SlotDisplay if arrived && t.play_state >= 0 => {
                let index = match t.data.map(|d| &d.values) {
                    Some(TimelineValues::Step(v)) => {
                        f64::from(v.get(t.frame_index.max(0) as usize).copied().unwrap_or(0))
                    }
                    _ => self.data.slots[self.slots[slot].data].display_index,
                };
                if self.slots[slot].display_index != index {
                    let past_end_shows_nothing = self.file.eval.index_past_end_shows_nothing;
                    self.slots[slot].set_display_index(index, true, past_end_shows_nothing);
                }
            }
            TimelineKind::SlotColor => {
                if !(t.is_tween || t.dirty) {
                    return;
                }
                let target =
                    if t.data.is_some() { t.result } else { self.data.slots[self.slots[slot].data].color.to_array() };
                let st = &self.animation.states[s];
                let color = &mut self.slots[slot].color;
                let mut current = color.to_array();
                if st.fade_state != 0 || st.sub_fade_state != 0 {
                    if current != target {
                        let f = st.fade_progress.powi(4);
                        for k in 0..8 {
                            current[k] += (target[k] - current[k]) * f;
                        }
                        *color = crate::eval::geom::ColorTransform::from_array(current);
                    }
                } else if t.dirty {
                    t.dirty = false;
                    if current != target {
                        *color = crate::eval::geom::ColorTransform::from_array(target);
                    }
                }
            }
            _ => {}
        }
    }

    /// A timeline's `blend` into its blend state's target.
    fn blend(&mut self, t: &mut TimelineState<'d>, is_dirty: bool) {
        let Target::Blend(b) = t.target else { return };
        let (target, weight, accumulate, first) = {
            let bs = &self.animation.blends[b];
            (bs.target, bs.blend_weight, bs.dirty > 1, bs.dirty == 1)
        };
        let changed = is_dirty || t.dirty;
        match t.kind {
            TimelineKind::BoneAll
            | TimelineKind::BoneTranslate
            | TimelineKind::BoneRotate
            | TimelineKind::BoneScale => {
                let pose = &mut self.bones[target].animation_pose;
                let rd = &t.rd;
                let r = &t.result;
                match t.kind {
                    TimelineKind::BoneAll => {
                        if accumulate {
                            pose.x += rd[0] * weight;
                            pose.y += rd[1] * weight;
                            pose.rotation += rd[2] * weight;
                            pose.skew += rd[3] * weight;
                            pose.scale_x += (rd[4] - 1.0) * weight;
                            pose.scale_y += (rd[5] - 1.0) * weight;
                        } else {
                            pose.x = rd[0] * weight;
                            pose.y = rd[1] * weight;
                            pose.rotation = rd[2] * weight;
                            pose.skew = rd[3] * weight;
                            pose.scale_x = (rd[4] - 1.0) * weight + 1.0;
                            pose.scale_y = (rd[5] - 1.0) * weight + 1.0;
                        }
                    }
                    TimelineKind::BoneTranslate => blend_pair(&mut pose.x, &mut pose.y, r, weight, accumulate, false),
                    TimelineKind::BoneRotate => {
                        blend_pair(&mut pose.rotation, &mut pose.skew, r, weight, accumulate, false)
                    }
                    _ => blend_pair(&mut pose.scale_x, &mut pose.scale_y, r, weight, accumulate, true),
                }
                if changed {
                    t.dirty = false;
                    self.bones[target].transform_dirty = true;
                }
            }
            TimelineKind::Surface => {
                let surface = self.bones[target].surface.as_mut().expect("a surface");
                if blend_shared_deform(&mut surface.deform, t, weight, accumulate, first) {
                    surface.deform_generation = surface.deform_generation.wrapping_add(1);
                }
                if changed {
                    t.dirty = false;
                    self.bones[target].transform_dirty = true;
                }
            }
            TimelineKind::SlotDeform => {
                let Some((slot, frame)) = t.deform_frame else { return };
                let deform = &mut std::sync::Arc::make_mut(&mut self.slots[slot].frames)[frame].deform;
                blend_deform(deform, t, weight, accumulate, first);
                if changed {
                    t.dirty = false;
                    let geometry = self.slots[slot].frames[frame].raw.and_then(|d| d.geometry());
                    if self.slots[target].geometry == geometry {
                        self.slots[target].vertices_dirty = true;
                    }
                }
            }
            TimelineKind::BoneAlpha | TimelineKind::SlotAlpha => {
                let alpha = if t.kind == TimelineKind::BoneAlpha {
                    &mut self.bones[target].alpha
                } else {
                    &mut self.slots[target].alpha
                };
                if accumulate {
                    *alpha = (*alpha + t.result[0] * weight).min(1.0);
                } else {
                    *alpha = t.result[0] * weight;
                }
                if changed {
                    t.dirty = false;
                    self.alpha_dirty = true;
                }
            }
            TimelineKind::SlotZIndex => {
                let z = &mut self.slots[target].z_index;
                if accumulate {
                    *z += t.result[0] * weight;
                } else {
                    *z = t.result[0] * weight;
                }
                if changed {
                    t.dirty = false;
                    self.z_index_dirty = true;
                }
            }
            _ => {}
        }
    }

    /// `_updateTimelines`: constraint timelines (or pose timelines resetting them).
    fn create_constraint_timelines(&mut self, s: usize) {
        for c in 0..self.constraints.len() {
            let name = &self.data.constraints[self.constraints[c].data].name;
            let data = self.animation.states[s].data;
            match data.constraint_timelines.get(name) {
                Some(list) => {
                    for d in list.iter().filter(|d| d.kind == TimelineKind::IkConstraint) {
                        let t = self.animation.states[s].timeline(
                            TimelineKind::IkConstraint,
                            Some(d),
                            Target::Constraint(c),
                        );
                        self.animation.states[s].constraint_timelines.push(t);
                    }
                }
                None if self.animation.states[s].reset_to_pose => {
                    let t = self.animation.states[s].timeline(TimelineKind::IkConstraint, None, Target::Constraint(c));
                    self.animation.states[s].constraint_timelines.push(t);
                }
                None => {}
            }
        }
    }

    /// `_updateBoneAndSlotTimelines` for a new state.
    fn create_bone_and_slot_timelines(&mut self, s: usize) {
        let data = self.animation.states[s].data;
        // A bone without timelines gets one only to reset it, which a runtime at its setup
        // pose skips: then the bones with timelines are enough (a blend tree makes hundreds of
        // states, each of a few bones' timelines).
        let bones: Vec<usize> = if self.at_setup_pose {
            let mut timed: Vec<usize> = data
                .timed_bones(self.data)
                .iter()
                .filter_map(|&b| self.bone_of_data.get(b).copied().flatten())
                .collect();
            timed.sort_unstable();
            timed
        } else {
            (0..self.bones.len()).collect()
        };
        for i in bones {
            let name = self.data.bones[self.bones[i].data].name.as_str();
            let list = data.timelines_of(self.data, Some(self.bones[i].data), None).0;
            for d in list {
                let (blend, into_blend_list) = match d.kind {
                    TimelineKind::BoneAll
                    | TimelineKind::BoneTranslate
                    | TimelineKind::BoneRotate
                    | TimelineKind::BoneScale => (self.blend_state(BlendKind::BoneTransform, name, i), false),
                    TimelineKind::BoneAlpha => (self.blend_state(BlendKind::BoneAlpha, name, i), true),
                    TimelineKind::Surface => (self.blend_state(BlendKind::Surface, name, i), true),
                    _ => continue,
                };
                let t = self.animation.states[s].timeline(d.kind, Some(d), Target::Blend(blend));
                let st = &mut self.animation.states[s];
                if into_blend_list { st.bone_blend_timelines.push(t) } else { st.bone_timelines.push(t) }
            }
            // Resetting a bone to the setup pose does nothing to a runtime no animation has moved
            // yet: its bones are there, and the first state drops its reset timelines after its
            // first update (it fades in at once).
            if list.is_empty() && self.animation.states[s].reset_to_pose && !self.at_setup_pose {
                if self.bones[i].surface.is_none() {
                    let transform = self.blend_state(BlendKind::BoneTransform, name, i);
                    let t = self.animation.states[s].timeline(TimelineKind::BoneAll, None, Target::Blend(transform));
                    self.animation.states[s].bone_timelines.push(t);
                } else {
                    let blend = self.blend_state(BlendKind::Surface, name, i);
                    // Resets the deltas to zero (its values are never read).
                    let t = self.animation.states[s].timeline(TimelineKind::Surface, None, Target::Blend(blend));
                    self.animation.states[s].bone_blend_timelines.push(t);
                }
            }
        }
        if !self.poses_slots() {
            // Slot timelines change slots alone (their displays, colours and deforms).
            return;
        }
        for i in 0..self.slots.len() {
            let name = self.data.slots[self.slots[i].data].name.as_str();
            let (mut display_flag, mut color_flag) = (false, false);
            let mut deformed: Vec<usize> = Vec::new();
            {
                for d in data.timelines_of(self.data, None, Some(self.slots[i].data)).1 {
                    match d.kind {
                        TimelineKind::SlotDisplay => {
                            let t = self.animation.states[s].timeline(d.kind, Some(d), Target::Slot(i));
                            self.animation.states[s].slot_timelines.push(t);
                            display_flag = true;
                        }
                        TimelineKind::SlotColor => {
                            let t = self.animation.states[s].timeline(d.kind, Some(d), Target::Slot(i));
                            self.animation.states[s].slot_timelines.push(t);
                            color_flag = true;
                        }
                        TimelineKind::SlotZIndex | TimelineKind::SlotAlpha => {
                            let kind = if d.kind == TimelineKind::SlotZIndex {
                                BlendKind::SlotZIndex
                            } else {
                                BlendKind::SlotAlpha
                            };
                            let blend = self.blend_state(kind, name, i);
                            let t = self.animation.states[s].timeline(d.kind, Some(d), Target::Blend(blend));
                            self.animation.states[s].slot_blend_timelines.push(t);
                        }
                        TimelineKind::SlotDeform => {
                            let Some(g) = d.geometry else { continue };
                            let frame = (0..self.slots[i].frames.len())
                                .find(|&f| self.slots[i].frames[f].raw.and_then(|r| r.geometry()) == Some(g));
                            let Some(f) = frame else { continue };
                            let display_name = self.slots[i].frames[f].raw.map_or(String::new(), |r| r.name.clone());
                            let blend = self.blend_state(BlendKind::SlotDeform, &display_name, i);
                            let mut t = self.animation.states[s].timeline(d.kind, Some(d), Target::Blend(blend));
                            t.deform_frame = Some((i, f));
                            self.animation.states[s].slot_blend_timelines.push(t);
                            self.allocate_deform(i, f);
                            deformed.push(g);
                        }
                        _ => {}
                    }
                }
            }
            if self.animation.states[s].reset_to_pose {
                if !display_flag {
                    let t = self.animation.states[s].timeline(TimelineKind::SlotDisplay, None, Target::Slot(i));
                    self.animation.states[s].slot_timelines.push(t);
                }
                if !color_flag {
                    let t = self.animation.states[s].timeline(TimelineKind::SlotColor, None, Target::Slot(i));
                    self.animation.states[s].slot_timelines.push(t);
                }
                for f in 0..self.slots[i].frames.len() {
                    if self.slots[i].frames[f].deform.is_empty() {
                        continue;
                    }
                    let g = self.slots[i].frames[f].raw.and_then(|r| r.geometry());
                    if let Some(g) = g
                        && !deformed.contains(&g)
                    {
                        let blend = self.blend_state(BlendKind::SlotDeform, name, i);
                        let mut t =
                            self.animation.states[s].timeline(TimelineKind::SlotDeform, None, Target::Blend(blend));
                        t.deform_frame = Some((i, f));
                        t.value_count = 0;
                        self.animation.states[s].slot_blend_timelines.push(t);
                    }
                }
            }
        }
    }

    /// `DisplayFrame.updateDeformVertices`: zeroed deltas once a deform timeline targets it.
    fn allocate_deform(&mut self, slot: usize, frame: usize) {
        let f = &self.slots[slot].frames[frame];
        if !f.deform.is_empty() {
            return;
        }
        let Some(g) = f.raw.and_then(|r| r.geometry()) else { return };
        let geometry = &self.geometries[g];
        let count = geometry.weight.as_ref().map_or(geometry.vertex_count * 2, |w| w.count * 2);
        std::sync::Arc::make_mut(&mut self.slots[slot].frames)[frame].deform = vec![0.0; count];
    }
}

/// A new state's position, duration and time (`AnimationState.init`).
fn start_times(data: &AnimationData, config: &PlayConfig<'_>) -> (f64, f64, f64) {
    let (position, duration, mut time) = if config.duration < 0.0 {
        let t = if config.position != 0.0 {
            if config.time_scale >= 0.0 { config.position } else { config.position - data.duration }
        } else {
            0.0
        };
        (0.0, data.duration, t)
    } else {
        (config.position, config.duration, 0.0)
    };
    if config.time_scale < 0.0 && time == 0.0 {
        time = -0.000001;
    }
    (position, duration, time)
}

/// A new state's action timeline's time.
fn action_time(time: f64, duration: f64) -> f64 {
    if time < 0.0 { duration - time } else { time }
}

fn blend_pair(a: &mut f64, b: &mut f64, r: &[f64; 8], weight: f64, accumulate: bool, scale: bool) {
    if accumulate {
        if scale {
            *a += (r[0] - 1.0) * weight;
            *b += (r[1] - 1.0) * weight;
        } else {
            *a += r[0] * weight;
            *b += r[1] * weight;
        }
    } else if weight != 1.0 {
        if scale {
            *a = (r[0] - 1.0) * weight + 1.0;
            *b = (r[1] - 1.0) * weight + 1.0;
        } else {
            *a = r[0] * weight;
            *b = r[1] * weight;
        }
    } else {
        *a = r[0];
        *b = r[1];
    }
}

/// [`blend_deform`] into deltas shared with other runtimes until they change (a surface's):
/// whether they changed.
fn blend_shared_deform(
    out: &mut std::sync::Arc<Vec<f64>>,
    t: &TimelineState<'_>,
    weight: f64,
    accumulate: bool,
    first: bool,
) -> bool {
    if t.data.is_none() && (!first || out.iter().all(|v| v.to_bits() == 0)) {
        return false;
    }
    let mut blended = Vec::clone(out);
    blend_deform(&mut blended, t, weight, accumulate, first);
    let same = blended.len() == out.len() && blended.iter().zip(out.iter()).all(|(a, b)| a.to_bits() == b.to_bits());
    if !same {
        *out = std::sync::Arc::new(blended);
    }
    !same
}

/// Deform deltas into a display frame's (or surface's) vertices.
fn blend_deform(out: &mut Vec<f64>, t: &TimelineState<'_>, weight: f64, accumulate: bool, first: bool) {
    if t.data.is_none() {
        if first {
            out.iter_mut().for_each(|v| *v = 0.0);
        }
        return;
    }
    let count = t.value_count;
    if out.len() < count {
        out.resize(count, 0.0);
    }
    for (o, &value) in out.iter_mut().zip(&t.rd[..count]) {
        if accumulate {
            *o += value * weight;
        } else {
            *o = value * weight;
        }
    }
}

/// Poses one animation of a runtime at many times: the animation played once up to its first
/// update (its timelines made, [`Runtime::prime`]), then a copy of that posed at each time; each
/// posed afresh where that cannot be. Bit for bit what `goto_and_play_by_time` poses.
pub struct Poser<'r, 'd> {
    from: &'r Runtime<'d>,
    animation: &'r str,
    primed: Option<(Runtime<'d>, usize)>,
}

impl<'r, 'd> Poser<'r, 'd> {
    pub fn new(from: &'r Runtime<'d>, animation: &'r str) -> Poser<'r, 'd> {
        let mut primed = from.clone();
        let primed = primed.prime(animation).map(|state| (primed, state));
        Poser { from, animation, primed }
    }

    /// A copy of the runtime, `goto_and_play_by_time(animation, seconds, 1)` and updated.
    pub fn at(&self, seconds: f64) -> Runtime<'d> {
        match &self.primed {
            Some((primed, state)) => {
                let mut runtime = primed.clone();
                runtime.pose_primed(*state, seconds);
                runtime
            }
            None => {
                let mut runtime = self.from.clone();
                runtime.goto_and_play_by_time(self.animation, seconds, 1.0);
                runtime
            }
        }
    }
}
