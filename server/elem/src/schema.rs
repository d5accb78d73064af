//! The `.elem` schema: every scope and key of the format (`docs/formats/elem.md`), in one table.
//!
//! The parser reads it to recover from missing braces, the rules to validate, hover to explain and
//! completion to offer. A key documented here is validated, completed and explained everywhere;
//! code names keys by the constants of [`key`].

pub mod key;

/// What a scope is, resolved from its tag and its parent (the same tag can mean different things:
/// `Diffuse` is a colour key in `Material` but a per-vertex list in `Mesh`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScopeKind {
    Global,
    Setting,
    MeshDatas,
    MeshContainer,
    VertexFormat,
    BoneNames,
    OffsetMatrices,
    Materials,
    Material,
    Mesh,
    Positions,
    Normals,
    VertexDiffuse,
    /// `TextureUV` (0) or `Texture1UV` … `Texture8UV` (1–8).
    TextureUv(u8),
    BlendList,
    BlendPart,
    VertexBlend,
    BlendIndices,
    VertexIndices,
    Attributes,
    HierarchyList,
    Node,
    RenderingMeshList,
    RenderingMesh,
    HierarchyNames,
    AnimationList,
    AnimationData,
    BoneAnimation,
    UvAnimation,
    /// `TimeKeys` directly in `BoneAnimation`/`UVAnimation`: the clip's guide keys.
    GuideTimeKeys,
    BonePart,
    UvPart,
    TimeKeys,
    BoneTransKeys,
    BoneRotateKeys,
    BoneScaleKeys,
    UvTransKeys,
    UvRotateKeys,
    UvScaleKeys,
    /// A scope the schema does not know; its contents are not checked.
    Unknown,
}

/// The shape of one bare line in a list scope.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ListItem {
    /// One quoted string from a fixed set (`VertexFormat`).
    QuotedEnum(&'static [&'static str]),
    /// One quoted name (`BoneNames`, `HierarchyNames`).
    QuotedName,
    /// `n` floats separated by `:`, optionally within a range.
    Floats { n: usize, range: Option<(f64, f64)> },
    /// One integer ≥ 0 (`Attributes`).
    Index,
    /// `vertex,weight` (`VertexBlend`).
    VertexWeight,
    /// `n,i1:…:in` (`VertexIndices`).
    Face,
    /// Not documented well enough to check (`BlendIndices`).
    Any,
}

/// The type of a key's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ValueType {
    Int {
        min: i64,
        max: i64,
    },
    Float {
        min: f64,
    },
    String,
    /// A quoted path, relative to the `.elem` file.
    Path,
    Bool,
    /// `a:r:g:b`, four floats in 0..1, alpha first.
    Color,
    /// 16 floats, row-major.
    Matrix,
    /// One quoted string from a fixed set.
    QuotedEnum(&'static [&'static str]),
}

/// Kinds of named things, for definitions and references.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NameKind {
    Container,
    Material,
    Mesh,
    Bone,
    Node,
    Animation,
}

impl NameKind {
    pub fn describe(self) -> &'static str {
        match self {
            NameKind::Container => "mesh container",
            NameKind::Material => "material",
            NameKind::Mesh => "mesh",
            NameKind::Bone => "bone",
            NameKind::Node => "node",
            NameKind::Animation => "animation",
        }
    }
}

/// What a key's value means for names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameRole {
    None,
    Defines(NameKind),
    Refers(NameKind),
}

/// What a count key counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Child scopes of this kind in the same scope.
    Scopes(ScopeKind),
    /// Lines of the child list scope of this kind.
    Entries(ScopeKind),
}

#[derive(Debug)]
pub struct KeyDef {
    pub name: &'static str,
    pub parents: &'static [ScopeKind],
    pub ty: ValueType,
    pub role: NameRole,
    /// For count keys, what they count.
    pub counts: &'static [Counted],
    pub required: bool,
    pub default: Option<&'static str>,
    pub doc: &'static str,
    pub example: &'static str,
}

#[derive(Debug)]
pub struct ScopeDef {
    pub kind: ScopeKind,
    /// The canonical tag, and other accepted spellings.
    pub tag: &'static str,
    pub aliases: &'static [&'static str],
    pub parents: &'static [ScopeKind],
    pub list: Option<ListItem>,
    /// May appear more than once in its parent.
    pub repeats: bool,
    pub required: bool,
    pub doc: &'static str,
    pub example: &'static str,
}

use ScopeKind as S;

