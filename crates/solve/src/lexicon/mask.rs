//! Letter masks: one bit per letter of the alphabet, in a `u32` for
//! alphabets of up to 32 letters (English, Dutch, Russian) and a `u64` for
//! larger ones (Ukrainian, Czech, Hungarian). The search is compiled once
//! for each, so the common case pays nothing for the large one.

use std::ops::{BitAnd, BitOr, BitOrAssign};

/// A set of letter codes, one bit each.
pub(crate) trait LetterMask:
    Copy + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + BitOrAssign + std::fmt::Debug
{
    /// How many letters fit.
    const BITS: u32;
    /// No letter.
    const ZERO: Self;

    /// Whether letter `l` (below [`BITS`](LetterMask::BITS)) is in the set.
    fn has(self, l: u32) -> bool;
    /// How many letters below `l` are in the set: the index of `l`'s edge
    /// among a state's edges.
    fn below(self, l: u32) -> u32;
    /// The lowest letter in the set (the set is not empty).
    fn lowest(self) -> u32;
    /// The set without its lowest letter.
    fn without_lowest(self) -> Self;
    /// Bit 0 of the set shifted right by `l` (`l` taken modulo `BITS`),
    /// as a `u32`: 1 when letter `l` is in the set. Branch-free.
    fn bit(self, l: u32) -> u32;
    /// The low `BITS` bits of a `u64` mask.
    fn from_u64(m: u64) -> Self;
}

macro_rules! letter_mask {
    ($t:ty) => {
        impl LetterMask for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: $t = 0;

            #[inline(always)]
            fn has(self, l: u32) -> bool {
                self >> l & 1 != 0
            }

            #[inline(always)]
            fn below(self, l: u32) -> u32 {
                (self & ((1 << l) - 1)).count_ones()
            }

            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }

            #[inline(always)]
            fn without_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }

            #[inline(always)]
            fn bit(self, l: u32) -> u32 {
                (self >> (l & (<$t>::BITS - 1))) as u32 & 1
            }

            #[inline(always)]
            fn from_u64(m: u64) -> $t {
                m as $t
            }
        }
    };
}

letter_mask!(u32);
letter_mask!(u64);

#[cfg(test)]
mod tests {
    use super::*;

    fn check<M: LetterMask>() {
        let top = M::BITS - 1;
        let m = M::from_u64((1u64 << top) | 0b1010);
        assert!(m.has(1) && m.has(3) && m.has(top) && !m.has(0) && !m.has(2));
        assert_eq!(m.below(0), 0);
        assert_eq!(m.below(3), 1);
        assert_eq!(m.below(top), 2);
        assert_eq!(m.lowest(), 1);
        assert_eq!(m.without_lowest().lowest(), 3);
        assert_eq!(m.bit(3), 1);
        assert_eq!(m.bit(2), 0);
        assert_eq!(m.bit(top), 1);
        assert_eq!(M::from_u64(u64::MAX) & m, m);
        assert_eq!(M::ZERO & m, M::ZERO);
    }

    #[test]
    fn both_widths_agree_on_the_letters_they_share() {
        check::<u32>();
        check::<u64>();
    }
}
