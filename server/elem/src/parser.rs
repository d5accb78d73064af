//! The recovering `.elem` parser. It never fails and never panics.
//!
//! The format is line-based: `Tag {`, `}`, `Key=Value` and bare list lines. Braces always decide the
//! structure — recovery never skips a `{` or `}` — so one broken line cannot unbalance the rest.
//! Two hints locate a missing `}` where it was lost rather than at the end of the file:
//! - the schema: `Normals {` inside `Positions` cannot be a child, but it can be a child of the
//!   enclosing `Mesh`, so `Positions` lacks its `}`;
//! - indentation, when the file's braces line up with their tags: a `}` indented like the
//!   enclosing `Mesh` closes that `Mesh`, so the scopes opened inside it lack theirs.
//!
//! At most one syntax error is reported per line.

mod plain_runs;

use super::lexer::{Lexer, Token, TokenKind};
use super::schema::{self, ScopeKind};
use super::syntax::{BraceMode, Entry, Item, KeyLine, ROOT, Scope, ScopeId, SyntaxTree};
use plain_runs::PlainRuns;
use rigls_diagnostic::{Code, Diagnostic, FileFormat, Fix};
use rigls_text::{LineIndex, TextRange};

pub fn parse(text: &str) -> SyntaxTree {
    let ahead = (text.len() >= plain_runs::READ_AHEAD_FROM).then_some(plain_runs::CHUNK);
    parse_reading_ahead(text, ahead)
}

/// [`parse`], with the lines of numbers read ahead in chunks of this many bytes when given.
fn parse_reading_ahead(text: &str, chunk: Option<usize>) -> SyntaxTree {
    let root = Scope {
        kind: ScopeKind::Global,
        tag: TextRange::empty(0),
        open: TextRange::empty(0),
        close: None,
        range: TextRange::new(0, rigls_text::to_u32(text.len())),
        parent: None,
        indent: 0,
        modes: [BraceMode::default(); 2],
        items: Vec::new(),
    };
    let mut parser = Parser::new(text, vec![root], BraceMode::default());
    parser.ahead = chunk.map(|chunk| PlainRuns::read(text, chunk));
    let start = if text.starts_with(rigls_text::BOM) { rigls_text::BOM.len() } else { 0 };
    parser.run(start, None);
    parser.close_at_eof();
    parser.tree
}

/// The contents of one scope parsed again in a later version of the text: see
/// [`parse_scope_body`].
#[derive(Debug)]
pub struct ScopeBody {
    /// The scope itself (its `items` and `close` new), then the scopes opened inside it, in
    /// order. Ids below `outer` are the scope's ancestors (ids of the earlier tree); `outer` is
    /// the scope, and `outer + k` the `k`-th scope inside it.
    pub scopes: Vec<Scope>,
    pub outer: ScopeId,
}

/// Parses the contents of scope `id` of `old` (the tree of an earlier version) in `text`, from
/// the end of its `{` line to the `}` expected at `close` — as the whole parse would, which
/// holds when the earlier tree had no syntax error and nothing before the `{` changed: the
/// parser then reaches that `{` with the same open scopes and the same [`BraceMode`]. `None`
/// when the contents have a syntax error, the scope closes elsewhere, or it leaves the parser in
/// another mode than before (the text after it could then parse differently).
pub fn parse_scope_body(text: &str, old: &SyntaxTree, id: ScopeId, close: u32) -> Option<ScopeBody> {
    let scope = old.scope(id);
    let mut chain: Vec<ScopeId> = old.ancestors(id).collect();
    chain.reverse();
    let outer = rigls_text::to_u32(chain.len());
    // The ancestors as the parser needs them (kinds, tags and indents); their items stay behind.
    let bare = |s: &Scope| s.with_items(Vec::new());
    let mut scopes: Vec<Scope> = chain.iter().map(|&a| bare(old.scope(a))).collect();
    scopes.push(Scope { close: None, range: scope.tag.cover(scope.open), ..bare(scope) });
    let mut parser = Parser::new(text, scopes, scope.modes[0]);
    parser.stack = (0..=outer).collect();
    parser.increasing = vec![true];
    for depth in 1..parser.stack.len() {
        let deeper = depth == 1
            || (parser.increasing[depth - 1]
                && parser.tree.scopes[depth - 1].indent < parser.tree.scopes[depth].indent);
        parser.increasing.push(deeper);
    }
    parser.bail_on_error = true;
    // The rest of the `{` line must be empty, as it was (or that line has an error).
    let after_open = scope.open.end as usize;
    let line_end = text[after_open..].find(['\n', '\r']).map_or(text.len(), |i| after_open + i);
    if !text[after_open..line_end].bytes().all(|b| matches!(b, b' ' | b'\t' | 0x0B | 0x0C)) {
        return None;
    }
    parser.run(line_end, Some((outer as usize, close)));
    let closed = parser.tree.scopes[outer as usize].close;
    let ok = parser.tree.errors.is_empty()
        && parser.stack.len() == outer as usize
        && closed.is_some_and(|c| c.start == close)
        && parser.tree.scopes[outer as usize].modes[1] == scope.modes[1];
    if !ok {
        return None;
    }
    let mut scopes = parser.tree.scopes;
    scopes.drain(..outer as usize);
    Some(ScopeBody { scopes, outer })
}

