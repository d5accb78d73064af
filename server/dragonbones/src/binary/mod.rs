//! The binary skeleton format `.dbbin`: its layout, a reader that never fails, and the encoding
//! of a header and seven arrays into a file (docs/formats/dragonbones-binary.md).
//!
//! A file is `DBDT`, four bytes nobody reads, a little-endian `u32` header length `H`, `H` bytes
//! of JSON (the header, padded with spaces), then the body: seven typed arrays whose byte ranges,
//! relative to the body's start, the header's root `offset` lists (`[o0, l0, … o6, l6]`). The
//! header is a 5.x skeleton whose meshes and animations point into the arrays instead of holding
//! their numbers.
//!
//! [`read`] takes any bytes: what it cannot use is a [`Problem`] with the byte range concerned,
//! and what it can is kept (the header even when the body is unusable, the arrays that are in
//! the file). What the arrays hold is read where the runtime reads it, by the evaluation
//! (`eval::parse::binary`), which reports records that run past their array the same way.

mod decode;
mod layout;

pub use decode::decode_header;
pub use layout::*;

use std::ops::Range;

use crate::parser;
use crate::schema::key;
use crate::syntax::{NodeId, NodeKind, Tree};
use rigls_diagnostic::Code;

/// Whether `bytes` start like a DragonBones binary.
pub fn is_binary(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC)
}

/// Something wrong in a binary file, found by the reader or by the evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub code: Code,
    /// The bytes of the file concerned (empty at the end of a truncated file).
    pub bytes: Range<u64>,
    /// The header node the problem belongs to (the object or value pointing into the body), when
    /// there is one; `None` for the file's layout.
    pub node: Option<NodeId>,
    pub message: String,
    /// The catalogue's milder case this is, when it is one.
    pub case: Option<&'static rigls_diagnostic::Case>,
}

impl Problem {
    pub fn new(code: Code, bytes: Range<u64>, node: Option<NodeId>, message: impl Into<String>) -> Problem {
        Problem { code, bytes, node, message: message.into(), case: None }
    }
}

/// A binary file as read: the header (text and tree) and the body arrays that are usable.
#[derive(Debug, Default)]
pub struct Binary {
    /// Bytes 4–7, which no runtime reads.
    pub version: [u8; 4],
    /// The header as the JavaScript runtime decodes it (invalid UTF-8 dropped or replaced).
    pub header: String,
    /// Where the header's bytes are in the file.
    pub header_bytes: Range<u64>,
    /// The header bytes are valid UTF-8 without NUL: an offset in [`Binary::header`] plus
    /// [`Binary::header_bytes`]`.start` is the offset in the file.
    pub header_verbatim: bool,
    /// The header parsed (syntax errors in [`Tree::errors`], positions in the header text).
    pub tree: Tree,
    /// The arrays, when the root `offset` places them inside the file.
    pub body: Option<Body>,
    /// The file's length.
    pub len: u64,
}

impl Binary {
    /// The file bytes of a range of the header text, when they can be told.
    pub fn header_range_bytes(&self, range: rigls_text::TextRange) -> Range<u64> {
        let start = self.header_bytes.start;
        if self.header_verbatim {
            start + u64::from(range.start)..start + u64::from(range.end)
        } else {
            self.header_bytes.clone()
        }
    }
}

/// The seven arrays of a body, as the runtime views them.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Body {
    pub int: Vec<i16>,
    pub float: Vec<f32>,
    pub frame_int: Vec<i16>,
    pub frame_float: Vec<f32>,
    pub frame: Vec<i16>,
    pub timeline: Vec<u16>,
    /// `None`: colours are read from `intArray` (an empty or absent colour array).
    pub color: Option<Vec<i16>>,
    /// The file offset of each array's first byte, in [`ArrayKind::ALL`] order.
    pub starts: [u64; 7],
}

impl Body {
    /// The file bytes of elements `range` of an array.
    pub fn bytes_of(&self, array: ArrayKind, range: Range<usize>) -> Range<u64> {
        let start = self.starts[array as usize];
        let size = array.element_size() as u64;
        start + range.start as u64 * size..start + range.end as u64 * size
    }

    /// How many elements an array has.
    pub fn len(&self, array: ArrayKind) -> usize {
        match array {
            ArrayKind::Int => self.int.len(),
            ArrayKind::Float => self.float.len(),
            ArrayKind::FrameInt => self.frame_int.len(),
            ArrayKind::FrameFloat => self.frame_float.len(),
            ArrayKind::Frame => self.frame.len(),
            ArrayKind::Timeline => self.timeline.len(),
            ArrayKind::Color => self.color.as_ref().map_or(self.int.len(), Vec::len),
        }
    }

    /// The colours' array: the colour array, else `intArray`.
    pub fn colors(&self) -> &[i16] {
        self.color.as_deref().unwrap_or(&self.int)
    }
}

/// What [`read`] found: the file (when it is a DragonBones binary at all) and its problems.
#[derive(Debug, Default)]
pub struct Read {
    pub binary: Binary,
    pub problems: Vec<Problem>,
}

fn u64_of(v: usize) -> u64 {
    v as u64
}

