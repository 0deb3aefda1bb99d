//! Canonical board text: boards that are rotations or reflections of each
//! other score the same, and [`canonical_text`] picks one text for all of
//! them, the smallest, as a string, of the board's texts under the grid's
//! symmetries ([`grid::symmetry`]).

use grid::symmetry;

use super::text::join;
use super::{Board, FaceRules, TextStyle};

/// The canonical text of a board given as its cells' texts (row-major, each
/// a letter, `[face]` or `.`): the smallest [`TextStyle::Compact`] text
/// among the board's images under `symmetries` (from [`symmetry::grid`]), written
/// with the rules' [`continuations`](FaceRules::continuations) so that it
/// reads back cell for cell. Panics if `cells.len()` is not `rows * cols`.
pub fn canonical_with(
    cells: &[&str],
    rows: usize,
    cols: usize,
    symmetries: &[Vec<u32>],
    continuations: &[(String, String)],
) -> String {
    assert_eq!(cells.len(), rows * cols, "canonical_text: wrong cell count");
    let mut best: Option<String> = None;
    let mut moved: Vec<&str> = vec![""; cells.len()];
    for perm in symmetries {
        for (i, &p) in perm.iter().enumerate() {
            moved[p as usize] = cells[i];
        }
        let s = join(
            moved.iter().copied(),
            rows,
            cols,
            TextStyle::Compact,
            continuations,
        );
        if best.as_ref().map_or(true, |b| s < *b) {
            best = Some(s);
        }
    }
    best.unwrap_or_default()
}

/// [`canonical_with`] the grid's own symmetries, for cells that need no
/// continuation rules.
pub fn canonical_text(cells: &[&str], rows: usize, cols: usize) -> String {
    canonical_with(cells, rows, cols, &symmetry::grid(rows, cols), &[])
}

/// The canonical text of a board, its cells written as `rules` write them
/// in [`TextStyle::Compact`].
pub fn canonical_board(board: &Board, rules: &FaceRules) -> String {
    let texts: Vec<String> = (0..board.len())
        .map(|i| rules.cell_text(board.face(i), TextStyle::Compact))
        .collect();
    let cells: Vec<&str> = texts.iter().map(String::as_str).collect();
    let (rows, cols) = (board.rows(), board.cols());
    canonical_with(
        &cells,
        rows,
        cols,
        &symmetry::grid(rows, cols),
        &rules.continuations(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_forms() {
        // A 2x2 board's 8 symmetries have the same canonical text, the
        // smallest of them.
        let boards = [
            "abcd", "bdac", "dcba", "cadb", "badc", "acbd", "dbca", "cdab",
        ];
        for b in boards {
            let cells: Vec<String> = b.chars().map(String::from).collect();
            let cells: Vec<&str> = cells.iter().map(String::as_str).collect();
            assert_eq!(canonical_text(&cells, 2, 2), "abcd", "{b}");
        }
        // A rectangle: rows separated by '/', 4 symmetries.
        let cells = ["z", "y", "x", "c", "b", "a"];
        assert_eq!(canonical_text(&cells, 2, 3), "abc/xyz");
        // Multi-letter faces are compared as their text.
        let cells = ["[th]", "a", "b", "c"];
        assert_eq!(canonical_text(&cells, 2, 2), "[th]abc");
        let recipe = "name = \"t\"\nalphabet = \"abcdefghijklmnopqrstuvwxyz\"\n\
                      [language]\ncode = \"xx\"\nname = \"Test\"\n";
        let rules = FaceRules::from_recipe(&prep::Recipe::from_toml(recipe, "t").unwrap()).unwrap();
        let board = rules.parse("sta/ten").unwrap();
        assert_eq!(canonical_board(&board, &rules), "ats/net");
    }
}
