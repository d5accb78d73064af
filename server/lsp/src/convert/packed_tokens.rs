//! Encoded semantic tokens as the server keeps them between requests: the five integers of each
//! token in one `u32` when they fit, as nearly all do (a 10 MiB minified skeleton has 1.55 million
//! tokens: 31 MB as LSP types, 12.4 MB in a `u64` each, 6.2 MB so; BENCHMARKS.md "Server memory").
//! A token that does not fit (a gap of four lines or more, a column jump past 2,047, a token
//! longer than 1,023) is kept aside whole, its slot marked: the answers are the same either way.

use tower_lsp_server::ls_types as lsp;

// Bits of each field, from the lowest: delta_line, delta_start, length, type, modifiers.
const LINE_BITS: u32 = 2;
const START_BITS: u32 = 11;
const LENGTH_BITS: u32 = 10;
const TYPE_BITS: u32 = 4;
const MODIFIER_BITS: u32 = 5;
const _: () = assert!(LINE_BITS + START_BITS + LENGTH_BITS + TYPE_BITS + MODIFIER_BITS == 32);

/// The slot of a token kept aside (no token packs to it: see [`pack`]).
const ASIDE: u32 = u32::MAX;

#[derive(Debug, PartialEq, Default)]
pub struct EncodedTokens {
    packed: Vec<u32>,
    /// The tokens whose slot is [`ASIDE`], by index, in order.
    aside: Vec<(u32, lsp::SemanticToken)>,
}

fn fits(value: u32, bits: u32) -> bool {
    u64::from(value) < 1 << bits
}

fn pack(t: &lsp::SemanticToken) -> Option<u32> {
    let fields = [
        (t.delta_line, LINE_BITS),
        (t.delta_start, START_BITS),
        (t.length, LENGTH_BITS),
        (t.token_type, TYPE_BITS),
        (t.token_modifiers_bitset, MODIFIER_BITS),
    ];
    let (mut packed, mut shift) = (0u32, 0);
    for (value, bits) in fields {
        if !fits(value, bits) {
            return None;
        }
        packed |= value << shift;
        shift += bits;
    }
    (packed != ASIDE).then_some(packed)
}

fn unpack(packed: u32) -> lsp::SemanticToken {
    let mut shift = 0;
    let mut field = |bits: u32| {
        let value = (packed >> shift) & ((1 << bits) - 1);
        shift += bits;
        value
    };
    lsp::SemanticToken {
        delta_line: field(LINE_BITS),
        delta_start: field(START_BITS),
        length: field(LENGTH_BITS),
        token_type: field(TYPE_BITS),
        token_modifiers_bitset: field(MODIFIER_BITS),
    }
}

impl EncodedTokens {
    pub fn new(data: Vec<lsp::SemanticToken>) -> EncodedTokens {
        let mut tokens = EncodedTokens { packed: Vec::with_capacity(data.len()), aside: Vec::new() };
        tokens.extend(&data);
        tokens.aside.shrink_to_fit();
        tokens
    }

    fn extend(&mut self, data: &[lsp::SemanticToken]) {
        for t in data {
            let packed = pack(t).unwrap_or_else(|| {
                self.aside.push((rigls_text::to_u32(self.packed.len()), *t));
                ASIDE
            });
            self.packed.push(packed);
        }
    }

    pub fn len(&self) -> usize {
        self.packed.len()
    }

    pub fn get(&self, i: usize) -> lsp::SemanticToken {
        match self.packed[i] {
            ASIDE => self.aside_at(i),
            packed => unpack(packed),
        }
    }

