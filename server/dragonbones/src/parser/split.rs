//! A large text parsed in two halves at once.
//!
//! A thread reads the second half with the fast path (`well_formed`) from an array element near
//! the middle, while this one reads from the start. When this one reaches that element at a
//! token's start, in an array after its `,`, it takes the other's nodes, and replays the
//! brackets the other closed below where it began against its own open containers. Then it reads
//! on from where the other stopped, in the state the other left. Anything that does not match what
//! this one has (the element not met at a token's start, a container of the other kind) ends the
//! replay where it went wrong, and this one reads on from there itself: the tree is the one a
//! single reading makes (tests compare them).
//!
//! Below its start the other thread cannot know what encloses it. A bracket closing its first
//! container tells the container's kind; what follows tells the enclosing one's (`,` then a key
//! and `:` is an object, `,` then a value an array, a `}` or `]` its own kind). The replay checks
//! each such guess.

use std::sync::mpsc::Receiver;

use super::well_formed::{skip_blank, string_end};
use super::{Frame, Parser, State};
use crate::lexer::Lexer;
use crate::syntax::{Node, NodeKind};
use rigls_text::{TextRange, to_u32};

/// Where the second half starts: the first array element after `from` that follows its `,`.
pub(super) fn split_point(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = from;
    loop {
        at += bytes.get(at..)?.iter().position(|&b| b == b',')? + 1;
        let value = significant(bytes, at)?;
        if matches!(bytes[value], b'{' | b'[') {
            return Some(value);
        }
    }
}

/// A bracket the second half closed below where it began.
#[derive(Clone, Copy, Debug)]
pub(super) struct FloorClose {
    /// The bracket's offset.
    at: u32,
    /// The second half's node count when it closed.
    nodes: u32,
    /// The token before the bracket.
    previous: TextRange,
    /// Whether the enclosing container was taken for an object, for an array, or not known
    /// (the second half stopped after the bracket).
    enclosing_object: Option<bool>,
}

/// What the second half read: its nodes after a placeholder standing for the containers below it,
/// the brackets it closed there, and where and how it stopped.
pub(super) struct Suffix {
    nodes: Vec<Node>,
    closes: Vec<FloorClose>,
    /// Its open containers at the stop, the first being the one below its start.
    stack: Vec<Frame>,
    stop: usize,
    current: TextRange,
    previous: TextRange,
}

impl Suffix {
    /// Where the brackets it closed below its start are.
    #[cfg(test)]
    pub(super) fn floor_closes(&self) -> Vec<usize> {
        self.closes.iter().map(|c| c.at as usize).collect()
    }
}

/// The placeholder node that containers below the second half's start point to.
const PLACEHOLDER: u32 = 0;
/// A frame's member that the second half did not read.
const NOT_READ: u32 = u32::MAX;
/// A frame's last `,` when the second half read none.
const NO_COMMA: TextRange = TextRange { start: u32::MAX, end: u32::MAX };

/// Reads the text from `start`, an array element after its `,`, with the fast path.
pub(super) fn parse_suffix(text: &str, start: usize) -> Suffix {
    let mut parser = Parser::new(text, Lexer::new(""), super::estimate_nodes(&text[start..]));
    parser.nodes.push(Node::new(NodeKind::Missing, TextRange::empty(0), 0, 1));
    let floor =
        |object: bool, state: State| Frame { node: PLACEHOLDER, object, state, member: NOT_READ, comma: NO_COMMA };
    parser.stack.push(floor(false, State::AfterComma));
    let mut closes = Vec::new();
    let mut at = start;
    loop {
        at = parser.well_formed(at);
        if !parser.stack.is_empty() {
            break;
        }
        let enclosing_object = enclosing_kind(text.as_bytes(), at);
        closes.push(FloorClose {
            at: to_u32(at - 1),
            nodes: to_u32(parser.nodes.len()),
            previous: parser.previous,
            enclosing_object,
        });
        match enclosing_object {
            Some(object) => parser.stack.push(floor(object, State::AfterValue)),
            None => break,
        }
    }
    Suffix {
        nodes: parser.nodes,
        closes,
        stack: parser.stack,
        stop: at,
        current: parser.current,
        previous: parser.previous,
    }
}