/// Reads a binary skeleton. Never fails: what is wrong is a [`Problem`], and as much as can be
/// read is kept.
pub fn read(bytes: &[u8]) -> Read {
    let len = u64_of(bytes.len());
    let mut out = Read { binary: Binary { len, ..Binary::default() }, problems: Vec::new() };
    let problems = &mut out.problems;
    if !is_binary(bytes) {
        let shown: String = bytes.iter().take(4).map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(" ");
        let message = if bytes.len() < MAGIC.len() {
            format!("the file has {} bytes: a DragonBones binary starts with the 4 bytes `DBDT`", bytes.len())
        } else {
            format!("the file starts with {shown}, not `DBDT`: it is not a DragonBones binary")
        };
        problems.push(Problem::new(Code::BinaryFormat, 0..len.min(4), None, message));
        return out;
    }
    if bytes.len() < HEADER_START {
        problems.push(Problem::new(
            Code::BinaryTruncated,
            len..len,
            None,
            format!("the file ends after {} bytes, inside the 12 bytes before the header", bytes.len()),
        ));
        return out;
    }
    out.binary.version.copy_from_slice(&bytes[4..8]);
    let header_len = u64::from(u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]));
    let header_end = HEADER_START as u64 + header_len;
    let available = header_end.min(len);
    if header_end > len {
        problems.push(Problem::new(
            Code::BinaryTruncated,
            8..12,
            None,
            format!(
                "the header length (bytes 8–11) is {header_len}, but the file has {} bytes after the header's start",
                len - HEADER_START as u64
            ),
        ));
    }
    let raw = &bytes[HEADER_START..available as usize];
    let (header, verbatim) = decode_header(raw);
    out.binary.header_bytes = HEADER_START as u64..available;
    out.binary.header_verbatim = verbatim;
    if !verbatim {
        problems.push(Problem::new(
            Code::BinaryEncoding,
            out.binary.header_bytes.clone(),
            None,
            "the header is not valid UTF-8 (or holds NUL characters): the JavaScript runtime drops or replaces the bytes it cannot decode, so names may not match the atlas or each other",
        ));
    }
    if header_len % 4 != 0 && header_end <= len {
        problems.push(Problem::new(
            Code::BinaryLayout,
            8..12,
            None,
            format!(
                "the header length {header_len} is not a multiple of 4: the body's 32-bit arrays are then misaligned and the JavaScript runtime cannot view them"
            ),
        ));
    }
    out.binary.tree = parser::parse(&header);
    out.binary.header = header;
    if header_end > len {
        return out;
    }
    out.binary.body = read_body(&out.binary, bytes, header_end, problems);
    out
}

/// The arrays the root `offset` places, when it is usable and they lie inside the file.
fn read_body(binary: &Binary, bytes: &[u8], body_start: u64, problems: &mut Vec<Problem>) -> Option<Body> {
    let tree = &binary.tree;
    let text = &binary.header;
    let root = tree.root().filter(|&r| tree.is_object(r))?;
    // The runtime reads the arrays only for data with armatures.
    tree.get(text, root, key::ARMATURE)?;
    let header_bytes = |node: NodeId| binary.header_range_bytes(tree.range(node));
    let Some(offsets) = tree.get(text, root, key::OFFSET) else {
        problems.push(Problem::new(
            Code::BinaryOffset,
            binary.header_bytes.clone(),
            Some(root),
            "the header has no root `offset`: the runtime cannot find the arrays (it throws)",
        ));
        return None;
    };
    let values: Vec<NodeId> =
        if tree.kind(offsets) == NodeKind::Array { tree.elements(offsets).collect() } else { vec![] };
    if values.len() < 12 {
        problems.push(Problem::new(
            Code::BinaryOffset,
            header_bytes(offsets),
            Some(offsets),
            format!(
                "the root `offset` must list 14 numbers (byte offset and length of each of the seven arrays); it has {}",
                values.len()
            ),
        ));
        return None;
    }
    let body_len = u64_of(bytes.len()) - body_start;
    let mut ranges: [Option<(u64, u64)>; 7] = [None; 7];
    let mut usable = true;
    for kind in ArrayKind::ALL {
        let i = kind as usize;
        let (Some(&offset_node), length_node) = (values.get(i * 2), values.get(i * 2 + 1).copied()) else {
            // The colour array may be absent (12 numbers).
            continue;
        };
        let whole = |node: NodeId| tree.int(text, node).filter(|&v| v >= 0);
        let (offset, length) = match (whole(offset_node), length_node.and_then(whole)) {
            (Some(o), Some(l)) => (o as u64, l as u64),
            _ => {
                let node = if whole(offset_node).is_none() { offset_node } else { length_node.unwrap_or(offset_node) };
                problems.push(Problem::new(
                    Code::BinaryOffset,
                    header_bytes(node),
                    Some(node),
                    format!("the {} offset and length must be whole numbers of bytes, at least 0", kind.name()),
                ));
                usable = false;
                continue;
            }
        };
        let size = kind.element_size() as u64;
        let node = length_node.unwrap_or(offset_node);
        if kind == ArrayKind::Color && length == 0 {
            continue;
        }
        if !length.is_multiple_of(size) {
            problems.push(Problem::new(
                Code::BinaryOffset,
                header_bytes(node),
                Some(node),
                format!(
                    "the {} length {length} is not a multiple of its element size ({size} bytes): the runtime ignores the last {} bytes",
                    kind.name(),
                    length % size
                ),
            ));
        }
        let start = body_start + offset;
        if !start.is_multiple_of(size) {
            problems.push(Problem::new(
                Code::BinaryOffset,
                header_bytes(offset_node),
                Some(offset_node),
                format!(
                    "the {} starts at byte {start}, which is not a multiple of {size}: the JavaScript runtime cannot view it (it throws)",
                    kind.name()
                ),
            ));
            usable = false;
            continue;
        }
        let length = length - length % size;
        if offset.saturating_add(length) > body_len {
            let wanted = start..start.saturating_add(length);
            problems.push(Problem::new(
                Code::BinaryTruncated,
                start.min(body_start + body_len)..u64_of(bytes.len()),
                Some(offset_node),
                format!(
                    "the {} should be {} of the file, but the file has {} bytes: the runtime throws",
                    kind.name(),
                    describe_bytes(&wanted),
                    bytes.len()
                ),
            ));
            usable = false;
            continue;
        }
        ranges[i] = Some((start, length));
    }
    if !usable {
        return None;
    }
    let slice = |kind: ArrayKind| -> &[u8] {
        match ranges[kind as usize] {
            Some((start, length)) => &bytes[start as usize..(start + length) as usize],
            None => &[],
        }
    };
    let i16s = |kind| slice(kind).chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect::<Vec<_>>();
    let f32s = |kind| slice(kind).chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let mut starts = [0u64; 7];
    for kind in ArrayKind::ALL {
        starts[kind as usize] = ranges[kind as usize].map_or(body_start, |(s, _)| s);
    }
    Some(Body {
        int: i16s(ArrayKind::Int),
        float: f32s(ArrayKind::Float),
        frame_int: i16s(ArrayKind::FrameInt),
        frame_float: f32s(ArrayKind::FrameFloat),
        frame: i16s(ArrayKind::Frame),
        timeline: slice(ArrayKind::Timeline).chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect(),
        color: ranges[ArrayKind::Color as usize].map(|_| i16s(ArrayKind::Color)),
        starts,
    })
}

