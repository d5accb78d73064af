//! Diagnostics as the user configured them, pushed (`publishDiagnostics`) or pulled
//! (`textDocument/diagnostic`).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::Arc;

use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types::{self as lsp, MessageType, Uri};

use super::convert::{self, Converter};
use super::scheduler::AnalysisTask;
use super::state::{State, panic_message};
use rigls_diagnostic::config::{self, SeverityTable};
use rigls_ide::{Analysis, FileKind};

/// The analysis's diagnostics with `rigls.toml` and editor severities applied, each carrying its
/// index for code actions; plus problems found in the settings.
pub fn configured(
    analysis: &Analysis,
    conv: &Converter<'_>,
    editor: &SeverityTable,
) -> (Vec<lsp::Diagnostic>, Vec<String>) {
    configured_list(&analysis.diagnostics, conv, editor)
}

/// The diagnostics of an analysis's first step ([`rigls_ide::FirstStep`]) as [`configured`] makes
/// them, but without `data`: their indices are not the analysis's, so a code action finds the
/// diagnostic a client sends back from them by its range, code and message.
pub fn first_step(
    diagnostics: &[rigls_diagnostic::Diagnostic],
    conv: &Converter<'_>,
    editor: &SeverityTable,
) -> Vec<lsp::Diagnostic> {
    let (mut items, _) = configured_list(diagnostics, conv, editor);
    for item in &mut items {
        item.data = None;
    }
    items
}

fn configured_list(
    diagnostics: &[rigls_diagnostic::Diagnostic],
    conv: &Converter<'_>,
    editor: &SeverityTable,
) -> (Vec<lsp::Diagnostic>, Vec<String>) {
    let (file_table, problems) = match conv.path.and_then(Path::parent).map(|dir| config::load(dir, conv.fs())) {
        Some(Ok(Some(file))) => {
            let path = file.path.display().to_string();
            (file.severity, file.warnings.into_iter().map(|w| format!("{path}: {w}")).collect())
        }
        Some(Err(error)) => (SeverityTable::default(), vec![error.to_string()]),
        Some(Ok(None)) | None => (SeverityTable::default(), Vec::new()),
    };
    let table = file_table.overridden_by(editor);
    let items = diagnostics
        .iter()
        .enumerate()
        .filter_map(|(index, d)| table.adjust(d.clone()).map(|d| convert::diagnostic(conv, &d, index)))
        .collect();
    (items, problems)
}

/// What was last published of a document: the diagnostics of an analysis task's first step, or
/// all of them (ordered so: a task's first step before its whole, every task after older ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Published {
    pub serial: u64,
    pub complete: bool,
}

impl State {
    /// The configured diagnostics of a task's analysis, computed off the async runtime; `None`
    /// for a file that is not ours.
    async fn configured_for(&self, uri: &Uri, task: &AnalysisTask) -> Result<Option<Vec<lsp::Diagnostic>>, String> {
        let analysis = task.get().await?;
        if analysis.kind() == FileKind::Other {
            return Ok(None);
        }
        let editor = self.editor_settings.lock().unwrap_or_else(|e| e.into_inner()).severity.clone();
        let (encoding, fs, uri, version) = (self.caps().encoding, self.fs.clone(), uri.clone(), task.version);
        let open = self.docs.uris_by_path();
        let computed = tokio::task::spawn_blocking(move || {
            catch_unwind(AssertUnwindSafe(|| {
                let conv = Converter::new(&analysis, &uri, version, encoding, &fs).with_open_documents(open);
                configured(&analysis, &conv, &editor)
            }))
        })
        .await;
        match computed {
            Ok(Ok((items, problems))) => {
                self.show_problems(problems);
                Ok(Some(items))
            }
            Ok(Err(panic)) => Err(format!("computing diagnostics panicked: {}", panic_message(&*panic))),
            Err(error) => Err(format!("computing diagnostics failed: {error}")),
        }
    }

    /// Publishes the diagnostics of `task` if it is still the document's current analysis, and
    /// never after those of a newer one.
    pub async fn publish(self: Arc<Self>, uri: Uri, task: Arc<AnalysisTask>) {
        let items = match self.configured_for(&uri, &task).await {
            Ok(items) => items,
            // Superseded: the newer version's analysis publishes.
            Err(message) if message == super::scheduler::CANCELLED => return,
            Err(message) => {
                self.log(MessageType::ERROR, format!("rigls: {}: {message}", uri.as_str()));
                return;
            }
        };
        let mut published = self.published.lock().await;
        let this = Published { serial: task.serial, complete: true };
        if !self.is_current(&uri, &task) || published.get(&uri).is_some_and(|&last| last > this) {
            return;
        }
        // Say nothing about a file that is not ours, unless to clear what was said before.
        if items.is_none() && !published.contains_key(&uri) {
            return;
        }
        let first_published = published.insert(uri.clone(), this) == Some(Published { complete: false, ..this });
        // Its first step said all this already: only the `data` would be new, and a code action
        // finds a first step's diagnostic by its range, code and message.
        if first_published && items.as_deref().is_some_and(|items| task.first_step_was(items)) {
            return;
        }
        self.client.publish_diagnostics(uri, items.unwrap_or_default(), Some(task.version)).await;
    }

    /// Publishes the diagnostics of `task`'s first step (see [`Options::publish_in_steps_above`])
    /// if it is still the document's current analysis and nothing of it or of a newer one has
    /// been published.
    ///
    /// [`Options::publish_in_steps_above`]: crate::Options::publish_in_steps_above
    pub async fn publish_first_step(&self, uri: Uri, task: &AnalysisTask, items: Vec<lsp::Diagnostic>) {
        let mut published = self.published.lock().await;
        let this = Published { serial: task.serial, complete: false };
        if !self.is_current(&uri, task) || published.get(&uri).is_some_and(|&last| last >= this) {
            return;
        }
        published.insert(uri.clone(), this);
        self.client.publish_diagnostics(uri, items, Some(task.version)).await;
    }

    /// `textDocument/diagnostic`: the full report of the document's current version.
    pub async fn pull_diagnostics(
        &self,
        params: lsp::DocumentDiagnosticParams,
    ) -> jsonrpc::Result<lsp::DocumentDiagnosticReportResult> {
        let items = match self.snapshot(&params.text_document.uri) {
            Some(snapshot) => self
                .configured_for(&snapshot.uri, &snapshot.task)
                .await
                .map_err(|message| self.failed("textDocument/diagnostic", message))?
                .unwrap_or_default(),
            None => Vec::new(),
        };
        Ok(lsp::DocumentDiagnosticReportResult::Report(lsp::DocumentDiagnosticReport::Full(
            lsp::RelatedFullDocumentDiagnosticReport {
                related_documents: None,
                full_document_diagnostic_report: lsp::FullDocumentDiagnosticReport { result_id: None, items },
            },
        )))
    }
}
