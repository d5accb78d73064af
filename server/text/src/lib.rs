//! Format-neutral text utilities: byte ranges, the line index and where two versions differ.

pub mod cancel;
pub mod json_string;
pub mod lexing;
pub mod parallel;
pub mod spare;

mod change;
mod line_index;
mod range;

pub use change::TextChange;
pub use line_index::{BOM, LineCol, LineIndex, PositionEncoding};
pub use range::{TextRange, to_u32};

/// A hash map for keys read from the files rigls checks (names): foldhash rather than the
/// standard library's SipHash, whose defence against chosen keys a linter does not need and
/// which was 7 % of a real skeleton's check (issue 31).
pub type FastMap<K, V> = std::collections::HashMap<K, V, FastHasher>;

/// A hash set of the same keys, with the same hasher.
pub type FastSet<K> = std::collections::HashSet<K, FastHasher>;

/// The hasher of [`FastMap`], for tables of our own names built another way.
pub type FastHasher = foldhash::fast::FixedState;

#[cfg(test)]
mod tests;
