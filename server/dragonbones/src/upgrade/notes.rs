//! What an upgrade says about the file beyond the new text: data a 5.5 runtime cannot read (a
//! 5.6 feature), and changes worth knowing (something left out that no runtime reads).

use rigls_text::TextRange;

/// How much a note matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Written differently, read the same (or left out where no runtime reads it).
    Changed,
    /// A feature the target version lacks: leaving it out changes what runtimes show.
    Lost,
}

/// One note, at the place in the input it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub severity: Severity,
    pub range: TextRange,
    pub message: String,
}

/// The notes of one upgrade, in the order they were made.
#[derive(Clone, Debug, Default)]
pub struct Notes {
    pub list: Vec<Note>,
}

impl Notes {
    pub fn changed(&mut self, range: TextRange, message: impl Into<String>) {
        self.list.push(Note { severity: Severity::Changed, range, message: message.into() });
    }

    pub fn lost(&mut self, range: TextRange, message: impl Into<String>) {
        self.list.push(Note { severity: Severity::Lost, range, message: message.into() });
    }
}