const INT_COUNT: ValueType = ValueType::Int { min: 0, max: i32::MAX as i64 };
const UNIT: Option<(f64, f64)> = Some((0.0, 1.0));
pub const VERTEX_FORMAT_VALUES: &[&str] = &[
    "Position", "Normal", "Blend", "Diffuse", "Texture", "Texture1", "Texture2", "Texture3", "Texture4", "Texture5",
    "Texture6", "Texture7", "Texture8",
];
pub const INTERPOLATION_TYPES: &[&str] = &["Linear", "Step", "Spline", "Lagrange"];
const ALL_UV: &[Counted] = &[
    Counted::Entries(S::Positions),
    Counted::Entries(S::Normals),
    Counted::Entries(S::VertexDiffuse),
    Counted::Entries(S::TextureUv(0)),
    Counted::Entries(S::TextureUv(1)),
    Counted::Entries(S::TextureUv(2)),
    Counted::Entries(S::TextureUv(3)),
    Counted::Entries(S::TextureUv(4)),
    Counted::Entries(S::TextureUv(5)),
    Counted::Entries(S::TextureUv(6)),
    Counted::Entries(S::TextureUv(7)),
    Counted::Entries(S::TextureUv(8)),
];

const fn key(
    name: &'static str,
    parents: &'static [ScopeKind],
    ty: ValueType,
    doc: &'static str,
    example: &'static str,
) -> KeyDef {
    KeyDef { name, parents, ty, role: NameRole::None, counts: &[], required: false, default: None, doc, example }
}

const fn count(
    name: &'static str,
    parent: &'static [ScopeKind],
    counts: &'static [Counted],
    doc: &'static str,
    example: &'static str,
) -> KeyDef {
    KeyDef {
        name,
        parents: parent,
        ty: INT_COUNT,
        role: NameRole::None,
        counts,
        required: false,
        default: None,
        doc,
        example,
    }
}

const fn name_key(
    name: &'static str,
    parents: &'static [ScopeKind],
    role: NameRole,
    required: bool,
    doc: &'static str,
    example: &'static str,
) -> KeyDef {
    KeyDef { name, parents, ty: ValueType::String, role, counts: &[], required, default: None, doc, example }
}

