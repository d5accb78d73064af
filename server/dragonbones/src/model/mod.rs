//! The semantic view of a DragonBones file: armatures with their bones, slots, skins and
//! animations, and every name defined and referred to, with ranges.
//!
//! One model serves every data generation: 2.3/3.0 slots (defined inside skins) appear in
//! `Armature::slots` like 4.0+ slots, and timelines of every layout record their references the
//! same way. Rules, go-to-definition, references and rename all read `defs` and `refs`.

mod build;
mod moved;

pub use moved::Moves;

use super::schema::{BOUNDING_BOX_TYPE, DISPLAY_TYPE, DisplayType, Generation, NameKind, Version};
use super::syntax::{NodeId, NodeKind, Tree};
use crate::schema::key;
use rigls_text::{TextRange, to_u32};

/// What the document is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DocKind {
    /// A skeleton: a root object with `armature` and one of `version`, `frameRate`, `name`.
    Skeleton,
    /// A texture atlas: a root object with `SubTexture` and `imagePath` or `name`.
    Atlas,
}

/// Decides from the root object's keys whether the text is DragonBones data at all.
pub fn classify(tree: &Tree, text: &str) -> Option<DocKind> {
    classify_named(tree, text, false)
}

/// [`classify`] for a file whose name says it is a skeleton (`*_ske.json`): then a root object
/// with a data version or frame rate but no `armature` is a skeleton too (one the runtimes build
/// nothing from, which the rules say), not JSON of no concern.
pub fn classify_named(tree: &Tree, text: &str, named_skeleton: bool) -> Option<DocKind> {
    let root = tree.root().filter(|&r| tree.is_object(r))?;
    let has = |k: &str| tree.member(text, root, k).is_some();
    if has(key::ARMATURE) && [key::VERSION, key::FRAME_RATE, key::NAME, key::COMPATIBLE_VERSION].iter().any(|k| has(k))
    {
        Some(DocKind::Skeleton)
    } else if has(key::SUB_TEXTURE) && (has(key::IMAGE_PATH) || has(key::NAME)) {
        Some(DocKind::Atlas)
    } else if named_skeleton && [key::VERSION, key::FRAME_RATE, key::COMPATIBLE_VERSION].iter().any(|k| has(k)) {
        Some(DocKind::Skeleton)
    } else {
        None
    }
}

/// Where a name is defined or looked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// The whole file (armatures, textures).
    File,
    /// One armature, by index (bones, slots, skins, animations, constraints).
    Armature(u32),
    /// The display list of one skin slot, by index into [`Model::skin_slots`].
    Displays(u32),
    /// Every display list of an armature (5.6 deform timelines search them all).
    AllDisplays(u32),
    /// A list that does not exist because its skin or slot is unknown (reported there): nothing
    /// resolves and nothing more is reported.
    Nowhere,
    /// The skin and slot exist but the skin lists no displays for the slot: nothing resolves.
    NoDisplays,
}

/// Where a reference stands, for messages and severities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Site {
    BoneParent,
    SlotParent,
    /// A 4.0+ skin slot naming its slot.
    SkinSlot,
    IkBone,
    IkTarget,
    PathTarget,
    PathTargetDisplay,
    PathBone,
    BoneTimeline,
    SlotTimeline,
    FfdSlot,
    FfdSkin,
    FfdDisplay,
    IkTimeline,
    /// A 5.6 typed timeline's `name` (with its `type` code).
    TypedTimeline(i64),
    /// A 2.3/3.0 timeline naming a bone and/or slot.
    LegacyTimeline,
    /// A play action of the armature itself (`defaultActions`, main-timeline actions).
    Play,
    /// A play action addressed to a child armature (slot, armature-display and display-frame actions).
    ChildPlay,
    ActionBone,
    ActionSlot,
    EventBone,
    EventSlot,
    ArmatureDisplay,
    Stage,
    Share,
    ShareSkin,
    Texture,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Def {
    pub kind: NameKind,
    pub name: String,
    /// The name's string (quotes included).
    pub range: TextRange,
    /// The object the name belongs to.
    pub node: NodeId,
    pub scope: Scope,
    /// Duplicates are looked for within a group: one JSON array (or, for constraints, one armature).
    pub group: u32,
    /// Position in its array (the raw bone index for bones).
    pub index: u32,
    /// The name is not written: a skin or animation without `name` is called `default`, and
    /// `range` is the object's opening brace.
    pub implicit: bool,
}

