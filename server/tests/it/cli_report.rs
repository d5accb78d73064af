//! `rigls --check` as CI runs it: every output format on the same fixtures, exit codes,
//! `--output-file`, `--quiet`, `--statistics`, stdin and the progress bar.
//!
//! Fixtures: `model.elem` (LF, Japanese names, errors and safe fixes) and `兵士.elem` (written with
//! CRLF and a BOM; a non-BMP character before a flagged range, so UTF-16 and character columns
//! differ).

use crate::cli_support;

use cli_support::Scratch;
use expect_test::expect;

fn two_fixtures() -> Scratch {
    let scratch = Scratch::with(&["model.elem"]);
    scratch.crlf_bom("兵士.elem");
    scratch
}

#[test]
fn human_format() {
    let run = two_fixtures().run(&["--check", "model.elem", "兵士.elem"]);
    run.expect_code(1);
    assert_eq!(run.stderr, "");
    expect![[r#"
        error[out-of-range]: `Diffuse` red component 1.5 is outside 0..1
          --> model.elem:22:17
           |
        22 |                 Diffuse=1.0:1.5:0.2:0.2
           |                             ^^^
           |
        help: Clamp to 1.000000

        warning[unknown-key]: unknown key `SpecularSharpnes` in `Material`; did you mean `SpecularSharpness`?
          --> model.elem:23:5
           |
        23 |                 SpecularSharpnes=2.0
           |                 ^^^^^^^^^^^^^^^^
           |
        help: Replace with `SpecularSharpness` (applied by --fix)

        error[count-mismatch]: VertexCount is 4 but Positions has 3 entries
          --> model.elem:28:4
           |
        28 |             VertexCount=4
           |             ^^^^^^^^^^^
           |
        note: Positions has 3 entries
          --> model.elem:30:4
           |
        30 |             Positions {
           |             ---------
        help: Set VertexCount to 3 (applied by --fix)

        warning[number-format]: `1E-05` uses exponent notation, which Keystone cannot read; write a plain decimal
          --> model.elem:32:5
           |
        32 |                 1E-05:0.0:0.0
           |                 ^^^^^
           |
        help: Write `0.000010` (applied by --fix)

        warning[unknown-key]: unknown key `LoadTyp` in `Setting`; did you mean `LoadType`?
         --> 兵士.elem:5:2
          |
        5 |     LoadTyp="View"
          |     ^^^^^^^
          |
        help: Replace with `LoadType` (applied by --fix)

        error[count-mismatch]: RenderingMeshCount is 2 but this RenderingMeshList has 1 RenderingMesh scope
          --> 兵士.elem:14:2
           |
        14 |     RenderingMeshCount=2
           |     ^^^^^^^^^^^^^^^^^^
           |
        help: Set RenderingMeshCount to 1 (applied by --fix)

        error[unknown-mesh]: unknown mesh `𠮷体`: not found among the Mesh names
          --> 兵士.elem:16:21
           |
        16 |         RenderingMeshName="𠮷体"
           |                           ^^^^^^

        Checked 2 files: 4 errors, 3 warnings.
    "#]]
    .assert_eq(&run.stdout);
}

#[test]
fn json_format() {
    let run = two_fixtures().run(&["--check", "--format", "json", "model.elem", "兵士.elem"]);
    run.expect_code(1);
    expect![[r#"
        [
          {
            "file": "model.elem",
            "line": 22,
            "column": 17,
            "end_line": 22,
            "end_column": 20,
            "severity": "error",
            "code": "out-of-range",
            "message": "`Diffuse` red component 1.5 is outside 0..1",
            "fix": "Clamp to 1.000000"
          },
          {
            "file": "model.elem",
            "line": 23,
            "column": 5,
            "end_line": 23,
            "end_column": 21,
            "severity": "warning",
            "code": "unknown-key",
            "message": "unknown key `SpecularSharpnes` in `Material`; did you mean `SpecularSharpness`?",
            "fix": "Replace with `SpecularSharpness`"
          },
          {
            "file": "model.elem",
            "line": 28,
            "column": 4,
            "end_line": 28,
            "end_column": 15,
            "severity": "error",
            "code": "count-mismatch",
            "message": "VertexCount is 4 but Positions has 3 entries",
            "fix": "Set VertexCount to 3"
          },
          {
            "file": "model.elem",
            "line": 32,
            "column": 5,
            "end_line": 32,
            "end_column": 10,
            "severity": "warning",
            "code": "number-format",
            "message": "`1E-05` uses exponent notation, which Keystone cannot read; write a plain decimal",
            "fix": "Write `0.000010`"
          },
          {
            "file": "兵士.elem",
            "line": 5,
            "column": 2,
            "end_line": 5,
            "end_column": 9,
            "severity": "warning",
            "code": "unknown-key",
            "message": "unknown key `LoadTyp` in `Setting`; did you mean `LoadType`?",
            "fix": "Replace with `LoadType`"
          },
          {
            "file": "兵士.elem",
            "line": 14,
            "column": 2,
            "end_line": 14,
            "end_column": 20,
            "severity": "error",
            "code": "count-mismatch",
            "message": "RenderingMeshCount is 2 but this RenderingMeshList has 1 RenderingMesh scope",
            "fix": "Set RenderingMeshCount to 1"
          },
          {
            "file": "兵士.elem",
            "line": 16,
            "column": 21,
            "end_line": 16,
            "end_column": 25,
            "severity": "error",
            "code": "unknown-mesh",
            "message": "unknown mesh `𠮷体`: not found among the Mesh names",
            "fix": null
          }
        ]
    "#]]
    .assert_eq(&run.stdout);
}

#[test]
fn github_format() {
    let run = two_fixtures().run(&["--check", "--format", "github", "model.elem", "兵士.elem"]);
    run.expect_code(1);
    expect![[r#"
        ::error file=model.elem,line=22,col=17,endLine=22,endColumn=20,title=rigls(out-of-range)::`Diffuse` red component 1.5 is outside 0..1
        ::warning file=model.elem,line=23,col=5,endLine=23,endColumn=21,title=rigls(unknown-key)::unknown key `SpecularSharpnes` in `Material`; did you mean `SpecularSharpness`?
        ::error file=model.elem,line=28,col=4,endLine=28,endColumn=15,title=rigls(count-mismatch)::VertexCount is 4 but Positions has 3 entries
        ::warning file=model.elem,line=32,col=5,endLine=32,endColumn=10,title=rigls(number-format)::`1E-05` uses exponent notation, which Keystone cannot read; write a plain decimal
        ::warning file=兵士.elem,line=5,col=2,endLine=5,endColumn=9,title=rigls(unknown-key)::unknown key `LoadTyp` in `Setting`; did you mean `LoadType`?
        ::error file=兵士.elem,line=14,col=2,endLine=14,endColumn=20,title=rigls(count-mismatch)::RenderingMeshCount is 2 but this RenderingMeshList has 1 RenderingMesh scope
        ::error file=兵士.elem,line=16,col=21,endLine=16,endColumn=25,title=rigls(unknown-mesh)::unknown mesh `𠮷体`: not found among the Mesh names
    "#]]
    .assert_eq(&run.stdout);
}

#[test]
fn github_format_escapes_properties_and_messages() {
    let scratch = Scratch::new();
    let text = "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {\n\tMeshContainerCount=1\n\tMeshContainer {\n\t\tName=\"A\"\n\t\tMeshCount=0\n\t\tVertexFormat {\n\t\t\t\"Pos%,x:y\"\n\t\t}\n\t}\n}\n";
    scratch.write("100%, sure: yes.elem", text);
    let run = scratch.run(&["--check", "--format", "github", "100%, sure: yes.elem"]);
    run.expect_code(1);
    expect![[r#"
        ::error file=100%25%2C sure%3A yes.elem,line=9,col=4,endLine=9,endColumn=14,title=rigls(invalid-value)::unknown `VertexFormat` value `"Pos%25,x:y"`; expected one of "Position", "Normal", "Blend", "Diffuse", "Texture", "Texture1", "Texture2", "Texture3", "Texture4", "Texture5", "Texture6", "Texture7", "Texture8"
    "#]]
    .assert_eq(&run.stdout);
}

#[test]
fn warnings_and_notes_map_to_github_commands() {
    let scratch = Scratch::with(&["warnings.elem"]);
    let run = scratch.run(&["--check", "--format", "github", "warnings.elem"]);
    run.expect_code(0);
    assert!(run.stdout.starts_with("::warning file=warnings.elem,line=5,col=2,"), "{}", run.stdout);
}

#[test]
fn sarif_results() {
    // The CRLF/BOM file: UTF-16 columns, a percent-encoded Japanese URI, fixes and a result without.
    let run = two_fixtures().run(&["--check", "--format", "sarif", "兵士.elem"]);
    run.expect_code(1);
    let log: serde_json::Value = serde_json::from_str(&run.stdout).expect("SARIF is JSON");
    let sarif_run = &log["runs"][0];
    assert_eq!(sarif_run["columnKind"], "utf16CodeUnits");
    assert_eq!(sarif_run["invocations"][0]["executionSuccessful"], true);
    let rules = sarif_run["tool"]["driver"]["rules"].as_array().expect("rules");
    let ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().expect("id")).collect();
    let codes: Vec<&str> = rigls_diagnostic::RULES.iter().map(|r| r.code.as_str()).collect();
    assert_eq!(ids, codes, "the driver lists the whole catalogue in order");
    for result in sarif_run["results"].as_array().expect("results") {
        let index = result["ruleIndex"].as_u64().expect("ruleIndex") as usize;
        assert_eq!(rules[index]["id"], result["ruleId"], "ruleIndex points at the rule");
    }
    let results = serde_json::to_string_pretty(&sarif_run["results"]).expect("pretty");
    expect![[r#"
        [
          {
            "fixes": [
              {
                "artifactChanges": [
                  {
                    "artifactLocation": {
                      "uri": "%E5%85%B5%E5%A3%AB.elem",
                      "uriBaseId": "%SRCROOT%"
                    },
                    "replacements": [
                      {
                        "deletedRegion": {
                          "endColumn": 9,
                          "endLine": 5,
                          "startColumn": 2,
                          "startLine": 5
                        },
                        "insertedContent": {
                          "text": "LoadType"
                        }
                      }
                    ]
                  }
                ],
                "description": {
                  "text": "Replace with `LoadType`"
                },
                "properties": {
                  "safe": true
                }
              }
            ],
            "level": "warning",
            "locations": [
              {
                "physicalLocation": {
                  "artifactLocation": {
                    "uri": "%E5%85%B5%E5%A3%AB.elem",
                    "uriBaseId": "%SRCROOT%"
                  },
                  "region": {
                    "endColumn": 9,
                    "endLine": 5,
                    "startColumn": 2,
                    "startLine": 5
                  }
                }
              }
            ],
            "message": {
              "text": "unknown key `LoadTyp` in `Setting`; did you mean `LoadType`?"
            },
            "ruleId": "unknown-key",
            "ruleIndex": 13
          },
          {
            "fixes": [
              {
                "artifactChanges": [
                  {
                    "artifactLocation": {
                      "uri": "%E5%85%B5%E5%A3%AB.elem",
                      "uriBaseId": "%SRCROOT%"
                    },
                    "replacements": [
                      {
                        "deletedRegion": {
                          "endColumn": 22,
                          "endLine": 14,
                          "startColumn": 21,
                          "startLine": 14
                        },
                        "insertedContent": {
                          "text": "1"
                        }
                      }
                    ]
                  }
                ],
                "description": {
                  "text": "Set RenderingMeshCount to 1"
                },
                "properties": {
                  "safe": true
                }
              }
            ],
            "level": "error",
            "locations": [
              {
                "physicalLocation": {
                  "artifactLocation": {
                    "uri": "%E5%85%B5%E5%A3%AB.elem",
                    "uriBaseId": "%SRCROOT%"
                  },
                  "region": {
                    "endColumn": 20,
                    "endLine": 14,
                    "startColumn": 2,
                    "startLine": 14
                  }
                }
              }
            ],
            "message": {
              "text": "RenderingMeshCount is 2 but this RenderingMeshList has 1 RenderingMesh scope"
            },
            "ruleId": "count-mismatch",
            "ruleIndex": 2
          },
          {
            "level": "error",
            "locations": [
              {
                "physicalLocation": {
                  "artifactLocation": {
                    "uri": "%E5%85%B5%E5%A3%AB.elem",
                    "uriBaseId": "%SRCROOT%"
                  },
                  "region": {
                    "endColumn": 26,
                    "endLine": 16,
                    "startColumn": 21,
                    "startLine": 16
                  }
                }
              }
            ],
            "message": {
              "text": "unknown mesh `𠮷体`: not found among the Mesh names"
            },
            "ruleId": "unknown-mesh",
            "ruleIndex": 8
          }
        ]"#]]
    .assert_eq(&results);
}

/// The vendored official schema (see `tests/data/README.md`), with formats checked too.
fn sarif_validator() -> jsonschema::Validator {
    let schema = std::fs::read_to_string(cli_support::data("../sarif-schema-2.1.0.json")).expect("vendored schema");
    let schema: serde_json::Value = serde_json::from_str(&schema).expect("schema is JSON");
    jsonschema::options().should_validate_formats(true).build(&schema).expect("the SARIF schema compiles")
}

fn schema_errors(validator: &jsonschema::Validator, log: &serde_json::Value) -> Vec<String> {
    validator.iter_errors(log).map(|e| format!("{} at {}", e, e.instance_path())).collect()
}

#[test]
fn sarif_validates_against_the_official_schema() {
    let validator = sarif_validator();
    let scratch = two_fixtures();
    scratch.write("bad bytes.elem", "Elfreina Extension Model File\nName=\"\u{0}\"\n");
    std::fs::write(scratch.path().join("latin1.elem"), b"Elfreina Extension Model File\nName=\"\xe9\"\n").unwrap();
    let absolute = scratch.path().join("model.elem").display().to_string();
    for args in [
        vec!["model.elem", "兵士.elem"],
        vec!["latin1.elem", "bad bytes.elem", "missing.elem"],
        vec![absolute.as_str()],
        vec!["missing.elem"],
    ] {
        let run = scratch.run(&[&["--check", "--format", "sarif"][..], &args].concat());
        let log: serde_json::Value = serde_json::from_str(&run.stdout).expect("SARIF is JSON");
        assert_eq!(schema_errors(&validator, &log), Vec::<String>::new(), "for {args:?}");
    }
}

#[test]
fn the_schema_check_rejects_an_invalid_log() {
    let validator = sarif_validator();
    let run = Scratch::with(&["model.elem"]).run(&["--check", "--format", "sarif", "model.elem"]);
    let mut log: serde_json::Value = serde_json::from_str(&run.stdout).expect("SARIF is JSON");
    log["runs"][0]["results"][0]["level"] = "fatal".into();
    log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = 0.into();
    assert_eq!(schema_errors(&validator, &log).len(), 2, "a wrong level and line 0 are both caught");
}

#[test]
fn sarif_reports_unreadable_files_as_a_failed_invocation() {
    let run = Scratch::with(&["model.elem"]).run(&["--check", "--format", "sarif", "model.elem", "gone.elem"]);
    run.expect_code(2);
    let log: serde_json::Value = serde_json::from_str(&run.stdout).expect("SARIF is JSON");
    let invocation = &log["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false);
    assert_eq!(
        invocation["toolExecutionNotifications"][0]["message"]["text"],
        "cannot read `gone.elem`: no such file or directory"
    );
}

#[test]
fn sarif_columns_are_utf16_and_json_columns_characters() {
    let scratch = two_fixtures();
    let json = scratch.run(&["--check", "--format", "json", "兵士.elem"]);
    let sarif = scratch.run(&["--check", "--format", "sarif", "兵士.elem"]);
    let json: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let sarif: serde_json::Value = serde_json::from_str(&sarif.stdout).unwrap();
    let mesh = json.as_array().unwrap().iter().find(|d| d["code"] == "unknown-mesh").unwrap();
    let result =
        sarif["runs"][0]["results"].as_array().unwrap().iter().find(|r| r["ruleId"] == "unknown-mesh").unwrap();
    let region = &result["locations"][0]["physicalLocation"]["region"];
    // `"𠮷体"`: 4 characters, 5 UTF-16 code units (𠮷 is outside the BMP).
    assert_eq!((mesh["column"].as_u64(), mesh["end_column"].as_u64()), (Some(21), Some(25)));
    assert_eq!((region["startColumn"].as_u64(), region["endColumn"].as_u64()), (Some(21), Some(26)));
}

#[test]
fn exit_codes() {
    let scratch = Scratch::with(&["clean.elem", "warnings.elem", "model.elem"]);
    scratch.run(&["--check", "clean.elem"]).expect_code(0);
    scratch.run(&["--check", "warnings.elem"]).expect_code(0);
    scratch.run(&["--check", "--deny-warnings", "warnings.elem"]).expect_code(1);
    scratch.run(&["--check", "--deny-warnings", "clean.elem"]).expect_code(0);
    scratch.run(&["--check", "model.elem"]).expect_code(1);
    let missing = scratch.run(&["--check", "clean.elem", "missing.elem"]);
    missing.expect_code(2);
    assert_eq!(missing.stderr, "error: cannot read `missing.elem`: no such file or directory\n");
    let no_paths = scratch.run(&["--check"]);
    no_paths.expect_code(2);
    assert!(no_paths.stderr.contains("--check needs at least one PATH"), "{}", no_paths.stderr);
    scratch.run(&["--check", "--format", "xml", "clean.elem"]).expect_code(2);
    scratch.run(&["--check", "--fix", "--diff", "clean.elem"]).expect_code(2);
    scratch.run(&["--format", "json", "clean.elem"]).expect_code(2);
}

#[test]
fn output_file_takes_the_report_instead_of_stdout() {
    let scratch = Scratch::with(&["model.elem"]);
    for format in ["human", "json", "github", "sarif"] {
        let out = format!("report.{format}");
        let run = scratch.run(&["--check", "--format", format, "--output-file", &out, "model.elem"]);
        run.expect_code(1);
        assert_eq!((run.stdout.as_str(), run.stderr.as_str()), ("", ""), "{format}");
        let to_stdout = scratch.run(&["--check", "--format", format, "model.elem"]);
        assert_eq!(scratch.read(&out), to_stdout.stdout, "{format}: the file holds what stdout would");
    }
    let run = scratch.run(&["--check", "--output-file", "no/such/dir/report.txt", "model.elem"]);
    run.expect_code(2);
    assert!(run.stderr.starts_with("error: cannot write the report to `no/such/dir/report.txt`"), "{}", run.stderr);
}

#[test]
fn quiet_prints_only_the_diagnostics() {
    let scratch = Scratch::with(&["clean.elem", "warnings.elem"]);
    let run = scratch.run(&["--check", "--quiet", "clean.elem"]);
    run.expect_code(0);
    assert_eq!((run.stdout.as_str(), run.stderr.as_str()), ("", ""));
    let run = scratch.run(&["--check", "-q", "warnings.elem", "clean.elem"]);
    expect![[r#"
        warning[unknown-key]: unknown key `Colour` in `Setting`
         --> warnings.elem:5:2
          |
        5 |     Colour="red"
          |     ^^^^^^

    "#]]
    .assert_eq(&run.stdout);
    let json = scratch.run(&["--check", "--quiet", "--format", "json", "clean.elem"]);
    assert_eq!(json.stdout, "[]\n", "other formats are unchanged");
}

#[test]
fn statistics_follow_the_human_report() {
    let scratch = two_fixtures();
    let run = scratch.run(&["--check", "--statistics", "model.elem", "兵士.elem"]);
    let table = run.stdout.split_once("Checked 2 files").expect("summary").1;
    expect![[r#"
        : 4 errors, 3 warnings.

        code            severity     count  safe fixes
        count-mismatch  error            2           2
        unknown-key     warning          2           2
        number-format   warning          1           1
        out-of-range    error            1           0
        unknown-mesh    error            1           0
        total                            7           5
    "#]]
    .assert_eq(table);
}

/// The table counts the severities reported: DragonBones reports `out-of-range` as a warning,
/// `.elem` as an error, and a code reported both ways has a row for each.
#[test]
fn statistics_count_the_severity_each_diagnostic_was_reported_with() {
    let scratch = Scratch::new();
    let skeleton = r#"{"name": "a", "version": "5.5", "compatibleVersion": "5.5", "armature": [{"name": "arm", "bone": [{"name": "root"}], "slot": [{"name": "s", "parent": "root", "color": {"aM": 150, "rM": 120}}]}]}"#;
    std::fs::write(scratch.path().join("a_ske.json"), skeleton).unwrap();
    let model = "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {\n\tMeshContainerCount=1\n\tMeshContainer {\n\t\tName=\"箱\"\n\t\tMeshCount=0\n\t\tMaterials {\n\t\t\tMaterialCount=1\n\t\t\tMaterial {\n\t\t\t\tDiffuse=1.0:1.5:0.2:0.2\n\t\t\t}\n\t\t}\n\t}\n}\n";
    std::fs::write(scratch.path().join("b.elem"), model).unwrap();
    let run = scratch.run(&["--check", "--statistics", "--quiet", "--format", "json", "a_ske.json"]);
    expect![[r#"
        code          severity     count  safe fixes
        out-of-range  warning          2           0
        total                          2           0
    "#]]
    .assert_eq(&run.stderr);
    let run = scratch.run(&["--check", "--statistics", "--format", "json", "a_ske.json", "b.elem"]);
    expect![[r#"
        code          severity     count  safe fixes
        out-of-range  warning          2           0
        out-of-range  error            1           0
        total                          3           0
    "#]]
    .assert_eq(&run.stderr);
}

#[test]
fn statistics_go_to_stderr_beside_machine_formats() {
    let scratch = two_fixtures();
    let run = scratch.run(&["--check", "--statistics", "--format", "json", "model.elem", "兵士.elem"]);
    let diagnostics: serde_json::Value = serde_json::from_str(&run.stdout).expect("stdout stays one JSON array");
    assert_eq!(diagnostics.as_array().map(Vec::len), Some(7));
    expect![[r#"
        code            severity     count  safe fixes
        count-mismatch  error            2           2
        unknown-key     warning          2           2
        number-format   warning          1           1
        out-of-range    error            1           0
        unknown-mesh    error            1           0
        total                            7           5
    "#]]
    .assert_eq(&run.stderr);
}

#[test]
fn stdin_is_reported_under_its_stdin_filename() {
    let scratch = Scratch::new();
    std::fs::create_dir(scratch.path().join("models")).unwrap();
    std::fs::write(scratch.path().join("models/body.png"), b"png").unwrap();
    let text = "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {\n\tMeshContainerCount=1\n\tMeshContainer {\n\t\tName=\"箱\"\n\t\tMeshCount=0\n\t\tMaterials {\n\t\t\tMaterialCount=2\n\t\t\tMaterial {\n\t\t\t\tTextureFilename=\"body.png\"\n\t\t\t}\n\t\t\tMaterial {\n\t\t\t\tTextureFilename=\"face.png\"\n\t\t\t}\n\t\t}\n\t}\n}\n";
    let run = scratch
        .run_with_stdin(&["--check", "--format", "github", "--stdin-filename", "models/箱.elem", "-"], Some(text));
    run.expect_code(0);
    // body.png is found next to the named file; face.png is not.
    expect![[r#"
        ::warning file=models/箱.elem,line=14,col=21,endLine=14,endColumn=31,title=rigls(missing-file)::texture file `face.png` does not exist next to this model
    "#]]
    .assert_eq(&run.stdout);
    let anonymous =
        scratch.run_with_stdin(&["--check", "--format", "json", "-"], Some("Elfreina Extension Model File\n"));
    assert!(anonymous.stdout.contains("\"file\": \"<stdin>\""), "{}", anonymous.stdout);
}

#[test]
fn no_progress_bar_when_stderr_is_piped() {
    let scratch = Scratch::new();
    for i in 0..25 {
        scratch.write(&format!("m{i:02}.elem"), &cli_support::fixture("clean.elem"));
    }
    let run = scratch.run(&["--check", "."]);
    run.expect_code(0);
    assert_eq!(run.stderr, "");
    assert_eq!(run.stdout, "Checked 25 files: no problems found.\n");
}

/// Runs rigls under `script`, which gives it a pseudo-terminal; stdout goes to /dev/null, so the
/// transcript holds only what rigls drew on stderr.
#[cfg(unix)]
fn stderr_on_a_terminal(scratch: &Scratch, args: &str) -> Option<String> {
    let command = format!("'{}' {args} 2>&1 >/dev/null", cli_support::BIN);
    let output = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(scratch.path())
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

#[cfg(unix)]
#[test]
fn progress_bar_on_a_terminal_for_many_files() {
    let scratch = Scratch::new();
    for i in 0..40 {
        scratch.write(&format!("m{i:02}.elem"), &cli_support::fixture("model.elem"));
    }
    let Some(drawn) = stderr_on_a_terminal(&scratch, "--check --format json .") else {
        println!("skipped: `script` (util-linux) is not installed");
        return;
    };
    assert!(drawn.contains("Checking [") && drawn.contains("/40 ./m"), "no progress bar: {drawn:?}");
    assert!(drawn.ends_with("\r\u{1b}[2K"), "the bar is cleared at the end: {drawn:?}");
    let quiet = stderr_on_a_terminal(&scratch, "--check --quiet --format json .").unwrap_or_default();
    assert_eq!(quiet, "", "--quiet draws no bar");
    let few = stderr_on_a_terminal(&scratch, "--check --format json m00.elem m01.elem").unwrap_or_default();
    assert_eq!(few, "", "two files need no bar");
}

#[test]
fn summaries_say_what_could_not_be_read() {
    // Exit status 2 (a file that cannot be read), the reason on stderr, and a summary that never
    // calls an unread file clean.
    let scratch = Scratch::with(&["clean.elem", "model.elem"]);
    let nope = scratch.run(&["--check", "nope.elem"]);
    nope.expect_code(2);
    assert_eq!(nope.stderr, "error: cannot read `nope.elem`: no such file or directory\n");
    assert_eq!(nope.stdout, "Could not read 1 file; nothing was checked.\n");
    let some = scratch.run(&["--check", "clean.elem", "nope.elem", "gone.elem"]);
    some.expect_code(2);
    assert_eq!(
        some.stderr,
        "error: cannot read `nope.elem`: no such file or directory\nerror: cannot read `gone.elem`: no such file or directory\n"
    );
    assert_eq!(some.stdout, "Checked 1 file: no problems found; could not read 2 files.\n");
    let problems = scratch.run(&["--check", "model.elem", "nope.elem"]);
    problems.expect_code(2);
    assert!(
        problems.stdout.ends_with("\nChecked 1 file: 2 errors, 2 warnings; could not read 1 file.\n"),
        "{}",
        problems.stdout
    );
}

#[test]
fn sarif_rules_point_at_the_shipped_documentation_without_placeholder_urls() {
    let run = two_fixtures().run(&["--check", "--format", "sarif", "兵士.elem"]);
    assert!(!run.stdout.contains("example.invalid"), "a placeholder URL in the SARIF log");
    let log: serde_json::Value = serde_json::from_str(&run.stdout).expect("SARIF is JSON");
    let driver = &log["runs"][0]["tool"]["driver"];
    assert_eq!(driver.get("informationUri"), None);
    let rule = &driver["rules"][2];
    assert_eq!(rule["id"], "count-mismatch");
    assert_eq!(rule.get("helpUri"), None);
    let help = rule["help"]["text"].as_str().unwrap();
    assert!(help.ends_with("\n\nDocumented in docs/rules.md#count-mismatch of the rigls repository."), "{help}");
    let markdown = rule["help"]["markdown"].as_str().unwrap();
    assert!(
        markdown.ends_with("\n\nDocumented in `docs/rules.md#count-mismatch` of the rigls repository."),
        "{markdown}"
    );
}

/// `rigls` run by hand in a terminal says what it is waiting for and how to lint instead; an
/// editor (stdin a pipe) or `--stdio` gets no such line.
#[cfg(unix)]
#[test]
fn serving_lsp_on_a_terminal_says_how_to_lint_instead() {
    let scratch = Scratch::new();
    let Some(said) = stderr_on_a_terminal(&scratch, "") else {
        println!("skipped: `script` (util-linux) is not installed");
        return;
    };
    let said = said.replace("\r\n", "\n");
    expect![[r#"
        rigls: serving the Language Server Protocol on stdin/stdout, as editors start it.
        To lint files instead, run `rigls --check PATH...` (see `rigls --help`). Ctrl+D or Ctrl+C quits.
    "#]]
    .assert_eq(&said);
    assert_eq!(stderr_on_a_terminal(&scratch, "--stdio").unwrap_or_default(), "");
    let piped = Scratch::new().run_with_stdin(&[], Some(""));
    piped.expect_code(0);
    assert_eq!(piped.stderr, "");
}

#[test]
fn help_states_the_exit_statuses_as_the_readme_does() {
    let help = Scratch::new().run(&["--help"]);
    help.expect_code(0);
    let (_, statuses) = help.stdout.split_once("Exit status of --check: ").expect("exit statuses in --help");
    let statuses = statuses.split_whitespace().collect::<Vec<_>>().join(" ");
    expect!["0 no errors (and no warnings with --deny-warnings), 1 problems found (after --fix: problems remaining), 2 usage error or a file that cannot be read or written."].assert_eq(&statuses);
    let readme = include_str!("../../../README.md");
    let (_, documented) = readme.split_once("- Exit status: ").expect("exit statuses in the README");
    let documented = documented.split("\n\n").next().unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(documented.replace('`', ""), statuses, "README and --help agree");
}