pub static KEYS: &[KeyDef] = &[
    // Setting
    key(
        "ElfreinaSoftVersion",
        &[S::Setting],
        ValueType::Float { min: 0.0 },
        "Version of the Elfreina build that saved the file. Writers use this spelling; `SoftVersion` is accepted too.",
        "ElfreinaSoftVersion=1.10",
    ),
    key(
        "SoftVersion",
        &[S::Setting],
        ValueType::Float { min: 0.0 },
        "Version of the Elfreina build that saved the file (older spelling of `ElfreinaSoftVersion`).",
        "SoftVersion=1.10",
    ),
    key(
        "LoadType",
        &[S::Setting],
        ValueType::String,
        "Data type of the file. Only one value exists and readers ignore it.",
        "LoadType=\"View\"",
    ),
    KeyDef {
        default: Some("0"),
        ..key(
            "ElfreinaBetaVersion",
            &[S::Setting],
            INT_COUNT,
            "Beta build number of the Elfreina that saved the file (omitted when 0). Newer than the Ver 1.1 documentation.",
            "ElfreinaBetaVersion=2",
        )
    },
    KeyDef {
        default: Some("False"),
        ..key(
            "IsRightHand",
            &[S::Setting],
            ValueType::Bool,
            "Right-handed coordinates. The default is left-handed, as in DirectX.",
            "IsRightHand=False",
        )
    },
    // Model data
    KeyDef {
        required: true,
        ..count(
            "MeshContainerCount",
            &[S::MeshDatas],
            &[Counted::Scopes(S::MeshContainer)],
            "Number of `MeshContainer` scopes in this scope.",
            "MeshContainerCount=1",
        )
    },
    name_key(
        "Name",
        &[S::MeshContainer],
        NameRole::Defines(NameKind::Container),
        false,
        "Name of the mesh container. UV-animation parts refer to it through `MeshContainerName`.",
        "Name=\"Robot\"",
    ),
    count(
        "BoneCount",
        &[S::MeshContainer],
        &[Counted::Entries(S::BoneNames), Counted::Entries(S::OffsetMatrices)],
        "Number of bones the container uses: the entries in `BoneNames`, the lines in `OffsetMatrices` and the size of the transform palette.",
        "BoneCount=3",
    ),
    KeyDef {
        required: true,
        ..count(
            "MeshCount",
            &[S::MeshContainer],
            &[Counted::Scopes(S::Mesh)],
            "Number of `Mesh` scopes (separately drawn parts) in the container.",
            "MeshCount=2",
        )
    },
    KeyDef {
        required: true,
        ..count(
            "MaterialCount",
            &[S::Materials],
            &[Counted::Scopes(S::Material)],
            "Number of `Material` scopes in `Materials`.",
            "MaterialCount=2",
        )
    },
    name_key(
        "Name",
        &[S::Material],
        NameRole::Defines(NameKind::Material),
        false,
        "Name of the material. UV-animation parts refer to it through `MaterialName`.",
        "Name=\"BodyMat\"",
    ),
    key(
        "Diffuse",
        &[S::Material],
        ValueType::Color,
        "Diffuse (base) colour as `a:r:g:b` — alpha first — each 0.0 to 1.0.",
        "Diffuse=1.000000:0.800000:0.800000:0.800000",
    ),
    key(
        "Ambient",
        &[S::Material],
        ValueType::Color,
        "Ambient-light colour as `a:r:g:b`, each 0.0 to 1.0.",
        "Ambient=1.000000:0.400000:0.400000:0.400000",
    ),
    key(
        "Emissive",
        &[S::Material],
        ValueType::Color,
        "Emissive (self-lit) colour as `a:r:g:b`, each 0.0 to 1.0.",
        "Emissive=1.000000:0.000000:0.000000:0.000000",
    ),
    key(
        "Specular",
        &[S::Material],
        ValueType::Color,
        "Specular (reflection) colour as `a:r:g:b`, each 0.0 to 1.0.",
        "Specular=1.000000:0.200000:0.200000:0.200000",
    ),
    key(
        "SpecularSharpness",
        &[S::Material],
        ValueType::Float { min: 0.0 },
        "Sharpness (power) of the specular highlight, ≥ 0.",
        "SpecularSharpness=10.000000",
    ),
    key(
        "TextureFilename",
        &[S::Material],
        ValueType::Path,
        "Texture image file. A relative path is relative to the `.elem` file.",
        "TextureFilename=\"body.png\"",
    ),
    name_key(
        "Name",
        &[S::Mesh],
        NameRole::Defines(NameKind::Mesh),
        false,
        "Name of the mesh (part). `RenderingMeshName` refers to it.",
        "Name=\"BodyMesh\"",
    ),
    KeyDef {
        required: true,
        ..count(
            "VertexCount",
            &[S::Mesh],
            ALL_UV,
            "Number of vertices: the lines in `Positions`, `Normals`, `Diffuse` and every `Texture*UV` list.",
            "VertexCount=4",
        )
    },
    count(
        "FaceCount",
        &[S::Mesh],
        &[Counted::Entries(S::VertexIndices), Counted::Entries(S::Attributes)],
        "Number of faces (polygons): the lines in `VertexIndices` and in `Attributes`.",
        "FaceCount=2",
    ),
    KeyDef {
        required: true,
        ..name_key(
            "BoneName",
            &[S::BlendPart],
            NameRole::Refers(NameKind::Bone),
            true,
            "Name of the bone this blend part skins to; one of the container's `BoneNames`.",
            "BoneName=\"Root\"",
        )
    },
    KeyDef {
        required: true,
        ..key(
            "TransformIndex",
            &[S::BlendPart],
            INT_COUNT,
            "Index of the bone in the container's transform palette, i.e. into `BoneNames` and `OffsetMatrices` (0-based).",
            "TransformIndex=0",
        )
    },
    // Hierarchy
    name_key(
        "NodeName",
        &[S::Node],
        NameRole::Defines(NameKind::Node),
        true,
        "Name of the hierarchy node (frame or bone). Matches the `BoneNames` entry of the bone it drives.",
        "NodeName=\"Body\"",
    ),
    key(
        "InitPostureMatrix",
        &[S::Node],
        ValueType::Matrix,
        "Initial-posture (local bind) matrix relative to the parent node: 16 floats, row-major, translation in elements 13–15.",
        "InitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:1:0:1",
    ),
    // Rendering mesh list
    KeyDef {
        required: true,
        ..count(
            "RenderingMeshCount",
            &[S::RenderingMeshList],
            &[Counted::Scopes(S::RenderingMesh)],
            "Number of `RenderingMesh` scopes.",
            "RenderingMeshCount=2",
        )
    },
    name_key(
        "RenderingMeshName",
        &[S::RenderingMesh],
        NameRole::Refers(NameKind::Mesh),
        true,
        "Name of the mesh to draw: the `Name` of a `Mesh` scope.",
        "RenderingMeshName=\"BodyMesh\"",
    ),
    count(
        "HierarchyNamesCount",
        &[S::RenderingMesh],
        &[Counted::Entries(S::HierarchyNames)],
        "Number of entries in `HierarchyNames`.",
        "HierarchyNamesCount=1",
    ),
    // Animation
    KeyDef {
        required: true,
        ..count(
            "AnimationCount",
            &[S::AnimationList],
            &[Counted::Scopes(S::AnimationData)],
            "Number of `AnimationData` scopes (clips).",
            "AnimationCount=2",
        )
    },
    name_key(
        "AnimationName",
        &[S::AnimationData],
        NameRole::Defines(NameKind::Animation),
        true,
        "Name of the animation clip; players look clips up by it.",
        "AnimationName=\"Walk\"",
    ),
    KeyDef {
        required: true,
        ..key(
            "AnimationTime",
            &[S::AnimationData],
            ValueType::Int { min: 1, max: i32::MAX as i64 },
            "Length of one loop in milliseconds, ≥ 1. `TimeKeys` are fractions of it (1.0 = AnimationTime).",
            "AnimationTime=1000",
        )
    },
    key(
        "FrameParSecond",
        &[S::AnimationData],
        ValueType::Int { min: 1, max: i32::MAX as i64 },
        "Animation frames per second, ≥ 1 (the \"Par\" spelling is the real key).",
        "FrameParSecond=30",
    ),
    KeyDef {
        default: Some("0"),
        ..key(
            "TransitionTime",
            &[S::AnimationData],
            INT_COUNT,
            "Time taken to blend into this animation from the previous one (milliseconds).",
            "TransitionTime=0",
        )
    },
    KeyDef {
        default: Some("0"),
        ..key(
            "Priority",
            &[S::AnimationData],
            ValueType::Int { min: -(i32::MAX as i64), max: i32::MAX as i64 },
            "Which animation is evaluated when several play at once (a 32-bit integer).",
            "Priority=0",
        )
    },
    KeyDef {
        default: Some("False"),
        ..key(
            "Loop",
            &[S::AnimationData],
            ValueType::Bool,
            "Whether playback loops: `True` or `False`, capitalised.",
            "Loop=True",
        )
    },
    name_key(
        "NodeName",
        &[S::BonePart],
        NameRole::Refers(NameKind::Node),
        true,
        "The hierarchy `Node` this part animates.",
        "NodeName=\"Head\"",
    ),
    key(
        "TransitionTime",
        &[S::BonePart],
        INT_COUNT,
        "Per-part transition time (post-1.1 key written by Keystone).",
        "TransitionTime=0",
    ),
    KeyDef {
        default: Some("\"Linear\""),
        ..key(
            "InterpolationType",
            &[S::BonePart],
            ValueType::QuotedEnum(INTERPOLATION_TYPES),
            "Key interpolation: `\"Linear\"`, `\"Step\"`, `\"Spline\"` or `\"Lagrange\"` (post-1.1 key written by Keystone).",
            "InterpolationType=\"Linear\"",
        )
    },
    name_key(
        "MeshContainerName",
        &[S::UvPart],
        NameRole::Refers(NameKind::Container),
        true,
        "The `MeshContainer` whose material this UV part animates.",
        "MeshContainerName=\"Robot\"",
    ),
    name_key(
        "MaterialName",
        &[S::UvPart],
        NameRole::Refers(NameKind::Material),
        true,
        "The `Material` (of that container) whose texture coordinates this part animates.",
        "MaterialName=\"FaceMat\"",
    ),
];

