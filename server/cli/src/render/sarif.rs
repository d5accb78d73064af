//! `--format sarif`: a SARIF 2.1.0 log with one run, for code-scanning dashboards (GitHub code
//! scanning, VS Code's SARIF viewer, …).
//!
//! The driver lists the whole rule catalogue, so `ruleIndex` is a code's index in [`RULES`].
//! Columns count UTF-16 code units (SARIF's default `columnKind`, declared explicitly). Relative
//! paths become relative URIs against `%SRCROOT%`, which `originalUriBaseIds` maps to the current
//! directory; absolute paths become `file://` URIs.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use super::FileReport;
use rigls_diagnostic::{Diagnostic, Fix, RULES, Rule, Severity};
use rigls_text::{PositionEncoding, TextRange};

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";
const SRCROOT: &str = "%SRCROOT%";

#[derive(Serialize)]
struct Log<'a> {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: Vec<Run<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run<'a> {
    tool: Tool,
    invocations: Vec<Invocation>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    original_uri_base_ids: BTreeMap<&'static str, ArtifactLocation>,
    column_kind: &'static str,
    /// Always empty when serialised: [`log`] splices the rendered results in.
    results: Vec<SarifResult<'a>>,
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    semantic_version: &'static str,
    rules: Vec<ReportingDescriptor>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReportingDescriptor {
    id: &'static str,
    short_description: Text,
    full_description: Text,
    /// No `helpUri`: the project has no published home yet (only a placeholder); the help names
    /// the section of `docs/rules.md` that documents the rule instead.
    help: Help,
    default_configuration: Configuration,
    properties: RuleProperties,
}

#[derive(Serialize)]
struct Text {
    text: String,
}

#[derive(Serialize)]
struct Help {
    text: String,
    markdown: String,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

#[derive(Serialize)]
struct RuleProperties {
    /// The formats that report the code (`elem`, `dragonbones`).
    tags: Vec<&'static str>,
    /// `rigls --check --fix` repairs some cases.
    fixable: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Invocation {
    execution_successful: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tool_execution_notifications: Vec<Notification>,
}

#[derive(Serialize)]
struct Notification {
    level: &'static str,
    message: Text,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult<'a> {
    rule_id: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule_index: Option<usize>,
    level: &'static str,
    message: Text,
    locations: Vec<Location<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<Location<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fixes: Vec<SarifFix<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<usize>,
    physical_location: PhysicalLocation<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<Text>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation<'a> {
    artifact_location: &'a ArtifactLocation,
    region: Region,
}

#[derive(Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactLocation {
    uri: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    uri_base_id: Option<&'static str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: u32,
    start_column: u32,
    end_line: u32,
    end_column: u32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifFix<'a> {
    description: Text,
    artifact_changes: Vec<ArtifactChange<'a>>,
    properties: FixProperties,
}

#[derive(Serialize)]
struct FixProperties {
    /// Applied by `rigls --check --fix`; the others are offered in editors only.
    safe: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactChange<'a> {
    artifact_location: &'a ArtifactLocation,
    replacements: Vec<Replacement>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Replacement {
    deleted_region: Region,
    inserted_content: Text,
}

/// The results of one file's diagnostics, each pretty-printed at its depth in the log.
pub fn results(file: &FileReport) -> Vec<String> {
    let location = artifact_location(&file.display);
    file.diagnostics
        .iter()
        .map(|d| {
            let result = serde_json::to_string_pretty(&result(file, &location, d)).expect("a result serialises");
            super::json::indent(&result, RESULT_DEPTH)
        })
        .collect()
}

/// Whether the file is reported under `%SRCROOT%` (then the log says where that is).
pub fn is_relative(file: &FileReport) -> bool {
    artifact_location(&file.display).uri_base_id.is_some()
}

/// Results are elements of `runs[0].results`: four levels deep.
const RESULT_DEPTH: usize = 4;

/// The whole log around already rendered `results`. `relative`: some file is named by a relative
/// path; `failures`: the inputs that could not be read.
pub fn log(results: Vec<String>, relative: bool, failures: &[String]) -> String {
    let mut base_ids = BTreeMap::new();
    if relative && let Some(root) = std::env::current_dir().ok().and_then(|d| file_uri(&d)) {
        base_ids
            .insert(SRCROOT, ArtifactLocation { uri: format!("{}/", root.trim_end_matches('/')), uri_base_id: None });
    }
    let log = Log {
        schema: SCHEMA,
        version: "2.1.0",
        runs: vec![Run {
            tool: Tool { driver: driver() },
            invocations: vec![Invocation {
                execution_successful: failures.is_empty(),
                tool_execution_notifications: failures
                    .iter()
                    .map(|m| Notification { level: "error", message: Text { text: m.clone() } })
                    .collect(),
            }],
            original_uri_base_ids: base_ids,
            column_kind: "utf16CodeUnits",
            results: Vec::new(),
        }],
    };
    let mut text = serde_json::to_string_pretty(&log).expect("a SARIF log always serialises");
    if !results.is_empty() {
        // `results` is the run's last member: the only `"results": []` outside a string.
        let empty = "\"results\": []";
        let at = text.rfind(empty).expect("the results member");
        let pad = "  ".repeat(RESULT_DEPTH - 1);
        let filled = format!("\"results\": [\n{}\n{pad}]", results.join(",\n"));
        text.replace_range(at..at + empty.len(), &filled);
    }
    text
}

fn driver() -> Driver {
    Driver {
        name: "rigls",
        version: env!("CARGO_PKG_VERSION"),
        semantic_version: env!("CARGO_PKG_VERSION"),
        rules: RULES.iter().map(|r| descriptor(r)).collect(),
    }
}

fn descriptor(rule: &'static Rule) -> ReportingDescriptor {
    let code = rule.code.as_str();
    ReportingDescriptor {
        id: rule.code.as_str(),
        short_description: Text { text: rule.summary.to_owned() },
        full_description: Text { text: format!("{} {}", rule.summary, rule.why) },
        help: Help {
            text: format!(
                "{}\n\nFailing example:\n{}\nFixed:\n{}\n\nDocumented in docs/rules.md#{code} of the rigls repository.",
                rule.why, rule.bad, rule.good
            ),
            markdown: format!(
                "{}\n\nFailing example:\n\n```\n{}\n```\n\nFixed:\n\n```\n{}\n```\n\nDocumented in `docs/rules.md#{code}` of the rigls repository.",
                rule.why,
                rule.bad.trim_end(),
                rule.good.trim_end()
            ),
        },
        default_configuration: Configuration { level: level(rule.severity) },
        properties: RuleProperties { tags: rule.formats.iter().map(|f| f.as_str()).collect(), fixable: rule.fixable },
    }
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Information | Severity::Hint => "note",
    }
}

fn result<'a>(file: &FileReport, location: &'a ArtifactLocation, d: &Diagnostic) -> SarifResult<'a> {
    let related = d
        .related
        .iter()
        .filter(|r| r.file.is_none())
        .enumerate()
        .map(|(i, r)| Location {
            id: Some(i),
            physical_location: PhysicalLocation { artifact_location: location, region: region(file, r.range) },
            message: Some(Text { text: r.message.clone() }),
        })
        .collect();
    SarifResult {
        rule_id: d.code.as_str(),
        rule_index: RULES.iter().position(|r| r.code == d.code),
        level: level(d.severity),
        message: Text { text: d.message.clone() },
        locations: vec![Location {
            id: None,
            physical_location: PhysicalLocation { artifact_location: location, region: region(file, d.range) },
            message: None,
        }],
        related_locations: related,
        fixes: d.fixes.iter().map(|f| fix(file, location, f)).collect(),
    }
}

