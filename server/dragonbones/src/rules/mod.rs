//! DragonBones rules: each file checks one family of problems over the tree, the model and the
//! schema. Severities follow `docs/formats/dragonbones.md` ("What rigls checks"): errors where a
//! runtime rejects the file, throws, hangs or silently drops content; warnings for what renders
//! wrongly or only some runtimes mishandle.

mod armature_local;
mod armature_runtime;
mod atlas_targets;
pub(crate) mod binary_targets;
mod build_targets;
pub(crate) mod float_poses;
mod geometry;
mod indices;
pub(crate) mod int_places;
mod legacy;
mod names;
mod quoted_numbers;
mod rapidjson_numbers;
mod regions;
mod runtime;
mod structure;
pub(crate) mod target_poses;
pub mod targets;
mod timing;
mod version;
mod z_order_targets;

pub use armature_local::{CheckScope, LocalFindings};
pub use armature_runtime::RuntimeFindings;

use std::path::Path;

use super::atlas::PairedAtlas;
use super::model::Model;
use super::schema::Version;
use super::syntax::{Member, NodeId, NodeKind, Tree};
use crate::schema::key;
use rigls_diagnostic::env::FileSystem;
use rigls_diagnostic::{Code, Diagnostic, FileFormat};
use rigls_text::{LineIndex, TextRange};

/// One run of the rules over a file: what they read, and the diagnostics found so far.
pub struct DragonBonesCheck<'a> {
    pub text: &'a str,
    pub tree: &'a Tree,
    pub model: &'a Model,
    pub lines: &'a LineIndex,
    /// The checked file, when it has one (stdin and unsaved buffers may not).
    pub path: Option<&'a Path>,
    pub fs: &'a dyn FileSystem,
    /// The atlases paired with a skeleton.
    pub paired: &'a [PairedAtlas],
    /// The version the file is read as (`None`: an atlas, or no known version).
    pub version: Option<Version>,
    /// What this run of the rules covers: one armature, or the rest of the file.
    pub scope: CheckScope,
    /// The armatures checked one at a time (the objects of the root's `armature` list), in order.
    pub units: &'a [NodeId],
    /// The owners of the model's deform references and the references' indices, by owner.
    pub deform_refs: &'a [(NodeId, u32)],
    /// Whether work may be split over threads ([`rigls_text::parallel`]).
    pub parallel: bool,
    /// Where the runtime rules keep their full parses of single armatures, for this version's
    /// poses, hovers and scenes.
    pub parses: Option<&'a crate::eval::ArmatureParses>,
    /// The text is a binary skeleton's view.
    pub binary: bool,
    /// In a binary's view, where `null` stands for a float that is NaN or infinite in the binary
    /// (in order; the header's own `null`s are not there).
    pub non_finite: &'a [u32],
    pub out: Vec<Diagnostic>,
}

impl DragonBonesCheck<'_> {
    /// Whether what is found about `node` belongs to this run: it lies inside the armature
    /// checked, or, for the rest of the file, inside none of those checked one at a time.
    pub fn in_scope(&self, node: NodeId) -> bool {
        match self.scope {
            CheckScope::Armature(unit) => unit <= node && node < self.tree.node(unit).next(),
            CheckScope::File => self.unit_holding(node).is_none(),
        }
    }

    /// The armature checked one at a time whose subtree holds `node`.
    pub fn unit_holding(&self, node: NodeId) -> Option<NodeId> {
        let i = self.units.partition_point(|&u| u <= node).checked_sub(1)?;
        let unit = self.units[i];
        (node < self.tree.node(unit).next()).then_some(unit)
    }

    pub fn push(&mut self, d: Diagnostic) {
        self.out.push(d);
    }

    pub fn line_no(&self, offset: u32) -> u32 {
        self.lines.line_of(offset) + 1
    }

    pub fn get(&self, object: NodeId, key: &str) -> Option<NodeId> {
        self.tree.get(self.text, object, key)
    }

    pub fn member(&self, object: NodeId, key: &str) -> Option<Member> {
        self.tree.member(self.text, object, key)
    }

    /// The range of a member's key (quotes included).
    pub fn key_range(&self, object: NodeId, key: &str) -> Option<TextRange> {
        self.member(object, key).map(|m| self.tree.range(m.key))
    }

    /// A whole number value of `key`.
    pub fn int(&self, object: NodeId, key: &str) -> Option<i64> {
        self.get(object, key).and_then(|v| self.tree.int(self.text, v))
    }

    /// The numbers of an array value (non-numbers are skipped; they are reported elsewhere).
    pub fn numbers(&self, array: NodeId) -> Vec<(f64, NodeId)> {
        self.tree.elements(array).filter_map(|e| Some((self.tree.number(self.text, e)?, e))).collect()
    }

    /// Where to report something an object lacks ([`anchor`]).
    pub fn anchor(&self, object: NodeId) -> TextRange {
        anchor(self.tree, self.text, object)
    }

    /// The name of an object for messages: `` `arm` `` or "(unnamed)".
    pub fn quoted_name(&self, object: NodeId) -> String {
        match self.get(object, key::NAME).and_then(|n| super::model::name_text(self.tree, self.text, n)) {
            Some(n) => format!("`{n}`"),
            None => "(unnamed)".to_owned(),
        }
    }

    pub fn is_array(&self, node: Option<NodeId>) -> Option<NodeId> {
        node.filter(|&n| self.tree.kind(n) == NodeKind::Array)
    }
}