const fn scope(
    kind: ScopeKind,
    tag: &'static str,
    parents: &'static [ScopeKind],
    doc: &'static str,
    example: &'static str,
) -> ScopeDef {
    ScopeDef { kind, tag, aliases: &[], parents, list: None, repeats: false, required: false, doc, example }
}

const fn list(
    kind: ScopeKind,
    tag: &'static str,
    parents: &'static [ScopeKind],
    item: ListItem,
    doc: &'static str,
    example: &'static str,
) -> ScopeDef {
    ScopeDef { kind, tag, aliases: &[], parents, list: Some(item), repeats: false, required: false, doc, example }
}

const fn floats(n: usize) -> ListItem {
    ListItem::Floats { n, range: None }
}

pub static SCOPES: &[ScopeDef] = &[
    scope(
        S::Setting,
        "Setting",
        &[S::Global],
        "General settings of the file: the Elfreina version that saved it and the load type.",
        "Setting {\n\tElfreinaSoftVersion=1.10\n\tLoadType=\"View\"\n}",
    ),
    ScopeDef {
        aliases: &["MeshDataList"],
        ..scope(
            S::MeshDatas,
            "MeshDatas",
            &[S::Global],
            "The model data: mesh containers with their bones, materials and meshes. Keystone writes it as `MeshDataList`; both spellings are read.",
            "MeshDatas {\n\tMeshContainerCount=1\n\tMeshContainer {\n\t}\n}",
        )
    },
    ScopeDef {
        repeats: true,
        ..scope(
            S::MeshContainer,
            "MeshContainer",
            &[S::MeshDatas],
            "One mesh container: bones, materials and the meshes that share them.",
            "MeshContainer {\n\tName=\"Robot\"\n\tBoneCount=0\n\tMeshCount=1\n}",
        )
    },
    list(
        S::VertexFormat,
        "VertexFormat",
        &[S::MeshContainer],
        ListItem::QuotedEnum(VERTEX_FORMAT_VALUES),
        "Vertex components the meshes carry, one quoted name per line: `\"Position\"`, `\"Normal\"`, `\"Blend\"`, `\"Diffuse\"`, `\"Texture1\"`…`\"Texture8\"`.",
        "VertexFormat {\n\t\"Position\"\n\t\"Normal\"\n\t\"Texture1\"\n}",
    ),
    list(
        S::BoneNames,
        "BoneNames",
        &[S::MeshContainer],
        ListItem::QuotedName,
        "Names of the bones the container uses, one quoted name per line; line i is transform-palette index i. `BoneCount` lines.",
        "BoneNames {\n\t\"Root\"\n\t\"Body\"\n}",
    ),
    list(
        S::OffsetMatrices,
        "OffsetMatrices",
        &[S::MeshContainer],
        floats(16),
        "Bone offset (inverse bind-pose) matrices, 16 floats `m11:…:m44` per line, row i for `BoneNames` entry i. `BoneCount` lines.",
        "OffsetMatrices {\n\t1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1\n}",
    ),
    scope(
        S::Materials,
        "Materials",
        &[S::MeshContainer],
        "The container's materials: `MaterialCount` and one `Material` scope each.",
        "Materials {\n\tMaterialCount=1\n\tMaterial {\n\t}\n}",
    ),
    ScopeDef {
        repeats: true,
        ..scope(
            S::Material,
            "Material",
            &[S::Materials],
            "One material: colours (`a:r:g:b`, alpha first), specular sharpness and texture. `Attributes` refer to materials by index.",
            "Material {\n\tName=\"BodyMat\"\n\tDiffuse=1.0:0.8:0.8:0.8\n\tTextureFilename=\"body.png\"\n}",
        )
    },
    ScopeDef {
        repeats: true,
        ..scope(
            S::Mesh,
            "Mesh",
            &[S::MeshContainer],
            "One mesh (part) of the container: vertices, faces, skinning and texture coordinates.",
            "Mesh {\n\tName=\"BodyMesh\"\n\tVertexCount=3\n\tFaceCount=1\n}",
        )
    },
    list(
        S::Positions,
        "Positions",
        &[S::Mesh],
        floats(3),
        "Vertex positions, `x:y:z` per line, `VertexCount` lines.",
        "Positions {\n\t0.0:1.0:0.0\n}",
    ),
    list(
        S::Normals,
        "Normals",
        &[S::Mesh],
        floats(3),
        "Vertex normals, `x:y:z` per line, `VertexCount` lines.",
        "Normals {\n\t0.0:0.0:-1.0\n}",
    ),
    list(
        S::VertexDiffuse,
        "Diffuse",
        &[S::Mesh],
        ListItem::Floats { n: 4, range: UNIT },
        "Per-vertex diffuse colour, `a:r:g:b` (alpha first, 0.0 to 1.0) per line, `VertexCount` lines.",
        "Diffuse {\n\t1.0:1.0:1.0:1.0\n}",
    ),
    list(
        S::TextureUv(0),
        "TextureUV",
        &[S::Mesh],
        floats(2),
        "Texture coordinates `u:v` per line, `VertexCount` lines (the single UV set; `Texture1UV`…`Texture8UV` when there are several).",
        "TextureUV {\n\t0.0:1.0\n}",
    ),
    scope(
        S::BlendList,
        "BlendList",
        &[S::Mesh],
        "Vertex blend (skinning) data: one `BlendPart` per bone.",
        "BlendList {\n\tBlendPart {\n\t}\n}",
    ),
    ScopeDef {
        repeats: true,
        ..scope(
            S::BlendPart,
            "BlendPart",
            &[S::BlendList],
            "The vertices one bone moves, with weights. Danmakufu reads `BoneName`, `TransformIndex`, `VertexBlend` in that order.",
            "BlendPart {\n\tBoneName=\"Root\"\n\tTransformIndex=0\n\tVertexBlend {\n\t\t0,1.0\n\t}\n}",
        )
    },
    ScopeDef {
        required: true,
        ..list(
            S::VertexBlend,
            "VertexBlend",
            &[S::BlendPart],
            ListItem::VertexWeight,
            "`vertex,weight` per line: a vertex index of this mesh and the bone's weight on it (0.0 to 1.0). A vertex's weights add up to 1.",
            "VertexBlend {\n\t0,1.000000\n}",
        )
    },
    list(
        S::BlendIndices,
        "BlendIndices",
        &[S::Mesh],
        ListItem::Any,
        "Vertex blend indices (named in the original table but undocumented; not checked).",
        "BlendIndices {\n}",
    ),
    list(
        S::VertexIndices,
        "VertexIndices",
        &[S::Mesh],
        ListItem::Face,
        "Faces, `n,i1:…:in` per line: the corner count, then that many vertex indices. `FaceCount` lines.",
        "VertexIndices {\n\t3,0:1:2\n}",
    ),
    list(
        S::Attributes,
        "Attributes",
        &[S::Mesh],
        ListItem::Index,
        "Material index (0-based into `Materials`) of each face, one per line, `FaceCount` lines.",
        "Attributes {\n\t0\n}",
    ),
    scope(
        S::HierarchyList,
        "HierarchyList",
        &[S::Global],
        "The bone/frame hierarchy: root `Node` scopes, nesting recursively. No count key.",
        "HierarchyList {\n\tNode {\n\t\tNodeName=\"Root\"\n\t}\n}",
    ),
    ScopeDef {
        repeats: true,
        ..scope(
            S::Node,
            "Node",
            &[S::HierarchyList, S::Node],
            "One hierarchy node (frame or bone) with its name, initial posture and child nodes.",
            "Node {\n\tNodeName=\"Root\"\n\tInitPostureMatrix=1:0:0:0:0:1:0:0:0:0:1:0:0:0:0:1\n}",
        )
    },
    scope(
        S::RenderingMeshList,
        "RenderingMeshList",
        &[S::Global],
        "The meshes to draw: `RenderingMeshCount` and one `RenderingMesh` each.",
        "RenderingMeshList {\n\tRenderingMeshCount=1\n\tRenderingMesh {\n\t}\n}",
    ),
    ScopeDef {
        repeats: true,
        ..scope(
            S::RenderingMesh,
            "RenderingMesh",
            &[S::RenderingMeshList],
            "One mesh to draw and the hierarchy nodes whose matrices it uses.",
            "RenderingMesh {\n\tRenderingMeshName=\"BodyMesh\"\n\tHierarchyNamesCount=1\n\tHierarchyNames {\n\t\t\"Root\"\n\t}\n}",
        )
    },
    list(
        S::HierarchyNames,
        "HierarchyNames",
        &[S::RenderingMesh],
        ListItem::QuotedName,
        "Names of the `Node`s whose matrices the mesh uses, one quoted name per line, `HierarchyNamesCount` lines.",
        "HierarchyNames {\n\t\"Root\"\n}",
    ),
    scope(
        S::AnimationList,
        "AnimationList",
        &[S::Global],
        "The animation clips: `AnimationCount` and one `AnimationData` each.",
        "AnimationList {\n\tAnimationCount=1\n\tAnimationData {\n\t}\n}",
    ),
    ScopeDef {
        repeats: true,
        ..scope(
            S::AnimationData,
            "AnimationData",
            &[S::AnimationList],
            "One animation clip: name, length, frame rate, looping, bone and UV animation.",
            "AnimationData {\n\tAnimationName=\"Walk\"\n\tAnimationTime=1000\n\tFrameParSecond=30\n\tLoop=True\n}",
        )
    },
    scope(
        S::BoneAnimation,
        "BoneAnimation",
        &[S::AnimationData],
        "Bone (skeletal) animation: guide `TimeKeys` and one `AnimationPart` per node.",
        "BoneAnimation {\n\tTimeKeys {\n\t}\n\tAnimationPart {\n\t}\n}",
    ),
    scope(
        S::UvAnimation,
        "UVAnimation",
        &[S::AnimationData],
        "UV (texture-coordinate) animation: guide `TimeKeys` and one `AnimationPart` per material.",
        "UVAnimation {\n\tTimeKeys {\n\t}\n\tAnimationPart {\n\t}\n}",
    ),
    list(
        S::GuideTimeKeys,
        "TimeKeys",
        &[S::BoneAnimation, S::UvAnimation],
        ListItem::Floats { n: 1, range: UNIT },
        "Key times of the whole clip (a guide; the parts' own `TimeKeys` take precedence), one per line, 0.0 to 1.0 (1.0 = AnimationTime).",
        "TimeKeys {\n\t0.0\n\t1.0\n}",
    ),
    ScopeDef {
        repeats: true,
        ..scope(
            S::BonePart,
            "AnimationPart",
            &[S::BoneAnimation],
            "The keys of one node: `TimeKeys` and as many `TransKeys`, `RotateKeys` and `ScaleKeys`.",
            "AnimationPart {\n\tNodeName=\"Head\"\n\tTimeKeys {\n\t}\n\tTransKeys {\n\t}\n\tRotateKeys {\n\t}\n\tScaleKeys {\n\t}\n}",
        )
    },
    ScopeDef {
        repeats: true,
        ..scope(
            S::UvPart,
            "AnimationPart",
            &[S::UvAnimation],
            "The UV keys of one material: `TimeKeys` and as many `TransKeys`, `RotateKeys` and `ScaleKeys`.",
            "AnimationPart {\n\tMeshContainerName=\"Robot\"\n\tMaterialName=\"FaceMat\"\n\tTimeKeys {\n\t}\n\tTransKeys {\n\t}\n\tRotateKeys {\n\t}\n\tScaleKeys {\n\t}\n}",
        )
    },
    ScopeDef {
        required: true,
        ..list(
            S::TimeKeys,
            "TimeKeys",
            &[S::BonePart, S::UvPart],
            ListItem::Floats { n: 1, range: UNIT },
            "Key times, one per line, ascending, 0.0 to 1.0 (1.0 = AnimationTime). Their number is the number of Trans/Rotate/Scale keys.",
            "TimeKeys {\n\t0.0\n\t0.5\n\t1.0\n}",
        )
    },
    ScopeDef {
        required: true,
        ..list(
            S::BoneTransKeys,
            "TransKeys",
            &[S::BonePart],
            floats(3),
            "Translation keys, `x:y:z` per line, one per time key.",
            "TransKeys {\n\t0.0:0.0:0.0\n}",
        )
    },
    ScopeDef {
        required: true,
        ..list(
            S::BoneRotateKeys,
            "RotateKeys",
            &[S::BonePart],
            floats(4),
            "Rotation keys as unit quaternions `x:y:z:w` (w last), one per time key.",
            "RotateKeys {\n\t0.0:0.0:0.0:1.0\n}",
        )
    },
    ScopeDef {
        required: true,
        ..list(
            S::BoneScaleKeys,
            "ScaleKeys",
            &[S::BonePart],
            floats(3),
            "Scale keys, `x:y:z` per line, one per time key.",
            "ScaleKeys {\n\t1.0:1.0:1.0\n}",
        )
    },
    ScopeDef {
        // Keystone indexes the three lists by the time-key index, as for bones: all are needed.
        required: true,
        ..list(
            S::UvTransKeys,
            "TransKeys",
            &[S::UvPart],
            floats(2),
            "UV translation keys, `x:y` per line, one per time key.",
            "TransKeys {\n\t0.0:0.0\n}",
        )
    },
    ScopeDef {
        // Keystone indexes the three lists by the time-key index, as for bones: all are needed.
        required: true,
        ..list(
            S::UvRotateKeys,
            "RotateKeys",
            &[S::UvPart],
            floats(1),
            "UV rotation keys in radians, one float per line, one per time key.",
            "RotateKeys {\n\t0.0\n}",
        )
    },
    ScopeDef {
        // Keystone indexes the three lists by the time-key index, as for bones: all are needed.
        required: true,
        ..list(
            S::UvScaleKeys,
            "ScaleKeys",
            &[S::UvPart],
            floats(2),
            "UV scale keys, `x:y` per line, one per time key.",
            "ScaleKeys {\n\t1.0:1.0\n}",
        )
    },
];

