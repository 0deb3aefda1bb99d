//! The arena's clock: one round of a game for everyone, in each language,
//! one after another (Wordament's way: two minutes of play, then about 40
//! seconds of results). Rounds follow each other from a fixed epoch, each
//! the game's `seconds` of play and then its `arena_results` seconds of
//! results (the game table's), so a round's start is a function of the
//! time alone; its seed is a hash of the game, the language and the start.
//! Every instance of a server, and `boggle roll --game G --arena TIME`, so
//! rolls the same board at the same moment without asking any other.
//!
//! ```
//! use solve::game::{Game, UtcTime};
//!
//! let wordament = Game::named("wordament").unwrap();
//! let at: UtcTime = "2026-12-03T08:01:30Z".parse().unwrap();
//! let round = wordament.arena_round(at, "en");
//! assert!(round.start <= at && at < round.next);
//! assert_eq!(round.next.seconds() - round.start.seconds(), 160); // 120 s of play, 40 of results
//! assert_eq!(round.ends.seconds() - round.start.seconds(), 120);
//! // Any moment of the round gives the round; the next starts where it ends.
//! assert_eq!(wordament.arena_round(round.start, "en"), round);
//! assert_eq!(wordament.arena_round(round.next, "en").start, round.next);
//! assert_ne!(wordament.arena_round(round.next, "en").seed, round.seed);
//! assert_ne!(wordament.arena_round(at, "nl").seed, round.seed);
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::daily::{hashed, Day};
use super::Game;

/// The arena's epoch, 2026-01-01T00:00:00Z: its first round of every game
/// started then.
pub const ARENA_EPOCH: UtcTime = UtcTime(1_767_225_600);

/// A moment in UTC, to the second: seconds since 1970-01-01T00:00:00Z.
/// Reads and writes RFC 3339's `YYYY-MM-DDTHH:MM:SSZ`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UtcTime(i64);

/// A time that does not read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{0:?} is not a UTC time from 2000 to 9999 written YYYY-MM-DDTHH:MM:SSZ")]
pub struct TimeError(String);

impl UtcTime {
    /// The moment `seconds` after 1970-01-01T00:00:00Z.
    pub fn from_seconds(seconds: i64) -> UtcTime {
        UtcTime(seconds)
    }

    /// Its seconds since 1970-01-01T00:00:00Z.
    pub fn seconds(self) -> i64 {
        self.0
    }

    /// The moment `seconds` later.
    pub fn plus(self, seconds: i64) -> UtcTime {
        UtcTime(self.0 + seconds)
    }

    /// Now, by the system clock (1970 if the clock is set before it).
    pub fn now() -> UtcTime {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        UtcTime(seconds)
    }
}

/// The fastest pace a person keeps up through an arena round, in words a
/// second. Wordament's record is 192 words in one two-minute round (1.6 a
/// second: its Hall of Fame 2013,
/// <https://wordament.wordpress.com/2014/01/15/hall-of-fame-2013/>); its
/// makers wrote of 131 words as "more than 1 word per second sustained".
pub const HUMAN_PACE: f64 = 2.0;

/// Words a person may find at once beyond [`HUMAN_PACE`] (a late entrant's
/// first seconds, words typed ahead and sent together).
pub const HUMAN_BURST: u32 = 4;

/// Whether `words` accepted over `seconds` of play is a pace a person
/// reaches: at most [`HUMAN_PACE`] a second, and [`HUMAN_BURST`] more. The
/// arena holds a result past it out of its leaderboards (the server still
/// judges each word, and counts such results).
///
/// ```
/// use solve::game::humanly_paced;
///
/// assert!(humanly_paced(192, 120.0)); // Wordament's record
/// assert!(humanly_paced(244, 120.0));
/// assert!(!humanly_paced(245, 120.0));
/// assert!(humanly_paced(4, 0.0) && !humanly_paced(6, 0.5));
/// ```
pub fn humanly_paced(words: u32, seconds: f64) -> bool {
    f64::from(words) <= HUMAN_PACE * seconds.max(0.0) + f64::from(HUMAN_BURST)
}

impl FromStr for UtcTime {
    type Err = TimeError;

    fn from_str(s: &str) -> Result<UtcTime, TimeError> {
        let bad = || TimeError(s.chars().take(40).collect());
        let b = s.as_bytes();
        if b.len() != 20 || b[10] != b'T' || b[13] != b':' || b[16] != b':' || b[19] != b'Z' {
            return Err(bad());
        }
        let day: Day = s[..10].parse().map_err(|_| bad())?;
        let num = |r: std::ops::Range<usize>, below: i64| -> Result<i64, TimeError> {
            let part = &s[r];
            if !part.bytes().all(|c| c.is_ascii_digit()) {
                return Err(bad());
            }
            part.parse().ok().filter(|n| *n < below).ok_or_else(bad)
        };
        let (h, m, sec) = (num(11..13, 24)?, num(14..16, 60)?, num(17..19, 60)?);
        Ok(UtcTime(
            day.days_since_1970() * 86_400 + h * 3600 + m * 60 + sec,
        ))
    }
}

