//! Board sizes: the one size parser ([`Size`]: `RxC` or `N`).

use std::fmt;
use std::str::FromStr;

use crate::error::Error;

/// The most rows or columns a rolled or searched board may have.
pub const MAX_SIDE: usize = 64;

/// A board size: `RxC` (`4x4`, `3X5`, `3×5`, `3*5`) or `N` for N x N; both
/// at least 1, written in decimal digits. Every command that takes a size
/// reads it with this parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
}

impl Size {
    /// Number of cells.
    pub fn cells(self) -> usize {
        self.rows.saturating_mul(self.cols)
    }
}

impl FromStr for Size {
    type Err = Error;

    fn from_str(text: &str) -> Result<Size, Error> {
        let bad = |why: &str| Error::Size {
            text: text.to_string(),
            why: why.to_string(),
        };
        let expected = "expected RxC (like 4x4 or 3x5) or N";
        let trimmed = text.trim();
        let (r, c) = match trimmed.split_once(['x', 'X', '×', '*']) {
            Some((r, c)) => (r, c),
            None => (trimmed, trimmed),
        };
        let number = |s: &str| {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad(expected));
            }
            match s.parse::<usize>() {
                Ok(0) => Err(bad("rows and columns must be at least 1")),
                Ok(n) => Ok(n),
                Err(_) => Err(bad(expected)),
            }
        };
        Ok(Size {
            rows: number(r)?,
            cols: number(c)?,
        })
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_size_syntax() {
        let size = |t: &str| t.parse::<Size>().map(|s| (s.rows, s.cols)).ok();
        assert_eq!(size("4x4"), Some((4, 4)));
        assert_eq!(size("3X5"), Some((3, 5)));
        assert_eq!(size(" 2x7 "), Some((2, 7)));
        assert_eq!(size("3×5"), Some((3, 5)));
        assert_eq!(size("4"), Some((4, 4)));
        for bad in [
            "4x", "x4", "0x3", "3x0", "abc", "4x4x4", "-1x3", "+2x2", "", "0",
        ] {
            assert_eq!(size(bad), None, "{bad}");
        }
        let e = "0x3".parse::<Size>().unwrap_err().to_string();
        assert!(e.contains("size") && e.contains("at least 1"), "{e}");
    }
}
