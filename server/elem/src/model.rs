//! The semantic view of a `.elem` file: every name it defines and every name it refers to.
//!
//! Which keys and list lines define or refer to names comes from the schema ([`NameRole`] on keys,
//! `BoneNames`/`HierarchyNames` on lists), so the rules, go-to-definition, references and rename
//! all agree on what a name is. [`read`] reads the values of keys and list lines as numbers and
//! strings, for evaluation and the editor features.

pub mod read;
pub mod textures;

use super::schema::{self, NameKind, NameRole, ScopeKind};
use super::syntax::{Item, ROOT, ScopeId, SyntaxTree};
use super::values::Values;
use crate::schema::key;
use rigls_text::{FastMap, TextRange};

#[derive(Clone, Debug, PartialEq)]
pub struct Def {
    pub kind: NameKind,
    pub name: String,
    /// The quoted string, quotes included.
    pub range: TextRange,
    /// The scope the name belongs to: the `Mesh`, `Material`, `Node`, … (for bones, `BoneNames`).
    pub owner: ScopeId,
    /// The enclosing `MeshContainer`, for names that are unique only within one.
    pub container: Option<ScopeId>,
    /// Position among its kind in that container (bone index, material index), else 0.
    pub index: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Ref {
    pub kind: NameKind,
    pub name: String,
    pub range: TextRange,
    /// The scope holding the referring line.
    pub scope: ScopeId,
    /// For bones and materials: the container whose names apply (`None`: search every one).
    pub container: Option<ScopeId>,
}

#[derive(Debug, Default, PartialEq)]
pub struct Model {
    pub defs: Vec<Def>,
    pub refs: Vec<Ref>,
}

impl Model {
    pub fn build(text: &str, tree: &SyntaxTree) -> Model {
        let mut model = Model::default();
        let mut values = Values::default();
        let mut material_index = std::collections::HashMap::<ScopeId, u32>::new();
        // The enclosing container of every scope, computed once: parents precede their children
        // in the arena, and walking ancestors per scope would be quadratic in nesting depth.
        let mut containers: Vec<Option<ScopeId>> = Vec::with_capacity(tree.scopes.len());
        for (id, scope) in tree.scopes.iter().enumerate() {
            let inherited = scope.parent.and_then(|p| containers[p as usize]);
            containers.push(if scope.kind == ScopeKind::MeshContainer { Some(id as ScopeId) } else { inherited });
        }
        for id in tree.preorder() {
            rigls_text::cancel::check();
            let kind = tree.kind(id);
            let container = containers[id as usize];
            let mut entry_index = 0u32;
            for item in &tree.scope(id).items {
                if matches!(item, Item::Entry(_)) {
                    entry_index += 1;
                }
                match item {
                    Item::Key(line) if line.ok => {
                        let Some(def) = schema::key_def(kind, line.key.slice(text)) else { continue };
                        let Some((name, range)) = single_string(text, line.value, &mut values) else { continue };
                        match def.role {
                            NameRole::Defines(k) => {
                                let index = if k == NameKind::Material {
                                    let counter = material_index.entry(container.unwrap_or(ROOT)).or_default();
                                    *counter += 1;
                                    *counter - 1
                                } else {
                                    0
                                };
                                let scoped = matches!(k, NameKind::Material | NameKind::Bone);
                                model.defs.push(Def {
                                    kind: k,
                                    name,
                                    range,
                                    owner: id,
                                    container: container.filter(|_| scoped),
                                    index,
                                });
                            }
                            NameRole::Refers(k) => {
                                let container = match k {
                                    NameKind::Bone => container,
                                    NameKind::Material => uv_part_container(text, tree, id, &mut values),
                                    _ => None,
                                };
                                model.refs.push(Ref { kind: k, name, range, scope: id, container });
                            }
                            NameRole::None => {}
                        }
                    }
                    Item::Entry(entry) if entry.ok => {
                        let role = match kind {
                            ScopeKind::BoneNames => NameRole::Defines(NameKind::Bone),
                            ScopeKind::HierarchyNames => NameRole::Refers(NameKind::Node),
                            _ => continue,
                        };
                        let index = entry_index - 1;
                        let Some((name, range)) = single_string(text, entry.range, &mut values) else { continue };
                        match role {
                            NameRole::Defines(k) => {
                                model.defs.push(Def { kind: k, name, range, owner: id, container, index })
                            }
                            NameRole::Refers(k) => {
                                model.refs.push(Ref { kind: k, name, range, scope: id, container: None })
                            }
                            NameRole::None => {}
                        }
                    }
                    _ => {}
                }
            }
        }
        debug_assert!(model.refs.is_sorted_by_key(|r| r.scope), "refs_in searches them by scope");
        model
    }

    /// Definitions a reference may resolve to (several when the name is duplicated).
    pub fn candidates<'m>(&'m self, r: &'m Ref) -> impl Iterator<Item = &'m Def> + 'm {
        self.defs.iter().filter(move |d| d.kind == r.kind && (r.container.is_none() || d.container == r.container))
    }