/// Where to report something an object lacks: its `name` member, else its first member, else its
/// opening brace.
pub(crate) fn anchor(tree: &Tree, text: &str, object: NodeId) -> TextRange {
    if let Some(m) = tree.member(text, object, key::NAME) {
        return tree.member_range(m);
    }
    if let Some(m) = tree.members(object).next() {
        return tree.member_range(m);
    }
    let r = tree.range(object);
    TextRange::new(r.start, (r.start + 1).min(r.end.max(r.start)))
}

/// A diagnostic of `code` with the severity the catalogue gives it in DragonBones data; a case it lists
/// as milder is reported with [`Diagnostic::of_case`].
pub fn report(code: Code, range: TextRange, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(code, FileFormat::DragonBones, range, message)
}

/// What the rules read of one file.
pub struct Inputs<'a> {
    pub text: &'a str,
    pub tree: &'a Tree,
    pub model: &'a Model,
    pub lines: &'a LineIndex,
    pub path: Option<&'a Path>,
    pub fs: &'a dyn FileSystem,
    /// The atlases paired with a skeleton (textures are checked against them).
    pub paired: &'a [PairedAtlas],
    /// A binary skeleton's view: the runtime's data is the binary's, read whole (the view's
    /// armatures are not what the runtime parses).
    pub binary: bool,
    /// Where the view writes `null` for a float that is NaN or infinite in the binary.
    pub non_finite: &'a [u32],
    /// Where the runtime rules keep their full parses of single armatures, for the readings of
    /// the same version ([`crate::eval::ArmatureParses`]).
    pub parses: Option<&'a crate::eval::ArmatureParses>,
}

/// The previous version of a file: its tree, what its rules found, and where the two differ.
pub struct Previous<'a> {
    pub tree: &'a Tree,
    pub local: &'a LocalFindings,
    pub runtime: &'a RuntimeFindings,
    pub change: rigls_text::TextChange,
    /// When the tree was made by splicing a reparsed container into the previous one
    /// ([`super::reparse::reparse`]): that container's range in the previous text. Outside it the
    /// tree is the previous one, moved.
    pub spliced: Option<TextRange>,
}

/// What the rules found, kept for the next version's check.
#[derive(Debug, Default)]
pub struct Findings {
    pub local: LocalFindings,
    pub runtime: RuntimeFindings,
}

/// Runs every rule, reusing what they found in `previous` where it cannot differ; the runtime
/// rules when given `whole`, the runtime's reading of the whole file (a skeleton; computed only
/// when it is needed). Returns the diagnostics and what was found, for the next version's check.
pub fn check<'e>(
    inputs: Inputs<'_>,
    previous: Option<Previous<'_>>,
    whole: Option<&(dyn Fn() -> &'e super::eval::Evaluation + Sync)>,
) -> (Vec<Diagnostic>, Findings) {
    let parallel = whole.is_some() && inputs.text.len() >= PARALLEL_ABOVE;
    check_on_threads(inputs, previous, whole, parallel)
}

/// Skeletons from this many bytes on have their rules split over threads: the runtime's rules
/// of a 1 MB skeleton of many animations are most of its check.
const PARALLEL_ABOVE: usize = 256 << 10;