    fn aside_at(&self, i: usize) -> lsp::SemanticToken {
        let k = self.aside.partition_point(|&(at, _)| (at as usize) < i);
        self.aside[k].1
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = lsp::SemanticToken> + ExactSizeIterator + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    pub fn to_vec(&self) -> Vec<lsp::SemanticToken> {
        self.iter().collect()
    }

    /// These tokens with those of `replaced` replaced by `with`: what [`EncodedTokens::new`] makes
    /// of the whole list, the tokens kept copied as they are.
    pub fn spliced(&self, replaced: std::ops::Range<usize>, with: &[lsp::SemanticToken]) -> EncodedTokens {
        let mut packed = Vec::with_capacity(self.packed.len() - replaced.len() + with.len());
        packed.extend_from_slice(&self.packed[..replaced.start]);
        let before = self.aside.partition_point(|&(at, _)| (at as usize) < replaced.start);
        let after = self.aside.partition_point(|&(at, _)| (at as usize) < replaced.end);
        let mut tokens = EncodedTokens { packed, aside: self.aside[..before].to_vec() };
        tokens.extend(with);
        let moved = tokens.packed.len() as i64 - replaced.end as i64;
        tokens.packed.extend_from_slice(&self.packed[replaced.end..]);
        tokens.aside.extend(self.aside[after..].iter().map(|&(at, t)| ((i64::from(at) + moved) as u32, t)));
        tokens
    }

    /// The length of the common start and of the common end of two lists (not overlapping: at
    /// most the shorter list in all), compared packed.
    pub fn common_ends(&self, other: &EncodedTokens) -> (usize, usize) {
        let (a, b) = (&self.packed, &other.packed);
        let same = |i: usize, j: usize| a[i] == b[j] && (a[i] != ASIDE || self.aside_at(i) == other.aside_at(j));
        let shorter = a.len().min(b.len());
        let prefix = (0..shorter).take_while(|&i| same(i, i)).count();
        let suffix = (1..=shorter - prefix).take_while(|&k| same(a.len() - k, b.len() - k)).count();
        (prefix, suffix)
    }

    /// Tokens `range` as LSP types.
    pub fn slice(&self, range: std::ops::Range<usize>) -> Vec<lsp::SemanticToken> {
        range.map(|i| self.get(i)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn token(delta_line: u32, delta_start: u32, length: u32, token_type: u32, modifiers: u32) -> lsp::SemanticToken {
        lsp::SemanticToken { delta_line, delta_start, length, token_type, token_modifiers_bitset: modifiers }
    }

    #[test]
    fn tokens_pack_when_every_field_fits_and_the_rest_are_kept_aside() {
        let largest = token(3, 2_047, 1_023, 15, 30);
        let data = vec![token(0, 0, 1, 0, 0), token(3, 17, 2, 5, 0b10011), largest];
        let encoded = EncodedTokens::new(data.clone());
        assert!(encoded.aside.is_empty());
        assert_eq!(encoded.to_vec(), data);
        assert_eq!(encoded.iter().next_back(), Some(largest));
        assert_eq!(encoded.slice(1..2), vec![data[1]]);
        // One field a bit too large, each in turn, and the one token whose bits are the mark.
        for big in [
            token(4, 0, 1, 0, 0),
            token(0, 2_048, 1, 0, 0),
            token(0, 0, 1_024, 0, 0),
            token(0, 0, 1, 16, 0),
            token(0, 0, 1, 0, 32),
            token(3, 2_047, 1_023, 15, 31),
        ] {
            let data = vec![token(0, 0, 1, 0, 0), big, token(1, 2, 3, 4, 5)];
            let encoded = EncodedTokens::new(data.clone());
            assert_eq!(encoded.aside, vec![(1, big)], "{big:?}");
            assert_eq!(encoded.to_vec(), data);
        }
        assert_eq!(EncodedTokens::new(Vec::new()).len(), 0);
    }

    fn any_token() -> impl Strategy<Value = lsp::SemanticToken> {
        // Small values pack; the larger ones are kept aside.
        (0..6u32, prop_oneof![0..40u32, 2_040..2_060u32], prop_oneof![0..9u32, 1_020..1_030u32], 0..17u32, 0..33u32)
            .prop_map(|(l, s, n, t, m)| token(l, s, n, t, m))
    }

    proptest! {
        /// Splicing and comparing packed lists agree with doing the same on plain ones.
        #[test]
        fn spliced_and_common_ends_agree_with_plain_lists(
            old in prop::collection::vec(any_token(), 0..40),
            with in prop::collection::vec(any_token(), 0..10),
            a in 0..41usize,
            b in 0..41usize,
        ) {
            let encoded = EncodedTokens::new(old.clone());
            prop_assert_eq!(encoded.to_vec(), old.clone());
            let (start, end) = (a.min(b).min(old.len()), a.max(b).min(old.len()));
            let mut plain = old.clone();
            plain.splice(start..end, with.iter().copied());
            let spliced = encoded.spliced(start..end, &with);
            prop_assert_eq!(&spliced, &EncodedTokens::new(plain.clone()));
            let prefix = old.iter().zip(&plain).take_while(|(x, y)| x == y).count();
            let suffix = old[prefix..].iter().rev().zip(plain[prefix..].iter().rev()).take_while(|(x, y)| x == y).count();
            prop_assert_eq!(encoded.common_ends(&spliced), (prefix, suffix));
        }
    }
}
