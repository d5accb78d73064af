//! How many armatures building one builds: each armature display of an armature's default skin
//! (in a slot the armature has) builds the armature it shows, and that one its own, down to the
//! end. A few armatures each showing the next several times multiply: twenty of them, each with
//! three slots showing the next, make the runtimes build 1.7 billion armatures for the first (an 8 KB
//! file that took rigls's `--check` past 24 GB). Past [`MAX_ARMATURES_BUILT`] rigls reports it
//! and builds nothing.

use crate::eval::data::{DisplayKind, DragonBonesData};

/// The most armatures rigls builds for one, itself and its child armatures included.
pub const MAX_ARMATURES_BUILT: u64 = 10_000;

/// More armatures than this built for one and the runtimes run out of memory (for 2.4 million
/// of one bone each DragonBonesJS aborted, its 4 GB heap full, and DragonBonesCPP took 4.8 GB;
/// 88,573 took them 1.2 s and 477 MB, 0.18 s and 182 MB).
pub const OUT_OF_MEMORY: u64 = 1_000_000;

/// The armatures each armature display of armature `index` builds, in build order (one per
/// display: a slot showing an armature in three displays builds it three times).
pub fn armatures_shown(file: &DragonBonesData, index: usize) -> Vec<usize> {
    let data = &file.armatures[index];
    let Some(skin) = data.default_skin.map(|s| &data.skins[s]) else { return Vec::new() };
    data.slots
        .iter()
        .filter_map(|slot| skin.displays_of(&slot.name))
        .flatten()
        .flatten()
        .filter(|d| matches!(d.kind, DisplayKind::Armature))
        .filter_map(|d| file.armature(&d.path))
        .collect()
}

/// Per armature, how many armatures building it builds, itself included (at most `u64::MAX`).
/// A display leading back to an armature being built counts nothing (the runtime recurses until
/// its stack overflows there: `armature-cycle`).
pub fn armatures_built(file: &DragonBonesData) -> &[u64] {
    file.armatures_built.get_or_init(|| {
        let count = file.armatures.len();
        let children: Vec<Vec<usize>> = (0..count).map(|a| armatures_shown(file, a)).collect();
        // Depth first without recursion (a chain of armatures may be as long as the file).
        let mut built: Vec<Option<u64>> = vec![None; count];
        let mut on_path = vec![false; count];
        for root in 0..count {
            if built[root].is_some() {
                continue;
            }
            let mut stack = vec![(root, 0usize)];
            on_path[root] = true;
            while let Some(top) = stack.len().checked_sub(1) {
                let (a, next) = stack[top];
                if let Some(&child) = children[a].get(next) {
                    stack[top].1 += 1;
                    if built[child].is_none() && !on_path[child] {
                        on_path[child] = true;
                        stack.push((child, 0));
                    }
                    continue;
                }
                let total =
                    children[a].iter().map(|&c| built[c].unwrap_or(0)).fold(1u64, |sum, c| sum.saturating_add(c));
                built[a] = Some(total);
                on_path[a] = false;
                stack.pop();
            }
        }
        built.into_iter().map(|b| b.unwrap_or(1)).collect()
    })
}
