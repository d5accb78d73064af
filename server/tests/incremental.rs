//! Incremental analysis equals a fresh one: random edit sequences (typing, deleting, pasting,
//! breaking a bracket or a brace and restoring it) on real-shaped skeletons and models, in LF,
//! CRLF and with a byte-order mark, each edit compared with `Analysis::new` of the same text —
//! every diagnostic, symbol, fold and token, the syntax tree and the model
//! (`fuzz/common/incremental.rs`, which the `analysis_incremental` fuzz target runs too).

#[path = "../../fuzz/common/incremental.rs"]
mod incremental;

use incremental::{Edit, check_edit_stream, reanalyse_and_compare};
use proptest::prelude::*;
use rigls::env::MemoryFs;
use rigls::ide::Analysis;

/// One armature with a bone chain, a weighted mesh, IK, a child-armature display and animations
/// that touch all of it; `NAME` and `CHILD` are replaced.
const ARMATURE: &str = r#"{"name":"NAME","frameRate":24,
"bone":[{"name":"root"},{"name":"arm","parent":"root","length":10,"transform":{"x":1.5,"skX":30}},{"name":"hand","parent":"arm","transform":{"x":10}}],
"slot":[{"name":"s","parent":"arm","displayIndex":0,"color":{"aM":50}},{"name":"c","parent":"root"}],
"skin":[{"slot":[{"name":"s","display":[{"name":"m","type":"mesh","path":"tex","vertices":[0,0,1,0,0,1],"uvs":[0,0,1,0,0,1],
"triangles":[0,1,2],"weights":[1,0,1,1,1,1,2,0,0.5,1,0.5],"slotPose":[1,0,0,1,0,0],"bonePose":[0,1,0,0,1,0,0,1,1,0,0,1,0,0]}]},
{"name":"c","display":[{"name":"CHILD","type":"armature"}]}]}],
"ik":[{"name":"ik","bone":"hand","target":"root","chain":1}],"defaultActions":[{"gotoAndPlay":"idle"}],
"animation":[{"name":"idle","duration":4,"frame":[{"duration":2,"events":[{"name":"e","bone":"arm"}]},{"duration":0}],
"bone":[{"name":"arm","translateFrame":[{"duration":2,"x":1,"y":2},{"duration":2,"x":-3}],"rotateFrame":[{"duration":4,"tweenEasing":0,"rotate":30,"curve":[0.5,0,0.5,1]},{"duration":0}]}],
"slot":[{"name":"s","displayFrame":[{"duration":4,"value":0}],"colorFrame":[{"duration":4,"value":{"aM":0}}]}],
"ffd":[{"name":"m","slot":"s","frame":[{"duration":4,"offset":2,"vertices":[1,1]}]}]},
{"name":"walk","duration":2,"bone":[{"name":"hand","scaleFrame":[{"duration":1,"x":2},{"duration":1,"x":0.5}]}]}]}"#;

/// A skeleton of three armatures, the last two showing each other's neighbour as a child.
fn skeleton() -> String {
    let armature = |name: &str, child: &str| ARMATURE.replace("NAME", name).replace("CHILD", child);
    format!(
        r#"{{"name":"一座","version":"5.5","compatibleVersion":"5.5","frameRate":30,"armature":[{},{},{}]}}"#,
        armature("勇者", "none"),
        armature("従者", "馬"),
        armature("馬", "nothing")
    )
}

fn variants(text: &str) -> Vec<String> {
    vec![text.to_owned(), text.replace('\n', "\r\n"), format!("\u{feff}{text}")]
}

fn documents() -> Vec<(&'static str, String)> {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let read = |p: &str| std::fs::read_to_string(fixtures.join(p)).expect("fixture");
    let mut out = Vec::new();
    for text in variants(&skeleton()) {
        out.push(("army_ske.json", text));
    }
    for text in variants(&read("dragonbones/勇者_ske.json")) {
        out.push(("勇者_ske.json", text));
    }
    out.push(("ロボ_ske.json", read("dragonbones/ロボ_ske.json")));
    out.push(("竜_ske.json", read("dragonbones/竜_ske.json")));
    out.push(("勇者_tex.json", read("dragonbones/勇者_tex.json")));
    for text in variants(&read("elem/valid/two_containers.elem")) {
        out.push(("model.elem", text));
    }
    out.push(("walker.elem", read("elem/valid/walker.elem")));
    out
}

fn fs() -> MemoryFs {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dragonbones");
    let atlas = std::fs::read_to_string(fixtures.join("勇者_tex.json")).expect("atlas");
    MemoryFs::default().with("勇者_tex.json", &atlas)
}

