//! Incremental analysis equals a fresh one: random edit sequences (typing, deleting, pasting,
//! breaking a bracket or a brace and restoring it) on real-shaped skeletons and models, in LF,
//! CRLF and with a byte-order mark, each edit compared with `Analysis::new` of the same text —
//! every diagnostic, symbol, fold and token, the syntax tree and the model
//! (`fuzz/common/incremental.rs`, which the `analysis_incremental` fuzz target runs too).

#[path = "../../../../fuzz/common/incremental.rs"]
mod edit_streams;

use edit_streams::{Edit, check_edit_stream, reanalyse_and_compare};
use proptest::prelude::*;
use rigls_diagnostic::env::MemoryFs;
use rigls_ide::Analysis;

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

/// An armature whose findings only evaluating it shows: a bone moved to infinity at the second
/// key frame of its second animation, a mesh that no runtime draws, and a misspelt key.
const BROKEN: &str = r#"{"name":"壊","bone":[{"name":"root","colour":1},{"name":"b","parent":"root"}],
"slot":[{"name":"s","parent":"b"}],
"skin":[{"slot":[{"name":"s","display":[{"name":"m","type":"mesh","vertices":[0,0,1,0,0,1],"uvs":[0,0,1,0,0,1],"triangles":[0,1,2]}]}]}],
"animation":[{"name":"a","duration":2,"bone":[{"name":"b","translateFrame":[{"duration":2,"x":1}]}]},
{"name":"b","duration":4,"bone":[{"name":"b","translateFrame":[{"duration":2,"x":1},{"duration":2,"x":1e999}]}]}]}"#;

/// An armature the runtime never finishes sorting: an IK constraint targets a child of its bone.
const LOOPED: &str = r#"{"name":"輪","bone":[{"name":"r"},{"name":"c","parent":"r","transform":{"x":2}}],
"ik":[{"name":"k","bone":"r","target":"c"}]}"#;

/// A skeleton of five armatures, the second and third showing their neighbour as a child, the
/// fourth not finite, the last hanging the runtime.
fn skeleton() -> String {
    let armature = |name: &str, child: &str| ARMATURE.replace("NAME", name).replace("CHILD", child);
    format!(
        r#"{{"name":"一座","version":"5.5","compatibleVersion":"5.5","frameRate":30,"armature":[{},{},{},{BROKEN},{LOOPED}]}}"#,
        armature("勇者", "none"),
        armature("従者", "馬"),
        armature("馬", "nothing")
    )
}

fn variants(text: &str) -> Vec<String> {
    vec![text.to_owned(), text.replace('\n', "\r\n"), format!("\u{feff}{text}")]
}

fn documents() -> Vec<(&'static str, String)> {
    let fixtures = rigls_test_support::server_dir().join("tests/fixtures");
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

/// `.elem` models: Japanese names, tabs and no indentation at all, findings of the rules (a
/// wrong count, an index past the bones, a non-finite key, a colour out of range, a word for a
/// number), each in LF, CRLF and with a BOM.
fn elem_documents() -> Vec<String> {
    let fixtures = rigls_test_support::server_dir().join("tests/fixtures/elem/valid");
    let read = |p: &str| std::fs::read_to_string(fixtures.join(p)).expect("fixture");
    let walker = read("walker.elem");
    let flawed = walker
        .replacen("VertexCount=", "VertexCount=1", 1)
        .replacen("0.0", "1e999", 1)
        .replacen("Diffuse=1.000000", "Diffuse=2.000000", 1)
        .replacen("SpecularSharpness=20.000000", "SpecularSharpness=twenty", 1);
    [read("two_containers.elem"), walker, flawed, read("model_only_no_tabs.elem")]
        .iter()
        .flat_map(|text| variants(text))
        .collect()
}

/// What is typed and pasted in an `.elem` model, and what breaks its structure.
fn elem_insertion() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "",
        "",
        "0",
        "7",
        "-1.5",
        ".25",
        "1e5",
        ":",
        ",",
        "{",
        "}",
        "\"",
        "\"新\"",
        "\n",
        "\r\n",
        "\t",
        " ",
        "頭",
        "Positions {\r\n",
        "\t}\r\n",
        "}\n",
        "Name=\"腕\"\r\n",
        "\t\t\t\t0.5:0.25:1.0\r\n",
        "3,0:1:2\n",
        "VertexCount=3\n",
        "Node {\n\tNodeName=\"足\"\n}\n",
        "=",
    ])
    .prop_map(str::to_owned)
}

