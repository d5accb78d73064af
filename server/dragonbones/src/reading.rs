//! What the runtime reads to pose one armature, without reading the others when it can: the
//! armature with the armatures it shows as children (as the per-armature runtime rules read it),
//! else the whole file's evaluation. A preview or a pose after an edit of a large skeleton then
//! parses one armature, not every one (the whole file's reading is 100+ ms on 10 MB), and none
//! when the rules of this version parsed it in full ([`super::eval::ArmatureParses`]).
//!
//! An armature's data is its own text (and the root's) but where names are not unique or a mesh
//! is shared (see [`super::rules::RuntimeFindings`]); those files, an unknown armature, and files
//! whose rules did not go armature by armature are read whole. Where the runtime fails reading any
//! armature it shows nothing at all, so a reading also carries every armature's failures: the
//! rules kept them, armature by armature.

use std::sync::Arc;

use super::DragonBonesFile;
use super::eval::Evaluation;
use super::eval::data::DragonBonesData;
use super::eval::parse::{self, FailureKind, Rejected};
use super::eval::raw::Raw;
use super::schema::key;
use super::syntax::NodeId;
use rigls_text::TextRange;

/// The runtime's reading of a skeleton for a pose of one of its armatures.
pub struct Reading<'a> {
    source: Source<'a>,
    /// Where the runtime fails reading the file, and how (any failure stops every pose).
    pub failures: Vec<(TextRange, FailureKind)>,
    /// Every armature a picker offers (name, object, frame rate), in file order.
    pub armatures: Vec<ArmatureHead>,
}

enum Source<'a> {
    Whole(&'a Evaluation),
    Armature(Arc<parse::Parsed>),
}

/// An armature of the file, as the runtime names it.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmatureHead {
    pub name: String,
    pub node: NodeId,
    pub frame_rate: f64,
}

impl Reading<'_> {
    /// The data the runtime builds from (the armature asked for and those it shows, or every
    /// armature), or why it reads none.
    pub fn data(&self) -> Result<&DragonBonesData, &Rejected> {
        match &self.source {
            Source::Whole(evaluation) => evaluation.parsed.as_ref().map(|p| &p.data),
            Source::Armature(parsed) => Ok(&parsed.data),
        }
    }
}

impl DragonBonesFile {
    /// What the runtime reads to pose `armature` (`None`: the first) of this skeleton, parsed
    /// from `text` (the text this file was parsed from).
    pub fn reading(&self, text: &str, armature: Option<&str>) -> Reading<'_> {
        if let Some(whole) = self.evaluation.get() {
            return self.whole_reading(whole);
        }
        let (Some(failures), Some(root)) = (self.findings.runtime.failures(), self.tree.root()) else {
            return self.whole_reading(self.evaluation(text));
        };
        let raw = Raw::new(&self.tree, text);
        let Ok(file) = parse::root_data(raw, root) else { return self.whole_reading(self.evaluation(text)) };
        let elements = parse::armature_elements(raw, root);
        let names: Vec<String> = elements.iter().map(|&e| raw.string(e, key::NAME, "")).collect();
        let found = match armature {
            Some(name) => names.iter().position(|n| n == name),
            None => (!elements.is_empty()).then_some(0),
        };
        // An unknown armature: the whole file's data lists the known ones.
        let Some(index) = found else { return self.whole_reading(self.evaluation(text)) };
        let Some(parsed) = self.armature_parse(raw, root, &elements, &names, index) else {
            return self.whole_reading(self.evaluation(text));
        };
        let armatures = elements
            .iter()
            .zip(names)
            .map(|(&node, name)| ArmatureHead { name, node, frame_rate: parse::armature_frame_rate(raw, node, &file) })
            .collect();
        Reading { source: Source::Armature(parsed), failures, armatures }
    }

    fn whole_reading<'a>(&self, whole: &'a Evaluation) -> Reading<'a> {
        let (failures, armatures) = match &whole.parsed {
            Ok(parsed) => (
                parsed.failures.iter().map(|f| (self.tree.range(f.node), f.kind.clone())).collect(),
                parsed
                    .data
                    .armatures
                    .iter()
                    .map(|a| ArmatureHead { name: a.name.clone(), node: a.node, frame_rate: a.frame_rate })
                    .collect(),
            ),
            Err(_) => (Vec::new(), Vec::new()),
        };
        Reading { source: Source::Whole(whole), failures, armatures }
    }

    /// Element `index`'s parse with the armatures it shows, kept for this version (by the rules or
    /// an earlier reading); `None` when its data is not its own (a shared mesh).
    fn armature_parse(
        &self,
        raw: Raw<'_>,
        root: NodeId,
        elements: &[NodeId],
        names: &[String],
        index: usize,
    ) -> Option<Arc<parse::Parsed>> {
        if let Some(found) = self.parses.get(index) {
            return Some(found);
        }
        let layout = self.findings.runtime.layout();
        let (parsed, _) =
            parse::parse_shown(raw, root, elements, names, index, parse::DeformValues::Kept, layout).ok()?;
        if parsed.shares_geometry {
            return None;
        }
        let parsed = Arc::new(parsed);
        self.parses.keep_read(index, parsed.clone());
        Some(parsed)
    }
}
