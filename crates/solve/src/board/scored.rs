//! A board with its score: what the best-board search and the prover
//! report.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

/// A board in its canonical text (see [`canonical`](super::canonical)),
/// with its score and number of distinct words under the rules it was
/// scored by.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Scored {
    /// The board's canonical text.
    pub board: String,
    /// Its score.
    pub score: u64,
    /// Its number of distinct words.
    pub words: u64,
}

impl Ord for Scored {
    /// By score, then by text, then by words.
    fn cmp(&self, other: &Scored) -> Ordering {
        self.score
            .cmp(&other.score)
            .then_with(|| self.board.cmp(&other.board))
            .then_with(|| self.words.cmp(&other.words))
    }
}

impl PartialOrd for Scored {
    fn partial_cmp(&self, other: &Scored) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
