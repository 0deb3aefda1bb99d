//! Matches: a game played over several rounds (Ruzzle plays three), each on
//! its own board, all rolled from one seed. A round's seed is a hash of the
//! match's seed and the round's number, so a match shared as one link, or
//! rolled with `boggle roll --game G --seed S --match-round I`, gives every
//! player the same boards in the same order.
//!
//! ```
//! use solve::game::{Game, MATCH_ROUNDS};
//!
//! let ruzzle = Game::named("ruzzle").unwrap();
//! let first = ruzzle.match_seed(42, 1).unwrap();
//! assert_eq!(ruzzle.match_seed(42, 1), Some(first));
//! assert_ne!(ruzzle.match_seed(42, 2), Some(first));
//! assert_ne!(ruzzle.match_seed(43, 1), Some(first));
//! assert_eq!(ruzzle.match_seed(42, 0), None);
//! assert_eq!(ruzzle.match_seed(42, MATCH_ROUNDS + 1), None);
//! ```

use super::daily::hashed;
use super::Game;

/// The most rounds a match has.
pub const MATCH_ROUNDS: u32 = 9;

/// The rounds of a match unless the player asks for another number: three,
/// as Ruzzle plays.
pub const MATCH_DEFAULT: u32 = 3;

impl Game {
    /// The seed of round `round` (1 to [`MATCH_ROUNDS`]) of this game's
    /// match rolled from `seed`: FNV-1a of `wordgrid match SEED ROUND GAME`,
    /// below 10^15. None for a round out of that range.
    pub fn match_seed(&self, seed: u64, round: u32) -> Option<u64> {
        (1..=MATCH_ROUNDS)
            .contains(&round)
            .then(|| hashed(&format!("wordgrid match {seed} {round} {}", self.id)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packs;

    #[test]
    fn a_match_rolls_distinct_boards_from_one_seed() {
        let pack = packs::builtin("en").unwrap();
        let game = Game::named("boggle").unwrap();
        let boards: Vec<String> = (1..=MATCH_DEFAULT)
            .map(|r| {
                let seed = game.match_seed(7, r).unwrap();
                let round = game.roll(&pack, seed).unwrap();
                format!("{:?}", round.board)
            })
            .collect();
        assert_eq!(boards.len(), 3);
        assert!(boards[0] != boards[1] && boards[1] != boards[2] && boards[0] != boards[2]);
        // The seed is the game's own: another game's match differs.
        let big = Game::named("big").unwrap();
        assert_ne!(big.match_seed(7, 1), game.match_seed(7, 1));
    }
}
