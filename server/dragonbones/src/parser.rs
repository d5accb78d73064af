//! The recovering JSON parser. It never fails, never panics and never recurses.
//!
//! DragonBones runtimes read strict JSON, so every deviation is a `syntax` error, but the parser
//! carries on so that the rest of the file is still analysed:
//! - a missing `,` between values or members is assumed;
//! - a trailing `,` before `}`/`]`, comments, bare words (`NaN`) and malformed numbers are reported
//!   and skipped or kept as values;
//! - a closing bracket that does not match closes the brackets left open inside it;
//! - a member (`"key":`) met inside an array closes the array when an object encloses it;
//! - unclosed brackets at the end of the file give one error listing what is missing;
//! - anything after the root value is reported once and ignored.
//!
//! Nesting lives in an explicit stack, so 100 000 nested `[` cost memory, not the call stack.
//!
//! Well-formed stretches, nearly all of a real file, are read straight from the bytes by a fast
//! path (`well_formed`) that hands over to the lexer and the state machine at anything else; a
//! large text's second half is read on another thread meanwhile (`split`). Both give exactly the
//! tree and errors of the state machine alone (`parse_by_tokens`; property tests compare them).

#[cfg(test)]
mod same_tree_tests;
mod split;
mod well_formed;

use super::lexer::{Lexer, Token, TokenKind};
use super::syntax::{MAX_TEXT_LEN, Node, NodeId, NodeKind, Tree, flag};
use rigls_diagnostic::{Code, Diagnostic, FileFormat, Fix, Related};
use rigls_text::{LineIndex, TextRange, to_u32};

/// Beyond this many syntax errors the file is hopeless; the rest are summarised in one.
const MAX_ERRORS: usize = 100;

/// The nodes of the container (object or array) whose opening bracket is at `start`, as
/// [`parse`] would make them in any text with these bytes from `start` to `end` and a parser
/// expecting a value at `start`: `None` unless it parses without a syntax error and closes at
/// exactly `end`. Node ids start at 0 (the container); ranges are offsets into `text`.
///
/// Without an error the parser never looks outside the container (recovery alone reads the
/// enclosing brackets), so these are the nodes of a whole-file parse too (`super::reparse`).
pub fn parse_container(text: &str, start: usize, end: usize) -> Option<Vec<Node>> {
    let text = text.get(..end)?;
    let mut parser = Parser::new(text, Lexer::at(text, start), estimate_nodes(text.get(start..)?));
    let first = parser.next_token()?;
    if !matches!(first.kind, TokenKind::LBrace | TokenKind::LBracket) || first.range.start as usize != start {
        return None;
    }
    parser.value(first);
    parser.values();
    let closed = parser.nodes.first().is_some_and(|n| n.range().end as usize == end && !n.has(flag::UNCLOSED));
    (closed && parser.errors.is_empty() && parser.next_token().is_none()).then_some(parser.nodes)
}

pub fn parse(text: &str) -> Tree {
    if text.len() >= MAX_TEXT_LEN {
        let message = format!(
            "the file is too large to analyse ({} MiB; the limit is {} MiB)",
            text.len() >> 20,
            MAX_TEXT_LEN >> 20
        );
        return Tree {
            nodes: Vec::new(),
            errors: vec![Diagnostic::new(Code::Syntax, FileFormat::DragonBones, TextRange::empty(0), message)],
        };
    }
    // A large text's second half is read on another thread meanwhile (`split`).
    let half = (text.len() >= rigls_text::parallel::PARALLEL_ABOVE)
        .then(|| split::split_point(text, text.len() / 2))
        .flatten();
    let Some(half) = half else {
        let mut parser = Parser::new(text, Lexer::new(text), estimate_nodes(text));
        parser.run();
        return parser.tree();
    };
    let (sender, receiver) = std::sync::mpsc::channel();
    let suffix = move || {
        // Not wanted once the first half has gone past `half`.
        let _ = sender.send(split::parse_suffix(text, half));
    };
    // Room for the first half's nodes: the second half's are added when they are taken
    // (a large vector grows by remapping its pages, not by copying them).
    let first = || {
        let mut parser = Parser::new(text, Lexer::new(text), estimate_nodes(&text[..half]));
        parser.split = Some((half, receiver));
        parser.run();
        parser.tree()
    };
    rigls_text::parallel::join(suffix, first).1
}

/// [`parse`] by the lexer and the state machine alone: the reference that the fast path and the
/// split must equal (the property tests and the `analysis_json` fuzz target compare them).
pub fn parse_by_tokens(text: &str) -> Tree {
    let mut parser = Parser::new(text, Lexer::new(text), estimate_nodes(text));
    parser.fast = false;
    parser.run();
    parser.tree()
}

/// An upper bound of the node count of valid JSON (members and elements are separated by `,` or
/// introduced by `:`, `[` or `{`), so the arena is allocated once.
fn estimate_nodes(text: &str) -> usize {
    // Counted in runs of 255 bytes into a `u8`, without branches: the compiler makes this a
    // vector loop (the plain `filter().count()` was a tenth of the parse of a minified file).
    let mut count = 1;
    for run in text.as_bytes().chunks(255) {
        let hits: u8 = run.iter().map(|&b| u8::from((b == b',') | (b == b':') | (b == b'[') | (b == b'{'))).sum();
        count += usize::from(hits);
    }
    count
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Just after `{` or `[`.
    Start,
    /// Object: after a key, expecting `:`.
    AfterKey,
    /// Object: after `:`, expecting the value.
    AfterColon,
    /// After a value (or member), expecting `,` or the closing bracket.
    AfterValue,
    /// After `,`, expecting a value or member.
    AfterComma,
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    node: NodeId,
    object: bool,
    state: State,
    /// The member awaiting its value (objects).
    member: NodeId,
    /// The last `,`, for reporting a trailing comma.
    comma: TextRange,
}

