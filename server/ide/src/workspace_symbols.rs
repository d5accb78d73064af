//! `workspace/symbol`: the things a document defines whose names match a query, each with the
//! name of the symbol it sits in, for a search across files. The outline's groups (`bone (4
//! bones)`, an `.elem` `HierarchyList`), its data lists (`Positions`) and its animation parts
//! and timelines (which name the bones and slots they move, not define them) are left out.

use crate::{Analysis, Symbol, SymbolKind, document_symbols};
use rigls_text::TextRange;

#[derive(Clone, Debug, PartialEq)]
pub struct FoundSymbol {
    pub name: String,
    pub kind: SymbolKind,
    /// The symbol it sits in, groups skipped (an armature's bone: the armature).
    pub container: Option<String>,
    /// The symbol's name.
    pub selection_range: TextRange,
}

/// The symbols of `analysis` whose names match `query` ([`matches`]), in outline order.
pub fn workspace_symbols(analysis: &Analysis, query: &str) -> Vec<FoundSymbol> {
    let mut out = Vec::new();
    let mut stack: Vec<(Symbol, Option<String>)> =
        document_symbols(analysis).into_iter().rev().map(|s| (s, None)).collect();
    while let Some((mut symbol, container)) = stack.pop() {
        let children = std::mem::take(&mut symbol.children);
        let defines = !matches!(symbol.kind, SymbolKind::Namespace | SymbolKind::Event | SymbolKind::Array);
        let inner = if defines { Some(symbol.name.clone()) } else { container.clone() };
        stack.extend(children.into_iter().rev().map(|c| (c, inner.clone())));
        if defines && matches(&symbol.name, query) {
            let Symbol { name, kind, selection_range, .. } = symbol;
            out.push(FoundSymbol { name, kind, container, selection_range });
        }
    }
    out
}

/// Whether `query`'s characters come in `name` in order, ignoring case and the query's spaces
/// (`hl` finds `hand_L`, `頭` finds `頭_怒り`); an empty query matches everything.
pub fn matches(name: &str, query: &str) -> bool {
    let mut wanted = query.chars().filter(|c| !c.is_whitespace()).flat_map(char::to_lowercase).peekable();
    for c in name.chars().flat_map(char::to_lowercase) {
        if wanted.peek() == Some(&c) {
            wanted.next();
        }
    }
    wanted.peek().is_none()
}
