//! Judging a player's tries on a round: the one rule for what a typed or
//! traced word comes to (a new word and its points, a repeat, too short,
//! not on the board, not a word, a path that cannot be played), and the
//! words that say why a try did not count. The room server asks it for
//! every try, and so does the web page's solo round, through the
//! WebAssembly engine (`crates/web`): no front judges a word of its own.
//!
//! A [`Judge`] holds a round's solution, solved once; each player's words
//! are a [`Found`] of their own, so one judge serves a whole room.
//!
//! ```
//! use solve::game::{Found, Game, Judge, Verdict};
//! use solve::packs;
//!
//! let pack = packs::builtin("en").unwrap();
//! let round = Game::named("boggle").unwrap().roll(&pack, 7).unwrap();
//! let judge = Judge::new(&pack, &round).unwrap();
//! let best = judge.words()[0].clone();
//! let mut mine = Found::default();
//! assert_eq!(judge.typed(&mut mine, &best.word.to_uppercase()).unwrap(),
//!            Verdict::New { word: 0, points: best.score });
//! assert!(matches!(judge.typed(&mut mine, &best.word).unwrap(), Verdict::Again { .. }));
//! assert_eq!(mine.score(), best.score as u64);
//! ```

use std::collections::{HashMap, HashSet};

use grid::{Grid, Neighbors};
use prep::Pack;
use serde::Serialize;

use super::Round;
use crate::board::path::{spell, PathError};
use crate::error::LexiconError;
use crate::search::{FoundWord, Solution, Solver};

/// What one try comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A word of the board not found before: its index in
    /// [`Judge::words`], and its points.
    New {
        /// Index into [`Judge::words`].
        word: usize,
        /// Its points.
        points: u32,
    },
    /// A word of the board this player has already found.
    Again {
        /// Index into [`Judge::words`].
        word: usize,
    },
    /// Shorter than the round's shortest word.
    Short {
        /// The word as judged.
        text: String,
        /// The round's shortest word, in letters.
        min: usize,
    },
    /// A word of the pack that the board does not hold.
    NotOnBoard {
        /// The word as judged.
        text: String,
    },
    /// Not a word of the pack.
    NotWord {
        /// The word as judged.
        text: String,
    },
    /// A traced path that cannot be played (a cell twice, a jump).
    BadPath {
        /// What it spells.
        text: String,
        /// Why it cannot be played.
        why: PathError,
    },
}

/// What kind of verdict a try got, as the fronts tell them apart (the
/// room's frames and the engine's answers carry it, lower case).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum VerdictKind {
    /// A new word.
    New,
    /// A word found before.
    Again,
    /// Too short.
    Short,
    /// A word, not on this board.
    NotBoard,
    /// Not a word.
    NotWord,
    /// A path that cannot be played.
    BadPath,
}

impl Verdict {
    /// The verdict's kind.
    pub fn kind(&self) -> VerdictKind {
        match self {
            Verdict::New { .. } => VerdictKind::New,
            Verdict::Again { .. } => VerdictKind::Again,
            Verdict::Short { .. } => VerdictKind::Short,
            Verdict::NotOnBoard { .. } => VerdictKind::NotBoard,
            Verdict::NotWord { .. } => VerdictKind::NotWord,
            Verdict::BadPath { .. } => VerdictKind::BadPath,
        }
    }

    /// Why a try did not count, as a player reads it after the word
    /// (`QZ: too short (3 letters at least)`); `None` for a new word.
    pub fn why(&self) -> Option<String> {
        match self {
            Verdict::New { .. } => None,
            Verdict::Again { .. } => Some("already found".into()),
            Verdict::Short { min, .. } => Some(format!("too short ({min} letters at least)")),
            Verdict::NotOnBoard { .. } => Some("not on this board".into()),
            Verdict::NotWord { .. } => Some("not a word".into()),
            Verdict::BadPath { why, .. } => Some(why.to_string()),
        }
    }
}

/// One player's words on a round, in the order found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    order: Vec<usize>,
    seen: HashSet<usize>,
    score: u64,
}

impl Found {
    /// The words found, as indices into [`Judge::words`], first found
    /// first.
    pub fn words(&self) -> &[usize] {
        &self.order
    }

