//! Large buffers kept from one version of a document to the next.
//!
//! Each version of a large document needs a text and a syntax tree as large as the last one's.
//! Allocated anew, they are fresh pages the kernel faults in and zeroes: on a 10 MB skeleton,
//! 20 of an edit's 54 ms went to the text's copy and the tree's splice, which take 2–3 ms in
//! memory already touched (BENCHMARKS.md, issue 31). So the last version's buffers, once it is
//! dropped, wait here for the next one; the server gives them back when it is idle
//! ([`Spare::release`]), as it does the allocator's free pages.
//!
//! One buffer per kind, only large ones: a spare is a cache, never needed for correctness.

use std::sync::Mutex;

/// Buffers smaller than this are not kept: fresh small allocations are cheap.
pub const KEEP_FROM: usize = 1 << 20;

/// A growable buffer whose contents can be cleared and whose memory can be reused.
pub trait Buffer: Default {
    /// Bytes per element.
    const ELEMENT: usize;
    /// Bytes of memory the buffer holds.
    fn bytes(&self) -> usize;
    /// Empties it, keeping its memory, with room for `elements`.
    fn reset_for(&mut self, elements: usize);
}

impl Buffer for String {
    const ELEMENT: usize = 1;

    fn bytes(&self) -> usize {
        self.capacity()
    }

    fn reset_for(&mut self, elements: usize) {
        self.clear();
        self.reserve_exact(elements);
    }
}

impl<T> Buffer for Vec<T> {
    const ELEMENT: usize = size_of::<T>();

    fn bytes(&self) -> usize {
        self.capacity() * size_of::<T>()
    }

    fn reset_for(&mut self, elements: usize) {
        self.clear();
        self.reserve_exact(elements);
    }
}

/// At most one spare buffer of one kind.
pub struct Spare<B> {
    slot: Mutex<Option<B>>,
}

impl<B: Buffer> Spare<B> {
    pub const fn new() -> Spare<B> {
        Spare { slot: Mutex::new(None) }
    }

    /// An empty buffer with room for `elements`: the spare when it is no more than twice that
    /// large, else a new one.
    pub fn take(&self, elements: usize) -> B {
        let spare = self.slot.lock().unwrap_or_else(|e| e.into_inner()).take();
        let mut buffer = match spare {
            Some(b) if b.bytes() <= elements.saturating_mul(B::ELEMENT).max(KEEP_FROM).saturating_mul(2) => b,
            _ => B::default(),
        };
        buffer.reset_for(elements);
        buffer
    }

    /// Keeps `buffer` as the spare when it is large (and larger than the one kept).
    pub fn give(&self, buffer: B) {
        if buffer.bytes() < KEEP_FROM {
            return;
        }
        let mut slot = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        if slot.as_ref().is_none_or(|kept| kept.bytes() < buffer.bytes()) {
            *slot = Some(buffer);
        }
    }

    /// Frees the spare.
    pub fn release(&self) {
        let spare = self.slot.lock().unwrap_or_else(|e| e.into_inner()).take();
        drop(spare);
    }

    /// Bytes the spare holds (0 without one).
    pub fn held(&self) -> usize {
        self.slot.lock().unwrap_or_else(|e| e.into_inner()).as_ref().map_or(0, B::bytes)
    }
}

impl<B: Buffer> Default for Spare<B> {
    fn default() -> Spare<B> {
        Spare::new()
    }
}

/// The texts of versions of documents.
pub static TEXTS: Spare<String> = Spare::new();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_buffer_given_back_is_taken_again_with_its_memory() {
        let spare: Spare<String> = Spare::new();
        let mut text = String::with_capacity(KEEP_FROM + 10);
        text.push_str("old contents");
        let at = text.as_ptr();
        spare.give(text);
        assert_eq!(spare.held(), KEEP_FROM + 10);
        let again = spare.take(KEEP_FROM);
        assert_eq!((again.as_ptr(), again.len()), (at, 0), "the same memory, emptied");
        assert_eq!(spare.held(), 0);
    }

    #[test]
    fn small_or_much_larger_buffers_are_not_reused() {
        let spare: Spare<Vec<u64>> = Spare::new();
        spare.give(Vec::with_capacity(16));
        assert_eq!(spare.held(), 0, "small: not kept");
        spare.give(Vec::with_capacity(KEEP_FROM));
        assert_eq!(spare.held(), KEEP_FROM * 8);
        // A hundred elements do not take 8 MB.
        let small = spare.take(100);
        assert!(small.capacity() < 1000, "{}", small.capacity());
        assert_eq!(spare.held(), 0, "the oversized spare is dropped, not kept");
    }

    #[test]
    fn a_taken_buffer_has_room_for_what_is_asked() {
        let spare: Spare<Vec<u32>> = Spare::new();
        spare.give(Vec::with_capacity(KEEP_FROM));
        let grown = spare.take(KEEP_FROM + 5);
        assert!(grown.capacity() >= KEEP_FROM + 5);
        spare.release();
        assert_eq!(spare.held(), 0);
    }
}
