//! `solve` finds every word on a Boggle-style board, and builds the games
//! around that: random boards, path counts, the search for the best boards.
//! It is a library only: no terminal, no command line (the `boggle` program
//! is its own crate).
//!
//! # The model
//!
//! - A [`Board`] is an R x C grid of cells; a cell holds a *face* (a short
//!   string: `a`, `qu`, `th`, `ñ`) or is blank. [`FaceRules`] read board
//!   text with a pack's normalization and aliases (a lone `q` is `qu` in
//!   English) and write it back ([`TextStyle`]); a [`Size`] or [`Layout`]
//!   says which cells a board has; [`symmetry`] knows the grid's rotations
//!   and reflections.
//! - Adjacency is a [`Neighbors`] table built once per board shape: king
//!   moves or no diagonals ([`Adjacency`]), optionally wrapping around.
//! - A pack's `fst` automaton becomes a [`Lexicon`]: the same states, decoded
//!   lazily into a compact letter-indexed table that the search can step
//!   through in a few instructions.
//! - The [`Solver`] runs a depth-first search from every cell, following
//!   faces through the lexicon, each cell once per word, each word once per
//!   board (by its id, the word's rank in the pack), scoring by a
//!   [`Scoring`] scheme under [`Rules`].
//! - Around it: [`packs`] (packs by name, built-in or installed), [`batch`]
//!   (many boards, NDJSON out), [`random`] (the one generator, dice, rolls),
//!   [`count`] (exact path counts), [`best`] (simulated annealing for the
//!   highest-scoring boards) and [`render`] (paths drawn for people).
//!
//! ```
//! use solve::{packs, FaceRules, Solver};
//!
//! let pack = packs::builtin("en").unwrap();
//! let board = FaceRules::from_pack(&pack).unwrap().parse("oatr ihps htnr enei").unwrap();
//! let solution = Solver::new(&pack).unwrap().solve(&board).unwrap();
//! assert!(solution.words.iter().any(|w| w.word == "path"));
//! ```
//!
//! Long work reports progress through plain callbacks (`FnMut(done,
//! total)` and the like), never to a terminal itself.

#![deny(missing_docs)]

mod bits;
mod board;
mod bonus;
mod error;
mod lexicon;
mod neighbors;
mod rule_options;
mod scoring;
mod search;
#[cfg(test)]
mod testing;

pub mod batch;
pub mod best;
pub mod count;
pub mod packs;
pub mod prove;
pub mod random;
pub mod render;

pub use board::symmetry;
pub use board::{
    capitalize, looks_like_a_path, Board, FaceRules, Layout, Place, Pos, Size, TextStyle, Tile,
    MAX_ALTERNATIVES, MAX_BOARD_CELLS, MAX_FACE, MAX_SIDE,
};
pub use bonus::{Bonus, CellBonus};
pub use error::{BoardError, LayoutError, LexiconError};
pub use lexicon::{Alphabet, Lexicon, MAX_LETTERS, NO_WORD};
pub use neighbors::{Adjacency, Neighbors, Shape};
pub use rule_options::{fit_bonus, RuleError, RuleOptions};
pub use scoring::{parse_values, Beyond, Scoring};
pub use search::{FoundWord, Rules, Solution, Solver, Tally};
