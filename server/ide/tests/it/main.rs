//! The integration tests of rigls-ide: every feature and every rule of both formats through one
//! analysed version (`Analysis`), on the fixtures of `server/tests/fixtures`.

mod docs_formats;
mod dragonbones_binary;
mod dragonbones_bones_only;
mod dragonbones_corpus;
mod dragonbones_deform_left_out;
mod dragonbones_eval;
mod dragonbones_eval_props;
mod dragonbones_model;
mod dragonbones_names;
mod dragonbones_proptest;
mod dragonbones_reading;
mod dragonbones_rules;
mod dragonbones_runtime_failures;
mod dragonbones_runtime_poses;
mod dragonbones_schema;
mod dragonbones_syntax;
mod dragonbones_upgrade;
mod elem_eval;
mod elem_eval_props;
mod elem_harness;
mod elem_non_finite;
mod elem_props;
mod elem_recovery;
mod elem_rules;
mod elem_valid;
mod grammar_lists;
mod ide_dragonbones;
mod ide_elem;
mod ide_scene;
mod ide_support;
mod incremental;
mod quick_fixes;
mod schema_keys;
mod severity_agreement;
