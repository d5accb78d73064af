//! Diagnostic codes: the [`Code`] type, the catalogue entry ([`Rule`]) each code owns, and the
//! [`Case`]s a rule reports with another severity than its code's.
//!
//! Codes are contracts: users name them in `rigls.toml`, editor settings and CI filters. Add codes
//! freely; never rename or remove one. A new code is a variant below (with its spelling) and an arm
//! of [`Code::rule`] in `catalogue.rs`, which the compiler insists on; `rigls rules`,
//! `docs/rules.md` and the editors' settings are generated or checked from there.

use std::fmt;

use super::Severity;
use super::target::Target;

macro_rules! codes {
    ($($(#[$doc:meta])* $variant:ident = $code:literal,)*) => {
        /// A diagnostic code. Its catalogue entry, [`Code::rule`], says what it checks, why, and
        /// with which severity each format reports it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $($(#[$doc])* $variant,)*
        }

        impl Code {
            /// Every code, in catalogue order.
            pub const ALL: &[Code] = &[$(Code::$variant),*];

            /// The code as users write it (`count-mismatch`).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $code,)*
                }
            }
        }

        /// The catalogue, one entry per code in [`Code::ALL`] order.
        pub static RULES: &[&Rule] = &[$(Code::$variant.rule()),*];
    };
}

codes! {
    Syntax = "syntax",
    Header = "header",
    CountMismatch = "count-mismatch",
    Arity = "arity",
    IndexOutOfRange = "index-out-of-range",
    OutOfRange = "out-of-range",
    UnknownBone = "unknown-bone",
    UnknownNode = "unknown-node",
    UnknownMesh = "unknown-mesh",
    UnknownMaterial = "unknown-material",
    UnknownMeshContainer = "unknown-mesh-container",
    DuplicateName = "duplicate-name",
    InvalidValue = "invalid-value",
    UnknownKey = "unknown-key",
    MissingKey = "missing-key",
    DuplicateKey = "duplicate-key",
    MissingFile = "missing-file",
    NumberFormat = "number-format",
    WeightSum = "weight-sum",
    TimeKeysOrder = "time-keys-order",
    NonUnitQuaternion = "non-unit-quaternion",
    VertexFormatMismatch = "vertex-format-mismatch",
    BoneMismatch = "bone-mismatch",
    Encoding = "encoding",
    UnknownSlot = "unknown-slot",
    UnknownAnimation = "unknown-animation",
    UnknownDisplay = "unknown-display",
    UnknownArmature = "unknown-armature",
    UnknownTexture = "unknown-texture",
    UnknownSkin = "unknown-skin",
    UnknownConstraint = "unknown-constraint",
    ParentCycle = "parent-cycle",
    UnsupportedVersion = "unsupported-version",
    LegacyVersion = "legacy-version",
    FrameAfterEnd = "frame-after-end",
    IkCycle = "ik-cycle",
    ArmatureCycle = "armature-cycle",
    TooManyArmatures = "too-many-armatures",
    MeshIncomplete = "mesh-incomplete",
    RegionOutOfBounds = "region-out-of-bounds",
    ImageSizeMismatch = "image-size-mismatch",
    NonFinitePose = "non-finite-pose",
    LegacyIk = "legacy-ik",
    IgnoredKey = "ignored-key",
    SlotZMismatch = "slot-z-mismatch",
    SharedMesh = "shared-mesh",
    AtlasNameMismatch = "atlas-name-mismatch",
    BinaryFormat = "binary-format",
    BinaryTruncated = "binary-truncated",
    BinaryLayout = "binary-layout",
    BinaryOffset = "binary-offset",
    BinaryPastEnd = "binary-past-end",
    BinaryTimeline = "binary-timeline",
    BinaryEncoding = "binary-encoding",
    TargetUnsupportedVersion = "target-unsupported-version",
    TargetLoadFailure = "target-load-failure",
    TargetDrops = "target-drops",
    TargetFloatOverflow = "target-float-overflow",
    ArrayOverflow = "array-overflow",
    SingularBonePose = "singular-bone-pose",
}

impl Code {
    /// The code a user wrote.
    pub fn parse(s: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == s)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// The formats diagnostics are about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FileFormat {
    Elem,
    DragonBones,
}

impl FileFormat {
    pub const ALL: [FileFormat; 2] = [FileFormat::Elem, FileFormat::DragonBones];

    /// As the JSON catalogue writes it: `elem`, `dragonbones`.
    pub fn as_str(self) -> &'static str {
        match self {
            FileFormat::Elem => "elem",
            FileFormat::DragonBones => "dragonbones",
        }
    }

    /// For people: `.elem`, `DragonBones JSON`.
    pub fn title(self) -> &'static str {
        match self {
            FileFormat::Elem => ".elem",
            FileFormat::DragonBones => "DragonBones JSON",
        }
    }
}

