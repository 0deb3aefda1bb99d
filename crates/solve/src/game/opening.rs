//! A game's opening rounds: the rounds of a few fixed seeds, and a pack of
//! just their words. The web app plays a first visit's first round on one
//! of them, so that it starts once the module has come, without waiting
//! for the language's whole pack (ten times the bytes); the round's words
//! stand as they do in the whole pack, so it rolls, scores and judges the
//! same. Only a typed word off the board reads differently (*not a word*
//! where the whole pack says *not on the board*): the page has that one
//! judged again once the whole pack is in.
//!
//! ```
//! use solve::game::{Game, Judge};
//! use solve::packs;
//!
//! let pack = packs::builtin("en").unwrap();
//! let game = Game::named("boggle").unwrap();
//! let seeds = game.opening_seeds(2);
//! let small = game.opening_pack(&pack, &seeds).unwrap();
//! assert!(small.len() < pack.len() / 100);
//! for &seed in &seeds {
//!     let (whole, opening) = (game.roll(&pack, seed).unwrap(), game.roll(&small, seed).unwrap());
//!     assert_eq!(opening.board, whole.board);
//!     let words = |p, r| Judge::new(p, r).unwrap().words().to_vec();
//!     assert_eq!(words(&small, &opening), words(&pack, &whole));
//! }
//! ```

use std::collections::BTreeSet;

use prep::Pack;

use super::daily::hashed;
use super::{Game, GameError, Judge, Round};
use crate::search::FoundWord;

/// The most opening rounds a game has.
pub const OPENING_ROUNDS: usize = 256;

impl Game {
    /// The seeds of this game's `n` opening rounds (at most
    /// [`OPENING_ROUNDS`]): FNV-1a of `wordgrid opening I GAME`, below
    /// 10^15, for I from 1.
    pub fn opening_seeds(&self, n: usize) -> Vec<u64> {
        (1..=n.min(OPENING_ROUNDS))
            .map(|i| hashed(&format!("wordgrid opening {i} {}", self.id)))
            .collect()
    }

    /// The pack of the words of this game's rounds for `seeds` under
    /// `pack` (each round rolled and solved by the game's rules): each of
    /// those rounds rolls the same board on it and has the same words,
    /// points and standing. (A roll re-rolls a board with too few common
    /// words; a smaller pack only has fewer on the boards it passes over.)
    pub fn opening_pack(&self, pack: &Pack, seeds: &[u64]) -> Result<Pack, GameError> {
        let mut rounds = Vec::with_capacity(seeds.len());
        for &seed in seeds {
            let round = self.roll(pack, seed)?;
            let words = Judge::new(pack, &round)?.words().to_vec();
            // Dice made from the pack's letter frequencies (a language
            // without dice of its own) are other dice on fewer words: such
            // a game has no opening in that language. The first round
            // shows it, before the rest are rolled.
            if rounds.is_empty() {
                self.check_opening(&self.subset(pack, [&words])?, &round, &words, pack)?;
            }
            rounds.push((round, words));
        }
        let small = self.subset(pack, rounds.iter().map(|(_, w)| w))?;
        for (round, words) in &rounds {
            self.check_opening(&small, round, words, pack)?;
        }
        Ok(small)
    }

    /// The pack of `pack`'s words among `lists`.
    fn subset<'a>(
        &self,
        pack: &Pack,
        lists: impl IntoIterator<Item = &'a Vec<FoundWord>>,
    ) -> Result<Pack, GameError> {
        let words: BTreeSet<&str> = lists
            .into_iter()
            .flatten()
            .map(|w| w.word.as_str())
            .collect();
        // (Solved words are in the pack's spelling, so its bytes.)
        Ok(pack.subset(|w| std::str::from_utf8(w).is_ok_and(|w| words.contains(w)))?)
    }

    /// Whether `small` rolls `round` again, with the same `words`.
    fn check_opening(
        &self,
        small: &Pack,
        round: &Round,
        words: &[FoundWord],
        pack: &Pack,
    ) -> Result<(), GameError> {
        let again = self.roll(small, round.seed)?;
        let same = again.board == round.board
            && again.rules.bonus == round.rules.bonus
            && Judge::new(small, &again)?.words() == words;
        match same {
            true => Ok(()),
            false => Err(GameError::NoOpening {
                game: self.id.to_string(),
                language: pack.recipe().language.code.clone(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::games;
    use crate::packs;

    /// Every game's opening rounds, in both built-in languages, are the
    /// rounds the whole pack rolls for their seeds: the same board and
    /// bonus cells, and the same words with the same points and standing.
    #[test]
    fn every_opening_round_is_the_whole_packs() {
        let mut opened = 0;
        for lang in ["en", "nl"] {
            let pack = packs::builtin(lang).unwrap();
            for game in games() {
                let seeds = game.opening_seeds(3);
                let small = match game.opening_pack(&pack, &seeds) {
                    Ok(small) => small,
                    // Frequency dice: the check inside saw another board.
                    Err(GameError::NoOpening { .. }) => {
                        assert!(game.roll_spec(&pack).dice.is_none(), "{lang} {}", game.id);
                        continue;
                    }
                    Err(e) => panic!("{lang} {}: {e}", game.id),
                };
                if lang == "en" {
                    opened += 1;
                }
                for &seed in &seeds {
                    let whole = game.roll(&pack, seed).unwrap();
                    let opening = game.roll(&small, seed).unwrap();
                    assert_eq!(opening.board, whole.board, "{lang} {} {seed}", game.id);
                    assert_eq!(opening.rules.bonus, whole.rules.bonus);
                    assert_eq!(opening.common_words, whole.common_words);
                    let a = Judge::new(&small, &opening).unwrap();
                    let b = Judge::new(&pack, &whole).unwrap();
                    assert_eq!(a.words(), b.words(), "{lang} {} {seed}", game.id);
                }
            }
        }
        // English's games roll the game's own dice: every one has an opening.
        assert_eq!(opened, games().len());
    }

    #[test]
    fn seeds_are_fixed_and_bounded() {
        let game = Game::named("boggle").unwrap();
        let seeds = game.opening_seeds(OPENING_ROUNDS + 5);
        assert_eq!(seeds.len(), OPENING_ROUNDS);
        assert_eq!(game.opening_seeds(3), seeds[..3]);
        assert!(seeds.iter().all(|&s| s < 1_000_000_000_000_000));
        assert_ne!(Game::named("ruzzle").unwrap().opening_seeds(1), seeds[..1]);
    }
}