fn fs() -> MemoryFs {
    let fixtures = rigls_test_support::server_dir().join("tests/fixtures/dragonbones");
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
            let before = String::clone(&analysis.text);
            let from = before.len() * at as usize / u16::MAX as usize;
            let edit = Edit { from, to: from + removed as usize, with };
            analysis = reanalyse_and_compare(&analysis, edit.apply(&before), &fs);
            if undo {
                analysis = reanalyse_and_compare(&analysis, before, &fs);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Edits at random places of `.elem` models, most of them at a line start or next to a
    /// brace or a quote (inside a scope, across scopes, breaking and restoring braces and
    /// quotes), some undone at the next step.
    #[test]
    fn elem_edit_streams_match_fresh_analyses(
        doc in 0usize..12,
        steps in prop::collection::vec(
            (any::<u16>(), prop::bool::ANY, prop_oneof![4 => 0u8..3, 1 => 0u8..60], elem_insertion(), prop::bool::weighted(0.3)),
            1..10,
        ),
    ) {
        let documents = elem_documents();
        let text = &documents[doc % documents.len()];
        let fs = MemoryFs::default();
        let mut analysis = Analysis::new(Some(std::path::Path::new("model.elem")), text.clone(), &fs);
        for (at, marked, removed, with, undo) in steps {
            let before = String::clone(&analysis.text);
            let mut from = before.len() * at as usize / u16::MAX as usize;
            if marked {
                let marks: Vec<usize> = before.match_indices(['\n', '{', '}', '"']).map(|(i, _)| i).collect();
                from = marks[at as usize % marks.len()];
            }
            let edit = Edit { from, to: from + removed as usize, with };
            analysis = reanalyse_and_compare(&analysis, edit.apply(&before), &fs);
            if undo {
                analysis = reanalyse_and_compare(&analysis, before, &fs);
            }
        }
    }
}

/// Every digit of every model changed in turn, as the benchmark's edits do: each is reparsed
/// alone when it sits inside a scope (the innermost, a list of a mesh for most), never whole.
#[test]
fn digit_edits_in_every_scope_of_a_model_match_fresh_analyses() {
    let fs = MemoryFs::default();
    for text in elem_documents() {
        let edits: Vec<Edit> = text
            .match_indices(|c: char| c.is_ascii_digit())
            .map(|(at, d)| Edit { from: at, to: at + 1, with: if d == "9" { "1".into() } else { "9".into() } })
            .collect();
        let mut analysis = Analysis::new(Some(std::path::Path::new("model.elem")), text.clone(), &fs);
        let (mut reparsed, mut spliced) = (0, 0);
        for edit in &edits {
            let next = edit.apply(&analysis.text);
            analysis = reanalyse_and_compare(&analysis, next, &fs);
            let tree = &analysis.elem().expect("a model").tree;
            let innermost = tree.scope_at(edit.from as u32);
            let inside = innermost != rigls_elem::syntax::ROOT;
            let region = analysis.reuse.reparsed;
            if let Some(region) = region {
                reparsed += 1;
                assert_eq!(region, tree.scope(innermost).range, "{edit:?}");
                // The tokens outside the scope are the previous version's (the splice itself is
                // compared with a fresh analysis's tokens by `reanalyse_and_compare`); a digit
                // inside a name may change what the names outside are, so not every edit.
                spliced += usize::from(analysis.reuse.tokens_outside.map(|r| r.new) == Some(region));
            }
            // The model with findings has a syntax error nowhere; a digit edit never makes one.
            assert_eq!(region.is_some(), inside && tree.errors.is_empty(), "{edit:?}: {region:?}");
        }
        assert!(reparsed > 20, "{reparsed} of {}", edits.len());
        assert!(spliced * 10 >= reparsed * 9, "tokens spliced after {spliced} of {reparsed} scope reparses");
    }
}

/// Edits that break structure and restore it, each applied to the model and then undone:
/// braces and quotes removed and put back, a scope added, removed and moved to another
/// container, lines moved across scopes, a tag renamed, the indentation of a `}` changed.
#[test]
fn elem_edits_breaking_and_restoring_structure_match_fresh_analyses() {
    let fs = MemoryFs::default();
    for text in elem_documents() {
        let find = |needle: &str| text.find(needle).unwrap_or_else(|| panic!("{needle}"));
        let positions = find("Positions {");
        let close = positions + text[positions..].find('}').unwrap();
        let quote = find("Name=\"") + 5;
        let mesh = find("Mesh {");
        let line = positions + text[positions..].find('\n').unwrap() + 1;
        let next_line = line + text[line..].find('\n').unwrap() + 1;
        let edits = [
            Edit { from: close, to: close + 1, with: String::new() },
            Edit { from: close, to: close, with: "}".into() },
            Edit { from: quote, to: quote + 1, with: String::new() },
            Edit { from: quote, to: quote, with: "\"\"".into() },
            Edit { from: line, to: line, with: "Normals {\n0:0:1\n}\n".into() },
            Edit { from: line, to: next_line, with: String::new() },
            Edit { from: mesh, to: mesh + 4, with: "Mesh2".into() },
            Edit { from: close.saturating_sub(1), to: close, with: String::new() },
            Edit { from: close, to: close, with: "\t".into() },
            Edit { from: positions, to: positions, with: "Name=\"移\"\n".into() },
            Edit { from: 0, to: 0, with: "\n".into() },
        ];
        let mut analysis = Analysis::new(Some(std::path::Path::new("model.elem")), text.clone(), &fs);
        for edit in &edits {
            analysis = reanalyse_and_compare(&analysis, edit.apply(&text), &fs);
            analysis = reanalyse_and_compare(&analysis, text.clone(), &fs);
            // And on top of the edits so far.
            let next = edit.apply(&analysis.text);
            analysis = reanalyse_and_compare(&analysis, next, &fs);
        }
    }
}

/// The ranges of the objects of the root's `armature` list.
fn armature_ranges(analysis: &Analysis) -> Vec<std::ops::Range<usize>> {
    let file = analysis.dragonbones().expect("a skeleton");
    let list = file.tree.get(&analysis.text, 0, "armature").expect("an armature list");
    file.tree.elements(list).map(|e| file.tree.range(e).as_usize()).collect()
}

/// The ranges of each armature's animations (objects of its `animation` list), by armature.
fn animation_ranges(analysis: &Analysis) -> Vec<Vec<std::ops::Range<usize>>> {
    let file = analysis.dragonbones().expect("a skeleton");
    let list = file.tree.get(&analysis.text, 0, "armature").expect("an armature list");
    file.tree
        .elements(list)
        .map(|armature| match file.tree.get(&analysis.text, armature, "animation") {
            Some(animations) => file.tree.elements(animations).map(|a| file.tree.range(a).as_usize()).collect(),
            None => Vec::new(),
        })
        .collect()
}

/// Each number of every armature changed in turn, as the benchmark's edits do: the common case.
/// Each reparses only its innermost container, checks only its armature again, and evaluates
/// only it and the armatures showing it (従者 shows 馬); the rest is reused.
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
    let fs = fs();
    let list = text.find("\"armature\":[").unwrap();
    let mut analysis = Analysis::new(Some(std::path::Path::new("army_ske.json")), text, &fs);
    let armatures = armature_ranges(&analysis);
    assert_eq!(armatures.len(), 5);
    let mut inside = 0;
    // Edits of the root's values (its version, its frame rate) parse it all again (the root is
    // the innermost container) and change what every armature reads: left out here.
    for edit in edits.iter().filter(|e| e.from > list) {
        let next = edit.apply(&analysis.text);
        analysis = Analysis::reanalyse(&analysis, next, &fs);
        let reuse = analysis.reuse;
        assert!(reuse.reparsed.is_some_and(|r| r.len() < 2_000), "{edit:?}: {reuse:?}");
        // A digit names nothing: the tokens are those of the reparsed container spliced in.
        assert_eq!(reuse.tokens_outside.map(|r| r.new), reuse.reparsed, "{edit:?}");
        let Some(a) = armatures.iter().position(|r| r.contains(&edit.from)) else { continue };
        inside += 1;
        let evaluated = if a == 2 { 2 } else { 1 };
        assert_eq!(
            (reuse.armatures_checked, reuse.armatures_evaluated, reuse.armatures_reused),
            (4, evaluated, 5 - evaluated),
            "{edit:?} in armature {a}"
        );
    }
    assert!(inside > 50, "{inside}");
}

