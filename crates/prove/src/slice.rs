//! A random slice of the class space: the classes (every cell's bucket
//! set) whose hash, from a seed, falls in slice `K` of `N`. A slice runs
//! as a proof does (its parts, checkpoints and shards), over one class in
//! `N` drawn at random but fixed by the seed, so that what it costs can be
//! set beside what a sample projects for it ([`crate::Prover::sample`]):
//! the proof's classes, its CPU time and its boards, each about `1/N` of
//! the whole. The `N` slices of one seed are a partition of the space:
//! together they are the whole proof.

use std::fmt;
use std::str::FromStr;

use grid::splitmix64;
use serde::{Deserialize, Serialize};

use crate::ShardError;

/// Slice `k` of `n` (both from 1) of the classes, drawn from `seed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Slice {
    k: u64,
    n: u64,
    seed: u64,
}

impl Slice {
    /// Slice `k` of `n` (`k` from 1 to `n`) of the classes, by `seed`.
    pub fn new(k: u64, n: u64, seed: u64) -> Result<Slice, ShardError> {
        if n == 0 || k == 0 || k > n {
            return Err(ShardError::new(
                format!("{k}/{n}"),
                "slices go from 1/N to N/N",
            ));
        }
        Ok(Slice { k, n, seed })
    }

    /// The same slice drawn from another seed.
    pub fn with_seed(self, seed: u64) -> Slice {
        Slice { seed, ..self }
    }

    /// Which slice (from 1).
    pub fn k(self) -> u64 {
        self.k
    }

    /// Of how many.
    pub fn n(self) -> u64 {
        self.n
    }

    /// The seed that draws it.
    pub fn seed(self) -> u64 {
        self.seed
    }

    /// Whether the class whose cells have the buckets `buckets` (each
    /// cell's index among its buckets, in any fixed order of the cells) is
    /// in this slice: its hash from the seed, modulo `n`, is `k - 1`.
    pub fn holds(self, buckets: impl IntoIterator<Item = u8>) -> bool {
        let mut state = self.seed;
        let mut hash = splitmix64(&mut state);
        for b in buckets {
            state ^= hash ^ u64::from(b);
            hash = splitmix64(&mut state);
        }
        hash % self.n == self.k - 1
    }
}

impl FromStr for Slice {
    type Err = ShardError;

    /// `K/N`, as `1/2000` (seed 1; [`Slice::with_seed`] sets another).
    fn from_str(text: &str) -> Result<Slice, ShardError> {
        let (k, n) = crate::shard::k_of_n(text, "write the slice as K/N, e.g. 1/2000")?;
        Slice::new(k, n, 1)
    }
}

impl fmt::Display for Slice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{} (seed {})", self.k, self.n, self.seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slices_of_a_seed_partition_the_classes_about_evenly() {
        // Every class of 3 buckets in 8 cells is in exactly one of 5 slices.
        let classes: Vec<Vec<u8>> = (0..3u32.pow(8))
            .map(|i| (0..8).map(|c| (i / 3u32.pow(c) % 3) as u8).collect())
            .collect();
        let mut sizes = [0usize; 5];
        for class in &classes {
            let held: Vec<u64> = (1..=5)
                .filter(|&k| Slice::new(k, 5, 9).unwrap().holds(class.iter().copied()))
                .collect();
            assert_eq!(held.len(), 1, "{class:?} in {held:?}");
            sizes[held[0] as usize - 1] += 1;
        }
        // 6,561 classes: about 1,312 a slice.
        for s in sizes {
            assert!((1150..1480).contains(&s), "{sizes:?}");
        }
        // Another seed, another draw of the same share.
        let one = Slice::new(1, 5, 9).unwrap();
        let other = one.with_seed(10);
        let differ = classes
            .iter()
            .filter(|c| one.holds(c.iter().copied()) != other.holds(c.iter().copied()))
            .count();
        assert!(differ > 1000, "{differ}");
    }

    #[test]
    fn a_slice_is_written_k_of_n() {
        let s: Slice = "2/7".parse().unwrap();
        assert_eq!((s.k(), s.n(), s.seed()), (2, 7, 1));
        assert_eq!(s.with_seed(4).to_string(), "2/7 (seed 4)");
        for bad in ["0/3", "4/3", "3", "a/b", "1/0"] {
            assert!(bad.parse::<Slice>().is_err(), "{bad}");
        }
    }
}
