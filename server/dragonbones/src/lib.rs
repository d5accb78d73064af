//! DragonBones skeleton (`*_ske.json`) and texture-atlas (`*_tex.json`) files: JSON lexer,
//! recovering parser, schema, model and rules.
//!
//! A `.json` file is DragonBones data when its root object looks like a skeleton (`armature`) or an
//! atlas (`SubTexture`); any other JSON gets no diagnostics at all ([`DragonBonesFile::parse`]
//! returns `None`).
//!
//! - [`lexer`] (logos) → [`parser`] (recovering, explicit stack) → [`syntax::Tree`]: a flat arena
//!   of 12-byte nodes with the byte range of every key and value; strings and numbers are decoded
//!   on demand.
//! - [`schema`]: every object kind and key per data version (type, default, range, doc, example);
//!   [`schema::kind_at_path`], [`schema::keys`], [`schema::key_def`] answer "what is here and what
//!   may go here".
//! - [`model`]: armatures, bones, slots, skins, displays and animations of every generation, with
//!   every name defined ([`model::Def`]) and referred to ([`model::Ref`]) and how they resolve.
//! - [`atlas`]: the atlas paired with a skeleton, read through [`rigls_diagnostic::env::FileSystem`].
//! - [`rules`]: the diagnostics.
//!
//! For editor features: [`DragonBonesFile::object_at`] (the object kind at an offset),
//! [`DragonBonesFile::json_path`], [`model::Model::name_at`], [`model::Model::resolve`],
//! [`model::Model::references_to`], [`model::Model::candidates`] and [`model::Model::armature_at`].

pub mod atlas;
pub mod binary;
mod binary_view;
pub mod convert;
pub mod eval;
pub mod lexer;
pub mod model;
pub mod parser;
mod reading;
pub mod reparse;
pub mod rules;
pub mod schema;
pub mod syntax;
pub mod target;
pub mod upgrade;

use std::path::Path;

use atlas::PairedAtlas;
pub use binary_view::BinaryFacts;
use model::{DocKind, Model};
pub use reading::{ArmatureHead, Reading};
use rigls_diagnostic::Diagnostic;
use rigls_diagnostic::env::FileSystem;
use rigls_text::{LineIndex, TextChange};
use schema::{ObjectKind, PathStep};
use syntax::{NodeId, NodeKind, Tree};

/// The file of an earlier version of a text, for [`DragonBonesFile::check`] to reuse.
#[derive(Clone, Copy)]
pub struct PreviousFile<'a> {
    pub file: &'a DragonBonesFile,
    /// Where the two texts differ.
    pub change: TextChange,
    /// The container [`reparse::reparse`] parsed again, in the earlier text, when this file's
    /// tree was made so.
    pub spliced: Option<rigls_text::TextRange>,
}

impl<'a> PreviousFile<'a> {
    fn for_rules(self) -> rules::Previous<'a> {
        let file = self.file;
        rules::Previous {
            tree: &file.tree,
            local: &file.findings.local,
            runtime: &file.findings.runtime,
            change: self.change,
            spliced: self.spliced,
        }
    }
}

/// A parsed DragonBones file: its syntax tree and model.
#[derive(Debug)]
pub struct DragonBonesFile {
    pub tree: Tree,
    pub model: Model,
    /// The atlas files paired with a skeleton (see [`DragonBonesFile::pair_atlases`]).
    pub atlases: Vec<PairedAtlas>,
    /// What the runtime reads of a skeleton, computed once when first asked for.
    evaluation: std::sync::OnceLock<eval::Evaluation>,
    /// The upgrade with the default options ([`DragonBonesFile::upgraded`]), made once.
    upgraded: std::sync::OnceLock<upgrade::Outcome>,
    /// What the runtime read of single armatures, in the rules or for poses
    /// ([`DragonBonesFile::reading`]).
    parses: eval::ArmatureParses,
    /// What the rules found, armature by armature, for the next version's check
    /// ([`DragonBonesFile::check`]).
    pub findings: rules::Findings,
    /// A binary skeleton's facts (its tree is then its JSON view's: [`DragonBonesFile::of_binary`]).
    pub binary: Option<Box<BinaryFacts>>,
}

impl DragonBonesFile {
    /// Parses `text`; `None` when it is not DragonBones data.
    pub fn parse(text: &str) -> Option<DragonBonesFile> {
        DragonBonesFile::of_tree(text, parser::parse(text))
    }

    /// The file of `text` parsed into `tree` (e.g. by [`reparse::reparse`]); `None` when it is
    /// not DragonBones data.
    pub fn of_tree(text: &str, tree: Tree) -> Option<DragonBonesFile> {
        DragonBonesFile::of_tree_named(text, tree, false)
    }

