//! Diagnostics as LSP publishes them.

use serde::{Deserialize, Serialize};
use tower_lsp_server::ls_types as lsp;

use super::Converter;
use rigls_diagnostic::{Diagnostic, Severity};

/// Carried in each published diagnostic's `data`, so `textDocument/codeAction` can find the fix of
/// the very diagnostic the client shows: its index in the analysis of `version`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiagnosticData {
    pub version: i32,
    pub index: usize,
}

/// `diagnostic` is the `index`-th diagnostic of the analysis, with its configured severity.
pub fn diagnostic(conv: &Converter<'_>, diagnostic: &Diagnostic, index: usize) -> lsp::Diagnostic {
    let related: Vec<lsp::DiagnosticRelatedInformation> = diagnostic
        .related
        .iter()
        .filter_map(|r| {
            let uri = conv.uri_of(r.file.as_deref())?;
            let range = conv.range_in(r.file.as_deref(), r.range);
            Some(lsp::DiagnosticRelatedInformation {
                location: lsp::Location { uri, range },
                message: r.message.clone(),
            })
        })
        .collect();
    let data = DiagnosticData { version: conv.version, index };
    lsp::Diagnostic {
        range: conv.range(diagnostic.range),
        severity: Some(severity(diagnostic.severity)),
        code: Some(lsp::NumberOrString::String(diagnostic.code.to_string())),
        code_description: None,
        source: Some("rigls".to_owned()),
        message: diagnostic.message.clone(),
        related_information: (!related.is_empty()).then_some(related),
        tags: diagnostic.unnecessary.then(|| vec![lsp::DiagnosticTag::UNNECESSARY]),
        data: serde_json::to_value(data).ok(),
    }
}

fn severity(severity: Severity) -> lsp::DiagnosticSeverity {
    match severity {
        Severity::Error => lsp::DiagnosticSeverity::ERROR,
        Severity::Warning => lsp::DiagnosticSeverity::WARNING,
        Severity::Information => lsp::DiagnosticSeverity::INFORMATION,
        Severity::Hint => lsp::DiagnosticSeverity::HINT,
    }
}