    /// The definition a reference resolves to.
    pub fn resolve<'m>(&'m self, r: &'m Ref) -> Option<&'m Def> {
        self.candidates(r).find(|d| d.name == r.name)
    }

    /// Every definition of a kind, in order.
    pub fn defs_of(&self, kind: NameKind) -> impl Iterator<Item = &Def> {
        self.defs.iter().filter(move |d| d.kind == kind)
    }

    /// The references made on the lines of scope `id`, in order: [`Model::build`] adds them
    /// scope by scope in document order, so one scope's are found by binary search.
    pub fn refs_in(&self, id: ScopeId) -> &[Ref] {
        let start = self.refs.partition_point(|r| r.scope < id);
        let len = self.refs[start..].partition_point(|r| r.scope == id);
        &self.refs[start..start + len]
    }

    /// [`Model::resolve`] for every reference at once: the definitions hashed by what a
    /// reference looks them up by, instead of a walk over the definitions per reference (a node
    /// reference may be to any of thousands of nodes).
    pub fn resolver(&self) -> Resolver<'_> {
        let mut resolver = Resolver { in_container: FastMap::default(), anywhere: FastMap::default() };
        // In reverse, so that of equal definitions the first is the one kept.
        for def in self.defs.iter().rev() {
            resolver.in_container.insert((def.kind, def.container, def.name.as_str()), def);
            resolver.anywhere.insert((def.kind, def.name.as_str()), def);
        }
        resolver
    }
}

/// The definitions by name: see [`Model::resolver`].
pub struct Resolver<'m> {
    in_container: FastMap<(NameKind, Option<ScopeId>, &'m str), &'m Def>,
    anywhere: FastMap<(NameKind, &'m str), &'m Def>,
}

impl<'m> Resolver<'m> {
    /// The definition `r` resolves to, as [`Model::resolve`] finds it.
    pub fn resolve(&self, r: &Ref) -> Option<&'m Def> {
        match r.container {
            Some(_) => self.in_container.get(&(r.kind, r.container, r.name.as_str())).copied(),
            None => self.anywhere.get(&(r.kind, r.name.as_str())).copied(),
        }
    }
}

/// The value as one quoted string: its contents and the token's range.
fn single_string(text: &str, range: TextRange, values: &mut Values) -> Option<(String, TextRange)> {
    values.fill(text, range);
    match values.atoms.as_slice() {
        [atom] => Some((atom.as_str(text)?.into_owned(), atom.range)),
        _ => None,
    }
}

/// The container a UV `AnimationPart` names with `MeshContainerName`, if it exists.
fn uv_part_container(text: &str, tree: &SyntaxTree, part: ScopeId, values: &mut Values) -> Option<ScopeId> {
    let line = tree.key(text, part, key::MESH_CONTAINER_NAME)?;
    let (wanted, _) = single_string(text, line.value, values)?;
    let datas = tree.children(ROOT).filter(|&s| tree.kind(s) == ScopeKind::MeshDatas);
    let containers: Vec<ScopeId> =
        datas.flat_map(|d| tree.children_of(d, ScopeKind::MeshContainer).collect::<Vec<_>>()).collect();
    containers.into_iter().find(|&c| {
        tree.key(text, c, key::NAME)
            .and_then(|k| single_string(text, k.value, values))
            .is_some_and(|(n, _)| n == wanted)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The models of two fixtures, and of each with a bone and node name defined twice, and with
    /// the names that keys give changed (references to nothing).
    fn models() -> Vec<(String, Model)> {
        let fixtures = [
            include_str!("../../tests/fixtures/elem/valid/walker.elem"),
            include_str!("../../tests/fixtures/elem/valid/two_containers.elem"),
        ];
        let twice = fixtures.map(|t| t.replace("\"頭\"", "\"腰\""));
        let unknown = fixtures.map(|t| t.replace("Name=\"", "Name=\"x"));
        let texts = fixtures.into_iter().map(str::to_owned).chain(twice).chain(unknown);
        texts.map(|t| (t.clone(), Model::build(&t, &crate::parser::parse(&t)))).collect()
    }

    #[test]
    fn the_resolver_resolves_each_reference_as_a_walk_over_the_definitions_does() {
        let (mut resolved, mut unresolved) = (0, 0);
        for (text, model) in models() {
            let resolver = model.resolver();
            assert!(!model.refs.is_empty(), "{text}");
            for r in &model.refs {
                let (hashed, walked) = (resolver.resolve(r), model.resolve(r));
                assert!(hashed.map(std::ptr::from_ref) == walked.map(std::ptr::from_ref), "{r:?}");
                if walked.is_some() { resolved += 1 } else { unresolved += 1 }
            }
        }
        assert!(resolved > 0 && unresolved > 0, "{resolved} resolved, {unresolved} not");
    }

    #[test]
    fn a_scopes_references_are_those_made_in_it() {
        for (_, model) in models() {
            for r in &model.refs {
                let walked: Vec<&Ref> = model.refs.iter().filter(|o| o.scope == r.scope).collect();
                assert_eq!(model.refs_in(r.scope).iter().collect::<Vec<_>>(), walked);
            }
        }
    }
}
