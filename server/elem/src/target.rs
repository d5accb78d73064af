//! The `.elem` target profile: Touhou Danmakufu ph3's loader, fact by fact, each with where it was
//! read (james7132/Danmakufu-ph3 at 5c92f28: `source/GcLib/directx/ElfreinaMesh.cpp` as `EM.cpp`,
//! `source/GcLib/gstd/GstdUtility.cpp` as `GU.cpp`, `RenderObject.cpp` as `RO.cpp`, `HLSL.hpp`; D3DX's
//! maths as Wine implements it, `dlls/d3dx9_36/math.c`). Its reading is
//! [`crate::eval::danmakufu`]; these facts are what `rigls targets` and `docs/targets.md` say.

use rigls_diagnostic::Target;
use rigls_diagnostic::target::Fact;

/// `(aspect, what Danmakufu does, evidence)`.
type Row = (&'static str, &'static str, &'static [&'static str]);

const DANMAKUFU: &[Row] = &[
    (
        "Scopes read",
        "`MeshContainer`, `HierarchyList` and `AnimationList`, wherever they are; the header, `Setting`, `RenderingMeshList`, `VertexFormat` and the rest are skipped",
        &["`EM.cpp:35-53`"],
    ),
    (
        "Mesh containers",
        "only the last survives: each `BoneCount`, `MeshCount` and `MaterialCount` replaces the lists read before",
        &["`EM.cpp:140-161, 208-234`"],
    ),
    (
        "Faces",
        "triangles only: a quad or larger face fails to load (\"3頂点で形成されていない面があります\")",
        &["`EM.cpp:409-428`"],
    ),
    ("Materials per mesh", "one: faces of a Mesh with different `Attributes` fail to load", &["`EM.cpp:429-444`"]),
    (
        "Unknown scopes",
        "a scope the loader does not know (a per-vertex `Diffuse`, `Texture1UV`…`Texture8UV`, `BlendIndices`) ends the scope it is in at its `}`: the rest of a Mesh and of its container is lost, and a mesh left without `Attributes` has no material, which crashes at the first frame",
        &["`EM.cpp:298`", "`EM.cpp:765-773`"],
    ),
    (
        "Numbers",
        "counts, indices, `AnimationTime` and `FrameParSecond` must be whole numbers without a decimal point or exponent; `1e+05` is two tokens (no `+` after an exponent's `e`)",
        &["`GU.cpp:861-881, 1056-1063`"],
    ),
    (
        "Fixed lists",
        "`Positions`, `Normals`, `TextureUV`, `VertexIndices` and `Attributes` have exactly `VertexCount`/`FaceCount` lines; a line of spaces, tabs or a comment counts as one",
        &["`EM.cpp:321-343, 409-444`", "`GU.cpp:830-834`"],
    ),
    (
        "Weights",
        "three weights per vertex; the rest of the weight goes to the 4th bone named, else bone 0; a 5th bone replaces the 1st's; vertices without weights follow bone 0",
        &["`EM.cpp:447-513`", "`RO.cpp:1260-1266`", "`HLSL.hpp:52-58`"],
    ),
    ("Vertices", "x and y shifted by −0.5 (a half-texel bias)", &["`RO.cpp:1243-1252`"]),
    (
        "Nodes",
        "a node is its bone: a `NodeName` that names no bone acts on bone 0; the last node, part and clip of a name wins",
        &["`EM.cpp:526-581`", "`EM.cpp:583-754`"],
    ),
    (
        "Time",
        "integer frames to whole milliseconds, `trunc(1000 / FrameParSecond × frame)`; a looping clip wraps (its end shows the first key), another clamps",
        &["`EM.cpp:1067-1084`", "`DxScript.cpp:3663`"],
    ),
    (
        "Keys",
        "each part's own `TimeKeys`; past the last key below 1.0 the part is extrapolated, not held; `InterpolationType` is ignored (linear)",
        &["`EM.cpp:854-917`"],
    ),
    (
        "Rotation",
        "`D3DXQuaternionSlerp`: keys within about 5° are blended linearly and not renormalised",
        &["Wine `dlls/d3dx9_36/math.c` (`D3DXQuaternionSlerp`)"],
    ),
    (
        "Arithmetic",
        "every number rounded to `float` when read, `float` maths (D3DX)",
        &["`EM.cpp:805-917`", "Wine `dlls/d3dx9_36/math.c`"],
    ),
    ("Setup pose", "none: a model is drawn only through an `AnimationData`", &["`EM.cpp:1013-1032, 1090-1091`"]),
    (
        "Ignored",
        "UV animation, `TransitionTime`, `Priority`, the guide `TimeKeys`, `Normals` (lighting only)",
        &["`EM.cpp:606-666`"],
    ),
    ("Palette", "80 bones at most in the skinning shader", &["`HLSL.hpp:14-15`"]),
    (
        "Stack",
        "nested `Node` scopes are read by recursion on the main thread's 1 MB stack: 16,385 levels overflow it at the latest (a crash)",
        &["`EM.cpp:546-582`"],
    ),
    (
        "Memory",
        "a 32-bit process of 2 GiB: vertex buffers (48 bytes a vertex, zeroed), the bone list (128 bytes a bone at least) and each clip's slots (12 bytes a bone) past it together, or one list past 256 MiB, fail to allocate (`std::bad_alloc`, a crash)",
        &[
            "`DnhExecutor.vcxproj` (Win32, no `/LARGEADDRESSAWARE`)",
            "`RenderObject.hpp:124-141, 315`",
            "`EM.cpp:145-148, 609`",
            "`SmartPointer.hpp:42-46`",
        ],
    ),
];

/// The facts of an `.elem` target (none for a target of another format).
pub fn facts(target: Target) -> Vec<Fact> {
    match target {
        Target::DanmakufuPh3 => DANMAKUFU
            .iter()
            .map(|&(aspect, text, evidence)| Fact { aspect, text: text.to_owned(), evidence: evidence.to_vec() })
            .collect(),
        _ => Vec::new(),
    }
}
