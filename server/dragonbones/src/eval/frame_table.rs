//! The key frame in effect at each whole frame of a timeline: the runtime's `frameIndices`, a
//! table with an entry per frame (`_parseTimeline` and `_parseBinaryTimeline`). rigls keeps it as
//! the frames where the entry changes, so that a timeline of a million frames costs its key frames,
//! not 4 MB (a file of many long timelines took gigabytes), and builds it without visiting each
//! frame.

use crate::schema::key;
use crate::syntax::{NodeId, Tree};

/// The table: `len` entries, as runs of one key frame index.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FrameTable {
    len: u32,
    /// (first frame, key frame index), first frames increasing, the first at 0.
    runs: Vec<(u32, u32)>,
}

impl FrameTable {
    /// A table of `len` entries; runs are pushed in order of their first frame.
    pub fn new(len: u32) -> FrameTable {
        FrameTable { len, runs: Vec::new() }
    }

    /// From `frame` on, the entries are `key` (until the next run).
    pub fn push_run(&mut self, frame: u32, key: u32) {
        debug_assert!(self.runs.last().is_none_or(|&(f, _)| f < frame) && frame < self.len);
        self.runs.push((frame, key));
    }

    /// The entry at `frame`, or the last entry past the table (0 for an empty one).
    pub fn at(&self, frame: usize) -> u32 {
        let frame = frame.min(self.len.saturating_sub(1) as usize);
        let run = self.runs.partition_point(|&(first, _)| first as usize <= frame);
        run.checked_sub(1).map_or(0, |r| self.runs[r].1)
    }

    /// The first entry (0 for an empty table).
    pub fn first(&self) -> u32 {
        self.at(0)
    }

    /// Every entry, in order (for tests and dumps: a long table is long).
    pub fn entries(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.len as usize).map(|f| self.at(f))
    }
}

/// The frame at which the runtimes' binary parse first shows each key frame of a timeline, from
/// the key frames' stored `positions` (`_parseBinaryTimeline`'s loop over every frame
/// `0..=frame_count`): a key frame at the first frame at or after the end of the one before (its
/// stored distance to the next key frame's position, or to the end), one frame after it at
/// least. Positions in order are their own frames; a key frame stored at or before the one
/// before it leaves that one a single frame. Key frames past the last frame are never shown and
/// left out. `unsigned`: the C++ runtime's `size_t` positions, where the end of a key frame
/// before one at a negative position is 2^64 less a little, so no later key frame is shown
/// (`parser/BinaryDataParser.cpp:20-44`).
pub fn binary_key_frame_takes(positions: &[i16], frame_count: f64, unsigned: bool) -> Vec<u32> {
    let total = frame_count as i64 + 1;
    let mut takes = Vec::with_capacity(positions.len());
    let (mut due, mut i) = (0i64, 0i64);
    for key in 0..positions.len() {
        i = i.max(due);
        if i >= total {
            break;
        }
        // Where the key frame ends: the next one's position, or the animation's end.
        let end = positions.get(key + 1).map_or(frame_count as i64, |&next| i64::from(next));
        takes.push(i as u32);
        due = if unsigned && end < 0 { i64::MAX } else { end };
        i += 1;
    }
    takes
}

/// The frame at which the runtime's loop over the frames `from, from + 1, …` before `len` first
/// finds `due <= frame` (its test for the next key frame), if any: none after a NaN or infinite
/// `due`. `from` is a whole number.
pub fn first_frame_due(due: f64, from: f64, len: f64) -> Option<f64> {
    let frame = if due > from { due.ceil() } else { from };
    (!due.is_nan() && frame < len).then_some(frame)
}

/// One key frame of a list, where the runtimes start it: see [`key_frame_starts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KeyFrameStart {
    pub node: NodeId,
    /// The frame the runtimes start it at (whole; infinite past every frame).
    pub start: f64,
    /// Where the durations before it, as written, add up to.
    pub written: f64,
    /// Its own `duration` (1 when absent; `None` when not a number).
    pub duration: Option<f64>,
}

/// Where the runtimes' loop over an animation's frames (`_parseTimeline`, whose frames
/// [`first_frame_due`] finds) starts each key frame of the list `frames`, the animation's end
/// aside: at the first whole frame at or after the end of the key frame before (a fraction rounds
/// up), one frame after it at least (a duration of 0 or less counts as one frame). A `duration`
/// that is not a number counts as 1 (it is reported as such). In a binary's view (`binary`) the
/// durations are the differences of the frames the runtime shows the binary's key frames at
/// ([`binary_key_frame_takes`], or the stored positions past the end): they start where the
/// durations add up to.
pub fn key_frame_starts(tree: &Tree, text: &str, frames: NodeId, binary: bool) -> Vec<KeyFrameStart> {
    let (mut start, mut due, mut written) = (0.0f64, 0.0f64, 0.0f64);
    let mut out = Vec::new();
    for (i, node) in tree.elements(frames).enumerate() {
        if binary {
            start = written;
        } else if i > 0 {
            // The animation's end aside: past every frame, none is due.
            start = first_frame_due(due, start + 1.0, f64::INFINITY).unwrap_or(f64::INFINITY);
        }
        let duration = match tree.member(text, node, key::DURATION) {
            None => Some(1.0),
            Some(m) => tree.number(text, m.value),
        };
        out.push(KeyFrameStart { node, start, written, duration });
        due = start + duration.unwrap_or(1.0);
        written += duration.unwrap_or(1.0);
    }
    out
}

/// A key frame's start as messages and hints show it: whole up to 10^15, then as `1e39`, or
/// `infinity`.
pub fn frame_shown(frame: f64) -> String {
    match frame {
        f if f.is_infinite() => "infinity".to_owned(),
        f if f < 1e15 => crate::schema::fmt_num(f),
        f => format!("{f:e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The runtime's loop, frame by frame.
    fn looped(due: f64, from: f64, len: f64) -> Option<f64> {
        let mut frame = from;
        while frame < len {
            if due <= frame {
                return Some(frame);
            }
            frame += 1.0;
        }
        None
    }

    fn due() -> impl Strategy<Value = f64> {
        prop_oneof![
            -50.0..150.0f64,
            (-50i32..150).prop_map(f64::from),
            Just(f64::NAN),
            Just(f64::INFINITY),
            Just(f64::NEG_INFINITY),
            Just(-0.0),
        ]
    }

    proptest! {
        #[test]
        fn the_first_frame_due_is_the_loops(due in due(), from in 0u32..120, len in 0u32..120) {
            let (from, len) = (f64::from(from), f64::from(len));
            prop_assert_eq!(first_frame_due(due, from, len), looped(due, from, len));
        }
    }

    #[test]
    fn runs_read_as_the_table() {
        let mut table = FrameTable::new(7);
        table.push_run(0, 0);
        table.push_run(3, 1);
        table.push_run(4, 2);
        assert_eq!(table.entries().collect::<Vec<_>>(), [0, 0, 0, 1, 2, 2, 2]);
        // Past the end: the last entry.
        assert_eq!(table.at(7), 2);
        assert_eq!(table.at(usize::MAX), 2);
        assert_eq!(table.first(), 0);
        assert_eq!(FrameTable::new(0).at(5), 0);
        assert_eq!(FrameTable::new(0).first(), 0);
    }
}
