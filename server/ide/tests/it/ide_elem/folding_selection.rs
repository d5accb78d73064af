use expect_test::{Expect, expect};
use rigls_ide as ide;

use super::MODEL;
use rigls_text::LineIndex;

use crate::ide_support::{at, check_variants, render_folds};

#[test]
fn every_multi_line_scope_folds() {
    let text = "Elfreina Extension Model File\nFile Version 1.00\nSetting {\n\tLoadType=\"View\"\n}\nHierarchyList {\n\tNode {\n\t\tNodeName=\"腰\"\n\t\tNode {\n\t\t}\n\t}\n}\nAnimationList { \n}\n";
    expect![[r#"
        3-5 Region: Setting {
        6-12 Region: HierarchyList {
        7-11 Region: Node {
        9-10 Region: Node {
        13-14 Region: AnimationList {
    "#]]
    .assert_eq(&check_variants(text, None, |a, t, _| render_folds(t, &ide::folding_ranges(a))));
}

fn selection(marker: &str, expect: Expect) {
    let (text, offset) = at(MODEL, marker);
    expect.assert_eq(&check_variants(&text, Some(offset), |a, t, o| {
        let index = LineIndex::new(t);
        ide::selection_ranges(a, o.unwrap())
            .iter()
            .map(|r| {
                let slice = r.slice(t);
                match slice.lines().next() {
                    Some(first) if slice.contains('\n') => {
                        let (a, b) = (index.line_of(r.start) + 1, index.line_of(r.end) + 1);
                        format!("lines {a}-{b}: {}…\n", first.trim())
                    }
                    _ => format!("{slice}\n"),
                }
            })
            .collect()
    }));
}

#[test]
fn selection_grows_from_a_string_to_the_document() {
    selection(
        "BoneName=\"頭$0\"",
        expect![[r#"
        頭
        "頭"
        BoneName="頭"
        lines 65-69: BoneName="頭"…
        lines 64-70: BlendPart {…
        lines 56-70: BlendPart {…
        lines 55-71: BlendList {…
        lines 42-77: Name="胴体"…
        lines 41-78: Mesh {…
        lines 10-78: Name="ロボ"…
        lines 9-79: MeshContainer {…
        lines 8-79: MeshContainerCount=1…
        lines 7-80: MeshDatas {…
        lines 1-168: Elfreina Extension Model File…
    "#]],
    );
}

#[test]
fn selection_grows_from_a_number_through_its_group() {
    selection(
        "\t\t\t\t3,0:$01:2",
        expect![[r#"
        1
        0:1:2
        3,0:1:2
        lines 72-74: VertexIndices {…
        lines 42-77: Name="胴体"…
        lines 41-78: Mesh {…
        lines 10-78: Name="ロボ"…
        lines 9-79: MeshContainer {…
        lines 8-79: MeshContainerCount=1…
        lines 7-80: MeshDatas {…
        lines 1-168: Elfreina Extension Model File…
    "#]],
    );
}

#[test]
fn selection_from_a_tag_and_from_a_key() {
    selection(
        "BlendLi$0st {",
        expect![[r#"
        BlendList
        BlendList {
        lines 55-71: BlendList {…
        lines 42-77: Name="胴体"…
        lines 41-78: Mesh {…
        lines 10-78: Name="ロボ"…
        lines 9-79: MeshContainer {…
        lines 8-79: MeshContainerCount=1…
        lines 7-80: MeshDatas {…
        lines 1-168: Elfreina Extension Model File…
    "#]],
    );
    selection(
        "Frame$0ParSecond",
        expect![[r#"
        FrameParSecond
        FrameParSecond=30
        lines 106-165: AnimationName="うなずき"…
        lines 105-166: AnimationData {…
        lines 104-166: AnimationCount=1…
        lines 103-167: AnimationList {…
        lines 1-168: Elfreina Extension Model File…
    "#]],
    );
}
