//! What rigls's tests and benchmarks share: the fixture harness (`$0` cursors, diagnostics as
//! annotation lines) and generators of large valid inputs.

pub mod fixture;
pub mod generate;

use std::path::Path;

/// The `server/` directory: where `tests/fixtures` and `tests/data` are, whichever crate's tests
/// ask.
pub fn server_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("test-support lies in server/")
}
