//! Scheduling the analysis of each document version: started once (eagerly, after a debounce, or
//! by the first request that needs it), run off the async runtime, and shared by every request on
//! that version. The analysis itself is [`rigls_ide::Analysis`].

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use tokio::sync::watch;

use rigls_ide::Analysis;

/// The analysis, or why there is none (the analysis panicked, or was [`CANCELLED`]).
pub type Outcome = Result<Arc<Analysis>, String>;

/// Why an analysis superseded by a newer version of its document has no result.
pub const CANCELLED: &str = "cancelled: the document has changed";

/// What an analysis read besides its document, so a change to those files can renew it.
#[derive(Clone, Debug, Default)]
pub struct Dependencies {
    /// Files whose existence or text it asked for.
    pub files: Vec<PathBuf>,
    /// Folders it listed.
    pub dirs: Vec<PathBuf>,
}

impl Dependencies {
    pub fn includes(&self, path: &Path) -> bool {
        self.files.iter().any(|f| f == path) || path.parent().is_some_and(|p| self.dirs.iter().any(|d| d == p))
    }
}

/// The diagnostics of an analysis's first step, as published (configured and converted), when it
/// goes in two steps ([`rigls_ide::FirstStep`]).
pub type FirstStep = Vec<tower_lsp_server::ls_types::Diagnostic>;

/// Handed to the job: how it reports its result.
pub struct Completion {
    tx: watch::Sender<Option<Outcome>>,
    first_step: watch::Sender<Option<FirstStep>>,
    dependencies: Arc<OnceLock<Dependencies>>,
    cancel: rigls_text::cancel::Token,
}

impl Completion {
    /// The job runs under this token ([`rigls_text::cancel::run`]): cancelled when superseded.
    pub fn token(&self) -> &rigls_text::cancel::Token {
        &self.cancel
    }

    /// Reports the diagnostics of the analysis's first step, before it finishes.
    pub fn first_step(&self, diagnostics: FirstStep) {
        let _ = self.first_step.send(Some(diagnostics));
    }

    pub fn finish(self, outcome: Outcome, dependencies: Dependencies) {
        let _ = self.dependencies.set(dependencies);
        // No receiver left means nobody wants the result any more.
        let _ = self.tx.send(Some(outcome));
    }
}

type Job = Box<dyn FnOnce(Completion) + Send>;

/// The finished analysis of an earlier version that a task builds on ([`Analysis::reanalyse`]),
/// shared with its job, which empties it once finished (so at most two analyses of a document
/// are kept).
pub type Base = Arc<Mutex<Option<Arc<Analysis>>>>;

pub struct AnalysisTask {
    /// Unique and increasing across all tasks: a later task has newer inputs.
    pub serial: u64,
    pub version: i32,
    /// The job and its completion until started.
    pending: Mutex<Option<(Job, Completion)>>,
    result: watch::Receiver<Option<Outcome>>,
    first_step: watch::Receiver<Option<FirstStep>>,
    dependencies: Arc<OnceLock<Dependencies>>,
    cancel: rigls_text::cancel::Token,
    base: Base,
}

static SERIAL: AtomicU64 = AtomicU64::new(1);

impl AnalysisTask {
    /// A task that will run `job` when first started; the job must call [`Completion::finish`]
    /// (and empty `base`, what it builds on, once finished).
    pub fn new(version: i32, base: Base, job: impl FnOnce(Completion) + Send + 'static) -> Arc<AnalysisTask> {
        let (tx, result) = watch::channel(None);
        let (first_tx, first_step) = watch::channel(None);
        let dependencies = Arc::new(OnceLock::new());
        let cancel = rigls_text::cancel::Token::default();
        let completion =
            Completion { tx, first_step: first_tx, dependencies: dependencies.clone(), cancel: cancel.clone() };
        Arc::new(AnalysisTask {
            serial: SERIAL.fetch_add(1, Ordering::Relaxed),
            version,
            pending: Mutex::new(Some((Box::new(job), completion))),
            result,
            first_step,
            dependencies,
            cancel,
            base,
        })
    }

    /// What the task of a later version can build on: this task's analysis once finished, else
    /// what this one builds on while it has not finished.
    pub fn base_for_next(&self) -> Option<Arc<Analysis>> {
        self.finished().or_else(|| lock(&self.base).clone())
    }

    /// The analysis, once finished without failing.
    pub fn finished(&self) -> Option<Arc<Analysis>> {
        self.result.borrow().as_ref().and_then(|outcome| outcome.as_ref().ok().cloned())
    }

    /// Asks the job to stop (it ends with [`CANCELLED`]), or not to start; requests that need
    /// this version are then told the content was modified.
    pub fn cancel(&self) {
        self.cancel.cancel();
    }

