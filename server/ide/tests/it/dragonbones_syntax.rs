//! DragonBones JSON syntax: every recovery path reports a `syntax` error and the rest of the file
//! is still analysed; other JSON gets nothing; nesting depth cannot overflow the stack; positions
//! survive CRLF, a BOM and Japanese text.

use rigls_test_support::fixture as support;

use rigls_diagnostic::env::MemoryFs;
use rigls_dragonbones::{DragonBonesFile, parser};
use rigls_ide::{Analysis, FileKind};
use rigls_text::PositionEncoding;
use support::{analyse, bom, check_diagnostics, crlf, positions};

#[test]
fn a_missing_comma_is_assumed() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5"
                                                                 ^^^^^ error[syntax]: missing `,` after this value: members are separated by commas
          "armature": [{"name": "hero", "bone": [{"name": "root"} {"name": "arm", "parent": "rot"}]}]
                                                                ^ error[syntax]: missing `,` after this value: array elements are separated by commas
                                                                                            ^^^^^ error[unknown-bone]: unknown bone `rot`: armature `hero` has no bone of this name (the bone becomes a root bone); did you mean `root`?
        }
        "#,
    );
}

#[test]
fn a_trailing_comma_is_an_error_with_a_safe_fix() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5",
          "armature": [{"name": "hero", "bone": [{"name": "root"}, {"name": "arm", "parent": "rot"},]},],
                                                                                             ^^^^^ error[unknown-bone]: unknown bone `rot`: armature `hero` has no bone of this name (the bone becomes a root bone); did you mean `root`?
                                                                                                   ^ error[syntax]: trailing `,` before `]`: strict JSON parsers reject it
                                                                                                      ^ error[syntax]: trailing `,` before `]`: strict JSON parsers reject it
                                                                                                        ^ error[syntax]: trailing `,` before `}`: strict JSON parsers reject it
        }
        "#,
    );
}

#[test]
fn comments_are_errors() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          // exported by hand
          ^^^^^^^^^^^^^^^^^^^ error[syntax]: comments are not allowed in JSON: DragonBones runtimes read strict JSON
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5",
          "armature": [/* the hero */ {"name": "hero", "bone": [{"name": "arm", "parent": "rot"}]}]
                       ^^^^^^^^^^^^^^ error[syntax]: comments are not allowed in JSON: DragonBones runtimes read strict JSON
                                                                                          ^^^^^ error[unknown-bone]: unknown bone `rot`: armature `hero` has no bone of this name (the bone becomes a root bone)
        }
        "#,
    );
}

#[test]
fn an_unterminated_string_is_closed_before_the_comma_it_swallowed() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5",
          "armature": [{"name": "hero, "bone": [{"name": "arm", "parent": "rot"}]}
                                ^^^^^ error[syntax]: unterminated string: missing closing `"`
                                                                          ^^^^^ error[unknown-bone]: unknown bone `rot`: armature `hero` has no bone of this name (the bone becomes a root bone)
          ]
        }
        "#,
    );
}

#[test]
fn an_unterminated_string_ends_at_the_line_end() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5",
          "armature": [{"name": "hero,
                                ^^^^^ error[syntax]: unterminated string: missing closing `"`
            "bone": [{"name": "arm", "parent": "rot"}]}
                                               ^^^^^ error[unknown-bone]: unknown bone `rot`: armature `hero` has no bone of this name (the bone becomes a root bone)
          ]
        }
        "#,
    );
}

#[test]
fn an_unclosed_object_at_the_end_of_the_file() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5",
          "armature": [{"name": "hero", "bone": [{"name": "arm", "parent": "rot"}
                                                                           ^^^^^ error[unknown-bone]: unknown bone `rot`: armature `hero` has no bone of this name (the bone becomes a root bone)
                                                                                ^ error[syntax]: unexpected end of file: 4 brackets are never closed, the innermost being the array opened on line 3 (missing `]}]}`)
        "#,
    );
}

#[test]
fn a_missing_closer_in_the_middle() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5",
          "armature": [{"name": "hero", "bone": [{"name": "arm", "parent": "rot"}}]
                                                                           ^^^^^ error[unknown-bone]: unknown bone `rot`: armature `hero` has no bone of this name (the bone becomes a root bone)
                                                                                 ^ error[syntax]: missing `]` before `}` to close the array opened on line 3
        }
        "#,
    );
}

#[test]
fn trailing_garbage_is_reported_once() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {"name": "hero", "version": "5.5", "compatibleVersion": "5.5", "armature": [{"name": "hero", "bone": [{"name": "arm", "parent": "rot"}]}]}
                                                                                                                                        ^^^^^ error[unknown-bone]: unknown bone `rot`: armature `hero` has no bone of this name (the bone becomes a root bone)
        }}} garbage
        ^ error[syntax]: unexpected `}` after the end of the JSON document: a file holds one value
        "#,
    );
}

#[test]
fn bare_words_and_bad_numbers() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", frameRate: 024,
                                                                        ^^^^^^^^^ error[syntax]: member names must be quoted: write `"frameRate"`
                                                                                   ^^^ error[syntax]: `024` is not a valid JSON number; write `24`
          "armature": [{"name": "hero", "bone": [{"name": "arm", "length": NaN}]}]
                                                                           ^^^ error[syntax]: `NaN` is not a JSON value: write a number, or `null`
        }
        "#,
    );
}

