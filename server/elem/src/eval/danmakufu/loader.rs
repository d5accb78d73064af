//! Danmakufu's `.elem` loader (`ElfreinaMeshData::CreateFromFileReader` and its readers,
//! ElfreinaMesh.cpp:19-754), reading what it reads in the order it reads it, into what it keeps
//! (every number rounded to `float` once). Where it throws (a load failure), crashes or keeps
//! something silently wrong, an [`Event`] says so at the place in the text that causes it.
//!
//! A few failures leave the tokens where they were (a count written `4.0`, a face that is not a
//! triangle, an `OffsetMatrices` row of the wrong length): the loader is then carried on past
//! them, as if they were fixed, so that every such place is reported at once. Any other failure
//! ends the reading, as it ends Danmakufu's: faces of one Mesh with different materials too (what
//! follows could only be judged by guessing the material, and a guess of −1 would be a crash the
//! loader never reaches).

use std::collections::{BTreeMap, HashMap};

use super::scanner::{Exhausted, Scanner, Tk, Token, string_value, wcstod, wtoi};
use super::vertices::VertexBuffer;
use crate::schema::key;
use rigls_text::TextRange;

/// What Danmakufu does about something at a place in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum EventKind {
    /// `ObjMesh_Load` returns false: the loader threw, the model does not exist.
    LoadFailure,
    /// The loader crashes the game (an access out of bounds, a failed allocation).
    CrashAtLoad,
    /// The model loads and crashes the game when it is first drawn, or at some frames.
    CrashAtDraw,
    /// The model loads, but what is drawn depends on memory the loader never set.
    Undefined,
    /// The model loads, but something of the file is ignored or drawn differently.
    Dropped,
}

impl EventKind {
    /// Whether the model is missing, broken or undefined (not only drawn differently).
    pub fn is_failure(self) -> bool {
        self != EventKind::Dropped
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub kind: EventKind,
    pub range: TextRange,
    pub message: String,
}

/// A reader stopped: the event saying why is recorded.
#[derive(Debug)]
pub struct Stop;

type R<T> = Result<T, Stop>;

/// A 4×4 `float` matrix written number by number: which of the 16 were written, and their values
/// (68 bytes where 16 `Option<f32>` took 128: a bone list of two million cost 700 MB).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WrittenMatrix {
    values: [f32; 16],
    written: u16,
}

impl WrittenMatrix {
    pub fn set(&mut self, i: usize, value: f32) {
        self.values[i] = value;
        self.written |= 1 << i;
    }

    pub fn all(values: [f32; 16]) -> WrittenMatrix {
        WrittenMatrix { values, written: u16::MAX }
    }

    /// The matrix, when all 16 numbers were written.
    pub fn complete(&self) -> Option<[f32; 16]> {
        (self.written == u16::MAX).then_some(self.values)
    }
}

/// `Bone` (ElfreinaMesh.hpp:60-75): matrices and parent are uninitialised until written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bone {
    pub name: String,
    pub offset: WrittenMatrix,
    pub init: WrittenMatrix,
    /// `None`: never written (no `Node` named the bone).
    pub parent: Option<i32>,
    pub children: Vec<i32>,
    /// Where a `Node` named the bone last, and the `InitPostureMatrix` written for it.
    pub node: Option<TextRange>,
    pub init_at: Option<TextRange>,
    /// The `OffsetMatrices` row written for the bone.
    pub offset_at: Option<TextRange>,
}

/// One vertex as the skinning shader gets it: position (shifted by −0.5 in x and y), four palette
/// indices and three weights.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Vertex {
    pub pos: [f32; 3],
    pub index: [u8; 4],
    pub rate: [f32; 3],
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mesh {
    pub name: String,
    /// The `Name` of the container it was read in.
    pub container: String,
    pub vertices: VertexBuffer,
    pub faces: usize,
    /// The material its `Attributes` chose (`None`: no `Attributes` read, a NULL material).
    pub material: Option<usize>,
    /// The `Mesh` tag that filled it (`None`: no `Mesh` scope was read into it).
    pub scope: Option<TextRange>,
    /// Where its reading was cut short by a sub-scope the loader does not know, and the keys
    /// and lists of the Mesh it then did not read.
    pub cut: Option<(TextRange, Vec<String>)>,
    /// Per vertex with any, its `VertexBlend` entries in the order read (bone, weight, where).
    pub influences: BTreeMap<usize, Vec<(i32, f32, TextRange)>>,
}

/// One `AnimationPart`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Part {
    pub node_name: String,
    /// The `NodeName` value.
    pub at: TextRange,
    pub times: Vec<f32>,
    pub time_ranges: Vec<TextRange>,
    pub trans: Vec<[f32; 3]>,
    pub rotate: Vec<[f32; 4]>,
    pub scale: Vec<[f32; 3]>,
    /// The `AnimationPart` tag.
    pub scope: TextRange,
}

/// One `AnimationData`: its fields are uninitialised until read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Animation {
    pub name: String,
    pub time_total: Option<i32>,
    pub fps: Option<i32>,
    pub looping: Option<bool>,
    pub looping_at: Option<TextRange>,
    pub time_at: Option<TextRange>,
    /// One slot per bone that existed when the scope was read (`animeBone_`).
    pub slots: usize,
    /// The slots that hold a part, by bone.
    pub parts: BTreeMap<usize, Part>,
    /// The `AnimationData` tag.
    pub scope: TextRange,
}

/// A `NodeName` of the hierarchy, in the order `_ReadNode` met them, with the bone it stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeRef {
    pub name: String,
    pub bone: usize,
    pub at: TextRange,
}

/// What the loader kept, and what it said about the file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Loaded {
    pub bones: Vec<Bone>,
    pub meshes: Vec<Mesh>,
    pub materials: usize,
    /// By name, the last of each name kept, in the order the names first came.
    pub animations: Vec<Animation>,
    pub nodes: Vec<NodeRef>,
    pub events: Vec<Event>,
    /// The containers read, with the lists each declared (`BoneCount`, `MeshCount`,
    /// `MaterialCount`) and its tag.
    pub containers: Vec<Container>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Container {
    pub tag: TextRange,
    /// Its `MeshCount` value, when it declares one.
    pub mesh_count: Option<TextRange>,
    pub name: String,
    pub declares_bones: bool,
    pub declares_meshes: bool,
    pub declares_materials: bool,
}

impl Loaded {
    /// Whether Danmakufu fails to load or crashes on the model (at load or when drawing).
    pub fn failed(&self) -> bool {
        self.events.iter().any(|e| e.kind.is_failure())
    }

    /// The first event that makes every pose of the model wrong or impossible (a load failure,
    /// a crash at load).
    pub fn fatal(&self) -> Option<&Event> {
        self.events.iter().find(|e| matches!(e.kind, EventKind::LoadFailure | EventKind::CrashAtLoad))
    }
}

/// Lists larger than this are a failed allocation (a crash).
const MAX_ALLOC: i64 = 1 << 28;

/// What a mesh (`ElfreinaMeshData::Mesh`, made by `MeshCount`) takes at least, in bytes.
const MESH_BYTES: u64 = 256;

/// `Node` scopes nested deeper than this overflow the stack of Danmakufu's main thread (1 MB, the
/// Windows default) in the recursive `_ReadNode`: each call takes 64 bytes at least (arguments,
/// return address, frame pointer, locals, a `std::wstring`, its unwinding record), likely more, so
/// the real limit is lower: this one is certain.
const MAX_NODE_DEPTH: usize = (1 << 20) / 64;

