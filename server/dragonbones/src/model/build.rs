//! Building the model: one walk over the armatures of any data generation, recording every
//! definition and reference. The walk follows the format's fixed structure, so it never recurses.
//! What one armature records depends on no other armature but their names, so a large file's
//! armatures are built in two halves at once, the second into a part appended after the first.

use super::{
    Animation, Armature, Bone, Def, Display, DocKind, Model, Ref, Scope, Site, Skin, SkinSlot, Slot, VersionValue,
};
use super::{display_type, js_number, name_text};
use crate::schema::key;
use crate::schema::{DisplayType, NameKind, Version, timeline_type};
use crate::syntax::{NodeId, NodeKind, Tree};
use rigls_text::TextRange;

pub(super) struct Builder<'a> {
    pub(super) text: &'a str,
    pub(super) tree: &'a Tree,
    pub(super) model: &'a mut Model,
    /// The file's index of `model.armatures[0]` (a part holds the armatures from there on).
    first: u32,
    /// Every armature's name, in order (armature displays and child actions may refer forward).
    names: &'a [String],
}

impl<'a> Builder<'a> {
    pub(super) fn new(text: &'a str, tree: &'a Tree, model: &'a mut Model) -> Builder<'a> {
        Builder { text, tree, model, first: 0, names: &[] }
    }

    /// The armature of file index `a`.
    fn arm(&self, a: u32) -> &Armature {
        &self.model.armatures[(a - self.first) as usize]
    }

    fn arm_mut(&mut self, a: u32) -> &mut Armature {
        &mut self.model.armatures[(a - self.first) as usize]
    }

    /// [`Model::skin_slot`] of the armature of file index `a`.
    fn skin_slot_of(&self, a: u32, skin: usize, slot: &str) -> Option<u32> {
        self.model.skin_slot((a - self.first) as usize, skin, slot)
    }

    fn get(&self, object: NodeId, key: &str) -> Option<NodeId> {
        self.tree.get(self.text, object, key)
    }

    /// The elements of array member `key` that are objects.
    fn objects(&self, object: NodeId, key: &str) -> Vec<NodeId> {
        let Some(array) = self.get(object, key) else { return Vec::new() };
        self.tree.elements(array).filter(|&e| self.tree.is_object(e)).collect()
    }

    fn name_of(&self, object: NodeId, key: &str) -> Option<(String, NodeId)> {
        let node = self.get(object, key)?;
        Some((name_text(self.tree, self.text, node)?, node))
    }

    /// Records a definition; `at` is its scope, duplicate group and index in its array.
    fn def(&mut self, kind: NameKind, object: NodeId, value: NodeId, name: String, at: (Scope, u32, u32)) {
        let (scope, group, index) = at;
        let range = self.tree.range(value);
        self.model.defs.push(Def { kind, name, range, node: object, scope, group, index, implicit: false });
    }

    /// A skin or animation without a `name`: runtimes call it `default`.
    fn implicit_default(&mut self, kind: NameKind, object: NodeId, scope: Scope, group: u32, index: u32) {
        let start = self.tree.range(object).start;
        let range = TextRange::new(start, start + 1);
        let name = "default".to_owned();
        self.model.defs.push(Def { kind, name, range, node: object, scope, group, index, implicit: true });
    }

    /// Records a reference from the value of `key` in `object`, if it is a name.
    fn refer(&mut self, kind: NameKind, object: NodeId, key: &str, scope: Scope, site: Site) {
        if let Some(value) = self.get(object, key) {
            self.refer_node(kind, value, object, scope, site);
        }
    }

    fn refer_node(&mut self, kind: NameKind, value: NodeId, owner: NodeId, scope: Scope, site: Site) {
        if let Some(mut name) = name_text(self.tree, self.text, value) {
            // An empty skin name means the default skin.
            if kind == NameKind::Skin && name.is_empty() {
                name = "default".to_owned();
            }
            let range = self.tree.range(value);
            self.model.refs.push(Ref { kind, name, range, node: value, owner, scope, site });
        }
    }

    fn version_value(&self, root: NodeId, key: &str) -> Option<VersionValue> {
        let node = self.get(root, key)?;
        let text = name_text(self.tree, self.text, node)?;
        // Runtimes `String()` a number: `5.5` reads as "5.5" but `5.0` as "5".
        let parsed = match self.tree.kind(node) {
            NodeKind::Number => Version::parse(&js_number(self.tree.number(self.text, node)?)),
            _ => Version::parse(&text),
        };
        Some(VersionValue { text, node, parsed })
    }

    // ---- atlases ----

    pub(super) fn atlas(&mut self, atlas: NodeId) {
        self.model.atlases.push(atlas);
        if self.model.name.is_none() && self.model.doc == DocKind::Atlas {
            self.model.name = self.name_of(atlas, key::NAME).map(|n| n.0);
        }
        let Some(list) = self.get(atlas, key::SUB_TEXTURE) else { return };
        for (i, sub) in self.objects(atlas, key::SUB_TEXTURE).into_iter().enumerate() {
            if let Some((name, node)) = self.name_of(sub, key::NAME) {
                self.def(NameKind::Texture, sub, node, name, (Scope::File, list, i as u32));
            }
        }
    }

    // ---- skeletons ----

    /// `halves`: the first armature of the second half (by default where the nodes are halved,
    /// in a large file; else none).
    /// `moves`: the previous version's model, whose armatures an edit left alone are taken from it.
    pub(super) fn skeleton(&mut self, root: NodeId, halves: Option<usize>, moves: Option<&super::Moves<'_>>) {
        self.model.name = self.name_of(root, key::NAME).map(|n| n.0);
        self.model.version = self.version_value(root, key::VERSION);
        self.model.compatible_version = self.version_value(root, key::COMPATIBLE_VERSION);
        self.model.data_version = self
            .model
            .version
            .as_ref()
            .and_then(|v| v.parsed)
            .or_else(|| self.model.compatible_version.as_ref().and_then(|v| v.parsed));
        let legacy = self.model.data_version.is_some_and(Version::is_legacy);

        let armatures = self.objects(root, key::ARMATURE);
        let list = self.get(root, key::ARMATURE).unwrap_or(root);
        // Names first: armature displays and child actions may refer forward.
        for (i, &arm) in armatures.iter().enumerate() {
            let name = self.name_of(arm, key::NAME);
            self.model.armatures.push(Armature {
                node: arm,
                name: name.as_ref().map(|n| n.0.clone()).unwrap_or_default(),
                ..Armature::default()
            });
            if let Some((name, node)) = name {
                self.def(NameKind::Armature, arm, node, name, (Scope::File, list, i as u32));
            }
        }
        let names: Vec<String> = self.model.armatures.iter().map(|a| a.name.clone()).collect();
        // The previous version's, when it read what every armature depends on alike.
        let moves = moves.filter(|m| {
            let old = m.old;
            old.doc == self.model.doc
                && old.data_version == self.model.data_version
                && old.armatures.iter().map(|a| &a.name).eq(names.iter())
        });
        if let Some(moves) = moves {
            let (text, tree) = (self.text, self.tree);
            let mut b = Builder { text, tree, model: &mut *self.model, first: 0, names: &names };
            b.model.armatures.clear();
            for (i, &arm) in armatures.iter().enumerate() {
                rigls_text::cancel::check();
                match moves.shift(i, arm, tree) {
                    Some(shift) => b.model.push_moved(moves.old, i, shift),
                    None => {
                        b.model.armatures.push(Armature { node: arm, name: names[i].clone(), ..Armature::default() });
                        b.spanned(|b| b.armature(i as u32, arm, legacy));
                    }
                }
            }
            self.root_records(root);
            return;
        }
        let half = halves.unwrap_or_else(|| {
            let large = self.text.len() >= rigls_text::parallel::PARALLEL_ABOVE;
            if large { middle_armature(self.tree, &armatures) } else { armatures.len() }
        });
        let half = half.min(armatures.len());
        let (text, tree, doc) = (self.text, self.tree, self.model.doc);
        let mut part = Model::empty(doc);
        part.armatures = self.model.armatures.split_off(half);
        let build = |model: &mut Model, first: usize| {
            let mut b = Builder { text, tree, model, first: first as u32, names: &names };
            let count = b.model.armatures.len();
            for (i, &arm) in armatures[first..first + count].iter().enumerate() {
                rigls_text::cancel::check();
                b.spanned(|b| b.armature((first + i) as u32, arm, legacy));
            }
        };
        if half < armatures.len() {
            let model = &mut *self.model;
            rigls_text::parallel::join(|| build(&mut part, half), || build(model, 0));
            self.model.append_part(part);
        } else {
            build(self.model, 0);
        }
        self.root_records(root);
    }

    /// What the root records after its armatures: the stage and inline atlases.
    fn root_records(&mut self, root: NodeId) {
        self.refer(NameKind::Armature, root, key::STAGE, Scope::File, Site::Stage);
        for atlas in self.objects(root, key::TEXTURE_ATLAS) {
            self.atlas(atlas);
        }
    }

    /// Runs `build` (of one armature) and records where its records lie.
    pub(super) fn spanned(&mut self, build: impl FnOnce(&mut Self)) {
        let m = &self.model;
        let (defs, refs, skin_slots) = (m.defs.len(), m.refs.len(), m.skin_slots.len());
        build(self);
        let m = &mut self.model;
        let span = super::ArmatureSpan {
            defs: defs..m.defs.len(),
            refs: refs..m.refs.len(),
            skin_slots: skin_slots..m.skin_slots.len(),
        };
        m.spans.push(span);
    }

    fn armature(&mut self, a: u32, arm: NodeId, legacy: bool) {
        let scope = Scope::Armature(a);
        // Bones.
        let bone_list = self.get(arm, key::BONE).unwrap_or(arm);
        for (i, bone) in self.objects(arm, key::BONE).into_iter().enumerate() {
            let name = self.name_of(bone, key::NAME);
            let parent = self.get(bone, key::PARENT);
            if let Some((n, node)) = &name {
                self.def(NameKind::Bone, bone, *node, n.clone(), (scope, bone_list, i as u32));
            }
            if let Some(p) = parent {
                self.refer_node(NameKind::Bone, p, bone, scope, Site::BoneParent);
            }
            let name = name.map(|n| n.0).unwrap_or_default();
            self.arm_mut(a).bones.push(Bone { node: bone, name, parent });
        }
        // Slots (4.0+).
        if !legacy {
            let slot_list = self.get(arm, key::SLOT).unwrap_or(arm);
            for (i, slot) in self.objects(arm, key::SLOT).into_iter().enumerate() {
                self.slot(a, slot, slot_list, i as u32, None);
            }
        }
        // Skins.
        let skin_list = self.get(arm, key::SKIN).unwrap_or(arm);
        for (si, skin) in self.objects(arm, key::SKIN).into_iter().enumerate() {
            let name = match self.name_of(skin, key::NAME) {
                Some((n, node)) => {
                    let n = if n.is_empty() { "default".to_owned() } else { n };
                    self.def(NameKind::Skin, skin, node, n.clone(), (scope, skin_list, si as u32));
                    n
                }
                None => {
                    self.implicit_default(NameKind::Skin, skin, scope, skin_list, si as u32);
                    "default".to_owned()
                }
            };
            let slots_list = self.get(skin, key::SLOT).unwrap_or(skin);
            let mut ids = Vec::new();
            for (i, entry) in self.objects(skin, key::SLOT).into_iter().enumerate() {
                let id = self.skin_slot(a, entry);
                ids.push(id);
                if legacy {
                    // 2.3/3.0: the first skin's slot entries define the slots.
                    if si == 0 {
                        self.slot(a, entry, slots_list, i as u32, Some(id));
                    }
                } else {
                    self.refer(NameKind::Slot, entry, key::NAME, scope, Site::SkinSlot);
                }
            }
            self.arm_mut(a).skins.push(Skin { node: skin, name, slots: ids });
        }
        let armature = self.arm_mut(a);
        armature.default_skin =
            armature.skins.iter().position(|s| s.name == "default").or((!armature.skins.is_empty()).then_some(0));

        // Displays: textures, child armatures, shared meshes, child actions.
        let skin_slot_ids: Vec<u32> = self.arm(a).skins.iter().flat_map(|s| s.slots.clone()).collect();
        for id in skin_slot_ids {
            self.displays(a, id);
        }
        // Slot actions address the child armature the slot shows.
        let slots: Vec<(NodeId, String)> = self.arm(a).slots.iter().map(|s| (s.node, s.name.clone())).collect();
        for (node, name) in slots {
            if let Some(actions) = self.get(node, key::ACTIONS) {
                let index = self.get(node, key::DISPLAY_INDEX).and_then(|d| self.tree.int(self.text, d)).unwrap_or(0);
                let child = self.child_armature(a, &name, index);
                self.actions(actions, child, a);
            }
        }
        // IK and path constraints.
        for (i, ik) in self.objects(arm, key::IK).into_iter().enumerate() {
            if let Some((name, node)) = self.name_of(ik, key::NAME) {
                self.def(NameKind::Constraint, ik, node, name, (scope, arm, i as u32));
            }
            self.refer(NameKind::Bone, ik, key::BONE, scope, Site::IkBone);
            self.refer(NameKind::Bone, ik, key::TARGET, scope, Site::IkTarget);
        }
        for (i, path) in self.objects(arm, key::PATH).into_iter().enumerate() {
            if let Some((name, node)) = self.name_of(path, key::NAME) {
                self.def(NameKind::Constraint, path, node, name, (scope, arm, i as u32));
            }
            self.refer(NameKind::Slot, path, key::TARGET, scope, Site::PathTarget);
            if let Some(bones) = self.get(path, key::BONES) {
                let names: Vec<NodeId> = self.tree.elements(bones).collect();
                for b in names {
                    self.refer_node(NameKind::Bone, b, path, scope, Site::PathBone);
                }
            }
            if let Some(display) = self.get(path, key::TARGET_DISPLAY) {
                let target = self.name_of(path, key::TARGET).map(|t| t.0);
                let list = target.and_then(|t| self.default_skin_slot(a, &t));
                let scope = list.map_or(Scope::Nowhere, Scope::Displays);
                self.refer_node(NameKind::Display, display, path, scope, Site::PathTargetDisplay);
            }
        }
        // Animations.
        let anim_list = self.get(arm, key::ANIMATION).unwrap_or(arm);
        let animations = self.objects(arm, key::ANIMATION);
        for (i, &anim) in animations.iter().enumerate() {
            let name = match self.name_of(anim, key::NAME) {
                Some((n, node)) => {
                    let n = if n.is_empty() { "default".to_owned() } else { n };
                    self.def(NameKind::Animation, anim, node, n.clone(), (scope, anim_list, i as u32));
                    n
                }
                None => {
                    self.implicit_default(NameKind::Animation, anim, scope, anim_list, i as u32);
                    "default".to_owned()
                }
            };
            self.arm_mut(a).animations.push(Animation { node: anim, name });
        }
        for key in [key::DEFAULT_ACTIONS, key::ACTIONS] {
            if let Some(actions) = self.get(arm, key) {
                self.actions(actions, Some(a), a);
            }
        }
        for anim in animations {
            self.animation(a, anim, legacy);
        }
    }

    fn slot(&mut self, a: u32, slot: NodeId, list: NodeId, index: u32, skin_slot: Option<u32>) {
        let scope = Scope::Armature(a);
        let name = self.name_of(slot, key::NAME);
        if let Some((n, node)) = &name {
            self.def(NameKind::Slot, slot, *node, n.clone(), (scope, list, index));
        }
        let parent = self.get(slot, key::PARENT);
        if let Some(p) = parent {
            self.refer_node(NameKind::Bone, p, slot, scope, Site::SlotParent);
        }
        let name = name.map(|n| n.0).unwrap_or_default();
        self.arm_mut(a).slots.push(Slot { node: slot, name, parent, skin_slot });
    }

    fn skin_slot(&mut self, a: u32, entry: NodeId) -> u32 {
        let id = self.model.skin_slots.len() as u32;
        let name = self.name_of(entry, key::NAME).map(|n| n.0).unwrap_or_default();
        let mut displays = Vec::new();
        if let Some(list) = self.get(entry, key::DISPLAY) {
            let items: Vec<NodeId> = self.tree.elements(list).collect();
            for (i, d) in items.into_iter().enumerate() {
                let ty = display_type(self.tree, self.text, d);
                let dname = if self.tree.is_object(d) { self.name_of(d, key::NAME) } else { None };
                if let Some((n, node)) = &dname {
                    self.def(NameKind::Display, d, *node, n.clone(), (Scope::Displays(id), list, i as u32));
                }
                displays.push(Display { node: d, name: dname.map(|n| n.0).unwrap_or_default(), ty });
            }
        }
        self.model.skin_slots.push(SkinSlot { node: entry, armature: a, name, displays });
        id
    }

    fn displays(&mut self, a: u32, id: u32) {
        let items: Vec<(NodeId, Option<DisplayType>)> =
            self.model.skin_slots[id as usize].displays.iter().map(|d| (d.node, d.ty)).collect();
        for (d, ty) in items {
            let target = self.get(d, key::PATH).or_else(|| self.get(d, key::NAME));
            match ty {
                Some(DisplayType::Image | DisplayType::Mesh) => {
                    let shared = self.get(d, key::SHARE).is_some();
                    if let Some(t) = target.filter(|_| !shared) {
                        self.refer_node(NameKind::Texture, t, d, Scope::File, Site::Texture);
                    }
                    if let Some(share) = self.get(d, key::SHARE) {
                        let skin = self.name_of(d, key::SKIN).map_or("default".to_owned(), |s| s.0);
                        let slot = self.model.skin_slots[id as usize].name.clone();
                        let skin_index = self.arm(a).skins.iter().position(|s| s.name == skin);
                        let list = skin_index.and_then(|s| self.skin_slot_of(a, s, &slot));
                        self.refer(NameKind::Skin, d, key::SKIN, Scope::Armature(a), Site::ShareSkin);
                        let scope = match (skin_index, list) {
                            (Some(_), Some(l)) => Scope::Displays(l),
                            _ => Scope::Nowhere,
                        };
                        self.refer_node(NameKind::Display, share, d, scope, Site::Share);
                    }
                }
                Some(DisplayType::Armature) => {
                    if let Some(t) = target {
                        self.refer_node(NameKind::Armature, t, d, Scope::File, Site::ArmatureDisplay);
                    }
                    if let Some(actions) = self.get(d, key::ACTIONS) {
                        let child = target
                            .and_then(|t| name_text(self.tree, self.text, t))
                            .and_then(|n| self.armature_named(&n));
                        self.actions(actions, child, a);
                    }
                }
                _ => {}
            }
        }
    }

    /// The skin slot of `slot` in the armature's default skin.
    fn default_skin_slot(&self, a: u32, slot: &str) -> Option<u32> {
        let default = self.arm(a).default_skin?;
        self.skin_slot_of(a, default, slot)
    }

    /// The armature shown by display `index` of `slot` (in the default skin), if it is in this file.
    fn child_armature(&self, a: u32, slot: &str, index: i64) -> Option<u32> {
        let list = self.default_skin_slot(a, slot)?;
        let display = self.model.skin_slots[list as usize].displays.get(usize::try_from(index).ok()?)?;
        if display.ty != Some(DisplayType::Armature) {
            return None;
        }
        let target = self.get(display.node, key::PATH).or_else(|| self.get(display.node, key::NAME))?;
        self.armature_named(&name_text(self.tree, self.text, target)?)
    }

    /// The first armature with this name (the name index is built after the walk).
    fn armature_named(&self, name: &str) -> Option<u32> {
        self.names.iter().position(|n| n == name).map(|i| i as u32)
    }

    /// Records the references of an action list. Play actions name animations of `player`
    /// (`None`: an armature outside this file); bones and slots belong to `owner`.
    fn actions(&mut self, actions: NodeId, player: Option<u32>, owner: u32) {
        let site = if player == Some(owner) { Site::Play } else { Site::ChildPlay };
        let play_scope = player.map_or(Scope::Nowhere, Scope::Armature);
        let items: Vec<NodeId> = match self.tree.kind(actions) {
            NodeKind::Array => self.tree.elements(actions).collect(),
            NodeKind::Object | NodeKind::String => vec![actions],
            _ => Vec::new(),
        };
        for action in items {
            match self.tree.kind(action) {
                NodeKind::String if player.is_some() => {
                    self.refer_node(NameKind::Animation, action, actions, play_scope, site);
                }
                NodeKind::Object => {
                    // On an armature's own timeline, a Play action naming a slot plays the slot's
                    // child armature, and one naming only a bone those of the bone's slots.
                    let (player, play_scope, site) = match self.played_by(action, owner) {
                        Some(child) if player == Some(owner) => {
                            let site = if child == Some(owner) { Site::Play } else { Site::ChildPlay };
                            (child, child.map_or(Scope::Nowhere, Scope::Armature), site)
                        }
                        _ => (player, play_scope, site),
                    };
                    if player.is_some() {
                        for key in [key::GOTO_AND_PLAY, key::GOTO_AND_STOP] {
                            self.refer(NameKind::Animation, action, key, play_scope, site);
                        }
                        if self.is_play_action(action) {
                            self.refer(NameKind::Animation, action, key::NAME, play_scope, site);
                        }
                    }
                    self.refer(NameKind::Bone, action, key::BONE, Scope::Armature(owner), Site::ActionBone);
                    self.refer(NameKind::Slot, action, key::SLOT, Scope::Armature(owner), Site::ActionSlot);
                }
                _ => {}
            }
        }
    }

    /// Who plays an action object of an armature's own timeline when it names a slot or a bone:
    /// `Some(the child armature the slot shows at its setup display)` (`Some(None)`: none in this
    /// file, or a bone's slots, which cannot be told apart here); `None` when it names neither.
    fn played_by(&self, action: NodeId, owner: u32) -> Option<Option<u32>> {
        if let Some((slot, _)) = self.name_of(action, key::SLOT) {
            let armature = self.arm(owner);
            let index = armature
                .slots
                .iter()
                .find(|s| s.name == slot)
                .and_then(|s| self.get(s.node, key::DISPLAY_INDEX))
                .and_then(|v| self.tree.int(self.text, v))
                .unwrap_or(0);
            return Some(self.child_armature(owner, &slot, index));
        }
        self.get(action, key::BONE).map(|_| None)
    }

    /// A `{type, name}` action whose type is Play (absent, `0`, `"play"`).
    fn is_play_action(&self, action: NodeId) -> bool {
        if self.get(action, key::GOTO_AND_PLAY).is_some() || self.get(action, key::GOTO_AND_STOP).is_some() {
            return false;
        }
        match self.get(action, key::TYPE) {
            None => true,
            Some(t) => match self.tree.kind(t) {
                NodeKind::Number => self.tree.int(self.text, t) == Some(0),
                NodeKind::String => {
                    self.tree.str(self.text, t).is_some_and(|s| s.eq_ignore_ascii_case("play") || s == "0")
                }
                _ => false,
            },
        }
    }

    fn animation(&mut self, a: u32, anim: NodeId, legacy: bool) {
        let scope = Scope::Armature(a);
        // The main timeline: actions play this armature's animations; events name bones and slots.
        for frame in self.objects(anim, key::FRAME) {
            self.frame_actions(frame, Some(a), a);
        }
        for timeline in self.objects(anim, key::BONE) {
            self.refer(NameKind::Bone, timeline, key::NAME, scope, Site::BoneTimeline);
            for frame in self.objects(timeline, key::FRAME) {
                self.events(frame, key::EVENTS, a);
            }
        }
        for timeline in self.objects(anim, key::SLOT) {
            self.refer(NameKind::Slot, timeline, key::NAME, scope, Site::SlotTimeline);
            let slot = self.name_of(timeline, key::NAME).map(|n| n.0);
            for key in [key::FRAME, key::DISPLAY_FRAME] {
                for frame in self.objects(timeline, key) {
                    let Some(actions) = self.get(frame, key::ACTIONS) else { continue };
                    let index = self
                        .get(frame, key::VALUE)
                        .or_else(|| self.get(frame, key::DISPLAY_INDEX))
                        .and_then(|v| self.tree.int(self.text, v))
                        .unwrap_or(0);
                    let child = slot.as_deref().and_then(|s| self.child_armature(a, s, index));
                    self.actions(actions, child, a);
                }
            }
        }
        for timeline in self.objects(anim, key::FFD) {
            self.ffd(a, timeline);
        }
        for timeline in self.objects(anim, key::IK) {
            self.refer(NameKind::Constraint, timeline, key::NAME, scope, Site::IkTimeline);
        }
        for timeline in self.objects(anim, key::TIMELINE) {
            if legacy {
                self.refer(NameKind::Bone, timeline, key::NAME, scope, Site::LegacyTimeline);
                continue;
            }
            let Some(code) = self.get(timeline, key::TYPE).and_then(|t| self.tree.int(self.text, t)) else { continue };
            let Some(target) = timeline_type(code).and_then(|t| t.target) else { continue };
            let scope = if target == NameKind::Display { Scope::AllDisplays(a) } else { scope };
            self.refer(target, timeline, key::NAME, scope, Site::TypedTimeline(code));
        }
    }

    fn frame_actions(&mut self, frame: NodeId, player: Option<u32>, owner: u32) {
        if let Some(actions) = self.get(frame, key::ACTIONS) {
            self.actions(actions, player, owner);
        }
        if let Some(action) = self.get(frame, key::ACTION).filter(|&v| self.tree.kind(v) == NodeKind::String) {
            self.actions(action, player, owner);
        }
        self.events(frame, key::EVENTS, owner);
    }

    fn events(&mut self, frame: NodeId, key: &str, owner: u32) {
        let scope = Scope::Armature(owner);
        for event in self.objects(frame, key) {
            self.refer(NameKind::Bone, event, key::BONE, scope, Site::EventBone);
            self.refer(NameKind::Slot, event, key::SLOT, scope, Site::EventSlot);
        }
    }

    /// `{name: mesh, skin, slot}`: the mesh is looked up in skin `skin`'s list for slot `slot`.
    fn ffd(&mut self, a: u32, timeline: NodeId) {
        let scope = Scope::Armature(a);
        self.refer(NameKind::Skin, timeline, key::SKIN, scope, Site::FfdSkin);
        self.refer(NameKind::Slot, timeline, key::SLOT, scope, Site::FfdSlot);
        let skin = self.name_of(timeline, key::SKIN).map_or("default".to_owned(), |s| s.0);
        let skin = if skin.is_empty() { "default".to_owned() } else { skin };
        let slot = self.name_of(timeline, key::SLOT).map(|s| s.0);
        let armature = self.arm(a);
        let skin_index = armature.skins.iter().position(|s| s.name == skin);
        let slot_known = slot.as_ref().is_some_and(|s| armature.slots.iter().any(|x| &x.name == s));
        let scope = match (skin_index, slot) {
            (Some(s), Some(slot)) => match self.skin_slot_of(a, s, &slot) {
                Some(list) => Scope::Displays(list),
                None if slot_known => Scope::NoDisplays,
                None => Scope::Nowhere,
            },
            _ => Scope::Nowhere,
        };
        self.refer(NameKind::Display, timeline, key::NAME, scope, Site::FfdDisplay);
    }
}

/// The first armature of the second half: where the armatures before it hold about half of their
/// nodes.
fn middle_armature(tree: &Tree, armatures: &[NodeId]) -> usize {
    let size = |&a: &NodeId| u64::from(tree.node(a).next().saturating_sub(a));
    let total: u64 = armatures.iter().map(size).sum();
    let mut before = 0;
    armatures
        .iter()
        .position(|a| {
            before += size(a);
            before * 2 >= total
        })
        .map_or(armatures.len(), |i| i + 1)
}
