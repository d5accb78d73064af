//! Mesh, path and surface geometry as the runtime stores it: vertices and UVs in 32-bit floats,
//! weighted vertices moved into each bone's bind space (`slotPose`, then the inverse `bonePose`).

use super::super::data::{GeometryData, Influence, WeightData};
use super::super::geom::{Matrix, to_f32, to_i16};
use super::super::raw::{Raw, at};
use super::{FailureKind, Parser, display_type};
use crate::schema::key;
use crate::syntax::NodeId;

/// What a geometry belongs to, which says how the runtime reads back its place in the
/// `floatArray`, stored in 16 bits (`intArray`, an `Int16Array`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GeometryKind {
    /// The renderers' mesh slots add 65,536 to a negative place, so places past 65,535 wrap to
    /// the array's start, another geometry's floats.
    Mesh,
    /// Surfaces and paths read the place as stored: past 32,767 it is negative and reads
    /// `undefined` (NaN), and past 65,535 it wraps.
    Surface,
    Path,
}

impl GeometryKind {
    /// Where the runtime reads what it stored at `at`; `None`: before the array (NaN).
    pub fn read_at(self, at: usize) -> Option<usize> {
        match self {
            GeometryKind::Mesh => Some(at % 65536),
            GeometryKind::Surface | GeometryKind::Path => usize::try_from(at as u16 as i16).ok(),
        }
    }

    /// The runtime reads what it stored at `at` elsewhere.
    fn moves(self, at: usize) -> bool {
        self.read_at(at) != Some(at)
    }
}

/// Where the runtime's JSON parser puts a geometry's floats: its vertices (then its UVs), and its
/// weighted vertices.
#[derive(Debug)]
pub(crate) struct FloatPlace {
    geometry: usize,
    read: GeometryKind,
    vertices_at: usize,
    weights_at: Option<usize>,
    /// Where its block (counts, triangles, weights) starts in the `intArray`.
    ints_at: usize,
}

/// A geometry the runtime reads otherwise than it stored it, for want of 16 bits.
#[derive(Clone, Debug, PartialEq)]
pub struct WrappedGeometry {
    pub node: NodeId,
    pub kind: GeometryKind,
    pub wrapped: Wrapped,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Wrapped {
    /// Its floats, stored at `stored_at` (its vertices', or, when those fit, its weighted
    /// vertices'), read at `read_at` (`None`: a negative place, NaN).
    Floats { stored_at: usize, read_at: Option<usize> },
    /// A mesh's vertex count, read as `read` (negative: no vertex drawn).
    VertexCount { count: usize, read: i16 },
    /// A deform timeline (at `node`) of a mesh whose block is at `intArray[ints_at]`, past
    /// 65,535: its header keeps the place in 16 bits, and the runtime, matching it against the
    /// slot's meshes' places, applies it to none.
    DeformNeverApplied { ints_at: usize },
}

impl Parser<'_> {
    /// A mesh's, path's or surface's geometry, added to the data; its index. `read`: what it
    /// belongs to, for where the runtime reads its floats (`None`: it does not parse it).
    pub(super) fn geometry(&mut self, node: NodeId, raw_bones: &[Option<usize>], read: Option<GeometryKind>) -> usize {
        if self.binary.is_some() {
            return self.binary_geometry(node, raw_bones);
        }
        let index = self.data.geometries.len();
        let geometry = self.read_geometry(node, raw_bones);
        if let Some(read) = read {
            let vertices_at = self.float_len;
            let vertex_floats = geometry.vertex_count * 2;
            self.float_len += vertex_floats + if geometry.uvs.is_some() { vertex_floats } else { 0 };
            let weights_at = geometry.weight.as_ref().map(|w| {
                let at = self.float_len;
                self.float_len += w.influences.len() * 3;
                at
            });
            let ints_at = self.int_len;
            self.int_len += 4 + geometry.triangles.len();
            if let Some(w) = &geometry.weight {
                // `_parseGeometry`: bone count, float offset, the bones, then per vertex read its
                // count and bones.
                self.int_len += 2 + w.bones.len() + w.vertex_bone_counts.len() + w.influences.len();
            }
            self.float_places.push(FloatPlace { geometry: index, read, vertices_at, weights_at, ints_at });
        }
        if read == Some(GeometryKind::Mesh) && geometry.vertex_count > 32767 {
            self.many_vertices.push(index);
        }
        self.data.geometries.push(geometry);
        index
    }

