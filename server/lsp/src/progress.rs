//! Work-done progress for slow work: shown only once the work has taken longer than a moment, so
//! the usual quick analysis never flickers a progress bar.

use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tower_lsp_server::Client;
use tower_lsp_server::ls_types::NumberOrString;

/// Awaits `work`; if it is still running after `delay`, asks the client to create a progress token
/// (`window/workDoneProgress/create`) and reports `$/progress` begin … end around the rest of it.
pub async fn report_if_slow<F: Future>(client: Client, delay: Duration, title: String, work: F) {
    tokio::pin!(work);
    if tokio::time::timeout(delay, &mut work).await.is_ok() {
        return;
    }
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let token = NumberOrString::String(format!("rigls/analysis/{}", NEXT.fetch_add(1, Ordering::Relaxed)));
    if client.create_work_done_progress(token.clone()).await.is_err() {
        work.await;
        return;
    }
    let progress = client.progress(token, title).begin().await;
    work.await;
    progress.finish().await;
}
