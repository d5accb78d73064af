//! The targets a command works for: `--target` on the command line, else the `targets` of the
//! `rigls.toml` that applies to the file.

use std::path::Path;

use rigls_diagnostic::config;
use rigls_diagnostic::env::RealFs;
use rigls_diagnostic::{Target, Targets};
use rigls_ide::Analysis;

/// The `rigls.toml` that applies to `file` (`None` when there is none, or it cannot be used:
/// `--check` reports that).
pub fn config_of(file: &Path) -> Option<config::ConfigFile> {
    let dir = std::path::absolute(file).ok().and_then(|p| p.parent().map(Path::to_path_buf))?;
    config::load(&dir, &RealFs).ok().flatten()
}

/// The targets named in the `rigls.toml` that applies to `file` ([`config_of`]).
pub fn from_config(file: &Path) -> Targets {
    named_in(config_of(file).as_ref())
}

/// The targets a `rigls.toml` names (none without one).
pub fn named_in(config: Option<&config::ConfigFile>) -> Targets {
    config.map_or(Targets::NONE, |c| c.targets)
}

/// The runtime to pose or draw `analysis` (of `file`) as: `explicit`, which must read the file's
/// format, else the first target of that format in `config` (the file's `rigls.toml`); `None`
/// for rigls's own reading.
pub fn for_one_file(
    file: &Path,
    analysis: &Analysis,
    explicit: Option<Target>,
    config: Option<&config::ConfigFile>,
) -> Result<Option<Target>, String> {
    let Some(format) = analysis.kind().format() else { return Ok(explicit) };
    match explicit {
        Some(target) if target.format() != format => Err(format!(
            "`{target}` is a target for {} files, and {} is {}: name one of {}",
            target.format().title(),
            file.display(),
            format.title(),
            Target::of_format(format).map(|t| format!("`{t}`")).collect::<Vec<_>>().join(", ")
        )),
        Some(target) => Ok(Some(target)),
        None => Ok(named_in(config).evaluated_as(format)),
    }
}

/// The command that regenerates `docs/targets.md`.
pub const REGENERATE: &str = "cargo run -p rigls -- targets --format markdown > docs/targets.md";

/// `rigls targets`: every profile with what it covers.
pub fn print(format: super::RulesFormat) -> u8 {
    let text = match format {
        super::RulesFormat::Text => text(),
        super::RulesFormat::Markdown => markdown(),
        super::RulesFormat::Json => json(),
    };
    let mut stdout = std::io::stdout().lock();
    let _ = std::io::Write::write_all(&mut stdout, text.as_bytes()).and_then(|()| std::io::Write::flush(&mut stdout));
    super::exit::OK
}

/// One block per target: its name, format and runtime, then one line per fact.
pub fn text() -> String {
    let mut out = String::new();
    for (i, &t) in Target::ALL.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&format!("{}  ({}) {}\n", t.as_str(), t.format().title(), t.title()));
        for f in rigls_ide::targets::facts(t) {
            out.push_str(&format!("  {}: {}\n", f.aspect, f.text));
        }
    }
    out
}

#[derive(serde::Serialize)]
struct JsonTarget {
    name: &'static str,
    format: &'static str,
    title: &'static str,
    facts: Vec<JsonFact>,
}

#[derive(serde::Serialize)]
struct JsonFact {
    aspect: &'static str,
    text: String,
    evidence: Vec<&'static str>,
}

pub fn json() -> String {
    let targets: Vec<JsonTarget> = Target::ALL
        .iter()
        .map(|&t| JsonTarget {
            name: t.as_str(),
            format: t.format().as_str(),
            title: t.title(),
            facts: rigls_ide::targets::facts(t)
                .into_iter()
                .map(|f| JsonFact { aspect: f.aspect, text: f.text, evidence: f.evidence })
                .collect(),
        })
        .collect();
    serde_json::to_string_pretty(&targets).expect("the profiles always serialise") + "\n"
}

/// `docs/targets.md`: how to name targets, the codes they bring, then one section per target
/// with every fact and its evidence.
pub fn markdown() -> String {
    let mut out = String::new();
    out.push_str("# Targets\n\n");
    out.push_str(&format!(
        "<!-- Generated from the target profiles (server/dragonbones/src/target.rs, server/elem/src/target.rs) by\n     `{REGENERATE}`.\n     Do not edit by hand: a test fails when this file is out of date. -->\n\n"
    ));
    out.push_str(
        "A target is a runtime a file ships to. Name yours, and rigls also reports what that runtime rejects, \
         drops or draws differently, and says in hovers what it drops; `rigls pose` and `rigls render` pose \
         the model as that runtime reads it. Target names are stable.\n\n\
         - Command line: `rigls --check --target godot --target cocos-creator-3 PATH...` (repeatable; \
         `rigls pose --target T`, `rigls render --target T`).\n\
         - `rigls.toml`, per format: `[dragonbones]` `targets = [\"godot\"]`, `[elem]` `targets = \
         [\"danmakufu-ph3\"]`.\n\
         - Editors: the VS Code setting `rigls.targets`, or `{\"rigls\": {\"targets\": [\"godot\"]}}` in the \
         language server's initialization options, `workspace/didChangeConfiguration` or section `rigls` of \
         `workspace/configuration`.\n\n\
         The command line's and the editor's targets of a format replace the `rigls.toml`'s of that format. \
         Without a target, DragonBones data is posed as DragonBonesJS 5.7 poses it and `.elem` models as \
         rigls reads them, and no target code is reported. When several targets are named, one diagnostic \
         lists every target it concerns.\n\n",
    );
    out.push_str("| Code | Severity | Reported for |\n|---|---|---|\n");
    for rule in rigls_diagnostic::RULES.iter().filter(|r| !r.targets.is_empty()) {
        let targets: Vec<String> = rule.targets.iter().map(|t| format!("`{t}`")).collect();
        out.push_str(&format!(
            "| [`{code}`](rules.md#{code}) | {} | {} |\n",
            rule.severity,
            targets.join(", "),
            code = rule.code
        ));
    }
    out.push_str("\n| Target | Format | Runtime |\n|---|---|---|\n");
    for &t in Target::ALL {
        out.push_str(&format!("| [`{name}`](#{name}) | {} | {} |\n", t.format().title(), t.title(), name = t.as_str()));
    }
    for &t in Target::ALL {
        out.push_str(&format!("\n## {}\n\n{} — {} files.\n\n", t.as_str(), t.title(), t.format().title()));
        out.push_str("| Aspect | Behaviour | Evidence |\n|---|---|---|\n");
        for f in rigls_ide::targets::facts(t) {
            let cell = |s: &str| s.replace('|', "\\|").replace('\n', " ");
            out.push_str(&format!("| {} | {} | {} |\n", f.aspect, cell(&f.text), cell(&f.evidence.join("; "))));
        }
    }
    out
}
