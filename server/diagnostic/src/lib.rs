//! The one diagnostic type every format, rule and front end shares, and the codes it carries.

pub mod config;
pub mod env;
pub mod suggest;
pub mod target;

mod catalogue;
mod code;

pub use catalogue::case;
pub use code::{Case, Code, FileFormat, RULES, Rule, rule};
pub use target::{Target, Targets};

use std::fmt;
use std::path::PathBuf;

use rigls_text::TextRange;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    Hint,
    Information,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Information => "information",
            Severity::Hint => "hint",
        }
    }

    pub fn parse(s: &str) -> Option<Severity> {
        Some(match s {
            "error" => Severity::Error,
            "warning" | "warn" => Severity::Warning,
            "information" | "info" => Severity::Information,
            "hint" => Severity::Hint,
            _ => return None,
        })
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A replacement of `range` by `new_text` in the diagnosed file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextEdit {
    pub range: TextRange,
    pub new_text: String,
}

/// A fix for one diagnostic: a titled set of non-overlapping edits to the same file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub title: String,
    pub edits: Vec<TextEdit>,
    /// Safe fixes are applied by `rigls --check --fix`; the others are only offered in editors.
    pub safe: bool,
    /// The fix editors apply on their own "auto fix" (every safe fix, and the best of several
    /// suggested names, which is still a guess and so not safe).
    pub preferred: bool,
}

impl Fix {
    pub fn replace(title: impl Into<String>, range: TextRange, new_text: impl Into<String>) -> Fix {
        Fix {
            title: title.into(),
            edits: vec![TextEdit { range, new_text: new_text.into() }],
            safe: false,
            preferred: false,
        }
    }

    pub fn safe(mut self) -> Fix {
        self.safe = true;
        self.preferred = true;
        self
    }

    /// One fix per suggested name, best first (the first preferred), each replacing `range` with
    /// `spell(name)` under the title `title(name)`. Guesses, so never safe.
    pub fn suggestions(
        names: &[&str],
        range: TextRange,
        title: impl Fn(&str) -> String,
        spell: impl Fn(&str) -> String,
    ) -> Vec<Fix> {
        let mut fixes: Vec<Fix> = names.iter().map(|name| Fix::replace(title(name), range, spell(name))).collect();
        if let Some(best) = fixes.first_mut() {
            best.preferred = true;
        }
        fixes
    }
}

/// A message as a reader can see it: control characters quoted from a file (a NUL after the
/// document, an escape code in a name) are shown as their Unicode control pictures (`␀`, `␛`), as
/// the terminal renderer shows them, instead of reaching an editor or a terminal raw. Line breaks
/// and tabs are kept.
fn readable(message: String) -> String {
    let raw = |c: char| (c.is_control() && c != '\n' && c != '\t') || c == '\u{7f}';
    if !message.chars().any(raw) {
        return message;
    }
    message
        .chars()
        .map(|c| match c {
            '\u{7f}' => '\u{2421}',
            c if (c as u32) < 0x20 && raw(c) => char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}'),
            c if raw(c) => '\u{fffd}',
            c => c,
        })
        .collect()
}

/// A secondary location that explains a diagnostic ("first defined here").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    /// Another file, or `None` for the diagnosed file itself.
    pub file: Option<PathBuf>,
    pub range: TextRange,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable code; users' configs and CI pipelines depend on it.
    pub code: Code,
    /// As the catalogue says for the code in the file's format, or for the diagnostic's case, until
    /// a severity table ([`crate::config`]) changes it.
    pub severity: Severity,
    /// The catalogued case the diagnostic is, when it is one.
    pub case: Option<&'static Case>,
    pub range: TextRange,
    pub message: String,
    pub related: Vec<Related>,
    /// The fixes offered, best first; `rigls --check --fix` applies the first safe one.
    pub fixes: Vec<Fix>,
    /// The flagged text is unused or ignored by every reader (editors fade it out).
    pub unnecessary: bool,
}

impl Diagnostic {
    /// The same diagnostic of text moved by `delta` bytes: its range, the related locations in
    /// its own file and its fixes' edits (for findings reused after an edit elsewhere).
    pub fn moved_by(mut self, delta: i64) -> Diagnostic {
        self.range = self.range.moved_by(delta);
        for r in self.related.iter_mut().filter(|r| r.file.is_none()) {
            r.range = r.range.moved_by(delta);
        }
        for e in self.fixes.iter_mut().flat_map(|f| &mut f.edits) {
            e.range = e.range.moved_by(delta);
        }
        self
    }

    /// A diagnostic of `code` in a file of `format`, with the severity the catalogue gives the code
    /// there. Rules cannot choose another: a milder case is a catalogued [`Case`]
    /// ([`Diagnostic::of_case`]).
    pub fn new(code: Code, format: FileFormat, range: TextRange, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: code.rule().severity_in(format),
            case: None,
            range,
            message: readable(message.into()),
            related: Vec::new(),
            fixes: Vec::new(),
            unnecessary: false,
        }
    }

    /// A diagnostic of a catalogued case, with the case's code and severity.
    pub fn of_case(case: &'static Case, range: TextRange, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: case.severity,
            case: Some(case),
            ..Diagnostic::new(case.code, case.format, range, message)
        }
    }

    /// Adds a fix after those the diagnostic already offers.
    pub fn with_fix(mut self, fix: Fix) -> Diagnostic {
        self.fixes.push(fix);
        self
    }

    pub fn with_fixes(mut self, fixes: Vec<Fix>) -> Diagnostic {
        self.fixes.extend(fixes);
        self
    }

    /// The fix `rigls --check --fix` applies: the first safe one.
    pub fn safe_fix(&self) -> Option<&Fix> {
        self.fixes.iter().find(|f| f.safe)
    }

    pub fn with_related(mut self, range: TextRange, message: impl Into<String>) -> Diagnostic {
        self.related.push(Related { file: None, range, message: readable(message.into()) });
        self
    }

    pub fn with_related_in(mut self, file: PathBuf, range: TextRange, message: impl Into<String>) -> Diagnostic {
        self.related.push(Related { file: Some(file), range, message: readable(message.into()) });
        self
    }

    pub fn unnecessary(mut self) -> Diagnostic {
        self.unnecessary = true;
        self
    }
}

/// Sorts diagnostics into reading order (position, then code) so every front end agrees.
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| {
        (a.range.start, a.range.end, a.code, &a.message).cmp(&(b.range.start, b.range.end, b.code, &b.message))
    });
}

/// Why `d`, found in a file of `format`, disagrees with the catalogue, if it does: its code is not
/// checked in that format, its case is not listed under its code for that format, or its severity
/// is not the one the catalogue gives it. (Severity tables change severities after this.)
pub fn disagreement(d: &Diagnostic, format: FileFormat) -> Option<String> {
    let rule = d.code.rule();
    let expected = match d.case {
        _ if !rule.formats.contains(&format) => {
            return Some(format!("{} is not catalogued for {}", d.code, format.title()));
        }
        Some(case) if !rule.cases_in(format).any(|c| c == case) => {
            return Some(format!("{} reports a case its catalogue entry does not list: {}", d.code, case.when));
        }
        Some(case) => case.severity,
        None => rule.severity_in(format),
    };
    (d.severity != expected).then(|| {
        format!(
            "{} is reported as {} but catalogued as {expected} in {}: {}",
            d.code,
            d.severity,
            format.title(),
            d.message
        )
    })
}