/// The bytes of a binary file: the header (padded with spaces to a multiple of 4 bytes) and the
/// body's arrays back to back, in [`ArrayKind::ALL`] order. The header must already hold the
/// root `offset` that [`Body::offsets`] gives.
pub fn encode(header: &str, body: &Body) -> Vec<u8> {
    let padded = header.len().div_ceil(4) * 4;
    let mut out = Vec::with_capacity(HEADER_START + padded + body.byte_len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&WRITTEN_VERSION);
    out.extend_from_slice(&(padded as u32).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.resize(HEADER_START + padded, b' ');
    for v in &body.int {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for v in &body.float {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for v in &body.frame_int {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for v in &body.frame_float {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for v in &body.frame {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for v in &body.timeline {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for v in body.color.iter().flatten() {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

impl Body {
    /// The body's size in bytes.
    pub fn byte_len(&self) -> usize {
        ArrayKind::ALL.iter().map(|&k| self.stored_len(k) * k.element_size()).sum()
    }

    /// Elements an array has in the file (the colour array only when it is separate).
    fn stored_len(&self, kind: ArrayKind) -> usize {
        match kind {
            ArrayKind::Color => self.color.as_ref().map_or(0, Vec::len),
            _ => self.len(kind),
        }
    }

    /// The root `offset` for this body laid out by [`encode`]: each array's byte offset and byte
    /// length, relative to the body's start.
    pub fn offsets(&self) -> [u64; 14] {
        let mut out = [0u64; 14];
        let mut at = 0u64;
        for kind in ArrayKind::ALL {
            let length = (self.stored_len(kind) * kind.element_size()) as u64;
            out[kind as usize * 2] = at;
            out[kind as usize * 2 + 1] = length;
            at += length;
        }
        out
    }

    /// Pads the 16-bit arrays to an even number of elements, so that every array after them
    /// starts on a multiple of 4 bytes (the runtime's 32-bit views need it).
    pub fn pad(&mut self) {
        for v in [&mut self.int, &mut self.frame_int, &mut self.frame] {
            if v.len() % 2 == 1 {
                v.push(0);
            }
        }
        if self.timeline.len() % 2 == 1 {
            self.timeline.push(0);
        }
        if let Some(c) = &mut self.color
            && c.len() % 2 == 1
        {
            c.push(0);
        }
    }
}

#[cfg(test)]
mod tests;

/// Byte ranges of the file for messages, both ends included: `bytes 12–39`, `byte 8`; an empty
/// range (the end of a truncated file) is the offset where it is.
pub fn describe_bytes(bytes: &Range<u64>) -> String {
    match bytes.end.saturating_sub(bytes.start) {
        0 | 1 => format!("byte {}", bytes.start),
        _ => format!("bytes {}–{}", bytes.start, bytes.end - 1),
    }
}