/// The kind of the container that encloses a value ending at `at`, from what follows: `,` and
/// a key with its `:`, `,` and a value, or a closing bracket.
fn enclosing_kind(bytes: &[u8], at: usize) -> Option<bool> {
    let next = significant(bytes, at)?;
    match bytes[next] {
        b'}' => Some(true),
        b']' => Some(false),
        b',' => {
            let value = significant(bytes, next + 1)?;
            if bytes[value] != b'"' {
                return Some(false);
            }
            let (end, _) = string_end(bytes, value)?;
            Some(significant(bytes, end).is_some_and(|i| bytes[i] == b':'))
        }
        _ => None,
    }
}

fn significant(bytes: &[u8], from: usize) -> Option<usize> {
    let at = skip_blank(bytes, from);
    (at < bytes.len()).then_some(at)
}

impl Parser<'_> {
    /// Takes the second half read by the other thread, met at byte `at`, where this parser stands
    /// at a token's start; returns where to read on.
    pub(super) fn take_suffix(&mut self, at: usize, suffix: &Receiver<Suffix>) -> usize {
        let Some(&top) = self.stack.last() else { return at };
        if top.object || top.state != State::AfterComma {
            return at;
        }
        let Ok(suffix) = suffix.recv() else { return at };
        self.nodes.reserve_exact(suffix.nodes.len());
        // Its node `i` (after the placeholder) becomes node `base + i - 1` here.
        let shift = to_u32(self.nodes.len()).wrapping_sub(1);
        let mut copied = 1;
        for close in &suffix.closes {
            self.append_moved(&suffix.nodes[copied..close.nodes as usize], shift);
            copied = close.nodes as usize;
            self.close_at(close.at + 1);
            self.previous = close.previous;
            self.current = TextRange::new(close.at, close.at + 1);
            let Some(parent) = self.stack.last() else { return close.at as usize + 1 };
            if close.enclosing_object != Some(parent.object) {
                return close.at as usize + 1;
            }
        }
        self.append_moved(&suffix.nodes[copied..], shift);
        let mut frames = suffix.stack.iter();
        if let Some(floor) = frames.next() {
            let top = self.stack.last_mut().expect("the floor's frame");
            top.state = floor.state;
            if floor.comma != NO_COMMA {
                top.comma = floor.comma;
            }
            if floor.member != NOT_READ {
                top.member = floor.member.wrapping_add(shift);
            }
        }
        for frame in frames {
            let member = if frame.member == NOT_READ { 0 } else { frame.member.wrapping_add(shift) };
            self.stack.push(Frame { node: frame.node.wrapping_add(shift), member, ..*frame });
        }
        self.current = suffix.current;
        self.previous = suffix.previous;
        suffix.stop
    }

    /// Appends `nodes` renumbered by `shift`; a large run is written by two threads, into fresh
    /// memory whose page faults are most of the time this takes.
    fn append_moved(&mut self, nodes: &[Node], shift: u32) {
        const PARALLEL_FROM: usize = 1 << 18;
        if nodes.len() < PARALLEL_FROM {
            self.nodes.extend(nodes.iter().map(|n| n.moved(0, shift)));
            return;
        }
        self.nodes.reserve(nodes.len());
        let len = self.nodes.len();
        let spare = &mut self.nodes.spare_capacity_mut()[..nodes.len()];
        let (front, back) = spare.split_at_mut(nodes.len() / 2);
        let (from_front, from_back) = nodes.split_at(nodes.len() / 2);
        let fill = |to: &mut [std::mem::MaybeUninit<Node>], from: &[Node]| {
            for (to, from) in to.iter_mut().zip(from) {
                to.write(from.moved(0, shift));
            }
        };
        rigls_text::parallel::join(|| fill(back, from_back), || fill(front, from_front));
        // SAFETY: the two halves above wrote every one of the `nodes.len()` elements after `len`.
        unsafe { self.nodes.set_len(len + nodes.len()) };
    }
}
