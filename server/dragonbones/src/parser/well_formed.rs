//! The parser's fast path: well-formed JSON read straight from the bytes, without tokens.
//!
//! Nearly all of a real skeleton is strict JSON, so lexing it into tokens
//! for the state machine is most of a parse's work. This reads the common tokens itself and builds
//! the nodes the state machine would build from them. It stops, before the token, at anything
//! else: a string with a control character or an escape JSON lacks, a number or word a delimiter does not end,
//! a comment, any byte out of place in the grammar. Then the lexer and the state machine take over
//! from that token and hand back at the next quiet point (`Parser::values`).
//!
//! Lexing is context-free from a token's start, so stopping at a token's start and lexing from
//! there gives the tokens a whole-text lexing would; a token is taken here only where it is
//! certain that the lexer would read it the same way, and the state machine would do the same
//! with it. Property tests compare both with the state machine alone.

use super::{Frame, Parser, State};
use crate::syntax::{Node, NodeKind, flag};
use rigls_text::json_string::{self, Escape};
use rigls_text::{TextRange, to_u32};

impl Parser<'_> {
    /// Reads well-formed JSON from byte `at` (a token boundary, in a container) while it can;
    /// returns the offset of the first token it left to the state machine (after whitespace),
    /// the text's end, or the end of the root value when that closed.
    pub(super) fn well_formed(&mut self, mut at: usize) -> usize {
        let bytes = self.text.as_bytes();
        let Some(&top) = self.stack.last() else { return at };
        // The stack's top, kept here and written back whenever the stack changes.
        let mut frame: Frame = top;
        let half = self.split.as_ref().map_or(usize::MAX, |(half, _)| *half);
        let mut count = 0u32;
        let stop = loop {
            at = skip_blank(bytes, at);
            if at == half {
                break at;
            }
            let Some(&byte) = bytes.get(at) else { break at };
            count = count.wrapping_add(1);
            if count.is_multiple_of(4096) {
                rigls_text::cancel::check();
            }
            let start = to_u32(at);
            let (end, kind, flags) = match byte {
                b'"' => {
                    let Some((end, escapes)) = string_end(bytes, at) else { break at };
                    // `"hero, "bone"`: a string run into a word is the state machine's to untangle.
                    if bytes.get(end).is_some_and(|&b| b.is_ascii_alphanumeric() || b"_$-+.".contains(&b)) {
                        break at;
                    }
                    if frame.object && matches!(frame.state, State::Start | State::AfterComma) {
                        let id = self.push_node(NodeKind::Member, start, end, escapes);
                        frame.member = id;
                        frame.state = State::AfterKey;
                        self.took(start, end);
                        at = end;
                        continue;
                    }
                    // `"key":` in an array: the array lacks its `]`. A comment may stand between
                    // the two (`"a"/*c*/:`): the state machine looks past it.
                    if !frame.object && matches!(bytes.get(skip_blank(bytes, end)), Some(b':' | b'/')) {
                        break at;
                    }
                    (end, NodeKind::String, escapes)
                }
                b'-' | b'0'..=b'9' => {
                    let Some((end, float)) = strict_number_end(bytes, at) else { break at };
                    (end, NodeKind::Number, if float { flag::FLOAT } else { 0 })
                }
                b't' | b'f' | b'n' => {
                    let (word, kind): (&[u8], _) = match byte {
                        b't' => (b"true", NodeKind::True),
                        b'f' => (b"false", NodeKind::False),
                        _ => (b"null", NodeKind::Null),
                    };
                    let end = at + word.len();
                    if bytes.get(at..end) != Some(word) || bytes.get(end).is_some_and(|&b| is_word_byte(b)) {
                        break at;
                    }
                    (end, kind, 0)
                }
                b'{' | b'[' => {
                    if !expects_value(frame) {
                        break at;
                    }
                    let object = byte == b'{';
                    let kind = if object { NodeKind::Object } else { NodeKind::Array };
                    let node = self.push_node(kind, start, at + 1, 0);
                    *self.stack.last_mut().expect("a frame is open") = frame;
                    let range = TextRange::new(start, start + 1);
                    frame = Frame { node, object, state: State::Start, member: 0, comma: range };
                    self.stack.push(frame);
                    self.took(start, at + 1);
                    at += 1;
                    continue;
                }
                b'}' | b']' => {
                    let closes_object = byte == b'}';
                    if frame.object != closes_object || !matches!(frame.state, State::Start | State::AfterValue) {
                        break at;
                    }
                    let len = to_u32(self.nodes.len());
                    let node = &mut self.nodes[frame.node as usize];
                    node.set_end(start + 1);
                    node.set_next(len);
                    self.stack.pop();
                    self.took(start, at + 1);
                    at += 1;
                    match self.stack.last() {
                        Some(&parent) => frame = parent,
                        None => return at,
                    }
                    self.value_taken(&mut frame, len);
                    continue;
                }
                b':' => {
                    if !(frame.object && frame.state == State::AfterKey) {
                        break at;
                    }
                    frame.state = State::AfterColon;
                    self.took(start, at + 1);
                    at += 1;
                    continue;
                }
                b',' => {
                    if frame.state != State::AfterValue {
                        break at;
                    }
                    frame.state = State::AfterComma;
                    frame.comma = TextRange::new(start, start + 1);
                    self.took(start, at + 1);
                    at += 1;
                    continue;
                }
                _ => break at,
            };
            // A scalar value.
            if !expects_value(frame) {
                break at;
            }
            self.push_node(kind, start, end, flags);
            let len = to_u32(self.nodes.len());
            self.value_taken(&mut frame, len);
            self.took(start, end);
            at = end;
        };
        *self.stack.last_mut().expect("a frame is open") = frame;
        stop
    }

    #[inline(always)]
    fn push_node(&mut self, kind: NodeKind, start: u32, end: usize, flags: u8) -> u32 {
        let id = to_u32(self.nodes.len());
        self.nodes.push(Node::new(kind, TextRange::new(start, to_u32(end)), flags, id + 1));
        id
    }

    /// The token from `start` to `end` is read: it becomes the parser's current token.
    #[inline(always)]
    fn took(&mut self, start: u32, end: usize) {
        self.previous = self.current;
        self.current = TextRange::new(start, to_u32(end));
    }

    /// `Parser::value_done` on the frame kept aside: the value before node `len` is complete.
    #[inline(always)]
    fn value_taken(&mut self, frame: &mut Frame, len: u32) {
        if frame.object && matches!(frame.state, State::AfterKey | State::AfterColon) {
            self.nodes[frame.member as usize].set_next(len);
        }
        frame.state = State::AfterValue;
    }
}

