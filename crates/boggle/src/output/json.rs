//! Every JSON record `boggle` prints, as a typed struct (schemas in
//! docs/batch-and-json.md). Field order is the order printed: alphabetical
//! where the output predates these types, so the bytes stay as they were.

use grid::Adjacency;
use prep::Pack;
use serde::{Serialize, Serializer};
use solve::board::Scored;
use solve::FoundWord;

/// Which pack, with source and word count: `built-in en (word-list (npm)
/// 4.1.0, 273923 words)`.
pub(crate) fn pack_label(pack: &Pack) -> String {
    pack.label()
}

/// `boggle solve --json`.
#[derive(Serialize)]
pub(crate) struct SolveJson<'a> {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) board: &'a str,
    pub(crate) pack: String,
    pub(crate) scoring: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) bonus: Option<String>,
    pub(crate) min_len: usize,
    pub(crate) neighbors: Adjacency,
    pub(crate) wrap: bool,
    pub(crate) score: u64,
    pub(crate) word_count: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) common: Option<CommonJson>,
    pub(crate) words: &'a [&'a FoundWord],
}

/// The common words of a solution (`"common"` in `solve --json`), when the
/// pack knows how common its words are: the line drawn, whether only
/// common words were counted, and their score and count.
#[derive(Serialize)]
pub(crate) struct CommonJson {
    pub(crate) min_zipf: prep::frequency::Zipf,
    pub(crate) only: bool,
    pub(crate) score: u64,
    pub(crate) word_count: u64,
}

impl CommonJson {
    /// The record for `solution` under `rules`, if `pack` has frequencies.
    pub(crate) fn of(
        solution: &solve::Solution,
        pack: &Pack,
        rules: &solve::Rules,
    ) -> Option<CommonJson> {
        pack.has_frequencies().then_some(CommonJson {
            min_zipf: rules.words.common,
            only: rules.words.only_common,
            score: solution.common.score,
            word_count: solution.common.words,
        })
    }
}

/// `boggle roll --json`: the board, and its tally when a target judged it.
#[derive(Serialize)]
pub(crate) struct RollJson<'a> {
    pub(crate) attempts: u32,
    pub(crate) board: &'a str,
    pub(crate) cols: usize,
    pub(crate) dice: Option<&'a str>,
    pub(crate) letters: Option<&'a str>,
    pub(crate) rows: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) score: Option<u64>,
    pub(crate) seed: u64,
    pub(crate) shape: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) word_count: Option<u64>,
}

impl<'a> RollJson<'a> {
    /// The record of a rolled board written as `text`, from `dice` (a set's
    /// name) or `letters` (how they were drawn), in `shape`.
    pub(crate) fn of(
        rolled: &solve::random::Rolled,
        text: &'a str,
        dice: Option<&'a str>,
        letters: Option<&'a str>,
        shape: &'a str,
    ) -> RollJson<'a> {
        RollJson {
            attempts: rolled.attempts,
            board: text,
            cols: rolled.board.cols(),
            dice,
            letters,
            rows: rolled.board.rows(),
            score: rolled.tally.map(|t| t.score),
            seed: rolled.seed,
            shape,
            word_count: rolled.tally.map(|t| t.words),
        }
    }
}

/// `boggle roll --game G --json`: a game's round.
#[derive(Serialize)]
pub(crate) struct GameRollJson<'a> {
    pub(crate) attempts: u32,
    /// The bonus grid (`d..T/..../.D../t...`), for a game that has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) bonus: Option<String>,
    pub(crate) board: String,
    pub(crate) cols: usize,
    pub(crate) common_words: u64,
    pub(crate) game: &'a str,
    pub(crate) rows: usize,
    pub(crate) scoring: String,
    pub(crate) seconds: u32,
    pub(crate) seed: u64,
    /// With `--arena`: the round's times.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) arena: Option<ArenaJson>,
}

