//! Where each player of one round stands among everyone who played it:
//! the arena's results (arena.rs), for any number of players. A player's
//! score is their words' points (a rare find scores too); players with the
//! same score share a rank (1, 2, 2, 4); a percentile counts the players
//! below and half of those level; each word of the board has its finders
//! ("found by 37%"); the words of the target nobody found come best
//! first; a player's rarest find is the word of theirs the fewest found.
//!
//! ```
//! use solve::game::{Counted, Found, Game, Judge, Standings};
//! use solve::packs;
//!
//! let pack = packs::builtin("en").unwrap();
//! let round = Game::named("boggle").unwrap().roll(&pack, 7).unwrap();
//! let judge = Judge::new(&pack, &round).unwrap();
//! let word = judge.words()[0].word.clone();
//! let (mut ann, mut bob, cleo) = (Found::default(), Found::default(), Found::default());
//! judge.typed(&mut ann, &word).unwrap();
//! judge.typed(&mut bob, &word).unwrap();
//! let s = Standings::of(&judge, [&ann, &bob, &cleo]);
//! assert_eq!((s.place(0).rank, s.place(1).rank, s.place(2).rank), (1, 1, 3));
//! assert_eq!(s.finders(0), 2);
//! assert!((s.share(0) - 2.0 / 3.0).abs() < 1e-9);
//! assert!(!s.nobody(&judge, Counted::Common).contains(&0));
//! ```

use super::{Counted, Found, Judge};

/// One player's place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    /// The player: its position among the players given.
    pub player: usize,
    /// Their words' points.
    pub score: u64,
    /// How many words they found.
    pub words: usize,
    /// From 1: one more than the players who scored more.
    pub rank: usize,
    /// 0 to 100: the players who scored less, and half of the others who
    /// scored the same, in percent of all players.
    pub percentile: f64,
}

/// A player's percentile among `players`: those `below` them, and half of
/// the `level` (themselves among them), in percent of all. Whoever ranks
/// players from counts alone (the daily board's leaderboard, kept in a
/// store) uses it too.
pub fn percentile(below: usize, level: usize, players: usize) -> f64 {
    if players == 0 {
        return 0.0;
    }
    100.0 * (below as f64 + level as f64 / 2.0) / players as f64
}

/// A round's players ranked, and how many of them found each word.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    /// Best first; a tie in the order the players were given.
    ranked: Vec<Standing>,
    /// Each player's position in `ranked`.
    place: Vec<usize>,
    /// For each word of the board (as [`Judge::words`]), its finders.
    finders: Vec<u32>,
}

