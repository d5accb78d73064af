//! The fast path (`well_formed`) and the split parse (`split`) give the tree and the errors the
//! state machine alone gives, whatever the text.

use proptest::prelude::*;

use super::split::split_point;
use super::{parse, parse_by_tokens};
use rigls_text::parallel::PARALLEL_ABOVE;

fn assert_same_tree(text: &str) {
    let (fast, tokens) = (parse(text), parse_by_tokens(text));
    let shown = if text.len() > 300 { format!("{} bytes", text.len()) } else { format!("{text:?}") };
    assert!(fast.nodes == tokens.nodes, "nodes differ for {shown}");
    assert_eq!(fast.errors, tokens.errors, "errors differ for {shown}");
}

/// Pieces of JSON and of what goes wrong in it: each token kind, each reason for the fast path to
/// stop (escapes, control characters, numbers and words run into something, comments, a string
/// run into a word, a key in an array), and the bytes around them.
const PIECES: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    " ",
    "\n",
    "\r\n",
    "\t",
    "\"a\"",
    "\"骨\"",
    "\"a\\\"b\"",
    "\"a\\u0041\"",
    "\"a\\q\"",
    "\"x, \"",
    "\"k\":",
    "\"open\n",
    "\"\u{1}\"",
    "\"\u{7f}\"",
    "1",
    "-0",
    "-0.5e3",
    "2E+7",
    "0.25",
    "01",
    "1.",
    ".5",
    "-",
    "+1",
    "1e",
    "1e+",
    "true",
    "false",
    "null",
    "nullx",
    "tru",
    "NaN",
    "True",
    "/*c*/",
    "//c\n",
    "/*",
    "@",
    "ル",
    "\"a\"b",
    "1\"a\"",
    "true\"a\"",
    "0x1",
    "1.5.3",
    "\"\\u12\"",
    "\\",
    "$",
    "\"\"",
];

fn pieces() -> impl Strategy<Value = String> {
    prop::collection::vec(0..PIECES.len(), 0..60).prop_map(|ids| ids.into_iter().map(|i| PIECES[i]).collect())
}

/// A JSON value in compact or indented form, to be damaged.
fn json_value() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::Bool),
        (-1e6f64..1e6).prop_map(|x| serde_json::json!(x)),
        any::<i32>().prop_map(|x| serde_json::json!(x)),
        "[a-z骨\"\\\\ ,:{}\\[\\]]{0,6}".prop_map(serde_json::Value::String),
    ];
    leaf.prop_recursive(4, 40, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::Array),
            prop::collection::btree_map("[a-z骨]{0,4}", inner, 0..6)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

/// `piece` inserted at the char boundary at or before `at` of `text`.
fn inserted(text: &str, at: usize, piece: &str) -> String {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    format!("{}{piece}{}", &text[..at], &text[at..])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn pieces_parse_alike(text in pieces()) {
        assert_same_tree(&text);
    }

    #[test]
    fn damaged_json_parses_alike(
        value in json_value(),
        indented: bool,
        damage in prop::collection::vec((any::<prop::sample::Index>(), 0..PIECES.len()), 0..3),
    ) {
        let mut text = if indented { serde_json::to_string_pretty(&value) } else { serde_json::to_string(&value) }
            .expect("serialisable");
        for (at, piece) in damage {
            text = inserted(&text, at.index(text.len() + 1), PIECES[piece]);
        }
        assert_same_tree(&text);
    }
}

