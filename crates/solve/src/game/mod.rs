//! Games as data: Boggle, Big Boggle, Super Big Boggle, Word Hunt, Ruzzle,
//! Wordament, Quick (the table in `games.toml`) and custom ones, each with
//! its size, dice, scoring, minimum length, time, and the bonus cells or
//! special tile a round places.
//!
//! A [`Game`] rolls a [`Round`] from a seed, and every front rolls through
//! it (`boggle roll --game`, Python's `wordgrid.roll(game=...)`, the web
//! page, the room server), so a game and a seed give the same board and the
//! same bonus cells everywhere. All draws come from one [`Rng`] seeded with
//! the round's seed: the board's dice, then its special tile, then its
//! bonus cells; a board with fewer common words than the game asks is
//! rolled again from the same generator, at most [`MAX_ROLLS`] times, and
//! the board with the most common words is kept if none reaches it.

use std::num::NonZeroUsize;
use std::sync::OnceLock;

mod arena;
pub mod catalog;
mod daily;
mod judge;
mod matches;
mod opening;
mod standings;
mod target;

pub use arena::{
    humanly_paced, ArenaRound, TimeError, UtcTime, ARENA_EPOCH, HUMAN_BURST, HUMAN_PACE,
};
pub use catalog::{catalog, Catalog, Choice};
pub use daily::{Day, DayError};
pub use judge::{Found, Judge, Verdict, VerdictKind};
pub use matches::{MATCH_DEFAULT, MATCH_ROUNDS};
pub use opening::OPENING_ROUNDS;
pub use standings::{percentile, Standing, Standings};
pub use target::Counted;

use grid::{Rng, Size};
use prep::frequency::Zipf;
use prep::Pack;
use thiserror::Error;

use crate::board::{Board, FaceRules};
use crate::error::LexiconError;
use crate::random::{RollError, RollSpec, Rolling};
use crate::scoring::{Bonus, Scoring};
use crate::search::{Rules, Solver, Words};
use crate::{RuleError, RuleOptions};

/// How many boards a round rolls at most to find one with enough common
/// words.
pub const MAX_ROLLS: u32 = 40;

/// A game: what a round is played on and how it scores.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// Its short name (`boggle`, `ruzzle`, `custom`).
    pub id: String,
    /// Its name as players know it (`Big Boggle`).
    pub name: String,
    /// The board's size.
    pub size: Size,
    /// The dice set an English pack rolls (other packs roll their own);
    /// `None`: the pack's default dice.
    pub dice: Option<String>,
    /// The scoring scheme.
    pub scoring: Scoring,
    /// The shortest word that counts (`None`: the scheme's and the pack's).
    pub min_len: Option<NonZeroUsize>,
    /// The round's time in seconds.
    pub seconds: u32,
    /// How long an arena round's results show before the next round
    /// starts, in seconds (arena.rs).
    pub arena_results: u32,
    /// The fewest common words a rolled board may have.
    pub min_common: u64,
    /// Bonus cells placed on each board, in the bonus grid's characters
    /// (`ddtDT`: two double letters, a triple letter, a double and a triple
    /// word).
    pub bonus: Option<String>,
    /// A special tile placed on each board, in packs of one language.
    pub special: Option<SpecialTiles>,
}

/// One cell of each board becomes one of these tiles (Wordament's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecialTiles {
    /// The language code of the packs that get one (`en`).
    pub language: String,
    /// The tiles, as faces (`th`, `re-`, `-ing`, `a/e`).
    pub tiles: Vec<String>,
}

