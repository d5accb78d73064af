//! What the official DragonBones runtime computes from a skeleton: the armature it builds, the
//! setup pose, and the state at any time of any animation.
