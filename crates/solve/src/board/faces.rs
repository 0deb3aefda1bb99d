//! Reading boards: [`FaceRules`] turn typed text into faces with a pack's
//! normalization, alphabet and aliases (the board syntax is documented on
//! [`FaceRules`]).

use grid::Size;
use prep::{normalize::Normalizer, recipe::LetterRules, Pack, Recipe};

use super::tile::{Place, Tile, MAX_ALTERNATIVES};
use super::{Board, MAX_BOARD_CELLS, MAX_FACE};
use crate::error::{BoardError, FaceError};

/// How a board's text becomes faces: the pack's normalization, alphabet and
/// aliases ([`FaceRules::parse`]), and back ([`FaceRules::text`]).
///
/// # Board syntax
///
/// - Rows are separated by white space, `/`, `,`, `;` or newlines:
///   `"oatr ihps htnr enei"`, `"oatr/ihps/htnr/enei"`; every row has the
///   same number of cells.
/// - A single run of N² cells is a square board: `"oatrihpshtnrenei"`. A
///   run of any other length is one row (1 x N): `"abcde"`.
/// - Single cells separated by spaces are one run, not a column: `"o a t r
///   i h p s h t n r e n e i"` is the 4x4 board above.
/// - A multi-letter face is written in brackets: `[th]`, `[qu]`, `[In]`; a
///   face has at most [`MAX_FACE`] letters, and `[]` is an error.
/// - `.` (or `[.]`, `_`) is a blank cell (a hole in a shaped board).
/// - Wordament's special tiles, in brackets: `[re-]` is a prefix tile (it
///   may only start a word), `[-ing]` a suffix tile (it may only end one),
///   `[a/e]` an either/or tile (it reads as one of its letters, chosen per
///   word). See [`Tile`].
/// - A bracketed face may end with the value printed on its tile: `[s:2]`,
///   `[qu:8]`, `[-ing:13]`. The letter-value schemes score that cell by it
///   instead of the letter table ([`crate::Scoring`]).
/// - Letters are case-insensitive and normalized with the pack's rules, so
///   `Ä` on a German board reads `ae` and `ñ` stays `ñ`.
/// - A lone letter may read as more: with the English packs a `q` cell is the
///   `Qu` face (the pack's `aliases`); `[q]` always means a plain `q`. When
///   the letters as typed give no board of the usual shape (a run that is
///   not a square, rows of different lengths) and reading a typed `qu` as
///   that one `Qu` cell does, that is the board: `quick` is the 2x2 board
///   `Qu I C K`. A square run stays as typed, so data files that write the
///   `Qu` face as `q` read as they always did; `[q]u` is always two cells.
/// - A leading byte-order mark is ignored; a board has at most
///   [`MAX_BOARD_CELLS`] cells.
#[derive(Clone, Debug)]
pub struct FaceRules {
    normalizer: Normalizer,
    alphabet: Vec<char>,
    aliases: Vec<(String, String)>,
    /// Strings of more than one character that normalization replaces
    /// (`l·l`), longest first: typed, each is one cell.
    joined: Vec<Vec<char>>,
    /// `a`..`z`: in the alphabet and left alone by normalization.
    plain_ascii: [bool; 26],
}

const LETTERS: &str = "abcdefghijklmnopqrstuvwxyz";

impl FaceRules {
    /// The rules of a recipe.
    pub fn from_recipe(recipe: &Recipe) -> Result<FaceRules, BoardError> {
        let normalizer = recipe.normalizer().map_err(BoardError::Pack)?;
        let alphabet = recipe.letters();
        let mut plain_ascii = [false; 26];
        for (i, c) in LETTERS.chars().enumerate() {
            plain_ascii[i] =
                alphabet.contains(&c) && normalizer.normalize(&c.to_string()) == c.to_string();
        }
        let joined = normalizer
            .replaced()
            .map(|from| from.chars().collect::<Vec<char>>())
            .filter(|from| from.len() > 1)
            .collect();
        Ok(FaceRules {
            joined,
            normalizer,
            plain_ascii,
            alphabet,
            aliases: recipe
                .board
                .aliases
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        })
    }

    /// The rules of a pack.
    pub fn from_pack(pack: &Pack) -> Result<FaceRules, BoardError> {
        FaceRules::from_recipe(pack.recipe())
    }

