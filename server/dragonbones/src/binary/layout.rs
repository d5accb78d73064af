//! Constants of the binary layout: the file's first bytes, the arrays, the fields of the records
//! the header points to, and the timeline types.

/// The first four bytes of every binary skeleton.
pub const MAGIC: [u8; 4] = *b"DBDT";

/// The key of an animation's constraint timelines in a binary header (a JSON skeleton has no
/// such key: its IK timelines are under `ik`).
pub const CONSTRAINT_TIMELINES: &str = "constraint";

/// Where the header starts: after the magic, the four version bytes and the header length.
pub const HEADER_START: usize = 12;

/// Bytes 4–7 as rigls writes them (as the official converter does; no runtime reads them).
pub const WRITTEN_VERSION: [u8; 4] = [0, 0, 0, 3];

/// The seven arrays of a body, in file and `offset` order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArrayKind {
    Int = 0,
    Float = 1,
    FrameInt = 2,
    FrameFloat = 3,
    Frame = 4,
    Timeline = 5,
    Color = 6,
}

impl ArrayKind {
    pub const ALL: [ArrayKind; 7] = [
        ArrayKind::Int,
        ArrayKind::Float,
        ArrayKind::FrameInt,
        ArrayKind::FrameFloat,
        ArrayKind::Frame,
        ArrayKind::Timeline,
        ArrayKind::Color,
    ];

    /// Bytes per element.
    pub fn element_size(self) -> usize {
        match self {
            ArrayKind::Float | ArrayKind::FrameFloat => 4,
            _ => 2,
        }
    }

    /// The array's name in the runtime (and in messages).
    pub fn name(self) -> &'static str {
        match self {
            ArrayKind::Int => "intArray",
            ArrayKind::Float => "floatArray",
            ArrayKind::FrameInt => "frameIntArray",
            ArrayKind::FrameFloat => "frameFloatArray",
            ArrayKind::Frame => "frameArray",
            ArrayKind::Timeline => "timelineArray",
            ArrayKind::Color => "colorArray",
        }
    }
}

/// A geometry block in `intArray`: vertex count, triangle count, the `floatArray` index of the
/// vertices, the `intArray` index of the weights (−1: none), then 3 indices per triangle.
pub mod geometry {
    pub const VERTEX_COUNT: usize = 0;
    pub const TRIANGLE_COUNT: usize = 1;
    pub const FLOAT_OFFSET: usize = 2;
    pub const WEIGHT_OFFSET: usize = 3;
    pub const TRIANGLES: usize = 4;
}

/// A weight block in `intArray`: bone count, the `floatArray` index of the weights, the bones
/// (indices into the armature's `bone` list as written), then per vertex its influence count and
/// that many indices into the block's bones.
pub mod weight {
    pub const BONE_COUNT: usize = 0;
    pub const FLOAT_OFFSET: usize = 1;
    pub const BONES: usize = 2;
}

/// A timeline's header in `timelineArray`: scale ×100, offset ×100, key frame count, values per
/// key frame (deform and surface timelines: the `frameIntArray` index of their deform header,
/// relative to the animation), the index of key frame 0's values (relative to the animation),
/// then each key frame's `frameArray` index (relative to the animation).
pub mod timeline {
    pub const SCALE: usize = 0;
    pub const OFFSET: usize = 1;
    pub const KEY_FRAME_COUNT: usize = 2;
    pub const VALUE_COUNT: usize = 3;
    pub const VALUE_OFFSET: usize = 4;
    pub const FRAMES: usize = 5;
}

/// A deform (or surface) timeline's header in `frameIntArray`: the geometry's `intArray` index,
/// the values deformed, the values stored per key frame, the first of them, and the
/// `frameFloatArray` index (relative to the animation) of the values every key frame shares.
pub mod deform {
    pub const GEOMETRY: usize = 0;
    pub const COUNT: usize = 1;
    pub const VALUE_COUNT: usize = 2;
    pub const VALUE_OFFSET: usize = 3;
    pub const SAME_VALUES: usize = 4;
    pub const LEN: usize = 5;
}

/// A key frame in `frameArray`: its position (whole frames), then per kind its tween (type, and
/// the easing or the curve's sample count and samples), display index, actions or draw order.
pub mod frame {
    pub const POSITION: usize = 0;
    pub const TWEEN_TYPE: usize = 1;
    pub const TWEEN_EASING_OR_CURVE_COUNT: usize = 2;
    pub const CURVE_SAMPLES: usize = 3;
}

/// Tween types as stored.
pub mod tween {
    pub const NONE: i16 = 0;
    pub const LINE: i16 = 1;
    pub const CURVE: i16 = 2;
    pub const QUAD_IN: i16 = 3;
    pub const QUAD_OUT: i16 = 4;
    pub const QUAD_IN_OUT: i16 = 5;
}

/// Timeline types as the header lists them.
pub mod timeline_type {
    pub const ACTION: u32 = 0;
    pub const Z_ORDER: u32 = 1;
    pub const BONE_ALL: u32 = 10;
    pub const BONE_TRANSLATE: u32 = 11;
    pub const BONE_ROTATE: u32 = 12;
    pub const BONE_SCALE: u32 = 13;
    pub const SURFACE: u32 = 50;
    pub const BONE_ALPHA: u32 = 60;
    pub const SLOT_DISPLAY: u32 = 20;
    pub const SLOT_COLOR: u32 = 21;
    pub const SLOT_DEFORM: u32 = 22;
    pub const SLOT_Z_INDEX: u32 = 23;
    pub const SLOT_ALPHA: u32 = 24;
    pub const IK_CONSTRAINT: u32 = 30;
    pub const ANIMATION_PROGRESS: u32 = 40;
    pub const ANIMATION_WEIGHT: u32 = 41;
    pub const ANIMATION_PARAMETER: u32 = 42;
}

/// Absolute indices stored in 16 bits are read back by adding 65 536 to a negative value.
pub fn unwrap_index(stored: i16) -> usize {
    (i32::from(stored) + if stored < 0 { 65536 } else { 0 }) as usize
}
