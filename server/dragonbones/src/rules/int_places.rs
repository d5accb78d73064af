//! Deform timelines DragonBonesCPP never applies where DragonBonesJS does. A deform timeline
//! finds its mesh by the place of the mesh's block in the runtime's `intArray`, kept in 16 bits;
//! the C++ runtime stores colour key frames in that array too and reads the place back unsigned,
//! so a deform of a mesh whose block lies at 32,768–65,535 there matches no mesh (past 65,535
//! neither runtime matches it: `array-overflow` says so for both). Each such timeline is one
//! `target-drops` warning for the C++ targets named. Those targets' own reading of the file
//! finds them; it is read only when the array can pass 32,767 at all.

use rigls_diagnostic::{Code, Diagnostic, FileFormat, Targets};

use super::targets::{names_verb, reading_groups};
use crate::eval::parse::{self, Parsed, Wrapped};
use crate::eval::raw::Raw;
use crate::schema::key;
use crate::syntax::{NodeKind, Tree};
use crate::target::Profile;

/// The places a 16-bit header read back unsigned reaches.
const SIGNED_REACH: usize = 32767;

/// `reading`: a target's own reading of the file ([`crate::DragonBonesFile::target_reading`]).
pub(crate) fn check(
    tree: &Tree,
    text: &str,
    reading: impl Fn(&Profile) -> Option<Parsed>,
    targets: Targets,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let groups = reading_groups(targets, |p| p.eval.value.colours_in_int_array);
    if groups.is_empty() || int_array_bound(tree, text) <= SIGNED_REACH {
        return out;
    }
    // Targets reading alike are read once and named together.
    for (profile, alike) in groups {
        let Some(reading) = reading(profile) else { continue };
        for w in &reading.wrapped_geometry {
            let Wrapped::DeformNeverApplied { ints_at } = w.wrapped else { continue };
            if ints_at > 65535 {
                continue;
            }
            let range = tree.get(text, w.node, key::NAME).map_or(tree.range(w.node), |name| tree.range(name));
            let message = format!(
                "{} this deform timeline: its mesh's block is at intArray[{ints_at}] there (the C++ runtime keeps colour key frames in that array too), past the 32,767 it reads back from the timeline's 16-bit header, so it matches no mesh of the slot (DragonBonesJS applies it); keep the file's meshes and colour key frames within intArray[32,767], or split the skeleton into several files",
                names_verb(alike, "never applies", "never apply")
            );
            out.push(Diagnostic::new(Code::TargetDrops, FileFormat::DragonBones, range, message));
        }
    }
    out
}

/// More than the entries DragonBonesCPP stores in its `intArray` for the file: each armature's
/// geometry ([`parse::geometry_size`]), and 8 for every object of its animations (a colour key
/// frame's 8, counted for every key frame and timeline alike).
fn int_array_bound(tree: &Tree, text: &str) -> usize {
    let Some(root) = tree.root() else { return 0 };
    let raw = Raw::new(tree, text);
    let mut bound = 8;
    for armature in parse::armature_elements(raw, root) {
        bound += parse::geometry_size(raw, armature).ints;
        if let Some(animations) = tree.get(text, armature, key::ANIMATION) {
            let nodes = animations as usize..tree.node(animations).next() as usize;
            bound += 8 * tree.nodes[nodes].iter().filter(|n| n.kind() == NodeKind::Object).count();
        }
    }
    bound
}
