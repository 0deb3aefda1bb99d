//! The boundary's types: every request the page sends and every answer it
//! reads, as Rust types that serde reads and writes as JSON.
//!
//! The page's TypeScript types are generated from these (ts-rs, in the
//! crate's tests: `cargo test -p boggle-web --lib api_types` with
//! `WEB_API_TYPES` naming the file; `npm run build` in `web/` runs it
//! first), so a field renamed here fails the page's type check instead of
//! reaching a player as `undefined`.

use std::num::NonZeroUsize;

use serde::{Deserialize, Deserializer, Serialize};
pub use solve::game::{Counted, VerdictKind};

#[cfg(test)]
use ts_rs::TS;

/// What the module says of a pack it holds.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct PackInfo {
    /// The id later requests name it by (`en`, or `#N` for a loaded file).
    pub id: String,
    /// The pack's name.
    pub name: String,
    /// Its language's code (`en`, `nl`).
    pub language: String,
    /// How many words it holds.
    pub words: usize,
    /// The shortest word its rules allow.
    pub min_len: usize,
}

/// A pack arriving in pieces: [`pack_begin`](crate::pack_begin) answers
/// it, [`pack_push`](crate::pack_push) gives it a piece, and
/// [`pack_end`](crate::pack_end), asked with it, answers [`PackInfo`].
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(test, derive(TS))]
pub struct PackStream {
    /// Which of the packs arriving it is.
    pub stream: u32,
}

/// Solve a board.
#[derive(Deserialize)]
#[cfg_attr(test, derive(TS), ts(optional_fields))]
pub struct SolveRequest {
    /// The board: rows split by `/`, or one run of letters with `size`.
    pub board: String,
    /// The pack's id.
    pub pack: String,
    /// `all` (king moves, the default) or `no-diag`.
    pub neighbors: Option<String>,
    /// Whether the edges wrap around.
    pub wrap: Option<bool>,
    /// The shortest word that counts (the pack's rule if none).
    #[serde(default, deserialize_with = "min_len")]
    #[cfg_attr(test, ts(as = "Option<usize>"))]
    pub min_len: Option<NonZeroUsize>,
    /// A scoring scheme's name.
    pub scoring: Option<String>,
    /// A bonus grid (`d..T/....`).
    pub bonus: Option<String>,
    /// Whether a `q` reads as `qu`.
    pub qu: Option<bool>,
    /// The board's size (`3x4`): cuts a run of letters into its rows.
    pub size: Option<String>,
    /// Count only words at least this common (a Zipf value; none: every
    /// word, the common ones counted apart at the default line).
    pub min_zipf: Option<f64>,
}

/// One word of a solution.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Word {
    /// The word, in the pack's spelling.
    pub word: String,
    /// Its points.
    pub score: u32,
    /// Its length in letters.
    pub len: usize,
    /// Its cells as (row, col) from 0, first letter first.
    pub path: Vec<[u32; 2]>,
    /// How common the word is (Zipf, to a tenth), when the pack knows.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, as = "Option<f32>"))]
    pub zipf: Option<prep::frequency::Zipf>,
    /// Under the line between common and rare, or not in the frequency list.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(as = "Option<bool>", optional))]
    pub rare: bool,
}

/// Points and a count of words.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Tally {
    /// Total points.
    #[cfg_attr(test, ts(type = "number"))]
    pub score: u64,
    /// How many words.
    #[cfg_attr(test, ts(type = "number"))]
    pub words: u64,
}

/// A solved board.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Solution {
    /// The board as rows split by `/`.
    pub board: String,
    /// Its rows.
    pub rows: usize,
    /// Its columns.
    pub cols: usize,
    /// Each cell's face (`a`, `qu`, `ij`), or null for a blank.
    pub cells: Vec<Option<String>>,
    /// Every word's points.
    #[cfg_attr(test, ts(type = "number"))]
    pub score: u64,
    /// How many words.
    pub word_count: usize,
    /// The words, best first.
    pub words: Vec<Word>,
    /// The common words' points and count (all words, in a pack without
    /// frequencies).
    pub common: Tally,
    /// The line between common and rare (a Zipf value).
    #[cfg_attr(test, ts(as = "f32"))]
    pub common_zipf: prep::frequency::Zipf,
    /// Whether the pack knows how common its words are.
    pub frequencies: bool,
    /// The scoring scheme's name.
    pub scoring: String,
    /// The shortest word that counts.
    pub min_len: usize,
    /// Each cell's letter value under a letter-value scheme, else null.
    pub values: Option<Vec<Option<u32>>>,
    /// Each cell's bonus (`DL`, `TL`, `DW`, `TW`) under a bonus grid, else
    /// null.
    pub bonus: Option<Vec<Option<String>>>,
}

