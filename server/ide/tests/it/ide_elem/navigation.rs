use expect_test::{Expect, expect};
use rigls_ide as ide;
use rigls_text::LineIndex;

use super::MODEL;
use crate::ide_support::{at, check_variants, range};

fn goto(marker: &str, expect: Expect) {
    let (text, offset) = at(MODEL, marker);
    expect.assert_eq(&check_variants(&text, Some(offset), |a, t, o| {
        let index = LineIndex::new(t);
        ide::goto_definition(a, o.unwrap())
            .iter()
            .map(|n| {
                let (first, last) = (index.line_of(n.full_range.start) + 1, index.line_of(n.full_range.end) + 1);
                format!("{} (lines {first}-{last})\n", range(t, n.focus_range))
            })
            .collect()
    }));
}

fn references(marker: &str, include_declaration: bool, expect: Expect) {
    let (text, offset) = at(MODEL, marker);
    expect.assert_eq(&check_variants(&text, Some(offset), |a, t, o| {
        ide::references(a, o.unwrap(), include_declaration).iter().map(|l| format!("{}\n", range(t, l.range))).collect()
    }));
}

fn highlights(marker: &str, expect: Expect) {
    let (text, offset) = at(MODEL, marker);
    expect.assert_eq(&check_variants(&text, Some(offset), |a, t, o| {
        ide::highlights(a, o.unwrap()).iter().map(|h| format!("{} {:?}\n", range(t, h.range), h.kind)).collect()
    }));
}

#[test]
fn bone_reference_goes_to_the_palette_entry() {
    goto(
        "BoneName=\"頭$0\"",
        expect![[r#"
        21:4 "\"頭\"" (lines 21-21)
    "#]],
    );
}

#[test]
fn palette_entry_goes_to_its_node() {
    goto(
        "\t\t\t\"胸$0\"",
        expect![[r#"
        85:13 "\"胸\"" (lines 84-89)
    "#]],
    );
}

#[test]
fn node_references_go_to_the_node_scope() {
    goto(
        "NodeName=\"頭$0\"\n\t\t\t\tTimeKeys",
        expect![[r#"
        87:14 "\"頭\"" (lines 86-88)
    "#]],
    );
    goto(
        "\t\t\t\"頭\"$0\n\t\t}\n\t}\n}\nAnimationList",
        expect![[r#"
        87:14 "\"頭\"" (lines 86-88)
    "#]],
    );
}

#[test]
fn mesh_material_and_container_references() {
    goto(
        "RenderingMeshName=\"$0胴体\"",
        expect![[r#"
        42:9 "\"胴体\"" (lines 41-78)
    "#]],
    );
    goto(
        "MaterialName=\"顔\"$0",
        expect![[r#"
        37:10 "\"顔\"" (lines 36-39)
    "#]],
    );
    goto(
        "MeshContainerName=\"ロボ$0\"",
        expect![[r#"
        10:8 "\"ロボ\"" (lines 9-79)
    "#]],
    );
}

#[test]
fn definitions_go_to_themselves_and_keys_go_nowhere() {
    goto(
        "AnimationName=\"う$0なずき\"",
        expect![[r#"
        106:17 "\"うなずき\"" (lines 105-166)
    "#]],
    );
    goto("Vertex$0Count", expect![""]);
}

#[test]
fn references_of_a_joint_cover_bones_nodes_and_every_use() {
    references(
        "BoneName=\"頭$0\"",
        true,
        expect![[r#"
        21:4 "\"頭\""
        65:15 "\"頭\""
        87:14 "\"頭\""
        99:4 "\"頭\""
        117:14 "\"頭\""
    "#]],
    );
    references(
        "BoneName=\"頭$0\"",
        false,
        expect![[r#"
        65:15 "\"頭\""
        99:4 "\"頭\""
        117:14 "\"頭\""
    "#]],
    );
}

#[test]
fn references_of_a_material_stay_in_its_container() {
    references(
        "Name=\"顔$0\"",
        true,
        expect![[r#"
        37:10 "\"顔\""
        147:18 "\"顔\""
    "#]],
    );
}

#[test]
fn highlights_mark_definitions_as_writes() {
    highlights(
        "NodeName=\"腰$0\"",
        expect![[r#"
        19:4 "\"腰\"" Write
        57:15 "\"腰\"" Read
        83:12 "\"腰\"" Write
        98:4 "\"腰\"" Read
    "#]],
    );
    highlights(
        "Name=\"胴$0体\"",
        expect![[r#"
        42:9 "\"胴体\"" Write
        95:21 "\"胴体\"" Read
    "#]],
    );
}

#[test]
fn indices_go_to_what_they_index() {
    goto(
        "TransformIndex=$02",
        expect![[r#"
        21:4 "\"頭\"" (lines 21-21)
    "#]],
    );
    goto(
        "Attributes {\n\t\t\t\t$01",
        expect![[r#"
        36:4 "Material" (lines 36-39)
    "#]],
    );
    goto(
        "3,0:1:$02",
        expect![[r#"
        48:5 "0.0:2.0:0.0" (lines 48-48)
    "#]],
    );
    goto(
        "\t$01,1.0",
        expect![[r#"
        47:5 "1.0:0.0:0.0" (lines 47-47)
    "#]],
    );
    goto("$03,0:1:2", expect![""]);
}

/// Each material's texture links to its file where the file exists: a Japanese name in a folder
/// written with `\`, as Elfreina (a Windows program) writes it; a missing file and an empty name
/// are no links. The same in every line-ending and BOM variant.
#[test]
fn textures_link_to_their_files() {
    let text = "Elfreina Extension Model File\nFile Version 1.00\nMeshDatas {\n\tMeshContainer {\n\t\tMaterials {\n\t\t\tMaterial {\n\t\t\t\tName=\"鎧\"\n\t\t\t\tTextureFilename=\"テクスチャ\\鎧.png\"\n\t\t\t}\n\t\t\tMaterial {\n\t\t\t\tName=\"顔\"\n\t\t\t\tTextureFilename=\"face.png\"\n\t\t\t}\n\t\t\tMaterial {\n\t\t\t\tName=\"無\"\n\t\t\t\tTextureFilename=\"\"\n\t\t\t}\n\t\t}\n\t}\n}\n";
    let fs = rigls_diagnostic::env::MemoryFs::default().with("モデル/テクスチャ/鎧.png", "");
    let links = crate::ide_support::check_variants_of("モデル/鎧.elem", &[], text, None, |a, t, _| {
        ide::document_links(a, &fs)
            .iter()
            .map(|l| format!("{} → {} ({})\n", range(t, l.range), l.target.display(), l.tooltip))
            .collect()
    });
    expect![[r#"
        8:22 "テクスチャ\\鎧.png" → モデル/テクスチャ/鎧.png (Open the texture)
    "#]]
    .assert_eq(&links);
}