    /// A mesh of more than 32,767 vertices: the renderers read its vertex count from the
    /// `intArray` (an `Int16Array`), negative (no vertex) or wrapped (the first few).
    fn wrap_vertex_count(&mut self, index: usize) {
        let g = &mut self.data.geometries[index];
        let count = g.vertex_count;
        let read = count as u16 as i16;
        let kept = usize::try_from(read).unwrap_or(0);
        g.vertex_count = kept;
        g.vertices.truncate(kept * 2);
        if let Some(uvs) = &mut g.uvs {
            uvs.truncate(kept * 2);
        }
        if let Some(w) = &mut g.weight {
            w.vertex_bone_counts.truncate(kept);
            let influences = w.vertex_bone_counts.iter().sum();
            w.influences.truncate(influences);
        }
        let wrapped = Wrapped::VertexCount { count, read };
        self.wrapped_geometry.push(WrappedGeometry { node: g.node, kind: GeometryKind::Mesh, wrapped });
    }

    /// Slot deform timelines of meshes whose block starts past `intArray[65535]`: applied to no
    /// display (`AnimationState._updateTimelines` compares the slot's geometries' places with
    /// the one the timeline's header keeps in 16 bits). DragonBonesCPP reads that place into an
    /// `unsigned` without adding 65,536 back (`DeformTimelineState::init`), so there every place
    /// past 32,767 is never matched.
    fn drop_deforms_past_16_bits(&mut self) {
        let reach = if self.read_as.colours_in_int_array { 32767 } else { 65535 };
        if self.int_len <= reach {
            return;
        }
        let ints_at: rigls_text::FastMap<usize, usize> =
            self.float_places.iter().map(|p| (p.geometry, p.ints_at)).collect();
        for armature in &mut self.data.armatures {
            for animation in &mut armature.animations {
                for t in animation.slot_timelines.all_mut() {
                    let Some(at) = t.geometry.and_then(|g| ints_at.get(&g).copied()).filter(|&at| at > reach) else {
                        continue;
                    };
                    t.geometry = None;
                    let wrapped = Wrapped::DeformNeverApplied { ints_at: at };
                    self.wrapped_geometry.push(WrappedGeometry { node: t.node, kind: GeometryKind::Mesh, wrapped });
                }
            }
        }
    }

    /// The `intArray` entries DragonBonesCPP stores for a colour key frame `frame` (read under
    /// `key`, `_parseSlotColorFrame`): 8 when it gives a colour, else 8 the first time, for the
    /// default colour all such key frames share.
    pub(super) fn store_colour_ints(&mut self, frame: NodeId, key: &str) {
        let raw = self.raw;
        let keys = [key::A_M, key::R_M, key::G_M, key::B_M, key::A_O, key::R_O, key::G_O, key::B_O];
        let given = raw.get(frame, key).is_some_and(|c| keys.iter().any(|k| raw.has(c, k)));
        if given || !std::mem::replace(&mut self.default_colour_stored, true) {
            self.int_len += 8;
        }
    }

    /// The runtime's `floatArray` as this parse lays it out (NaN where nothing is written).
    fn float_array(&self) -> Vec<f64> {
        let mut array = vec![f64::NAN; self.float_len];
        for p in &self.float_places {
            let g = &self.data.geometries[p.geometry];
            let uvs = g.uvs.iter().flatten();
            for (slot, &v) in array[p.vertices_at..].iter_mut().zip(g.vertices.iter().chain(uvs)) {
                *slot = v;
            }
            if let (Some(at), Some(w)) = (p.weights_at, &g.weight) {
                let floats = w.influences.iter().flat_map(|i| [i.weight, i.x, i.y]);
                for (slot, v) in array[at..].iter_mut().zip(floats) {
                    *slot = v;
                }
            }
        }
        array
    }