fn fix<'a>(file: &FileReport, location: &'a ArtifactLocation, fix: &Fix) -> SarifFix<'a> {
    SarifFix {
        description: Text { text: fix.title.clone() },
        artifact_changes: vec![ArtifactChange {
            artifact_location: location,
            replacements: fix
                .edits
                .iter()
                .map(|e| Replacement {
                    deleted_region: region(file, e.range),
                    inserted_content: Text { text: e.new_text.clone() },
                })
                .collect(),
        }],
        properties: FixProperties { safe: fix.safe },
    }
}

/// 1-based lines and UTF-16 columns, end exclusive; an empty range is an insertion point.
fn region(file: &FileReport, range: TextRange) -> Region {
    let (start_line, start_column) = file.position_in(range.start, PositionEncoding::Utf16);
    let (end_line, end_column) = file.position_in(range.end, PositionEncoding::Utf16);
    Region { start_line, start_column, end_line, end_column }
}

/// Where a reported path is: relative to `%SRCROOT%`, or an absolute `file://` URI.
fn artifact_location(display: &str) -> ArtifactLocation {
    let path = Path::new(display);
    if path.is_absolute()
        && let Some(uri) = file_uri(path)
    {
        return ArtifactLocation { uri, uri_base_id: None };
    }
    let relative = display.replace('\\', "/");
    let relative = relative.trim_start_matches("./");
    ArtifactLocation { uri: percent_encode(relative), uri_base_id: Some(SRCROOT) }
}

/// `file:///abs/path` for an absolute path.
fn file_uri(path: &Path) -> Option<String> {
    let path = path.to_str()?.replace('\\', "/");
    let path = if path.starts_with('/') { path } else { format!("/{path}") };
    Some(format!("file://{}", percent_encode(&path)))
}

/// Percent-encodes everything but unreserved characters and `/` (RFC 3986), byte by byte, so
/// Japanese names become valid URI references.
fn percent_encode(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for &b in path.as_bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        let l = artifact_location("./models/歩行 ロボ.elem");
        assert_eq!(l.uri, "models/%E6%AD%A9%E8%A1%8C%20%E3%83%AD%E3%83%9C.elem");
        assert_eq!(l.uri_base_id, Some(SRCROOT));
        let l = artifact_location("/tmp/a#b.elem");
        assert_eq!((l.uri.as_str(), l.uri_base_id), ("file:///tmp/a%23b.elem", None));
        assert_eq!(artifact_location("<stdin>").uri, "%3Cstdin%3E");
    }
}
