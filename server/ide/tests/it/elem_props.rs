//! Property tests: the `.elem` engine never panics, and every diagnostic range lies on character
//! boundaries inside the text, whatever the input.

use rigls_test_support::fixture as support;

use proptest::prelude::*;
use support::analyse;

fn assert_sound(text: &str) {
    let analysis = analyse("model.elem", text, &[]);
    for d in &analysis.diagnostics {
        let (s, e) = (d.range.start as usize, d.range.end as usize);
        assert!(s <= e && e <= text.len(), "{d:?} outside the text");
        assert!(text.is_char_boundary(s) && text.is_char_boundary(e), "{d:?} splits a character");
        for fix in &d.fixes {
            for edit in &fix.edits {
                let (s, e) = (edit.range.start as usize, edit.range.end as usize);
                assert!(s <= e && e <= text.len() && text.is_char_boundary(s) && text.is_char_boundary(e), "{fix:?}");
            }
        }
    }
}

/// Fragments that look like `.elem` text, so random sequences reach deep into the parser.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("Elfreina Extension Model File\n".to_owned()),
        Just("File Version 1.00\n".to_owned()),
        Just("MeshDatas {\n".to_owned()),
        Just("MeshContainer {\n".to_owned()),
        Just("Mesh {\n".to_owned()),
        Just("Positions {\n".to_owned()),
        Just("BlendList {\n".to_owned()),
        Just("BlendPart {\n".to_owned()),
        Just("VertexBlend {\n".to_owned()),
        Just("Materials {\n".to_owned()),
        Just("AnimationPart {\n".to_owned()),
        Just("}\n".to_owned()),
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just("\t".to_owned()),
        Just("\r\n".to_owned()),
        Just("\r".to_owned()),
        Just("VertexCount=3\n".to_owned()),
        Just("MeshCount=".to_owned()),
        Just("Name=\"ルーン\"\n".to_owned()),
        Just("BoneName=\"頭\n".to_owned()),
        Just("3,0:1:2\n".to_owned()),
        Just("0,1.5\n".to_owned()),
        Just("1E-05:".to_owned()),
        Just("\"".to_owned()),
        Just("\u{feff}".to_owned()),
        "[ -~]{0,8}",
        "\\PC{0,4}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_elem_like_text_never_panics(parts in prop::collection::vec(fragment(), 0..60)) {
        assert_sound(&parts.concat());
    }

    #[test]
    fn random_unicode_never_panics(text in "\\PC{0,300}") {
        assert_sound(&text);
    }

    #[test]
    fn mutated_example_never_panics(cuts in prop::collection::vec((0usize..6000, 0usize..40, fragment()), 1..6)) {
        let mut text = std::fs::read_to_string(rigls_test_support::server_dir().join("../examples/walker.elem")).unwrap();
        for (at, len, insert) in cuts {
            let mut at = at.min(text.len());
            while !text.is_char_boundary(at) { at -= 1; }
            let mut end = (at + len).min(text.len());
            while !text.is_char_boundary(end) { end -= 1; }
            text.replace_range(at..end, &insert);
        }
        assert_sound(&text);
    }
}

#[test]
fn deep_nesting_does_not_overflow() {
    let text = format!(
        "Elfreina Extension Model File\nFile Version 1.00\n{}{}",
        "Node {\n".repeat(100_000),
        "}\n".repeat(100_000)
    );
    assert_sound(&text);
    let unclosed = "Node {\n".repeat(100_000);
    assert_sound(&unclosed);
}