    /// Overrides how a lone `q` reads: `Some(true)` makes it `qu`, `Some(false)`
    /// a plain `q`; `None` keeps the pack's rule.
    pub fn with_qu(mut self, qu: Option<bool>) -> FaceRules {
        match qu {
            None => {}
            Some(true) => {
                self.aliases.retain(|(k, _)| k != "q");
                self.aliases.push(("q".into(), "qu".into()));
            }
            Some(false) => self.aliases.retain(|(k, _)| k != "q"),
        }
        self
    }

    /// The letters a face may hold.
    pub fn alphabet(&self) -> &[char] {
        &self.alphabet
    }

    /// Normalizes one face as typed; `bracketed` faces take no alias.
    pub fn face(&self, typed: &str, bracketed: bool) -> Result<String, FaceError> {
        if let [b] = typed.as_bytes() {
            if let Some(face) = self.ascii_face(*b, bracketed) {
                return Ok(face.to_string());
            }
        }
        let lower: String = typed.chars().flat_map(char::to_lowercase).collect();
        let face = self.normalizer.normalize(&lower);
        if face.is_empty() {
            return Err(FaceError::Empty);
        }
        if let Some(c) = face.chars().find(|c| !self.alphabet.contains(c)) {
            return Err(not_in_alphabet(typed, c, &self.alphabet));
        }
        if !bracketed {
            if let Some((_, to)) = self.aliases.iter().find(|(from, _)| *from == face) {
                return Ok(to.clone());
            }
        }
        Ok(face)
    }

    /// Reads a special tile's bracketed text (`re-`, `-ing`, `a/e`): each
    /// alternative normalized as a bracketed face.
    fn tile(&self, typed: &str) -> Result<String, FaceError> {
        let (place, letters) = if let Some(rest) = typed.strip_prefix('-') {
            (Place::Last, rest)
        } else if let Some(rest) = typed.strip_suffix('-') {
            (Place::First, rest)
        } else {
            (Place::Anywhere, typed)
        };
        if letters.starts_with('-') || letters.ends_with('-') {
            return Err(FaceError::PrefixAndSuffix {
                typed: typed.to_string(),
            });
        }
        let mut alternatives = Vec::new();
        for alt in letters.split('/') {
            if alt.is_empty() || alt.contains('-') {
                return Err(FaceError::TileForm {
                    typed: typed.to_string(),
                });
            }
            alternatives.push(self.face(alt, true)?);
        }
        if alternatives.len() > MAX_ALTERNATIVES {
            return Err(FaceError::TooManyAlternatives {
                typed: typed.to_string(),
                max: MAX_ALTERNATIVES,
            });
        }
        Ok(Tile::face(place, &alternatives))
    }

    /// The face a single ASCII letter reads as, when no rule changes it
    /// beyond lowercasing (the common case, without allocating).
    #[inline]
    fn ascii_face(&self, b: u8, bracketed: bool) -> Option<&str> {
        let c = b.to_ascii_lowercase() as char;
        if !c.is_ascii_lowercase() || !self.plain_ascii[c as usize - 'a' as usize] {
            return None;
        }
        if !bracketed {
            if let Some((_, to)) = self
                .aliases
                .iter()
                .find(|(from, _)| from.len() == 1 && from.as_bytes()[0] == c as u8)
            {
                return Some(to);
            }
        }
        Some(&LETTERS[c as usize - 'a' as usize..=c as usize - 'a' as usize])
    }

    /// The rest of the face a lone letter reads as, when that face is longer
    /// and starts with the letter (`u` for `q` → `qu`): typed after the
    /// letter, it belongs to the same cell.
    pub(crate) fn continuation(&self, letter: &str) -> Option<&str> {
        self.aliases
            .iter()
            .find(|(from, to)| from == letter && to.len() > from.len() && to.starts_with(from))
            .map(|(from, to)| &to[from.len()..])
    }