impl fmt::Display for UtcTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let day = Day::from_days_since_1970(self.0.div_euclid(86_400));
        let s = self.0.rem_euclid(86_400);
        write!(f, "{day}T{:02}:{:02}:{:02}Z", s / 3600, s / 60 % 60, s % 60)
    }
}

/// One arena round: when it starts, when its play ends, when the next
/// starts (its results show until then), and the seed its board is rolled
/// from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaRound {
    /// Its number, from the epoch's round 0 of the game.
    pub index: i64,
    /// When its play starts.
    pub start: UtcTime,
    /// When its play ends and its results show.
    pub ends: UtcTime,
    /// When its results end: the next round's start.
    pub next: UtcTime,
    /// The seed its board is rolled from ([`Game::roll`]).
    pub seed: u64,
}

impl Game {
    /// The arena round of this game in `language` (a pack's language code)
    /// under way at `at`, in play or showing its results.
    pub fn arena_round(&self, at: UtcTime, language: &str) -> ArenaRound {
        let period = i64::from(self.seconds + self.arena_results);
        let index = (at.0 - ARENA_EPOCH.0).div_euclid(period);
        let start = ARENA_EPOCH.plus(index * period);
        ArenaRound {
            index,
            start,
            ends: start.plus(i64::from(self.seconds)),
            next: start.plus(period),
            seed: self.arena_seed(start, language),
        }
    }

    /// The seed of this game's arena round starting at `start` in
    /// `language`: FNV-1a of `wordgrid arena START GAME LANGUAGE`, below
    /// 10^15.
    pub fn arena_seed(&self, start: UtcTime, language: &str) -> u64 {
        hashed(&format!("wordgrid arena {start} {} {language}", self.id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_and_write_back() {
        for t in [
            "2026-01-01T00:00:00Z",
            "2028-02-29T23:59:59Z",
            "2000-01-01T00:00:00Z",
            "2026-12-03T08:01:30Z",
        ] {
            let at: UtcTime = t.parse().unwrap();
            assert_eq!(at.to_string(), t);
        }
        assert_eq!(ARENA_EPOCH.to_string(), "2026-01-01T00:00:00Z");
        let a: UtcTime = "2026-12-03T08:01:30Z".parse().unwrap();
        // 2026-12-03 is day 20,790 since 1970-01-01 (date -d 2026-12-03 +%s / 86400).
        assert_eq!(a.seconds(), 20_790 * 86_400 + 8 * 3600 + 90);
        for bad in [
            "2026-12-03 08:01:30Z",
            "2026-12-03T24:00:00Z",
            "2026-12-03T08:60:00Z",
            "2026-12-03T08:01:30",
            "2026-02-30T00:00:00Z",
            "",
            "2026-12-03T08:01:3xZ",
        ] {
            assert!(bad.parse::<UtcTime>().is_err(), "{bad}");
        }
    }

    #[test]
    fn now_is_the_system_clock() {
        let before = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64;
        let now = UtcTime::now().seconds();
        assert!(now >= before && now <= before + 5, "{before} {now}");
        // Later than this code.
        assert!(UtcTime::now() > "2026-12-03T00:00:00Z".parse().unwrap());
    }

    #[test]
    fn a_pace_past_a_persons_is_not_human() {
        // Two words a second, and four at once: 244 words in two minutes.
        assert!(humanly_paced(0, 0.0));
        assert!(humanly_paced(244, 120.0));
        assert!(!humanly_paced(245, 120.0));
        // A late entrant with 10 s left: 24 words at most.
        assert!(humanly_paced(24, 10.0) && !humanly_paced(25, 10.0));
        // A clock gone backwards counts as no time.
        assert!(humanly_paced(4, -3.0) && !humanly_paced(5, -3.0));
    }

    #[test]
    fn rounds_follow_one_another() {
        for game in super::super::games() {
            let period = i64::from(game.seconds + game.arena_results);
            let mut at = "2026-12-03T08:00:00Z".parse::<UtcTime>().unwrap();
            let first = game.arena_round(at, "en");
            let mut seeds = std::collections::HashSet::new();
            for _ in 0..50 {
                let r = game.arena_round(at, "en");
                assert!(r.start <= at && at < r.next, "{}: {at}", game.id);
                assert_eq!(
                    (
                        r.next.seconds() - r.start.seconds(),
                        r.ends.seconds() - r.start.seconds()
                    ),
                    (period, i64::from(game.seconds))
                );
                assert_eq!((r.start.seconds() - ARENA_EPOCH.seconds()) % period, 0);
                seeds.insert(r.seed);
                at = at.plus(37);
            }
            let last = game.arena_round(at, "en");
            assert_eq!(
                seeds.len() as i64,
                last.index - first.index + 1,
                "{}: a seed a round",
                game.id
            );
            // Before the epoch too, the same arithmetic.
            let early = game.arena_round(ARENA_EPOCH.plus(-1), "en");
            assert_eq!((early.index, early.next), (-1, ARENA_EPOCH));
        }
    }
}
