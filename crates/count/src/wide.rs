//! Counts past `u128`: the sweep adds up either kind.

use std::fmt;

/// A count the sweep adds up: `u128`, or [`U256`] for counts past it.
pub(super) trait Number: Copy + Default + PartialEq + Send + Sync {
    /// Adds `other`; says whether the sum overflowed.
    fn add(&mut self, other: Self) -> bool;
    /// A small number (a state's index and an edge count, packed).
    fn from_u64(n: u64) -> Self;
    /// The low 64 bits.
    fn low(self) -> u64;
}

impl Number for u128 {
    #[inline]
    fn add(&mut self, other: u128) -> bool {
        let (sum, overflow) = self.overflowing_add(other);
        *self = sum;
        overflow
    }

    fn from_u64(n: u64) -> u128 {
        u128::from(n)
    }

    fn low(self) -> u64 {
        self as u64
    }
}

/// An unsigned 256-bit integer, as much as the path counts here need:
/// addition and decimal printing. The 10x10 king board has about 3.1e45
/// paths, past `u128::MAX` (about 3.4e38).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct U256 {
    /// Least significant limb first.
    limbs: [u64; 4],
}

impl U256 {
    /// The value, if it fits in a `u128`.
    pub fn to_u128(self) -> Option<u128> {
        let [a, b, c, d] = self.limbs;
        (c == 0 && d == 0).then(|| u128::from(a) | u128::from(b) << 64)
    }

    /// `self + other`, or `None` past 2^256.
    pub fn checked_add(mut self, other: U256) -> Option<U256> {
        (!Number::add(&mut self, other)).then_some(self)
    }
}

impl From<u128> for U256 {
    fn from(n: u128) -> U256 {
        U256 {
            limbs: [n as u64, (n >> 64) as u64, 0, 0],
        }
    }
}

impl Number for U256 {
    #[inline]
    fn add(&mut self, other: U256) -> bool {
        let mut carry = false;
        for (a, &b) in self.limbs.iter_mut().zip(&other.limbs) {
            let (s, c1) = a.overflowing_add(b);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *a = s;
            carry = c1 || c2;
        }
        carry
    }

    fn from_u64(n: u64) -> U256 {
        U256 {
            limbs: [n, 0, 0, 0],
        }
    }

    fn low(self) -> u64 {
        self.limbs[0]
    }
}

impl fmt::Display for U256 {
    /// In decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Divide by 10^19 (the largest power of ten in a u64) until nothing
        // is left; the remainders are the decimal digits, 19 at a time.
        const BASE: u64 = 10_000_000_000_000_000_000;
        let mut limbs = self.limbs;
        let mut chunks = Vec::new();
        loop {
            let mut rest = 0u128;
            for limb in limbs.iter_mut().rev() {
                let cur = rest << 64 | u128::from(*limb);
                *limb = (cur / u128::from(BASE)) as u64;
                rest = cur % u128::from(BASE);
            }
            chunks.push(rest as u64);
            if limbs.iter().all(|&l| l == 0) {
                break;
            }
        }
        let mut text = chunks.pop().unwrap_or(0).to_string();
        for chunk in chunks.iter().rev() {
            text.push_str(&format!("{chunk:019}"));
        }
        f.pad(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u256_adds_with_carries_and_prints_in_decimal() {
        assert_eq!(U256::default().to_string(), "0");
        assert_eq!(U256::from(12_345u128).to_string(), "12345");
        let max = U256::from(u128::MAX);
        assert_eq!(max.to_string(), u128::MAX.to_string());
        assert_eq!(max.to_u128(), Some(u128::MAX));
        let twice = max.checked_add(max).unwrap();
        assert_eq!(twice.to_u128(), None);
        // 2 * (2^128 - 1) = 2^129 - 2
        assert_eq!(twice.to_string(), "680564733841876926926749214863536422910");
        // 2^128, from its limbs: its decimal chunks need their zeros.
        let big = U256 {
            limbs: [0, 0, 1, 0],
        };
        assert_eq!(big.to_string(), "340282366920938463463374607431768211456");
        let top = U256 {
            limbs: [u64::MAX; 4],
        };
        assert_eq!(top.checked_add(U256::from(1u128)), None);
        assert_eq!(
            top.to_string(),
            "115792089237316195423570985008687907853269984665640564039457584007913129639935"
        );
    }
}
