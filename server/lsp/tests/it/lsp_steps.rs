//! Diagnostics in two publications per version (`Options::publish_in_steps_above`): every rule's
//! but the runtime's first, with the previous version's runtime findings on the armatures and
//! animations the edit left alone; then all of them, equal to a fresh analysis's, unless they are
//! the first's again. A newer edit cancels the runtime's evaluation in flight: its version never
//! gets its second publication.

use crate::lsp_support;

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use expect_test::{Expect, expect};
use lsp_support::view::{ClientDoc, Enc};
use lsp_support::{TestClient, capabilities};
use rigls_diagnostic::Targets;
use rigls_diagnostic::env::{FileSystem, MemoryFs};
use rigls_ide::{Analysis, AnalysisOptions, Early, FirstStep, SharedText};
use rigls_lsp::{Features, Options};
use serde_json::{Value, json};

const URI: &str = "file:///tmp/rigls-test/steps_ske.json";

/// Three armatures: 甲 and 丙 pose a bone at infinity in their animation, 乙 is finite (the
/// edits make it infinite, finite again, and 甲 finite).
const SKELETON: &str = r#"{"name":"段","version":"5.5","frameRate":24,"armature":[
{"name":"甲","bone":[{"name":"root"},{"name":"b","parent":"root"}],
"animation":[{"name":"a","duration":2,"bone":[{"name":"b","translateFrame":[{"duration":2,"x":1e999}]}]}]},
{"name":"乙","bone":[{"name":"root"},{"name":"c","parent":"root"}],
"animation":[{"name":"walk","duration":2,"bone":[{"name":"c","translateFrame":[{"duration":2,"x":1}]}]}]},
{"name":"丙","bone":[{"name":"root"},{"name":"d","parent":"root"}],
"animation":[{"name":"run","duration":2,"bone":[{"name":"d","translateFrame":[{"duration":2,"x":1e999}]}]}]}
]}"#;

/// The real analysis, whose first step, once reported, waits until the test lets it go on: the
/// runtime's evaluation is in flight meanwhile. The `n`-th first step goes on once `released`
/// reaches `n`, or unwinds when its analysis is cancelled.
#[derive(Default)]
struct Gated {
    arrived: AtomicUsize,
    released: Mutex<usize>,
}

impl Gated {
    fn release_through(&self, n: usize) {
        *self.released.lock().unwrap() = n;
    }
}

impl Features for Gated {
    fn analyse_in_steps(
        &self,
        previous: Option<&Analysis>,
        path: Option<&Path>,
        text: SharedText,
        fs: &dyn FileSystem,
        targets: Targets,
        preview: bool,
        early: Early<'_>,
    ) -> Analysis {
        let gated = |step: FirstStep<'_>| {
            early(step);
            let turn = self.arrived.fetch_add(1, Ordering::SeqCst) + 1;
            while *self.released.lock().unwrap() < turn {
                rigls_text::cancel::check();
                std::thread::sleep(Duration::from_millis(2));
            }
        };
        match previous.filter(|p| p.path.as_deref() == path && p.targets == targets) {
            Some(previous) => Analysis::reanalyse_in_steps(previous, text, fs, preview, Some(&gated)),
            None => {
                let options = AnalysisOptions { kind: None, targets, preview };
                Analysis::with_options_in_steps(path, text, fs, options, Some(&gated))
            }
        }
    }
}

/// A publication as `version: first line:column-line:column code: message` lines (UTF-16
/// columns, from 0), checking that it carries `data` exactly when it is a second publication.
fn shown(published: &Value, second: bool) -> String {
    let mut out = format!("version {}\n", published["version"]);
    for d in published["diagnostics"].as_array().unwrap() {
        assert_eq!(d["data"].is_object(), second, "{d}");
        let (start, end) = (&d["range"]["start"], &d["range"]["end"]);
        out += &format!(
            "{}:{}-{}:{} {}: {}\n",
            start["line"],
            start["character"],
            end["line"],
            end["character"],
            d["code"].as_str().unwrap(),
            d["message"].as_str().unwrap()
        );
    }
    out
}

/// What a fresh analysis of `text` finds, written as [`shown`] writes a second publication.
fn fresh(text: &str, version: i32) -> String {
    fresh_as(text, version, true)
}

/// [`fresh`], written as [`shown`] writes a first (`second` false) or second publication.
fn fresh_as(text: &str, version: i32, second: bool) -> String {
    let analysis =
        Analysis::new(Some(Path::new("/tmp/rigls-test/steps_ske.json")), text.to_owned(), &MemoryFs::default());
    let doc = ClientDoc::new(URI, version, text, Enc::Utf16);
    let diagnostics: Vec<Value> = analysis
        .diagnostics
        .iter()
        .map(|d| {
            json!({"range": doc.range(d.range.start as usize, d.range.end as usize), "code": d.code.as_str(),
                "message": d.message, "data": if second { json!({}) } else { Value::Null }})
        })
        .collect();
    shown(&json!({"version": version, "diagnostics": diagnostics}), second)
}

