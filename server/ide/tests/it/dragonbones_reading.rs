//! A pose or scene of one armature reads that armature and those it shows, not the whole file
//! (`DragonBonesFile::reading`), and must answer exactly what the whole file's reading answers:
//! every armature (and an unknown one), the setup pose and every animation at several times, on
//! the project's skeletons (the runtime fixtures include failing, looping, shared-mesh and
//! duplicate-name files) and on `../shared/corpus` when it is there; then after edits, where the
//! rules' per-armature findings (which carry every armature's failures) were moved, not remade.

use rigls_test_support::fixture as support;

use std::path::{Path, PathBuf};

use rigls_diagnostic::env::RealFs;
use rigls_ide::Analysis;
use rigls_ide::pose::{self, PoseRequest};
use rigls_ide::scene;

/// The JSON files under `dir`, through its folders, in name order.
fn skeletons(dir: &Path, out: &mut Vec<PathBuf>) {
    support::files_under(dir, &|p| p.extension().is_some_and(|e| e == "json"), out);
}

/// The JSON files of the project's fixtures and, beside the repository, of the corpus (said on
/// stderr when it is absent).
fn fixtures_and_corpus() -> Vec<PathBuf> {
    let root = rigls_test_support::server_dir();
    let mut files = Vec::new();
    skeletons(&root.join("tests/fixtures"), &mut files);
    let corpus = root.join("../../shared/corpus/dragonbones");
    if corpus.is_dir() {
        skeletons(&corpus, &mut files);
    } else {
        eprintln!("skipped: ../shared/corpus/dragonbones is absent (the project's fixtures still run)");
    }
    files
}

/// The requests compared: each armature at its setup pose and in its first three animations at
/// two times (each also asked as scenes half a second later).
fn requests(analysis: &Analysis) -> Vec<PoseRequest> {
    let file = analysis.dragonbones().expect("a skeleton");
    let mut out = vec![PoseRequest::default()];
    for armature in &file.model.armatures {
        out.push(PoseRequest { armature: Some(armature.name.clone()), ..PoseRequest::default() });
        for animation in armature.animations.iter().take(3) {
            for time in [0.3, 1.7] {
                out.push(PoseRequest {
                    armature: Some(armature.name.clone()),
                    animation: Some(animation.name.clone()),
                    time,
                    target: None,
                });
            }
        }
    }
    out
}

/// Compares every request's pose and scene on `analysis` (not yet read whole) with those of a
/// fresh analysis of the same text read whole; returns whether `analysis` answered them all
/// without reading the whole file.
fn same_as_whole(label: &str, path: &Path, analysis: &Analysis) -> bool {
    let whole = Analysis::new(Some(path), analysis.text.clone(), &RealFs);
    let Some(whole_file) = whole.dragonbones() else { return false };
    whole_file.evaluation(&whole.text);
    let compare = |request: &PoseRequest| {
        let (ours, theirs) = (pose::pose(analysis, request), pose::pose(&whole, request));
        // Debug, not ==: a NaN pose must read NaN both ways.
        assert_eq!(format!("{ours:?}"), format!("{theirs:?}"), "{label}: the pose of {request:?}");
        let times = [request.time, request.time + 0.5];
        let (ours, theirs) = (scene::scenes_at(analysis, request, &times), scene::scenes_at(&whole, request, &times));
        assert_eq!(format!("{ours:?}"), format!("{theirs:?}"), "{label}: the scenes of {request:?}");
    };
    requests(&whole).iter().for_each(compare);
    let by_armature = !analysis.dragonbones().is_some_and(|f| f.read_whole());
    // An unknown armature is refused with the names the whole file's reading lists.
    compare(&PoseRequest { armature: Some("no such armature".to_owned()), ..PoseRequest::default() });
    by_armature
}

