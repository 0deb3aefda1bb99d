//! The arena's messages (`docs/arena.md`): what a player in the arena is
//! sent besides the verdicts on their tries, which are a room's.

use serde::Serialize;

use super::{BoardShown, WordShown};

/// A player's place in the round so far (sent every few seconds).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Place {
    /// From 1: one more than the players who scored more.
    pub rank: usize,
    /// The round's players.
    pub players: usize,
    /// 0 to 100: the players below, and half of those level.
    pub percentile: f64,
    /// Points.
    #[cfg_attr(test, ts(type = "number"))]
    pub score: u64,
    /// Words found.
    pub words: usize,
}

/// A line of the round's top ten.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Leader {
    /// From 1 (players level share one).
    pub rank: usize,
    /// The screen name (text, never markup).
    pub name: String,
    /// Points.
    #[cfg_attr(test, ts(type = "number"))]
    pub score: u64,
    /// Words found.
    pub words: usize,
}

/// A word of the board with the share of the round's players who found it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WordShare {
    /// The word, its points, whether it is rare, its path.
    #[serde(flatten)]
    pub word: WordShown,
    /// How many players found it.
    pub finders: u32,
    /// Their share of the players, 0 to 1 ("found by 37%").
    pub share: f64,
}

/// A round's results as every player sees them (one message for all).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ArenaResults {
    /// The round's start (`2026-12-03T08:01:20Z`).
    pub start: String,
    /// Its board.
    pub board: BoardShown,
    /// Its seed (`boggle roll --game G --seed S` rolls the board).
    #[cfg_attr(test, ts(type = "number"))]
    pub seed: u64,
    /// How many played (sent at least one try).
    pub players: usize,
    /// The ten best players.
    pub top: Vec<Leader>,
    /// The board's best words, best first, with how many found each.
    pub best: Vec<WordShare>,
    /// The target's words nobody found: common ones first, best first.
    pub nobody: Vec<WordShown>,
    /// Milliseconds until the next round starts.
    #[cfg_attr(test, ts(type = "number"))]
    pub next_ms: u64,
}

/// One player's own results of a round.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ArenaMine {
    /// The round's start, as in its `arena_results`.
    pub start: String,
    /// Where they finished.
    pub place: Place,
    /// Their words, with how many players found each.
    pub words: Vec<WordShare>,
    /// Their find the fewest players made (the best of those if several).
    pub rarest: Option<WordShare>,
    /// Their pace was past what a person keeps up: the result stands for
    /// them and is held out of the leaderboards.
    pub held: bool,
}

/// One leaderboard: a period's players ranked by one measure.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Leaderboard {
    /// `hour` (this clock hour, UTC), `day` (the last 24 hours), `week`
    /// (the last 7 days) or `all`.
    pub period: String,
    /// `total`, `average` (from the tenth round in the period) or `best`
    /// (round).
    pub by: String,
    /// How a page names the period (`Today`).
    pub period_label: String,
    /// How a page names the measure (`Per round`).
    pub by_label: String,
    /// What the board counts, in a line (`Points over all rounds, the
    /// last 24 hours.`).
    pub about: String,
    /// The best players, best first.
    pub entries: Vec<Standing>,
}

/// A line of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Standing {
    /// The screen name.
    pub name: String,
    /// Total points, points a round, or the best round's points.
    pub value: f64,
}

/// `GET /arena`: the round now and who is in each language's arena.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ArenaStatus {
    /// The game asked for (the server's arena game if none).
    pub game: String,
    /// Its label.
    pub game_label: String,
    /// The round on the clock now.
    pub round: ArenaTimes,
    /// Every language the server has, with its devices in the arena.
    pub languages: Vec<ArenaLanguage>,
}

/// A round's times, in UTC and in milliseconds from the answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ArenaTimes {
    /// Its start (`2026-12-03T08:00:00Z`).
    pub start: String,
    /// The end of its play.
    pub ends: String,
    /// The next round's start.
    pub next: String,
    /// Milliseconds of play left (0 during the results).
    #[cfg_attr(test, ts(type = "number"))]
    pub left_ms: u64,
    /// Milliseconds until the next round.
    #[cfg_attr(test, ts(type = "number"))]
    pub next_ms: u64,
}

/// A language of the server and its devices in the arena.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ArenaLanguage {
    /// Its key (`en`).
    pub lang: String,
    /// Its name (`English`).
    pub name: String,
    /// Devices connected to its arena.
    pub players: usize,
}

/// `GET /arena/leaderboards`: a game and language's leaderboards.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ArenaBoards {
    /// The game.
    pub game: String,
    /// The language.
    pub lang: String,
    /// The friends' board asked for (its code), or none: everyone's.
    pub group: Option<String>,
    /// The start of the last round they hold (none before the first): a
    /// round's results are recorded a moment after its players hear them.
    pub through: Option<String>,
    /// The rounds in a period from which a player's average is ranked.
    #[cfg_attr(test, ts(type = "number"))]
    pub min_rounds: i64,
    /// Each period by each measure.
    pub boards: Vec<Leaderboard>,
}

/// The day's leaderboard of a game's daily board in a language: its scored
/// plays, best first (`GET /arena/daily`, and with a play's results).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct DailyBoard {
    /// The game.
    pub game: String,
    /// The language.
    pub lang: String,
    /// The date (`2026-12-04`): each player's own; the board of a date is
    /// the same for everyone.
    pub date: String,
    /// How many plays are scored (those held out apart).
    pub players: usize,
    /// The ten best, best first (players level share a rank).
    pub top: Vec<Leader>,
}

/// Your play of the daily board is over: your result, where it stands
/// among the date's plays so far, and the date's leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct DailyResults {
    /// The board.
    pub board: BoardShown,
    /// Its seed (`boggle roll --game G --daily DATE` rolls the board).
    #[cfg_attr(test, ts(type = "number"))]
    pub seed: u64,
    /// Your place among the date's scored plays (none if held out).
    pub place: Option<Place>,
    /// Points.
    #[cfg_attr(test, ts(type = "number"))]
    pub score: u64,
    /// Your words, best first.
    pub words: Vec<WordShown>,
    /// Your pace was past what a person keeps up: held out of the
    /// leaderboard.
    pub held: bool,
    /// You had played this date's board before: this is that play (one
    /// scored play a day).
    pub again: bool,
    /// The date's leaderboard.
    pub day: DailyBoard,
}