/// Whether a pack holds a word.
#[derive(Deserialize)]
#[cfg_attr(test, derive(TS))]
pub struct ContainsRequest {
    /// The pack's id.
    pub pack: String,
    /// The word, in any case.
    pub word: String,
}

/// Whether a pack holds a word: the answer.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Contains {
    /// The word as looked up (trimmed, lowercased).
    pub word: String,
    /// Whether the pack holds it.
    pub in_pack: bool,
}

/// Roll a board as `boggle roll` does.
#[derive(Deserialize)]
#[cfg_attr(test, derive(TS), ts(optional_fields))]
pub struct RollRequest {
    /// The pack's id.
    pub pack: String,
    /// A dice set's name (the pack's own if none).
    pub dice: Option<String>,
    /// Letters drawn by frequency instead of dice (`uniform`, `english`).
    pub letters: Option<String>,
    /// The board's size (`4x4`).
    pub size: Option<String>,
    /// The seed.
    #[cfg_attr(test, ts(as = "f64"))]
    pub seed: u64,
}

/// A rolled board.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Rolled {
    /// The board as rows split by `/`.
    pub board: String,
    /// The seed it was rolled from.
    #[cfg_attr(test, ts(type = "number"))]
    pub seed: u64,
}

/// The library's games.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Games {
    /// Every game, custom last.
    pub games: Vec<GameInfo>,
}

/// A game, as the library defines it (`solve::game`).
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct GameInfo {
    /// Its id (`ruzzle`).
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its name with size, time and what sets it apart: `Big Boggle (5×5,
    /// 3 min, 4+ letters)`.
    pub label: String,
    /// Its size (`4x4`).
    pub size: String,
    /// A round's time.
    pub seconds: u32,
    /// Its scoring scheme's name.
    pub scoring: String,
    /// The shortest word that counts, where the game sets one.
    pub min_len: Option<usize>,
    /// The fewest common words a rolled board may have.
    #[cfg_attr(test, ts(type = "number"))]
    pub min_common: u64,
    /// Whether its rounds place bonus cells (Ruzzle).
    pub bonus: bool,
    /// Whether its rounds place a special tile (Wordament).
    pub special: bool,
}

/// Roll a game's round for a seed.
#[derive(Deserialize)]
#[cfg_attr(test, derive(TS), ts(optional_fields))]
pub struct RoundRequest {
    /// The pack's id.
    pub pack: String,
    /// The game's id.
    pub game: String,
    /// The seed.
    #[cfg_attr(test, ts(as = "f64"))]
    pub seed: u64,
    /// A custom game's size (`5x5`).
    pub size: Option<String>,
    /// A custom game's scoring scheme.
    pub scoring: Option<String>,
    /// The daily round of this date (`2026-12-01`) instead of `seed`:
    /// the seed `boggle roll --game G --daily DATE` rolls.
    #[serde(default)]
    pub daily: Option<String>,
    /// Round ROUND (from 1) of the match rolled from `seed`: the seed
    /// `boggle roll --game G --seed SEED --match-round ROUND` rolls.
    #[serde(default)]
    pub match_round: Option<u32>,
}

/// A game's round for a seed, as every front rolls it.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct RoundInfo {
    /// The board as rows split by `/`.
    pub board: String,
    /// The bonus grid (`d..T/....`), for a game with bonus cells.
    pub bonus: Option<String>,
    /// The seed.
    #[cfg_attr(test, ts(type = "number"))]
    pub seed: u64,
    /// Which roll from the seed it is (1 for the first).
    pub attempts: u32,
    /// How many common words the board holds.
    #[cfg_attr(test, ts(type = "number"))]
    pub common_words: u64,
    /// The fewest common words the game asks of a board.
    #[cfg_attr(test, ts(type = "number"))]
    pub min_common: u64,
    /// The round's time.
    pub seconds: u32,
    /// The scoring scheme's name.
    pub scoring: String,
    /// The shortest word that counts, where the game sets one.
    pub min_len: Option<usize>,
}