impl Def {
    fn names_the_same(&self, kind: NameKind, scope: Scope, name: &str) -> bool {
        self.kind == kind && self.scope == scope && self.name == name
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Ref {
    pub kind: NameKind,
    pub name: String,
    /// The value naming it (quotes included).
    pub range: TextRange,
    /// The value naming it.
    pub node: NodeId,
    /// The object holding the referring member (the timeline, the slot, the action…).
    pub owner: NodeId,
    pub scope: Scope,
    pub site: Site,
}

#[derive(Clone, Debug, PartialEq)]
pub struct VersionValue {
    /// As written (a number is shown as its digits).
    pub text: String,
    pub node: NodeId,
    pub parsed: Option<Version>,
}

#[derive(Debug, Default, PartialEq)]
pub struct Armature {
    pub node: NodeId,
    pub name: String,
    pub bones: Vec<Bone>,
    pub slots: Vec<Slot>,
    pub skins: Vec<Skin>,
    pub animations: Vec<Animation>,
    /// The skin named `default`, else the first.
    pub default_skin: Option<usize>,
}

#[derive(Debug, PartialEq)]
pub struct Bone {
    pub node: NodeId,
    pub name: String,
    /// The `parent` value.
    pub parent: Option<NodeId>,
}

#[derive(Debug, PartialEq)]
pub struct Slot {
    pub node: NodeId,
    pub name: String,
    pub parent: Option<NodeId>,
    /// The skin slot it was defined by (2.3/3.0).
    pub skin_slot: Option<u32>,
}

#[derive(Debug, PartialEq)]
pub struct Skin {
    pub node: NodeId,
    pub name: String,
    /// Indices into [`Model::skin_slots`].
    pub slots: Vec<u32>,
}

#[derive(Debug, PartialEq)]
pub struct SkinSlot {
    pub node: NodeId,
    pub armature: u32,
    pub name: String,
    pub displays: Vec<Display>,
}

#[derive(Debug, PartialEq)]
pub struct Display {
    /// The display object (or the `null` entry).
    pub node: NodeId,
    pub name: String,
    /// `None` for `null` entries and unknown type numbers (runtimes drop those).
    pub ty: Option<DisplayType>,
}

#[derive(Debug, PartialEq)]
pub struct Animation {
    pub node: NodeId,
    pub name: String,
}

#[derive(Debug, PartialEq)]
pub struct Model {
    pub doc: DocKind,
    /// The root `name`.
    pub name: Option<String>,
    pub version: Option<VersionValue>,
    pub compatible_version: Option<VersionValue>,
    /// The version the layout is read as: `version` when known, else `compatibleVersion`, else the
    /// newest (`None` for atlases).
    pub data_version: Option<Version>,
    pub armatures: Vec<Armature>,
    pub skin_slots: Vec<SkinSlot>,
    /// Atlas objects: the root of an atlas file, or the skeleton's inline `textureAtlas[]`.
    pub atlases: Vec<NodeId>,
    pub defs: Vec<Def>,
    pub refs: Vec<Ref>,
    /// Where each armature's records lie in `defs`, `refs` and `skin_slots`, for the next
    /// version's model to take those of the armatures an edit left alone ([`Model::build_after`]).
    spans: Vec<ArmatureSpan>,
    index: NameIndex,
}

/// The records one armature's build added to the model's lists.
#[derive(Clone, Debug, Default, PartialEq)]
struct ArmatureSpan {
    defs: std::ops::Range<usize>,
    refs: std::ops::Range<usize>,
    skin_slots: std::ops::Range<usize>,
}

/// Which definition each (kind, scope, name) resolves to: the first one, as indices into
/// `Model::defs`. A table of indices hashed by what they point at, so no name is copied (the
/// index of a 10 MB skeleton's 30,000 names was 4 % of its model's build in a map of cloned names).
#[derive(Debug, Default)]
struct NameIndex(hashbrown::HashTable<u32>);

impl NameIndex {
    fn hash(kind: NameKind, scope: Scope, name: &str) -> u64 {
        use std::hash::BuildHasher;
        rigls_text::FastHasher::default().hash_one((kind, scope, name))
    }

    fn new(defs: &[Def]) -> NameIndex {
        let mut table = hashbrown::HashTable::with_capacity(defs.len());
        let hash_of = |&i: &u32| {
            let d = &defs[i as usize];
            NameIndex::hash(d.kind, d.scope, &d.name)
        };
        for (i, def) in defs.iter().enumerate() {
            let hash = NameIndex::hash(def.kind, def.scope, &def.name);
            let same = |&j: &u32| defs[j as usize].names_the_same(def.kind, def.scope, &def.name);
            if let hashbrown::hash_table::Entry::Vacant(slot) = table.entry(hash, same, hash_of) {
                slot.insert(i as u32);
            }
        }
        NameIndex(table)
    }

    fn get(&self, defs: &[Def], kind: NameKind, scope: Scope, name: &str) -> Option<u32> {
        let hash = NameIndex::hash(kind, scope, name);
        self.0.find(hash, |&j| defs[j as usize].names_the_same(kind, scope, name)).copied()
    }
}

/// The index is a function of the definitions, which models are compared by.
impl PartialEq for NameIndex {
    fn eq(&self, _: &NameIndex) -> bool {
        true
    }
}

impl Model {
    fn empty(doc: DocKind) -> Model {
        Model {
            doc,
            name: None,
            version: None,
            compatible_version: None,
            data_version: None,
            armatures: Vec::new(),
            skin_slots: Vec::new(),
            atlases: Vec::new(),
            defs: Vec::new(),
            refs: Vec::new(),
            spans: Vec::new(),
            index: NameIndex::default(),
        }
    }

    /// Appends the armatures of `part`, built on their own (their skin slots numbered from 0),
    /// with everything they define and refer to: skin slots renumbered after those here.
    fn append_part(&mut self, part: Model) {
        let first = to_u32(self.skin_slots.len());
        let (defs, refs) = (self.defs.len(), self.refs.len());
        let slide = |r: &std::ops::Range<usize>, by: usize| r.start + by..r.end + by;
        self.spans.extend(part.spans.iter().map(|s| ArmatureSpan {
            defs: slide(&s.defs, defs),
            refs: slide(&s.refs, refs),
            skin_slots: slide(&s.skin_slots, first as usize),
        }));
        let renumber = |scope: &mut Scope| {
            if let Scope::Displays(list) = scope {
                *list += first;
            }
        };
        for mut armature in part.armatures {
            for id in armature.skins.iter_mut().flat_map(|s| &mut s.slots) {
                *id += first;
            }
            for id in armature.slots.iter_mut().filter_map(|s| s.skin_slot.as_mut()) {
                *id += first;
            }
            self.armatures.push(armature);
        }
        self.skin_slots.extend(part.skin_slots);
        self.defs.extend(part.defs.into_iter().map(|mut d| {
            renumber(&mut d.scope);
            d
        }));
        self.refs.extend(part.refs.into_iter().map(|mut r| {
            renumber(&mut r.scope);
            r
        }));
    }

    pub fn build(text: &str, tree: &Tree, doc: DocKind) -> Model {
        Model::build_in_halves(text, tree, doc, None)
    }

    /// [`Model::build`] with a skeleton's armatures built in two halves at once from armature
    /// `halves` on (by default, in a large file, where that halves the nodes): the same model.
    fn build_in_halves(text: &str, tree: &Tree, doc: DocKind, halves: Option<usize>) -> Model {
        Model::build_with(text, tree, doc, halves, None)
    }

    /// [`Model::build`] of a version of the text whose tree a reparse made from the previous
    /// one's: the armatures the reparse left alone are taken from the previous model, moved (the
    /// same model, built in a fraction of the time when one armature of many changed).
    pub fn build_after(text: &str, tree: &Tree, doc: DocKind, moves: &Moves<'_>) -> Model {
        Model::build_with(text, tree, doc, None, Some(moves))
    }

    fn build_with(text: &str, tree: &Tree, doc: DocKind, halves: Option<usize>, moves: Option<&Moves<'_>>) -> Model {
        let mut model = Model::empty(doc);
        if let Some(root) = tree.root() {
            let mut b = build::Builder::new(text, tree, &mut model);
            match doc {
                DocKind::Atlas => b.atlas(root),
                DocKind::Skeleton => b.skeleton(root, halves, moves),
            }
        }
        model.index = NameIndex::new(&model.defs);
        model
    }

    /// The version the file is read as (the newest when unknown).
    pub fn version_or_newest(&self) -> Version {
        self.data_version.unwrap_or(Version::V5_6)
    }

    /// The layout the file is read with (2.3/3.0, 4.x or 5.x).
    pub fn generation(&self) -> Generation {
        self.version_or_newest().generation()
    }

    /// The definition a name in a scope resolves to.
    pub fn lookup(&self, kind: NameKind, scope: Scope, name: &str) -> Option<&Def> {
        if let Scope::AllDisplays(armature) = scope {
            // The last match wins, as in the runtime.
            return self
                .skin_slots
                .iter()
                .enumerate()
                .rev()
                .filter(|(_, s)| s.armature == armature)
                .find_map(|(i, _)| self.lookup(kind, Scope::Displays(i as u32), name));
        }
        let i = self.index.get(&self.defs, kind, scope, name)?;
        self.defs.get(i as usize)
    }

    /// The definition a reference resolves to. A 2.3/3.0 timeline name may be a bone or a slot.
    pub fn resolve(&self, r: &Ref) -> Option<&Def> {
        self.lookup(r.kind, r.scope, &r.name).or_else(|| match r.site {
            Site::LegacyTimeline => self.lookup(NameKind::Slot, r.scope, &r.name),
            _ => None,
        })
    }

    /// Every definition a reference could name (for did-you-mean and completion).
    pub fn candidates<'m>(&'m self, r: &'m Ref) -> impl Iterator<Item = &'m Def> + 'm {
        self.defs.iter().filter(move |d| {
            d.kind == r.kind
                && match r.scope {
                    Scope::AllDisplays(a) => {
                        matches!(d.scope, Scope::Displays(s) if self.skin_slots[s as usize].armature == a)
                    }
                    scope => d.scope == scope,
                }
        })
    }

    /// Every reference a definition is named by.
    pub fn references_to<'m>(&'m self, def: &'m Def) -> impl Iterator<Item = &'m Ref> + 'm {
        self.refs.iter().filter(move |r| self.resolve(r).is_some_and(|d| std::ptr::eq(d, def)))
    }