struct Parser<'a> {
    text: &'a str,
    /// Built on the first message that names a line: most files need none.
    lines: std::cell::OnceCell<LineIndex>,
    tree: SyntaxTree,
    stack: Vec<ScopeId>,
    /// `increasing[i]`: the tags of `stack[1..=i]` are indented strictly deeper and deeper, so
    /// indentation can be trusted to locate brace errors (kept incrementally: O(1) per line).
    increasing: Vec<bool>,
    line_has_error: bool,
    /// How many `}` so far sat exactly at their tag's indentation, and whether any did not:
    /// indentation guides recovery only in files whose braces line up.
    braces_aligned: u32,
    braces_misaligned: bool,
    /// A reparse stops at the first syntax error: it is given up then.
    bail_on_error: bool,
    /// The lines of numbers of a large text, read ahead.
    ahead: Option<PlainRuns>,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, scopes: Vec<Scope>, mode: BraceMode) -> Parser<'a> {
        Parser {
            text,
            lines: std::cell::OnceCell::new(),
            tree: SyntaxTree { scopes, errors: Vec::new() },
            stack: vec![ROOT],
            increasing: vec![true],
            line_has_error: false,
            braces_aligned: u32::from(mode.aligned),
            braces_misaligned: mode.misaligned,
            bail_on_error: false,
            ahead: None,
        }
    }
}

