//! What an `.elem` reader computes from a model: node world matrices, animation sampled at a time,
//! skinned vertices and UV animation.
