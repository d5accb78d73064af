//! Timeline states: where a timeline is in time (`TimelineState._setCurrentTime`), which key
//! frame that is, and the tweened value between it and the next (`TweenTimelineState` and the
//! single-, double- and multiple-value states). Effects on bones, slots and constraints are
//! applied by the animation state, which knows the armature.

use std::f64::consts::PI;

use crate::eval::curve::CurveSamples;
use crate::eval::data::{TimelineData, TimelineKind, TimelineValues, Tween};
use crate::eval::geom::{normalize_radian, to_f32};

/// What a timeline drives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    None,
    /// A blend state (index into the animation's blend states).
    Blend(usize),
    /// A slot (runtime index): display and colour timelines.
    Slot(usize),
    /// A constraint (runtime index).
    Constraint(usize),
    /// A child animation state of a blend tree (index into the animation's states).
    State(usize),
}

/// The action timeline's clock and the animation state's settings, read by every other timeline.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pub play_times: f64,
    pub playhead_state: u8,
    pub action_play_state: i32,
    pub action_play_times: f64,
    pub action_time: f64,
    /// The animation's duration in seconds.
    pub animation_duration: f64,
    /// DragonBonesCPP's `TimelineState::update` keeps the time in `float` and finds the key
    /// frame as `(unsigned)(currentTime * _frameRate)`: 0.9f × 10 is 9, 0.9 × 10 in 64 bits
    /// falls short of it.
    pub float_time: bool,
}

#[derive(Clone, Debug)]
pub struct TimelineState<'d> {
    pub data: Option<&'d TimelineData>,
    pub kind: TimelineKind,
    pub target: Target,
    /// The action timeline keeps its own clock.
    pub is_action: bool,
    /// Deform timelines: the slot and display frame deformed.
    pub deform_frame: Option<(usize, usize)>,
    pub dirty: bool,
    pub play_state: i32,
    pub current_play_times: f64,
    pub current_time: f64,
    pub is_tween: bool,
    frame_rate: f64,
    frame_rate_r: f64,
    position: f64,
    duration: f64,
    time_scale: f64,
    time_offset: f64,
    pub frame_count: usize,
    pub frame_index: i64,
    tween: Option<&'d Tween>,
    frame_position: f64,
    frame_duration_r: f64,
    tween_easing: f64,
    tween_progress: f64,
    /// The clock's `float_time`: DragonBonesCPP tweens in 32-bit floats (`_framePosition`,
    /// `_frameDurationR`, `_tweenProgress` and the bone poses are `float`s), which matters where a
    /// large value cancels (a key frame of 1e20 tweening to 0).
    single: bool,
    pub value_scale: f64,
    /// Single/double values: the key frame's value and its difference to the next.
    pub current: [f64; 2],
    pub difference: [f64; 2],
    pub result: [f64; 8],
    /// Colour frames (percent multipliers, offsets).
    color_current: [f64; 8],
    color_difference: [f64; 8],
    /// Multiple values (bone "all" frames, deforms): results then differences.
    pub rd: Vec<f64>,
    pub value_count: usize,
}

