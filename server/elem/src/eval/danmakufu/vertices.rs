//! A mesh's vertex buffer as the loader fills it: `VertexCount` vertices, zeroed when made
//! (`RenderObject::SetVertexCount`), then written by `Positions` lines and `VertexBlend` weights.
//! Only the vertices the text writes are kept: Danmakufu allocates 48 bytes a vertex, but a
//! count written in a few bytes must not cost rigls its memory (`VertexCount=5500000` in each of
//! 20 empty Mesh scopes took 5.6 GB and 9 s).

use std::collections::BTreeMap;

use super::loader::Vertex;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct VertexBuffer {
    count: usize,
    /// Vertices `0..dense.len()`: those `Positions` writes, line by line.
    dense: Vec<Vertex>,
    /// Written vertices past `dense` (weights of vertices `Positions` did not reach), by index.
    sparse: BTreeMap<usize, Vertex>,
}

impl VertexBuffer {
    /// `count` zero vertices (at the origin, no palette index, no weight).
    pub fn zeros(count: usize) -> VertexBuffer {
        VertexBuffer { count, ..VertexBuffer::default() }
    }

    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Vertex `i` to write (`None` past the buffer).
    pub fn get_mut(&mut self, i: usize) -> Option<&mut Vertex> {
        if i >= self.count {
            return None;
        }
        if i == self.dense.len() {
            let vertex = self.sparse.remove(&i).unwrap_or_default();
            self.dense.push(vertex);
        }
        match self.dense.get_mut(i) {
            Some(vertex) => Some(vertex),
            None => Some(self.sparse.entry(i).or_default()),
        }
    }

    /// Every vertex, in order.
    pub fn iter(&self) -> impl Iterator<Item = Vertex> + '_ {
        let rest = self.dense.len()..self.count;
        self.dense.iter().copied().chain(rest.map(|i| self.sparse.get(&i).copied().unwrap_or_default()))
    }

    /// Each vertex that differs from the others it stands for: the written ones, and a zero
    /// vertex when some are not written. (What holds for these holds for every vertex.)
    pub fn kinds(&self) -> impl Iterator<Item = Vertex> + '_ {
        let written = self.dense.len() + self.sparse.len();
        let zero = (written < self.count).then(Vertex::default);
        self.dense.iter().chain(self.sparse.values()).copied().chain(zero)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: f32) -> Vertex {
        Vertex { pos: [x, 0.0, 0.0], ..Vertex::default() }
    }

    #[test]
    fn writes_in_any_order_read_back_in_order() {
        let mut buffer = VertexBuffer::zeros(6);
        *buffer.get_mut(4).unwrap() = at(4.0);
        *buffer.get_mut(0).unwrap() = at(0.0);
        *buffer.get_mut(1).unwrap() = at(1.0);
        *buffer.get_mut(2).unwrap() = at(2.0);
        // Index 2 is pushed onto the dense part; index 4 stays apart until reached.
        buffer.get_mut(4).unwrap().rate[0] = 0.5;
        assert!(buffer.get_mut(6).is_none());
        let xs: Vec<(f32, f32)> = buffer.iter().map(|v| (v.pos[0], v.rate[0])).collect();
        assert_eq!(xs, [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (0.0, 0.0), (4.0, 0.5), (0.0, 0.0)]);
        assert_eq!(buffer.kinds().count(), 5);
        *buffer.get_mut(3).unwrap() = at(3.0);
        *buffer.get_mut(5).unwrap() = at(5.0);
        // Reached in order, index 4 moved to the dense part with its weight.
        let xs: Vec<(f32, f32)> = buffer.iter().map(|v| (v.pos[0], v.rate[0])).collect();
        assert_eq!(xs, [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.5), (5.0, 0.0)]);
        assert_eq!(buffer.kinds().count(), 6);
    }

    #[test]
    fn a_large_count_keeps_only_what_is_written() {
        let mut buffer = VertexBuffer::zeros(1 << 40);
        *buffer.get_mut((1 << 40) - 1).unwrap() = at(7.0);
        assert_eq!(buffer.len(), 1 << 40);
        assert_eq!(buffer.kinds().map(|v| v.pos[0]).collect::<Vec<_>>(), [7.0, 0.0]);
        assert_eq!(buffer.iter().next(), Some(Vertex::default()));
    }
}
