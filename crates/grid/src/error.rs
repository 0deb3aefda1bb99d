//! What can go wrong reading a board's size or shape, or a setting's name.

use thiserror::Error;

/// A board size or shape could not be read or is out of range.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// A size that is not `RxC` or `N`, or is out of range.
    #[error("board size {text:?}: {why}")]
    Size {
        /// The size as given.
        text: String,
        /// What is wrong.
        why: String,
    },
    /// A shape that cannot be read.
    #[error("board shape {text:?}: {why}")]
    Shape {
        /// The shape as given.
        text: String,
        /// What is wrong.
        why: String,
    },
}

/// A name that is none of those a setting accepts (`--adjacency`, an
/// engine, a letter mode, a colour choice): what was given and what would
/// have been understood.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("unknown {what} {given:?} (use {choices})")]
pub struct UnknownName {
    /// What the name was for (`adjacency`, `engine`).
    pub what: &'static str,
    /// The name as given.
    pub given: String,
    /// The accepted names, as a reader would list them.
    pub choices: &'static str,
}

impl UnknownName {
    /// The error for `given`, which names no `what`; `choices` lists the
    /// names that would do.
    pub fn new(what: &'static str, given: &str, choices: &'static str) -> UnknownName {
        UnknownName {
            what,
            given: given.to_string(),
            choices,
        }
    }
}
