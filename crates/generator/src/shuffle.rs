//! The generator's only source of randomness: a seeded ChaCha8 stream and an unbiased shuffle.
//!
//! The shuffle is written here rather than taken from `rand`, because `rand` may change how it
//! turns random words into indices between minor versions (it did in 0.9), and a seed must give
//! the same puzzles for as long as the snapshot test says so. What is left to the dependency is
//! the stream itself: ChaCha8 is a fixed cipher with reference vectors, and `seed_from_u64` is
//! documented by `rand_core` as value-stable.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Shuffles slices in a sequence fixed by a seed, the same on every platform.
#[derive(Clone, Debug)]
pub(crate) struct Shuffler {
    rng: ChaCha8Rng,
}

impl Shuffler {
    /// A shuffler whose whole sequence is fixed by `seed`.
    pub(crate) fn new(seed: u64) -> Self {
        Shuffler {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// A shuffler of its own, fixed by this one's seed and by how much of its stream was used,
    /// that leaves this one untouched.
    ///
    /// ChaCha numbers 2^64 streams under one key: this shuffler draws from stream 0, and the
    /// branch from the stream numbered by this one's position in words. Branches taken at
    /// different positions never share a number with each other or with stream 0 (the position
    /// is past 0 once anything was drawn, and 2^64 words are never reached).
    pub(crate) fn branch(&self) -> Shuffler {
        let mut rng = ChaCha8Rng::from_seed(self.rng.get_seed());
        rng.set_stream(self.rng.get_word_pos() as u64);
        Shuffler { rng }
    }

    /// Puts `items` in a uniformly random order (Durstenfeld's Fisher-Yates): the last place
    /// takes any item, the one before it any of the rest, and so on.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for last in (1..items.len()).rev() {
            // `usize` is at most 64 bits on every platform Rust supports.
            let pick = self.below(last as u64 + 1) as usize;
            items.swap(last, pick);
        }
    }

    /// A uniformly random number in `0..bound` (`bound > 0`), by Lemire's multiply-and-reject:
    /// the high word of `word * bound` is the answer, and the few words whose low half falls in
    /// the short first stretch are drawn again, so every answer is equally likely. Only 64-bit
    /// arithmetic is involved, so the result does not depend on the platform's word size.
    pub(crate) fn below(&mut self, bound: u64) -> u64 {
        debug_assert!(bound > 0, "no number is below 0");
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u128::from(self.rng.next_u64()) * u128::from(bound);
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Shuffler;

    /// `0..81` in the order `shuffler` puts them in.
    fn order(shuffler: &mut Shuffler) -> Vec<usize> {
        let mut items: Vec<usize> = (0..81).collect();
        shuffler.shuffle(&mut items);
        items
    }

    #[test]
    fn a_shuffle_is_a_permutation() {
        let mut items = order(&mut Shuffler::new(3));
        assert_ne!(items, (0..81).collect::<Vec<_>>(), "81 items left in order");
        items.sort_unstable();
        assert_eq!(items, (0..81).collect::<Vec<_>>());
    }

    #[test]
    fn every_place_gets_every_item_about_equally_often() {
        // 9 items, 9,000 shuffles: each (item, place) pair is expected 1,000 times. A biased
        // index (say `word % bound` gone wrong, or an off-by-one that never picks the last
        // place) moves some pair far outside 850..1150, which is over 5 standard deviations.
        let mut shuffler = Shuffler::new(11);
        let mut seen = [[0u32; 9]; 9];
        for _ in 0..9_000 {
            let mut items: [usize; 9] = std::array::from_fn(|i| i);
            shuffler.shuffle(&mut items);
            for (place, &item) in items.iter().enumerate() {
                seen[item][place] += 1;
            }
        }
        for (item, places) in seen.iter().enumerate() {
            for (place, &count) in places.iter().enumerate() {
                assert!(
                    (850..1150).contains(&count),
                    "item {item} landed in place {place} {count} times out of 9,000"
                );
            }
        }
    }

    #[test]
    fn a_branch_leaves_its_parent_as_it_was_and_differs_from_it() {
        let (mut parent, mut twin) = (Shuffler::new(4), Shuffler::new(4));
        assert_eq!(order(&mut parent), order(&mut twin));
        let branched = order(&mut parent.branch());
        let again = order(&mut parent.branch());
        assert_eq!(branched, again, "a branch is reproducible");
        let next = order(&mut parent);
        assert_eq!(next, order(&mut twin), "branching moved the parent");
        assert_ne!(branched, next, "the branch repeats its parent's stream");
        let later = order(&mut parent.branch());
        assert_ne!(branched, later, "branches at two positions agree");
    }

    #[test]
    fn below_stays_below_its_bound() {
        let mut shuffler = Shuffler::new(0);
        for bound in [1, 2, 3, 9, 81, u64::MAX] {
            for _ in 0..100 {
                assert!(shuffler.below(bound) < bound);
            }
        }
    }
}
