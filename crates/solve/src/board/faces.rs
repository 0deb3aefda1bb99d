//! Reading boards: [`FaceRules`] turn typed text into faces with a pack's
//! normalization, alphabet and aliases (the board syntax is documented on
//! [`FaceRules`]).

use grid::Size;
use prep::{normalize::Normalizer, recipe::LetterRules, Pack, Recipe};

use super::tile::{Place, Tile, MAX_ALTERNATIVES};
use super::{Board, MAX_BOARD_CELLS, MAX_FACE};
use crate::error::BoardError;

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
    pub fn face(&self, typed: &str, bracketed: bool) -> Result<String, String> {
        if let [b] = typed.as_bytes() {
            if let Some(face) = self.ascii_face(*b, bracketed) {
                return Ok(face.to_string());
            }
        }
        let lower: String = typed.chars().flat_map(char::to_lowercase).collect();
        let face = self.normalizer.normalize(&lower);
        if face.is_empty() {
            return Err("empty face".into());
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
    fn tile(&self, typed: &str) -> Result<String, String> {
        let (place, letters) = if let Some(rest) = typed.strip_prefix('-') {
            (Place::Last, rest)
        } else if let Some(rest) = typed.strip_suffix('-') {
            (Place::First, rest)
        } else {
            (Place::Anywhere, typed)
        };
        if letters.starts_with('-') || letters.ends_with('-') {
            return Err(format!(
                "[{typed}]: a tile is a prefix (re-) or a suffix (-ing), not both"
            ));
        }
        let mut alternatives = Vec::new();
        for alt in letters.split('/') {
            if alt.is_empty() || alt.contains('-') {
                return Err(format!(
                    "[{typed}]: write a prefix [re-], a suffix [-ing] or either/or letters [a/e]"
                ));
            }
            alternatives.push(self.face(alt, true)?);
        }
        if alternatives.len() > MAX_ALTERNATIVES {
            return Err(format!(
                "[{typed}]: a tile has at most {MAX_ALTERNATIVES} alternatives"
            ));
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
                        _ if !Tile::is_plain(&inner) => Some(self.tile(&inner).map_err(cell_err)?),
                        _ => Some(self.face(&inner, true).map_err(cell_err)?),
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
                    let face = self.face(&typed, false).map_err(cell_err)?;
                    // `qu` typed where a `q` cell reads `qu` is that one cell.
                    let plain = self.face(&typed, true).map_err(cell_err)?;
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

/// A character as an error shows it: quoted, with its code point when it is
/// not ASCII, since a Cyrillic `о` looks like a Latin `o` (`'о' (U+043E)`).
pub(crate) fn describe_char(c: char) -> String {
    if c.is_ascii_graphic() {
        format!("{c:?}")
    } else {
        format!("{c:?} (U+{:04X})", u32::from(c))
    }
}

/// A word as the pack spells it: lower case, normalized by `recipe`'s rules
/// (so `Plaster` reads `plaster` and `Ä` on a German board `ae`). An error
/// names a letter the pack's alphabet lacks.
pub fn spell(recipe: &prep::Recipe, typed: &str) -> Result<String, String> {
    let normalizer = recipe.normalizer().map_err(|e| e.to_string())?;
    let lower: String = typed.trim().chars().flat_map(char::to_lowercase).collect();
    let word = normalizer.normalize(&lower);
    if word.is_empty() {
        return Err(format!("{typed:?} is not a word"));
    }
    let alphabet = recipe.letters();
    if let Some(c) = word.chars().find(|c| !alphabet.contains(c)) {
        return Err(not_in_alphabet(typed, c, &alphabet));
    }
    Ok(word)
}

/// The error for text that holds a character outside the pack's alphabet.
pub(crate) fn not_in_alphabet(typed: &str, c: char, alphabet: &[char]) -> String {
    format!(
        "{typed:?} holds {}, which is not in the pack's alphabet ({})",
        describe_char(c),
        alphabet.iter().collect::<String>()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::TextStyle;

    fn en() -> FaceRules {
        FaceRules::from_recipe(&Recipe::builtin("enable").unwrap()).unwrap()
    }

    fn nl() -> FaceRules {
        FaceRules::from_recipe(&Recipe::builtin("opentaal").unwrap()).unwrap()
    }

    #[test]
    fn row_separators_and_square_runs_agree() {
        let a = en().parse("oatr ihps htnr enei").unwrap();
        let b = en().parse("oatrihpshtnrenei").unwrap();
        let c = en().parse("OATR/IHPS/HTNR/ENEI").unwrap();
        let d = en().parse("oatr,ihps\nhtnr\r\nenei\n").unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a, d);
        assert_eq!((a.rows(), a.cols()), (4, 4));
        assert_eq!(a.face(5), Some("h"));
    }

    #[test]
    fn q_reads_as_the_pack_says() {
        let b = en().parse("qa bc").unwrap();
        assert_eq!(b.face(0), Some("qu"));
        let b = en().parse("[q]a bc").unwrap();
        assert_eq!(b.face(0), Some("q"));
        let b = nl().parse("qa bc").unwrap();
        assert_eq!(b.face(0), Some("q"));
        let b = nl().with_qu(Some(true)).parse("qa bc").unwrap();
        assert_eq!(b.face(0), Some("qu"));
        let b = en().with_qu(Some(false)).parse("qa bc").unwrap();
        assert_eq!(b.face(0), Some("q"));
    }

    #[test]
    fn multi_letter_and_blank_faces() {
        let b = en().parse("[Th]a. [IN]bc d[.]e").unwrap();
        assert_eq!(b.cells()[0], Some("th"));
        assert_eq!(b.cells()[2], None);
        assert_eq!(b.cells()[3], Some("in"));
        assert_eq!(b.cells()[7], None);
        assert_eq!(en().parse(&en().text(&b, TextStyle::Rows)).unwrap(), b);
    }

    #[test]
    fn errors_point_at_the_cell() {
        let e = en().parse("abc de").unwrap_err();
        assert!(
            matches!(
                e,
                BoardError::Ragged {
                    row: 2,
                    len: 2,
                    expected: 3
                }
            ),
            "{e}"
        );
        let e = en().parse("abc d1f").unwrap_err();
        assert!(matches!(e, BoardError::Cell { row: 2, col: 2, .. }), "{e}");
        let e = en().parse("abcdé").unwrap_err();
        assert!(e.to_string().contains("row 1, column 5"), "{e}");
        assert!(matches!(en().parse("  / ").unwrap_err(), BoardError::Empty));
        // A run that is not a square is refused, with its likeliest rows.
        let e = en().parse("abcdef").unwrap_err();
        assert!(
            matches!(
                &e,
                BoardError::NotSquare { cells: 6, rows, size } if rows == "abc/def"
                    && (size.rows, size.cols) == (2, 3)
            ),
            "{e}"
        );
        assert!(matches!(
            en().parse("abcde/").unwrap_err(),
            BoardError::NotSquare { cells: 5, .. }
        ));
        assert!(matches!(
            en().parse("[ab").unwrap_err(),
            BoardError::Cell { .. }
        ));
    }

    #[test]
    fn newcomer_boards_read_as_typed() {
        // Single letters separated by spaces are one run: here a square.
        let spaced = en().parse("o a t r i h p s h t n r e n e i").unwrap();
        assert_eq!(spaced, en().parse("oatrihpshtnrenei").unwrap());
        assert!(matches!(
            en().parse("a b c").unwrap_err(),
            BoardError::NotSquare { cells: 3, .. }
        ));
        // Typed `qu` is the one Qu cell where a q reads qu, when only that
        // reading gives a square or rows of one length; `[q]u` is two.
        let b = en().parse("quaietsrnolpedbmc").unwrap();
        assert_eq!((b.rows(), b.cols()), (4, 4));
        assert_eq!((b.face(0), b.face(1)), (Some("qu"), Some("a")));
        let b = en().parse("QUICK").unwrap();
        assert_eq!(b.cells(), [Some("qu"), Some("i"), Some("c"), Some("k")]);
        let b = en().parse("quaie tsrn olpe dbmc").unwrap();
        assert_eq!((b.rows(), b.cols()), (4, 4));
        // A square run keeps a q next to a u as two cells (data files
        // write the Qu face as q).
        let b = en().parse("qutr ihps htnr enei").unwrap();
        assert_eq!((b.face(0), b.face(1)), (Some("qu"), Some("u")));
        let b = en().parse("qutrihpshtnrenei").unwrap();
        assert_eq!((b.face(0), b.face(1)), (Some("qu"), Some("u")));
        let b = en().parse("[q]u ab").unwrap();
        assert_eq!(b.cells(), [Some("q"), Some("u"), Some("a"), Some("b")]);
        let b = en().parse("[q][u] ab").unwrap();
        assert_eq!(b.cells(), [Some("q"), Some("u"), Some("a"), Some("b")]);
        // With no q alias, typed qu is two cells.
        let size = Some(Size { rows: 1, cols: 5 });
        assert_eq!(nl().parse_sized("quick", size).unwrap().len(), 5);
        // Empty and over-long faces are errors naming the cell.
        let e = en().parse("ab [] cd").unwrap_err();
        assert!(matches!(e, BoardError::Cell { row: 2, col: 1, .. }), "{e}");
        let e = en()
            .parse(&format!("ab [{}]c", "x".repeat(120)))
            .unwrap_err();
        assert!(matches!(e, BoardError::Cell { row: 2, col: 1, .. }), "{e}");
        assert!(e.to_string().contains("at most 8"), "{e}");
        // A byte-order mark is not a cell.
        assert_eq!(
            en().parse("\u{feff}ab cd").unwrap(),
            en().parse("ab cd").unwrap()
        );
    }

    #[test]
    fn a_size_shapes_a_run() {
        let size = |rows, cols| Some(Size { rows, cols });
        // Published 3x4 boards are 12-letter runs.
        let b = en().parse_sized("perslatesind", size(3, 4)).unwrap();
        assert_eq!((b.rows(), b.cols()), (3, 4));
        assert_eq!(en().text(&b, TextStyle::Rows), "pers/late/sind");
        assert_eq!(b, en().parse("pers/late/sind").unwrap());
        let b = en().parse_sized("perslatesind", size(4, 3)).unwrap();
        assert_eq!(en().text(&b, TextStyle::Rows), "per/sla/tes/ind");
        // Rows as typed must have the size; so must the run.
        let e = en().parse_sized("pers/late/sind", size(4, 3)).unwrap_err();
        assert_eq!(e.to_string(), "the board is 3 rows of 4, not 4x3");
        assert!(en().parse_sized("pers/late/sind", size(3, 4)).is_ok());
        let e = en().parse_sized("perslatesin", size(3, 4)).unwrap_err();
        assert_eq!(e.to_string(), "the board is 11 cells, not 3x4");
        // A square run with a size of its own shape reads as before; a
        // typed `qu` is one cell when only that fits the size.
        assert_eq!(
            en().parse_sized("oatrihpshtnrenei", size(4, 4)).unwrap(),
            en().parse("oatrihpshtnrenei").unwrap()
        );
        let b = en().parse_sized("quickly", size(2, 3)).unwrap();
        assert_eq!(b.face(0), Some("qu"));
        // Faces and blanks in brackets take the general path alike.
        let b = en().parse_sized("[th]a.bcd", size(2, 3)).unwrap();
        assert_eq!(en().text(&b, TextStyle::Rows), "[th]a./bcd");
        // The likeliest shape of a run: nearest a square, rows first.
        assert_eq!(likely_shape(12), Size { rows: 3, cols: 4 });
        assert_eq!(likely_shape(7), Size { rows: 1, cols: 7 });
        assert_eq!(likely_shape(20), Size { rows: 4, cols: 5 });
    }

    #[test]
    fn display_is_a_grid() {
        let b = en().parse("qa .b").unwrap();
        assert_eq!(b.to_string(), "Qu A\n·  B\n");
    }
}
