//! The one random number generator: [`Rng`], small, fixed and written out
//! here, so that a seed gives the same board on every machine, in every
//! build, forever.
//!
//! - The generator is SplitMix64 to expand the seed and xoshiro256\*\* to
//!   generate (both by Blackman and Vigna, public domain reference code at
//!   <https://prng.di.unimi.it/>). Its output depends on nothing but the
//!   seed: no platform word size, no floating point, no crate version.
//!   (`rand`'s `StdRng` documents that its algorithm may change between
//!   releases, so its seeds are not stable; a pinned `rand_chacha` or
//!   `rand_pcg` would do, but two dozen lines of integer arithmetic are
//!   easier to pin than a dependency.)
//! - Bounded numbers come from [`Rng::below`] (Lemire's
//!   multiply-and-reject, exactly uniform), shuffles from [`Rng::shuffle`]
//!   (Fisher–Yates, from the end).

/// SplitMix64: advances `state` and returns the next output. Used to expand
/// a 64-bit seed into [`Rng`]'s 256-bit state.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// xoshiro256\*\* (Blackman and Vigna, 2018): small, fast, and fixed — its
/// output for a seed never changes. See the module docs for why it is used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator seeded from `seed`: the state is four successive
    /// SplitMix64 outputs starting from `seed` (never all zero).
    pub fn new(seed: u64) -> Rng {
        let mut x = seed;
        let s = [
            splitmix64(&mut x),
            splitmix64(&mut x),
            splitmix64(&mut x),
            splitmix64(&mut x),
        ];
        Rng::from_state(s)
    }

    /// A generator with the given state (all zero is replaced by `new(0)`'s).
    pub fn from_state(s: [u64; 4]) -> Rng {
        if s == [0; 4] {
            return Rng::new(0);
        }
        Rng { s }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A number in `0..n`, exactly uniform (Lemire's method: the high word
    /// of a 128-bit product, rejecting the few low words that would bias it).
    /// `n` must not be 0.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Rng::below(0)");
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u128::from(self.next_u64()) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }

    /// Shuffles a slice in place (Fisher–Yates: for `i` from the end down to
    /// 1, swap `i` with `below(i + 1)`).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// A seed from the clock (and the process id), for rolls without `--seed`:
/// below 10⁹, so that it is easy to type back.
pub fn seed_from_time() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    let mut x = nanos ^ (u64::from(std::process::id()) << 32);
    splitmix64(&mut x) % 1_000_000_000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_and_xoshiro_match_the_reference() {
        // SplitMix64 from 0 (reference outputs of splitmix64.c).
        let mut x = 0u64;
        assert_eq!(splitmix64(&mut x), 0xe220_a839_7b1d_cdaf);
        assert_eq!(splitmix64(&mut x), 0x6e78_9e6a_a1b9_65f4);
        // xoshiro256** from the state 1, 2, 3, 4 (hand-checked first output).
        let mut r = Rng::from_state([1, 2, 3, 4]);
        assert_eq!(r.next_u64(), 11520);
        assert_eq!(r.next_u64(), 0);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = Rng::new(42);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[r.below(6) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
        assert_eq!(r.below(1), 0);
    }
}