/// The address space of Danmakufu's process: a Win32 program without `/LARGEADDRESSAWARE`
/// (`DnhExecutor.vcxproj`) has 2 GiB. What the loader holds cannot pass it: counted from below
/// by the lists a count makes ([`Held`]).
const ADDRESS_SPACE: u64 = 1 << 31;

/// Bytes the loader holds, at least, in the lists whose length the file chooses.
#[derive(Default)]
struct Held {
    /// The meshes' vertex buffers: 48 bytes a vertex (`VERTEX_B4NX`).
    vertex_buffers: u64,
    /// The bone list: 128 bytes a bone (two 4×4 float matrices).
    bones: u64,
    /// The clips kept: 12 bytes a bone each (`animeBone_`, a `ref_count_ptr` a bone).
    clips: u64,
}

impl Held {
    fn total(&self) -> u64 {
        self.vertex_buffers + self.bones + self.clips
    }
}

/// Reads `text` as Danmakufu does.
pub fn load(text: &str) -> Loaded {
    let mut loader = Loader {
        s: Scanner::new(text),
        out: Loaded::default(),
        names: HashMap::new(),
        prev: None,
        derailed: None,
        mesh_cut: None,
        held: Held::default(),
        clips: HashMap::new(),
        excess_meshes: None,
    };
    let _ = loader.top_level();
    loader.out
}

struct Loader<'a> {
    s: Scanner<'a>,
    out: Loaded,
    /// `mapBoneNameIndex_`.
    names: HashMap<String, usize>,
    /// The token before the current one.
    prev: Option<Token>,
    /// Set when a reader was ended early by a sub-scope it does not know (the sub-scope's name and
    /// the line its `{` is on), until the top level reads again: readers then read the rest of
    /// the file out of place.
    derailed: Option<(String, u32)>,
    /// The Mesh being read, when it is cut short: its index.
    mesh_cut: Option<usize>,
    held: Held,
    /// The clip kept under each name: its index in `out.animations`.
    clips: HashMap<String, usize>,
    /// A `MeshCount` past the Mesh scopes the text can hold: the count, the meshes made (the
    /// rest never get vertices) and where.
    excess_meshes: Option<(usize, usize, TextRange)>,
}

impl<'a> Loader<'a> {
    fn event(&mut self, kind: EventKind, range: TextRange, message: impl Into<String>) {
        self.out.events.push(Event { kind, range, message: message.into() });
    }

    fn fail(&mut self, range: TextRange, message: impl Into<String>) -> Stop {
        self.event(EventKind::LoadFailure, range, message);
        Stop
    }

    fn crash(&mut self, range: TextRange, message: impl Into<String>) -> Stop {
        self.event(EventKind::CrashAtLoad, range, message);
        Stop
    }

    fn line_of(&self, offset: u32) -> u32 {
        1 + self.s.text[..offset as usize].bytes().filter(|&b| b == b'\n').count() as u32
    }

    fn next(&mut self) -> R<Token> {
        let before = self.s.tok;
        match self.s.next_token() {
            Ok(t) => {
                self.prev = Some(before);
                Ok(t)
            }
            Err(Exhausted { inside: Some(range) }) => {
                let what = if range.slice(self.s.text).starts_with('"') { "string" } else { "`/*` comment" };
                Err(self.fail(range, format!("this {what} is not closed before the end of the file")))
            }
            Err(Exhausted { inside: None }) => {
                let end = rigls_text::to_u32(self.s.text.len());
                Err(self.fail(TextRange::empty(end), "the file ends where the loader still expects more"))
            }
        }
    }