    /// Parses a board (see [`FaceRules`] for the syntax). Memory stays a
    /// small multiple of the number of cells, however long the text.
    ///
    /// Rows are separated by spaces or `/`; one run of cells is a square
    /// board, and a run that makes no square is refused
    /// ([`BoardError::NotSquare`]): [`FaceRules::parse_sized`] shapes it.
    ///
    /// Each letter is a cell. Only when that reading gives no board of its
    /// shape (a run that is not a square, rows of different lengths) and
    /// reading a typed `qu` as the one `Qu` cell (where a `q` cell reads
    /// `qu`) does, is that the board: `quaietsrnolpedbmc` is 4x4, while a
    /// 16-letter run with a `q` next to a `u` stays `Qu` and `U`.
    pub fn parse(&self, text: &str) -> Result<Board, BoardError> {
        self.parse_sized(text, None)
    }

    /// Parses a board of `size`: one run of cells is cut into its rows
    /// (`perslatesind` at 3x4 is `pers/late/sind`), and a board typed in
    /// rows must have that shape ([`BoardError::WrongSize`]). Without a
    /// size, as [`FaceRules::parse`].
    pub fn parse_sized(&self, text: &str, size: Option<Size>) -> Result<Board, BoardError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if let Some(board) = self.parse_plain(text, size) {
            return board;
        }
        let plain = self.parse_with(text, false, size);
        if plain.is_ok() || !self.may_continue(text) {
            return plain;
        }
        self.parse_with(text, true, size).or(plain)
    }

    /// How many characters of `text` (at a typed letter) make one string
    /// that normalization replaces, such as `L·L`, if they do.
    fn joined_at(&self, text: &str) -> Option<usize> {
        self.joined.iter().find_map(|key| {
            let typed = text.chars().take(key.len()).flat_map(char::to_lowercase);
            typed.eq(key.iter().copied()).then_some(key.len())
        })
    }

    /// Whether a typed letter in `text` is followed by the rest of the
    /// longer face it reads as (`qu` where `q` reads `qu`).
    fn may_continue(&self, text: &str) -> bool {
        let lower = text.to_lowercase();
        self.continuations()
            .iter()
            .any(|(letter, rest)| lower.contains(&format!("{letter}{rest}")))
    }

    /// Reads a board, each typed letter a cell, or with `merge` a typed
    /// letter and the rest of its longer face (`qu`) one cell, in the shape
    /// [`board_shape`] gives it.
    fn parse_with(&self, text: &str, merge: bool, size: Option<Size>) -> Result<Board, BoardError> {
        let is_sep = |c: char| c.is_whitespace() || c == '/' || c == ',' || c == ';';
        let mut board = Board::with_capacity(0, 0);
        // Cells in each finished row, and in the row being read.
        let mut rows: Vec<usize> = Vec::new();
        let mut row = 0usize;
        let mut chars = text.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            if is_sep(c) {
                if row > 0 {
                    rows.push(std::mem::take(&mut row));
                }
                continue;
            }
            let cell_err = |message: String| BoardError::Cell {
                row: rows.len() + 1,
                col: row + 1,
                at: text[..at].chars().count() + 1,
                message,
            };
            let face_err = |e: FaceError| cell_err(e.to_string());
            // The tile's printed value, written `[s:2]`.
            let mut value: Option<u32> = None;
            let face = match c {
                '.' | '_' => None,
                '[' => {
                    let mut inner = String::new();
                    loop {
                        match chars.next() {
                            Some((_, ']')) => break,
                            Some((_, ch)) if (ch == '/' || !is_sep(ch)) && ch != '[' => {
                                inner.push(ch)
                            }
                            _ => return Err(cell_err("'[' without a matching ']'".into())),
                        }
                    }
                    if let Some((face, digits)) = inner.rsplit_once(':') {
                        let v: u32 = digits
                            .parse()
                            .ok()
                            .filter(|&v| v <= LetterRules::MAX_VALUE)
                            .ok_or_else(|| {
                                cell_err(format!(
                                    "[{inner}]: a tile value is a whole number up to {}, as in [s:2]",
                                    LetterRules::MAX_VALUE
                                ))
                            })?;
                        value = Some(v);
                        inner = face.to_string();
                    }
                    match inner.as_str() {
                        "" => {
                            return Err(cell_err(
                                "'[]' is an empty face; write '.' for a blank cell".into(),
                            ))
                        }
                        "." => None,
                        _ if !Tile::is_plain(&inner) => Some(self.tile(&inner).map_err(face_err)?),
                        _ => Some(self.face(&inner, true).map_err(face_err)?),
                    }
                }
                _ if c.is_alphabetic() => {
                    // A letter with combining marks typed after it is one cell,
                    // and so is a string the pack reads as one letter (`L·L`).
                    let mut typed = c.to_string();
                    if let Some(n) = self.joined_at(&text[at..]) {
                        for _ in 1..n {
                            if let Some((_, next)) = chars.next() {
                                typed.push(next);
                            }
                        }
                    }
                    while let Some(&(_, m)) = chars.peek() {
                        if unicode_mark(m) {
                            typed.push(m);
                            chars.next();
                        } else {
                            break;
                        }
                    }
                    let face = self.face(&typed, false).map_err(face_err)?;
                    // `qu` typed where a `q` cell reads `qu` is that one cell.
                    let plain = self.face(&typed, true).map_err(face_err)?;
                    if let Some(rest) = self.continuation(&plain).filter(|_| merge) {
                        let from = chars.peek().map_or(text.len(), |&(i, _)| i);
                        let next: String = text[from..]
                            .chars()
                            .take(rest.chars().count())
                            .flat_map(char::to_lowercase)
                            .collect();
                        if next == rest {
                            for _ in rest.chars() {
                                chars.next();
                            }
                        }
                    }
                    Some(face)
                }
                _ => return Err(cell_err(format!("{c:?} is not a letter, '[face]' or '.'"))),
            };
            if let Some(face) = &face {
                let tile = Tile::of(face);
                if let Some(letters) = tile
                    .alternatives()
                    .map(|a| a.chars().count())
                    .find(|&n| n > MAX_FACE)
                {
                    return Err(cell_err(format!(
                        "a face of {letters} letters; a face has at most {MAX_FACE}"
                    )));
                }
            }
            if value.is_some() && face.is_none() {
                return Err(cell_err("a blank cell has no value".into()));
            }
            if board.len() >= MAX_BOARD_CELLS {
                return Err(BoardError::TooLarge {
                    max: MAX_BOARD_CELLS,
                });
            }
            board.push(face.as_deref().unwrap_or(""));
            if value.is_some() {
                board.set_value(board.len() - 1, value);
            }
            row += 1;
        }
        if row > 0 {
            rows.push(row);
        }
        match board_shape(&rows, board.len(), size) {
            Ok((r, c)) => {
                board.set_shape(r, c);
                Ok(board)
            }
            Err(Unshaped::Run(likely)) => {
                board.set_shape(likely.rows, likely.cols);
                Err(BoardError::NotSquare {
                    cells: board.len(),
                    rows: self.text(&board, super::TextStyle::Rows),
                    size: likely,
                })
            }
            Err(Unshaped::Error(e)) => Err(e),
        }
    }
}

