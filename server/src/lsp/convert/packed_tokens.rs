//! Encoded semantic tokens as the server keeps them between requests: the five integers of each
//! token in one `u64` when they fit, which they do for every file measured (a 10 MiB `.elem` has
//! 1.2 million tokens: 24 MB as LSP types, 9.5 MB packed; BENCHMARKS.md "Server memory").
//! A token that does not fit (a gap of 65,536 lines, a column jump past a million, a token longer
//! than 65,535) keeps the whole list as LSP types: the answers are the same either way.

use tower_lsp_server::ls_types as lsp;

// Bits of each field, from the lowest: delta_line, delta_start, length, type, modifiers.
const LINE_BITS: u32 = 16;
const START_BITS: u32 = 20;
const LENGTH_BITS: u32 = 16;
const TYPE_BITS: u32 = 6;
const MODIFIER_BITS: u32 = 6;
const _: () = assert!(LINE_BITS + START_BITS + LENGTH_BITS + TYPE_BITS + MODIFIER_BITS == 64);

#[derive(Debug, PartialEq)]
pub enum EncodedTokens {
    Packed(Vec<u64>),
    Plain(Vec<lsp::SemanticToken>),
}

fn fits(value: u32, bits: u32) -> bool {
    u64::from(value) < 1 << bits
}

fn pack(t: &lsp::SemanticToken) -> Option<u64> {
    let fields = [
        (t.delta_line, LINE_BITS),
        (t.delta_start, START_BITS),
        (t.length, LENGTH_BITS),
        (t.token_type, TYPE_BITS),
        (t.token_modifiers_bitset, MODIFIER_BITS),
    ];
    let (mut packed, mut shift) = (0u64, 0);
    for (value, bits) in fields {
        if !fits(value, bits) {
            return None;
        }
        packed |= u64::from(value) << shift;
        shift += bits;
    }
    Some(packed)
}

fn unpack(packed: u64) -> lsp::SemanticToken {
    let mut shift = 0;
    let mut field = |bits: u32| {
        let value = (packed >> shift) & ((1 << bits) - 1);
        shift += bits;
        value as u32
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
        match data.iter().map(pack).collect::<Option<Vec<u64>>>() {
            Some(packed) => EncodedTokens::Packed(packed),
            None => EncodedTokens::Plain(data),
        }
    }

    pub fn len(&self) -> usize {
        match self {
            EncodedTokens::Packed(v) => v.len(),
            EncodedTokens::Plain(v) => v.len(),
        }
    }

    pub fn get(&self, i: usize) -> lsp::SemanticToken {
        match self {
            EncodedTokens::Packed(v) => unpack(v[i]),
            EncodedTokens::Plain(v) => v[i],
        }
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
        if let EncodedTokens::Packed(v) = self
            && let Some(middle) = with.iter().map(pack).collect::<Option<Vec<u64>>>()
        {
            let mut packed = Vec::with_capacity(v.len() - replaced.len() + middle.len());
            packed.extend_from_slice(&v[..replaced.start]);
            packed.extend_from_slice(&middle);
            packed.extend_from_slice(&v[replaced.end..]);
            return EncodedTokens::Packed(packed);
        }
        let mut data = self.slice(0..replaced.start);
        data.extend_from_slice(with);
        data.extend(self.iter().skip(replaced.end));
        EncodedTokens::new(data)
    }

    /// The length of the common start and of the common end of two lists (not overlapping: at
    /// most the shorter list in all), compared packed when both are.
    pub fn common_ends(&self, other: &EncodedTokens) -> (usize, usize) {
        match (self, other) {
            (EncodedTokens::Packed(a), EncodedTokens::Packed(b)) => common_ends(a, b),
            _ => common_ends(&self.to_vec(), &other.to_vec()),
        }
    }

    /// Tokens `range` as LSP types.
    pub fn slice(&self, range: std::ops::Range<usize>) -> Vec<lsp::SemanticToken> {
        range.map(|i| self.get(i)).collect()
    }
}

fn common_ends<T: PartialEq>(a: &[T], b: &[T]) -> (usize, usize) {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..].iter().rev().zip(b[prefix..].iter().rev()).take_while(|(x, y)| x == y).count();
    (prefix, suffix)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(delta_line: u32, delta_start: u32, length: u32, token_type: u32, modifiers: u32) -> lsp::SemanticToken {
        lsp::SemanticToken { delta_line, delta_start, length, token_type, token_modifiers_bitset: modifiers }
    }

    #[test]
    fn tokens_pack_when_every_field_fits_and_read_back_the_same() {
        let largest = token(65_535, (1 << 20) - 1, 65_535, 63, 63);
        let data = vec![token(0, 0, 1, 0, 0), token(3, 17, 2, 5, 0b10011), largest];
        let encoded = EncodedTokens::new(data.clone());
        assert!(matches!(encoded, EncodedTokens::Packed(_)));
        assert_eq!(encoded.to_vec(), data);
        assert_eq!(encoded.iter().next_back(), Some(largest));
        assert_eq!(encoded.slice(1..2), vec![data[1]]);
        // One field a bit too large, each in turn: kept as they are, read back the same.
        for big in [
            token(65_536, 0, 1, 0, 0),
            token(0, 1 << 20, 1, 0, 0),
            token(0, 0, 65_536, 0, 0),
            token(0, 0, 1, 64, 0),
            token(0, 0, 1, 0, 64),
        ] {
            let data = vec![token(0, 0, 1, 0, 0), big];
            let encoded = EncodedTokens::new(data.clone());
            assert!(matches!(encoded, EncodedTokens::Plain(_)), "{big:?}");
            assert_eq!(encoded.to_vec(), data);
        }
        assert_eq!(EncodedTokens::new(Vec::new()).len(), 0);
    }
}
