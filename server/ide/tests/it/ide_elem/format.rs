use expect_test::expect;
use rigls_ide as ide;

use super::MODEL;
use crate::ide_elem::support::analyse;
use crate::ide_support::{check_variants, render_edits};

/// The formatted text, or `not formatted`.
fn format(text: &str) -> String {
    check_variants(text, None, |a, t, _| match ide::format(a) {
        None => "not formatted\n".to_owned(),
        Some(edits) => render_edits(t, &edits),
    })
}

#[test]
fn a_canonical_file_is_left_alone() {
    let analysis = analyse("test.elem", MODEL, &[]);
    assert_eq!(ide::format(&analysis), Some(Vec::new()));
}

#[test]
fn messy_layout_becomes_canonical() {
    let messy = "Elfreina Extension Model File  \n  File Version 1.00\n\n\nSetting{\n    ElfreinaSoftVersion = 1.10\n\n\n  LoadType= \"View  here\"\n\n}\n\n\n\nMeshDatas {\n\n\tMeshContainerCount=1\nMeshContainer {\n\t\t\t\t\tName=\"ロボ\"\nMeshCount=0\n  VertexFormat   {\n \"Position\"   \n}\nOffsetMatrices {\n1 : 0:0:0:0:1:0:0:0:0:1:0:0:0:0:1\n}\n\t}\n}\n\n";
    expect![[r#"
        Elfreina Extension Model File
        File Version 1.00

        Setting {
        	ElfreinaSoftVersion=1.10

        	LoadType="View  here"
        }

        MeshDatas {
        	MeshContainerCount=1
        	MeshContainer {
        		Name="ロボ"
        		MeshCount=0
        		VertexFormat {
        			"Position"
        		}
        		OffsetMatrices {
        			1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        		}
        	}
        }
    "#]]
    .assert_eq(&format(messy));
}

#[test]
fn a_missing_final_line_break_is_added() {
    expect![[r#"
        Elfreina Extension Model File
        File Version 1.00
        Setting {
        }
    "#]]
    .assert_eq(&format("Elfreina Extension Model File\nFile Version 1.00\nSetting {\n}"));
}

#[test]
fn files_with_syntax_errors_are_not_formatted() {
    expect![[r#"
        not formatted
    "#]]
    .assert_eq(&format("Elfreina Extension Model File\nFile Version 1.00\nSetting {\n\tLoadType=\"View\n}\n"));
    expect![[r#"
        not formatted
    "#]]
    .assert_eq(&format("Elfreina Extension Model File\nFile Version 1.00\nSetting {\n"));
}

#[test]
fn edits_are_minimal() {
    let text = "Elfreina Extension Model File\nFile Version 1.00\nSetting {\n    LoadType=\"View\"\n}\n";
    let analysis = analyse("test.elem", text, &[]);
    let edits = ide::format(&analysis).unwrap();
    let shown: Vec<String> = edits.iter().map(|e| format!("{:?} → {:?}", e.range.slice(text), e.new_text)).collect();
    expect![[r#""    " → "\t""#]].assert_eq(&shown.join("\n"));
}

#[test]
fn mixed_line_endings_follow_the_first_one() {
    let text = "Elfreina Extension Model File\r\nFile Version 1.00\nSetting {\r\n}\n";
    let analysis = analyse("test.elem", text, &[]);
    let formatted = rigls_ide::text_edit::apply(text, &ide::format(&analysis).unwrap());
    assert_eq!(formatted, "Elfreina Extension Model File\r\nFile Version 1.00\r\nSetting {\r\n}\r\n");
}

#[test]
fn key_lines_outside_scopes_are_canonical_but_header_words_are_kept() {
    expect![[r#"
        Elfreina  Extension Model File
        File Version 1.00
        Stray=1:2
    "#]]
    .assert_eq(&format("Elfreina  Extension Model File\nFile Version 1.00\t\nStray = 1 : 2\n"));
}

#[test]
fn lines_the_rules_find_out_of_place_stop_formatting() {
    expect![[r#"
        not formatted
    "#]]
    .assert_eq(&format("Elfreina Extension Model File\nFile Version 1.00\n\"stray\"  \"line\"\n"));
    expect![[r#"
        not formatted
    "#]]
    .assert_eq(&format("Elfreina Extension Model File\nFile Version 1.00\nSetting {\n\t1 : 2\n}\n"));
}

#[test]
fn a_stray_feff_is_not_made_a_byte_order_mark() {
    // Found by the `format_elem` fuzzer: removing the tab would put the U+FEFF at the start of the
    // file, where it would be read as a byte-order mark and vanish.
    let text = "\t\u{feff}Elfreina Extension Model File\r\nFile Version 1.00\r\nSetting {\r\n}\r\n";
    assert_eq!(ide::format(&analyse("test.elem", text, &[])), None);
    let blank_first = "\r\n\u{feff}Elfreina Extension Model File\r\nFile Version 1.00\r\nSetting {\r\n}\r\n";
    assert_eq!(ide::format(&analyse("test.elem", blank_first, &[])), None);
    // With a real byte-order mark first, the stray one is just text after it.
    let with_bom = format!("\u{feff}{text}");
    assert!(ide::format(&analyse("test.elem", &with_bom, &[])).is_some());
}

/// What "Format Selection" gives for the lines from the one holding `from` to the one before
/// `to` (a selection ending at the start of `to`'s line, as selecting whole lines does).
fn format_selection(text: &str, from: &str, to: &str) -> String {
    check_variants(text, None, |a, t, _| {
        let start = t.find(from).expect("the selection's start") as u32;
        let end = t.find(to).expect("the selection's end") as u32;
        match ide::format_range(a, rigls_text::TextRange::new(start, end)) {
            None => "not formatted\n".to_owned(),
            Some(edits) => render_edits(t, &edits),
        }
    })
}

#[test]
fn format_selection_changes_only_the_lines_selected() {
    let messy = "Elfreina Extension Model File\nFile Version 1.00\nSetting{\n    LoadType= \"View\"\n}\nMeshDatas {\n\n\tMeshContainerCount=1\nMeshContainer {\n\t\t\t\t\tName=\"ロボ\"\nMeshCount=0\n  VertexFormat   {\n \"Position\"   \n}\nOffsetMatrices {\n1 : 0:0:0:0:1:0:0:0:0:1:0:0:0:0:1\n}\n\t}\n}\n";
    // From inside `Name="ロボ"` to the start of the `OffsetMatrices` line: the lines of the
    // name, the count and the vertex format, not the blank line above nor what follows.
    expect![[r#"
        Elfreina Extension Model File
        File Version 1.00
        Setting{
            LoadType= "View"
        }
        MeshDatas {

        	MeshContainerCount=1
        MeshContainer {
        		Name="ロボ"
        		MeshCount=0
        		VertexFormat {
        			"Position"
        		}
        OffsetMatrices {
        1 : 0:0:0:0:1:0:0:0:0:1:0:0:0:0:1
        }
        	}
        }
    "#]]
    .assert_eq(&format_selection(messy, "ロボ", "OffsetMatrices"));
    // A selection inside one line formats that line.
    let setting = "Elfreina Extension Model File\nFile Version 1.00\nSetting{\n    LoadType= \"View\"\n  ElfreinaSoftVersion = 1.10\n}\n";
    expect![[r#"
        Elfreina Extension Model File
        File Version 1.00
        Setting{
        	LoadType="View"
          ElfreinaSoftVersion = 1.10
        }
    "#]]
    .assert_eq(&format_selection(setting, "LoadType", "\"View\""));
    // Not formatted where the whole document would not be.
    expect![[r#"
        not formatted
    "#]]
    .assert_eq(&format_selection("Elfreina Extension Model File\nFile Version 1.00\nSetting {\n", "Setting", "{"));
}