/// `Texture1UV` … `Texture8UV` share one definition with `TextureUV`.
static TEXTURE_N_UV: ScopeDef = list(
    S::TextureUv(1),
    "TextureNUV",
    &[S::Mesh],
    floats(2),
    "Texture coordinates `u:v` of UV set N (1–8), `VertexCount` lines. Danmakufu reads only `TextureUV`.",
    "Texture1UV {\n\t0.0:1.0\n}",
);

/// The definition of a scope kind (`None` for `Global` and `Unknown`).
pub fn scope_def(kind: ScopeKind) -> Option<&'static ScopeDef> {
    match kind {
        S::TextureUv(n) if n > 0 => Some(&TEXTURE_N_UV),
        _ => SCOPES.iter().find(|d| d.kind == kind),
    }
}

/// The tag as written for a kind (`Texture3UV` for `TextureUv(3)`).
pub fn tag_of(kind: ScopeKind) -> String {
    match kind {
        S::Global => "<global>".to_owned(),
        S::Unknown => "<unknown>".to_owned(),
        S::TextureUv(n) if n > 0 => format!("Texture{n}UV"),
        _ => scope_def(kind).map_or("?", |d| d.tag).to_owned(),
    }
}

/// What a `tag {` means inside a scope of kind `parent`; `None` when it is not valid there.
pub fn resolve_scope(parent: ScopeKind, tag: &str) -> Option<ScopeKind> {
    if parent == S::Mesh
        && let Some(n) = texture_set(tag)
    {
        return Some(S::TextureUv(n));
    }
    SCOPES.iter().find(|d| (d.tag == tag || d.aliases.contains(&tag)) && d.parents.contains(&parent)).map(|d| d.kind)
}

