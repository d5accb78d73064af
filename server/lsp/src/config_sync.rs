//! Editor settings: from `initializationOptions`, `workspace/didChangeConfiguration`, and pulled
//! with `workspace/configuration` (section `rigls`) when the client supports it.

use std::sync::Arc;

use serde_json::Value;
use tower_lsp_server::ls_types::{
    ConfigurationItem, DidChangeWatchedFilesRegistrationOptions, FileSystemWatcher, GlobPattern, Registration,
};

use super::state::State;
use rigls_diagnostic::config;

impl State {
    /// Takes settings the client sent (`{"rigls": {"severity": …, "targets": […]}}`, or the same
    /// without the wrapper). Values that carry none of these (null, other tools' settings) leave
    /// the current settings alone. Returns whether the settings changed.
    pub fn take_settings(&self, settings: &Value) -> bool {
        let ours = settings.get("rigls").is_some_and(Value::is_object)
            || settings.get("severity").is_some()
            || settings.get("targets").is_some();
        if !ours {
            return false;
        }
        let (taken, problems) = config::from_editor_settings(settings);
        self.show_problems(problems.into_iter().map(|p| format!("settings: {p}")).collect());
        let mut current = self.editor_settings.lock().unwrap_or_else(|e| e.into_inner());
        let changed = *current != taken;
        *current = taken;
        changed
    }

    /// Asks the client for section `rigls`; returns whether the settings changed.
    pub async fn pull_settings(&self) -> bool {
        if !self.caps().configuration {
            return false;
        }
        let item = ConfigurationItem { scope_uri: None, section: Some("rigls".to_owned()) };
        match self.client.configuration(vec![item]).await {
            // The section's content is `{"severity": …}`; null means the client has none to give.
            Ok(values) => values.first().is_some_and(|v| v.is_object() && self.take_settings(&wrap(v))),
            Err(_) => false,
        }
    }

    /// After `initialized`: register for configuration and file-change notifications (and
    /// formatting, for `.elem` documents), pull the settings, and recompute diagnostics if they
    /// changed.
    pub async fn after_initialized(self: Arc<Self>) {
        let mut registrations = Vec::new();
        if self.caps().register_configuration {
            registrations.push(Registration {
                id: "rigls/configuration".to_owned(),
                method: "workspace/didChangeConfiguration".to_owned(),
                register_options: None,
            });
        }
        if self.caps().register_file_watchers {
            // Rules read files beside the document (atlases, textures) and `rigls.toml`.
            let options = DidChangeWatchedFilesRegistrationOptions {
                watchers: vec![FileSystemWatcher { glob_pattern: GlobPattern::String("**/*".to_owned()), kind: None }],
            };
            registrations.push(Registration {
                id: "rigls/watched-files".to_owned(),
                method: "workspace/didChangeWatchedFiles".to_owned(),
                register_options: serde_json::to_value(options).ok(),
            });
        }
        if self.caps().register_formatting {
            let options = serde_json::to_value(super::capabilities::formatted_documents()).ok();
            for (id, method) in [
                ("rigls/formatting", "textDocument/formatting"),
                ("rigls/range-formatting", "textDocument/rangeFormatting"),
            ] {
                registrations.push(Registration {
                    id: id.to_owned(),
                    method: method.to_owned(),
                    register_options: options.clone(),
                });
            }
        }
        if !registrations.is_empty() {
            let _ = self.client.register_capability(registrations).await;
        }
        if self.pull_settings().await {
            self.settings_changed();
        }
    }

    /// `workspace/didChangeConfiguration`: take pushed settings, pull if supported, then recompute.
    pub async fn configuration_changed(self: Arc<Self>, settings: Value) {
        let pushed = self.take_settings(&settings);
        let pulled = self.pull_settings().await;
        if pushed || pulled {
            self.settings_changed();
        }
    }
}

/// A pulled section as the settings object it is part of.
fn wrap(section: &Value) -> Value {
    serde_json::json!({ "rigls": section })
}