    fn slice(&self, t: Token) -> &'a str {
        self.s.slice(t)
    }

    /// Why `t` is not what was expected, in the terms of the text.
    fn found(&self, t: Token) -> (TextRange, String) {
        if t.kind == Tk::Int
            && self.slice(t).starts_with('+')
            && let Some(p) = self.prev.filter(|p| p.kind == Tk::Real && p.range.end == t.range.start)
            && self.slice(p).trim_end_matches('-').ends_with(['e', 'E'])
        {
            let whole = TextRange::new(p.range.start, t.range.end);
            let spelled = whole.slice(self.s.text);
            return (
                whole,
                format!(
                    "`{spelled}`, which its tokenizer splits after the `e` (it takes no `+` in an exponent): write it without exponent or as `{}`",
                    spelled.replace("e+", "e").replace("E+", "E")
                ),
            );
        }
        if t.kind == Tk::Newline {
            let line_start = self.s.text[..t.range.start as usize].rfind('\n').map_or(0, |i| i + 1) as u32;
            let after_newline = self.prev.is_some_and(|p| p.kind == Tk::Newline);
            if after_newline && line_start < t.range.start {
                return (
                    TextRange::new(line_start, t.range.start),
                    "a line holding only spaces, tabs or a comment, which it reads as one more line".to_owned(),
                );
            }
            return (TextRange::empty(t.range.start), "the end of the line".to_owned());
        }
        let text = self.slice(t);
        let shown = match t.kind {
            Tk::Eof => t.kind.describe().to_owned(),
            _ if text.chars().count() > 24 => {
                format!("{} `{}…`", t.kind.describe(), text.chars().take(24).collect::<String>())
            }
            _ => format!("{} `{text}`", t.kind.describe()),
        };
        (t.range, shown)
    }

    fn unexpected(&mut self, t: Token, expected: &str, context: &str) -> Stop {
        let (range, found) = self.found(t);
        self.fail(range, format!("{context}, the loader expects {expected} and finds {found}"))
    }

    fn expect(&mut self, kind: Tk, context: &str) -> R<Token> {
        let t = self.next()?;
        if t.kind != kind {
            return Err(self.unexpected(t, kind.describe(), context));
        }
        Ok(t)
    }

    fn expect_word(&mut self, word: &str, context: &str) -> R<Token> {
        let t = self.next()?;
        if t.kind != Tk::Id || self.slice(t) != word {
            return Err(self.unexpected(t, &format!("`{word}`"), context));
        }
        Ok(t)
    }

    /// `GetInteger` of `t`: a number with a decimal point or an exponent is a failure, after which
    /// reading goes on with its whole part.
    fn integer(&mut self, t: Token, what: &str) -> R<i32> {
        match t.kind {
            Tk::Int => Ok(wtoi(self.slice(t))),
            Tk::Real => {
                let text = self.slice(t);
                let value = wcstod(text);
                let advice = if value.fract() == 0.0 && value.abs() < 1e9 {
                    format!(": write `{}`", value as i64)
                } else {
                    String::new()
                };
                self.fail(
                    t.range,
                    format!("{what} is `{text}`, but the loader reads it only as a whole number written without a decimal point or exponent{advice}"),
                );
                Ok(trunc_int(value))
            }
            _ => Err(self.unexpected(t, "a whole number", &format!("for {what}"))),
        }
    }

    fn real(&mut self, t: Token, context: &str) -> R<f32> {
        match t.kind {
            Tk::Int | Tk::Real => Ok(wcstod(self.slice(t)) as f32),
            _ => Err(self.unexpected(t, "a number", context)),
        }
    }

    fn string(&mut self, t: Token, context: &str) -> R<String> {
        match t.kind {
            Tk::Str => Ok(string_value(self.slice(t))),
            _ => Err(self.unexpected(t, "a quoted string", context)),
        }
    }

    /// `key = value` where the value is a whole number.
    fn int_key(&mut self, key: &str) -> R<(i32, Token)> {
        self.expect(Tk::Equal, &format!("after `{key}`"))?;
        let t = self.next()?;
        Ok((self.integer(t, &format!("`{key}`"))?, t))
    }

    fn resize(&mut self, n: i64, key: &str, at: TextRange) -> R<usize> {
        if !(0..=MAX_ALLOC).contains(&n) {
            return Err(self.crash(at, format!("`{key}={n}` makes the loader allocate a list it cannot have (std::length_error or std::bad_alloc, which nothing catches)")));
        }
        Ok(n as usize)
    }

    /// `VertexCount=n` for mesh `m`: its new buffer replaces the old, within the address space.
    fn claim_vertex_buffer(&mut self, m: usize, n: usize, at: TextRange) -> R<()> {
        let old = self.out.meshes[m].vertices.len() as u64 * 48;
        self.claim(old, n as u64 * 48, at, &format!("`VertexCount={n}`"))?;
        self.held.vertex_buffers = self.held.vertex_buffers - old + n as u64 * 48;
        Ok(())
    }

    /// A list of `bytes` that replaces one of `old` bytes (counted as freed first, so that the
    /// total stays a lower bound): a failed allocation when it and the rest the loader holds pass
    /// its address space.
    fn claim(&mut self, old: u64, bytes: u64, at: TextRange, what: &str) -> R<()> {
        let total = self.held.total() - old + bytes;
        if total > ADDRESS_SPACE {
            return Err(self.crash(at, format!("{what} brings what the loader holds to {total} bytes at least (vertex buffers 48 a vertex, the bone list 128 a bone, each clip 12 a bone), more than the {ADDRESS_SPACE} bytes (2 GiB) of Danmakufu's 32-bit process: std::bad_alloc, which nothing catches")));
        }
        Ok(())
    }

    /// A token a reader does not know: skipped, unless it opens a sub-scope, whose `}` will end
    /// the reader early (its tokens are skipped one by one up to there).
    fn unknown(&mut self, t: Token, reader: &str) {
        if t.kind != Tk::Open || self.derailed.is_some() {
            return;
        }
        let name = self.prev.filter(|p| p.kind == Tk::Id && p.range.end <= t.range.start).map(|p| self.slice(p));
        let line = self.line_of(t.range.start);
        let label = name.map_or_else(|| "a `{` scope".to_owned(), |n| format!("`{n}`"));
        self.derailed = Some((label.clone(), line));
        let range =
            self.prev.filter(|_| name.is_some()).map_or(t.range, |p| TextRange::new(p.range.start, t.range.end));
        if reader == "Mesh" {
            // Reported when the loading ends, with what the cut costs the mesh.
            if let Some(mesh) = self.mesh_cut.and_then(|m| self.out.meshes.get_mut(m)) {
                mesh.cut = Some((range, Vec::new()));
            }
            return;
        }
        let lost = match reader {
            "MeshContainer" => "the rest of the MeshContainer (its later Mesh scopes are not read)",
            "Materials" | "Material" => "the rest of the container after `Materials` (its Mesh scopes are not read)",
            "Node" => "what follows in the Node, which the parent node reads as its own",
            "HierarchyList" => "the rest of the hierarchy",
            "AnimationData" | "BoneAnimation" | "AnimationPart" | "AnimationList" => {
                "the rest of the clip and every later clip of the `AnimationList`"
            }
            _ => "what follows",
        };
        self.event(
            EventKind::Dropped,
            range,
            format!("skips {label}, a scope its loader does not know in a `{reader}`, up to its `}}`, which ends the `{reader}` there: it loses {lost}"),
        );
    }

    // --- CreateFromFileReader ---------------------------------------------------------------

    fn top_level(&mut self) -> R<()> {
        // Mesh scopes read by no MeshContainer (one ended early): where, and why.
        let mut skipped: Vec<(TextRange, String)> = Vec::new();
        while self.s.has_next() {
            let t = self.next()?;
            match self.slice(t) {
                "MeshContainer" if t.kind == Tk::Id => {
                    self.expect(Tk::Open, "after `MeshContainer`")?;
                    self.derailed = None;
                    self.mesh_container(t.range)?;
                }
                "HierarchyList" if t.kind == Tk::Id => {
                    self.expect(Tk::Open, "after `HierarchyList`")?;
                    self.derailed = None;
                    self.hierarchy_list()?;
                }
                "AnimationList" if t.kind == Tk::Id => {
                    self.expect(Tk::Open, "after `AnimationList`")?;
                    self.derailed = None;
                    self.animation_list()?;
                }
                "Mesh" if t.kind == Tk::Id && self.derailed.is_some() => {
                    if let Some((label, line)) = self.derailed.clone() {
                        let why = format!(
                            "its MeshContainer ended early, at the `}}` of {label} (line {line}), a scope its loader does not know"
                        );
                        skipped.push((t.range, why));
                    }
                }
                _ => {}
            }
        }
        // `InitializeVertexBuffer` of every mesh: a mesh without vertices locks a NULL buffer. A
        // mesh no scope was read into is reported at the Mesh scope that was skipped, if any.
        let mut skipped = skipped.into_iter();
        // Meshes `MeshCount` counts but no scope filled all share one cause: reported once, at the
        // first (a count of 100000 gave as many findings, each counting the meshes read).
        let mut told_unfilled = false;
        // A load failure threw before: the vertex buffers are never made.
        if self.out.events.iter().any(|e| e.kind == EventKind::LoadFailure) {
            for (range, why) in skipped {
                self.event(EventKind::Dropped, range, format!("never reads this Mesh: {why}"));
            }
            return Ok(());
        }
        if let Some((n, room, range)) = self.excess_meshes {
            self.event(EventKind::CrashAtLoad, range, format!("`MeshCount` is {n}, more Mesh scopes than the file has room for ({room}): the meshes left without vertices have no vertex buffer (Lock on NULL)"));
            told_unfilled = true;
        }
        for i in 0..self.out.meshes.len() {
            if !self.out.meshes[i].vertices.is_empty() {
                continue;
            }
            let unread = self.out.meshes[i].scope.is_none();
            match skipped.next().filter(|_| unread) {
                Some((range, why)) => self.event(EventKind::CrashAtLoad, range, format!("this Mesh is never read ({why}), yet `MeshCount` counts it: mesh {} is a mesh without vertices, whose vertex buffer is never made (Lock on NULL)", i + 1)),
                None if unread && told_unfilled => {}
                None => {
                    told_unfilled |= unread;
                    let (range, message) = self.empty_mesh(i);
                    self.event(EventKind::CrashAtLoad, range, message);
                }
            }
        }
        for (range, why) in skipped {
            self.event(EventKind::Dropped, range, format!("never reads this Mesh: {why}"));
        }
        Ok(())
    }

    /// Where and why mesh `i` has no vertices.
    fn empty_mesh(&self, i: usize) -> (TextRange, String) {
        let mesh = &self.out.meshes[i];
        let consequence = "a mesh without vertices, whose vertex buffer is never made (Lock on NULL)";
        match mesh.scope {
            Some(scope) => (scope, format!("this Mesh has no vertices (`VertexCount=0`, or none read): {consequence}")),
            None => {
                let declared = self
                    .out
                    .containers
                    .iter()
                    .rev()
                    .find(|c| c.declares_meshes)
                    .map_or(TextRange::empty(0), |c| c.mesh_count.unwrap_or(c.tag));
                let read = self.out.meshes.iter().filter(|m| m.scope.is_some()).count();
                (
                    declared,
                    format!(
                        "`MeshCount` is {} but the loader reads {read} Mesh scope{} of this MeshContainer: mesh {} is {consequence}",
                        self.out.meshes.len(),
                        if read == 1 { "" } else { "s" },
                        i + 1
                    ),
                )
            }
        }
    }

    // --- _ReadMeshContainer --------------------------------------------------------------------

    fn mesh_container(&mut self, tag: TextRange) -> R<()> {
        let mut read_meshes = 0;
        self.out.containers.push(Container { tag, ..Container::default() });
        let container = self.out.containers.len() - 1;
        while self.s.has_next() {
            let t = self.next()?;
            if t.kind == Tk::Close {
                break;
            }
            match (t.kind, self.slice(t)) {
                (Tk::Id, key::NAME) => {
                    // Not read (the `=` and the string are skipped as unknown tokens); peeked for
                    // the output's labels.
                    let mut peek = self.s.clone();
                    if peek.next_token().is_ok_and(|e| e.kind == Tk::Equal)
                        && let Ok(v) = peek.next_token().map(|v| (v, peek.slice(v)))
                        && v.0.kind == Tk::Str
                    {
                        self.out.containers[container].name = string_value(v.1);
                    }
                }
                (Tk::Id, key::BONE_COUNT) => {
                    let (n, at) = self.int_key(key::BONE_COUNT)?;
                    let n = self.resize(i64::from(n), key::BONE_COUNT, at.range)?;
                    // Each bone holds two 4×4 float matrices (its offset and initial posture):
                    // 128 bytes at least, so the list is bounded as `VertexCount`'s buffer is.
                    if n as i64 * 128 > MAX_ALLOC {
                        return Err(self.crash(at.range, format!("`BoneCount={n}` makes the loader allocate a bone list it cannot have (std::bad_alloc, which nothing catches)")));
                    }
                    let bones = n as u64 * 128;
                    self.claim(self.held.bones, bones, at.range, &format!("`BoneCount={n}`"))?;
                    self.held.bones = bones;
                    self.out.bones = vec![Bone::default(); n];
                    self.out.containers[container].declares_bones = true;
                }
                (Tk::Id, key::MESH_COUNT) => {
                    let (n, at) = self.int_key(key::MESH_COUNT)?;
                    let n = self.resize(i64::from(n), key::MESH_COUNT, at.range)?;
                    // A Mesh scope takes 6 bytes at least (`Mesh{}`): meshes past what the text
                    // can hold are left without vertices, which crashes the loader once it has
                    // read the file (Lock on NULL), unless it fails first or a later `MeshCount`
                    // replaces the list. Only those the text can fill are made.
                    let room = self.s.text.len() / 6 + 1;
                    // Each mesh is made at once (`new Mesh()`, a RenderObjectB4NX of some 300
                    // bytes): a count whose meshes cannot all be had fails to allocate right here.
                    if n as u64 * MESH_BYTES > ADDRESS_SPACE {
                        return Err(self.crash(at.range, format!("`MeshCount={n}` makes the loader allocate {n} meshes of {MESH_BYTES} bytes at least, more than the {ADDRESS_SPACE} bytes (2 GiB) of Danmakufu's 32-bit process: std::bad_alloc, which nothing catches")));
                    }
                    self.excess_meshes = (n > room).then_some((n, room, at.range));
                    self.out.meshes = vec![Mesh::default(); n.min(room)];
                    self.held.vertex_buffers = 0;
                    self.out.containers[container].declares_meshes = true;
                    self.out.containers[container].mesh_count = Some(TextRange::new(t.range.start, at.range.end));
                }
                (Tk::Id, "VertexFormat") => {
                    self.expect(Tk::Open, "after `VertexFormat`")?;
                    while self.next()?.kind != Tk::Close {}
                }
                (Tk::Id, "BoneNames") => {
                    self.expect(Tk::Open, "after `BoneNames`")?;
                    let mut i = 0;
                    loop {
                        let n = self.next()?;
                        match n.kind {
                            Tk::Close => break,
                            Tk::Str => {
                                let name = string_value(self.slice(n));
                                match self.out.bones.get_mut(i) {
                                    Some(bone) => bone.name = name,
                                    None => {
                                        return Err(self.crash(n.range, format!("`BoneNames` has more names than `BoneCount` ({}): the loader writes past its bone list", self.out.bones.len())));
                                    }
                                }
                                i += 1;
                            }
                            _ => {}
                        }
                    }
                }
                (Tk::Id, "OffsetMatrices") => self.offset_matrices()?,
                (Tk::Id, "Materials") => self.materials(container)?,
                (Tk::Id, "Mesh") => {
                    self.expect(Tk::Open, "after `Mesh`")?;
                    if read_meshes >= self.out.meshes.len() {
                        return Err(self.crash(t.range, format!("this is Mesh {} of a MeshContainer whose `MeshCount` is {}: the loader writes past its mesh list", read_meshes + 1, self.out.meshes.len())));
                    }
                    let name = self.out.containers[container].name.clone();
                    let mesh = &mut self.out.meshes[read_meshes];
                    *mesh = Mesh { container: name, scope: Some(t.range), ..Mesh::default() };
                    self.mesh_cut = Some(read_meshes);
                    self.mesh(read_meshes)?;
                    self.mesh_cut = None;
                    read_meshes += 1;
                }
                _ => self.unknown(t, "MeshContainer"),
            }
        }
        Ok(())
    }

    fn offset_matrices(&mut self) -> R<()> {
        self.expect(Tk::Open, "after `OffsetMatrices`")?;
        let (mut count, mut bone) = (0usize, -1i64);
        let mut row_start: Option<u32> = None;
        loop {
            let t = self.next()?;
            if t.kind == Tk::Close {
                break;
            }
            if t.kind == Tk::Newline {
                if count != 0 && bone != -1 && count != 16 {
                    let range = TextRange::new(row_start.unwrap_or(t.range.start), t.range.start);
                    self.fail(range, format!("this `OffsetMatrices` row has {count} numbers: the loader needs exactly 16 per row (a line of spaces or a comment also counts as a row)"));
                }
                count = 0;
                bone += 1;
                row_start = None;
            }
            if !matches!(t.kind, Tk::Int | Tk::Real) {
                continue;
            }
            row_start.get_or_insert(t.range.start);
            let value = wcstod(self.slice(t)) as f32;
            let Some(b) = usize::try_from(bone).ok().and_then(|b| self.out.bones.get_mut(b)) else {
                let why = if bone < 0 {
                    "a number on the line of `OffsetMatrices {`".to_owned()
                } else {
                    format!("more `OffsetMatrices` rows than `BoneCount` ({})", self.out.bones.len())
                };
                return Err(self.crash(t.range, format!("{why}: the loader writes past its bone list")));
            };
            match count {
                0..16 => b.offset.set(count, value),
                16..32 => b.init.set(count - 16, value),
                _ => {
                    return Err(self.crash(
                        t.range,
                        "more than 32 numbers on one `OffsetMatrices` row overwrite the loader's memory",
                    ));
                }
            }
            let row = TextRange::new(row_start.unwrap_or(t.range.start), t.range.end);
            b.offset_at = Some(row);
            count += 1;
        }
        Ok(())
    }

    fn materials(&mut self, container: usize) -> R<()> {
        self.expect(Tk::Open, "after `Materials`")?;
        let mut position = 0;
        loop {
            let t = self.next()?;
            if t.kind == Tk::Close {
                break;
            }
            match (t.kind, self.slice(t)) {
                (Tk::Id, key::MATERIAL_COUNT) => {
                    let (n, at) = self.int_key(key::MATERIAL_COUNT)?;
                    self.out.materials = self.resize(i64::from(n), key::MATERIAL_COUNT, at.range)?;
                    self.out.containers[container].declares_materials = true;
                }
                (Tk::Id, "Material") => {
                    self.expect(Tk::Open, "after `Material`")?;
                    if position >= self.out.materials {
                        return Err(self.crash(t.range, format!("this is Material {} of a `Materials` list whose `MaterialCount` is {}: the loader writes past its material list", position + 1, self.out.materials)));
                    }
                    self.material()?;
                    position += 1;
                }
                _ => self.unknown(t, "Materials"),
            }
        }
        Ok(())
    }

    fn material(&mut self) -> R<()> {
        loop {
            let t = self.next()?;
            if t.kind == Tk::Close {
                return Ok(());
            }
            match (t.kind, self.slice(t)) {
                (Tk::Id, key @ (key::NAME | key::TEXTURE_FILENAME)) => {
                    self.expect(Tk::Equal, &format!("after `{key}`"))?;
                    let v = self.next()?;
                    self.string(v, &format!("for `{key}`"))?;
                }
                (Tk::Id, key @ (key::DIFFUSE | key::AMBIENT | key::EMISSIVE | key::SPECULAR)) => {
                    self.expect(Tk::Equal, &format!("after `{key}`"))?;
                    let context = format!("in `{key}` (a:r:g:b)");
                    for k in 0..4 {
                        let v = self.next()?;
                        self.real(v, &context)?;
                        if k < 3 {
                            self.expect(Tk::Colon, &context)?;
                        }
                    }
                }
                _ => self.unknown(t, "Material"),
            }
        }
    }

    // --- _ReadMesh ---------------------------------------------------------------------------

    fn mesh(&mut self, m: usize) -> R<()> {
        let mut weights: BTreeMap<usize, Vec<(i32, f32, TextRange)>> = BTreeMap::new();
        loop {
            let t = self.next()?;
            if t.kind == Tk::Close {
                break;
            }
            match (t.kind, self.slice(t)) {
                (Tk::Id, key::NAME) => {
                    self.expect(Tk::Equal, "after `Name`")?;
                    let v = self.next()?;
                    self.out.meshes[m].name = self.string(v, "for the Mesh's `Name`")?;
                }
                (Tk::Id, key::VERTEX_COUNT) => {
                    let (n, at) = self.int_key(key::VERTEX_COUNT)?;
                    if n < 0 || i64::from(n) * 48 > MAX_ALLOC {
                        return Err(self.crash(at.range, format!("`VertexCount={n}` makes the loader allocate a vertex buffer it cannot have (std::bad_alloc)")));
                    }
                    let n = n as usize;
                    self.claim_vertex_buffer(m, n, at.range)?;
                    self.out.meshes[m].vertices = VertexBuffer::zeros(n);
                    // `vectWeight.resize`: the lists of vertices past the new count go.
                    weights.split_off(&n);
                }
                (Tk::Id, key::FACE_COUNT) => {
                    let (n, at) = self.int_key(key::FACE_COUNT)?;
                    self.out.meshes[m].faces = self.resize(i64::from(n) * 3, key::FACE_COUNT, at.range)? / 3;
                }
                (Tk::Id, list @ ("Positions" | "Normals")) => {
                    let what = format!("`{list}`");
                    self.fixed_list(m, &what, 3, |mesh, i, v| {
                        if list == "Positions"
                            && let Some(vertex) = mesh.vertices.get_mut(i)
                        {
                            // `SetVertexPosition` adds a bias of −0.5 to x and y (RenderObject.cpp:1243).
                            vertex.pos = [v[0] + -0.5, v[1] + -0.5, v[2]];
                        }
                    })?;
                }
                (Tk::Id, "TextureUV") => self.fixed_list(m, "`TextureUV`", 2, |_, _, _| {})?,
                (Tk::Id, "BlendList") => {
                    let count = self.out.meshes[m].vertices.len();
                    self.blend_list(&mut weights, count)?;
                }
                (Tk::Id, "VertexIndices") => self.faces(m)?,
                (Tk::Id, "Attributes") => self.attributes(m)?,
                _ => self.unknown(t, "Mesh"),
            }
        }
        // The weights to the vertex buffer: influence k writes index slot k mod 4 (a shift by
        // k × 8 masked to 5 bits); only the first three set a weight.
        let bones = self.out.bones.len();
        for (&v, entries) in &weights {
            for (k, &(bone, w, at)) in entries.iter().enumerate() {
                if bone < 0 || bone as usize >= bones {
                    return Err(self.crash(
                        at,
                        format!("bone {bone} of this `VertexBlend` is past the bone list ({bones} bones)"),
                    ));
                }
                let Some(vertex) = self.out.meshes[m].vertices.get_mut(v) else { continue };
                vertex.index[k % 4] = bone as u8;
                if k <= 2 {
                    vertex.rate[k] = w;
                }
            }
        }
        self.out.meshes[m].influences = weights;
        if self.out.meshes[m].cut.is_some() {
            let rest = self.rest_of_scope();
            if let Some((_, lost)) = &mut self.out.meshes[m].cut {
                *lost = rest;
            }
        }
        Ok(())
    }

    /// The keys and lists that follow in the scope being read, up to its `}` (what a cut loses).
    fn rest_of_scope(&self) -> Vec<String> {
        let mut peek = self.s.clone();
        let mut depth = 0;
        let mut out: Vec<String> = Vec::new();
        let mut last: Option<Token> = None;
        while peek.has_next() {
            let Ok(t) = peek.next_token() else { break };
            match t.kind {
                Tk::Open if depth == 0 => {
                    if let Some(name) = last.filter(|l| l.kind == Tk::Id) {
                        out.push(peek.slice(name).to_owned());
                    }
                    depth += 1;
                }
                Tk::Open => depth += 1,
                Tk::Close if depth == 0 => break,
                Tk::Close => depth -= 1,
                Tk::Equal if depth == 0 => {
                    if let Some(name) = last.filter(|l| l.kind == Tk::Id) {
                        out.push(peek.slice(name).to_owned());
                    }
                }
                _ => {}
            }
            last = Some(t);
        }
        out
    }

    /// `Positions`, `Normals`, `TextureUV`: `{`, a line break, exactly `VertexCount` lines of
    /// `n` numbers separated by `:`, then `}`.
    fn fixed_list(
        &mut self,
        m: usize,
        what: &str,
        n: usize,
        mut keep: impl FnMut(&mut Mesh, usize, [f32; 3]),
    ) -> R<()> {
        self.expect(Tk::Open, &format!("after {what}"))?;
        self.expect(Tk::Newline, &format!("after {what} {{"))?;
        let lines = self.out.meshes[m].vertices.len();
        for i in 0..lines {
            let context =
                format!("on line {} of {what} ({n} numbers separated by `:`, {lines} lines: `VertexCount`)", i + 1);
            let mut v = [0.0f32; 3];
            for (k, slot) in v.iter_mut().enumerate().take(n) {
                let t = self.next()?;
                *slot = self.real(t, &context)?;
                self.expect(if k + 1 < n { Tk::Colon } else { Tk::Newline }, &context)?;
            }
            keep(&mut self.out.meshes[m], i, v);
        }
        let end = self.next()?;
        if end.kind != Tk::Close {
            return Err(self.unexpected(
                end,
                &format!("the `}}` that ends {what} after its {} (`VertexCount`)", lines_of(lines)),
                &format!("in {what}"),
            ));
        }
        Ok(())
    }

    /// `BlendList`, into the weights of a mesh of `count` vertices.
    fn blend_list(&mut self, weights: &mut BTreeMap<usize, Vec<(i32, f32, TextRange)>>, count: usize) -> R<()> {
        self.expect(Tk::Open, "after `BlendList`")?;
        self.expect(Tk::Newline, "after `BlendList {`")?;
        let layout = "in a `BlendPart` (exactly `BoneName`, `TransformIndex` and `VertexBlend`, each on its own line, in this order)";
        loop {
            let t = self.next()?;
            if t.kind == Tk::Close {
                return Ok(());
            }
            if t.kind != Tk::Id || self.slice(t) != "BlendPart" {
                self.unknown(t, "BlendList");
                continue;
            }
            self.expect(Tk::Open, layout)?;
            self.expect(Tk::Newline, layout)?;
            self.expect_word(key::BONE_NAME, layout)?;
            self.expect(Tk::Equal, layout)?;
            let v = self.next()?;
            let name = self.string(v, layout)?;
            self.expect(Tk::Newline, layout)?;
            self.expect_word(key::TRANSFORM_INDEX, layout)?;
            self.expect(Tk::Equal, layout)?;
            let index_token = self.next()?;
            let index = self.integer(index_token, "`TransformIndex`")?;
            self.expect(Tk::Newline, layout)?;
            self.expect_word("VertexBlend", layout)?;
            self.expect(Tk::Open, layout)?;
            let bones = self.out.bones.len();
            let Some(bone) = usize::try_from(index).ok().and_then(|i| self.out.bones.get_mut(i)) else {
                return Err(self.crash(
                    index_token.range,
                    format!(
                        "`TransformIndex={index}` is past the bone list ({bones} bones): the loader reads outside it"
                    ),
                ));
            };
            // The BlendPart's `BoneName` renames the bone.
            bone.name = name;
            loop {
                let e = self.next()?;
                if e.kind == Tk::Close {
                    break;
                }
                if !matches!(e.kind, Tk::Int | Tk::Real) {
                    continue;
                }
                let vertex = self.integer(e, "a `VertexBlend` vertex index")?;
                self.expect(Tk::Comma, "in `VertexBlend` (vertex,weight)")?;
                let w = self.next()?;
                let weight = self.real(w, "in `VertexBlend` (vertex,weight)")?;
                let entry = TextRange::new(e.range.start, w.range.end);
                match usize::try_from(vertex).ok().filter(|&v| v < count) {
                    Some(v) => weights.entry(v).or_default().push((index, weight, entry)),
                    None => {
                        return Err(self.crash(e.range, format!("vertex {vertex} of this `VertexBlend` is past the mesh's {count} vertices (or `BlendList` comes before `VertexCount`): the loader writes outside its list")));
                    }
                }
            }
            self.expect(Tk::Newline, layout)?;
            self.expect(Tk::Close, layout)?;
        }
    }

    fn faces(&mut self, m: usize) -> R<()> {
        self.expect(Tk::Open, "after `VertexIndices`")?;
        self.expect(Tk::Newline, "after `VertexIndices {`")?;
        let faces = self.out.meshes[m].faces;
        for f in 0..faces {
            let context = format!("on line {} of `VertexIndices` (`3,a:b:c`, {faces} lines: `FaceCount`)", f + 1);
            let count_token = self.next()?;
            let corners = self.integer(count_token, "a face's corner count")?;
            if corners != 3 {
                // The loader throws here; reading goes on at the next line.
                let mut end = count_token.range.end;
                loop {
                    let t = self.next()?;
                    if t.kind == Tk::Newline || t.kind == Tk::Close {
                        break;
                    }
                    end = t.range.end;
                }
                let advice = if corners == 4 { ": split it into two triangles" } else { "" };
                self.fail(
                    TextRange::new(count_token.range.start, end),
                    format!("a face of {corners} corners, and the loader reads triangles only{advice}"),
                );
                continue;
            }
            self.expect(Tk::Comma, &context)?;
            for k in 0..3 {
                let t = self.next()?;
                self.integer(t, "a vertex index")?;
                self.expect(if k < 2 { Tk::Colon } else { Tk::Newline }, &context)?;
            }
        }
        let end = self.next()?;
        if end.kind != Tk::Close {
            return Err(self.unexpected(
                end,
                &format!("the `}}` that ends `VertexIndices` after its {} (`FaceCount`)", lines_of(faces)),
                "in `VertexIndices`",
            ));
        }
        Ok(())
    }

    fn attributes(&mut self, m: usize) -> R<()> {
        self.expect(Tk::Open, "after `Attributes`")?;
        self.expect(Tk::Newline, "after `Attributes {`")?;
        let faces = self.out.meshes[m].faces;
        // `attr` starts at −1, which also stands for "no face read yet": a face of material −1
        // leaves it unchosen, and the next face's material is taken (ElfreinaMesh.cpp:431-442).
        let mut chosen: Option<(i32, TextRange)> = None;
        for f in 0..faces {
            let t = self.next()?;
            let material = self.integer(t, "a face's material")?;
            match chosen {
                None | Some((-1, _)) => chosen = Some((material, t.range)),
                Some((first, _)) if first != material => {
                    return Err(self.fail(t.range, format!("face {} uses material {material} and an earlier face of this Mesh material {first}: the loader takes one material per Mesh (split the Mesh)", f + 1)));
                }
                Some(_) => {}
            }
            self.expect(Tk::Newline, &format!("on line {} of `Attributes` ({faces} lines: `FaceCount`)", f + 1))?;
        }
        let materials = self.out.materials;
        match chosen {
            Some((material, _)) if (0..materials as i64).contains(&i64::from(material)) => {
                self.out.meshes[m].material = Some(material as usize);
            }
            Some((-1, at)) => {
                return Err(self.crash(at, "every face of this Mesh has material −1, which leaves the material index at −1: the loader reads before its material list"));
            }
            Some((material, at)) => {
                return Err(self.crash(at, format!("material {material} is past the {materials} materials of the container: the loader reads outside its list")));
            }
            None => {
                let at = self.out.meshes[m].scope.unwrap_or_default();
                return Err(self.crash(at, "`Attributes` with `FaceCount=0` leaves the material index at −1: the loader reads before its material list"));
            }
        }
        let end = self.next()?;
        if end.kind != Tk::Close {
            return Err(self.unexpected(
                end,
                &format!("the `}}` that ends `Attributes` after its {} (`FaceCount`)", lines_of(faces)),
                "in `Attributes`",
            ));
        }
        Ok(())
    }

    // --- _ReadHierarchyList / _ReadNode ----------------------------------------------------------

    fn hierarchy_list(&mut self) -> R<()> {
        for (i, bone) in self.out.bones.iter().enumerate() {
            self.names.insert(bone.name.clone(), i);
        }
        loop {
            let t = self.next()?;
            if t.kind == Tk::Close {
                return Ok(());
            }
            if t.kind == Tk::Id && self.slice(t) == "Node" {
                self.expect(Tk::Open, "after `Node`")?;
                self.expect(Tk::Newline, "after `Node {`")?;
                self.node(-1)?;
            } else {
                self.unknown(t, "HierarchyList");
            }
        }
    }

    /// `mapBoneNameIndex_[name]`: a name that is not a bone's is bone 0 (`std::map::operator[]`
    /// inserts it).
    fn lookup(&mut self, name: &str, at: TextRange, what: &str) -> usize {
        if let Some(&i) = self.names.get(name) {
            return i;
        }
        self.names.insert(name.to_owned(), 0);
        if self.derailed.is_none() {
            let first = self.out.bones.first().map_or_else(String::new, |b| format!(" (`{}`)", b.name));
            let replaces = match what {
                "node" => "its `InitPostureMatrix` and parent replace those of that bone's node",
                _ => "its keys replace that bone's part",
            };
            self.event(
                EventKind::Dropped,
                at,
                format!("makes this {what} act on bone 0{first}: `{name}` is no bone name of the last MeshContainer, and {replaces}"),
            );
        }
        0
    }

    /// `_ReadNode`: a Node scope, and the Node scopes in it, each read by a recursive call in
    /// Danmakufu. The calls are kept on a stack of rigls's own (deep nesting must not overflow
    /// rigls's), and nesting past [`MAX_NODE_DEPTH`] is Danmakufu's stack overflow.
    fn node(&mut self, parent: i32) -> R<i32> {
        // One level of the recursion: its `parent` argument, its `indexBone`, and the tag of its
        // `Node` (none for the outermost, whose caller checks nothing on return).
        struct Level {
            parent: i32,
            index: i32,
            tag: Option<TextRange>,
        }
        let mut levels = vec![Level { parent, index: -1, tag: None }];
        loop {
            let t = self.next()?;
            if t.kind == Tk::Close {
                let done = levels.pop().expect("a level is being read");
                let Some(up) = levels.last() else { return Ok(done.index) };
                // Back in the parent's call: `bone->indexChild_.push_back(indexChild)`.
                if up.index < 0 {
                    return Err(self.crash(
                        done.tag.unwrap_or(t.range),
                        "a child `Node` before its parent's `NodeName`: the loader writes through a NULL bone",
                    ));
                }
                self.out.bones[up.index as usize].children.push(done.index);
                continue;
            }
            let level = levels.last_mut().expect("a level is being read");
            match (t.kind, self.slice(t)) {
                (Tk::Id, key::NODE_NAME) => {
                    self.expect(Tk::Equal, "after `NodeName`")?;
                    let v = self.next()?;
                    let name = self.string(v, "for `NodeName`")?;
                    let bone = self.lookup(&name, v.range, "node");
                    let Some(b) = self.out.bones.get_mut(bone) else {
                        return Err(self.crash(v.range, "a `NodeName` when no bone exists (no `BoneCount` before the `HierarchyList`): the loader reads an empty bone list"));
                    };
                    b.parent = Some(level.parent);
                    b.node = Some(v.range);
                    level.index = bone as i32;
                    self.out.nodes.push(NodeRef { name, bone, at: v.range });
                }
                (Tk::Id, key::INIT_POSTURE_MATRIX) => {
                    self.expect(Tk::Equal, "after `InitPostureMatrix`")?;
                    let context = "in `InitPostureMatrix` (16 numbers separated by `:`)";
                    let mut values = [0.0f32; 16];
                    let mut end = t.range.end;
                    for (k, slot) in values.iter_mut().enumerate() {
                        let v = self.next()?;
                        *slot = self.real(v, context)?;
                        if level.index < 0 {
                            return Err(self.crash(t.range, "`InitPostureMatrix` before the Node's `NodeName`: the loader writes through a NULL bone"));
                        }
                        end = v.range.end;
                        if k < 15 {
                            self.expect(Tk::Colon, context)?;
                        }
                    }
                    self.expect(Tk::Newline, context)?;
                    let b = &mut self.out.bones[level.index as usize];
                    b.init = WrittenMatrix::all(values);
                    b.init_at = Some(TextRange::new(t.range.start, end));
                }
                _ => self.unknown(t, "Node"),
            }
            // A separate test of the current token (which every `tok` refers to).
            if self.s.tok.kind == Tk::Id && self.slice(self.s.tok) == "Node" {
                let tag = self.s.tok.range;
                self.expect(Tk::Open, "after `Node`")?;
                self.expect(Tk::Newline, "after `Node {`")?;
                if levels.len() >= MAX_NODE_DEPTH {
                    return Err(self.crash(tag, format!("this `Node` nests {} levels deep: Danmakufu reads each level in a recursive call (`_ReadNode`), and its 1 MB stack overflows by this depth at the latest (64 bytes a call at least): a stack overflow, which nothing catches", levels.len() + 1)));
                }
                let index = levels.last().expect("a level is being read").index;
                levels.push(Level { parent: index, index: -1, tag: Some(tag) });
            }
        }
    }

    // --- _ReadAnimationList and below -------------------------------------------------------

    fn animation_list(&mut self) -> R<()> {
        loop {
            let t = self.next()?;
            if t.kind == Tk::Close {
                return Ok(());
            }
            match (t.kind, self.slice(t)) {
                (Tk::Id, key::ANIMATION_COUNT) => {
                    self.int_key(key::ANIMATION_COUNT)?;
                }
                (Tk::Id, "AnimationData") => {
                    self.expect(Tk::Open, "after `AnimationData`")?;
                    self.expect(Tk::Newline, "after `AnimationData {`")?;
                    let clip = self.animation_data(t.range)?;
                    self.held.clips += clip.slots as u64 * 12;
                    match self.clips.get(&clip.name).copied() {
                        Some(i) => {
                            self.held.clips -= self.out.animations[i].slots as u64 * 12;
                            let earlier = self.out.animations[i].scope;
                            self.event(
                                EventKind::Dropped,
                                earlier,
                                format!(
                                    "keeps only the last clip named `{}`: this one is replaced by the one on line {}",
                                    clip.name,
                                    self.line_of(clip.scope.start)
                                ),
                            );
                            self.out.animations[i] = clip;
                        }
                        None => {
                            self.clips.insert(clip.name.clone(), self.out.animations.len());
                            self.out.animations.push(clip);
                        }
                    }
                }
                _ => self.unknown(t, "AnimationList"),
            }
        }
    }

    fn animation_data(&mut self, scope: TextRange) -> R<Animation> {
        let slots = self.out.bones.len();
        self.claim(0, slots as u64 * 12, scope, &format!("this `AnimationData` (a slot for each of {slots} bones)"))?;
        let mut clip = Animation { slots, scope, ..Animation::default() };
        loop {
            let t = self.next()?;
            if t.kind == Tk::Close {
                return Ok(clip);
            }
            match (t.kind, self.slice(t)) {
                (Tk::Id, key::ANIMATION_NAME) => {
                    self.expect(Tk::Equal, "after `AnimationName`")?;
                    let v = self.next()?;
                    clip.name = self.string(v, "for `AnimationName`")?;
                }
                (Tk::Id, key::ANIMATION_TIME) => {
                    let (n, at) = self.int_key(key::ANIMATION_TIME)?;
                    clip.time_total = Some(n);
                    clip.time_at = Some(TextRange::new(t.range.start, at.range.end));
                }
                (Tk::Id, key::FRAME_PAR_SECOND) => clip.fps = Some(self.int_key(key::FRAME_PAR_SECOND)?.0),
                (Tk::Id, key @ (key::TRANSITION_TIME | key::PRIORITY)) => {
                    self.expect(Tk::Equal, &format!("after `{key}`"))?;
                }
                (Tk::Id, key::LOOP) => {
                    self.expect(Tk::Equal, "after `Loop`")?;
                    let v = self.next()?;
                    clip.looping = Some(v.kind == Tk::Id && self.slice(v) == "True");
                    clip.looping_at = Some(TextRange::new(t.range.start, v.range.end));
                }
                (Tk::Id, "BoneAnimation") => {
                    self.expect(Tk::Open, "after `BoneAnimation`")?;
                    self.expect(Tk::Newline, "after `BoneAnimation {`")?;
                    self.bone_animation(&mut clip)?;
                }
                (Tk::Id, "UVAnimation") => {
                    self.expect(Tk::Open, "after `UVAnimation`")?;
                    self.expect(Tk::Newline, "after `UVAnimation {`")?;
                    let mut depth = 1;
                    while depth > 0 {
                        match self.next()?.kind {
                            Tk::Open => depth += 1,
                            Tk::Close => depth -= 1,
                            _ => {}
                        }
                    }
                    self.event(EventKind::Dropped, t.range, "ignores UV animation: the texture does not move");
                }
                _ => self.unknown(t, "AnimationData"),
            }
        }
    }

    fn bone_animation(&mut self, clip: &mut Animation) -> R<()> {
        loop {
            let t = self.next()?;
            if t.kind == Tk::Close {
                return Ok(());
            }
            match (t.kind, self.slice(t)) {
                (Tk::Id, "TimeKeys") => {
                    self.expect(Tk::Open, "after `TimeKeys`")?;
                    self.expect(Tk::Newline, "after `TimeKeys {`")?;
                    while self.next()?.kind != Tk::Close {}
                }
                (Tk::Id, "AnimationPart") => {
                    self.expect(Tk::Open, "after `AnimationPart`")?;
                    self.expect(Tk::Newline, "after `AnimationPart {`")?;
                    self.part(clip, t.range)?;
                }
                _ => self.unknown(t, "BoneAnimation"),
            }
        }
    }

    fn part(&mut self, clip: &mut Animation, scope: TextRange) -> R<()> {
        let mut index: Option<usize> = None;
        let mut part = Part { scope, ..Part::default() };
        loop {
            let t = self.next()?;
            if t.kind == Tk::Close {
                break;
            }
            match (t.kind, self.slice(t)) {
                (Tk::Id, key::NODE_NAME) => {
                    self.expect(Tk::Equal, "after `NodeName`")?;
                    let v = self.next()?;
                    part.node_name = self.string(v, "for `NodeName`")?;
                    part.at = v.range;
                    index = Some(self.lookup(&part.node_name.clone(), v.range, "animation part"));
                }
                (Tk::Id, "TimeKeys") => {
                    self.expect(Tk::Open, "after `TimeKeys`")?;
                    self.expect(Tk::Newline, "after `TimeKeys {`")?;
                    loop {
                        let k = self.next()?;
                        if k.kind == Tk::Close {
                            break;
                        }
                        if matches!(k.kind, Tk::Int | Tk::Real) {
                            let split = self.prev.filter(|p| {
                                k.kind == Tk::Int
                                    && self.slice(k).starts_with('+')
                                    && p.kind == Tk::Real
                                    && p.range.end == k.range.start
                                    && self.slice(*p).ends_with(['e', 'E'])
                            });
                            if let Some(p) = split {
                                let whole = TextRange::new(p.range.start, k.range.end);
                                self.event(EventKind::Dropped, whole, format!("reads `{}` as two key times, {} and {} (its tokenizer takes no `+` in an exponent)", whole.slice(self.s.text), wcstod(self.slice(p)), wcstod(self.slice(k))));
                            }
                            part.times.push(wcstod(self.slice(k)) as f32);
                            part.time_ranges.push(k.range);
                        }
                    }
                }
                (Tk::Id, list @ ("TransKeys" | "ScaleKeys" | "RotateKeys")) => {
                    self.expect(Tk::Open, &format!("after `{list}`"))?;
                    self.expect(Tk::Newline, &format!("after `{list} {{`"))?;
                    let n = if list == "RotateKeys" { 4 } else { 3 };
                    let context = format!("in `{list}` ({n} numbers separated by `:` per line)");
                    loop {
                        let k = self.next()?;
                        if k.kind == Tk::Close {
                            break;
                        }
                        if !matches!(k.kind, Tk::Int | Tk::Real) {
                            continue;
                        }
                        let mut v = [0.0f32; 4];
                        v[0] = wcstod(self.slice(k)) as f32;
                        for slot in v.iter_mut().take(n).skip(1) {
                            self.expect(Tk::Colon, &context)?;
                            let t = self.next()?;
                            *slot = self.real(t, &context)?;
                        }
                        match list {
                            "RotateKeys" => part.rotate.push(v),
                            "TransKeys" => part.trans.push([v[0], v[1], v[2]]),
                            _ => part.scale.push([v[0], v[1], v[2]]),
                        }
                        self.expect(Tk::Newline, &context)?;
                    }
                }
                _ => self.unknown(t, "AnimationPart"),
            }
        }
        let Some(index) = index else { return Ok(()) };
        let bones = clip.slots;
        if index >= bones {
            return Err(self.crash(part.at, format!("this part animates bone {index}, but the clip was read when there were {bones} bones (a `BoneCount` after the `AnimationList`): the loader writes past its list")));
        }
        if let Some(earlier) = clip.parts.insert(index, part.clone())
            && self.derailed.is_none()
        {
            let line = self.line_of(part.at.start);
            let what = if earlier.node_name == part.node_name {
                format!("another part of this clip for `{}`", part.node_name)
            } else {
                format!("the part for `{}`, which stands for the same bone", part.node_name)
            };
            self.event(
                EventKind::Dropped,
                earlier.at,
                format!("keeps one part per bone in a clip: this part is replaced by {what} (line {line})"),
            );
        }
        Ok(())
    }
}

/// `1 line`, `3 lines`.
fn lines_of(n: usize) -> String {
    format!("{n} {}", if n == 1 { "line" } else { "lines" })
}

/// A `float` or `double` converted to `int` on x86: truncated, `INT_MIN` for NaN and values out
/// of range.
pub fn trunc_int(x: f64) -> i32 {
    if x.is_nan() || !(-2147483648.0..2147483648.0).contains(&x) {
        return i32::MIN;
    }
    x.trunc() as i32
}