    /// Gives the geometry what the runtime reads of what it stored in 16 bits: vertex counts, and
    /// (when `floats`: a parse of the whole file, or of a file with a [`FloatLayout`]) places in
    /// the `floatArray`.
    pub(super) fn read_as_stored(&mut self, floats: bool) {
        if floats {
            self.wrap_floats();
            // Places from the file's layout are DragonBonesJS's: a reading that stores colours
            // among the geometry is made of a whole file, which counts them.
            if !self.read_as.colours_in_int_array || self.layout.is_none() {
                self.drop_deforms_past_16_bits();
            }
        }
        for index in std::mem::take(&mut self.many_vertices) {
            self.wrap_vertex_count(index);
        }
        // In file order, as a parse armature by armature lists them.
        self.wrapped_geometry.sort_by_key(|w| w.node);
    }

    /// Gives each geometry whose place in the runtime's `floatArray` its 16-bit offsets cannot
    /// reach the floats the runtime reads instead (`_parseGeometry` lays the array out, geometry
    /// after geometry, for the whole file: a parse of some armatures reads where the others' end,
    /// and what a wrapped place reads, from the file's [`FloatLayout`]).
    fn wrap_floats(&mut self) {
        let wraps = |p: &FloatPlace| p.read.moves(p.vertices_at) || p.weights_at.is_some_and(|w| p.read.moves(w));
        if !self.float_places.iter().any(wraps) {
            return;
        }
        let built;
        let array: &[f64] = match self.layout {
            Some(layout) => &layout.head,
            None => {
                built = self.float_array();
                &built
            }
        };
        let read = |at: Option<usize>, i: usize| at.and_then(|at| array.get(at + i)).copied().unwrap_or(f64::NAN);
        for p in self.float_places.iter().filter(|p| wraps(p)) {
            let g = &mut self.data.geometries[p.geometry];
            let vertices_at = p.read.read_at(p.vertices_at);
            let n = g.vertices.len();
            for (i, v) in g.vertices.iter_mut().enumerate() {
                *v = read(vertices_at, i);
            }
            for (i, v) in g.uvs.iter_mut().flatten().enumerate() {
                *v = read(vertices_at, n + i);
            }
            let mut stored_at = p.vertices_at;
            if let (Some(at), Some(w)) = (p.weights_at, &mut g.weight) {
                let weights_at = p.read.read_at(at);
                for (k, i) in w.influences.iter_mut().enumerate() {
                    (i.weight, i.x, i.y) =
                        (read(weights_at, k * 3), read(weights_at, k * 3 + 1), read(weights_at, k * 3 + 2));
                }
                if !p.read.moves(p.vertices_at) {
                    stored_at = at;
                }
            }
            let wrapped = Wrapped::Floats { stored_at, read_at: p.read.read_at(stored_at) };
            self.wrapped_geometry.push(WrappedGeometry { node: g.node, kind: p.read, wrapped });
        }
    }

