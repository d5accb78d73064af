use expect_test::{Expect, expect};
use rigls_ide as ide;

use super::{Fixture, V55};
use crate::ide_support::{render_folds, render_slices};

fn selection(fixture: Fixture, marker: &str, expect: Expect) {
    expect.assert_eq(&fixture.check_at(marker, |a, t, o| render_slices(t, &ide::selection_ranges(a, o))));
}

#[test]
fn folds_are_objects_and_arrays_spanning_lines() {
    expect![[r#"
        1-71 Region: {
        6-70 Region: "armature": [
        7-69 Region: {
        11-16 Region: "bone": [
        17-21 Region: "slot": [
        22-46 Region: "skin": [
        23-45 Region: {
        25-44 Region: "slot": [
        28-43 Region: {
        30-42 Region: "display": [
        31-41 Region: {
        48-67 Region: "animation": [
        49-66 Region: {
        55-57 Region: "bone": [
        58-64 Region: "slot": [
        59-63 Region: {
    "#]]
    .assert_eq(&V55.check(|a, t| render_folds(t, &ide::folding_ranges(a))));
}

#[test]
fn a_minified_file_has_no_folds() {
    let text = r#"{"name": "x", "version": "5.5", "armature": [{"name": "a", "bone": [{"name": "根"}]}]}"#;
    let fixture = Fixture { name: "x_ske.json", text, atlas: None };
    assert_eq!(fixture.check(|a, t| render_folds(t, &ide::folding_ranges(a))), "");
}

/// A small skeleton, so that every range of the selection fits in the snapshot.
const SMALL: Fixture = Fixture {
    name: "小_ske.json",
    text: "{\n\t\"version\": \"5.5\",\n\t\"armature\": [{\n\t\t\"name\": \"a\",\n\t\t\"bone\": [{ \"name\": \"根\" }, { \"name\": \"体\", \"parent\": \"根\", \"weights\": [1, 2] }]\n\t}]\n}\n",
    atlas: None,
};

#[test]
fn selection_grows_from_a_name_to_the_file() {
    selection(
        SMALL,
        "\"parent\": \"根$0\"",
        expect![[r#"
        根
        "根"
        "parent": "根"
        "name": "体", "parent": "根", "weights": [1, 2]
        { "name": "体", "parent": "根", "weights": [1, 2] }
        { "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }
        [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]
        "bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]
        "name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]
        {⏎		"name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]⏎	}
        [{⏎		"name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]⏎	}]
        "armature": [{⏎		"name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]⏎	}]
        "version": "5.5",⏎	"armature": [{⏎		"name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]⏎	}]
        {⏎	"version": "5.5",⏎	"armature": [{⏎		"name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]⏎	}]⏎}
    "#]],
    );
}

#[test]
fn selection_from_a_key_and_a_number() {
    selection(
        SMALL,
        "\"par$0ent\"",
        expect![[r#"
        parent
        "parent"
        "parent": "根"
        "name": "体", "parent": "根", "weights": [1, 2]
        { "name": "体", "parent": "根", "weights": [1, 2] }
        { "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }
        [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]
        "bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]
        "name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]
        {⏎		"name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]⏎	}
        [{⏎		"name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]⏎	}]
        "armature": [{⏎		"name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]⏎	}]
        "version": "5.5",⏎	"armature": [{⏎		"name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]⏎	}]
        {⏎	"version": "5.5",⏎	"armature": [{⏎		"name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]⏎	}]⏎}
    "#]],
    );
    selection(
        SMALL,
        "[1, 2$0]",
        expect![[r#"
        2
        1, 2
        [1, 2]
        "weights": [1, 2]
        "name": "体", "parent": "根", "weights": [1, 2]
        { "name": "体", "parent": "根", "weights": [1, 2] }
        { "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }
        [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]
        "bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]
        "name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]
        {⏎		"name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]⏎	}
        [{⏎		"name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]⏎	}]
        "armature": [{⏎		"name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]⏎	}]
        "version": "5.5",⏎	"armature": [{⏎		"name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]⏎	}]
        {⏎	"version": "5.5",⏎	"armature": [{⏎		"name": "a",⏎		"bone": [{ "name": "根" }, { "name": "体", "parent": "根", "weights": [1, 2] }]⏎	}]⏎}
    "#]],
    );
}
