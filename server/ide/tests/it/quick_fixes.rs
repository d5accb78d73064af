//! Quick fixes lose nothing: applying the fix of one diagnostic removes it and changes no other
//! diagnostic (same codes and messages, line numbers aside) and adds none. Others may go too,
//! when they were consequences of the same mistake (an unquoted `Position` is both an invalid
//! value and a `VertexFormat` that lacks `"Position"`). Both formats, on the examples, the corpus
//! (when `../shared` is there) and mutations of valid files.

use rigls_test_support::fixture as support;

use std::path::Path;

use proptest::prelude::*;
use rigls_diagnostic::Diagnostic;
use rigls_ide::{Analysis, text_edit};

/// A diagnostic as compared across a fix: its code and message, with line numbers masked (a fix
/// inserting a line moves what later messages point at).
fn key(d: &Diagnostic) -> String {
    let mut out = String::new();
    let mut rest = d.message.as_str();
    while let Some(i) = rest.find("line ") {
        out.push_str(&rest[..i + 5]);
        rest = rest[i + 5..].trim_start_matches(|c: char| c.is_ascii_digit());
        out.push('N');
    }
    format!("{}: {out}{rest}", d.code)
}

fn keys(analysis: &Analysis) -> Vec<String> {
    let mut keys: Vec<String> = analysis.diagnostics.iter().map(key).collect();
    keys.sort();
    keys
}

/// Applies each fix on its own and checks the diagnostics that remain; returns how many fixes.
fn check_fixes(name: &str, text: &str) -> usize {
    let before = support::analyse(name, text, &[]);
    let mut checked = 0;
    for (i, d) in before.diagnostics.iter().enumerate() {
        for fix in &d.fixes {
            let fixed = text_edit::apply(text, &fix.edits);
            let after = support::analyse(name, &fixed, &[]);
            let mut remaining = keys(&before);
            let gone = key(&before.diagnostics[i]);
            let at = remaining.iter().position(|k| *k == gone).expect("the fixed diagnostic is listed");
            remaining.remove(at);
            // Every diagnostic after the fix was there before, other than the fixed one.
            for k in keys(&after) {
                let Some(at) = remaining.iter().position(|r| *r == k) else {
                    panic!(
                        "{name}: fixing `{}` ({}) added or changed `{k}`\n--- fixed text\n{fixed}",
                        fix.title, d.message
                    );
                };
                remaining.remove(at);
            }
            checked += 1;
        }
    }
    checked
}

fn shared() -> Option<std::path::PathBuf> {
    let root = rigls_test_support::server_dir();
    ["../../shared", "../../../shared"].iter().map(|s| root.join(s)).find(|p| p.join("corpus").exists())
}

