//! Edits: formatting, workspace edits (rename, fixes), code actions and colours.

use std::collections::HashMap;
use std::path::Path;

use tower_lsp_server::ls_types as lsp;

use super::Converter;
use rigls_diagnostic::TextEdit;
use rigls_ide as ide;

/// Edits to the analysed document.
pub fn text_edits(conv: &Converter<'_>, edits: &[TextEdit]) -> Vec<lsp::TextEdit> {
    edits_in(conv, None, edits)
}

fn edits_in(conv: &Converter<'_>, file: Option<&Path>, edits: &[TextEdit]) -> Vec<lsp::TextEdit> {
    edits.iter().map(|e| lsp::TextEdit { range: conv.range_in(file, e.range), new_text: e.new_text.clone() }).collect()
}

/// Edits to one or more files, grouped by file in order of first appearance. With
/// `document_changes`, the analysed document's edits carry its version, so a client refuses them
/// if the document has changed since.
pub fn workspace_edit(
    conv: &Converter<'_>,
    file_edits: &[ide::FileEdit],
    document_changes: bool,
) -> lsp::WorkspaceEdit {
    let mut grouped: Vec<(lsp::Uri, bool, Vec<lsp::TextEdit>)> = Vec::new();
    for file_edit in file_edits {
        let file = file_edit.file.as_deref();
        let Some(uri) = conv.uri_of(file) else { continue };
        let edits = edits_in(conv, file, &file_edit.edits);
        match grouped.iter_mut().find(|(u, ..)| *u == uri) {
            Some((.., existing)) => existing.extend(edits),
            None => grouped.push((uri, conv.is_this(file), edits)),
        }
    }
    if document_changes {
        let edits = grouped
            .into_iter()
            .map(|(uri, this, edits)| lsp::TextDocumentEdit {
                text_document: lsp::OptionalVersionedTextDocumentIdentifier {
                    uri,
                    version: this.then_some(conv.version),
                },
                edits: edits.into_iter().map(lsp::OneOf::Left).collect(),
            })
            .collect();
        lsp::WorkspaceEdit { document_changes: Some(lsp::DocumentChanges::Edits(edits)), ..Default::default() }
    } else {
        let changes: HashMap<_, _> = grouped.into_iter().map(|(uri, _, edits)| (uri, edits)).collect();
        lsp::WorkspaceEdit { changes: Some(changes), ..Default::default() }
    }
}

/// A code action; `diagnostics` are the client's diagnostics it resolves. `deferred`: sent
/// without its edit, with this `data` for `codeAction/resolve` to find it again.
pub fn code_action(
    conv: &Converter<'_>,
    action: &ide::CodeAction,
    diagnostics: Vec<lsp::Diagnostic>,
    document_changes: bool,
    deferred: Option<serde_json::Value>,
) -> lsp::CodeAction {
    lsp::CodeAction {
        title: action.title.clone(),
        kind: Some(code_action_kind(action.kind)),
        diagnostics: (!diagnostics.is_empty()).then_some(diagnostics),
        edit: deferred.is_none().then(|| workspace_edit(conv, &action.edits, document_changes)),
        command: None,
        is_preferred: action.is_preferred.then_some(true),
        disabled: None,
        data: deferred,
    }
}

pub fn code_action_kind(kind: ide::CodeActionKind) -> lsp::CodeActionKind {
    match kind {
        ide::CodeActionKind::QuickFix => lsp::CodeActionKind::QUICKFIX,
        ide::CodeActionKind::Refactor => lsp::CodeActionKind::REFACTOR,
        ide::CodeActionKind::SourceFixAll => lsp::CodeActionKind::SOURCE_FIX_ALL,
    }
}

pub fn color_information(conv: &Converter<'_>, info: &ide::ColorInfo) -> lsp::ColorInformation {
    let c = info.color;
    lsp::ColorInformation {
        range: conv.range(info.range),
        color: lsp::Color { red: c.red as f32, green: c.green as f32, blue: c.blue as f32, alpha: c.alpha as f32 },
    }
}

pub fn color_presentation(conv: &Converter<'_>, presentation: &ide::ColorPresentation) -> lsp::ColorPresentation {
    let additional = text_edits(conv, &presentation.additional_edits);
    lsp::ColorPresentation {
        label: presentation.label.clone(),
        text_edit: Some(lsp::TextEdit {
            range: conv.range(presentation.edit.range),
            new_text: presentation.edit.new_text.clone(),
        }),
        additional_text_edits: (!additional.is_empty()).then_some(additional),
    }
}