#[test]
fn one_armature_reads_as_the_whole_file_on_every_skeleton() {
    let files = fixtures_and_corpus();
    let (mut compared, mut by_armature) = (0, 0);
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else { continue };
        let analysis = Analysis::new(Some(path), text, &RealFs);
        if analysis.dragonbones().is_none_or(|f| f.model.armatures.is_empty()) {
            continue;
        }
        compared += 1;
        by_armature += usize::from(same_as_whole(&path.display().to_string(), path, &analysis));
    }
    eprintln!("{by_armature} of {compared} skeletons answered armature by armature");
    assert!(compared >= 15, "the fixtures are found: {compared}");
    // Most files answer every request without reading the whole file.
    assert!(by_armature * 2 > compared, "{by_armature} of {compared} read armature by armature");
}

fn render_fixture() -> (PathBuf, String) {
    let path = rigls_test_support::server_dir().join("tests/fixtures/render/atlas_ske.json");
    let text = std::fs::read_to_string(&path).expect("the render fixture");
    (path, text)
}

#[test]
fn the_render_fixture_poses_each_armature_without_reading_the_other() {
    let (path, text) = render_fixture();
    // Japanese names, CRLF and a BOM move every range the scenes and messages carry.
    let text = format!("\u{feff}{}", text.replace("\"badge\"", "\"バッジ\"").replace('\n', "\r\n"));
    let analysis = Analysis::new(Some(&path), text, &RealFs);
    assert!(same_as_whole("atlas_ske.json", &path, &analysis), "answered armature by armature");
}

/// An edit's analysis moves the previous findings of the armatures it left alone; a failure in
/// one of those must still stop the poses of every armature, at its moved place.
#[test]
fn after_edits_a_failure_elsewhere_still_stops_every_pose_at_its_moved_place() {
    let (path, text) = render_fixture();
    // `badge`'s animation on a fractional duration: DragonBonesJS throws loading the file.
    let spin = "\"duration\": 24,\n\t\t\t\t\t\"playTimes\": 0,\n\t\t\t\t\t\"name\": \"spin\"";
    assert!(text.contains(spin), "badge's animation");
    let failing = text.replace(spin, &spin.replace("24", "12.5"));
    let mut analysis = Analysis::new(Some(&path), failing, &RealFs);
    let stage = PoseRequest { armature: Some("stage".to_owned()), ..PoseRequest::default() };
    let broken = pose::pose(&analysis, &stage).expect_err("no pose while an armature fails");
    assert!(broken.to_string().contains("fractional duration"), "{broken}");
    // Edits inside `stage`, before `badge`: longer, shorter, on a new line.
    let wave = analysis.text.find("\"wave\"").expect("stage's animation");
    for inserted in [" ", "\n\n\t", "  \u{3042}"] {
        let mut text = String::clone(&analysis.text);
        let at = wave + text[wave..].find(',').expect("after the name") + 1;
        text.insert_str(at, inserted);
        analysis = Analysis::reanalyse(&analysis, text, &RealFs);
        let (ours, fresh) = (
            pose::pose(&analysis, &stage),
            pose::pose(&Analysis::new(Some(&path), analysis.text.clone(), &RealFs), &stage),
        );
        assert_eq!(format!("{ours:?}"), format!("{fresh:?}"), "after inserting {inserted:?}");
        assert!(ours.is_err(), "still no pose after inserting {inserted:?}");
        assert!(same_as_whole("the failing fixture, edited", &path, &analysis));
    }
}

