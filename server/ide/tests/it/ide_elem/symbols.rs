use expect_test::expect;
use rigls_ide as ide;

use super::MODEL;
use crate::ide_support::{check_variants, fixture, render_symbols};

#[test]
fn outline_of_the_whole_model() {
    expect![[r#"
        Setting [Namespace] lines 3-6, selects "Setting {"
        MeshDatas [Namespace] lines 7-80, selects "MeshDatas {"
          ロボ (MeshContainer) [Module] lines 9-79, selects "\"ロボ\""
            VertexFormat [Array] lines 13-17, selects "VertexFormat {"
            BoneNames [Array] lines 18-22, selects "BoneNames {"
              腰 (bone 0) [Field] lines 19-19, selects "\"腰\""
              胸 (bone 1) [Field] lines 20-20, selects "\"胸\""
              頭 (bone 2) [Field] lines 21-21, selects "\"頭\""
            OffsetMatrices [Array] lines 23-27, selects "OffsetMatrices {"
            Materials [Namespace] lines 28-40, selects "Materials {"
              装甲 (Material) [Object] lines 30-35, selects "\"装甲\""
              顔 (Material) [Object] lines 36-39, selects "\"顔\""
            胴体 (Mesh) [Struct] lines 41-78, selects "\"胴体\""
              Positions [Array] lines 45-49, selects "Positions {"
              Diffuse [Array] lines 50-54, selects "Diffuse {"
              BlendList [Namespace] lines 55-71, selects "BlendList {"
                腰 (BlendPart) [Field] lines 56-63, selects "\"腰\""
                  VertexBlend [Array] lines 59-62, selects "VertexBlend {"
                頭 (BlendPart) [Field] lines 64-70, selects "\"頭\""
                  VertexBlend [Array] lines 67-69, selects "VertexBlend {"
              VertexIndices [Array] lines 72-74, selects "VertexIndices {"
              Attributes [Array] lines 75-77, selects "Attributes {"
        HierarchyList [Namespace] lines 81-91, selects "HierarchyList {"
          腰 (Node) [Class] lines 82-90, selects "\"腰\""
            胸 (Node) [Class] lines 84-89, selects "\"胸\""
              頭 (Node) [Class] lines 86-88, selects "\"頭\""
        RenderingMeshList [Namespace] lines 92-102, selects "RenderingMeshList {"
          胴体 (RenderingMesh) [Struct] lines 94-101, selects "\"胴体\""
            HierarchyNames [Array] lines 97-100, selects "HierarchyNames {"
        AnimationList [Namespace] lines 103-167, selects "AnimationList {"
          うなずき (AnimationData) [Function] lines 105-166, selects "\"うなずき\""
            BoneAnimation [Namespace] lines 110-139, selects "BoneAnimation {"
              TimeKeys [Array] lines 111-115, selects "TimeKeys {"
              頭 (AnimationPart) [Event] lines 116-138, selects "\"頭\""
                TimeKeys [Array] lines 118-122, selects "TimeKeys {"
                TransKeys [Array] lines 123-127, selects "TransKeys {"
                RotateKeys [Array] lines 128-132, selects "RotateKeys {"
                ScaleKeys [Array] lines 133-137, selects "ScaleKeys {"
            UVAnimation [Namespace] lines 140-165, selects "UVAnimation {"
              TimeKeys [Array] lines 141-144, selects "TimeKeys {"
              顔 (AnimationPart) [Event] lines 145-164, selects "\"顔\""
                TimeKeys [Array] lines 148-151, selects "TimeKeys {"
                TransKeys [Array] lines 152-155, selects "TransKeys {"
                RotateKeys [Array] lines 156-159, selects "RotateKeys {"
                ScaleKeys [Array] lines 160-163, selects "ScaleKeys {"
    "#]]
    .assert_eq(&check_variants(MODEL, None, |a, t, _| render_symbols(t, &ide::document_symbols(a))));
}

#[test]
fn unnamed_and_unknown_scopes_use_their_tag() {
    let (text, _) = fixture(
        r#"
        Elfreina Extension Model File
        File Version 1.00
        MeshDatas {
        	MeshContainer {
        		Mesh {
        		}
        	}
        }
        CustomData {
        	Foo=1
        }
        "#,
    );
    expect![[r#"
        MeshDatas [Namespace] lines 3-8, selects "MeshDatas {"
          MeshContainer [Module] lines 4-7, selects "MeshContainer {"
            Mesh [Struct] lines 5-6, selects "Mesh {"
        CustomData [Object] lines 9-11, selects "CustomData {"
    "#]]
    .assert_eq(&check_variants(&text, None, |a, t, _| render_symbols(t, &ide::document_symbols(a))));
}

/// A workspace search finds the model's containers, materials, meshes, nodes and animations,
/// not its data lists or the animation parts naming nodes.
#[test]
fn workspace_symbols_of_a_model() {
    let render = |a: &ide::Analysis, t: &str, _| {
        ide::workspace_symbols(a, "頭")
            .iter()
            .map(|s| {
                format!(
                    "{} [{:?}] in {:?} at {}\n",
                    s.name,
                    s.kind,
                    s.container,
                    crate::ide_support::range(t, s.selection_range)
                )
            })
            .collect::<String>()
    };
    expect![[r#"
        頭 [Field] in Some("ロボ") at 21:4 "\"頭\""
        頭 [Field] in Some("胴体") at 65:15 "\"頭\""
        頭 [Class] in Some("胸") at 87:14 "\"頭\""
    "#]]
    .assert_eq(&check_variants(MODEL, None, render));
}
