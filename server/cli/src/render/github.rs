//! `--format github`: one GitHub Actions workflow command per diagnostic, which the runner turns
//! into an annotation on the pull request:
//!
//! ```text
//! ::error file=model.elem,line=9,col=2,endLine=9,endColumn=13,title=rigls(count-mismatch)::VertexCount is 5 …
//! ```
//!
//! Errors are `::error`, warnings `::warning`, information and hints `::notice`. Lines and columns
//! are 1-based, columns in Unicode characters with an exclusive end, as in `--format json`. GitHub
//! accepts columns only on single-line annotations, so a range spanning lines gives only `line`
//! and `endLine`. Messages escape `%`, CR and LF; property values also escape `:` and `,`.

use super::FileReport;
use rigls_diagnostic::{Diagnostic, Severity};

pub fn render(reports: &[FileReport]) -> String {
    let mut out = String::new();
    for report in reports {
        for d in &report.diagnostics {
            out.push_str(&command(report, d));
            out.push('\n');
        }
    }
    out
}

fn command(report: &FileReport, d: &Diagnostic) -> String {
    let name = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Information | Severity::Hint => "notice",
    };
    let (line, col) = report.position(d.range.start);
    let (end_line, end_col) = report.position(d.range.end);
    let mut properties = vec![("file", escape_property(&report.display)), ("line", line.to_string())];
    if line == end_line {
        properties.push(("col", col.to_string()));
        properties.extend([("endLine", end_line.to_string()), ("endColumn", end_col.to_string())]);
    } else {
        properties.push(("endLine", end_line.to_string()));
    }
    properties.push(("title", escape_property(&format!("rigls({})", d.code))));
    let properties: Vec<String> = properties.into_iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!("::{name} {}::{}", properties.join(","), escape_data(&d.message))
}

/// Escapes a command's message, as the runner's `toCommandValue` expects.
fn escape_data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// Escapes a property value: like a message, plus the `:` and `,` that delimit properties.
fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rigls_diagnostic::{Code, FileFormat};
    use rigls_text::{LineIndex, TextRange};

    #[test]
    fn multi_line_ranges_have_no_columns() {
        let text = "a\r\nbé\nc".to_owned();
        let lines = LineIndex::new(&text);
        let mut d = [
            Diagnostic::new(Code::UnknownKey, FileFormat::Elem, TextRange::new(1, 4), "spans"),
            Diagnostic::new(Code::WeightSum, FileFormat::Elem, TextRange::new(4, 6), "one line"),
        ];
        // As a severity table may set them.
        d[0].severity = Severity::Hint;
        d[1].severity = Severity::Information;
        let report = FileReport::new("a.elem".to_owned(), text, lines, d.to_vec());
        assert_eq!(
            render(&[report]),
            "::notice file=a.elem,line=1,endLine=2,title=rigls(unknown-key)::spans\n\
             ::notice file=a.elem,line=2,col=2,endLine=2,endColumn=3,title=rigls(weight-sum)::one line\n"
        );
    }

    #[test]
    fn escaping_follows_the_workflow_command_rules() {
        assert_eq!(escape_data("50% done\r\nnext: a,b"), "50%25 done%0D%0Anext: a,b");
        assert_eq!(escape_property("C:\\models\\a,b%.elem"), "C%3A\\models\\a%2Cb%25.elem");
    }
}
