//! `solve` finds every word on a Boggle-style board, and builds the games
//! around that: random boards, batches, the search for the best boards.
//! It is a library only: no terminal, no command line (the `boggle` program
//! is its own crate, and draws with `render`).
//!
//! # The model
//!
//! - A [`Board`] is an R x C grid of cells; a cell holds a *face* (a short
//!   string: `a`, `qu`, `th`, `ñ`) or is blank. [`FaceRules`] read board
//!   text with a pack's normalization and aliases (a lone `q` is `qu` in
//!   English) and write it back ([`TextStyle`]); [`board::canonical`]
//!   gives a board and its rotations and reflections one text.
//! - The geometry comes from the `grid` crate: a `Size` or `Shape` says
//!   which cells a board has, and adjacency is a `Neighbors` table built
//!   once per grid (king moves or no diagonals, optionally wrapping).
//! - A pack's `fst` automaton becomes a lexicon: the same states, decoded
//!   lazily into a compact letter-indexed table that the search can step
//!   through in a few instructions.
//! - The [`Solver`] runs a depth-first search from every cell, following
//!   faces through the lexicon, each cell once per word, each word once per
//!   board (by its id, the word's rank in the pack), scoring by a
//!   [`Scoring`] scheme under [`Rules`].
//! - A [`game::Game`] is data: size, dice, scoring, time and the bonus
//!   cells or special tile its rounds place, rolled from a seed the same
//!   way on every front.
//! - Around it: [`packs`] (packs by name, built-in or installed), [`batch`]
//!   (many boards, NDJSON out), [`random`] (dice, letter distributions,
//!   rolls) and [`best`] (simulated annealing for the highest-scoring
//!   boards). Path counts (`count`), proofs of optimality (`prove`) and
//!   drawing (`render`) are crates of their own.
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
//! Long work (a batch, a best-board search) runs under a `job::Control`:
//! its threads, a cancel token and a progress callback; it never writes to
//! a terminal itself.

#![deny(missing_docs)]

pub mod batch;
pub mod best;
pub mod board;
mod error;
pub mod game;
mod lexicon;
pub mod packs;
pub mod random;
mod rule_options;
pub mod scoring;
mod search;
#[cfg(test)]
mod testing;
#[cfg(feature = "ts")]
pub mod ts;

pub use board::{Board, FaceRules, TextStyle};
pub use error::{BoardError, FaceError, LexiconError};
pub use rule_options::{RuleError, RuleOptions};
pub use scoring::{Bonus, Scoring, ScoringError};
pub use search::{FoundWord, Rules, Solution, Solver, Tally, Words};