/// What a traced path spells.
#[derive(Deserialize)]
#[cfg_attr(test, derive(TS), ts(optional_fields))]
pub struct SpellRequest {
    /// The pack's id.
    pub pack: String,
    /// The board: rows split by `/`, or one run of letters with `size`.
    pub board: String,
    /// The board's size (`3x4`).
    pub size: Option<String>,
    /// `all` (king moves, the default) or `no-diag`.
    pub neighbors: Option<String>,
    /// Whether the edges wrap around.
    pub wrap: Option<bool>,
    /// The path's cells as (row, col) from 0.
    pub path: Vec<[usize; 2]>,
}

/// What a traced path spells and, if it may not be played, why.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Spelled {
    /// Every reading of the path (more than one over a two-way tile).
    pub words: Vec<String>,
    /// Why the path may not be played, or null.
    pub why: Option<String>,
}

/// A solo round to open ([`play_open`](crate::play_open)): the board and
/// rules of a solve, and which words its target counts.
#[derive(Deserialize)]
#[cfg_attr(test, derive(TS), ts(optional_fields))]
#[serde(deny_unknown_fields)]
pub struct PlayOpen {
    /// The board, the pack and the rules, as a solve takes them.
    pub solve: SolveRequest,
    /// The common words (the default) or all of them.
    pub counted: Option<Counted>,
}

/// An open round: its number for the tries, the board solved, the target
/// the library's rule draws, and which cells a traced path may step
/// between.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct PlayRound {
    /// The round's number, for [`PlayTry`] and [`PlayEnd`].
    pub round: u32,
    /// The board solved: every word with its path, best first.
    pub solution: Solution,
    /// The words the target counts, as indices into the solution's words,
    /// best first.
    pub target: Vec<u32>,
    /// The most the target's words score.
    #[cfg_attr(test, ts(type = "number"))]
    pub max: u64,
    /// For each cell (row-major), the cells next to it under the round's
    /// adjacency and wrap.
    pub neighbors: Vec<Vec<u32>>,
}

/// A try on an open round: a typed `word` or a traced `path`.
#[derive(Debug, Deserialize)]
#[cfg_attr(test, derive(TS), ts(optional_fields))]
#[serde(deny_unknown_fields)]
pub struct PlayTry {
    /// The round's number.
    pub round: u32,
    /// A typed word.
    pub word: Option<String>,
    /// A traced path, (row, col) cells from 0.
    pub path: Option<Vec<[usize; 2]>>,
    /// Judge the try but keep nothing: what it would come to now (a path
    /// still being traced, shown on its tiles before the finger lifts).
    pub peek: Option<bool>,
}

/// What a try came to, judged by `solve::game::Judge`, and the player's
/// round after it.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Tried {
    /// The verdict's kind.
    pub kind: VerdictKind,
    /// The word as judged (the board's spelling for a word it holds).
    pub text: String,
    /// For a new or repeated word, its index in the solution's words.
    pub word: Option<u32>,
    /// Its points, for a new word.
    pub points: u32,
    /// Whether it is a rare find.
    pub rare: bool,
    /// Why it does not count, in words (`too short (3 letters at least)`).
    pub why: Option<String>,
    /// The player's score now.
    #[cfg_attr(test, ts(type = "number"))]
    pub score: u64,
    /// The words found so far.
    pub found: usize,
    /// Of them, those the target counts.
    pub counted: usize,
}

/// The round to end ([`play_end`](crate::play_end)).
#[derive(Debug, Deserialize)]
#[cfg_attr(test, derive(TS))]
#[serde(deny_unknown_fields)]
pub struct PlayEnd {
    /// The round's number.
    pub round: u32,
}

/// A round's end: the target's words not found and the rare ones not
/// found, as indices into the solution's words, best first.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct PlayEnded {
    /// The target's words not found.
    pub missed: Vec<u32>,
    /// The words outside the target not found.
    pub missed_rare: Vec<u32>,
}

/// A failed call's answer: one line.
#[derive(Serialize)]
#[cfg_attr(test, derive(TS))]
pub struct Failure {
    /// What went wrong.
    pub error: String,
}

/// A minimum length, with an error that says what one is.
fn min_len<'de, D: Deserializer<'de>>(d: D) -> Result<Option<NonZeroUsize>, D::Error> {
    let Some(n) = Option::<serde_json::Number>::deserialize(d)? else {
        return Ok(None);
    };
    n.as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .and_then(NonZeroUsize::new)
        .map(Some)
        .ok_or_else(|| {
            serde::de::Error::custom(format!(
                "the minimum length is a whole number from 1 (not {n})"
            ))
        })
}
