//! A binary skeleton as the rules, editors and poses see it: the JSON view of its content
//! ([`convert::to_json`]) parsed like any skeleton, with the runtime's data read from the arrays
//! (the evaluation is the binary's, its nodes moved onto the view's) and the problems of the
//! file reported at the view's objects, with the bytes concerned in their messages.

use std::collections::HashMap;

use super::DragonBonesFile;
use super::binary::{self, Problem};
use super::convert;
use super::eval::data::{DragonBonesData, TimelineData};
use super::eval::parse::{self, Parsed};
use super::model::{DocKind, Model};
use super::parser;
use super::rules;
use super::syntax::{NodeId, NodeKind, Tree};
use rigls_diagnostic::{Diagnostic, Targets};
use rigls_text::TextRange;

/// What reading a binary found, for the file's diagnostics.
#[derive(Debug, Default)]
pub struct BinaryFacts {
    /// The reader's and the evaluation's problems, at the view's objects.
    pub diagnostics: Vec<Diagnostic>,
    /// The file's length and the four version bytes.
    pub len: u64,
    pub version: [u8; 4],
    /// The arrays could be placed: without them the runtime loads nothing, and the view holds
    /// the header alone (so the rules, which would see meshes without vertices, do not run).
    pub arrays_read: bool,
    /// Where the view writes `null` for a float that is NaN or infinite in the binary, in order.
    pub non_finite: Vec<u32>,
    /// The binary as read, and where its header's objects are in the view: for readings other
    /// than DragonBonesJS's ([`DragonBonesFile::binary_reading_as`]).
    source: Option<BinarySource>,
}

#[derive(Debug)]
struct BinarySource {
    binary: binary::Binary,
    anchors: Vec<(NodeId, u32)>,
    identity: bool,
}

impl DragonBonesFile {
    /// A binary skeleton (`.dbbin`): the text of its JSON view, and the file of that view whose
    /// evaluation is the binary's.
    pub fn of_binary(bytes: &[u8]) -> (String, DragonBonesFile) {
        let read = binary::read(bytes);
        let header_is_object = read.binary.tree.root().is_some_and(|r| read.binary.tree.is_object(r));
        let parsed = if header_is_object {
            parse::parse_binary(&read.binary)
        } else {
            Err(parse::Rejected { version: String::new(), compatible_version: String::new() })
        };
        let view = convert::to_json::to_json(&read.binary, parsed.as_ref().ok());
        let tree = parser::parse(&view.text);
        let model = Model::build(&view.text, &tree, DocKind::Skeleton);
        let identity = view.text == read.binary.header;
        let map = NodeMap::new(&read.binary.tree, &tree, &view.anchors, identity);
        let mut problems = read.problems;
        let parsed = parsed.map(|mut p| {
            problems.append(&mut p.binary_problems);
            map.move_parsed(&mut p);
            p
        });
        let diagnostics = problems.iter().map(|p| map.diagnostic(&tree, &view.text, p)).collect();
        let arrays_read = read.binary.body.is_some();
        let (len, version) = (read.binary.len, read.binary.version);
        let source = header_is_object.then(|| BinarySource { binary: read.binary, anchors: view.anchors, identity });
        let non_finite = view.non_finite;
        let facts = BinaryFacts { diagnostics, len, version, arrays_read, non_finite, source };
        let file = DragonBonesFile {
            tree,
            model,
            atlases: Vec::new(),
            evaluation: std::sync::OnceLock::from(super::eval::Evaluation { parsed }),
            upgraded: std::sync::OnceLock::new(),
            parses: Default::default(),
            findings: rules::Findings::default(),
            binary: Some(Box::new(facts)),
        };
        (view.text, file)
    }

