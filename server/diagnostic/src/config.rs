//! Per-code severity overrides and the targets a project ships to, shared by every front end so an
//! editor and CI agree.
//!
//! Both live in a `rigls.toml` found in the checked file's folder or any folder above it:
//! ```toml
//! [severity]
//! unknown-key = "off"
//! weight-sum = "error"
//!
//! [dragonbones]
//! targets = ["cocos-creator-3", "godot"]
//!
//! [elem]
//! targets = ["danmakufu-ph3"]
//! ```
//! and in editor settings, `{"rigls": {"severity": {"unknown-key": "off"}, "targets": ["godot"]}}`
//! (the `rigls` wrapper is optional). Editor settings override the file code by code, and the
//! targets of each format the editor names replace the file's of that format (a command line's
//! `--target` does the same). Levels are `off`, `hint`, `information`, `warning` and `error`; a
//! level replaces the severity of every diagnostic of its code, whatever the catalogue gives its
//! format or its case. Targets: [`crate::target`].
//!
//! Problems in a table (an unknown code, an unknown level, an unknown target) are reported as
//! warnings and the entry is skipped: a config written for a newer rigls still works with an older
//! one.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use crate::env::FileSystem;
use crate::suggest;
use crate::target::{self, Targets};
use crate::{Code, Diagnostic, FileFormat, Severity};

/// The name of the configuration file, searched upward from the checked file.
pub const FILE_NAME: &str = "rigls.toml";

/// What a table says about one code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Not reported at all.
    Off,
    /// Reported with this severity instead of the catalogue's, in every format and case.
    Report(Severity),
}

impl Level {
    pub fn parse(s: &str) -> Option<Level> {
        match s {
            "off" => Some(Level::Off),
            _ => Severity::parse(s).map(Level::Report),
        }
    }
}

/// Code → level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeverityTable {
    levels: BTreeMap<String, Level>,
}

impl SeverityTable {
    pub fn is_empty(&self) -> bool {
        self.levels.is_empty()
    }

    pub fn set(&mut self, code: impl Into<String>, level: Level) {
        self.levels.insert(code.into(), level);
    }

    pub fn level(&self, code: &str) -> Option<Level> {
        self.levels.get(code).copied()
    }

    /// This table with every entry of `over` taking precedence.
    pub fn overridden_by(&self, over: &SeverityTable) -> SeverityTable {
        let mut levels = self.levels.clone();
        levels.extend(over.levels.iter().map(|(k, v)| (k.clone(), *v)));
        SeverityTable { levels }
    }

    /// The diagnostic as this table wants it reported, or `None` when its code is off.
    pub fn adjust(&self, mut diagnostic: Diagnostic) -> Option<Diagnostic> {
        match self.level(diagnostic.code.as_str()) {
            Some(Level::Off) => None,
            Some(Level::Report(severity)) => {
                diagnostic.severity = severity;
                Some(diagnostic)
            }
            None => Some(diagnostic),
        }
    }

    pub fn apply(&self, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
        if self.is_empty() {
            return diagnostics;
        }
        diagnostics.into_iter().filter_map(|d| self.adjust(d)).collect()
    }

    /// Builds a table from `(code, level)` entries, where a level that is not a string is `None`.
    /// Returns the table and one message per entry it skipped.
    fn from_entries<'a>(entries: impl IntoIterator<Item = (&'a str, Option<&'a str>)>) -> (SeverityTable, Vec<String>) {
        let mut table = SeverityTable::default();
        let mut problems = Vec::new();
        for (code, value) in entries {
            if Code::parse(code).is_none() {
                let (hint, _) = suggest::did_you_mean(code, Code::ALL.iter().map(|c| c.as_str()));
                problems.push(format!("unknown diagnostic code `{code}`{hint}"));
                continue;
            }
            match value.and_then(Level::parse) {
                Some(level) => table.set(code, level),
                None => {
                    let shown = value.map_or_else(|| "a non-string value".to_owned(), |v| format!("`{v}`"));
                    problems.push(format!(
                        "`{code}`: {shown} is not a level (expected off, hint, information, warning or error)"
                    ));
                }
            }
        }
        (table, problems)
    }
}