    /// Their points.
    pub fn score(&self) -> u64 {
        self.score
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether none.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// Whether the word at `index` is among them.
    pub fn has(&self, index: usize) -> bool {
        self.seen.contains(&index)
    }
}

/// A round, solved, and the rules its tries are judged by.
#[derive(Clone, Debug)]
pub struct Judge {
    pack: Pack,
    round: Round,
    solution: Solution,
    index: HashMap<String, usize>,
    neighbors: Neighbors,
}

impl Judge {
    /// Solves `round` under its rules (every word, rare ones marked).
    pub fn new(pack: &Pack, round: &Round) -> Result<Judge, LexiconError> {
        let mut solver = Solver::with_rules(pack, round.rules.clone())?;
        let solution = solver.solve(&round.board)?;
        let mut round = round.clone();
        // The rules as the solver resolved them (its letter values).
        round.rules = solver.rules().clone();
        Ok(Judge::with_solution(pack, &round, solution))
    }

    /// A judge for `round` whose solution is already at hand (`solution`
    /// must be the round's own, under its rules).
    pub fn with_solution(pack: &Pack, round: &Round, solution: Solution) -> Judge {
        let index = solution
            .words
            .iter()
            .enumerate()
            .map(|(i, w)| (w.word.clone(), i))
            .collect();
        let board = &round.board;
        let neighbors = Neighbors::new(Grid::new(
            board.rows(),
            board.cols(),
            round.rules.adjacency,
            round.rules.wrap,
        ));
        Judge {
            pack: pack.clone(),
            round: round.clone(),
            solution,
            index,
            neighbors,
        }
    }

    /// The round judged.
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// The board's words, best first (as [`Solution::words`]).
    pub fn words(&self) -> &[FoundWord] {
        &self.solution.words
    }

    /// The whole solution.
    pub fn solution(&self) -> &Solution {
        &self.solution
    }

    /// Which cells are next to which on the round's board (its adjacency
    /// and wrap): what a front lets a traced path step to.
    pub fn neighbors(&self) -> &Neighbors {
        &self.neighbors
    }

    /// The index of `word` (in the pack's spelling) among
    /// [`words`](Judge::words), if the board holds it.
    pub fn find(&self, word: &str) -> Option<usize> {
        self.index.get(word).copied()
    }

    /// Judges a typed word (any case, surrounding space ignored) for the
    /// player whose words are `found`, counting it there if it is new.
    /// Fails only if the pack's automaton fails a check.
    pub fn typed(&self, found: &mut Found, text: &str) -> Result<Verdict, LexiconError> {
        let text = text.trim().to_lowercase();
        if let Some(i) = self.find(&text) {
            return Ok(self.count(found, i));
        }
        let min = self.round.rules.min_len;
        if text.chars().count() < min {
            return Ok(Verdict::Short { text, min });
        }
        let in_pack = self
            .pack
            .contains(&text)
            .map_err(|e| LexiconError::Malformed {
                pack: self.pack.name().to_string(),
                message: e.to_string(),
            })?;
        Ok(match in_pack {
            true => Verdict::NotOnBoard { text },
            false => Verdict::NotWord { text },
        })
    }

    /// Judges a traced path (cell indices, row-major from 0) for the player
    /// whose words are `found`: a path that may be played and spells a word
    /// of the board counts it. Of the words an either/or tile spells, it
    /// counts the first the board holds that the player has not found yet,
    /// so tracing `kag[o/u]ol` twice finds both `kagool` and `kagoul`.
    pub fn traced(&self, found: &mut Found, path: &[usize]) -> Verdict {
        let spelled = spell(&self.round.board, &self.neighbors, path);
        let first = spelled.words[0].clone();
        if let Some(why) = spelled.error {
            return Verdict::BadPath { text: first, why };
        }
        let mut held = spelled.words.iter().filter_map(|w| self.find(w));
        if let Some(i) = held.next() {
            let new = std::iter::once(i).chain(held).find(|&j| !found.has(j));
            return self.count(found, new.unwrap_or(i));
        }
        let min = self.round.rules.min_len;
        if first.chars().count() < min {
            return Verdict::Short { text: first, min };
        }
        Verdict::NotWord { text: first }
    }

    /// Counts the word at `index` of [`words`](Judge::words) for the
    /// player whose words are `found`, as a try that found it would (a
    /// player's words read back from a record); `None` past the end.
    pub fn recount(&self, found: &mut Found, index: usize) -> Option<Verdict> {
        (index < self.solution.words.len()).then(|| self.count(found, index))
    }

