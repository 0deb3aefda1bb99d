//! The search space: which boards may be built ([`Space`]: letters, or
//! what a dice set can roll), a board as a state of face indices, and the
//! moves between states.

use prep::Pack;

use super::BestError;
use grid::MAX_SIDE;

use crate::board::{canonical, Board, FaceRules, TextStyle};
use crate::random::{deal, DiceSet, LetterMode, Rng, WeightedFaces};

/// Which boards may be built, and how a random one is drawn.
#[derive(Clone, Debug)]
pub struct Space {
    pub(super) rows: usize,
    pub(super) cols: usize,
    /// The distinct faces; a board is a face index per cell.
    pub(super) faces: Vec<Option<String>>,
    /// Each face as board text.
    text: Vec<String>,
    /// What may not follow a bare letter in board text (see
    /// [`FaceRules::continuations`]).
    continuations: Vec<(String, String)>,
    pub(super) kind: Kind,
    label: String,
}

#[derive(Clone, Debug)]
pub(super) enum Kind {
    Letters(WeightedFaces),
    Dice {
        /// Each die's faces, as written (duplicates kept: a roll is uniform
        /// over them).
        rolls: Vec<Vec<u16>>,
        /// Each die's distinct faces (for moves).
        distinct: Vec<Vec<u16>>,
    },
}

impl Space {
    /// Boards of `rows` x `cols` cells of the pack's letters, drawn by
    /// `mode`, each read under `rules` (so a `q` may be `Qu`).
    pub fn letters(
        pack: &Pack,
        rules: &FaceRules,
        mode: LetterMode,
        rows: usize,
        cols: usize,
    ) -> Result<Space, BestError> {
        check_size(rows, cols)?;
        let weighted = WeightedFaces::drawable(mode, pack, rules)?;
        let faces = weighted.faces().iter().cloned().map(Some).collect();
        Ok(Space::build(
            rows,
            cols,
            faces,
            rules,
            Kind::Letters(weighted),
            format!("{mode} letters"),
        ))
    }

    /// Boards of `rows` x `cols` cells that `set` can roll, its faces read
    /// under `rules`. Fails when a face is not in the pack's alphabet.
    pub fn dice(
        set: &DiceSet,
        rules: &FaceRules,
        rows: usize,
        cols: usize,
    ) -> Result<Space, BestError> {
        check_size(rows, cols)?;
        let mut faces: Vec<Option<String>> = Vec::new();
        let mut rolls = Vec::new();
        let mut distinct = Vec::new();
        for die in set.board_faces(rules)? {
            let mut roll = Vec::with_capacity(die.len());
            for face in die {
                let i = match faces.iter().position(|f| *f == face) {
                    Some(i) => i,
                    None => {
                        faces.push(face);
                        faces.len() - 1
                    }
                };
                roll.push(i as u16);
            }
            let mut d = roll.clone();
            d.sort_unstable();
            d.dedup();
            rolls.push(roll);
            distinct.push(d);
        }
        if faces.len() > usize::from(u16::MAX) {
            return Err(BestError::Options(format!(
                "dice set {} has more than {} distinct faces",
                set.name(),
                u16::MAX
            )));
        }
        Ok(Space::build(
            rows,
            cols,
            faces,
            rules,
            Kind::Dice { rolls, distinct },
            format!("{} dice", set.name()),
        ))
    }

    fn build(
        rows: usize,
        cols: usize,
        faces: Vec<Option<String>>,
        rules: &FaceRules,
        kind: Kind,
        label: String,
    ) -> Space {
        let text = faces
            .iter()
            .map(|f| rules.cell_text(f.as_deref(), TextStyle::Compact))
            .collect();
        Space {
            rows,
            cols,
            faces,
            text,
            continuations: rules.continuations(),
            kind,
            label,
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

    /// `frequency letters`, `uniform letters`, or the dice set's name and
    /// `dice`.
    pub fn label(&self) -> &str {
        &self.label
    }

    pub(super) fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The board of a state.
    pub(super) fn board(&self, cells: &[u16]) -> Board {
        let mut board = Board::with_capacity(self.rows, self.cols);
        for &f in cells {
            board.push(self.faces[f as usize].as_deref().unwrap_or(""));
        }
        board
    }

    /// The canonical text of a state.
    pub(super) fn canonical(&self, cells: &[u16], symmetries: &[Vec<u32>]) -> String {
        let texts: Vec<&str> = cells
            .iter()
            .map(|&f| self.text[f as usize].as_str())
            .collect();
        canonical::canonical_with(
            &texts,
            self.rows,
            self.cols,
            symmetries,
            &self.continuations,
        )
    }

    /// A random state: letters drawn by weight, or the dice rolled as
    /// [`crate::random`] rolls them.
    pub(super) fn random(&self, rng: &mut Rng) -> State {
        let k = self.cells();
        match &self.kind {
            Kind::Letters(weighted) => State {
                cells: (0..k).map(|_| weighted.draw(rng) as u16).collect(),
                dice: Vec::new(),
                count: Vec::new(),
            },
            Kind::Dice { rolls, .. } => {
                let n = rolls.len();
                let order = deal(n, k, rng);
                let mut count = vec![0u16; n];
                let mut cells = Vec::with_capacity(k);
                for &d in &order {
                    count[d] += 1;
                    let die = &rolls[d];
                    cells.push(die[rng.below(die.len() as u64) as usize]);
                }
                State {
                    cells,
                    dice: order.iter().map(|&d| d as u16).collect(),
                    count,
                }
            }
        }
    }
}

fn check_size(rows: usize, cols: usize) -> Result<(), BestError> {
    if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(BestError::Size { rows, cols });
    }
    Ok(())
}

/// One board of a state: face per cell, and with dice the die per cell and
/// how many times each die is on the board.
#[derive(Clone, Debug)]
pub(super) struct State {
    pub(super) cells: Vec<u16>,
    pub(super) dice: Vec<u16>,
    pub(super) count: Vec<u16>,
}

/// A move, as applied to a state.
#[derive(Clone, Copy, Debug)]
pub(super) enum Move {
    /// Cell `0` shows face `1` (same die).
    Face(usize, u16),
    /// Swap two cells (faces and dice).
    Swap(usize, usize),
    /// Cell `0` holds die `1` showing face `2`.
    Die(usize, u16, u16),
}

impl State {
    /// Applies a move; returns the move that undoes it.
    pub(super) fn apply(&mut self, m: Move) -> Move {
        match m {
            Move::Face(i, f) => {
                let old = self.cells[i];
                self.cells[i] = f;
                Move::Face(i, old)
            }
            Move::Swap(a, b) => {
                self.cells.swap(a, b);
                if !self.dice.is_empty() {
                    self.dice.swap(a, b);
                }
                Move::Swap(a, b)
            }
            Move::Die(i, d, f) => {
                let (old_d, old_f) = (self.dice[i], self.cells[i]);
                self.count[old_d as usize] -= 1;
                self.count[d as usize] += 1;
                self.dice[i] = d;
                self.cells[i] = f;
                Move::Die(i, old_d, old_f)
            }
        }
    }
}

/// Whether die `d` on a cell may be traded for die `e`: with more dice than
/// cells (`spare`), for one off the board; with fewer, only while `d` is on
/// the board twice, so every die stays on it.
pub(super) fn can_trade(state: &State, d: usize, e: usize, spare: bool) -> bool {
    e != d
        && if spare {
            state.count[e] == 0
        } else {
            state.count[d] >= 2
        }
}
