//! `--statistics`: how many diagnostics of each code were reported with each severity, most
//! frequent first. A code reported with two severities (a milder case, a `rigls.toml` entry) has a
//! row per severity: the table counts what the report shows.
//!
//! ```text
//! code            severity  count  safe fixes
//! count-mismatch  error         2           2
//! unknown-key     warning       1           1
//! total                         3           3
//! ```

use std::collections::BTreeMap;

use rigls_diagnostic::{Diagnostic, Severity};

/// (code, severity reported) → (count, count with a safe fix), over every file reported.
#[derive(Default)]
pub struct Counts(BTreeMap<(&'static str, Severity), (usize, usize)>);

impl Counts {
    pub fn add(&mut self, diagnostics: &[Diagnostic]) {
        for d in diagnostics {
            let row = self.0.entry((d.code.as_str(), d.severity)).or_default();
            row.0 += 1;
            row.1 += usize::from(d.safe_fix().is_some());
        }
    }

    pub fn merge(&mut self, other: Counts) {
        for (key, (count, fixable)) in other.0 {
            let row = self.0.entry(key).or_default();
            row.0 += count;
            row.1 += fixable;
        }
    }
}

pub fn table(counts: &Counts) -> String {
    let rows = &counts.0;
    if rows.is_empty() {
        return "No diagnostics to count.\n".to_owned();
    }
    let mut rows: Vec<_> =
        rows.iter().map(|(&(code, severity), &(count, fixable))| (code, severity, count, fixable)).collect();
    // Most frequent first, then by code, errors before warnings.
    rows.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(b.0)).then(b.1.cmp(&a.1)));
    let total: usize = rows.iter().map(|r| r.2).sum();
    let total_fixable: usize = rows.iter().map(|r| r.3).sum();

    let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0).max("total".len());
    let mut out = format!("{:width$}  {:11}  {:>5}  {:>10}\n", "code", "severity", "count", "safe fixes");
    for (code, severity, count, fixable) in &rows {
        out.push_str(&format!("{code:width$}  {:11}  {count:>5}  {fixable:>10}\n", severity.as_str()));
    }
    out.push_str(&format!("{:width$}  {:11}  {total:>5}  {total_fixable:>10}\n", "total", ""));
    out
}