    /// The reading of `profile`'s runtime when it reads the skeleton otherwise than DragonBonesJS
    /// 5.7 (the C++ runtime: no path constraints, surface bones as plain bones, no 5.6 keys, its
    /// JSON read by rapidjson): poses, scenes and the rules of that target are built from it.
    /// `None`: the file's own reading applies. `text` must be the text this file was parsed from.
    pub fn target_reading(&self, text: &str, profile: &crate::target::Profile) -> Option<Parsed> {
        let mut read_as = Some(profile.eval.value).filter(|e| *e != crate::target::Eval::DEFAULT)?;
        if self.binary.is_some() {
            // A binary's curves, easings and colours are stored as numbers that the runtime
            // reads as they are: the rounding its JSON parse does differently (`truncates`) is
            // the converter's, already done. The arrays are read, not the view: a weighted
            // mesh's influences need not agree with one vertex the view could write.
            read_as.truncates = false;
            if let Some(reading) = self.binary_reading_as(read_as, profile.rapidjson) {
                return reading.ok();
            }
        }
        let raw = crate::eval::raw::Raw::new(&self.tree, text);
        let raw = if profile.rapidjson { raw.as_rapidjson() } else { raw };
        parse::parse_as(raw, self.tree.root()?, read_as).ok()
    }

    /// The target rules of a binary skeleton's header ([`rules::binary_targets`]), at the view's
    /// objects; nothing for a JSON skeleton or where no rapidjson target is named.
    pub(crate) fn header_target_diagnostics(&self, text: &str, targets: Targets) -> Vec<Diagnostic> {
        let Some(source) = self.binary.as_ref().and_then(|b| b.source.as_ref()) else { return Vec::new() };
        let concerned = rules::targets::rapidjson_targets_of(targets);
        if concerned.is_empty() {
            return Vec::new();
        }
        let problems = rules::binary_targets::check(&source.binary, concerned);
        if problems.is_empty() {
            return Vec::new();
        }
        let map = NodeMap::new(&source.binary.tree, &self.tree, &source.anchors, source.identity);
        problems.iter().map(|p| map.diagnostic(&self.tree, text, p)).collect()
    }

    /// A binary skeleton's arrays read as `read_as` has a runtime read them (the C++ core's
    /// `float`s; its header read by rapidjson when `rapidjson`), its nodes moved onto the view's
    /// as the file's own reading is; `None` for a JSON skeleton or a binary whose header is no
    /// object.
    pub fn binary_reading_as(
        &self,
        read_as: crate::target::Eval,
        rapidjson: bool,
    ) -> Option<Result<Parsed, parse::Rejected>> {
        let source = self.binary.as_ref()?.source.as_ref()?;
        let map = NodeMap::new(&source.binary.tree, &self.tree, &source.anchors, source.identity);
        Some(parse::parse_binary_as(&source.binary, read_as, rapidjson).map(|mut p| {
            map.move_parsed(&mut p);
            p
        }))
    }
}

/// Header nodes (and key frame ids) to the view's nodes.
struct NodeMap<'h> {
    header: &'h Tree,
    /// Where each anchored id's object is in the view.
    anchored: HashMap<NodeId, NodeId>,
    /// The view is the header itself (a header that is not a JSON object).
    identity: bool,
    root: NodeId,
}

