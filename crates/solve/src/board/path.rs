//! What a traced path spells, and whether it may be played: the rule a
//! game's judge asks (the web page, the room server), the same one the
//! search follows (each cell once, each step to a neighbor, a prefix tile
//! first, a suffix tile last; see [`Tile`]).

use grid::Neighbors;
use thiserror::Error;

use super::tile::{Place, Tile};
use super::Board;

/// The most words one path may spell (either/or tiles multiply them).
const MAX_SPELLINGS: usize = 64;

/// Why a path cannot be played.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PathError {
    /// No cells.
    #[error("the path is empty")]
    Empty,
    /// A cell outside the board.
    #[error("cell {index} is not on a board of {cells} cells")]
    OffBoard {
        /// The cell's index (row-major, from 0).
        index: usize,
        /// The board's cells.
        cells: usize,
    },
    /// A blank cell.
    #[error("row {row}, column {col} is blank")]
    Blank {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A cell used twice.
    #[error("row {row}, column {col} is used twice")]
    Twice {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A step to a cell that does not touch the one before.
    #[error("row {row}, column {col} does not touch the cell before it")]
    NotAdjacent {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A prefix tile (`re-`) not at the start.
    #[error("{face} may only start a word")]
    PrefixNotFirst {
        /// The tile's face.
        face: String,
    },
    /// A suffix tile (`-ing`) not at the end.
    #[error("{face} may only end a word")]
    SuffixNotLast {
        /// The tile's face.
        face: String,
    },
}

/// A path read off a board: the words it spells (one, unless it crosses
/// an either/or tile) and, if it may not be played, why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spelled {
    /// Every reading, in the tiles' order of alternatives (at most 64).
    pub words: Vec<String>,
    /// Why the path may not be played, if it may not.
    pub error: Option<PathError>,
}

/// Spells the path of cell indices `path` on `board` under `neighbors` (the
/// board's adjacency table). Words are spelled even from a path that may
/// not be played, so a player sees what they traced.
pub fn spell(board: &Board, neighbors: &Neighbors, path: &[usize]) -> Spelled {
    let mut words = vec![String::new()];
    let mut error = path.is_empty().then_some(PathError::Empty);
    let mut note = |e: PathError| {
        error.get_or_insert(e);
    };
    let cells = board.len();
    for (k, &index) in path.iter().enumerate() {
        if index >= cells || neighbors.cells() != cells {
            note(PathError::OffBoard { index, cells });
            continue;
        }
        let (row, col) = (index / board.cols() + 1, index % board.cols() + 1);
        if path[..k].contains(&index) {
            note(PathError::Twice { row, col });
        }
        if k > 0 && path[k - 1] < cells && !neighbors.adjacent(path[k - 1], index) {
            note(PathError::NotAdjacent { row, col });
        }
        let Some(face) = board.face(index) else {
            note(PathError::Blank { row, col });
            continue;
        };
        let tile = Tile::of(face);
        match tile.place() {
            Place::First if k > 0 => note(PathError::PrefixNotFirst { face: face.into() }),
            Place::Last if k + 1 < path.len() => {
                note(PathError::SuffixNotLast { face: face.into() })
            }
            _ => {}
        }
        words = words
            .iter()
            .flat_map(|w| tile.alternatives().map(move |a| format!("{w}{a}")))
            .take(MAX_SPELLINGS)
            .collect();
    }
    Spelled { words, error }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid::{Adjacency, Grid};

    fn board(text: &[&str]) -> (Board, Neighbors) {
        let cells = text
            .iter()
            .map(|f| (!f.is_empty()).then(|| f.to_string()))
            .collect();
        let board = Board::new(2, 2, cells).unwrap();
        let n = Neighbors::new(Grid::new(2, 2, Adjacency::King, false));
        (board, n)
    }

    #[test]
    fn paths_spell_their_tiles() {
        let (b, n) = board(&["re-", "a/e", "t", "-ing"]);
        let s = spell(&b, &n, &[0, 2, 1, 3]);
        assert_eq!(s.words, ["retaing", "reteing"]);
        assert_eq!(s.error, None);
        // A prefix tile anywhere but first: spelled, and refused.
        let s = spell(&b, &n, &[2, 0]);
        assert_eq!(s.words, ["tre"]);
        assert_eq!(
            s.error,
            Some(PathError::PrefixNotFirst { face: "re-".into() })
        );
        let s = spell(&b, &n, &[3, 2]);
        assert_eq!(
            s.error,
            Some(PathError::SuffixNotLast {
                face: "-ing".into()
            })
        );
        assert!(matches!(
            spell(&b, &n, &[2, 2]).error,
            Some(PathError::Twice { row: 2, col: 1 })
        ));
        assert!(matches!(
            spell(&b, &n, &[9]).error,
            Some(PathError::OffBoard { index: 9, .. })
        ));
        assert_eq!(spell(&b, &n, &[]).error, Some(PathError::Empty));
        let rook = Neighbors::new(Grid::new(2, 2, Adjacency::NoDiagonals, false));
        assert!(matches!(
            spell(&b, &rook, &[0, 3]).error,
            Some(PathError::NotAdjacent { row: 2, col: 2 })
        ));
        let (b, n) = board(&["a", "", "t", "e"]);
        assert!(matches!(
            spell(&b, &n, &[0, 1]).error,
            Some(PathError::Blank { row: 1, col: 2 })
        ));
    }
}