struct Parser<'a> {
    text: &'a str,
    tokens: Lexer<'a>,
    /// Whether well-formed parts are read by the fast path (`well_formed`).
    fast: bool,
    /// Where the second half starts and its reading, while this parser has not reached it.
    split: Option<(usize, std::sync::mpsc::Receiver<split::Suffix>)>,
    peeked: Option<Token>,
    nodes: Vec<Node>,
    errors: Vec<Diagnostic>,
    stack: Vec<Frame>,
    /// Built on the first message that names a line.
    lines: Option<LineIndex>,
    /// The token returned last, and the one before it.
    current: TextRange,
    previous: TextRange,
    suppressed: usize,
}

impl<'a> Parser<'a> {
    /// A parser of `text` reading `tokens`, with room for `nodes` nodes.
    fn new(text: &'a str, tokens: Lexer<'a>, nodes: usize) -> Parser<'a> {
        Parser {
            text,
            tokens,
            fast: true,
            split: None,
            peeked: None,
            nodes: Vec::with_capacity(nodes),
            errors: Vec::new(),
            stack: Vec::new(),
            lines: None,
            current: TextRange::empty(0),
            previous: TextRange::empty(0),
            suppressed: 0,
        }
    }

    fn tree(self) -> Tree {
        Tree { nodes: self.nodes, errors: self.errors }
    }

    fn run(&mut self) {
        // The root value; anything before it is junk.
        loop {
            let Some(token) = self.next_token() else { return };
            if is_value_start(token.kind) {
                self.value(token);
                break;
            }
            self.unexpected(token, "expected a JSON value");
        }
        self.values();
        if let Some(token) = self.next_token() {
            let end = to_u32(self.text.len());
            let range = TextRange::new(token.range.start, end.max(token.range.start));
            let slice = short(token.range.slice(self.text));
            let message = format!("unexpected `{slice}` after the end of the JSON document: a file holds one value");
            self.error_fix(token.range, message, Fix::replace("Remove the text after the document", range, ""));
        }
        if self.suppressed > 0 {
            let end = to_u32(self.text.len());
            let message = format!("{} more syntax errors are not shown", self.suppressed);
            self.errors.push(Diagnostic::new(Code::Syntax, FileFormat::DragonBones, TextRange::empty(end), message));
        }
    }

    /// Reads values until the open containers are closed (or the text ends).
    fn values(&mut self) {
        let mut tokens = 0u32;
        while !self.stack.is_empty() {
            // Well-formed JSON is read without tokens until something else comes.
            if self.fast
                && self.peeked.is_none()
                && let Some(at) = self.tokens.resume_at()
            {
                let mut stop = self.well_formed(at);
                if self.split.as_ref().is_some_and(|(half, _)| *half == stop)
                    && let Some((_, suffix)) = self.split.take()
                {
                    stop = self.take_suffix(stop, &suffix);
                    if !self.stack.is_empty() {
                        stop = self.well_formed(stop);
                    }
                }
                if stop != at {
                    self.tokens = Lexer::at(self.text, stop);
                }
                if self.stack.is_empty() {
                    break;
                }
            }
            let Some(top) = self.stack.last() else { break };
            let (object, state) = (top.object, top.state);
            tokens = tokens.wrapping_add(1);
            if tokens.is_multiple_of(4096) {
                rigls_text::cancel::check();
            }
            let Some(token) = self.next_token() else {
                self.end_of_file();
                break;
            };
            // The common cases of well-formed data, without the full state machine.
            match (object, state, token.kind) {
                (false, State::Start | State::AfterComma, TokenKind::Integer | TokenKind::Float) => {
                    let flags = if token.kind == TokenKind::Float { flag::FLOAT } else { 0 };
                    self.push(NodeKind::Number, token.range, flags);
                    self.top().state = State::AfterValue;
                }
                (_, State::AfterValue, TokenKind::Comma) => {
                    let top = self.top();
                    top.state = State::AfterComma;
                    top.comma = token.range;
                }
                (true, State::AfterKey, TokenKind::Colon) => self.top().state = State::AfterColon,
                (true, State::Start | State::AfterComma, TokenKind::String) => {
                    let id = self.push(NodeKind::Member, token.range, 0);
                    let top = self.top();
                    top.member = id;
                    top.state = State::AfterKey;
                }
                (true, State::AfterColon, TokenKind::String | TokenKind::Integer | TokenKind::Float) => {
                    let (kind, flags) = match token.kind {
                        TokenKind::String => (NodeKind::String, 0),
                        TokenKind::Float => (NodeKind::Number, flag::FLOAT),
                        _ => (NodeKind::Number, 0),
                    };
                    self.push(kind, token.range, flags);
                    self.value_done();
                }
                _ => self.step(token),
            }
        }
    }

    // ---- tokens ----

    /// The next significant token; comments are reported on the way.
    #[inline(always)]
    fn next_token(&mut self) -> Option<Token> {
        // Not `take()`: writing `None` on every call costs more than the lexing.
        let mut token = match self.peeked {
            Some(t) => {
                self.peeked = None;
                t
            }
            None => self.advance()?,
        };
        let swallowed = match token.kind {
            TokenKind::String | TokenKind::EscapedString => self.swallowed_structure(token),
            TokenKind::UnterminatedString => {
                structure_at_end(self.text, token.range.start as usize + 1, token.range.end as usize)
            }
            _ => None,
        };
        if let Some(cut) = swallowed {
            // `"hero, "bone": …`: the string lacks its closing quote and its "closing" quote opens
            // the next string. End it before the `,` and read on from there.
            token = Token { kind: TokenKind::UnterminatedString, range: TextRange::new(token.range.start, cut) };
            self.tokens = Lexer::at(self.text, cut as usize);
            self.peeked = None;
        }
        self.previous = self.current;
        self.current = token.range;
        Some(token)
    }

    /// For a string directly followed by a word or number (`"hero, "bone"`), whose contents end
    /// with `,`, `:`, `{` or `[`: where the string should have ended.
    fn swallowed_structure(&mut self, token: Token) -> Option<u32> {
        // Looking at the next byte is enough (and much cheaper than lexing ahead).
        let next = *self.text.as_bytes().get(token.range.end as usize)?;
        if !(next.is_ascii_alphanumeric() || matches!(next, b'_' | b'$' | b'-' | b'+' | b'.')) {
            return None;
        }
        structure_at_end(self.text, token.range.start as usize + 1, token.range.end as usize - 1)
    }

    fn peek(&mut self) -> Option<Token> {
        if self.peeked.is_none() {
            self.peeked = self.advance();
        }
        self.peeked
    }

    #[inline(always)]
    fn advance(&mut self) -> Option<Token> {
        loop {
            let token = self.tokens.next()?;
            match token.kind {
                TokenKind::LineComment | TokenKind::BlockComment => {
                    self.error_fix(
                        token.range,
                        "comments are not allowed in JSON: DragonBones runtimes read strict JSON",
                        Fix::replace("Remove the comment", token.range, ""),
                    );
                }
                TokenKind::UnterminatedComment => {
                    self.error(token.range, "unterminated comment: `/*` without `*/` (and JSON has no comments)");
                }
                _ => return Some(token),
            }
        }
    }

    // ---- the state machine ----

    fn step(&mut self, token: Token) {
        let Some(&frame) = self.stack.last() else { return };
        let kind = token.kind;
        if frame.object {
            match (frame.state, kind) {
                (State::Start | State::AfterComma, k) if k.is_string() => self.key(token, 0),
                (State::Start | State::AfterComma, TokenKind::Word) if self.peek_is(TokenKind::Colon) => {
                    let word = token.range.slice(self.text).to_owned();
                    let fix = Fix::replace("Quote the member name", token.range, format!("\"{word}\""));
                    self.error_fix(token.range, format!("member names must be quoted: write `\"{word}\"`"), fix);
                    self.key(token, flag::LOOSE);
                }
                (State::Start | State::AfterComma, TokenKind::RBrace) => {
                    if frame.state == State::AfterComma {
                        self.trailing_comma(frame.comma, "}");
                    }
                    self.close(token);
                }
                (State::Start | State::AfterComma, TokenKind::Comma) => {
                    let message = if frame.state == State::Start {
                        "unexpected `,`: expected a member (`\"name\": value`) or `}`"
                    } else {
                        "missing member before `,`"
                    };
                    self.error_fix(token.range, message, Fix::replace("Remove the extra `,`", token.range, ""));
                }
                (State::Start | State::AfterComma, TokenKind::Colon) => {
                    self.error(token.range, "missing member name before `:`");
                    self.keyless_member(token.range.start);
                    self.top().state = State::AfterColon;
                }
                (State::Start | State::AfterComma, k) if is_value_start(k) => {
                    self.error(token.range, "expected a member name in double quotes, then `:` and the value");
                    self.keyless_member(token.range.start);
                    self.value(token);
                }
                (State::AfterKey, TokenKind::Colon) => self.top().state = State::AfterColon,
                (State::AfterColon, k) if is_value_start(k) => self.value(token),
                (State::AfterKey, k) if is_value_start(k) => {
                    let key_end = self.nodes[frame.member as usize].range().end;
                    let name = self.key_name(frame.member);
                    let fix = Fix::replace("Insert `:`", TextRange::empty(key_end), ":");
                    self.error_fix(token.range, format!("missing `:` after the member name {name}"), fix);
                    self.value(token);
                }
                (State::AfterKey | State::AfterColon, TokenKind::Comma | TokenKind::RBrace | TokenKind::RBracket) => {
                    let name = self.key_name(frame.member);
                    let message = if frame.state == State::AfterKey {
                        format!("missing `:` and a value after the member name {name}")
                    } else {
                        format!("missing value after `:` for {name}")
                    };
                    self.error(token.range, message);
                    self.missing(token.range.start);
                    self.step(token);
                }
                (State::AfterValue, TokenKind::Comma) => {
                    let top = self.top();
                    top.state = State::AfterComma;
                    top.comma = token.range;
                }
                (State::AfterValue, TokenKind::RBrace) => self.close(token),
                (State::AfterValue, k) if k.is_string() || k == TokenKind::Word => {
                    self.missing_comma("members");
                    self.top().state = State::AfterComma;
                    self.step(token);
                }
                (State::AfterValue, k) if is_value_start(k) => {
                    self.unexpected(token, "expected `,` or `}` after the member's value");
                }
                (_, TokenKind::RBracket) => self.mismatched(token),
                (_, _) => self.unexpected(token, "expected a member of the object"),
            }
        } else {
            match (frame.state, kind) {
                (State::Start | State::AfterComma, k) if k.is_string() && self.member_in_array() => {
                    self.unclosed_array(token)
                }
                (State::Start | State::AfterComma, k) if is_value_start(k) => self.value(token),
                (State::Start | State::AfterComma, TokenKind::RBracket) => {
                    if frame.state == State::AfterComma {
                        self.trailing_comma(frame.comma, "]");
                    }
                    self.close(token);
                }
                (State::Start | State::AfterComma, TokenKind::Comma) => {
                    self.error_fix(
                        token.range,
                        "missing value before `,`",
                        Fix::replace("Remove the extra `,`", token.range, ""),
                    );
                }
                (State::AfterValue, TokenKind::Comma) => {
                    let top = self.top();
                    top.state = State::AfterComma;
                    top.comma = token.range;
                }
                (State::AfterValue, TokenKind::RBracket) => self.close(token),
                (State::AfterValue, k) if k.is_string() && self.member_in_array() => self.unclosed_array(token),
                (State::AfterValue, k) if is_value_start(k) => {
                    self.missing_comma("array elements");
                    self.value(token);
                }
                (_, TokenKind::RBrace) => self.mismatched(token),
                (_, TokenKind::Colon) => {
                    self.unexpected(token, "arrays hold values, not members: `:` is not allowed here");
                }
                (_, _) => self.unexpected(token, "expected an array element"),
            }
        }
    }

    fn top(&mut self) -> &mut Frame {
        self.stack.last_mut().expect("a frame is open")
    }

    fn peek_is(&mut self, kind: TokenKind) -> bool {
        self.peek().is_some_and(|t| t.kind == kind)
    }

    /// `"key":` inside an array whose parent is an object: the array lacks its `]`.
    fn member_in_array(&mut self) -> bool {
        let n = self.stack.len();
        n >= 2 && self.stack[n - 2].object && self.peek_is(TokenKind::Colon)
    }

    fn unclosed_array(&mut self, token: Token) {
        let frame = *self.stack.last().expect("array frame");
        let open = self.nodes[frame.node as usize].range().start;
        let line = self.line_number(open);
        let at = self.previous.end;
        self.error_fix(
            token.range,
            format!("missing `]` before this member to close the array opened on line {line}"),
            Fix::replace("Insert the missing `]`", TextRange::empty(at), "]"),
        );
        self.finish_unclosed(at);
        // The member continues the enclosing object as if a `,` stood before it.
        self.top().state = State::AfterComma;
        self.step(token);
    }

    // ---- building nodes ----

    fn push(&mut self, kind: NodeKind, range: TextRange, flags: u8) -> NodeId {
        let id = to_u32(self.nodes.len());
        self.nodes.push(Node::new(kind, range, flags, id + 1));
        id
    }

    fn key(&mut self, token: Token, extra: u8) {
        let mut flags = extra;
        if token.kind == TokenKind::UnterminatedString {
            self.unterminated(token);
            flags |= flag::UNCLOSED;
        }
        if matches!(token.kind, TokenKind::EscapedString | TokenKind::UnterminatedString) {
            flags |= self.check_string(token);
        }
        let id = self.push(NodeKind::Member, token.range, flags);
        let top = self.top();
        top.member = id;
        top.state = State::AfterKey;
    }

    /// A member whose key is missing, so that the value that follows has a home.
    fn keyless_member(&mut self, at: u32) {
        let id = self.push(NodeKind::Member, TextRange::empty(at), flag::LOOSE);
        let top = self.top();
        top.member = id;
        top.state = State::AfterKey;
    }

    fn missing(&mut self, at: u32) {
        self.push(NodeKind::Missing, TextRange::empty(at), 0);
        self.value_done();
    }

    /// Starts a value at `token` (a container is opened; a scalar is complete).
    fn value(&mut self, token: Token) {
        let range = token.range;
        match token.kind {
            TokenKind::LBrace | TokenKind::LBracket => {
                let object = token.kind == TokenKind::LBrace;
                let kind = if object { NodeKind::Object } else { NodeKind::Array };
                let node = self.push(kind, range, 0);
                self.stack.push(Frame { node, object, state: State::Start, member: 0, comma: range });
                return;
            }
            TokenKind::String => {
                self.push(NodeKind::String, range, 0);
            }
            TokenKind::EscapedString => {
                let flags = self.check_string(token);
                self.push(NodeKind::String, range, flags);
            }
            TokenKind::UnterminatedString => {
                self.unterminated(token);
                let flags = self.check_string(token) | flag::UNCLOSED;
                self.push(NodeKind::String, range, flags);
            }
            TokenKind::Integer => {
                self.push(NodeKind::Number, range, 0);
            }
            TokenKind::Float => {
                self.push(NodeKind::Number, range, flag::FLOAT);
            }
            TokenKind::BadNumber => {
                let slice = range.slice(self.text).to_owned();
                let fixed = fix_number(&slice);
                let fix = Fix::replace(format!("Write `{fixed}`"), range, fixed.clone());
                self.error_fix(range, format!("`{slice}` is not a valid JSON number; write `{fixed}`"), fix);
                self.push(NodeKind::Number, range, flag::LOOSE | flag::FLOAT);
            }
            TokenKind::True => {
                self.push(NodeKind::True, range, 0);
            }
            TokenKind::False => {
                self.push(NodeKind::False, range, 0);
            }
            TokenKind::Null => {
                self.push(NodeKind::Null, range, 0);
            }
            _ => {
                let word = range.slice(self.text).to_owned();
                let message = match word.as_str() {
                    "NaN" | "Infinity" | "undefined" => {
                        format!("`{word}` is not a JSON value: write a number, or `null`")
                    }
                    w if ["true", "false", "null"].contains(&w.to_ascii_lowercase().as_str()) => {
                        format!("`{word}` is not a JSON value; did you mean `{}`?", w.to_ascii_lowercase())
                    }
                    _ => format!("`{}` is not a JSON value: strings are written in double quotes", short(&word)),
                };
                self.error(range, message);
                self.push(NodeKind::Invalid, range, 0);
            }
        }
        self.value_done();
    }

    /// A value (scalar or closed container) is complete: the enclosing frame moves on.
    fn value_done(&mut self) {
        let len = to_u32(self.nodes.len());
        let Some(top) = self.stack.last_mut() else { return };
        if top.object && matches!(top.state, State::AfterKey | State::AfterColon) {
            let member = top.member;
            self.nodes[member as usize].set_next(len);
        }
        top.state = State::AfterValue;
    }

    fn close(&mut self, token: Token) {
        self.close_at(token.range.end);
    }

    /// Closes the innermost container with its bracket, which ends at `end`.
    fn close_at(&mut self, end: u32) {
        let frame = self.stack.pop().expect("a frame is open");
        let len = to_u32(self.nodes.len());
        let node = &mut self.nodes[frame.node as usize];
        node.set_end(end);
        node.set_next(len);
        self.value_done();
    }

    /// Closes the innermost container without its bracket, ending it at `end`.
    fn finish_unclosed(&mut self, end: u32) {
        let frame = self.stack.pop().expect("a frame is open");
        if frame.object && matches!(frame.state, State::AfterKey | State::AfterColon) {
            // A member cut off before its value.
            self.stack.push(frame);
            self.missing(end);
            self.stack.pop();
        }
        let len = to_u32(self.nodes.len());
        let node = &mut self.nodes[frame.node as usize];
        let start = node.range().start;
        node.set_end(end.max(start + 1));
        node.add_flag(flag::UNCLOSED);
        node.set_next(len);
        self.value_done();
    }

    // ---- errors ----

    fn error_fix(&mut self, range: TextRange, message: impl Into<String>, fix: Fix) {
        if let Some(e) = self.error(range, message) {
            e.fixes = vec![fix];
        }
    }

    fn error(&mut self, range: TextRange, message: impl Into<String>) -> Option<&mut Diagnostic> {
        // One error per token: the first explanation is the useful one.
        if self.errors.last().is_some_and(|e| e.range.start == range.start) {
            return None;
        }
        if self.errors.len() >= MAX_ERRORS {
            self.suppressed += 1;
            return None;
        }
        self.errors.push(Diagnostic::new(Code::Syntax, FileFormat::DragonBones, range, message));
        self.errors.last_mut()
    }

    fn unexpected(&mut self, token: Token, expected: &str) {
        let slice = short(token.range.slice(self.text));
        let what = match token.kind {
            TokenKind::Error if !slice.is_ascii() => format!("unexpected text `{slice}`"),
            _ => format!("unexpected `{slice}`"),
        };
        self.error(token.range, format!("{what}: {expected}"));
    }

    fn unterminated(&mut self, token: Token) {
        let end = token.range.end;
        self.error_fix(
            token.range,
            "unterminated string: missing closing `\"`",
            Fix::replace("Close the string", TextRange::empty(end), "\""),
        );
    }

    /// Reported on the value before the missing `,` (where the comma belongs).
    fn missing_comma(&mut self, between: &str) {
        let previous = self.previous;
        self.error_fix(
            previous,
            format!("missing `,` after this value: {between} are separated by commas"),
            Fix::replace("Insert `,`", TextRange::empty(previous.end), ","),
        );
    }

    fn trailing_comma(&mut self, comma: TextRange, closer: &str) {
        self.error_fix(
            comma,
            format!("trailing `,` before `{closer}`: strict JSON parsers reject it"),
            Fix::replace("Remove the trailing `,`", comma, ""),
        );
    }

    /// A closing bracket of the wrong kind: it closes an enclosing container of its kind, whose
    /// inner containers lack their brackets; with no such container it is skipped.
    fn mismatched(&mut self, token: Token) {
        let wants_object = token.kind == TokenKind::RBrace;
        let Some(depth) = self.stack.iter().rposition(|f| f.object == wants_object) else {
            let closer = token.range.slice(self.text).to_owned();
            let what = if wants_object { "object" } else { "array" };
            let fix = Fix::replace(format!("Remove the unmatched `{closer}`"), token.range, "");
            self.error_fix(token.range, format!("unexpected `{closer}`: no {what} is open here"), fix);
            return;
        };
        let unclosed: Vec<Frame> = self.stack[depth + 1..].to_vec();
        let at = self.previous.end;
        let closers: String = unclosed.iter().rev().map(|f| if f.object { '}' } else { ']' }).collect();
        let innermost = unclosed.last().expect("a frame above");
        let open = self.nodes[innermost.node as usize].range();
        let line = self.line_number(open.start);
        let what = if innermost.object { "object" } else { "array" };
        let closer = token.range.slice(self.text).to_owned();
        let message = format!("missing `{closers}` before `{closer}` to close the {what} opened on line {line}");
        if let Some(e) = self.error(token.range, message) {
            e.related.push(Related { file: None, range: open, message: format!("{what} opened here") });
            e.fixes = vec![Fix::replace(format!("Insert `{closers}`"), TextRange::empty(at), closers.clone())];
        }
        for _ in 0..unclosed.len() {
            self.finish_unclosed(at);
        }
        self.close(token);
    }

    fn end_of_file(&mut self) {
        let end = to_u32(self.text.len());
        let closers: String = self.stack.iter().rev().map(|f| if f.object { '}' } else { ']' }).collect();
        let count = self.stack.len();
        let innermost = *self.stack.last().expect("unclosed frames");
        let open = self.nodes[innermost.node as usize].range();
        let line = self.line_number(open.start);
        let what = if innermost.object { "object" } else { "array" };
        let message = if count == 1 {
            format!("unexpected end of file: the {what} opened on line {line} is never closed (missing `{closers}`)")
        } else {
            format!(
                "unexpected end of file: {count} brackets are never closed, the innermost being the {what} opened on line {line} (missing `{}`)",
                short(&closers)
            )
        };
        let blame = self.current;
        let related: Vec<Related> = self
            .stack
            .iter()
            .rev()
            .take(3)
            .map(|f| {
                let r = self.nodes[f.node as usize].range();
                Related { file: None, range: TextRange::new(r.start, r.start + 1), message: "opened here".into() }
            })
            .collect();
        let newline_needed = !closers.is_empty();
        if let Some(e) = self.error(blame, message) {
            e.related = related;
            if newline_needed {
                let title = format!("Insert `{}` at the end of the file", short(&closers));
                e.fixes = vec![Fix::replace(title, TextRange::empty(end), closers)];
            }
        }
        while !self.stack.is_empty() {
            self.finish_unclosed(end);
        }
    }

    /// Validates a string's escapes and characters; returns the `ESCAPES` flag when it has any.
    fn check_string(&mut self, token: Token) -> u8 {
        let slice = token.range.slice(self.text);
        let bytes = slice.as_bytes();
        if !bytes.iter().any(|&b| b == b'\\' || b < 0x20) {
            return 0;
        }
        let mut escapes = 0;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if b < 0x20 {
                let at = token.range.start + to_u32(i);
                let name = if b == b'\t' { "a tab".to_owned() } else { format!("control character U+{b:04X}") };
                let replacement = if b == b'\t' { "\\t".to_owned() } else { format!("\\u{b:04x}") };
                let fix = Fix::replace("Escape it", TextRange::new(at, at + 1), replacement.clone());
                let message = format!("{name} inside a string must be escaped as `{replacement}`");
                self.error_fix(TextRange::new(at, at + 1), message, fix);
            } else if b == b'\\' {
                escapes = flag::ESCAPES;
                let ok = rigls_text::json_string::escape(&bytes[i..]).0 != rigls_text::json_string::Escape::Invalid;
                if !ok {
                    let at = token.range.start + to_u32(i);
                    let len = slice[i..].chars().take(2).map(char::len_utf8).sum::<usize>();
                    let shown = slice[i..i + len].to_owned();
                    self.error(
                        TextRange::new(at, at + to_u32(len)),
                        format!("invalid escape `{shown}` in a string: write `\\\\` for a backslash"),
                    );
                }
                i += 1;
            }
            i += 1;
        }
        escapes
    }

    fn key_name(&self, member: NodeId) -> String {
        let range = self.nodes.get(member as usize).map(|n| n.range()).unwrap_or_default();
        let key = range.slice(self.text);
        if key.is_empty() { "(unnamed)".to_owned() } else { format!("`{}`", short(key)) }
    }

    fn line_number(&mut self, offset: u32) -> u32 {
        let text = self.text;
        self.lines.get_or_insert_with(|| LineIndex::new(text)).line_of(offset) + 1
    }
}

