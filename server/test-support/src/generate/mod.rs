//! Generators of large, realistic and valid inputs: an Elfreina `.elem` model and a DragonBones 5.5
//! skeleton, each grown to a requested size. Shared by the benchmarks (`benches/perf.rs`), the
//! fuzz seeds and the tests that check the output is free of diagnostics
//! (`server/tests/it/generated_inputs.rs`). Deterministic: the same size gives the same bytes.

#![allow(dead_code)]

pub mod dragonbones;
pub mod elem;
pub mod real;

/// A small deterministic pseudo-random generator (xorshift64*), so no dependency is needed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Uniform in `lo..hi`.
    pub fn float(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64)
    }
}

/// Japanese syllables for names (`腕`, `ロボ`…), so every generated file exercises UTF-8 paths.
const KANA: &[&str] = &["ア", "カ", "サ", "タ", "ナ", "ハ", "マ", "ヤ", "ラ", "ワ", "ン", "ロ", "ボ", "キ"];
const KANJI: &[&str] = &["腕", "脚", "頭", "胴", "尾", "翼", "目", "髪", "手", "足", "首", "腰"];

/// A Japanese name made unique by its number: `腕アカ_12`.
pub fn japanese_name(rng: &mut Rng, n: usize) -> String {
    format!("{}{}{}_{n}", KANJI[rng.below(KANJI.len())], KANA[rng.below(KANA.len())], KANA[rng.below(KANA.len())])
}
