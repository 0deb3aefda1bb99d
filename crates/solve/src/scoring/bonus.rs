//! Bonus cells, as Ruzzle prints them: a grid of the board's shape saying
//! which cells double or triple their letter's value or the whole word's.
//!
//! A grid is written like a board (rows separated by white space, `/`, `,`
//! or `;`; one run of N² cells is a square), one character a cell:
//!
//! | cell | bonus |
//! |---|---|
//! | `.` | none |
//! | `d` | double letter: the cell's value counts twice |
//! | `t` | triple letter |
//! | `D` | double word: the word's letter sum counts twice |
//! | `T` | triple word |
//!
//! Word bonuses on one path multiply (a `D` and a `T` make x6). Bonuses
//! apply under the letter-value schemes ([`Scoring`](super::Scoring)).

use std::fmt;

use serde::Serialize;

use crate::error::BoardError;

/// One cell's bonus: its letter multiplier and its word multiplier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct CellBonus {
    /// The cell's value counts this many times.
    pub letter: u8,
    /// The word's letter sum is multiplied by this.
    pub word: u8,
}

impl CellBonus {
    /// No bonus.
    pub const NONE: CellBonus = CellBonus { letter: 1, word: 1 };

    fn from_char(c: char) -> Option<CellBonus> {
        Some(match c {
            '.' => CellBonus::NONE,
            'd' => CellBonus { letter: 2, word: 1 },
            't' => CellBonus { letter: 3, word: 1 },
            'D' => CellBonus { letter: 1, word: 2 },
            'T' => CellBonus { letter: 1, word: 3 },
            _ => return None,
        })
    }

    fn to_char(self) -> char {
        match (self.letter, self.word) {
            (2, _) => 'd',
            (3, _) => 't',
            (_, 2) => 'D',
            (_, 3) => 'T',
            _ => '.',
        }
    }
}

/// A grid of bonus cells (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bonus {
    rows: usize,
    cols: usize,
    cells: Vec<CellBonus>,
}

impl Bonus {
    /// Reads a grid (see the module docs); errors name the row and column.
    pub fn parse(text: &str) -> Result<Bonus, BoardError> {
        let is_sep = |c: char| c.is_whitespace() || c == '/' || c == ',' || c == ';';
        let mut cells = Vec::new();
        let mut rows: Vec<usize> = Vec::new();
        let mut row = 0usize;
        for (at, c) in text.trim_start_matches('\u{feff}').chars().enumerate() {
            if is_sep(c) {
                if row > 0 {
                    rows.push(std::mem::take(&mut row));
                }
                continue;
            }
            let bonus = CellBonus::from_char(c).ok_or_else(|| BoardError::Cell {
                row: rows.len() + 1,
                col: row + 1,
                at: at + 1,
                message: format!(
                    "{c:?} is not a bonus: use . (none), d t (double, triple letter), D T (double, triple word)"
                ),
            })?;
            if cells.len() >= crate::board::MAX_BOARD_CELLS {
                return Err(BoardError::TooLarge {
                    max: crate::board::MAX_BOARD_CELLS,
                });
            }
            cells.push(bonus);
            row += 1;
        }
        if row > 0 {
            rows.push(row);
        }
        let (rows, cols) = crate::board::grid_shape(&rows, cells.len())?;
        Ok(Bonus { rows, cols, cells })
    }

    /// Reads a grid for a board of `rows` x `cols`: as [`Bonus::parse`],
    /// then taken in that shape when it holds as many cells (so `...d` fits
    /// a 1x4 board as well as a 2x2 one); an error names both shapes when
    /// it does not fit.
    pub fn parse_for(text: &str, rows: usize, cols: usize) -> Result<Bonus, BoardError> {
        Bonus::parse(text)?.fit(rows, cols)
    }

    /// The grid in the shape of a `rows` x `cols` board, when it holds as
    /// many cells; else an error naming both shapes.
    pub fn fit(mut self, rows: usize, cols: usize) -> Result<Bonus, BoardError> {
        if self.cells.len() != rows * cols {
            return Err(BoardError::Bonus {
                bonus_rows: self.rows,
                bonus_cols: self.cols,
                rows,
                cols,
            });
        }
        self.rows = rows;
        self.cols = cols;
        Ok(self)
    }

    /// A grid with no bonus anywhere.
    pub fn none(rows: usize, cols: usize) -> Bonus {
        Bonus {
            rows,
            cols,
            cells: vec![CellBonus::NONE; rows * cols],
        }
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The bonus at a cell index of a board of the grid's shape.
    pub fn at(&self, index: usize) -> CellBonus {
        self.cells.get(index).copied().unwrap_or(CellBonus::NONE)
    }

    /// The bonus at a row and column; none outside the grid.
    pub fn get(&self, row: usize, col: usize) -> CellBonus {
        if row < self.rows && col < self.cols {
            self.cells[row * self.cols + col]
        } else {
            CellBonus::NONE
        }
    }

    /// Whether the grid has the given shape.
    pub fn fits(&self, rows: usize, cols: usize) -> bool {
        self.rows == rows && self.cols == cols
    }
}

impl fmt::Display for Bonus {
    /// Rows separated by `/`: `d..T/..../.D../t...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, b) in self.cells.iter().enumerate() {
            if i > 0 && i % self.cols == 0 {
                f.write_str("/")?;
            }
            write!(f, "{}", b.to_char())?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Bonus {
    type Err = BoardError;

    fn from_str(s: &str) -> Result<Bonus, BoardError> {
        Bonus::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_read_like_boards() {
        let a = Bonus::parse("d..T/..../.D../t...").unwrap();
        let b = Bonus::parse("d..T ....\n.D.. t...").unwrap();
        let c = Bonus::parse("d..T.....D..t...").unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!((a.rows(), a.cols()), (4, 4));
        assert_eq!(a.get(0, 0), CellBonus { letter: 2, word: 1 });
        assert_eq!(a.get(0, 3), CellBonus { letter: 1, word: 3 });
        assert_eq!(a.at(9), CellBonus { letter: 1, word: 2 });
        assert_eq!(a.get(9, 9), CellBonus::NONE);
        assert_eq!(a.to_string(), "d..T/..../.D../t...");
        assert_eq!(Bonus::parse(&a.to_string()).unwrap(), a);
    }

    #[test]
    fn bad_grids_name_the_cell() {
        let e = Bonus::parse("d..T/..x.").unwrap_err();
        assert!(matches!(e, BoardError::Cell { row: 2, col: 3, .. }), "{e}");
        assert!(matches!(
            Bonus::parse("d.. ....").unwrap_err(),
            BoardError::Ragged { .. }
        ));
        assert!(matches!(Bonus::parse(" ").unwrap_err(), BoardError::Empty));
    }
}