impl Parser<'_> {
    /// Parses the lines from byte `start` (a line start, or the end of the line before). With
    /// `until = Some((depth, close))`, stops once the stack is down to `depth` scopes, or past
    /// the line of byte `close` (a reparse's scope closes on it).
    fn run(&mut self, start: usize, until: Option<(usize, u32)>) {
        let text = self.text;
        let mut pos = start;
        let mut line: Vec<Token> = Vec::new();
        loop {
            if let Some((depth, close)) = until
                && (self.stack.len() <= depth
                    || pos > close as usize
                    || (self.bail_on_error && !self.tree.errors.is_empty()))
            {
                return;
            }
            if pos >= text.len() {
                return;
            }
            if let Some((entries, next)) = self.ahead.as_mut().and_then(|ahead| ahead.take(pos)) {
                rigls_text::cancel::check();
                let top = self.top();
                let items = &mut self.tree.scopes[top as usize].items;
                match items.is_empty() {
                    true => *items = entries,
                    false => items.extend(entries),
                }
                pos = next;
                continue;
            }
            // Most lines of a mesh: what the lexer and `plain_line` would make of them, sooner.
            if let Some((entry, next)) = plain_number_line(text, pos) {
                rigls_text::cancel::check();
                self.push_item(Item::Entry(Entry { range: entry, ok: true }));
                pos = next;
                continue;
            }
            line.clear();
            let mut indent = 0;
            let mut next = text.len();
            for token in Lexer::over(&text[pos..], pos) {
                match token.kind {
                    TokenKind::Newline => {
                        next = token.range.end as usize;
                        break;
                    }
                    TokenKind::Whitespace if line.is_empty() => indent = token.range.len(),
                    TokenKind::Whitespace => {}
                    _ => line.push(token),
                }
            }
            if !line.is_empty() {
                rigls_text::cancel::check();
                self.line_has_error = false;
                self.segment(&line, Some(indent));
            }
            pos = next;
        }
    }

    fn lines(&self) -> &LineIndex {
        self.lines.get_or_init(|| LineIndex::new(self.text))
    }

    fn top(&self) -> ScopeId {
        *self.stack.last().unwrap_or(&ROOT)
    }

    fn error(&mut self, range: TextRange, message: impl Into<String>) -> Option<&mut Diagnostic> {
        if self.line_has_error {
            return None;
        }
        self.line_has_error = true;
        self.tree.errors.push(Diagnostic::new(Code::Syntax, FileFormat::Elem, range, message));
        self.tree.errors.last_mut()
    }

    fn line_number(&self, offset: u32) -> u32 {
        self.lines().line_of(offset) + 1
    }

    /// Handles the tokens of one line from a `{`/`}` boundary on. `indent` is `Some` when the
    /// segment starts the line.
    fn segment(&mut self, tokens: &[Token], indent: Option<u32>) {
        let Some(first) = tokens.first() else { return };
        if first.kind == TokenKind::RBrace {
            self.close_brace(*first, indent);
            if let Some(next) = tokens.get(1) {
                let rest = next.range.cover(tokens.last().unwrap().range);
                self.error(rest, "expected a line break after `}`: each `}` goes on its own line");
                self.segment(&tokens[1..], None);
            }
            return;
        }
        match tokens.iter().position(|t| matches!(t.kind, TokenKind::LBrace | TokenKind::RBrace)) {
            Some(j) if tokens[j].kind == TokenKind::LBrace => {
                self.open_scope(&tokens[..j], tokens[j], indent.unwrap_or(0));
                if let Some(next) = tokens.get(j + 1) {
                    let rest = next.range.cover(tokens.last().unwrap().range);
                    self.error(rest, "expected a line break after `{`: scope contents start on the next line");
                    self.segment(&tokens[j + 1..], None);
                }
            }
            Some(j) => {
                self.plain_line(&tokens[..j]);
                self.error(tokens[j].range, "`}` must be on a line of its own");
                self.segment(&tokens[j..], None);
            }
            None => self.plain_line(tokens),
        }
    }

    fn open_scope(&mut self, head: &[Token], lbrace: Token, indent: u32) {
        let mut tag = TextRange::empty(lbrace.range.start);
        let mut indent = indent;
        match head {
            [] => {
                if let Some((entry, entry_indent)) = self.take_tag_from_previous_line() {
                    tag = entry;
                    indent = entry_indent;
                    let name = tag.slice(self.text).to_owned();
                    self.error(lbrace.range, format!("`{{` must be on the same line as its tag: write `{name} {{`"));
                } else {
                    self.error(lbrace.range, "`{` without a tag: a scope starts with `Tag {`");
                }
            }
            [t] if t.kind == TokenKind::Ident => tag = t.range,
            [.., last] => {
                let junk = head[0].range.cover(head[head.len() - 1].range);
                if last.kind == TokenKind::Ident {
                    tag = last.range;
                    let junk = TextRange::new(junk.start, head[head.len() - 2].range.end);
                    self.error(junk, "unexpected text before the scope tag: a scope line is `Tag {`");
                } else {
                    self.error(junk, "expected a tag name before `{`: a scope line is `Tag {`");
                }
            }
        }
        let tag_text = tag.slice(self.text);
        let mut parent = self.top();
        let mut kind = schema::resolve_scope(self.tree.kind(parent), tag_text);
        if kind.is_none() && self.tree.kind(parent) != ScopeKind::Unknown && schema::is_known_scope_tag(tag_text) {
            // A known scope that cannot stand here but can in an enclosing scope: the scopes in
            // between were never closed.
            if let Some(depth) = (0..self.stack.len() - 1)
                .rev()
                .find(|&d| schema::resolve_scope(self.tree.kind(self.stack[d]), tag_text).is_some())
            {
                let line_start = self.lines().line_range(self.lines().line_of(tag.start)).start;
                self.close_missing(depth, line_start, tag);
                parent = self.top();
                kind = schema::resolve_scope(self.tree.kind(parent), tag_text);
            }
        }
        let kind = kind.unwrap_or(ScopeKind::Unknown);
        let id = rigls_text::to_u32(self.tree.scopes.len());
        self.tree.scopes.push(Scope {
            kind,
            tag,
            open: lbrace.range,
            close: None,
            range: tag.cover(lbrace.range),
            parent: Some(parent),
            indent,
            modes: [self.mode(); 2],
            items: Vec::new(),
        });
        self.tree.scopes[parent as usize].items.push(Item::Scope(id));
        let deeper = match self.stack.len() {
            1 => true,
            n => self.increasing[n - 1] && self.tree.scope(self.stack[n - 1]).indent < indent,
        };
        self.stack.push(id);
        self.increasing.push(deeper);
    }

    /// For `{` alone on a line: if the previous line of this scope was a lone identifier, it was
    /// meant as the tag. Returns its range and indentation.
    fn take_tag_from_previous_line(&mut self) -> Option<(TextRange, u32)> {
        let top = self.top();
        let items = &self.tree.scopes[top as usize].items;
        let Some(Item::Entry(entry)) = items.last().filter(|i| matches!(i, Item::Entry(e) if e.ok)) else {
            return None;
        };
        let mut tokens = Lexer::for_range(self.text, entry.range);
        let only = tokens.next()?;
        if only.kind != TokenKind::Ident || tokens.next().is_some() {
            return None;
        }
        let line = self.lines().line_range(self.lines().line_of(entry.range.start));
        let indent = entry.range.start - line.start;
        self.tree.scopes[top as usize].items.pop();
        Some((only.range, indent))
    }

    fn close_brace(&mut self, brace: Token, indent: Option<u32>) {
        if self.stack.len() == 1 {
            if let Some(e) = self.error(brace.range, "unmatched `}`: there is no open scope to close") {
                e.fixes = vec![Fix::replace("Remove the unmatched `}`", brace.range, "")];
            }
            return;
        }
        let top = self.top();
        if let Some(indent) = indent
            && self.braces_aligned > 0
            && !self.braces_misaligned
            && indent != self.tree.scope(top).indent
            && self.stack_indents_increase()
        {
            let top_indent = self.tree.scope(top).indent;
            if indent > top_indent {
                let open_line = self.line_number(self.tree.scope(top).tag.start);
                let tag = self.tag_name(top);
                if let Some(e) = self.error(
                    brace.range,
                    format!("unmatched `}}`: `{tag}` (line {open_line}) is closed by the `}}` lined up with it, not this one"),
                ) {
                    e.fixes = vec![Fix::replace("Remove the extra `}`", brace.range, "")];
                }
                return;
            }
            // Indents strictly increase along the stack, so the scope lined up with this brace
            // (if any) is found by binary search.
            let open = &self.stack[1..self.stack.len() - 1];
            let found = open.binary_search_by_key(&indent, |&id| self.tree.scope(id).indent).ok().map(|i| i + 1);
            if let Some(depth) = found {
                let line_start = self.lines().line_range(self.lines().line_of(brace.range.start)).start;
                self.close_missing(depth, line_start, brace.range);
                self.finish_scope(brace.range);
                return;
            }
        }
        if indent.is_some() {
            if indent == Some(self.tree.scope(top).indent) {
                self.braces_aligned += 1;
            } else {
                self.braces_misaligned = true;
            }
        }
        self.finish_scope(brace.range);
    }

    fn finish_scope(&mut self, brace: TextRange) {
        let top = self.stack.pop().unwrap_or(ROOT);
        self.increasing.truncate(self.stack.len());
        let mode = self.mode();
        let scope = &mut self.tree.scopes[top as usize];
        scope.modes[1] = mode;
        scope.close = Some(brace);
        scope.range = scope.range.cover(brace);
    }

    fn mode(&self) -> BraceMode {
        BraceMode { aligned: self.braces_aligned > 0, misaligned: self.braces_misaligned }
    }

    fn stack_indents_increase(&self) -> bool {
        self.increasing.last().copied().unwrap_or(true)
    }

    /// Closes every scope above `stack[depth]` because their `}` is missing before `at` (the
    /// start of the line where that became clear); `blame` is the token that revealed it.
    fn close_missing(&mut self, depth: usize, at: u32, blame: TextRange) {
        let unclosed: Vec<ScopeId> = self.stack.drain(depth + 1..).collect();
        self.increasing.truncate(self.stack.len());
        let innermost = *unclosed.last().unwrap();
        let mode = self.mode();
        for &id in &unclosed {
            let scope = &mut self.tree.scopes[id as usize];
            scope.modes[1] = mode;
            scope.range = TextRange::new(scope.range.start, at.max(scope.range.end));
        }
        let names: Vec<String> = unclosed
            .iter()
            .rev()
            .map(|&id| format!("`{}` (line {})", self.tag_name(id), self.line_number(self.tree.scope(id).tag.start)))
            .collect();
        let indent_of = |p: &Self, id: ScopeId| {
            let line = p.lines().line_range(p.lines().line_of(p.tree.scope(id).tag.start));
            TextRange::new(line.start, p.tree.scope(id).tag.start).slice(p.text).to_owned()
        };
        let newline = line_break_of(self.text);
        let insert: String = unclosed.iter().rev().map(|&id| format!("{}}}{newline}", indent_of(self, id))).collect();
        let message = format!("missing `}}` before this line to close {}", names.join(" and "),);
        let tag = self.tree.scope(innermost).tag;
        if let Some(e) = self.error(blame, message) {
            e.related.push(rigls_diagnostic::Related { file: None, range: tag, message: "scope opened here".into() });
            e.fixes = vec![Fix::replace("Insert the missing `}`", TextRange::empty(at), insert)];
        }
    }

    fn close_at_eof(&mut self) {
        let end = rigls_text::to_u32(self.text.len());
        while self.stack.len() > 1 {
            let id = self.stack.pop().unwrap();
            self.increasing.truncate(self.stack.len());
            let (tag, open) = (self.tree.scope(id).tag, self.tree.scope(id).open);
            let mode = self.mode();
            let scope = &mut self.tree.scopes[id as usize];
            scope.modes[1] = mode;
            scope.range = TextRange::new(scope.range.start, end);
            let name = self.tag_name(id);
            let newline = line_break_of(self.text);
            let prefix = if self.text.ends_with(['\n', '\r']) || self.text.is_empty() { "" } else { newline };
            self.line_has_error = false;
            if let Some(e) =
                self.error(tag.cover(open), format!("`{name}` is never closed: missing `}}` at the end of the file"))
            {
                e.fixes = vec![Fix::replace(
                    "Close the scope at the end of the file",
                    TextRange::empty(end),
                    format!("{prefix}}}{newline}"),
                )];
            }
        }
    }

    fn tag_name(&self, id: ScopeId) -> String {
        let tag = self.tree.scope(id).tag.slice(self.text);
        if tag.is_empty() { "{".to_owned() } else { tag.to_owned() }
    }

    fn plain_line(&mut self, tokens: &[Token]) {
        if tokens.is_empty() {
            return;
        }
        // Text left over after a brace error on the same line is kept but marked broken.
        let after_error = self.line_has_error;
        let Some(eq) = tokens.iter().position(|t| t.kind == TokenKind::Eq) else {
            let range = tokens[0].range.cover(tokens[tokens.len() - 1].range);
            // Header lines (`Elfreina Extension Model File`) are words; rules check the global scope.
            let ok = (self.top() == ROOT || self.check_value(tokens)) && !after_error;
            self.push_item(Item::Entry(Entry { range, ok }));
            return;
        };
        if eq != 1 || tokens[0].kind != TokenKind::Ident {
            let message = if eq == 0 {
                "missing key name before `=`"
            } else {
                "expected `Key=Value`: a key is one name without spaces"
            };
            let range = if eq == 0 { tokens[0].range } else { tokens[0].range.cover(tokens[eq - 1].range) };
            self.error(range, message);
            return;
        }
        let key = tokens[0].range;
        self.recover_key_in_list(key);
        let value_tokens = &tokens[2..];
        let (value, ok) = match (value_tokens.first(), value_tokens.last()) {
            (Some(first), Some(last)) => {
                (first.range.cover(last.range), self.check_value(value_tokens) && !after_error)
            }
            _ => {
                let name = key.slice(self.text).to_owned();
                self.error(key.cover(tokens[1].range), format!("missing value after `{name}=`"));
                (TextRange::empty(tokens[1].range.end), false)
            }
        };
        self.push_item(Item::Key(KeyLine { key, value, ok }));
    }

    /// A `Key=` line inside a list scope cannot belong there; if an enclosing scope takes that key,
    /// the list's `}` is missing.
    fn recover_key_in_list(&mut self, key: TextRange) {
        let top = self.top();
        if !self.tree.kind(top).is_list() {
            return;
        }
        let name = key.slice(self.text);
        if let Some(depth) =
            (0..self.stack.len() - 1).rev().find(|&d| schema::key_def(self.tree.kind(self.stack[d]), name).is_some())
        {
            let line_start = self.lines().line_range(self.lines().line_of(key.start)).start;
            self.close_missing(depth, line_start, key);
        }
    }

    fn push_item(&mut self, item: Item) {
        let top = self.top();
        self.tree.scopes[top as usize].items.push(item);
    }

    /// Checks that value tokens alternate atom, separator, atom…; reports the first problem.
    fn check_value(&mut self, tokens: &[Token]) -> bool {
        let mut expect_atom = true;
        for token in tokens {
            let slice = token.range.slice(self.text);
            match token.kind {
                TokenKind::UnterminatedString => {
                    self.error(token.range, "unterminated string: missing closing `\"`");
                    return false;
                }
                k if k.is_atom() => {
                    if !expect_atom {
                        self.error(token.range, format!("unexpected `{slice}`: separate values with `:` or `,`"));
                        return false;
                    }
                    expect_atom = false;
                }
                TokenKind::Colon | TokenKind::Comma => {
                    if expect_atom {
                        self.error(token.range, format!("missing value before `{slice}`"));
                        return false;
                    }
                    expect_atom = true;
                }
                TokenKind::Error if !slice.is_ascii() => {
                    self.error(token.range, format!("unquoted text `{slice}`: strings are written in double quotes"));
                    return false;
                }
                _ => {
                    self.error(token.range, format!("unexpected `{slice}`"));
                    return false;
                }
            }
        }
        if expect_atom && let Some(last) = tokens.last() {
            let slice = last.range.slice(self.text).to_owned();
            self.error(last.range, format!("missing value after `{slice}`"));
            return false;
        }
        true
    }
}