/// What editor settings or a `rigls.toml` say.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    pub severity: SeverityTable,
    /// The targets named (of every format; empty when none is).
    pub targets: Targets,
}

/// Reads editor settings: `{"rigls": {"severity": {…}, "targets": […]}}` or the same without the
/// wrapper. Anything else (null, other settings) gives empty settings.
pub fn from_editor_settings(settings: &serde_json::Value) -> (Settings, Vec<String>) {
    let settings = settings.get("rigls").filter(|v| v.is_object()).unwrap_or(settings);
    let (severity, mut problems) = match settings.get("severity") {
        None | Some(serde_json::Value::Null) => (SeverityTable::default(), Vec::new()),
        Some(serde_json::Value::Object(map)) => {
            SeverityTable::from_entries(map.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        }
        Some(_) => (SeverityTable::default(), vec!["`severity` must be an object of code = level".to_owned()]),
    };
    let targets = match settings.get("targets") {
        None | Some(serde_json::Value::Null) => Targets::NONE,
        Some(serde_json::Value::Array(names)) => {
            let (targets, mut unknown) = target_names(names.iter().map(serde_json::Value::as_str));
            problems.append(&mut unknown);
            targets
        }
        Some(_) => {
            problems.push("`targets` must be a list of target names, e.g. [\"godot\"]".to_owned());
            Targets::NONE
        }
    };
    (Settings { severity, targets }, problems)
}

/// Target names where `None` is a value that is not a string.
fn target_names<'a>(names: impl Iterator<Item = Option<&'a str>>) -> (Targets, Vec<String>) {
    let mut problems = Vec::new();
    let names: Vec<&str> = names
        .filter_map(|n| {
            if n.is_none() {
                problems.push("`targets`: a value that is not a target name (a string)".to_owned());
            }
            n
        })
        .collect();
    let (targets, mut unknown) = target::parse_names(names);
    problems.append(&mut unknown);
    (targets, problems)
}

/// The section of a format in `rigls.toml`.
fn section(format: FileFormat) -> &'static str {
    format.as_str()
}

/// Parses the text of a `rigls.toml`: the settings and warnings about skipped entries, or why the
/// file cannot be used at all.
pub fn parse_toml(text: &str) -> Result<(Settings, Vec<String>), String> {
    let document: toml::Table = text.parse().map_err(|e: toml::de::Error| e.to_string().trim_end().to_owned())?;
    let mut warnings = Vec::new();
    let known = |k: &str| k == "severity" || FileFormat::ALL.iter().any(|&f| section(f) == k);
    for key in document.keys().filter(|k| !known(k)) {
        warnings
            .push(format!("unknown setting `{key}` (rigls.toml has the tables [severity], [elem] and [dragonbones])"));
    }
    let severity = match document.get("severity") {
        None => SeverityTable::default(),
        Some(toml::Value::Table(table)) => {
            let (table, mut problems) =
                SeverityTable::from_entries(table.iter().map(|(k, v)| (k.as_str(), v.as_str())));
            warnings.append(&mut problems);
            table
        }
        Some(_) => return Err("`severity` must be a table: [severity]".to_owned()),
    };
    let mut targets = Targets::NONE;
    for format in FileFormat::ALL {
        let name = section(format);
        let Some(value) = document.get(name) else { continue };
        let toml::Value::Table(table) = value else {
            return Err(format!("`{name}` must be a table: [{name}]"));
        };
        for key in table.keys().filter(|k| k.as_str() != "targets") {
            warnings.push(format!("unknown setting `{name}.{key}` ([{name}] has `targets` only)"));
        }
        match table.get("targets") {
            None => {}
            Some(toml::Value::Array(names)) => {
                let (named, problems) = target_names(names.iter().map(toml::Value::as_str));
                warnings.extend(problems.into_iter().map(|p| format!("[{name}] {p}")));
                for t in named.iter() {
                    if t.format() == format {
                        targets.insert(t);
                    } else {
                        warnings.push(format!(
                            "[{name}] target `{t}` is for {} files: name it under [{}]",
                            t.format().title(),
                            section(t.format())
                        ));
                    }
                }
            }
            Some(_) => return Err(format!("`{name}.targets` must be a list of target names, e.g. [\"godot\"]")),
        }
    }
    Ok((Settings { severity, targets }, warnings))
}