/// When the string contents `text[start..end]` end with `,`, `:`, `{` or `[` (and spaces): the
/// offset of that character, where the string should have ended.
fn structure_at_end(text: &str, start: usize, end: usize) -> Option<u32> {
    let trimmed = text.get(start..end)?.trim_end();
    trimmed.ends_with([',', ':', '{', '[']).then(|| to_u32(start + trimmed.len() - 1))
}

fn is_value_start(kind: TokenKind) -> bool {
    matches!(
        kind,
        TokenKind::LBrace
            | TokenKind::LBracket
            | TokenKind::String
            | TokenKind::EscapedString
            | TokenKind::UnterminatedString
            | TokenKind::Integer
            | TokenKind::Float
            | TokenKind::BadNumber
            | TokenKind::True
            | TokenKind::False
            | TokenKind::Null
            | TokenKind::Word
    )
}

/// The strict-JSON spelling of a malformed number (`01` → `1`, `.5` → `0.5`, `1.` → `1`).
fn fix_number(slice: &str) -> String {
    match slice.parse::<f64>() {
        Ok(v) if v.is_finite() => {
            let s = format!("{v}");
            if s.contains('e') || s.len() > 24 { slice.trim_start_matches('+').to_owned() } else { s }
        }
        _ => slice.to_owned(),
    }
}