    /// The token cancelled when this version is superseded, for work done on its behalf after
    /// the analysis (computing its semantic tokens ahead of the client).
    pub fn cancel_token(&self) -> &rigls_text::cancel::Token {
        &self.cancel
    }

    /// Starts the job unless it has already started.
    pub fn start(&self) {
        let pending = lock(&self.pending).take();
        if let Some((job, completion)) = pending {
            job(completion);
        }
    }

    pub fn is_started(&self) -> bool {
        lock(&self.pending).is_none()
    }

    pub fn is_done(&self) -> bool {
        self.result.borrow().is_some()
    }

    /// Starts the job if needed and waits for its result.
    pub async fn get(&self) -> Outcome {
        self.start();
        let mut rx = self.result.clone();
        match rx.wait_for(Option::is_some).await {
            Ok(outcome) => outcome.clone().unwrap_or_else(|| Err("the analysis produced no result".to_owned())),
            Err(_) => Err("the analysis was abandoned".to_owned()),
        }
    }

    /// The diagnostics of the analysis's first step once reported ([`Completion::first_step`]);
    /// `None` once the job has finished without one.
    pub async fn first_step(&self) -> Option<FirstStep> {
        let mut rx = self.first_step.clone();
        rx.wait_for(Option::is_some).await.ok().and_then(|step| step.clone())
    }

    /// Whether the analysis's first step reported `items`, all but their `data` (which a first
    /// step leaves out).
    pub fn first_step_was(&self, items: &[tower_lsp_server::ls_types::Diagnostic]) -> bool {
        let first = self.first_step.borrow();
        let same = |a: &tower_lsp_server::ls_types::Diagnostic, b: &tower_lsp_server::ls_types::Diagnostic| {
            (&a.range, &a.severity, &a.code, &a.code_description, &a.source, &a.message)
                == (&b.range, &b.severity, &b.code, &b.code_description, &b.source, &b.message)
                && (&a.related_information, &a.tags) == (&b.related_information, &b.tags)
        };
        first.as_ref().is_some_and(|f| f.len() == items.len() && f.iter().zip(items).all(|(a, b)| same(a, b)))
    }

    /// Whether a change to `path` may change this analysis: it read `path` (or listed its folder),
    /// or it is still running and may be reading it now.
    pub fn may_depend_on(&self, path: &Path) -> bool {
        if !self.is_started() {
            return false;
        }
        match self.dependencies.get() {
            Some(dependencies) => dependencies.includes(path),
            None => !self.is_done(),
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic never happens while these locks are held; recover the data if one somehow did.
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rigls_diagnostic::env::MemoryFs;
    use std::sync::atomic::AtomicUsize;

    #[tokio::test]
    async fn runs_once_and_shares_the_result() {
        let runs = Arc::new(AtomicUsize::new(0));
        let counter = runs.clone();
        let task = AnalysisTask::new(3, Base::default(), move |done| {
            counter.fetch_add(1, Ordering::SeqCst);
            let analysis = Analysis::new(None, "x".to_owned(), &MemoryFs::default());
            let deps = Dependencies { files: vec![PathBuf::from("/a/b.png")], dirs: vec![PathBuf::from("/c")] };
            done.finish(Ok(Arc::new(analysis)), deps);
        });
        assert!(!task.may_depend_on(Path::new("/a/b.png")), "not started: has read nothing");
        let (a, b) = tokio::join!(task.get(), task.get());
        let (a, b) = (a.unwrap(), b.unwrap());
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        assert!(task.may_depend_on(Path::new("/a/b.png")));
        assert!(task.may_depend_on(Path::new("/c/listed.png")));
        assert!(!task.may_depend_on(Path::new("/a/other.png")));
    }

    /// The next version builds on this one's analysis once it has one, else on what this one
    /// builds on; the job lets go of that base when it is done.
    #[tokio::test]
    async fn the_next_version_builds_on_the_last_finished_analysis() {
        let analysis = |text: &str| Arc::new(Analysis::new(None, text.to_owned(), &MemoryFs::default()));
        let earlier = analysis("earlier");
        let base: Base = Arc::new(Mutex::new(Some(earlier.clone())));
        let slot = base.clone();
        let task = AnalysisTask::new(4, base, move |done| {
            done.finish(Ok(analysis("later")), Dependencies::default());
            slot.lock().unwrap().take();
        });
        assert!(Arc::ptr_eq(&task.base_for_next().unwrap(), &earlier), "not finished: its base");
        let later = task.get().await.unwrap();
        assert!(Arc::ptr_eq(&task.base_for_next().unwrap(), &later), "finished: its own analysis");
        assert_eq!(Arc::strong_count(&earlier), 1, "the base is let go");
        let failed =
            AnalysisTask::new(5, Base::default(), |done| done.finish(Err(CANCELLED.into()), Dependencies::default()));
        failed.start();
        assert!(failed.base_for_next().is_none());
    }
}
