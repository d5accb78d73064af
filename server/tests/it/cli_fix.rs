//! `rigls --check --fix` and `--diff`: exact edits, atomic writes, files with syntax errors left
//! alone, idempotence, and exit statuses that reflect what remains.

use crate::cli_support;

use std::path::Path;

use cli_support::Scratch;
use expect_test::expect;
use rigls_diagnostic::env::RealFs;
use rigls_ide::Analysis;

/// Diagnostics of a file on disk that `--fix` would still repair.
fn safe_fixes_left(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("read");
    let analysis = Analysis::new(Some(path), text, &RealFs);
    analysis
        .diagnostics
        .iter()
        .filter(|d| d.safe_fix().is_some())
        .map(|d| format!("{}: {}", d.code, d.message))
        .collect()
}

#[test]
fn fix_rewrites_the_files_and_reports_what_remains() {
    let scratch = Scratch::with(&["model.elem", "chain.elem"]);
    scratch.crlf_bom("兵士.elem");
    let run = scratch.run(&["--check", "--fix", "model.elem", "chain.elem", "兵士.elem"]);
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

        error[unknown-mesh]: unknown mesh `𠮷体`: not found among the Mesh names
          --> 兵士.elem:16:21
           |
        16 |         RenderingMeshName="𠮷体"
           |                           ^^^^^^

        Fixed model.elem: unknown-key, count-mismatch, number-format
        Fixed chain.elem: header, unknown-key, count-mismatch
        Fixed 兵士.elem: unknown-key, count-mismatch
        Checked 3 files: 2 errors. Fixed 8 problems in 3 files.
    "#]]
    .assert_eq(&run.stdout);
    for name in ["model.elem", "chain.elem", "兵士.elem"] {
        assert_eq!(safe_fixes_left(&scratch.path().join(name)), Vec::<String>::new(), "{name}");
    }
}