/// `TextureUV` → 0, `Texture3UV` → 3.
fn texture_set(tag: &str) -> Option<u8> {
    if tag == "TextureUV" {
        return Some(0);
    }
    match tag.strip_prefix("Texture")?.strip_suffix("UV")?.as_bytes() {
        [d @ b'1'..=b'8'] => Some(d - b'0'),
        _ => None,
    }
}

/// True when `tag` names some known scope anywhere in the format.
pub fn is_known_scope_tag(tag: &str) -> bool {
    texture_set(tag).is_some() || SCOPES.iter().any(|d| d.tag == tag || d.aliases.contains(&tag))
}

/// Scope definitions whose tag (or alias) is `tag`, wherever they may stand.
pub fn child_scope_defs_named(tag: &str) -> impl Iterator<Item = &'static ScopeDef> + '_ {
    SCOPES.iter().chain(std::iter::once(&TEXTURE_N_UV)).filter(move |d| {
        d.tag == tag
            || d.aliases.contains(&tag)
            || (d.kind == ScopeKind::TextureUv(1) && texture_set(tag).is_some_and(|n| n > 0))
    })
}

/// The definition of `key` inside a scope of kind `scope`.
pub fn key_def(scope: ScopeKind, key: &str) -> Option<&'static KeyDef> {
    KEYS.iter().find(|k| k.name == key && k.parents.contains(&scope))
}