/// Text inserted or removed inside one animation moves the findings taken from the previous
/// version by where each lies, not with its animation: 壊's second animation is not finite at
/// bone `b`, which lies before an edit in its first animation, and stays where it is (it moved
/// with the animation: `random_edit_streams_match_fresh_analyses`, doc 0, 2 bytes deleted).
#[test]
fn edits_that_move_text_inside_an_animation_move_reused_findings_by_where_they_lie() {
    let text = skeleton();
    let fs = fs();
    let original = Analysis::new(Some(std::path::Path::new("army_ske.json")), text.clone(), &fs);
    let animations = animation_ranges(&original);
    let mut reused = 0;
    for (a, ranges) in animations.iter().enumerate() {
        for range in ranges {
            for (at, _) in text[range.clone()].match_indices(',') {
                let at = range.start + at + 1;
                for edit in
                    [Edit { from: at, to: at, with: "  ".into() }, Edit { from: at - 1, to: at, with: String::new() }]
                {
                    // Removing a comma breaks the list: compared all the same.
                    let edited = reanalyse_and_compare(&original, edit.apply(&text), &fs);
                    reused += usize::from(edited.reuse.animations_reused > 0 && a == 3);
                }
            }
        }
    }
    assert!(reused > 5, "{reused}");
}

/// A digit changed inside one animation of the original skeleton (each edit alone, compared with
/// a fresh analysis) poses that animation alone of its armature and takes the other's findings
/// from the previous version; an edit in 馬 also evaluates 従者, which shows it, and poses both of
/// 従者's animations.
/// An edit that makes its armature fail to build (a weight's bone index past the bones, say)
/// poses nothing at all.
#[test]
fn an_edit_inside_an_animation_poses_that_animation_alone() {
    let text = skeleton();
    let fs = fs();
    let original = Analysis::new(Some(std::path::Path::new("army_ske.json")), text.clone(), &fs);
    let armatures = armature_ranges(&original);
    let animations = animation_ranges(&original);
    let (mut posing, mut failing) = (0, 0);
    for (at, d) in text.match_indices(|c: char| c.is_ascii_digit()) {
        let Some(a) = armatures.iter().position(|r| r.contains(&at)) else { continue };
        if !animations[a].iter().any(|r| r.contains(&at)) {
            continue;
        }
        let edit = Edit { from: at, to: at + 1, with: if d == "9" { "1".into() } else { "9".into() } };
        let edited = reanalyse_and_compare(&original, edit.apply(&text), &fs);
        let reuse = edited.reuse;
        let shown = if a == 2 { 2 } else { 0 };
        let own = animations[a].len();
        if (reuse.animations_posed, reuse.animations_reused) == (0, 0) {
            failing += 1;
            continue;
        }
        assert_eq!((reuse.animations_posed, reuse.animations_reused), (1 + shown, own - 1), "{edit:?} in armature {a}");
        posing += 1;
    }
    assert!(posing > 30, "{posing} posing, {failing} failing");
}

