//! The `preview` section: what the live previews wait for. `rigls/scene` through the real server
//! over stdio on the 10 MiB inputs — after an edit (the edit's analysis and the scene: what a
//! preview shows the edit with) and on an analysed version — and the scenes of one pass of an
//! animation of the 200-bone skeleton of the `render` section (what a player prefetches),
//! per frame against the frame budget of its 24 fps. Asked as the preview page asks (scene
//! version 2): holding the meshes of the first answer, and after an edit the elements of the
//! previous version (so they are sent again), on an analysed version those of that version.

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::lsp_client::{Lsp, position};
use crate::measure::ms;
use crate::render::crowd;
use crate::sections::{edit_offset, initialize, row, uri_of};
use crate::{RIGLS, elem_input, skeleton_input};

pub fn scene_latency() {
    println!("## Preview: `rigls/scene` (real `rigls` over stdio)\n");
    println!(
        "An edit changes one digit (a one-character `didChange`) and `rigls/scene` (the setup pose) is sent right after it: timed from the edit to the scene's answer, as a preview sees it. Then the same request on an analysed version. Goal: the edit's scene within the diagnostics budget (p50 ≤ 100 ms, p99 ≤ 250 ms), so that a preview updates within 200 ms of an edit.\n"
    );
    let elem = elem_input(10);
    let skeleton = skeleton_input(10, false);
    for (label, (path, text), language) in
        [("10 MiB `.elem`", elem, "elem"), ("10 MiB minified skeleton", skeleton, "json")]
    {
        println!("### {label}\n");
        println!("| measure | n | p50 ms | p99 ms | goal |");
        println!("|---|---:|---:|---:|---|");
        let mut lsp = Lsp::spawn(&mut Command::new(RIGLS));
        initialize(&mut lsp, path.parent().expect("folder"));
        let uri = uri_of(&path);
        lsp.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}),
        );
        lsp.wait_diagnostics(&uri, Some(1));
        let first = lsp.request("rigls/scene", json!({"textDocument": {"uri": uri}, "version": 2})).1;
        let first_size = serde_json::to_vec(&first["result"]).map_or(0, |v| v.len());
        let held: Vec<serde_json::Value> = first["result"]["scenes"][0]["meshes"]
            .as_array()
            .map(|meshes| meshes.iter().map(|m| m["digest"].clone()).collect())
            .unwrap_or_default();
        let scene = |elements_of: i64| json!({"textDocument": {"uri": uri}, "version": 2, "meshes": held, "elementsOf": elements_of});
        let offset = edit_offset(&text);
        let original = text.as_bytes()[offset];
        let at = position(&text, offset);
        let mut after_edit = Vec::new();
        let mut diagnostics = Vec::new();
        let mut size = 0;
        for version in 2..22 {
            let digit = if version % 2 == 0 { original ^ 1 } else { original };
            let range =
                json!({"start": at, "end": {"line": at["line"], "character": at["character"].as_u64().unwrap() + 1}});
            let start = Instant::now();
            lsp.notify(
                "textDocument/didChange",
                json!({"textDocument": {"uri": uri, "version": version},
                       "contentChanges": [{"range": range, "text": (digit as char).to_string()}]}),
            );
            let (took, answer) = lsp.request("rigls/scene", scene(version - 1));
            after_edit.push(took);
            assert_eq!(answer["result"]["documentVersion"], version, "the scene of the edited version");
            assert!(answer["result"]["error"].is_null(), "a scene: {}", answer["result"]["error"]);
            size = serde_json::to_vec(&answer["result"]).map_or(0, |v| v.len());
            // The baseline, same edits, same load: when the edit's diagnostics arrived.
            let (at, _) = lsp.wait_diagnostics(&uri, Some(version));
            diagnostics.push(at - start);
        }
        // Figures are compared across binaries only by the lsp section.
        let figures = &mut Vec::new();
        row(
            figures,
            &format!("edit → its scene ({} answer)", mb(size)),
            &after_edit,
            Duration::from_millis(100),
            Some(Duration::from_millis(250)),
        );
        row(
            figures,
            "edit → its diagnostics (baseline, the same edits)",
            &diagnostics,
            Duration::from_millis(100),
            Some(Duration::from_millis(250)),
        );
        let mut analysed_size = 0;
        let analysed: Vec<Duration> = (0..20)
            .map(|_| {
                let (took, answer) = lsp.request("rigls/scene", scene(21));
                analysed_size = serde_json::to_vec(&answer["result"]).map_or(0, |v| v.len());
                took
            })
            .collect();
        row(
            figures,
            &format!("scene of an analysed version ({} answer)", mb(analysed_size)),
            &analysed,
            Duration::from_millis(100),
            Some(Duration::from_millis(250)),
        );
        println!("\nThe first scene of the file, with every mesh and element: a {} answer.\n", mb(first_size));
        lsp.shutdown();
    }

    println!("### Playback: a pass of the 200-bone skeleton\n");
    let dir = tempfile::tempdir().expect("a scratch folder");
    let path = crowd(dir.path());
    let text = std::fs::read_to_string(&path).expect("the generated skeleton");
    let mut lsp = Lsp::spawn(&mut Command::new(RIGLS));
    initialize(&mut lsp, dir.path());
    let uri = uri_of(&path);
    lsp.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}),
    );
    lsp.wait_diagnostics(&uri, Some(1));
    // Every frame of the 24-frame animation and its end, as the preview prefetches a pass.
    let times: Vec<f64> = (0..=24).map(|f| f64::from(f) / 24.0).collect();
    let pass = json!({"textDocument": {"uri": uri}, "version": 2, "animation": "sway", "times": times});
    let mut samples: Vec<Duration> = (0..5).map(|_| lsp.request("rigls/scene", pass.clone()).0).collect();
    samples.sort();
    let best = samples[0];
    let per_frame = best / 25;
    let budget = Duration::from_secs_f64(1.0 / 24.0);
    println!("| measure | ms |");
    println!("|---|---:|");
    println!("| 25 scenes of a pass, one request (best of 5) | {:.1} |", ms(best));
    println!("| per frame | {:.2} |", ms(per_frame));
    println!("| the frame budget at 24 fps | {:.1} |", ms(budget));
    println!(
        "\nA pass is fetched once per document version and then played from memory: {:.0}× within the budget of its frames.\n",
        budget.as_secs_f64() / per_frame.as_secs_f64().max(1e-9)
    );
    lsp.shutdown();
}

fn mb(bytes: usize) -> String {
    if bytes >= 1 << 20 { format!("{:.1} MB", bytes as f64 / 1e6) } else { format!("{} KB", bytes / 1000) }
}