    fn read_geometry(&mut self, node: NodeId, raw_bones: &[Option<usize>]) -> GeometryData {
        let raw = self.raw;
        let mut g = GeometryData { node, ..Default::default() };
        let Some(vertices) = raw.numbers_at(node, key::VERTICES) else {
            self.fail(node, FailureKind::NoVertices);
            return g;
        };
        let vertex_count = vertices.len() / 2;
        g.vertex_count = vertex_count;
        g.vertices = vertices[..vertex_count * 2].iter().map(|&v| to_f32(v)).collect();
        if let Some(triangles) = raw.numbers_at(node, key::TRIANGLES) {
            let count = triangles.len() / 3;
            g.triangles = triangles[..count * 3].iter().map(|&t| to_i16(t) as i32).collect();
        }
        if let Some(uvs) = raw.numbers_at(node, key::UVS) {
            g.uvs = Some((0..vertex_count * 2).map(|i| to_f32(at(&uvs, i))).collect());
        }
        let Some(weights) = raw.numbers_at(node, key::WEIGHTS) else { return g };
        let weight_count = (weights.len() as f64 - vertex_count as f64).floor() / 2.0;
        if weight_count < 0.0 || weight_count.fract() != 0.0 {
            self.fail(node, FailureKind::BadWeights);
            return g;
        }
        let mut weight = WeightData { count: weight_count as usize, ..Default::default() };
        let bone_at = |raw_index: f64| -> Option<usize> {
            if raw_index < 0.0 || raw_index.fract() != 0.0 {
                return None;
            }
            raw_bones.get(raw_index as usize).copied().flatten()
        };
        if let Some(bone_pose) = raw.numbers_at(node, key::BONE_POSE) {
            let Some(slot_pose) = raw.numbers_at(node, key::SLOT_POSE) else {
                self.fail(node, FailureKind::WeightsWithoutPose);
                return g;
            };
            let slot_matrix = Matrix::from_slice(&slot_pose);
            // The C++ runtime and its C# port compute this in `float`s; the C++ one (the
            // rapidjson reading) with its own inverse.
            let floats = self.read_as.float_values;
            // Each bone's pose inverted once, not once for each vertex it weighs.
            let inverses = super::deform::inverses(&bone_pose, self.inverts_as_cpp());
            let pose_bones = bone_pose.len() / 7;
            let raw_indices: Vec<f64> = (0..pose_bones).map(|i| bone_pose[i * 7]).collect();
            for &r in &raw_indices {
                let bone = bone_at(r);
                if bone.is_none() {
                    self.fail(node, FailureKind::PoseBoneOutOfRange);
                }
                weight.bones.push(bone);
            }
            let mut iw = 0usize;
            let mut missing = false;
            for i in 0..vertex_count {
                let count = at(&weights, iw);
                iw += 1;
                let count = influence_count(count, weights.len().saturating_sub(iw));
                if count.is_none() {
                    self.fail(node, FailureKind::BadWeights);
                    return g;
                }
                let count = count.unwrap_or(0);
                weight.vertex_bone_counts.push(count);
                // The vertices as read, not as stored: DragonBonesJS parses into a plain array it
                // makes a `Float32Array` at the end (the C++ runtime's are floats already, and
                // so are the numbers its reading gives).
                let (x, y) = if floats {
                    slot_matrix.transform_point_f32(vertices[i * 2], vertices[i * 2 + 1], false)
                } else {
                    slot_matrix.transform_point(vertices[i * 2], vertices[i * 2 + 1])
                };
                for _ in 0..count {
                    let raw_bone = at(&weights, iw);
                    let w = at(&weights, iw + 1);
                    iw += 2;
                    let bone = raw_indices.iter().position(|&r| r == raw_bone);
                    missing |= bone.is_none();
                    let (bx, by) = match bone.map(|b| &inverses[b]) {
                        Some(m) if floats => m.transform_point_f32(x, y, false),
                        Some(m) => m.transform_point(x, y),
                        None => (f64::NAN, f64::NAN),
                    };
                    weight.influences.push(Influence { bone, weight: to_f32(w), x: to_f32(bx), y: to_f32(by) });
                }
            }
            if missing {
                self.fail(node, FailureKind::WeightBoneNotInPose);
            }
        } else if let Some(bones) = raw.numbers_at(node, key::BONES) {
            for &r in &bones {
                let bone = bone_at(r);
                if bone.is_none() {
                    self.fail(node, FailureKind::PoseBoneOutOfRange);
                }
                weight.bones.push(bone);
            }
            // Here `vertices` holds one point per influence, in the bone's space.
            let (mut iw, mut iv) = (0usize, 0usize);
            for _ in 0..weight.count {
                let count = at(&weights, iw);
                iw += 1;
                let Some(count) = influence_count(count, weights.len().saturating_sub(iw)) else {
                    self.fail(node, FailureKind::BadWeights);
                    return g;
                };
                weight.vertex_bone_counts.push(count);
                for _ in 0..count {
                    let raw_bone = at(&weights, iw);
                    let w = at(&weights, iw + 1);
                    iw += 2;
                    let bone = bones.iter().position(|&b| b == raw_bone);
                    let (x, y) = (at(&vertices, iv), at(&vertices, iv + 1));
                    iv += 2;
                    weight.influences.push(Influence { bone, weight: to_f32(w), x: to_f32(x), y: to_f32(y) });
                }
            }
        } else {
            self.fail(node, FailureKind::WeightsWithoutPose);
            return g;
        }
        g.weight = Some(weight);
        g
    }
}