/// The poses, scenes and hovers of an analysed version take the runtime rules' parse of each
/// armature they show, when the rules read it in full: they parse none again, and answer as the
/// whole file's reading does. After an edit the rules parse only the armatures it changed; a
/// reading of another parses that one, once.
#[test]
fn readings_after_the_analysis_take_the_rules_parse_of_each_armature() {
    let (path, text) = render_fixture();
    let analysis = Analysis::new(Some(&path), text, &RealFs);
    let file = analysis.dragonbones().expect("a skeleton");
    assert_eq!(file.findings.runtime.evaluated, 2, "the rules parsed `stage` and `badge`");
    let upper = analysis.text.find("\"upper\", \"parent\"").expect("the bone `upper`") + 2;
    let hover = rigls_ide::hover(&analysis, upper as u32).expect("a hover on `upper`");
    assert!(hover.markdown.contains("**At the setup pose**"), "{}", hover.markdown);
    assert!(same_as_whole("atlas_ske.json", &path, &analysis), "answered armature by armature");
    assert_eq!(file.reading_parses(), 0, "every armature's reading was the rules' parse");

    let mut text = String::clone(&analysis.text);
    let wave = text.find("\"wave\"").expect("stage's animation");
    text.insert(wave + text[wave..].find(',').expect("after the name") + 1, ' ');
    let analysis = Analysis::reanalyse(&analysis, text, &RealFs);
    let file = analysis.dragonbones().expect("a skeleton");
    assert_eq!((file.findings.runtime.evaluated, file.findings.runtime.reused), (1, 1), "`stage` parsed again");
    let request = |armature: &str| PoseRequest { armature: Some(armature.to_owned()), ..PoseRequest::default() };
    pose::pose(&analysis, &request("stage")).expect("a pose of `stage`");
    assert_eq!(file.reading_parses(), 0, "`stage` was parsed by the rules");
    pose::pose(&analysis, &request("badge")).expect("a pose of `badge`");
    scene::scenes_at(&analysis, &request("badge"), &[0.5]).expect("a scene of `badge`");
    assert_eq!(file.reading_parses(), 1, "`badge`'s findings were moved, so its reading parsed it, once");
    assert!(same_as_whole("atlas_ske.json, edited", &path, &analysis), "answered armature by armature");
    assert_eq!(file.reading_parses(), 1);
}

/// The rules leave the values of deform key frames out where they can: such a parse is not what
/// a pose reads, so the reading parses the armature itself (once per version).
#[test]
fn a_parse_without_deform_values_is_not_taken_by_a_reading() {
    let path = rigls_test_support::server_dir().join("tests/fixtures/dragonbones/poses/slots_ske.json");
    let text = std::fs::read_to_string(&path).expect("the slots fixture");
    let analysis = Analysis::new(Some(&path), text, &RealFs);
    let file = analysis.dragonbones().expect("a skeleton");
    assert_eq!(file.findings.runtime.evaluated, 1);
    let request = PoseRequest { armature: Some("slots".to_owned()), ..PoseRequest::default() };
    pose::pose(&analysis, &request).expect("a pose of `slots`");
    assert_eq!(file.reading_parses(), 1, "the rules' parse left deform values out");
    assert!(same_as_whole("slots_ske.json", &path, &analysis), "answered armature by armature");
    assert_eq!(file.reading_parses(), 1, "the reading's own parse kept");
}

/// What the rules keep for the readings is a parse that left no deform values out; such a parse
/// is the full parse a reading would make, on every armature of every skeleton.
#[test]
fn a_parse_that_left_nothing_out_is_the_full_parse() {
    use rigls_dragonbones::eval::parse::{self, DeformValues};
    use rigls_dragonbones::eval::raw::Raw;
    let files = fixtures_and_corpus();
    let (mut same, mut left_out) = (0, 0);
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else { continue };
        let Some(file) = rigls_dragonbones::DragonBonesFile::parse(&text) else { continue };
        let (raw, Some(top)) = (Raw::new(&file.tree, &text), file.tree.root()) else { continue };
        let elements = parse::armature_elements(raw, top);
        let names: Vec<String> =
            elements.iter().map(|&e| raw.string(e, rigls_dragonbones::schema::key::NAME, "")).collect();
        for i in 0..elements.len() {
            let read = |values| parse::parse_shown(raw, top, &elements, &names, i, values, None);
            let Ok((checked, _)) = read(DeformValues::CheckedFinite) else { continue };
            if checked.deform_values_left_out {
                left_out += 1;
                continue;
            }
            let (full, _) = read(DeformValues::Kept).expect("read as before");
            assert_eq!(format!("{checked:?}"), format!("{full:?}"), "{}: armature {i}", path.display());
            same += 1;
        }
    }
    eprintln!("{same} armatures' parses left nothing out, {left_out} left deform values out");
    assert!(same >= 20 && left_out >= 1, "{same} and {left_out}");
}