/// An edit inside 壊's first animation keeps the second's finding, which points before both (at
/// the bone the pose moves to infinity, where the armature defines it): moved as the edit moved
/// its text, i.e. not at all, in LF, CRLF and with a BOM.
#[test]
fn a_reused_animation_keeps_findings_that_point_outside_it() {
    let fs = fs();
    for text in variants(&skeleton()) {
        let original = Analysis::new(Some(std::path::Path::new("army_ske.json")), text.clone(), &fs);
        let at = text.find(r#"{"name":"a","duration""#).expect("壊's first animation") + r#"{"name":"a",""#.len();
        let edit = Edit { from: at, to: at + 1, with: String::new() };
        let edited = reanalyse_and_compare(&original, edit.apply(&text), &fs);
        assert_eq!((edited.reuse.animations_posed, edited.reuse.animations_reused), (1, 1));
        let pose = |a: &Analysis| {
            let d = a.diagnostics.iter().find(|d| d.code == rigls_diagnostic::Code::NonFinitePose).expect("a finding");
            a.text[d.range.as_usize()].to_owned()
        };
        assert_eq!(pose(&original), r#""b""#);
        assert_eq!(pose(&edited), r#""b""#);
    }
}

/// The analysis of `edit` applied to `previous`'s text in two steps, compared with a fresh one,
/// and its first step's runtime findings (those of [`RUNTIME_CODES`]) as `code text` lines, the
/// text of each range in the edited text; then the analysis's own likewise.
fn in_steps(previous: &Analysis, edit: &Edit) -> (String, String, Analysis) {
    let fs = fs();
    let text = edit.apply(&previous.text);
    let first = std::sync::Mutex::new(Vec::new());
    let early = |step: rigls_ide::FirstStep<'_>| first.lock().unwrap().push(step.diagnostics);
    let analysis = Analysis::reanalyse_in_steps(previous, text.clone(), &fs, false, Some(&early));
    let fresh = Analysis::new(previous.path.as_deref(), text.clone(), &fs);
    assert_eq!(analysis.diagnostics, fresh.diagnostics);
    let first = first.into_inner().unwrap();
    edit_streams::check_first_step(previous, &analysis, first.clone());
    let runtime = |list: &[rigls_diagnostic::Diagnostic]| {
        let found = list.iter().filter(|d| edit_streams::RUNTIME_CODES.contains(&d.code));
        found.map(|d| format!("{} {}\n", d.code, &text[d.range.as_usize()])).collect::<String>()
    };
    (runtime(&first[0]), runtime(&analysis.diagnostics), analysis)
}

/// The first step of an analysis in two keeps the previous version's runtime findings on the
/// armatures the edit left alone and on the animations of its armature it left alone (also when
/// the finding points outside its animation, at the bone), and drops those on what it changed;
/// the second step finds what the evaluation finds.
#[test]
fn the_first_step_keeps_the_runtime_findings_on_what_the_edit_left_alone() {
    let text = skeleton();
    let original = Analysis::new(Some(std::path::Path::new("army_ske.json")), text.clone(), &fs());
    let find = |needle: &str| text.find(needle).unwrap_or_else(|| panic!("{needle}"));
    // A digit of 勇者's: every other armature's findings are kept.
    let hero = find("\"x\":1.5");
    let (first, all, _) = in_steps(&original, &Edit { from: hero + 4, to: hero + 5, with: "2".into() });
    expect_test::expect![[r#"
        non-finite-pose "b"
        ik-cycle "c"
    "#]]
    .assert_eq(&first);
    assert_eq!(first, all);
    // 壊's first animation: its second animation's finding is kept (it lies at the bone).
    let a = find(r#"{"name":"a","duration":2"#) + r#"{"name":"a","duration":"#.len();
    let (first, all, _) = in_steps(&original, &Edit { from: a, to: a + 1, with: "3".into() });
    assert_eq!((first.as_str(), all.as_str()), ("non-finite-pose \"b\"\nik-cycle \"c\"\n", first.as_str()));
    // Its second animation made finite: the finding is gone from both steps; made infinite again,
    // it is back in the second step only.
    let infinite = find("1e999");
    let (first, all, finite) = in_steps(&original, &Edit { from: infinite, to: infinite + 5, with: "2".into() });
    assert_eq!((first.as_str(), all.as_str()), ("ik-cycle \"c\"\n", "ik-cycle \"c\"\n"));
    let (first, all, _) = in_steps(&finite, &Edit { from: infinite, to: infinite + 1, with: "1e999".into() });
    assert_eq!((first.as_str(), all.as_str()), ("ik-cycle \"c\"\n", "non-finite-pose \"b\"\nik-cycle \"c\"\n"));
}

/// Edits that reach across armatures and animations: a child armature's pose breaks (its
/// parent is evaluated again), an armature fails to parse (no pose is checked anywhere) and is
/// fixed again (every pose is), names change and collide (the file is evaluated whole), a mesh
/// is shared (likewise), child armatures loop, armatures move, are added and removed, an
/// animation's key frame is no longer infinite and becomes so again.
#[test]
fn edits_reaching_across_armatures_match_fresh_analyses() {
    let text = skeleton();
    let find = |needle: &str, from: usize| from + text[from..].find(needle).unwrap();
    let hero = find("\"name\":\"勇者\"", 0);
    let horse = find("\"name\":\"馬\"", 0);
    let broken = find("\"name\":\"壊\"", 0);
    let hand = find("{\"x\":10}", horse);
    let vertices = find("\"vertices\":[0,0,1,0,0,1]", find("従者", 0));
    let mesh = find("{\"name\":\"m\",\"type\":\"mesh\"", hero);
    let nothing = find("\"nothing\"", horse);
    let infinite = find("1e999", broken);
    let list = find("\"armature\":[", 0) + "\"armature\":[".len();
    let second = find(",{\"name\":\"従者\"", 0);
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
        // 勇者 takes 馬's name: the runtime keeps the first of the two.
        Edit { from: hero + 8, to: hero + 14, with: "馬".into() },
        // 勇者's mesh shares another: the runtime shows the file's first geometry for it.
        Edit { from: mesh + 1, to: mesh + 1, with: "\"share\":\"m\",".into() },
        // 馬 shows 従者, which shows 馬: the child armatures loop.
        Edit { from: nothing, to: nothing + 9, with: "\"従者\"".into() },
        // The last armature's infinite key frame made finite, then infinite again.
        Edit { from: infinite, to: infinite + 5, with: "2".into() },
        Edit { from: infinite, to: infinite + 1, with: "1e999".into() },
        // Everything after the first armature moves (its findings with it).
        Edit { from: hero - 1, to: hero - 1, with: " \"frameRate\": 12, ".into() },
        // A fifth armature, then gone; the first removed.
        Edit { from: list_end, to: list_end, with: ",{\"name\":\"新\",\"bone\":[{\"name\":\"r\"}]}".into() },
        Edit { from: list, to: second + 1, with: String::new() },
    ];
    let fs = fs();
    let mut analysis = Analysis::new(Some(std::path::Path::new("army_ske.json")), text.clone(), &fs);
    let mut codes = std::collections::BTreeSet::new();
    let mut reused = 0;
    for edit in &edits {
        // Offsets are of the original text: each edit is applied to it alone, and after the
        // previous ones (where it still fits).
        for base in [text.clone(), String::clone(&analysis.text)] {
            analysis = reanalyse_and_compare(&analysis, edit.apply(&base), &fs);
            codes.extend(analysis.diagnostics.iter().map(|d| d.code.as_str()));
            reused += analysis.reuse.armatures_reused;
        }
    }
    for code in ["non-finite-pose", "ik-cycle", "armature-cycle", "unknown-key", "shared-mesh", "duplicate-name"] {
        assert!(codes.contains(code), "{code}: {codes:?}");
    }
    assert!(reused > 0);
}

/// What the comparison reports when `spoil` changes the incremental analysis of an unchanged
/// text (as a bug in `Analysis::reanalyse` would): the message of its panic. Unspoilt, the same
/// analysis passes.
fn reported(path: &str, text: &str, spoil: impl Fn(&mut Analysis)) -> String {
    use edit_streams::{Fresh, Version, compare};
    let fs = fs();
    let path = Some(std::path::Path::new(path));
    let fresh = Fresh::new(path, text.to_owned(), &fs);
    let previous = Version::new(Analysis::new(path, text.to_owned(), &fs));
    compare(&fresh, Analysis::reanalyse(&previous.analysis, text.to_owned(), &fs), &previous);
    let mut spoilt = Analysis::reanalyse(&previous.analysis, text.to_owned(), &fs);
    spoil(&mut spoilt);
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| compare(&fresh, spoilt, &previous)));
    let Err(panic) = outcome else { panic!("a spoilt analysis passed the comparison") };
    panic.downcast_ref::<String>().cloned().unwrap_or_default()
}

fn elem_tree(analysis: &mut Analysis) -> &mut rigls_elem::syntax::SyntaxTree {
    match &mut analysis.parsed {
        rigls_ide::ParsedFile::Elem(file) => &mut file.tree,
        _ => panic!("a model"),
    }
}

fn json_nodes(analysis: &mut Analysis) -> &mut Vec<rigls_dragonbones::syntax::Node> {
    match &mut analysis.parsed {
        rigls_ide::ParsedFile::DragonBones(file) => &mut file.tree.nodes,
        _ => panic!("a skeleton"),
    }
}

/// The comparison sees a difference in any part it compares, and names the part: the
/// diagnostics, the line index and the fields of both syntax trees (compared as values, not as
/// their write-ups).
#[test]
fn a_difference_in_any_compared_part_is_reported() {
    use rigls_elem::syntax::Item;
    let in_its = |what: &str, message: String| {
        assert!(message.contains(&format!("differs from a fresh one in its {what}:")), "{what}: {message}");
    };
    let model = &elem_documents()[6];
    in_its("diagnostics", reported("model.elem", model, |a| a.diagnostics[0].range.end += 1));
    in_its("diagnostics", reported("model.elem", model, |a| a.diagnostics[1].message.push('!')));
    in_its("lines", reported("model.elem", model, |a| a.lines = rigls_text::LineIndex::new("a\nb")));
    in_its("parse", reported("model.elem", model, |a| elem_tree(a).scopes[3].indent += 1));
    in_its("parse", reported("model.elem", model, |a| _ = elem_tree(a).scopes[3].items.pop()));
    let flip_last_key_line = |a: &mut Analysis| {
        let items = elem_tree(a).scopes.iter_mut().flat_map(|s| s.items.iter_mut());
        match items.filter(|i| matches!(i, Item::Key(_))).last() {
            Some(Item::Key(key)) => key.ok = !key.ok,
            _ => panic!("a key line"),
        }
    };
    in_its("parse", reported("model.elem", model, flip_last_key_line));
    let add_syntax_error = |a: &mut Analysis| {
        let error = a.diagnostics[0].clone();
        elem_tree(a).errors.push(error);
    };
    in_its("parse", reported("model.elem", model, add_syntax_error));
    let skeleton = skeleton();
    in_its("parse", reported("army_ske.json", &skeleton, |a| json_nodes(a)[7] = json_nodes(a)[7].moved(1, 0)));
    in_its("parse", reported("army_ske.json", &skeleton, |a| json_nodes(a)[7] = json_nodes(a)[7].moved(0, 1)));
    in_its("diagnostics", reported("army_ske.json", &skeleton, |a| _ = a.diagnostics.pop()));
}

/// A skeleton past the size whose tree buffers are kept for the next version
/// (`rigls_text::spare`, 1 MiB; its tree's nodes take about 2 MB): each edit's reparse splices
/// into the nodes of a version dropped before it, which must still give what a fresh analysis
/// gives. The small documents above never reach that size.
#[test]
fn edits_of_a_large_skeleton_reusing_the_last_versions_buffers_match_fresh_analyses() {
    let armatures: Vec<String> =
        (0..800).map(|i| ARMATURE.replace("NAME", &format!("a{i}")).replace("CHILD", "none")).collect();
    let text = format!(r#"{{"name":"大","version":"5.5","frameRate":30,"armature":[{}]}}"#, armatures.join(","));
    assert!(text.len() > 1 << 20, "{}", text.len());
    let fs = fs();
    let mut analysis = Analysis::new(Some(std::path::Path::new("large_ske.json")), text, &fs);
    let at = |analysis: &Analysis, needle: &str, nth: usize| analysis.text.match_indices(needle).nth(nth).unwrap().0;
    for (needle, nth, removed, with) in [
        (r#""name":"arm""#, 10, 0, " "),
        (r#""parent":"arm""#, 500, 14, r#""parent":"hand""#),
        (r#""name":"hand""#, 600, 13, r#""name":"arm""#),
        (r#"{"name":"a7""#, 0, 1, ""),
        (r#""name":"a7""#, 0, 0, "{"),
        (r#""target":"root""#, 699, 15, r#""target":"nowhere""#),
        (r#""bone":[{"name":"root"}"#, 3, 23, ""),
    ] {
        let from = at(&analysis, needle, nth);
        let edit = Edit { from, to: from + removed, with: with.to_owned() };
        let text = edit.apply(&analysis.text);
        analysis = reanalyse_and_compare(&analysis, text, &fs);
    }
}
