//! rigls: a language server and linter for rigged-model and skeletal-animation files.
//!
//! Layers, each importing only those before it (`tests/layers.rs` checks):
//! `text` → `lexing` → `elem`, `dragonbones` (syntax, model, eval, rules) → `ide` → `lsp` and `cli`.
//! `diagnostic`, `suggest`, `env`, `config` and `cancel` are shared by every layer.

pub mod cancel;
pub mod cli;
pub mod config;
pub mod diagnostic;
pub mod dragonbones;
pub mod elem;
pub mod env;
pub mod ide;
pub mod lexing;
pub mod lsp;
pub mod suggest;
pub mod text;
