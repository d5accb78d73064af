//! Properties over many files: every feature at (a sample of) every offset of the corpus files and
//! of mutated copies never panics and answers within the text; JSON that is not DragonBones data
//! gets nothing at all.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use rigls_diagnostic::env::RealFs;
use rigls_ide::{self as ide, Analysis, FileKind, Rgba};
use rigls_text::TextRange;

use super::{SKE45, SKE55, TEX55};
use crate::ide_dragonbones::support::analyse;

/// Every feature that takes a position, at `offset`; ranges they answer must lie in the text.
fn every_feature_at(analysis: &Analysis, offset: u32) {
    let len = analysis.text.len() as u32;
    let inside = |r: TextRange| assert!(r.start <= r.end && r.end <= len, "{r:?} outside the text at {offset}");
    if let Some(h) = ide::hover(analysis, offset) {
        inside(h.range);
    }
    for item in ide::completions(analysis, offset) {
        inside(item.replace_range);
    }
    crate::ide_support::check_completions_and_hover(analysis, offset);
    for t in ide::goto_definition(analysis, offset).iter().filter(|t| t.file.is_none()) {
        inside(t.full_range);
    }
    for l in ide::references(analysis, offset, true).iter().filter(|l| l.file.is_none()) {
        inside(l.range);
    }
    ide::highlights(analysis, offset).iter().for_each(|h| inside(h.range));
    if let Ok(r) = ide::prepare_rename(analysis, offset) {
        inside(r);
    }
    if let Ok(edits) = ide::rename(analysis, offset, "新しい名前") {
        edits.iter().filter(|f| f.file.is_none()).flat_map(|f| &f.edits).for_each(|e| inside(e.range));
    }
    ide::selection_ranges(analysis, offset).into_iter().for_each(inside);
    for action in ide::code_actions(analysis, TextRange::empty(offset)) {
        action.edits.iter().flat_map(|f| &f.edits).for_each(|e| inside(e.range));
    }
    let window = TextRange::new(offset, (offset + 300).min(len));
    ide::inlay_hints(analysis, window).iter().for_each(|h| assert!(window.contains_inclusive(h.offset)));
    let white = Rgba { red: 1.0, green: 0.5, blue: 0.0, alpha: 1.0 };
    for p in ide::color_presentations(analysis, TextRange::empty(offset), white) {
        inside(p.edit.range);
    }
}

/// The features over the whole document.
fn whole_document(analysis: &Analysis) {
    ide::document_symbols(analysis);
    ide::folding_ranges(analysis);
    let tokens = ide::semantic_tokens(analysis);
    for pair in tokens.windows(2) {
        assert!(pair[0].range.end <= pair[1].range.start, "tokens overlap: {pair:?}");
    }
    for t in &tokens {
        assert!(!t.range.slice(&analysis.text).contains(['\n', '\r']), "a token spans lines: {t:?}");
    }
    for c in ide::document_colors(analysis) {
        ide::color_presentations(analysis, c.range, c.color);
    }
    assert_eq!(ide::format(analysis), None, "JSON is left to the editor's formatter");
}

/// About `samples` character boundaries spread over the text, plus the ends.
fn offsets(text: &str, samples: usize) -> Vec<u32> {
    let step = (text.len() / samples.max(1)).max(1);
    let mut out: Vec<u32> = (0..text.len())
        .step_by(step)
        .map(|mut i| {
            while !text.is_char_boundary(i) {
                i += 1;
            }
            i as u32
        })
        .collect();
    out.push(text.len() as u32);
    out
}

fn check_file(path: &Path, text: &str, samples: usize) {
    let analysis = Analysis::new(Some(path), text.to_owned(), &RealFs);
    whole_document(&analysis);
    for offset in offsets(text, samples) {
        every_feature_at(&analysis, offset);
    }
}

fn corpus() -> Option<Vec<(PathBuf, String)>> {
    let root = rigls_test_support::server_dir();
    let dir = ["../../shared", "../../../shared"]
        .iter()
        .map(|s| root.join(s).join("corpus/dragonbones"))
        .find(|p| p.is_dir())?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    Some(files.into_iter().filter_map(|p| Some((p.clone(), std::fs::read_to_string(&p).ok()?))).collect())
}

#[test]
fn every_feature_on_the_corpus_files() {
    let Some(files) = corpus() else {
        println!("SKIPPED: shared/corpus/dragonbones is absent");
        return;
    };
    for (path, text) in &files {
        check_file(path, text, 120);
    }
}

