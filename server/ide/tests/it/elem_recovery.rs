//! Parser recovery: each kind of syntax error gives one clear `syntax` diagnostic and the rest of
//! the file is still analysed (no cascade of follow-on diagnostics).

use rigls_test_support::fixture as support;

use support::{analyse, check_diagnostics, crlf};

fn walker() -> String {
    std::fs::read_to_string(rigls_test_support::server_dir().join("../examples/walker.elem")).unwrap()
}

fn lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

/// The diagnostics of `text` as "code@line: message" (1-based lines).
fn summary(text: &str) -> Vec<String> {
    let analysis = analyse("model.elem", text, &[]);
    analysis
        .diagnostics
        .iter()
        .map(|d| format!("{}@{}: {}", d.code, analysis.lines.line_of(d.range.start) + 1, d.message))
        .collect()
}

fn assert_one_syntax_error(what: &str, text: &str) -> String {
    let found = summary(text);
    assert!(
        found.len() == 1 && found[0].starts_with("syntax@"),
        "{what}: expected exactly one syntax error, got {found:#?}"
    );
    found[0].clone()
}

#[test]
fn deleting_any_closing_brace_gives_one_error() {
    for text in [walker(), crlf(&walker())] {
        let all = lines(&text);
        for (i, line) in all.iter().enumerate() {
            if line.trim() == "}" {
                let broken: String = all.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, l)| *l).collect();
                assert_one_syntax_error(&format!("without the `}}` of line {}", i + 1), &broken);
            }
        }
    }
}

#[test]
fn doubling_any_closing_brace_gives_one_error() {
    let text = walker();
    let all = lines(&text);
    for (i, line) in all.iter().enumerate() {
        if line.trim() == "}" && i + 1 < all.len() {
            let mut broken: Vec<&str> = all.clone();
            broken.insert(i, line);
            let found = assert_one_syntax_error(&format!("with the `}}` of line {} doubled", i + 1), &broken.concat());
            assert!(found.contains("unmatched `}`"), "{found}");
        }
    }
}

#[test]
fn a_brace_on_its_own_line_gives_one_error() {
    let text = walker();
    let all = lines(&text);
    for (i, line) in all.iter().enumerate() {
        if let Some(tag) = line.trim_end().strip_suffix(" {") {
            let mut broken: Vec<String> = all.iter().map(|l| (*l).to_owned()).collect();
            let indent: String = line.chars().take_while(|c| c.is_whitespace()).collect();
            broken[i] = format!("{tag}\n{indent}{{\n");
            let found =
                assert_one_syntax_error(&format!("with the `{{` of line {} on its own line", i + 1), &broken.concat());
            assert!(found.contains("must be on the same line as its tag"), "{found}");
        }
    }
}

#[test]
fn an_unterminated_string_gives_one_error_and_analysis_goes_on() {
    let text = walker().replacen("Name=\"歩行ロボ\"", "Name=\"歩行ロボ", 1).replacen("Loop=True", "Loop=Maybe", 1);
    assert_eq!(
        summary(&text),
        [
            "syntax@10: unterminated string: missing closing `\"`",
            "invalid-value@118: `Loop` must be `True` or `False` (capitalised, unquoted), found `Maybe`",
        ]
    );
}

#[test]
fn syntax_errors_in_values() {
    check_diagnostics(
        "model.elem",
        r#"
        Elfreina Extension Model File
        File Version 1.00
        Setting {
        	ElfreinaSoftVersion=1.10 junk
        	                         ^^^^ error[syntax]: unexpected `junk`: separate values with `:` or `,`
        	LoadType=
        	^^^^^^^^^ error[syntax]: missing value after `LoadType=`
        	=1
        	^ error[syntax]: missing key name before `=`
        	Is Right=True
        	^^^^^^^^ error[syntax]: expected `Key=Value`: a key is one name without spaces
        	IsRightHand=@@#
        	            ^^^ error[syntax]: unexpected `@@#`
        	LoadType=ルーン
        	         ^^^ error[syntax]: unquoted text `ルーン`: strings are written in double quotes
        	LoadType="a"::"b"
        	             ^ error[syntax]: missing value before `:`
        	LoadType="a":
        	            ^ error[syntax]: missing value after `:`
        	LoadType="a"="b"
        	            ^ error[syntax]: unexpected `=`
        }
        "#,
    );
}

#[test]
fn braces_sharing_a_line() {
    check_diagnostics(
        "model.elem",
        r#"
        Elfreina Extension Model File
        File Version 1.00
        Setting { LoadType="View"
                  ^^^^^^^^^^^^^^^ error[syntax]: expected a line break after `{`: scope contents start on the next line
        	IsRightHand=False }
        	                  ^ error[syntax]: `}` must be on a line of its own
        MeshDatas {
        	MeshContainerCount=0
        } Junk
          ^^^^ error[syntax]: expected a line break after `}`: each `}` goes on its own line
        {
        ^ error[syntax]: `{` without a tag: a scope starts with `Tag {`
        }
        "#,
    );
}

#[test]
fn unclosed_scope_at_end_of_file() {
    check_diagnostics(
        "model.elem",
        r#"
        Elfreina Extension Model File
        File Version 1.00
        Setting {
        ^^^^^^^^^ error[syntax]: `Setting` is never closed: missing `}` at the end of the file
        	LoadType="View"
        "#,
    );
}

#[test]
fn missing_brace_found_by_the_schema_in_an_unindented_file() {
    check_diagnostics(
        "model.elem",
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        MeshContainerCount=1
        MeshContainer {
        MeshCount=1
        Mesh {
        VertexCount=1
        Positions {
        0:0:0
        Normals {
        ^^^^^^^ error[syntax]: missing `}` before this line to close `Positions` (line 9)
        0:0:1
        }
        }
        }
        }
        "#,
    );
}

#[test]
fn extra_brace_at_top_level() {
    check_diagnostics(
        "model.elem",
        r#"
        Elfreina Extension Model File
        File Version 1.00
        Setting {
        	LoadType="View"
        }
        }
        ^ error[syntax]: unmatched `}`: there is no open scope to close
        "#,
    );
}
