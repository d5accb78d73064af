//! The target profiles of every format, as facts (`rigls targets`, `docs/targets.md`, hovers).

use rigls_diagnostic::target::Fact;
use rigls_diagnostic::{FileFormat, Target};

/// What `target` reads, drops and draws differently, fact by fact with its evidence.
pub fn facts(target: Target) -> Vec<Fact> {
    match target.format() {
        FileFormat::Elem => rigls_elem::target::facts(target),
        FileFormat::DragonBones => rigls_dragonbones::target::profile(target).map(|p| p.facts()).unwrap_or_default(),
    }
}

/// `hover` with what the analysis's targets do at `offset` (their diagnostics there) added: the
/// hover on a feature a target drops says so.
pub fn with_target_notes(analysis: &crate::Analysis, offset: u32, hover: Option<crate::Hover>) -> Option<crate::Hover> {
    let notes: Vec<&rigls_diagnostic::Diagnostic> = analysis
        .diagnostics
        .iter()
        .filter(|d| !d.code.rule().targets.is_empty() && d.range.contains_inclusive(offset))
        .collect();
    let Some(first) = notes.first() else { return hover };
    let text: Vec<String> = notes.iter().map(|d| format!("**Target:** {}", d.message)).collect();
    let text = text.join("\n\n");
    Some(match hover {
        Some(mut hover) => {
            hover.markdown.push_str("\n\n---\n\n");
            hover.markdown.push_str(&text);
            hover
        }
        None => crate::Hover { range: first.range, markdown: text },
    })
}