/// A case that a rule deliberately reports with another severity than its code's in that format
/// (milder, where runtimes tolerate it). Rules report it with [`super::Diagnostic::of_case`]; the
/// catalogue lists it under its code, so what is reported is what is documented.
#[derive(Debug, PartialEq, Eq)]
pub struct Case {
    pub code: Code,
    pub format: FileFormat,
    pub severity: Severity,
    /// The case, and why it gets this severity (which runtime tolerates it, and how).
    pub when: &'static str,
}

/// The catalogue entry of one code.
#[derive(Debug, PartialEq, Eq)]
pub struct Rule {
    pub code: Code,
    /// The severity the code is reported with, unless `format_severities` or a case says otherwise.
    pub severity: Severity,
    /// The formats that report it.
    pub formats: &'static [FileFormat],
    /// Formats that report the code with another severity than `severity`.
    pub format_severities: &'static [(FileFormat, Severity)],
    /// Cases reported with another severity than the format's.
    pub cases: &'static [&'static Case],
    /// The targets it is reported for, when it is reported only for targets a user names
    /// (`rigls --check --target`); empty for a code every check reports.
    pub targets: &'static [Target],
    /// One line: what it checks.
    pub summary: &'static str,
    /// Why it matters: which reader or runtime breaks, and how.
    pub why: &'static str,
    /// A short failing example and the same example fixed.
    pub bad: &'static str,
    pub good: &'static str,
    /// `rigls --check --fix` repairs some cases of it: the rule emits a `Fix::safe` fix for them.
    /// Rules whose fixes need a human decision (editor quick fixes only) say `false`.
    pub fixable: bool,
}

impl Rule {
    /// The severity the code is reported with in `format`, outside its cases.
    pub fn severity_in(&self, format: FileFormat) -> Severity {
        self.format_severities.iter().find(|(f, _)| *f == format).map_or(self.severity, |(_, s)| *s)
    }

    /// The cases of `format`.
    pub fn cases_in(&self, format: FileFormat) -> impl Iterator<Item = &'static Case> + '_ {
        self.cases.iter().copied().filter(move |c| c.format == format)
    }

    /// Where the code is reported with another severity than `severity`, for people:
    /// `DragonBones JSON: warning`, `3 DragonBones JSON cases: warning`; `None` when nowhere.
    pub fn other_severities(&self) -> Option<String> {
        let mut parts: Vec<String> =
            self.format_severities.iter().map(|(f, s)| format!("{}: {s}", f.title())).collect();
        for format in FileFormat::ALL {
            for severity in [Severity::Error, Severity::Warning, Severity::Information, Severity::Hint] {
                let n = self.cases_in(format).filter(|c| c.severity == severity).count();
                if n > 0 {
                    let cases = if n == 1 { "case" } else { "cases" };
                    parts.push(format!("{n} {} {cases}: {severity}", format.title()));
                }
            }
        }
        (!parts.is_empty()).then(|| parts.join("; "))
    }
}

/// Looks a code up in the catalogue by the name users write.
pub fn rule(code: &str) -> Option<&'static Rule> {
    Code::parse(code).map(Code::rule)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_its_own_entry_and_a_unique_spelling() {
        let mut spellings = std::collections::HashSet::new();
        for (&code, rule) in Code::ALL.iter().zip(RULES) {
            assert_eq!(rule.code, code, "the entry of {code} names another code");
            assert!(spellings.insert(code.as_str()), "{code} spelt twice");
            assert_eq!(Code::parse(code.as_str()), Some(code));
            assert!(!rule.summary.is_empty() && !rule.why.is_empty(), "{code} lacks text");
            assert!(!rule.formats.is_empty(), "{code} names no format");
        }
    }

    #[test]
    fn target_codes_name_targets_of_their_formats() {
        for rule in RULES {
            for target in rule.targets {
                assert!(rule.formats.contains(&target.format()), "{}: {target} reads another format", rule.code);
            }
            let named = rule.code.as_str().starts_with("target-");
            assert_eq!(named, !rule.targets.is_empty(), "{}: a target code names its targets", rule.code);
        }
    }

    #[test]
    fn cases_belong_to_their_code_and_format_and_differ_from_it() {
        for rule in RULES {
            for (format, severity) in rule.format_severities {
                assert!(
                    rule.formats.contains(format),
                    "{}: a severity for {format:?}, which it does not check",
                    rule.code
                );
                assert_ne!(*severity, rule.severity, "{}: {format:?} repeats the default", rule.code);
            }
            for case in rule.cases {
                assert_eq!(case.code, rule.code, "{}: listed under another code: {}", case.code, case.when);
                assert!(rule.formats.contains(&case.format), "{}: a case for another format", rule.code);
                assert_ne!(case.severity, rule.severity_in(case.format), "{}: a case as severe as the code", rule.code);
                assert!(!case.when.is_empty());
            }
        }
    }
}