    /// The definition or reference whose name range contains `offset`.
    pub fn name_at(&self, offset: u32) -> Option<NameAt<'_>> {
        if let Some(d) = self.defs.iter().find(|d| d.range.contains_inclusive(offset)) {
            return Some(NameAt::Def(d));
        }
        self.refs.iter().find(|r| r.range.contains_inclusive(offset)).map(NameAt::Ref)
    }

    /// Every definition of a kind in a scope, in document order (for completing a name).
    pub fn defs_in(&self, kind: NameKind, scope: Scope) -> impl Iterator<Item = &Def> {
        self.defs.iter().filter(move |d| d.kind == kind && d.scope == scope)
    }

    /// The armature whose object contains `offset` (its index), for scoping names at a cursor.
    pub fn armature_at(&self, tree: &Tree, offset: u32) -> Option<u32> {
        self.armatures.iter().position(|a| tree.range(a.node).contains_inclusive(offset)).map(|i| i as u32)
    }

    /// The index of the armature with this name.
    pub fn armature_index(&self, name: &str) -> Option<u32> {
        self.lookup(NameKind::Armature, Scope::File, name).map(|d| d.index)
    }

    /// The skin slot of `slot` in `skin` of armature `armature`.
    pub fn skin_slot(&self, armature: usize, skin: usize, slot: &str) -> Option<u32> {
        let skin = self.armatures.get(armature)?.skins.get(skin)?;
        skin.slots.iter().copied().find(|&s| self.skin_slots[s as usize].name == slot)
    }

    /// Every display of every skin slot (`null` entries included, their `ty` `None`).
    pub fn displays(&self) -> impl Iterator<Item = &Display> {
        self.skin_slots.iter().flat_map(|slot| &slot.displays)
    }

    /// The displays a slot can show: its list in the armature's default skin.
    pub fn default_displays(&self, armature: usize, slot: &str) -> Option<&SkinSlot> {
        let default = self.armatures.get(armature)?.default_skin?;
        self.skin_slot(armature, default, slot).map(|s| &self.skin_slots[s as usize])
    }
}

