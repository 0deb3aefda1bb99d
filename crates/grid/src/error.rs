//! What can go wrong reading a board's size or shape.

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