impl FaceRules {
    /// The fast path for the commonest input: ASCII letters in rows separated
    /// by single spaces or '/', or one square run, with no brackets or
    /// blanks. `None` sends anything else to the general parser.
    fn parse_plain(&self, text: &str, size: Option<Size>) -> Option<Result<Board, BoardError>> {
        let text = text.trim();
        let bytes = text.as_bytes();
        if bytes.is_empty() || bytes.len() > 4096 {
            return None;
        }
        let mut cols = 0;
        let mut width = None;
        let mut rows = 0;
        let mut cells = 0;
        for &b in bytes {
            if b == b' ' || b == b'/' {
                if cols == 0 || width.is_some_and(|w| w != cols) {
                    return None;
                }
                width = Some(cols);
                rows += 1;
                cols = 0;
            } else if b.is_ascii_alphabetic() {
                cols += 1;
                cells += 1;
            } else {
                return None;
            }
        }
        if cols == 0 || width.is_some_and(|w| w != cols) {
            return None;
        }
        rows += 1;
        let typed = if rows == 1 || cols == 1 {
            vec![cells]
        } else {
            vec![cols; rows]
        };
        // Anything but a board of its shape is for the general parser to
        // read otherwise (see `parse`) or explain.
        let (rows, cols) = board_shape(&typed, cells, size).ok()?;
        let mut board = Board::with_capacity(rows, cols);
        for &b in bytes.iter().filter(|b| b.is_ascii_alphabetic()) {
            board.push(self.ascii_face(b, false)?);
        }
        Some(Ok(board))
    }
}

