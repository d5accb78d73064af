//! `--format json`: one JSON array. Field names are a contract.

use serde::Serialize;

use super::FileReport;

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    file: &'a str,
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    severity: &'static str,
    code: &'static str,
    message: &'a str,
    /// The title of the first fix offered, if any.
    fix: Option<&'a str>,
}

/// The report's diagnostics as elements of the pretty-printed array (indented one level), as
/// `serde_json::to_string_pretty` writes them.
pub fn elements(report: &FileReport) -> Vec<String> {
    report
        .diagnostics
        .iter()
        .map(|d| {
            let (line, column) = report.position(d.range.start);
            let (end_line, end_column) = report.position(d.range.end);
            let element = JsonDiagnostic {
                file: &report.display,
                line,
                column,
                end_line,
                end_column,
                severity: d.severity.as_str(),
                code: d.code.as_str(),
                message: &d.message,
                fix: d.fixes.first().map(|f| f.title.as_str()),
            };
            indent(&serde_json::to_string_pretty(&element).unwrap_or_else(|_| "{}".to_owned()), 1)
        })
        .collect()
}

/// Indents every line of pretty-printed JSON by `levels` levels of two spaces (strings hold no
/// raw line breaks, so every line is the document's own).
pub fn indent(json: &str, levels: usize) -> String {
    let pad = "  ".repeat(levels);
    let mut out = String::with_capacity(json.len() + 16 * levels);
    for (i, line) in json.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&pad);
        out.push_str(line);
    }
    out
}