/// A vertex's influence count, when the weights hold that many (bone, weight) pairs: more would
/// make the runtime read past the list (or count for ever).
fn influence_count(count: f64, remaining: usize) -> Option<usize> {
    if !count.is_finite() || count <= 0.0 {
        return Some(0);
    }
    (count <= (remaining / 2) as f64).then_some(count as usize)
}

/// Where the runtime's JSON parser puts each armature's geometry in its `floatArray`, for a file
/// whose geometry may pass the array's 16-bit references: what a parse of some of its armatures
/// needs to read their geometry as the runtime does ([`Parser::read_as_stored`]).
#[derive(Debug)]
pub struct FloatLayout {
    /// Each element of the root's `armature` list, in file order, and the lengths of the
    /// `floatArray` and the `intArray` before it.
    starts: Vec<(NodeId, usize, usize)>,
    /// The floats the runtime stores first: all a wrapped place (below 65,536) can read. Shared
    /// with the next version's layout when the armatures it comes from are unchanged.
    head: std::sync::Arc<[f64]>,
    /// How many armatures the head is read from, how far it reaches, and a hash of it.
    within: usize,
    reach: usize,
    head_hash: u64,
    /// A hash of the places and the head: two versions of a file with equal signatures read
    /// their geometry alike.
    pub signature: u64,
}

impl FloatLayout {
    pub(super) fn start(&self, element: NodeId) -> Option<(usize, usize)> {
        let at = self.starts.binary_search_by_key(&element, |&(node, ..)| node).ok()?;
        Some((self.starts[at].1, self.starts[at].2))
    }
}

/// How much of the runtime's `floatArray` and `intArray` one armature's geometry takes, counted
/// from the arrays' lengths without reading a number ([`geometry_size`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GeometrySize {
    floats: usize,
    pub ints: usize,
    /// The most floats one of its geometries' vertices, or weights, take.
    largest: usize,
    /// It has a surface or a path, whose places are read signed.
    signed: bool,
}

/// The geometry of the armature `armature` (an element of the root's `armature` list) as the
/// runtime's `_parseGeometry` stores it: surface bones first, then every skin's meshes (not
/// shared ones) and paths.
pub fn geometry_size(raw: Raw<'_>, armature: NodeId) -> GeometrySize {
    let tree = raw.tree;
    let mut size = GeometrySize::default();
    let objects = |node: NodeId, key: &str| raw.array(node, key).into_iter().flat_map(|a| raw.elements(a));
    let mut count = |node: NodeId, signed: bool| {
        let len = |key: &str| raw.array(node, key).map_or(0, |a| tree.len(a));
        let vertex_floats = len(key::VERTICES) / 2 * 2;
        let uvs = if raw.array(node, key::UVS).is_some() { vertex_floats } else { 0 };
        let influences = len(key::WEIGHTS).saturating_sub(vertex_floats / 2) / 2;
        size.largest = size.largest.max(vertex_floats + uvs).max(influences * 3);
        size.floats += vertex_floats + uvs + influences * 3;
        size.ints += 4 + len(key::TRIANGLES) / 3 * 3;
        size.signed |= signed;
        if raw.array(node, key::WEIGHTS).is_some() {
            let bones = if raw.has(node, key::BONE_POSE) { len(key::BONE_POSE) / 7 } else { len(key::BONES) };
            size.ints += 2 + bones + vertex_floats / 2 + influences;
        }
    };
    for bone in objects(armature, key::BONE) {
        if is_surface(raw, bone) {
            count(bone, true);
        }
    }
    let displays =
        objects(armature, key::SKIN).flat_map(|s| objects(s, key::SLOT)).flat_map(|s| objects(s, key::DISPLAY));
    for display in displays {
        let ty = display_type(raw, display);
        if (ty == 2.0 && !raw.has(display, key::SHARE)) || ty == 4.0 {
            count(display, ty == 4.0);
        }
    }
    size
}

