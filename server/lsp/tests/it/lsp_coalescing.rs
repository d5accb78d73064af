//! Fast typing in a large document: a document's analyses run one at a time, an edit cancels the
//! analysis of the version it supersedes, and only the newest version is analysed and published.
//! A request on a superseded version is answered `ContentModified`, as LSP says.

use crate::lsp_support;

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use rigls_diagnostic::env::FileSystem;
use rigls_ide::{Analysis, SharedText};
use rigls_lsp::{Features, Options};
use serde_json::{Value, json};

use lsp_support::{TestClient, capabilities, pos, range};

const MODEL: &str = "file:///coalescing/model.elem";

/// An analysis that takes `slow`, checking for cancellation as the real engines do.
#[derive(Default)]
struct Slow {
    slow: Duration,
    started: Arc<AtomicUsize>,
    finished: Arc<AtomicUsize>,
}

impl Features for Slow {
    fn analyse(
        &self,
        _: Option<&Analysis>,
        path: Option<&Path>,
        text: SharedText,
        fs: &dyn FileSystem,
        _: rigls_diagnostic::Targets,
    ) -> Analysis {
        self.started.fetch_add(1, Ordering::SeqCst);
        let steps = self.slow.as_millis() / 5;
        for _ in 0..steps {
            rigls_text::cancel::check();
            std::thread::sleep(Duration::from_millis(5));
        }
        self.finished.fetch_add(1, Ordering::SeqCst);
        Analysis::new(path, text, fs)
    }
}

async fn start(features: Slow) -> TestClient {
    let options = Options { features: Arc::new(features), ..Options::default() };
    TestClient::initialized(options, capabilities(None), Value::Null).await.0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_edits_analyses_and_publishes_only_the_last_version() {
    let slow = Slow { slow: Duration::from_millis(400), ..Slow::default() };
    let (started, finished) = (slow.started.clone(), slow.finished.clone());
    let mut client = start(slow).await;
    client.open(MODEL, "elem", 1, "Elfreina Extension Model File\n").await;
    for version in 2..=30 {
        client.change(MODEL, version, json!([{"range": range((1, 0), (1, 0)), "text": "x"}])).await;
    }
    let published = client.diagnostics(MODEL).await;
    assert_eq!(published["version"], 30, "nothing older is published");
    assert_eq!(finished.load(Ordering::SeqCst), 1, "only the last version is analysed to the end");
    // The first version started before the edits came; the ones in between never started.
    assert!(started.load(Ordering::SeqCst) <= 2, "{} analyses started", started.load(Ordering::SeqCst));
    let later = client.drain(Duration::from_millis(300)).await;
    assert!(!later.iter().any(|m| m["method"] == "textDocument/publishDiagnostics"), "{later:#?}");
    client.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_on_a_superseded_version_is_told_the_content_changed() {
    let mut client = start(Slow { slow: Duration::from_millis(2000), ..Slow::default() }).await;
    client.open(MODEL, "elem", 1, "Elfreina Extension Model File\n").await;
    let hover = json!({"textDocument": {"uri": MODEL}, "position": pos(0, 3)});
    let edit = async {
        tokio::time::sleep(Duration::from_millis(100)).await;
        client.change(MODEL, 2, json!([{"range": range((1, 0), (1, 0)), "text": "x"}])).await;
    };
    let (answer, ()) = tokio::join!(client.request("textDocument/hover", hover), edit);
    let error = answer.expect_err("the version it was asked about is gone");
    assert_eq!(error["code"], -32801, "{error}");
    let published = client.diagnostics(MODEL).await;
    assert_eq!(published["version"], 2);
    client.shutdown().await;
}
