//! Format-neutral features over one analysed document. Everything here speaks byte offsets and
//! plain data; the `lsp` and `cli` layers translate.

mod analysis;

pub use analysis::{Analysis, FileKind, detect};