/// [`check`], on one thread or split over threads (`parallel`): the same findings either way
/// (which the rule tests check on every fixture).
pub fn check_on_threads<'e>(
    inputs: Inputs<'_>,
    previous: Option<Previous<'_>>,
    whole: Option<&(dyn Fn() -> &'e super::eval::Evaluation + Sync)>,
    parallel: bool,
) -> (Vec<Diagnostic>, Findings) {
    check_with(inputs, previous, whole, parallel, None::<fn(&[Diagnostic], Vec<Diagnostic>)>)
}

/// [`check`] of a skeleton in two steps: `early` is given the findings of every rule but the
/// runtime's, and the previous version's runtime findings that the runtime's rules take as they
/// were ([`armature_runtime::Plan::carried`]), as soon as those rules are done, while the
/// runtime's rules go on (on another thread meanwhile). Returns what [`check`] returns.
pub fn check_in_steps<'e>(
    inputs: Inputs<'_>,
    previous: Option<Previous<'_>>,
    whole: &(dyn Fn() -> &'e super::eval::Evaluation + Sync),
    early: impl FnOnce(&[Diagnostic], Vec<Diagnostic>) + Send,
) -> (Vec<Diagnostic>, Findings) {
    check_with(inputs, previous, Some(whole), true, Some(early))
}

fn check_with<'e>(
    inputs: Inputs<'_>,
    previous: Option<Previous<'_>>,
    whole: Option<&(dyn Fn() -> &'e super::eval::Evaluation + Sync)>,
    parallel: bool,
    early: Option<impl FnOnce(&[Diagnostic], Vec<Diagnostic>) + Send>,
) -> (Vec<Diagnostic>, Findings) {
    let Inputs { text, tree, model, lines, path, fs, paired, binary, non_finite, parses } = inputs;
    let units = armature_local::units(tree, text, model);
    let mut deform_refs: Vec<(NodeId, u32)> = (0..model.refs.len())
        .filter(|&r| geometry::is_deform(&model.refs[r]))
        .map(|r| (model.refs[r].owner, r as u32))
        .collect();
    deform_refs.sort_by_key(|&(owner, _)| owner);
    let context = |scope| DragonBonesCheck {
        text,
        tree,
        model,
        lines,
        path,
        fs,
        paired,
        version: model.data_version,
        scope,
        units: &units,
        deform_refs: &deform_refs,
        parallel,
        parses,
        binary,
        non_finite,
        out: Vec::new(),
    };
    let rules: [fn(&mut DragonBonesCheck); 8] = [
        version::check,
        structure::check,
        names::check,
        geometry::check,
        indices::check,
        timing::check,
        regions::check,
        legacy::check,
    ];
    // The runtime's rules evaluate one armature at a time: on a large skeleton two threads share
    // them, one of them once it has run the other rules.
    let plan = match whole {
        Some(_) if binary => armature_runtime::Plan::whole(),
        Some(_) => armature_runtime::Plan::new(tree, text, previous.as_ref()),
        None => armature_runtime::Plan::Nothing,
    };
    let evaluate = || match whole {
        Some(whole) => plan.evaluate_queued(&mut context(CheckScope::File), whole),
        None => armature_runtime::Evaluated::Armatures(Vec::new()),
    };
    let read_alone = || {
        let mut ctx = context(CheckScope::File);
        for rule in rules {
            rigls_text::cancel::check();
            rule(&mut ctx);
        }
        // The rules that read one armature at a time, on each.
        let local = armature_local::check(&mut ctx, previous.as_ref(), |unit| {
            let mut ctx = context(CheckScope::Armature(unit));
            for rule in [structure::check, geometry::check, indices::check, timing::check] {
                rigls_text::cancel::check();
                rule(&mut ctx);
            }
            ctx.out
        });
        (ctx.out, local)
    };
    let read_then_tell = || {
        let read = read_alone();
        if let Some(early) = early {
            early(&read.0, plan.carried(&context(CheckScope::File), previous.as_ref()));
        }
        read
    };
    let ((mut out, local), evaluated) = if parallel {
        let (side, (read, main)) = rigls_text::parallel::join(evaluate, || (read_then_tell(), evaluate()));
        (read, vec![side, main])
    } else {
        (read_then_tell(), vec![evaluate()])
    };
    let mut ctx = context(CheckScope::File);
    let runtime = match whole {
        Some(whole) => plan.finish(&mut ctx, evaluated, whole),
        None => RuntimeFindings::default(),
    };
    let ran = ctx.out;
    out.extend(ran);
    (out, Findings { local, runtime })
}

/// `1 number`, `2 numbers`.
pub fn plural(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A name as a JSON string, for fixes.
pub fn json_string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| format!("\"{s}\""))
}
