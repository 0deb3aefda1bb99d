//! Rolling boards: dice (or letters drawn by weight) into a [`Shape`](grid::Shape), and
//! re-rolling until a board qualifies. A roll is a pure function of its
//! inputs: the seed, the dice set (or letter distribution), the shape and
//! the pack's face rules; the generator is [`Rng`].
//!
//! # How a board is rolled
//!
//! With a dice set of `n` dice and a shape with `k` open (non-blank) cells:
//!
//! 1. shuffle the dice (`0..n`);
//! 2. if `k <= n`, keep the first `k`; if `k > n`, draw `k - n` more dice
//!    uniformly *with replacement*, append them and shuffle all `k` again
//!    (every die is on the board, some twice);
//! 3. for each open cell in row-major order, roll its die: a face uniformly
//!    from the die's faces.
//!
//! With letters, each open cell in row-major order draws a face from the
//! distribution (uniform over the pack's alphabet, or weighted by how often
//! each letter occurs in the pack's words). A letter drawn this way reads as
//! a typed cell would: with the English packs a `q` is the `Qu` face.
//!
//! Re-rolls ([`roll_until`]) continue the same stream: attempt 2 is the next
//! roll after attempt 1, so a qualifying board is also a function of the
//! seed alone.
//!
//! Changing any of this changes which board a seed gives; the regression
//! test in `crates/boggle/tests/dice_cli.rs` pins `--dice classic --seed 7`.

use thiserror::Error;

use prep::Pack;

use super::{DiceError, DiceSet, LetterMode, LettersError, Rng, WeightedFaces};
use grid::Shape;

use crate::board::{Board, FaceRules};
use crate::search::Tally;

/// A roll could not be made.
#[derive(Debug, Error)]
pub enum RollError {
    /// A board size or shape that cannot be read or is out of range.
    #[error(transparent)]
    Shape(#[from] grid::Error),
    /// The dice set is bad, or does not fit the pack.
    #[error(transparent)]
    Dice(#[from] DiceError),
    /// A dice set of N dice, N not a square, with no size given.
    #[error("dice set {set} has {dice} dice, not a square number: give a size RxC")]
    NotSquare {
        /// The set's name.
        set: String,
        /// How many dice it has.
        dice: usize,
    },
    /// No letters to draw from.
    #[error(transparent)]
    Letters(#[from] LettersError),
    /// No board met the targets within the allowed attempts.
    #[error(
        "no board with at least {min_words} words and {min_score} points in {attempts} rolls from seed {seed}; lower the targets or allow more rolls"
    )]
    NeverQualified {
        /// Rolls tried.
        attempts: u32,
        /// The word target.
        min_words: u64,
        /// The score target.
        min_score: u64,
        /// The seed.
        seed: u64,
    },
}

/// What a board's faces are drawn from.
#[derive(Clone, Debug)]
enum Source {
    Dice(Vec<Vec<Option<String>>>),
    Letters(WeightedFaces),
}

/// Rolls boards of one shape from one dice set or letter distribution.
#[derive(Clone, Debug)]
pub struct Roller {
    source: Source,
    shape: Shape,
    label: String,
}

impl Roller {
    /// Rolls `set` under a pack's face rules. Fails when a face is not in
    /// the pack's alphabet.
    pub fn dice(set: &DiceSet, rules: &FaceRules, shape: Shape) -> Result<Roller, RollError> {
        Ok(Roller {
            source: Source::Dice(set.board_faces(rules)?),
            shape,
            label: set.name().to_string(),
        })
    }

    /// Draws letters of a pack: uniformly from its alphabet, or by how often
    /// they occur in its words. A drawn letter reads as a typed cell (the
    /// pack's aliases apply: `q` is `qu` in English).
    pub fn letters(
        mode: LetterMode,
        pack: &Pack,
        rules: &FaceRules,
        shape: Shape,
    ) -> Result<Roller, RollError> {
        let faces = WeightedFaces::drawable(mode, pack, rules)?;
        Ok(Roller {
            source: Source::Letters(faces),
            shape,
            label: format!("{mode} letters"),
        })
    }

    /// The shape boards are rolled into.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The dice set's name, or `uniform letters` / `frequency letters`.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Rolls one board (see the module docs for the exact procedure).
    pub fn roll(&self, rng: &mut Rng) -> Board {
        let layout = &self.shape;
        let k = layout.open_cells();
        let mut faces: Vec<Option<String>> = Vec::with_capacity(k);
        match &self.source {
            Source::Dice(dice) => {
                let order = deal(dice.len(), k, rng);
                for &d in &order {
                    let die = &dice[d];
                    faces.push(die[rng.below(die.len() as u64) as usize].clone());
                }
            }
            Source::Letters(letters) => {
                for _ in 0..k {
                    faces.push(Some(letters.faces()[letters.draw(rng)].clone()));
                }
            }
        }
        let mut faces = faces.into_iter();
        let mut board = Board::with_capacity(layout.rows(), layout.cols());
        for &open in layout.open() {
            let face = if open { faces.next().flatten() } else { None };
            board.push(face.as_deref().unwrap_or(""));
        }
        board
    }
}

/// What a rolled board must reach; zero targets accept any board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// Fewest distinct words.
    pub min_words: u64,
    /// Fewest points.
    pub min_score: u64,
    /// Most rolls to try.
    pub max_attempts: u32,
}

impl Default for Target {
    fn default() -> Target {
        Target {
            min_words: 0,
            min_score: 0,
            max_attempts: 1000,
        }
    }
}

impl Target {
    /// Whether any board will do.
    pub fn is_trivial(&self) -> bool {
        self.min_words == 0 && self.min_score == 0
    }
}

/// A board rolled from a seed.
#[derive(Clone, Debug)]
pub struct Rolled {
    /// The board.
    pub board: Board,
    /// The seed it was rolled from.
    pub seed: u64,
    /// Which roll from the seed it is (1 for the first).
    pub attempts: u32,
    /// Its score and word count, when a target had it judged.
    pub tally: Option<Tally>,
}

/// Rolls from `seed` until a board meets `target`, as `score` judges it
/// (a solver's [`tally`](crate::Solver::tally), say), or fails after
/// `target.max_attempts` rolls. With a trivial target the first roll is the
/// answer and `score` is never called.
pub fn roll_until(
    roller: &Roller,
    seed: u64,
    target: Target,
    mut score: impl FnMut(&Board) -> Tally,
) -> Result<Rolled, RollError> {
    let mut rng = Rng::new(seed);
    let attempts = target.max_attempts.max(1);
    for attempt in 1..=attempts {
        let board = roller.roll(&mut rng);
        let tally = (!target.is_trivial()).then(|| score(&board));
        if tally.map_or(true, |t| {
            t.words >= target.min_words && t.score >= target.min_score
        }) {
            return Ok(Rolled {
                board,
                seed,
                attempts: attempt,
                tally,
            });
        }
    }
    Err(RollError::NeverQualified {
        attempts,
        min_words: target.min_words,
        min_score: target.min_score,
        seed,
    })
}

/// Which die goes to each of `cells` cells from a set of `dice` dice: the
/// set shuffled and cut to size when it is big enough, else every die once
/// and the rest drawn with replacement, shuffled again.
pub(crate) fn deal(dice: usize, cells: usize, rng: &mut Rng) -> Vec<usize> {
    let mut order: Vec<usize> = (0..dice).collect();
    rng.shuffle(&mut order);
    if cells <= dice {
        order.truncate(cells);
    } else {
        for _ in dice..cells {
            order.push(rng.below(dice as u64) as usize);
        }
        rng.shuffle(&mut order);
    }
    order
}
