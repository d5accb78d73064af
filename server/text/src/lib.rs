//! Format-neutral text utilities: byte ranges, the line index and where two versions differ.

pub mod cancel;
pub mod json_string;
pub mod lexing;
pub mod parallel;

mod change;
mod line_index;
mod range;

pub use change::TextChange;
pub use line_index::{BOM, LineCol, LineIndex, PositionEncoding};
pub use range::{TextRange, to_u32};

#[cfg(test)]
mod tests;