/// A game as `games.toml` writes it (build.rs makes the literals).
struct Entry {
    id: &'static str,
    name: &'static str,
    size: &'static str,
    dice: Option<&'static str>,
    scoring: &'static str,
    min_len: Option<usize>,
    seconds: u32,
    arena_results: u32,
    min_common: u64,
    bonus: Option<&'static str>,
    /// The language, and the tiles.
    special: Option<(&'static str, &'static [&'static str])>,
}

/// A game that cannot be had.
#[derive(Debug, Error)]
pub enum GameError {
    /// No game of that name.
    #[error("no game {name:?}: the games are {known}")]
    Unknown {
        /// The name asked for.
        name: String,
        /// The games there are, comma-separated.
        known: String,
    },
    /// The game's rules do not go with the pack.
    #[error(transparent)]
    Rules(#[from] RuleError),
    /// Its boards cannot be rolled from the pack.
    #[error(transparent)]
    Roll(#[from] RollError),
    /// The pack's automaton failed a check while a board was judged.
    #[error(transparent)]
    Lexicon(#[from] LexiconError),
    /// A pack made from the pack (an opening's) did not make.
    #[error(transparent)]
    Pack(#[from] prep::PackError),
    /// The game's rounds in this language roll differently on fewer words
    /// (dice made from the pack's letter frequencies): it has no opening.
    #[error("{game} in {language} rolls its dice from the whole pack's letters: it has no opening rounds")]
    NoOpening {
        /// The game.
        game: String,
        /// The pack's language.
        language: String,
    },
}

/// The built-in games, in the order a menu lists them.
pub fn games() -> &'static [Game] {
    static GAMES: OnceLock<Vec<Game>> = OnceLock::new();
    GAMES.get_or_init(|| {
        const TABLE: &[Entry] = include!(concat!(env!("OUT_DIR"), "/games.rs"));
        TABLE
            .iter()
            .map(|e| Game {
                id: e.id.into(),
                name: e.name.into(),
                size: e.size.parse().expect("games.toml sizes read"),
                dice: e.dice.map(String::from),
                scoring: e.scoring.parse().expect("games.toml schemes are named"),
                min_len: e
                    .min_len
                    .map(|n| NonZeroUsize::new(n).expect("games.toml lengths are 1 or more")),
                seconds: e.seconds,
                arena_results: e.arena_results,
                min_common: e.min_common,
                bonus: e.bonus.map(String::from),
                special: e.special.map(|(language, tiles)| SpecialTiles {
                    language: language.into(),
                    tiles: tiles.iter().map(|&t| t.into()).collect(),
                }),
            })
            .collect()
    })
}

impl Game {
    /// A built-in game by its id (`ruzzle`).
    pub fn named(id: &str) -> Result<Game, GameError> {
        games()
            .iter()
            .find(|g| g.id == id)
            .cloned()
            .ok_or_else(|| GameError::Unknown {
                name: id.to_string(),
                known: games()
                    .iter()
                    .map(|g| g.id.as_str())
                    .chain(["custom"])
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// A custom game: a size and a scheme, the pack's dice, three minutes,
    /// and 4x4 Boggle's minimum of common words in proportion to the area.
    pub fn custom(size: Size, scoring: Scoring) -> Game {
        let min_common = (25 * size.cells() as u64 + 8) / 16;
        Game {
            id: "custom".into(),
            name: "Custom".into(),
            size,
            dice: None,
            scoring,
            min_len: None,
            seconds: 180,
            arena_results: 40,
            min_common,
            bonus: None,
            special: None,
        }
    }

    /// The game's name with its size, time and what sets it apart:
    /// `Big Boggle (5×5, 3 min, 4+ letters)`.
    pub fn label(&self) -> String {
        let time = if self.seconds % 60 == 0 {
            format!("{} min", self.seconds / 60)
        } else {
            format!("{} s", self.seconds)
        };
        let mut label = format!(
            "{} ({}×{}, {time}",
            self.name, self.size.rows, self.size.cols
        );
        let min_len = self
            .min_len
            .map_or(self.scoring.min_len(), NonZeroUsize::get);
        if min_len > 3 {
            label += &format!(", {min_len}+ letters");
        }
        if self.bonus.is_some() {
            label += ", bonus cells";
        }
        if self.special.is_some() {
            label += ", special tiles";
        }
        label + ")"
    }

    /// The rule options a round of this game is solved under (its scheme
    /// and minimum length; the rest as the pack says).
    pub fn rule_options(&self) -> RuleOptions {
        RuleOptions {
            scoring: Some(self.scoring.clone()),
            min_len: self.min_len,
            ..RuleOptions::default()
        }
    }

    /// What a round rolls under `pack`: the game's size, and its dice for
    /// an English pack (the pack's own dice otherwise).
    pub fn roll_spec(&self, pack: &Pack) -> RollSpec {
        let english = pack.recipe().language.code == "en";
        RollSpec {
            dice: self.dice.clone().filter(|_| english),
            letters: None,
            size: Some(self.size),
            shape: None,
        }
    }

    /// Rolls the round for `seed` under `pack` (see the module docs).
    pub fn roll(&self, pack: &Pack, seed: u64) -> Result<Round, GameError> {
        self.roll_with(pack, &self.rule_options(), seed)
    }

    /// Rolls the round for `seed` under `pack`, solved under `options`
    /// (the game's own, with a caller's adjacency, wrap or word line): the
    /// game's bonus cells replace a grid in `options`; a game without them
    /// keeps it.
    pub fn roll_with(
        &self,
        pack: &Pack,
        options: &RuleOptions,
        seed: u64,
    ) -> Result<Round, GameError> {
        let (faces, mut rules) = options.resolve(pack)?;
        let Rolling { roller, .. } = self.roll_spec(pack).resolve(pack, &faces)?;
        rules.fit_bonus(self.size.rows, self.size.cols)?;
        let mut counter = Solver::with_rules(
            pack,
            Rules {
                words: Words {
                    common: Zipf::COMMON,
                    only_common: true,
                },
                bonus: None,
                ..rules.clone()
            },
        )?;
        let special = self
            .special
            .as_ref()
            .filter(|s| s.language == pack.recipe().language.code && !s.tiles.is_empty());
        let mut rng = Rng::new(seed);
        let mut best: Option<(Board, Option<Bonus>, u32, u64)> = None;
        for attempt in 1..=MAX_ROLLS {
            let mut board = roller.roll(&mut rng);
            if let Some(special) = special {
                board = place_special(&board, &special.tiles, &mut rng);
            }
            let bonus = self
                .bonus
                .as_deref()
                .map(|marks| place_bonus(board.rows(), board.cols(), marks, &mut rng));
            // `solve`, not `tally`: one instantiation of the search in the web
            // app's module, not two.
            let common = counter.solve(&board)?.word_count as u64;
            if best.as_ref().map_or(true, |b| common > b.3) {
                best = Some((board, bonus, attempt, common));
            }
            if common >= self.min_common {
                break;
            }
        }
        let (board, bonus, attempts, common_words) = best.expect("at least one roll");
        if bonus.is_some() {
            rules.bonus = bonus;
        }
        Ok(Round {
            board,
            faces,
            rules,
            seed,
            attempts,
            common_words,
        })
    }
}

/// A cell of `board`, drawn from `rng`, made one of `tiles` (also drawn).
fn place_special(board: &Board, tiles: &[String], rng: &mut Rng) -> Board {
    let cells: Vec<usize> = (0..board.len())
        .filter(|&i| board.face(i).is_some())
        .collect();
    let Some(&cell) = cells.get(rng.below(cells.len() as u64) as usize) else {
        return board.clone();
    };
    let tile = &tiles[rng.below(tiles.len() as u64) as usize];
    let faces = (0..board.len())
        .map(|i| match i == cell {
            true => Some(tile.clone()),
            false => board.face(i).map(str::to_string),
        })
        .collect();
    let mut out = Board::new(board.rows(), board.cols(), faces).expect("same shape");
    for i in (0..board.len()).filter(|&i| i != cell) {
        out.set_value(i, board.value(i));
    }
    out
}

/// A bonus grid with `marks` on distinct cells drawn from `rng` (a shuffle
/// of the cells, the first ones taken), the rest plain.
fn place_bonus(rows: usize, cols: usize, marks: &str, rng: &mut Rng) -> Bonus {
    let mut order: Vec<usize> = (0..rows * cols).collect();
    rng.shuffle(&mut order);
    let mut grid = vec!['.'; rows * cols];
    for (&cell, mark) in order.iter().zip(marks.chars()) {
        grid[cell] = mark;
    }
    let text: String = grid.into_iter().collect();
    Bonus::parse_for(&text, rows, cols).expect("the marks of games.toml read (a test checks)")
}

/// A rolled round: its board, with the rules to solve it under (bonus cells
/// included).
#[derive(Clone, Debug)]
pub struct Round {
    /// The board.
    pub board: Board,
    /// How the pack reads and writes its faces.
    pub faces: FaceRules,
    /// The game's rules under the pack, with the round's bonus cells.
    pub rules: Rules,
    /// The seed it was rolled from.
    pub seed: u64,
    /// Which roll from the seed it is (1 for the first).
    pub attempts: u32,
    /// Its common words (every word, in a pack without frequencies).
    pub common_words: u64,
}

impl Round {
    /// The bonus grid as text (`d..T/..../.D../t...`), for a game with
    /// bonus cells.
    pub fn bonus_text(&self) -> Option<String> {
        self.rules.bonus.as_ref().map(ToString::to_string)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packs;

    #[test]
    fn the_table_reads_and_every_game_rolls() {
        let pack = packs::builtin("en").unwrap();
        assert!(games().len() >= 7);
        for game in games() {
            let round = game.roll(&pack, 42).unwrap();
            assert_eq!(
                (round.board.rows(), round.board.cols()),
                (game.size.rows, game.size.cols)
            );
            assert_eq!(
                round.rules.scoring.name(),
                game.scoring.name(),
                "{}",
                game.id
            );
            assert_eq!(round.rules.bonus.is_some(), game.bonus.is_some());
            // The same seed, the same round.
            let again = game.roll(&pack, 42).unwrap();
            assert_eq!(round.board, again.board);
            assert_eq!(round.bonus_text(), again.bonus_text());
            assert!(
                round.common_words >= game.min_common || round.attempts == MAX_ROLLS,
                "{}",
                game.id
            );
        }
    }

    #[test]
    fn ruzzle_places_its_five_bonus_cells_and_wordament_one_special_tile() {
        let pack = packs::builtin("en").unwrap();
        for seed in 0..20 {
            let round = Game::named("ruzzle").unwrap().roll(&pack, seed).unwrap();
            let mut marks: Vec<char> = round
                .bonus_text()
                .unwrap()
                .chars()
                .filter(|c| *c != '.' && *c != '/')
                .collect();
            marks.sort_unstable();
            assert_eq!(marks, ['D', 'T', 'd', 'd', 't']);
            let round = Game::named("wordament").unwrap().roll(&pack, seed).unwrap();
            let tiles = Game::named("wordament").unwrap().special.unwrap().tiles;
            let special = (0..16)
                .filter(|&i| {
                    tiles
                        .iter()
                        .any(|t| Some(t.as_str()) == round.board.face(i) && t != "qu")
                })
                .count();
            // One special tile (a `qu` may also come from the dice).
            assert!(special <= 1);
        }
        // A pack of another language gets no special tile.
        let nl = packs::builtin("nl").unwrap();
        let round = Game::named("wordament").unwrap().roll(&nl, 1).unwrap();
        assert!((0..16).all(|i| round.board.face(i).is_some_and(|f| !f.contains(['-', '/']))));
    }

    #[test]
    fn labels_and_unknown_names() {
        assert_eq!(
            Game::named("big").unwrap().label(),
            "Big Boggle (5×5, 3 min, 4+ letters)"
        );
        assert_eq!(
            Game::named("hunt").unwrap().label(),
            "Word Hunt (4×4, 80 s)"
        );
        let e = Game::named("chess").unwrap_err().to_string();
        assert!(e.contains("ruzzle") && e.contains("custom"), "{e}");
        let custom = Game::custom("5x5".parse().unwrap(), Scoring::ruzzle());
        assert_eq!(custom.min_common, 39);
    }
}