fn files(dir: &Path, extension: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == extension))
                .filter_map(|p| {
                    Some((p.file_name()?.to_string_lossy().into_owned(), std::fs::read_to_string(&p).ok()?))
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

#[test]
fn fixes_in_the_examples_and_corpus_change_only_their_diagnostic() {
    let root = rigls_test_support::server_dir().join("..");
    let mut inputs = files(&root.join("examples"), "elem");
    inputs.extend(files(&root.join("tests/e2e/fixtures"), "elem"));
    inputs.extend(files(&root.join("tests/e2e/fixtures"), "json"));
    match shared() {
        Some(shared) => {
            inputs.extend(files(&shared.join("corpus/elem"), "elem"));
            inputs.extend(files(&shared.join("corpus/dragonbones"), "json"));
        }
        None => println!("SKIPPED: ../shared/corpus is absent; checking the repository's files only"),
    }
    let checked: usize = inputs.iter().map(|(name, text)| check_fixes(name, text)).sum();
    assert!(checked >= 3, "only {checked} fixes checked: examples/broken.elem alone has more");
}

const WALKER: &str = include_str!("../../../../examples/walker.elem");

/// Ways to break `examples/walker.elem`, each giving a diagnostic with a fix.
const ELEM_MUTATIONS: &[(&str, &str)] = &[
    ("VertexCount=4", "VertexCount=5"),
    ("MaterialCount=1", "MaterialCount=3"),
    ("HierarchyNamesCount=2", "HierarchyNamesCount=1"),
    ("\t\tMeshCount=1", "\t\tMeshCont=1"),
    ("BoneName=\"頭\"", "BoneName=\"頭頭\""),
    ("RenderingMeshName=\"胴体\"", "RenderingMeshName=\"胴休\""),
    ("Loop=True", "Loop=yes"),
    ("\t\t\t\t\t\t0,1.000000", "\t\t\t\t\t\t0,1.5"),
    ("\"Position\"", "Position"),
    ("LoadType=\"View\"", "LoadType=View"),
    ("0.500000\n", "5.0E-1\n"),
    ("4,0:3:2:1", "5,0:3:2:1"),
    ("Ambient=1.000000:0.300000", "Ambient=1.000000:1.300000"),
    ("File Version 1.00\n", ""),
];

/// A valid 5.5 skeleton and ways to break it, each giving a diagnostic with a fix.
const SKELETON: &str = r#"{"frameRate": 24, "name": "兵士", "version": "5.5", "compatibleVersion": "5.5",
"armature": [{"type": "Armature", "frameRate": 24, "name": "兵士",
  "bone": [{"name": "root"}, {"name": "腕", "parent": "root", "length": 40}],
  "slot": [{"name": "体", "parent": "腕"}],
  "skin": [{"slot": [{"name": "体", "display": [{"name": "体/胴", "transform": {"x": 1.5}}]}]}],
  "animation": [{"duration": 10, "playTimes": 0, "name": "歩く",
    "bone": [{"name": "腕", "rotateFrame": [{"duration": 10, "tweenEasing": 0, "rotate": 5}, {"duration": 0}]}]}],
  "defaultActions": [{"gotoAndPlay": "歩く"}]}]}
"#;

const SKELETON_MUTATIONS: &[(&str, &str)] = &[
    ("\"frameRate\": 24, \"name\": \"兵士\", \"version\"", "\"frameRat\": 24, \"name\": \"兵士\", \"version\""),
    ("\"length\": 40", "\"lenght\": 40"),
    ("\"parent\": \"腕\"}]", "\"parent\": \"腕\",}]"),
    ("\"playTimes\": 0", "\"playTimes\": 00"),
    ("\"x\": 1.5", "\"x\": .5"),
    ("\"parent\": \"root\"", "\"parent\": \"rot\""),
    ("\"gotoAndPlay\": \"歩く\"", "\"gotoAndPlay\": \"歩\""),
    ("\"slot\": [{\"name\": \"体\", \"parent\"", "\"slot\": [{\"name\": \"体\" // the body\n, \"parent\""),
];

fn mutated(base: &str, picked: &[(&str, &str)]) -> String {
    let mut text = base.to_owned();
    for (from, to) in picked {
        assert!(text.contains(from), "mutation `{from}` does not apply");
        text = text.replacen(from, to, 1);
    }
    text
}

#[test]
fn the_unmutated_files_are_clean() {
    assert_eq!(keys(&support::analyse("walker.elem", WALKER, &[])), Vec::<String>::new());
    assert_eq!(keys(&support::analyse("army_ske.json", SKELETON, &[])), Vec::<String>::new());
}

#[test]
fn each_mutation_alone_gives_a_fix_that_changes_only_its_diagnostic() {
    for m in ELEM_MUTATIONS {
        assert!(check_fixes("walker.elem", &mutated(WALKER, &[*m])) > 0, "{m:?} gives no fix");
    }
    for m in SKELETON_MUTATIONS {
        assert!(check_fixes("army_ske.json", &mutated(SKELETON, &[*m])) > 0, "{m:?} gives no fix");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn combined_mutations_fix_one_at_a_time(
        elem in prop::sample::subsequence(ELEM_MUTATIONS.to_vec(), 1..4),
        json in prop::sample::subsequence(SKELETON_MUTATIONS.to_vec(), 1..4),
        crlf in any::<bool>(),
    ) {
        let mut text = mutated(WALKER, &elem);
        if crlf {
            text = text.replace('\n', "\r\n");
        }
        check_fixes("walker.elem", &text);
        check_fixes("army_ske.json", &mutated(SKELETON, &json));
    }
}

/// The shipped broken examples each offer a fix for their unknown name, though no name is close in
/// spelling: the one the context implies. Checked on LF, CRLF and BOM copies.
#[test]
fn the_shipped_examples_offer_the_name_their_context_implies() {
    let root = rigls_test_support::server_dir().join("../examples");
    let cases = [
        ("broken.elem", "\"首\"", "Replace with `頭` (TransformIndex 1)", "\"頭\""),
        ("dragonbones/broken_ske.json", "\"head\"", "Replace with `hat` (the bone named like slot `hat`)", "\"hat\""),
    ];
    for (file, name, title, replacement) in cases {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let crlf = text.replace('\n', "\r\n");
        for variant in [text.clone(), crlf.clone(), format!("\u{feff}{text}"), format!("\u{feff}{crlf}")] {
            let base = Path::new(file).file_name().unwrap().to_str().unwrap();
            let analysis = support::analyse(base, &variant, &[]);
            let unknown: Vec<&Diagnostic> =
                analysis.diagnostics.iter().filter(|d| d.code == rigls_diagnostic::Code::UnknownBone).collect();
            let [d] = unknown.as_slice() else { panic!("{file}: {unknown:?}") };
            assert_eq!(&variant[d.range.start as usize..d.range.end as usize], name);
            let titles: Vec<&str> = d.fixes.iter().map(|f| f.title.as_str()).collect();
            assert_eq!(titles, [title], "{file}");
            let fix = &d.fixes[0];
            assert!(fix.preferred, "the one fix is the preferred one");
            assert!(!fix.safe, "a guess is never applied by --fix");
            let fixed = text_edit::apply(&variant, &fix.edits);
            assert_eq!(fixed, variant.replacen(name, replacement, 1), "{file}");
            let after = support::analyse(base, &fixed, &[]);
            assert!(after.diagnostics.iter().all(|d| d.code != rigls_diagnostic::Code::UnknownBone), "{file}");
        }
    }
}

/// A name close in spelling still wins over the context: `頭部` is offered `頭`, not bone 1's name.
#[test]
fn a_close_spelling_comes_before_the_context() {
    let text = include_str!("../../../../examples/broken.elem").replace("BoneName=\"首\"", "BoneName=\"腰部\"");
    let analysis = support::analyse("broken.elem", &text, &[]);
    let d = analysis.diagnostics.iter().find(|d| d.code == rigls_diagnostic::Code::UnknownBone).unwrap();
    assert_eq!(d.message, "unknown bone `腰部`: not found in this MeshContainer's BoneNames; did you mean `腰`?");
    assert_eq!(d.fixes.iter().map(|f| f.title.as_str()).collect::<Vec<_>>(), ["Replace with `腰`"]);
}
