//! Drawing solutions for people: a word's path on the board as terminal
//! text ([`terminal`]) or as an SVG picture ([`svg`]), and the path
//! geometry both share ([`path`]: how a step runs, across the grid or
//! around its edge, and finding a word's path on a board).
//!
//! The solver (`solve`) knows nothing of terminals or pictures; the
//! `boggle` program draws with this crate.

#![deny(missing_docs)]

pub mod path;
pub mod svg;
pub mod terminal;