/// Replaces `old` (the first after `after`) with `new` in the client's copy and the server's.
async fn edit(client: &TestClient, doc: &mut ClientDoc, version: i32, after: &str, old: &str, new: &str) {
    let from = doc.text.find(after).unwrap();
    let at = from + doc.text[from..].find(old).unwrap();
    let change = doc.replace(at, at + old.len(), new);
    doc.version = version;
    client.change(URI, version, json!([change])).await;
}

async fn check(client: &mut TestClient, second: bool, expect: Expect) -> Value {
    let published = client.diagnostics(URI).await;
    expect.assert_eq(&shown(&published, second));
    published
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edit_publishes_twice_and_a_newer_one_cancels_the_second() {
    let gated = Arc::new(Gated::default());
    let options = Options { features: gated.clone(), publish_in_steps_above: 0, ..Options::default() };
    let (mut client, _) = TestClient::initialized(options, capabilities(None), Value::Null).await;
    let mut doc = ClientDoc::new(URI, 1, SKELETON, Enc::Utf16);
    client.open(URI, "json", 1, SKELETON).await;
    // Opened: no previous version, so no runtime finding in the first publication.
    check(
        &mut client,
        false,
        expect![[r#"
        version 1
    "#]],
    )
    .await;
    gated.release_through(1);
    check(&mut client, true, expect![[r#"
        version 1
        1:44-1:47 non-finite-pose: bone `b` has a transform that is not a finite number in animation `a` at frame 0 (0 s): the runtime draws it and everything on it nowhere
        5:44-5:47 non-finite-pose: bone `d` has a transform that is not a finite number in animation `run` at frame 0 (0 s): the runtime draws it and everything on it nowhere
    "#]]).await;

    // 乙's bone goes to infinity: the first publication keeps 甲's and 丙's findings, the second
    // adds 乙's.
    edit(&client, &mut doc, 2, "\"walk\"", "\"x\":1}", "\"x\":1e999}").await;
    check(&mut client, false, expect![[r#"
        version 2
        1:44-1:47 non-finite-pose: bone `b` has a transform that is not a finite number in animation `a` at frame 0 (0 s): the runtime draws it and everything on it nowhere
        5:44-5:47 non-finite-pose: bone `d` has a transform that is not a finite number in animation `run` at frame 0 (0 s): the runtime draws it and everything on it nowhere
    "#]]).await;
    gated.release_through(2);
    let second = check(&mut client, true, expect![[r#"
        version 2
        1:44-1:47 non-finite-pose: bone `b` has a transform that is not a finite number in animation `a` at frame 0 (0 s): the runtime draws it and everything on it nowhere
        3:44-3:47 non-finite-pose: bone `c` has a transform that is not a finite number in animation `walk` at frame 0 (0 s): the runtime draws it and everything on it nowhere
        5:44-5:47 non-finite-pose: bone `d` has a transform that is not a finite number in animation `run` at frame 0 (0 s): the runtime draws it and everything on it nowhere
    "#]]).await;
    assert_eq!(shown(&second, true), fresh(&doc.text, 2));

    // Back to finite: the first publication drops 乙's finding (its animation changed) and
    // keeps the others'; its runtime's evaluation is left waiting.
    edit(&client, &mut doc, 3, "\"walk\"", "\"x\":1e999}", "\"x\":1}").await;
    check(&mut client, false, expect![[r#"
        version 3
        1:44-1:47 non-finite-pose: bone `b` has a transform that is not a finite number in animation `a` at frame 0 (0 s): the runtime draws it and everything on it nowhere
        5:44-5:47 non-finite-pose: bone `d` has a transform that is not a finite number in animation `run` at frame 0 (0 s): the runtime draws it and everything on it nowhere
    "#]]).await;
    // 甲 finite too, before version 3's evaluation ends: it is cancelled. Version 4 builds on
    // version 2 (the last finished): the edits between them reach from 甲 into 乙, so only 丙's
    // finding is kept.
    edit(&client, &mut doc, 4, "\"甲\"", "\"x\":1e999}", "\"x\":3}").await;
    let first = check(&mut client, false, expect![[r#"
        version 4
        5:44-5:47 non-finite-pose: bone `d` has a transform that is not a finite number in animation `run` at frame 0 (0 s): the runtime draws it and everything on it nowhere
    "#]]).await;
    // The runtime's rules find what the first publication kept: it is not published again.
    assert_eq!(shown(&first, false), fresh_as(&doc.text, 4, false));
    gated.release_through(4);
    let later: Vec<Value> = client
        .drain(Duration::from_millis(300))
        .await
        .into_iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .collect();
    assert_eq!(later, Vec::<Value>::new(), "version 3's evaluation was cancelled, version 4's said nothing new");
    assert_eq!(gated.arrived.load(Ordering::SeqCst), 4);
    client.shutdown().await;
}