/// What a mutation does to a text.
#[derive(Clone, Debug)]
enum Mutation {
    Truncate,
    Delete(usize),
    Insert(&'static str),
}

fn mutate(text: &str, at: usize, mutation: &Mutation) -> String {
    let mut at = at % (text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    match mutation {
        Mutation::Truncate => text[..at].to_owned(),
        Mutation::Delete(n) => {
            let mut end = (at + n).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            format!("{}{}", &text[..at], &text[end..])
        }
        Mutation::Insert(s) => format!("{}{s}{}", &text[..at], &text[at..]),
    }
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        Just(Mutation::Truncate),
        (1usize..60).prop_map(Mutation::Delete),
        prop::sample::select(vec![
            "\"",
            "{",
            "}",
            "[",
            "]",
            ",",
            ":",
            "\"名前\"",
            "null",
            "-1",
            "1e999",
            "\n",
            "\r\n",
            "\"name\": ",
            "[[\"gotoAndPlay\", \"x\"]]",
            "{\"aM\": 300}",
            "\\u12",
            "99999999999999999999",
        ])
        .prop_map(Mutation::Insert),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Mutated copies of the corpus (or, without it, of the fixtures) at sampled offsets.
    #[test]
    fn every_feature_on_mutated_files(file in any::<usize>(), at in any::<usize>(), m in mutation()) {
        let files = corpus().unwrap_or_else(|| {
            vec![(PathBuf::from("勇者_ske.json"), SKE55.to_owned()), (PathBuf::from("ロボ_ske.json"), SKE45.to_owned())]
        });
        // Small files keep the run short; the big ones are covered unmutated above.
        let small: Vec<&(PathBuf, String)> = files.iter().filter(|(_, t)| t.len() < 200_000).collect();
        let (path, text) = small[file % small.len()];
        let mutated = mutate(text, at, &m);
        check_file(path, &mutated, 40);
    }
}

#[test]
fn every_feature_at_every_offset_of_the_fixtures() {
    for (name, text, others) in
        [("勇者_ske.json", SKE55, vec![("勇者_tex.json", TEX55)]), ("勇者_tex.json", TEX55, vec![])]
    {
        let analysis = analyse(name, text, &others);
        whole_document(&analysis);
        for offset in text.char_indices().map(|(i, _)| i as u32).chain([text.len() as u32]) {
            every_feature_at(&analysis, offset);
        }
    }
}

/// Found by the mutations above: a bone count of 1e20 in `weights` once meant 1e20 iterations.
#[test]
fn huge_counts_and_durations_are_read_in_bounded_time() {
    let text = SKE55.replacen("\"weights\": [1,", "\"weights\": [99999999999999999999,", 1);
    let text =
        text.replacen("{ \"duration\": 10, \"value\": 1 }", "{ \"duration\": 9000000000000000000, \"value\": 1 }", 1);
    let analysis = analyse("勇者_ske.json", &text, &[("勇者_tex.json", TEX55)]);
    whole_document(&analysis);
    for marker in ["\"weights\": [9", "\"value\": 0 }", "\"value\": 1 }"] {
        let offset = text.find(marker).unwrap() as u32 + marker.len() as u32 - 1;
        every_feature_at(&analysis, offset);
    }
    let whole = TextRange::new(0, text.len() as u32);
    assert!(!ide::inlay_hints(&analysis, whole).is_empty());
}

#[test]
fn json_that_is_not_dragonbones_gets_nothing() {
    let text = "{\n\t\"name\": \"settings\",\n\t\"parent\": \"head\",\n\t\"color\": {\"aM\": 50},\n\t\"items\": [1, 2, 3]\n}\n";
    for name in ["settings.json", "hero_ske.json"] {
        let analysis = analyse(name, text, &[]);
        assert_eq!(analysis.kind(), FileKind::Other);
        assert!(analysis.diagnostics.is_empty());
        for offset in text.char_indices().map(|(i, _)| i as u32) {
            assert_eq!(ide::hover(&analysis, offset), None);
            assert!(ide::completions(&analysis, offset).is_empty());
            assert!(ide::goto_definition(&analysis, offset).is_empty());
            assert!(ide::references(&analysis, offset, true).is_empty());
            assert!(ide::highlights(&analysis, offset).is_empty());
            assert!(ide::prepare_rename(&analysis, offset).is_err());
            assert!(ide::rename(&analysis, offset, "x").is_err());
            assert!(ide::selection_ranges(&analysis, offset).is_empty());
            assert!(ide::code_actions(&analysis, TextRange::empty(offset)).is_empty());
        }
        let whole = TextRange::new(0, text.len() as u32);
        assert!(ide::document_symbols(&analysis).is_empty());
        assert!(ide::folding_ranges(&analysis).is_empty());
        assert!(ide::semantic_tokens(&analysis).is_empty());
        assert!(ide::document_colors(&analysis).is_empty());
        assert!(ide::inlay_hints(&analysis, whole).is_empty());
        assert_eq!(ide::format(&analysis), None);
    }
}