/// Where a value may start without an error: after `:` in an object, first or after `,` in an
/// array.
#[inline(always)]
fn expects_value(frame: Frame) -> bool {
    if frame.object {
        frame.state == State::AfterColon
    } else {
        matches!(frame.state, State::Start | State::AfterComma)
    }
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$'
}

/// The offset of the first byte from `at` on that is not JSON whitespace (or the text's end).
#[inline(always)]
pub(super) fn skip_blank(bytes: &[u8], mut at: usize) -> usize {
    while let Some(b' ' | b'\t' | b'\r' | b'\n') = bytes.get(at) {
        at += 1;
    }
    at
}

/// The offset past the closing quote of the string opening at `at`, and `ESCAPES` if it has any,
/// if it is closed, holds no control character and only escapes the parser accepts (the lexer's
/// `String` or `EscapedString`, which the state machine takes without an error).
#[inline(always)]
pub(super) fn string_end(bytes: &[u8], at: usize) -> Option<(usize, u8)> {
    let mut flags = 0;
    let mut i = at + 1;
    loop {
        i = json_string::plain_end(bytes, i);
        match *bytes.get(i)? {
            b'"' => return Some((i + 1, flags)),
            b'\\' => {
                // The lexer takes a lone surrogate's escape as it takes any other.
                let (Escape::Char(_) | Escape::LoneSurrogate, len) = json_string::escape(&bytes[i..]) else {
                    return None;
                };
                flags = flag::ESCAPES;
                i += len;
            }
            _ => return None,
        }
    }
}

/// The end of the strict JSON number at `at` and whether it has a fraction or an exponent, if a
/// delimiter follows it (anything else could make the lexer read a longer or another token).
#[inline(always)]
fn strict_number_end(bytes: &[u8], at: usize) -> Option<(usize, bool)> {
    let digit = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    let digits = |mut i: usize| {
        while digit(i) {
            i += 1;
        }
        i
    };
    let mut i = at + usize::from(bytes[at] == b'-');
    match bytes.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => i = digits(i + 1),
        _ => return None,
    }
    let mut float = false;
    if bytes.get(i) == Some(&b'.') {
        if !digit(i + 1) {
            return None;
        }
        i = digits(i + 1);
        float = true;
    }
    if let Some(b'e' | b'E') = bytes.get(i) {
        i += 1;
        if let Some(b'+' | b'-') = bytes.get(i) {
            i += 1;
        }
        if !digit(i) {
            return None;
        }
        i = digits(i);
        float = true;
    }
    match bytes.get(i) {
        None | Some(b' ' | b'\t' | b'\r' | b'\n' | b',' | b']' | b'}') => Some((i, float)),
        _ => None,
    }
}