impl Standings {
    /// Ranks `players`, each one's words on the round `judge` judges.
    pub fn of<'a>(judge: &Judge, players: impl IntoIterator<Item = &'a Found>) -> Standings {
        let mut finders = vec![0u32; judge.words().len()];
        let mut ranked: Vec<Standing> = players
            .into_iter()
            .enumerate()
            .map(|(player, found)| {
                for &i in found.words() {
                    if let Some(n) = finders.get_mut(i) {
                        *n += 1;
                    }
                }
                Standing {
                    player,
                    score: found.score(),
                    words: found.len(),
                    rank: 0,
                    percentile: 0.0,
                }
            })
            .collect();
        ranked.sort_by(|a, b| b.score.cmp(&a.score).then(a.player.cmp(&b.player)));
        let n = ranked.len();
        let mut at = 0;
        while at < n {
            // The run of players level with ranked[at].
            let level = ranked[at..]
                .iter()
                .take_while(|s| s.score == ranked[at].score)
                .count();
            let below = n - at - level;
            let percentile = percentile(below, level, n);
            for s in &mut ranked[at..at + level] {
                s.rank = at + 1;
                s.percentile = percentile;
            }
            at += level;
        }
        let mut place = vec![0; n];
        for (i, s) in ranked.iter().enumerate() {
            place[s.player] = i;
        }
        Standings {
            ranked,
            place,
            finders,
        }
    }

    /// The players, best first.
    pub fn ranked(&self) -> &[Standing] {
        &self.ranked
    }

    /// How many players.
    pub fn players(&self) -> usize {
        self.ranked.len()
    }

    /// Player `player`'s place (its position among the players given).
    ///
    /// # Panics
    /// If there is no such player.
    pub fn place(&self, player: usize) -> &Standing {
        &self.ranked[self.place[player]]
    }

    /// How many players found the word at `index` of [`Judge::words`].
    pub fn finders(&self, index: usize) -> u32 {
        self.finders.get(index).copied().unwrap_or(0)
    }

    /// The share of players, 0 to 1, who found the word at `index`.
    pub fn share(&self, index: usize) -> f64 {
        match self.players() {
            0 => 0.0,
            n => f64::from(self.finders(index)) / n as f64,
        }
    }

    /// The words of the target `counted` that nobody found, best first,
    /// then, under a common-words target, the rare ones nobody found.
    pub fn nobody(&self, judge: &Judge, counted: Counted) -> Vec<usize> {
        let found = |i: usize| self.finders(i) > 0;
        let mut words = judge.missed(counted, found);
        words.extend(judge.missed_rare(counted, found));
        words
    }

    /// A player's rarest find: of `found`'s words, the one the fewest
    /// players found (of those, the best scoring, then the first found).
    pub fn rarest(&self, judge: &Judge, found: &Found) -> Option<usize> {
        let words = judge.words();
        found.words().iter().copied().min_by_key(|&i| {
            (
                self.finders(i),
                std::cmp::Reverse(words.get(i).map_or(0, |w| w.score)),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::packs;

    fn judge() -> Judge {
        let pack = packs::builtin("en").unwrap();
        let round = Game::named("boggle").unwrap().roll(&pack, 11).unwrap();
        Judge::new(&pack, &round).unwrap()
    }

    fn found(judge: &Judge, words: &[usize]) -> Found {
        let mut f = Found::default();
        for &i in words {
            judge.recount(&mut f, i).unwrap();
        }
        f
    }

    #[test]
    fn ties_share_a_rank_and_a_percentile() {
        let j = judge();
        let points = |ix: &[usize]| {
            ix.iter()
                .map(|&i| u64::from(j.words()[i].score))
                .sum::<u64>()
        };
        // Players 1 and 3 level at the top, 0 below them, 2 with nothing.
        let players = [
            found(&j, &[2]),
            found(&j, &[0, 1]),
            found(&j, &[]),
            found(&j, &[0, 1]),
        ];
        assert!(points(&[0, 1]) > points(&[2]) && points(&[2]) > 0);
        let s = Standings::of(&j, &players);
        let ranks: Vec<(usize, usize)> = s.ranked().iter().map(|r| (r.player, r.rank)).collect();
        assert_eq!(ranks, [(1, 1), (3, 1), (0, 3), (2, 4)]);
        assert_eq!(s.place(1).percentile, 100.0 * (2.0 + 1.0) / 4.0);
        assert_eq!(s.place(0).percentile, 100.0 * (1.0 + 0.5) / 4.0);
        assert_eq!(s.place(2).percentile, 100.0 * 0.5 / 4.0);
        assert_eq!((s.place(1).score, s.place(1).words), (points(&[0, 1]), 2));
        assert_eq!(
            (s.finders(0), s.finders(1), s.finders(2), s.finders(3)),
            (2, 2, 1, 0)
        );
        assert_eq!(s.share(2), 0.25);
        // Player 0's one word is the rarest; players 1's two are level, the better first.
        assert_eq!(s.rarest(&j, &players[0]), Some(2));
        let best = if j.words()[0].score >= j.words()[1].score {
            0
        } else {
            1
        };
        assert_eq!(s.rarest(&j, &players[1]), Some(best));
        assert_eq!(s.rarest(&j, &players[2]), None);
        let nobody = s.nobody(&j, Counted::All);
        assert_eq!(nobody.len(), j.words().len() - 3);
        assert!(![0, 1, 2].iter().any(|i| nobody.contains(i)));
    }

    #[test]
    fn no_players_and_one() {
        let j = judge();
        let none: [Found; 0] = [];
        let s = Standings::of(&j, &none);
        assert_eq!((s.players(), s.share(0)), (0, 0.0));
        assert_eq!(s.nobody(&j, Counted::All).len(), j.words().len());
        let one = [found(&j, &[0])];
        let s = Standings::of(&j, &one);
        assert_eq!((s.place(0).rank, s.place(0).percentile), (1, 50.0));
    }

    #[test]
    fn ten_thousand_players_each_in_place() {
        let j = judge();
        let n = j.words().len();
        let players: Vec<Found> = (0..10_000)
            .map(|p| {
                found(
                    &j,
                    &(0..n).filter(|i| (i * 7 + p) % 5 == 0).collect::<Vec<_>>(),
                )
            })
            .collect();
        let s = Standings::of(&j, &players);
        assert_eq!(s.players(), 10_000);
        // Ranks never go down the table, and every rank is 1 + those above.
        for w in s.ranked().windows(2) {
            assert!(w[0].score >= w[1].score && w[0].rank <= w[1].rank);
        }
        let total: u64 = (0..n).map(|i| u64::from(s.finders(i))).sum();
        assert_eq!(total, players.iter().map(|f| f.len() as u64).sum::<u64>());
    }
}