/// A skeleton-like text just over the size that is parsed in two halves: armatures of
/// animations of frames, in arrays inside objects inside arrays.
fn large_text(indented: bool) -> String {
    let spaced = |text: String| {
        if indented { text.replace(", ", ",\n    ") } else { text.replace(", ", ",").replace(": ", ":") }
    };
    let frame = r#"{"duration": 2, "x": -1.5e3, "ok": true, "v": [1, 2.5, 3], "name": "骨", "n\u0041": "\"a\\"}"#;
    let frames = [frame; 5].join(", ");
    let mut animations = Vec::new();
    while animations.iter().map(String::len).sum::<usize>() < PARALLEL_ABOVE + 4096 {
        let i = animations.len();
        let bone = format!(r#"{{"name": "b", "frame": [{frames}]}}"#);
        animations.push(spaced(format!(r#"{{"name": "a{i}", "bone": [{bone}, {bone}], "playTimes": 0}}"#)));
    }
    let separator = spaced(", ".to_owned());
    let start = spaced(r#"{"version": "5.5", "armature": [{"name": "A", "animation": ["#.to_owned());
    format!("{start}{}{}", animations.join(&separator), spaced(r#"]}], "end": null}"#.to_owned()))
}

#[test]
fn a_large_text_parses_alike_in_two_halves() {
    for indented in [false, true] {
        let text = large_text(indented);
        assert!(text.len() >= PARALLEL_ABOVE && split_point(&text, text.len() / 2).is_some());
        assert_same_tree(&text);
    }
}

/// The text's second half starts at its split point: faults just before, at and after it, and
/// where the second half closes the containers it started in.
#[test]
fn faults_around_the_split_parse_alike() {
    let text = large_text(false);
    let split = split_point(&text, text.len() / 2).expect("a split point");
    // Where the second half closes what it started in (its array, its timeline, the animation
    // list and on to the root), and the first brackets it closes of its own.
    let closes = super::split::parse_suffix(&text, split).floor_closes();
    assert!(closes.len() >= 5, "{closes:?}");
    let own = text[split..].match_indices([']', '}']).map(|(i, _)| split + i).take(4);
    let mut places = vec![split.saturating_sub(3), split - 1, split, split + 1, split + 2];
    places.extend(closes.into_iter().chain(own).flat_map(|c| [c, c + 1]));
    // About 300 parses of a 1 MB text twice over: split between two threads (half the time of
    // the crate's longest test on two cores).
    let (first, second) = places.split_at(places.len() / 2);
    std::thread::scope(|scope| {
        for places in [first, second] {
            let text = &text;
            scope.spawn(move || {
                for &at in places {
                    for piece in
                        ["\"a\\\"b\"", "1.", "/*c*/", "}", "]", ",", "\"k\":", "[", "\"x, \"", ",\"k\":1", ",1", ",{}"]
                    {
                        assert_same_tree(&inserted(text, at, piece));
                    }
                }
            });
        }
    });
    // A string that holds what looks like the split's start.
    let mut fooled = text.clone();
    // Inside the element before the split's, which ends in `},` there.
    assert_eq!(&text[split - 2..split], "},");
    fooled.insert_str(split - 2, r#","name":"a,{b""#);
    assert_eq!(split_point(&fooled, fooled.len() / 2), Some(split + 9));
    assert_same_tree(&fooled);
    // The root closed early, and an unclosed end.
    assert_same_tree(&format!("{}]", &text));
    assert_same_tree(&text[..text.len() - 20]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn a_large_damaged_text_parses_alike(
        indented: bool,
        near_split in -400i64..400,
        piece in 0..PIECES.len(),
        elsewhere in any::<prop::sample::Index>(),
        other in 0..PIECES.len(),
    ) {
        let text = large_text(indented);
        let split = split_point(&text, text.len() / 2).expect("a split point") as i64;
        let text = inserted(&text, (split + near_split) as usize, PIECES[piece]);
        let text = inserted(&text, elsewhere.index(text.len() + 1), PIECES[other]);
        assert_same_tree(&text);
    }
}

#[test]
fn the_split_is_an_array_element_after_its_comma() {
    assert_eq!(split_point(r#"{"a": [1, 2], "b": [{}, {"c": 1}]}"#, 0), Some(24));
    assert_eq!(split_point("[[1],\n  [2]]", 0), Some(8));
    assert_eq!(split_point(r#"{"a": 1, "b": 2}"#, 0), None);
    assert_eq!(split_point("[{}, {}]", 5), None);
}

/// A key in an array with a comment before its `:` (found by `pieces_parse_alike`): the fast
/// path took the key as a value and left the `:` alone.
#[test]
fn a_comment_between_a_key_in_an_array_and_its_colon() {
    for text in ["{[\"a\"/*c*/:", "{[\"a\" /*c*/ : 1]}", "{[\"a\"//c\n:1", "[\"a\"/*c*/,1]"] {
        assert_same_tree(text);
    }
}
