use expect_test::{Expect, expect};
use rigls_ide::{self as ide, Rgba};

use super::{Fixture, V45, V55, edited};
use rigls_text::LineIndex;

use crate::ide_support::{range, render_edits};

fn colors(fixture: Fixture, expect: Expect) {
    let rendered = fixture.check(|a, t| {
        ide::document_colors(a)
            .iter()
            .map(|c| {
                let Rgba { red, green, blue, alpha } = c.color;
                format!("{} = {red:.3} {green:.3} {blue:.3} {alpha:.3}\n", range(t, c.range))
            })
            .collect()
    });
    expect.assert_eq(&rendered);
}

/// The text of the colour at `marker` after picking `color`, and the presentation's label.
fn pick(fixture: Fixture, marker: &str, color: Rgba, expect: Expect) {
    let rendered = fixture.check_at(marker, |a, t, o| {
        let info = ide::document_colors(a).into_iter().find(|c| c.range.contains_inclusive(o)).expect("a colour here");
        ide::color_presentations(a, info.range, color)
            .iter()
            .map(|p| {
                let mut edits = vec![p.edit.clone()];
                edits.extend(p.additional_edits.iter().cloned());
                let after = render_edits(t, &edits);
                let line = LineIndex::new(t).line_of(info.range.start) as usize;
                format!("{}\n{}\n", p.label, after.lines().nth(line).unwrap_or_default().trim())
            })
            .collect()
    });
    expect.assert_eq(&rendered);
}

fn rgba(red: f64, green: f64, blue: f64, alpha: f64) -> Rgba {
    Rgba { red, green, blue, alpha }
}

#[test]
fn colour_transforms_and_integer_colours_v55_and_v45() {
    colors(
        V55,
        expect![[r#"
        10:70 "16744448" = 1.000 0.502 0.000 1.000
        18:44 "{ \"aM\": 50, \"rM\": 100, \"gM\": 80, \"bM\": 80 }" = 1.000 0.800 0.800 0.500
        62:50 "{ \"rM\": 50, \"rO\": 40 }" = 0.657 1.000 1.000 1.000
    "#]],
    );
    colors(
        V45,
        expect![[r#"
        15:63 "{ \"rM\": 100, \"gM\": 50, \"bM\": 0 }" = 1.000 0.500 0.000 1.000
        23:132 "65280" = 0.000 1.000 0.000 1.000
        33:86 "{ \"aM\": 50 }" = 1.000 1.000 1.000 0.500
    "#]],
    );
}

#[test]
fn a_picked_colour_edits_only_the_members_that_change() {
    // aM stays 50, rM stays 100: only gM and bM change.
    pick(
        V55,
        "\"gM\": 8$00",
        rgba(1.0, 0.2, 0.4, 0.5),
        expect![[r#"
        {"aM": 50, "rM": 100, "gM": 20, "bM": 40}
        { "name": "体", "parent": "体", "color": { "aM": 50, "rM": 100, "gM": 20, "bM": 40 } },
    "#]],
    );
}

#[test]
fn missing_members_are_added_and_offsets_set_to_zero() {
    // {"rM": 50, "rO": 40}: rO becomes 0, gM and aM are added after the last member.
    pick(
        V55,
        "{ \"rM\": 5$00, \"rO\": 40 }",
        rgba(0.5, 0.25, 1.0, 0.75),
        expect![[r#"
        {"aM": 75, "rM": 50, "gM": 25, "rO": 0}
        "colorFrame": [{ "duration": 20, "value": { "rM": 50, "rO": 0, "aM": 75, "gM": 25 } }]
    "#]],
    );
    // An empty transform.
    let fixture = V45.with(edited(V45.text, "\"color\": { \"aM\": 50 }", "\"color\": {}"));
    pick(
        fixture,
        "\"color\": {$0}",
        rgba(1.0, 0.0, 0.0, 1.0),
        expect![[r#"
        {"gM": 0, "bM": 0}
        "slot": [{ "name": "胴", "frame": [{ "duration": 10, "displayIndex": 1, "color": {"gM": 0, "bM": 0} }, { "duration": 20, "displayIndex": 0 }] }]
    "#]],
    );
}

#[test]
fn the_colour_already_written_changes_nothing() {
    pick(
        V55,
        "\"gM\": 8$00",
        rgba(1.0, 0.8, 0.8, 0.5),
        expect![[r#"
        {"aM": 50, "rM": 100, "gM": 80, "bM": 80}
        { "name": "体", "parent": "体", "color": { "aM": 50, "rM": 100, "gM": 80, "bM": 80 } },
    "#]],
    );
}

#[test]
fn an_integer_colour_is_written_as_an_integer() {
    pick(
        V45,
        "\"color\": 652$080",
        rgba(0.0, 0.0, 1.0, 1.0),
        expect![[r#"
        255 (0x0000FF)
        { "name": "盾", "display": [{ "name": "盾", "type": "boundingBox", "subType": "rectangle", "width": 10, "height": 10, "color": 255 }] }
    "#]],
    );
}
