//! The integration tests of the `rigls` binary: the command line, the language server over stdio,
//! and checks of the repository (README, editor configurations, layers).

#[path = "../../lsp/tests/it/lsp_support/mod.rs"]
mod lsp_support;

mod cli_convert;
mod cli_fix;
mod cli_inputs;
mod cli_parallel;
mod cli_pose_dragonbones;
mod cli_pose_elem;
mod cli_preview;
mod cli_render;
mod cli_report;
mod cli_rules;
mod cli_support;
mod cli_targets;
mod cli_upgrade;
mod config_check;
mod dragonbones_cli;
mod editor_settings;
mod fuzz_regressions;
mod generated_inputs;
mod helix_config;
mod layers;
mod lsp_stdio;
mod lsp_stress;
mod readme_prerequisites;
mod run_all;