    fn count(&self, found: &mut Found, i: usize) -> Verdict {
        if !found.seen.insert(i) {
            return Verdict::Again { word: i };
        }
        found.order.push(i);
        let points = self.solution.words[i].score;
        found.score += u64::from(points);
        Verdict::New { word: i, points }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::packs;

    fn judge() -> (Pack, Judge) {
        let pack = packs::builtin("en").unwrap();
        let round = Game::named("boggle").unwrap().roll(&pack, 11).unwrap();
        let judge = Judge::new(&pack, &round).unwrap();
        (pack, judge)
    }

    #[test]
    fn a_traced_word_counts_once_with_the_solvers_points() {
        let (_, judge) = judge();
        let cols = judge.round().board.cols();
        let mut found = Found::default();
        let mut total = 0u64;
        for w in judge.words().iter().take(10) {
            let path: Vec<usize> = w
                .path
                .iter()
                .map(|p| p.row as usize * cols + p.col as usize)
                .collect();
            match judge.traced(&mut found, &path) {
                Verdict::New { word, points } => {
                    assert_eq!(judge.words()[word].word, w.word);
                    assert_eq!(points, w.score);
                    total += u64::from(points);
                }
                v => panic!("{} traced: {v:?}", w.word),
            }
            assert!(matches!(
                judge.traced(&mut found, &path),
                Verdict::Again { .. }
            ));
        }
        assert_eq!(found.score(), total);
        assert_eq!(found.len(), judge.words().len().min(10));
    }

    /// A path through an either/or tile that spells two words of the board
    /// finds one, then the other, then neither.
    #[test]
    fn a_path_of_two_words_finds_both_in_turn() {
        let pack = packs::builtin("en").unwrap();
        let game = Game::named("wordament").unwrap();
        let (judge, path, readings) = (0..2000)
            .find_map(|seed| {
                let judge = Judge::new(&pack, &game.roll(&pack, seed).unwrap()).unwrap();
                let cols = judge.round().board.cols();
                judge.words().iter().find_map(|w| {
                    let path: Vec<usize> = w
                        .path
                        .iter()
                        .map(|p| p.row as usize * cols + p.col as usize)
                        .collect();
                    let spelled = spell(&judge.round().board, judge.neighbors(), &path);
                    let readings: Vec<usize> =
                        spelled.words.iter().filter_map(|w| judge.find(w)).collect();
                    (readings.len() >= 2).then(|| (judge.clone(), path, readings))
                })
            })
            .expect("a wordament board with a path of two words");
        let mut found = Found::default();
        for &want in &readings {
            match judge.traced(&mut found, &path) {
                Verdict::New { word, .. } => assert_eq!(word, want),
                v => panic!("{v:?}"),
            }
        }
        assert!(matches!(
            judge.traced(&mut found, &path),
            Verdict::Again { word } if word == readings[0]
        ));
    }

    #[test]
    fn typed_tries_are_told_apart() {
        let (pack, judge) = judge();
        let mut found = Found::default();
        assert!(matches!(
            judge.typed(&mut found, "qz").unwrap(),
            Verdict::Short { min: 3, .. }
        ));
        assert!(matches!(
            judge.typed(&mut found, "zzzqqq").unwrap(),
            Verdict::NotWord { .. }
        ));
        // A word of the pack the board does not hold.
        let absent = ["zymurgy", "quixotic", "xylophone"]
            .into_iter()
            .find(|w| judge.find(w).is_none() && pack.contains(w).unwrap())
            .unwrap();
        assert!(matches!(
            judge.typed(&mut found, absent).unwrap(),
            Verdict::NotOnBoard { .. }
        ));
        assert!(found.is_empty());
    }

    #[test]
    fn a_path_that_cannot_be_played_says_why() {
        let (_, judge) = judge();
        let mut found = Found::default();
        assert!(matches!(
            judge.traced(&mut found, &[0, 0, 1]),
            Verdict::BadPath {
                why: PathError::Twice { .. },
                ..
            }
        ));
        assert!(matches!(
            judge.traced(&mut found, &[0, 15, 1]),
            Verdict::BadPath {
                why: PathError::NotAdjacent { .. },
                ..
            }
        ));
        assert!(matches!(
            judge.traced(&mut found, &[0, 99]),
            Verdict::BadPath {
                why: PathError::OffBoard { .. },
                ..
            }
        ));
    }
}
