//! The fixture harness checks itself: annotations round-trip and a wrong expectation fails.

use rigls_test_support::fixture as support;

use support::{check_diagnostics, strip_annotations, trim_indent};

const HEADER: &str = "Elfreina Extension Model File\nFile Version 1.00\n";

#[test]
fn annotations_are_stripped_before_analysis() {
    let fixture = "a\n  ^ error[x]: y\nb\n";
    assert_eq!(strip_annotations(fixture), "a\nb\n");
    assert_eq!(trim_indent("\n    a\n      b\n"), "a\n  b\n");
}

#[test]
fn a_clean_file_matches_an_unannotated_fixture() {
    check_diagnostics("ok.elem", &format!("{HEADER}Setting {{\n\tLoadType=\"View\"\n}}\n"));
}

#[test]
#[should_panic(expected = "diagnostics differ")]
fn a_missing_annotation_fails() {
    check_diagnostics("bad.elem", &format!("{HEADER}Setting {{\n\tLoadTyp=\"View\"\n}}\n"));
}
