use expect_test::expect;
use rigls_ide as ide;

use super::Fixture;
use crate::ide_support::render_tokens;

#[test]
fn keys_names_enums_numbers_and_keywords() {
    // A 4.5 file: `isGlobal` is read by no current runtime and `zIndex` is a 5.6 key (deprecated
    // here); the skin is named by a number.
    let text = "{\n\t\"name\": \"竜\", \"version\": \"4.5\", \"isGlobal\": 0,\n\t\"armature\": [{\n\t\t\"name\": \"竜\",\n\t\t\"bone\": [{ \"name\": \"根\" }, { \"name\": \"尾\", \"parent\": \"根\", \"inheritScale\": false }],\n\t\t\"slot\": [{ \"name\": \"尾\", \"parent\": \"根\", \"blendMode\": \"add\", \"zIndex\": 1 }],\n\t\t\"skin\": [{ \"name\": 0, \"slot\": [{ \"name\": \"尾\", \"display\": [null] }] }]\n\t}]\n}\n";
    let fixture = Fixture { name: "竜_ske.json", text, atlas: None };
    expect![[r#"
        "\"name\"" Property
        "\"竜\"" String
        "\"version\"" Property
        "\"4.5\"" String
        "\"isGlobal\"" Property +deprecated
        "0" Number
        "\"armature\"" Struct
        "\"name\"" Property
        "\"竜\"" Variable +declaration +definition
        "\"bone\"" Struct
        "\"name\"" Property
        "\"根\"" Variable +declaration +definition
        "\"name\"" Property
        "\"尾\"" Variable +declaration +definition
        "\"parent\"" Property
        "\"根\"" Variable
        "\"inheritScale\"" Property
        "false" Keyword
        "\"slot\"" Struct
        "\"name\"" Property
        "\"尾\"" Variable +declaration +definition
        "\"parent\"" Property
        "\"根\"" Variable
        "\"blendMode\"" Property
        "\"add\"" EnumMember
        "\"zIndex\"" Property +deprecated
        "1" Number
        "\"skin\"" Struct
        "\"name\"" Property
        "0" Variable +declaration
        "\"slot\"" Struct
        "\"name\"" Property
        "\"尾\"" Variable
        "\"display\"" Struct
        "null" Keyword
    "#]]
    .assert_eq(&fixture.check(|a, t| render_tokens(t, &ide::semantic_tokens(a))));
}

#[test]
fn an_unclosed_string_is_cut_at_its_line_break() {
    let text = "{\"version\": \"5.5\", \"armature\": [{\"name\": \"a\n\"}]}";
    let fixture = Fixture { name: "a_ske.json", text, atlas: None };
    let rendered = fixture.check(|a, t| render_tokens(t, &ide::semantic_tokens(a)));
    assert!(!rendered.contains("\\n"), "a token spans a line break:\n{rendered}");
    expect![[r#"
        "\"version\"" Property
        "\"5.5\"" String
        "\"armature\"" Struct
        "\"name\"" Property
        "\"a" Variable +declaration +definition
        "\"}]}" Property
    "#]]
    .assert_eq(&rendered);
}
