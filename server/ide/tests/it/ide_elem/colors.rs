use expect_test::expect;
use rigls_ide::{self as ide, Rgba};

use super::MODEL;
use crate::ide_support::{check_variants, range, render_edits};

#[test]
fn material_and_vertex_colours() {
    expect![[r#"
        32:13 "1.000000:0.800000:0.480000:0.200000" r=0.8 g=0.48 b=0.2 a=1
        33:13 "1.000000:0.300000:0.300000:0.300000" r=0.3 g=0.3 b=0.3 a=1
        38:13 "0.50:1.00:1.00:1.00" r=1 g=1 b=1 a=0.5
        51:5 "1.0:1.0:0.0:0.0" r=1 g=0 b=0 a=1
        52:5 "1.0:0.0:1.0:0.0" r=0 g=1 b=0 a=1
        53:5 "1.0:0.0:0.0:1.0" r=0 g=0 b=1 a=1
    "#]]
    .assert_eq(&check_variants(MODEL, None, |a, t, _| {
        ide::document_colors(a)
            .iter()
            .map(|c| {
                let Rgba { red, green, blue, alpha } = c.color;
                format!("{} r={red} g={green} b={blue} a={alpha}\n", range(t, c.range))
            })
            .collect()
    }));
}

#[test]
fn out_of_range_components_are_clamped_for_display() {
    let text = "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {\n\tMeshContainer {\n\t\tMaterials {\n\t\t\tMaterial {\n\t\t\t\tSpecular=1.5:-0.5:0.5:2\n\t\t\t}\n\t\t}\n\t}\n}\n";
    let analysis = crate::ide_elem::support::analyse("test.elem", text, &[]);
    let colors = ide::document_colors(&analysis);
    assert_eq!(colors.len(), 1);
    assert_eq!(colors[0].color, Rgba { red: 0.0, green: 0.5, blue: 1.0, alpha: 1.0 });
}

/// Picks `color` for the colour at `index` and shows the edited line.
fn pick(index: usize, color: Rgba) -> String {
    check_variants(MODEL, None, |a, t, _| {
        let info = &ide::document_colors(a)[index];
        let presentations = ide::color_presentations(a, info.range, color);
        let p = &presentations[0];
        assert!(p.additional_edits.is_empty());
        let edited = render_edits(t, std::slice::from_ref(&p.edit));
        let line = rigls_text::LineIndex::new(&edited).line_of(info.range.start);
        let shown = edited.lines().nth(line as usize).unwrap().trim().to_owned();
        format!("{} → {shown}\n", p.label)
    })
}

#[test]
fn picked_colours_are_written_alpha_first_with_the_original_precision() {
    let orange = Rgba { red: 1.0, green: 0.5, blue: 0.25, alpha: 0.75 };
    expect![[r#"
        0.750000:1.000000:0.500000:0.250000 → Diffuse=0.750000:1.000000:0.500000:0.250000
    "#]]
    .assert_eq(&pick(0, orange));
    expect![[r#"
        0.75:1.00:0.50:0.25 → Diffuse=0.75:1.00:0.50:0.25
    "#]]
    .assert_eq(&pick(2, orange));
    expect![[r#"
        0.8:1.0:0.5:0.2 → 0.8:1.0:0.5:0.2
    "#]]
    .assert_eq(&pick(3, orange));
}

/// Asking how to write the colour already there (as an editor does to show it, with the colour
/// sent back as a 32-bit float) gives the text as written, whatever its notation.
#[test]
fn the_current_colour_is_presented_as_written() {
    let text = "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {\n\tMeshContainer {\n\t\tMaterials {\n\t\t\tMaterial {\n\t\t\t\tDiffuse=1:0.123456789:0.5:0.25\n\t\t\t\tSpecular=1.5:-0.5:0.5:2\n\t\t\t}\n\t\t}\n\t}\n}\n";
    let analysis = crate::ide_elem::support::analyse("test.elem", text, &[]);
    for info in ide::document_colors(&analysis) {
        let c = info.color;
        let echoed = Rgba {
            red: f64::from(c.red as f32),
            green: f64::from(c.green as f32),
            blue: f64::from(c.blue as f32),
            alpha: f64::from(c.alpha as f32),
        };
        let presentation = &ide::color_presentations(&analysis, info.range, echoed)[0];
        assert_eq!(presentation.edit.new_text, info.range.slice(text));
        assert_eq!(presentation.label, info.range.slice(text));
    }
}
