//! Target profiles: the runtimes a user ships to. A user names them (`rigls --check --target
//! NAME`, `targets = [...]` in `rigls.toml`, the editors' `rigls.targets`), and rules, poses and
//! hovers then say what each of those runtimes does with the file.
//!
//! Names are contracts, like codes: add freely, never rename or remove one. Each target belongs to
//! one format; what it reads, drops and draws differently is its format crate's table
//! (`rigls_dragonbones::target`, `rigls_elem::target`), written as [`Fact`]s for `rigls targets`
//! and `docs/targets.md`.

use std::fmt;

use crate::FileFormat;

macro_rules! targets {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, $format:ident, $title:literal;)*) => {
        /// A runtime (and the engines built on it) that a file is checked, posed and drawn for.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Target {
            $($(#[$doc])* $variant,)*
        }

        impl Target {
            /// Every target, in the order `rigls targets` lists them.
            pub const ALL: &[Target] = &[$(Target::$variant),*];

            /// The name users write (`dragonbones-cpp`).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Target::$variant => $name,)*
                }
            }

            /// The format the target reads.
            pub const fn format(self) -> FileFormat {
                match self {
                    $(Target::$variant => FileFormat::$format,)*
                }
            }

            /// For people: the runtime and the engines that embed it.
            pub const fn title(self) -> &'static str {
                match self {
                    $(Target::$variant => $title,)*
                }
            }
        }
    };
}

targets! {
    DragonBonesJs = "dragonbones-js", DragonBones, "DragonBonesJS 5.7 (Pixi, Phaser 3, Three.js)";
    Egret = "egret", DragonBones, "Egret (DragonBonesJS 5.7 with the Egret renderer)";
    CocosCreator2 = "cocos-creator-2", DragonBones, "Cocos Creator 2.x (DragonBonesJS 5.6 bundled)";
    CocosCreator3 = "cocos-creator-3", DragonBones, "Cocos Creator 3.x (@cocos/dragonbones-js, its own renderer)";
    DragonBonesCpp = "dragonbones-cpp", DragonBones, "DragonBonesCPP 5.5 (cocos2d-x, SFML)";
    Godot = "godot", DragonBones, "Godot (Godot-DragonBones for Godot 4, gddragonbones; the C++ 5.5 core)";
    Unity = "unity", DragonBones, "Unity (DragonBonesCSharp)";
    Flutter = "flutter", DragonBones, "Flutter (dragonbones_flutter)";
    DanmakufuPh3 = "danmakufu-ph3", Elem, "Touhou Danmakufu ph3 (its Elfreina mesh loader)";
}

impl Target {
    /// The target a user wrote.
    pub fn parse(s: &str) -> Option<Target> {
        Target::ALL.iter().copied().find(|t| t.as_str() == s)
    }

    /// The targets of `format`, in [`Target::ALL`] order.
    pub fn of_format(format: FileFormat) -> impl Iterator<Item = Target> {
        Target::ALL.iter().copied().filter(move |t| t.format() == format)
    }

