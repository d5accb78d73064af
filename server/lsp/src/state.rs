//! The server's shared state: open documents, their analyses, client capabilities and settings.
//!
//! Document notifications change the state synchronously, before their handler's first `.await`,
//! and the transport starts handlers in arrival order, so edits apply in order and every request
//! sees the document as the client had it when it sent the request.

use std::collections::{HashMap, HashSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use ropey::Rope;
use tower_lsp_server::Client;
use tower_lsp_server::ls_types::{MessageType, Uri};

use super::Options;
use super::capabilities::ClientCaps;
use super::convert::Converter;
use super::documents::{DocText, Document, Documents};
use super::handlers::PerAnalysis;
use super::overlay::{OverlayFs, RecordingFs};
use super::progress;
use super::scheduler::AnalysisTask;
use rigls_diagnostic::Targets;
use rigls_diagnostic::config;

pub struct State {
    pub client: Client,
    pub options: Options,
    pub docs: Arc<Documents>,
    pub fs: OverlayFs,
    caps: OnceLock<ClientCaps>,
    /// The severity table and the targets from editor settings (shared with analysis jobs, which
    /// read the targets when they start).
    pub editor_settings: Arc<Mutex<config::Settings>>,
    /// The task whose diagnostics were last published, per document. Held across the send, so
    /// publications go out one at a time and in order.
    pub published: tokio::sync::Mutex<HashMap<Uri, super::diagnostics::Published>>,
    /// Settings problems already shown to the user.
    shown_problems: Mutex<HashSet<String>>,
    pub semantic_tokens: Arc<PerAnalysis<Vec<rigls_ide::SemanticToken>>>,
    /// The same tokens encoded for the client (what full and delta answers are made of).
    pub encoded_tokens: Arc<PerAnalysis<super::handlers::AnalysisTokens>>,
    /// The outline as the JSON of the answer (`null` included), written once per analysis.
    pub outlines: Arc<PerAnalysis<Vec<u8>>>,
    /// The JSON array of the encoded tokens (the `data` of a full answer).
    pub token_json: Arc<PerAnalysis<Vec<u8>, super::convert::EncodedTokens>>,
    pub sent_tokens: Arc<super::sent_tokens::SentTokens>,
    /// Answers written as JSON, waiting to be sent (see `super::transport::lean`).
    pub lean: Arc<super::transport::lean::LeanAnswers>,
    /// The workspace folders, and the symbols of the files under them (`workspace/symbol`).
    pub workspace: Arc<super::workspace_symbols::WorkspaceIndex>,
}

/// How long after a version's diagnostics its semantic tokens are computed, if no edit came.
const WARM_AFTER: std::time::Duration = std::time::Duration::from_millis(50);

/// A document's new analysis task, the size of the text it will analyse and the document's lane.
struct Renewed {
    task: Arc<AnalysisTask>,
    size: usize,
    lane: Arc<tokio::sync::Mutex<()>>,
}

/// What a request works on: the document's analysis as of the request's arrival.
pub struct Snapshot {
    pub uri: Uri,
    pub version: i32,
    pub task: Arc<AnalysisTask>,
}

impl State {
    pub fn new(client: Client, options: Options, lean: Arc<super::transport::lean::LeanAnswers>) -> State {
        let docs = Arc::new(Documents::default());
        State {
            client,
            options,
            fs: OverlayFs::new(docs.clone()),
            docs,
            caps: OnceLock::new(),
            editor_settings: Arc::default(),
            published: tokio::sync::Mutex::default(),
            shown_problems: Mutex::default(),
            semantic_tokens: Arc::default(),
            encoded_tokens: Arc::default(),
            outlines: Arc::default(),
            token_json: Arc::default(),
            sent_tokens: Arc::default(),
            lean,
            workspace: Arc::default(),
        }
    }

    pub fn caps(&self) -> &ClientCaps {
        static NONE: OnceLock<ClientCaps> = OnceLock::new();
        self.caps.get().unwrap_or_else(|| NONE.get_or_init(ClientCaps::default))
    }

    pub fn set_caps(&self, caps: ClientCaps) {
        let _ = self.caps.set(caps);
    }

    pub fn snapshot(&self, uri: &Uri) -> Option<Snapshot> {
        self.docs.with(|docs| {
            docs.get(uri).map(|d| Snapshot { uri: uri.clone(), version: d.version, task: d.analysis.clone() })
        })
    }

    pub fn open(self: &Arc<Self>, uri: Uri, version: i32, mut text: String) {
        let path = file_path(&uri);
        // Kept as it came (without spare capacity: it lives as long as the document), shared with
        // its analysis; a rope is made only if an edit comes (see `DocText`).
        text.shrink_to_fit();
        let text = DocText::Whole(Arc::new(text));
        let analysis = self.new_task(&uri, path.clone(), version, text.clone(), None, false);
        let lane = Arc::default();
        let renewed = Renewed { task: analysis.clone(), size: text.len_bytes(), lane: Arc::clone(&lane) };
        let doc =
            Document { path: path.clone(), version, text, analysis, lane, previewed: false, scene_elements: None };
        self.docs.with(|docs| docs.insert(uri.clone(), doc));
        self.schedule(uri, renewed);
        self.changed_on_path(path.as_deref());
    }

    /// Applies `edit` to the document and schedules the new version's analysis.
    pub fn change(self: &Arc<Self>, uri: &Uri, version: i32, edit: impl FnOnce(&mut Rope)) {
        let changed = self.docs.with(|docs| {
            let doc = docs.get_mut(uri)?;
            edit(doc.text.rope_mut());
            doc.version = version;
            Some((self.renew(uri, doc), doc.path.clone()))
        });
        match changed {
            Some((renewed, path)) => {
                self.schedule(uri.clone(), renewed);
                self.changed_on_path(path.as_deref());
            }
            None => self.log(MessageType::WARNING, format!("change to a document that is not open: {}", uri.as_str())),
        }
    }

    pub fn close(self: &Arc<Self>, uri: &Uri) {
        let Some(doc) = self.docs.with(|docs| docs.remove(uri)) else { return };
        self.semantic_tokens.forget(uri);
        self.encoded_tokens.forget(uri);
        self.outlines.forget(uri);
        self.token_json.forget(uri);
        self.sent_tokens.forget(uri);
        if !self.caps().pull_diagnostics {
            let state = self.clone();
            let uri = uri.clone();
            tokio::spawn(async move {
                let mut published = state.published.lock().await;
                // Reopened meanwhile: its own diagnostics replace these.
                if state.docs.with(|docs| docs.contains_key(&uri)) {
                    return;
                }
                if published.remove(&uri).is_some() {
                    state.client.publish_diagnostics(uri, Vec::new(), None).await;
                }
            });
        }
        self.changed_on_path(doc.path.as_deref());
    }

    /// The text at `path` changed (in an editor or on disk): renew what depends on it.
    pub fn changed_on_path(self: &Arc<Self>, path: Option<&Path>) {
        let Some(path) = path else { return };
        if path.file_name().is_some_and(|n| n == config::FILE_NAME) {
            self.settings_changed();
            return;
        }
        let renewed: Vec<_> = self.docs.with(|docs| {
            docs.iter_mut()
                .filter(|(_, d)| d.path.as_deref() != Some(path) && d.analysis.may_depend_on(path))
                .map(|(uri, d)| (uri.clone(), self.renew(uri, d)))
                .collect()
        });
        if renewed.is_empty() {
            return;
        }
        for (uri, renewed) in renewed {
            self.schedule(uri, renewed);
        }
        if self.caps().pull_diagnostics {
            self.refresh_pulled_diagnostics();
        }
    }

    /// Settings or a `rigls.toml` changed: diagnostics are recomputed; analyses are kept, but for
    /// documents whose targets changed, which are analysed again.
    pub fn settings_changed(self: &Arc<Self>) {
        self.shown_problems.lock().unwrap_or_else(|e| e.into_inner()).clear();
        // (The targets are read outside the documents' lock: the file system reads open documents.)
        let analysed: Vec<_> = self.docs.with(|docs| {
            docs.iter()
                .map(|(uri, d)| (uri.clone(), d.path.clone(), d.analysis.finished().map(|a| a.targets)))
                .collect()
        });
        let retarget: HashSet<Uri> = analysed
            .into_iter()
            .filter(|(_, path, targets)| {
                *targets != Some(targets_for(&self.editor_settings, path.as_deref(), &self.fs))
            })
            .map(|(uri, _, _)| uri)
            .collect();
        let retargeted: Vec<_> = self.docs.with(|docs| {
            docs.iter_mut()
                .filter(|(uri, _)| retarget.contains(*uri))
                .map(|(uri, d)| (uri.clone(), self.renew_afresh(uri, d)))
                .collect()
        });
        for (uri, renewed) in retargeted {
            self.schedule(uri, renewed);
        }
        if self.caps().pull_diagnostics {
            self.refresh_pulled_diagnostics();
            return;
        }
        let tasks: Vec<_> = self.docs.with(|docs| docs.iter().map(|(u, d)| (u.clone(), d.analysis.clone())).collect());
        for (uri, task) in tasks {
            tokio::spawn(self.clone().publish(uri, task));
        }
    }

    /// Asks a client that pulls diagnostics to pull them again, if it can be asked.
    fn refresh_pulled_diagnostics(&self) {
        if self.caps().diagnostic_refresh {
            let client = self.client.clone();
            tokio::spawn(async move {
                let _ = client.workspace_diagnostic_refresh().await;
            });
        }
    }

    /// Gives `doc` a fresh analysis of its current text, to be scheduled; the one it replaces is
    /// cancelled, so a burst of edits does not wait for analyses of versions nobody will see.
    fn renew(&self, uri: &Uri, doc: &mut Document) -> Renewed {
        let base = doc.analysis.base_for_next();
        self.renew_on(uri, doc, base)
    }

    /// [`State::renew`] without building on the previous analysis (whose targets differ).
    fn renew_afresh(&self, uri: &Uri, doc: &mut Document) -> Renewed {
        self.renew_on(uri, doc, None)
    }

    fn renew_on(&self, uri: &Uri, doc: &mut Document, base: Option<Arc<rigls_ide::Analysis>>) -> Renewed {
        let fresh = self.new_task(uri, doc.path.clone(), doc.version, doc.text.clone(), base, doc.previewed);
        std::mem::replace(&mut doc.analysis, fresh).cancel();
        Renewed { task: doc.analysis.clone(), size: doc.text.len_bytes(), lane: doc.lane.clone() }
    }

    /// A task analysing `text` when started, off the async runtime, with panics caught; it
    /// builds on `base`, the finished analysis of an earlier version, when there is one;
    /// `previewed`: as a preview wants it. A skeleton of [`super::Options::publish_in_steps_above`]
    /// bytes or more is analysed in two steps, the first step's diagnostics reported to the task
    /// (for `uri`, which publishes them) as soon as they are found.
    fn new_task(
        &self,
        uri: &Uri,
        path: Option<PathBuf>,
        version: i32,
        text: DocText,
        base: Option<Arc<rigls_ide::Analysis>>,
        previewed: bool,
    ) -> Arc<AnalysisTask> {
        let features = self.options.features.clone();
        let editor_settings = self.editor_settings.clone();
        let fs = self.fs.clone();
        let client = self.client.clone();
        let report_progress = self.caps().work_done_progress;
        let progress_after = self.options.progress_after;
        let base: super::scheduler::Base = Arc::new(Mutex::new(base));
        let in_steps = text.len_bytes() >= self.options.publish_in_steps_above && !self.caps().pull_diagnostics;
        let (uri, encoding, docs) = (uri.clone(), self.caps().encoding, self.docs.clone());
        AnalysisTask::new(version, base.clone(), move |done| {
            let title = format!(
                "Analysing {}",
                path.as_deref().and_then(Path::file_name).map_or("document".into(), |n| n.to_string_lossy())
            );
            let analysis = tokio::task::spawn_blocking(move || {
                let recording = RecordingFs::new(&fs);
                let token = done.token().clone();
                let outcome = catch_unwind(AssertUnwindSafe(|| {
                    rigls_text::cancel::run(&token, || {
                        rigls_text::cancel::check();
                        let previous = base.lock().unwrap_or_else(|e| e.into_inner()).clone();
                        let targets = targets_for(&editor_settings, path.as_deref(), &fs);
                        let text = text.into_shared();
                        let (previous, path) = (previous.as_deref(), path.as_deref());
                        if in_steps {
                            let early = |step: rigls_ide::FirstStep<'_>| {
                                let editor = editor_settings.lock().unwrap_or_else(|e| e.into_inner()).severity.clone();
                                // A conversion that panicked leaves the version one publication, not
                                // its analysis none.
                                let items = catch_unwind(AssertUnwindSafe(|| {
                                    let conv = Converter::of_text(
                                        step.path, step.text, step.lines, &uri, version, encoding, &fs,
                                    )
                                    .with_open_documents(docs.uris_by_path());
                                    super::diagnostics::first_step(&step.diagnostics, &conv, &editor)
                                }));
                                if let Ok(items) = items {
                                    done.first_step(items);
                                }
                            };
                            return features
                                .analyse_in_steps(previous, path, text, &recording, targets, previewed, &early);
                        }
                        match previewed {
                            true => features.analyse_for_preview(previous, path, text, &recording, targets),
                            false => features.analyse(previous, path, text, &recording, targets),
                        }
                    })
                }))
                .map(Arc::new)
                .map_err(|panic| match rigls_text::cancel::is_cancelled(&*panic) {
                    true => super::scheduler::CANCELLED.to_owned(),
                    false => format!("the analysis panicked: {}", panic_message(&*panic)),
                });
                done.finish(outcome, recording.into_dependencies());
                base.lock().unwrap_or_else(|e| e.into_inner()).take();
            });
            if report_progress {
                tokio::spawn(progress::report_if_slow(client, progress_after, title, analysis));
            }
        })
    }

    /// Starts the analysis and, unless the client pulls diagnostics, publishes them.
    ///
    /// A document's scheduled analyses run one at a time, in order: while one runs, the versions
    /// typed meanwhile wait, and only the newest of them runs next (the others are superseded and
    /// never start, unless a request needs them). So a burst of edits costs at most two analyses
    /// after its last edit, and the analyses never pile up on the CPU whatever the typing speed.
    /// Documents over [`super::Options::debounce_above`] bytes also wait for a pause in typing.
    fn schedule(self: &Arc<Self>, uri: Uri, Renewed { task, size, lane }: Renewed) {
        let state = self.clone();
        tokio::spawn(async move {
            if size > state.options.debounce_above {
                tokio::time::sleep(state.options.debounce).await;
                if !state.is_current(&uri, &task) {
                    return;
                }
            }
            {
                // Fair (first come, first served): the newest version is always last in line.
                let _turn = lane.lock().await;
                if !state.is_current(&uri, &task) {
                    return;
                }
                task.start();
                // The diagnostics of a first step, if the analysis goes in two and the first ends
                // before the analysis.
                let first = tokio::select! {
                    biased;
                    _ = task.get() => None,
                    first = task.first_step() => first,
                };
                if let Some(items) = first {
                    state.publish_first_step(uri.clone(), &task, items).await;
                }
                // The outcome is read again by `publish`; a failure is reported there.
                let _ = task.get().await;
            }
            if !state.caps().pull_diagnostics {
                state.clone().publish(uri.clone(), task.clone()).await;
            }
            if state.caps().semantic_tokens {
                // After a moment without edits: while typing goes on, the CPU is the analyses'.
                tokio::time::sleep(WARM_AFTER).await;
                if state.is_current(&uri, &task) {
                    state.warm_semantic_tokens(uri.clone(), task.clone()).await;
                }
            }
            // The analysis this one built on, the superseded versions and their answers are
            // dropped by now.
            super::transport::memory::release_when_idle();
            if size >= super::documents::COMPACT_ABOVE {
                // Not holding the task meanwhile: superseded analyses are dropped as they go.
                let serial = task.serial;
                drop(task);
                tokio::time::sleep(super::transport::memory::IDLE).await;
                if state.compact(&uri, serial) {
                    let _ = tokio::task::spawn_blocking(super::transport::memory::release_now).await;
                }
            }
        });
    }

    /// Lets a large document's text be its analysis's once it has been idle (see `DocText`),
    /// unless an edit came since the task `serial`: whether it did.
    fn compact(&self, uri: &Uri, serial: u64) -> bool {
        self.docs.with(|docs| {
            let Some(doc) = docs.get_mut(uri).filter(|d| d.analysis.serial == serial) else { return false };
            doc.analysis.finished().is_some_and(|finished| doc.text.compact(&finished))
        })
    }

    pub fn is_current(&self, uri: &Uri, task: &AnalysisTask) -> bool {
        self.docs.with(|docs| docs.get(uri).is_some_and(|d| d.analysis.serial == task.serial))
    }

    /// Shows each distinct settings problem once (until the settings change).
    pub fn show_problems(&self, problems: Vec<String>) {
        let fresh: Vec<String> = {
            let mut shown = self.shown_problems.lock().unwrap_or_else(|e| e.into_inner());
            problems.into_iter().filter(|p| shown.insert(p.clone())).collect()
        };
        for problem in fresh {
            let client = self.client.clone();
            tokio::spawn(async move { client.show_message(MessageType::WARNING, format!("rigls: {problem}")).await });
        }
    }

    pub fn log(&self, level: MessageType, message: String) {
        let client = self.client.clone();
        tokio::spawn(async move { client.log_message(level, message).await });
    }
}

