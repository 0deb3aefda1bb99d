//! Boards: the model (an R x C grid of cells, each a *face* (a short string such
//! as `a`, `qu`, `th` or `ñ`) or blank (unusable)), how text becomes a board
//! and a board text ([`FaceRules`]) and one canonical text for a board and
//! its rotations and reflections ([`canonical`]), and what a traced path
//! spells ([`path`]).
//!
//! The board syntax is documented on [`FaceRules`], which reads it.

use std::fmt;

use crate::error::BoardError;

pub mod canonical;
mod faces;
mod file;
pub mod path;
mod scored;
mod text;
mod tile;

pub(crate) use crate::error::describe_char;
pub(crate) use faces::grid_shape;
pub use faces::spell;
pub use faces::FaceRules;
pub use file::{BoardFile, BoardFileError};
pub use scored::Scored;
pub use text::TextStyle;
pub use tile::{Place, Tile, MAX_ALTERNATIVES};

/// The most letters a face may have.
pub const MAX_FACE: usize = 8;

/// The most cells a board may have: 2²⁴, a 4,096 x 4,096 board. Reading a
/// board takes about 6 bytes a cell; solving one, about 40 more a cell.
pub const MAX_BOARD_CELLS: usize = 1 << 24;

/// A cell position: row and column, both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Row, from 0 at the top.
    pub row: u32,
    /// Column, from 0 at the left.
    pub col: u32,
}

impl serde::Serialize for Pos {
    /// A position is `[row, col]` in JSON.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.row, self.col].serialize(s)
    }
}

/// A rectangular board of faces and blanks. The faces are kept end to end in
/// one string (a blank is an empty face), so a board costs two allocations
/// however many cells it has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    faces: String,
    ends: Vec<u32>,
    /// Tile values printed on cells (`s2` in board text), by cell; empty
    /// when the board gives none.
    values: Vec<Option<u32>>,
}

impl Board {
    /// A board from rows x cols cells in row-major order (`None` = blank).
    pub fn new(rows: usize, cols: usize, cells: Vec<Option<String>>) -> Result<Board, BoardError> {
        if rows == 0 || cols == 0 {
            return Err(BoardError::Empty);
        }
        if rows.checked_mul(cols) != Some(cells.len()) {
            return Err(BoardError::Shape {
                rows,
                cols,
                cells: cells.len(),
            });
        }
        let mut board = Board::with_capacity(rows, cols);
        for cell in &cells {
            board.push(cell.as_deref().unwrap_or(""));
        }
        Ok(board)
    }

    pub(crate) fn with_capacity(rows: usize, cols: usize) -> Board {
        Board {
            rows,
            cols,
            faces: String::with_capacity(rows * cols),
            ends: Vec::with_capacity(rows * cols),
            values: Vec::new(),
        }
    }

    /// Sets the shape of a board whose cells were pushed one by one.
    pub(crate) fn set_shape(&mut self, rows: usize, cols: usize) {
        debug_assert_eq!(rows * cols, self.ends.len());
        self.rows = rows;
        self.cols = cols;
    }

    pub(crate) fn push(&mut self, face: &str) {
        self.faces.push_str(face);
        self.ends.push(self.faces.len() as u32);
    }

    /// The value printed on a cell's tile, if the board gives one (Wordament
    /// prints each tile's points on it: `s2` in board text).
    pub fn value(&self, index: usize) -> Option<u32> {
        self.values.get(index).copied().flatten()
    }

    /// Whether any cell gives its tile value.
    pub fn has_values(&self) -> bool {
        self.values.iter().any(Option::is_some)
    }

    /// Sets or clears the value printed on a cell's tile.
    pub fn set_value(&mut self, index: usize, value: Option<u32>) {
        if index >= self.len() || (value.is_none() && self.values.is_empty()) {
            return;
        }
        if self.values.len() < self.len() {
            self.values.resize(self.len(), None);
        }
        self.values[index] = value;
        if self.values.iter().all(Option::is_none) {
            self.values.clear();
        }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cells in row-major order: a face, or `None` for a blank.
    pub fn cells(&self) -> Vec<Option<&str>> {
        (0..self.ends.len()).map(|i| self.face(i)).collect()
    }

    /// The face at a cell index, or `None` for a blank (or past the end).
    pub fn face(&self, index: usize) -> Option<&str> {
        let end = *self.ends.get(index)? as usize;
        let start = if index == 0 {
            0
        } else {
            self.ends[index - 1] as usize
        };
        Some(&self.faces[start..end]).filter(|f| !f.is_empty())
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether the board has no cells (never true for a parsed board).
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The position of a cell index.
    pub fn pos(&self, index: usize) -> Pos {
        Pos {
            row: (index / self.cols) as u32,
            col: (index % self.cols) as u32,
        }
    }
}

impl fmt::Display for Board {
    /// The board as a grid, one row a line, faces capitalized (`Qu`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = (0..self.len())
            .map(|i| self.face(i).map_or(1, |s| s.chars().count()))
            .max()
            .unwrap_or(1);
        for r in 0..self.rows {
            for c in 0..self.cols {
                let text = match self.face(r * self.cols + c) {
                    None => "·".to_string(),
                    Some(face) => capitalize(face),
                };
                let pad = if c + 1 == self.cols {
                    0
                } else {
                    width - text.chars().count()
                };
                if c > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{text}{}", " ".repeat(pad))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// `qu` → `Qu`, `ñ` → `Ñ`; each letter run of a special tile too: `-ing`
/// → `-Ing`, `a/e` → `A/E`.
pub fn capitalize(face: &str) -> String {
    let mut out = String::with_capacity(face.len());
    let mut start = true;
    for c in face.chars() {
        if start && c.is_alphabetic() {
            out.extend(c.to_uppercase());
            start = false;
        } else {
            out.push(c);
            if c == '-' || c == '/' {
                start = true;
            }
        }
    }
    out
}

/// File extensions that make a board argument a path (see
/// [`looks_like_a_path`]).
const BOARD_FILE_EXTENSIONS: &[&str] = &["txt", "board", "boards", "text", "in"];

/// Whether text given as a board was meant as a file's path: it starts
/// like a path (`/name`, `./`, `../`, `~/`) or ends in a board file's
/// extension (`.txt`, `.board`, `.boards`, `.text`, `.in`). Every front
/// reads such text as a path, never as a board.
pub fn looks_like_a_path(text: &str) -> bool {
    let text = text.trim();
    let rooted = text
        .strip_prefix('/')
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_alphanumeric() || c == '.'));
    rooted
        || ["./", "../", "~/"].iter().any(|p| text.starts_with(p))
        || text.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty()
                && BOARD_FILE_EXTENSIONS
                    .iter()
                    .any(|e| e.eq_ignore_ascii_case(ext))
        })
}