/// A token's text shortened for messages.
fn short(s: &str) -> String {
    if s.chars().count() <= 24 { s.to_owned() } else { format!("{}…", s.chars().take(24).collect::<String>()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::{Expect, expect};

    fn check(text: &str, expect: Expect) {
        let tree = parse(text);
        let mut out = tree.dump(text);
        for e in &tree.errors {
            out.push_str(&format!("error {:?} {:?}: {}\n", e.range, e.range.slice(text), e.message));
            for fix in &e.fixes {
                for edit in &fix.edits {
                    out.push_str(&format!("  fix {:?} -> {:?} ({})\n", edit.range, edit.new_text, fix.title));
                }
            }
        }
        expect.assert_eq(&out);
    }

    /// A cancelled parse of a large text stops (the thread of its second half with it) rather
    /// than finishing.
    #[test]
    fn a_cancelled_parse_of_a_large_text_stops() {
        let text = format!("[{}{{}}]", "{},".repeat(rigls_text::parallel::PARALLEL_ABOVE / 3));
        assert!(split::split_point(&text, text.len() / 2).is_some());
        let token = rigls_text::cancel::Token::default();
        token.cancel();
        let outcome = std::panic::catch_unwind(|| rigls_text::cancel::run(&token, || parse(&text)));
        assert!(outcome.is_err_and(|p| rigls_text::cancel::is_cancelled(&*p)));
    }

    #[test]
    fn valid_json_has_members_and_values() {
        check(
            r#"{"a": [1, 2.5, "骨"], "b": {"c": null}, "d": true}"#,
            expect![[r#"
                Object 0..51
                  Member 1..4 "\"a\""
                    Array 6..21
                      Number 7..8 "1"
                      Number 10..13 "2.5" flags=4
                      String 15..20 "\"骨\""
                  Member 23..26 "\"b\""
                    Object 28..39
                      Member 29..32 "\"c\""
                        Null 34..38 "null"
                  Member 41..44 "\"d\""
                    True 46..50 "true"
            "#]],
        );
    }

    #[test]
    fn missing_commas_are_assumed() {
        check(
            "{\"a\": [1 2] \"b\": 3}",
            expect![[r#"
                Object 0..19
                  Member 1..4 "\"a\""
                    Array 6..11
                      Number 7..8 "1"
                      Number 9..10 "2"
                  Member 12..15 "\"b\""
                    Number 17..18 "3"
                error 7..8 "1": missing `,` after this value: array elements are separated by commas
                  fix 8..8 -> "," (Insert `,`)
                error 10..11 "]": missing `,` after this value: members are separated by commas
                  fix 11..11 -> "," (Insert `,`)
            "#]],
        );
    }

    #[test]
    fn trailing_commas_and_comments() {
        check(
            "{\"a\": [1,], // note\n \"b\": 2, /* c */}",
            expect![[r#"
                Object 0..37
                  Member 1..4 "\"a\""
                    Array 6..10
                      Number 7..8 "1"
                  Member 21..24 "\"b\""
                    Number 26..27 "2"
                error 8..9 ",": trailing `,` before `]`: strict JSON parsers reject it
                  fix 8..9 -> "" (Remove the trailing `,`)
                error 12..19 "// note": comments are not allowed in JSON: DragonBones runtimes read strict JSON
                  fix 12..19 -> "" (Remove the comment)
                error 29..36 "/* c */": comments are not allowed in JSON: DragonBones runtimes read strict JSON
                  fix 29..36 -> "" (Remove the comment)
                error 27..28 ",": trailing `,` before `}`: strict JSON parsers reject it
                  fix 27..28 -> "" (Remove the trailing `,`)
            "#]],
        );
    }

    #[test]
    fn unclosed_containers_at_the_end_of_the_file() {
        check(
            "{\"armature\": [{\"name\": \"a\"",
            expect![[r#"
                Object 0..26 flags=2
                  Member 1..11 "\"armature\""
                    Array 13..26 flags=2
                      Object 14..26 flags=2
                        Member 15..21 "\"name\""
                          String 23..26 "\"a\""
                error 23..26 "\"a\"": unexpected end of file: 3 brackets are never closed, the innermost being the object opened on line 1 (missing `}]}`)
                  fix 26..26 -> "}]}" (Insert `}]}` at the end of the file)
            "#]],
        );
    }

    #[test]
    fn a_wrong_closer_closes_what_was_left_open() {
        check(
            "{\"a\": [{\"b\": 1], \"c\": [1, 2}",
            expect![[r#"
                Object 0..28
                  Member 1..4 "\"a\""
                    Array 6..15
                      Object 7..14 flags=2
                        Member 8..11 "\"b\""
                          Number 13..14 "1"
                  Member 17..20 "\"c\""
                    Array 22..27 flags=2
                      Number 23..24 "1"
                      Number 26..27 "2"
                error 14..15 "]": missing `}` before `]` to close the object opened on line 1
                  fix 14..14 -> "}" (Insert `}`)
                error 27..28 "}": missing `]` before `}` to close the array opened on line 1
                  fix 27..27 -> "]" (Insert `]`)
            "#]],
        );
    }

    #[test]
    fn a_member_inside_an_array_closes_the_array() {
        check(
            "{\"bone\": [{\"name\": \"a\"}, \"slot\": []}",
            expect![[r#"
                Object 0..36
                  Member 1..7 "\"bone\""
                    Array 9..24 flags=2
                      Object 10..23
                        Member 11..17 "\"name\""
                          String 19..22 "\"a\""
                  Member 25..31 "\"slot\""
                    Array 33..35
                error 25..31 "\"slot\"": missing `]` before this member to close the array opened on line 1
                  fix 24..24 -> "]" (Insert the missing `]`)
            "#]],
        );
    }

    #[test]
    fn unterminated_strings_bare_words_and_bad_numbers() {
        check(
            "{\"a\": \"open,\n b: NaN, \"c\": 01, \"d\": True, \"e\": \"tab\there\\q\"}",
            expect![[r#"
                Object 0..60
                  Member 1..4 "\"a\""
                    String 6..11 "\"open" flags=2
                  Member 14..15 "b" flags=8
                    Invalid 17..20 "NaN"
                  Member 22..25 "\"c\""
                    Number 27..29 "01" flags=12
                  Member 31..34 "\"d\""
                    Invalid 36..40 "True"
                  Member 42..45 "\"e\""
                    String 47..59 "\"tab\there\\q\"" flags=1
                error 6..11 "\"open": unterminated string: missing closing `"`
                  fix 11..11 -> "\"" (Close the string)
                error 14..15 "b": member names must be quoted: write `"b"`
                  fix 14..15 -> "\"b\"" (Quote the member name)
                error 17..20 "NaN": `NaN` is not a JSON value: write a number, or `null`
                error 27..29 "01": `01` is not a valid JSON number; write `1`
                  fix 27..29 -> "1" (Write `1`)
                error 36..40 "True": `True` is not a JSON value; did you mean `true`?
                error 51..52 "\t": a tab inside a string must be escaped as `\t`
                  fix 51..52 -> "\\t" (Escape it)
                error 56..58 "\\q": invalid escape `\q` in a string: write `\\` for a backslash
            "#]],
        );
    }

    #[test]
    fn missing_colons_values_and_stray_commas() {
        check(
            "{\"a\" 1, \"b\":, , \"c\"}",
            expect![[r#"
                Object 0..20
                  Member 1..4 "\"a\""
                    Number 5..6 "1"
                  Member 8..11 "\"b\""
                    Missing 12..12 ""
                  Member 16..19 "\"c\""
                    Missing 19..19 ""
                error 5..6 "1": missing `:` after the member name `"a"`
                  fix 4..4 -> ":" (Insert `:`)
                error 12..13 ",": missing value after `:` for `"b"`
                error 14..15 ",": missing member before `,`
                  fix 14..15 -> "" (Remove the extra `,`)
                error 19..20 "}": missing `:` and a value after the member name `"c"`
            "#]],
        );
    }

    #[test]
    fn garbage_after_the_document_is_reported_once() {
        check(
            "{\"a\": 1} } {\"b\": 2}",
            expect![[r#"
                Object 0..8
                  Member 1..4 "\"a\""
                    Number 6..7 "1"
                error 9..10 "}": unexpected `}` after the end of the JSON document: a file holds one value
                  fix 9..19 -> "" (Remove the text after the document)
            "#]],
        );
    }

    /// A C string's NUL written after the document (a port embedding the file), or an escape
    /// code: the message shows them as control pictures, not raw.
    #[test]
    fn control_characters_after_the_document_are_shown_as_pictures() {
        check(
            "{\"a\": 1}\0\0\u{1b}[0m",
            expect![[r#"
                Object 0..8
                  Member 1..4 "\"a\""
                    Number 6..7 "1"
                error 8..11 "\0\0\u{1b}": unexpected `␀␀␛` after the end of the JSON document: a file holds one value
                  fix 8..14 -> "" (Remove the text after the document)
            "#]],
        );
    }

    #[test]
    fn junk_before_the_root_and_an_empty_text() {
        check(
            "@@ [1]",
            expect![[r#"
            Array 3..6
              Number 4..5 "1"
            error 0..2 "@@": unexpected `@@`: expected a JSON value
        "#]],
        );
        check("", expect![[""]]);
        check(
            "  // only a comment",
            expect![[r#"
            error 2..19 "// only a comment": comments are not allowed in JSON: DragonBones runtimes read strict JSON
              fix 2..19 -> "" (Remove the comment)
        "#]],
        );
    }

    #[test]
    fn deep_nesting_does_not_recurse() {
        for text in ["[".repeat(100_000), "{\"a\":".repeat(100_000)] {
            let tree = parse(&text);
            assert!(tree.nodes.len() >= 100_000);
            assert_eq!(tree.errors.len(), 1, "{:?}", tree.errors.first().map(|e| &e.message));
            assert!(tree.errors[0].message.starts_with("unexpected end of file"), "{}", tree.errors[0].message);
            // Every container ends at the end of the text and holds the rest of the tree.
            assert!(tree.nodes.iter().all(|n| n.next() as usize == tree.nodes.len() || n.kind() != NodeKind::Array));
        }
        let closed = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        let tree = parse(&closed);
        assert!(tree.errors.is_empty());
        assert_eq!(tree.path_at(50_000).len(), 50_001);
    }
}