/// A name under the cursor.
#[derive(Clone, Copy, Debug)]
pub enum NameAt<'m> {
    Def(&'m Def),
    Ref(&'m Ref),
}

/// The text of a name value: a string's contents, or a number as written (runtimes `String()` it).
pub fn name_text(tree: &Tree, text: &str, node: NodeId) -> Option<String> {
    match tree.kind(node) {
        NodeKind::String => tree.str(text, node).map(|s| s.into_owned()),
        NodeKind::Number => Some(tree.range(node).slice(text).to_owned()),
        _ => None,
    }
}

/// A number as JavaScript's `String()` writes it (`5` for 5.0, `2.3` for 2.3).
pub fn js_number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e21 { format!("{}", v as i64) } else { format!("{v}") }
}

/// Whether a bounding box's `subType` says polygon (its name, any case, or its number 2).
pub fn is_polygon(tree: &Tree, text: &str, display: NodeId) -> bool {
    tree.get(text, display, key::SUB_TYPE).is_some_and(|s| match tree.kind(s) {
        NodeKind::String => tree.str(text, s).is_some_and(|t| BOUNDING_BOX_TYPE.ordinal(&t) == Some(2)),
        NodeKind::Number => tree.int(text, s) == Some(2),
        _ => false,
    })
}

/// The type of a display object (`None` when runtimes drop it: `null`, or an unknown type number).
pub fn display_type(tree: &Tree, text: &str, display: NodeId) -> Option<DisplayType> {
    if !tree.is_object(display) {
        return None;
    }
    let Some(ty) = tree.get(text, display, key::TYPE) else { return Some(DisplayType::Image) };
    match tree.kind(ty) {
        NodeKind::String => {
            let s = tree.str(text, ty)?;
            Some(DISPLAY_TYPE.ordinal(&s).and_then(DisplayType::from_ordinal).unwrap_or(DisplayType::Image))
        }
        NodeKind::Number => usize::try_from(tree.int(text, ty)?).ok().and_then(DisplayType::from_ordinal),
        _ => Some(DisplayType::Image),
    }
}

