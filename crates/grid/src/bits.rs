//! Masks of cells or faces, one bit each.

/// The set bits of a mask, lowest first.
#[inline]
pub fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            c
        })
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn lowest_first() {
        assert_eq!(
            super::bits(0b1010_0101).collect::<Vec<_>>(),
            vec![0, 2, 5, 7]
        );
        assert_eq!(super::bits(1 << 63).collect::<Vec<_>>(), vec![63]);
        assert_eq!(super::bits(0).count(), 0);
    }
}