impl<'d> TimelineState<'d> {
    /// `init`: a timeline of `data` (`None`: a pose timeline that resets its target).
    pub fn new(
        kind: TimelineKind,
        data: Option<&'d TimelineData>,
        target: Target,
        frame_rate: f64,
        position: f64,
        duration: f64,
    ) -> TimelineState<'d> {
        let value_count = match kind {
            TimelineKind::BoneAll => 6,
            TimelineKind::SlotDeform | TimelineKind::Surface => data.map_or(0, |d| d.deform_count),
            _ => 0,
        };
        TimelineState {
            data,
            kind,
            target,
            is_action: kind == TimelineKind::Action,
            deform_frame: None,
            dirty: false,
            play_state: -1,
            current_play_times: 0.0,
            current_time: -1.0,
            is_tween: false,
            frame_rate,
            frame_rate_r: 1.0 / frame_rate,
            position,
            duration,
            time_scale: data.map_or(1.0, |d| d.time_scale),
            time_offset: data.map_or(0.0, |d| d.time_offset),
            frame_count: data.map_or(0, |d| d.key_frame_count),
            frame_index: -1,
            tween: None,
            frame_position: 0.0,
            frame_duration_r: 0.0,
            tween_easing: 0.0,
            tween_progress: 0.0,
            single: false,
            value_scale: 1.0,
            current: [0.0; 2],
            difference: [0.0; 2],
            result: [0.0; 8],
            color_current: [0.0; 8],
            color_difference: [0.0; 8],
            rd: vec![0.0; value_count * 2],
            value_count,
        }
    }

    /// `_setCurrentTime`; false when neither the time nor the loop changed.
    pub fn set_current_time(&mut self, passed: f64, clock: &Clock) -> bool {
        let (previous_state, previous_times, previous_time) =
            (self.play_state, self.current_play_times, self.current_time);
        if !self.is_action && self.frame_count <= 1 {
            self.play_state = if clock.action_play_state >= 0 { 1 } else { -1 };
            self.current_play_times = 1.0;
            self.current_time = clock.action_time;
        } else if self.is_action || self.time_scale != 1.0 || self.time_offset != 0.0 {
            let play_times = clock.play_times;
            let total = play_times * self.duration;
            let mut passed = passed * self.time_scale;
            if self.time_offset != 0.0 {
                passed += self.time_offset * clock.animation_duration;
            }
            if play_times > 0.0 && (passed >= total || passed <= -total) {
                if self.play_state <= 0 && clock.playhead_state == 3 {
                    self.play_state = 1;
                }
                self.current_play_times = play_times;
                self.current_time = if passed < 0.0 {
                    0.0
                } else if self.play_state == 1 {
                    self.duration + 0.000001
                } else {
                    self.duration
                };
            } else {
                if self.play_state != 0 && clock.playhead_state == 3 {
                    self.play_state = 0;
                }
                if passed < 0.0 {
                    let p = -passed;
                    self.current_play_times = (p / self.duration).floor();
                    self.current_time = self.duration - p % self.duration;
                } else {
                    self.current_play_times = (passed / self.duration).floor();
                    self.current_time = passed % self.duration;
                }
            }
            self.current_time += self.position;
        } else {
            self.play_state = clock.action_play_state;
            self.current_play_times = clock.action_play_times;
            self.current_time = clock.action_time;
        }
        if self.current_play_times == previous_times && self.current_time == previous_time {
            return false;
        }
        if (previous_state < 0 && self.play_state != previous_state)
            || (self.play_state <= 0 && self.current_play_times != previous_times)
        {
            self.frame_index = -1;
        }
        true
    }

    /// `TimelineState.update`: returns (arrived at a key frame, updated the tweened value).
    pub fn update(&mut self, passed: f64, clock: &Clock) -> (bool, bool) {
        let mut arrived = false;
        if !self.set_current_time(passed, clock) {
            return (false, false);
        }
        if self.frame_count > 1 {
            let data = self.data.expect("several key frames have data");
            let at = if clock.float_time {
                f64::from((self.current_time as f32 * self.frame_rate as f32).floor())
            } else {
                (self.current_time * self.frame_rate).floor()
            };
            let index = if at.is_finite() && at >= 0.0 {
                i64::from(data.frame_table.at(at as usize))
            } else {
                i64::from(data.frame_table.first())
            };
            if self.frame_index != index {
                self.frame_index = index;
                self.arrive(clock);
                arrived = true;
            }
        } else if self.frame_index < 0 {
            self.frame_index = 0;
            self.arrive(clock);
            arrived = true;
        }
        let mut updated = false;
        if self.is_tween || self.dirty {
            self.update_frame();
            updated = true;
        }
        (arrived, updated)
    }

    /// `_onArriveAtFrame` of the tweening states, then of the value kind.
    fn arrive(&mut self, clock: &Clock) {
        if self.is_action || matches!(self.kind, TimelineKind::ZOrder | TimelineKind::SlotDisplay) {
            return;
        }
        self.single = clock.float_time;
        let frame = self.data.and_then(|d| d.frames.get(self.frame_index as usize));
        let is_last = self.frame_index == self.frame_count as i64 - 1;
        if self.frame_count > 1
            && (!is_last || clock.play_times == 0.0 || clock.action_play_times < clock.play_times - 1.0)
        {
            let tween = frame.map(|f| &f.tween);
            self.tween = tween;
            self.is_tween = !matches!(tween, None | Some(Tween::None));
            if self.is_tween {
                if let Some(Tween::QuadIn(e) | Tween::QuadOut(e) | Tween::QuadInOut(e)) = tween {
                    self.tween_easing = f64::from(*e) * 0.01;
                }
            } else {
                self.dirty = true;
            }
            let position = f64::from(frame.map_or(0, |f| f.position));
            let next = (!is_last).then(|| {
                let next = self.data.and_then(|d| d.frames.get(self.frame_index as usize + 1));
                f64::from(next.map_or(0, |f| f.position))
            });
            if self.single {
                let rate_r = to_f32(self.frame_rate_r);
                self.frame_position = to_f32(position * rate_r);
                let duration = match next {
                    None => to_f32(to_f32(clock.animation_duration) - self.frame_position),
                    Some(next) => to_f32(to_f32(next * rate_r) - self.frame_position),
                };
                self.frame_duration_r = if is_last || duration > 0.0 { to_f32(1.0 / duration) } else { 0.0 };
            } else {
                self.frame_position = position * self.frame_rate_r;
                let duration = match next {
                    None => clock.animation_duration - self.frame_position,
                    Some(next) => next * self.frame_rate_r - self.frame_position,
                };
                self.frame_duration_r = if is_last || duration > 0.0 { 1.0 / duration } else { 0.0 };
            }
        } else {
            self.dirty = true;
            self.is_tween = false;
        }
        self.arrive_values();
    }

    /// The key frame's values (and, when tweening, the differences to the next key frame).
    fn arrive_values(&mut self) {
        let Some(data) = self.data else {
            self.pose_values();
            return;
        };
        let index = self.frame_index.max(0) as usize;
        let next = if self.frame_index == self.frame_count as i64 - 1 { 0 } else { index + 1 };
        let scale = self.value_scale;
        match &data.values {
            TimelineValues::Color(colors) => {
                let value = |i: usize| colors.get(i).map_or([0.0; 8], |c| c.map(f64::from));
                if self.is_tween {
                    self.color_current = value(index);
                    let to = value(next);
                    for (k, t) in to.iter().enumerate() {
                        self.color_difference[k] = t - self.color_current[k];
                    }
                } else {
                    for (k, v) in value(index).iter().enumerate() {
                        // Multipliers are stored in percent.
                        self.result[k] = if k < 4 { v * 0.01 } else { *v };
                    }
                }
            }
            TimelineValues::Int { count, values } => {
                let get = |i: usize, k: usize| values.get(i * count + k).map_or(0.0, |&v| f64::from(v));
                self.single_or_double(*count, get, index, next, scale);
            }
            TimelineValues::Float { count, values } if self.value_count == 0 => {
                let get = |i: usize, k: usize| values.get(i * count + k).copied().unwrap_or(0.0);
                self.single_or_double(*count, get, index, next, scale);
            }
            TimelineValues::Float { values, .. } => {
                // Multiple values: bone "all" frames (6 each) and deforms (`value_count` each).
                let count = self.value_count;
                let get = |i: usize, k: usize| values.get(i * count + k).copied().unwrap_or(0.0);
                if self.is_tween && self.single {
                    for k in 0..count {
                        // As DragonBonesCPP: the next value scaled, less this one scaled.
                        self.rd[count + k] = to_f32(to_f32(get(next, k) * scale) - to_f32(get(index, k) * scale));
                    }
                } else if self.is_tween {
                    for k in 0..count {
                        self.rd[count + k] = (get(next, k) - get(index, k)) * scale;
                    }
                } else if self.single {
                    for k in 0..count {
                        self.rd[k] = to_f32(get(index, k) * scale);
                    }
                } else {
                    for k in 0..count {
                        self.rd[k] = get(index, k) * scale;
                    }
                }
                if self.kind == TimelineKind::BoneAll
                    && self.is_tween
                    && self.frame_index == self.frame_count as i64 - 1
                {
                    self.rd[2] = normalize_radian(self.rd[2]);
                    self.rd[3] = normalize_radian(self.rd[3]);
                }
            }
            _ => {}
        }
        if self.kind == TimelineKind::BoneRotate && self.is_tween && self.frame_index == self.frame_count as i64 - 1 {
            self.difference[0] = normalize_radian(self.difference[0]);
            self.difference[1] = normalize_radian(self.difference[1]);
        }
    }

    fn single_or_double(
        &mut self,
        count: usize,
        get: impl Fn(usize, usize) -> f64,
        index: usize,
        next: usize,
        scale: f64,
    ) {
        // DragonBonesCPP: each value scaled in `float`, the difference of the two so scaled.
        let single = |v: f64| if self.single { to_f32(v) } else { v };
        for k in 0..count.min(2) {
            if self.is_tween {
                let current = single(get(index, k) * scale);
                self.difference[k] = single(single(get(next, k) * scale) - current);
                self.current[k] = current;
            } else {
                self.result[k] = single(get(index, k) * scale);
            }
        }
    }

    /// A pose timeline's values: its target's setup state (the identity for bones).
    fn pose_values(&mut self) {
        match self.kind {
            TimelineKind::BoneAll => {
                self.rd.iter_mut().for_each(|v| *v = 0.0);
                self.rd[4] = 1.0;
                self.rd[5] = 1.0;
            }
            TimelineKind::BoneScale => {
                self.result[0] = 1.0;
                self.result[1] = 1.0;
            }
            TimelineKind::BoneAlpha | TimelineKind::SlotAlpha => self.result[0] = 1.0,
            TimelineKind::SlotDeform | TimelineKind::Surface => self.rd.iter_mut().for_each(|v| *v = 0.0),
            _ => self.result[0] = 0.0,
        }
    }

    /// `_onUpdateFrame`: the tween progress and the tweened values.
    fn update_frame(&mut self) {
        if self.is_action || matches!(self.kind, TimelineKind::ZOrder | TimelineKind::SlotDisplay) {
            return;
        }
        if !self.is_tween {
            return;
        }
        self.dirty = true;
        let single = self.single;
        let mut p = if single {
            to_f32(to_f32(to_f32(self.current_time) - self.frame_position) * self.frame_duration_r)
        } else {
            (self.current_time - self.frame_position) * self.frame_duration_r
        };
        match self.tween {
            Some(Tween::Curve { samples, .. }) => p = curve_value(p, samples),
            Some(Tween::QuadIn(_)) => p = eased(p, p.powi(2), self.tween_easing),
            Some(Tween::QuadOut(_)) => p = eased(p, 1.0 - (1.0 - p).powi(2), self.tween_easing),
            Some(Tween::QuadInOut(_)) => p = eased(p, 0.5 * (1.0 - (p * PI).cos()), self.tween_easing),
            _ => {}
        }
        if single {
            p = to_f32(p);
        }
        self.tween_progress = p;
        match self.data.map(|d| &d.values) {
            Some(TimelineValues::Color(_)) => {
                for k in 0..8 {
                    let v = self.color_current[k] + self.color_difference[k] * p;
                    self.result[k] = if k < 4 { v * 0.01 } else { v };
                }
            }
            Some(TimelineValues::Float { values, .. }) if self.value_count > 0 => {
                let count = self.value_count;
                let index = self.frame_index.max(0) as usize;
                let scale = self.value_scale;
                let (results, differences) = self.rd.split_at_mut(count);
                let key_frame = values.get(index * count..).unwrap_or_default();
                let value = |k: usize| key_frame.get(k).copied().unwrap_or(0.0);
                // One loop per arithmetic: deforms tween thousands of values per update.
                if single {
                    for (k, (r, d)) in results.iter_mut().zip(differences.iter()).enumerate() {
                        *r = to_f32(to_f32(value(k) * scale) + to_f32(d * p));
                    }
                } else {
                    for (k, (r, d)) in results.iter_mut().zip(differences.iter()).enumerate() {
                        *r = value(k) * scale + d * p;
                    }
                }
            }
            _ if single => {
                for k in 0..2 {
                    self.result[k] = to_f32(self.current[k] + to_f32(self.difference[k] * p));
                }
            }
            _ => {
                for k in 0..2 {
                    self.result[k] = self.current[k] + self.difference[k] * p;
                }
            }
        }
    }

    /// The stepped value of the current key frame (display index, draw order).
    pub fn step_value(&self) -> Option<&'d TimelineValues> {
        self.data.map(|d| &d.values)
    }

    pub fn set_current_time_from_state(&mut self, value: f64, clock: &Clock) {
        self.set_current_time(value, clock);
        self.frame_index = -1;
    }
}

fn eased(progress: f64, value: f64, easing: f64) -> f64 {
    (value - progress) * easing + progress
}

/// `_getEasingCurveValue` over the samples stored in 1/10000. A curve whose end points are
/// written (`Tween::Curve`'s `omitted` false: 8, 14… numbers, or a length the runtime does not
/// expect) is stored with a negative sample count, and DragonBonesJS 5.7 then reads the samples
/// of the key frames before it (NaN before the file's first): that is not modelled, the samples
/// are read as if the end points were implicit.
fn curve_value(progress: f64, samples: &CurveSamples) -> f64 {
    if progress <= 0.0 {
        return 0.0;
    }
    if progress >= 1.0 {
        return 1.0;
    }
    let count = samples.len() as f64;
    let segments = count + 1.0;
    let index = (progress * segments).floor();
    let at = |i: f64| -> f64 { samples.get(i as usize).map_or(0.0, f64::from) };
    let from = if index == 0.0 { 0.0 } else { at(index - 1.0) };
    let to = if index == segments - 1.0 { 10000.0 } else { at(index) };
    (from + (to - from) * (progress * segments - index)) * 0.0001
}
