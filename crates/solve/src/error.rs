//! Errors of the solver library, as types: each one line, naming what it is
//! about (a cell, a size, a pack).

use thiserror::Error;

/// A board could not be read.
#[derive(Debug, Error)]
pub enum BoardError {
    /// No cells at all.
    #[error("the board is empty")]
    Empty,
    /// Rows of different lengths.
    #[error("row {row} has {len} cells but row 1 has {expected}")]
    Ragged {
        /// 1-based row.
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A cell that cannot be read.
    #[error("row {row}, column {col} (character {at}): {message}")]
    Cell {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// 1-based character position in the board text.
        at: usize,
        /// What is wrong.
        message: String,
    },
    /// Rows times columns is not the number of cells.
    #[error("{rows} x {cols} does not hold {cells} cells")]
    Shape {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// Cells given.
        cells: usize,
    },
    /// One run of cells that makes no square, read without a size: its
    /// rows or its size say what shape it has.
    #[error("{cells} cells in one run make no square board: write its rows ({rows}) or give its size ({size})")]
    NotSquare {
        /// Cells given.
        cells: usize,
        /// The board written in rows of the likeliest shape
        /// (`pers/late/sind`).
        rows: String,
        /// That shape.
        size: grid::Size,
    },
    /// A board that does not have the size asked for.
    #[error("the board is {typed}, not {size}")]
    WrongSize {
        /// The size asked for.
        size: grid::Size,
        /// What was typed (`12 cells`, `3 rows of 4`).
        typed: String,
    },
    /// A board larger than the solver takes.
    #[error("the board has more than {max} cells")]
    TooLarge {
        /// The most cells a board may have.
        max: usize,
    },
    /// A bonus grid that does not fit the board.
    #[error("the bonus grid is {bonus_rows}x{bonus_cols} but the board is {rows}x{cols}")]
    Bonus {
        /// The bonus grid's rows.
        bonus_rows: usize,
        /// The bonus grid's columns.
        bonus_cols: usize,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// The pack's rules cannot read boards.
    #[error("pack rules: {0}")]
    Pack(#[source] prep::RecipeError),
}

/// A pack cannot drive the solver.
#[derive(Debug, Error)]
pub enum LexiconError {
    /// More letters than a node's child mask can hold.
    #[error("the pack's alphabet has {0} letters; the solver takes at most 64")]
    AlphabetTooLarge(usize),
    /// More words than a 32-bit word id can number.
    #[error("the pack has {0} words; the solver takes at most 4,294,967,294")]
    TooManyWords(u64),
    /// A state of the pack's automaton failed its check as it was decoded
    /// (a crafted or broken pack whose checksums match).
    #[error("{pack}: {message}")]
    Malformed {
        /// The pack's name (its path, or a built-in name).
        pack: String,
        /// What is wrong.
        message: String,
    },
}

/// A face, a tile or a word that the pack's rules cannot read.
#[derive(Debug, Error)]
pub enum FaceError {
    /// Nothing left once normalized.
    #[error("empty face")]
    Empty,
    /// A word that is empty once normalized.
    #[error("{typed:?} is not a word")]
    NotAWord {
        /// The word as typed.
        typed: String,
    },
    /// A character the pack's alphabet lacks.
    #[error("{typed:?} holds {}, which is not in the pack's alphabet ({alphabet})", describe_char(*letter))]
    NotInAlphabet {
        /// The text as typed.
        typed: String,
        /// The first character outside the alphabet (after normalizing).
        letter: char,
        /// The pack's alphabet.
        alphabet: String,
    },
    /// A bracketed tile written as both a prefix and a suffix (`[-re-]`).
    #[error("[{typed}]: a tile is a prefix (re-) or a suffix (-ing), not both")]
    PrefixAndSuffix {
        /// The tile's text inside the brackets.
        typed: String,
    },
    /// A bracketed tile that is no prefix, suffix or either/or tile.
    #[error("[{typed}]: write a prefix [re-], a suffix [-ing] or either/or letters [a/e]")]
    TileForm {
        /// The tile's text inside the brackets.
        typed: String,
    },
    /// An either/or tile with more alternatives than a tile holds.
    #[error("[{typed}]: a tile has at most {max} alternatives")]
    TooManyAlternatives {
        /// The tile's text inside the brackets.
        typed: String,
        /// The most a tile holds.
        max: usize,
    },
    /// The pack's recipe has no working normalizer.
    #[error(transparent)]
    Recipe(#[from] prep::RecipeError),
}

/// A character as an error shows it: quoted, with its code point when it is
/// not ASCII, since a Cyrillic `о` looks like a Latin `o` (`'о' (U+043E)`).
pub(crate) fn describe_char(c: char) -> String {
    if c.is_ascii_graphic() {
        format!("{c:?}")
    } else {
        format!("{c:?} (U+{:04X})", u32::from(c))
    }
}