/// A `rigls.toml` that was found and parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigFile {
    pub path: PathBuf,
    pub severity: SeverityTable,
    /// The targets its format sections name.
    pub targets: Targets,
    /// Entries that were skipped, and why.
    pub warnings: Vec<String>,
}

/// A `rigls.toml` that exists but cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    pub path: PathBuf,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

/// The nearest `rigls.toml` in `dir` or one of its ancestors.
pub fn find(dir: &Path, fs: &dyn FileSystem) -> Option<PathBuf> {
    dir.ancestors().map(|d| d.join(FILE_NAME)).find(|p| fs.exists(p))
}

/// Loads the `rigls.toml` that applies to files in `dir`, if there is one.
pub fn load(dir: &Path, fs: &dyn FileSystem) -> Result<Option<ConfigFile>, ConfigError> {
    let Some(path) = find(dir, fs) else { return Ok(None) };
    let Some(text) = fs.read_to_string(&path) else {
        return Err(ConfigError { path, message: "cannot be read as UTF-8 text".to_owned() });
    };
    match parse_toml(&text) {
        Ok((Settings { severity, targets }, warnings)) => Ok(Some(ConfigFile { path, severity, targets, warnings })),
        Err(message) => Err(ConfigError { path, message }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::env::MemoryFs;
    use crate::{Code, FileFormat};
    use rigls_text::TextRange;
    use serde_json::json;

    fn diagnostic(code: Code) -> Diagnostic {
        Diagnostic::new(code, FileFormat::Elem, TextRange::new(0, 1), "m")
    }

    #[test]
    fn editor_settings_with_or_without_the_wrapper() {
        let wrapped = json!({"rigls": {"severity": {"unknown-key": "off", "weight-sum": "error"}}});
        let bare = json!({"severity": {"unknown-key": "off", "weight-sum": "error"}});
        let (a, pa) = from_editor_settings(&wrapped);
        let (b, pb) = from_editor_settings(&bare);
        assert_eq!(a, b);
        assert!(pa.is_empty() && pb.is_empty());
        assert_eq!(a.severity.level("unknown-key"), Some(Level::Off));
        assert_eq!(a.severity.level("weight-sum"), Some(Level::Report(Severity::Error)));
        assert_eq!(from_editor_settings(&serde_json::Value::Null).0, Settings::default());
    }

    #[test]
    fn bad_entries_are_skipped_with_a_reason() {
        let (settings, problems) =
            from_editor_settings(&json!({"severity": {"unknow-key": "off", "weight-sum": "loud", "arity": 3}}));
        assert!(settings.severity.is_empty());
        assert_eq!(
            problems,
            [
                "`arity`: a non-string value is not a level (expected off, hint, information, warning or error)",
                "unknown diagnostic code `unknow-key`; did you mean `unknown-key`?",
                "`weight-sum`: `loud` is not a level (expected off, hint, information, warning or error)",
            ]
        );
    }

    #[test]
    fn toml_tables_and_errors() {
        let (settings, warnings) = parse_toml("[severity]\nunknown-key = \"off\"\nweight-sum = \"hint\"\n").unwrap();
        assert!(warnings.is_empty());
        assert_eq!(settings.severity.level("weight-sum"), Some(Level::Report(Severity::Hint)));
        let (_, warnings) = parse_toml("[severty]\n").unwrap();
        assert_eq!(
            warnings,
            ["unknown setting `severty` (rigls.toml has the tables [severity], [elem] and [dragonbones])"]
        );
        assert_eq!(parse_toml("severity = 1\n").unwrap_err(), "`severity` must be a table: [severity]");
        assert!(parse_toml("[severity\n").unwrap_err().contains("line 1"), "{:?}", parse_toml("[severity\n"));
    }

    #[test]
    fn applying_turns_codes_off_and_changes_severities() {
        let (file, _) = parse_toml("[severity]\nunknown-key = \"off\"\nweight-sum = \"hint\"\n").unwrap();
        let (editor, _) = from_editor_settings(&json!({"severity": {"weight-sum": "error"}}));
        let table = file.severity.overridden_by(&editor.severity);
        let out = table.apply(vec![diagnostic(Code::UnknownKey), diagnostic(Code::WeightSum), diagnostic(Code::Arity)]);
        let summary: Vec<_> = out.iter().map(|d| (d.code, d.severity)).collect();
        assert_eq!(summary, [(Code::WeightSum, Severity::Error), (Code::Arity, Severity::Error)]);
    }

    #[test]
    fn a_level_applies_to_every_case_of_its_code() {
        let case = Diagnostic::of_case(&crate::case::MESH_VERTICES_ODD, TextRange::new(0, 1), "m");
        let plain = Diagnostic::new(Code::Arity, FileFormat::DragonBones, TextRange::new(0, 1), "m");
        assert_eq!((case.severity, plain.severity), (Severity::Warning, Severity::Error));
        let (settings, _) = parse_toml("[severity]\narity = \"information\"\n").unwrap();
        let out = settings.severity.apply(vec![case, plain]);
        assert!(out.iter().all(|d| d.severity == Severity::Information), "{out:?}");
    }

    #[test]
    fn targets_come_per_format_section_and_from_editor_settings() {
        use crate::target::Target;
        let text = "[dragonbones]\ntargets = [\"godot\", \"cocos-creator-3\", \"danmakufu-ph3\", \"unty\"]\n\
                    [elem]\ntargets = [\"danmakufu-ph3\"]\nextra = 1\n";
        let (settings, warnings) = parse_toml(text).unwrap();
        assert_eq!(settings.targets, Targets::of(&[Target::Godot, Target::CocosCreator3, Target::DanmakufuPh3]));
        assert_eq!(
            warnings,
            [
                "unknown setting `elem.extra` ([elem] has `targets` only)",
                "[dragonbones] unknown target `unty`; did you mean `unity`? (targets: dragonbones-js, egret, \
                 cocos-creator-2, cocos-creator-3, dragonbones-cpp, godot, unity, flutter, danmakufu-ph3)",
                "[dragonbones] target `danmakufu-ph3` is for .elem files: name it under [elem]",
            ]
        );
        assert_eq!(
            parse_toml("[elem]\ntargets = \"danmakufu-ph3\"\n").unwrap_err(),
            "`elem.targets` must be a list of target names, e.g. [\"godot\"]"
        );
        assert_eq!(parse_toml("elem = 1\n").unwrap_err(), "`elem` must be a table: [elem]");
        let (editor, problems) = from_editor_settings(&json!({"rigls": {"targets": ["unity", 3]}}));
        assert_eq!(editor.targets, Targets::of(&[Target::Unity]));
        assert_eq!(problems, ["`targets`: a value that is not a target name (a string)"]);
        let (_, problems) = from_editor_settings(&json!({"targets": "unity"}));
        assert_eq!(problems, ["`targets` must be a list of target names, e.g. [\"godot\"]"]);
    }

    #[test]
    fn the_nearest_file_upward_wins() {
        let fs = MemoryFs::default()
            .with("/p/rigls.toml", "[severity]\narity = \"off\"\n")
            .with("/p/a/b/rigls.toml", "[severity]\narity = \"hint\"\n");
        let near = load(Path::new("/p/a/b"), &fs).unwrap().unwrap();
        assert_eq!(near.path, Path::new("/p/a/b/rigls.toml"));
        let far = load(Path::new("/p/a"), &fs).unwrap().unwrap();
        assert_eq!(far.severity.level("arity"), Some(Level::Off));
        assert_eq!(load(Path::new("/q"), &fs), Ok(None));
        let broken = MemoryFs::default().with("/r/rigls.toml", "[severity");
        let error = load(Path::new("/r/x"), &broken).unwrap_err();
        assert_eq!(error.path, Path::new("/r/rigls.toml"));
    }
}
