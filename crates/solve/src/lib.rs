//! `solve` finds every word on a Boggle-style board.
//!
//! # The model
//!
//! - A [`Board`] is an R x C grid of cells; a cell holds a *face* (a short
//!   string: `a`, `qu`, `th`, `ñ`) or is blank. [`FaceRules`] reads board text
//!   with a pack's normalisation and aliases (a lone `q` is `qu` in English).
//! - Adjacency is a [`Neighbors`] table built once per board shape: king
//!   moves, no diagonals, optionally wrapping around.
//! - A pack's `fst` automaton becomes a [`Lexicon`]: the same states, decoded
//!   lazily into a compact letter-indexed table that the search can step
//!   through in a few instructions.
//! - The [`Solver`] runs a depth-first search from every cell, following
//!   faces through the lexicon, each cell once per word, each word once per
//!   board (by its id, the word's rank in the pack), scoring by a
//!   [`Scoring`] scheme.
//!
//! ```
//! use solve::{builtin, FaceRules, Solver};
//!
//! let pack = builtin::pack("en").unwrap();
//! let board = FaceRules::from_pack(&pack).unwrap().parse("oatr ihps htnr enei").unwrap();
//! let solution = Solver::new(&pack).unwrap().solve(&board);
//! assert!(solution.words.iter().any(|w| w.word == "path"));
//! ```

#![deny(missing_docs)]

pub mod batch;
pub mod best;
pub mod board;
pub mod builtin;
pub mod count;
pub mod dice;
pub mod error;
pub mod lexicon;
pub mod neighbors;
pub mod packs;
pub mod roll;
pub mod scoring;
pub mod search;
pub mod show;
pub mod svg;

pub use board::{Board, FaceRules, Pos};
pub use error::{BoardError, LexiconError};
pub use lexicon::Lexicon;
pub use neighbors::{Adjacency, Neighbors, Shape};
pub use scoring::Scoring;
pub use search::{FoundWord, Rules, Solution, Solver, Tally};
