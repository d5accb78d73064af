//! The runtime's data of single armatures (each with the armatures it shows,
//! [`super::parse::parse_shown`]) read for one version of a skeleton, shared by the runtime rules,
//! which read every armature an edit changed, and the readings of poses, hovers and scenes
//! ([`crate::DragonBonesFile::reading`]): one version parses an armature in full once.
//!
//! Only parses that are what a reading needs are kept: deform values read (not
//! [`super::parse::DeformValues::CheckedFinite`] leaving them out) and no shared mesh.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::parse::Parsed;

/// Parses kept per version: a preview shows one armature at a time (the first by default), and
/// every armature's data at once would double the memory of a large skeleton's analysis.
const KEPT: usize = 4;

/// The parses of single armatures made for one version of a file, by element index (into the
/// root's `armature` list).
#[derive(Debug, Default)]
pub struct ArmatureParses {
    kept: Mutex<Vec<(usize, Arc<Parsed>)>>,
    /// How many parses readings made, not finding one kept.
    read: AtomicUsize,
}

impl ArmatureParses {
    /// Element `index`'s parse, when one was kept.
    pub fn get(&self, index: usize) -> Option<Arc<Parsed>> {
        self.lock().iter().find(|(i, _)| *i == index).map(|(_, p)| p.clone())
    }

    /// Keeps a full parse the runtime rules made of element `index`: of those, the first
    /// armatures in file order, whichever thread parsed them first.
    pub fn offer(&self, index: usize, parsed: Arc<Parsed>) {
        debug_assert!(!parsed.deform_values_left_out && !parsed.shares_geometry);
        let mut kept = self.lock();
        if kept.iter().any(|(i, _)| *i == index) {
            return;
        }
        if kept.len() < KEPT {
            kept.push((index, parsed));
        } else if let Some(last) = kept.iter_mut().max_by_key(|(i, _)| *i).filter(|(i, _)| *i > index) {
            *last = (index, parsed);
        }
    }

    /// Keeps the parse a reading made of element `index`, dropping the oldest kept.
    pub fn keep_read(&self, index: usize, parsed: Arc<Parsed>) {
        self.read.fetch_add(1, Ordering::Relaxed);
        let mut kept = self.lock();
        if kept.len() == KEPT {
            kept.remove(0);
        }
        kept.push((index, parsed));
    }

    /// How many parses readings made (what the rules' parses spared them, tests and benchmarks
    /// check).
    pub fn read(&self) -> usize {
        self.read.load(Ordering::Relaxed)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<(usize, Arc<Parsed>)>> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }
}
