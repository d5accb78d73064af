//! The one diagnostic type every format, rule and front end shares.

mod codes;

pub use codes::{RULES, Rule, rule};

use std::fmt;
use std::path::PathBuf;

use crate::text::TextRange;

pub use codes::code;

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
}

impl Fix {
    pub fn replace(title: impl Into<String>, range: TextRange, new_text: impl Into<String>) -> Fix {
        Fix { title: title.into(), edits: vec![TextEdit { range, new_text: new_text.into() }], safe: false }
    }

    pub fn safe(mut self) -> Fix {
        self.safe = true;
        self
    }
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
    /// Stable code from [`code`]; users' configs and CI pipelines depend on it.
    pub code: &'static str,
    pub severity: Severity,
    pub range: TextRange,
    pub message: String,
    pub related: Vec<Related>,
    pub fix: Option<Fix>,
    /// The flagged text is unused or ignored by every reader (editors fade it out).
    pub unnecessary: bool,
}

impl Diagnostic {
    pub fn new(code: &'static str, severity: Severity, range: TextRange, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity,
            range,
            message: message.into(),
            related: Vec::new(),
            fix: None,
            unnecessary: false,
        }
    }

    pub fn error(code: &'static str, range: TextRange, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(code, Severity::Error, range, message)
    }

    pub fn warning(code: &'static str, range: TextRange, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(code, Severity::Warning, range, message)
    }

    pub fn hint(code: &'static str, range: TextRange, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(code, Severity::Hint, range, message)
    }

    pub fn info(code: &'static str, range: TextRange, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(code, Severity::Information, range, message)
    }

    pub fn with_fix(mut self, fix: Fix) -> Diagnostic {
        self.fix = Some(fix);
        self
    }

    pub fn with_related(mut self, range: TextRange, message: impl Into<String>) -> Diagnostic {
        self.related.push(Related { file: None, range, message: message.into() });
        self
    }

    pub fn with_related_in(mut self, file: PathBuf, range: TextRange, message: impl Into<String>) -> Diagnostic {
        self.related.push(Related { file: Some(file), range, message: message.into() });
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