/// Every key valid in a scope.
pub fn keys_in(scope: ScopeKind) -> impl Iterator<Item = &'static KeyDef> {
    KEYS.iter().filter(move |k| k.parents.contains(&scope))
}

/// Every scope valid as a child of `parent` (one entry for `Texture1UV`…`Texture8UV`).
pub fn child_scopes(parent: ScopeKind) -> impl Iterator<Item = &'static ScopeDef> {
    SCOPES.iter().chain(std::iter::once(&TEXTURE_N_UV)).filter(move |d| d.parents.contains(&parent))
}

/// Tags that may appear as children of `parent`, spelled out (`Texture1UV`…`Texture8UV` listed).
pub fn child_tags(parent: ScopeKind) -> Vec<String> {
    let mut out = Vec::new();
    for d in child_scopes(parent) {
        if d.kind == S::TextureUv(1) {
            out.extend((1..=8).map(|n| format!("Texture{n}UV")));
        } else {
            out.push(d.tag.to_owned());
            out.extend(d.aliases.iter().map(|a| (*a).to_owned()));
        }
    }
    out
}

impl ScopeKind {
    pub fn is_list(self) -> bool {
        scope_def(self).is_some_and(|d| d.list.is_some())
    }

    pub fn list_item(self) -> Option<ListItem> {
        scope_def(self).and_then(|d| d.list)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texture_sets_resolve_only_in_meshes() {
        assert_eq!(resolve_scope(S::Mesh, "TextureUV"), Some(S::TextureUv(0)));
        assert_eq!(resolve_scope(S::Mesh, "Texture8UV"), Some(S::TextureUv(8)));
        assert_eq!(resolve_scope(S::Mesh, "Texture9UV"), None);
        assert_eq!(resolve_scope(S::Mesh, "Texture01UV"), None);
        assert_eq!(resolve_scope(S::Material, "TextureUV"), None);
    }

    #[test]
    fn context_decides_what_a_tag_means() {
        assert_eq!(resolve_scope(S::Mesh, "Diffuse"), Some(S::VertexDiffuse));
        assert_eq!(resolve_scope(S::BoneAnimation, "AnimationPart"), Some(S::BonePart));
        assert_eq!(resolve_scope(S::UvAnimation, "AnimationPart"), Some(S::UvPart));
        assert_eq!(resolve_scope(S::BonePart, "RotateKeys"), Some(S::BoneRotateKeys));
        assert_eq!(resolve_scope(S::UvPart, "RotateKeys"), Some(S::UvRotateKeys));
        assert_eq!(resolve_scope(S::Global, "MeshDataList"), Some(S::MeshDatas));
        assert!(key_def(S::Material, "Diffuse").is_some());
        assert!(key_def(S::Mesh, "Diffuse").is_none());
    }

    #[test]
    fn every_list_scope_has_an_item_shape_and_every_entry_documentation() {
        for d in SCOPES {
            assert!(!d.doc.is_empty() && !d.example.is_empty(), "{}", d.tag);
        }
        for k in KEYS {
            assert!(!k.doc.is_empty() && !k.example.is_empty(), "{}", k.name);
            assert!(k.example.starts_with(k.name), "example of {} must show the key", k.name);
        }
    }
}
