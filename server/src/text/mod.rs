//! Format-neutral text utilities: byte ranges and the line index.

mod line_index;
mod range;

pub use line_index::{BOM, LineCol, LineIndex, PositionEncoding};
pub use range::{TextRange, to_u32};

#[cfg(test)]
mod tests;