/// The targets a document at `path` is checked for: the editor's of a format, else those of the
/// `rigls.toml` that applies to it. (Not to be called holding the documents' lock: `fs` reads
/// open documents.)
fn targets_for(editor: &Mutex<config::Settings>, path: Option<&Path>, fs: &OverlayFs) -> Targets {
    let editor = editor.lock().unwrap_or_else(|e| e.into_inner()).targets;
    let file = match path.and_then(Path::parent).map(|dir| config::load(dir, fs)) {
        Some(Ok(Some(found))) => found.targets,
        _ => Targets::NONE,
    };
    file.overridden_by(editor)
}

/// The scheme of the read-only JSON view of a binary skeleton that editors open:
/// `rigls-dbbin:/dir/x_ske.dbbin` shows the file `file:///dir/x_ske.dbbin` (`rigls/binaryView`).
pub const BINARY_VIEW_SCHEME: &str = "rigls-dbbin";

/// The path of a `file:` URI, or of the binary a `rigls-dbbin:` URI shows; other schemes
/// (`untitled:`…) have none.
pub fn file_path(uri: &Uri) -> Option<PathBuf> {
    let scheme = uri.scheme().as_str();
    if scheme.eq_ignore_ascii_case(BINARY_VIEW_SCHEME) {
        let file: Uri = format!("file:{}", &uri.as_str()[scheme.len() + 1..]).parse().ok()?;
        return file_path(&file).filter(|p| rigls_ide::is_binary_path(Some(p)));
    }
    if !scheme.eq_ignore_ascii_case("file") {
        return None;
    }
    uri.to_file_path().map(|p| p.into_owned())
}

pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_owned()
    }
}