impl<'h> NodeMap<'h> {
    fn new(header: &'h Tree, view: &Tree, anchors: &[(NodeId, u32)], identity: bool) -> NodeMap<'h> {
        let objects: HashMap<u32, NodeId> = (0..view.nodes.len() as NodeId)
            .filter(|&n| view.kind(n) == NodeKind::Object)
            .map(|n| (view.range(n).start, n))
            .collect();
        let anchored = anchors.iter().filter_map(|&(id, at)| Some((id, *objects.get(&at)?))).collect();
        NodeMap { header, anchored, identity, root: 0 }
    }

    /// The view node of a header node (its innermost anchored ancestor when it has no object of
    /// its own in the view) or of a key frame id; `fallback` when none is found.
    fn node(&self, id: NodeId, fallback: NodeId) -> NodeId {
        if self.identity {
            return if (id as usize) < self.header.nodes.len() { id } else { fallback };
        }
        if let Some(&n) = self.anchored.get(&id) {
            return n;
        }
        if (id as usize) < self.header.nodes.len() {
            let path = self.header.path_at(self.header.range(id).start);
            let within = path.iter().rev().filter(|&&p| p <= id && id < self.header.node(p).next().max(p + 1));
            for p in within {
                if let Some(&n) = self.anchored.get(p) {
                    return n;
                }
            }
        }
        fallback
    }

    /// Moves every node of the parse onto the view.
    fn move_parsed(&self, parsed: &mut Parsed) {
        let root = self.root;
        for f in &mut parsed.failures {
            f.node = self.node(f.node, root);
        }
        self.move_data(&mut parsed.data);
        for (node, _) in &mut parsed.geometry_nodes {
            *node = self.node(*node, root);
        }
    }

    fn move_data(&self, data: &mut DragonBonesData) {
        let root = self.root;
        for g in &mut data.geometries {
            g.node = self.node(g.node, root);
        }
        for a in &mut data.armatures {
            a.node = self.node(a.node, root);
            let at = a.node;
            for b in &mut a.bones {
                b.node = self.node(b.node, at);
            }
            for s in &mut a.slots {
                s.node = self.node(s.node, at);
            }
            for skin in &mut a.skins {
                skin.node = self.node(skin.node, at);
                for (_, displays) in &mut skin.displays {
                    for d in displays.iter_mut().flatten() {
                        d.node = self.node(d.node, skin.node);
                    }
                }
            }
            for c in &mut a.constraints {
                c.node = self.node(c.node, at);
                if let super::eval::data::ConstraintKind::Path(p) = &mut c.kind {
                    p.display.node = self.node(p.display.node, c.node);
                }
            }
            for animation in &mut a.animations {
                animation.node = self.node(animation.node, at);
                let at = animation.node;
                let timelines = animation.z_order_timeline.iter_mut().chain(animation.action_timeline.iter_mut());
                let maps = [
                    &mut animation.bone_timelines,
                    &mut animation.slot_timelines,
                    &mut animation.constraint_timelines,
                    &mut animation.animation_timelines,
                ];
                for t in timelines
                    .chain(maps.into_iter().flat_map(|m| m.entries.iter_mut().flat_map(|(_, list)| list.iter_mut())))
                {
                    self.move_timeline(t, at);
                }
            }
        }
    }

    fn move_timeline(&self, t: &mut TimelineData, animation: NodeId) {
        t.node = self.node(t.node, animation);
        for f in &mut t.frames {
            f.node = self.node(f.node, t.node);
        }
    }

    /// A problem as a diagnostic at its node's object in the view (its name, else its first
    /// member), or at the view's start; the bytes concerned lead the message.
    fn diagnostic(&self, view: &Tree, text: &str, problem: &Problem) -> Diagnostic {
        let range = match (problem.node, view.root()) {
            (Some(node), Some(root)) => anchor_range(view, text, self.node(node, root)),
            (None, Some(root)) => anchor_range(view, text, root),
            _ => TextRange::new(0, 0),
        };
        let message = format!("{}: {}", binary::describe_bytes(&problem.bytes), problem.message);
        match problem.case {
            Some(case) => Diagnostic::of_case(case, range, message),
            None => rules::report(problem.code, range, message),
        }
    }
}

/// Where to point at an object: its `name` member, else its first member, else its start; a
/// value that is no object, itself.
fn anchor_range(tree: &Tree, text: &str, node: NodeId) -> TextRange {
    if !tree.is_object(node) {
        return tree.range(node);
    }
    if let Some(m) = tree.member(text, node, super::schema::key::NAME) {
        return tree.member_range(m);
    }
    if let Some(m) = tree.members(node).next() {
        return tree.member_range(m);
    }
    let r = tree.range(node);
    TextRange::new(r.start, (r.start + 1).min(r.end))
}
