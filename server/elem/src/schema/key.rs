//! Every key of the schema as a constant: code that reads a key names it as `key::VERTEX_COUNT`,
//! never as a string literal, so a typo does not compile and every key named is one the schema
//! defines (a test checks the constants against the table, both ways). Scopes are named by
//! [`super::ScopeKind`].
//!
//! ```
//! use rigls_elem::schema::key;
//! assert_eq!(key::VERTEX_COUNT, "VertexCount");
//! ```

macro_rules! keys {
    ($($constant:ident = $key:literal,)*) => {
        $(pub const $constant: &str = $key;)*

        /// Every constant with its name, for the check against the schema.
        pub const ALL: &[(&str, &str)] = &[$((stringify!($constant), $key)),*];
    };
}

keys! {
    AMBIENT = "Ambient",
    ANIMATION_COUNT = "AnimationCount",
    ANIMATION_NAME = "AnimationName",
    ANIMATION_TIME = "AnimationTime",
    BONE_COUNT = "BoneCount",
    BONE_NAME = "BoneName",
    DIFFUSE = "Diffuse",
    ELFREINA_BETA_VERSION = "ElfreinaBetaVersion",
    ELFREINA_SOFT_VERSION = "ElfreinaSoftVersion",
    EMISSIVE = "Emissive",
    FACE_COUNT = "FaceCount",
    FRAME_PAR_SECOND = "FrameParSecond",
    HIERARCHY_NAMES_COUNT = "HierarchyNamesCount",
    INIT_POSTURE_MATRIX = "InitPostureMatrix",
    INTERPOLATION_TYPE = "InterpolationType",
    IS_RIGHT_HAND = "IsRightHand",
    LOAD_TYPE = "LoadType",
    LOOP = "Loop",
    MATERIAL_COUNT = "MaterialCount",
    MATERIAL_NAME = "MaterialName",
    MESH_CONTAINER_COUNT = "MeshContainerCount",
    MESH_CONTAINER_NAME = "MeshContainerName",
    MESH_COUNT = "MeshCount",
    NAME = "Name",
    NODE_NAME = "NodeName",
    PRIORITY = "Priority",
    RENDERING_MESH_COUNT = "RenderingMeshCount",
    RENDERING_MESH_NAME = "RenderingMeshName",
    SOFT_VERSION = "SoftVersion",
    SPECULAR = "Specular",
    SPECULAR_SHARPNESS = "SpecularSharpness",
    TEXTURE_FILENAME = "TextureFilename",
    TRANSFORM_INDEX = "TransformIndex",
    TRANSITION_TIME = "TransitionTime",
    VERTEX_COUNT = "VertexCount",
}
