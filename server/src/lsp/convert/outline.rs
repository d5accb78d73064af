//! Document symbols, folding ranges and selection ranges.

use tower_lsp_server::ls_types as lsp;

use super::Converter;
use crate::ide;
use crate::text::TextRange;

/// The outline: nested when the client shows a hierarchy, else flattened with container names.
pub fn document_symbols(
    conv: &Converter<'_>,
    symbols: &[ide::Symbol],
    hierarchical: bool,
) -> lsp::DocumentSymbolResponse {
    if hierarchical {
        lsp::DocumentSymbolResponse::Nested(symbols.iter().map(|s| nested(conv, s)).collect())
    } else {
        let mut flat = Vec::new();
        for symbol in symbols {
            flatten(conv, symbol, None, &mut flat);
        }
        lsp::DocumentSymbolResponse::Flat(flat)
    }
}

#[allow(deprecated)] // `deprecated` is a required field of the struct.
fn nested(conv: &Converter<'_>, symbol: &ide::Symbol) -> lsp::DocumentSymbol {
    lsp::DocumentSymbol {
        name: symbol.name.clone(),
        detail: symbol.detail.clone(),
        kind: symbol_kind(symbol.kind),
        tags: None,
        deprecated: None,
        range: conv.range(symbol.range),
        selection_range: conv.range(symbol.selection_range),
        children: (!symbol.children.is_empty()).then(|| symbol.children.iter().map(|c| nested(conv, c)).collect()),
    }
}

#[allow(deprecated)]
fn flatten(conv: &Converter<'_>, symbol: &ide::Symbol, container: Option<&str>, out: &mut Vec<lsp::SymbolInformation>) {
    out.push(lsp::SymbolInformation {
        name: symbol.name.clone(),
        kind: symbol_kind(symbol.kind),
        tags: None,
        deprecated: None,
        location: lsp::Location { uri: conv.uri.clone(), range: conv.range(symbol.range) },
        container_name: container.map(str::to_owned),
    });
    for child in &symbol.children {
        flatten(conv, child, Some(&symbol.name), out);
    }
}

fn symbol_kind(kind: ide::SymbolKind) -> lsp::SymbolKind {
    use ide::SymbolKind as K;
    match kind {
        K::File => lsp::SymbolKind::FILE,
        K::Module => lsp::SymbolKind::MODULE,
        K::Namespace => lsp::SymbolKind::NAMESPACE,
        K::Class => lsp::SymbolKind::CLASS,
        K::Struct => lsp::SymbolKind::STRUCT,
        K::Object => lsp::SymbolKind::OBJECT,
        K::Array => lsp::SymbolKind::ARRAY,
        K::Field => lsp::SymbolKind::FIELD,
        K::Property => lsp::SymbolKind::PROPERTY,
        K::Constant => lsp::SymbolKind::CONSTANT,
        K::Number => lsp::SymbolKind::NUMBER,
        K::String => lsp::SymbolKind::STRING,
        K::Boolean => lsp::SymbolKind::BOOLEAN,
        K::Event => lsp::SymbolKind::EVENT,
        K::Function => lsp::SymbolKind::FUNCTION,
        K::EnumMember => lsp::SymbolKind::ENUM_MEMBER,
        K::Key => lsp::SymbolKind::KEY,
    }
}

/// A line-based fold (what every client supports), or `None` when the fold spans a single line.
///
/// When the construct ends with a closing bracket alone on its line, the fold stops on the line
/// before, so the folded block still shows its `}`.
pub fn folding_range(conv: &Converter<'_>, fold: &ide::Fold) -> Option<lsp::FoldingRange> {
    let start_line = conv.lines.line_of(fold.range.start);
    let end_line = fold_end_line(conv, fold.range);
    (end_line > start_line).then_some(lsp::FoldingRange {
        start_line,
        start_character: None,
        end_line,
        end_character: None,
        // `region` is for `#region` markers; a block is a fold of no particular kind.
        kind: match fold.kind {
            ide::FoldKind::Region => None,
            ide::FoldKind::Comment => Some(lsp::FoldingRangeKind::Comment),
            ide::FoldKind::Imports => Some(lsp::FoldingRangeKind::Imports),
        },
        collapsed_text: None,
    })
}

fn fold_end_line(conv: &Converter<'_>, range: TextRange) -> u32 {
    let Some(last) = range.slice(conv.text).chars().next_back() else {
        return conv.lines.line_of(range.start);
    };
    let last_start = range.end - last.len_utf8() as u32;
    let line = conv.lines.line_of(last_start);
    let before = TextRange::new(conv.lines.line_range(line).start.min(last_start), last_start).slice(conv.text);
    if matches!(last, '}' | ']' | ')') && before.trim().is_empty() { line.saturating_sub(1) } else { line }
}

/// The chain of ranges around one position, innermost first; just the position when there are none.
pub fn selection_range(conv: &Converter<'_>, ranges: &[TextRange], at: u32) -> lsp::SelectionRange {
    let mut chain: Option<Box<lsp::SelectionRange>> = None;
    for range in ranges.iter().rev() {
        chain = Some(Box::new(lsp::SelectionRange { range: conv.range(*range), parent: chain }));
    }
    chain.map_or_else(|| lsp::SelectionRange { range: conv.range(TextRange::empty(at)), parent: None }, |c| *c)
}