/// What people type and paste, and what breaks structure: brackets, braces, quotes, lines.
fn insertion() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "",
        "",
        "0",
        "7",
        "-1.5",
        "2.25",
        "e3",
        ",",
        "{",
        "}",
        "[",
        "]",
        ":",
        "\"",
        "\"name\"",
        "\"x\": 1,",
        "{\"name\":\"新\"},",
        "\n",
        "\r\n",
        "\t",
        " ",
        "頭",
        "😀",
        "null",
        "true",
        "Mesh {\n",
        "}\n",
        "Position=1:2:3\n",
        "\t\t\t0.5:0.25:1.0\n",
        "NodeName=\"腕\"\n",
        "\"duration\": 0,",
    ])
    .prop_map(str::to_owned)
}

/// An edit, and whether the next step undoes it (a bracket broken, then restored).
fn step() -> impl Strategy<Value = (u16, u8, String, bool)> {
    (any::<u16>(), prop_oneof![4 => 0u8..3, 1 => 0u8..40], insertion(), prop::bool::weighted(0.3))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_edit_streams_match_fresh_analyses(
        doc in 0usize..16,
        steps in prop::collection::vec(step(), 1..10),
    ) {
        let documents = documents();
        let (path, text) = &documents[doc % documents.len()];
        let fs = fs();
        let mut analysis = Analysis::new(Some(std::path::Path::new(path)), text.clone(), &fs);
        for (at, removed, with, undo) in steps {
            let before = analysis.text.clone();
            let from = before.len() * at as usize / u16::MAX as usize;
            let edit = Edit { from, to: from + removed as usize, with };
            analysis = reanalyse_and_compare(&analysis, edit.apply(&before), &fs);
            if undo {
                analysis = reanalyse_and_compare(&analysis, before, &fs);
            }
        }
    }
}

/// Each number of every armature changed in turn, as the benchmark's edits do: the common case.
#[test]
fn digit_edits_in_every_armature_match_fresh_analyses() {
    let text = skeleton();
    let edits: Vec<Edit> = text
        .match_indices(|c: char| c.is_ascii_digit())
        .step_by(3)
        .map(|(at, d)| Edit { from: at, to: at + 1, with: if d == "9" { "1".into() } else { "9".into() } })
        .collect();
    assert!(edits.len() > 50);
    check_edit_stream("army_ske.json", text.clone(), &edits, &fs());
    // Each one inside an armature reparses only its innermost container (edits of the root's
    // values parse it all again: the root is the innermost container).
    let fs = fs();
    let list = text.find("\"armature\":[").unwrap();
    let mut analysis = Analysis::new(Some(std::path::Path::new("army_ske.json")), text, &fs);
    for edit in &edits {
        let next = edit.apply(&analysis.text);
        analysis = Analysis::reanalyse(&analysis, next, &fs);
        let reparsed = analysis.reuse.reparsed;
        if edit.from < list {
            continue;
        }
        assert!(reparsed.is_some_and(|r| r.len() < 2_000), "{edit:?}: {reparsed:?}");
    }
}

/// Edits that reach across armatures: a child armature's pose breaks (its parent is evaluated
/// again), an armature fails to parse (no pose is checked anywhere) and is fixed again (every
/// pose is), names change, an armature is added and removed.
#[test]
fn edits_reaching_across_armatures_match_fresh_analyses() {
    let text = skeleton();
    let horse = text.find("\"name\":\"馬\"").unwrap();
    let at = |needle: &str, from: usize| from + text[from..].find(needle).unwrap();
    let hand = at("{\"x\":10}", horse);
    let vertices = at("\"vertices\":[0,0,1,0,0,1]", text.find("従者").unwrap());
    let list_end = text.rfind("]}").unwrap();
    let edits = [
        // 馬's hand moves to infinity: a non-finite pose in 馬, which 従者 shows.
        Edit { from: hand + 5, to: hand + 7, with: "1e999".into() },
        // 従者's mesh loses vertices: the runtime's parse fails, no pose is checked.
        Edit { from: vertices + 12, to: vertices + 23, with: "0,0".into() },
        // Restored: every pose is checked again.
        Edit { from: vertices + 12, to: vertices + 15, with: "0,0,1,0,0,1".into() },
        // 馬 renamed (従者 now shows nothing), then named back.
        Edit { from: horse + 8, to: horse + 11, with: "驢馬".into() },
        Edit { from: horse + 8, to: horse + 14, with: "馬".into() },
        // A fourth armature, then gone.
        Edit { from: list_end, to: list_end, with: ",{\"name\":\"新\",\"bone\":[{\"name\":\"r\"}]}".into() },
    ];
    let fs = fs();
    let mut analysis = Analysis::new(Some(std::path::Path::new("army_ske.json")), text.clone(), &fs);
    let mut codes = Vec::new();
    for edit in &edits {
        // Offsets are of the original text: each edit is applied to it alone, and after the
        // previous ones (where it still fits).
        for base in [text.clone(), analysis.text.clone()] {
            analysis = reanalyse_and_compare(&analysis, edit.apply(&base), &fs);
            codes.extend(analysis.diagnostics.iter().map(|d| d.code.as_str()));
        }
    }
    assert!(codes.contains(&"non-finite-pose"), "{codes:?}");
}
