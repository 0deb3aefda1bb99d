//! Board shapes: rectangles with some cells blank (Word Hunt's donut and
//! cross, or any mask) that random boards are rolled into.

use crate::error::Error;
use crate::size::{Size, MAX_SIDE};

/// Where a board's cells are: a rectangle with some cells blank (a shape).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    rows: usize,
    cols: usize,
    open: Vec<bool>,
    name: String,
}

impl Shape {
    /// A full rectangle.
    pub fn rect(rows: usize, cols: usize) -> Result<Shape, Error> {
        if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(Error::Size {
                text: format!("{rows}x{cols}"),
                why: format!("rows and columns must be 1 to {MAX_SIDE}"),
            });
        }
        Ok(Shape {
            rows,
            cols,
            open: vec![true; rows * cols],
            name: "square".into(),
        })
    }

    /// A full rectangle of a [`Size`] (`5x5`, `4x6`, `6`).
    pub fn parse_size(size: &str) -> Result<Shape, Error> {
        let Size { rows, cols } = size.parse()?;
        Shape::rect(rows, cols)
    }

    /// A named shape — `square` (4x4), `donut` (5x5, center blank), `cross`
    /// (5x5, corners blank) — or a mask: rows of `x` (a cell) and `.` (a
    /// blank) separated by `/`, like `.xx./xxxx/xxxx/.xx.`. See
    /// `solve::random` for how boards are rolled into them.
    pub fn named(name: &str) -> Result<Shape, Error> {
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
        let bad = |why: &str| Error::Shape {
            text: name.to_string(),
            why: format!("{why}; use square, donut, cross or a mask like .xx./xxxx/xxxx/.xx."),
        };
        let cols = rows.first().map_or(0, |r| r.chars().count());
        if rows.iter().any(|r| r.chars().count() != cols) {
            return Err(bad("rows of different lengths"));
        }
        let mut layout = Shape::rect(rows.len(), cols).map_err(|_| bad("bad size"))?;
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
        let l = Shape::parse_size("5x4").unwrap();
        assert_eq!((l.rows(), l.cols(), l.open_cells()), (5, 4, 20));
        assert_eq!(Shape::parse_size("6").unwrap().open_cells(), 36);
        assert!(Shape::parse_size("0x3").is_err());
        assert!(Shape::parse_size("axb").is_err());
        assert!(Shape::parse_size("65x2").is_err());
        assert_eq!(Shape::named("donut").unwrap().open_cells(), 24);
        assert_eq!(Shape::named("cross").unwrap().open_cells(), 21);
        assert_eq!(Shape::named(".x/xx").unwrap().name(), "mask");
        assert!(Shape::named("x./xxx").is_err());
        assert!(Shape::named("../..").is_err());
    }
}
