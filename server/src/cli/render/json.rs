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
    /// The title of the available fix, if any.
    fix: Option<&'a str>,
}

pub fn to_json(reports: &[FileReport]) -> String {
    let mut out = Vec::new();
    for report in reports {
        for d in &report.diagnostics {
            let (line, column) = report.position(d.range.start);
            let (end_line, end_column) = report.position(d.range.end);
            out.push(JsonDiagnostic {
                file: &report.display,
                line,
                column,
                end_line,
                end_column,
                severity: d.severity.as_str(),
                code: d.code,
                message: &d.message,
                fix: d.fix.as_ref().map(|f| f.title.as_str()),
            });
        }
    }
    serde_json::to_string_pretty(&out).unwrap_or_else(|_| "[]".to_owned())
}