    /// The runtime a file of `format` is evaluated as when no target of that format is named:
    /// DragonBonesJS for DragonBones data; none for `.elem` (rigls's own reading, docs/formats).
    pub fn default_for(format: FileFormat) -> Option<Target> {
        match format {
            FileFormat::DragonBones => Some(Target::DragonBonesJs),
            FileFormat::Elem => None,
        }
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A set of targets (of any formats), in [`Target::ALL`] order.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Targets(u16);

impl Targets {
    pub const NONE: Targets = Targets(0);

    pub fn of(targets: &[Target]) -> Targets {
        targets.iter().fold(Targets::NONE, |set, &t| set.with(t))
    }

    pub const fn with(self, target: Target) -> Targets {
        Targets(self.0 | target.bit())
    }

    pub fn insert(&mut self, target: Target) {
        *self = self.with(target);
    }

    pub const fn contains(self, target: Target) -> bool {
        self.0 & target.bit() != 0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn intersection(self, other: Targets) -> Targets {
        Targets(self.0 & other.0)
    }

    pub const fn union(self, other: Targets) -> Targets {
        Targets(self.0 | other.0)
    }

    pub fn iter(self) -> impl Iterator<Item = Target> {
        Target::ALL.iter().copied().filter(move |&t| self.contains(t))
    }

    /// The targets of `format` in this set.
    pub fn of_format(self, format: FileFormat) -> Targets {
        Targets::of(&self.iter().filter(|t| t.format() == format).collect::<Vec<_>>())
    }

    /// This set with the targets of every format `over` names replaced by `over`'s: a command
    /// line's or an editor's targets of a format override a `rigls.toml`'s of that format.
    pub fn overridden_by(self, over: Targets) -> Targets {
        FileFormat::ALL.iter().fold(Targets::NONE, |set, &format| {
            let chosen = if over.of_format(format).is_empty() { self } else { over };
            set.union(chosen.of_format(format))
        })
    }

    /// The runtime a file of `format` is posed and drawn as: the first target of that format
    /// named, else [`Target::default_for`].
    pub fn evaluated_as(self, format: FileFormat) -> Option<Target> {
        self.of_format(format).iter().next().or_else(|| Target::default_for(format))
    }

    /// `dragonbones-cpp`, `dragonbones-cpp and godot`, `egret, dragonbones-cpp and godot`.
    pub fn names(self) -> String {
        let names: Vec<&str> = self.iter().map(Target::as_str).collect();
        match names.as_slice() {
            [] => String::new(),
            [one] => (*one).to_owned(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        }
    }
}

impl fmt::Debug for Targets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Target::as_str)).finish()
    }
}

impl FromIterator<Target> for Targets {
    fn from_iter<I: IntoIterator<Item = Target>>(iter: I) -> Targets {
        iter.into_iter().fold(Targets::NONE, Targets::with)
    }
}

/// Reads target names (from a command line, `rigls.toml` or editor settings): the set, and one
/// message per name that is not a target (with the closest name).
pub fn parse_names<'a>(names: impl IntoIterator<Item = &'a str>) -> (Targets, Vec<String>) {
    let mut set = Targets::NONE;
    let mut problems = Vec::new();
    for name in names {
        match Target::parse(name) {
            Some(t) => set.insert(t),
            None => problems.push(unknown(name)),
        }
    }
    (set, problems)
}

/// Why `name` is not a target, with the closest one.
pub fn unknown(name: &str) -> String {
    let (hint, _) = crate::suggest::did_you_mean(name, Target::ALL.iter().map(|t| t.as_str()));
    let all = Target::ALL.iter().map(|t| t.as_str()).collect::<Vec<_>>().join(", ");
    format!("unknown target `{name}`{hint} (targets: {all})")
}

/// One fact of a profile's table, as `rigls targets` and `docs/targets.md` print it: an aspect
/// (`Data versions`, `Blend modes`, `Dropped`…), what the target does, and where that was read
/// (a source file and line of the runtime, or an issue).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    pub aspect: &'static str,
    pub text: String,
    pub evidence: Vec<&'static str>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_and_sets_combine() {
        for &t in Target::ALL {
            assert_eq!(Target::parse(t.as_str()), Some(t));
        }
        let (set, problems) = parse_names(["godot", "danmakufu-ph3", "unty"]);
        assert_eq!(set.iter().collect::<Vec<_>>(), [Target::Godot, Target::DanmakufuPh3]);
        assert_eq!(problems.len(), 1);
        assert!(problems[0].starts_with("unknown target `unty`; did you mean `unity`?"), "{}", problems[0]);
        assert_eq!(
            Targets::of(&[Target::Godot, Target::Egret, Target::DragonBonesCpp]).names(),
            "egret, dragonbones-cpp and godot"
        );
        assert_eq!(Targets::NONE.evaluated_as(FileFormat::DragonBones), Some(Target::DragonBonesJs));
        assert_eq!(Targets::NONE.evaluated_as(FileFormat::Elem), None);
        assert_eq!(set.evaluated_as(FileFormat::Elem), Some(Target::DanmakufuPh3));
    }

    #[test]
    fn overriding_replaces_a_format_s_targets_only() {
        let file = Targets::of(&[Target::Godot, Target::DanmakufuPh3]);
        let cli = Targets::of(&[Target::Unity, Target::Flutter]);
        assert_eq!(file.overridden_by(cli), Targets::of(&[Target::Unity, Target::Flutter, Target::DanmakufuPh3]));
        assert_eq!(file.overridden_by(Targets::NONE), file);
    }
}
