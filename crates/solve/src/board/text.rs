//! Writing boards: the one board-text writer. Whatever the style, parsing
//! the text with the same [`FaceRules`] gives the same board back.

use super::{Board, FaceRules};

/// How a board is written as text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TextStyle {
    /// Rows separated by `/`, every multi-letter face in brackets:
    /// `[qu]stm/uecm/nfni/uodi`. What `solve`, `roll` and `batch` print.
    #[default]
    Rows,
    /// As short as the rules allow: a square board as one run of cells
    /// (`perslatgsineters`; a rectangle keeps its `/`), and a face written
    /// as the single letter that reads as it when there is one (`q` for the
    /// `Qu` face on an English board). The canonical form of `best`.
    Compact,
}

impl FaceRules {
    /// A board's text in `style`; [`FaceRules::parse`] reads it back as the
    /// same board.
    pub fn text(&self, board: &Board, style: TextStyle) -> String {
        // Cell by cell into one string: a board's text costs about its
        // length, however many cells it has.
        join(
            (0..board.len()).map(|i| match (board.face(i), board.value(i)) {
                (Some(face), Some(v)) => format!("[{face}:{v}]"),
                (face, _) => self.cell_text(face, style),
            }),
            board.rows(),
            board.cols(),
            style,
            &self.continuations(),
        )
    }

    /// The letters whose face is longer and starts with them, with the rest
    /// of that face (`("q", "u")` where `q` reads `qu`): typed after such a
    /// letter, the rest joins its cell, so a writer must not put it there
    /// bare.
    pub fn continuations(&self) -> Vec<(String, String)> {
        self.alphabet()
            .iter()
            .filter_map(|c| {
                let letter = c.to_string();
                let rest = self.continuation(&letter)?.to_string();
                Some((letter, rest))
            })
            .collect()
    }

    /// One cell's text in `style`: a face that its own letter reads as is
    /// that letter; in [`TextStyle::Compact`], a longer face that a single
    /// letter reads as is that letter (`q` for `qu`); any other face is
    /// bracketed (`[th]`, and `[q]` for a plain `q` where a `q` reads `qu`);
    /// a blank is `.`.
    pub fn cell_text(&self, face: Option<&str>, style: TextStyle) -> String {
        let Some(face) = face else {
            return ".".to_string();
        };
        let mut chars = face.chars();
        if let Some(first) = chars.next() {
            let single = chars.next().is_none();
            if single || style == TextStyle::Compact {
                let typed = first.to_string();
                if self.face(&typed, false).is_ok_and(|f| f == face) {
                    return typed;
                }
            }
        }
        format!("[{face}]")
    }
}

/// Cells' texts (row-major) joined into a board's text: rows separated by
/// `/`, except a square board in [`TextStyle::Compact`], which is one run.
/// A bare cell that would join the bare letter before it (`u` after a `q`
/// that reads `qu`, by `continuations`) is bracketed, so the text reads back
/// cell for cell.
pub(crate) fn join<S: AsRef<str>>(
    cells: impl Iterator<Item = S>,
    rows: usize,
    cols: usize,
    style: TextStyle,
    continuations: &[(String, String)],
) -> String {
    let slash = style == TextStyle::Rows || rows != cols;
    let mut s = String::with_capacity(rows * (cols + 1));
    // Where the previous cell's text starts in `s` (None after a '/').
    let mut previous: Option<usize> = None;
    for (i, cell) in cells.enumerate() {
        let cell = cell.as_ref();
        if slash && i > 0 && i % cols == 0 {
            s.push('/');
            previous = None;
        }
        let joins = previous.is_some_and(|at| {
            let before = &s[at..];
            continuations
                .iter()
                .any(|(letter, rest)| before == letter && cell.starts_with(rest.as_str()))
        });
        previous = Some(s.len());
        if joins {
            s.push('[');
            s.push_str(cell);
            s.push(']');
        } else {
            s.push_str(cell);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use prep::Recipe;

    fn rules(recipe: &str) -> FaceRules {
        FaceRules::from_recipe(&Recipe::builtin(recipe).unwrap()).unwrap()
    }

    #[test]
    fn every_style_reads_back_as_the_same_board() {
        let en = rules("enable");
        let nl = rules("opentaal");
        for (faces, text) in [
            (&en, "qa.b [q]c[th]d e.fg hijk"),
            (&en, "[qu]u[q]u [q]uqu[u]"),
            (&nl, "qa.b q[th]cd"),
            (&en, "[re-]a[-ing]b [a/e]c[er]d"),
            (&en, "[s:2][re-:5][q:8]u [a/e:3]cd."),
        ] {
            let board = faces.parse(text).unwrap();
            for style in [TextStyle::Rows, TextStyle::Compact] {
                let written = faces.text(&board, style);
                assert_eq!(faces.parse(&written).unwrap(), board, "{written}");
            }
        }
        // The plain `q` of an English board is bracketed, so it does not
        // read back as `qu`.
        let board = en.parse("[q]a bc").unwrap();
        assert_eq!(en.text(&board, TextStyle::Rows), "[q]a/bc");
        let board = en.parse("qa bc").unwrap();
        assert_eq!(en.text(&board, TextStyle::Rows), "[qu]a/bc");
        assert_eq!(en.text(&board, TextStyle::Compact), "qabc");
        let board = en.parse("qab cde").unwrap();
        assert_eq!(en.text(&board, TextStyle::Compact), "qab/cde");
        // A u after a Qu cell is bracketed where the Qu is written `q`.
        let board = en.parse("[qu]u ab").unwrap();
        assert_eq!(en.text(&board, TextStyle::Compact), "q[u]ab");
        assert_eq!(en.parse("q[u]ab").unwrap(), board);
        assert_eq!(en.text(&board, TextStyle::Rows), "[qu]u/ab");
    }
}