/// The layout of the runtime's `floatArray` for the root's `armature` list `elements`; `None`
/// when no geometry can pass its 16-bit references (most files). The places are counted from
/// the arrays' lengths, without reading a number; the floats a wrapped place reads, from a parse
/// of the first armatures' geometry.
pub fn float_layout(raw: Raw<'_>, root: NodeId, elements: &[NodeId]) -> Option<FloatLayout> {
    let sizes: Vec<GeometrySize> = elements.iter().map(|&e| geometry_size(raw, e)).collect();
    float_layout_of(raw, root, elements, &sizes, None)
}

/// [`float_layout`] from each armature's [`geometry_size`]. `kept`: the layout of a previous
/// version of the file (whose root reads as this one's), and whether its armature at an index is
/// this version's at that index, unchanged; the head is taken from it when it is read from those
/// armatures alone (an edit past the first armatures reads no geometry again).
pub fn float_layout_of(
    raw: Raw<'_>,
    root: NodeId,
    elements: &[NodeId],
    sizes: &[GeometrySize],
    kept: Option<(&FloatLayout, &dyn Fn(usize) -> bool)>,
) -> Option<FloatLayout> {
    let (mut floats, mut ints, mut signed, mut largest) = (0usize, 0usize, false, 0usize);
    let mut starts = Vec::with_capacity(elements.len());
    for (&armature, size) in elements.iter().zip(sizes) {
        starts.push((armature, floats, ints));
        floats += size.floats;
        ints += size.ints;
        signed |= size.signed;
        largest = largest.max(size.largest);
    }
    if floats <= 65536 && !(signed && floats > 32768) && ints <= 65536 {
        return None;
    }
    // The head: the geometry of the armatures that start within it, or close enough for a
    // geometry read there to reach into them.
    let reach = 65536 + largest;
    let within = starts.iter().take_while(|&&(_, start, _)| start < reach).count();
    let kept = kept.filter(|(old, same)| old.within == within && old.reach == reach && (0..within).all(same));
    let (head, head_hash) = match kept {
        Some((old, _)) => (old.head.clone(), old.head_hash),
        None => {
            let mut parser = Parser::new(raw, root, super::DeformValues::Kept, crate::target::Eval::DEFAULT).ok()?;
            parser.animations = false;
            parser.armatures(&elements[..within]);
            let mut head = parser.float_array();
            head.truncate(reach);
            let mut hasher = std::hash::DefaultHasher::new();
            head.iter().for_each(|v| std::hash::Hash::hash(&v.to_bits(), &mut hasher));
            (head.into(), std::hash::Hasher::finish(&hasher))
        }
    };
    let mut hasher = std::hash::DefaultHasher::new();
    let places: Vec<(usize, usize)> = starts.iter().map(|&(_, f, i)| (f, i)).collect();
    std::hash::Hash::hash(&places, &mut hasher);
    std::hash::Hash::hash(&head_hash, &mut hasher);
    let signature = std::hash::Hasher::finish(&hasher);
    Some(FloatLayout { starts, head, within, reach, head_hash, signature })
}

/// A bone the runtime reads as a surface (`type` "surface", any case, or 1).
pub fn is_surface(raw: Raw<'_>, bone: NodeId) -> bool {
    match raw.get(bone, key::TYPE) {
        Some(t) if raw.kind(t) == crate::syntax::NodeKind::String => {
            raw.to_js_string(t).eq_ignore_ascii_case("surface")
        }
        _ => raw.number(bone, key::TYPE, 0.0) == 1.0,
    }
}