#[test]
fn other_json_gets_no_diagnostics() {
    for text in [
        r#"{"name": "my-app", "version": "1.0.0", "dependencies": {}}"#,
        r#"[1, 2, 3]"#,
        r#"{"name": "broken", "version": "2", "oops": [1, 2"#,
        r#"{"armature": "but nothing else"}"#,
        r#"{"SubTexture": [], "comment": "no imagePath or name"}"#,
        "// just a comment",
        "",
        "not json at all {",
    ] {
        let analysis = analyse("config.json", text, &[]);
        assert_eq!(analysis.kind(), FileKind::Other, "{text}");
        assert!(analysis.diagnostics.is_empty(), "{text}: {:?}", analysis.diagnostics);
        assert!(DragonBonesFile::parse(text).is_none(), "{text}");
    }
}

/// A file named like a skeleton (`*_ske.json`) with a data version or frame rate but no
/// `armature` is a skeleton the runtimes build nothing from: said so, where any other name keeps
/// it JSON of no concern (a `package.json` has a `version` too).
#[test]
fn a_skeleton_by_name_without_armatures_is_one_the_runtimes_build_nothing_from() {
    check_diagnostics(
        "勇者_SKE.json",
        r#"
        {"name": "勇者", "version": "5.5", "frameRate": 24}
         ^^^^^^^^^^^^ error[missing-key]: DragonBones data `勇者` has no `armature`: runtimes build nothing from the file
        "#,
    );
    let text = r#"{"name": "勇者", "version": "5.5", "frameRate": 24}"#;
    assert_eq!(analyse("勇者_ske.json", text, &[]).kind(), FileKind::DragonBonesSkeleton);
    assert_eq!(analyse("勇者.json", text, &[]).kind(), FileKind::Other);
    assert_eq!(analyse("package_ske.json", r#"{"name": "app", "dependencies": {}}"#, &[]).kind(), FileKind::Other);
}

#[test]
fn detection_by_content() {
    let skeleton = analyse("anything.json", r#"{"armature": [], "frameRate": 24}"#, &[]);
    assert_eq!(skeleton.kind(), FileKind::DragonBonesSkeleton);
    let atlas = analyse("texture.json", r#"{"imagePath": "t.png", "SubTexture": []}"#, &[]);
    assert_eq!(atlas.kind(), FileKind::DragonBonesAtlas);
    let unnamed = Analysis::new(None, r#"{"name": "a", "SubTexture": []}"#.to_owned(), &MemoryFs::default());
    assert_eq!(unnamed.kind(), FileKind::DragonBonesAtlas);
    assert!(unnamed.dragonbones().is_some());
}

/// 100 000 nested brackets: one syntax error, no stack overflow in the parser, the model, the
/// rules or when the tree is dropped.
#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let depth = 100_000;
    let brackets = "[".repeat(depth);
    let members = "{\"a\":".repeat(depth);
    for nested in [&brackets, &members] {
        let tree = parser::parse(nested);
        assert_eq!(tree.errors.len(), 1);
        assert_eq!(tree.errors[0].code, "syntax");

        // Inside a skeleton, so that every rule walks it.
        let text = format!("{{\"name\": \"deep\", \"version\": \"5.5\", \"armature\": [], \"userData\": {nested}");
        let analysis = analyse("deep_ske.json", &text, &[]);
        assert_eq!(analysis.kind(), FileKind::DragonBonesSkeleton);
        let syntax: Vec<_> = analysis.diagnostics.iter().filter(|d| d.code == "syntax").collect();
        assert_eq!(syntax.len(), 1, "{:?}", analysis.diagnostics);
        assert!(syntax[0].message.starts_with("unexpected end of file"), "{}", syntax[0].message);

        let text =
            format!("{{\"name\": \"deep\", \"version\": \"5.5\", \"armature\": [{{\"name\": \"a\", \"bone\": {nested}");
        let analysis = analyse("deep_ske.json", &text, &[]);
        assert!(analysis.diagnostics.iter().any(|d| d.code == "syntax"));

        // Not DragonBones data: nothing reported, nothing crashes.
        let analysis = analyse("deep.json", nested, &[]);
        assert!(analysis.diagnostics.is_empty());
    }
}

const JAPANESE: &str = r#"{
  "name": "勇者", "version": "5.5", "compatibleVersion": "5.5",
  "armature": [{"name": "勇者", "bone": [{"name": "腰"}, {"name": "頭部", "parent": "頭布"}], "slot": [{"name": "顔", "parent": "頭部"},]}]
}
"#;

#[test]
fn positions_survive_crlf_bom_and_japanese_text() {
    let plain = analyse("勇者_ske.json", JAPANESE, &[]);
    assert_eq!(plain.diagnostics.len(), 2, "{:?}", plain.diagnostics);
    for encoding in [PositionEncoding::Utf16, PositionEncoding::Utf8, PositionEncoding::Utf32] {
        let expected = positions(&plain, encoding);
        for variant in [crlf(JAPANESE), bom(JAPANESE), bom(&crlf(JAPANESE))] {
            let analysis = analyse("勇者_ske.json", &variant, &[]);
            assert_eq!(positions(&analysis, encoding), expected, "{encoding:?}");
        }
    }
    let utf16 = positions(&plain, PositionEncoding::Utf16);
    assert_eq!(
        utf16,
        [
            "unknown-bone 2:79-2:83 unknown bone `頭布`: armature `勇者` has no bone of this name (the bone becomes a root bone); did you mean `頭部`?",
            "syntax 2:125-2:126 trailing `,` before `]`: strict JSON parsers reject it",
        ]
    );
    // UTF-8 columns count bytes: each of these kanji is 3.
    assert_eq!(positions(&plain, PositionEncoding::Utf8)[0].split(' ').nth(1), Some("2:89-2:97"));
}