#[test]
fn fix_applies_exactly_the_safe_edits() {
    let scratch = Scratch::with(&["model.elem"]);
    scratch.run(&["--check", "--fix", "model.elem"]).expect_code(1);
    let before = cli_support::fixture("model.elem");
    let after = scratch.read("model.elem");
    let changed: Vec<String> = before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("{} => {}", a.trim(), b.trim()))
        .collect();
    assert_eq!(before.lines().count(), after.lines().count());
    expect![[r#"
        SpecularSharpnes=2.0 => SpecularSharpness=2.0
        VertexCount=4 => VertexCount=3
        1E-05:0.0:0.0 => 0.000010:0.0:0.0"#]]
    .assert_eq(&changed.join("\n"));
}

#[test]
fn fix_iterates_until_no_safe_fix_is_left() {
    // Pass 1 inserts the header line and renames `VertexCont`; only then can pass 2 see that
    // `VertexCount=5` disagrees with the 4 positions.
    let scratch = Scratch::with(&["chain.elem"]);
    let run = scratch.run(&["--check", "--fix", "chain.elem"]);
    run.expect_code(0);
    expect![[r#"
        Fixed chain.elem: header, unknown-key, count-mismatch
        Checked 1 file: no problems found. Fixed 3 problems in 1 file.
    "#]]
    .assert_eq(&run.stdout);
    expect![[r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="Box"
        		MeshCount=1
        		Mesh {
        			Name="Box"
        			VertexCount=4
        			Positions {
        				0.0:0.0:0.0
        				1.0:0.0:0.0
        				1.0:1.0:0.0
        				0.0:1.0:0.0
        			}
        		}
        	}
        }
    "#]]
    .assert_eq(&scratch.read("chain.elem"));
}

#[test]
fn overlapping_fixes_are_applied_in_separate_passes() {
    // The header insertion (an empty range at offset 0) and the tag typo fix (0..10) touch: one pass
    // applies the first, the next pass the second, then the count the renamed scope exposes.
    let scratch = Scratch::new();
    scratch.write("overlap.elem", "MeshDatass {\n\tMeshContainerCount=1\n}\n");
    let run = scratch.run(&["--check", "--fix", "overlap.elem"]);
    run.expect_code(0);
    assert_eq!(
        scratch.read("overlap.elem"),
        "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {\n\tMeshContainerCount=0\n}\n"
    );
    assert!(run.stdout.contains("Fixed overlap.elem: header, unknown-key, count-mismatch\n"), "{}", run.stdout);
}

#[test]
fn fix_is_idempotent() {
    let scratch = Scratch::with(&["model.elem", "chain.elem"]);
    scratch.crlf_bom("兵士.elem");
    let files = ["model.elem", "chain.elem", "兵士.elem"];
    scratch.run(&[&["--check", "--fix"][..], &files].concat());
    let once: Vec<String> = files.iter().map(|f| scratch.read(f)).collect();
    let again = scratch.run(&[&["--check", "--fix"][..], &files].concat());
    let twice: Vec<String> = files.iter().map(|f| scratch.read(f)).collect();
    assert_eq!(once, twice);
    assert!(again.stdout.ends_with("Checked 3 files: 2 errors. Nothing to fix.\n"), "{}", again.stdout);
}

#[test]
fn fix_keeps_crlf_and_the_bom() {
    let scratch = Scratch::new();
    scratch.crlf_bom("兵士.elem");
    scratch.run(&["--check", "--fix", "兵士.elem"]).expect_code(1);
    let fixed = scratch.read("兵士.elem");
    assert!(fixed.starts_with('\u{feff}'), "BOM kept");
    assert_eq!(fixed.matches('\n').count(), fixed.matches("\r\n").count(), "only CRLF line breaks");
    assert_eq!(fixed.replace("\r\n", "\n").trim_start_matches('\u{feff}'), {
        cli_support::fixture("兵士.elem")
            .replace("LoadTyp=", "LoadType=")
            .replace("RenderingMeshCount=2", "RenderingMeshCount=1")
    });
}

#[cfg(unix)]
#[test]
fn fix_writes_atomically_and_keeps_permissions() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let scratch = Scratch::with(&["model.elem"]);
    let path = scratch.path().join("model.elem");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    let inode = std::fs::metadata(&path).unwrap().ino();
    scratch.run(&["--check", "--fix", "model.elem"]).expect_code(1);
    let meta = std::fs::metadata(&path).unwrap();
    assert_ne!(meta.ino(), inode, "a new file was renamed into place, not the old one truncated");
    assert_eq!(meta.permissions().mode() & 0o777, 0o640, "permissions preserved");
    assert_eq!(scratch.listing(), ["model.elem"], "no temporary file left behind");
}

#[cfg(unix)]
#[test]
fn fix_through_a_symlink_replaces_the_target_and_keeps_the_link() {
    let scratch = Scratch::with(&["chain.elem"]);
    std::os::unix::fs::symlink("chain.elem", scratch.path().join("link.elem")).unwrap();
    scratch.run(&["--check", "--fix", "link.elem"]).expect_code(0);
    assert!(std::fs::symlink_metadata(scratch.path().join("link.elem")).unwrap().file_type().is_symlink());
    assert!(scratch.read("chain.elem").starts_with("Elfreina Extension Model File\n"));
}

#[cfg(unix)]
#[test]
fn fix_leaves_read_only_files_alone() {
    use std::os::unix::fs::PermissionsExt;
    let scratch = Scratch::with(&["chain.elem"]);
    let path = scratch.path().join("chain.elem");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let run = scratch.run(&["--check", "--fix", "chain.elem"]);
    run.expect_code(2);
    assert_eq!(run.stderr, "error: cannot write the fixes to `chain.elem`: the file is read-only\n");
    // The report is of the file as it is: its safe fixes were not applied, and the summary says so.
    expect![[r#"
        error[header]: missing header line `Elfreina Extension Model File` before `File Version`
         --> chain.elem:1:1
          |
        1 | File Version 1.00
          | ^^^^^^^^^^^^^^^^^
          |
        help: Insert `Elfreina Extension Model File` (not applied: --fix could not write the file)

        error[missing-key]: `Mesh` is missing `VertexCount`
         --> chain.elem:7:3
          |
        7 |         Mesh {
          |         ^^^^

        warning[unknown-key]: unknown key `VertexCont` in `Mesh`; did you mean `VertexCount`?
         --> chain.elem:9:4
          |
        9 |             VertexCont=5
          |             ^^^^^^^^^^
          |
        help: Replace with `VertexCount` (not applied: --fix could not write the file)

        Checked 1 file: 2 errors, 1 warning. Could not write the fixes of 3 problems to 1 file.
    "#]]
    .assert_eq(&run.stdout);
    assert_eq!(scratch.read("chain.elem"), cli_support::fixture("chain.elem"));
}

#[test]
fn fix_skips_a_file_with_syntax_errors() {
    let scratch = Scratch::with(&["syntax.elem", "chain.elem"]);
    let run = scratch.run(&["--check", "--fix", "syntax.elem", "chain.elem"]);
    run.expect_code(1);
    assert_eq!(scratch.read("syntax.elem"), cli_support::fixture("syntax.elem"), "untouched");
    assert!(
        run.stdout.contains("\nNot fixed: syntax.elem: it has a syntax error; fix it first\nFixed chain.elem: "),
        "{}",
        run.stdout
    );
    let json = scratch.run(&["--check", "--fix", "--format", "json", "syntax.elem"]);
    assert_eq!(json.stderr, "Not fixed: syntax.elem: it has a syntax error; fix it first\n");
}

#[test]
fn fix_never_writes_files_that_are_not_utf8() {
    let scratch = Scratch::new();
    let bytes = b"File Version 1.00\nSetting {\n\tLoadType=\"\x83r\x83\x85\x81[\"\n}\n";
    std::fs::write(scratch.path().join("sjis.elem"), bytes).unwrap();
    let run = scratch.run(&["--check", "--fix", "sjis.elem"]);
    run.expect_code(1);
    assert_eq!(std::fs::read(scratch.path().join("sjis.elem")).unwrap(), bytes);
    assert!(run.stdout.contains("Not fixed: sjis.elem: it is not valid UTF-8\n"), "{}", run.stdout);
}

#[test]
fn fix_refuses_stdin() {
    let run = Scratch::new().run_with_stdin(&["--check", "--fix", "-"], Some("File Version 1.00\n"));
    run.expect_code(2);
    assert_eq!(run.stderr, "error: --fix cannot write to stdin; use --diff to see what it would change\n");
}

#[test]
fn fix_exit_status_is_zero_when_every_problem_was_fixed() {
    let scratch = Scratch::with(&["chain.elem"]);
    scratch.run(&["--check", "chain.elem"]).expect_code(1);
    scratch.run(&["--check", "--fix", "chain.elem"]).expect_code(0);
    scratch.run(&["--check", "chain.elem"]).expect_code(0);
}

#[test]
fn diff_shows_the_fixes_without_writing() {
    let scratch = Scratch::with(&["model.elem", "chain.elem", "syntax.elem"]);
    let run = scratch.run(&["--check", "--diff", "model.elem", "chain.elem", "syntax.elem"]);
    run.expect_code(1);
    for name in ["model.elem", "chain.elem", "syntax.elem"] {
        assert_eq!(scratch.read(name), cli_support::fixture(name), "{name} untouched");
    }
    expect![[r#"
        --- model.elem
        +++ model.elem
        @@ -20,16 +20,16 @@
         			Material {
         				Name="装甲"
         				Diffuse=1.0:1.5:0.2:0.2
        -				SpecularSharpnes=2.0
        +				SpecularSharpness=2.0
         			}
         		}
         		Mesh {
         			Name="胴体"
        -			VertexCount=4
        +			VertexCount=3
         			FaceCount=1
         			Positions {
         				0.0:0.0:0.0
        -				1E-05:0.0:0.0
        +				0.000010:0.0:0.0
         				1.0:1.0:0.0
         			}
         			VertexIndices {
        --- chain.elem
        +++ chain.elem
        @@ -1,3 +1,4 @@
        +Elfreina Extension Model File
         File Version 1.00
         MeshDatas {
         	MeshContainerCount=1
        @@ -6,7 +7,7 @@
         		MeshCount=1
         		Mesh {
         			Name="Box"
        -			VertexCont=5
        +			VertexCount=4
         			Positions {
         				0.0:0.0:0.0
         				1.0:0.0:0.0
    "#]]
    .assert_eq(&run.stdout);
    expect![[r#"
        Would fix model.elem: unknown-key, count-mismatch, number-format
        Would fix chain.elem: header, unknown-key, count-mismatch
        Not fixed: syntax.elem: it has a syntax error; fix it first
        Would fix 6 problems in 2 files.
    "#]]
    .assert_eq(&run.stderr);
}

#[test]
fn diff_of_crlf_stdin() {
    let text = format!("\u{feff}{}", cli_support::fixture("兵士.elem").replace('\n', "\r\n"));
    let scratch = Scratch::new();
    let run =
        scratch.run_with_stdin(&["--check", "--diff", "--quiet", "--stdin-filename", "兵士.elem", "-"], Some(&text));
    run.expect_code(1);
    assert_eq!(run.stderr, "");
    let content = run.stdout.split_inclusive('\n').filter(|l| !["---", "+++", "@@"].iter().any(|p| l.starts_with(p)));
    assert!(
        content.clone().count() == 16 && content.clone().all(|l| l.ends_with("\r\n")),
        "CRLF kept: {:?}",
        run.stdout
    );
    expect![[r#"
        --- 兵士.elem
        +++ 兵士.elem
        @@ -2,7 +2,7 @@
         File Version 1.00␍
         Setting {␍
         	ElfreinaSoftVersion=1.10␍
        -	LoadTyp="View"␍
        +	LoadType="View"␍
         }␍
         HierarchyList {␍
         	Node {␍
        @@ -11,7 +11,7 @@
         	}␍
         }␍
         RenderingMeshList {␍
        -	RenderingMeshCount=2␍
        +	RenderingMeshCount=1␍
         	RenderingMesh {␍
         		RenderingMeshName="𠮷体"␍
         		HierarchyNamesCount=1␍
    "#]]
    .assert_eq(&run.stdout.replace('\r', "␍"));
}

#[test]
fn diff_with_nothing_to_fix_prints_nothing() {
    let scratch = Scratch::with(&["clean.elem", "warnings.elem"]);
    let run = scratch.run(&["--check", "--diff", "clean.elem", "warnings.elem"]);
    run.expect_code(0);
    assert_eq!((run.stdout.as_str(), run.stderr.as_str()), ("", "Nothing to fix.\n"));
}

#[test]
fn the_catalogue_marks_every_code_with_safe_fixes_as_fixable() {
    for name in ["model.elem", "chain.elem", "兵士.elem", "syntax.elem", "warnings.elem"] {
        let path = cli_support::data(name);
        let analysis = Analysis::new(Some(&path), cli_support::fixture(name), &RealFs);
        for d in analysis.diagnostics.iter().filter(|d| d.safe_fix().is_some()) {
            let rule = d.code.rule();
            assert!(rule.fixable, "{} has safe fixes but the catalogue says it is not fixable", d.code);
        }
    }
}

#[test]
fn fix_never_applies_suggested_names() {
    // `頭腰` is one edit from bones `腰` and `頭`: both are suggested, as help lines without
    // "(applied by --fix)", and `--fix` applies only the safe count fix, leaving the name as it is.
    let scratch = Scratch::new();
    let text = include_str!("../../../examples/broken.elem").replace("BoneName=\"首\"", "BoneName=\"頭腰\"");
    scratch.write("bones.elem", &text);
    let run = scratch.run(&["--check", "--fix", "bones.elem"]);
    run.expect_code(1);
    assert_eq!(run.stderr, "");
    expect![[r#"
        error[unknown-bone]: unknown bone `頭腰`: not found in this MeshContainer's BoneNames; did you mean `腰`?
          --> bones.elem:66:15
           |
        66 |                     BoneName="頭腰"
           |                              ^^^^^^
           |
        help: Replace with `腰`
        help: Replace with `頭`

        error[invalid-value]: `Loop` must be `True` or `False` (capitalised, unquoted), found `Yes`
           --> bones.elem:118:8
            |
        118 |         Loop=Yes
            |              ^^^
            |
        help: Write `True`

        Fixed bones.elem: count-mismatch
        Checked 1 file: 2 errors. Fixed 1 problem in 1 file.
    "#]]
    .assert_eq(&run.stdout);
    let after = scratch.read("bones.elem");
    assert!(after.contains("BoneName=\"頭腰\""), "the name is left as it is");
    assert_eq!(after, text.replace("VertexCount=5", "VertexCount=4"));
}