/// An arena round's times, RFC 3339 UTC: its play from `start` to `ends`,
/// its results until `next`, when the next round starts.
#[derive(Serialize, Clone, Copy)]
pub(crate) struct ArenaJson {
    #[serde(serialize_with = "as_text")]
    pub(crate) start: solve::game::UtcTime,
    #[serde(serialize_with = "as_text")]
    pub(crate) ends: solve::game::UtcTime,
    #[serde(serialize_with = "as_text")]
    pub(crate) next: solve::game::UtcTime,
}

fn as_text<S: serde::Serializer>(t: &solve::game::UtcTime, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(t)
}

/// `boggle roll --game G --solve --json`: the round and its solution.
#[derive(Serialize)]
pub(crate) struct GameSolutionJson<'a> {
    #[serde(flatten)]
    pub(crate) round: GameRollJson<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) common: Option<CommonJson>,
    pub(crate) min_len: usize,
    pub(crate) neighbors: Adjacency,
    pub(crate) pack: String,
    pub(crate) score: u64,
    pub(crate) word_count: usize,
    pub(crate) words: &'a [&'a FoundWord],
    pub(crate) wrap: bool,
}

/// `boggle roll --solve --json` (and `boggle solve --roll --json`).
#[derive(Serialize)]
pub(crate) struct RolledSolutionJson<'a> {
    pub(crate) attempts: u32,
    pub(crate) board: &'a str,
    pub(crate) cols: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) common: Option<CommonJson>,
    pub(crate) dice: Option<&'a str>,
    pub(crate) letters: Option<&'a str>,
    pub(crate) min_len: usize,
    pub(crate) neighbors: Adjacency,
    pub(crate) pack: String,
    pub(crate) rows: usize,
    pub(crate) score: u64,
    pub(crate) scoring: &'a str,
    pub(crate) seed: u64,
    pub(crate) shape: &'a str,
    pub(crate) word_count: usize,
    pub(crate) words: &'a [&'a FoundWord],
    pub(crate) wrap: bool,
}

/// A count: a JSON number when it fits in a `u64`, else a string of decimal
/// digits.
pub(crate) struct Count(pub(crate) u128);

impl Serialize for Count {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match u64::try_from(self.0) {
            Ok(n) => s.serialize_u64(n),
            Err(_) => s.serialize_str(&self.0.to_string()),
        }
    }
}

/// `boggle count --json`.
#[derive(Serialize)]
pub(crate) struct CountJson {
    pub(crate) by_length: Vec<Count>,
    pub(crate) cols: usize,
    pub(crate) engine: &'static str,
    pub(crate) max_len: usize,
    pub(crate) neighbors: Adjacency,
    pub(crate) rows: usize,
    pub(crate) total: Count,
    pub(crate) wrap: bool,
}

/// `boggle best --json`.
#[derive(Serialize)]
pub(crate) struct BestJson<'a> {
    pub(crate) best_seconds: f64,
    pub(crate) boards: &'a [Scored],
    pub(crate) cols: usize,
    pub(crate) dice: Option<&'a str>,
    pub(crate) evaluations: u64,
    pub(crate) evaluations_per_second: f64,
    pub(crate) iteration_limit: Option<u64>,
    pub(crate) iterations: u64,
    pub(crate) min_len: usize,
    pub(crate) neighbors: Adjacency,
    pub(crate) pack: String,
    pub(crate) reached_target: bool,
    pub(crate) rows: usize,
    pub(crate) runs: u64,
    pub(crate) scoring: &'a str,
    pub(crate) seconds: f64,
    pub(crate) seed: u64,
    pub(crate) space: &'a str,
    pub(crate) target: Option<u64>,
    pub(crate) threads: usize,
    pub(crate) time_limit: Option<f64>,
    pub(crate) wrap: bool,
    /// Whether SIGINT or SIGTERM stopped the search (the boards are the
    /// best found until then).
    pub(crate) interrupted: bool,
}
