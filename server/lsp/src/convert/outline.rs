//! Document symbols, folding ranges and selection ranges.

use tower_lsp_server::ls_types as lsp;

use super::Converter;
use rigls_ide as ide;
use rigls_text::TextRange;

/// How deep a nested outline goes. Deeper scopes (100,000 nested `Node`s are valid) are listed
/// flat, in document order, under their ancestor at the last level: clients parse JSON with a
/// nesting limit (serde_json's is 128), and a deeper answer would also need as deep a stack to
/// build, send and drop.
pub const MAX_OUTLINE_DEPTH: usize = 40;

/// The outline: nested when the client shows a hierarchy, else flattened with container names.
/// The tree is taken apart without recursion, whatever its depth.
pub fn document_symbols(
    conv: &Converter<'_>,
    symbols: Vec<ide::Symbol>,
    hierarchical: bool,
) -> lsp::DocumentSymbolResponse {
    // Pre-order, children taken out of their parents (so no `Symbol` is dropped recursively):
    // (index of the parent in `order`, depth from 1, the symbol without children).
    let mut order: Vec<(Option<usize>, usize, ide::Symbol)> = Vec::new();
    let mut stack: Vec<(Option<usize>, usize, ide::Symbol)> = symbols.into_iter().rev().map(|s| (None, 1, s)).collect();
    while let Some((parent, depth, mut symbol)) = stack.pop() {
        let children = std::mem::take(&mut symbol.children);
        let index = order.len();
        order.push((parent, depth, symbol));
        stack.extend(children.into_iter().rev().map(|c| (Some(index), depth + 1, c)));
    }
    if !hierarchical {
        let flat = order
            .iter()
            .map(|(parent, _, symbol)| {
                let container = parent.map(|p| order[p].2.name.as_str());
                information(conv, symbol, container)
            })
            .collect();
        return lsp::DocumentSymbolResponse::Flat(flat);
    }
    // Where each symbol's children go: itself, or below the depth limit its ancestor at the last
    // level but one (so they become its siblings, at the last level).
    let mut holder: Vec<usize> = Vec::with_capacity(order.len());
    for (index, (parent, depth, _)) in order.iter().enumerate() {
        let own = match parent {
            Some(p) if *depth >= MAX_OUTLINE_DEPTH => holder[*p],
            _ => index,
        };
        holder.push(own);
    }
    let mut children: Vec<Vec<lsp::DocumentSymbol>> = (0..order.len()).map(|_| Vec::new()).collect();
    let mut roots = Vec::new();
    // Children before their parents: each symbol is complete when its parent takes it.
    for (index, (parent, _, symbol)) in order.iter().enumerate().rev() {
        let mut own = std::mem::take(&mut children[index]);
        own.reverse();
        let built = nested(conv, symbol, own);
        match parent {
            Some(p) => children[holder[*p]].push(built),
            None => roots.push(built),
        }
    }
    roots.reverse();
    lsp::DocumentSymbolResponse::Nested(roots)
}

#[allow(deprecated)] // `deprecated` is a required field of the struct.
fn nested(conv: &Converter<'_>, symbol: &ide::Symbol, children: Vec<lsp::DocumentSymbol>) -> lsp::DocumentSymbol {
    lsp::DocumentSymbol {
        name: symbol.name.clone(),
        detail: symbol.detail.clone(),
        kind: symbol_kind(symbol.kind),
        tags: None,
        deprecated: None,
        range: conv.range(symbol.range),
        selection_range: conv.range(symbol.selection_range),
        children: (!children.is_empty()).then_some(children),
    }
}

/// A symbol a workspace search found (at its name), with the name of the symbol it sits in.
pub fn symbol_information(conv: &Converter<'_>, symbol: &ide::FoundSymbol) -> lsp::SymbolInformation {
    let ide::FoundSymbol { name, kind, container, selection_range } = symbol;
    located(conv, name, *kind, *selection_range, container.as_deref())
}

fn information(conv: &Converter<'_>, symbol: &ide::Symbol, container: Option<&str>) -> lsp::SymbolInformation {
    located(conv, &symbol.name, symbol.kind, symbol.range, container)
}

#[allow(deprecated)] // `deprecated` is a required field of the struct.
fn located(
    conv: &Converter<'_>,
    name: &str,
    kind: ide::SymbolKind,
    range: TextRange,
    container: Option<&str>,
) -> lsp::SymbolInformation {
    lsp::SymbolInformation {
        name: name.to_owned(),
        kind: symbol_kind(kind),
        tags: None,
        deprecated: None,
        location: lsp::Location { uri: conv.uri.clone(), range: conv.range(range) },
        container_name: container.map(str::to_owned),
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
/// At most [`MAX_OUTLINE_DEPTH`] ranges: the innermost and, last, the outermost (the same nesting
/// limit as the outline, for the same reasons).
pub fn selection_range(conv: &Converter<'_>, ranges: &[TextRange], at: u32) -> lsp::SelectionRange {
    let kept: Vec<TextRange> = if ranges.len() > MAX_OUTLINE_DEPTH {
        ranges[..MAX_OUTLINE_DEPTH - 1].iter().chain(ranges.last()).copied().collect()
    } else {
        ranges.to_vec()
    };
    let mut chain: Option<Box<lsp::SelectionRange>> = None;
    for range in kept.iter().rev() {
        chain = Some(Box::new(lsp::SelectionRange { range: conv.range(*range), parent: chain }));
    }
    chain.map_or_else(|| lsp::SelectionRange { range: conv.range(TextRange::empty(at)), parent: None }, |c| *c)
}