/// A line of plain numbers separated by `:` and `,` (`\t\t0.5:-1:2.25`, `3,0:1:2`), read as the
/// lexer and [`Parser::plain_line`] would read it: the range from its first number to its last,
/// and where the next line starts. `None` for any other line, even one merely unusual (an
/// exponent, a word, a doubled separator): the lexer reads those.
fn plain_number_line(text: &str, pos: usize) -> Option<(TextRange, usize)> {
    let bytes = text.as_bytes();
    let (mut i, mut first, mut last_end, mut expect_atom) = (pos, None, 0, true);
    let next = loop {
        match bytes.get(i) {
            None => break bytes.len(),
            Some(b'\n') => break i + 1,
            Some(b'\r') => break if bytes.get(i + 1) == Some(&b'\n') { i + 2 } else { i + 1 },
            Some(b' ' | b'\t' | 0x0B | 0x0C) => i += 1,
            Some(b':' | b',') if !expect_atom => {
                expect_atom = true;
                i += 1;
            }
            Some(b'-' | b'.' | b'0'..=b'9') if expect_atom => {
                let end = super::lexer::plain_number_end(bytes, i)?;
                first.get_or_insert(i);
                (last_end, expect_atom, i) = (end, false, end);
            }
            _ => return None,
        }
    };
    if expect_atom {
        return None; // blank, or a separator last
    }
    Some((TextRange::new(rigls_text::to_u32(first?), rigls_text::to_u32(last_end)), next))
}

/// The file's own line break (CRLF when its first line ends so), for text that fixes insert.
pub fn line_break_of(text: &str) -> &'static str {
    match text.find(['\n', '\r']) {
        Some(i) if text[i..].starts_with("\r\n") => "\r\n",
        Some(i) if text.as_bytes()[i] == b'\r' => "\r",
        _ => "\n",
    }
}