/// The shape of a grid read as rows of cells (the cells in each row, as
/// typed): one run, or single cells separated by spaces, is a square when
/// the count is one, else one row; otherwise every row has the same length.
/// Boards and bonus grids alike.
pub(crate) fn grid_shape(rows: &[usize], cells: usize) -> Result<(usize, usize), BoardError> {
    match rows {
        [] => Err(BoardError::Empty),
        _ if rows.len() == 1 || rows.iter().all(|&n| n == 1) => Ok(run_shape(cells)),
        [first, ..] => {
            if let Some((i, &len)) = rows.iter().enumerate().find(|(_, &n)| n != *first) {
                return Err(BoardError::Ragged {
                    row: i + 1,
                    len,
                    expected: *first,
                });
            }
            Ok((rows.len(), *first))
        }
    }
}

/// Why cells read as `rows` have no board shape.
enum Unshaped {
    /// One run that makes no square, with its likeliest shape.
    Run(Size),
    /// Anything else.
    Error(BoardError),
}

/// The shape of a board read as rows of cells (the cells in each row, as
/// typed) and `size` if one is given: one run (or single cells separated by
/// spaces) is a square, or cut into rows of `size`; rows as typed must all
/// have one length, and `size`'s.
fn board_shape(
    rows: &[usize],
    cells: usize,
    size: Option<Size>,
) -> Result<(usize, usize), Unshaped> {
    let one_run = rows.len() == 1 || rows.iter().all(|&n| n == 1);
    let (r, c) = grid_shape(rows, cells).map_err(Unshaped::Error)?;
    match size {
        None if one_run && r != c => Err(Unshaped::Run(likely_shape(cells))),
        None => Ok((r, c)),
        Some(size) if one_run && cells == size.cells() => Ok((size.rows, size.cols)),
        Some(size) if (r, c) == (size.rows, size.cols) => Ok((r, c)),
        Some(size) => Err(Unshaped::Error(BoardError::WrongSize {
            size,
            typed: if one_run {
                format!("{cells} {}", if cells == 1 { "cell" } else { "cells" })
            } else {
                format!("{r} rows of {c}")
            },
        })),
    }
}

/// The likeliest shape of `cells` cells: the rows and columns closest to a
/// square, fewer rows than columns (3x4 for 12, 1x7 for 7).
fn likely_shape(cells: usize) -> Size {
    let rows = (1..=cells)
        .take_while(|r| r * r <= cells)
        .filter(|r| cells % r == 0)
        .last()
        .unwrap_or(1);
    Size {
        rows,
        cols: cells / rows,
    }
}

/// The shape of a single run of cells: N x N for N² cells, else one row.
fn run_shape(cells: usize) -> (usize, usize) {
    let n = (cells as f64).sqrt().round() as usize;
    if n * n == cells {
        (n, n)
    } else {
        (1, cells)
    }
}

fn unicode_mark(c: char) -> bool {
    unicode_normalization::char::is_combining_mark(c)
}

/// A word as the pack spells it: lower case, normalized by `recipe`'s rules
/// (so `Plaster` reads `plaster` and `Ä` on a German board `ae`). An error
/// names a letter the pack's alphabet lacks.
pub fn spell(recipe: &prep::Recipe, typed: &str) -> Result<String, FaceError> {
    let normalizer = recipe.normalizer()?;
    let lower: String = typed.trim().chars().flat_map(char::to_lowercase).collect();
    let word = normalizer.normalize(&lower);
    if word.is_empty() {
        return Err(FaceError::NotAWord {
            typed: typed.to_string(),
        });
    }
    let alphabet = recipe.letters();
    if let Some(c) = word.chars().find(|c| !alphabet.contains(c)) {
        return Err(not_in_alphabet(typed, c, &alphabet));
    }
    Ok(word)
}

/// The error for text that holds a character outside the pack's alphabet.
fn not_in_alphabet(typed: &str, c: char, alphabet: &[char]) -> FaceError {
    FaceError::NotInAlphabet {
        typed: typed.to_string(),
        letter: c,
        alphabet: alphabet.iter().collect(),
    }
}

#[cfg(test)]
mod tests;