    /// [`DragonBonesFile::of_tree`] of a file whose name says whether it is a skeleton
    /// ([`model::classify_named`]).
    pub fn of_tree_named(text: &str, tree: Tree, named_skeleton: bool) -> Option<DragonBonesFile> {
        DragonBonesFile::of_tree_after(text, tree, named_skeleton, None)
    }

    /// [`DragonBonesFile::of_tree_named`] of a tree [`reparse::reparse`] made from `previous`'s
    /// (`reparsed`: the file it was made from, the region it parsed again in `text`, and the
    /// change): the model takes from `previous`'s what the armatures the reparse left alone
    /// recorded ([`Model::build_after`]).
    pub fn of_tree_after(
        text: &str,
        tree: Tree,
        named_skeleton: bool,
        reparsed: Option<(&DragonBonesFile, rigls_text::TextRange, TextChange)>,
    ) -> Option<DragonBonesFile> {
        let doc = model::classify_named(&tree, text, named_skeleton)?;
        let model = match reparsed {
            Some((previous, region, change)) => {
                let moves = model::Moves {
                    old: &previous.model,
                    old_nodes: previous.tree.nodes.len(),
                    region,
                    delta: change.delta(),
                };
                Model::build_after(text, &tree, doc, &moves)
            }
            None => Model::build(text, &tree, doc),
        };
        Some(DragonBonesFile {
            tree,
            model,
            atlases: Vec::new(),
            evaluation: std::sync::OnceLock::new(),
            upgraded: std::sync::OnceLock::new(),
            parses: Default::default(),
            findings: rules::Findings::default(),
            binary: None,
        })
    }

    pub fn doc(&self) -> DocKind {
        self.model.doc
    }

    /// Finds the atlases paired with this skeleton at `path` (once per analysis: rules check
    /// textures against them and editor features navigate into them). Only a skeleton whose
    /// displays name textures looks for them.
    pub fn pair_atlases(&mut self, path: Option<&Path>, fs: &dyn FileSystem) {
        let wants =
            self.model.doc == DocKind::Skeleton && self.model.refs.iter().any(|r| r.kind == schema::NameKind::Texture);
        self.atlases = match path {
            Some(path) if wants => atlas::find(path, self.model.name.as_deref(), fs),
            _ => Vec::new(),
        };
        // A 2.3 upgrade places images with the atlases' sizes: one made before is stale.
        self.upgraded = std::sync::OnceLock::new();
    }

    /// Syntax errors and every rule's findings, unsorted. Textures are checked against the
    /// atlases found by [`DragonBonesFile::pair_atlases`].
    pub fn diagnostics(
        &self,
        text: &str,
        lines: &LineIndex,
        path: Option<&Path>,
        fs: &dyn FileSystem,
    ) -> Vec<Diagnostic> {
        self.run_rules(text, lines, path, fs, None).0
    }

    /// [`DragonBonesFile::diagnostics`], reusing what the rules found in `previous` (the file of
    /// an earlier version of `text`) where it cannot differ, and
    /// keeping what they find for the next version.
    pub fn check(
        &mut self,
        text: &str,
        lines: &LineIndex,
        path: Option<&Path>,
        fs: &dyn FileSystem,
        previous: Option<PreviousFile<'_>>,
    ) -> Vec<Diagnostic> {
        let previous = previous.map(PreviousFile::for_rules);
        let (out, findings) = self.run_rules(text, lines, path, fs, previous);
        self.findings = findings;
        out
    }

    /// [`DragonBonesFile::check`] of a skeleton in two steps: `early` is given, as soon as they
    /// are found, the findings of every rule but the runtime's, and the previous version's
    /// runtime findings on the armatures and animations the edit left alone (moved with it), while
    /// the runtime's rules are evaluated ([`rules::check_in_steps`]). Returns what `check`
    /// returns. A binary skeleton or an atlas is checked in one step (`early` is not called).
    pub fn check_in_steps(
        &mut self,
        text: &str,
        lines: &LineIndex,
        path: Option<&Path>,
        fs: &dyn FileSystem,
        previous: Option<PreviousFile<'_>>,
        early: impl FnOnce(&[Diagnostic], Vec<Diagnostic>) + Send,
    ) -> Vec<Diagnostic> {
        if self.binary.is_some() || self.model.doc != DocKind::Skeleton {
            return self.check(text, lines, path, fs, previous);
        }
        let previous = previous.map(PreviousFile::for_rules);
        let this = &*self;
        let whole = || this.evaluation(text);
        let mut out = self.tree.errors.clone();
        let (found, findings) =
            rules::check_in_steps(this.inputs(text, lines, path, fs), previous, &whole, |rules, carried| {
                let errors = &this.tree.errors;
                early(&[errors.as_slice(), rules].concat(), carried)
            });
        out.extend(found);
        self.findings = findings;
        out
    }