#[cfg(test)]
mod halves_tests {
    use super::{DocKind, Model, classify};

    fn skeletons(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("the fixtures").flatten() {
            let path = entry.path();
            if path.is_dir() {
                skeletons(&path, out);
            } else if path.extension().is_some_and(|e| e == "json") {
                out.push(path);
            }
        }
    }

    /// Built in two halves from any armature on, a skeleton's model is the model built in one
    /// go: skin slots, display lists and the references into them renumbered, nothing reordered.
    #[test]
    fn a_model_built_in_halves_is_the_model_built_whole() {
        let mut paths = Vec::new();
        skeletons(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/dragonbones"), &mut paths);
        // 2.3: each armature's slots are its first skin's slot entries.
        let legacy = r#"{"version": "2.3", "armature": [
            {"name": "a", "bone": [{"name": "b"}], "skin": [{"slot": [{"name": "s", "parent": "b", "display": [{"name": "t"}]}]}]},
            {"name": "c", "bone": [{"name": "b"}], "skin": [{"slot": [{"name": "s", "parent": "b", "display": [{"name": "t"}, {"name": "a", "type": "armature"}]}, {"name": "u", "parent": "b"}]}]},
            {"name": "d", "bone": [{"name": "b"}], "skin": [{"slot": [{"name": "s", "parent": "b", "display": [{"name": "c", "type": "armature"}]}]}]}]}"#;
        let mut texts = vec![("2.3 inline".to_owned(), legacy.to_owned())];
        for path in paths {
            let text = std::fs::read_to_string(&path).expect("readable");
            texts.push((path.display().to_string(), text));
        }
        let mut split = 0;
        for (path, text) in texts {
            let tree = crate::parser::parse(&text);
            if classify(&tree, &text) != Some(DocKind::Skeleton) {
                continue;
            }
            let whole = Model::build_in_halves(&text, &tree, DocKind::Skeleton, Some(usize::MAX));
            for half in 0..whole.armatures.len() {
                let halves = Model::build_in_halves(&text, &tree, DocKind::Skeleton, Some(half));
                assert!(halves == whole, "{path} split before armature {half}");
                split += 1;
            }
        }
        assert!(split >= 20, "only {split} splits");
    }
}
