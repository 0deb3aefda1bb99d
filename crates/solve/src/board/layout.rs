//! Board sizes and shapes: the one size parser ([`Size`]: `RxC` or `N`), and
//! [`Layout`]s, rectangles with some cells blank (Word Hunt's donut and
//! cross, or any mask) that random boards are rolled into.

use std::fmt;
use std::str::FromStr;

use crate::error::LayoutError;

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
    type Err = LayoutError;

    fn from_str(text: &str) -> Result<Size, LayoutError> {
        let bad = |why: &str| LayoutError::Size {
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

/// Where a board's cells are: a rectangle with some cells blank (a shape).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    rows: usize,
    cols: usize,
    open: Vec<bool>,
    name: String,
}

impl Layout {
    /// A full rectangle.
    pub fn rect(rows: usize, cols: usize) -> Result<Layout, LayoutError> {
        if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(LayoutError::Size {
                text: format!("{rows}x{cols}"),
                why: format!("rows and columns must be 1 to {MAX_SIDE}"),
            });
        }
        Ok(Layout {
            rows,
            cols,
            open: vec![true; rows * cols],
            name: "square".into(),
        })
    }

    /// A full rectangle of a [`Size`] (`5x5`, `4x6`, `6`).
    pub fn parse_size(size: &str) -> Result<Layout, LayoutError> {
        let Size { rows, cols } = size.parse()?;
        Layout::rect(rows, cols)
    }

    /// A named shape — `square` (4x4), `donut` (5x5, center blank), `cross`
    /// (5x5, corners blank) — or a mask: rows of `x` (a cell) and `.` (a
    /// blank) separated by `/`, like `.xx./xxxx/xxxx/.xx.`. See
    /// [`crate::random`] for the shapes.
    pub fn shape(name: &str) -> Result<Layout, LayoutError> {
        let mask = match name {
            "square" => "xxxx/xxxx/xxxx/xxxx",
            "donut" => "xxxxx/xxxxx/xx.xx/xxxxx/xxxxx",
            "cross" => ".xxx./xxxxx/xxxxx/xxxxx/.xxx.",
            other => other,
        };
        let rows: Vec<&str> = mask
            .split(|c: char| c == '/' || c.is_whitespace())
            .filter(|r| !r.is_empty())
            .collect();
        let bad = |why: &str| LayoutError::Shape {
            text: name.to_string(),
            why: format!("{why}; use square, donut, cross or a mask like .xx./xxxx/xxxx/.xx."),
        };
        let cols = rows.first().map_or(0, |r| r.chars().count());
        if rows.iter().any(|r| r.chars().count() != cols) {
            return Err(bad("rows of different lengths"));
        }
        let mut layout = Layout::rect(rows.len(), cols).map_err(|_| bad("bad size"))?;
        for (i, c) in rows.iter().flat_map(|r| r.chars()).enumerate() {
            layout.open[i] = match c {
                'x' | 'X' | '#' | 'o' | 'O' => true,
                '.' | '_' => false,
                _ => return Err(bad(&format!("{c:?} is neither a cell (x) nor a blank (.)"))),
            };
        }
        if !layout.open.contains(&true) {
            return Err(bad("no open cell"));
        }
        layout.name = if mask == name {
            "mask".into()
        } else {
            name.into()
        };
        Ok(layout)
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether each cell (row-major) takes a die; `false` is a blank.
    pub fn open(&self) -> &[bool] {
        &self.open
    }

    /// Number of cells that take a die.
    pub fn open_cells(&self) -> usize {
        self.open.iter().filter(|&&o| o).count()
    }

    /// `square`, `donut`, `cross` or `mask`.
    pub fn name(&self) -> &str {
        &self.name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_shapes() {
        let l = Layout::parse_size("5x4").unwrap();
        assert_eq!((l.rows(), l.cols(), l.open_cells()), (5, 4, 20));
        assert_eq!(Layout::parse_size("6").unwrap().open_cells(), 36);
        assert!(Layout::parse_size("0x3").is_err());
        assert!(Layout::parse_size("axb").is_err());
        assert!(Layout::parse_size("65x2").is_err());
        assert_eq!(Layout::shape("donut").unwrap().open_cells(), 24);
        assert_eq!(Layout::shape("cross").unwrap().open_cells(), 21);
        assert_eq!(Layout::shape(".x/xx").unwrap().name(), "mask");
        assert!(Layout::shape("x./xxx").is_err());
        assert!(Layout::shape("../..").is_err());
    }

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