    fn inputs<'a>(
        &'a self,
        text: &'a str,
        lines: &'a LineIndex,
        path: Option<&'a Path>,
        fs: &'a dyn FileSystem,
    ) -> rules::Inputs<'a> {
        rules::Inputs {
            text,
            tree: &self.tree,
            model: &self.model,
            lines,
            path,
            fs,
            paired: &self.atlases,
            binary: self.binary.is_some(),
            non_finite: self.binary.as_ref().map_or(&[], |b| b.non_finite.as_slice()),
            parses: Some(&self.parses),
        }
    }

    fn run_rules<'s>(
        &'s self,
        text: &str,
        lines: &LineIndex,
        path: Option<&Path>,
        fs: &dyn FileSystem,
        previous: Option<rules::Previous<'_>>,
    ) -> (Vec<Diagnostic>, rules::Findings) {
        let mut out = self.tree.errors.clone();
        if let Some(binary) = &self.binary {
            out.extend(binary.diagnostics.iter().cloned());
            if !binary.arrays_read {
                return (out, rules::Findings::default());
            }
        }
        let whole = || self.evaluation(text);
        let whole: Option<&(dyn Fn() -> &'s eval::Evaluation + Sync)> =
            (self.model.doc == DocKind::Skeleton).then_some(&whole);
        let (found, findings) = rules::check(self.inputs(text, lines, path, fs), previous, whole);
        out.extend(found);
        (out, findings)
    }

    /// What the `targets` of DragonBones data reject, drop or draw differently in this file
    /// ([`rules::targets`]); nothing when none is named.
    pub fn target_diagnostics(&self, text: &str, targets: rigls_diagnostic::Targets) -> Vec<Diagnostic> {
        let mut out = rules::targets::check(text, &self.tree, &self.model, targets);
        out.extend(self.header_target_diagnostics(text, targets));
        if self.model.doc == DocKind::Skeleton {
            let js = || self.evaluation(text).data();
            let reading = |profile: &target::Profile| self.target_reading(text, profile);
            out.extend(rules::float_poses::check(&self.tree, text, js, reading, targets));
            out.extend(rules::int_places::check(&self.tree, text, reading, targets));
        }
        out
    }

    /// Where the document's root value ends (`None` without one).
    pub fn document_end(&self) -> Option<u32> {
        self.tree.root().map(|root| self.tree.range(root).end)
    }

    /// Reads `diagnostics` (a file's, `text` its text, `document_end` its
    /// [`DragonBonesFile::document_end`]) as the `targets` would when every DragonBones target
    /// named reads JSON with rapidjson from a C string (the C++ runtimes:
    /// `parseDragonBonesData(data.c_str())`): the file ends at its first NUL for them, so a NUL
    /// after the complete document, the file's only syntax error, is a warning, not an error.
    pub fn for_targets(
        text: &str,
        document_end: Option<u32>,
        targets: rigls_diagnostic::Targets,
        diagnostics: &mut [Diagnostic],
    ) {
        let named = targets.of_format(rigls_diagnostic::FileFormat::DragonBones);
        if named.is_empty() || rules::targets::rapidjson_targets_of(targets) != named {
            return;
        }
        let mut syntax = diagnostics.iter_mut().filter(|d| d.code == rigls_diagnostic::Code::Syntax);
        let (Some(only), None) = (syntax.next(), syntax.next()) else { return };
        let after_document = document_end.is_some_and(|end| end <= only.range.start);
        // The text is searched for its first NUL only when its one syntax error follows the document.
        let first_nul = || text.bytes().position(|b| b == 0);
        if !after_document || first_nul() != Some(only.range.start as usize) {
            return;
        }
        let message = format!(
            "{} at this NUL: rapidjson, given the file as a C string, ends it there and the document before it loads; DragonBonesJS's JSON.parse would refuse the file",
            rules::targets::names_verb(named, "stops reading", "stop reading"),
        );
        let fixes = std::mem::take(&mut only.fixes);
        *only = Diagnostic::of_case(&rigls_diagnostic::case::NUL_AFTER_DOCUMENT, only.range, message).with_fixes(fixes);
    }

    /// Makes `diagnostics` (this file's, with its [`DragonBonesFile::target_diagnostics`]) say
    /// what the `targets`' own poses make non-finite, where none of them reads the file as
    /// DragonBonesJS does ([`rules::target_poses`]). `text` must be the text this file was parsed
    /// from.
    pub fn poses_for_targets(&self, text: &str, targets: rigls_diagnostic::Targets, diagnostics: &mut Vec<Diagnostic>) {
        if self.model.doc == DocKind::Skeleton {
            let reading = |profile: &target::Profile| self.target_reading(text, profile);
            rules::target_poses::adjust(&self.tree, text, targets, reading, diagnostics);
        }
    }

    /// The skeleton as the runtime parses it (for poses, hovers and the rules that run it).
    /// `text` must be the text this file was parsed from.
    pub fn evaluation(&self, text: &str) -> &eval::Evaluation {
        self.evaluation.get_or_init(|| eval::Evaluation::new(&self.tree, text))
    }

    /// Whether the whole file was read for the runtime ([`DragonBonesFile::evaluation`]) so far:
    /// what tests and benchmarks check a single armature's pose avoided.
    pub fn read_whole(&self) -> bool {
        self.evaluation.get().is_some()
    }

    /// How many times a reading ([`DragonBonesFile::reading`]) of this version parsed an armature,
    /// not finding the rules' parse of it, or an earlier reading's, kept: what tests and benchmarks
    /// check the rules spared.
    pub fn reading_parses(&self) -> usize {
        self.parses.read()
    }

    /// This skeleton upgraded to DragonBones 5.5 ([`upgrade`]); 2.3 images are placed with the
    /// textures of the atlases paired by [`DragonBonesFile::pair_atlases`].
    pub fn upgrade(&self, text: &str, options: upgrade::Options) -> upgrade::Outcome {
        upgrade::upgrade(text, &self.tree, &self.model, &self.atlases, options)
    }

    /// [`DragonBonesFile::upgrade`] with the default options, made once per version (and pairing
    /// of atlases): editors ask for the quick fix on the version whenever the cursor is there (an
    /// 8 MB 3.0 skeleton's upgrade took 0.44 s). `text` must be the text this file was parsed
    /// from.
    pub fn upgraded(&self, text: &str) -> &upgrade::Outcome {
        self.upgraded.get_or_init(|| self.upgrade(text, upgrade::Options::default()))
    }

    /// The object kind of the root (`Skeleton` or `Atlas`).
    pub fn root_kind(&self) -> ObjectKind {
        match self.model.doc {
            DocKind::Skeleton => ObjectKind::Skeleton,
            DocKind::Atlas => ObjectKind::Atlas,
        }
    }

    /// The nodes from the root down to `node` (members included), by subtree containment.
    pub fn ancestry(&self, node: NodeId) -> Vec<NodeId> {
        let tree = &self.tree;
        let mut path = Vec::new();
        let Some(mut current) = tree.root() else { return path };
        if node as usize >= tree.nodes.len() {
            return path;
        }
        loop {
            path.push(current);
            if current == node {
                return path;
            }
            let next = match tree.kind(current) {
                NodeKind::Member => Some(current + 1),
                NodeKind::Object | NodeKind::Array => {
                    tree.children(current).find(|&c| c <= node && node < tree.node(c).next().max(c + 1))
                }
                _ => None,
            };
            match next {
                Some(n) => current = n,
                None => return path,
            }
        }
    }

    /// The JSON path of a node (`armature`, 0, `bone`, 3 …).
    pub fn json_path(&self, text: &str, node: NodeId) -> Vec<PathStep> {
        let tree = &self.tree;
        let chain = self.ancestry(node);
        let mut steps = Vec::new();
        for pair in chain.windows(2) {
            let (parent, child) = (pair[0], pair[1]);
            match tree.kind(parent) {
                NodeKind::Object => steps.push(PathStep::Key(tree.key(text, child).into_owned())),
                NodeKind::Array => {
                    let index = tree.children(parent).position(|c| c == child).unwrap_or(0);
                    steps.push(PathStep::Index(index));
                }
                _ => {}
            }
        }
        steps
    }

    /// What object kind a node is (for an object node), per the schema and the data version.
    pub fn object_kind(&self, text: &str, node: NodeId) -> Option<ObjectKind> {
        let path = self.json_path(text, node);
        schema::kind_at_path(self.root_kind(), self.model.data_version, &path)
    }

    /// The innermost object containing `offset`, with its kind.
    pub fn object_at(&self, text: &str, offset: u32) -> Option<(NodeId, ObjectKind)> {
        let path = self.tree.path_at(offset);
        let object = path.into_iter().rev().find(|&n| self.tree.is_object(n))?;
        Some((object, self.object_kind(text, object)?))
    }
}
